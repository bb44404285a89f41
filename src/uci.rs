//! `umax uci`: the UCI protocol around the faithful engine.
//!
//! micro-Max itself has no protocol beyond its console (`umax play`); this module is new, and
//! every engine decision still comes from the port: positions are reached the way the C's main
//! loop reaches them (`enter_move`: clear the hash, legality check, in order from the initial
//! position), and a `go` is the main loop's think (`Engine::think`). With the same node budget,
//! `umax uci` therefore plays exactly the moves `umax play` plays on empty lines.
//!
//! # The protocol as implemented
//!
//! - `uci` → `id name`, `id author`, `uciok` (no options: the build and the table size are
//!   command-line flags). `isready` → `readyok`, answered at once, also during a search.
//!   `debug`, `register` are accepted and ignored; `setoption` answers that there is no such
//!   option.
//! - `ucinewgame`: the position becomes the initial one (the engine is rebuilt at every `go`
//!   anyway, with an empty table, so nothing carries over between games).
//! - `position startpos|fen <FEN> [moves m1 m2 ...]`: the moves are checked by shakmaty (the
//!   referee). A bad FEN, an illegal move or a malformed command refuses the whole position,
//!   with an `info string`: until a valid `position` (or `ucinewgame`) there is none, and `go`
//!   answers `info string no valid position ...` and `bestmove 0000` without searching —
//!   never a move for the previous position, or for the one before the bad move. A pawn move
//!   to the last rank without a promotion letter is taken as a queen promotion.
//!   At `go` the engine replays the list with `enter_move`; a move micro-Max cannot play
//!   (an under-promotion, or a FIDE move its rules refuse — see `tests/rules.rs`) is set up
//!   instead from the referee's position after it (`Engine::set_position`), with an
//!   `info string`.
//! - `go`: `nodes N` is the C's rule — the root starts another iteration only while fewer than
//!   N nodes were searched (so the count overshoots by up to one iteration) — except that at
//!   least the first real iteration (depth 1) is always searched, so there is a move.
//!   `depth D`: iterations up to depth D. `mate N`: as `depth 2N-1`. `movetime`,
//!   `wtime/btime/winc/binc/movestogo`: see below. `infinite` (and `ponder`): no limit, and
//!   `bestmove` waits for `stop` (or `ponderhit`, which is taken as `stop`: umax does not
//!   offer pondering). With none of these, the C's own limit of 10⁷ nodes. `searchmoves` is
//!   ignored with an `info string` (micro-Max cannot restrict its root). Several limits: the
//!   first one reached ends the search.
//! - One `info depth D score cp|mate S nodes N nps R time T pv M` line per completed root
//!   iteration of depth ≥ 1. `pv` is the best move only: micro-Max has no PV table.
//!   Scores: micro-Max's pawn is 99, so `cp` is `round(m*100/99)`. A mate: the mated side
//!   scores `-I/2 = -4000` (best move loses the king: `-D(...)/2` of a king capture `I`), and
//!   every move of the winning side on the way costs one point (`v-=v>e`, applied only when
//!   the score beats the static eval, i.e. on the winner's moves). So `m = ±(4000 - n)` is a
//!   mate in `n` moves, reported as `score mate ±n`; micro-Max treats `|m| > I/4 = 2000` as a
//!   mate (`d=99`) and so does this output. `depth` after a mate is found is one more than the
//!   iteration before (the C sets `d=99` there).
//! - `bestmove M`: the engine's `K`,`L` after the think (queen promotion spelled `q`).
//!   micro-Max can offer a move that is not legal (two faithful 3.2 behaviours: a root answered
//!   from the hash left by the previous legality check, or every move losing at once; or a
//!   castling out of or through a pawn's attack, which its rules allow — see `tests/rules.rs`).
//!   Then an `info string` says so and umax thinks once more with an empty table (for a
//!   castling: with the king's virgin bit cleared, so that it cannot castle); if that move is
//!   not legal either, it plays the referee's first legal move. With no legal move at all:
//!   `bestmove 0000`.
//! - `quit`, or end of input: see below.
//!
//! # Material beyond `I/4`
//!
//! micro-Max 3.2 cannot move when its material score `Q` is beyond ±`I/4` = ±2000 (about 20
//! pawns, e.g. three queens against none): the first iteration (`d=1`, `m=e=Q`) is taken for a
//! mate (`if(m>I/4|m<-I/4)d=99`) and the iterations that try moves never run, so its legality
//! check refuses every move and its think offers none. In such positions only, `umax uci`
//! enters moves and searches with `Q` set to 0 and puts the material back afterwards
//! ([`enter_move_rebased`]); scores in `info` are put back on the real scale. A constant shift
//! of `Q` changes a search only where scores meet the C's constants, which is the trap avoided.
//! An `info string` says when this happens. `umax play` keeps the C's behaviour.
//!
//! # What `stop` does
//!
//! micro-Max cannot abort inside an iteration; `umax uci` can. Its think runs a separate
//! instance of the search (the `ABORT` const generic, [`crate::engine::Abort`]) that every
//! 4096 nodes (about 1-2 ms) reads the `stop` flag and the hard time limit and, when due,
//! unwinds: each node undoes its move and returns at once, nothing of the cut iteration is
//! stored or reported, and `bestmove` is the move of the last *completed* iteration. The check
//! is armed once an iteration that searches moves (depth 1) has completed, so the answer is
//! always a searched move. Until it fires, the tree is the faithful one: with `go nodes` or
//! `go depth` nothing is cut and the same nodes are counted as by `umax play`. `play`, `bench`,
//! `match` and the parity tests use the faithful instances, which carry no trace of the check.
//!
//! The search runs on its own thread, so `isready` and `stop` are answered during any search.
//! `stop` is answered by the main thread at once with the last completed iteration's move
//! (see `Answer`), while the search thread unwinds behind it; `quit` stops the search and waits at most one second for its `bestmove`, then exits. End of
//! input acts as `stop` (the client is gone): the search is cut, its `bestmove` printed, and
//! umax exits — so `printf 'position startpos\ngo depth 40\n' | umax uci` ends at once.
//! `bestmove` is sent before the think's hash entries are cleared (that costs up to ~40 ms at
//! the published table size and is done while the opponent thinks).
//!
//! # Time
//!
//! Clocks are wall time, measured from the moment `go` is read. `movetime T`: iterations go on
//! until the hard limit `T` less 10 ms (at least `T/2`), where the search is cut. Clocks
//! (`wtime`/`btime`): the share of a move is `time/movestogo + 3/4 of the increment`
//! (`movestogo` taken as 30 when absent, at most 50). The target is the share, at most a quarter
//! of the time left, less 30 ms of overhead for the GUI and the pipes; another iteration starts
//! while less than half the target is used, or when it is predicted to end within the target
//! (the last iteration's time multiplied by its growth over the one before, clamped to 2..8).
//! The hard limit, where the search is cut, is twice the share, again at most a quarter of the
//! time left, less 30 ms. So a move never takes more than a quarter of the clock, and a wrong
//! prediction costs at most the hard limit.
//!
//! # Hostile input
//!
//! Lines end at LF or CR; bytes that are not UTF-8 are replaced; a line longer than 1 MiB is
//! cut there (the rest is dropped, with an `info string`). Unknown leading words are skipped
//! (as the UCI spec asks) until a known command; a line with none gets an `info string`.
//! Text echoed back in an `info string` is escaped and shortened, so it cannot break the
//! output's lines.

use crate::chess::{move_from_0x88, move_to_0x88, uci as uci_name};
use crate::engine::{Abort, Build, DEFAULT_NODE_LIMIT, Engine, I, RootIter, Think};
use crate::fen::{parse_fen, piece_code};
use shakmaty::{Chess, Color, Move, Position};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Longest input line kept; the rest of a longer line is dropped.
pub const MAX_LINE: usize = 1 << 20;

/// Options of `umax uci`.
#[derive(Clone, Debug)]
pub struct UciOptions {
    pub build: Build,
    pub hash_bits: u32,
    /// Test and fuzzing aid: no search goes past this many nodes (C rule, between iterations).
    pub node_cap: Option<i64>,
}

// ---------------------------------------------------------------------------------------------
// Input lines

/// One input line, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputLine {
    pub text: String,
    /// The line was longer than the limit and was cut.
    pub truncated: bool,
}

/// Reads the next line (ended by LF, CR or end of input), keeping at most `max` bytes of it.
/// `None` at end of input.
pub fn read_line<R: BufRead>(input: &mut R, max: usize) -> io::Result<Option<InputLine>> {
    let mut bytes = Vec::new();
    let mut truncated = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let end = buf.iter().position(|&c| c == b'\n' || c == b'\r');
        let take = end.unwrap_or(buf.len());
        let room = max.saturating_sub(bytes.len());
        if take > room {
            truncated = true;
        }
        bytes.extend_from_slice(&buf[..take.min(room)]);
        match end {
            Some(i) => {
                input.consume(i + 1);
                break;
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
    Ok(Some(InputLine {
        text: String::from_utf8_lossy(&bytes).into_owned(),
        truncated,
    }))
}

/// Text from the input made safe to echo inside one output line: control characters escaped,
/// at most 60 characters.
pub fn echo(text: &str) -> String {
    crate::text::echo(text)
}

// ---------------------------------------------------------------------------------------------
// Commands

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

/// The parameters of `go` (times in milliseconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<i64>,
    pub depth: Option<i64>,
    pub nodes: Option<i64>,
    pub mate: Option<i64>,
    pub movetime: Option<i64>,
    pub infinite: bool,
    pub ponder: bool,
    /// `searchmoves` was given (and is ignored).
    pub searchmoves: bool,
    /// What could not be understood.
    pub warnings: Vec<String>,
}

/// One parsed input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug,
    IsReady,
    SetOption(String),
    Register,
    UciNewGame,
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    /// Nothing on the line.
    Empty,
    /// No known command on the line.
    Unknown(String),
    /// A known command, malformed.
    Invalid(String),
}

const COMMANDS: &[&str] = &[
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
];

/// Parses one line. Unknown words before the first known command are skipped, as the UCI
/// specification asks.
pub fn parse_command(line: &str) -> Command {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.is_empty() {
        return Command::Empty;
    }
    let Some(first) = tokens.iter().position(|t| COMMANDS.contains(t)) else {
        return Command::Unknown(line.trim().to_string());
    };
    let args = &tokens[first + 1..];
    match tokens[first] {
        "uci" => Command::Uci,
        "debug" => Command::Debug,
        "isready" => Command::IsReady,
        "setoption" => {
            let name = args
                .iter()
                .skip_while(|t| **t != "name")
                .skip(1)
                .take_while(|t| **t != "value")
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            Command::SetOption(name)
        }
        "register" => Command::Register,
        "ucinewgame" => Command::UciNewGame,
        "position" => parse_position(args),
        "go" => Command::Go(parse_go(args)),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        _ => unreachable!("every listed command is matched"),
    }
}

fn parse_position(args: &[&str]) -> Command {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let start = match head.first() {
        Some(&"startpos") => {
            if head.len() > 1 {
                return Command::Invalid(format!(
                    "position: unexpected '{}' after startpos",
                    echo(head[1])
                ));
            }
            Start::StartPos
        }
        Some(&"fen") => {
            if head.len() < 2 {
                return Command::Invalid("position fen: no FEN given".into());
            }
            Start::Fen(head[1..].join(" "))
        }
        Some(other) => {
            return Command::Invalid(format!(
                "position: expected startpos or fen, not '{}'",
                echo(other)
            ));
        }
        None => return Command::Invalid("position: expected startpos or fen".into()),
    };
    Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    }
}

const GO_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

fn parse_go(args: &[&str]) -> GoParams {
    let mut g = GoParams::default();
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        i += 1;
        let slot = match word {
            "infinite" => {
                g.infinite = true;
                continue;
            }
            "ponder" => {
                g.ponder = true;
                continue;
            }
            "searchmoves" => {
                g.searchmoves = true;
                while i < args.len() && !GO_WORDS.contains(&args[i]) {
                    i += 1;
                }
                continue;
            }
            "wtime" => &mut g.wtime,
            "btime" => &mut g.btime,
            "winc" => &mut g.winc,
            "binc" => &mut g.binc,
            "movestogo" => &mut g.movestogo,
            "depth" => &mut g.depth,
            "nodes" => &mut g.nodes,
            "mate" => &mut g.mate,
            "movetime" => &mut g.movetime,
            other => {
                g.warnings
                    .push(format!("go: ignored unknown word '{}'", echo(other)));
                continue;
            }
        };
        match args.get(i).map(|v| parse_number(v)) {
            Some(Some(v)) => {
                *slot = Some(v);
                i += 1;
            }
            Some(None) if !GO_WORDS.contains(&args[i]) => {
                g.warnings.push(format!(
                    "go: '{word}' needs a whole number, not '{}'",
                    echo(args[i])
                ));
                i += 1;
            }
            _ => g.warnings.push(format!("go: '{word}' needs a number")),
        }
    }
    g
}

/// A whole number; a fractional part is dropped, an out-of-range value saturates.
fn parse_number(s: &str) -> Option<i64> {
    if let Ok(v) = s.parse::<i64>() {
        return Some(v);
    }
    let f: f64 = s.parse().ok()?;
    f.is_finite().then(|| f.clamp(-1e18, 1e18) as i64)
}

// ---------------------------------------------------------------------------------------------
// Positions

/// A position as the GUI gave it: where it starts and the moves from there.
#[derive(Clone, Debug, Default)]
pub struct GamePosition {
    /// `None`: the initial position (reached with `Engine::reset`, as a fresh C process).
    pub fen: Option<Chess>,
    pub moves: Vec<Move>,
    /// The position after all the moves (the referee's).
    pub current: Chess,
}

/// Sets up a `position` command against the referee, or says why it is refused (a bad FEN,
/// or a move that is not legal where it stands).
pub fn setup_position(start: &Start, moves: &[String]) -> Result<GamePosition, String> {
    let mut gp = GamePosition::default();
    if let Start::Fen(fen) = start {
        let pos = parse_fen(fen).map_err(|e| format!("position fen: {e}"))?;
        gp.fen = Some(pos.clone());
        gp.current = pos;
    }
    for (n, text) in moves.iter().enumerate() {
        let m = crate::chess::parse_uci_promoting(&gp.current, text)
            .map_err(|e| format!("position: move {} {e}", n + 1))?;
        gp.current.play_unchecked(m);
        gp.moves.push(m);
    }
    Ok(gp)
}

/// What `go` answers while there is no valid position.
const NO_POSITION: &str =
    "no valid position (the last position command was refused): not searching";

/// True if the engine's board holds the referee's pieces (virgin bits aside) and side to move.
pub fn engine_matches(engine: &Engine, pos: &Chess) -> bool {
    let side = if pos.turn() == Color::White { 8 } else { 16 };
    if engine.k != side {
        return false;
    }
    for sq in shakmaty::Square::ALL {
        let want = pos.board().piece_at(sq).map_or(0, piece_code);
        if engine.b[crate::chess::to_0x88(sq) as usize] & 31 != want {
            return false;
        }
    }
    true
}

/// True if micro-Max 3.2 cannot search or check a move in this state: with the material score
/// beyond `±I/4` its first iteration (`m=e=Q`) is taken for a mate (`d=99`) and the iteration
/// that tries moves never runs, so it refuses every move and thinks up none.
pub fn material_beyond_quarter(engine: &Engine) -> bool {
    !(-I / 4..=I / 4).contains(&engine.Q)
}

/// `enter_move`, except that when [`material_beyond_quarter`] it enters the move with the
/// material baseline taken out of `Q` (set to 0, then put back into the new `Q`). A search is
/// the same under such a shift except where scores meet the C's constants (`±I`, `I/4`), which
/// is exactly the trap avoided here. Elsewhere it is `enter_move` itself.
pub fn enter_move_rebased(engine: &mut Engine, from: i8, to: i8) -> bool {
    if !material_beyond_quarter(engine) {
        return engine.enter_move(from, to);
    }
    let q = engine.Q;
    engine.Q = 0;
    let played = engine.enter_move(from, to);
    // after a move the C sets Q=-e-i; with e=0 that is -i, so the real one is -q-i
    engine.Q = if played { engine.Q - q } else { q };
    played
}

/// Puts the engine in `gp` the way the C's main loop gets there: from the initial position
/// (`reset`) or the FEN, each move entered with `enter_move`. A move micro-Max cannot play is
/// set up from the referee's position after it instead; the returned notes say which.
pub fn replay(engine: &mut Engine, gp: &GamePosition) -> Vec<String> {
    let mut notes = Vec::new();
    let mut pos = match &gp.fen {
        None => {
            engine.reset();
            Chess::default()
        }
        Some(p) => {
            engine.set_position(p);
            p.clone()
        }
    };
    for (n, m) in gp.moves.iter().enumerate() {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        let played = match move_to_0x88(m) {
            Some((from, to)) => {
                enter_move_rebased(engine, from, to) && engine_matches(engine, &after)
            }
            None => false,
        };
        if !played {
            notes.push(format!(
                "micro-Max cannot play move {} ({}) as given; set up the position after it instead",
                n + 1,
                uci_name(m)
            ));
            engine.set_position(&after);
        }
        pos = after;
    }
    notes
}

// ---------------------------------------------------------------------------------------------
// Scores and limits

/// A micro-Max score as UCI's `score ...`: `mate ±n` beyond `I/4` (see the module docs), else
/// centipawns with micro-Max's pawn of 99.
pub fn uci_score(m: i32) -> String {
    if m > I / 4 {
        let n = (I / 2 - m).max(1);
        format!("mate {n}")
    } else if m < -I / 4 {
        let n = (I / 2 + m).max(0);
        if n == 0 {
            "mate 0".to_string()
        } else {
            format!("mate -{n}")
        }
    } else {
        let cp = (m as f64 * 100.0 / 99.0).round() as i64;
        format!("cp {cp}")
    }
}

/// [`uci_score`] of a score searched with `base` taken out of `Q` (see
/// [`enter_move_rebased`]): centipawns are put back on the real scale; mates are mates.
pub fn uci_score_rebased(m: i32, base: i32) -> String {
    if base == 0 || !(-I / 4..=I / 4).contains(&m) {
        uci_score(m)
    } else {
        let cp = ((m + base) as f64 * 100.0 / 99.0).round() as i64;
        format!("cp {cp}")
    }
}

/// Runs `think` on the engine, with the material baseline taken out of `Q` when
/// [`material_beyond_quarter`] (where micro-Max would think up no move); returns the think and
/// the baseline taken out (0 if none).
fn think_rebased(engine: &mut Engine, think: impl FnOnce(&mut Engine) -> Think) -> (Think, i32) {
    if !material_beyond_quarter(engine) {
        return (think(engine), 0);
    }
    let q = engine.Q;
    engine.Q = 0;
    let t = think(engine);
    engine.Q = if t.played { engine.Q - q } else { q };
    (t, q)
}

/// What ends a search, worked out from `go`'s parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchPlan {
    /// Start no iteration once this many nodes were searched (the C's rule).
    pub nodes: Option<i64>,
    /// Deepest iteration.
    pub depth: Option<i32>,
    /// The time target from `go` (clock mode): start another iteration only while less than
    /// half of it is used, or when the iteration is predicted to end within it.
    pub time: Option<Duration>,
    /// The hard limit from `go`: the search is cut here, inside an iteration if need be, and
    /// plays the move of the last completed iteration.
    pub hard: Option<Duration>,
    /// Hold `bestmove` until `stop`.
    pub infinite: bool,
}

/// Times are taken as at most this many milliseconds (about 30 years), so sums cannot overflow.
const MAX_MS: i64 = 1_000_000_000_000;

/// `go movetime T` cuts the search at `T` less this (the cut and `bestmove` take ~1-2 ms).
const MOVETIME_MARGIN_MS: i64 = 10;
/// Clock mode keeps this much of every move's time for the GUI and the pipes.
const CLOCK_OVERHEAD_MS: i64 = 30;

/// Works out the plan for `go` with the side to move `white`.
pub fn plan(g: &GoParams, white: bool) -> SearchPlan {
    let ms = |t: Option<i64>| t.map(|t| t.clamp(0, MAX_MS));
    let mut p = SearchPlan {
        nodes: g.nodes.map(|n| n.clamp(1, i32::MAX as i64)),
        depth: g.depth.map(|d| d.clamp(1, 96) as i32),
        time: None,
        hard: None,
        infinite: g.infinite || g.ponder,
    };
    if let Some(m) = g.mate {
        let d = (2 * m.clamp(1, 48) - 1) as i32;
        p.depth = Some(p.depth.map_or(d, |x| x.min(d)));
    }
    if let Some(t) = ms(g.movetime) {
        // search until (nearly) the time given: iterations go on until the hard limit
        p.hard = Some(Duration::from_millis(
            (t - MOVETIME_MARGIN_MS).max(t / 2) as u64
        ));
    }
    let (time, inc) = if white {
        (ms(g.wtime), ms(g.winc))
    } else {
        (ms(g.btime), ms(g.binc))
    };
    if let Some(t) = time {
        let inc = inc.unwrap_or(0);
        let mtg = g.movestogo.unwrap_or(30).clamp(1, 50);
        let share = t / mtg + inc * 3 / 4;
        let target = share.min(t / 4) - CLOCK_OVERHEAD_MS;
        let hard = (2 * share).min(t / 4) - CLOCK_OVERHEAD_MS;
        p.time = Some(Duration::from_millis(target.max(1) as u64));
        let hard = Duration::from_millis(hard.max(1) as u64);
        p.hard = Some(p.hard.map_or(hard, |x| x.min(hard)));
    }
    if !p.infinite && p.nodes.is_none() && p.depth.is_none() && p.hard.is_none() {
        p.nodes = Some(DEFAULT_NODE_LIMIT);
    }
    p
}

// ---------------------------------------------------------------------------------------------
// The session

type Out<W> = Arc<Mutex<W>>;

/// Writes one line and flushes it.
fn send<W: Write>(out: &Mutex<W>, line: &str) -> io::Result<()> {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    w.write_all(line.as_bytes())?;
    w.write_all(b"\n")?;
    w.flush()
}

/// The one `bestmove` of a `go`, sent by whichever thread comes first: the search thread when
/// it is done, or the main thread at `stop` (or end of input, or `quit`) with the move of the
/// last completed iteration — so that on a loaded machine `stop` is answered as soon as the
/// main thread runs, without waiting for the search thread to be scheduled and unwind. Output
/// goes through here while the search runs, so that nothing follows `bestmove`.
#[derive(Default)]
struct Answer {
    /// The last completed iteration's move, if the referee finds it legal (else the search
    /// thread decides, see `SearchJob::choose`).
    ready: Mutex<Option<String>>,
    sent: AtomicBool,
}

impl Answer {
    /// Sends `line` unless `bestmove` was sent (with `bestmove`: unless it was sent already).
    fn send<W: Write>(&self, out: &Mutex<W>, line: &str) {
        let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
        let bestmove = line.starts_with("bestmove ");
        if self.sent.load(Ordering::SeqCst) || (bestmove && self.sent.swap(true, Ordering::SeqCst))
        {
            return;
        }
        let _ = w
            .write_all(line.as_bytes())
            .and_then(|_| w.write_all(b"\n"))
            .and_then(|_| w.flush());
    }

    /// At `stop`: answers with the last completed iteration's move, if there is one.
    fn at_stop<W: Write>(&self, out: &Mutex<W>) {
        let ready = self.ready.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some(m) = ready {
            self.send(out, &format!("bestmove {m}"));
        }
    }
}

struct Search {
    stop: Arc<AtomicBool>,
    answer: Arc<Answer>,
    handle: JoinHandle<Engine>,
}

struct Session<W: Write + Send + 'static> {
    opts: UciOptions,
    out: Out<W>,
    engine: Option<Engine>,
    /// `None` after a refused `position`, until a valid one (or `ucinewgame`).
    position: Option<GamePosition>,
    search: Option<Search>,
}

/// Runs the protocol on `input` until `quit` or end of input.
pub fn run<R: BufRead, W: Write + Send + 'static>(
    opts: &UciOptions,
    input: &mut R,
    out: W,
) -> io::Result<()> {
    let mut s = Session {
        opts: opts.clone(),
        out: Arc::new(Mutex::new(out)),
        engine: Some(Engine::new(opts.build, opts.hash_bits)),
        position: Some(GamePosition::default()),
        search: None,
    };
    let result = s.main_loop(input);
    match result {
        // The GUI went away: nothing left to tell it.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

impl<W: Write + Send + 'static> Session<W> {
    fn main_loop<R: BufRead>(&mut self, input: &mut R) -> io::Result<()> {
        loop {
            let Some(line) = read_line(input, MAX_LINE)? else {
                self.end_of_input();
                return Ok(());
            };
            if line.truncated {
                self.info(&format!(
                    "line longer than {MAX_LINE} bytes: the rest was dropped"
                ))?;
            }
            if !self.handle(&line.text)? {
                return Ok(());
            }
        }
    }

    fn send(&self, line: &str) -> io::Result<()> {
        send(&self.out, line)
    }

    fn info(&self, text: &str) -> io::Result<()> {
        self.send(&format!("info string {text}"))
    }

    /// Handles one line; `false` means quit.
    fn handle(&mut self, line: &str) -> io::Result<bool> {
        match parse_command(line) {
            Command::Uci => {
                self.send(&format!(
                    "id name umax {} (micro-Max 3.2, {})",
                    env!("CARGO_PKG_VERSION"),
                    self.opts.build
                ))?;
                self.send("id author H.G. Muller (micro-Max 3.2), umax authors (Rust port)")?;
                self.send("uciok")?;
            }
            Command::IsReady => self.send("readyok")?,
            Command::Debug | Command::Register | Command::Empty => {}
            Command::SetOption(name) => {
                self.info(&format!("umax has no option '{}'", echo(&name)))?
            }
            Command::UciNewGame => self.position = Some(GamePosition::default()),
            Command::Position { start, moves } => match setup_position(&start, &moves) {
                Ok(gp) => self.position = Some(gp),
                Err(msg) => {
                    self.position = None;
                    self.info(&format!("{msg}; position refused"))?;
                }
            },
            Command::Go(g) => self.go(g)?,
            Command::Stop | Command::PonderHit => self.stop(),
            Command::Quit => {
                self.quit();
                return Ok(false);
            }
            Command::Unknown(text) => self.info(&format!("unknown command '{}'", echo(&text)))?,
            Command::Invalid(msg) => {
                if msg.starts_with("position") {
                    self.position = None;
                    self.info(&format!("{msg}; position refused"))?;
                } else {
                    self.info(&msg)?;
                }
            }
        }
        Ok(true)
    }

    /// Waits for the running search (if any) and takes the engine back.
    fn join(&mut self) {
        if let Some(s) = self.search.take() {
            match s.handle.join() {
                Ok(engine) => self.engine = Some(engine),
                // A panicking search thread is a bug; carry on with a fresh engine.
                Err(_) => self.engine = Some(Engine::new(self.opts.build, self.opts.hash_bits)),
            }
        }
    }

    fn stop(&mut self) {
        if let Some(s) = &self.search {
            s.stop.store(true, Ordering::SeqCst);
            s.handle.thread().unpark();
            s.answer.at_stop(&self.out);
        }
    }

    fn quit(&mut self) {
        self.stop();
        if let Some(s) = &self.search {
            let until = Instant::now() + Duration::from_secs(1);
            while !s.handle.is_finished() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(5));
            }
            if s.handle.is_finished() {
                self.join();
            }
        }
    }

    /// The GUI is gone: a running search is stopped as by `stop` (it sends its `bestmove`).
    fn end_of_input(&mut self) {
        self.stop();
        self.join();
    }

    fn go(&mut self, g: GoParams) -> io::Result<()> {
        let started = Instant::now();
        if self.search.is_some() {
            // Not allowed by the protocol; finish the old search first.
            self.stop();
            self.join();
        }
        for w in &g.warnings {
            self.info(w)?;
        }
        if g.searchmoves {
            self.info("searchmoves is not supported (micro-Max searches every move): ignored")?;
        }
        let Some(game) = self.position.clone() else {
            self.info(NO_POSITION)?;
            return self.send("bestmove 0000");
        };
        let mut engine = self.engine.take().expect("the engine is home when idle");
        for note in replay(&mut engine, &game) {
            self.info(&note)?;
        }
        let pos = game.current.clone();
        let mut plan = plan(&g, pos.turn() == Color::White);
        if let Some(cap) = self.opts.node_cap {
            plan.nodes = Some(plan.nodes.map_or(cap, |n| n.min(cap)));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let answer = Arc::new(Answer::default());
        let job = SearchJob {
            out: self.out.clone(),
            game,
            pos,
            plan,
            started,
            user_stop: stop.clone(),
            answer: answer.clone(),
        };
        let handle = std::thread::Builder::new()
            .name("umax-search".into())
            .spawn(move || job.run(engine))?;
        self.search = Some(Search {
            stop,
            answer,
            handle,
        });
        Ok(())
    }
}

/// One `go`, run on the search thread.
struct SearchJob<W: Write + Send + 'static> {
    out: Out<W>,
    /// The position as given (to set it up again for a second think).
    game: GamePosition,
    /// The position to search (the referee's).
    pos: Chess,
    plan: SearchPlan,
    started: Instant,
    user_stop: Arc<AtomicBool>,
    answer: Arc<Answer>,
}

/// What the per-iteration callback keeps between iterations.
struct IterationState {
    last_end: Duration,
    last_len: Option<Duration>,
    depth: i32,
    nodes_seen: u32,
    node_wraps: i64,
}

impl<W: Write + Send + 'static> SearchJob<W> {
    fn run(self, mut engine: Engine) -> Engine {
        let best = if self.pos.legal_moves().is_empty() {
            "0000".to_string() // checkmate or stalemate: nothing to search
        } else {
            let think = self.think(&mut engine);
            self.choose(&mut engine, think)
        };
        if self.plan.infinite {
            // UCI: in infinite (and ponder) mode bestmove waits for stop.
            while !self.user_stop.load(Ordering::SeqCst) {
                std::thread::park();
            }
        }
        self.answer.send(&self.out, &format!("bestmove {best}"));
        engine.on_iteration = None;
        engine.limits.stop = None;
        engine.abort = None;
        // the think leaves its entries in the table (`think_move`): clear them now, after
        // bestmove, rather than at the next go
        engine.clear_hash();
        engine
    }

    /// The hard stop for this `go`: the user's `stop` and the plan's hard limit.
    fn abort(&self) -> Abort {
        Abort {
            stop: Some(self.user_stop.clone()),
            deadline: self.plan.hard.map(|h| self.started + h),
        }
    }

    /// `Engine::think` with the plan's limits, printing `info` after each iteration.
    fn think(&self, engine: &mut Engine) -> Think {
        let engine_stop = Arc::new(AtomicBool::new(false));
        engine.limits.nodes = i64::MAX; // limits act through the stop flag, see below
        engine.limits.max_ply = None;
        engine.limits.deadline = None;
        engine.limits.stop = Some(engine_stop.clone());
        engine.abort = Some(self.abort());
        let mut st = IterationState {
            last_end: Duration::ZERO,
            last_len: None,
            depth: 0,
            nodes_seen: 0,
            node_wraps: 0,
        };
        let base = if material_beyond_quarter(engine) {
            self.answer.send(
                &self.out,
                &format!(
                    "info string material score {} is beyond I/4, where micro-Max 3.2 takes it for a mate and searches nothing: searching with it taken out of Q",
                    engine.Q
                ),
            );
            engine.Q
        } else {
            0
        };
        let (out, pos, plan, started, user_stop, answer) = (
            self.out.clone(),
            self.pos.clone(),
            self.plan.clone(),
            self.started,
            self.user_stop.clone(),
            self.answer.clone(),
        );
        engine.on_iteration = Some(Box::new(move |it: &RootIter| {
            let now = started.elapsed();
            // N is the C's int: count its wraps in a very long analysis.
            let n = it.nodes as u32;
            if n < st.nodes_seen {
                st.node_wraps += 1;
            }
            st.nodes_seen = n;
            let nodes = (st.node_wraps << 32) + n as i64;
            let len = now.saturating_sub(st.last_end);
            let growth = match st.last_len {
                Some(prev) if prev.as_secs_f64() > 0.0 => {
                    (len.as_secs_f64() / prev.as_secs_f64()).clamp(2.0, 8.0)
                }
                _ => 4.0,
            };
            st.last_end = now;
            st.last_len = Some(len);
            if it.ply < 1 {
                return; // depth 0 scores the position, it searches no move
            }
            // After a mate the C sets d=99: report the depth the iteration really had.
            st.depth = crate::engine::real_ply(it.ply, st.depth);
            let ms = now.as_millis().max(1) as i64;
            let mut line = format!(
                "info depth {} score {} nodes {} nps {} time {}",
                st.depth,
                uci_score_rebased(it.score, base),
                nodes,
                nodes * 1000 / ms,
                now.as_millis()
            );
            let legal = move_from_0x88(&pos, it.from, it.to as i8).map(|m| uci_name(&m));
            if let Some(m) = &legal {
                line.push_str(" pv ");
                line.push_str(m);
            }
            answer.send(&out, &line);
            *answer.ready.lock().unwrap_or_else(|e| e.into_inner()) = legal;
            // Decide whether the root may start another iteration.
            let predicted_end = now.as_secs_f64() + len.as_secs_f64() * growth;
            let done = user_stop.load(Ordering::SeqCst)
                || plan.nodes.is_some_and(|n| nodes >= n)
                || plan.depth.is_some_and(|d| st.depth >= d)
                || plan.hard.is_some_and(|h| now >= h)
                || plan.time.is_some_and(|t| {
                    let t = t.as_secs_f64();
                    now.as_secs_f64() >= t / 2.0 && predicted_end > t
                });
            if done {
                engine_stop.store(true, Ordering::SeqCst);
            }
        }));
        let (think, _) = think_rebased(engine, |e| e.think_move());
        engine.on_iteration = None;
        think
    }

    /// The move to send: the engine's if the referee finds it legal, else see the module docs.
    fn choose(&self, engine: &mut Engine, think: Think) -> String {
        if let Some(m) = move_from_0x88(&self.pos, think.from, think.to) {
            return uci_name(&m);
        }
        let offered = crate::engine::move_name(think.from, think.to);
        // Think once more with an empty table (from the position as given: the engine may have
        // played its illegal move). If the move was a castling (the only illegal moves the
        // rules test finds micro-Max accepting), without the king's virgin bit: no castling.
        replay(engine, &self.game);
        engine.clear_hash();
        let king = self.pos.board().king_of(self.pos.turn());
        let castling = king.is_some_and(|k| {
            crate::chess::to_0x88(k) == think.from
                && (think.from as i32 - think.to as i32).abs() == 2
        });
        if castling {
            engine.b[think.from as usize] &= !32;
        }
        let again = self.think_quietly(engine);
        if let Some(m) = move_from_0x88(&self.pos, again.from, again.to) {
            let how = if castling {
                "a castling out of or through a pawn's attack, which micro-Max 3.2 misses; thinking again without castling"
            } else {
                "not legal here; thinking again with an empty table"
            };
            self.answer.send(
                &self.out,
                &format!(
                    "info string micro-Max offered {offered}, {how} gave {}",
                    uci_name(&m)
                ),
            );
            return uci_name(&m);
        }
        let first = self.pos.legal_moves()[0];
        self.answer.send(
            &self.out,
            &format!(
                "info string micro-Max offered {offered}, not legal here; playing the first legal move {}",
                uci_name(&first)
            ),
        );
        uci_name(&first)
    }

    /// A second think under the same plan (and hard limit), without `info` lines.
    fn think_quietly(&self, engine: &mut Engine) -> Think {
        let engine_stop = Arc::new(AtomicBool::new(false));
        engine.limits.stop = Some(engine_stop.clone());
        engine.abort = Some(self.abort());
        let plan = self.plan.clone();
        let started = Instant::now();
        let budget = self.plan.time;
        engine.on_iteration = Some(Box::new(move |it: &RootIter| {
            let done = it.ply >= 1
                && (plan.nodes.is_some_and(|n| it.nodes as i64 >= n)
                    || plan.depth.is_some_and(|d| it.ply >= d)
                    || budget.is_some_and(|t| started.elapsed() * 4 > t)
                    || plan.infinite);
            if done {
                engine_stop.store(true, Ordering::SeqCst);
            }
        }));
        let (think, _) = think_rebased(engine, |e| e.think_move());
        engine.on_iteration = None;
        think
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores() {
        assert_eq!(uci_score(3999), "mate 1");
        assert_eq!(uci_score(3998), "mate 2");
        assert_eq!(uci_score(-3999), "mate -1");
        assert_eq!(uci_score(-4000), "mate 0");
        assert_eq!(uci_score(99), "cp 100");
        assert_eq!(uci_score(-50), "cp -51");
        assert_eq!(uci_score(2000), "cp 2020");
    }

    #[test]
    fn commands() {
        assert_eq!(parse_command("  isready \r"), Command::IsReady);
        assert_eq!(parse_command("joho debug on"), Command::Debug);
        assert_eq!(parse_command(""), Command::Empty);
        assert!(matches!(parse_command("xyzzy"), Command::Unknown(_)));
        assert_eq!(
            parse_command("position startpos moves e2e4 e7e5"),
            Command::Position {
                start: Start::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        assert!(matches!(parse_command("position"), Command::Invalid(_)));
        assert!(matches!(parse_command("position fen"), Command::Invalid(_)));
        let Command::Go(g) = parse_command("go wtime 1000 btime x winc -5 depth") else {
            panic!()
        };
        assert_eq!(g.wtime, Some(1000));
        assert_eq!(g.btime, None);
        assert_eq!(g.winc, Some(-5));
        assert_eq!(g.warnings.len(), 2);
        let Command::Go(g) = parse_command("go searchmoves e2e4 d2d4 nodes 5 infinite") else {
            panic!()
        };
        assert!(g.searchmoves && g.infinite);
        assert_eq!(g.nodes, Some(5));
    }

    #[test]
    fn extreme_numbers() {
        let g = GoParams {
            wtime: Some(i64::MAX),
            winc: Some(i64::MAX),
            movetime: Some(i64::MIN),
            movestogo: Some(i64::MIN),
            nodes: Some(i64::MAX),
            depth: Some(i64::MIN),
            mate: Some(i64::MAX),
            ..Default::default()
        };
        let p = plan(&g, true);
        assert_eq!(p.depth, Some(1));
        assert_eq!(p.nodes, Some(i32::MAX as i64));
        // the clock's hard limit is a quarter of it; the movetime's, nothing
        assert_eq!(p.time, Some(Duration::from_millis(MAX_MS as u64 / 4 - 30)));
        assert_eq!(p.hard, Some(Duration::ZERO));
        assert_eq!(parse_number("1e300"), Some(1_000_000_000_000_000_000));
        assert_eq!(parse_number("-inf"), None);
    }

    #[test]
    fn plans() {
        let p = plan(&GoParams::default(), true);
        assert_eq!(p.nodes, Some(DEFAULT_NODE_LIMIT));
        let g = GoParams {
            wtime: Some(60_000),
            btime: Some(1_000),
            ..Default::default()
        };
        // target: time/30 (at most a quarter of it), less 30 ms; hard: twice that
        let white = plan(&g, true);
        assert_eq!(white.time, Some(Duration::from_millis(1970)));
        assert_eq!(white.hard, Some(Duration::from_millis(3970)));
        let black = plan(&g, false);
        assert_eq!(black.time, Some(Duration::from_millis(3)));
        assert_eq!(black.hard, Some(Duration::from_millis(36)));
        let g = GoParams {
            movetime: Some(500),
            ..Default::default()
        };
        assert_eq!(plan(&g, true).time, None, "movetime: until the hard limit");
        assert_eq!(plan(&g, true).hard, Some(Duration::from_millis(490)));
        let g = GoParams {
            btime: Some(-50),
            ..Default::default()
        };
        assert_eq!(plan(&g, false).time, Some(Duration::from_millis(1)));
    }

    #[test]
    fn lines() {
        let mut input = &b"uci\r\nisready\rgo\xff\n\nlast"[..];
        let mut got = Vec::new();
        while let Some(l) = read_line(&mut input, 8).unwrap() {
            got.push(l.text);
        }
        assert_eq!(got, ["uci", "", "isready", "go\u{fffd}", "", "last"]);
        let mut long = &b"0123456789\nok\n"[..];
        let l = read_line(&mut long, 4).unwrap().unwrap();
        assert_eq!((l.text.as_str(), l.truncated), ("0123", true));
        assert_eq!(read_line(&mut long, 4).unwrap().unwrap().text, "ok");
    }
}
