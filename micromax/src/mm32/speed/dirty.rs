//! The clear of only the entries written (C: `F(i,0,U)A[i].K=0;` and the store `a->K=Z`).

use super::*;

// ---- the clear: `F(i,0,U)A[i].K=0;` and the store `a->K=Z` ----

impl Engine {
    /// With `true`, [`Engine::clear_hash`] empties all `U` entries every time, as the C's loop
    /// does (it zeroes only the keys; here the whole entries are zeroed, one memset: the data
    /// of an empty entry is never read), instead of only the entries written since the last
    /// clear. Same results either way; this exists to measure what the C's clearing costs.
    pub fn set_full_clear(&mut self, on: bool) {
        self.full_clear = on;
    }

    /// How many entries the next [`Engine::clear_hash`] will clear: those written since the
    /// last clear, or `None` if it will clear the whole table (too many written, or
    /// [`Engine::set_full_clear`]).
    pub fn entries_to_clear(&self) -> Option<usize> {
        match self.dirty.written() {
            Some(list) if !self.full_clear => Some(list.len()),
            _ => None,
        }
    }

    /// Whether [`Engine::clear_hash`] always clears the whole table.
    pub fn full_clear(&self) -> bool {
        self.full_clear
    }

    /// Shadows `F(i,0,U)A[i].K=0;` (the main loop's clear, [`Engine::clear_hash`]): clears the
    /// keys of only the entries written since the last clear, the same result (every other key
    /// is already 0); the whole table when the list overflowed or [`Engine::set_full_clear`].
    pub(in crate::mm32) fn clear_written(&mut self) {
        let u = self.table_size();
        match self.dirty.written() {
            Some(list) if !self.full_clear => {
                for &idx in list {
                    if (idx as usize) < u {
                        self.A[idx as usize] = Entry::default();
                    }
                }
            }
            _ => {
                // the whole entries, not only K: a memset (with streaming stores at this size)
                // instead of a read-modify-write of every line; V,X,Y,D of an empty entry are
                // never read
                let entries = &mut self.A[..u];
                // SAFETY: `Entry` is plain integers, so all-zero bytes are a valid (the default)
                // entry; the pointer and length come from a live slice.
                unsafe { std::ptr::write_bytes(entries.as_mut_ptr(), 0, entries.len()) };
            }
        }
        self.dirty.reset();
    }

    /// Shadows the hash store `a->K=Z` (when the entry was empty): notes that entry `a` got a
    /// key, for [`Engine::clear_hash`] (see [`Dirty`]).
    #[inline(always)]
    pub(in crate::mm32) fn mark_dirty(&mut self, a: usize) {
        self.dirty.mark(a);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mm32::variant::{self, Instances};

    /// Plays `thinks` self-played moves after 1. e4 on a small table.
    fn session(bits: u32, full_clear: bool, thinks: usize) -> Engine {
        let mut e = Engine::new(Instances::of::<variant::Old>(), bits);
        e.set_full_clear(full_clear);
        assert!(e.enter_move(0x64, 0x44)); // e2e4
        for _ in 0..thinks {
            e.think(&Limits::nodes(2000));
        }
        e
    }

    #[test]
    fn dirty_clear_leaves_the_table_as_the_full_clear_does() {
        // 16 bits: the dirty list suffices; 8 bits: it overflows and the next clear is full.
        for (bits, thinks) in [(16, 0), (16, 1), (16, 6), (8, 3), (8, 7)] {
            let (mut dirty, mut full) = (session(bits, false, thinks), session(bits, true, thinks));
            for idx in 0..=dirty.table_size() {
                assert_eq!(
                    dirty.entry(idx),
                    full.entry(idx),
                    "entry {idx} after {thinks}"
                );
            }
            dirty.clear_hash();
            full.clear_hash();
            let u = dirty.table_size();
            for idx in 0..u {
                assert_eq!(dirty.entry(idx).K, 0, "entry {idx} not cleared");
                assert_eq!(dirty.entry(idx), full.entry(idx), "entry {idx} after clear");
            }
            // A[U] is never cleared, as in the C.
            assert_eq!(dirty.entry(u), full.entry(u));
        }
    }

    #[test]
    fn full_clear_switch() {
        let mut e = Engine::new(Instances::of::<variant::Sd>(), 8);
        assert!(!e.full_clear());
        e.set_full_clear(true);
        assert!(e.full_clear());
    }
}
