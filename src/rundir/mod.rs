//! What keeps a run directory's files safe while a run writes into them.
//!
//! - [`DirLock`]: one writer per directory. An exclusive `flock` on `DIR/.umax-lock`, held for
//!   as long as the process writes there and released by the kernel when it exits or dies, so
//!   a killed run leaves no stale lock (the file stays, unlocked; a clean exit removes it). A second process is refused before it writes anything,
//!   with the holder's pid, host, start time and command (which the holder wrote into the lock
//!   file). Locks are counted per process: `umax match` writing its summary through
//!   `umax report`'s code takes the lock it already holds.
//! - [`Guarded`]: a file appended to in whole records. Before each append it checks that its
//!   path still names the file it opened (device, inode) and that the file has the length it
//!   wrote; a file replaced, truncated or deleted underneath the run (a `git stash`, a
//!   `checkout`, an `rm`, an editor's save) stops the run, and [`Guarded::salvage`] saves every
//!   byte written to `FILE.recovered` beside it. A failing write is cut back to the last whole
//!   record, and each record is on disk (`fsync`) before the run goes on.
//! - `umax recover DIR` (`matchrun::recover`) merges the recovered files back (rows by game
//!   number).

mod guarded;
mod lock;

pub use guarded::{AppendError, Guarded, Loss, RECOVERED_SUFFIX, recovered_path};
pub use lock::{DirLock, LOCK_FILE, is_empty_dir};

#[cfg(test)]
pub(crate) mod tests {
    /// A new empty directory for a test.
    pub fn tmp(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("umax-rundir-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }
}
