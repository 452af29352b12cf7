//! `pairing-sweep`: the half turn against the reflections as pairing checks
//! in Cram, over every position reachable on a list of boards.
//!
//! For each board the generator counts the positions where each check fires
//! and, by exact search from each, the unsound ones (where the player to move
//! wins; asserted none), measures the node expansions
//! of a solver carrying no check, the half turn, the reflection or both, and
//! gives the board's outcome and Grundy value. It totals two sets of boards,
//! records which clause refuses each map on the empty rectangles, and tabulates
//! the Grundy values of small rectangles. Its views are drawn in `views.rs`.

mod views;

use super::params::params;
use super::{Check, Data, Doc, Generator, Limit, Output, Params, Spec, draw};
use crate::games::cram::{self, Checks, Grid, Map, Outcomes};
use serde::{Deserialize, Serialize};

pub struct PairingSweep;

/// Cells of the largest board swept.
fn board_cells(params: &Params) -> Result<u128, String> {
    let cells = all_boards(&params.typed()).into_iter().map(|(r, c)| r * c);
    Ok(cells.max().unwrap_or(0) as u128)
}

params! {
    /// The parameters of `pairing-sweep`.
    pub struct PairingSweepParams {
        /// Boards as [rows, columns] whose firings are totalled (keys `firing.*`).
        firing_boards: Vec<(usize, usize)> =
            [[2, 6], [3, 4], [2, 7], [3, 5], [4, 4], [4, 5]],
            in 1..=8, at most 12;
        /// Boards as [rows, columns] whose solver expansions are totalled (keys `search.*`). Every
        /// board of either list is swept; `boards` lists them in order of first mention.
        search_boards: Vec<(usize, usize)> =
            [[2, 6], [3, 4], [2, 7], [4, 4], [3, 6], [4, 5]],
            in 1..=8, at most 12;
        /// The empty rectangles m x n with 2 <= m <= n <= this are tested for which clause refuses
        /// each map.
        rectangles_up_to: usize = 8, in 2..=8;
        /// Rows of the Grundy-value table: rectangles with 1 to this many rows.
        grundy_rows: usize = 5, in 1..=8;
        /// Columns of the Grundy-value table: rectangles with 1 to this many columns.
        grundy_cols: usize = 8, in 1..=8;
        /// Rectangles of the table with more cells are left blank. The limit of 30 keeps a run
        /// under a minute: the 5 x 6 alone takes seconds, and the work grows about tenfold every
        /// four cells.
        grundy_max_cells: usize = 24, in 1..=30;
    }
}

static SPEC: Spec = Spec {
    name: "pairing-sweep",
    description: "Cram: the half-turn and reflection pairing checks over every reachable position of \
                  each board (firings, wrong firings, what each saves a solver), the clause that refuses \
                  each map on the empty rectangles, and Grundy values of rectangles.",
    params: PairingSweepParams::PARAMS,
    limits: &[Limit {
        name: "board cells",
        doc: "cells of the largest board swept; every reachable position is held in memory and \
              searched, the 4 x 6's 24 cells already give 607,752 of them, and each further cell \
              roughly doubles the count",
        max: 24,
        measure: board_cells,
    }],
    keys: &[
        Doc {
            name: "boards.N.name",
            doc: "The board as \"R × C\"; boards are in order of first mention in firing_boards then search_boards.",
        },
        Doc {
            name: "boards.N.rows",
            doc: "Rows of the board.",
        },
        Doc {
            name: "boards.N.cols",
            doc: "Columns of the board.",
        },
        Doc {
            name: "boards.N.positions",
            doc: "Positions reachable from the empty board, the empty board included.",
        },
        Doc {
            name: "boards.N.half_turn",
            doc: "Positions where the half-turn check fires.",
        },
        Doc {
            name: "boards.N.vertical",
            doc: "Positions where the vertical-axis reflection fires.",
        },
        Doc {
            name: "boards.N.horizontal",
            doc: "Positions where the horizontal-axis reflection fires.",
        },
        Doc {
            name: "boards.N.both_reflections",
            doc: "Positions where both reflections fire.",
        },
        Doc {
            name: "boards.N.reflection",
            doc: "Positions where the reflection (either reflection) fires.",
        },
        Doc {
            name: "boards.N.reflection_only",
            doc: "Positions where the reflection fires and the half turn does not.",
        },
        Doc {
            name: "boards.N.reflection_only_closure",
            doc: "Of those, the positions whose half turn is refused by closure (the first clause).",
        },
        Doc {
            name: "boards.N.wrong",
            doc: "Unsound firings: positions where the half turn or a reflection fires although the \
                  player to move wins, by exact search from each such position (asserted 0).",
        },
        Doc {
            name: "boards.N.expansions.none",
            doc: "Node expansions of the measured solver with no check.",
        },
        Doc {
            name: "boards.N.expansions.half_turn",
            doc: "Node expansions with the half-turn check.",
        },
        Doc {
            name: "boards.N.expansions.reflection",
            doc: "Node expansions with the reflection check.",
        },
        Doc {
            name: "boards.N.expansions.both",
            doc: "Node expansions with both checks.",
        },
        Doc {
            name: "boards.N.second_check_saves",
            doc: "Expansions with the half turn minus expansions with both checks.",
        },
        Doc {
            name: "boards.N.outcome",
            doc: "\"win\" or \"loss\" for the player to move at the empty board.",
        },
        Doc {
            name: "boards.N.grundy",
            doc: "Grundy value of the empty board (an integer n for the nimber *n).",
        },
        Doc {
            name: "boards.N.nimber",
            doc: "The same as a nimber: \"0\", \"*\", \"*2\", ...",
        },
        Doc {
            name: "firing.boards",
            doc: "The firing set, as \"2 × 6, 3 × 4, ...\".",
        },
        Doc {
            name: "firing.positions",
            doc: "Reachable positions over the firing set.",
        },
        Doc {
            name: "firing.half_turn",
            doc: "Half-turn firings over the firing set.",
        },
        Doc {
            name: "firing.reflection",
            doc: "Reflection firings over the firing set.",
        },
        Doc {
            name: "firing.reflection_only",
            doc: "Positions only the reflection settles, over the firing set.",
        },
        Doc {
            name: "firing.reflection_only_closure",
            doc: "Of those, the positions whose half turn is refused by closure.",
        },
        Doc {
            name: "firing.wrong",
            doc: "Unsound firings (`boards.N.wrong`) over the firing set.",
        },
        Doc {
            name: "search.boards",
            doc: "The search set, as \"2 × 6, 3 × 4, ...\".",
        },
        Doc {
            name: "search.none",
            doc: "Expansions with no check over the search set.",
        },
        Doc {
            name: "search.half_turn",
            doc: "Expansions with the half turn over the search set.",
        },
        Doc {
            name: "search.reflection",
            doc: "Expansions with the reflection over the search set.",
        },
        Doc {
            name: "search.both",
            doc: "Expansions with both checks over the search set.",
        },
        Doc {
            name: "search.half_turn_saves",
            doc: "search.none - search.half_turn.",
        },
        Doc {
            name: "search.reflection_saves",
            doc: "search.none - search.reflection: what the reflection alone saves.",
        },
        Doc {
            name: "search.second_check_saves",
            doc: "search.half_turn - search.both: what the reflection saves a solver already carrying \
                  the half turn.",
        },
        Doc {
            name: "search.second_check_share",
            doc: "search.second_check_saves / search.half_turn (a ratio in 0..1).",
        },
        Doc {
            name: "rectangles.N.name",
            doc: "An empty rectangle \"m × n\", 2 <= m <= n <= rectangles_up_to, by m then n.",
        },
        Doc {
            name: "rectangles.N.half_turn",
            doc: "\"fires\", or the clause that refuses the half turn: \"closure\", \"fixed cell\" or \
                  \"self-paired domino\".",
        },
        Doc {
            name: "rectangles.N.vertical",
            doc: "The same for the vertical-axis reflection.",
        },
        Doc {
            name: "rectangles.N.horizontal",
            doc: "The same for the horizontal-axis reflection.",
        },
        Doc {
            name: "rectangle_totals.tested",
            doc: "Empty rectangles tested.",
        },
        Doc {
            name: "rectangle_totals.half_turn_fires",
            doc: "Rectangles on which the half turn fires (both sides even).",
        },
        Doc {
            name: "rectangle_totals.reflection_fires",
            doc: "Rectangles on which either reflection fires (asserted 0).",
        },
        Doc {
            name: "rectangle_totals.vertical_by_domino",
            doc: "Rectangles whose vertical reflection is refused by the self-paired-domino clause.",
        },
        Doc {
            name: "rectangle_totals.vertical_by_fixed_cell",
            doc: "Rectangles whose vertical reflection is refused by the fixed-cell clause.",
        },
        Doc {
            name: "rectangle_totals.horizontal_by_domino",
            doc: "Rectangles whose horizontal reflection is refused by the self-paired-domino clause.",
        },
        Doc {
            name: "rectangle_totals.horizontal_by_fixed_cell",
            doc: "Rectangles whose horizontal reflection is refused by the fixed-cell clause.",
        },
        Doc {
            name: "example.board",
            doc: "The board of the drawn position only the reflection settles (the board with most \
                  such positions); empty string when there is none.",
        },
        Doc {
            name: "example.grid",
            doc: "The drawn position as rows of `.` (free) and `#` (filled) joined by `|`.",
        },
        Doc {
            name: "example.map",
            doc: "The reflection that pairs it: \"vertical reflection\" or \"horizontal reflection\".",
        },
        Doc {
            name: "example.free_cells",
            doc: "Free cells of the drawn position.",
        },
        Doc {
            name: "example.pairs",
            doc: "The partners of that reflection: pairs [[row, column], [row, column]] numbered \
                  from 1, in reading order of their first cell; empty when there is no example.",
        },
        Doc {
            name: "grundy.N.name",
            doc: "A rectangle \"m × n\" of the Grundy table, m <= n, by m then n.",
        },
        Doc {
            name: "grundy.N.value",
            doc: "Its Grundy value (an integer n for the nimber *n).",
        },
        Doc {
            name: "grundy.N.nimber",
            doc: "The same as a nimber: \"0\", \"*\", \"*2\", ...",
        },
        Doc {
            name: "grundy_rules.even_by_even",
            doc: "Rectangles of the table with both sides even (asserted all of value 0).",
        },
        Doc {
            name: "grundy_rules.two_rows",
            doc: "Rectangles 2 x n of the table (asserted all of value n mod 2).",
        },
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
            name: "the reflection fires on no empty rectangle",
            doc: "Neither reflection fires on any tested empty rectangle.",
        },
        Doc {
            name: "even-by-even rectangles of value 0 = even-by-even rectangles",
            doc: "Every rectangle of the Grundy table with both sides even is worth 0.",
        },
        Doc {
            name: "2 x n rectangles of value n mod 2 = 2 x n rectangles",
            doc: "Every rectangle 2 x n of the Grundy table is worth n mod 2.",
        },
    ],
    views: &[
        Doc {
            name: "firings",
            doc: "Positions where each check fires on each board: half turn against reflection (bars).",
        },
        Doc {
            name: "expansions",
            doc: "Positions the measured solver expands on each board under the four check settings \
                  (bars, log scale).",
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
            doc: "A table of the empty rectangles: for the half turn and each mirror, \"fires\" or \
                  the clause that refuses it (\"fixed cell\", or \"domino\" for the self-paired \
                  domino).",
        },
    ],
    games: &["cram"],
};

/// What a run finds: its data.
#[derive(Serialize, Deserialize)]
struct Results {
    boards: Vec<BoardFigures>,
    firing: FiringTotals,
    search: SearchTotals,
    rectangles: Vec<Rectangle>,
    rectangle_totals: RectangleTotals,
    example: Example,
    grundy: Vec<GrundyEntry>,
    grundy_rules: GrundyRules,
}

/// The two rules the Grundy table's caption states, counted over the table.
#[derive(Serialize, Deserialize)]
struct GrundyRules {
    even_by_even: usize,
    two_rows: usize,
}

#[derive(Serialize, Deserialize)]
struct BoardFigures {
    name: String,
    rows: usize,
    cols: usize,
    positions: u64,
    half_turn: u64,
    vertical: u64,
    horizontal: u64,
    both_reflections: u64,
    reflection: u64,
    reflection_only: u64,
    reflection_only_closure: u64,
    wrong: u64,
    expansions: Expansions,
    second_check_saves: u64,
    outcome: String,
    grundy: u32,
    nimber: String,
}

/// A swept board: its figures, and what the run keeps of it besides.
struct Sweep {
    figures: BoardFigures,
    grid: Grid,
    /// The positions only the reflection settles, for the drawn example.
    reflection_only: Vec<u64>,
    /// The measured solver's verdict at the root under each of [`Checks::ALL`].
    setting_wins: [bool; 4],
}

#[derive(Serialize, Deserialize, Clone, Copy, Default)]
struct Expansions {
    none: u64,
    half_turn: u64,
    reflection: u64,
    both: u64,
}

#[derive(Serialize, Deserialize)]
struct FiringTotals {
    boards: String,
    positions: u64,
    half_turn: u64,
    reflection: u64,
    reflection_only: u64,
    reflection_only_closure: u64,
    wrong: u64,
}

#[derive(Serialize, Deserialize)]
struct SearchTotals {
    boards: String,
    none: u64,
    half_turn: u64,
    reflection: u64,
    both: u64,
    half_turn_saves: u64,
    reflection_saves: u64,
    second_check_saves: u64,
    second_check_share: f64,
}

#[derive(Serialize, Deserialize)]
struct Rectangle {
    name: String,
    half_turn: String,
    vertical: String,
    horizontal: String,
}

#[derive(Serialize, Deserialize)]
struct RectangleTotals {
    tested: usize,
    half_turn_fires: usize,
    reflection_fires: usize,
    vertical_by_domino: usize,
    vertical_by_fixed_cell: usize,
    horizontal_by_domino: usize,
    horizontal_by_fixed_cell: usize,
}

#[derive(Serialize, Deserialize, Default)]
struct Example {
    board: String,
    grid: String,
    map: String,
    free_cells: u32,
    /// Partners as [[row, column], [row, column]], numbered from 1.
    pairs: Vec<[[usize; 2]; 2]>,
}

#[derive(Serialize, Deserialize)]
struct GrundyEntry {
    name: String,
    rows: usize,
    cols: usize,
    value: u32,
    nimber: String,
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

/// Of the positions where a check `fired`, those the player to move in fact
/// wins, by exact search: the unsound firings.
fn unsound(fired: &[u64], outcomes: &mut Outcomes) -> u64 {
    fired.iter().filter(|free| outcomes.wins(free)).count() as u64
}

/// Sweeps one board: every reachable position against every map, the exact
/// outcome of each firing, the measured solver under the four settings.
fn sweep(grid: &Grid) -> Sweep {
    let mut outcomes = Outcomes::new(*grid);
    let grundy = grid.grundy(grid.empty());
    let mut f = BoardFigures {
        name: name((grid.rows(), grid.cols())),
        rows: grid.rows(),
        cols: grid.cols(),
        positions: 0,
        half_turn: 0,
        vertical: 0,
        horizontal: 0,
        both_reflections: 0,
        reflection: 0,
        reflection_only: 0,
        reflection_only_closure: 0,
        wrong: 0,
        expansions: Expansions::default(),
        second_check_saves: 0,
        outcome: String::new(),
        grundy: grundy.0,
        nimber: grundy.to_string(),
    };
    let mut fired = Vec::new();
    let mut reflection_only = Vec::new();
    for free in grid.positions() {
        f.positions += 1;
        let [half, vertical, horizontal] = Map::ALL.map(|m| grid.fires(free, m));
        let reflection = vertical || horizontal;
        f.half_turn += u64::from(half);
        f.vertical += u64::from(vertical);
        f.horizontal += u64::from(horizontal);
        f.both_reflections += u64::from(vertical && horizontal);
        f.reflection += u64::from(reflection);
        if reflection && !half {
            f.reflection_only += 1;
            f.reflection_only_closure +=
                u64::from(grid.refusal(free, Map::HalfTurn) == Some(cram::Clause::Closure));
            reflection_only.push(free);
        }
        if half || reflection {
            fired.push(free);
        }
    }
    f.wrong = unsound(&fired, &mut outcomes);
    f.outcome = outcome(outcomes.wins(&grid.empty())).into();
    let measured = Checks::ALL.map(|c| grid.measured_solve(c));
    let [none, half_turn, reflection, both] = measured.map(|m| m.expansions);
    f.expansions = Expansions {
        none,
        half_turn,
        reflection,
        both,
    };
    f.second_check_saves = half_turn.saturating_sub(both);
    Sweep {
        figures: f,
        grid: *grid,
        reflection_only,
        setting_wins: measured.map(|m| m.win),
    }
}

fn outcome(win: bool) -> &'static str {
    if win { "win" } else { "loss" }
}

fn board_checks(s: &Sweep) -> Vec<Check> {
    let f = &s.figures;
    let win = f.outcome == outcome(true);
    let mut checks = vec![
        Check::equal(format!("{}: no wrong firings", f.name), f.wrong, 0),
        Check::equal(
            format!("{}: outcome = Grundy value nonzero", f.name),
            win,
            f.grundy != 0,
        ),
    ];
    // If a reflection fires and the free set is also closed under the half
    // turn, the half turn fires: its centre cell would be fixed by the
    // reflection, and a domino it maps onto itself is one the reflection maps
    // onto itself or one with a cell on the axis. So only closure can refuse it.
    checks.push(Check::equal(
        format!(
            "{}: only closure refuses the half turn where only the reflection fires",
            f.name
        ),
        f.reflection_only_closure,
        f.reflection_only,
    ));
    let settings: Vec<String> = Checks::ALL
        .iter()
        .zip(s.setting_wins)
        .map(|(c, w)| format!("{c:?}: {w}"))
        .collect();
    checks.push(Check::that(
        format!("{}: every setting finds the outcome", f.name),
        s.setting_wins.iter().all(|&w| w == win),
        format!("exact: {win}; {}", settings.join(", ")),
    ));
    if (f.rows * f.cols) % 2 == 1 {
        checks.push(Check::equal(
            format!("{}: no check fires on an odd board", f.name),
            f.half_turn + f.reflection,
            0,
        ));
    }
    checks
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
            let [half, vertical, horizontal] = Map::ALL.map(|map| grid.refusal(grid.empty(), map));
            let verdict =
                |r: Option<cram::Clause>| r.map_or_else(|| "fires".to_string(), |c| c.to_string());
            totals.tested += 1;
            totals.half_turn_fires += usize::from(half.is_none());
            totals.reflection_fires += usize::from(vertical.is_none() || horizontal.is_none());
            let is = |r: Option<cram::Clause>, c| usize::from(r == Some(c));
            totals.vertical_by_domino += is(vertical, cram::Clause::SelfPairedDomino);
            totals.vertical_by_fixed_cell += is(vertical, cram::Clause::FixedCell);
            totals.horizontal_by_domino += is(horizontal, cram::Clause::SelfPairedDomino);
            totals.horizontal_by_fixed_cell += is(horizontal, cram::Clause::FixedCell);
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

/// The rectangles of the Grundy table, m <= n, within the cell limit.
fn grundy_rectangles(p: &PairingSweepParams) -> Vec<(usize, usize)> {
    let (rows, cols, max) = (p.grundy_rows, p.grundy_cols, p.grundy_max_cells);
    let mut out: Vec<(usize, usize)> = (1..=rows)
        .flat_map(|m| (1..=cols).map(move |n| (m.min(n), m.max(n))))
        .filter(|&(m, n)| m * n <= max)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The drawn example: on the board with most positions only the reflection
/// settles, the one with most free cells (then the lowest bit set).
fn drawn_example(boards: &[Sweep]) -> Option<(&Sweep, u64)> {
    let board = boards
        .iter()
        .filter(|b| !b.reflection_only.is_empty())
        .max_by_key(|b| {
            let f = &b.figures;
            (f.reflection_only, std::cmp::Reverse(f.rows * f.cols))
        })?;
    let free = board
        .reflection_only
        .iter()
        .copied()
        .max_by_key(|&f| (f.count_ones(), std::cmp::Reverse(f)))?;
    Some((board, free))
}

/// The example's data: its board, its cells and the partners of the
/// reflection that fires there (the vertical one when both do).
fn example(drawn: Option<(&Sweep, u64)>) -> Example {
    let Some((b, free)) = drawn else {
        return Example::default();
    };
    let grid = &b.grid;
    let map = if grid.fires(free, Map::Vertical) {
        Map::Vertical
    } else {
        Map::Horizontal
    };
    let mirror = grid.mirror(free, map);
    // Pairs in row-major order of their first cell.
    let mut pairs: Vec<[[usize; 2]; 2]> = Vec::new();
    for (r, c) in grid.cells(free) {
        let (ir, ic) = mirror.and_then(|m| m.image((r, c))).unwrap_or((r, c));
        let (cell, image) = ([r + 1, c + 1], [ir + 1, ic + 1]);
        if !pairs.iter().any(|p| p.contains(&cell)) {
            pairs.push([cell, image]);
        }
    }
    let grid_string = (0..grid.rows())
        .map(|r| {
            (0..grid.cols())
                .map(|c| if free & grid.bit(r, c) != 0 { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|");
    Example {
        board: b.figures.name.clone(),
        grid: grid_string,
        map: map.to_string(),
        free_cells: free.count_ones(),
        pairs,
    }
}

impl Generator for PairingSweep {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn run(&self, params: &Params) -> Output {
        let p: PairingSweepParams = params.typed();
        let mut checks = Vec::new();
        let mut sweeps = Vec::new();
        for (rows, cols) in all_boards(&p) {
            let Ok(grid) = Grid::new(rows, cols) else {
                continue;
            };
            let swept = sweep(&grid);
            checks.extend(board_checks(&swept));
            sweeps.push(swept);
        }
        let in_set = |set: &[(usize, usize)]| {
            let chosen: Vec<&BoardFigures> = set
                .iter()
                .filter_map(|&b| {
                    sweeps
                        .iter()
                        .map(|s| &s.figures)
                        .find(|f| (f.rows, f.cols) == b)
                })
                .collect();
            let names = set.iter().map(|&b| name(b)).collect::<Vec<_>>().join(", ");
            (chosen, names)
        };
        let (firing_set, firing_names) = in_set(&p.firing_boards);
        let sum = |set: &[&BoardFigures], f: fn(&BoardFigures) -> u64| {
            set.iter().map(|&b| f(b)).sum::<u64>()
        };
        let firing = FiringTotals {
            boards: firing_names,
            positions: sum(&firing_set, |b| b.positions),
            half_turn: sum(&firing_set, |b| b.half_turn),
            reflection: sum(&firing_set, |b| b.reflection),
            reflection_only: sum(&firing_set, |b| b.reflection_only),
            reflection_only_closure: sum(&firing_set, |b| b.reflection_only_closure),
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
        let (rectangles, rectangle_totals) = rectangles(p.rectangles_up_to);
        checks.push(Check::equal(
            "the reflection fires on no empty rectangle",
            rectangle_totals.reflection_fires,
            0,
        ));
        let example = example(drawn_example(&sweeps));
        let table_rects = grundy_rectangles(&p);
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
        let grundy_rules = grundy_rules(&grundy, &mut checks);
        let data = Results {
            boards: sweeps.into_iter().map(|s| s.figures).collect(),
            firing,
            search,
            rectangles,
            rectangle_totals,
            example,
            grundy,
            grundy_rules,
        };
        Output::new(&data, checks)
    }

    fn draw(&self, view: &str, p: &Params, data: &Data) -> Result<Option<draw::Drawing>, String> {
        views::draw(view, p, data)
    }
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
        "2 x n rectangles of value n mod 2 = 2 x n rectangles",
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
    use super::*;
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

    /// The unsound count is the solver's verdict, not an assumption: a check
    /// firing everywhere on the 2 x 2 is unsound at the four positions with
    /// one domino, where the player to move lays the second.
    #[test]
    fn unsound_firings_are_wins_by_exact_search() {
        let grid = Grid::new(2, 2).unwrap();
        let mut outcomes = Outcomes::new(grid);
        assert_eq!(unsound(&grid.positions(), &mut outcomes), 4);
        assert_eq!(unsound(&[grid.empty()], &mut outcomes), 0);
    }

    #[test]
    fn firing_set_totals_match_the_essay() {
        let f = &default_run().data["firing"];
        assert_eq!(f["half_turn"], 1_127);
        assert_eq!(f["reflection_only"], 56);
        // A theorem (see the identity in `board_checks`), against a published
        // guess: every one of them fails the half turn at closure.
        assert_eq!(f["reflection_only_closure"], 56);
        assert_eq!(f["wrong"], 0);
        assert_eq!(f["boards"], "2 × 6, 3 × 4, 2 × 7, 3 × 5, 4 × 4, 4 × 5");
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
        assert_eq!(s["boards"], "2 × 6, 3 × 4, 2 × 7, 4 × 4, 3 × 6, 4 × 5");
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
        let axis = if e["map"] == "vertical reflection" {
            1
        } else {
            0
        };
        let outer = free.iter().map(|c| c[axis]).min().unwrap()
            + free.iter().map(|c| c[axis]).max().unwrap();
        for [a, b] in pairs {
            assert_eq!(a[1 - axis], b[1 - axis]);
            assert_eq!(a[axis] + b[axis], outer);
            assert_ne!(a, b);
        }
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
            .check_limits(&params(&[("search_boards", "[[5, 5]]")]))
            .unwrap_err();
        assert!(
            err.contains("board cells is 25, over the limit of 24"),
            "{err}"
        );
    }
}
