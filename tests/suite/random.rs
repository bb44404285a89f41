//! The hash-key table comes from glibc's unseeded `random()`: the replica must match the real
//! libc function, value for value.

use micromax::glibc_random::GlibcRandom;

// glibc's own functions (the libc crate does not bind them).
unsafe extern "C" {
    fn random() -> std::ffi::c_long;
    fn srandom(seed: std::ffi::c_uint);
}

#[test]
fn replica_matches_libc_random() {
    // srandom(1) puts glibc in the state an unseeded program starts in.
    unsafe { srandom(1) };
    let mut ours = GlibcRandom::new();
    for i in 0..5000 {
        let theirs = unsafe { random() } as i64;
        assert_eq!(ours.next(), theirs, "output {i}");
    }
}

#[test]
fn key_table_is_random_shifted_into_chars() {
    let t = micromax::mm32::key_table();
    assert!(t[..136].iter().all(|&b| b == 0));
    let mut g = GlibcRandom::new();
    for (i, &b) in t.iter().enumerate().skip(136) {
        assert_eq!(b, (g.next() >> 9) as u8, "T[{i}]");
    }
}
