//! `umax openings`.

use super::{node_limit, parse_count_usize};
use clap::Args;

#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// Openings to generate (1 to 1000000).
    #[arg(long, default_value_t = 300, value_parser = opening_count)]
    pub count: usize,
    /// Plies (half-moves) per opening.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=40))]
    pub plies: u64,
    /// Seed of the random move choice (SplitMix64).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Node limit of the balance search (old build) at the end of each line.
    #[arg(long, default_value_t = 200_000, value_parser = node_limit)]
    pub nodes: u64,
    /// Hash table of the balance search: 2^BITS+8 entries.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(4..=24))]
    pub hash_bits: u32,
    /// Keep a line when |score| of the balance search is at most this (micro-Max's pawn is 99).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(i32).range(0..=8000))]
    pub max_score: i32,
}

/// An opening suite's size: 1 to a million lines.
pub fn opening_count(s: &str) -> Result<usize, String> {
    let n = parse_count_usize(s)?;
    if !(1..=1_000_000).contains(&n) {
        return Err(format!(
            "{n}: an opening suite holds 1 to 1000000 (1e6) lines"
        ));
    }
    Ok(n)
}
