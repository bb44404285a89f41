//! C parity: `umax play --trace` against the freshly built instrumented C original, byte for
//! byte, for both builds. See `tests/common/mod.rs` for the checking routine.
//!
//! In CI (`CI=true`) the C must build; elsewhere, without gcc, these tests print SKIPPING and
//! the golden-file tests (`tests/golden.rs`) still guard against regressions.

mod common;

use common::{B, Rng, Session, check, scripted_sessions};
use shakmaty::{Chess, Position};
use umax::chess::{move_from_0x88, move_to_0x88};
use umax::engine::{Build, Engine};

fn run_scripted(b: B, filter: impl Fn(&Session) -> bool) {
    let mut failures = Vec::new();
    let mut ran = 0;
    for s in scripted_sessions().into_iter().filter(|s| filter(s)) {
        match check(&s, b) {
            Ok(true) => ran += 1,
            Ok(false) => return, // no C compiler outside CI: skipped with a message
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} sessions differ:\n{}",
        failures.len(),
        ran + failures.len(),
        failures.join("\n")
    );
    assert!(ran > 0, "no session ran");
}

fn is_default_limit(s: &Session) -> bool {
    s.nodes == "1e7"
}

#[test]
fn scripted_sessions_old() {
    run_scripted(B::Old, |s| !is_default_limit(s));
}

#[test]
fn scripted_sessions_sd() {
    run_scripted(B::Sd, |s| !is_default_limit(s));
}

/// At least one think at the C's own limit, 1e7 nodes, with the published table size.
#[test]
fn default_limit_think_old() {
    run_scripted(B::Old, is_default_limit);
}

#[test]
fn default_limit_think_sd() {
    run_scripted(B::Sd, is_default_limit);
}

/// A seeded random session: legal moves (from shakmaty), thinks, and now and then a random
/// four-character line, played in-process so the moves stay legal as the game goes on.
fn random_session(seed: u64, b: B) -> Session {
    let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x5EED);
    let nodes = [300u64, 1000, 2000, 4000][rng.modulo(4) as usize];
    // a good share at the published table size
    let bits = if seed.is_multiple_of(10) {
        24
    } else {
        12 + rng.modulo(5) as u32
    };
    let lines = 10 + rng.modulo(40) as usize;
    let build = match b {
        B::Old => Build::Old,
        B::Sd => Build::Sd,
    };
    let mut engine = Engine::new(build, bits);
    let limits = umax::engine::Limits::nodes(nodes as i64);
    let mut pos = Chess::default();
    let mut input = Vec::new();
    for _ in 0..lines {
        if pos.is_game_over() {
            // the C keeps going: a think or two after the end
            input.push(b'\n');
            continue;
        }
        let roll = rng.modulo(100);
        if roll < 40 {
            input.push(b'\n');
            let think = engine.think(&limits);
            if think.played {
                match move_from_0x88(&pos, think.from, think.to) {
                    Some(m) => pos.play_unchecked(m),
                    None => break, // a rules difference; stop this session here
                }
            }
        } else {
            let (from, to, text) = if roll < 95 {
                let legal: Vec<_> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| move_to_0x88(m).is_some())
                    .collect();
                let m = &legal[rng.modulo(legal.len() as u64) as usize];
                let (f, t) = move_to_0x88(m).unwrap();
                (f, t, umax::engine::move_name(f, t))
            } else {
                let mut t = String::new();
                for _ in 0..2 {
                    t.push((b'a' + rng.modulo(8) as u8) as char);
                    t.push((b'1' + rng.modulo(8) as u8) as char);
                }
                let f = umax::engine::parse_square(&t.as_bytes()[..2]).unwrap();
                let to = umax::engine::parse_square(&t.as_bytes()[2..]).unwrap();
                (f, to, t)
            };
            input.extend_from_slice(text.as_bytes());
            input.push(b'\n');
            if engine.enter_move(from, to) {
                match move_from_0x88(&pos, from, to) {
                    Some(m) => pos.play_unchecked(m),
                    None => break,
                }
            }
        }
    }
    Session::new(&format!("random-{seed}"), input, &nodes.to_string(), bits)
}

fn run_random(b: B, seeds: std::ops::Range<u64>) {
    let mut failures = Vec::new();
    let mut ran = 0;
    for seed in seeds {
        let s = random_session(seed, b);
        match check(&s, b) {
            Ok(true) => ran += 1,
            Ok(false) => return,
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} random sessions differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(ran >= 100);
}

// 200 random sessions per build, in two halves so they run in parallel.
#[test]
fn random_sessions_old_a() {
    run_random(B::Old, 0..100);
}
#[test]
fn random_sessions_old_b() {
    run_random(B::Old, 100..200);
}
#[test]
fn random_sessions_sd_a() {
    run_random(B::Sd, 1000..1100);
}
#[test]
fn random_sessions_sd_b() {
    run_random(B::Sd, 1100..1200);
}

fn game_session() -> Session {
    scripted_sessions()
        .into_iter()
        .find(|s| s.name == "game-e2e4")
        .expect("game-e2e4 session")
}

/// The comparison can fail: umax at a different node limit than the C must differ, and the
/// report names the first differing line.
#[test]
fn sanity_comparison_detects_a_different_node_limit() {
    let s = game_session();
    let Some(bins) = common::c_bins(&s.nodes, s.bits) else {
        return;
    };
    let c_out = common::run_c(bins.trace(B::Old), &s.input);
    let mut other = s.clone();
    other.nodes = (s.nodes_int() * 2).to_string();
    let umax_out = common::run_umax(&other, B::Old, true);
    let err = common::compare("sanity-node-limit", &s.input, &c_out, &umax_out)
        .expect_err("different node limits must give different transcripts");
    assert!(err.contains("differ at line"), "{err}");
}

/// The comparison tells the builds apart: the old C and the sd C differ on a whole game, and
/// umax's sd matches only the sd C.
#[test]
fn sanity_builds_are_told_apart() {
    let s = game_session();
    let Some(bins) = common::c_bins(&s.nodes, s.bits) else {
        return;
    };
    let old = common::run_c(bins.trace(B::Old), &s.input);
    let sd = common::run_c(bins.trace(B::Sd), &s.input);
    assert_ne!(
        old, sd,
        "old and sd C should search different trees on a whole game"
    );
    let umax_sd = common::run_umax(&s, B::Sd, true);
    assert!(common::compare("sanity-sd-vs-old-c", &s.input, &old, &umax_sd).is_err());
    assert!(common::compare("sanity-sd-vs-sd-c", &s.input, &sd, &umax_sd).is_ok());
}

/// The oracle is the C as published: the untouched file (no trace) prints exactly what
/// `umax play` without --trace prints, for both builds, at the published 1e7 limit and size.
#[test]
fn sanity_published_c_matches_plain_play() {
    let s = Session::new(
        "published",
        b"e2e4\ne7e5\ng1f3\nb8c6\nf1c4\ng8f6\nd2d4\ne1g1\nxx\n".to_vec(),
        "1e7",
        24,
    );
    let Some(bins) = common::c_bins(&s.nodes, s.bits) else {
        return;
    };
    for (b, bin) in [(B::Old, &bins.old), (B::Sd, &bins.sd)] {
        let c_out = common::run_c(bin, &s.input);
        let umax_out = common::run_umax(&s, b, false);
        common::compare(
            &format!("published.{}", b.name()),
            &s.input,
            &c_out,
            &umax_out,
        )
        .unwrap();
        assert!(c_out.len() > 9 * 144, "expected ten boards");
    }
}

#[test]
fn lines_read_counts_like_getchar_loop() {
    assert_eq!(common::lines_read(b""), 0);
    assert_eq!(common::lines_read(b"e2e4\n"), 1);
    assert_eq!(common::lines_read(b"e2e4\n\ne7"), 3);
    assert_eq!(common::lines_read(b"e2\te4\r\n"), 2);
    assert_eq!(common::lines_read(b"\0\x80\n"), 2);
}
