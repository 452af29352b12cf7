//! Values and claims in prose: `{{ ID.KEY }}`, `{{ ID.KEY | FILTER }}`
//! (`percent(N)`, `fixed(N)`, `round(N)`, `millions(N)`, `words`, `ordinal`)
//! and `{{ ID.KEY OP LITERAL }}` (`=`, `~`, `<`, `>`, `<=`, `>=`, optionally
//! `: "words"`), where `ID.KEY` may be any quantity of [`super::terms`]
//! (`{{ len(ID.KEY) - 1 = 53 }}`).
//!
//! [`syntax`] parses the expressions, [`number_words`] reads and writes
//! numbers as prose does, [`path`] parses paths into a figure's data and
//! resolves them (keys, indexes, element names, filters), and
//! [`evaluate`](mod@evaluate) formats values and decides claims. It knows
//! nothing of markdown: the markdown stage hands it the text of prose and
//! captions.

pub mod evaluate;
pub mod number_words;
pub mod path;
pub mod syntax;

pub use evaluate::{evaluate, ratio_of};
pub use path::{Path, resolve};
pub use syntax::{Action, Expr, Ratio, find_all};

use crate::generators::Data;
use std::collections::BTreeMap;

/// The data of an essay's figures, by figure id (borrowed from the figures).
pub type EssayData<'a> = BTreeMap<String, FigureData<'a>>;

/// A figure's data as claims read it.
#[derive(Clone, Copy)]
pub struct FigureData<'a> {
    pub data: &'a Data,
    /// The fields that name the elements of its lists, from its generator's
    /// [`Spec::names`](crate::generators::Spec::names).
    pub names: &'static [(&'static str, &'static str)],
}

/// Whether `s` can be a figure id or a data key: letters, digits, `_` and `-`.
pub fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}
