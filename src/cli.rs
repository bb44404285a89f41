//! Command-line arguments (clap). Turned into plain option structs for the rest of the code.

use clap::{Args, Parser, Subcommand};
use umax::builds::Build;
use umax::engine::{DEFAULT_HASH_BITS, DEFAULT_NODE_LIMIT};

#[derive(Parser, Debug)]
#[command(
    name = "umax",
    // the package version and the commit the binary was built from (build.rs)
    version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("UMAX_BUILD_COMMIT"), ", ", env!("UMAX_BUILD_KIND"), ")"),
    about = "micro-Max 3.2, ported faithfully to Rust, with a self-deepening build and a research harness"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// The C program's console: prints the board, reads a line; an empty line makes it think and
    /// play, a move like e2e4 is played if legal. Output is byte-identical to the C's.
    Play(PlayArgs),
    /// Search a fixed suite of positions: nodes per position, nodes/second and the build's
    /// signature line `bench: <total nodes>`; with --depth, nodes per root depth for each build.
    Bench(BenchArgs),
    /// Summarize a match from its games.csv (one file or several shards): score, Elo, LOS,
    /// pentanomial, time and node ratios, identical pairs, terminations. Writes summary.csv
    /// and SVG plots.
    Report(ReportArgs),
    /// Generate an opening suite (as openings/default.txt): seeded random legal lines that
    /// micro-Max accepts, unique, kept when a short micro-Max search finds them balanced.
    Openings(OpeningsArgs),
    /// Self-play match of two builds of the catalogue (old against sd by default): game pairs with colours
    /// reversed, refereed by shakmaty, written to games.csv / games.pgn in an output directory.
    Match(MatchArgs),
    /// A round robin (or gauntlet) of builds: every pairing a match directory DIR/BASE-TEST,
    /// played as paired games with colours reversed, pairings interleaved; then ratings
    /// (Bradley-Terry with draws, anchored at old, or at the first build when old is not
    /// among them), cross table and plots.
    Tournament(TournamentArgs),
    /// Speak UCI on standard input/output, for GUIs and match tools (cutechess-cli, fastchess,
    /// Arena, python-chess). See docs/reference.md (`umax uci`) for `stop` and time handling.
    Uci(UciArgs),
    /// Replay the games of a games.csv (played at --nodes) with two processes of the
    /// instrumented C original: every move, each side's node total and depth must be the
    /// row's. Make the C builds with `scripts/build-original.sh --nodes N --hash-bits B`.
    VerifyC(VerifyCArgs),
    /// Where two builds choose different moves, a strong UCI engine judges both: the first
    /// divergence of every pair of a games.csv (--games), or both builds thinking on positions
    /// (--positions). Writes divergences.csv, summary.txt, judge-summary.csv, histogram.svg.
    Judge(JudgeArgs),
    /// Where the nodes of a root iteration go: for positions (reached by moves from the initial
    /// position) and builds, the nodes of the think's last root iteration counted by ply,
    /// requested depth n, iteration depth d, ultimate depth, iterations short of / at / past n,
    /// outcome, and how each node found the hash table. Writes anatomy.csv and anatomy.txt.
    Anatomy(AnatomyArgs),
    /// Put back the rows a stopped run saved when a file of its run directory was replaced,
    /// truncated or deleted underneath it (DIR/games.csv.recovered, games.pgn.recovered; a
    /// tournament's pairing directories too): merged by game number with what the directory
    /// holds now. Then continue the run with --resume.
    Recover(RecoverArgs),
    /// List the builds (named variants of the search; src/builds.rs): name, what it is,
    /// whether it is experimental and whether the C original has a twin of it.
    Builds(BuildsArgs),
}

#[derive(Args, Debug)]
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
    /// Positions mode: the two builds that think, BASE,TEST (games mode reads them from the
    /// games' settings). [default: the default pairing]
    #[arg(long, value_name = "BASE,TEST", value_parser = parse_pairing, requires = "positions")]
    pub builds: Option<umax::builds::Pairing>,
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
    /// Output directory (must be new or empty, unless --resume).
    #[arg(long, value_name = "DIR")]
    pub out: std::path::PathBuf,
    /// Continue the stopped run in --out DIR (same settings required).
    #[arg(long)]
    pub resume: bool,
    /// Worker threads, each with its own judge process. [default: all cores]
    #[arg(long, value_name = "N")]
    pub concurrency: Option<usize>,
    /// No progress bar, and no line per finished position (printed instead of the bar when
    /// stderr is not a terminal).
    #[arg(long)]
    pub no_progress: bool,
    /// Only write summary.txt, judge-summary.csv and histogram.svg from the rows already in
    /// --out (a stopped or running run), judging nothing.
    #[arg(long, conflicts_with = "resume")]
    pub summary_only: bool,
}

impl JudgeArgs {
    pub fn into_options(self) -> Result<umax::judge::JudgeOptions, String> {
        use umax::judge::{JudgeOptions, Source, think::ThinkBudget, uci_client::JudgeSpec};
        let source = match self.positions {
            Some(file) => Source::Positions {
                file,
                budget: match self.seconds {
                    Some(s) if s > 0.0 && s <= 86_400.0 => ThinkBudget::Seconds(s),
                    Some(s) => {
                        return Err(format!(
                            "--seconds {}: must be positive, at most 86400 (a day)",
                            umax::text::number(s)
                        ));
                    }
                    None => match self.tc_nodes {
                        Some(b) => ThinkBudget::NodeClock(b),
                        None => ThinkBudget::Nodes(self.nodes.unwrap_or(100_000)),
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
            builds: self.builds.unwrap_or_default(),
            judge: JudgeSpec {
                path: self.judge,
                args: self.judge_arg,
                nodes: self.judge_nodes,
                depth: self.judge_depth,
                hash_mb: self.judge_hash,
                timeout: std::time::Duration::from_secs_f64(self.judge_timeout),
            },
            out: self.out,
            resume: self.resume,
            concurrency: self
                .concurrency
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            progress: !self.no_progress,
            margin: self.margin,
            summary_only: self.summary_only,
            command_line: std::env::args().collect(),
        })
    }
}

#[derive(Args, Debug)]
pub struct RecoverArgs {
    /// The run (or tournament) directory.
    #[arg(value_name = "DIR")]
    pub dir: std::path::PathBuf,
}

#[derive(Args, Debug)]
pub struct VerifyCArgs {
    /// games.csv files of one match (shards are merged).
    #[arg(required = true, value_name = "CSV")]
    pub csv: Vec<std::path::PathBuf>,
    /// The instrumented C twin of a build the games need, BUILD=PATH (repeatable):
    /// target/original/mm-BUILD-trace-nN-uB from scripts/build-original.sh --build BUILD.
    #[arg(long, value_name = "BUILD=PATH", value_parser = parse_c_twin)]
    pub c: Vec<(Build, std::path::PathBuf)>,
    /// The same as --c B=PATH for the default pairing's base build (older scripts' spelling).
    #[arg(long, value_name = "PATH")]
    pub c_old: Option<std::path::PathBuf>,
    /// The same as --c B=PATH for the default pairing's test build (older scripts' spelling).
    #[arg(long, value_name = "PATH")]
    pub c_sd: Option<std::path::PathBuf>,
    /// Replay only the first N games (in game order).
    #[arg(long, value_name = "N", value_parser = parse_count_usize)]
    pub first: Option<usize>,
}

#[derive(Args, Debug)]
pub struct UciArgs {
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// The builds of the catalogue, by name (`umax builds` says what each is).
fn catalogue() -> String {
    umax::builds::ALL
        .iter()
        .map(|b| b.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Options shared by everything that runs an engine.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    #[arg(long, default_value = umax::builds::DEFAULT_BUILD, value_parser = parse_build,
          help = format!("Which search: a build of `umax builds` ({})", catalogue()))]
    pub build: Build,
    /// Hash table of 2^BITS+8 entries (24 is the published 16777224; smaller only to match a
    /// C twin built with scripts/build-original.sh --hash-bits BITS).
    #[arg(long, default_value_t = DEFAULT_HASH_BITS, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Node limit of a think (the C's 1e7): the root starts another iteration only while fewer
    /// nodes were searched.
    #[arg(long, default_value_t = DEFAULT_NODE_LIMIT as u64, value_parser = node_limit)]
    pub nodes: u64,
    /// Print one line per root iteration, exactly as the instrumented C does.
    #[arg(long)]
    pub trace: bool,
    /// Clear the whole hash table after every line, as the C does (same output, slower; for
    /// measuring what the C's clearing costs). By default only the entries written are cleared.
    #[arg(long)]
    pub full_clear: bool,
}

/// A count in plain or the C's scientific notation (`100000`, `1e5`, `2.5e5`).
pub fn parse_count(s: &str) -> Result<u64, String> {
    umax::text::parse_count(s)
}

/// [`parse_count`] for counts held in a `usize`.
pub fn parse_count_usize(s: &str) -> Result<usize, String> {
    let n = parse_count(s)?;
    usize::try_from(n).map_err(|_| format!("{n} is too large (at most {})", usize::MAX))
}

/// An opening suite's size: 1 to a million lines.
pub fn opening_count(s: &str) -> Result<usize, String> {
    let n = parse_count_usize(s)?;
    if !(1..=1_000_000).contains(&n) {
        return Err(format!(
            "{n}: an opening suite holds 1 to 1000000 (1e6) lines"
        ));
    }
    Ok(n)
}

/// Bootstrap resamples: 0 (no intervals) to a million (each holds a rating per build).
pub fn resamples(s: &str) -> Result<usize, String> {
    let n = parse_count_usize(s)?;
    if n > 1_000_000 {
        return Err(format!("{n} is too many: at most 1000000 (1e6)"));
    }
    Ok(n)
}

/// A count of at least 1 (`1e5` allowed, as everywhere a count is taken).
pub fn positive_count(s: &str) -> Result<u64, String> {
    let n = parse_count(s)?;
    if n == 0 {
        return Err("must be at least 1".to_string());
    }
    Ok(n)
}

/// The node limit of a think: a count from 1 to 2e9 (the C's node counter is an `int`).
pub fn node_limit(s: &str) -> Result<u64, String> {
    let n = parse_count(s)?;
    if !(1..=umax::matchrun::options::MAX_NODES).contains(&n) {
        return Err(format!(
            "{n} is out of range: a node limit is 1 to {} (2e9)",
            umax::matchrun::options::MAX_NODES
        ));
    }
    Ok(n)
}

pub fn parse_build(s: &str) -> Result<Build, String> {
    s.parse()
}

/// The builds `bench --build` searches with.
#[derive(Clone, Debug)]
pub struct BenchBuilds(pub Vec<Build>);

/// `--build` of `bench`: a build's name, a list (`old,sd,iidr2`: ratios to the first), `all`
/// (every build) or `both` (the default pairing, base then test: the committed runs' name).
pub fn parse_bench_builds(s: &str) -> Result<BenchBuilds, String> {
    let list: Vec<Build> = match s {
        "both" => {
            let p = umax::builds::Pairing::default();
            vec![p.base, p.test]
        }
        "all" => umax::builds::ALL.to_vec(),
        _ => s
            .split(',')
            .map(|b| b.trim().parse::<Build>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{e}; or a list, or all"))?,
    };
    for (i, b) in list.iter().enumerate() {
        if list[..i].contains(b) {
            return Err(format!("'{s}': {b} is named twice"));
        }
    }
    Ok(BenchBuilds(list))
}

pub fn parse_pairing(s: &str) -> Result<umax::builds::Pairing, String> {
    s.parse()
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// A build of `umax builds`, a list (each position searched by each build; with --depth,
    /// each later build's node ratios to the first), `all` (every build) or `both` (the default
    /// pairing).
    #[arg(long, default_value = umax::builds::DEFAULT_BUILD, value_parser = parse_bench_builds)]
    pub build: BenchBuilds,
    /// Hash table of 2^BITS+8 entries (24: the published size).
    #[arg(long, default_value_t = DEFAULT_HASH_BITS, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
    /// Node limit of each think (the 3.2 root rule with this in place of 1e7).
    #[arg(long, default_value_t = crate_bench_default_nodes(), value_parser = node_limit, conflicts_with = "depth")]
    pub nodes: u64,
    /// Search each position to this root depth instead (no node limit) and print the nodes to
    /// complete each depth 1..DEPTH; with several builds, the ratios to the first and their
    /// medians per depth.
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=30))]
    pub depth: Option<i32>,
    /// Positions file instead of the built-in suite: one per line, `name<TAB>uci moves` or
    /// just UCI moves from the start position.
    #[arg(long)]
    pub positions: Option<std::path::PathBuf>,
    /// With --depth: also write the per-position, per-depth table as CSV to this file.
    #[arg(long, requires = "depth")]
    pub csv: Option<std::path::PathBuf>,
}

const fn crate_bench_default_nodes() -> u64 {
    umax::bench::DEFAULT_NODES as u64
}

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// games.csv files of one match (shards are merged; game numbers must not repeat).
    #[arg(required = true, value_name = "CSV")]
    pub csv: Vec<std::path::PathBuf>,
    /// Directory for summary.csv and the plots (default: the directory of the first CSV).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// Draw the SVG plots (the default).
    #[arg(long, overrides_with = "no_plots")]
    pub plots: bool,
    /// Do not draw the plots.
    #[arg(long, overrides_with = "plots")]
    pub no_plots: bool,
    /// Also print an SPRT: ELO0,ELO1,ALPHA,BETA (logistic Elo, e.g. 0,10,0.05,0.05).
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = umax::stats::Sprt::parse)]
    pub sprt: Option<umax::stats::Sprt>,
    /// Merge shards even when games of the match are missing (to look at a running match).
    /// Without it a merge of several files must hold every game of the match, and an
    /// incomplete shard is named (from the command.txt beside its games.csv).
    #[arg(long)]
    pub allow_partial: bool,
}

#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// Openings to generate (1 to 1000000).
    #[arg(long, default_value_t = 300, value_parser = opening_count)]
    pub count: usize,
    /// Plies (half-moves) per opening.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=40))]
    pub plies: u64,
    /// Seed of the random move choice (SplitMix64).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Node limit of the balance search (old build) at the end of each line.
    #[arg(long, default_value_t = 200_000, value_parser = node_limit)]
    pub nodes: u64,
    /// Hash table of the balance search: 2^BITS+8 entries.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
    /// Keep a line when |score| of the balance search is at most this (micro-Max's pawn is 99).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(i32).range(0..=8000))]
    pub max_score: i32,
}

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
engine_rejected_move and engine_panic (errors: the game ends, the match goes on).")]
pub struct MatchArgs {
    #[arg(long, value_name = "BASE,TEST", default_value = "old,sd", value_parser = parse_pairing,
          help = format!("The two builds, BASE,TEST, of `umax builds` ({}): the score, Elo and \
                          ratios are TEST's (games.csv names its columns after them: sd_score, \
                          old_nodes, ...)", catalogue()))]
    pub builds: umax::builds::Pairing,
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

/// How the games of a match or of a tournament's pairings are played and written.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Node budget per think: the root starts another iteration only while fewer nodes were
    /// searched (the 3.2 rule with N for 1e7). Deterministic. [default: 100000]
    #[arg(long, conflicts_with = "tc", value_parser = parse_count)]
    pub nodes: Option<u64>,
    /// Sudden death: SECONDS of CPU (the engine thread's own) per side per game, no increment.
    /// Each move may use remaining/30: the root starts no new iteration after that. A side
    /// whose clock goes below zero loses on time.
    #[arg(long, value_name = "SECONDS")]
    pub tc: Option<f64>,
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
    /// divided by 1+e and the clock charged N x (1+e). Pair p draws from seed --jitter-seed +
    /// p - 1, each colour its own stream. Recorded as clock_jitter=SIGMA;jitter_seed=SEED.
    #[arg(long, value_name = "SIGMA")]
    pub clock_jitter: Option<f64>,
    /// Seed of pair 1's jitter (with --clock-jitter).
    #[arg(
        long,
        value_name = "SEED",
        default_value_t = 1,
        requires = "clock_jitter"
    )]
    pub jitter_seed: u64,
    /// Adjudicate a draw after this many plies (opening included).
    #[arg(long, default_value_t = umax::matchrun::options::DEFAULT_MAX_PLIES)]
    pub max_plies: u32,
    /// Hash table of 2^BITS+8 entries per engine (24: the published 16777224). Every worker
    /// thread holds two engines (201 MB each at --hash-bits 24: 12 bytes per entry).
    #[arg(long, default_value_t = DEFAULT_HASH_BITS, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
    /// Clear the whole hash table before every think, as the C does (~37 ms at 24 bits),
    /// instead of only the entries written since the last clear: the same games at --nodes,
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
    /// Output directory (must be new or empty). [default: runs/<UTC timestamp>-<budget>]
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// Continue the stopped run in --out DIR from its games.csv (same settings required). A
    /// match may grow: a larger --games plays the games it adds (a smaller one is refused). A
    /// tournament may grow: builds added at the end of --builds get their pairings played.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// No progress bar (one line per finished game instead).
    #[arg(long)]
    pub no_progress: bool,
}

impl MatchArgs {
    pub fn into_options(self) -> Result<umax::matchrun::MatchOptions, String> {
        let mut o = self.run.into_options()?;
        o.builds = self.builds;
        o.games = self.games;
        o.sprt = self.sprt;
        Ok(o)
    }
}

impl RunArgs {
    /// The node clock the options ask for, if any (refusing combinations clap cannot).
    fn node_clock(&self) -> Result<Option<umax::nodeclock::NodeClock>, String> {
        let budget = match (self.clock.as_str(), self.tc_nodes, self.tc, &self.tc_scale) {
            ("cpu", None, ..) => {
                if self.tc_nodes_step.is_some() || self.clock_jitter.is_some() {
                    return Err(
                        "--tc-nodes-step and --clock-jitter are the node clock's: give --clock nodes (with --tc and --tc-scale) or --tc-nodes"
                            .into(),
                    );
                }
                return Ok(None);
            }
            (_, Some(n), ..) => n,
            (_, None, Some(s), Some(scale)) => {
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
        Ok(Some(umax::nodeclock::NodeClock {
            budget,
            step: self.tc_nodes_step.unwrap_or(0),
            jitter: self.clock_jitter.map(|sigma| umax::nodeclock::Jitter {
                sigma,
                seed: self.jitter_seed,
            }),
        }))
    }

    /// The options of a match with these settings (builds, games and SPRT at their defaults).
    pub fn into_options(self) -> Result<umax::matchrun::MatchOptions, String> {
        use umax::matchrun::{Budget, MatchOptions, OpeningsSource};
        let node_clock = self.node_clock()?;
        let mut o = MatchOptions::new(self.out.clone());
        o.budget = match (node_clock, self.tc) {
            (Some(c), _) => Budget::NodeClock(c),
            (None, Some(s)) => Budget::Time(s),
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
        o.resume = self.resume;
        o.progress = !self.no_progress;
        if !matches!(o.budget, Budget::NodeClock(_)) {
            // the node clock took the reference speed into its budget
            o.tc_scale = self.tc_scale;
            o.tc_speed = self.tc_speed;
        }
        o.command_line = std::env::args().collect();
        Ok(o)
    }
}

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The builds: a list (e.g. old,sd,noiid) or `all` (every build of `umax builds`). Every
    /// pairing of two of them is played, the earlier build of the list as the base.
    #[arg(long, value_name = "LIST|all", required_unless_present_any = ["merge", "rate"])]
    pub builds: Option<String>,
    /// Merge the shard directories of one tournament (each made with --shard K/N) into --out:
    /// every pairing's games.csv and summary, then the ratings. Refuses shards that lack games
    /// of the tournament (like `umax report` for match shards) unless --allow-partial.
    #[arg(long, value_name = "SHARD_DIR", num_args = 1.., conflicts_with = "builds")]
    pub merge: Vec<std::path::PathBuf>,
    /// Only the rating step: read the pairing directories of the tournament DIR (as committed,
    /// complete or not) and write its ratings.csv, crosstable.csv, ratings.txt, ratings.svg.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["builds", "merge"])]
    pub rate: Option<std::path::PathBuf>,
    /// With --merge: report what is there even if shards lack games (a tournament still running).
    #[arg(long, requires = "merge")]
    pub allow_partial: bool,
    /// A gauntlet instead of a round robin: BASE plays each other build of --builds only.
    #[arg(long, value_name = "BASE")]
    pub gauntlet: Option<String>,
    /// Games per pairing (whole pairs: an even number).
    #[arg(long, default_value_t = 20, value_parser = parse_count)]
    pub games_per_pair: u64,
    /// Bootstrap resamples (over game pairs) for the ratings' intervals.
    #[arg(long, default_value_t = umax::ratings::DEFAULT_RESAMPLES, value_parser = resamples)]
    pub resamples: usize,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Args, Debug)]
pub struct BuildsArgs {
    /// Print the address of each compiled instance of the search (for
    /// scripts/search-asm-diff.sh) instead of the list.
    #[arg(long, hide = true)]
    pub instances: bool,
}

#[derive(Args, Debug)]
#[command(after_help = "\
The counters live in the audit instance of the search (the faithful instances carry none):
the tree is the build's own, node for node, only slower to search. The tables are of the
think's last root iteration; a node is counted where it is entered (the C's N++), an
iteration where it ends, with every node entered under it. 'ultimate' is the build's last
argument of D(): the ultimate depth n-(y!=z) of the parent's move (self-deepening builds; the
same number is passed, unused, by the others), the node type for iidcut.

Examples:
  umax anatomy --moves 'e2e4 e7e5 g1f3' --builds old,sd --depth 6
  umax anatomy --games results/tc-60/games.csv --select forfeits --builds old,sd \\
      --nodes 10000000 --max-nodes 150000000 --out runs/anatomy")]
pub struct AnatomyArgs {
    /// The position: UCI moves from the initial position, space-separated ('' for the
    /// initial position itself).
    #[arg(
        long,
        value_name = "MOVES",
        required_unless_present = "games",
        conflicts_with = "games"
    )]
    pub moves: Option<String>,
    /// The positions: the games of a games.csv, each with all its moves (the position its
    /// last think started from); which ones: --select.
    #[arg(long, value_name = "CSV")]
    pub games: Option<std::path::PathBuf>,
    /// With --games: `forfeits` (games lost on time), `all`, or game numbers (5,12,24).
    #[arg(
        long,
        value_name = "WHICH",
        default_value = "forfeits",
        requires = "games"
    )]
    pub select: String,
    /// Builds: a name, a list or `all`.
    #[arg(long, default_value = "old,sd", value_parser = parse_bench_builds)]
    pub builds: BenchBuilds,
    /// Count root iteration PLY (every iteration up to it is searched).
    #[arg(long, value_name = "PLY", conflicts_with = "nodes")]
    pub depth: Option<i32>,
    /// The 3.2 root rule with N for 1e7: count the last root iteration it begins (which runs
    /// to its end, as in a match). [default: 10000000]
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub nodes: Option<u64>,
    /// Cut the think inside the counted iteration once it has searched N nodes (the think's
    /// count): the tables are then of the iteration's first nodes.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub max_nodes: Option<u64>,
    /// Hash table of 2^BITS+8 entries (24: the published size; the tree depends on it).
    #[arg(long, default_value_t = DEFAULT_HASH_BITS, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
    /// Jobs (position x build) searched at once (each holds a table: 201 MB at 24 bits).
    #[arg(long, default_value_t = 1, value_parser = parse_count_usize)]
    pub concurrency: usize,
    /// Directory for anatomy.csv (written as jobs finish) and anatomy.txt (must be new or
    /// empty, unless --resume).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// Run only the jobs not yet finished in --out DIR's anatomy.csv.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// No progress bar (the line per finished job is printed either way).
    #[arg(long)]
    pub no_progress: bool,
}

/// `--c BUILD=PATH` of verify-c.
pub fn parse_c_twin(s: &str) -> Result<(Build, std::path::PathBuf), String> {
    let (b, p) = s.split_once('=').ok_or_else(|| {
        format!("'{s}': expected BUILD=PATH, e.g. sd=target/original/mm-sd-trace-n5000-u16")
    })?;
    Ok((b.trim().parse()?, std::path::PathBuf::from(p)))
}
