//! The stable-Rust stand-in for the cargo-fuzz targets in `fuzz/`: the same checking routines
//! (`umax::fuzzing`) on seeded random and mutated inputs, about 175,000 in all, every run.
//! `UMAX_SMOKE_SCALE` multiplies the counts (e.g. 10 for a longer local run).

use umax::fuzzing::{check_fen, check_play, check_uci_commands, check_uci_session};

use umax::splitmix::SplitMix64 as Rng;

fn scale() -> usize {
    crate::common::smoke_scale()
}

/// Bytes that matter to the parsers.
const INTERESTING: &[&[u8]] = &[
    b" ",
    b"/",
    b"\n",
    b"\r",
    b"\0",
    b"\t",
    b"-",
    b"8",
    b"9",
    b"0",
    b"K",
    b"k",
    b"Q",
    b"q",
    b"P",
    b"p",
    b"w",
    b"b",
    b"e3",
    b"e6",
    b"moves",
    b"fen",
    b"startpos",
    b"go",
    b"position",
    b"infinite",
    b"stop",
    b"depth",
    b"nodes",
    b"wtime",
    b"movetime",
    b"e2e4",
    b"e7e8q",
    b"0000",
    b"\xff",
    b"\xc3\xb1",
    b"-1",
    b"99999999999999999999",
    b"[",
    b"]",
    b"+",
];

/// A random change to `input`: flip, insert, delete, splice an interesting token, duplicate a
/// stretch, or cut.
fn mutate(input: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..1 + rng.index(4) {
        let at = rng.index(v.len() + 1);
        match rng.index(7) {
            0 if !v.is_empty() => {
                let i = at.min(v.len() - 1);
                v[i] ^= 1 << rng.index(8);
            }
            1 => v.insert(at, rng.next_u64() as u8),
            2 if at < v.len() => {
                v.remove(at);
            }
            3 | 4 => {
                let tok = INTERESTING[rng.index(INTERESTING.len())];
                v.splice(at..at, tok.iter().copied());
            }
            5 if !v.is_empty() => {
                let from = rng.index(v.len());
                let len = rng.index(v.len() - from).min(64);
                let piece = v[from..from + len].to_vec();
                v.splice(at..at, piece);
            }
            _ => v.truncate(at),
        }
    }
    v
}

fn random_bytes(rng: &mut Rng, max: usize) -> Vec<u8> {
    (0..rng.index(max)).map(|_| rng.next_u64() as u8).collect()
}

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/QQQ1K3 b - - 0 1",
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
];

const SESSIONS: &[&str] = &[
    "uci\nisready\nposition startpos moves e2e4 e7e5 g1f3\ngo nodes 200\n",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1\ngo depth 2\nstop\n",
    "ucinewgame\nposition startpos\ngo wtime 100 btime 100 winc 10 binc 10\nisready\nquit\n",
    "position startpos moves e2e4\ngo infinite\nisready\nstop\nposition fen 8/P6k/8/8/8/8/6Kp/8 w - - 0 1 moves a7a8n\ngo movetime 5\n",
    "setoption name Hash value 16\ngo ponder\nponderhit\ngo mate 2\n",
];

const PLAY_LINES: &[&str] = &[
    "e2e4\n\n",
    "\n\ne7e5\n",
    "g1f3\nb8c6\n\n",
    "e1g1\n",
    "a7a8\n\n",
];

/// Runs `check` on `count` inputs: a third purely random, the rest mutations of `seeds`.
fn smoke(check: fn(&[u8]), seeds: &[&str], count: usize, max_random: usize, seed: u64) {
    let mut rng = Rng(seed);
    for s in seeds {
        check(s.as_bytes());
    }
    for n in 0..count {
        let input = if n % 3 == 0 {
            random_bytes(&mut rng, max_random)
        } else {
            let base = seeds[rng.index(seeds.len())].as_bytes();
            mutate(base, &mut rng)
        };
        check(&input);
    }
}

#[test]
fn fen_parser_smoke() {
    smoke(check_fen, FENS, 100_000 * scale(), 100, 1);
}

#[test]
fn uci_command_parser_smoke() {
    let seeds: Vec<&str> = SESSIONS
        .iter()
        .copied()
        .chain(FENS.iter().copied())
        .collect();
    smoke(check_uci_commands, &seeds, 50_000 * scale(), 300, 2);
}

#[test]
fn uci_session_smoke() {
    smoke(check_uci_session, SESSIONS, 5_000 * scale(), 300, 3);
}

#[test]
fn play_line_parser_smoke() {
    smoke(check_play, PLAY_LINES, 20_000 * scale(), 60, 4);
}
