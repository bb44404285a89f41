//! Golden transcripts: `umax play --trace` on every scripted session must print exactly what
//! the C original printed when `scripts/record-golden.sh` recorded `tests/golden/`. These run
//! without a C compiler, so a regression shows everywhere.

use crate::common;

use common::{B, compare, golden_path, run_umax, scripted_sessions};

fn run(b: B) {
    let mut failures = Vec::new();
    let sessions = scripted_sessions();
    for s in sessions.iter().filter(|s| runs_here(s, b)) {
        let path = golden_path(s, b);
        let expected = std::fs::read(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (record it with scripts/record-golden.sh)",
                path.display()
            )
        });
        let actual = run_umax(s, b, true);
        if let Err(e) = compare(
            &format!("golden-{}.{}", s.name, b.name()),
            &s.input,
            &expected,
            &actual,
        ) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} golden transcripts differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(sessions.len() >= 30);
}

/// Whether build `b` runs session `s` here: every session, but the one think at the C's own
/// limit (1e7 nodes at the published 2^24, four seconds of umax per build) only for old and sd
/// (every twin in the deeper run, [`common::deep`]); the other builds' deep searches are
/// checked against the C on the bench positions, whole games and the reduced-IID audits.
fn runs_here(s: &common::Session, b: B) -> bool {
    s.nodes != "1e7" || common::old_sd_or_deep(b)
}

/// Every build with a C twin, the builds in parallel.
#[test]
fn golden_transcripts_every_twin() {
    std::thread::scope(|sc| {
        for b in common::c_twins() {
            sc.spawn(move || run(b));
        }
    });
}
