//! `umax report`.

use clap::Args;

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// games.csv files of one match (shards are merged; game numbers must not repeat).
    #[arg(required = true, value_name = "CSV")]
    pub csv: Vec<std::path::PathBuf>,
    /// Directory for summary.csv and the plots (default: the directory of the first CSV).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// Draw the SVG plots (the default).
    #[arg(long, overrides_with = "no_plots")]
    pub plots: bool,
    /// Do not draw the plots.
    #[arg(long, overrides_with = "plots")]
    pub no_plots: bool,
    /// Also print an SPRT: ELO0,ELO1,ALPHA,BETA (logistic Elo, e.g. 0,10,0.05,0.05).
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = umax::stats::Sprt::parse)]
    pub sprt: Option<umax::stats::Sprt>,
    /// Merge shards even when games of the match are missing (to look at a running match).
    /// Without it a merge of several files must hold every game of the match, and an
    /// incomplete shard is named (from the command.txt beside its games.csv).
    #[arg(long)]
    pub allow_partial: bool,
}
