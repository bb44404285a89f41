//! The speed machinery beside the port: helpers that make [`Engine::search`] faster without
//! changing what it computes (same tree, same node counts: `scripts/perf-guard.sh`, the bench
//! signatures, `results/bench.md`). `engine.rs` keeps the port, reading side by side with the
//! C; each helper here says which line of the C it shadows.
//!
//! | helper | shadows (C) | what it does instead |
//! |--------|-------------|----------------------|
//! | `hash_table` | `struct _ {...} A[U];` | the table on transparent huge pages, zeroed by the kernel (not written before use) |
//! | `own_squares`, `square_index`, `square_0x88` | `do{u=b[x];if(u&k)...}W((x=x+9&~M)-B);` | the own pieces from a bitboard (SSE2: two ranks per step), in the scan's order |
//! | `clear_written`, `mark_dirty`, `Dirty` ([`Engine::clear_hash`]) | `F(i,0,U)A[i].K=0;` | clears only the entries written (a full clear, when too many were: one memset) |
//! | `GenState`, `next_move`, `Found`, `Ahead`, `prefetch_reply`, `AHEAD` | the move loops `W(r=...)` / `A: ... do{...}W(!t)` at `d>=2`, and `j=(k*E^J)&U-9;` of a later `D()` | the moves of a `d>=2` iteration, generated `AHEAD` moves ahead of the search; each reply's hash slot prefetched when its move is found |
//! | `D1Targets`, `REACH`, `FROM`, `d1_targets`, `king_squares` | the move loop at `d==1`: `h=d-(y!=z)`, `if(i<0\|\|...y-E<2&E-y<2)m=I;` | skips the pieces none of whose moves can do anything at d=1 |
//! | `prefetch_first_recapture`, `STEP`, `FROM_ANY` | the first recapture's `D()` at `d=1`: its probe `j=(k*E^J)&U-9` | the slot prefetched at the entry of a depth-1 node that will not stand pat (before its own probe, as if it misses), else when the `d=1` iteration starts; found from the pieces that reach `z` |
//!
//! One file a concept: `hash_table.rs` (huge pages), `pieces.rs` (the board scan's bitboards,
//! `king_squares` included), `dirty.rs` (the clear), `ahead.rs` (the move generator of `d>=2`
//! and the reply prefetch), `d1.rs` (the `d=1` iteration: its targets and the first
//! recapture's prefetch). Each file's unit tests are at its end.

use super::*;

mod ahead;
mod d1;
mod dirty;
mod hash_table;
mod pieces;

pub(in crate::mm32) use crate::written::Dirty;
pub(in crate::mm32) use ahead::{AHEAD, Ahead, GenState};
pub(in crate::mm32) use hash_table::hash_table;
pub(crate) use pieces::Pieces;
pub(in crate::mm32) use pieces::{square_0x88, square_index};
