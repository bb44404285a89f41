//! The invariant counters of an auditing search (`Engine::auditing`): what the tests of the
//! builds' ideas count. Only the audited instance of the search updates them.

/// What an auditing search counts (for the tests of the self-deepening
/// idea; see `tests/suite/sd_audit.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Audit {
    /// Iterations started by a non-root node beyond its requested depth `n`: self-deepening.
    pub self_deepened: u64,
    /// Iterations started by a non-root node beyond both its requested and its ultimate depth.
    pub past_ultimate: u64,
    /// Iterations started after a mate score had set `d=99` (must never happen).
    pub after_mate: u64,
    /// Nodes entered by the search (the C's `N++`), for scale.
    pub nodes: u64,
    /// Nodes below the root (`!(z&8)`: the think and the legality check are the top level)
    /// that ran at least one iteration, and those that ran more than one.
    pub inner_nodes: u64,
    pub inner_multi_iteration: u64,
    /// Iterations below the root by their depth relative to the node's requested depth:
    /// index `d - n + 8`, clamped to `0..=16` (so index 8 is an iteration at `n`).
    pub inner_iterations_by_offset: [u64; 17],
    /// Iterations below the root short of the requested depth (`d < n`), by the node's expected
    /// type (`node_type::PV`, `CUT`, `ALL`; all counted as PV in a variant without node types).
    pub short_iterations_by_type: [u64; 3],
    /// Re-searches of a failing-high move one ply deeper, in the parent (sdp).
    pub parent_researches: u64,
    /// Moves searched deeper than `n-(y!=z)`, the depth the node's last iteration gives them
    /// (must never happen).
    pub searched_past_full: u64,
    /// iidreset: iterations abandoned by a reset, by their depth `d` (15: 15 or more).
    pub resets_by_depth: [u64; 16],
    /// iidreset: below the root, in an iteration `d >= 3` above the node's last reset depth,
    /// the hint scored below the previous iteration's result and below `l`, by the node's
    /// expected type: the resets' condition but for the type (only PV nodes reset).
    pub hint_drops_by_type: [u64; 3],
}

impl std::ops::AddAssign for Audit {
    fn add_assign(&mut self, other: Audit) {
        self.self_deepened += other.self_deepened;
        self.past_ultimate += other.past_ultimate;
        self.after_mate += other.after_mate;
        self.nodes += other.nodes;
        self.inner_nodes += other.inner_nodes;
        self.inner_multi_iteration += other.inner_multi_iteration;
        for (a, b) in self
            .inner_iterations_by_offset
            .iter_mut()
            .zip(other.inner_iterations_by_offset)
        {
            *a += b;
        }
        for (a, b) in self
            .short_iterations_by_type
            .iter_mut()
            .zip(other.short_iterations_by_type)
        {
            *a += b;
        }
        self.parent_researches += other.parent_researches;
        self.searched_past_full += other.searched_past_full;
        for (a, b) in self.resets_by_depth.iter_mut().zip(other.resets_by_depth) {
            *a += b;
        }
        for (a, b) in self
            .hint_drops_by_type
            .iter_mut()
            .zip(other.hint_drops_by_type)
        {
            *a += b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_audits_adds_every_counter() {
        let mut a = Audit {
            nodes: 3,
            self_deepened: 1,
            ..Audit::default()
        };
        a.inner_iterations_by_offset[8] = 2;
        a.resets_by_depth[3] = 1;
        a.hint_drops_by_type[0] = 4;
        let b = a;
        a += b;
        assert_eq!((a.nodes, a.self_deepened), (6, 2));
        assert_eq!(a.inner_iterations_by_offset[8], 4);
        assert_eq!(a.resets_by_depth[3], 2);
        assert_eq!(a.hint_drops_by_type[0], 8);
        let mut z = Audit::default();
        z += Audit::default();
        assert_eq!(z, Audit::default());
    }
}
