//! Setting the engine up from a FEN: [`Engine::set_fen`](crate::mm32::Engine::set_fen). The C has no counterpart (it always
//! starts from the initial position), so everything here is a definition of ours, chosen so a
//! position set from a FEN is the position micro-Max would have reached by moves.
//!
//! ```
//! use micromax::builds::Build;
//! use micromax::mm32::Engine;
//! let mut e = Engine::new(Build::Old, 16);
//! e.set_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
//! assert_eq!(e.side(), 16); // black to move
//! assert_eq!(e.ep_square(), 0x54); // the square the pawn skipped, e3, as the C's `O=F`
//! assert!(e.set_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
//! ```
//!
//! # What each piece of engine state becomes
//!
//! - **Board** `b[]`: piece codes as in the C: colour 8 (white) or 16 (black) plus type (1 white
//!   pawn, 2 black pawn, 3 knight, 4 king, 5 bishop, 6 rook, 7 queen), plus the *virgin* bit 32.
//!   The centre table (right half) is the C's; `b[128]` (the dummy square) is 0.
//! - **Virgin bit 32**: the move generator reads it only on a king (`(u&~24)==36`) and on the
//!   corner square a castling king looks at (`b[G]&32`). A rook gets it only on a1/h1 (a8/h8)
//!   with the matching castling right. A king, queen, bishop or knight gets it when it stands on
//!   its own initial square: in the C every back-rank piece starts virgin and loses the bit when
//!   it first moves; for these pieces the bit changes no search (castling needs a virgin rook in
//!   the corner as well), and giving it makes `set_fen(startpos)` equal to [`Engine::reset`](crate::mm32::Engine::reset)
//!   bit for bit.
//! - **Side to move** `k`: 8 white, 16 black.
//! - **E.p. square** `O`: the square a double-stepping pawn skipped, as the C stores it
//!   (`O=F`), whenever the FEN names one (the C sets it after every double step, capture
//!   possible or not). Without one, `O` is `(char)128` = -128, the C's value after any other
//!   move, except in the initial position, where it is 0 as in a freshly started C program
//!   (there the two values search identically: no white move reaches a8/b8). After castling the
//!   C keeps the rook's square in `O`, which a FEN cannot say. It matters to the next root only
//!   for a move onto the three squares around it (refused as "bad castling") and for a pawn
//!   capturing onto it (taken for an e.p. capture); neither exists after a FIDE-legal castling,
//!   which those very squares must not be attacked for. What remains is where the root's hash
//!   entry lands (`j=(k*E^J)&U-9`), which can change node counts, never a rule.
//! - **Material score** `Q`: the C keeps it incrementally: after each move the legality check
//!   sets `Q=-e-i` (`e` the old `Q`, `i` the value of the captured piece, plus `C`=799 for a
//!   promotion), so only captures and promotions change it, never the positional terms. From
//!   the initial position (`Q=0`) it therefore equals the material difference from the side to
//!   move's point of view with the C's values `99*w[]` (pawn 99, knight and bishop 297, rook 495,
//!   queen 891; the kings cancel), plus 7 for each queen promotion of the side to move, minus 7
//!   for each of the opponent's (a promotion adds 799 while a queen is worth 891-99=792 more
//!   than the pawn). A FEN does not say how many promotions were made, so `set_fen` takes the
//!   material difference alone: exact for any position reached without promotions, 7 off per
//!   net promotion otherwise.
//! - **Hash table**: cleared (as by [`Engine::reset`](crate::mm32::Engine::reset)); `N`, `K`, `L` are 0.
//!
//! # What is rejected
//!
//! [`parse_fen`] is the one reader (FEN or EPD line, its rules there). Anything shakmaty does not accept as a standard chess position (syntax, missing or extra
//! kings, pawns on the back rank, the side not to move in check, impossible checks, invalid e.p.
//! square or castling rights), with shakmaty's reason. Positions with more material than
//! standard chess allows are accepted: micro-Max plays them as well as any other. micro-Max can
//! castle only with the king on the e-file and rooks in the corners (standard chess, not
//! Chess960): castling rights of any other kind are rejected too.

use shakmaty::fen::Fen;
use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, Piece, Position, PositionErrorKinds, Role, Square,
};
use std::fmt;

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is not a FEN (shakmaty's parser said why).
    Syntax(String),
    /// A FEN, but not a position micro-Max can play (shakmaty's reasons).
    Position(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax(why) => write!(f, "not a fen: {why}"),
            FenError::Position(why) => write!(f, "not a playable position: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

/// The longest FEN accepted (a FEN with every field at its longest is under 100 bytes); of an
/// EPD line, the limit applies to its four position fields.
const MAX_FEN_LEN: usize = 256;

/// Parses and validates a position, or says why not: the one reader of positions, with one set
/// of rules for every front end (`set_fen`, uci `position fen`, match openings from lines and
/// PGN `FEN` tags, judge positions). It accepts the union of what each read when it had a
/// reader of its own, less what cannot be sound:
///
/// - a **FEN**: the board, then side, castling, e.p. square, halfmove clock and fullmove number,
///   any trailing ones left out (shakmaty's reader: `w`, `-`, `-`, `0`, `1`);
/// - an **EPD line**: the four position fields, then operations, each ended by `;`
///   (`bm Nf3; id "x";`), which are ignored. Fields after the fourth that do not end with a `;`
///   are no EPD operations: such a line is refused, not read with its tail dropped.
///
/// The position must be standard chess (see the module documentation); more material than a
/// game can reach is fine. Refused: empty text, a FEN over 256 bytes, crazyhouse pockets or
/// three-check counters, and every position shakmaty refuses.
pub fn parse_fen(text: &str) -> Result<Chess, FenError> {
    let text = text.trim();
    match parse_fen_fields(text) {
        Err(FenError::Syntax(why)) => match epd_position(text) {
            Some(four) => parse_fen_fields(&four),
            None => Err(FenError::Syntax(why)),
        },
        parsed => parsed,
    }
}

/// The four position fields of an EPD line with operations, if `text` is one.
fn epd_position(text: &str) -> Option<String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    (fields.len() > 4 && fields.last().is_some_and(|f| f.ends_with(';')))
        .then(|| fields[..4].join(" "))
}

/// [`parse_fen`] of a FEN alone.
fn parse_fen_fields(fen: &str) -> Result<Chess, FenError> {
    if fen.len() > MAX_FEN_LEN {
        return Err(FenError::Syntax(format!(
            "{} bytes, longer than any fen",
            fen.len()
        )));
    }
    if fen.is_empty() {
        return Err(FenError::Syntax("empty".into()));
    }
    let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|e| FenError::Syntax(e.to_string()))?;
    let setup = parsed.as_setup();
    if setup.pockets.is_some() || setup.remaining_checks.is_some() {
        return Err(FenError::Syntax(
            "pockets or check counters: not standard chess".into(),
        ));
    }
    let error = match parsed.into_position::<Chess>(CastlingMode::Standard) {
        Ok(pos) => return Ok(pos),
        Err(e) => match e.ignore_too_much_material() {
            Ok(pos) => return Ok(pos),
            Err(e) => e,
        },
    };
    let mut why = error.to_string();
    if error
        .kinds()
        .contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS)
    {
        why.push_str(
            " (micro-Max castles only with the king on the e-file and a rook in the corner)",
        );
    }
    Err(FenError::Position(why))
}

/// micro-Max's piece code (without the virgin bit) for a shakmaty piece.
pub fn piece_code(piece: Piece) -> i8 {
    let colour = match piece.color {
        Color::White => 8,
        Color::Black => 16,
    };
    let kind = match piece.role {
        Role::Pawn => match piece.color {
            Color::White => 1,
            Color::Black => 2,
        },
        Role::Knight => 3,
        Role::King => 4,
        Role::Bishop => 5,
        Role::Rook => 6,
        Role::Queen => 7,
    };
    colour + kind
}

/// The C's piece values `99*w[]` for the material part of `Q` (kings: they cancel).
fn material_value(role: Role) -> i32 {
    99 * match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// True if `piece` stands on a square where it starts the game (for the virgin bit of kings,
/// queens, bishops and knights; rooks get theirs from the castling rights).
pub(crate) fn on_initial_square(piece: Piece, sq: Square) -> bool {
    let back = match piece.color {
        Color::White => shakmaty::Rank::First,
        Color::Black => shakmaty::Rank::Eighth,
    };
    if sq.rank() != back {
        return false;
    }
    use shakmaty::File;
    match piece.role {
        Role::King => sq.file() == File::E,
        Role::Queen => sq.file() == File::D,
        Role::Bishop => matches!(sq.file(), File::C | File::F),
        Role::Knight => matches!(sq.file(), File::B | File::G),
        Role::Rook | Role::Pawn => false,
    }
}

/// `Q` as `set_fen` defines it: the material difference with the C's values, from the side to
/// move's point of view (see the module documentation).
pub fn material_score(pos: &Chess) -> i32 {
    let us = pos.turn();
    let mut q = 0;
    for (_, piece) in pos.board().clone() {
        let v = material_value(piece.role);
        q += if piece.color == us { v } else { -v };
    }
    q
}

/// The initial position (board, side, all four castling rights, no e.p. square).
pub fn is_initial_position(pos: &Chess) -> bool {
    let start = Chess::default();
    pos.board() == start.board()
        && pos.turn() == start.turn()
        && pos.castles().castling_rights() == start.castles().castling_rights()
        && pos.ep_square(EnPassantMode::Always).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builds::Build;
    use crate::mm32::Engine;

    const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn startpos_is_reset_bit_for_bit() {
        let mut a = Engine::new(Build::Old, 10);
        let mut b = Engine::new(Build::Old, 10);
        a.reset();
        b.set_fen(STARTPOS).unwrap();
        assert_eq!(a.snapshot(), b.snapshot());
    }

    #[test]
    fn material_from_the_side_to_move() {
        // white is a knight up; black to move
        let pos = parse_fen("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1").unwrap();
        assert_eq!(material_score(&pos), -297);
        let pos = parse_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").unwrap();
        assert_eq!(material_score(&pos), 297);
    }

    #[test]
    fn castling_rights_are_virgin_rooks() {
        let mut e = Engine::new(Build::Old, 10);
        e.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1").unwrap();
        assert_eq!(e.board()[0x77], 8 + 6 + 32); // h1, K
        assert_eq!(e.board()[0x70], 8 + 6); // a1, no Q
        assert_eq!(e.board()[0x00], 16 + 6 + 32); // a8, q
        assert_eq!(e.board()[0x07], 16 + 6); // h8, no k
        assert_eq!(e.board()[0x74], 8 + 4 + 32); // e1 king
        assert_eq!(e.ep_square(), i8::MIN);
    }

    #[test]
    fn epd_lines() {
        let pos = parse_fen(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - id \"x\"; bm Bb5;",
        )
        .unwrap();
        assert_eq!(pos.turn(), Color::White);
        assert!(parse_fen("8/8/8/8 w").is_err());
        // operations must end with `;`: a FEN with a stray tail is no EPD line
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1";
        assert!(parse_fen(&format!("{fen} junk")).is_err());
        // the limit is on the position: long operations are fine
        let long = format!("{fen} c0 \"{}\";", "x".repeat(300));
        assert!(parse_fen(&long).is_ok());
    }

    #[test]
    fn rejects_with_reasons() {
        for bad in [
            "",
            "hello",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2K w - - 0 1",
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2R w Q - 0 1",
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", // black in check, white to move
            "1r2k3/8/8/8/8/8/8/1R2K3 w B - 0 1", // Chess960 right
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        ] {
            let mut e = Engine::new(Build::Old, 10);
            let before = e.snapshot();
            let err = e.set_fen(bad).unwrap_err();
            assert!(!err.to_string().is_empty());
            assert_eq!(e.snapshot(), before, "{bad}: engine changed on error");
        }
    }
}
