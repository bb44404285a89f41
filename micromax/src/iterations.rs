//! What a think reports, whichever engine thinks: each completed root iteration ([`RootIter`],
//! the instrumented C's trace line) and the think itself ([`Think`]), with the one rule for the
//! depth a mate-finding iteration really searched.

use shakmaty::uci::UciMove;

/// One completed root iteration: what the instrumented C prints with
/// `printf("%2d ply, %9d searched, %6d by (%2x,%2x)\n",d-1,N,m,X,Y&0x77)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootIter {
    /// `d-1`: the depth of this iteration in ply.
    pub ply: i32,
    /// `N`: nodes searched so far in this think (cumulative).
    pub nodes: i32,
    /// `m`: the score, from the side to move's view (a pawn is 99).
    pub score: i32,
    /// `X`: from-square of the best move (0x88, as the C's trace prints it; [`RootIter::offer`]
    /// in chess terms).
    pub from: i8,
    /// `Y&0x77`: to-square of the best move (0x88).
    pub to: i32,
}

impl RootIter {
    /// The iteration's best move in UCI squares (as [`Think::offer`]).
    pub fn offer(&self) -> UciMove {
        crate::x88::uci_of(self.from, self.to as i8)
    }

    /// The instrumented C's trace line, byte for byte (with its newline).
    pub fn trace_line(&self) -> String {
        // `%2x` of a char promoted to int: negative values print as 8 hex digits, as here.
        format!(
            "{:2} ply, {:9} searched, {:6} by ({:2x},{:2x})\n",
            self.ply, self.nodes, self.score, self.from as i32, self.to
        )
    }
}

/// The ply the C's trace prints for an iteration that found a mate: it sets `d=99` to stop
/// deepening, so its `d-1` reads 98 whatever depth it searched.
pub const MATE_ITERATION_PLY: i32 = 98;

/// The depth (ply) a root iteration really searched: its `ply`, except that a mate-finding one
/// (printed as [`MATE_ITERATION_PLY`]) searched one ply deeper than `previous`, the real depth of
/// the iteration before it. The one place this rule is written (match depth columns, PGN
/// comments, the C oracle, uci `info depth`, bench).
pub fn real_ply(ply: i32, previous: i32) -> i32 {
    if ply == MATE_ITERATION_PLY {
        previous + 1
    } else {
        ply
    }
}

/// The depth of the deepest root iteration among `plies` (as printed, in order), each counted
/// by [`real_ply`]; 0 for none.
pub fn searched_depth(plies: impl IntoIterator<Item = i32>) -> i32 {
    let mut deepest = 0;
    let mut previous = 0;
    for ply in plies {
        previous = real_ply(ply, previous);
        deepest = deepest.max(previous);
    }
    deepest
}

/// What one think produced (the main loop's `D(k,-I,I,Q,1,1,O,8,0)` and what follows it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think {
    /// The move the engine offers, in UCI squares (micro-Max's `K`,`L` after the think). A
    /// promotion comes without its piece (micro-Max promotes to a queen, and says no more);
    /// `a8a8` is micro-Max's "no move" (`X=Y=0`).
    pub offer: UciMove,
    /// `N` after the think: nodes of this think, as the C's `int` holds them (it wraps past
    /// 2^31; the faithful search decides with this value).
    pub nodes: i32,
    /// The nodes this think really searched: a 64-bit count that never wraps (what games.csv,
    /// the PGN and the reports record).
    pub searched: u64,
    /// The completed root iterations, in order.
    pub iterations: Vec<RootIter>,
    /// The engine's legality check accepted its own move and played it.
    pub played: bool,
}

/// What an engine's per-iteration callback holds.
pub type IterationCallback = Box<dyn FnMut(&RootIter) + Send>;
