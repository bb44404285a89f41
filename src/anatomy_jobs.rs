//! `umax anatomy`: where the nodes of a root iteration go, for positions reached by moves from
//! the initial position (as the C's main loop reaches them) and any builds. The counting is
//! [`micromax::mm32::anatomy`] (the audit instance of the search); this is the front end: jobs
//! (position x build), the think, the CSV rows and the text tables.
//!
//! `anatomy.csv` is written as jobs finish (each job's rows in one write, ending with its
//! `done` row), so an interrupted run keeps its finished jobs and `--resume` runs the others.
//! The directory is opened, `command.txt` written and the rows appended by the run-directory
//! toolkit of `match` and `judge` ([`crate::rundir`]); `command.txt` records the [`settings`]
//! a resume must repeat.

use crate::budget::Budget;
use crate::driver;
use micromax::builds::Build;
use micromax::mm32::anatomy::{
    AT_N, Anatomy, CLASS_NAMES, CLASSES, ENTRIES, ENTRY_NAMES, OUTCOME_NAMES, PAST_N, PLIES, SHORT,
};
use micromax::{Abort, RootIter};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A position: a name and the UCI moves from the initial position that reach it.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub name: String,
    pub moves: Vec<String>,
}

/// Everything `umax anatomy` needs.
#[derive(Clone, Debug)]
pub struct AnatomyOptions {
    pub positions: Vec<Position>,
    pub builds: Vec<Build>,
    /// What limits the think whose last iteration is counted: [`Budget::Depth`] (the tables
    /// are of that iteration) or [`Budget::Nodes`] (of the last iteration the root rule begins;
    /// an iteration once begun runs to its end, as in a match).
    pub limit: Budget,
    /// Cut the think inside its iteration at this many nodes (`N`, the think's count).
    pub max_nodes: Option<i32>,
    pub hash_bits: u32,
    pub concurrency: usize,
    /// Output directory for anatomy.csv and anatomy.txt (`None`: text to stdout only).
    pub out: Option<PathBuf>,
    pub resume: bool,
    /// A progress bar on stderr (when it is a terminal).
    pub progress: bool,
    /// The command line, for `command.txt`.
    pub command_line: Vec<String>,
}

/// The file of the rows, written as jobs finish.
pub const ANATOMY_CSV: &str = "anatomy.csv";

/// What decides a job's rows besides its position and build: a resumed run must have the same
/// (recorded in `command.txt`).
pub fn settings(opts: &AnatomyOptions) -> String {
    let limit = opts.limit.setting();
    let cut = opts
        .max_nodes
        .map_or(String::new(), |n| format!(";max_nodes={n}"));
    format!("{limit}{cut};hash_bits={}", opts.hash_bits)
}

/// The positions of a run as `command.txt` records them: `NAME=HASH` of each position's moves,
/// `;`-separated. A resume may add positions, never give a recorded name other moves.
fn positions_record(positions: &[Position]) -> String {
    positions
        .iter()
        .map(|p| {
            format!(
                "{}={}",
                csv_name(&p.name).replace([';', '='], " "),
                crate::files::fnv1a64(p.moves.join(" ").as_bytes())
            )
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// Refuses a resume whose positions give a name recorded before (in any block of
/// `command.txt`) other moves.
fn check_positions(dir: &Path, positions: &[Position]) -> Result<(), String> {
    let command = dir.join(crate::rundir::COMMAND_TXT);
    let Ok(text) = std::fs::read_to_string(&command) else {
        return Ok(());
    };
    let mut recorded = std::collections::HashMap::new();
    for line in text.lines().filter_map(|l| l.strip_prefix("positions: ")) {
        for entry in line.split(';') {
            if let Some((name, hash)) = entry.rsplit_once('=') {
                recorded.insert(name.to_string(), hash.to_string());
            }
        }
    }
    let now = positions_record(positions);
    for entry in now.split(';') {
        if let Some((name, hash)) = entry.rsplit_once('=')
            && recorded.get(name).is_some_and(|h| h != hash)
        {
            return Err(format!(
                "{}: position '{name}' was reached by other moves in the run on disk; refusing to resume (nothing was written; give it another name or use another directory)",
                command.display()
            ));
        }
    }
    Ok(())
}

/// The CSV's columns.
pub const HEADER: &str =
    "position,build,root_ply,table,ply,n,d,ultimate,outcome,entry,class,past,count,nodes";

/// A position's name as a CSV field of its own (no separators or quotes in it).
fn csv_name(name: &str) -> String {
    name.replace([',', '"', '\n'], " ")
}

/// One job's result.
#[derive(Clone, Debug)]
pub struct JobResult {
    pub position: String,
    pub build: Build,
    /// The completed root iterations of the think.
    pub roots: Vec<RootIter>,
    /// The counters of its last root iteration (complete, or cut at `max_nodes`).
    pub anatomy: Anatomy,
    /// The think was cut inside the counted iteration.
    pub cut: bool,
    /// The think's `N`.
    pub think_nodes: i64,
}

impl JobResult {
    /// Nodes of the completed root iteration before the counted one.
    pub fn previous_nodes(&self) -> Option<u64> {
        let done = &self.roots;
        let k = done.len();
        let at = |i: usize| done[i].nodes as u64;
        if !self.cut {
            (k >= 2).then(|| at(k - 2) - if k >= 3 { at(k - 3) } else { 0 })
        } else {
            (k >= 1).then(|| at(k - 1) - if k >= 2 { at(k - 2) } else { 0 })
        }
    }

    /// Nodes entered in the counted iteration.
    pub fn nodes(&self) -> u64 {
        self.anatomy.clock
    }

    /// Nodes entered under an iteration of `class` below the root.
    pub fn under(&self, class: usize) -> u64 {
        self.anatomy.under(class).iter().sum()
    }

    /// Completed nodes that ran at least `k` iterations past their requested depth.
    pub fn ran_past(&self, k: usize) -> u64 {
        self.anatomy
            .exit_cells()
            .filter(|&(_, _, past, _)| past >= k)
            .map(|(_, _, _, c)| c.count)
            .sum()
    }

    /// Nodes entered by how they found the table.
    pub fn entries(&self) -> [u64; ENTRIES] {
        let mut by = [0u64; ENTRIES];
        for (_, _, _, e, c) in self.anatomy.entry_cells() {
            by[e] += c;
        }
        by
    }
}

/// The positions of a games.csv: `which` is `forfeits` (the games lost on time), `all`, or a
/// list of game numbers. Each position is the game's moves, all of them (the position the
/// last think started from, for a forfeit).
pub fn positions_from_games(path: &std::path::Path, which: &str) -> Result<Vec<Position>, String> {
    let file = crate::games_csv::read_games_csv(path)?;
    let wanted: Option<BTreeSet<u64>> = match which {
        "forfeits" | "all" => None,
        list => Some(
            list.split(',')
                .map(|g| {
                    g.trim().parse::<u64>().map_err(|_| {
                        format!("--select '{which}': expected forfeits, all or game numbers like 5,12,24")
                    })
                })
                .collect::<Result<_, _>>()?,
        ),
    };
    let mut out = Vec::new();
    for r in &file.rows {
        let take = match (&wanted, which) {
            (Some(set), _) => set.contains(&r.game),
            (None, "forfeits") => r.termination == "time_forfeit",
            _ => true,
        };
        if take {
            if r.opening.contains('/') {
                return Err(format!(
                    "{}: game {} starts from a FEN; anatomy reaches positions by moves from the initial position",
                    path.display(),
                    r.game
                ));
            }
            out.push(Position {
                name: format!("game {}", r.game),
                moves: r.moves.split_whitespace().map(str::to_string).collect(),
            });
        }
    }
    if let Some(set) = wanted {
        for g in set {
            if !file.rows.iter().any(|r| r.game == g) {
                return Err(format!("{}: no game {g}", path.display()));
            }
        }
    }
    if out.is_empty() {
        return Err(format!("{}: no game selected by '{which}'", path.display()));
    }
    Ok(out)
}

/// Runs one job: a fresh engine reaches the position, then thinks with the counters on.
pub fn run_job(
    position: &Position,
    build: Build,
    limit: &Budget,
    max_nodes: Option<i32>,
    hash_bits: u32,
) -> Result<JobResult, String> {
    // the anatomy hooks are in 3.2's search
    let mut engine = build.counting(hash_bits).ok_or_else(|| {
        format!(
            "anatomy: {build} is a {} build; the anatomy counts micro-Max 3.2's search",
            build.capabilities().family
        )
    })?;
    driver::reach(engine.as_dyn(), position.moves.iter().map(String::as_str)).map_err(
        |(ply, mv, e)| {
            format!(
                "{}: move {} ({mv}) cannot be entered: {e}",
                position.name,
                ply + 1
            )
        },
    )?;
    engine.set_anatomy(true);
    let mut limits = limit.first_think();
    if let Some(cap) = max_nodes {
        limits.abort = Some(Abort {
            max_nodes: Some(cap),
            ..Abort::default()
        });
    }
    let think = micromax::Stuck::annotate(
        || format!("{build} at position {}", position.name),
        || engine.think_reporting(&limits, Box::new(|_| {})),
    );
    let anatomy = engine.anatomy().expect("set above").clone();
    Ok(JobResult {
        position: position.name.clone(),
        build,
        roots: think.iterations,
        anatomy,
        cut: engine.aborted(),
        think_nodes: think.searched as i64,
    })
}

fn row(r: &JobResult, table: &str, fields: [&str; 8], count: u64, nodes: Option<u64>) -> String {
    let name = csv_name(&r.position);
    format!(
        "{name},{},{},{table},{},{count},{}\n",
        r.build,
        r.anatomy.root_ply,
        fields.join(","),
        nodes.map_or(String::new(), |n| n.to_string())
    )
}

/// The job's CSV rows (see [`HEADER`]; empty fields where a column does not apply).
pub fn csv_rows(r: &JobResult) -> String {
    let mut s = String::new();
    let mut prev = 0u64;
    for it in &r.roots {
        let nodes = it.nodes as u64;
        s += &format!(
            "{},{},{},root,,,,,,,,,1,{}\n",
            csv_name(&r.position),
            r.build,
            it.ply,
            nodes - prev
        );
        prev = nodes;
    }
    let num = |x: usize| x.to_string();
    for (ply, n, u, e, c) in r.anatomy.entry_cells() {
        s += &row(
            r,
            "nodes",
            [&num(ply), &num(n), "", &num(u), "", ENTRY_NAMES[e], "", ""],
            c,
            None,
        );
    }
    for (ply, n, d, u, o, c) in r.anatomy.iteration_cells() {
        let class = CLASS_NAMES[match d.cmp(&n) {
            std::cmp::Ordering::Less => SHORT,
            std::cmp::Ordering::Equal => AT_N,
            std::cmp::Ordering::Greater => PAST_N,
        }];
        s += &row(
            r,
            "iterations",
            [
                &num(ply),
                &num(n),
                &num(d),
                &num(u),
                OUTCOME_NAMES[o],
                "",
                class,
                "",
            ],
            c.count,
            Some(c.nodes),
        );
    }
    for (ply, entry, past, c) in r.anatomy.exit_cells() {
        s += &row(
            r,
            "exits",
            [
                &num(ply),
                "",
                "",
                "",
                "",
                ENTRY_NAMES[entry],
                "",
                &num(past),
            ],
            c.count,
            Some(c.nodes),
        );
    }
    for (class, &class_name) in CLASS_NAMES.iter().enumerate().take(CLASSES) {
        for (ply, &c) in r.anatomy.under(class).iter().enumerate() {
            if c != 0 {
                s += &row(
                    r,
                    "under",
                    [&num(ply), "", "", "", "", "", class_name, ""],
                    c,
                    None,
                );
            }
        }
        for (ply, c) in r.anatomy.outermost(class).iter().enumerate() {
            if c.count != 0 {
                s += &row(
                    r,
                    "outermost",
                    [&num(ply), "", "", "", "", "", CLASS_NAMES[class], ""],
                    c.count,
                    Some(c.nodes),
                );
            }
        }
    }
    for (ply, c) in r.anatomy.researches().iter().enumerate() {
        if c.count != 0 {
            s += &row(
                r,
                "researches",
                [&num(ply), "", "", "", "", "", "", ""],
                c.count,
                Some(c.nodes),
            );
        }
    }
    for (k, &c) in r.anatomy.nesting().iter().enumerate() {
        if c != 0 {
            s += &row(
                r,
                "nesting",
                ["", "", "", "", "", "", "past_n", &num(k)],
                c,
                None,
            );
        }
    }
    s += &row(
        r,
        "done",
        [
            "",
            "",
            "",
            "",
            if r.cut { "cut" } else { "complete" },
            "",
            "",
            "",
        ],
        r.nodes(),
        Some(r.think_nodes as u64),
    );
    s
}

/// `1234567` as `1,234,567`.
pub fn thousands(x: u64) -> String {
    let s = x.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn pct(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// The text tables of one job.
pub fn job_text(r: &JobResult) -> String {
    let a = &r.anatomy;
    let total = r.nodes();
    let mut s = format!(
        "{}, {}: root iteration ply {}, {} nodes{}{}\n",
        r.position,
        r.build,
        a.root_ply,
        thousands(total),
        match r.previous_nodes() {
            Some(p) if p > 0 => format!(" ({:.1} x the iteration before)", total as f64 / p as f64),
            _ => String::new(),
        },
        if r.cut { ", cut at the node cap" } else { "" }
    );
    s += &format!(
        "  under an iteration short of n: {}; at n: {}; past n (self-deepening): {}\n",
        pct(r.under(SHORT), total),
        pct(r.under(AT_N), total),
        pct(r.under(PAST_N), total)
    );
    let e = r.entries();
    s += &format!(
        "  entered: {} miss, {} hint, {} redo (deep enough, window does not fit), {} resume (sd change 3), {} table full (not stored)\n",
        thousands(e[0]),
        thousands(e[1]),
        thousands(e[2]),
        thousands(e[3]),
        thousands(e[4])
    );
    // nodes under the nodes of each entry kind, at the shallowest ply where that kind has any
    let mut under_kind = String::new();
    for (k, name) in ENTRY_NAMES.iter().enumerate().skip(1) {
        let mut by_ply = [0u64; PLIES];
        for (ply, entry, _, c) in a.exit_cells() {
            if entry == k {
                by_ply[ply] += c.nodes;
            }
        }
        if let Some(ply) = (1..PLIES).find(|&p| by_ply[p] > 0) {
            under_kind += &format!(
                " {name} {} at ply {ply} ({});",
                thousands(by_ply[ply]),
                pct(by_ply[ply], total)
            );
        }
    }
    if !under_kind.is_empty() {
        s += &format!("  nodes under them, shallowest ply:{under_kind}\n");
    }
    s += &format!(
        "  nodes that ran iterations past n: {} ran 1 or more, {} ran 2 or more\n",
        thousands(r.ran_past(1)),
        thousands(r.ran_past(2))
    );
    let researched: (u64, u64) = a
        .researches()
        .iter()
        .fold((0, 0), |(c, n), x| (c + x.count, n + x.nodes));
    if researched.0 > 0 {
        s += &format!(
            "  re-searches in the parent (sdp): {}, with {} nodes under them ({})\n",
            thousands(researched.0),
            thousands(researched.1),
            pct(researched.1, total)
        );
    }
    let nest = a.nesting();
    if nest[1..].iter().any(|&c| c > 0) {
        let parts: Vec<String> = nest
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(k, c)| format!("{k}: {}", pct(*c, total)))
            .collect();
        s += &format!(
            "  nodes by the iterations past n in progress above them (nesting): {}\n",
            parts.join(", ")
        );
    }
    let by_ply = a.nodes_by_ply();
    let mut iters = [[0u64; CLASSES]; PLIES];
    let mut past_fail = [[0u64; 3]; PLIES];
    for (ply, n, d, _, o, c) in a.iteration_cells() {
        let class = match d.cmp(&n) {
            std::cmp::Ordering::Less => SHORT,
            std::cmp::Ordering::Equal => AT_N,
            std::cmp::Ordering::Greater => PAST_N,
        };
        iters[ply][class] += c.count;
        if class == PAST_N {
            past_fail[ply][o] += c.count;
        }
    }
    s += "  ply        nodes  under past-n | iterations: short     at n   past n | past-n outcomes: low exact high | outermost past-n: count      nodes\n";
    for ply in 0..PLIES {
        let out = a.outermost(PAST_N)[ply];
        if by_ply[ply] == 0 && iters[ply].iter().all(|&c| c == 0) {
            continue;
        }
        s += &format!(
            "  {:>3} {:>12} {:>13} | {:>18} {:>8} {:>8} | {:>20} {:>5} {:>4} | {:>23} {:>10}\n",
            ply,
            thousands(by_ply[ply]),
            thousands(a.under(PAST_N)[ply]),
            thousands(iters[ply][SHORT]),
            thousands(iters[ply][AT_N]),
            thousands(iters[ply][PAST_N]),
            thousands(past_fail[ply][0]),
            thousands(past_fail[ply][1]),
            thousands(past_fail[ply][2]),
            thousands(out.count),
            thousands(out.nodes)
        );
    }
    s
}

/// One line per job, for the run's summary.
pub fn summary_line(r: &JobResult) -> String {
    let total = r.nodes();
    let e = r.entries();
    format!(
        "{:<10} {:<7} {:>4} {:>14} {:>8} {:>10} {:>10} {:>12} {:>12} {:>10} {:>12} {:>6}\n",
        r.position,
        r.build.name(),
        r.anatomy.root_ply,
        thousands(total),
        match r.previous_nodes() {
            Some(p) if p > 0 => format!("{:.1}", total as f64 / p as f64),
            _ => "-".into(),
        },
        pct(r.under(PAST_N), total),
        pct(r.under(SHORT), total),
        thousands(r.ran_past(2)),
        thousands(e[3]),
        thousands(e[2]),
        thousands(e[4]),
        if r.cut { "cut" } else { "done" }
    )
}

pub const SUMMARY_HEADER: &str = "position   build   root          nodes  x prev.  in past-n   in short  ran 2+ past       resume       redo   table full  think\n";

/// The keys `(position, build)` of the jobs already finished in an anatomy.csv (its complete
/// lines: a torn last line is no row).
/// The jobs finished in `anatomy.csv` (those with their `done` row). A job's rows are appended
/// in one write that ends with its `done` row; a run killed inside that write leaves some of
/// the job's lines without it. Those lines are dropped here (the file rewritten atomically with
/// the finished jobs' rows only), so the job, run again, does not write them twice.
fn finished_jobs(path: &std::path::Path) -> Result<BTreeSet<(String, String)>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes[..crate::rundir::complete_len(&bytes)]);
    let mut lines = text.lines();
    match lines.next() {
        None => return Ok(BTreeSet::new()),
        Some(HEADER) => {}
        Some(_) => {
            return Err(format!(
                "{}: not an anatomy.csv of this version (header differs)",
                path.display()
            ));
        }
    }
    let job = |l: &str| {
        let f: Vec<&str> = l.split(',').collect();
        (f.len() >= 4).then(|| ((f[0].to_string(), f[1].to_string()), f[3] == "done"))
    };
    let rows: Vec<&str> = lines.collect();
    let done: BTreeSet<(String, String)> = rows
        .iter()
        .filter_map(|l| job(l))
        .filter_map(|(k, is_done)| is_done.then_some(k))
        .collect();
    let kept: Vec<&str> = rows
        .iter()
        .copied()
        .filter(|l| job(l).is_some_and(|(k, _)| done.contains(&k)))
        .collect();
    if kept.len() < rows.len() {
        let mut out = format!("{HEADER}\n");
        for l in &kept {
            out += l;
            out.push('\n');
        }
        crate::files::write_atomically(path, out.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!(
            "umax anatomy: {} rows of unfinished jobs dropped from {} (those jobs run again)",
            rows.len() - kept.len(),
            path.display()
        );
    }
    Ok(done)
}

/// Runs every job (position x build), `concurrency` at a time, writing each job's rows to
/// `anatomy.csv` as it finishes; returns the results in job order and the text.
pub fn run(opts: &AnatomyOptions) -> Result<(Vec<JobResult>, String), String> {
    use rayon::prelude::*;
    use std::sync::Mutex;
    let mut done = BTreeSet::new();
    let csv = match &opts.out {
        Some(dir) => {
            let path = dir.join(ANATOMY_CSV);
            // one writer per directory, locked before its rows are read
            let checked = crate::rundir::check(dir, opts.resume, ANATOMY_CSV)?;
            let settings = settings(opts);
            if opts.resume {
                done = finished_jobs(&path)?;
                // a run begun before the settings were recorded has none to compare
                if let Some(was) = crate::rundir::last_recorded(dir, "settings") {
                    let command = dir.join(crate::rundir::COMMAND_TXT);
                    crate::rundir::check_settings(&command, [was.as_str()], &settings)?;
                }
                check_positions(dir, &opts.positions)?;
            }
            let lock = checked.create()?;
            let f = crate::rundir::CsvAppender::open(&path, format!("{HEADER}\n").as_bytes())?;
            crate::rundir::append_command(
                dir,
                &opts.command_line,
                opts.resume,
                &[
                    ("settings", settings),
                    ("concurrency", opts.concurrency.to_string()),
                    ("positions", positions_record(&opts.positions)),
                ],
                &[],
            )?;
            Some(Mutex::new((f, lock)))
        }
        None => None,
    };
    let jobs: Vec<(&Position, Build)> = opts
        .positions
        .iter()
        .flat_map(|p| opts.builds.iter().map(move |&b| (p, b)))
        .filter(|(p, b)| !done.contains(&(csv_name(&p.name), b.to_string())))
        .collect();
    if !done.is_empty() {
        eprintln!(
            "umax anatomy: {} jobs finished on disk, {} to run",
            done.len(),
            jobs.len()
        );
    }
    let all = (opts.positions.len() * opts.builds.len()) as u64;
    let bar = crate::rundir::progress_bar(all, all - jobs.len() as u64, "jobs", opts.progress);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.concurrency.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let results: Vec<Result<JobResult, String>> = pool.install(|| {
        jobs.par_iter()
            .map(|(p, b)| {
                let r = run_job(p, *b, &opts.limit, opts.max_nodes, opts.hash_bits)?;
                if let Some(m) = &csv {
                    let mut g = m.lock().unwrap_or_else(|e| e.into_inner());
                    g.0.append(csv_rows(&r).as_bytes())?;
                }
                // a line per job (for logs), above the bar if there is one
                bar.suspend(|| {
                    eprintln!(
                        "umax anatomy: {} {} done ({} nodes in root iteration ply {})",
                        r.position,
                        r.build,
                        thousands(r.nodes()),
                        r.anatomy.root_ply
                    )
                });
                bar.inc(1);
                Ok(r)
            })
            .collect()
    });
    bar.finish_and_clear();
    let results: Vec<JobResult> = results.into_iter().collect::<Result<_, _>>()?;
    let mut text = String::new();
    for r in &results {
        text += &job_text(r);
        text.push('\n');
    }
    if !results.is_empty() {
        text += SUMMARY_HEADER;
        for r in &results {
            text += &summary_line(r);
        }
    }
    if let Some(dir) = &opts.out {
        let path = dir.join(if done.is_empty() {
            "anatomy.txt".to_string()
        } else {
            format!("anatomy-resumed-{}.txt", done.len())
        });
        crate::files::write_atomically(&path, text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok((results, text))
}
