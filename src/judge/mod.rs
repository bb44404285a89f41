//! `umax judge`: where two builds (the base and the test of a match, e.g. old and sd) choose different moves, a strong UCI engine (the judge)
//! scores the position after each move. Far less noise per CPU-hour than game results.
//!
//! Two sources of divergences:
//! - **games** (a games.csv): for every pair whose two games differ, the first ply where they
//!   part ([`divergence`]): the same position, the base build's move in one game and the test
//!   build's in the other;
//! - **positions** (a file of positions, `name<TAB>uci moves` as `umax bench --positions` reads
//!   it, or FEN/EPD lines): both builds think once at a budget ([`think`]); where their moves
//!   differ, both are judged.
//!
//! The judge ([`uci_client`]) scores the position after each move with `go nodes N` on an
//! empty hash (`ucinewgame`), one thread, a fixed hash; the score is turned to the mover's view
//! (negated) and a mate becomes `±(10000 - plies)`. A move that mates is scored `+10000`, a
//! move that stalemates `0`, without asking the judge. The judge is given the moves from the
//! start (`position startpos moves ...`), so it knows the game's repetitions.
//!
//! Output (`--out DIR`): `divergences.csv` (one row per judged divergence, appended and flushed
//! as each is judged, sorted at the end), in positions mode `thinks.csv` (every position: both
//! builds' moves, nodes, CPU), `summary.txt`, `judge-summary.csv`, `histogram.svg`,
//! `command.txt`. `--resume` continues a stopped run: finished rows are kept, the rest is done.

pub mod divergence;
pub mod histogram;
pub mod probe;
pub mod summary;
pub mod uci_client;

use crate::budget::Budget;
use crate::chess::parse_uci;
use crate::positions::parse_positions;
use crate::rundir::CsvAppender;
use probe::think_at;
use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};
use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use uci_client::{Judge, JudgeSpec, MATE, Score};

pub const DIVERGENCES_CSV: &str = "divergences.csv";
pub const THINKS_CSV: &str = "thinks.csv";

/// Where the positions come from.
#[derive(Clone, Debug)]
pub enum Source {
    /// games.csv files of one match (shards are merged).
    Games(Vec<PathBuf>),
    /// A positions file; both builds think at `budget` with tables of 2^`hash_bits`+8.
    Positions {
        file: PathBuf,
        budget: Budget,
        hash_bits: u32,
    },
}

/// What `umax judge` was asked to do.
#[derive(Clone, Debug)]
pub struct JudgeOptions {
    pub source: Source,
    /// Positions mode: the two builds that think (`--builds BASE,TEST`). Games mode takes the
    /// pairing from the games' settings.
    pub builds: crate::pairing::Pairing,
    pub judge: JudgeSpec,
    pub out: PathBuf,
    pub resume: bool,
    pub concurrency: usize,
    pub progress: bool,
    /// |test_cp − base_cp| at most this counts as equal.
    pub margin: i32,
    /// Only summarize the rows on disk ([`summarize_only`]).
    pub summary_only: bool,
    pub command_line: Vec<String>,
}

/// One judged divergence: a row of `divergences.csv`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DivergenceRow {
    /// Games mode: the pair whose games part here.
    pub pair: Option<u64>,
    /// Positions mode: the position's name.
    pub position: String,
    /// Plies from the start position to this one.
    pub ply: u64,
    /// The position before the move.
    pub fen: String,
    pub base_move: String,
    pub test_move: String,
    /// The judge's score after the base build's move, centipawns from the mover's view.
    pub base_cp: i32,
    pub test_cp: i32,
    pub test_minus_base: i32,
    /// The judge's own words for the position after the move, from the side to move there
    /// (`cp 35`, `mate -2`), or `checkmate`/`stalemate`/`insufficient_material`.
    pub base_judge: String,
    pub test_judge: String,
    /// CPU seconds the judge spent on this row.
    pub judge_cpu_s: f64,
    /// The UCI `position` the judge was given, without the judged move.
    pub position_command: String,
    pub settings: String,
}

/// One position thought about by both builds (positions mode): a row of `thinks.csv`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ThinkRow {
    pub position: String,
    pub ply: u64,
    /// `-`: no legal move offered.
    pub base_move: String,
    pub test_move: String,
    pub base_nodes: u64,
    pub test_nodes: u64,
    pub base_cpu_s: f64,
    pub test_cpu_s: f64,
    pub settings: String,
}

/// A unit of work.
#[derive(Clone, Debug)]
struct Task {
    key: String,
    pair: Option<u64>,
    start_fen: Option<String>,
    history: Vec<String>,
    /// Games mode: the base's and the test's moves, known from the games.
    moves: Option<(String, String)>,
}

/// The position before `history`'s last move is played, and the UCI `position` argument.
fn position_of(start_fen: Option<&str>, history: &[String]) -> Result<(Chess, String), String> {
    let mut pos = match start_fen {
        Some(f) => micromax::fen::parse_fen(f).map_err(|e| format!("'{f}': {e}"))?,
        None => Chess::default(),
    };
    for m in history {
        let mv = parse_uci(&pos, m)?;
        pos.play_unchecked(mv);
    }
    let mut command = match start_fen {
        Some(f) => format!("fen {f}"),
        None => "startpos".to_string(),
    };
    if !history.is_empty() {
        command.push_str(" moves ");
        command.push_str(&history.join(" "));
    }
    Ok((pos, command))
}

/// The judge's score of `mv` played in `pos`, from the mover's view, and the words for it.
fn judge_move(
    judge: &mut Judge,
    pos: &Chess,
    position_command: &str,
    mv: &str,
) -> Result<(i32, String), String> {
    let m = parse_uci(pos, mv)?;
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.is_checkmate() {
        return Ok((MATE, "checkmate".into()));
    }
    if after.is_stalemate() {
        return Ok((0, "stalemate".into()));
    }
    if after.is_insufficient_material() {
        return Ok((0, "insufficient_material".into()));
    }
    let command = if position_command.contains(" moves ") {
        format!("{position_command} {mv}")
    } else {
        format!("{position_command} moves {mv}")
    };
    let score: Score = judge.evaluate(&command)?;
    Ok((-score.centipawns(), score.text()))
}

/// Judges the base's and the test's moves in one position.
fn judge_pair(
    judge: &mut Judge,
    task: &Task,
    base_move: &str,
    test_move: &str,
    settings: &str,
) -> Result<DivergenceRow, String> {
    let (pos, position_command) = position_of(task.start_fen.as_deref(), &task.history)?;
    let cpu0 = judge.cpu_seconds();
    let (base_cp, base_judge) = judge_move(judge, &pos, &position_command, base_move)?;
    let (test_cp, test_judge) = judge_move(judge, &pos, &position_command, test_move)?;
    let judge_cpu_s = (judge.cpu_seconds() - cpu0).max(0.0);
    Ok(DivergenceRow {
        pair: task.pair,
        position: if task.pair.is_some() {
            String::new()
        } else {
            task.key.clone()
        },
        ply: task.history.len() as u64,
        fen: Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
        base_move: base_move.to_string(),
        test_move: test_move.to_string(),
        base_cp,
        test_cp,
        test_minus_base: test_cp - base_cp,
        base_judge,
        test_judge,
        judge_cpu_s: (judge_cpu_s * 1000.0).round() / 1000.0,
        position_command,
        settings: settings.to_string(),
    })
}

/// What a worker owns: its judge, and in positions mode one engine per build.
struct Worker {
    judge: Judge,
    engines: Option<(
        Box<dyn micromax::seam::Searcher>,
        Box<dyn micromax::seam::Searcher>,
    )>,
}

/// Does one task: the thinks (positions mode) and the judgement where the moves differ.
fn do_task(
    w: &mut Worker,
    task: &Task,
    source: &Source,
    settings: &str,
    builds: &crate::pairing::Pairing,
) -> Result<(Option<DivergenceRow>, Option<ThinkRow>), String> {
    if let Some((base_move, test_move)) = &task.moves {
        let row = judge_pair(&mut w.judge, task, base_move, test_move, settings)?;
        return Ok((Some(row), None));
    }
    let Source::Positions {
        budget, hash_bits, ..
    } = source
    else {
        unreachable!("games-mode tasks carry their moves");
    };
    let (old, sd) = w.engines.get_or_insert_with(|| {
        (
            probe::new_engine(&builds.base, *hash_bits),
            probe::new_engine(&builds.test, *hash_bits),
        )
    });
    let fen = task.start_fen.as_deref();
    let o = think_at(old.as_mut(), fen, &task.history, budget)
        .map_err(|e| format!("{}: {e}", task.key))?;
    let s = think_at(sd.as_mut(), fen, &task.history, budget)
        .map_err(|e| format!("{}: {e}", task.key))?;
    let think_row = ThinkRow {
        position: task.key.clone(),
        ply: task.history.len() as u64,
        base_move: o.mv.clone().unwrap_or_else(|| "-".into()),
        test_move: s.mv.clone().unwrap_or_else(|| "-".into()),
        base_nodes: o.nodes,
        test_nodes: s.nodes,
        base_cpu_s: (o.cpu_s * 1e6).round() / 1e6,
        test_cpu_s: (s.cpu_s * 1e6).round() / 1e6,
        settings: settings.to_string(),
    };
    let row = match (&o.mv, &s.mv) {
        (Some(a), Some(b)) if a != b => Some(judge_pair(&mut w.judge, task, a, b, settings)?),
        _ => None,
    };
    Ok((row, Some(think_row)))
}

/// What [`tasks`] returns: the tasks, (games mode) what the finder counted, and the pairing.
type Tasks = (
    Vec<Task>,
    Option<divergence::Found>,
    crate::pairing::Pairing,
);

/// The tasks of a run, in order, (games mode) what the finder counted, and the two builds
/// (games mode: the games' `builds=`, the default pairing without it; positions mode:
/// `builds`).
fn tasks(source: &Source, builds: crate::pairing::Pairing) -> Result<Tasks, String> {
    match source {
        Source::Games(paths) => {
            let rows = crate::report::read_games(paths)?;
            let (base, test) = crate::games_csv::settings_builds(&rows[0].settings)
                .unwrap_or_else(|| crate::pairing::Pairing::default().names());
            let pairing = crate::pairing::Pairing::resolve(&format!("{base},{test}"), &[])?;
            let found = divergence::find(&rows, pairing.clone())?;
            let tasks = found
                .divergences
                .iter()
                .map(|d| Task {
                    key: d.pair.to_string(),
                    pair: Some(d.pair),
                    start_fen: d.start_fen.clone(),
                    history: d.history.clone(),
                    moves: Some((d.base_move.clone(), d.test_move.clone())),
                })
                .collect();
            Ok((tasks, Some(found), pairing))
        }
        Source::Positions { file, .. } => {
            let text = fs::read_to_string(file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let positions = parse_positions(&text, &file.display().to_string())?;
            let mut seen = HashSet::new();
            let mut out = Vec::new();
            for p in positions {
                if !seen.insert(p.name.clone()) {
                    return Err(format!(
                        "{}: the name '{}' appears twice",
                        file.display(),
                        p.name
                    ));
                }
                out.push(Task {
                    key: p.name,
                    pair: None,
                    start_fen: p.fen,
                    history: p.moves,
                    moves: None,
                });
            }
            Ok((out, None, builds))
        }
    }
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into())
}

/// The settings string: everything that decides a row. Rows with other settings never mix.
fn settings(opts: &JudgeOptions, judge_name: &str) -> String {
    let j = &opts.judge;
    let mut s = match &opts.source {
        Source::Games(paths) => format!(
            "mode=games;games={}",
            paths
                .iter()
                .map(|p| file_name(p))
                .collect::<Vec<_>>()
                .join("+")
        ),
        Source::Positions {
            file,
            budget,
            hash_bits,
        } => {
            let b = budget.setting();
            format!(
                "mode=positions;positions={};{b};hash_bits={hash_bits}",
                file_name(file)
            )
        }
    };
    let budget = match j.depth {
        Some(d) => format!("judge_depth={d}"),
        None => format!("judge_nodes={}", j.nodes),
    };
    s.push_str(&format!(
        ";judge={judge_name};{budget};judge_hash_mb={};judge_threads=1;mate={MATE}",
        j.hash_mb
    ));
    s
}

/// Rows of a CSV written by this module, ignoring a trailing partial line.
fn read_csv<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Vec<T>, String> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let bytes = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let complete = crate::rundir::complete_len(&bytes);
    let mut reader = csv::Reader::from_reader(&bytes[..complete]);
    // the file names its columns by the builds (`old_move`, `sdnr_cp`, `sdnr_minus_old`);
    // the rows are read by their roles (`base_move`, `test_cp`, `test_minus_base`)
    let header = reader
        .headers()
        .map_err(|e| format!("{}: {e}", path.display()))?
        .clone();
    let names = names_of_header(&header);
    let roles: csv::StringRecord = header.iter().map(|c| role_of(c, &names)).collect();
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let record = record.map_err(|e| format!("{}: row {}: {e}", path.display(), i + 1))?;
        rows.push(
            record
                .deserialize::<T>(Some(&roles))
                .map_err(|e| format!("{}: row {}: {e}", path.display(), i + 1))?,
        );
    }
    Ok(rows)
}

/// The two builds of a judge run, `(base, test)`, as its files name their columns.
pub type Names = (String, String);

/// The builds a divergences.csv or thinks.csv header names: its first two `*_move` columns are
/// the base's and the test's (an empty or unknown header: the default pairing).
fn names_of_header(header: &csv::StringRecord) -> Names {
    let moves: Vec<&str> = header
        .iter()
        .filter_map(|c| c.strip_suffix("_move"))
        .collect();
    match moves[..] {
        [base, test, ..] => (base.to_string(), test.to_string()),
        _ => crate::pairing::Pairing::default().names(),
    }
}

/// The file's name of a role column: `test_minus_base` is `{test}_minus_{base}`, the other
/// `test_*`/`base_*` columns as games.csv names them.
fn file_column(role: &str, (base, test): &Names) -> String {
    if role == "test_minus_base" {
        format!("{test}_minus_{base}")
    } else {
        crate::pairing::column_name(role, base, test)
    }
}

/// The role of a file's column (the inverse of [`file_column`]).
fn role_of(column: &str, names: &Names) -> String {
    let (base, test) = names;
    if column == format!("{test}_minus_{base}") {
        return "test_minus_base".into();
    }
    for (name, role) in [(test, "test"), (base, "base")] {
        if let Some(rest) = column.strip_prefix(&format!("{name}_")) {
            return format!("{role}_{rest}");
        }
    }
    column.to_string()
}

/// Writes `rows` (with a header naming the builds) to `path` atomically.
fn write_csv<T: Serialize + Default>(path: &Path, rows: &[T], names: &Names) -> Result<(), String> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(header_line::<T>(names));
    for r in rows {
        w.serialize(r).map_err(|e| e.to_string())?;
    }
    let bytes = w.into_inner().map_err(|e| e.to_string())?;
    crate::files::write_atomically(path, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The header line of a row type (its fields in order), its columns named by the builds.
fn header_line<T: Serialize + Default>(names: &Names) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.serialize(T::default()).expect("a row in memory");
    let bytes = w.into_inner().expect("a row in memory");
    let fields = String::from_utf8(bytes).expect("field names are UTF-8");
    let roles = fields.lines().next().expect("a header line");
    let cols: Vec<String> = roles.split(',').map(|c| file_column(c, names)).collect();
    format!("{}\n", cols.join(",")).into_bytes()
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct JudgeOutcome {
    pub summary: summary::JudgeSummary,
    pub text: String,
    pub written: Vec<PathBuf>,
}

/// `umax judge`.
pub fn run(opts: &JudgeOptions) -> Result<JudgeOutcome, String> {
    if opts.summary_only {
        return summarize_only(opts);
    }
    // everything that can fail is checked before anything is written
    let probe = Judge::start(&opts.judge)?;
    let judge_name = if probe.name.is_empty() {
        file_name(&opts.judge.path)
    } else {
        probe.name.clone()
    };
    drop(probe);
    let (tasks, found, pairing) = tasks(&opts.source, opts.builds.clone())?;
    // the two builds decide a row too: a resume with another match's games (or other
    // builds) is refused, never relabelled
    let unnamed = settings(opts, &judge_name);
    let mut settings = format!("{unnamed};builds={}", pairing.setting());
    // an engine of its own process in a player's seat: started once before the run (refused
    // here if it cannot play), its identity in every row's settings
    if let Source::Positions { budget, .. } = &opts.source {
        crate::external::probe_all(pairing.engines(), budget)?;
        for e in pairing.engines() {
            settings.push_str(&format!(";engine.{}={}", e.name, e.setting()));
        }
    }
    let names = pairing.names();
    let out = &opts.out;
    let div_path = out.join(DIVERGENCES_CSV);
    let thinks_path = out.join(THINKS_CSV);
    let positions_mode = matches!(opts.source, Source::Positions { .. });
    // one writer per directory, locked before its rows are read
    let dir = crate::rundir::check(out, opts.resume, DIVERGENCES_CSV)?;
    let mut rows = read_csv::<DivergenceRow>(&div_path)?;
    let think_rows = read_csv::<ThinkRow>(&thinks_path)?;
    // rows written before the settings named the builds: their file's header names them
    // (`BASE_move,TEST_move`); such a run continues with its own settings string
    let legacy = |s: &str| !s.split(';').any(|kv| kv.starts_with("builds="));
    let recorded: Vec<&str> = rows
        .iter()
        .map(|r| r.settings.as_str())
        .chain(think_rows.iter().map(|r| r.settings.as_str()))
        .collect();
    if !recorded.is_empty() && recorded.iter().all(|s| legacy(s)) {
        let header = fs::read_to_string(&div_path).unwrap_or_default();
        let header = header.lines().next().unwrap_or("");
        if !header.contains(&format!(",{}_move,{}_move,", names.0, names.1)) {
            return Err(format!(
                "{}: its rows are not of {} against {} (header: {header}); refusing to resume (nothing was written)",
                div_path.display(),
                names.1,
                names.0
            ));
        }
        settings = unnamed;
    }
    crate::rundir::check_settings(
        &div_path,
        rows.iter().map(|r| r.settings.as_str()),
        &settings,
    )?;
    crate::rundir::check_settings(
        &thinks_path,
        think_rows.iter().map(|r| r.settings.as_str()),
        &settings,
    )?;
    let key_of = row_key;
    let done: HashSet<String> = if positions_mode {
        let thought: HashSet<String> = think_rows.iter().map(|r| r.position.clone()).collect();
        // a divergence row whose position has no thinks row is done again
        rows.retain(|r| thought.contains(&key_of(r)));
        thought
    } else {
        rows.iter().map(key_of).collect()
    };
    let _lock = dir.create()?;
    // rewrite what is kept (drops a partial last line), then append
    write_csv(&div_path, &rows, &names)?;
    if positions_mode {
        write_csv(&thinks_path, &think_rows, &names)?;
    }
    crate::rundir::append_command(
        out,
        &opts.command_line,
        opts.resume,
        &[
            ("judge", opts.judge.path.display().to_string()),
            ("settings", settings.clone()),
            ("concurrency", opts.concurrency.to_string()),
        ],
        &[],
    )?;

    let todo: Vec<&Task> = tasks.iter().filter(|t| !done.contains(&t.key)).collect();
    let div_out = Mutex::new(CsvAppender::open(
        &div_path,
        &header_line::<DivergenceRow>(&names),
    )?);
    let think_out = if positions_mode {
        Some(Mutex::new(CsvAppender::open(
            &thinks_path,
            &header_line::<ThinkRow>(&names),
        )?))
    } else {
        None
    };
    let bar = crate::rundir::progress_bar(
        tasks.len() as u64,
        done.len() as u64,
        "positions",
        opts.progress,
    );
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let error: Mutex<Option<String>> = Mutex::new(None);
    let judged = AtomicUsize::new(0);
    let workers = opts.concurrency.max(1).min(todo.len().max(1));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .map_err(|e| e.to_string())?;
    let fail = |e: String| {
        stop.store(true, Ordering::SeqCst);
        error.lock().expect("error lock").get_or_insert(e);
    };
    pool.scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|_| {
                let judge = match Judge::start(&opts.judge) {
                    Ok(j) => j,
                    Err(e) => return fail(e),
                };
                let mut w = Worker {
                    judge,
                    engines: None,
                };
                while !stop.load(Ordering::SeqCst) {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(task) = todo.get(i) else { break };
                    match do_task(&mut w, task, &opts.source, &settings, &pairing) {
                        Ok((row, think)) => {
                            let written = (|| {
                                if let Some(r) = &row {
                                    div_out.lock().expect("csv lock").append_row(r)?;
                                    judged.fetch_add(1, Ordering::SeqCst);
                                }
                                if let (Some(t), Some(out)) = (&think, &think_out) {
                                    out.lock().expect("csv lock").append_row(t)?;
                                }
                                Ok::<(), String>(())
                            })();
                            if let Err(e) = written {
                                return fail(e);
                            }
                            bar.inc(1);
                            if bar.is_hidden() && opts.progress {
                                eprintln!(
                                    "done {} ({} of {}), {} judged this run",
                                    task.key,
                                    bar.position(),
                                    tasks.len(),
                                    judged.load(Ordering::SeqCst)
                                );
                            }
                        }
                        Err(e) => return fail(e),
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    drop(div_out);
    drop(think_out);
    if let Some(e) = error.into_inner().expect("error lock") {
        return Err(format!(
            "{e}\nfinished rows are in {}; continue with --resume",
            div_path.display()
        ));
    }

    write_results(opts, &tasks, found.as_ref(), &settings, true, &names)
}

/// Sorts the rows on disk into task order (when `rewrite`), and writes the summary and the
/// histogram of the rows on disk.
fn write_results(
    opts: &JudgeOptions,
    tasks: &[Task],
    found: Option<&divergence::Found>,
    settings: &str,
    rewrite: bool,
    names: &Names,
) -> Result<JudgeOutcome, String> {
    let out = &opts.out;
    let div_path = out.join(DIVERGENCES_CSV);
    let thinks_path = out.join(THINKS_CSV);
    let positions_mode = matches!(opts.source, Source::Positions { .. });
    let order: HashMap<&str, usize> = tasks
        .iter()
        .enumerate()
        .map(|(i, t)| (t.key.as_str(), i))
        .collect();
    let mut rows = read_csv::<DivergenceRow>(&div_path)?;
    rows.sort_by_key(|r| {
        order
            .get(row_key(r).as_str())
            .copied()
            .unwrap_or(usize::MAX)
    });
    let mut written = Vec::new();
    if rewrite {
        write_csv(&div_path, &rows, names)?;
        written.push(div_path.clone());
    }
    let thinks = if positions_mode {
        let mut t = read_csv::<ThinkRow>(&thinks_path)?;
        t.sort_by_key(|r| {
            order
                .get(r.position.as_str())
                .copied()
                .unwrap_or(usize::MAX)
        });
        if rewrite {
            write_csv(&thinks_path, &t, names)?;
            written.push(thinks_path.clone());
        }
        Some(t)
    } else {
        None
    };
    let done = match &thinks {
        Some(t) => t.len(),
        None => rows.len(),
    };
    let mut s = summary::summarize(
        &rows,
        thinks.as_deref(),
        found,
        opts.margin,
        settings,
        (&names.0, &names.1),
    );
    s.done = (done, tasks.len());
    let text = summary::text(&s);
    let w = |name: &str, bytes: &[u8]| {
        let p = out.join(name);
        crate::files::write_atomically(&p, bytes)
            .map_err(|e| format!("cannot write {}: {e}", p.display()))
            .map(|_| p)
    };
    written.push(w("summary.txt", text.as_bytes())?);
    written.push(w("judge-summary.csv", &summary::csv(&s))?);
    let hist = out.join("histogram.svg");
    histogram::draw(&hist, &rows, &s)
        .map_err(|e| format!("cannot draw {}: {e}", hist.display()))?;
    written.push(hist);
    Ok(JudgeOutcome {
        summary: s,
        text,
        written,
    })
}

/// `--summary-only`: the summary and histogram of the rows on disk in `--out` (e.g. of a
/// stopped or still running run), without judging anything and without touching the CSVs.
pub fn summarize_only(opts: &JudgeOptions) -> Result<JudgeOutcome, String> {
    let (tasks, found, pairing) = tasks(&opts.source, opts.builds.clone())?;
    let rows = read_csv::<DivergenceRow>(&opts.out.join(DIVERGENCES_CSV))?;
    let thinks = read_csv::<ThinkRow>(&opts.out.join(THINKS_CSV))?;
    let settings = rows
        .first()
        .map(|r| r.settings.clone())
        .or_else(|| thinks.first().map(|r| r.settings.clone()))
        .ok_or_else(|| format!("--summary-only: no rows in {}", opts.out.display()))?;
    if let Some(other) = rows
        .iter()
        .map(|r| &r.settings)
        .chain(thinks.iter().map(|r| &r.settings))
        .find(|s| **s != settings)
    {
        return Err(format!(
            "--summary-only: {} mixes settings ('{settings}' and '{other}')",
            opts.out.display()
        ));
    }
    write_results(
        opts,
        &tasks,
        found.as_ref(),
        &settings,
        false,
        &pairing.names(),
    )
}

/// A row's key: the pair (games mode) or the position's name.
pub fn row_key(r: &DivergenceRow) -> String {
    match r.pair {
        Some(p) => p.to_string(),
        None => r.position.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_name_the_builds() {
        let names = ("old".to_string(), "sd".to_string());
        assert_eq!(
            String::from_utf8(header_line::<DivergenceRow>(&names)).unwrap(),
            "pair,position,ply,fen,old_move,sd_move,old_cp,sd_cp,sd_minus_old,old_judge,sd_judge,judge_cpu_s,position_command,settings\n"
        );
        assert_eq!(
            String::from_utf8(header_line::<ThinkRow>(&names)).unwrap(),
            "position,ply,old_move,sd_move,old_nodes,sd_nodes,old_cpu_s,sd_cpu_s,settings\n"
        );
    }

    #[test]
    fn position_commands() {
        let (_, c) = position_of(None, &[]).unwrap();
        assert_eq!(c, "startpos");
        let (pos, c) = position_of(None, &["e2e4".to_string()]).unwrap();
        assert_eq!(c, "startpos moves e2e4");
        assert_eq!(pos.turn(), shakmaty::Color::Black);
    }
}
