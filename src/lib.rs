//! umax: a faithful Rust port of H.G. Muller's micro-Max 3.2, in two builds (`old`, the
//! published 3.2, and `sd`, self-deepening IID), with a research harness around it.
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
pub mod rundir;
pub mod seam;
pub mod settings;
pub mod splitmix;
pub mod stats;
pub mod termination;
pub mod text;
pub mod tournament;
pub mod uci;
