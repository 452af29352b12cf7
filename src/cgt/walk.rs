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
//!   (two bytes numbering the set's low bits among those that can occur,
//!   eight of count), the high bits shared by each bucket of positions.
//!   Arrivals are merged in a small dense array indexed by that number, one
//!   output bucket at a time, so nothing is sorted and the table stays in
//!   cache.
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

/// Bits of a set below which positions are told apart within a bucket; the
/// bits above are shared by the bucket. The low parts that can occur are
/// numbered densely, at most 2^16 of them, so the merge table holds a count
/// for each part that can occur rather than for each value of the bits (2,916
/// parts, 23 KB, on the 9 x 5 board: it stays in a core's first-level cache).
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

/// The low parts a walk can meet: those reachable from the start's by
/// removing the moves' low parts (more than the positions' low parts, as the
/// high parts are not followed), numbered in increasing order.
struct Parts {
    values: Vec<u16>,
    /// Each listed value's number (its index in `values`).
    number: Vec<u16>,
}

impl Parts {
    fn new(low_bits: u32, start: u16, lows: &[u16]) -> Parts {
        let mut seen = vec![false; 1 << low_bits];
        seen[usize::from(start)] = true;
        let mut stack = vec![start];
        while let Some(part) = stack.pop() {
            for &low in lows.iter().filter(|&&low| part & low == low) {
                let child = part ^ low;
                if !std::mem::replace(&mut seen[usize::from(child)], true) {
                    stack.push(child);
                }
            }
        }
        let values: Vec<u16> = (0..=u16::MAX)
            .zip(&seen)
            .filter_map(|(value, &s)| s.then_some(value))
            .collect();
        let mut number = vec![0; seen.len()];
        for (i, &value) in (0..=u16::MAX).zip(&values) {
            number[usize::from(value)] = i;
        }
        Parts { values, number }
    }
}

/// The moves whose high bits (above [`LOW_BITS`]) are the same, as a map on
/// the numbered low parts.
struct Group<K> {
    high: K,
    /// `None` when the moves lie in the high bits (there is then one), which
    /// leave the low part as it is. Otherwise, for each low part's number
    /// `i`, the numbers of the parts the moves lead to:
    /// `kids[starts[i]..starts[i + 1]]`.
    children: Option<Children>,
}

struct Children {
    starts: Vec<u32>,
    kids: Vec<u16>,
}

impl<K: Word> Group<K> {
    fn new(high: K, lows: &[u16], parts: &Parts) -> Group<K> {
        if lows == [0] {
            return Group {
                high,
                children: None,
            };
        }
        let mut starts = vec![0];
        let mut kids = Vec::new();
        for &part in &parts.values {
            for &low in lows.iter().filter(|&&low| part & low == low) {
                kids.push(parts.number[usize::from(part ^ low)]);
            }
            starts.push(u32::try_from(kids.len()).expect("under 2^32 moves from low parts"));
        }
        Group {
            high,
            children: Some(Children { starts, kids }),
        }
    }
}

/// The positions of one rank, grouped in buckets of equal high bits in
/// increasing order; within a bucket, in increasing order of low parts.
struct Rank<K> {
    /// The numbers of the positions' low parts.
    parts: Vec<u16>,
    counts: Vec<u64>,
    /// Each bucket's high bits and the index of its first position.
    buckets: Vec<(K, usize)>,
}

impl<K: Word> Rank<K> {
    fn bucket(&self, b: usize) -> std::ops::Range<usize> {
        let end = self
            .buckets
            .get(b + 1)
            .map_or(self.parts.len(), |&(_, e)| e);
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
    /// The number of the start's low part, and its high part.
    start: (u16, K),
    parts: usize,
    groups: Vec<Group<K>>,
}

impl<K: Word> Layers<K> {
    fn new(start: u128, moves: &[u128]) -> Layers<K> {
        let n = start.count_ones();
        let low_bits = n.min(LOW_BITS);
        // Pack a subset of `start` onto the low bits, in order, and split it
        // into its high and low parts.
        let split = |set: u128| -> (K, u16) {
            let mut word = K::ZERO;
            let mut rest = start;
            for i in 0..n {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                if set & bit != 0 {
                    word |= K::ONE.shl(i);
                }
            }
            (word.shr(low_bits), low_u16(word & K::low_bits(low_bits)))
        };
        let mut split_moves: Vec<(K, u16)> = moves.iter().map(|&m| split(m)).collect();
        split_moves.sort_unstable();
        let (high, low) = split(start);
        let lows: Vec<u16> = split_moves.iter().map(|&(_, low)| low).collect();
        let parts = Parts::new(low_bits, low, &lows);
        let groups = split_moves
            .chunk_by(|a, b| a.0 == b.0)
            .map(|same| {
                let lows: Vec<u16> = same.iter().map(|&(_, low)| low).collect();
                Group::new(same[0].0, &lows, &parts)
            })
            .collect();
        Layers {
            start: (parts.number[usize::from(low)], high),
            parts: parts.values.len(),
            groups,
        }
    }

    fn walk(&self) -> Walk {
        let mut positions = 0;
        let mut rank = Rank {
            parts: vec![self.start.0],
            counts: vec![1],
            buckets: vec![(self.start.1, 0)],
        };
        // The next rank reuses the buffers of the rank before.
        let mut next = Rank {
            parts: Vec::new(),
            counts: Vec::new(),
            buckets: Vec::new(),
        };
        let mut merge = Merge::new(self.parts);
        while !rank.parts.is_empty() {
            positions += rank.parts.len() as u64;
            self.next(&rank, &mut next, &mut merge);
            std::mem::swap(&mut rank, &mut next);
        }
        // Each route but the empty one ends with an arrival.
        Walk {
            positions,
            routes: u64::try_from(merge.arrivals + 1).ok(),
        }
    }

    /// Replaces `next` with the positions one move from `rank`, with their
    /// counts. Output buckets are made in increasing order of high bits `h`:
    /// a group of moves with high bits `t` feeds bucket `h` from the bucket
    /// `h + t` of `rank`, and `h + t` increases with `h`, so each group keeps
    /// one cursor.
    fn next(&self, rank: &Rank<K>, next: &mut Rank<K>, merge: &mut Merge) {
        next.parts.clear();
        next.counts.clear();
        next.buckets.clear();
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
                let (parts, counts) = (&rank.parts[range.clone()], &rank.counts[range]);
                match &g.children {
                    None => merge.keep(parts, counts),
                    Some(children) => merge.arrive(children, parts, counts),
                }
                *b = rank.next_containing(*b + 1, g.high);
            }
            next.buckets.push((h, next.parts.len()));
            merge.drain(next);
        }
    }
}

/// The dense table that merges the arrivals of one output bucket. Its
/// arrays have a slot for each value of a part's number, so indexing needs
/// no check; only the first slots (as many as the parts) are ever touched,
/// so the pages of the rest are never mapped. Its loops are kept out of line:
/// inlined into the walk, their pointers and lengths were spilled to the
/// stack, which cost 8% on the 9 x 5 board.
struct Merge {
    /// A count for each low part, zero when none arrived. Counts wrap: one
    /// that does not fit in 64 bits makes `arrivals` too large for the
    /// routes to be reported, and the bytes of `arrived`, not the counts,
    /// say which parts arrived.
    counts: Box<[u64; 1 << 16]>,
    /// A byte for each low part, 1 when some position arrived at it: bytes
    /// rather than bits, as setting a bit would make each arrival wait for
    /// the previous one's store to the same word (and appending to a list of
    /// the parts, for its load).
    arrived: Box<[u8; 1 << 16]>,
    /// The number of parts, rounded up to a multiple of 64.
    used: usize,
    /// The sum of the counts of all arrivals so far, which cannot overflow
    /// (fewer than 2^64 arrivals of less than 2^64 each).
    arrivals: u128,
}

impl Merge {
    fn new(parts: usize) -> Merge {
        Merge {
            counts: vec![0; 1 << 16].try_into().expect("2^16 counts"),
            arrived: vec![0; 1 << 16].try_into().expect("2^16 bytes"),
            used: parts.next_multiple_of(64),
            arrivals: 0,
        }
    }

    /// The arrivals from positions with these low parts and counts, all in
    /// one bucket, by a move that keeps the low part.
    #[inline(never)]
    fn keep(&mut self, parts: &[u16], counts: &[u64]) {
        for (&i, &count) in parts.iter().zip(counts) {
            self.add(i, count);
            self.arrivals += u128::from(count);
        }
    }

    /// The arrivals from positions with these low parts and counts, all in
    /// one bucket, by moves that change the low part as `children` says.
    #[inline(never)]
    fn arrive(&mut self, children: &Children, parts: &[u16], counts: &[u64]) {
        for (&i, &count) in parts.iter().zip(counts) {
            let i = usize::from(i);
            let (start, end) = (children.starts[i], children.starts[i + 1]);
            for &kid in &children.kids[start as usize..end as usize] {
                self.add(kid, count);
            }
            self.arrivals += u128::from(count) * u128::from(end - start);
        }
    }

    /// Adds `count` to part `i`'s.
    fn add(&mut self, i: u16, count: u64) {
        let i = usize::from(i);
        self.counts[i] = self.counts[i].wrapping_add(count);
        self.arrived[i] = 1;
    }

    /// Moves the merged positions onto the end of `rank`, in increasing order
    /// of low parts, clearing the table. Skips runs of 64 parts none of
    /// which arrived.
    #[inline(never)]
    #[allow(
        clippy::cast_possible_truncation,
        reason = "a part is below `used`, at most the table's 2^16"
    )]
    fn drain<K>(&mut self, rank: &mut Rank<K>) {
        for (c, run) in self.arrived[..self.used].chunks_exact_mut(64).enumerate() {
            if run.iter().fold(0, |a, &b| a | b) == 0 {
                continue;
            }
            for (w, word) in run.chunks_exact_mut(8).enumerate() {
                // Bit 8k is byte k's (each byte is 0 or 1).
                let mut bits = u64::from_le_bytes((&*word).try_into().expect("eight bytes"));
                word.fill(0);
                while bits != 0 {
                    let i = c * 64 + w * 8 + bits.trailing_zeros() as usize / 8;
                    bits &= bits - 1;
                    rank.parts.push(i as u16);
                    rank.counts.push(std::mem::take(&mut self.counts[i]));
                }
            }
        }
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
    let routes = subtree(&start, &moves, &mut HashMap::new());
    let positions = reachable(start, &moves).len() as u64;
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
            (i + 1..=i + 2).filter(|&j| j < 5).for_each(|j| to.push(j));
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
                (0..20)
                    .map(|_| u32::try_from(rng.below(128)).unwrap())
                    .collect()
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
