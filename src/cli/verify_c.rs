//! `umax verify-c`.

use super::parse_count_usize;
use clap::Args;
use micromax::builds::Build;

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
    /// Seconds each C process may take to print its first board before it is stopped and named
    /// (not micro-Max, or a machine too busy to start it): a number above 0, at most 3600.
    #[arg(long, value_name = "SECONDS", default_value_t = umax::oracle::FIRST_BOARD_S,
          value_parser = parse_first_board, allow_negative_numbers = true)]
    pub first_board_timeout: f64,
    /// Seconds each think of a C process may take before it is stopped and the game reported
    /// (a search that does not stop): a number above 0, at most 86400.
    #[arg(long, value_name = "SECONDS", default_value_t = umax::oracle::THINK_S,
          value_parser = parse_think_timeout, allow_negative_numbers = true)]
    pub think_timeout: f64,
}

/// `--think-timeout SECONDS` of verify-c: finite, above 0, at most a day.
fn parse_think_timeout(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 86400.0 => Ok(v),
        _ => Err(format!(
            "'{s}': expected seconds above 0 and at most 86400, e.g. 600"
        )),
    }
}

/// `--first-board-timeout SECONDS` of verify-c: finite, above 0, at most an hour.
fn parse_first_board(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 3600.0 => Ok(v),
        _ => Err(format!(
            "'{s}': expected seconds above 0 and at most 3600, e.g. 10"
        )),
    }
}

/// `--c BUILD=PATH` of verify-c.
pub fn parse_c_twin(s: &str) -> Result<(Build, std::path::PathBuf), String> {
    let (b, p) = s.split_once('=').ok_or_else(|| {
        format!("'{s}': expected BUILD=PATH, e.g. sd=target/original/mm-sd-trace-n5000-u16")
    })?;
    Ok((b.trim().parse()?, std::path::PathBuf::from(p)))
}
