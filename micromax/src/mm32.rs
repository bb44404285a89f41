//! micro-Max 3.2 by H.G. Muller, ported line by line from the listing in `original/`.
//!
//! The C's globals are the fields of [`Engine`]; its `D()` is `Engine::search` (`search.rs`), which reads
//! side by side with the C: same order, the C's comments beside the lines they explain, the
//! one-letter names kept. `char` in the C is `i8` here, and every place the C truncates an `int`
//! into a `char` is an explicit `as i8`.
//!
//! | C       | Rust                | meaning                                                    |
//! |---------|---------------------|------------------------------------------------------------|
//! | `b[]`   | `self.b`            | 0x88 board (left half) + centre-points table (right half) + dummy square `b[128]` |
//! | `T[]`   | `self.T`            | hash translation table, filled from glibc `random()`     |
//! | `A[]`   | `self.A`            | hash table, `U` = 2^bits + 8 entries (+1, see [`Engine::new`]) |
//! | `Q`     | `self.Q`            | material/positional score of the side to move              |
//! | `N`     | `self.N`            | node counter                                               |
//! | `O`     | `self.O`            | e.p. square (or castling rook square) of the last move, as a `char` |
//! | `K`,`L` | `self.K`, `self.L`  | move from/to (entered, or thought up)                     |
//! | `k` (main) | `self.k`         | side to move: 8 = white, 16 = black                        |
//! | `D()`   | `search::<V, AUDIT, ABORT>()` | recursive search; `V` the [`Variant`] (`mm32/variant.rs`), `AUDIT` the invariant counters (tests only), `ABORT` the uci stop |
//! | `P`     | `P` (self-deepening; iidcut) | the variant's last argument: ultimate depth (see `docs/spec/builds.md`, sd), or the node type (iidcut, iidpv, iidreset) |
//!
//! Inside `search`: `k` side, `q,l` window, `e` eval, `J,Z` hash keys, `E` e.p. square,
//! `z` previous destination (8 = root think, 9 = legality check), `n` depth.
//!
//! Where the Rust does the same thing differently, for speed (same tree, same node counts;
//! `scripts/perf-guard.sh` and `results/bench.md`): the board scan takes the own pieces from a
//! bitboard in the C's square order instead of testing all 64 squares; the hash table sits on
//! huge pages; in an iteration at `d>=2`, where every move is searched, the moves come from a
//! generator that walks exactly as the C's loops do (`next_move`), run `AHEAD` moves ahead of
//! the search so that each reply's hash slot is prefetched when its move is found; the body of
//! the loop, from the evaluation of a move to its undo, is `Engine::search_move`, shared by
//! both loops; the table clear touches only the entries written
//! ([`Engine::set_full_clear`] restores the C's); in an iteration at `d=1`, where only
//! recaptures are searched, the C's own loops generate the moves, and the pieces that can reach
//! neither the recapture square, an enemy king nor a castling square are skipped (none of their
//! moves does anything there, in the C either: `D1Targets`). Those helpers live beside this
//! file, in `mm32/speed/`, each tied to the C line it shadows; this file keeps the port.
//!
//! The self-deepening build's changes (`docs/spec/builds.md`, sd) are marked
//! `sd change 1` … `sd change 6` at the lines where they land.

#![allow(non_snake_case, non_upper_case_globals)]

use crate::glibc_random::GlibcRandom;
pub(crate) use speed::Pieces;
use speed::{AHEAD, Ahead, GenState, hash_table, square_0x88, square_index};
use std::sync::atomic::Ordering;

pub mod anatomy;
mod audit;
pub mod console;
mod hash;
mod notation;
mod search;
mod searcher;
mod setup;
mod speed;
mod state;
mod think;
pub mod variant;

pub use audit::Audit;
// the seam's neutral types, which 3.2's rooms read as their own
pub(crate) use crate::iterations::{IterationCallback, RootIter, Think};
pub(crate) use crate::limits::{Abort, Limits, RootLimits, Watch};
pub use notation::{c_move, move_name, parse_square, square_name};
pub use state::{Snapshot, key_table};

/// `V=0x70` rank mask.
pub const V: i32 = 112;
/// `M=0x88`.
pub const M: i32 = 136;
/// `S=128`: the dummy square / "no castling" marker.
pub const S: i32 = 128;
/// `I=8e3`: infinity (the published listing; the author's other page has 8e4).
pub const I: i32 = 8000;
/// `C=799`: promotion bonus and move-parsing offset.
pub const C: i32 = 799;

/// Relative piece values `w[]`.
const w: [i32; 8] = [0, 1, 1, 3, -1, 3, 5, 9];
/// Step-vector lists, first direction per piece, initial piece setup: the C's `o[]`.
const o: [i32; 32] = [
    -16, -15, -17, 0, 1, 16, 0, 1, 16, 15, 17, 0, 14, 18, 31, 33, 0, // step-vector lists
    7, -1, 11, 6, 8, 3, 6, // 1st dir. in o[] per piece
    6, 3, 5, 7, 4, 5, 3, 6, // initial piece setup
];
/// `99*w[]`: the value of a captured piece, as the search computes it (`i=99*w[t&7]`).
const W99: [i32; 8] = {
    let mut v = [0; 8];
    let mut i = 0;
    while i < 8 {
        v[i] = 99 * w[i];
        i += 1;
    }
    v
};
/// Piece symbols on printout `n[]`.
pub const PIECE_SYMBOLS: &[u8; 16] = b".?+nkbrq?*?NKBRQ";

/// The C's `1e7`: the root starts another iteration only while `N` is below it.
pub const DEFAULT_NODE_LIMIT: i64 = 10_000_000;
/// The published table size: `U = 16777224` = 2^24 + 8.
pub const DEFAULT_HASH_BITS: u32 = 24;

/// One hash entry, `struct _ {int K,V;char X,Y,D;}` (12 bytes, as in the C).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Entry {
    pub K: i32,
    pub V: i32,
    pub X: i8,
    pub Y: i8,
    pub D: i8,
}

/// The material score `Q` of a 3.2 engine behind the seam (`None` for another engine): what
/// the set-up's checks compare with the position's material.
pub fn material(engine: &mut dyn crate::seam::Searcher) -> Option<i32> {
    engine
        .as_any_mut()
        .downcast_ref::<Engine>()
        .map(Engine::material)
}

/// What micro-Max 3.2 (every variant) can do behind the seam.
pub const CAPABILITIES: crate::seam::Capabilities = crate::seam::Capabilities {
    family: "micro-Max 3.2",
    author: "H.G. Muller (micro-Max 3.2), umax authors (Rust port)",
    default_node_limit: DEFAULT_NODE_LIMIT,
    can_set_up: true,
    stops_inside_iteration: true,
    engine_bytes,
    anatomy: true,
    golden_transcripts: false,
};

/// Bytes an [`Engine`] of `hash_bits` holds at most: its table of 2^`hash_bits`+9 entries
/// (see [`Engine::new`]) and the list of entries to clear (a 16th of the table's entries, as
/// `u32`s, allocated at its full size: 4 MB at 24 bits, untouched until used). 205 MB at 24
/// bits; the rest is under 1 KB.
pub fn engine_bytes(hash_bits: u32) -> u64 {
    let entries = (1u64 << hash_bits) + 9;
    let table = entries * std::mem::size_of::<Entry>() as u64;
    let dirty_list = (entries / 16) * std::mem::size_of::<u32>() as u64;
    table + dirty_list + 4096
}

use variant::{Iid, node_type};
pub use variant::{Instances, Variant};

/// The state of one micro-Max process: the C's globals plus `main()`'s side to move.
///
/// The state is the engine's own: front ends change it only through the main loop's steps
/// ([`Engine::reset`], [`Engine::enter_move`], [`Engine::think`]), a set-up (`fen.rs`) and the
/// named hooks below; they read it through accessors ([`Engine::board`], [`Engine::side`], ...).
pub struct Engine {
    /// `b[129]`: board, centre table, dummy square; and 127 bytes more (never written), so that
    /// an index that is a byte (`sq as u8 as usize`) needs no bounds check (speed).
    b: [i8; 256],
    /// `T[1035]`: hash translation table.
    T: [u8; 1035],
    /// `A[U]` (+1 entry, see [`Engine::new`]).
    A: Vec<Entry>,
    /// `U-9`: the probe mask.
    mask: i32,
    /// The entries whose key went from 0 to non-0 since the last clear (up to U/16; see
    /// [`speed::Dirty`]).
    dirty: speed::Dirty,
    /// Clear the whole table on every [`Engine::clear_hash`], as the C does (for measuring).
    full_clear: bool,
    Q: i32,
    /// `N`, kept as a 64-bit count of the nodes really searched; the C's `int N` (which wraps
    /// past 2^31) is its low 32 bits, `self.N as i32`, and every decision reads that.
    N: u64,
    /// Test hook: the value a think starts `N` from instead of 0 ([`Engine::start_nodes_at`]).
    node_start: u64,
    O: i8,
    K: i8,
    L: i8,
    /// `main()`'s `k`: the side to move, 8 (white) or 16 (black).
    k: i32,
    /// The compiled search of the variant this engine runs (`D()`).
    search: Instances,
    /// The root limits of the think under way (from the [`Limits`] of [`Engine::think`]).
    limits: RootLimits,
    /// Completed root iterations of the current think.
    iterations: Vec<RootIter>,
    /// Called after each completed root iteration of a [`Engine::think_move`] (UCI `info`).
    on_iteration: Option<IterationCallback>,
    /// Search with the invariant counters (`audit`): a separate instance of the search (a const
    /// generic), so the normal one carries no counting code.
    pub auditing: bool,
    /// The counters, updated only while `auditing`.
    pub audit: Audit,
    /// Where a root iteration's nodes go (`umax anatomy`): counted only while `auditing` and
    /// set ([`Engine::set_anatomy`]).
    anatomy: Option<Box<anatomy::Anatomy>>,
    /// The think's [`Limits::abort`].
    abort: Option<Abort>,
    /// The last think was cut inside an iteration by `abort`.
    aborted: bool,
    /// Calls of the search so far (not micro-Max: the watchdog's clock, a table hit included).
    calls: u64,
    /// `calls` at which the search next calls the watchdog (`u64::MAX`: never; see [`Watchdog`]).
    watch_at: u64,
    /// The think's watchdog: its bounds, start and limit.
    watch: Watch,
}

impl Engine {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ABORT_POLL_NODES, thread_cpu_seconds};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;

    #[test]
    fn abort_cuts_inside_an_iteration_and_keeps_the_last_completed_move() {
        for build in [
            Instances::of::<variant::Old>(),
            Instances::of::<variant::Sd>(),
        ] {
            let build = build.name();
            let variant = |name| {
                if name == "old" {
                    Instances::of::<variant::Old>()
                } else {
                    Instances::of::<variant::Sd>()
                }
            };
            // the reference: the same think, not cut, stopped after ply 6 by the root limit
            let mut full = Engine::new(variant(build), 16);
            assert!(full.enter_move(0x64, 0x44)); // e2e4
            let six = Limits {
                max_ply: Some(6),
                ..Limits::default()
            };
            let reference = full.think_move(&six, |_| {});
            // stop already set: the abortable search runs until it is armed (ply 1 done),
            // then unwinds at its next poll, inside the iteration under way
            let mut e = Engine::new(variant(build), 16);
            assert!(e.enter_move(0x64, 0x44));
            let board = e.b;
            let stopped = Limits {
                abort: Some(Abort {
                    stop: Some(Arc::new(AtomicBool::new(true))),
                    ..Abort::default()
                }),
                ..Limits::default()
            };
            let t = e.think_move(&stopped, |_| {});
            assert!(e.aborted(), "{build}");
            assert_eq!(
                t.nodes % ABORT_POLL_NODES,
                0,
                "{build}: cut at the first poll"
            );
            let done = t.iterations.len();
            assert_eq!(t.iterations[..], reference.iterations[..done], "{build}");
            let last = t.iterations[done - 1];
            assert!(last.ply >= 1 && last.nodes < t.nodes, "{build}");
            assert!(
                reference.iterations[done].nodes > t.nodes,
                "{build}: cut inside"
            );
            assert!(
                t.nodes - last.nodes <= ABORT_POLL_NODES,
                "{build}: first poll armed"
            );
            assert_eq!(t.offer, last.offer(), "{build}");
            assert_eq!(e.b, board, "{build}: every move undone");
            // a deadline in the past acts the same way
            let mut d = Engine::new(variant(build), 16);
            assert!(d.enter_move(0x64, 0x44));
            let past = Limits {
                abort: Some(Abort {
                    deadline: Some(Instant::now()),
                    ..Abort::default()
                }),
                ..Limits::default()
            };
            assert_eq!(d.think_move(&past, |_| {}), t, "{build}");
            // and so does a CPU deadline in the past (the match's hard per-move deadline)
            d.reset();
            assert!(d.enter_move(0x64, 0x44));
            let cpu_past = Limits {
                abort: Some(Abort {
                    cpu_deadline: Some(thread_cpu_seconds()),
                    ..Abort::default()
                }),
                ..Limits::default()
            };
            assert_eq!(d.think_move(&cpu_past, |_| {}), t, "{build}");
            // and the faithful think, in the same engine, is not cut
            d.reset();
            assert!(d.enter_move(0x64, 0x44));
            assert_eq!(d.think_move(&six, |_| {}), reference, "{build}");
        }
    }
}
