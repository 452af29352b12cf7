//! `chomp-needles`: the winning openings ("needles") of every Chomp bar in a
//! window, from one labelling of the window, and the families whose needle
//! has a sentence.
//!
//! The survey labels the W x H window once and lists, for every bar in it but
//! 1 x 1, the openings that leave a lost position and the squares each eats,
//! and under normal play asserts what strategy stealing proves: every bar
//! but 1 x 1 has one, the 1 x 1 bar (the bare poison) none and lost.
//! Beside it the generator labels four small windows of its own and asserts
//! the sentences: on square bars the opening at (2, 2) is the only winning one
//! and the L it leaves is two-heap Nim; two-row positions are lost exactly when
//! the bottom row is one longer than the top; under misère play the square's
//! opening wins from 3 x 3 on and loses on 2 x 2. Three-row bars get their
//! needle listed (there is no sentence to assert), and position counts are
//! checked against a direct walk of the bars named in `walk`. Its views are
//! drawn in `views.rs`.

mod families;
mod shards;
mod spec;
pub(super) mod views;

use super::{Check, Params, Sharding, Solve, Spec};
use crate::games::chomp::{self, Labels, Opening, Play};
use crate::generators::data;
use families::{squares_and_ls, three_rows, two_rows};
use serde::{Deserialize, Serialize};
use spec::{ChompNeedlesParams, Results, SPEC};

/// The `chomp-needles` generator: the winning openings of the Chomp bars in a window.
pub struct ChompNeedles;

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

data! {
    struct Range {
        /// Side of the square of small bars (the `small` parameter, capped by the window).
        side: usize,
        /// Bars up to small.side x small.side but 1 x 1.
        bars: usize,
        /// Of those, the bars with exactly one winning opening.
        one_needle: usize,
    }
}

data! {
    struct Beyond {
        /// Bars of the window outside the small square.
        bars: usize,
        /// Of those, the bars with exactly one winning opening.
        one_needle: usize,
    }
}

#[derive(Serialize, Deserialize)]
struct Square {
    side: usize,
    needles: usize,
    centre_only: bool,
    misere_centre_wins: bool,
}

data! {
    struct LPositions {
        /// Longest arm A of the L-positions (poison with a vertical arm a and a horizontal arm b, 0
        /// <= a, b <= A, not both 0).
        arms: usize,
        /// L-positions: (A + 1)^2 - 1.
        positions: usize,
        /// Lost L-positions under normal play.
        lost: usize,
        /// Lost L-positions whose arms are equal.
        lost_equal_arms: usize,
        /// Lost L-positions under misère play.
        misere_lost: usize,
        /// l_positions.grid.a.b: whether the L-position with a vertical arm of a and a horizontal
        /// arm of b (0 to A) is lost under normal play; null for a = b = 0, the bare poison.
        grid: Vec<Vec<Option<bool>>>,
    }
}

data! {
    struct Misere {
        /// Smallest side from which the opening at (2, 2) wins every larger square bar checked
        /// under misère play (null if it loses on the largest).
        wins_from: Option<usize>,
        /// Sides of the square bars on which the opening at (2, 2) loses under misère play.
        loses_on: Vec<usize>,
    }
}

data! {
    struct TwoRow {
        /// Longest bottom row B of the two-row positions.
        length: usize,
        /// Two-row positions: bottom b from 1 to B, top t from 0 to b.
        positions: usize,
        /// Lost two-row positions.
        lost: usize,
        /// Two-row bars 1 x 2 to B x 2.
        bars: usize,
        /// Two-row bars whose one winning opening is the top-right square.
        top_right: usize,
        /// two_row.grid.N.t: whether the two-row position with a bottom row of N + 1 and a top row
        /// of t (0 to N + 1) is lost.
        grid: Vec<Vec<bool>>,
    }
}

#[derive(Serialize, Deserialize)]
struct ThreeRowBar {
    columns: usize,
    count: usize,
    column: Option<usize>,
    row: Option<usize>,
}

data! {
    struct ThreeRow {
        /// Longest three-row bar K (columns).
        length: usize,
        /// Three-row bars 1 x 3 to K x 3 with exactly one winning opening.
        one_needle: usize,
        /// The lowest row of a three-row bar's first winning opening (null if none).
        lowest_row: Option<usize>,
        /// The highest row of a three-row bar's first winning opening (null if none).
        highest_row: Option<usize>,
        /// The widths (columns), from 3 up to K, of the three-row bars whose first winning opening
        /// lies on the top row; the 1 x 3 and 2 x 3 bars are left out, being the 3 x 1 and 3 x 2
        /// turned (one- and two-row bars, whose needle is the top-right square).
        top_row: Vec<usize>,
        /// The bar of N + 1 columns and three rows: .columns, .count (winning openings), .column
        /// and .row of its first winning opening (null if none).
        bars: Vec<ThreeRowBar> as each,
    }
}

#[derive(Serialize, Deserialize)]
struct WalkCount {
    columns: usize,
    rows: usize,
    walked: u64,
    formula: u64,
    lost: u64,
}

/// Labels a window whose size the limits have accepted.
fn label(columns: usize, rows: usize, play: Play) -> Labels {
    Labels::new(columns, rows, play).expect("window checked by the limits")
}

/// Strategy stealing under normal play: every bar of `survey` (every bar of
/// the window but 1 x 1) has a winning opening, and the 1 x 1 bar, the bare
/// poison, is lost (`poison_lost`).
fn first_player_wins(survey: &[Bar], poison_lost: bool) -> Check {
    let lost: Vec<String> = survey
        .iter()
        .filter(|b| b.count == 0)
        .map(|b| format!("{} x {}", b.columns, b.rows))
        .collect();
    Check::that(
        "normal play: the first player wins every bar but 1 x 1",
        lost.is_empty() && poison_lost,
        format!(
            "{} bars; without a winning opening: [{}]; 1 x 1 lost: {poison_lost}",
            survey.len(),
            lost.join(", ")
        ),
    )
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

impl Solve for ChompNeedles {
    type Data = Results;
    const SPEC: &'static Spec = &SPEC;
    const SHARDING: Option<&'static Sharding<Results>> = Some(&shards::SHARDING);

    fn solve(&self, params: &Params) -> (Results, Vec<Check>) {
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
        if play == Play::Normal {
            let poison_lost = labels.is_lost(&chomp::bar(1, 1)) == Some(true);
            checks.push(first_player_wins(&survey, poison_lost));
        }
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
                    formula: u64::try_from(formula)
                        .expect("a checked window has fewer than 2^64 positions"),
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
        (data, checks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw;
    use crate::generators::{Data, Generator, Output};
    use draw::Role;
    use std::collections::HashMap;
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
        // From three columns on, the top row holds the needle at 5, 7, 9, 12
        // and 14 columns, as a search over the rows' lengths finds too.
        let top_row: Vec<u8> = (3..=15).filter(|&c| top_row_needle(c)).collect();
        assert_eq!(top_row, [5, 7, 9, 12, 14]);
        assert_eq!(out.data["three_row"]["top_row"], serde_json::json!(top_row));
    }

    /// Whether the c x 3 bar's winning openings are all on its top row, by
    /// a memoised search over the three rows' lengths (bottom first), with
    /// no labelling: a position is lost when every bite leaves a won one.
    fn top_row_needle(c: u8) -> bool {
        type Rows = [u8; 3];
        fn bites(rows: Rows) -> impl Iterator<Item = (usize, Rows)> {
            (0..3).flat_map(move |row| {
                (0..rows[row])
                    .filter(move |&column| (row, column) != (0, 0))
                    .map(move |column| {
                        let mut after = rows;
                        after[row..].iter_mut().for_each(|l| *l = (*l).min(column));
                        (row, after)
                    })
            })
        }
        fn lost(rows: Rows, memo: &mut HashMap<Rows, bool>) -> bool {
            if let Some(&l) = memo.get(&rows) {
                return l;
            }
            let l = bites(rows).all(|(_, after)| !lost(after, memo));
            memo.insert(rows, l);
            l
        }
        let mut memo = HashMap::new();
        let winning: Vec<usize> = bites([c; 3])
            .filter(|&(_, after)| lost(after, &mut memo))
            .map(|(row, _)| row)
            .collect();
        !winning.is_empty() && winning.iter().all(|&row| row == 2)
    }

    /// The identity holds on the survey and fails, naming the bar, when a bar
    /// is given no winning opening or the bare poison is called won.
    #[test]
    fn the_first_player_wins_every_bar_but_one_by_one() {
        let name = "normal play: the first player wins every bar but 1 x 1";
        let check = DEFAULT.checks.iter().find(|c| c.name == name).unwrap();
        assert!(check.holds, "{check}");
        assert!(
            check
                .left
                .starts_with("95 bars; without a winning opening: []"),
            "{check}"
        );
        let mut survey: Vec<Bar> = serde_json::from_value(DEFAULT.data["survey"].clone()).unwrap();
        assert!(first_player_wins(&survey, true).holds);
        assert!(!first_player_wins(&survey, false).holds);
        let three_by_two = survey
            .iter_mut()
            .find(|b| (b.columns, b.rows) == (3, 2))
            .unwrap();
        three_by_two.count = 0;
        let wrong = first_player_wins(&survey, true);
        assert!(!wrong.holds);
        assert!(wrong.left.contains("[3 x 2]"), "{wrong}");
        // Under misère play it is not asserted: 2 x 1 is lost there.
        let misere = run(&[
            ("columns", "3"),
            ("rows", "2"),
            ("play", "\"misere\""),
            ("walk", "[]"),
        ]);
        assert!(misere.checks.iter().all(|c| c.name != name));
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
        let err = ChompNeedles
            .draw("pie", &params(&[]), &data)
            .unwrap_err()
            .to_string();
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
            .check_limits(&params(&[("columns", "16"), ("rows", "16")]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("over the limit of 268435456"), "{err}");
        // Past what the labelling can hold at all, the window is named.
        let err = SPEC
            .check_limits(&params(&[("columns", "30"), ("rows", "30")]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("the 30 x 30 window needs"), "{err}");
        let walk = SPEC
            .check_limits(&params(&[("walk", "[[16, 16]]")]))
            .unwrap_err()
            .to_string();
        assert!(walk.contains("over the limit of 50000000"), "{walk}");
    }

    #[test]
    fn a_refusal_names_the_parameter_at_fault() {
        // C(31, 15) = 300,540,195 bytes for the 16 x 16 square of arms = 15.
        let arms = SPEC
            .check_limits(&params(&[("arms", "15")]))
            .unwrap_err()
            .to_string();
        assert!(
            arms.starts_with("label bytes is 300540195, over the limit of 268435456 ("),
            "{arms}"
        );
        assert!(
            arms.ends_with("; lower `arms = 15`, or raise the limit on purpose with `max_label_bytes = 300540195`"),
            "{arms}"
        );
        // A walked bar past the walk limit is refused by it, not by its labels.
        let walk = SPEC
            .check_limits(&params(&[("walk", "[[20, 20]]")]))
            .unwrap_err()
            .to_string();
        assert!(
            walk.starts_with("walk positions is 137846528819, over the limit"),
            "{walk}"
        );
        assert!(
            walk.contains("; lower `walk = [[20,20]]`; the limit's ceiling is 100000000 ("),
            "{walk}"
        );
        // A raise reaches the ceiling of 2^29 bytes; arms = 16 (C(33, 16) = 1,166,803,110
        // bytes) is past it, with no raise offered.
        SPEC.check_limits(&params(&[("arms", "15"), ("max_label_bytes", "536870912")]))
            .unwrap();
        let ceiling = SPEC
            .check_limits(&params(&[("arms", "16")]))
            .unwrap_err()
            .to_string();
        assert!(
            ceiling.ends_with("; the limit's ceiling is 536870912 (2^29 bytes: about 86 s and 1.1 GB), so no directive raises it that far"),
            "{ceiling}"
        );
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
