//! Between the engine and its front ends: the one place a position is reached and a list of
//! moves is entered into the engine and the referee in step, as the C's main loop does (each
//! move a move line: `Engine::enter_move`, the hash cleared, micro-Max's own legality check).
//! The think itself is [`Engine::think`] with its budget as a parameter
//! ([`Limits`](micromax::Limits)).
//!
//! | front end | uses |
//! |-----------|------|
//! | `bench`, `openings`, `judge` | [`reach`], [`start`] + [`enter_moves`] |
//! | `matchrun/play_game.rs` (`Side::start`/`feed`) | [`start`], [`enter`] (each behind its panic guard) |
//! | `uci` (`position`, a second think) | [`replay`]: moves rebased, a set-up where micro-Max cannot follow |

use crate::chess::{move_to_0x88, parse_uci, to_0x88};
use micromax::fen::piece_code;
use micromax::mm32::I;
use micromax::seam::Searcher;
use shakmaty::{Chess, Color, Move, Position, Square};

/// Why a move could not be entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnterError {
    /// Not a legal move in UCI notation where it stands (the referee's message).
    NotLegal(String),
    /// An under-promotion: micro-Max promotes to a queen only, it cannot enter it.
    UnderPromotion,
    /// micro-Max's own legality check refused a move the referee accepts.
    Refused,
}

impl std::fmt::Display for EnterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EnterError::NotLegal(e) => write!(f, "{e}"),
            EnterError::UnderPromotion => {
                write!(f, "an under-promotion (micro-Max promotes to a queen only)")
            }
            EnterError::Refused => write!(f, "micro-Max's own legality check refuses it"),
        }
    }
}

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
    let (from, to) = move_to_0x88(mv).ok_or(EnterError::UnderPromotion)?;
    if engine.enter_move(from, to) {
        Ok(())
    } else {
        Err(EnterError::Refused)
    }
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

/// True if micro-Max 3.2 cannot search or check a move in this state: with the material score
/// beyond `±I/4` its first iteration (`m=e=Q`) is taken for a mate (`d=99`) and the iteration
/// that tries moves never runs, so it refuses every move and thinks up none.
pub fn material_beyond_quarter(engine: &dyn Searcher) -> bool {
    !(-I / 4..=I / 4).contains(&engine.material())
}

/// `enter_move`, except that when [`material_beyond_quarter`] it enters the move with the
/// material baseline taken out of `Q` ([`Engine::with_material_rebased`]). A search is the same
/// under such a shift except where scores meet the C's constants (`±I`, `I/4`), which is
/// exactly the trap avoided here. Elsewhere it is `enter_move` itself.
pub fn enter_move_rebased(engine: &mut dyn Searcher, from: i8, to: i8) -> bool {
    let mut played = false;
    engine.with_material_rebased(&mut |e| {
        played = e.enter_move(from, to);
        played
    });
    played
}

/// True if the engine's board holds the referee's pieces (virgin bits aside) and side to move.
pub fn engine_matches(engine: &dyn Searcher, pos: &Chess) -> bool {
    let side = if pos.turn() == Color::White { 8 } else { 16 };
    engine.side() == side
        && Square::ALL.into_iter().all(|sq| {
            let want = pos.board().piece_at(sq).map_or(0, piece_code);
            engine.piece_at(to_0x88(sq)) & 31 == want as i32
        })
}

/// Puts the engine in the position `moves` reach from `setup` (see [`start`]) the way
/// `umax uci` does: each move entered as a move line, rebased ([`enter_move_rebased`]); a move
/// micro-Max cannot play, or after which its board is not the referee's, is set up from the
/// referee's position after it instead. Returns the indices of those moves, or why the engine
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
        let played = match move_to_0x88(m) {
            Some((from, to)) => {
                enter_move_rebased(engine, from, to) && engine_matches(engine, &after)
            }
            None => false,
        };
        if !played {
            set_up.push(n);
            engine
                .set_position(&after)
                .map_err(|e| format!("after {}: {e}", crate::chess::uci(m)))?;
        }
        pos = after;
    }
    Ok(set_up)
}
