//! The engines behind the seam, one arm each: [`Build::searcher`] makes a build's engine process
//! from its [`Kind`] (`src/builds.rs`). The one file that names every engine's type; everything
//! above it holds a `Box<dyn Searcher>` ([`crate::seam`]).
//!
//! | kind | engine |
//! |------|--------|
//! | [`Kind::Mm32`] | [`crate::engine`], micro-Max 3.2 (one compiled search per variant) |
//! | [`Kind::Mm48`] | [`crate::mm48`], micro-Max 4.8 |
//! | [`Kind::FirstLegal`] | [`crate::first_legal`], the test engine |

use crate::builds::{Build, Kind};
use crate::engine::Engine;
use crate::first_legal::FirstLegal;
use crate::mm48::Searcher48;
use crate::seam::Searcher;

impl Build {
    /// A fresh engine process of this build behind the seam, with a table of 2^`hash_bits`.
    pub fn searcher(self, hash_bits: u32) -> Box<dyn Searcher> {
        match self.kind() {
            Kind::Mm32(variant) => {
                debug_assert_eq!(variant.name(), self.name());
                Box::new(Engine::new(variant, hash_bits))
            }
            Kind::Mm48 { sd } => Box::new(Searcher48::new(self, sd, hash_bits)),
            Kind::FirstLegal => Box::new(FirstLegal::new(self)),
        }
    }
}
