//! The game table's nodes: each canonical game's options, stops and negative,
//! stored once at its id, appended by any thread while others read.
//!
//! A node fills one cache line: its stops, its negative's id and up to
//! [`INLINE`] options (97% of the games of the 5 x 6 Domineering board have no
//! more; longer lists are kept apart). Reading a game's stops and options, as
//! every comparison does, so costs one cache miss. Nodes sit in chunks that
//! never move; a node is written once, before its id is handed to anyone.

use super::{Dyadic, GameId};
use crate::cgt::shared::{Column, Padded};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// Options held in the node itself.
const INLINE: usize = 6;

/// A game's stops and whether it is a number (then both stops are that
/// number): what decides many comparisons without search. Held in 24 bytes
/// (a [`Dyadic`] takes 16): numerators and denominators' exponents apart.
#[derive(Clone, Copy)]
pub(super) struct Stops {
    left_num: i64,
    right_num: i64,
    left_exp: u16,
    right_exp: u16,
    number: bool,
}

impl Stops {
    /// The stops `left` and `right`, of a number when `number`.
    pub(super) fn new(number: bool, left: Dyadic, right: Dyadic) -> Stops {
        let exp =
            |x: Dyadic| u16::try_from(x.exponent()).expect("a stop's denominator is below 2^65536");
        Stops {
            left_num: left.numerator(),
            right_num: right.numerator(),
            left_exp: exp(left),
            right_exp: exp(right),
            number,
        }
    }

    pub(super) fn left(&self) -> Dyadic {
        Dyadic::new(self.left_num, u32::from(self.left_exp))
    }

    pub(super) fn right(&self) -> Dyadic {
        Dyadic::new(self.right_num, u32::from(self.right_exp))
    }

    pub(super) fn number(&self) -> Option<Dyadic> {
        self.number.then(|| self.left())
    }

    /// `G <= H` for distinct games with these stops, when the stops decide it.
    pub(super) fn leq(&self, h: &Stops) -> Option<bool> {
        let g = self;
        // A number strictly between L(G) and R(H) lies above G and below H.
        if g.left() < h.right() {
            return Some(true);
        }
        match (g.number(), h.number()) {
            (Some(x), Some(y)) => return Some(x <= y),
            (None, Some(y)) => {
                // L(G) < y gives G < y; G <= y needs L(G) <= y.
                if g.left() < y {
                    return Some(true);
                }
                if g.left() > y {
                    return Some(false);
                }
            }
            (Some(x), None) => {
                if h.right() > x {
                    return Some(true);
                }
                if h.right() < x {
                    return Some(false);
                }
            }
            (None, None) => {
                // Stops are monotone: G <= H needs L(G) <= L(H) and R(G) <= R(H).
                if g.left() > h.left() || g.right() > h.right() {
                    return Some(false);
                }
            }
        }
        None
    }
}

/// One canonical game.
pub(super) struct Node {
    pub(super) stops: Stops,
    /// The negative's id, or [`Node::UNKNOWN`].
    neg: AtomicU32,
    lefts: u16,
    len: u16,
    /// The options, Left's first, when there are at most [`INLINE`];
    /// otherwise the first holds where they are among the long lists.
    inline: [GameId; INLINE],
}

impl Node {
    const UNKNOWN: u32 = u32::MAX;
}

/// A node on a cache line of its own.
#[repr(align(64))]
#[derive(Default)]
struct Slot(OnceLock<Node>);

/// Every node of a table, at its id.
#[derive(Default)]
pub(super) struct Nodes {
    /// The nodes by id, in chunks of 64 KiB (a table is made in a chunk's
    /// room, and grows by as little).
    slots: Column<Slot>,
    /// Ids handed out so far.
    next: Padded<AtomicU32>,
    /// The option lists too long to hold in a node.
    long: boxcar::Vec<Box<[GameId]>>,
}

impl Nodes {
    /// The node of `id`, an id this table handed out.
    #[inline]
    pub(super) fn node(&self, id: GameId) -> &Node {
        (self.slots.get(id.index()))
            .and_then(|slot| slot.0.get())
            .expect("a node is stored before its id is handed out")
    }

    /// A game's Left and Right options.
    #[inline]
    pub(super) fn lists(&self, id: GameId) -> (&[GameId], &[GameId]) {
        let node = self.node(id);
        let all = if usize::from(node.len) <= INLINE {
            &node.inline[..usize::from(node.len)]
        } else {
            &self.long[node.inline[0].index()]
        };
        all.split_at(usize::from(node.lefts))
    }

    /// Stores a game of options `left` then `right` and returns its id. The
    /// caller makes sure that the game is not stored already.
    pub(super) fn push(&self, left: &[GameId], right: &[GameId], stops: Stops) -> GameId {
        let count = |n: usize| u16::try_from(n).expect("fewer than 2^16 options");
        let (lefts, len) = (count(left.len()), count(left.len() + right.len()));
        let mut inline = [GameId(0); INLINE];
        if usize::from(len) <= INLINE {
            inline[..left.len()].copy_from_slice(left);
            inline[left.len()..usize::from(len)].copy_from_slice(right);
        } else {
            let list: Box<[GameId]> = left.iter().chain(right).copied().collect();
            let at = self.long.push(list);
            inline[0] = GameId(u32::try_from(at).expect("fewer than 2^32 long lists"));
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        assert!(id < u32::MAX, "fewer than 2^32 - 1 games");
        let id = GameId(id);
        let node = Node {
            stops,
            neg: AtomicU32::new(Node::UNKNOWN),
            lefts,
            len,
            inline,
        };
        if self.slots.at(id.index()).0.set(node).is_err() {
            unreachable!("an id is handed out once");
        }
        id
    }

    /// The ids of the nodes stored, in order, up to the first that is
    /// being stored (its id taken, its node not yet written).
    pub(super) fn stored(&self) -> impl Iterator<Item = GameId> + '_ {
        (0..self.next.load(Ordering::Acquire))
            .map(GameId)
            .take_while(|&id| {
                (self.slots.get(id.index())).is_some_and(|slot| slot.0.get().is_some())
            })
    }

    /// The negative of `id`, if known.
    pub(super) fn neg(&self, id: GameId) -> Option<GameId> {
        let n = self.node(id).neg.load(Ordering::Acquire);
        (n != Node::UNKNOWN).then_some(GameId(n))
    }

    /// Records that `g` and `n` are each other's negatives.
    pub(super) fn set_neg(&self, g: GameId, n: GameId) {
        self.node(g).neg.store(n.0, Ordering::Release);
        self.node(n).neg.store(g.0, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_fills_one_cache_line() {
        assert_eq!(std::mem::size_of::<Slot>(), 64);
    }

    #[test]
    fn short_and_long_lists_and_chunks_read_back() {
        let nodes = Nodes::default();
        let stops = Stops::new(false, Dyadic::new(3, 1), Dyadic::new(-5, 2));
        let ids: Vec<GameId> = (0..u32::try_from(Column::<Slot>::CHUNK).unwrap() + 10)
            .map(|i| {
                let left: Vec<GameId> = (0..i % 9).map(GameId).collect();
                nodes.push(&left, &[GameId(i)], stops)
            })
            .collect();
        for (i, &id) in ids.iter().enumerate() {
            let i = u32::try_from(i).unwrap();
            let left: Vec<GameId> = (0..i % 9).map(GameId).collect();
            assert_eq!(nodes.lists(id), (&left[..], &[GameId(i)][..]));
        }
        let s = nodes.node(ids[5]).stops;
        assert_eq!(
            (s.left(), s.right()),
            (Dyadic::new(3, 1), Dyadic::new(-5, 2))
        );
        assert_eq!(nodes.neg(ids[1]), None);
        nodes.set_neg(ids[1], ids[2]);
        assert_eq!(nodes.neg(ids[2]), Some(ids[1]));
    }
}
