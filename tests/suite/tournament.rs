//! `umax tournament`: every pairing a match directory (the rows `umax match` plays), pairings
//! interleaved, resume after a real SIGINT, shards merged, bad input refused.

use crate::match_common;
use match_common::*;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// 4,000 nodes a move: every pairing's games differ and end in wins and draws (at 20,000 the
/// same checks cost three times the CPU).
const SMALL: &[&str] = &[
    "--nodes",
    "4000",
    "--games-per-pair",
    "4",
    "--hash-bits",
    "16",
    "--no-progress",
];
const PAIRINGS: [&str; 3] = ["old-sd", "old-sdnr", "sd-sdnr"];

fn tournament(args: &[&str]) -> Output {
    umax()
        .arg("tournament")
        .args(args)
        .stdin(Stdio::null())
        .output_within("umax tournament", Kind::Games.limit())
}

fn ok(args: &[&str]) -> String {
    let out = tournament(args);
    assert!(
        out.status.success(),
        "umax tournament {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn refused(args: &[&str]) -> String {
    let out = tournament(args);
    assert!(
        !out.status.success(),
        "umax tournament {args:?} should fail"
    );
    String::from_utf8(out.stderr).unwrap()
}

fn with(extra: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = vec!["--builds".into(), "old,sd,sdnr".into()];
    v.extend(SMALL.iter().map(|s| s.to_string()));
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The uninterrupted tournament (computed once).
fn baseline() -> &'static PathBuf {
    static B: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    B.get_or_init(|| {
        let dir = scratch("tournament_baseline").join("t");
        let text = ok(&strs(&with(&["--out", p(&dir)])));
        assert!(text.contains("Bradley-Terry"), "{text}");
        dir
    })
}

#[test]
fn every_pairing_is_the_match_umax_match_plays() {
    let dir = baseline();
    for name in PAIRINGS {
        let t = rows(&dir.join(name));
        assert_eq!(t.len(), 4, "{name}");
        // the same pairing played by `umax match`
        let m = scratch(&format!("tournament_vs_match_{name}")).join("m");
        let builds = name.replace('-', ",");
        run_ok(&[
            "--builds",
            &builds,
            "--games",
            "4",
            "--nodes",
            "4000",
            "--hash-bits",
            "16",
            "--no-progress",
            "--out",
            p(&m),
        ]);
        assert_eq!(timeless(t), timeless(rows(&m)), "{name}");
        assert!(dir.join(name).join("summary.csv").is_file());
    }
    for f in [
        "ratings.csv",
        "crosstable.csv",
        "ratings.txt",
        "ratings.svg",
        "tournament.txt",
    ] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    let ratings = std::fs::read_to_string(dir.join("ratings.csv")).unwrap();
    assert_eq!(ratings.lines().count(), 4, "{ratings}");
    assert!(
        !ratings.contains("NaN") && !ratings.contains("inf"),
        "{ratings}"
    );
    // the rating step alone reproduces the files
    let before = std::fs::read(dir.join("ratings.csv")).unwrap();
    let copy = scratch("tournament_rerate").join("t");
    std::fs::create_dir_all(&copy).unwrap();
    for name in PAIRINGS {
        std::fs::create_dir_all(copy.join(name)).unwrap();
        std::fs::copy(
            dir.join(name).join("games.csv"),
            copy.join(name).join("games.csv"),
        )
        .unwrap();
    }
    umax::ratings::write_ratings(&copy, umax::ratings::DEFAULT_RESAMPLES).unwrap();
    let strip_time = |b: Vec<u8>| -> Vec<String> {
        // the time ratio column depends on CPU times, which differ between runs only there
        let text = String::from_utf8(b).unwrap();
        let time = text
            .lines()
            .next()
            .unwrap()
            .split(',')
            .position(|c| c == "time_vs_anchor")
            .unwrap();
        text.lines()
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                [&f[..time], &f[time + 1..]].concat().join(",")
            })
            .collect()
    };
    assert_eq!(
        strip_time(before),
        strip_time(std::fs::read(copy.join("ratings.csv")).unwrap())
    );
}

#[test]
fn pairings_are_interleaved_and_a_stopped_tournament_resumes_to_the_same_rows() {
    let base = baseline();
    let dir = scratch("tournament_interrupted").join("t");
    let args = with(&["--concurrency", "1", "--out", p(&dir)]);
    let child = umax()
        .arg("tournament")
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn_within("umax tournament (to be interrupted)", Kind::Games.limit());
    let count = |name: &str| {
        std::fs::read_to_string(dir.join(name).join("games.csv"))
            .map_or(0, |s| s.lines().count().saturating_sub(1))
    };
    let t0 = std::time::Instant::now();
    loop {
        let total: usize = PAIRINGS.iter().map(|n| count(n)).sum();
        if total >= 4 || t0.elapsed().as_secs() > 60 || child.has_ended() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    child.signal(libc::SIGINT);
    child.wait();
    let counts: Vec<usize> = PAIRINGS.iter().map(|n| count(n)).collect();
    let (lo, hi) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
    // one thread plays a pair (two games) of each pairing in turn
    assert!(hi - lo <= 2, "interleaved: {counts:?}");
    let mut resume = args.clone();
    resume.push("--resume".into());
    ok(&strs(&resume));
    for name in PAIRINGS {
        assert_eq!(
            timeless(rows(&dir.join(name))),
            timeless(rows(&base.join(name))),
            "{name}"
        );
    }
}

#[test]
fn shards_merge_to_the_single_run() {
    let base = baseline();
    let root = scratch("tournament_shards");
    let mut shards = Vec::new();
    for k in 1..=2 {
        let d = root.join(format!("shard-{k}"));
        ok(&strs(&with(&[
            "--shard",
            &format!("{k}/2"),
            "--out",
            p(&d),
        ])));
        shards.push(d);
    }
    let merged = root.join("merged");
    // one shard alone is refused as incomplete
    let err = refused(&["--merge", p(&shards[0]), "--out", p(&root.join("half"))]);
    assert!(
        err.contains("no given file") || err.contains("missing"),
        "{err}"
    );
    assert!(!root.join("half").exists(), "nothing written");
    let text = ok(&["--merge", p(&shards[0]), p(&shards[1]), "--out", p(&merged)]);
    assert!(text.contains("Bradley-Terry"), "{text}");
    for name in PAIRINGS {
        assert_eq!(
            timeless(rows(&merged.join(name))),
            timeless(rows(&base.join(name))),
            "{name}"
        );
    }
}

#[test]
fn a_gauntlet_plays_its_base_against_each_other_build() {
    let dir = scratch("tournament_gauntlet").join("t");
    ok(&strs(&with(&["--gauntlet", "sd", "--out", p(&dir)])));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["sd-old", "sd-sdnr"]);
}

#[test]
fn bad_input_is_refused_before_anything_is_written() {
    let root = scratch("tournament_bad");
    let out = root.join("t");
    let o = p(&out);
    let cases: &[(&[&str], &str)] = &[
        (
            &["--builds", "old,nope", "--out", o],
            "unknown build 'nope'",
        ),
        (&["--builds", "old,sd,old", "--out", o], "named twice"),
        (&["--builds", "old", "--out", o], "at least two builds"),
        (
            &["--builds", "old,sd", "--gauntlet", "sdp", "--out", o],
            "not one of --builds",
        ),
        (
            &["--builds", "old,sd", "--games-per-pair", "3", "--out", o],
            "even number",
        ),
        (
            &["--builds", "old,sd", "--out", o, "--resume"],
            "nothing to resume",
        ),
    ];
    for (args, want) in cases {
        let mut a: Vec<&str> = args.to_vec();
        a.extend(["--nodes", "2000", "--hash-bits", "16"]);
        let err = refused(&a);
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?}: nothing written");
    }
    // a tournament directory of other settings on --resume
    let dir = root.join("done");
    ok(&strs(&with(&["--out", p(&dir)])));
    let mut other = vec![
        "--builds",
        "old,sd,sdnr",
        "--nodes",
        "30000",
        "--games-per-pair",
        "4",
    ];
    other.extend(["--hash-bits", "16", "--out", p(&dir), "--resume"]);
    let err = refused(&other);
    assert!(err.contains("other settings"), "{err}");
    let err = refused(&[
        "--builds",
        "old,sd,sdnr",
        "--nodes",
        "4000",
        "--out",
        p(&dir),
    ]);
    assert!(err.contains("not empty"), "{err}");
}

/// A copy of a tournament directory's files (pairing directories one level down).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_tree(&p, &to.join(e.file_name()));
        } else if e.file_name() != ".umax-lock" {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

/// `--merge` writes only into a new or empty directory (never over a tournament or one of the
/// shards it reads); `--rate` counts each pairing of `tournament.txt` once, and refuses a
/// pairing directory holding other builds' games; `--resamples` is bounded.
#[test]
fn merge_and_rate_never_mix_runs() {
    let base = baseline();
    let root = scratch("tournament_mix");
    let before = std::fs::read(base.join("tournament.txt")).unwrap();
    let err = refused(&["--merge", p(base), "--out", p(base)]);
    assert!(err.contains("not empty"), "{err}");
    let victim = root.join("victim");
    copy_tree(base, &victim);
    let err = refused(&["--merge", p(base), "--out", p(&victim)]);
    assert!(err.contains("not empty"), "{err}");
    assert_eq!(
        std::fs::read(victim.join("tournament.txt")).unwrap(),
        before
    );
    // a stray copy of a pairing is not rated twice when tournament.txt lists the pairings
    let stray = root.join("stray");
    copy_tree(base, &stray);
    std::fs::create_dir_all(stray.join("foo-bar")).unwrap();
    std::fs::copy(
        base.join("old-sd/games.csv"),
        stray.join("foo-bar/games.csv"),
    )
    .unwrap();
    let rated = |d: &Path| ok(&["--rate", p(d), "--resamples", "20"]);
    let table = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.contains(" vs ") || l.contains("(anchor)"))
            .map(str::to_string)
            .collect()
    };
    let (ours, theirs) = (table(&rated(&stray)), table(&rated(base)));
    assert!(ours.len() >= 4, "{ours:?}");
    assert_eq!(ours, theirs);
    // without the record, a misnamed directory is refused, not counted
    std::fs::remove_file(stray.join("tournament.txt")).unwrap();
    let err = refused(&["--rate", p(&stray)]);
    assert!(
        err.contains("holds the games of old against sd, not of the pairing foo-bar"),
        "{err}"
    );
    // a pairing directory holding another pairing's games
    let swapped = root.join("swapped");
    copy_tree(base, &swapped);
    std::fs::copy(
        base.join("old-sdnr/games.csv"),
        swapped.join("old-sd/games.csv"),
    )
    .unwrap();
    let err = refused(&["--rate", p(&swapped)]);
    assert!(err.contains("old-sd"), "{err}");
    let err = refused(&["--rate", p(base), "--resamples", "1e99"]);
    assert!(err.contains("--resamples"), "{err}");
}

#[allow(dead_code)]
fn unused(_: Command) {}
