//! The engine seam: what every command drives, whichever engine plays. A [`Searcher`] is one
//! engine process as its console main loop runs it: a fresh start (or a set-up), move lines,
//! thinks under [`Limits`], and what a think reports ([`Think`]: the move offered in UCI
//! squares, the root iterations, the nodes), in chess terms. `match`, `tournament`, `uci`,
//! `judge`, `bench` and `play` hold a `Box<dyn Searcher>` made by the one factory,
//! [`Build::searcher`](crate::builds::Build::searcher); nothing above it names an engine's type,
//! and the commands ask a build's [`Capabilities`] instead of its engine.
//!
//! The engines behind it:
//!
//! | module | engine | builds |
//! |--------|--------|--------|
//! | `mm32` | micro-Max 3.2, one compiled search per variant | old, sd, sdnr, the IID schemes |
//! | `mm48` | micro-Max 4.8 | mm48, mm48sd |
//! | `first_legal` | a test engine: the first legal move | first-legal |
//!
//! and, outside this crate, any UCI or xboard engine in a process of its own (the harness's
//! `src/external/`, named by `--engine`), which overrides [`Searcher::failure`] and
//! [`Searcher::process_cpu_seconds`] and reads [`Limits::game_clock`](crate::Limits::game_clock).
//!
//! A new engine is a module implementing [`Searcher`] (its adapter: `mm32/searcher.rs`,
//! `mm48/searcher.rs`) with its `CAPABILITIES`, a kind in the catalogue
//! (`micromax/src/builds.rs`) with its builds' lines, and its arm in the factory there.

use crate::faults::TestFault;
use crate::iterations::{RootIter, Think};
use crate::limits::Limits;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};
use std::io::{self, BufRead, Write};

/// What an engine can do: the commands ask this (through
/// [`Build::capabilities`](crate::builds::Build::capabilities), before an engine is made)
/// instead of knowing which engine a build runs.
#[derive(Clone, Copy, Debug)]
pub struct Capabilities {
    /// The engine's family, for messages and `umax builds` ("micro-Max 3.2").
    pub family: &'static str,
    /// Its authors, for UCI's `id author`.
    pub author: &'static str,
    /// The node limit of a think in the engine's published program (3.2's `N<1e7`, 4.8's
    /// `N<1e6`): what a think with no other limit spends (`umax play`, a bare UCI `go`).
    pub default_node_limit: i64,
    /// Whether it can start from a position set up from a FEN ([`Searcher::set_position`]):
    /// a FEN opening book, UCI's `position fen`. 4.8, as its C, starts from the initial
    /// position only.
    pub can_set_up: bool,
    /// Whether a think can be cut inside an iteration ([`Limits::abort`]); without it an
    /// engine stops only between iterations.
    pub stops_inside_iteration: bool,
    /// Bytes one engine process holds at most with a table of 2^`hash_bits` entries (the
    /// memory check of a match, before anything is allocated).
    pub engine_bytes: fn(hash_bits: u32) -> u64,
    /// Whether micro-Max 3.2's instrumented search is behind it (`umax anatomy`, the audit
    /// counters): only 3.2's builds count a search's anatomy.
    pub anatomy: bool,
    /// Whether its C is checked by golden transcripts kept in the repository (its C staying
    /// outside it) rather than by a C twin in `original/`.
    pub golden_transcripts: bool,
}

/// Why an engine did not enter a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnterError {
    /// Not a legal move in UCI notation where it stands (the referee's message).
    NotLegal(String),
    /// An under-promotion: micro-Max promotes to a queen only, it cannot enter it.
    UnderPromotion,
    /// The engine's own legality check refused a move the referee accepts.
    Refused,
}

impl std::fmt::Display for EnterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EnterError::NotLegal(e) => write!(f, "{e}"),
            EnterError::UnderPromotion => {
                write!(f, "an under-promotion (micro-Max promotes to a queen only)")
            }
            EnterError::Refused => write!(f, "micro-Max's own legality check refuses it"),
        }
    }
}

/// How an engine in its own process failed ([`Searcher::failure`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub kind: FailureKind,
    /// What happened, in a sentence (the game's termination detail).
    pub detail: String,
}

/// The kinds of [`Failure`], as the common match managers tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The process could not be started, or did not answer its protocol's handshake in time.
    Start,
    /// The process exited (or closed its pipes) during the game.
    Crash,
    /// No move within the side's clock and the grace margin (or the think's time bound).
    Stall,
    /// A move line that is not a move (garbage where `bestmove`/`move` was expected).
    Garbage,
    /// It refused a legal move it was sent (xboard's `Illegal move`).
    Refused,
    /// It resigned (xboard's `resign`): no fault, but the game ends, lost.
    Resigned,
}

/// The published table of both micro-Maxes: 2^24 entries (3.2's `U=16777224`, 4.8's
/// `U=1<<24`), the default of every command.
pub const DEFAULT_HASH_BITS: u32 = 24;

/// Options of an engine process, set when it is made
/// ([`Build::searcher_with`](crate::builds::Build::searcher_with)); engines without the
/// measurement or test hook ignore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The table holds 2^`hash_bits` entries.
    pub hash_bits: u32,
    /// Clear the whole table at every clear, as the 3.2 C does (for measuring its speed).
    pub full_clear: bool,
    /// Test hook: start every think's node count here (3.2's `int` wrap past 2^31).
    pub first_node: Option<u64>,
}

impl Options {
    /// A table of 2^`hash_bits` entries, no hooks.
    pub fn hash_bits(hash_bits: u32) -> Options {
        Options {
            hash_bits,
            full_clear: false,
            first_node: None,
        }
    }
}

/// One engine process behind the seam, spoken to in chess terms: positions (shakmaty's),
/// moves (shakmaty's `Move` in, UCI squares out), limits and what a think reports
/// ([`Limits`], [`Think`], [`RootIter`]: none of them any one engine's). An engine's quirks
/// stay in its adapter; where a player that is not the engine's own main loop (`umax uci`)
/// needs them stepped around, the adapter does it ([`Searcher::follow`],
/// [`Searcher::think_playing`], [`Searcher::refuse_offer`]).
pub trait Searcher: Send {
    /// The name of the build this process runs, as the catalogue names it (`old`, `mm48sd`;
    /// an engine outside the catalogue: the name its player was given).
    fn name(&self) -> &str;

    /// A fresh process: the initial position (and whatever table a fresh process has).
    fn reset(&mut self);

    /// A set-up of `pos` (no C counterpart). An engine that cannot set up a position says why.
    fn set_position(&mut self, pos: &Chess) -> Result<(), String>;

    /// A move line: `mv`, a legal move where the engine stands, as its main loop reads it (a
    /// micro-Max reads from and to; castling as the king's move; a promotion is to a queen):
    /// the engine's own legality check, and the move played if it passes.
    fn enter_move(&mut self, mv: &Move) -> Result<(), EnterError>;

    /// An empty line: a think under `limits`, the move checked and played as the main loop does.
    fn think(&mut self, limits: &Limits) -> Think;

    /// The think alone (the move neither checked nor played: `uci` sets positions up afresh),
    /// `observe` called after each completed root iteration.
    fn think_reporting(
        &mut self,
        limits: &Limits,
        observe: Box<dyn FnMut(&RootIter) + Send>,
    ) -> Think;

    /// The last move entered or offered (what a micro-Max root answered from the hash offers
    /// again), in UCI squares.
    fn last_move(&self) -> UciMove;

    /// Whether the engine's board is `pos`: the same pieces on the same squares and the same
    /// side to move.
    fn stands_in(&self, pos: &Chess) -> bool;

    /// The console main loop on `input` (the C program's own transcript, `--trace` adding its
    /// root trace), thinking under `limits`, until end of input.
    fn console(
        &mut self,
        limits: &Limits,
        trace: bool,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> io::Result<()>;

    /// Whether the last think was cut inside an iteration ([`Limits::abort`]; see
    /// [`Capabilities::stops_inside_iteration`]).
    fn aborted(&self) -> bool {
        false
    }

    /// An engine in a process of its own that failed (did not start or answer its handshake,
    /// exited, sent no move within its clock, wrote to a closed pipe): what happened, once;
    /// `None` for an engine that is working (every engine in this crate). The player scores the
    /// game as lost and makes a new process for the next game.
    fn failure(&mut self) -> Option<Failure> {
        None
    }

    /// CPU seconds (all threads) the engine's own process has used so far, for an engine that
    /// thinks in a process of its own: its clock is charged with these instead of the calling
    /// thread's. `None` (every engine in this crate): the engine thinks on the calling thread.
    fn process_cpu_seconds(&self) -> Option<f64> {
        None
    }

    /// Test hook: a state no main-loop step reaches.
    fn inject_fault(&mut self, fault: TestFault);

    /// `mv` entered as a player that sets positions up afresh (`umax uci`) enters it: true if
    /// the engine then stands in `after`, the position after it; false: it could not follow,
    /// and the caller sets `after` up. An adapter may step around its engine's quirks here
    /// (3.2 enters a move it would refuse with its material score beyond `±I/4`).
    fn follow(&mut self, mv: &Move, after: &Chess) -> bool {
        self.enter_move(mv).is_ok() && self.stands_in(after)
    }

    /// A think for such a player: [`Searcher::think_reporting`], except that the adapter may
    /// step around a quirk where its engine's main loop would think up no move (`note` told
    /// first, in a line a GUI can show). `observe` gets each iteration with the baseline its
    /// score is shifted by (put back on the real scale by adding it to a score that is not a
    /// mate; 0 but for 3.2's rebasing of its material score).
    fn think_playing(
        &mut self,
        limits: &Limits,
        note: &mut dyn FnMut(&str),
        mut observe: Box<dyn FnMut(&RootIter, i32) + Send>,
    ) -> Think {
        let _ = note;
        self.think_reporting(limits, Box::new(move |it| observe(it, 0)))
    }

    /// The move `offer` the engine thought up is not legal in `pos`, where it stands: make sure
    /// it does not offer it again (the table cleared; 3.2, which castles out of or through a
    /// pawn's attack, forbids that castling). The caller thinks again.
    fn refuse_offer(&mut self, offer: &UciMove, pos: &Chess) {
        let _ = (offer, pos);
        self.clear_hash();
    }

    /// Clear the table (as between moves).
    fn clear_hash(&mut self) {}

    /// The engine as `dyn Searcher`.
    fn as_dyn(&mut self) -> &mut dyn Searcher;

    /// The engine as `dyn Any`: the factory's way back to its type
    /// ([`Build::retarget`](crate::builds::Build::retarget)).
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

/// Whether a micro-Max board (its side to move, 8 White or 16 Black, and its piece codes on
/// 0x88 squares, virgin bits aside) holds `pos`: the adapters' [`Searcher::stands_in`].
pub fn board_is(side: i32, piece_at: impl Fn(i8) -> i32, pos: &Chess) -> bool {
    let want_side = if pos.turn() == shakmaty::Color::White {
        8
    } else {
        16
    };
    side == want_side
        && shakmaty::Square::ALL.into_iter().all(|sq| {
            let want = pos.board().piece_at(sq).map_or(0, crate::fen::piece_code);
            piece_at(crate::x88::to_0x88(sq)) & 31 == want as i32
        })
}
