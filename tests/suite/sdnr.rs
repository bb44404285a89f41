//! The experimental build `sdnr` (sd without the hash-hit resume, change 3 of the
//! self-deepening note not applied): its invariants, and that it is a build of its own.

use crate::common::audit_suite;
use crate::common::deadline::{Deadline, Kind};
use micromax::builds::Build;
use micromax::mm32::{Audit, Engine};
use micromax::{Limits, RootIter};
use umax::bench::{BenchPosition, builtin_suite, nodes_per_depth, setup};

/// The root iterations of one think limited to root depth `ply`, and the move it offers.
fn think_to(build: Build, pos: &BenchPosition, ply: i32) -> (Vec<RootIter>, (i8, i8)) {
    let mut e = Engine::new(build, 18);
    setup(&mut e, pos).unwrap();
    let t = e.think(&Limits {
        nodes: i64::MAX,
        max_ply: Some(ply),
        ..Limits::default()
    });
    (
        t.iterations.clone(),
        micromax::x88::squares_of(&t.offer).expect("a move on the board"),
    )
}

/// At root depth 1 no node can deepen itself (the root's children get ultimate depth 0), so
/// sdnr is old: the same move, nodes and score in every iteration, from every bench position.
#[test]
fn sdnr_is_old_at_root_depth_1() {
    let suite = builtin_suite();
    assert!(suite.len() >= 5);
    for pos in &suite {
        let old = think_to(Build::Old, pos, 1);
        let sdnr = think_to(Build::Sdnr, pos, 1);
        assert!(!old.0.is_empty(), "{}", pos.name);
        assert_eq!(sdnr, old, "{}", pos.name);
    }
}

/// sdnr self-deepens (it is not old) but never past a node's ultimate depth, and never after
/// a mate score, in fixed-depth searches of the bench suite.
#[test]
fn sdnr_deepens_but_never_past_the_ultimate_depth() {
    let a = audit_suite(Build::Sdnr, 5);
    assert!(a.nodes > 100_000, "{a:?}");
    assert!(a.self_deepened > 100, "sdnr should self-deepen: {a:?}");
    assert_eq!(a.past_ultimate, 0, "{a:?}");
    assert_eq!(a.after_mate, 0, "{a:?}");
}

/// The same through whole games (thinks at a node limit, mates found in the tree and at the
/// root).
#[test]
fn sdnr_invariants_hold_through_whole_games() {
    for first in ["e2e4", "d2d4"] {
        let mut e = Engine::new(Build::Sdnr, 18);
        e.auditing = true;
        let limits = Limits {
            nodes: 20_000,
            ..Limits::default()
        };
        let pos = BenchPosition {
            name: first.into(),
            moves: vec![first.into()],
        };
        setup(&mut e, &pos).unwrap();
        e.audit = Audit::default();
        for _ in 0..80 {
            e.think(&limits);
        }
        assert!(e.audit.nodes > 500_000, "{first}: {:?}", e.audit);
        assert!(e.audit.self_deepened > 0, "{first}: {:?}", e.audit);
        assert_eq!(e.audit.past_ultimate, 0, "{first}: {:?}", e.audit);
        assert_eq!(e.audit.after_mate, 0, "{first}: {:?}", e.audit);
    }
}

/// sdnr is neither old nor sd: from some bench position its node count to complete a root
/// depth of at least 4 differs from both (so the tests above are about a build of its own).
#[test]
fn sdnr_differs_from_old_and_from_sd() {
    let depth = 5;
    let nodes = |build: Build, pos: &BenchPosition| {
        let mut e = Engine::new(build, 20);
        setup(&mut e, pos).unwrap();
        nodes_per_depth(&mut e, depth)
    };
    let (mut from_old, mut from_sd) = (false, false);
    for pos in builtin_suite() {
        let (old, sd, sdnr) = (
            nodes(Build::Old, &pos),
            nodes(Build::Sd, &pos),
            nodes(Build::Sdnr, &pos),
        );
        for d in 3..depth as usize {
            // index d: root depth d+1 >= 4
            from_old |= sdnr[d].is_some() && sdnr[d] != old[d];
            from_sd |= sdnr[d].is_some() && sdnr[d] != sd[d];
        }
    }
    assert!(from_old, "sdnr searched like old at every depth >= 4");
    assert!(from_sd, "sdnr searched like sd at every depth >= 4");
}

/// The build list: sdnr is experimental, has no C twin, and `verify-c` says so by name.
#[test]
fn sdnr_is_listed_experimental_without_c_twin() {
    let b: Build = "sdnr".parse().unwrap();
    assert_eq!(b, Build::Sdnr);
    assert!(b.experimental() && !b.c_twin());
    assert!(Build::Old.c_twin() && Build::Sd.c_twin());
    let listing = micromax::builds::listing();
    let line = listing.lines().find(|l| l.starts_with("sdnr ")).unwrap();
    assert!(
        line.contains("experimental") && line.contains("no C twin"),
        "{listing}"
    );
    let e = micromax::builds::require_c_twin(b, "verify-c").unwrap_err();
    assert!(e.contains("build sdnr has no C twin"), "{e}");
}

/// sdnr's bench signature (default bench: 100000 nodes, the published table size), pinned as
/// old's and sd's are in `tests/bench.rs`: a change that moves one node of sdnr changes it.
#[test]
fn sdnr_bench_signature_is_pinned() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_umax"))
        .args(["bench", "--build", "sdnr"])
        .output_within("umax bench --build sdnr", Kind::Search.limit());
    crate::common::succeeded(&out, "umax");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("umax bench: build sdnr,"), "{text}");
    assert_eq!(text.lines().last(), Some("bench: 4385395"), "{text}");
}
