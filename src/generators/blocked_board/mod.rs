//! `blocked-board`: the product check. A Domineering board with blocked cells
//! falls into regions; its positions are the tuples of its regions' positions.
//!
//! The generator walks the whole board once and, independently, each region
//! alone, and asserts whole = product of the parts. It also sweeps a one-column
//! wall across the empty board of the same size for the wall chart. Its views
//! are drawn in `views.rs`.

mod views;

use super::params::params;
use super::{Check, Doc, Limit, MeasureError, Params, Solve, Spec};
use crate::cgt::canonical::GameTable;
use crate::cgt::partizan::Values;
use crate::cgt::walk::Walk;
use crate::games::domineering::{Board, Domineering, Region};
use crate::generators::data;
use serde::{Deserialize, Serialize};

/// The `blocked-board` generator: a blocked Domineering board's positions as the product of its regions'.
pub struct BlockedBoard;

params! {
    /// The parameters of `blocked-board`.
    pub struct BlockedBoardParams {
        /// Rows of the board (R); the limit on region cells refuses a large region.
        rows: usize = 4, in 1..=11;
        /// Columns of the board (C); the limit on region cells refuses a large region.
        cols: usize = 5, in 1..=11;
        /// Columns blocked whole, numbered from 1 at the left.
        blocked_columns: Vec<usize> = [3], in 1..=11, at most 11;
        /// Rows blocked whole, numbered from 1 at the top.
        blocked_rows: Vec<usize> = [], in 1..=11, at most 11;
        /// Single blocked cells as [row, column], numbered from 1.
        blocked_cells: Vec<(usize, usize)> = [], in 1..=11, at most 121;
        /// Also sweep a one-column wall across the board (its blocked rows and cells kept, its
        /// blocked columns replaced by the wall) for the wall chart.
        wall: bool = true;
    }
}

/// The parameters both limits grow with: every one that shapes the board.
const BOARD_PARAMS: &[&str] = &[
    "rows",
    "cols",
    "blocked_columns",
    "blocked_rows",
    "blocked_cells",
    "wall",
];

static SPEC: Spec = Spec {
    name: "blocked-board",
    description: "Domineering on an R x C board with blocked cells: positions of the whole board \
                  against the product and the sum of its regions' positions, and a wall swept across the board.",
    params: BlockedBoardParams::PARAMS,
    example: &[("rows", "2"), ("cols", "3"), ("blocked_columns", "[2]")],
    limits: &[
        Limit {
            name: "region cells",
            doc: "free cells of the largest region of the board or of a wall board; the empty \
                  5 x 5 (25 cells) already has millions of positions, and memory grows with them \
                  (set wall = false to skip the wall sweep)",
            max: 24,
            ceiling: 28,
            ceiling_cost: "positions grow about threefold a cell, and the positions limit below, with its ceiling, bounds the walk: at most 12 s and 1 GB",
            measure: region_cells,
            params: BOARD_PARAMS,
        },
        Limit {
            name: "positions",
            doc: "positions of the board or of a wall board, the product of its regions'; the \
                  walk holds 10 bytes per position of two adjacent ranks and spends about 60 ns \
                  per position: the 8.5 million of the 9 x 5 board with a blocked row and \
                  column take about half a second and 50 MB (set wall = false to skip the wall \
                  sweep)",
            max: 10_000_000,
            ceiling: 200_000_000,
            ceiling_cost: "at 60 ns and 10 bytes a position of two adjacent ranks, about 12 s of CPU and 1 GB",
            measure: board_positions,
            params: BOARD_PARAMS,
        },
    ],
    names: &[("wall", "column")],
    identities: &[
        Doc {
            name: "whole = product of parts",
            doc: "Positions of the whole board equal the product of its regions' positions.",
        },
        Doc {
            name: "value = sum of parts' values",
            doc: "The canonical value of the whole board, computed from its own options, equals the \
                  sum of its regions' canonical values.",
        },
        Doc {
            name: "wall N: whole = product of parts",
            doc: "The same, for the wall in each column N.",
        },
    ],
    views: &[
        Doc {
            name: "board",
            doc: "The board with blocked cells grey and each region in its own colour.",
        },
        Doc {
            name: "wall",
            doc: "Whole against sum of parts for each column of a one-column wall (log scale); needs wall = true.",
        },
    ],
};

data! {
    /// What a run finds: its data.
    pub struct Results {
        /// Positions of the whole board, from one walk over it.
        whole: u64,
        /// Positions of each region walked alone, regions in row-major order of their first cell.
        parts: Vec<u64>,
        /// Number of regions (4-connected sets of free cells).
        regions: usize,
        /// Product of the parts.
        product: u64,
        /// Sum of the parts: what a decomposing solver visits, at most (a bound: alike
        /// positions of two parts are one region).
        sum: u64,
        /// Distinct regions, up to translation, that the board's positions fall into (each a
        /// 4-connected set of free cells, one with no move included): what a solver that files
        /// a region by its shape values.
        region_shapes: usize,
        /// product / sum.
        ratio: f64,
        /// Nodes of the unmemoised tree of placement sequences from the board, root included (null
        /// past 2^64).
        routes: Option<u64>,
        /// Routes of each region walked alone, in the order of `parts` (null past 2^64), so that
        /// part_routes.N / parts.N is a part's routes per position beside routes / whole. The
        /// whole's placement sequences are the interleavings of the parts'.
        part_routes: Vec<Option<u64>>,
        /// Canonical value of the whole board (CGSuite notation), from the board's own options.
        value: String,
        /// Canonical value of each region alone, in the order of `parts`.
        part_values: Vec<String>,
        /// Free cells of the board.
        free_cells: u32,
        /// The board as rows of `.` (free) and `#` (blocked) joined by `|`.
        grid: String,
        /// The board row by row: for each cell the region it lies in (0-based, in the order of
        /// `parts`), null for a blocked cell.
        cells: Vec<Vec<Option<usize>>>,
        /// With wall = true, for each column (wall.N, N from 0) of a one-column wall: wall.N.column
        /// (from 1), .whole, .parts, .sum, .ratio (whole / sum); empty otherwise.
        wall: Vec<Wall>,
        /// With wall = true, the column of the wall with the largest ratio (the first if several
        /// tie); null otherwise.
        best_wall: Option<usize>,
    }
}

#[derive(Serialize, Deserialize)]
struct Wall {
    column: usize,
    whole: u64,
    parts: Vec<u64>,
    sum: u64,
    ratio: f64,
}

/// The board the parameters describe, with `columns` (numbered from 1)
/// blocked whole.
fn board_with_columns(p: &BlockedBoardParams, columns: &[usize]) -> Board {
    let mut b = Board::empty(p.rows, p.cols);
    for &c in columns {
        b = (0..p.rows).fold(b, |b, r| b.block(r, c - 1));
    }
    for &r in &p.blocked_rows {
        b = (0..p.cols).fold(b, |b, c| b.block(r - 1, c));
    }
    for &(r, c) in &p.blocked_cells {
        b = b.block(r - 1, c - 1);
    }
    b
}

fn board_of(p: &BlockedBoardParams) -> Board {
    board_with_columns(p, &p.blocked_columns)
}

/// The boards of the wall sweep: one per column, that column blocked.
fn wall_boards(p: &BlockedBoardParams) -> Vec<Board> {
    if !p.wall {
        return Vec::new();
    }
    (1..=p.cols).map(|c| board_with_columns(p, &[c])).collect()
}

/// The board and the wall boards, refused when a block lies outside.
fn walked_boards(params: &Params) -> Result<Vec<Board>, MeasureError> {
    let p: BlockedBoardParams = params.typed();
    let outside = p.blocked_columns.iter().any(|&c| c > p.cols)
        || p.blocked_rows.iter().any(|&r| r > p.rows)
        || p.blocked_cells
            .iter()
            .any(|&(r, c)| r > p.rows || c > p.cols);
    if outside {
        return Err(MeasureError::Outside {
            what: "a blocked row, column or cell",
            rows: p.rows,
            cols: p.cols,
        });
    }
    Ok([board_of(&p)].into_iter().chain(wall_boards(&p)).collect())
}

/// Free cells of the largest region of any board walked.
fn region_cells(params: &Params) -> Result<u128, MeasureError> {
    let boards = walked_boards(params)?;
    let regions = boards.iter().flat_map(Board::regions);
    Ok(regions
        .map(|r| u128::from(r.free_cells()))
        .max()
        .unwrap_or(0))
}

/// Positions of the largest board walked: the product of its regions'.
fn board_positions(params: &Params) -> Result<u128, MeasureError> {
    let boards = walked_boards(params)?;
    let product = |b: &Board| -> u128 {
        b.regions()
            .iter()
            .fold(1, |p, r| p.saturating_mul(u128::from(r.walk().positions)))
    };
    Ok(boards.iter().map(product).max().unwrap_or(0))
}

/// Walks the whole board and each region; the check compares the positions
/// of the one with the product of the others'.
fn split(board: &Board) -> (Walk, Vec<Walk>, Check) {
    let whole = board.walk();
    let parts: Vec<Walk> = board.regions().iter().map(Board::walk).collect();
    let product = parts
        .iter()
        .try_fold(1u64, |a, b| a.checked_mul(b.positions));
    let check = Check::equal(
        "whole = product of parts",
        whole.positions.to_string(),
        product.map_or_else(|| "more than 2^64".into(), |p| p.to_string()),
    );
    (whole, parts, check)
}

/// The positions of each walk.
fn positions(walks: &[Walk]) -> Vec<u64> {
    walks.iter().map(|w| w.positions).collect()
}

/// The board's value from its own options and each region's value; the check
/// compares the first with the sum of the others.
fn values(board: &Board) -> (String, Vec<String>, Check) {
    let games = GameTable::new();
    let values = Values::new(Domineering::default());
    let whole = values.value_from_options(&games, &Region::from(*board));
    let parts: Vec<_> = board
        .regions()
        .iter()
        .map(|r| values.value(&games, &Region::from(*r)))
        .collect();
    let sum = games.sum_of(&parts);
    let check = Check::equal(
        "value = sum of parts' values",
        games.display(whole),
        games.display(sum),
    );
    let shown = parts.iter().map(|&g| games.display(g)).collect();
    (games.display(whole), shown, check)
}

/// The distinct regions, up to translation, that the positions of `parts`
/// (a board's regions) fall into: those of the board's positions, since a
/// position of the board is one of each part.
fn region_shapes(parts: &[Board]) -> usize {
    let mut shapes = std::collections::HashSet::new();
    for part in parts {
        for position in part.positions() {
            shapes.extend(position.regions().iter().filter_map(Board::shape));
        }
    }
    shapes.len()
}

impl Solve for BlockedBoard {
    type Data = Results;
    const SPEC: &'static Spec = &SPEC;

    fn solve(&self, params: &Params) -> (Results, Vec<Check>) {
        let p: BlockedBoardParams = params.typed();
        let board = board_of(&p);
        let (whole, part_walks, check) = split(&board);
        let parts = positions(&part_walks);
        let (value, part_values, value_check) = values(&board);
        let mut checks = vec![check, value_check];
        let wall: Vec<Wall> = wall_boards(&p)
            .iter()
            .enumerate()
            .map(|(col, walled)| {
                let (whole, parts, mut check) = split(walled);
                let parts = positions(&parts);
                check.name = format!("wall {}: whole = product of parts", col + 1);
                checks.push(check);
                let sum: u64 = parts.iter().sum();
                Wall {
                    column: col + 1,
                    whole: whole.positions,
                    sum,
                    ratio: whole.positions as f64 / sum.max(1) as f64,
                    parts,
                }
            })
            .collect();
        let product = parts.iter().product::<u64>();
        let sum = parts.iter().sum::<u64>();
        let best_wall = wall
            .iter()
            .rev()
            .max_by(|a, b| a.ratio.total_cmp(&b.ratio))
            .map(|w| w.column);
        let regions = board.regions();
        let cells = (0..board.rows)
            .map(|r| {
                (0..board.cols)
                    .map(|c| regions.iter().position(|reg| reg.is_free(r, c)))
                    .collect()
            })
            .collect();
        let data = Results {
            whole: whole.positions,
            routes: whole.routes,
            part_routes: part_walks.iter().map(|w| w.routes).collect(),
            regions: parts.len(),
            region_shapes: region_shapes(&regions),
            product,
            sum,
            ratio: product as f64 / sum.max(1) as f64,
            value,
            part_values,
            free_cells: board.free_cells(),
            grid: board.to_grid_string(),
            cells,
            parts,
            wall,
            best_wall,
        };
        (data, checks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw;
    use crate::games::domineering::Dominoes;
    use crate::generators::{Data, Generator, Output};

    fn run(pairs: &[(&str, &str)]) -> Output {
        let p = Params::from_text(&SPEC, pairs).unwrap();
        SPEC.check_limits(&p).unwrap();
        BlockedBoard.run(&p)
    }

    // Published, hand-checkable figures: 2,916 = 54 x 54
    // on the 4 x 5 with column 3 blocked, 2,750 = 550 x 5 with column 2, and the
    // empty 4 x 4's 5,700 positions and 6,257,129 routes.
    #[test]
    fn middle_wall_gives_fifty_four_squared() {
        let out = run(&[]);
        assert_eq!(out.data["whole"], 2916);
        assert_eq!(out.data["parts"], serde_json::json!([54, 54]));
        assert_eq!(out.data["sum"], 108);
        assert_eq!(out.data["ratio"], 27.0);
        // The halves are mirror images (a mirror keeps the value).
        assert_eq!(out.data["part_values"][0], out.data["part_values"][1]);
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
        let wall2 = &out.data["wall"][1];
        assert_eq!(wall2["whole"], 2750);
        assert_eq!(wall2["parts"], serde_json::json!([5, 550]));
        assert_eq!(wall2["sum"], 555);
        // A wall at the edge splits nothing; the middle wall saves the most.
        assert_eq!(out.data["wall"][0]["ratio"], 1.0);
        assert_eq!(out.data["wall"][2]["ratio"], 27.0);
        assert_eq!(out.data["best_wall"], 3);
    }

    #[test]
    fn a_solver_filing_regions_by_shape_meets_fewer_than_the_sum() {
        // The 4 x 5 with column 3 blocked: its 108 (54 + 54) answers are a
        // bound; its positions fall into 21 distinct regions up to
        // translation (an independent search over the 4 x 2 half's 54
        // positions and their components, for issue 42).
        assert_eq!(run(&[]).data["region_shapes"], 21);
        // By hand, a 2 x 3 with its middle column blocked: each column is a
        // 2 x 1 strip or, once filled, nothing; one shape. The 2 x 2 alone:
        // the square, an upright strip and a flat one, three.
        let columns = run(&[("rows", "2"), ("cols", "3"), ("blocked_columns", "[2]")]);
        assert_eq!(columns.data["region_shapes"], 1);
        let square = run(&[("rows", "2"), ("cols", "2"), ("blocked_columns", "[]")]);
        assert_eq!(square.data["region_shapes"], 3);
    }

    #[test]
    fn two_columns_of_two_are_worth_two() {
        // A 2 x 3 with its middle column blocked: two 2 x 1 columns, each a
        // single vertical move for Left, worth 1; the whole is 2.
        let out = run(&[("rows", "2"), ("cols", "3"), ("blocked_columns", "[2]")]);
        assert_eq!(out.data["part_values"], serde_json::json!(["1", "1"]));
        assert_eq!(out.data["value"], "2");
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
    }

    #[test]
    fn empty_four_by_four_positions_and_routes() {
        let out = run(&[("cols", "4"), ("blocked_columns", "[]")]);
        assert_eq!(out.data["whole"], 5700);
        assert_eq!(out.data["routes"], 6_257_129);
        assert_eq!(out.data["regions"], 1);
    }

    #[test]
    fn four_regions_multiply() {
        // A 5 x 5 board with row 3 and column 3 blocked: four 2 x 2 regions of
        // 6 positions each (hand count: empty, four single dominoes, full).
        // The essay's 9 x 5 instance (four 4 x 2 regions, 54^4 = 8,503,056
        // positions) is checked by building the bundled essays.
        let out = run(&[("blocked_rows", "[3]"), ("rows", "5"), ("wall", "false")]);
        assert_eq!(out.data["parts"], serde_json::json!([6, 6, 6, 6]));
        assert_eq!(out.data["whole"], 1296);
        assert_eq!(out.data["sum"], 24);
        assert!(out.checks.iter().all(|c| c.holds));
        assert_eq!(
            out.data["cells"][2],
            serde_json::json!([null, null, null, null, null])
        );
        assert_eq!(out.data["cells"][4][4], 3);
        // Without the sweep there is no wall chart.
        let drawn = |out: &Output, view| {
            let p = Params::defaults(&SPEC).unwrap();
            let data = Data::from_value(out.data.clone()).unwrap();
            BlockedBoard.draw(view, &p, &data).unwrap()
        };
        assert!(drawn(&out, "board").is_some());
        assert!(drawn(&out, "wall").is_none());
        let with_wall = run(&[]);
        let Some(draw::Drawing::Chart(chart)) = drawn(&with_wall, "wall") else {
            panic!("the wall is a chart");
        };
        assert_eq!(chart.values().rows.len(), 5);
    }

    /// Placement sequences from `board` by their length, counted by
    /// enumerating every sequence, with no table.
    fn sequences_by_length(board: &Board) -> Vec<u64> {
        fn extend(free: u128, dominoes: &Dominoes, depth: usize, counts: &mut Vec<u64>) {
            if counts.len() == depth {
                counts.push(0);
            }
            counts[depth] += 1;
            for next in dominoes.children(free) {
                extend(next, dominoes, depth + 1, counts);
            }
        }
        let mut counts = Vec::new();
        extend(board.free, &board.dominoes(), 0, &mut counts);
        counts
    }

    /// The sequences of a game made of two independent ones, by length: each
    /// is an interleaving of a sequence of each, k moves of the first placed
    /// among n in C(n, k) ways.
    fn interleaved(a: &[u64], b: &[u64]) -> Vec<u64> {
        let choose =
            |n: usize, k: usize| (0..k).fold(1u64, |c, i| c * (n - i) as u64 / (i + 1) as u64);
        (0..a.len() + b.len() - 1)
            .map(|n| {
                let ks = n.saturating_sub(b.len() - 1)..=n.min(a.len() - 1);
                ks.map(|k| choose(n, k) * a[k] * b[n - k]).sum()
            })
            .collect()
    }

    #[test]
    fn routes_of_the_parts_and_the_whole_count_placement_sequences() {
        // Hand count: the 2 x 3 with its middle column blocked is two 2 x 1
        // columns, each with the empty sequence and one placement (2 routes);
        // the whole has the empty sequence, two of one placement and two of
        // two (the columns in either order): 5.
        let out = run(&[("rows", "2"), ("cols", "3"), ("blocked_columns", "[2]")]);
        assert_eq!(out.data["part_routes"], serde_json::json!([2, 2]));
        assert_eq!(out.data["routes"], 5);
        // A 3 x 5 split into three regions of different shapes: every
        // sequence of the whole and of each part enumerated, and the whole's
        // also as interleavings of the parts'.
        let small = [
            ("rows", "3"),
            ("cols", "5"),
            ("blocked_columns", "[3]"),
            ("blocked_cells", "[[2, 4], [2, 5]]"),
        ];
        let (out, parts, by_interleaving) = routes_by_parts(&small);
        assert_eq!(parts, 3);
        let whole = sequences_by_length(&board_of(&typed(&small)));
        assert_eq!(whole, by_interleaving);
        assert_eq!(out.data["routes"], whole.iter().sum::<u64>());
        // The essay's 4 x 5 with its middle column blocked: 345 routes in each
        // half, 3,243,913 in the whole, its sequences left to interleaving.
        let (out, _, by_interleaving) = routes_by_parts(&[]);
        assert_eq!(out.data["part_routes"], serde_json::json!([345, 345]));
        assert_eq!(out.data["routes"], by_interleaving.iter().sum::<u64>());
        assert_eq!(out.data["routes"], 3_243_913);
    }

    fn typed(pairs: &[(&str, &str)]) -> BlockedBoardParams {
        Params::from_text(&SPEC, pairs).unwrap().typed()
    }

    /// A run without the wall sweep, the number of its parts, and the
    /// whole's sequences by length from its parts' enumerated sequences,
    /// after checking each part's routes against its enumeration.
    fn routes_by_parts(pairs: &[(&str, &str)]) -> (Output, usize, Vec<u64>) {
        let pairs = [pairs, &[("wall", "false")]].concat();
        let out = run(&pairs);
        let regions = board_of(&typed(&pairs)).regions();
        let parts: Vec<Vec<u64>> = regions.iter().map(sequences_by_length).collect();
        let totals: Vec<u64> = parts.iter().map(|p| p.iter().sum()).collect();
        assert_eq!(out.data["part_routes"], serde_json::json!(totals));
        let whole = parts[1..]
            .iter()
            .fold(parts[0].clone(), |a, b| interleaved(&a, b));
        (out, parts.len(), whole)
    }

    #[test]
    fn refuses_boards_past_the_limit_and_blocks_outside() {
        let p = |pairs: &[(&str, &str)]| Params::from_text(&SPEC, pairs).unwrap();
        let big = SPEC.check_limits(&p(&[
            ("rows", "6"),
            ("cols", "6"),
            ("blocked_columns", "[]"),
        ]));
        let big = big.unwrap_err().to_string();
        assert!(
            big.contains("region cells is 36, over the limit of 24"),
            "{big}"
        );
        let wall = SPEC.check_limits(&p(&[("rows", "5"), ("cols", "6")]));
        assert!(wall.unwrap_err().to_string().contains("set wall = false"));
        let outside = SPEC.check_limits(&p(&[("blocked_columns", "[7]")]));
        assert!(
            outside
                .unwrap_err()
                .to_string()
                .contains("outside the 4 x 5 board")
        );
    }
}
