//! micro-Max 3.2 by H.G. Muller, ported line by line from the listing in `original/`.
//!
//! The C's globals are the fields of [`Engine`]; its `D()` is [`Engine::search`], which reads
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
//! | `D()`   | `search::<V, AUDIT, ABORT>()` | recursive search; `V` the [`Variant`] (`engine/variant.rs`), `AUDIT` the invariant counters (tests only), `ABORT` the uci stop |
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
//! the loop, from the evaluation of a move to its undo, is [`Engine::search_move`], shared by
//! both loops; the table clear touches only the entries written
//! ([`Engine::set_full_clear`] restores the C's); in an iteration at `d=1`, where only
//! recaptures are searched, the C's own loops generate the moves, and the pieces that can reach
//! neither the recapture square, an enemy king nor a castling square are skipped (none of their
//! moves does anything there, in the C either: `D1Targets`). Those helpers live beside this
//! file, in `engine/speed/`, each tied to the C line it shadows; this file keeps the port.
//!
//! The self-deepening build's changes (`docs/spec/builds.md`, sd) are marked
//! `sd change 1` … `sd change 6` at the lines where they land.

#![allow(non_snake_case, non_upper_case_globals)]

use crate::random::GlibcRandom;
pub(crate) use speed::Pieces;
use speed::{AHEAD, Ahead, GenState, hash_table, square_0x88, square_index};
use std::sync::atomic::Ordering;

pub mod anatomy;
mod audit;
mod clock;
mod faults;
mod limits;
mod notation;
mod speed;
pub mod variant;

pub use audit::Audit;
pub use clock::{thread_cpu_seconds, wall_seconds};
pub use faults::TestFault;
use limits::RootLimits;
pub use limits::{ABORT_POLL_NODES, Abort, Limits};
pub use notation::{c_move, move_name, parse_square, square_name};

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
    /// `X`: from-square of the best move (0x88).
    pub from: i8,
    /// `Y&0x77`: to-square of the best move (0x88).
    pub to: i32,
}

impl RootIter {
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

/// The hash translation table: `F(i,M,1035)T[i]=random()>>9;` with glibc's unseeded
/// `random()`, each value stored into a `char` (its low 8 bits). `T[0..136]` stay 0.
pub fn key_table() -> [u8; 1035] {
    let mut T = [0u8; 1035];
    let mut rng = GlibcRandom::new();
    for t in T.iter_mut().skip(M as usize) {
        *t = (rng.next() >> 9) as u8; // the C truncates into char
    }
    T
}

/// What one think produced (the main loop's `D(k,-I,I,Q,1,1,O,8,0)` and what follows it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think {
    /// `K`,`L` after the think: the move the engine offers (0x88 squares, as `char`s).
    pub from: i8,
    pub to: i8,
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

/// What [`Engine::on_iteration`] holds.
pub type IterationCallback = Box<dyn FnMut(&RootIter) + Send>;

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
}

/// What [`Engine::search_move`] reads of the node searching a move: `D()`'s arguments and
/// locals, by their C names.
#[derive(Clone, Copy)]
struct Node {
    /// side to move, window `q`..`l`, eval `e`, hash keys `J`,`Z`, previous destination `z`,
    /// requested depth `n`
    k: i32,
    q: i32,
    l: i32,
    e: i32,
    J: i32,
    Z: i32,
    z: i32,
    n: i32,
    /// best score so far, the reply's depth
    m: i32,
    h: i32,
    /// the captured piece's value, the direction
    i: i32,
    r: i32,
    /// castling/e.p. squares (`S` when none)
    F: i32,
    G: i32,
    /// the reply's last argument ([`child_last_arg`])
    Pc: i32,
}

/// The move [`Engine::search_move`] searches: from `x`, piece `u` (type `p`), to `y`, capturing
/// `t` on `H`.
#[derive(Clone, Copy)]
struct Move {
    x: i8,
    u: i8,
    p: i8,
    y: i8,
    H: i8,
    t: i8,
}

/// The last argument of the reply's `D()` for a move to `y` (`searched`: moves searched so far
/// in this iteration). sd change 5: the ultimate depth `n-(y!=z)` (passed, and ignored, by
/// every variant without node types). iidcut: the expected node type (Garms, CCC, 2011): a PV node
/// gives PV to the first move it searches in an iteration and CUT to the others; a CUT node
/// gives ALL, an ALL node CUT. C: `T?3-T:f++?1:0`.
#[inline(always)]
fn child_last_arg<V: Variant>(P: i32, n: i32, y: i8, z: i32, searched: &mut i32) -> i32 {
    if V::NODE_TYPES {
        let t = if P != node_type::PV {
            3 - P
        } else if *searched != 0 {
            node_type::CUT
        } else {
            node_type::PV
        };
        *searched += 1;
        t
    } else {
        n - (y as i32 != z) as i32
    }
}

/// After a searched move (x,y) with score `v` (C: `if(Y&8){m=v;Y&=~8;goto A;} if(v>m){m=v;X=x;
/// Y=y|S&G;}`): true if it was the sneaked best move (best=1st done, redo normal: `m=v`, the
/// loop goes on at `A:`); else the max updated, marked with S if non castling.
#[inline(always)]
fn best_so_far(v: i32, x: i8, y: i8, G: i32, m: &mut i32, X: &mut i8, Y: &mut i8) -> bool {
    if *Y & 8 != 0 {
        // best=1st done,redo normal
        *m = v;
        *Y &= !8;
        return true;
    }
    if v > *m {
        // update max, mark with S if non castling
        *m = v;
        *X = x;
        *Y = (y as i32 | (S & G)) as i8;
    }
    false
}

impl Engine {
    /// A fresh engine as `main()` starts: initial position, white to move, empty hash table of
    /// 2^`hash_bits`+8 entries (24: the published 16777224).
    ///
    /// The table has one entry more than the C's: the C's probe loop can read `A[U]`, one past
    /// its array (undefined behaviour in C); here that entry exists. Like in the C, it is
    /// never cleared by the main loop.
    pub fn new(variant: impl Into<Instances>, hash_bits: u32) -> Engine {
        assert!((4..=24).contains(&hash_bits), "hash bits must be 4..=24");
        let u = (1usize << hash_bits) + 8;
        let mut e = Engine {
            b: [0; 256],
            T: key_table(),
            A: hash_table(u + 1),
            mask: (u - 9) as i32,
            dirty: speed::Dirty::new((u + 1) / 16), // A.len()/16
            full_clear: false,
            Q: 0,
            N: 0,
            node_start: 0,
            O: 0,
            K: 0,
            L: 0,
            k: 8,
            search: variant.into(),
            limits: RootLimits::from(Limits::default()),
            iterations: Vec::new(),
            on_iteration: None,
            auditing: false,
            audit: Audit::default(),
            anatomy: None,
            abort: None,
            aborted: false,
        };
        e.setup_board();
        e
    }

    /// `U`: the C's table size (entries `0..U` are cleared by the main loop).
    pub fn table_size(&self) -> usize {
        self.A.len() - 1
    }

    /// Back to the state of a freshly started C process, keeping the allocated table:
    /// initial position, white to move, `Q=O=K=L=N=0`, every entry empty (including `A[U]`).
    pub fn reset(&mut self) {
        self.b = [0; 256];
        self.setup_board();
        self.Q = 0;
        self.N = 0;
        self.O = 0;
        self.K = 0;
        self.L = 0;
        self.k = 8;
        self.iterations.clear();
        let u = self.table_size();
        self.clear_hash();
        self.A[u].K = 0;
    }

    /// `main()`'s board setup.
    fn setup_board(&mut self) {
        let b = &mut self.b;
        for i in 0..8usize {
            b[i + V as usize] = (o[i + 24] + 40) as i8; // initial board setup
            b[i] = b[i + V as usize] + 8;
            b[i + 16] = 18;
            b[i + 96] = 9;
            for j in 0..8usize {
                // center-pts table (in unused half b[]): a double truncated into char
                let (fi, fj) = (i as f64, j as f64);
                b[16 * j + i + 8] = ((fi - 4.0) * (fi - 4.0) + (fj - 3.5) * (fj - 3.5)) as i8;
            }
        }
    }

    /// `F(i,0,U)A[i].K=0;`: clear the hash table (not `A[U]`, which the C never clears). By
    /// default only the entries written since the last clear (see `engine/speed/dirty.rs`).
    pub fn clear_hash(&mut self) {
        self.clear_written();
    }

    /// The board as the C prints it: `F(i,0,121)printf(" %c",i&8&&(i+=7)?10:n[b[i]&15]);`
    pub fn board_text(&self) -> String {
        let mut s = String::with_capacity(144);
        let mut i = 0usize;
        while i < 121 {
            if i & 8 != 0 {
                i += 7;
                s.push_str(" \n");
            } else {
                s.push(' ');
                s.push(PIECE_SYMBOLS[(self.b[i] & 15) as usize] as char);
            }
            i += 1;
        }
        s
    }

    /// `A[a]` for a slot of the probe (`(k*E^J)&U-9` plus 1..8, or the dummy 0), which is always
    /// inside the table: read without a bounds check (speed).
    #[inline(always)]
    fn entry_at(&self, a: usize) -> &Entry {
        debug_assert!(a < self.A.len());
        // SAFETY: a <= mask+8 = U-1 < A.len() (the probe) or a = 0.
        unsafe { self.A.get_unchecked(a) }
    }

    /// [`Engine::entry_at`] for the store `a->K=Z;...` (and the dummy's `A->K=0`).
    #[inline(always)]
    fn entry_at_mut(&mut self, a: usize) -> &mut Entry {
        debug_assert!(a < self.A.len());
        // SAFETY: as in `entry_at`: a <= mask+8 = U-1 < A.len() or a = 0.
        unsafe { self.A.get_unchecked_mut(a) }
    }

    /// `K(A,B)`: `*(int*)(T+A+(B&8)+S*(B&7))`, four bytes of `T` as a little-endian `int`.
    #[inline(always)]
    fn key(&self, a: i32, piece: i32) -> i32 {
        let off = (a + (piece & 8) + S * (piece & 7)) as usize;
        // speed: no bounds check. `a` is an on-board square (<=0x77) plus 0 or 8 (every caller
        // passes a move's squares), so off+4 <= 127+8+896+4 = 1035, T's size.
        debug_assert!(off + 4 <= self.T.len());
        // SAFETY: off+4 <= T.len() (above); an unaligned read of 4 plain bytes.
        i32::from_le(unsafe { std::ptr::read_unaligned(self.T.as_ptr().add(off) as *const i32) })
    }

    /// `K(y+A,b[y])-K(x+A,u)-K(H+A,t)`: how the hash key with offset `A` (0 for `J`, 8 for
    /// `Z`) changes when piece `u` moves from `x` to `y`, where it becomes `by`, capturing `t`
    /// on `H`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn key_change(&self, A: i32, x: i8, u: i8, y: i8, by: i8, H: i8, t: i8) -> i32 {
        self.key(y as i32 + A, by as i32)
            .wrapping_sub(self.key(x as i32 + A, u as i32))
            .wrapping_sub(self.key(H as i32 + A, t as i32))
    }

    /// After the move to `y` (C: `t+=p<5; if(p<3&6*k+(y&V)==S||(u&~24)==36&j==7&&G&M&&
    /// b[G=(x|7)-(r>>1&7)]&32&&!(b[G^1]|b[G^2])){F=y;t--;}`): a non-slider's fake capture ends
    /// its ray, which a pawn on its 3rd/6th rank (e.p. square `F`) or a virgin king stepping
    /// sideways next to a virgin rook with 2 empty squares beside it (castling rook `G`) unfakes.
    /// Returns the new `t`; the ray goes on while it is 0.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn fake_capture(
        &self,
        k: i32,
        x: i8,
        u: i8,
        p: i8,
        j: i32,
        r: i32,
        y: i8,
        mut t: i8,
        F: &mut i32,
        G: &mut i32,
    ) -> i8 {
        t = (t as i32 + (p < 5) as i32) as i8; // fake capt. for nonsliding
        if (p < 3 && 6 * k + (y as i32 & V) == S) // pawn on 3rd/6th, or
            || ((u as i32 & !24) == 36 && j == 7 // virgin K moving sideways,
                && *G & M != 0
                && {
                    let rook_ok;
                    (*G, rook_ok) = self.castling_rook(x, r); // 1st, virgin R in corner G
                    rook_ok
                })
        // 2 empty sqrs. next to R
        {
            *F = y as i32; // unfake capt., enable e.p.
            t -= 1;
        }
        t
    }

    /// The root's `z==8&N<1e7&d<98`, with the harness's extra limits.
    fn root_goes_on(&self, d: i32) -> bool {
        (self.N as i32 as i64) < self.limits.nodes
            && d < 98
            && self.limits.max_ply.is_none_or(|p| d - 1 <= p)
            && self
                .limits
                .deadline
                .is_none_or(|t| (self.limits.clock)() < t)
            && self
                .limits
                .stop
                .as_ref()
                .is_none_or(|s| !s.load(Ordering::Relaxed))
    }

    /// Whether the abortable search must unwind: armed once an iteration of ply >= 1 completed.
    #[cold]
    #[inline(never)]
    fn abort_due(&self) -> bool {
        self.iterations.last().is_some_and(|it| it.ply >= 1)
            && self
                .abort
                .as_ref()
                .is_some_and(|a| a.due() || a.max_nodes.is_some_and(|cap| self.N as i32 >= cap))
    }

    /// What a node of a cut search returns (the value is never used). The root hands back the
    /// move of the last completed iteration, as it would have after it.
    #[cold]
    #[inline(never)]
    fn unwind(&mut self, z: i32) -> i32 {
        if z == 8 {
            let last = *self.iterations.last().expect("armed after an iteration");
            self.K = last.from;
            self.L = last.to as i8;
        }
        0
    }

    /// Records a completed root iteration (the instrumented C's `printf`).
    #[cold]
    fn root_iteration(&mut self, it: RootIter) {
        self.iterations.push(it);
        if let Some(f) = self.on_iteration.as_mut() {
            f(&it);
        }
    }

    /// `D(k,q,l,e,J,Z,E,z,n)`: recursive minimax search, k=moving side, n=depth.
    /// (q,l)=window, e=current eval. score, E=e.p. sqr., z=prev.dest; J,Z=hashkeys;
    /// return score. `P` is the variant's last argument: the ultimate depth of self-deepening,
    /// or the expected node type of [`Variant::NODE_TYPES`] (ignored by a variant with
    /// neither, as by `old`; see [`variant`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search<V: Variant, const AUDIT: bool, const ABORT: bool>(
        &mut self,
        k: i32,
        q: i32,
        l: i32,
        e: i32,
        J: i32,
        Z: i32,
        E: i32,
        z: i32,
        n: i32,
        P: i32, // sd change 1: the ultimate depth, a new last argument (iidcut: the node type)
        pieces: Pieces, // speed: the squares of both sides' pieces (`engine/speed/pieces.rs`)
    ) -> i32 {
        let mut j: i32;
        let mut r: i32;
        // sd change 2: in 3.2 `m` has no value before the loop (and none is read); sd starts it
        // at -I (the self-deepening post's "-INF on hash miss").
        let mut m: i32 = -I;
        let mut v: i32;
        let mut d: i32;
        let mut h: i32;
        let mut i: i32 = 9;
        let mut F: i32;
        let mut G: i32;
        let mut t: i8;
        let mut p: i8;
        let mut u: i8;
        let mut x: i8;
        let mut y: i8;
        let mut X: i8;
        let mut Y: i8;
        let mut H: i8;

        // The squares of the side to move's pieces. Every move made below is unmade before the
        // next square is looked at, so this set is the same all through the node.
        debug_assert!(pieces == Pieces::of(self.board(), k));
        let own = pieces.own;
        // speed: a node of depth 1 that will not stand pat (`m=e` at d=1) starts its first
        // recapture's slot loading now, before its own probe, as if the probe will miss (the
        // scan from a8); its d=1 iteration does it again only if it starts elsewhere
        let early = n == 1 && e < l;
        if early {
            self.prefetch_first_recapture(k, J, z, own, 0);
        }
        // lookup pos. in hash table
        j = (k.wrapping_mul(E) ^ J) & self.mask; // try 8 consec. locations
        loop {
            // W((h=A[++j].K)&&h-Z&&--i); first empty or match
            j += 1;
            h = self.entry_at(j as usize).K;
            if h == 0 || h == Z {
                break;
            }
            i -= 1;
            if i == 0 {
                break;
            }
        }
        let a: usize = if i != 0 { j as usize } else { 0 }; // dummy A[0] if miss & full
        if self.entry_at(a).K != 0 {
            // hit: pos. is in hash tab
            let entry = *self.entry_at(a);
            d = entry.D as i32; // examine stored data
            v = entry.V;
            X = entry.X;
            if d >= n {
                // if depth sufficient:
                if ((v >= l) as i32 | (X as i32 & S)) != 0
                    && ((v <= q) as i32 | (X as i32 & 8)) != 0
                {
                    // use if window compatible; sd change 3: only above q or at the ultimate depth
                    if !V::HIT_RESUME || v > q || d >= P {
                        return v;
                    }
                    m = v; // sd change 3: a fail low short of the ultimate depth deepens itself
                } else {
                    d = n - 1; // or use as iter. start
                }
            }
            X = (X as i32 & !M) as i8; // with best-move hint
            Y = entry.Y;
            if d == 0 {
                Y = 0; // don't try best at d=0
            }
        } else {
            d = 0; // start iter., no best yet
            X = 0;
            Y = 0;
        }
        // IID variants (`variant::Iid`): where the iterations of a node below the root start
        match V::IID {
            Iid::Classic => {}
            Iid::None => {
                if z & 8 == 0 && d < n - 1 {
                    d = n - 1; // noiid: the first iteration at full depth
                }
            }
            Iid::Reduced(R) => {
                if z & 8 == 0 && d < n - 1 {
                    // iidr2: with a hint, or too shallow, or (iidcut) at an ALL node, (iidpv) at
                    // a CUT or ALL node: straight to n; else one iteration at n-R first
                    d = if d != 0 || n < R + 2 || (V::NODE_TYPES && P > V::REDUCED_UP_TO) {
                        n - 1
                    } else {
                        n - R - 1
                    };
                }
            }
        }
        self.N += 1; // node count (for timing)
        if ABORT && self.N as i32 & (ABORT_POLL_NODES - 1) == 0 && self.abort_due() {
            // not micro-Max (see `Abort`): unwind, nothing changed yet at this node
            self.aborted = true;
            return 0;
        }
        if AUDIT {
            self.audit.nodes += 1;
        }
        // AUDIT only: how the node found the table (`anatomy::ENTRIES`), read again from the
        // entry the probe found (nothing was stored since), so the faithful instances carry none
        let entry_kind = if AUDIT && self.anatomy.is_some() {
            self.entry_kind(a, n, q, l)
        } else {
            0
        };
        let node_mark = if AUDIT {
            self.anatomy
                .as_deref_mut()
                .map(|a| a.enter(n, P, entry_kind))
        } else {
            None
        };
        // iidreset: the result of this call's previous iteration (`c=-2*I`: none yet) and the
        // depth of its last reset (`g=0`)
        let mut prev_m = -2 * I;
        let mut reset_depth = 0;
        let mut past_iterations = 0u32; // AUDIT only
        let mut iterations = 0u64; // AUDIT only
        // iterative deepening loop: 3.2 `d++<n|z==8&N<1e7&d<98`; sd change 4:
        // sd `d++<n||d<=P&&m<=q||z==8&N<1e7&d<98` (d already incremented in the later tests)
        'iterations: loop {
            let below = d < n;
            d += 1;
            if !(below
                || (V::SELF_DEEPENING && d <= P && m <= q)
                || (z == 8 && self.root_goes_on(d)))
            {
                break;
            }
            if AUDIT {
                // a separate instance of the search when auditing; compiled out otherwise: the spec's invariants, counted
                let inner = z != 8;
                self.audit.self_deepened += (inner && d > n) as u64;
                self.audit.past_ultimate += (inner && d > n && d > P) as u64;
                self.audit.after_mate += (d > 99) as u64;
                if z & 8 == 0 {
                    // below the root (the legality check, z=9, is top level as the think is)
                    iterations += 1;
                    self.audit.inner_nodes += (iterations == 1) as u64;
                    self.audit.inner_multi_iteration += (iterations == 2) as u64;
                    self.audit.inner_iterations_by_offset[(d - n + 8).clamp(0, 16) as usize] += 1;
                    if d < n {
                        let t = if V::NODE_TYPES { P.clamp(0, 2) } else { 0 };
                        self.audit.short_iterations_by_type[t as usize] += 1;
                    }
                }
            }
            if AUDIT {
                past_iterations += (z & 8 == 0 && d > n) as u32;
                if let Some(a) = self.anatomy.as_deref_mut() {
                    if z == 8 {
                        a.root_iteration(d);
                    }
                    a.iteration_start(n, d, z & 8 == 0);
                }
            }
            let mut searched = 0; // moves searched in this iteration (iidcut's node types)
            let B: i8 = X; // start scan at prev. best
            Y = (Y as i32 | (8 & (Y as i32 >> 4))) as i8; // request try noncastl. 1st
            m = if d > 1 { -I } else { e }; // unconsidered:static eval
            // The C visits every square from B on (x=x+9&~M is the next square in a8..h1 order,
            // wrapping) and skips those without an own piece (inefficient!). Here the own
            // pieces' squares are taken in the same order from `own`.
            let start = square_index(B);
            let mut rest = own.rotate_right(start);
            if d >= 2 {
                // speed: at d>=2 every move is searched (h>=1), and the moves come from the
                // generator `next_move` (engine/speed/ahead.rs), which walks exactly as the loops
                // below do, AHEAD moves ahead of the search: the reply slot of each move is
                // prefetched when the move is found (C: the next D()'s `A[(k*E^J)&U-9]`)
                let best = (Y & 8 != 0).then_some((Y as i32 & !M) as i8);
                let mut g = GenState::before_first(rest, start, best);
                let mut ahead = Ahead::new();
                let mut more = true; // moves left after those in `ahead`
                loop {
                    while more && ahead.len() <= AHEAD {
                        match self.next_move(&mut g, k, E) {
                            Some(found) => {
                                self.prefetch_reply(k, J, found);
                                ahead.push(found);
                            }
                            None => more = false,
                        }
                    }
                    let Some(found) = ahead.pop() else { break };
                    let ([x, u, y, H, t], r, F, G) = found.unpack();
                    let p = u & 7;
                    i = W99[(t & 7) as usize]; // value of capt. piece t
                    if self.king_capture_or_bad_castling(i, y, E) {
                        m = I;
                    }
                    if m >= l {
                        break; // abort on fail high (goto C)
                    }
                    h = d - (y as i32 != z) as i32; // remaining depth(-recapt.)
                    let Pc = child_last_arg::<V>(P, n, y, z, &mut searched);
                    v = match self.search_move::<V, AUDIT, ABORT>(
                        Node {
                            k,
                            q,
                            l,
                            e,
                            J,
                            Z,
                            z,
                            n,
                            m,
                            h,
                            i,
                            r,
                            F,
                            G,
                            Pc,
                        },
                        Move { x, u, p, y, H, t },
                        pieces,
                    ) {
                        Ok(v) => v,
                        Err(ret) => return ret,
                    };
                    if V::DEEPEN_IN_PARENT && z & 8 == 0 && v >= l {
                        d = n; // sdp: the cutoff held up to full depth
                    }
                    // after the sneaked best move the generator goes on with `goto A`
                    let sneaked = best_so_far(v, x, y, G, &mut m, &mut X, &mut Y);
                    // iidreset: `if(!(z&8)&!P&d>2&d>g&v<c&v<l){g=d;d=1;goto rs;}`
                    if V::RESET_AT_PV
                        && sneaked
                        && z & 8 == 0
                        && d > 2
                        && d > reset_depth
                        && v < prev_m
                        && v < l
                        && (AUDIT || P == node_type::PV)
                    {
                        if AUDIT {
                            // the hint's drop, counted at every node type; only PV resets
                            self.audit.hint_drops_by_type[P.clamp(0, 2) as usize] += 1;
                            if P != node_type::PV {
                                continue; // (AUDIT) not a PV node: no reset, `goto A`
                            }
                            self.audit.resets_by_depth[d.min(15) as usize] += 1;
                            if let Some(a) = self.anatomy.as_deref_mut() {
                                a.iteration_end(n, P, 0, true); // abandoned
                            }
                        }
                        reset_depth = d;
                        d = 1;
                        continue 'iterations; // goto rs: nothing stored for this iteration
                    }
                }
            } else {
                // d=1
                // speed: only a few target squares matter (C: `h=d-(y!=z)`; see `D1Targets`)
                let d1 = if Y & 8 == 0 {
                    if m < l && !(early && start == 0) {
                        // speed: the slot of the first recapture's reply (`engine/speed/d1.rs`)
                        self.prefetch_first_recapture(k, J, z, own, start);
                    }
                    Some(self.d1_targets(z, E, pieces.kings & pieces.theirs))
                } else {
                    None
                };
                'scan: while rest != 0 {
                    let s = (rest.trailing_zeros() + start) & 63;
                    x = square_0x88(s);
                    rest &= rest - 1;
                    u = self.b[x as u8 as usize]; // scan board looking for
                    debug_assert!(u as i32 & k != 0);
                    // own piece
                    p = u & 7; // p = piece type (set r>0)
                    if let Some(targets) = &d1
                        && m < l
                        && !targets.reachable(s, p)
                    {
                        continue 'scan; // no move of this piece does anything at d=1 (`D1Targets`)
                    }
                    r = p as i32;
                    j = o[p as usize + 16]; // first step vector f.piece
                    loop {
                        // W(r=p>2&r<0?-r:-o[++j]): loop over directions o[]
                        r = if (p > 2) & (r < 0) {
                            -r
                        } else {
                            j += 1;
                            -o[j as usize]
                        };
                        if r == 0 {
                            break;
                        }
                        'A: loop {
                            // A: resume normal after best
                            y = x; // (x,y)=move, (F,G)=castl.R
                            F = S;
                            G = S;
                            loop {
                                // y traverses ray
                                y = (y as i32 + r) as i8;
                                H = y;
                                if Y & 8 != 0 {
                                    y = (Y as i32 & !M) as i8; // sneak in prev. best move
                                    H = y;
                                }
                                if y as i32 & M != 0 {
                                    break; // board edge hit
                                }
                                if p < 3 && y as i32 == E {
                                    H = y ^ 16; // shift capt.sqr. H if e.p.
                                }
                                t = self.b[H as u8 as usize];
                                if (t as i32 & k) != 0 || (p < 3 && ((r & 7 == 0) != (t == 0))) {
                                    break; // capt. own, bad pawn mode
                                }
                                i = W99[(t & 7) as usize]; // value of capt. piece t
                                if self.king_capture_or_bad_castling(i, y, E) {
                                    m = I;
                                }
                                if m >= l {
                                    break 'scan; // abort on fail high (goto C)
                                }
                                h = d - (y as i32 != z) as i32;
                                if h != 0 {
                                    // remaining depth(-recapt.)
                                    let Pc = child_last_arg::<V>(P, n, y, z, &mut searched);
                                    v = match self.search_move::<V, AUDIT, ABORT>(
                                        Node {
                                            k,
                                            q,
                                            l,
                                            e,
                                            J,
                                            Z,
                                            z,
                                            n,
                                            m,
                                            h,
                                            i,
                                            r,
                                            F,
                                            G,
                                            Pc,
                                        },
                                        Move { x, u, p, y, H, t },
                                        pieces,
                                    ) {
                                        Ok(v) => v,
                                        Err(ret) => return ret,
                                    };
                                    if V::DEEPEN_IN_PARENT && z & 8 == 0 && v >= l {
                                        d = n; // sdp: the cutoff held up to full depth
                                    }
                                    if best_so_far(v, x, y, G, &mut m, &mut X, &mut Y) {
                                        continue 'A; // goto A
                                    }
                                }
                                t = self.fake_capture(k, x, u, p, j, r, y, t, &mut F, &mut G);
                                if t != 0 {
                                    break; // if not capt. continue ray
                                }
                            }
                            break 'A;
                        }
                    }
                } // next sqr. of board, wrap
            }
            // C:
            if !(-I / 4..=I / 4).contains(&m) {
                // m>I/4|m<-I/4
                d = 99; // mate is indep. of depth
            }
            if m + I == 0 {
                // best loses K: (stale)mate
                if AUDIT {
                    self.anatomy_ply(1);
                }
                m = -self.search::<V, AUDIT, ABORT>(
                    24 - k,
                    -I,
                    I,
                    0,
                    J,
                    self.K as i32,
                    S,
                    z,
                    1,
                    0, // sd change 6: the (stale)mate test passes ultimate depth 0
                    pieces.swapped(),
                ) / 2;
                if AUDIT {
                    self.anatomy_ply(-1);
                }
                if ABORT && self.aborted {
                    return self.unwind(z); // not micro-Max: see `Abort`
                }
            }
            let entry = *self.entry_at(a);
            if entry.K == 0 || (entry.X as i32 & M) != M || entry.D as i32 <= d {
                // if new/better type/depth: store in hash, dummy stays empty,
                // type (limit/exact) encoded in X S,8 bits
                if entry.K == 0 && a != 0 {
                    self.mark_dirty(a);
                }
                let slot = self.entry_at_mut(a);
                slot.K = Z;
                slot.V = m;
                slot.D = d as i8;
                slot.X = (X as i32 | (8 * (m > q) as i32) | (S * (m < l) as i32)) as i8;
                slot.Y = Y;
                self.entry_at_mut(0).K = 0;
            }
            if V::RESET_AT_PV {
                prev_m = m; // iidreset: `c=m`
            }
            if let Iid::Reduced(_) = V::IID
                && z & 8 == 0
                && d < n - 1
            {
                d = n - 1; // iidr2: after the reduced iteration, the full depth
            }
            if AUDIT && let Some(a) = self.anatomy.as_deref_mut() {
                let outcome = if m <= q {
                    0
                } else if m >= l {
                    2
                } else {
                    1
                };
                a.iteration_end(n, P, outcome, z & 8 == 0);
            }
            if z == 8 {
                self.root_iteration(RootIter {
                    ply: d - 1,
                    nodes: self.N as i32,
                    score: m,
                    from: X,
                    to: Y as i32 & 0x77,
                });
            }
        }
        if z & 8 != 0 {
            // root think or legality check: hand back the move
            self.K = X;
            self.L = (Y as i32 & !M) as i8;
        }
        if AUDIT
            && let Some(start) = node_mark
            && let Some(a) = self.anatomy.as_deref_mut()
        {
            a.exit(start, entry_kind, past_iterations);
        }
        m
    }

    /// AUDIT only: how a node with window `q,l` and requested depth `n` found the table at the
    /// slot `a` its probe chose (`anatomy::ENTRY_NAMES`): no slot free (`a` is the dummy), no
    /// entry, an entry shallower than `n` (a hint), one deep enough whose bound does not fit the
    /// window (redo), or one deep enough that fits (the node went on: sd's resume).
    #[cold]
    #[inline(never)]
    fn entry_kind(&self, a: usize, n: i32, q: i32, l: i32) -> usize {
        let entry = self.A[a];
        if a == 0 {
            4
        } else if entry.K == 0 {
            0
        } else if (entry.D as i32) < n {
            1
        } else if ((entry.V >= l) as i32 | (entry.X as i32 & S)) != 0
            && ((entry.V <= q) as i32 | (entry.X as i32 & 8)) != 0
        {
            3
        } else {
            2
        }
    }

    /// AUDIT only: the anatomy's ply, one deeper (`1`) or back (`-1`) around a child call.
    #[inline(always)]
    fn anatomy_ply(&mut self, delta: isize) {
        if let Some(a) = self.anatomy.as_deref_mut() {
            a.ply = a.ply.wrapping_add_signed(delta);
        }
    }

    /// Count where each root iteration's nodes go ([`anatomy::Anatomy`]); `on` also makes the
    /// engine audit (the counting instance of the search), `off` drops the counters and
    /// leaves `auditing` as it was.
    pub fn set_anatomy(&mut self, on: bool) {
        if on {
            self.auditing = true;
            self.anatomy = Some(Box::default());
        } else {
            self.anatomy = None;
        }
    }

    /// The counters of the last root iteration, if [`Engine::set_anatomy`] is on.
    pub fn anatomy(&self) -> Option<&anatomy::Anatomy> {
        self.anatomy.as_deref()
    }

    /// One move searched (C: the loop body of `D()` from `v=p<6?...` to the undo of the move):
    /// evaluate and make the move (x,y) of piece `u` (type `p`, direction `r`) capturing `t` on
    /// `H` (value `i`), castling/e.p. squares `F`,`G`; search the reply to depth `h`; undo it.
    /// `Ok(v)`: the move's score as the loop goes on with it; `Err(v)`: `D()` returns `v` now
    /// (the legality checker found the move, or the search was cut). The node's own variables
    /// come as a [`Node`], the move as a [`Move`].
    #[inline(always)]
    fn search_move<V: Variant, const AUDIT: bool, const ABORT: bool>(
        &mut self,
        Node {
            k,
            q,
            l,
            e,
            J,
            Z,
            z,
            n,
            m,
            h,
            mut i,
            r,
            F,
            G,
            Pc,
        }: Node,
        Move { x, u, p, y, H, t }: Move,
        pieces: Pieces,
    ) -> Result<i32, i32> {
        let mut v = if p < 6 {
            // center positional pts.
            self.b[(x as u8).wrapping_add(8) as usize] as i32
                - self.b[(y as u8).wrapping_add(8) as usize] as i32
        } else {
            0
        };
        self.b[G as u8 as usize] = 0; // do move, strip virgin-bit
        self.b[H as u8 as usize] = 0;
        self.b[x as u8 as usize] = 0;
        self.b[y as u8 as usize] = u & 31;
        if G & M == 0 {
            self.b[F as u8 as usize] = (k + 6) as i8; // castling: put R & score
            v += 30;
        }
        if p < 3 {
            // pawns: structure, undefended squares plus bias
            let xl = x as i32 - 2;
            let xr = x as i32 + 2;
            v -= 9
                * ((xl & M != 0 || self.b[xl as u8 as usize] != u) as i32
                    + (xr & M != 0 || self.b[xr as u8 as usize] != u) as i32
                    - 1);
            if (y as i32 + r + 1) & S != 0 {
                self.b[y as u8 as usize] |= 7; // promote p to Q, add score
                i += C;
            }
        }
        // J,Z: hash keys. J(A) = K(y+A,b[y])-K(x+A,u)-K(H+A,t)
        let by = self.b[y as u8 as usize];
        let child = pieces.after(p, x, y, H, F, G);
        let J0 = self.key_change(0, x, u, y, by, H, t);
        let J8 = self.key_change(8, x, u, y, by, H, t);
        let reply = (
            24 - k, // recursive eval. of reply
            -l - (l > e) as i32,
            if m > q { -m } else { -q },
            -e - v - i,
            J.wrapping_add(J0),
            Z.wrapping_add(J8).wrapping_add(G - S),
        );
        if AUDIT {
            let full = n - (y as i32 != z) as i32;
            self.audit.searched_past_full += (z & 8 == 0 && h > full) as u64;
            self.anatomy_ply(1);
        }
        v = -self.search::<V, AUDIT, ABORT>(
            reply.0, reply.1, reply.2, reply.3, reply.4, reply.5, F, y as i32, h,
            Pc, // sd change 5: ultimate depth (iidcut: the child's node type)
            child,
        );
        if AUDIT {
            self.anatomy_ply(-1);
        }
        v -= (v > e) as i32; // delayed-gain penalty
        if V::DEEPEN_IN_PARENT {
            // sdp: while the move fails high short of the depth the node's last iteration
            // gives it, search it again one ply deeper (same window and arguments)
            let full = n - (y as i32 != z) as i32;
            let mut h = h;
            while v >= l && h < full && !(ABORT && self.aborted) {
                h += 1;
                if AUDIT {
                    self.audit.parent_researches += 1;
                    self.audit.searched_past_full += (z & 8 == 0 && h > full) as u64;
                }
                let start = if AUDIT {
                    self.anatomy.as_deref().map(|a| a.research_start())
                } else {
                    None
                };
                if AUDIT {
                    self.anatomy_ply(1);
                }
                v = -self.search::<V, AUDIT, ABORT>(
                    reply.0, reply.1, reply.2, reply.3, reply.4, reply.5, F, y as i32, h, Pc, child,
                );
                if AUDIT {
                    self.anatomy_ply(-1);
                    if let (Some(start), Some(a)) = (start, self.anatomy.as_deref_mut()) {
                        a.research_end(start);
                    }
                }
                v -= (v > e) as i32; // delayed-gain penalty
            }
        }

        if z == 9 {
            // called as move-legality checker:
            if v != -I && x == self.K && y == self.L {
                // if move found & not in check, signal
                self.Q = -e - i;
                self.O = F as i8; // the C truncates into char
                return Err(l);
            }
            v = m; // (prevent fail-lows on K-capt. replies)
        }
        self.b[G as u8 as usize] = (k + 38) as i8; // undo move,G can be dummy
        self.b[y as u8 as usize] = 0;
        self.b[F as u8 as usize] = 0;
        self.b[x as u8 as usize] = u;
        self.b[H as u8 as usize] = t;
        if ABORT && self.aborted {
            return Err(self.unwind(z)); // not micro-Max: see `Abort`
        }
        Ok(v)
    }

    /// `if(i<0||E-S&&b[E]&&y-E<2&E-y<2)m=I;`: whether the move to `y`, capturing a piece of value
    /// `i`, captures the king (`i<0`) or lands next to the square a castling king just passed
    /// (castling through check). After an entered move E is O=(char)128 = -128 and the C reads
    /// b[-128]; the value cannot matter, as y-E<2&E-y<2 is false for it, so the port skips the
    /// read.
    #[inline(always)]
    fn king_capture_or_bad_castling(&self, i: i32, y: i8, E: i32) -> bool {
        i < 0
            || (E != S
                && E >= 0
                && self.b[E as u8 as usize] != 0
                && ((y as i32) - E < 2) & (E - (y as i32) < 2))
    }

    /// The castling test's last two clauses: `b[G=(x|7)-(r>>1&7)]&32&&!(b[G^1]|b[G^2])`
    /// (virgin R in corner G, 2 empty sqrs. next to R). Returns `G` and the test's result. Out
    /// of line and cold: it is reached only by a virgin king's sideways step, and inlined, its
    /// arithmetic gets hoisted into every direction of every piece.
    #[cold]
    #[inline(never)]
    fn castling_rook(&self, x: i8, r: i32) -> (i32, bool) {
        let G = (x as i32 | 7) - ((r >> 1) & 7);
        let ok = self.b[G as u8 as usize] & 32 != 0
            && (self.b[(G ^ 1) as u8 as usize] | self.b[(G ^ 2) as u8 as usize]) == 0;
        (G, ok)
    }

    fn dispatch(&mut self, z: i32, n: i32) -> i32 {
        let (k, e, o_) = (self.k, self.Q, self.O as i32);
        // the abortable instances only for a think (z=8)
        let abortable = z == 8 && self.abort.is_some();
        let search = if self.auditing && abortable {
            self.search.audit_abort
        } else if self.auditing {
            self.search.audit
        } else if abortable {
            self.search.abort
        } else {
            self.search.plain
        };
        search(self, k, -I, I, e, 1, 1, o_, z, n, 0)
    }

    /// Whether the last [`Engine::think`] was cut inside an iteration by [`Engine::abort`].
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// `if(D(k,-I,I,Q,1,1,O,9,2)==I)k^=24;`: check legality of `K`,`L` and do the move.
    /// Returns whether the move was played.
    pub fn legality_check(&mut self) -> bool {
        // sd change 6: the legality check (z=9) passes ultimate depth 0 (`dispatch`'s last 0)
        if self.dispatch(9, 2) == I {
            self.k ^= 24;
            true
        } else {
            false
        }
    }

    /// One main-loop iteration with a move line: `N=0`; `K`,`L` from the move; clear the hash;
    /// legality check. Returns whether the move was played.
    pub fn enter_move(&mut self, from: i8, to: i8) -> bool {
        self.N = 0;
        self.K = from;
        self.L = to;
        self.clear_hash();
        self.legality_check()
    }

    /// One main-loop iteration with an empty line: `N=0`; think `D(k,-I,I,Q,1,1,O,8,0)` within
    /// `limits` (the C's `1e7` is [`Limits::nodes`]); clear the hash; legality check of the
    /// move thought up.
    pub fn think(&mut self, limits: &Limits) -> Think {
        self.begin_think(limits);
        self.dispatch(8, 0); // sd change 6: the think (z=8) passes ultimate depth 0 (`dispatch`)
        let (from, to, searched) = (self.K, self.L, self.N);
        self.clear_hash();
        let played = self.legality_check();
        Think {
            from,
            to,
            nodes: searched as i32,
            searched,
            iterations: std::mem::take(&mut self.iterations),
            played,
        }
    }

    /// The think alone, for `umax uci`: `N=0`; think `D(k,-I,I,Q,1,1,O,8,0)` within `limits`,
    /// calling `observe` after each completed root iteration. Unlike [`Engine::think`] the move
    /// is neither checked nor played and the table is not cleared (`played` is false): the UCI
    /// front end sets every position up afresh, so it needs only the move, and can send it
    /// before paying for the clear.
    pub fn think_move(
        &mut self,
        limits: &Limits,
        observe: impl FnMut(&RootIter) + Send + 'static,
    ) -> Think {
        self.begin_think(limits);
        self.on_iteration = Some(Box::new(observe));
        self.dispatch(8, 0); // sd change 6: the think (z=8) passes ultimate depth 0 (`dispatch`)
        self.on_iteration = None;
        self.abort = None;
        Think {
            from: self.K,
            to: self.L,
            nodes: self.N as i32,
            searched: self.N,
            iterations: std::mem::take(&mut self.iterations),
            played: false,
        }
    }

    /// `N=0` and the think's limits in place.
    fn begin_think(&mut self, limits: &Limits) {
        self.N = self.node_start;
        self.iterations.clear();
        self.aborted = false;
        let limits = limits.clone();
        self.abort = limits.abort.clone();
        self.limits = RootLimits::from(limits);
    }

    /// The main loop's move parsing: `K=c[0]-16*c[1]+C;L=c[2]-16*c[3]+C;` (into `char`s).
    pub fn parse_move(c: &[i32; 4]) -> (i8, i8) {
        ((c[0] - 16 * c[1] + C) as i8, (c[2] - 16 * c[3] + C) as i8)
    }

    /// Side to move: true for white.
    pub fn white_to_move(&self) -> bool {
        self.k == 8
    }

    /// The hash table entry at `idx` (for tests).
    pub fn entry(&self, idx: usize) -> Entry {
        self.A[idx]
    }

    /// `b[]`: the board (left half), the centre table (right half), the dummy square.
    pub fn board(&self) -> &[i8; 129] {
        self.b.first_chunk().expect("b holds 256")
    }

    /// `main()`'s `k`: the side to move, 8 (white) or 16 (black).
    pub fn side(&self) -> i32 {
        self.k
    }

    /// `Q`: the material score of the side to move (see `fen.rs`).
    pub fn material(&self) -> i32 {
        self.Q
    }

    /// `O`: the e.p. square (or castling rook square) of the last move, as the C's `char`.
    pub fn ep_square(&self) -> i8 {
        self.O
    }

    /// `K`,`L`: the last move entered or thought up.
    pub fn last_move(&self) -> (i8, i8) {
        (self.K, self.L)
    }

    /// `N`: the nodes of the last think (or legality check).
    pub fn nodes(&self) -> i32 {
        self.N as i32
    }

    /// Test hook: every think from now on starts its node counter at `start` instead of 0, as if
    /// it had searched that many nodes already: the C's `int N` wraps past 2^31 after
    /// 2^31 - `start` nodes, and [`Think::searched`] counts on in 64 bits. Lets a test reach the
    /// wrap without a search of minutes.
    #[doc(hidden)]
    pub fn start_nodes_at(&mut self, start: u64) {
        self.node_start = start;
    }

    /// Which variant of `D()` this engine searches with.
    pub fn variant(&self) -> Instances {
        self.search
    }

    /// Searches with another variant from now on, keeping the allocated table (call
    /// [`Engine::reset`] before a new game: the table's entries are the old variant's).
    pub fn set_variant(&mut self, variant: impl Into<Instances>) {
        self.search = variant.into();
    }

    /// The state a main-loop step reads and writes, to be put back with [`Engine::restore`]
    /// (a take-back; the hash table is not part of it).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            b: *self.board(),
            k: self.k,
            Q: self.Q,
            O: self.O,
            K: self.K,
            L: self.L,
            N: self.N,
        }
    }

    /// Puts back the state of a [`Engine::snapshot`].
    pub fn restore(&mut self, s: &Snapshot) {
        self.b[..129].copy_from_slice(&s.b);
        (self.k, self.Q, self.O) = (s.k, s.Q, s.O);
        (self.K, self.L, self.N) = (s.K, s.L, s.N);
    }

    /// Not the C's (it always starts from the initial position): a set-up of `pieces` (0x88
    /// square, piece code with its virgin bit), side `k`, material `Q` and e.p. square `O`,
    /// with the hash table cleared as by [`Engine::reset`]. `fen.rs` says what each becomes.
    pub(crate) fn set_up(
        &mut self,
        pieces: impl IntoIterator<Item = (i8, i8)>,
        k: i32,
        Q: i32,
        O: i8,
    ) {
        self.reset(); // centre table, empty hash, N=K=L=0
        for rank in 0..8 {
            self.b[16 * rank..16 * rank + 8].fill(0);
        }
        for (sq, code) in pieces {
            self.b[sq as usize] = code;
        }
        (self.k, self.Q, self.O) = (k, Q, O);
    }

    /// Not micro-Max (`umax uci` only): runs `step` with the material baseline taken out of
    /// `Q` when it is beyond `±I/4`, where micro-Max 3.2 takes its first iteration (`m=e=Q`)
    /// for a mate and searches nothing. `step` returns whether it played a move (the C then
    /// sets `Q=-e-i`; with `e=0` that is `-i`, so the real one is `-q-i`). Returns the baseline
    /// taken out, 0 if none (then `step` ran on the engine as it is).
    pub fn with_material_rebased(&mut self, step: impl FnOnce(&mut Engine) -> bool) -> i32 {
        if (-I / 4..=I / 4).contains(&self.Q) {
            step(self);
            return 0;
        }
        let q = self.Q;
        self.Q = 0;
        let played = step(self);
        self.Q = if played { self.Q - q } else { q };
        q
    }

    /// Not micro-Max (`umax uci` only): the piece on `sq` loses its virgin bit, so a king
    /// there can no longer castle (micro-Max 3.2 misses castling out of or through a pawn's
    /// attack; the front end thinks again without castling).
    pub fn forbid_castling(&mut self, sq: i8) {
        self.b[sq as usize] &= !32;
    }

    /// A fault injected by the tests of the match runner (never in a real game).
    pub fn inject_fault(&mut self, fault: TestFault) {
        match fault {
            TestFault::WrongSideToMove => self.k ^= 24,
        }
    }
}

/// The state [`Engine::snapshot`] keeps: the C's globals a main-loop step changes, except the
/// hash table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    b: [i8; 129],
    k: i32,
    Q: i32,
    O: i8,
    K: i8,
    L: i8,
    N: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
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
            assert_eq!((t.from, t.to as i32), (last.from, last.to), "{build}");
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
