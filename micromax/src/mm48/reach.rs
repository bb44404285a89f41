//! Speed, not micro-Max: what a piece can capture at all, for the `d=1` iteration's scan
//! (`Mm48::d1_scan`). There a non-capture can change nothing once the best score `m` is at
//! least `-1` (its score is `-p`, and `p>=1`) unless the node follows a castling (`E-S&b[E]`),
//! so a piece none of whose rays reaches an enemy piece over empty squares has nothing to do
//! in it, and the scan may pass it by. The tables come from the C's own step vectors `o[]`,
//! walked as the search walks them (`W(r=p>2&r<0?-r:-o[++j])` from `j=o[p+16]`).

use super::o;
use crate::board_scan::{directions, slider_steps, square_0x88, square_index};

/// For piece type `p` (1..8) on square `s` (0..64 by [`square_index`]), the squares it can
/// capture on an empty board: a slider (`p>=5`) along each ray to the edge, the knight and the
/// king one step (the king's castling step never captures: it goes to an empty square), a pawn
/// (`p` 1 or 2) its diagonal steps only (its straight step captures nothing; where a diagonal
/// step is the node's e.p. square `E`, it takes on `E^16`). A superset of its captures on any
/// board.
pub(super) const ATTACKS: [[u64; 64]; 8] = {
    let mut attacks = [[0u64; 64]; 8];
    let mut p = 1;
    while p < 8 {
        let (dirs, n) = directions(&o, p);
        let mut s = 0;
        while s < 64 {
            let x = square_0x88(s as u32) as i32;
            let mut d = 0;
            while d < n {
                let mut y = x;
                // a pawn's straight step (16 either way) captures nothing
                if p >= 3 || (dirs[d] != 16 && dirs[d] != -16) {
                    loop {
                        y += dirs[d];
                        if y & 0x88 != 0 {
                            break;
                        }
                        attacks[p][s] |= 1 << square_index(y as i8);
                        if p < 5 {
                            break;
                        }
                    }
                }
                d += 1;
            }
            s += 1;
        }
        p += 1;
    }
    attacks
};

/// For a 0x88 difference `diff` (index `diff+120`) that a slider's ray of up to 7 steps makes,
/// that ray's step; 0 for any other difference.
pub(super) const STEP: [i8; 241] = slider_steps(&o);

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables against a plain walk of the C's directions: the knight from b1 (square
    /// index 57) reaches a3, c3, d2; the rook from a1 the a-file and the first rank; every
    /// ray step is one of the C's slider steps.
    #[test]
    fn tables_follow_the_step_vectors() {
        let b1 = square_index(0x71);
        let knight: Vec<i8> = (0..64)
            .filter(|&s| ATTACKS[3][b1 as usize] >> s & 1 != 0)
            .map(square_0x88)
            .collect();
        assert_eq!(knight, vec![0x50, 0x52, 0x63]); // a3, c3, d2
        let a1 = square_index(0x70) as usize;
        assert_eq!(ATTACKS[6][a1].count_ones(), 14);
        assert_eq!(ATTACKS[5][a1].count_ones(), 7);
        assert_eq!(ATTACKS[7][a1], ATTACKS[5][a1] | ATTACKS[6][a1]);
        assert_eq!(ATTACKS[4][a1].count_ones(), 3);
        // a white pawn (type 1, moving to rank 8) on e2 takes on d3 and f3; a black one (2) on
        // a7 on b6 only
        let e2 = square_index(0x64) as usize;
        assert_eq!(
            ATTACKS[1][e2],
            1 << square_index(0x53) | 1 << square_index(0x55)
        );
        assert_eq!(
            ATTACKS[2][square_index(0x10) as usize],
            1 << square_index(0x21)
        );
        for (i, &s) in STEP.iter().enumerate() {
            if s != 0 {
                let diff = i as i32 - 120;
                assert_eq!(diff % s as i32, 0);
                assert!([1, -1, 16, -16, 15, -15, 17, -17].contains(&(s as i32)));
            }
        }
    }
}
