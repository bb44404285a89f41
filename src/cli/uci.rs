//! `umax uci`.

use super::EngineArgs;
use clap::Args;

#[derive(Args, Debug)]
pub struct UciArgs {
    #[command(flatten)]
    pub engine: EngineArgs,
}
