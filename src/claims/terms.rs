//! Quantities valued: a [`Path`](super::ast::Path) into a figure's data, a
//! number, arithmetic on them (`+ - * /`, element by element on lists:
//! `max(ps.boards.rows * ps.boards.cols)`) and functions over lists (`len`,
//! `sum`, `min`, `max`, `mean`, `median`).
//!
//! `{{ wall.routes / wall.whole ~ a thousand }}`, `{{ bar.squares - 1 =
//! seventy-nine }}`, `{{ len(sc.positions) = 583 }}`. Arithmetic is exact:
//! numbers are fractions of decimals, so `1 / 3 * 3` is 1.
//!
//! It imports the tree, the data, paths, ratios and values; the evaluation
//! imports it.

use super::ast::{Function, Term};
use super::data::EssayData;
use super::decide::ratio_of;
use super::path::resolve;
use super::print::describe;
use super::ratio::Ratio;
use crate::site::diagnostics::ContentError;
use rust_decimal::Decimal;
use serde_json::Value;

/// The value of a term in an essay's data. Errors name the sub-term that
/// failed.
pub fn value(term: &Term, data: &EssayData<'_>) -> Result<Value, ContentError> {
    match term {
        Term::Path(path) => resolve(data, path),
        Term::Number(n) => Ok(of_ratio(Ratio::whole(*n))),
        Term::Binary(a, op, b) => {
            let (x, y) = (value(a, data)?, value(b, data)?);
            arithmetic(*op, &x, &y, (term, a, b))
        }
        Term::Call(function, args) => call(*function, args, term, data),
    }
}

/// `x OP y` for the term `a OP b`: of two numbers, or element by element
/// of a list and a number or of two lists of one length
/// (`boards.rows * boards.cols`).
fn arithmetic(
    op: char,
    x: &Value,
    y: &Value,
    names @ (term, a, b): (&Term, &Term, &Term),
) -> Result<Value, ContentError> {
    let each = |pairs: Vec<(&Value, &Value)>| {
        pairs
            .into_iter()
            .map(|(x, y)| arithmetic(op, x, y, names))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array)
    };
    match (x, y) {
        (Value::Array(xs), Value::Array(ys)) if xs.len() != ys.len() => Err(format!(
            "`{term}`: `{a}` is a list of {} and `{b}` a list of {}; arithmetic on two lists \
             takes them element by element, so they must be of one length",
            xs.len(),
            ys.len()
        )
        .into()),
        (Value::Array(xs), Value::Array(ys)) => each(xs.iter().zip(ys).collect()),
        (Value::Array(xs), y) => each(xs.iter().map(|x| (x, y)).collect()),
        (x, Value::Array(ys)) => each(ys.iter().map(|y| (x, y)).collect()),
        _ => {
            let x = ratio_of(x).map_err(|e| e.within(format_args!("`{a}`")))?;
            let y = ratio_of(y).map_err(|e| e.within(format_args!("`{b}`")))?;
            let overflow = || format!("`{term}`: the numbers are too large");
            let r = match op {
                '+' => sum(x, y).ok_or_else(overflow)?,
                '-' => sum(x, negated(y)).ok_or_else(overflow)?,
                '*' => x.times(y).ok_or_else(overflow)?,
                _ if y.num == Decimal::ZERO => {
                    return Err(format!("`{term}`: `{b}` is 0, and nothing divides by 0").into());
                }
                _ => x.divided(y).ok_or_else(overflow)?,
            };
            Ok(of_ratio(r))
        }
    }
}

/// `x + y`, exactly; `None` past Decimal's range.
fn sum(x: Ratio, y: Ratio) -> Option<Ratio> {
    Some(Ratio {
        num: x
            .num
            .checked_mul(y.den)?
            .checked_add(y.num.checked_mul(x.den)?)?,
        den: x.den.checked_mul(y.den)?,
    })
}

fn negated(r: Ratio) -> Ratio {
    Ratio { num: -r.num, ..r }
}

/// A function of its arguments: of one list's elements, or of several numbers.
fn call(
    function: Function,
    args: &[Term],
    term: &Term,
    data: &EssayData<'_>,
) -> Result<Value, ContentError> {
    let values: Vec<Value> = match args {
        [one] => match value(one, data)? {
            Value::Array(items) => items,
            Value::Object(map) if function == Function::Len => map.into_values().collect(),
            other if function == Function::Len => {
                return Err(format!("`{term}`: `{one}` is {other}, not a list").into());
            }
            other => vec![other],
        },
        _ if function == Function::Len => {
            return Err(format!("`{term}`: `len` takes one list").into());
        }
        several => {
            let mut values = Vec::new();
            for arg in several {
                match value(arg, data)? {
                    Value::Array(items) => {
                        let name = function.name();
                        return Err(format!(
                            "`{term}`: `{arg}` is {}; `{name}` of several values takes \
                             numbers: nest the list's (`{name}({name}({arg}), ...)`)",
                            describe(&Value::Array(items)),
                        )
                        .into());
                    }
                    other => values.push(other),
                }
            }
            values
        }
    };
    if function == Function::Len {
        return Ok(Value::from(values.len()));
    }
    let mut numbers: Vec<Ratio> = values
        .iter()
        .map(|v| ratio_of(v).map_err(|e| format!("`{term}`: {e}")))
        .collect::<Result<_, _>>()?;
    if numbers.is_empty() {
        return Err(format!("`{term}`: the list is empty").into());
    }
    let overflow = || ContentError::new(format!("`{term}`: the numbers are too large"));
    let total = |numbers: &[Ratio]| -> Result<Ratio, ContentError> {
        numbers
            .iter()
            .try_fold(Ratio::whole(Decimal::ZERO), |acc, r| sum(acc, *r))
            .ok_or_else(overflow)
    };
    let divide = |r: Ratio, n: usize| Ratio {
        num: r.num,
        den: r.den * Decimal::from(n),
    };
    let order = |a: &Ratio, b: &Ratio| a.compare(*b).unwrap_or(std::cmp::Ordering::Equal);
    numbers.sort_by(order);
    let n = numbers.len();
    let r = match function {
        Function::Sum => total(&numbers)?,
        Function::Min => numbers[0],
        Function::Max => numbers[n - 1],
        Function::Mean => divide(total(&numbers)?, n),
        Function::Median if n % 2 == 1 => numbers[n / 2],
        Function::Median => divide(total(&numbers[n / 2 - 1..=n / 2])?, 2),
        Function::Len => unreachable!("len returns above"),
    };
    Ok(of_ratio(r))
}

/// An exact number as a value: a whole number or a decimal that a JSON
/// number holds exactly as a JSON number, and otherwise the fraction
/// `num/den` in lowest terms (which claims read exactly): never a float's
/// approximation of 54/7.
fn of_ratio(r: Ratio) -> Value {
    if let Some(v) = r.terminating() {
        if let (Ok(i), true) = (i64::try_from(v), v.fract() == Decimal::ZERO) {
            return Value::from(i);
        }
        let text = v.to_string();
        if let Some(n) = text
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .filter(|n| n.to_string() == text)
        {
            return Value::Number(n);
        }
    }
    match r.lowest() {
        Some((num, den)) => Value::from(format!("{num}/{den}")),
        None => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::{parse, parse_term};
    use super::*;
    use crate::claims::FigureData;
    use crate::generators::Data;
    use serde_json::json;

    fn eval(text: &str) -> Result<Value, ContentError> {
        let b = Data::from_value(json!({
            "whole": 2916, "parts": [54, 54], "routes": 3_000_000, "ratio": 27.0,
            "shares": [0.5, 0.25, 0.125], "empty": [], "name": "x",
            "rows": [2, 3, 4], "cols": [6, 4, 5], "names": ["a", "b", "c"],
        }))
        .unwrap();
        let b = FigureData {
            data: &b,
            names: &[],
        };
        let data = EssayData::from([("b".to_string(), b), ("two-rows".to_string(), b)]);
        value(&parse_term(text)?, &data)
    }

    #[test]
    fn arithmetic_is_exact_and_follows_precedence() {
        assert_eq!(eval("b.whole - 1"), Ok(json!(2915)));
        assert_eq!(eval("b.parts.0 * b.parts.1"), Ok(json!(2916)));
        assert_eq!(eval("b.routes / b.whole"), Ok(json!("250000/243")));
        assert_eq!(eval("1 / 3 * 3"), Ok(json!(1)));
        assert_eq!(eval("2 + 3 * 4"), Ok(json!(14)));
        assert_eq!(eval("(2 + 3) * 4"), Ok(json!(20)));
        assert_eq!(eval("b.whole / 4"), Ok(json!(729)));
        assert_eq!(eval("1 / 4"), Ok(json!(0.25)));
        assert_eq!(eval("-1 - 2"), Ok(json!(-3)));
        assert_eq!(eval("b.ratio / -2"), Ok(json!(-13.5)));
        // A hyphen inside a word belongs to a figure's id.
        assert_eq!(eval("two-rows.whole - b.whole"), Ok(json!(0)));
    }

    #[test]
    fn functions_take_a_list_or_several_numbers() {
        assert_eq!(eval("len(b.parts)"), Ok(json!(2)));
        assert_eq!(eval("sum(b.parts)"), Ok(json!(108)));
        assert_eq!(eval("max(b.shares)"), Ok(json!(0.5)));
        assert_eq!(eval("min(b.shares)"), Ok(json!(0.125)));
        assert_eq!(eval("mean(b.shares)"), Ok(json!("7/24")));
        assert_eq!(eval("median(b.shares)"), Ok(json!(0.25)));
        assert_eq!(eval("median(b.parts)"), Ok(json!(54)));
        assert_eq!(eval("max(b.whole, b.routes)"), Ok(json!(3_000_000)));
        assert_eq!(eval("len(b.parts) * 2"), Ok(json!(4)));
    }

    #[test]
    fn arithmetic_on_lists_is_element_by_element() {
        // Boards of 2 x 6, 3 x 4 and 4 x 5: 12, 12 and 20 squares.
        assert_eq!(eval("b.rows * b.cols"), Ok(json!([12, 12, 20])));
        assert_eq!(eval("max(b.rows * b.cols)"), Ok(json!(20)));
        assert_eq!(eval("b.rows - 1"), Ok(json!([1, 2, 3])));
        assert_eq!(eval("12 / b.rows"), Ok(json!([6, 4, 3])));
        assert_eq!(eval("sum(b.cols - b.rows)"), Ok(json!(6)));
        let e = eval("b.parts * b.rows").unwrap_err();
        assert!(
            e.contains("`b.parts` is a list of 2 and `b.rows` a list of 3"),
            "{e}"
        );
        let e = eval("b.names + 1").unwrap_err();
        assert!(e.contains("`b.names`: expected a number"), "{e}");
        let e = eval("1 / (b.rows - 2)").unwrap_err();
        assert!(e.contains("nothing divides by 0"), "{e}");
    }

    #[test]
    fn errors_name_the_sub_term_that_failed() {
        let e = eval("b.whole / (b.parts.0 - 54)").unwrap_err();
        assert!(e.contains("`b.parts.0 - 54` is 0"), "{e}");
        let e = eval("len(b.whole)").unwrap_err();
        assert!(
            e.contains("`len(b.whole)`: `b.whole` is 2916, not a list"),
            "{e}"
        );
        let e = eval("sum(b.empty)").unwrap_err();
        assert!(e.contains("the list is empty"), "{e}");
        let e = eval("b.name + 1").unwrap_err();
        assert!(e.contains("`b.name`"), "{e}");
        assert!(parse("b.whole -1").is_ok());
        assert!(parse("b.whole-1").is_ok());
        assert!(
            parse("b.whole- 1")
                .unwrap_err()
                .contains("a name does not end in `-`")
        );
        assert!(parse("(b.whole").unwrap_err().contains("not closed"));
        assert!(
            parse("b.whole b.parts")
                .unwrap_err()
                .contains("unexpected `b.parts`")
        );
        assert!(parse("whole").unwrap_err().contains("expected `ID.KEY`"));
    }

    #[test]
    fn a_term_of_more_tokens_than_the_limit_is_refused_not_recursed_into() {
        let deep = format!("{}b.x{}", "(".repeat(20_000), ")".repeat(20_000));
        let long = vec!["b.x"; 20_000].join(" + ");
        for text in [deep, long] {
            let e = parse(&text).unwrap_err();
            assert!(e.contains("more than 256 numbers"), "{e}");
            assert!(e.len() < 200, "{e}");
        }
        let fine = format!("{}b.x{}", "(".repeat(127), ")".repeat(127));
        assert!(parse(&fine).is_ok());
    }

    #[test]
    fn terms_read_back_as_written() {
        for text in [
            "b.whole - 1",
            "len(b.parts) * 2",
            "(b.a + b.b) / 2",
            "max(b.x, b.y)",
        ] {
            assert_eq!(parse(text).unwrap().to_string(), text);
        }
    }
}
