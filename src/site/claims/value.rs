//! Values as prose shows them, and claims decided: a value against a
//! literal, a range or another value, with the value computed in full and,
//! for `~`, the rounding that compared them ([`super::evaluate`](mod@super::evaluate)
//! applies them to an expression).
//!
//! It imports [`super::ast`], [`super::literal`] and [`super::ratio`]; paths
//! (whose filters compare), terms and the evaluation import it.

use super::ast::{Bounds, LiteralKind, Op};
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

/// A value in full: whole numbers with thousands separators (as prose
/// shows them), other numbers as JSON writes them, strings as they are, a
/// list its elements so.
#[allow(
    clippy::cast_possible_truncation,
    reason = "a whole f64 below 1e15 in size"
)]
pub fn full(value: &Value) -> String {
    match value {
        Value::Number(n) => match n.as_i64() {
            Some(i) => with_separators(i),
            None => match n.as_f64() {
                Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => with_separators(f as i64),
                _ => n.to_string(),
            },
        },
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(full).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// A value as the page prints it: as [`show`] writes it, but a game in
/// `CGSuite`'s notation as the figures typeset it (`*2` as `∗2`, `{1|-1/2}`
/// as `{1 | −1/2}`).
pub(super) fn print(value: &Value) -> Result<String, ContentError> {
    let shown = show(value)?;
    Ok(match value {
        Value::String(s) => typeset::game(s).unwrap_or(shown),
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
/// `suffix` follows each number in the message (`%`).
fn approx(v: Ratio, claimed: Ratio, unit: Ratio, full: &str, suffix: &str) -> Verdict {
    let (mine, theirs) = (v.units(unit), claimed.units(unit));
    let rounded = mine
        .and_then(|k| Ratio::whole(k).times(unit))
        .map_or_else(|| "too large to round".to_string(), Ratio::shown);
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
        LiteralKind::Exact {
            value: lit,
            precision,
        } => {
            let v = ratio_of(value)?;
            match op {
                Op::Approx => approx(v, *lit, by.unwrap_or(*precision), &full(value), ""),
                _ => Verdict {
                    holds: op.orders(v.compare(*lit)?),
                    computed: if v.den == Decimal::ONE || value.is_string() {
                        full(value)
                    } else {
                        format!("{}/{}", v.num, v.den)
                    },
                },
            }
        }
        LiteralKind::Decimal { value: lit, places }
        | LiteralKind::Percent { value: lit, places } => {
            let percent = matches!(kind, LiteralKind::Percent { .. });
            let (v, suffix, shown) = if percent {
                let v = ratio_of(value)?.value() * Decimal::ONE_HUNDRED;
                (v, "%", format!("{}%", show_decimal(v)))
            } else {
                (ratio_of(value)?.value(), "", full(value))
            };
            let unit = Ratio::whole(Decimal::new(1, *places));
            match (op, by) {
                (Op::Approx, Some(by)) => {
                    let by = if percent {
                        Ratio::whole(by.value() * Decimal::ONE_HUNDRED)
                    } else {
                        by
                    };
                    let shown = shown.trim_end_matches('%').to_string();
                    approx(Ratio::whole(v), Ratio::whole(*lit), by, &shown, suffix)
                }
                (Op::Eq | Op::Approx, _) => Verdict {
                    holds: round_dp(v, *places) == *lit,
                    computed: format!(
                        "{shown}, which to the nearest {}{suffix} is {}{suffix}",
                        unit.shown(),
                        fixed(v, *places as usize)
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
        computed: full(value),
    })
}

/// Decides `value OP other` for two values of the data.
pub fn compare(op: Op, value: &Value, other: &Value) -> Result<Verdict, ContentError> {
    let computed = format!("{} against {}", full(value), full(other));
    match (ratio_of(value), ratio_of(other)) {
        (Ok(a), Ok(b)) => Ok(Verdict {
            holds: op.orders(a.compare(b)?),
            computed,
        }),
        _ if op == Op::Eq => Ok(Verdict {
            holds: show(value)? == show(other)?,
            computed,
        }),
        _ => Err(format!(
            "`{}` compares numbers; these are {} and {}",
            op.symbol(),
            describe(value),
            describe(other)
        )
        .into()),
    }
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
mod tests {
    use super::*;
    use crate::generators::Data;
    use crate::site::claims::ast::Path;
    use crate::site::claims::parser::parse;
    use crate::site::claims::ratio::with_separators;
    use crate::site::claims::{EssayData, evaluate};
    use crate::site::claims::{FigureData, resolve};
    use serde_json::json;

    /// Evaluates `{{ inner }}` with figure `b`'s data being `b`.
    fn eval_in(b: serde_json::Value, inner: &str) -> Result<String, ContentError> {
        let b = Data::from_value(b).unwrap();
        let b = FigureData {
            data: &b,
            names: &[],
        };
        let data = EssayData::from([("b".to_string(), b)]);
        evaluate(&parse(inner)?, &data).and_then(|e| e.page().map(str::to_string))
    }

    fn eval(inner: &str) -> Result<String, ContentError> {
        let b = json!({"whole": 2916, "parts": [54, 54], "share": 0.47017543859, "mean": 1.8035,
                       "v": "-1/4", "g": "{2|-1/2}", "ratio": 27.0, "n": -5, "bars": 95,
                       "nest": {"list": [1, {"e": 5}]}});
        eval_in(b, inner)
    }

    #[test]
    fn shows_integers_with_thousands_separators() {
        assert_eq!(eval("b.whole").unwrap(), "2,916");
        assert_eq!(eval("b.parts.1").unwrap(), "54");
        assert_eq!(eval("b.ratio").unwrap(), "27");
        assert_eq!(with_separators(-1_234_567), "-1,234,567");
    }

    #[test]
    fn shows_a_game_as_the_figures_typeset_it() {
        assert_eq!(eval("b.v").unwrap(), "\u{2212}1/4");
        assert_eq!(eval("b.g").unwrap(), "{2\u{2009}|\u{2009}\u{2212}1/2}");
        // A claim's game literal is typeset as the value would be.
        assert_eq!(eval("b.g = \"{2|-1/2}\"").unwrap(), eval("b.g").unwrap());
        let text = json!({"board": "4 × 5", "moves": "2, 3"});
        assert_eq!(eval_in(text.clone(), "b.board").unwrap(), "4 × 5");
        assert_eq!(eval_in(text, "b.moves").unwrap(), "2, 3");
    }

    #[test]
    fn formats_percent_and_fixed() {
        assert_eq!(eval("b.share | percent(2)").unwrap(), "47.02%");
        assert_eq!(eval("b.mean | fixed(2)").unwrap(), "1.80");
        // Ties round away from zero, as claims do: the filter and `~ 47%` agree.
        let half = json!({ "x": 0.465, "y": 0.25 });
        assert_eq!(eval_in(half.clone(), "b.x | percent(0)").unwrap(), "47%");
        assert_eq!(eval_in(half.clone(), "b.x ~ 47%").unwrap(), "47%");
        assert_eq!(eval_in(half, "b.y | fixed(1)").unwrap(), "0.3");
        assert!(
            eval("b.mean | rounded(2)")
                .unwrap_err()
                .contains("unknown filter")
        );
    }

    #[test]
    fn accepts_true_claims_in_every_literal_form() {
        assert_eq!(eval("b.whole = 2,916").unwrap(), "2,916");
        assert_eq!(eval("b.whole = 2916").unwrap(), "2916");
        assert_eq!(eval("b.mean = 1.8").unwrap(), "1.8");
        assert_eq!(eval("b.share = 47%").unwrap(), "47%");
        assert_eq!(eval("b.share = 47.02%").unwrap(), "47.02%");
        assert_eq!(eval("b.v = -1/4").unwrap(), "-1/4");
        assert_eq!(eval("b.bars = Ninety-five").unwrap(), "Ninety-five");
        assert_eq!(
            eval("b.g = \"{2|-1/2}\"").unwrap(),
            "{2\u{2009}|\u{2009}\u{2212}1/2}"
        );
        assert_eq!(eval("b.ratio = 27").unwrap(), "27");
        assert_eq!(eval("b.n = -5").unwrap(), "-5");
    }

    #[test]
    fn rejects_claim_with_wrong_value_naming_both() {
        let e = eval("b.whole = 2,917").unwrap_err();
        assert!(e.contains("2,917") && e.contains("computed 2,916"), "{e}");
        let e = eval("b.share = 47.1%").unwrap_err();
        assert!(
            e.contains("computed 47.017543859%, which to the nearest 0.1% is 47.0%"),
            "{e}"
        );
        assert!(eval("b.mean = 1.7").unwrap_err().contains("computed 1.8"));
        assert!(eval("b.v = 1/4").unwrap_err().contains("computed -1/4"));
        assert!(eval("b.bars = ninety-four").is_err());
        assert!(eval("b.g = \"{2|1/2}\"").is_err());
    }

    #[test]
    fn rejects_unknown_ids_keys_and_indexes() {
        assert!(
            eval("c.whole")
                .unwrap_err()
                .contains("no figure or data block `c`")
        );
        assert!(eval("b.hole").unwrap_err().contains("no key `hole`"));
        assert!(eval("b.parts.2").unwrap_err().contains("past the end"));
        assert!(eval("b.parts").unwrap_err().contains("a list"));
        assert_eq!(eval("b.nest.list.1.e").unwrap(), "5");
        assert!(
            eval("b.nest.list.x")
                .unwrap_err()
                .contains("`b.nest.list.x`: `x` is not an index")
        );
        assert!(
            eval("b.whole.x")
                .unwrap_err()
                .contains("`b.whole.x`: `b.whole` has no keys")
        );
        assert!(
            eval("b.nest.hole")
                .unwrap_err()
                .contains("`b.nest.hole`: no key `hole`; there are: list")
        );
        let b = Data::from_value(json!({"whole": 1})).unwrap();
        let one = EssayData::from([(
            "b".to_string(),
            FigureData {
                data: &b,
                names: &[],
            },
        )]);
        let no_key = Path {
            id: "b".into(),
            steps: Vec::new(),
        };
        assert!(
            resolve(&one, &no_key)
                .unwrap_err()
                .contains("name one of its keys: whole")
        );
        assert!(parse("whole").unwrap_err().contains("ID.KEY"));
        assert!(
            parse("b.whole = about ten")
                .unwrap_err()
                .contains("cannot read")
        );
    }

    #[test]
    fn approximately_rounds_to_the_literals_own_precision() {
        let eval_with = |value: serde_json::Value, claim: &str| {
            eval_in(json!({ "x": value }), &format!("b.x {claim}"))
        };
        assert_eq!(
            eval_with(json!(1097.7), "~ a thousand").unwrap(),
            "a thousand"
        );
        let e = eval_with(json!(6.4), "~ a thousand").unwrap_err();
        assert!(e.contains("to the nearest 1,000 is 0"), "{e}");
        assert!(eval_with(json!(15.8), "~ sixteen").is_ok());
        assert!(eval_with(json!(15.4), "~ sixteen").is_err());
        assert!(eval_with(json!(24), "~ 20").is_ok());
        assert!(
            eval_with(json!(25), "~ 20").is_err(),
            "ties round away from zero"
        );
        assert!(
            eval_with(json!(15), "~ 20").is_ok(),
            "ties round away from zero"
        );
        assert!(eval_with(json!(14.999), "~ 20").is_err());
        assert!(eval_with(json!(8_450_000), "~ 8.5 million").is_ok());
        assert!(eval_with(json!(8_449_999), "~ 8.5 million").is_err());
        assert!(eval_with(json!(8_549_999), "~ 8.5 million").is_ok());
        assert!(eval_with(json!(8_550_000), "~ 8.5 million").is_err());
        assert!(eval_with(json!(0.4702), "~ 47%").is_ok());
        assert!(eval_with(json!(0.465), "~ 47%").is_ok(), "a half rounds up");
        assert!(eval_with(json!(0.4649), "~ 47%").is_err());
        assert!(eval_with(json!(1.25), "~ 1.3").is_ok());
        assert!(eval_with(json!(-1.25), "~ -1.3").is_ok());
        assert!(eval_with(json!(0.3333), "~ a third").is_ok());
        // A fraction in words holds to the nearest 1/(2 x its denominator).
        assert!(eval_with(json!(0.34), "~ a third").is_ok());
        assert!(eval_with(json!(0.25), "~ a third").is_ok());
        assert!(eval_with(json!(0.4167), "~ a third").is_err());
        assert!(eval_with(json!(0.34), "~ 1/3").is_err());
        assert!(eval_with(json!(3), "= 3").is_ok());
        assert!(eval_with(json!(3.2), "= three").is_err(), "= stays exact");
        assert!(eval_with(json!(0.5), "= half").is_ok());
    }

    #[test]
    fn comparisons_hold_at_their_edges() {
        let eval_with = |value: serde_json::Value, claim: &str| {
            eval_in(json!({ "x": value }), &format!("b.x {claim}"))
        };
        assert!(eval_with(json!(0.51), "> half").is_ok());
        assert!(eval_with(json!(0.5), "> half").is_err());
        assert!(eval_with(json!(0.5), ">= half").is_ok());
        assert!(eval_with(json!(99), "< a hundred").is_ok());
        assert!(eval_with(json!(100), "< a hundred").is_err());
        assert!(eval_with(json!(100), "<= a hundred").is_ok());
        assert!(eval_with(json!("3/4"), "< 1").is_ok());
        assert!(eval_with(json!(0.47), "< 47.1%").is_ok());
        assert!(eval_with(json!(0.471), "< 47.1%").is_err());
        let e = eval_with(json!(7), "> 9").unwrap_err();
        assert!(
            e.contains("claim `b.x > 9` is false: the generator computed 7"),
            "{e}"
        );
    }

    #[test]
    fn a_claim_may_compare_two_values_and_print_its_own_words() {
        let b = json!({ "closed": 12, "total": 12, "open": 0, "s": "x" });
        let eval_with = |claim: &str| eval_in(b.clone(), claim);
        assert_eq!(eval_with("b.closed = b.total : \"all\"").unwrap(), "all");
        assert_eq!(eval_with("b.open = 0 : \"none\"").unwrap(), "none");
        assert_eq!(eval_with("b.open < b.total").unwrap(), "0");
        assert_eq!(eval_with("b.s = \"x\" : \"the same\"").unwrap(), "the same");
        let e = eval_with("b.open = b.total : \"all\"").unwrap_err();
        assert!(
            e.contains(
                "`b.open = b.total : \"all\"` is false: the generator computed 0 against 12"
            ),
            "{e}"
        );
        assert!(
            eval_with("b.open ~ b.total")
                .unwrap_err()
                .contains("`~` rounds")
        );
        assert!(
            eval_with("b.open = 0 : none")
                .unwrap_err()
                .contains("in quotes")
        );
        assert!(
            eval_with("b.s < \"y\"")
                .unwrap_err()
                .contains("only be claimed equal")
        );
        assert!(
            eval_with("b.s < b.total")
                .unwrap_err()
                .contains("compares numbers")
        );
    }

    #[test]
    fn filters_print_numbers_as_prose_states_them() {
        let b = json!({ "n": 54, "big": 8_503_056, "f": 2.5, "zero": 0 });
        let eval_with = |inner: &str| eval_in(b.clone(), inner);
        assert_eq!(eval_with("b.n | words").unwrap(), "fifty-four");
        assert_eq!(eval_with("b.n | ordinal").unwrap(), "fifty-fourth");
        assert_eq!(eval_with("b.big | round(2)").unwrap(), "8,500,000");
        assert_eq!(eval_with("b.big | round(3)").unwrap(), "8,500,000");
        assert_eq!(eval_with("b.big | round(4)").unwrap(), "8,503,000");
        assert_eq!(eval_with("b.big | millions(1)").unwrap(), "8.5 million");
        assert_eq!(eval_with("b.big | millions(2)").unwrap(), "8.5 million");
        assert_eq!(eval_with("b.big | millions(3)").unwrap(), "8.503 million");
        assert!(
            eval_with("b.f | words")
                .unwrap_err()
                .contains("whole number")
        );
        assert!(
            eval_with("b.zero | ordinal")
                .unwrap_err()
                .contains("from 1")
        );
        assert!(
            eval_with("b.n | round(0)")
                .unwrap_err()
                .contains("unknown filter")
        );
        assert_eq!(eval_with("b.n - 33 | words").unwrap(), "twenty-one");
        assert_eq!(eval_with("b.n - 33 | ordinal").unwrap(), "twenty-first");
    }

    #[test]
    fn a_filter_on_a_value_it_cannot_print_names_the_filter_and_the_value() {
        let b = json!({ "s": "many", "f": 2.5, "zero": 0, "list": [1] });
        let eval_with = |inner: &str| eval_in(b.clone(), inner);
        for (inner, error) in [
            (
                "b.s | percent(1)",
                "`b.s | percent(1)`: expected a number or an exact fraction `a/b`, found `\"many\"`",
            ),
            ("b.s | fixed(2)", "`b.s | fixed(2)`: expected a number"),
            ("b.s | round(2)", "`b.s | round(2)`: expected a number"),
            (
                "b.s | millions(1)",
                "`b.s | millions(1)`: expected a number",
            ),
            ("b.s | words", "`b.s | words`: expected a number"),
            (
                "b.f | words",
                "`b.f | words`: expected a whole number, found `2.5`",
            ),
            (
                "b.f | ordinal",
                "`b.f | ordinal`: expected a whole number, found `2.5`",
            ),
            (
                "b.zero | ordinal",
                "`b.zero | ordinal`: expected a number from 1, found 0",
            ),
            (
                "b.list | words",
                "`b.list | words`: expected a number or an exact fraction `a/b`, found a list",
            ),
        ] {
            let e = eval_with(inner).unwrap_err();
            assert!(e.contains(error), "{inner}: {e}");
        }
    }

    #[test]
    fn approximately_rounds_half_away_from_zero_at_the_literals_place() {
        let holds = |value: serde_json::Value, claim: &str| {
            eval_in(json!({ "x": value }), &format!("b.x ~ {claim}")).is_ok()
        };
        // A thousand is the nearest 1,000: 1,500 rounds up to 2,000.
        assert!(holds(json!(1499), "a thousand"));
        assert!(!holds(json!(1500), "a thousand"));
        assert!(holds(json!(500), "a thousand"));
        assert!(!holds(json!(499.9), "a thousand"));
        assert!(holds(json!(-1499), "-1,000"));
        assert!(!holds(json!(-1500), "-1,000"));
        // Written decimals before a scale word give its place.
        assert!(holds(json!(7_950_000), "8.0 million"));
        assert!(!holds(json!(7_949_999), "8.0 million"));
        assert!(holds(json!(8_495_000), "8.50 million"));
        assert!(!holds(json!(8_494_999), "8.50 million"));
        assert!(holds(json!(1_500_000), "two million"));
        assert!(!holds(json!(1_499_999), "two million"));
        // Fraction words hold to the nearest 1/(2 x their denominator):
        // `half` from 0.375 (a tie, away from zero) up to 0.625.
        assert!(holds(json!(0.375), "half"));
        assert!(holds(json!(0.47), "half"));
        assert!(holds(json!(0.6249), "half"));
        assert!(!holds(json!(0.625), "half"));
        assert!(!holds(json!(0.3749), "a half"));
        assert!(holds(json!(0.55), "three fifths"));
        assert!(!holds(json!(0.65), "three fifths"));
        // Mixed numbers to the nearest fraction they name.
        assert!(holds(json!(1.3), "one and a half"));
        assert!(holds(json!(13.56), "thirteen and a half"));
        assert!(!holds(json!(13.75), "thirteen and a half"));
        // Fractions in digits to two decimals.
        assert!(holds(json!(0.5049), "1/2"));
        assert!(!holds(json!(0.505), "1/2"));
        assert!(holds(json!(13.5), "thirteen and a half"));
        // Number words and ordinals are whole numbers, to the nearest one.
        assert!(holds(json!(11.5), "a dozen"));
        assert!(!holds(json!(12.5), "a dozen"));
        assert!(holds(json!(0.49), "none"));
        assert!(!holds(json!(0.5), "none"));
        assert!(holds(json!(2.4), "both"));
        assert!(holds(json!(21), "twenty-first"));
        // Percentages and decimals: the last written digit, at the half.
        assert!(holds(json!(0.4705), "47.1%"));
        assert!(!holds(json!(0.47049), "47.1%"));
        assert!(holds(json!(2.85), "2.9"));
        assert!(!holds(json!(2.8499), "2.9"));
    }
}
