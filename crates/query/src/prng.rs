//! Seeded random numbers for drawing boards and scrambles: SplitMix64 (Steele, Lea and
//! Flood, 2014), written out here so that the same seed gives the same boards on every
//! machine and with every version of every dependency. Bounded draws are unbiased
//! (Lemire's multiply-and-reject).

/// A SplitMix64 stream.
pub struct Prng {
    state: u64,
}

impl Prng {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Prng {
        Prng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number uniform in `0..bound`; `bound` must not be zero.
    pub fn below(&mut self, bound: u64) -> u64 {
        // The low half of x * bound falls below 2^64 mod bound for exactly the x that would
        // make some results more likely than others; those are drawn again.
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// A number uniform in `0..bound` for bounds beyond 64 bits; `bound` must not be zero.
    pub fn below_u128(&mut self, bound: u128) -> u128 {
        if let Ok(small) = u64::try_from(bound) {
            return u128::from(self.below(small));
        }
        // Draw as many bits as the bound has and reject what falls above it.
        let bits = 128 - (bound - 1).leading_zeros();
        loop {
            let value = (u128::from(self.next_u64()) << 64 | u128::from(self.next_u64())) >> (128 - bits);
            if value < bound {
                return value;
            }
        }
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_splitmix64() {
        // The first outputs for seed 1234567, as published with the reference C code.
        let mut prng = Prng::new(1_234_567);
        let first: Vec<u64> = (0..3).map(|_| prng.next_u64()).collect();
        assert_eq!(first, [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423]);
    }

    #[test]
    fn bounded_draws_stay_below_the_bound_and_reach_every_value() {
        let mut prng = Prng::new(7);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[prng.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        let big = 3u128 << 100;
        assert!((0..1000).all(|_| prng.below_u128(big) < big));
    }
}
