//! micro-Max 3.2 behind the engine seam ([`crate::seam::Searcher`]): the [`Engine`] itself, its
//! build its variant's name. The engine stays free of the seam: it knows variants, not builds.

use super::Engine;
use crate::faults::TestFault;
use crate::iterations::{RootIter, Think};
use crate::limits::Limits;
use crate::seam::Searcher;
use shakmaty::Chess;
use std::io::{self, BufRead, Write};

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
    fn enter_move(&mut self, from: i8, to: i8) -> bool {
        Engine::enter_move(self, from, to)
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
    fn last_move(&self) -> (i8, i8) {
        Engine::last_move(self)
    }
    fn side(&self) -> i32 {
        Engine::side(self)
    }
    fn piece_at(&self, sq: i8) -> i32 {
        self.board()[sq as u8 as usize] as i32
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
    fn set_full_clear(&mut self, on: bool) {
        Engine::set_full_clear(self, on);
    }
    fn start_nodes_at(&mut self, start: u64) {
        Engine::start_nodes_at(self, start);
    }
    fn inject_fault(&mut self, fault: TestFault) {
        Engine::inject_fault(self, fault);
    }
    fn material(&self) -> i32 {
        Engine::material(self)
    }
    fn with_material_rebased(&mut self, step: &mut dyn FnMut(&mut dyn Searcher) -> bool) -> i32 {
        Engine::with_material_rebased(self, |e| step(e))
    }
    fn forbid_castling(&mut self, sq: i8) {
        Engine::forbid_castling(self, sq);
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
