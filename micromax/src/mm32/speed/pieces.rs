//! The own pieces (and the kings) from a bitboard, in the board scan's order (C:
//! `do{u=b[x];if(u&k)...}W((x=x+9&~M)-B);`).

use super::*;

// ---- the board scan: `do{u=b[x];if(u&k)...}W((x=x+9&~M)-B);` ----

/// The square `x` (0x88) as 0..64 in a8..h1 order: rank-major, the order of the C's board scan.
#[inline(always)]
pub(in crate::mm32) const fn square_index(x: i8) -> u32 {
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
pub(in crate::mm32) const fn square_0x88(s: u32) -> i8 {
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
pub(in crate::mm32) fn own_squares(b: &[i8; 129], k: i32) -> u64 {
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
    pub(in crate::mm32) own: u64,
    pub(in crate::mm32) theirs: u64,
    pub(in crate::mm32) kings: u64,
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
    pub(in crate::mm32) fn swapped(self) -> Pieces {
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
    pub(in crate::mm32) fn after(self, p: i8, x: i8, y: i8, H: i8, F: i32, G: i32) -> Pieces {
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
pub(in crate::mm32) fn king_squares(b: &[i8; 129], k: i32) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mm32::variant::{self, Instances};

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
        let mut rng = crate::glibc_random::GlibcRandom::new();
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
}
