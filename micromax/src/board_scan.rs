//! The board scan of micro-Max's search, `do{u=b[x];if(u&k)...}W((x=x+9&~M)-B);` in 3.2 and 4.8
//! alike: the 64 squares in a8..h1 order from the last best move's square, wrapping, each tested
//! for a piece of the side to move. As a bitboard: [`own_squares`] gives the test's answer for all
//! 64 squares at once (SSE2: two ranks a step), [`square_index`] and [`square_0x88`] map between
//! the scan's order and 0x88 squares, so a search visits only the squares the test would pass,
//! in the scan's order (3.2: `mm32/speed/pieces.rs`, `mm32/speed/ahead.rs`; 4.8: its scan).

// ---- the board scan: `do{u=b[x];if(u&k)...}W((x=x+9&~M)-B);` ----

/// The square `x` (0x88) as 0..64 in a8..h1 order: rank-major, the order of the C's board scan.
#[inline(always)]
pub(crate) const fn square_index(x: i8) -> u32 {
    let x = x as u8 as u32;
    (x >> 1 & 0x38) | (x & 7)
}

/// [`square_index`] back to the 0x88 square.
#[inline(always)]
pub(crate) const fn square_0x88(s: u32) -> i8 {
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
pub(crate) fn own_squares(b: &[i8; 129], k: i32) -> u64 {
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

/// [`own_squares`] without SSE2: a rank (8 bytes) per step, in a `u64`.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline(always)]
pub(crate) fn own_squares_portable(b: &[i8; 129], k: i32) -> u64 {
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
pub(crate) fn king_squares(b: &[i8; 129], k: i32) -> u64 {
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
pub(crate) fn king_squares_portable(b: &[i8; 129], k: i32) -> u64 {
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

// ---- the pieces' step vectors, as both searches walk them ----

/// The step vectors of piece type `p` (1..8) in the order micro-Max's search walks them
/// (`W(r=p>2&r<0?-r:-o[++j])` from `j=o[p+16]`), from the C's table `o[]` (3.2's or 4.8's: the
/// same layout), and how many there are.
pub(crate) const fn directions(o: &[i32; 32], p: usize) -> ([i32; 8], usize) {
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

/// For a 0x88 difference `diff` (index `diff+120`) that a slider's ray (piece types 5..8 of the
/// C's `o[]`) of up to 7 steps makes, that ray's step; 0 for any other difference.
pub(crate) const fn slider_steps(o: &[i32; 32]) -> [i8; 241] {
    let mut step = [0i8; 241];
    let mut p = 5;
    while p < 8 {
        let (dirs, n) = directions(o, p);
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
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: i32 = 0x88;

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
}
