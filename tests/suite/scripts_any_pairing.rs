//! The Python scripts read any pairing through one module (`scripts/umaxresults.py`): its unit
//! tests, and `scripts/cluster/rows-equal.py` on a committed `--builds old,sdnr` run (which the
//! old hard-coded sd/old time columns could not read). Without python3 this skips with the
//! one message of `ci_env::require`, except under CI, where it fails.

use crate::ci_env;
use crate::common::deadline::{Deadline, Kind};

use std::path::Path;
use std::process::Command;

fn python() -> Option<&'static str> {
    ci_env::require(ci_env::Tool::Python3, "the scripts' tests").then_some("python3")
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_results_module_passes_its_tests() {
    let Some(py) = python() else { return };
    let out = Command::new(py)
        .arg(root().join("scripts/test_umaxresults.py"))
        .output_within("scripts/test_umaxresults.py", Kind::Script.limit());
    crate::common::succeeded(&out, "scripts/test_umaxresults.py");
}

/// The node-clock analyses that read through the module: the initial-position map
/// (`scripts/node_map.py`) and its jitter map (`scripts/node_jitter.py`) pass their tests.
#[test]
fn the_node_map_scripts_pass_their_tests() {
    let Some(py) = python() else { return };
    for script in [
        "scripts/test_node_map.py",
        "scripts/test_node_jitter.py",
        "scripts/test_branch_shares.py",
    ] {
        let out = Command::new(py)
            .arg(root().join(script))
            .output_within(script, Kind::Script.limit());
        crate::common::succeeded(&out, script);
    }
}

#[test]
fn rows_equal_reads_an_old_sdnr_run() {
    let Some(py) = python() else { return };
    let csv = root().join("results/sdnr-nodes-100k/games.csv");
    let run = |a: &Path, b: &Path| {
        Command::new(py)
            .arg(root().join("scripts/cluster/rows-equal.py"))
            .args([a, b])
            .output_within("scripts/cluster/rows-equal.py", Kind::Script.limit())
    };
    let out = run(&csv, &csv);
    let text = crate::common::succeeded(&out, "rows-equal.py");
    assert!(
        text.contains("all but old_cpu_s, old_wall_s, sdnr_cpu_s, sdnr_wall_s"),
        "{text}"
    );
    assert!(
        text.contains("merged rows equal a single run: yes"),
        "{text}"
    );
    // and it can fail: one node changed in a copy
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("rows_equal_sdnr");
    std::fs::create_dir_all(&dir).unwrap();
    let mut lines: Vec<String> = std::fs::read_to_string(&csv)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let mut f: Vec<String> = lines[1].split(',').map(str::to_string).collect();
    let nodes: u64 = f[10].parse().unwrap();
    f[10] = (nodes + 1).to_string();
    lines[1] = f.join(",");
    let copy = dir.join("games.csv");
    std::fs::write(&copy, lines.join("\n") + "\n").unwrap();
    let out = run(&csv, &copy);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("sdnr_nodes"));
}

/// Every script that reads a run reads an `--builds old,sdnr` run through the module.
#[test]
fn every_run_reading_script_reads_an_old_sdnr_run() {
    let Some(py) = python() else { return };
    let run = root().join("results/sdnr-nodes-100k");
    let csv = run.join("games.csv");
    let umax = env!("CARGO_BIN_EXE_umax");
    let cases: Vec<(&str, Vec<String>, &str)> = vec![
        ("segments.py", vec![run.display().to_string()], "100 games"),
        (
            "positions-from-games.py",
            vec![csv.display().to_string(), "--count".into(), "3".into()],
            "g1p16\te2e4",
        ),
        (
            "forfeit-iterations.py",
            vec![
                run.display().to_string(),
                "--games".into(),
                "1".into(),
                "--nodes".into(),
                "20000".into(),
                "--umax".into(),
                umax.into(),
            ],
            "| 1 | sdnr | 105 | sdnr |",
        ),
    ];
    for (script, args, want) in cases {
        let out = Command::new(py)
            .arg(root().join("scripts").join(script))
            .args(&args)
            .output_within(script, Kind::Script.limit());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{script}: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains(want), "{script}: {text}");
    }
}
