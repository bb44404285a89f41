//! The reports are what the committed files give: `scripts/report/report.py --check` renders the
//! front page (README.md), the report (results/README.md) and its facts (results/facts.json)
//! from the run files and fails on any difference, and fails on a changed number. The
//! forfeiting thinks' table is itself regenerated from the committed games.

use crate::ci_env;
use crate::common::deadline::{Deadline, Kind};

use std::process::Command;

fn python() -> bool {
    ci_env::require(ci_env::Tool::Python3, "the reports' claims")
}

/// Runs `scripts/SCRIPT --check`; it must pass. False: skipped without python3 (`what`: what
/// the script checks).
fn check_script(script: &str, what: &str) -> bool {
    if !ci_env::require(ci_env::Tool::Python3, what) {
        return false;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .arg(format!("{root}/scripts/{script}"))
        .arg("--check")
        .output_within(&format!("scripts/{script} --check"), Kind::Script.limit());
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    true
}

fn check(script: &str) {
    check_script(script, "the reports' claims");
}

#[test]
fn the_forfeiting_thinks_table_is_what_the_games_give() {
    if !python() {
        return;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .arg(format!("{root}/scripts/forfeit-thinks.py"))
        .arg(format!("{root}/results/tc-60"))
        .output_within("scripts/forfeit-thinks.py", Kind::Script.limit());
    crate::common::succeeded(&out, "scripts/forfeit-thinks.py");
    let committed =
        std::fs::read_to_string(format!("{root}/results/tc-60/forfeit-thinks.csv")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), committed);
    // the rows say what the reader checked: 25 sd forfeits, 12 in the first two thinks
    let rows: Vec<Vec<String>> = committed
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect();
    let sd: Vec<&Vec<String>> = rows.iter().filter(|r| r[1] == "sd").collect();
    assert_eq!(sd.len(), 25);
    assert_eq!(
        sd.iter()
            .filter(|r| r[3].parse::<u32>().unwrap() <= 2)
            .count(),
        12
    );
}

/// `python3 SCRIPT DIR --check`: an analysis script's verdict on the files it wrote in DIR.
fn script_check(script: &std::path::Path, dir: &std::path::Path) -> std::process::Output {
    Command::new("python3")
        .arg(script)
        .arg(dir)
        .arg("--check")
        .output_within(
            &format!("{} --check", script.display()),
            Kind::Script.limit(),
        )
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let t = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_dir(&p, &t);
        } else {
            std::fs::copy(&p, &t).unwrap();
        }
    }
}

/// The report (results/README.md, results/facts.json and the front page README.md) is what
/// `scripts/report/report.py` renders from the committed run files.
#[test]
fn the_report_is_what_the_run_files_give() {
    check("report/report.py");
}

/// The report's checker fails on a changed number: a copy of the script and of the files it
/// reads, with one figure of the rendered report changed.
/// The journal's effort plot (`results/effort.svg`, `effort.csv`: sd's Elo against the nodes each
/// old-vs-sd run delivered) is what `scripts/effort.py` draws from the committed summaries.
#[test]
fn the_effort_plot_is_what_the_summaries_give() {
    check_script("effort.py", "the effort plot");
}

#[test]
fn the_report_catches_a_changed_number() {
    if !python() {
        return;
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-stale");
    let _ = std::fs::remove_dir_all(&tmp);
    copy_dir(&root.join("scripts/report"), &tmp.join("scripts/report"));
    copy_dir(&root.join("docs/report"), &tmp.join("docs/report"));
    // the shared statistics and settings reader the report imports
    std::fs::copy(
        root.join("scripts/umaxresults.py"),
        tmp.join("scripts/umaxresults.py"),
    )
    .unwrap();
    let runs = [
        "scaled-15",
        "scaled-60",
        "startpos-scaled-15",
        "startpos-sd-iidr2-scaled-15",
        "iid-scaled-15",
        "iid-scaled-60",
        "startpos-clock-sweep",
        "speed-round8",
        "speed-pgo",
        "iid-cost",
        "sd-iidr2-scaled-15",
        "scaled-15-wide",
        // the node-clock runs, as far as they are committed
        "startpos-node-map",
        "node-15-wide",
        "node-15-sd-iidr2",
        "startpos-node-jitter",
        "startpos-node-map-sd-iidr2",
        "node-60-wide",
        // the CPU clock's estimated wavering, the jitter map's last sigma
        "clock-jitter",
        // micro-Max 4.8's runs and cost table
        "mm48-sd-15",
        "mm48-vs-old-15",
        "mm48-cost",
        // the 2006 match's cells and the chance of its result
        "post-2006-15",
        "post-2006-60",
        "post-2006-60-think",
        // the builds against Stockfish's UCI_Elo levels
        "gauntlet-sf",
    ];
    for run in runs {
        if root.join("results").join(run).is_dir() {
            copy_dir(
                &root.join("results").join(run),
                &tmp.join("results").join(run),
            );
        }
    }
    for f in ["README.md", "facts.json"] {
        std::fs::copy(root.join("results").join(f), tmp.join("results").join(f)).unwrap();
    }
    std::fs::copy(root.join("README.md"), tmp.join("README.md")).unwrap();
    std::fs::copy(
        root.join("docs/test-time.json"),
        tmp.join("docs/test-time.json"),
    )
    .unwrap();
    let run = || {
        Command::new("python3")
            .arg(tmp.join("scripts/report/report.py"))
            .arg("--check")
            .output_within("scripts/report/report.py --check", Kind::Script.limit())
    };
    let out = run();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let report = std::fs::read_to_string(tmp.join("results/README.md")).unwrap();
    let changed = report.replacen("1,000 games", "1,001 games", 1);
    assert_ne!(report, changed, "the report names the match's 1,000 games");
    std::fs::write(tmp.join("results/README.md"), changed).unwrap();
    let out = run();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("stale text in results/README.md"));
}

/// Every initial-position run's analysis (`startpos.json`, `startpos.md`, `branches.csv`: where
/// the games part, the resampled 100-game matches) is what `scripts/startpos_branches.py` gives
/// from its committed games; and `--check` fails on a changed number.
#[test]
fn the_initial_position_analyses_are_what_the_games_give() {
    if !python() {
        return;
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = root.join("scripts/startpos_branches.py");
    let mut dirs = Vec::new();
    let mut stack = vec![root.join("results")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.file_name().is_some_and(|n| n == "startpos.json") {
                dirs.push(d.clone());
            }
        }
    }
    assert!(
        dirs.len() >= 13,
        "the two runs and the sweep's eleven clocks: {dirs:?}"
    );
    let check = |dir: &std::path::Path| script_check(&script, dir);
    for d in &dirs {
        let out = check(d);
        assert!(
            out.status.success(),
            "{}: {}{}",
            d.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // a copy with one figure changed fails
    let tmp = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("startpos-stale");
    let _ = std::fs::remove_dir_all(&tmp);
    copy_dir(&dirs[0], &tmp);
    let json = std::fs::read_to_string(tmp.join("startpos.json")).unwrap();
    let changed = json.replacen("\"distinct_games\": ", "\"distinct_games\": 1", 1);
    assert_ne!(json, changed);
    std::fs::write(tmp.join("startpos.json"), changed).unwrap();
    assert!(
        !check(&tmp).status.success(),
        "a changed number passed --check"
    );
}

/// The initial-position node map (`results/startpos-node-map/map.*`) is what
/// `scripts/node_map.py` gives from its committed games, and so is the jitter map
/// (`results/startpos-node-jitter/jitter.*`, `scripts/node_jitter.py`) once its rows are in,
/// and the branch shares of the CPU-clock runs beside the map
/// (`results/startpos-node-map/branch-shares.*`, `scripts/branch_shares.py`); `--check` fails on
/// a changed number.
#[test]
fn the_node_maps_are_what_the_games_give() {
    if !python() {
        return;
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let check = |script: &str, dir: &std::path::Path| script_check(&root.join(script), dir);
    let map = root.join("results/startpos-node-map");
    let mut runs = vec![("scripts/node_map.py", map.clone())];
    let map2 = root.join("results/startpos-node-map-sd-iidr2");
    if map2.join("map.json").is_file() {
        runs.push(("scripts/node_map.py", map2));
    }
    let jitter = root.join("results/startpos-node-jitter");
    if jitter.join("jitter.json").is_file() {
        runs.push(("scripts/node_jitter.py", jitter));
    }
    for (script, dir) in &runs {
        let out = check(script, dir);
        assert!(
            out.status.success(),
            "{script} {}: {}{}",
            dir.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    check_script("branch_shares.py", "the branch shares");
    // a copy with one figure changed fails
    let tmp = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("node-map-stale");
    let _ = std::fs::remove_dir_all(&tmp);
    copy_dir(&map, &tmp);
    let json = std::fs::read_to_string(tmp.join("map.json")).unwrap();
    let changed = json.replacen("\"pairs\": ", "\"pairs\": 1", 1);
    assert_ne!(json, changed);
    std::fs::write(tmp.join("map.json"), changed).unwrap();
    assert!(
        !check("scripts/node_map.py", &tmp).status.success(),
        "a changed number passed --check"
    );
}
