//! The per-game record of a match: one row of `games.csv`. The match runner writes it, `umax
//! report` reads it back; this struct is the contract between the two.
//!
//! Columns are named from the point of view of the two builds, not of the colours, because
//! every question users ask (who scored, who spent more time) is base vs test. The struct's
//! fields are role-neutral (`test_*`, `base_*`); in the file these columns carry the builds'
//! names (`sd_score`, `old_nodes`, ... for `--builds old,sd`, the protocol-2 header), which the
//! reader maps back by the builds the header names.

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
    /// Build playing white: the base or the test build (`old`, `sd`, ...).
    pub white: String,
    /// Build playing black.
    pub black: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The score of the test build: 1, 0.5 or 0.
    pub test_score: f64,
    /// How the game ended (`checkmate`, `stalemate`, `threefold`, `fifty_moves`,
    /// `insufficient_material`, `max_plies`, `time_forfeit`, ...; see the README).
    pub termination: String,
    /// Plies played, opening included.
    pub plies: u64,
    /// Nodes of all of the test build's thinks in this game (`base_nodes`: the base build's).
    pub test_nodes: u64,
    pub base_nodes: u64,
    /// CPU seconds of all of test's thinks (the engine thread's own CPU time).
    pub test_cpu_s: f64,
    pub base_cpu_s: f64,
    /// Wall seconds of all of test's thinks.
    pub test_wall_s: f64,
    pub base_wall_s: f64,
    /// Deepest root iteration (ply) test completed in this game. An iteration that found a mate
    /// (which the C's trace prints as ply 98) counts as one ply deeper than the one before it.
    pub test_depth: i32,
    pub base_depth: i32,
    /// All moves of the game from the initial position (or from the FEN), opening included,
    /// in UCI notation, space-separated.
    pub moves: String,
    /// The match settings that produced this game, as `key=value;key=value` (budget, max
    /// plies, openings file and its hash, ...). Rows with different settings never merge.
    pub settings: String,
}

/// The header of [`GameRow`] as serde writes it: the role-neutral names (`test_score`, ...).
fn role_header() -> csv::StringRecord {
    let sample = GameRow::default();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.serialize(&sample).expect("serialising to memory");
    let bytes = w.into_inner().expect("in-memory writer");
    let mut r = csv::Reader::from_reader(bytes.as_slice());
    r.headers().expect("header just written").clone()
}

/// The header line of `games.csv` for a match of `base` against `test`: the role-neutral
/// columns named by the builds (`test_score` is `{test}_score`, `base_nodes` `{base}_nodes`).
/// For `old,sd` it is protocol 2's header, byte for byte.
pub fn csv_header(base: &str, test: &str) -> csv::StringRecord {
    role_header()
        .iter()
        .map(|c| crate::pairing::column_name(c, base, test))
        .collect()
}

/// The builds `(base, test)` a games.csv header names, if it is a header of [`csv_header`].
fn header_builds(header: &csv::StringRecord) -> Option<(String, String)> {
    let role = role_header();
    let at = |name: &str| role.iter().position(|c| c == name);
    let test = header.get(at("test_score")?)?.strip_suffix("_score")?;
    let base = header.get(at("base_nodes")?)?.strip_suffix("_nodes")?;
    (*header == csv_header(base, test)).then(|| (base.to_string(), test.to_string()))
}

/// The builds `(base, test)` of a row's settings (`builds=BASE,TEST`), if it names them.
pub fn settings_builds(settings: &str) -> Option<(String, String)> {
    let builds = crate::settings::Settings::parse(settings)
        .get("builds")?
        .to_string();
    let (base, test) = builds.split_once(',')?;
    Some((base.to_string(), test.to_string()))
}

/// The size of the match `rows` were played in: the largest `games=` of their settings (a
/// grown match's rows record the sizes it had), if any records one.
pub fn recorded_size(rows: &[GameRow]) -> Option<u64> {
    rows.iter()
        .filter_map(|r| {
            crate::settings::Settings::parse(&r.settings).number::<u64>(crate::settings::SIZE_KEY)
        })
        .max()
}

/// `rows` as a whole games.csv, as the match runner writes it: the header naming the builds of
/// the first row's settings (`old`, `sd` if it names none), then one line per row.
pub fn csv_bytes(rows: &[GameRow]) -> Vec<u8> {
    let (base, test) = rows
        .first()
        .and_then(|r| settings_builds(&r.settings))
        .unwrap_or_else(|| crate::pairing::Pairing::default().names());
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    // Writing to a Vec cannot fail.
    w.write_record(&csv_header(&base, &test))
        .expect("in-memory csv");
    for r in rows {
        w.serialize(r).expect("in-memory csv");
    }
    w.into_inner().expect("in-memory csv")
}

/// A `games.csv` as read by [`read_games_csv`].
#[derive(Clone, Debug, Default)]
pub struct GamesFile {
    /// The rows, in file order.
    pub rows: Vec<GameRow>,
    /// The line of each row in the file (1-based; the header is line 1).
    pub lines: Vec<u64>,
    /// The builds `(base, test)` the header names (`None` for an empty file).
    pub builds: Option<(String, String)>,
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
/// that of [`GameRow`] for two builds ([`csv_header`]), and the rows are read by the builds it
/// names; a row that cannot be read, a row whose settings name other builds (`builds=`) and a
/// game number seen twice are errors naming the file and the lines.
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
    let Some((base, test)) = header_builds(&header) else {
        return Err(format!(
            "{name}: the header is not that of games.csv (expected {}, with the two builds' names in place of {} and {})",
            {
                let (b, t) = crate::pairing::Pairing::default().names();
                csv_header(&b, &t).iter().collect::<Vec<_>>().join(",")
            },
            crate::pairing::Pairing::default().base,
            crate::pairing::Pairing::default().test
        ));
    };
    let role = role_header();
    let mut seen: std::collections::HashMap<u64, u64> = std::collections::HashMap::new();
    for record in reader.records() {
        let record =
            record.map_err(|e| format!("{name}: {}", crate::text::escape(&e.to_string())))?;
        let line = record.position().map_or(0, |p| p.line());
        let row: GameRow = record
            .deserialize(Some(&role))
            .map_err(|e| format!("{name}:{line}: {}", crate::text::escape(&e.to_string())))?;
        if let Some((b, t)) = settings_builds(&row.settings)
            && (b.as_str(), t.as_str()) != (base.as_str(), test.as_str())
        {
            return Err(format!(
                "{name}:{line}: the settings say builds={b},{t} but the header names {base},{test}"
            ));
        }
        if let Some(first) = seen.insert(row.game, line) {
            return Err(format!(
                "{name}: game {} appears twice (lines {first} and {line})",
                row.game
            ));
        }
        file.rows.push(row);
        file.lines.push(line);
    }
    file.builds = Some((base, test));
    Ok(file)
}

/// A finished game: its `games.csv` row and its PGN text (what the per-game outputs of a match
/// are written from).
pub struct GameRecord {
    pub row: GameRow,
    pub pgn: String,
}

/// `--shard K/N`: this run plays only pairs `p` with `(p-1) % N == K-1`; games keep their global
/// numbers, so the `games.csv` of the N shards concatenate into the unsharded match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, 1-based.
    pub index: u64,
    /// N.
    pub count: u64,
}

impl Shard {
    /// The whole match.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Does this shard play pair `pair` (1-based; there is no pair 0)?
    pub fn plays_pair(&self, pair: u64) -> bool {
        pair.checked_sub(1)
            .is_some_and(|p| p % self.count == self.index - 1)
    }

    /// How many of pairs `1..=pairs` this shard plays.
    pub fn pairs_of(&self, pairs: u64) -> u64 {
        if pairs < self.index {
            0
        } else {
            (pairs - self.index) / self.count + 1
        }
    }

    /// The pairs of `1..=pairs` this shard plays, in order (lazily: `pairs` may be huge).
    pub fn pairs_iter(&self, pairs: u64) -> impl Iterator<Item = u64> + use<> {
        let (first, step) = (self.index, self.count);
        (0..self.pairs_of(pairs)).map(move |i| first + i * step)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("shard '{s}': expected K/N, e.g. 1/4"))?;
        let parse = |t: &str| {
            t.trim()
                .parse::<u64>()
                .map_err(|_| format!("shard '{s}': '{t}' is not a whole number"))
        };
        let (index, count) = (parse(k)?, parse(n)?);
        if count == 0 {
            return Err(format!("shard '{s}': N must be at least 1"));
        }
        if index == 0 || index > count {
            return Err(format!("shard '{s}': K must be between 1 and N ({count})"));
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
