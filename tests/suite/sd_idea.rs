//! Tests of the self-deepening idea itself, beyond parity with the C: where sd and old must
//! search the same tree, where they must not, and what ends deepening.
//! (`docs/spec/builds.md`, section sd, gives the semantics.)

use micromax::Limits;
use micromax::builds::Build;
use micromax::mm32::Engine;
use umax::bench::{BenchPosition, builtin_suite, nodes_per_depth, setup};

fn engines() -> (Engine, Engine) {
    (Engine::new(Build::Old, 20), Engine::new(Build::Sd, 20))
}

/// At root depth 1 the spec leaves sd no room to deepen: root children get ultimate depth -1,
/// and their only children (recaptures, not reduced) get ultimate depth 1 = their requested
/// depth. Node counts must be equal on every bench position.
///
/// At root depth 2 this no longer holds, and the test shows it: a recapture two plies down is
/// requested at depth 1 but gets ultimate depth 2 (the recapture extension keeps `n` for
/// both), so it may self-deepen (e.g. `scandinavian+42`: 517 vs 516 nodes).
#[test]
fn same_tree_at_root_depth_one_but_not_always_two() {
    let (mut old, mut sd) = engines();
    let mut depth_two_differs = 0;
    for pos in builtin_suite() {
        setup(&mut old, &pos).unwrap();
        setup(&mut sd, &pos).unwrap();
        let a = nodes_per_depth(&mut old, 2);
        let b = nodes_per_depth(&mut sd, 2);
        assert_eq!(a[0], b[0], "{}", pos.name);
        if a[1] != b[1] {
            depth_two_differs += 1;
        }
    }
    assert!(
        depth_two_differs > 0,
        "expected a recapture to self-deepen at root depth 2"
    );
}

/// Deeper, sd searches a different tree: from the start position the per-iteration node
/// counts differ at some depth up to 5, and over the suite sd differs on most positions.
#[test]
fn different_trees_deeper() {
    let (mut old, mut sd) = engines();
    let start = BenchPosition {
        name: "start".into(),
        moves: vec![],
    };
    setup(&mut old, &start).unwrap();
    setup(&mut sd, &start).unwrap();
    let a = nodes_per_depth(&mut old, 5);
    let b = nodes_per_depth(&mut sd, 5);
    assert_eq!(a[..3], b[..3]);
    assert_ne!(
        a, b,
        "sd and old searched identical trees to depth 5: {a:?}"
    );
    let mut differing = 0;
    let suite = builtin_suite();
    for pos in &suite {
        setup(&mut old, pos).unwrap();
        setup(&mut sd, pos).unwrap();
        if nodes_per_depth(&mut old, 4) != nodes_per_depth(&mut sd, 4) {
            differing += 1;
        }
    }
    assert!(
        differing * 2 > suite.len(),
        "only {differing} of {} positions differ",
        suite.len()
    );
}

/// The legality check is the same search in both builds (ultimate depth 0 at its root), so
/// both accept exactly the same moves: every pseudo move from every square, in a game.
#[test]
fn legality_checks_agree() {
    let (mut old, mut sd) = engines();
    let mut checked = 0;
    for pos in builtin_suite().iter().take(8) {
        setup(&mut old, pos).unwrap();
        setup(&mut sd, pos).unwrap();
        for from in 0..120i8 {
            if from & 0x88u8 as i8 != 0 {
                continue;
            }
            for to in 0..120i8 {
                if to & 0x88u8 as i8 != 0 {
                    continue;
                }
                let before = old.snapshot();
                let a1 = old.enter_move(from, to);
                let a2 = sd.enter_move(from, to);
                assert_eq!(
                    a1,
                    a2,
                    "{}: {}",
                    pos.name,
                    micromax::mm32::move_name(from, to)
                );
                if a1 {
                    assert_eq!(old.board(), sd.board());
                    assert_eq!(
                        (old.material(), old.ep_square(), old.side()),
                        (sd.material(), sd.ep_square(), sd.side())
                    );
                    checked += 1;
                }
                // take the move back: restore both engines' state
                old.restore(&before);
                sd.restore(&before);
            }
        }
    }
    assert!(checked > 200, "only {checked} legal moves seen");
}

/// A mate found at the root ends deepening (d=99, reported as ply 98) in both builds, however
/// deep the root was allowed to go.
#[test]
fn mate_ends_deepening_at_the_root() {
    // Scholar's mate is on the board: Qxf7 mates.
    let pos = BenchPosition {
        name: "mate-in-1".into(),
        moves: "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6"
            .split(' ')
            .map(String::from)
            .collect(),
    };
    for build in [Build::Old, Build::Sd] {
        let mut e = Engine::new(build, 18);
        setup(&mut e, &pos).unwrap();
        // a mate in 2 ends its iterations at once (to ply 98); a search that does not is stopped
        // by a watchdog of 30 s of CPU instead of the hour a depth of 30 gets
        let think = e.think(&Limits {
            watchdog: Some(micromax::Watchdog {
                nodes: u64::MAX,
                seconds: 30.0,
            }),
            ..Limits::depth(30)
        });
        let last = think.iterations.last().unwrap();
        assert_eq!(last.ply, 98, "{build}: {:?}", think.iterations);
        assert!(
            last.score > 8000 / 4,
            "{build}: mate score expected, got {}",
            last.score
        );
        assert!(
            think.iterations.len() < 6,
            "{build}: deepened after the mate"
        );
        assert_eq!(think.offer.to_string(), "h5f7");
    }
}
