//! The settings string of a match, as a value: the `settings` column of `games.csv`
//! (`builds=old,sd;nodes=100000;max_plies=400;…`), written by
//! [`crate::matchrun::options::settings_string`] and read only through [`Settings::parse`].
//!
//! The text is a `;`-separated list of `key=value` fields; [`Settings`] keeps them in order
//! and prints them back byte for byte, so committed `games.csv` files and the summaries made
//! from them never change.

use std::fmt;

/// Keys of the settings string that record what the machine that played a row measured
/// (`--tc-scale`), not the condition: they are never compared on merge or resume, so shards
/// measured on different machines merge.
pub const MEASURED_KEYS: &[&str] = &["tc_nps", "tc_factor", "tc_clock"];

/// The key of the settings string that gives a match's size (`games=N`), not its condition: a
/// match grows (`umax match --resume --games N` with a larger N), so the rows of one run may
/// differ in it. Compared by [`Settings::same_match`], never as part of the condition.
pub const SIZE_KEY: &str = "games";

/// A parsed settings string: its fields in order (a field without `=` has no value).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    fields: Vec<(String, Option<String>)>,
}

impl Settings {
    /// The one parser of the settings string. It never fails: any text is a list of fields.
    pub fn parse(text: &str) -> Settings {
        let fields = text
            .split(';')
            .map(|kv| match kv.split_once('=') {
                Some((k, v)) => (k.to_string(), Some(v.to_string())),
                None => (kv.to_string(), None),
            })
            .collect();
        Settings { fields }
    }

    /// The fields in order, as `(key, value)`.
    pub fn fields(&self) -> impl Iterator<Item = (&str, Option<&str>)> {
        self.fields.iter().map(|(k, v)| (k.as_str(), v.as_deref()))
    }

    /// The value of the first field `key=…`, if any.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields()
            .find_map(|(k, v)| if k == key { v } else { None })
    }

    /// The value of `key` as a number, if present and a number.
    pub fn number<T: std::str::FromStr>(&self, key: &str) -> Option<T> {
        self.get(key)?.parse().ok()
    }

    /// The condition: these settings without their [`MEASURED_KEYS`]. Rows merge (and a run
    /// resumes) only when their conditions are equal.
    pub fn condition(&self) -> Settings {
        Settings {
            fields: self
                .fields
                .iter()
                .filter(|(k, _)| !MEASURED_KEYS.contains(&k.as_str()))
                .cloned()
                .collect(),
        }
    }

    /// The condition without the match's size ([`SIZE_KEY`]): rows of one match, grown or not,
    /// share it.
    pub fn sizeless(&self) -> Settings {
        let mut c = self.condition();
        c.fields.retain(|(k, _)| k != SIZE_KEY);
        c
    }

    /// Whether rows with these settings and `other`'s belong to one match (grown or not):
    /// their conditions are equal but for the size.
    pub fn same_match(&self, other: &Settings) -> bool {
        self.sizeless() == other.sizeless()
    }

    /// The keys whose values differ between the conditions of `self` (on disk) and `now`, for
    /// error messages.
    pub fn diff(&self, now: &Settings) -> String {
        let (pa, pb) = (self.condition(), now.condition());
        let mut diffs = Vec::new();
        for (k, va) in pa.fields() {
            let va = va.unwrap_or("");
            match pb.fields().find(|(kb, _)| *kb == k) {
                Some((_, vb)) if vb.unwrap_or("") == va => {}
                Some((_, vb)) => {
                    diffs.push(format!("{k}: {va} (on disk) vs {} (now)", vb.unwrap_or("")))
                }
                None => diffs.push(format!("{k}: {va} (on disk) vs missing (now)")),
            }
        }
        for (k, vb) in pb.fields() {
            if !pa.fields().any(|(ka, _)| ka == k) {
                diffs.push(format!(
                    "{k}: missing (on disk) vs {} (now)",
                    vb.unwrap_or("")
                ));
            }
        }
        diffs.join(", ")
    }
}

impl fmt::Display for Settings {
    /// The settings string, byte for byte as parsed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (k, v)) in self.fields.iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            f.write_str(k)?;
            if let Some(v) = v {
                write!(f, "={v}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_is_byte_for_byte() {
        for s in [
            "builds=old,sd;nodes=100000;max_plies=400;hash_bits=24;games=2;protocol=2",
            "a;b=;=c;;d=e=f",
            "",
        ] {
            assert_eq!(Settings::parse(s).to_string(), s);
        }
    }

    #[test]
    fn condition_leaves_out_measured_keys() {
        let s = Settings::parse("tc=15;tc_nps=1;tc_factor=2.5;tc_clock=3;hash_bits=24");
        assert_eq!(s.condition().to_string(), "tc=15;hash_bits=24");
        assert_eq!(s.number::<f64>("tc_factor"), Some(2.5));
        assert_eq!(s.get("nodes"), None);
        let now = Settings::parse("tc=15;hash_bits=20;x=1");
        assert_eq!(
            s.diff(&now),
            "hash_bits: 24 (on disk) vs 20 (now), x: missing (on disk) vs 1 (now)"
        );
    }

    #[test]
    fn a_grown_match_is_one_match() {
        let a = Settings::parse("builds=old,sd;tc=15;games=10000;protocol=2;tc_nps=1");
        let b = Settings::parse("builds=old,sd;tc=15;games=11600;protocol=2;tc_nps=2");
        assert_ne!(a.condition(), b.condition());
        assert!(a.same_match(&b));
        assert_eq!(a.sizeless().to_string(), "builds=old,sd;tc=15;protocol=2");
        let c = Settings::parse("builds=old,sd;tc=60;games=10000;protocol=2");
        assert!(!a.same_match(&c));
    }
}
