//! Positions: a `position` command set up on the referee and replayed into the engine.

use super::*;

/// A position as the GUI gave it: where it starts and the moves from there.
#[derive(Clone, Debug, Default)]
pub struct GamePosition {
    /// `None`: the initial position (reached with `Engine::reset`, as a fresh C process).
    pub fen: Option<Chess>,
    pub moves: Vec<Move>,
    /// The position after all the moves (the referee's).
    pub current: Chess,
}

/// Sets up a `position` command against the referee, or says why it is refused (a bad FEN,
/// or a move that is not legal where it stands).
pub fn setup_position(start: &Start, moves: &[String]) -> Result<GamePosition, String> {
    let mut gp = GamePosition::default();
    if let Start::Fen(fen) = start {
        let pos = parse_fen(fen).map_err(|e| format!("position fen: {e}"))?;
        gp.fen = Some(pos.clone());
        gp.current = pos;
    }
    for (n, text) in moves.iter().enumerate() {
        let m = crate::chess::parse_uci_promoting(&gp.current, text)
            .map_err(|e| format!("position: move {} {e}", n + 1))?;
        gp.current.play_unchecked(m);
        gp.moves.push(m);
    }
    Ok(gp)
}

/// What `go` answers while there is no valid position.
pub(super) const NO_POSITION: &str =
    "no valid position (the last position command was refused): not searching";

/// True if the engine's board holds the referee's pieces (virgin bits aside) and side to move.
pub fn engine_matches(engine: &Engine, pos: &Chess) -> bool {
    let side = if pos.turn() == Color::White { 8 } else { 16 };
    if engine.k != side {
        return false;
    }
    for sq in shakmaty::Square::ALL {
        let want = pos.board().piece_at(sq).map_or(0, piece_code);
        if engine.b[crate::chess::to_0x88(sq) as usize] & 31 != want {
            return false;
        }
    }
    true
}

/// True if micro-Max 3.2 cannot search or check a move in this state: with the material score
/// beyond `±I/4` its first iteration (`m=e=Q`) is taken for a mate (`d=99`) and the iteration
/// that tries moves never runs, so it refuses every move and thinks up none.
pub fn material_beyond_quarter(engine: &Engine) -> bool {
    !(-I / 4..=I / 4).contains(&engine.Q)
}

/// `enter_move`, except that when [`material_beyond_quarter`] it enters the move with the
/// material baseline taken out of `Q` (set to 0, then put back into the new `Q`). A search is
/// the same under such a shift except where scores meet the C's constants (`±I`, `I/4`), which
/// is exactly the trap avoided here. Elsewhere it is `enter_move` itself.
pub fn enter_move_rebased(engine: &mut Engine, from: i8, to: i8) -> bool {
    if !material_beyond_quarter(engine) {
        return engine.enter_move(from, to);
    }
    let q = engine.Q;
    engine.Q = 0;
    let played = engine.enter_move(from, to);
    // after a move the C sets Q=-e-i; with e=0 that is -i, so the real one is -q-i
    engine.Q = if played { engine.Q - q } else { q };
    played
}

/// Puts the engine in `gp` the way the C's main loop gets there: from the initial position
/// (`reset`) or the FEN, each move entered with `enter_move`. A move micro-Max cannot play is
/// set up from the referee's position after it instead; the returned notes say which.
pub fn replay(engine: &mut Engine, gp: &GamePosition) -> Vec<String> {
    let mut notes = Vec::new();
    let mut pos = match &gp.fen {
        None => {
            engine.reset();
            Chess::default()
        }
        Some(p) => {
            engine.set_position(p);
            p.clone()
        }
    };
    for (n, m) in gp.moves.iter().enumerate() {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        let played = match move_to_0x88(m) {
            Some((from, to)) => {
                enter_move_rebased(engine, from, to) && engine_matches(engine, &after)
            }
            None => false,
        };
        if !played {
            notes.push(format!(
                "micro-Max cannot play move {} ({}) as given; set up the position after it instead",
                n + 1,
                uci_name(m)
            ));
            engine.set_position(&after);
        }
        pos = after;
    }
    notes
}
