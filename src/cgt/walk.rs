//! Walking the position graph of a game from a start position.
//!
//! A *position* is anything reachable from the start by a sequence of moves; the
//! *routes* are the nodes of the unmemoised tree of move sequences (the root
//! included), counted over positions rather than by enumerating sequences:
//! positions are taken in an order in which every move goes forward, each
//! carrying the number of move sequences that reach it, complete when its turn
//! comes; the routes are the sum of those counts.
//!
//! Two walks share that scheme and differ in how they find a position again:
//! - [`walk_removals`]: a position is a set and a move removes one of a list of
//!   equal-sized sets (Domineering's dominoes). Every move goes to the next
//!   rank, so only the current rank and the next are held: 10 bytes a position
//!   (two bytes of the set's low bits, eight of count), the high bits shared
//!   by each bucket of positions. Arrivals are merged in a small dense array
//!   indexed by the low bits, one output bucket at a time, so nothing is sorted
//!   and the table stays in cache.
//! - [`walk_ranked`]: positions are numbered densely (a ranked encoding, such as
//!   Chomp's staircases as lattice paths) and every move goes to a higher number:
//!   one count per number, no search at all.

use super::word::Word;
use rustc_hash::FxHashSet;
use std::hash::Hash;

/// What a walk found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    /// Distinct positions reachable from the start, the start included.
    pub positions: u64,
    /// Nodes of the tree of move sequences, the root included; `None` when the
    /// count does not fit in 64 bits.
    pub routes: Option<u64>,
}

/// Positions and routes as a walk meets them. Counts saturate: once one
/// overflows, so does the sum of routes, which is all that is reported.
#[derive(Default)]
struct Tally {
    positions: u64,
    routes: u64,
    overflow: bool,
}

impl Tally {
    /// `a + b`, saturating, noting an overflow.
    fn add(&mut self, a: u64, b: u64) -> u64 {
        let (sum, over) = a.overflowing_add(b);
        self.overflow |= over;
        if over { u64::MAX } else { sum }
    }

    /// A position reached by `count` move sequences.
    fn position(&mut self, count: u64) {
        self.positions += 1;
        self.routes = self.add(self.routes, count);
    }

    fn walk(&self) -> Walk {
        Walk {
            positions: self.positions,
            routes: (!self.overflow).then_some(self.routes),
        }
    }
}

/// Walks every position numbered in `0..size` reachable from `start` when
/// `moves(i, to)` calls `to.push(j)` for each successor `j` of position `i`,
/// each higher than `i`. `moves` is called once for each reachable position,
/// in increasing order. Holds one count (8 bytes) per number of the range.
pub fn walk_ranked<F>(size: usize, start: usize, mut moves: F) -> Walk
where
    F: FnMut(usize, &mut Successors),
{
    let mut counts = vec![0u64; size];
    counts[start] = 1;
    let mut tally = Tally::default();
    let mut to = Successors {
        counts: &mut counts,
        from: start,
        count: 0,
        overflow: false,
    };
    for i in start..size {
        let count = to.counts[i];
        if count == 0 {
            continue;
        }
        tally.position(count);
        (to.from, to.count) = (i, count);
        moves(i, &mut to);
    }
    tally.overflow |= to.overflow;
    tally.walk()
}

/// Where [`walk_ranked`]'s `moves` sends a position's successors.
pub struct Successors<'a> {
    counts: &'a mut [u64],
    from: usize,
    count: u64,
    overflow: bool,
}

impl Successors<'_> {
    /// A move to position `j`, which must be numbered higher than the
    /// position moved from and lower than the walk's `size`.
    pub fn push(&mut self, j: usize) {
        assert!(j > self.from, "a move must go to a higher number");
        let slot = &mut self.counts[j];
        let (sum, over) = slot.overflowing_add(self.count);
        self.overflow |= over;
        *slot = if over { u64::MAX } else { sum };
    }
}

/// Low bits of a set that index the dense merge table: 2^16 counts of 8 bytes,
/// half a megabyte, which stays in a core's second-level cache. (Fewer bits
/// make more buckets, whose overhead outweighs the smaller table: 12 bits
/// take 30% longer on the 9 x 5 board, 8 bits 170%.)
const LOW_BITS: u32 = 16;

/// Walks every set reachable from `start` when a move removes one of `moves`
/// that the position contains. The moves must have the same number of
/// elements, at least one (a move then always goes to the next rank).
pub fn walk_removals(start: u128, moves: &[u128]) -> Walk {
    let fitting: Vec<u128> = moves.iter().copied().filter(|&m| m & start == m).collect();
    let size = fitting.first().map_or(1, |m| m.count_ones());
    assert!(
        size > 0 && fitting.iter().all(|m| m.count_ones() == size),
        "every move must remove the same number of elements, at least one"
    );
    let n = start.count_ones();
    if n <= u64::BITS {
        Layers::<u64>::new(start, &fitting).walk()
    } else {
        Layers::<u128>::new(start, &fitting).walk()
    }
}

/// The moves whose high bits (above [`LOW_BITS`]) are the same, at most 64 of
/// them, with a table that finds the ones a position's low bits contain.
struct Group<K> {
    high: K,
    lows: [u16; 64],
    /// For each byte of the low bits and each value of that byte, the moves
    /// (bit `i` for `lows[i]`) whose bits in that byte it contains.
    fits: [[u64; 256]; 2],
}

impl<K: Word> Group<K> {
    fn new(high: K, lows: &[u16]) -> Group<K> {
        let mut fits = [[0u64; 256]; 2];
        for (byte, table) in fits.iter_mut().enumerate() {
            for (value, set) in table.iter_mut().enumerate() {
                for (i, &low) in lows.iter().enumerate() {
                    let part = usize::from(low >> (8 * byte)) & 0xff;
                    if part & value == part {
                        *set |= 1 << i;
                    }
                }
            }
        }
        let mut padded = [0; 64];
        padded[..lows.len()].copy_from_slice(lows);
        Group {
            high,
            lows: padded,
            fits,
        }
    }

    /// The moves of the group contained in a position with these low bits.
    fn fitting(&self, low: u16) -> u64 {
        self.fits[0][usize::from(low & 0xff)] & self.fits[1][usize::from(low >> 8)]
    }
}

/// The positions of one rank, grouped in buckets of equal high bits in
/// increasing order; within a bucket, in no order.
struct Rank<K> {
    lows: Vec<u16>,
    counts: Vec<u64>,
    /// Each bucket's high bits and the index of its first position.
    buckets: Vec<(K, usize)>,
}

impl<K: Word> Rank<K> {
    fn bucket(&self, b: usize) -> std::ops::Range<usize> {
        let end = self.buckets.get(b + 1).map_or(self.lows.len(), |&(_, e)| e);
        self.buckets[b].1..end
    }

    /// The first bucket from `b` on whose high bits contain `high`.
    fn next_containing(&self, mut b: usize, high: K) -> usize {
        while b < self.buckets.len() && self.buckets[b].0 & high != high {
            b += 1;
        }
        b
    }
}

/// The rank-by-rank walk of [`walk_removals`] on sets packed into words `K`:
/// the start's elements are numbered densely from bit 0.
struct Layers<K> {
    low_bits: u32,
    start: K,
    groups: Vec<Group<K>>,
}

impl<K: Word> Layers<K> {
    fn new(start: u128, moves: &[u128]) -> Layers<K> {
        let n = start.count_ones();
        let low_bits = n.min(LOW_BITS);
        // Pack a subset of `start` onto the low bits, in order.
        let pack = |set: u128| -> K {
            let mut word = K::ZERO;
            let mut rest = start;
            for i in 0..n {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                if set & bit != 0 {
                    word |= K::ONE.shl(i);
                }
            }
            word
        };
        let mut split: Vec<(K, u16)> = moves
            .iter()
            .map(|&m| {
                let m = pack(m);
                (m.shr(low_bits), low_u16(m & K::low_bits(low_bits)))
            })
            .collect();
        split.sort_unstable();
        let groups = split
            .chunk_by(|a, b| a.0 == b.0)
            .flat_map(|same| same.chunks(64))
            .map(|chunk| {
                let lows: Vec<u16> = chunk.iter().map(|&(_, low)| low).collect();
                Group::new(chunk[0].0, &lows)
            })
            .collect();
        Layers {
            low_bits,
            start: K::low_bits(n),
            groups,
        }
    }

    fn walk(&self) -> Walk {
        let mut tally = Tally::default();
        let mut rank = Rank {
            lows: vec![low_u16(self.start & K::low_bits(self.low_bits))],
            counts: vec![1],
            buckets: vec![(self.start.shr(self.low_bits), 0)],
        };
        let mut merge = Merge::new();
        while !rank.lows.is_empty() {
            for &count in &rank.counts {
                tally.position(count);
            }
            rank = self.next(&rank, &mut merge);
        }
        tally.overflow |= merge.overflow;
        tally.walk()
    }

    /// The positions one move from `rank`, with their counts. Output buckets
    /// are made in increasing order of high bits `h`: a group of moves with
    /// high bits `t` feeds bucket `h` from the bucket `h + t` of `rank`, and
    /// `h + t` increases with `h`, so each group keeps one cursor.
    fn next(&self, rank: &Rank<K>, merge: &mut Merge) -> Rank<K> {
        let mut next = Rank {
            lows: Vec::new(),
            counts: Vec::new(),
            buckets: Vec::new(),
        };
        let mut cursors: Vec<usize> = self
            .groups
            .iter()
            .map(|g| rank.next_containing(0, g.high))
            .collect();
        let target = |g: &Group<K>, b: usize| rank.buckets.get(b).map(|&(h, _)| h & !g.high);
        loop {
            let targets = self.groups.iter().zip(&cursors);
            let Some(h) = targets.filter_map(|(g, &b)| target(g, b)).min() else {
                break;
            };
            for (g, b) in self.groups.iter().zip(cursors.iter_mut()) {
                if target(g, *b) != Some(h) {
                    continue;
                }
                let range = rank.bucket(*b);
                merge.arrive(g, &rank.lows[range.clone()], &rank.counts[range]);
                *b = rank.next_containing(*b + 1, g.high);
            }
            next.buckets.push((h, next.lows.len()));
            merge.drain(&mut next);
        }
        next
    }
}

/// The dense table that merges the arrivals of one output bucket.
struct Merge {
    /// A count for each value of the low bits, zero when none arrived.
    counts: Box<[u64; 1 << 16]>,
    /// The low bits with a nonzero count, in order of first arrival: the
    /// first `used` entries (one more than the table, so that writing past
    /// the last one needs no test).
    touched: Box<[u16; (1 << 16) + 1]>,
    used: usize,
    overflow: bool,
}

impl Merge {
    fn new() -> Merge {
        Merge {
            counts: vec![0; 1 << 16].try_into().expect("the size of the table"),
            touched: vec![0; (1 << 16) + 1]
                .try_into()
                .expect("the size of the list"),
            used: 0,
            overflow: false,
        }
    }

    /// The arrivals from the positions with these low bits and counts, all
    /// in one bucket, by the moves of group `g`. Branch-free but for the
    /// loop over the moves that fit, as whether a slot is new is not
    /// predictable.
    fn arrive<K: Word>(&mut self, g: &Group<K>, lows: &[u16], counts: &[u64]) {
        for (&low, &count) in lows.iter().zip(counts) {
            let mut fitting = g.fitting(low);
            while fitting != 0 {
                let child = low ^ g.lows[fitting.trailing_zeros() as usize];
                fitting &= fitting - 1;
                let slot = &mut self.counts[usize::from(child)];
                let old = *slot;
                let (sum, over) = old.overflowing_add(count);
                self.overflow |= over;
                *slot = if over { u64::MAX } else { sum };
                self.touched[self.used] = child;
                self.used += usize::from(old == 0);
            }
        }
    }

    /// Moves the merged positions onto the end of `rank`, clearing the table.
    fn drain<K>(&mut self, rank: &mut Rank<K>) {
        for &low in &self.touched[..self.used] {
            rank.lows.push(low);
            rank.counts
                .push(std::mem::take(&mut self.counts[usize::from(low)]));
        }
        self.used = 0;
    }
}

/// The low 16 bits of a word.
fn low_u16<K: Word>(word: K) -> u16 {
    u16::from(word.low_byte()) | u16::from(word.shr(8).low_byte()) << 8
}

/// Every position reachable from `start`, the start first, each once, in
/// depth-first order.
pub fn reachable<P, F, I>(start: P, moves: F) -> Vec<P>
where
    P: Hash + Eq + Clone,
    F: Fn(&P) -> I,
    I: IntoIterator<Item = P>,
{
    let mut seen = FxHashSet::default();
    let mut order = Vec::new();
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        if seen.insert(p.clone()) {
            stack.extend(moves(&p));
            order.push(p);
        }
    }
    order
}

/// The plain walk, a second route for tests: positions from [`reachable`]'s
/// hash set, routes by memoised recursion over the tree of move sequences
/// (a position's subtree: itself and its children's subtrees).
#[cfg(test)]
pub(crate) fn brute_walk<P, F, I>(start: P, moves: F) -> Walk
where
    P: Hash + Eq + Clone,
    F: Fn(&P) -> I,
    I: IntoIterator<Item = P>,
{
    use std::collections::HashMap;
    fn subtree<P: Hash + Eq + Clone, I: IntoIterator<Item = P>>(
        p: &P,
        moves: &impl Fn(&P) -> I,
        memo: &mut HashMap<P, Option<u64>>,
    ) -> Option<u64> {
        if let Some(&n) = memo.get(p) {
            return n;
        }
        let children: Vec<P> = moves(p).into_iter().collect();
        let n = children.iter().try_fold(1u64, |sum, c| {
            subtree(c, moves, memo).and_then(|n| sum.checked_add(n))
        });
        memo.insert(p.clone(), n);
        n
    }
    let positions = reachable(start.clone(), &moves).len() as u64;
    let routes = subtree(&start, &moves, &mut HashMap::new());
    Walk { positions, routes }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cgt::random::SplitMix64;

    /// The subsets of `start` reachable by removing a member of `moves`.
    fn removals(start: u128, moves: &[u128]) -> Walk {
        brute_walk(start, |&p: &u128| {
            moves
                .iter()
                .filter(move |&&m| m & p == m)
                .map(move |&m| p & !m)
                .collect::<Vec<_>>()
        })
    }

    #[test]
    fn counts_subsets_of_a_three_token_heap_and_their_orderings() {
        // Positions: subsets of {0,1,2} reachable by removing one token at a
        // time: all 8. Routes: sequences of distinct tokens, 1 + 3 + 6 + 6 = 16.
        let expected = Walk {
            positions: 8,
            routes: Some(16),
        };
        assert_eq!(walk_removals(0b111, &[1, 2, 4]), expected);
        assert_eq!(removals(0b111, &[1, 2, 4]), expected);
    }

    #[test]
    fn ranked_walk_counts_routes_when_moves_skip_ranks() {
        // Take one or two tokens from four: routes r(n) = 1 + r(n-1) + r(n-2),
        // so r(0..=4) = 1, 2, 4, 7, 12. Position i holds 4 - i tokens.
        let w = walk_ranked(5, 0, |i, to| {
            (i + 1..=i + 2).filter(|&j| j < 5).for_each(|j| to.push(j))
        });
        let expected = Walk {
            positions: 5,
            routes: Some(12),
        };
        assert_eq!(w, expected);
        let brute = brute_walk(4u8, |&n: &u8| (1..=n.min(2)).map(move |k| n - k));
        assert_eq!(brute, expected);
    }

    #[test]
    fn reachable_lists_each_position_once() {
        let all = reachable(0b111u8, |&p: &u8| {
            (0..3)
                .filter(move |i| p & (1 << i) != 0)
                .map(move |i| p & !(1 << i))
        });
        assert_eq!(all.len(), 8);
        assert_eq!(all[0], 0b111);
    }

    #[test]
    fn reports_route_overflow_as_none() {
        // A chain of 70 levels with two parallel moves each: 2^70 routes.
        let chain = |n: usize| {
            walk_ranked(n + 1, 0, |i, to| {
                if i < n {
                    to.push(i + 1);
                    to.push(i + 1);
                }
            })
        };
        assert_eq!(
            chain(70),
            Walk {
                positions: 71,
                routes: None
            }
        );
        assert_eq!(chain(62).routes, Some(u64::MAX >> 1));
    }

    #[test]
    fn removal_walks_report_route_overflow_as_none() {
        // Removing one of n tokens at a time: 2^n positions and the sum over
        // k of n!/k! routes (the sequences of distinct tokens), which fits in
        // 64 bits for n = 20 and not for n = 21.
        let tokens = |n: u32| -> Vec<u128> { (0..n).map(|i| 1 << i).collect() };
        let routes = |n: u128| (0..=n).map(|k| (k + 1..=n).product::<u128>()).sum::<u128>();
        let w = walk_removals((1 << 20) - 1, &tokens(20));
        assert_eq!(w.positions, 1 << 20);
        assert_eq!(w.routes.map(u128::from), Some(routes(20)));
        assert!(routes(21) > u128::from(u64::MAX));
        assert_eq!(walk_removals((1 << 21) - 1, &tokens(21)).routes, None);
    }

    #[test]
    fn removal_walks_agree_with_the_plain_walk() {
        // Random moves of two and of three elements over sets of up to 24
        // elements, some spread over the whole 128 bits so that both word
        // sizes and several buckets of high bits are used.
        let mut rng = SplitMix64::new(17);
        for trial in 0..60 {
            let size = 2 + trial % 2;
            let elements: Vec<u32> = if trial % 3 == 0 {
                (0..20).map(|_| rng.below(128) as u32).collect()
            } else {
                (0..10 + trial % 15).collect()
            };
            let start = elements.iter().fold(0u128, |s, &e| s | 1 << e);
            let moves: Vec<u128> = (0..12 + trial % 20)
                .map(|_| {
                    let mut m = 0u128;
                    while m.count_ones() < size {
                        m |= 1 << elements[rng.below(elements.len())];
                    }
                    m
                })
                .collect::<FxHashSet<_>>()
                .into_iter()
                .collect();
            assert_eq!(
                walk_removals(start, &moves),
                removals(start, &moves),
                "trial {trial}"
            );
        }
    }
}
