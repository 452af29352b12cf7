//! Walking the position graph of a game from a start position.
//!
//! A *position* is anything reachable from the start by a sequence of moves; the
//! *routes* are the nodes of the unmemoised tree of move sequences (the root
//! included), counted over positions rather than by enumerating sequences.

use rustc_hash::FxHashSet;
use std::collections::BTreeMap;
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

/// Walks every position reachable from `start` when `moves` lists a position's
/// successors and every move strictly increases `rank` (the cells filled, the
/// squares eaten: any measure of progress).
///
/// Positions are taken in order of rank, each carrying the number of move
/// sequences that reach it; a position's count is complete when its turn
/// comes, because every move into it came from a lower rank. The routes are
/// the sum of those counts. Each rank's arrivals are gathered in a vector and
/// merged by sorting, which touches memory in order: on large walks that is
/// several times faster than a hash table.
pub fn walk<P, R, F, I>(start: P, rank: R, moves: F) -> Walk
where
    P: Ord,
    R: Fn(&P) -> usize,
    F: Fn(&P) -> I,
    I: IntoIterator<Item = P>,
{
    let mut arrivals: BTreeMap<usize, Vec<(P, Option<u64>)>> = BTreeMap::new();
    arrivals
        .entry(rank(&start))
        .or_default()
        .push((start, Some(1)));
    let (mut positions, mut routes) = (0u64, Some(0u64));
    while let Some((here, mut layer)) = arrivals.pop_first() {
        layer.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        layer.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 = add(kept.1, later.1);
            }
            same
        });
        for (p, count) in layer {
            positions += 1;
            routes = add(routes, count);
            for q in moves(&p) {
                let r = rank(&q);
                assert!(r > here, "a move must increase the rank");
                arrivals.entry(r).or_default().push((q, count));
            }
        }
    }
    Walk { positions, routes }
}

fn add(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    a.zip(b).and_then(|(a, b)| a.checked_add(b))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_subsets_of_a_three_token_heap_and_their_orderings() {
        // Positions: subsets of {0,1,2} reachable by removing one token at a
        // time: all 8. Routes: sequences of distinct tokens, 1 + 3 + 6 + 6 = 16.
        let w = walk(
            0b111u8,
            |p| 3 - p.count_ones() as usize,
            |&p: &u8| {
                (0..3)
                    .filter(move |i| p & (1 << i) != 0)
                    .map(move |i| p & !(1 << i))
            },
        );
        assert_eq!(
            w,
            Walk {
                positions: 8,
                routes: Some(16)
            }
        );
    }

    #[test]
    fn counts_routes_when_moves_skip_ranks() {
        // Take one or two tokens from four: routes r(n) = 1 + r(n-1) + r(n-2),
        // so r(0..=4) = 1, 2, 4, 7, 12.
        let w = walk(
            4u8,
            |&n| usize::from(4 - n),
            |&n: &u8| (1..=n.min(2)).map(move |k| n - k),
        );
        assert_eq!(
            w,
            Walk {
                positions: 5,
                routes: Some(12)
            }
        );
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
        let chain = |n: u32| {
            walk(
                0u32,
                |&p| p as usize,
                move |&p: &u32| if p < n { vec![p + 1, p + 1] } else { vec![] },
            )
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
}
