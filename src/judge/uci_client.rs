//! The judge: a UCI engine driven as a separate process, at a fixed node budget with a fixed
//! hash and one thread, so that a judgement is reproducible (a single-threaded node-limited
//! search after `ucinewgame` is deterministic).
//!
//! Every read has a timeout (a reader thread forwards the judge's lines through a channel), so
//! a judge that hangs is told apart from one that thinks. A judge that dies or hangs is
//! restarted once and the evaluation retried; a second failure in a row is an error.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The value a mate score is mapped to, before the distance: a mate in `p` plies for the side
/// it favours is `MATE - p` centipawns (and `-(MATE - p)` against it).
pub const MATE: i32 = 10_000;

/// How to start and drive the judge.
#[derive(Clone, Debug, PartialEq)]
pub struct JudgeSpec {
    pub path: PathBuf,
    /// Arguments for the judge's command line (e.g. `uci` for `umax`).
    pub args: Vec<String>,
    /// `go nodes N`.
    pub nodes: u64,
    /// `go depth D` instead of `go nodes N`.
    pub depth: Option<u32>,
    /// `setoption name Hash value MB`.
    pub hash_mb: u32,
    /// Longest wait for any answer (`uciok`, `readyok`, `bestmove`).
    pub timeout: Duration,
}

/// A judge's score of a position, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in N moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// Centipawns from the side to move's view, mates mapped to `±(MATE - plies)`.
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => MATE - (2 * n - 1), // we mate: our n-th move mates
            Score::Mate(n) => -(MATE - 2 * n.abs()),       // we are mated after n replies
        }
    }

    /// As UCI writes it: `cp 35`, `mate -2`.
    pub fn text(self) -> String {
        match self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        }
    }
}

/// Parses the score of an `info` line (`None` if it has none, or is not the first PV).
pub fn parse_info_score(line: &str) -> Option<Score> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return None;
    }
    if let Some(i) = words.iter().position(|w| *w == "multipv")
        && words.get(i + 1) != Some(&"1")
    {
        return None;
    }
    let i = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(Score::Cp(value)),
        "mate" => Some(Score::Mate(value)),
        _ => None,
    }
}

/// A running judge process.
pub struct Judge {
    spec: JudgeSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// `id name` of the judge.
    pub name: String,
    /// Restarts so far.
    pub restarts: u32,
}

impl Judge {
    /// Starts the judge and checks that it answers `uci` and `isready`. Errors name the path.
    pub fn start(spec: &JudgeSpec) -> Result<Judge, String> {
        let mut child = Command::new(&spec.path)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the judge {}: {e}", spec.path.display()))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut judge = Judge {
            spec: spec.clone(),
            child,
            stdin,
            lines,
            name: String::new(),
            restarts: 0,
        };
        judge.handshake().map_err(|e| {
            format!(
                "the judge {} is not a working UCI engine: {e}",
                spec.path.display()
            )
        })?;
        Ok(judge)
    }

    fn handshake(&mut self) -> Result<(), String> {
        self.send("uci")?;
        let name = &mut self.name;
        let deadline = Instant::now() + self.spec.timeout;
        loop {
            let line = recv(&self.lines, deadline, "uciok")?;
            if let Some(n) = line.strip_prefix("id name ") {
                *name = n.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        let hash = self.spec.hash_mb;
        self.send(&format!("setoption name Hash value {hash}"))?;
        self.send("setoption name Threads value 1")?;
        self.ready()
    }

    fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.stdin, "{command}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("cannot write to the judge (did it exit?): {e}"))
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        let deadline = Instant::now() + self.spec.timeout;
        while recv(&self.lines, deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// The judge's score of `position` (a UCI `position` argument: `startpos moves ...` or
    /// `fen ... moves ...`), from the side to move's view, after `go nodes N` on an empty
    /// hash (or `go depth D`). The score is the one of the last `info` line before `bestmove`
    /// (bound or not).
    fn try_evaluate(&mut self, position: &str) -> Result<Score, String> {
        self.send("ucinewgame")?;
        self.ready()?;
        self.send(&format!("position {position}"))?;
        let go = match self.spec.depth {
            Some(d) => format!("go depth {d}"),
            None => format!("go nodes {}", self.spec.nodes),
        };
        self.send(&go)?;
        let deadline = Instant::now() + self.spec.timeout;
        let mut score = None;
        loop {
            let line = recv(&self.lines, deadline, "bestmove")?;
            if let Some(s) = parse_info_score(&line) {
                score = Some(s);
            }
            if line.starts_with("bestmove") {
                return score.ok_or_else(|| format!("no score before '{}'", line.trim()));
            }
        }
    }

    /// As [`Judge::try_evaluate`]; a judge that fails (dies, hangs, answers nonsense) is
    /// restarted once and asked again.
    pub fn evaluate(&mut self, position: &str) -> Result<Score, String> {
        match self.try_evaluate(position) {
            Ok(s) => Ok(s),
            Err(first) => {
                let restarts = self.restarts + 1;
                let fresh = Judge::start(&self.spec).map_err(|e| {
                    format!("the judge failed ({first}) and could not be restarted: {e}")
                })?;
                *self = fresh; // drops (kills) the old process
                self.restarts = restarts;
                self.try_evaluate(position).map_err(|second| {
                    format!(
                        "the judge {} failed on 'position {position}': {first}; restarted, it failed again: {second}",
                        self.spec.path.display()
                    )
                })
            }
        }
    }

    /// CPU seconds (user + system) the judge process has used so far (Linux `/proc`; 0
    /// elsewhere).
    pub fn cpu_seconds(&self) -> f64 {
        process_cpu_seconds(self.child.id())
    }

    /// The judge's path.
    pub fn path(&self) -> &Path {
        &self.spec.path
    }
}

impl Drop for Judge {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        // give it a moment to quit, then make sure
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn recv(lines: &Receiver<String>, deadline: Instant, waiting_for: &str) -> Result<String, String> {
    let left = deadline.saturating_duration_since(Instant::now());
    lines.recv_timeout(left).map_err(|e| match e {
        RecvTimeoutError::Timeout => format!("no '{waiting_for}' within the timeout"),
        RecvTimeoutError::Disconnected => {
            format!("the judge exited while waiting for '{waiting_for}'")
        }
    })
}

/// CPU seconds of process `pid` from `/proc/<pid>/stat` (utime + stime); 0 if unreadable.
pub fn process_cpu_seconds(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // the command name (field 2) is in parentheses and may contain spaces
    let Some(after) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
        return 0.0;
    };
    let fields: Vec<&str> = after.split_whitespace().collect();
    // fields[0] is the state (field 3); utime and stime are fields 14 and 15
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i).and_then(|f| f.parse::<f64>().ok()))
        .sum();
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if hz <= 0 { 0.0 } else { ticks / hz as f64 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_scores() {
        let s =
            parse_info_score("info depth 16 seldepth 20 multipv 1 score cp 34 upperbound nodes 1");
        assert_eq!(s, Some(Score::Cp(34)));
        assert_eq!(
            parse_info_score("info depth 3 score mate -2 pv e2e4"),
            Some(Score::Mate(-2))
        );
        assert_eq!(parse_info_score("info depth 3 multipv 2 score cp 5"), None);
        assert_eq!(parse_info_score("info string score cp"), None);
        assert_eq!(parse_info_score("bestmove e2e4"), None);
    }

    #[test]
    fn mates_become_large_centipawns() {
        assert_eq!(Score::Mate(1).centipawns(), 9999);
        assert_eq!(Score::Mate(3).centipawns(), 9995);
        assert_eq!(Score::Mate(-1).centipawns(), -9998);
        assert_eq!(Score::Mate(0).centipawns(), -10_000); // mated now
        assert_eq!(Score::Cp(-17).centipawns(), -17);
    }
}
