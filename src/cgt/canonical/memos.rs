//! The memos the table holds for the analysis (`super::super::analysis`):
//! one column or map per quantity, declared here with the values they hold,
//! so that the table carries them without importing the analysis that fills
//! them. Imports run one way: the analysis reads the table and these memos.

use super::GameId;
use crate::cgt::dyadic::Dyadic;
use crate::cgt::shared::{Column, Memo};
use crate::cgt::thermograph::Thermograph;
use std::sync::OnceLock;

/// The analysis's memos, one field of the [`super::GameTable`].
#[derive(Default)]
pub(crate) struct AnalysisMemos {
    /// Each game's thermograph, at its id: read by every thermograph of a
    /// game with it as an option, so found without hashing.
    pub(crate) thermographs: Column<OnceLock<Thermograph>>,
    /// Each game's birthday.
    pub(crate) birthdays: Memo<GameId, u32>,
    /// Each game cooled by a temperature.
    pub(crate) cooled: Memo<(GameId, Dyadic), GameId>,
    /// Each game's reduced canonical form.
    pub(crate) reduced: Memo<GameId, GameId>,
    /// Each all-small game's atomic weight.
    pub(crate) atomic: Memo<GameId, GameId>,
    /// Whether each game is all-small.
    pub(crate) smallness: Memo<GameId, Smallness>,
}

/// Whether a canonical game is all-small, with what the atomic weight
/// calculus needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Smallness {
    /// All-small: the `k` of the nimber `*k` it is, if it is one, and the
    /// least `N` above every such `k` among its positions (`*N` is remote).
    AllSmall { nim: Option<u32>, remote: u32 },
    /// Not all-small: a nonzero number among its positions.
    Number(Dyadic),
}
