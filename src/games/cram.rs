//! Cram: both players place a domino either way up on two adjacent free cells
//! of a rectangular grid; normal play. Cram is impartial.
//!
//! A [`Grid`] fixes the rectangle (at most 64 cells) and a position is the
//! `u64` bit set of its free cells (bit `r * cols + c`). This module owns the
//! rules (placements in the measured solver's order, regions), the three
//! pairing maps and the clauses that decide whether a pairing check fires
//! ([`Grid::refusal`]), the exact memoised outcome search ([`Outcomes`]), the
//! measured solver ([`Grid::measured_solve`]) and the game's side of the Grundy
//! evaluator ([`Impartial`], with regions keyed up to the symmetries of a rectangle).

use crate::cgt::grid::{Frame, GridError, Shape, Symmetries, Word};
use crate::cgt::nimber::{Grundy, Impartial, Nimber};
use crate::cgt::outcome::{self, WinLoss};
use crate::cgt::walk::reachable;
use std::fmt;

/// The largest number of cells a [`Grid`] holds.
pub const MAX_CELLS: usize = u64::BITS as usize;

/// A rectangle of `rows` x `cols` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    frame: Frame<u64>,
}

impl Grid {
    pub fn new(rows: usize, cols: usize) -> Result<Grid, GridError> {
        Frame::new(rows, cols).map(|frame| Grid { frame })
    }

    pub fn rows(&self) -> usize {
        self.frame.rows()
    }

    pub fn cols(&self) -> usize {
        self.frame.cols()
    }

    /// The empty board: every cell free.
    pub fn empty(&self) -> u64 {
        self.frame.full()
    }

    /// The bit of cell (`r`, `c`), both from 0.
    pub fn bit(&self, r: usize, c: usize) -> u64 {
        self.frame.bit(r, c)
    }

    /// The cells of `set`, as (row, column), in row-major order.
    pub fn cells(&self, set: u64) -> impl Iterator<Item = (usize, usize)> + use<> {
        self.frame.cells(set)
    }

    /// The dominoes that fit in `free`, each as the mask of its two cells, in
    /// the measured solver's order: by anchor cell in row-major order, and at
    /// each anchor the vertical domino (anchor and the cell below) before the
    /// horizontal one (anchor and the cell to the right).
    pub fn placements(&self, free: u64) -> impl Iterator<Item = u64> + use<> {
        let cols = self.cols();
        let vertical = self.frame.vertical_tops(free);
        let horizontal = self.frame.horizontal_lefts(free);
        crate::cgt::grid::bits(vertical | horizontal).flat_map(move |a| {
            let v = (vertical & a != 0).then_some(a | a << cols);
            let h = (horizontal & a != 0).then_some(a | a << 1);
            v.into_iter().chain(h)
        })
    }

    /// The positions one placement away from `free`, in [`Grid::placements`] order.
    pub fn children(&self, free: u64) -> impl Iterator<Item = u64> + use<> {
        self.placements(free).map(move |d| free & !d)
    }

    /// Whether some domino still fits in `free`.
    pub fn has_move(&self, free: u64) -> bool {
        self.frame.vertical_tops(free) | self.frame.horizontal_lefts(free) != 0
    }

    /// Every position reachable from the empty board, the empty board first.
    pub fn positions(&self) -> Vec<u64> {
        let grid = *self;
        reachable(self.empty(), move |&free| grid.children(free))
    }

    /// The free cells split into regions (4-connected sets), ordered by their
    /// first cell in row-major order. A move in one region leaves the others alone.
    pub fn regions(&self, free: u64) -> impl Iterator<Item = u64> + use<> {
        self.frame.components(free)
    }

    /// `map` about the bounding box of the set `free` (`None` when it is empty).
    pub fn mirror(&self, free: u64, map: Map) -> Option<Mirror> {
        let b = self.frame.bounding_box(free)?;
        Some(Mirror {
            map,
            rows: b.first_row + b.last_row,
            cols: b.first_col + b.last_col,
            grid: (self.rows(), self.cols()),
        })
    }

    /// The first clause of the pairing check for `map` that `free` fails, in
    /// the order the clauses are tested, or `None` when all three hold.
    pub fn refusal(&self, free: u64, map: Map) -> Option<Clause> {
        let mirror = self.mirror(free, map)?;
        let image = |cell| mirror.image(cell);
        let is_free =
            |cell: Option<(usize, usize)>| cell.is_some_and(|(r, c)| free & self.bit(r, c) != 0);
        if self.cells(free).any(|cell| !is_free(image(cell))) {
            return Some(Clause::Closure);
        }
        if self.cells(free).any(|cell| image(cell) == Some(cell)) {
            return Some(Clause::FixedCell);
        }
        let self_paired = self.placements(free).any(|d| {
            let mut two = self.cells(d);
            match (two.next(), two.next()) {
                (Some(a), Some(b)) => image(a) == Some(b),
                _ => false,
            }
        });
        self_paired.then_some(Clause::SelfPairedDomino)
    }

    /// Whether the pairing check for `map` fires at `free`: all three clauses
    /// hold and some cell is free (the full board is never counted a firing).
    pub fn fires(&self, free: u64, map: Map) -> bool {
        free != 0 && self.refusal(free, map).is_none()
    }

    /// The measured solver: memoised negamax from the empty board that stops
    /// at the first winning move it finds, trying moves in
    /// [`Grid::placements`] order. `checks` run at every node before it is
    /// expanded; a node where one fires is scored a loss. An expansion is a
    /// memo miss, a node where a check fires included.
    pub fn measured_solve(&self, checks: Checks) -> Measured {
        let mut search = outcome::Outcomes::new(Checked {
            grid: *self,
            checks,
        });
        let win = search.wins(&self.empty());
        Measured {
            win,
            expansions: search.expansions(),
        }
    }

    /// The Grundy value of `free`.
    pub fn grundy(&self, free: u64) -> Nimber {
        Grundy::new(self).value(&free)
    }

    /// The empty `rows` x `cols` rectangle in the top-left corner of this
    /// grid, as a free set, or `None` when it does not fit.
    pub fn rectangle(&self, rows: usize, cols: usize) -> Option<u64> {
        (rows <= self.rows() && cols <= self.cols()).then(|| {
            let row = u64::low_bits(cols as u32);
            (0..rows).fold(0, |m, r| m | row << (r * self.cols()))
        })
    }

    /// The key of a region up to translation and the eight symmetries of a
    /// rectangle.
    fn shape_key(&self, region: u64) -> Shape<u64> {
        self.frame
            .crop(region)
            .map_or(EMPTY_SHAPE, |s| s.normalised(Symmetries::All))
    }
}

/// The key of the empty region.
const EMPTY_SHAPE: Shape<u64> = Shape {
    rows: 0,
    cols: 0,
    cells: 0,
};

/// The Grundy evaluator's view of Cram: a position is a free set, a region a
/// 4-connected free set of at least two cells, keyed up to symmetry.
impl Impartial for Grid {
    type Position = u64;
    type Key = Shape<u64>;

    fn moves(&self, region: &u64, out: &mut Vec<u64>) {
        out.extend(self.children(*region));
    }

    fn regions(&self, free: &u64, out: &mut Vec<u64>) {
        out.extend(Grid::regions(self, *free).filter(|r| r.count_ones() >= 2));
    }

    fn key(&self, region: &u64) -> Shape<u64> {
        self.shape_key(*region)
    }

    /// A connected region of two or three cells is `*`: every placement leaves
    /// at most one cell.
    fn known_value(&self, region: &u64) -> Option<Nimber> {
        (region.count_ones() <= 3).then_some(Nimber(1))
    }
}

/// The outcome search's view of Cram: moves in [`Grid::placements`] order.
impl WinLoss for Grid {
    type Position = u64;

    fn children(&self, &free: &u64) -> impl Iterator<Item = u64> {
        Grid::children(self, free)
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

/// The Grundy values of the empty rectangles `rects` (rows, columns; either
/// way round), from one evaluator on a host grid that holds each of them in its
/// corner, so that regions they have in common are evaluated once.
pub fn rectangle_values(rects: &[(usize, usize)]) -> Result<Vec<Nimber>, GridError> {
    let upright = |&(a, b): &(usize, usize)| (a.min(b), a.max(b));
    let rows = rects.iter().map(|r| upright(r).0).max().unwrap_or(1).max(1);
    let cols = rects.iter().map(|r| upright(r).1).max().unwrap_or(1).max(1);
    let host = Grid::new(rows, cols)?;
    let mut evaluator = Grundy::new(&host);
    Ok(rects
        .iter()
        .map(|r| {
            let (m, n) = upright(r);
            let free = host.rectangle(m, n).unwrap_or(0);
            evaluator.value(&free)
        })
        .collect())
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
        let half_turn = || grid.fires(free, Map::HalfTurn);
        let reflection = || grid.fires(free, Map::Vertical) || grid.fires(free, Map::Horizontal);
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

/// Exact outcomes by memoised search: whether the player to move wins.
pub type Outcomes = outcome::Outcomes<Grid>;

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: usize, cols: usize) -> Grid {
        Grid::new(rows, cols).unwrap()
    }

    /// A free set from rows of `.` (free) and `#` (filled).
    fn position(g: &Grid, rows: &[&str]) -> u64 {
        let mut free = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    free |= g.bit(r, c);
                }
            }
        }
        free
    }

    #[test]
    fn refuses_empty_and_oversized_grids() {
        assert_eq!(Grid::new(0, 3), Err(GridError::Empty { rows: 0, cols: 3 }));
        assert_eq!(
            Grid::new(5, 13),
            Err(GridError::TooLarge {
                rows: 5,
                cols: 13,
                max: MAX_CELLS
            })
        );
        assert_eq!(grid(8, 8).empty(), u64::MAX);
    }

    #[test]
    fn placements_go_by_anchor_with_vertical_first() {
        let g = grid(2, 2);
        let order: Vec<u64> = g.placements(g.empty()).collect();
        let (a, b, c, d) = (g.bit(0, 0), g.bit(0, 1), g.bit(1, 0), g.bit(1, 1));
        assert_eq!(order, vec![a | c, a | b, b | d, c | d]);
    }

    #[test]
    fn placements_do_not_wrap_around_rows() {
        let g = grid(2, 3);
        let free = g.bit(0, 2) | g.bit(1, 0);
        assert_eq!(g.placements(free).count(), 0);
        assert!(!g.has_move(free));
    }

    #[test]
    fn a_two_by_two_has_six_positions() {
        // Empty; four single dominoes; the full board.
        assert_eq!(grid(2, 2).positions().len(), 6);
        // A 1 x 4: empty, three single dominoes, the full row.
        assert_eq!(grid(1, 4).positions().len(), 5);
    }

    #[test]
    fn regions_use_four_adjacency() {
        let g = grid(3, 3);
        let free = position(&g, &[".#.", "#.#", ".#."]);
        assert_eq!(Grid::regions(&g, free).count(), 5);
        let free = position(&g, &["..#", "#..", "..."]);
        assert_eq!(Grid::regions(&g, free).count(), 1);
    }

    #[test]
    fn the_empty_rectangles_are_refused_for_the_reasons_parity_gives() {
        use Clause::*;
        // 3 x 3: the centre is fixed by the half turn, a column or row by a reflection.
        let g = grid(3, 3);
        for map in Map::ALL {
            assert_eq!(g.refusal(g.empty(), map), Some(FixedCell), "{map}");
        }
        // 3 x 4: the central horizontal domino is its own half turn and straddles
        // the vertical axis; the middle row is fixed by the horizontal reflection.
        let g = grid(3, 4);
        assert_eq!(g.refusal(g.empty(), Map::HalfTurn), Some(SelfPairedDomino));
        assert_eq!(g.refusal(g.empty(), Map::Vertical), Some(SelfPairedDomino));
        assert_eq!(g.refusal(g.empty(), Map::Horizontal), Some(FixedCell));
        // 4 x 4: the half turn fires; both reflections meet a domino across the axis.
        let g = grid(4, 4);
        assert!(g.fires(g.empty(), Map::HalfTurn));
        assert_eq!(g.refusal(g.empty(), Map::Vertical), Some(SelfPairedDomino));
        assert_eq!(
            g.refusal(g.empty(), Map::Horizontal),
            Some(SelfPairedDomino)
        );
    }

    #[test]
    fn closure_is_tested_before_the_other_clauses() {
        // An L of three cells: not closed under anything, and the corner would be
        // fixed by no map either; the first clause is the reason.
        let g = grid(2, 2);
        let free = position(&g, &["..", ".#"]);
        for map in Map::ALL {
            assert_eq!(g.refusal(free, map), Some(Clause::Closure), "{map}");
        }
    }

    #[test]
    fn maps_work_about_the_bounding_box_of_the_free_cells() {
        // Two separated vertical dominoes in the right part of a 2 x 5: the
        // box is columns 2..=4, so column 3 is the vertical axis and is empty.
        let g = grid(2, 5);
        let free = position(&g, &["##.#.", "##.#."]);
        let mirror = g.mirror(free, Map::Vertical).unwrap();
        assert_eq!(mirror.image((0, 2)), Some((0, 4)));
        assert!(g.fires(free, Map::Vertical));
        // The half turn sends each domino onto the other: it fires too.
        assert!(g.fires(free, Map::HalfTurn));
        // The horizontal reflection maps each vertical domino onto itself.
        assert_eq!(
            g.refusal(free, Map::Horizontal),
            Some(Clause::SelfPairedDomino)
        );
    }

    #[test]
    fn the_full_board_is_not_a_firing() {
        let g = grid(2, 2);
        assert_eq!(g.refusal(0, Map::HalfTurn), None);
        assert!(!g.fires(0, Map::HalfTurn));
    }

    #[test]
    fn outcomes_by_hand() {
        // 1 x 2, 1 x 3: one move wins. 1 x 4: the middle domino wins. 1 x 5:
        // every placement leaves room for exactly one more domino, so it loses.
        for (cols, win) in [(1, false), (2, true), (3, true), (4, true), (5, false)] {
            let g = grid(1, cols);
            assert_eq!(Outcomes::new(g).wins(&g.empty()), win, "1 x {cols}");
        }
        // 2 x 2: any domino leaves room for exactly one parallel reply: a loss.
        let g = grid(2, 2);
        assert!(!Outcomes::new(g).wins(&g.empty()));
    }

    #[test]
    fn the_half_turn_settles_an_even_by_even_board_in_one_expansion() {
        let g = grid(4, 4);
        let m = g.measured_solve(Checks::HalfTurn);
        assert_eq!(
            m,
            Measured {
                win: false,
                expansions: 1
            }
        );
        let plain = g.measured_solve(Checks::None);
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
            let m = g.measured_solve(checks);
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
        assert!(g.fires(free, Map::HalfTurn) && g.fires(free, Map::Vertical));
    }

    #[test]
    fn shape_keys_ignore_translation_and_symmetry_only() {
        let g = grid(4, 4);
        let l = position(&g, &["..##", ".###", "####", "####"]);
        let l_moved = position(&g, &["####", "####", "##.#", "##.."]);
        let l_turned = position(&g, &["####", "#..#", "##.#", "####"]);
        let straight = position(&g, &["...#", "####", "####", "####"]);
        assert_eq!(g.shape_key(l), g.shape_key(l_moved));
        assert_eq!(g.shape_key(l), g.shape_key(l_turned));
        assert_ne!(g.shape_key(l), g.shape_key(straight));
        let column = position(&g, &["#.##", "#.##", "#.##", "####"]);
        assert_eq!(g.shape_key(column), g.shape_key(straight));
    }

    /// Grundy values by the definition alone: the mex over every placement,
    /// memoised on the whole free set, with no regions and no symmetry.
    fn brute_grundy(g: &Grid, free: u64, memo: &mut std::collections::HashMap<u64, u32>) -> u32 {
        if let Some(&v) = memo.get(&free) {
            return v;
        }
        let mut seen = Vec::new();
        for r in 0..g.rows() {
            for c in 0..g.cols() {
                for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                    if r2 < g.rows() && c2 < g.cols() {
                        let d = g.bit(r, c) | g.bit(r2, c2);
                        if free & d == d {
                            seen.push(brute_grundy(g, free & !d, memo));
                        }
                    }
                }
            }
        }
        let v = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        memo.insert(free, v);
        v
    }

    #[test]
    fn grundy_values_match_brute_force_on_every_subset_of_small_grids() {
        // Every free set, reachable or not, so that regions of every shape,
        // and their mirror images, meet the evaluator's memo.
        for (rows, cols) in [(3, 3), (2, 5), (3, 4)] {
            let g = grid(rows, cols);
            let mut memo = std::collections::HashMap::new();
            let mut evaluator = Grundy::new(&g);
            for free in 0..=g.empty() {
                assert_eq!(
                    evaluator.value(&free).0,
                    brute_grundy(&g, free, &mut memo),
                    "{rows} x {cols}, free set {free:b}"
                );
            }
        }
    }

    #[test]
    fn grundy_values_match_brute_force_on_empty_rectangles() {
        // Up to 20 cells: the 3 x 6 and 4 x 5 included.
        for rows in 1..=4 {
            for cols in rows..=(20 / rows).min(8) {
                let g = grid(rows, cols);
                let brute = brute_grundy(&g, g.empty(), &mut std::collections::HashMap::new());
                assert_eq!(g.grundy(g.empty()).0, brute, "{rows} x {cols}");
            }
        }
    }

    /// Dawson's Kayles as the octal game 0.07: a move removes two adjacent
    /// tokens from a row, leaving rows of a and b tokens with a + b = n - 2.
    fn dawsons_kayles(up_to: usize) -> Vec<u32> {
        let mut g = vec![0u32; up_to + 1];
        for n in 2..=up_to {
            let options: Vec<u32> = (0..=n - 2).map(|a| g[a] ^ g[n - 2 - a]).collect();
            g[n] = (0..).find(|v| !options.contains(v)).unwrap_or(0);
        }
        g
    }

    #[test]
    fn one_by_n_is_dawsons_kayles() {
        let kayles = dawsons_kayles(40);
        // The published start of the sequence, as a check on the check.
        assert_eq!(kayles[..12], [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
        for (n, &k) in kayles.iter().enumerate().skip(1) {
            let g = grid(1, n);
            assert_eq!(g.grundy(g.empty()), Nimber(k), "1 x {n}");
        }
    }

    #[test]
    fn two_by_n_is_n_mod_two() {
        let values = rectangle_values(&(1..=16).map(|n| (2, n)).collect::<Vec<_>>()).unwrap();
        for (n, v) in (1..=16).zip(values) {
            assert_eq!(v, Nimber(n % 2), "2 x {n}");
        }
    }

    #[test]
    fn shared_evaluator_agrees_with_one_grid_per_rectangle() {
        let rects = [(3, 5), (5, 3), (1, 7), (4, 4), (2, 6), (3, 6)];
        let shared = rectangle_values(&rects).unwrap();
        for (&(m, n), v) in rects.iter().zip(shared) {
            let g = grid(m, n);
            assert_eq!(g.grundy(g.empty()), v, "{m} x {n}");
        }
        assert_eq!(
            rectangle_values(&[(8, 9)]),
            Err(GridError::TooLarge {
                rows: 8,
                cols: 9,
                max: MAX_CELLS
            })
        );
    }

    #[test]
    fn even_by_even_rectangles_are_zero() {
        // The second player answers every move with its half turn.
        let rects = [(2, 2), (2, 4), (4, 4), (4, 6), (2, 10), (6, 4)];
        let values = rectangle_values(&rects).unwrap();
        assert_eq!(values, [Nimber::ZERO; 6]);
    }

    #[test]
    fn where_a_reflection_fires_only_closure_can_refuse_the_half_turn() {
        // Over every free set of a 4 x 4, reachable or not.
        let g = grid(4, 4);
        let mut reflection_only = 0;
        for free in 1..=g.empty() {
            let reflection = g.fires(free, Map::Vertical) || g.fires(free, Map::Horizontal);
            if reflection && !g.fires(free, Map::HalfTurn) {
                reflection_only += 1;
                assert_eq!(
                    g.refusal(free, Map::HalfTurn),
                    Some(Clause::Closure),
                    "{free:b}"
                );
            }
        }
        assert!(reflection_only > 0);
    }
}
