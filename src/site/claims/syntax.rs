//! The claim language: what `{{ ... }}` may say (a quantity, then a filter
//! or a claim against a literal or another quantity), and its parser.
//!
//! It imports [`super::literal`] and the terms ([`crate::site::terms`]), which
//! hold the quantities an expression starts with; nothing in the claims but
//! [`super`] imports it.

use super::literal::{Literal, LiteralKind, Op, comparable, operator, parse_literal};
use crate::site::diagnostics::ContentError;
use crate::site::terms::{self, Term};

/// One `{{ ... }}` found in a text.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// Byte range of the whole `{{ ... }}` in the text.
    pub start: usize,
    /// Byte offset just past the closing `}}` (or the text's end).
    pub end: usize,
    /// The expression, or why it does not parse.
    pub expr: Result<Expr, ContentError>,
}

/// A parsed expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it shows or claims of: a path, or a quantity derived from paths.
    pub term: Term,
    /// Whether it shows, filters or claims.
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

/// What an expression does with its value.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Shows it (`{{ ID.KEY }}`).
    Show,
    /// Shows it through a filter (`{{ ID.KEY | words }}`).
    Filter(Filter),
    /// Claims something of it (`{{ ID.KEY = 53 }}`).
    Claim(Claim),
}

impl Action {
    /// Whether what it prints is words, capitalised at a sentence's start.
    pub fn is_words(&self) -> bool {
        matches!(self, Action::Filter(Filter::Words | Filter::Ordinal))
    }
}

/// How `| FILTER` prints a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// 100 x the value with N places and `%`.
    Percent(usize),
    /// With N places.
    Fixed(usize),
    /// In words: "fifty-four".
    Words,
    /// As an ordinal in words: "twenty-first".
    Ordinal,
    /// Rounded to N significant digits: 8,503,056 is "8,500,000" at 2.
    Round(usize),
    /// In millions with N places: 8,503,056 is "8.5 million" at 1.
    Millions(usize),
}

impl std::fmt::Display for Filter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Filter::Percent(n) => write!(f, "percent({n})"),
            Filter::Fixed(n) => write!(f, "fixed({n})"),
            Filter::Words => f.write_str("words"),
            Filter::Ordinal => f.write_str("ordinal"),
            Filter::Round(n) => write!(f, "round({n})"),
            Filter::Millions(n) => write!(f, "millions({n})"),
        }
    }
}

/// The expression as ladder reads it, in one spelling however it was
/// spaced: `b.whole = 2,916`, `b.share | percent(1)`, `x.n = x.m : "all"`.
impl std::fmt::Display for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.term)?;
        match &self.action {
            Action::Show => Ok(()),
            Action::Filter(filter) => write!(f, " | {filter}"),
            Action::Claim(claim) => {
                write!(f, " {} ", claim.op.symbol())?;
                match &claim.against {
                    Against::Literal(Literal {
                        kind: LiteralKind::String(s),
                        ..
                    }) => write!(f, "\"{s}\"")?,
                    Against::Literal(lit) => f.write_str(&lit.text)?,
                    Against::Term(term) => write!(f, "{term}")?,
                }
                match &claim.prints {
                    Some(words) => write!(f, " : \"{words}\""),
                    None => Ok(()),
                }
            }
        }
    }
}

/// A claim: the computed value against a literal or another value.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    /// The comparison.
    pub op: Op,
    /// What the value is compared with.
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

/// What a claim compares the computed value with.
#[derive(Clone, Debug, PartialEq)]
pub enum Against {
    /// A literal (`53`, `8.5 million`, `47%`).
    Literal(Literal),
    /// Another quantity of the essay's data.
    Term(Term),
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
pub fn parse(inner: &str) -> Result<Expr, ContentError> {
    let inner = inner.trim();
    let (term_text, action) = match operator(inner) {
        Some((at, "|")) => (
            &inner[..at],
            Action::Filter(parse_filter(inner[at + 1..].trim())?),
        ),
        Some((at, symbol)) => {
            let op = Op::of(symbol).expect("operator() finds an operator");
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

/// A claim's right side: a literal or a path, then optionally `: "words"`.
fn parse_claim(op: Op, text: &str) -> Result<Claim, ContentError> {
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
                )
                .into());
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
                )
                .into());
            }
            Err(_) => return Err(e),
        },
    };
    let against = match against {
        Against::Literal(lit) => Against::Literal(comparable(op, lit)?),
        term @ Against::Term(_) => term,
    };
    Ok(Claim {
        op,
        against,
        prints,
    })
}

fn parse_filter(filter: &str) -> Result<Filter, ContentError> {
    let bad = || {
        ContentError::new(format!(
            "unknown filter `{filter}`; expected `percent(N)`, `fixed(N)`, `round(N)`, \
             `millions(N)`, `words` or `ordinal`"
        ))
    };
    match filter {
        "words" => return Ok(Filter::Words),
        "ordinal" => return Ok(Filter::Ordinal),
        _ => {}
    }
    let (name, rest) = filter.split_once('(').ok_or_else(bad)?;
    let n: usize = rest
        .strip_suffix(')')
        .and_then(|n| n.trim().parse().ok())
        .filter(|&n| n <= 12)
        .ok_or_else(bad)?;
    match name.trim() {
        "percent" => Ok(Filter::Percent(n)),
        "fixed" => Ok(Filter::Fixed(n)),
        "round" if n > 0 => Ok(Filter::Round(n)),
        "millions" => Ok(Filter::Millions(n)),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::literal::parse_literal;
    use super::super::ratio::Ratio;
    use super::*;
    use rust_decimal::Decimal;

    #[test]
    fn reads_literal_forms() {
        let k = |s: &str| parse_literal(s).unwrap().kind;
        let whole = |n: i64, precision: i64| LiteralKind::Exact {
            value: Ratio::whole(n.into()),
            precision: precision.into(),
        };
        assert_eq!(k("2,916"), whole(2916, 1));
        assert_eq!(k("-3"), whole(-3, 1));
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
            LiteralKind::Exact {
                value: Ratio {
                    num: (-1).into(),
                    den: 4.into()
                },
                precision: Decimal::new(1, 2)
            }
        );
        assert!(parse_literal("29,16").is_err());
        assert!(parse_literal("1/0").is_err());
        // The minus sign reads as a hyphen and prints as written.
        assert_eq!(k("\u{2212}1/4"), k("-1/4"));
        assert_eq!(k("\u{2212}3"), whole(-3, 1));
        assert_eq!(k("\u{2212}2.5"), k("-2.5"));
        assert_eq!(parse_literal("\u{2212}3").unwrap().text, "\u{2212}3");
        assert!(parse_literal("\u{2212}").is_err());
        assert!(parse_literal("\u{2212}\u{2212}3").is_err());
        // Before words too; an ordinal or a zero word takes no sign.
        assert_eq!(k("\u{2212}four"), whole(-4, 1));
        assert_eq!(k("-Five"), whole(-5, 1));
        assert_eq!(k("\u{2212}a hundred"), whole(-100, 100));
        assert_eq!(k("\u{2212}one and a half"), k("-3/2"));
        assert_eq!(k("\u{2212}a half"), k("-1/2"));
        for signless in [
            "\u{2212}third",
            "\u{2212}none",
            "\u{2212}both",
            "\u{2212}-four",
        ] {
            assert!(parse_literal(signless).is_err(), "{signless}");
        }
    }

    #[test]
    fn approximate_precision_is_the_last_digit_the_literal_writes() {
        let precision = |s: &str| match parse_literal(s).unwrap().kind {
            LiteralKind::Exact { precision, .. } => precision,
            other => panic!("{s} is not exact: {other:?}"),
        };
        let whole = |n: i64| Decimal::from(n);
        assert_eq!(precision("a thousand"), whole(1000));
        assert_eq!(precision("2,000"), whole(1000));
        assert_eq!(precision("2,916"), whole(1));
        assert_eq!(precision("20"), whole(10));
        assert_eq!(precision("sixteen"), whole(1));
        assert_eq!(precision("zero"), whole(1));
        assert_eq!(precision("a dozen"), whole(1));
        assert_eq!(precision("8.5 million"), whole(100_000));
        assert_eq!(precision("8.0 million"), whole(100_000));
        assert_eq!(precision("8.50 million"), whole(10_000));
        assert_eq!(precision("80 million"), whole(10_000_000));
        assert_eq!(precision("2 thousand"), whole(1000));
        assert_eq!(precision("a third"), Decimal::new(1, 2));
        assert_eq!(precision("one and a half"), Decimal::new(1, 2));
        assert_eq!(precision("half"), Decimal::new(1, 2));
        assert_eq!(precision("twenty-first"), whole(1));
    }

    #[test]
    fn parses_every_operator_and_refuses_what_it_cannot_compare() {
        let op = |s: &str| match parse(s).unwrap().action {
            Action::Claim(c) => c.op,
            other => panic!("{s} is not a claim: {other:?}"),
        };
        assert_eq!(op("x.a = 1"), Op::Eq);
        assert_eq!(op("x.a ~ 1"), Op::Approx);
        assert_eq!(op("x.a < 1"), Op::Lt);
        assert_eq!(op("x.a > half"), Op::Gt);
        assert_eq!(op("x.a <= a dozen"), Op::Le);
        assert_eq!(op("x.a >= x.b - 1"), Op::Ge);
        assert_eq!(op("len(x.a) - 1 = x.b : \"all\""), Op::Eq);
        for (bad, why) in [
            ("x.a ~ x.b", "`~` rounds to a literal's precision"),
            ("x.a < \"b\"", "only be claimed equal"),
            ("x.a ~ \"b\"", "only be claimed equal"),
            ("x.a = 0 : none", "in quotes"),
            ("x.a = about ten", "cannot read `about ten`"),
            ("x.a | words(2)", "unknown filter"),
            ("x.a | round(0)", "unknown filter"),
            ("x.a | percent(13)", "unknown filter"),
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn finds_expressions_and_string_literals_holding_braces() {
        let f = find_all("a {{ b.whole }} c {{ b.g = \"{2|-1/2}}\" }} d {{ x");
        assert_eq!(f.len(), 3);
        assert_eq!(f[0].start, 2);
        assert!(f[1].expr.is_ok(), "{:?}", f[1]);
        assert!(f[2].expr.is_err());
    }

    #[test]
    fn an_expression_has_one_spelling_however_it_is_spaced() {
        for (written, spelled) in [
            ("b.whole", "b.whole"),
            ("  b.share|percent( 1 )", "b.share | percent(1)"),
            ("b.whole=2,916", "b.whole = 2,916"),
            (
                "len(b.parts)-1  ~ a thousand",
                "len(b.parts) - 1 ~ a thousand",
            ),
            ("b.g = \"{2|-1/2}\"", "b.g = \"{2|-1/2}\""),
            ("x.n=x.m:\"all\"", "x.n = x.m : \"all\""),
            ("x.n >= (x.a + 1) * 2", "x.n >= (x.a + 1) * 2"),
        ] {
            let expr = parse(written).unwrap();
            assert_eq!(expr.to_string(), spelled, "{written}");
            // The spelling reads back as the same expression.
            assert_eq!(parse(spelled).unwrap(), expr, "{spelled}");
        }
    }
}
