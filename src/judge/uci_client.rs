//! The judge: a UCI engine driven as a separate process, at a fixed node budget with a fixed
//! hash and one thread, so that a judgement is reproducible (a single-threaded node-limited
//! search after `ucinewgame` is deterministic).
//!
//! Every read has a timeout (a reader thread forwards the judge's lines through a channel), so
//! a judge that hangs is told apart from one that thinks. A judge that dies or hangs is
//! restarted once and the evaluation retried; a second failure in a row is an error.

use crate::engine_process::EngineProcess;
pub use crate::engine_process::{MATE, Score, parse_info_score};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
    /// More options (`--judge-option NAME=VALUE`), set after Hash and Threads.
    pub options: Vec<(String, String)>,
    /// Longest wait for any answer (`uciok`, `readyok`, `bestmove`).
    pub timeout: Duration,
}

/// A running judge process.
pub struct Judge {
    spec: JudgeSpec,
    process: EngineProcess,
    /// `id name` of the judge.
    pub name: String,
    /// Restarts so far.
    pub restarts: u32,
}

impl Judge {
    /// Starts the judge and checks that it answers `uci` and `isready`. Errors name the path.
    pub fn start(spec: &JudgeSpec) -> Result<Judge, String> {
        let process = EngineProcess::start(&spec.path, &spec.args, None, "the judge")?;
        let mut judge = Judge {
            spec: spec.clone(),
            process,
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
        self.process.send("uci")?;
        let deadline = Instant::now() + self.spec.timeout;
        let mut declared = Vec::new();
        loop {
            let line = self.recv(deadline, "uciok")?;
            if let Some(n) = line.strip_prefix("id name ") {
                self.name = n.trim().to_string();
            }
            if let Some(o) = line.strip_prefix("option name ") {
                declared.push(o.split(" type ").next().unwrap_or(o).trim().to_string());
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        let hash = self.spec.hash_mb;
        self.process
            .send(&format!("setoption name Hash value {hash}"))?;
        self.process.send("setoption name Threads value 1")?;
        for (k, v) in &self.spec.options {
            if !declared.iter().any(|d| d.eq_ignore_ascii_case(k)) {
                return Err(format!(
                    "it has no option '{k}' (it declared: {})",
                    declared.join(", ")
                ));
            }
            self.process
                .send(&format!("setoption name {k} value {v}"))?;
        }
        self.ready()
    }

    fn recv(&self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        self.process
            .recv(deadline, waiting_for)
            .map_err(|e| e.to_string())
    }

    fn ready(&mut self) -> Result<(), String> {
        self.process.send("isready")?;
        let deadline = Instant::now() + self.spec.timeout;
        while self.recv(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// The judge's score of `position` (a UCI `position` argument: `startpos moves ...` or
    /// `fen ... moves ...`), from the side to move's view, after `go nodes N` on an empty
    /// hash (or `go depth D`). The score is the one of the last `info` line before `bestmove`
    /// (bound or not).
    fn try_evaluate(&mut self, position: &str) -> Result<Score, String> {
        self.process.send("ucinewgame")?;
        self.ready()?;
        self.process.send(&format!("position {position}"))?;
        let go = match self.spec.depth {
            Some(d) => format!("go depth {d}"),
            None => format!("go nodes {}", self.spec.nodes),
        };
        self.process.send(&go)?;
        let deadline = Instant::now() + self.spec.timeout;
        let mut score = None;
        loop {
            let line = self.recv(deadline, "bestmove")?;
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
        self.process.cpu_seconds()
    }

    /// The judge's path.
    pub fn path(&self) -> &Path {
        &self.spec.path
    }
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
