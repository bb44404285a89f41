//! The hash table `A[U]` as the C has it: `U` entries, all zero at start (the C's is in
//! zero-initialised static storage, whose pages the kernel maps in on first use). The only
//! `unsafe` of the port.

use super::Entry48;

/// `len` empty entries, from zeroed memory (fresh pages from the kernel: nothing is written
/// here, a table of 2^24 entries costs no time until it is used), asked to be backed by
/// transparent huge pages on Linux (its probes land at random over 200 MB; with 4 KB pages
/// nearly every probe also misses the TLB), unless `UMAX_HUGE_PAGES=0`
/// ([`crate::written::huge_pages_wanted`]). The contents are the same either way.
pub(super) fn zeroed_table(len: usize) -> Vec<Entry48> {
    let layout = std::alloc::Layout::array::<Entry48>(len).expect("hash table size");
    assert!(layout.size() > 0, "an empty hash table");
    // SAFETY: the layout has a non-zero size.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) } as *mut Entry48;
    if ptr.is_null() {
        std::alloc::handle_alloc_error(layout);
    }
    #[cfg(target_os = "linux")]
    {
        let align = 2 << 20;
        let (start, end) = (ptr as usize, ptr as usize + layout.size());
        let (first, last) = (start.next_multiple_of(align), end / align * align);
        if last > first && crate::written::huge_pages_wanted() {
            // SAFETY: [first, last) lies inside the allocation just made; MADV_HUGEPAGE is a
            // hint that changes no contents. Its failure (THP off) is fine.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    // SAFETY: `ptr` comes from the global allocator with the layout of `len` entries (Vec's
    // own), and all-zero bytes are a valid `Entry48` (plain integers): all `len` initialised.
    unsafe { Vec::from_raw_parts(ptr, len, len) }
}
