//! The pairing checks in Cram, the pairing sweep's instrument: a map pairs
//! the free cells of a position about their bounding box (the half turn or a
//! reflection), and its check fires when the free set is closed under it, no
//! cell is its own image and no domino is mapped onto itself. A firing
//! position is a loss for the player to move when the check is sound, which
//! the sweep tests; the measured solver runs the checks before each node.

use crate::cgt::outcome::{self, WinLoss};
use crate::games::cram::Grid;
use std::fmt;

/// `map` about the bounding box of the set `free` (`None` when it is empty).
pub(super) fn mirror(grid: &Grid, free: u64, map: Map) -> Option<Mirror> {
    let b = grid.bounding_box(free)?;
    Some(Mirror {
        map,
        rows: b.first_row + b.last_row,
        cols: b.first_col + b.last_col,
        grid: (grid.rows(), grid.cols()),
    })
}

/// Whether `map` carries every free cell onto a free cell: the first clause
/// (a full board, with no free cell, is closed).
pub(super) fn closed(grid: &Grid, free: u64, map: Map) -> bool {
    mirror(grid, free, map).is_none_or(|mirror| {
        let is_free = |cell: (usize, usize)| free & grid.bit(cell.0, cell.1) != 0;
        grid.cells(free)
            .all(|cell| mirror.image(cell).is_some_and(is_free))
    })
}

/// The first clause of the pairing check for `map` that `free` fails, in
/// the order the clauses are tested, or `None` when all three hold.
pub(super) fn refusal(grid: &Grid, free: u64, map: Map) -> Option<Clause> {
    let mirror = mirror(grid, free, map)?;
    let image = |cell| mirror.image(cell);
    if !closed(grid, free, map) {
        return Some(Clause::Closure);
    }
    if grid.cells(free).any(|cell| image(cell) == Some(cell)) {
        return Some(Clause::FixedCell);
    }
    let self_paired = grid
        .placements(free)
        .any(|d| is_own_image(grid, &mirror, d));
    self_paired.then_some(Clause::SelfPairedDomino)
}

/// Whether `mirror` carries the domino `d` onto itself by swapping its two
/// cells (a domino on fixed cells the callers refuse first).
fn is_own_image(grid: &Grid, mirror: &Mirror, d: u64) -> bool {
    let mut two = grid.cells(d);
    match (two.next(), two.next()) {
        (Some(a), Some(b)) => mirror.image(a) == Some(b),
        _ => false,
    }
}

/// Whether `map` pairs the free cells of `free` although some free cell is
/// its own image: some domino fits (a position without a move is lost with
/// no pairing), the free cells are closed under it, no domino that fits
/// covers a fixed cell and none is its own image. Clause 2 of the check
/// refuses every such position, but copying still wins there: the first
/// player's domino covers no fixed cell, so its image is another domino,
/// disjoint from it and free, and after the reply the free cells are closed
/// again with their fixed cells still uncoverable. So each such position is
/// a loss for the player to move, which the sweep tests by exact search.
pub(super) fn pairs_around_fixed_cells(grid: &Grid, free: u64, map: Map) -> bool {
    let Some(mirror) = mirror(grid, free, map) else {
        return false;
    };
    let fixed = grid
        .cells(free)
        .filter(|&cell| mirror.image(cell) == Some(cell))
        .fold(0, |set, (r, c)| set | grid.bit(r, c));
    fixed != 0
        && grid.has_move(free)
        && closed(grid, free, map)
        && grid
            .placements(free)
            .all(|d| d & fixed == 0 && !is_own_image(grid, &mirror, d))
}

/// Whether the pairing check for `map` fires at `free`: all three clauses
/// hold and some cell is free (the full board is never counted a firing).
pub(super) fn fires(grid: &Grid, free: u64, map: Map) -> bool {
    free != 0 && refusal(grid, free, map).is_none()
}

/// The measured solver: memoised negamax from the empty board that stops
/// at the first winning move it finds, trying moves in
/// [`Grid::placements`] order. `checks` run at every node before it is
/// expanded; a node where one fires is scored a loss. An expansion is a
/// memo miss, a node where a check fires included.
pub(super) fn measured_solve(grid: &Grid, checks: Checks) -> Measured {
    let mut search = outcome::Outcomes::new(Checked {
        grid: *grid,
        checks,
    });
    let win = search.wins(&grid.empty());
    Measured {
        win,
        expansions: search.expansions(),
    }
}

/// Cram with pairing checks run before each node is expanded: a node where
/// one fires is scored a loss.
struct Checked {
    grid: Grid,
    checks: Checks,
}

impl WinLoss for Checked {
    type Position = u64;

    fn children(&self, &free: &u64) -> impl Iterator<Item = u64> {
        self.grid.children(free)
    }

    fn verdict(&self, &free: &u64) -> Option<bool> {
        self.checks.fire(&self.grid, free).then_some(false)
    }
}

/// A [`Map`] about the bounding box of a set of cells: with R the sum of the
/// box's extreme rows and C of its extreme columns, the half turn sends
/// (r, c) to (R - r, C - c), the vertical-axis reflection to (r, C - c), the
/// horizontal-axis one to (R - r, c).
#[derive(Clone, Copy, Debug)]
pub struct Mirror {
    map: Map,
    /// R and C.
    rows: usize,
    cols: usize,
    /// The grid's rows and columns.
    grid: (usize, usize),
}

impl Mirror {
    /// The image of cell (`r`, `c`); cells outside the box may have none on
    /// the grid (`None`).
    pub fn image(&self, (r, c): (usize, usize)) -> Option<(usize, usize)> {
        let flip_r = || self.rows.checked_sub(r);
        let flip_c = || self.cols.checked_sub(c);
        let (ir, ic) = match self.map {
            Map::HalfTurn => (flip_r()?, flip_c()?),
            Map::Vertical => (r, flip_c()?),
            Map::Horizontal => (flip_r()?, c),
        };
        (ir < self.grid.0 && ic < self.grid.1).then_some((ir, ic))
    }
}

/// A map that pairs the free cells of a position about their bounding box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Map {
    /// (r, c) -> (R - r, C - c).
    HalfTurn,
    /// Reflection in the vertical axis: (r, c) -> (r, C - c).
    Vertical,
    /// Reflection in the horizontal axis: (r, c) -> (R - r, c).
    Horizontal,
}

impl Map {
    pub const ALL: [Map; 3] = [Map::HalfTurn, Map::Vertical, Map::Horizontal];
}

impl fmt::Display for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Map::HalfTurn => "half turn",
            Map::Vertical => "vertical reflection",
            Map::Horizontal => "horizontal reflection",
        })
    }
}

/// A clause of the pairing check, named by what fails when it refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Clause {
    /// The free set is not closed under the map.
    Closure,
    /// Some free cell is its own image.
    FixedCell,
    /// Some domino of two adjacent free cells is mapped onto itself.
    SelfPairedDomino,
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Clause::Closure => "closure",
            Clause::FixedCell => "fixed cell",
            Clause::SelfPairedDomino => "self-paired domino",
        })
    }
}

/// Which pairing checks the measured solver runs before expanding a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Checks {
    None,
    HalfTurn,
    /// Either reflection.
    Reflection,
    /// The half turn or either reflection.
    Both,
}

impl Checks {
    pub const ALL: [Checks; 4] = [
        Checks::None,
        Checks::HalfTurn,
        Checks::Reflection,
        Checks::Both,
    ];

    /// Whether one of these checks fires at `free`.
    pub fn fire(self, grid: &Grid, free: u64) -> bool {
        let half_turn = || fires(grid, free, Map::HalfTurn);
        let reflection = || fires(grid, free, Map::Vertical) || fires(grid, free, Map::Horizontal);
        match self {
            Checks::None => false,
            Checks::HalfTurn => half_turn(),
            Checks::Reflection => reflection(),
            Checks::Both => half_turn() || reflection(),
        }
    }
}

/// What the measured solver found and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measured {
    /// Whether the player to move at the empty board wins (as scored, so a
    /// wrong firing would show here).
    pub win: bool,
    /// Memo misses, the root included.
    pub expansions: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: usize, cols: usize) -> Grid {
        Grid::new(rows, cols).unwrap()
    }

    #[test]
    fn the_empty_rectangles_are_refused_for_the_reasons_parity_gives() {
        use Clause::*;
        // 3 x 3: the centre is fixed by the half turn, a column or row by a reflection.
        let g = grid(3, 3);
        for map in Map::ALL {
            assert_eq!(refusal(&g, g.empty(), map), Some(FixedCell), "{map}");
        }
        // 3 x 4: the central horizontal domino is its own half turn and straddles
        // the vertical axis; the middle row is fixed by the horizontal reflection.
        let g = grid(3, 4);
        assert_eq!(
            refusal(&g, g.empty(), Map::HalfTurn),
            Some(SelfPairedDomino)
        );
        assert_eq!(
            refusal(&g, g.empty(), Map::Vertical),
            Some(SelfPairedDomino)
        );
        assert_eq!(refusal(&g, g.empty(), Map::Horizontal), Some(FixedCell));
        // 4 x 4: the half turn fires; both reflections meet a domino across the axis.
        let g = grid(4, 4);
        assert!(fires(&g, g.empty(), Map::HalfTurn));
        assert_eq!(
            refusal(&g, g.empty(), Map::Vertical),
            Some(SelfPairedDomino)
        );
        assert_eq!(
            refusal(&g, g.empty(), Map::Horizontal),
            Some(SelfPairedDomino)
        );
    }

    #[test]
    fn closure_is_tested_before_the_other_clauses() {
        // An L of three cells: not closed under anything, and the corner would be
        // fixed by no map either; the first clause is the reason.
        let g = grid(2, 2);
        let free = g.free_of(&["..", ".#"]);
        for map in Map::ALL {
            assert_eq!(refusal(&g, free, map), Some(Clause::Closure), "{map}");
        }
    }

    #[test]
    fn maps_work_about_the_bounding_box_of_the_free_cells() {
        // Two separated vertical dominoes in the right part of a 2 x 5: the
        // box is columns 2..=4, so column 3 is the vertical axis and is empty.
        let g = grid(2, 5);
        let free = g.free_of(&["##.#.", "##.#."]);
        let mirror = mirror(&g, free, Map::Vertical).unwrap();
        assert_eq!(mirror.image((0, 2)), Some((0, 4)));
        assert!(fires(&g, free, Map::Vertical));
        // The half turn sends each domino onto the other: it fires too.
        assert!(fires(&g, free, Map::HalfTurn));
        // The horizontal reflection maps each vertical domino onto itself.
        assert_eq!(
            refusal(&g, free, Map::Horizontal),
            Some(Clause::SelfPairedDomino)
        );
    }

    #[test]
    fn a_mirror_pairs_around_a_fixed_cell_no_domino_covers() {
        // The 3 x 5 position with free cells (1,1), (1,2), (1,4), (1,5) and
        // (3,3): the vertical mirror fixes (3,3), which no domino can cover,
        // and swaps the two dominoes of the top row. Clause 2 refuses it;
        // the pairing holds, and by hand the position is two regions worth
        // * each, * + * = 0: a loss for the player to move.
        let g = grid(3, 5);
        let free = g.free_of(&["..#..", "#####", "##.##"]);
        assert_eq!(refusal(&g, free, Map::Vertical), Some(Clause::FixedCell));
        assert!(pairs_around_fixed_cells(&g, free, Map::Vertical));
        assert!(!pairs_around_fixed_cells(&g, free, Map::Horizontal));
        assert_eq!(g.grundy(free), crate::cgt::nimber::Nimber(0));
        // A fixed cell a domino can cover breaks the pairing: (2,3) free
        // beside (3,3) on the axis makes a domino of two fixed cells, and
        // (3,2) beside it a domino whose image overlaps it.
        let covered = g.free_of(&["..#..", "##.##", "##.##"]);
        assert!(!pairs_around_fixed_cells(&g, covered, Map::Vertical));
        let beside = g.free_of(&["..#..", "#####", "#...#"]);
        assert!(!pairs_around_fixed_cells(&g, beside, Map::Vertical));
        // Where no cell is fixed it is the check itself, not this; nor is a
        // position without a move, whose cells are all fixed by the
        // horizontal mirror of its one row.
        let g = grid(1, 4);
        assert!(!pairs_around_fixed_cells(
            &g,
            g.bit(0, 0) | g.bit(0, 3),
            Map::Vertical
        ));
        assert!(!pairs_around_fixed_cells(
            &g,
            g.bit(0, 0) | g.bit(0, 3),
            Map::Horizontal
        ));
    }

    #[test]
    fn the_full_board_is_not_a_firing() {
        let g = grid(2, 2);
        assert_eq!(refusal(&g, 0, Map::HalfTurn), None);
        assert!(!fires(&g, 0, Map::HalfTurn));
    }

    #[test]
    fn the_half_turn_settles_an_even_by_even_board_in_one_expansion() {
        let g = grid(4, 4);
        let m = measured_solve(&g, Checks::HalfTurn);
        assert_eq!(
            m,
            Measured {
                win: false,
                expansions: 1
            }
        );
        let plain = measured_solve(&g, Checks::None);
        assert!(!plain.win);
        assert!(plain.expansions > 1);
    }

    #[test]
    fn counts_the_expansions_of_a_one_by_four_by_hand() {
        // Root; [0,1] leaves cells 2,3 (expanded) whose one move leaves nothing
        // (expanded): a win for the mover, so [0,1] does not win; [1,2] leaves
        // cells 0 and 3 (expanded), a loss: the root wins after 4 expansions.
        // With the half turn, cells {0, 3} fire (a loss either way) and the
        // root and {2, 3} hold a self-paired domino: still 4.
        let g = grid(1, 4);
        for checks in Checks::ALL {
            let m = measured_solve(&g, checks);
            assert_eq!(
                m,
                Measured {
                    win: true,
                    expansions: 4
                },
                "{checks:?}"
            );
        }
        let free = g.bit(0, 0) | g.bit(0, 3);
        assert!(fires(&g, free, Map::HalfTurn) && fires(&g, free, Map::Vertical));
    }

    #[test]
    fn a_set_is_closed_when_its_image_is_itself() {
        // Every free set of a 3 x 4, reachable or not: the map is a bijection
        // of the bounding box, so closure is the image of the set being the set.
        let g = grid(3, 4);
        for free in 1..=g.empty() {
            for map in Map::ALL {
                let mirror = mirror(&g, free, map).unwrap();
                let image = g.cells(free).try_fold(0, |image, cell| {
                    mirror.image(cell).map(|(r, c)| image | g.bit(r, c))
                });
                assert_eq!(closed(&g, free, map), image == Some(free), "{free:b} {map}");
            }
        }
        // Hand cases: the empty board is closed under every map; an L of three
        // cells under none.
        assert!(Map::ALL.iter().all(|&m| closed(&g, g.empty(), m)));
        let l = g.free_of(&["..##", ".###", "####"]);
        assert!(Map::ALL.iter().all(|&m| !closed(&g, l, m)));
    }

    #[test]
    fn where_a_reflection_fires_only_closure_can_refuse_the_half_turn() {
        // Over every free set of a 4 x 4, reachable or not.
        let g = grid(4, 4);
        let mut reflection_only = 0;
        for free in 1..=g.empty() {
            let reflection = fires(&g, free, Map::Vertical) || fires(&g, free, Map::Horizontal);
            if reflection && !fires(&g, free, Map::HalfTurn) {
                reflection_only += 1;
                assert_eq!(
                    refusal(&g, free, Map::HalfTurn),
                    Some(Clause::Closure),
                    "{free:b}"
                );
            }
        }
        assert!(reflection_only > 0);
    }
}
