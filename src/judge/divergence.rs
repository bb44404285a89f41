//! Where the two games of a pair part: the first ply at which their move lists differ.
//!
//! Both games of pair `p` start from the same opening; game `2p-1` has old as White, game `2p`
//! has sd as White. At any ply the side to move is the same colour in both games, and that
//! colour is played by old in one game and by sd in the other. So at the first ply where the
//! move lists differ, both games are in the same position reached by the same moves (the same
//! input history for both processes: at a node budget the hash is cleared at every move line,
//! so nothing else differs) and the two moves are old's choice and sd's choice there.

use crate::games_csv::GameRow;
use shakmaty::{Color, Position};

/// How the two move lists of a pair compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parting {
    /// The same moves: nothing to judge.
    Identical,
    /// One list is a prefix of the other: the shorter game ended there (e.g. a build that
    /// offered no move) while the other went on. No choice between two moves.
    Prefix { common: usize },
    /// The lists differ first at this ply (0-based index into the moves).
    At(usize),
}

/// Compares two move lists.
pub fn parting<S: AsRef<str>>(a: &[S], b: &[S]) -> Parting {
    let common = a
        .iter()
        .zip(b)
        .take_while(|(x, y)| x.as_ref() == y.as_ref())
        .count();
    if common < a.len() && common < b.len() {
        Parting::At(common)
    } else if a.len() == b.len() {
        Parting::Identical
    } else {
        Parting::Prefix { common }
    }
}

/// A position where old and sd chose different moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    pub pair: u64,
    /// Plies before the divergence (opening included).
    pub ply: usize,
    /// The start position: `None` for the initial position, else the opening's FEN.
    pub start_fen: Option<String>,
    /// The moves from the start to the divergence (UCI).
    pub history: Vec<String>,
    pub base_move: String,
    pub test_move: String,
}

/// What the finder made of a games.csv.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Found {
    pub divergences: Vec<Divergence>,
    pub identical_pairs: u64,
    /// Pairs where one game is a prefix of the other.
    pub prefix_pairs: u64,
    /// Pairs with only one game in the file.
    pub incomplete_pairs: u64,
}

/// The start FEN of an `opening` column (`FEN` or `FEN moves ...`), `None` for UCI moves.
pub fn opening_fen(opening: &str) -> Option<String> {
    if opening.split_whitespace().next()?.matches('/').count() < 7 {
        return None;
    }
    Some(match opening.split_once(" moves ") {
        Some((fen, _)) => fen.trim().to_string(),
        None => opening.trim().to_string(),
    })
}

/// Finds the divergence of every pair whose games differ. Rows in any order; each complete
/// pair must be one game with the base build as White and one with the test build as White,
/// from the same opening.
pub fn find(rows: &[GameRow], builds: crate::pairing::Pairing) -> Result<Found, String> {
    let (base, test) = builds.names();
    let mut by_pair: std::collections::BTreeMap<u64, Vec<&GameRow>> = Default::default();
    for r in rows {
        by_pair.entry(r.pair).or_default().push(r);
    }
    let mut found = Found::default();
    for (pair, games) in by_pair {
        let [a, b] = games[..] else {
            if games.len() == 1 {
                found.incomplete_pairs += 1;
                continue;
            }
            return Err(format!("pair {pair} has {} games", games.len()));
        };
        let (old_white, sd_white) = if (a.white.as_str(), b.white.as_str()) == (&base, &test) {
            (a, b)
        } else if (a.white.as_str(), b.white.as_str()) == (&test, &base) {
            (b, a)
        } else {
            return Err(format!(
                "pair {pair}: games {} and {} do not have {base} and {test} as White once each",
                a.game, b.game
            ));
        };
        if old_white.opening != sd_white.opening {
            return Err(format!(
                "pair {pair}: the two games have different openings"
            ));
        }
        let ow: Vec<&str> = old_white.moves.split_whitespace().collect();
        let sw: Vec<&str> = sd_white.moves.split_whitespace().collect();
        let ply = match parting(&ow, &sw) {
            Parting::Identical => {
                found.identical_pairs += 1;
                continue;
            }
            Parting::Prefix { .. } => {
                found.prefix_pairs += 1;
                continue;
            }
            Parting::At(ply) => ply,
        };
        let start_fen = opening_fen(&old_white.opening);
        let mut pos = match &start_fen {
            Some(fen) => micromax::fen::parse_fen(fen)
                .map_err(|e| format!("pair {pair}: opening FEN '{fen}': {e}"))?,
            None => shakmaty::Chess::default(),
        };
        for m in &ow[..ply] {
            let mv = crate::chess::parse_uci(&pos, m)
                .map_err(|e| format!("pair {pair} (game {}): {e}", old_white.game))?;
            pos.play_unchecked(mv);
        }
        // White to move: old moves in the game where old is White.
        let (base_move, test_move) = match pos.turn() {
            Color::White => (ow[ply], sw[ply]),
            Color::Black => (sw[ply], ow[ply]),
        };
        found.divergences.push(Divergence {
            pair,
            ply,
            start_fen,
            history: ow[..ply].iter().map(|s| s.to_string()).collect(),
            base_move: base_move.to_string(),
            test_move: test_move.to_string(),
        });
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(game: u64, white: &str, moves: &str) -> GameRow {
        GameRow {
            game,
            pair: game.div_ceil(2),
            opening: "e2e4 e7e5".into(),
            white: white.into(),
            black: if white == "old" { "sd" } else { "old" }.into(),
            moves: moves.into(),
            ..GameRow::default()
        }
    }

    #[test]
    fn parting_of_move_lists() {
        let a = ["e2e4", "e7e5", "g1f3"];
        assert_eq!(parting(&a, &a), Parting::Identical);
        assert_eq!(parting(&a, &["d2d4", "e7e5", "g1f3"]), Parting::At(0));
        assert_eq!(parting(&a, &["e2e4", "e7e5", "f1c4"]), Parting::At(2));
        assert_eq!(parting(&a, &a[..2]), Parting::Prefix { common: 2 });
        assert_eq!(parting(&a[..1], &a), Parting::Prefix { common: 1 });
        let empty: [&str; 0] = [];
        assert_eq!(parting(&empty, &empty), Parting::Identical);
    }

    #[test]
    fn identical_prefix_and_incomplete_pairs_are_counted_not_judged() {
        let rows = [
            row(1, "old", "e2e4 e7e5 g1f3 b8c6"),
            row(2, "sd", "e2e4 e7e5 g1f3 b8c6"),
            row(3, "old", "e2e4 e7e5 g1f3"),
            row(4, "sd", "e2e4 e7e5 g1f3 b8c6"),
            row(5, "old", "e2e4 e7e5"),
        ];
        let f = find(&rows, crate::pairing::Pairing::default()).unwrap();
        assert_eq!(f.divergences, vec![]);
        assert_eq!(
            (f.identical_pairs, f.prefix_pairs, f.incomplete_pairs),
            (1, 1, 1)
        );
    }

    #[test]
    fn the_movers_are_old_and_sd_whatever_the_colour() {
        // ply 2 (White to move): old's move is in the game where old is White
        let rows = [
            row(2, "sd", "e2e4 e7e5 f1c4 b8c6"),
            row(1, "old", "e2e4 e7e5 g1f3 b8c6"),
        ];
        let d = &find(&rows, crate::pairing::Pairing::default())
            .unwrap()
            .divergences[0];
        assert_eq!((d.pair, d.ply), (1, 2));
        assert_eq!(
            (d.base_move.as_str(), d.test_move.as_str()),
            ("g1f3", "f1c4")
        );
        assert_eq!(d.history, ["e2e4", "e7e5"]);
        // ply 3 (Black to move): old's move is in the game where sd is White
        let rows = [
            row(1, "old", "e2e4 e7e5 g1f3 b8c6"),
            row(2, "sd", "e2e4 e7e5 g1f3 g8f6 b1c3"),
        ];
        let d = &find(&rows, crate::pairing::Pairing::default())
            .unwrap()
            .divergences[0];
        assert_eq!(d.ply, 3);
        assert_eq!(
            (d.base_move.as_str(), d.test_move.as_str()),
            ("g8f6", "b8c6")
        );
    }

    #[test]
    fn differing_at_the_first_and_at_the_last_ply() {
        let mut first = [row(1, "old", "d2d4 e7e5"), row(2, "sd", "e2e4 e7e5")];
        first[0].opening = String::new();
        first[1].opening = String::new();
        let d = &find(&first, crate::pairing::Pairing::default())
            .unwrap()
            .divergences[0];
        assert_eq!(
            (d.ply, d.base_move.as_str(), d.test_move.as_str()),
            (0, "d2d4", "e2e4")
        );
        assert!(d.history.is_empty());
        let last = [
            row(1, "old", "e2e4 e7e5 g1f3 b8c6"),
            row(2, "sd", "e2e4 e7e5 g1f3 g8f6"),
        ];
        let d = &find(&last, crate::pairing::Pairing::default())
            .unwrap()
            .divergences[0];
        assert_eq!(
            (d.ply, d.base_move.as_str(), d.test_move.as_str()),
            (3, "g8f6", "b8c6")
        );
    }

    #[test]
    fn one_game_longer_after_parting_still_diverges() {
        let rows = [
            row(1, "old", "e2e4 e7e5 g1f3"),
            row(2, "sd", "e2e4 e7e5 f1c4 g8f6 d2d3 f8c5"),
        ];
        let d = &find(&rows, crate::pairing::Pairing::default())
            .unwrap()
            .divergences[0];
        assert_eq!(
            (d.ply, d.base_move.as_str(), d.test_move.as_str()),
            (2, "g1f3", "f1c4")
        );
    }

    #[test]
    fn fen_openings() {
        assert_eq!(opening_fen("e2e4 e7e5"), None);
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(opening_fen(fen).as_deref(), Some(fen));
        assert_eq!(
            opening_fen(&format!("{fen} moves e7e5")).as_deref(),
            Some(fen)
        );
    }

    #[test]
    fn malformed_pairs_are_errors() {
        let rows = [row(1, "old", "e2e4"), row(2, "old", "d2d4")];
        assert!(
            find(&rows, crate::pairing::Pairing::default())
                .unwrap_err()
                .contains("pair 1")
        );
    }
}
