//! Domineering: Left places vertical dominoes, Right horizontal ones, on the
//! free cells of a rectangular grid; normal play.
//!
//! A [`Board`] is a bit-board of up to 128 cells. This module owns the rules
//! (placements of each orientation), the split of free cells into regions
//! (4-adjacency, the adjacency the moves use), the position walks that count
//! what a solver must visit, and the values: [`Values`] is the decomposing
//! evaluator, which splits every position into regions, looks each region's
//! [`Shape`] up in a table normalised by the board's symmetries and adds the
//! parts. [`Shape`] also carries what the run-length readings of a region need:
//! its runs and its packings (by search), and the catalogue of every shape up
//! to a size ([`shapes_up_to`]).

use crate::cgt::canonical::{GameId, GameTable};
use crate::cgt::walk::{Walk, reachable, walk};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashMap;
use std::fmt;

/// A grid of `rows` x `cols` cells of which `free` (bit `r * cols + c`) are free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub free: u128,
}

/// The largest number of cells a [`Board`] holds.
pub const MAX_CELLS: usize = 128;

impl Board {
    /// The empty (all free) `rows` x `cols` board.
    pub fn empty(rows: usize, cols: usize) -> Board {
        assert!(
            rows * cols <= MAX_CELLS,
            "{rows} x {cols} exceeds {MAX_CELLS} cells"
        );
        let free = low_bits((rows * cols) as u32);
        Board { rows, cols, free }
    }

    /// The bit of cell (`r`, `c`), both from 0.
    pub fn bit(&self, r: usize, c: usize) -> u128 {
        1u128 << (r * self.cols + c)
    }

    pub fn is_free(&self, r: usize, c: usize) -> bool {
        self.free & self.bit(r, c) != 0
    }

    /// The same board with cell (`r`, `c`) blocked.
    pub fn block(self, r: usize, c: usize) -> Board {
        Board {
            free: self.free & !self.bit(r, c),
            ..self
        }
    }

    pub fn free_cells(&self) -> u32 {
        self.free.count_ones()
    }

    /// Every domino position on the grid, free or not: vertical ones (Left's)
    /// first, then horizontal ones (Right's), each as the mask of its two cells.
    pub fn dominoes(&self) -> Dominoes {
        let mut vertical = Vec::new();
        let mut horizontal = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if r + 1 < self.rows {
                    vertical.push(self.bit(r, c) | self.bit(r + 1, c));
                }
                if c + 1 < self.cols {
                    horizontal.push(self.bit(r, c) | self.bit(r, c + 1));
                }
            }
        }
        Dominoes {
            vertical,
            horizontal,
        }
    }

    /// The free cells split into regions under 4-adjacency, each as a board on
    /// the same grid, ordered by their first cell in row-major order.
    pub fn regions(&self) -> Vec<Board> {
        let mut regions = Vec::new();
        Frame::new(self.rows as u32, self.cols as u32).components(self.free, &mut regions);
        regions
            .into_iter()
            .map(|free| Board { free, ..*self })
            .collect()
    }

    /// Whether some domino of either orientation still fits.
    pub fn has_move(&self, dominoes: &Dominoes) -> bool {
        dominoes.all().any(|d| d & self.free == d)
    }

    /// Walks every position reachable from this board by placements of either
    /// orientation (a position is its set of free cells).
    pub fn walk(&self) -> Walk {
        let dominoes = self.dominoes();
        let cells = self.free_cells();
        walk(
            self.free,
            |free| (cells - free.count_ones()) as usize,
            |&free| dominoes.children(free),
        )
    }

    /// Every position reachable from this board, itself first.
    pub fn positions(&self) -> Vec<Board> {
        let dominoes = self.dominoes();
        reachable(self.free, |&free| dominoes.children(free))
            .into_iter()
            .map(|free| Board { free, ..*self })
            .collect()
    }

    /// The free cells translated to the top-left corner of the grid: equal for
    /// two regions of one grid exactly when one is a translate of the other.
    pub fn translated_to_corner(&self) -> u128 {
        if self.free == 0 {
            return 0;
        }
        let first_row = self.free.trailing_zeros() as usize / self.cols;
        let first_col = (0..self.cols)
            .find(|&c| (0..self.rows).any(|r| self.is_free(r, c)))
            .unwrap_or(0);
        self.free >> (first_row * self.cols + first_col)
    }

    /// Reads rows of `.` (free) and `#` (blocked) joined by `|`, the inverse
    /// of [`Board::to_grid_string`].
    pub fn from_grid_string(grid: &str) -> Result<Board, GridError> {
        let rows: Vec<&str> = grid.split('|').collect();
        let cols = rows[0].chars().count();
        if cols == 0 {
            return Err(GridError::EmptyRow { row: 1 });
        }
        if rows.len() * cols > MAX_CELLS {
            return Err(GridError::TooLarge {
                rows: rows.len(),
                cols,
            });
        }
        let mut board = Board::empty(rows.len(), cols);
        for (r, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len == 0 {
                return Err(GridError::EmptyRow { row: r + 1 });
            }
            if len != cols {
                return Err(GridError::Ragged {
                    row: r + 1,
                    len,
                    expected: cols,
                });
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => {}
                    '#' => board = board.block(r, c),
                    other => {
                        return Err(GridError::BadCell {
                            row: r + 1,
                            col: c + 1,
                            found: other,
                        });
                    }
                }
            }
        }
        Ok(board)
    }

    /// Rows of `.` (free) and `#` (blocked) joined by `|`.
    pub fn to_grid_string(&self) -> String {
        (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| if self.is_free(r, c) { '.' } else { '#' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|")
    }
}

/// Why a grid string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    #[error("row {row} is empty")]
    EmptyRow { row: usize },
    #[error("row {row} has {len} cells but row 1 has {expected}; every row needs the same length")]
    Ragged {
        row: usize,
        len: usize,
        expected: usize,
    },
    #[error("row {row}, column {col}: `{found}` is neither `.` (free) nor `#` (blocked)")]
    BadCell { row: usize, col: usize, found: char },
    #[error("{rows} x {cols} is more than {MAX_CELLS} cells")]
    TooLarge { rows: usize, cols: usize },
}

/// The domino positions of a grid, by orientation.
pub struct Dominoes {
    pub vertical: Vec<u128>,
    pub horizontal: Vec<u128>,
}

impl Dominoes {
    pub fn all(&self) -> impl Iterator<Item = u128> + '_ {
        self.vertical.iter().chain(&self.horizontal).copied()
    }

    /// The positions one placement of either orientation away from `free`.
    pub fn children(&self, free: u128) -> impl Iterator<Item = u128> + '_ {
        self.all()
            .filter(move |&d| d & free == d)
            .map(move |d| free & !d)
    }
}

/// The lowest `n` bits set (all 128 for `n >= 128`).
fn low_bits(n: u32) -> u128 {
    1u128.checked_shl(n).map_or(u128::MAX, |b| b - 1)
}

/// `x` shifted left by `n`, with bits shifted past the top lost (also for `n >= 128`).
fn shl(x: u128, n: u32) -> u128 {
    x.checked_shl(n).unwrap_or(0)
}

/// `x` shifted right by `n`, zero for `n >= 128`.
fn shr(x: u128, n: u32) -> u128 {
    x.checked_shr(n).unwrap_or(0)
}

/// The layout of a `rows` x `cols` frame whose cell (r, c) is bit `r * cols + c`.
#[derive(Clone, Copy)]
struct Frame {
    cols: u32,
    full: u128,
    not_first_col: u128,
    not_last_col: u128,
}

impl Frame {
    fn new(rows: u32, cols: u32) -> Frame {
        let row = low_bits(cols);
        let (mut full, mut not_first_col) = (0u128, 0u128);
        for r in 0..rows {
            full |= shl(row, r * cols);
            not_first_col |= shl(row & !1, r * cols);
        }
        Frame {
            cols,
            full,
            not_first_col,
            not_last_col: (not_first_col >> 1) & full,
        }
    }

    /// Cells 4-adjacent to some cell of `mask`.
    fn neighbours(&self, mask: u128) -> u128 {
        ((mask << 1) & self.not_first_col)
            | ((mask >> 1) & self.not_last_col)
            | (shl(mask, self.cols) & self.full)
            | shr(mask, self.cols)
    }

    /// Top cells of the vertical dominoes that fit in `cells`.
    fn vertical_tops(&self, cells: u128) -> u128 {
        cells & shr(cells, self.cols)
    }

    /// Left cells of the horizontal dominoes that fit in `cells`.
    fn horizontal_lefts(&self, cells: u128) -> u128 {
        cells & (cells >> 1) & self.not_last_col
    }

    /// The 4-connected components of `cells`, lowest first cell first.
    fn components(&self, mut cells: u128, out: &mut Vec<u128>) {
        while cells != 0 {
            let mut region = cells & cells.wrapping_neg();
            loop {
                let grown = (region | self.neighbours(region)) & cells;
                if grown == region {
                    break;
                }
                region = grown;
            }
            cells &= !region;
            out.push(region);
        }
    }

    /// `cells` (non-empty) cut to their bounding box.
    fn crop(&self, cells: u128) -> Shape {
        let first_row = cells.trailing_zeros() / self.cols;
        let last_row = (127 - cells.leading_zeros()) / self.cols;
        let row_mask = low_bits(self.cols);
        let mut columns = 0u128;
        for r in first_row..=last_row {
            columns |= shr(cells, r * self.cols) & row_mask;
        }
        let first_col = columns.trailing_zeros();
        let width = 128 - columns.leading_zeros() - first_col;
        let width_mask = low_bits(width);
        let mut out = 0u128;
        for r in first_row..=last_row {
            let row = shr(cells, r * self.cols + first_col) & width_mask;
            out |= shl(row, (r - first_row) * width);
        }
        Shape {
            rows: (last_row - first_row + 1) as u8,
            cols: width as u8,
            cells: out,
        }
    }
}

/// Each byte with its bits in reverse order: rows of up to 8 cells are
/// mirrored by lookup, the common case on small boards.
static REVERSED_BYTES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).reverse_bits();
        i += 1;
    }
    t
};

/// A region's cells in their bounding box: `rows` x `cols`, cell (r, c) at bit
/// `r * cols + c`. Two regions that are translates have equal shapes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Shape {
    pub rows: u8,
    pub cols: u8,
    pub cells: u128,
}

/// A direction of dominoes and runs: Left's vertical or Right's horizontal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    Vertical,
    Horizontal,
}

impl Shape {
    /// The shape of a non-empty region of a board.
    pub fn of_region(board: &Board) -> Option<Shape> {
        (board.free != 0).then(|| Frame::new(board.rows as u32, board.cols as u32).crop(board.free))
    }

    fn frame(&self) -> Frame {
        Frame::new(u32::from(self.rows), u32::from(self.cols))
    }

    /// The shape as a board of its own size.
    pub fn board(&self) -> Board {
        Board {
            rows: usize::from(self.rows),
            cols: usize::from(self.cols),
            free: self.cells,
        }
    }

    pub fn size(&self) -> u32 {
        self.cells.count_ones()
    }

    pub fn contains(&self, r: usize, c: usize) -> bool {
        self.board().is_free(r, c)
    }

    fn row(&self, r: u32) -> u128 {
        shr(self.cells, r * u32::from(self.cols)) & low_bits(u32::from(self.cols))
    }

    /// The mirror image left to right (columns reversed).
    pub fn mirror_columns(&self) -> Shape {
        let cols = u32::from(self.cols);
        let mut cells = 0u128;
        for r in 0..u32::from(self.rows) {
            let row = self.row(r);
            let reversed = if cols <= 8 {
                u128::from(REVERSED_BYTES[row as usize] >> (8 - cols))
            } else {
                row.reverse_bits() >> (128 - cols)
            };
            cells |= shl(reversed, r * cols);
        }
        Shape { cells, ..*self }
    }

    /// The mirror image top to bottom (rows reversed).
    pub fn mirror_rows(&self) -> Shape {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        let mut cells = 0u128;
        for r in 0..rows {
            cells |= shl(self.row(r), (rows - 1 - r) * cols);
        }
        Shape { cells, ..*self }
    }

    /// The reflection in the main diagonal: rows become columns. It turns
    /// vertical dominoes into horizontal ones, so it swaps the players.
    pub fn transpose(&self) -> Shape {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        let mut cells = 0u128;
        let mut rest = self.cells;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let (r, c) = (i / cols, i % cols);
            cells |= 1u128 << (c * rows + r);
        }
        Shape {
            rows: self.cols,
            cols: self.rows,
            cells,
        }
    }

    /// The smallest of the shape's images under the symmetries that keep each
    /// player's dominoes (identity, both mirrors, the half turn).
    pub fn normalised(&self) -> Shape {
        let h = self.mirror_columns();
        [*self, h, self.mirror_rows(), h.mirror_rows()]
            .into_iter()
            .min()
            .unwrap_or(*self)
    }

    /// The lengths of the maximal lines of cells in `dir`, in increasing order.
    pub fn runs(&self, dir: Direction) -> Vec<u32> {
        let s = match dir {
            Direction::Horizontal => *self,
            Direction::Vertical => self.transpose(),
        };
        let mut runs = Vec::new();
        for r in 0..u32::from(s.rows) {
            let mut row = s.row(r);
            while row != 0 {
                row >>= row.trailing_zeros();
                let len = row.trailing_ones();
                runs.push(len);
                row = shr(row, len);
            }
        }
        runs.sort_unstable();
        runs
    }

    /// Every domino of direction `dir` inside the shape, as a mask of two cells.
    fn dominoes(&self, dir: Direction) -> Vec<u128> {
        let f = self.frame();
        let (mut tops, step) = match dir {
            Direction::Vertical => (f.vertical_tops(self.cells), u32::from(self.cols)),
            Direction::Horizontal => (f.horizontal_lefts(self.cells), 1),
        };
        let mut out = Vec::new();
        while tops != 0 {
            let t = tops & tops.wrapping_neg();
            tops &= tops - 1;
            out.push(t | (t << step));
        }
        out
    }

    /// The largest number of non-overlapping dominoes of direction `dir`, by
    /// search over sets of dominoes.
    pub fn max_packing(&self, dir: Direction) -> u32 {
        fn best(dominoes: &[u128], used: u128) -> u32 {
            match dominoes.split_first() {
                None => 0,
                Some((&d, rest)) => {
                    let without = best(rest, used);
                    if d & used == 0 {
                        without.max(1 + best(rest, used | d))
                    } else {
                        without
                    }
                }
            }
        }
        best(&self.dominoes(dir), 0)
    }

    /// The smallest maximal packing in direction `dir`: the fewest
    /// non-overlapping dominoes after which no domino of that direction fits,
    /// by search over sets of dominoes.
    pub fn min_maximal_packing(&self, dir: Direction) -> u32 {
        fn least(all: &[u128], i: usize, used: u128, count: u32) -> u32 {
            if i == all.len() {
                let maximal = all.iter().all(|&d| d & used != 0);
                return if maximal { count } else { u32::MAX };
            }
            let without = least(all, i + 1, used, count);
            if all[i] & used == 0 {
                without.min(least(all, i + 1, used | all[i], count + 1))
            } else {
                without
            }
        }
        least(&self.dominoes(dir), 0, 0, 0)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board().to_grid_string())
    }
}

/// Every region shape (4-connected set of cells) of 1 to `max_cells` cells, up
/// to the symmetries that keep each player's dominoes, in order of size and
/// then of [`Shape::normalised`] form. Shapes are grown a cell at a time.
pub fn shapes_up_to(max_cells: u32) -> Vec<Shape> {
    let mut all = Vec::new();
    let mut level: Vec<Shape> = vec![Shape {
        rows: 1,
        cols: 1,
        cells: 1,
    }];
    for size in 1..=max_cells {
        all.extend(level.iter().copied());
        if size == max_cells {
            break;
        }
        let mut next: FxHashSet<Shape> = FxHashSet::default();
        for s in &level {
            // Embed in a frame one cell larger on every side, add a neighbour.
            let (rows, cols) = (u32::from(s.rows) + 2, u32::from(s.cols) + 2);
            if rows * cols > 128 {
                continue;
            }
            let frame = Frame::new(rows, cols);
            let mut cells = 0u128;
            for r in 0..u32::from(s.rows) {
                cells |= s.row(r) << ((r + 1) * cols + 1);
            }
            let mut grow = frame.neighbours(cells) & !cells;
            while grow != 0 {
                let bit = grow & grow.wrapping_neg();
                grow &= grow - 1;
                next.insert(frame.crop(cells | bit).normalised());
            }
        }
        let mut sorted: Vec<Shape> = next.into_iter().collect();
        sorted.sort_unstable();
        level = sorted;
    }
    all
}

/// The decomposing evaluator of Domineering values: every position is split
/// into regions, each region's value is looked up by its shape (normalised by
/// translation, the mirrors and the half turn; a quarter turn negates) and
/// computed from its options when missing, and the parts are added.
///
/// The shape table holds ids of one [`GameTable`]: always pass the same table.
#[derive(Default)]
pub struct Values {
    /// Values of shapes normalised by the mirrors and the half turn
    /// ([`Shape::normalised`]); each evaluated shape is stored with its
    /// quarter turn, whose value is the negative.
    normal: FxHashMap<Shape, GameId>,
}

impl Values {
    pub fn new() -> Values {
        Values::default()
    }

    /// The canonical value of a board (the sum of its regions' values).
    pub fn board(&mut self, games: &mut GameTable, board: &Board) -> GameId {
        let frame = Frame::new(board.rows as u32, board.cols as u32);
        self.cells(games, &frame, board.free)
    }

    /// The canonical value of a board from its own options, without splitting
    /// the board itself into regions (the positions after each placement are
    /// evaluated as usual): a second route to [`Values::board`].
    pub fn board_from_options(&mut self, games: &mut GameTable, board: &Board) -> GameId {
        let frame = Frame::new(board.rows as u32, board.cols as u32);
        let d = board.dominoes();
        let mut side = |ds: &[u128]| -> Vec<GameId> {
            ds.iter()
                .filter(|&&m| m & board.free == m)
                .map(|&m| self.cells(games, &frame, board.free & !m))
                .collect()
        };
        let left = side(&d.vertical);
        let right = side(&d.horizontal);
        games.game(&left, &right)
    }

    /// The canonical value of one region shape.
    pub fn shape(&mut self, games: &mut GameTable, shape: Shape) -> GameId {
        let frame = shape.frame();
        if frame.vertical_tops(shape.cells) == 0 && frame.horizontal_lefts(shape.cells) == 0 {
            return games.zero();
        }
        let own = shape.normalised();
        if let Some(&g) = self.normal.get(&own) {
            return g;
        }
        // A quarter turn swaps the players: look for the transposed shape
        // before evaluating, and store both orientations.
        let turned = shape.transpose().normalised();
        let g = match self.normal.get(&turned) {
            Some(&t) => games.neg(t),
            None => self.options(games, own),
        };
        let minus = games.neg(g);
        self.normal.insert(own, g);
        self.normal.insert(turned, minus);
        g
    }

    /// The value of a shape from its options: each placement, then the sum of
    /// the regions left.
    fn options(&mut self, games: &mut GameTable, shape: Shape) -> GameId {
        let frame = shape.frame();
        let mut left = Vec::new();
        for d in shape.dominoes(Direction::Vertical) {
            left.push(self.cells(games, &frame, shape.cells & !d));
        }
        let mut right = Vec::new();
        for d in shape.dominoes(Direction::Horizontal) {
            right.push(self.cells(games, &frame, shape.cells & !d));
        }
        games.game(&left, &right)
    }

    /// The value of any set of cells of a frame: the sum over its regions.
    fn cells(&mut self, games: &mut GameTable, frame: &Frame, cells: u128) -> GameId {
        let mut regions = Vec::new();
        frame.components(cells, &mut regions);
        let mut total = games.zero();
        for region in regions {
            if region.count_ones() < 2 {
                continue;
            }
            let v = self.shape(games, frame.crop(region));
            total = games.add(total, v);
        }
        total
    }
}

/// How often a board falls apart: over every position of a board, those whose
/// free cells form two or more regions that each still hold a move.
#[derive(Clone, Debug, PartialEq)]
pub struct Census {
    /// Indexed by the number of dominoes placed.
    pub by_placed: Vec<CensusLevel>,
    /// Mean over split positions of (product of the live regions' position
    /// counts) / (their sum).
    pub mean_ratio: f64,
}

/// The positions with one number of dominoes placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CensusLevel {
    pub positions: u64,
    pub split: u64,
}

/// Takes the census of every position reachable from `board`.
pub fn census(board: &Board) -> Census {
    let dominoes = board.dominoes();
    let start = board.free_cells();
    let mut by_placed = vec![
        CensusLevel {
            positions: 0,
            split: 0
        };
        start as usize / 2 + 1
    ];
    let mut counts: HashMap<u128, u64> = HashMap::new();
    let mut ratio_sum = 0.0;
    for p in board.positions() {
        let level = &mut by_placed[((start - p.free_cells()) / 2) as usize];
        level.positions += 1;
        let live: Vec<Board> = p
            .regions()
            .into_iter()
            .filter(|r| r.has_move(&dominoes))
            .collect();
        if live.len() >= 2 {
            level.split += 1;
            let sizes: Vec<u64> = live
                .iter()
                .map(|r| {
                    *counts
                        .entry(r.translated_to_corner())
                        .or_insert_with(|| r.walk().positions)
                })
                .collect();
            let product: f64 = sizes.iter().map(|&n| n as f64).product();
            let sum: f64 = sizes.iter().map(|&n| n as f64).sum();
            ratio_sum += product / sum;
        }
    }
    let split: u64 = by_placed.iter().map(|l| l.split).sum();
    Census {
        mean_ratio: if split == 0 {
            0.0
        } else {
            ratio_sum / split as f64
        },
        by_placed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_of_four_has_five_positions() {
        // Hand count: the empty column, three single dominoes, the two-domino fill.
        let w = Board::empty(4, 1).walk();
        assert_eq!(w.positions, 5);
        // Routes: root, 3 single placements, 2 orderings of the fill.
        assert_eq!(w.routes, Some(6));
    }

    #[test]
    fn a_two_by_two_has_six_positions() {
        // Empty; 4 single dominoes; the full board, reached by two verticals or
        // two horizontals (a position is its free set, so that is one).
        let w = Board::empty(2, 2).walk();
        assert_eq!(w.positions, 6);
        // Routes: root + 4 + each single domino has exactly one follow-up: 4.
        assert_eq!(w.routes, Some(9));
    }

    #[test]
    fn regions_use_four_adjacency() {
        // A diagonal pair is two regions; a wall splits a board in two.
        let b = Board {
            rows: 2,
            cols: 2,
            free: 0b1001,
        };
        assert_eq!(b.regions().len(), 2);
        let walled = Board::empty(3, 5).block(0, 2).block(1, 2).block(2, 2);
        let regions = walled.regions();
        assert_eq!(regions.len(), 2);
        assert!(regions.iter().all(|r| r.free_cells() == 6));
        // A board of all 128 cells: one blocked cell cuts a single row in two.
        let row = Board::empty(1, 128).block(0, 5).regions();
        let cells: Vec<u32> = row.iter().map(Board::free_cells).collect();
        assert_eq!(cells, [5, 122]);
    }

    #[test]
    fn regions_do_not_wrap_around_rows() {
        let b = Board {
            rows: 2,
            cols: 3,
            free: 0b001_100,
        };
        assert_eq!(b.regions().len(), 2);
    }

    #[test]
    fn positions_and_walk_agree() {
        let b = Board::empty(3, 3).block(1, 1);
        assert_eq!(b.positions().len() as u64, b.walk().positions);
    }

    #[test]
    fn translates_regions_to_the_corner() {
        let b = Board::empty(3, 4);
        let a = Board {
            free: b.bit(1, 2) | b.bit(2, 2),
            ..b
        };
        let c = Board {
            free: b.bit(0, 0) | b.bit(1, 0),
            ..b
        };
        assert_eq!(a.translated_to_corner(), c.translated_to_corner());
    }

    #[test]
    fn census_of_a_two_by_three_by_hand() {
        // 2 x 3: a vertical domino in the middle column leaves two 2 x 1 columns,
        // each with one move and 2 positions: ratio 4/4 = 1. No other position
        // has two live regions (a corner vertical leaves a 2 x 2, one region).
        let c = census(&Board::empty(2, 3));
        let split: u64 = c.by_placed.iter().map(|l| l.split).sum();
        assert_eq!(split, 1);
        assert_eq!(c.by_placed[1].split, 1);
        assert!((c.mean_ratio - 1.0).abs() < 1e-12);
    }

    fn value(grid: &str) -> String {
        let mut games = GameTable::new();
        let board = Board::from_grid_string(grid).unwrap();
        let v = Values::new().board(&mut games, &board);
        games.display(v)
    }

    /// The value by plain recursion over whole positions: no regions, no
    /// symmetry, no shape table.
    fn plain_value(
        games: &mut GameTable,
        board: &Board,
        memo: &mut HashMap<u128, GameId>,
    ) -> GameId {
        if let Some(&g) = memo.get(&board.free) {
            return g;
        }
        let d = board.dominoes();
        let mut side = |ds: &[u128]| -> Vec<GameId> {
            ds.iter()
                .filter(|&&m| m & board.free == m)
                .map(|&m| {
                    let child = Board {
                        free: board.free & !m,
                        ..*board
                    };
                    plain_value(games, &child, memo)
                })
                .collect()
        };
        let (left, right) = (side(&d.vertical), side(&d.horizontal));
        let g = games.game(&left, &right);
        memo.insert(board.free, g);
        g
    }

    // Known values (Winning Ways; Berlekamp's Domineering tables).
    #[test]
    fn small_rectangles_have_their_known_values() {
        assert_eq!(value(".|."), "1");
        assert_eq!(value(".."), "-1");
        assert_eq!(value("..|.."), "+-1");
        assert_eq!(value("...|..."), "{2|-1/2}");
        assert_eq!(value("..|..|.."), "{1/2|-2}");
        assert_eq!(value("...|...|..."), "+-1");
        assert_eq!(value("..|.#"), "*");
        assert_eq!(value("#"), "0");
    }

    #[test]
    fn decomposing_evaluator_agrees_with_plain_recursion() {
        // Every board of a 3 x 3 and a 2 x 4 frame with any set of cells blocked.
        for (rows, cols) in [(3, 3), (2, 4), (2, 5)] {
            let mut games = GameTable::new();
            let mut values = Values::new();
            let mut memo = HashMap::new();
            let full = Board::empty(rows, cols);
            for free in 0..=full.free {
                let b = Board { free, ..full };
                let fast = values.board(&mut games, &b);
                let plain = plain_value(&mut games, &b, &mut memo);
                assert_eq!(fast, plain, "{}", b.to_grid_string());
            }
        }
    }

    #[test]
    fn empty_four_by_four_agrees_with_plain_recursion() {
        let mut games = GameTable::new();
        let b = Board::empty(4, 4);
        let fast = Values::new().board(&mut games, &b);
        let plain = plain_value(&mut games, &b, &mut HashMap::new());
        assert_eq!(fast, plain);
        assert_eq!(
            games.display(fast),
            "{0,{{2|0},{2||2|0}|{2|0},{2|0||0}}|0,{{0|-2},{0||0|-2}|{0|-2},{0|-2||-2}}}"
        );
    }

    #[test]
    fn a_quarter_turn_negates_the_value() {
        let mut games = GameTable::new();
        let mut values = Values::new();
        let shape = Shape::of_region(&Board::from_grid_string("...|.#.|..#").unwrap()).unwrap();
        let a = values.shape(&mut games, shape);
        let b = values.shape(&mut games, shape.transpose());
        assert_eq!(games.neg(a), b);
        assert_eq!(values.shape(&mut games, shape.mirror_columns()), a);
    }

    #[test]
    fn catalogue_counts_shapes_up_to_mirrors_and_half_turn() {
        let shapes = shapes_up_to(8);
        let by_size: Vec<usize> = (1..=8)
            .map(|n| shapes.iter().filter(|s| s.size() == n).count())
            .collect();
        assert_eq!(by_size, brute_force_classes(8));
        assert!(shapes.iter().all(|s| s.normalised() == *s));
    }

    /// Second algorithm: grow fixed polyominoes as sets of (row, column)
    /// cells, checked against the published counts (OEIS A001168), then
    /// count their classes under the two mirrors and the half turn.
    fn brute_force_classes(max: usize) -> Vec<usize> {
        use std::collections::BTreeSet;
        type Cell = (i32, i32);
        type Cells = Vec<Cell>;
        let normal = |cells: &mut Cells| {
            let r0 = cells.iter().map(|c| c.0).min().unwrap();
            let c0 = cells.iter().map(|c| c.1).min().unwrap();
            for c in cells.iter_mut() {
                *c = (c.0 - r0, c.1 - c0);
            }
            cells.sort_unstable();
        };
        let mut level: BTreeSet<Cells> = BTreeSet::from([vec![(0, 0)]]);
        let (mut fixed, mut classes) = (Vec::new(), Vec::new());
        for _ in 1..=max {
            fixed.push(level.len());
            let class_of = |p: &Cells| {
                let maps: [fn(Cell) -> Cell; 4] =
                    [|c| c, |c| (-c.0, c.1), |c| (c.0, -c.1), |c| (-c.0, -c.1)];
                maps.iter()
                    .map(|m| {
                        let mut q: Cells = p.iter().map(|&c| m(c)).collect();
                        normal(&mut q);
                        q
                    })
                    .min()
                    .unwrap()
            };
            classes.push(level.iter().map(class_of).collect::<BTreeSet<_>>().len());
            let mut next = BTreeSet::new();
            for p in &level {
                for &(r, c) in p {
                    for n in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
                        if !p.contains(&n) {
                            let mut q = p.clone();
                            q.push(n);
                            normal(&mut q);
                            next.insert(q);
                        }
                    }
                }
            }
            level = next;
        }
        assert_eq!(fixed, [1, 2, 6, 19, 63, 216, 760, 2725][..max]);
        classes
    }

    #[test]
    fn runs_and_packings_of_an_l_shape() {
        // ##.   Down: columns 0 and 1 hold one cell each, column 2 three.
        // ##.   Across: rows 0 and 1 one cell each, row 2 three.
        // ...
        let s = Shape::of_region(&Board::from_grid_string("##.|##.|...").unwrap()).unwrap();
        assert_eq!(s.runs(Direction::Vertical), [1, 1, 3]);
        assert_eq!(s.runs(Direction::Horizontal), [1, 1, 3]);
        assert_eq!(s.max_packing(Direction::Vertical), 1);
        assert_eq!(s.min_maximal_packing(Direction::Vertical), 1);
        let line = Shape::of_region(&Board::empty(1, 4)).unwrap();
        assert_eq!(line.max_packing(Direction::Horizontal), 2);
        assert_eq!(line.min_maximal_packing(Direction::Horizontal), 1);
        assert_eq!(line.max_packing(Direction::Vertical), 0);
    }

    #[test]
    fn a_line_of_128_cells_is_handled_without_overflow() {
        // Shifts by a whole row of 128 bits must not wrap. Only Right moves in
        // a row, so its value is minus the most moves Right can make: -2 for four.
        let mut games = GameTable::new();
        let mut values = Values::new();
        let long = Board::empty(1, 128);
        let shape = Shape::of_region(&long).unwrap();
        assert_eq!((shape.rows, shape.cols), (1, 128));
        assert_eq!(shape.runs(Direction::Horizontal), [128]);
        assert_eq!(shape.mirror_columns(), shape);
        let tall = Board::empty(128, 1);
        assert_eq!(Shape::of_region(&tall).unwrap(), shape.transpose());
        let four = values.board(&mut games, &Board::empty(1, 4));
        assert_eq!(games.display(four), "-2");
    }

    #[test]
    fn rejects_ragged_and_unknown_grids() {
        assert_eq!(
            Board::from_grid_string("..|."),
            Err(GridError::Ragged {
                row: 2,
                len: 1,
                expected: 2
            })
        );
        assert!(matches!(
            Board::from_grid_string(".x"),
            Err(GridError::BadCell { found: 'x', .. })
        ));
        assert!(Board::from_grid_string("").is_err());
        assert!(Board::from_grid_string(&".".repeat(129)).is_err());
    }

    #[test]
    fn grid_string_marks_blocked_cells() {
        assert_eq!(Board::empty(2, 3).block(1, 1).to_grid_string(), "...|.#.");
    }
}
