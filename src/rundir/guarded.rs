//! A file appended to in whole records, checked before every append; salvaged when lost.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// The suffix of a file saved by [`Guarded::salvage`].
pub const RECOVERED_SUFFIX: &str = ".recovered";

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

    /// Whether nothing is written in it.
    pub fn is_empty(&self) -> bool {
        self.len == 0
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
    use crate::rundir::tests::tmp;

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
