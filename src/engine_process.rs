//! An engine in its own process, spoken to by lines: started with its stdin and stdout piped, a
//! reader thread forwarding its lines through a channel (so every read has a deadline, and an
//! engine that hangs is told apart from one that thinks), its CPU time read from `/proc`, and
//! killed when dropped. Used by the judge (`judge/uci_client.rs`) and by external players
//! (`external/`); what is said over the pipe is theirs, but for the one thing both read the
//! same way: the score of a UCI `info` line ([`parse_info_score`]).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// What the engine is called in messages (`the judge`, `sf1500`).
    who: String,
}

/// Why a line did not come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing within the deadline.
    Timeout(String),
    /// The process closed its output (it exited or crashed).
    Exited(String),
    /// It refused a move it was sent (xboard's `Illegal move: ...`): the line.
    Refused(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Timeout(s) | ReadError::Exited(s) | ReadError::Refused(s) => f.write_str(s),
        }
    }
}

impl EngineProcess {
    /// Starts `program` with `args` (in `dir` if given), stderr discarded. `who` names it in
    /// messages.
    pub fn start(
        program: &Path,
        args: &[String],
        dir: Option<&Path>,
        who: &str,
    ) -> Result<EngineProcess, String> {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        // the engine dies with the thread that started it (a match's worker, the command's
        // main thread), whatever ends that: no engine outlives its run, even one that would
        // never read the end of its input
        #[cfg(target_os = "linux")]
        // SAFETY: between fork and exec only prctl, which is async-signal-safe, is called.
        unsafe {
            use std::os::unix::process::CommandExt;
            command.pre_exec(|| {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {who} {}: {e}", program.display()))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            // bytes, not UTF-8: an engine printing garbage still has its lines read
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            who: who.to_string(),
        })
    }

    /// Writes `line` and a newline.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("cannot write to {} (did it exit?): {e}", self.who))
    }

    /// The next line, waiting until `deadline` at most; `waiting_for` names what is awaited.
    pub fn recv(&self, deadline: Instant, waiting_for: &str) -> Result<String, ReadError> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(left).map_err(|e| match e {
            RecvTimeoutError::Timeout => ReadError::Timeout(format!(
                "{} sent no '{waiting_for}' within the timeout",
                self.who
            )),
            RecvTimeoutError::Disconnected => ReadError::Exited(format!(
                "{} exited while we waited for '{waiting_for}'{}",
                self.who,
                self.exit_note()
            )),
        })
    }

    /// Lines already sent and not yet read, taken (what an engine printed after its answer or
    /// in answer to a move it was sent).
    pub fn drain(&self) -> Vec<String> {
        let mut out = Vec::new();
        while let Ok(line) = self.lines.try_recv() {
            out.push(line);
        }
        out
    }

    /// `(exit status ...)` if the process has ended, else nothing.
    fn exit_note(&self) -> String {
        // try_wait needs &mut; the status is read from /proc instead
        match std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())) {
            Ok(stat) if stat.contains(") Z") => " (it died)".to_string(),
            Err(_) => " (it is gone)".to_string(),
            _ => String::new(),
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// CPU seconds the process has used so far, all its threads (Linux `/proc`).
    pub fn cpu_seconds(&self) -> f64 {
        process_cpu_seconds(self.child.id())
    }

    /// Says `quit` (or nothing if `quit` is empty), waits `grace` for it to exit, then kills it.
    pub fn stop(&mut self, quit: &str, grace: Duration) {
        if !quit.is_empty() {
            let _ = writeln!(self.stdin, "{quit}");
            let _ = self.stdin.flush();
        }
        let until = Instant::now() + grace;
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

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stop("quit", Duration::from_millis(200));
    }
}

/// CPU seconds (user + system, all threads, those that have exited included) of process
/// `pid`: its CPU-time clock (`clock_getcpuclockid`, nanoseconds), else `/proc/<pid>/stat`'s
/// utime + stime (clock ticks); 0 if neither can be read.
pub fn process_cpu_seconds(pid: u32) -> f64 {
    if let Some(s) = cpu_clock_seconds(pid) {
        return s;
    }
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

fn cpu_clock_seconds(pid: u32) -> Option<f64> {
    let mut clock: libc::clockid_t = 0;
    // SAFETY: plain calls with valid pointers to locals.
    unsafe {
        if libc::clock_getcpuclockid(pid as libc::pid_t, &mut clock) != 0 {
            return None;
        }
        let mut ts = std::mem::zeroed::<libc::timespec>();
        if libc::clock_gettime(clock, &mut ts) != 0 {
            return None;
        }
        Some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
    }
}

/// The value a mate score is mapped to, before the distance: a mate in `p` plies for the side
/// it favours is `MATE - p` centipawns (and `-(MATE - p)` against it).
pub const MATE: i32 = 10_000;

/// A UCI engine's score of a position (an `info` line's `score`), from the side to move's view.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_deadlines_and_exit() {
        let sh = Path::new("/bin/sh");
        let script = "read x; echo \"got $x\"; printf 'bad \\377 bytes\\n'; read y; exit 3";
        let mut p = EngineProcess::start(sh, &["-c".into(), script.into()], None, "the test")
            .expect("sh starts");
        let soon = || Instant::now() + Duration::from_secs(5);
        p.send("hello").unwrap();
        assert_eq!(p.recv(soon(), "got").unwrap(), "got hello");
        assert_eq!(p.recv(soon(), "bad").unwrap(), "bad \u{fffd} bytes");
        let quick = Instant::now() + Duration::from_millis(50);
        assert!(matches!(p.recv(quick, "more"), Err(ReadError::Timeout(_))));
        p.send("bye").unwrap();
        assert!(matches!(p.recv(soon(), "more"), Err(ReadError::Exited(_))));
        assert!(p.cpu_seconds() >= 0.0);
    }

    #[test]
    fn a_missing_program_is_a_clear_error() {
        let e = EngineProcess::start(Path::new("/no/such/engine"), &[], None, "sf")
            .err()
            .unwrap();
        assert!(e.contains("cannot start sf /no/such/engine: "), "{e}");
    }

    #[test]
    fn cpu_time_never_drops() {
        // a shell that works, then sleeps: its CPU time, read through its CPU-time clock (which
        // keeps the time of threads that have ended, as /proc's per-thread files do not), never
        // goes down
        let p = EngineProcess::start(
            Path::new("/bin/sh"),
            &[
                "-c".into(),
                "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done; sleep 5".into(),
            ],
            None,
            "busy",
        )
        .unwrap();
        std::thread::sleep(Duration::from_millis(50));
        let mut last = 0.0;
        for _ in 0..20 {
            let now = p.cpu_seconds();
            assert!(now >= last, "{now} < {last}");
            last = now;
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            cpu_clock_seconds(p.pid()).is_some(),
            "the CPU-time clock of a child"
        );
    }

    #[test]
    fn cpu_time_of_a_busy_process_grows() {
        let p = EngineProcess::start(
            Path::new("/bin/sh"),
            &[
                "-c".into(),
                "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; sleep 5".into(),
            ],
            None,
            "busy",
        )
        .unwrap();
        let until = Instant::now() + Duration::from_secs(5);
        while p.cpu_seconds() < 0.05 && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(p.cpu_seconds() >= 0.05, "{}", p.cpu_seconds());
    }
}
