//! Between the engine and its front ends: the one place a position is reached and a list of
//! moves is entered into the engine and the referee in step, as the C's main loop does (each
//! move a move line: [`Searcher::enter_move`](micromax::seam::Searcher::enter_move), which for
//! micro-Max clears the hash and runs its own legality check). The think itself is
//! [`Searcher::think`](micromax::seam::Searcher::think) with its budget as a parameter
//! ([`Limits`](micromax::Limits)).
//!
//! | front end | uses |
//! |-----------|------|
//! | `bench`, `openings`, `judge` | [`reach`], [`start`] + [`enter_moves`] |
//! | `matchrun/play_game.rs` (`Side::start`/`feed`) | [`start`], [`enter`] (each behind its panic guard) |
//! | `uci` (`position`, a second think) | [`replay`]: moves followed, a set-up where the engine cannot follow |

use crate::chess::parse_uci;
use micromax::seam::Searcher;
use shakmaty::{Chess, Move, Position};

pub use micromax::seam::EnterError;

/// Where a game or a position starts: with `None` the initial position, as a freshly started
/// C process has it (`reset`); else a set-up of the position (no C counterpart, see `fen.rs`).
/// Returns the referee's position, or why the engine cannot set it up.
pub fn start(engine: &mut dyn Searcher, setup: Option<&Chess>) -> Result<Chess, String> {
    match setup {
        None => {
            engine.reset();
            Ok(Chess::default())
        }
        Some(pos) => {
            engine.set_position(pos)?;
            Ok(pos.clone())
        }
    }
}

/// A move line: enters `mv`, a move the referee accepts where the engine stands.
pub fn enter(engine: &mut dyn Searcher, mv: &Move) -> Result<(), EnterError> {
    engine.enter_move(mv)
}

/// Enters `moves` (UCI text) one by one into `engine` and `board`, from where they stand. On an
/// error, returns the index of the move and why; the moves before it are entered.
pub fn enter_moves<'a>(
    engine: &mut dyn Searcher,
    board: &mut Chess,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<(), (usize, &'a str, EnterError)> {
    for (ply, text) in moves.into_iter().enumerate() {
        let mv = parse_uci(board, text).map_err(|e| (ply, text, EnterError::NotLegal(e)))?;
        enter(engine, &mv).map_err(|e| (ply, text, e))?;
        board.play_unchecked(mv);
    }
    Ok(())
}

/// The initial position reached by `moves`, as a fresh C process reaches it (`reset`, then
/// each move line): the referee's position after them.
pub fn reach<'a>(
    engine: &mut dyn Searcher,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Chess, (usize, &'a str, EnterError)> {
    let mut board = start(engine, None).expect("every engine starts from the initial position");
    enter_moves(engine, &mut board, moves)?;
    Ok(board)
}

/// Puts the engine in the position `moves` reach from `setup` (see [`start`]) the way
/// `umax uci` does: each move followed ([`Searcher::follow`]: a move line, the engine's quirks
/// stepped around by its adapter); a move the engine cannot follow, or after which its board is
/// not the referee's, is set up from the referee's position after it instead. Returns the indices of those moves, or why the engine
/// cannot be put there (an engine without set-ups, a move it cannot follow).
pub fn replay(
    engine: &mut dyn Searcher,
    setup: Option<&Chess>,
    moves: &[Move],
) -> Result<Vec<usize>, String> {
    let mut set_up = Vec::new();
    let mut pos = start(engine, setup)?;
    for (n, m) in moves.iter().enumerate() {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        if !engine.follow(m, &after) {
            set_up.push(n);
            engine
                .set_position(&after)
                .map_err(|e| format!("after {}: {e}", crate::chess::uci(m)))?;
        }
        pos = after;
    }
    Ok(set_up)
}
