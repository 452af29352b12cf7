//! SplitMix64 (Steele, Lea and Flood, 2014): the seeded sequence behind every
//! deterministic sample on the site (random games, families of graphs). Its
//! constants are written here, so a sample is fixed by this code, never by a
//! crate's version.

/// A SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..below` (`below` > 0), by remainder.
    pub fn below(&mut self, below: usize) -> usize {
        (self.next_u64() % below as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_the_reference_implementations() {
        // The first outputs for seed 1234567 of Vigna's splitmix64.c.
        let mut r = SplitMix64::new(1_234_567);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(
            first,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423
            ]
        );
    }

    #[test]
    fn below_stays_below() {
        let mut r = SplitMix64::new(7);
        assert!((0..1000).all(|_| r.below(3) < 3));
        assert_eq!(SplitMix64::new(7).below(1), 0);
    }
}
