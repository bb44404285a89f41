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

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::MetadataExt;
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The lock file in a run directory (ignored where a directory must be empty).
pub const LOCK_FILE: &str = ".umax-lock";

/// The suffix of a file saved by [`Guarded::salvage`].
pub const RECOVERED_SUFFIX: &str = ".recovered";

/// The directories this process holds locked: the open lock file and how many holders.
static HELD: Mutex<Option<HashMap<PathBuf, (File, usize)>>> = Mutex::new(None);

/// An exclusive lock on a directory, held until dropped (or the process ends).
#[derive(Debug)]
pub struct DirLock {
    key: PathBuf,
}

impl DirLock {
    /// Locks `dir` (which must exist) for this process, or says who holds it.
    pub fn acquire(dir: &Path) -> Result<DirLock, String> {
        let key = fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        let map = held.get_or_insert_with(HashMap::new);
        if let Some((_, count)) = map.get_mut(&key) {
            *count += 1;
            return Ok(DirLock { key });
        }
        let path = key.join(LOCK_FILE);
        let mut file = lock_file(&path, dir)?;
        let me = format!(
            "pid={}\nhost={}\nstarted={}\ncommand={}\n",
            std::process::id(),
            hostname(),
            crate::text::utc_now().iso(),
            std::env::args().collect::<Vec<_>>().join(" ")
        );
        // who holds it, for the message of a refused second process (best effort: the lock
        // itself is the flock, not this text)
        let _ = file
            .set_len(0)
            .and_then(|_| file.seek(SeekFrom::Start(0)))
            .and_then(|_| file.write_all(me.as_bytes()));
        map.insert(key.clone(), (file, 1));
        Ok(DirLock { key })
    }

    /// Locks `dir` if it exists (`None` if it does not).
    pub fn acquire_existing(dir: &Path) -> Result<Option<DirLock>, String> {
        if dir.is_dir() {
            DirLock::acquire(dir).map(Some)
        } else {
            Ok(None)
        }
    }
}

impl Drop for DirLock {
    fn drop(&mut self) {
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(map) = held.as_mut()
            && let Some((_, count)) = map.get_mut(&self.key)
        {
            *count -= 1;
            if *count == 0 {
                // removed while still locked (a process that opened it meanwhile finds it
                // gone and tries again), then closed, which releases the flock; a killed
                // process leaves the file, unlocked, to the next holder
                let _ = fs::remove_file(self.key.join(LOCK_FILE));
                map.remove(&self.key);
            }
        }
    }
}

/// Opens and locks `path`. The file is removed when its holder lets go, so a lock taken on a
/// file that was removed meanwhile is no lock: after locking, the path must still name the
/// file locked, else it is tried again.
fn lock_file(path: &Path, dir: &Path) -> Result<File, String> {
    for _ in 0..100 {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("cannot lock {}: {e}", dir.display()))?;
        // SAFETY: flock on a file descriptor this function owns; no memory is involved.
        let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
        if rc != 0 {
            let err = std::io::Error::last_os_error();
            if err.raw_os_error() == Some(libc::EWOULDBLOCK) {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                return Err(format!(
                    "{} is in use by another umax process ({}); one writer per run directory: wait for it to end, or stop it (a killed run leaves no lock behind), then --resume",
                    dir.display(),
                    describe_holder(&holder)
                ));
            }
            return Err(format!("cannot lock {}: {err}", dir.display()));
        }
        let same = match (fs::metadata(path), file.metadata()) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        };
        if same {
            return Ok(file);
        }
    }
    Err(format!(
        "cannot lock {}: its lock file keeps changing",
        dir.display()
    ))
}

fn describe_holder(text: &str) -> String {
    let get = |k: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(k)?.strip_prefix('='))
            .unwrap_or("?")
            .to_string()
    };
    if text.trim().is_empty() {
        return "holder unknown".into();
    }
    format!(
        "pid {} on {}, started {}: {}",
        get("pid"),
        get("host"),
        get("started"),
        get("command")
    )
}

fn hostname() -> String {
    fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|s| s.trim().to_string())
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

/// Whether `dir` holds nothing but a lock file.
pub fn is_empty_dir(dir: &Path) -> Result<bool, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for e in entries {
        let e = e.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        if e.file_name() != LOCK_FILE {
            return Ok(false);
        }
    }
    Ok(true)
}

/// What happened to a guarded file underneath its writer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loss {
    Deleted,
    Replaced,
    /// Same file, other length: truncated, or written by someone else.
    Resized {
        expected: u64,
        found: u64,
    },
}

impl std::fmt::Display for Loss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Loss::Deleted => write!(f, "was deleted"),
            Loss::Replaced => write!(f, "was replaced by another file"),
            Loss::Resized { expected, found } => write!(
                f,
                "changed length ({found} bytes, this run wrote {expected}): truncated or written by another program"
            ),
        }
    }
}

/// Why an append did not happen.
#[derive(Debug)]
pub enum AppendError {
    /// The file was lost underneath the run ([`Guarded::salvage`] saves it).
    Lost { path: PathBuf, loss: Loss },
    /// The write failed (disk full, file size limit, ...); the file is cut back to its last
    /// whole record where possible.
    Io(String),
}

impl std::fmt::Display for AppendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppendError::Lost { path, loss } => write!(f, "{} {loss}", path.display()),
            AppendError::Io(e) => write!(f, "{e}"),
        }
    }
}

/// A file appended to in whole records, checked before every append.
#[derive(Debug)]
pub struct Guarded {
    pub path: PathBuf,
    file: File,
    dev: u64,
    ino: u64,
    /// Its length after the last whole record.
    len: u64,
    /// Everything it holds, as written (for a file truncated in place, whose bytes the handle
    /// no longer has).
    mirror: Vec<u8>,
}

impl Guarded {
    /// Opens (creating if needed) `path` for appending.
    pub fn open(path: &Path) -> Result<Guarded, String> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let meta = file
            .metadata()
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let mut mirror = Vec::with_capacity(meta.len() as usize);
        file.seek(SeekFrom::Start(0))
            .and_then(|_| file.read_to_end(&mut mirror))
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Ok(Guarded {
            path: path.to_path_buf(),
            dev: meta.dev(),
            ino: meta.ino(),
            len: mirror.len() as u64,
            file,
            mirror,
        })
    }

    /// Whether the path still names the file this writer holds, at the length it wrote.
    pub fn check(&self) -> Result<(), Loss> {
        let at_path = match fs::metadata(&self.path) {
            Ok(m) => m,
            Err(_) => return Err(Loss::Deleted),
        };
        if at_path.dev() != self.dev || at_path.ino() != self.ino {
            return Err(Loss::Replaced);
        }
        let held = self.file.metadata().map_err(|_| Loss::Deleted)?;
        if held.nlink() == 0 {
            return Err(Loss::Deleted);
        }
        if held.len() != self.len {
            return Err(Loss::Resized {
                expected: self.len,
                found: held.len(),
            });
        }
        Ok(())
    }

    /// Appends one whole record after [`Guarded::check`]; on disk (`fsync`) when it returns
    /// `Ok`. A failed write is cut back to the last whole record.
    pub fn append(&mut self, bytes: &[u8]) -> Result<(), AppendError> {
        self.check().map_err(|loss| AppendError::Lost {
            path: self.path.clone(),
            loss,
        })?;
        let written = self
            .file
            .write_all(bytes)
            .and_then(|_| self.file.sync_data());
        if let Err(e) = written {
            let cut = self.file.set_len(self.len);
            return Err(AppendError::Io(format!(
                "cannot write {}: {e}{}",
                self.path.display(),
                match cut {
                    Ok(()) =>
                        " (the partial record was removed: the file ends with the last whole one)"
                            .to_string(),
                    Err(c) => format!(
                        " (and cannot remove the partial record: {c}; --resume and `umax report` drop a torn last line)"
                    ),
                }
            )));
        }
        self.len += bytes.len() as u64;
        self.mirror.extend_from_slice(bytes);
        Ok(())
    }

    /// Cuts the file back by its last record (`bytes` long), after the record that should have
    /// followed it could not be written.
    pub fn retract(&mut self, bytes: usize) {
        let len = self.len.saturating_sub(bytes as u64);
        if self.check().is_ok() && self.file.set_len(len).is_ok() {
            self.len = len;
            self.mirror.truncate(len as usize);
        }
    }

    /// If the file was lost underneath this writer: saves everything it wrote (read back
    /// through the handle it still holds; from the copy in memory if the file was cut in
    /// place) to `FILE.recovered` beside it (or in the current directory if that is gone), and
    /// returns where and why. `None` if the file is intact.
    pub fn salvage(&mut self) -> Option<Result<(PathBuf, Loss), String>> {
        let loss = self.check().err()?;
        let mut through_handle = Vec::new();
        let read = self
            .file
            .seek(SeekFrom::Start(0))
            .and_then(|_| self.file.read_to_end(&mut through_handle));
        let bytes = if read.is_ok() && through_handle == self.mirror {
            through_handle
        } else {
            self.mirror.clone()
        };
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_else(|| "file".into());
        let beside = recovered_path(&self.path);
        let fallback = PathBuf::from(format!(
            "{}-{}{RECOVERED_SUFFIX}",
            self.path
                .parent()
                .and_then(|p| p.file_name())
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default(),
            name
        ));
        for target in [beside, fallback] {
            if crate::files::write_atomically(&target, &bytes).is_ok() {
                return Some(Ok((target, loss)));
            }
        }
        Some(Err(format!(
            "{} {loss}, and its {} bytes could not be saved anywhere",
            self.path.display(),
            bytes.len()
        )))
    }
}

/// `FILE.recovered`.
pub fn recovered_path(path: &Path) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(RECOVERED_SUFFIX);
    PathBuf::from(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("umax-rundir-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_lock_is_counted_within_the_process() {
        let d = tmp("lock");
        let a = DirLock::acquire(&d).unwrap();
        let b = DirLock::acquire(&d).unwrap();
        drop(a);
        drop(b);
        let again = DirLock::acquire(&d).unwrap();
        drop(again);
        assert!(is_empty_dir(&d).unwrap(), "the lock file does not count");
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn guarded_notices_every_loss_and_salvages_what_it_wrote() {
        let d = tmp("guard");
        let p = d.join("f.csv");
        fs::write(&p, b"h\n").unwrap();
        let mut g = Guarded::open(&p).unwrap();
        g.append(b"1\n").unwrap();
        // replaced
        crate::files::write_atomically(&p, b"h\n").unwrap();
        assert!(matches!(
            g.append(b"2\n"),
            Err(AppendError::Lost {
                loss: Loss::Replaced,
                ..
            })
        ));
        let (saved, loss) = g.salvage().unwrap().unwrap();
        assert_eq!(loss, Loss::Replaced);
        assert_eq!(fs::read(&saved).unwrap(), b"h\n1\n");
        // truncated in place
        let mut g = Guarded::open(&p).unwrap();
        g.append(b"x\n").unwrap();
        OpenOptions::new()
            .write(true)
            .open(&p)
            .unwrap()
            .set_len(1)
            .unwrap();
        assert!(matches!(
            g.check(),
            Err(Loss::Resized {
                expected: 4,
                found: 1
            })
        ));
        let (saved, _) = g.salvage().unwrap().unwrap();
        assert_eq!(
            fs::read(&saved).unwrap(),
            b"h\nx\n",
            "from the copy in memory"
        );
        // deleted
        let mut g = Guarded::open(&p).unwrap();
        fs::remove_file(&p).unwrap();
        assert_eq!(g.check(), Err(Loss::Deleted));
        assert!(g.salvage().is_some());
        fs::remove_dir_all(&d).unwrap();
    }
}
