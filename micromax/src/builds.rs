//! The builds: the catalogue of named variants of the search, as data. Each is a line of
//! `builds!` below: its name, the search variant it runs (a type implementing
//! [`Variant`], defined in `micromax/src/mm32/variant.rs`: each build is its own
//! compiled instance of the search, and the conditions of the others cost it nothing), its C
//! twin in `original/` (the patch against `micro-max-3.2.c` it is node-identical to, if any),
//! whether it is experimental, and a one-line description.
//!
//! The catalogue sits above the engine: the engine knows variants, not builds. Adding a build
//! is a line here (and a variant type with its constants in `mm32/variant.rs` if it is a new
//! idea). Everything else (match, tournament, games.csv's columns, the report, the plots,
//! `bench`, `verify-c`, `umax builds`, the C-parity tests) takes the build from this list.

use crate::first_legal::FirstLegal;
use crate::mm32::Engine;
use crate::mm32::variant::{self as v, Instances, Variant};
use crate::mm48::Searcher48;
use crate::seam::{Capabilities, Options, Searcher};

/// Which engine a build runs, with what it needs to be made.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// micro-Max 3.2 with this variant's compiled search.
    Mm32(Instances),
    /// micro-Max 4.8; `sd`: self-deepening (`mm48sd`).
    Mm48 { sd: bool },
    /// The test engine: plays the first legal move, searches nothing.
    FirstLegal,
}

impl Kind {
    /// What the engine can do (the one match on the kind outside the factory).
    pub fn capabilities(self) -> Capabilities {
        match self {
            Kind::Mm32(_) => crate::mm32::CAPABILITIES,
            Kind::Mm48 { .. } => crate::mm48::CAPABILITIES,
            Kind::FirstLegal => crate::first_legal::CAPABILITIES,
        }
    }
}

/// A micro-Max 3.2 build: variant `V`'s compiled search.
fn mm32<V: Variant>() -> Kind {
    Kind::Mm32(Instances::of::<V>())
}

/// Defines [`Build`] and its table from one list. `Build::instances` is the one place a build
/// becomes its monomorphised search.
macro_rules! builds {
    ($(
        $(#[$doc:meta])*
        $id:ident = $name:literal, engine: $kind:expr, c_twin: $c:expr,
        experimental: $x:literal, $about:literal;
    )*
    @hidden $(
        $(#[$hdoc:meta])*
        $hid:ident = $hname:literal, engine: $hkind:expr, c_twin: $hc:expr,
        experimental: $hx:literal, $habout:literal;
    )*) => {
        /// A build: a named variant of the search (see the list in `micromax/src/builds.rs`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Build {
            $($(#[$doc])* $id,)*
            $($(#[$hdoc])* $hid,)*
        }

        /// Every build, in the list's order (the hidden test builds not among them).
        pub const ALL: &[Build] = &[$(Build::$id,)*];

        /// The hidden test builds: named on the command line, listed nowhere, in no `all`.
        pub const HIDDEN: &[Build] = &[$(Build::$hid,)*];

        impl Build {
            /// The name the command line, games.csv and the plots use.
            pub fn name(self) -> &'static str {
                match self { $(Build::$id => $name,)* $(Build::$hid => $hname,)* }
            }
            /// Its C twin: `Some("")` for the untouched original, `Some(patch)` for the file in
            /// `original/` applied to it (`scripts/build-original.sh`), `None` for none.
            pub fn c_patch(self) -> Option<&'static str> {
                match self { $(Build::$id => $c,)* $(Build::$hid => $hc,)* }
            }
            /// A research variant outside the studied builds, Rust only.
            pub fn experimental(self) -> bool {
                match self { $(Build::$id => $x,)* $(Build::$hid => $hx,)* }
            }
            /// One line about it.
            pub fn about(self) -> &'static str {
                match self { $(Build::$id => $about,)* $(Build::$hid => $habout,)* }
            }
            /// The engine it runs behind the seam (`crate::seam`; made by `Build::searcher`, `crate::engines`).
            pub fn kind(self) -> Kind {
                match self { $(Build::$id => $kind,)* $(Build::$hid => $hkind,)* }
            }
        }
    };
}

builds! {
    /// micro-Max 3.2 as published: conventional internal iterative deepening.
    Old = "old", engine: mm32::<v::Old>(), c_twin: Some(""), experimental: false,
        "micro-Max 3.2 as published: IID at every node from the hash depth (Muller's 3.2 listing)";
    /// Self-deepening IID (Muller, "self deepening: an improved implementation of IID",
    /// Winboard forum, 24 Apr 2006), as `original/self-deepening.patch`.
    Sd = "sd", engine: mm32::<v::Sd>(), c_twin: Some("self-deepening.patch"), experimental: false,
        "self-deepening IID (Muller, Winboard forum, 24 Apr 2006; docs/spec/builds.md)";
    /// sd without the hash-hit resume (change 3 not applied): a hash hit with enough depth and
    /// a usable bound returns its score, as in 3.2. Rust only.
    Sdnr = "sdnr", engine: mm32::<v::Sdnr>(), c_twin: None, experimental: true,
        "sd without the hash-hit resume (change 3 not applied); Rust only";
    /// No internal IID below the root: the control of the IID study (the Chess Programming
    /// Wiki calls IID "pretty much a washout on average").
    NoIid = "noiid", engine: mm32::<v::NoIid>(), c_twin: Some("noiid.patch"), experimental: false,
        "no IID below the root: first iteration at full depth (the study's control)";
    /// One reduced search (n-2) where the hash gives no move, then n (the classic IID of the
    /// Chess Programming Wiki's "Internal Iterative Deepening").
    IidR2 = "iidr2", engine: mm32::<v::IidR2>(), c_twin: Some("iidr2.patch"), experimental: false,
        "classic IID: one search at n-2 where the hash gives no move, then n (Chess Programming Wiki)";
    /// iidr2 at expected PV and CUT nodes only (Onno Garms, "On internal iterative deepening",
    /// CCC, 13 Mar 2011).
    IidCut = "iidcut", engine: mm32::<v::IidCut>(), c_twin: Some("iidcut.patch"), experimental: false,
        "iidr2 at expected PV/CUT nodes only, node type by tree position (Garms, CCC, 13 Mar 2011)";
    /// A failing-high move re-searched one ply deeper at a time, in the parent (Muller,
    /// "(Internal) Iterative Deepening", Winboard forum, 18 Feb 2006).
    Sdp = "sdp", engine: mm32::<v::Sdp>(), c_twin: Some("sdp.patch"), experimental: false,
        "a fail high re-searched 1 ply deeper at a time, in the parent (Muller, Winboard forum, 18 Feb 2006)";
    /// iidr2 at expected PV nodes only (the wiki: "most only use IID in PV-nodes").
    IidPv = "iidpv", engine: mm32::<v::IidPv>(), c_twin: Some("iidpv.patch"), experimental: false,
        "iidr2 at expected PV nodes only (Chess Programming Wiki: \"most only use IID in PV-nodes\")";
    /// 3.2's IID, restarted from d=2 at a PV node when the previous best move's score drops
    /// (Muller's 2007 to-do, the wiki's quote).
    IidReset = "iidreset", engine: mm32::<v::IidReset>(), c_twin: Some("iidreset.patch"), experimental: false,
        "3.2's IID restarted from d=2 at a PV node when the hint's score drops (Muller, CCC, 13 Aug 2007)";
    /// micro-Max 4.8 as published (Muller's last micro-Max: null move, LMR, futility), a
    /// second engine behind the seam (`micromax/src/mm48/`); checked against golden transcripts of its
    /// C (`tests/golden48/`).
    Mm48 = "mm48", engine: Kind::Mm48 { sd: false }, c_twin: None, experimental: false,
        "micro-Max 4.8 as published (Muller; null move, LMR, futility; golden transcripts of its C)";
    /// Self-deepening on 4.8 (docs/spec/builds.md defines it line by line).
    Mm48Sd = "mm48sd", engine: Kind::Mm48 { sd: true }, c_twin: None, experimental: false,
        "self-deepening on micro-Max 4.8 (docs/spec/builds.md; golden transcripts of a C so changed)";
    /// The test engine: the first legal move, no search (`micromax/src/first_legal.rs`).
    FirstLegal = "first-legal", engine: Kind::FirstLegal, c_twin: None, experimental: true,
        "test engine: plays the first legal move, searches nothing (shows the engine seam)";
    @hidden
    /// The watchdog's test build: micro-Max 3.2 whose think never ends (its root counts nodes
    /// for ever), as a search broken by an edit would; every command that thinks must stop it
    /// with the watchdog's error (tests/suite/watchdog.rs).
    Loops = "loops", engine: mm32::<v::Loops>(), c_twin: None, experimental: true,
        "test build: a think that never ends (the watchdog's tests)";
    /// The wall clock watchdog's test build: 3.2 whose think loops calling and counting
    /// nothing, as a loop inside one node does.
    Hangs = "hangs", engine: mm32::<v::Hangs>(), c_twin: None, experimental: true,
        "test build: a think that loops counting nothing (the wall clock watchdog's tests)";
}

impl From<Build> for Instances {
    /// A 3.2 build's compiled search, for [`Engine::new`](crate::mm32::Engine::new); the
    /// commands that need a 3.2 search's insides check [`Build::is_mm32`] first.
    fn from(b: Build) -> Instances {
        b.instances()
            .unwrap_or_else(|| panic!("{b} is not a micro-Max 3.2 build"))
    }
}

impl Build {
    /// What the build's engine can do ([`Capabilities`]): the commands ask this instead of
    /// knowing the engine.
    pub fn capabilities(self) -> Capabilities {
        self.kind().capabilities()
    }

    /// A 3.2 build's compiled search; `None` for the other engines.
    pub fn instances(self) -> Option<Instances> {
        match self.kind() {
            Kind::Mm32(i) => Some(i),
            _ => None,
        }
    }

    /// Whether it runs micro-Max 3.2 (the builds `anatomy`, the audit and `verify-c` take).
    pub fn is_mm32(self) -> bool {
        self.instances().is_some()
    }

    /// Whether `original/` has a C twin of it (`scripts/build-original.sh`), so that
    /// `verify-c` and the C-parity tests can check it.
    pub fn c_twin(self) -> bool {
        self.c_patch().is_some()
    }
}

impl std::fmt::Display for Build {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The builds' names, for messages: `old, sd, ...` in the catalogue's order.
pub fn names() -> String {
    ALL.iter().map(|b| b.name()).collect::<Vec<_>>().join(", ")
}

impl std::str::FromStr for Build {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        ALL.iter()
            .chain(HIDDEN)
            .copied()
            .find(|b| b.name() == s)
            .ok_or_else(|| format!("unknown build '{s}' (the builds: {})", names()))
    }
}

/// The list as `umax builds` prints it: name, description, and its marks.
pub fn listing() -> String {
    let mut s = String::new();
    for b in ALL {
        let mut marks = Vec::new();
        if b.experimental() {
            marks.push("experimental");
        }
        marks.push(if b.c_twin() {
            "C twin"
        } else if b.capabilities().golden_transcripts {
            // its C stays outside the repository: its output is checked in, as data
            "golden transcripts"
        } else {
            "no C twin"
        });
        s += &format!("{:<6} {}  [{}]\n", b.name(), b.about(), marks.join(", "));
    }
    s
}

/// `umax builds --instances`: the address of every compiled top-level instance of the search
/// (`name kind 0xADDRESS`; kinds plain, audit, abort, audit_abort), for
/// `scripts/search-asm-diff.sh`, which follows each to its `Engine::search` and compares the
/// faithful (plain) ones with another binary's.
pub fn instance_addresses() -> String {
    // the binary is position-independent: this function's own address lets the script turn
    // run-time addresses into the addresses `nm` shows
    let mut s = format!(
        "ref instance_addresses {:#x}\n",
        instance_addresses as fn() -> String as usize
    );
    for b in ALL {
        let Some(i) = b.instances() else { continue };
        for (kind, f) in [
            ("plain", i.plain),
            ("audit", i.audit),
            ("abort", i.abort),
            ("audit_abort", i.audit_abort),
        ] {
            s += &format!("{} {kind} {:#x}\n", b.name(), f as usize);
        }
    }
    s
}

/// An error if `build` has no C twin, for the commands that run the C (`what`).
pub fn require_c_twin(build: Build, what: &str) -> Result<(), String> {
    if build.c_twin() {
        Ok(())
    } else {
        Err(format!(
            "{what}: build {build} has no C twin in original/ (it is Rust only); the builds with one: {}",
            ALL.iter()
                .filter(|b| b.c_twin())
                .map(|b| b.name())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }
}

/// The engines behind the seam, one arm each: the one place that names every engine's type;
/// everything above holds a `Box<dyn Searcher>` ([`crate::seam`]).
impl Build {
    /// A fresh engine process of this build behind the seam, with a table of 2^`hash_bits`.
    pub fn searcher(self, hash_bits: u32) -> Box<dyn Searcher> {
        self.searcher_with(&Options::hash_bits(hash_bits))
    }

    /// A fresh engine process with `options`: its table's size and the hooks of micro-Max 3.2
    /// (the C's full clear, for measuring; the first node count, for tests), which the other
    /// engines do not have.
    pub fn searcher_with(self, options: &Options) -> Box<dyn Searcher> {
        match self.kind() {
            Kind::Mm32(variant) => {
                debug_assert_eq!(variant.name(), self.name());
                let mut e = Engine::new(variant, options.hash_bits);
                e.set_full_clear(options.full_clear);
                if let Some(first) = options.first_node {
                    e.start_nodes_at(first);
                }
                Box::new(e)
            }
            Kind::Mm48 { sd } => Box::new(Searcher48::new(sd, options.hash_bits)),
            Kind::FirstLegal => Box::new(FirstLegal::new()),
        }
    }

    /// A fresh engine of this build that counts its search's anatomy, if the build runs
    /// micro-Max 3.2 (whose search holds the counters): `None` for the other engines.
    pub fn counting(self, hash_bits: u32) -> Option<Box<dyn crate::mm32::anatomy::Counting>> {
        match self.kind() {
            Kind::Mm32(variant) => Some(Box::new(Engine::new(variant, hash_bits))),
            _ => None,
        }
    }

    /// Makes `engine` search with this build from now on, if it can switch in place: a 3.2
    /// engine to another 3.2 variant (the variants share the table and the state). False: make
    /// a new engine ([`Build::searcher`]).
    pub fn retarget(self, engine: &mut dyn Searcher) -> bool {
        match (self.kind(), engine.as_any_mut().downcast_mut::<Engine>()) {
            (Kind::Mm32(variant), Some(e)) => {
                e.set_variant(variant);
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_parse_back() {
        for b in ALL {
            assert_eq!(b.name().parse::<Build>(), Ok(*b));
            assert_eq!(ALL.iter().filter(|c| c.name() == b.name()).count(), 1);
        }
        let e = "nope".parse::<Build>().unwrap_err();
        assert!(e.contains(&names()), "{e}");
        for b in ALL.iter().filter(|b| b.is_mm32()) {
            assert_eq!(
                b.instances().map(|i| i.name()),
                Some(b.name()),
                "variant and build share the name"
            );
            // and the engine behind the seam says which build it runs
            assert_eq!(b.searcher(4).name(), b.name());
        }
    }

    #[test]
    fn both_micro_maxes_publish_the_default_table() {
        assert_eq!(
            crate::mm32::DEFAULT_HASH_BITS,
            crate::seam::DEFAULT_HASH_BITS
        );
        assert_eq!(
            crate::mm48::DEFAULT_HASH_BITS,
            crate::seam::DEFAULT_HASH_BITS
        );
    }
}
