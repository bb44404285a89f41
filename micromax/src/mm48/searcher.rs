//! micro-Max 4.8 behind the engine seam (`crate::seam::Searcher`): a move line and a think as
//! the C's main loop runs them ([`Mm48::enter_move`], [`Mm48::think`]), the harness's
//! [`Limits`] as the root rule `N<1e6&d<98` (the node limit in place of `1e6`; `N` counts from
//! 128, as after the board print), and the Kibitz lines as the root iterations every command
//! reads. Not the C, and said where it is:
//!
//! - the think's 64-bit `searched` is `N-S` (4.8's `int` never comes near its wrap at the
//!   limits used);
//! - 4.8's mate marker (the line prints 97 when an iteration found a mate, `d=98`) is reported
//!   as the harness's [`MATE_ITERATION_PLY`], so the depth columns count it by its real depth
//!   as for 3.2;
//! - there is no set-up: 4.8 starts from the initial position only;
//! - a stop (`uci`'s `stop`, a deadline) is read at the root between iterations, where the C
//!   reads its node count: 4.8 has no hard stop inside an iteration.

use super::{Iter48, Mm48};
use crate::seam::{EnterError, Searcher, board_is};
use crate::x88::{move_to_0x88, uci_of};
use crate::{Limits, MATE_ITERATION_PLY, RootIter, TestFault, Think};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move};
use std::io::{self, BufRead, Write};
use std::sync::atomic::Ordering;

/// The ply 4.8's Kibitz line prints for an iteration that found a mate (`d=98`, `d-1`).
pub const MATE_ITERATION_PLY_48: i32 = 97;

/// One micro-Max 4.8 process and the build it runs (`mm48` or `mm48sd`).
pub struct Searcher48 {
    /// The build's name (`first-legal`; `mm48` or `mm48sd`).
    name: &'static str,
    engine: Mm48,
    /// `K`,`L` of the last move line or think.
    last: (i8, i8),
}

impl Searcher48 {
    /// A fresh process of `mm48` (`sd`: `mm48sd`) with a table of 2^`hash_bits` entries.
    pub fn new(sd: bool, hash_bits: u32) -> Searcher48 {
        Searcher48 {
            name: if sd { "mm48sd" } else { "mm48" },
            engine: Mm48::new(sd, hash_bits),
            last: (0, 0),
        }
    }
}

/// `e2e4` -> 0x88 squares (`a8` is 0), as the Kibitz line names them.
fn squares(mv: &str) -> (i8, i8) {
    let b = mv.as_bytes();
    let sq = |f: u8, r: u8| ((b'8' - r) as i8) * 16 + (f - b'a') as i8;
    (sq(b[0], b[1]), sq(b[2], b[3]))
}

fn square_name(sq: i8) -> String {
    let sq = sq as i32;
    format!(
        "{}{}",
        (b'a' + (sq & 7) as u8) as char,
        (b'8' - ((sq >> 4) & 7) as u8) as char
    )
}

fn root_iter(it: &Iter48) -> RootIter {
    let (from, to) = squares(&it.mv);
    RootIter {
        ply: if it.depth == MATE_ITERATION_PLY_48 {
            MATE_ITERATION_PLY
        } else {
            it.depth
        },
        nodes: it.nodes as i32,
        score: it.score,
        from,
        to: to as i32,
    }
}

/// The root rule with the harness's limits: `N<limit&d<98`, and the deepest ply, the deadline
/// and the stop flag of [`Limits`] (read between iterations only). `d` is the iteration about
/// to start; the ply it will print is `d-1`.
fn rule(limits: &Limits) -> impl FnMut(i64, i32) -> bool + '_ {
    move |n, d| {
        n < limits.nodes
            && d < 98
            && limits.max_ply.is_none_or(|p| d - 1 <= p)
            && limits.deadline.is_none_or(|t| (limits.clock)() < t)
            && limits
                .stop
                .as_ref()
                .is_none_or(|s| !s.load(Ordering::Relaxed))
    }
}

impl Searcher48 {
    fn run(&mut self, limits: &Limits) -> Think {
        self.engine.watch_think(limits);
        let wall = crate::thread_watch::watch(self.engine.watch_seconds());
        let t = self.engine.think(&mut rule(limits));
        drop(wall);
        self.engine.unwatch();
        let iterations: Vec<RootIter> = t.iterations.iter().map(root_iter).collect();
        let (from, to) = match (&t.mv, iterations.last()) {
            (Some(mv), _) => squares(mv),
            (None, Some(last)) => (last.from, last.to as i8),
            (None, None) => (0, 0),
        };
        self.last = (from, to);
        Think {
            offer: crate::x88::uci_of(from, to),
            nodes: t.nodes as i32,
            searched: t.nodes.max(0) as u64,
            iterations,
            played: t.mv.is_some(),
        }
    }
}

impl Searcher for Searcher48 {
    fn name(&self) -> &'static str {
        self.name
    }
    fn reset(&mut self) {
        self.engine.reset();
        self.last = (0, 0);
    }
    fn set_position(&mut self, _pos: &Chess) -> Result<(), String> {
        Err(format!(
            "{} (micro-Max 4.8) starts from the initial position only: it has no set-up",
            self.name
        ))
    }
    fn enter_move(&mut self, mv: &Move) -> Result<(), EnterError> {
        let (from, to) = move_to_0x88(mv).ok_or(EnterError::UnderPromotion)?;
        self.last = (from, to);
        if self
            .engine
            .enter_move(&(square_name(from) + &square_name(to)))
        {
            Ok(())
        } else {
            Err(EnterError::Refused)
        }
    }
    /// The think plays its move on the board, as the C's does (4.8 checks it in the same
    /// search).
    fn think(&mut self, limits: &Limits) -> Think {
        self.run(limits)
    }
    /// As [`Searcher48::think`] (4.8 cannot think without playing): `uci` sets every position
    /// up afresh before the next think.
    fn think_reporting(
        &mut self,
        limits: &Limits,
        observe: Box<dyn FnMut(&RootIter) + Send>,
    ) -> Think {
        let mut observe = observe;
        self.engine.observer = Some(Box::new(move |it: &Iter48| observe(&root_iter(it))));
        let mut t = self.run(limits);
        self.engine.observer = None;
        t.played = false;
        t
    }
    fn last_move(&self) -> UciMove {
        uci_of(self.last.0, self.last.1)
    }
    fn stands_in(&self, pos: &Chess) -> bool {
        board_is(
            self.engine.side_to_move(),
            |sq| self.engine.piece_at(sq as u8) as i32 & 0x7f,
            pos,
        )
    }
    fn console(
        &mut self,
        limits: &Limits,
        trace: bool,
        mut input: &mut dyn BufRead,
        mut out: &mut dyn Write,
    ) -> io::Result<()> {
        self.engine
            .console(&mut input, &mut out, limits.nodes, trace)
    }
    fn inject_fault(&mut self, fault: TestFault) {
        match fault {
            // the engine believes the other side is to move: it rejects the next legal move
            TestFault::WrongSideToMove => self.engine.flip_side(),
        }
    }
    fn as_dyn(&mut self) -> &mut dyn Searcher {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
