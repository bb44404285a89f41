//! Ratings of a tournament of builds, from all its pairings at once (`umax tournament`).
//!
//! **Model**: Bradley–Terry with draws counted as half a win and half a loss (Ordo's default):
//! build i scores against j with expectation `1/(1+10^((Rj-Ri)/400))`; the ratings maximise the
//! likelihood of every game's score, anchored at `old` = 0 (the first build if old did not
//! play). Solved by the minorisation–maximisation iteration of Hunter (2004), exact for
//! fractional scores. For two builds the fitted difference is the match's own score-based Elo.
//!
//! **Existence**: the maximum is finite only where every build has scored against the rest and
//! the rest against it, in every split of the builds: the "scored against" graph (an arrow
//! i→j when i took points from j) must be strongly connected (Zermelo; Ford 1957). Where it is
//! not, the builds outside the anchor's strongly connected component have no finite rating
//! (a build that never lost is +∞ against the others): they are shown as undefined (`-`, an
//! empty CSV cell), never as nan or a number; the anchor's component is fitted on its own games.
//!
//! **Intervals**: a percentile bootstrap over game pairs: each pairing's pairs (the two games
//! of one opening, colours reversed, which are not independent) are resampled with
//! replacement, the ratings refitted, and the 2.5% and 97.5% percentiles taken, from a fixed
//! seed so that the files are reproduced byte for byte. A resample in which a build has no
//! finite rating counts as ±∞ on the side it went; if that reaches a percentile, that bound is
//! undefined. The LOS of i over j is the share of resamples in which i's rating is above j's
//! (ties half).
//!
//! **Files**, each an [`Output`] of [`Ratings`] (the list is [`files`], written by
//! [`write_ratings`] through [`crate::formats`]):
//! * `ratings.csv`, one row per build, best first:
//!   `build,elo,lo95,hi95,los,games,score,draws,time_vs_anchor,nodes_vs_anchor,mean_depth`:
//!   `los` the LOS of the build over the anchor (the LOS matrix's entry, row build, column
//!   anchor; empty for the anchor), score and draws as shares of its games, time and nodes its
//!   mean per game over the anchor's, the mean completed depth; an undefined value is empty;
//! * `crosstable.csv`, one row per pairing: the test build's W/D/L, score and pentanomial
//!   counts;
//! * `ratings.txt` (what `umax tournament` prints): the table, the cross table and the LOS
//!   matrix;
//! * `ratings.svg`: each build's Elo with its interval, drawn by [`crate::plot::interval_chart`].

use crate::formats::{self, Output};
use crate::games_csv::GameRow;
use crate::plot::{IntervalChart, IntervalRow};
use crate::splitmix::SplitMix64;
use std::collections::BTreeMap;
use std::error::Error;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Bootstrap resamples by default.
pub const DEFAULT_RESAMPLES: usize = 1000;
/// The bootstrap's seed (fixed: the files are reproducible).
pub const SEED: u64 = 0x5EED_2A7E;

/// The games of one pairing: its builds and its rows (role-neutral: `test_*`, `base_*`).
#[derive(Clone, Debug)]
pub struct PairingGames {
    pub base: String,
    pub test: String,
    pub rows: Vec<GameRow>,
}

/// The games of a tournament, by pairing.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// Every build that appears, in the order of first appearance (pairings sorted by name).
    pub builds: Vec<String>,
    pub pairings: Vec<PairingGames>,
}

/// The pairings a tournament directory's `tournament.txt` lists (its `pairings=` line), or
/// `None` without the file. A record without the line is an error.
pub fn recorded_pairings(dir: &Path) -> Result<Option<Vec<String>>, String> {
    let record = dir.join("tournament.txt");
    if !record.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&record)
        .map_err(|e| format!("cannot read {}: {e}", record.display()))?;
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("pairings="))
        .filter(|l| !l.trim().is_empty())
        .ok_or_else(|| format!("{}: no pairings= line", record.display()))?;
    Ok(Some(
        line.split(',').map(|p| p.trim().to_string()).collect(),
    ))
}

impl Tournament {
    /// Reads the pairing directories of `dir` with the one games.csv reader: those its
    /// `tournament.txt` lists (`pairings=`), or without one every subdirectory holding a
    /// games.csv. A pairing directory `BASE-TEST` must hold the games of BASE against TEST,
    /// and no two directories the same pairing (a stray copy would count its games twice).
    pub fn read(dir: &Path) -> Result<Tournament, String> {
        let mut files: Vec<PathBuf> = if let Some(listed) = recorded_pairings(dir)? {
            listed
                .iter()
                .map(|p| dir.join(p).join("games.csv"))
                .filter(|p| p.is_file())
                .collect()
        } else {
            let entries = std::fs::read_dir(dir).map_err(|e| {
                format!(
                    "cannot read the tournament directory {}: {e}",
                    dir.display()
                )
            })?;
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.path().join("games.csv"))
                .filter(|p| p.is_file())
                .collect()
        };
        files.sort();
        if files.is_empty() {
            return Err(format!(
                "{}: no pairing directories (subdirectories with a games.csv)",
                dir.display()
            ));
        }
        let mut pairings: Vec<PairingGames> = Vec::new();
        for f in files {
            let file = crate::games_csv::read_games_csv(&f)?;
            let Some((base, test)) = file.builds.clone() else {
                continue; // an empty file: a pairing with no games yet
            };
            let name = f
                .parent()
                .and_then(|d| d.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if name != format!("{base}-{test}") {
                return Err(format!(
                    "{}: holds the games of {base} against {test}, not of the pairing {name} its directory names",
                    f.display()
                ));
            }
            if let Some(twin) = pairings
                .iter()
                .find(|p| (p.base == base && p.test == test) || (p.base == test && p.test == base))
            {
                return Err(format!(
                    "{}: a second directory of the pairing {}-{} (each pairing's games count once)",
                    f.display(),
                    twin.base,
                    twin.test
                ));
            }
            pairings.push(PairingGames {
                base,
                test,
                rows: file.rows,
            });
        }
        Ok(Tournament::new(pairings))
    }

    /// The tournament of these pairings.
    pub fn new(pairings: Vec<PairingGames>) -> Tournament {
        let mut builds: Vec<String> = Vec::new();
        for p in &pairings {
            for b in [&p.base, &p.test] {
                if !builds.contains(b) {
                    builds.push(b.clone());
                }
            }
        }
        Tournament { builds, pairings }
    }

    fn index(&self, b: &str) -> usize {
        self.builds
            .iter()
            .position(|x| x == b)
            .expect("a build of the tournament")
    }

    /// The anchor: the default pairing's base build (micro-Max 3.2 as published) if it played,
    /// else the first build.
    pub fn anchor(&self) -> usize {
        let base = crate::pairing::Pairing::default().base;
        self.builds
            .iter()
            .position(|b| b == base.name())
            .unwrap_or(0)
    }
}

/// Games and score between every two builds: `games[i][j]`, `score[i][j]` (i's points against
/// j).
#[derive(Clone, Debug)]
struct Table {
    games: Vec<Vec<f64>>,
    score: Vec<Vec<f64>>,
}

impl Table {
    fn new(n: usize) -> Table {
        Table {
            games: vec![vec![0.0; n]; n],
            score: vec![vec![0.0; n]; n],
        }
    }

    fn add(&mut self, base: usize, test: usize, test_score: f64) {
        self.games[base][test] += 1.0;
        self.games[test][base] += 1.0;
        self.score[test][base] += test_score;
        self.score[base][test] += 1.0 - test_score;
    }
}

/// The maximum-likelihood ratings of `t` (Elo, anchored at `anchor` = 0); `None` for a build
/// with no finite rating (see the module's notes).
fn fit(t: &Table, anchor: usize) -> Vec<Option<f64>> {
    let n = t.games.len();
    // the anchor's strongly connected component in the "took points from" graph
    let reach = |forward: bool| {
        let mut seen = vec![false; n];
        let mut stack = vec![anchor];
        seen[anchor] = true;
        while let Some(i) = stack.pop() {
            for (j, seen_j) in seen.iter_mut().enumerate() {
                let edge = if forward {
                    t.score[i][j]
                } else {
                    t.score[j][i]
                };
                if !*seen_j && t.games[i][j] > 0.0 && edge > 0.0 {
                    *seen_j = true;
                    stack.push(j);
                }
            }
        }
        seen
    };
    let (fwd, back) = (reach(true), reach(false));
    let comp: Vec<usize> = (0..n).filter(|&i| fwd[i] && back[i]).collect();
    let mut out = vec![None; n];
    if comp.len() == 1 {
        out[anchor] = Some(0.0);
        return out;
    }
    // MM iteration on gamma = 10^(R/400), within the component
    let mut g: Vec<f64> = vec![1.0; n];
    for _ in 0..100_000 {
        let mut next = g.clone();
        let mut change: f64 = 0.0;
        for &i in &comp {
            let w: f64 = comp.iter().map(|&j| t.score[i][j]).sum();
            let d: f64 = comp
                .iter()
                .filter(|&&j| j != i && t.games[i][j] > 0.0)
                .map(|&j| t.games[i][j] / (g[i] + g[j]))
                .sum();
            next[i] = w / d;
        }
        let norm = next[anchor];
        for &i in &comp {
            next[i] /= norm;
            change = change.max((next[i].ln() - g[i].ln()).abs());
        }
        g = next;
        if change < 1e-13 {
            break;
        }
    }
    for &i in &comp {
        out[i] = Some(400.0 * g[i].log10());
    }
    out
}

/// One pair's games (the two games of an opening), as (base, test, test's scores).
fn pairs_of(p: &PairingGames) -> Vec<Vec<f64>> {
    let mut by_pair: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    for r in &p.rows {
        by_pair.entry(r.pair).or_default().push(r.test_score);
    }
    by_pair.into_values().collect()
}

/// The ratings, their intervals and the LOS matrix.
#[derive(Clone, Debug)]
pub struct Fit {
    pub builds: Vec<String>,
    pub anchor: usize,
    pub elo: Vec<Option<f64>>,
    pub lo: Vec<Option<f64>>,
    pub hi: Vec<Option<f64>>,
    /// `los[i][j]`: the share of resamples in which i rated above j; `None` when neither has a
    /// finite rating in any resample.
    pub los: Vec<Vec<Option<f64>>>,
    pub resamples: usize,
}

impl Fit {
    /// The LOS of build `i` over the anchor (`los[i][anchor]`); `None` for the anchor itself.
    pub fn los_over_anchor(&self, i: usize) -> Option<f64> {
        (i != self.anchor)
            .then(|| self.los[i][self.anchor])
            .flatten()
    }
}

/// Fits `t` and bootstraps its intervals over game pairs (`resamples` of them).
pub fn rate(t: &Tournament, resamples: usize) -> Fit {
    let n = t.builds.len();
    let anchor = t.anchor();
    let pairings: Vec<(usize, usize, Vec<Vec<f64>>)> = t
        .pairings
        .iter()
        .map(|p| (t.index(&p.base), t.index(&p.test), pairs_of(p)))
        .collect();
    let table_of = |choose: &mut dyn FnMut(&[Vec<f64>]) -> Vec<usize>| {
        let mut table = Table::new(n);
        for (b, s, pairs) in &pairings {
            for k in choose(pairs) {
                for &score in &pairs[k] {
                    table.add(*b, *s, score);
                }
            }
        }
        table
    };
    let elo = fit(&table_of(&mut |pairs| (0..pairs.len()).collect()), anchor);
    let mut rng = SplitMix64(SEED);
    // each resample's ratings, an undefined one as ±infinity by its side of the anchor's
    // component (above if it took more than half the points it played for)
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); n];
    for _ in 0..resamples {
        let table =
            table_of(&mut |pairs| (0..pairs.len()).map(|_| rng.index(pairs.len())).collect());
        let r = fit(&table, anchor);
        for i in 0..n {
            let v = r[i].unwrap_or_else(|| {
                let (w, g): (f64, f64) = (0..n)
                    .map(|j| (table.score[i][j], table.games[i][j]))
                    .fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
                if g > 0.0 && w * 2.0 > g {
                    f64::INFINITY
                } else {
                    f64::NEG_INFINITY
                }
            });
            samples[i].push(v);
        }
    }
    let pct = |v: &[f64], q: f64| -> Option<f64> {
        if v.is_empty() {
            return None;
        }
        let mut s = v.to_vec();
        s.sort_by(|a, b| a.total_cmp(b));
        let x = s[((q * (s.len() - 1) as f64).round() as usize).min(s.len() - 1)];
        x.is_finite().then_some(x)
    };
    let (mut lo, mut hi) = (vec![None; n], vec![None; n]);
    for i in 0..n {
        if elo[i].is_some() && i != anchor {
            lo[i] = pct(&samples[i], 0.025);
            hi[i] = pct(&samples[i], 0.975);
        }
    }
    let mut los = vec![vec![None; n]; n];
    if resamples > 0 {
        for i in 0..n {
            for j in 0..n {
                if i == j || elo[i].is_none() || elo[j].is_none() {
                    continue;
                }
                let above: f64 = (0..resamples)
                    .map(|k| match samples[i][k].partial_cmp(&samples[j][k]) {
                        Some(std::cmp::Ordering::Greater) => 1.0,
                        Some(std::cmp::Ordering::Equal) | None => 0.5,
                        Some(std::cmp::Ordering::Less) => 0.0,
                    })
                    .sum();
                los[i][j] = Some(above / resamples as f64);
            }
        }
    }
    Fit {
        builds: t.builds.clone(),
        anchor,
        elo,
        lo,
        hi,
        los,
        resamples,
    }
}

/// Per build: games, score, draws, and per-game means of CPU time, nodes and completed depth.
#[derive(Clone, Debug, Default)]
pub struct Usage {
    pub games: u64,
    pub points: f64,
    pub draws: u64,
    pub cpu_s: f64,
    pub nodes: f64,
    pub depth: f64,
}

impl Usage {
    fn per_game(&self, total: f64) -> Option<f64> {
        (self.games > 0).then(|| total / self.games as f64)
    }
}

/// The usage of every build (in `t.builds`' order).
pub fn usage(t: &Tournament) -> Vec<Usage> {
    let mut u = vec![Usage::default(); t.builds.len()];
    for p in &t.pairings {
        let (b, s) = (t.index(&p.base), t.index(&p.test));
        for r in &p.rows {
            let draw = (r.test_score - 0.5).abs() < 0.25;
            for (i, points, cpu, nodes, depth) in [
                (s, r.test_score, r.test_cpu_s, r.test_nodes, r.test_depth),
                (
                    b,
                    1.0 - r.test_score,
                    r.base_cpu_s,
                    r.base_nodes,
                    r.base_depth,
                ),
            ] {
                u[i].games += 1;
                u[i].points += points;
                u[i].draws += draw as u64;
                u[i].cpu_s += cpu;
                u[i].nodes += nodes as f64;
                u[i].depth += depth as f64;
            }
        }
    }
    u
}

/// The cross table's row of a pairing: games, complete pairs, the test build's W/D/L and
/// score, the pentanomial counts (pairs in which test scored 0, ½, 1, 1½, 2).
#[derive(Clone, Debug, PartialEq)]
pub struct Cross {
    pub base: String,
    pub test: String,
    pub games: u64,
    pub pairs: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub penta: [u64; 5],
}

impl Cross {
    /// The test build's score fraction; `None` for a pairing with no games.
    pub fn score(&self) -> Option<f64> {
        (self.games > 0).then(|| (self.wins as f64 + 0.5 * self.draws as f64) / self.games as f64)
    }
}

pub fn cross_table(t: &Tournament) -> Vec<Cross> {
    t.pairings
        .iter()
        .map(|p| {
            let mut c = Cross {
                base: p.base.clone(),
                test: p.test.clone(),
                games: p.rows.len() as u64,
                pairs: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                penta: [0; 5],
            };
            for r in &p.rows {
                match r.test_score {
                    s if s > 0.75 => c.wins += 1,
                    s if s < 0.25 => c.losses += 1,
                    _ => c.draws += 1,
                }
            }
            for pair in pairs_of(p).iter().filter(|g| g.len() == 2) {
                c.pairs += 1;
                c.penta[((pair[0] + pair[1]) * 2.0).round() as usize] += 1;
            }
            c
        })
        .collect()
}

fn cell(x: Option<f64>, digits: usize) -> String {
    x.map_or(String::new(), |v| format!("{v:.digits$}"))
}

fn shown(x: Option<f64>, f: impl Fn(f64) -> String) -> String {
    x.map_or("-".to_string(), f)
}

/// What the ratings files are made from: a tournament and its fit (an [`Output`]'s data).
#[derive(Clone, Copy, Debug)]
pub struct Ratings<'a> {
    pub tournament: &'a Tournament,
    pub fit: &'a Fit,
}

impl Ratings<'_> {
    /// The builds best first (by rating; undefined ratings last), ties in the tournament's
    /// order.
    fn order(&self) -> Vec<usize> {
        let fit = self.fit;
        let mut o: Vec<usize> = (0..fit.builds.len()).collect();
        o.sort_by(|&x, &y| {
            let (ex, ey) = (
                fit.elo[x].unwrap_or(f64::NEG_INFINITY),
                fit.elo[y].unwrap_or(f64::NEG_INFINITY),
            );
            ey.total_cmp(&ex).then(x.cmp(&y))
        });
        o
    }
}

/// Build `i`'s per-game mean of `f` over the anchor `a`'s (`None` where either played no
/// games or the anchor's is 0).
fn ratio(u: &[Usage], a: usize, i: usize, f: fn(&Usage) -> f64) -> Option<f64> {
    let mine = u[i].per_game(f(&u[i]))?;
    let base = u[a].per_game(f(&u[a]))?;
    (base > 0.0).then(|| mine / base)
}

/// `ratings.csv`: one row per build, best first.
pub fn ratings_csv(r: &Ratings) -> String {
    let fit = r.fit;
    let (u, a) = (usage(r.tournament), fit.anchor);
    let mut csv = String::from(
        "build,elo,lo95,hi95,los,games,score,draws,time_vs_anchor,nodes_vs_anchor,mean_depth\n",
    );
    for i in r.order() {
        let g = u[i].games as f64;
        let _ = writeln!(
            csv,
            "{},{},{},{},{},{},{},{},{},{},{}",
            fit.builds[i],
            cell(fit.elo[i], 1),
            cell(fit.lo[i], 1),
            cell(fit.hi[i], 1),
            cell(fit.los_over_anchor(i), 3),
            u[i].games,
            cell((g > 0.0).then(|| u[i].points / g), 4),
            cell((g > 0.0).then(|| u[i].draws as f64 / g), 4),
            cell(ratio(&u, a, i, |x| x.cpu_s), 4),
            cell(ratio(&u, a, i, |x| x.nodes), 4),
            cell(u[i].per_game(u[i].depth), 2),
        );
    }
    csv
}

/// `crosstable.csv`: one row per pairing, the test build's results.
pub fn cross_table_csv(t: &Tournament) -> String {
    let mut ct = String::from(
        "base,test,games,pairs,test_wins,test_draws,test_losses,test_score,pairs_0,pairs_0.5,pairs_1,pairs_1.5,pairs_2\n",
    );
    for c in &cross_table(t) {
        let score = c.score();
        let _ = writeln!(
            ct,
            "{},{},{},{},{},{},{},{},{},{},{},{},{}",
            c.base,
            c.test,
            c.games,
            c.pairs,
            c.wins,
            c.draws,
            c.losses,
            cell(score, 4),
            c.penta[0],
            c.penta[1],
            c.penta[2],
            c.penta[3],
            c.penta[4]
        );
    }
    ct
}

/// `ratings.txt` (and what `umax tournament` prints): the ratings table, the cross table and
/// the LOS matrix.
pub fn ratings_text(r: &Ratings) -> String {
    let fit = r.fit;
    let (u, a) = (usage(r.tournament), fit.anchor);
    let order = r.order();
    let mut txt = format!(
        "Ratings: Bradley-Terry maximum likelihood, draws as half points, anchored at {} = 0.\n95% intervals: percentile bootstrap over game pairs ({} resamples, seed {SEED:#x}); '-': undefined (no finite rating).\n\n",
        fit.builds[a], fit.resamples
    );
    let _ = writeln!(
        txt,
        "{:>3}  {:<8} {:>7} {:>16}  {:>6} {:>7} {:>6}  {:>8} {:>9} {:>6}",
        "#",
        "build",
        "Elo",
        "95% interval",
        "games",
        "score",
        "draws",
        format!("time/{}", fit.builds[a]),
        format!("nodes/{}", fit.builds[a]),
        "depth"
    );
    for (rank, &i) in order.iter().enumerate() {
        let g = u[i].games as f64;
        let interval = if i == a {
            "(anchor)".to_string()
        } else {
            format!(
                "[{}, {}]",
                shown(fit.lo[i], |v| format!("{v:+.1}")),
                shown(fit.hi[i], |v| format!("{v:+.1}"))
            )
        };
        let _ = writeln!(
            txt,
            "{:>3}  {:<8} {:>7} {:>16}  {:>6} {:>7} {:>6}  {:>8} {:>9} {:>6}",
            rank + 1,
            fit.builds[i],
            shown(fit.elo[i], |v| format!("{v:+.1}")),
            interval,
            u[i].games,
            shown((g > 0.0).then(|| u[i].points / g), |v| format!(
                "{:.1}%",
                100.0 * v
            )),
            shown((g > 0.0).then(|| u[i].draws as f64 / g), |v| format!(
                "{:.0}%",
                100.0 * v
            )),
            shown(ratio(&u, a, i, |x| x.cpu_s), |v| format!("{v:.3}")),
            shown(ratio(&u, a, i, |x| x.nodes), |v| format!("{v:.3}")),
            shown(u[i].per_game(u[i].depth), |v| format!("{v:.2}")),
        );
    }
    txt += "\nCross table (the test build's results; pairs: complete game pairs by test's points 0/0.5/1/1.5/2):\n";
    for c in &cross_table(r.tournament) {
        let score = c.score();
        let _ = writeln!(
            txt,
            "  {:<8} vs {:<8} {:>5} games  +{} ={} -{}  {}  pairs {:?}",
            c.test,
            c.base,
            c.games,
            c.wins,
            c.draws,
            c.losses,
            shown(score, |v| format!("{:.1}%", 100.0 * v)),
            c.penta
        );
    }
    txt += "\nLOS (row rated above column, share of bootstrap resamples):\n";
    let _ = write!(txt, "  {:<8}", "");
    for &j in &order {
        let _ = write!(txt, " {:>7}", fit.builds[j]);
    }
    txt += "\n";
    for &i in &order {
        let _ = write!(txt, "  {:<8}", fit.builds[i]);
        for &j in &order {
            let v = if i == j {
                "".to_string()
            } else {
                shown(fit.los[i][j], |v| format!("{:.3}", v))
            };
            let _ = write!(txt, " {:>7}", v);
        }
        txt += "\n";
    }
    txt
}

/// A text file of the ratings as an [`Output`]: its name and the function that renders it.
pub struct TextFile {
    pub name: &'static str,
    pub render: fn(&Ratings<'_>) -> String,
}

impl Output<Ratings<'_>> for TextFile {
    fn name(&self) -> &str {
        self.name
    }

    fn write(&self, r: &Ratings<'_>, w: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        Ok(w.write_all((self.render)(r).as_bytes())?)
    }
}

/// `ratings.csv`: [`ratings_csv`].
pub const RATINGS_CSV: TextFile = TextFile {
    name: "ratings.csv",
    render: ratings_csv,
};
/// `crosstable.csv`: [`cross_table_csv`] of the tournament.
pub const CROSS_TABLE_CSV: TextFile = TextFile {
    name: "crosstable.csv",
    render: |r| cross_table_csv(r.tournament),
};
/// `ratings.txt`: [`ratings_text`].
pub const RATINGS_TEXT: TextFile = TextFile {
    name: "ratings.txt",
    render: ratings_text,
};

/// The rows of `ratings.svg`: each build's Elo with its 95% interval, best first; the
/// anchor a point alone, an undefined rating or bound shown as undefined.
pub fn chart_rows(r: &Ratings) -> Vec<IntervalRow> {
    let fit = r.fit;
    let bound = |x: Option<f64>| x.map_or("undefined".to_string(), |v| format!("{v:+.1}"));
    r.order()
        .into_iter()
        .map(|i| {
            let interval = (i != fit.anchor && fit.resamples > 0).then_some((fit.lo[i], fit.hi[i]));
            let note = match (fit.elo[i], interval) {
                (None, _) => "undefined (no finite rating)".to_string(),
                (Some(_), None) if i == fit.anchor => "0 (anchor)".to_string(),
                (Some(e), None) => format!("{e:+.1}"),
                (Some(e), Some((lo, hi))) => format!("{e:+.1} [{}, {}]", bound(lo), bound(hi)),
            };
            IntervalRow {
                label: fit.builds[i].clone(),
                value: fit.elo[i],
                interval,
                note,
            }
        })
        .collect()
}

/// `ratings.svg` as an [`Output`]: [`chart_rows`] drawn by [`crate::plot::interval_chart`].
pub struct RatingsSvg;

impl Output<Ratings<'_>> for RatingsSvg {
    fn name(&self) -> &str {
        "ratings.svg"
    }

    fn write(&self, r: &Ratings<'_>, w: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        let anchor = &r.fit.builds[r.fit.anchor];
        let caption = format!(
            "Elo relative to {anchor}, 95% bootstrap intervals over game pairs ({} resamples)",
            r.fit.resamples
        );
        let x_desc = format!("Elo ({anchor} = 0: the dashed line)");
        let rows = chart_rows(r);
        let (svg, _) = crate::plot::interval_chart(&IntervalChart {
            caption: &caption,
            x_desc: &x_desc,
            notes_title: "Elo [95% interval]",
            reference: 0.0,
            rows: &rows,
        })?;
        Ok(w.write_all(svg.as_bytes())?)
    }
}

/// The files a tournament's ratings are written as, in order (by `umax tournament` and its
/// `--rate`: [`write_ratings`]).
pub fn files<'a>() -> [&'a dyn Output<Ratings<'a>>; 4] {
    [&RATINGS_CSV, &CROSS_TABLE_CSV, &RATINGS_TEXT, &RatingsSvg]
}

/// The [`files`] of `t` and its fit as text, by name (what [`write_ratings`] writes); panics
/// if one cannot be drawn.
pub fn render(t: &Tournament, fit: &Fit) -> Vec<(String, String)> {
    let r = Ratings { tournament: t, fit };
    files()
        .into_iter()
        .map(|o| {
            let bytes = formats::render(o, &r).expect("the ratings files render");
            let text = String::from_utf8(bytes).expect("the ratings files are UTF-8");
            (o.name().to_string(), text)
        })
        .collect()
}

/// Reads the tournament in `dir`, fits it, writes its [`files`] into `dir` (each atomically), and
/// returns the text table ([`RATINGS_TEXT`]).
pub fn write_ratings(dir: &Path, resamples: usize) -> Result<String, String> {
    let _lock = crate::rundir::DirLock::acquire(dir)?;
    let t = Tournament::read(dir)?;
    let fit = rate(&t, resamples);
    let r = Ratings {
        tournament: &t,
        fit: &fit,
    };
    formats::write_files(dir, &files(), &r)?;
    let text = formats::render(&RATINGS_TEXT, &r).map_err(|e| e.to_string())?;
    String::from_utf8(text).map_err(|e| e.to_string())
}
