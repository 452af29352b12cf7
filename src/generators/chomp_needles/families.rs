//! The families whose needle has a sentence, each labelled in a small window
//! of its own: square bars and L-positions under both conventions, two-row
//! positions, and three-row bars (whose needles are only listed).

use super::{Bar, LPositions, Misere, Square, ThreeRow, ThreeRowBar, TwoRow, label, survey_bar};
use crate::games::chomp::{self, Labels, Play};
use crate::generators::Check;

/// The L-position with a vertical arm of `a` and a horizontal arm of `b`.
fn l_position(a: usize, b: usize) -> Vec<u8> {
    let mut heights = vec![u8::try_from(a + 1).expect("an arm within a window's 62 rows")];
    heights.extend(std::iter::repeat_n(1u8, b));
    heights
}

/// The two-row position with a bottom row of `b` and a top row of `t`.
fn two_row_position(b: usize, t: usize) -> Vec<u8> {
    let mut heights = vec![2u8; t];
    heights.extend(std::iter::repeat_n(1u8, b - t));
    heights
}

/// Whether the bar's one winning opening is the square (column, row).
fn only_needle_is(bar: &Bar, square: (usize, usize)) -> bool {
    matches!(bar.needles.as_slice(), [n] if (n.column, n.row) == square)
}

fn lost(labels: &Labels, heights: &[u8]) -> bool {
    labels.is_lost(heights) == Some(true)
}

/// Misère Nim with two heaps: lost when they are equal and at least two, or
/// one and none.
fn misere_nim_lost(a: usize, b: usize) -> bool {
    (a == b && a >= 2) || a + b == 1
}

/// The square bars from 2 x 2 to `side` x `side`, whose one winning opening
/// under normal play is (2, 2), with the check that it is.
fn squares(normal: &Labels, misere: &Labels, side: usize, checks: &mut Vec<Check>) -> Vec<Square> {
    let squares: Vec<Square> = (2..=side)
        .map(|s| {
            let bar = survey_bar(normal, s, s);
            let centre = chomp::eat(&chomp::bar(s, s), 2, 2);
            Square {
                side: s,
                needles: bar.count,
                centre_only: only_needle_is(&bar, (2, 2)),
                misere_centre_wins: lost(misere, &centre),
            }
        })
        .collect();
    let failing: Vec<String> = squares
        .iter()
        .filter(|s| !s.centre_only)
        .map(|s| format!("{0} x {0}", s.side))
        .collect();
    checks.push(Check::that(
        "square bars: (2, 2) is the only winning opening",
        failing.is_empty(),
        format!(
            "{} square bars from 2 x 2 to {side} x {side}; not so on: [{}]",
            squares.len(),
            failing.join(", ")
        ),
    ));
    squares
}

/// The L-positions with arms up to `arms`, lost exactly when the arms are
/// equal (normal play) and as misère Nim says (misère), with both checks.
fn l_positions(
    normal: &Labels,
    misere: &Labels,
    arms: usize,
    checks: &mut Vec<Check>,
) -> LPositions {
    let ls: Vec<(usize, usize)> = (0..=arms)
        .flat_map(|a| (0..=arms).map(move |b| (a, b)))
        .filter(|&ab| ab != (0, 0))
        .collect();
    let rule_breakers = |labels: &Labels, rule: &dyn Fn(usize, usize) -> bool| {
        ls.iter()
            .filter(|&&(a, b)| lost(labels, &l_position(a, b)) != rule(a, b))
            .map(|(a, b)| format!("({a}, {b})"))
            .collect::<Vec<_>>()
    };
    let mut check = |name: &str, breakers: Vec<String>| {
        checks.push(Check::that(
            name,
            breakers.is_empty(),
            format!(
                "{} L-positions with arms up to {arms}; exceptions: [{}]",
                ls.len(),
                breakers.join(", ")
            ),
        ));
    };
    check(
        "L-positions are lost exactly when the arms are equal",
        rule_breakers(normal, &|a, b| a == b),
    );
    check(
        "misère L-positions follow misère Nim",
        rule_breakers(misere, &misere_nim_lost),
    );
    let count = |labels: &Labels, f: &dyn Fn(usize, usize) -> bool| {
        ls.iter()
            .filter(|&&(a, b)| f(a, b) && lost(labels, &l_position(a, b)))
            .count()
    };
    LPositions {
        arms,
        positions: ls.len(),
        lost: count(normal, &|_, _| true),
        lost_equal_arms: count(normal, &|a, b| a == b),
        misere_lost: count(misere, &|_, _| true),
        grid: (0..=arms)
            .map(|a| {
                (0..=arms)
                    .map(|b| ((a, b) != (0, 0)).then(|| lost(normal, &l_position(a, b))))
                    .collect()
            })
            .collect(),
    }
}

/// Where (2, 2) loses on a square bar under misère play, with the check
/// that it is exactly where misère Nim wins the L-position it leaves.
fn misere_squares(squares: &[Square], side: usize, checks: &mut Vec<Check>) -> Misere {
    let loses_on: Vec<usize> = squares
        .iter()
        .filter(|s| !s.misere_centre_wins)
        .map(|s| s.side)
        .collect();
    let wins_from = match loses_on.last() {
        None => Some(2),
        Some(&s) if s < side => Some(s + 1),
        Some(_) => None,
    };
    // (2, 2) on an s x s bar leaves the L with arms s - 1 and s - 1.
    let predicted: Vec<usize> = squares
        .iter()
        .map(|s| s.side)
        .filter(|&s| !misere_nim_lost(s - 1, s - 1))
        .collect();
    checks.push(Check::equal(
        "misère: (2, 2) loses on a square exactly where misère Nim wins the L it leaves",
        format!("loses on {loses_on:?}"),
        format!("loses on {predicted:?}"),
    ));
    Misere {
        wins_from,
        loses_on,
    }
}

/// The square bars and L-positions, in the (A + 1) x (A + 1) window under
/// both conventions, with their checks.
pub(super) fn squares_and_ls(
    arms: usize,
    checks: &mut Vec<Check>,
) -> (Vec<Square>, LPositions, Misere) {
    let side = arms + 1;
    let normal = label(side, side, Play::Normal);
    let misere = label(side, side, Play::Misere);
    let squares = squares(&normal, &misere, side, checks);
    let l_positions = l_positions(&normal, &misere, arms, checks);
    let misere = misere_squares(&squares, side, checks);
    (squares, l_positions, misere)
}

/// The two-row positions and bars in the B x 2 window, with their checks.
pub(super) fn two_rows(length: usize, checks: &mut Vec<Check>) -> TwoRow {
    let labels = label(length, 2, Play::Normal);
    let positions: Vec<(usize, usize)> = (1..=length)
        .flat_map(|b| (0..=b).map(move |t| (b, t)))
        .collect();
    let breakers: Vec<String> = positions
        .iter()
        .filter(|&&(b, t)| lost(&labels, &two_row_position(b, t)) != (b == t + 1))
        .map(|(b, t)| format!("(bottom {b}, top {t})"))
        .collect();
    checks.push(Check::that(
        "two-row positions are lost exactly when bottom = top + 1",
        breakers.is_empty(),
        format!(
            "{} two-row positions with rows up to {length}; exceptions: [{}]",
            positions.len(),
            breakers.join(", ")
        ),
    ));
    let top_right = (1..=length)
        .filter(|&c| only_needle_is(&survey_bar(&labels, c, 2), (c, 2)))
        .count();
    checks.push(Check::equal(
        "two-row bars: the top-right square is the one winning opening",
        top_right,
        length,
    ));
    let grid: Vec<Vec<bool>> = (1..=length)
        .map(|b| {
            (0..=b)
                .map(|t| lost(&labels, &two_row_position(b, t)))
                .collect()
        })
        .collect();
    TwoRow {
        length,
        positions: positions.len(),
        lost: grid.iter().flatten().filter(|&&l| l).count(),
        bars: length,
        top_right,
        grid,
    }
}

/// The needles of the three-row bars 1 x 3 to K x 3.
pub(super) fn three_rows(length: usize) -> ThreeRow {
    let labels = label(length, 3, Play::Normal);
    let bars: Vec<ThreeRowBar> = (1..=length)
        .map(|c| {
            let bar = survey_bar(&labels, c, 3);
            ThreeRowBar {
                columns: c,
                count: bar.count,
                column: bar.needles.first().map(|n| n.column),
                row: bar.needles.first().map(|n| n.row),
            }
        })
        .collect();
    let rows = || bars.iter().filter_map(|b| b.row);
    ThreeRow {
        length,
        one_needle: bars.iter().filter(|b| b.count == 1).count(),
        lowest_row: rows().min(),
        highest_row: rows().max(),
        top_row: bars
            .iter()
            .filter(|b| b.columns >= 3 && b.row == Some(3))
            .map(|b| b.columns)
            .collect(),
        bars,
    }
}
