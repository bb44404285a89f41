//! The tournament ratings (`src/ratings.rs`) against independent computations on fixed data.

use umax::games_csv::GameRow;
use umax::ratings::{PairingGames, Ratings, Tournament, chart_rows, cross_table, rate, render};

/// `pairs` game pairs of `base` against `test`, the test build's scores per game in turn.
fn pairing(base: &str, test: &str, scores: &[f64]) -> PairingGames {
    let rows = scores
        .iter()
        .enumerate()
        .map(|(i, &s)| GameRow {
            game: i as u64 + 1,
            pair: i as u64 / 2 + 1,
            test_score: s,
            test_cpu_s: 2.0,
            base_cpu_s: 1.0,
            test_nodes: 300,
            base_nodes: 100,
            test_depth: 7,
            base_depth: 6,
            ..GameRow::default()
        })
        .collect();
    PairingGames {
        base: base.into(),
        test: test.into(),
        rows,
    }
}

/// `w` wins, `d` draws, `l` losses of test, spread over pairs.
fn wdl(w: usize, d: usize, l: usize) -> Vec<f64> {
    let mut v = vec![1.0; w];
    v.extend(vec![0.5; d]);
    v.extend(vec![0.0; l]);
    v
}

#[test]
fn two_builds_give_the_matchs_own_elo() {
    for (w, d, l) in [(30, 40, 20), (10, 80, 14), (51, 0, 49)] {
        let t = Tournament::new(vec![pairing("old", "sd", &wdl(w, d, l))]);
        let fit = rate(&t, 200);
        let s = (w as f64 + 0.5 * d as f64) / (w + d + l) as f64;
        let elo = umax::stats::elo_from_score(s);
        assert_eq!(fit.builds, ["old", "sd"]);
        assert_eq!(fit.elo[0], Some(0.0), "anchored at old");
        approx::assert_abs_diff_eq!(fit.elo[1].unwrap(), elo, epsilon = 1e-6);
        assert!(fit.lo[1].unwrap() < elo && elo < fit.hi[1].unwrap());
    }
}

/// Three builds whose scores are exactly those the ratings 0, +100, -50 predict (many games):
/// the maximum-likelihood fit is those ratings. Checked also by a separate Newton solve of the
/// likelihood equations written here.
#[test]
fn three_builds_with_consistent_scores_recover_their_ratings() {
    let r = [0.0, 100.0, -50.0];
    let names = ["old", "a", "b"];
    let e = |i: usize, j: usize| 1.0 / (1.0 + 10f64.powf((r[j] - r[i]) / 400.0));
    let n = 4000usize;
    let mut pairings = Vec::new();
    for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        // test = j scores e(j,i) on average: as many wins as that, the rest losses
        let wins = (e(j, i) * n as f64).round() as usize;
        pairings.push(pairing(names[i], names[j], &wdl(wins, 0, n - wins)));
    }
    let t = Tournament::new(pairings.clone());
    let fit = rate(&t, 0);
    // independent: Newton on the two free ratings (old fixed at 0) of the score equations
    let games = |i: usize, j: usize| if i == j { 0.0 } else { n as f64 };
    let mut score = [[0.0; 3]; 3];
    for p in &pairings {
        let (b, s) = (
            names.iter().position(|x| *x == p.base).unwrap(),
            names.iter().position(|x| *x == p.test).unwrap(),
        );
        for row in &p.rows {
            score[s][b] += row.test_score;
            score[b][s] += 1.0 - row.test_score;
        }
    }
    let mut x = [0.0f64; 3];
    for _ in 0..50 {
        let p = |i: usize, j: usize, x: &[f64; 3]| 1.0 / (1.0 + 10f64.powf((x[j] - x[i]) / 400.0));
        let k = 10f64.ln() / 400.0;
        let mut g = [0.0; 3];
        let mut h = [[0.0; 3]; 3];
        for i in 1..3 {
            for j in 0..3 {
                if i == j {
                    continue;
                }
                let pij = p(i, j, &x);
                g[i] += score[i][j] - games(i, j) * pij;
                let d = games(i, j) * pij * (1.0 - pij) * k;
                h[i][i] -= d;
                if j != 0 {
                    h[i][j] += d;
                }
            }
        }
        let det = h[1][1] * h[2][2] - h[1][2] * h[2][1];
        let dx1 = (g[1] * h[2][2] - g[2] * h[1][2]) / det;
        let dx2 = (h[1][1] * g[2] - h[2][1] * g[1]) / det;
        x[1] -= dx1;
        x[2] -= dx2;
    }
    for i in 0..3 {
        approx::assert_abs_diff_eq!(fit.elo[i].unwrap(), x[i], epsilon = 1e-4);
        approx::assert_abs_diff_eq!(fit.elo[i].unwrap(), r[i], epsilon = 0.5);
    }
}

#[test]
fn degenerate_data_gives_undefined_never_nan() {
    // sdp won every game (a draw is half a win, so a build that only drew would be finite):
    // no finite rating; a pairing with no games; a build seen only there
    let t = Tournament::new(vec![
        pairing("old", "sd", &wdl(5, 10, 5)),
        pairing("old", "sdp", &wdl(6, 0, 0)),
        pairing("sd", "sdp", &wdl(2, 0, 0)),
        pairing("old", "noiid", &[]),
    ]);
    let fit = rate(&t, 100);
    let at = |b: &str| fit.builds.iter().position(|x| x == b).unwrap();
    assert_eq!(fit.elo[at("old")], Some(0.0));
    assert!(fit.elo[at("sd")].is_some_and(f64::is_finite));
    assert_eq!(fit.elo[at("sdp")], None, "never lost: undefined");
    assert_eq!(fit.elo[at("noiid")], None, "no games: undefined");
    for (name, text) in render(&t, &fit) {
        assert!(
            !text.contains("NaN") && !text.contains("inf"),
            "{name}: {text}"
        );
    }
    let txt = render(&t, &fit)
        .into_iter()
        .find(|(n, _)| *n == "ratings.txt")
        .unwrap()
        .1;
    let sdp_line = txt.lines().find(|l| l.contains(" sdp ")).unwrap();
    assert!(sdp_line.contains(" - "), "{sdp_line}");
    // disconnected: two builds that never met the anchor's side
    let t = Tournament::new(vec![
        pairing("old", "sd", &wdl(3, 3, 3)),
        pairing("iidr2", "sdp", &wdl(3, 3, 3)),
    ]);
    let fit = rate(&t, 50);
    assert_eq!(
        fit.elo.iter().filter(|e| e.is_none()).count(),
        2,
        "{:?}",
        fit.elo
    );
}

#[test]
fn bootstrap_is_deterministic_and_the_cross_table_counts_pairs() {
    let t = Tournament::new(vec![pairing(
        "old",
        "sd",
        &[1.0, 0.5, 0.5, 0.5, 0.0, 0.0, 1.0, 1.0],
    )]);
    let a = render(&t, &rate(&t, 300));
    let b = render(&t, &rate(&t, 300));
    assert_eq!(a, b);
    let c = &cross_table(&t)[0];
    assert_eq!(
        (c.games, c.pairs, c.wins, c.draws, c.losses),
        (8, 4, 3, 3, 2)
    );
    assert_eq!(c.penta, [1, 0, 1, 1, 1]);
    let csv = &a.iter().find(|(n, _)| *n == "ratings.csv").unwrap().1;
    // sd used twice old's time and three times its nodes per game
    let sd = csv.lines().find(|l| l.starts_with("sd,")).unwrap();
    assert!(sd.contains(",2.0000,3.0000,7.00"), "{sd}");
}

/// `ratings.svg` draws every build in rating order with its figures, the anchor at 0, an
/// undefined rating and an undefined bound as undefined, and its axis takes in every finite
/// bound and 0.
#[test]
fn the_chart_shows_every_build_and_what_is_undefined() {
    // `x` lost one pair of three: resamples without it leave x unbeaten, so its upper bound
    // is undefined; sdp never lost: no finite rating
    let t = Tournament::new(vec![
        pairing("old", "sd", &wdl(20, 30, 10)),
        pairing("old", "x", &[1.0, 1.0, 1.0, 1.0, 1.0, 0.0]),
        pairing("old", "sdp", &wdl(6, 0, 0)),
    ]);
    let fit = rate(&t, 200);
    let at = |b: &str| fit.builds.iter().position(|x| x == b).unwrap();
    assert!(fit.elo[at("x")].is_some() && fit.hi[at("x")].is_none() && fit.lo[at("x")].is_some());
    let r = Ratings {
        tournament: &t,
        fit: &fit,
    };
    let rows = chart_rows(&r);
    let labels: Vec<&str> = rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(
        labels,
        ["x", "sd", "old", "sdp"],
        "rating order, undefined last"
    );
    let note = |b: &str| rows.iter().find(|r| r.label == b).unwrap().note.clone();
    assert_eq!(note("old"), "0 (anchor)");
    assert_eq!(note("sdp"), "undefined (no finite rating)");
    assert!(note("x").ends_with(", undefined]"), "{}", note("x"));
    let sd = at("sd");
    assert_eq!(
        note("sd"),
        format!(
            "{:+.1} [{:+.1}, {:+.1}]",
            fit.elo[sd].unwrap(),
            fit.lo[sd].unwrap(),
            fit.hi[sd].unwrap()
        )
    );
    let (_, (lo, hi)) = umax::plot::interval_chart(&umax::plot::IntervalChart {
        caption: "c",
        x_desc: "d",
        notes_title: "n",
        reference: 0.0,
        rows: &rows,
    })
    .unwrap();
    for v in [Some(0.0), fit.lo[at("x")], fit.lo[sd], fit.hi[sd]]
        .into_iter()
        .flatten()
    {
        assert!(lo < v && v < hi, "{v} outside [{lo}, {hi}]");
    }
    let file = render(&t, &fit)
        .into_iter()
        .find(|(n, _)| n == "ratings.svg")
        .unwrap()
        .1;
    for text in [
        "x",
        "sd",
        "old",
        "sdp",
        "undefined (no finite rating)",
        "0 (anchor)",
    ] {
        // plotters writes a text's content on a line of its own
        assert!(file.lines().any(|l| l == text), "{text} in the chart");
    }
    assert!(!file.contains("NaN") && !file.contains("inf"));
}

/// `ratings.csv`'s `los` (after `hi95`) is the LOS matrix's entry of `ratings.txt` in the
/// build's row and the anchor's column, and empty for the anchor.
#[test]
fn the_los_column_is_the_los_matrixs_entry_over_the_anchor() {
    let t = Tournament::new(vec![
        pairing("old", "sd", &wdl(11, 20, 9)),
        pairing("old", "b", &wdl(9, 20, 11)),
        pairing("sd", "b", &wdl(10, 18, 12)),
    ]);
    let fit = rate(&t, 300);
    let files = render(&t, &fit);
    let file = |name: &str| files.iter().find(|(n, _)| n == name).unwrap().1.clone();
    let (csv, txt) = (file("ratings.csv"), file("ratings.txt"));
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    assert_eq!(col("los"), col("hi95") + 1);
    let los: std::collections::HashMap<String, String> = lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), header.len(), "{l}");
            (f[0].to_string(), f[col("los")].to_string())
        })
        .collect();
    // the matrix: a header of the builds, then a row per build, its diagonal cell blank
    let matrix = txt.split("\nLOS (").nth(1).unwrap();
    let mut rows = matrix.lines().skip(1);
    let order: Vec<&str> = rows.next().unwrap().split_whitespace().collect();
    let anchor = order.iter().position(|b| *b == "old").unwrap();
    let mut seen = 0;
    for line in rows.filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split_whitespace();
        let build = fields.next().unwrap();
        let mut cells: Vec<&str> = fields.collect();
        cells.insert(order.iter().position(|b| *b == build).unwrap(), "");
        assert_eq!(cells.len(), order.len(), "{line}");
        assert_eq!(los[build], cells[anchor], "{build}'s LOS over old");
        seen += 1;
    }
    assert_eq!(seen, 3);
    assert_eq!(los["old"], "");
    // sd scored above old and b below, neither certainly: the entry of the build over old,
    // not of old over the build
    let of = |b: &str| los[b].parse::<f64>().unwrap();
    assert!(0.5 < of("sd") && of("sd") < 1.0, "{}", of("sd"));
    assert!(0.0 < of("b") && of("b") < 0.5, "{}", of("b"));
    let sd = fit.builds.iter().position(|b| b == "sd").unwrap();
    assert_eq!(
        los["sd"],
        format!("{:.3}", fit.los[sd][fit.anchor].unwrap())
    );
}
