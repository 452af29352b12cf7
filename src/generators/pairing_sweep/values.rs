//! The values the pairing sweep reports beside its firings: the Grundy table
//! of small empty rectangles with the two rules its caption states, and the
//! positions an essay lists, each valued by the Grundy evaluator and by exact
//! search.

use super::sweep::outcome;
use super::{PairingSweepParams, name};
use crate::games::cram::{self, Grid};
use crate::generators::data;
use crate::generators::{Check, MeasureError};

data! {
    /// One rectangle of the Grundy table.
    pub(super) struct GrundyEntry {
        /// A rectangle "m × n" of the Grundy table, m <= n, by m then n.
        pub(super) name: String,
        /// Its Grundy value (an integer n for the nimber *n).
        pub(super) value: u32,
        /// The same as a nimber: "0", "*", "*2", ...
        pub(super) nimber: String,
        /// Rows of the rectangle.
        pub(super) rows: usize,
        /// Columns of the rectangle.
        pub(super) cols: usize,
    }
}

data! {
    /// The two rules the Grundy table's caption states, counted over the table.
    pub(super) struct GrundyRules {
        /// Rectangles of the table with both sides even (asserted all of value 0).
        even_by_even: usize,
        /// Rectangles 2 x n of the table (asserted all of Grundy value n mod 2, the nimber *(n mod
        /// 2)).
        two_rows: usize,
    }
}

data! {
    /// A position of `positions`, valued.
    pub(super) struct Listed {
        /// Each position of `positions`, in order, as given.
        grid: String,
        /// Its Grundy value, by the evaluator that splits a position into regions and nim-adds
        /// their values (an integer n for the nimber *n).
        grundy: u32,
        /// The same as a nimber: "0", "*", "*2", ...
        nimber: String,
        /// "win" or "loss" for the player to move, by exact search of the whole position (no
        /// regions, no Grundy values).
        outcome: String,
    }
}

/// The listed positions, read: each one's grid and free cells; an error
/// names the one refused.
pub(super) fn listed_positions(p: &PairingSweepParams) -> Result<Vec<(Grid, u64)>, MeasureError> {
    p.positions
        .iter()
        .enumerate()
        .map(|(i, text)| {
            Grid::parse(text).map_err(|e| {
                MeasureError::param("positions", Some(format!("position {}", i + 1)), e)
            })
        })
        .collect()
}

/// The rectangles of the Grundy table, m <= n, within the cell limit.
pub(super) fn grundy_rectangles(p: &PairingSweepParams) -> Vec<(usize, usize)> {
    let (rows, cols, max) = (p.grundy_rows, p.grundy_cols, p.grundy_max_cells);
    let mut out: Vec<(usize, usize)> = (1..=rows)
        .flat_map(|m| (1..=cols).map(move |n| (m.min(n), m.max(n))))
        .filter(|&(m, n)| m * n <= max)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The Grundy table the parameters ask for, and its rules, asserted.
pub(super) fn grundy_table(
    p: &PairingSweepParams,
    checks: &mut Vec<Check>,
) -> (Vec<GrundyEntry>, GrundyRules) {
    let table_rects = grundy_rectangles(p);
    let values = cram::rectangle_values(&table_rects).unwrap_or_default();
    let grundy: Vec<GrundyEntry> = table_rects
        .iter()
        .zip(&values)
        .map(|(&(rows, cols), v)| GrundyEntry {
            name: name((rows, cols)),
            rows,
            cols,
            value: v.0,
            nimber: v.to_string(),
        })
        .collect();
    let rules = grundy_rules(&grundy, checks);
    (grundy, rules)
}

/// Each listed position valued by the evaluator and by exact search, the
/// two asserted to agree on who wins.
pub(super) fn listed(p: &PairingSweepParams, checks: &mut Vec<Check>) -> Vec<Listed> {
    listed_positions(p)
        .expect("the limits read the listed positions")
        .into_iter()
        .enumerate()
        .map(|(i, (grid, free))| {
            let value = grid.grundy(free);
            let win = cram::Outcomes::new(grid).wins(&free);
            checks.push(Check::equal(
                format!("position {}: outcome = Grundy value nonzero", i + 1),
                win,
                value.0 != 0,
            ));
            Listed {
                grid: grid.grid_string(free),
                grundy: value.0,
                nimber: value.to_string(),
                outcome: outcome(win).to_string(),
            }
        })
        .collect()
}

/// Counts the rectangles each rule covers and asserts that all of them obey it.
fn grundy_rules(table: &[GrundyEntry], checks: &mut Vec<Check>) -> GrundyRules {
    let count = |covers: &dyn Fn(&GrundyEntry) -> bool, obeys: &dyn Fn(&GrundyEntry) -> bool| {
        let covered: Vec<&GrundyEntry> = table.iter().filter(|e| covers(e)).collect();
        let obeying = covered.iter().filter(|e| obeys(e)).count();
        (covered.len(), obeying)
    };
    let (even_by_even, zero) = count(&|e| e.rows % 2 == 0 && e.cols % 2 == 0, &|e| e.value == 0);
    checks.push(Check::equal(
        "even-by-even rectangles of value 0 = even-by-even rectangles",
        zero,
        even_by_even,
    ));
    let (two_rows, parity) = count(&|e| e.rows == 2, &|e| e.value as usize == e.cols % 2);
    checks.push(Check::equal(
        "2 x n rectangles of value *(n mod 2) = 2 x n rectangles",
        parity,
        two_rows,
    ));
    GrundyRules {
        even_by_even,
        two_rows,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::params;
    use super::super::{PairingSweep, SPEC};
    use crate::generators::Generator;

    /// Listed positions are valued by the evaluator and by exact search:
    /// the 4 × 5 (*2, from the table) beside a lone domino (*, one move) is
    /// *2 + * = *3 by nim-addition, a win; two dominoes apart are * + * = 0.
    #[test]
    fn listed_positions_are_valued_and_searched() {
        let p = params(&[
            ("firing_boards", "[[2, 2]]"),
            ("search_boards", "[]"),
            ("rectangles_up_to", "2"),
            ("grundy_max_cells", "4"),
            (
                "positions",
                "[\".....#..|.....###|.....###|.....###\", \"..#..\", \"..\"]",
            ),
        ]);
        SPEC.check_limits(&p).unwrap();
        let out = PairingSweep.run(&p);
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
        let listed = &out.data["positions"];
        assert_eq!(listed[0]["nimber"], "*3");
        assert_eq!(listed[0]["outcome"], "win");
        assert_eq!(listed[1]["grundy"], 0);
        assert_eq!(listed[1]["outcome"], "loss");
        assert_eq!(listed[2]["nimber"], "*");
        assert_eq!(listed[0]["grid"], ".....#..|.....###|.....###|.....###");
        let bad = params(&[("positions", "[\"..\", \"..|.o\"]")]);
        let err = SPEC.check_limits(&bad).unwrap_err().to_string();
        assert!(
            err.contains("parameter `positions`, position 2: row 2, column 2"),
            "{err}"
        );
        let big = params(&[("positions", &format!("[\"{}\"]", ["......"; 6].join("|")))]);
        let err = SPEC.check_limits(&big).unwrap_err().to_string();
        assert!(
            err.starts_with("board cells is 36, over the limit of 30"),
            "{err}"
        );
    }
}
