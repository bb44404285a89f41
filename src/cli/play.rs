//! `umax play`.

use super::{EngineArgs, node_limit};
use clap::Args;
use umax::engine::DEFAULT_NODE_LIMIT;

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
