//! `umax uci`: the UCI protocol around the faithful engine.
//!
//! micro-Max itself has no protocol beyond its console (`umax play`); this module is new, and
//! every engine decision still comes from the port: positions are reached the way the C's main
//! loop reaches them (`enter_move`: clear the hash, legality check, in order from the initial
//! position), and a `go` is the main loop's think (`Searcher::think_playing`). With the same node budget,
//! `umax uci` therefore plays exactly the moves `umax play` plays on empty lines.
//!
//! # The protocol as implemented
//!
//! - `uci` → `id name`, `id author`, one option, `uciok` (the build and the table size are
//!   command-line flags). The option `NodesTime` (nodes per millisecond, 0 by default: off), as
//!   Stockfish's `nodestime`, counts the clock in nodes: `go wtime/btime` gives the side
//!   `time × NodesTime` nodes and the think the C's root rule with `floor(nodes/movestogo)`
//!   (30 when absent; plus 3/4 of the increment's nodes) in place of `1e7`, with no time limit
//!   at all — the node clock of `umax match --clock nodes`, whose thinks it reproduces. `isready` → `readyok`, answered at once, also during a search.
//!   `debug`, `register` are accepted and ignored; `setoption` of any other name answers that
//!   there is no such option.
//! - `ucinewgame`: the position becomes the initial one (the engine is rebuilt at every `go`
//!   anyway, with an empty table, so nothing carries over between games).
//! - `position startpos|fen <FEN> [moves m1 m2 ...]`: the moves are checked by shakmaty (the
//!   referee). A bad FEN, an illegal move or a malformed command refuses the whole position,
//!   with an `info string`: until a valid `position` (or `ucinewgame`) there is none, and `go`
//!   answers `info string no valid position ...` and `bestmove 0000` without searching —
//!   never a move for the previous position, or for the one before the bad move. A pawn move
//!   to the last rank without a promotion letter is taken as a queen promotion.
//!   At `go` the engine replays the list with `enter_move`; a move micro-Max cannot play
//!   (an under-promotion, or a FIDE move its rules refuse — see `tests/suite/rules.rs`) is set up
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
//!   first one reached ends the search. A limit out of range is taken at the nearest value
//!   that means something, with an `info string` (`nodes` 1 to 2^31−1, `depth` 1 to 96, `mate`
//!   1 to 48, `movestogo` at least 1, times at least 0).
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
//!   castling out of or through a pawn's attack, which its rules allow — see `tests/suite/rules.rs`).
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
//! (its adapter's `Searcher::follow` and `think_playing`); scores in `info` are put back on the real scale. A constant shift
//! of `Q` changes a search only where scores meet the C's constants, which is the trap avoided.
//! An `info string` says when this happens. `umax play` keeps the C's behaviour.
//!
//! # What `stop` does
//!
//! micro-Max cannot abort inside an iteration; `umax uci` can. Its think runs a separate
//! instance of the search (the `ABORT` const generic, [`micromax::Abort`]) that every
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

//!
//! The files: `input` (lines), `command` (parsing), `position` (set-up and replay), `score`
//! (scores and the time plan), `session` (the command loop), `search` (the search thread).

use crate::chess::{legal_offer, uci as uci_name};
use micromax::builds::Build;
use micromax::fen::parse_fen;
use micromax::mm32::I;
use micromax::seam::Searcher;
use micromax::{Abort, Limits, RootIter, Think};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

mod command;
mod go;
mod input;
mod plan;
mod position;
mod score;
mod session;

pub use command::*;
use go::*;
pub use input::*;
pub use plan::*;
pub use position::*;
pub use score::*;
pub use session::*;

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

#[cfg(test)]
mod tests {
    use super::*;
    const DEFAULT_NODE_LIMIT: i64 = 10_000_000;

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
        assert_eq!(g.warnings.len(), 3);
        assert!(
            g.warnings
                .contains(&"go: winc -5 is out of range: taken as 0".to_string())
        );
        let Command::Go(g) = parse_command("go nodes -5 depth 200 mate 0 movestogo 40") else {
            panic!()
        };
        assert_eq!(
            g.warnings,
            [
                "go: nodes -5 is out of range: taken as 1",
                "go: depth 200 is out of range: taken as 96",
                "go: mate 0 is out of range: taken as 1",
            ]
        );
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
        let p = plan(&g, true, 0, DEFAULT_NODE_LIMIT);
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
        let p = plan(&GoParams::default(), true, 0, DEFAULT_NODE_LIMIT);
        assert_eq!(p.nodes, Some(DEFAULT_NODE_LIMIT));
        // a bare go thinks to the engine's own default (4.8's 1e6)
        let p = plan(&GoParams::default(), true, 0, 1_000_000);
        assert_eq!(p.nodes, Some(1_000_000));
        let g = GoParams {
            wtime: Some(60_000),
            btime: Some(1_000),
            ..Default::default()
        };
        // target: time/30 (at most a quarter of it), less 30 ms; hard: twice that
        let white = plan(&g, true, 0, DEFAULT_NODE_LIMIT);
        assert_eq!(white.time, Some(Duration::from_millis(1970)));
        assert_eq!(white.hard, Some(Duration::from_millis(3970)));
        let black = plan(&g, false, 0, DEFAULT_NODE_LIMIT);
        assert_eq!(black.time, Some(Duration::from_millis(3)));
        assert_eq!(black.hard, Some(Duration::from_millis(36)));
        let g = GoParams {
            movetime: Some(500),
            ..Default::default()
        };
        assert_eq!(
            plan(&g, true, 0, DEFAULT_NODE_LIMIT).time,
            None,
            "movetime: until the hard limit"
        );
        assert_eq!(
            plan(&g, true, 0, DEFAULT_NODE_LIMIT).hard,
            Some(Duration::from_millis(490))
        );
        let g = GoParams {
            btime: Some(-50),
            ..Default::default()
        };
        assert_eq!(
            plan(&g, false, 0, DEFAULT_NODE_LIMIT).time,
            Some(Duration::from_millis(1))
        );
    }

    #[test]
    fn nodestime_counts_the_clock_in_nodes() {
        // 15 s at 600 nodes/ms: 9,000,000 nodes, the think's limit a thirtieth of them
        let g = GoParams {
            wtime: Some(15_000),
            btime: Some(1_000),
            ..Default::default()
        };
        let white = plan(&g, true, 600, DEFAULT_NODE_LIMIT);
        assert_eq!(white.nodes, Some(300_000));
        assert_eq!(
            (white.time, white.hard),
            (None, None),
            "no time limit at all"
        );
        assert_eq!(plan(&g, false, 600, DEFAULT_NODE_LIMIT).nodes, Some(20_000));
        // the match's node clock gives the same limit for the same nodes left
        let mut side = crate::nodeclock::NodeClock::new(9_000_000).side(1, true);
        assert_eq!(Some(side.allowance().limit), white.nodes);
        let g = GoParams {
            wtime: Some(15_000),
            winc: Some(100),
            movestogo: Some(10),
            nodes: Some(1000),
            ..Default::default()
        };
        // go nodes still caps it; movestogo and increment as in clock mode
        assert_eq!(plan(&g, true, 600, DEFAULT_NODE_LIMIT).nodes, Some(1000));
        let g = GoParams { nodes: None, ..g };
        assert_eq!(
            plan(&g, true, 600, DEFAULT_NODE_LIMIT).nodes,
            Some(900_000 + 45_000)
        );
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
