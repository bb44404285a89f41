//! `umax match`.

use super::run::RunArgs;
use super::{catalogue, parse_count};
use clap::Args;

/// `umax match` (options are documented in `--help`; see src/matchrun/mod.rs).
#[derive(Args, Debug)]
#[command(after_help = "\
Schedule: pair p plays opening p (the suite in order, wrapping around); game 2p-1 has BASE as
White, game 2p has TEST as White (--builds BASE,TEST; old and sd by default). Each side is an engine driven as its C process would be (fresh
per game, opening and opponent moves entered, own moves thought), so at a node budget every
game can be replayed move for move by the C original.

Output (--out DIR): games.csv (one row per game, written as each game ends), games.pgn,
command.txt; at the end summary.csv and SVG plots (exactly what `umax report` makes of
games.csv). Ctrl-C keeps every finished game; --resume continues the run.

Terminations: checkmate, stalemate, threefold, fifty_moves, insufficient_material, max_plies
(draw by adjudication), time_forfeit, time_forfeit_insufficient_material (draw); and losses of
the side at fault: no_move (3.2 offers a8a8 when every move loses at once), hash_root (3.2's
root answered from the hash offers the last move fed in again), illegal_move,
engine_rejected_move and engine_panic (errors: the game ends, the match goes on); an engine of
its own process (--engine): engine_start, engine_crash, engine_stall (a forfeit; its process is
started anew for the next game) and resignation.")]
pub struct MatchArgs {
    #[arg(long, value_name = "BASE,TEST", default_value = "old,sd",
          help = format!("The two players, BASE,TEST: builds of `umax builds` ({}) or engines \
                          named by --engine; the score, Elo and ratios are TEST's (games.csv \
                          names its columns after them: sd_score, old_nodes, ...)", catalogue()))]
    pub builds: String,
    /// Games in the whole match (all shards). Odd numbers are rounded up to whole pairs.
    #[arg(long, default_value_t = umax::matchrun::options::DEFAULT_GAMES, value_parser = parse_count)]
    pub games: u64,
    /// Stop when a sequential probability ratio test decides: ELO0,ELO1,ALPHA,BETA (logistic
    /// Elo of TEST over BASE, e.g. 0,10,0.05,0.05). LLR: the normal approximation over
    /// pentanomial pair counts (trinomial before the first complete pair); see `umax::stats`.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = umax::stats::Sprt::parse)]
    pub sprt: Option<umax::stats::Sprt>,
    #[command(flatten)]
    pub run: RunArgs,
}

impl MatchArgs {
    pub fn into_options(self) -> Result<umax::matchrun::MatchOptions, String> {
        let mut o = self.run.into_options()?;
        o.builds = umax::pairing::Pairing::resolve(&self.builds, &o.engines)?;
        o.games = self.games;
        o.sprt = self.sprt;
        Ok(o)
    }
}
