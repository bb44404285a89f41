//! One writer per run directory: an exclusive `flock` on `DIR/.umax-lock`.

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::MetadataExt;
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The lock file in a run directory (ignored where a directory must be empty).
pub const LOCK_FILE: &str = ".umax-lock";

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rundir::tests::tmp;

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
}
