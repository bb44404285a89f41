//! What a think may spend ([`Limits`]) and the hard stop inside an iteration ([`Abort`]):
//! the harness's limits around the C's root rule `z==8&N<1e7&d<98`. Not micro-Max but for the
//! node limit; read only at the root between iterations, except the abort, which selects a
//! separate instance of the search.

use super::{DEFAULT_NODE_LIMIT, thread_cpu_seconds};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a think may spend: when the root may start another iteration. The 3.2 rule is
/// `z==8&N<1e7&d<98`, with the node limit in place of `1e7`; the harness's other limits are all
/// off by default. Checked only at the root, between iterations, so they cost the search nothing
/// (except [`Limits::abort`], which selects a separate instance of the search).
///
/// A think takes its limits as a parameter ([`Engine::think`], [`Engine::think_move`]).
#[derive(Clone, Debug)]
pub struct Limits {
    /// The node limit (the C's `1e7`).
    pub nodes: i64,
    /// Deepest root iteration (in ply, as the trace prints it) to start; `None`: only `d<98`.
    pub max_ply: Option<i32>,
    /// Start no iteration after this instant (checked with `clock`).
    pub deadline: Option<f64>,
    /// The clock the deadline is read from (seconds): thread CPU time by default.
    pub clock: fn() -> f64,
    /// Set from another thread to stop starting iterations (UCI `stop`).
    pub stop: Option<Arc<AtomicBool>>,
    /// A hard stop inside root iterations, for `umax uci` only (see [`Abort`]). `None`: the
    /// faithful search, which stops only between iterations.
    pub abort: Option<Abort>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            nodes: DEFAULT_NODE_LIMIT,
            max_ply: None,
            deadline: None,
            clock: thread_cpu_seconds,
            stop: None,
            abort: None,
        }
    }
}

impl Limits {
    /// The C's rule with `nodes` in place of `1e7`.
    pub fn nodes(nodes: i64) -> Limits {
        Limits {
            nodes,
            ..Limits::default()
        }
    }

    /// Every root iteration up to `max_ply` (as the trace prints it), whatever it costs.
    pub fn depth(max_ply: i32) -> Limits {
        Limits {
            nodes: i64::MAX,
            max_ply: Some(max_ply),
            ..Limits::default()
        }
    }
}

/// What the root reads of [`Limits`] while it searches (all but the abort, which selects the
/// instance of the search).
#[derive(Clone, Debug)]
pub(crate) struct RootLimits {
    pub(crate) nodes: i64,
    pub(crate) max_ply: Option<i32>,
    pub(crate) deadline: Option<f64>,
    pub(crate) clock: fn() -> f64,
    pub(crate) stop: Option<Arc<AtomicBool>>,
}

impl From<Limits> for RootLimits {
    fn from(l: Limits) -> RootLimits {
        RootLimits {
            nodes: l.nodes,
            max_ply: l.max_ply,
            deadline: l.deadline,
            clock: l.clock,
            stop: l.stop,
        }
    }
}

/// How often (in nodes, a power of two) an abortable search looks at its [`Abort`].
pub const ABORT_POLL_NODES: i32 = 4096;

/// A stop that acts *inside* a root iteration: every [`ABORT_POLL_NODES`] nodes the search
/// reads `stop` and the clock and, when either says so, unwinds at once (each node undoes its
/// move and returns; nothing of the cut iteration is stored or reported), and the think offers
/// the move of the last completed iteration. It is armed only once an iteration that searches
/// moves (ply >= 1) has completed, so there is always a searched move.
///
/// This is not micro-Max: it lives in a separate instance of the search (the `ABORT` const
/// generic), used by [`Engine::think`] only while `abort` is set. The faithful instances
/// (`play`, `bench`, `match`, the parity tests) carry no trace of it.
#[derive(Clone, Debug, Default)]
pub struct Abort {
    /// Set from another thread (UCI `stop`, end of input).
    pub stop: Option<Arc<AtomicBool>>,
    /// Wall-clock instant past which the search unwinds.
    pub deadline: Option<Instant>,
    /// Thread CPU time ([`thread_cpu_seconds`]) past which the search unwinds: the hard
    /// per-move deadline of `umax match --tc --hard-deadline`, on the match's own clock.
    pub cpu_deadline: Option<f64>,
    /// Node count (the think's `N`) past which the search unwinds: a cap on an audited think
    /// (`umax anatomy --max-nodes`), reproducible where a clock is not.
    pub max_nodes: Option<i32>,
}

impl Abort {
    pub(crate) fn due(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|t| Instant::now() >= t)
            || self.cpu_deadline.is_some_and(|t| thread_cpu_seconds() >= t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_constructors_set_one_limit_and_leave_the_rest_off() {
        let n = Limits::nodes(5000);
        assert_eq!((n.nodes, n.max_ply, n.deadline), (5000, None, None));
        assert!(n.stop.is_none() && n.abort.is_none());
        let d = Limits::depth(6);
        assert_eq!((d.nodes, d.max_ply), (i64::MAX, Some(6)));
        assert_eq!(Limits::default().nodes, DEFAULT_NODE_LIMIT);
        // the root reads all but the abort
        let r = RootLimits::from(Limits::depth(3));
        assert_eq!((r.nodes, r.max_ply), (i64::MAX, Some(3)));
        // an abort with nothing set is never due; a stop already set is
        assert!(!Abort::default().due());
        let stop = Abort {
            stop: Some(Arc::new(AtomicBool::new(true))),
            ..Abort::default()
        };
        assert!(stop.due());
    }
}
