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
use rayon::prelude::*;
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
    let mut runs = Vec::new();
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some((name, nodes, bits)) = parse_session_name(&file) else {
            panic!("{file}: not NAME.nNODES.uBITS.in");
        };
        for (build, sd) in [("mm48", false), ("mm48sd", true)] {
            if let Ok(want) = std::fs::read(golden.join(format!("{name}.{build}.out"))) {
                runs.push((
                    path.clone(),
                    format!("{name}.{build}"),
                    sd,
                    nodes,
                    bits,
                    want,
                ));
            }
        }
    }
    let compared = runs.len();
    // each run is a fresh process of the C: independent, run two at a time (rayon)
    let failed: Vec<String> = runs
        .par_iter()
        .filter_map(|(path, name, sd, nodes, bits, want)| {
            let input = std::fs::read(path).expect("session");
            let got = transcript(*sd, *bits, *nodes, &input);
            (got != *want).then(|| {
                let at = got.iter().zip(want).take_while(|(a, b)| a == b).count();
                let line = want[..at].iter().filter(|&&c| c == b'\n').count() + 1;
                format!(
                    "{name}: differs at byte {at} (line {line}): got {:?}, want {:?}",
                    String::from_utf8_lossy(&got[at..(at + 60).min(got.len())]),
                    String::from_utf8_lossy(&want[at..(at + 60).min(want.len())]),
                )
            })
        })
        .collect();
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

/// (depth, nodes, score, move) of each Kibitz line.
fn lines(t: &Think48) -> Vec<(i32, i64, i32, &str)> {
    t.iterations
        .iter()
        .map(|it| (it.depth, it.nodes, it.score, it.mv.as_str()))
        .collect()
}

#[test]
fn initial_think_is_the_cs() {
    // The C's Kibitz lines for an empty line at the start, node limit 20000, 2^16 entries.
    let mut e = Mm48::new(false, 16);
    let t = e.think_nodes(20_000);
    let first = [
        (0, 1, 0, "a8a8"),
        (1, 2, 0, "a8a8"),
        (2, 13, 15, "c2c4"),
        (3, 224, 0, "c2c4"),
        (4, 864, 15, "d2d4"),
    ];
    assert_eq!(lines(&t)[..5], first);
    assert_eq!(
        lines(&t)[5..],
        [(5, 11312, 0, "d2d4"), (6, 48005, 15, "d2d4")]
    );
    assert_eq!(t.mv.as_deref(), Some("d2d4"));
    assert!(t.nodes > 48005, "the final depth-3 search counts too");
    assert_eq!(e.side_to_move(), 16);
    assert_eq!(e.piece_at(0x43), 8 + 1 + 32); // a white pawn that has moved
    assert_eq!(e.piece_at(0x63), 0);
    let mut sd = Mm48::new(true, 16);
    let t = sd.think_nodes(20_000);
    assert_eq!(lines(&t)[..5], first);
    assert_eq!(
        lines(&t)[5..],
        [(5, 11409, 0, "d2d4"), (6, 48321, 15, "d2d4")]
    );
    // The published table (2^24) at 100000 nodes: the last line's count, from the C.
    for (sd, nodes) in [(false, 375_201), (true, 413_191)] {
        let mut e = Mm48::new(sd, DEFAULT_HASH_BITS);
        let t = e.think_nodes(100_000);
        assert_eq!(
            t.iterations.last().map(|it| it.nodes),
            Some(nodes),
            "sd {sd}"
        );
    }
}

#[test]
fn typed_moves_are_checked_and_played() {
    let mut e = Mm48::new(false, 12);
    assert!(!e.enter_move("e2e5"));
    assert!(!e.enter_move(""));
    assert!(!e.enter_move("e7e5"), "not black's turn");
    assert_eq!(e.side_to_move(), 8);
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        assert!(e.enter_move(mv), "{mv}");
    }
    assert_eq!(e.side_to_move(), 8);
    assert_eq!(e.piece_at(0x47), 16 + 7 + 32); // the black queen on h4
    let t = e.think_nodes(5_000);
    assert_eq!(t.mv, None, "mated: no move played");
    assert_eq!(e.side_to_move(), 8);
    assert!(
        !e.enter_move("a2a3"),
        "mated: every move leaves the king en prise"
    );
    e.reset();
    assert_eq!(e.side_to_move(), 8);
    assert_eq!(e.piece_at(0x74), 8 + 4);
    assert!(e.enter_move("e2e4"));
    // reset is a fresh process: same think, same nodes (the hash table was cleared)
    let after = e.think_nodes(5_000);
    let mut fresh = Mm48::new(false, 12);
    assert!(fresh.enter_move("e2e4"));
    assert_eq!(after, fresh.think_nodes(5_000));
    assert_eq!(e.board(), fresh.board());
}

/// A self-play game through [`Mm48::think`] equals the console's transcript of as many empty
/// lines, and every move it reports is on the board.
#[test]
fn think_is_the_consoles_empty_line() {
    for sd in [false, true] {
        let mut e = Mm48::new(sd, 14);
        let mut want = Vec::new();
        let mut board = Vec::new();
        e.print_board(&mut board);
        want.extend_from_slice(&board);
        let mut plies = 0;
        for _ in 0..160 {
            let side = e.side_to_move();
            let t = e.think_nodes(3_000);
            for it in &t.iterations {
                want.extend_from_slice(it.kibitz_line().as_bytes());
            }
            board.clear();
            e.print_board(&mut board);
            want.extend_from_slice(&board);
            if let Some(mv) = &t.mv {
                plies += 1;
                let b = mv.as_bytes();
                let to = (b'8' - b[3]) * 16 + (b[2] - b'a');
                let piece = e.piece_at(to);
                assert_eq!(piece as i32 & 24, side, "{mv}");
                assert_eq!(
                    b.len() == 5,
                    piece & 7 == 7 && piece < 0,
                    "{mv}: promotions"
                );
            } else {
                assert_eq!(e.side_to_move(), side);
            }
        }
        assert!(plies > 20);
        let got = transcript(sd, 14, 3_000, &[b'\n'; 160]);
        assert!(got == want, "sd {sd}");
    }
}

/// A reset clears only the entries written since the table was last empty (or all of it when
/// the list overflowed): the table is then all zero, as a fresh process's, and the next think
/// searches the same tree as a fresh engine's.
#[test]
fn a_reset_empties_the_table_as_a_fresh_process_has_it() {
    // 16 bits: the list of written entries suffices; 8 bits: it overflows, the clear is whole
    for (bits, thinks) in [(16, 0), (16, 1), (16, 4), (8, 3)] {
        let mut e = Mm48::new(false, bits);
        assert!(e.enter_move("e2e4"));
        for _ in 0..thinks {
            e.think_nodes(3000);
        }
        if thinks > 0 {
            assert!((0..e.table_size()).any(|i| e.entry(i) != Entry48::default()));
        }
        e.reset();
        for i in 0..e.table_size() {
            assert_eq!(
                e.entry(i),
                Entry48::default(),
                "entry {i} after {thinks} thinks"
            );
        }
        let mut fresh = Mm48::new(false, bits);
        let (a, b) = (e.think_nodes(20_000), fresh.think_nodes(20_000));
        assert_eq!((a.nodes, &a.mv), (b.nodes, &b.mv));
    }
}
