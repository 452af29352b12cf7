//! Atomic weights of all-small games (Berlekamp, Conway and Guy, *Winning
//! Ways*, ch. 8; Albert, Nowakowski and Wolfe, *Lessons in Play*, ch. 9;
//! Siegel, *Combinatorial Game Theory*, II.7).
//!
//! A game is *all-small* when in each of its positions either both players
//! can move or neither can; for a canonical form, when no position is a
//! number but 0. The atomic weight is defined here for exactly those games,
//! by the atomic weight calculus: with
//! `K = { aw(G^L) - 2 | aw(G^R) + 2 }`, `aw(G) = K` unless `K` is an integer
//! and `G` is *eccentric*, that is comparable with a remote star `*N` (`N`
//! above every nimber among `G`'s positions): if `G > *N`, `aw(G)` is the
//! largest integer `n` with `n <| aw(G^R) + 2` for every `G^R`; if
//! `G < *N`, the least integer `n` with `aw(G^L) - 2 <| n` for every `G^L`.
//! It is additive (`aw(G + H) = aw(G) + aw(H)`), and Norton's two-ahead rule
//! holds: `aw(G) >= 2` gives `G > 0`. Any other game has no atomic weight
//! here, and says which nonzero number it has among its positions.

use super::{GameId, GameTable, Undefined};
use crate::cgt::canonical::memos::Smallness;
use crate::cgt::dyadic::Dyadic;

/// The atomic weight of `g`, if `g` is all-small
/// ([`super::Analyse::atomic_weight`]).
pub(super) fn weight(games: &GameTable, g: GameId) -> Result<GameId, Undefined> {
    match games.smallness(g) {
        Smallness::AllSmall { remote, .. } => Ok(games.atomic(g, remote)),
        Smallness::Number(x) => Err(Undefined::NotAllSmall(x)),
    }
}

/// Whether `g` is all-small ([`super::Analyse::is_all_small`]).
pub(super) fn is_all_small(games: &GameTable, g: GameId) -> bool {
    matches!(games.smallness(g), Smallness::AllSmall { .. })
}

impl GameTable {
    pub(super) fn smallness(&self, g: GameId) -> Smallness {
        if let Some(s) = self.analysis.smallness.get(&g) {
            return s;
        }
        let s = match self.number_value(g) {
            Some(x) if x == Dyadic::ZERO => Smallness::AllSmall {
                nim: Some(0),
                remote: 1,
            },
            Some(x) => Smallness::Number(x),
            None => self.smallness_of_options(g),
        };
        self.analysis.smallness.insert(g, s)
    }

    /// The smallness of `g`, not a number, from its options'.
    fn smallness_of_options(&self, g: GameId) -> Smallness {
        let mut nims = Vec::new();
        let mut remote = 0;
        for &o in self.left(g).iter().chain(self.right(g)) {
            match self.smallness(o) {
                Smallness::Number(x) => return Smallness::Number(x),
                Smallness::AllSmall { nim, remote: r } => {
                    nims.push(nim);
                    remote = remote.max(r);
                }
            }
        }
        // `*k = { *0, ..., *(k-1) | *0, ..., *(k-1) }`.
        let left_nims = &mut nims[..self.left(g).len()];
        left_nims.sort_unstable();
        let k = u32::try_from(left_nims.len()).expect("a game has fewer than 2^32 options");
        let nim = (self.left(g) == self.right(g) && left_nims.iter().copied().eq((0..k).map(Some)))
            .then_some(k);
        Smallness::AllSmall {
            nim,
            remote: remote.max(nim.map_or(0, |k| k + 1)),
        }
    }

    /// The atomic weight of the all-small `g`, whose remote star is `*remote`.
    fn atomic(&self, g: GameId, remote: u32) -> GameId {
        if let Some(a) = self.analysis.atomic.get(&g) {
            return a;
        }
        let weight = |o: GameId| match self.smallness(o) {
            Smallness::AllSmall { remote, .. } => self.atomic(o, remote),
            Smallness::Number(_) => unreachable!("the options of an all-small game are all-small"),
        };
        let (two, minus_two) = (self.integer(2), self.integer(-2));
        let left: Vec<GameId> = (self.left(g).iter())
            .map(|&o| self.add(weight(o), minus_two))
            .collect();
        let right: Vec<GameId> = (self.right(g).iter())
            .map(|&o| self.add(weight(o), two))
            .collect();
        let mut a = self.game(&left, &right);
        if self.number_value(a).is_some_and(Dyadic::is_integer) {
            let star = self.nimber(remote);
            let (above, below) = (self.leq(star, g), self.leq(g, star));
            if above && !below && !right.is_empty() {
                let n = right.iter().map(|&r| self.largest_integer_not_above(r));
                a = self.integer(n.min().unwrap_or_default());
            } else if below && !above && !left.is_empty() {
                let n = left.iter().map(|&l| self.least_integer_not_below(l));
                a = self.integer(n.max().unwrap_or_default());
            }
        }
        self.analysis.atomic.insert(g, a)
    }

    /// The largest integer `n` with `n <| x` (`x <= n` fails).
    fn largest_integer_not_above(&self, x: GameId) -> i64 {
        let n = self.left_stop(x).floor();
        if self.leq(x, self.integer(n)) {
            n - 1
        } else {
            n
        }
    }

    /// The least integer `n` with `x <| n` (`n <= x` fails).
    fn least_integer_not_below(&self, x: GameId) -> i64 {
        let n = self.right_stop(x).ceil();
        if self.leq(self.integer(n), x) {
            n + 1
        } else {
            n
        }
    }
}
