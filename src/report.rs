//! `umax report`: the summary of a match from its `games.csv` rows (one file or several
//! shards): score, Elo, LOS, pentanomial, time and node ratios, identical pairs, terminations.
//!
//! Everything is from the test build's point of view (test vs base, `sd` vs `old` by default;
//! the names come from the rows' `builds=`). Rows are sorted by game
//! number before anything is summed, so the order of shards and rows never changes a digit,
//! and `summary.csv` is a pure function of the rows: floats with 6 decimals, no timestamps.
//!
//! The [`Summary`] type, its computation and `summary.csv` are in [`crate::match_summary`]; which
//! files a report writes, and how, in [`crate::formats`].

use crate::formats::{Output, render, write_files};
use crate::games_csv::GameRow;
pub use crate::match_summary::MatchReport;
pub use crate::match_summary::{
    SUMMARY_COLUMNS, Summary, score_interval, summarize, summary_columns, summary_csv,
};
use crate::settings::Settings;
use crate::stats::{Results, Sprt};
use crate::text::{fixed, fixed_opt};
use std::collections::HashMap;
use std::error::Error;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The summary as text, in the style of cutechess-cli and fastchess.
/// [`crate::text::UNDEFINED`] (`—`) stands for an estimate the games cannot carry (see
/// [`crate::stats`]).
pub fn print_summary(s: &Summary) -> String {
    let mut out = String::new();
    let pct = |x: f64| fixed(100.0 * x, 2);
    let _ = writeln!(out, "Settings: {}", s.settings);
    let _ = writeln!(
        out,
        "Score of {} vs {}: {} - {} - {}  [{}] {}",
        s.test,
        s.base,
        s.wins,
        s.losses,
        s.draws,
        fixed(s.score, 3),
        s.games
    );
    let _ = writeln!(out, "Score 95% interval: {}", score_interval(s));
    let _ = writeln!(
        out,
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        fixed_opt(s.elo, 2),
        fixed_opt(s.elo_pm, 2),
        pct(s.los),
        pct(s.draw_ratio)
    );
    let p = s.pentanomial;
    let _ = writeln!(
        out,
        "Ptnml(0-2): [{}, {}, {}, {}, {}], pairs: {}, Elo: {} +/- {}",
        p[0],
        p[1],
        p[2],
        p[3],
        p[4],
        s.pairs,
        fixed_opt(s.ptnml_elo, 2),
        fixed_opt(s.ptnml_elo_pm, 2)
    );
    let _ = writeln!(
        out,
        "Identical pairs: {} of {} (both games of the pair have the same moves)",
        s.identical_pairs, s.pairs
    );
    let _ = writeln!(
        out,
        "Time ratio {}/{}: {} CPU ({} s / {} s), {} wall",
        s.test,
        s.base,
        fixed_opt(s.time_ratio, 3),
        fixed(s.test_cpu_s, 2),
        fixed(s.base_cpu_s, 2),
        fixed_opt(s.wall_ratio, 3)
    );
    let _ = writeln!(
        out,
        "Node ratio {}/{}: {} ({} / {} nodes)",
        s.test,
        s.base,
        fixed_opt(s.node_ratio, 3),
        s.test_nodes,
        s.base_nodes
    );
    let _ = writeln!(
        out,
        "Mean depth: {} {}, {} {}",
        s.test,
        fixed(s.test_mean_depth, 2),
        s.base,
        fixed(s.base_mean_depth, 2)
    );
    let _ = writeln!(out, "Terminations:");
    let width = s.terminations.keys().map(String::len).max().unwrap_or(0);
    for (name, n) in &s.terminations {
        let _ = writeln!(
            out,
            "  {name:<width$}  {n:>6}  {:>6} %",
            pct(*n as f64 / s.games as f64)
        );
    }
    out
}

/// The text summary as an [`Output`] of a match report: [`print_summary`], then the
/// [`sprt_line`] if an SPRT was asked for.
pub struct SummaryText;

impl Output<MatchReport> for SummaryText {
    fn name(&self) -> &str {
        "text summary"
    }

    fn write(&self, report: &MatchReport, w: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        w.write_all(print_summary(&report.summary).as_bytes())?;
        if let Some(sprt) = &report.sprt {
            w.write_all(sprt_line(&report.summary, sprt).as_bytes())?;
        }
        Ok(())
    }
}

/// One line on an SPRT run on the summary (pairs when there are complete pairs, else games).
/// While the data cannot carry a decision, the status says why (see [`crate::stats::llr`]).
pub fn sprt_line(s: &Summary, sprt: &Sprt) -> String {
    let results = s.sprt_results();
    let on = match results {
        Results::Pentanomial(_) => "pairs",
        Results::Trinomial(_) => "games",
    };
    let status = match results.decidable() {
        Ok(()) => sprt.status(&results).to_string(),
        Err(why) => format!("{} ({why})", sprt.status(&results)),
    };
    format!(
        "SPRT: llr {} ({} .. {}) [{}, {}] alpha {} beta {} on {on}: {status}\n",
        fixed(sprt.llr(&results), 3),
        fixed(sprt.lower_bound(), 3),
        fixed(sprt.upper_bound(), 3),
        sprt.elo0,
        sprt.elo1,
        sprt.alpha,
        sprt.beta,
    )
}

/// Reads `games.csv` files (shards of one match) into one list of rows, each with
/// [`crate::games_csv::read_games_csv`] (the reader `umax match --resume` uses: an incomplete last
/// line is left out, with a note on stderr). Refuses a game number seen twice and rows of
/// different matches (settings that differ in more than a grown match's size), naming the
/// files.
pub fn read_games(paths: &[PathBuf]) -> Result<Vec<GameRow>, String> {
    let mut rows: Vec<GameRow> = Vec::new();
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let mut settings: Option<(Settings, usize)> = None;
    for (file_index, path) in paths.iter().enumerate() {
        let name = path.display();
        let file = crate::games_csv::read_games_csv(path)?;
        if let Some(note) = file.partial_note(path) {
            eprintln!("umax: {note}");
        }
        for row in file.rows {
            if let Some(&earlier) = seen.get(&row.game) {
                return Err(format!(
                    "game {} appears in both {} and {name}",
                    row.game,
                    paths[earlier].display()
                ));
            }
            seen.insert(row.game, file_index);
            match &settings {
                None => settings = Some((Settings::parse(&row.settings), file_index)),
                Some((s, at)) if !s.same_match(&Settings::parse(&row.settings)) => {
                    return Err(crate::text::escape(&format!(
                        "mixed settings: {} has '{}' but {name} (game {}) has '{}'",
                        paths[*at].display(),
                        s.condition(),
                        row.game,
                        row.settings
                    )));
                }
                Some(_) => {}
            }
            rows.push(row);
        }
    }
    if rows.is_empty() {
        return Err("no games in the given files".into());
    }
    rows.sort_by_key(|r| r.game);
    Ok(rows)
}

/// What `umax report` was asked to do.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    pub csv: Vec<PathBuf>,
    /// Where `summary.csv` and the plots go; `None`: the directory of the first CSV.
    pub out: Option<PathBuf>,
    pub plots: bool,
    pub sprt: Option<Sprt>,
    /// Merge several files even when games of the match are missing (see
    /// [`check_merge_complete`]); for looking at shards still running.
    pub allow_partial: bool,
}

/// `umax report`: reads and merges the CSVs, writes `summary.csv` (and the plots), and returns
/// the text to print and the files written (which outputs, and how: [`crate::formats`]).
pub fn run(opts: &ReportOptions) -> Result<(String, Vec<PathBuf>), String> {
    let first = opts.csv.first().ok_or("no games.csv given")?;
    let rows = read_games(&opts.csv)?;
    if opts.csv.len() > 1 && !opts.allow_partial {
        check_merge_complete(&opts.csv, &rows)?;
    }
    let report = MatchReport::new(rows, opts.sprt)?;
    let out = match &opts.out {
        Some(dir) => dir.clone(),
        None => match first.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        },
    };
    // a directory holding another run's rows keeps its own summary and plots
    let there = out.join("games.csv");
    if there.is_file() {
        let same = |p: &PathBuf| match (p.canonicalize(), there.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if !opts.csv.iter().any(same) {
            return Err(format!(
                "--out {}: it holds another run's games.csv, whose summary and plots this report would replace; write it elsewhere",
                out.display()
            ));
        }
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    // one writer per directory: not into a run's directory while it runs (its own summary at
    // the end takes the lock it holds)
    let _lock = crate::rundir::DirLock::acquire(&out).map_err(|e| {
        format!("{e}\n(to look at a running run, write the report elsewhere: --out DIR)")
    })?;
    write_report(&out, &report, opts.plots)
}

/// A merge of several `games.csv` (the shards of one match) must be the whole match: every
/// game `1..=G` present, `G` being the largest `games=G` of the rows' settings (a grown
/// match's size; rows without it are not checked). Otherwise refuses, naming each file whose shard lacks games (its shard is the
/// last `shard: K/N` line of the `command.txt` beside it, which pairs `p` with
/// `(p-1) % N == K-1`) and which games, and the missing games no given file's shard plays.
/// A single file is never checked: the report of a run in progress is normal.
pub fn check_merge_complete(paths: &[PathBuf], rows: &[GameRow]) -> Result<(), String> {
    let Some(total) = crate::games_csv::recorded_size(rows) else {
        return Ok(());
    };
    let present: std::collections::HashSet<u64> = rows.iter().map(|r| r.game).collect();
    let mut missing: Vec<u64> = (1..=total).filter(|g| !present.contains(g)).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut problems = Vec::new();
    for path in paths {
        let Some(shard) = std::fs::read_to_string(path.with_file_name("command.txt"))
            .ok()
            .and_then(|text| {
                text.lines()
                    .filter_map(|l| l.strip_prefix("shard:"))
                    .next_back()
                    .and_then(|s| s.trim().parse::<crate::games_csv::Shard>().ok())
            })
        else {
            continue;
        };
        let plays = |g: &u64| shard.plays_pair(g.div_ceil(2));
        let lacks: Vec<u64> = missing.iter().copied().filter(plays).collect();
        if !lacks.is_empty() {
            let expected = (1..=total).filter(plays).count();
            problems.push(format!(
                "{} (shard {shard}) lacks {} of its {expected} games: {}",
                path.display(),
                lacks.len(),
                game_ranges(&lacks)
            ));
            missing.retain(|g| !plays(g));
        }
    }
    if !missing.is_empty() {
        problems.push(format!(
            "games {} are in no given file (a shard not given, or no command.txt beside its games.csv)",
            game_ranges(&missing)
        ));
    }
    Err(format!(
        "incomplete merge: the match has {total} games (games={total} in the settings) but {}; \
         finish a shard with `umax match <its options> --resume --out <its directory>`, \
         or pass --allow-partial to report the games there are",
        problems.join("; ")
    ))
}

/// Sorted game numbers as ranges: `3-4, 11-12, 19`; at most 12 ranges, then `...`.
fn game_ranges(games: &[u64]) -> String {
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    for &g in games {
        match ranges.last_mut() {
            Some((_, hi)) if *hi + 1 == g => *hi = g,
            _ => ranges.push((g, g)),
        }
    }
    let mut parts: Vec<String> = ranges
        .iter()
        .take(12)
        .map(|&(lo, hi)| {
            if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}-{hi}")
            }
        })
        .collect();
    if ranges.len() > 12 {
        parts.push("...".into());
    }
    parts.join(", ")
}

/// The files `umax report` (and the end of `umax match`) writes into its output directory,
/// always; first, so a plot that cannot be drawn leaves the summary written.
pub const SUMMARY_FILES: [&dyn Output<MatchReport>; 1] = [&crate::match_summary::SummaryCsv];

/// The plots, written after [`SUMMARY_FILES`] unless `--no-plots`.
pub const PLOT_FILES: [&dyn Output<MatchReport>; 3] = [
    &crate::plot::SCORE,
    &crate::plot::RUNNING_SCORE,
    &crate::plot::RATIOS,
];

/// What `umax report` prints.
pub const TEXT: &dyn Output<MatchReport> = &SummaryText;

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
