//! `umax bench`: the signature line of each build is pinned, and the C original reaches the
//! same node totals on the same positions (one think each at the same limit; its counts as
//! recorded in `tests/golden/bench-c.tsv`, and the live C in the deeper run).

use crate::common;
use common::deadline::{Deadline, Kind};

use std::process::Command;
use umax::bench::{BUILTIN, builtin_suite};

/// The functional signature of every build at the default limit (100000 nodes, published
/// table size). A change to the search that changes a single node changes these; a build
/// added to the catalogue must add its line (the test checks every build has one).
const SIGNATURES: &[(&str, &str)] = &[
    ("old", "bench: 4503343"),
    ("sd", "bench: 4377723"),
    ("sdnr", "bench: 4385395"),
    ("noiid", "bench: 5926016"),
    ("iidr2", "bench: 5246826"),
    ("iidcut", "bench: 5618317"),
    ("sdp", "bench: 4396755"),
    ("iidpv", "bench: 5903683"),
    ("iidreset", "bench: 4502312"),
    ("mm48", "bench: 3657883"),
    ("mm48sd", "bench: 3647588"),
    ("first-legal", "bench: 0"),
];

/// `umax bench ARGS`, run once per ARGS in a test process (the signature test and the C
/// comparison read the same output).
pub(crate) fn bench(args: &[&str]) -> String {
    static CACHE: common::Memo<Vec<String>, String> = common::Memo::new();
    CACHE.get(args.iter().map(|a| a.to_string()).collect(), || {
        bench_once(args)
    })
}

fn bench_once(args: &[&str]) -> String {
    let out = Command::new(common::umax_bin())
        .arg("bench")
        .args(args)
        .output_within("umax bench", Kind::Search.limit());
    crate::common::succeeded(&out, "umax");
    String::from_utf8(out.stdout).unwrap()
}

fn per_position_nodes(text: &str) -> Vec<i64> {
    text.lines()
        .filter(|l| l.starts_with("Position"))
        .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn signatures_are_pinned() {
    let default = bench(&[]);
    assert!(default.contains("Nodes/second"));
    let pinned: Vec<&str> = SIGNATURES.iter().map(|(b, _)| *b).collect();
    let catalogue: Vec<&str> = micromax::builds::ALL.iter().map(|b| b.name()).collect();
    assert_eq!(pinned, catalogue, "every build has its pinned signature");
    let default_build = micromax::builds::ALL[0].name();
    for (b, signature) in SIGNATURES {
        let out = bench(&["--build", b]);
        assert_eq!(out.lines().last(), Some(*signature), "{b}: {out}");
        if *b == default_build {
            let per_position = |t: &str| per_position_nodes(t);
            assert_eq!(
                per_position(&default),
                per_position(&out),
                "no --build: {b}"
            );
            assert_eq!(default.lines().last(), Some(*signature));
        }
    }
}

/// The C's node count of one think on each bench position, as `scripts/record-bench-c.sh`
/// recorded it from the instrumented C (`tests/golden/bench-c.tsv`): (build, table bits,
/// position) -> nodes.
fn recorded_c_counts() -> &'static std::collections::HashMap<(String, u32, String), i64> {
    static COUNTS: std::sync::OnceLock<std::collections::HashMap<(String, u32, String), i64>> =
        std::sync::OnceLock::new();
    COUNTS.get_or_init(|| {
        let path = common::root().join("tests/golden/bench-c.tsv");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (record it with scripts/record-bench-c.sh)",
                path.display()
            )
        });
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        assert_eq!(
            lines.next(),
            Some("build\tbits\tposition\tnodes"),
            "{}",
            path.display()
        );
        lines
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                assert_eq!(f.len(), 4, "{}: {l}", path.display());
                let key = (f[0].to_string(), f[1].parse().unwrap(), f[2].to_string());
                (key, f[3].parse().unwrap())
            })
            .collect()
    })
}

/// The bench positions fed to the C as move lines and one empty line: the node count of the
/// think (its last trace line) equals umax's per-position count. All positions at a 2^16 table
/// (the C clears its whole table at every input line: 551 lines at the published 2^24 would
/// clear 110 GB per build), the first position (no move line) also at 2^24, the table size of
/// the pinned signatures. Against the C's counts as `scripts/record-bench-c.sh` recorded them
/// (like the golden transcripts: no compiler needed); the deeper run ([`common::deep`]) also
/// runs the live C and checks it against both, so a recording that no longer matches the C in
/// `original/` is caught.
fn c_agrees(b: common::B) {
    let suite = builtin_suite();
    let recorded = recorded_c_counts();
    for bits in [16u32, 24] {
        // at 24 the signature test's own run (the default size)
        let args: &[&str] = if bits == 24 {
            &["--build", b.name()]
        } else {
            &["--build", b.name(), "--hash-bits", "16"]
        };
        let ours = per_position_nodes(&bench(args));
        assert_eq!(ours.len(), suite.len());
        let live = if common::deep() {
            common::c_bins("100000", bits)
        } else {
            None
        };
        let positions = if bits == 24 { 1 } else { suite.len() };
        for (pos, nodes) in suite.iter().zip(ours).take(positions) {
            let want = *recorded
                .get(&(b.name().to_string(), bits, pos.name.clone()))
                .unwrap_or_else(|| {
                    panic!(
                        "{b} at 2^{bits}: {}: not in tests/golden/bench-c.tsv (record it with scripts/record-bench-c.sh)",
                        pos.name
                    )
                });
            assert_eq!(
                want, nodes,
                "{b} at 2^{bits}: {}: C {want} nodes (recorded), umax {nodes}",
                pos.name
            );
            let Some(bins) = &live else { continue };
            let mut input = Vec::new();
            for m in &pos.moves {
                input.extend_from_slice(m.as_bytes());
                input.push(b'\n');
            }
            input.push(b'\n');
            let out = String::from_utf8(common::run_c(bins.trace(b), &input)).unwrap();
            let last = out
                .lines()
                .rfind(|l| l.contains(" ply, "))
                .expect("a trace line");
            let c_nodes: i64 = last.split_whitespace().nth(2).unwrap().parse().unwrap();
            assert_eq!(
                c_nodes, want,
                "{b} at 2^{bits}: {}: the live C {c_nodes} nodes, recorded {want} (scripts/record-bench-c.sh)",
                pos.name
            );
        }
    }
}

/// Every build with a C twin, the builds in parallel.
#[test]
fn c_reaches_the_same_node_counts_every_twin() {
    std::thread::scope(|sc| {
        for b in common::c_twins() {
            sc.spawn(move || c_agrees(b));
        }
    });
}

/// Depth mode: nodes to complete each root depth equal the cumulative counts the C prints for
/// the same iterations (they do not depend on the limit that stops the think later).
#[test]
fn depth_mode_matches_the_c_trace_and_reports_medians() {
    let dir = std::env::temp_dir().join(format!("umax-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pos = dir.join("pos.txt");
    std::fs::write(&pos, "start\t\nopen\te2e4 e7e5\n").unwrap();
    let csv = dir.join("depth.csv");
    let text = bench(&[
        "--build",
        "both",
        "--depth",
        "4",
        "--hash-bits",
        "16",
        "--positions",
        pos.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(
        text.contains(
            "median sd/old node ratio per depth (2 positions; each depth over those that complete it)"
        ),
        "{text}"
    );
    let table = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows[0], "position,depth,old_nodes,sd_nodes,sd_old_ratio");
    assert_eq!(rows.len(), 1 + 2 * 4);
    std::fs::remove_dir_all(&dir).unwrap();
    let Some(bins) = common::c_bins("100000", 16) else {
        return;
    };
    for (i, input) in [&b"\n"[..], &b"e2e4\ne7e5\n\n"[..]].into_iter().enumerate() {
        let mut per_build = Vec::new();
        for b in [common::B::Old, common::B::Sd] {
            let out = String::from_utf8(common::run_c(bins.trace(b), input)).unwrap();
            let nodes: Vec<String> = out
                .lines()
                .filter(|l| l.contains(" ply, "))
                .skip(1) // ply 0
                .take(4)
                .map(|l| l.split_whitespace().nth(2).unwrap().to_string())
                .collect();
            per_build.push(nodes);
        }
        for d in 0..4 {
            let expected = format!("{},{}", per_build[0][d], per_build[1][d]);
            let row = rows[1 + 4 * i + d];
            assert!(
                row.contains(&format!(",{},{expected},", d + 1)),
                "{row} vs C {expected}"
            );
        }
    }
}

#[test]
fn bad_positions_file_is_a_clear_error() {
    let dir = std::env::temp_dir().join(format!("umax-bench-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pos = dir.join("bad.txt");
    std::fs::write(&pos, "e2e4 e7e5\ne2e4 e7e5 e1e3\n").unwrap();
    let out = Command::new(common::umax_bin())
        .args(["bench", "--positions", pos.to_str().unwrap()])
        .output_within("umax bench --positions", Kind::Quick.limit());
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.txt:2:") && err.contains("e1e3"), "{err}");
    let missing = Command::new(common::umax_bin())
        .args(["bench", "--positions", "/nonexistent/x.txt"])
        .output_within("umax bench --positions", Kind::Quick.limit());
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
    std::fs::remove_dir_all(&dir).unwrap();
    let _ = BUILTIN;
}
