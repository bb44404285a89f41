//! A search that does not stop is caught in every command that thinks: the hidden test build
//! `loops` (3.2 whose think never ends, counting nodes) stops `match`, `tournament`, `judge`,
//! `anatomy`, `bench` and `play` with the watchdog's error naming the build and where it was;
//! `uci` answers `bestmove` all the same; `verify-c` stops a C process whose think does not end.
//! A match keeps every finished row and writes none for the stuck game.

use crate::common;
use crate::match_common::*;
use std::process::{Command, Output};

/// A small table, no progress bar, the run's directory: the end of every run command here.
fn small_table_into(dir: &str) -> [&str; 5] {
    ["--hash-bits", "16", "--no-progress", "--out", dir]
}

/// `umax ARGS` with `input` on its standard input, within the deadline of a search.
fn with_input(args: &[&str], input: &str) -> Output {
    let what = format!("umax {}", args.first().copied().unwrap_or(""));
    umax()
        .args(args)
        .output_with_input(&what, input.as_bytes(), Kind::Search.limit())
}

/// The command failed with the watchdog's message, naming the build.
fn stopped_by_the_watchdog(out: &Output, what: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success(), "{what} succeeded: {err}");
    assert!(
        err.contains("watchdog: ")
            && err.contains("loops")
            && err.contains("the search did not stop"),
        "{what}: no watchdog message naming the build:\n{err}"
    );
    err
}

#[test]
fn a_match_stops_with_the_position_and_keeps_no_partial_row() {
    let dir = scratch("watchdog-match");
    let args = [
        "match",
        "--builds",
        "old,loops",
        "--nodes",
        "5000",
        "--games",
        "4",
        "--hash-bits",
        "16",
        "--no-progress",
        "--out",
        path_str(&dir),
    ];
    let err = stopped_by_the_watchdog(
        &umax()
            .args(args)
            .output_within("umax match (old,loops)", Kind::Games.limit()),
        "umax match",
    );
    for needle in [
        "thinking at ",
        " in game ",
        "(moves: ",
        "nodes",
        "no row for this game",
        "--resume",
    ] {
        assert!(err.contains(needle), "{needle:?} not in:\n{err}");
    }
    assert!(rows(&dir).is_empty(), "a row for a game that never ended");
    // resumed, the same build is stopped again; still no row
    let mut again: Vec<&str> = args.to_vec();
    again.push("--resume");
    stopped_by_the_watchdog(
        &umax()
            .args(&again)
            .output_within("umax match --resume (old,loops)", Kind::Games.limit()),
        "umax match --resume",
    );
    assert!(rows(&dir).is_empty());
}

#[test]
fn a_tournament_stops() {
    let dir = scratch("watchdog-tournament");
    let out = umax()
        .args([
            "tournament",
            "--builds",
            "old,loops",
            "--games-per-pair",
            "2",
            "--nodes",
            "5000",
        ])
        .args(small_table_into(path_str(&dir)))
        .output_within("umax tournament (old,loops)", Kind::Games.limit());
    stopped_by_the_watchdog(&out, "umax tournament");
}

#[test]
fn bench_anatomy_and_play_stop() {
    let bench = umax()
        .args(["bench", "--build", "loops", "--nodes", "5000"])
        .output_within("umax bench --build loops", Kind::Search.limit());
    let err = stopped_by_the_watchdog(&bench, "umax bench");
    assert!(err.contains("bench position"), "{err}");
    let dir = scratch("watchdog-anatomy");
    let anatomy = umax()
        .args([
            "anatomy", "--builds", "loops", "--moves", "e2e4", "--nodes", "5000",
        ])
        .args(small_table_into(path_str(&dir)))
        .output_within("umax anatomy --builds loops", Kind::Search.limit());
    stopped_by_the_watchdog(&anatomy, "umax anatomy");
    // a fixed depth has an hour by default: the environment's bounds make it quick here
    let depth = umax()
        .env("UMAX_WATCHDOG", "2e7,60")
        .args([
            "anatomy", "--builds", "loops", "--moves", "e2e4", "--depth", "5",
        ])
        .args(small_table_into(path_str(&scratch(
            "watchdog-anatomy-depth",
        ))))
        .output_within(
            "umax anatomy --builds loops --depth 5",
            Kind::Search.limit(),
        );
    stopped_by_the_watchdog(&depth, "umax anatomy --depth");
    let play = with_input(&["play", "--build", "loops", "--nodes", "5000"], "\n");
    stopped_by_the_watchdog(&play, "umax play");
    assert_eq!(play.status.code(), Some(3), "the watchdog's exit status");
}

#[test]
fn judge_stops() {
    let dir = scratch("watchdog-judge");
    let positions = dir.join("positions.txt");
    std::fs::write(&positions, "a\te2e4 e7e5\n").unwrap();
    let out = umax()
        .args([
            "judge",
            "--positions",
            path_str(&positions),
            "--builds",
            "old,loops",
            "--nodes",
            "5000",
            "--hash-bits",
            "16",
            "--judge",
            &common::umax_bin(),
            "--judge-arg",
            "uci",
            "--judge-nodes",
            "3000",
            "--no-progress",
            "--out",
            path_str(&dir.join("out")),
        ])
        .output_within("umax judge (old,loops)", Kind::Games.limit());
    stopped_by_the_watchdog(&out, "umax judge");
}

#[test]
fn uci_answers_bestmove_from_the_last_completed_iteration() {
    let out = with_input(
        &["uci", "--build", "loops", "--hash-bits", "16"],
        "uci\nposition startpos moves e2e4\ngo nodes 5000\nisready\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("info string watchdog: loops at ")
            && text.contains("the search did not stop"),
        "{text}"
    );
    let best = text
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove:\n{text}"));
    assert_eq!(best.len(), 4, "a move: {best}");
    assert!(text.contains("readyok"), "the session goes on: {text}");
}

/// `verify-c`'s C processes: a "C" whose think never answers is stopped after
/// `--think-timeout` and named.
#[test]
fn verify_c_stops_a_c_that_does_not_answer() {
    let dir = scratch("watchdog-verify-c");
    // a match to replay
    run_ok(&[
        "--nodes",
        "2000",
        "--games",
        "2",
        "--hash-bits",
        "16",
        "--max-plies",
        "10",
        "--out",
        path_str(&dir.join("m")),
    ]);
    // a program that prints micro-Max's first board, then reads lines and never answers (one
    // copy named for each build, as scripts/build-original.sh names them)
    let fake = dir.join("mm-old-trace-n2000-u16");
    let fake_sd = dir.join("mm-sd-trace-n2000-u16");
    std::fs::write(
        &fake,
        "#!/bin/sh\nprintf 'r n b q k b n r\\n* * * * * * * *\\n. . . . . . . .\\n. . . . . . . .\\n. . . . . . . .\\n. . . . . . . .\\n* * * * * * * *\\nR N B Q K B N R\\n'\nwhile read line; do :; done\nsleep 1000\n",
    )
    .unwrap();
    std::fs::copy(&fake, &fake_sd).unwrap();
    let status = Command::new("chmod")
        .args(["+x", path_str(&fake), path_str(&fake_sd)])
        .status_within("chmod", Kind::Quick.limit())
        .unwrap();
    assert!(status.success());
    let started = std::time::Instant::now();
    let out = umax()
        .args([
            "verify-c",
            path_str(&dir.join("m").join("games.csv")),
            "--c",
            &format!("old={}", fake.display()),
            "--c",
            &format!("sd={}", fake_sd.display()),
            "--think-timeout",
            "2",
        ])
        .output_within(
            "umax verify-c (a C that never answers)",
            Kind::Games.limit(),
        );
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("did not end within 2 s") && err.contains("stopped"),
        "{err}"
    );
    assert!(
        started.elapsed().as_secs() < 60,
        "stopped after {:?}",
        started.elapsed()
    );
}

/// A think that stops calling the search altogether (the hidden build `hangs`, as the
/// `d = n - 2` edit's loop inside one node) is found by the watchdog's thread: a match ends
/// with the game and position named and no row for it; `uci` sends its bestmove first.
#[test]
fn a_loop_that_counts_nothing_is_stopped_by_the_watchdogs_thread() {
    let dir = scratch("watchdog-hangs");
    let started = std::time::Instant::now();
    let out = umax()
        .env("UMAX_WATCHDOG", "1e15,2")
        .args([
            "match",
            "--builds",
            "old,hangs",
            "--nodes",
            "5000",
            "--games",
            "2",
        ])
        .args(small_table_into(path_str(&dir)))
        .output_within("umax match (old,hangs)", Kind::Games.limit());
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(3), "{err}");
    for needle in [
        "watchdog: hangs (",
        "thinking at ",
        "past the watchdog's 2 s",
        "--resume",
    ] {
        assert!(err.contains(needle), "{needle:?} not in:\n{err}");
    }
    assert!(rows(&dir).is_empty(), "a row for a game that never ended");
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    // stdin ends after `go`: the stop it means is not heard by a loop that polls nothing, so
    // the engine must answer by itself
    let uci = umax()
        .env("UMAX_WATCHDOG", "1e15,2")
        .args(["uci", "--build", "hangs", "--hash-bits", "16"])
        .output_with_input(
            "umax uci --build hangs",
            b"uci\nposition startpos\ngo nodes 5000\n",
            Kind::Search.limit(),
        );
    let text = String::from_utf8_lossy(&uci.stdout).to_string();
    assert!(text.contains("info string watchdog: "), "{text}");
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");
}

/// The watchdog's seconds are the thinking thread's CPU time: a run paused with SIGSTOP (as the
/// long runs are, while something is timed) or starved by other work goes on when it resumes,
/// where a wall-clock bound stopped a paused node-clock match (it did, once).
#[test]
fn a_paused_run_is_not_stopped_by_the_watchdog() {
    let dir = scratch("watchdog-paused");
    std::fs::create_dir_all(&dir).unwrap();
    let positions = dir.join("one.txt");
    std::fs::write(&positions, "open-game\te2e4 e7e5\n").unwrap();
    // one think of about 0.4 s of CPU
    let child = umax()
        .env("UMAX_WATCHDOG", "1e15,2.5")
        .args([
            "bench",
            "--build",
            "old",
            "--hash-bits",
            "16",
            "--nodes",
            "1500000",
        ])
        .arg("--positions")
        .arg(&positions)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn_within("umax bench (paused)", Kind::Search.limit());
    // in the middle of the think, paused for longer than the bound
    std::thread::sleep(std::time::Duration::from_millis(150));
    child.signal(libc::SIGSTOP);
    std::thread::sleep(std::time::Duration::from_millis(3000));
    child.signal(libc::SIGCONT);
    let out = child.wait_with_output();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "a paused bench was stopped:\n{err}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("Nodes searched"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
