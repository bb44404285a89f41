//! The judged divergences in a few numbers.
//!
//! - The headline is the mean of `TEST_cp − BASE_cp` (the judged builds' names) with each score first **clipped to
//!   ±[`CLIP`]** centipawns: beyond ten pawns (and for mates, `±(10000 − plies)`) a position is
//!   decided either way, and one mate against a small edge would otherwise outweigh hundreds of
//!   divergences. The 95% interval is the normal approximation `mean ± 1.96·s/√n` (sample
//!   standard deviation; the divergences are independent positions). The unclipped mean and
//!   the median are given too.
//! - Better / equal / worse: `test_cp − base_cp` (clipped) above `margin`, within `±margin`,
//!   below `−margin`.

use super::DivergenceRow;
use super::ThinkRow;
use super::divergence::Found;
use crate::stats::Z95;
use crate::text::fixed;
use std::fmt::Write as _;

/// Scores are clipped to ±CLIP centipawns for the headline mean and the shares.
pub const CLIP: i32 = 1000;

/// A mean with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mean {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

/// Mean and normal-approximation 95% interval (sample standard deviation); NaN for no data,
/// a zero-width interval for one value.
pub fn mean_interval(values: &[f64]) -> Mean {
    let n = values.len() as f64;
    if values.is_empty() {
        return Mean {
            mean: f64::NAN,
            low: f64::NAN,
            high: f64::NAN,
        };
    }
    let mean = values.iter().sum::<f64>() / n;
    let var = if values.len() > 1 {
        values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = Z95 * (var / n).sqrt();
    Mean {
        mean,
        low: mean - half,
        high: mean + half,
    }
}

/// The clipped difference of a row.
pub fn clipped_diff(r: &DivergenceRow) -> i32 {
    r.test_cp.clamp(-CLIP, CLIP) - r.base_cp.clamp(-CLIP, CLIP)
}

#[derive(Clone, Debug, PartialEq)]
pub struct JudgeSummary {
    /// The two builds judged: `test` against `base` (named as games.csv names them).
    pub base: String,
    pub test: String,
    pub settings: String,
    pub divergences: usize,
    /// Of the clipped differences (the headline).
    pub clipped: Mean,
    pub raw: Mean,
    pub median: f64,
    pub margin: i32,
    pub better: usize,
    pub equal: usize,
    pub worse: usize,
    /// Games mode: pairs by kind (identical, one a prefix of the other, one game only).
    pub pairs: Option<(u64, u64, u64)>,
    /// Positions mode: positions thought about, where the moves differ, where a build offered
    /// no legal move.
    pub positions: Option<(usize, usize, usize)>,
    /// CPU seconds of umax's thinks (positions mode) and of the judge.
    pub umax_cpu_s: f64,
    pub judge_cpu_s: f64,
    /// Units of work done (pairs judged, or positions thought about) of all the run's.
    pub done: (usize, usize),
}

pub fn summarize(
    rows: &[DivergenceRow],
    thinks: Option<&[ThinkRow]>,
    found: Option<&Found>,
    margin: i32,
    settings: &str,
    (base, test): (&str, &str),
) -> JudgeSummary {
    let clipped: Vec<f64> = rows.iter().map(|r| clipped_diff(r) as f64).collect();
    let raw: Vec<f64> = rows.iter().map(|r| r.test_minus_base as f64).collect();
    let mut sorted = clipped.clone();
    sorted.sort_by(|a, b| a.total_cmp(b));
    let median = crate::stats::median(&mut sorted).unwrap_or(f64::NAN);
    let m = margin as f64;
    JudgeSummary {
        base: base.to_string(),
        test: test.to_string(),
        settings: settings.to_string(),
        divergences: rows.len(),
        clipped: mean_interval(&clipped),
        raw: mean_interval(&raw),
        median,
        margin,
        better: clipped.iter().filter(|&&d| d > m).count(),
        equal: clipped.iter().filter(|&&d| d.abs() <= m).count(),
        worse: clipped.iter().filter(|&&d| d < -m).count(),
        pairs: found.map(|f| (f.identical_pairs, f.prefix_pairs, f.incomplete_pairs)),
        positions: thinks.map(|t| {
            (
                t.len(),
                t.iter()
                    .filter(|r| {
                        r.base_move != "-" && r.test_move != "-" && r.base_move != r.test_move
                    })
                    .count(),
                t.iter()
                    .filter(|r| r.base_move == "-" || r.test_move == "-")
                    .count(),
            )
        }),
        umax_cpu_s: thinks.map_or(0.0, |t| t.iter().map(|r| r.base_cpu_s + r.test_cpu_s).sum()),
        judge_cpu_s: rows.iter().map(|r| r.judge_cpu_s).sum(),
        done: (
            thinks.map_or(rows.len(), |t| t.len()),
            thinks.map_or(rows.len(), |t| t.len()),
        ),
    }
}

fn pct(k: usize, n: usize) -> String {
    if n == 0 {
        "-".into()
    } else {
        format!("{}%", fixed(100.0 * k as f64 / n as f64, 1))
    }
}

/// The summary for people.
pub fn text(s: &JudgeSummary) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "Settings: {}", s.settings);
    if s.done.0 < s.done.1 {
        let _ = writeln!(
            o,
            "PARTIAL: {} of {} done (--resume continues the run)",
            s.done.0, s.done.1
        );
    }
    if let Some((identical, prefix, incomplete)) = s.pairs {
        let _ = writeln!(
            o,
            "Pairs: {} diverging (judged), {identical} identical, {prefix} where one game is a prefix of the other, {incomplete} with one game only",
            s.divergences
        );
    }
    if let Some((n, differ, no_move)) = s.positions {
        let _ = writeln!(
            o,
            "Positions: {n} thought about by both builds; moves differ in {differ} ({}); a build offered no legal move in {no_move}",
            pct(differ, n)
        );
    }
    let _ = writeln!(o, "Divergences judged: {}", s.divergences);
    let _ = writeln!(
        o,
        "Mean {}_cp - {}_cp (scores clipped to +/-{CLIP}): {} cp, 95% interval [{}, {}]",
        s.test,
        s.base,
        fixed(s.clipped.mean, 1),
        fixed(s.clipped.low, 1),
        fixed(s.clipped.high, 1)
    );
    let _ = writeln!(
        o,
        "Mean {}_cp - {}_cp (unclipped, mates as +/-(10000 - plies)): {} cp, 95% interval [{}, {}]",
        s.test,
        s.base,
        fixed(s.raw.mean, 1),
        fixed(s.raw.low, 1),
        fixed(s.raw.high, 1)
    );
    let _ = writeln!(o, "Median (clipped): {} cp", fixed(s.median, 1));
    let n = s.divergences;
    let _ = writeln!(
        o,
        "{}'s move better / equal (within {} cp) / worse: {} / {} / {} ({} / {} / {})",
        s.test,
        s.margin,
        s.better,
        s.equal,
        s.worse,
        pct(s.better, n),
        pct(s.equal, n),
        pct(s.worse, n)
    );
    let _ = writeln!(
        o,
        "CPU: umax thinks {} s, judge {} s",
        fixed(s.umax_cpu_s, 1),
        fixed(s.judge_cpu_s, 1)
    );
    o
}

/// `judge-summary.csv`: a header and one row.
pub fn csv(s: &JudgeSummary) -> Vec<u8> {
    let (identical, prefix, incomplete) = s
        .pairs
        .map_or((String::new(), String::new(), String::new()), |p| {
            (p.0.to_string(), p.1.to_string(), p.2.to_string())
        });
    let (positions, differ, no_move) = s
        .positions
        .map_or((String::new(), String::new(), String::new()), |p| {
            (p.0.to_string(), p.1.to_string(), p.2.to_string())
        });
    let f = |x: f64| fixed(x, 3);
    let (minus_clipped, minus_raw, better, worse) = (
        format!("mean_{}_minus_{}_clipped", s.test, s.base),
        format!("mean_{}_minus_{}_raw", s.test, s.base),
        format!("{}_better", s.test),
        format!("{}_worse", s.test),
    );
    let cols: Vec<(&str, String)> = vec![
        ("done", s.done.0.to_string()),
        ("total", s.done.1.to_string()),
        ("divergences", s.divergences.to_string()),
        (&minus_clipped, f(s.clipped.mean)),
        ("clipped_low", f(s.clipped.low)),
        ("clipped_high", f(s.clipped.high)),
        ("clip", CLIP.to_string()),
        (&minus_raw, f(s.raw.mean)),
        ("raw_low", f(s.raw.low)),
        ("raw_high", f(s.raw.high)),
        ("median_clipped", f(s.median)),
        ("margin", s.margin.to_string()),
        (&better, s.better.to_string()),
        ("equal", s.equal.to_string()),
        (&worse, s.worse.to_string()),
        ("identical_pairs", identical),
        ("prefix_pairs", prefix),
        ("incomplete_pairs", incomplete),
        ("positions", positions),
        ("positions_differing", differ),
        ("positions_no_move", no_move),
        ("umax_cpu_s", f(s.umax_cpu_s)),
        ("judge_cpu_s", f(s.judge_cpu_s)),
        ("settings", s.settings.clone()),
    ];
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    w.write_record(cols.iter().map(|c| c.0))
        .expect("in-memory csv");
    w.write_record(cols.iter().map(|c| c.1.as_str()))
        .expect("in-memory csv");
    w.into_inner().expect("in-memory csv")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(base_cp: i32, test_cp: i32) -> DivergenceRow {
        DivergenceRow {
            base_cp,
            test_cp,
            test_minus_base: test_cp - base_cp,
            ..DivergenceRow::default()
        }
    }

    #[test]
    fn means_and_intervals() {
        let m = mean_interval(&[1.0, 2.0, 3.0, 4.0]);
        assert!((m.mean - 2.5).abs() < 1e-12);
        // s = sqrt(5/3), half = 1.96 * s / 2
        let half = Z95 * (5.0f64 / 3.0).sqrt() / 2.0;
        assert!((m.high - 2.5 - half).abs() < 1e-12);
        assert!(mean_interval(&[]).mean.is_nan());
        let one = mean_interval(&[7.0]);
        assert_eq!((one.low, one.high), (7.0, 7.0));
    }

    #[test]
    fn clipping_shares_and_median() {
        let rows = [
            row(0, 20),
            row(0, 5),
            row(30, 0),
            row(-9990, 9995),
            row(10, 10),
        ];
        let s = summarize(&rows, None, None, 10, "x", ("old", "sd"));
        assert_eq!((s.better, s.equal, s.worse), (2, 2, 1));
        assert_eq!(clipped_diff(&rows[3]), 2000);
        assert_eq!(s.median, 5.0);
        assert!((s.clipped.mean - (20.0 + 5.0 - 30.0 + 2000.0) / 5.0).abs() < 1e-9);
        assert!((s.raw.mean - (20.0 + 5.0 - 30.0 + 19985.0) / 5.0).abs() < 1e-9);
        assert!(text(&s).contains("2 / 2 / 1"));
    }
}
