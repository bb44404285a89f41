//! How the games are played and written: the options `umax match` and `umax tournament` share.

use super::parse_count;
use clap::Args;
use micromax::seam::DEFAULT_HASH_BITS;

/// How the games of a match or of a tournament's pairings are played and written.
#[derive(Args, Debug)]
#[command(
    mut_arg("out", |a| a.help("Output directory (must be new or empty, unless --resume) [default: runs/<UTC timestamp>-<budget>]")),
    mut_arg("resume", |a| a.requires("out").help("Continue the stopped run in --out DIR from its games.csv (same settings required). A match may grow: a larger --games plays the games it adds (a smaller one is refused). A tournament may grow: builds added at the end of --builds get their pairings played")),
    mut_arg("no_progress", |a| a.help("No progress bar (one line per finished game instead)")),
)]
pub struct RunArgs {
    /// Node budget per think: the root starts another iteration only while fewer nodes were
    /// searched (the 3.2 rule with N for 1e7). Deterministic. [default: 100000]
    #[arg(long, conflicts_with = "tc", value_parser = parse_count)]
    pub nodes: Option<u64>,
    /// A clock of CPU seconds per side per game: SECONDS (sudden death) or SECONDS+INC (INC
    /// added after each of a side's moves). A build's move may use remaining/30 + INC (at most
    /// half of what is left): its root starts no new iteration after that; an external engine
    /// manages its own time (it is told both clocks) and is charged its process's CPU seconds.
    /// A side whose clock goes below zero loses on time.
    #[arg(long, value_name = "SECONDS[+INC]")]
    pub tc: Option<umax::budget::TimeControl>,
    /// An engine of its own process, as cutechess-cli defines one: `--engine name=sf1500
    /// cmd=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=1500`; keys
    /// name (required: name it in --builds), cmd (required), proto (uci, the default, or
    /// xboard), option.NAME=VALUE, arg (an argument of cmd, repeatable), dir (its working
    /// directory), timeout (seconds for its handshake and for a think without a clock,
    /// default 10 and 60), margin (seconds past its clock before a silent engine has stalled,
    /// default 1). Repeat --engine for several.
    #[arg(long, value_name = "KEY=VALUE", num_args = 1.., action = clap::ArgAction::Append)]
    pub engine: Vec<String>,
    /// `--engine`'s words, one list an occurrence (filled from the matches by
    /// [`RunArgs::group_engines`]: the derive flattens them).
    #[arg(skip)]
    pub engines: Vec<Vec<String>>,
    /// Calibrated clock (OpenBench-style): before the first game, measure this machine's speed
    /// (bench positions, all worker threads searching at once, CPU time) and scale --tc by
    /// REF / measured, so a game gets the nodes it would get on the reference machine. REF:
    /// `2006` (micro-Max 3.2 on a 2006 desktop core, an estimate: results/calibration/) or a
    /// speed in nodes/s. The settings carry --tc and REF (shards of different machines merge);
    /// each row records the measured speed, factor and clock.
    #[arg(long, value_name = "REF", requires = "tc", value_parser = umax::matchrun::calibrate::TcScale::parse)]
    pub tc_scale: Option<umax::matchrun::calibrate::TcScale>,
    /// With --tc-scale: this machine's speed in nodes/s, given instead of measured (recorded
    /// as given), e.g. a figure measured once for a cluster node.
    #[arg(long, value_name = "NPS", requires = "tc_scale")]
    pub tc_speed: Option<f64>,
    /// Which clock --tc runs on. `cpu` (the default): the engine thread's CPU seconds. `nodes`:
    /// the node clock, time counted in nodes at the reference speed of --tc-scale (needed):
    /// each side has SECONDS x REF nodes (15 s at 2006's 600,000 nodes/s: 9,000,000), each think
    /// may start iterations while N < left/30, the side's clock drops by the think's N, and a
    /// side at or below 0 loses on time. A game is then a pure function of builds, opening and
    /// budget, and `umax verify-c` replays it with the C. Recorded as node_clock=NODES.
    #[arg(long, value_name = "cpu|nodes", default_value = "cpu", value_parser = ["cpu", "nodes"])]
    pub clock: String,
    /// The node clock given in nodes a side (instead of --clock nodes --tc S --tc-scale REF).
    #[arg(long, value_name = "NODES", conflicts_with_all = ["nodes", "tc"], value_parser = parse_count)]
    pub tc_nodes: Option<u64>,
    /// Node clock budget sweep: pair p plays at NODES + (p-1) x STEP nodes a side (one match
    /// maps an interval of budgets, a game pair each). Recorded as node_clock_step=STEP.
    #[arg(long, value_name = "STEP", value_parser = parse_count)]
    pub tc_nodes_step: Option<u64>,
    /// Node clock only: a machine whose speed wavers, seeded. Each think draws e, normal with
    /// standard deviation SIGMA (a fraction: 0.02 is 2%), clipped to +-3 SIGMA; its limit is
    /// divided by its factor (1+d) x (1+e) (d: --game-jitter's) and the clock charged N times
    /// it. Pair p draws from seed --jitter-seed + p - 1, each colour its own stream. Recorded as
    /// clock_jitter=SIGMA;jitter_seed=SEED. A CPU clock's, fitted: --clock-jitter 0.09
    /// --game-jitter 0.1 (results/clock-jitter/wavering.md).
    #[arg(long, value_name = "SIGMA")]
    pub clock_jitter: Option<f64>,
    /// Node clock only: each game draws d, normal with standard deviation SIGMA, clipped to
    /// +-3 SIGMA, once for both sides (on a CPU clock the two sides of a game waver together):
    /// the whole game is played as if the budget were divided by 1+d. Recorded as
    /// game_jitter=SIGMA.
    #[arg(long, value_name = "SIGMA")]
    pub game_jitter: Option<f64>,
    /// Seed of pair 1's wavering (with --clock-jitter or --game-jitter).
    #[arg(long, value_name = "SEED")]
    pub jitter_seed: Option<u64>,
    /// Adjudicate a draw after this many plies (opening included).
    #[arg(long, default_value_t = umax::matchrun::options::DEFAULT_MAX_PLIES)]
    pub max_plies: u32,
    /// Hash table of 2^BITS+8 entries per engine (24: the published 16777224). Every worker
    /// thread holds two engines (201 MB each at --hash-bits 24: 12 bytes per entry).
    #[arg(long, default_value_t = DEFAULT_HASH_BITS, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
    /// Clear the whole hash table at every clear (each move fed in and each think: the C clears
    /// on every input line; ~37 ms at 24 bits), instead of only the entries written since the
    /// last clear: the same games at --nodes,
    /// only slower. For throughput comparisons (scripts/match-throughput.sh). With --tc the
    /// clearing counts against the clock, so it is recorded in the settings.
    #[arg(long)]
    pub full_clear: bool,
    /// With --tc: also cut a think inside its iteration once it has used twice its share of
    /// the clock (2 x remaining/30, at most remaining/4, CPU), and play the move of its last
    /// completed iteration (as `umax uci` does at its hard limit). Not micro-Max, whose
    /// iterations run to their end and can lose on time: a different condition, recorded in
    /// the settings (hard_deadline=1); each cut think is marked `cut` in the PGN comment.
    #[arg(long, requires = "tc")]
    pub hard_deadline: bool,
    /// Openings: one per line as UCI moves from the initial position ('#' lines and blank
    /// lines skipped), or a PGN file (main lines, FEN tags honoured). FEN/EPD lines are
    /// accepted for the Rust engines only (the C original has no counterpart). Default: the
    /// built-in suite.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<std::path::PathBuf>,
    /// Worker threads; each holds two engines (201 MB each at --hash-bits 24). Checked against
    /// the available memory before anything is allocated. [default: all cores, fewer if their
    /// tables do not fit]
    #[arg(long, value_name = "N")]
    pub concurrency: Option<usize>,
    /// Play only pairs p with (p-1) % N == K-1; games keep their global numbers, so the
    /// games.csv of all shards together make the whole run (a tournament's shards merge
    /// with `tournament --merge`).
    #[arg(long, value_name = "K/N", value_parser = clap::value_parser!(umax::matchrun::Shard))]
    pub shard: Option<umax::matchrun::Shard>,
    #[command(flatten)]
    pub run_dir: super::run_dir::RunDirArgs,
}

impl RunArgs {
    /// Groups `--engine`'s words by occurrence from the subcommand's matches.
    pub fn group_engines(&mut self, matches: &clap::ArgMatches) {
        self.engines = super::group_engines(matches);
    }

    /// The node clock the options ask for, if any (refusing combinations clap cannot).
    fn node_clock(&self) -> Result<Option<umax::nodeclock::NodeClock>, String> {
        let budget = match (self.clock.as_str(), self.tc_nodes, self.tc, &self.tc_scale) {
            ("cpu", None, ..) => {
                if self.tc_nodes_step.is_some()
                    || self.clock_jitter.is_some()
                    || self.game_jitter.is_some()
                    || self.jitter_seed.is_some()
                {
                    return Err(
                        "--tc-nodes-step, --clock-jitter, --game-jitter and --jitter-seed are the node clock's: give --clock nodes (with --tc and --tc-scale) or --tc-nodes"
                            .into(),
                    );
                }
                return Ok(None);
            }
            (_, Some(n), ..) => n,
            (_, None, Some(t), Some(scale)) => {
                if t.increment != 0.0 {
                    return Err(format!(
                        "--clock nodes: --tc {t} has an increment; the node clock is sudden death"
                    ));
                }
                let s = t.base;
                if self.tc_speed.is_some() {
                    return Err(
                        "--tc-speed is the CPU clock's: the node clock measures no machine".into(),
                    );
                }
                let b = s * scale.ref_nps;
                if !(b.is_finite() && b >= 1.0) {
                    return Err(format!(
                        "--clock nodes: --tc {s} at {} nodes/s is no node at all",
                        scale.ref_nps
                    ));
                }
                b.round() as u64
            }
            (_, None, None, _) => {
                return Err(
                    "--clock nodes needs --tc SECONDS and --tc-scale REF (or --tc-nodes NODES)"
                        .into(),
                );
            }
            (_, None, Some(_), None) => {
                return Err("--clock nodes needs --tc-scale REF: the node clock counts SECONDS x REF nodes a side (e.g. --tc-scale 2006: 600,000 nodes/s)".into());
            }
        };
        if self.jitter_seed.is_some() && self.clock_jitter.is_none() && self.game_jitter.is_none() {
            return Err(
                "--jitter-seed seeds a wavering clock: give --clock-jitter or --game-jitter too"
                    .into(),
            );
        }
        Ok(Some(umax::nodeclock::NodeClock {
            budget,
            step: self.tc_nodes_step.unwrap_or(0),
            jitter: (self.clock_jitter.is_some() || self.game_jitter.is_some()).then(|| {
                umax::nodeclock::Jitter {
                    sigma: self.clock_jitter.unwrap_or(0.0),
                    game_sigma: self.game_jitter.unwrap_or(0.0),
                    seed: self.jitter_seed.unwrap_or(1),
                }
            }),
        }))
    }

    /// The options of a match with these settings (builds, games and SPRT at their defaults).
    pub fn into_options(self) -> Result<umax::matchrun::MatchOptions, String> {
        use umax::matchrun::{Budget, MatchOptions, OpeningsSource};
        let node_clock = self.node_clock()?;
        let mut o = MatchOptions::new(self.run_dir.out.clone());
        o.budget = match (node_clock, self.tc) {
            (Some(c), _) => Budget::NodeClock(c),
            (None, Some(t)) => Budget::Time(t),
            (None, None) => {
                Budget::Nodes(self.nodes.unwrap_or(umax::matchrun::options::DEFAULT_NODES))
            }
        };
        o.max_plies = self.max_plies;
        o.hash_bits = self.hash_bits;
        o.full_clear = self.full_clear;
        o.hard_deadline = self.hard_deadline;
        if let Some(path) = self.openings {
            o.openings = OpeningsSource::File(path);
        }
        if let Some(n) = self.concurrency {
            o.concurrency = n;
            o.concurrency_is_default = false;
        }
        if let Some(s) = self.shard {
            o.shard = s;
        }
        o.resume = self.run_dir.resume;
        o.progress = !self.run_dir.no_progress;
        if !matches!(o.budget, Budget::NodeClock(_)) {
            // the node clock took the reference speed into its budget
            o.tc_scale = self.tc_scale;
            o.tc_speed = self.tc_speed;
        }
        o.engines = umax::pairing::engine_specs(&self.engines)?;
        o.command_line = std::env::args().collect();
        Ok(o)
    }
}
