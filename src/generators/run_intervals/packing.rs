//! The run-length readings of a Domineering region: its runs in each direction
//! and its packings (the most, and the fewest maximal, non-overlapping dominoes
//! of one direction), by search over sets of dominoes; and, beside them, the
//! fewest dominoes of the other direction that leave one direction no room.

use crate::cgt::grid::Word;
use crate::games::domineering::{Direction, Shape, dominoes};

/// The lengths of the maximal lines of cells of `shape` in `dir`, in increasing order.
pub fn runs(shape: &Shape, dir: Direction) -> Vec<u32> {
    let s = match dir {
        Direction::Horizontal => *shape,
        Direction::Vertical => shape.transpose(),
    };
    let mut runs = Vec::new();
    for r in 0..u32::from(s.rows) {
        let mut row = s.row(r);
        while row != 0 {
            row >>= row.trailing_zeros();
            let len = row.trailing_ones();
            runs.push(len);
            row = Word::shr(row, len);
        }
    }
    runs.sort_unstable();
    runs
}

/// The largest number of non-overlapping dominoes of direction `dir` in `shape`.
pub fn max_packing(shape: &Shape, dir: Direction) -> u32 {
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
    best(&dominoes(shape, dir), 0)
}

/// The smallest maximal packing of `shape` in direction `dir`: the fewest
/// non-overlapping dominoes after which no domino of that direction fits.
pub fn min_maximal_packing(shape: &Shape, dir: Direction) -> u32 {
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
    least(&dominoes(shape, dir), 0, 0, 0)
}

/// The fewest non-overlapping dominoes of the direction other than `dir`
/// after which no domino of direction `dir` fits in `shape`: how few moves
/// one player needs to leave the other none, the other never moving. `None`
/// when no set of them does.
pub fn fewest_to_block(shape: &Shape, dir: Direction) -> Option<u32> {
    let other = match dir {
        Direction::Vertical => Direction::Horizontal,
        Direction::Horizontal => Direction::Vertical,
    };
    fn least(blockers: &[u128], slots: &[u128], used: u128, count: u32, best: &mut Option<u32>) {
        if best.is_some_and(|b| count >= b) {
            return;
        }
        if slots.iter().all(|&d| d & used != 0) {
            *best = Some(count);
            return;
        }
        let Some((&d, rest)) = blockers.split_first() else {
            return;
        };
        if d & used == 0 {
            least(rest, slots, used | d, count + 1, best);
        }
        least(rest, slots, used, count, best);
    }
    let mut best = None;
    least(
        &dominoes(shape, other),
        &dominoes(shape, dir),
        0,
        0,
        &mut best,
    );
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::domineering::Board;

    fn shape(grid: &str) -> Shape {
        Board::from_grid_string(grid).unwrap().shape().unwrap()
    }

    #[test]
    fn runs_and_packings_of_an_l_shape() {
        // ##.   Down: columns 0 and 1 hold one cell each, column 2 three.
        // ##.   Across: rows 0 and 1 one cell each, row 2 three.
        // ...
        let s = shape("##.|##.|...");
        assert_eq!(runs(&s, Direction::Vertical), [1, 1, 3]);
        assert_eq!(runs(&s, Direction::Horizontal), [1, 1, 3]);
        assert_eq!(max_packing(&s, Direction::Vertical), 1);
        assert_eq!(min_maximal_packing(&s, Direction::Vertical), 1);
        let line = shape("....");
        assert_eq!(max_packing(&line, Direction::Horizontal), 2);
        assert_eq!(min_maximal_packing(&line, Direction::Horizontal), 1);
        assert_eq!(max_packing(&line, Direction::Vertical), 0);
    }

    #[test]
    fn the_fewest_dominoes_that_leave_the_other_direction_no_room() {
        // The 2 x 2 square, by hand: its least maximal vertical packing is two
        // dominoes (one in each column), yet one horizontal domino, on either
        // row, leaves no two cells one above the other.
        let square = shape("..|..");
        assert_eq!(min_maximal_packing(&square, Direction::Vertical), 2);
        assert_eq!(fewest_to_block(&square, Direction::Vertical), Some(1));
        assert_eq!(fewest_to_block(&square, Direction::Horizontal), Some(1));
        // Nothing is left to block on a line; a vertical domino has no
        // horizontal slot to block it with.
        let line = shape("....");
        assert_eq!(fewest_to_block(&line, Direction::Vertical), Some(0));
        assert_eq!(fewest_to_block(&shape(".|."), Direction::Vertical), None);
        // A 3 x 2 block: the three rows' horizontal dominoes meet each column's
        // two vertical slots; the middle row alone covers both columns' middle
        // cells, so one domino blocks them all.
        assert_eq!(
            fewest_to_block(&shape("..|..|.."), Direction::Vertical),
            Some(1)
        );
        // A 4 x 2 block needs two: a vertical domino fits in rows 1-2 or 3-4
        // of a column whichever single row is covered.
        assert_eq!(
            fewest_to_block(&shape("..|..|..|.."), Direction::Vertical),
            Some(2)
        );
    }

    #[test]
    fn a_line_of_128_cells_is_one_run() {
        let long = Board::empty(1, 128).shape().unwrap();
        assert_eq!(runs(&long, Direction::Horizontal), [128]);
        assert_eq!(runs(&long, Direction::Vertical), [1; 128]);
    }
}
