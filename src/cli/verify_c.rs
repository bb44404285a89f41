//! `umax verify-c`.

use super::parse_count_usize;
use clap::Args;
use umax::builds::Build;

#[derive(Args, Debug)]
pub struct VerifyCArgs {
    /// games.csv files of one match (shards are merged).
    #[arg(required = true, value_name = "CSV")]
    pub csv: Vec<std::path::PathBuf>,
    /// The instrumented C twin of a build the games need, BUILD=PATH (repeatable):
    /// target/original/mm-BUILD-trace-nN-uB from scripts/build-original.sh --build BUILD.
    #[arg(long, value_name = "BUILD=PATH", value_parser = parse_c_twin)]
    pub c: Vec<(Build, std::path::PathBuf)>,
    /// The same as --c B=PATH for the default pairing's base build (older scripts' spelling).
    #[arg(long, value_name = "PATH")]
    pub c_old: Option<std::path::PathBuf>,
    /// The same as --c B=PATH for the default pairing's test build (older scripts' spelling).
    #[arg(long, value_name = "PATH")]
    pub c_sd: Option<std::path::PathBuf>,
    /// Replay only the first N games (in game order).
    #[arg(long, value_name = "N", value_parser = parse_count_usize)]
    pub first: Option<usize>,
}

/// `--c BUILD=PATH` of verify-c.
pub fn parse_c_twin(s: &str) -> Result<(Build, std::path::PathBuf), String> {
    let (b, p) = s.split_once('=').ok_or_else(|| {
        format!("'{s}': expected BUILD=PATH, e.g. sd=target/original/mm-sd-trace-n5000-u16")
    })?;
    Ok((b.trim().parse()?, std::path::PathBuf::from(p)))
}
