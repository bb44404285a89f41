//! micro-Max 3.2 set up from a FEN (no C counterpart): what each piece of the engine's state
//! becomes is defined in `crate::fen`'s documentation.

use super::Engine;
use crate::fen::{
    FenError, is_initial_position, material_score, on_initial_square, parse_fen, piece_code,
};
use crate::x88::to_0x88;
use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Position, Square};

impl Engine {
    /// Sets the engine up from a FEN (see the module documentation for what each part of the
    /// state becomes). On error the engine is left unchanged.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), FenError> {
        let pos = parse_fen(fen)?;
        self.set_position(&pos);
        Ok(())
    }

    /// Sets the engine up from a (valid) shakmaty position, as [`Engine::set_fen`] does; the
    /// e.p. square is the one the position keeps whenever a pawn has just double-stepped
    /// (`EnPassantMode::Always`), as the C's `O`.
    pub fn set_position(&mut self, pos: &Chess) {
        let castling_rooks: Vec<Square> = Color::ALL
            .into_iter()
            .flat_map(|colour| {
                [CastlingSide::KingSide, CastlingSide::QueenSide]
                    .map(|side| pos.castles().rook(colour, side))
            })
            .flatten() // parse_fen's standard mode guarantees each rook is in its corner
            .collect();
        let pieces = pos.board().clone().into_iter().map(|(sq, piece)| {
            let mut code = piece_code(piece);
            if on_initial_square(piece, sq) || castling_rooks.contains(&sq) {
                code |= 32;
            }
            (to_0x88(sq), code)
        });
        let k = match pos.turn() {
            Color::White => 8,
            Color::Black => 16,
        };
        let ep = match pos.ep_square(EnPassantMode::Always) {
            Some(sq) => to_0x88(sq),
            None if is_initial_position(pos) => 0, // a fresh C process
            None => i8::MIN, // (char)128: the C's O=F after a move that sets no square
        };
        self.set_up(pieces, k, material_score(pos), ep);
    }
}
