//! micro-Max 4.8 by H.G. Muller ("version 4.8 (1953 characters)", the last micro-Max), ported
//! line by line, node for node, from the published listing (Muller's micro-Max pages; a verbatim
//! copy is `umax4_8.c` of the public repository `Spitfire1900/umax`). The listing is someone
//! else's code and is not part of this repository: the comments here quote short C expressions
//! only to say which line a block ports.
//!
//! Two builds, one search ([`Mm48::new`]'s `sd`):
//! - `mm48`: micro-Max 4.8 as published (with the node limit in place of its `1e6`);
//! - `mm48sd`: self-deepening applied to 4.8, as `docs`/the project notes define it: `D()` takes
//!   the node's ultimate depth `u`; the deepening loop also goes on while `d<=u&&m<=q`; a reply
//!   gets `u=C+n-d` (recomputed when a reduced move is searched again); the null move and the
//!   root call pass `u=0`. The search takes the build as a const generic, so `mm48` carries
//!   none of it.
//!
//! The C's globals are the fields of [`Mm48`]; `D()` is `Mm48::search` (`search.rs`); `main()`
//! is [`Mm48::console`] (`console.rs`), and its two steps are [`Mm48::enter_move`] and
//! [`Mm48::think`] (`think.rs`). `char` in the C is `i8` here (gcc's `char` is signed on x86),
//! `int` is `i32`; every place the C truncates an `int` into a `char` is an explicit `as i8`,
//! and the hash keys, which the C lets overflow, use `wrapping_*`.
//!
//! | C       | Rust         | meaning                                                          |
//! |---------|--------------|------------------------------------------------------------------|
//! | `b[129]`| `self.b`     | 0x88 board (left half), centre-points table (right half), dummy `b[128]` |
//! | `T[1035]`| `self.T`    | hash translation table, from glibc `rand()` never seeded         |
//! | `A[U]`  | `self.A`     | hash table of `U` = 2^`hash_bits` entries                        |
//! | `k`     | `self.k`     | side of the node being searched (8 white, 16 black); between moves, the side that moved last |
//! | `Q`,`O` | `self.Q`,`self.O` | eval of the side to move; e.p./castling square of the last move |
//! | `K`,`L` | `self.K`,`self.L` | move entered (`K=I`: none, think) or thought up            |
//! | `N`     | `self.N`     | node counter, and `main()`'s board-printing loop counter (128 after a print) |
//! | `R`     | `self.R`     | game phase: non-pawn material captured in the game (`R+=i>>7`)   |
//! | `J`,`Z` | `self.J`,`self.Z` | hash keys of the current position (index and lock)          |
//! | `c[9]`  | `self.c`     | `main()`'s input line (`getchar()` values)                       |
//!
//! ```
//! use micromax::mm48::Mm48;
//! let mut e = Mm48::new(false, 16); // mm48, 2^16 hash entries
//! assert!(e.enter_move("e2e4")); // a typed move line: checked (a 3-ply search) and played
//! assert!(!e.enter_move("e2e4")); // no piece there now: refused
//! let t = e.think(&mut |nodes, depth| nodes < 10_000 && depth < 98); // an empty line
//! println!("black plays {}", t.mv.unwrap());
//! assert_eq!(e.side_to_move(), 8); // white to move
//! ```
//!
//! Quirks of the C the port keeps, each where it happens:
//! - `N` is also the board-printing loop's counter, which leaves it at 128 (`S`): the node
//!   count of a search starts there, the root rule compares that `N`, the trace prints `N-S`.
//! - `k` starts at 16 and `D()` flips it on entry and exit; a move is played by the root's
//!   early `return l`, which skips the flip back, the undo and the key restore: the move stays
//!   on the board, `J`,`Z` stay updated and the other side is to move.
//! - On a hash miss `X` keeps the entry's (another position's) move: the scan starts there.
//! - The castling test's `p>2&(...)` is a bitwise `&`: its bracket, which sets `G`, is
//!   evaluated for every piece; the LMR re-search's `s>q&++C<d` always increments `C`.
//! - `T[]` is filled from the top down; the undo writes `k+6` to the dummy square `b[128]`.
//!
//! Where the C is undefined or endless, the port picks one behaviour ([`Mm48::console`]): the
//! end of input ends the loop; characters past `c[8]` are dropped.

#![allow(non_snake_case, non_upper_case_globals)]

mod console;
mod reach;
mod search;
mod searcher;
mod table;
mod think;

#[cfg(test)]
mod tests;

use crate::glibc_random::GlibcRandom;
pub use searcher::Searcher48;
pub use think::{Iter48, Think48};

/// `M=136`: 0x88.
pub const M: i32 = 136;
/// `S=128`: the dummy square / "no double move" marker.
pub const S: i32 = 128;
/// `I=8e3`: infinity.
pub const I: i32 = 8000;
/// The C's `1e6`: the root starts another iteration only while `N` is below it.
pub const DEFAULT_NODE_LIMIT: i64 = 1_000_000;
/// The published table: `U = 1<<24` entries.
pub const DEFAULT_HASH_BITS: u32 = 24;

/// What micro-Max 4.8 can do behind the seam.
pub const CAPABILITIES: crate::seam::Capabilities = crate::seam::Capabilities {
    family: "micro-Max 4.8",
    author: "H.G. Muller (micro-Max 4.8), umax authors (Rust port)",
    default_node_limit: DEFAULT_NODE_LIMIT,
    can_set_up: false,
    stops_inside_iteration: false,
    engine_bytes,
    anatomy: false,
    golden_transcripts: true,
};

/// Bytes an [`Mm48`] of `hash_bits` holds at most: its table of 2^`hash_bits` entries (12
/// bytes each, as the C's) and its board and state (under 4 KB).
pub fn engine_bytes(hash_bits: u32) -> u64 {
    let entries = 1u64 << hash_bits;
    let written_list = entries / 16 * std::mem::size_of::<u32>() as u64;
    entries * std::mem::size_of::<Entry48>() as u64 + written_list + 4096
}

/// Relative piece values `w[]`.
const w: [i32; 8] = [0, 2, 2, 7, -1, 8, 12, 23];
/// Step-vector lists, first direction per piece, initial piece setup: the C's `o[]`.
const o: [i32; 32] = [
    -16, -15, -17, 0, 1, 16, 0, 1, 16, 15, 17, 0, 14, 18, 31, 33, 0, // step-vector lists
    7, -1, 11, 6, 8, 3, 6, // 1st dir. in o[] per piece
    6, 3, 5, 7, 4, 5, 3, 6, // initial piece setup
];
/// The board printout's symbols: `".?+nkbrq?*?NKBRQ"[b[N]&15]`.
pub const PIECE_SYMBOLS: &[u8; 16] = b".?+nkbrq?*?NKBRQ";

/// One hash entry, `struct _ {int K,V;char X,Y,D;}` (12 bytes, as in the C).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Entry48 {
    pub K: i32,
    pub V: i32,
    pub X: i8,
    pub Y: i8,
    pub D: i8,
}

/// A watcher of the root's iterations (`Mm48::observer`), called as each one ends.
pub(crate) type Observer48 = Box<dyn FnMut(&Iter48) + Send>;

/// The state of one micro-Max 4.8 process: the C's globals.
pub struct Mm48 {
    /// `b[129]`, and 127 bytes more that are never written, so that an index that is a byte
    /// (`sq as u8 as usize`) needs no bounds check.
    b: [i8; 256],
    /// `T[1035]`: hash translation table, zero-padded to 2,052 bytes so that a key read at an
    /// index masked by 2047 needs no bounds check (the C reads no further than `T[1034]`).
    T: [u8; 2052],
    /// `A[U]`.
    A: Vec<Entry48>,
    /// `U-1`: the index mask.
    mask: i32,
    /// The entries of `A` written since it was last all zero (not the C: a reset clears only
    /// those; `crate::written`).
    dirty: crate::written::Dirty,
    Q: i32,
    O: i32,
    K: i32,
    L: i8,
    N: i32,
    R: i32,
    J: i32,
    Z: i32,
    k: i32,
    /// `c[9]`: `main()`'s input line.
    c: [i32; 9],
    /// The self-deepening build (`mm48sd`).
    sd: bool,
    /// The root iterations of the `D()` call under way: what the Kibitz line prints.
    iters: Vec<Iter48>,
    /// Called with each root iteration as it completes (not the C: `umax uci`'s `info` lines;
    /// see `searcher.rs`).
    pub(crate) observer: Option<Observer48>,
    /// Calls of the search to the watchdog's next look (not the C: see
    /// [`crate::Watchdog`]); counts down beside the C's wrapping `N`.
    watch_left: i64,
    /// Calls of the search in the think, counted at the watchdog's looks (at least its nodes).
    watched: u64,
    /// What `watch_left` counted down from.
    watch_step: u64,
    /// The think's watchdog.
    watch: crate::limits::Watch,
}

/// The hash translation table: `N=1035;W(N-->M)T[N]=rand()>>9;`, glibc's `rand()` never seeded,
/// filled from the top down (`T[1034]` first, `T[136]` last), each value stored into a `char`
/// (its low 8 bits). `T[0..136]` stay 0.
pub fn key_table() -> [u8; 1035] {
    let mut T = [0u8; 1035];
    let mut rng = GlibcRandom::new();
    for t in T[M as usize..].iter_mut().rev() {
        *t = (rng.next() >> 9) as u8; // the C truncates into char
    }
    T
}

impl Mm48 {
    /// Starts the watchdog of a think under `limits` (before [`Mm48::think`]).
    pub fn watch_think(&mut self, limits: &crate::Limits) {
        let (watch, next) = crate::limits::Watch::start(limits, 0, 0);
        self.watch = watch;
        self.watched = 0;
        self.watch_step = next;
        self.watch_left = next.min(i64::MAX as u64) as i64;
    }

    /// Stops watching (after a think).
    pub fn unwatch(&mut self) {
        self.watch_left = i64::MAX;
    }

    /// The think's bound in wall seconds (for the wall clock's watchdog).
    pub fn watch_seconds(&self) -> f64 {
        self.watch.bound.seconds
    }

    /// Notes that entry `a` is about to be written, if it is still all zero (not the C: for
    /// [`Mm48::reset`]'s clear of the entries written).
    #[inline(always)]
    fn mark_written(&mut self, a: usize) {
        if self.A[a] == Entry48::default() {
            self.dirty.mark(a);
        }
    }

    /// Asks for the cache line of `A[a]` (not the C: a hint, no change to any state).
    #[inline(always)]
    fn prefetch_slot(&self, a: usize) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: a prefetch never faults and changes no memory; a < U, inside A.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(self.A.as_ptr().wrapping_add(a) as *const i8) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = a;
    }

    /// The watchdog's look (`watch_left` ran out): the next countdown, or its panic.
    #[cold]
    #[inline(never)]
    fn watch_look(&mut self) {
        self.watched = self.watched.saturating_add(self.watch_step);
        let next = self.watch.look(self.watched, self.watched);
        self.watch_step = next - self.watched;
        self.watch_left = self.watch_step as i64;
    }

    /// A fresh process: `main()`'s set-up, white to move, an empty hash table of 2^`hash_bits`
    /// entries (24: the published `U`). `sd` selects the self-deepening build `mm48sd`.
    pub fn new(sd: bool, hash_bits: u32) -> Mm48 {
        assert!((1..=30).contains(&hash_bits), "hash bits must be 1..=30");
        let u = 1usize << hash_bits;
        let mut e = Mm48 {
            b: [0; 256],
            T: {
                let mut t = [0u8; 2052];
                t[..1035].copy_from_slice(&key_table());
                t
            },
            A: table::zeroed_table(u),
            mask: (u - 1) as i32,
            dirty: crate::written::Dirty::new(u / 16),
            Q: 0,
            O: 0,
            K: 0,
            L: 0,
            N: 0,
            R: 0,
            J: 0,
            Z: 0,
            k: 16,
            c: [0; 9],
            sd,
            iters: Vec::new(),
            observer: None,
            watch_left: i64::MAX,
            watched: 0,
            watch_step: u64::MAX,
            watch: crate::limits::Watch::idle(),
        };
        e.setup_board();
        e
    }

    /// Back to the state of a freshly started process, keeping the allocated table: the
    /// initial position, white to move, every global 0 as the C's are at start (`k=16`), and
    /// the hash table cleared (a new process starts with it all zero; 4.8 itself never clears
    /// it between moves).
    pub fn reset(&mut self) {
        self.b = [0; 256];
        self.setup_board();
        // written over in place: pages already touched stay mapped (a fresh allocation at every
        // reset paid a page fault per 4 KB the next search touched: slower, measured); only
        // the entries written since the table was last all zero, or all of it when more were
        // written than the list holds (a fresh table: none, and no page of it is touched)
        match self.dirty.written() {
            Some(list) => {
                for &idx in list {
                    self.A[idx as usize] = Entry48::default();
                }
            }
            None => self.A.fill(Entry48::default()),
        }
        self.dirty.reset();
        (
            self.Q, self.O, self.K, self.L, self.N, self.R, self.J, self.Z,
        ) = (0, 0, 0, 0, 0, 0, 0, 0);
        self.k = 16;
        self.c = [0; 9];
        self.iters.clear();
    }

    /// `main()`'s board set-up: `K=8;W(K--){b[K]=(b[K+112]=o[K+24]+8)+8;b[K+16]=18;b[K+96]=9;
    /// L=8;W(L--)b[16*L+K+8]=(K-4)*(K-4)+(L-3.5)*(L-3.5);}` (pieces without the non-virgin bit
    /// 32; the centre table a `double` truncated into `char`). It leaves `K=-1`, `L=-1`; the
    /// main loop sets both before they are read.
    fn setup_board(&mut self) {
        let b = &mut self.b;
        for K in (0..8usize).rev() {
            b[K + 112] = (o[K + 24] + 8) as i8; // initial board setup
            b[K] = b[K + 112] + 8;
            b[K + 16] = 18;
            b[K + 96] = 9;
            for L in (0..8usize).rev() {
                // center-pts table (in unused half b[])
                let (fk, fl) = (K as f64, L as f64);
                b[16 * L + K + 8] = ((fk - 4.0) * (fk - 4.0) + (fl - 3.5) * (fl - 3.5)) as i8;
            }
        }
    }

    /// The board as `main()` prints it: `N=-1;W(++N<121)printf("%c",N&8&&(N+=7)?10:
    /// ".?+nkbrq?*?NKBRQ"[b[N]&15]);`. The loop leaves `N=128`, which the C's node count and
    /// trace (`N-S`) start from; this sets `N` the same way.
    pub fn print_board(&mut self, out: &mut Vec<u8>) {
        self.N = -1;
        loop {
            self.N += 1;
            if self.N >= 121 {
                break;
            }
            if self.N & 8 != 0 {
                self.N += 7;
                out.push(10);
            } else {
                out.push(PIECE_SYMBOLS[(self.b[self.N as usize] & 15) as usize]);
            }
        }
    }

    /// The board as `main()` prints it (8 lines of 8 symbols), without touching `N`.
    pub fn board_text(&self) -> String {
        let mut s = String::with_capacity(72);
        for rank in 0..8 {
            for file in 0..8 {
                s.push(PIECE_SYMBOLS[(self.b[16 * rank + file] & 15) as usize] as char);
            }
            s.push('\n');
        }
        s
    }

    /// The side to move next: 8 white, 16 black (the C's `k` is the side that moved last
    /// between moves; `D()` flips it on entry).
    pub fn side_to_move(&self) -> i32 {
        self.k ^ 24
    }

    /// `b[sq]` of a 0x88 square (0 = a8 ... 0x77 = h1): 0 empty; else colour 8 (white) or 16
    /// (black) | type 1..7 (1 white pawn, 2 black pawn, 3 knight, 4 king, 5 bishop, 6 rook,
    /// 7 queen) | 32 once it has moved; a promoted queen also carries 128 (negative as `i8`).
    pub fn piece_at(&self, sq: u8) -> i8 {
        assert!(sq & 0x88 == 0, "not a 0x88 board square: {sq:#x}");
        self.b[sq as usize]
    }

    /// `b[]` whole: board, centre table and dummy square.
    pub fn board(&self) -> &[i8; 129] {
        self.b.first_chunk().expect("b holds 256")
    }

    /// Test hook (`umax match`'s fault tests): the other side to move, a state no main-loop
    /// step reaches.
    pub fn flip_side(&mut self) {
        self.k ^= 24;
    }

    /// Whether this is the self-deepening build.
    pub fn is_sd(&self) -> bool {
        self.sd
    }

    /// The build's name: `mm48` or `mm48sd`.
    pub fn build_name(&self) -> &'static str {
        if self.sd { "mm48sd" } else { "mm48" }
    }

    /// `Q`: the evaluation of the side to move, as the last played move left it.
    pub fn eval(&self) -> i32 {
        self.Q
    }

    /// `R`: the game phase (non-pawn material captured so far).
    pub fn phase(&self) -> i32 {
        self.R
    }

    /// The hash table entry at `idx`.
    pub fn entry(&self, idx: usize) -> Entry48 {
        self.A[idx]
    }

    /// `U`: entries in the hash table.
    pub fn table_size(&self) -> usize {
        self.A.len()
    }
}
