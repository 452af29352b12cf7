//! Values and claims in prose: `{{ ID.KEY }}`, `{{ ID.KEY | percent(N) }}`,
//! `{{ ID.KEY | fixed(N) }}` and `{{ ID.KEY = LITERAL }}`, where `ID.KEY` may
//! be any quantity of [`super::terms`] (`{{ len(ID.KEY) - 1 = 53 }}`).
//!
//! This module parses the expressions, resolves their paths in a figure's data,
//! formats values and decides claims. It knows nothing of markdown: the
//! markdown stage hands it the text of prose and captions.

use super::terms::{self, Term};
use crate::generators::Data;
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;
use std::cmp::Ordering;
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
    /// What it shows or claims of: a path, or a quantity derived from paths.
    pub term: Term,
    pub action: Action,
}

impl Expr {
    /// The figure ids it reads, on both sides of a claim.
    pub fn ids(&self) -> Vec<&str> {
        let mut ids = self.term.ids();
        if let Action::Claim(Claim {
            against: Against::Term(other),
            ..
        }) = &self.action
        {
            ids.extend(other.ids());
        }
        ids
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Show,
    Percent(usize),
    Fixed(usize),
    /// In words: "fifty-four".
    Words,
    /// As an ordinal in words: "twenty-first".
    Ordinal,
    /// Rounded to N significant digits: 8,503,056 is "8,500,000" at 2.
    Round(usize),
    /// In millions with N places: 8,503,056 is "8.5 million" at 1.
    Millions(usize),
    Claim(Claim),
}

impl Action {
    /// Whether what it prints is words, capitalised at a sentence's start.
    pub fn is_words(&self) -> bool {
        matches!(self, Action::Words | Action::Ordinal)
    }
}

/// A claim: the computed value against a literal or another value.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    pub op: Op,
    pub against: Against,
    /// The words after `:`, printed instead of the literal.
    pub prints: Option<String>,
}

impl Claim {
    /// What the claim prints when it holds, if that is known before the
    /// data is: its words, or its literal as written.
    pub fn as_written(&self) -> Option<&str> {
        match (&self.prints, &self.against) {
            (Some(words), _) => Some(words),
            (None, Against::Literal(lit)) => Some(&lit.text),
            (None, Against::Term(_)) => None,
        }
    }
}

/// How a claim compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `=`: exactly, or after rounding to a decimal's or percentage's places.
    Eq,
    /// `~`: after rounding both to the literal's precision.
    Approx,
    Lt,
    Gt,
    Le,
    Ge,
}

impl Op {
    const ALL: [(&'static str, Op); 6] = [
        ("<=", Op::Le),
        (">=", Op::Ge),
        ("=", Op::Eq),
        ("~", Op::Approx),
        ("<", Op::Lt),
        (">", Op::Gt),
    ];

    fn symbol(self) -> &'static str {
        Op::ALL
            .iter()
            .find(|(_, op)| *op == self)
            .map_or("=", |(s, _)| s)
    }

    /// Whether `ordering` (computed against claimed) satisfies an order.
    fn orders(self, ordering: Ordering) -> bool {
        match self {
            Op::Eq | Op::Approx => ordering == Ordering::Equal,
            Op::Lt => ordering == Ordering::Less,
            Op::Gt => ordering == Ordering::Greater,
            Op::Le => ordering != Ordering::Greater,
            Op::Ge => ordering != Ordering::Less,
        }
    }
}

/// What a claim compares the computed value with.
#[derive(Clone, Debug, PartialEq)]
pub enum Against {
    Literal(Literal),
    /// Another quantity of the essay's data.
    Term(Term),
}

/// A claim's literal, with the text it renders as.
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    pub text: String,
    pub kind: LiteralKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LiteralKind {
    /// An exact number: integers, number words, fractions, `8.5 million`.
    /// `~` rounds to the place of an integer's last non-zero digit, and to
    /// two decimals otherwise.
    Exact(Ratio),
    /// Compared after rounding the computed value to `places` decimals.
    Decimal {
        value: Decimal,
        places: u32,
    },
    /// Compared after rounding 100 x the computed ratio to `places` decimals.
    Percent {
        value: Decimal,
        places: u32,
    },
    String(String),
}

/// An exact number: `num / den`, `den` positive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    pub num: Decimal,
    pub den: Decimal,
}

impl Ratio {
    pub fn whole(n: Decimal) -> Ratio {
        Ratio {
            num: n,
            den: Decimal::ONE,
        }
    }

    fn value(self) -> Decimal {
        self.num / self.den
    }

    pub fn compare(self, other: Ratio) -> Result<Ordering, String> {
        let overflow = || "numbers too large to compare exactly".to_string();
        let a = self.num.checked_mul(other.den).ok_or_else(overflow)?;
        let b = other.num.checked_mul(self.den).ok_or_else(overflow)?;
        Ok(a.cmp(&b))
    }

    /// What `~` rounds to: the place of a whole number's last non-zero
    /// digit (1 for zero), two decimals for anything else.
    fn precision(self) -> Decimal {
        let v = self.value();
        if v.fract() != Decimal::ZERO {
            return Decimal::new(1, 2);
        }
        let mut p = Decimal::ONE;
        while let Some(next) = p.checked_mul(Decimal::TEN)
            && v != Decimal::ZERO
            && (v / next).fract() == Decimal::ZERO
        {
            p = next;
        }
        p
    }
}

/// `v` rounded to a multiple of `precision`, ties away from zero.
fn round_to(v: Decimal, precision: Decimal) -> Decimal {
    (v / precision).round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero) * precision
}

/// `v` rounded to `places` decimals, ties away from zero.
fn round_dp(v: Decimal, places: u32) -> Decimal {
    v.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero)
}

/// Finds every `{{ ... }}` in `text`; `\{{` is not one (markdown shows it
/// as `{{`).
pub fn find_all(text: &str) -> Vec<Found> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find("{{").map(|i| i + from) {
        if text[..open].ends_with('\\') {
            from = open + 2;
            continue;
        }
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
    let (term_text, action) = match operator(inner) {
        Some((at, "|")) => (&inner[..at], parse_filter(inner[at + 1..].trim())?),
        Some((at, symbol)) => {
            let op = Op::ALL
                .iter()
                .find(|(s, _)| *s == symbol)
                .map(|(_, op)| *op)
                .expect("operator() finds an operator");
            (
                &inner[..at],
                Action::Claim(parse_claim(op, inner[at + symbol.len()..].trim())?),
            )
        }
        None => (inner, Action::Show),
    };
    let term = terms::parse(term_text)?;
    Ok(Expr { term, action })
}

/// The first filter bar or claim operator outside quotes, and where it is.
fn operator(inner: &str) -> Option<(usize, &'static str)> {
    let mut quoted = false;
    for (i, c) in inner.char_indices() {
        match c {
            '"' => quoted = !quoted,
            _ if quoted => {}
            '|' => return Some((i, "|")),
            _ => {
                if let Some((symbol, _)) = Op::ALL.iter().find(|(s, _)| inner[i..].starts_with(s)) {
                    return Some((i, symbol));
                }
            }
        }
    }
    None
}

/// A claim's right side: a literal or a path, then optionally `: "words"`.
fn parse_claim(op: Op, text: &str) -> Result<Claim, String> {
    // A quoted string may hold a colon: its end is the closing quote.
    let split = match text.strip_prefix('"') {
        Some(rest) => rest.find('"').map(|q| q + 2),
        None => text.find(':'),
    }
    .and_then(|at| {
        let (claimed, after) = text.split_at(at);
        Some((claimed, after.trim().strip_prefix(':')?))
    });
    let (claimed, prints) = match split {
        Some((claimed, words)) => {
            let words = words.trim();
            let Some(words) = words.strip_prefix('"').and_then(|w| w.strip_suffix('"')) else {
                return Err(format!(
                    "expected the words the claim prints in quotes after `:`, found `{words}`"
                ));
            };
            (claimed.trim(), Some(words.to_string()))
        }
        None => (text, None),
    };
    let against = match parse_literal(claimed) {
        Ok(lit) => Against::Literal(lit),
        Err(e) => match terms::parse(claimed) {
            Ok(term) if op != Op::Approx => Against::Term(term),
            Ok(_) => {
                return Err(format!(
                    "`~` rounds to a literal's precision: write a literal, not `{claimed}`"
                ));
            }
            Err(_) => return Err(e),
        },
    };
    if let Against::Literal(Literal {
        kind: LiteralKind::String(_),
        ..
    }) = against
        && op != Op::Eq
    {
        return Err(format!(
            "a quoted string can only be claimed equal (`=`), not `{}`",
            op.symbol()
        ));
    }
    Ok(Claim {
        op,
        against,
        prints,
    })
}

fn parse_filter(filter: &str) -> Result<Action, String> {
    let bad = || {
        format!(
            "unknown filter `{filter}`; expected `percent(N)`, `fixed(N)`, `round(N)`, \
             `millions(N)`, `words` or `ordinal`"
        )
    };
    match filter {
        "words" => return Ok(Action::Words),
        "ordinal" => return Ok(Action::Ordinal),
        _ => {}
    }
    let (name, rest) = filter.split_once('(').ok_or_else(bad)?;
    let n: usize = rest
        .strip_suffix(')')
        .and_then(|n| n.trim().parse().ok())
        .filter(|&n| n <= 12)
        .ok_or_else(bad)?;
    match name.trim() {
        "percent" => Ok(Action::Percent(n)),
        "fixed" => Ok(Action::Fixed(n)),
        "round" if n > 0 => Ok(Action::Round(n)),
        "millions" => Ok(Action::Millions(n)),
        _ => Err(bad()),
    }
}

/// Parses a claim's literal.
pub fn parse_literal(text: &str) -> Result<Literal, String> {
    let kind = literal_kind(text).ok_or_else(|| {
        format!(
            "cannot read `{text}` as a literal: expected an integer (2,916), a decimal (1.8), a \
             percentage (47%), a fraction (-1/4), a number in words (Ninety-five, none, a third, \
             one and a half, the third), a scaled number (8.5 million), or a quoted string"
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
        return Some(LiteralKind::Exact(Ratio {
            num: num.into(),
            den: den.into(),
        }));
    }
    if let Some(i) = integer(text) {
        return Some(LiteralKind::Exact(Ratio::whole(i.into())));
    }
    if let Some((value, places)) = decimal(text) {
        return Some(LiteralKind::Decimal { value, places });
    }
    words(text).map(LiteralKind::Exact)
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

/// A decimal `-?d+(.d+)?` and its number of places.
fn decimal(text: &str) -> Option<(Decimal, u32)> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let int_digits = int.strip_prefix('-').unwrap_or(int);
    if int_digits.is_empty()
        || !int_digits.chars().all(|c| c.is_ascii_digit())
        || !frac.chars().all(|c| c.is_ascii_digit())
        || (text.contains('.') && frac.is_empty())
    {
        return None;
    }
    Some((text.parse().ok()?, frac.len() as u32))
}

/// A number as prose writes it: a cardinal, a zero word (`none`, `nought`,
/// `no`), `a dozen`, `single`, `both`, `twice`, `double`, an ordinal (`the
/// third`, `twenty-first`, `5th`), a fraction or mixed number in words (`a
/// half`, `three fifths`, `one and a half`), or digits or words with a scale
/// (`8.5 million`, `a thousand`).
pub fn words(text: &str) -> Option<Ratio> {
    let lower = text.trim().to_lowercase();
    let lower = lower.strip_prefix("the ").unwrap_or(&lower);
    let whole = |n: i64| Some(Ratio::whole(n.into()));
    match lower {
        "zero" | "nought" | "none" | "no" => return whole(0),
        "single" => return whole(1),
        "both" | "twice" | "double" => return whole(2),
        "a dozen" => return whole(12),
        _ => {}
    }
    if let Some(n) = ordinal(lower) {
        return whole(n);
    }
    if let Some(r) = fraction_words(lower) {
        return Some(r);
    }
    if let Some((digits, scale_word)) = lower.rsplit_once(' ')
        && let (Some((value, _)), Some(s)) = (decimal(digits), scale(scale_word))
    {
        let value = value.checked_mul(Decimal::from(s))?;
        return (value.fract() == Decimal::ZERO).then_some(Ratio::whole(value));
    }
    cardinal(lower).map(|n| Ratio::whole(n.into()))
}

/// An ordinal: `first`, `twenty-first`, `a hundredth`, `5th`.
fn ordinal(text: &str) -> Option<i64> {
    if let Some(n) = ["st", "nd", "rd", "th"]
        .iter()
        .find_map(|s| text.strip_suffix(s)?.parse::<i64>().ok())
    {
        let suffix = match (n % 10, n % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        return (text.ends_with(suffix) && n > 0).then_some(n);
    }
    let (head, last) = match text.rfind([' ', '-']) {
        Some(i) => (&text[..=i], &text[i + 1..]),
        None => ("", text),
    };
    let cardinal_word = ORDINALS
        .iter()
        .find(|(o, _)| *o == last)
        .map(|(_, c)| c.to_string())
        .or_else(|| {
            let stem = last.strip_suffix("th")?;
            let stem = stem
                .strip_suffix("ie")
                .map_or(stem.to_string(), |s| format!("{s}y"));
            (ORDINALS.iter().all(|(_, c)| *c != stem)).then_some(stem)
        })?;
    let n = cardinal(&format!("{head}{cardinal_word}"))?;
    (n > 0).then_some(n)
}

/// Ordinal words that are not their cardinal and `th`.
const ORDINALS: [(&str, &str); 7] = [
    ("first", "one"),
    ("second", "two"),
    ("third", "three"),
    ("fifth", "five"),
    ("eighth", "eight"),
    ("ninth", "nine"),
    ("twelfth", "twelve"),
];

/// A fraction or mixed number in words: `half`, `a half`, `a third`, `three
/// fifths`, `one and a half`, `thirteen and three quarters`.
fn fraction_words(text: &str) -> Option<Ratio> {
    let (whole, part) = match text.split_once(" and ") {
        Some((w, p)) if !w.contains(" and ") => (cardinal(w)?, p),
        _ => (0, text),
    };
    let (count, denominator) = match part.rsplit_once(' ') {
        Some((count, d)) => (count, d),
        None if part == "half" && whole == 0 => ("a", "half"),
        None => return None,
    };
    let count = match count {
        "a" => 1,
        c => cardinal(c).filter(|&n| n > 1 || (n == 1 && whole == 0))?,
    };
    let den = DENOMINATORS.iter().find_map(|(one, many, d)| {
        let word = if count == 1 { one } else { many };
        (*word == denominator).then_some(*d)
    })?;
    Some(Ratio {
        num: Decimal::from(whole * den + count),
        den: Decimal::from(den),
    })
}

/// A fraction's denominator in words: one part, several parts.
const DENOMINATORS: [(&str, &str, i64); 10] = [
    ("half", "halves", 2),
    ("third", "thirds", 3),
    ("quarter", "quarters", 4),
    ("fourth", "fourths", 4),
    ("fifth", "fifths", 5),
    ("sixth", "sixths", 6),
    ("seventh", "sevenths", 7),
    ("eighth", "eighths", 8),
    ("ninth", "ninths", 9),
    ("tenth", "tenths", 10),
];

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
                total = total.checked_add(group.checked_mul(s)?)?;
                last_scale = s;
                if words.done() {
                    return Some(total);
                }
            }
            Some(_) => return None,
            None if and && group >= 100 => return None,
            None => return total.checked_add(group).filter(|_| words.done()),
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

    /// A word worth 1 to 19.
    fn unit(&mut self) -> Option<i64> {
        let n = SMALL[1..].iter().position(|u| Some(*u) == self.peek())? as i64 + 1;
        self.at += 1;
        Some(n)
    }

    /// 1 to 99: a unit, or tens with an optional unit below ten.
    fn below_hundred(&mut self) -> Option<i64> {
        if let Some(n) = self.unit() {
            return Some(n);
        }
        let tens = TENS[2..].iter().position(|t| Some(*t) == self.peek())? as i64;
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
    SCALES.iter().find(|(_, w)| *w == word).map(|(s, _)| *s)
}

/// The number words below twenty.
const SMALL: [&str; 20] = [
    "zero",
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

/// The tens, by their digit (none for 0 and 1).
const TENS: [&str; 10] = [
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// The scale words, largest first.
const SCALES: [(i64, &str); 6] = [
    (1_000_000_000_000_000_000, "quintillion"),
    (1_000_000_000_000_000, "quadrillion"),
    (1_000_000_000_000, "trillion"),
    (1_000_000_000, "billion"),
    (1_000_000, "million"),
    (1_000, "thousand"),
];

/// A whole number in English words: "fifty-four", "two thousand nine
/// hundred and sixteen" (the form [`cardinal`] reads).
pub fn english(n: i64) -> String {
    fn below_hundred(n: u64) -> String {
        match n {
            0..20 => SMALL[n as usize].to_string(),
            _ if n.is_multiple_of(10) => TENS[(n / 10) as usize].to_string(),
            _ => format!("{}-{}", TENS[(n / 10) as usize], SMALL[(n % 10) as usize]),
        }
    }
    fn below_thousand(n: u64) -> String {
        match (n / 100, n % 100) {
            (0, r) => below_hundred(r),
            (h, 0) => format!("{} hundred", SMALL[h as usize]),
            (h, r) => format!("{} hundred and {}", SMALL[h as usize], below_hundred(r)),
        }
    }
    let sign = if n < 0 { "minus " } else { "" };
    let n = n.unsigned_abs();
    if n == 0 {
        return "zero".into();
    }
    let mut parts = Vec::new();
    let mut rest = n;
    for (scale, name) in SCALES {
        let scale = scale as u64;
        if rest >= scale {
            parts.push(format!("{} {name}", below_thousand(rest / scale)));
            rest %= scale;
        }
    }
    match rest {
        0 => {}
        // British usage: "and" before a last part under a hundred.
        1..100 if !parts.is_empty() => parts.push(format!("and {}", below_hundred(rest))),
        _ => parts.push(below_thousand(rest)),
    }
    format!("{sign}{}", parts.join(" "))
}

/// An ordinal in English words: "first", "twenty-first", "one hundredth".
pub fn english_ordinal(n: i64) -> String {
    let words = english(n);
    let (head, last) = match words.rfind([' ', '-']) {
        Some(i) => words.split_at(i + 1),
        None => ("", words.as_str()),
    };
    let last = match ORDINALS.iter().find(|(_, c)| *c == last) {
        Some((o, _)) => o.to_string(),
        None => match last.strip_suffix('y') {
            Some(stem) => format!("{stem}ieth"),
            None => format!("{last}th"),
        },
    };
    format!("{head}{last}")
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

/// `v` rounded to `places` decimals (ties away from zero, as claims round)
/// and written with them all.
fn fixed(v: Decimal, places: usize) -> String {
    let s = format!("{:.places$}", round_dp(v, places as u32));
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
    let value = &terms::value(&expr.term, data)?;
    let name = expr.term.to_string();
    match &expr.action {
        Action::Show => show(value).map_err(|e| format!("`{name}`: {e}")),
        Action::Percent(n) => Ok(format!(
            "{}%",
            fixed(ratio_of(value)?.value() * Decimal::ONE_HUNDRED, *n)
        )),
        Action::Fixed(n) => Ok(fixed(ratio_of(value)?.value(), *n)),
        Action::Words => Ok(english(whole(value, "words")?)),
        Action::Ordinal => {
            let n = whole(value, "ordinal")?;
            if n < 1 {
                return Err(format!("`{name}` is {n}: an ordinal needs a number from 1"));
            }
            Ok(english_ordinal(n))
        }
        Action::Round(digits) => {
            let v = ratio_of(value)?.value();
            let rounded =
                v.round_sf_with_strategy(*digits as u32, RoundingStrategy::MidpointAwayFromZero);
            Ok(show_decimal(rounded.unwrap_or(v)))
        }
        Action::Millions(places) => {
            let v = ratio_of(value)?.value() / Decimal::from(1_000_000);
            Ok(format!(
                "{} million",
                show_decimal(round_dp(v, *places as u32))
            ))
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
                match claim.as_written() {
                    Some(text) => Ok(text.to_string()),
                    None => show(value),
                }
            } else {
                Err(format!(
                    "claim `{name} {} {claimed}` is false: the generator computed {}",
                    claim.op.symbol(),
                    verdict.computed
                ))
            }
        }
    }
}

/// A claim's outcome: the computed value as the claim reads it, and whether
/// the claim holds.
struct Verdict {
    computed: String,
    holds: bool,
}

/// A value that must be a whole number, for `what`.
fn whole(value: &Value, what: &str) -> Result<i64, String> {
    let v = ratio_of(value)?.value();
    i64::try_from(v)
        .ok()
        .filter(|_| v.fract() == Decimal::ZERO)
        .ok_or_else(|| format!("{what} needs a whole number, found {}", describe(value)))
}

/// Decides `value OP literal`.
fn decide(op: Op, kind: &LiteralKind, value: &Value) -> Result<Verdict, String> {
    let shown = show(value)?;
    Ok(match kind {
        LiteralKind::String(s) => Verdict {
            holds: &shown == s,
            computed: format!("\"{shown}\""),
        },
        LiteralKind::Exact(lit) => {
            let v = ratio_of(value)?;
            match op {
                Op::Approx => {
                    let p = lit.precision();
                    let rounded = round_to(v.value(), p);
                    Verdict {
                        holds: rounded == round_to(lit.value(), p),
                        computed: format!(
                            "{shown}, which to the nearest {} is {}",
                            show_decimal(p),
                            show_decimal(rounded)
                        ),
                    }
                }
                _ => Verdict {
                    holds: op.orders(v.compare(*lit)?),
                    computed: if v.den == Decimal::ONE || value.is_string() {
                        shown
                    } else {
                        format!("{}/{}", v.num, v.den)
                    },
                },
            }
        }
        LiteralKind::Decimal { value: lit, places }
        | LiteralKind::Percent { value: lit, places } => {
            let percent = matches!(kind, LiteralKind::Percent { .. });
            let v = ratio_of(value)?.value()
                * if percent {
                    Decimal::ONE_HUNDRED
                } else {
                    Decimal::ONE
                };
            let holds = match op {
                Op::Eq | Op::Approx => round_dp(v, *places) == *lit,
                _ => op.orders(v.cmp(lit)),
            };
            let shown = fixed(v, *places as usize);
            Verdict {
                holds,
                computed: if percent { format!("{shown}%") } else { shown },
            }
        }
    })
}

/// Decides `value OP other` for two values of the data.
fn compare(op: Op, value: &Value, other: &Value) -> Result<Verdict, String> {
    let shown = show(value)?;
    match (ratio_of(value), ratio_of(other)) {
        (Ok(a), Ok(b)) => Ok(Verdict {
            holds: op.orders(a.compare(b)?),
            computed: shown,
        }),
        _ if op == Op::Eq => Ok(Verdict {
            holds: shown == show(other)?,
            computed: shown,
        }),
        _ => Err(format!(
            "`{}` compares numbers; these are {} and {}",
            op.symbol(),
            describe(value),
            describe(other)
        )),
    }
}

/// A decimal as prose shows it: thousands separators, no trailing zeros.
fn show_decimal(d: Decimal) -> String {
    let d = d.normalize();
    match i64::try_from(d) {
        Ok(i) if d.fract() == Decimal::ZERO => with_separators(i),
        _ => d.to_string(),
    }
}

/// An exact number from a JSON number, or a string `a/b` or `n`.
pub fn ratio_of(value: &Value) -> Result<Ratio, String> {
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
            "a number claim needs a number or an exact fraction, found {}",
            describe(value)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Evaluates `{{ inner }}` with figure `b`'s data being `b`.
    fn eval_in(b: serde_json::Value, inner: &str) -> Result<String, String> {
        let b = Data::from_value(b).unwrap();
        let data = EssayData::from([("b".to_string(), &b)]);
        evaluate(&parse(inner)?, &data)
    }

    fn eval(inner: &str) -> Result<String, String> {
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
        assert_eq!(eval("b.v").unwrap(), "-1/4");
        assert_eq!(with_separators(-1_234_567), "-1,234,567");
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
        let whole = |n: i64| LiteralKind::Exact(Ratio::whole(n.into()));
        assert_eq!(k("2,916"), whole(2916));
        assert_eq!(k("-3"), whole(-3));
        assert_eq!(
            k("24.7%"),
            LiteralKind::Percent {
                value: Decimal::new(247, 1),
                places: 1
            }
        );
        assert_eq!(
            k("1.80"),
            LiteralKind::Decimal {
                value: Decimal::new(180, 2),
                places: 2
            }
        );
        assert_eq!(
            k("-1/4"),
            LiteralKind::Exact(Ratio {
                num: (-1).into(),
                den: 4.into()
            })
        );
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

    fn ratio(num: i64, den: i64) -> Option<Ratio> {
        Some(Ratio {
            num: num.into(),
            den: den.into(),
        })
    }

    #[test]
    fn reads_numbers_as_prose_writes_them() {
        let whole = |n: i64| ratio(n, 1);
        for (text, value) in [
            ("none", whole(0)),
            ("Nought", whole(0)),
            ("no", whole(0)),
            ("zero", whole(0)),
            ("single", whole(1)),
            ("both", whole(2)),
            ("twice", whole(2)),
            ("double", whole(2)),
            ("a dozen", whole(12)),
            ("a thousand", whole(1000)),
            ("two thousand", whole(2000)),
            ("a million", whole(1_000_000)),
            ("8.5 million", whole(8_500_000)),
            ("2 thousand", whole(2000)),
            ("first", whole(1)),
            ("the third", whole(3)),
            ("twenty-first", whole(21)),
            ("Twentieth", whole(20)),
            ("a hundredth", whole(100)),
            ("5th", whole(5)),
            ("22nd", whole(22)),
            ("113th", whole(113)),
            ("half", ratio(1, 2)),
            ("a half", ratio(1, 2)),
            ("a third", ratio(1, 3)),
            ("three fifths", ratio(3, 5)),
            ("a tenth", ratio(1, 10)),
            ("three quarters", ratio(3, 4)),
            ("one and a half", ratio(3, 2)),
            ("thirteen and a half", ratio(27, 2)),
            ("Seventy-nine", whole(79)),
            ("seventy nine", whole(79)),
        ] {
            assert_eq!(words(text), value, "{text}");
        }
    }

    #[test]
    fn refuses_prose_that_is_not_a_number() {
        for text in [
            "nothing",
            "a",
            "two third",
            "a thirds",
            "one fifths",
            "half and a half",
            "and a half",
            "1th",
            "2st",
            "0th",
            "oneth",
            "twelveth",
            "8.5 millions",
            "8.55555 thousand",
            "the",
            "a couple",
            "79228162514264337593 trillion",
            "nine hundred quintillion",
        ] {
            assert_eq!(words(text), None, "{text}");
        }
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
        assert!(eval_with(json!(0.34), "~ a third").is_err());
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
            e.contains("`b.open = b.total` is false: the generator computed 0 against 12"),
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
    fn numbers_in_words_read_back_as_the_same_numbers() {
        for n in (0..2000).chain([2916, 10_000, 21_212, 100_001, 8_503_056, 1_000_000_000]) {
            let words = english(n);
            assert_eq!(cardinal(&words), Some(n), "{words}");
            if n > 0 {
                let ordinal = english_ordinal(n);
                assert_eq!(
                    super::words(&ordinal),
                    Some(Ratio::whole(n.into())),
                    "{ordinal}"
                );
            }
        }
        assert_eq!(english(54), "fifty-four");
        assert_eq!(english(2916), "two thousand nine hundred and sixteen");
        assert_eq!(english(-3), "minus three");
        assert!(
            english(i64::MIN).starts_with("minus nine quintillion")
                || english(i64::MIN).starts_with("minus ")
        );
        assert_eq!(english_ordinal(21), "twenty-first");
        assert_eq!(english_ordinal(20), "twentieth");
        assert_eq!(english_ordinal(12), "twelfth");
        assert_eq!(english_ordinal(100), "one hundredth");
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
    }
}
