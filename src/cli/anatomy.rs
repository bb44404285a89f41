//! `umax anatomy`.

use super::bench::{BenchBuilds, parse_bench_builds};
use super::{parse_count, parse_count_usize};
use clap::Args;
use micromax::seam::DEFAULT_HASH_BITS;

#[derive(Args, Debug)]
#[command(
    mut_arg("out", |a| a.help("Directory for anatomy.csv (written as jobs finish) and anatomy.txt (must be new or empty, unless --resume)")),
    mut_arg("resume", |a| a.requires("out").help("Run only the jobs not yet finished in --out DIR's anatomy.csv")),
    mut_arg("no_progress", |a| a.help("No progress bar (the line per finished job is printed either way)")),
)]
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
    #[command(flatten)]
    pub run_dir: super::run_dir::RunDirArgs,
}
