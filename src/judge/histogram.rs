//! `histogram.svg`: the judged divergences by `sd_cp − old_cp` (scores clipped to ±1000), in
//! bins of [`BIN`] cp from −[`RANGE`] to +[`RANGE`]; differences beyond go into the end bins.

use super::DivergenceRow;
use super::summary::{JudgeSummary, clipped_diff};
use plotters::prelude::*;
use std::path::Path;

pub const BIN: i32 = 25;
pub const RANGE: i32 = 500;

const SD_COLOUR: RGBColor = RGBColor(31, 119, 180);
const GREY: RGBColor = RGBColor(120, 120, 120);

/// Counts per bin; bin `i` covers `[-RANGE + i·BIN, -RANGE + (i+1)·BIN)`, the last bin also
/// `RANGE` itself; values outside go into the first or last bin.
pub fn bins(rows: &[DivergenceRow]) -> Vec<u64> {
    let n = (2 * RANGE / BIN) as usize;
    let mut counts = vec![0u64; n];
    for r in rows {
        let d = clipped_diff(r);
        let i = ((d + RANGE).div_euclid(BIN)).clamp(0, n as i32 - 1) as usize;
        counts[i] += 1;
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
        "{} divergences: sd − old {} cp [{}, {}], better/equal/worse {}/{}/{}",
        s.divergences,
        crate::report::fixed(s.clipped.mean, 1),
        crate::report::fixed(s.clipped.low, 1),
        crate::report::fixed(s.clipped.high, 1),
        s.better,
        s.equal,
        s.worse
    );
    let (lo, hi) = (-RANGE as f64, RANGE as f64);
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
            "judge's sd_cp − old_cp (mover's view, clipped; end bins hold all beyond ±{RANGE})"
        ))
        .y_desc("divergences")
        .draw()?;
    chart.draw_series(counts.iter().enumerate().map(|(i, &c)| {
        let x0 = (-RANGE + i as i32 * BIN) as f64;
        Rectangle::new([(x0, 0.0), (x0 + BIN as f64, c as f64)], SD_COLOUR.filled())
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
            sd_cp: d,
            ..DivergenceRow::default()
        };
        let c = bins(&[
            row(0),
            row(24),
            row(25),
            row(-1),
            row(9000),
            row(-600),
            row(500),
        ]);
        assert_eq!(c.len(), 40);
        assert_eq!(c[20], 2); // 0 and 24
        assert_eq!(c[21], 1); // 25
        assert_eq!(c[19], 1); // -1
        assert_eq!(c[39], 2); // 500 and 9000 (clipped to 1000)
        assert_eq!(c[0], 1); // -600
    }
}
