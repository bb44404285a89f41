//! `umax play`.

use super::{EngineArgs, node_limit};
use clap::Args;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Node limit of a think: the root starts another iteration only while fewer nodes were
    /// searched [default: the build's C: 1e7 for micro-Max 3.2's builds, 1e6 for 4.8's]
    #[arg(long, value_parser = node_limit)]
    pub nodes: Option<u64>,
    /// Print one line per root iteration, exactly as the instrumented C does.
    #[arg(long)]
    pub trace: bool,
    /// Clear the whole hash table after every line, as the C does (same output, slower; for
    /// measuring what the C's clearing costs). By default only the entries written are cleared.
    #[arg(long)]
    pub full_clear: bool,
}
