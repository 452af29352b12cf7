//! What the searches cost, the sylver-proofs generator's instrument: the
//! closures a plain or a pruned finishing search spends on a position, and
//! the proof by iterative deepening over surviving moves with its own cost.

use crate::cgt::outcome::{Outcomes, WinLoss};
use crate::games::sylver::{Game, Position};

/// A memo keyed by position.
type Memo<V> = rustc_hash::FxHashMap<Position, V>;

/// Which finishing search to price.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Every move searched.
    Plain,
    /// Struck moves closed (and paid for) but never searched.
    Pruned,
}

/// Sylver Coinage for a finishing search: [`Game`]'s children, of which a
/// [`Search::Pruned`] search closes the moves the pairing test strikes but
/// never searches them.
struct Finishing {
    search: Search,
}

impl WinLoss for Finishing {
    type Position = Position;

    fn children(&self, p: &Position) -> impl Iterator<Item = Position> {
        Game.children(p)
    }

    fn skips(&self, child: &Position) -> bool {
        self.search == Search::Pruned && child.pairs_off()
    }
}

/// The closures a finishing search spends on `p` with a fresh memo: moves in
/// ascending order, stopping at the first winning move. Returns whether `p`
/// is won and the closures spent.
pub fn search_cost(p: Position, search: Search) -> (bool, u64) {
    let mut outcomes = Outcomes::new(Finishing { search });
    let won = outcomes.wins(&p);
    (won, outcomes.generated())
}

/// A proof that a position is won: the least depth at which some survivor
/// wins, the first such survivor, and the closures the deepening spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    pub depth: u32,
    pub named: u32,
    pub closures: u64,
}

/// The proof of `p` by iterative deepening over depths 1, 3, 5, ...: a
/// survivor wins within 1 when no reply to it survives, within 2k + 1 when every
/// surviving reply leaves a position in which some survivor wins within 2k - 1.
/// Each depth starts a fresh table keyed by position and depth; moves are
/// closed one at a time, and a move is dropped at its first surviving reply
/// that is not proved. `None` when `p` is lost (no depth up to its genus + 1
/// proves it: a won position is proved by then).
pub fn prove(p: Position) -> Option<Proof> {
    let mut closures = 0;
    let mut depth = 1;
    while depth <= p.genus() + 1 {
        let mut tables: Vec<Memo<Option<u32>>> = Vec::new();
        tables.resize_with(depth as usize / 2 + 1, Memo::default);
        if let Some(named) = proved(p, depth, &mut tables, &mut closures) {
            return Some(Proof {
                depth,
                named,
                closures,
            });
        }
        depth += 2;
    }
    None
}

/// The first survivor of `p` that wins within `depth` (odd), if any.
fn proved(
    p: Position,
    depth: u32,
    tables: &mut [Memo<Option<u32>>],
    cost: &mut u64,
) -> Option<u32> {
    let level = depth as usize / 2;
    if let Some(&known) = tables[level].get(&p) {
        return known;
    }
    let mut found = None;
    'moves: for m in p.moves() {
        *cost += 1;
        let child = p.name(m);
        if child.pairs_off() {
            continue;
        }
        for r in child.moves() {
            *cost += 1;
            let grandchild = child.name(r);
            if grandchild.pairs_off() {
                continue;
            }
            if depth == 1 || proved(grandchild, depth - 2, tables, cost).is_none() {
                continue 'moves;
            }
        }
        found = Some(m);
        break;
    }
    tables[level].insert(p, found);
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sylver::{Solver, census};

    fn pos(gaps: &[u32]) -> Position {
        Position::from_gaps(gaps).unwrap()
    }

    #[test]
    fn searches_and_proofs_agree_with_the_solver() {
        let mut solver = Solver::default();
        for p in census(8) {
            let (plain_wins, plain) = search_cost(p, Search::Plain);
            let (pruned_wins, pruned) = search_cost(p, Search::Pruned);
            assert!(plain_wins && pruned_wins && solver.wins(p));
            assert!(plain >= 1 && pruned >= 1);
            let proof = prove(p).expect("won positions are proved");
            assert!(solver.winning_moves(p).contains(&proof.named));
        }
    }

    #[test]
    fn lost_positions_have_no_proof() {
        let mut solver = Solver::default();
        // Every semigroup of genus 1 to 9, from the semigroup tree under END.
        let mut all = vec![Position::END];
        let mut i = 0;
        while let Some(&p) = all.get(i) {
            if p.genus() < 9 {
                all.extend(p.tree_children());
            }
            i += 1;
        }
        let lost: Vec<Position> = all.into_iter().filter(|&p| !solver.wins(p)).collect();
        assert!(lost.len() > 1);
        for p in lost {
            assert_eq!(prove(p), None, "{p:?}");
        }
    }

    /// The proof depth by a min-max recursion instead of deepening: a
    /// survivor is worth 1 without surviving replies, else 2 more than its
    /// worst surviving reply; a position is worth its best survivor, the first
    /// such named. `None` (infinite) without a finite survivor.
    fn depth_by_min_max(p: Position) -> Option<(u32, u32)> {
        let mut best: Option<(u32, u32)> = None;
        for m in p.survivors() {
            let child = p.name(m);
            let worst = child
                .survivors()
                .map(|r| depth_by_min_max(child.name(r)).map(|(d, _)| d))
                .try_fold(0, |acc, d| d.map(|d| acc.max(d + 2)));
            if let Some(value) = worst.map(|w| w.max(1))
                && best.is_none_or(|(b, _)| value < b)
            {
                best = Some((value, m));
            }
        }
        best
    }

    #[test]
    fn deepening_finds_the_min_max_depth_and_move() {
        for p in census(11) {
            let proof = prove(p).unwrap();
            assert_eq!(
                Some((proof.depth, proof.named)),
                depth_by_min_max(p),
                "{p:?}"
            );
        }
    }

    #[test]
    fn costs_of_four_five_seven_worked_by_hand() {
        // <4, 5, 7>, gaps {1, 2, 3, 6}: 2 and 3 are struck (they reach <2, 5>
        // and <3, 4, 5>), 6 reaches <4, 5, 6, 7> whose replies 2 and 3 are struck.
        // Plain: 2, then 3 from <2, 5>; 3, then 2 from <3, 4, 5>; 6, then 2 and 3
        // from the memo: 7 closures. Pruned: 2, 3, 6, 2, 3: 5. Proof at depth 1:
        // the same 5 closures, naming 6.
        let p = pos(&[1, 2, 3, 6]);
        assert!(p.is_irreducible());
        assert_eq!(search_cost(p, Search::Plain), (true, 7));
        assert_eq!(search_cost(p, Search::Pruned), (true, 5));
        assert_eq!(
            prove(p),
            Some(Proof {
                depth: 1,
                named: 6,
                closures: 5
            })
        );
    }

    #[test]
    fn the_published_positions_are_proved_at_the_published_depths() {
        let p = pos(&[1, 2, 3, 4, 6, 7, 8, 9, 12, 13, 14, 17, 18, 23, 28]);
        assert_eq!(prove(p).map(|q| (q.depth, q.named)), Some((1, 4)));
        let p = pos(&[1, 2, 3, 4, 5, 6, 7, 14]);
        assert_eq!(prove(p).map(|q| (q.depth, q.named)), Some((5, 14)));
    }
}
