//! One running process of the instrumented C: its root-trace and think lines parsed, move lines
//! fed (whether it played them), thinks under a limit line.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// One line of the instrumented C's root trace:
/// `printf("%2d ply, %9d searched, %6d by (%2x,%2x)\n",d-1,N,m,X,Y&0x77)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trace {
    pub ply: i32,
    pub nodes: u64,
    pub x: i32,
    pub y: i32,
}

/// Parses a root-trace line; `None` for any other line (the board).
pub fn parse_trace(line: &str) -> Option<Trace> {
    let (ply, rest) = line.split_once(" ply,")?;
    let (nodes, rest) = rest.split_once(" searched,")?;
    let (_, squares) = rest.split_once('(')?;
    let (x, y) = squares.trim_end().trim_end_matches(')').split_once(',')?;
    let hex = |s: &str| i32::from_str_radix(s.trim(), 16).ok();
    Some(Trace {
        ply: ply.trim().parse().ok()?,
        nodes: nodes.trim().parse().ok()?,
        x: hex(x)?,
        y: hex(y)?,
    })
}

/// The line the instrumented C prints after every think once it has read a limit line (`#L`):
/// `think %d nodes, K,L (%2x,%2x)`: the think's `N` and the move it offers, which the root
/// trace cannot show when no iteration ran (a limit of 1 or less, or a root answered from the
/// hash).
pub fn parse_think_line(line: &str) -> Option<(u64, i32, i32)> {
    let rest = line.strip_prefix("think ")?;
    let (nodes, rest) = rest.split_once(" nodes, K,L (")?;
    let (x, y) = rest.trim_end().strip_suffix(')')?.split_once(',')?;
    let hex = |s: &str| i32::from_str_radix(s.trim(), 16).ok();
    Some((nodes.trim().parse().ok()?, hex(x)?, hex(y)?))
}

/// The C main loop's move parsing of a move line (see [`micromax::mm32::c_move`]), as `K`,`L`.
pub fn c_squares(uci: &str) -> (i32, i32) {
    let (k, l) = micromax::mm32::c_move(uci);
    (k as i32, l as i32)
}

/// Seconds a C process may take to print its first board, unless told otherwise
/// (`umax verify-c --first-board-timeout`).
pub const FIRST_BOARD_S: f64 = 10.0;

/// How long a C process may take: to print its first board, and for one think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timeouts {
    pub first_board_s: f64,
    pub think_s: f64,
}

impl From<f64> for Timeouts {
    /// `first_board_s` for the first board, [`THINK_S`] for a think.
    fn from(first_board_s: f64) -> Timeouts {
        Timeouts {
            first_board_s,
            think_s: THINK_S,
        }
    }
}

/// Wall seconds one think of the C may take before it is stopped as stuck (`umax verify-c
/// --think-timeout`): the longest think of the committed runs' replays took a few seconds (a
/// last iteration of 31.6 M nodes at 60 s); a search that does not stop runs for ever.
pub const THINK_S: f64 = 600.0;

/// One running C process.
pub struct CProcess {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// `K`,`L` as the last move line set them (what a root answered from the hash offers).
    last_fed: (i32, i32),
    /// The last `think` line read (node-clock replays only).
    think_line: Option<(u64, i32, i32)>,
    /// The board the C printed last (its 8 lines): a move line it refuses leaves it unchanged.
    board: String,
    /// Wall seconds a think may take before the C is stopped as stuck ([`THINK_S`] by default).
    pub think_s: f64,
}

/// What one think of the C printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CThink {
    pub x: i32,
    pub y: i32,
    pub nodes: u64,
    /// Deepest iteration, a mate-finding one (printed as ply 98) counted one deeper than the
    /// one before it, as the runner's depth columns (`engine::searched_depth`).
    pub depth: i32,
    /// Whether the C's legality check played the move it offered (its board changed).
    pub played: bool,
}

impl CProcess {
    /// Starts `binary` and reads its first board, waiting at most `first_board_s` seconds for it
    /// ([`FIRST_BOARD_S`] unless told otherwise).
    pub fn spawn(binary: &Path, timeouts: impl Into<Timeouts>) -> Result<CProcess, String> {
        let Timeouts {
            first_board_s,
            think_s,
        } = timeouts.into();
        let mut command = Command::new("stdbuf");
        command
            .arg("-oL")
            .arg(local(binary))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // the C spins forever once its input ends: if this process is killed before it can
        // stop the C (a replay interrupted), the kernel stops it (the setting survives the exec
        // of stdbuf and of the C, neither set-user-ID)
        // SAFETY: between fork and exec the closure calls only prctl(2) and getppid(2), both
        // async-signal-safe, and allocates nothing
        unsafe {
            let parent = libc::getpid();
            command.pre_exec(move || {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                if libc::getppid() != parent {
                    libc::_exit(1); // the parent is already gone
                }
                Ok(())
            });
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start stdbuf -oL {}: {e}", binary.display()))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut p = CProcess {
            child,
            stdin,
            stdout,
            last_fed: (0, 0),
            think_line: None,
            board: String::new(),
            think_s,
        };
        // micro-Max prints its board at once: a program that prints none within a few seconds
        // (not micro-Max, e.g. a filter waiting for input) is stopped, not waited on forever
        let first = p.within(first_board_s, |p| p.reply()).map_err(|e| {
            format!(
                "{}: printed no board (not micro-Max, or stopped after {first_board_s} s without one): {e}",
                binary.display()
            )
        });
        let first = first?;
        if !first.is_empty() {
            return Err(format!("{}: a trace before any input", binary.display()));
        }
        Ok(p)
    }

    /// Runs `f` on this process, killing the C if `f` has not returned within `seconds` (its
    /// reads then end): the watchdog of a C that does not answer.
    fn within<R>(&mut self, seconds: f64, f: impl FnOnce(&mut CProcess) -> R) -> R {
        let pid = self.child.id();
        let watch = std::sync::Arc::new((std::sync::Mutex::new(false), std::sync::Condvar::new()));
        let watched = watch.clone();
        std::thread::spawn(move || {
            let (done, signal) = &*watched;
            let done = done.lock().unwrap_or_else(|e| e.into_inner());
            // wakes as soon as `f` returns (the thread ends then, not after the wait)
            let (done, _) = signal
                .wait_timeout_while(done, std::time::Duration::from_secs_f64(seconds), |d| !*d)
                .unwrap_or_else(|e| e.into_inner());
            if !*done {
                // SAFETY: kill(2) of the child this process started; the flag is set (under
                // this lock) before the process can be dropped and the child reaped, so while
                // it is unset the pid is still our unreaped child's
                unsafe {
                    libc::kill(pid as i32, libc::SIGKILL);
                }
            }
        });
        let r = f(self);
        *watch.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
        watch.1.notify_one();
        r
    }

    /// What the C prints for one line: its trace lines, then the board (8 lines, kept in
    /// `board`).
    fn reply(&mut self) -> Result<Vec<Trace>, String> {
        let mut traces = Vec::new();
        let mut board_lines = 0;
        self.board.clear();
        while board_lines < 8 {
            let mut line = String::new();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| format!("reading the C process: {e}"))?;
            if n == 0 {
                return Err("the C process ended (is it an instrumented trace build?)".into());
            }
            if let Some(t) = parse_think_line(&line) {
                self.think_line = Some(t);
                continue;
            }
            match parse_trace(&line) {
                Some(t) => traces.push(t),
                None if line.contains(" ply,") => {
                    return Err(format!("unreadable trace line: {line:?}"));
                }
                None => {
                    board_lines += 1;
                    self.board.push_str(&line);
                }
            }
        }
        Ok(traces)
    }

    /// A limit line `#L` of the instrumented C: the node limit of the thinks that follow (the
    /// node clock's share). The C reads it as no line at all: nothing is printed.
    pub fn set_limit(&mut self, limit: i64) -> Result<(), String> {
        writeln!(self.stdin, "#{}", limit.max(0))
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("writing to the C process: {e}"))
    }

    /// A line, and the C's answer to it; a C that has not answered within `think_s` (a think
    /// that does not stop) is stopped and named.
    pub(super) fn send(&mut self, line: &str) -> Result<Vec<Trace>, String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("writing to the C process: {e}"))?;
        let seconds = self.think_s;
        self.within(seconds, |p| p.reply()).map_err(|e| {
            format!(
                "the C's answer to {:?} did not end within {seconds} s (a search that does not stop?), stopped: {e}",
                if line.is_empty() { "an empty line (a think)" } else { line }
            )
        })
    }

    /// A move line (the first four characters of a UCI move: the C ignores the rest). Returns
    /// whether the C played it: its legality check refuses a move by leaving the board as it
    /// was (a move it plays always changes the board).
    pub fn feed(&mut self, uci: &str) -> Result<bool, String> {
        let line = uci.get(..4).ok_or_else(|| format!("bad move {uci:?}"))?;
        let before = std::mem::take(&mut self.board);
        if !self.send(line)?.is_empty() {
            return Err(format!("the C thought after the move line {line}"));
        }
        self.last_fed = c_squares(uci);
        Ok(self.board != before)
    }

    /// An empty line: the C thinks and plays (unless its legality check refuses the move it
    /// offers: then its board is unchanged).
    pub fn think(&mut self) -> Result<CThink, String> {
        self.think_line = None;
        let before = std::mem::take(&mut self.board);
        let traces = self.send("")?;
        let played = self.board != before;
        let depth = micromax::searched_depth(traces.iter().map(|t| t.ply));
        if let Some((nodes, x, y)) = self.think_line.take() {
            // after a limit line the C says what the think searched and offers
            return Ok(CThink {
                x,
                y,
                nodes,
                depth,
                played,
            });
        }
        Ok(match traces.last() {
            Some(t) => CThink {
                x: t.x,
                y: t.y,
                nodes: t.nodes,
                depth,
                played,
            },
            None => CThink {
                x: self.last_fed.0,
                y: self.last_fed.1,
                nodes: 0,
                depth: 0,
                played,
            }, // K,L unchanged
        })
    }
}

impl Drop for CProcess {
    fn drop(&mut self) {
        let _ = self.child.kill(); // it would loop forever at end of input
        let _ = self.child.wait();
    }
}

/// `binary` as a program to run: a bare file name (`mm-old`) is the file in the current
/// directory, not a program looked up in `PATH`.
pub(super) fn local(binary: &Path) -> std::path::PathBuf {
    if binary.is_relative() && binary.components().count() == 1 {
        Path::new(".").join(binary)
    } else {
        binary.to_path_buf()
    }
}
