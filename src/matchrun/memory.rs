//! What a match needs in memory (two engines per worker thread) against what the machine has,
//! checked before anything is allocated: a run that cannot fit is refused (or, with the
//! default thread count, given fewer threads) instead of being killed by the kernel.

use crate::pairing::Pairing;

/// Memory of one worker thread besides its two engines: its stack, the game being played, its
/// PGN text (generous).
pub const THREAD_OVERHEAD: u64 = 8 << 20;
/// Memory of the runner itself: the openings, the rows kept for the summary, the binary.
pub const RUNNER_OVERHEAD: u64 = 64 << 20;

/// Bytes of the two engines a worker thread holds for `pairing`, each as its engine states
/// (its [`Capabilities::engine_bytes`](micromax::seam::Capabilities::engine_bytes)).
pub fn engines(pairing: &Pairing, hash_bits: u32) -> u64 {
    pairing.base.engine_bytes(hash_bits) + pairing.test.engine_bytes(hash_bits)
}

/// Bytes one worker thread holds: its two engines (`engines` bytes: [`engines`] of the largest
/// pairing it may play) and [`THREAD_OVERHEAD`].
pub fn per_thread(engines: u64) -> u64 {
    engines + THREAD_OVERHEAD
}

/// Bytes a match with `threads` worker threads needs.
pub fn needed(threads: u64, engines: u64) -> u64 {
    threads
        .saturating_mul(per_thread(engines))
        .saturating_add(RUNNER_OVERHEAD)
}

/// How many worker threads fit in `available` bytes (0 if not even one does).
pub fn threads_that_fit(available: u64, engines: u64) -> u64 {
    available.saturating_sub(RUNNER_OVERHEAD) / per_thread(engines)
}

/// Bytes this process can still allocate: `MemAvailable` of `/proc/meminfo`, lowered to what
/// a cgroup (v2 or v1) memory limit leaves; `None` where neither can be read (then nothing is
/// checked).
pub fn available() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
    let system = meminfo.as_deref().and_then(mem_available);
    let cgroup = cgroup_room();
    match (system, cgroup) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// `MemAvailable` of a `/proc/meminfo` text, in bytes.
pub fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let mut fields = line.split_whitespace().skip(1);
    let value: u64 = fields.next()?.parse().ok()?;
    let unit = match fields.next() {
        Some("kB") | Some("KB") | Some("k") => 1024,
        None => 1,
        Some(_) => return None,
    };
    value.checked_mul(unit)
}

/// Limit minus usage of this process's memory cgroup, if it has a limit.
fn cgroup_room() -> Option<u64> {
    let read = |p: &str| std::fs::read_to_string(p).ok();
    let number = |s: Option<String>| s.and_then(|t| t.trim().parse::<u64>().ok());
    // cgroup v2: the process's group from /proc/self/cgroup ("0::/path")
    let group = read("/proc/self/cgroup").and_then(|t| {
        t.lines()
            .find_map(|l| l.strip_prefix("0::").map(str::to_string))
    });
    let mut dirs = Vec::new();
    if let Some(g) = group {
        dirs.push(format!("/sys/fs/cgroup{}", g.trim_end_matches('/')));
    }
    dirs.push("/sys/fs/cgroup".to_string());
    for dir in dirs {
        if let Some(max) = number(read(&format!("{dir}/memory.max"))) {
            let used = number(read(&format!("{dir}/memory.current"))).unwrap_or(0);
            return Some(max.saturating_sub(used));
        }
    }
    // cgroup v1
    let max = number(read("/sys/fs/cgroup/memory/memory.limit_in_bytes"))?;
    if max >= 1 << 60 {
        return None; // "no limit"
    }
    let used = number(read("/sys/fs/cgroup/memory/memory.usage_in_bytes")).unwrap_or(0);
    Some(max.saturating_sub(used))
}

/// Bytes in decimal units, as `--help` states the table (`201 MB`, `27.5 GB`).
pub fn human(bytes: u64) -> String {
    let mb = bytes as f64 / 1e6;
    if mb >= 1000.0 {
        format!("{:.1} GB", mb / 1000.0)
    } else {
        format!("{mb:.0} MB")
    }
}

/// The thread count a match uses: `requested` (at most one thread per game to play), checked
/// against `available` bytes. When the count was not given on the command line (`explicit`
/// false) it is lowered to what fits and the returned note says so; a given count that does
/// not fit, or a machine where not even one thread fits, is an error naming both figures and
/// the flags that change them.
pub fn plan_threads(
    requested: u64,
    explicit: bool,
    hash_bits: u32,
    engines: u64,
    available: Option<u64>,
) -> Result<(u64, Option<String>), String> {
    let Some(available) = available else {
        return Ok((requested, None));
    };
    let need = needed(requested, engines);
    if need <= available {
        return Ok((requested, None));
    }
    let fit = threads_that_fit(available, engines);
    let each = human(engines);
    if fit == 0 {
        return Err(format!(
            "not enough memory: one worker thread needs {} (two engines of --hash-bits {hash_bits}, {each}, and the runner), and {} is available; use a smaller --hash-bits",
            human(needed(1, engines)),
            human(available)
        ));
    }
    if explicit {
        return Err(format!(
            "not enough memory: --concurrency {requested} needs {} ({each} of tables per thread, two engines of --hash-bits {hash_bits}), and {} is available; at most --concurrency {fit} fits (or use a smaller --hash-bits)",
            human(need),
            human(available)
        ));
    }
    Ok((
        fit,
        Some(format!(
            "{fit} threads, not {requested}: each needs {each} of tables (two engines of --hash-bits {hash_bits}) and {} is available",
            human(available)
        )),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use micromax::builds::Build;

    /// Two engines of the published 3.2 table (old,sd).
    fn old_sd() -> u64 {
        engines(&Pairing::default(), 24)
    }

    #[test]
    fn published_table_costs_two_hundred_megabytes_per_engine() {
        // 2^24+9 entries of 12 bytes, as the C's `struct _ {int K,V;char X,Y,D;}`
        let table = ((1u64 << 24) + 9) * 12;
        let old = (Build::Old.capabilities().engine_bytes)(24);
        assert!(old >= table && old < table + (9 << 20));
        assert!(per_thread(engines(&Pairing::default(), 24)) > 400_000_000);
    }

    #[test]
    fn each_engine_is_sized_as_it_states() {
        // 4.8's table: 2^24 entries of 12 bytes, and the list of the entries written (U/16 of 4
        // bytes), as 3.2's
        let mm48 = (Build::Mm48.capabilities().engine_bytes)(24);
        assert!(mm48 >= (1 << 24) * 12 + (1 << 20) * 4 && mm48 < (1 << 24) * 12 + (1 << 20) * 5);
        let old = (Build::Old.capabilities().engine_bytes)(24);
        let pairing = Pairing::of(Build::Old, Build::Mm48);
        assert_eq!(engines(&pairing, 24), old + mm48);
        // the test engine holds no table
        let first = Pairing::of("first-legal".parse().unwrap(), Build::Old);
        assert!(engines(&first, 24) < old + (1 << 20));
    }

    #[test]
    fn meminfo_parsing() {
        let text = "MemTotal:       24683520 kB\nMemFree:        21717000 kB\nMemAvailable:   23677000 kB\n";
        assert_eq!(mem_available(text), Some(23_677_000 * 1024));
        assert_eq!(mem_available("MemTotal: 5 kB\n"), None);
    }

    #[test]
    fn threads_are_refused_or_lowered_to_what_fits() {
        let gb = 1_000_000_000;
        // 64 threads of the published table on 8 GB
        let err = plan_threads(64, true, 24, old_sd(), Some(8 * gb)).unwrap_err();
        assert!(
            err.contains("--concurrency 64 needs 26.9 GB (411 MB of tables per thread"),
            "{err}"
        );
        assert!(
            err.contains("and 8.0 GB is available; at most --concurrency 18 fits"),
            "{err}"
        );
        let (n, note) = plan_threads(64, false, 24, old_sd(), Some(8 * gb)).unwrap();
        assert_eq!(n, 18);
        assert!(note.unwrap().starts_with("18 threads, not 64"));
        assert_eq!(
            plan_threads(4, true, 24, old_sd(), Some(8 * gb)).unwrap(),
            (4, None)
        );
        assert_eq!(
            plan_threads(64, true, 24, old_sd(), None).unwrap(),
            (64, None)
        );
        let err = plan_threads(1, false, 24, old_sd(), Some(100 << 20)).unwrap_err();
        assert!(err.contains("use a smaller --hash-bits"), "{err}");
        assert_eq!(needed(u64::MAX, old_sd()), u64::MAX);
    }
}
