//! How every test reads CI: `CI=true` or `CI=1` (any case) means a missing tool (gcc, Stockfish,
//! python-chess) is a failure, not a skip. The one rule, shared by every test that can skip.

/// Whether the tests run under CI (`.ci/run` sets `CI=true`).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| {
        let v = v.trim().to_ascii_lowercase();
        v == "true" || v == "1"
    })
}

/// Whether `python3` runs here. Without it a test that needs it skips with a message, except
/// under CI, where this fails (`what`: what the test needs it for).
#[allow(dead_code)] // not every test crate that includes this module runs python
pub fn python3_or_skip(what: &str) -> bool {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok()
    {
        return true;
    }
    assert!(!in_ci(), "CI: python3 is needed for {what}");
    eprintln!("SKIPPING: no python3 ({what})");
    false
}
