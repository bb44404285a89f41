//! Scores: micro-Max scores as UCI scores (`mate ±n` beyond `I/4`, else centipawns), on the real
//! scale when a think ran with its material baseline taken out.

use super::*;

/// A micro-Max score as UCI's `score ...`: `mate ±n` beyond `I/4` (see the module docs), else
/// centipawns with micro-Max's pawn of 99.
pub fn uci_score(m: i32) -> String {
    if m > I / 4 {
        let n = (I / 2 - m).max(1);
        format!("mate {n}")
    } else if m < -I / 4 {
        let n = (I / 2 + m).max(0);
        if n == 0 {
            "mate 0".to_string()
        } else {
            format!("mate -{n}")
        }
    } else {
        let cp = (m as f64 * 100.0 / 99.0).round() as i64;
        format!("cp {cp}")
    }
}

/// [`uci_score`] of a score searched with `base` taken out of `Q` (see
/// [`Searcher::think_playing`]): centipawns are put back on the real scale; mates are mates.
pub fn uci_score_rebased(m: i32, base: i32) -> String {
    if base == 0 || !(-I / 4..=I / 4).contains(&m) {
        uci_score(m)
    } else {
        let cp = ((m + base) as f64 * 100.0 / 99.0).round() as i64;
        format!("cp {cp}")
    }
}
