//! `umax match --builds BASE,TEST`: any two builds of the list play, and games.csv,
//! summary.csv, the text summary and the PGN name them; committed protocol-2 runs (old,sd)
//! still read and report byte for byte.

use crate::match_common;

use match_common::{Deadline, Kind, run_match, run_ok, scratch};
use std::path::Path;

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Small, fast match arguments plus `extra` (the games count is given in `extra`).
fn quick(extra: &[&str]) -> Vec<String> {
    ["--nodes", "3000", "--hash-bits", "16", "--max-plies", "160"]
        .iter()
        .chain(extra)
        .map(|s| s.to_string())
        .collect()
}

fn refused(out: &std::process::Output, message: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "accepted: {err}");
    assert!(err.contains(message), "expected '{message}' in:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn old_against_sdnr_names_sdnr_everywhere() {
    let dir = scratch("builds-old-sdnr");
    let out = dir.join("run");
    let a = quick(&[
        "--games",
        "4",
        "--builds",
        "old,sdnr",
        "--out",
        out.to_str().unwrap(),
    ]);
    let o = run_ok(&args(&a));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("Score of sdnr vs old:"), "{text}");
    assert!(text.contains("Node ratio sdnr/old:"), "{text}");

    let csv = std::fs::read_to_string(out.join("games.csv")).unwrap();
    let header = csv.lines().next().unwrap();
    assert_eq!(
        header,
        "game,pair,opening_id,opening,white,black,result,sdnr_score,termination,plies,sdnr_nodes,old_nodes,sdnr_cpu_s,old_cpu_s,sdnr_wall_s,old_wall_s,sdnr_depth,old_depth,moves,settings"
    );
    let file = umax::games_csv::read_games_csv(&out.join("games.csv")).unwrap();
    assert_eq!(file.builds, Some(("old".into(), "sdnr".into())));
    assert_eq!(file.rows.len(), 4);
    for r in &file.rows {
        // game 2p-1: the base build (old) is White
        let (w, b) = if r.game % 2 == 1 {
            ("old", "sdnr")
        } else {
            ("sdnr", "old")
        };
        assert_eq!((r.white.as_str(), r.black.as_str()), (w, b));
        assert!(r.settings.starts_with("builds=old,sdnr;"), "{}", r.settings);
        assert!(r.test_nodes > 0 && r.base_nodes > 0);
    }
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    let cols = summary.lines().next().unwrap();
    assert!(
        cols.contains(",sdnr_cpu_s,old_cpu_s,sdnr_wall_s,old_wall_s,sdnr_nodes,old_nodes,sdnr_mean_depth,old_mean_depth,"),
        "{cols}"
    );
    let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap();
    assert!(
        pgn.contains("[Event \"umax match old vs sdnr, nodes=3000\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[White \"sdnr\"]") && pgn.contains("[Black \"sdnr\"]"));

    // resuming with other builds is refused (the settings name the builds)
    let again = quick(&[
        "--games",
        "6",
        "--builds",
        "old,sd",
        "--out",
        out.to_str().unwrap(),
        "--resume",
    ]);
    refused(
        &run_match(&args(&again)),
        "builds: old,sdnr (on disk) vs old,sd (now)",
    );
    assert_eq!(
        std::fs::read_to_string(out.join("games.csv")).unwrap(),
        csv,
        "the refused resume changed games.csv"
    );

    // the C has no twin of sdnr: verify-c replays old's side alone (sdnr's moves fed from the
    // rows), so it needs old's twin and no other; a twin given for sdnr is refused by name
    let v = match_common::umax()
        .args(["verify-c", out.join("games.csv").to_str().unwrap()])
        .args(["--c-old", "no-such-old", "--c-sd", "no-such-sd"])
        .output_within("umax verify-c", Kind::Games.limit());
    refused(&v, "no-such-old: no such file");
    let v = match_common::umax()
        .args(["verify-c", out.join("games.csv").to_str().unwrap()])
        .args(["--c", "old=no-such-old", "--c", "sdnr=no-such-sdnr"])
        .output_within("umax verify-c", Kind::Games.limit());
    refused(
        &v,
        "verify-c: --c sdnr=...: sdnr has no C twin in the repository",
    );
}

#[test]
fn bad_builds_are_refused_before_any_game() {
    let dir = scratch("builds-bad");
    let out = dir.join("run");
    let o = out.to_str().unwrap();
    let unknown = format!(
        "unknown build 'nope' (the builds: {})",
        micromax::builds::names()
    );
    for (builds, message) in [
        ("old,nope", unknown.as_str()),
        ("sd", "is not two players BASE,TEST"),
        // games.csv names its columns by player: a build against itself is refused
        ("sd,sd", "a match needs two different players"),
    ] {
        refused(
            &run_match(&args(&quick(&[
                "--games", "2", "--builds", builds, "--out", o,
            ]))),
            message,
        );
        assert!(!out.join("games.csv").exists(), "{builds}: games written");
    }
}

#[test]
fn a_header_and_settings_that_disagree_are_refused() {
    let dir = scratch("builds-disagree");
    let out = dir.join("run");
    let a = quick(&["--games", "2", "--out", out.to_str().unwrap()]);
    run_ok(&args(&a));
    let csv = out.join("games.csv");
    let text = std::fs::read_to_string(&csv).unwrap();
    // the header says old,sd; make the rows say old,sdnr
    std::fs::write(&csv, text.replace("builds=old,sd;", "builds=old,sdnr;")).unwrap();
    let e = umax::games_csv::read_games_csv(&csv).unwrap_err();
    assert!(
        e.contains(":2: the settings say builds=old,sdnr but the header names old,sd"),
        "{e}"
    );
    // a header of no two builds
    let bad = text.replacen("sd_score", "score", 1);
    std::fs::write(&csv, bad).unwrap();
    let e = umax::games_csv::read_games_csv(&csv).unwrap_err();
    assert!(e.contains("the header is not that of games.csv"), "{e}");
}

/// Every committed run (protocol 2, old,sd) still reads, and its summary.csv is what the
/// summary of its games.csv writes, byte for byte.
#[test]
fn committed_runs_report_byte_for_byte() {
    let results = Path::new(env!("CARGO_MANIFEST_DIR")).join("results");
    let mut checked = 0;
    for entry in std::fs::read_dir(&results).unwrap() {
        let run = entry.unwrap().path();
        let (games, summary) = (run.join("games.csv"), run.join("summary.csv"));
        if !games.is_file() || !summary.is_file() {
            continue;
        }
        let rows = umax::report::read_games(std::slice::from_ref(&games)).unwrap();
        let s = umax::match_summary::summarize(&rows).unwrap();
        let expected = std::fs::read(&summary).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&umax::match_summary::summary_csv(&s)),
            String::from_utf8_lossy(&expected),
            "{}",
            run.display()
        );
        checked += 1;
    }
    assert!(checked >= 6, "{checked} committed runs");
}
