//! `umax reproduce`: the 2006 post's match, played as the post describes it — `old` against
//! `sd`, from the initial position, 100 games at 15 s a side (50 games at 60 s with
//! `--tc 60`) — on the node clock at the 2006 reference speed (9,000,000 nodes a side at 15 s)
//! with the wavering fitted to a real CPU clock (`results/clock-jitter/wavering.md`), from a
//! seed it prints. Its run directory is a match directory like any other (`--resume`,
//! `umax verify-c`, `umax report`). At the end it prints the result in the post's own terms
//! beside the post's, with the pentanomial interval, the chance that such a match reaches the
//! post's score (the committed runs `results/post-2006-15`, `-60`) and the unbiased answer
//! (the 11,600-game run `results/scaled-15-wide`).

use std::path::PathBuf;

use crate::matchrun::{self, Budget, MatchOptions, OpeningsSource};
use crate::nodeclock::{Jitter, NodeClock};
use crate::post2006::{POST_RESULTS, PostResult};

/// The wavering fitted to the CPU clock (`scripts/wavering.py`): each think's factor sd.
pub const WAVERING_THINK: f64 = 0.09;
/// Each game's factor sd, shared by both sides.
pub const WAVERING_GAME: f64 = 0.1;
/// The per-think wavering alone that matches a CPU clock's spread of the same search
/// (`results/clock-jitter/`): the model the game factor is compared with.
pub const PER_THINK_ONLY: f64 = 0.11;
/// The 2006 reference speed of micro-Max 3.2 (nodes/s): 15 s = 9,000,000 nodes a side.
pub const REFERENCE_NPS: u64 = 600_000;

/// The committed chances of the post's score, per budget and over the grid (written by
/// `scripts/post2006.py` from `results/post-2006-15` and `results/post-2006-60`).
const CHANCE_15: &str = include_str!("../results/post-2006-15/chance.csv");
const CHANCE_60: &str = include_str!("../results/post-2006-60/chance.csv");
/// The unbiased answer: sd against old over all 5,200 openings of `openings/wide.txt`.
const UNBIASED: &str = include_str!("../results/scaled-15-wide/summary.csv");

/// What `umax reproduce` plays.
#[derive(Clone, Debug)]
pub struct ReproduceOptions {
    /// 15 or 60: which of the post's two matches.
    pub seconds: u32,
    /// Nodes a side; `None`: seconds × the 2006 reference speed.
    pub budget: Option<u64>,
    /// The wavering's seed (pair p draws from seed + p − 1): another seed, another machine.
    pub seed: u64,
    /// Games; `None`: the post's (100 at 15 s, 50 at 60 s).
    pub games: Option<u64>,
    /// Per-think wavering only (σ 0.11), without the game factor.
    pub per_think_only: bool,
    pub out: Option<PathBuf>,
    pub resume: bool,
    pub progress: bool,
    pub concurrency: Option<usize>,
    pub command_line: Vec<String>,
}

impl ReproduceOptions {
    /// The post's result this match stands for.
    pub fn post(&self) -> Result<PostResult, String> {
        POST_RESULTS
            .iter()
            .copied()
            .find(|r| r.seconds == self.seconds as f64)
            .ok_or_else(|| {
                format!(
                    "--tc {}: the 2006 post played 15 and 60 s per game",
                    self.seconds
                )
            })
    }

    /// The node clock: the budget, the wavering and its seed.
    pub fn clock(&self) -> NodeClock {
        let budget = self.budget.unwrap_or(self.seconds as u64 * REFERENCE_NPS);
        let (sigma, game_sigma) = if self.per_think_only {
            (PER_THINK_ONLY, 0.0)
        } else {
            (WAVERING_THINK, WAVERING_GAME)
        };
        NodeClock {
            budget,
            step: 0,
            jitter: Some(Jitter {
                sigma,
                game_sigma,
                seed: self.seed,
            }),
        }
    }

    /// The match's options.
    pub fn match_options(&self) -> Result<MatchOptions, String> {
        let post = self.post()?;
        let clock = self.clock();
        let out = self.out.clone().unwrap_or_else(|| {
            PathBuf::from(format!(
                "runs/post-2006-{}-b{}-seed{}{}",
                self.seconds,
                clock.budget,
                self.seed,
                if self.per_think_only { "-think" } else { "" }
            ))
        });
        let mut o = MatchOptions::new(Some(out));
        o.games = self.games.unwrap_or(post.games as u64);
        o.budget = Budget::NodeClock(clock);
        o.openings = OpeningsSource::InitialPosition;
        o.resume = self.resume;
        o.progress = self.progress;
        if let Some(n) = self.concurrency {
            o.concurrency = n;
            o.concurrency_is_default = false;
        }
        o.command_line = self.command_line.clone();
        Ok(o)
    }
}

/// Plays the match (or resumes it) and returns the text in the post's terms.
pub fn run(opts: &ReproduceOptions) -> Result<String, String> {
    let post = opts.post()?;
    let mo = opts.match_options()?;
    let clock = opts.clock();
    let jitter = clock.jitter.expect("a wavering clock");
    eprintln!(
        "The 2006 match: old against sd, {} games from the initial position, {} s a game = {} nodes a side \
         (the 2006 reference speed, {} nodes/s), wavering {} (seed {}: --seed N draws another machine)",
        mo.games,
        opts.seconds,
        crate::text::thousands(clock.budget),
        crate::text::thousands(REFERENCE_NPS),
        if opts.per_think_only {
            format!("per think only, σ {}", jitter.sigma)
        } else {
            format!("σ {} a think, {} a game", jitter.sigma, jitter.game_sigma)
        },
        opts.seed
    );
    let outcome = matchrun::run(&mo)?;
    let summary = crate::match_summary::summarize(&outcome.rows)?;
    let time = crate::matchrun::pgn::charged_time_share(
        &outcome.dir.join(crate::matchrun::match_dir::GAMES_PGN),
        &summary.test,
    )
    .ok();
    Ok(post_terms(opts, &post, &summary, time))
}

/// The result in the post's words beside the post's, with what the committed runs say.
pub fn post_terms(
    opts: &ReproduceOptions,
    post: &PostResult,
    s: &crate::match_summary::Summary,
    time_share: Option<f64>,
) -> String {
    let points = s.score * s.games as f64;
    let time = |share: f64| {
        if share >= 0.0 {
            format!("{:.1}% more time", 100.0 * share)
        } else {
            format!("{:.1}% less time", -100.0 * share)
        }
    };
    let mut t = String::new();
    t.push_str(&format!(
        "\nThe 2006 post: sd scored {:.1}-{:.1} ({:.1}%) at {} sec per game, it used {}\n",
        post.score * post.games as f64,
        (1.0 - post.score) * post.games as f64,
        100.0 * post.score,
        post.seconds,
        time(post.time_ratio - 1.0)
    ));
    t.push_str(&format!(
        "This match:    sd scored {:.1}-{:.1} ({:.1}%) at {} sec per game ({} nodes a side, seed {}){}\n",
        points,
        s.games as f64 - points,
        100.0 * s.score,
        opts.seconds,
        crate::text::thousands(opts.clock().budget),
        opts.seed,
        match time_share {
            Some(x) => format!(", it used {} (nodes charged)", time(x)),
            None => String::new(),
        }
    ));
    t.push_str(&match (s.ptnml_elo, s.ptnml_elo_pm) {
        (Some(e), Some(pm)) => format!(
            "               {:+.1} ± {:.1} Elo (pentanomial 95%, {} pairs)\n",
            e, pm, s.pairs
        ),
        _ => format!(
            "               no pentanomial interval ({} complete pairs)\n",
            s.pairs
        ),
    });
    let (table, size) = if post.seconds == 15.0 {
        (CHANCE_15, "results/post-2006-15")
    } else {
        (CHANCE_60, "results/post-2006-60")
    };
    t.push_str(&chance_text(
        table,
        size,
        post,
        opts.clock().budget,
        opts.per_think_only,
    ));
    t.push_str(&unbiased_text());
    t
}

/// One row of a chance.csv (the columns `umax reproduce` reads).
#[derive(Debug, serde::Deserialize)]
struct ChanceRow {
    cell: String,
    budget: Option<u64>,
    games: Option<u64>,
    p_reach: Option<f64>,
    p_reach_lo: Option<f64>,
    p_reach_hi: Option<f64>,
}

fn chance_rows(table: &str) -> Vec<ChanceRow> {
    csv::Reader::from_reader(table.as_bytes())
        .deserialize()
        .filter_map(Result::ok)
        .collect()
}

/// The chance that a match of the post's size reaches the post's score, from the committed runs.
fn chance_text(
    table: &str,
    dir: &str,
    post: &PostResult,
    budget: u64,
    per_think_only: bool,
) -> String {
    let rows = chance_rows(table);
    let cells: Vec<&ChanceRow> = rows.iter().filter(|r| r.cell != "all").collect();
    let all = rows.iter().find(|r| r.cell == "all");
    let model = if per_think_only {
        " (they use the fitted wavering, not per-think only)"
    } else {
        ""
    };
    let Some(ChanceRow {
        p_reach: Some(p),
        p_reach_lo: Some(lo),
        p_reach_hi: Some(hi),
        ..
    }) = all
    else {
        return format!(
            "How likely:    not yet known: {dir} has no cells yet (the runs are being played)\n"
        );
    };
    let games: u64 = cells.iter().filter_map(|r| r.games).sum();
    let planned = if post.seconds == 15.0 { 61 } else { 31 };
    let so_far = if cells.len() < planned {
        " so far, not final"
    } else {
        ""
    };
    let mut t = format!(
        "How likely:    a {}-game match reaches {:.1}% in {:.1}% of matches [{:.1}%, {:.1}%] over the budgets \
         {}–{} M nodes a side ({} of {} cells, {} games in {dir}{so_far}){model}; chances under the \
         model, whose check against a real clock's run is in {dir}/chance.md\n",
        post.games,
        100.0 * post.score,
        100.0 * p,
        100.0 * lo,
        100.0 * hi,
        fmt_m(cells.iter().filter_map(|r| r.budget).min().unwrap_or(0)),
        fmt_m(cells.iter().filter_map(|r| r.budget).max().unwrap_or(0)),
        cells.len(),
        planned,
        crate::text::thousands(games),
    );
    if let Some(near) = cells
        .iter()
        .filter(|r| r.budget.is_some() && r.p_reach.is_some())
        .min_by_key(|r| r.budget.unwrap().abs_diff(budget))
    {
        t.push_str(&format!(
            "               at {} M nodes a side (the cell nearest this match's budget): {:.1}%\n",
            fmt_m(near.budget.unwrap()),
            100.0 * near.p_reach.unwrap()
        ));
    }
    t
}

fn fmt_m(nodes: u64) -> String {
    format!("{:.1}", nodes as f64 / 1e6)
}

/// The unbiased answer: the 11,600-game run from 5,200 openings.
fn unbiased_text() -> String {
    #[derive(serde::Deserialize)]
    struct Row {
        games: u64,
        score: f64,
        ptnml_elo: f64,
        ptnml_elo_pm: f64,
    }
    match csv::Reader::from_reader(UNBIASED.as_bytes())
        .deserialize::<Row>()
        .next()
    {
        Some(Ok(r)) => format!(
            "Unbiased:      sd scores {:.1}% over {} games from 5,200 openings at the post's 15 s, \
             {:+.1} ± {:.1} Elo (results/scaled-15-wide): a few Elo, far below the post's 57.5%\n",
            100.0 * r.score,
            crate::text::thousands(r.games),
            r.ptnml_elo,
            r.ptnml_elo_pm
        ),
        _ => "Unbiased:      results/scaled-15-wide/summary.csv unreadable\n".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(seconds: u32) -> ReproduceOptions {
        ReproduceOptions {
            seconds,
            budget: None,
            seed: 1,
            games: None,
            per_think_only: false,
            out: None,
            resume: false,
            progress: false,
            concurrency: None,
            command_line: vec![],
        }
    }

    #[test]
    fn the_post_s_two_matches() {
        let o = opts(15).match_options().unwrap();
        assert_eq!(o.games, 100);
        let Budget::NodeClock(c) = o.budget else {
            panic!("node clock")
        };
        assert_eq!(c.budget, 9_000_000);
        assert_eq!(
            c.setting(),
            "node_clock=9000000;clock_jitter=0.09;game_jitter=0.1;jitter_seed=1"
        );
        let o = opts(60).match_options().unwrap();
        assert_eq!(o.games, 50);
        let Budget::NodeClock(c) = o.budget else {
            panic!("node clock")
        };
        assert_eq!(c.budget, 36_000_000);
        assert!(opts(30).match_options().unwrap_err().contains("15 and 60"));
    }

    /// The constants are the fit's (`results/clock-jitter/wavering.json`'s model).
    #[test]
    fn the_wavering_is_the_fitted_one() {
        let facts = include_str!("../results/clock-jitter/wavering.json");
        let model = &facts[facts.find("\"model\"").unwrap()..];
        let model = &model[..model.find('}').unwrap()];
        let value = |key: &str| -> f64 {
            let at = &model[model.find(&format!("\"{key}\": ")).unwrap() + key.len() + 4..];
            at[..at.find(|c: char| c == ',' || c == '\n').unwrap()]
                .parse()
                .unwrap()
        };
        assert_eq!(value("think"), WAVERING_THINK);
        assert_eq!(value("game"), WAVERING_GAME);
    }

    #[test]
    fn chances_read_the_all_row_and_the_nearest_cell() {
        let table = "cell,budget,games,p_reach,p_reach_lo,p_reach_hi\n\
                     b8900000,8900000,100,0.02,,\n\
                     b9100000,9100000,100,0.3,,\n\
                     all,,,0.1,0.05,0.2\n";
        let t = chance_text(table, "x", &POST_RESULTS[0], 9_000_000, false);
        assert!(t.contains("10.0% of matches [5.0%, 20.0%]"), "{t}");
        assert!(
            t.contains("2 of 61 cells, 200 games in x so far, not final"),
            "{t}"
        );
        assert!(t.contains("at 8.9 M nodes a side"), "{t}");
        let none = chance_text(
            "cell,budget,games,p_reach,p_reach_lo,p_reach_hi\n",
            "x",
            &POST_RESULTS[0],
            1,
            false,
        );
        assert!(none.contains("not yet known"), "{none}");
        assert!(
            unbiased_text().contains("11,600 games"),
            "{}",
            unbiased_text()
        );
    }
}
