//! The three arguments of every command that writes a run directory (`match`, `tournament`,
//! `anatomy`, `judge`, `reproduce`): where it goes, continuing it, and the progress bar. Each
//! command says what its directory holds by rewording `--out` (`mut_arg` on its own struct).

use clap::Args;

#[derive(Args, Debug)]
pub struct RunDirArgs {
    /// Output directory (must be new or empty, unless --resume).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// Continue the stopped run in --out DIR (same settings required; what is finished is kept).
    #[arg(long)]
    pub resume: bool,
    /// No progress bar (a line per finished item instead).
    #[arg(long)]
    pub no_progress: bool,
}
