//! The hash table as the search reads it: the probe's slots of `A[]` (`struct _ *a=A;` ...
//! `a+=i?j:0;`, `original/micro-max-3.2.c` lines 37–40) and the hash keys `J`,`Z`, the C's macros
//! `K(A,B)` and `J(A)` (lines 14–15) over the key table `T[]`.

#![allow(non_snake_case)]

use super::*;

impl Engine {
    /// `A[a]` for a slot of the probe (`(k*E^J)&U-9` plus 1..8, or the dummy 0), which is always
    /// inside the table: read without a bounds check (speed).
    #[inline(always)]
    pub(super) fn entry_at(&self, a: usize) -> &Entry {
        debug_assert!(a < self.A.len());
        // SAFETY: a <= mask+8 = U-1 < A.len() (the probe) or a = 0.
        unsafe { self.A.get_unchecked(a) }
    }

    /// [`Engine::entry_at`] for the store `a->K=Z;...` (and the dummy's `A->K=0`).
    #[inline(always)]
    pub(super) fn entry_at_mut(&mut self, a: usize) -> &mut Entry {
        debug_assert!(a < self.A.len());
        // SAFETY: as in `entry_at`: a <= mask+8 = U-1 < A.len() or a = 0.
        unsafe { self.A.get_unchecked_mut(a) }
    }

    /// `K(A,B)`: `*(int*)(T+A+(B&8)+S*(B&7))`, four bytes of `T` as a little-endian `int`.
    #[inline(always)]
    pub(super) fn key(&self, a: i32, piece: i32) -> i32 {
        let off = (a + (piece & 8) + S * (piece & 7)) as usize;
        // speed: no bounds check. `a` is an on-board square (<=0x77) plus 0 or 8 (every caller
        // passes a move's squares), so off+4 <= 127+8+896+4 = 1035, T's size.
        debug_assert!(off + 4 <= self.T.len());
        // SAFETY: off+4 <= T.len() (above); an unaligned read of 4 plain bytes.
        i32::from_le(unsafe { std::ptr::read_unaligned(self.T.as_ptr().add(off) as *const i32) })
    }

    /// `K(y+A,b[y])-K(x+A,u)-K(H+A,t)`: how the hash key with offset `A` (0 for `J`, 8 for
    /// `Z`) changes when piece `u` moves from `x` to `y`, where it becomes `by`, capturing `t`
    /// on `H`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn key_change(&self, A: i32, x: i8, u: i8, y: i8, by: i8, H: i8, t: i8) -> i32 {
        self.key(y as i32 + A, by as i32)
            .wrapping_sub(self.key(x as i32 + A, u as i32))
            .wrapping_sub(self.key(H as i32 + A, t as i32))
    }
}
