//! The declaration of `pairing-sweep`: its parameters, the limits that refuse a
//! run, and the data keys, identities and views a run documents.

use super::all_boards;
use super::values::{grundy_rectangles, listed_positions};
use super::{
    Example, Expansions, FiringTotals, FixedCell, GrundyEntry, GrundyRules, Listed, Rectangle,
    RectangleTotals, SearchTotals,
};
use crate::generators::data;
use crate::generators::params::params;
use crate::generators::{Doc, Limit, MeasureError, Params, Spec};

/// Cells of the largest rectangle of the Grundy table.
fn grundy_cells(params: &Params) -> Result<u128, MeasureError> {
    let cells = grundy_rectangles(&params.typed())
        .into_iter()
        .map(|(m, n)| m * n);
    Ok(cells.max().unwrap_or(0) as u128)
}

/// Cells of the largest board swept, or free cells of the largest listed
/// position, whichever is more.
fn board_cells(params: &Params) -> Result<u128, MeasureError> {
    let p = params.typed();
    let cells = all_boards(&p).into_iter().map(|(r, c)| r * c);
    let listed = listed_positions(&p)?
        .into_iter()
        .map(|(_, free)| free.count_ones() as usize);
    Ok(cells.chain(listed).max().unwrap_or(0) as u128)
}

params! {
    /// The parameters of `pairing-sweep`.
    pub struct PairingSweepParams {
        /// Boards as [rows, columns] whose firings are totalled (keys `firing.*`).
        firing_boards: Vec<(usize, usize)> =
            [[2, 6], [3, 4], [2, 7], [3, 5], [4, 4], [4, 5]],
            in 1..=8, at most 12;
        /// Boards as [rows, columns] whose solver expansions are totalled (keys `search.*`). Every
        /// board of either list is swept; `boards` lists them in order of first mention; the limit
        /// on board cells bounds each board.
        search_boards: Vec<(usize, usize)> =
            [[2, 6], [3, 4], [2, 7], [4, 4], [3, 6], [4, 5]],
            in 1..=8, at most 12;
        /// The empty rectangles m x n with 2 <= m <= n <= this are tested for which clause refuses
        /// each map.
        rectangles_up_to: usize = 8, in 2..=8;
        /// Rows of the Grundy-value table: rectangles with 1 to this many rows.
        grundy_rows: usize = 5, in 1..=30;
        /// Columns of the Grundy-value table: rectangles with 1 to this many columns.
        grundy_cols: usize = 8, in 1..=30;
        /// Rectangles of the table with more cells are left blank; the limit on Grundy cells
        /// refuses a table whose largest rectangle costs too much.
        grundy_max_cells: usize = 24, in 1..=64;
        /// Positions valued one by one (keys `positions.N`), each as rows of `.` (free) and `#`
        /// (filled) joined by `|`, as `ladder value cram` reads them; the limit on board cells
        /// bounds each one's free cells.
        positions: Vec<String> = [], at most 12;
    }
}

pub(super) static SPEC: Spec = Spec {
    name: "pairing-sweep",
    description: "Cram: the half-turn and reflection pairing checks over every reachable position of \
                  each board (firings, wrong firings, what each saves a solver), the clause that refuses \
                  each map on the empty rectangles, and Grundy values of rectangles.",
    params: PairingSweepParams::PARAMS,
    example: &[
        ("firing_boards", "[[2, 3]]"),
        ("search_boards", "[[2, 4]]"),
        ("rectangles_up_to", "3"),
        ("grundy_rows", "2"),
        ("grundy_cols", "3"),
        ("grundy_max_cells", "6"),
        ("positions", "[\"..#..\"]"),
    ],
    limits: &[
        Limit {
            name: "grundy cells",
            doc: "cells of the largest rectangle of the Grundy table; the cost goes by the rectangle more \
                  than by its cells (the second player's half-turn copy settles an even-by-even one \
                  quickly). On a release build the table of every rectangle with both sides at most 6 \
                  takes 0.3 s, the 5-row, 8-column table up to 30 cells 0.3 s; alone, 4 x 8 takes \
                  0.2 s, 4 x 9 2 s, 5 x 7 3.8 s and 46 MB and 5 x 8 (40 cells) 21 s and 315 MB, while \
                  6 x 7 (42 cells) did not finish in 3 minutes",
            max: 40,
            ceiling: 42,
            ceiling_cost: "6 x 7 (42 cells) did not finish in 3 minutes",
            measure: grundy_cells,
            params: &["grundy_rows", "grundy_cols", "grundy_max_cells"],
        },
        Limit {
            name: "board cells",
            doc: "cells of the largest board swept, or free cells of the largest listed position; every \
                  reachable position is held in memory and searched, about fivefold every two cells on \
                  a release build: 24 cells (4 x 6) take 0.5 s, 25 (5 x 5) 1.7 s, 28 (4 x 7) 10.5 s and \
                  151 MB, 30 (5 x 6) 58 s and 582 MB, for each board listed",
            max: 30,
            ceiling: 32,
            ceiling_cost: "about five times 30 cells: near 5 minutes and 3 GB for each board",
            measure: board_cells,
            params: &["firing_boards", "search_boards", "positions"],
        },
    ],
    names: &[
        ("boards", "name"),
        ("rectangles", "name"),
        ("grundy", "name"),
    ],
    identities: &[
        Doc {
            name: "B: no wrong firings",
            doc: "On each board B, no check fires at a position the player to move can win.",
        },
        Doc {
            name: "B: no check fires on an odd board",
            doc: "On each board B with an odd number of cells, neither check fires anywhere.",
        },
        Doc {
            name: "B: outcome = Grundy value nonzero",
            doc: "Exact search and the Grundy evaluator agree on the empty board.",
        },
        Doc {
            name: "B: only closure refuses the half turn where only the reflection fires",
            doc: "Where a reflection fires and the half turn does not, the half turn fails its first \
                  clause (a theorem: its other two failures would make the reflection fail too).",
        },
        Doc {
            name: "B: every setting finds the outcome",
            doc: "The measured solver reaches the exact outcome under all four check settings.",
        },
        Doc {
            name: "B: a mirror pairing around fixed cells no domino covers is a loss",
            doc: "On each board B, every position of `boards.N.fixed_cell.positions` is a loss for the \
                  player to move by exact search.",
        },
        Doc {
            name: "the reflection fires on no empty rectangle",
            doc: "Neither reflection fires on any tested empty rectangle.",
        },
        Doc {
            name: "even-by-even rectangles of value 0 = even-by-even rectangles",
            doc: "Every rectangle of the Grundy table with both sides even is worth 0.",
        },
        Doc {
            name: "2 x n rectangles of value *(n mod 2) = 2 x n rectangles",
            doc: "Every rectangle 2 x n of the Grundy table is worth the nimber *(n mod 2): 0 for even n, \
                  * for odd n.",
        },
        Doc {
            name: "position N: outcome = Grundy value nonzero",
            doc: "For each listed position, exact search wins exactly when the Grundy value is not 0.",
        },
    ],
    views: &[
        Doc {
            name: "firings",
            doc: "Positions where each check fires on each board: half turn against reflection (bars).",
        },
        Doc {
            name: "expansions",
            doc: "The share of the unchecked search's expansions the measured solver saves on each \
                  board with the half turn, the reflection and both (bars).",
        },
        Doc {
            name: "pairing",
            doc: "The example position only the reflection settles: filled cells, and each pair of \
                  partners in one colour and letter; its data table lists the pairs.",
        },
        Doc {
            name: "grundy",
            doc: "Grundy values of the empty m × n rectangles as a table, a row for each m up to \
                  grundy_rows and a column for each n up to grundy_cols; cells past \
                  grundy_max_cells empty.",
        },
        Doc {
            name: "per-board",
            doc: "A table of each board's positions, firings of the half turn, of the reflection, \
                  of the reflection alone, and unsound firings.",
        },
        Doc {
            name: "refusals",
            doc: "The empty rectangles as three boards of rows by columns, one for the half turn \
                  and one for each mirror, each rectangle coloured by \"fires\" or the clause that \
                  refuses it; its data table lists the verdicts.",
        },
    ],
};

data! {
    /// What a run finds: its data.
    pub struct Results {
        /// Every board swept, firing set then search set.
        pub(super) boards: Vec<BoardFigures> as keys,
        /// Totals over the firing set.
        pub(super) firing: FiringTotals as keys,
        /// Totals over the search set.
        pub(super) search: SearchTotals as keys,
        /// The rectangles tested for refusals.
        pub(super) rectangles: Vec<Rectangle> as keys,
        /// Totals over the rectangles.
        pub(super) rectangle_totals: RectangleTotals as keys,
        /// The drawn example of a position only the reflection settles.
        pub(super) example: Example as keys,
        /// The Grundy table, a rectangle an entry.
        pub(super) grundy: Vec<GrundyEntry> as keys,
        /// The Grundy table's rules, counted.
        pub(super) grundy_rules: GrundyRules as keys,
        /// The listed positions, valued.
        pub(super) positions: Vec<Listed> as keys,
    }
}

data! {
    pub(super) struct BoardFigures {
        /// The board as "R × C"; boards are in order of first mention in firing_boards then
        /// search_boards.
        pub(super) name: String,
        /// Rows of the board.
        pub(super) rows: usize,
        /// Columns of the board.
        pub(super) cols: usize,
        /// Positions reachable from the empty board, the empty board included.
        pub(super) positions: u64,
        /// Positions where the half-turn check fires.
        pub(super) half_turn: u64,
        /// Positions where the vertical-axis reflection fires.
        pub(super) vertical: u64,
        /// Positions where the horizontal-axis reflection fires.
        pub(super) horizontal: u64,
        /// Positions where both reflections fire.
        pub(super) both_reflections: u64,
        /// Positions where the reflection (either reflection) fires.
        pub(super) reflection: u64,
        /// Positions where the reflection fires and the half turn does not.
        pub(super) reflection_only: u64,
        /// Of those, the positions whose half turn is refused by closure (the first clause).
        pub(super) reflection_only_closure: u64,
        /// Of the positions only the reflection settles, those whose free cells are closed under
        /// the half turn, so that a later clause (a fixed cell or a domino that is its own image)
        /// refuses it; counted by testing closure apart, and 0 by the theorem of
        /// `reflection_only_closure`.
        pub(super) reflection_only_half_turn_closed: u64,
        /// Unsound firings: positions where the half turn or a reflection fires although the player
        /// to move wins, by exact search from each such position (asserted 0).
        pub(super) wrong: u64,
        /// The measured solver's node expansions under each setting of the checks.
        pub(super) expansions: Expansions as keys,
        /// Expansions with the half turn minus expansions with both checks.
        pub(super) second_check_saves: u64,
        /// "win" or "loss" for the player to move at the empty board.
        pub(super) outcome: String,
        /// Grundy value of the empty board (an integer n for the nimber *n).
        pub(super) grundy: u32,
        /// The same as a nimber: "0", "*", "*2", ...
        pub(super) nimber: String,
        /// The positions a mirror pairs around a fixed cell.
        pub(super) fixed_cell: FixedCell as keys,
    }
}
