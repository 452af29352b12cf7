//! The comparison cache of a [`super::GameTable`].

use super::GameId;
use crate::cgt::shared::{Generations, home};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The memo of [`GameTable::leq`]: a direct-mapped cache that forgets. An
/// entry is the pair's key with the answer in bit 63 and a filled mark in bit
/// 62 (ids below 2^31 each, so a key fills 62 bits); a pair whose key does not
/// fit is not stored. The table grows with the games, to 2^17 slots (1 MiB),
/// and past that a new answer overwrites whatever shares its slot: a forgotten
/// comparison is only recomputed, while a memo that kept them all held 40
/// million pairs (over a gigabyte) on the 6 x 6 Domineering board. A larger
/// table is slower, not faster: its probes miss the processor's caches, and
/// few comparisons recur far apart (the 4 x 8 Domineering board, CPU time:
/// 4.7 s with 2^17 slots, 5.2 s with 2^20, 6.0 s with 2^23; 4.8 s with 2^14).
///
/// Slots are atomics, read and written by any thread: an entry is one word,
/// so a reader sees a whole entry, an old one or a new one, and an entry
/// answers only for its own key. A table that grows starts anew in a larger
/// one of its [`Generations`] (what the smaller held is forgotten).
pub(super) struct LeqCache {
    /// Tables of 2^10, 2^11, ... 2^17 slots.
    tables: Generations<AtomicU64>,
}

impl Default for LeqCache {
    fn default() -> Self {
        LeqCache {
            tables: Generations::new(LeqCache::empty(0)),
        }
    }
}

impl LeqCache {
    const MIN_BITS: usize = 10;
    const SIZES: usize = 8;
    const ANSWER: u64 = 1 << 63;
    const FILLED: u64 = 1 << 62;

    pub(super) fn pack(g: GameId, h: GameId) -> Option<u64> {
        (g.0 < 1 << 31 && h.0 < 1 << 31).then(|| u64::from(g.0) << 31 | u64::from(h.0))
    }

    /// An empty table for place `at`.
    fn empty(at: usize) -> Box<[AtomicU64]> {
        (0..1 << (Self::MIN_BITS + at))
            .map(|_| AtomicU64::new(0))
            .collect()
    }

    /// The slot of `key` in the table in use.
    fn slot(&self, key: u64) -> &AtomicU64 {
        let table = self.tables.newest();
        &table[home(key, table.len())]
    }

    pub(super) fn get(&self, key: u64) -> Option<bool> {
        let entry = self.slot(key).load(Relaxed);
        (entry & !Self::ANSWER == key | Self::FILLED).then_some(entry & Self::ANSWER != 0)
    }

    /// Moves to a table of about four slots for each of the table's `games`
    /// when the one in use is smaller.
    pub(super) fn fit(&self, games: usize) {
        let wanted = (4 * games).next_power_of_two().trailing_zeros() as usize;
        let at = wanted.clamp(Self::MIN_BITS, Self::MIN_BITS + Self::SIZES - 1) - Self::MIN_BITS;
        if at > self.tables.newest_place() {
            self.tables.advance(at, || Self::empty(at));
        }
    }

    pub(super) fn insert(&self, key: u64, answer: bool) {
        let entry = key | Self::FILLED | if answer { Self::ANSWER } else { 0 };
        self.slot(key).store(entry, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_what_it_holds_forgets_what_a_later_pair_displaces() {
        let cache = LeqCache::default();
        let key = |g, h| LeqCache::pack(GameId(g), GameId(h)).unwrap();
        assert_eq!(cache.get(key(1, 2)), None);
        cache.insert(key(1, 2), true);
        cache.insert(key(2, 1), false);
        assert_eq!(cache.get(key(1, 2)), Some(true));
        assert_eq!(cache.get(key(2, 1)), Some(false));
        // The smallest table has 1,024 slots: of 2,000 pairs some share a
        // slot, and a displaced pair is forgotten, never answered wrongly.
        let pairs: Vec<u64> = (0..2000).map(|i| key(i, i + 1)).collect();
        for &k in &pairs {
            cache.insert(k, k % 3 == 0);
        }
        let held = pairs.iter().filter(|&&k| cache.get(k).is_some()).count();
        assert!(held < pairs.len());
        assert!(
            pairs
                .iter()
                .all(|&k| cache.get(k).is_none_or(|a| a == (k % 3 == 0)))
        );
        // Ids of 2^31 and more are not packed, so not stored.
        assert_eq!(LeqCache::pack(GameId(1 << 31), GameId(0)), None);
    }
}
