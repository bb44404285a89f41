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

/// The header line of `games.csv`, as serde writes it for [`GameRow`].
pub fn csv_header() -> csv::StringRecord {
    let sample = GameRow::default();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.serialize(&sample).expect("serialising to memory");
    let bytes = w.into_inner().expect("in-memory writer");
    let mut r = csv::Reader::from_reader(bytes.as_slice());
    r.headers().expect("header just written").clone()
}

/// A `games.csv` as read by [`read_games_csv`].
#[derive(Clone, Debug, Default)]
pub struct GamesFile {
    /// The rows, in file order.
    pub rows: Vec<GameRow>,
    /// The line of each row in the file (1-based; the header is line 1).
    pub lines: Vec<u64>,
    /// Length in bytes of the complete lines (everything up to the last newline).
    pub complete_len: u64,
    /// The line number of an incomplete last line (no newline at its end: a run stopped while
    /// writing it), which was left out.
    pub partial_line: Option<u64>,
}

impl GamesFile {
    /// The message about a left-out incomplete last line, if there was one.
    pub fn partial_note(&self, path: &std::path::Path) -> Option<String> {
        self.partial_line.map(|line| {
            format!(
                "{}:{line}: the last line is incomplete (a run stopped while writing it); it is left out, and `umax match --resume` plays that game again",
                path.display()
            )
        })
    }
}

/// Reads a `games.csv`: the one reader of `umax report`, `umax verify-c` and `umax match
/// --resume`, with one set of rules. A last line without its newline (a run killed while
/// writing it) is left out and reported in [`GamesFile::partial_line`]; the header must be
/// that of [`GameRow`]; a row that cannot be read and a game number seen twice are errors
/// naming the file and the lines.
pub fn read_games_csv(path: &std::path::Path) -> Result<GamesFile, String> {
    let name = path.display();
    if path.is_dir() {
        let inside = path.join("games.csv");
        return Err(if inside.is_file() {
            format!(
                "{name} is a directory: give the games.csv in it ({})",
                inside.display()
            )
        } else {
            format!("{name} is a directory, not a games.csv (and it holds no games.csv)")
        });
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let lines_before_tail = bytes[..complete].iter().filter(|&&b| b == b'\n').count() as u64;
    let mut file = GamesFile {
        complete_len: complete as u64,
        partial_line: (complete < bytes.len()).then_some(lines_before_tail + 1),
        ..GamesFile::default()
    };
    if complete == 0 {
        return Ok(file);
    }
    let mut reader = csv::Reader::from_reader(&bytes[..complete]);
    let header = reader
        .headers()
        .map_err(|e| format!("{name}: {}", crate::text::escape(&e.to_string())))?
        .clone();
    if header != csv_header() {
        return Err(format!(
            "{name}: the header is not that of games.csv (expected {})",
            csv_header().iter().collect::<Vec<_>>().join(",")
        ));
    }
    let mut seen: std::collections::HashMap<u64, u64> = std::collections::HashMap::new();
    for record in reader.records() {
        let record =
            record.map_err(|e| format!("{name}: {}", crate::text::escape(&e.to_string())))?;
        let line = record.position().map_or(0, |p| p.line());
        let row: GameRow = record
            .deserialize(Some(&header))
            .map_err(|e| format!("{name}:{line}: {}", crate::text::escape(&e.to_string())))?;
        if let Some(first) = seen.insert(row.game, line) {
            return Err(format!(
                "{name}: game {} appears twice (lines {first} and {line})",
                row.game
            ));
        }
        file.rows.push(row);
        file.lines.push(line);
    }
    Ok(file)
}
