//! The port against the C's own output.
//!
//! - Golden transcripts: every `tests/sessions48/NAME.nNODES.uBITS.in` run through
//!   [`Mm48::console`] (trace on, node limit NODES, 2^BITS hash entries) must give
//!   `tests/golden48/NAME.mm48.out` and `NAME.mm48sd.out` byte for byte, where those exist
//!   (recorded from the listing with its Kibitz line enabled). The same check runs on another
//!   directory of that layout named by `MM48_COMPARE_DIR` (transcripts recorded on the side).
//! - Pinned numbers from the C (the initial position's think), so that the port is checked
//!   even without the transcripts.

use super::*;
use std::path::{Path, PathBuf};

/// `NAME.nNODES.uBITS.in` -> (NAME, NODES, BITS). NODES may be written `1e6`.
fn parse_session_name(file: &str) -> Option<(String, i64, u32)> {
    let stem = file.strip_suffix(".in")?;
    let mut parts = stem.rsplitn(3, '.');
    let bits = parts.next()?.strip_prefix('u')?.parse().ok()?;
    let nodes = parts.next()?.strip_prefix('n')?;
    let nodes = if let Some((m, e)) = nodes.split_once('e') {
        m.parse::<i64>().ok()? * 10i64.pow(e.parse().ok()?)
    } else {
        nodes.parse().ok()?
    };
    Some((parts.next()?.to_string(), nodes, bits))
}

/// The console's transcript of `input`.
fn transcript(sd: bool, bits: u32, nodes: i64, input: &[u8]) -> Vec<u8> {
    let mut e = Mm48::new(sd, bits);
    let mut out = Vec::new();
    e.console(&mut &input[..], &mut out, nodes, true)
        .expect("in-memory io");
    out
}

/// Runs every session of `root/sessions48` that has a golden in `root/golden48`; panics with
/// the first difference of each failing one. Returns how many transcripts were compared.
fn check_transcripts(root: &Path) -> usize {
    let sessions = root.join("sessions48");
    let golden = root.join("golden48");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&sessions)
        .unwrap_or_else(|e| panic!("{}: {e}", sessions.display()))
        .map(|f| f.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    files.sort();
    let mut compared = 0;
    let mut failed = Vec::new();
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some((name, nodes, bits)) = parse_session_name(&file) else {
            panic!("{file}: not NAME.nNODES.uBITS.in");
        };
        let input = std::fs::read(&path).expect("session");
        for (build, sd) in [("mm48", false), ("mm48sd", true)] {
            let Ok(want) = std::fs::read(golden.join(format!("{name}.{build}.out"))) else {
                continue;
            };
            let got = transcript(sd, bits, nodes, &input);
            compared += 1;
            if got != want {
                let at = got.iter().zip(&want).take_while(|(a, b)| a == b).count();
                let line = want[..at].iter().filter(|&&c| c == b'\n').count() + 1;
                failed.push(format!(
                    "{name}.{build}: differs at byte {at} (line {line}): got {:?}, want {:?}",
                    String::from_utf8_lossy(&got[at..(at + 60).min(got.len())]),
                    String::from_utf8_lossy(&want[at..(at + 60).min(want.len())]),
                ));
            }
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {compared} differ:\n{}",
        failed.len(),
        failed.join("\n")
    );
    compared
}

// The golden transcripts of tests/golden48 are checked through `umax play` by the suite
// (tests/suite/mm48.rs); this walk serves transcripts recorded on the side.

/// Transcripts recorded on the side: `MM48_COMPARE_DIR=/some/dir cargo test --release --lib
/// mm48`, with `/some/dir/sessions48/*.in` and `/some/dir/golden48/*.out`.
#[test]
fn transcripts_in_compare_dir() {
    if let Ok(dir) = std::env::var("MM48_COMPARE_DIR") {
        let n = check_transcripts(Path::new(&dir));
        eprintln!("{n} transcripts identical");
        assert!(n > 0);
    }
}

#[test]
fn session_names_parse() {
    assert_eq!(
        parse_session_name("opening.n20000.u16.in"),
        Some(("opening".into(), 20000, 16))
    );
    assert_eq!(
        parse_session_name("default.n1e6.u24.in"),
        Some(("default".into(), 1_000_000, 24))
    );
    assert_eq!(parse_session_name("x.u16.in"), None);
}
