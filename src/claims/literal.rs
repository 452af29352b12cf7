//! A claim's literals read from what an author writes: integers, decimals,
//! percentages, fractions, numbers in words, each with the precision `~`
//! rounds to; quoted strings, `true` and `false`; and games in `CGSuite`'s
//! notation or the site's (read by the core's reader, [`GameTable::read`]).
//!
//! It imports [`super::ast`], [`super::ratio`] and [`super::number_words`];
//! the parser imports it.

use super::ast::{Literal, LiteralKind};
use super::number_words::{scaled, words, written_to};
use super::ratio::{Ratio, decimal};
use crate::cgt::canonical::GameTable;
use crate::site::diagnostics::{ContentError, cut};
use rust_decimal::Decimal;

/// The most digits a number literal may have (`2,916` has 4), and the
/// most decimal places: a longer number is refused before it is read.
pub const MAX_DIGITS: usize = 24;
/// See [`MAX_DIGITS`].
pub const MAX_PLACES: usize = 12;

/// What a number written in digits looks like, for an error.
const NUMBER_FORM: &str = "a number in digits is an integer without leading zeros (2916, \
                           2,916 with groups of three), a decimal (1.8, 0.25), a percentage \
                           (47%) or a fraction (-1/4), without exponents";

/// Refuses a literal with more than [`MAX_DIGITS`] digits or a run of more
/// than [`MAX_PLACES`] digits after a point, and one made of the characters
/// of a number in digits that is not one (`04`, `0,004`, `4e0`).
pub fn bounded(text: &str) -> Result<(), ContentError> {
    if text.starts_with('"') {
        return Ok(());
    }
    for (i, _) in text.match_indices('.') {
        let places = text[i + 1..].bytes().take_while(u8::is_ascii_digit).count();
        if places > MAX_PLACES {
            return Err(format!(
                "`{}` has {places} decimal places; a number literal has at most {MAX_PLACES}",
                cut(text)
            )
            .into());
        }
    }
    let digits = text.bytes().filter(u8::is_ascii_digit).count();
    if digits > MAX_DIGITS {
        return Err(format!(
            "`{}` has {digits} digits; a number literal has at most {MAX_DIGITS}",
            cut(text)
        )
        .into());
    }
    let unsigned = text
        .strip_prefix(['-', '\u{2212}'])
        .unwrap_or(text)
        .trim_end_matches('%');
    let numeric = unsigned.starts_with(|c: char| c.is_ascii_digit())
        && unsigned
            .chars()
            .all(|c| c.is_ascii_digit() || ",./eE+-".contains(c));
    let well_formed = match unsigned.split_once('/') {
        Some((n, d)) => plain(n).is_some() && plain(d).is_some() && !text.ends_with('%'),
        None => plain(unsigned).is_some(),
    };
    if numeric && !well_formed {
        return Err(format!("cannot read `{}` as a number: {NUMBER_FORM}", cut(text)).into());
    }
    Ok(())
}

/// A number written in digits as a quantity or a literal writes one: an
/// integer without leading zeros, plain or with thousands separators
/// (`2,916`), or a decimal (`0.25`); nothing else (`04`, `4e0`).
pub fn plain(text: &str) -> Option<Decimal> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let leading_zero = int.len() > 1 && int.starts_with('0');
    let places_ok =
        !text.contains('.') || (!frac.is_empty() && frac.bytes().all(|b| b.is_ascii_digit()));
    if leading_zero || !places_ok || frac.len() > MAX_PLACES {
        return None;
    }
    let whole = integer(int).filter(|i| *i >= 0)?;
    let frac_value = if frac.is_empty() {
        Decimal::ZERO
    } else {
        Decimal::try_from_i128_with_scale(frac.parse().ok()?, u32::try_from(frac.len()).ok()?)
            .ok()?
    };
    Decimal::from(whole).checked_add(frac_value)
}

/// Reads a literal as written (a quoted string with its quotes).
pub fn read(text: &str) -> Result<Literal, ContentError> {
    bounded(text)?;
    let kind = match literal_kind(text) {
        Some(kind) => kind,
        None => match GameTable::new().read(text) {
            Ok(_) => LiteralKind::Game(text.to_string()),
            // Braces, arrows, stars and `+-` are a game's, so say what the
            // game lacks.
            Err(e)
                if text.contains([
                    '{', '}', '|', '^', '*', '\u{2191}', '\u{2193}', '\u{2217}', '\u{b1}',
                ]) || text.starts_with("+-") =>
            {
                return Err(e.to_string().into());
            }
            Err(_) => {
                return Err(format!(
                    "cannot read `{text}` as a literal: expected an integer (2,916), a decimal \
                     (1.8), a percentage (47%), a fraction (-1/4), a number in words \
                     (Ninety-five, none, a third, one and a half, the third), a scaled number \
                     (8.5 million), a game ({{1|-1}}, ^, *2, +-1), true, false or a quoted string"
                )
                .into());
            }
        },
    };
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
    match text {
        "true" => return Some(LiteralKind::Bool(true)),
        "false" => return Some(LiteralKind::Bool(false)),
        _ => {}
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
    if let Some(precision) = written_to(text) {
        return Some(LiteralKind::Exact { value, precision });
    }
    // `8.0 million` is written to the nearest 100,000.
    let written = scaled(&text.trim().to_lowercase())
        .filter(|s| s.places > 0)
        .and_then(|s| Decimal::try_new(s.scale, s.places).ok());
    Some(match written {
        Some(precision) => LiteralKind::Exact {
            value,
            precision: Ratio::whole(precision),
        },
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
pub fn integer(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let groups: Vec<&str> = digits.split(',').collect();
    let well_grouped = groups.len() == 1
        || (!groups[0].is_empty()
            && !groups[0].starts_with('0')
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

/// A literal's value as an exact number, if it is a number (a percentage
/// as the ratio it states: `47%` is 0.47).
pub fn number(literal: &Literal) -> Option<Ratio> {
    match &literal.kind {
        LiteralKind::Exact { value, .. } => Some(*value),
        LiteralKind::Decimal { value, .. } => Some(Ratio::whole(*value)),
        LiteralKind::Percent { value, .. } => Some(Ratio {
            num: *value,
            den: Decimal::ONE_HUNDRED,
        }),
        LiteralKind::String(_) | LiteralKind::Game(_) | LiteralKind::Bool(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::read as parse_literal;
    use super::*;

    #[test]
    fn reads_literal_forms() {
        let k = |s: &str| parse_literal(s).unwrap().kind;
        let whole = |n: i64, precision: i64| LiteralKind::Exact {
            value: Ratio::whole(n.into()),
            precision: Ratio::whole(precision.into()),
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
                precision: Ratio::whole(Decimal::new(1, 2))
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
        let value = |s: &str| match k(s) {
            LiteralKind::Exact { value, .. } => value,
            other => panic!("{s} is not exact: {other:?}"),
        };
        assert_eq!(value("\u{2212}one and a half"), value("-3/2"));
        assert_eq!(value("\u{2212}a half"), value("-1/2"));
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
    fn a_number_is_refused_past_its_digits_or_places_and_when_not_one() {
        // 29 places panicked in rust_decimal (exit 101); 100,000 digits took
        // seconds.
        for (text, why) in [
            ("1.00000000000000000000000000001", "decimal places"),
            ("0.0000000000001%", "decimal places"),
            ("-1.0000000000001", "decimal places"),
            ("1.5 by", "digits"),
            (&"9".repeat(100_000), "has 100000 digits"),
            ("1234567890123456789012345", "has 25 digits"),
            ("4e0", "cannot read `4e0` as a number"),
            ("04", "cannot read `04` as a number"),
            ("\u{2212}04", "without leading zeros"),
            ("0,004", "cannot read `0,004` as a number"),
            ("1.", "cannot read"),
            ("07/8", "cannot read"),
        ] {
            let text = if text == "1.5 by" {
                format!("1.5{}", "0".repeat(30))
            } else {
                text.to_string()
            };
            let e = parse_literal(&text).unwrap_err();
            if why == "digits" {
                assert!(
                    e.contains("decimal places") || e.contains("digits"),
                    "{text}: {e}"
                );
            } else {
                assert!(e.contains(why), "{text}: {e}");
            }
            assert!(e.len() < 400, "{e}");
        }
        let k = |s: &str| parse_literal(s).unwrap().kind;
        assert!(matches!(
            k("0.000000000001"),
            LiteralKind::Decimal { places: 12, .. }
        ));
        assert!(matches!(k("0"), LiteralKind::Exact { .. }));
        assert!(matches!(k("0.5"), LiteralKind::Decimal { places: 1, .. }));
        assert_eq!(plain("2,916"), Some(Decimal::from(2916)));
        assert_eq!(plain("0.25"), Some(Decimal::new(25, 2)));
        for bad in ["04", "4e0", "0,004", "1.", ".5", "-1", "1.2.3"] {
            assert_eq!(plain(bad), None, "{bad}");
        }
    }

    #[test]
    fn approximate_precision_is_the_last_digit_the_literal_writes() {
        let precision = |s: &str| match parse_literal(s).unwrap().kind {
            LiteralKind::Exact { precision, .. } => precision,
            other => panic!("{s} is not exact: {other:?}"),
        };
        let whole = |n: i64| Ratio::whole(Decimal::from(n));
        let one_in = |n: i64| Ratio {
            num: Decimal::ONE,
            den: n.into(),
        };
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
        // Fraction words: the nearest 1/(2 x the denominator); a mixed
        // number the nearest fraction it names; a fraction in digits two
        // decimals.
        assert_eq!(precision("a third"), one_in(6));
        assert_eq!(precision("one and a half"), one_in(2));
        assert_eq!(precision("thirteen and three quarters"), one_in(4));
        assert_eq!(precision("half"), one_in(4));
        assert_eq!(precision("\u{2212}a half"), one_in(4));
        assert_eq!(precision("1/3"), Ratio::whole(Decimal::new(1, 2)));
        assert_eq!(precision("twenty-first"), whole(1));
    }
}
