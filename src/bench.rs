//! `umax bench`: a fixed suite of positions (reached by move sequences from the start, so the C
//! original can reach them too), each searched with one think.
//!
//! - With a node limit (default 100000, the 3.2 root rule with it in place of `1e7`): prints
//!   nodes per position, total time, nodes/second and a last line `bench: <total nodes>`, the
//!   build's functional signature (Stockfish's convention). Any change to the search that
//!   changes a node shows up there.
//! - With `--depth D` (and several builds for the comparison): each position is searched to
//!   root depth D with no node limit; prints the nodes needed to complete each root depth
//!   1..D per build, each later build's ratio to the first, and the median ratio per depth.
//!
//! The positions (suite files, the built-in suite, the set-up) are `crate::positions`.

use crate::formats::Output;
use crate::stats::median;
use micromax::builds::Build;
use micromax::seam::Searcher;
use micromax::{Limits, RootIter, wall_seconds};
use std::error::Error;
use std::fmt::Write as _;
use std::io::Write;

/// The bench's default node limit per position.
pub const DEFAULT_NODES: i64 = 100_000;

pub use crate::positions::{BUILTIN, BenchPosition, builtin_suite, load_suite, parse_suite, setup};

/// One position's result in node-limit mode.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeResult {
    pub name: String,
    pub nodes: i64,
    pub seconds: f64,
    pub depth: i32,
}

/// Searches every position with one think at `nodes`.
pub fn run_nodes(
    build: Build,
    hash_bits: u32,
    nodes: i64,
    suite: &[BenchPosition],
) -> Result<Vec<NodeResult>, String> {
    let mut engine = build.searcher(hash_bits);
    let limits = Limits::nodes(nodes);
    let mut out = Vec::with_capacity(suite.len());
    for pos in suite {
        setup(engine.as_mut(), pos)?;
        let start = wall_seconds();
        let think = micromax::Stuck::annotate(
            || format!("{build} at bench position {}", pos.name),
            || engine.think(&limits),
        );
        let seconds = wall_seconds() - start;
        out.push(NodeResult {
            name: pos.name.clone(),
            nodes: think.nodes as i64,
            seconds,
            depth: micromax::searched_depth(think.iterations.iter().map(|it| it.ply)),
        });
    }
    Ok(out)
}

/// Stockfish-style report; the last line is `bench: <total nodes>`.
pub fn format_nodes(build: Build, nodes: i64, results: &[NodeResult]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "umax bench: build {build}, node limit {nodes}");
    let width = results.iter().map(|r| r.name.len()).max().unwrap_or(4);
    for (i, r) in results.iter().enumerate() {
        let _ = writeln!(
            s,
            "Position {:>2}/{} {:<width$}  depth {:>2}  nodes {:>10}",
            i + 1,
            results.len(),
            r.name,
            r.depth,
            r.nodes
        );
    }
    let total: i64 = results.iter().map(|r| r.nodes).sum();
    let secs: f64 = results.iter().map(|r| r.seconds).sum();
    let _ = writeln!(s, "===========================");
    let _ = writeln!(s, "Total time (ms) : {:.0}", secs * 1000.0);
    let _ = writeln!(s, "Nodes searched  : {total}");
    let _ = writeln!(
        s,
        "Nodes/second    : {:.0}",
        if secs > 0.0 { total as f64 / secs } else { 0.0 }
    );
    let _ = writeln!(s, "bench: {total}");
    s
}

/// Nodes to complete each root depth 1..=depth for one build and position (`None` where the
/// search stopped before that depth, e.g. because it found a mate).
pub fn nodes_per_depth(engine: &mut dyn Searcher, depth: i32) -> Vec<Option<i64>> {
    let think = engine.think(&Limits::depth(depth));
    per_depth(&think.iterations, depth)
}

fn per_depth(iterations: &[RootIter], depth: i32) -> Vec<Option<i64>> {
    (1..=depth)
        .map(|ply| {
            iterations
                .iter()
                .find(|it| it.ply == ply)
                .map(|it| it.nodes as i64)
        })
        .collect()
}

/// One position's result in depth mode: nodes per depth for each build run.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthResult {
    pub name: String,
    /// For each build (in the order asked), nodes to complete depths 1..=D.
    pub nodes: Vec<(Build, Vec<Option<i64>>)>,
}

/// Searches every position to root depth `depth` with each build.
pub fn run_depth(
    builds: &[Build],
    hash_bits: u32,
    depth: i32,
    suite: &[BenchPosition],
) -> Result<Vec<DepthResult>, String> {
    let mut engines: Vec<Box<dyn Searcher>> =
        builds.iter().map(|&b| b.searcher(hash_bits)).collect();
    let mut out = Vec::with_capacity(suite.len());
    for pos in suite {
        let mut per_build = Vec::new();
        for (engine, &build) in engines.iter_mut().zip(builds) {
            setup(engine.as_mut(), pos)?;
            per_build.push((build, nodes_per_depth(engine.as_mut(), depth)));
        }
        out.push(DepthResult {
            name: pos.name.clone(),
            nodes: per_build,
        });
    }
    Ok(out)
}

/// The node ratio of `b` to `first` at depth index `d` of one position, if both completed it.
fn ratio_to(r: &DepthResult, b: Build, first: Build, d: usize) -> Option<f64> {
    let get = |b: Build| {
        r.nodes
            .iter()
            .find(|(bb, _)| *bb == b)
            .and_then(|(_, v)| v[d])
    };
    match (get(first), get(b)) {
        (Some(o), Some(s)) if o > 0 => Some(s as f64 / o as f64),
        _ => None,
    }
}

/// The builds of a result set, in order: the first is the one the others are compared with.
fn builds_of(results: &[DepthResult]) -> Vec<Build> {
    results
        .first()
        .map(|r| r.nodes.iter().map(|(b, _)| *b).collect())
        .unwrap_or_default()
}

/// Node ratios of `b` to the first build per depth, over the positions where both completed
/// that depth.
pub fn ratios_per_depth(results: &[DepthResult], b: Build, depth: i32) -> Vec<Vec<f64>> {
    let first = builds_of(results)[0];
    (0..depth as usize)
        .map(|d| {
            results
                .iter()
                .filter_map(|r| ratio_to(r, b, first, d))
                .collect()
        })
        .collect()
}

/// The depth-mode table as CSV: `position,depth,<build>_nodes...,<build>_<first>_ratio...`
/// (the ratio of each later build to the first: `sd_old_ratio` for old,sd).
pub fn depth_csv(results: &[DepthResult], depth: i32) -> String {
    let mut s = String::new();
    let builds = builds_of(results);
    let _ = write!(s, "position,depth");
    for b in &builds {
        let _ = write!(s, ",{b}_nodes");
    }
    for b in builds.iter().skip(1) {
        let _ = write!(s, ",{b}_{}_ratio", builds[0]);
    }
    s.push('\n');
    for r in results {
        for d in 0..depth as usize {
            let _ = write!(s, "{},{}", csv_field(&r.name), d + 1);
            for (_, v) in &r.nodes {
                match v[d] {
                    Some(n) => {
                        let _ = write!(s, ",{n}");
                    }
                    None => s.push(','),
                }
            }
            for &b in builds.iter().skip(1) {
                match ratio_to(r, b, builds[0], d) {
                    Some(ratio) => {
                        let _ = write!(s, ",{:.6}", ratio);
                    }
                    _ => s.push(','),
                }
            }
            s.push('\n');
        }
    }
    s
}

/// The depth table of a run: what the bench CSV is made from.
#[derive(Clone, Copy, Debug)]
pub struct DepthTable<'a> {
    pub results: &'a [DepthResult],
    pub depth: i32,
}

/// The bench CSV (`umax bench --depth D --csv FILE`) as an [`Output`]: [`depth_csv`].
pub struct DepthCsv;

impl Output<DepthTable<'_>> for DepthCsv {
    fn name(&self) -> &str {
        "bench CSV"
    }

    fn write(&self, table: &DepthTable<'_>, w: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        Ok(w.write_all(depth_csv(table.results, table.depth).as_bytes())?)
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The depth-mode report for the terminal: per position and depth the nodes (and each later
/// build's ratio to the first), then per later build the median ratio to the first per depth.
pub fn format_depth(results: &[DepthResult], depth: i32) -> String {
    let mut s = String::new();
    let builds = builds_of(results);
    let width = results
        .iter()
        .map(|r| r.name.len())
        .max()
        .unwrap_or(8)
        .max(8);
    let _ = write!(s, "{:<width$} depth", "position");
    for b in &builds {
        let _ = write!(s, " {:>12}", format!("{b} nodes"));
    }
    for b in builds.iter().skip(1) {
        let _ = write!(s, " {:>12}", format!("{b}/{}", builds[0]));
    }
    s.push('\n');
    for r in results {
        for d in 0..depth as usize {
            let _ = write!(s, "{:<width$} {:>5}", r.name, d + 1);
            for (_, v) in &r.nodes {
                match v[d] {
                    Some(n) => {
                        let _ = write!(s, " {n:>12}");
                    }
                    None => {
                        let _ = write!(s, " {:>12}", "-");
                    }
                }
            }
            for &b in builds.iter().skip(1) {
                match ratio_to(r, b, builds[0], d) {
                    Some(ratio) => {
                        let _ = write!(s, " {:>12.3}", ratio);
                    }
                    _ => {
                        let _ = write!(s, " {:>12}", "-");
                    }
                }
            }
            s.push('\n');
        }
    }
    for &b in builds.iter().skip(1) {
        let _ = writeln!(
            s,
            "\nmedian {b}/{} node ratio per depth ({} positions; each depth over those that complete it):",
            builds[0],
            results.len()
        );
        let _ = writeln!(s, "depth  positions  median  min     max");
        for (d, mut ratios) in ratios_per_depth(results, b, depth).into_iter().enumerate() {
            let n = ratios.len();
            let min = ratios.iter().cloned().fold(f64::INFINITY, f64::min);
            let max = ratios.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            match median(&mut ratios) {
                Some(m) => {
                    let _ = writeln!(s, "{:>5}  {:>9}  {m:.3}   {min:.3}   {max:.3}", d + 1, n);
                }
                None => {
                    let _ = writeln!(s, "{:>5}  {:>9}  -", d + 1, n);
                }
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suite_errors_name_the_line() {
        let e = parse_suite("e2e4 e7e5\ne2e4 e2e5\n", "x.txt").unwrap_err();
        assert!(e.starts_with("x.txt:2:"), "{e}");
        assert!(parse_suite("\n# only a comment\n", "y").is_err());
    }

    #[test]
    fn builtin_suite_parses() {
        assert_eq!(builtin_suite().len(), 16);
    }
}
