//! `umax::report::summarize` and friends on handmade rows (see `tests/common/mod.rs`).

use crate::report_rows;

use approx::assert_relative_eq;
use report_rows::{match_rows, row};
use umax::report::{
    SUMMARY_COLUMNS, Summary, print_summary, sprt_line, summarize, summary_columns, summary_csv,
};
use umax::stats::{Outcomes, Pentanomial, Sprt, Trinomial};
use umax::text::fixed6;

#[test]
fn counts_ratios_and_pairs() {
    let s = summarize(&match_rows()).unwrap();
    assert_eq!(s.settings, "nodes=20000;max_plies=300;openings=default.txt");
    assert_eq!((s.games, s.wins, s.draws, s.losses), (9, 4, 3, 2));
    assert_relative_eq!(s.score, 5.5 / 9.0, epsilon = 1e-12);
    assert_eq!(s.pentanomial, [1, 0, 1, 1, 1]);
    assert_eq!(s.pairs, 4);
    assert_eq!(s.identical_pairs, 1);
    assert_relative_eq!(s.time_ratio.unwrap(), 2.5, epsilon = 1e-12);
    assert_relative_eq!(s.node_ratio.unwrap(), 45000.0 / 27000.0, epsilon = 1e-12);
    assert_relative_eq!(s.wall_ratio.unwrap(), 1.0 / 3.0, epsilon = 1e-12);
    assert_relative_eq!(s.test_cpu_s, 4.5, epsilon = 1e-12);
    assert_relative_eq!(s.base_cpu_s, 1.8, epsilon = 1e-12);
    assert_eq!((s.test_nodes, s.base_nodes), (45000, 27000));
    assert_eq!(s.test_mean_depth, 5.0);
    assert_eq!(s.base_mean_depth, 4.0);
    let terms: Vec<(&str, u64)> = s
        .terminations
        .iter()
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    assert_eq!(
        terms,
        [("checkmate", 6), ("fifty_moves", 1), ("threefold", 2)]
    );

    // The statistics are those of the counts.
    let t = Trinomial::new(4, 3, 2);
    let bounds = t.interval().unwrap().bounds.unwrap();
    assert_eq!(
        (s.score_low, s.score_high),
        (Some(bounds.0), Some(bounds.1))
    );
    let e = t.elo().unwrap();
    assert_eq!((s.elo, s.elo_pm), (e.elo, e.pm()));
    assert_eq!(s.los, t.los());
    assert_relative_eq!(s.draw_ratio, 1.0 / 3.0, epsilon = 1e-12);
    let p = Pentanomial::new([1, 0, 1, 1, 1]).elo().unwrap();
    assert_eq!((s.ptnml_elo, s.ptnml_elo_pm), (p.elo, p.pm()));
    // Hand check: pair scores 1.5, 0, 1, 2 -> 4.5 of 8 points.
    assert_relative_eq!(
        Pentanomial::new(s.pentanomial).score().unwrap(),
        4.5 / 8.0,
        epsilon = 1e-12
    );
}

#[test]
fn row_order_does_not_matter() {
    let mut rows = match_rows();
    let a = summary_csv(&summarize(&rows).unwrap());
    rows.reverse();
    let b = summary_csv(&summarize(&rows).unwrap());
    rows.sort_by_key(|r| r.game);
    let c = summary_csv(&summarize(&rows).unwrap());
    assert_eq!(a, b);
    assert_eq!(a, c);
}

#[test]
fn duplicate_game_numbers_are_refused() {
    let mut rows = match_rows();
    rows.push(row(3, 1.0, "checkmate", "e2e4"));
    rows.push(row(7, 0.0, "checkmate", "e2e4"));
    let err = summarize(&rows).unwrap_err();
    assert!(err.contains("duplicate game numbers: 3, 7"), "{err}");
}

#[test]
fn mixed_settings_are_refused() {
    let mut rows = match_rows();
    let mut other = row(10, 0.0, "checkmate", "e2e4");
    other.settings = "nodes=40000".into();
    rows.push(other);
    let err = summarize(&rows).unwrap_err();
    assert!(err.contains("mixed settings"), "{err}");
    assert!(err.contains("game 10 has 'nodes=40000'"), "{err}");
    assert!(err.contains("nodes=20000;max_plies=300"), "{err}");
}

#[test]
fn malformed_rows_are_refused() {
    assert!(summarize(&[]).unwrap_err().contains("no games"));
    let mut rows = match_rows();
    rows[0].test_score = 0.25;
    assert!(summarize(&rows).unwrap_err().contains("sd_score 0.25"));
    // Two games of one pair with the same colours.
    let mut rows = match_rows();
    let mut g10 = row(10, 0.0, "checkmate", "e2e4");
    g10.white = "sd".into();
    g10.black = "old".into();
    g10.result = "0-1".into(); // sd, white, scored 0
    rows.push(g10);
    let err = summarize(&rows).unwrap_err();
    assert!(
        err.contains("pair 5: games 9 and 10 both have sd as white"),
        "{err}"
    );
    // Three games in one pair: game 11 is not of pair 2 (a pair is games 2p-1 and 2p).
    let mut rows = match_rows();
    let mut g11 = row(11, 0.0, "checkmate", "e2e4");
    g11.pair = 2;
    rows.push(g11);
    let err = summarize(&rows).unwrap_err();
    assert!(
        err.contains("game 11: pair 2 is not the game's pair (6"),
        "{err}"
    );
    // A result that contradicts the score, and a negative time.
    let mut rows = match_rows();
    rows[1].result = if rows[1].result == "1-0" {
        "0-1"
    } else {
        "1-0"
    }
    .into();
    let err = summarize(&rows).unwrap_err();
    assert!(err.contains("is a score of"), "{err}");
    let mut rows = match_rows();
    rows[2].base_wall_s = f64::NAN;
    assert!(
        summarize(&rows)
            .unwrap_err()
            .contains("a wall time of NaN seconds")
    );
}

#[test]
fn completing_a_pair_updates_the_pentanomial() {
    let mut rows = match_rows();
    rows.push(row(10, 0.5, "stalemate", "e2e4 e7e5 a2a3"));
    let s = summarize(&rows).unwrap();
    assert_eq!(s.pairs, 5);
    assert_eq!(s.pentanomial, [1, 0, 1, 2, 1]);
    assert_eq!(s.identical_pairs, 2, "games 9 and 10 have the same moves");
    assert_eq!(s.terminations["stalemate"], 1);
}

/// All wins: the Elo would be infinite and there is no spread; both are left undefined (this
/// printed `Elo difference: inf +/- inf`).
#[test]
fn all_wins_leave_elo_undefined() {
    let rows: Vec<_> = (1..=4).map(|g| row(g, 1.0, "checkmate", "e2e4")).collect();
    let s = summarize(&rows).unwrap();
    assert_eq!((s.elo, s.elo_pm, s.score_low), (None, None, None));
    let values = s.csv_values();
    let col = |name: &str| &values[SUMMARY_COLUMNS.iter().position(|c| *c == name).unwrap()];
    assert_eq!(col("elo"), "");
    assert_eq!(col("elo_pm"), "");
    assert_eq!(col("score_low"), "");
    assert_eq!(col("score"), "1.000000");
    let text = print_summary(&s);
    assert!(text.contains("Elo difference: — +/- —"), "{text}");
    assert!(text.contains("Score 95% interval: —"), "{text}");
}

/// Every pair 1-1 (move-identical pairs): Elo 0, but no interval, and the SPRT does not decide
/// (this printed `Elo: 0.00 +/- 0.00`, and `H0 accepted` at ten pairs).
#[test]
fn identical_pairs_give_no_interval_and_no_decision() {
    let rows: Vec<_> = (1..=20)
        .map(|g| row(g, 0.5, "threefold", "e2e4 e7e5"))
        .collect();
    let s = summarize(&rows).unwrap();
    assert_eq!(s.pentanomial, [0, 0, 10, 0, 0]);
    assert_eq!(s.identical_pairs, 10);
    assert_eq!((s.ptnml_elo, s.ptnml_elo_pm), (Some(0.0), None));
    let text = print_summary(&s);
    assert!(text.contains("pairs: 10, Elo: 0.00 +/- —"), "{text}");
    let line = sprt_line(&s, &Sprt::parse("0,10,0.05,0.05").unwrap());
    assert!(line.starts_with("SPRT: llr 0.000 "), "{line}");
    assert!(
        line.contains(
            "on pairs: continue (no decision until the pairs have at least two different scores)"
        ),
        "{line}"
    );
}

/// Two won games (one pair) stopped `umax match --sprt 0,10,0.05,0.05` with "H1 accepted".
#[test]
fn two_wins_do_not_decide_an_sprt() {
    let rows = vec![row(1, 1.0, "checkmate", "a"), row(2, 1.0, "checkmate", "b")];
    let s = summarize(&rows).unwrap();
    let line = sprt_line(&s, &Sprt::parse("0,10,0.05,0.05").unwrap());
    assert!(line.contains("llr 0.000 "), "{line}");
    assert!(
        line.ends_with(
            ": continue (no decision until the pairs have at least two different scores)\n"
        ),
        "{line}"
    );
    // Two wins that are not a pair (games 1 and 3): the trinomial rule of cutechess-cli.
    let rows = vec![row(1, 1.0, "checkmate", "a"), row(3, 1.0, "checkmate", "b")];
    let line = sprt_line(
        &summarize(&rows).unwrap(),
        &Sprt::parse("0,10,0.05,0.05").unwrap(),
    );
    assert!(
        line.contains(
            "on games: continue (no decision until wins, draws and losses are all non-zero)"
        ),
        "{line}"
    );
}

/// The degenerate matches: the summary, `summary.csv`, the SPRT line and the three plots hold
/// no `nan` and no `inf`.
#[test]
fn degenerate_matches_write_no_nan_or_inf() {
    let wins = |n: u64| -> Vec<_> { (1..=n).map(|g| row(g, 1.0, "checkmate", "a")).collect() };
    let draws = |n: u64| -> Vec<_> { (1..=n).map(|g| row(g, 0.5, "threefold", "a")).collect() };
    let mut no_cpu = draws(3);
    for r in &mut no_cpu {
        (r.test_cpu_s, r.base_cpu_s, r.base_nodes) = (0.0, 0.0, 0);
    }
    let cases: Vec<(&str, Vec<_>)> = vec![
        ("one game", draws(1)),
        ("one won game", wins(1)),
        (
            "one pair",
            vec![row(1, 1.0, "checkmate", "a"), row(2, 0.5, "threefold", "b")],
        ),
        ("all wins", wins(6)),
        (
            "all losses",
            (1..=6).map(|g| row(g, 0.0, "checkmate", "a")).collect(),
        ),
        ("all draws", draws(7)),
        (
            "all pairs 1-1",
            (1..=10)
                .map(|g| row(g, (g % 2) as f64, "checkmate", "a"))
                .collect(),
        ),
        (
            "one win one draw",
            vec![row(1, 1.0, "checkmate", "a"), row(3, 0.5, "threefold", "b")],
        ),
        ("no CPU time, no old nodes", no_cpu),
    ];
    let sprt = Sprt::parse("0,10,0.05,0.05").unwrap();
    for (name, rows) in cases {
        let s: Summary = summarize(&rows).unwrap();
        for x in [
            s.score,
            s.los,
            s.draw_ratio,
            s.test_mean_depth,
            s.base_mean_depth,
        ]
        .into_iter()
        .chain(
            [
                s.score_low,
                s.score_high,
                s.elo,
                s.elo_pm,
                s.ptnml_elo,
                s.ptnml_elo_pm,
            ]
            .into_iter()
            .flatten(),
        )
        .chain(
            [s.time_ratio, s.wall_ratio, s.node_ratio]
                .into_iter()
                .flatten(),
        ) {
            assert!(x.is_finite(), "{name}: {x} in {s:?}");
        }
        let csv = String::from_utf8(summary_csv(&s)).unwrap();
        let text = print_summary(&s) + &sprt_line(&s, &sprt);
        let mut outputs = vec![("summary.csv".to_string(), csv), ("text".into(), text)];
        for plot in [
            umax::plot::SCORE,
            umax::plot::RUNNING_SCORE,
            umax::plot::RATIOS,
        ] {
            outputs.push((plot.file.to_string(), plot.draw(&rows, &s).unwrap().0));
        }
        for (what, body) in &outputs {
            let lower = body.to_lowercase();
            for bad in ["nan", "inf"] {
                assert!(
                    !lower.contains(bad),
                    "{name}: {what} contains {bad}:\n{body}"
                );
            }
        }
    }
}

#[test]
fn csv_has_one_header_and_one_value_row() {
    let s = summarize(&match_rows()).unwrap();
    let text = String::from_utf8(summary_csv(&s)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], summary_columns("old", "sd").join(","));
    assert_eq!(s.csv_values().len(), SUMMARY_COLUMNS.len());
    assert!(text.ends_with('\n'));
    // The settings contain no comma, so the value row splits cleanly.
    let values: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(values.len(), SUMMARY_COLUMNS.len());
    assert_eq!(values[1..5], ["9", "4", "3", "2"]);
    assert_eq!(values[5], "0.611111");
    assert_eq!(values[21], "2.500000"); // time_ratio
    assert_eq!(values[23], "1.666667"); // node_ratio
    assert_eq!(
        values[32], "checkmate=6;fifty_moves=1;threefold=2",
        "terminations"
    );
}

#[test]
fn fixed6_formats_edges() {
    assert_eq!(fixed6(0.5), "0.500000");
    assert_eq!(fixed6(-0.0), "0.000000");
    assert_eq!(fixed6(-1e-9), "0.000000");
    assert_eq!(fixed6(-2.5), "-2.500000");
    // Not finite: an empty field, never "inf" or "nan".
    assert_eq!(fixed6(f64::INFINITY), "");
    assert_eq!(fixed6(f64::NEG_INFINITY), "");
    assert_eq!(fixed6(f64::NAN), "");
    assert_eq!(umax::text::fixed(f64::NAN, 2), "—");
    assert_eq!(umax::text::fixed_opt(None, 2), "—");
    assert_eq!(umax::text::fixed_opt(Some(-0.0001), 2), "0.00");
}

#[test]
fn text_block_reads_like_cutechess() {
    let text = print_summary(&summarize(&match_rows()).unwrap());
    assert!(
        text.contains("Score of sd vs old: 4 - 2 - 3  [0.611] 9\n"),
        "{text}"
    );
    assert!(
        text.contains("Ptnml(0-2): [1, 0, 1, 1, 1], pairs: 4"),
        "{text}"
    );
    assert!(text.contains("Identical pairs: 1 of 4"), "{text}");
    assert!(text.contains("Time ratio sd/old: 2.500 CPU"), "{text}");
    assert!(
        text.contains("Node ratio sd/old: 1.667 (45000 / 27000 nodes)"),
        "{text}"
    );
    assert!(text.contains("Mean depth: sd 5.00, old 4.00"), "{text}");
    assert!(text.contains("  checkmate         6   66.67 %"), "{text}");
}
