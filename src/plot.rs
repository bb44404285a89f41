//! SVG plots of a match (plotters' SVG backend: text is written as `<text>` elements, so no
//! font files are needed):
//!
//! * `score.svg`: sd's score with its 95% interval, from the games (trinomial) and from the
//!   pairs (pentanomial), against the 50% line and the seed's claim of 57.5%;
//! * `running_score.svg`: the score after each game with its 95% band;
//! * `ratios.svg`: sd/old CPU-time and node ratios, per game (points) and running (lines).
//!
//! Only finite numbers are drawn: an estimate without an interval (no spread in the data yet,
//! see [`crate::stats`]) is drawn as a point without a bar, the running band starts at the
//! first game where the interval is defined, and captions print `—` for what is undefined.

use crate::games::GameRow;
use crate::report::Summary;
use crate::stats::{Outcomes, Pentanomial, ScoreInterval, Trinomial};
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// The score the self-deepening seed claims for sd over old.
pub const SEED_CLAIM: f64 = 0.575;

const SIZE: (u32, u32) = (800, 500);
const SD_COLOUR: RGBColor = RGBColor(31, 119, 180);
const OLD_COLOUR: RGBColor = RGBColor(214, 39, 40);
const GREY: RGBColor = RGBColor(120, 120, 120);

/// Draws the three plots into `dir`; returns the files written. `rows` in any order.
pub fn write_plots(dir: &Path, rows: &[GameRow], s: &Summary) -> Result<Vec<PathBuf>, String> {
    let mut sorted: Vec<&GameRow> = rows.iter().collect();
    sorted.sort_by_key(|r| r.game);
    let files = [
        (dir.join("score.svg"), plot_score as PlotFn),
        (dir.join("running_score.svg"), plot_running_score),
        (dir.join("ratios.svg"), plot_ratios),
    ];
    let mut written = Vec::new();
    for (path, draw) in files {
        draw(&path, &sorted, s).map_err(|e| format!("cannot draw {}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

type PlotFn = fn(&Path, &[&GameRow], &Summary) -> Result<(), Box<dyn std::error::Error>>;

/// A y range around `values` that always shows 0.5 and the seed claim.
fn score_range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut lo, mut hi) = (0.45f64, 0.6f64);
    for v in values.filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    let pad = (hi - lo) * 0.05;
    ((lo - pad).max(0.0), (hi + pad).min(1.0))
}

fn plot_score(path: &Path, _: &[&GameRow], s: &Summary) -> Result<(), Box<dyn std::error::Error>> {
    let tri = Trinomial::new(s.wins, s.draws, s.losses).interval();
    let penta = Pentanomial::new(s.pentanomial).interval();
    // (x, score with its interval if defined)
    let estimates: Vec<(f64, ScoreInterval)> = [(1.0, tri), (2.0, penta)]
        .into_iter()
        .filter_map(|(x, i)| i.map(|i| (x, i)))
        .collect();
    let (lo, hi) = score_range(estimates.iter().flat_map(|(_, i)| {
        let (low, high) = i.bounds.unwrap_or((i.score, i.score));
        [i.score, low, high]
    }));

    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let caption = format!(
        "sd vs old: score {} {} in {} games, {} pairs",
        crate::report::fixed(s.score, 3),
        crate::report::score_interval(s),
        s.games,
        s.pairs
    );
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(35)
        .y_label_area_size(60)
        .build_cartesian_2d(0.5f64..2.5f64, lo..hi)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(3)
        .x_label_formatter(&|x| match x.round() as i32 {
            1 => "games (trinomial)".into(),
            2 => "pairs (pentanomial)".into(),
            _ => String::new(),
        })
        .y_desc("sd score (95% interval)")
        .draw()?;
    chart
        .draw_series(LineSeries::new([(0.5, 0.5), (2.5, 0.5)], GREY))?
        .label("50%")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], GREY));
    chart
        .draw_series(LineSeries::new(
            [(0.5, SEED_CLAIM), (2.5, SEED_CLAIM)],
            OLD_COLOUR,
        ))?
        .label("seed claim 57.5%")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], OLD_COLOUR));
    for &(x, ScoreInterval { score, bounds }) in &estimates {
        if let Some((low, high)) = bounds {
            let bar = SD_COLOUR.stroke_width(2);
            chart.draw_series([
                PathElement::new([(x, low), (x, high)], bar),
                PathElement::new([(x - 0.08, low), (x + 0.08, low)], bar),
                PathElement::new([(x - 0.08, high), (x + 0.08, high)], bar),
            ])?;
        }
        chart.draw_series([Circle::new((x, score), 5, SD_COLOUR.filled())])?;
    }
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .draw()?;
    root.present()?;
    Ok(())
}

fn plot_running_score(
    path: &Path,
    rows: &[&GameRow],
    _: &Summary,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut t = Trinomial::default();
    let mut points = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        match r.sd_score {
            1.0 => t.wins += 1,
            0.0 => t.losses += 1,
            _ => t.draws += 1,
        }
        // At least one game so far, so the score is defined; the interval may not be.
        if let Some(iv) = t.interval() {
            points.push(((i + 1) as f64, iv.score, iv.bounds));
        }
    }
    let n = rows.len().max(2) as f64;
    // The first few games swing the band across [0, 1]; scale to the later part.
    let skip = points.len() / 10;
    let (lo, hi) = score_range(points.iter().skip(skip).flat_map(|p| {
        let (low, high) = p.2.unwrap_or((p.1, p.1));
        [p.1, low, high]
    }));

    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("sd vs old: running score", ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(35)
        .y_label_area_size(60)
        .build_cartesian_2d(1f64..n, lo..hi)?;
    chart
        .configure_mesh()
        .x_desc("games")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_desc("sd score (95% band)")
        .draw()?;
    let clamp = |y: f64| y.clamp(lo, hi);
    // Once the games have two different results the interval stays defined, so the band is
    // one polygon from the first game where it is.
    let band: Vec<(f64, f64, f64)> = points
        .iter()
        .filter_map(|p| p.2.map(|(low, high)| (p.0, low, high)))
        .collect();
    let band: Vec<(f64, f64)> = band
        .iter()
        .map(|b| (b.0, clamp(b.2)))
        .chain(band.iter().rev().map(|b| (b.0, clamp(b.1))))
        .collect();
    chart.draw_series([Polygon::new(band, SD_COLOUR.mix(0.2).filled())])?;
    chart
        .draw_series(LineSeries::new(
            points.iter().map(|p| (p.0, clamp(p.1))),
            SD_COLOUR.stroke_width(2),
        ))?
        .label("score")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], SD_COLOUR));
    chart
        .draw_series(LineSeries::new([(1.0, 0.5), (n, 0.5)], GREY))?
        .label("50%")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], GREY));
    chart
        .draw_series(LineSeries::new(
            [(1.0, SEED_CLAIM), (n, SEED_CLAIM)],
            OLD_COLOUR,
        ))?
        .label("seed claim 57.5%")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], OLD_COLOUR));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .draw()?;
    root.present()?;
    Ok(())
}

fn plot_ratios(
    path: &Path,
    rows: &[&GameRow],
    s: &Summary,
) -> Result<(), Box<dyn std::error::Error>> {
    let ratio = |a: f64, b: f64| {
        let r = a / b;
        (r.is_finite() && r > 0.0).then_some(r)
    };
    let (mut cum_time, mut cum_nodes) = ((0.0, 0.0), (0.0, 0.0));
    let mut series: [Vec<(f64, f64)>; 4] = Default::default();
    for (i, r) in rows.iter().enumerate() {
        let x = (i + 1) as f64;
        let (sd_nodes, old_nodes) = (r.sd_nodes as f64, r.old_nodes as f64);
        cum_time = (cum_time.0 + r.sd_cpu_s, cum_time.1 + r.old_cpu_s);
        cum_nodes = (cum_nodes.0 + sd_nodes, cum_nodes.1 + old_nodes);
        let values = [
            ratio(r.sd_cpu_s, r.old_cpu_s),
            ratio(sd_nodes, old_nodes),
            ratio(cum_time.0, cum_time.1),
            ratio(cum_nodes.0, cum_nodes.1),
        ];
        for (list, v) in series.iter_mut().zip(values) {
            if let Some(v) = v {
                list.push((x, v));
            }
        }
    }
    let all = series.iter().flatten().map(|p| p.1);
    let (lo, hi) = all.fold((1.0f64, 1.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let n = rows.len().max(2) as f64;

    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let caption = format!(
        "sd/old ratios: CPU time {}, nodes {}",
        crate::report::fixed_opt(s.time_ratio, 3),
        crate::report::fixed_opt(s.node_ratio, 3)
    );
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(35)
        .y_label_area_size(60)
        .build_cartesian_2d(1f64..n, (lo / 1.1..hi * 1.1).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("games")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_desc("sd / old (log scale)")
        .draw()?;
    let [game_time, game_nodes, run_time, run_nodes] = series;
    chart.draw_series(
        game_time
            .iter()
            .map(|&p| Circle::new(p, 2, SD_COLOUR.mix(0.35).filled())),
    )?;
    chart.draw_series(
        game_nodes
            .iter()
            .map(|&p| Circle::new(p, 2, OLD_COLOUR.mix(0.35).filled())),
    )?;
    chart
        .draw_series(LineSeries::new(run_time, SD_COLOUR.stroke_width(2)))?
        .label("CPU time: running (line), per game (dots)")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], SD_COLOUR));
    chart
        .draw_series(LineSeries::new(run_nodes, OLD_COLOUR.stroke_width(2)))?
        .label("nodes: running (line), per game (dots)")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 20, y)], OLD_COLOUR));
    chart.draw_series(LineSeries::new([(1.0, 1.0), (n, 1.0)], GREY))?;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .draw()?;
    root.present()?;
    Ok(())
}
