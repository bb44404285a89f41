//! The summary of a match: the [`Summary`] of its `games.csv` rows, computed by [`summarize`],
//! and `summary.csv` ([`SummaryCsv`], one of the [`crate::formats`]). Its own module so that
//! the writers (`report`'s text, `plot`'s pictures) read it without importing each other.
//!
//! # `summary.csv`
//!
//! One header row and one value row, columns as [`SUMMARY_COLUMNS`], each the [`Summary`]
//! field of that name, where `test_`/`base_` stand for the two builds' names (`sd_`/`old_`
//! for `--builds old,sd`, see [`summary_columns`]): `settings`; `games`, `wins`, `draws`,
//! `losses` (the test build's); `score`,
//! `score_low`, `score_high` (per game, 0..1, 95%); `elo`, `elo_pm` (logistic, trinomial);
//! `los` (0..1, not percent); `draw_ratio`; `pairs` (complete); `ptnml_ll`, `ptnml_ld`,
//! `ptnml_dd_wl`, `ptnml_wd`, `ptnml_ww`; `ptnml_elo`, `ptnml_elo_pm`; `identical_pairs`;
//! `time_ratio` (CPU), `wall_ratio`, `node_ratio` (test/base); `test_cpu_s`, `base_cpu_s`,
//! `test_wall_s`, `base_wall_s`, `test_nodes`, `base_nodes` (totals); `test_mean_depth`,
//! `base_mean_depth`; `terminations` (`name=count` joined by `;`, names sorted). Floats have
//! 6 decimals (see [`crate::text::fixed6`]).
//!
//! **Empty fields** mean "cannot be estimated from these games" (see [`crate::stats`]): no
//! `score_low`/`score_high` and no `elo_pm` when the games have no spread (one game, all
//! wins, all draws, …), no `elo` at a score of 0 or 1, no `elo_pm` when the score interval
//! reaches 0 or 1, no `ptnml_elo`/`ptnml_elo_pm` without complete pairs (and no
//! `ptnml_elo_pm` when every pair has the same score), no ratio whose denominator is 0. No
//! field is ever `nan` or `inf`; the text summary prints `—` for the same cases.

use crate::formats::Output;
use crate::games_csv::GameRow;
use crate::settings::Settings;
use crate::stats::{Outcomes, Pentanomial, Results, Trinomial};
use crate::text::{UNDEFINED, fixed, fixed6};
use std::collections::BTreeMap;
use std::error::Error;
use std::io::Write;

/// The columns of `summary.csv`, in order (one header row, one value row), with the role-neutral
/// names; the file names them by the builds ([`summary_columns`]).
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
    "test_cpu_s",
    "base_cpu_s",
    "test_wall_s",
    "base_wall_s",
    "test_nodes",
    "base_nodes",
    "test_mean_depth",
    "base_mean_depth",
    "terminations",
];

/// The columns of `summary.csv` for a match of `base` against `test`: [`SUMMARY_COLUMNS`] with
/// `test_`/`base_` replaced by the builds' names (for `old,sd`, protocol 2's header).
pub fn summary_columns(base: &str, test: &str) -> Vec<String> {
    SUMMARY_COLUMNS
        .iter()
        .map(|c| crate::pairing::column_name(c, base, test))
        .collect()
}

/// The summary of a match, from the test build's point of view.
///
/// Every float is finite. An estimate the games cannot carry is `None` (see
/// [`crate::stats`]): an interval without spread in the data, an Elo at score 0 or 1 or an Elo
/// interval reaching it, pentanomial Elo without a complete pair, a ratio whose denominator
/// is 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The match's condition (its settings string without what the machine measured): that of
    /// its rows at the largest size, for a grown match ([`crate::settings::SIZE_KEY`]).
    pub settings: String,
    /// The builds: base and test, whose score this is (`builds=` of the settings; `old`, `sd`
    /// when the settings do not name them).
    pub base: String,
    pub test: String,
    pub games: u64,
    /// Games test won, drew, lost.
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// test's mean score per game and its 95% interval (trinomial, normal approximation).
    pub score: f64,
    pub score_low: Option<f64>,
    pub score_high: Option<f64>,
    /// Logistic Elo of test over base and the half-width of its 95% interval (trinomial).
    pub elo: Option<f64>,
    pub elo_pm: Option<f64>,
    /// Likelihood of superiority, 0..1 (cutechess: Φ((W-L)/√(W+L))).
    pub los: f64,
    pub draw_ratio: f64,
    /// Complete pairs (both games of the pair present).
    pub pairs: u64,
    /// Complete pairs by test's pair score 0, ½, 1, 1½, 2: `[LL, LD, DD+WL, WD, WW]`.
    pub pentanomial: [u64; 5],
    /// Logistic Elo and 95% half-width from the pairs (pentanomial).
    pub ptnml_elo: Option<f64>,
    pub ptnml_elo_pm: Option<f64>,
    /// Complete pairs whose two games have the same `moves`.
    pub identical_pairs: u64,
    /// Σ test CPU seconds / Σ base CPU seconds.
    pub time_ratio: Option<f64>,
    /// Σ test wall seconds / Σ base wall seconds.
    pub wall_ratio: Option<f64>,
    /// Σ test nodes / Σ base nodes.
    pub node_ratio: Option<f64>,
    pub test_cpu_s: f64,
    pub base_cpu_s: f64,
    pub test_wall_s: f64,
    pub base_wall_s: f64,
    pub test_nodes: u64,
    pub base_nodes: u64,
    /// Mean over games of the deepest iteration each build completed in the game.
    pub test_mean_depth: f64,
    pub base_mean_depth: f64,
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
                self.test_cpu_s,
                self.base_cpu_s,
                self.test_wall_s,
                self.base_wall_s,
            ]
            .map(fixed6),
        );
        v.extend([self.test_nodes.to_string(), self.base_nodes.to_string()]);
        v.extend([fixed6(self.test_mean_depth), fixed6(self.base_mean_depth)]);
        v.push(terminations.join(";"));
        v
    }
}

/// [`fixed6`] of an estimate; an empty field when there is none.
fn opt6(x: Option<f64>) -> String {
    x.map_or_else(String::new, fixed6)
}

/// `a / b` when it is a finite number.
fn ratio(a: f64, b: f64) -> Option<f64> {
    let r = a / b;
    r.is_finite().then_some(r)
}

/// A row the runner could have written: game and pair numbers (`pair` is the game's pair,
/// `(game+1)/2`), the result as the test build's score from its colour, times finite and not
/// negative, a termination the runner names ([`crate::termination::Termination`]). A row
/// edited or written by hand that contradicts itself is refused by name.
fn check_row(r: &GameRow, test: &str) -> Result<(), String> {
    let g = r.game;
    if g == 0 || r.pair != g.div_ceil(2) {
        return Err(format!(
            "game {g}: pair {} is not the game's pair ({}; games are numbered from 1, two to a pair)",
            r.pair,
            g.div_ceil(2)
        ));
    }
    let white = match r.result.as_str() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        other => {
            return Err(format!(
                "game {g}: result '{other}' is not 1-0, 0-1 or 1/2-1/2"
            ));
        }
    };
    let expected = if r.white == test {
        white
    } else if r.black == test {
        1.0 - white
    } else {
        return Err(format!(
            "game {g}: neither white ({}) nor black ({}) is the test build {test}",
            r.white, r.black
        ));
    };
    if r.test_score != expected {
        return Err(format!(
            "game {g}: result {} with {test} as {} is a score of {expected}, not {test}_score {}",
            r.result,
            if r.white == test { "white" } else { "black" },
            r.test_score
        ));
    }
    for (what, v) in [
        ("cpu", r.test_cpu_s),
        ("cpu", r.base_cpu_s),
        ("wall", r.test_wall_s),
        ("wall", r.base_wall_s),
    ] {
        if !(v.is_finite() && v >= 0.0) {
            return Err(format!("game {g}: a {what} time of {v} seconds"));
        }
    }
    use crate::termination::Termination;
    if !Termination::ALL.iter().any(|t| t.name() == r.termination) {
        return Err(format!(
            "game {g}: termination '{}' is none of the match runner's ({})",
            crate::text::escape(&r.termination),
            Termination::ALL.map(Termination::name).join(", ")
        ));
    }
    Ok(())
}

/// Summarizes a match. Refuses an empty list, duplicate game numbers, rows of different
/// matches (settings that differ in more than the size a grown match had), a `test_score`
/// other than 0, ½, 1, a row that contradicts itself ([`check_row`]), and a pair with more
/// than two games or two games with the same colours; the error names the games (and the
/// settings).
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
    // One match, grown or not: its rows agree in all but the size, and the summary gives the
    // condition at its largest size (the first row's, for a match that never grew).
    let first_settings = Settings::parse(&first.settings);
    // each row's settings read once: (row, its settings), in the rows' order
    let parsed: Vec<(&GameRow, Settings)> = rows
        .iter()
        .map(|r| (r, Settings::parse(&r.settings)))
        .collect();
    if let Some((other, _)) = parsed.iter().find(|(_, s)| !first_settings.same_match(s)) {
        return Err(format!(
            "mixed settings: game {} has '{}' but game {} has '{}'",
            first.game, first.settings, other.game, other.settings
        ));
    }

    let largest = parsed
        .iter()
        .filter_map(|(r, s)| Some((s.number::<u64>(crate::settings::SIZE_KEY)?, r.game, s)))
        .max_by_key(|(size, game, _)| (*size, std::cmp::Reverse(*game)))
        .map(|(_, _, s)| s);
    let (base, test) = crate::games_csv::settings_builds(&first.settings)
        .unwrap_or_else(|| crate::pairing::Pairing::default().names());
    let mut t = Trinomial::default();
    let mut terminations = BTreeMap::new();
    let (mut test_cpu, mut base_cpu, mut test_wall, mut base_wall) = (0.0, 0.0, 0.0, 0.0);
    let (mut test_nodes, mut base_nodes) = (0u64, 0u64);
    let (mut test_depth, mut base_depth) = (0i64, 0i64);
    let mut by_pair: BTreeMap<u64, Vec<&GameRow>> = BTreeMap::new();
    for r in &sorted {
        match r.test_score {
            1.0 => t.wins += 1,
            0.5 => t.draws += 1,
            0.0 => t.losses += 1,
            x => {
                return Err(format!(
                    "game {}: {test}_score {x} is not 0, 0.5 or 1",
                    r.game
                ));
            }
        }
        check_row(r, &test)?;
        *terminations.entry(r.termination.clone()).or_insert(0) += 1;
        test_cpu += r.test_cpu_s;
        base_cpu += r.base_cpu_s;
        test_wall += r.test_wall_s;
        base_wall += r.base_wall_s;
        test_nodes += r.test_nodes;
        base_nodes += r.base_nodes;
        test_depth += i64::from(r.test_depth);
        base_depth += i64::from(r.base_depth);
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
                pentanomial[((a.test_score + b.test_score) * 2.0).round() as usize] += 1;
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
        settings: largest
            .map_or_else(|| first_settings.condition(), |s| s.condition())
            .to_string(),
        base,
        test,
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
        time_ratio: ratio(test_cpu, base_cpu),
        wall_ratio: ratio(test_wall, base_wall),
        node_ratio: ratio(test_nodes as f64, base_nodes as f64),
        test_cpu_s: test_cpu,
        base_cpu_s: base_cpu,
        test_wall_s: test_wall,
        base_wall_s: base_wall,
        test_nodes,
        base_nodes,
        test_mean_depth: test_depth as f64 / games as f64,
        base_mean_depth: base_depth as f64 / games as f64,
        terminations,
    })
}

/// `summary.csv` as bytes: the header row and the value row.
pub fn summary_csv(s: &Summary) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    // Writing to a Vec cannot fail.
    w.write_record(summary_columns(&s.base, &s.test))
        .expect("in-memory csv");
    w.write_record(s.csv_values()).expect("in-memory csv");
    w.into_inner().expect("in-memory csv")
}

/// `summary.csv` as an [`Output`] of a match report: [`summary_csv`] of its summary.
pub struct SummaryCsv;

impl Output<MatchReport> for SummaryCsv {
    fn name(&self) -> &str {
        "summary.csv"
    }

    fn write(&self, report: &MatchReport, w: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        Ok(w.write_all(&summary_csv(&report.summary))?)
    }
}

/// The score interval as text, `[low, high]` with 3 decimals, or [`UNDEFINED`].
pub fn score_interval(s: &Summary) -> String {
    match (s.score_low, s.score_high) {
        (Some(low), Some(high)) => format!("[{}, {}]", fixed(low, 3), fixed(high, 3)),
        _ => UNDEFINED.into(),
    }
}

/// What a finished match's outputs are made from.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The rows, sorted by game.
    pub rows: Vec<GameRow>,
    pub summary: Summary,
    /// The SPRT the text summary reports on, if one was asked for.
    pub sprt: Option<crate::stats::Sprt>,
}

impl MatchReport {
    /// The report of `rows` (sorted here by game): their summary ([`summarize`], whose
    /// refusals it returns) and the SPRT asked for.
    pub fn new(
        mut rows: Vec<GameRow>,
        sprt: Option<crate::stats::Sprt>,
    ) -> Result<MatchReport, String> {
        rows.sort_by_key(|r| r.game);
        let summary = summarize(&rows)?;
        Ok(MatchReport {
            rows,
            summary,
            sprt,
        })
    }
}
