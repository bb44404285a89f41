//! How a game ends: the ways the match runner's referee ends a game, each with its name (the
//! `termination` column of `games.csv`) and its PGN `Termination` tag. The runner decides them
//! (`matchrun::referee`); the summary checks a row's name against them.

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position (side to move, castling and e.p. rights included) a third time.
    Threefold,
    /// 100 plies without a capture or a pawn move.
    FiftyMoves,
    /// Neither side can mate (shakmaty's rule).
    InsufficientMaterial,
    /// The game reached `--max-plies`: adjudicated a draw.
    MaxPlies,
    /// A side's clock went below zero (`--tc`): loss.
    TimeForfeit,
    /// A side's clock went below zero but the opponent cannot mate: draw.
    TimeForfeitInsufficientMaterial,
    /// Faithful 3.2: every move loses at once, the root's best stays `X=Y=0` and the engine
    /// offers a8a8, which its own legality check refuses. A loss (a resignation, in effect).
    NoMove,
    /// Faithful 3.2: the root was answered from the hash without a single iteration, `K`,`L`
    /// kept the last move fed in, and the engine offered that (illegal) move again. A loss.
    HashRoot,
    /// The engine offered a move the referee rejects (other than the two cases above). A loss.
    IllegalMove,
    /// Error: an engine's legality check refused a move the referee accepts (its own move or
    /// the move it was fed). Recorded as a loss of that engine; the match goes on.
    EngineRejectedMove,
    /// Error: an engine panicked. Recorded as a loss of that engine; the match goes on.
    EnginePanic,
    /// An engine of its own process could not be started or did not answer its handshake. A
    /// loss; the next game starts a new process.
    EngineStart,
    /// An engine of its own process exited (or closed its pipe) during the game. A loss; the
    /// next game starts a new process.
    EngineCrash,
    /// An engine of its own process sent no move within its clock and the margin (it hung). A
    /// loss on time (a draw if the opponent cannot mate); the process is killed.
    EngineStall,
    /// An engine of its own process resigned (xboard's `resign`). A loss.
    Resignation,
}

impl Termination {
    pub const ALL: [Termination; 17] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::Threefold,
        Termination::FiftyMoves,
        Termination::InsufficientMaterial,
        Termination::MaxPlies,
        Termination::TimeForfeit,
        Termination::TimeForfeitInsufficientMaterial,
        Termination::NoMove,
        Termination::HashRoot,
        Termination::IllegalMove,
        Termination::EngineRejectedMove,
        Termination::EnginePanic,
        Termination::EngineStart,
        Termination::EngineCrash,
        Termination::EngineStall,
        Termination::Resignation,
    ];

    /// The name in `games.csv` (the `termination` column).
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Threefold => "threefold",
            Termination::FiftyMoves => "fifty_moves",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::MaxPlies => "max_plies",
            Termination::TimeForfeit => "time_forfeit",
            Termination::TimeForfeitInsufficientMaterial => "time_forfeit_insufficient_material",
            Termination::NoMove => "no_move",
            Termination::HashRoot => "hash_root",
            Termination::IllegalMove => "illegal_move",
            Termination::EngineRejectedMove => "engine_rejected_move",
            Termination::EnginePanic => "engine_panic",
            Termination::EngineStart => "engine_start",
            Termination::EngineCrash => "engine_crash",
            Termination::EngineStall => "engine_stall",
            Termination::Resignation => "resignation",
        }
    }

    /// The PGN `Termination` tag (the standard's vocabulary, as cutechess uses it).
    pub fn pgn_category(self) -> &'static str {
        match self {
            Termination::MaxPlies => "adjudication",
            Termination::TimeForfeit
            | Termination::TimeForfeitInsufficientMaterial
            | Termination::EngineStall => "time forfeit",
            Termination::NoMove | Termination::HashRoot | Termination::IllegalMove => {
                "rules infraction"
            }
            Termination::EngineRejectedMove
            | Termination::EnginePanic
            | Termination::EngineStart
            | Termination::EngineCrash => "abandoned",
            _ => "normal",
        }
    }
}

impl std::fmt::Display for Termination {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = Termination::ALL.iter().map(|t| t.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Termination::ALL.len());
    }
}
