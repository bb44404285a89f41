//! Opening a run directory, the one way `match`, `judge` and `anatomy` do: [`check`] (nothing
//! written: not a file, locked before anything in it is read, not empty without `--resume`,
//! something to resume with it), [`check_settings`] (a resumed run's recorded settings are
//! the ones asked for now), then [`Checked::create`].

use super::lock::{DirLock, is_empty_dir};
use crate::settings::Settings;
use std::path::{Path, PathBuf};

/// A run directory checked for a run; nothing written in it yet.
#[derive(Debug)]
pub struct Checked {
    pub path: PathBuf,
    /// The run continues the one on disk (`--resume`).
    pub resume: bool,
    /// Its lock, if the directory existed when checked (taken before anything in it was read).
    lock: Option<DirLock>,
}

/// The one refusal of a used directory without `--resume`.
pub fn not_empty(path: &Path) -> String {
    format!(
        "--out {}: the directory is not empty (use --resume to continue the run in it, or choose another directory)",
        path.display()
    )
}

/// Checks `path` as the `--out` of a run (nothing is written). It must not be a file; if it
/// exists it is locked at once ([`DirLock`]: one writer), before the caller reads its rows.
/// Without `resume` it must be empty (or not exist); with `resume` it must hold `record`, the
/// file whose rows are the run (e.g. `games.csv`): `--resume` never starts a new run, so a
/// mistyped directory is refused rather than begun afresh.
pub fn check(path: &Path, resume: bool, record: &str) -> Result<Checked, String> {
    if path.exists() && !path.is_dir() {
        return Err(format!("--out {}: not a directory", path.display()));
    }
    let exists = path.is_dir();
    let lock = DirLock::acquire_existing(path)?;
    if !resume {
        if exists && !is_empty_dir(path)? {
            return Err(not_empty(path));
        }
    } else if !exists || !path.join(record).is_file() {
        return Err(format!(
            "--resume: nothing to resume at {} ({})",
            path.display(),
            if exists {
                format!("no {record} in it")
            } else {
                "no such directory".to_string()
            }
        ));
    }
    Ok(Checked {
        path: path.to_path_buf(),
        resume,
        lock,
    })
}

/// Refuses to resume a run whose rows in `file` (`recorded`: their settings strings) were
/// written with other settings than `now`. Compared as [`Settings::condition`] (what the
/// machine measured is not the condition); the message names the keys that differ.
pub fn check_settings<'a>(
    file: &Path,
    recorded: impl IntoIterator<Item = &'a str>,
    now: &str,
) -> Result<(), String> {
    check_recorded(file, recorded, now, Settings::condition)
}

/// [`check_settings`] for a match, which may grow: the rows' settings are compared without the
/// match's size ([`Settings::same_match`]); the caller refuses a smaller size.
pub fn check_match_settings<'a>(
    file: &Path,
    recorded: impl IntoIterator<Item = &'a str>,
    now: &str,
) -> Result<(), String> {
    check_recorded(file, recorded, now, Settings::sizeless)
}

/// Compares what `view` keeps of the recorded settings and of `now`; the message names the
/// keys that differ in it.
fn check_recorded<'a>(
    file: &Path,
    recorded: impl IntoIterator<Item = &'a str>,
    now: &str,
    view: impl Fn(&Settings) -> Settings,
) -> Result<(), String> {
    let now = view(&Settings::parse(now));
    for s in recorded {
        let was = view(&Settings::parse(s));
        if was != now {
            return Err(format!(
                "--resume: {} was written with other settings ({}); resume with the same options or choose another --out",
                file.display(),
                crate::text::escape(&was.diff(&now))
            ));
        }
    }
    Ok(())
}

impl Checked {
    /// Creates the directory (if needed) and locks it (if it was not there to lock when
    /// checked). A new run's directory must still be empty: another run may have started in it
    /// since.
    pub fn create(self) -> Result<DirLock, String> {
        std::fs::create_dir_all(&self.path)
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))?;
        let lock = match self.lock {
            Some(l) => l,
            None => DirLock::acquire(&self.path)?,
        };
        if !self.resume && !is_empty_dir(&self.path)? {
            return Err(not_empty(&self.path));
        }
        Ok(lock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rundir::tests::tmp;

    #[test]
    fn a_used_directory_is_refused_without_resume() {
        let d = tmp("open-used");
        assert!(check(&d, false, "rows.csv").is_ok(), "an empty one is fine");
        std::fs::write(d.join("other.txt"), "x").unwrap();
        let e = check(&d, false, "rows.csv").unwrap_err();
        assert!(e.contains("not empty") && e.contains("--resume"), "{e}");
        // with --resume it needs the run's record
        let e = check(&d, true, "rows.csv").unwrap_err();
        assert!(
            e.contains("nothing to resume") && e.contains("no rows.csv"),
            "{e}"
        );
        std::fs::write(d.join("rows.csv"), "h\n").unwrap();
        let c = check(&d, true, "rows.csv").unwrap();
        assert!(c.resume);
        drop(c.create().unwrap());
        let e = check(&d.join("missing"), true, "rows.csv").unwrap_err();
        assert!(e.contains("no such directory"), "{e}");
        let e = check(&d.join("other.txt"), false, "rows.csv").unwrap_err();
        assert!(e.contains("not a directory"), "{e}");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_directory_is_created_and_locked() {
        let d = tmp("open-create").join("new");
        let c = check(&d, false, "rows.csv").unwrap();
        let lock = c.create().unwrap();
        assert!(d.join(crate::rundir::LOCK_FILE).is_file());
        drop(lock);
        std::fs::remove_dir_all(d.parent().unwrap()).unwrap();
    }

    #[test]
    fn other_settings_are_refused_naming_the_difference() {
        let f = Path::new("d/rows.csv");
        assert!(check_settings(f, ["a=1;b=2", "a=1;b=2"], "a=1;b=2").is_ok());
        // what the machine measured is not the condition
        assert!(check_settings(f, ["a=1;tc_factor=2"], "a=1;tc_factor=3").is_ok());
        let e = check_settings(f, ["a=1;b=2", "a=1;b=3"], "a=1;b=2").unwrap_err();
        assert!(e.contains("other settings"), "{e}");
        assert!(e.contains("b: 3 (on disk) vs 2 (now)"), "{e}");
        assert!(e.contains("d/rows.csv"), "{e}");
        // a match's size: another for any run, but a match may grow
        let e = check_settings(f, ["a=1;games=10"], "a=1;games=20").unwrap_err();
        assert!(e.contains("games: 10 (on disk) vs 20 (now)"), "{e}");
        assert!(check_match_settings(f, ["a=1;games=10", "a=1;games=20"], "a=1;games=30").is_ok());
        let e = check_match_settings(f, ["a=1;games=10"], "a=2;games=20").unwrap_err();
        assert!(e.contains("a: 1 (on disk) vs 2 (now)"), "{e}");
        assert!(
            !e.contains("games"),
            "the size is not a difference of a match: {e}"
        );
    }
}
