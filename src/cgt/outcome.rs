//! Win or loss by memoised search, for any game under normal play.
//!
//! A game implements [`WinLoss`]: its positions' children in the order they
//! are tried and, when it has them, a verdict on a position before it is
//! expanded (a pairing check that shows the player to move loses, a terminal
//! position that misère play scores differently) and a filter on children never
//! searched (moves struck as losing for the mover). An
//! [`Outcomes`] search memoises the verdicts, stops at the first winning move,
//! and counts what it did: positions expanded and children generated.

use rustc_hash::FxHashMap;
use std::hash::Hash;

/// A game whose positions are won or lost for the player to move.
pub trait WinLoss {
    /// A position, the key its verdict is memoised under.
    type Position: Clone + Eq + Hash;

    /// The positions one move away from `p`, in the order the search tries them.
    fn children(&self, p: &Self::Position) -> impl Iterator<Item = Self::Position>;

    /// Whether the player to move at `p` wins, when the game knows it without
    /// expanding `p` (the pre-expansion hook). The verdict is memoised and `p`
    /// counted as an expansion.
    fn verdict(&self, _p: &Self::Position) -> Option<bool> {
        None
    }

    /// Whether a child is left unsearched (its move never taken as winning).
    /// Skipped children are still counted as generated.
    fn skips(&self, _child: &Self::Position) -> bool {
        false
    }
}

/// The memoised outcome search of one game, shared over every position asked about.
pub struct Outcomes<G: WinLoss> {
    game: G,
    memo: FxHashMap<G::Position, bool>,
    generated: u64,
}

impl<G: WinLoss> Outcomes<G> {
    /// A search of `game`, with nothing known yet.
    pub fn new(game: G) -> Self {
        Outcomes {
            game,
            memo: FxHashMap::default(),
            generated: 0,
        }
    }

    /// Whether the player to move at `p` wins: some child that is not skipped
    /// is lost for its mover. Children are tried in order and the first such
    /// one ends the search of `p`.
    pub fn wins(&mut self, p: &G::Position) -> bool {
        search(&self.game, p, &mut self.memo, &mut self.generated)
    }

    /// The positions expanded (verdicts memoised) so far.
    pub fn expansions(&self) -> u64 {
        self.memo.len() as u64
    }

    /// The children generated so far, skipped ones included.
    pub fn generated(&self) -> u64 {
        self.generated
    }
}

fn search<G: WinLoss>(
    game: &G,
    p: &G::Position,
    memo: &mut FxHashMap<G::Position, bool>,
    generated: &mut u64,
) -> bool {
    if let Some(&win) = memo.get(p) {
        return win;
    }
    let win = game.verdict(p).unwrap_or_else(|| {
        for child in game.children(p) {
            *generated += 1;
            if !game.skips(&child) && !search(game, &child, memo, generated) {
                return true;
            }
        }
        false
    });
    memo.insert(p.clone(), win);
    win
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction game: take 1 or 2 tokens from a heap; the heaps that are
    /// multiples of 3 are lost (the second player restores the multiple).
    struct TakeOneOrTwo;

    impl WinLoss for TakeOneOrTwo {
        type Position = u32;
        fn children(&self, &n: &u32) -> impl Iterator<Item = u32> {
            (1..=2).filter_map(move |k| n.checked_sub(k))
        }
    }

    #[test]
    fn multiples_of_three_are_lost_in_take_one_or_two() {
        let mut o = Outcomes::new(TakeOneOrTwo);
        for n in 0..30 {
            assert_eq!(o.wins(&n), n % 3 != 0, "{n}");
        }
        assert_eq!(o.expansions(), 30);
    }

    #[test]
    fn counts_expansions_and_children_by_hand() {
        // 3 tries 2, which tries 1 (whose child 0 is lost, so 1 wins), then
        // 0 (lost): 2 wins. 3 then tries 1, won: 3 is lost. Expanded 3, 2, 1
        // and 0; generated 3 -> 2, 1; 2 -> 1, 0; 1 -> 0.
        let mut o = Outcomes::new(TakeOneOrTwo);
        assert!(!o.wins(&3));
        assert_eq!((o.expansions(), o.generated()), (4, 5));
    }

    /// Take 1 or 2, but a heap of 4 is declared lost before expansion, and
    /// children of 1 token are skipped.
    struct Hooked;

    impl WinLoss for Hooked {
        type Position = u32;
        fn children(&self, n: &u32) -> impl Iterator<Item = u32> {
            TakeOneOrTwo.children(n)
        }
        fn verdict(&self, &n: &u32) -> Option<bool> {
            (n == 4).then_some(false)
        }
        fn skips(&self, &child: &u32) -> bool {
            child == 1
        }
    }

    #[test]
    fn hooks_score_losses_and_skip_children() {
        let mut o = Outcomes::new(Hooked);
        // 4 is scored lost, so 5 wins by taking one, without 3 being searched.
        assert!(o.wins(&5));
        assert_eq!((o.expansions(), o.generated()), (2, 1));
        // 2: child 1 skipped, child 0 lost: 2 wins. 3: child 2 won, child 1
        // skipped: 3 is lost.
        assert!(!o.wins(&3));
        assert_eq!(o.generated(), 1 + 2 + 2);
    }
}
