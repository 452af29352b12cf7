//! Cram: both players place a domino either way up on two adjacent free cells
//! of a rectangular grid; normal play. Cram is impartial.
//!
//! A [`Grid`] fixes the rectangle (at most 64 cells) and a position is the
//! `u64` bit set of its free cells (bit `r * cols + c`). This module owns the
//! rules (placements in the order a solver tries them, regions), the exact
//! memoised outcome search ([`Outcomes`]) and the game's side of the Grundy
//! evaluator ([`Impartial`], with regions keyed up to the symmetries of a
//! rectangle, paths and cycles valued from their graph without search, and
//! regions a half turn maps onto themselves tried first as replies).
//! The pairing checks that the pairing sweep measures live with that generator.

use crate::cgt::grid::{BoundingBox, Frame, GridError, Shape, Symmetries, Word};
use crate::cgt::nimber::{Grundy, Impartial, Nimber};
use crate::cgt::outcome::{self, WinLoss};
use crate::cgt::walk::reachable;

/// The largest number of cells a [`Grid`] holds.
pub const MAX_CELLS: usize = u64::BITS as usize;

/// A rectangle of `rows` x `cols` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    frame: Frame<u64>,
}

impl Grid {
    /// The `rows` x `cols` board, or why it cannot be one.
    pub fn new(rows: usize, cols: usize) -> Result<Grid, GridError> {
        Frame::new(rows, cols).map(|frame| Grid { frame })
    }

    /// How many rows the board has.
    pub fn rows(&self) -> usize {
        self.frame.rows()
    }

    /// How many columns the board has.
    pub fn cols(&self) -> usize {
        self.frame.cols()
    }

    /// A position written as rows of `.` (free) and `#` (filled) joined by
    /// `|`: its grid and its free cells.
    pub fn parse(position: &str) -> Result<(Grid, u64), GridError> {
        Frame::parse(position).map(|(frame, free)| (Grid { frame }, free))
    }

    /// The position `free` as rows of `.` (free) and `#` (filled) joined by
    /// `|`: what [`Grid::parse`] reads.
    pub fn grid_string(&self, free: u64) -> String {
        self.frame.grid_string(free)
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

    /// The smallest rectangle holding the cells of `free` (`None` when it is
    /// empty).
    pub fn bounding_box(&self, free: u64) -> Option<BoundingBox> {
        self.frame.bounding_box(free)
    }

    /// The Grundy value of `free`.
    pub fn grundy(&self, free: u64) -> Nimber {
        Grundy::new(self).value(&free)
    }

    /// The empty `rows` x `cols` rectangle in the top-left corner of this
    /// grid, as a free set, or `None` when it does not fit.
    #[allow(
        clippy::cast_possible_truncation,
        reason = "a grid's columns are at most its 64 cells"
    )]
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

    fn size(&self, region: &u64) -> u32 {
        region.count_ones()
    }

    /// A region that a half turn maps onto itself: the second player can
    /// often answer every move with its turned copy.
    fn promising(&self, region: &u64) -> bool {
        (self.frame.crop(*region)).is_some_and(|s| s.upright_image(3) == s)
    }

    /// A region whose cells form a path or a cycle in the grid graph, without
    /// search (by the strip values of Dawson's Kayles, see `Grid::graph_value`).
    fn known_value(&self, region: &u64) -> Option<Nimber> {
        self.graph_value(*region)
    }
}

impl Grid {
    /// The value of a connected `region` from its graph alone (cells joined
    /// when 4-adjacent; a placement deletes two joined cells), when that graph
    /// is a path or a cycle: a path of n cells is the 1 x n strip,
    /// [`PATH_VALUES`]; every placement on a cycle of n cells leaves a path of
    /// n - 2. `None` for any other graph.
    #[allow(
        clippy::cast_possible_truncation,
        reason = "a grid's columns are at most its 64 cells"
    )]
    fn graph_value(&self, region: u64) -> Option<Nimber> {
        let cells = region.count_ones();
        let cols = self.cols() as u32;
        let below = self.frame.vertical_tops(region);
        let right = self.frame.horizontal_lefts(region);
        let edges = below.count_ones() + right.count_ones();
        if edges > cells {
            return None;
        }
        // Cells with at least three of their four neighbours in the region.
        let (above, left) = (below << cols, right << 1);
        let branching = (below & right & (above | left)) | (above & left & (below | right));
        if branching != 0 {
            return None;
        }
        let n = cells as usize;
        Some(if edges < cells {
            PATH_VALUES[n]
        } else if PATH_VALUES[n - 2] == Nimber::ZERO {
            Nimber(1)
        } else {
            Nimber::ZERO
        })
    }
}

/// The Grundy values of Cram on a path of n cells, n up to [`MAX_CELLS`]:
/// the octal game 0.07 (a move removes two adjacent cells of a row, leaving
/// rows of a and b cells with a + b = n - 2), by its recurrence.
const PATH_VALUES: [Nimber; MAX_CELLS + 1] = path_values();

const fn path_values() -> [Nimber; MAX_CELLS + 1] {
    let mut values = [Nimber::ZERO; MAX_CELLS + 1];
    let mut n = 2;
    while n <= MAX_CELLS {
        // At most n - 1 options, so every value is below 64.
        let mut options = 0u64;
        let mut a = 0;
        while a + 2 <= n {
            options |= 1 << (values[a].0 ^ values[n - 2 - a].0);
            a += 1;
        }
        values[n] = Nimber(options.trailing_ones());
        n += 1;
    }
    values
}

/// The outcome search's view of Cram: moves in [`Grid::placements`] order.
impl WinLoss for Grid {
    type Position = u64;

    fn children(&self, &free: &u64) -> impl Iterator<Item = u64> {
        Grid::children(self, free)
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

/// Exact outcomes by memoised search: whether the player to move wins.
pub type Outcomes = outcome::Outcomes<Grid>;

#[cfg(test)]
impl Grid {
    /// The free set of rows of `.` (free) and `#` (filled): how tests write
    /// positions.
    pub(crate) fn free_of(&self, rows: &[&str]) -> u64 {
        let mut free = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    free |= self.bit(r, c);
                }
            }
        }
        free
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: usize, cols: usize) -> Grid {
        Grid::new(rows, cols).unwrap()
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
        let free = g.free_of(&[".#.", "#.#", ".#."]);
        assert_eq!(Grid::regions(&g, free).count(), 5);
        let free = g.free_of(&["..#", "#..", "..."]);
        assert_eq!(Grid::regions(&g, free).count(), 1);
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
    fn shape_keys_ignore_translation_and_symmetry_only() {
        let g = grid(4, 4);
        let l = g.free_of(&["..##", ".###", "####", "####"]);
        let l_moved = g.free_of(&["####", "####", "##.#", "##.."]);
        let l_turned = g.free_of(&["####", "#..#", "##.#", "####"]);
        let straight = g.free_of(&["...#", "####", "####", "####"]);
        assert_eq!(g.shape_key(l), g.shape_key(l_moved));
        assert_eq!(g.shape_key(l), g.shape_key(l_turned));
        assert_ne!(g.shape_key(l), g.shape_key(straight));
        let column = g.free_of(&["#.##", "#.##", "#.##", "####"]);
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
        let v = crate::cgt::nimber::mex(seen.into_iter().map(Nimber)).0;
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
    fn path_and_cycle_values_match_brute_force() {
        // Every region of every free set of these frames, bent paths and
        // rings of up to 16 cells among them, by the definition alone.
        let (mut paths, mut cycles) = (0, 0);
        for (rows, cols) in [(3, 3), (2, 5), (3, 4), (4, 4)] {
            let g = grid(rows, cols);
            let mut memo = std::collections::HashMap::new();
            for free in 0..=g.empty() {
                for region in Grid::regions(&g, free).filter(|r| r.count_ones() >= 2) {
                    let Some(v) = g.graph_value(region) else {
                        continue;
                    };
                    let edges = (g.frame.vertical_tops(region).count_ones()
                        + g.frame.horizontal_lefts(region).count_ones())
                        as usize;
                    *if edges < region.count_ones() as usize {
                        &mut paths
                    } else {
                        &mut cycles
                    } += 1;
                    assert_eq!(v.0, brute_grundy(&g, region, &mut memo), "{region:b}");
                }
            }
        }
        assert!(
            paths > 10_000 && cycles > 100,
            "{paths} paths, {cycles} cycles"
        );
    }

    #[test]
    fn grundy_values_match_brute_force_on_random_free_sets() {
        // Free sets of about 18 cells scattered over a 6 x 6: many regions of
        // every shape, with branches and holes.
        let g = grid(6, 6);
        let mut random = crate::cgt::random::SplitMix64::new(17);
        let mut evaluator = Grundy::new(&g);
        for _ in 0..40 {
            let free = random.next_u64() & g.empty();
            let mut memo = std::collections::HashMap::new();
            assert_eq!(
                evaluator.value(&free).0,
                brute_grundy(&g, free, &mut memo),
                "{}",
                g.frame.grid_string(free)
            );
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
}
