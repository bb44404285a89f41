//! The speed machinery beside the port: helpers that make [`Engine::search`] faster without
//! changing what it computes (same tree, same node counts: `scripts/perf-guard.sh`, the bench
//! signatures, `results/bench.md`). `engine.rs` keeps the port, reading side by side with the
//! C; each helper here says which line of the C it shadows.
//!
//! | helper | shadows (C) | what it does instead |
//! |--------|-------------|----------------------|
//! | `hash_table` | `struct _ {...} A[U];` | the table on transparent huge pages, zeroed by the kernel (not written before use) |
//! | `own_squares`, `square_index`, `square_0x88` | `do{u=b[x];if(u&k)...}W((x=x+9&~M)-B);` | the own pieces from a bitboard (SSE2: two ranks per step), in the scan's order |
//! | `clear_written`, `mark_dirty`, `Dirty` ([`Engine::clear_hash`]) | `F(i,0,U)A[i].K=0;` | clears only the entries written (a full clear, when too many were: one memset) |
//! | `GenState`, `next_move`, `Found`, `Ahead`, `prefetch_reply`, `AHEAD` | the move loops `W(r=...)` / `A: ... do{...}W(!t)` at `d>=2`, and `j=(k*E^J)&U-9;` of a later `D()` | the moves of a `d>=2` iteration, generated `AHEAD` moves ahead of the search; each reply's hash slot prefetched when its move is found |
//! | `D1Targets`, `REACH`, `FROM`, `d1_targets`, `king_squares` | the move loop at `d==1`: `h=d-(y!=z)`, `if(i<0\|\|...y-E<2&E-y<2)m=I;` | skips the pieces none of whose moves can do anything at d=1 |
//! | `prefetch_first_recapture`, `STEP`, `FROM_ANY` | the first recapture's `D()` at `d=1`: its probe `j=(k*E^J)&U-9` | the slot prefetched at the entry of a depth-1 node that will not stand pat (before its own probe, as if it misses), else when the `d=1` iteration starts; found from the pieces that reach `z` |

use super::*;

// ---- huge pages: the table `A[U]` ----

/// `A[]`: `len` empty entries. The table is asked to be backed by transparent huge pages (on
/// Linux) before it is first written: its probes land at random over 200 MB, and with 4 KB pages
/// nearly every probe also misses the TLB. The contents are the same either way.
pub(super) fn hash_table(len: usize) -> Vec<Entry> {
    let layout = std::alloc::Layout::array::<Entry>(len).expect("hash table size");
    if layout.size() == 0 {
        return Vec::new();
    }
    // Zeroed memory from the allocator: at this size fresh pages from the kernel, which are
    // zero already, so nothing is written here (the kernel faults them in: `populate`).
    // SAFETY: the layout has a non-zero size.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) } as *mut Entry;
    if ptr.is_null() {
        std::alloc::handle_alloc_error(layout);
    }
    advise_huge_pages(ptr as usize, layout.size());
    populate(ptr as usize, layout.size());
    // SAFETY: `ptr` was allocated by the global allocator with the layout of `len` entries
    // (`Vec`'s own), and all-zero bytes are a valid `Entry` (plain integers), so all `len` are
    // initialised.
    unsafe { Vec::from_raw_parts(ptr, len, len) }
}

/// `madvise(MADV_HUGEPAGE)` on the whole 2 MB pages inside `[start, start+bytes)`: a hint
/// about how to back them. A failure (e.g. THP disabled) is fine.
fn advise_huge_pages(start: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    madvise_aligned(start, bytes, 2 << 20, libc::MADV_HUGEPAGE);
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

/// `madvise(MADV_POPULATE_WRITE)`: the kernel faults the whole table in now (zeroed pages, on
/// huge pages where advised), so a think does not pay the first touch of its pages (what
/// `umax bench` times). Without it (kernels before 5.14) the pages are faulted in on first use.
fn populate(start: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    madvise_aligned(start, bytes, 4096, libc::MADV_POPULATE_WRITE);
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

/// `madvise(advice)` on the whole `align`-sized pages inside `[start, start+bytes)`; the
/// result is ignored (both uses are hints that change no contents).
#[cfg(target_os = "linux")]
fn madvise_aligned(start: usize, bytes: usize, align: usize, advice: libc::c_int) {
    let first = start.next_multiple_of(align);
    let end = (start + bytes) / align * align;
    if end > first {
        // SAFETY: [first, end) lies inside an allocation we own, read-write; HUGEPAGE and
        // POPULATE_WRITE change no contents (fresh pages read as zero either way).
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, advice);
        }
    }
}

// ---- the board scan: `do{u=b[x];if(u&k)...}W((x=x+9&~M)-B);` ----

/// The square `x` (0x88) as 0..64 in a8..h1 order: rank-major, the order of the C's board scan.
#[inline(always)]
pub(super) const fn square_index(x: i8) -> u32 {
    let x = x as u8 as u32;
    (x >> 1 & 0x38) | (x & 7)
}

/// `1 << square_index(x)` for each 0x88 square `x` (0..128; 0 off the board): one load instead
/// of the index's arithmetic and a shift, for [`Pieces::after`] (callgrind: 5 bits a move).
const SQUARE_BIT: [u64; 128] = {
    let mut t = [0u64; 128];
    let mut x = 0;
    while x < 128 {
        if x & 0x88 == 0 {
            t[x] = 1 << square_index(x as i8);
        }
        x += 1;
    }
    t
};

/// [`square_index`] back to the 0x88 square.
#[inline(always)]
pub(super) const fn square_0x88(s: u32) -> i8 {
    ((s & 0x38) << 1 | (s & 7)) as i8
}

/// The eight on-board squares of 0x88 rank `rank` (a8..h8 is rank 0), one byte each, file a in
/// the lowest byte. (Used by the portable versions of [`own_squares`] and [`king_squares`],
/// which x86-64 runs only in the test that checks them against the SSE2 ones.)
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline(always)]
fn rank_word(b: &[i8; 129], rank: usize) -> u64 {
    let row: [i8; 8] = b[16 * rank..16 * rank + 8].try_into().unwrap();
    u64::from_le_bytes(row.map(|sq| sq as u8))
}

/// Two ranks of the board, `rank` and `rank+1`, as 16 bytes: the eight on-board squares of
/// each (a..h), `rank`'s in the low half.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn rank_pair(b: &[i8; 129], rank: usize) -> std::arch::x86_64::__m128i {
    use std::arch::x86_64::*;
    debug_assert!(rank + 1 < 8);
    // SAFETY: SSE2 is part of x86_64; both 16-byte loads lie inside `b` (rank <= 6: the second
    // ends at 16*7+16 = 128 <= 129).
    unsafe {
        let lo = _mm_loadu_si128(b.as_ptr().add(16 * rank) as *const __m128i);
        let hi = _mm_loadu_si128(b.as_ptr().add(16 * rank + 16) as *const __m128i);
        _mm_unpacklo_epi64(lo, hi)
    }
}

/// The squares holding a piece of side `k` (8 or 16), as bits 0..64 by [`square_index`]: the
/// board scan's `u&k` test for all 64 squares at once, two ranks (16 squares) per step.
#[inline(always)]
pub(super) fn own_squares(b: &[i8; 129], k: i32) -> u64 {
    debug_assert!(k == 8 || k == 16);
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        let mut own = 0u64;
        for rank in (0..8).step_by(2) {
            let v = rank_pair(b, rank);
            // SAFETY: SSE2 is part of x86_64. The byte's bit k moved to its top bit (a 16-bit
            // shift moves each byte's own bit 3 or 4 to its bit 7), then one bit per byte.
            let bits = unsafe {
                let top = if k == 8 {
                    _mm_slli_epi16::<4>(v)
                } else {
                    _mm_slli_epi16::<3>(v)
                };
                _mm_movemask_epi8(top) as u32 as u64
            };
            own |= bits << (8 * rank);
        }
        own
    }
    #[cfg(not(target_arch = "x86_64"))]
    own_squares_portable(b, k)
}

/// The squares (by [`square_index`]) of the pieces of the side to move (`own`), of the other
/// side (`theirs`) and of both sides' kings (`kings`): handed from a node to its children
/// instead of read from the board at every node (they shadow the board scan's `u&k` test, as
/// [`own_squares`] does, and the `d=1` targets' enemy kings, [`king_squares`]). A child's sets
/// follow from its parent's and the move ([`Pieces::after`]): the board's bytes were just
/// written by that move, and reading them back 16 at a time waits for those stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pieces {
    pub(super) own: u64,
    pub(super) theirs: u64,
    pub(super) kings: u64,
}

impl Pieces {
    /// The sets on board `b` with side `k` to move.
    #[inline(always)]
    pub(crate) fn of(b: &[i8; 129], k: i32) -> Pieces {
        Pieces {
            own: own_squares(b, k),
            theirs: own_squares(b, 24 - k),
            kings: king_squares(b, 8) | king_squares(b, 16),
        }
    }

    /// The same board with the other side to move (the (stale)mate test's null move).
    #[inline(always)]
    pub(super) fn swapped(self) -> Pieces {
        Pieces {
            own: self.theirs,
            theirs: self.own,
            kings: self.kings,
        }
    }

    /// The sets of the reply to the move of piece type `p` from `x` to `y` capturing on `H`, with
    /// castling squares `F`,`G` (C: `b[G]=b[H]=b[x]=0;b[y]=u&31;if(!(G&M))b[F]=k+6`): the
    /// reply moves the other side's pieces.
    #[inline(always)]
    pub(super) fn after(self, p: i8, x: i8, y: i8, H: i8, F: i32, G: i32) -> Pieces {
        let bit = |sq: i32| SQUARE_BIT[sq as usize & 127];
        let mut mover = (self.own & !bit(x as i32)) | bit(y as i32);
        if G & M == 0 {
            mover = (mover & !bit(G)) | bit(F); // castling: the rook from G to F
        }
        let mut kings = self.kings & !bit(H as i32);
        if p == 4 {
            kings = (kings & !bit(x as i32)) | bit(y as i32); // the king moved
        }
        Pieces {
            own: self.theirs & !bit(H as i32),
            theirs: mover,
            kings,
        }
    }
}

/// [`own_squares`] without SSE2: a rank (8 bytes) per step, in a `u64`.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline(always)]
fn own_squares_portable(b: &[i8; 129], k: i32) -> u64 {
    let shift = k.trailing_zeros();
    let mut own = 0u64;
    for rank in 0..8 {
        let row = rank_word(b, rank);
        // One bit per byte (the byte's bit `k`), then the eight gathered into the top byte.
        let bits = (row >> shift) & 0x0101_0101_0101_0101;
        own |= (bits.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * rank);
    }
    own
}

/// The squares holding a king of side `k` (8 or 16; virgin or not), as bits 0..64 by
/// [`square_index`]: bytes equal to `k+4` in their low five bits.
#[inline(always)]
pub(super) fn king_squares(b: &[i8; 129], k: i32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        let mut kings = 0u64;
        for rank in (0..8).step_by(2) {
            let v = rank_pair(b, rank);
            // SAFETY: SSE2 is part of x86_64.
            let bits = unsafe {
                let low5 = _mm_and_si128(v, _mm_set1_epi8(0x1F));
                _mm_movemask_epi8(_mm_cmpeq_epi8(low5, _mm_set1_epi8((k + 4) as i8))) as u32 as u64
            };
            kings |= bits << (8 * rank);
        }
        kings
    }
    #[cfg(not(target_arch = "x86_64"))]
    king_squares_portable(b, k)
}

/// [`king_squares`] without SSE2: a rank (8 bytes) per step, in a `u64`.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline(always)]
fn king_squares_portable(b: &[i8; 129], k: i32) -> u64 {
    let king = (k + 4) as u64 * 0x0101_0101_0101_0101;
    let mut kings = 0u64;
    for rank in 0..8 {
        let x = (rank_word(b, rank) & 0x1F1F_1F1F_1F1F_1F1F) ^ king;
        // a byte of x is zero exactly where a king stands (exact per byte: no carries out)
        let zero =
            !(((x & 0x7F7F_7F7F_7F7F_7F7F) + 0x7F7F_7F7F_7F7F_7F7F) | x) & 0x8080_8080_8080_8080;
        let bits = (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        kings |= bits << (8 * rank);
    }
    kings
}

// ---- the prefetch generator: the probe `j=(k*E^J)&U-9;` of the moves to come ----

/// How many moves ahead of the move being searched the generator runs, each move's reply probe
/// (the C's `A[(k*E^J)&U-9]` of a later `D()` call) prefetched when the move is found. One
/// sibling's subtree is often shorter than a probe's memory latency (~200 ns here, TLB walk
/// included). With the generator as the only one at `d>=2`, 4 from an iteration's first move
/// measured best (3: +2%, 5 and 6: the same; a ramp from fewer at the first move: +2 to +4%;
/// `results/bench.md`).
pub(super) const AHEAD: usize = 4;
const _: () = assert!(AHEAD < 8, "the ring `Ahead` holds 8 moves");

/// Where the move generator stands after the move it found last: piece `u` (type `p`) on `x`,
/// direction `r` (index `j` in `o[]`), target `y` holding `t`, castling/e.p. squares `F`,`G`,
/// whether that move was the sneaked best move, whether the best move `to` is still to be
/// sneaked in (the C's `Y&8`), and the own pieces still to visit (`rest`, rotated by `start`).
/// The node's side `k` and e.p. square `E` are [`Engine::next_move`]'s arguments: they are the
/// same for every move of the node.
#[derive(Clone, Copy)]
pub(super) struct GenState {
    x: i8,
    u: i8,
    p: i8,
    y: i8,
    t: i8,
    sneak: bool,
    pending: bool,
    to: i8,
    j: i32,
    r: i32,
    F: i32,
    G: i32,
    rest: u64,
    start: u32,
}

impl GenState {
    /// The generator before the first move of a scan that visits `rest` (rotated by `start`):
    /// a piece-less state whose directions are used up (`o[3]==0`), so the walk goes on to the
    /// first piece of `rest`. `best`: the best move's target to sneak in first (the C's `Y&8`).
    #[inline(always)]
    pub(super) fn before_first(rest: u64, start: u32, best: Option<i8>) -> GenState {
        GenState {
            x: 0,
            u: 0,
            p: 0,
            y: 0,
            t: 1,
            sneak: false,
            pending: best.is_some(),
            to: best.unwrap_or(0),
            j: 2,
            r: 0,
            F: S,
            G: S,
            rest,
            start,
        }
    }
}

/// A move found by [`Engine::next_move`], in the 8 bytes of a `u64` (one register, one store
/// into the ring and one load out of it, so the load is forwarded from the store): piece `u`
/// from `x` to `y` in direction `r`, capturing `t` on `H`, castling/e.p. squares `F`,`G` (`S`
/// or a square: both fit a byte). Never 0 (`u`, a piece, is not).
#[derive(Clone, Copy)]
pub(super) struct Found(std::num::NonZeroU64);

impl Found {
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn new(x: i8, u: i8, y: i8, H: i8, t: i8, r: i32, F: i32, G: i32) -> Found {
        debug_assert!(
            u != 0 && (-128..128).contains(&r) && (0..=S).contains(&F) && (0..=S).contains(&G)
        );
        let bytes = [
            x as u8,
            u as u8,
            y as u8,
            H as u8,
            t as u8,
            r as i8 as u8,
            F as u8,
            G as u8,
        ];
        Found(std::num::NonZeroU64::new(u64::from_le_bytes(bytes)).expect("a move has a piece"))
    }

    /// `[x, u, y, H, t]`, `r`, `F`, `G`.
    #[inline(always)]
    pub(super) fn unpack(self) -> ([i8; 5], i32, i32, i32) {
        let b = self.0.get().to_le_bytes();
        (
            [b[0] as i8, b[1] as i8, b[2] as i8, b[3] as i8, b[4] as i8],
            b[5] as i8 as i32,
            b[6] as i32,
            b[7] as i32,
        )
    }
}

/// The moves found and not yet searched (the next one and up to [`AHEAD`] after it), in order:
/// a ring of 8 (one cache line).
pub(super) struct Ahead {
    moves: [u64; 8],
    head: usize,
    tail: usize,
}

impl Ahead {
    #[inline(always)]
    pub(super) fn new() -> Ahead {
        Ahead {
            moves: [0; 8],
            head: 0,
            tail: 0,
        }
    }

    #[inline(always)]
    pub(super) fn len(&self) -> usize {
        self.tail - self.head
    }

    #[inline(always)]
    pub(super) fn push(&mut self, m: Found) {
        debug_assert!(self.len() < self.moves.len());
        self.moves[self.tail % 8] = m.0.get();
        self.tail += 1;
    }

    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<Found> {
        (self.head < self.tail).then(|| {
            self.head += 1;
            // a slot below `tail` holds a pushed (non-zero) move
            Found(std::num::NonZeroU64::new(self.moves[(self.head - 1) % 8]).expect("pushed"))
        })
    }
}

impl Engine {
    /// Starts loading the first hash slot that `D(k,..,J,..,E,..)` will probe, `A[(k*E^J)&U-9+1]`,
    /// so that the memory access overlaps with work done before the probe. A hint only.
    #[inline(always)]
    pub(super) fn prefetch_slot(&self, k: i32, E: i32, J: i32) {
        let j = ((k.wrapping_mul(E) ^ J) & self.mask) as usize + 1;
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: a prefetch never faults and changes no memory; j <= U, inside A.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(self.A.as_ptr().wrapping_add(j) as *const i8) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = j;
    }

    /// Prefetches the hash slot of the reply to the move `m` of side `k` at a node with key `J`,
    /// with the key the search will compute for it (C: the probe `j=(k*E^J)&U-9` of the `D()`
    /// called for that move).
    #[inline(always)]
    pub(super) fn prefetch_reply(&self, k: i32, J: i32, m: Found) {
        let ([x, u, y, H, t], r, F, _) = m.unpack();
        let mut by = u & 31;
        if u & 7 < 3 && (y as i32 + r + 1) & S != 0 {
            by |= 7;
        }
        let J0 = self.key_change(0, x, u, y, by, H, t);
        self.prefetch_slot(24 - k, F, J.wrapping_add(J0));
    }

    /// Moves the generator `g` (of side `k`, e.p. square `E`) on to the next move the search
    /// loop searches after the one `g` stands at, and returns it (`None`, `g` unchanged, if
    /// there is none), exactly as the C's loops walk, with
    /// the board as it is between moves: after the sneaked best move its direction again
    /// (`goto A`); else fake/unfake capture, the rest of the ray, the next directions and
    /// pieces; at every ray step the best move sneaked in while `Y&8` (`pending`). C: the
    /// `W(r=...)` direction loop and the ray loop `do{...}W(!t)` of `D()`, from `A:` to the
    /// move's `h=...`. At `d>=2` the search takes its moves from here (every move there is
    /// searched); at `d=1` the loop in [`Engine::search`] generates them itself.
    #[inline(never)]
    pub(super) fn next_move(&self, g: &mut GenState, k: i32, E: i32) -> Option<Found> {
        let GenState {
            mut x,
            mut u,
            mut p,
            mut j,
            mut r,
            mut y,
            mut t,
            mut F,
            mut G,
            sneak,
            pending,
            to,
            mut rest,
            start,
        } = *g;
        let mut ray = if sneak {
            (y, F, G) = (x, S, S); // best=1st done, redo normal (goto A)
            true
        } else {
            t = self.fake_capture(k, x, u, p, j, r, y, t, &mut F, &mut G);
            t == 0 // if not capt. continue ray
        };
        loop {
            if ray {
                y = (y as i32 + r) as i8;
                if pending {
                    y = to; // sneak in prev. best move
                }
                if y as i32 & M == 0 {
                    let mut H = y;
                    if p < 3 && y as i32 == E {
                        H = y ^ 16; // shift capt.sqr. H if e.p.
                    }
                    t = self.b[H as u8 as usize];
                    if (t as i32 & k) == 0 && !(p < 3 && ((r & 7 == 0) != (t == 0))) {
                        // the next move (not capt. own, not a bad pawn mode)
                        *g = GenState {
                            x,
                            u,
                            p,
                            y,
                            t,
                            sneak: pending,
                            pending: false,
                            to,
                            j,
                            r,
                            F,
                            G,
                            rest,
                            start,
                        };
                        return Some(Found::new(x, u, y, H, t, r, F, G));
                    }
                }
            }
            // next direction, or the next piece's first
            loop {
                r = if (p > 2) & (r < 0) {
                    -r
                } else {
                    j += 1;
                    -o[j as usize & 31]
                };
                if r != 0 {
                    break;
                }
                if rest == 0 {
                    return None;
                }
                x = square_0x88((rest.trailing_zeros() + start) & 63);
                rest &= rest - 1;
                u = self.b[x as u8 as usize];
                p = u & 7;
                r = p as i32;
                j = o[p as usize + 16];
            }
            (y, F, G) = (x, S, S); // A: y=x; F=G=S
            ray = true;
        }
    }
}

// ---- the clear: `F(i,0,U)A[i].K=0;` and the store `a->K=Z` ----

impl Engine {
    /// With `true`, [`Engine::clear_hash`] empties all `U` entries every time, as the C's loop
    /// does (it zeroes only the keys; here the whole entries are zeroed, one memset: the data
    /// of an empty entry is never read), instead of only the entries written since the last
    /// clear. Same results either way; this exists to measure what the C's clearing costs.
    pub fn set_full_clear(&mut self, on: bool) {
        self.full_clear = on;
    }

    /// How many entries the next [`Engine::clear_hash`] will clear: those written since the
    /// last clear, or `None` if it will clear the whole table (too many written, or
    /// [`Engine::set_full_clear`]).
    pub fn entries_to_clear(&self) -> Option<usize> {
        match self.dirty.written() {
            Some(list) if !self.full_clear => Some(list.len()),
            _ => None,
        }
    }

    /// Whether [`Engine::clear_hash`] always clears the whole table.
    pub fn full_clear(&self) -> bool {
        self.full_clear
    }

    /// Shadows `F(i,0,U)A[i].K=0;` (the main loop's clear, [`Engine::clear_hash`]): clears the
    /// keys of only the entries written since the last clear, the same result (every other key
    /// is already 0); the whole table when the list overflowed or [`Engine::set_full_clear`].
    pub(super) fn clear_written(&mut self) {
        let u = self.table_size();
        match self.dirty.written() {
            Some(list) if !self.full_clear => {
                for &idx in list {
                    if (idx as usize) < u {
                        self.A[idx as usize] = Entry::default();
                    }
                }
            }
            _ => {
                // the whole entries, not only K: a memset (with streaming stores at this size)
                // instead of a read-modify-write of every line; V,X,Y,D of an empty entry are
                // never read
                let entries = &mut self.A[..u];
                // SAFETY: `Entry` is plain integers, so all-zero bytes are a valid (the default)
                // entry; the pointer and length come from a live slice.
                unsafe { std::ptr::write_bytes(entries.as_mut_ptr(), 0, entries.len()) };
            }
        }
        self.dirty.reset();
    }

    /// Shadows the hash store `a->K=Z` (when the entry was empty): notes that entry `a` got a
    /// key, for [`Engine::clear_hash`] (see [`Dirty`]).
    #[inline(always)]
    pub(super) fn mark_dirty(&mut self, a: usize) {
        self.dirty.mark(a);
    }
}

/// The entries whose key went from 0 to non-0 since the last clear, for [`Engine::clear_hash`]:
/// clearing only those is exactly the C's full clear, since an entry's other fields are never
/// read while its key is 0. At most U/16 are listed: clearing entries one by one costs ~10 ns
/// each (random writes), the whole table ~10 ms (one sequential pass over 200 MB), so beyond
/// ~1M entries the full clear is the faster one. The buffer is allocated zeroed at its full
/// size (the kernel's untouched zero pages until used), so a mark is one compare and one store:
/// `len` counts every mark, and past the buffer's end (overflow) only counts.
pub(super) struct Dirty {
    list: Box<[u32]>,
    len: usize,
}

impl Dirty {
    /// Room for `capacity` entries.
    pub(super) fn new(capacity: usize) -> Dirty {
        Dirty {
            list: vec![0u32; capacity].into_boxed_slice(),
            len: 0,
        }
    }

    #[inline(always)]
    fn mark(&mut self, a: usize) {
        if let Some(slot) = self.list.get_mut(self.len) {
            *slot = a as u32;
        }
        self.len += 1;
    }

    /// The entries marked since the last [`Dirty::reset`], or `None` if more were than fit.
    pub(super) fn written(&self) -> Option<&[u32]> {
        self.list.get(..self.len)
    }

    fn reset(&mut self) {
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::{self, Instances};

    /// Plays `thinks` self-played moves after 1. e4 on a small table.
    fn session(bits: u32, full_clear: bool, thinks: usize) -> Engine {
        let mut e = Engine::new(Instances::of::<variant::Old>(), bits);
        e.set_full_clear(full_clear);
        assert!(e.enter_move(0x64, 0x44)); // e2e4
        for _ in 0..thinks {
            e.think(&Limits::nodes(2000));
        }
        e
    }

    #[test]
    fn dirty_clear_leaves_the_table_as_the_full_clear_does() {
        // 16 bits: the dirty list suffices; 8 bits: it overflows and the next clear is full.
        for (bits, thinks) in [(16, 0), (16, 1), (16, 6), (8, 3), (8, 7)] {
            let (mut dirty, mut full) = (session(bits, false, thinks), session(bits, true, thinks));
            for idx in 0..=dirty.table_size() {
                assert_eq!(
                    dirty.entry(idx),
                    full.entry(idx),
                    "entry {idx} after {thinks}"
                );
            }
            dirty.clear_hash();
            full.clear_hash();
            let u = dirty.table_size();
            for idx in 0..u {
                assert_eq!(dirty.entry(idx).K, 0, "entry {idx} not cleared");
                assert_eq!(dirty.entry(idx), full.entry(idx), "entry {idx} after clear");
            }
            // A[U] is never cleared, as in the C.
            assert_eq!(dirty.entry(u), full.entry(u));
        }
    }

    #[test]
    fn square_index_follows_the_board_scan() {
        // The C's scan: x=x+9&~M from 0 visits the 64 squares and comes back to 0.
        let mut x: i32 = 0;
        for s in 0..64u32 {
            assert_eq!(square_index(x as i8), s, "square {x:#x}");
            assert_eq!(square_0x88(s) as i32, x);
            x = (x + 9) & !M;
        }
        assert_eq!(x, 0);
    }

    #[test]
    fn own_squares_is_the_scan_test() {
        let mut rng = crate::random::GlibcRandom::new();
        let mut boards = vec![*Engine::new(Instances::of::<variant::Old>(), 4).board()];
        for _ in 0..2000 {
            let mut b = [0i8; 129];
            for sq in b.iter_mut() {
                *sq = rng.next() as i8; // any byte, centre table half included
            }
            boards.push(b);
        }
        for b in &boards {
            for k in [8, 16] {
                let mut want = 0u64;
                for s in 0..64 {
                    if b[square_0x88(s) as usize] as i32 & k != 0 {
                        want |= 1 << s;
                    }
                }
                assert_eq!(own_squares(b, k), want);
                // the portable version (what a target without SSE2 runs) agrees
                assert_eq!(own_squares_portable(b, k), want);
                let mut kings = 0u64;
                for s in 0..64 {
                    if b[square_0x88(s) as usize] as i32 & 0x1F == k + 4 {
                        kings |= 1 << s;
                    }
                }
                assert_eq!(king_squares(b, k), kings);
                assert_eq!(king_squares_portable(b, k), kings);
            }
        }
    }

    #[test]
    fn full_clear_switch() {
        let mut e = Engine::new(Instances::of::<variant::Sd>(), 8);
        assert!(!e.full_clear());
        e.set_full_clear(true);
        assert!(e.full_clear());
    }
}

// ---- the d=1 iteration: `h=d-(y!=z)` is 0 for all but the recaptures ----

/// For each piece type `p` (bit `p`), whether a move of `p` can go from `x` to `x+diff`
/// (index `diff+120`) on an empty board: the 0x88 difference names the direction and the
/// distance. Built from the C's own step vectors `o[]`, walked as the search walks them
/// (`W(r=p>2&r<0?-r:-o[++j])`): sliders (p>=5) up to 7 steps, a pawn's push 2 (the double
/// step), the king's sideways step 2 (castling), everything else 1.
const REACH: [u8; 241] = {
    let mut reach = [0u8; 241];
    let mut p = 1;
    while p < 8 {
        let (dirs, n) = directions(p);
        let mut d = 0;
        while d < n {
            let r = dirs[d];
            let steps = if p >= 5 {
                7
            } else if (p < 3 && (r == 16 || r == -16)) || (p == 4 && (r == 1 || r == -1)) {
                2
            } else {
                1
            };
            let mut s = 1;
            while s <= steps {
                reach[(r * s + 120) as usize] |= 1 << p;
                s += 1;
            }
            d += 1;
        }
        p += 1;
    }
    reach
};

/// The step vectors of piece type `p` (1..8) in the order the search walks them
/// (`W(r=p>2&r<0?-r:-o[++j])` from `j=o[p+16]`), and how many there are.
const fn directions(p: usize) -> ([i32; 8], usize) {
    let mut dirs = [0; 8];
    let mut n = 0;
    let mut j = o[p + 16];
    let mut r = p as i32;
    loop {
        r = if p > 2 && r < 0 {
            -r
        } else {
            j += 1;
            -o[j as usize]
        };
        if r == 0 {
            return (dirs, n);
        }
        dirs[n] = r;
        n += 1;
    }
}

/// For a target square (0..64 by [`square_index`]) and a piece type `p`, the squares (bits
/// 0..64) from which a move of `p` can reach the target on an empty board ([`REACH`]).
const FROM: [[u64; 8]; 64] = {
    let mut from = [[0u64; 8]; 64];
    let mut target = 0;
    while target < 64 {
        let mut s = 0;
        while s < 64 {
            let diff = square_0x88(target as u32) as i32 - square_0x88(s as u32) as i32;
            let mut p = 1;
            while p < 8 {
                if REACH[(diff + 120) as usize] >> p & 1 != 0 {
                    from[target][p] |= 1 << s;
                }
                p += 1;
            }
            s += 1;
        }
        target += 1;
    }
    from
};

/// The squares a move must reach to do anything in an iteration at `d=1` (C: the move loop of
/// `D()` with `d==1`). There `h=d-(y!=z)` is 0 except for a recapture on `z`, and a move with
/// `h==0` is not searched: its only effects are `m=I` for a king capture (`i<0`) or a move next
/// to a castling square `E` (`y-E<2&E-y<2` with `b[E]` set), and the `m>=l` cut at the move
/// after `m` rose. So while `m<l`, a piece that can reach none of {z, the enemy kings,
/// E-1, E, E+1} — even on an empty board — changes nothing, and the search skips it
/// ([`Engine::d1_targets`]); from `m>=l` on every piece is generated as the C does (the C cuts
/// at the very next move, whatever it is). The skipped moves are never searched in the C
/// either, so the nodes, their order and every score are the C's (the parity suite checks).
/// Held as, per piece type, the squares from which a target can be reached ([`FROM`]).
#[derive(Clone, Copy)]
pub(super) struct D1Targets {
    from: [u64; 8],
}

impl D1Targets {
    /// Whether the piece of type `p` on square `s` (0..64 by [`square_index`]) might reach one
    /// of the target squares.
    #[inline(always)]
    pub(super) fn reachable(&self, s: u32, p: i8) -> bool {
        self.from[p as usize & 7] >> s & 1 != 0
    }

    /// Adds `E-1`, `E`, `E+1` (after castling: the squares the C tests for a king capture). Out
    /// of line and cold: rare, and inlined its address arithmetic was hoisted to every node's
    /// entry (callgrind: ~25 instructions a node).
    #[cold]
    #[inline(never)]
    fn add_around(&mut self, E: i32) {
        self.add(E - 1);
        self.add(E);
        self.add(E + 1);
    }

    /// Adds the target `square` (0x88); an off-board one is no target (no move reaches it).
    #[inline(always)]
    fn add(&mut self, square: i32) {
        if square & M == 0 {
            let target = &FROM[square_index(square as i8) as usize];
            for (from, target) in self.from.iter_mut().zip(target) {
                *from |= target;
            }
        }
    }
}

impl Engine {
    /// The targets of a `d=1` iteration at a node whose recapture square is `z`, castling/e.p.
    /// square `E`, and whose opponent's kings stand on `their_kings` (see [`D1Targets`]).
    #[inline(always)]
    pub(super) fn d1_targets(&self, z: i32, E: i32, their_kings: u64) -> D1Targets {
        let mut t = D1Targets { from: [0; 8] };
        t.add(z); // the recapture square (z=8, 9 at the root and the checker: off-board)
        if E != S && E >= 0 && self.b[E as u8 as usize] != 0 {
            // the C's `y-E<2&E-y<2`: E-1, E, E+1
            t.add_around(E);
        }
        // the enemy kings
        let mut kings = their_kings;
        while kings != 0 {
            t.add(square_0x88(kings.trailing_zeros()) as i32);
            kings &= kings - 1;
        }
        t
    }
}

// ---- the first recapture at `d=1`: the probe of its reply's `D()` ----

/// For a 0x88 difference `diff` (index `diff+120`) along a slider's direction, the direction
/// (one step): 0 where no slider's ray of up to 7 steps makes the difference.
const STEP: [i8; 241] = {
    let mut step = [0i8; 241];
    let mut p = 5;
    while p < 8 {
        let (dirs, n) = directions(p);
        let mut d = 0;
        while d < n {
            let mut s = 1;
            while s <= 7 {
                step[(dirs[d] * s + 120) as usize] = dirs[d] as i8;
                s += 1;
            }
            d += 1;
        }
        p += 1;
    }
    step
};

/// For a target square (0..64), the squares from which some piece type reaches it ([`FROM`]).
const FROM_ANY: [u64; 64] = {
    let mut any = [0u64; 64];
    let mut t = 0;
    while t < 64 {
        let mut p = 1;
        while p < 8 {
            any[t] |= FROM[t][p];
            p += 1;
        }
        t += 1;
    }
    any
};

impl Engine {
    /// For a `d=1` iteration that will search moves (`m<l`, no best move to sneak in), where
    /// only recaptures on `z` are searched: prefetches the slot that the first recapture's reply
    /// will probe (C: `j=(k*E^J)&U-9` of its `D()`), so the load runs while the node probes and
    /// the scan reaches the move. Called at the entry of a node of depth 1 that will not stand
    /// pat, before its own probe, with the scan's start of a miss (a8: `start` 0); and again
    /// when its `d=1` iteration starts elsewhere, or at any other `d=1` iteration. The first
    /// recapture is the first piece of side `k` in the scan's order (`own` rotated by `start`)
    /// that reaches `z` in a capturing direction with nothing between (results/speed-round8:
    /// the load of that reply's probe waited 234 cycles from the iteration's start, 100 from
    /// the entry). A hint only: the tree is the C's either way.
    #[inline(always)]
    pub(super) fn prefetch_first_recapture(&self, k: i32, J: i32, z: i32, own: u64, start: u32) {
        if z & M != 0 {
            return; // the root (z=8) and the checker (z=9): no recapture square
        }
        let tz = square_index(z as i8);
        let t = self.b[z as u8 as usize];
        let mut cand = (own & FROM_ANY[tz as usize]).rotate_right(start);
        while cand != 0 {
            let s = (cand.trailing_zeros() + start) & 63;
            cand &= cand - 1;
            let x = square_0x88(s);
            let u = self.b[x as u8 as usize];
            let p = u & 7;
            let diff = z - x as i32;
            if FROM[tz as usize][p as usize] >> s & 1 == 0
                || (p < 3 && diff & 7 == 0) // a pawn captures diagonally
                || (p == 4 && (diff == 2 || diff == -2))
            // not the castling step
            {
                continue;
            }
            if p >= 5 {
                let step = STEP[(diff + 120) as usize] as i32;
                debug_assert!(step != 0, "FROM says a slider reaches z along a ray");
                if step == 0 {
                    continue;
                }
                let mut sq = x as i32 + step;
                while sq != z && self.b[sq as u8 as usize] == 0 {
                    sq += step;
                }
                if sq != z {
                    continue; // blocked
                }
            }
            let mut by = u & 31;
            if p < 3 && (z + diff + 1) & S != 0 {
                by |= 7;
            }
            let J0 = self.key_change(0, x, u, z as i8, by, z as i8, t);
            self.prefetch_slot(24 - k, S, J.wrapping_add(J0));
            return;
        }
    }
}
