//! The deadlines of the processes the tests start (`tests/common/deadline.rs`): a process that
//! runs past its limit is killed with its whole process group and its test fails with a message
//! naming it; a process within its limit gives exactly what `Command::output` gives; a child
//! the test talks to that never answers is killed by its watchdog.

use crate::common::deadline::{self, Deadline, Kind};

use std::io::{BufRead, BufReader};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The panic message of `f`, which must panic.
fn panic_message(f: impl FnOnce()) -> String {
    let err = catch_unwind(AssertUnwindSafe(f)).expect_err("the deadline should have fired");
    err.downcast_ref::<String>()
        .cloned()
        .or_else(|| err.downcast_ref::<&str>().map(|s| s.to_string()))
        .expect("a panic message")
}

/// Whether process `pid` is alive (a zombie waiting for its parent's wait counts as dead).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // the state follows the command name in parentheses
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| !rest.starts_with('Z') && !rest.starts_with('X')),
        // without /proc: kill -0
        Err(_) if !std::path::Path::new("/proc/self").exists() => {
            // SAFETY: signal 0 only checks that the process exists.
            unsafe { libc::kill(pid, 0) == 0 }
        }
        Err(_) => false,
    }
}

/// Waits a little for `pids` to be gone (the orphans' new parent reaps them) and returns those
/// still alive.
fn survivors(pids: &[i32]) -> Vec<i32> {
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let left: Vec<i32> = pids.iter().copied().filter(|&p| alive(p)).collect();
        if left.is_empty() || Instant::now() > until {
            return left;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The numbers on lines of their own in `text` (the pids the shell printed).
fn pids(text: &str) -> Vec<i32> {
    text.lines().filter_map(|l| l.trim().parse().ok()).collect()
}

fn one_second() -> Duration {
    Duration::from_secs(1)
}

/// How long a 1-second deadline may take to fire and be reported: the limit (scaled) and a few
/// seconds.
fn soon() -> Duration {
    one_second().mul_f64(deadline::scale()) + Duration::from_secs(5)
}

/// A shell and two background sleeps, each for 30 s, in one process group, under a 1-second
/// limit: the test panics within a few seconds, the message names the command, its directory and
/// its variables, and none of the three processes is left.
#[test]
fn a_process_past_its_limit_is_killed_with_its_group() {
    let marker = format!("deadline-test-{}", std::process::id());
    let started = Instant::now();
    let message = deadline::rehearsal(|| {
        panic_message(|| {
            Command::new("sh")
                .args([
                    "-c",
                    "sleep 30 & echo $!; sleep 30 & echo $!; echo $$; wait",
                    &marker,
                ])
                .current_dir("/")
                .env("DEADLINE_TEST", "two words")
                .output_within("two sleeps", one_second());
        })
    });
    let took = started.elapsed();
    assert!(
        took < soon(),
        "the deadline fired after {took:?}:\n{message}"
    );
    for needle in [
        "deadline: two sleeps still running after ",
        " s: killed process group ",
        "DEADLINE_TEST='two words' sh -c 'sleep 30 & echo $!; sleep 30 & echo $!; echo $$; wait'",
        &marker,
        "(in /)",
        "its limit: ",
    ] {
        assert!(message.contains(needle), "{needle:?} not in:\n{message}");
    }
    // the pids the shell printed: the two sleeps and itself, all gone
    let printed = pids(&message);
    assert_eq!(printed.len(), 3, "{message}");
    assert_eq!(survivors(&printed), Vec::<i32>::new(), "{message}");
    // and the killed group was the shell's
    assert!(
        message.contains(&format!("killed process group {}:", printed[2])),
        "{message}"
    );
}

/// A process that ends within its limit gives what `Command::output` gives: its stdout and
/// stderr byte for byte (a NUL, no final newline) and its exit status; input written to its
/// stdin arrives whole, larger than a pipe's buffer.
#[test]
fn a_process_within_its_limit_gives_its_output_unchanged() {
    let script = r"printf 'out\000put'; printf 'err\n' >&2; exit 3";
    let plain = Command::new("sh").args(["-c", script]).output().unwrap();
    let timed = Command::new("sh")
        .args(["-c", script])
        .output_within("a quick shell", Kind::Quick.limit());
    assert_eq!(timed.stdout, b"out\0put");
    assert_eq!(timed.stderr, b"err\n");
    assert_eq!(timed.status.code(), Some(3));
    assert_eq!(
        (timed.stdout, timed.stderr, timed.status),
        (plain.stdout, plain.stderr, plain.status)
    );
    // stdin is closed, as with Command::output: cat ends at once
    let cat = Command::new("cat").output_within("cat", one_second());
    assert!(cat.status.success() && cat.stdout.is_empty());
    // input: 1 MB through cat, read while it is written (no pipe deadlock)
    let input: Vec<u8> = (0..1 << 20).map(|i| (i % 251) as u8).collect();
    let echoed = Command::new("cat").output_with_input("cat", &input, Kind::Quick.limit());
    assert!(echoed.status.success());
    assert!(
        echoed.stdout == input,
        "cat's output differs from its input"
    );
    // a program that does not exist: an error to handle, not a panic
    let missing = Command::new("/nonexistent/deadline-test")
        .status_within("a missing program", one_second())
        .unwrap_err();
    assert_eq!(missing.kind(), std::io::ErrorKind::NotFound);
}

/// A child the test talks to, that never answers: its watchdog kills it at the deadline, the
/// blocked read meets end of file, and `check` panics with the deadline's message.
#[test]
fn the_watchdog_kills_a_child_that_never_answers() {
    let started = Instant::now();
    let mut pid = 0;
    let message = deadline::rehearsal(|| {
        panic_message(|| {
            let mut guarded = Command::new("sh")
                .args(["-c", "echo ready; read never; echo never"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn_within("a silent shell", one_second());
            pid = guarded.id() as i32;
            // stdin stays open: the shell waits for a line forever
            let _stdin = guarded.child.stdin.take().unwrap();
            let mut out = BufReader::new(guarded.child.stdout.take().unwrap());
            let mut line = String::new();
            out.read_line(&mut line).unwrap();
            assert_eq!(line, "ready\n");
            line.clear();
            // blocks until the watchdog kills the shell
            let n = out.read_line(&mut line).unwrap_or(0);
            assert_eq!(n, 0, "the shell answered {line:?}");
            guarded.check();
            panic!("the watchdog did not fire");
        })
    });
    let took = started.elapsed();
    assert!(
        took < soon(),
        "the watchdog fired after {took:?}:\n{message}"
    );
    assert!(
        message.starts_with("deadline: a silent shell still running after ")
            && message.contains(" s: killed process group "),
        "{message}"
    );
    assert!(
        message.contains("sh -c 'echo ready; read never; echo never'"),
        "{message}"
    );
    assert_eq!(survivors(&[pid]), Vec::<i32>::new(), "{message}");
}

/// A guarded child that ends in time is waited for normally, and dropping a guard kills its
/// child's whole group at once, long before the deadline.
#[test]
fn a_guard_waits_for_a_child_in_time_and_kills_its_group_when_dropped() {
    let guarded = Command::new("sh")
        .args(["-c", "exit 7"])
        .spawn_within("a quick shell", Kind::Quick.limit());
    assert_eq!(guarded.wait().code(), Some(7));
    let started = Instant::now();
    let mut guarded = Command::new("sh")
        .args(["-c", "sleep 30 & echo $!; echo $$; wait"])
        .stdout(Stdio::piped())
        .spawn_within("a shell dropped", Kind::Quick.limit());
    let mut out = BufReader::new(guarded.child.stdout.take().unwrap());
    let mut printed = Vec::new();
    for _ in 0..2 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        printed.push(line.trim().parse::<i32>().unwrap());
    }
    drop(guarded);
    assert_eq!(survivors(&printed), Vec::<i32>::new());
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// Command lines in the messages are what a shell would run.
#[test]
fn command_lines_are_shell_quoted() {
    let mut cmd = Command::new("/bin/umax");
    cmd.args(["match", "--builds", "old,sd", "it's", ""]);
    assert_eq!(
        deadline::command_line(&cmd),
        r"/bin/umax match --builds old,sd 'it'\''s' ''"
    );
}

/// The test process, interrupted (Ctrl-C, SIGTERM), kills the process groups of its children: in
/// their own groups they no longer receive the terminal's Ctrl-C with it. A copy of this test
/// binary (the helper below) starts a shell and a sleep, and is sent SIGTERM (SIGINT is ignored
/// by a test process started in the background by a shell): both die with it.
#[test]
fn an_interrupted_test_process_kills_its_childrens_groups() {
    let mut helper = Command::new(std::env::current_exe().unwrap())
        .args([
            "deadline::interrupted_helper",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("UMAX_DEADLINE_HELPER", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn_within("the interrupted test process", Kind::Quick.limit());
    let out = BufReader::new(helper.child.stdout.take().unwrap());
    let mut printed = Vec::new();
    for line in out.lines() {
        let Ok(line) = line else { break };
        // the harness prints the test's name first, on the same line
        if let Some((_, rest)) = line.split_once("children: ") {
            printed = rest
                .split_whitespace()
                .map(|p| p.parse().unwrap())
                .collect();
            break;
        }
    }
    helper.check();
    assert_eq!(printed.len(), 2, "the helper printed no pids");
    assert!(printed.iter().all(|&p| alive(p)), "{printed:?}");
    helper.signal(libc::SIGTERM);
    let status = helper.wait();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status:?}");
    assert_eq!(survivors(&printed), Vec::<i32>::new());
}

/// The helper of [`an_interrupted_test_process_kills_its_childrens_groups`] (a test that passes
/// at once when run otherwise): starts a shell with a background sleep, prints their pids, and
/// waits to be interrupted.
#[test]
fn interrupted_helper() {
    if std::env::var_os("UMAX_DEADLINE_HELPER").is_none() {
        return;
    }
    // SIGTERM's default action, whatever this process inherited (before the first child starts,
    // which installs the handler over a default action only)
    // SAFETY: signal(2) before any child of this process starts.
    unsafe { libc::signal(libc::SIGTERM, libc::SIG_DFL) };
    let mut shell = Command::new("sh")
        .args(["-c", "sleep 30 & echo $!; echo $$; wait"])
        .stdout(Stdio::piped())
        .spawn_within("a shell to be orphaned", Kind::Quick.limit());
    let mut out = BufReader::new(shell.child.stdout.take().unwrap());
    let mut pids = Vec::new();
    for _ in 0..2 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        pids.push(line.trim().to_string());
    }
    println!("children: {}", pids.join(" "));
    std::thread::sleep(Duration::from_secs(30));
}
