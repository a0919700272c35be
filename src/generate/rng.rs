//! SplitMix64: the small seeded generator behind `generate --seed`.
//!
//! Generation must give the same puzzles for the same seed on every
//! machine and in every later version, so the generator is a few lines of
//! our own with a fixed algorithm rather than a crate whose stream may
//! change between releases.
//!
//! # References
//!
//! - G. L. Steele, D. Lea, C. H. Flood. Fast splittable pseudorandom
//!   number generators. OOPSLA 2014.

/// A SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

/// The state's step per output.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

impl Rng {
    /// Returns the generator for a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// Returns stream `k` of a seed: the generator of `seed` advanced by
    /// k·2³² outputs, in one step (SplitMix64's state moves by a constant
    /// per output).
    ///
    /// Stream 0 is [`Rng::new`]`(seed)` itself. Streams of one seed never
    /// meet as long as each draws fewer than 2³² numbers, so each of a
    /// run's puzzles can have its own and be made alone, in any order, on
    /// any machine (`generate --shard`). Streams `k` and `k + 2³²`
    /// coincide.
    pub fn stream(seed: u64, k: u64) -> Rng {
        Rng(seed.wrapping_add(k.wrapping_mul(GAMMA << 32)))
    }

    /// Returns the next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Returns a number in `0..n` (Lemire's multiply-shift; the bias is
    /// below 2⁻⁵⁰ for the n used here). `n` must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `items` (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_one_stream_and_shuffles_are_permutations() {
        // The first output for seed 0, from the reference implementation.
        assert_eq!(Rng::new(0).next_u64(), 0xe220_a839_7b1d_cdaf);
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let mut items: Vec<usize> = (0..50).collect();
        a.shuffle(&mut items);
        let mut again: Vec<usize> = (0..50).collect();
        b.shuffle(&mut again);
        assert_eq!(items, again);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
        assert!((0..1000).all(|_| a.below(3) < 3));
    }

    #[test]
    fn stream_zero_is_the_seed_and_streams_differ_until_two_to_the_32() {
        let mut first = Rng::new(7);
        let mut zero = Rng::stream(7, 0);
        assert!((0..5).all(|_| zero.next_u64() == first.next_u64()));
        let starts: Vec<u64> = (0..100).map(|k| Rng::stream(7, k).next_u64()).collect();
        let mut distinct = starts.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), starts.len());
        assert_eq!(Rng::stream(7, 1 << 32).next_u64(), starts[0]);
    }
}
