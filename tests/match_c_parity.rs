//! The games of `umax match` are the games two C processes play when a referee feeds them the
//! same lines: move for move, node for node.
//!
//! The Rust match runs first (old vs sd, in-process). Then each game is played again by two
//! processes of the instrumented C builds (`scripts/build-original.sh`), driven independently:
//! opening moves to both as lines like `e2e4`, an empty line to the side to move, its move read
//! from its last root-trace line `(X,Y)` and fed to the other process. The C's move at every
//! ply must be the Rust game's move, and each side's node total (the sum over its thinks of the
//! last trace line's `N`) and deepest iteration must be the row's.
//!
//! The C's stdout is a pipe, so it is made line-buffered with `stdbuf -oL`. The C loops forever
//! at end of input, so its stdin stays open and the process is killed at the end.
//! Without gcc (or stdbuf) the test is skipped with a message, except under `CI=true`, where it
//! fails.

mod match_common;
use match_common::*;

use shakmaty::{Chess, Position};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::OnceLock;
use umax::games::GameRow;

const BITS: &str = "16";

/// The instrumented C twins (old, sd) for NODES and BITS, or `None` (skip) without a compiler.
fn c_twins(nodes: &str) -> Option<(PathBuf, PathBuf)> {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    for tool in ["gcc", "stdbuf", "patch"] {
        if Command::new(tool).arg("--version").output().is_err() {
            assert!(
                !ci,
                "{tool} is needed for the C parity test (CI=true: not skipping)"
            );
            eprintln!("SKIPPED: C parity needs {tool}, which is not installed");
            return None;
        }
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/build-original.sh");
    let out = Command::new(script)
        .args(["--nodes", nodes, "--hash-bits", BITS])
        .output()
        .expect("build-original.sh runs");
    assert!(
        out.status.success(),
        "build-original.sh failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let paths: Vec<PathBuf> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(PathBuf::from)
        .collect();
    assert_eq!(paths.len(), 4, "old, sd, old-trace, sd-trace");
    Some((paths[2].clone(), paths[3].clone()))
}

/// One line of the instrumented C's root trace:
/// `printf("%2d ply, %9d searched, %6d by (%2x,%2x)\n",d-1,N,m,X,Y&0x77)`.
#[derive(Debug, Clone, Copy)]
struct Trace {
    ply: i32,
    nodes: u64,
    x: i32,
    y: i32,
}

fn parse_trace(line: &str) -> Trace {
    let (ply, rest) = line.split_once(" ply,").expect("trace line");
    let (nodes, rest) = rest.split_once(" searched,").expect("trace line");
    let (_, squares) = rest.split_once('(').expect("trace line");
    let (x, y) = squares
        .trim_end()
        .trim_end_matches(')')
        .split_once(',')
        .unwrap();
    let hex = |s: &str| u32::from_str_radix(s.trim(), 16).unwrap() as i32;
    Trace {
        ply: ply.trim().parse().unwrap(),
        nodes: nodes.trim().parse().unwrap(),
        x: hex(x),
        y: hex(y),
    }
}

/// The C main loop's move parsing: `K=c[0]-16*c[1]+C;L=c[2]-16*c[3]+C;` (into `char`s).
fn c_squares(uci: &str) -> (i32, i32) {
    let c: Vec<i32> = uci.bytes().take(4).map(i32::from).collect();
    (
        (c[0] - 16 * c[1] + 799) as i8 as i32,
        (c[2] - 16 * c[3] + 799) as i8 as i32,
    )
}

fn square_name(sq: i32) -> String {
    format!("{}{}", (b'a' + (sq & 7) as u8) as char, 8 - (sq >> 4))
}

/// One running C process.
struct CProcess {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// `K`,`L` as the last move line set them (what a root answered from the hash offers).
    last_fed: (i32, i32),
}

impl CProcess {
    fn spawn(binary: &Path) -> CProcess {
        let mut child = Command::new("stdbuf")
            .arg("-oL")
            .arg(binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("C binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut p = CProcess {
            child,
            stdin,
            stdout,
            last_fed: (0, 0),
        };
        assert!(p.reply().is_empty(), "the first board, no trace");
        p
    }

    /// What the C prints for one line: its trace lines, then the board (8 lines).
    fn reply(&mut self) -> Vec<Trace> {
        let mut traces = Vec::new();
        let mut board_lines = 0;
        while board_lines < 8 {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).unwrap();
            assert!(n > 0, "the C process ended");
            if line.contains(" ply,") {
                traces.push(parse_trace(&line));
            } else {
                board_lines += 1;
            }
        }
        traces
    }

    fn send(&mut self, line: &str) -> Vec<Trace> {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        self.reply()
    }

    /// A move line.
    fn feed(&mut self, uci: &str) {
        assert!(self.send(&uci[..4]).is_empty());
        self.last_fed = c_squares(uci);
    }

    /// An empty line: (X, Y, nodes, depth searched) of the think. The depth counts a
    /// mate-finding iteration (printed as ply 98) as one deeper than the one before, as the
    /// runner's depth columns do (`umax::matchrun::game::searched_depth`).
    fn think(&mut self) -> (i32, i32, u64, i32) {
        let traces = self.send("");
        let mut depth = 0;
        let mut previous = 0;
        for t in &traces {
            let ply = if t.ply == 98 { previous + 1 } else { t.ply };
            depth = depth.max(ply);
            previous = ply;
        }
        match traces.last() {
            Some(t) => (t.x, t.y, t.nodes, depth),
            None => (self.last_fed.0, self.last_fed.1, 0, 0), // K,L unchanged
        }
    }
}

impl Drop for CProcess {
    fn drop(&mut self) {
        let _ = self.child.kill(); // it would loop forever at end of input
        let _ = self.child.wait();
    }
}

/// Plays `row`'s game with two C processes; `Err` names the first difference.
fn replay_with_c(row: &GameRow, old_c: &Path, sd_c: &Path) -> Result<(), String> {
    let bin = |b: &str| if b == "old" { old_c } else { sd_c };
    let mut procs = [
        CProcess::spawn(bin(&row.white)),
        CProcess::spawn(bin(&row.black)),
    ];
    let moves: Vec<&str> = row.moves.split_whitespace().collect();
    let book = row.opening.split_whitespace().count();
    let mut pos = Chess::default();
    for m in &moves[..book] {
        procs[0].feed(m);
        procs[1].feed(m);
        pos.play_unchecked(umax::chess::parse_uci(&pos, m).unwrap());
    }
    let mut nodes = [0u64; 2];
    let mut depth = [0i32; 2];
    for (ply, m) in moves.iter().enumerate().skip(book) {
        let mover = ply % 2;
        let (x, y, n, d) = procs[mover].think();
        nodes[mover] += n;
        depth[mover] = depth[mover].max(d);
        let c_move = format!("{}{}", square_name(x), square_name(y));
        if c_move != m[..4] {
            return Err(format!(
                "game {} ply {}: C plays {c_move}, Rust {m}",
                row.game,
                ply + 1
            ));
        }
        procs[1 - mover].feed(m);
        pos.play_unchecked(umax::chess::parse_uci(&pos, m).unwrap());
    }
    // the games that end on an offered move the referee refuses: the C offers one too
    if ["no_move", "hash_root", "illegal_move"].contains(&row.termination.as_str()) {
        let mover = moves.len() % 2;
        let (x, y, n, d) = procs[mover].think();
        nodes[mover] += n;
        depth[mover] = depth[mover].max(d);
        if umax::chess::move_from_0x88(&pos, x as i8, y as i8).is_some() {
            return Err(format!(
                "game {}: the C's last move ({x:x},{y:x}) is legal",
                row.game
            ));
        }
        if row.termination == "no_move" && (x, y) != (0, 0) {
            return Err(format!(
                "game {}: the C offers ({x:x},{y:x}), not a8a8",
                row.game
            ));
        }
    }
    let (old, sd) = if row.white == "old" { (0, 1) } else { (1, 0) };
    if (nodes[old], nodes[sd]) != (row.old_nodes, row.sd_nodes) {
        return Err(format!(
            "game {}: C node totals (old, sd) {:?} vs the row's {:?}",
            row.game,
            (nodes[old], nodes[sd]),
            (row.old_nodes, row.sd_nodes)
        ));
    }
    if (depth[old], depth[sd]) != (row.old_depth, row.sd_depth) {
        return Err(format!("game {}: depths differ", row.game));
    }
    Ok(())
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
    off_by_one.sd_nodes += 1;
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

#[test]
fn trace_lines_parse() {
    let t = parse_trace(" 5 ply,    527211 searched,     12 by (13,23)\n");
    assert_eq!((t.ply, t.nodes, t.x, t.y), (5, 527211, 0x13, 0x23));
    assert_eq!(c_squares("e2e4"), (0x64, 0x44));
    assert_eq!(square_name(0x64), "e2");
}
