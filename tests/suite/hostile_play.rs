//! `umax play` with hostile input: very long lines, binary bytes, CR/LF, end of input in the
//! middle of a line, no input at all. It must neither panic nor hang, and must exit 0.

use crate::uci_support;

use std::time::Duration;
use uci_support::run_with_input;

const ARGS: &[&str] = &["play", "--nodes", "2000", "--hash-bits", "16"];
const T: Duration = Duration::from_secs(60);

/// The board as `play` prints it first: the initial position.
/// (The C prints pawns as `+` for black and `*` for white.)
const START_BOARD: &str = " r n b q k b n r \n + + + + + + + + \n . . . . . . . . \n . . . . . . . . \n . . . . . . . . \n . . . . . . . . \n * * * * * * * * \n R N B Q K B N R \n";

fn play(input: &[u8]) -> String {
    let out = run_with_input(ARGS, input, T);
    out.assert_clean(&format!("play with {} bytes", input.len()));
    out.stdout_text()
}

/// Boards printed (one per line read, plus the first).
fn boards(out: &str) -> usize {
    out.lines().count() / 8
}

#[test]
fn no_input_at_all() {
    assert_eq!(play(b""), START_BOARD);
}

#[test]
fn end_of_input_mid_line_still_plays_the_move() {
    let out = play(b"e2e4");
    assert_eq!(boards(&out), 2);
    assert!(
        out.ends_with(" * * * * . * * * \n R N B Q K B N R \n"),
        "{out}"
    );
    assert!(out.contains(" . . . . * . . . \n"), "{out}");
    // half a move, then end of input
    let out = play(b"e2");
    assert_eq!(boards(&out), 2);
}

#[test]
fn very_long_lines() {
    let mut input = vec![b'a'; 2 << 20];
    input.push(b'\n');
    input.extend_from_slice(b"e2e4");
    input.extend(std::iter::repeat_n(b'x', 100_000));
    input.push(b'\n');
    input.extend(std::iter::repeat_n(b'z', 1 << 20)); // and no newline at the end
    let out = play(&input);
    assert_eq!(boards(&out), 4);
    // the long line starting with e2e4 was read as the move e2e4
    assert!(out.contains(" . . . . * . . . \n"), "{out}");
}

#[test]
fn cr_lf_and_control_bytes() {
    // CR is above 10, so "e2e4\r" is the move e2e4 (the C reads only c[0..4]); a lone "\r" is a
    // nonsense move; NUL and TAB end a line as the C's `>10` test says.
    let out = play(b"e2e4\r\n\r\n\n\0\t\x0b\x0c");
    assert!(boards(&out) >= 6, "{out}");
}

#[test]
fn binary_bytes() {
    let mut x: u64 = 0x1234_5678_9ABC_DEF0;
    let mut input = Vec::new();
    for _ in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let byte = (x >> 24) as u8;
        // keep empty lines (thinks) rare, so the test stays quick
        input.push(if byte == b'\n' && !x.is_multiple_of(8) {
            b'.'
        } else {
            byte
        });
    }
    play(&input);
    // all bytes that end lines, all at once
    let all: Vec<u8> = (0u8..=255).collect();
    play(&all);
}

#[test]
fn many_thinks_and_junk_moves() {
    let mut input = Vec::new();
    for i in 0..60 {
        input.extend_from_slice(if i % 3 == 0 { b"\n" } else { b"h9z0\n" });
        input.extend_from_slice(b"\xff\xfe\xfd\xfc\n");
    }
    play(&input);
}
