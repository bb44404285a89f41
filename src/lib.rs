//! umax: the research harness around H.G. Muller's micro-Max chess engines, whose Rust ports
//! are the `micromax` crate (micro-Max 3.2 with every variant, 4.8, a test engine and the seam
//! they stand behind: `micromax::seam::Searcher`, made by `Build::searcher`). Here: matches and
//! tournaments, the node clock, the C as an oracle, reports, `umax uci`, bench and anatomy.
//! Every build (12: `umax builds`) is a line of the engines crate's catalogue
//! (`micromax::builds`); a match pairs two of them ([`pairing::Pairing`]). ARCHITECTURE.md
//! gives the floors.
//!
//! ```
//! use umax::pairing::Pairing;
//! use umax::stats;
//! let pairing: Pairing = "old,sd".parse().unwrap();
//! assert_eq!(pairing.setting(), "old,sd");
//! // a 57.5% score over 100 games, as Elo
//! assert!((stats::elo_from_score(0.575) - 52.5).abs() < 0.1);
//! ```

pub mod anatomy_jobs;
pub mod bench;
pub mod budget;
pub mod chess;
pub mod driver;
pub mod engine_process;
pub mod external;
pub mod files;
pub mod formats;
pub mod fuzzing;
pub mod games_csv;
pub mod judge;
pub mod match_summary;
pub mod matchrun;
pub mod nodeclock;
pub mod opening_generator;
pub mod oracle;
pub mod pairing;
pub mod plot;
pub mod positions;
pub mod post2006;
pub mod ratings;
pub mod report;
pub mod reproduce;
pub mod rundir;
pub mod settings;
pub mod splitmix;
pub mod stats;
pub mod termination;
pub mod text;
pub mod tournament;
pub mod uci;
