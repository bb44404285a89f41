//! Small text helpers shared by the commands: echoing bytes from input files safely, counts in
//! the C's own notation (`1e7`), the UTF-8 byte-order mark, and floats with a fixed number of
//! decimals ([`fixed`], [`fixed6`]: the reports' and `summary.csv`'s numbers).

pub use micromax::text::{echo, fill_buf, parse_count};

/// The UTF-8 byte-order mark some editors put at the start of a text file.
pub const UTF8_BOM: &str = "\u{feff}";

/// `text` without a leading UTF-8 byte-order mark.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(UTF8_BOM).unwrap_or(text)
}

/// `bytes` without a leading UTF-8 byte-order mark.
pub fn strip_bom_bytes(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(UTF8_BOM.as_bytes()).unwrap_or(bytes)
}

/// One word of a command line as it could be pasted into a shell.
pub fn shell_quote(a: &str) -> String {
    if !a.is_empty()
        && a.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        a.to_string()
    } else {
        format!("'{}'", a.replace('\'', "'\\''"))
    }
}

/// Text from an input (a file, a command line) made safe to print: control characters (other
/// than line breaks and tabs) and invisible marks are written as Rust escapes (`\u{1b}`), so no
/// terminal control sequence from a file reaches the screen.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        if (c.is_control() && c != '\n' && c != '\t') || c == '\u{feff}' {
            s.extend(c.escape_default());
        } else {
            s.push(c);
        }
    }
    s
}

/// A number for a message: as written for ordinary sizes, in exponent form (`1e99`) when huge
/// or tiny, so a refusal never prints a hundred digits.
pub fn number(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-6..1e9).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// A count with thousands separators: `9,000,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A UTC date and time (no time-zone crate needed for names and tags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Utc {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
}

impl Utc {
    /// From seconds since 1970-01-01 (Howard Hinnant's civil-from-days).
    pub fn from_unix(secs: i64) -> Utc {
        let days = secs.div_euclid(86_400);
        let rem = secs.rem_euclid(86_400);
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + (month <= 2) as i64;
        Utc {
            year,
            month,
            day,
            hour: (rem / 3600) as u32,
            minute: (rem / 60 % 60) as u32,
            second: (rem % 60) as u32,
        }
    }

    /// `2026.11.21` (PGN `Date`).
    pub fn pgn_date(&self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }

    /// `20261121-203645` (directory names).
    pub fn compact(&self) -> String {
        format!(
            "{:04}{:02}{:02}-{:02}{:02}{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }

    /// `2026-11-21T20:36:45Z`.
    pub fn iso(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

pub fn utc_now() -> Utc {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    Utc::from_unix(secs)
}

/// What the text summary and the plots print for an estimate that cannot be made.
pub const UNDEFINED: &str = "—";

/// A float with `decimals` decimals, no negative zero; [`UNDEFINED`] for a value that is not
/// finite.
pub fn fixed(x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return UNDEFINED.into();
    }
    let s = format!("{x:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|c| c == b'0' || c == b'.') => rest.to_string(),
        _ => s,
    }
}

/// [`fixed`] of an estimate; [`UNDEFINED`] when there is none.
pub fn fixed_opt(x: Option<f64>, decimals: usize) -> String {
    x.map_or_else(|| UNDEFINED.into(), |x| fixed(x, decimals))
}

/// A `summary.csv` float: exactly 6 decimals, never `-0.000000`; an empty field for a value
/// that is not finite (which [`crate::match_summary::Summary`] never holds).
pub fn fixed6(x: f64) -> String {
    if x.is_finite() {
        fixed(x, 6)
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_plain_and_scientific_notation() {
        assert_eq!(parse_count("100000"), Ok(100_000));
        assert_eq!(parse_count("1e5"), Ok(100_000));
        assert_eq!(parse_count("1E5"), Ok(100_000));
        assert_eq!(parse_count("1e+5"), Ok(100_000));
        assert_eq!(parse_count("2.5e5"), Ok(250_000));
        assert_eq!(parse_count("1e7"), Ok(10_000_000));
        assert_eq!(parse_count(".5e1"), Ok(5));
        assert_eq!(parse_count("2.50e1"), Ok(25));
        assert_eq!(parse_count("250e-1"), Ok(25));
        assert_eq!(parse_count("0"), Ok(0));
        assert_eq!(parse_count("0e0"), Ok(0));
        assert_eq!(parse_count("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_count(" 7 "), Ok(7));
    }

    #[test]
    fn counts_that_are_not_whole_numbers_are_refused() {
        for (text, reason) in [
            ("2.5e0", "is not a whole number"),
            ("2.5", "is not a whole number"),
            ("1e-1", "is not a whole number"),
            ("1e-99999999", "is not a whole number"),
            ("-5", "is negative"),
            ("18446744073709551616", "is too large"),
            ("2e19", "is too large"),
            ("1e99999999999", "is too large"),
            ("1e", "is not a number"),
            ("abc", "is not a number"),
            ("1e5x", "is not a number"),
            ("", "expected a whole number"),
            (".", "is not a number"),
            ("0x10", "is not a number"),
        ] {
            let err = parse_count(text).unwrap_err();
            assert!(err.contains(reason), "{text:?}: {err}");
        }
    }

    #[test]
    fn escape_keeps_line_breaks_and_escapes_the_rest() {
        assert_eq!(escape("a\x1b[31mb\n"), "a\\u{1b}[31mb\n");
        assert_eq!(escape("\u{feff}e2e4\r"), "\\u{feff}e2e4\\r");
        assert_eq!(echo("x\ny"), "x\\ny");
        assert_eq!(echo(&"a".repeat(70)), format!("{}...", "a".repeat(60)));
    }

    #[test]
    fn bom_is_stripped_once() {
        assert_eq!(strip_bom("\u{feff}e2e4"), "e2e4");
        assert_eq!(strip_bom("e2e4"), "e2e4");
        assert_eq!(strip_bom_bytes(b"\xef\xbb\xbfx"), b"x");
    }
}
