//! The run directory: `games.csv` (one row per game, appended and flushed as each game ends),
//! the per-game outputs of [`GAME_FILES`] (`games.pgn`; likewise, written
//! before the row), `command.txt`. Every check that can fail is done before anything is
//! created, so a bad command line leaves nothing behind.

use super::options::MatchOptions;
use crate::games::GameRow;
use crate::outputs::{GameOutput, GameRecord};
use crate::settings::Settings;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

pub const GAMES_CSV: &str = "games.csv";
pub use super::pgn::GAMES_PGN;
pub const COMMAND_TXT: &str = "command.txt";

pub use crate::text::{Utc, utc_now};

pub use crate::games::csv_header;

/// The rows of a `games.csv` and the length of its complete lines, by the one reader
/// ([`crate::games::read_games_csv`]).
pub fn read_rows(path: &Path) -> Result<(Vec<GameRow>, u64), String> {
    let file = crate::games::read_games_csv(path)?;
    Ok((file.rows, file.complete_len))
}

/// What to do with the output directory; decided without touching the disk.
#[derive(Debug)]
pub enum DirPlan {
    /// A new directory `runs/<timestamp>-<budget>` (a suffix is added if it exists).
    NewDefault { base: PathBuf },
    /// Create (or use, if empty) the directory the user named.
    Fresh(PathBuf),
    /// Continue the run in this directory: its rows so far and the length of the complete part
    /// of its `games.csv`.
    Resume {
        path: PathBuf,
        rows: Vec<GameRow>,
        complete_len: u64,
    },
}

use crate::rundir::{AppendError, DirLock, Guarded, is_empty_dir};

/// Checks the output directory (nothing is written).
pub fn plan(opts: &MatchOptions, settings: &str) -> Result<DirPlan, String> {
    let Some(path) = opts.out.clone() else {
        let base =
            PathBuf::from("runs").join(format!("{}-{}", utc_now().compact(), opts.budget.tag()));
        return Ok(DirPlan::NewDefault { base });
    };
    if path.exists() && !path.is_dir() {
        return Err(format!("--out {}: not a directory", path.display()));
    }
    let exists = path.is_dir();
    if !opts.resume {
        if exists && !is_empty_dir(&path)? {
            return Err(format!(
                "--out {}: the directory is not empty (use --resume to continue the run in it, or choose another directory)",
                path.display()
            ));
        }
        return Ok(DirPlan::Fresh(path));
    }
    // --resume never starts a new run: a mistyped directory would silently begin from game 1
    let csv = path.join(GAMES_CSV);
    if !exists || !csv.is_file() {
        return Err(format!(
            "--resume: nothing to resume at {} ({})",
            path.display(),
            if exists {
                format!("no {GAMES_CSV} in it")
            } else {
                "no such directory".to_string()
            }
        ));
    }
    let file = crate::games::read_games_csv(&csv)?;
    if let Some(note) = file.partial_note(&csv) {
        eprintln!("umax match: {note}");
    }
    let (rows, complete_len) = (file.rows, file.complete_len);
    let now = Settings::parse(settings);
    let condition = now.condition();
    if let Some(row) = rows
        .iter()
        .find(|r| Settings::parse(&r.settings).condition() != condition)
    {
        return Err(format!(
            "--resume: {} was written with other settings ({}); resume with the same options or choose another --out",
            csv.display(),
            crate::text::escape(&Settings::parse(&row.settings).diff(&now))
        ));
    }
    Ok(DirPlan::Resume {
        path,
        rows,
        complete_len,
    })
}

/// The open run directory: locked for this process ([`DirLock`]), its files appended to in
/// whole records and checked before every append ([`Guarded`]).
pub struct RunDir {
    pub path: PathBuf,
    csv: Guarded,
    /// The per-game outputs ([`GAME_FILES`]), open for appending.
    appended: Vec<Appended>,
    _lock: DirLock,
}

/// A per-game output and its open file.
struct Appended {
    output: &'static dyn GameOutput,
    file: Guarded,
}

fn io_err(path: &Path, e: std::io::Error) -> String {
    format!("cannot write {}: {e}", path.display())
}

impl RunDir {
    /// Creates (or reopens, on resume) the directory and its files; a new games.csv gets the
    /// header of `builds`. Returns the rows already played.
    /// `lock`: the directory's lock if it existed when the run was planned (taken before its
    /// rows were read); a directory created now is locked here.
    pub fn open(
        plan: DirPlan,
        builds: crate::builds::Pairing,
        lock: Option<DirLock>,
    ) -> Result<(RunDir, Vec<GameRow>), String> {
        let (path, rows, lock) = match plan {
            DirPlan::NewDefault { base } => {
                let path = create_unique(&base)?;
                let lock = DirLock::acquire(&path)?;
                (path, Vec::new(), lock)
            }
            DirPlan::Fresh(path) => {
                fs::create_dir_all(&path).map_err(|e| io_err(&path, e))?;
                let lock = match lock {
                    Some(l) => l,
                    None => DirLock::acquire(&path)?,
                };
                // another run may have started in it since it was planned
                if !is_empty_dir(&path)? {
                    return Err(format!(
                        "--out {}: the directory is not empty (use --resume to continue the run in it, or choose another directory)",
                        path.display()
                    ));
                }
                (path, Vec::new(), lock)
            }
            DirPlan::Resume {
                path,
                rows,
                complete_len,
            } => {
                let csv = path.join(GAMES_CSV);
                // drop a partial last line, so appended rows start on a line of their own
                let f = OpenOptions::new()
                    .write(true)
                    .open(&csv)
                    .map_err(|e| io_err(&csv, e))?;
                f.set_len(complete_len).map_err(|e| io_err(&csv, e))?;
                let lock =
                    lock.ok_or_else(|| format!("{}: resumed without its lock", path.display()))?;
                (path, rows, lock)
            }
        };
        let csv_path = path.join(GAMES_CSV);
        let new_csv = fs::metadata(&csv_path).map_or(true, |m| m.len() == 0);
        let mut csv = Guarded::open(&csv_path)?;
        if new_csv {
            let header = record_bytes(&csv_header(builds.base.name(), builds.test.name()))
                .map_err(|e| format!("cannot write {}: {e}", csv_path.display()))?;
            csv.append(&header).map_err(|e| e.to_string())?;
        }
        // a per-game output keeps only the games games.csv records (e.g. pgn::filter_games)
        let done: std::collections::HashSet<u64> = rows.iter().map(|r| r.game).collect();
        let mut appended = Vec::with_capacity(GAME_FILES.len());
        for output in GAME_FILES {
            let file_path = path.join(output.name());
            if !rows.is_empty() || file_path.exists() {
                let old = fs::read_to_string(&file_path).unwrap_or_default();
                let kept = output.keep(&old, &|g| done.contains(&g));
                if kept != old {
                    crate::files::write_atomically(&file_path, kept.as_bytes())
                        .map_err(|e| io_err(&file_path, e))?;
                }
            }
            appended.push(Appended {
                output,
                file: Guarded::open(&file_path)?,
            });
        }
        Ok((
            RunDir {
                path,
                csv,
                appended,
                _lock: lock,
            },
            rows,
        ))
    }

    /// Records a finished game: the per-game outputs (PGN) first, then the row (the row is the
    /// record; a game whose row is missing is played again on resume). Every file is checked
    /// first: one that was lost underneath the run stops it before anything is written. Each
    /// is one whole write, on disk when this returns; a failed write leaves no partial game.
    pub fn append(&mut self, record: &GameRecord) -> Result<(), AppendError> {
        for f in std::iter::once(&self.csv).chain(self.appended.iter().map(|a| &a.file)) {
            f.check().map_err(|loss| AppendError::Lost {
                path: f.path.clone(),
                loss,
            })?;
        }
        let mut written = Vec::new();
        for a in &mut self.appended {
            let bytes = crate::outputs::render(a.output, record).map_err(|e| {
                AppendError::Io(format!("cannot write {}: {e}", a.file.path.display()))
            })?;
            a.file.append(&bytes)?;
            written.push(bytes.len());
        }
        let row = row_bytes(&record.row).map_err(|e| {
            AppendError::Io(format!("cannot write {}: {e}", self.csv.path.display()))
        })?;
        if let Err(e) = self.csv.append(&row) {
            // the game's other records go too, so the files agree
            for (a, n) in self.appended.iter_mut().zip(written) {
                a.file.retract(n);
            }
            return Err(e);
        }
        Ok(())
    }

    /// Saves every file of this directory that was lost underneath the run to `FILE.recovered`
    /// ([`Guarded::salvage`]); one line per file saved (or that could not be).
    pub fn salvage(&mut self) -> Vec<String> {
        std::iter::once(&mut self.csv)
            .chain(self.appended.iter_mut().map(|a| &mut a.file))
            .filter_map(|f| {
                let path = f.path.clone();
                f.salvage().map(|r| match r {
                    Ok((saved, loss)) => format!(
                        "{} {loss}: everything this run wrote into it is saved in {}",
                        path.display(),
                        saved.display()
                    ),
                    Err(e) => e,
                })
            })
            .collect()
    }

    /// Writes (or, on resume, appends to) `command.txt`.
    pub fn write_command(
        &self,
        opts: &MatchOptions,
        resumed: bool,
        calibration: Option<&str>,
    ) -> Result<(), String> {
        let path = self.path.join(COMMAND_TXT);
        let mut text = String::new();
        if resumed {
            text.push_str("\n# resumed\n");
        }
        text.push_str(&format!("command: {}\n", shell_join(&opts.command_line)));
        text.push_str(&format!("commit: {}\n", git_commit()));
        text.push_str(&format!("machine: {}\n", command_output("uname", &["-a"])));
        text.push_str(&format!(
            "nproc: {}\n",
            super::options::default_concurrency()
        ));
        text.push_str(&format!("concurrency: {}\n", opts.concurrency));
        text.push_str(&format!("shard: {}\n", opts.shard));
        text.push_str(&format!("started: {}\n", utc_now().iso()));
        if let Some(line) = calibration {
            text.push_str(&format!("{line}\n"));
        }
        let mut f = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| io_err(&path, e))?;
        f.write_all(text.as_bytes()).map_err(|e| io_err(&path, e))
    }
}

/// One CSV record, as its line.
fn record_bytes(fields: &csv::StringRecord) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_record(fields)?;
    w.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

/// A row of games.csv, as its line.
fn row_bytes(row: &GameRow) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.serialize(row)?;
    w.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

/// Creates `base`, or `base-2`, `base-3`, ... (never an existing directory).
fn create_unique(base: &Path) -> Result<PathBuf, String> {
    if let Some(parent) = base.parent() {
        fs::create_dir_all(parent).map_err(|e| io_err(parent, e))?;
    }
    for n in 1u32.. {
        let path = if n == 1 {
            base.to_path_buf()
        } else {
            PathBuf::from(format!("{}-{n}", base.display()))
        };
        match fs::create_dir(&path) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io_err(&path, e)),
        }
    }
    unreachable!("some suffix is free")
}

/// A command line as it could be pasted into a shell.
fn shell_join(args: &[String]) -> String {
    args.iter()
        .map(|a| crate::text::shell_quote(a))
        .collect::<Vec<_>>()
        .join(" ")
}

fn command_output(cmd: &str, args: &[&str]) -> String {
    std::process::Command::new(cmd)
        .args(args)
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// `git rev-parse HEAD` of the source tree the binary was built from (else of the current
/// directory), `+dirty` if tracked files differ from it; `unknown` without git.
fn git_commit() -> String {
    for dir in [env!("CARGO_MANIFEST_DIR"), "."] {
        let head = command_output("git", &["-C", dir, "rev-parse", "HEAD"]);
        if head != "unknown" {
            let status = command_output(
                "git",
                &["-C", dir, "status", "--porcelain", "--untracked-files=no"],
            );
            let dirty = status != "unknown";
            return if dirty { format!("{head}+dirty") } else { head };
        }
    }
    "unknown".to_string()
}

/// The files `umax match` appends to as each game ends.
pub const GAME_FILES: [&dyn GameOutput; 1] = [&crate::matchrun::pgn::Pgn];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_conversion() {
        assert_eq!(Utc::from_unix(0).iso(), "1970-01-01T00:00:00Z");
        assert_eq!(Utc::from_unix(951_782_400).iso(), "2000-02-29T00:00:00Z");
        assert_eq!(Utc::from_unix(1_795_293_405).iso(), "2026-11-21T20:36:45Z");
        assert_eq!(Utc::from_unix(1_795_293_405).compact(), "20261121-203645");
    }

    #[test]
    fn header_follows_the_row_contract() {
        let h = csv_header("old", "sd");
        assert_eq!(&h[0], "game");
        assert_eq!(&h[h.len() - 1], "settings");
        assert_eq!(h.len(), 20);
    }

    #[test]
    fn shell_quoting() {
        let args: Vec<String> = ["umax", "match", "--out", "a b", "it's"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(shell_join(&args), "umax match --out 'a b' 'it'\\''s'");
    }
}
