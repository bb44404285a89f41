//! The `d=1` iteration: the pieces none of whose moves can do anything skipped, and the first
//! recapture's reply slot prefetched (C: `h=d-(y!=z)`, and the probe `j=(k*E^J)&U-9` of that
//! reply's `D()`).

use super::*;
use crate::board_scan::{directions, slider_steps};

// ---- the d=1 iteration: `h=d-(y!=z)` is 0 for all but the recaptures ----

/// For each piece type `p` (bit `p`), whether a move of `p` can go from `x` to `x+diff`
/// (index `diff+120`) on an empty board: the 0x88 difference names the direction and the
/// distance. Built from the C's own step vectors `o[]`, walked as the search walks them
/// (`W(r=p>2&r<0?-r:-o[++j])`): sliders (p>=5) up to 7 steps, a pawn's push 2 (the double
/// step), the king's sideways step 2 (castling), everything else 1.
const REACH: [u8; 241] = {
    let mut reach = [0u8; 241];
    let mut p = 1;
    while p < 8 {
        let (dirs, n) = directions(&o, p);
        let mut d = 0;
        while d < n {
            let r = dirs[d];
            let steps = if p >= 5 {
                7
            } else if (p < 3 && (r == 16 || r == -16)) || (p == 4 && (r == 1 || r == -1)) {
                2
            } else {
                1
            };
            let mut s = 1;
            while s <= steps {
                reach[(r * s + 120) as usize] |= 1 << p;
                s += 1;
            }
            d += 1;
        }
        p += 1;
    }
    reach
};

/// For a target square (0..64 by [`square_index`]) and a piece type `p`, the squares (bits
/// 0..64) from which a move of `p` can reach the target on an empty board ([`REACH`]).
const FROM: [[u64; 8]; 64] = {
    let mut from = [[0u64; 8]; 64];
    let mut target = 0;
    while target < 64 {
        let mut s = 0;
        while s < 64 {
            let diff = square_0x88(target as u32) as i32 - square_0x88(s as u32) as i32;
            let mut p = 1;
            while p < 8 {
                if REACH[(diff + 120) as usize] >> p & 1 != 0 {
                    from[target][p] |= 1 << s;
                }
                p += 1;
            }
            s += 1;
        }
        target += 1;
    }
    from
};

/// The squares a move must reach to do anything in an iteration at `d=1` (C: the move loop of
/// `D()` with `d==1`). There `h=d-(y!=z)` is 0 except for a recapture on `z`, and a move with
/// `h==0` is not searched: its only effects are `m=I` for a king capture (`i<0`) or a move next
/// to a castling square `E` (`y-E<2&E-y<2` with `b[E]` set), and the `m>=l` cut at the move
/// after `m` rose. So while `m<l`, a piece that can reach none of {z, the enemy kings,
/// E-1, E, E+1} — even on an empty board — changes nothing, and the search skips it
/// ([`Engine::d1_targets`]); from `m>=l` on every piece is generated as the C does (the C cuts
/// at the very next move, whatever it is). The skipped moves are never searched in the C
/// either, so the nodes, their order and every score are the C's (the parity suite checks).
/// Held as, per piece type, the squares from which a target can be reached ([`FROM`]).
#[derive(Clone, Copy)]
pub(in crate::mm32) struct D1Targets {
    from: [u64; 8],
}

impl D1Targets {
    /// Whether the piece of type `p` on square `s` (0..64 by [`square_index`]) might reach one
    /// of the target squares.
    #[inline(always)]
    pub(in crate::mm32) fn reachable(&self, s: u32, p: i8) -> bool {
        self.from[p as usize & 7] >> s & 1 != 0
    }

    /// Adds `E-1`, `E`, `E+1` (after castling: the squares the C tests for a king capture). Out
    /// of line and cold: rare, and inlined its address arithmetic was hoisted to every node's
    /// entry (callgrind: ~25 instructions a node).
    #[cold]
    #[inline(never)]
    fn add_around(&mut self, E: i32) {
        self.add(E - 1);
        self.add(E);
        self.add(E + 1);
    }

    /// Adds the target `square` (0x88); an off-board one is no target (no move reaches it).
    #[inline(always)]
    fn add(&mut self, square: i32) {
        if square & M == 0 {
            let target = &FROM[square_index(square as i8) as usize];
            for (from, target) in self.from.iter_mut().zip(target) {
                *from |= target;
            }
        }
    }
}

impl Engine {
    /// The targets of a `d=1` iteration at a node whose recapture square is `z`, castling/e.p.
    /// square `E`, and whose opponent's kings stand on `their_kings` (see [`D1Targets`]).
    #[inline(always)]
    pub(in crate::mm32) fn d1_targets(&self, z: i32, E: i32, their_kings: u64) -> D1Targets {
        let mut t = D1Targets { from: [0; 8] };
        t.add(z); // the recapture square (z=8, 9 at the root and the checker: off-board)
        if E != S && E >= 0 && self.b[E as u8 as usize] != 0 {
            // the C's `y-E<2&E-y<2`: E-1, E, E+1
            t.add_around(E);
        }
        // the enemy kings
        let mut kings = their_kings;
        while kings != 0 {
            t.add(square_0x88(kings.trailing_zeros()) as i32);
            kings &= kings - 1;
        }
        t
    }
}

// ---- the first recapture at `d=1`: the probe of its reply's `D()` ----

/// For a 0x88 difference `diff` (index `diff+120`) along a slider's direction, the direction
/// (one step): 0 where no slider's ray of up to 7 steps makes the difference.
const STEP: [i8; 241] = slider_steps(&o);

/// For a target square (0..64), the squares from which some piece type reaches it ([`FROM`]).
const FROM_ANY: [u64; 64] = {
    let mut any = [0u64; 64];
    let mut t = 0;
    while t < 64 {
        let mut p = 1;
        while p < 8 {
            any[t] |= FROM[t][p];
            p += 1;
        }
        t += 1;
    }
    any
};

impl Engine {
    /// For a `d=1` iteration that will search moves (`m<l`, no best move to sneak in), where
    /// only recaptures on `z` are searched: prefetches the slot that the first recapture's reply
    /// will probe (C: `j=(k*E^J)&U-9` of its `D()`), so the load runs while the node probes and
    /// the scan reaches the move. Called at the entry of a node of depth 1 that will not stand
    /// pat, before its own probe, with the scan's start of a miss (a8: `start` 0); and again
    /// when its `d=1` iteration starts elsewhere, or at any other `d=1` iteration. The first
    /// recapture is the first piece of side `k` in the scan's order (`own` rotated by `start`)
    /// that reaches `z` in a capturing direction with nothing between (results/speed-round8:
    /// the load of that reply's probe waited 234 cycles from the iteration's start, 100 from
    /// the entry). A hint only: the tree is the C's either way.
    #[inline(always)]
    pub(in crate::mm32) fn prefetch_first_recapture(
        &self,
        k: i32,
        J: i32,
        z: i32,
        own: u64,
        start: u32,
    ) {
        if z & M != 0 {
            return; // the root (z=8) and the checker (z=9): no recapture square
        }
        let tz = square_index(z as i8);
        let t = self.b[z as u8 as usize];
        let mut cand = (own & FROM_ANY[tz as usize]).rotate_right(start);
        while cand != 0 {
            let s = (cand.trailing_zeros() + start) & 63;
            cand &= cand - 1;
            let x = square_0x88(s);
            let u = self.b[x as u8 as usize];
            let p = u & 7;
            let diff = z - x as i32;
            if FROM[tz as usize][p as usize] >> s & 1 == 0
                || (p < 3 && diff & 7 == 0) // a pawn captures diagonally
                || (p == 4 && (diff == 2 || diff == -2))
            // not the castling step
            {
                continue;
            }
            if p >= 5 {
                let step = STEP[(diff + 120) as usize] as i32;
                debug_assert!(step != 0, "FROM says a slider reaches z along a ray");
                if step == 0 {
                    continue;
                }
                let mut sq = x as i32 + step;
                while sq != z && self.b[sq as u8 as usize] == 0 {
                    sq += step;
                }
                if sq != z {
                    continue; // blocked
                }
            }
            let mut by = u & 31;
            if p < 3 && (z + diff + 1) & S != 0 {
                by |= 7;
            }
            let J0 = self.key_change(0, x, u, z as i8, by, z as i8, t);
            self.prefetch_slot(24 - k, S, J.wrapping_add(J0));
            return;
        }
    }
}
