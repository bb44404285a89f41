//! Helpers shared by the `tests/match_*.rs` files.
#![allow(dead_code)]

pub use crate::common::deadline::{Deadline, Guarded, Kind};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use umax::games_csv::GameRow;

/// The `umax` binary under test.
pub fn umax() -> Command {
    Command::new(crate::common::umax_bin())
}

/// A fresh, empty scratch directory for one test (under cargo's per-target tmp dir).
#[track_caller]
pub fn scratch(name: &str) -> PathBuf {
    // one test binary holds every module: the caller's file names the directory's parent, so
    // two modules' tests never share a directory
    let module = std::path::Path::new(std::panic::Location::caller().file())
        .file_stem()
        .map_or_else(|| "tests".to_string(), |s| s.to_string_lossy().to_string());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(module)
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `umax match ARGS` and returns its output (stdin closed, so no progress bar), within
/// the deadline of a match.
pub fn run_match(args: &[&str]) -> Output {
    umax()
        .arg("match")
        .args(args)
        .stdin(std::process::Stdio::null())
        .output_within("umax match", Kind::Games.limit())
}

/// Like [`run_match`], but the run must succeed.
pub fn run_ok(args: &[&str]) -> Output {
    let out = run_match(args);
    assert!(
        out.status.success(),
        "umax match {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The rows of `DIR/games.csv`, sorted by game number.
pub fn rows(dir: &Path) -> Vec<GameRow> {
    let mut rows = umax::games_csv::read_games_csv(&dir.join("games.csv"))
        .expect("games.csv")
        .rows;
    rows.sort_by_key(|r| r.game);
    rows
}

/// Rows with the time columns zeroed (they differ from run to run).
pub fn timeless(mut rows: Vec<GameRow>) -> Vec<GameRow> {
    for r in &mut rows {
        r.test_cpu_s = 0.0;
        r.base_cpu_s = 0.0;
        r.test_wall_s = 0.0;
        r.base_wall_s = 0.0;
    }
    rows
}

/// Small, fast settings shared by the runs that are compared with each other.
pub const QUICK: &[&str] = &[
    "--games",
    "8",
    "--nodes",
    "3000",
    "--hash-bits",
    "16",
    "--max-plies",
    "160",
];

/// `QUICK` plus more arguments.
pub fn quick(extra: &[&str]) -> Vec<String> {
    QUICK
        .iter()
        .chain(extra.iter())
        .map(|s| s.to_string())
        .collect()
}

pub fn as_strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

pub fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}
