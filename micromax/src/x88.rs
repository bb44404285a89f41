//! Between micro-Max's 0x88 squares and shakmaty's chess.
//!
//! micro-Max's board has row 0 = rank 8 (black's back rank) and row 7 = rank 1, so the 0x88
//! square of file f (0..8) and rank r (0..8, 0 = rank 1) is `16*(7-r)+f`. Its moves are
//! from/to pairs; castling is the king's two-square move, and a promotion is always to a queen.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, File, Move, Position, Rank, Role, Square};

/// The 0x88 square of a shakmaty square.
pub fn to_0x88(sq: Square) -> i8 {
    (16 * (7 - u32::from(sq.rank()) as i32) + u32::from(sq.file()) as i32) as i8
}

/// The shakmaty square of an on-board 0x88 square.
pub fn from_0x88(sq: i8) -> Option<Square> {
    let s = sq as i32;
    if !(0..128).contains(&s) || s & 0x88 != 0 {
        return None;
    }
    Some(Square::from_coords(
        File::new((s & 7) as u32),
        Rank::new((7 - (s >> 4)) as u32),
    ))
}

/// A legal shakmaty move as micro-Max enters it: from and to as 0x88 squares (castling as the
/// king's two-square move). `None` for an under-promotion, which micro-Max cannot play.
pub fn move_to_0x88(m: &Move) -> Option<(i8, i8)> {
    if m.promotion().is_some_and(|role| role != Role::Queen) {
        return None;
    }
    let uci = m.to_uci(CastlingMode::Standard);
    match uci {
        UciMove::Normal { from, to, .. } => Some((to_0x88(from), to_0x88(to))),
        _ => None,
    }
}

/// The legal move of `pos` that micro-Max's from/to pair stands for (queen promotion for a
/// pawn reaching the last rank), or `None` if there is none.
pub fn move_from_0x88(pos: &Chess, from: i8, to: i8) -> Option<Move> {
    let (from, to) = (from_0x88(from)?, from_0x88(to)?);
    pos.legal_moves().into_iter().find(|m| {
        let (f, t) = match m.to_uci(CastlingMode::Standard) {
            UciMove::Normal { from, to, .. } => (from, to),
            _ => return false,
        };
        f == from && t == to && m.promotion().is_none_or(|r| r == Role::Queen)
    })
}

/// micro-Max's from/to pair as a UCI move (no promotion piece: micro-Max promotes to a queen
/// and does not say so); a square off the board gives the null move `0000`.
pub fn uci_of(from: i8, to: i8) -> UciMove {
    match (from_0x88(from), from_0x88(to)) {
        (Some(from), Some(to)) => UciMove::Normal {
            from,
            to,
            promotion: None,
        },
        _ => UciMove::Null,
    }
}

/// A UCI move's from and to as 0x88 squares (`None` for a drop, a put or the null move).
pub fn squares_of(m: &UciMove) -> Option<(i8, i8)> {
    match m {
        UciMove::Normal { from, to, .. } => Some((to_0x88(*from), to_0x88(*to))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for sq in Square::ALL {
            assert_eq!(from_0x88(to_0x88(sq)), Some(sq));
        }
        assert_eq!(to_0x88(Square::E2), 0x64);
        assert_eq!(to_0x88(Square::A8), 0x00);
        assert_eq!(to_0x88(Square::H1), 0x77);
        assert_eq!(from_0x88(0x08), None);
        assert_eq!(from_0x88(-2), None);
    }
}
