//! `umax judge`.

use super::{node_limit, positive_count};
use clap::Args;
use micromax::seam::DEFAULT_HASH_BITS;

#[derive(Args, Debug)]
#[command(
    mut_arg("out", |a| a.required(true)),
    mut_arg("no_progress", |a| a.help("No progress bar, and no line per finished position (printed instead of the bar when stderr is not a terminal)")),
)]
#[command(after_help = "\
Games mode (--games CSV...): for every pair whose two games differ, the first ply where they
part: the same position, the base build's move in one game, the test build's in the other. Positions mode
(--positions FILE): `name<TAB>uci moves` lines (as `umax bench --positions` and
scripts/positions-from-games.py write them), UCI moves, or FEN/EPD lines; positions reached by
moves are entered move by move as the C's main loop would, then each build thinks once.

The judge scores the position after each move with `ucinewgame`, `position ... moves M`,
`go nodes N` (or `go depth D`), one thread and a fixed hash (reproducible); its last score before `bestmove` is
negated to the mover's view; a mate in p plies is 10000-p. A move that mates is 10000, one
that stalemates 0, without the judge. Summary: mean of TEST_cp - BASE_cp with scores clipped to
+/-1000 and its 95% interval (also unclipped, and the median), shares better/equal/worse
within --margin.

A judge that dies or hangs (--judge-timeout) is restarted once and asked again; a second
failure stops the run. Finished rows are on disk: --resume continues.")]
pub struct JudgeArgs {
    /// games.csv files of one match (shards are merged).
    #[arg(long, num_args = 1.., value_name = "CSV", required_unless_present = "positions", conflicts_with = "positions")]
    pub games: Vec<std::path::PathBuf>,
    /// A positions file (positions mode).
    #[arg(long, value_name = "FILE")]
    pub positions: Option<std::path::PathBuf>,
    /// Positions mode: the two players that think, BASE,TEST: builds, or engines named by
    /// --engine (games mode reads them from the games' settings). [default: the default pairing]
    #[arg(long, value_name = "BASE,TEST", requires = "positions")]
    pub builds: Option<String>,
    /// Positions mode: an engine of its own process in a player's seat, as `umax match
    /// --engine` defines one (name=N cmd=PROGRAM [proto=uci|xboard] [option.NAME=VALUE]...);
    /// repeat for several.
    #[arg(long, value_name = "KEY=VALUE", num_args = 1.., action = clap::ArgAction::Append, requires = "positions")]
    pub engine: Vec<String>,
    /// `--engine`'s words, one list an occurrence (filled from the matches).
    #[arg(skip)]
    pub engines: Vec<Vec<String>>,
    /// Positions mode: node budget of each build's think (the 3.2 root rule with N for 1e7).
    #[arg(long, value_parser = node_limit, conflicts_with = "seconds", requires = "positions")]
    pub nodes: Option<u64>,
    /// Positions mode: each think is the first move of a side with NODES on the node clock
    /// (`umax match --tc-nodes NODES`): the root rule with NODES/30 for 1e7. Deterministic.
    #[arg(long, value_name = "NODES", value_parser = positive_count, conflicts_with_all = ["seconds", "nodes"], requires = "positions")]
    pub tc_nodes: Option<u64>,
    /// Positions mode: CPU seconds per think instead (the root starts no iteration after
    /// that; not reproducible). For a sudden-death clock of T seconds, the first move's share
    /// is T/30.
    #[arg(long, requires = "positions")]
    pub seconds: Option<f64>,
    /// Positions mode: hash table of 2^BITS+8 entries per build (24: the published size).
    #[arg(long, default_value_t = DEFAULT_HASH_BITS, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
    /// The judge: any UCI engine.
    #[arg(long, default_value = "/usr/games/stockfish", value_name = "PATH")]
    pub judge: std::path::PathBuf,
    /// An argument for the judge's command line (repeat for several).
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    pub judge_arg: Vec<String>,
    /// The judge's budget per position: `go nodes N`.
    #[arg(long, default_value_t = 200_000, value_parser = positive_count)]
    pub judge_nodes: u64,
    /// The judge's budget as a depth instead: `go depth D`.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100), conflicts_with = "judge_nodes")]
    pub judge_depth: Option<u32>,
    /// A UCI option of the judge, NAME=VALUE as `--engine`'s option.NAME=VALUE (repeat for
    /// several): `setoption name NAME value VALUE` after Hash and Threads. An option it does not
    /// declare refuses the run.
    #[arg(long, value_name = "NAME=VALUE")]
    pub judge_option: Vec<String>,
    /// The judge's hash (MB).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub judge_hash: u32,
    /// Seconds to wait for any answer of the judge before taking it for hung.
    #[arg(long, default_value_t = 120.0)]
    pub judge_timeout: f64,
    /// |TEST_cp - BASE_cp| (the two builds' moves' scores) at most this many centipawns
    /// counts as equal.
    #[arg(long, default_value_t = 10)]
    pub margin: i32,
    #[command(flatten)]
    pub run_dir: super::run_dir::RunDirArgs,
    /// Worker threads, each with its own judge process. [default: all cores]
    #[arg(long, value_name = "N")]
    pub concurrency: Option<usize>,
    /// Only write summary.txt, judge-summary.csv and histogram.svg from the rows already in
    /// --out (a stopped or running run), judging nothing.
    #[arg(long, conflicts_with = "resume")]
    pub summary_only: bool,
}

impl JudgeArgs {
    pub fn into_options(self) -> Result<umax::judge::JudgeOptions, String> {
        use umax::budget::Budget;
        use umax::judge::{JudgeOptions, Source, uci_client::JudgeSpec};
        let source = match self.positions {
            Some(file) => Source::Positions {
                file,
                budget: match self.seconds {
                    Some(s) if s > 0.0 && s <= 86_400.0 => Budget::MoveSeconds(s),
                    Some(s) => {
                        return Err(format!(
                            "--seconds {}: must be positive, at most 86400 (a day)",
                            umax::text::number(s)
                        ));
                    }
                    None => match self.tc_nodes {
                        Some(b) => Budget::NodeClock(umax::nodeclock::NodeClock::new(b)),
                        None => Budget::Nodes(self.nodes.unwrap_or(100_000)),
                    },
                },
                hash_bits: self.hash_bits,
            },
            None => Source::Games(self.games),
        };
        if !(self.judge_timeout > 0.0 && self.judge_timeout <= 86_400.0) {
            return Err(format!(
                "--judge-timeout {}: must be positive, at most 86400 seconds (a day)",
                umax::text::number(self.judge_timeout)
            ));
        }
        Ok(JudgeOptions {
            source,
            builds: {
                let engines = umax::pairing::engine_specs(&self.engines)?;
                match &self.builds {
                    Some(b) => umax::pairing::Pairing::resolve(b, &engines)?,
                    None => umax::pairing::Pairing::default(),
                }
            },
            judge: JudgeSpec {
                path: self.judge,
                args: self.judge_arg,
                nodes: self.judge_nodes,
                depth: self.judge_depth,
                hash_mb: self.judge_hash,
                options: self
                    .judge_option
                    .iter()
                    .map(|o| {
                        o.split_once('=')
                            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                            .filter(|(k, _)| !k.is_empty())
                            .ok_or_else(|| format!("--judge-option {o}: not NAME=VALUE"))
                    })
                    .collect::<Result<_, _>>()?,
                timeout: std::time::Duration::from_secs_f64(self.judge_timeout),
            },
            out: self
                .run_dir
                .out
                .ok_or("umax judge: --out DIR is required")?,
            resume: self.run_dir.resume,
            concurrency: self
                .concurrency
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            progress: !self.run_dir.no_progress,
            margin: self.margin,
            summary_only: self.summary_only,
            command_line: std::env::args().collect(),
        })
    }
}
