//! `umax builds`.

use clap::Args;

#[derive(Args, Debug)]
pub struct BuildsArgs {
    /// Print the address of each compiled instance of the search (for
    /// scripts/search-asm-diff.sh) instead of the list.
    #[arg(long, hide = true)]
    pub instances: bool,
}
