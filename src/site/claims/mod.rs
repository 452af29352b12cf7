//! Values and claims in prose: `{{ ID.KEY }}`, `{{ ID.KEY | FILTER }}`
//! (`percent(N)`, `fixed(N)`, `round(N)`, `millions(N)`, `words`, `ordinal`)
//! and `{{ ID.KEY OP LITERAL }}` (`=`, `~`, `<`, `>`, `<=`, `>=`, optionally
//! `: "words"`), where `ID.KEY` may be any quantity of [`super::terms`]
//! (`{{ len(ID.KEY) - 1 = 53 }}`).
//!
//! [`syntax`] parses the expressions, [`literal`] the operators and
//! literals of claims, [`number_words`] reads and writes numbers as prose
//! does, [`ratio`] holds exact numbers, [`path`] parses paths into a
//! figure's data ([`data`]) and resolves them (keys, indexes, element names,
//! filters), [`evaluate`](mod@evaluate) formats values and decides claims,
//! and [`evaluate`](fn@evaluate) here applies them to an expression. It
//! knows nothing of markdown: the markdown stage hands it the text of prose
//! and captions.
//!
//! The files import one another in one direction: `ratio`, `number_words`,
//! `literal`, `evaluate`, `path`, then [`super::terms`] (quantities), then
//! `syntax`, then this file; `data` is below them all.

pub mod data;
pub mod evaluate;
pub mod literal;
pub mod number_words;
pub mod path;
pub mod ratio;
pub mod syntax;

pub use data::{EssayData, FigureData, is_name};
pub use evaluate::ratio_of;
pub use path::{Path, resolve};
pub use ratio::Ratio;
pub use syntax::{Action, Expr, find_all};

use super::terms;
use crate::cgt::canonical::typeset;
use crate::site::diagnostics::ContentError;
use evaluate::{Verdict, compare, decide, fixed, print, round_dp, show, show_decimal, whole};
use literal::LiteralKind;
use number_words::{english, english_ordinal};
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;
use syntax::{Against, Filter};

/// Evaluates an expression against the data: the text it renders as, or why
/// it cannot (an unknown key, a false claim with both values).
pub fn evaluate(expr: &Expr, data: &EssayData<'_>) -> Result<String, ContentError> {
    let value = &terms::value(&expr.term, data)?;
    let name = expr.term.to_string();
    match &expr.action {
        Action::Show => print(value).map_err(|e| e.within(format_args!("`{name}`"))),
        Action::Filter(filter) => {
            apply(*filter, value).map_err(|e| e.within(format_args!("`{name} | {filter}`")))
        }
        Action::Claim(claim) => {
            let (claimed, verdict) = match &claim.against {
                Against::Literal(lit) => (
                    lit.text.clone(),
                    decide(claim.op, &lit.kind, value)
                        .map_err(|e| format!("claim on `{name}`: {e}"))?,
                ),
                Against::Term(term) => {
                    let other = terms::value(term, data)?;
                    let verdict = compare(claim.op, value, &other)
                        .map_err(|e| format!("claim `{name} {} {term}`: {e}", claim.op.symbol()))?;
                    let computed = Verdict {
                        computed: format!("{} against {}", verdict.computed, show(&other)?),
                        ..verdict
                    };
                    (term.to_string(), computed)
                }
            };
            if verdict.holds {
                match (claim.as_written(), &claim.against) {
                    // A game written in CGSuite's notation reads as the
                    // figures typeset it.
                    (Some(text), Against::Literal(lit))
                        if claim.prints.is_none() && matches!(lit.kind, LiteralKind::String(_)) =>
                    {
                        Ok(typeset::game(text).unwrap_or_else(|| text.to_string()))
                    }
                    (Some(text), _) => Ok(text.to_string()),
                    (None, _) => print(value),
                }
            } else {
                Err(format!(
                    "claim `{name} {} {claimed}` is false: the generator computed {}",
                    claim.op.symbol(),
                    verdict.computed
                )
                .into())
            }
        }
    }
}

/// Prints a value through a filter.
fn apply(filter: Filter, value: &Value) -> Result<String, ContentError> {
    let number = || ratio_of(value).map(Ratio::value);
    Ok(match filter {
        Filter::Percent(n) => format!("{}%", fixed(number()? * Decimal::ONE_HUNDRED, n)),
        Filter::Fixed(n) => fixed(number()?, n),
        Filter::Words => english(whole(value)?),
        Filter::Ordinal => match whole(value)? {
            n if n < 1 => return Err(format!("expected a number from 1, found {n}").into()),
            n => english_ordinal(n),
        },
        Filter::Round(digits) => {
            let v = number()?;
            let rounded =
                v.round_sf_with_strategy(digits as u32, RoundingStrategy::MidpointAwayFromZero);
            show_decimal(rounded.unwrap_or(v))
        }
        Filter::Millions(places) => {
            let v = number()? / Decimal::from(1_000_000);
            format!("{} million", show_decimal(round_dp(v, places as u32)))
        }
    })
}
