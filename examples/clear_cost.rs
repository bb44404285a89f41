//! What clearing the hash table costs: the C clears all 2^24+8 keys after every input line;
//! umax clears only the entries written since the last clear (up to U/16 of them; past that it
//! clears the whole table too). Times both after the same think.
//!
//!     cargo run --release --features tools --example clear_cost -- [REPEATS [NODES...]]
//!
//! For each node limit (default 20000 100000 1000000), from the position after 1. e4: searches
//! one think (the main loop's `D(k,-I,I,Q,1,1,O,8,0)`) and times `clear_hash` with the dirty
//! list, then searches the same think again (same tree: the table is empty again, the board
//! unchanged) and times the full clear. Prints the medians over REPEATS (default 7).

use micromax::Limits;
use micromax::builds::Build;
use micromax::mm32::{DEFAULT_HASH_BITS, Engine};
use std::time::Instant;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// One think as the main loop does it, without the clear and legality check that follow.
fn think(e: &mut Engine, limits: &Limits) -> i32 {
    e.think_move(limits, |_| {}).nodes
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let repeats: usize = args.get(1).map_or(7, |s| s.parse().expect("REPEATS"));
    let mut limits: Vec<i64> = args[2.min(args.len())..]
        .iter()
        .map(|s| s.parse().expect("NODES"))
        .collect();
    if limits.is_empty() {
        limits = vec![20_000, 100_000, 1_000_000];
    }
    let mut e = Engine::new(Build::Old, DEFAULT_HASH_BITS);
    assert!(e.enter_move(0x64, 0x44)); // e2e4
    // First touch of the whole table (the C's first clear also faults it in).
    e.set_full_clear(true);
    e.clear_hash();
    for nodes in limits {
        let limits = Limits::nodes(nodes);
        let (mut dirty, mut full) = (Vec::new(), Vec::new());
        let (mut searched, mut written) = (0, None);
        for _ in 0..repeats {
            e.set_full_clear(false);
            searched = think(&mut e, &limits);
            written = e.entries_to_clear();
            let t = Instant::now();
            e.clear_hash();
            dirty.push(t.elapsed().as_secs_f64() * 1e3);
            e.set_full_clear(true);
            think(&mut e, &limits);
            let t = Instant::now();
            e.clear_hash();
            full.push(t.elapsed().as_secs_f64() * 1e3);
        }
        let written = match written {
            Some(n) => format!("{n} entries written: dirty clear"),
            None => format!("over {} entries written: full clear", e.table_size() / 16),
        };
        println!(
            "- think of {searched} nodes (limit {nodes}), {written} {:.3} ms; \
             full clear of all {} entries {:.3} ms (medians of {repeats})",
            median(&mut dirty),
            e.table_size(),
            median(&mut full)
        );
    }
}
