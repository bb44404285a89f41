//! Command-line arguments (clap), one file per command. Turned into plain option structs for
//! the rest of the code. Here: the top-level command list, the options shared by several
//! commands and the value parsers they share.

use clap::{Args, Parser, Subcommand};
use micromax::builds::Build;
use micromax::seam::DEFAULT_HASH_BITS;

mod anatomy;
mod bench;
mod builds;
mod judge;
mod match_args;
mod openings;
mod play;
mod recover;
mod report;
mod reproduce;
mod run;
mod run_dir;
mod tournament;
mod uci;
mod verify_c;

pub use anatomy::AnatomyArgs;
pub use bench::BenchArgs;
pub use builds::BuildsArgs;
pub use judge::JudgeArgs;
pub use match_args::MatchArgs;
pub use openings::OpeningsArgs;
pub use play::PlayArgs;
pub use recover::RecoverArgs;
pub use report::ReportArgs;
pub use reproduce::ReproduceArgs;
pub use tournament::TournamentArgs;
pub use uci::UciArgs;
pub use verify_c::VerifyCArgs;

#[derive(Parser, Debug)]
#[command(
    name = "umax",
    // the package version and the commit the binary was built from (build.rs)
    version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("UMAX_BUILD_COMMIT"), ", ", env!("UMAX_BUILD_KIND"), ")"),
    about = "micro-Max 3.2 and 4.8, ported faithfully to Rust (node for node against their C), with the IID builds of the literature, self-deepening, and a research harness"
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
    /// The 2006 post's match: old against sd from the initial position, 100 games at 15 s a
    /// side (50 at 60 s with --tc 60), on the node clock at the 2006 reference speed with a
    /// real clock's wavering; printed in the post's terms with the chance of its 57.5%.
    Reproduce(ReproduceArgs),
    /// A round robin (or gauntlet) of builds: every pairing a match directory DIR/BASE-TEST,
    /// played as paired games with colours reversed, pairings interleaved; then ratings
    /// (Bradley-Terry with draws, anchored at old, or at the first build when old is not
    /// among them), cross table and plots.
    Tournament(TournamentArgs),
    /// Speak UCI on standard input/output, for GUIs and match tools (cutechess-cli, fastchess,
    /// Arena, python-chess). See docs/reference.md (`umax uci`) for `stop` and time handling.
    Uci(UciArgs),
    /// Replay the games of a games.csv (played at --nodes or on the node clock) with two
    /// processes of the instrumented C original (one, for the side with a C twin, when the
    /// other build has none): every move, each side's node total and depth must be the row's.
    /// Make the C builds with `scripts/build-original.sh --nodes N --hash-bits B`.
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
    /// List the builds (named variants of the search; micromax/src/builds.rs): name, what it is,
    /// whether it is experimental and whether the C original has a twin of it.
    Builds(BuildsArgs),
}

/// The builds of the catalogue, by name (`umax builds` says what each is).
fn catalogue() -> String {
    micromax::builds::ALL
        .iter()
        .map(|b| b.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Options shared by everything that runs an engine.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    #[arg(long, default_value = umax::pairing::DEFAULT_BUILD, value_parser = parse_build,
          help = format!("Which search: a build of `umax builds` ({})", catalogue()))]
    pub build: Build,
    /// Hash table of 2^BITS+8 entries (24 is the published 16777224; smaller only to match a
    /// C twin built with scripts/build-original.sh --hash-bits BITS).
    #[arg(long, default_value_t = DEFAULT_HASH_BITS, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
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

/// `--engine`'s words grouped by occurrence from a subcommand's matches (clap's derive flattens
/// a repeated option of several words).
pub fn group_engines(matches: &clap::ArgMatches) -> Vec<Vec<String>> {
    matches
        .get_occurrences::<String>("engine")
        .map(|o| o.map(|words| words.cloned().collect()).collect())
        .unwrap_or_default()
}
