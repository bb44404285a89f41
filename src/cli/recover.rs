//! `umax recover`.

use clap::Args;

#[derive(Args, Debug)]
pub struct RecoverArgs {
    /// The run (or tournament) directory.
    #[arg(value_name = "DIR")]
    pub dir: std::path::PathBuf,
}
