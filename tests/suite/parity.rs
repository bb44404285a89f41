//! C parity: `umax play --trace` against the freshly built instrumented C original, byte for
//! byte, for every build with a C twin (table-driven over the catalogue). See `tests/common/mod.rs` for the checking routine.
//!
//! In CI (`CI=true`) the C must build; elsewhere, without gcc, these tests print the one SKIPPING
//! line of `ci_env::require` and the golden-file tests (`tests/golden.rs`) still guard against
//! regressions.

use crate::common;

use common::{B, Rng, Session, c_twins, check, scripted_sessions};
use micromax::mm32::Engine;
use shakmaty::{Chess, Position};
use umax::chess::{move_from_0x88, move_to_0x88};

fn run_scripted(b: B, filter: impl Fn(&Session) -> bool) -> Result<(), String> {
    let mut failures = Vec::new();
    let mut ran = 0;
    for s in scripted_sessions().into_iter().filter(|s| filter(s)) {
        match check(&s, b) {
            Ok(true) => ran += 1,
            Ok(false) => return Ok(()), // no gcc outside CI: skipped with the one message
            Err(e) => failures.push(e),
        }
    }
    if !failures.is_empty() {
        return Err(format!(
            "{b}: {} of {} sessions differ:\n{}",
            failures.len(),
            ran + failures.len(),
            failures.join("\n")
        ));
    }
    assert!(ran > 0, "no session ran");
    Ok(())
}

/// Runs `f` for every build with a C twin, the builds in parallel; fails naming each build that
/// failed.
fn every_twin(f: impl Fn(B) -> Result<(), String> + Sync) {
    let twins = c_twins();
    assert!(twins.len() >= 2, "the catalogue has C twins");
    let failures: Vec<String> = std::thread::scope(|sc| {
        let handles: Vec<_> = twins
            .iter()
            .map(|&b| {
                let f = &f;
                sc.spawn(move || f(b))
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().unwrap_or_else(|_| Err("panicked".into())).err())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn is_default_limit(s: &Session) -> bool {
    s.nodes == "1e7"
}

/// Whether build `b` meets the live C on session `s`. The C clears its whole table at every
/// input line (200 MB at the published 2^24) and searches at less than half umax's speed, so
/// the long sessions (whole self-played games, the published table size) cost it seconds each:
/// old (3.2 as published) meets the live C on every session (sd too in the deeper run,
/// [`common::deep`]); every other build on every short session, and on the long ones through
/// its C twin's own transcripts of them, recorded by `scripts/record-golden.sh`
/// (`golden::golden_transcripts_every_twin`), besides the live C on random sessions, the bench
/// and whole games.
fn live(b: B, s: &Session) -> bool {
    live_everywhere(b) || (s.bits < 24 && !s.name.starts_with("game-"))
}

/// The builds that meet the live C on every session: old (3.2 as published); sd too in the
/// deeper run.
fn live_everywhere(b: B) -> bool {
    b == B::Old || (b == B::Sd && common::deep())
}

/// Every scripted session, for every build with a C twin (live or through its C twin's
/// recorded transcript: see [`live`]).
#[test]
fn scripted_sessions_every_twin() {
    every_twin(|b| run_scripted(b, |s| !is_default_limit(s) && live(b, s)));
}

/// At least one think at the C's own limit, 1e7 nodes, with the published table size: old
/// against the live C (sd too in the deeper run); old and sd against their C twins' golden
/// transcripts (every twin in the deeper run: `golden::golden_transcripts_every_twin`).
#[test]
fn default_limit_think_against_the_live_c() {
    every_twin(|b| {
        if live_everywhere(b) {
            run_scripted(b, is_default_limit)
        } else {
            Ok(())
        }
    });
}

/// A seeded random session: legal moves (from shakmaty), thinks, and now and then a random
/// four-character line, played in-process so the moves stay legal as the game goes on.
fn random_session(seed: u64, b: B) -> Session {
    let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x5EED);
    let nodes = [300u64, 1000, 2000, 4000][rng.modulo(4) as usize];
    // small tables: the scripted sessions cover the published size (2^24), where the C clears
    // 200 MB at every input line
    let bits = 12 + rng.modulo(5) as u32;
    let lines = 10 + rng.modulo(40) as usize;
    let mut engine = Engine::new(b, bits);
    let limits = micromax::Limits::nodes(nodes as i64);
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
                match umax::chess::legal_offer(&pos, &think.offer) {
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
                (f, t, micromax::mm32::move_name(f, t))
            } else {
                let mut t = String::new();
                for _ in 0..2 {
                    t.push((b'a' + rng.modulo(8) as u8) as char);
                    t.push((b'1' + rng.modulo(8) as u8) as char);
                }
                let f = micromax::mm32::parse_square(&t.as_bytes()[..2]).unwrap();
                let to = micromax::mm32::parse_square(&t.as_bytes()[2..]).unwrap();
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

fn run_random(b: B, seeds: std::ops::Range<u64>) -> Result<(), String> {
    let seeds_len = seeds.clone().count();
    let mut failures = Vec::new();
    let mut ran = 0;
    // each build its own seeds, from its place in the catalogue
    let offset = 1000 * micromax::builds::ALL.iter().position(|&c| c == b).unwrap() as u64;
    for seed in seeds {
        let s = random_session(offset + seed, b);
        match check(&s, b) {
            Ok(true) => ran += 1,
            Ok(false) => return Ok(()),
            Err(e) => failures.push(e),
        }
    }
    if !failures.is_empty() {
        return Err(format!(
            "{b}: {} random sessions differ:\n{}",
            failures.len(),
            failures.join("\n")
        ));
    }
    assert_eq!(ran, seeds_len);
    Ok(())
}

/// Random sessions per build with a C twin: 64 (times `UMAX_SMOKE_SCALE` for a deeper run), in
/// two halves so they run in parallel.
fn random_count() -> u64 {
    32 * common::smoke_scale() as u64
}
#[test]
fn random_sessions_every_twin_a() {
    every_twin(|b| run_random(b, 0..random_count()));
}
#[test]
fn random_sessions_every_twin_b() {
    every_twin(|b| run_random(b, random_count()..2 * random_count()));
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

/// The comparison tells the builds apart: on a whole game the C twins of the builds all differ
/// from one another, and umax's build matches only its own twin.
#[test]
fn sanity_builds_are_told_apart() {
    let s = game_session();
    let Some(bins) = common::c_bins(&s.nodes, s.bits) else {
        return;
    };
    let twins = c_twins();
    let c: Vec<Vec<u8>> = twins
        .iter()
        .map(|&b| common::run_c(bins.trace(b), &s.input))
        .collect();
    for (i, &a) in twins.iter().enumerate() {
        for (j, &b) in twins.iter().enumerate().skip(i + 1) {
            assert_ne!(
                c[i], c[j],
                "the {a} and {b} C should search different trees"
            );
        }
    }
    for (i, &b) in twins.iter().enumerate() {
        let umax = common::run_umax(&s, b, true);
        for (j, &other) in twins.iter().enumerate() {
            let label = format!("sanity-{b}-vs-{other}-c");
            let same = common::compare(&label, &s.input, &c[j], &umax).is_ok();
            assert_eq!(same, i == j, "umax {b} against the {other} C");
        }
    }
}

/// The oracle is the C as published: the untouched file (no trace) prints exactly what
/// `umax play` without --trace prints, at the published 1e7 limit and size, for old (the
/// published program) and sd (every twin in the deeper run: at this size each C clears 200 MB
/// at every line).
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
    let twins: Vec<B> = c_twins()
        .into_iter()
        .filter(|&b| common::old_sd_or_deep(b))
        .collect();
    assert_eq!(
        twins.len(),
        if common::deep() { c_twins().len() } else { 2 }
    );
    for b in twins {
        let c_out = common::run_c(bins.plain(b), &s.input);
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
