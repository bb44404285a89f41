//! Golden transcripts: `umax play --trace` on every scripted session must print exactly what
//! the C original printed when `scripts/record-golden.sh` recorded `tests/golden/`. These run
//! without a C compiler, so a regression shows everywhere.

use crate::common;

use common::{B, compare, golden_path, run_umax, scripted_sessions};

fn run(b: B) {
    let mut failures = Vec::new();
    let sessions = scripted_sessions();
    for s in &sessions {
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

/// Every build with a C twin, the builds in parallel.
#[test]
fn golden_transcripts_every_twin() {
    std::thread::scope(|sc| {
        for b in common::c_twins() {
            sc.spawn(move || run(b));
        }
    });
}
