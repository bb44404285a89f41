//! The invariants of the IID study's builds (`docs/spec/builds.md`, "What to test
//! for each"), counted inside the search by its auditing instance (`Engine::auditing`; the
//! faithful instances carry no counting code). Node parity with the C twins is in
//! `tests/parity.rs` and `tests/bench.rs`; these check that each build does what its idea says.

use crate::common::audit_suite;
use micromax::builds::Build;
use micromax::mm32::{Audit, Engine};
use micromax::{Limits, RootIter};
use shakmaty::{Chess, Position};
use umax::bench::{BenchPosition, builtin_suite, setup};

/// The suite searched by `build` to the root depth its rarest checked event needs, with the
/// audit counters summed (once per build in a test process: several tests compare the same
/// counts). Depth 6 for the reduced schemes and iidreset: their reduced iterations at CUT
/// nodes, an expected-PV node without a hint, a hint's score dropping at a PV node first
/// happen in this suite's depth-6 searches. Depth 5 for old, noiid and sdp, whose counted
/// events (several iterations at a node, one iteration at a node, re-searches in the parent)
/// number thousands there: a depth-6 search costs about eight times as much.
fn audit(build: Build) -> Audit {
    let depth = match build {
        Build::Old | Build::NoIid | Build::Sdp => 5,
        _ => 6,
    };
    audit_suite(build, depth)
}

/// `inner_iterations_by_offset` index of an iteration at `n + offset`.
fn at(offset: i32) -> usize {
    (offset + 8) as usize
}

/// The root iterations of one think to `max_ply` from a suite position.
fn iterations(build: Build, pos: &BenchPosition, max_ply: i32) -> (Vec<RootIter>, Audit) {
    let mut e = Engine::new(build, 18);
    e.auditing = true;
    setup(&mut e, pos).unwrap();
    e.audit = Audit::default();
    let t = e.think(&Limits::depth(max_ply));
    (t.iterations, e.audit)
}

const NEW: [Build; 6] = [
    Build::NoIid,
    Build::IidR2,
    Build::IidCut,
    Build::Sdp,
    Build::IidPv,
    Build::IidReset,
];

/// The root iterations at d=1 and d=2 (printed ply 0 and 1) search nothing below the root
/// that deepens (their children have n=1): every variant equals old there.
#[test]
fn first_two_root_iterations_equal_old() {
    for pos in builtin_suite() {
        let (old, _) = iterations(Build::Old, &pos, 1);
        for b in NEW {
            let (its, _) = iterations(b, &pos, 1);
            assert_eq!(its, old, "{b} {}", pos.name);
        }
    }
}

/// noiid: a node below the root runs exactly one iteration, at its requested depth.
#[test]
fn noiid_runs_one_iteration_per_node() {
    let a = audit(Build::NoIid);
    assert!(a.inner_nodes > 100_000, "{a:?}");
    assert_eq!(a.inner_multi_iteration, 0, "{a:?}");
    let total: u64 = a.inner_iterations_by_offset.iter().sum();
    assert_eq!(a.inner_iterations_by_offset[at(0)], total, "{a:?}");
    assert_eq!(a.after_mate, 0, "{a:?}");
    // and old, the control of the control, does run several
    let old = audit(Build::Old);
    assert!(old.inner_multi_iteration > 1000, "{old:?}");
}

/// iidr2 and iidcut: the iterations of a node below the root are {n} or {n-2, n}; iidcut's
/// reduced iterations happen only at expected PV and CUT nodes, never at ALL nodes.
#[test]
fn reduced_iterations_are_n_minus_2_then_n() {
    for b in [Build::IidR2, Build::IidCut, Build::IidPv] {
        let a = audit(b);
        let total: u64 = a.inner_iterations_by_offset.iter().sum();
        let reduced = a.inner_iterations_by_offset[at(-2)];
        let full = a.inner_iterations_by_offset[at(0)];
        assert_eq!(reduced + full, total, "{b}: only n-2 and n: {a:?}");
        // (iidpv: rarely, an expected-PV node without a hint is rare: the PV comes from the
        // previous root iteration's entries; 5 in this suite)
        let least = if b == Build::IidPv { 1 } else { 1000 };
        assert!(reduced >= least, "{b}: reduced iterations happen: {a:?}");
        // a node runs a second iteration only after a reduced one (a reduced iteration that
        // finds a mate ends the node at once)
        assert!(a.inner_multi_iteration <= reduced, "{b}: {a:?}");
        assert!(a.inner_multi_iteration * 10 >= reduced * 9, "{b}: {a:?}");
        assert_eq!(a.after_mate, 0, "{b}: {a:?}");
        if b == Build::IidCut {
            let [pv, cut, all] = a.short_iterations_by_type;
            assert_eq!(all, 0, "iidcut: no reduced iteration at ALL nodes: {a:?}");
            assert!(
                pv > 0 && cut > 0,
                "iidcut: reduced at PV and CUT nodes: {a:?}"
            );
            assert_eq!(pv + cut, reduced, "{a:?}");
        }
        if b == Build::IidPv {
            let [pv, cut, all] = a.short_iterations_by_type;
            assert_eq!((cut, all), (0, 0), "iidpv: reduced at PV nodes only: {a:?}");
            assert_eq!(pv, reduced, "{a:?}");
        }
    }
    // iidr2 does its reduced iteration at more nodes than iidcut (it ignores node types)
    let r2 = audit(Build::IidR2).inner_iterations_by_offset[at(-2)];
    let cut = audit(Build::IidCut).inner_iterations_by_offset[at(-2)];
    assert!(r2 > cut, "iidr2 {r2} vs iidcut {cut}");
    // and iidcut at more than iidpv (PV nodes are a subset of PV and CUT nodes)
    let pv = audit(Build::IidPv).inner_iterations_by_offset[at(-2)];
    assert!(cut > pv, "iidcut {cut} vs iidpv {pv}");
}

/// iidreset: resets happen, only at expected-PV nodes below the root (the hint's drop is seen
/// at CUT and ALL nodes too, which do not reset), only in iterations d >= 3; a node never
/// deepens past n; and a think in which no node resets is old's think exactly.
#[test]
fn iidreset_resets_only_at_pv_nodes_and_is_old_otherwise() {
    let a = audit(Build::IidReset);
    let resets: u64 = a.resets_by_depth.iter().sum();
    let [pv, cut, all] = a.hint_drops_by_type;
    assert!(resets > 10, "resets happen: {a:?}");
    assert_eq!(resets, pv, "every PV drop resets, nothing else does: {a:?}");
    assert!(
        cut + all > 0,
        "drops at CUT/ALL nodes are seen and not reset: {a:?}"
    );
    assert_eq!(
        a.resets_by_depth[..3].iter().sum::<u64>(),
        0,
        "d >= 3 only: {a:?}"
    );
    assert_eq!(a.self_deepened, 0, "{a:?}");
    assert_eq!(a.after_mate, 0, "{a:?}");
    // the other builds never count a reset
    for b in [Build::Old, Build::IidCut] {
        let o = audit(b);
        assert_eq!(o.resets_by_depth, [0; 16], "{b}");
    }
    let (mut same, mut differ) = (0, 0);
    for pos in builtin_suite() {
        for ply in 2..=5 {
            let (reset, audit) = iterations(Build::IidReset, &pos, ply);
            let (old, _) = iterations(Build::Old, &pos, ply);
            if audit.resets_by_depth.iter().sum::<u64>() == 0 {
                assert_eq!(reset, old, "{} ply {ply}: no reset, so old", pos.name);
                same += 1;
            } else if reset != old {
                differ += 1;
            }
        }
    }
    assert!(
        same > 0 && differ > 0,
        "both cases seen: {same} same, {differ} differ"
    );
}

/// sdp: no move is searched deeper than `n-(y!=z)`; it does re-search failing-high moves;
/// and a think in which nothing fails high into a re-search is old's think exactly.
#[test]
fn sdp_deepens_in_the_parent_never_past_full_depth() {
    let a = audit(Build::Sdp);
    assert!(a.parent_researches > 1000, "{a:?}");
    assert_eq!(a.searched_past_full, 0, "{a:?}");
    assert_eq!(a.self_deepened, 0, "{a:?}");
    let (mut same, mut differ) = (0, 0);
    for pos in builtin_suite() {
        for ply in 2..=4 {
            let (sdp, audit) = iterations(Build::Sdp, &pos, ply);
            let (old, _) = iterations(Build::Old, &pos, ply);
            if audit.parent_researches == 0 {
                assert_eq!(sdp, old, "{} ply {ply}: no re-search, so old", pos.name);
                same += 1;
            } else if sdp != old {
                differ += 1;
            }
        }
    }
    assert!(
        same > 0 && differ > 0,
        "both cases seen: {same} same, {differ} differ"
    );
}

/// Every build: deterministic (the same think twice in a fresh engine gives the same
/// iterations) and plays legal moves only, through 24 thinks of self-play (every think of
/// every scripted and random session is compared with the C besides).
#[test]
fn deterministic_and_legal() {
    for b in NEW {
        let mut games = Vec::new();
        for _ in 0..2 {
            let mut e = Engine::new(b, 16);
            let mut pos = Chess::default();
            let mut thinks = Vec::new();
            for _ in 0..24 {
                if pos.is_game_over() {
                    break;
                }
                let t = e.think(&Limits::nodes(20_000));
                assert!(t.played, "{b}: the engine plays a move");
                let m = umax::chess::legal_offer(&pos, &t.offer)
                    .unwrap_or_else(|| panic!("{b}: illegal move {}", t.offer));
                pos.play_unchecked(m);
                thinks.push(t);
            }
            games.push(thinks);
        }
        assert_eq!(games[0], games[1], "{b}: deterministic");
    }
}
