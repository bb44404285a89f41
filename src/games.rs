//! The per-game record of a match: one row of `games.csv`. The match runner writes it, `umax
//! report` reads it back; this struct is the contract between the two.
//!
//! Columns are named from the point of view of the two builds (`sd_*`, `old_*`), not of the
//! colours, because every question users ask (who scored, who spent more time) is old vs sd.

use serde::{Deserialize, Serialize};

/// One finished game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    /// Game number, 1-based, global over the whole match (shards keep global numbers).
    pub game: u64,
    /// Pair number, 1-based: games `2p-1` and `2p` play the same opening, colours reversed.
    pub pair: u64,
    /// Index of the opening in the openings file (0-based).
    pub opening_id: u64,
    /// The opening: UCI moves from the start position, space-separated, or a FEN.
    pub opening: String,
    /// Build playing white: `old` or `sd`.
    pub white: String,
    /// Build playing black.
    pub black: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The score of the sd build: 1, 0.5 or 0.
    pub sd_score: f64,
    /// How the game ended (`checkmate`, `stalemate`, `threefold`, `fifty_moves`,
    /// `insufficient_material`, `max_plies`, `time_forfeit`, ...; see the README).
    pub termination: String,
    /// Plies played, opening included.
    pub plies: u64,
    /// Nodes of all of sd's thinks in this game.
    pub sd_nodes: u64,
    pub old_nodes: u64,
    /// CPU seconds of all of sd's thinks (the engine thread's own CPU time).
    pub sd_cpu_s: f64,
    pub old_cpu_s: f64,
    /// Wall seconds of all of sd's thinks.
    pub sd_wall_s: f64,
    pub old_wall_s: f64,
    /// Deepest root iteration (ply) sd completed in this game. An iteration that found a mate
    /// (which the C's trace prints as ply 98) counts as one ply deeper than the one before it.
    pub sd_depth: i32,
    pub old_depth: i32,
    /// All moves of the game from the initial position (or from the FEN), opening included,
    /// in UCI notation, space-separated.
    pub moves: String,
    /// The match settings that produced this game, as `key=value;key=value` (budget, max
    /// plies, openings file and its hash, ...). Rows with different settings never merge.
    pub settings: String,
}
