//! Running the `umax` binary from tests: with all input at once and a time limit, or as an
//! interactive UCI process. A test that would hang fails instead (the process is killed).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
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
/// `timeout` for the process to end (killing it and failing the test if it does not).
pub fn run_with_input(args: &[&str], input: &[u8], timeout: Duration) -> Outcome {
    let started = Instant::now();
    let mut child = Command::new(umax())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("umax starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // A writer thread: the process may stop reading (quit) before all input is written.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_reader = thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stdout.read_to_end(&mut v);
        v
    });
    let err_reader = thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stderr.read_to_end(&mut v);
        String::from_utf8_lossy(&v).into_owned()
    });
    let status = wait_or_kill(&mut child, timeout, args);
    let _ = writer.join();
    Outcome {
        status,
        stdout: out_reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
        elapsed: started.elapsed(),
    }
}

fn wait_or_kill(child: &mut Child, timeout: Duration, args: &[&str]) -> ExitStatus {
    let until = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            panic!("umax {args:?} did not end within {timeout:?} (hang)");
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// The position after `moves` (UCI, each legal) from `fen` (`None`: the initial position).
pub fn position_after(fen: Option<&str>, moves: &[&str]) -> shakmaty::Chess {
    use shakmaty::Position;
    let mut pos = match fen {
        None => shakmaty::Chess::default(),
        Some(f) => umax::fen::parse_fen(f).unwrap(),
    };
    for m in moves {
        let mv = umax::chess::parse_uci(&pos, m).unwrap();
        pos.play_unchecked(mv);
    }
    pos
}

/// An interactive `umax uci` process.
pub struct Uci {
    child: Child,
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
            .spawn()
            .expect("umax uci starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
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
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
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
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "umax closed its output; transcript:\n{}",
                    self.transcript.join("\n")
                ),
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
        wait_or_kill(&mut self.child, timeout, &["uci"])
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
