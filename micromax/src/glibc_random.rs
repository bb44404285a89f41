//! A replica of glibc's `random()` as micro-Max calls it: never seeded, so in the state
//! `srandom(1)` leaves (TYPE_3: an additive feedback generator over 34 words).
//!
//! micro-Max fills its hash-key table `T` from it (`T[i]=random()>>9`), so the table, and with
//! it every hash key and node count, depends on reproducing it exactly. Tested against
//! `libc::random()` itself.

/// glibc `random()` in its unseeded state.
#[derive(Clone, Debug)]
pub struct GlibcRandom {
    r: Vec<u32>,
    next: usize,
}

impl Default for GlibcRandom {
    fn default() -> Self {
        Self::new()
    }
}

impl GlibcRandom {
    /// The generator as a program finds it before any call to `srandom()` (seed 1).
    pub fn new() -> Self {
        let mut r: Vec<u32> = Vec::with_capacity(1400);
        r.push(1);
        for i in 1..31 {
            // r[i] = 16807 * r[i-1] mod 2147483647, computed as glibc does (Schrage, signed)
            let hi = (r[i - 1] as i32 as i64) / 127773;
            let lo = (r[i - 1] as i32 as i64) % 127773;
            let mut word = 16807 * lo - 2836 * hi;
            if word < 0 {
                word += 2147483647;
            }
            r.push(word as u32);
        }
        for i in 31..34 {
            r.push(r[i - 31]);
        }
        // glibc discards the first 310 outputs (i = 34 .. 343).
        let mut g = GlibcRandom { r, next: 34 };
        for _ in 34..344 {
            g.step();
        }
        g
    }

    fn step(&mut self) -> u32 {
        let i = self.next;
        let v = self.r[i - 3].wrapping_add(self.r[i - 31]);
        if self.r.len() == i {
            self.r.push(v);
        } else {
            self.r[i] = v;
        }
        self.next += 1;
        // Keep the buffer short: only the last 34 words are ever read again.
        if self.r.len() > 1024 {
            let keep = self.r.split_off(self.r.len() - 34);
            self.r = keep;
            self.next = 34;
        }
        v
    }

    /// The next value of `random()`: 31 bits, 0 ..= 2^31-1.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> i64 {
        (self.step() >> 1) as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_outputs_are_glibcs() {
        let mut g = GlibcRandom::new();
        let first: Vec<i64> = (0..5).map(|_| g.next()).collect();
        assert_eq!(
            first,
            [1804289383, 846930886, 1681692777, 1714636915, 1957747793]
        );
    }
}
