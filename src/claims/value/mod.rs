//! Values as prose shows them, and claims decided: a value against a
//! literal, a range or another value, with the value computed in full and,
//! for `~`, the rounding that compared them ([`super::evaluate`](mod@super::evaluate)
//! applies them to an expression).
//!
//! Games compare as games ([`super::game`]): a game literal, a number
//! against a value that is a game, `||`, and two values that are games.
//!
//! It imports [`super::ast`], [`super::literal`], [`super::ratio`] and
//! [`super::game`]; paths (whose filters compare), terms and the evaluation
//! import it.

use super::ast::{Bounds, LiteralKind, Op};
use super::game::{self, Side};
use super::literal::number;
use super::ratio::{Ratio, show_decimal, with_separators};
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

/// Whether `value OP literal` holds: what a path's filter keeps.
pub(super) fn holds(op: Op, kind: &LiteralKind, value: &Value) -> Result<bool, ContentError> {
    decide(op, kind, None, value).map(|v| v.holds)
}

/// A claim's outcome: the computed value as the claim reads it (in full,
/// with the rounding that compared it), and whether the claim holds.
pub struct Verdict {
    /// The computed value, as a false claim's message shows it.
    pub computed: String,
    /// Whether the claim holds.
    pub holds: bool,
}

/// A value that must be a whole number.
pub(super) fn whole(value: &Value) -> Result<i64, ContentError> {
    let v = ratio_of(value)?.value();
    i64::try_from(v)
        .ok()
        .filter(|_| v.fract() == Decimal::ZERO)
        .ok_or_else(|| format!("expected a whole number, found {}", describe(value)).into())
}

/// Whether `v` and `claimed` are the same number of `unit`s, rounded: `~`.
/// `full` is the value as the message shows it; `suffix` follows the unit
/// and the rounded value there (`%`).
fn approx(v: Ratio, claimed: Ratio, unit: Ratio, full: &str, suffix: &str) -> Verdict {
    let (mine, theirs) = (v.units(unit), claimed.units(unit));
    let rounded = mine
        .and_then(|k| Ratio::whole(k).times(unit))
        .map_or_else(|| "too large to round".to_string(), |r| minus(r.shown()));
    Verdict {
        holds: mine.is_some() && mine == theirs,
        computed: format!(
            "{full}, which to the nearest {}{suffix} is {rounded}{suffix}",
            unit.shown()
        ),
    }
}

/// Decides `value OP literal`; `by` is the precision `~` rounds to when
/// the claim states one (in the literal's units: a percentage's points).
pub fn decide(
    op: Op,
    kind: &LiteralKind,
    by: Option<Ratio>,
    value: &Value,
) -> Result<Verdict, ContentError> {
    Ok(match kind {
        LiteralKind::String(s) => {
            let shown = show(value)?;
            Verdict {
                holds: &shown == s,
                computed: format!("\"{shown}\""),
            }
        }
        LiteralKind::Game(written) => games(op, value, Side::Written(written))?,
        LiteralKind::Bool(claimed) => match value {
            Value::Bool(b) => Verdict {
                holds: b == claimed,
                computed: b.to_string(),
            },
            other => {
                return Err(format!(
                    "`{claimed}` is claimed of true or false, and the value is {}",
                    describe(other)
                )
                .into());
            }
        },
        LiteralKind::Exact {
            value: lit,
            precision,
        } => {
            // A number against a game, or `||`, compares as games.
            let v = match ratio_of(value) {
                Ok(v) if op != Op::Confused => v,
                Err(e) if !is_game(value) => return Err(e),
                _ => return games(op, value, Side::Number(*lit)),
            };
            match op {
                Op::Approx => approx(v, *lit, by.unwrap_or(*precision), &shown_in_full(value), ""),
                _ => Verdict {
                    holds: op.orders(v.compare(*lit)?),
                    computed: if v.den == Decimal::ONE || value.is_string() {
                        shown_in_full(value)
                    } else {
                        minus(format!("{}/{}", v.num, v.den))
                    },
                },
            }
        }
        LiteralKind::Decimal { value: lit, places }
        | LiteralKind::Percent { value: lit, places } => {
            let percent = matches!(kind, LiteralKind::Percent { .. });
            let (v, suffix, shown) = if percent {
                let v = ratio_of(value)?.value() * Decimal::ONE_HUNDRED;
                (v, "%", format!("{}%", minus(show_decimal(v))))
            } else {
                (ratio_of(value)?.value(), "", shown_in_full(value))
            };
            let unit = Ratio::whole(Decimal::new(1, *places));
            match (op, by) {
                (Op::Approx, Some(by)) => {
                    let by = if percent {
                        Ratio::whole(by.value() * Decimal::ONE_HUNDRED)
                    } else {
                        by
                    };
                    approx(Ratio::whole(v), Ratio::whole(*lit), by, &shown, suffix)
                }
                (Op::Eq | Op::Approx, _) => Verdict {
                    holds: round_dp(v, *places) == *lit,
                    computed: format!(
                        "{shown}, which to the nearest {}{suffix} is {}{suffix}",
                        unit.shown(),
                        minus(fixed(v, *places as usize))
                    ),
                },
                _ => Verdict {
                    holds: op.orders(v.cmp(lit)),
                    computed: shown,
                },
            }
        }
    })
}

/// Decides `value in bounds`.
pub fn within(bounds: &Bounds, value: &Value) -> Result<Verdict, ContentError> {
    let v = ratio_of(value)?;
    let (Some(low), Some(high)) = (number(&bounds.low), number(&bounds.high)) else {
        return Err("a range's ends are numbers".into());
    };
    let above = if bounds.low_open {
        v.compare(low)?.is_gt()
    } else {
        v.compare(low)?.is_ge()
    };
    let below = if bounds.high_open {
        v.compare(high)?.is_lt()
    } else {
        v.compare(high)?.is_le()
    };
    Ok(Verdict {
        holds: above && below,
        computed: shown_in_full(value),
    })
}

/// Decides `value OP other` for two values of the data.
pub fn compare(op: Op, value: &Value, other: &Value) -> Result<Verdict, ContentError> {
    let computed = format!("{} against {}", shown_in_full(value), shown_in_full(other));
    match (ratio_of(value), ratio_of(other)) {
        (Ok(a), Ok(b)) if op != Op::Confused => Ok(Verdict {
            holds: op.orders(a.compare(b)?),
            computed,
        }),
        (a, b) if (a.is_ok() || is_game(value)) && (b.is_ok() || is_game(other)) => {
            let verdict = games(op, value, game_side(other)?)?;
            Ok(if verdict.holds {
                Verdict {
                    computed,
                    holds: true,
                }
            } else {
                verdict
            })
        }
        _ if op == Op::Eq => Ok(Verdict {
            holds: show(value)? == show(other)?,
            computed,
        }),
        _ => Err(format!(
            "`{}` compares numbers or games; these are {} and {}",
            op.symbol(),
            describe(value),
            describe(other)
        )
        .into()),
    }
}

/// Whether a value is a string that is a game in `CGSuite`'s notation.
fn is_game(value: &Value) -> bool {
    matches!(value, Value::String(s) if game::reads(s))
}

/// A value as a game: a game in `CGSuite`'s notation, or a number.
pub(super) fn game_side(value: &Value) -> Result<Side<'_>, ContentError> {
    match value {
        Value::String(s) if game::reads(s) => Ok(Side::Written(s)),
        _ => ratio_of(value).map(Side::Number).map_err(|_| {
            format!(
                "expected a game in CGSuite's notation ({{1|-1}}, ^, *2) or a number, found {}",
                describe(value)
            )
            .into()
        }),
    }
}

/// Decides `value OP claimed` as games.
fn games(op: Op, value: &Value, claimed: Side<'_>) -> Result<Verdict, ContentError> {
    let (holds, computed) = game::decide(op, game_side(value)?, claimed)?;
    Ok(Verdict { computed, holds })
}

/// An exact number from a JSON number, or a string `a/b` or `n`.
pub fn ratio_of(value: &Value) -> Result<Ratio, ContentError> {
    let parsed = match value {
        Value::Number(n) => {
            let text = n.to_string();
            text.parse::<Decimal>()
                .or_else(|_| Decimal::from_scientific(&text))
                .ok()
                .map(Ratio::whole)
        }
        Value::String(s) => match s.split_once('/') {
            Some((n, d)) => n
                .trim()
                .parse()
                .ok()
                .zip(
                    d.trim()
                        .parse()
                        .ok()
                        .filter(|d: &Decimal| *d > Decimal::ZERO),
                )
                .map(|(num, den)| Ratio { num, den }),
            None => s.trim().parse().ok().map(Ratio::whole),
        },
        _ => None,
    };
    parsed.ok_or_else(|| {
        format!(
            "expected a number or an exact fraction `a/b`, found {}",
            describe(value)
        )
        .into()
    })
}

#[cfg(test)]
mod tests;
