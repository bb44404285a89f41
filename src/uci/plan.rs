//! What ends a `go`'s search ([`SearchPlan`]), worked out from its parameters: the node
//! limit, the depth, the time target and the hard limit of the clock modes.

use super::*;

/// What ends a search, worked out from `go`'s parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchPlan {
    /// Start no iteration once this many nodes were searched (the C's rule).
    pub nodes: Option<i64>,
    /// Deepest iteration.
    pub depth: Option<i32>,
    /// The time target from `go` (clock mode): start another iteration only while less than
    /// half of it is used, or when the iteration is predicted to end within it.
    pub time: Option<Duration>,
    /// The hard limit from `go`: the search is cut here, inside an iteration if need be, and
    /// plays the move of the last completed iteration.
    pub hard: Option<Duration>,
    /// Hold `bestmove` until `stop`.
    pub infinite: bool,
}

/// Times are taken as at most this many milliseconds (about 30 years), so sums cannot overflow.
pub(super) const MAX_MS: i64 = 1_000_000_000_000;

/// `go movetime T` cuts the search at `T` less this (the cut and `bestmove` take ~1-2 ms).
pub(super) const MOVETIME_MARGIN_MS: i64 = 10;
/// Clock mode keeps this much of every move's time for the GUI and the pipes.
pub(super) const CLOCK_OVERHEAD_MS: i64 = 30;

/// Largest `NodesTime` (nodes per millisecond): a 100-GHz micro-Max.
pub const MAX_NODESTIME: i64 = 100_000;

/// Works out the plan for `go` with the side to move `white`. `nodestime` > 0 (the `NodesTime`
/// option, nodes per millisecond): the clock is counted in nodes, as `umax match --clock nodes`
/// counts it: the side has `time × nodestime` nodes and the think the C's root rule with
/// `floor(nodes / movestogo)` (30 when absent; plus 3/4 of the increment's nodes) in place of
/// `1e7`, and no time limit at all. A bare `go` (no limit at all) thinks to `default_nodes`, the
/// engine's own published limit (3.2's `1e7`, 4.8's `1e6`: `Capabilities::default_node_limit`).
pub fn plan(g: &GoParams, white: bool, nodestime: i64, default_nodes: i64) -> SearchPlan {
    let ms = |t: Option<i64>| t.map(|t| t.clamp(0, MAX_MS));
    let mut p = SearchPlan {
        nodes: g.nodes.map(|n| n.clamp(1, i32::MAX as i64)),
        depth: g.depth.map(|d| d.clamp(1, 96) as i32),
        time: None,
        hard: None,
        infinite: g.infinite || g.ponder,
    };
    if let Some(m) = g.mate {
        let d = (2 * m.clamp(1, 48) - 1) as i32;
        p.depth = Some(p.depth.map_or(d, |x| x.min(d)));
    }
    if let Some(t) = ms(g.movetime) {
        // search until (nearly) the time given: iterations go on until the hard limit
        p.hard = Some(Duration::from_millis(
            (t - MOVETIME_MARGIN_MS).max(t / 2) as u64
        ));
    }
    let (time, inc) = if white {
        (ms(g.wtime), ms(g.winc))
    } else {
        (ms(g.btime), ms(g.binc))
    };
    if let Some(t) = time.filter(|_| nodestime > 0) {
        // the node clock: nodes for milliseconds, the root rule for the time manager
        let (left, inc) = (
            t.saturating_mul(nodestime),
            inc.unwrap_or(0).saturating_mul(nodestime),
        );
        let mtg = g
            .movestogo
            .unwrap_or(crate::nodeclock::MOVES_TO_GO)
            .clamp(1, 50);
        let limit = (left / mtg + inc * 3 / 4).clamp(1, i32::MAX as i64);
        p.nodes = Some(p.nodes.map_or(limit, |n| n.min(limit)));
    } else if let Some(t) = time {
        let inc = inc.unwrap_or(0);
        let mtg = g.movestogo.unwrap_or(30).clamp(1, 50);
        let share = t / mtg + inc * 3 / 4;
        let target = share.min(t / 4) - CLOCK_OVERHEAD_MS;
        let hard = (2 * share).min(t / 4) - CLOCK_OVERHEAD_MS;
        p.time = Some(Duration::from_millis(target.max(1) as u64));
        let hard = Duration::from_millis(hard.max(1) as u64);
        p.hard = Some(p.hard.map_or(hard, |x| x.min(hard)));
    }
    if !p.infinite && p.nodes.is_none() && p.depth.is_none() && p.hard.is_none() {
        p.nodes = Some(default_nodes);
    }
    p
}
