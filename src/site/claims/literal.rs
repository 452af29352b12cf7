//! What a claim compares with: its operators ([`Op`]) and literals
//! ([`Literal`]: integers, decimals, percentages, fractions, numbers in
//! words, quoted strings), and how they are read.
//!
//! It imports [`super::ratio`] and [`super::number_words`]; paths (whose
//! filters compare) and the expression syntax import it.

use super::number_words::{scaled, words};
use super::ratio::{Ratio, decimal};
use crate::site::diagnostics::ContentError;
use rust_decimal::Decimal;
use std::cmp::Ordering;

/// How a claim compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `=`: exactly, or after rounding to a decimal's or percentage's places.
    Eq,
    /// `~`: after rounding both to the literal's precision.
    Approx,
    /// `<`.
    Lt,
    /// `>`.
    Gt,
    /// `<=`.
    Le,
    /// `>=`.
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

    /// The operator a symbol writes.
    pub(super) fn of(symbol: &str) -> Option<Op> {
        Op::ALL
            .iter()
            .find(|(s, _)| *s == symbol)
            .map(|(_, op)| *op)
    }

    pub(super) fn symbol(self) -> &'static str {
        Op::ALL
            .iter()
            .find(|(_, op)| *op == self)
            .map_or("=", |(s, _)| s)
    }

    /// Whether `ordering` (computed against claimed) satisfies an order.
    pub(super) fn orders(self, ordering: Ordering) -> bool {
        match self {
            Op::Eq | Op::Approx => ordering == Ordering::Equal,
            Op::Lt => ordering == Ordering::Less,
            Op::Gt => ordering == Ordering::Greater,
            Op::Le => ordering != Ordering::Greater,
            Op::Ge => ordering != Ordering::Less,
        }
    }
}

/// A claim's literal, with the text it renders as.
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    /// The literal as written, which a claim that holds renders as.
    pub text: String,
    /// What it is, to compare with.
    pub kind: LiteralKind,
}

/// What a literal is.
#[derive(Clone, Debug, PartialEq)]
pub enum LiteralKind {
    /// An exact number: integers, number words, fractions, `8.5 million`.
    Exact {
        /// The number.
        value: Ratio,
        /// What `~` rounds to: the place of a whole number's last non-zero
        /// digit, of the last digit written before a scale word (`8.50
        /// million`: 10,000), or two decimals for a fraction.
        precision: Decimal,
    },
    /// Compared after rounding the computed value to `places` decimals.
    Decimal {
        /// The number written.
        value: Decimal,
        /// Its decimal places.
        places: u32,
    },
    /// Compared after rounding 100 x the computed ratio to `places` decimals.
    Percent {
        /// The percentage written.
        value: Decimal,
        /// Its decimal places.
        places: u32,
    },
    /// A string in quotes, compared exactly.
    String(String),
}

/// The first filter bar or claim operator outside quotes and outside a
/// path's `[...]`, and where it is.
pub(super) fn operator(inner: &str) -> Option<(usize, &'static str)> {
    let (mut quoted, mut bracketed) = (false, false);
    for (i, c) in inner.char_indices() {
        match c {
            '"' => quoted = !quoted,
            _ if quoted => {}
            '[' => bracketed = true,
            ']' => bracketed = false,
            _ if bracketed => {}
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

/// A literal that `op` can compare with: a quoted string only with `=`.
pub(super) fn comparable(op: Op, literal: Literal) -> Result<Literal, ContentError> {
    match literal.kind {
        LiteralKind::String(_) if op != Op::Eq => Err(format!(
            "a quoted string can only be claimed equal (`=`), not `{}`",
            op.symbol()
        )
        .into()),
        _ => Ok(literal),
    }
}

/// Parses a claim's literal.
pub fn parse_literal(text: &str) -> Result<Literal, ContentError> {
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
    // A number written with the minus sign (U+2212) reads as with a hyphen.
    if let Some(rest) = text.strip_prefix('\u{2212}') {
        return literal_kind(&format!("-{rest}"));
    }
    if let Some(p) = text.strip_suffix('%') {
        let (value, places) = decimal(p.trim())?;
        return Some(LiteralKind::Percent { value, places });
    }
    if let Some((n, d)) = text.split_once('/') {
        let num: i64 = n.trim().parse().ok()?;
        let den: i64 = d.trim().parse().ok().filter(|&d: &i64| d > 0)?;
        return Some(exact(Ratio {
            num: num.into(),
            den: den.into(),
        }));
    }
    if let Some(i) = integer(text) {
        return Some(exact(Ratio::whole(i.into())));
    }
    if let Some((value, places)) = decimal(text) {
        return Some(LiteralKind::Decimal { value, places });
    }
    let value = words(text)?;
    // `8.0 million` is written to the nearest 100,000.
    let written = scaled(&text.trim().to_lowercase())
        .filter(|s| s.places > 0)
        .and_then(|s| Decimal::try_new(s.scale, s.places).ok());
    Some(match written {
        Some(precision) => LiteralKind::Exact { value, precision },
        None => exact(value),
    })
}

/// An exact literal whose precision is read from its value.
fn exact(value: Ratio) -> LiteralKind {
    LiteralKind::Exact {
        value,
        precision: value.precision(),
    }
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
