//! Games in claims: a game literal, or a value of the data or an exact
//! number read as a game (by the core's reader, [`GameTable::read`], which
//! reads `CGSuite`'s notation and the site's), two games compared in the
//! order of games, where two may be confused, and a game printed in the
//! site's notation (`| game`).
//!
//! It imports [`super::ast`] and [`super::ratio`]; [`super::decide`] (which
//! reads a value of the data as a [`Side`]) and the evaluation import it.

use super::ast::Op;
use super::ratio::Ratio;
use crate::cgt::canonical::{GameId, GameTable, typeset};
use crate::site::diagnostics::ContentError;
use rust_decimal::Decimal;
use std::cmp::Ordering;

/// One side of a comparison of games.
#[derive(Clone, Copy, Debug)]
pub enum Side<'a> {
    /// A game in `CGSuite`'s notation or the site's, as written.
    Written(&'a str),
    /// An exact number.
    Number(Ratio),
}

/// The most a number is doubled to make it whole: the denominators a game's
/// number may have (the reader's limit).
const MAX_EXPONENT: u32 = 10;

/// Whether `text` is a game in `CGSuite`'s notation or the site's.
pub fn reads(text: &str) -> bool {
    GameTable::new().read(text).is_ok()
}

/// An exact number in `CGSuite`'s notation (`-3/4`), if it is a dyadic
/// rational.
fn dyadic(r: Ratio) -> Option<String> {
    let mut scaled = r.num.checked_div(r.den)?;
    for k in 0..=MAX_EXPONENT {
        if scaled.fract() == Decimal::ZERO {
            return Some(match k {
                0 => scaled.normalize().to_string(),
                k => format!("{}/{}", scaled.normalize(), 1u32 << k),
            });
        }
        scaled *= Decimal::TWO;
    }
    None
}

/// A side as a game of `table`.
fn build(table: &GameTable, side: Side<'_>) -> Result<GameId, ContentError> {
    let written = match side {
        Side::Written(text) => text.to_string(),
        Side::Number(number) => dyadic(number).ok_or_else(|| {
            ContentError::new(format!(
                "{} is not a dyadic rational (a denominator a power of two up to {}), so no \
                 short game equals it",
                number.shown(),
                1u32 << MAX_EXPONENT
            ))
        })?,
    };
    table.read(&written).map_err(|e| e.to_string().into())
}

/// `g` in the site's notation.
fn shown(table: &GameTable, g: GameId) -> String {
    let ascii = table.display(g);
    typeset::game(&ascii).unwrap_or(ascii)
}

/// A game in the site's notation, in canonical form (`| game`).
pub fn print(side: Side<'_>) -> Result<String, ContentError> {
    let table = GameTable::new();
    build(&table, side).map(|g| shown(&table, g))
}

/// Decides `computed OP claimed` in the order of games (`<=` is `G <= H`,
/// `=` equality as games, `||` confusion): whether it holds, and the
/// computed game in the site's notation, with how it stands to the claimed
/// one when the claim is false (for a message: plain spaces, not thin).
pub fn decide(
    op: Op,
    computed: Side<'_>,
    claimed: Side<'_>,
) -> Result<(bool, String), ContentError> {
    let table = GameTable::new();
    let g = build(&table, computed)?;
    let h = build(&table, claimed)?;
    let order = match (table.leq(g, h), table.leq(h, g)) {
        (true, true) => Some(Ordering::Equal),
        (true, false) => Some(Ordering::Less),
        (false, true) => Some(Ordering::Greater),
        (false, false) => None,
    };
    let holds = match (op, order) {
        (Op::Confused, order) => order.is_none(),
        (Op::Eq | Op::Lt | Op::Gt | Op::Le | Op::Ge, order) => order.is_some_and(|o| op.orders(o)),
        (op, _) => {
            return Err(format!(
                "`{}` does not compare games; they compare with `=`, `<`, `>`, `<=`, `>=` and \
                 `||`",
                op.symbol()
            )
            .into());
        }
    };
    // For a terminal, as `ladder value` writes games: plain spaces.
    let plain = |g: GameId| shown(&table, g).replace(typeset::THIN, " ");
    let (a, b) = (plain(g), plain(h));
    let computed = match order {
        _ if holds => a,
        Some(Ordering::Equal) => format!("{a}, which equals {b}"),
        Some(Ordering::Less) => format!("{a}, which is less than {b}"),
        Some(Ordering::Greater) => format!("{a}, which is greater than {b}"),
        None => format!(
            "{a}, which is confused with {b}: neither is at least the other, so none of `=`, \
             `<`, `>`, `<=`, `>=` holds"
        ),
    };
    Ok((holds, computed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Side::Written;

    fn holds(computed: &str, op: Op, claimed: &str) -> bool {
        decide(op, Written(computed), Written(claimed)).unwrap().0
    }

    fn half() -> Side<'static> {
        Side::Number(Ratio {
            num: Decimal::ONE,
            den: Decimal::TWO,
        })
    }

    #[test]
    fn games_compare_in_the_order_of_games() {
        // Theorems: +-1 = {1|-1}; ^ > 0; ^ || *; * || 0; {1|-1} || 0; 1/2 < 1.
        assert!(holds("+-1", Op::Eq, "{1|-1}"));
        assert!(holds("{1|-1}", Op::Eq, "\u{b1}1"));
        assert!(holds("^", Op::Gt, "0"));
        assert!(holds("^", Op::Ge, "0"));
        assert!(!holds("^", Op::Lt, "0"));
        assert!(holds("^", Op::Confused, "*"));
        assert!(!holds("^", Op::Gt, "*"));
        assert!(!holds("^", Op::Le, "*"));
        assert!(holds("*", Op::Confused, "0"));
        assert!(holds("+-1", Op::Confused, "0"));
        assert!(holds("1/2", Op::Lt, "1"));
        assert!(decide(Op::Lt, half(), Written("1")).unwrap().0);
        assert!(decide(Op::Eq, half(), Written("{0|1}")).unwrap().0);
        // By hand: ^* = {0,* | 0} is a first-player win, so confused with
        // 0; ^^* > 0 (Left wins moving first to ^^, and Right's moves, to
        // ^^ or to ^ + (^*)'s Right option, leave Left a win).
        assert!(holds("^*", Op::Confused, "0"));
        assert!(holds("^^*", Op::Gt, "0"));
        // Numbers against switches: 2 > {1|-1} > -2, and 1/2 || +-1.
        assert!(holds("2", Op::Gt, "+-1"));
        assert!(holds("-2", Op::Lt, "+-1"));
        assert!(holds("1/2", Op::Confused, "+-1"));
        assert!(!holds("1/2", Op::Eq, "+-1"));
    }

    #[test]
    fn a_false_comparison_names_both_games_and_how_they_stand() {
        let computed =
            |g: &str, op: Op, claimed: &str| decide(op, Written(g), Written(claimed)).unwrap().1;
        let e = computed("+-1", Op::Gt, "0");
        assert!(
            e.starts_with("\u{b1}1, which is confused with 0: neither"),
            "{e}"
        );
        let e = computed("^", Op::Eq, "*");
        assert!(
            e.contains("\u{2191}, which is confused with \u{2217}"),
            "{e}"
        );
        assert_eq!(computed("1/2", Op::Gt, "1"), "1/2, which is less than 1");
        assert_eq!(
            computed("{1|-1}", Op::Lt, "+-1"),
            "\u{b1}1, which equals \u{b1}1"
        );
        assert!(
            decide(Op::Approx, Written("^"), Written("0"))
                .unwrap_err()
                .contains("does not compare games")
        );
        assert_eq!(print(Written("{1|-1}")).unwrap(), "\u{b1}1");
        assert_eq!(print(half()).unwrap(), "1/2");
        let third = Side::Number(Ratio {
            num: Decimal::ONE,
            den: Decimal::from(3),
        });
        assert!(print(third).unwrap_err().contains("not a dyadic"));
    }
}
