//! The one atomic file write of the harness: the outputs of [`crate::formats`] (summary.csv,
//! the plots, the bench depth CSV), games.pgn's rewrite on resume and the judge's outputs all
//! go through [`write_atomically`]. And the content fingerprint the settings carry of an
//! input ([`fnv1a64`]: the openings file, an anatomy position's moves).

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

/// FNV-1a, 64 bits: a content fingerprint for the settings string (not cryptographic; it only
/// has to tell two inputs apart: openings files, an anatomy position's moves).
pub fn fnv1a64(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_known_value() {
        assert_eq!(fnv1a64(b""), "cbf29ce484222325");
        assert_eq!(fnv1a64(b"a"), "af63dc4c8601ec8c");
    }
}
