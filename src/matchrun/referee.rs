//! The referee: shakmaty holds the real game and decides when and how it ends. Each way a game
//! can end has a name ([`Termination::name`], in `crate::termination`), written to `games.csv`
//! and the PGN.

use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};
use std::collections::HashMap;

// the runner's game loop names the ways a game ends through the referee
pub use crate::termination::Termination;

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// A win for `winner`.
    pub fn win(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The score (1, 0.5, 0) of the side playing `color`.
    pub fn score_of(self, color: Color) -> f64 {
        match (self, color) {
            (GameResult::Draw, _) => 0.5,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 1.0,
            _ => 0.0,
        }
    }
}

/// How and why a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    pub result: GameResult,
    pub termination: Termination,
    /// One sentence for the PGN comment, e.g. `White mates`.
    pub detail: String,
}

impl GameEnd {
    pub fn loss(loser: Color, termination: Termination, detail: String) -> GameEnd {
        GameEnd {
            result: GameResult::win(!loser),
            termination,
            detail,
        }
    }

    pub fn draw(termination: Termination, detail: String) -> GameEnd {
        GameEnd {
            result: GameResult::Draw,
            termination,
            detail,
        }
    }
}

/// A move as played, with what the PGN shows of it.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    pub mv: Move,
    /// SAN with check/mate suffix, in the position before the move.
    pub san: String,
    /// The PGN comment after the move (`book`, or what the engine's think reported).
    pub comment: String,
}

/// The real game.
pub struct Referee {
    start: Chess,
    pos: Chess,
    moves: Vec<PlayedMove>,
    /// How often each position occurred (Zobrist key including castling and legal e.p.).
    seen: HashMap<u64, u32>,
    max_plies: u32,
}

impl Referee {
    pub fn new(start: Chess, max_plies: u32) -> Referee {
        let mut seen = HashMap::new();
        seen.insert(key(&start), 1);
        Referee {
            pos: start.clone(),
            start,
            moves: Vec::new(),
            seen,
            max_plies,
        }
    }

    pub fn position(&self) -> &Chess {
        &self.pos
    }

    pub fn start(&self) -> &Chess {
        &self.start
    }

    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    pub fn plies(&self) -> u32 {
        self.moves.len() as u32
    }

    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// The legal move micro-Max's from/to pair stands for (queen promotion), if any.
    pub fn legal(&self, offer: &shakmaty::uci::UciMove) -> Option<Move> {
        crate::chess::legal_offer(&self.pos, offer)
    }

    /// Plays a legal move and says whether the game is over after it.
    pub fn play(&mut self, mv: Move, comment: String) -> Option<GameEnd> {
        let mover = self.pos.turn();
        let san = SanPlus::from_move_and_play_unchecked(&mut self.pos, mv).to_string();
        self.moves.push(PlayedMove { mv, san, comment });
        let count = self.seen.entry(key(&self.pos)).or_insert(0);
        *count += 1;
        let repetitions = *count;
        let side = |c: Color| if c == Color::White { "White" } else { "Black" };
        if self.pos.is_checkmate() {
            return Some(GameEnd::loss(
                !mover,
                Termination::Checkmate,
                format!("{} mates", side(mover)),
            ));
        }
        if self.pos.is_stalemate() {
            return Some(GameEnd::draw(
                Termination::Stalemate,
                "Draw by stalemate".into(),
            ));
        }
        if self.pos.is_insufficient_material() {
            return Some(GameEnd::draw(
                Termination::InsufficientMaterial,
                "Draw by insufficient mating material".into(),
            ));
        }
        if repetitions >= 3 {
            return Some(GameEnd::draw(
                Termination::Threefold,
                "Draw by 3-fold repetition".into(),
            ));
        }
        if self.pos.halfmoves() >= 100 {
            return Some(GameEnd::draw(
                Termination::FiftyMoves,
                "Draw by fifty moves rule".into(),
            ));
        }
        if self.plies() >= self.max_plies {
            return Some(GameEnd::draw(
                Termination::MaxPlies,
                format!(
                    "Draw by adjudication: {} plies (--max-plies)",
                    self.max_plies
                ),
            ));
        }
        None
    }

    /// The moves in UCI, space-separated (the `moves` column).
    pub fn uci_moves(&self) -> String {
        let v: Vec<String> = self
            .moves
            .iter()
            .map(|m| crate::chess::uci(&m.mv))
            .collect();
        v.join(" ")
    }
}

fn key(pos: &Chess) -> u64 {
    let z: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    z.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_uci;

    fn play_line(r: &mut Referee, line: &str) -> Option<GameEnd> {
        let mut end = None;
        for t in line.split_whitespace() {
            assert!(end.is_none(), "game already over before {t}");
            let m = parse_uci(r.position(), t).unwrap();
            end = r.play(m, String::new());
        }
        end
    }

    #[test]
    fn checkmate_wins_for_the_mover() {
        let mut r = Referee::new(Chess::default(), 400);
        let end = play_line(&mut r, "f2f3 e7e5 g2g4 d8h4").unwrap();
        assert_eq!(end.result, GameResult::BlackWins);
        assert_eq!(end.termination, Termination::Checkmate);
        assert_eq!(r.moves().last().unwrap().san, "Qh4#");
    }

    #[test]
    fn threefold_counts_the_start_position() {
        let mut r = Referee::new(Chess::default(), 400);
        // start position occurs at plies 0, 4, 8
        let end = play_line(&mut r, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8").unwrap();
        assert_eq!(end.termination, Termination::Threefold);
        assert_eq!(r.plies(), 8);
    }

    #[test]
    fn max_plies_is_a_draw() {
        let mut r = Referee::new(Chess::default(), 3);
        let end = play_line(&mut r, "e2e4 e7e5 g1f3").unwrap();
        assert_eq!(end.termination, Termination::MaxPlies);
        assert_eq!(end.result, GameResult::Draw);
    }
}
