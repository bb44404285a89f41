//! The self-deepening invariants inside the search, counted by an auditing instance of the
//! search (`Engine::auditing`; the normal instance carries no counting code).

use crate::common::audit_suite;
use micromax::Limits;
use micromax::builds::Build;
use micromax::mm32::{Audit, Engine};
use umax::bench::{BenchPosition, setup};

/// sd deepens nodes beyond their requested depth (that is the idea), but never beyond their
/// ultimate depth, and never after a mate score; old never deepens an inner node beyond its
/// requested depth at all.
#[test]
fn sd_deepens_but_never_past_the_ultimate_depth() {
    let sd = audit_suite(Build::Sd, 5);
    assert!(sd.nodes > 100_000, "{sd:?}");
    assert!(sd.self_deepened > 100, "sd should self-deepen: {sd:?}");
    assert_eq!(sd.past_ultimate, 0, "{sd:?}");
    assert_eq!(sd.after_mate, 0, "{sd:?}");
    let old = audit_suite(Build::Old, 5);
    assert_eq!(old.self_deepened, 0, "{old:?}");
    assert_eq!(old.past_ultimate, 0, "{old:?}");
    assert_eq!(old.after_mate, 0, "{old:?}");
}

/// Whole games (thinks at a node limit, mates found inside the tree and at the root): no node
/// of either build ever starts an iteration after a mate score set d=99, and no sd node goes
/// past its ultimate depth.
#[test]
fn invariants_hold_through_whole_games() {
    for build in [Build::Old, Build::Sd] {
        for first in ["e2e4", "d2d4", "g1f3"] {
            let mut e = Engine::new(build, 18);
            e.auditing = true;
            let pos = BenchPosition {
                name: first.into(),
                moves: vec![first.into()],
            };
            setup(&mut e, &pos).unwrap();
            e.audit = Audit::default();
            for _ in 0..120 {
                e.think(&Limits::nodes(20_000));
            }
            assert!(e.audit.nodes > 1_000_000, "{build} {first}: {:?}", e.audit);
            assert_eq!(e.audit.past_ultimate, 0, "{build} {first}: {:?}", e.audit);
            assert_eq!(e.audit.after_mate, 0, "{build} {first}: {:?}", e.audit);
            assert_eq!(
                e.audit.self_deepened == 0,
                build == Build::Old,
                "{build} {first}: {:?}",
                e.audit
            );
        }
    }
}
