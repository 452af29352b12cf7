//! Quantities in claims and values: a [`Path`] into a figure's data, a number,
//! arithmetic on them (`+ - * /`, parentheses) and functions over lists
//! (`len`, `sum`, `min`, `max`, `mean`, `median`).
//!
//! `{{ wall.routes / wall.whole ~ a thousand }}`, `{{ bar.squares - 1 =
//! seventy-nine }}`, `{{ len(sc.positions) = 583 }}`. Arithmetic is exact:
//! numbers are fractions of decimals, so `1 / 3 * 3` is 1. A `-` between two
//! terms needs spaces around it; inside a word it is part of a figure's id
//! (`two-rows.grid`).
//!
//! It imports the claims' data, paths, ratios and values ([`super::claims`]'
//! lower files, never its `mod.rs`) and diagnostics; the claims' syntax imports
//! it.

use super::claims::data::EssayData;
use super::claims::evaluate::ratio_of;
use super::claims::path::{Path, closing, resolve};
use super::claims::ratio::Ratio;
use super::diagnostics::{ContentError, cut};
use rust_decimal::Decimal;
use serde_json::Value;
use std::fmt;

/// A quantity, before the data is known.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// `ID.KEY...`: keys, indexes, names and filters.
    Path(Path),
    /// A number written in the expression.
    Number(Decimal),
    /// `a + b`, `a - b`, `a * b` or `a / b`.
    Binary(Box<Term>, char, Box<Term>),
    /// A function of its arguments (`len(ID.KEY)`).
    Call(Function, Vec<Term>),
}

/// A function a term may call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// `len`: how many items a list (or an object) holds.
    Len,
    /// `sum`.
    Sum,
    /// `min`.
    Min,
    /// `max`.
    Max,
    /// `mean`.
    Mean,
    /// `median`.
    Median,
}

impl Function {
    const ALL: [(&'static str, Function); 6] = [
        ("len", Function::Len),
        ("sum", Function::Sum),
        ("min", Function::Min),
        ("max", Function::Max),
        ("mean", Function::Mean),
        ("median", Function::Median),
    ];

    fn name(self) -> &'static str {
        Function::ALL
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("", |(n, _)| n)
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Path(path) => write!(f, "{path}"),
            Term::Number(n) => write!(f, "{n}"),
            Term::Binary(a, op, b) => {
                let side = |t: &Term| match t {
                    Term::Binary(..) => format!("({t})"),
                    _ => t.to_string(),
                };
                write!(f, "{} {op} {}", side(a), side(b))
            }
            Term::Call(function, args) => {
                let args: Vec<String> = args.iter().map(Term::to_string).collect();
                write!(f, "{}({})", function.name(), args.join(", "))
            }
        }
    }
}

impl Term {
    /// The figure ids the term reads.
    pub fn ids(&self) -> Vec<&str> {
        match self {
            Term::Path(path) => vec![path.id.as_str()],
            Term::Number(_) => Vec::new(),
            Term::Binary(a, _, b) => [a.ids(), b.ids()].concat(),
            Term::Call(_, args) => args.iter().flat_map(Term::ids).collect(),
        }
    }
}

/// One token of a term.
#[derive(Clone, Debug, PartialEq)]
enum Token<'a> {
    Word(&'a str),
    Symbol(char),
}

fn tokens(text: &str) -> Result<Vec<Token<'_>>, ContentError> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while let Some(c) = rest.chars().next() {
        let after = &rest[c.len_utf8()..];
        // A minus followed by a digit, where no term ends before it, is a sign.
        let sign = c == '-'
            && after.starts_with(|d: char| d.is_ascii_digit())
            && !matches!(out.last(), Some(Token::Word(_) | Token::Symbol(')')));
        if "+-*/(),".contains(c) && !sign {
            out.push(Token::Symbol(c));
            rest = after;
        } else if c.is_alphanumeric() || "_.-".contains(c) {
            let end = word_end(rest)?;
            let word = &rest[..end];
            if word.ends_with('-') {
                return Err(format!("`{word}`: a `-` between terms needs spaces around it").into());
            }
            out.push(Token::Word(word));
            rest = &rest[end..];
        } else {
            return Err(format!("unexpected `{c}` in `{}`", text.trim()).into());
        }
        rest = rest.trim_start();
    }
    Ok(out)
}

/// Where the word that starts `text` ends: letters, digits, `_.-` and a
/// path's `[...]` steps (which may hold spaces and operators).
fn word_end(text: &str) -> Result<usize, ContentError> {
    let mut end = 0;
    loop {
        end += text[end..]
            .find(|w: char| !(w.is_alphanumeric() || "_.-".contains(w)))
            .unwrap_or(text.len() - end);
        if !text[end..].starts_with('[') {
            return Ok(end);
        }
        let close = closing(&text[end..])
            .ok_or_else(|| format!("`{}`: `[` is not closed by `]`", text.trim()))?;
        end += close + 1;
    }
}

/// The most tokens (numbers, paths, names, operators, parentheses and
/// commas) a term may have: its parse, its value and its printing recurse
/// once for each parenthesis and operator, so this bounds how deep they go.
pub const MAX_TOKENS: usize = 256;

/// Parses a term.
pub fn parse(text: &str) -> Result<Term, ContentError> {
    let tokens = tokens(text)?;
    if tokens.len() > MAX_TOKENS {
        return Err(format!(
            "`{}` has more than {MAX_TOKENS} numbers, names, operators and parentheses; a \
             claim states a quantity of a few",
            cut(text.trim())
        )
        .into());
    }
    let mut parser = Parser { tokens, at: 0 };
    let term = parser.sum()?;
    match parser.tokens.get(parser.at) {
        None => Ok(term),
        Some(t) => Err(format!("unexpected {} in `{}`", shown(t), text.trim()).into()),
    }
}

fn shown(t: &Token<'_>) -> String {
    match t {
        Token::Word(w) => format!("`{w}`"),
        Token::Symbol(c) => format!("`{c}`"),
    }
}

struct Parser<'a> {
    tokens: Vec<Token<'a>>,
    at: usize,
}

impl<'a> Parser<'a> {
    fn next(&mut self) -> Option<Token<'a>> {
        let t = self.tokens.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn eat(&mut self, symbol: char) -> bool {
        let here = self.tokens.get(self.at) == Some(&Token::Symbol(symbol));
        if here {
            self.at += 1;
        }
        here
    }

    /// `product (('+' | '-') product)*`
    fn sum(&mut self) -> Result<Term, ContentError> {
        self.chain(&['+', '-'], Parser::product)
    }

    /// `factor (('*' | '/') factor)*`
    fn product(&mut self) -> Result<Term, ContentError> {
        self.chain(&['*', '/'], Parser::factor)
    }

    fn chain(
        &mut self,
        ops: &[char],
        operand: fn(&mut Parser<'a>) -> Result<Term, ContentError>,
    ) -> Result<Term, ContentError> {
        let mut term = operand(self)?;
        while let Some(&op) = ops.iter().find(|&&op| self.eat(op)) {
            term = Term::Binary(Box::new(term), op, Box::new(operand(self)?));
        }
        Ok(term)
    }

    /// A number, a path, a call or a parenthesised sum.
    fn factor(&mut self) -> Result<Term, ContentError> {
        match self.next() {
            Some(Token::Symbol('(')) => {
                let term = self.sum()?;
                if self.eat(')') {
                    Ok(term)
                } else {
                    Err("a `(` is not closed".into())
                }
            }
            Some(Token::Word(word)) => {
                if let Ok(n) = word.parse::<Decimal>() {
                    return Ok(Term::Number(n));
                }
                if let Some(&(_, function)) = Function::ALL.iter().find(|(n, _)| *n == word)
                    && self.eat('(')
                {
                    let mut args = vec![self.sum()?];
                    while self.eat(',') {
                        args.push(self.sum()?);
                    }
                    if !self.eat(')') {
                        return Err(format!("`{word}(` is not closed").into());
                    }
                    return Ok(Term::Call(function, args));
                }
                match Path::parse(word) {
                    Ok(path) => Ok(Term::Path(path)),
                    Err(e) if word.contains('[') => Err(e),
                    Err(_) => Err(format!(
                        "expected `ID.KEY` (a figure id and a dotted key), a number or a \
                         function ({}), found `{word}`",
                        Function::ALL.map(|(n, _)| n).join(", ")
                    )
                    .into()),
                }
            }
            Some(t) => Err(format!("expected a quantity, found {}", shown(&t)).into()),
            None => Err("expected a quantity, found the end".into()),
        }
    }
}

/// The value of a term in an essay's data. Errors name the sub-term that
/// failed.
pub fn value(term: &Term, data: &EssayData<'_>) -> Result<Value, ContentError> {
    match term {
        Term::Path(path) => resolve(data, path),
        Term::Number(n) => Ok(of_ratio(Ratio::whole(*n))),
        Term::Binary(a, op, b) => {
            let (x, y) = (number(a, data)?, number(b, data)?);
            let overflow = || format!("`{term}`: the numbers are too large");
            let r = match op {
                '+' => sum(x, y).ok_or_else(overflow)?,
                '-' => sum(x, negated(y)).ok_or_else(overflow)?,
                '*' => Ratio {
                    num: x.num.checked_mul(y.num).ok_or_else(overflow)?,
                    den: x.den.checked_mul(y.den).ok_or_else(overflow)?,
                },
                _ if y.num == Decimal::ZERO => {
                    return Err(format!("`{term}`: `{b}` is 0, and nothing divides by 0").into());
                }
                _ => {
                    let sign = if y.num < Decimal::ZERO {
                        -Decimal::ONE
                    } else {
                        Decimal::ONE
                    };
                    Ratio {
                        num: x.num.checked_mul(y.den * sign).ok_or_else(overflow)?,
                        den: x.den.checked_mul(y.num * sign).ok_or_else(overflow)?,
                    }
                }
            };
            Ok(of_ratio(r))
        }
        Term::Call(function, args) => call(*function, args, term, data),
    }
}

/// A term's value as an exact number.
fn number(term: &Term, data: &EssayData<'_>) -> Result<Ratio, ContentError> {
    let v = value(term, data)?;
    ratio_of(&v).map_err(|e| e.within(format_args!("`{term}`")))
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
        several => several
            .iter()
            .map(|t| value(t, data))
            .collect::<Result<_, _>>()?,
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

/// An exact number as a value: a JSON number when it is a decimal, and the
/// fraction `num/den` in lowest terms otherwise (which claims read exactly).
fn of_ratio(r: Ratio) -> Value {
    let (num, den) = (r.num.normalize(), r.den.normalize());
    if let Some(v) = num.checked_div(den)
        && v.checked_mul(den) == Some(num)
    {
        let v = v.normalize();
        return match (i64::try_from(v), v.fract() == Decimal::ZERO) {
            (Ok(i), true) => Value::from(i),
            _ => v
                .to_string()
                .parse::<f64>()
                .map_or(Value::Null, Value::from),
        };
    }
    // Both whole after scaling by the same power of ten, then reduced.
    let scale = num.scale().max(den.scale());
    let whole = |d: Decimal| {
        let mut d = d;
        d.rescale(scale);
        d.mantissa()
    };
    let (mut a, mut b) = (whole(num), whole(den));
    let (mut x, mut y) = (a.unsigned_abs(), b.unsigned_abs());
    while y != 0 {
        (x, y) = (y, x % y);
    }
    let g = x.max(1) as i128;
    (a, b) = (a / g, b / g);
    Value::from(format!("{a}/{b}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::Data;
    use crate::site::claims::FigureData;
    use serde_json::json;

    fn eval(text: &str) -> Result<Value, ContentError> {
        let b = Data::from_value(json!({
            "whole": 2916, "parts": [54, 54], "routes": 3_000_000, "ratio": 27.0,
            "shares": [0.5, 0.25, 0.125], "empty": [], "name": "x",
        }))
        .unwrap();
        let b = FigureData {
            data: &b,
            names: &[],
        };
        let data = EssayData::from([("b".to_string(), b), ("two-rows".to_string(), b)]);
        value(&parse(text)?, &data)
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
        assert!(parse("b.whole- 1").unwrap_err().contains("needs spaces"));
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
