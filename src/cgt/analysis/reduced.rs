//! Reduced canonical forms (Calistrate, *The reduced canonical form of a
//! game*, 1996; Grossman and Siegel, *Reductions of partizan games*, 2009;
//! Siegel, *Combinatorial Game Theory*, II.6): the simplest game that differs
//! from a given one by an infinitesimal.
//!
//! `G >=Inf H` when `G - H` is at least some infinitesimal, which holds
//! exactly when `R(G - H) >= 0`. The reduced form of a game infinitely close
//! to a number `x` (its stops both `x`) is `x`; of any other game it is the
//! game of its options' reduced forms with the options that another option of
//! the same side dominates up to infinitesimals removed and those reversible
//! up to infinitesimals bypassed (a Left option `G^L` with some
//! `G^LR <=Inf G` is replaced by the Left options of `G^LR`, and likewise for
//! Right), until neither applies.

use super::{Analyse, GameId, GameTable};
use crate::cgt::dyadic::Dyadic;

/// The reduced canonical form of `g` ([`Analyse::reduced`]).
pub(super) fn reduced(games: &GameTable, g: GameId) -> GameId {
    if let Some(r) = games.analysis.reduced.get(&g) {
        return r;
    }
    let (l, r) = (games.left_stop(g), games.right_stop(g));
    let reduced = if l == r {
        games.number(l)
    } else {
        let reduce = |side: &[GameId]| {
            let mut side: Vec<GameId> = side.iter().map(|&o| games.reduced(o)).collect();
            side.sort_unstable();
            side.dedup();
            side
        };
        let (mut left, mut right) = (reduce(games.left(g)), reduce(games.right(g)));
        loop {
            games.remove_inf_dominated(&mut left, true);
            games.remove_inf_dominated(&mut right, false);
            let changed = games.bypass_inf_reversible(g, &mut left, true)
                | games.bypass_inf_reversible(g, &mut right, false);
            if !changed {
                break;
            }
        }
        games.game(&left, &right)
    };
    games.analysis.reduced.insert(g, reduced)
}

impl GameTable {
    /// `g <=Inf h`: `h - g` is at least some infinitesimal.
    fn leq_inf(&self, g: GameId, h: GameId) -> bool {
        self.right_stop(self.sub(h, g)) >= Dyadic::ZERO
    }

    /// Drops each option that another of the same side dominates up to
    /// infinitesimals (Left's smaller ones, Right's larger ones), keeping the
    /// first of two equal up to infinitesimals.
    fn remove_inf_dominated(&self, side: &mut Vec<GameId>, left: bool) {
        let worse = |a: GameId, b: GameId| {
            if left {
                self.leq_inf(a, b)
            } else {
                self.leq_inf(b, a)
            }
        };
        let mut kept: Vec<GameId> = Vec::with_capacity(side.len());
        for &a in side.iter() {
            if kept.iter().any(|&m| worse(a, m)) {
                continue;
            }
            kept.retain(|&m| !worse(m, a));
            kept.push(a);
        }
        kept.sort_unstable();
        *side = kept;
    }

    /// Replaces each option of `side` (Left's when `left`) of `g` that is
    /// reversible up to infinitesimals by the reduced options it reverses
    /// through. Returns whether any was.
    fn bypass_inf_reversible(&self, g: GameId, side: &mut Vec<GameId>, left: bool) -> bool {
        let mut changed = false;
        let mut new = Vec::with_capacity(side.len());
        for &a in side.iter() {
            let replies = if left { self.right(a) } else { self.left(a) };
            let reverses = |&r: &GameId| {
                if left {
                    self.leq_inf(r, g)
                } else {
                    self.leq_inf(g, r)
                }
            };
            match replies.iter().find(|r| reverses(r)) {
                Some(&r) => {
                    let through = if left { self.left(r) } else { self.right(r) };
                    new.extend(through.iter().map(|&o| self.reduced(o)));
                    changed = true;
                }
                None => new.push(a),
            }
        }
        new.sort_unstable();
        new.dedup();
        *side = new;
        changed
    }
}
