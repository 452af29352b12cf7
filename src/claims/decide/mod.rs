//! Claims decided: a value against a literal, a range or another value,
//! with the value computed in full and, for `~`, the rounding that compared
//! them ([`super::evaluate`](mod@super::evaluate) applies them to an
//! expression).
//!
//! Games compare as games ([`super::game`]): a game literal, a number
//! against a value that is a game, `||`, and two values that are games.
//!
//! It imports [`super::ast`], [`super::literal`], [`super::ratio`],
//! [`super::game`], [`super::print`] and [`super::number_words`] (values
//! and a list's places shown in messages); paths
//! (whose filters compare), terms and the evaluation import it.

use super::ast::{Against, Bounds, Claim, Literal, LiteralKind, Op};
use super::game::{self, Side};
use super::literal::number;
use super::number_words::nth;
use super::print::{describe, fixed, minus, round_dp, show, shown_in_full};
use super::ratio::{Ratio, show_decimal};
use crate::site::diagnostics::ContentError;
use rust_decimal::Decimal;
use serde_json::Value;

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

/// Decides `value in bounds`; when it is outside, the message says which
/// bound it fails: `9, which is above the upper bound 8 of 1..=8`.
pub fn within(bounds: &Bounds, value: &Value) -> Result<Verdict, ContentError> {
    let v = ratio_of(value)?;
    let (Some(low), Some(high)) = (number(&bounds.low), number(&bounds.high)) else {
        return Err("a range's ends are numbers".into());
    };
    let range = Against::Range(bounds.clone());
    let shown = shown_in_full(value);
    let (to_low, to_high) = (v.compare(low)?, v.compare(high)?);
    let outside = |place: &str, bound: &Literal| {
        format!("{shown}, which is {place} bound {bound} of {range}")
    };
    let left_out =
        |bound: &str| format!("{shown}, the {bound} bound of {range}, which leaves it out");
    let computed = if to_low.is_lt() {
        outside("below the lower", &bounds.low)
    } else if to_low.is_eq() && bounds.low_open {
        left_out("lower")
    } else if to_high.is_gt() {
        outside("above the upper", &bounds.high)
    } else if to_high.is_eq() && bounds.high_open {
        left_out("upper")
    } else {
        return Ok(Verdict {
            computed: shown,
            holds: true,
        });
    };
    Ok(Verdict {
        computed,
        holds: false,
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

/// Decides a claim of `value` against what the claim states: a literal, a
/// list of literals (element by element, in any order with `same as`, each
/// among its elements with `contains`, or after `in` a set the value is
/// one of) or a range. What a claim and a path's filter decide alike; a
/// claim against another quantity is decided by the evaluation, which
/// values it.
pub fn claimed(claim: &Claim, value: &Value) -> Result<Verdict, ContentError> {
    let by = claim.by.as_ref().and_then(number);
    match &claim.against {
        Against::Literal(lit) => one(claim.op, lit, by, value),
        Against::List(items) if claim.op == Op::In => each(value, |v| among(items, v)),
        Against::List(items) => list(claim.op, items, by, value),
        Against::Range(bounds) => each(value, |v| within(bounds, v)),
        Against::Term(term) => {
            Err(format!("`{term}` is a quantity of the data, not a literal, list or range").into())
        }
    }
}

/// Decides `value in [a, b, ...]`: whether it equals one of them.
fn among(items: &[Literal], value: &Value) -> Result<Verdict, ContentError> {
    for lit in items {
        if decide(Op::Eq, &lit.kind, None, value)?.holds {
            return Ok(Verdict {
                computed: shown_in_full(value),
                holds: true,
            });
        }
    }
    let set: Vec<String> = items.iter().map(Literal::to_string).collect();
    Ok(Verdict {
        computed: format!(
            "{}, which is not in the set [{}]",
            shown_in_full(value),
            set.join(", ")
        ),
        holds: false,
    })
}

/// Decides a claim against one literal: of a number, or (`contains`) of a
/// list.
fn one(op: Op, lit: &Literal, by: Option<Ratio>, value: &Value) -> Result<Verdict, ContentError> {
    match (op, value) {
        (Op::Contains, _) => list(op, std::slice::from_ref(lit), by, value),
        (_, Value::Array(items)) => Err(a_list(items.len())),
        _ => decide(op, &lit.kind, by, value),
    }
}

/// Why a list cannot be compared with one value.
pub(super) fn a_list(len: usize) -> ContentError {
    format!(
        "it is a list of {len}: compare it with a list (`= [...]`, `same as [...]`, or another \
         list of the data), ask whether it `contains` a value, or name one element (`.0`)"
    )
    .into()
}

/// `check` of a number, or of every element of a list.
fn each(
    value: &Value,
    check: impl Fn(&Value) -> Result<Verdict, ContentError>,
) -> Result<Verdict, ContentError> {
    let Value::Array(items) = value else {
        return check(value);
    };
    for (i, item) in items.iter().enumerate() {
        let verdict =
            check(item).map_err(|e| e.within(format_args!("the {} element", nth(i + 1))))?;
        if !verdict.holds {
            return Ok(Verdict {
                computed: format!(
                    "{} (the {} element is {})",
                    shown_in_full(value),
                    nth(i + 1),
                    verdict.computed
                ),
                holds: false,
            });
        }
    }
    Ok(Verdict {
        computed: shown_in_full(value),
        holds: true,
    })
}

/// Decides a claim of a list against a list of literals: element by
/// element (`=`, `~`, `<`, ...), in any order (`same as`), or each among
/// its elements (`contains`).
fn list(
    op: Op,
    literals: &[Literal],
    by: Option<Ratio>,
    value: &Value,
) -> Result<Verdict, ContentError> {
    listwise(
        op,
        literals,
        value,
        shown_in_full(value),
        |op, item, lit| decide(op, &lit.kind, by, item),
    )
}

/// Decides a claim of a list against `claimed`, a list of literals or of
/// values, each element decided by `decide`: element by element (`=`, `~`,
/// `<`, ...), in any order (`same as`), or each among its elements
/// (`contains`). `computed` is what a false claim's message shows.
pub(super) fn listwise<T>(
    op: Op,
    claimed: &[T],
    value: &Value,
    computed: String,
    decide: impl Fn(Op, &Value, &T) -> Result<Verdict, ContentError>,
) -> Result<Verdict, ContentError> {
    let Value::Array(items) = value else {
        return Err(format!(
            "`{}` a list compares a list, and the value is {}",
            op.symbol(),
            shown_in_full(value)
        )
        .into());
    };
    let equal = |item: &Value, c: &T| Ok::<_, ContentError>(decide(Op::Eq, item, c)?.holds);
    let holds = match op {
        Op::Contains => {
            let mut all = true;
            for c in claimed {
                let mut found = false;
                for item in items {
                    found = found || equal(item, c)?;
                }
                all = all && found;
            }
            all
        }
        Op::SameAs => {
            let mut unused: Vec<&Value> = items.iter().collect();
            for c in claimed {
                let mut at = None;
                for (i, item) in unused.iter().enumerate() {
                    if equal(item, c)? {
                        at = Some(i);
                        break;
                    }
                }
                match at {
                    Some(i) => {
                        unused.swap_remove(i);
                    }
                    None => {
                        return Ok(Verdict {
                            computed,
                            holds: false,
                        });
                    }
                }
            }
            unused.is_empty()
        }
        _ if items.len() != claimed.len() => {
            return Ok(Verdict {
                computed: format!(
                    "{computed}, {} elements where the claim lists {}",
                    items.len(),
                    claimed.len()
                ),
                holds: false,
            });
        }
        _ => {
            for (i, (item, c)) in items.iter().zip(claimed).enumerate() {
                let verdict = decide(op, item, c)
                    .map_err(|e| e.within(format_args!("the {} element", nth(i + 1))))?;
                if !verdict.holds {
                    return Ok(Verdict {
                        computed: format!(
                            "{computed} (the {} element is {})",
                            nth(i + 1),
                            verdict.computed
                        ),
                        holds: false,
                    });
                }
            }
            true
        }
    };
    Ok(Verdict { computed, holds })
}

#[cfg(test)]
mod tests;
