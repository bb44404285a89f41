//! umax: H.G. Muller's micro-Max chess engines in Rust, each node for node with its C, and a
//! research harness around them. Three engines stand behind one seam ([`seam::Searcher`], made
//! by `Build::searcher` in [`engines`]): micro-Max 3.2 ([`engine`], one compiled search per
//! variant: `old` as published, `sd` self-deepening, the IID schemes), micro-Max 4.8
//! ([`mm48`]: `mm48`, `mm48sd`) and a test engine ([`first_legal`]). Every build (12: `umax
//! builds`) is a line of one catalogue, [`builds`]; ARCHITECTURE.md gives the floors.
//!
//! ```
//! use umax::builds::Build;
//! use umax::engine::{Engine, Limits};
//! let mut e = Engine::new(Build::Old, 16);
//! assert!(e.enter_move(umax::engine::parse_square(b"e2").unwrap(),
//!                      umax::engine::parse_square(b"e4").unwrap()));
//! let think = e.think(&Limits::nodes(20_000));
//! assert!(think.played);
//! println!("black plays {}", umax::engine::move_name(think.from, think.to));
//! ```

pub mod anatomy_jobs;
pub mod bench;
pub mod budget;
pub mod builds;
pub mod chess;
pub mod driver;
pub mod engine;
pub mod engines;
pub mod fen;
pub mod files;
pub mod first_legal;
pub mod formats;
pub mod fuzzing;
pub mod games_csv;
pub mod glibc_random;
pub mod judge;
pub mod match_summary;
pub mod matchrun;
pub mod mm48;
pub mod nodeclock;
pub mod opening_generator;
pub mod oracle;
pub mod plot;
pub mod positions;
pub mod post2006;
pub mod ratings;
pub mod report;
pub mod reproduce;
pub mod rundir;
pub mod seam;
pub mod settings;
pub mod splitmix;
pub mod stats;
pub mod termination;
pub mod text;
pub mod tournament;
pub mod uci;
