//! The engine seam: what every command drives, whichever engine plays. A [`Searcher`] is one
//! engine process as its console main loop runs it: a fresh start (or a set-up), move lines,
//! thinks under [`Limits`], and what a think reports ([`Think`]: the move as 0x88 squares, the
//! root iterations, the nodes). `match`, `tournament`, `uci`, `judge`, `bench` and `play` hold a
//! `Box<dyn Searcher>` made by [`Build::searcher`] (`micromax/src/builds.rs`); nothing above that file
//! names an engine's type. `anatomy` and `verify-c` need a 3.2 search's insides (its instrumentation, its C twin)
//! and say so for the other engines.
//!
//! The engines behind it:
//!
//! | kind | module | builds |
//! |------|--------|--------|
//! | [`Kind::Mm32`] | `engine` (micro-Max 3.2, one compiled search per variant) | old, sd, sdnr, the IID schemes |
//! | [`Kind::Mm48`] | `mm48` (micro-Max 4.8) | mm48, mm48sd |
//! | [`Kind::FirstLegal`] | `first_legal` (a test engine: the first legal move) | first-legal |
//!
//! A new engine is a module implementing [`Searcher`] (importing this file, never importing
//! `engines.rs`), a [`Kind`] in the builds table (`micromax/src/builds.rs`) with its lines there, and its
//! arm in [`Build::searcher`] (`micromax/src/builds.rs`). This file holds the trait and micro-Max 3.2's
//! side of it (the engine itself stays free of the seam: it knows variants, not builds).

use crate::faults::TestFault;
use crate::iterations::{RootIter, Think};
use crate::limits::Limits;
use shakmaty::Chess;
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

/// One engine process behind the seam. Squares are 0x88 (`16*rank+file`, rank 0 White's
/// first), as both micro-Maxes number them; a move line is `from`,`to` (a promotion is to a
/// queen: neither micro-Max can enter another piece).
pub trait Searcher: Send {
    /// The name of the build this process runs, as the catalogue names it (`old`, `mm48sd`).
    fn name(&self) -> &'static str;

    /// A fresh process: the initial position (and whatever table a fresh process has).
    fn reset(&mut self);

    /// A set-up of `pos` (no C counterpart). An engine that cannot set up a position says why.
    fn set_position(&mut self, pos: &Chess) -> Result<(), String>;

    /// A move line: the engine's own legality check and the move played if it passes.
    fn enter_move(&mut self, from: i8, to: i8) -> bool;

    /// An empty line: a think under `limits`, the move checked and played as the main loop does.
    fn think(&mut self, limits: &Limits) -> Think;

    /// The think alone (the move neither checked nor played: `uci` sets positions up afresh),
    /// `observe` called after each completed root iteration.
    fn think_reporting(
        &mut self,
        limits: &Limits,
        observe: Box<dyn FnMut(&RootIter) + Send>,
    ) -> Think;

    /// `K`,`L`: the last move entered or thought up (what a root answered from the hash offers
    /// again).
    fn last_move(&self) -> (i8, i8);

    /// The side to move: 8 White, 16 Black.
    fn side(&self) -> i32;

    /// The piece code (micro-Max's: colour 8/16 + type 1..6, 0 empty) on 0x88 square `sq`.
    fn piece_at(&self, sq: i8) -> i32;

    /// The console main loop on `input` (the C program's own transcript, `--trace` adding its
    /// root trace), thinking under `limits`, until end of input.
    fn console(
        &mut self,
        limits: &Limits,
        trace: bool,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> io::Result<()>;

    /// Whether the last think was cut inside an iteration ([`Limits::abort`]); engines without
    /// a hard stop stop only between iterations.
    fn aborted(&self) -> bool {
        false
    }

    /// Clear the whole table at every clear, as the 3.2 C does (for measuring); other engines
    /// ignore it.
    fn set_full_clear(&mut self, _on: bool) {}

    /// Test hook: start every think's node count at `start` (3.2's `int` wrap); others ignore it.
    fn start_nodes_at(&mut self, _start: u64) {}

    /// Test hook: a state no main-loop step reaches.
    fn inject_fault(&mut self, fault: TestFault);

    /// The material score `Q` and its rebasing: 3.2's search cannot move with it beyond
    /// `±I/4` (see `driver::material_beyond_quarter`). Engines without the trap: 0 and `step`.
    fn material(&self) -> i32 {
        0
    }
    fn with_material_rebased(&mut self, step: &mut dyn FnMut(&mut dyn Searcher) -> bool) -> i32 {
        step(self.as_dyn());
        0
    }

    /// Forbid castling with the king on `sq` (the uci's answer to a castling through an attacked
    /// square that 3.2 offers); engines that never offer one ignore it.
    fn forbid_castling(&mut self, _sq: i8) {}

    /// Clear the table (as between moves).
    fn clear_hash(&mut self) {}

    /// The engine as `dyn Searcher`.
    fn as_dyn(&mut self) -> &mut dyn Searcher;

    /// The engine as `dyn Any`: the factory's way back to its type
    /// ([`Build::retarget`](crate::builds::Build::retarget)).
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}
