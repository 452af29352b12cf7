//! Domineering: Left places vertical dominoes, Right horizontal ones, on the
//! free cells of a rectangular grid; normal play.
//!
//! A [`Board`] is a bit-board of up to 128 cells. This module owns the rules
//! (placements of each orientation), the split of free cells into regions
//! (4-adjacency, the adjacency the moves use) and the position walks that count
//! what a solver must visit.

use crate::cgt::walk::{Walk, reachable, walk};
use std::collections::HashMap;

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
        let free = if rows * cols == 128 {
            u128::MAX
        } else {
            (1u128 << (rows * cols)) - 1
        };
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
        let mut left = self.free;
        let mut out = Vec::new();
        while left != 0 {
            let mut region = left & left.wrapping_neg();
            loop {
                let grown = (region | self.neighbours(region)) & left;
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            out.push(Board {
                free: region,
                ..*self
            });
        }
        out
    }

    /// Cells 4-adjacent to some cell of `mask`, within the grid.
    fn neighbours(&self, mask: u128) -> u128 {
        let cols = self.cols;
        let mut not_first_col = 0u128;
        for r in 0..self.rows {
            for c in 1..cols {
                not_first_col |= self.bit(r, c);
            }
        }
        let grid = Board::empty(self.rows, self.cols).free;
        let not_last_col = not_first_col >> 1 & grid;
        ((mask << 1) & not_first_col)
            | ((mask >> 1) & not_last_col)
            | ((mask << cols) & grid)
            | (mask >> cols)
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
    pub fn children(&self, free: u128) -> Vec<u128> {
        self.all()
            .filter(|&d| d & free == d)
            .map(|d| free & !d)
            .collect()
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

    #[test]
    fn grid_string_marks_blocked_cells() {
        assert_eq!(Board::empty(2, 3).block(1, 1).to_grid_string(), "...|.#.");
    }
}
