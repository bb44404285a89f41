//! Between the engine and its front ends: the one place a list of moves is entered into the
//! engine and the referee in step, as the C's main loop reaches a position (each move a move
//! line: `Engine::enter_move`, the hash cleared, micro-Max's own legality check).
//!
//! Used by `bench` (its positions), `openings` (checking a line) and `judge` (the position of
//! a divergence). Still to come here (issue 13, point 1): uci's replay (which enters moves
//! rebased and falls back to a set-up) and the match's `Side::feed` (guarded against panics,
//! with the test fault), and thinking with a budget (`think(&Limits, observe)`).

use crate::chess::{move_to_0x88, parse_uci};
use crate::engine::Engine;
use shakmaty::{Chess, Position};

/// Why the move at index `ply` (0-based) of a list could not be entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnterError {
    /// Not a legal move in UCI notation where it stands (the referee's message).
    NotLegal(String),
    /// An under-promotion: micro-Max promotes to a queen only, it cannot enter it.
    UnderPromotion,
    /// micro-Max's own legality check refused a move the referee accepts.
    Refused,
}

/// Enters `moves` (UCI text) one by one into `engine` and `board`, from where they stand. On an
/// error, returns the index of the move and why; the moves before it are entered.
pub fn enter_moves<'a>(
    engine: &mut Engine,
    board: &mut Chess,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<(), (usize, &'a str, EnterError)> {
    for (ply, text) in moves.into_iter().enumerate() {
        let mv = parse_uci(board, text).map_err(|e| (ply, text, EnterError::NotLegal(e)))?;
        let (from, to) = move_to_0x88(&mv).ok_or((ply, text, EnterError::UnderPromotion))?;
        if !engine.enter_move(from, to) {
            return Err((ply, text, EnterError::Refused));
        }
        board.play_unchecked(mv);
    }
    Ok(())
}

/// The initial position reached by `moves`, as a fresh C process reaches it (`reset`, then
/// each move line): the referee's position after them.
pub fn reach<'a>(
    engine: &mut Engine,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Chess, (usize, &'a str, EnterError)> {
    engine.reset();
    let mut board = Chess::default();
    enter_moves(engine, &mut board, moves)?;
    Ok(board)
}
