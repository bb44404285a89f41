//! A run directory that cannot lose a game (the real binary throughout): one writer per
//! directory, files replaced or deleted underneath a run are noticed and their rows saved, a
//! failing write leaves no half row, a think past 2^31 nodes is recorded with its 64-bit
//! count, and a tournament grows by builds.

use crate::match_common;
use match_common::*;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Slow enough to act on while it runs (a few hundredths of a second a game).
const SLOW: &[&str] = &[
    "--games",
    "12",
    "--nodes",
    "8000",
    "--hash-bits",
    "16",
    "--max-plies",
    "120",
    "--no-progress",
];

fn args_with(base: &[&str], extra: &[&str]) -> Vec<String> {
    base.iter().chain(extra).map(|s| s.to_string()).collect()
}

/// One thread, so that the files grow one game at a time.
fn spawn_match(args: &[String]) -> Guarded {
    umax()
        .arg("match")
        .args(args)
        .args(["--concurrency", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn_within(
            "umax match (its files changed mid-run)",
            Kind::Games.limit(),
        )
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// Waits until `path` has at least `n` lines (panics after a minute).
fn wait_lines(path: &Path, n: usize) {
    let start = Instant::now();
    while lines(path) < n {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{} never reached {n} lines",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The uninterrupted run's rows (time columns aside), played once for all tests.
fn reference(_name: &str) -> Vec<umax::games_csv::GameRow> {
    static ROWS: std::sync::OnceLock<Vec<umax::games_csv::GameRow>> = std::sync::OnceLock::new();
    ROWS.get_or_init(|| {
        let dir = scratch("reference");
        let out = dir.join("out");
        let args = args_with(SLOW, &["--out", path_str(&out)]);
        run_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        timeless(rows(&out))
    })
    .clone()
}

/// Every file under `dir` with its bytes.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(tree(&p));
            } else if p.file_name().unwrap() != ".umax-lock" {
                // the lock file holds its last holder's name: not data
                out.push((p.clone(), std::fs::read(&p).unwrap_or_default()));
            }
        }
    }
    out.sort();
    out
}

fn finish(child: Guarded) -> (bool, String) {
    let out = child.wait_with_output();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn a_second_writer_is_refused_and_a_killed_run_resumes() {
    let expected = reference("lock_ref");
    let dir = scratch("lock");
    let out = dir.join("out");
    let args = args_with(SLOW, &["--out", path_str(&out)]);
    let first = spawn_match(&args);
    wait_lines(&out.join("games.csv"), 3);
    // a second match, and a tournament, on the directory in use: refused before writing
    let before = tree(&out);
    let resume = args_with(SLOW, &["--out", path_str(&out), "--resume"]);
    let second = run_match(&resume.iter().map(String::as_str).collect::<Vec<_>>());
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success());
    assert!(err.contains("is in use by another umax process"), "{err}");
    assert!(
        err.contains(&format!("pid {}", first.id())),
        "names the holder: {err}"
    );
    assert!(err.contains(path_str(&out)), "names the directory: {err}");
    let report = umax()
        .args(["report", path_str(&out.join("games.csv"))])
        .output_within("umax report", Kind::Quick.limit());
    assert!(
        !report.status.success(),
        "report may not rewrite a running run's files"
    );
    // what the first wrote meanwhile is its own: no file of the second's
    let after = tree(&out);
    assert!(
        after
            .iter()
            .all(|(p, _)| before.iter().any(|(q, _)| q == p))
    );
    // killed outright: the kernel drops the lock, --resume needs no manual step
    first.kill();
    let n = rows(&out).len();
    assert!(n < 12, "killed before the end ({n} rows)");
    run_ok(&resume.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(timeless(rows(&out)), expected);
}

/// Replaces (`older = true`: by the copy taken at 3 rows) or deletes games.csv and games.pgn
/// while the run writes; the run must stop at once, save what it wrote, and after `umax
/// recover` and `--resume` hold the uninterrupted run's rows.
fn lose_files(name: &str, older: bool) {
    let expected = reference(&format!("{name}_ref"));
    let dir = scratch(name);
    let out = dir.join("out");
    let csv = out.join("games.csv");
    let pgn = out.join("games.pgn");
    let args = args_with(SLOW, &["--out", path_str(&out)]);
    let child = spawn_match(&args);
    wait_lines(&csv, 4); // header and three rows
    let (old_csv, old_pgn) = (std::fs::read(&csv).unwrap(), std::fs::read(&pgn).unwrap());
    wait_lines(&csv, 6);
    let written = rows(&out).len();
    if older {
        // what `git stash` / `checkout` do: a new file under the old name
        for (path, bytes) in [(&csv, &old_csv), (&pgn, &old_pgn)] {
            let tmp = path.with_extension("tmp");
            std::fs::write(&tmp, bytes).unwrap();
            std::fs::rename(&tmp, path).unwrap();
        }
    } else {
        std::fs::remove_file(&csv).unwrap();
        std::fs::remove_file(&pgn).unwrap();
    }
    let (ok, err) = finish(child);
    assert!(!ok, "the run must stop");
    assert!(
        err.contains(if older { "was replaced" } else { "was deleted" }),
        "{err}"
    );
    assert!(err.contains("umax recover"), "names the command: {err}");
    // stopped within one game: nothing was appended to the new file, and the saved file holds
    // every row written (those seen before, and at most the game that was finishing)
    if older {
        assert_eq!(std::fs::read(&csv).unwrap(), old_csv);
    } else {
        assert!(!csv.exists());
    }
    let saved = umax::games_csv::read_games_csv(&out.join("games.csv.recovered"))
        .unwrap()
        .rows;
    assert!(
        saved.len() >= written && saved.len() <= written + 1,
        "{} saved, {written} seen",
        saved.len()
    );
    assert!(out.join("games.pgn.recovered").is_file());
    let rec = umax()
        .args(["recover", path_str(&out)])
        .output_within("umax recover", Kind::Quick.limit());
    assert!(
        rec.status.success(),
        "{}",
        String::from_utf8_lossy(&rec.stderr)
    );
    assert!(!out.join("games.csv.recovered").exists());
    let resume = args_with(SLOW, &["--out", path_str(&out), "--resume"]);
    run_ok(&resume.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(timeless(rows(&out)), expected);
    let pgn_text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        pgn_text.matches("[Event ").count(),
        12,
        "every game once in the PGN"
    );
}

#[test]
fn games_csv_replaced_by_an_older_copy_loses_nothing() {
    lose_files("replaced", true);
}

#[test]
fn games_csv_deleted_mid_run_loses_nothing() {
    lose_files("deleted", false);
}

#[test]
fn a_failing_write_leaves_no_half_row() {
    let expected = reference("efbig_ref");
    let dir = scratch("efbig");
    let out = dir.join("out");
    let args = args_with(SLOW, &["--out", path_str(&out)]);
    // a file size limit of 6 KiB (12 blocks of 512 bytes): the PGN reaches it after a few games
    let script = "ulimit -f 12; exec \"$0\" match \"$@\"";
    let run = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_umax"))
        .args(&args)
        .stdin(Stdio::null())
        .output_within("umax match (under ulimit -f 12)", Kind::Games.limit());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(err.contains("File too large"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    for name in ["games.csv", "games.pgn"] {
        let bytes = std::fs::read(out.join(name)).unwrap();
        assert!(
            bytes.is_empty() || bytes.ends_with(b"\n"),
            "{name} ends with a whole record"
        );
    }
    let file = umax::games_csv::read_games_csv(&out.join("games.csv")).unwrap();
    assert_eq!(file.partial_line, None, "no torn row");
    let n = file.rows.len();
    assert!(n > 0 && n < 12, "{n} rows before the limit");
    // every row's game is whole in the PGN
    let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap();
    assert_eq!(pgn.matches("[Event ").count(), n);
    let resume = args_with(SLOW, &["--out", path_str(&out), "--resume"]);
    run_ok(&resume.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(timeless(rows(&out)), expected);
}

#[test]
fn a_torn_last_line_is_dropped_by_resume_and_report() {
    let dir = scratch("torn");
    let out = dir.join("out");
    let args = args_with(QUICK, &["--out", path_str(&out), "--no-progress"]);
    run_ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let expected = timeless(rows(&out));
    let csv = out.join("games.csv");
    let text = std::fs::read_to_string(&csv).unwrap();
    // the last row cut in half, as a crash mid-write would leave it
    let cut = text.trim_end().rfind('\n').unwrap() + 40;
    std::fs::write(&csv, &text[..cut]).unwrap();
    let report = umax()
        .args(["report", path_str(&csv)])
        .output_within("umax report", Kind::Quick.limit());
    assert!(report.status.success());
    let text = String::from_utf8_lossy(&report.stdout);
    assert!(
        text.lines()
            .any(|l| l.starts_with("Score of") && l.ends_with(" 7")),
        "7 whole rows: {text}"
    );
    let resume = args_with(
        QUICK,
        &["--out", path_str(&out), "--no-progress", "--resume"],
    );
    run_ok(&resume.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(timeless(rows(&out)), expected);
}

#[test]
fn a_think_past_two_to_the_31_nodes_is_recorded_in_64_bits() {
    let dir = scratch("wrap");
    let out = dir.join("out");
    // every think searches at least one node, so its count reaches 2^31, where the C's int
    // wraps (a think can be small: a side short of time, in check, completes one iteration of
    // a few dozen nodes, and the suite once met one of 64 or fewer)
    let start: u64 = (1 << 31) - 1;
    let run = umax()
        .env("UMAX_TEST_NODE_START", start.to_string())
        .args([
            "match",
            "--games",
            "4",
            "--tc",
            "0.25",
            "--hash-bits",
            "16",
            "--max-plies",
            "30",
        ])
        .args(["--no-progress", "--out", path_str(&out)])
        .output_within("umax match (from 2^31 - 1 nodes)", Kind::Games.limit());
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap();
    // each game's thinks, from their comments (score/depth time nodes), by game number
    let mut per_game = std::collections::HashMap::new();
    for game in pgn.split("[Event ").skip(1) {
        let round: u64 = game
            .lines()
            .find_map(|l| {
                l.strip_prefix("[Round \"")?
                    .strip_suffix("\"]")?
                    .parse()
                    .ok()
            })
            .expect("a Round tag");
        let thinks: Vec<u64> = game
            .split('{')
            .filter_map(|c| c.split_whitespace().nth(2)?.strip_suffix('n')?.parse().ok())
            .collect();
        per_game.insert(round, thinks);
    }
    let all: Vec<u64> = per_game.values().flatten().copied().collect();
    assert!(all.len() >= 20, "{} thinks", all.len());
    // every think searched past the C's int (which would wrap to a negative count)
    assert!(all.iter().all(|&n| n >= 1 << 31), "{all:?}");
    // a row sums its game's thinks; a game lost on time also counts the think that overran,
    // which played no move and so has no comment
    let mut compared = 0;
    for r in rows(&out) {
        let thinks: u64 = per_game[&r.game].iter().sum();
        if r.termination == "time_forfeit" {
            assert!(
                r.test_nodes + r.base_nodes >= thinks + (1 << 31),
                "game {}",
                r.game
            );
        } else {
            assert_eq!(r.test_nodes + r.base_nodes, thinks, "game {}", r.game);
            compared += 1;
        }
    }
    assert!(compared > 0, "a game not lost on time");
}

fn tournament(args: &[&str]) -> std::process::Output {
    umax()
        .arg("tournament")
        .args(args)
        .stdin(Stdio::null())
        .output_within("umax tournament", Kind::Games.limit())
}

#[test]
fn a_tournament_grows_by_builds_and_refuses_anything_else() {
    let dir = scratch("grow");
    let out = dir.join("t");
    let o = path_str(&out);
    let common = [
        "--games-per-pair",
        "4",
        "--nodes",
        "2000",
        "--hash-bits",
        "14",
        "--no-progress",
        "--out",
        o,
    ];
    let first = tournament(&[&["--builds", "old,sd,noiid"], &common[..]].concat());
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let three = tree(&out);
    // refused, nothing written: a dropped build, other settings, a build named twice, another order
    for (builds, extra, message) in [
        ("old,noiid,iidr2", &[][..], "drops"),
        (
            "old,sd,noiid,iidr2",
            &["--max-plies", "300"][..],
            "other settings",
        ),
        ("old,sd,noiid,iidr2,iidr2", &[][..], "named twice"),
        ("sd,old,noiid,iidr2", &[][..], "in their order"),
    ] {
        let r = tournament(&[&["--builds", builds, "--resume"], &common[..], extra].concat());
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(!r.status.success(), "{builds} {extra:?} accepted");
        assert!(err.contains(message), "{builds}: {err}");
        assert!(tree(&out) == three, "{builds}: nothing written");
    }
    // more games a pairing: refused, by the tournament and by `match` on one of its pairings
    let mut more = common;
    more[1] = "8";
    let r = tournament(&[&["--builds", "old,sd,noiid", "--resume"], &more[..]].concat());
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        !r.status.success() && err.contains("now games_per_pair=8"),
        "{err}"
    );
    let pairing = out.join("old-sd");
    let r = run_match(&[
        "--builds",
        "old,sd",
        "--games",
        "8",
        "--nodes",
        "2000",
        "--hash-bits",
        "14",
        "--no-progress",
        "--resume",
        "--out",
        path_str(&pairing),
    ]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        !r.status.success() && err.contains("a pairing does not grow on its own"),
        "{err}"
    );
    assert!(tree(&out) == three, "more games a pairing: nothing written");
    let grown =
        tournament(&[&["--builds", "old,sd,noiid,iidr2", "--resume"], &common[..]].concat());
    let err = String::from_utf8_lossy(&grown.stderr);
    assert!(grown.status.success(), "{err}");
    // only the new pairings played: the old ones' rows untouched, 4 games each for the new
    for (path, bytes) in &three {
        if path.file_name().unwrap() == "games.csv" {
            assert_eq!(&std::fs::read(path).unwrap(), bytes, "{}", path.display());
        }
    }
    for p in ["old-iidr2", "sd-iidr2", "noiid-iidr2"] {
        assert_eq!(rows(&out.join(p)).len(), 4, "{p}");
    }
    assert_eq!(err.matches("Finished game").count(), 12, "{err}");
    let record = std::fs::read_to_string(out.join("tournament.txt")).unwrap();
    assert!(record.contains("builds=old,sd,noiid,iidr2\n"), "{record}");
    assert!(
        record.contains("# grown ") && record.contains("old,sd,noiid -> old,sd,noiid,iidr2"),
        "{record}"
    );
    let ratings = std::fs::read_to_string(out.join("ratings.csv")).unwrap();
    for b in ["old", "sd", "noiid", "iidr2"] {
        assert!(
            ratings.lines().any(|l| l.starts_with(&format!("{b},"))),
            "{b} rated:\n{ratings}"
        );
    }
    // and a plain resume of the grown tournament is accepted (nothing left to play)
    let again =
        tournament(&[&["--builds", "old,sd,noiid,iidr2", "--resume"], &common[..]].concat());
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
}

/// `umax recover` counts as recovered only the rows the directory lacked, and merges nothing
/// into a directory its tournament does not list as a pairing.
#[test]
fn recover_counts_only_missing_rows_and_keeps_to_the_tournaments_pairings() {
    let dir = scratch("recover_counts");
    let run = dir.join("run");
    run_ok(&[
        "--games",
        "2",
        "--nodes",
        "1000",
        "--hash-bits",
        "12",
        "--max-plies",
        "20",
        "--out",
        path_str(&run),
    ]);
    std::fs::copy(run.join("games.csv"), run.join("games.csv.recovered")).unwrap();
    let rec = umax()
        .args(["recover", path_str(&run)])
        .output_within("umax recover", Kind::Quick.limit());
    let text = String::from_utf8_lossy(&rec.stdout);
    assert!(
        rec.status.success(),
        "{}",
        String::from_utf8_lossy(&rec.stderr)
    );
    assert!(
        text.contains("2 rows (0 recovered, 2 already there)"),
        "{text}"
    );
    // a tournament directory whose record lists old-sd only, and rows saved in x-y
    let t = dir.join("t");
    std::fs::create_dir_all(t.join("x-y")).unwrap();
    std::fs::write(t.join("tournament.txt"), "builds=old,sd\npairings=old-sd\n").unwrap();
    std::fs::copy(run.join("games.csv"), t.join("x-y/games.csv.recovered")).unwrap();
    let rec = umax()
        .args(["recover", path_str(&t)])
        .output_within("umax recover", Kind::Quick.limit());
    assert!(!rec.status.success());
    let err = String::from_utf8_lossy(&rec.stderr);
    assert!(err.contains("not a pairing of the tournament"), "{err}");
    assert!(!t.join("x-y/games.csv").exists(), "nothing written");
}
