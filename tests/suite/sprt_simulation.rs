//! The SPRT's error rates, by simulation (as fishtest validated its GSPRT): thousands of
//! seeded SPRTs on pair results drawn from known pentanomial probabilities, at true Elo =
//! elo0 and at true Elo = elo1.
//!
//! **The distribution** (draw-heavy, like our node-budget runs): a pair is move-identical with
//! probability 0.40 and then scores 1-1; otherwise its two games are independent, each drawn
//! with probability 0.55, and won/lost with `w`/`l` chosen so that the expected score per game
//! of the whole distribution is `s = 1/(1 + 10^(-elo/400))` (logistic Elo, the SPRT's scale):
//! the non-identical games score `s_g = 0.5 + (s - 0.5)/0.6`, `w = s_g - 0.55/2`,
//! `l = 0.45 - w`.
//!
//! **The claim**: at true Elo = elo0 the SPRT accepts H1 (a false accept) at a rate ≤ alpha, and
//! at true Elo = elo1 it accepts H0 at a rate ≤ beta, each up to a sampling margin of 3
//! binomial standard errors `3·sqrt(p(1-p)/runs)` at `p` = alpha or beta. The mean number of
//! pairs to a decision is printed (`cargo test --release --test sprt_simulation --
//! --nocapture`) and checked to be finite and plausible.

use umax::splitmix::SplitMix64;
use umax::stats::{Pentanomial, Results, Sprt, SprtStatus, score_from_elo};

const RUNS: usize = 2000;
const IDENTICAL: f64 = 0.40;
const DRAW: f64 = 0.55;
/// A run that has not decided after this many pairs counts as undecided (none should).
const MAX_PAIRS: u64 = 100_000;

/// `[LL, LD, DD+WL, WD, WW]` probabilities at a true logistic Elo.
fn pentanomial_probabilities(elo: f64) -> [f64; 5] {
    let s = score_from_elo(elo);
    let s_game = 0.5 + (s - 0.5) / (1.0 - IDENTICAL);
    let w = s_game - DRAW / 2.0;
    let l = 1.0 - DRAW - w;
    assert!(
        w > 0.0 && l > 0.0,
        "elo {elo} is too far from 0 for this model"
    );
    // One game's score in half points: 0 (l), 1 (d), 2 (w); a pair sums two independent games.
    let game = [l, DRAW, w];
    let mut p = [0.0; 5];
    for (a, pa) in game.iter().enumerate() {
        for (b, pb) in game.iter().enumerate() {
            p[a + b] += (1.0 - IDENTICAL) * pa * pb;
        }
    }
    p[2] += IDENTICAL;
    p
}

/// A uniform number in `[0, 1)` from the top 53 bits.
fn uniform(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

struct Outcome {
    accepted_h0: usize,
    accepted_h1: usize,
    undecided: usize,
    mean_pairs: f64,
    /// Runs that decided within their first 10 pairs.
    early: usize,
}

fn simulate(sprt: &Sprt, elo: f64, seed: u64) -> Outcome {
    let p = pentanomial_probabilities(elo);
    let expected: f64 = p.iter().enumerate().map(|(i, q)| q * i as f64 / 4.0).sum();
    assert!((expected - score_from_elo(elo)).abs() < 1e-12);
    let cumulative: Vec<f64> = p
        .iter()
        .scan(0.0, |acc, q| {
            *acc += q;
            Some(*acc)
        })
        .collect();
    let mut rng = SplitMix64(seed);
    let (mut h0, mut h1, mut undecided, mut early, mut total) = (0, 0, 0, 0, 0u64);
    for _ in 0..RUNS {
        let mut counts = [0u64; 5];
        let mut pairs = 0;
        let status = loop {
            let u = uniform(&mut rng);
            let k = cumulative.iter().position(|&c| u < c).unwrap_or(4);
            counts[k] += 1;
            pairs += 1;
            let status = sprt.status(&Results::Pentanomial(Pentanomial::new(counts)));
            if status != SprtStatus::Continue || pairs == MAX_PAIRS {
                break status;
            }
        };
        total += pairs;
        if pairs <= 10 && status != SprtStatus::Continue {
            early += 1;
        }
        match status {
            SprtStatus::AcceptH0 => h0 += 1,
            SprtStatus::AcceptH1 => h1 += 1,
            SprtStatus::Continue => undecided += 1,
        }
    }
    Outcome {
        accepted_h0: h0,
        accepted_h1: h1,
        undecided,
        mean_pairs: total as f64 / RUNS as f64,
        early,
    }
}

/// `p` plus 3 binomial standard errors over `RUNS` runs.
fn limit(p: f64) -> f64 {
    p + 3.0 * (p * (1.0 - p) / RUNS as f64).sqrt()
}

fn check(sprt: Sprt) {
    let at_elo0 = simulate(&sprt, sprt.elo0, 0x5eed_0000 + sprt.elo1 as u64);
    let at_elo1 = simulate(&sprt, sprt.elo1, 0x5eed_1111 + sprt.elo1 as u64);
    let rate0 = at_elo0.accepted_h1 as f64 / RUNS as f64;
    let rate1 = at_elo1.accepted_h0 as f64 / RUNS as f64;
    println!(
        "SPRT [{}, {}] alpha {} beta {}, {RUNS} runs each, {:.0}% identical pairs, {:.0}% draws in the others",
        sprt.elo0,
        sprt.elo1,
        sprt.alpha,
        sprt.beta,
        100.0 * IDENTICAL,
        100.0 * DRAW
    );
    println!(
        "  true elo = elo0: H1 accepted (false) {rate0:.4} (limit {:.4}), H0 {}, undecided {}, mean pairs to decision {:.1}, decided within 10 pairs {}",
        limit(sprt.alpha),
        at_elo0.accepted_h0,
        at_elo0.undecided,
        at_elo0.mean_pairs,
        at_elo0.early
    );
    println!(
        "  true elo = elo1: H0 accepted (false) {rate1:.4} (limit {:.4}), H1 {}, undecided {}, mean pairs to decision {:.1}, decided within 10 pairs {}",
        limit(sprt.beta),
        at_elo1.accepted_h1,
        at_elo1.undecided,
        at_elo1.mean_pairs,
        at_elo1.early
    );
    assert!(rate0 <= limit(sprt.alpha), "false H1 rate {rate0}");
    assert!(rate1 <= limit(sprt.beta), "false H0 rate {rate1}");
    for o in [&at_elo0, &at_elo1] {
        assert_eq!(o.undecided, 0, "runs that never decided");
        assert!(
            o.mean_pairs.is_finite() && o.mean_pairs > 20.0 && o.mean_pairs < 20_000.0,
            "mean pairs to decision {}",
            o.mean_pairs
        );
        // No decision on a handful of pairs (the issue: H1 after two games).
        assert!(
            o.early * 100 <= RUNS,
            "{} runs decided within 10 pairs",
            o.early
        );
    }
}

#[test]
fn sprt_error_rates_0_10() {
    check(Sprt::parse("0,10,0.05,0.05").unwrap());
}

#[test]
fn sprt_error_rates_0_20() {
    check(Sprt::parse("0,20,0.05,0.1").unwrap());
}

/// A wide band decides on a few dozen pairs, where the plug-in variance is least reliable.
#[test]
fn sprt_error_rates_0_40() {
    check(Sprt::parse("0,40,0.05,0.05").unwrap());
}

#[test]
fn the_model_is_draw_heavy_and_has_the_stated_score() {
    let p = pentanomial_probabilities(0.0);
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // 40% identical pairs plus the non-identical pairs that still score 1-1.
    assert!(p[2] > IDENTICAL);
    let p1 = pentanomial_probabilities(10.0);
    let score: f64 = p1.iter().enumerate().map(|(i, q)| q * i as f64 / 4.0).sum();
    assert!((score - score_from_elo(10.0)).abs() < 1e-12);
}
