//! xboard (CECP, protocol 2) over the pipe: the handshake (`feature` lines, each accepted), a
//! new game in force mode, a think (`level` once a game, `time`, `otim`, `go`, the `post` lines
//! read as iterations, `move`, then `force` so that it never thinks on the opponent's time).

use super::Answer;
use crate::engine_process::{EngineProcess, ReadError};
use crate::pairing::{EngineSpec, Identity};
use micromax::{Limits, RootIter};
use shakmaty::Chess;
use std::time::{Duration, Instant};

/// What an xboard engine declared that changes how it is spoken to.
#[derive(Clone, Debug, Default)]
pub(super) struct Features {
    /// `setboard=1`: positions are set up with `setboard FEN`.
    pub setboard: bool,
    /// `usermove=1`: moves are sent as `usermove e2e4`.
    pub usermove: bool,
    /// `ping=1`: readiness is asked with `ping N` … `pong N`.
    pub ping: bool,
}

fn sent(p: &mut EngineProcess, line: &str) -> Result<(), ReadError> {
    p.send(line).map_err(ReadError::Exited)
}

/// The `key=value` pairs of a `feature` line (values may be quoted).
fn features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line.trim_start_matches("feature").trim();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, tail) = if let Some(q) = after.strip_prefix('"') {
            match q.find('"') {
                Some(end) => (q[..end].to_string(), &q[end + 1..]),
                None => (q.to_string(), ""),
            }
        } else {
            let end = after.find(' ').unwrap_or(after.len());
            (after[..end].to_string(), &after[end..])
        };
        out.push((key, value));
        rest = tail.trim();
    }
    out
}

/// `xboard`, `protover 2`, its `feature` lines until `done=1` (each accepted; an engine that
/// sends none within 2 s is taken as protocol 1), the spec's options (`option NAME=VALUE`),
/// then a `ping` if it declared one.
pub(super) fn handshake(
    p: &mut EngineProcess,
    spec: &EngineSpec,
    deadline: Instant,
) -> Result<(Identity, Features), String> {
    p.send("xboard")?;
    p.send("protover 2")?;
    let mut identity = Identity {
        id: String::new(),
        setboard: false,
        options: Vec::new(),
    };
    let mut f = Features::default();
    let mut seen_feature = false;
    let first = Instant::now() + Duration::from_secs(2);
    loop {
        let wait = if seen_feature {
            deadline
        } else {
            first.min(deadline)
        };
        let line = match p.recv(wait, "feature done=1") {
            Ok(l) => l,
            Err(ReadError::Timeout(_)) if !seen_feature && Instant::now() < deadline => break,
            Err(e) => return Err(e.to_string()),
        };
        if !line.trim_start().starts_with("feature") {
            continue;
        }
        seen_feature = true;
        let mut done = false;
        for (k, v) in features(&line) {
            match k.as_str() {
                "myname" => identity.id = v.clone(),
                "setboard" => f.setboard = v == "1",
                "usermove" => f.usermove = v == "1",
                "ping" => f.ping = v == "1",
                "option" => identity
                    .options
                    .push(v.split(" -").next().unwrap_or(&v).trim().to_string()),
                "done" => done = v == "1",
                _ => {}
            }
            if k != "done" {
                p.send(&format!("accepted {k}"))?;
            }
        }
        if done {
            break;
        }
    }
    if identity.id.is_empty() {
        identity.id = spec.name.clone();
    }
    identity.setboard = f.setboard;
    for (k, v) in &spec.options {
        p.send(&format!("option {k}={v}"))?;
    }
    if f.ping {
        ping(p, deadline).map_err(|e| e.to_string())?;
    }
    Ok((identity, f))
}

fn ping(p: &mut EngineProcess, deadline: Instant) -> Result<(), ReadError> {
    sent(p, "ping 1")?;
    while p.recv(deadline, "pong 1")?.trim() != "pong 1" {}
    Ok(())
}

/// `new`, `force`, `post`, `easy` (and a `ping` if it has one).
pub(super) fn new_game(
    p: &mut EngineProcess,
    f: &Features,
    deadline: Instant,
) -> Result<(), ReadError> {
    let _ = p.drain();
    for line in ["new", "force", "post", "easy"] {
        sent(p, line)?;
    }
    if f.ping {
        ping(p, deadline)?;
    }
    Ok(())
}

/// `level`'s base time: minutes, or `M:SS` with seconds.
fn minutes(s: f64) -> String {
    let s = s.round().max(1.0) as i64;
    if s % 60 == 0 {
        format!("{}", s / 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A decimal without trailing zeros (`0.1`, `2`).
fn decimal(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The commands before `go` for a think under `limits`: on a clock `level 0 BASE INC` (the
/// first think of a game; BASE the side's time then) and `time`/`otim` in centiseconds; `sd D`
/// at a depth; `st S` at a move time. `None`: a budget xboard cannot state (nodes).
pub(super) fn before_go(limits: &Limits, level_sent: bool) -> Option<Vec<String>> {
    let cs = |s: f64| ((s * 100.0).round() as i64).max(1);
    if let Some(c) = limits.game_clock {
        let mut v = Vec::new();
        if !level_sent {
            v.push(format!(
                "level 0 {} {}",
                minutes(c.own),
                decimal(c.increment)
            ));
        }
        v.push(format!("time {}", cs(c.own)));
        v.push(format!("otim {}", cs(c.opponent)));
        Some(v)
    } else if let Some(d) = limits.max_ply {
        Some(vec![format!("sd {}", d.max(1))])
    } else if let Some(d) = limits.deadline {
        let s = (d - (limits.clock)()).max(1.0).round() as i64;
        Some(vec![format!("st {s}")])
    } else {
        None
    }
}

/// The thinking output's iteration: `depth score time nodes pv…` (depth may end in `.` or `&`).
fn post_line(line: &str) -> Option<(i32, i32, u64, Option<&str>)> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let depth = w.first()?.trim_end_matches(['.', '&']).parse().ok()?;
    let score = w.get(1)?.parse().ok()?;
    let _time: i64 = w.get(2)?.parse().ok()?;
    let nodes = w.get(3)?.parse().ok()?;
    Some((depth, score, nodes, w.get(4).copied()))
}

/// The line in which an xboard engine refused a move it was sent (`Illegal move: e2e4`,
/// `Illegal move (reason): e2e4`), among what it printed since. (`Error (...)` answers a
/// command it does not know, which is no refusal of a move.)
pub(super) fn refusal(lines: &[String]) -> Option<&String> {
    lines
        .iter()
        .find(|l| l.trim_start().starts_with("Illegal move"))
}

/// A think: the commands of [`before_go`], `go`, the thinking output until `move …`, then
/// `force`. `Err(Ok(line))`: before the think, the engine had refused a move it was sent.
pub(super) fn think(
    p: &mut EngineProcess,
    f: &Features,
    pos: &Chess,
    limits: &Limits,
    level_sent: bool,
    deadline: Instant,
    observe: &mut dyn FnMut(&RootIter),
) -> Result<Answer, ReadError> {
    // what it said to the moves it was sent: with `ping`, everything up to the `pong` (so a
    // refusal is never missed); without, what has come so far
    let mut said = p.drain();
    if f.ping {
        sent(p, "ping 2")?;
        loop {
            let line = p.recv(deadline, "pong 2")?;
            if line.trim() == "pong 2" {
                break;
            }
            said.push(line);
        }
    }
    if let Some(line) = refusal(&said) {
        return Err(ReadError::Refused(line.clone()));
    }
    let Some(before) = before_go(limits, level_sent) else {
        return Err(ReadError::Exited(
            "an xboard engine cannot be given a node budget".to_string(),
        ));
    };
    for line in before {
        sent(p, &line)?;
    }
    sent(p, "go")?;
    let mut nodes = 0;
    loop {
        let line = p.recv(deadline, "move")?;
        let t = line.trim();
        if let Some(m) = t.strip_prefix("move ") {
            sent(p, "force")?;
            return Ok(Answer {
                text: m.trim().to_string(),
                line: line.clone(),
                nodes,
            });
        }
        if t == "resign" {
            sent(p, "force")?;
            return Ok(Answer {
                text: "resign".to_string(),
                line: line.clone(),
                nodes,
            });
        }
        if t.starts_with("Illegal move") {
            return Err(ReadError::Refused(line.clone()));
        }
        if let Some((d, s, n, pv)) = post_line(t) {
            nodes = n;
            observe(&super::iteration(pos, d, s, n, pv));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use micromax::GameClock;

    #[test]
    fn feature_lines() {
        let f = features(r#"feature myname="Fairy-Max 5.0b" setboard=0 ping=1 done=0"#);
        assert_eq!(
            f,
            vec![
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("setboard".into(), "0".into()),
                ("ping".into(), "1".into()),
                ("done".into(), "0".into()),
            ]
        );
    }

    #[test]
    fn clocks_and_levels() {
        let mut l = Limits::nodes(i64::MAX);
        l.game_clock = Some(GameClock {
            own: 10.0,
            opponent: 9.87,
            increment: 0.1,
            white: true,
        });
        assert_eq!(
            before_go(&l, false).unwrap(),
            vec!["level 0 0:10 0.1", "time 1000", "otim 987"]
        );
        assert_eq!(before_go(&l, true).unwrap(), vec!["time 1000", "otim 987"]);
        assert_eq!(minutes(60.0), "1");
        assert_eq!(minutes(90.0), "1:30");
        assert_eq!(before_go(&Limits::nodes(1000), false), None);
        assert_eq!(before_go(&Limits::depth(5), false).unwrap(), vec!["sd 5"]);
    }

    #[test]
    fn thinking_output() {
        assert_eq!(
            post_line(" 6      3       11     104514 g8f6 b1c3"),
            Some((6, 3, 104514, Some("g8f6")))
        );
        assert_eq!(post_line("# times @ 1321165796"), None);
        assert_eq!(post_line("tellics say     Fairy-Max 5.0b"), None);
        let said = vec![
            "# a comment".to_string(),
            "Error (unknown command): accepted".to_string(),
            "Illegal move: e2e5".to_string(),
        ];
        assert_eq!(refusal(&said), Some(&said[2]));
        assert_eq!(refusal(&said[..2]), None);
    }
}
