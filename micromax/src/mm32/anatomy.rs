//! The anatomy of a root iteration (`umax anatomy`): where its nodes go. Counted by the audit
//! instance of the search only (`search::<V, true, _>`), into an [`Anatomy`] the engine holds
//! while it audits with [`crate::mm32::Engine::set_anatomy`]; the faithful instances carry
//! none of it (`scripts/search-asm-diff.sh`).
//!
//! The tables restart at every root iteration, so after a think they hold its last iteration
//! (the root node itself was entered before it and is not in them). The node table counts every
//! node the iteration entered (the C's `N++`); the others count what completed (all of it, unless
//! the think was cut inside the iteration by a node cap).

/// Plies from the root (the last bucket: that ply or deeper).
pub const PLIES: usize = 40;
/// Depth buckets for `n`, `d` and the ultimate depth (the last: that depth or more).
pub const DEPTHS: usize = 24;
/// Fail low (`m<=q`), exact, fail high (`m>=l`).
pub const OUTCOMES: usize = 3;
pub const OUTCOME_NAMES: [&str; OUTCOMES] = ["fail_low", "exact", "fail_high"];
/// How a node found the hash table: no entry; an entry shallower than `n` (a hint: its move
/// first, its depth the iterations' start); an entry deep enough whose bound does not fit the
/// window (the last iteration is done again: `d=n-1`); an entry deep enough that fails low
/// short of the ultimate depth, which self-deepening resumes (sd change 3); no entry and no
/// free slot among the 8 probed (the table is full there: the node's result will not be
/// stored, the C's dummy `A[0]`).
pub const ENTRIES: usize = 5;
pub const ENTRY_NAMES: [&str; ENTRIES] = ["miss", "hint", "redo", "resume", "full"];
/// Iterations of a node by their depth against the node's requested depth `n`: short of it
/// (IID), at it, past it (self-deepening).
pub const CLASSES: usize = 3;
pub const CLASS_NAMES: [&str; CLASSES] = ["short", "at_n", "past_n"];
pub const SHORT: usize = 0;
pub const AT_N: usize = 1;
pub const PAST_N: usize = 2;
/// Nodes by how many iterations past `n` they ran: 0, 1, 2, 3 or more.
pub const PAST_COUNTS: usize = 4;

/// A count and the nodes (the C's `N++`, itself included) under what was counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub count: u64,
    pub nodes: u64,
}

impl std::ops::AddAssign for Cell {
    fn add_assign(&mut self, o: Cell) {
        self.count += o.count;
        self.nodes += o.nodes;
    }
}

/// An iteration in progress (kept by `Anatomy::iteration_start`).
#[derive(Clone, Copy, Debug)]
pub struct IterationMark {
    start: u64,
    /// The iteration's depth `d`.
    d: i32,
    class: usize,
    outermost: bool,
}

/// The counters of one root iteration (see the module's text).
#[derive(Clone, Debug)]
pub struct Anatomy {
    /// The ply of the node the search enters next (kept by the audit instance around every
    /// child call).
    pub(crate) ply: usize,
    /// Nodes entered since the root iteration began (not the C's `int N`, which wraps).
    pub clock: u64,
    /// The root iteration these tables are of (in ply, as the trace prints it).
    pub root_ply: i32,
    active: [u32; CLASSES],
    /// The iterations in progress on the path, innermost last.
    marks: Vec<IterationMark>,
    /// `[ply][n][ultimate][entry]`: nodes entered.
    entries: Vec<u64>,
    /// `[class][ply]`: nodes entered while an iteration of the class below the root was in
    /// progress on their path (a node under two classes counts in both).
    under: Vec<u64>,
    /// `[ply][n][d][ultimate][outcome]`: completed iterations and the nodes under them.
    iterations: Vec<Cell>,
    /// `[ply][entry][past count]`: completed nodes by how they found the table and the
    /// iterations past `n` they ran, with the nodes under them.
    exits: Vec<Cell>,
    /// `[class][ply]`: the outermost iterations of a class below the root (none of the class
    /// in progress above them) and the nodes under them.
    outermost: Vec<Cell>,
    /// `[ply]`: sdp's re-searches of a failing-high move one ply deeper, by the ply of the
    /// node that re-searches, and the nodes under them.
    researches: Vec<Cell>,
    /// Nodes entered by how many iterations past their node's `n` were in progress on their
    /// path (0 .. NESTING-1, the last: that many or more): how self-deepening compounds.
    nesting: [u64; NESTING],
}

/// Buckets of [`Anatomy::nesting`].
pub const NESTING: usize = 8;

fn bucket(x: i32, size: usize) -> usize {
    x.clamp(0, size as i32 - 1) as usize
}

impl Default for Anatomy {
    fn default() -> Self {
        Anatomy::new()
    }
}

impl Anatomy {
    pub fn new() -> Anatomy {
        Anatomy {
            ply: 0,
            clock: 0,
            root_ply: -1,
            active: [0; CLASSES],
            marks: Vec::with_capacity(64),
            entries: vec![0; PLIES * DEPTHS * DEPTHS * ENTRIES],
            under: vec![0; CLASSES * PLIES],
            iterations: vec![Cell::default(); PLIES * DEPTHS * DEPTHS * DEPTHS * OUTCOMES],
            exits: vec![Cell::default(); PLIES * ENTRIES * PAST_COUNTS],
            outermost: vec![Cell::default(); CLASSES * PLIES],
            researches: vec![Cell::default(); PLIES],
            nesting: [0; NESTING],
        }
    }

    /// A root iteration at depth `d` begins: the tables start again.
    pub(crate) fn root_iteration(&mut self, d: i32) {
        self.clock = 0;
        self.root_ply = d - 1;
        self.active = [0; CLASSES];
        self.marks.clear();
        self.entries.fill(0);
        self.under.fill(0);
        self.iterations.fill(Cell::default());
        self.exits.fill(Cell::default());
        self.outermost.fill(Cell::default());
        self.researches.fill(Cell::default());
        self.nesting = [0; NESTING];
    }

    /// A re-search in the parent (sdp) begins at the current ply: the clock now, for
    /// [`Anatomy::research_end`].
    #[inline]
    pub(crate) fn research_start(&self) -> u64 {
        self.clock
    }

    /// The re-search begun at `start` ended.
    #[inline]
    pub(crate) fn research_end(&mut self, start: u64) {
        let p = self.ply.min(PLIES - 1);
        self.researches[p] += Cell {
            count: 1,
            nodes: self.clock - start,
        };
    }

    /// Nodes entered by the number of iterations past `n` in progress on their path.
    pub fn nesting(&self) -> &[u64; NESTING] {
        &self.nesting
    }

    /// sdp's re-searches in the parent, by the ply of the node that re-searches.
    pub fn researches(&self) -> &[Cell] {
        &self.researches
    }

    /// A node at the current ply, requested depth `n`, ultimate depth `u`, found the table as
    /// `entry`: counted; returns the clock before it, for [`Anatomy::exit`].
    #[inline]
    pub(crate) fn enter(&mut self, n: i32, u: i32, entry: usize) -> u64 {
        let start = self.clock;
        self.clock += 1;
        let p = self.ply.min(PLIES - 1);
        self.entries
            [((p * DEPTHS + bucket(n, DEPTHS)) * DEPTHS + bucket(u, DEPTHS)) * ENTRIES + entry] +=
            1;
        for c in 0..CLASSES {
            if self.active[c] > 0 {
                self.under[c * PLIES + p] += 1;
            }
        }
        self.nesting[(self.active[PAST_N] as usize).min(NESTING - 1)] += 1;
        start
    }

    /// The node entered at `start` as `entry` returns, having run `past` iterations past its
    /// `n`.
    #[inline]
    pub(crate) fn exit(&mut self, start: u64, entry: usize, past: u32) {
        let p = self.ply.min(PLIES - 1);
        self.exits[(p * ENTRIES + entry) * PAST_COUNTS + (past as usize).min(PAST_COUNTS - 1)] +=
            Cell {
                count: 1,
                nodes: self.clock - start,
            };
    }

    /// An iteration at depth `d` of a node of requested depth `n` begins (`inner`: the node is
    /// below the root). Its mark is kept on a stack until [`Anatomy::iteration_end`].
    #[inline]
    pub(crate) fn iteration_start(&mut self, n: i32, d: i32, inner: bool) {
        let class = match d.cmp(&n) {
            std::cmp::Ordering::Less => SHORT,
            std::cmp::Ordering::Equal => AT_N,
            std::cmp::Ordering::Greater => PAST_N,
        };
        let outermost = inner && self.active[class] == 0;
        if inner {
            self.active[class] += 1;
        }
        self.marks.push(IterationMark {
            start: self.clock,
            d,
            class,
            outermost,
        });
    }

    /// The iteration `mark` (of a node of requested depth `n`, ultimate depth `u`) ends with
    /// `outcome`.
    #[inline]
    pub(crate) fn iteration_end(&mut self, n: i32, u: i32, outcome: usize, inner: bool) {
        let Some(mark) = self.marks.pop() else {
            return; // begun before the counters were reset: not this root iteration's
        };
        let p = self.ply.min(PLIES - 1);
        let d = mark.d;
        let cell = Cell {
            count: 1,
            nodes: self.clock - mark.start,
        };
        let i = (((p * DEPTHS + bucket(n, DEPTHS)) * DEPTHS + bucket(d, DEPTHS)) * DEPTHS
            + bucket(u, DEPTHS))
            * OUTCOMES
            + outcome;
        self.iterations[i] += cell;
        if inner {
            self.active[mark.class] -= 1;
            if mark.outermost {
                self.outermost[mark.class * PLIES + p] += cell;
            }
        }
    }

    /// Nodes entered, `(ply, n, ultimate, entry, count)` for every non-empty cell.
    pub fn entry_cells(&self) -> impl Iterator<Item = (usize, usize, usize, usize, u64)> + '_ {
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != 0)
            .map(|(i, c)| {
                let entry = i % ENTRIES;
                let u = i / ENTRIES % DEPTHS;
                let n = i / ENTRIES / DEPTHS % DEPTHS;
                let ply = i / ENTRIES / DEPTHS / DEPTHS;
                (ply, n, u, entry, *c)
            })
    }

    /// Completed iterations, `(ply, n, d, ultimate, outcome, cell)` for every non-empty cell.
    pub fn iteration_cells(
        &self,
    ) -> impl Iterator<Item = (usize, usize, usize, usize, usize, Cell)> + '_ {
        self.iterations
            .iter()
            .enumerate()
            .filter(|(_, c)| c.count != 0)
            .map(|(i, c)| {
                let outcome = i % OUTCOMES;
                let u = i / OUTCOMES % DEPTHS;
                let d = i / OUTCOMES / DEPTHS % DEPTHS;
                let n = i / OUTCOMES / DEPTHS / DEPTHS % DEPTHS;
                let ply = i / OUTCOMES / DEPTHS / DEPTHS / DEPTHS;
                (ply, n, d, u, outcome, *c)
            })
    }

    /// Completed nodes by ply, entry and iterations past `n`: `(ply, entry, past, cell)`,
    /// non-empty cells.
    pub fn exit_cells(&self) -> impl Iterator<Item = (usize, usize, usize, Cell)> + '_ {
        self.exits
            .iter()
            .enumerate()
            .filter(|(_, c)| c.count != 0)
            .map(|(i, c)| {
                (
                    i / PAST_COUNTS / ENTRIES,
                    i / PAST_COUNTS % ENTRIES,
                    i % PAST_COUNTS,
                    *c,
                )
            })
    }

    /// Nodes entered under an iteration of `class` in progress, by ply.
    pub fn under(&self, class: usize) -> &[u64] {
        &self.under[class * PLIES..(class + 1) * PLIES]
    }

    /// The outermost iterations of `class`, by ply.
    pub fn outermost(&self, class: usize) -> &[Cell] {
        &self.outermost[class * PLIES..(class + 1) * PLIES]
    }

    /// Nodes entered, by ply.
    pub fn nodes_by_ply(&self) -> [u64; PLIES] {
        let mut by = [0u64; PLIES];
        for (ply, _, _, _, c) in self.entry_cells() {
            by[ply] += c;
        }
        by
    }
}

/// The anatomy hooks of the engine: the audit instance of the search counts through them.
impl super::Engine {
    /// AUDIT only: how a node with window `q,l` and requested depth `n` found the table at the
    /// slot `a` its probe chose (`anatomy::ENTRY_NAMES`): no slot free (`a` is the dummy), no
    /// entry, an entry shallower than `n` (a hint), one deep enough whose bound does not fit the
    /// window (redo), or one deep enough that fits (the node went on: sd's resume).
    #[cold]
    #[inline(never)]
    pub(super) fn entry_kind(&self, a: usize, n: i32, q: i32, l: i32) -> usize {
        let entry = self.A[a];
        if a == 0 {
            4
        } else if entry.K == 0 {
            0
        } else if (entry.D as i32) < n {
            1
        } else if ((entry.V >= l) as i32 | (entry.X as i32 & super::S)) != 0
            && ((entry.V <= q) as i32 | (entry.X as i32 & 8)) != 0
        {
            3
        } else {
            2
        }
    }

    /// AUDIT only: the anatomy's ply, one deeper (`1`) or back (`-1`) around a child call.
    #[inline(always)]
    pub(super) fn anatomy_ply(&mut self, delta: isize) {
        if let Some(a) = self.anatomy.as_deref_mut() {
            a.ply = a.ply.wrapping_add_signed(delta);
        }
    }

    /// Count where each root iteration's nodes go ([`Anatomy`]); `on` also makes the
    /// engine audit (the counting instance of the search), `off` drops the counters and
    /// leaves `auditing` as it was.
    pub fn set_anatomy(&mut self, on: bool) {
        if on {
            self.auditing = true;
            self.anatomy = Some(Box::default());
        } else {
            self.anatomy = None;
        }
    }

    /// The counters of the last root iteration, if `set_anatomy` is on.
    pub fn anatomy(&self) -> Option<&Anatomy> {
        self.anatomy.as_deref()
    }
}
/// A micro-Max 3.2 engine that counts its search's anatomy, behind the seam: what `umax
/// anatomy` drives ([`Build::counting`](crate::builds::Build::counting)) without naming the
/// engine's type.
pub trait Counting: crate::seam::Searcher {
    /// Counting on (the audit instance of the search) or off.
    fn set_anatomy(&mut self, on: bool);
    /// The counters of the last root iteration, if counting is on.
    fn anatomy(&self) -> Option<&Anatomy>;
}

impl Counting for super::Engine {
    fn set_anatomy(&mut self, on: bool) {
        super::Engine::set_anatomy(self, on);
    }
    fn anatomy(&self) -> Option<&Anatomy> {
        super::Engine::anatomy(self)
    }
}
