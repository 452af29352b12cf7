//! Claims decided: a value against a literal, a range or another value,
//! with the value computed in full and, for `~`, the rounding that compared
//! them ([`super::evaluate`](mod@super::evaluate) applies them to an
//! expression).
//!
//! Games compare as games ([`super::game`]): a game literal, a number
//! against a value that is a game, `||`, and two values that are games.
//!
//! It imports [`super::ast`], [`super::literal`], [`super::ratio`],
//! [`super::game`] and [`super::print`] (values shown in messages); paths
//! (whose filters compare), terms and the evaluation import it.

use super::ast::{Bounds, LiteralKind, Op};
use super::game::{self, Side};
use super::literal::number;
use super::print::{describe, fixed, minus, round_dp, show, shown_in_full};
use super::ratio::{Ratio, show_decimal};
use crate::site::diagnostics::ContentError;
use rust_decimal::Decimal;
use serde_json::Value;

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
