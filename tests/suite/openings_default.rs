//! The default opening suite, `openings/default.txt`: every line legal (shakmaty), only queen
//! promotions, accepted by micro-Max's legality check in both builds, unique, at least 250;
//! and reproducible by its generator (see `openings/README.md`).

use micromax::builds::Build;
use micromax::mm32::Engine;
use std::collections::HashSet;
use umax::opening_generator::{OpeningsOptions, check_line, generate};
use umax::splitmix::SplitMix64;

fn default_lines() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openings/default.txt");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.ends_with('\n'), "last line unterminated");
    text.lines().map(str::to_string).collect()
}

#[test]
fn every_line_is_legal_and_accepted_by_micro_max() {
    let lines = default_lines();
    assert!(lines.len() >= 250, "only {} openings", lines.len());
    let mut old = Engine::new(Build::Old, 16);
    let mut sd = Engine::new(Build::Sd, 16);
    let mut positions = HashSet::new();
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line.trim(), line, "line {}: stray whitespace", i + 1);
        assert!(!line.contains("  "), "line {}: double space", i + 1);
        let pos = check_line(&mut old, line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        check_line(&mut sd, line).unwrap_or_else(|e| panic!("line {} (sd): {e}", i + 1));
        assert_eq!(line.split(' ').count(), 8, "line {}", i + 1);
        let epd = shakmaty::fen::Epd::from_position(&pos, shakmaty::EnPassantMode::Legal);
        assert!(
            positions.insert(epd.to_string()),
            "line {}: position repeats",
            i + 1
        );
    }
    let unique: HashSet<&String> = lines.iter().collect();
    assert_eq!(unique.len(), lines.len(), "duplicate lines");
}

#[test]
fn check_line_refuses_bad_lines() {
    let mut e = Engine::new(Build::Old, 16);
    assert!(check_line(&mut e, "e2e4 e7e5").is_ok());
    assert!(check_line(&mut e, "e2e5").unwrap_err().contains("ply 1"));
    assert!(
        check_line(&mut e, "e2e4 e2e4")
            .unwrap_err()
            .contains("ply 2")
    );
    assert!(check_line(&mut e, "").is_err());
    // An under-promotion: legal chess, but micro-Max always promotes to a queen.
    let to_promotion = "a2a4 b7b5 a4b5 a7a6 b5a6 c8b7 a6b7 b8c6 b7a8n";
    let err = check_line(&mut e, to_promotion).unwrap_err();
    assert!(err.contains("under-promotion"), "{err}");
    assert!(check_line(&mut e, "a2a4 b7b5 a4b5 a7a6 b5a6 c8b7 a6b7 b8c6 b7a8q").is_ok());
}

#[test]
fn the_generator_reproduces_the_file() {
    // The exact command of openings/README.md, cut to its first lines (the generator's
    // output for a smaller count is a prefix of that for a larger one).
    let opts = OpeningsOptions {
        count: 4,
        plies: 8,
        seed: 1,
        nodes: 200_000,
        hash_bits: 20,
        max_score: 60,
    };
    let (lines, _) = generate(&opts, |_| {}).unwrap();
    assert_eq!(lines, default_lines()[..4]);
}

#[test]
fn the_generator_gives_up_instead_of_looping() {
    // One ply gives at most 20 distinct positions.
    let opts = OpeningsOptions {
        count: 25,
        plies: 1,
        seed: 1,
        nodes: 1000,
        hash_bits: 12,
        max_score: 8000,
    };
    let err = generate(&opts, |_| {}).unwrap_err();
    assert!(
        err.contains("gave up after 3500 candidates with 20 openings kept"),
        "{err}"
    );
}

#[test]
fn splitmix64_is_the_reference_generator() {
    // First outputs of Vigna's splitmix64.c seeded with 1234567: the values Rosetta Code's
    // "Pseudo-random numbers/Splitmix64" task publishes, rechecked with a Python transcription.
    let mut r = SplitMix64(1234567);
    let got: Vec<u64> = (0..5).map(|_| r.next_u64()).collect();
    assert_eq!(
        got,
        [
            6457827717110365317,
            3203168211198807973,
            9817491932198370423,
            4593380528125082431,
            16408922859458223821
        ]
    );
    let mut r = SplitMix64(1);
    for n in [1usize, 2, 7, 20, 1000] {
        for _ in 0..100 {
            assert!(r.below(n) < n);
        }
    }
}
