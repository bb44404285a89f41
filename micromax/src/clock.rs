//! The clocks a think reads: the engine thread's CPU time (the match's clock) and wall time.

use std::time::Instant;

/// CPU time consumed by the calling thread, in seconds.
pub fn thread_cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec we own; CLOCK_THREAD_CPUTIME_ID is
    // always available on Linux.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return wall_seconds();
    }
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// Monotonic wall time in seconds since an arbitrary start.
pub fn wall_seconds() -> f64 {
    use std::sync::OnceLock;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}
