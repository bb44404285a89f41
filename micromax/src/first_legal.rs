//! The test engine: it plays the first legal move shakmaty generates (a queen for a
//! promotion) and searches nothing. It exists to show that an engine plugs in at the seam
//! (`crate::seam`) with one module and one line in the builds table: the tests play matches
//! with it and talk UCI to it. Not for measurement: its thinks report no iteration and 0 nodes.

use crate::seam::{EnterError, Searcher};
use crate::x88::{move_to_0x88, uci_of};
use crate::{Limits, RootIter, TestFault, Think};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position, Role};
use std::io::{self, BufRead, Write};

/// One "process" of the test engine: the position it stands in.
pub struct FirstLegal {
    /// The build's name (`first-legal`; `mm48` or `mm48sd`).
    name: &'static str,
    pos: Chess,
    last: (i8, i8),
}

/// What the test engine can do: set up any position; it searches nothing (its think is one
/// "iteration" that cannot be cut), holds no table, and takes 3.2's node limit as its default.
pub const CAPABILITIES: crate::seam::Capabilities = crate::seam::Capabilities {
    family: "test engine",
    author: "umax authors (test engine)",
    default_node_limit: 10_000_000, // 3.2's, for a search it does not make
    can_set_up: true,
    stops_inside_iteration: false,
    engine_bytes: |_| 4096,
    anatomy: false,
    golden_transcripts: false,
};

impl Default for FirstLegal {
    fn default() -> FirstLegal {
        FirstLegal::new()
    }
}

impl FirstLegal {
    /// A fresh "process": the initial position.
    pub fn new() -> FirstLegal {
        FirstLegal {
            name: "first-legal",
            pos: Chess::default(),
            last: (0, 0),
        }
    }

    /// The legal move from `from` to `to` (0x88), a promotion taken to a queen.
    fn find(&self, from: i8, to: i8) -> Option<Move> {
        self.pos
            .legal_moves()
            .into_iter()
            .find(|m| move_to_0x88(m) == Some((from, to)) && queen_or_none(m))
    }

    /// A move line of from/to (as a micro-Max reads one): played if legal.
    fn enter(&mut self, from: i8, to: i8) -> Result<(), EnterError> {
        self.last = (from, to);
        let m = self.find(from, to).ok_or(EnterError::Refused)?;
        self.pos.play_unchecked(m);
        Ok(())
    }

    fn first(&self) -> Option<Move> {
        self.pos.legal_moves().into_iter().find(queen_or_none)
    }
}

fn queen_or_none(m: &Move) -> bool {
    matches!(m.promotion(), None | Some(Role::Queen))
}

impl Searcher for FirstLegal {
    fn name(&self) -> &'static str {
        self.name
    }
    fn reset(&mut self) {
        self.pos = Chess::default();
        self.last = (0, 0);
    }
    fn set_position(&mut self, pos: &Chess) -> Result<(), String> {
        self.pos = pos.clone();
        Ok(())
    }
    fn enter_move(&mut self, mv: &Move) -> Result<(), EnterError> {
        let (from, to) = move_to_0x88(mv).ok_or(EnterError::UnderPromotion)?;
        self.enter(from, to)
    }
    fn think(&mut self, limits: &Limits) -> Think {
        let t = self.think_reporting(limits, Box::new(|_| {}));
        let played = self.enter(self.last.0, self.last.1).is_ok();
        Think { played, ..t }
    }
    fn think_reporting(
        &mut self,
        _limits: &Limits,
        _observe: Box<dyn FnMut(&RootIter) + Send>,
    ) -> Think {
        let (from, to) = self
            .first()
            .and_then(|m| move_to_0x88(&m))
            .unwrap_or((0, 0));
        self.last = (from, to);
        Think {
            offer: uci_of(from, to),
            nodes: 0,
            searched: 0,
            iterations: Vec::new(),
            played: false,
        }
    }
    fn last_move(&self) -> UciMove {
        uci_of(self.last.0, self.last.1)
    }
    fn stands_in(&self, pos: &Chess) -> bool {
        self.pos.board() == pos.board() && self.pos.turn() == pos.turn()
    }
    fn console(
        &mut self,
        _limits: &Limits,
        _trace: bool,
        _input: &mut dyn BufRead,
        _out: &mut dyn Write,
    ) -> io::Result<()> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!("{} is a test engine without a console", self.name),
        ))
    }
    fn inject_fault(&mut self, fault: TestFault) {
        match fault {
            // the engine believes the other side is to move: it rejects the next legal move
            TestFault::WrongSideToMove => {
                if let Ok(swapped) = self.pos.clone().swap_turn() {
                    self.pos = swapped;
                }
            }
        }
    }
    fn as_dyn(&mut self) -> &mut dyn Searcher {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
