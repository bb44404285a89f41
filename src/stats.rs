//! Match statistics: pure functions of win/draw/loss counts (trinomial) or game-pair counts
//! (pentanomial), in the conventions of cutechess-cli and fishtest; and the order statistics
//! of a sample ([`median`], [`quantile`]) that bench, the judge and the plots use.
//!
//! Scores are always from the first player's point of view (in umax: the `sd` build vs `old`).
//!
//! # Models
//!
//! * **Score and its 95% interval**: the mean score per game, with the normal approximation on
//!   the empirical per-game (trinomial) or per-pair (pentanomial) score variance:
//!   `s ± z·sqrt(var/n)`, `z = Φ⁻¹(0.975)`. This is cutechess-cli's `Elo` class and fishtest's
//!   `stat_util.get_elo` (without fishtest's regularization). The interval is clamped to
//!   `[0, 1]`. [`Trinomial`] and [`Pentanomial`] share these through [`Outcomes`].
//! * **Elo**: logistic, `elo(s) = -400·log10(1/s - 1)`; the Elo interval is the score interval
//!   transformed, and `±` is half its width, as cutechess prints it.
//! * **LOS** (likelihood of superiority): `Φ((W-L)/sqrt(W+L))`, cutechess's formula
//!   (`0.5 + 0.5·erf((W-L)/sqrt(2(W+L)))`); draws carry no information in it.
//! * **SPRT**: see [`llr`].
//!
//! # What is undefined (no NaN, no infinity in the results)
//!
//! Estimates that the data cannot carry are `None`, never `NaN` or `±inf`; `umax report`
//! prints them as `—` and leaves their `summary.csv` field empty:
//!
//! * No games (or no pairs): no score, no interval, no Elo, no draw ratio; LOS is 0.5.
//! * No spread: one game or pair, or all of them with the same outcome (all wins, all draws,
//!   every pair 1-1). The sample variance is 0, and the normal interval built on it would be
//!   a zero-width interval that claims perfect precision: the interval is undefined
//!   ([`ScoreInterval::bounds`] is `None`), the point estimate stays.
//! * Score 0 or 1 (all losses, all wins): no Elo (it would be infinite).
//! * A score interval that reaches 0 or 1 (after clamping): no Elo interval (a bound would be
//!   infinite), so no `±`.
//! * SPRT: no decision, and an LLR of 0, until the data can carry one; see [`llr`].

/// `Φ⁻¹(0.975)`: the two-sided 95% quantile of the standard normal law.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The error function.
///
/// A power series for `|x| ≤ 2.5` (all terms positive, so no cancellation:
/// `erf x = 2/√π · e^(-x²) · Σ 2^n x^(2n+1) / (1·3·…·(2n+1))`) and [`erfc`]'s continued
/// fraction above; agrees with C's `erf` to about 1e-15.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    let a = x.abs();
    if a > 2.5 {
        return (1.0 - erfc(a)).copysign(x);
    }
    let x2 = a * a;
    let mut term = a;
    let mut sum = a;
    let mut n = 0.0;
    while term > sum * 1e-17 {
        n += 1.0;
        term *= 2.0 * x2 / (2.0 * n + 1.0);
        sum += term;
    }
    (2.0 / std::f64::consts::PI.sqrt() * (-x2).exp() * sum).copysign(x)
}

/// The complementary error function `1 - erf(x)`, accurate in the upper tail.
///
/// For `x > 2.5` the continued fraction
/// `erfc x = e^(-x²)/√π · 1/(x + (1/2)/(x + (2/2)/(x + (3/2)/(x + …))))`,
/// evaluated bottom-up from a fixed depth.
pub fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x < -2.5 {
        return 2.0 - erfc(-x);
    }
    if x <= 2.5 {
        return 1.0 - erf(x);
    }
    let mut t = x;
    for k in (1..=80).rev() {
        t = x + (k as f64 / 2.0) / t;
    }
    (-x * x).exp() / std::f64::consts::PI.sqrt() / t
}

/// `Φ`, the standard normal cumulative distribution function.
pub fn phi(z: f64) -> f64 {
    0.5 * erfc(-z / std::f64::consts::SQRT_2)
}

/// Logistic Elo difference of a score: `-400·log10(1/s - 1)`. `s = 0` → `-inf`, `s = 1` →
/// `+inf`; `NaN` (no data) or a score outside `[0, 1]` → `NaN`.
pub fn elo_from_score(s: f64) -> f64 {
    if !(0.0..=1.0).contains(&s) {
        return f64::NAN;
    }
    if s == 0.0 {
        return f64::NEG_INFINITY;
    }
    if s == 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score of a logistic Elo difference: `1/(1 + 10^(-elo/400))`.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A mean score per game with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreInterval {
    pub score: f64,
    /// The 95% interval `(low, high)`, clamped to `[0, 1]`; `None` when the samples have no
    /// spread (sample variance 0: one sample, or every sample the same outcome), since a
    /// zero-width interval from them would claim a precision the data do not have.
    pub bounds: Option<(f64, f64)>,
}

/// A logistic Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloInterval {
    /// `None` at score 0 or 1, where the logistic Elo is infinite.
    pub elo: Option<f64>,
    /// The interval's Elo bounds; `None` when the score interval is undefined or reaches 0 or
    /// 1 (an infinite Elo bound).
    pub bounds: Option<(f64, f64)>,
}

impl EloInterval {
    /// Half the interval's width, `(high - low) / 2`, as cutechess prints it after `+/-`;
    /// `None` when the interval is undefined.
    pub fn pm(&self) -> Option<f64> {
        self.bounds.map(|(low, high)| (high - low) / 2.0)
    }
}

/// `Some(x)` when `x` is finite.
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

impl ScoreInterval {
    /// From the number of samples, their mean and their (population) variance, all on the
    /// per-game score scale; `None` without samples.
    fn from_moments(n: f64, mean: f64, var: f64) -> Option<ScoreInterval> {
        if n <= 0.0 || !mean.is_finite() {
            return None;
        }
        let bounds = (var > 0.0).then(|| {
            let half = Z95 * (var / n).sqrt();
            ((mean - half).clamp(0.0, 1.0), (mean + half).clamp(0.0, 1.0))
        });
        Some(ScoreInterval {
            score: mean,
            bounds,
        })
    }

    /// The interval on the logistic Elo scale.
    pub fn elo(&self) -> EloInterval {
        let bounds = self.bounds.and_then(|(low, high)| {
            Some((finite(elo_from_score(low))?, finite(elo_from_score(high))?))
        });
        EloInterval {
            elo: finite(elo_from_score(self.score)),
            bounds,
        }
    }
}

/// Mean and population variance of a discrete distribution given as `(value, count)` pairs;
/// `(n, NaN, NaN)` when it is empty.
fn moments(samples: &[(f64, f64)]) -> (f64, f64, f64) {
    let n: f64 = samples.iter().map(|&(_, c)| c).sum();
    if n <= 0.0 {
        return (0.0, f64::NAN, f64::NAN);
    }
    let mean = samples.iter().map(|&(v, c)| v * c).sum::<f64>() / n;
    let var = samples
        .iter()
        .map(|&(v, c)| c * (v - mean) * (v - mean))
        .sum::<f64>()
        / n;
    (n, mean, var)
}

/// Match results as counts of `k` outcomes worth `0, 1/(k-1), …, 1` points per game, worst
/// first: games (trinomial: L, D, W) or game pairs (pentanomial: pair score / 2). Score,
/// variance, interval and Elo are the same functions of those counts for both.
pub trait Outcomes {
    /// Counts by outcome, worst first; outcome `i` is worth `i/(k-1)` per game.
    fn counts(&self) -> Vec<u64>;

    /// Number of samples (games or pairs).
    fn samples(&self) -> u64 {
        self.counts().iter().sum()
    }

    /// Number of outcomes that occurred at least once.
    fn nonempty_outcomes(&self) -> usize {
        self.counts().iter().filter(|&&c| c > 0).count()
    }

    /// `(n, mean, population variance)` of the per-sample score on the per-game scale.
    fn moments(&self) -> (f64, f64, f64) {
        let counts = self.counts();
        let last = (counts.len() - 1) as f64;
        let samples: Vec<(f64, f64)> = counts
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as f64 / last, c as f64))
            .collect();
        moments(&samples)
    }

    /// Mean score per game; `None` without samples.
    fn score(&self) -> Option<f64> {
        finite(self.moments().1)
    }

    /// Population variance of the per-sample score (per game, or per pair on the per-game
    /// scale: pair score / 2, the variance fishtest's `stats` uses); `None` without samples.
    fn variance(&self) -> Option<f64> {
        finite(self.moments().2)
    }

    /// Score with its 95% interval, `s ± z·σ/√n` (cutechess's normal approximation, `n` games
    /// or pairs); `None` without samples, and `bounds: None` when `σ = 0`.
    fn interval(&self) -> Option<ScoreInterval> {
        let (n, mean, var) = self.moments();
        ScoreInterval::from_moments(n, mean, var)
    }

    /// Logistic Elo with its 95% interval; `None` without samples.
    fn elo(&self) -> Option<EloInterval> {
        self.interval().map(|i| i.elo())
    }
}

/// Win/draw/loss counts of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Outcomes for Trinomial {
    /// `[L, D, W]` (fishtest's order).
    fn counts(&self) -> Vec<u64> {
        vec![self.losses, self.draws, self.wins]
    }
}

impl Trinomial {
    pub fn new(wins: u64, draws: u64, losses: u64) -> Trinomial {
        Trinomial {
            wins,
            draws,
            losses,
        }
    }

    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Likelihood of superiority, `Φ((W-L)/sqrt(W+L))` (cutechess); 0.5 when `W+L = 0`.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        phi((self.wins as f64 - self.losses as f64) / decisive.sqrt())
    }

    /// Draws per game; `None` with no games.
    pub fn draw_ratio(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.draws as f64 / self.games() as f64)
    }
}

/// Counts of game pairs by the pair's total score: `counts[i]` pairs scored `i/2` points out of
/// 2, i.e. `[LL, LD, DD+WL, WD, WW]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

impl Outcomes for Pentanomial {
    fn counts(&self) -> Vec<u64> {
        self.counts.to_vec()
    }
}

impl Pentanomial {
    pub fn new(counts: [u64; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// Results an SPRT is run on: pairs when the match was played in pairs, else single games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Results {
    Trinomial(Trinomial),
    Pentanomial(Pentanomial),
}

impl Results {
    fn outcomes(&self) -> &dyn Outcomes {
        match self {
            Results::Trinomial(t) => t,
            Results::Pentanomial(p) => p,
        }
    }

    /// Whether the results can carry an SPRT decision; `Err` says what is missing.
    ///
    /// * Games (trinomial): wins, draws and losses all non-zero, cutechess-cli's rule.
    /// * Pairs (pentanomial): at least two different pair scores, i.e. a non-zero sample
    ///   variance. A run of pairs that all scored the same (typically 1-1, move-identical
    ///   pairs at a node budget) says nothing about the spread of the pair score, and the
    ///   normal-approximation LLR divides by that spread.
    pub fn decidable(&self) -> Result<(), &'static str> {
        match self {
            Results::Trinomial(t) if t.wins == 0 || t.draws == 0 || t.losses == 0 => {
                Err("no decision until wins, draws and losses are all non-zero")
            }
            Results::Pentanomial(p) if p.nonempty_outcomes() < 2 => {
                Err("no decision until the pairs have at least two different scores")
            }
            _ => Ok(()),
        }
    }
}

/// The prior count added to every category before the LLR is computed (see [`llr`]).
pub const PRIOR: f64 = 0.5;

/// The log-likelihood ratio of `H1: elo = elo1` against `H0: elo = elo0` (logistic Elo).
///
/// Model: the generalized SPRT with the normal (Brownian) approximation of M. Van den Bergh,
/// fishtest's `LLRcalc.LLR_alt2` applied to logistic-Elo bounds:
///
/// `LLR = N · (s1 - s0)(2·x̄ - s0 - s1) / (2σ²)`, `s_i = 1/(1 + 10^(-elo_i/400))`,
///
/// where `x̄` and `σ²` are the mean and population variance of the per-sample score on the
/// per-game scale, and the samples are game pairs (pentanomial, outcome = pair score / 2) or
/// games (trinomial).
///
/// **No decision on too little data**: while [`Results::decidable`] refuses the results (for
/// games: until wins, draws and losses are all non-zero, cutechess-cli's rule; for pairs:
/// until at least two different pair scores occurred), the LLR is 0, as cutechess-cli reports
/// it.
///
/// **Regularization**: `N`, `x̄` and `σ²` are computed on the counts plus a prior of half a
/// sample in every category (`+0.5` to each of L, D, W, or to each of the five pair scores: the
/// Jeffreys prior, Dirichlet(½, …)). It keeps the plug-in variance from being too small while
/// there are few samples, which is what makes the normal-approximation LLR overshoot; at
/// hundreds of pairs it changes the LLR by a few percent. fishtest's `results_to_pdf` only
/// replaces zero counts by 1e-3, which is not enough here: with it (and the rule above), the
/// simulation below accepted H0 at true Elo = elo1 in 14.7% of SPRTs `[0, 20]` with β = 0.1,
/// and 13.2% of SPRTs `[0, 40]` with β = 0.05. `tests/suite/sprt_simulation.rs` checks, on 2,000
/// seeded SPRTs per hypothesis and band, that with this prior the error rates stay within
/// `alpha` and `beta`.
///
/// This is not the exact multinomial MLE that fishtest's current `LLR_logistic` computes; the
/// two agree closely for the small Elo differences SPRTs are run at.
pub fn llr(elo0: f64, elo1: f64, results: &Results) -> f64 {
    if results.decidable().is_err() {
        return 0.0;
    }
    let counts = results.outcomes().counts();
    let last = (counts.len() - 1) as f64;
    let samples: Vec<(f64, f64)> = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as f64 / last, c as f64 + PRIOR))
        .collect();
    let (n, mean, var) = moments(&samples);
    let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
}

/// What an SPRT says after the results so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtStatus {
    Continue,
    /// `LLR ≤ ln(β/(1-α))`: H0 (`elo = elo0`) accepted.
    AcceptH0,
    /// `LLR ≥ ln((1-β)/α)`: H1 (`elo = elo1`) accepted.
    AcceptH1,
}

/// A sequential probability ratio test of `elo0` against `elo1` (logistic Elo) with type I
/// error `alpha` and type II error `beta`, on the LLR of [`llr`] and Wald's bounds
/// `ln(β/(1-α))`, `ln((1-β)/α)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// Parses `elo0,elo1,alpha,beta`, e.g. `0,10,0.05,0.05`.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 4 {
            return Err(format!(
                "sprt '{text}': expected elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05)"
            ));
        }
        let mut v = [0.0f64; 4];
        for (slot, (part, name)) in v
            .iter_mut()
            .zip(parts.iter().zip(["elo0", "elo1", "alpha", "beta"]))
        {
            *slot = part
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("sprt '{text}': {name} '{part}' is not a number"))?;
        }
        let [elo0, elo1, alpha, beta] = v;
        if elo0 >= elo1 {
            return Err(format!("sprt '{text}': elo0 must be below elo1"));
        }
        for (p, name) in [(alpha, "alpha"), (beta, "beta")] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("sprt '{text}': {name} must be in (0, 0.5)"));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// `ln(β/(1-α))`: at or below it, H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// `ln((1-β)/α)`: at or above it, H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    pub fn llr(&self, results: &Results) -> f64 {
        llr(self.elo0, self.elo1, results)
    }

    pub fn status(&self, results: &Results) -> SprtStatus {
        let llr = self.llr(results);
        if llr <= self.lower_bound() {
            SprtStatus::AcceptH0
        } else if llr >= self.upper_bound() {
            SprtStatus::AcceptH1
        } else {
            SprtStatus::Continue
        }
    }
}

impl std::str::FromStr for Sprt {
    type Err = String;
    fn from_str(s: &str) -> Result<Sprt, String> {
        Sprt::parse(s)
    }
}

impl std::fmt::Display for SprtStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SprtStatus::Continue => "continue",
            SprtStatus::AcceptH0 => "H0 accepted",
            SprtStatus::AcceptH1 => "H1 accepted",
        })
    }
}

/// Median of a list (mean of the two middle values for an even count); `None` if empty.
pub fn median(values: &mut [f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(|a, b| a.total_cmp(b));
    let n = values.len();
    Some(if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    })
}

/// The value below which a fraction `q` of the sorted `values` lie (linear interpolation).
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let pos = q.clamp(0.0, 1.0) * (sorted.len() - 1) as f64;
    let (i, frac) = (pos.floor() as usize, pos - pos.floor());
    let next = sorted[(i + 1).min(sorted.len() - 1)];
    sorted[i] + (next - sorted[i]) * frac
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&mut []), None);
    }

    #[test]
    fn quantile_interpolates() {
        let sorted = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(quantile(&sorted, 0.0), 1.0);
        assert_eq!(quantile(&sorted, 0.5), 3.0);
        assert_eq!(quantile(&sorted, 0.125), 1.5);
        assert_eq!(quantile(&sorted, 2.0), 5.0);
        assert!(quantile(&[], 0.5).is_nan());
    }
}
