//! Every output format behind one trait, [`Output`], and the one place that decides which
//! outputs are written, where, and how (atomically, through [`crate::files`]).
//!
//! # The shape
//!
//! An [`Output<D>`] is a format: a name and a `write` of some data `D` as bytes. It is generic
//! over its input because the formats honestly read different things:
//!
//! * a finished match, [`MatchReport`] (its rows and their summary): `summary.csv`
//!   ([`crate::summary::SummaryCsv`]), the text summary ([`crate::report::SummaryText`]) and
//!   the plots ([`crate::plot::Plot`]);
//! * one game as it ends, [`GameRecord`]: `games.pgn` ([`crate::matchrun::pgn::Pgn`]),
//!   appended during the match. A per-game output is a [`GameOutput`]: an `Output<GameRecord>`
//!   that also says what to keep of its file on `--resume`;
//! * the depth table of `umax bench --depth`: the bench CSV ([`crate::bench::DepthCsv`]).
//!
//! One trait with a type parameter, rather than one trait per input, keeps "a format" one
//! idea with one test shape (write it into a `Vec`), while the compiler still refuses a plot
//! where a per-game output is expected. `games.csv` is not an output here: it is the record
//! the others are made from, read back by `--resume` and `umax report` (see `crate::games`).
//!
//! # Adding a format
//!
//! One file with a unit struct (or a value, like [`crate::plot::Plot`]) implementing
//! `Output<D>`, and its line in one list: [`SUMMARY_FILES`] or [`PLOT_FILES`] (written by
//! `umax report` and at the end of `umax match`), or [`GAME_FILES`] (appended per game).
//!
//! The writers themselves stay beside the code they format (`summary_csv`, `print_summary`,
//! the plot drawing, `pgn::game_text`, `bench::depth_csv`); each `impl Output` only wraps one.

use crate::files::write_atomically;
use crate::games::GameRow;
pub use crate::matchrun::game::GameRecord;
use crate::stats::Sprt;
use crate::summary::{Summary, summarize};
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

/// What a finished match's outputs are made from.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The rows, sorted by game.
    pub rows: Vec<GameRow>,
    pub summary: Summary,
    /// The SPRT the text summary reports on, if one was asked for.
    pub sprt: Option<Sprt>,
}

impl MatchReport {
    /// The report of `rows` (sorted here by game): their summary ([`summarize`], whose
    /// refusals it returns) and the SPRT asked for.
    pub fn new(mut rows: Vec<GameRow>, sprt: Option<Sprt>) -> Result<MatchReport, String> {
        rows.sort_by_key(|r| r.game);
        let summary = summarize(&rows)?;
        Ok(MatchReport {
            rows,
            summary,
            sprt,
        })
    }
}

/// The files `umax report` (and the end of `umax match`) writes into its output directory,
/// always; first, so a plot that cannot be drawn leaves the summary written.
pub const SUMMARY_FILES: [&dyn Output<MatchReport>; 1] = [&crate::summary::SummaryCsv];

/// The plots, written after [`SUMMARY_FILES`] unless `--no-plots`.
pub const PLOT_FILES: [&dyn Output<MatchReport>; 3] = [
    &crate::plot::SCORE,
    &crate::plot::RUNNING_SCORE,
    &crate::plot::RATIOS,
];

/// What `umax report` prints.
pub const TEXT: &dyn Output<MatchReport> = &crate::report::SummaryText;

/// The files `umax match` appends to as each game ends.
pub const GAME_FILES: [&dyn GameOutput; 1] = [&crate::matchrun::pgn::Pgn];

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

/// The files of a match report: [`SUMMARY_FILES`], then [`PLOT_FILES`] if `plots`.
pub fn report_files(plots: bool) -> Vec<&'static dyn Output<MatchReport>> {
    let mut files = SUMMARY_FILES.to_vec();
    if plots {
        files.extend(PLOT_FILES);
    }
    files
}

/// Writes the files of a match report into `dir` ([`report_files`]) and returns them with the
/// text to print ([`TEXT`]).
pub fn write_report(
    dir: &Path,
    report: &MatchReport,
    plots: bool,
) -> Result<(String, Vec<PathBuf>), String> {
    let written = write_files(dir, &report_files(plots), report)?;
    let text = render(TEXT, report)
        .map_err(|e| format!("cannot write the {}: {e}", TEXT.name()))
        .and_then(|bytes| String::from_utf8(bytes).map_err(|e| e.to_string()))?;
    Ok((text, written))
}
