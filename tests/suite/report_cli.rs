//! `umax report` end to end: merging shards, refusing bad input with the file names, a
//! byte-exact `summary.csv`, and the SVG plots.

use crate::common::deadline::{Deadline, Kind};
use crate::report_rows;

use report_rows::{match_rows, row, scratch_dir, write_csv};
use std::path::Path;
use std::process::{Command, Output};

fn umax_report(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_umax"));
    cmd.arg("report");
    for a in args {
        cmd.arg(a);
    }
    cmd.output_within("umax report", Kind::Quick.limit())
}

fn ok(out: &Output) -> String {
    crate::common::succeeded(out, "umax report")
}

fn fails_with(out: &Output, needles: &[&str]) {
    crate::common::failed_with(out, "umax report", needles);
}

/// The committed fixture and its committed summary: `umax report` must reproduce it byte for
/// byte (fixed 6-decimal floats, no timestamps). If the format changes on purpose, regenerate
/// with `umax report tests/data/report/games.csv --no-plots`.
#[test]
fn reproduces_the_committed_summary_byte_exactly() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/report");
    let dir = scratch_dir("report-golden");
    let csv = dir.join("games.csv");
    std::fs::copy(fixture.join("games.csv"), &csv).unwrap();
    let text = ok(&umax_report(&[&csv, &"--no-plots"]));
    assert!(text.starts_with("Settings: "), "{text}");
    let expected = std::fs::read(fixture.join("summary.csv")).unwrap();
    let got = std::fs::read(dir.join("summary.csv")).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&got),
        String::from_utf8_lossy(&expected)
    );
    assert_eq!(got, expected);
    // And again: the same bytes.
    ok(&umax_report(&[&csv, &"--no-plots"]));
    assert_eq!(std::fs::read(dir.join("summary.csv")).unwrap(), expected);
    assert!(!dir.join("score.svg").exists(), "--no-plots drew plots");
}

#[test]
fn shards_merge_to_the_same_summary_as_one_file() {
    let dir = scratch_dir("report-shards");
    let mut rows = match_rows();
    rows.sort_by_key(|r| r.game);
    write_csv(&dir.join("all.csv"), &rows);
    let (a, b) = rows.split_at(4);
    write_csv(&dir.join("shard1.csv"), a);
    write_csv(&dir.join("shard2.csv"), b);
    std::fs::create_dir_all(dir.join("one")).unwrap();
    std::fs::create_dir_all(dir.join("two")).unwrap();
    let one = ok(&umax_report(&[
        &dir.join("all.csv"),
        &"--out",
        &dir.join("one"),
        &"--no-plots",
    ]));
    // Shards given in reverse order.
    let two = ok(&umax_report(&[
        &dir.join("shard2.csv"),
        &dir.join("shard1.csv"),
        &"--out",
        &dir.join("two"),
        &"--no-plots",
    ]));
    assert_eq!(one, two);
    assert!(
        one.contains("Score of sd vs old: 4 - 2 - 3  [0.611] 9"),
        "{one}"
    );
    let s1 = std::fs::read(dir.join("one/summary.csv")).unwrap();
    let s2 = std::fs::read(dir.join("two/summary.csv")).unwrap();
    assert_eq!(s1, s2);
    assert!(!dir.join("summary.csv").exists(), "--out ignored");
}

#[test]
fn duplicate_games_across_shards_are_refused_naming_the_files() {
    let dir = scratch_dir("report-duplicates");
    let rows = match_rows();
    write_csv(&dir.join("a.csv"), &rows);
    write_csv(&dir.join("b.csv"), &[row(5, 1.0, "checkmate", "e2e4")]);
    let out = umax_report(&[&dir.join("a.csv"), &dir.join("b.csv")]);
    fails_with(&out, &["game 5 appears in both", "a.csv", "b.csv"]);
    assert!(!dir.join("summary.csv").exists());
}

#[test]
fn mixed_settings_are_refused_naming_the_files() {
    let dir = scratch_dir("report-mixed");
    write_csv(&dir.join("a.csv"), &match_rows());
    let mut other = row(10, 0.0, "checkmate", "e2e4");
    other.settings = "nodes=40000".into();
    write_csv(&dir.join("b.csv"), &[other]);
    let out = umax_report(&[&dir.join("a.csv"), &dir.join("b.csv")]);
    fails_with(
        &out,
        &[
            "mixed settings",
            "a.csv",
            "b.csv",
            "nodes=40000",
            "nodes=20000",
        ],
    );
}

#[test]
fn writes_valid_svg_plots_next_to_the_csv() {
    let dir = scratch_dir("report-plots");
    // A longer match so the running plots have something to draw.
    let rows: Vec<_> = (1..=60)
        .map(|g| {
            let score = [1.0, 0.5, 0.0, 1.0, 0.5][(g % 5) as usize];
            row(g, score, "checkmate", &format!("e2e4 m{g}"))
        })
        .collect();
    write_csv(&dir.join("games.csv"), &rows);
    let out = umax_report(&[&dir.join("games.csv"), &"--sprt", &"0,20,0.05,0.05"]);
    let text = ok(&out);
    assert!(text.contains("SPRT: llr "), "{text}");
    assert!(text.contains(" on pairs: continue"), "{text}");
    for name in ["score.svg", "running_score.svg", "ratios.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        let trimmed = svg.trim();
        assert!(
            trimmed.starts_with("<svg"),
            "{name}: {}",
            &svg[..svg.len().min(80)]
        );
        assert!(trimmed.ends_with("</svg>"), "{name}");
        assert!(svg.contains("<text"), "{name} has no text");
        assert!(
            svg.contains("<polyline") || svg.contains("<path"),
            "{name} draws nothing"
        );
        // Every opened element is closed: a rough well-formedness check.
        let opens = svg.matches('<').count();
        let closes = svg.matches('>').count();
        assert_eq!(opens, closes, "{name}");
    }
    let score = std::fs::read_to_string(dir.join("score.svg")).unwrap();
    assert!(score.contains("Muller 2006: 57.5%"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ratios.svg"));
}

#[test]
fn bad_input_fails_cleanly() {
    let dir = scratch_dir("report-bad");
    let out = umax_report(&[&dir.join("missing.csv")]);
    fails_with(&out, &["cannot read", "missing.csv"]);
    std::fs::write(dir.join("garbage.csv"), "game,pair\n1,x\n").unwrap();
    let out = umax_report(&[&dir.join("garbage.csv")]);
    fails_with(&out, &["garbage.csv"]);
    let out = umax_report(&[&dir.join("missing.csv"), &"--sprt", &"1,0,0.05,0.05"]);
    fails_with(&out, &["elo0 must be below elo1"]);
    // rows that contradict themselves: each one edit of the committed fixture's row 4
    let fixture = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/report/games.csv"),
    )
    .unwrap();
    let row4 = fixture.lines().find(|l| l.starts_with("4,2,")).unwrap();
    let cases: [(&str, String, &str); 5] = [
        (
            "result",
            row4.replacen(",1-0,0.0,", ",0-1,0.0,", 1),
            "is a score of 1, not sd_score 0",
        ),
        (
            "pair",
            row4.replacen("4,2,", "4,5,", 1),
            "pair 5 is not the game's pair (2",
        ),
        ("game", row4.replacen("4,2,", "0,2,", 1), "game 0: pair 2"),
        (
            "cpu",
            row4.replacen(",11.466967389,", ",-1,", 1),
            "a cpu time of -1 seconds",
        ),
        (
            "termination",
            row4.replacen(",checkmate,", ",resigned,", 1),
            "termination 'resigned' is none of the match runner's (checkmate, stalemate",
        ),
    ];
    // --out into another run's directory: its summary and plots stay its own
    let other = dir.join("other-run");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("games.csv"), &fixture).unwrap();
    std::fs::write(other.join("summary.csv"), "theirs").unwrap();
    let mine = dir.join("mine.csv");
    std::fs::write(&mine, &fixture).unwrap();
    let out = umax_report(&[&mine, &"--out", &other]);
    fails_with(&out, &["holds another run's games.csv"]);
    assert_eq!(
        std::fs::read_to_string(other.join("summary.csv")).unwrap(),
        "theirs"
    );
    // its own directory (the default) and its own games.csv named as --out are fine
    let own = umax_report(&[&other.join("games.csv"), &"--out", &other]);
    assert!(
        own.status.success(),
        "{}",
        String::from_utf8_lossy(&own.stderr)
    );
    for (name, edited, message) in cases {
        assert_ne!(edited, row4, "{name}");
        let path = dir.join(format!("{name}.csv"));
        std::fs::write(&path, fixture.replace(row4, &edited)).unwrap();
        let out = umax_report(&[&path, &"--out", &dir.join(name)]);
        fails_with(&out, &[message]);
    }
}

/// Shard `k`/`n` of a handmade 12-game match: the rows of its pairs, in `dir/s{k}/games.csv`,
/// with the `command.txt` the runner writes beside it; `drop` games are left out (a shard that
/// died).
fn write_shard(dir: &Path, k: u64, n: u64, drop: &[u64]) -> std::path::PathBuf {
    let shard_dir = dir.join(format!("s{k}"));
    std::fs::create_dir_all(&shard_dir).unwrap();
    let rows: Vec<_> = (1..=12u64)
        .filter(|g| (g.div_ceil(2) - 1) % n == k - 1 && !drop.contains(g))
        .map(|g| {
            let mut r = row(g, [1.0, 0.5, 0.0][(g % 3) as usize], "checkmate", "e2e4");
            r.settings = "nodes=20000;max_plies=300;games=12;protocol=2".into();
            r
        })
        .collect();
    write_csv(&shard_dir.join("games.csv"), &rows);
    std::fs::write(
        shard_dir.join("command.txt"),
        format!("command: umax match --games 12 --shard {k}/{n}\nshard: {k}/{n}\n"),
    )
    .unwrap();
    shard_dir.join("games.csv")
}

#[test]
fn a_merge_of_complete_shards_is_accepted() {
    let dir = scratch_dir("report-complete-shards");
    let shards: Vec<_> = (1..=3).map(|k| write_shard(&dir, k, 3, &[])).collect();
    let text = ok(&umax_report(&[
        &shards[2],
        &shards[0],
        &shards[1],
        &"--out",
        &dir.join("merged"),
        &"--no-plots",
    ]));
    assert!(text.contains("] 12\n"), "{text}");
}

#[test]
fn a_merge_with_an_incomplete_shard_is_refused_naming_it() {
    let dir = scratch_dir("report-incomplete-shard");
    // Shard 2/3 plays pairs 2 and 5 (games 3, 4, 9, 10); it died after game 4.
    let s1 = write_shard(&dir, 1, 3, &[]);
    let s2 = write_shard(&dir, 2, 3, &[9, 10]);
    let s3 = write_shard(&dir, 3, 3, &[]);
    let out = umax_report(&[&s1, &s2, &s3, &"--no-plots"]);
    fails_with(
        &out,
        &[
            "incomplete merge",
            "12 games",
            "s2/games.csv (shard 2/3) lacks 2 of its 4 games: 9-10",
            "--resume",
            "--allow-partial",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("s1/") && !err.contains("s3/"), "{err}");
    assert!(!dir.join("s1/summary.csv").exists());

    // A shard not given at all: its games are named.
    let out = umax_report(&[&s1, &s3, &"--no-plots"]);
    fails_with(&out, &["games 3-4, 9-10 are in no given file"]);

    // Without command.txt the missing games are still named.
    std::fs::remove_file(dir.join("s2/command.txt")).unwrap();
    let out = umax_report(&[&s1, &s2, &s3, &"--no-plots"]);
    fails_with(&out, &["games 9-10 are in no given file"]);

    // --allow-partial: the games there are.
    let text = ok(&umax_report(&[
        &s1,
        &s2,
        &s3,
        &"--no-plots",
        &"--allow-partial",
    ]));
    assert!(text.contains("] 10\n"), "{text}");
}

#[test]
fn a_single_partial_file_is_still_reported() {
    let dir = scratch_dir("report-single-partial");
    // One shard alone (a run in progress, or one shard looked at): not a merge, no check.
    let s2 = write_shard(&dir, 2, 3, &[9, 10]);
    let text = ok(&umax_report(&[&s2, &"--no-plots"]));
    assert!(text.contains("] 2\n"), "{text}");
    // A committed run's games.csv alone (results/tc-60, grown row by row while it ran, now its
    // 100 games): reported with exactly its row count.
    let tc60 = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/tc-60/games.csv");
    let rows = std::fs::read_to_string(&tc60)
        .unwrap()
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .count();
    assert!(rows > 0, "results/tc-60 has no games");
    let text = ok(&umax_report(&[&tc60, &"--no-plots", &"--out", &dir]));
    assert!(text.contains(&format!("] {rows}\n")), "{text}");
}
