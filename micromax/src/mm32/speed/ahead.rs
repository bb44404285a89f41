//! The moves of a `d>=2` iteration, generated `AHEAD` moves ahead of the search, each reply's
//! hash slot prefetched (C: the move loops at `d>=2` and the probe `j=(k*E^J)&U-9;` of a later
//! `D()`).

use super::*;

// ---- the prefetch generator: the probe `j=(k*E^J)&U-9;` of the moves to come ----

/// How many moves ahead of the move being searched the generator runs, each move's reply probe
/// (the C's `A[(k*E^J)&U-9]` of a later `D()` call) prefetched when the move is found. One
/// sibling's subtree is often shorter than a probe's memory latency (~200 ns here, TLB walk
/// included). With the generator as the only one at `d>=2`, 4 from an iteration's first move
/// measured best (3: +2%, 5 and 6: the same; a ramp from fewer at the first move: +2 to +4%;
/// `results/bench.md`).
pub(in crate::mm32) const AHEAD: usize = 4;
const _: () = assert!(AHEAD < 8, "the ring `Ahead` holds 8 moves");

/// Where the move generator stands after the move it found last: piece `u` (type `p`) on `x`,
/// direction `r` (index `j` in `o[]`), target `y` holding `t`, castling/e.p. squares `F`,`G`,
/// whether that move was the sneaked best move, whether the best move `to` is still to be
/// sneaked in (the C's `Y&8`), and the own pieces still to visit (`rest`, rotated by `start`).
/// The node's side `k` and e.p. square `E` are [`Engine::next_move`]'s arguments: they are the
/// same for every move of the node.
#[derive(Clone, Copy)]
pub(in crate::mm32) struct GenState {
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
    pub(in crate::mm32) fn before_first(rest: u64, start: u32, best: Option<i8>) -> GenState {
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
pub(in crate::mm32) struct Found(std::num::NonZeroU64);

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
    pub(in crate::mm32) fn unpack(self) -> ([i8; 5], i32, i32, i32) {
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
pub(in crate::mm32) struct Ahead {
    moves: [u64; 8],
    head: usize,
    tail: usize,
}

impl Ahead {
    #[inline(always)]
    pub(in crate::mm32) fn new() -> Ahead {
        Ahead {
            moves: [0; 8],
            head: 0,
            tail: 0,
        }
    }

    #[inline(always)]
    pub(in crate::mm32) fn len(&self) -> usize {
        self.tail - self.head
    }

    #[inline(always)]
    pub(in crate::mm32) fn push(&mut self, m: Found) {
        debug_assert!(self.len() < self.moves.len());
        self.moves[self.tail % 8] = m.0.get();
        self.tail += 1;
    }

    #[inline(always)]
    pub(in crate::mm32) fn pop(&mut self) -> Option<Found> {
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
    pub(in crate::mm32) fn prefetch_slot(&self, k: i32, E: i32, J: i32) {
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
    pub(in crate::mm32) fn prefetch_reply(&self, k: i32, J: i32, m: Found) {
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
    pub(in crate::mm32) fn next_move(&self, g: &mut GenState, k: i32, E: i32) -> Option<Found> {
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
