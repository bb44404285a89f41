//! Every output format behind one trait, [`Output`], and the one place that decides which
//! outputs are written, where, and how (atomically, through [`crate::files`]).
//!
//! # The shape
//!
//! An [`Output<D>`] is a format: a name and a `write` of some data `D` as bytes. It is generic
//! over its input because the formats honestly read different things:
//!
//! * a finished match, `match_summary::MatchReport` (its rows and their summary): `summary.csv`
//!   (`match_summary::SummaryCsv`), the text summary (`report::SummaryText`) and the plots
//!   (`plot::Plot`);
//! * one game as it ends, [`GameRecord`]: `games.pgn` (`matchrun::pgn::Pgn`),
//!   appended during the match. A per-game output is a [`GameOutput`]: an `Output<GameRecord>`
//!   that also says what to keep of its file on `--resume`;
//! * the depth table of `umax bench --depth`: the bench CSV (`bench::DepthCsv`);
//! * a tournament and its fit, `ratings::Ratings`: `ratings.csv`, `crosstable.csv`,
//!   `ratings.txt` and `ratings.svg` (`ratings::RATINGS_CSV` and its neighbours).
//!
//! One trait with a type parameter, rather than one trait per input, keeps "a format" one
//! idea with one test shape (write it into a `Vec`), while the compiler still refuses a plot
//! where a per-game output is expected. `games.csv` is not an output here: it is the record
//! the others are made from, read back by `--resume` and `umax report` (see `crate::games_csv`).
//!
//! # Adding a format
//!
//! One file with a unit struct (or a value, like `plot::Plot`) implementing `Output<D>`, and
//! its line in the list of its owner: `report::SUMMARY_FILES` or `report::PLOT_FILES`
//! (written by `umax report` and at the end of `umax match`), `ratings::files` (written by
//! `umax tournament`), or `matchrun::match_dir::GAME_FILES` (appended per game). This file holds
//! only the traits and the one atomic writer, below every format (floor 3 of the harness): it
//! names no format, so no format imports it back in a circle.
//!
//! The writers themselves stay beside the code they format (`summary_csv`, `print_summary`,
//! the plot drawing, `pgn::game_text`, `bench::depth_csv`, `ratings::ratings_csv`); each
//! `impl Output` only wraps one.

use crate::files::write_atomically;
pub use crate::games_csv::GameRecord;
use std::error::Error;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One output format: a value of `D` written as bytes.
pub trait Output<D: ?Sized> {
    /// The file it is written to in an output directory (`summary.csv`, `score.svg`,
    /// `games.pgn`); for an output its caller places (the printed text summary, the bench CSV
    /// at `--csv`), what to call it in messages.
    fn name(&self) -> &str;

    /// Writes `data` in this format.
    fn write(&self, data: &D, w: &mut dyn Write) -> Result<(), Box<dyn Error>>;
}

/// A file a match appends to as each game ends, before the game's `games.csv` row (the row is
/// the record: a game without one is played again on `--resume`). `Sync`: the match's worker
/// threads append through it.
pub trait GameOutput: Output<GameRecord> + Sync {
    /// On `--resume`: what to keep of the file's `existing` text, the complete games whose
    /// number `keep` accepts (the games `games.csv` records), each once, in order.
    fn keep(&self, existing: &str, keep: &dyn Fn(u64) -> bool) -> String;
}

/// The bytes of `data` in `output`'s format.
pub fn render<D: ?Sized>(output: &dyn Output<D>, data: &D) -> Result<Vec<u8>, Box<dyn Error>> {
    let mut bytes = Vec::new();
    output.write(data, &mut bytes)?;
    Ok(bytes)
}

/// Writes `path` in `output`'s format, atomically ([`write_atomically`]): a reader never sees
/// it half-written, and a format that fails leaves the old file as it was.
pub fn write_file<D: ?Sized>(
    path: &Path,
    output: &dyn Output<D>,
    data: &D,
) -> Result<(), Box<dyn Error>> {
    let bytes = render(output, data)?;
    write_atomically(path, &bytes)?;
    Ok(())
}

/// Writes each output into `dir` under its name, in order; returns the files written. Stops
/// at the first that fails, naming its file.
pub fn write_files<D: ?Sized>(
    dir: &Path,
    outputs: &[&dyn Output<D>],
    data: &D,
) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::with_capacity(outputs.len());
    for output in outputs {
        let path = dir.join(output.name());
        write_file(&path, *output, data)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}
