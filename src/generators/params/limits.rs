//! Limits: measures of a run's parameters that refuse a run past their
//! maximum, and the errors that say why ([`MeasureError`], [`LimitError`]).

use super::{Param, Params};
use crate::generators::Spec;
use std::error::Error;
use std::fmt;
use std::sync::Arc;

/// A limit that refuses a run: a measure of the parameters (cells, positions,
/// bytes) and its maximum. Limits are checked in their declared order, so a
/// measure may rely on the limits before it holding.
pub struct Limit {
    /// What is measured, in words (`board cells`); its raise key is `max_`
    /// and this in snake case.
    pub name: &'static str,
    /// What is measured, its budget and the cost model the maximum comes from.
    pub doc: &'static str,
    /// The greatest measure a run may have unless a directive raises it.
    pub max: u128,
    /// The most a directive may raise `max` to (`max` itself: no raise).
    pub ceiling: u128,
    /// What a run at the ceiling costs (time and memory, as measured or
    /// estimated from the cost model in `doc`).
    pub ceiling_cost: &'static str,
    /// The parameters the measure grows with, named by the error that
    /// refuses a run.
    pub params: &'static [&'static str],
    /// The measure of these parameters; `Err` when they describe nothing
    /// that can be measured (a blocked cell outside the board), saying why.
    pub measure: fn(&Params) -> Result<u128, MeasureError>,
}

/// Why a limit cannot measure parameters: they describe nothing it can
/// measure.
#[derive(Debug, Clone, thiserror::Error)]
pub enum MeasureError {
    /// A parameter's value does not read as what the generator takes (a
    /// graph that does not parse, an unknown game).
    #[error("parameter `{param}`{}: {why}", .item.as_ref().map_or(String::new(), |i| format!(", {i}")))]
    Param {
        /// The parameter.
        param: &'static str,
        /// The element of a list parameter at fault (`graph 2`), if one.
        item: Option<String>,
        /// What was expected and found.
        why: String,
    },
    /// Parameters that each read but together describe nothing: a block
    /// outside the board they give.
    #[error("{what} lies outside the {rows} x {cols} board")]
    Outside {
        /// What lies outside, in words: "a blocked row, column or cell".
        what: &'static str,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// A rule of the game refuses the parameters (a Chomp window past the
    /// game's ceiling, gaps that are not a Sylver Coinage position): the
    /// game's own error, kept whole, after the parameter it read, if one.
    #[error("{}{error}", .param.map_or(String::new(), |p| format!("{p}: ")))]
    Refused {
        /// The parameter whose value the game refused, if one alone.
        param: Option<&'static str>,
        /// The game's error (its type is the game's: `WindowError`,
        /// `GapsError`).
        error: Arc<dyn Error + Send + Sync>,
    },
}

impl MeasureError {
    /// The error of parameter `param` (element `item` of it, if a list's)
    /// that does not read, and why.
    pub fn param(
        param: &'static str,
        item: Option<String>,
        why: impl fmt::Display,
    ) -> MeasureError {
        MeasureError::Param {
            param,
            item,
            why: why.to_string(),
        }
    }

    /// The error of parameters the game's rules refuse: `error` is the
    /// game's own, of the value of `param` if one alone.
    pub fn refused(
        param: Option<&'static str>,
        error: impl Error + Send + Sync + 'static,
    ) -> MeasureError {
        MeasureError::Refused {
            param,
            error: Arc::new(error),
        }
    }
}

/// Why a run's parameters are refused before it runs.
#[derive(Debug, Clone, thiserror::Error)]
pub enum LimitError {
    /// A limit cannot measure them.
    #[error("{limit}: {error}")]
    Unmeasurable {
        /// The limit's name.
        limit: &'static str,
        /// Why it cannot.
        error: MeasureError,
    },
    /// They measure over a limit: what to lower, and the key that raises it.
    #[error("{limit} is {measured}, over the limit of {max} ({doc}); {lower}{raise}")]
    Over {
        /// The limit's name.
        limit: &'static str,
        /// What the parameters measure.
        measured: u128,
        /// The limit's maximum, or the value the directive raised it to.
        max: u128,
        /// The limit's documentation: its budget and cost model.
        doc: &'static str,
        /// What to lower: "lower `rows = 9`".
        lower: String,
        /// How to raise the limit on purpose (", or raise the limit on
        /// purpose with" the key and the measure), or that its ceiling
        /// refuses it.
        raise: String,
    },
}

impl Limit {
    /// The directive key that raises this limit: `max_` and the name in snake
    /// case (`region cells` is raised by `max_region_cells`).
    pub fn raise_key(&self) -> String {
        format!("max_{}", self.name.replace([' ', '-'], "_"))
    }

    /// How a directive raises this limit and how far, with the cost there:
    /// `a directive raises it with max_cells = N up to 30 (...)`.
    pub fn raising(&self) -> String {
        if self.ceiling <= self.max {
            return format!("its ceiling, not raised ({})", self.ceiling_cost);
        }
        format!(
            "a directive raises it with {} = N up to its ceiling of {} ({})",
            self.raise_key(),
            self.ceiling,
            self.ceiling_cost
        )
    }

    /// What a raise of this limit must be, for the error refusing one.
    pub fn raise_expected(&self) -> String {
        if self.ceiling <= self.max {
            return format!(
                "no raise: the limit of {} is its ceiling ({})",
                self.max, self.ceiling_cost
            );
        }
        format!(
            "an integer above the limit of {} and at most its ceiling of {} ({})",
            self.max, self.ceiling, self.ceiling_cost
        )
    }

    /// Whether a directive may raise this limit to `max`.
    pub fn raises_to(&self, max: u128) -> bool {
        max > self.max && max <= self.ceiling
    }
}

impl Spec {
    /// Refuses parameters past one of the declared limits (or past the value
    /// the directive raised it to), naming the limit, what it measured, its
    /// maximum, the parameters at fault and the key that raises it.
    pub fn check_limits(&self, params: &Params) -> Result<(), LimitError> {
        self.limits.iter().try_for_each(|limit| {
            let key = limit.raise_key();
            let max = params.raised.get(&key).copied().unwrap_or(limit.max);
            let measured = (limit.measure)(params).map_err(|error| LimitError::Unmeasurable {
                limit: limit.name,
                error,
            })?;
            if measured <= max {
                return Ok(());
            }
            let raise = if measured <= limit.ceiling {
                format!(", or raise the limit on purpose with `{key} = {measured}`")
            } else {
                format!(
                    "; the limit's ceiling is {} ({}), so no directive raises it that far",
                    limit.ceiling, limit.ceiling_cost
                )
            };
            Err(LimitError::Over {
                limit: limit.name,
                measured,
                max,
                doc: limit.doc,
                lower: self.at_fault(limit, params, max),
                raise,
            })
        })
    }

    /// What to lower to get under `limit`: each of its parameters that alone,
    /// set back to its default, brings the measure within `max`; failing one,
    /// all of its parameters away from their defaults.
    fn at_fault(&self, limit: &Limit, params: &Params, max: u128) -> String {
        let declared = || {
            limit
                .params
                .iter()
                .filter_map(|name| self.params.iter().find(|p| p.name == *name))
        };
        let moved = |p: &&Param| p.default_value().ok().as_ref() != params.values.get(p.name);
        let within = |p: &&Param| {
            params
                .with_default(p)
                .and_then(|q| (limit.measure)(&q).ok())
                .is_some_and(|m| m <= max)
        };
        let show = |p: &Param| {
            let value = &params.values[p.name];
            let value = serde_json::to_string(value).expect("params serialise");
            format!("`{} = {value}`", p.name)
        };
        let single: Vec<_> = declared().filter(moved).filter(within).map(show).collect();
        if !single.is_empty() {
            return format!("lower {}", single.join(" or "));
        }
        let all: Vec<_> = declared().filter(moved).map(show).collect();
        if all.is_empty() {
            let names: Vec<_> = limit.params.iter().map(|n| format!("`{n}`")).collect();
            return format!("lower {}", names.join(" or "));
        }
        format!("lower {}", all.join(" and "))
    }
}
