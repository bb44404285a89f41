//! `umax uci` with hostile input: unknown commands, malformed `position` and `go`, illegal
//! moves, bad FENs, binary bytes, CR line ends, huge lines, end of input mid-line, `quit` in
//! the middle of a search. Each answer is an `info string` at most; the engine stays usable
//! (the test asks it for a legal move afterwards); never a panic, a hang or a crash.

use crate::uci_support;

use shakmaty::Chess;
use std::time::Duration;
use uci_support::{Outcome, position_after, run_with_input};
use umax::chess::parse_uci;

const T: Duration = Duration::from_secs(60);

fn session(input: &[u8]) -> Outcome {
    let out = run_with_input(&["uci", "--hash-bits", "16"], input, T);
    out.assert_clean(&format!(
        "uci with {:?}",
        String::from_utf8_lossy(&input[..input.len().min(200)])
    ));
    // Every output line is one of the protocol's, whatever came in.
    for line in out.lines() {
        let first = line.split_whitespace().next().unwrap_or("");
        assert!(
            ["id", "uciok", "readyok", "info", "bestmove", "option"].contains(&first),
            "unexpected output line {line:?}"
        );
    }
    out
}

fn bestmoves(out: &Outcome) -> Vec<String> {
    out.lines()
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove ").map(|m| m.trim().to_string()))
        .collect()
}

/// The bestmoves of `out`, which must be `n` (`what`: the case, for the message).
fn n_bestmoves(out: &Outcome, n: usize, what: &str) -> Vec<String> {
    let best = bestmoves(out);
    assert_eq!(best.len(), n, "{what}: {:?}", out.lines());
    best
}

/// Whether `out` has the output line `line`.
fn has_line(out: &Outcome, line: &str) -> bool {
    out.lines().iter().any(|l| l == line)
}

fn info_strings(out: &Outcome) -> Vec<String> {
    out.lines()
        .into_iter()
        .filter(|l| l.starts_with("info string "))
        .collect()
}

fn after(moves: &[&str]) -> Chess {
    position_after(None, moves)
}

fn assert_legal(pos: &Chess, m: &str) {
    assert!(parse_uci(pos, m).is_ok(), "bestmove {m} is not legal");
}

#[test]
fn unknown_commands_are_reported_and_skipped() {
    let out = session(b"hello\nxyzzy plugh\njoho isready\n\n   \n\t\nisready\n");
    let lines = out.lines();
    assert_eq!(
        lines.iter().filter(|l| *l == "readyok").count(),
        2,
        "{lines:?}"
    );
    assert_eq!(info_strings(&out).len(), 2, "{lines:?}");
}

#[test]
fn malformed_position_commands() {
    for bad in [
        "position",
        "position fen",
        "position foo bar",
        "position startpos junk moves e2e4",
        "position moves e2e4",
        "position fen moves e2e4",
    ] {
        // after a good position: the refused one is not searched as if it were that one
        let input = format!("position startpos moves e2e4\n{bad}\ngo nodes 500\nisready\n");
        let out = session(input.as_bytes());
        assert_eq!(bestmoves(&out), ["0000"], "{bad}: {:?}", out.lines());
        assert!(has_line(&out, "readyok"), "{bad}: {:?}", out.lines());
    }
    // no moves after `moves` is a good position
    let out = session(b"position startpos moves\ngo nodes 500\n");
    let best = n_bestmoves(&out, 1, "position startpos moves");
    assert_legal(&Chess::default(), &best[0]);
}

#[test]
fn illegal_moves_refuse_the_position() {
    for bad in [
        "position startpos moves e2e5",
        "position startpos moves e2e4 e2e4",
        "position startpos moves e2e4 zz99 d7d5",
        "position startpos moves e2e4 e7e5 e1g1",
        "position startpos moves 0000",
        "position startpos moves e2e4 Q@e5",
        "position startpos moves e2e4 e7e5 g1f3 \u{feff}b8c6",
    ] {
        // refused: `go` answers 0000 (with an info string) until a good position comes
        let input = format!("{bad}\ngo nodes 500\ngo nodes 500\nposition startpos\ngo nodes 500\n");
        let out = session(input.as_bytes());
        // the refusal, and one note per refused go
        assert_eq!(info_strings(&out).len(), 3, "{bad}: {:?}", out.lines());
        let best = n_bestmoves(&out, 3, bad);
        assert_eq!(best[..2], ["0000", "0000"], "{bad}");
        assert_legal(&Chess::default(), &best[2]);
    }
}

#[test]
fn bad_fens_leave_the_engine_usable() {
    for fen in [
        "",
        "x",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K2K w - - 0 1",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "1r2k3/8/8/8/8/8/8/1R2K3 w B - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
        "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
        "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1",
        "\u{0}\u{1}\u{7f}",
        "ñ/ñ/ñ/ñ/ñ/ñ/ñ/ñ w - - 0 1",
    ] {
        // a bad FEN after a good position: no position (not the previous one) until a good
        // one, then the engine is as usable as before
        let input = format!(
            "position startpos moves g1f3\nposition fen {fen}\ngo nodes 500\nposition startpos moves g1f3\ngo nodes 500\n"
        );
        let out = session(input.as_bytes());
        let infos = info_strings(&out);
        assert!(infos.len() >= 2, "{fen:?}: no error reported");
        let best = n_bestmoves(&out, 2, &format!("{fen:?}"));
        assert_eq!(best[0], "0000", "{fen:?}: searched the previous position");
        assert_legal(&after(&["g1f3"]), &best[1]);
    }
}

#[test]
fn malformed_go_commands() {
    for bad in [
        "go depth x nodes 800",
        "go nodes -5",
        "go nodes 0",
        "go depth 0",
        "go depth -3",
        "go mate 0",
        "go movetime -10",
        "go movetime nodes 800",
        "go wtime nodes 800",
        "go wtime abc btime 10 nodes 800",
        "go wtime -100000 btime -100000",
        "go depth 99999999999999999999999 nodes 800",
        "go nodes 1e3",
        "go nodes nan depth 2",
        "go searchmoves e2e4 d2d4 nodes 500",
        "go ponder nodes 500\nponderhit",
        "go infinite\nstop",
        "go whatever nodes 500",
        "go nodes 500 nodes 600 nodes 700",
    ] {
        let input = format!("position startpos\n{bad}\n");
        let out = session(input.as_bytes());
        let best = n_bestmoves(&out, 1, bad);
        assert_legal(&Chess::default(), &best[0]);
    }
}

#[test]
fn protocol_out_of_order() {
    // stop / ponderhit with no search; go during a search; position during a search
    let out = session(
        b"stop\nponderhit\nstop\ngo infinite\ngo nodes 500\nposition startpos moves e2e4\ngo infinite\nisready\nposition startpos\nstop\nstop\nucinewgame\ngo nodes 300\n",
    );
    // bestmoves: the first infinite search (stopped by the second go), the second go, the
    // second infinite search (stopped by stop: position does not stop a search), the last go
    let best = n_bestmoves(&out, 4, "out of order");
    assert_legal(&Chess::default(), &best[0]);
    assert_legal(&Chess::default(), &best[1]);
    assert_legal(&after(&["e2e4"]), &best[2]);
    assert_legal(&Chess::default(), &best[3]);
}

#[test]
fn cr_line_ends_binary_bytes_and_end_of_input_mid_line() {
    let out = session(b"uci\risready\r\nposition startpos moves e2e4\r\ngo nodes 500\r\nisready");
    let lines = out.lines();
    assert!(has_line(&out, "uciok"), "{lines:?}");
    assert_eq!(
        lines.iter().filter(|l| *l == "readyok").count(),
        2,
        "{lines:?}"
    );
    assert_legal(&after(&["e2e4"]), &bestmoves(&out)[0]);

    let mut x: u64 = 0x0DDB_1A5E_5BAD_5EED;
    let mut input = Vec::new();
    for _ in 0..50_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        input.push((x >> 32) as u8);
    }
    input.extend_from_slice(b"\nisready\n");
    let out = session(&input);
    assert!(has_line(&out, "readyok"));
    // an info string echoes nothing that could break a line
    for l in info_strings(&out) {
        assert!(!l.contains('\r') && !l.contains('\0'), "{l:?}");
    }
}

#[test]
fn huge_lines() {
    let mut input = b"position startpos moves ".to_vec();
    for _ in 0..200_000 {
        input.extend_from_slice(b"e2e4 ");
    }
    input.extend_from_slice(b"\n");
    input.extend(std::iter::repeat_n(b'x', 3 << 20));
    input.extend_from_slice(b"\ngo nodes 500\nisready\n");
    let out = session(&input);
    assert!(has_line(&out, "readyok"));
    assert!(
        info_strings(&out).iter().any(|l| l.contains("longer than")),
        "{:?}",
        info_strings(&out)
    );
    // the second e2e4 is not legal: the position is refused
    assert_eq!(bestmoves(&out), ["0000"]);
}

#[test]
fn quit_in_the_middle_of_a_search_exits_promptly() {
    let out = session(b"position startpos\ngo infinite\nquit\n");
    assert!(out.elapsed < Duration::from_secs(10), "{:?}", out.elapsed);
    let out = session(b"position startpos\ngo depth 30\nquit\nisready\n");
    assert!(out.elapsed < Duration::from_secs(10), "{:?}", out.elapsed);
    assert!(!has_line(&out, "readyok"));
}

#[test]
fn positions_micro_max_cannot_reach_by_its_own_moves() {
    // an under-promotion, then a search; material beyond I/4
    let out = session(
        b"position fen 8/P6k/8/8/8/8/6K1/8 w - - 0 1 moves a7a8n\ngo nodes 500\nposition fen 4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1 moves e1d2 e8d8\ngo nodes 500\n",
    );
    let best = n_bestmoves(&out, 2, "unreachable positions");
    let p = position_after(Some("8/P6k/8/8/8/8/6K1/8 w - - 0 1"), &["a7a8n"]);
    assert_legal(&p, &best[0]);
    let p = position_after(Some("4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1"), &["e1d2", "e8d8"]);
    assert_legal(&p, &best[1]);
    // the under-promotion is reported; the rebased material is not a "cannot play" note
    let infos = info_strings(&out);
    assert!(
        infos.iter().any(|l| l.contains("cannot play move 1")),
        "{infos:?}"
    );
    assert!(
        !infos.iter().any(|l| l.contains("cannot play move 2")),
        "{infos:?}"
    );
}
