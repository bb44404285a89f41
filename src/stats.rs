//! Match statistics: pure functions of win/draw/loss counts (trinomial) or game-pair counts
//! (pentanomial), in the conventions of cutechess-cli and fishtest.
//!
//! Scores are always from the first player's point of view (in umax: the `sd` build vs `old`).
//!
//! # Models
//!
//! * **Score and its 95% interval**: the mean score per game, with the normal approximation on
//!   the empirical per-game (trinomial) or per-pair (pentanomial) score variance:
//!   `s ± z·sqrt(var/n)`, `z = Φ⁻¹(0.975)`. This is cutechess-cli's `Elo` class and fishtest's
//!   `stat_util.get_elo` (without fishtest's regularization). The interval is clamped to
//!   `[0, 1]`.
//! * **Elo**: logistic, `elo(s) = -400·log10(1/s - 1)`; the Elo interval is the score interval
//!   transformed, and `±` is half its width, as cutechess prints it.
//! * **LOS** (likelihood of superiority): `Φ((W-L)/sqrt(W+L))`, cutechess's formula
//!   (`0.5 + 0.5·erf((W-L)/sqrt(2(W+L)))`); draws carry no information in it.
//! * **SPRT**: see [`llr`].
//!
//! # Edge cases (no panics, no surprises)
//!
//! * No games (or no pairs): score, interval, Elo and draw ratio are `NaN`, meaning "no data";
//!   LOS is 0.5; the LLR is 0.
//! * Score 0 or 1 (all losses, all wins): Elo is `-inf` / `+inf`.
//! * An interval end at 0 or 1 makes that Elo bound infinite, and `±` is then `+inf`.
//! * A zero variance (e.g. all draws) gives a zero-width interval and `± 0`.

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

/// A mean score per game with its 95% interval (clamped to `[0, 1]`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreInterval {
    pub score: f64,
    pub low: f64,
    pub high: f64,
}

/// A logistic Elo difference with its 95% interval and the half-width `pm` of that interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloInterval {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
    /// `(high - low) / 2`; `+inf` when a bound is infinite, `NaN` with no data.
    pub pm: f64,
}

impl ScoreInterval {
    /// From the number of samples, their mean and their (population) variance, all on the
    /// per-game score scale.
    fn from_moments(n: f64, mean: f64, var: f64) -> ScoreInterval {
        if n <= 0.0 {
            return ScoreInterval {
                score: f64::NAN,
                low: f64::NAN,
                high: f64::NAN,
            };
        }
        let half = Z95 * (var.max(0.0) / n).sqrt();
        ScoreInterval {
            score: mean,
            low: (mean - half).clamp(0.0, 1.0),
            high: (mean + half).clamp(0.0, 1.0),
        }
    }

    /// The interval on the logistic Elo scale.
    pub fn elo(&self) -> EloInterval {
        let (low, high) = (elo_from_score(self.low), elo_from_score(self.high));
        let pm = if low.is_nan() || high.is_nan() {
            f64::NAN
        } else if low.is_finite() && high.is_finite() {
            (high - low) / 2.0
        } else {
            f64::INFINITY
        };
        EloInterval {
            elo: elo_from_score(self.score),
            low,
            high,
            pm,
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

/// Win/draw/loss counts of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
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

    /// Per-game scores 0, ½, 1 with their counts, worst first (fishtest's order `L, D, W`).
    fn samples(&self) -> [(f64, f64); 3] {
        [
            (0.0, self.losses as f64),
            (0.5, self.draws as f64),
            (1.0, self.wins as f64),
        ]
    }

    /// Mean score per game, `(W + D/2)/N`; `NaN` with no games.
    pub fn score(&self) -> f64 {
        moments(&self.samples()).1
    }

    /// Population variance of the per-game score; `NaN` with no games.
    pub fn variance(&self) -> f64 {
        moments(&self.samples()).2
    }

    /// Score with its 95% interval (cutechess: `s ± Φ⁻¹(0.975)·σ/√N`).
    pub fn interval(&self) -> ScoreInterval {
        let (n, mean, var) = moments(&self.samples());
        ScoreInterval::from_moments(n, mean, var)
    }

    /// Logistic Elo with its 95% interval.
    pub fn elo(&self) -> EloInterval {
        self.interval().elo()
    }

    /// Likelihood of superiority, `Φ((W-L)/sqrt(W+L))` (cutechess); 0.5 when `W+L = 0`.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        phi((self.wins as f64 - self.losses as f64) / decisive.sqrt())
    }

    /// Draws per game; `NaN` with no games.
    pub fn draw_ratio(&self) -> f64 {
        if self.games() == 0 {
            return f64::NAN;
        }
        self.draws as f64 / self.games() as f64
    }
}

/// Counts of game pairs by the pair's total score: `counts[i]` pairs scored `i/2` points out of
/// 2, i.e. `[LL, LD, DD+WL, WD, WW]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

impl Pentanomial {
    pub fn new(counts: [u64; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Pair outcomes on the per-game scale (pair score / 2 = 0, ¼, ½, ¾, 1) with their counts.
    fn samples(&self) -> [(f64, f64); 5] {
        std::array::from_fn(|i| (i as f64 / 4.0, self.counts[i] as f64))
    }

    /// Mean score per game; `NaN` with no pairs.
    pub fn score(&self) -> f64 {
        moments(&self.samples()).1
    }

    /// Population variance of the pair's mean score per game (pair score / 2), the per-pair
    /// variance fishtest's `stats` uses; `NaN` with no pairs.
    pub fn variance(&self) -> f64 {
        moments(&self.samples()).2
    }

    /// Score with its 95% interval, from the per-pair variance: `s ± z·σ_pair/√pairs`.
    pub fn interval(&self) -> ScoreInterval {
        let (n, mean, var) = moments(&self.samples());
        ScoreInterval::from_moments(n, mean, var)
    }

    /// Logistic Elo with its 95% interval.
    pub fn elo(&self) -> EloInterval {
        self.interval().elo()
    }
}

/// Results an SPRT is run on: pairs when the match was played in pairs, else single games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Results {
    Trinomial(Trinomial),
    Pentanomial(Pentanomial),
}

/// The log-likelihood ratio of `H1: elo = elo1` against `H0: elo = elo0` (logistic Elo).
///
/// Model: the generalized SPRT with the normal (Brownian) approximation of M. Van den Bergh,
/// fishtest's `LLRcalc.LLR_alt2` applied to logistic-Elo bounds:
///
/// `LLR = N · (s1 - s0)(2·x̄ - s0 - s1) / (2σ²)`, `s_i = 1/(1 + 10^(-elo_i/400))`,
///
/// where `x̄` and `σ²` are the mean and population variance of the per-sample score on the
/// per-game scale, and the samples are game pairs (pentanomial, outcome = pair score / 2) or
/// games (trinomial). As fishtest's `results_to_pdf` does, every zero count is replaced by
/// 1e-3 before `N`, `x̄` and `σ²` are computed, so all-wins or all-draws data still has a
/// variance. With no samples at all the LLR is 0.
///
/// This is not the exact multinomial MLE that fishtest's current `LLR_logistic` computes; the
/// two agree closely for the small Elo differences SPRTs are run at.
pub fn llr(elo0: f64, elo1: f64, results: &Results) -> f64 {
    let counts: Vec<u64> = match results {
        Results::Trinomial(t) => vec![t.losses, t.draws, t.wins],
        Results::Pentanomial(p) => p.counts.to_vec(),
    };
    if counts.iter().all(|&c| c == 0) {
        return 0.0;
    }
    let last = (counts.len() - 1) as f64;
    let samples: Vec<(f64, f64)> = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as f64 / last, if c == 0 { 1e-3 } else { c as f64 }))
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
