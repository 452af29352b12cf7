//! An expression's tree evaluated against an essay's data, once: what the
//! page prints, what the record of values keeps, and for a claim whether it
//! holds, with the value computed in full when it does not.
//!
//! An expression that cannot be evaluated (a path that does not resolve, a
//! filter on a list) is an error, never a false claim.
//!
//! It imports the tree, the terms, the deciding of claims, the printing of
//! values and the number words; nothing
//! in the claims but [`super`] imports it.

use super::ast::{Action, Against, Expr, Filter, Literal, LiteralKind, Op, listed};
use super::data::EssayData;
use super::decide::{Verdict, a_list, claimed, compare, game_side, listwise, ratio_of, whole};
use super::game;
use super::number_words::{english, english_ordinal};
use super::print::{fixed, full, minus, print, round_dp, shown_in_full};
use super::ratio::{Ratio, show_decimal};
use super::terms;
use crate::cgt::canonical::{ascii, typeset};
use crate::site::diagnostics::ContentError;
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;

/// What an expression came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// What the page prints: the value, or the claim's words (or literal)
    /// when it holds.
    pub prints: String,
    /// What the record of values keeps: a value's text, a claim's computed
    /// value in full (both sides for one value against another).
    pub recorded: String,
    /// For a claim that does not hold, why: the claim and the value
    /// computed, with the rounding that compared them.
    pub false_because: Option<String>,
}

impl Evaluation {
    /// Whether it holds (a value always does).
    pub fn holds(&self) -> bool {
        self.false_because.is_none()
    }

    /// What the page prints, or the error a false claim is.
    pub fn page(&self) -> Result<&str, ContentError> {
        match &self.false_because {
            None => Ok(&self.prints),
            Some(why) => Err(ContentError::new(why.clone())),
        }
    }
}

/// Evaluates an expression against the data.
pub fn evaluate(expr: &Expr, data: &EssayData<'_>) -> Result<Evaluation, ContentError> {
    let value = &terms::value(&expr.term, data)?;
    let name = expr.term.to_string();
    let shown = |prints: String| Evaluation {
        recorded: prints.clone(),
        prints,
        false_because: None,
    };
    let claim = match &expr.action {
        Action::Show => {
            return print(value)
                .map(shown)
                .map_err(|e| e.within(format_args!("`{name}`")));
        }
        Action::Filter(filter) => {
            return apply(*filter, value)
                .map(shown)
                .map_err(|e| e.within(format_args!("`{name} | {filter}`")));
        }
        Action::Claim(claim) => claim,
    };
    let on = |e: ContentError| e.within(format_args!("claim on `{name}`"));
    // A list `contains` another value: the page prints that value.
    let mut contained = None;
    let (verdict, recorded) = match &claim.against {
        Against::Term(term) => {
            let other = terms::value(term, data)?;
            let verdict = against(claim.op, value, &other)
                .map_err(|e| e.within(format_args!("claim `{expr}`")))?;
            let recorded = format!("{} against {}", full(value), full(&other));
            if claim.op == Op::Contains {
                contained = Some(other);
            }
            (verdict, recorded)
        }
        _ => (claimed(claim, value).map_err(on)?, full(value)),
    };
    let prints = match (&claim.prints, &claim.against) {
        (None, Against::Literal(lit)) => written(lit),
        (None, Against::List(items)) => {
            let items: Vec<String> = items.iter().map(written).collect();
            listed(items.iter().map(String::as_str))
        }
        (Some(words), _) => words.clone(),
        (None, _) => match contained.as_ref().unwrap_or(value) {
            Value::Array(items) => {
                let items: Vec<String> = items
                    .iter()
                    .map(print)
                    .collect::<Result<_, _>>()
                    .map_err(on)?;
                listed(items.iter().map(String::as_str))
            }
            shown => print(shown).map_err(on)?,
        },
    };
    Ok(Evaluation {
        prints,
        recorded,
        false_because: (!verdict.holds).then(|| {
            format!(
                "claim `{expr}` is false: the generator computed {}",
                verdict.computed
            )
        }),
    })
}

/// A literal as the page prints it: as written, but a game (quoted in
/// `CGSuite`'s notation, or not) as the figures typeset it, however it was
/// spaced.
fn written(lit: &Literal) -> String {
    match &lit.kind {
        LiteralKind::String(text) => typeset::game(text),
        LiteralKind::Game(text) => typeset::game(&ascii(text)),
        _ => None,
    }
    .unwrap_or_else(|| lit.text.clone())
}

/// Decides a claim against another value of the data: a list element by
/// element (as against a list literal), a list that `contains` it, or one
/// value against another.
fn against(op: Op, value: &Value, other: &Value) -> Result<Verdict, ContentError> {
    let both = || format!("{} against {}", shown_in_full(value), shown_in_full(other));
    match (op, value, other) {
        (_, _, Value::Array(others)) => listwise(op, others, value, both(), compare),
        (Op::Contains, _, _) => listwise(op, std::slice::from_ref(other), value, both(), compare),
        (Op::SameAs, _, _) => Err(format!(
            "`same as` compares two lists, and `{}` is not one",
            shown_in_full(other)
        )
        .into()),
        (_, Value::Array(items), _) => Err(a_list(items.len())),
        _ => compare(op, value, other),
    }
}

/// Prints a value through a filter, a number with the site's minus sign.
fn apply(filter: Filter, value: &Value) -> Result<String, ContentError> {
    let number = || ratio_of(value).map(Ratio::value);
    Ok(minus(match filter {
        Filter::Percent(n) => format!("{}%", fixed(number()? * Decimal::ONE_HUNDRED, n)),
        Filter::Fixed(n) => fixed(number()?, n),
        Filter::Words => english(whole(value)?),
        Filter::Ordinal => match whole(value)? {
            n if n < 1 => return Err(format!("expected a number from 1, found {n}").into()),
            n => english_ordinal(n),
        },
        Filter::Round(digits) => {
            let v = number()?;
            let rounded = v.round_sf_with_strategy(
                u32::try_from(digits).unwrap_or(u32::MAX),
                RoundingStrategy::MidpointAwayFromZero,
            );
            show_decimal(rounded.unwrap_or(v))
        }
        Filter::Millions(places) => {
            let v = number()? / Decimal::from(1_000_000);
            format!(
                "{} million",
                show_decimal(round_dp(v, u32::try_from(places).unwrap_or(u32::MAX)))
            )
        }
        Filter::Game => game::print(game_side(value)?)?,
    }))
}
