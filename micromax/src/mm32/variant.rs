//! The variants of `D()`: one zero-sized type per variant, its differences from micro-Max 3.2 as
//! the associated constants of [`Variant`]. Every constant has a default that is 3.2's own
//! behaviour, so a variant names only what it changes, and a new idea is one constant (with
//! its default) plus its use at the lines of `Engine::search` it
//! changes. The search is generic over the variant (`search::<V, AUDIT, ABORT>`): each variant
//! is its own compiled instance, and the constants of the others cost it nothing.
//!
//! The exact semantics are in `docs/spec/builds.md` (sd, noiid, iidr2, iidcut, sdp, iidpv,
//! iidreset); each has a C twin in
//! `original/` except where `micromax/src/builds.rs` says otherwise. The catalogue of named builds
//! (name, variant, C twin, description) is `micromax/src/builds.rs`, which sits above the engine: the
//! engine knows variants, not builds.

/// Where the iterations of a node below the root start (the lines right after the hash probe).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Iid {
    /// 3.2: from the start depth the probe gives (the stored depth, `n-1`, or 0 on a miss), one
    /// ply at a time up to `n`.
    Classic,
    /// The first iteration is at the full depth `n` (noiid: `if(!(z&8)&&d<n-1)d=n-1;`).
    None,
    /// One reduced iteration at `n-R` where the probe gave no hint and `n-R >= 2`, then `n`;
    /// with a hint, straight to `n` (iidr2). `if(!(z&8)&&d<n-1)d=d||n<R+2?n-1:n-R-1;` after
    /// the probe, `if(!(z&8)&&d<n-1)d=n-1;` after the iteration's hash store.
    Reduced(i32),
}

/// The expected node types of Garms' IID at CUT nodes (CCC, 2011; passed down as `D()`'s last argument when
/// [`Variant::NODE_TYPES`]).
pub mod node_type {
    pub const PV: i32 = 0;
    pub const CUT: i32 = 1;
    pub const ALL: i32 = 2;
}

/// A variant of `D()`: the constants say what differs from micro-Max 3.2 (the defaults).
pub trait Variant: 'static {
    /// The name of the variant (for messages; the catalogue's build name where there is one).
    const NAME: &'static str;
    /// Self-deepening IID: the last argument of `D()` is the ultimate depth `P`, and a node
    /// deepens itself past its requested depth while it fails low (sd changes 1, 2, 4, 5, 6).
    const SELF_DEEPENING: bool = false;
    /// On a hash hit with enough depth and a usable bound, a fail low stored short of the
    /// ultimate depth resumes deepening instead of returning the stored score (sd change 3).
    /// Meaningful only with [`Variant::SELF_DEEPENING`].
    const HIT_RESUME: bool = false;
    /// Where the iterations of a node below the root start.
    const IID: Iid = Iid::Classic;
    /// The last argument of `D()` is the node's expected type ([`node_type`]; Garms, CCC, 2011), and
    /// the reduced iteration of [`Iid::Reduced`] is done only at nodes of type
    /// [`Variant::REDUCED_UP_TO`] or lower (iidcut: PV and CUT; iidpv: PV).
    const NODE_TYPES: bool = false;
    /// With [`Variant::NODE_TYPES`] and [`Iid::Reduced`]: the last node type that gets the
    /// reduced iteration (iidcut `CUT`, iidpv `PV`); nodes of a higher type go straight to `n`.
    const REDUCED_UP_TO: i32 = node_type::CUT;
    /// iidreset (Muller's "more drastic IID", 2007): at an expected-PV node below the root, in
    /// iteration `d >= 3`, when the previous best move (searched first) scores below the
    /// node's result of the iteration before and below `l`, the iteration is abandoned (nothing
    /// stored) and deepening restarts at `d=2`, at most once per depth, at rising depths.
    /// Needs [`Variant::NODE_TYPES`].
    const RESET_AT_PV: bool = false;
    /// A move that fails high is searched again one ply deeper at a time, in the parent, up to
    /// the depth the node's last iteration would give it; if it still fails high there, a node
    /// below the root takes its cutoff at full depth (`d=n`) (sdp; Muller, Winboard forum, 18 Feb 2006).
    const DEEPEN_IN_PARENT: bool = false;
    /// A test fault, not a search: the think's root never ends, counting nodes as a search
    /// that does not stop would (an edit of `D()` gone wrong), for the watchdog's tests (the
    /// hidden build `loops`).
    const LOOPS: bool = false;
    /// With [`Variant::LOOPS`]: the loop calls nothing and counts nothing, as a loop inside one
    /// node would (the hidden build `hangs`: only the wall clock's watchdog sees it).
    const SILENT: bool = false;
}

/// micro-Max 3.2 as published.
pub struct Old;
impl Variant for Old {
    const NAME: &'static str = "old";
}

/// Self-deepening IID (Muller, Winboard forum, 24 Apr 2006), changes 1-6 of `docs/spec/builds.md`.
pub struct Sd;
impl Variant for Sd {
    const NAME: &'static str = "sd";
    const SELF_DEEPENING: bool = true;
    const HIT_RESUME: bool = true;
}

/// Self-deepening without the hash-hit resume (change 3 not applied).
pub struct Sdnr;
impl Variant for Sdnr {
    const NAME: &'static str = "sdnr";
    const SELF_DEEPENING: bool = true;
}

/// No internal IID below the root (the control of the IID study).
pub struct NoIid;
impl Variant for NoIid {
    const NAME: &'static str = "noiid";
    const IID: Iid = Iid::None;
}

/// One reduced search (reduction 2) where the hash gives no move, then the full depth.
pub struct IidR2;
impl Variant for IidR2 {
    const NAME: &'static str = "iidr2";
    const IID: Iid = Iid::Reduced(2);
}

/// IidR2 at expected PV and CUT nodes only (Garms, CCC, 2011).
pub struct IidCut;
impl Variant for IidCut {
    const NAME: &'static str = "iidcut";
    const IID: Iid = Iid::Reduced(2);
    const NODE_TYPES: bool = true;
}

/// IidR2 at expected PV nodes only (the wiki: "most only use IID in PV-nodes").
pub struct IidPv;
impl Variant for IidPv {
    const NAME: &'static str = "iidpv";
    const IID: Iid = Iid::Reduced(2);
    const NODE_TYPES: bool = true;
    const REDUCED_UP_TO: i32 = node_type::PV;
}

/// 3.2's IID with Muller's reset at PV nodes (his 2007 to-do; node types as iidcut's).
pub struct IidReset;
impl Variant for IidReset {
    const NAME: &'static str = "iidreset";
    const NODE_TYPES: bool = true;
    const RESET_AT_PV: bool = true;
}

/// Self-deepening in the parent (Muller, 18 Feb 2006; micro-Max 4.x's re-search loop).
pub struct Sdp;
impl Variant for Sdp {
    const NAME: &'static str = "sdp";
    const DEEPEN_IN_PARENT: bool = true;
}

/// The watchdog's test build (`loops`): 3.2 whose think never ends.
pub struct Loops;
impl Variant for Loops {
    const NAME: &'static str = "loops";
    const LOOPS: bool = true;
}

/// The wall clock watchdog's test build (`hangs`): 3.2 whose think loops counting nothing.
pub struct Hangs;
impl Variant for Hangs {
    const NAME: &'static str = "hangs";
    const LOOPS: bool = true;
    const SILENT: bool = true;
}

/// A search function of one instance: `D(k,q,l,e,J,Z,E,z,n,P)` on an engine.
pub(crate) type SearchFn =
    fn(&mut super::Engine, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> i32;

/// A top-level call of one instance. The pointer is taken of this, not of the search itself:
/// a function whose address is taken keeps its declared arguments, while one only ever called
/// directly may lose those it ignores (`old` ignores `P`), so the search stays the same code
/// as when it was called directly (`scripts/search-asm-diff.sh`).
#[allow(clippy::too_many_arguments, non_snake_case)]
fn top_level<V: Variant, const AUDIT: bool, const ABORT: bool>(
    e: &mut super::Engine,
    k: i32,
    q: i32,
    l: i32,
    ev: i32,
    J: i32,
    Z: i32,
    E: i32,
    z: i32,
    n: i32,
    P: i32,
) -> i32 {
    let pieces = super::Pieces::of(e.board(), k);
    e.search::<V, AUDIT, ABORT>(k, q, l, ev, J, Z, E, z, n, P, pieces)
}

/// The compiled instances of one variant's search that an engine dispatches to at the top
/// level: the faithful one, the one with the audit counters, the abortable one (uci), and the
/// audited abortable one (`umax anatomy` with a node cap).
#[derive(Clone, Copy)]
pub struct Instances {
    name: &'static str,
    pub(crate) plain: SearchFn,
    pub(crate) audit: SearchFn,
    pub(crate) abort: SearchFn,
    /// Audited and abortable: `umax anatomy` with a node cap.
    pub(crate) audit_abort: SearchFn,
}

impl Instances {
    /// The instances of variant `V`.
    pub fn of<V: Variant>() -> Instances {
        Instances {
            name: V::NAME,
            plain: top_level::<V, false, false>,
            audit: top_level::<V, true, false>,
            abort: top_level::<V, false, true>,
            audit_abort: top_level::<V, true, true>,
        }
    }

    /// The variant's name.
    pub fn name(&self) -> &'static str {
        self.name
    }
}

impl std::fmt::Debug for Instances {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Instances({})", self.name)
    }
}
