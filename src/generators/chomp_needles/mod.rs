//! `chomp-needles`: the winning openings ("needles") of every Chomp bar in a
//! window, from one labelling of the window, and the families whose needle
//! has a sentence.
//!
//! The survey labels the W x H window once and lists, for every bar in it but
//! 1 x 1, the openings that leave a lost position and the squares each eats.
//! Beside it the generator labels four small windows of its own and asserts
//! the sentences: on square bars the opening at (2, 2) is the only winning one
//! and the L it leaves is two-heap Nim; two-row positions are lost exactly when
//! the bottom row is one longer than the top; under misère play the square's
//! opening wins from 3 x 3 on and loses on 2 x 2. Three-row bars get their
//! needle listed (there is no sentence to assert), and position counts are
//! checked against a direct walk of the bars named in `walk`. Its views are
//! drawn in `views.rs`.

mod views;

use super::params::{choice, params};
use super::{Check, Data, Doc, Generator, Limit, Output, Params, Spec, draw};
use crate::games::chomp::{self, Labels, Opening, Play};
use serde::{Deserialize, Serialize};

pub struct ChompNeedles;

choice! {
    /// The convention of the survey.
    pub enum Convention {
        /// The player left with the bare poison loses.
        Normal = "normal",
        /// The bare poison is a win for the player to move.
        Misere = "misere",
    }
}

impl Convention {
    fn play(self) -> Play {
        match self {
            Convention::Normal => Play::Normal,
            Convention::Misere => Play::Misere,
        }
    }
}

/// Bytes of labels of the largest window the run labels.
fn label_bytes(params: &Params) -> Result<u128, String> {
    let p: ChompNeedlesParams = params.typed();
    let arms = p.arms + 1;
    let windows = [
        (p.columns, p.rows),
        (arms, arms),
        (p.two_row, 2),
        (p.three_row, 3),
    ];
    // The declared ranges keep every side within 1..=chomp::MAX_SIDE.
    let bytes = windows
        .into_iter()
        .chain(p.walk)
        .map(|(c, r)| chomp::table_bytes(c, r));
    Ok(bytes.max().unwrap_or(0))
}

/// Positions of the largest bar walked directly.
fn walk_positions(params: &Params) -> Result<u128, String> {
    let p: ChompNeedlesParams = params.typed();
    let positions = p.walk.iter().map(|&(c, r)| chomp::positions_in(c, r));
    Ok(positions.max().unwrap_or(0))
}

params! {
    /// The parameters of `chomp-needles`.
    pub struct ChompNeedlesParams {
        /// Columns of the survey window (W); every bar up to W x H is surveyed.
        columns: usize = 12, in 1..=40;
        /// Rows of the survey window (H).
        rows: usize = 8, in 1..=40;
        /// The convention of the survey: "normal" (the player left with the bare poison loses) or
        /// "misere" (the bare poison is a win for the player to move). The family sentences keep
        /// their own conventions.
        play: Convention = "normal";
        /// Side of the square of small bars counted apart (the earlier survey went up to 6 x 6).
        small: usize = 6, in 1..=40;
        /// Longest arm of the L-positions (A); square bars from 2 x 2 to (A + 1) x (A + 1) are
        /// checked in the same window, under both conventions.
        arms: usize = 9, in 1..=20;
        /// Longest bottom row of the two-row positions (B); two-row bars 1 x 2 to B x 2.
        two_row: usize = 12, in 1..=60;
        /// Three-row bars from 1 x 3 to K x 3 get their needles listed (K).
        three_row: usize = 15, in 1..=60;
        /// Bars [columns, rows] whose positions are counted by a direct walk and compared with
        /// C(columns + rows, rows) - 1.
        walk: Vec<(usize, usize)> = [[12, 8], [12, 2]], in 1..=40, at most 4;
    }
}

static SPEC: Spec = Spec {
    name: "chomp-needles",
    description: "Chomp: the winning openings of every bar in a W x H window from one labelling of \
                  the window, with the square, L, two-row, three-row and misère families.",
    params: ChompNeedlesParams::PARAMS,
    limits: &[
        Limit {
            name: "label bytes",
            doc: "bytes of labels of the largest window labelled (the survey window, the \
                  (A + 1) x (A + 1) square, the two-row and three-row windows, each walked bar), \
                  one per staircase",
            max: chomp::MAX_TABLE_BYTES,
            measure: label_bytes,
        },
        Limit {
            name: "walk positions",
            doc: "positions of the largest bar walked directly; the walk keeps a hash map of \
                  staircases, about 5 microseconds and a few hundred bytes per position",
            max: 1_000_000,
            measure: walk_positions,
        },
    ],
    keys: &[
        Doc {
            name: "columns",
            doc: "Columns of the survey window (W).",
        },
        Doc {
            name: "rows",
            doc: "Rows of the survey window (H).",
        },
        Doc {
            name: "play",
            doc: "The survey's convention: \"normal\" or \"misere\".",
        },
        Doc {
            name: "positions",
            doc: "Positions of the window, C(W + H, H) - 1, counted from the labels.",
        },
        Doc {
            name: "lost",
            doc: "Lost positions of the window.",
        },
        Doc {
            name: "lost_share",
            doc: "lost / positions.",
        },
        Doc {
            name: "bars",
            doc: "Bars surveyed: every c x r with c <= W, r <= H but 1 x 1.",
        },
        Doc {
            name: "one_needle",
            doc: "Bars with exactly one winning opening.",
        },
        Doc {
            name: "several_needles",
            doc: "Bars with two or more winning openings.",
        },
        Doc {
            name: "most_needles",
            doc: "The largest number of winning openings of any bar.",
        },
        Doc {
            name: "no_needle",
            doc: "Bars with no winning opening (none under normal play).",
        },
        Doc {
            name: "small.side",
            doc: "Side of the square of small bars (the `small` parameter, capped by the window).",
        },
        Doc {
            name: "small.bars",
            doc: "Bars up to small.side x small.side but 1 x 1.",
        },
        Doc {
            name: "small.one_needle",
            doc: "Of those, the bars with exactly one winning opening.",
        },
        Doc {
            name: "beyond.bars",
            doc: "Bars of the window outside the small square.",
        },
        Doc {
            name: "beyond.one_needle",
            doc: "Of those, the bars with exactly one winning opening.",
        },
        Doc {
            name: "multi",
            doc: "The bars with two or more winning openings, by squares then columns; each as \
                  survey.N.",
        },
        Doc {
            name: "survey.N",
            doc: "Every bar, by columns then rows: survey.N.columns, .rows, .squares, .count \
                  (winning openings) and .needles.M.column, .row (from 1, row 1 at the bottom) \
                  and .eats (squares the opening takes).",
        },
        Doc {
            name: "drawn",
            doc: "The bar of the `bar` view (the first of multi, or the whole window when multi \
                  is empty), as survey.N.",
        },
        Doc {
            name: "squares.N",
            doc: "Square bars from 2 x 2 up, normal play: squares.N.side, .needles (winning \
                  openings), .centre_only (whether (2, 2) is the one winning opening) and \
                  .misere_centre_wins (whether (2, 2) wins under misère play).",
        },
        Doc {
            name: "l_positions.arms",
            doc: "Longest arm A of the L-positions (poison with a vertical arm a and a horizontal \
                  arm b, 0 <= a, b <= A, not both 0).",
        },
        Doc {
            name: "l_positions.positions",
            doc: "L-positions: (A + 1)^2 - 1.",
        },
        Doc {
            name: "l_positions.lost",
            doc: "Lost L-positions under normal play.",
        },
        Doc {
            name: "l_positions.lost_equal_arms",
            doc: "Lost L-positions whose arms are equal.",
        },
        Doc {
            name: "l_positions.misere_lost",
            doc: "Lost L-positions under misère play.",
        },
        Doc {
            name: "l_positions.grid",
            doc: "l_positions.grid.a.b: whether the L-position with a vertical arm of a and a \
                  horizontal arm of b (0 to A) is lost under normal play; null for a = b = 0, the \
                  bare poison.",
        },
        Doc {
            name: "misere.wins_from",
            doc: "Smallest side from which the opening at (2, 2) wins every larger square bar \
                  checked under misère play (null if it loses on the largest).",
        },
        Doc {
            name: "misere.loses_on",
            doc: "Sides of the square bars on which the opening at (2, 2) loses under misère play.",
        },
        Doc {
            name: "two_row.length",
            doc: "Longest bottom row B of the two-row positions.",
        },
        Doc {
            name: "two_row.positions",
            doc: "Two-row positions: bottom b from 1 to B, top t from 0 to b.",
        },
        Doc {
            name: "two_row.lost",
            doc: "Lost two-row positions.",
        },
        Doc {
            name: "two_row.bars",
            doc: "Two-row bars 1 x 2 to B x 2.",
        },
        Doc {
            name: "two_row.top_right",
            doc: "Two-row bars whose one winning opening is the top-right square.",
        },
        Doc {
            name: "two_row.grid",
            doc: "two_row.grid.N.t: whether the two-row position with a bottom row of N + 1 and a \
                  top row of t (0 to N + 1) is lost.",
        },
        Doc {
            name: "three_row.length",
            doc: "Longest three-row bar K (columns).",
        },
        Doc {
            name: "three_row.one_needle",
            doc: "Three-row bars 1 x 3 to K x 3 with exactly one winning opening.",
        },
        Doc {
            name: "three_row.lowest_row",
            doc: "The lowest row of a three-row bar's first winning opening (null if none).",
        },
        Doc {
            name: "three_row.highest_row",
            doc: "The highest row of a three-row bar's first winning opening (null if none).",
        },
        Doc {
            name: "three_row.bars.N",
            doc: "The bar of N + 1 columns and three rows: .columns, .count (winning openings), \
                  .column and .row of its first winning opening (null if none).",
        },
        Doc {
            name: "walks.N",
            doc: "Each bar of `walk`: walks.N.columns, .rows, .walked (positions reached by a \
                  direct walk), .formula (C(columns + rows, rows) - 1) and .lost (lost positions \
                  under the survey's convention).",
        },
    ],
    identities: &[
        Doc {
            name: "positions the labelling enumerates = C(W + H, H) - 1",
            doc: "The tails the labelling walks give as many positions as the binomial count.",
        },
        Doc {
            name: "walk C x R: walked positions = C(C + R, R) - 1",
            doc: "For each bar of `walk`, a direct walk reaches the formula's count.",
        },
        Doc {
            name: "square bars: (2, 2) is the only winning opening",
            doc: "Every square bar from 2 x 2 to (A + 1) x (A + 1), normal play.",
        },
        Doc {
            name: "L-positions are lost exactly when the arms are equal",
            doc: "Two-heap Nim, for arms 0..=A under normal play.",
        },
        Doc {
            name: "misère L-positions follow misère Nim",
            doc: "Lost exactly when the arms are equal and at least 2, or one arm is 1 and the \
                  other 0.",
        },
        Doc {
            name: "misère: (2, 2) loses on a square exactly where misère Nim wins the L it leaves",
            doc: "The square's opening under misère play, sides 2 to A + 1, against the misère Nim \
                  rule for the L-position it leaves.",
        },
        Doc {
            name: "two-row positions are lost exactly when bottom = top + 1",
            doc: "Bottom b from 1 to B, top t from 0 to b, normal play.",
        },
        Doc {
            name: "two-row bars: the top-right square is the one winning opening",
            doc: "Bars 1 x 2 to B x 2, normal play.",
        },
    ],
    views: &[
        Doc {
            name: "window",
            doc: "The window as a board of bars (column c, row r from the bottom stands for the \
                  c x r bar), coloured by the number of winning openings, counts other than one \
                  written in; its values are the counts. Nothing to draw for a 1 x 1 window.",
        },
        Doc {
            name: "bar",
            doc: "The drawn bar with each winning opening numbered and the block it eats coloured \
                  (squares eaten by several in a colour of their own); its values are the \
                  needles. Nothing to draw when the drawn bar is 1 x 1.",
        },
        Doc {
            name: "three-row",
            doc: "A table of the three-row bars: winning openings and the column and row of the \
                  first.",
        },
        Doc {
            name: "arms",
            doc: "The L-positions as a board, the vertical arm up and the horizontal arm across, \
                  the lost ones marked.",
        },
        Doc {
            name: "two-rows",
            doc: "The two-row positions as a board, the bottom row across and the top row up, \
                  the lost ones marked.",
        },
    ],
    games: &["chomp"],
};

#[derive(Serialize, Deserialize, Clone)]
struct Needle {
    column: usize,
    row: usize,
    eats: usize,
}

#[derive(Serialize, Deserialize, Clone)]
struct Bar {
    columns: usize,
    rows: usize,
    squares: usize,
    count: usize,
    needles: Vec<Needle>,
}

#[derive(Serialize, Deserialize)]
struct Range {
    side: usize,
    bars: usize,
    one_needle: usize,
}

#[derive(Serialize, Deserialize)]
struct Beyond {
    bars: usize,
    one_needle: usize,
}

#[derive(Serialize, Deserialize)]
struct Square {
    side: usize,
    needles: usize,
    centre_only: bool,
    misere_centre_wins: bool,
}

#[derive(Serialize, Deserialize)]
struct LPositions {
    arms: usize,
    positions: usize,
    lost: usize,
    lost_equal_arms: usize,
    misere_lost: usize,
    grid: Vec<Vec<Option<bool>>>,
}

#[derive(Serialize, Deserialize)]
struct Misere {
    wins_from: Option<usize>,
    loses_on: Vec<usize>,
}

#[derive(Serialize, Deserialize)]
struct TwoRow {
    length: usize,
    positions: usize,
    lost: usize,
    bars: usize,
    top_right: usize,
    grid: Vec<Vec<bool>>,
}

#[derive(Serialize, Deserialize)]
struct ThreeRowBar {
    columns: usize,
    count: usize,
    column: Option<usize>,
    row: Option<usize>,
}

#[derive(Serialize, Deserialize)]
struct ThreeRow {
    length: usize,
    one_needle: usize,
    lowest_row: Option<usize>,
    highest_row: Option<usize>,
    bars: Vec<ThreeRowBar>,
}

#[derive(Serialize, Deserialize)]
struct WalkCount {
    columns: usize,
    rows: usize,
    walked: u64,
    formula: u64,
    lost: u64,
}

#[derive(Serialize, Deserialize)]
struct Results {
    columns: usize,
    rows: usize,
    play: String,
    positions: u64,
    lost: u64,
    lost_share: f64,
    bars: usize,
    one_needle: usize,
    several_needles: usize,
    most_needles: usize,
    no_needle: usize,
    small: Range,
    beyond: Beyond,
    multi: Vec<Bar>,
    survey: Vec<Bar>,
    drawn: Bar,
    squares: Vec<Square>,
    l_positions: LPositions,
    misere: Misere,
    two_row: TwoRow,
    three_row: ThreeRow,
    walks: Vec<WalkCount>,
}

/// Labels a window whose size the limits have accepted.
fn label(columns: usize, rows: usize, play: Play) -> Labels {
    Labels::new(columns, rows, play).expect("window checked by the limits")
}

/// A bar of a labelled window with its winning openings.
fn survey_bar(labels: &Labels, columns: usize, rows: usize) -> Bar {
    let needles = labels
        .winning_openings(&chomp::bar(columns, rows))
        .expect("the bar lies in the window");
    Bar {
        columns,
        rows,
        squares: columns * rows,
        count: needles.len(),
        needles: needles
            .iter()
            .map(|&Opening { column, row, eats }| Needle { column, row, eats })
            .collect(),
    }
}

/// The L-position with a vertical arm of `a` and a horizontal arm of `b`.
fn l_position(a: usize, b: usize) -> Vec<u8> {
    let mut heights = vec![(a + 1) as u8];
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

/// The square bars and L-positions, in the (A + 1) x (A + 1) window under
/// both conventions, with their checks.
fn squares_and_ls(arms: usize, checks: &mut Vec<Check>) -> (Vec<Square>, LPositions, Misere) {
    let side = arms + 1;
    let normal = label(side, side, Play::Normal);
    let misere = label(side, side, Play::Misere);
    let squares: Vec<Square> = (2..=side)
        .map(|s| {
            let bar = survey_bar(&normal, s, s);
            let centre = chomp::eat(&chomp::bar(s, s), 2, 2);
            Square {
                side: s,
                needles: bar.count,
                centre_only: only_needle_is(&bar, (2, 2)),
                misere_centre_wins: lost(&misere, &centre),
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
    let normal_breakers = rule_breakers(&normal, &|a, b| a == b);
    checks.push(Check::that(
        "L-positions are lost exactly when the arms are equal",
        normal_breakers.is_empty(),
        format!(
            "{} L-positions with arms up to {arms}; exceptions: [{}]",
            ls.len(),
            normal_breakers.join(", ")
        ),
    ));
    // Misère Nim with two heaps: lost when they are equal and at least two, or one and none.
    let misere_nim_lost = |a: usize, b: usize| (a == b && a >= 2) || a + b == 1;
    let misere_breakers = rule_breakers(&misere, &misere_nim_lost);
    checks.push(Check::that(
        "misère L-positions follow misère Nim",
        misere_breakers.is_empty(),
        format!(
            "{} L-positions with arms up to {arms}; exceptions: [{}]",
            ls.len(),
            misere_breakers.join(", ")
        ),
    ));
    let count = |labels: &Labels, f: &dyn Fn(usize, usize) -> bool| {
        ls.iter()
            .filter(|&&(a, b)| f(a, b) && lost(labels, &l_position(a, b)))
            .count()
    };
    let l_positions = LPositions {
        arms,
        positions: ls.len(),
        lost: count(&normal, &|_, _| true),
        lost_equal_arms: count(&normal, &|a, b| a == b),
        misere_lost: count(&misere, &|_, _| true),
        grid: (0..=arms)
            .map(|a| {
                (0..=arms)
                    .map(|b| ((a, b) != (0, 0)).then(|| lost(&normal, &l_position(a, b))))
                    .collect()
            })
            .collect(),
    };

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
    (
        squares,
        l_positions,
        Misere {
            wins_from,
            loses_on,
        },
    )
}

/// The two-row positions and bars in the B x 2 window, with their checks.
fn two_rows(length: usize, checks: &mut Vec<Check>) -> TwoRow {
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
fn three_rows(length: usize) -> ThreeRow {
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
        bars,
    }
}

impl Generator for ChompNeedles {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn run(&self, params: &Params) -> Output {
        let p: ChompNeedlesParams = params.typed();
        let (columns, rows) = (p.columns, p.rows);
        let play = p.play.play();
        let labels = label(columns, rows, play);
        let positions = labels.positions();
        let mut checks = vec![Check::equal(
            "positions the labelling enumerates = C(W + H, H) - 1",
            u128::from(positions),
            chomp::positions_in(columns, rows),
        )];

        let survey: Vec<Bar> = (1..=columns)
            .flat_map(|c| (1..=rows).map(move |r| (c, r)))
            .filter(|&bar| bar != (1, 1))
            .map(|(c, r)| survey_bar(&labels, c, r))
            .collect();
        let side = p.small.min(columns).min(rows);
        let is_small = |b: &Bar| b.columns <= side && b.rows <= side;
        let one = |b: &&Bar| b.count == 1;
        let mut multi: Vec<Bar> = survey.iter().filter(|b| b.count >= 2).cloned().collect();
        multi.sort_by_key(|b| (b.squares, b.columns));
        let drawn = multi
            .first()
            .cloned()
            .unwrap_or_else(|| survey_bar(&labels, columns, rows));

        let (squares, l_positions, misere) = squares_and_ls(p.arms, &mut checks);
        let two_row = two_rows(p.two_row, &mut checks);
        let three_row = three_rows(p.three_row);

        let walks: Vec<WalkCount> = p
            .walk
            .iter()
            .map(|&(c, r)| {
                let walked = chomp::walk_bar(c, r).positions;
                let formula = chomp::positions_in(c, r);
                checks.push(Check::equal(
                    format!("walk {c} x {r}: walked positions = C({c} + {r}, {r}) - 1"),
                    u128::from(walked),
                    formula,
                ));
                WalkCount {
                    columns: c,
                    rows: r,
                    walked,
                    formula: formula as u64,
                    lost: label(c, r, play).lost(),
                }
            })
            .collect();

        let data = Results {
            columns,
            rows,
            play: p.play.word().to_string(),
            positions,
            lost: labels.lost(),
            lost_share: labels.lost() as f64 / positions as f64,
            bars: survey.len(),
            one_needle: survey.iter().filter(one).count(),
            several_needles: multi.len(),
            most_needles: survey.iter().map(|b| b.count).max().unwrap_or(0),
            no_needle: survey.iter().filter(|b| b.count == 0).count(),
            small: Range {
                side,
                bars: survey.iter().filter(|b| is_small(b)).count(),
                one_needle: survey.iter().filter(|b| is_small(b)).filter(one).count(),
            },
            beyond: Beyond {
                bars: survey.iter().filter(|b| !is_small(b)).count(),
                one_needle: survey.iter().filter(|b| !is_small(b)).filter(one).count(),
            },
            multi,
            drawn,
            squares,
            l_positions,
            misere,
            two_row,
            three_row,
            walks,
            survey,
        };
        Output::new(&data, checks)
    }

    fn draw(&self, view: &str, _: &Params, data: &Data) -> Result<Option<draw::Drawing>, String> {
        views::draw(view, &data.typed()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draw::Role;
    use std::sync::LazyLock;

    fn params(pairs: &[(&str, &str)]) -> Params {
        Params::from_text(&SPEC, pairs).unwrap()
    }

    fn run(pairs: &[(&str, &str)]) -> Output {
        let p = params(pairs);
        SPEC.check_limits(&p).unwrap();
        ChompNeedles.run(&p)
    }

    /// The default run, shared by the tests that read it.
    static DEFAULT: LazyLock<Output> = LazyLock::new(|| run(&[]));

    #[test]
    fn defaults_reproduce_the_twelve_by_eight_survey() {
        let out = &*DEFAULT;
        let d = &out.data;
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
        assert_eq!(d["bars"], 95);
        assert_eq!(d["one_needle"], 94);
        assert_eq!(d["several_needles"], 1);
        assert_eq!(d["most_needles"], 2);
        assert_eq!(d["small"]["bars"], 35);
        assert_eq!(d["small"]["one_needle"], 35);
        assert_eq!(d["beyond"]["one_needle"], 59);
        assert_eq!(d["positions"], 125_969);
        let two = &d["multi"][0];
        assert_eq!(
            (two["columns"].clone(), two["rows"].clone()),
            (10.into(), 8.into())
        );
        assert_eq!(
            two["needles"],
            serde_json::json!([
                {"column": 6, "row": 5, "eats": 20},
                {"column": 9, "row": 4, "eats": 10}
            ])
        );
        assert_eq!(d["drawn"]["columns"], 10);
    }

    #[test]
    fn families_match_the_published_counts() {
        let out = &*DEFAULT;
        let d = &out.data;
        // 99 L-positions with arms up to nine, the 9 with equal arms lost.
        assert_eq!(d["l_positions"]["positions"], 99);
        assert_eq!(d["l_positions"]["lost"], 9);
        assert_eq!(d["l_positions"]["lost_equal_arms"], 9);
        // 90 two-row positions with rows up to twelve; lost when b = t + 1: 12.
        assert_eq!(d["two_row"]["positions"], 90);
        assert_eq!(d["two_row"]["lost"], 12);
        assert_eq!(d["two_row"]["top_right"], 12);
        // The 12 x 2 bar walked: 90 positions, 12 of them lost.
        assert_eq!(d["walks"][1]["walked"], 90);
        assert_eq!(d["walks"][1]["lost"], 12);
        assert_eq!(d["walks"][0]["walked"], 125_969);
        // Misère: the square's opening loses on 2 x 2 and wins from 3 x 3.
        assert_eq!(d["misere"]["wins_from"], 3);
        assert_eq!(d["misere"]["loses_on"], serde_json::json!([2]));
        // Misère Nim on two heaps of at most nine: 8 equal pairs >= 2, plus (1, 0), (0, 1).
        assert_eq!(d["l_positions"]["misere_lost"], 10);
    }

    #[test]
    fn three_row_needles_match_the_published_table() {
        let out = &*DEFAULT;
        let bars = &out.data["three_row"]["bars"];
        let at = |c: usize| {
            let b = &bars[c - 1];
            assert_eq!(b["count"], 1, "{c} columns");
            (b["column"].as_u64().unwrap(), b["row"].as_u64().unwrap())
        };
        let rows: Vec<u64> = (6..=11).map(|c| at(c).1).collect();
        assert_eq!(rows, vec![2, 3, 2, 3, 2, 2]);
        assert_eq!(at(12).1, 3);
        assert_eq!(at(13).1, 2);
        assert_eq!(at(14).1, 3);
        assert_eq!(at(10).0, 6);
        assert_eq!(at(12).0, 9);
        assert_eq!(at(13).0, 8);
        assert_eq!(out.data["three_row"]["one_needle"], 15);
        let all: Vec<u64> = (1..=15).map(|c| at(c).1).collect();
        assert_eq!(
            out.data["three_row"]["lowest_row"],
            *all.iter().min().unwrap()
        );
        assert_eq!(
            out.data["three_row"]["highest_row"],
            *all.iter().max().unwrap()
        );
        assert_eq!(out.data["three_row"]["lowest_row"], 2);
        assert_eq!(out.data["three_row"]["highest_row"], 3);
    }

    #[test]
    fn misere_survey_finds_bars_without_a_needle() {
        // Under misère play 2 x 1 has no winning opening: its one move leaves
        // the bare poison, a win for the player to move.
        let out = run(&[
            ("columns", "4"),
            ("rows", "3"),
            ("play", "\"misere\""),
            ("walk", "[]"),
        ]);
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
        let survey = out.data["survey"].as_array().unwrap();
        let two_by_one = survey
            .iter()
            .find(|b| b["columns"] == 2 && b["rows"] == 1)
            .unwrap();
        assert_eq!(two_by_one["count"], 0);
        assert!(out.data["no_needle"].as_u64().unwrap() >= 1);
    }

    /// The drawing of `view` from a run's data, as the site makes it.
    fn drawn(out: &Output, view: &str) -> Option<draw::Drawing> {
        let data = Data::from_value(out.data.clone()).unwrap();
        ChompNeedles.draw(view, &params(&[]), &data).unwrap()
    }

    fn board(out: &Output, view: &str) -> draw::Board {
        match drawn(out, view) {
            Some(draw::Drawing::Board(board)) => board,
            other => panic!("{view} is not a board: {other:?}"),
        }
    }

    /// The role and label of the cell in board row `r` (from the top), column `c`.
    fn cell(board: &draw::Board, r: usize, c: usize) -> (Role, &str) {
        let i = r * board.cols + c;
        let label = board.labels.get(i).map_or("", String::as_str);
        (board.cells[i], label)
    }

    fn count(board: &draw::Board, role: Role) -> usize {
        board.cells.iter().filter(|&&r| r == role).count()
    }

    /// The rows of the values a board shows, as JSON.
    fn values(board: &draw::Board) -> serde_json::Value {
        serde_json::json!(board.values.as_ref().unwrap().rows)
    }

    fn legend(board: &draw::Board) -> Vec<(Role, &str)> {
        board.legend.iter().map(|(r, m)| (*r, m.as_str())).collect()
    }

    /// A run with a small survey window and the family windows given.
    fn small(families: &[(&str, &str)]) -> Output {
        let mut pairs = vec![("columns", "3"), ("rows", "3"), ("walk", "[]")];
        pairs.extend_from_slice(families);
        run(&pairs)
    }

    #[test]
    fn every_view_is_drawn_from_the_data_of_a_run() {
        for view in SPEC.views {
            assert!(drawn(&DEFAULT, view.name).is_some(), "{}", view.name);
        }
        let data = Data::from_value(DEFAULT.data.clone()).unwrap();
        let err = ChompNeedles.draw("pie", &params(&[]), &data).unwrap_err();
        assert!(err.contains("no view `pie`"), "{err}");
    }

    #[test]
    fn the_window_colours_each_bar_by_its_needles_and_writes_in_the_two() {
        let window = board(&DEFAULT, "window");
        assert_eq!((window.rows, window.cols), (8, 12));
        assert_eq!(window.row_labels.first().map(String::as_str), Some("8"));
        assert_eq!(window.col_labels.last().map(String::as_str), Some("12"));
        // Row 1 is at the bottom: the 1 x 1 bar is the bottom-left square,
        // the 10 x 8 bar is in the top row, tenth column.
        assert_eq!(cell(&window, 7, 0), (Role::Poison, ""));
        assert_eq!(cell(&window, 0, 9), (Role::Series(1), "2"));
        assert_eq!(cell(&window, 7, 1), (Role::Series(0), ""));
        assert_eq!(count(&window, Role::Series(0)), 94);
        assert_eq!(
            legend(&window),
            [
                (Role::Poison, "the 1 × 1 bar: the poison alone"),
                (Role::Series(0), "1 winning opening"),
                (Role::Series(1), "2 winning openings"),
            ]
        );
        // Its values are the counts in the same grid.
        let rows = values(&window);
        assert_eq!(rows.as_array().unwrap().len(), 8);
        assert_eq!(rows[0][0], 8);
        assert_eq!(rows[0][10], 2);
        assert_eq!(rows[7][0], 1);
        assert_eq!(rows[7][1], serde_json::Value::Null);
        assert_eq!(rows[7][2], 1);
    }

    #[test]
    fn the_bar_numbers_its_needles_and_colours_what_each_eats() {
        let bar = board(&DEFAULT, "bar");
        assert_eq!((bar.rows, bar.cols), (8, 10));
        // Needle 1 at column 6, row 5 eats columns 6-10 of rows 5-8 (20
        // squares); needle 2 at column 9, row 4 eats columns 9-10 of rows
        // 4-8 (10). They share columns 9-10 of rows 5-8: 8 squares.
        assert_eq!(cell(&bar, 8 - 5, 6 - 1), (Role::Series(0), "1"));
        assert_eq!(cell(&bar, 8 - 4, 9 - 1), (Role::Series(1), "2"));
        assert_eq!(cell(&bar, 0, 9), (Role::Series(2), ""));
        assert_eq!(cell(&bar, 7, 0), (Role::Poison, ""));
        assert_eq!(count(&bar, Role::Series(0)), 20 - 8);
        assert_eq!(count(&bar, Role::Series(1)), 10 - 8);
        assert_eq!(count(&bar, Role::Series(2)), 8);
        assert_eq!(count(&bar, Role::Free), 80 - 12 - 2 - 8 - 1);
        assert_eq!(
            legend(&bar),
            [
                (Role::Poison, "the poison"),
                (Role::Series(0), "eaten by needle 1 alone"),
                (Role::Series(1), "eaten by needle 2 alone"),
                (Role::Series(2), "eaten by both needles"),
                (Role::Free, "eaten by no needle"),
            ]
        );
        assert_eq!(
            values(&bar),
            serde_json::json!([[1, 6, 5, 20], [2, 9, 4, 10]])
        );
    }

    #[test]
    fn the_three_row_table_lists_each_bars_needle() {
        let Some(draw::Drawing::Table(table)) = drawn(&DEFAULT, "three-row") else {
            panic!("three-row is a table");
        };
        assert_eq!(table.rows.len(), 15);
        // By hand: on 1 x 3 the needle leaves the poison alone; on 2 x 3 it
        // is the top-right square, leaving heights [3, 2], every move from
        // which leaves a position with a move to a lost one.
        assert_eq!(
            serde_json::json!(table.rows[0]),
            serde_json::json!(["1 × 3", 1, 1, 2])
        );
        assert_eq!(
            serde_json::json!(table.rows[1]),
            serde_json::json!(["2 × 3", 1, 2, 3])
        );
        // What the essay's sentences read.
        assert_eq!(
            serde_json::json!(table.rows[9]),
            serde_json::json!(["10 × 3", 1, 6, 2])
        );
        assert_eq!(table.rows[11][3], 3);
    }

    #[test]
    fn the_arms_board_marks_the_l_positions_with_equal_arms() {
        // Arms up to 2, by hand: (1, 0), (0, 1), (2, 0) and (0, 2) move to
        // the bare poison; (1, 1) moves only to (1, 0) and (0, 1), so it is
        // lost; (2, 1) and (1, 2) move to (1, 1); (2, 2) moves only to those
        // four, so it is lost.
        let out = small(&[("arms", "2")]);
        let arms = board(&out, "arms");
        assert_eq!((arms.rows, arms.cols), (3, 3));
        assert_eq!(arms.row_labels, ["2", "1", "0"]);
        assert_eq!(arms.col_labels, ["0", "1", "2"]);
        assert_eq!(
            values(&arms),
            serde_json::json!([
                [2, "won", "won", "lost"],
                [1, "won", "lost", "won"],
                [0, "poison", "won", "won"],
            ])
        );
        assert_eq!(cell(&arms, 2, 0).0, Role::Poison);
        assert_eq!(cell(&arms, 0, 2).0, Role::Losing);
        assert_eq!(
            legend(&arms),
            [
                (Role::Losing, "lost for the player to move"),
                (Role::Free, "won for the player to move"),
                (Role::Poison, "the poison alone"),
            ]
        );
        // The default board: lost exactly on the diagonal, as many as the data says.
        let arms = board(&DEFAULT, "arms");
        assert_eq!((arms.rows, arms.cols), (10, 10));
        for r in 0..10 {
            for c in 0..10 {
                let (a, b) = (9 - r, c);
                assert_eq!(cell(&arms, r, c).0 == Role::Losing, a == b && a > 0);
            }
        }
        assert_eq!(count(&arms, Role::Losing), 9);
    }

    #[test]
    fn the_two_rows_board_marks_a_bottom_row_one_longer_than_the_top() {
        // Bottom rows up to 3, by hand: (1, 0) is the bare poison, lost;
        // (1, 1), (2, 0) and (3, 0) move to it; (2, 1) moves only to (1, 1)
        // and (2, 0), so it is lost; (2, 2) and (3, 1) move to (2, 1); (3, 2)
        // moves only to (3, 0), (3, 1), (1, 1) and (2, 2), so it is lost; (3, 3)
        // moves to (3, 2).
        let out = small(&[("two_row", "3")]);
        let two = board(&out, "two-rows");
        assert_eq!((two.rows, two.cols), (4, 3));
        assert_eq!(two.row_labels, ["3", "2", "1", "0"]);
        assert_eq!(two.col_labels, ["1", "2", "3"]);
        assert_eq!(
            values(&two),
            serde_json::json!([
                [3, null, null, "won"],
                [2, null, "won", "lost"],
                [1, "won", "lost", "won"],
                [0, "lost", "won", "won"],
            ])
        );
        // Cells with a top row longer than the bottom are not drawn.
        assert_eq!(cell(&two, 0, 0).0, Role::Paper);
        assert_eq!(
            legend(&two),
            [
                (Role::Losing, "lost for the player to move"),
                (Role::Free, "won for the player to move"),
            ]
        );
        let two = board(&DEFAULT, "two-rows");
        assert_eq!((two.rows, two.cols), (13, 12));
        assert_eq!(count(&two, Role::Losing), 12);
        assert_eq!(count(&two, Role::Losing) + count(&two, Role::Free), 90);
    }

    #[test]
    fn a_one_by_one_window_has_no_window_and_no_bar_to_draw() {
        let out = run(&[
            ("columns", "1"),
            ("rows", "1"),
            ("walk", "[]"),
            ("arms", "1"),
            ("two_row", "1"),
            ("three_row", "1"),
        ]);
        assert!(drawn(&out, "window").is_none());
        assert!(drawn(&out, "bar").is_none());
        for view in ["three-row", "arms", "two-rows"] {
            assert!(drawn(&out, view).is_some(), "{view}");
        }
    }

    #[test]
    fn rejects_window_past_memory_limit() {
        let err = SPEC
            .check_limits(&params(&[("columns", "30"), ("rows", "30")]))
            .unwrap_err();
        assert!(err.contains("over the limit of 268435456"), "{err}");
        let walk = SPEC
            .check_limits(&params(&[("walk", "[[16, 12]]")]))
            .unwrap_err();
        assert!(walk.contains("over the limit of 1000000"), "{walk}");
    }

    #[test]
    fn runs_are_deterministic() {
        let small = [("columns", "6"), ("rows", "5"), ("walk", "[[6, 5]]")];
        let (a, b) = (run(&small), run(&small));
        assert_eq!(a.data, b.data);
        for view in SPEC.views {
            let render = |out: &Output| drawn(out, view.name).map(|d| d.render());
            assert_eq!(render(&a), render(&b), "{}", view.name);
        }
    }
}
