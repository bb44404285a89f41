//! `umax reproduce`.

use super::parse_count;
use clap::Args;

/// `umax reproduce`: the 2006 post's match (src/reproduce.rs).
#[derive(Args, Debug)]
#[command(
    mut_arg("out", |a| a.help("Output directory [default: runs/post-2006-TC-bBUDGET-seedSEED]")),
    mut_arg("resume", |a| a.help("Continue the stopped run in its directory (--out, or the default one)")),
    mut_arg("no_progress", |a| a.help("No progress bar (one line per finished game instead)")),
)]
#[command(after_help = "\
The post (Muller, \"self deepening: an improved implementation of IID\", Winboard forum,
24 Apr 2006): sd scored 57.5-42.5 against micro-Max 3.2 at 15 s per game (using 3.6% more
time) and 26.5-23.5 at 60 s (2.8% less). This plays such a match on the node clock, where
every game is a pure function of its inputs (`umax verify-c` replays it with the C), with the
wavering of a real CPU clock: each game's speed factor (sd 0.1, shared by both sides) times
each think's (sd 0.09), fitted from the project's CPU-clock games (results/clock-jitter/).

Examples:
  umax reproduce                      # 100 games at 15 s, seed 1: about 5 minutes on 2 cores
  umax reproduce --seed 7             # another machine
  umax reproduce --tc 60              # the post's 60 s match, 50 games
  umax reproduce --budget 8.1e6       # a slower 2006 machine
  umax reproduce --resume             # continue a stopped run in the same directory")]
pub struct ReproduceArgs {
    /// The post's 15 s match (100 games at 9,000,000 nodes a side) or its 60 s one (50 games
    /// at 36,000,000).
    #[arg(long, value_name = "15|60", default_value_t = 15, value_parser = parse_post_tc)]
    pub tc: u32,
    /// The wavering's seed: pair p draws from SEED + p - 1. Another seed, another machine.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Nodes a side (the 2006 machine's speed times the seconds): default 600,000 nodes/s ×
    /// --tc, the reference speed the project estimated for 2006.
    #[arg(long, value_name = "NODES", value_parser = super::positive_count)]
    pub budget: Option<u64>,
    /// Games (pairs, colours reversed). Default: the post's, 100 at 15 s, 50 at 60 s.
    #[arg(long, value_parser = parse_count)]
    pub games: Option<u64>,
    /// The per-think wavering alone (sd 0.11), without the game factor: to see what the
    /// game factor adds.
    #[arg(long)]
    pub per_think_only: bool,
    /// Worker threads. [default: all cores, fewer if the tables do not fit]
    #[arg(long, value_name = "N")]
    pub concurrency: Option<usize>,
    #[command(flatten)]
    pub run_dir: super::run_dir::RunDirArgs,
}

impl ReproduceArgs {
    pub fn into_options(self) -> umax::reproduce::ReproduceOptions {
        umax::reproduce::ReproduceOptions {
            seconds: self.tc,
            budget: self.budget,
            seed: self.seed,
            games: self.games,
            per_think_only: self.per_think_only,
            out: self.run_dir.out,
            resume: self.run_dir.resume,
            progress: !self.run_dir.no_progress,
            concurrency: self.concurrency,
            command_line: std::env::args().collect(),
        }
    }
}

/// `--tc`: one of the post's two time controls.
fn parse_post_tc(s: &str) -> Result<u32, String> {
    match s.trim() {
        "15" => Ok(15),
        "60" => Ok(60),
        _ => Err(format!("'{s}': the 2006 post played 15 and 60 s per game")),
    }
}
