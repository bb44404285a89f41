//! A run's CSV file, appended to as the run goes: its header written once, each row (or group
//! of rows) one whole write through [`Guarded`], on disk before the run goes on.

use super::guarded::{AppendError, Guarded, Loss};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// An append-only CSV, checked before every append ([`Guarded`]).
#[derive(Debug)]
pub struct CsvAppender {
    file: Guarded,
}

/// The length of the complete lines of `bytes` (up to and including its last newline): what a
/// run killed in the middle of a write left whole.
pub fn complete_len(bytes: &[u8]) -> usize {
    bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
}

/// One CSV record, as its line.
pub fn record_line<I, T>(fields: I) -> Result<Vec<u8>, String>
where
    I: IntoIterator<Item = T>,
    T: AsRef<[u8]>,
{
    let mut w = line_writer();
    w.write_record(fields).map_err(|e| e.to_string())?;
    w.into_inner().map_err(|e| e.to_string())
}

/// A headerless CSV writer into memory, each record ending in `\n`.
fn line_writer() -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new()
        .has_headers(false)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new())
}

/// One row of a serde type, as its line.
pub fn row_line<T: Serialize>(row: &T) -> Result<Vec<u8>, String> {
    let mut w = line_writer();
    w.serialize(row).map_err(|e| e.to_string())?;
    w.into_inner().map_err(|e| e.to_string())
}

impl CsvAppender {
    /// Opens `path` (creating it) for appending. A torn last line (a run killed in the middle
    /// of a write) is cut off, so appended rows start on a line of their own; a file empty
    /// then gets `header` (one line, ending with a newline).
    pub fn open(path: &Path, header: &[u8]) -> Result<CsvAppender, String> {
        if let Ok(bytes) = std::fs::read(path) {
            let whole = complete_len(&bytes);
            if whole < bytes.len() {
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .and_then(|f| f.set_len(whole as u64))
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            }
        }
        let mut file = Guarded::open(path)?;
        if file.is_empty() {
            file.append(header).map_err(|e| e.to_string())?;
        }
        Ok(CsvAppender { file })
    }

    pub fn path(&self) -> &PathBuf {
        &self.file.path
    }

    /// Appends whole lines (one or several rows) in one write, on disk when it returns. A file
    /// lost underneath the run is saved beside it ([`Guarded::salvage`]) and the error says
    /// where.
    pub fn append(&mut self, lines: &[u8]) -> Result<(), String> {
        let e = match self.file.append(lines) {
            Ok(()) => return Ok(()),
            Err(e) => e,
        };
        if let AppendError::Lost { .. } = e
            && let Some(Ok((saved, _))) = self.file.salvage()
        {
            return Err(format!(
                "{e}; every row this run wrote into it is saved in {} (put it back in place, then --resume)",
                saved.display()
            ));
        }
        Err(e.to_string())
    }

    /// Appends one row of a serde type ([`CsvAppender::append`]).
    pub fn append_row<T: Serialize>(&mut self, row: &T) -> Result<(), String> {
        let line =
            row_line(row).map_err(|e| format!("cannot write {}: {e}", self.path().display()))?;
        self.append(&line)
    }

    /// The plain append, for a run that handles a lost file itself (a match's game spans
    /// several files, saved together).
    pub fn append_raw(&mut self, lines: &[u8]) -> Result<(), AppendError> {
        self.file.append(lines)
    }

    /// [`Guarded::check`].
    pub fn check(&self) -> Result<(), Loss> {
        self.file.check()
    }

    /// [`Guarded::salvage`].
    pub fn salvage(&mut self) -> Option<Result<(PathBuf, Loss), String>> {
        self.file.salvage()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rundir::tests::tmp;

    #[test]
    fn the_header_is_written_once_and_a_torn_line_dropped() {
        let d = tmp("appender");
        let p = d.join("rows.csv");
        let mut a = CsvAppender::open(&p, b"a,b\n").unwrap();
        a.append(b"1,2\n").unwrap();
        a.append_row(&(3, "x,y")).unwrap();
        drop(a);
        // reopened (a resume), after a run killed in the middle of a row
        let mut f = std::fs::OpenOptions::new().append(true).open(&p).unwrap();
        std::io::Write::write_all(&mut f, b"5,").unwrap();
        let mut a = CsvAppender::open(&p, b"a,b\n").unwrap();
        a.append(b"7,8\n").unwrap();
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            "a,b\n1,2\n3,\"x,y\"\n7,8\n"
        );
        assert_eq!(
            record_line(["a", "b c", "d\"e"]).unwrap(),
            b"a,b c,\"d\"\"e\"\n"
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_lost_file_is_saved_and_named() {
        let d = tmp("appender-lost");
        let p = d.join("rows.csv");
        let mut a = CsvAppender::open(&p, b"a\n").unwrap();
        a.append(b"1\n").unwrap();
        std::fs::remove_file(&p).unwrap();
        let e = a.append(b"2\n").unwrap_err();
        assert!(e.contains("was deleted"), "{e}");
        assert!(
            e.contains("every row this run wrote into it is saved in")
                && e.contains("rows.csv.recovered (put it back in place, then --resume)"),
            "{e}"
        );
        assert_eq!(
            std::fs::read_to_string(d.join("rows.csv.recovered")).unwrap(),
            "a\n1\n"
        );
        std::fs::remove_dir_all(&d).unwrap();
    }
}
