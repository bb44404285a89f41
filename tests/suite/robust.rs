//! Resources and clear messages: memory is checked before anything is allocated,
//! `--games` up to 2^64-2 costs no memory, and every bad input gets its true reason, once,
//! before any game, with the bytes of input files escaped.

use crate::match_common;
use crate::report_rows;

use match_common::*;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The command failed, and its stderr holds every needle and no panic.
fn fails_with(out: &Output, needles: &[&str]) -> String {
    crate::common::failed_with(out, "umax", needles)
}

fn umax_with(args: &[&str]) -> Output {
    let what = format!("umax {}", args.first().copied().unwrap_or(""));
    umax()
        .args(args)
        .stdin(Stdio::null())
        .output_within(&what, Kind::Games.limit())
}

/// A small finished match in `dir`: 4 games at 500 nodes.
const SMALL: &[&str] = &[
    "--games",
    "4",
    "--nodes",
    "500",
    "--hash-bits",
    "16",
    "--max-plies",
    "20",
    "--concurrency",
    "1",
];

fn small(extra: &[&str]) -> Vec<String> {
    SMALL.iter().chain(extra).map(|s| s.to_string()).collect()
}

// ---------------------------------------------------------------------------------------------
// Resources

#[test]
fn too_many_threads_for_the_memory_are_refused_before_allocating() {
    let dir = scratch("robust_memory").join("run");
    let t0 = Instant::now();
    let out = run_match(&[
        "--concurrency",
        "100000",
        "--games",
        "1000000",
        "--out",
        path_str(&dir),
    ]);
    let err = fails_with(
        &out,
        &[
            "not enough memory: --concurrency 100000 needs",
            "of tables per thread, two engines of --hash-bits 24",
            "is available; at most --concurrency",
        ],
    );
    assert!(
        t0.elapsed() < Duration::from_secs(20),
        "slow refusal: {err}"
    );
    assert!(!dir.exists(), "a refused run created its directory");
}

#[test]
fn help_states_the_memory_per_thread() {
    let out = umax_with(&["match", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("two engines (201 MB each at --hash-bits 24"),
        "{help}"
    );
    assert!(help.contains("fewer if their tables do not fit"), "{help}");
}

#[test]
fn games_beyond_two_to_the_64_minus_two_are_refused() {
    let dir = scratch("robust_games_max").join("run");
    let out = run_match(&["--games", "18446744073709551615", "--out", path_str(&dir)]);
    fails_with(
        &out,
        &["--games 18446744073709551615 is too large: at most 18446744073709551614"],
    );
}

/// The largest match starts at once and its memory does not grow with --games: the first
/// games are played and written while the process stays small.
#[test]
fn the_largest_match_starts_at_once_in_little_memory() {
    let dir = scratch("robust_games_huge").join("run");
    let mut child = umax()
        .args([
            "match",
            "--games",
            "18446744073709551614",
            "--nodes",
            "300",
            "--hash-bits",
            "10",
            "--max-plies",
            "12",
            "--concurrency",
            "1",
            "--no-progress",
            "--out",
            path_str(&dir),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn_within(
            "umax match --games 18446744073709551614",
            Kind::Games.limit(),
        );
    let pid = child.id();
    let mut err = BufReader::new(child.child.stderr.take().unwrap());
    let child = Arc::new(Mutex::new(Some(child)));
    let done = Arc::new(AtomicBool::new(false));
    // a watchdog: the old runner never printed, it only grew until memory ran out
    let deadline = Instant::now() + Duration::from_secs(10);
    let watchdog = {
        let (child, done) = (child.clone(), done.clone());
        std::thread::spawn(move || {
            while Instant::now() < deadline && !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
            }
            // dropping the guarded child kills its process group and reaps it
            drop(child.lock().unwrap().take());
        })
    };
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    let csv = dir.join("games.csv");
    let mut lines = 0;
    while lines < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
        lines = std::fs::read_to_string(&csv).map_or(0, |t| t.lines().count());
    }
    let rss_kb: u64 = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0);
    done.store(true, Ordering::Relaxed);
    watchdog.join().unwrap();
    assert!(
        first.contains("18446744073709551614 of 18446744073709551614 games to play"),
        "{first}"
    );
    assert!(lines >= 3, "no games after 10 s");
    assert!(rss_kb < 200_000, "the runner holds {rss_kb} kB");
}

// ---------------------------------------------------------------------------------------------
// Counts

#[test]
fn node_counts_in_scientific_notation() {
    let dir = scratch("robust_sci").join("run");
    let out = run_ok(&[
        "--games",
        "2",
        "--nodes",
        "1e3",
        "--hash-bits",
        "16",
        "--max-plies",
        "12",
        "--out",
        path_str(&dir),
    ]);
    drop(out);
    assert!(rows(&dir)[0].settings.contains(";nodes=1000;"));
    let run = scratch("robust_sci2").join("run");
    run_ok(&[
        "--games",
        "2",
        "--nodes",
        "2.5e3",
        "--hash-bits",
        "16",
        "--max-plies",
        "12",
        "--out",
        path_str(&run),
    ]);
    assert!(rows(&run)[0].settings.contains(";nodes=2500;"));

    let out = umax_with(&["bench", "--nodes", "1e3", "--hash-bits", "16"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bench = String::from_utf8_lossy(&out.stdout);
    let plain = umax_with(&["bench", "--nodes", "1000", "--hash-bits", "16"]);
    let signature = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("bench: "))
            .map(str::to_string)
    };
    assert_eq!(
        signature(&bench),
        signature(&String::from_utf8_lossy(&plain.stdout))
    );

    for args in [
        &["match", "--nodes", "2.5e0"][..],
        &["match", "--games", "1.5"],
        &["bench", "--nodes", "2.5e0"],
        &["play", "--nodes", "1e-1"],
        &["openings", "--nodes", "2.5e0"],
        &["openings", "--count", "0.5e1", "--nodes", "1e4"],
    ] {
        let out = umax_with(args);
        if args[1] == "--count" {
            assert!(out.status.success(), "{args:?}: {}", stderr(&out));
            continue;
        }
        fails_with(&out, &["is not a whole number"]);
    }
    let out = umax_with(&["play", "--nodes", "1e3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    fails_with(&umax_with(&["bench", "--nodes", "3e9"]), &["out of range"]);
    // counts that would exhaust memory or never end are refused at once
    fails_with(
        &umax_with(&["openings", "--count", "1e10"]),
        &["1 to 1000000"],
    );
    fails_with(
        &umax_with(&[
            "tournament",
            "--rate",
            "results/iid-scaled-15",
            "--resamples",
            "1e99",
        ]),
        &["--resamples"],
    );
    // limits that would be silently ignored or meaningless are refused
    fails_with(
        &umax_with(&["anatomy", "--moves", "e2e4", "--nodes", "0"]),
        &["--nodes 0: 1 to 2e9"],
    );
    fails_with(
        &umax_with(&[
            "anatomy",
            "--moves",
            "e2e4",
            "--depth",
            "2",
            "--max-nodes",
            "0",
        ]),
        &["--max-nodes 0: 1 to 2e9"],
    );
    fails_with(
        &umax_with(&["bench", "--csv", "x.csv", "--nodes", "1000"]),
        &["it needs --depth"],
    );
    // a suite that cannot be made gives up in words, not in Rust's debug format
    let out = umax_with(&[
        "openings",
        "--count",
        "21",
        "--plies",
        "1",
        "--nodes",
        "1000",
        "--hash-bits",
        "12",
    ]);
    fails_with(&out, &["gave up after", "dropped: 0 refused by micro-Max"]);
    assert!(!stderr(&out).contains("Rejections"), "{}", stderr(&out));
}

#[test]
fn a_budget_too_small_to_play_a_move_gets_a_warning() {
    let dir = scratch("robust_nodes1").join("run");
    let out = run_ok(&[
        "--games",
        "2",
        "--nodes",
        "1",
        "--hash-bits",
        "16",
        "--out",
        path_str(&dir),
    ]);
    let err = stderr(&out);
    let warning = err
        .lines()
        .position(|l| l.contains("warning: at --nodes 1 micro-Max plays no move"))
        .unwrap_or_else(|| panic!("no warning:\n{err}"));
    let start = err
        .lines()
        .position(|l| l.contains("games to play"))
        .unwrap();
    assert!(warning < start, "the warning comes after the start:\n{err}");
    assert!(rows(&dir).iter().all(|r| r.termination == "no_move"));
}

// ---------------------------------------------------------------------------------------------
// Input files

#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = scratch("robust_bom");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "\u{feff}e2e4 e7e5\nd2d4\n").unwrap();
    let run = dir.join("run");
    run_ok(&as_strs(&small(&[
        "--openings",
        path_str(&openings),
        "--out",
        path_str(&run),
    ])));
    assert_eq!(rows(&run)[0].opening, "e2e4 e7e5");

    let positions = dir.join("positions.txt");
    std::fs::write(&positions, "\u{feff}e2e4 e7e5\n").unwrap();
    let out = umax_with(&[
        "bench",
        "--positions",
        path_str(&positions),
        "--nodes",
        "1000",
        "--hash-bits",
        "16",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn bytes_of_input_files_are_escaped_in_messages() {
    let dir = scratch("robust_escape");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "e2e4 \x1b[2J\x1b]0;owned\x07\n").unwrap();
    let out = run_match(&as_strs(&small(&[
        "--openings",
        path_str(&openings),
        "--out",
        path_str(&dir.join("run")),
    ])));
    let err = fails_with(&out, &["openings.txt:1: '\\u{1b}[2J\\u{1b}]0;owned\\u{7}'"]);
    assert!(!err.contains('\x1b') && !err.contains('\x07'), "{err:?}");

    let positions = dir.join("positions.txt");
    std::fs::write(&positions, "e2e4 \x1b[31mred\n").unwrap();
    let out = umax_with(&["bench", "--positions", path_str(&positions)]);
    let err = fails_with(&out, &["positions.txt:1: '\\u{1b}[31mred'"]);
    assert!(!err.contains('\x1b'), "{err:?}");

    // a games.csv whose settings carry a control sequence: report prints them escaped
    let csv = dir.join("games.csv");
    let mut rows = report_rows::match_rows();
    for r in &mut rows {
        r.settings = "nodes=5\x1b[2J".into();
    }
    report_rows::write_csv(&csv, &rows);
    let out = umax_with(&["report", path_str(&csv), "--no-plots"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains('\x1b') && text.contains("nodes=5\\u{1b}[2J"),
        "{text:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// games.csv: resume and report read it with one reader

#[test]
fn resume_needs_a_run_to_resume() {
    let dir = scratch("robust_resume_missing");
    let none = dir.join("typo");
    let out = run_match(&as_strs(&small(&["--out", path_str(&none), "--resume"])));
    fails_with(
        &out,
        &[&format!(
            "nothing to resume at {} (no such directory)",
            none.display()
        )],
    );
    assert!(!none.exists());
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = run_match(&as_strs(&small(&["--out", path_str(&empty), "--resume"])));
    fails_with(
        &out,
        &[&format!(
            "nothing to resume at {} (no games.csv in it)",
            empty.display()
        )],
    );
    assert_eq!(std::fs::read_dir(&empty).unwrap().count(), 0);
}

#[test]
fn resume_refuses_a_duplicated_game_before_playing() {
    let run = scratch("robust_resume_dup").join("run");
    run_ok(&as_strs(&small(&["--out", path_str(&run)])));
    let csv = run.join("games.csv");
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    // drop the last row (a game left to play) and repeat the first
    let tampered = format!("{}\n{}\n", lines[..4].join("\n"), lines[1]);
    std::fs::write(&csv, &tampered).unwrap();
    let game: u64 = lines[1].split(',').next().unwrap().parse().unwrap();
    let out = run_match(&as_strs(&small(&["--out", path_str(&run), "--resume"])));
    fails_with(
        &out,
        &[&format!(
            "games.csv: game {game} appears twice (lines 2 and 5)"
        )],
    );
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        tampered,
        "games were played"
    );
}

#[test]
fn report_gives_the_true_reason() {
    let dir = scratch("robust_report");
    let run = dir.join("run");
    run_ok(&as_strs(&small(&["--out", path_str(&run)])));

    let out = umax_with(&["report", path_str(&run)]);
    fails_with(
        &out,
        &[&format!(
            "{} is a directory: give the games.csv in it ({})",
            run.display(),
            run.join("games.csv").display()
        )],
    );

    // the last line cut short, as a crash leaves it: left out, said so, the rest reported
    let csv = run.join("games.csv");
    let mut text = std::fs::read_to_string(&csv).unwrap();
    let last = text.trim_end().rsplit('\n').next().unwrap().to_string();
    text.push_str(&last[..last.len() / 2]);
    std::fs::write(&csv, &text).unwrap();
    let out = umax_with(&["report", path_str(&csv), "--no-plots"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("games.csv:6: the last line is incomplete"),
        "{}",
        stderr(&out)
    );
    let summary = std::fs::read_to_string(run.join("summary.csv")).unwrap();
    let games = summary.lines().nth(1).unwrap();
    assert!(games.contains(",4,"), "{summary}");

    // --resume reads it the same way: the partial line is dropped and nothing is left to play
    let out = run_ok(&as_strs(&small(&["--out", path_str(&run), "--resume"])));
    assert!(stderr(&out).contains("games.csv:6: the last line is incomplete"));
    assert!(
        stderr(&out).contains("0 of 4 games to play"),
        "{}",
        stderr(&out)
    );
}

// ---------------------------------------------------------------------------------------------
// verify-c and bench

#[test]
fn verify_c_says_once_that_a_binary_cannot_run() {
    let dir = scratch("robust_verify");
    let run = dir.join("run");
    run_ok(&as_strs(&small(&["--out", path_str(&run)])));
    let not_executable = dir.join("mm-old-trace-n500-u16");
    std::fs::write(&not_executable, "#!/bin/sh\n").unwrap();
    let not_a_program = dir.join("mm-sd-trace-n500-u16");
    std::fs::write(&not_a_program, "not a program").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let exec = std::fs::Permissions::from_mode(0o755);
        std::fs::set_permissions(&not_a_program, exec).unwrap();
    }
    let runs = Path::new("/bin/true");
    for (old, sd, bad) in [
        (&*not_executable, &*not_a_program, &*not_executable),
        (runs, &*not_a_program, &*not_a_program),
    ] {
        verify_c_refused(&run, old, sd, bad, "cannot be executed");
    }
}

/// `umax verify-c` of the games in `run` with these C binaries fails before any game (nothing
/// on stdout), saying once "`named`: `what`".
fn verify_c_refused(run: &Path, old: &Path, sd: &Path, named: &Path, what: &str) {
    verify_c_refused_with(run, old, sd, named, what, &[]);
}

fn verify_c_refused_with(
    run: &Path,
    old: &Path,
    sd: &Path,
    named: &Path,
    what: &str,
    extra: &[&str],
) {
    let csv = run.join("games.csv");
    let mut args = vec![
        "verify-c",
        path_str(&csv),
        "--c-old",
        path_str(old),
        "--c-sd",
        path_str(sd),
    ];
    args.extend_from_slice(extra);
    let out = umax_with(&args);
    let err = fails_with(&out, &[&format!("{}: {what}", named.display())]);
    assert_eq!(err.matches(what).count(), 1, "{err}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// A program that runs but is not micro-Max (here: one that reads its input and never prints)
/// is stopped after `--first-board-timeout` seconds without a board (10 by default; 1 here) and
/// named, not waited on forever.
#[test]
#[cfg(unix)]
fn verify_c_stops_a_program_that_prints_no_board() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("robust_verify_silent");
    let run = dir.join("run");
    run_ok(&as_strs(&small(&["--out", path_str(&run)])));
    let silent = dir.join("mm-old-trace-n500-u16");
    let silent_sd = dir.join("mm-sd-trace-n500-u16");
    for p in [&silent, &silent_sd] {
        std::fs::write(p, "#!/bin/sh\nwhile read line; do :; done\n").unwrap();
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let started = std::time::Instant::now();
    // one error before any game (not a mismatch line per game), after the second given
    verify_c_refused_with(
        &run,
        &silent,
        &silent_sd,
        &silent,
        "printed no board (not micro-Max, or stopped after 1 s without one)",
        &["--first-board-timeout", "1"],
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(60),
        "verify-c took {:?}",
        started.elapsed()
    );
}

/// `--first-board-timeout` takes seconds above 0 (at most an hour): anything else is a clear
/// error before any file is read.
#[test]
fn verify_c_first_board_timeout_must_be_seconds_above_0() {
    for bad in ["0", "-1", "nan", "inf", "3601", "ten", ""] {
        let out = umax_with(&["verify-c", "no-such.csv", "--first-board-timeout", bad]);
        fails_with(&out, &["--first-board-timeout", "expected seconds above 0"]);
    }
}

#[test]
fn bench_csv_that_cannot_be_written_is_named_before_the_run() {
    let dir = scratch("robust_bench_csv");
    let target = dir.join("no-such-dir").join("depth.csv");
    let t0 = Instant::now();
    let out = umax_with(&[
        "bench",
        "--depth",
        "3",
        "--build",
        "both",
        "--hash-bits",
        "16",
        "--csv",
        path_str(&target),
    ]);
    fails_with(
        &out,
        &[&format!("--csv {}: cannot write", target.display())],
    );
    assert!(out.stdout.is_empty(), "the bench ran first");
    assert!(t0.elapsed() < Duration::from_secs(20));
    let out = umax_with(&["bench", "--depth", "2", "--csv", path_str(&dir)]);
    fails_with(&out, &[&format!("--csv {}: is a directory", dir.display())]);
    let ok = dir.join("depth.csv");
    let out = umax_with(&[
        "bench",
        "--depth",
        "2",
        "--hash-bits",
        "16",
        "--csv",
        path_str(&ok),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&ok).unwrap().lines().count() > 1);
}

/// `umax --help` introduces both engines, not micro-Max 3.2 alone.
#[test]
fn help_introduces_both_engines() {
    let out = umax_with(&["--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    let first = help.lines().next().unwrap_or("");
    assert!(
        first.contains("micro-Max 3.2 and 4.8"),
        "the first line of umax --help: {first}"
    );
}
