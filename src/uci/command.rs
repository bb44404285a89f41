//! Commands: the UCI words this engine understands, parsed into values.

use super::*;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

/// The parameters of `go` (times in milliseconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<i64>,
    pub depth: Option<i64>,
    pub nodes: Option<i64>,
    pub mate: Option<i64>,
    pub movetime: Option<i64>,
    pub infinite: bool,
    pub ponder: bool,
    /// `searchmoves` was given (and is ignored).
    pub searchmoves: bool,
    /// What could not be understood.
    pub warnings: Vec<String>,
}

/// One parsed input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug,
    IsReady,
    /// `setoption name N [value V]`: the name and the value as given.
    SetOption(String, Option<String>),
    Register,
    UciNewGame,
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    /// Nothing on the line.
    Empty,
    /// No known command on the line.
    Unknown(String),
    /// A known command, malformed.
    Invalid(String),
}

pub(super) const COMMANDS: &[&str] = &[
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
];

/// Parses one line. Unknown words before the first known command are skipped, as the UCI
/// specification asks.
pub fn parse_command(line: &str) -> Command {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.is_empty() {
        return Command::Empty;
    }
    let Some(first) = tokens.iter().position(|t| COMMANDS.contains(t)) else {
        return Command::Unknown(line.trim().to_string());
    };
    let args = &tokens[first + 1..];
    match tokens[first] {
        "uci" => Command::Uci,
        "debug" => Command::Debug,
        "isready" => Command::IsReady,
        "setoption" => {
            let name = args
                .iter()
                .skip_while(|t| **t != "name")
                .skip(1)
                .take_while(|t| **t != "value")
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            let value = args
                .iter()
                .skip_while(|t| **t != "value")
                .skip(1)
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            Command::SetOption(name, (!value.is_empty()).then_some(value))
        }
        "register" => Command::Register,
        "ucinewgame" => Command::UciNewGame,
        "position" => parse_position(args),
        "go" => Command::Go(parse_go(args)),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        _ => unreachable!("every listed command is matched"),
    }
}

pub(super) fn parse_position(args: &[&str]) -> Command {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let start = match head.first() {
        Some(&"startpos") => {
            if head.len() > 1 {
                return Command::Invalid(format!(
                    "position: unexpected '{}' after startpos",
                    echo(head[1])
                ));
            }
            Start::StartPos
        }
        Some(&"fen") => {
            if head.len() < 2 {
                return Command::Invalid("position fen: no FEN given".into());
            }
            Start::Fen(head[1..].join(" "))
        }
        Some(other) => {
            return Command::Invalid(format!(
                "position: expected startpos or fen, not '{}'",
                echo(other)
            ));
        }
        None => return Command::Invalid("position: expected startpos or fen".into()),
    };
    Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    }
}

pub(super) const GO_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

pub(super) fn parse_go(args: &[&str]) -> GoParams {
    let mut g = GoParams::default();
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        i += 1;
        let slot = match word {
            "infinite" => {
                g.infinite = true;
                continue;
            }
            "ponder" => {
                g.ponder = true;
                continue;
            }
            "searchmoves" => {
                g.searchmoves = true;
                while i < args.len() && !GO_WORDS.contains(&args[i]) {
                    i += 1;
                }
                continue;
            }
            "wtime" => &mut g.wtime,
            "btime" => &mut g.btime,
            "winc" => &mut g.winc,
            "binc" => &mut g.binc,
            "movestogo" => &mut g.movestogo,
            "depth" => &mut g.depth,
            "nodes" => &mut g.nodes,
            "mate" => &mut g.mate,
            "movetime" => &mut g.movetime,
            other => {
                g.warnings
                    .push(format!("go: ignored unknown word '{}'", echo(other)));
                continue;
            }
        };
        match args.get(i).map(|v| parse_number(v)) {
            Some(Some(v)) => {
                *slot = Some(v);
                i += 1;
            }
            Some(None) if !GO_WORDS.contains(&args[i]) => {
                g.warnings.push(format!(
                    "go: '{word}' needs a whole number, not '{}'",
                    echo(args[i])
                ));
                i += 1;
            }
            _ => g.warnings.push(format!("go: '{word}' needs a number")),
        }
    }
    range_warnings(&mut g);
    g
}

/// Says which limits [`super::score::plan`] takes at another value than given: below the
/// least that means anything (a search has at least one node and depth 1, a mate is at least
/// in 1, a time is not negative) or beyond what micro-Max can search (depth 96, mate in 48,
/// 2^31−1 nodes).
fn range_warnings(g: &mut GoParams) {
    let none = i64::MAX;
    let limits = [
        ("nodes", g.nodes, 1, i32::MAX as i64),
        ("depth", g.depth, 1, 96),
        ("mate", g.mate, 1, 48),
        ("movestogo", g.movestogo, 1, none),
        ("wtime", g.wtime, 0, none),
        ("btime", g.btime, 0, none),
        ("winc", g.winc, 0, none),
        ("binc", g.binc, 0, none),
        ("movetime", g.movetime, 0, none),
    ];
    for (word, value, lo, hi) in limits {
        if let Some(v) = value
            && !(lo..=hi).contains(&v)
        {
            g.warnings.push(format!(
                "go: {word} {v} is out of range: taken as {}",
                v.clamp(lo, hi)
            ));
        }
    }
}

/// A whole number; a fractional part is dropped, an out-of-range value saturates.
pub(super) fn parse_number(s: &str) -> Option<i64> {
    if let Ok(v) = s.parse::<i64>() {
        return Some(v);
    }
    let f: f64 = s.parse().ok()?;
    f.is_finite().then(|| f.clamp(-1e18, 1e18) as i64)
}
