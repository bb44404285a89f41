//! `umax uci` against the protocol, and against `umax play`: the same moves at the same node
//! budget.

use crate::uci_support;

use shakmaty::{Chess, Position};
use std::time::{Duration, Instant};
use uci_support::{Outcome, Uci, position_after, run_with_input};
use umax::chess::{move_from_0x88, parse_uci, uci};

const T: Duration = Duration::from_secs(30);

fn legal_in(pos: &Chess, m: &str) -> bool {
    parse_uci(pos, m).is_ok()
}

fn pos_after(fen: Option<&str>, moves: &[&str]) -> Chess {
    position_after(fen, moves)
}

/// Whether a line of `lines` starts with `prefix`.
fn any_starts(lines: &[String], prefix: &str) -> bool {
    lines.iter().any(|l| l.starts_with(prefix))
}

/// `umax uci --hash-bits 16`.
fn spawn() -> Uci {
    Uci::spawn(&["--hash-bits", "16"])
}

/// Sends `quit` and checks that `e` exits cleanly.
fn quit(mut e: Uci) {
    e.send("quit");
    assert!(e.finish(T).success());
}

/// Sends `position startpos` with `moves` and `go`: the bestmove, checked legal after `moves`,
/// and the lines up to it.
fn go_after(e: &mut Uci, moves: &[&str], go: &str) -> (String, Vec<String>) {
    if moves.is_empty() {
        e.send("position startpos");
    } else {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
    }
    e.send(go);
    let (best, lines) = e.bestmove(T);
    assert!(
        legal_in(&pos_after(None, moves), &best),
        "{best} after {moves:?}: {lines:?}"
    );
    (best, lines)
}

/// `umax uci --hash-bits 16` with all of `input` at once, within `timeout`, clean (`what`: the
/// case, for the messages): its output and its bestmoves' moves.
fn piped(input: &str, timeout: Duration, what: &str) -> (Outcome, Vec<String>) {
    let out = run_with_input(&["uci", "--hash-bits", "16"], input.as_bytes(), timeout);
    out.assert_clean(what);
    let best = out
        .lines()
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove ").map(str::to_string))
        .collect();
    (out, best)
}

#[test]
fn handshake_and_isready() {
    let mut e = spawn();
    e.send("uci");
    let lines = e.until(T, |l| l == "uciok");
    assert!(any_starts(&lines, "id name umax"), "{lines:?}");
    assert!(any_starts(&lines, "id author"), "{lines:?}");
    e.send("isready");
    e.until(T, |l| l == "readyok");
    e.send("ucinewgame");
    let (_, info) = go_after(&mut e, &["e2e4"], "go nodes 5000");
    let info: Vec<&String> = info
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!info.is_empty());
    for l in &info {
        for word in [" score ", " nodes ", " nps ", " time ", " pv "] {
            assert!(l.contains(word), "{l}");
        }
    }
    quit(e);
}

#[test]
fn isready_and_stop_during_go_infinite() {
    let mut e = spawn();
    e.send("position startpos");
    e.send("go infinite");
    e.send("isready");
    let lines = e.until(T, |l| l == "readyok");
    assert!(!any_starts(&lines, "bestmove"));
    // infinite: no bestmove before stop, even if the search is long over
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let lines = e.until(T, |l| l == "readyok");
    assert!(!any_starts(&lines, "bestmove"), "{lines:?}");
    let asked = Instant::now();
    e.send("stop");
    let (best, _) = e.bestmove(T);
    assert!(legal_in(&Chess::default(), &best), "{best}");
    eprintln!("bestmove {:?} after stop", asked.elapsed());
    // still usable
    go_after(&mut e, &["d2d4"], "go depth 3");
    quit(e);
}

#[test]
fn depth_limit_and_mate_scores() {
    let mut e = spawn();
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go depth 5");
    let (best, info) = e.bestmove(T);
    assert_eq!(best, "d1d8");
    assert!(info.iter().any(|l| l.contains("score mate 1 ")), "{info:?}");
    // the side about to be mated
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 moves g1f1");
    e.send("go depth 1");
    let (best, info) = e.bestmove(T);
    assert!(legal_in(
        &pos_after(Some("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), &["g1f1"]),
        &best
    ));
    let depths: Vec<&String> = info
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(depths.len(), 1, "{info:?}");
    assert!(depths[0].starts_with("info depth 1 "));
    // mated: after Rd8# black has no move
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 moves d1d8");
    e.send("go nodes 1000");
    let (best, _) = e.bestmove(T);
    assert_eq!(best, "0000");
    quit(e);
}

#[test]
fn mated_side_reports_negative_mate() {
    // Black's only move is Kh7, and Rh1 mates.
    let fen = "7k/5K2/8/8/8/8/8/R7 b - - 0 1";
    let mut e = spawn();
    e.send(&format!("position fen {fen}"));
    e.send("go depth 5");
    let (best, info) = e.bestmove(T);
    assert_eq!(best, "h8h7", "the only move");
    assert!(
        info.iter().any(|l| l.contains("score mate -1 ")),
        "{info:?}"
    );
    quit(e);
}

#[test]
fn time_controls_return_promptly() {
    let mut e = spawn();
    e.send("position startpos moves e2e4 e7e5");
    let asked = Instant::now();
    e.send("go wtime 3000 btime 3000 winc 0 binc 0");
    let (best, _) = e.bestmove(T);
    let took = asked.elapsed();
    assert!(legal_in(&pos_after(None, &["e2e4", "e7e5"]), &best));
    // target: min(3000/30, 3000/4) - 30 = 70 ms, cut at 2*100 - 30 = 170 ms. Generous bound
    // for a loaded machine.
    assert!(took < Duration::from_millis(1500), "took {took:?}");
    let asked = Instant::now();
    e.send("go movetime 300");
    let (_, _) = e.bestmove(T);
    let took = asked.elapsed();
    assert!(took < Duration::from_millis(2500), "took {took:?}");
    // a flagged clock (negative time) still gives a move
    e.send("go wtime -100 btime -100");
    let (best, _) = e.bestmove(T);
    assert!(legal_in(&pos_after(None, &["e2e4", "e7e5"]), &best));
    quit(e);
}

/// Moves `umax play --trace` thinks up on empty lines: the last root iteration of each think.
fn play_moves(build: &str, nodes: u64, thinks: usize) -> Vec<String> {
    let input = "\n".repeat(thinks);
    let nodes = nodes.to_string();
    let out = run_with_input(
        &[
            "play",
            "--build",
            build,
            "--nodes",
            &nodes,
            "--hash-bits",
            "16",
            "--trace",
        ],
        input.as_bytes(),
        Duration::from_secs(120),
    );
    out.assert_clean("play");
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    let mut last: Option<(i8, i8)> = None;
    for line in out.lines() {
        if let Some(i) = line.find(" by (") {
            let inner = &line[i + 5..line.len() - 1];
            let mut parts = inner.split(',');
            let x = i64::from_str_radix(parts.next().unwrap().trim(), 16).unwrap() as i8;
            let y = i64::from_str_radix(parts.next().unwrap().trim(), 16).unwrap() as i8;
            last = Some((x, y));
        } else if let Some((x, y)) = last.take() {
            let m = move_from_0x88(&pos, x, y).expect("play's move is legal");
            moves.push(uci(&m));
            pos.play_unchecked(m);
        }
    }
    moves
}

#[test]
fn uci_plays_the_moves_play_plays() {
    for (build, nodes) in [
        ("old", 3000u64),
        ("old", 20000),
        ("sd", 3000),
        ("sd", 20000),
    ] {
        let moves = play_moves(build, nodes, 40);
        assert!(moves.len() >= 30, "{build} {nodes}: {moves:?}");
        let mut e = Uci::spawn(&["--build", build, "--hash-bits", "16"]);
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        for i in 0..moves.len() {
            let (best, _) = go_after(&mut e, &moves[..i], &format!("go nodes {nodes}"));
            assert_eq!(
                best,
                moves[i],
                "{build}: ply {} at {nodes} nodes after '{}'",
                i + 1,
                moves[..i].join(" ")
            );
        }
        quit(e);
    }
}

#[test]
fn sd_build_speaks_uci_too() {
    let mut e = Uci::spawn(&["--build", "sd", "--hash-bits", "16"]);
    e.send("uci");
    let lines = e.until(T, |l| l == "uciok");
    assert!(lines[0].contains("sd"), "{lines:?}");
    go_after(&mut e, &["g1f3"], "go nodes 20000");
    quit(e);
}

#[test]
fn piped_session_prints_bestmove_at_end_of_input() {
    for (what, input) in [
        ("piped", "position startpos\ngo depth 4\n"),
        ("piped infinite", "position startpos\ngo infinite\n"),
    ] {
        let (out, best) = piped(input, Duration::from_secs(60), what);
        assert!(!best.is_empty(), "{what}: {}", out.stdout_text());
    }
}

#[test]
fn end_of_input_stops_a_bounded_search() {
    // The client is gone: a search that would take hours ends as promptly as after `stop`,
    // with its bestmove.
    for go in [
        "go depth 40",
        "go nodes 2000000000",
        "go wtime 36000000 btime 36000000",
    ] {
        let input = format!("position startpos\n{go}\n");
        let (out, best) = piped(&input, Duration::from_secs(20), go);
        assert_eq!(best.len(), 1, "{go}: {}", out.stdout_text());
        assert!(legal_in(&Chess::default(), &best[0]), "{go}: {best:?}");
    }
}

#[test]
fn refused_position_is_not_searched() {
    let mut e = spawn();
    e.send("position startpos moves e2e4");
    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1");
    e.send("go depth 3");
    let (best, lines) = e.bestmove(T);
    assert_eq!(best, "0000", "{lines:?}");
    assert!(any_starts(&lines, "info string "), "{lines:?}");
    assert!(!any_starts(&lines, "info depth"), "{lines:?}");
    // still none, until a good position comes
    e.send("go depth 3");
    assert_eq!(e.bestmove(T).0, "0000");
    e.send("position startpos moves e2e4 e7e5 e1e2 e2e2");
    e.send("go depth 3");
    assert_eq!(e.bestmove(T).0, "0000");
    go_after(&mut e, &["e2e4"], "go depth 3");
    e.send("position fen x");
    e.send("ucinewgame");
    e.send("go depth 3");
    let (best, _) = e.bestmove(T);
    assert!(legal_in(&Chess::default(), &best), "{best}");
    quit(e);
}

/// After 1 s of `go infinite` from the initial position (with this table, iterations of
/// several seconds are under way), `stop` must not wait for the iteration to end.
#[test]
fn stop_cuts_the_iteration_in_progress() {
    let mut e = spawn();
    e.send("position startpos");
    e.send("isready");
    e.until(T, |l| l == "readyok");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(1000));
    let asked = Instant::now();
    e.send("stop");
    let (best, lines) = e.bestmove(T);
    let took = asked.elapsed();
    assert!(legal_in(&Chess::default(), &best), "{best}");
    // generous for a loaded machine: the target (scripts/uci-latency.sh) is 20 ms
    assert!(
        took < Duration::from_millis(400),
        "stop took {took:?}: {lines:?}"
    );
    // the move is the last reported iteration's
    let last_pv = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| l.split(" pv ").nth(1))
        .next_back()
        .expect("an iteration was reported");
    assert_eq!(last_pv, best);
    quit(e);
}

/// `go movetime` is a deadline: the search uses the time and is cut at it, inside an
/// iteration if need be.
#[test]
fn movetime_is_a_hard_deadline() {
    let mut e = Uci::spawn(&[]);
    for moves in [
        "",
        " moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7",
    ] {
        e.send(&format!("position startpos{moves}"));
        e.send("isready");
        e.until(T, |l| l == "readyok");
        let asked = Instant::now();
        e.send("go movetime 1000");
        let (_, lines) = e.bestmove(T);
        let took = asked.elapsed();
        // generous for a loaded machine: the targets (scripts/uci-latency.sh) are +15/+30 ms
        assert!(
            took > Duration::from_millis(900) && took < Duration::from_millis(1250),
            "movetime 1000 answered after {took:?}: {lines:?}"
        );
    }
    quit(e);
}

#[test]
fn illegal_castling_is_replaced_by_a_legal_move() {
    // White is in check from the d2 pawn; micro-Max 3.2 does not see a pawn's attack on the
    // square the king leaves and wants to castle (tests/rules.rs, "castling out of check").
    for fen in [
        "4k3/8/8/b7/8/8/3p4/4K2R w K - 0 1",
        "4k3/8/8/8/8/8/6p1/4K2R w K - 0 1",
    ] {
        let mut e = spawn();
        e.send(&format!("position fen {fen}"));
        e.send("go depth 5");
        let (best, lines) = e.bestmove(T);
        let pos = micromax::fen::parse_fen(fen).unwrap();
        assert!(legal_in(&pos, &best), "{fen}: {best}");
        assert!(
            any_starts(&lines, "info string micro-Max offered e1g1"),
            "{lines:?}"
        );
        quit(e);
    }
}

/// `stop` racing the end of the search: exactly one `bestmove` per `go`, and nothing of that
/// search after it (`stop` may be answered by the main thread while the search unwinds).
#[test]
fn one_bestmove_per_go_when_stop_races_the_search() {
    let mut e = spawn();
    for n in 0..40u64 {
        e.send("position startpos moves e2e4");
        e.send(if n % 2 == 0 {
            "go depth 5"
        } else {
            "go infinite"
        });
        std::thread::sleep(Duration::from_millis(n % 7));
        e.send("stop");
        let (best, lines) = e.bestmove(T);
        assert!(legal_in(&pos_after(None, &["e2e4"]), &best), "{lines:?}");
        // the search thread has unwound by the time it is joined (at the next go); until then
        // nothing of it may follow bestmove
        std::thread::sleep(Duration::from_millis(n % 5));
        e.send("isready");
        let lines = e.until(T, |l| l == "readyok");
        assert_eq!(lines, ["readyok"], "nothing after bestmove");
    }
    e.send("go depth 2");
    let (best, lines) = e.bestmove(T);
    assert!(legal_in(&pos_after(None, &["e2e4"]), &best), "{lines:?}");
    assert!(
        !any_starts(&lines[..lines.len() - 1], "bestmove"),
        "{lines:?}"
    );
    quit(e);
}

/// `setoption name NodesTime`: the clock counted in nodes, as `umax match --clock nodes`. At
/// 600 nodes/ms, `go wtime 15000` (9,000,000 nodes) thinks exactly as `go nodes 300000` (a
/// thirtieth), whatever the machine's speed; an unreadable value changes nothing.
#[test]
fn nodestime_counts_the_clock_in_nodes() {
    let nodes = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                let at = w.iter().position(|x| *x == "nodes").unwrap();
                format!("{} {} {}", w[2], w[at + 1], w.last().unwrap())
            })
            .collect()
    };
    let mut e = spawn();
    e.send("uci");
    let lines = e.until(T, |l| l == "uciok");
    assert!(
        lines.contains(&"option name NodesTime type spin default 0 min 0 max 100000".to_string()),
        "{lines:?}"
    );
    let (best_n, by_nodes) = go_after(&mut e, &["e2e4"], "go nodes 300000");
    e.send("setoption name NodesTime value 600");
    let (best_c, by_clock) = go_after(&mut e, &["e2e4"], "go wtime 1 btime 15000");
    assert_eq!(best_c, best_n);
    assert_eq!(nodes(&by_clock), nodes(&by_nodes));
    e.send("setoption name NodesTime value fast");
    e.send("isready");
    let lines = e.until(T, |l| l == "readyok");
    assert!(
        any_starts(&lines, "info string NodesTime takes a whole number"),
        "{lines:?}"
    );
    let (_, again) = go_after(&mut e, &["e2e4"], "go wtime 1 btime 15000");
    assert_eq!(nodes(&again), nodes(&by_nodes), "the value stayed 600");
    quit(e);
}

/// The last `info depth` line's node count.
fn last_nodes(lines: &[String]) -> u64 {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("no info depth line: {lines:?}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes").expect("nodes");
    words[at + 1].parse().unwrap()
}

/// A bare `go` thinks to the engine's own published limit: 4.8's `N<1e6`, not 3.2's `1e7` (each
/// engine states its default; `play` and `uci` ask it). The same think as `go nodes 1000000`.
#[test]
fn a_bare_go_on_4_8_thinks_to_its_own_node_limit() {
    let mut bare = Uci::spawn(&["--build", "mm48", "--hash-bits", "16"]);
    let (best, lines) = go_after(&mut bare, &["e2e4"], "go");
    quit(bare);
    let mut given = Uci::spawn(&["--build", "mm48", "--hash-bits", "16"]);
    let (best_given, lines_given) = go_after(&mut given, &["e2e4"], "go nodes 1000000");
    quit(given);
    assert_eq!(
        (best, last_nodes(&lines)),
        (best_given, last_nodes(&lines_given)),
        "bare go: {lines:?}\ngo nodes 1000000: {lines_given:?}"
    );
}
