//! `umax match --tc S --tc-scale REF`: the calibrated clock. A given speed (`--tc-speed`, the
//! "fake" measurement) must give the expected clock, the games must be played on it, the
//! factor must be recorded with the rows and in command.txt, rows of different references
//! must refuse to merge while rows of different machines (factors) merge, and a resume that
//! measures a different speed must say so.

use crate::match_common;

use match_common::{Deadline, Kind, path_str, rows, run_match, run_ok, scratch, umax};

const SMALL: &[&str] = &["--hash-bits", "12", "--max-plies", "40"];

fn scaled(dir: &std::path::Path, extra: &[&str]) -> Vec<String> {
    SMALL
        .iter()
        .chain(extra)
        .map(|s| s.to_string())
        .chain(["--out".to_string(), path_str(dir).to_string()])
        .collect()
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn a_given_speed_gives_the_expected_clock_and_it_is_recorded() {
    let dir = scratch("clock-given");
    // 100 s nominal, reference 1000 nodes/s, this machine "1e6": factor 0.001, clock 0.1 s
    let args = scaled(
        &dir,
        &[
            "--games",
            "2",
            "--tc",
            "100",
            "--tc-scale",
            "1000",
            "--tc-speed",
            "1e6",
        ],
    );
    let out = run_ok(&strs(&args));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("factor 0.0010"), "{err}");
    assert!(err.contains("100 s per game becomes 0.100 s"), "{err}");
    let rows = rows(&dir);
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert!(
            r.settings.starts_with("builds=old,sd;tc=100;")
                && r.settings
                    .ends_with(";tc_ref_nps=1000;tc_nps=1000000;tc_factor=0.001000;tc_clock=0.100"),
            "{}",
            r.settings
        );
        // played on the scaled clock (0.1 s a side), not on the nominal 100 s: a side spends
        // at most its clock plus the overrun of one iteration
        assert!(r.test_cpu_s < 1.0 && r.base_cpu_s < 1.0, "{r:?}");
    }
    let command = std::fs::read_to_string(dir.join("command.txt")).unwrap();
    assert!(
        command.contains("calibrated clock: this machine 1000000 nodes/s (given by --tc-speed)"),
        "{command}"
    );
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert!(pgn.contains("[TimeControl \"0.1\"]"), "{pgn}");
    // the summary carries the condition, not one machine's measurement
    let summary = std::fs::read_to_string(dir.join("summary.csv")).unwrap();
    assert!(summary.contains("tc_ref_nps=1000"), "{summary}");
    assert!(!summary.contains("tc_factor"), "{summary}");
}

#[test]
fn a_measured_speed_is_recorded() {
    let dir = scratch("clock-measured");
    let args = scaled(
        &dir,
        &[
            "--games",
            "2",
            "--tc",
            "2",
            "--tc-scale",
            "2006",
            "--concurrency",
            "1",
        ],
    );
    let out = run_ok(&strs(&args));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("measuring this machine's speed (1 threads"),
        "{err}"
    );
    let command = std::fs::read_to_string(dir.join("command.txt")).unwrap();
    assert!(command.contains("1 threads searching at once"), "{command}");
    assert!(
        command.contains("reference 2006 (600000 nodes/s)"),
        "{command}"
    );
    for r in rows(&dir) {
        assert!(
            r.settings.contains(";tc_ref_nps=600000;tc_nps="),
            "{}",
            r.settings
        );
    }
}

#[test]
fn different_machines_merge_but_different_references_do_not() {
    let base = scratch("clock-merge");
    let shard = |name: &str, k: &str, speed: &str, reference: &str| {
        let dir = base.join(name);
        let mut args = scaled(
            &dir,
            &["--tc", "100", "--tc-scale", reference, "--tc-speed", speed],
        );
        args.extend(["--games".into(), "4".into(), "--shard".into(), k.into()]);
        run_ok(&strs(&args));
        dir.join("games.csv")
    };
    // two machines, one twice as fast: each plays at its own factor, and the rows merge
    let a = shard("fast", "1/2", "2e6", "1000");
    let b = shard("slow", "2/2", "1e6", "1000");
    let merged = base.join("merged");
    let out = umax()
        .args(["report", path_str(&a), path_str(&b), "--no-plots", "--out"])
        .arg(&merged)
        .output_within("umax report", Kind::Quick.limit());
    crate::common::succeeded(&out, "umax");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Score of sd vs old"), "{text}");
    // another reference is another condition: refused, naming both files
    let c = shard("other-ref", "2/2", "1e6", "2000");
    let out = umax()
        .args(["report", path_str(&a), path_str(&c), "--no-plots", "--out"])
        .arg(base.join("refused"))
        .output_within("umax report", Kind::Quick.limit());
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("mixed settings"), "{err}");
    assert!(err.contains("fast") && err.contains("other-ref"), "{err}");
}

#[test]
fn a_resume_with_another_speed_says_so_and_keeps_each_rows_factor() {
    let dir = scratch("clock-resume");
    // the first half of a 4-game match on one machine, then the rest after a resume on a
    // machine 1.5x as fast
    let mut first = scaled(
        &dir,
        &["--tc", "100", "--tc-scale", "1000", "--tc-speed", "1e6"],
    );
    first.extend(["--games".into(), "4".into(), "--shard".into(), "1/2".into()]);
    run_ok(&strs(&first));
    let mut again = scaled(
        &dir,
        &["--tc", "100", "--tc-scale", "1000", "--tc-speed", "1.5e6"],
    );
    again.extend(["--games".into(), "4".into(), "--resume".into()]);
    let out = run_ok(&strs(&again));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2 of 4 games to play"), "{err}");
    let factors: Vec<String> = rows(&dir)
        .iter()
        .map(|r| r.settings.rsplit(';').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(
        factors,
        [
            "tc_factor=0.001000",
            "tc_factor=0.001000",
            "tc_factor=0.000667",
            "tc_factor=0.000667"
        ]
    );
    assert!(err.contains("the factor moved by -33.3%"), "{err}");
    let command = std::fs::read_to_string(dir.join("command.txt")).unwrap();
    assert!(command.contains("warning: the factor moved"), "{command}");
    // a different reference is a different condition: the resume is refused
    let mut other = scaled(
        &dir,
        &["--tc", "100", "--tc-scale", "2000", "--tc-speed", "1e6"],
    );
    other.extend(["--games".into(), "4".into(), "--resume".into()]);
    let out = run_match(&strs(&other));
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("tc_ref_nps: 1000 (on disk) vs 2000 (now)"),
        "{err}"
    );
}

#[test]
fn scaling_needs_a_clock() {
    let dir = scratch("clock-refusals");
    let out = run_match(&strs(&scaled(
        &dir,
        &["--nodes", "1000", "--tc-scale", "2006"],
    )));
    assert!(!out.status.success());
    let out = run_match(&strs(&scaled(&dir, &["--tc", "10", "--tc-scale", "fast"])));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected 2006"));
    let out = run_match(&strs(&scaled(
        &dir,
        &["--tc", "1", "--tc-scale", "1000", "--tc-speed", "1e9"],
    )));
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no time at all"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `--hard-deadline`: thinks are cut inside their iteration at twice their share (at most a
/// quarter of the remaining clock), marked `cut` in the PGN, and the condition is in the
/// settings, so a run without it does not resume one with it.
#[test]
fn a_hard_deadline_cuts_thinks_and_is_a_condition_of_its_own() {
    let dir = scratch("clock-hard");
    let args = scaled(&dir, &["--games", "2", "--tc", "0.6", "--hard-deadline"]);
    run_ok(&strs(&args));
    let rows = rows(&dir);
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert!(r.settings.contains(";hard_deadline=1"), "{}", r.settings);
    }
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    let comments: Vec<&str> = pgn
        .split('{')
        .skip(1)
        .filter_map(|c| c.split('}').next())
        .filter(|c| c.contains("s ") && c.ends_with('n') || c.contains("n "))
        .collect();
    let cut: Vec<&&str> = comments.iter().filter(|c| c.ends_with(" cut")).collect();
    assert!(
        !cut.is_empty(),
        "no think was cut at 0.6 s per game: {comments:?}"
    );
    for c in &comments {
        // "+0.22/5 0.202s 1671168n overrun cut": no think may run past a quarter of the
        // whole clock (0.15 s) by more than the abort's polling slack
        let secs: f64 = c
            .split_whitespace()
            .find_map(|w| w.strip_suffix('s').and_then(|x| x.parse().ok()))
            .unwrap_or_else(|| panic!("no CPU seconds in {c:?}"));
        assert!(secs < 0.15 + 0.05, "a think of {secs} s: {c:?}");
    }
    // without the flag it is another condition: the resume is refused
    let plain = scaled(&dir, &["--games", "4", "--tc", "0.6", "--resume"]);
    let out = run_match(&strs(&plain));
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("hard_deadline"), "{err}");
    // and it needs a clock
    let out = run_match(&strs(&scaled(
        &dir,
        &["--nodes", "1000", "--hard-deadline"],
    )));
    assert!(!out.status.success());
}

/// `--tc S+I`: a Fischer clock. Each side's clock gains I after each of its moves (so a game
/// outlasts what S alone allows: more plies than S / its shortest think), the settings and
/// PGN say `S+I`, and a run at another increment is another condition.
#[test]
fn an_increment_is_added_after_each_move_and_is_part_of_the_condition() {
    let dir = scratch("clock-increment");
    let args = scaled(
        &dir,
        &["--games", "2", "--tc", "0.2+0.05", "--hard-deadline"],
    );
    run_ok(&strs(&args));
    let rows = rows(&dir);
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert!(r.settings.contains(";tc=0.2+0.05;"), "{}", r.settings);
        // each side's CPU over the game may exceed its base: the increments paid for it
        let most = r.test_cpu_s.max(r.base_cpu_s);
        let moves = r.plies as f64 / 2.0;
        assert!(
            most <= 0.2 + 0.05 * moves + 0.1,
            "a side spent {most} s in {moves} moves of a 0.2+0.05 clock"
        );
    }
    // a side that spent well past its base without losing on time was paid by increments
    // (without them its share, remaining/30, keeps a whole game under 0.2 s)
    assert!(
        rows.iter()
            .any(|r| !r.termination.starts_with("time_forfeit")
                && r.test_cpu_s.max(r.base_cpu_s) > 0.3),
        "no side used much more than its base: was the increment added? {rows:?}"
    );
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert!(pgn.contains("[TimeControl \"0.2+0.05\"]"), "{pgn}");
    let other = scaled(
        &dir,
        &[
            "--games",
            "4",
            "--tc",
            "0.2+0.1",
            "--hard-deadline",
            "--resume",
        ],
    );
    let out = run_match(&strs(&other));
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("0.2+0.05 (on disk) vs 0.2+0.1 (now)"), "{err}");
}
