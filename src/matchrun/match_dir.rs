//! The run directory: `games.csv` (one row per game, appended and flushed as each game ends),
//! the per-game outputs of [`GAME_FILES`] (`games.pgn`; likewise, written
//! before the row), `command.txt`. Every check that can fail is done before anything is
//! created, so a bad command line leaves nothing behind.

use super::options::MatchOptions;
use crate::formats::{GameOutput, GameRecord};
use crate::games_csv::GameRow;
use std::fs;
use std::path::{Path, PathBuf};

pub const GAMES_CSV: &str = "games.csv";
pub use super::pgn::GAMES_PGN;
pub use crate::rundir::COMMAND_TXT;

pub use crate::text::{Utc, utc_now};

pub use crate::games_csv::csv_header;

/// The rows of a `games.csv` and the length of its complete lines, by the one reader
/// ([`crate::games_csv::read_games_csv`]).
pub fn read_rows(path: &Path) -> Result<(Vec<GameRow>, u64), String> {
    let file = crate::games_csv::read_games_csv(path)?;
    Ok((file.rows, file.complete_len))
}

/// What to do with the output directory; decided before anything is written.
#[derive(Debug)]
pub enum DirPlan {
    /// A new directory `runs/<timestamp>-<budget>` (a suffix is added if it exists).
    NewDefault { base: PathBuf },
    /// Create (or use, if empty) the directory the user named.
    Fresh(Checked),
    /// Continue the run in this directory: its rows so far.
    Resume { dir: Checked, rows: Vec<GameRow> },
}

use crate::rundir::{AppendError, Checked, CsvAppender, DirLock, Guarded};

/// Checks the output directory ([`crate::rundir::check`]: locked if it exists, nothing
/// written) and, on `--resume`, the settings of its rows.
pub fn plan(opts: &MatchOptions, settings: &str) -> Result<DirPlan, String> {
    let Some(path) = opts.out.clone() else {
        let base =
            PathBuf::from("runs").join(format!("{}-{}", utc_now().compact(), opts.budget.tag()));
        return Ok(DirPlan::NewDefault { base });
    };
    let dir = crate::rundir::check(&path, opts.resume, GAMES_CSV)?;
    if !opts.resume {
        return Ok(DirPlan::Fresh(dir));
    }
    let csv = path.join(GAMES_CSV);
    let file = crate::games_csv::read_games_csv(&csv)?;
    if let Some(note) = file.partial_note(&csv) {
        eprintln!("umax match: {note}");
    }
    // A match grows (a larger --games) and never shrinks: the rows' settings are compared
    // without the size, then the size.
    crate::rundir::check_match_settings(
        &csv,
        file.rows.iter().map(|r| r.settings.as_str()),
        settings,
    )?;
    if let Some(size) = crate::games_csv::recorded_size(&file.rows) {
        if opts.games < size {
            return Err(format!(
                "{}: a match of {size} games, which --games {} would shrink (a match grows, it does not shrink); resume with --games {size} or more (nothing was written)",
                csv.display(),
                opts.games
            ));
        }
        // a tournament's pairing plays the tournament's games per pairing, no more
        if opts.games > size
            && let Some(parent) = path.parent()
            && let Some(name) = path.file_name().and_then(|n| n.to_str())
            && crate::ratings::recorded_pairings(parent)?
                .is_some_and(|listed| listed.iter().any(|p| p == name))
        {
            return Err(format!(
                "{}: a pairing of the tournament in {} ({size} games a pairing, as its tournament.txt records); a pairing does not grow on its own (nothing was written)",
                path.display(),
                parent.display()
            ));
        }
    }
    if let Some(r) = file
        .rows
        .iter()
        .find(|r| r.game == 0 || r.game > opts.games)
    {
        return Err(format!(
            "{}: holds game {}, which a match of --games {} does not have; refusing to resume (nothing was written)",
            csv.display(),
            r.game,
            opts.games
        ));
    }
    if !file.rows.is_empty() {
        for output in GAME_FILES {
            let p = path.join(output.name());
            if !p.is_file() {
                return Err(format!(
                    "{}: missing while {} holds {} games, whose records it kept; refusing to resume (nothing was written): put it back (from {}{} if the run saved it there, or from a copy), or move the run aside to start afresh",
                    p.display(),
                    GAMES_CSV,
                    file.rows.len(),
                    output.name(),
                    crate::rundir::RECOVERED_SUFFIX
                ));
            }
        }
    }
    Ok(DirPlan::Resume {
        dir,
        rows: file.rows,
    })
}

/// The open run directory: locked for this process ([`DirLock`]), its files appended to in
/// whole records and checked before every append ([`Guarded`]).
pub struct MatchDir {
    pub path: PathBuf,
    csv: CsvAppender,
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

impl MatchDir {
    /// Creates (or reopens, on resume) the directory and its files; a new games.csv gets the
    /// header of `builds`. Returns the rows already played.
    pub fn open(
        plan: DirPlan,
        builds: crate::pairing::Pairing,
    ) -> Result<(MatchDir, Vec<GameRow>), String> {
        let (path, rows, lock) = match plan {
            DirPlan::NewDefault { base } => {
                let path = create_unique(&base)?;
                let lock = DirLock::acquire(&path)?;
                (path, Vec::new(), lock)
            }
            DirPlan::Fresh(dir) => (dir.path.clone(), Vec::new(), dir.create()?),
            DirPlan::Resume { dir, rows } => (dir.path.clone(), rows, dir.create()?),
        };
        let header =
            crate::rundir::record_line(&csv_header(builds.base.name(), builds.test.name()))?;
        // a torn last line is dropped, as games.csv's reader drops it
        let csv = CsvAppender::open(&path.join(GAMES_CSV), &header)?;
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
            MatchDir {
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
        self.csv.check().map_err(|loss| AppendError::Lost {
            path: self.csv.path().clone(),
            loss,
        })?;
        for f in self.appended.iter().map(|a| &a.file) {
            f.check().map_err(|loss| AppendError::Lost {
                path: f.path.clone(),
                loss,
            })?;
        }
        let mut written = Vec::new();
        for a in &mut self.appended {
            let bytes = crate::formats::render(a.output, record).map_err(|e| {
                AppendError::Io(format!("cannot write {}: {e}", a.file.path.display()))
            })?;
            a.file.append(&bytes)?;
            written.push(bytes.len());
        }
        let row = crate::rundir::row_line(&record.row).map_err(|e| {
            AppendError::Io(format!("cannot write {}: {e}", self.csv.path().display()))
        })?;
        if let Err(e) = self.csv.append_raw(&row) {
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
        let saved = |path: PathBuf, r: Result<(PathBuf, crate::rundir::Loss), String>| match r {
            Ok((saved, loss)) => format!(
                "{} {loss}: everything this run wrote into it is saved in {}",
                path.display(),
                saved.display()
            ),
            Err(e) => e,
        };
        let mut lines = Vec::new();
        let path = self.csv.path().clone();
        if let Some(r) = self.csv.salvage() {
            lines.push(saved(path, r));
        }
        for f in self.appended.iter_mut().map(|a| &mut a.file) {
            let path = f.path.clone();
            if let Some(r) = f.salvage() {
                lines.push(saved(path, r));
            }
        }
        lines
    }

    /// Appends this start's (or resume's) block to `command.txt`
    /// ([`crate::rundir::append_command`]).
    pub fn write_command(
        &self,
        opts: &MatchOptions,
        resumed: bool,
        notes: &[&str],
    ) -> Result<(), String> {
        crate::rundir::append_command(
            &self.path,
            &opts.command_line,
            resumed,
            &[
                ("nproc", super::options::default_concurrency().to_string()),
                ("concurrency", opts.concurrency.to_string()),
                ("shard", opts.shard.to_string()),
            ],
            &notes.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
        )
    }
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
}
