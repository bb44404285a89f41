//! SVG charts (plotters' SVG backend: text is written as `<text>` elements, so no font files
//! are needed): the plots of a match, and an interval chart for other owners.
//!
//! The plots of a match:
//!
//! * `score.svg`: the test build's score (sd's by default) with its 95% interval, from the games (trinomial) and from the
//!   pairs (pentanomial), against the 50% line and the 2006 post's claim of 57.5%;
//! * `running_score.svg`: the score after each game with its 95% band;
//! * `ratios.svg`: test/base (sd/old) CPU-time and node ratios, per game (points) and running (lines), on
//!   an axis fitted to the bulk of the games (the central 98% of the per-game points; points
//!   outside are drawn at the edge and counted in the legend), with the 2006 post's own time ratio
//!   where the condition matches.
//!
//! The interval (forest) chart, [`interval_chart`]: one row per estimate with its interval,
//! against a reference line, the figures in a column beside it (`ratings.svg` of a tournament,
//! drawn by `ratings::RatingsSvg`); an undefined estimate is a note without a point, an
//! undefined bound a dashed bar to the chart's edge.
//!
//! Every caption of a match's plots names the condition (the budget of the settings), and the
//! 2006 post's claim drawn is the one of the matching condition
//! ([`crate::post2006::post_condition`]).
//!
//! Only finite numbers are drawn: an estimate without an interval (no spread in the data yet,
//! see [`crate::stats`]) is drawn as a point without a bar, the running band starts at the
//! first game where the interval is defined, and captions print `—` for what is undefined.

use crate::formats::Output;
use crate::games_csv::GameRow;
use crate::match_summary::MatchReport;
use crate::match_summary::Summary;
use crate::post2006::{POST_CLAIM, post_condition};
use crate::settings::Settings;
use crate::stats::{Outcomes, Pentanomial, ScoreInterval, Trinomial, quantile};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::error::Error;
use std::io::Write;

/// A short name of the condition of a settings string, for captions: `nodes=100000`,
/// `tc=15 s/game`, `tc=15 s/game scaled to 600000 nodes/s`.
pub fn condition_label(settings: &str) -> String {
    let settings = Settings::parse(settings);
    match (
        settings.get("nodes"),
        settings.get("tc"),
        settings.get("tc_ref_nps"),
    ) {
        (Some(n), _, _) => format!("nodes={n}"),
        (None, Some(t), Some(r)) => format!("tc={t} s/game scaled to {r} nodes/s"),
        (None, Some(t), None) => format!("tc={t} s/game (this machine)"),
        _ => "unknown condition".to_string(),
    }
}

const SIZE: (u32, u32) = (800, 500);
const SD_COLOUR: RGBColor = RGBColor(31, 119, 180);
const OLD_COLOUR: RGBColor = RGBColor(214, 39, 40);
const GREY: RGBColor = RGBColor(120, 120, 120);

/// One plot: its file and how it is drawn; an [`Output`] of a match report (the list of
/// plots written is `report::PLOT_FILES`).
pub struct Plot {
    pub file: &'static str,
    draw: PlotFn,
}

/// `score.svg`.
pub const SCORE: Plot = Plot {
    file: "score.svg",
    draw: plot_score,
};

/// `running_score.svg`.
pub const RUNNING_SCORE: Plot = Plot {
    file: "running_score.svg",
    draw: plot_running_score,
};

/// `ratios.svg`.
pub const RATIOS: Plot = Plot {
    file: "ratios.svg",
    draw: plot_ratios,
};

/// Draws an SVG into the string; returns the y range it was drawn with.
type PlotFn = fn(&mut String, &[&GameRow], &Summary) -> Result<(f64, f64), Box<dyn Error>>;

impl Plot {
    /// The SVG of the plot of `rows` (in any order) and their summary, and the y range it was
    /// drawn with (for tests: a plot must show what it claims to).
    pub fn draw(
        &self,
        rows: &[GameRow],
        s: &Summary,
    ) -> Result<(String, (f64, f64)), Box<dyn Error>> {
        let mut sorted: Vec<&GameRow> = rows.iter().collect();
        sorted.sort_by_key(|r| r.game);
        let mut svg = String::new();
        let y = (self.draw)(&mut svg, &sorted, s)?;
        Ok((svg, y))
    }
}

impl Output<MatchReport> for Plot {
    fn name(&self) -> &str {
        self.file
    }

    fn write(&self, report: &MatchReport, w: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        let (svg, _) = self.draw(&report.rows, &report.summary)?;
        Ok(w.write_all(svg.as_bytes())?)
    }
}

/// The 2006 post's claimed score for this summary's condition (57.5% when none matches, the claim
/// the project set out to test) and its label.
fn post_claim(s: &Summary) -> (f64, String) {
    let (score, label) = match post_condition(&s.settings) {
        Some(r) => (
            r.score,
            format!(
                "Muller 2006: {:.1}% ({} s/game)",
                r.score * 100.0,
                r.seconds
            ),
        ),
        None => (POST_CLAIM, "Muller 2006: 57.5% (15 s/game)".to_string()),
    };
    // the 2006 post's claim is about the default pairing (sd against old)
    let (base, test) = crate::pairing::Pairing::default().names();
    if (s.base.as_str(), s.test.as_str()) == (base.as_str(), test.as_str()) {
        (score, label)
    } else {
        (score, format!("{label}, {test} vs {base}"))
    }
}

/// A y range for ratios: the central 98% of the per-game `points` (so one wild game does not
/// flatten the others), widened to take in the `always` values (running ratios, 1.0, the
/// 2006 post's ratio), padded by 5%.
pub fn robust_range(points: &[f64], always: &[f64]) -> (f64, f64) {
    let mut sorted: Vec<f64> = points.iter().copied().filter(|v| v.is_finite()).collect();
    sorted.sort_by(f64::total_cmp);
    let (mut lo, mut hi) = (1.0f64, 1.0f64);
    if !sorted.is_empty() {
        // the 1% quantiles, but never leaving out more than 1% of the points on a side: with
        // few games (under 100) that keeps every point (an interpolated quantile of 28 points
        // left 1 in 28 out on each side)
        let k = sorted.len() / 100;
        lo = lo.min(quantile(&sorted, 0.01).min(sorted[k]));
        hi = hi.max(quantile(&sorted, 0.99).max(sorted[sorted.len() - 1 - k]));
    }
    for &v in always.iter().filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    let pad = ((hi - lo) * 0.05).max(0.005);
    ((lo - pad).max(0.0), hi + pad)
}

/// A y range around `values` that always shows 0.5 and the 2006 post's claim.
fn score_range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut lo, mut hi) = (0.45f64, 0.6f64);
    for v in values.filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    let pad = (hi - lo) * 0.05;
    ((lo - pad).max(0.0), (hi + pad).min(1.0))
}

/// A score and its interval's bounds (the score itself for both where undefined): what a score
/// range must take in.
fn with_bounds(score: f64, bounds: Option<(f64, f64)>) -> [f64; 3] {
    let (low, high) = bounds.unwrap_or((score, score));
    [score, low, high]
}

/// A chart of a match's plots: x and y in f64, drawn into an SVG string.
type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// A chart on `root` in the match plots' layout: `caption` in `font_size`, `x` by `y`.
fn match_chart<'a, 'b>(
    root: &DrawingArea<SVGBackend<'b>, Shift>,
    caption: String,
    font_size: u32,
    x: std::ops::Range<f64>,
    y: std::ops::Range<f64>,
) -> Result<Chart<'a, 'b>, Box<dyn Error>> {
    Ok(ChartBuilder::on(root)
        .caption(caption, ("sans-serif", font_size))
        .margin(15)
        .x_label_area_size(35)
        .y_label_area_size(60)
        .build_cartesian_2d(x, y)?)
}

/// The mesh of a chart by game: x "games" in whole numbers, y described by `y_desc`.
fn games_mesh(chart: &mut Chart, y_desc: String) -> Result<(), Box<dyn Error>> {
    chart
        .configure_mesh()
        .x_desc("games")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_desc(y_desc)
        .draw()?;
    Ok(())
}

/// A legend entry's mark: a short line in `colour`.
fn line_legend(colour: RGBColor) -> impl Fn((i32, i32)) -> PathElement<(i32, i32)> {
    move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour)
}

/// The 50% line and the 2006 post's `claim` (with its label), across x from `x0` to `x1`.
fn score_references(
    chart: &mut Chart,
    (x0, x1): (f64, f64),
    (claim, claim_label): (f64, String),
) -> Result<(), Box<dyn Error>> {
    chart
        .draw_series(LineSeries::new([(x0, 0.5), (x1, 0.5)], GREY))?
        .label("50%")
        .legend(line_legend(GREY));
    chart
        .draw_series(LineSeries::new([(x0, claim), (x1, claim)], OLD_COLOUR))?
        .label(claim_label)
        .legend(line_legend(OLD_COLOUR));
    Ok(())
}

/// The legend box at `position`, then the SVG of `root` written out.
fn finish<'a, 'b: 'a>(
    root: &DrawingArea<SVGBackend<'b>, Shift>,
    chart: &mut Chart<'a, 'b>,
    position: SeriesLabelPosition,
) -> Result<(), Box<dyn Error>> {
    chart
        .configure_series_labels()
        .position(position)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .draw()?;
    root.present()?;
    Ok(())
}

fn plot_score(
    svg: &mut String,
    _: &[&GameRow],
    s: &Summary,
) -> Result<(f64, f64), Box<dyn std::error::Error>> {
    let (claim, claim_label) = post_claim(s);
    let tri = Trinomial::new(s.wins, s.draws, s.losses).interval();
    let penta = Pentanomial::new(s.pentanomial).interval();
    // (x, score with its interval if defined)
    let estimates: Vec<(f64, ScoreInterval)> = [(1.0, tri), (2.0, penta)]
        .into_iter()
        .filter_map(|(x, i)| i.map(|i| (x, i)))
        .collect();
    let (lo, hi) = score_range(
        estimates
            .iter()
            .flat_map(|(_, i)| with_bounds(i.score, i.bounds))
            .chain([claim]),
    );

    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let caption = format!(
        "{}: {} score {} {}, {} games, {} pairs",
        condition_label(&s.settings),
        s.test,
        crate::text::fixed(s.score, 3),
        crate::match_summary::score_interval(s),
        s.games,
        s.pairs
    );
    let mut chart = match_chart(&root, caption, 20, 0.5f64..2.5f64, lo..hi)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(3)
        .x_label_formatter(&|x| match x.round() as i32 {
            1 => "games (trinomial)".into(),
            2 => "pairs (pentanomial)".into(),
            _ => String::new(),
        })
        .y_desc(format!("{} score (95% interval)", s.test))
        .draw()?;
    score_references(&mut chart, (0.5, 2.5), (claim, claim_label))?;
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
    // plotters' default position
    finish(&root, &mut chart, SeriesLabelPosition::MiddleRight)?;
    Ok((lo, hi))
}

fn plot_running_score(
    svg: &mut String,
    rows: &[&GameRow],
    s: &Summary,
) -> Result<(f64, f64), Box<dyn std::error::Error>> {
    let (claim, claim_label) = post_claim(s);
    let mut t = Trinomial::default();
    let mut points = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        match r.test_score {
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
    let (lo, hi) = score_range(
        points
            .iter()
            .skip(skip)
            .flat_map(|p| with_bounds(p.1, p.2))
            .chain([claim]),
    );

    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let caption = format!("{}: {} running score", condition_label(&s.settings), s.test);
    let mut chart = match_chart(&root, caption, 20, 1f64..n, lo..hi)?;
    games_mesh(&mut chart, format!("{} score (95% band)", s.test))?;
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
        .legend(line_legend(SD_COLOUR));
    score_references(&mut chart, (1.0, n), (claim, claim_label))?;
    finish(&root, &mut chart, SeriesLabelPosition::UpperRight)?;
    Ok((lo, hi))
}

fn plot_ratios(
    svg: &mut String,
    rows: &[&GameRow],
    s: &Summary,
) -> Result<(f64, f64), Box<dyn std::error::Error>> {
    let ratio = |a: f64, b: f64| {
        let r = a / b;
        (r.is_finite() && r > 0.0).then_some(r)
    };
    let (mut cum_time, mut cum_nodes) = ((0.0, 0.0), (0.0, 0.0));
    let mut series: [Vec<(f64, f64)>; 4] = Default::default();
    for (i, r) in rows.iter().enumerate() {
        let x = (i + 1) as f64;
        let (test_nodes, base_nodes) = (r.test_nodes as f64, r.base_nodes as f64);
        cum_time = (cum_time.0 + r.test_cpu_s, cum_time.1 + r.base_cpu_s);
        cum_nodes = (cum_nodes.0 + test_nodes, cum_nodes.1 + base_nodes);
        let values = [
            ratio(r.test_cpu_s, r.base_cpu_s),
            ratio(test_nodes, base_nodes),
            ratio(cum_time.0, cum_time.1),
            ratio(cum_nodes.0, cum_nodes.1),
        ];
        for (list, v) in series.iter_mut().zip(values) {
            if let Some(v) = v {
                list.push((x, v));
            }
        }
    }
    let post = post_condition(&s.settings);
    let [game_time, game_nodes, run_time, run_nodes] = series;
    let per_game: Vec<f64> = game_time.iter().chain(&game_nodes).map(|p| p.1).collect();
    // the running lines from the 10th game on (the first games swing them as widely as the
    // single games)
    let skip = rows.len() / 10;
    let always: Vec<f64> = run_time
        .iter()
        .chain(&run_nodes)
        .filter(|p| p.0 as usize > skip)
        .map(|p| p.1)
        .chain(post.map(|r| r.time_ratio))
        .collect();
    let (lo, hi) = robust_range(&per_game, &always);
    let n = rows.len().max(2) as f64;
    let outliers = per_game.iter().filter(|&&v| v < lo || v > hi).count();
    let clamp = |p: &(f64, f64)| (p.0, p.1.clamp(lo, hi));

    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let caption = format!(
        "{}: {}/{} CPU time {}, nodes {}",
        condition_label(&s.settings),
        s.test,
        s.base,
        crate::text::fixed_opt(s.time_ratio, 3),
        crate::text::fixed_opt(s.node_ratio, 3)
    );
    let mut chart = match_chart(&root, caption, 18, 1f64..n, lo..hi)?;
    games_mesh(&mut chart, format!("{} / {}", s.test, s.base))?;
    for (points, colour) in [(&game_time, SD_COLOUR), (&game_nodes, OLD_COLOUR)] {
        chart.draw_series(
            points
                .iter()
                .filter(|p| (lo..=hi).contains(&p.1))
                .map(|&p| Circle::new(p, 2, colour.mix(0.35).filled())),
        )?;
        chart.draw_series(
            points
                .iter()
                .filter(|p| !(lo..=hi).contains(&p.1))
                .map(|p| TriangleMarker::new(clamp(p), 4, colour.filled())),
        )?;
    }
    chart
        .draw_series(LineSeries::new(
            run_time.iter().map(clamp),
            SD_COLOUR.stroke_width(2),
        ))?
        .label("CPU time: running (line), per game (dots)")
        .legend(line_legend(SD_COLOUR));
    chart
        .draw_series(LineSeries::new(
            run_nodes.iter().map(clamp),
            OLD_COLOUR.stroke_width(2),
        ))?
        .label("nodes: running (line), per game (dots)")
        .legend(line_legend(OLD_COLOUR));
    chart.draw_series(LineSeries::new([(1.0, 1.0), (n, 1.0)], GREY))?;
    if let Some(r) = post {
        chart
            .draw_series(DashedLineSeries::new(
                [(1.0, r.time_ratio), (n, r.time_ratio)],
                6,
                4,
                BLACK.stroke_width(1),
            ))?
            .label(format!(
                "Muller 2006 time ratio at {} s/game: {:.3}",
                r.seconds, r.time_ratio
            ))
            .legend(line_legend(BLACK));
    }
    if outliers > 0 {
        chart
            .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
            .label(format!(
                "{outliers} per-game point{} outside the range, drawn at the edge (triangles)",
                if outliers == 1 { "" } else { "s" }
            ))
            .legend(|(x, y)| TriangleMarker::new((x + 10, y), 4, GREY.filled()));
    }
    finish(&root, &mut chart, SeriesLabelPosition::UpperRight)?;
    Ok((lo, hi))
}

/// One row of an [`interval_chart`].
#[derive(Clone, Debug, PartialEq)]
pub struct IntervalRow {
    /// Its name on the y axis.
    pub label: String,
    /// The estimate; `None`: undefined (nothing is drawn, the note says why).
    pub value: Option<f64>,
    /// The interval's bounds, each `None` where undefined (that side is drawn dashed to the
    /// chart's edge); `None`: no interval (a point alone, like the reference itself).
    pub interval: Option<(Option<f64>, Option<f64>)>,
    /// The row's figures as text, in the column right of the chart.
    pub note: String,
}

/// An interval (forest) chart: one row per estimate, the first at the top, each a point with
/// its interval as a bar, against a dashed vertical reference line.
#[derive(Clone, Copy, Debug)]
pub struct IntervalChart<'a> {
    pub caption: &'a str,
    /// The x axis' description.
    pub x_desc: &'a str,
    /// The title of the column of notes.
    pub notes_title: &'a str,
    /// Where the reference line is drawn (always in the range).
    pub reference: f64,
    pub rows: &'a [IntervalRow],
}

/// The SVG of an interval chart and the x range it was drawn with (every finite estimate and
/// bound, and the reference, lie inside it).
pub fn interval_chart(c: &IntervalChart) -> Result<(String, (f64, f64)), Box<dyn Error>> {
    let finite: Vec<f64> = c
        .rows
        .iter()
        .flat_map(|r| {
            let (low, high) = r.interval.unwrap_or((None, None));
            [r.value, low, high]
        })
        .flatten()
        .chain([c.reference])
        .filter(|v| v.is_finite())
        .collect();
    let (lo, hi) = finite
        .iter()
        .fold((c.reference, c.reference), |a, &v| (a.0.min(v), a.1.max(v)));
    let pad = ((hi - lo) * 0.08).max(5.0);
    let (lo, hi) = (lo - pad, hi + pad);
    let n = c.rows.len();
    let font = ("sans-serif", 15);
    // the notes' column: wide enough for the longest (about 8 px a character)
    let notes_width = c
        .rows
        .iter()
        .map(|r| r.note.chars().count())
        .chain([c.notes_title.chars().count()])
        .max()
        .unwrap_or(0) as u32
        * 8
        + 20;
    let labels_width = c
        .rows
        .iter()
        .map(|r| r.label.chars().count())
        .max()
        .unwrap_or(0) as u32
        * 9
        + 20;
    let size = (SIZE.0 + notes_width, 120 + 36 * n.max(1) as u32);

    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE)?;
        // row k (0: the first) at y = n - k
        let y_of = |k: usize| (n - k) as f64;
        let mut chart = ChartBuilder::on(&root)
            .caption(c.caption, ("sans-serif", 18))
            .margin(15)
            // the notes are written in the right margin
            .margin_right(15 + notes_width)
            .x_label_area_size(45)
            .y_label_area_size(labels_width)
            .build_cartesian_2d(lo..hi, 0.4..n as f64 + 0.6)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(TRANSPARENT)
            .x_desc(c.x_desc)
            .x_label_formatter(&|x| format!("{x:.0$}", if hi - lo < 20.0 { 1 } else { 0 }))
            .x_label_style(font)
            .axis_desc_style(font)
            .y_label_style(font)
            // a label at each row (y = 1, ..., n: the axis steps by 1 when given n + 1)
            .y_labels(n + 1)
            .y_label_formatter(&|y| {
                let k = n as f64 - y.round();
                ((y - y.round()).abs() < 1e-9 && k >= 0.0)
                    .then(|| c.rows.get(k as usize))
                    .flatten()
                    .map_or(String::new(), |r| r.label.clone())
            })
            .draw()?;
        chart.draw_series(DashedLineSeries::new(
            [(c.reference, 0.4), (c.reference, n as f64 + 0.6)],
            6,
            4,
            GREY.stroke_width(1),
        ))?;
        let bar = SD_COLOUR.stroke_width(2);
        let cap =
            |x: f64, y: f64| EmptyElement::at((x, y)) + PathElement::new([(0, -6), (0, 6)], bar);
        for (k, r) in c.rows.iter().enumerate() {
            let y = y_of(k);
            if let Some(v) = r.value {
                if let Some((low, high)) = r.interval {
                    for (bound, edge) in [(low, lo), (high, hi)] {
                        match bound {
                            Some(b) => {
                                chart.draw_series([PathElement::new([(b, y), (v, y)], bar)])?;
                                chart.draw_series([cap(b, y)])?;
                            }
                            None => {
                                chart.draw_series(DashedLineSeries::new(
                                    [(edge, y), (v, y)],
                                    5,
                                    4,
                                    bar,
                                ))?;
                            }
                        }
                    }
                }
                chart.draw_series([Circle::new((v, y), 5, SD_COLOUR.filled())])?;
            }
            let (px, py) = chart.backend_coord(&(hi, y));
            let colour = if r.value.is_some() { BLACK } else { GREY };
            root.draw(&Text::new(
                r.note.clone(),
                (px + 12, py),
                TextStyle::from(font.into_font())
                    .color(&colour)
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
        }
        let (px, py) = chart.backend_coord(&(hi, n as f64 + 0.6));
        root.draw(&Text::new(
            c.notes_title.to_string(),
            (px + 12, py),
            TextStyle::from(font.into_font().style(FontStyle::Bold))
                .pos(Pos::new(HPos::Left, VPos::Bottom)),
        ))?;
        root.present()?;
    }
    Ok((svg, (lo, hi)))
}
