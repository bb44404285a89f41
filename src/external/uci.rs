//! UCI over the pipe: the handshake, a new game, a think (`position`, `go`, the `info` lines
//! read as iterations, `bestmove`).

use super::Answer;
use crate::engine_process::{EngineProcess, ReadError, parse_info_score};
use crate::pairing::{EngineSpec, Identity};
use micromax::{Limits, RootIter};
use shakmaty::Chess;
use std::time::Instant;

fn sent(p: &mut EngineProcess, line: &str) -> Result<(), ReadError> {
    p.send(line).map_err(ReadError::Exited)
}

/// `uci` … `uciok` (its `id name` and options read), the spec's options set, `isready` …
/// `readyok`.
pub(super) fn handshake(
    p: &mut EngineProcess,
    spec: &EngineSpec,
    deadline: Instant,
) -> Result<Identity, String> {
    p.send("uci")?;
    let mut identity = Identity {
        id: String::new(),
        setboard: true,
        options: Vec::new(),
    };
    loop {
        let line = p.recv(deadline, "uciok").map_err(|e| e.to_string())?;
        let line = line.trim();
        if let Some(n) = line.strip_prefix("id name ") {
            identity.id = n.trim().to_string();
        } else if let Some(o) = line.strip_prefix("option name ") {
            let name = o.split(" type ").next().unwrap_or(o).trim();
            identity.options.push(name.to_string());
        } else if line == "uciok" {
            break;
        }
    }
    if identity.id.is_empty() {
        identity.id = spec.name.clone();
    }
    for (k, v) in &spec.options {
        p.send(&format!("setoption name {k} value {v}"))?;
    }
    ready(p, deadline).map_err(|e| e.to_string())?;
    Ok(identity)
}

fn ready(p: &mut EngineProcess, deadline: Instant) -> Result<(), ReadError> {
    sent(p, "isready")?;
    while p.recv(deadline, "readyok")?.trim() != "readyok" {}
    Ok(())
}

/// `ucinewgame`, `isready` … `readyok`.
pub(super) fn new_game(p: &mut EngineProcess, deadline: Instant) -> Result<(), ReadError> {
    let _ = p.drain();
    sent(p, "ucinewgame")?;
    ready(p, deadline)
}

/// The `go` command of a think under `limits`: the game's clocks (milliseconds, at least 1),
/// else nodes, else depth, else the move time, else `infinite` (stopped at the deadline).
pub(super) fn go_command(limits: &Limits) -> String {
    let ms = |s: f64| ((s * 1000.0).round() as i64).max(1);
    if let Some(c) = limits.game_clock {
        let (w, b) = if c.white {
            (c.own, c.opponent)
        } else {
            (c.opponent, c.own)
        };
        let inc = (c.increment * 1000.0).round() as i64;
        format!("go wtime {} btime {} winc {inc} binc {inc}", ms(w), ms(b))
    } else if limits.nodes < i64::MAX {
        format!("go nodes {}", limits.nodes.max(1))
    } else if let Some(d) = limits.max_ply {
        format!("go depth {}", d.max(1))
    } else if let Some(d) = limits.deadline {
        format!("go movetime {}", ms(d - (limits.clock)()))
    } else {
        "go infinite".to_string()
    }
}

/// `position …`, `go …`; the `info` lines until `bestmove`, each with a depth, a score and a
/// principal variation an iteration.
pub(super) fn think(
    p: &mut EngineProcess,
    start_fen: Option<&str>,
    moves: &[String],
    pos: &Chess,
    limits: &Limits,
    deadline: Instant,
    observe: &mut dyn FnMut(&RootIter),
) -> Result<Answer, ReadError> {
    let _ = p.drain();
    let mut position = match start_fen {
        Some(f) => format!("position fen {f}"),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() {
        position.push_str(" moves ");
        position.push_str(&moves.join(" "));
    }
    sent(p, &position)?;
    let go = go_command(limits);
    let infinite = go == "go infinite";
    sent(p, &go)?;
    let mut nodes = 0u64;
    let mut stopped = false;
    loop {
        let line = match p.recv(deadline, "bestmove") {
            Err(ReadError::Timeout(_)) if infinite && !stopped => {
                stopped = true;
                sent(p, "stop")?;
                continue;
            }
            r => r?,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first() {
            Some(&"info") => {
                let after = |key: &str| {
                    words
                        .iter()
                        .position(|w| *w == key)
                        .and_then(|i| words.get(i + 1))
                };
                if let Some(n) = after("nodes").and_then(|n| n.parse().ok()) {
                    nodes = n;
                }
                let depth = after("depth").and_then(|d| d.parse::<i32>().ok());
                let score = parse_info_score(&line).map(|s| s.centipawns());
                let bound = words.contains(&"lowerbound") || words.contains(&"upperbound");
                if let (Some(d), Some(s), Some(pv), false) = (depth, score, after("pv"), bound) {
                    observe(&super::iteration(pos, d, s, nodes, Some(pv)));
                }
            }
            Some(&"bestmove") => {
                return Ok(Answer {
                    text: words.get(1).unwrap_or(&"").to_string(),
                    line: line.clone(),
                    nodes,
                });
            }
            _ => {} // anything else a UCI engine may say, or garbage: not an answer
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use micromax::GameClock;

    #[test]
    fn go_commands() {
        let mut l = Limits::nodes(5000);
        assert_eq!(go_command(&l), "go nodes 5000");
        l.game_clock = Some(GameClock {
            own: 9.5,
            opponent: 8.25,
            increment: 0.1,
            white: false,
        });
        assert_eq!(go_command(&l), "go wtime 8250 btime 9500 winc 100 binc 100");
        assert_eq!(go_command(&Limits::depth(7)), "go depth 7");
    }
}
