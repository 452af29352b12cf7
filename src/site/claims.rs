//! Values and claims in prose: `{{ ID.KEY }}`, `{{ ID.KEY | percent(N) }}`,
//! `{{ ID.KEY | fixed(N) }}` and `{{ ID.KEY = LITERAL }}`.
//!
//! This module parses the expressions, resolves their paths in a figure's data,
//! formats values and decides claims. It knows nothing of markdown: the
//! markdown stage hands it the text of prose and captions.

use super::figures::Data;
use serde_json::Value;
use std::collections::BTreeMap;

/// The data of an essay's figures, by figure id (borrowed from the figures).
pub type EssayData<'a> = BTreeMap<String, &'a Data>;

/// One `{{ ... }}` found in a text.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// Byte range of the whole `{{ ... }}` in the text.
    pub start: usize,
    pub end: usize,
    pub expr: Result<Expr, String>,
}

/// A parsed expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// `ID.KEY...`, split on dots.
    pub path: Vec<String>,
    pub action: Action,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Show,
    Percent(usize),
    Fixed(usize),
    Claim(Literal),
}

/// A claim's literal, with the text it renders as.
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    pub text: String,
    pub kind: LiteralKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LiteralKind {
    Integer(i64),
    /// Compared after rounding the computed value to `places` decimals.
    Decimal {
        value: String,
        places: usize,
    },
    /// Compared after rounding 100 x the computed ratio to `places` decimals.
    Percent {
        value: String,
        places: usize,
    },
    Fraction {
        num: i64,
        den: i64,
    },
    String(String),
}

/// Finds every `{{ ... }}` in `text`.
pub fn find_all(text: &str) -> Vec<Found> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find("{{").map(|i| i + from) {
        let Some(close) = text[open + 2..].find("}}").map(|i| i + open + 2) else {
            out.push(Found {
                start: open,
                end: text.len(),
                expr: Err("`{{` is not closed by `}}`".into()),
            });
            break;
        };
        // A string literal may itself contain `}}`: extend to the closing quote.
        let close = match text[open + 2..close].matches('"').count() % 2 {
            1 => text[close..]
                .find('"')
                .and_then(|q| text[close + q..].find("}}").map(|c| close + q + c))
                .unwrap_or(close),
            _ => close,
        };
        out.push(Found {
            start: open,
            end: close + 2,
            expr: parse(&text[open + 2..close]),
        });
        from = close + 2;
    }
    out
}

/// Parses the inside of `{{ ... }}`.
pub fn parse(inner: &str) -> Result<Expr, String> {
    let inner = inner.trim();
    let (path_text, action) = if let Some((p, lit)) = inner.split_once('=') {
        (p, Action::Claim(parse_literal(lit.trim())?))
    } else if let Some((p, filter)) = inner.split_once('|') {
        (p, parse_filter(filter.trim())?)
    } else {
        (inner, Action::Show)
    };
    let path: Vec<String> = path_text.trim().split('.').map(str::to_string).collect();
    if path.len() < 2 || !path.iter().all(|s| is_name(s)) {
        return Err(format!(
            "expected `ID.KEY` (a figure id and a dotted key), found `{}`",
            path_text.trim()
        ));
    }
    Ok(Expr { path, action })
}

fn parse_filter(filter: &str) -> Result<Action, String> {
    let bad = || format!("unknown filter `{filter}`; expected `percent(N)` or `fixed(N)`");
    let (name, rest) = filter.split_once('(').ok_or_else(bad)?;
    let n: usize = rest
        .strip_suffix(')')
        .and_then(|n| n.trim().parse().ok())
        .filter(|&n| n <= 12)
        .ok_or_else(bad)?;
    match name.trim() {
        "percent" => Ok(Action::Percent(n)),
        "fixed" => Ok(Action::Fixed(n)),
        _ => Err(bad()),
    }
}

/// Parses a claim's literal.
pub fn parse_literal(text: &str) -> Result<Literal, String> {
    let kind = literal_kind(text).ok_or_else(|| {
        format!(
            "cannot read `{text}` as a literal: expected an integer (2,916), a decimal (1.8), a \
             percentage (47%), a fraction (-1/4), an English number (Ninety-five) or a quoted string"
        )
    })?;
    let text = match &kind {
        LiteralKind::String(s) => s.clone(),
        _ => text.to_string(),
    };
    Ok(Literal { text, kind })
}

fn literal_kind(text: &str) -> Option<LiteralKind> {
    if let Some(s) = text.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        return Some(LiteralKind::String(s.to_string()));
    }
    if let Some(p) = text.strip_suffix('%') {
        let (value, places) = decimal(p.trim())?;
        return Some(LiteralKind::Percent { value, places });
    }
    if let Some((n, d)) = text.split_once('/') {
        let num: i64 = n.trim().parse().ok()?;
        let den: i64 = d.trim().parse().ok().filter(|&d: &i64| d > 0)?;
        return Some(LiteralKind::Fraction { num, den });
    }
    if let Some(i) = integer(text) {
        return Some(LiteralKind::Integer(i));
    }
    if let Some((value, places)) = decimal(text) {
        return Some(LiteralKind::Decimal { value, places });
    }
    cardinal(text).map(LiteralKind::Integer)
}

/// An integer, plain or with thousands separators (`2,916`).
fn integer(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let groups: Vec<&str> = digits.split(',').collect();
    let well_grouped = groups.len() == 1
        || (!groups[0].is_empty()
            && groups[0].len() <= 3
            && groups[1..].iter().all(|g| g.len() == 3));
    if digits.is_empty()
        || !well_grouped
        || !groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()))
    {
        return None;
    }
    text.replace(',', "").parse().ok()
}

/// A decimal `-?d+(.d+)?`, normalised, with its number of places.
fn decimal(text: &str) -> Option<(String, usize)> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let int_digits = int.strip_prefix('-').unwrap_or(int);
    if int_digits.is_empty()
        || !int_digits.chars().all(|c| c.is_ascii_digit())
        || !frac.chars().all(|c| c.is_ascii_digit())
        || (text.contains('.') && frac.is_empty())
    {
        return None;
    }
    Some((text.to_string(), frac.len()))
}

/// An English cardinal: "Ninety-five", "a hundred and forty-three", "two
/// thousand nine hundred and sixteen". Scales descend, each once; `and`
/// stands only before the last part under a hundred; anything else ("one
/// one", "thousand thousand") is not a number.
pub fn cardinal(text: &str) -> Option<i64> {
    let lower = text.to_lowercase();
    let mut words = Words {
        words: lower
            .split(|c: char| c.is_whitespace() || c == '-')
            .filter(|w| !w.is_empty())
            .collect(),
        at: 0,
    };
    if words.words == ["zero"] {
        return Some(0);
    }
    let (mut total, mut last_scale) = (0i64, i64::MAX);
    loop {
        let and = total > 0 && words.eat("and");
        let group = words.below_thousand()?;
        match words.peek().and_then(scale) {
            Some(s) if !and && s < last_scale => {
                words.at += 1;
                total += group * s;
                last_scale = s;
                if words.done() {
                    return Some(total);
                }
            }
            Some(_) => return None,
            None if and && group >= 100 => return None,
            None => return words.done().then_some(total + group),
        }
    }
}

/// The words of a cardinal, read left to right.
struct Words<'a> {
    words: Vec<&'a str>,
    at: usize,
}

impl Words<'_> {
    fn peek(&self) -> Option<&str> {
        self.words.get(self.at).copied()
    }

    fn done(&self) -> bool {
        self.at == self.words.len()
    }

    fn eat(&mut self, word: &str) -> bool {
        let here = self.peek() == Some(word);
        self.at += usize::from(here);
        here
    }

    /// A word worth 1 to 19 (`a` only before a scale or `hundred`).
    fn unit(&mut self) -> Option<i64> {
        const UNITS: [&str; 19] = [
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ];
        let n = UNITS.iter().position(|u| Some(*u) == self.peek())? as i64 + 1;
        self.at += 1;
        Some(n)
    }

    /// 1 to 99: a unit, or tens with an optional unit below ten.
    fn below_hundred(&mut self) -> Option<i64> {
        const TENS: [&str; 8] = [
            "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
        ];
        if let Some(n) = self.unit() {
            return Some(n);
        }
        let tens = TENS.iter().position(|t| Some(*t) == self.peek())? as i64;
        self.at += 1;
        let save = self.at;
        let unit = match self.unit() {
            Some(u) if u < 10 => u,
            Some(_) => {
                self.at = save;
                0
            }
            None => 0,
        };
        Some(20 + 10 * tens + unit)
    }

    /// 1 to 999, or the `a` of "a thousand".
    fn below_thousand(&mut self) -> Option<i64> {
        let start = self.at;
        let lead = if self.eat("a") { Some(1) } else { self.unit() };
        if let Some(lead) = lead.filter(|&l| l < 10)
            && self.eat("hundred")
        {
            let rest = if self.eat("and") {
                self.below_hundred()?
            } else {
                self.below_hundred().unwrap_or(0)
            };
            return Some(lead * 100 + rest);
        }
        self.at = start;
        if self.peek() == Some("a") {
            self.at += 1;
            return self.peek().and_then(scale).map(|_| 1);
        }
        self.below_hundred()
    }
}

/// The value of a scale word.
fn scale(word: &str) -> Option<i64> {
    match word {
        "thousand" => Some(1_000),
        "million" => Some(1_000_000),
        _ => None,
    }
}

/// Whether `s` can be a figure id or a data key: letters, digits, `_` and `-`.
pub fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Looks `path` up in the essay's data: the first segment names the figure,
/// the second a key of its data, the rest object keys or array indexes.
pub fn resolve(data: &EssayData<'_>, path: &[String]) -> Result<Value, String> {
    let (id, keys) = path.split_first().expect("paths have an id");
    let figure = data.get(id).ok_or_else(|| {
        let ids: Vec<&str> = data.keys().map(String::as_str).collect();
        format!(
            "no figure or data block `{id}` in this essay{}",
            if ids.is_empty() {
                String::new()
            } else {
                format!("; there are: {}", ids.join(", "))
            }
        )
    })?;
    let no_key = |here: String, key: &str, keys: Vec<&str>| {
        format!("`{here}`: no key `{key}`; there are: {}", keys.join(", "))
    };
    let Some((first, rest)) = keys.split_first() else {
        let keys: Vec<&str> = figure.keys().collect();
        return Err(format!(
            "`{id}` is a figure's data: name one of its keys: {}",
            keys.join(", ")
        ));
    };
    let mut value = figure
        .get(first)
        .ok_or_else(|| no_key(path[..2].join("."), first, figure.keys().collect()))?
        .map_err(|e| format!("`{id}.{first}`: {e}"))?;
    for (depth, key) in rest.iter().enumerate() {
        let here = path[..depth + 3].join(".");
        value = match value {
            Value::Object(mut map) => map
                .remove(key)
                .ok_or_else(|| no_key(here, key, map.keys().map(String::as_str).collect()))?,
            Value::Array(mut items) => {
                let i: usize = key
                    .parse()
                    .map_err(|_| format!("`{here}`: `{key}` is not an index of a list"))?;
                if i >= items.len() {
                    return Err(format!(
                        "`{here}`: index {i} is past the end of a list of {}",
                        items.len()
                    ));
                }
                items.swap_remove(i)
            }
            _ => {
                return Err(format!(
                    "`{here}`: `{}` has no keys",
                    path[..depth + 2].join(".")
                ));
            }
        };
    }
    Ok(value)
}

/// Formats an integer with thousands separators.
pub fn with_separators(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

fn number(value: &Value, what: &str) -> Result<f64, String> {
    value
        .as_f64()
        .ok_or_else(|| format!("{what} needs a number, found {}", describe(value)))
}

fn describe(value: &Value) -> String {
    match value {
        Value::Array(_) => "a list (name an element by index)".into(),
        Value::Object(_) => "an object (name one of its keys)".into(),
        Value::Null => "no value".into(),
        other => format!("`{other}`"),
    }
}

/// Shows a value as prose: integers with separators, other numbers with at
/// most three places, strings as they are.
pub fn show(value: &Value) -> Result<String, String> {
    match value {
        Value::Number(n) => Ok(match n.as_i64() {
            Some(i) => with_separators(i),
            None => {
                let f = n.as_f64().unwrap_or(f64::NAN);
                if f.fract() == 0.0 && f.abs() < 1e15 {
                    with_separators(f as i64)
                } else {
                    let s = format!("{f:.3}");
                    s.trim_end_matches('0').trim_end_matches('.').to_string()
                }
            }
        }),
        Value::String(s) => Ok(s.clone()),
        Value::Bool(b) => Ok(b.to_string()),
        other => Err(format!("cannot show {}", describe(other))),
    }
}

fn fixed(f: f64, places: usize) -> String {
    let s = format!("{f:.places$}");
    // Rounding can give "-0.0"; a claim of "0.0" should match it.
    if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
        s[1..].to_string()
    } else {
        s
    }
}

/// Evaluates an expression against the data: the text it renders as, or why
/// it cannot (an unknown key, a false claim with both values).
pub fn evaluate(expr: &Expr, data: &EssayData<'_>) -> Result<String, String> {
    let value = &resolve(data, &expr.path)?;
    let name = expr.path.join(".");
    match &expr.action {
        Action::Show => show(value).map_err(|e| format!("`{name}`: {e}")),
        Action::Percent(n) => Ok(format!("{}%", fixed(100.0 * number(value, "percent")?, *n))),
        Action::Fixed(n) => Ok(fixed(number(value, "fixed")?, *n)),
        Action::Claim(lit) => {
            let computed =
                computed_as(&lit.kind, value).map_err(|e| format!("claim on `{name}`: {e}"))?;
            if computed.1 {
                Ok(lit.text.clone())
            } else {
                Err(format!(
                    "claim `{name} = {}` is false: the generator computed {}",
                    lit.text, computed.0
                ))
            }
        }
    }
}

/// The computed value shown in the literal's form, and whether they agree.
fn computed_as(kind: &LiteralKind, value: &Value) -> Result<(String, bool), String> {
    Ok(match kind {
        LiteralKind::String(s) => {
            let shown = show(value)?;
            let agree = &shown == s;
            (format!("\"{shown}\""), agree)
        }
        LiteralKind::Integer(i) => match value.as_i64() {
            Some(v) => (with_separators(v), v == *i),
            None => {
                let f = number(value, "an integer claim")?;
                (show(value)?, f == *i as f64)
            }
        },
        LiteralKind::Decimal { value: lit, places } => {
            let shown = fixed(number(value, "a decimal claim")?, *places);
            let agree = &shown == lit;
            (shown, agree)
        }
        LiteralKind::Percent { value: lit, places } => {
            let shown = fixed(100.0 * number(value, "a percentage claim")?, *places);
            let agree = &shown == lit;
            (format!("{shown}%"), agree)
        }
        LiteralKind::Fraction { num, den } => {
            let (n, d) = fraction_of(value)?;
            (
                if d == 1 {
                    n.to_string()
                } else {
                    format!("{n}/{d}")
                },
                n * den == num * d,
            )
        }
    })
}

/// An exact fraction from an integer or a string `a/b`.
fn fraction_of(value: &Value) -> Result<(i64, i64), String> {
    if let Some(i) = value.as_i64() {
        return Ok((i, 1));
    }
    let parsed = value.as_str().and_then(|s| match s.split_once('/') {
        Some((n, d)) => Some((
            n.trim().parse().ok()?,
            d.trim().parse().ok().filter(|&d: &i64| d > 0)?,
        )),
        None => Some((s.trim().parse().ok()?, 1)),
    });
    parsed.ok_or_else(|| {
        format!(
            "a fraction claim needs an integer or an exact fraction, found {}",
            describe(value)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn eval(inner: &str) -> Result<String, String> {
        let b = json!({"whole": 2916, "parts": [54, 54], "share": 0.47017543859, "mean": 1.8035,
                       "v": "-1/4", "g": "{2|-1/2}", "ratio": 27.0, "n": -5, "bars": 95,
                       "nest": {"list": [1, {"e": 5}]}});
        let b = Data::from_value(b).unwrap();
        let data = EssayData::from([("b".to_string(), &b)]);
        evaluate(&parse(inner)?, &data)
    }

    #[test]
    fn shows_integers_with_thousands_separators() {
        assert_eq!(eval("b.whole").unwrap(), "2,916");
        assert_eq!(eval("b.parts.1").unwrap(), "54");
        assert_eq!(eval("b.ratio").unwrap(), "27");
        assert_eq!(eval("b.v").unwrap(), "-1/4");
        assert_eq!(with_separators(-1_234_567), "-1,234,567");
    }

    #[test]
    fn formats_percent_and_fixed() {
        assert_eq!(eval("b.share | percent(2)").unwrap(), "47.02%");
        assert_eq!(eval("b.mean | fixed(2)").unwrap(), "1.80");
        assert!(
            eval("b.mean | round(2)")
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
        assert_eq!(eval("b.g = \"{2|-1/2}\"").unwrap(), "{2|-1/2}");
        assert_eq!(eval("b.ratio = 27").unwrap(), "27");
        assert_eq!(eval("b.n = -5").unwrap(), "-5");
    }

    #[test]
    fn rejects_claim_with_wrong_value_naming_both() {
        let e = eval("b.whole = 2,917").unwrap_err();
        assert!(e.contains("2,917") && e.contains("computed 2,916"), "{e}");
        assert!(
            eval("b.share = 47.1%")
                .unwrap_err()
                .contains("computed 47.0%")
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
        let one = EssayData::from([("b".to_string(), &b)]);
        assert!(
            resolve(&one, &["b".into()])
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
    fn reads_english_cardinals() {
        assert_eq!(cardinal("Ninety-five"), Some(95));
        assert_eq!(cardinal("a hundred and forty-three"), Some(143));
        assert_eq!(cardinal("one thousand and forty-two"), Some(1042));
        assert_eq!(cardinal("Twenty-one"), Some(21));
        assert_eq!(cardinal("zero"), Some(0));
        assert_eq!(
            cardinal("two million three hundred thousand"),
            Some(2_300_000)
        );
        assert_eq!(cardinal("many"), None);
        assert_eq!(cardinal("and"), None);
        assert_eq!(cardinal("forty three"), Some(43));
        assert_eq!(cardinal("a thousand"), Some(1000));
        assert_eq!(
            cardinal("two thousand nine hundred and sixteen"),
            Some(2916)
        );
        assert_eq!(cardinal("a thousand and five"), Some(1005));
        assert_eq!(cardinal("nine hundred thousand"), Some(900_000));
    }

    #[test]
    fn refuses_words_that_are_not_a_number() {
        for nonsense in [
            "one one",
            "thousand thousand nine hundred and sixteen",
            "thousand",
            "a",
            "twenty twenty",
            "twenty-eleven",
            "five twenty",
            "a thousand a thousand",
            "one thousand two million",
            "hundred",
            "one hundred and",
            "and five",
            "two thousand and three hundred",
            "zero one",
            "ten hundred",
        ] {
            assert_eq!(cardinal(nonsense), None, "{nonsense}");
        }
    }

    #[test]
    fn reads_literal_forms() {
        let k = |s: &str| parse_literal(s).unwrap().kind;
        assert_eq!(k("2,916"), LiteralKind::Integer(2916));
        assert_eq!(k("-3"), LiteralKind::Integer(-3));
        assert_eq!(
            k("24.7%"),
            LiteralKind::Percent {
                value: "24.7".into(),
                places: 1
            }
        );
        assert_eq!(
            k("1.80"),
            LiteralKind::Decimal {
                value: "1.80".into(),
                places: 2
            }
        );
        assert_eq!(k("-1/4"), LiteralKind::Fraction { num: -1, den: 4 });
        assert!(parse_literal("29,16").is_err());
        assert!(parse_literal("1/0").is_err());
    }

    #[test]
    fn finds_expressions_and_string_literals_holding_braces() {
        let f = find_all("a {{ b.whole }} c {{ b.g = \"{2|-1/2}}\" }} d {{ x");
        assert_eq!(f.len(), 3);
        assert_eq!(f[0].start, 2);
        assert!(f[1].expr.is_ok(), "{:?}", f[1]);
        assert!(f[2].expr.is_err());
    }
}
