//! The one seeded generator of the harness: SplitMix64 (Steele, Lea, Flood 2014; the constants
//! of Vigna's reference `splitmix64.c`). Random openings, the SPRT simulation and the seeded
//! tests draw from it. (The engine's own `random()` is glibc's, in `glibc_random.rs`.)

/// SplitMix64: the state is the seed, one `u64`.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`) by the multiply-shift map `(x·n) >> 64` (random openings).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `0..n` as `x % n` (`0` for `n == 0`): the seeded tests' draw.
    pub fn modulo(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// [`modulo`](Self::modulo) for an index.
    pub fn index(&mut self, n: usize) -> usize {
        self.modulo(n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn reference_values() {
        // splitmix64.c seeded with 0: its first output.
        assert_eq!(SplitMix64(0).next_u64(), 0xe220_a839_7b1d_cdaf);
    }
}
