//! The outputs behind one trait (`umax::formats`): `umax report` writes exactly the listed
//! files and prints the listed text, a new format is one `impl Output` written like the
//! others, and the match appends the listed per-game outputs. (That every committed run's
//! outputs come back byte for byte through the lists: `tests/plots_committed.rs`.)

use crate::common::deadline::{Deadline, Kind};
use crate::report_rows;

use report_rows::{match_rows, scratch_dir};
use std::collections::BTreeSet;
use std::error::Error;
use std::io::Write;
use std::path::Path;
use std::process::Command;
use umax::formats::{self, Output};
use umax::report::MatchReport;
use umax::report::read_games;

fn report_of(csv: &Path) -> MatchReport {
    MatchReport::new(read_games(&[csv.to_path_buf()]).unwrap(), None).unwrap()
}

fn names(list: &[&dyn Output<MatchReport>]) -> BTreeSet<String> {
    list.iter().map(|o| o.name().to_string()).collect()
}

fn files_in(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn umax_report_writes_exactly_the_listed_outputs() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/report/games.csv");
    for plots in [true, false] {
        let dir = scratch_dir(&format!("outputs-listed-{plots}"));
        let csv = dir.join("games.csv");
        std::fs::copy(&fixture, &csv).unwrap();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_umax"));
        cmd.arg("report").arg(&csv);
        if !plots {
            cmd.arg("--no-plots");
        }
        let out = cmd.output_within("umax report", Kind::Quick.limit());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );

        let listed = umax::report::report_files(plots);
        let mut expected = names(&listed);
        expected.insert("games.csv".into());
        assert_eq!(files_in(&dir), expected, "plots: {plots}");
        // in the order of the lists, each announced once
        let announced: Vec<String> = String::from_utf8_lossy(&out.stderr)
            .lines()
            .filter_map(|l| l.strip_prefix("wrote "))
            .map(String::from)
            .collect();
        let in_order: Vec<String> = listed
            .iter()
            .map(|o| dir.join(o.name()).display().to_string())
            .collect();
        assert_eq!(announced, in_order);

        // and every file is its output's rendering of the report, as is the printed text
        let report = report_of(&csv);
        for o in &listed {
            let bytes = std::fs::read(dir.join(o.name())).unwrap();
            assert!(
                bytes == formats::render(*o, &report).unwrap(),
                "{}",
                o.name()
            );
        }
        let text = formats::render(umax::report::TEXT, &report).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&text)
        );
    }
}

/// A format made for this test: the number of games and sd's score.
struct Tally;

impl Output<MatchReport> for Tally {
    fn name(&self) -> &str {
        "tally.txt"
    }

    fn write(&self, r: &MatchReport, w: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        Ok(writeln!(
            w,
            "{} games, score {}",
            r.summary.games, r.summary.score
        )?)
    }
}

/// A format that cannot be written.
struct Broken;

impl Output<MatchReport> for Broken {
    fn name(&self) -> &str {
        "broken.txt"
    }

    fn write(&self, _: &MatchReport, w: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        w.write_all(b"half")?;
        Err("no data for this".into())
    }
}

#[test]
fn a_new_format_is_one_impl_written_like_the_others() {
    let report = MatchReport::new(match_rows(), None).unwrap();
    let dir = scratch_dir("outputs-new-format");
    let list: [&dyn Output<MatchReport>; 2] = [&Tally, umax::report::SUMMARY_FILES[0]];
    let written = formats::write_files(&dir, &list, &report).unwrap();
    assert_eq!(
        written,
        vec![dir.join("tally.txt"), dir.join("summary.csv")]
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("tally.txt")).unwrap(),
        format!(
            "{} games, score {}\n",
            report.summary.games, report.summary.score
        )
    );
    assert_eq!(
        std::fs::read(dir.join("summary.csv")).unwrap(),
        umax::match_summary::summary_csv(&report.summary)
    );

    // A format that fails names its file and leaves nothing behind (not even a temporary
    // file), and the outputs before it stay written.
    let dir = scratch_dir("outputs-broken-format");
    let list: [&dyn Output<MatchReport>; 2] = [&Tally, &Broken];
    let e = formats::write_files(&dir, &list, &report).unwrap_err();
    assert!(
        e.contains("broken.txt") && e.contains("no data for this"),
        "{e}"
    );
    assert_eq!(files_in(&dir), BTreeSet::from(["tally.txt".to_string()]));
}

#[test]
fn the_match_appends_every_per_game_output() {
    let names: Vec<&str> = umax::matchrun::match_dir::GAME_FILES
        .iter()
        .map(|o| o.name())
        .collect();
    assert_eq!(names, ["games.pgn"]);
    let dir = scratch_dir("outputs-per-game");
    let mut opts = umax::matchrun::MatchOptions::new(Some(dir.clone()));
    opts.games = 2;
    opts.budget = umax::matchrun::Budget::Nodes(2_000);
    opts.hash_bits = 12;
    opts.concurrency = 1;
    opts.progress = false;
    umax::matchrun::run(&opts).unwrap();
    for name in names {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(text.matches("[Event ").count(), 2, "{name}");
    }
}
