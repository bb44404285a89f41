//! Every process a test starts has a deadline. A program that never ends (a search edited so that
//! it never stops) fails its test within minutes, with a message that names what was running,
//! instead of hanging the suite with processes burning CPU.
//!
//! - [`Deadline::output_within`] and its variants replace `Command::output` and
//!   `Command::status`: the child runs in a process group of its own, its stdout and stderr are
//!   read by threads (no pipe deadlock), and if it has not ended at the limit the whole group is
//!   killed (SIGKILL), the child reaped, and the test panics: `deadline: WHAT still running after
//!   N s: killed process group PGID: COMMAND LINE`.
//! - [`Deadline::spawn_within`] starts an interactive child (a UCI session, a C twin read line by
//!   line, a run the test interrupts): a [`Guarded`] child with a watchdog thread that kills its
//!   process group at the deadline unless the guard is dropped first. The child's reads then meet
//!   end of file; the code reading them calls [`Guarded::check`], which panics with the
//!   deadline's message.
//!
//! The limits are by kind of process ([`Kind`]), in one place, and `UMAX_TEST_DEADLINE_SCALE`
//! (a number, default 1) multiplies every limit for a slow machine. Once one deadline has fired
//! in a test process, every process gets at most [`AFTER_A_DEADLINE`], and [`CUT_FOR`] later none
//! starts: if a search hangs, every test that searches would otherwise wait out a full limit of
//! its own, and the suite would take an hour to fail instead of minutes.
//!
//! `UMAX_TEST_DEADLINE_LOG=FILE` appends one line per finished process to FILE: its seconds, its
//! limit, what it was and its command line (how the limits below were measured).
//!
//! A child in a process group of its own no longer receives the terminal's Ctrl-C with the test
//! process: the test process kills the groups of its running children when Ctrl-C (SIGINT),
//! SIGTERM, SIGHUP or SIGQUIT ends it. (`PR_SET_PDEATHSIG` would need a `pre_exec` hook, which
//! makes every spawn a fork of the whole test process: 100 ms a spawn with 1 GB in use, against
//! 2 ms.)

#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::{self, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The kinds of process the tests start, each with its default limit.
///
/// How the limits were chosen (2026-12-02): every module that starts processes was run with
/// `UMAX_TEST_DEADLINE_LOG` on the 2-core VM while a background match used both cores (at nice
/// 10) and the other engineer built: a loaded machine, on which processes took two to five times
/// their CPU time. Each limit is 3-7 times the slowest process of its kind there (given below;
/// the suite's own parallelism included: golden and parity run eight sessions at once), about
/// ten times the slowest on an idle machine, and at most five minutes: if a search hangs, the
/// suite must fail within its usual time plus a few minutes (see [`AFTER_A_DEADLINE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A command that plays no game: `--version`, `umax report`, `recover`, a refused argument,
    /// a tool's `--version`, `git rev-parse`. Slowest: 3.5 s (a refused argument, loaded); most
    /// take under 0.5 s. Limit 60 s.
    Quick,
    /// One process that searches: `umax play` or a C twin on a session, a `umax uci` session,
    /// `umax bench`, `umax anatomy`. Slowest: 34 s (`umax bench` of a build, nine benches at
    /// once), 16 s (a session at 5,000 nodes, eight at once). Limit 120 s.
    Search,
    /// A session whose thinks have the published limit of 10 million nodes (`default-limit`),
    /// in umax or in the C: 78 s and 97 s loaded, eight sessions at once (the search alone: 7 s
    /// of CPU). Limit 300 s.
    LongSearch,
    /// Games: `umax match`, `tournament`, `judge`, `verify-c`, `reproduce`. Slowest: 18 s (a
    /// 12-game match, loaded). Limit 180 s.
    Games,
    /// A Python script: a script's tests, a report's check, the python-chess session. Slowest:
    /// 13 s (`scripts/branch_shares.py --check`, loaded). Limit 120 s.
    Script,
    /// `scripts/build-original.sh`: compiles the C twins. Slowest: 8.4 s (every twin from
    /// scratch, loaded). Limit 120 s.
    Build,
    /// Making the python-chess virtual environment (`python3 -m venv`, then `pip install` from
    /// the wheel cache or PyPI): 18 s for both, from the wheel cache. Limit 180 s each (PyPI may
    /// be slow).
    Install,
}

impl Kind {
    /// The limit of this kind of process (before `UMAX_TEST_DEADLINE_SCALE`, which the
    /// functions of this module apply to every limit they are given).
    pub fn limit(self) -> Duration {
        Duration::from_secs(match self {
            Kind::Quick => 60,
            Kind::Search => 120,
            Kind::LongSearch => 300,
            Kind::Games => 180,
            Kind::Script => 120,
            Kind::Build => 120,
            Kind::Install => 180,
        })
    }
}

/// Once a deadline has fired in this test process, a process may run at most this long (times
/// the scale), those running already included, for [`CUT_FOR`]; after that no process starts
/// (its test fails at once, naming the first deadline). If a search hangs, every test that
/// searches would otherwise wait out a full limit of its own, one after the other, and the suite
/// would take an hour to fail instead of minutes: with the cut, its last process ends at most the
/// first limit, [`CUT_FOR`] and one cut after the hang began. 30 s: twice the slowest session at
/// 5,000 nodes on the loaded machine, so that most tests that still work still pass.
pub const AFTER_A_DEADLINE: Duration = Duration::from_secs(30);

/// How long after the first deadline processes may still start (times the scale).
pub const CUT_FOR: Duration = Duration::from_secs(90);

/// The first deadline that fired in this test process: when, and what it killed.
static FIRST: OnceLock<(Instant, String)> = OnceLock::new();

thread_local! {
    /// Inside [`rehearsal`]: a deadline that fires cuts no later limit, and processes start
    /// whatever deadlines have fired.
    static REHEARSAL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` (the tests of this module) with deadlines meant to fire: they cut no later limit
/// ([`AFTER_A_DEADLINE`]), and its processes start even after [`CUT_FOR`].
pub fn rehearsal<T>(f: impl FnOnce() -> T) -> T {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            REHEARSAL.with(|r| r.set(self.0));
        }
    }
    let _reset = Reset(REHEARSAL.with(|r| r.replace(true)));
    f()
}

/// `UMAX_TEST_DEADLINE_SCALE`: the multiplier of every limit (default 1).
pub fn scale() -> f64 {
    static SCALE: OnceLock<f64> = OnceLock::new();
    *SCALE.get_or_init(|| match std::env::var("UMAX_TEST_DEADLINE_SCALE") {
        Err(_) => 1.0,
        Ok(s) if s.trim().is_empty() => 1.0,
        Ok(s) => match s.trim().parse::<f64>() {
            Ok(x) if x.is_finite() && x > 0.0 => x,
            _ => panic!("UMAX_TEST_DEADLINE_SCALE={s:?} is not a positive number"),
        },
    })
}

/// One process's limit: `limit` times the scale, and cut to [`AFTER_A_DEADLINE`] once another
/// deadline has fired.
#[derive(Clone, Debug)]
struct Limit {
    /// Before the scale.
    given: Duration,
    /// Inside [`rehearsal`]: never cut.
    rehearsal: bool,
}

impl Limit {
    /// Panics instead of starting `what` once [`CUT_FOR`] has passed since the first deadline.
    #[track_caller]
    fn new(given: Duration, what: &str, line: &str) -> Limit {
        let rehearsal = REHEARSAL.with(|r| r.get());
        if let (false, Some((at, first))) = (rehearsal, FIRST.get()) {
            if at.elapsed() > CUT_FOR.mul_f64(scale()) {
                panic!(
                    "deadline: {what} not started: {line}: a process of this test run met its \
                     deadline {:.0} s ago ({first}; see that test's failure), and no process \
                     starts more than {} s after that",
                    at.elapsed().as_secs_f64(),
                    fmt_secs(CUT_FOR.mul_f64(scale()))
                );
            }
        }
        Limit { given, rehearsal }
    }

    fn scaled(&self) -> Duration {
        self.given.mul_f64(scale())
    }

    /// The limit now, and what to say of it in a deadline's message.
    fn now(&self) -> (Duration, String) {
        let scaled = self.scaled();
        let cut = AFTER_A_DEADLINE.mul_f64(scale());
        if let (false, Some((_, first))) = (self.rehearsal, FIRST.get()) {
            if cut < scaled {
                return (
                    cut,
                    format!(
                        "its limit: {} s, cut from {} s because an earlier process of this test \
                         run met its deadline: {first}",
                        fmt_secs(cut),
                        fmt_secs(scaled)
                    ),
                );
            }
        }
        let note = if scale() != 1.0 {
            format!(
                "its limit: {} s ({} s times UMAX_TEST_DEADLINE_SCALE={})",
                fmt_secs(scaled),
                fmt_secs(self.given),
                scale()
            )
        } else {
            format!(
                "its limit: {} s; UMAX_TEST_DEADLINE_SCALE multiplies the limits on a slow machine",
                fmt_secs(scaled)
            )
        };
        (scaled, note)
    }
}

/// A word of a command line as a shell would need it.
pub fn shell_quote(word: &OsStr) -> String {
    let s = word.to_string_lossy();
    let plain = |c: char| c.is_ascii_alphanumeric() || "@%+=:,./_-".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        s.into_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// The command line of `cmd`, shell-quoted: the variables it sets, the program, its arguments,
/// and ` (in DIR)` when it runs in another directory.
pub fn command_line(cmd: &Command) -> String {
    let mut words: Vec<String> = cmd
        .get_envs()
        .filter_map(|(k, v)| Some(format!("{}={}", k.to_string_lossy(), shell_quote(v?))))
        .collect();
    words.push(shell_quote(cmd.get_program()));
    words.extend(cmd.get_args().map(shell_quote));
    let mut line = words.join(" ");
    if let Some(dir) = cmd.get_current_dir() {
        line.push_str(&format!(" (in {})", dir.display()));
    }
    line
}

/// Puts the child in a process group of its own (and makes sure that the test process, if
/// interrupted, kills the groups it started: [`on_signal`]).
fn own_group(cmd: &mut Command) {
    cmd.process_group(0);
    static HANDLERS: std::sync::Once = std::sync::Once::new();
    HANDLERS.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
            // SAFETY: sigaction(2) with a handler that only makes async-signal-safe calls; a
            // signal the test process ignores (nohup) stays ignored.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction != libc::SIG_DFL
                {
                    continue;
                }
                let mut new: libc::sigaction = std::mem::zeroed();
                new.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
                libc::sigemptyset(&mut new.sa_mask);
                libc::sigaction(signal, &new, std::ptr::null_mut());
            }
        }
    });
}

/// The process groups of the children running now (0: a free slot). A child in a group of its
/// own no longer receives the terminal's Ctrl-C with the test process: when the test process is
/// interrupted (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT), [`on_signal`] kills these groups first.
/// (SIGKILL cannot be caught: a test process killed so leaves its children to their deadlines'
/// end, that is, running.)
static GROUPS: [AtomicI32; 256] = [const { AtomicI32::new(0) }; 256];

/// Records a running child's group; its slot (`None`: all taken, it is not recorded).
fn register(pgid: u32) -> Option<usize> {
    GROUPS.iter().position(|slot| {
        slot.compare_exchange(0, pgid as i32, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

/// The handler of the signals that end the test process: kills the children's process groups,
/// then ends the test process as the signal would have.
extern "C" fn on_signal(signal: libc::c_int) {
    for slot in &GROUPS {
        let pgid = slot.load(Ordering::SeqCst);
        if pgid > 0 {
            // SAFETY: kill(2) is async-signal-safe; the group is one of our unreaped children's.
            unsafe { libc::kill(-pgid, libc::SIGKILL) };
        }
    }
    // SAFETY: signal(2) and raise(3) are async-signal-safe: the signal, blocked while this
    // handler runs, is delivered with its default action when it returns.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

/// What the watchdog of one child knows.
#[derive(Default)]
struct WatchState {
    /// The guard was dropped (or the child waited for): the watchdog must not kill.
    cancelled: bool,
    /// The deadline fired: its message.
    fired: Option<String>,
}

/// A thread that kills a process group at a deadline, unless cancelled first.
struct Watchdog {
    shared: Arc<(Mutex<WatchState>, Condvar)>,
    thread: Option<JoinHandle<()>>,
    /// The child's slot in [`GROUPS`].
    slot: Option<usize>,
}

impl Watchdog {
    /// Watches the process group `pgid` (the child's pid: it leads its group). `what` and `line`
    /// name it in the message.
    fn start(pgid: u32, what: String, line: String, limit: Limit) -> Watchdog {
        let shared = Arc::new((Mutex::new(WatchState::default()), Condvar::new()));
        let started = Instant::now();
        let thread = {
            let shared = shared.clone();
            thread::Builder::new()
                .name(format!("deadline {pgid}"))
                .spawn(move || {
                    let (lock, cv) = &*shared;
                    let mut state = lock.lock().unwrap_or_else(|e| e.into_inner());
                    while !state.cancelled {
                        // the limit may be cut while the process runs: another deadline fired
                        let (now, note) = limit.now();
                        let left = now.saturating_sub(started.elapsed());
                        if left.is_zero() {
                            // SAFETY: kill(2) of the group our child leads; the child is not
                            // reaped before the watchdog is cancelled, so the id is still ours.
                            unsafe { libc::kill(-(pgid as libc::pid_t), libc::SIGKILL) };
                            let took = started.elapsed().as_secs_f64();
                            if !limit.rehearsal {
                                let _ = FIRST.set((
                                    Instant::now(),
                                    format!("{what}, killed after {took:.0} s"),
                                ));
                            }
                            log(
                                &format!("{what} (killed at its deadline)"),
                                &line,
                                started.elapsed(),
                                now,
                            );
                            state.fired = Some(format!(
                                "deadline: {what} still running after {took:.0} s: killed \
                                 process group {pgid}: {line} ({note})",
                            ));
                            return;
                        }
                        state = cv
                            .wait_timeout(state, left.min(Duration::from_millis(500)))
                            .unwrap_or_else(|e| e.into_inner())
                            .0;
                    }
                })
                .expect("a watchdog thread starts")
        };
        Watchdog {
            shared,
            thread: Some(thread),
            slot: register(pgid),
        }
    }

    /// The deadline's message, if it fired.
    fn fired(&self) -> Option<String> {
        let state = self.shared.0.lock().unwrap_or_else(|e| e.into_inner());
        state.fired.clone()
    }

    /// Stops the watchdog (it kills nothing after this returns); the deadline's message if it
    /// fired first.
    fn cancel(&mut self) -> Option<String> {
        {
            let (lock, cv) = &*self.shared;
            let mut state = lock.lock().unwrap_or_else(|e| e.into_inner());
            state.cancelled = true;
            cv.notify_all();
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        if let Some(slot) = self.slot.take() {
            GROUPS[slot].store(0, Ordering::SeqCst);
        }
        self.fired()
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.cancel();
    }
}

fn fmt_secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s == s.round() {
        format!("{s:.0}")
    } else {
        format!("{s:.1}")
    }
}

/// Blocks until the child has ended, without reaping it: its pid (and so its process group's id)
/// stays ours until `Child::wait`, and a watchdog still running cannot kill a stranger.
fn wait_unreaped(child: &Child) -> io::Result<()> {
    loop {
        // SAFETY: waitid on our own child, into a zeroed siginfo_t.
        let r = unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            libc::waitid(
                libc::P_PID,
                child.id() as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if r == 0 {
            return Ok(());
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// A look at the child without reaping it: `Ok(true)` if it has ended, `Ok(false)` while it
/// runs, `Err(errno)` if it cannot be looked at (ECHILD: reaped already).
fn peek(child: &Child) -> Result<bool, i32> {
    // SAFETY: as in wait_unreaped; WNOHANG leaves si_pid 0 while the child runs.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(
            libc::P_PID,
            child.id() as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOWAIT | libc::WNOHANG,
        );
        if r != 0 {
            return Err(io::Error::last_os_error().raw_os_error().unwrap_or(0));
        }
        Ok(info.si_pid() != 0)
    }
}

/// Whether the child has ended (without reaping it: see [`wait_unreaped`]); an error (ECHILD:
/// reaped already) counts as ended.
fn has_ended(child: &Child) -> bool {
    peek(child) != Ok(false)
}

/// Whether the child has been reaped already (by `Child::wait` or `Child::try_wait`): its pid
/// is then no longer ours to signal.
fn reaped(child: &Child) -> bool {
    peek(child) == Err(libc::ECHILD)
}

/// Appends a finished process to `UMAX_TEST_DEADLINE_LOG`, if set.
fn log(what: &str, line: &str, took: Duration, limit: Duration) {
    let Some(path) = std::env::var_os("UMAX_TEST_DEADLINE_LOG") else {
        return;
    };
    static LOCK: Mutex<()> = Mutex::new(());
    let _held = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(
            f,
            "{:.3}\t{}\t{}\t{}",
            took.as_secs_f64(),
            fmt_secs(limit),
            what,
            line
        );
    }
}

/// The last `n` lines of `bytes`, for a message.
fn tail(bytes: &[u8], n: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// A deadline's message with the last lines of the process's stderr and stdout.
fn with_tails(mut message: String, stdout: &[u8], stderr: &[u8]) -> String {
    for (name, bytes) in [("stderr", stderr), ("stdout", stdout)] {
        let t = tail(bytes, 10);
        if !t.trim().is_empty() {
            message.push_str(&format!("\nthe end of its {name}:\n{t}"));
        }
    }
    message
}

/// Reads `from` to its end in a thread; the bytes arrive on the receiver.
fn read_all(mut from: impl Read + Send + 'static) -> Receiver<Vec<u8>> {
    let (tx, rx) = channel();
    thread::spawn(move || {
        let mut v = Vec::new();
        let _ = from.read_to_end(&mut v);
        let _ = tx.send(v);
    });
    rx
}

/// What a reader thread read: everything, or, after the deadline fired, what it has within a
/// few seconds (a process outside the group may still hold the pipe).
fn collect(rx: &Receiver<Vec<u8>>, watchdog: &Watchdog) -> Vec<u8> {
    let mut fired_at: Option<Instant> = None;
    loop {
        match rx.recv_timeout(Duration::from_millis(200)) {
            Ok(v) => return v,
            Err(RecvTimeoutError::Disconnected) => return Vec::new(),
            Err(RecvTimeoutError::Timeout) => {
                if watchdog.fired().is_some() {
                    let at = *fired_at.get_or_insert_with(Instant::now);
                    if at.elapsed() > Duration::from_secs(5) {
                        return b"(output not collected: its pipe is still open)".to_vec();
                    }
                }
            }
        }
    }
}

/// Starts `cmd` in its own group and waits for it, with a deadline. `input`: written to its
/// stdin (then closed). `capture`: stdout and stderr captured, stdin null unless `input`, as
/// `Command::output`; otherwise the stdio `cmd` has (inherited by default), as
/// `Command::status`. `Err`: it could not start.
#[track_caller]
fn run(
    cmd: &mut Command,
    what: &str,
    input: Option<&[u8]>,
    capture: bool,
    limit: Duration,
) -> io::Result<Output> {
    let line = command_line(cmd);
    let limit = Limit::new(limit, what, &line);
    let seconds = limit.scaled();
    own_group(cmd);
    if capture {
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        if input.is_none() {
            cmd.stdin(Stdio::null());
        }
    }
    if input.is_some() {
        cmd.stdin(Stdio::piped());
    }
    let started = Instant::now();
    let mut child = cmd.spawn()?;
    let mut watchdog = Watchdog::start(child.id(), what.to_string(), line.clone(), limit);
    if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
        let data = input.to_vec();
        // the child may end (or stop reading) before it has read everything: not an error
        thread::spawn(move || {
            let _ = stdin.write_all(&data);
        });
    }
    let stdout = child.stdout.take().map(read_all);
    let stderr = child.stderr.take().map(read_all);
    let waited = wait_unreaped(&child);
    let stdout = stdout.map_or_else(Vec::new, |rx| collect(&rx, &watchdog));
    let stderr = stderr.map_or_else(Vec::new, |rx| collect(&rx, &watchdog));
    let fired = watchdog.cancel();
    let status = child.wait();
    if let Some(message) = fired {
        panic!("{}", with_tails(message, &stdout, &stderr));
    }
    waited?;
    let status = status?;
    log(what, &line, started.elapsed(), seconds);
    Ok(Output {
        status,
        stdout,
        stderr,
    })
}

/// Running a `Command` with a deadline.
pub trait Deadline {
    /// `Command::output` with a deadline: stdin null, stdout and stderr captured. Panics if the
    /// process cannot start or runs past `limit` (then its process group is killed). `what`
    /// names it in the messages ("umax match (old,sd)").
    fn output_within(&mut self, what: &str, limit: Duration) -> Output;

    /// [`Deadline::output_within`] with `input` written to the process's stdin (then closed).
    fn output_with_input(&mut self, what: &str, input: &[u8], limit: Duration) -> Output;

    /// [`Deadline::output_within`] (with `input` if given) that returns the error when the
    /// process cannot start (a program that may be missing); it still panics at the deadline.
    fn try_output_within(
        &mut self,
        what: &str,
        input: Option<&[u8]>,
        limit: Duration,
    ) -> io::Result<Output>;

    /// `Command::status` with a deadline: the stdio as set on the command (inherited by
    /// default; give it a null stdin: in a process group of its own, a child that reads the
    /// terminal is stopped). `Err`: the process could not start; panics at the deadline.
    fn status_within(&mut self, what: &str, limit: Duration) -> io::Result<ExitStatus>;

    /// `Command::spawn` for a process the test talks to: the child in its own process group,
    /// watched until the [`Guarded`] is dropped or waited for. Panics if it cannot start.
    fn spawn_within(&mut self, what: &str, limit: Duration) -> Guarded;
}

impl Deadline for Command {
    #[track_caller]
    fn output_within(&mut self, what: &str, limit: Duration) -> Output {
        match self.try_output_within(what, None, limit) {
            Ok(out) => out,
            Err(e) => panic!("{what}: cannot start {}: {e}", command_line(self)),
        }
    }

    #[track_caller]
    fn output_with_input(&mut self, what: &str, input: &[u8], limit: Duration) -> Output {
        match self.try_output_within(what, Some(input), limit) {
            Ok(out) => out,
            Err(e) => panic!("{what}: cannot start {}: {e}", command_line(self)),
        }
    }

    #[track_caller]
    fn try_output_within(
        &mut self,
        what: &str,
        input: Option<&[u8]>,
        limit: Duration,
    ) -> io::Result<Output> {
        run(self, what, input, true, limit)
    }

    #[track_caller]
    fn status_within(&mut self, what: &str, limit: Duration) -> io::Result<ExitStatus> {
        run(self, what, None, false, limit).map(|o| o.status)
    }

    #[track_caller]
    fn spawn_within(&mut self, what: &str, limit: Duration) -> Guarded {
        let line = command_line(self);
        let limit = Limit::new(limit, what, &line);
        let seconds = limit.scaled();
        own_group(self);
        let child = match self.spawn() {
            Ok(child) => child,
            Err(e) => panic!("{what}: cannot start {line}: {e}"),
        };
        let watchdog = Watchdog::start(child.id(), what.to_string(), line.clone(), limit);
        Guarded {
            child,
            watchdog,
            what: what.to_string(),
            line,
            limit: seconds,
            started: Instant::now(),
        }
    }
}

/// A child the test talks to, with a watchdog that kills its process group at the deadline.
/// Dropping it stops the watchdog, kills the group (the child and anything it started) and reaps
/// the child.
pub struct Guarded {
    /// The child: take its stdin and stdout from here. Wait for it with [`Guarded::wait`] or
    /// [`Guarded::wait_at_most`], not with `Child::wait`.
    pub child: Child,
    watchdog: Watchdog,
    what: String,
    line: String,
    limit: Duration,
    started: Instant,
}

impl Guarded {
    /// The child's pid (it leads its own process group).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The deadline's message, if it has fired (the process group is then dead).
    pub fn fired(&self) -> Option<String> {
        self.watchdog.fired()
    }

    /// Panics with the deadline's message if it has fired: call it when a read from the child
    /// meets end of file or fails.
    #[track_caller]
    pub fn check(&self) {
        if let Some(message) = self.fired() {
            panic!("{message}");
        }
    }

    /// Whether the child has ended (without reaping it).
    pub fn has_ended(&self) -> bool {
        has_ended(&self.child)
    }

    /// Sends `signal` to the child alone (not its group), if it is not reaped yet.
    pub fn signal(&self, signal: libc::c_int) {
        if !reaped(&self.child) {
            // SAFETY: kill(2) of our unreaped child.
            unsafe { libc::kill(self.child.id() as libc::pid_t, signal) };
        }
    }

    /// Waits for the child to end (the deadline's message if it does not by then), and reaps it.
    #[track_caller]
    pub fn wait(mut self) -> ExitStatus {
        let waited = wait_unreaped(&self.child);
        if let Some(message) = self.watchdog.cancel() {
            panic!("{message}");
        }
        waited.expect("waitid on our child");
        let status = self.child.wait().expect("wait for our child");
        log(&self.what, &self.line, self.started.elapsed(), self.limit);
        status
    }

    /// `Child::wait_with_output` with the deadline: reads the child's stdout and stderr (those
    /// piped and not taken) to their end, waits for it and reaps it; the deadline's message,
    /// with the end of its output, if it does not end by then.
    #[track_caller]
    pub fn wait_with_output(mut self) -> Output {
        let stdout = self.child.stdout.take().map(read_all);
        let stderr = self.child.stderr.take().map(read_all);
        let waited = wait_unreaped(&self.child);
        let stdout = stdout.map_or_else(Vec::new, |rx| collect(&rx, &self.watchdog));
        let stderr = stderr.map_or_else(Vec::new, |rx| collect(&rx, &self.watchdog));
        if let Some(message) = self.watchdog.cancel() {
            panic!("{}", with_tails(message, &stdout, &stderr));
        }
        waited.expect("waitid on our child");
        let status = self.child.wait().expect("wait for our child");
        log(&self.what, &self.line, self.started.elapsed(), self.limit);
        Output {
            status,
            stdout,
            stderr,
        }
    }

    /// Kills the child's process group (the child and anything it started) and reaps the child.
    pub fn kill(self) {
        drop(self);
    }

    /// [`Guarded::wait`], but at most `timeout`: after that the process group is killed and
    /// the test panics with `hang()`'s message.
    #[track_caller]
    pub fn wait_at_most(self, timeout: Duration, hang: impl FnOnce() -> String) -> ExitStatus {
        let until = Instant::now() + timeout;
        let mut nap = Duration::from_millis(1);
        while !self.has_ended() {
            self.check();
            if Instant::now() > until {
                drop(self);
                panic!("{}", hang());
            }
            thread::sleep(nap);
            nap = (nap * 2).min(Duration::from_millis(20));
        }
        self.wait()
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        let fired = self.watchdog.cancel().is_some();
        if !reaped(&self.child) {
            if !fired && !has_ended(&self.child) {
                let what = format!("{} (ended by the test)", self.what);
                log(&what, &self.line, self.started.elapsed(), self.limit);
            }
            // SAFETY: kill(2) of the group our unreaped child leads (ended or not: the rest of
            // its group dies with it).
            unsafe { libc::kill(-(self.child.id() as libc::pid_t), libc::SIGKILL) };
        }
        let _ = self.child.wait();
    }
}
