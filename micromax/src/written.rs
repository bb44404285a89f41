//! The entries of a hash table written since it was last empty (3.2's clear `F(i,0,U)A[i].K=0;`,
//! 4.8's fresh process): emptying the table again clears only those, and the pages of a large
//! table that no search touched are never touched. And whether a table asks for huge pages
//! ([`huge_pages_wanted`]).

/// Whether a hash table asks the kernel for transparent huge pages (`MADV_HUGEPAGE`): yes,
/// unless the environment says `UMAX_HUGE_PAGES=0` (or `off`), for timing a single think beside
/// a C program that has 4 KB pages: a fresh process's huge pages can come cold, and their faults
/// then cost more system time than they save in TLB misses within one think (`docs/speed.md`).
/// The table's contents are the same either way. Read once a process.
pub(crate) fn huge_pages_wanted() -> bool {
    static WANTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *WANTED.get_or_init(|| {
        !matches!(
            std::env::var("UMAX_HUGE_PAGES").as_deref(),
            Ok("0") | Ok("off") | Ok("no")
        )
    })
}

/// The entries written since the table was last empty, so that emptying it again clears only
/// those: 3.2 marks an entry whose key goes from 0 to non-0 (`Engine::clear_hash`: an entry's
/// other fields are never read while its key is 0), 4.8 one written while all zero (its reset).
/// At most U/16 are listed: clearing entries one by one costs ~10 ns each (random writes), the
/// whole table ~10 ms (one sequential pass over 200 MB), so beyond ~1M entries the full clear
/// is the faster one. The buffer is allocated zeroed at its full
/// size (the kernel's untouched zero pages until used), so a mark is one compare and one store:
/// `len` counts every mark, and past the buffer's end (overflow) only counts.
pub(crate) struct Dirty {
    list: Box<[u32]>,
    len: usize,
}

impl Dirty {
    /// Room for `capacity` entries.
    pub(crate) fn new(capacity: usize) -> Dirty {
        Dirty {
            list: vec![0u32; capacity].into_boxed_slice(),
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn mark(&mut self, a: usize) {
        if let Some(slot) = self.list.get_mut(self.len) {
            *slot = a as u32;
        }
        self.len += 1;
    }

    /// The entries marked since the last [`Dirty::reset`], or `None` if more were than fit.
    pub(crate) fn written(&self) -> Option<&[u32]> {
        self.list.get(..self.len)
    }

    pub(crate) fn reset(&mut self) {
        self.len = 0;
    }
}
