//! The figures of Muller's 2006 self-deepening post (Winboard forum, 24 Apr 2006), the claim
//! the project set out to test: sd's score against old and sd's time over old's at 15 and
//! 60 s per game, and which condition of a match stands for which of them. The plots draw
//! them beside a match's own figures.

use crate::settings::Settings;

/// The score Muller's 2006 self-deepening post claims for sd over old at 15 s per game.
pub const POST_CLAIM: f64 = 0.575;

/// One of the 2006 post's two results: its condition, sd's score and sd's time over old's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PostResult {
    /// Seconds per game per side.
    pub seconds: f64,
    pub score: f64,
    pub games: u32,
    /// sd's time over old's: 1.036 (sd used 3.6% more time) and 0.972 (2.8% less).
    pub time_ratio: f64,
}

/// The 2006 post's results: 57.5-42.5 at 15 s per game (sd +3.6% time), 26.5-23.5 at 60 s
/// (sd -2.8% time).
pub const POST_RESULTS: [PostResult; 2] = [
    PostResult {
        seconds: 15.0,
        score: 0.575,
        games: 100,
        time_ratio: 1.036,
    },
    PostResult {
        seconds: 60.0,
        score: 0.53,
        games: 50,
        time_ratio: 0.972,
    },
];

/// The 2006 result a condition stands for: `tc=15` and `tc=60` (on this machine's clock or
/// scaled to 2006), and the node budgets the project took as their equivalents,
/// `nodes=100000` (≈ 15 s in 2006) and `nodes=400000` (≈ 60 s). `None` for other conditions.
pub fn post_condition(settings: &str) -> Option<PostResult> {
    let settings = Settings::parse(settings);
    let seconds = settings.fields().find_map(|kv| match kv {
        ("tc", Some("15")) | ("nodes", Some("100000")) => Some(15.0),
        ("tc", Some("60")) | ("nodes", Some("400000")) => Some(60.0),
        _ => None,
    })?;
    POST_RESULTS.iter().copied().find(|r| r.seconds == seconds)
}
