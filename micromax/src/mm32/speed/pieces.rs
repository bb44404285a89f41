//! The own pieces (and the kings) from a bitboard, in the board scan's order (C:
//! `do{u=b[x];if(u&k)...}W((x=x+9&~M)-B);`; the scan's bitboard itself is `crate::board_scan`),
//! handed from a node to its children.

use super::*;

pub(in crate::mm32) use crate::board_scan::{king_squares, own_squares, square_0x88, square_index};
#[cfg(test)]
use crate::board_scan::{king_squares_portable, own_squares_portable};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mm32::variant::{self, Instances};

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
