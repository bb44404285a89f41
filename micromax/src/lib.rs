#![doc = include_str!("../README.md")]
//!
//! ```
//! use micromax::builds::Build;
//! use micromax::Limits;
//!
//! // micro-Max 4.8, as its C starts: the initial position, a table of 2^16 entries
//! let mut engine = Build::Mm48.searcher(16);
//! engine.reset();
//! let think = engine.think(&Limits::nodes(20_000));
//! assert!(think.played && think.searched > 0);
//! ```

mod board_scan;
pub mod builds;
pub mod clock;
pub mod faults;
pub mod fen;
pub mod first_legal;
pub mod glibc_random;
pub mod iterations;
pub mod limits;
pub mod mm32;
pub mod mm48;
pub mod seam;
pub mod text;
mod written;
pub mod x88;

pub use clock::{thread_cpu_seconds, wall_seconds};
pub use faults::TestFault;
pub use iterations::{
    IterationCallback, MATE_ITERATION_PLY, RootIter, Think, real_ply, searched_depth,
};
pub use limits::{
    ABORT_POLL_NODES, Abort, GameClock, Limits, Stuck, WATCHDOG_POLL_NODES, Watchdog, thread_watch,
};
pub use seam::Searcher;
