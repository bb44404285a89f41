//! How every test reads CI: `CI=true` or `CI=1` (any case) means a missing tool (gcc, Stockfish,
//! python-chess) is a failure, not a skip. The one rule, shared by every test that can skip.

/// Whether the tests run under CI (`.ci/run` sets `CI=true`).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| {
        let v = v.trim().to_ascii_lowercase();
        v == "true" || v == "1"
    })
}
