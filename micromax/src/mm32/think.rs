//! A think: the main loop's steps around `D()` (`original/micro-max-3.2.c`, `main()`, lines
//! 121–128): `N=0`, the think `D(k,-I,I,Q,1,1,O,8,0)` under the harness's [`Limits`] (the root
//! rule `z==8&N<1e7&d<98` with the limit in place of `1e7`, line 50), the table clear, the
//! legality check `D(k,-I,I,Q,1,1,O,9,2)`; a move line's `K`,`L` entered; and what a think
//! reports: each completed root iteration (the instrumented C's trace line, line 103) and the
//! move.

#![allow(non_snake_case)]

use super::*;

impl Engine {
    /// The root's `z==8&N<1e7&d<98`, with the harness's extra limits.
    pub(super) fn root_goes_on(&self, d: i32) -> bool {
        (self.N as i32 as i64) < self.limits.nodes
            && d < 98
            && self.limits.max_ply.is_none_or(|p| d - 1 <= p)
            && self
                .limits
                .deadline
                .is_none_or(|t| (self.limits.clock)() < t)
            && self
                .limits
                .stop
                .as_ref()
                .is_none_or(|s| !s.load(Ordering::Relaxed))
    }

    /// Whether the abortable search must unwind: armed once an iteration of ply >= 1 completed.
    #[cold]
    #[inline(never)]
    pub(super) fn abort_due(&self) -> bool {
        self.iterations.last().is_some_and(|it| it.ply >= 1)
            && self
                .abort
                .as_ref()
                .is_some_and(|a| a.due() || a.max_nodes.is_some_and(|cap| self.N as i32 >= cap))
    }

    /// What a node of a cut search returns (the value is never used). The root hands back the
    /// move of the last completed iteration, as it would have after it.
    #[cold]
    #[inline(never)]
    pub(super) fn unwind(&mut self, z: i32) -> i32 {
        if z == 8 {
            let last = *self.iterations.last().expect("armed after an iteration");
            self.K = last.from;
            self.L = last.to as i8;
        }
        0
    }

    /// Records a completed root iteration (the instrumented C's `printf`).
    #[cold]
    pub(super) fn root_iteration(&mut self, it: RootIter) {
        self.iterations.push(it);
        if let Some(f) = self.on_iteration.as_mut() {
            f(&it);
        }
    }

    pub(super) fn dispatch(&mut self, z: i32, n: i32) -> i32 {
        let (k, e, o_) = (self.k, self.Q, self.O as i32);
        // the abortable instances only for a think (z=8)
        let abortable = z == 8 && self.abort.is_some();
        let search = if self.auditing && abortable {
            self.search.audit_abort
        } else if self.auditing {
            self.search.audit
        } else if abortable {
            self.search.abort
        } else {
            self.search.plain
        };
        search(self, k, -I, I, e, 1, 1, o_, z, n, 0)
    }

    /// Whether the last [`Engine::think`] was cut inside an iteration by its `Limits::abort`.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// `if(D(k,-I,I,Q,1,1,O,9,2)==I)k^=24;`: check legality of `K`,`L` and do the move.
    /// Returns whether the move was played.
    pub fn legality_check(&mut self) -> bool {
        // sd change 6: the legality check (z=9) passes ultimate depth 0 (`dispatch`'s last 0)
        if self.dispatch(9, 2) == I {
            self.k ^= 24;
            true
        } else {
            false
        }
    }

    /// One main-loop iteration with a move line: `N=0`; `K`,`L` from the move; clear the hash;
    /// legality check. Returns whether the move was played.
    pub fn enter_move(&mut self, from: i8, to: i8) -> bool {
        self.N = 0;
        self.K = from;
        self.L = to;
        self.clear_hash();
        self.legality_check()
    }

    /// One main-loop iteration with an empty line: `N=0`; think `D(k,-I,I,Q,1,1,O,8,0)` within
    /// `limits` (the C's `1e7` is [`Limits::nodes`]); clear the hash; legality check of the
    /// move thought up.
    pub fn think(&mut self, limits: &Limits) -> Think {
        self.begin_think(limits);
        let _wall = crate::thread_watch::watch(self.watch.bound.seconds);
        self.dispatch(8, 0); // sd change 6: the think (z=8) passes ultimate depth 0 (`dispatch`)
        self.watch_at = u64::MAX;
        let (from, to, searched) = (self.K, self.L, self.N);
        self.clear_hash();
        let played = self.legality_check();
        Think {
            offer: crate::x88::uci_of(from, to),
            nodes: searched as i32,
            searched,
            iterations: std::mem::take(&mut self.iterations),
            played,
        }
    }

    /// The think alone, for `umax uci`: `N=0`; think `D(k,-I,I,Q,1,1,O,8,0)` within `limits`,
    /// calling `observe` after each completed root iteration. Unlike [`Engine::think`] the move
    /// is neither checked nor played and the table is not cleared (`played` is false): the UCI
    /// front end sets every position up afresh, so it needs only the move, and can send it
    /// before paying for the clear.
    pub fn think_move(
        &mut self,
        limits: &Limits,
        observe: impl FnMut(&RootIter) + Send + 'static,
    ) -> Think {
        self.begin_think(limits);
        let _wall = crate::thread_watch::watch(self.watch.bound.seconds);
        self.on_iteration = Some(Box::new(observe));
        self.dispatch(8, 0); // sd change 6: the think (z=8) passes ultimate depth 0 (`dispatch`)
        self.watch_at = u64::MAX;
        self.on_iteration = None;
        self.abort = None;
        Think {
            offer: crate::x88::uci_of(self.K, self.L),
            nodes: self.N as i32,
            searched: self.N,
            iterations: std::mem::take(&mut self.iterations),
            played: false,
        }
    }

    /// `N=0` and the think's limits in place.
    pub(super) fn begin_think(&mut self, limits: &Limits) {
        self.N = self.node_start;
        self.iterations.clear();
        self.aborted = false;
        let limits = limits.clone();
        (self.watch, self.watch_at) = Watch::start(&limits, self.N, self.calls);
        self.abort = limits.abort.clone();
        self.limits = RootLimits::from(limits);
    }
}
