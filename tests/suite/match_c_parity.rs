//! The games of `umax match` are the games two C processes play when a referee feeds them the
//! same lines: move for move, node for node.
//!
//! The Rust match runs first (old vs sd, in-process). Then each game is played again by two
//! processes of the instrumented C builds (`scripts/build-original.sh`) with
//! `umax::oracle::replay_with_c` (what `umax verify-c` does): the C's move at every ply must be
//! the Rust game's move, and each side's node total and deepest iteration must be the row's.
//! Without gcc, patch or stdbuf the test is skipped with the one message of `ci_env::require`,
//! except under `CI=true`, where it fails.

use crate::ci_env::Tool;
use crate::common;
use crate::match_common;
use match_common::*;

use micromax::builds::{ALL, Build};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use umax::games_csv::GameRow;
use umax::oracle::replay_with_c;
use umax::pairing::Pairing;

const BITS: &str = "16";

/// `scripts/build-original.sh --nodes NODES --hash-bits BITS --build all EXTRA..`: its lines,
/// split at spaces (`NAME PLAIN TRACE`, and `TWIN` with `--twin`), or `None` (skip) without
/// gcc, patch or stdbuf.
fn build_original(nodes: &str, extra: &[&str]) -> Option<Vec<Vec<String>>> {
    let mut args = vec!["--nodes", nodes, "--hash-bits", BITS, "--build", "all"];
    args.extend(extra);
    let text = common::build_original("the C parity of whole games", &[Tool::Stdbuf], &args)?;
    Some(
        text.lines()
            .map(|l| l.split(' ').map(str::to_string).collect())
            .collect(),
    )
}

/// The instrumented C twin of every build that has one, for NODES and BITS, or `None` (skip)
/// without gcc, patch or stdbuf.
fn twins(nodes: &str) -> Option<HashMap<Build, PathBuf>> {
    let lines = build_original(nodes, &[])?;
    Some(
        lines
            .iter()
            .map(|f| (f[0].parse().unwrap(), PathBuf::from(&f[2])))
            .collect(),
    )
}

/// The twins of the default pairing's builds (base, test).
fn c_twins(nodes: &str) -> Option<(PathBuf, PathBuf)> {
    let map = twins(nodes)?;
    let p = Pairing::default().builds().unwrap();
    Some((map[&p.0].clone(), map[&p.1].clone()))
}

/// A match of the Rust runner at `nodes` on `openings` (computed once per binary and budget).
fn rust_match(nodes: &str, openings: &str) -> Vec<GameRow> {
    let dir = scratch(&format!("c_parity_{nodes}"));
    let file = dir.join("openings.txt");
    std::fs::write(&file, openings).unwrap();
    let out = dir.join("run");
    run_ok(&[
        "--games",
        "8",
        "--nodes",
        nodes,
        "--hash-bits",
        BITS,
        "--max-plies",
        "160",
        "--openings",
        path_str(&file),
        "--out",
        path_str(&out),
    ]);
    rows(&out)
}

/// Openings whose games at 5000 nodes end in checkmates and repetitions.
fn runs_5000() -> &'static Vec<GameRow> {
    static R: OnceLock<Vec<GameRow>> = OnceLock::new();
    R.get_or_init(|| {
        rust_match(
            "5000",
            "e2e4\nd2d4 d7d5 c2c4\ng1f3 g8f6 c2c4 e7e6\ne2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4\n",
        )
    })
}

fn check_all(rows: &[GameRow], nodes: &str) {
    let (old_c, sd_c) = match c_twins(nodes) {
        Some(t) => t,
        None => return,
    };
    assert_eq!(rows.len(), 8);
    for row in rows {
        if let Err(e) = replay_with_c(row, &old_c, &sd_c) {
            panic!("{e}");
        }
    }
    let plies: u64 = rows.iter().map(|r| r.plies).sum();
    let terms: Vec<&str> = rows.iter().map(|r| r.termination.as_str()).collect();
    eprintln!("C parity at {nodes} nodes: {plies} plies identical; {terms:?}");
}

#[test]
fn games_are_those_of_two_c_processes() {
    let rows = runs_5000();
    assert!(rows.iter().any(|r| r.termination == "checkmate"));
    check_all(rows, "5000");
}

/// At 3000 nodes the first game pair reaches the faithful 3.2 "every move loses" case: the
/// losing side offers a8a8, in the C as in Rust.
#[test]
fn the_a8a8_no_move_case_is_the_cs_too() {
    let rows = rust_match(
        "3000",
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6\ne2e4 e7e5 g1f3 b8c6 f1c4 f8c5\nd2d4 d7d5 c2c4 e7e6 b1c3 g8f6\nc2c4 e7e5 b1c3 g8f6 g1f3 b8c6\n",
    );
    assert!(
        rows.iter().any(|r| r.termination == "no_move"),
        "{:?}",
        rows.iter().map(|r| &r.termination).collect::<Vec<_>>()
    );
    check_all(&rows, "3000");
}

/// The comparison is not vacuous: a row one node or one move away from the C's game fails.
#[test]
fn a_different_game_is_caught() {
    let Some((old_c, sd_c)) = c_twins("5000") else {
        return;
    };
    let row = &runs_5000()[0];
    assert_eq!(replay_with_c(row, &old_c, &sd_c), Ok(()));
    let mut off_by_one = row.clone();
    off_by_one.test_nodes += 1;
    assert!(
        replay_with_c(&off_by_one, &old_c, &sd_c)
            .unwrap_err()
            .contains("node totals")
    );
    let mut other_move = row.clone();
    let mut moves: Vec<&str> = row.moves.split_whitespace().take(2).collect();
    assert_eq!(row.opening, "e2e4");
    moves[1] = if moves[1] == "e7e5" { "d7d5" } else { "e7e5" }; // not the engine's reply
    other_move.moves = moves.join(" ");
    assert!(
        replay_with_c(&other_move, &old_c, &sd_c)
            .unwrap_err()
            .contains("ply 2")
    );
}

/// Every build with a C twin: a short match of the default base against it, each game played
/// again by the two C twins (table-driven over the catalogue). Four games against sd (the
/// default pairing), two against every other twin (four in the deeper run, [`common::deep`]):
/// those also meet their C in whole games on the node clock
/// (`node_clock::the_c_replays_node_clock_games_of_every_twin`).
#[test]
fn every_twin_plays_the_games_of_its_c_twin() {
    let Some(map) = twins("5000") else {
        return;
    };
    let base = Pairing::default().builds().unwrap().0;
    for &b in ALL.iter().filter(|b| b.c_twin() && **b != base) {
        let games = if common::old_sd_or_deep(b) { 4 } else { 2 };
        let dir = scratch(&format!("c_parity_twin_{b}"));
        let out = dir.join("run");
        run_ok(&[
            "--builds",
            &format!("{base},{b}"),
            "--games",
            &games.to_string(),
            "--nodes",
            "5000",
            "--hash-bits",
            BITS,
            "--max-plies",
            "120",
            "--out",
            path_str(&out),
        ]);
        let rows = rows(&out);
        assert_eq!(rows.len(), games);
        for row in &rows {
            if let Err(e) = replay_with_c(row, &map[&base], &map[&b]) {
                panic!("{base},{b}: {e}");
            }
        }
    }
}

/// Writes `rows` as a games.csv in a scratch directory.
fn write_rows(name: &str, rows: &[GameRow]) -> PathBuf {
    let path = scratch(name).join("games.csv");
    std::fs::write(&path, umax::games_csv::csv_bytes(rows)).unwrap();
    path
}

fn verify_c(args: &[&str]) -> std::process::Output {
    umax()
        .arg("verify-c")
        .args(args)
        .output_within("umax verify-c", Kind::Games.limit())
}

/// `umax verify-c`: the same check from the command line, with its failures.
#[test]
fn verify_c_command() {
    let rows = runs_5000();
    let Some((old_c, sd_c)) = c_twins("5000") else {
        return;
    };
    let good = write_rows("verify_c_good", rows);
    let (c_base, c_test) = (
        format!(
            "--c={}={}",
            Pairing::default().builds().unwrap().0,
            path_str(&old_c)
        ),
        format!(
            "--c={}={}",
            Pairing::default().builds().unwrap().1,
            path_str(&sd_c)
        ),
    );
    // a twin the games need but not given: named, before any game
    let out = verify_c(&[path_str(&good), &c_test]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "give --c {}=PATH",
            Pairing::default().builds().unwrap().0
        )),
        "{err}"
    );
    let out = verify_c(&[path_str(&good), &c_test, &c_base]);
    let text = crate::common::succeeded(&out, "umax verify-c");
    assert!(
        text.contains("8 games replayed by the C: 8 identical, 0 mismatched"),
        "{text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.contains(": identical (")).count(),
        8
    );

    // one node off in game 3: that game is named, the others still pass, exit 1
    let mut tampered = rows.clone();
    tampered[2].base_nodes += 1;
    let bad = write_rows("verify_c_bad", &tampered);
    let out = verify_c(&[
        path_str(&bad),
        "--c-old",
        path_str(&old_c),
        "--c-sd",
        path_str(&sd_c),
        "--first",
        "4",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("MISMATCH game 3: C node totals"), "{text}");
    assert!(
        text.contains("4 games replayed by the C: 3 identical, 1 mismatched"),
        "{text}"
    );

    // binaries swapped: refused before any game, from their names
    let err = refused(&good, path_str(&sd_c), path_str(&old_c));
    assert!(err.contains("is the sd build for 5000 nodes"), "{err}");
}

/// `umax verify-c CSV --c-old OLD --c-sd SD` must refuse before any game: exit 1, nothing on
/// stdout; returns the message.
fn refused(csv: &Path, old: &str, sd: &str) -> String {
    let out = verify_c(&[path_str(csv), "--c-old", old, "--c-sd", sd]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Games the C cannot replay, and missing binaries, are clear errors (no C needed).
#[test]
fn verify_c_refuses_what_the_c_cannot_play() {
    let mut timed = runs_5000().clone();
    for r in &mut timed {
        r.settings = r.settings.replace("nodes=5000", "tc=15");
    }
    let csv = write_rows("verify_c_tc", &timed);
    let err = refused(&csv, "/nonexistent/a", "/nonexistent/b");
    assert!(err.contains("played on the CPU clock"), "{err}");

    let csv = write_rows("verify_c_missing", runs_5000());
    let err = refused(&csv, "/nonexistent/a", "/nonexistent/b");
    assert!(
        err.contains("/nonexistent/a: no such file") && err.contains("--nodes 5000 --hash-bits 16"),
        "{err}"
    );

    let err = refused(Path::new("/nonexistent/games.csv"), "a", "b");
    assert!(err.contains("cannot read /nonexistent/games.csv"), "{err}");
}

/// The published C (no root trace) given for the instrumented build: one error before any
/// game that says what to build, not a mismatch line per game.
#[test]
fn verify_c_refuses_the_uninstrumented_c() {
    let Some(lines) = build_original("5000", &[]) else {
        return;
    };
    let plain = |b: Build| {
        let l = lines.iter().find(|l| l[0] == b.name()).unwrap();
        PathBuf::from(&l[1])
    };
    let p = Pairing::default().builds().unwrap();
    let csv = write_rows("verify_c_plain", runs_5000());
    let err = refused(&csv, path_str(&plain(p.0)), path_str(&plain(p.1)));
    assert!(
        err.contains(&format!(
            "{}: printed no root trace on a think",
            plain(p.0).display()
        )) && err.contains("scripts/build-original.sh --nodes 5000 --hash-bits 16"),
        "{err}"
    );
}

/// Runs `cmd` with `input` on stdin and returns its stdout; fails if it does not exit within a
/// minute (a C that loops at end of input would hang here: its deadline kills it) or exits with
/// an error.
fn run_with_input(mut cmd: Command, input: &str) -> Vec<u8> {
    let name = std::path::Path::new(cmd.get_program())
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let out = cmd.output_with_input(
        &format!("{name}, which must exit at end of input,"),
        input.as_bytes(),
        std::time::Duration::from_secs(60),
    );
    assert!(out.status.success(), "{cmd:?} exited with {}", out.status);
    out.stdout
}

/// `scripts/build-original.sh --twin` (the binaries `scripts/bench-vs-c.sh` times): each build's
/// timing twin is its instrumented C that exits at end of input, and prints byte for byte what
/// `umax play --trace` prints for the same lines.
#[test]
fn the_timing_twins_exit_at_end_of_input_with_umaxs_output() {
    let nodes = "20000";
    let Some(lines) = build_original(nodes, &["--twin"]) else {
        return; // no gcc, patch or stdbuf (not under CI): skipped with the one message
    };
    let mut seen = Vec::new();
    for f in &lines {
        assert_eq!(f.len(), 4, "NAME PLAIN TRACE TWIN, not {f:?}");
        assert!(
            f[3].ends_with(&format!("mm-{}-twin-n{nodes}-u{BITS}", f[0])),
            "{f:?}"
        );
        let input = "e2e4\n\n\nd7d5\n\n";
        let c = run_with_input(Command::new(&f[3]), input);
        let mut umax = Command::new(common::umax_bin());
        umax.args([
            "play",
            "--trace",
            "--build",
            &f[0],
            "--nodes",
            nodes,
            "--hash-bits",
            BITS,
        ]);
        let rust = run_with_input(umax, input);
        assert!(
            c.len() > 500 && c == rust,
            "{}: the twin's output differs from umax's:\n{}\n----\n{}",
            f[0],
            String::from_utf8_lossy(&c),
            String::from_utf8_lossy(&rust)
        );
        seen.push(f[0].parse::<Build>().unwrap());
    }
    let all: Vec<Build> = ALL.iter().copied().filter(|b| b.c_twin()).collect();
    assert_eq!(
        seen, all,
        "one twin per build with a C twin, in the catalogue's order"
    );
}
