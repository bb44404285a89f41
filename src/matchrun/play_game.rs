//! One game: each side an engine driven exactly as its C process would be driven by a referee
//! feeding it lines (see `docs/spec/match-protocol.md`), shakmaty as the referee.
//!
//! | C main loop                               | here                                     |
//! |-------------------------------------------|------------------------------------------|
//! | process start                             | `driver::start` (`Searcher::reset`, table kept) |
//! | move line (opening or opponent's move)    | `driver::enter` (`Searcher::enter_move`) |
//! | empty line (think, then its own check)    | `Searcher::think(&limits)`               |
//!
//! Only `think()` is timed and counted; the legality checks of fed moves are not.

use super::book::Opening;
use super::options::{Budget, Fault, FaultKind};
use super::pgn;
use super::referee::{GameEnd, Referee, Termination};
use crate::budget::hard_limit;
use crate::chess;
use crate::driver;
use crate::games_csv::GameRow;
use crate::pairing::{Pairing, Player};
use micromax::fen::parse_fen;
use micromax::seam::{Failure, FailureKind, Searcher};
use micromax::{Abort, GameClock, Limits, TestFault, Think, thread_cpu_seconds};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

/// The two engines of a worker thread (one per player), allocated once and reset between games.
pub struct Worker {
    pub hash_bits: u32,
    /// Clear the whole table before every think, as the C does ([`Engine::set_full_clear`]).
    pub full_clear: bool,
    pub builds: Pairing,
    pub base: Box<dyn Searcher>,
    pub test: Box<dyn Searcher>,
}

impl Worker {
    pub fn new(builds: Pairing, hash_bits: u32, full_clear: bool) -> Worker {
        Worker {
            hash_bits,
            full_clear,
            base: Worker::engine(&builds.base, hash_bits, full_clear),
            test: Worker::engine(&builds.test, hash_bits, full_clear),
            builds,
        }
    }

    /// The same engines (and tables) searching with the players of `builds` from now on: a
    /// build's engine switched in place where it can be, an external engine kept if it is the
    /// same, any other made anew.
    pub fn retarget(&mut self, builds: &Pairing) {
        if *builds != self.builds {
            let (h, f) = (self.hash_bits, self.full_clear);
            for (engine, now, next) in [
                (&mut self.base, &self.builds.base, &builds.base),
                (&mut self.test, &self.builds.test, &builds.test),
            ] {
                let kept = match next {
                    _ if next == now => true,
                    Player::Build(b) => b.retarget(engine.as_mut()),
                    Player::Engine(_) => false,
                };
                if !kept {
                    *engine = Worker::engine(next, h, f);
                }
            }
            self.builds = builds.clone();
        }
    }

    /// A player's engine as a match makes it ([`crate::external::searcher`], with the match's
    /// table size, clearing and test hook).
    pub fn engine(player: &Player, hash_bits: u32, full_clear: bool) -> Box<dyn Searcher> {
        crate::external::searcher(
            player,
            &micromax::seam::Options {
                hash_bits,
                full_clear,
                first_node: test_node_start(),
            },
        )
    }
}

/// Test hook, not for measurement: `UMAX_TEST_NODE_START=S` starts every think's node counter
/// at `S` ([`Engine::start_nodes_at`]), so a test reaches the C's `int` wrap past 2^31 in a
/// short game and checks that the rows record the 64-bit count.
pub const TEST_NODE_START_VAR: &str = "UMAX_TEST_NODE_START";

fn test_node_start() -> Option<u64> {
    std::env::var(TEST_NODE_START_VAR).ok()?.parse().ok()
}

/// The position a game starts from, as the engines set it up: `None` for the initial position
/// (a fresh C process), else the opening's FEN read by the one FEN reader (micromax/src/fen.rs). Such
/// games have no C counterpart: the C original always starts from the initial position.
pub fn start_position(fen: Option<&str>) -> Result<Option<Chess>, String> {
    fen.map(|fen| parse_fen(fen).map_err(|e| format!("cannot set up '{fen}': {e}")))
        .transpose()
}

/// Refuses FEN openings the engines cannot start from, before any game starts.
pub fn check_fen_support(openings: &[Opening]) -> Result<(), String> {
    for o in openings {
        start_position(o.fen.as_deref()).map_err(|e| format!("{}: {e}", o.origin))?;
    }
    Ok(())
}

/// Everything that decides one game.
pub struct GameSpec<'a> {
    pub game: u64,
    pub pair: u64,
    pub opening: &'a Opening,
    pub white: &'a Player,
    pub budget: &'a Budget,
    pub max_plies: u32,
    /// `--hard-deadline`: cut a think inside its iteration at [`hard_limit`].
    pub hard_deadline: bool,
    pub settings: &'a str,
    /// PGN `Event` tag.
    pub event: &'a str,
    pub fault: Option<Fault>,
}

pub use crate::games_csv::GameRecord;

/// One side of a game: its engine and what it spent.
struct Side<'e> {
    player: &'e Player,
    color: Color,
    engine: &'e mut Box<dyn Searcher>,
    nodes: u64,
    cpu: f64,
    wall: f64,
    depth: i32,
    /// Remaining CPU seconds under `--tc`.
    clock: Option<f64>,
    /// The side's node clock (`--clock nodes`).
    node_clock: Option<crate::nodeclock::SideClock>,
    /// The engine panicked or failed: its state is unknown, the worker replaces it.
    replace_engine: bool,
}

/// A think and what the referee needs to judge it.
struct Thought {
    think: Think,
    /// `K`,`L` before the think: the last move fed in (what a root answered from the hash
    /// offers again).
    previous: UciMove,
    cpu: f64,
    /// CPU seconds the move was allowed under `--tc`.
    allotted: Option<f64>,
    /// The think was cut inside an iteration by the hard deadline.
    cut: bool,
    /// Under the node clock: the think's limit and the factor it was charged at.
    allowance: Option<crate::nodeclock::ThinkAllowance>,
}

fn side_name(build: &Player, color: Color) -> String {
    let c = if color == Color::White {
        "White"
    } else {
        "Black"
    };
    format!("{build} ({c})")
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// Runs `f`, turning a panic into its message.
/// The watchdog's panic ([`micromax::Stuck`]) is not caught: it stops the run.
fn guarded<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        if micromax::Stuck::of_panic(p.as_ref()).is_some() {
            std::panic::resume_unwind(p)
        }
        panic_message(p.as_ref())
    })
}

impl<'e> Side<'e> {
    fn new(
        player: &'e Player,
        color: Color,
        engine: &'e mut Box<dyn Searcher>,
        budget: &Budget,
        game: u64,
    ) -> Side<'e> {
        Side {
            player,
            color,
            engine,
            nodes: 0,
            cpu: 0.0,
            wall: 0.0,
            depth: 0,
            clock: match budget {
                Budget::Time(t) => Some(t.base),
                _ => None,
            },
            node_clock: match budget {
                Budget::NodeClock(c) => Some(c.side(game, color == Color::White)),
                _ => None,
            },
            replace_engine: false,
        }
    }

    fn name(&self) -> String {
        side_name(self.player, self.color)
    }

    /// The end of a game in which this side's engine panicked while `doing` something.
    fn panic_end(&mut self, doing: &str, message: String) -> GameEnd {
        self.replace_engine = true;
        GameEnd::loss(
            self.color,
            Termination::EnginePanic,
            format!("{}'s engine panicked {doing}: {message}", self.name()),
        )
    }

    /// The end of a game in which this side's engine (in its own process) failed: scored as
    /// the common match managers score it, the engine replaced for the next game. A stall is a
    /// time forfeit, a draw if the opponent cannot mate.
    fn failure_end(&mut self, f: Failure, pos: &Chess) -> GameEnd {
        self.replace_engine = true;
        let detail = format!("{}: {}", self.name(), f.detail);
        let termination = match f.kind {
            FailureKind::Start => Termination::EngineStart,
            FailureKind::Crash => Termination::EngineCrash,
            FailureKind::Stall => Termination::EngineStall,
            FailureKind::Garbage => Termination::IllegalMove,
            FailureKind::Refused => Termination::EngineRejectedMove,
            FailureKind::Resigned => Termination::Resignation,
        };
        if f.kind == FailureKind::Stall && pos.has_insufficient_material(!self.color) {
            return GameEnd::draw(
                Termination::TimeForfeitInsufficientMaterial,
                format!("{detail}, but the opponent cannot mate: draw"),
            );
        }
        GameEnd::loss(self.color, termination, detail)
    }

    /// The failure its engine reports, if any, as the game's end.
    fn failed(&mut self, pos: &Chess) -> Option<GameEnd> {
        let f = self.engine.failure()?;
        Some(self.failure_end(f, pos))
    }

    /// A fresh C process: initial position, empty table (or the FEN's, for FEN openings).
    fn start(&mut self, fen: Option<&str>) -> Option<GameEnd> {
        let setup = match start_position(fen) {
            Ok(setup) => setup,
            Err(e) => {
                return Some(GameEnd::loss(
                    self.color,
                    Termination::EngineRejectedMove,
                    format!("{} could not start from the FEN: {e}", self.name()),
                ));
            }
        };
        match guarded(|| driver::start(self.engine.as_mut(), setup.as_ref())) {
            Ok(Ok(pos)) => self.failed(&pos),
            Ok(Err(e)) => Some(GameEnd::loss(
                self.color,
                Termination::EngineRejectedMove,
                format!("{} could not start from the FEN: {e}", self.name()),
            )),
            Err(msg) => Some(self.panic_end("when reset", msg)),
        }
    }

    /// A move line: the engine enters a move the referee accepted (played from `pos`).
    /// `corrupt` is the test fault.
    fn feed(&mut self, mv: &Move, pos: &Chess, corrupt: bool) -> Option<GameEnd> {
        let engine = &mut *self.engine;
        let entered = guarded(|| {
            if corrupt {
                engine.inject_fault(TestFault::WrongSideToMove);
            }
            driver::enter(engine.as_mut(), mv)
        });
        match entered {
            Ok(Ok(())) => self.failed(pos),
            Ok(Err(_)) => Some(GameEnd::loss(
                self.color,
                Termination::EngineRejectedMove,
                format!(
                    "{}'s engine rejected {}, which is legal",
                    self.name(),
                    chess::uci(mv)
                ),
            )),
            Err(msg) => Some(self.panic_end(&format!("entering {}", chess::uci(mv)), msg)),
        }
    }

    /// An empty line: the engine thinks (under the budget) and checks its own move. `at`: the
    /// position; `opponent_left`: the opponent's clock.
    fn think(
        &mut self,
        budget: &Budget,
        hard: bool,
        fault: bool,
        at: &Chess,
        opponent_left: Option<f64>,
    ) -> Result<Thought, GameEnd> {
        let tc = match budget {
            Budget::Time(t) => Some(*t),
            _ => None,
        };
        let allotted = tc.zip(self.clock).map(|(t, left)| t.share(left));
        let allowance = self.node_clock.as_mut().map(|c| c.allowance());
        let mut limits = match budget {
            Budget::Time(_) => Limits::nodes(i64::MAX), // the clock alone decides
            // the C's 1e7 is the clock's share: the root rule N < limit
            Budget::NodeClock(_) => Limits::nodes(allowance.map_or(0, |a| a.limit)),
            // a per-think budget: every think the same
            _ => budget.first_think(),
        };
        if let (Some(t), Some(left)) = (tc, self.clock) {
            // what an engine that manages its own time is told (micro-Max ignores it)
            limits.game_clock = Some(GameClock {
                own: left,
                opponent: opponent_left.unwrap_or(left),
                increment: t.increment,
                white: self.color == Color::White,
            });
        }
        let previous = self.engine.last_move();
        let engine = &mut *self.engine;
        // an engine in its own process is charged its process's CPU time, not this thread's
        let process_cpu0 = engine.process_cpu_seconds();
        let (cpu0, wall0) = (thread_cpu_seconds(), Instant::now());
        if let Some(a) = allotted {
            // the root starts no iteration once this move has used its share of the clock
            limits.deadline = Some(cpu0 + a);
        }
        if let Some(left) = self.clock.filter(|_| hard) {
            // not micro-Max: the think is cut inside its iteration here (`--hard-deadline`)
            limits.abort = Some(Abort {
                cpu_deadline: Some(cpu0 + hard_limit(left)),
                ..Abort::default()
            });
        }
        let think = guarded(|| {
            if fault {
                panic!("injected fault (test)");
            }
            engine.think(&limits)
        });
        let cpu = match (process_cpu0, self.engine.process_cpu_seconds()) {
            (Some(a), Some(b)) => (b - a).max(0.0),
            _ => thread_cpu_seconds() - cpu0,
        };
        self.cpu += cpu;
        self.wall += wall0.elapsed().as_secs_f64();
        if let Some(left) = self.clock.as_mut() {
            *left -= cpu;
            if *left >= 0.0 {
                *left += tc.map_or(0.0, |t| t.increment);
            }
        }
        let think = think.map_err(|msg| self.panic_end("thinking", msg))?;
        if let Some(end) = self.failed(at) {
            return Err(end);
        }
        if let (Some(c), Some(a)) = (self.node_clock.as_mut(), allowance.as_ref()) {
            c.charge(think.searched, a);
        }
        let cut = hard && self.engine.aborted();
        self.nodes += think.searched;
        self.depth = self.depth.max(searched_depth(&think.iterations));
        Ok(Thought {
            think,
            previous,
            cpu,
            allotted,
            cut,
            allowance,
        })
    }
}

/// The depth (ply) of the deepest root iteration a think completed (see
/// [`micromax::real_ply`] for the C's mate marker).
pub fn searched_depth(iterations: &[micromax::RootIter]) -> i32 {
    micromax::searched_depth(iterations.iter().map(|it| it.ply))
}

/// What the PGN shows after an engine's move: score (micro-Max units / 100, the mover's view)
/// and depth of the last root iteration, CPU time, nodes.
fn think_comment(t: &Thought) -> String {
    let (score, depth) = t
        .think
        .iterations
        .last()
        .map_or(("-".to_string(), 0), |it| {
            (format!("{:+.2}", it.score as f64 / 100.0), it.ply)
        });
    let depth = if depth == micromax::MATE_ITERATION_PLY {
        searched_depth(&t.think.iterations)
    } else {
        depth
    };
    let mut c = format!("{score}/{depth} {:.3}s {}n", t.cpu, t.think.searched);
    if t.allotted.is_some_and(|a| t.cpu > a) {
        c.push_str(" overrun");
    }
    if t.cut {
        c.push_str(" cut");
    }
    if let Some(a) = t.allowance.filter(|a| a.factor != 1.0) {
        c.push_str(&format!(" x{:.4}", a.factor)); // the jitter's 1+ε
    }
    c
}

/// micro-Max's "no move": the root's `X=Y=0`, offered as a8a8.
const NO_MOVE: UciMove = UciMove::Normal {
    from: shakmaty::Square::A8,
    to: shakmaty::Square::A8,
    promotion: None,
};

/// Why the referee refused the move a think offered: one of the two faithful 3.2 cases of
/// `docs/spec/match-protocol.md`, or a plain illegal move. `previous` is `K`,`L` before the
/// think (the last move fed in).
fn refused_move(t: &Think, previous: UciMove) -> Termination {
    if t.iterations.is_empty() && t.offer == previous {
        Termination::HashRoot // no iteration ran, so K,L kept the last move fed in
    } else if t.offer == NO_MOVE {
        Termination::NoMove // the root's X=Y=0: nothing scored above -I
    } else {
        Termination::IllegalMove
    }
}

fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Plays the game to its end.
fn play(sides: &mut [Side; 2], referee: &mut Referee, spec: &GameSpec) -> GameEnd {
    let fault = spec.fault.filter(|f| f.game == spec.game);
    let fault_at =
        |ply: u32, kind: FaultKind| fault.is_some_and(|f| f.ply == ply && f.kind == kind);
    for side in sides.iter_mut() {
        if let Some(end) = side.start(spec.opening.fen.as_deref()) {
            return end;
        }
    }
    // The opening: a move line to both processes.
    for mv in &spec.opening.moves {
        let corrupt = fault_at(referee.plies(), FaultKind::Reject);
        let at = referee.position().clone();
        for side in sides.iter_mut() {
            if let Some(end) = side.feed(mv, &at, corrupt) {
                return end;
            }
        }
        if let Some(end) = referee.play(*mv, "book".into()) {
            return end; // not reached: openings that end the game are refused when loaded
        }
    }
    loop {
        let ply = referee.plies();
        let mover = index(referee.turn());
        let opponent_left = sides[1 - mover].clock;
        let at = referee.position().clone();
        let side = &mut sides[mover];
        let (build, color) = (side.player.clone(), side.color);
        let thought = match micromax::Stuck::annotate(
            || {
                format!(
                    "{build} ({}) in game {}, thinking at {} (moves: {})",
                    if color == Color::White {
                        "white"
                    } else {
                        "black"
                    },
                    spec.game,
                    shakmaty::fen::Fen::from_position(
                        referee.position(),
                        shakmaty::EnPassantMode::Legal
                    ),
                    if referee.plies() == 0 {
                        "none".to_string()
                    } else {
                        referee.uci_moves()
                    }
                )
            },
            || {
                side.think(
                    spec.budget,
                    spec.hard_deadline,
                    fault_at(ply, FaultKind::Panic),
                    &at,
                    opponent_left,
                )
            },
        ) {
            Ok(t) => t,
            Err(end) => return end,
        };
        let side = &sides[mover];
        // out of time on either clock: what the move took and what was left before it
        let flagged = match (side.clock, side.node_clock.as_ref()) {
            (Some(left), _) if left < 0.0 => Some(format!(
                "the move took {:.3}s with {:.3}s left",
                thought.cpu,
                left + thought.cpu
            )),
            (_, Some(clock)) if clock.flagged() => Some(format!(
                "the move took {} nodes with {} left",
                thought.think.searched,
                clock.left()
                    + thought
                        .allowance
                        .map_or(0, |a| a.cost(thought.think.searched))
            )),
            _ => None,
        };
        if let Some(took) = flagged {
            let detail = format!("{} lost on time: {took}", side.name());
            let opponent = !side.color;
            if referee.position().has_insufficient_material(opponent) {
                return GameEnd::draw(
                    Termination::TimeForfeitInsufficientMaterial,
                    format!("{detail}, but the opponent cannot mate: draw"),
                );
            }
            return GameEnd::loss(side.color, Termination::TimeForfeit, detail);
        }
        let t = &thought.think;
        let offered = t.offer.to_string();
        let Some(mv) = referee.legal(&t.offer) else {
            let termination = match side.player {
                Player::Build(_) => refused_move(t, thought.previous),
                Player::Engine(_) => Termination::IllegalMove,
            };
            let detail = match termination {
                Termination::HashRoot => format!(
                    "{}'s root was answered from the hash without an iteration; it offered the last move fed to it, {offered}, again",
                    side.name()
                ),
                Termination::NoMove if t.iterations.is_empty() => format!(
                    "{} started no iteration (its node limit allowed none) and offered a8a8 (no move)",
                    side.name()
                ),
                Termination::NoMove => format!(
                    "{} found every move losing and offered a8a8 (no move)",
                    side.name()
                ),
                _ => format!("{} offered {offered}, which is not legal", side.name()),
            };
            let end = GameEnd::loss(side.color, termination, detail);
            // an engine of its own process that broke the rules gets a new process
            if matches!(sides[mover].player, Player::Engine(_)) {
                sides[mover].replace_engine = true;
            }
            return end;
        };
        if !t.played {
            return GameEnd::loss(
                side.color,
                Termination::EngineRejectedMove,
                format!(
                    "{}'s engine refused its own move {}, which is legal",
                    side.name(),
                    chess::uci(&mv)
                ),
            );
        }
        if let Some(end) = referee.play(mv, think_comment(&thought)) {
            return end;
        }
        // The move line to the other process.
        let corrupt = fault_at(ply, FaultKind::Reject);
        if let Some(end) = sides[1 - mover].feed(&mv, &at, corrupt) {
            return end;
        }
    }
}

/// Rounds seconds to microseconds for the CSV.
fn micros(s: f64) -> f64 {
    (s * 1e6).round() / 1e6
}

/// Plays one game with the worker's engines.
pub fn play_game(worker: &mut Worker, spec: &GameSpec) -> GameRecord {
    let (hash_bits, full_clear) = (worker.hash_bits, worker.full_clear);
    let base_white = *spec.white == worker.builds.base;
    let black = if base_white {
        worker.builds.test.clone()
    } else {
        worker.builds.base.clone()
    };
    let (white_engine, black_engine) = if base_white {
        (&mut worker.base, &mut worker.test)
    } else {
        (&mut worker.test, &mut worker.base)
    };
    let mut sides = [
        Side::new(
            spec.white,
            Color::White,
            white_engine,
            spec.budget,
            spec.game,
        ),
        Side::new(&black, Color::Black, black_engine, spec.budget, spec.game),
    ];
    let mut referee = Referee::new(spec.opening.start.clone(), spec.max_plies);
    let end = play(&mut sides, &mut referee, spec);

    let (base, test) = if base_white {
        (&sides[0], &sides[1])
    } else {
        (&sides[1], &sides[0])
    };
    let row = GameRow {
        game: spec.game,
        pair: spec.pair,
        opening_id: spec.opening.id,
        opening: spec.opening.text.clone(),
        white: spec.white.name().to_string(),
        black: black.name().to_string(),
        result: end.result.pgn().to_string(),
        test_score: end.result.score_of(test.color),
        termination: end.termination.name().to_string(),
        plies: referee.plies() as u64,
        test_nodes: test.nodes,
        base_nodes: base.nodes,
        test_cpu_s: micros(test.cpu),
        base_cpu_s: micros(base.cpu),
        test_wall_s: micros(test.wall),
        base_wall_s: micros(base.wall),
        test_depth: test.depth,
        base_depth: base.depth,
        moves: referee.uci_moves(),
        settings: spec.settings.to_string(),
    };

    let [w, b] = &sides;
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", spec.event.to_string()),
        ("Site", "?".to_string()),
        ("Date", super::match_dir::utc_now().pgn_date()),
        ("Round", spec.game.to_string()),
        ("White", w.player.name().to_string()),
        ("Black", b.player.name().to_string()),
        ("Result", end.result.pgn().to_string()),
    ];
    // an external engine: its version line and options
    for (color, side) in [("White", w), ("Black", b)] {
        if let Player::Engine(e) = side.player {
            let id = e
                .identity()
                .map_or_else(|| e.name.clone(), |i| i.id.clone());
            tags.push((
                if color == "White" {
                    "WhiteEngine"
                } else {
                    "BlackEngine"
                },
                id,
            ));
            if !e.options.is_empty() {
                let key = if color == "White" {
                    "WhiteEngineOptions"
                } else {
                    "BlackEngineOptions"
                };
                tags.push((key, e.options_text()));
            }
        }
    }
    match &spec.opening.fen {
        Some(fen) => {
            tags.push(("SetUp", "1".to_string()));
            tags.push(("FEN", fen.clone()));
        }
        None => tags.push(("Opening", spec.opening.text.clone())),
    }
    tags.extend([
        ("Termination", end.termination.pgn_category().to_string()),
        ("TimeControl", spec.budget.pgn_time_control(spec.pair)),
        ("PlyCount", referee.plies().to_string()),
        ("Pair", spec.pair.to_string()),
        ("OpeningId", spec.opening.id.to_string()),
        ("WhiteNodes", w.nodes.to_string()),
        ("BlackNodes", b.nodes.to_string()),
        ("WhiteCpuSeconds", format!("{:.3}", w.cpu)),
        ("BlackCpuSeconds", format!("{:.3}", b.cpu)),
        ("WhiteWallSeconds", format!("{:.3}", w.wall)),
        ("BlackWallSeconds", format!("{:.3}", b.wall)),
        ("WhiteDepth", w.depth.to_string()),
        ("BlackDepth", b.depth.to_string()),
    ]);
    let comment = format!("{}: {}", end.termination.name(), end.detail);
    let pgn = pgn::game_text(
        &tags,
        referee.start(),
        referee.moves(),
        end.result.pgn(),
        &comment,
    );

    // A side whose engine panicked or failed gets a new engine (a new process): its state is
    // unknown.
    for side in &mut sides {
        if side.replace_engine {
            *side.engine = Worker::engine(side.player, hash_bits, full_clear);
        }
    }
    GameRecord { row, pgn }
}

#[cfg(test)]
mod tests {
    use super::*;
    use micromax::RootIter;

    fn think(from: i8, to: i8, iterations: usize) -> Think {
        let it = RootIter {
            ply: 1,
            nodes: 10,
            score: -7999,
            from,
            to: to as i32,
        };
        Think {
            offer: micromax::x88::uci_of(from, to),
            nodes: 10,
            searched: 10,
            iterations: vec![it; iterations],
            played: false,
        }
    }

    #[test]
    fn refused_moves_are_told_apart() {
        let e2e4 = micromax::x88::uci_of(0x64, 0x44);
        // the root answered from the hash: no iteration, K,L still the move fed in
        assert_eq!(
            refused_move(&think(0x64, 0x44, 0), e2e4.clone()),
            Termination::HashRoot
        );
        // every move loses: iterations ran, the best stayed X=Y=0 (a8a8)
        assert_eq!(
            refused_move(&think(0, 0, 3), e2e4.clone()),
            Termination::NoMove
        );
        // anything else
        assert_eq!(
            refused_move(&think(0x64, 0x24, 2), e2e4.clone()),
            Termination::IllegalMove
        );
        assert_eq!(
            refused_move(&think(0x64, 0x44, 2), e2e4.clone()),
            Termination::IllegalMove
        );
    }
}

#[cfg(test)]
mod depth_tests {
    use super::searched_depth;
    use micromax::RootIter;

    fn it(ply: i32) -> RootIter {
        RootIter {
            ply,
            nodes: 0,
            score: 0,
            from: 0,
            to: 0,
        }
    }

    #[test]
    fn a_mate_iteration_counts_one_deeper_than_the_previous() {
        assert_eq!(searched_depth(&[]), 0);
        assert_eq!(searched_depth(&[it(0), it(1), it(2), it(3)]), 3);
        assert_eq!(searched_depth(&[it(0), it(1), it(2), it(98)]), 3);
        assert_eq!(searched_depth(&[it(0), it(98)]), 1);
    }
}
