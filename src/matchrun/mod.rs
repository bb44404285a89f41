//! `umax match`: self-play of two builds (`--builds BASE,TEST`, by default old, micro-Max 3.2,
//! against sd, self-deepening; see [`crate::builds`]).
//!
//! Games come in pairs: pair `p` plays opening `(p-1) mod #openings`, game `2p-1` with the base
//! build white and game `2p` with the test build white. Every game is two engines driven as two C processes would
//! be (see [`play_game`]), refereed by shakmaty ([`referee`]). Pairs are spread over worker threads
//! (rayon); each worker allocates its two engines once and resets them between games, so
//! results at a node budget do not depend on the number of threads.
//!
//! Output (one directory): `games.csv` (a [`crate::games_csv::GameRow`] per game, appended and
//! flushed as each game ends, in completion order), `games.pgn`, `command.txt`. `--resume`
//! continues from `games.csv`; `--shard K/N` plays a share of the pairs with global numbers.
//!
//! ```no_run
//! use umax::matchrun::{MatchOptions, Budget, run};
//! let mut opts = MatchOptions::new(Some("runs/demo".into()));
//! opts.games = 4;
//! opts.budget = Budget::Nodes(5_000);
//! opts.hash_bits = 16;
//! let outcome = run(&opts).unwrap();
//! assert_eq!(outcome.rows.len(), 4);
//! ```

pub mod book;
pub mod calibrate;
pub mod match_dir;
pub mod memory;
pub mod options;
pub mod pgn;
pub mod play_game;
pub mod recover;
pub mod referee;
pub mod scoreboard;

pub use options::{Budget, Fault, FaultKind, MatchOptions, OpeningsSource, Shard, settings_string};

use crate::games_csv::GameRow;
use crate::pairing::Pairing;
use match_dir::{DirPlan, MatchDir};
use play_game::{GameSpec, Worker};
use rayon::iter::{ParallelBridge, ParallelIterator};
use std::cell::RefCell;
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a finished `run` leaves.
#[derive(Debug)]
pub struct MatchOutcome {
    /// The run directory.
    pub dir: PathBuf,
    /// Every row in its `games.csv` (earlier runs' rows included on resume), sorted by game.
    pub rows: Vec<GameRow>,
    /// Games played by this invocation.
    pub played: usize,
}

/// Below this node budget no think plays a move: at 1 the root's first iteration uses up the
/// budget before it has one, so micro-Max offers none and every game ends `no_move` at its
/// first think (tested from the default openings, both builds). From the initial position 2
/// is enough.
pub const MIN_PLAYING_NODES: u64 = 2;

thread_local! {
    /// The worker thread's engines (allocated at its first game, kept for the next ones).
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's engines, allocating them on first use.
fn with_worker<R>(
    builds: &Pairing,
    hash_bits: u32,
    full_clear: bool,
    f: impl FnOnce(&mut Worker) -> R,
) -> R {
    WORKER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot
            .as_ref()
            .is_none_or(|w| w.hash_bits != hash_bits || w.full_clear != full_clear)
        {
            *slot = None; // free old tables before allocating new ones
            *slot = Some(Worker::new(builds.clone(), hash_bits, full_clear));
        }
        let worker = slot.as_mut().expect("just allocated");
        // another pairing (a tournament): the same tables, searched by its builds (every game
        // starts from a reset engine, a fresh C process)
        worker.retarget(builds);
        f(worker)
    })
}

/// One game that this run still has to play: game `game` of pair `pair` (of pairing `pairing`,
/// an index into the pairings of a tournament; 0 in a match). A job is a game, not a pair: the
/// two games of a pair may run on two threads at once, and the last jobs of a run are as short
/// as one game (with pairs as jobs, a 20-game match on two threads lost about a tenth of its
/// wall time to one idle thread at the end: `results/bench.md`, round 5).
#[derive(Debug, PartialEq)]
struct Job {
    pairing: usize,
    pair: u64,
    game: u64,
}

/// The jobs of `pairs` (in order, each pair's two games in turn) without the games already
/// `done`, produced one at a time as workers ask for them, so memory does not grow with
/// `--games`.
fn jobs<'a>(
    pairs: impl Iterator<Item = u64> + 'a,
    done: &'a HashSet<u64>,
) -> impl Iterator<Item = Job> + 'a {
    pairs.flat_map(move |pair| {
        [2 * pair - 1, 2 * pair]
            .into_iter()
            .filter(move |g| !done.contains(g))
            .map(move |game| Job {
                pairing: 0,
                pair,
                game,
            })
    })
}

/// The jobs of several pairings, interleaved: the first game of every pairing, then the second
/// of every pairing, ... (each pairing's games as [`jobs`] gives them), so that a stopped
/// tournament has every pairing about equally far.
fn interleaved<'a>(
    mut each: Vec<Box<dyn Iterator<Item = Job> + Send + 'a>>,
) -> impl Iterator<Item = Job> + Send + 'a {
    let mut next = 0usize;
    let mut live = each.len();
    let mut ended = vec![false; each.len()];
    std::iter::from_fn(move || {
        while live > 0 {
            let i = next;
            next = (next + 1) % each.len();
            if ended[i] {
                continue;
            }
            match each[i].next() {
                Some(mut job) => {
                    job.pairing = i;
                    return Some(job);
                }
                None => {
                    ended[i] = true;
                    live -= 1;
                }
            }
        }
        None
    })
}

struct Sink {
    pairings: Vec<Running>,
    progress: scoreboard::Progress,
    error: Option<String>,
    /// Set when the SPRT accepted a hypothesis.
    sprt_verdict: Option<String>,
}

/// This machine's clock calibration for `--tc S --tc-scale REF` (measured now with `threads`
/// threads searching at once, or given by `--tc-speed`); `None` without `--tc-scale` or with
/// nothing left to play.
fn measure_clock(
    opts: &MatchOptions,
    threads: usize,
) -> Result<Option<calibrate::Calibration>, String> {
    let (Some(scale), Budget::Time(nominal)) = (&opts.tc_scale, &opts.budget) else {
        return Ok(None);
    };
    if threads == 0 {
        return Ok(None); // nothing left to play: no measurement
    }
    let calibration = match opts.tc_speed {
        Some(nps) => calibrate::Calibration {
            given: true,
            ..calibrate::Calibration::new(scale, nominal.base, nps)
        },
        None => {
            eprintln!(
                "umax: measuring this machine's speed ({threads} threads searching the bench positions at once)..."
            );
            let (nps, nodes, cpu_s) = calibrate::measure(threads, opts.hash_bits)?;
            calibrate::Calibration {
                threads,
                nodes,
                cpu_s,
                ..calibrate::Calibration::new(scale, nominal.base, nps)
            }
        }
    };
    if !calibration.clock.is_finite() || calibration.clock > options::MAX_CLOCK_S {
        return Err(format!(
            "{}: at most {} s per side (a day); refusing to play",
            calibration.describe(scale, nominal.base),
            options::MAX_CLOCK_S
        ));
    }
    Ok(Some(calibration))
}

/// The budget the games of one pairing are played at, the settings string of their rows, and
/// the line that describes the calibration (for `command.txt`). Without a calibration: the
/// options' budget and settings. With one: the clock scaled by the reference speed over this
/// machine's, the measured keys appended to the settings; on a resume, a factor that moved by
/// more than [`calibrate::FACTOR_TOLERANCE`] since the last row is reported.
fn apply_clock(
    opts: &MatchOptions,
    settings: &str,
    done: &[GameRow],
    calibration: Option<&calibrate::Calibration>,
    who: &str,
) -> Result<(Budget, String, Option<String>), String> {
    let (Some(calibration), Some(scale), Budget::Time(nominal)) =
        (calibration, &opts.tc_scale, &opts.budget)
    else {
        return Ok((opts.budget.clone(), settings.to_string(), None));
    };
    let mut note = calibration.describe(scale, nominal.base);
    eprintln!("{who}: {note}");
    if let Some(before) = done
        .iter()
        .rev()
        .find_map(|r| calibrate::recorded_factor(&r.settings))
    {
        let moved = calibration.factor / before - 1.0;
        if moved.abs() > calibrate::FACTOR_TOLERANCE {
            let warning = format!(
                "the factor moved by {:+.1}% since the last game on disk ({before:.4} then, {:.4} now; tolerance ±{:.0}%): the new games play at the new factor, each row records its own",
                moved * 100.0,
                calibration.factor,
                calibrate::FACTOR_TOLERANCE * 100.0
            );
            eprintln!("{who}: {warning}");
            note.push_str(&format!("\nwarning: {warning}"));
        }
    }
    if calibration.clock <= 0.0 {
        return Err(format!(
            "--tc-scale: {nominal} s scaled by {:.6} is no time at all; use a longer --tc",
            calibration.factor
        ));
    }
    Ok((
        Budget::Time(crate::budget::TimeControl {
            base: calibration.clock,
            increment: nominal.increment * calibration.factor,
        }),
        format!("{settings};{}", calibration.setting()),
        Some(note),
    ))
}

/// The message of a run stopped by a failed append. A file lost underneath the run: every
/// pairing's files are checked, each lost one saved beside it, and the command that puts the
/// rows back is named.
fn stopped_by(e: crate::rundir::AppendError, pairings: &mut [Running]) -> String {
    use crate::rundir::AppendError;
    match e {
        AppendError::Io(msg) => format!(
            "{msg}\nthe run stopped; every game before this one is on disk. Free the space (or lift the limit), then continue with --resume"
        ),
        AppendError::Lost { path, loss } => {
            let saved: Vec<String> = pairings.iter_mut().flat_map(|r| r.dir.salvage()).collect();
            let dirs: Vec<&std::path::Path> =
                pairings.iter().map(|r| r.dir.path.as_path()).collect();
            // a tournament's pairings share its directory
            let top = match dirs.as_slice() {
                [one] => one.to_path_buf(),
                [first, ..] => first
                    .parent()
                    .map_or_else(|| first.to_path_buf(), |p| p.to_path_buf()),
                [] => path.parent().map(|p| p.to_path_buf()).unwrap_or_default(),
            };
            let top = crate::text::shell_quote(&top.display().to_string());
            format!(
                "{} {loss} while this run was writing into it; the run stopped (no git operation or editor may touch a run's files while it runs: see the README).\n{}\nPut the rows back, then continue:\n  umax recover {top}\n  (then the same command with --resume)",
                path.display(),
                saved.join("\n")
            )
        }
    }
}

/// One pairing of a run, prepared: everything refused is refused while preparing, before any
/// game starts and before anything is written.
struct Prepared {
    opts: MatchOptions,
    book: book::OpeningBook,
    settings: String,
    plan: DirPlan,
    done_games: HashSet<u64>,
    shard_total: u64,
    to_play: u64,
}

/// Validates `opts` and plans its directory (no file is written).
fn prepare(opts: &MatchOptions, who: &str) -> Result<Prepared, String> {
    let mut opts = opts.clone();
    for note in opts.validate()? {
        eprintln!("{who}: {note}");
    }
    crate::external::probe_all(opts.builds.engines(), &opts.budget)?;
    if opts.hard_deadline {
        for b in [&opts.builds.base, &opts.builds.test] {
            if let Some(build) = b
                .build()
                .filter(|b| !b.capabilities().stops_inside_iteration)
            {
                eprintln!(
                    "{who}: warning: {build} ({}) cannot stop inside an iteration: --hard-deadline does not cut its thinks (on a fast clock, seat it as `umax uci --build {build}` through --engine: docs/reference.md)",
                    build.capabilities().family
                );
            }
        }
    }
    if let Budget::Nodes(n) = opts.budget
        && n < MIN_PLAYING_NODES
    {
        eprintln!(
            "{who}: warning: at --nodes {n} micro-Max plays no move (its first iteration needs more nodes), so every game will end no_move at its first think; use --nodes {MIN_PLAYING_NODES} or more"
        );
    }
    let book = book::load(&opts.openings)?;
    if let Some(o) = book.openings.iter().find(|o| o.plies() >= opts.max_plies) {
        return Err(format!(
            "{}: the opening has {} plies, which leaves no move below --max-plies {}",
            o.origin,
            o.plies(),
            opts.max_plies
        ));
    }
    if book.has_fen() {
        play_game::check_fen_support(&book.openings)?;
        // an engine without a set-up would forfeit every game at its start: refused here
        for b in [&opts.builds.base, &opts.builds.test] {
            if !b.can_set_up() {
                let first = book
                    .openings
                    .iter()
                    .find(|o| o.fen.is_some())
                    .map(|o| o.origin.clone());
                return Err(format!(
                    "{b} ({}) starts from the initial position only: it has no set-up, and the \
                     openings ({}) start from FEN positions{}",
                    b.family(),
                    book.name,
                    first
                        .map(|o| format!(" (the first at {o})"))
                        .unwrap_or_default()
                ));
            }
        }
    }
    let settings = settings_string(&opts, &book.name, &book.hash);
    // one writer per directory: refused here, before anything is read or written, if another
    // process holds it (the plan holds the lock)
    let plan = match_dir::plan(&opts, &settings)?;
    // Counts, not lists: --games may be up to 2^64-2, so pairs are produced lazily below.
    let done_games: HashSet<u64> = match &plan {
        DirPlan::Resume { rows, .. } => rows.iter().map(|r| r.game).collect(),
        _ => HashSet::new(),
    };
    let shard = opts.shard;
    let shard_total = 2 * shard.pairs_of(opts.pairs());
    let shard_games_done = done_games
        .iter()
        .filter(|&&g| (1..=opts.games).contains(&g) && shard.plays_pair(g.div_ceil(2)))
        .count() as u64;
    let to_play = shard_total - shard_games_done;
    Ok(Prepared {
        opts,
        book,
        settings,
        plan,
        done_games,
        shard_total,
        to_play,
    })
}

/// A pairing under way: its directory, the rows on disk and those played, what it plays with.
struct Running {
    opts: MatchOptions,
    book: book::OpeningBook,
    done_games: HashSet<u64>,
    budget: Budget,
    settings: String,
    event: String,
    dir: MatchDir,
    rows: Vec<GameRow>,
    played: usize,
}

/// Plays the match (or this shard of it, or what a resumed run still lacks).
///
/// Everything that can be refused (options, openings, output directory, settings of a resumed
/// run) is refused before any game starts and before anything is written.
pub fn run(opts: &MatchOptions) -> Result<MatchOutcome, String> {
    let mut outcomes = run_pairings(std::slice::from_ref(opts), "umax match")?;
    let outcome = outcomes.pop().expect("one pairing");
    let dir_path = &outcome.dir;
    // The summary is exactly what `umax report games.csv` makes of the file on disk.
    if !outcome.rows.is_empty() {
        let (text, _) = crate::report::run(&crate::report::ReportOptions {
            csv: vec![dir_path.join(match_dir::GAMES_CSV)],
            out: Some(dir_path.clone()),
            plots: true,
            sprt: opts.sprt,
            allow_partial: false,
        })?;
        print!("{text}");
    }
    println!("Games:   {}", dir_path.join(match_dir::GAMES_CSV).display());
    if outcome.rows.is_empty() {
        println!("Summary: none (no games in this run: a shard that owns no pair of the match)");
    } else {
        println!("Summary: {}", dir_path.join("summary.csv").display());
    }
    println!("PGN:     {}", dir_path.join(match_dir::GAMES_PGN).display());
    Ok(outcome)
}

/// Plays several matches (the pairings of a tournament; one for `umax match`) on one pool of
/// worker threads: games handed out one at a time, interleaved (game 1 of every pairing, then
/// game 2, ...), one
/// clock calibration for all, one progress bar. Each pairing's directory is exactly what
/// `umax match` writes for it. `who` names the command in messages.
pub fn run_pairings(list: &[MatchOptions], who: &str) -> Result<Vec<MatchOutcome>, String> {
    if list.len() > 1 && list.iter().any(|o| o.sprt.is_some()) {
        return Err(format!("{who}: --sprt is for a match of two builds"));
    }
    // Refuse everything before writing anything.
    let prepared = list
        .iter()
        .map(|o| prepare(o, who))
        .collect::<Result<Vec<_>, _>>()?;
    let to_play: u64 = prepared.iter().map(|p| p.to_play).sum();
    let shard_total: u64 = prepared.iter().map(|p| p.shard_total).sum();
    let first = &prepared[0].opts.clone();

    // Memory, before anything is allocated or written: two engines per thread (none are
    // allocated when nothing is left to play). A thread keeps its two engines from pairing to
    // pairing (`Worker::retarget`).
    let requested = (first.concurrency as u64).min(to_play).max(1);
    let (threads, note) = if to_play == 0 {
        (1, None)
    } else {
        // a thread keeps two engines, of the largest pairing it may play
        let engines = prepared
            .iter()
            .map(|p| memory::engines(&p.opts.builds, first.hash_bits))
            .max()
            .unwrap_or(0);
        memory::plan_threads(
            requested,
            !first.concurrency_is_default,
            first.hash_bits,
            engines,
            memory::available(),
        )?
    };
    if let Some(note) = note {
        eprintln!("{who}: {note}");
    }
    let cores = options::default_concurrency() as u64;
    if !first.concurrency_is_default && threads > cores {
        eprintln!(
            "{who}: --concurrency {threads} is more than this machine's {cores} cores: the games share them (a clock counts the thread's CPU time, so no think is shortened, but the run is no faster)"
        );
    }
    let threads_used = if to_play == 0 {
        0
    } else {
        usize::try_from(threads).unwrap_or(usize::MAX)
    };

    // A calibrated clock: this machine measured once (all worker threads at once) before any
    // game, the same measurement for every pairing.
    let calibration = measure_clock(first, threads_used)?;
    let mut running = Vec::with_capacity(prepared.len());
    for p in prepared {
        let resumed = matches!(p.plan, DirPlan::Resume { .. });
        let (dir, done) = MatchDir::open(p.plan, p.opts.builds.clone())?;
        let (budget, settings, calibration_note) =
            apply_clock(&p.opts, &p.settings, &done, calibration.as_ref(), who)?;
        // a grown match: its size before, on record beside the command that grew it
        let grown = crate::games_csv::recorded_size(&done)
            .filter(|&was| was < p.opts.games)
            .map(|was| format!("grown: {was} -> {} games", p.opts.games));
        // which clock played: the node clock's budget (and sweep, jitter) on record
        let clock = match &p.opts.budget {
            Budget::NodeClock(c) => Some(format!(
                "clock: nodes ({}: each think may start iterations while N < left/{}; see src/nodeclock.rs)",
                c.setting(),
                crate::nodeclock::MOVES_TO_GO
            )),
            Budget::Time(_) => Some(
                "clock: cpu (a build: its engine thread's CPU seconds; an engine of its own process: its process's, all threads)"
                    .to_string(),
            ),
            _ => None,
        };
        // each engine of its own process: its version line, protocol, command and options
        let engines: Vec<String> = p
            .opts
            .builds
            .engines()
            .map(|e| {
                format!(
                    "engine {}: {} ({}) cmd: {}{}",
                    e.name,
                    e.identity().map_or("?", |i| i.id.as_str()),
                    e.protocol.name(),
                    e.command_text(),
                    if e.options.is_empty() {
                        String::new()
                    } else {
                        format!(" options: {}", e.options_text())
                    }
                )
            })
            .collect();
        let notes: Vec<&str> = clock
            .iter()
            .chain(engines.iter())
            .chain(calibration_note.iter())
            .map(String::as_str)
            .chain(grown.as_deref())
            .collect();
        dir.write_command(&p.opts, resumed, &notes)?;
        let shard = p.opts.shard;
        eprintln!(
            "{who}: {} {} in {} ({} of {} games to play{}, {} threads)",
            p.opts.builds,
            p.opts.budget.setting(),
            dir.path.display(),
            p.to_play,
            p.shard_total,
            if shard == Shard::ALL {
                String::new()
            } else {
                format!(", shard {shard}")
            },
            threads
        );
        let event = format!(
            "umax match {} vs {}, {}",
            p.opts.builds.base,
            p.opts.builds.test,
            p.opts.budget.setting()
        );
        running.push(Running {
            opts: p.opts,
            book: p.book,
            done_games: p.done_games,
            budget,
            settings,
            event,
            dir,
            rows: done,
            played: 0,
        });
    }

    let progress = {
        let shard_done: Vec<(Pairing, Vec<GameRow>)> = running
            .iter()
            .map(|r| {
                let shard = r.opts.shard;
                let rows = r
                    .rows
                    .iter()
                    .filter(|row| shard.plays_pair(row.pair))
                    .cloned()
                    .collect();
                (r.opts.builds.clone(), rows)
            })
            .collect();
        let views: Vec<(Pairing, &[GameRow])> = shard_done
            .iter()
            .map(|(p, r)| (p.clone(), r.as_slice()))
            .collect();
        scoreboard::Progress::of_pairings(&views, shard_total, first.progress)
    };
    let sink = Mutex::new(Sink {
        pairings: running,
        progress,
        error: None,
        sprt_verdict: None,
    });
    if to_play > 0 {
        let stop = AtomicBool::new(false);
        // the read-only parts every worker needs, apart from the sink's lock
        let fixed: Vec<(MatchOptions, book::OpeningBook, Budget, String, String)> = {
            let s = sink.lock().unwrap_or_else(|e| e.into_inner());
            s.pairings
                .iter()
                .map(|r| {
                    (
                        r.opts.clone(),
                        r.book.clone(),
                        r.budget.clone(),
                        r.settings.clone(),
                        r.event.clone(),
                    )
                })
                .collect()
        };
        let done_sets: Vec<HashSet<u64>> = {
            let mut s = sink.lock().unwrap_or_else(|e| e.into_inner());
            s.pairings
                .iter_mut()
                .map(|r| std::mem::take(&mut r.done_games))
                .collect()
        };
        let each: Vec<Box<dyn Iterator<Item = Job> + Send + '_>> = fixed
            .iter()
            .zip(&done_sets)
            .map(|((o, ..), done)| {
                Box::new(jobs(o.shard.pairs_iter(o.pairs()), done))
                    as Box<dyn Iterator<Item = Job> + Send + '_>
            })
            .collect();
        let jobs = interleaved(each).take_while(|_| !stop.load(Ordering::Relaxed));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::try_from(threads).unwrap_or(usize::MAX))
            .thread_name(|i| format!("umax-match-{i}"))
            .build()
            .map_err(|e| format!("cannot start worker threads: {e}"))?;
        pool.install(|| {
            // par_bridge hands out games in order, as workers become free
            jobs.par_bridge().for_each(|job| {
                let (opts, book, budget, settings, event) = &fixed[job.pairing];
                {
                    let game_number = job.game;
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let spec = GameSpec {
                        game: game_number,
                        pair: job.pair,
                        opening: book.for_pair(job.pair),
                        // game 2p-1: base white; game 2p: test white
                        white: if game_number % 2 == 1 {
                            &opts.builds.base
                        } else {
                            &opts.builds.test
                        },
                        budget,
                        max_plies: opts.max_plies,
                        hard_deadline: opts.hard_deadline,
                        settings,
                        event,
                        fault: opts.fault,
                    };
                    // a search that does not stop (the watchdog's panic) stops the run: no row
                    // for this game, every finished one kept, `--resume` plays it again
                    let record = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        with_worker(&opts.builds, opts.hash_bits, opts.full_clear, |w| {
                            play_game::play_game(w, &spec)
                        })
                    }));
                    let mut guard = sink.lock().unwrap_or_else(|e| e.into_inner());
                    let s = &mut *guard;
                    if s.error.is_some() {
                        return; // the run has stopped: nothing more is written
                    }
                    let record = match record {
                        Ok(record) => record,
                        Err(payload) => match micromax::Stuck::of_panic(payload.as_ref()) {
                            Some(stuck) => {
                                stop.store(true, Ordering::Relaxed);
                                s.error = Some(format!(
                                    "watchdog: {stuck}. The run stopped: no row for this game, every finished game kept; fix the search and continue with --resume (docs/reference.md, \"A search that does not stop\")"
                                ));
                                return;
                            }
                            None => std::panic::resume_unwind(payload),
                        },
                    };
                    let r = &mut s.pairings[job.pairing];
                    match r.dir.append(&record) {
                        Ok(()) => {
                            s.progress.pairing_game_done(job.pairing, &record.row);
                            r.rows.push(record.row);
                            r.played += 1;
                            if let (Some(sprt), None) = (&opts.sprt, &s.sprt_verdict) {
                                // pentanomial over complete pairs (trinomial before any)
                                if let Ok(summary) = crate::report::summarize(&r.rows) {
                                    let results = summary.sprt_results();
                                    let status = sprt.status(&results);
                                    if status != crate::stats::SprtStatus::Continue {
                                        s.sprt_verdict = Some(format!(
                                            "{status} after {} games (LLR {:.3}, bounds [{:.3}, {:.3}])",
                                            r.rows.len(),
                                            sprt.llr(&results),
                                            sprt.lower_bound(),
                                            sprt.upper_bound()
                                        ));
                                        stop.store(true, Ordering::Relaxed);
                                    }
                                }
                            }
                        }
                        Err(e) => {
                            stop.store(true, Ordering::Relaxed);
                            s.error = Some(stopped_by(e, &mut s.pairings));
                        }
                    }
                }
            });
        });
    }
    let sink = sink.into_inner().unwrap_or_else(|e| e.into_inner());
    sink.progress.finish();
    if let Some(e) = sink.error {
        return Err(e);
    }
    if let Some(verdict) = &sink.sprt_verdict {
        eprintln!("{who}: SPRT stopped the match: {verdict}");
    }
    Ok(sink
        .pairings
        .into_iter()
        .map(|r| {
            let mut rows = r.rows;
            rows.sort_by_key(|row| row.game);
            MatchOutcome {
                dir: r.dir.path.clone(),
                rows,
                played: r.played,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use micromax::Limits;

    #[test]
    fn below_min_playing_nodes_no_think_plays_a_move() {
        let book = book::load(&OpeningsSource::Default).unwrap();
        // a property of 3.2's root rule (the other engines have their own)
        for &build in micromax::builds::ALL
            .iter()
            .filter(|b| b.capabilities().family == "micro-Max 3.2")
        {
            let mut e = build.searcher(10);
            let start = crate::bench::BenchPosition {
                name: "start".into(),
                moves: Vec::new(),
            };
            crate::bench::setup(e.as_mut(), &start).unwrap();
            assert!(
                e.think(&Limits::nodes(MIN_PLAYING_NODES as i64)).played,
                "{build:?} plays from the start at the minimum"
            );
            for o in book.openings.iter().take(40) {
                let pos = crate::bench::BenchPosition {
                    name: o.origin.clone(),
                    moves: o.text.split_whitespace().map(str::to_string).collect(),
                };
                crate::bench::setup(e.as_mut(), &pos).unwrap();
                let limits = Limits::nodes(MIN_PLAYING_NODES as i64 - 1);
                assert!(!e.think(&limits).played, "{build:?} {}", o.origin);
            }
        }
    }

    #[test]
    fn jobs_are_produced_lazily_in_order() {
        let done: HashSet<u64> = [1, 2, 4].into_iter().collect();
        let shard = Shard { index: 1, count: 1 };
        let first: Vec<Job> = jobs(shard.pairs_iter(4), &done).collect();
        assert_eq!(
            first,
            vec![
                Job {
                    pairing: 0,
                    pair: 2,
                    game: 3
                },
                Job {
                    pairing: 0,
                    pair: 3,
                    game: 5
                },
                Job {
                    pairing: 0,
                    pair: 3,
                    game: 6
                },
                Job {
                    pairing: 0,
                    pair: 4,
                    game: 7
                },
                Job {
                    pairing: 0,
                    pair: 4,
                    game: 8
                },
            ]
        );
        // the largest match: the first and the last jobs come at once, and no number overflows
        let mut o = MatchOptions::new(None);
        o.games = options::MAX_GAMES;
        o.validate().unwrap();
        let none = HashSet::new();
        let mut all = jobs(Shard::ALL.pairs_iter(o.pairs()), &none);
        assert_eq!(
            all.next(),
            Some(Job {
                pairing: 0,
                pair: 1,
                game: 1
            })
        );
        let p = o.pairs();
        let last_shard = Shard { index: p, count: p };
        let last = jobs(last_shard.pairs_iter(p), &none).last();
        assert_eq!(
            last,
            Some(Job {
                pairing: 0,
                pair: p,
                game: 2 * p
            })
        );
    }
}
