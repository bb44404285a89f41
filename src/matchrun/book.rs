//! Openings of a match: read, checked, and numbered before any game starts.
//!
//! Accepted inputs (`--openings FILE`):
//! - one opening per line as UCI moves from the initial position (`e2e4 e7e5 g1f3`); empty lines
//!   and lines starting with `#` are skipped;
//! - FEN or EPD lines (the first field contains a `/`) — for the Rust engines only: the C
//!   original can only start from the initial position, so such games have no C counterpart;
//! - a PGN file (`.pgn`, or a file starting with a tag pair or a move number): the main line of
//!   each game, from the initial position or from its `FEN` tag.
//!
//! Every opening is replayed by the referee: a move that is not legal, an under-promotion
//! (micro-Max always promotes to a queen), or an opening that ends the game is an error that
//! names the file and line (or PGN game).

use crate::chess;
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Move, Position};
use std::ops::ControlFlow;
use std::path::Path;

use super::options::OpeningsSource;
use crate::files::fnv1a64;

/// The default suite: `openings/default.txt`, 300 balanced 8-ply lines made by `umax openings`
/// (command and method in `openings/README.md`).
pub const DEFAULT_OPENINGS: &str = include_str!("../../openings/default.txt");

/// The name the default suite has in the settings string.
pub const DEFAULT_OPENINGS_NAME: &str = "default";

/// The initial position alone (`openings/startpos.pgn`): the 2006 match's one opening.
pub const STARTPOS_OPENINGS: &str = include_str!("../../openings/startpos.pgn");

/// One opening: a start position (the initial one unless from a FEN) and moves from it.
#[derive(Clone, Debug)]
pub struct Opening {
    /// 0-based index in the suite (the `opening_id` column).
    pub id: u64,
    /// Where it came from, for messages: `openings.txt:17` or `openings.pgn: game 3`.
    pub origin: String,
    /// The position the moves start from.
    pub start: Chess,
    /// The FEN of `start` if the opening is not from the initial position (Rust engines only).
    pub fen: Option<String>,
    /// The moves, all legal and enterable by micro-Max.
    pub moves: Vec<Move>,
    /// The `opening` column: UCI moves, or `FEN` / `FEN moves UCI...`.
    pub text: String,
}

impl Opening {
    fn new(
        origin: String,
        start: Chess,
        fen: Option<String>,
        moves: Vec<Move>,
    ) -> Result<Opening, String> {
        let mut pos = start.clone();
        for m in &moves {
            pos.play_unchecked(*m);
        }
        if let Some(why) = game_over(&pos) {
            return Err(format!("the opening ends the game ({why})"));
        }
        let ucis: Vec<String> = moves.iter().map(chess::uci).collect();
        let text = match &fen {
            None => ucis.join(" "),
            Some(f) if ucis.is_empty() => f.clone(),
            Some(f) => format!("{f} moves {}", ucis.join(" ")),
        };
        Ok(Opening {
            id: 0,
            origin,
            start,
            fen,
            moves,
            text,
        })
    }

    /// Plies of the opening.
    pub fn plies(&self) -> u32 {
        self.moves.len() as u32
    }
}

/// Why a position ends the game by itself, if it does.
fn game_over(pos: &Chess) -> Option<&'static str> {
    if pos.is_checkmate() {
        Some("checkmate")
    } else if pos.is_stalemate() {
        Some("stalemate")
    } else if pos.is_insufficient_material() {
        Some("insufficient material")
    } else if pos.halfmoves() >= 100 {
        Some("fifty-move rule")
    } else {
        None
    }
}

/// The openings of a match, in order, with what identifies them in the settings string.
#[derive(Clone, Debug)]
pub struct OpeningBook {
    /// File name (without directories, so runs on other machines merge) or `default`.
    pub name: String,
    /// FNV-1a 64 of the file's bytes.
    pub hash: String,
    pub openings: Vec<Opening>,
}

impl OpeningBook {
    /// The opening of pair `pair` (1-based): the suite in order, wrapping around.
    pub fn for_pair(&self, pair: u64) -> &Opening {
        &self.openings[((pair - 1) % self.openings.len() as u64) as usize]
    }

    /// Does any opening start from a FEN (Rust engines only)?
    pub fn has_fen(&self) -> bool {
        self.openings.iter().any(|o| o.fen.is_some())
    }
}

/// Reads and checks the openings.
pub fn load(source: &OpeningsSource) -> Result<OpeningBook, String> {
    match source {
        OpeningsSource::Default => parse_text(
            DEFAULT_OPENINGS_NAME,
            "default openings",
            DEFAULT_OPENINGS.as_bytes(),
            false,
        ),
        OpeningsSource::InitialPosition => parse_text(
            "startpos.pgn",
            "the initial position (openings/startpos.pgn)",
            STARTPOS_OPENINGS.as_bytes(),
            true,
        ),
        OpeningsSource::File(path) => {
            let bytes = std::fs::read(path)
                .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into(),
            );
            let label = path.display().to_string();
            let pgn = looks_like_pgn(path, crate::text::strip_bom_bytes(&bytes));
            parse_text(&name, &label, &bytes, pgn)
        }
    }
}

/// Parses the content of an openings file; `label` prefixes error messages.
/// A UTF-8 byte-order mark at the start is skipped (the hash is of all the bytes).
pub fn parse_text(name: &str, label: &str, bytes: &[u8], pgn: bool) -> Result<OpeningBook, String> {
    let text = crate::text::strip_bom_bytes(bytes);
    let mut openings = if pgn {
        parse_pgn(label, text)?
    } else {
        parse_lines(label, &String::from_utf8_lossy(text))?
    };
    if openings.is_empty() {
        return Err(format!("{label}: no openings in the file"));
    }
    for (i, o) in openings.iter_mut().enumerate() {
        o.id = i as u64;
    }
    Ok(OpeningBook {
        name: name.to_string(),
        hash: fnv1a64(bytes),
        openings,
    })
}

fn looks_like_pgn(path: &Path, bytes: &[u8]) -> bool {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
    {
        return true;
    }
    let text = String::from_utf8_lossy(bytes);
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    first.is_some_and(|l| {
        l.starts_with('[') || {
            let digits = l.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && l[digits..].starts_with('.')
        }
    })
}

fn parse_lines(label: &str, text: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let origin = format!("{label}:{}", i + 1);
        let first = line.split_whitespace().next().unwrap_or_default();
        let opening = if first.contains('/') {
            parse_fen_line(origin.clone(), line)
        } else {
            parse_uci_line(origin.clone(), line)
        };
        openings.push(opening.map_err(|e| format!("{origin}: {}", crate::text::escape(&e)))?);
    }
    Ok(openings)
}

/// The micro-Max side of a move: it must be one the engine can enter (no under-promotion).
fn enterable(m: &Move, text: &str) -> Result<(), String> {
    if chess::move_to_0x88(m).is_none() {
        return Err(format!(
            "'{text}' is an under-promotion, which micro-Max cannot play (it always promotes to a queen)"
        ));
    }
    Ok(())
}

fn parse_uci_line(origin: String, line: &str) -> Result<Opening, String> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for tok in line.split_whitespace() {
        let m = chess::parse_uci(&pos, tok)?;
        enterable(&m, tok)?;
        pos.play_unchecked(m);
        moves.push(m);
    }
    Opening::new(origin, Chess::default(), None, moves)
}

fn parse_fen_line(origin: String, line: &str) -> Result<Opening, String> {
    let pos = position_from_fen_or_epd(line)?;
    let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    Opening::new(origin, pos, Some(fen), Vec::new())
}

/// A FEN or an EPD line, by the one reader and its rules ([`micromax::fen::parse_fen`]).
fn position_from_fen_or_epd(text: &str) -> Result<Chess, String> {
    micromax::fen::parse_fen(text).map_err(|e| format!("'{text}': {e}"))
}

/// Collects the main line of each PGN game.
struct MainLine;

struct GameSoFar {
    start: Chess,
    fen: Option<String>,
    pos: Chess,
    moves: Vec<Move>,
    error: Option<String>,
}

impl Visitor for MainLine {
    type Tags = Result<Option<(Chess, String)>, String>;
    type Movetext = GameSoFar;
    type Output = Result<(Chess, Option<String>, Vec<Move>), String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Ok(None))
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let text = value.decode_utf8_lossy().to_string();
            *tags = position_from_fen_or_epd(&text).map(|pos| {
                let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
                Some((pos, fen))
            });
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        match tags {
            Err(e) => ControlFlow::Break(Err(e)),
            Ok(start) => {
                let (start, fen) = match start {
                    Some((pos, fen)) => (pos, Some(fen)),
                    None => (Chess::default(), None),
                };
                ControlFlow::Continue(GameSoFar {
                    pos: start.clone(),
                    start,
                    fen,
                    moves: Vec::new(),
                    error: None,
                })
            }
        }
    }

    fn san(&mut self, game: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if game.error.is_some() {
            return ControlFlow::Continue(());
        }
        let text = san_plus.to_string();
        match san_plus.san.to_move(&game.pos) {
            Ok(m) => match enterable(&m, &text) {
                Ok(()) => {
                    game.pos.play_unchecked(m);
                    game.moves.push(m);
                }
                Err(e) => game.error = Some(e),
            },
            Err(_) => game.error = Some(format!("'{text}' is not legal in this position")),
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        match game.error {
            Some(e) => Err(e),
            None => Ok((game.start, game.fen, game.moves)),
        }
    }
}

fn parse_pgn(label: &str, bytes: &[u8]) -> Result<Vec<Opening>, String> {
    let mut reader = Reader::new(std::io::Cursor::new(bytes));
    let mut openings = Vec::new();
    let mut number = 0u64;
    loop {
        let game = reader
            .read_game(&mut MainLine)
            .map_err(|e| format!("{label}: cannot read PGN: {e}"))?;
        let Some(game) = game else { break };
        number += 1;
        let origin = format!("{label}: game {number}");
        let opening =
            game.and_then(|(start, fen, moves)| Opening::new(origin.clone(), start, fen, moves));
        openings.push(opening.map_err(|e| format!("{origin}: {}", crate::text::escape(&e)))?);
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Result<OpeningBook, String> {
        parse_text("t.txt", "t.txt", text.as_bytes(), false)
    }

    #[test]
    fn the_initial_position_is_the_file_openings_startpos_pgn() {
        let built_in = load(&OpeningsSource::InitialPosition).unwrap();
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("openings/startpos.pgn");
        let file = load(&OpeningsSource::File(path)).unwrap();
        assert_eq!(built_in.openings.len(), 1);
        assert_eq!(built_in.openings[0].text, "");
        assert_eq!(
            (&built_in.name, &built_in.hash),
            (&file.name, &file.hash),
            "the same settings: the same games"
        );
    }

    #[test]
    fn default_suite_is_valid() {
        let book = load(&OpeningsSource::Default).unwrap();
        assert!(book.openings.len() >= 250);
        assert!(!book.has_fen());
        assert_eq!(book.openings[0].id, 0);
        assert_eq!(
            book.openings[0].text,
            "e2e4 g7g5 h2h4 d7d6 e1e2 f8h6 h1h2 d6d5"
        );
    }

    #[test]
    fn illegal_move_names_file_and_line() {
        let err = lines("e2e4 e7e5\n\n# comment\ne2e4 e2e5\n").unwrap_err();
        assert_eq!(err, "t.txt:4: 'e2e5' is not legal in this position");
        let err = lines("e2e4 zz\n").unwrap_err();
        assert_eq!(err, "t.txt:1: 'zz' is not a move in UCI notation");
    }

    #[test]
    fn empty_file_is_an_error() {
        assert!(lines("").unwrap_err().contains("no openings"));
        assert!(
            lines("\n# only a comment\n")
                .unwrap_err()
                .contains("no openings")
        );
    }

    #[test]
    fn under_promotion_and_game_over_are_errors() {
        let under = "a2a4 b7b5 a4b5 a7a6 b5a6 c8b7 a6b7 b8c6 b7a8n";
        assert!(lines(under).unwrap_err().contains("under-promotion"));
        let mate = "f2f3 e7e5 g2g4 d8h4";
        assert!(
            lines(mate)
                .unwrap_err()
                .contains("ends the game (checkmate)")
        );
    }

    #[test]
    fn fen_and_epd_lines() {
        let book = lines(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
             r3k2r/8/8/8/8/8/8/R3K2R w KQkq - id \"castles\";\n",
        )
        .unwrap();
        assert!(book.has_fen());
        assert_eq!(
            book.openings[0].text,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(book.openings[1].start.turn(), shakmaty::Color::White);
        assert!(
            lines("rnbqkbnr/pppppppp/8 w")
                .unwrap_err()
                .starts_with("t.txt:1: ")
        );
    }

    /// One FEN reader, one set of rules: an opening line, a PGN `FEN` tag, `Engine::set_fen`
    /// (the match's set-up) and uci's `position fen` accept and refuse the same texts.
    #[test]
    fn every_path_reads_a_fen_alike() {
        use micromax::builds::Build;
        let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let cases: &[(&str, bool)] = &[
            (start, true),
            // EPD: four fields, with or without operations ended by `;`
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
                true,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";",
                true,
            ),
            // fields after the fourth that are no operations
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 junk",
                false,
            ),
            // more material than a game reaches (fen.rs accepted it, openings did not)
            ("4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", true),
            // bad castling: no rook for the right, a Chess960 right
            ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", false),
            ("1r2k3/8/8/8/8/8/8/1R2K3 w B - 0 1", false),
            // bad counts
            ("4k3/8/8/8/8/8/8/4K2R w K - x 1", false),
            ("4k3/8/8/8/8/8/8/4K2R w K - 0 -1", false),
            // pockets (openings read them, dropping the pockets; fen.rs did not)
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq] w KQkq - 0 1",
                false,
            ),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra fields here", false),
            ("8/8/8/8 w", false),
        ];
        let mut engine = Build::Old.searcher(4);
        for &(text, ok) in cases {
            let pgn = format!("[FEN \"{text}\"]\n[SetUp \"1\"]\n\n*\n");
            // (a tag value cannot hold the EPD's quotes unescaped)
            let pgn_ok = if text.contains('"') {
                ok
            } else {
                parse_text("t.pgn", "t.pgn", pgn.as_bytes(), true).is_ok()
            };
            let paths = [
                ("reader", micromax::fen::parse_fen(text).is_ok()),
                ("opening line", lines(text).is_ok()),
                ("pgn tag", pgn_ok),
                (
                    "set-up",
                    micromax::fen::parse_fen(text).is_ok_and(|p| engine.set_position(&p).is_ok()),
                ),
                (
                    "uci",
                    crate::uci::setup_position(&crate::uci::Start::Fen(text.into()), &[]).is_ok(),
                ),
            ];
            for (path, accepted) in paths {
                assert_eq!(accepted, ok, "{path}: {text}");
            }
        }
    }

    #[test]
    fn pgn_games() {
        let pgn = b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 (2. f4) Nc6 *\n\n\
                    [Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n1. O-O *\n";
        let book = parse_text("o.pgn", "o.pgn", pgn, true).unwrap();
        assert_eq!(book.openings.len(), 2);
        assert_eq!(book.openings[0].text, "e2e4 e7e5 g1f3 b8c6");
        assert_eq!(
            book.openings[1].text,
            "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1 moves e1g1"
        );
        let bad = b"[Event \"a\"]\n\n1. e4 e5 2. Nf6 *\n";
        let err = parse_text("o.pgn", "o.pgn", bad, true).unwrap_err();
        assert_eq!(err, "o.pgn: game 1: 'Nf6' is not legal in this position");
        assert!(looks_like_pgn(Path::new("x.txt"), b"\n1. e4 e5 *"));
        assert!(!looks_like_pgn(Path::new("x.txt"), b"e2e4 e7e5"));
    }

    #[test]
    fn byte_order_mark_is_skipped_and_file_bytes_are_escaped() {
        let book = lines("\u{feff}e2e4 e7e5\nd2d4\n").unwrap();
        assert_eq!(book.openings[0].text, "e2e4 e7e5");
        let pgn = "\u{feff}[Event \"a\"]\n\n1. e4 e5 *\n";
        assert!(looks_like_pgn(
            Path::new("x.txt"),
            crate::text::strip_bom_bytes(pgn.as_bytes())
        ));
        let book = parse_text("o.pgn", "o.pgn", pgn.as_bytes(), true).unwrap();
        assert_eq!(book.openings[0].text, "e2e4 e7e5");
        let err = lines("e2e4 \x1b[2Je7e5\n").unwrap_err();
        assert!(!err.contains('\x1b'), "{err:?}");
        assert!(err.contains("\\u{1b}[2Je7e5"), "{err:?}");
    }

    #[test]
    fn pairs_wrap_around_the_suite() {
        let book = lines("e2e4\nd2d4\nc2c4\n").unwrap();
        let ids: Vec<u64> = (1..=5).map(|p| book.for_pair(p).id).collect();
        assert_eq!(ids, vec![0, 1, 2, 0, 1]);
    }
}
