//! `SplitMix64` (Steele, Lea and Flood, 2014): the seeded sequence behind every
//! deterministic sample on the site (random games, families of graphs). Its
//! constants are written here, so a sample is fixed by this code, never by a
//! crate's version. It also draws random short games into a [`GameTable`]
//! ([`SplitMix64::game`], [`SplitMix64::all_small_game`]), the samples the
//! core's laws are tested on.

use super::canonical::{GameId, GameTable};

/// A `SplitMix64` generator.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator started from `seed`: one seed, one sequence.
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
    #[allow(
        clippy::cast_possible_truncation,
        reason = "the remainder is below `below`, a usize"
    )]
    pub fn below(&mut self, below: usize) -> usize {
        (self.next_u64() % below as u64) as usize
    }

    /// A random game born by day `days`, in canonical form: each player has
    /// up to `width` options, each a random game born by an earlier day (a
    /// game born by day 0 is 0).
    pub fn game(&mut self, games: &GameTable, days: u32, width: usize) -> GameId {
        self.tree(games, days, width, false)
    }

    /// A random all-small game born by day `days`, as [`SplitMix64::game`]
    /// but with options for both players or for neither in every position.
    pub fn all_small_game(&mut self, games: &GameTable, days: u32, width: usize) -> GameId {
        self.tree(games, days, width, true)
    }

    fn tree(&mut self, games: &GameTable, days: u32, width: usize, all_small: bool) -> GameId {
        if days == 0 {
            return games.zero();
        }
        let (left, right) = if all_small {
            match self.below(3) {
                0 => (0, 0),
                _ => (1 + self.below(width), 1 + self.below(width)),
            }
        } else {
            (self.below(width + 1), self.below(width + 1))
        };
        let mut side = |n: usize| -> Vec<GameId> {
            (0..n)
                .map(|_| {
                    let day = u32::try_from(self.below(days as usize)).expect("below days, a u32");
                    self.tree(games, day, width, all_small)
                })
                .collect()
        };
        let (left, right) = (side(left), side(right));
        games.game(&left, &right)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cgt::analysis::Analyse;

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
    fn random_games_are_born_by_their_day_and_all_small_ones_are() {
        let games = GameTable::new();
        let mut r = SplitMix64::new(5);
        for _ in 0..200 {
            let g = r.game(&games, 3, 3);
            assert!(games.birthday(g) <= 3);
            let s = r.all_small_game(&games, 4, 2);
            assert!(games.birthday(s) <= 4 && games.is_all_small(s));
        }
        assert_eq!(r.game(&games, 0, 3), games.zero());
    }

    #[test]
    fn below_stays_below() {
        let mut r = SplitMix64::new(7);
        assert!((0..1000).all(|_| r.below(3) < 3));
        assert_eq!(SplitMix64::new(7).below(1), 0);
    }
}
