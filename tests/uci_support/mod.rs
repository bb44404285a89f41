//! Running the `umax` binary from tests: with all input at once and a time limit, or as an
//! interactive UCI process. A test that would hang fails instead (the process group is killed:
//! `common::deadline`).

#![allow(dead_code)]

use crate::common::deadline::{Deadline, Guarded, Kind};
use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

pub fn umax() -> String {
    crate::common::umax_bin()
}

/// What a finished run gave.
pub struct Outcome {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub elapsed: Duration,
}

impl Outcome {
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    pub fn lines(&self) -> Vec<String> {
        self.stdout_text().lines().map(str::to_string).collect()
    }

    /// Exit 0, nothing that looks like a panic or a crash.
    pub fn assert_clean(&self, what: &str) {
        assert!(
            !self.stderr.contains("panicked"),
            "{what}: panic:\n{}",
            self.stderr
        );
        assert!(
            self.status.success(),
            "{what}: exit status {:?}, stderr:\n{}",
            self.status,
            self.stderr
        );
    }
}

/// Runs `umax args...`, writes `input` to its standard input and closes it, and waits at most
/// `timeout` for the process to end (killing its process group and failing the test if it does
/// not: `timeout` is its deadline).
pub fn run_with_input(args: &[&str], input: &[u8], timeout: Duration) -> Outcome {
    let started = Instant::now();
    let what = format!("umax {}", args.first().copied().unwrap_or(""));
    let out = Command::new(umax())
        .args(args)
        .output_with_input(&what, input, timeout);
    Outcome {
        status: out.status,
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        elapsed: started.elapsed(),
    }
}

/// The position after `moves` (UCI, each legal) from `fen` (`None`: the initial position).
pub fn position_after(fen: Option<&str>, moves: &[&str]) -> shakmaty::Chess {
    use shakmaty::Position;
    let mut pos = match fen {
        None => shakmaty::Chess::default(),
        Some(f) => micromax::fen::parse_fen(f).unwrap(),
    };
    for m in moves {
        let mv = umax::chess::parse_uci(&pos, m).unwrap();
        pos.play_unchecked(mv);
    }
    pos
}

/// An interactive `umax uci` process, killed at the deadline of a search session
/// ([`Kind::Search`]) if the test has not finished with it.
pub struct Uci {
    /// `None` once finished.
    child: Option<Guarded>,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far (for failure messages).
    pub transcript: Vec<String>,
}

impl Uci {
    pub fn spawn(args: &[&str]) -> Uci {
        let mut all = vec!["uci"];
        all.extend_from_slice(args);
        let mut child = Command::new(umax())
            .args(&all)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn_within("a umax uci session", Kind::Search.limit());
        let stdin = child.child.stdin.take();
        let stdout = child.child.stdout.take().unwrap();
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci {
            child: Some(child),
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        let sent = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        if let Err(e) = sent {
            self.check_deadline();
            panic!(
                "cannot send {line:?} to umax: {e}; transcript:\n{}",
                self.transcript.join("\n")
            );
        }
    }

    /// Panics with the deadline's message (and the transcript) if the session's deadline has
    /// fired: its process group is then dead.
    fn check_deadline(&self) {
        if let Some(message) = self.child.as_ref().and_then(Guarded::fired) {
            panic!("{message}; transcript:\n{}", self.transcript.join("\n"));
        }
    }

    /// Reads lines until one satisfies `done`; returns the lines read (the last one matches).
    pub fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let until = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    let end = done(&line);
                    got.push(line);
                    if end {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no expected line within {timeout:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
                Err(RecvTimeoutError::Disconnected) => {
                    self.check_deadline();
                    panic!(
                        "umax closed its output; transcript:\n{}",
                        self.transcript.join("\n")
                    )
                }
            }
        }
    }

    /// `bestmove`'s move, waiting at most `timeout`; also returns the `info` lines before it.
    pub fn bestmove(&mut self, timeout: Duration) -> (String, Vec<String>) {
        let lines = self.until(timeout, |l| l.starts_with("bestmove"));
        let best = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap_or("")
            .to_string();
        (best, lines)
    }

    /// Closes standard input and waits for the exit.
    pub fn finish(mut self, timeout: Duration) -> ExitStatus {
        drop(self.stdin.take());
        let child = self.child.take().expect("a running session");
        child.wait_at_most(timeout, || {
            format!("umax [\"uci\"] did not end within {timeout:?} (hang)")
        })
    }
}

// Dropping a `Uci` drops its `Guarded` child: the process group is killed and the child reaped.
