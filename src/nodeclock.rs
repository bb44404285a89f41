//! The node clock: time counted in nodes, so that a game under a clock is a pure function of
//! its inputs (builds, opening, budget) and can be replayed by the C.
//!
//! Each side has `B` nodes for the game (`B = seconds × reference speed`, e.g. 15 s × 600,000
//! nodes/s = 9,000,000). Each think gets the limit `floor(left / TC_MOVES_TO_GO)` and runs
//! micro-Max's own root rule `N < limit` (the C's `1e7` replaced by it); the side's `left` drops by
//! the think's `N`; a side at or below 0 loses on time. This is the CPU clock's time manager with
//! nodes for seconds: Stockfish's `nodestime` does the same for the same reason (the OS's
//! scheduling made its clock noisy).
//!
//! **Seeded wavering** models a machine whose speed wavers, as a real CPU clock does
//! (`results/clock-jitter/`): each think draws `ε`, normal with standard deviation `sigma`,
//! clipped to ±3 `sigma`, and each game draws one `δ` for both sides (standard deviation
//! `game_sigma`, clipped the same way: the two sides of one game on a CPU clock waver together,
//! a correlation of 0.99 measured); the think's factor is `(1+δ)·(1+ε)`, its limit is divided by
//! it and the clock is charged `round(N·factor)`. Still a pure function of the inputs: pair `p`
//! of a match with seed `S` draws from seed `S + p − 1` (a 50-pair match with seed 1 uses seeds
//! 1–50), each colour's `ε` from its own stream, each game of the pair its `δ` from another.
//!
//! **A budget sweep** (`step > 0`): pair `p` plays at `B + (p − 1)·step` nodes a side, so one
//! match maps an interval of budgets, one game pair each.
//!
//! Only arithmetic here: the match runner (`matchrun::play_game`) and the C replay (`oracle`) both
//! drive their thinks with [`SideClock`], so they agree by construction.

use crate::settings::Settings;
use crate::splitmix::SplitMix64;

/// The share of the remaining clock a think may start iterations in: `left / 30` (as the CPU
/// clock's `TC_MOVES_TO_GO`).
pub const MOVES_TO_GO: i64 = 30;

/// Largest budget a side may get (nodes): 2^50, far beyond a day of any machine.
pub const MAX_BUDGET: u64 = 1 << 50;

/// Largest jitter sigma (a fraction): 0.25, so that `1+ε` stays above 0.25 after clipping.
pub const MAX_SIGMA: f64 = 0.25;

/// Seeded speed wavering of a node clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Jitter {
    /// Standard deviation of each think's `ε` (a fraction: 0.02 is 2%); 0: none.
    pub sigma: f64,
    /// Standard deviation of each game's `δ`, shared by its two sides; 0: none (the settings
    /// then omit it, as before it existed).
    pub game_sigma: f64,
    /// Seed of pair 1; pair `p` uses `seed + p − 1`.
    pub seed: u64,
}

/// A node clock: what the settings string records.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeClock {
    /// Nodes a side has for the game (of pair 1, with a sweep).
    pub budget: u64,
    /// Budget sweep: pair `p` plays at `budget + (p − 1)·step`. 0: every pair at `budget`.
    pub step: u64,
    pub jitter: Option<Jitter>,
}

impl NodeClock {
    /// A plain node clock of `budget` nodes a side.
    pub fn new(budget: u64) -> NodeClock {
        NodeClock {
            budget,
            step: 0,
            jitter: None,
        }
    }

    /// The budget of pair `pair` (1-based).
    pub fn budget_of_pair(&self, pair: u64) -> u64 {
        self.budget
            .saturating_add(pair.saturating_sub(1).saturating_mul(self.step))
    }

    /// Refuses what cannot be played.
    pub fn validate(&self, pairs: u64) -> Result<(), String> {
        if self.budget == 0 {
            return Err("the node clock needs at least 1 node a side".into());
        }
        let last = self.budget_of_pair(pairs.max(1));
        if self.budget > MAX_BUDGET || last > MAX_BUDGET {
            return Err(format!(
                "a node clock of {last} nodes a side is too large: at most {MAX_BUDGET} (2^50)"
            ));
        }
        if let Some(j) = self.jitter {
            let fraction = |x: f64| x.is_finite() && (0.0..=MAX_SIGMA).contains(&x);
            if !fraction(j.sigma) {
                return Err(format!(
                    "--clock-jitter must be a fraction from 0 to {MAX_SIGMA} (0.02 is 2%), not {}",
                    j.sigma
                ));
            }
            if !fraction(j.game_sigma) {
                return Err(format!(
                    "--game-jitter must be a fraction from 0 to {MAX_SIGMA} (0.02 is 2%), not {}",
                    j.game_sigma
                ));
            }
            if j.sigma == 0.0 && j.game_sigma == 0.0 {
                return Err(
                    "a wavering clock needs --clock-jitter or --game-jitter above 0".into(),
                );
            }
        }
        Ok(())
    }

    /// The budget's fields of the settings string: `node_clock=B`, then `node_clock_step=S`,
    /// `clock_jitter=SIGMA[;game_jitter=GAME];jitter_seed=SEED` when set.
    pub fn setting(&self) -> String {
        let mut s = format!("node_clock={}", self.budget);
        if self.step > 0 {
            s.push_str(&format!(";node_clock_step={}", self.step));
        }
        if let Some(j) = self.jitter {
            s.push_str(&format!(";clock_jitter={}", crate::text::number(j.sigma)));
            if j.game_sigma > 0.0 {
                s.push_str(&format!(
                    ";game_jitter={}",
                    crate::text::number(j.game_sigma)
                ));
            }
            s.push_str(&format!(";jitter_seed={}", j.seed));
        }
        s
    }

    /// The node clock of a settings string, if it has one (`Err`: present but unreadable).
    pub fn from_settings(settings: &Settings) -> Result<Option<NodeClock>, String> {
        let Some(b) = settings.get("node_clock") else {
            return Ok(None);
        };
        let bad = |k: &str, v: &str| format!("settings: {k}={v} is not readable");
        let budget = b.parse().map_err(|_| bad("node_clock", b))?;
        let step = match settings.get("node_clock_step") {
            Some(s) => s.parse().map_err(|_| bad("node_clock_step", s))?,
            None => 0,
        };
        let jitter = match (settings.get("clock_jitter"), settings.get("jitter_seed")) {
            (Some(s), Some(seed)) => Some(Jitter {
                sigma: s.parse().map_err(|_| bad("clock_jitter", s))?,
                game_sigma: match settings.get("game_jitter") {
                    Some(g) => g.parse().map_err(|_| bad("game_jitter", g))?,
                    None => 0.0,
                },
                seed: seed.parse().map_err(|_| bad("jitter_seed", seed))?,
            }),
            (None, None) => None,
            _ => return Err("settings: clock_jitter and jitter_seed come together".into()),
        };
        Ok(Some(NodeClock {
            budget,
            step,
            jitter,
        }))
    }

    /// The PGN `TimeControl` tag of a game of pair `pair`: `9000000 nodes` (not the PGN
    /// standard's seconds: the tag says which clock played).
    pub fn pgn_time_control(&self, pair: u64) -> String {
        format!("{} nodes", self.budget_of_pair(pair))
    }

    /// The clock of one side in game `game` (1-based, global: pair `(game + 1) / 2`), `white`
    /// its colour.
    pub fn side(&self, game: u64, white: bool) -> SideClock {
        let pair = game.div_ceil(2);
        SideClock {
            left: self.budget_of_pair(pair) as i64,
            draws: self.jitter.map(|j| {
                let pair_seed = j.seed.wrapping_add(pair.wrapping_sub(1));
                Draws {
                    sigma: j.sigma,
                    game_factor: game_factor(j.game_sigma, pair_seed, game),
                    rng: SplitMix64(stream_seed(pair_seed, white)),
                    spare: None,
                }
            }),
        }
    }
}

/// `1+δ` of game `game` (both sides), from its pair's seed and its place in the pair: exactly 1
/// when `sigma` is 0 (no draw), so a clock without game wavering thinks as before it existed.
fn game_factor(sigma: f64, pair_seed: u64, game: u64) -> f64 {
    if sigma == 0.0 {
        return 1.0;
    }
    let place = game.wrapping_sub(1) % 2; // 0: the pair's first game, 1: its second
    let mut d = Draws {
        sigma,
        game_factor: 1.0,
        rng: SplitMix64(
            SplitMix64(pair_seed ^ 0x4741_4d45_0000 ^ place).next_u64(), // "GAME"
        ),
        spare: None,
    };
    1.0 + d.epsilon()
}

/// The state of one colour's stream: the seed mixed with the colour, so that White and Black
/// draw independent sequences.
fn stream_seed(seed: u64, white: bool) -> u64 {
    let mut m = SplitMix64(
        seed ^ if white {
            0x0057_4849_5445
        } else {
            0x0042_4c41_434b
        },
    ); // "WHITE", "BLACK"
    m.next_u64()
}

/// `ln x` for a normal, finite `x > 0` from IEEE basic operations only (+ − × ÷ on `f64`, each
/// correctly rounded and never fused), so the jitter draws are the same bits on every platform
/// (a platform's libm `log` may differ in the last bit, which could move one think's limit):
/// `x = m·2^e` with `m` in [√½, √2), `ln x = e·ln 2 + 2·atanh(t)`, `t = (m−1)/(m+1)`, `|t| <
/// 0.1716`, the series `t·Σ t^2k/(2k+1)` to k = 14 (the next term below 1e−22 of the sum).
fn ln_portable(x: f64) -> f64 {
    assert!(x.is_normal() && x > 0.0, "ln_portable({x})");
    let bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52)); // [1, 2)
    if m > std::f64::consts::SQRT_2 {
        m /= 2.0; // exact
        e += 1;
    }
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let mut acc = 0.0;
    for k in (0..=14).rev() {
        acc = acc * t2 + 1.0 / (2 * k + 1) as f64;
    }
    e as f64 * std::f64::consts::LN_2 + 2.0 * t * acc
}

#[derive(Clone, Debug)]
struct Draws {
    sigma: f64,
    /// `1+δ`: the game's factor, shared by both sides (1 without game wavering).
    game_factor: f64,
    rng: SplitMix64,
    /// The polar method makes normals in twos.
    spare: Option<f64>,
}

impl Draws {
    /// A uniform in (−1, 1), from the top 53 bits.
    fn uniform(&mut self) -> f64 {
        let u = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64; // [0, 1)
        2.0 * u - 1.0
    }

    /// A standard normal (Marsaglia's polar method).
    fn normal(&mut self) -> f64 {
        if let Some(z) = self.spare.take() {
            return z;
        }
        loop {
            let (u, v) = (self.uniform(), self.uniform());
            let s = u * u + v * v;
            if s > 0.0 && s < 1.0 {
                let f = (-2.0 * ln_portable(s) / s).sqrt();
                self.spare = Some(v * f);
                return u * f;
            }
        }
    }

    /// `ε`: normal with standard deviation `sigma`, clipped to ±3 `sigma`.
    fn epsilon(&mut self) -> f64 {
        (self.sigma * self.normal()).clamp(-3.0 * self.sigma, 3.0 * self.sigma)
    }
}

/// One side's node clock in one game.
#[derive(Clone, Debug)]
pub struct SideClock {
    left: i64,
    draws: Option<Draws>,
}

/// What one think may spend, and the factor it is charged at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThinkAllowance {
    /// The root rule's limit: the root starts another iteration only while `N < limit`.
    pub limit: i64,
    /// `(1+δ)·(1+ε)` (1 without wavering).
    pub factor: f64,
}

impl ThinkAllowance {
    /// What a think of `nodes` nodes costs the clock: `nodes`, or `round(nodes·(1+ε))` under
    /// jitter.
    pub fn cost(&self, nodes: u64) -> i64 {
        if self.factor == 1.0 {
            nodes.min(i64::MAX as u64) as i64
        } else {
            (nodes as f64 * self.factor).round() as i64
        }
    }
}

impl SideClock {
    /// Nodes left (at or below 0: the side has lost on time).
    pub fn left(&self) -> i64 {
        self.left
    }

    /// The next think's allowance: `floor(left / 30)`, divided by `(1+δ)·(1+ε)` under wavering
    /// (one draw of `ε` per think, in the order the side thinks; `δ` the game's).
    pub fn allowance(&mut self) -> ThinkAllowance {
        let share = self.left.max(0) / MOVES_TO_GO;
        match self.draws.as_mut() {
            None => ThinkAllowance {
                limit: share,
                factor: 1.0,
            },
            Some(d) => {
                let factor = d.game_factor * (1.0 + d.epsilon());
                ThinkAllowance {
                    limit: (share as f64 / factor).floor() as i64,
                    factor,
                }
            }
        }
    }

    /// Charges a think of `nodes` nodes made under `allowance` ([`ThinkAllowance::cost`]).
    pub fn charge(&mut self, nodes: u64, allowance: &ThinkAllowance) {
        self.left = self.left.saturating_sub(allowance.cost(nodes));
    }

    /// The side has lost on time: its clock is at or below 0.
    pub fn flagged(&self) -> bool {
        self.left <= 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_clock_gives_a_thirtieth_and_charges_the_nodes() {
        let clock = NodeClock::new(9_000_000);
        let mut side = clock.side(1, true);
        let a = side.allowance();
        assert_eq!(
            a,
            ThinkAllowance {
                limit: 300_000,
                factor: 1.0
            }
        );
        side.charge(412_345, &a);
        assert_eq!(side.left(), 9_000_000 - 412_345);
        assert_eq!(side.allowance().limit, (9_000_000 - 412_345) / 30);
        assert!(!side.flagged());
        side.charge(8_587_655, &a);
        assert_eq!(side.left(), 0);
        assert!(side.flagged(), "at 0 the side has lost");
        assert_eq!(side.allowance().limit, 0);
    }

    #[test]
    fn a_sweep_gives_each_pair_its_budget() {
        let clock = NodeClock {
            budget: 6_000_000,
            step: 6_000,
            jitter: None,
        };
        assert_eq!(clock.budget_of_pair(1), 6_000_000);
        assert_eq!(clock.budget_of_pair(1001), 12_000_000);
        assert_eq!(clock.side(2001, false).left(), 12_000_000);
        assert_eq!(clock.side(2002, true).left(), 12_000_000);
        assert_eq!(clock.pgn_time_control(2), "6006000 nodes");
        assert!(clock.validate(1001).is_ok());
        let huge = NodeClock {
            step: u64::MAX / 4,
            ..clock
        };
        assert!(huge.validate(1001).unwrap_err().contains("too large"));
    }

    #[test]
    fn jitter_is_seeded_per_pair_and_colour_and_clipped() {
        let clock = NodeClock {
            budget: 9_000_000,
            step: 0,
            jitter: Some(Jitter {
                sigma: 0.02,
                game_sigma: 0.0,
                seed: 1,
            }),
        };
        let draws = |pair: u64, white| {
            let mut s = clock.side(2 * pair - 1, white);
            (0..2000).map(|_| s.allowance()).collect::<Vec<_>>()
        };
        let a = draws(1, true);
        assert_eq!(a, draws(1, true), "the same inputs give the same draws");
        assert_ne!(a, draws(1, false), "each colour its own stream");
        assert_ne!(a, draws(2, true), "each pair its own seed");
        // pair 2 of seed 1 is pair 1 of seed 2
        assert_eq!(
            {
                let mut s = clock.side(2, true);
                (0..2000).map(|_| s.allowance()).collect::<Vec<_>>()
            },
            a,
            "without game wavering both games of a pair draw alike"
        );
        let seed2 = NodeClock {
            jitter: Some(Jitter {
                sigma: 0.02,
                game_sigma: 0.0,
                seed: 2,
            }),
            ..clock
        };
        let mut s = seed2.side(1, true);
        assert_eq!(
            (0..2000).map(|_| s.allowance()).collect::<Vec<_>>(),
            draws(2, true)
        );
        let eps: Vec<f64> = a.iter().map(|t| t.factor - 1.0).collect();
        assert!(
            eps.iter().all(|e| e.abs() <= 0.06 + 1e-12),
            "clipped at 3 sigma"
        );
        let mean = eps.iter().sum::<f64>() / eps.len() as f64;
        let sd = (eps.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / eps.len() as f64).sqrt();
        assert!(mean.abs() < 0.002, "mean {mean}");
        assert!((sd - 0.02).abs() < 0.002, "sd {sd}");
        // the limit is the share divided by 1+ε; the charge N·(1+ε)
        let t = a[0];
        assert_eq!(t.limit, (300_000f64 / t.factor).floor() as i64);
        let mut side = clock.side(1, true);
        let first = side.allowance();
        side.charge(100_000, &first);
        assert_eq!(
            side.left(),
            9_000_000 - (100_000f64 * first.factor).round() as i64
        );
    }

    /// The portable `ln` agrees with the platform's to a few units in the last place over the
    /// range the polar method feeds it, (0, 1), and is exact where `ln` is a multiple of ln 2.
    #[test]
    fn ln_portable_is_ln() {
        assert_eq!(ln_portable(1.0), 0.0);
        assert_eq!(ln_portable(0.5), -std::f64::consts::LN_2);
        assert_eq!(ln_portable(0.25), -2.0 * std::f64::consts::LN_2);
        let mut r = SplitMix64(3);
        let mut worst = 0.0f64;
        for i in 0..200_000 {
            let x = if i % 2 == 0 {
                (r.next_u64() >> 11) as f64 / (1u64 << 53) as f64 // uniform in [0, 1)
            } else {
                f64::from_bits(r.next_u64() >> 2 | 1) // spread over the exponents
            };
            if !(x.is_normal() && x > 0.0 && x < 1.0) {
                continue;
            }
            let (a, b) = (ln_portable(x), x.ln());
            worst = worst.max(((a - b) / b).abs());
        }
        assert!(worst < 1e-15, "worst relative difference {worst:e}");
    }

    #[test]
    fn settings_round_trip() {
        for clock in [
            NodeClock::new(36_000_000),
            NodeClock {
                budget: 6_000_000,
                step: 6_000,
                jitter: Some(Jitter {
                    sigma: 0.005,
                    game_sigma: 0.0,
                    seed: 1,
                }),
            },
            NodeClock {
                budget: 9_000_000,
                step: 100_000,
                jitter: Some(Jitter {
                    sigma: 0.09,
                    game_sigma: 0.1,
                    seed: 7,
                }),
            },
        ] {
            let s = format!("builds=old,sd;{};max_plies=400", clock.setting());
            assert_eq!(
                NodeClock::from_settings(&Settings::parse(&s)).unwrap(),
                Some(clock)
            );
        }
        assert_eq!(
            NodeClock::new(5).setting(),
            "node_clock=5",
            "no step, no jitter: one field"
        );
        assert_eq!(
            NodeClock::from_settings(&Settings::parse("nodes=5")).unwrap(),
            None
        );
        assert!(NodeClock::from_settings(&Settings::parse("node_clock=x")).is_err());
        assert!(
            NodeClock::from_settings(&Settings::parse("node_clock=5;clock_jitter=0.1")).is_err()
        );
    }

    #[test]
    fn bad_clocks_are_refused() {
        assert!(NodeClock::new(0).validate(1).is_err());
        let j = |sigma| NodeClock {
            jitter: Some(Jitter {
                sigma,
                game_sigma: 0.0,
                seed: 1,
            }),
            ..NodeClock::new(100)
        };
        for bad in [0.0, -0.1, 0.3, f64::NAN] {
            assert!(j(bad).validate(1).is_err(), "{bad}");
        }
        assert!(j(0.02).validate(1).is_ok());
        let g = |game_sigma| NodeClock {
            jitter: Some(Jitter {
                sigma: 0.0,
                game_sigma,
                seed: 1,
            }),
            ..NodeClock::new(100)
        };
        for bad in [0.0, -0.1, 0.3, f64::INFINITY] {
            assert!(g(bad).validate(1).is_err(), "{bad}");
        }
        assert!(g(0.1).validate(1).is_ok(), "game wavering alone");
    }

    /// The game's factor is one draw for both sides of a game, another for the pair's other game,
    /// multiplies each think's `1+ε`, and has the spread asked for.
    #[test]
    fn game_wavering_is_shared_by_both_sides_of_a_game() {
        let wavering = |sigma, game_sigma| NodeClock {
            budget: 9_000_000,
            step: 0,
            jitter: Some(Jitter {
                sigma,
                game_sigma,
                seed: 1,
            }),
        };
        let only_game = wavering(0.0, 0.1);
        let factor = |c: &NodeClock, game, white| c.side(game, white).allowance().factor;
        for game in 1..50 {
            let w = factor(&only_game, game, true);
            assert_eq!(
                w,
                factor(&only_game, game, false),
                "game {game}: both sides"
            );
            let mut s = only_game.side(game, true);
            assert!(
                (0..40).all(|_| s.allowance().factor == w),
                "one draw a game"
            );
        }
        assert_ne!(factor(&only_game, 1, true), factor(&only_game, 2, true));
        let deltas: Vec<f64> = (1..=4000)
            .map(|g| factor(&only_game, g, true) - 1.0)
            .collect();
        assert!(deltas.iter().all(|d| d.abs() <= 0.3 + 1e-12), "clipped");
        let mean = deltas.iter().sum::<f64>() / deltas.len() as f64;
        let sd =
            (deltas.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / deltas.len() as f64).sqrt();
        assert!(mean.abs() < 0.01 && (sd - 0.1).abs() < 0.01, "{mean} {sd}");
        // with both: the think's ε of the per-think clock times the game's δ
        let both = wavering(0.09, 0.1);
        let think_only = wavering(0.09, 0.0);
        let (mut b, mut t) = (both.side(5, false), think_only.side(5, false));
        let d = factor(&only_game, 5, false);
        for _ in 0..40 {
            assert_eq!(b.allowance().factor, d * t.allowance().factor);
        }
    }
}
