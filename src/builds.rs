//! The builds: named variants of the search, as data. Each is a line of [`builds!`] below:
//! its name, the search variant it runs (a set of [`variant`] flags, a const generic of
//! [`Engine::search`](crate::engine::Engine::search), so each build is its own compiled
//! instance and the conditions of the others cost it nothing), whether the C in `original/`
//! has a twin of it, whether it is experimental, and a one-line description.
//!
//! Adding a build is a line here, plus a flag in [`variant`] and its condition in the search
//! if it is a new idea. Everything else (the match, games.csv's columns, the report, the plots,
//! `bench`, `umax builds`) takes the build from this list.

/// The ideas a search variant can switch on, tested in `Engine::search` as `VARIANT & FLAG !=
/// 0` (a constant: the test is compiled away). No flag: micro-Max 3.2 as published.
pub mod variant {
    /// Self-deepening IID: the ultimate depth, a node deepens itself past its requested depth
    /// while it fails low (changes 1, 2, 4, 5, 6 of `../shared/notes/self-deepening.md`).
    pub const SELF_DEEPENING: u32 = 1;
    /// On a hash hit with enough depth and a usable bound, a fail low stored short of the
    /// ultimate depth resumes deepening from the stored depth instead of returning the stored
    /// score (change 3). Meaningful only with [`SELF_DEEPENING`].
    pub const HIT_RESUME: u32 = 2;
}

/// Defines [`Build`] and its table from one list. `Build::search` is the one place a build
/// becomes its monomorphised search instance.
macro_rules! builds {
    ($(
        $(#[$doc:meta])*
        $id:ident = $name:literal, variant: $variant:expr, c_twin: $c:literal,
        experimental: $x:literal, $about:literal;
    )*) => {
        /// A build: a named variant of the search (see the list in `src/builds.rs`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Build {
            $($(#[$doc])* $id,)*
        }

        /// Every build, in the list's order.
        pub const ALL: &[Build] = &[$(Build::$id,)*];

        impl Build {
            /// The name the command line, games.csv and the plots use.
            pub fn name(self) -> &'static str {
                match self { $(Build::$id => $name,)* }
            }
            /// The search variant: a set of [`variant`] flags.
            pub fn variant(self) -> u32 {
                match self { $(Build::$id => $variant,)* }
            }
            /// Whether `original/` has a C twin of it (`scripts/build-original.sh`), so that
            /// `verify-c` and the C-parity tests can check it.
            pub fn c_twin(self) -> bool {
                match self { $(Build::$id => $c,)* }
            }
            /// A research variant: not part of the published comparison, no C twin required.
            pub fn experimental(self) -> bool {
                match self { $(Build::$id => $x,)* }
            }
            /// One line about it.
            pub fn about(self) -> &'static str {
                match self { $(Build::$id => $about,)* }
            }
            /// Runs this build's instance of the search (`AUDIT`, `ABORT`: see
            /// [`Engine::search`](crate::engine::Engine::search)).
            #[allow(clippy::too_many_arguments, non_snake_case)]
            #[inline(always)]
            pub(crate) fn search<const AUDIT: bool, const ABORT: bool>(
                self,
                engine: &mut crate::engine::Engine,
                k: i32, q: i32, l: i32, e: i32, J: i32, Z: i32, E: i32, z: i32, n: i32, P: i32,
            ) -> i32 {
                match self {
                    $(Build::$id => engine.search::<{ $variant }, AUDIT, ABORT>(
                        k, q, l, e, J, Z, E, z, n, P,
                    ),)*
                }
            }
        }
    };
}

use variant::*;

builds! {
    /// micro-Max 3.2 as published: conventional internal iterative deepening.
    Old = "old", variant: 0, c_twin: true, experimental: false,
        "micro-Max 3.2 as published (internal iterative deepening)";
    /// Self-deepening IID (seed 000), as `original/self-deepening.patch`.
    Sd = "sd", variant: SELF_DEEPENING | HIT_RESUME, c_twin: true, experimental: false,
        "self-deepening IID (changes 1-6 of the self-deepening note)";
    /// sd without the hash-hit resume (change 3 not applied): a hash hit with enough depth and
    /// a usable bound returns its score, as in 3.2. Rust only.
    Sdnr = "sdnr", variant: SELF_DEEPENING, c_twin: false, experimental: true,
        "sd without the hash-hit resume (change 3 not applied); Rust only";
}

impl std::fmt::Display for Build {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The builds' names, for messages: `old, sd, sdnr`.
pub fn names() -> String {
    ALL.iter().map(|b| b.name()).collect::<Vec<_>>().join(", ")
}

impl std::str::FromStr for Build {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        ALL.iter()
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
        marks.push(if b.c_twin() { "C twin" } else { "no C twin" });
        s += &format!("{:<6} {}  [{}]\n", b.name(), b.about(), marks.join(", "));
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

/// The two builds of a match: `base` and `test`, the one whose score and Elo are reported
/// (`--builds BASE,TEST`; the default `old,sd`). Game `2p-1` has base as White, `2p` test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub base: Build,
    pub test: Build,
}

impl Default for Pairing {
    fn default() -> Self {
        Pairing {
            base: Build::Old,
            test: Build::Sd,
        }
    }
}

impl Pairing {
    /// `BASE,TEST` as `--builds` and the settings' `builds=` write it.
    pub fn setting(self) -> String {
        format!("{},{}", self.base, self.test)
    }
}

/// A role-neutral column name (`test_score`, `base_nodes`, `plies`) as the files of a match of
/// `base` against `test` name it (`sd_score`, `old_nodes`, `plies` for old,sd): the one rule of
/// games.csv's and summary.csv's headers.
pub fn column_name(role_column: &str, base: &str, test: &str) -> String {
    if let Some(rest) = role_column.strip_prefix("test_") {
        format!("{test}_{rest}")
    } else if let Some(rest) = role_column.strip_prefix("base_") {
        format!("{base}_{rest}")
    } else {
        role_column.to_string()
    }
}

impl std::fmt::Display for Pairing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.base, self.test)
    }
}

impl std::str::FromStr for Pairing {
    type Err = String;
    /// `BASE,TEST`: two different builds of the list (games.csv names its columns by build, so
    /// a build against itself would have two columns of one name).
    fn from_str(s: &str) -> Result<Self, String> {
        let Some((base, test)) = s.split_once(',') else {
            return Err(format!(
                "'{s}' is not two builds BASE,TEST (e.g. old,sd; the builds: {})",
                names()
            ));
        };
        let (base, test): (Build, Build) = (base.trim().parse()?, test.trim().parse()?);
        if base == test {
            return Err(format!(
                "'{s}': a match needs two different builds (the builds: {})",
                names()
            ));
        }
        Ok(Pairing { base, test })
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
        assert!(e.contains("old, sd, sdnr"), "{e}");
    }

    #[test]
    fn pairings() {
        assert_eq!("old,sd".parse::<Pairing>(), Ok(Pairing::default()));
        let p: Pairing = "old,sdnr".parse().unwrap();
        assert_eq!(
            (p.base, p.test, p.setting()),
            (Build::Old, Build::Sdnr, "old,sdnr".into())
        );
        assert!(
            "sd,sd"
                .parse::<Pairing>()
                .unwrap_err()
                .contains("two different builds")
        );
        assert!("old".parse::<Pairing>().unwrap_err().contains("BASE,TEST"));
        assert!(
            "old,x"
                .parse::<Pairing>()
                .unwrap_err()
                .contains("unknown build 'x'")
        );
    }
}
