//! Values and numbers as a reader reads them: a value of the data as prose
//! shows it (integers with thousands separators, a game as the figures
//! typeset it, the site's minus sign), in full as the record of values and
//! a false claim's message show it, and numbers rounded to a number of
//! places.
//!
//! It imports [`super::ratio`] (exact numbers) and the core's typesetting
//! of games, nothing of evaluation: [`super::decide`], the paths, the terms
//! and [`super::evaluate`](mod@super::evaluate) import it, never the
//! reverse (`tests/imports.rs` checks it).

use super::ratio::with_separators;
use crate::cgt::canonical::typeset;
use crate::site::diagnostics::ContentError;
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;

/// `v` rounded to `places` decimals, ties away from zero.
pub(super) fn round_dp(v: Decimal, places: u32) -> Decimal {
    v.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero)
}

/// What a value is, for an error that cannot print it.
pub(super) fn describe(value: &Value) -> String {
    match value {
        Value::Array(items) => format!(
            "a list of {} (name an element: `.0`, `[name]`; or take a function of it: `len`, \
             `sum`, `min`, `max`, `mean`, `median`)",
            items.len()
        ),
        Value::Object(_) => "an object (name one of its keys)".into(),
        Value::Null => "no value".into(),
        other => format!("`{other}`"),
    }
}

/// Shows a value as prose: integers with separators, other numbers with at
/// most three places, strings as they are.
#[allow(
    clippy::cast_possible_truncation,
    reason = "a whole f64 below 1e15 in size"
)]
pub fn show(value: &Value) -> Result<String, ContentError> {
    match value {
        Value::Number(n) => Ok(if let Some(i) = n.as_i64() {
            with_separators(i)
        } else {
            let f = n.as_f64().unwrap_or(f64::NAN);
            if f.fract() == 0.0 && f.abs() < 1e15 {
                with_separators(f as i64)
            } else {
                let s = format!("{f:.3}");
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            }
        }),
        Value::String(s) => Ok(s.clone()),
        Value::Bool(b) => Ok(b.to_string()),
        other => Err(format!("cannot show {}", describe(other)).into()),
    }
}

/// A value in full, as the record of values keeps it: whole numbers with
/// thousands separators (as prose shows them), other numbers as JSON writes
/// them, strings as they are, a list its elements so.
pub fn full(value: &Value) -> String {
    in_full(value, false)
}

/// A value in full as the page prints it, for a false claim's message: as
/// [`full`] writes it, but with the site's minus sign (−3), and a game in
/// the site's notation (`{2 | −1/2}`, plain spaces for a terminal).
pub fn shown_in_full(value: &Value) -> String {
    in_full(value, true)
}

#[allow(
    clippy::cast_possible_truncation,
    reason = "a whole f64 below 1e15 in size"
)]
fn in_full(value: &Value, page: bool) -> String {
    let number = |text: String| if page { minus(text) } else { text };
    match value {
        Value::Number(n) => number(match n.as_i64() {
            Some(i) => with_separators(i),
            None => match n.as_f64() {
                Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => with_separators(f as i64),
                _ => n.to_string(),
            },
        }),
        // Plain spaces for a terminal, not thin ones.
        Value::String(s) if page => {
            typeset::game(s).map_or_else(|| s.clone(), |t| t.replace(typeset::THIN, " "))
        }
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(|v| in_full(v, page)).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// A number's text with the site's minus sign (U+2212) for a hyphen.
pub(super) fn minus(text: String) -> String {
    match text.strip_prefix('-') {
        Some(rest) => format!("{}{rest}", typeset::MINUS),
        None => text,
    }
}

/// A value as the page prints it: as [`show`] writes it, but a number with
/// the site's minus sign (−3) and a game in `CGSuite`'s notation as the
/// figures typeset it (`*2` as `∗2`, `{1|-1/2}` as `{1 | −1/2}`).
pub(super) fn print(value: &Value) -> Result<String, ContentError> {
    let shown = show(value)?;
    Ok(match value {
        Value::String(s) => typeset::game(s).unwrap_or(shown),
        Value::Number(_) => minus(shown),
        _ => shown,
    })
}

/// `v` rounded to `places` decimals (ties away from zero, as claims round)
/// and written with them all.
pub(super) fn fixed(v: Decimal, places: usize) -> String {
    let s = format!(
        "{:.places$}",
        round_dp(v, u32::try_from(places).unwrap_or(u32::MAX))
    );
    // Rounding can give "-0.0"; a claim of "0.0" should match it.
    if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
        s[1..].to_string()
    } else {
        s
    }
}
