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

/// Puts the engine in `gp` the way the C's main loop gets there: from the initial position
/// (`reset`) or the FEN, each move entered with `enter_move` ([`crate::driver::replay`]). A
/// move micro-Max cannot play is set up from the referee's position after it instead; the
/// returned notes say which.
/// An error: the engine cannot be put there (an engine without set-ups).
pub fn replay(engine: &mut dyn Searcher, gp: &GamePosition) -> Result<Vec<String>, String> {
    Ok(crate::driver::replay(engine, gp.fen.as_ref(), &gp.moves)?
        .into_iter()
        .map(|n| {
            format!(
                "micro-Max cannot play move {} ({}) as given; set up the position after it instead",
                n + 1,
                uci_name(&gp.moves[n])
            )
        })
        .collect())
}
