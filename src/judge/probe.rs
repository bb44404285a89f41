//! The one place where `umax judge` touches the engine: reach a position and think once.
//!
//! A position given by moves from the initial position is reached as the C main loop reaches
//! it (as `umax bench` and the match runner do): a fresh game, then each move entered as a move
//! line (`Engine::enter_move`: hash cleared, legality check), then one think. A position given
//! by a FEN is set up with `Engine::set_fen` (no C counterpart) and its moves entered the same
//! way.

use crate::budget::Budget;
use crate::chess::{legal_offer, uci};
use crate::driver::EnterError;
use crate::pairing::Player;
use micromax::seam::Searcher;
use micromax::thread_cpu_seconds;

/// A think's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The move in UCI notation, `None` if the engine offered no legal move (3.2's `a8a8`, or a
    /// root answered from the hash).
    pub mv: Option<String>,
    pub nodes: u64,
    pub cpu_s: f64,
}

/// Puts `engine` in the position (`fen`, or the initial position, then `moves`) and thinks.
pub fn think_at(
    engine: &mut dyn Searcher,
    fen: Option<&str>,
    moves: &[String],
    budget: &Budget,
) -> Result<Thought, String> {
    let setup = fen
        .map(|f| micromax::fen::parse_fen(f).map_err(|e| format!("cannot set up '{f}': {e}")))
        .transpose()?;
    let mut board = crate::driver::start(engine, setup.as_ref())?;
    crate::driver::enter_moves(engine, &mut board, moves.iter().map(String::as_str)).map_err(
        |(_, m, e)| match e {
            EnterError::NotLegal(e) => e,
            EnterError::UnderPromotion => format!("{m}: an under-promotion micro-Max cannot enter"),
            EnterError::Refused => format!("micro-Max refuses the move {m}"),
        },
    )?;
    // an engine of its own process: its failure before the think, and its process's CPU time
    if let Some(f) = engine.failure() {
        return Err(f.detail);
    }
    let process0 = engine.process_cpu_seconds();
    let cpu0 = thread_cpu_seconds();
    let limits = budget.first_think();
    let build = engine.name().to_string();
    let think = micromax::Stuck::annotate(
        || {
            format!(
                "{build} at {} (moves: {})",
                fen.unwrap_or("the initial position"),
                if moves.is_empty() {
                    "none".to_string()
                } else {
                    moves.join(" ")
                }
            )
        },
        || engine.think(&limits),
    );
    let cpu_s = match (process0, engine.process_cpu_seconds()) {
        (Some(a), Some(b)) => (b - a).max(0.0),
        _ => thread_cpu_seconds() - cpu0,
    };
    if let Some(f) = engine.failure() {
        return Err(f.detail);
    }
    Ok(Thought {
        mv: legal_offer(&board, &think.offer).map(|m| uci(&m)),
        nodes: think.searched,
        cpu_s,
    })
}

/// A fresh engine of `player` (a build with a table of 2^`hash_bits` entries, or an engine of
/// its own process), behind the seam.
pub fn new_engine(player: &Player, hash_bits: u32) -> Box<dyn Searcher> {
    crate::external::searcher(player, &micromax::seam::Options::hash_bits(hash_bits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinks_as_the_match_does() {
        // the same position and budget: the same move and node count
        let mut e = new_engine(&Player::Build(micromax::builds::Build::Old), 16);
        let moves: Vec<String> = ["e2e4", "e7e5"].iter().map(|s| s.to_string()).collect();
        let a = think_at(e.as_mut(), None, &moves, &Budget::Nodes(20_000)).unwrap();
        let b = think_at(e.as_mut(), None, &moves, &Budget::Nodes(20_000)).unwrap();
        assert_eq!(a.mv, b.mv);
        assert_eq!(a.nodes, b.nodes);
        assert!(a.mv.is_some());
        // a side's first think on a node clock of 600,000: the root rule at 20,000
        let c = think_at(
            e.as_mut(),
            None,
            &moves,
            &Budget::NodeClock(crate::nodeclock::NodeClock::new(600_000)),
        )
        .unwrap();
        assert_eq!((c.mv, c.nodes), (a.mv.clone(), a.nodes));
        let err =
            think_at(e.as_mut(), None, &["e2e5".to_string()], &Budget::Nodes(10)).unwrap_err();
        assert!(err.contains("e2e5"), "{err}");
    }
}
