//! Command-line arguments (clap). Turned into plain option structs for the rest of the code.

use clap::{Args, Parser, Subcommand};
use umax::engine::{Build, DEFAULT_HASH_BITS, DEFAULT_NODE_LIMIT};

#[derive(Parser, Debug)]
#[command(
    name = "umax",
    version,
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
}

/// Options shared by everything that runs an engine.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// Which search: old (micro-Max 3.2 as published) or sd (self-deepening IID).
    #[arg(long, default_value = "old", value_parser = parse_build)]
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
    #[arg(long, default_value_t = DEFAULT_NODE_LIMIT as u64, value_parser = clap::value_parser!(u64).range(1..=2_000_000_000))]
    pub nodes: u64,
    /// Print one line per root iteration, exactly as the instrumented C does.
    #[arg(long)]
    pub trace: bool,
    /// Clear the whole hash table after every line, as the C does (same output, slower; for
    /// measuring what the C's clearing costs). By default only the entries written are cleared.
    #[arg(long)]
    pub full_clear: bool,
}

pub fn parse_build(s: &str) -> Result<Build, String> {
    s.parse()
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// old, sd, or both (both: each position is searched by each build).
    #[arg(long, default_value = "old", value_parser = ["old", "sd", "both"])]
    pub build: String,
    /// Hash table of 2^BITS+8 entries (24: the published size).
    #[arg(long, default_value_t = DEFAULT_HASH_BITS, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
    /// Node limit of each think (the 3.2 root rule with this in place of 1e7).
    #[arg(long, default_value_t = crate_bench_default_nodes(), value_parser = clap::value_parser!(u64).range(1..=2_000_000_000), conflicts_with = "depth")]
    pub nodes: u64,
    /// Search each position to this root depth instead (no node limit) and print the nodes to
    /// complete each depth 1..DEPTH; with --build both, the sd/old ratios and their medians.
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
