//! `pairing-sweep`: the half turn against the reflections as pairing checks
//! in Cram, over every position reachable on a list of boards.
//!
//! For each board the generator counts the positions where each check fires
//! and, by exact search from each, the unsound ones (where the player to move
//! wins; asserted none), measures the node expansions
//! of a solver carrying no check, the half turn, the reflection or both, and
//! gives the board's outcome and Grundy value, and counts the positions a
//! mirror pairs although a cell lies on its axis (which the checks refuse,
//! asserted losses). It totals two sets of boards, records which clause
//! refuses each map on the empty rectangles, tabulates the Grundy values of
//! small rectangles and values the positions an essay lists, by the
//! evaluator and by exact search (both in `values.rs`). Its views are drawn
//! in `views.rs`.

mod pairing;
mod shards;
mod spec;
mod sweep;
mod values;
mod views;

use super::{Check, Params, Sharding, Solve, Spec};
use crate::games::cram::Grid;
use crate::generators::data;
use pairing::{Clause, Map, fires, mirror, refusal};
use spec::{BoardFigures, PairingSweepParams, Results, SPEC};
use sweep::{board_checks, sweep};
use values::{GrundyEntry, GrundyRules, Listed};

/// The `pairing-sweep` generator: the half turn and the reflections as pairing strategies in Cram.
pub struct PairingSweep;

data! {
    /// The positions of a board that a mirror pairs although a free cell lies
    /// on its axis (see [`pairing::pairs_around_fixed_cells`]).
    #[derive(Default)]
    struct FixedCell {
        /// Positions that a mirror pairs although some free cell lies on its axis: the free cells
        /// are closed under it, no domino that fits covers a fixed cell and none is its own image.
        /// The checks refuse them all (clause 2), yet copying wins there; each is asserted a loss
        /// by exact search.
        positions: u64,
        /// The one of them with most free cells (then the least as a bit set), as rows of `.`
        /// (free) and `#` (filled) joined by `|`; null when there is none.
        example: Option<String>,
        /// The mirror that pairs the example: "vertical reflection" (when both do) or "horizontal
        /// reflection"; null when there is none.
        map: Option<String>,
        /// Free cells of the example, the most of any of those positions; 0 when there is none.
        free_cells: u32,
        /// How many of those positions have that many free cells, the example included (the example
        /// is one of them by its tie-break); 0 when there is none.
        tied: u64,
        /// The example's free cells on the mirror's axis, each [row, column] from 1, rows from
        /// the top; empty when there is none.
        fixed: Vec<[usize; 2]>,
    }
}

/// A swept board: its figures, and what the run keeps of it besides.
struct Sweep {
    figures: BoardFigures,
    grid: Grid,
    /// The positions only the reflection settles, for the drawn example.
    reflection_only: Vec<u64>,
    /// The measured solver's verdict at the root under each of [`Checks::ALL`](pairing::Checks::ALL).
    setting_wins: [bool; 4],
    /// Of the positions a mirror pairs around a fixed cell, those the player
    /// to move wins by exact search (asserted none).
    fixed_cell_wrong: u64,
}

data! {
    #[derive(Clone, Copy, Default)]
    struct Expansions {
        /// Node expansions of the measured solver with no check.
        none: u64,
        /// Node expansions with the half-turn check.
        half_turn: u64,
        /// Node expansions with the reflection check.
        reflection: u64,
        /// Node expansions with both checks.
        both: u64,
    }
}

data! {
    struct FiringTotals {
        /// The firing set's boards by name ("2 × 6", "3 × 4", ...), a list.
        boards: Vec<String>,
        /// Reachable positions over the firing set.
        positions: u64,
        /// Half-turn firings over the firing set.
        half_turn: u64,
        /// Reflection firings over the firing set.
        reflection: u64,
        /// Positions only the reflection settles, over the firing set.
        reflection_only: u64,
        /// Of those, the positions whose half turn is refused by closure.
        reflection_only_closure: u64,
        /// Positions only the reflection settles that are closed under the half turn
        /// (`boards.N.reflection_only_half_turn_closed`), over the firing set.
        reflection_only_half_turn_closed: u64,
        /// Unsound firings (`boards.N.wrong`) over the firing set.
        wrong: u64,
    }
}

data! {
    struct SearchTotals {
        /// The search set's boards by name ("2 × 6", "3 × 4", ...), a list.
        boards: Vec<String>,
        /// Expansions with no check over the search set.
        none: u64,
        /// Expansions with the half turn over the search set.
        half_turn: u64,
        /// Expansions with the reflection over the search set.
        reflection: u64,
        /// Expansions with both checks over the search set.
        both: u64,
        /// search.none - search.half_turn.
        half_turn_saves: u64,
        /// search.none - search.reflection: what the reflection alone saves.
        reflection_saves: u64,
        /// search.half_turn - search.both: what the reflection saves a solver already carrying the
        /// half turn.
        second_check_saves: u64,
        /// search.second_check_saves / search.half_turn (a ratio in 0..1).
        second_check_share: f64,
    }
}

data! {
    struct Rectangle {
        /// An empty rectangle "m × n", 2 <= m <= n <= rectangles_up_to, by m then n.
        name: String,
        /// "fires", or the clause that refuses the half turn: "closure", "fixed cell" or
        /// "self-paired domino".
        half_turn: String,
        /// The same for the vertical-axis reflection.
        vertical: String,
        /// The same for the horizontal-axis reflection.
        horizontal: String,
    }
}

data! {
    struct RectangleTotals {
        /// Empty rectangles tested.
        tested: usize,
        /// Rectangles on which the half turn fires (both sides even).
        half_turn_fires: usize,
        /// Rectangles on which either reflection fires (asserted 0).
        reflection_fires: usize,
        /// Rectangles whose vertical reflection is refused by the self-paired-domino clause.
        vertical_by_domino: usize,
        /// Rectangles whose vertical reflection is refused by the fixed-cell clause.
        vertical_by_fixed_cell: usize,
        /// Rectangles whose horizontal reflection is refused by the self-paired-domino clause.
        horizontal_by_domino: usize,
        /// Rectangles whose horizontal reflection is refused by the fixed-cell clause.
        horizontal_by_fixed_cell: usize,
    }
}

data! {
    #[derive(Default)]
    struct Example {
        /// The board of the drawn position only the reflection settles (the board with most such
        /// positions); empty string when there is none.
        board: String,
        /// The drawn position as rows of `.` (free) and `#` (filled) joined by `|`.
        grid: String,
        /// The reflection that pairs it: "vertical reflection" or "horizontal reflection".
        map: String,
        /// Free cells of the drawn position.
        free_cells: u32,
        /// The partners of that reflection: pairs [[row, column], [row, column]] numbered from 1,
        /// in reading order of their first cell; empty when there is no example.
        pairs: Vec<[[usize; 2]; 2]>,
    }
}

/// A board or rectangle as the prose names it: "4 × 5".
fn name((rows, cols): (usize, usize)) -> String {
    format!("{rows} \u{d7} {cols}")
}

/// Every board of either list, in order of first mention.
fn all_boards(p: &PairingSweepParams) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &b in p.firing_boards.iter().chain(&p.search_boards) {
        if !out.contains(&b) {
            out.push(b);
        }
    }
    out
}

/// The verdict of each map on each empty rectangle m x n, 2 <= m <= n <= max.
fn rectangles(max: usize) -> (Vec<Rectangle>, RectangleTotals) {
    let mut list = Vec::new();
    let mut totals = RectangleTotals {
        tested: 0,
        half_turn_fires: 0,
        reflection_fires: 0,
        vertical_by_domino: 0,
        vertical_by_fixed_cell: 0,
        horizontal_by_domino: 0,
        horizontal_by_fixed_cell: 0,
    };
    for m in 2..=max {
        for n in m..=max {
            let Ok(grid) = Grid::new(m, n) else { continue };
            let [half, vertical, horizontal] =
                Map::ALL.map(|map| refusal(&grid, grid.empty(), map));
            let verdict =
                |r: Option<Clause>| r.map_or_else(|| "fires".to_string(), |c| c.to_string());
            totals.tested += 1;
            totals.half_turn_fires += usize::from(half.is_none());
            totals.reflection_fires += usize::from(vertical.is_none() || horizontal.is_none());
            let is = |r: Option<Clause>, c| usize::from(r == Some(c));
            totals.vertical_by_domino += is(vertical, Clause::SelfPairedDomino);
            totals.vertical_by_fixed_cell += is(vertical, Clause::FixedCell);
            totals.horizontal_by_domino += is(horizontal, Clause::SelfPairedDomino);
            totals.horizontal_by_fixed_cell += is(horizontal, Clause::FixedCell);
            list.push(Rectangle {
                name: name((m, n)),
                half_turn: verdict(half),
                vertical: verdict(vertical),
                horizontal: verdict(horizontal),
            });
        }
    }
    (list, totals)
}

/// The example of one swept board: its position only the reflection settles
/// with most free cells (then the lowest bit set); the default when it has
/// none.
fn example(b: &Sweep) -> Example {
    let Some(free) =
        (b.reflection_only.iter().copied()).max_by_key(|&f| (f.count_ones(), std::cmp::Reverse(f)))
    else {
        return Example::default();
    };
    let grid = &b.grid;
    let map = if fires(grid, free, Map::Vertical) {
        Map::Vertical
    } else {
        Map::Horizontal
    };
    let mirror = mirror(grid, free, map);
    // Pairs in row-major order of their first cell.
    let mut pairs: Vec<[[usize; 2]; 2]> = Vec::new();
    for (r, c) in grid.cells(free) {
        let (ir, ic) = mirror.and_then(|m| m.image((r, c))).unwrap_or((r, c));
        let (cell, image) = ([r + 1, c + 1], [ir + 1, ic + 1]);
        if !pairs.iter().any(|p| p.contains(&cell)) {
            pairs.push([cell, image]);
        }
    }
    Example {
        board: b.figures.name.clone(),
        grid: grid.grid_string(free),
        map: map.to_string(),
        free_cells: free.count_ones(),
        pairs,
    }
}

/// The drawn example, of `examples` (one for each of `boards`): that of the
/// board with most positions only the reflection settles (then the fewest
/// cells, then the last listed); the default when no board has one.
fn drawn(boards: &[BoardFigures], mut examples: Vec<Example>) -> Example {
    let best = (boards.iter().enumerate())
        .filter(|(_, f)| f.reflection_only > 0)
        .max_by_key(|(_, f)| (f.reflection_only, std::cmp::Reverse(f.rows * f.cols)));
    best.map_or_else(Example::default, |(at, _)| examples.swap_remove(at))
}

/// The totals over the firing set and over the search set of `p`, from the
/// figures of the boards swept.
fn totals(p: &PairingSweepParams, boards: &[BoardFigures]) -> (FiringTotals, SearchTotals) {
    let in_set = |set: &[(usize, usize)]| {
        let chosen: Vec<&BoardFigures> = (set.iter())
            .filter_map(|&b| boards.iter().find(|f| (f.rows, f.cols) == b))
            .collect();
        (chosen, set.iter().map(|&b| name(b)).collect())
    };
    let sum =
        |set: &[&BoardFigures], f: fn(&BoardFigures) -> u64| set.iter().map(|&b| f(b)).sum::<u64>();
    let (firing_set, firing_names) = in_set(&p.firing_boards);
    let firing = FiringTotals {
        boards: firing_names,
        positions: sum(&firing_set, |b| b.positions),
        half_turn: sum(&firing_set, |b| b.half_turn),
        reflection: sum(&firing_set, |b| b.reflection),
        reflection_only: sum(&firing_set, |b| b.reflection_only),
        reflection_only_closure: sum(&firing_set, |b| b.reflection_only_closure),
        reflection_only_half_turn_closed: sum(&firing_set, |b| b.reflection_only_half_turn_closed),
        wrong: sum(&firing_set, |b| b.wrong),
    };
    let (search_set, search_names) = in_set(&p.search_boards);
    let (none, half_turn) = (
        sum(&search_set, |b| b.expansions.none),
        sum(&search_set, |b| b.expansions.half_turn),
    );
    let (reflection, both) = (
        sum(&search_set, |b| b.expansions.reflection),
        sum(&search_set, |b| b.expansions.both),
    );
    let search = SearchTotals {
        boards: search_names,
        none,
        half_turn,
        reflection,
        both,
        half_turn_saves: none.saturating_sub(half_turn),
        reflection_saves: none.saturating_sub(reflection),
        second_check_saves: half_turn.saturating_sub(both),
        second_check_share: half_turn.saturating_sub(both) as f64 / half_turn.max(1) as f64,
    };
    (firing, search)
}

impl Solve for PairingSweep {
    type Data = Results;
    const SPEC: &'static Spec = &SPEC;
    const SHARDING: Option<&'static Sharding<Results>> = Some(&shards::SHARDING);

    fn solve(&self, params: &Params) -> (Results, Vec<Check>) {
        let p: PairingSweepParams = params.typed();
        let mut checks = Vec::new();
        let (mut boards, mut examples) = (Vec::new(), Vec::new());
        for (rows, cols) in all_boards(&p) {
            let Ok(grid) = Grid::new(rows, cols) else {
                continue;
            };
            let swept = sweep(&grid);
            checks.extend(board_checks(&swept));
            examples.push(example(&swept));
            boards.push(swept.figures);
        }
        let (rectangles, rectangle_totals) = rectangles(p.rectangles_up_to);
        checks.push(Check::equal(
            "the reflection fires on no empty rectangle",
            rectangle_totals.reflection_fires,
            0,
        ));
        let (grundy, grundy_rules) = values::grundy_table(&p, &mut checks);
        let positions = values::listed(&p, &mut checks);
        let (firing, search) = totals(&p, &boards);
        let data = Results {
            example: drawn(&boards, examples),
            boards,
            firing,
            search,
            rectangles,
            rectangle_totals,
            grundy,
            grundy_rules,
            positions,
        };
        (data, checks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::{Generator, Output};
    use serde_json::{Value, json};
    use std::sync::OnceLock;

    pub(super) fn params(pairs: &[(&str, &str)]) -> Params {
        Params::from_text(&SPEC, pairs).unwrap()
    }

    /// The default run, shared by the tests: the published instance.
    pub(super) fn default_run() -> &'static Output {
        static OUT: OnceLock<Output> = OnceLock::new();
        OUT.get_or_init(|| {
            let p = params(&[]);
            SPEC.check_limits(&p).unwrap();
            PairingSweep.run(&p)
        })
    }

    fn board(rows: usize, cols: usize) -> &'static Value {
        default_run().data["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["rows"] == rows && b["cols"] == cols)
            .unwrap_or_else(|| panic!("no board {rows} x {cols}"))
    }

    // The figures below are the published ones for these boards.
    #[test]
    fn default_boards_are_the_union_of_the_two_sets_in_order() {
        let names: Vec<&Value> = default_run().data["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| &b["name"])
            .collect();
        assert_eq!(
            names,
            [
                "2 × 6", "3 × 4", "2 × 7", "3 × 5", "4 × 4", "4 × 5", "3 × 6"
            ]
            .map(|n| json!(n))
            .iter()
            .collect::<Vec<_>>()
        );
    }

    #[test]
    fn four_by_five_firings_match_the_essay() {
        let b = board(4, 5);
        assert_eq!(b["positions"], 58_830);
        assert_eq!(b["half_turn"], 645);
        assert_eq!(b["reflection"], 129);
        assert_eq!(b["vertical"], 93);
        assert_eq!(b["horizontal"], 49);
        assert_eq!(b["both_reflections"], 13);
        assert_eq!(b["reflection_only"], 40);
        assert_eq!(b["wrong"], 0);
    }

    #[test]
    fn smaller_boards_firings_match_the_essay() {
        let b = board(2, 7);
        assert_eq!(
            (&b["half_turn"], &b["reflection"]),
            (&json!(133), &json!(57))
        );
        assert_eq!(b["reflection_only"], 10);
        for ((rows, cols), only) in [((4, 4), 4), ((2, 6), 2), ((3, 4), 0), ((3, 5), 0)] {
            assert_eq!(
                board(rows, cols)["reflection_only"],
                only,
                "{rows} x {cols}"
            );
        }
        let odd = board(3, 5);
        assert_eq!(odd["positions"], 3_054);
        assert_eq!(
            (&odd["half_turn"], &odd["reflection"]),
            (&json!(0), &json!(0))
        );
    }

    /// The 2 x 2 by hand: its positions are the empty board (a loss: each
    /// domino is answered by the parallel one), the four with one domino (a
    /// win: one domino fits) and the full board. The half turn fires on the
    /// empty board alone; each mirror meets a domino across its axis there,
    /// and each one-domino position is a domino its own image under every map.
    #[test]
    fn two_by_two_by_hand() {
        let p = params(&[
            ("firing_boards", "[[2, 2]]"),
            ("search_boards", "[]"),
            ("rectangles_up_to", "2"),
            ("grundy_max_cells", "4"),
        ]);
        let out = PairingSweep.run(&p);
        let b = &out.data["boards"][0];
        assert_eq!(b["positions"], 6);
        assert_eq!(b["half_turn"], 1);
        assert_eq!(b["reflection"], 0);
        assert_eq!(b["wrong"], 0);
        assert_eq!(b["outcome"], "loss");
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
    }

    #[test]
    fn firing_set_totals_match_the_essay() {
        let f = &default_run().data["firing"];
        assert_eq!(f["half_turn"], 1_127);
        assert_eq!(f["reflection_only"], 56);
        // A theorem (see the identity in `board_checks`), against a published
        // guess: every one of them fails the half turn at closure.
        assert_eq!(f["reflection_only_closure"], 56);
        // So none of them is closed under the half turn, counted apart.
        assert_eq!(f["reflection_only_half_turn_closed"], 0);
        assert_eq!(f["wrong"], 0);
        assert_eq!(
            f["boards"],
            json!(["2 × 6", "3 × 4", "2 × 7", "3 × 5", "4 × 4", "4 × 5"])
        );
    }

    #[test]
    fn node_expansions_match_the_essay() {
        let e = &board(4, 5)["expansions"];
        assert_eq!(
            (&e["none"], &e["half_turn"], &e["both"]),
            (&json!(17_348), &json!(17_258), &json!(17_242))
        );
        let e = &board(3, 6)["expansions"];
        assert_eq!(
            (&e["none"], &e["half_turn"], &e["both"]),
            (&json!(3_857), &json!(3_841), &json!(3_837))
        );
        for (rows, cols) in [(4, 4), (2, 6)] {
            let b = board(rows, cols);
            assert_eq!(b["expansions"]["half_turn"], 1, "{rows} x {cols}");
            assert_eq!(b["expansions"]["both"], 1, "{rows} x {cols}");
            assert_eq!(b["outcome"], "loss", "{rows} x {cols}");
        }
        let s = &default_run().data["search"];
        assert_eq!(s["half_turn"], 21_212);
        assert_eq!(s["second_check_saves"], 20);
        assert_eq!(
            s["boards"],
            json!(["2 × 6", "3 × 4", "2 × 7", "4 × 4", "3 × 6", "4 × 5"])
        );
    }

    #[test]
    fn the_reflection_fires_on_none_of_the_twenty_eight_rectangles() {
        let t = &default_run().data["rectangle_totals"];
        assert_eq!(t["tested"], 28);
        assert_eq!(t["reflection_fires"], 0);
        // Parity: a reflection across an even side meets a domino on its axis,
        // across an odd side a fixed line; the half turn fires on even x even.
        assert_eq!(t["vertical_by_domino"], 16);
        assert_eq!(t["vertical_by_fixed_cell"], 12);
        assert_eq!(t["horizontal_by_domino"], 16);
        assert_eq!(t["half_turn_fires"], 10);
        let r = &default_run().data["rectangles"];
        assert_eq!(
            r[1],
            json!({"name": "2 × 3", "half_turn": "self-paired domino", "vertical": "fixed cell",
                   "horizontal": "self-paired domino"})
        );
    }

    /// The parity rule the essay gives, for every rectangle tested: the
    /// half turn fires when both sides are even, meets its centre cell when
    /// both are odd and a domino across its centre otherwise; a mirror meets
    /// a fixed line when the side it flips is odd and a domino across its
    /// axis when it is even.
    #[test]
    fn each_rectangle_is_refused_by_the_clause_its_parity_predicts() {
        let clause = |odd: bool| {
            if odd {
                "fixed cell"
            } else {
                "self-paired domino"
            }
        };
        let mut rectangles = default_run().data["rectangles"].as_array().unwrap().iter();
        for m in 2..=8usize {
            for n in m..=8usize {
                let r = rectangles.next().unwrap();
                assert_eq!(r["name"], name((m, n)));
                let half_turn = match (m % 2, n % 2) {
                    (0, 0) => "fires",
                    (1, 1) => "fixed cell",
                    _ => "self-paired domino",
                };
                assert_eq!(r["half_turn"], half_turn, "{m} x {n}");
                assert_eq!(r["vertical"], clause(n % 2 == 1), "{m} x {n}");
                assert_eq!(r["horizontal"], clause(m % 2 == 1), "{m} x {n}");
            }
        }
        assert!(rectangles.next().is_none());
    }

    #[test]
    fn every_identity_holds_and_odd_boards_are_asserted() {
        let checks = &default_run().checks;
        assert!(checks.iter().all(|c| c.holds), "{checks:?}");
        let names: Vec<&str> = checks.iter().map(|c| c.name.as_str()).collect();
        assert!(names.contains(&"3 × 5: no check fires on an odd board"));
        assert!(names.contains(&"4 × 5: no wrong firings"));
        assert!(!names.iter().any(|n| n.starts_with("4 × 5: no check fires")));
    }

    #[test]
    fn grundy_values_of_boards_and_table() {
        assert_eq!(board(4, 5)["nimber"], "*2");
        assert_eq!(board(3, 6)["grundy"], 4);
        assert_eq!(board(4, 4)["grundy"], 0);
        let table = default_run().data["grundy"].as_array().unwrap();
        // m <= n <= 8, m <= 5, at most 24 cells.
        assert_eq!(table.len(), 24);
        assert!(
            table
                .iter()
                .all(|g| g["rows"].as_u64() <= g["cols"].as_u64())
        );
        assert!(
            table
                .iter()
                .any(|g| g["name"] == "4 × 6" && g["value"] == 0)
        );
        // Of those, 2 x 2, 2 x 4, 2 x 6, 2 x 8, 4 x 4 and 4 x 6 are even by
        // even, and 2 x 2 to 2 x 8 have two rows; the checks assert the rules.
        let rules = &default_run().data["grundy_rules"];
        assert_eq!(rules["even_by_even"], 6);
        assert_eq!(rules["two_rows"], 7);
    }

    /// The example's partners are mirror images: under the vertical mirror
    /// a pair shares its row and its columns sum to the free cells' outer
    /// columns (under the horizontal one, the same with rows and columns
    /// swapped), and the pairs cover every free cell once.
    #[test]
    fn the_example_pairs_each_free_cell_with_its_mirror_image() {
        let e = &default_run().data["example"];
        assert_eq!(e["board"], "4 × 5");
        let pairs: Vec<[[usize; 2]; 2]> = serde_json::from_value(e["pairs"].clone()).unwrap();
        let grid = e["grid"].as_str().unwrap();
        let free: Vec<[usize; 2]> = grid
            .split('|')
            .enumerate()
            .flat_map(|(r, row)| {
                row.char_indices()
                    .filter(|&(_, ch)| ch == '.')
                    .map(move |(c, _)| [r + 1, c + 1])
            })
            .collect();
        assert_eq!(e["free_cells"], free.len());
        let mut covered: Vec<[usize; 2]> = pairs.iter().flatten().copied().collect();
        covered.sort_unstable();
        assert_eq!(covered, free);
        let axis = usize::from(e["map"] == "vertical reflection");
        let outer = free.iter().map(|c| c[axis]).min().unwrap()
            + free.iter().map(|c| c[axis]).max().unwrap();
        for [a, b] in pairs {
            assert_eq!(a[1 - axis], b[1 - axis]);
            assert_eq!(a[axis] + b[axis], outer);
            assert_ne!(a, b);
        }
    }

    /// The mirror pairings around a fixed cell, counted again by a second
    /// algorithm: every reachable free set as a list of cells, each mirror
    /// written out about the set's bounding box, and the three conditions
    /// tested on the lists (some domino fits; the set is its own image; no
    /// domino touches a fixed cell or is its own image).
    fn fixed_cell_pairings_by_lists(rows: usize, cols: usize) -> usize {
        let grid = Grid::new(rows, cols).unwrap();
        let pairs = |free: u64, flip: &dyn Fn((usize, usize), (usize, usize)) -> (usize, usize)| {
            let cells: Vec<(usize, usize)> = grid.cells(free).collect();
            let lo = (
                cells.iter().map(|c| c.0).min().unwrap(),
                cells.iter().map(|c| c.1).min().unwrap(),
            );
            let hi = (
                cells.iter().map(|c| c.0).max().unwrap(),
                cells.iter().map(|c| c.1).max().unwrap(),
            );
            let sum = (lo.0 + hi.0, lo.1 + hi.1);
            let image = |c| flip(c, sum);
            let dominoes: Vec<[(usize, usize); 2]> = cells
                .iter()
                .flat_map(|&a| [(a, (a.0 + 1, a.1)), (a, (a.0, a.1 + 1))])
                .filter(|(_, b)| cells.contains(b))
                .map(|(a, b)| [a, b])
                .collect();
            let fixed: Vec<&(usize, usize)> = cells.iter().filter(|&&c| image(c) == c).collect();
            !dominoes.is_empty()
                && !fixed.is_empty()
                && cells.iter().all(|&c| cells.contains(&image(c)))
                && dominoes.iter().all(|d| {
                    !fixed.contains(&&d[0]) && !fixed.contains(&&d[1]) && image(d[0]) != d[1]
                })
        };
        let vertical = |(r, c): (usize, usize), (_, cs): (usize, usize)| (r, cs - c);
        let horizontal = |(r, c): (usize, usize), (rs, _): (usize, usize)| (rs - r, c);
        grid.positions()
            .into_iter()
            .filter(|&free| free != 0 && (pairs(free, &vertical) || pairs(free, &horizontal)))
            .count()
    }

    #[test]
    fn an_odd_board_has_mirror_pairings_around_a_fixed_cell_and_each_is_lost() {
        let odd = &board(3, 5)["fixed_cell"];
        assert_eq!(odd["positions"], fixed_cell_pairings_by_lists(3, 5));
        assert!(odd["positions"].as_u64().unwrap() > 0);
        // The example: two 2 x 2 blocks paired by the vertical mirror, and
        // the cell (3, 3) on its axis, which no domino can reach; by hand
        // 0 + 0 = 0, a loss for the player to move.
        assert_eq!(odd["example"], "..#..|..#..|##.##");
        assert_eq!(odd["map"], "vertical reflection");
        // Four tie at nine free cells, by hand: the example, its half turn,
        // and the two with the middle row's three middle cells filled, the
        // fixed cell in the top row or the bottom one.
        assert_eq!(odd["free_cells"], 9);
        assert_eq!(odd["tied"], 4);
        assert_eq!(odd["fixed"], serde_json::json!([[3, 3]]));
        let (grid, free) = Grid::parse("..#..|..#..|##.##").unwrap();
        assert!(!crate::games::cram::Outcomes::new(grid).wins(&free));
        for (rows, cols) in [(4, 5), (2, 7), (3, 4)] {
            assert_eq!(
                board(rows, cols)["fixed_cell"]["positions"],
                fixed_cell_pairings_by_lists(rows, cols),
                "{rows} x {cols}"
            );
        }
        let names: Vec<&str> = default_run()
            .checks
            .iter()
            .map(|c| c.name.as_str())
            .collect();
        assert!(
            names
                .contains(&"3 × 5: a mirror pairing around fixed cells no domino covers is a loss")
        );
    }

    #[test]
    fn runs_are_deterministic() {
        let p = params(&[
            ("firing_boards", "[[2, 4], [3, 3]]"),
            ("search_boards", "[[2, 4]]"),
            ("grundy_max_cells", "8"),
        ]);
        let (a, b) = (PairingSweep.run(&p), PairingSweep.run(&p));
        assert_eq!(a.data, b.data);
        assert_eq!(a.data["boards"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn refuses_boards_past_the_sweep_limit() {
        let err = SPEC
            .check_limits(&params(&[("search_boards", "[[6, 6]]")]))
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("board cells is 36, over the limit of 30 ("),
            "{err}"
        );
        // 36 is past the ceiling of 32: the error offers no raise.
        assert!(
            err.ends_with(
                "; lower `search_boards = [[6,6]]`; the limit's ceiling is 32 (about five times 30 \
                 cells: near 5 minutes and 3 GB for each board), so no directive raises it that far"
            ),
            "{err}"
        );
        let raised = [("search_boards", "[[4, 8]]"), ("max_board_cells", "32")];
        SPEC.check_limits(&params(&raised)).unwrap();
        // The table's largest rectangle within grundy_max_cells is 6 x 7.
        let table = [
            ("grundy_rows", "6"),
            ("grundy_cols", "7"),
            ("grundy_max_cells", "42"),
        ];
        let err = SPEC.check_limits(&params(&table)).unwrap_err().to_string();
        assert!(
            err.starts_with("grundy cells is 42, over the limit of 40 ("),
            "{err}"
        );
        assert!(
            err.contains("; lower `grundy_rows = 6` or `grundy_max_cells = 42`, or raise"),
            "{err}"
        );
        // Every rectangle with both sides at most 6, as the essay shows them.
        let six = [
            ("grundy_rows", "6"),
            ("grundy_cols", "6"),
            ("grundy_max_cells", "36"),
        ];
        SPEC.check_limits(&params(&six)).unwrap();
        // 1 x 30 and 2 x 15 may be asked for.
        let long = [
            ("grundy_rows", "2"),
            ("grundy_cols", "30"),
            ("grundy_max_cells", "30"),
        ];
        SPEC.check_limits(&params(&long)).unwrap();
    }
}
