//! `umax report`: the summary of a match from its `games.csv` rows (one file or several
//! shards): score, Elo, LOS, pentanomial, time and node ratios, identical pairs, terminations.
//!
//! Everything is from the `sd` build's point of view (sd vs old). Rows are sorted by game
//! number before anything is summed, so the order of shards and rows never changes a digit,
//! and `summary.csv` is a pure function of the rows: floats with 6 decimals, no timestamps.
//!
//! # `summary.csv`
//!
//! One header row and one value row, columns as [`SUMMARY_COLUMNS`], each the [`Summary`]
//! field of that name: `settings`; `games`, `wins`, `draws`, `losses` (sd's); `score`,
//! `score_low`, `score_high` (per game, 0..1, 95%); `elo`, `elo_pm` (logistic, trinomial);
//! `los` (0..1, not percent); `draw_ratio`; `pairs` (complete); `ptnml_ll`, `ptnml_ld`,
//! `ptnml_dd_wl`, `ptnml_wd`, `ptnml_ww`; `ptnml_elo`, `ptnml_elo_pm`; `identical_pairs`;
//! `time_ratio` (CPU), `wall_ratio`, `node_ratio` (sd/old); `sd_cpu_s`, `old_cpu_s`,
//! `sd_wall_s`, `old_wall_s`, `sd_nodes`, `old_nodes` (totals); `sd_mean_depth`,
//! `old_mean_depth`; `terminations` (`name=count` joined by `;`, names sorted). Floats have
//! 6 decimals (see [`fixed6`]).
//!
//! **Empty fields** mean "cannot be estimated from these games" (see [`crate::stats`]): no
//! `score_low`/`score_high` and no `elo_pm` when the games have no spread (one game, all
//! wins, all draws, …), no `elo` at a score of 0 or 1, no `elo_pm` when the score interval
//! reaches 0 or 1, no `ptnml_elo`/`ptnml_elo_pm` without complete pairs (and no
//! `ptnml_elo_pm` when every pair has the same score), no ratio whose denominator is 0. No
//! field is ever `nan` or `inf`; the text summary prints `—` for the same cases.

use crate::games::GameRow;
use crate::matchrun::options::settings_condition;
use crate::stats::{Outcomes, Pentanomial, Results, Sprt, Trinomial};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The columns of `summary.csv`, in order (one header row, one value row).
pub const SUMMARY_COLUMNS: [&str; 33] = [
    "settings",
    "games",
    "wins",
    "draws",
    "losses",
    "score",
    "score_low",
    "score_high",
    "elo",
    "elo_pm",
    "los",
    "draw_ratio",
    "pairs",
    "ptnml_ll",
    "ptnml_ld",
    "ptnml_dd_wl",
    "ptnml_wd",
    "ptnml_ww",
    "ptnml_elo",
    "ptnml_elo_pm",
    "identical_pairs",
    "time_ratio",
    "wall_ratio",
    "node_ratio",
    "sd_cpu_s",
    "old_cpu_s",
    "sd_wall_s",
    "old_wall_s",
    "sd_nodes",
    "old_nodes",
    "sd_mean_depth",
    "old_mean_depth",
    "terminations",
];

/// The summary of a match, from sd's point of view.
///
/// Every float is finite. An estimate the games cannot carry is `None` (see
/// [`crate::stats`]): an interval without spread in the data, an Elo at score 0 or 1 or an Elo
/// interval reaching it, pentanomial Elo without a complete pair, a ratio whose denominator
/// is 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The match settings string shared by every row.
    pub settings: String,
    pub games: u64,
    /// Games sd won, drew, lost.
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// sd's mean score per game and its 95% interval (trinomial, normal approximation).
    pub score: f64,
    pub score_low: Option<f64>,
    pub score_high: Option<f64>,
    /// Logistic Elo of sd over old and the half-width of its 95% interval (trinomial).
    pub elo: Option<f64>,
    pub elo_pm: Option<f64>,
    /// Likelihood of superiority, 0..1 (cutechess: Φ((W-L)/√(W+L))).
    pub los: f64,
    pub draw_ratio: f64,
    /// Complete pairs (both games of the pair present).
    pub pairs: u64,
    /// Complete pairs by sd's pair score 0, ½, 1, 1½, 2: `[LL, LD, DD+WL, WD, WW]`.
    pub pentanomial: [u64; 5],
    /// Logistic Elo and 95% half-width from the pairs (pentanomial).
    pub ptnml_elo: Option<f64>,
    pub ptnml_elo_pm: Option<f64>,
    /// Complete pairs whose two games have the same `moves`.
    pub identical_pairs: u64,
    /// Σ sd CPU seconds / Σ old CPU seconds.
    pub time_ratio: Option<f64>,
    /// Σ sd wall seconds / Σ old wall seconds.
    pub wall_ratio: Option<f64>,
    /// Σ sd nodes / Σ old nodes.
    pub node_ratio: Option<f64>,
    pub sd_cpu_s: f64,
    pub old_cpu_s: f64,
    pub sd_wall_s: f64,
    pub old_wall_s: f64,
    pub sd_nodes: u64,
    pub old_nodes: u64,
    /// Mean over games of the deepest iteration each build completed in the game.
    pub sd_mean_depth: f64,
    pub old_mean_depth: f64,
    /// Games per termination, by name.
    pub terminations: BTreeMap<String, u64>,
}

impl Summary {
    /// The results an SPRT runs on: the pairs when there are complete pairs, else the games.
    pub fn sprt_results(&self) -> Results {
        if self.pairs > 0 {
            Results::Pentanomial(Pentanomial::new(self.pentanomial))
        } else {
            Results::Trinomial(Trinomial::new(self.wins, self.draws, self.losses))
        }
    }

    /// The values of `summary.csv`, in [`SUMMARY_COLUMNS`] order.
    pub fn csv_values(&self) -> Vec<String> {
        let terminations: Vec<String> = self
            .terminations
            .iter()
            .map(|(name, n)| format!("{name}={n}"))
            .collect();
        let mut v = vec![
            self.settings.clone(),
            self.games.to_string(),
            self.wins.to_string(),
            self.draws.to_string(),
            self.losses.to_string(),
        ];
        v.extend(
            [
                Some(self.score),
                self.score_low,
                self.score_high,
                self.elo,
                self.elo_pm,
                Some(self.los),
                Some(self.draw_ratio),
            ]
            .map(opt6),
        );
        v.push(self.pairs.to_string());
        v.extend(self.pentanomial.map(|n| n.to_string()));
        v.extend([opt6(self.ptnml_elo), opt6(self.ptnml_elo_pm)]);
        v.push(self.identical_pairs.to_string());
        v.extend([self.time_ratio, self.wall_ratio, self.node_ratio].map(opt6));
        v.extend(
            [
                self.sd_cpu_s,
                self.old_cpu_s,
                self.sd_wall_s,
                self.old_wall_s,
            ]
            .map(fixed6),
        );
        v.extend([self.sd_nodes.to_string(), self.old_nodes.to_string()]);
        v.extend([fixed6(self.sd_mean_depth), fixed6(self.old_mean_depth)]);
        v.push(terminations.join(";"));
        v
    }
}

/// A `summary.csv` float: exactly 6 decimals, never `-0.000000`; an empty field for a value
/// that is not finite (which [`Summary`] never holds).
pub fn fixed6(x: f64) -> String {
    if x.is_finite() {
        fixed(x, 6)
    } else {
        String::new()
    }
}

/// [`fixed6`] of an estimate; an empty field when there is none.
fn opt6(x: Option<f64>) -> String {
    x.map_or_else(String::new, fixed6)
}

/// What the text summary and the plots print for an estimate that cannot be made.
pub const UNDEFINED: &str = "—";

/// A float with `decimals` decimals, no negative zero; [`UNDEFINED`] for a value that is not
/// finite.
pub fn fixed(x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return UNDEFINED.into();
    }
    let s = format!("{x:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|c| c == b'0' || c == b'.') => rest.to_string(),
        _ => s,
    }
}

/// [`fixed`] of an estimate; [`UNDEFINED`] when there is none.
pub fn fixed_opt(x: Option<f64>, decimals: usize) -> String {
    x.map_or_else(|| UNDEFINED.into(), |x| fixed(x, decimals))
}

/// `a / b` when it is a finite number.
fn ratio(a: f64, b: f64) -> Option<f64> {
    let r = a / b;
    r.is_finite().then_some(r)
}

/// Summarizes a match. Refuses an empty list, duplicate game numbers, rows with different
/// `settings`, an `sd_score` other than 0, ½, 1, and a pair with more than two games or two
/// games with the same colours; the error names the games (and the settings).
pub fn summarize(rows: &[GameRow]) -> Result<Summary, String> {
    let first = rows.first().ok_or("no games to summarize")?;
    let mut sorted: Vec<&GameRow> = rows.iter().collect();
    sorted.sort_by_key(|r| r.game);

    let duplicates: Vec<String> = sorted
        .windows(2)
        .filter(|w| w[0].game == w[1].game)
        .map(|w| w[0].game.to_string())
        .collect();
    if !duplicates.is_empty() {
        let mut d = duplicates;
        d.dedup();
        return Err(format!("duplicate game numbers: {}", d.join(", ")));
    }
    let condition = settings_condition(&first.settings);
    if let Some(other) = rows
        .iter()
        .find(|r| settings_condition(&r.settings) != condition)
    {
        return Err(format!(
            "mixed settings: game {} has '{}' but game {} has '{}'",
            first.game, first.settings, other.game, other.settings
        ));
    }

    let mut t = Trinomial::default();
    let mut terminations = BTreeMap::new();
    let (mut sd_cpu, mut old_cpu, mut sd_wall, mut old_wall) = (0.0, 0.0, 0.0, 0.0);
    let (mut sd_nodes, mut old_nodes) = (0u64, 0u64);
    let (mut sd_depth, mut old_depth) = (0i64, 0i64);
    let mut by_pair: BTreeMap<u64, Vec<&GameRow>> = BTreeMap::new();
    for r in &sorted {
        match r.sd_score {
            1.0 => t.wins += 1,
            0.5 => t.draws += 1,
            0.0 => t.losses += 1,
            x => return Err(format!("game {}: sd_score {x} is not 0, 0.5 or 1", r.game)),
        }
        *terminations.entry(r.termination.clone()).or_insert(0) += 1;
        sd_cpu += r.sd_cpu_s;
        old_cpu += r.old_cpu_s;
        sd_wall += r.sd_wall_s;
        old_wall += r.old_wall_s;
        sd_nodes += r.sd_nodes;
        old_nodes += r.old_nodes;
        sd_depth += i64::from(r.sd_depth);
        old_depth += i64::from(r.old_depth);
        by_pair.entry(r.pair).or_default().push(r);
    }

    let mut pentanomial = [0u64; 5];
    let mut identical_pairs = 0;
    for (pair, games) in &by_pair {
        match games.as_slice() {
            [_] => {}
            [a, b] => {
                if a.white == b.white {
                    return Err(format!(
                        "pair {pair}: games {} and {} both have {} as white",
                        a.game, b.game, a.white
                    ));
                }
                // Pair score in half points: 0..=4.
                pentanomial[((a.sd_score + b.sd_score) * 2.0).round() as usize] += 1;
                if a.moves == b.moves {
                    identical_pairs += 1;
                }
            }
            more => {
                let numbers: Vec<String> = more.iter().map(|r| r.game.to_string()).collect();
                return Err(format!(
                    "pair {pair} has more than two games: {}",
                    numbers.join(", ")
                ));
            }
        }
    }

    // `rows` is not empty, so there is at least one game: score, draw ratio and mean depths
    // are defined.
    let interval = t.interval().ok_or("no games to summarize")?;
    let elo = interval.elo();
    let penta = Pentanomial::new(pentanomial).elo();
    let games = t.games();
    Ok(Summary {
        settings: condition,
        games,
        wins: t.wins,
        draws: t.draws,
        losses: t.losses,
        score: interval.score,
        score_low: interval.bounds.map(|b| b.0),
        score_high: interval.bounds.map(|b| b.1),
        elo: elo.elo,
        elo_pm: elo.pm(),
        los: t.los(),
        draw_ratio: t.draw_ratio().unwrap_or(0.0),
        pairs: pentanomial.iter().sum(),
        pentanomial,
        ptnml_elo: penta.and_then(|e| e.elo),
        ptnml_elo_pm: penta.and_then(|e| e.pm()),
        identical_pairs,
        time_ratio: ratio(sd_cpu, old_cpu),
        wall_ratio: ratio(sd_wall, old_wall),
        node_ratio: ratio(sd_nodes as f64, old_nodes as f64),
        sd_cpu_s: sd_cpu,
        old_cpu_s: old_cpu,
        sd_wall_s: sd_wall,
        old_wall_s: old_wall,
        sd_nodes,
        old_nodes,
        sd_mean_depth: sd_depth as f64 / games as f64,
        old_mean_depth: old_depth as f64 / games as f64,
        terminations,
    })
}

/// `summary.csv` as bytes: the header row and the value row.
pub fn summary_csv(s: &Summary) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    // Writing to a Vec cannot fail.
    w.write_record(SUMMARY_COLUMNS).expect("in-memory csv");
    w.write_record(s.csv_values()).expect("in-memory csv");
    w.into_inner().expect("in-memory csv")
}

/// Writes `dir/summary.csv` through a temporary file in the same directory and a rename, so
/// the file is never seen half-written.
pub fn write_summary(dir: &Path, s: &Summary) -> std::io::Result<()> {
    write_atomically(&dir.join("summary.csv"), &summary_csv(s))
}

/// Writes `path` via `path.tmp.<pid>` and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp.{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// The score interval as text, `[low, high]` with 3 decimals, or [`UNDEFINED`].
pub fn score_interval(s: &Summary) -> String {
    match (s.score_low, s.score_high) {
        (Some(low), Some(high)) => format!("[{}, {}]", fixed(low, 3), fixed(high, 3)),
        _ => UNDEFINED.into(),
    }
}

/// The summary as text, in the style of cutechess-cli and fastchess. [`UNDEFINED`] (`—`)
/// stands for an estimate the games cannot carry (see [`crate::stats`]).
pub fn print_summary(s: &Summary) -> String {
    let mut out = String::new();
    let pct = |x: f64| fixed(100.0 * x, 2);
    let _ = writeln!(out, "Settings: {}", s.settings);
    let _ = writeln!(
        out,
        "Score of sd vs old: {} - {} - {}  [{}] {}",
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
        "Time ratio sd/old: {} CPU ({} s / {} s), {} wall",
        fixed_opt(s.time_ratio, 3),
        fixed(s.sd_cpu_s, 2),
        fixed(s.old_cpu_s, 2),
        fixed_opt(s.wall_ratio, 3)
    );
    let _ = writeln!(
        out,
        "Node ratio sd/old: {} ({} / {} nodes)",
        fixed_opt(s.node_ratio, 3),
        s.sd_nodes,
        s.old_nodes
    );
    let _ = writeln!(
        out,
        "Mean depth: sd {}, old {}",
        fixed(s.sd_mean_depth, 2),
        fixed(s.old_mean_depth, 2)
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
/// [`crate::games::read_games_csv`] (the reader `umax match --resume` uses: an incomplete last
/// line is left out, with a note on stderr). Refuses a game number seen twice and rows with
/// different settings, naming the files.
pub fn read_games(paths: &[PathBuf]) -> Result<Vec<GameRow>, String> {
    let mut rows: Vec<GameRow> = Vec::new();
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let mut settings: Option<(String, usize)> = None;
    for (file_index, path) in paths.iter().enumerate() {
        let name = path.display();
        let file = crate::games::read_games_csv(path)?;
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
                None => settings = Some((settings_condition(&row.settings), file_index)),
                Some((s, at)) if *s != settings_condition(&row.settings) => {
                    return Err(crate::text::escape(&format!(
                        "mixed settings: {} has '{s}' but {name} (game {}) has '{}'",
                        paths[*at].display(),
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
/// the text to print and the files written.
pub fn run(opts: &ReportOptions) -> Result<(String, Vec<PathBuf>), String> {
    let first = opts.csv.first().ok_or("no games.csv given")?;
    let rows = read_games(&opts.csv)?;
    if opts.csv.len() > 1 && !opts.allow_partial {
        check_merge_complete(&opts.csv, &rows)?;
    }
    let summary = summarize(&rows)?;
    let out = match &opts.out {
        Some(dir) => dir.clone(),
        None => match first.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        },
    };
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    write_summary(&out, &summary)
        .map_err(|e| format!("cannot write {}: {e}", out.join("summary.csv").display()))?;
    let mut written = vec![out.join("summary.csv")];
    if opts.plots {
        written.extend(crate::plot::write_plots(&out, &rows, &summary)?);
    }
    let mut text = print_summary(&summary);
    if let Some(sprt) = &opts.sprt {
        text.push_str(&sprt_line(&summary, sprt));
    }
    Ok((text, written))
}

/// A merge of several `games.csv` (the shards of one match) must be the whole match: every
/// game `1..=G` present, `G` being the `games=G` of the rows' settings (rows without it are
/// not checked). Otherwise refuses, naming each file whose shard lacks games (its shard is the
/// last `shard: K/N` line of the `command.txt` beside it, which pairs `p` with
/// `(p-1) % N == K-1`) and which games, and the missing games no given file's shard plays.
/// A single file is never checked: the report of a run in progress is normal.
pub fn check_merge_complete(paths: &[PathBuf], rows: &[GameRow]) -> Result<(), String> {
    let Some(total) = rows.first().and_then(|r| {
        r.settings
            .split(';')
            .find_map(|kv| kv.strip_prefix("games="))
            .and_then(|g| g.parse::<u64>().ok())
    }) else {
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
                    .and_then(|s| s.trim().parse::<crate::matchrun::Shard>().ok())
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
