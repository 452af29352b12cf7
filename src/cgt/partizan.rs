//! The canonical value of partizan games, by regions.
//!
//! [`Values`] evaluates any game that implements [`Partizan`], as
//! [`super::nimber::Grundy`] does for impartial ones: the game supplies only
//! its Left and Right options, the split of a position into independent
//! regions and a memo key; the evaluator splits every position into its
//! regions, looks each region's value up by its key (computing it from the
//! region's options when missing) and adds the parts in a [`GameTable`].
//!
//! A key may stand for a region's negative: a symmetry that swaps the
//! players' roles (a quarter turn in Domineering, a colour swap in Amazons)
//! gives a region and its swapped image one key, the value of one being the
//! negative of the other's, so one search and one memo entry serve both.
//!
//! [`Whole`] wraps a game so that the same evaluator searches whole
//! positions, never split: the plain search a split into regions is measured
//! against ([`Values::searched`] counts the positions each way).
//!
//! The search may use every core ([`Values::in_parallel`]): near the top, the
//! regions a position's options need and the memo lacks are searched in
//! parallel, on rayon's pool, sharing the memo and the [`GameTable`].

use super::canonical::{GameId, GameTable};
use super::shared::{Memo, Padded};
use rayon::prelude::*;
use rustc_hash::FxHashSet;
use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// A partizan game under normal play: the player who cannot move loses.
pub trait Partizan: Sync {
    /// A position: a sum of independent regions.
    type Position: Send + Sync;
    /// A memo key for one region. Two regions with equal keys must have equal
    /// values, or opposite ones when [`Partizan::key`] says so (a game may map
    /// the images of a region under its symmetries to one key).
    type Key: Hash + Eq + Clone + Send + Sync;

    /// The independent regions of `position`, pushed onto `out`: a move in one
    /// leaves the others unchanged, so the position is their sum. Regions with
    /// no move for either player may be left out (their value is 0).
    fn regions(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// The positions one Left move away from `region`, pushed onto `out`.
    fn left_options(&self, region: &Self::Position, out: &mut Vec<Self::Position>);

    /// The positions one Right move away from `region`, pushed onto `out`.
    fn right_options(&self, region: &Self::Position, out: &mut Vec<Self::Position>);

    /// The memo key of `region` (one of the regions [`Partizan::regions`]
    /// gives), and whether the region's value is the negative of the value
    /// stored under the key. A game with a symmetry that swaps the players'
    /// roles keys a region and its swapped image alike and marks one of them;
    /// a region that is its own swapped image must not be marked (its value is
    /// its own negative, so either would do, but one key gets one sign). A
    /// game without such a symmetry marks none.
    fn key(&self, region: &Self::Position) -> (Self::Key, bool);
}

/// A memoising evaluator of canonical values for one game.
///
/// The memo holds ids of one [`GameTable`]: always pass the same table.
pub struct Values<G: Partizan> {
    game: G,
    memo: Memo<G::Key, GameId>,
    /// Positions valued from their own options so far.
    searched: Padded<AtomicUsize>,
    /// How many levels from the top the search runs in parallel (0: never).
    fork_depth: usize,
}

/// The levels from the top a parallel search forks at. Below them the
/// regions a level needs are many and small, and searched in turn. The empty
/// 6 x 6 Domineering board, on 2 cores, took 19.9, 19.5 and 19.1 s forking at
/// 2, 3 and 5 levels: past the first few, the depth hardly matters.
const FORK_DEPTH: usize = 3;

/// The regions of a list of positions with their keys and what the memo held
/// for them: one level of the search.
struct Batch<G: Partizan> {
    positions: Vec<G::Position>,
    regions: Vec<G::Position>,
    /// Where each position's regions end in `regions`.
    ends: Vec<usize>,
    keys: Vec<(G::Key, bool)>,
    found: Vec<Option<GameId>>,
}

impl<G: Partizan> Default for Batch<G> {
    fn default() -> Self {
        Batch {
            positions: Vec::new(),
            regions: Vec::new(),
            ends: Vec::new(),
            keys: Vec::new(),
            found: Vec::new(),
        }
    }
}

impl<G: Partizan> Batch<G> {
    fn clear(&mut self) {
        self.positions.clear();
        self.regions.clear();
        self.ends.clear();
        self.keys.clear();
        self.found.clear();
    }
}

/// Emptied batches, reused so that the search does not allocate at every
/// node; each thread of a search has its own.
type Spare<G> = Vec<Batch<G>>;

impl<G: Partizan> Values<G> {
    /// An evaluator that searches on the calling thread only.
    pub fn new(game: G) -> Self {
        Values {
            game,
            memo: Memo::default(),
            searched: Padded(AtomicUsize::new(0)),
            fork_depth: 0,
        }
    }

    /// The same evaluator searching on every core: the regions that the
    /// options of a position near the top need are searched at once, each
    /// on a thread of rayon's pool. Ids of the table then depend on the
    /// threads' timing, and [`Values::searched`] counts a region that two
    /// threads searched at once twice; the values do not change.
    pub fn in_parallel(self) -> Self {
        Values {
            fork_depth: FORK_DEPTH,
            ..self
        }
    }

    /// The canonical value of `position`: the sum of its regions' values.
    pub fn value(&self, games: &GameTable, position: &G::Position) -> GameId {
        let mut regions = Vec::new();
        self.game.regions(position, &mut regions);
        regions.iter().fold(games.zero(), |total, region| {
            games.add(total, self.region_value(games, region))
        })
    }

    /// The canonical value of one region, from the memo or from its options.
    pub fn region_value(&self, games: &GameTable, region: &G::Position) -> GameId {
        let (key, negated) = self.game.key(region);
        self.settle(games, region, key, negated, None, 0, &mut Spare::new())
    }

    /// The value of `region` whose key and sign are given, from what the memo
    /// held for it (`found`, which may be stale: a search since may have
    /// stored it) or from a search whose value is then stored. The region is
    /// `depth` moves below the first position.
    #[allow(clippy::too_many_arguments)]
    fn settle(
        &self,
        games: &GameTable,
        region: &G::Position,
        key: G::Key,
        negated: bool,
        found: Option<GameId>,
        depth: usize,
        spare: &mut Spare<G>,
    ) -> GameId {
        let stored = if let Some(g) = found.or_else(|| self.memo.get(&key)) {
            g
        } else {
            let v = self.search(games, region, depth, spare);
            let g = if negated { games.neg(v) } else { v };
            self.memo.insert(key, g)
        };
        if negated { games.neg(stored) } else { stored }
    }

    /// The canonical value of `position` from its own options, without
    /// splitting it into regions (each option is evaluated as usual): how a
    /// region's value is computed, and a second route to [`Values::value`].
    pub fn value_from_options(&self, games: &GameTable, position: &G::Position) -> GameId {
        self.search(games, position, 0, &mut Spare::new())
    }

    fn search(
        &self,
        games: &GameTable,
        position: &G::Position,
        depth: usize,
        spare: &mut Spare<G>,
    ) -> GameId {
        self.searched.fetch_add(1, Relaxed);
        let mut batch = spare.pop().unwrap_or_default();
        self.game.left_options(position, &mut batch.positions);
        let left = self.values_of(games, batch, depth, spare);
        let mut batch = spare.pop().unwrap_or_default();
        self.game.right_options(position, &mut batch.positions);
        let right = self.values_of(games, batch, depth, spare);
        games.game(&left, &right)
    }

    /// The values of the batch's positions, the options of a position
    /// `depth` moves below the first. Every region's key is made and looked
    /// up before any region is searched: the lookups, each likely a cache miss
    /// in a large memo, then overlap instead of waiting in turn. Near the top
    /// ([`Values::in_parallel`]), the regions the memo lacks are then searched
    /// in parallel, each once.
    fn values_of(
        &self,
        games: &GameTable,
        mut batch: Batch<G>,
        depth: usize,
        spare: &mut Spare<G>,
    ) -> Vec<GameId> {
        for p in &batch.positions {
            self.game.regions(p, &mut batch.regions);
            batch.ends.push(batch.regions.len());
        }
        batch
            .keys
            .extend(batch.regions.iter().map(|r| self.game.key(r)));
        batch
            .found
            .extend(batch.keys.iter().map(|(k, _)| self.memo.get(k)));
        if depth < self.fork_depth {
            self.search_missing(games, &batch, depth);
        }
        let mut values = Vec::with_capacity(batch.ends.len());
        let mut parts = batch
            .regions
            .iter()
            .zip(batch.keys.drain(..))
            .zip(&batch.found);
        let mut start = 0;
        for &end in &batch.ends {
            let mut total = games.zero();
            for ((region, (key, negated)), &found) in parts.by_ref().take(end - start) {
                let v = self.settle(games, region, key, negated, found, depth + 1, spare);
                total = games.add(total, v);
            }
            values.push(total);
            start = end;
        }
        drop(parts);
        batch.clear();
        spare.push(batch);
        values
    }

    /// Searches in parallel, and stores, the batch's regions the memo lacked
    /// (each key once: options often leave regions of one shape).
    fn search_missing(&self, games: &GameTable, batch: &Batch<G>, depth: usize) {
        let mut seen = FxHashSet::default();
        let missing: Vec<usize> = (0..batch.regions.len())
            .filter(|&i| batch.found[i].is_none() && seen.insert(&batch.keys[i].0))
            .collect();
        missing.into_par_iter().for_each(|i| {
            let (key, negated) = batch.keys[i].clone();
            let mut spare = Spare::new();
            self.settle(
                games,
                &batch.regions[i],
                key,
                negated,
                None,
                depth + 1,
                &mut spare,
            );
        });
    }

    /// Regions evaluated so far (distinct memo keys, each standing for a
    /// region and its swapped image): the evaluator's work.
    pub fn regions_evaluated(&self) -> usize {
        self.memo.entries()
    }

    /// Positions valued from their own options so far (regions searched, not
    /// found in the memo): the search's work.
    pub fn searched(&self) -> usize {
        self.searched.load(Relaxed)
    }
}

/// A game searched whole: each position is its own one region, keyed by
/// itself, so `Values::new(Whole(game))` is a plain memoised search over
/// whole positions, with no split and no symmetry.
#[derive(Clone, Copy, Debug, Default)]
pub struct Whole<G>(pub G);

impl<G: Partizan> Partizan for Whole<G>
where
    G::Position: Clone + Hash + Eq,
{
    type Position = G::Position;
    type Key = G::Position;

    fn regions(&self, position: &G::Position, out: &mut Vec<G::Position>) {
        out.push(position.clone());
    }

    fn left_options(&self, position: &G::Position, out: &mut Vec<G::Position>) {
        self.0.left_options(position, out);
    }

    fn right_options(&self, position: &G::Position, out: &mut Vec<G::Position>) {
        self.0.right_options(position, out);
    }

    fn key(&self, position: &G::Position) -> (G::Position, bool) {
        (position.clone(), false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cgt::dyadic::Dyadic;

    /// Hackenbush strings of one colour each side of a ground: a position is
    /// a list of stalks, `n > 0` blue edges (Left's) or `-n` red ones
    /// (Right's); a move cuts an edge of one's own colour and everything above
    /// it. Its value is the number of edges, with sign: the colour swap
    /// negates.
    struct Stalks;

    impl Stalks {
        /// Each stalk of `sign`'s colour cut to each shorter length.
        fn cuts(stalks: &[i32], sign: i32, out: &mut Vec<Vec<i32>>) {
            for (i, &s) in stalks.iter().enumerate() {
                for n in 0..(s * sign).max(0) {
                    let mut cut = stalks.to_vec();
                    cut[i] = n * sign;
                    out.push(cut);
                }
            }
        }
    }

    impl Partizan for Stalks {
        type Position = Vec<i32>;
        type Key = i32;
        fn regions(&self, stalks: &Vec<i32>, out: &mut Vec<Vec<i32>>) {
            out.extend(stalks.iter().filter(|&&s| s != 0).map(|&s| vec![s]));
        }
        fn left_options(&self, stalks: &Vec<i32>, out: &mut Vec<Vec<i32>>) {
            Stalks::cuts(stalks, 1, out);
        }
        fn right_options(&self, stalks: &Vec<i32>, out: &mut Vec<Vec<i32>>) {
            Stalks::cuts(stalks, -1, out);
        }
        fn key(&self, stalk: &Vec<i32>) -> (i32, bool) {
            (stalk[0].abs(), stalk[0] < 0)
        }
    }

    #[test]
    fn stalks_are_integers_that_add_and_the_colour_swap_is_memoised_too() {
        let games = GameTable::new();
        let values = Values::new(Stalks);
        for n in -6..=6 {
            let v = values.value(&games, &vec![n]);
            assert_eq!(games.number_value(v), Some(Dyadic::integer(i64::from(n))));
        }
        let v = values.value(&games, &vec![3, -5, 4]);
        assert_eq!(games.number_value(v), Some(Dyadic::integer(2)));
        // Stalks 1 to 6 and their negatives: a stalk and its colour swap
        // share a key, so only 6 keys and 6 searches.
        assert_eq!(values.regions_evaluated(), 6);
        assert_eq!(values.searched(), 6);
    }

    #[test]
    fn the_value_from_options_agrees_with_the_sum_of_regions() {
        let games = GameTable::new();
        let values = Values::new(Stalks);
        let whole = values.value_from_options(&games, &vec![2, -1, 3]);
        assert_eq!(whole, values.value(&games, &vec![2, -1, 3]));
    }

    #[test]
    fn the_whole_search_agrees_and_counts_every_position_it_meets() {
        let games = GameTable::new();
        let parts = Values::new(Stalks);
        let by_parts = parts.value(&games, &vec![2, -1, 3]);
        let whole = Values::new(Whole(Stalks));
        assert_eq!(whole.value(&games, &vec![2, -1, 3]), by_parts);
        // Whole: every [a, b, c] with 0 <= a <= 2, -1 <= b <= 0, 0 <= c <= 3
        // is met once: 3 x 2 x 4 = 24. By parts: the stalks 3, 2, 1 (3 and
        // its cuts) and -1 are met; -1 shares the key of 1, so only the three
        // positive ones are searched.
        assert_eq!(whole.searched(), 24);
        assert_eq!(whole.regions_evaluated(), 24);
        assert_eq!(parts.searched(), 3);
    }
}
