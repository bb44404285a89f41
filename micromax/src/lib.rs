//! micromax: H.G. Muller's micro-Max chess engines in Rust, each searching the same tree as its
//! C, node for node: micro-Max 3.2 ([`mm32`], one compiled search per variant: `old` as
//! published, `sd` self-deepening, the IID schemes of the literature) and micro-Max 4.8
//! ([`mm48`]: `mm48`, `mm48sd`), with a test engine ([`first_legal`]), behind one engine seam
//! ([`seam::Searcher`]). Every build is a line of one catalogue, [`builds`], and
//! [`Build::searcher`](builds::Build::searcher) is the one factory.
//!
//! This crate depends on nothing of the `umax` harness (matches, reports, the C oracle); the
//! harness stands on it.
//!
//! ```
//! use micromax::builds::Build;
//! use micromax::Limits;
//! use shakmaty::{Chess, Position};
//!
//! // micro-Max 4.8, as its C starts: the initial position, a table of 2^16 entries
//! let mut engine = Build::Mm48.searcher(16);
//! engine.reset();
//! let think = engine.think(&Limits::nodes(20_000));
//! assert!(think.played && think.searched > 0);
//! println!("4.8 plays {} after {} nodes", think.offer, think.searched);
//! ```

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
pub mod x88;

pub use clock::{thread_cpu_seconds, wall_seconds};
pub use faults::TestFault;
pub use iterations::{
    IterationCallback, MATE_ITERATION_PLY, RootIter, Think, real_ply, searched_depth,
};
pub use limits::{
    ABORT_POLL_NODES, Abort, Limits, Stuck, WATCHDOG_POLL_NODES, Watchdog, thread_watch,
};
pub use seam::Searcher;
