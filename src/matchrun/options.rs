//! The plain options of a match (what `cli/` turns the command line into), the budget, the
//! shard, and the settings string that tags every row.

use std::path::PathBuf;

/// Default node budget of a think (the value that replaces the C's `1e7`).
pub const DEFAULT_NODES: u64 = 100_000;
/// Largest node budget of a think: the C's node counter `N` is an `int`.
pub const MAX_NODES: u64 = 2_000_000_000;

/// The longest clock a side may get, nominal or scaled (seconds): a day.
pub const MAX_CLOCK_S: f64 = 86_400.0;
/// Largest number of games: game numbers go up to `2 × pairs` and must fit in a `u64`
/// (u64::MAX is odd, so it would round up past itself).
pub const MAX_GAMES: u64 = u64::MAX - 1;
/// Default number of games (20 pairs).
pub const DEFAULT_GAMES: u64 = 20;
/// Default game length limit in plies (opening included), adjudicated a draw.
pub const DEFAULT_MAX_PLIES: u32 = 400;
/// Bumped whenever the runner's schedule, driving of the engines, or the meaning of a column
/// changes (part of the settings string, so old rows never merge with new ones). 2: the depth
/// columns count a mate-finding iteration by its real depth, not the C's marker 98.
pub const PROTOCOL_VERSION: u32 = 2;

pub use crate::budget::Budget;

pub use crate::games_csv::Shard;

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningsSource {
    /// The built-in default suite.
    Default,
    /// A file: UCI move lines, FEN/EPD lines, or PGN.
    File(PathBuf),
    /// The initial position alone: `openings/startpos.pgn`, built in (the settings name it as
    /// that file, so its games are those of `--openings openings/startpos.pgn`).
    InitialPosition,
}

/// A fault the runner injects into one game, to test that errors end the game and not the
/// match. Not reachable from the command line.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    /// Global game number.
    pub game: u64,
    /// The ply (0-based count of plies already played) at which the fault strikes.
    pub ply: u32,
    pub kind: FaultKind,
}

#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// The side to move's engine panics when asked to think.
    Panic,
    /// The engine that is fed the move played at this ply gets a corrupted side to move, so its
    /// legality check rejects the move.
    Reject,
}

/// Everything `umax match` needs; built by `cli/match_args.rs` from the command line.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The two builds: base and test (whose score is reported); `old,sd` by default.
    pub builds: crate::pairing::Pairing,
    /// Total games of the whole match (all shards); odd numbers are rounded up to pairs.
    pub games: u64,
    pub budget: Budget,
    pub max_plies: u32,
    pub hash_bits: u32,
    /// Clear the whole hash table before every think, as the C does, instead of only the
    /// entries written since the last clear. The same games at a node budget, only slower;
    /// for measuring what the C's clearing costs (`results/bench.md`).
    pub full_clear: bool,
    /// `--hard-deadline` (with `--tc`): a think is also cut inside an iteration once it has used
    /// [`hard_limit`](crate::budget::hard_limit) of CPU, and the move of its last completed iteration is played. Not
    /// micro-Max (whose iterations always run to their end): a different condition, recorded
    /// in the settings.
    pub hard_deadline: bool,
    pub openings: OpeningsSource,
    /// Worker threads (each holds two engines).
    pub concurrency: usize,
    /// `concurrency` is the default (all cores), not a count the user gave: it is lowered to
    /// what fits in memory instead of refused.
    pub concurrency_is_default: bool,
    pub shard: Shard,
    /// Output directory; `None`: a new `runs/<timestamp>-<budget>`.
    pub out: Option<PathBuf>,
    /// Continue the run in `out` from its `games.csv`.
    pub resume: bool,
    /// Show the progress bar when stderr is a terminal.
    pub progress: bool,
    /// The command line, for `command.txt`.
    pub command_line: Vec<String>,
    /// Stop the match when this SPRT accepts a hypothesis (checked after every game).
    pub sprt: Option<crate::stats::Sprt>,
    /// `--tc-scale`: scale the `--tc` clock by the reference speed over this machine's.
    pub tc_scale: Option<super::calibrate::TcScale>,
    /// `--tc-speed`: this machine's speed (nodes/s), given instead of measured.
    pub tc_speed: Option<f64>,
    /// The engines of their own processes `--engine` defined (the pairing names them).
    pub engines: Vec<std::sync::Arc<crate::pairing::EngineSpec>>,
    #[doc(hidden)]
    pub fault: Option<Fault>,
}

impl MatchOptions {
    /// Options with the defaults of the command line (openings: the built-in suite).
    pub fn new(out: Option<PathBuf>) -> MatchOptions {
        MatchOptions {
            builds: crate::pairing::Pairing::default(),
            games: DEFAULT_GAMES,
            budget: Budget::Nodes(DEFAULT_NODES),
            max_plies: DEFAULT_MAX_PLIES,
            hash_bits: micromax::seam::DEFAULT_HASH_BITS,
            full_clear: false,
            hard_deadline: false,
            openings: OpeningsSource::Default,
            concurrency: default_concurrency(),
            concurrency_is_default: true,
            shard: Shard::ALL,
            out,
            resume: false,
            progress: true,
            command_line: Vec::new(),
            sprt: None,
            tc_scale: None,
            tc_speed: None,
            engines: Vec::new(),
            fault: None,
        }
    }

    /// Checks what clap cannot; rounds an odd game count up to whole pairs and says so in the
    /// returned notes.
    pub fn validate(&mut self) -> Result<Vec<String>, String> {
        let mut notes = Vec::new();
        if self.games == 0 {
            return Err("--games must be at least 1 (games are played in pairs)".into());
        }
        if self.games > MAX_GAMES {
            return Err(format!(
                "--games {} is too large: at most {MAX_GAMES} (game numbers must fit in 64 bits)",
                self.games
            ));
        }
        if self.games % 2 == 1 {
            notes.push(format!(
                "--games {} is odd: playing {} (games come in pairs, one per colour)",
                self.games,
                self.games + 1
            ));
            self.games += 1;
        }
        match self.budget {
            Budget::Nodes(0) => return Err("--nodes must be at least 1".into()),
            Budget::Nodes(n) if n > MAX_NODES => {
                return Err(format!(
                    "--nodes {n} is too large: at most {MAX_NODES} (2e9; the C's node counter is an int)"
                ));
            }
            Budget::Time(t) if !(t.base.is_finite() && t.base > 0.0) => {
                return Err(format!(
                    "--tc must be a positive number of seconds, not {}",
                    crate::text::number(t.base)
                ));
            }
            Budget::Time(t) if t.base > MAX_CLOCK_S || t.increment > MAX_CLOCK_S => {
                let n = crate::text::number;
                let shown = if t.increment == 0.0 {
                    n(t.base)
                } else {
                    format!("{}+{}", n(t.base), n(t.increment))
                };
                return Err(format!(
                    "--tc {shown}: at most {MAX_CLOCK_S} seconds per side (a day)"
                ));
            }
            Budget::NodeClock(c) => c.validate(self.games.div_ceil(2))?,
            _ => {}
        }
        if self.max_plies == 0 {
            return Err("--max-plies must be at least 1".into());
        }
        if !(4..=24).contains(&self.hash_bits) {
            return Err(format!(
                "--hash-bits must be 4..=24, not {}",
                self.hash_bits
            ));
        }
        if self.concurrency == 0 {
            return Err("--concurrency must be at least 1".into());
        }
        if self.shard.index == 0 || self.shard.index > self.shard.count {
            return Err(format!("--shard {}: K must be between 1 and N", self.shard));
        }
        if self.hard_deadline && !matches!(self.budget, Budget::Time(_)) {
            return Err("--hard-deadline cuts a think on the clock: it needs --tc SECONDS".into());
        }
        if self.tc_scale.is_some() && !matches!(self.budget, Budget::Time(_)) {
            return Err(if matches!(self.budget, Budget::NodeClock(_)) {
                "--tc-scale scales the CPU clock; the node clock is not scaled (its nodes are the reference machine's)".into()
            } else {
                "--tc-scale scales a clock: it needs --tc SECONDS (node budgets are not scaled)"
                    .into()
            });
        }
        if let Some(v) = self.tc_speed {
            if self.tc_scale.is_none() {
                return Err(
                    "--tc-speed gives the speed --tc-scale divides by: it needs --tc-scale".into(),
                );
            }
            if !(v.is_finite() && (1.0..=super::calibrate::MAX_NPS).contains(&v)) {
                return Err(format!(
                    "--tc-speed must be a number of nodes per second from 1 to {:e}, not {v}",
                    super::calibrate::MAX_NPS
                ));
            }
            if let (Some(scale), &Budget::Time(t)) = (&self.tc_scale, &self.budget) {
                let s = t.base;
                let clock = s * scale.ref_nps / v;
                if clock > MAX_CLOCK_S {
                    return Err(format!(
                        "--tc {s} scaled by {} / {v} nodes/s is {clock:.0} s per side: at most {MAX_CLOCK_S} (a day)",
                        scale.ref_nps
                    ));
                }
            }
        }
        if self.resume && self.out.is_none() {
            return Err("--resume needs --out DIR (the run to continue)".into());
        }
        Ok(notes)
    }

    /// Number of game pairs in the whole match.
    pub fn pairs(&self) -> u64 {
        self.games.div_ceil(2)
    }
}

/// All cores.
pub fn default_concurrency() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The `settings` column: everything that changes the games, nothing that does not
/// (concurrency, shard, output directory). Read back only as a [`crate::settings::Settings`].
pub fn settings_string(opts: &MatchOptions, openings_name: &str, openings_hash: &str) -> String {
    format!(
        "builds={};{};max_plies={};hash_bits={};openings={};openings_hash={};games={};protocol={}",
        opts.builds,
        opts.budget.setting(),
        opts.max_plies,
        opts.hash_bits,
        openings_name.replace([';', '='], "_"),
        openings_hash,
        opts.games,
        PROTOCOL_VERSION
    ) + if opts.full_clear {
        // the C's clearing: the same games at a node budget, but its time is in the clocks
        ";full_clear=1"
    } else {
        ""
    } + if opts.hard_deadline {
        // thinks cut inside an iteration: not the faithful root rule
        ";hard_deadline=1"
    } else {
        ""
    } + &opts
        .tc_scale
        .map_or(String::new(), |s| format!(";tc_ref_nps={:.0}", s.ref_nps))
        // an external engine: its version line, protocol and options (never its path)
        + &opts
            .builds
            .engines()
            .map(|e| format!(";engine.{}={}", e.name, e.setting()))
            .collect::<String>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    #[test]
    fn shard_parsing() {
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        assert!(
            "3/2"
                .parse::<Shard>()
                .unwrap_err()
                .contains("between 1 and N")
        );
        assert!("0/2".parse::<Shard>().is_err());
        assert!("1/0".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
        let s = Shard { index: 2, count: 3 };
        let pairs: Vec<u64> = (1..=9).filter(|&p| s.plays_pair(p)).collect();
        assert_eq!(pairs, vec![2, 5, 8]);
        assert!(!s.plays_pair(0));
        for pairs in 0..=10 {
            for count in 1..=4 {
                for index in 1..=count {
                    let s = Shard { index, count };
                    let slow: Vec<u64> = (1..=pairs).filter(|&p| s.plays_pair(p)).collect();
                    assert_eq!(s.pairs_iter(pairs).collect::<Vec<_>>(), slow);
                    assert_eq!(s.pairs_of(pairs), slow.len() as u64);
                }
            }
        }
    }

    #[test]
    fn odd_games_round_up() {
        let mut o = MatchOptions::new(None);
        o.games = 5;
        let notes = o.validate().unwrap();
        assert_eq!(o.games, 6);
        assert!(notes[0].contains("odd"));
        o.games = 0;
        assert!(o.validate().is_err());
        o.games = u64::MAX;
        assert!(
            o.validate()
                .unwrap_err()
                .contains("at most 18446744073709551614")
        );
        o.games = MAX_GAMES;
        o.validate().unwrap();
        assert_eq!(o.pairs(), u64::MAX / 2);
        // the last pair's games fit
        assert_eq!(2 * o.pairs(), MAX_GAMES);
    }

    #[test]
    fn settings_leave_out_concurrency_and_shard() {
        let mut a = MatchOptions::new(None);
        let mut b = a.clone();
        a.concurrency = 1;
        b.concurrency = 7;
        b.shard = Shard { index: 2, count: 2 };
        assert_eq!(
            settings_string(&a, "x.txt", "00"),
            settings_string(&b, "x.txt", "00")
        );
        b.budget = Budget::Nodes(5);
        let (sa, sb) = (
            settings_string(&a, "x.txt", "00"),
            settings_string(&b, "x.txt", "00"),
        );
        assert_eq!(
            Settings::parse(&sa).diff(&Settings::parse(&sb)),
            "nodes: 100000 (on disk) vs 5 (now)"
        );
    }

    #[test]
    fn hard_deadline_is_in_the_settings_only_when_on_and_needs_a_clock() {
        let mut o = MatchOptions::new(None);
        o.budget = Budget::Time(crate::budget::TimeControl::sudden_death(60.0));
        assert!(!settings_string(&o, "x.txt", "00").contains("hard_deadline"));
        o.hard_deadline = true;
        let on = settings_string(&o, "x.txt", "00");
        assert!(on.contains(";hard_deadline=1"), "{on}");
        assert!(o.validate().is_ok());
        o.budget = Budget::Nodes(1000);
        assert!(o.validate().unwrap_err().contains("needs --tc"));
    }

    #[test]
    fn full_clear_is_in_the_settings_only_when_on() {
        let mut o = MatchOptions::new(None);
        let off = settings_string(&o, "x.txt", "00");
        assert!(!off.contains("full_clear"));
        o.full_clear = true;
        let on = settings_string(&o, "x.txt", "00");
        assert_eq!(on, format!("{off};full_clear=1"));
    }

    #[test]
    fn scaled_clock_condition() {
        let mut o = MatchOptions::new(None);
        o.budget = Budget::Time(crate::budget::TimeControl::sudden_death(15.0));
        o.tc_scale = Some(crate::matchrun::calibrate::TcScale::parse("2006").unwrap());
        let s = settings_string(&o, "x.txt", "00");
        assert!(s.ends_with(";tc_ref_nps=600000"), "{s}");
        let a = format!("{s};tc_nps=3000000;tc_factor=0.200000;tc_clock=3.000");
        let b = format!("{s};tc_nps=1500000;tc_factor=0.400000;tc_clock=6.000");
        assert_eq!(Settings::parse(&a).condition().to_string(), s);
        assert_eq!(
            Settings::parse(&a).condition(),
            Settings::parse(&b).condition()
        );
        assert_eq!(Settings::parse(&a).diff(&Settings::parse(&b)), "");
        let mut o2 = o.clone();
        o2.tc_scale = Some(crate::matchrun::calibrate::TcScale::parse("800000").unwrap());
        let c = settings_string(&o2, "x.txt", "00");
        assert_eq!(
            Settings::parse(&a).diff(&Settings::parse(&c)),
            "tc_ref_nps: 600000 (on disk) vs 800000 (now)"
        );
        o.budget = Budget::Nodes(5);
        assert!(o.validate().unwrap_err().contains("needs --tc"));
    }
}
