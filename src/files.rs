//! The one atomic file write of the harness: the outputs of [`crate::outputs`] (summary.csv,
//! the plots, the bench depth CSV), games.pgn's rewrite on resume and the judge's outputs all
//! go through [`write_atomically`].

use std::path::{Path, PathBuf};

/// The temporary name [`write_atomically`] writes first: `path.tmp.<pid>`, beside `path`.
pub fn temporary_path(path: &Path) -> PathBuf {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp.{}", std::process::id()));
    PathBuf::from(tmp)
}

/// Writes `path` via [`temporary_path`] and a rename, so it is never seen half-written (the
/// temporary file is removed if the rename fails).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = temporary_path(path);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Whether `path` can be written as [`write_atomically`] will (a temporary file beside it,
/// renamed over it), tried without touching `path` itself.
pub fn check_writable(path: &Path) -> Result<(), String> {
    if path.is_dir() {
        return Err("is a directory".into());
    }
    let tmp = temporary_path(path);
    std::fs::write(&tmp, b"")
        .and_then(|_| std::fs::remove_file(&tmp))
        .map_err(|e| format!("cannot write: {e}"))
}
