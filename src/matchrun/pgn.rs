//! `games.pgn`: export-format PGN of every game (SAN from shakmaty), and the resume filter.

use super::referee::PlayedMove;
use crate::formats::{GameOutput, GameRecord, Output};
use shakmaty::{Chess, Color, Position};
use std::collections::HashSet;
use std::error::Error;
use std::io::Write;

/// Escapes a tag value (`\` and `"`).
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One game in PGN: the tags in the given order, the moves with their comments, a final
/// comment, the result; movetext wrapped below 80 columns. Ends with an empty line.
pub fn game_text(
    tags: &[(&str, String)],
    start: &Chess,
    moves: &[PlayedMove],
    result: &str,
    final_comment: &str,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut number = start.fullmoves().get();
    let mut turn = start.turn();
    let mut need_number = true;
    for m in moves {
        if turn == Color::White {
            tokens.push(format!("{number}."));
        } else if need_number {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.san.clone());
        need_number = false;
        if !m.comment.is_empty() {
            tokens.push(format!("{{{}}}", m.comment.replace('}', ")")));
            need_number = true;
        }
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    tokens.push(format!("{{{}}}", final_comment.replace('}', ")")));
    tokens.push(result.to_string());

    let mut line = String::new();
    for word in tokens.iter().flat_map(|t| t.split_whitespace()) {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// Build `test`'s share of the time over its opponent's on the node clock, from a games.pgn:
/// Σ test's charged nodes / Σ the opponent's − 1, a think's charge `round(N·F)` from its
/// comment (`…s Nn … xF`, `F` the wavering's factor as printed, 1 when absent). `Err` when the
/// file cannot be read or holds no think of either side.
pub fn charged_time_share(path: &std::path::Path, test: &str) -> Result<f64, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut charged = [0f64; 2]; // test, opponent
    for game in text.split("[Event ").skip(1) {
        let tag = |name: &str| {
            game.lines()
                .find_map(|l| l.strip_prefix(&format!("[{name} \"")))
                .and_then(|rest| rest.split('"').next())
                .unwrap_or("")
                .to_string()
        };
        let test_is_white = tag("White") == test;
        let movetext: String = game
            .lines()
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join(" ");
        let mut white_to_move = true;
        let mut mover: Option<bool> = None; // the side of the last move: true = white
        let mut rest = movetext.as_str();
        while let Some(c) = rest.chars().next() {
            if c.is_whitespace() {
                rest = &rest[c.len_utf8()..];
            } else if c == '{' {
                let end = rest.find('}').unwrap_or(rest.len());
                let comment = &rest[1..end];
                rest = &rest[(end + 1).min(rest.len())..];
                let Some(white) = mover else { continue };
                let mut nodes = None;
                let mut factor = 1.0;
                for w in comment.split_whitespace() {
                    if let Some(n) = w.strip_suffix('n').and_then(|n| n.parse::<u64>().ok()) {
                        nodes = Some(n);
                    } else if let Some(f) = w.strip_prefix('x').and_then(|f| f.parse::<f64>().ok())
                    {
                        factor = f;
                    }
                }
                if let Some(n) = nodes {
                    charged[usize::from(white != test_is_white)] += (n as f64 * factor).round();
                }
            } else {
                let end = rest
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(rest.len());
                let word = &rest[..end];
                rest = &rest[end..];
                if let Some(number) = word.strip_suffix("...") {
                    if number.chars().all(|c| c.is_ascii_digit()) {
                        white_to_move = false;
                        continue;
                    }
                }
                if let Some(number) = word.strip_suffix('.') {
                    if number.chars().all(|c| c.is_ascii_digit()) {
                        white_to_move = true;
                        continue;
                    }
                }
                if ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
                    mover = None;
                    continue;
                }
                mover = Some(white_to_move);
                white_to_move = !white_to_move;
            }
        }
    }
    if charged[0] > 0.0 && charged[1] > 0.0 {
        Ok(charged[0] / charged[1] - 1.0)
    } else {
        Err(format!("{}: no think of both sides", path.display()))
    }
}

/// The `Round` tag of one game's text (the game number).
fn round_of(game: &str) -> Option<u64> {
    game.lines()
        .find_map(|l| l.strip_prefix("[Round \""))
        .and_then(|rest| rest.split('"').next())
        .and_then(|n| n.parse().ok())
}

/// Keeps the complete games of `text` whose game number `keep` accepts, each once, in order.
/// Used on `--resume`: games.csv is the record; a game in the PGN but not in the CSV (killed
/// between the two writes, or cut off) is dropped and played again.
pub fn filter_games(text: &str, keep: impl Fn(u64) -> bool) -> String {
    let mut chunks: Vec<String> = Vec::new();
    for line in text.split_inclusive('\n') {
        if line.starts_with("[Event ") || chunks.is_empty() {
            chunks.push(String::new());
        }
        chunks.last_mut().unwrap().push_str(line);
    }
    let mut seen = HashSet::new();
    let mut out = String::new();
    for chunk in chunks {
        let complete = chunk.ends_with("\n\n") && {
            let last = chunk.trim_end();
            ["1-0", "0-1", "1/2-1/2", "*"]
                .iter()
                .any(|r| last.ends_with(&format!(" {r}")) || last.ends_with(&format!("\n{r}")))
        };
        if let Some(round) = round_of(&chunk)
            && complete
            && keep(round)
            && seen.insert(round)
        {
            out.push_str(&chunk);
        }
    }
    out
}

/// The PGN file of a match directory.
pub const GAMES_PGN: &str = "games.pgn";

/// `games.pgn` as a per-game [`GameOutput`]: each game's text, made by [`game_text`] where the
/// game is played (`play_game::play_game`, which has the referee's moves), appended as it ends;
/// on `--resume`, [`filter_games`].
pub struct Pgn;

impl Output<GameRecord> for Pgn {
    fn name(&self) -> &str {
        GAMES_PGN
    }

    fn write(&self, record: &GameRecord, w: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        Ok(w.write_all(record.pgn.as_bytes())?)
    }
}

impl GameOutput for Pgn {
    fn keep(&self, existing: &str, keep: &dyn Fn(u64) -> bool) -> String {
        filter_games(existing, keep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_uci;
    use crate::matchrun::referee::Referee;

    fn game(round: u64) -> String {
        let mut r = Referee::new(Chess::default(), 400);
        for (i, t) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
            let m = parse_uci(r.position(), t).unwrap();
            r.play(m, if i == 1 { "book".into() } else { String::new() });
        }
        let tags = vec![
            ("Event", "t".to_string()),
            ("Round", round.to_string()),
            ("Result", "1/2-1/2".to_string()),
        ];
        game_text(&tags, r.start(), r.moves(), "1/2-1/2", "max_plies: x")
    }

    #[test]
    fn movetext_numbers_after_comments() {
        let g = game(3);
        assert!(
            g.contains("1. e4 e5 {book} 2. Nf3 {max_plies: x} 1/2-1/2\n\n"),
            "{g}"
        );
    }

    #[test]
    fn filter_keeps_complete_wanted_games_once() {
        let text = format!("{}{}{}{}", game(1), game(2), game(1), &game(3)[..40]);
        let kept = filter_games(&text, |r| r != 2);
        assert_eq!(kept, game(1));
    }
}
