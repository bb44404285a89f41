//! micro-Max 3.2 behind the engine seam ([`crate::seam::Searcher`]): the [`Engine`] itself, its
//! build its variant's name. The engine stays free of the seam: it knows variants, not builds.

use super::{Engine, I};
use crate::faults::TestFault;
use crate::iterations::{RootIter, Think};
use crate::limits::Limits;
use crate::seam::{EnterError, Searcher, board_is};
use crate::x88::{move_to_0x88, squares_of, to_0x88, uci_of};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};
use std::io::{self, BufRead, Write};

/// True if micro-Max 3.2 cannot search or check a move in this state: with the material score
/// beyond `±I/4` its first iteration (`m=e=Q`) is taken for a mate (`d=99`) and the iteration
/// that tries moves never runs, so it refuses every move and thinks up none.
fn material_beyond_quarter(e: &Engine) -> bool {
    !(-I / 4..=I / 4).contains(&e.material())
}

/// micro-Max 3.2 behind the seam: the [`Engine`] itself (its build is its variant's name).
impl Searcher for Engine {
    fn name(&self) -> &'static str {
        self.variant().name()
    }
    fn reset(&mut self) {
        Engine::reset(self);
    }
    fn set_position(&mut self, pos: &Chess) -> Result<(), String> {
        Engine::set_position(self, pos);
        Ok(())
    }
    fn enter_move(&mut self, mv: &Move) -> Result<(), EnterError> {
        let (from, to) = move_to_0x88(mv).ok_or(EnterError::UnderPromotion)?;
        if Engine::enter_move(self, from, to) {
            Ok(())
        } else {
            Err(EnterError::Refused)
        }
    }
    fn think(&mut self, limits: &Limits) -> Think {
        Engine::think(self, limits)
    }
    fn think_reporting(
        &mut self,
        limits: &Limits,
        observe: Box<dyn FnMut(&RootIter) + Send>,
    ) -> Think {
        self.think_move(limits, observe)
    }
    fn last_move(&self) -> UciMove {
        let (k, l) = Engine::last_move(self);
        uci_of(k, l)
    }
    fn stands_in(&self, pos: &Chess) -> bool {
        board_is(
            Engine::side(self),
            |sq| self.board()[sq as u8 as usize] as i32,
            pos,
        )
    }
    fn console(
        &mut self,
        limits: &Limits,
        trace: bool,
        mut input: &mut dyn BufRead,
        mut out: &mut dyn Write,
    ) -> io::Result<()> {
        let opts = super::console::PlayOptions {
            trace,
            limits: limits.clone(),
        };
        super::console::run(self, &opts, &mut input, &mut out)
    }
    fn aborted(&self) -> bool {
        Engine::aborted(self)
    }
    fn inject_fault(&mut self, fault: TestFault) {
        Engine::inject_fault(self, fault);
    }
    /// With the material score beyond `±I/4` (`material_beyond_quarter`) the move is entered
    /// with the material baseline taken out of `Q` ([`Engine::with_material_rebased`]): a
    /// search is the same under such a shift except where scores meet the C's constants (`±I`,
    /// `I/4`), which is exactly the trap stepped around. Elsewhere it is `enter_move` itself.
    fn follow(&mut self, mv: &Move, after: &Chess) -> bool {
        let Some((from, to)) = move_to_0x88(mv) else {
            return false;
        };
        let mut played = false;
        self.with_material_rebased(|e| {
            played = Engine::enter_move(e, from, to);
            played
        });
        played && self.stands_in(after)
    }
    /// With the material score beyond `±I/4`, where 3.2 would think up no move, the think runs
    /// with the baseline taken out of `Q`, and its scores are that far off the real scale.
    fn think_playing(
        &mut self,
        limits: &Limits,
        note: &mut dyn FnMut(&str),
        mut observe: Box<dyn FnMut(&RootIter, i32) + Send>,
    ) -> Think {
        let base = if material_beyond_quarter(self) {
            note(&format!(
                "material score {} is beyond I/4, where micro-Max 3.2 takes it for a mate and searches nothing: searching with it taken out of Q",
                self.material()
            ));
            self.material()
        } else {
            0
        };
        let mut thought = None;
        let mut observe: Option<Box<dyn FnMut(&RootIter) + Send>> =
            Some(Box::new(move |it: &RootIter| observe(it, base)));
        self.with_material_rebased(|e| {
            let t = e.think_move(limits, observe.take().expect("one think"));
            let played = t.played;
            thought = Some(t);
            played
        });
        thought.expect("the think ran")
    }
    /// 3.2 offers a castling out of or through a pawn's attack (its castling test looks at
    /// pieces, not pawns): that castling is forbidden (the king loses its virgin bit), and the
    /// table cleared.
    fn refuse_offer(&mut self, offer: &UciMove, pos: &Chess) {
        Engine::clear_hash(self);
        let Some((from, to)) = squares_of(offer) else {
            return;
        };
        let king = pos.board().king_of(pos.turn());
        if king.is_some_and(|k| to_0x88(k) == from) && (from as i32 - to as i32).abs() == 2 {
            self.forbid_castling(from);
        }
    }
    fn clear_hash(&mut self) {
        Engine::clear_hash(self);
    }
    fn as_dyn(&mut self) -> &mut dyn Searcher {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
