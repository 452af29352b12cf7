//! The split census, the split-census generator's instrument: over every
//! position of a Domineering board, those whose free cells form two or more
//! regions that each still hold a move, and what splitting saves a solver.

use crate::games::domineering::Board;
use std::collections::HashMap;

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
}
