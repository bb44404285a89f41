//! Every plot of every committed run, rendered as a reader sees it: the ratio axis must cover
//! the central 98% of the per-game points (and not be stretched by one wild game), the score
//! axes must show the score and the 2006 post's claim of the matching condition, and every caption
//! names its condition. And every committed run's `summary.csv` and plots are what `umax
//! report` writes today, byte for byte.

use std::path::{Path, PathBuf};
use umax::formats;
use umax::plot::{RATIOS, RUNNING_SCORE, SCORE, condition_label};
use umax::post2006::post_condition;
use umax::report::MatchReport;
use umax::report::{read_games, summarize};

fn committed_runs() -> Vec<PathBuf> {
    let results = Path::new(env!("CARGO_MANIFEST_DIR")).join("results");
    let mut runs: Vec<PathBuf> = std::fs::read_dir(&results)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("games.csv").is_file())
        .collect();
    runs.sort();
    runs
}

#[test]
fn every_committed_plot_shows_the_bulk_of_its_data() {
    let runs = committed_runs();
    assert!(runs.len() >= 4, "{runs:?}");
    for run in runs {
        let name = run.file_name().unwrap().to_string_lossy().to_string();
        let rows = read_games(&[run.join("games.csv")]).unwrap();
        let summary = summarize(&rows).unwrap();
        let label = condition_label(&summary.settings);
        let mut axes = Vec::new();
        for plot in [SCORE, RUNNING_SCORE, RATIOS] {
            let (svg, y) = plot.draw(&rows, &summary).unwrap();
            assert!(svg.starts_with("<svg") || svg.contains("<svg"), "{name}");
            assert!(
                svg.contains(&label),
                "{name}: {} lacks '{label}'",
                plot.file
            );
            for bad in ["NaN", "inf"] {
                assert!(!svg.contains(bad), "{name}: {} has {bad}", plot.file);
            }
            assert!(y.0 < y.1 && y.0.is_finite() && y.1.is_finite());
            axes.push(y);
        }

        // ratios: the central 98% of the per-game points lie inside the axis
        let (lo, hi) = axes[2];
        let per_game: Vec<f64> = rows
            .iter()
            .flat_map(|r| {
                [
                    r.test_cpu_s / r.base_cpu_s,
                    r.test_nodes as f64 / r.base_nodes as f64,
                ]
            })
            .filter(|v| v.is_finite() && *v > 0.0)
            .collect();
        let inside = per_game.iter().filter(|v| (lo..=hi).contains(*v)).count();
        assert!(
            inside as f64 >= 0.98 * per_game.len() as f64,
            "{name}: only {inside} of {} ratio points inside [{lo}, {hi}]",
            per_game.len()
        );
        // and the axis is not stretched far beyond the bulk by a few wild games
        let mut sorted = per_game.clone();
        sorted.sort_by(f64::total_cmp);
        if sorted.len() >= 50 {
            let spread =
                umax::stats::quantile(&sorted, 0.99) - umax::stats::quantile(&sorted, 0.01);
            assert!(
                hi - lo <= 1.5 * spread.max(0.1),
                "{name}: axis [{lo}, {hi}] much wider than the bulk ({spread})"
            );
        }
        if let Some(post) = post_condition(&summary.settings) {
            assert!((lo..=hi).contains(&post.time_ratio), "{name}");
        }

        // score: shows the estimate and the 2006 post's claim of the condition
        let (slo, shi) = axes[0];
        let claim = post_condition(&summary.settings).map_or(0.575, |r| r.score);
        assert!((slo..=shi).contains(&claim), "{name}");
        assert!((slo..=shi).contains(&summary.score), "{name}");
    }
}

#[test]
fn the_2006_result_of_each_condition() {
    let at = |s: &str| post_condition(s).map(|r| (r.seconds, r.score, r.time_ratio));
    assert_eq!(
        at("builds=old,sd;tc=15;max_plies=400"),
        Some((15.0, 0.575, 1.036))
    );
    assert_eq!(at("builds=old,sd;nodes=400000"), Some((60.0, 0.53, 0.972)));
    assert_eq!(
        at("builds=old,sd;tc=60;tc_ref_nps=600000"),
        Some((60.0, 0.53, 0.972))
    );
    assert_eq!(at("builds=old,sd;nodes=20000"), None);
    assert_eq!(
        condition_label("builds=old,sd;tc=15;hash_bits=24;tc_ref_nps=600000"),
        "tc=15 s/game scaled to 600000 nodes/s"
    );
    assert_eq!(
        condition_label("builds=old,sd;tc=60"),
        "tc=60 s/game (this machine)"
    );
    assert_eq!(
        condition_label("builds=old,sd;nodes=100000"),
        "nodes=100000"
    );
}

/// Every committed run: `summary.csv` and the plots, as `umax report` writes them through the
/// lists, are the committed files byte for byte.
#[test]
fn every_committed_run_is_reproduced_byte_for_byte() {
    let runs = committed_runs();
    assert!(runs.len() >= 4, "{runs:?}");
    for run in runs {
        let report = MatchReport::new(read_games(&[run.join("games.csv")]).unwrap(), None).unwrap();
        for o in umax::report::report_files(true) {
            let committed = run.join(o.name());
            let got = formats::render(o, &report).unwrap();
            let want = std::fs::read(&committed)
                .unwrap_or_else(|e| panic!("{}: {e}", committed.display()));
            assert!(
                got == want,
                "{} differs from what `umax report` writes",
                committed.display()
            );
        }
    }
}
