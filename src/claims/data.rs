//! What claims read: an essay's figures' data by figure id, and what a
//! figure id or data key may be.
//!
//! It imports only the generators' [`Data`]: every file of the claims, and
//! the terms, may import it.

use crate::generators::Data;
use std::collections::BTreeMap;

/// The data of an essay's figures, by figure id (borrowed from the figures).
pub type EssayData<'a> = BTreeMap<String, FigureData<'a>>;

/// A figure's data as claims read it.
#[derive(Clone, Copy)]
pub struct FigureData<'a> {
    /// The figure's data.
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
