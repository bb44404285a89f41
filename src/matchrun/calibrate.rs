//! Calibrated clocks (`umax match --tc S --tc-scale REF`), OpenBench-style: before the first
//! game the runner measures this machine's speed with the bench positions, with as many
//! threads searching at once as the match will have, and scales every clock by
//! `REF / measured`. A game then gets about the nodes it would get on the reference machine,
//! whatever machine plays it.
//!
//! The settings that must match for a merge carry the condition (the nominal clock `tc=` and
//! the reference `tc_ref_nps=`); each row also carries what its machine measured
//! (`tc_nps=`, `tc_factor=`, `tc_clock=`), which is not compared, so shards measured on
//! different machines merge, each having played at its own factor.

use crate::positions::{builtin_suite, setup};
use micromax::builds::Build;
use micromax::{Limits, thread_cpu_seconds};

/// micro-Max 3.2 (the C, gcc -O2) on a 2006 desktop core, in nodes per second of the
/// faithful search: the speed `--tc-scale 2006` scales to. An estimate, good to a factor of
/// about 1.5 either way; how it was made is in `results/calibration/README.md`.
pub const REF_2006_NPS: f64 = 600_000.0;

/// The name of [`REF_2006_NPS`] on the command line.
pub const REF_2006_NAME: &str = "2006";

/// Node limit of each bench think while measuring (the bench's own default).
const MEASURE_NODES: i64 = 100_000;

/// A resume re-measures; when the factor moved by more than this fraction it says so.
pub const FACTOR_TOLERANCE: f64 = 0.05;

/// The largest speed a reference or a machine may be given (nodes per second): far beyond any
/// machine, small enough that a scaled clock stays finite.
pub const MAX_NPS: f64 = 1e10;

/// The reference speed of a calibrated clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TcScale {
    /// Nodes per second of the reference machine.
    pub ref_nps: f64,
    /// `--tc-scale 2006` (the named reference) rather than a number.
    pub named_2006: bool,
}

impl TcScale {
    /// `2006` (the named reference) or a speed in nodes per second (`600000`, `6e5`).
    pub fn parse(s: &str) -> Result<TcScale, String> {
        let t = s.trim();
        if t == REF_2006_NAME {
            return Ok(TcScale {
                ref_nps: REF_2006_NPS,
                named_2006: true,
            });
        }
        match t.parse::<f64>() {
            Ok(v) if v.is_finite() && (1000.0..=MAX_NPS).contains(&v) => Ok(TcScale {
                ref_nps: v.round(),
                named_2006: false,
            }),
            _ => Err(format!(
                "'{s}': expected {REF_2006_NAME} (micro-Max 3.2 on a 2006 desktop core, {REF_2006_NPS} nodes/s) or a reference speed from 1000 to {MAX_NPS:e} nodes/s"
            )),
        }
    }

    /// How the command line names it, for messages and `command.txt`.
    pub fn describe(&self) -> String {
        if self.named_2006 {
            format!("{REF_2006_NAME} ({} nodes/s)", self.ref_nps)
        } else {
            format!("{} nodes/s", self.ref_nps)
        }
    }
}

/// This machine's measured (or given) speed, and the clock it gives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// Nodes per CPU second of one worker while all workers search.
    pub nps: f64,
    /// `--tc-speed` gave the speed instead of a measurement.
    pub given: bool,
    /// `ref_nps / nps`.
    pub factor: f64,
    /// The clock each side gets: nominal seconds × factor, rounded to the millisecond.
    pub clock: f64,
    /// Threads that searched at once during the measurement (0 when given).
    pub threads: usize,
    /// Nodes and CPU seconds of the measurement (0 when given).
    pub nodes: u64,
    pub cpu_s: f64,
}

impl Calibration {
    /// The calibration of a clock of `nominal` seconds at `scale`, for a machine of `nps`.
    pub fn new(scale: &TcScale, nominal: f64, nps: f64) -> Calibration {
        let factor = scale.ref_nps / nps;
        Calibration {
            nps,
            given: false,
            factor,
            clock: (nominal * factor * 1000.0).round() / 1000.0,
            threads: 0,
            nodes: 0,
            cpu_s: 0.0,
        }
    }

    /// The measured keys every row carries (never compared on merge or resume).
    pub fn setting(&self) -> String {
        format!(
            "tc_nps={:.0};tc_factor={:.6};tc_clock={:.3}",
            self.nps, self.factor, self.clock
        )
    }

    /// One line for the console and `command.txt`.
    pub fn describe(&self, scale: &TcScale, nominal: f64) -> String {
        let how = if self.given {
            "given by --tc-speed".to_string()
        } else {
            format!(
                "measured: {} nodes in {:.2} s of CPU, {} threads searching at once",
                self.nodes, self.cpu_s, self.threads
            )
        };
        format!(
            "calibrated clock: this machine {:.0} nodes/s ({how}); reference {}; factor {:.4}; {nominal} s per game becomes {:.3} s",
            self.nps,
            scale.describe(),
            self.factor,
            self.clock
        )
    }
}

/// Measures the speed of the faithful search here: `threads` threads at once, each with its
/// own engine and a table of `2^hash_bits+8` entries (as the match's workers), search the bench
/// positions at 100000 nodes; a first pass warms the table up, the second is timed on each
/// thread's own CPU clock (the clock the games are played on). Returns nodes per CPU second of
/// one thread, averaged over the threads.
pub fn measure(threads: usize, hash_bits: u32) -> Result<(f64, u64, f64), String> {
    let suite = builtin_suite();
    let results: Vec<Result<(u64, f64), String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|i| {
                let suite = &suite;
                std::thread::Builder::new()
                    .name(format!("umax-calibrate-{i}"))
                    .spawn_scoped(scope, move || {
                        let mut engine = Build::Old.searcher(hash_bits);
                        let (mut nodes, mut cpu) = (0u64, 0.0);
                        for pass in 0..2 {
                            for pos in suite {
                                setup(engine.as_mut(), pos)?;
                                let t0 = thread_cpu_seconds();
                                let think = engine.think(&Limits::nodes(MEASURE_NODES));
                                if pass == 1 {
                                    cpu += thread_cpu_seconds() - t0;
                                    nodes += think.searched;
                                }
                            }
                        }
                        Ok((nodes, cpu))
                    })
                    .map_err(|e| format!("cannot start a calibration thread: {e}"))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.and_then(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err("a calibration thread panicked".into()))
                })
            })
            .collect()
    });
    let (mut nodes, mut cpu) = (0u64, 0.0);
    for r in results {
        let (n, c) = r?;
        nodes += n;
        cpu += c;
    }
    if nodes == 0 || cpu <= 0.0 {
        return Err("the speed measurement searched nothing".into());
    }
    Ok((nodes as f64 / cpu, nodes, cpu))
}

/// The factor recorded in a row's settings (`tc_factor=`), if any.
pub fn recorded_factor(settings: &str) -> Option<f64> {
    crate::settings::Settings::parse(settings).number("tc_factor")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_named_and_numbers() {
        let s = TcScale::parse("2006").unwrap();
        assert_eq!(s.ref_nps, REF_2006_NPS);
        assert!(s.named_2006);
        let n = TcScale::parse("6e5").unwrap();
        assert_eq!(n.ref_nps, 600_000.0);
        assert!(!n.named_2006);
        assert!(
            TcScale::parse("12")
                .unwrap_err()
                .contains("from 1000 to 1e10")
        );
        assert!(
            TcScale::parse("1e300")
                .unwrap_err()
                .contains("from 1000 to 1e10")
        );
        assert!(TcScale::parse("fast").is_err());
        assert!(TcScale::parse("inf").is_err());
    }

    #[test]
    fn factor_and_clock() {
        let s = TcScale::parse("800000").unwrap();
        let c = Calibration::new(&s, 15.0, 3_200_000.0);
        assert_eq!(c.factor, 0.25);
        assert_eq!(c.clock, 3.75);
        assert_eq!(
            c.setting(),
            "tc_nps=3200000;tc_factor=0.250000;tc_clock=3.750"
        );
        assert_eq!(
            recorded_factor(&format!("tc=15;{}", c.setting())),
            Some(0.25)
        );
        assert_eq!(recorded_factor("tc=15"), None);
    }

    #[test]
    fn measuring_searches() {
        let (nps, nodes, cpu) = measure(1, 12).unwrap();
        assert!(nodes > 1_000_000, "{nodes}");
        assert!(cpu > 0.0 && nps > 1000.0);
    }
}
