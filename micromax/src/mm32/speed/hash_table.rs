//! The table `A[U]` on transparent huge pages (C: `struct _ {...} A[U];`).

use super::*;

// ---- huge pages: the table `A[U]` ----

/// `A[]`: `len` empty entries. The table is asked to be backed by transparent huge pages (on
/// Linux) before it is first written: its probes land at random over 200 MB, and with 4 KB pages
/// nearly every probe also misses the TLB. The contents are the same either way.
pub(in crate::mm32) fn hash_table(len: usize) -> Vec<Entry> {
    let layout = std::alloc::Layout::array::<Entry>(len).expect("hash table size");
    if layout.size() == 0 {
        return Vec::new();
    }
    // Zeroed memory from the allocator: at this size fresh pages from the kernel, which are
    // zero already, so nothing is written here (the kernel faults them in: `populate`).
    // SAFETY: the layout has a non-zero size.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) } as *mut Entry;
    if ptr.is_null() {
        std::alloc::handle_alloc_error(layout);
    }
    advise_huge_pages(ptr as usize, layout.size());
    populate(ptr as usize, layout.size());
    // SAFETY: `ptr` was allocated by the global allocator with the layout of `len` entries
    // (`Vec`'s own), and all-zero bytes are a valid `Entry` (plain integers), so all `len` are
    // initialised.
    unsafe { Vec::from_raw_parts(ptr, len, len) }
}

/// `madvise(MADV_HUGEPAGE)` on the whole 2 MB pages inside `[start, start+bytes)`: a hint
/// about how to back them, unless `UMAX_HUGE_PAGES=0` ([`crate::written::huge_pages_wanted`]).
/// A failure (e.g. THP disabled) is fine.
fn advise_huge_pages(start: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    if crate::written::huge_pages_wanted() {
        madvise_aligned(start, bytes, 2 << 20, libc::MADV_HUGEPAGE);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

/// `madvise(MADV_POPULATE_WRITE)`: the kernel faults the whole table in now (zeroed pages, on
/// huge pages where advised), so a think does not pay the first touch of its pages (what
/// `umax bench` times). Without it (kernels before 5.14) the pages are faulted in on first use.
fn populate(start: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    madvise_aligned(start, bytes, 4096, libc::MADV_POPULATE_WRITE);
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

/// `madvise(advice)` on the whole `align`-sized pages inside `[start, start+bytes)`; the
/// result is ignored (both uses are hints that change no contents).
#[cfg(target_os = "linux")]
fn madvise_aligned(start: usize, bytes: usize, align: usize, advice: libc::c_int) {
    let first = start.next_multiple_of(align);
    let end = (start + bytes) / align * align;
    if end > first {
        // SAFETY: [first, end) lies inside an allocation we own, read-write; HUGEPAGE and
        // POPULATE_WRITE change no contents (fresh pages read as zero either way).
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, advice);
        }
    }
}
