//! The orders of a shortlist: each sorts a position's survivors by one number
//! of the move (ties to the smaller move) and is scored by where the first
//! winning survivor lands, over the census and against a random order.

use super::{Priced, Survivor, mean};
use crate::generators::data;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One order of the survivors, read from the move and the position it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Fewest surviving replies first.
    Replies,
    /// Smallest largest gap of the position reached first.
    LargestGap,
    LargestMove,
    SmallestMove,
    /// Most gaps closed first.
    MostClosed,
    FewestClosed,
}

impl Order {
    pub const ALL: [Order; 6] = [
        Order::Replies,
        Order::LargestGap,
        Order::LargestMove,
        Order::SmallestMove,
        Order::MostClosed,
        Order::FewestClosed,
    ];

    /// The order's name in the data.
    pub fn name(self) -> &'static str {
        match self {
            Order::Replies => "replies",
            Order::LargestGap => "largest_gap",
            Order::LargestMove => "largest_move",
            Order::SmallestMove => "smallest_move",
            Order::MostClosed => "most_closed",
            Order::FewestClosed => "fewest_closed",
        }
    }

    /// The key of a position's record giving the place of its first winner
    /// in this order.
    pub fn place_key(self) -> String {
        format!("place_by_{}", self.name())
    }

    /// The sort key: the smaller comes first.
    fn key(self, s: &Survivor) -> i64 {
        match self {
            Order::Replies => i64::try_from(s.replies).expect("a count of replies is below 2^63"),
            Order::LargestGap => i64::from(s.child_largest_gap),
            Order::LargestMove => -i64::from(s.mv),
            Order::SmallestMove => i64::from(s.mv),
            Order::MostClosed => -i64::from(s.closes),
            Order::FewestClosed => i64::from(s.closes),
        }
    }

    /// Place (from 1) of the first winner when `survivors` are sorted in this
    /// order, ties to the smaller move; `None` without a winning survivor.
    pub fn first_winner_place(self, survivors: &[Survivor]) -> Option<usize> {
        let mut sorted: Vec<&Survivor> = survivors.iter().collect();
        sorted.sort_by_key(|s| (self.key(s), s.mv));
        sorted.iter().position(|s| s.wins).map(|i| i + 1)
    }
}

/// Per order, the place of a position's first winning survivor (0 without
/// one), keyed `place_by_NAME`: what a record of a position lists.
pub type Places = BTreeMap<String, usize>;

pub fn places(survivors: &[Survivor]) -> Places {
    Order::ALL
        .iter()
        .map(|&o| {
            let place = o.first_winner_place(survivors).unwrap_or(0);
            (o.place_key(), place)
        })
        .collect()
}

data! {
    /// Every order scored over the census, and a random order's expected scores.
    pub struct Orders {
        /// Survivors ordered by fewest surviving replies (ties to the smaller move): .first
        /// (positions where a winner comes first), .first_share (of the census), .mean_place (mean
        /// place of the first winner, from 1).
        replies: Score,
        /// Survivors ordered by the smallest largest gap of the position reached (ties to the
        /// smaller move): .first, .first_share, .mean_place.
        largest_gap: Score,
        /// Survivors ordered largest move first: .first, .first_share, .mean_place.
        largest_move: Score,
        /// Survivors ordered smallest move first: .first, .first_share, .mean_place.
        smallest_move: Score,
        /// Survivors ordered by most gaps closed (ties to the smaller move): .first, .first_share,
        /// .mean_place.
        most_closed: Score,
        /// Survivors ordered by fewest gaps closed (ties to the smaller move): .first,
        /// .first_share, .mean_place.
        fewest_closed: Score,
        /// A random order: .first_share (mean of winners / survivors), .mean_place (mean of
        /// (survivors + 1) / (winners + 1)).
        chance: Chance,
    }
}

/// An order's scores over the census.
#[derive(Serialize, Deserialize)]
struct Score {
    first: usize,
    first_share: f64,
    mean_place: f64,
}

/// A random order's expected scores.
#[derive(Serialize, Deserialize)]
struct Chance {
    first_share: f64,
    mean_place: f64,
}

pub fn orders(census: &[Priced]) -> Orders {
    let score = |o: Order| {
        let key = o.place_key();
        let places: Vec<usize> = census
            .iter()
            .map(|c| c.record.places[&key])
            .filter(|&p| p > 0)
            .collect();
        let first = places.iter().filter(|&&p| p == 1).count();
        Score {
            first,
            first_share: first as f64 / census.len().max(1) as f64,
            mean_place: mean(places.iter().map(|&p| p as f64)),
        }
    };
    let winners_and_survivors = |c: &Priced| {
        let r = &c.record;
        (r.winning_survivors() as f64, r.survivors.len() as f64)
    };
    Orders {
        replies: score(Order::Replies),
        largest_gap: score(Order::LargestGap),
        largest_move: score(Order::LargestMove),
        smallest_move: score(Order::SmallestMove),
        most_closed: score(Order::MostClosed),
        fewest_closed: score(Order::FewestClosed),
        chance: Chance {
            first_share: mean(census.iter().map(|c| {
                let (w, n) = winners_and_survivors(c);
                w / n.max(1.0)
            })),
            mean_place: mean(census.iter().map(|c| {
                let (w, n) = winners_and_survivors(c);
                (n + 1.0) / (w + 1.0)
            })),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sylver::{self, Position, Solver};

    /// The place of the first winner by a second route, without sorting: one
    /// more than the number of survivors that come before every winner.
    fn place_by_counting(survivors: &[Survivor], order: Order) -> Option<usize> {
        let rank = |s: &Survivor| (order.key(s), s.mv);
        let best = survivors.iter().filter(|s| s.wins).map(rank).min()?;
        Some(1 + survivors.iter().filter(|s| rank(s) < best).count())
    }

    #[test]
    fn sorting_and_counting_place_the_first_winner_alike() {
        let mut solver = Solver::default();
        for position in sylver::census(9) {
            let record = super::super::Record::new(position, &mut solver);
            for order in Order::ALL {
                assert_eq!(
                    order.first_winner_place(&record.survivors),
                    place_by_counting(&record.survivors, order),
                    "{order:?} on {position:?}"
                );
            }
        }
    }

    #[test]
    fn the_two_essay_positions_are_placed_as_worked_by_hand() {
        let mut solver = Solver::default();
        let place = |gaps: &[u32], solver: &mut Solver| {
            let position = Position::from_gaps(gaps).unwrap();
            places(&super::super::Record::new(position, solver).survivors)
        };
        // Gaps 1-4, 6-9, 12-14, 17, 18, 23, 28: 2 and 3 are struck, so the
        // survivors are 4, 6, 7, 8, 9, 12, 13, 14, 17, 18, 23, 28 and the
        // winners 4 (no surviving reply) and 6. Smallest move first and fewest
        // replies first both put 4 first; largest move first reaches 6 at 11.
        let big = place(
            &[1, 2, 3, 4, 6, 7, 8, 9, 12, 13, 14, 17, 18, 23, 28],
            &mut solver,
        );
        assert_eq!(big["place_by_replies"], 1);
        assert_eq!(big["place_by_smallest_move"], 1);
        assert_eq!(big["place_by_largest_move"], 11);
        // Gaps 1-7 and 14: the one winner, 14, is the largest survivor, leaves
        // the most replies (5) and closes only itself, where every other move
        // m also closes 14 (14 - m is 7 or at least 8, an element): last by
        // replies and by smallest move, first by largest move and fewest closed.
        let small = place(&[1, 2, 3, 4, 5, 6, 7, 14], &mut solver);
        assert_eq!(small["place_by_replies"], 6);
        assert_eq!(small["place_by_smallest_move"], 6);
        assert_eq!(small["place_by_largest_move"], 1);
        assert_eq!(small["place_by_fewest_closed"], 1);
        assert_eq!(small["place_by_most_closed"], 6);
        assert_eq!(small.len(), Order::ALL.len());
    }
}
