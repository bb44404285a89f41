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
    /// Speak UCI on standard input/output, for GUIs and match tools (cutechess-cli, fastchess,
    /// Arena, python-chess). See the README for `stop` and time handling.
    Uci(UciArgs),
}

#[derive(Args, Debug)]
pub struct UciArgs {
    #[command(flatten)]
    pub engine: EngineArgs,
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
}

pub fn parse_build(s: &str) -> Result<Build, String> {
    s.parse()
}
