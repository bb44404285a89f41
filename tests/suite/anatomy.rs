//! `umax anatomy`: its counts add up (to the think's nodes, ply by ply, iteration by
//! iteration), counting changes nothing in the tree, the variants show what they are made of
//! (only self-deepening iterates past n; only sdp re-searches in the parent), a node cap cuts
//! the think and the counts still add up, and the command refuses bad input and resumes.

use crate::common::deadline::{Deadline, Kind};
use micromax::Limits;
use micromax::builds::{ALL, Build};
use micromax::mm32::Engine;
use micromax::mm32::anatomy::{PAST_N, PLIES, SHORT};
use std::process::Command;
use umax::anatomy_jobs::{Position, run_job};
use umax::budget::Budget;

const UMAX: &str = env!("CARGO_BIN_EXE_umax");

fn position(moves: &str) -> Position {
    Position {
        name: moves.to_string(),
        moves: moves.split_whitespace().map(str::to_string).collect(),
    }
}

/// Two positions: an opening and a middlegame with captures and a check about.
const POSITIONS: [&str; 2] = [
    "e2e4 e7e5 g1f3 b8c6 f1b5",
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8 g1f3 b8d7 a1c1 c7c6 f1d3 d5c4 d3c4 f6d5",
];

#[test]
fn the_counts_add_up_and_the_tree_is_the_builds_own() {
    for &build in ALL.iter().filter(|b| b.is_mm32()) {
        for moves in POSITIONS {
            let p = position(moves);
            let r = run_job(&p, build, &Budget::Depth(5), None, 16).unwrap();
            assert!(!r.cut);
            // the same think without counters: same iterations, node for node
            let mut plain = Engine::new(build, 16);
            umax::driver::reach(&mut plain, p.moves.iter().map(String::as_str)).unwrap();
            let t = plain.think_move(&Limits::depth(5), |_| {});
            assert_eq!(t.iterations, r.roots, "{build} {moves}");
            let last = r.roots.len() - 1;
            let iteration = (r.roots[last].nodes - r.roots[last - 1].nodes) as u64;
            assert_eq!(r.anatomy.root_ply, 5);
            assert_eq!(r.nodes(), iteration, "{build} {moves}: clock");
            let by_ply = r.anatomy.nodes_by_ply();
            assert_eq!(by_ply[0], 0, "the root was entered before its iteration");
            assert_eq!(
                by_ply.iter().sum::<u64>(),
                iteration,
                "{build} {moves}: nodes by ply"
            );
            // every node below ply p was entered inside an iteration of a node at ply p
            let mut iterations_at = [0u64; PLIES];
            let mut exits_at = [(0u64, 0u64); PLIES];
            for (ply, _, _, _, _, c) in r.anatomy.iteration_cells() {
                iterations_at[ply] += c.nodes;
            }
            for (ply, _, _, c) in r.anatomy.exit_cells() {
                exits_at[ply].0 += c.count;
                exits_at[ply].1 += c.nodes;
            }
            for p in 0..PLIES - 1 {
                let deeper: u64 = by_ply[p + 1..].iter().sum();
                if by_ply[p] > 0 || p == 0 {
                    assert_eq!(
                        iterations_at[p], deeper,
                        "{build} {moves}: iterations at ply {p}"
                    );
                }
                if p >= 1 {
                    // every node below the root returned, with every node under it
                    assert_eq!(exits_at[p].0, by_ply[p], "{build} {moves}: exits at {p}");
                    assert_eq!(exits_at[p].1, by_ply[p] + deeper, "{build} {moves}: {p}");
                }
            }
            // nodes under an iteration of a class are among the nodes, and the outermost
            // iterations of a class hold exactly the nodes entered under the class
            for class in 0..3 {
                let under: u64 = r.anatomy.under(class).iter().sum();
                let outer: u64 = r.anatomy.outermost(class).iter().map(|c| c.nodes).sum();
                assert!(under <= iteration);
                assert_eq!(under, outer, "{build} {moves}: class {class}");
            }
            // every node is counted once by its nesting of past-n iterations
            assert_eq!(r.anatomy.nesting().iter().sum::<u64>(), iteration);
            // what the variant is made of
            let sd_like = build.name() == "sd" || build.name() == "sdnr";
            if !sd_like {
                assert_eq!(
                    r.under(PAST_N),
                    0,
                    "{build}: iterations past n below the root"
                );
                assert_eq!(r.ran_past(1), 0, "{build}");
                assert_eq!(r.entries()[3], 0, "{build}: resumes");
            }
            if build == Build::Old {
                assert!(r.under(SHORT) > 0, "old's IID iterations");
            }
            let researches: u64 = r.anatomy.researches().iter().map(|c| c.count).sum();
            assert_eq!(
                researches > 0,
                build.name() == "sdp",
                "{build}: re-searches in the parent"
            );
        }
    }
    // self-deepening shows: sd iterates past n somewhere in these positions
    let sd: u64 = POSITIONS
        .iter()
        .map(|m| {
            run_job(&position(m), Build::Sd, &Budget::Depth(5), None, 16)
                .unwrap()
                .under(PAST_N)
        })
        .sum();
    assert!(sd > 0, "sd never deepened past n");
}

#[test]
fn a_node_cap_cuts_inside_the_iteration_and_the_entries_still_add_up() {
    let p = position(POSITIONS[1]);
    let full = run_job(&p, Build::Sd, &Budget::Depth(6), None, 16).unwrap();
    let cap = (full.roots[full.roots.len() - 2].nodes + 5000) as i32;
    let r = run_job(&p, Build::Sd, &Budget::Depth(6), Some(cap), 16).unwrap();
    assert!(r.cut);
    assert_eq!(r.roots[..], full.roots[..full.roots.len() - 1]);
    assert!(r.think_nodes >= cap as i64 && r.think_nodes < cap as i64 + 4096 + 1);
    assert_eq!(r.anatomy.nodes_by_ply().iter().sum::<u64>(), r.nodes());
    // the node whose N++ reached the poll unwinds before it is counted
    assert_eq!(
        r.nodes() as i64,
        r.think_nodes - full.roots[full.roots.len() - 2].nodes as i64 - 1
    );
}

fn umax(args: &[&str]) -> std::process::Output {
    Command::new(UMAX)
        .arg("anatomy")
        .args(args)
        .output_within("umax anatomy", Kind::Search.limit())
}

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("anatomy")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn the_command_writes_resumes_and_refuses() {
    let dir = scratch("anatomy-cli");
    let d = dir.to_str().unwrap();
    let common = ["--moves", POSITIONS[0], "--depth", "4", "--hash-bits", "14"];
    let out = umax(&[&common[..], &["--builds", "old", "--out", d]].concat());
    crate::common::succeeded(&out, "umax");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("old: root iteration ply 4"), "{text}");
    let csv = std::fs::read_to_string(dir.join("anatomy.csv")).unwrap();
    assert_eq!(csv.lines().next(), Some(umax::anatomy_jobs::HEADER));
    assert_eq!(csv.lines().filter(|l| l.contains(",done,")).count(), 1);
    // a second run into the same directory is refused; --resume runs only the new job
    let again = umax(&[&common[..], &["--builds", "old,sd", "--out", d]].concat());
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("not empty"));
    // a run killed inside the sd job's write: some of its lines, no done row, half a line
    let first = std::fs::read_to_string(dir.join("anatomy.csv")).unwrap();
    let killed: String = first
        .lines()
        .skip(1)
        .filter(|l| !l.contains(",done,"))
        .take(3)
        .map(|l| l.replacen(",old,", ",sd,", 1) + "\n")
        .collect();
    assert_eq!(killed.lines().count(), 3);
    std::fs::write(dir.join("anatomy.csv"), format!("{first}{killed}x,sd,ha")).unwrap();
    let resumed = umax(&[&common[..], &["--builds", "old,sd", "--out", d, "--resume"]].concat());
    assert!(resumed.status.success());
    let err = String::from_utf8_lossy(&resumed.stderr);
    assert!(err.contains("1 jobs finished on disk, 1 to run"), "{err}");
    assert!(err.contains("3 rows of unfinished jobs dropped"), "{err}");
    let csv = std::fs::read_to_string(dir.join("anatomy.csv")).unwrap();
    let done: Vec<&str> = csv.lines().filter(|l| l.contains(",done,")).collect();
    assert_eq!(done.len(), 2, "{done:?}");
    assert!(done[1].contains(",sd,"));
    // the killed job's lines are not there twice (each row of a job is one key of its tables)
    let lines: Vec<&str> = csv.lines().collect();
    let unique: std::collections::BTreeSet<&str> = lines.iter().copied().collect();
    assert_eq!(unique.len(), lines.len(), "a row twice:\n{csv}");
    assert!(!csv.contains("x,sd,ha"));
    assert!(csv.starts_with(&first), "old's rows kept as they were");
    // command.txt: a block per start and resume; a resume with another limit is refused
    let command = std::fs::read_to_string(dir.join("command.txt")).unwrap();
    assert_eq!(command.matches("\n# resumed\n").count(), 1, "{command}");
    let mut other = common.to_vec();
    other[3] = "5";
    let other = umax(&[&other[..], &["--builds", "old", "--out", d, "--resume"]].concat());
    assert!(!other.status.success());
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(
        err.contains("other settings") && err.contains("depth: 4 (on disk) vs 5 (now)"),
        "{err}"
    );
    // a resume whose position of the same name is reached by other moves is refused
    let rows_before = std::fs::read(dir.join("anatomy.csv")).unwrap();
    let mut moved = common.to_vec();
    moved[1] = POSITIONS[1];
    assert_ne!(POSITIONS[0], POSITIONS[1]);
    let moved = umax(&[&moved[..], &["--builds", "old,sd", "--out", d, "--resume"]].concat());
    assert!(!moved.status.success());
    let err = String::from_utf8_lossy(&moved.stderr);
    assert!(
        err.contains("was reached by other moves in the run on disk"),
        "{err}"
    );
    assert_eq!(std::fs::read(dir.join("anatomy.csv")).unwrap(), rows_before);
    // bad input: a clear error, nothing written
    let bad = umax(&["--moves", "e2e5", "--depth", "3", "--hash-bits", "12"]);
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("e2e5") && !err.contains("NotLegal"), "{err}");
    let no_game = umax(&["--games", "tests/data/does-not-exist.csv", "--select", "3"]);
    assert!(!no_game.status.success());
    let zero = umax(&["--moves", "", "--depth", "0"]);
    assert!(!zero.status.success());
}
