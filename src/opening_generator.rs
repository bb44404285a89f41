//! `umax openings`: the generator of the default opening suite (`openings/default.txt`).
//!
//! Each opening is a line of random legal moves from the start position, drawn with a seeded
//! SplitMix64 generator, and kept only if
//!
//! * every move is legal (shakmaty), no promotion is to anything but a queen, and micro-Max's
//!   own legality check accepts it (`Engine::enter_move` returns true);
//! * the final position is not over (the side to move has a legal move);
//! * its final position was not reached by an earlier kept line (no duplicates, transpositions
//!   included);
//! * a short search of the final position by micro-Max (the `old` build, a fresh engine per
//!   line, `limits.nodes` as given) ends with a last-iteration score within `±max_score`
//!   (micro-Max's pawn is 99), so neither side starts far ahead.
//!
//! The output depends only on the parameters: moves are drawn from the legal moves sorted by
//! their UCI text, and the generator is pinned here. A run with a smaller `count` gives a prefix
//! of a run with a larger one.

use crate::chess::uci;
use crate::driver::{self, EnterError};
use micromax::Limits;
use micromax::Searcher;
use micromax::builds::Build;
use shakmaty::{Chess, EnPassantMode, Position, Role, fen::Epd};
use std::collections::HashSet;

use crate::splitmix::SplitMix64;

/// The generator's parameters (`umax openings --help` describes each).
#[derive(Clone, Debug)]
pub struct OpeningsOptions {
    pub count: usize,
    pub plies: usize,
    pub seed: u64,
    pub nodes: u64,
    pub hash_bits: u32,
    pub max_score: i32,
}

/// Why candidates were dropped, for the generator's closing report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rejections {
    /// micro-Max's legality check refused a move.
    pub refused_by_micro_max: u64,
    /// The line ended the game (or no legal move was left on the way).
    pub game_over: u64,
    /// The final position was reached before.
    pub duplicate: u64,
    /// The search score was beyond `max_score`, or no iteration completed.
    pub unbalanced: u64,
}

impl std::fmt::Display for Rejections {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} refused by micro-Max, {} ending the game, {} duplicates, {} unbalanced",
            self.refused_by_micro_max, self.game_over, self.duplicate, self.unbalanced
        )
    }
}

/// Generates `opts.count` openings, one string of space-separated UCI moves each. `progress`
/// is called after each kept line with the number kept so far. Gives up (an error) after
/// `1000 + 100·count` candidates, e.g. when `plies` is too small to give `count` distinct
/// positions.
pub fn generate(
    opts: &OpeningsOptions,
    mut progress: impl FnMut(usize),
) -> Result<(Vec<String>, Rejections), String> {
    let max_candidates = 1000 + 100 * opts.count as u64;
    let mut candidates = 0u64;
    let mut rng = SplitMix64(opts.seed);
    let mut engine = Build::Old.searcher(opts.hash_bits);
    let mut seen: HashSet<String> = HashSet::new();
    let mut kept = Vec::with_capacity(opts.count);
    let mut rejected = Rejections::default();
    while kept.len() < opts.count {
        candidates += 1;
        if candidates > max_candidates {
            return Err(format!(
                "gave up after {max_candidates} candidates with {} openings kept (dropped: {rejected})",
                kept.len()
            ));
        }
        engine.reset();
        let mut pos = Chess::default();
        let mut line: Vec<String> = Vec::with_capacity(opts.plies);
        let mut refused = false;
        for _ in 0..opts.plies {
            let mut moves: Vec<(String, shakmaty::Move)> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.promotion().is_none_or(|r| r == Role::Queen))
                .map(|m| (uci(&m), m))
                .collect();
            if moves.is_empty() {
                break;
            }
            moves.sort_by(|a, b| a.0.cmp(&b.0));
            let (text, m) = moves.swap_remove(rng.below(moves.len()));
            let accepted = engine.enter_move(&m).is_ok();
            pos.play_unchecked(m);
            line.push(text);
            if !accepted {
                refused = true;
                break;
            }
        }
        if refused {
            rejected.refused_by_micro_max += 1;
            continue;
        }
        if line.len() < opts.plies || pos.legal_moves().is_empty() {
            rejected.game_over += 1;
            continue;
        }
        let epd = Epd::from_position(&pos, EnPassantMode::Legal).to_string();
        if seen.contains(&epd) {
            rejected.duplicate += 1;
            continue;
        }
        let think = engine.think(&Limits::nodes(opts.nodes as i64));
        match think.iterations.last() {
            Some(it) if it.score.abs() <= opts.max_score => {}
            _ => {
                rejected.unbalanced += 1;
                continue;
            }
        }
        seen.insert(epd);
        kept.push(line.join(" "));
        progress(kept.len());
    }
    Ok((kept, rejected))
}

/// Checks one opening line: every move legal (shakmaty), only queen promotions, and accepted
/// by micro-Max's legality check in `engine` (which is reset first). Returns the final
/// position.
pub fn check_line(engine: &mut dyn Searcher, line: &str) -> Result<Chess, String> {
    if line.trim().is_empty() {
        engine.reset();
        return Err("empty line".into());
    }
    driver::reach(engine, line.split(' ')).map_err(|(ply, text, e)| match e {
        EnterError::NotLegal(e) => format!("ply {}: {e}", ply + 1),
        EnterError::UnderPromotion => format!("ply {}: '{text}' is an under-promotion", ply + 1),
        EnterError::Refused => format!("ply {}: micro-Max refuses '{text}'", ply + 1),
    })
}
