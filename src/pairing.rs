//! What only a match knows of the engines crate's builds (`micromax::builds`): the
//! [`Pairing`] of a match's two builds, the build a command runs when none is named, and the
//! rule of its files' column names.

use micromax::builds::{Build, names};

/// The two builds of a match: `base` and `test`, the one whose score and Elo are reported
/// (`--builds BASE,TEST`; the default `old,sd`). Game `2p-1` has base as White, `2p` test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub base: Build,
    pub test: Build,
}

/// The build a command runs when none is named (`play`, `bench`, `uci`): the default
/// pairing's base, micro-Max 3.2 as published.
pub const DEFAULT_BUILD: &str = "old";

impl Default for Pairing {
    fn default() -> Self {
        Pairing {
            base: Build::Old,
            test: Build::Sd,
        }
    }
}

impl Pairing {
    /// The two builds' names, `(base, test)`.
    pub fn names(self) -> (String, String) {
        (self.base.name().to_string(), self.test.name().to_string())
    }

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
    fn the_default_build_is_the_default_pairings_base() {
        assert_eq!(DEFAULT_BUILD.parse(), Ok(Pairing::default().base));
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
