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
//! - Opening a run directory ([`check`], [`check_settings`], [`Checked::create`]): locked
//!   before its rows are read, a used directory refused without `--resume`, a resumed run's
//!   recorded settings compared with the options given now; one message for each refusal.
//! - [`append_command`]: `command.txt`, one block per start or resume.
//! - [`CsvAppender`]: a CSV file's header written once, each row appended through [`Guarded`],
//!   a lost file saved beside it with the one message that says where.
//! - [`progress_bar`]: one style, hidden with `--no-progress` or when stderr is not a terminal.
//! - `umax recover DIR` (`matchrun::recover`) merges the recovered files back (rows by game
//!   number).

mod appender;
mod command;
mod guarded;
mod lock;
mod open;
mod progress_bar;

pub use appender::{CsvAppender, complete_len, record_line, row_line};
pub use command::{COMMAND_TXT, append_command, last_recorded, shell_join};
pub use guarded::{AppendError, Guarded, Loss, RECOVERED_SUFFIX, recovered_path};
pub use lock::{DirLock, LOCK_FILE, is_empty_dir};
pub use open::{Checked, check, check_match_settings, check_settings, not_empty};
pub use progress_bar::progress_bar;

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
