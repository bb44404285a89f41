//! The engine seam: an engine that is not micro-Max plugs in with one module and one line of
//! the builds table, and every command that plays drives it through the seam. The test engine
//! `first-legal` (the first legal move, no search) plays a match and answers UCI.

use crate::common;
use common::deadline::{Deadline, Kind};

use std::process::Command;

fn umax(args: &[&str]) -> std::process::Output {
    let what = format!("umax {}", args.first().copied().unwrap_or(""));
    Command::new(common::umax_bin())
        .args(args)
        .output_within(&what, Kind::Games.limit())
}

/// `umax match --builds first-legal,old --nodes 2000 --games 4` into `dir`.
fn play_match(dir: &std::path::Path) {
    let out = umax(&[
        "match",
        "--builds",
        "first-legal,old",
        "--nodes",
        "2000",
        "--games",
        "4",
        "--out",
        dir.to_str().unwrap(),
        "--no-progress",
    ]);
    common::succeeded(&out, "umax match");
}

#[test]
fn the_test_engine_plays_a_match_through_the_seam() {
    let dir = std::env::temp_dir().join(format!("umax-seam-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    play_match(&dir);
    let csv = std::fs::read_to_string(dir.join("games.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 4, "{csv}");
    // first-legal's own columns: it searched no node in any game
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = header
        .iter()
        .position(|h| *h == "first-legal_nodes")
        .expect("its nodes column");
    for r in &rows {
        assert_eq!(r.split(',').nth(col), Some("0"), "{r}");
    }
    // it played both colours
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert!(pgn.contains("[White \"first-legal\"]") && pgn.contains("[Black \"first-legal\"]"));
    // the same match again: the same rows (the seam keeps node budgets deterministic)
    let again = dir.join("again");
    play_match(&again);
    // rows land as games finish: compare them in game order
    let cols = |s: &str| -> Vec<String> {
        let mut v: Vec<String> = s
            .lines()
            .map(|l| l.split(',').take(12).collect::<Vec<_>>().join(","))
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        cols(&csv),
        cols(&std::fs::read_to_string(again.join("games.csv")).unwrap())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_test_engine_answers_uci_through_the_seam() {
    let out = Command::new(common::umax_bin())
        .args(["uci", "--build", "first-legal"])
        .output_with_input(
            "umax uci --build first-legal",
            b"uci\nisready\nposition startpos\ngo nodes 1000\nposition startpos moves e2e4 a7a6\ngo wtime 1000 btime 1000\nquit\n",
            Kind::Search.limit(),
        );
    let text = String::from_utf8(out.stdout).unwrap();
    let best: Vec<&str> = text.lines().filter(|l| l.starts_with("bestmove")).collect();
    // shakmaty's first legal moves: a2a3 from the start (pawn moves first), a2a3 after 1.e4 a6
    let pos = shakmaty::Chess::default();
    use shakmaty::Position;
    let first = umax::chess::uci(&pos.legal_moves()[0]);
    assert_eq!(
        best.first().copied(),
        Some(format!("bestmove {first}").as_str()),
        "{text}"
    );
    assert_eq!(best.len(), 2, "{text}");
    assert!(text.contains("uciok") && text.contains("readyok"), "{text}");
}

#[test]
fn commands_that_need_a_3_2_search_say_so() {
    let out = umax(&[
        "anatomy",
        "--builds",
        "first-legal",
        "--moves",
        "e2e4",
        "--depth",
        "3",
    ]);
    common::failed_with(&out, "umax anatomy", &["first-legal", "micro-Max 3.2"]);
    let out = umax(&["play", "--build", "first-legal"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("without a console"));
}
