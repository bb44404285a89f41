//! What a command may spend: the one [`Budget`] from the command line to the root. A budget is
//! either per think (nodes, depth, CPU seconds a move) or per game (a sudden-death clock on CPU
//! seconds or on nodes); what one think may then spend is a [`Limits`], worked out by
//! [`Budget::first_think`] (a think with nothing before it: `judge`, `anatomy`, `bench`) or by
//! the match's clocks (`matchrun/play_game.rs`, each think from what is left).
//!
//! | budget | `match`/`tournament` | `judge --positions` | `anatomy` | setting |
//! |--------|----------------------|---------------------|-----------|---------|
//! | [`Budget::Nodes`] | `--nodes` | `--nodes` | `--nodes` | `nodes=N` |
//! | [`Budget::Depth`] | | | `--depth` | `depth=D` |
//! | [`Budget::MoveSeconds`] | | `--seconds` | | `seconds=S` |
//! | [`Budget::Time`] | `--tc S` or `--tc S+I` | | | `tc=S`, `tc=S+I` |
//! | [`Budget::NodeClock`] | `--clock nodes`, `--tc-nodes` | `--tc-nodes` | | `node_clock=B...` |

use crate::nodeclock::NodeClock;
use micromax::{Limits, thread_cpu_seconds};

/// Under `--tc`, a move may use this fraction of the side's remaining time: the root starts no
/// further iteration once the move has used `remaining / TC_MOVES_TO_GO` seconds of CPU.
pub const TC_MOVES_TO_GO: f64 = 30.0;

/// Under `--tc --hard-deadline`, the CPU seconds after which a think is cut inside its
/// iteration, given the side's remaining time: twice the move's share
/// (`remaining / TC_MOVES_TO_GO`), at most a quarter of the remaining time (the hard limit
/// of `umax uci`, without its 10 ms allowance for the pipe).
pub fn hard_limit(remaining: f64) -> f64 {
    (2.0 * remaining / TC_MOVES_TO_GO).min(remaining / 4.0)
}

/// A game's clock: seconds per side per game, and seconds added after each of a side's moves
/// (Fischer; 0: sudden death).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    pub base: f64,
    pub increment: f64,
}

impl TimeControl {
    /// Sudden death: `base` seconds, no increment.
    pub fn sudden_death(base: f64) -> TimeControl {
        TimeControl {
            base,
            increment: 0.0,
        }
    }

    /// The CPU seconds a micro-Max side may start iterations for at a move with `left`
    /// seconds on its clock: `left / TC_MOVES_TO_GO` plus the increment, at most half of
    /// `left` (sudden death: `left / 30`, as before increments existed).
    pub fn share(&self, left: f64) -> f64 {
        (left / TC_MOVES_TO_GO + self.increment).min(left / 2.0)
    }
}

impl std::fmt::Display for TimeControl {
    /// `60` (sudden death) or `10+0.1`, as `--tc`, the settings and PGN's `TimeControl` write it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.increment == 0.0 {
            write!(f, "{}", self.base)
        } else {
            write!(f, "{}+{}", self.base, self.increment)
        }
    }
}

impl std::str::FromStr for TimeControl {
    type Err = String;
    /// `S` or `S+I`: seconds a side, and seconds added after each move.
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let num = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
        };
        match (num(base), num(inc)) {
            (Some(base), Some(increment)) => Ok(TimeControl { base, increment }),
            _ => Err(format!(
                "'{s}' is not a time control: seconds a side, and an increment after '+' (60, 10+0.1)"
            )),
        }
    }
}

/// What limits the thinks of a command.
#[derive(Clone, Debug, PartialEq)]
pub enum Budget {
    /// Each think: the root rule `N<1e7` (3.2; 4.8's `1e6`) with this many nodes in its place
    /// (deterministic).
    Nodes(u64),
    /// Each think: every root iteration up to this ply, whatever it costs (deterministic).
    Depth(i32),
    /// Each think: the root starts no new iteration after this many CPU seconds of the thread.
    MoveSeconds(f64),
    /// A clock of CPU seconds per side per game, with its increment (0: sudden death).
    Time(TimeControl),
    /// Sudden death on the node clock: nodes per side per game (see [`crate::nodeclock`]).
    NodeClock(NodeClock),
}

impl Budget {
    /// The budget's part of the settings string: `nodes=100000`, `tc=60`, ...
    pub fn setting(&self) -> String {
        match self {
            Budget::Nodes(n) => format!("nodes={n}"),
            Budget::Depth(d) => format!("depth={d}"),
            Budget::MoveSeconds(s) => format!("seconds={s}"),
            Budget::Time(t) => format!("tc={t}"),
            Budget::NodeClock(c) => c.setting(),
        }
    }

    /// Short tag for directory names: `nodes100000`, `tc60`.
    pub fn tag(&self) -> String {
        match self {
            Budget::Nodes(n) => format!("nodes{n}"),
            Budget::Depth(d) => format!("depth{d}"),
            Budget::MoveSeconds(s) => format!("seconds{s}"),
            Budget::Time(t) => format!("tc{t}"),
            Budget::NodeClock(c) => format!("nodeclock{}", c.budget),
        }
    }

    /// PGN `TimeControl` tag of a game of pair `pair`: `-` (no clock) for per-think budgets,
    /// `60` for sudden death on the CPU clock, `9000000 nodes` on the node clock.
    pub fn pgn_time_control(&self, pair: u64) -> String {
        match self {
            Budget::Nodes(_) | Budget::Depth(_) | Budget::MoveSeconds(_) => "-".to_string(),
            Budget::Time(t) => format!("{t}"),
            Budget::NodeClock(c) => c.pgn_time_control(pair),
        }
    }

    /// Whether it is a game's clock (the match's time manager applies) rather than a think's.
    pub fn is_clock(&self) -> bool {
        matches!(self, Budget::Time(_) | Budget::NodeClock(_))
    }

    /// The limits of a think with nothing spent before it, starting now: the per-think budgets
    /// as they are; a clock's first move (White of pair 1: `floor(B/30)` nodes on the node
    /// clock, `T/30` CPU seconds on the CPU clock), as `umax match` would give it.
    pub fn first_think(&self) -> Limits {
        let in_seconds = |s: f64| Limits {
            deadline: Some(thread_cpu_seconds() + s),
            ..Limits::nodes(i64::MAX)
        };
        match self {
            Budget::Nodes(n) => Limits::nodes(*n as i64),
            Budget::Depth(d) => Limits::depth(*d),
            Budget::MoveSeconds(s) => in_seconds(*s),
            Budget::Time(t) => in_seconds(t.share(t.base)),
            Budget::NodeClock(c) => Limits::nodes(c.side(1, true).allowance().limit),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hard_limit_is_twice_the_share_at_most_a_quarter() {
        assert_eq!(hard_limit(60.0), 4.0);
        assert_eq!(hard_limit(1.0), 1.0 / 15.0);
    }

    #[test]
    fn first_thinks_and_settings() {
        assert_eq!(Budget::Nodes(5000).first_think().nodes, 5000);
        let d = Budget::Depth(4).first_think();
        assert_eq!((d.nodes, d.max_ply), (i64::MAX, Some(4)));
        // the node clock's first move: floor(B / 30)
        let c = Budget::NodeClock(NodeClock::new(600_000)).first_think();
        assert_eq!(c.nodes, 20_000);
        let s = Budget::MoveSeconds(2.0).first_think();
        assert!(s.deadline.is_some() && s.nodes == i64::MAX);
        assert_eq!(Budget::Depth(4).setting(), "depth=4");
        let sixty = Budget::Time(TimeControl::sudden_death(60.0));
        assert_eq!(sixty.pgn_time_control(1), "60");
        assert_eq!(sixty.setting(), "tc=60");
        assert!(sixty.is_clock() && !Budget::Nodes(1).is_clock());
        let fischer: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(Budget::Time(fischer).setting(), "tc=10+0.1");
        assert_eq!(fischer.share(10.0), 10.0 / 30.0 + 0.1);
        assert_eq!(fischer.share(0.1), 0.05);
        assert_eq!(
            "15".parse::<TimeControl>(),
            Ok(TimeControl::sudden_death(15.0))
        );
        assert!("10+x".parse::<TimeControl>().is_err());
    }
}
