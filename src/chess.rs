//! Bridges between micro-Max's 0x88 squares and shakmaty, the referee.
//!
//! micro-Max's board has row 0 = rank 8 (black's back rank) and row 7 = rank 1, so the 0x88
//! square of file f (0..8) and rank r (0..8, 0 = rank 1) is `16*(7-r)+f`. Its moves are
//! from/to pairs; castling is the king's two-square move, and a promotion is always to a queen.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, Role};

pub use micromax::x88::{from_0x88, move_from_0x88, move_to_0x88, to_0x88};

/// The legal move of `pos` that an engine's offer ([`micromax::Think::offer`]) stands for: its
/// from and to, a promotion without its piece taken to a queen (as micro-Max promotes). `None`
/// if the offer is not a legal move here.
pub fn legal_offer(pos: &Chess, offer: &UciMove) -> Option<Move> {
    let UciMove::Normal {
        from,
        to,
        promotion,
    } = offer
    else {
        return None;
    };
    pos.legal_moves().into_iter().find(|m| {
        let same_squares = match m.to_uci(CastlingMode::Standard) {
            UciMove::Normal { from: f, to: t, .. } => f == *from && t == *to,
            _ => false,
        };
        same_squares
            && match promotion {
                Some(r) => m.promotion() == Some(*r),
                None => m.promotion().is_none_or(|r| r == Role::Queen),
            }
    })
}

/// The move in UCI notation (castling as the king's move, e.g. `e1g1`).
pub fn uci(m: &Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// Parses a UCI move and checks it is legal in `pos` (openings, tests: the promotion letter is
/// required).
pub fn parse_uci(pos: &Chess, text: &str) -> Result<Move, String> {
    parse(pos, text, false)
}

/// Parses a move in UCI notation in `pos` as `umax uci` reads it: a pawn move to the last rank
/// without a promotion letter is taken as a queen promotion (micro-Max's only one).
pub fn parse_uci_promoting(pos: &Chess, text: &str) -> Result<Move, String> {
    parse(pos, text, true)
}

/// The one UCI move reader (the text is echoed safely in the messages).
fn parse(pos: &Chess, text: &str, queen_by_default: bool) -> Result<Move, String> {
    let echo = crate::text::echo;
    let mut u: UciMove = text
        .parse()
        .map_err(|_| format!("'{}' is not a move in UCI notation", echo(text)))?;
    if let UciMove::Normal {
        from,
        to,
        promotion: promotion @ None,
    } = &mut u
    {
        let last_rank = matches!(to.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth);
        if queen_by_default && pos.board().role_at(*from) == Some(shakmaty::Role::Pawn) && last_rank
        {
            *promotion = Some(shakmaty::Role::Queen);
        }
    }
    u.to_move(pos)
        .map_err(|_| format!("'{}' is not legal in this position", echo(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_is_the_kings_two_square_move() {
        let mut pos = Chess::default();
        for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
            let mv = parse_uci(&pos, m).unwrap();
            pos.play_unchecked(mv);
        }
        let castle = parse_uci(&pos, "e1g1").unwrap();
        assert_eq!(move_to_0x88(&castle), Some((0x74, 0x76)));
        assert_eq!(move_from_0x88(&pos, 0x74, 0x76), Some(castle));
    }
}
