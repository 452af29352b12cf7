//! What the theory says about a canonical game beyond its value, as the
//! [`Analyse`] methods of the [`GameTable`], each result exact and memoised
//! per [`GameId`] in the table (in the memos `canonical/memos.rs` declares
//! for it; thread-safe, every method `&self`, like the rest of the table):
//! the thermograph, temperature and mean ([`Analyse::thermograph`]), cooling
//! ([`Analyse::cool`]), the birthday, the reduced canonical form
//! ([`Analyse::reduced`], in `reduced`) and the atomic weight
//! ([`Analyse::atomic_weight`], in `atomic`); [`Analyse::analyse`] gathers
//! them with the outcome and the stops, which the table's nodes already
//! hold, into one [`Analysis`].
//!
//! Each is computed lazily from the options' memoised results, so analysing
//! every region of a board after its value revisits each canonical game once.
//! Where a quantity is not defined for a game, the answer is an
//! [`Undefined`] saying why.

mod atomic;
mod reduced;

use super::canonical::{GameId, GameTable, Outcome};
use super::dyadic::Dyadic;
use super::thermograph::Thermograph;
use std::sync::OnceLock;

/// Why an analysis is not defined for a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Undefined {
    /// Cooling is defined for temperatures `t >= -1` only.
    #[error("cooling is defined for temperatures of at least -1, not {0}")]
    CoolingBelowMinusOne(Dyadic),
    /// Atomic weight is defined for all-small games only; this game's
    /// canonical form has a position that is this nonzero number.
    #[error(
        "atomic weight is defined only for all-small games, and this game has the number {0} among its positions"
    )]
    NotAllSmall(Dyadic),
}

/// Everything the analysis says about one game, as data.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analysis<'t> {
    /// Who wins.
    pub outcome: Outcome,
    /// Left's stop: the number play ends at with Left moving first.
    pub left_stop: Dyadic,
    /// Right's stop.
    pub right_stop: Dyadic,
    /// The mean value.
    pub mean: Dyadic,
    /// The temperature (`-1 / 2^k` for a number with denominator `2^k`).
    pub temperature: Dyadic,
    /// The thermograph, whose mast stands at the mean from the temperature up.
    pub thermograph: &'t Thermograph,
    /// The atomic weight, a game of the table, where it is defined.
    pub atomic_weight: Result<GameId, Undefined>,
    /// The reduced canonical form, a game of the table.
    pub reduced: GameId,
    /// The birthday of the canonical form.
    pub birthday: u32,
}

/// What the analysis adds to the [`GameTable`]: each method exact and
/// memoised per game. The trait is imported where it is called
/// (`use crate::cgt::analysis::Analyse`), so that a figure whose generator
/// analyses games has this module in its closure (`build.rs` follows
/// imports, not method calls).
pub trait Analyse {
    /// Everything the analysis says about `g`.
    fn analyse(&self, g: GameId) -> Analysis<'_>;

    /// The thermograph of `g`: a mast from -1 for an integer; for any other
    /// game, built from its canonical options' thermographs (see
    /// [`crate::cgt::thermograph`]).
    fn thermograph(&self, g: GameId) -> &Thermograph;

    /// The temperature of `g`: the least `t >= -1` at which `g` cooled by `t`
    /// is infinitely close to a number; `-1 / 2^k` for a number with
    /// denominator `2^k` (so -1 for integers), as in `CGSuite`.
    fn temperature(&self, g: GameId) -> Dyadic;

    /// The mean value of `g`: the number that `g` cooled by its temperature
    /// is infinitely close to; `mean(G + H) = mean(G) + mean(H)`.
    fn mean(&self, g: GameId) -> Dyadic;

    /// `g` cooled by `t` (Siegel, *Combinatorial Game Theory*, II.5): an
    /// integer stays itself; any other game, in canonical form, becomes
    /// `{ G^L_t - t | G^R_t + t }` up to its temperature, and its mean above
    /// it. Defined for `t >= -1`.
    fn cool(&self, g: GameId, t: Dyadic) -> Result<GameId, Undefined>;

    /// The birthday of `g`: the day its canonical form is born, 0 for `0`
    /// and one more than its options' latest (`|n|` for an integer `n`).
    fn birthday(&self, g: GameId) -> u32;

    /// The reduced canonical form of `g`, a game of the table: `g - reduced`
    /// is infinitesimal, and games that differ by an infinitesimal have one
    /// reduced form (see `reduced`).
    fn reduced(&self, g: GameId) -> GameId;

    /// The atomic weight of `g`, a game of the table, if `g` is all-small
    /// (see `atomic`).
    fn atomic_weight(&self, g: GameId) -> Result<GameId, Undefined>;

    /// Whether `g` is all-small: in each of its positions both players can
    /// move or neither can.
    fn is_all_small(&self, g: GameId) -> bool;
}

impl Analyse for GameTable {
    fn analyse(&self, g: GameId) -> Analysis<'_> {
        let thermograph = self.thermograph(g);
        Analysis {
            outcome: self.outcome(g),
            left_stop: self.left_stop(g),
            right_stop: self.right_stop(g),
            mean: thermograph.mean(),
            temperature: thermograph.temperature(),
            thermograph,
            atomic_weight: self.atomic_weight(g),
            reduced: self.reduced(g),
            birthday: self.birthday(g),
        }
    }

    fn thermograph(&self, g: GameId) -> &Thermograph {
        let column = &self.analysis.thermographs;
        if let Some(t) = column.get(g.index()).and_then(OnceLock::get) {
            return t;
        }
        let thermograph = match self.number_value(g) {
            Some(x) if x.is_integer() => Thermograph::mast(x),
            _ => {
                let options = || self.left(g).iter().chain(self.right(g));
                // The options' thermographs first, so that building this
                // one only reads them.
                for &o in options() {
                    self.thermograph(o);
                }
                let stored = |o: &GameId| {
                    (column.get(o.index()))
                        .and_then(OnceLock::get)
                        .expect("an option's thermograph is stored")
                };
                Thermograph::of_options(
                    self.left(g).iter().map(stored),
                    self.right(g).iter().map(stored),
                )
            }
        };
        // The first thermograph stored stays (another thread's, maybe).
        column.at(g.index()).get_or_init(|| thermograph)
    }

    /// The temperature of `g`: the least `t >= -1` at which `g` cooled by `t`
    /// is infinitely close to a number; `-1 / 2^k` for a number with
    /// denominator `2^k` (so -1 for integers), as in `CGSuite`.
    fn temperature(&self, g: GameId) -> Dyadic {
        self.thermograph(g).temperature()
    }

    fn mean(&self, g: GameId) -> Dyadic {
        self.thermograph(g).mean()
    }

    fn cool(&self, g: GameId, t: Dyadic) -> Result<GameId, Undefined> {
        if t < Dyadic::integer(-1) {
            return Err(Undefined::CoolingBelowMinusOne(t));
        }
        Ok(self.cooled(g, t))
    }

    fn birthday(&self, g: GameId) -> u32 {
        if let Some(b) = self.analysis.birthdays.get(&g) {
            return b;
        }
        let b = (self.left(g).iter().chain(self.right(g)))
            .map(|&o| self.birthday(o) + 1)
            .max()
            .unwrap_or(0);
        self.analysis.birthdays.insert(g, b)
    }

    fn reduced(&self, g: GameId) -> GameId {
        reduced::reduced(self, g)
    }

    fn atomic_weight(&self, g: GameId) -> Result<GameId, Undefined> {
        atomic::weight(self, g)
    }

    fn is_all_small(&self, g: GameId) -> bool {
        atomic::is_all_small(self, g)
    }
}

impl GameTable {
    fn cooled(&self, g: GameId, t: Dyadic) -> GameId {
        if self.number_value(g).is_some_and(Dyadic::is_integer) {
            return g;
        }
        let thermograph = self.thermograph(g);
        if t > thermograph.temperature() {
            return self.number(thermograph.mean());
        }
        let memos = &self.analysis;
        if let Some(c) = memos.cooled.get(&(g, t)) {
            return c;
        }
        let (minus_t, plus_t) = (self.number(-t), self.number(t));
        let left: Vec<GameId> = (self.left(g).iter())
            .map(|&o| self.add(self.cooled(o, t), minus_t))
            .collect();
        let right: Vec<GameId> = (self.right(g).iter())
            .map(|&o| self.add(self.cooled(o, t), plus_t))
            .collect();
        let c = self.game(&left, &right);
        memos.cooled.insert((g, t), c)
    }
}

#[cfg(test)]
mod tests;
