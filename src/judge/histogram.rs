//! `histogram.svg`: the judged divergences by `test_cp − base_cp` (scores clipped to ±1000), in
//! bins of [`BIN`] cp centred on multiples of [`BIN`] from −[`RANGE`] to +[`RANGE`] (so the
//! bin at 0 holds the differences within ±12 cp); differences beyond go into the end bins.

use super::DivergenceRow;
use super::summary::{JudgeSummary, clipped_diff};
use plotters::prelude::*;
use std::path::Path;

pub const BIN: i32 = 25;
pub const RANGE: i32 = 500;

const SD_COLOUR: RGBColor = RGBColor(31, 119, 180);
const GREY: RGBColor = RGBColor(120, 120, 120);

/// Counts per bin; bin `i` is centred on `-RANGE + i·BIN` and covers
/// `[centre - BIN/2, centre + BIN/2)` (integer differences: `centre-12 ..= centre+12`);
/// values outside go into the first or last bin.
pub fn bins(rows: &[DivergenceRow]) -> Vec<u64> {
    let half = RANGE / BIN;
    let mut counts = vec![0u64; (2 * half + 1) as usize];
    for r in rows {
        let d = clipped_diff(r);
        let i = (d + (BIN - 1) / 2).div_euclid(BIN).clamp(-half, half) + half;
        counts[i as usize] += 1;
    }
    counts
}

pub fn draw(
    path: &Path,
    rows: &[DivergenceRow],
    s: &JudgeSummary,
) -> Result<(), Box<dyn std::error::Error>> {
    let counts = bins(rows);
    let top = counts.iter().copied().max().unwrap_or(0).max(1) as f64 * 1.1;
    let root = SVGBackend::new(path, (800, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let caption = format!(
        "{} divergences: {} − {} {} cp [{}, {}], better/equal/worse {}/{}/{}",
        s.divergences,
        s.test,
        s.base,
        crate::text::fixed(s.clipped.mean, 1),
        crate::text::fixed(s.clipped.low, 1),
        crate::text::fixed(s.clipped.high, 1),
        s.better,
        s.equal,
        s.worse
    );
    let w = BIN as f64;
    let (lo, hi) = (-RANGE as f64 - w / 2.0, RANGE as f64 + w / 2.0);
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 18))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(lo..hi, 0f64..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(format!(
            "judge's {}_cp − {}_cp (mover's view, clipped; end bins hold all beyond ±{RANGE})",
            s.test, s.base
        ))
        .y_desc("divergences")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    chart.draw_series(counts.iter().enumerate().map(|(i, &c)| {
        let centre = (-RANGE + i as i32 * BIN) as f64;
        Rectangle::new(
            [(centre - w / 2.0, 0.0), (centre + w / 2.0, c as f64)],
            SD_COLOUR.filled(),
        )
    }))?;
    chart.draw_series(LineSeries::new([(0.0, 0.0), (0.0, top)], GREY))?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_clip_at_the_ends() {
        let row = |d: i32| DivergenceRow {
            test_cp: d,
            ..DivergenceRow::default()
        };
        let c = bins(&[
            row(0),
            row(12),
            row(-12),
            row(13),
            row(-13),
            row(9000),
            row(-600),
            row(500),
        ]);
        assert_eq!(c.len(), 41);
        assert_eq!(c[20], 3); // 0, 12, -12
        assert_eq!(c[21], 1); // 13
        assert_eq!(c[19], 1); // -13
        assert_eq!(c[40], 2); // 500 and 9000 (clipped to 1000)
        assert_eq!(c[0], 1); // -600
    }
}
