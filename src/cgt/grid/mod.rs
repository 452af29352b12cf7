//! Bit-set grids: the boards of every game played on the cells of a rectangle.
//!
//! A set of cells of a [`Frame`] of `rows` x `cols` is a [`Word`] (`u64` or
//! `u128`) whose bit `r * cols + c` stands for cell (r, c). This module owns what
//! such games share: the layout masks, 4-adjacent (rook) and 8-adjacent (king)
//! neighbours, the split into components under either, the cells a queen
//! reaches, the bounding box and the crop of a set of cells to its [`Shape`]
//! (whose mirrors, transposition, eight images and normal form under a group
//! of [`Symmetries`] the `shape` submodule owns), grid strings (rows of `.` and
//! `#`, or of any marks, joined by `|`) read and written, and iteration over
//! the bits of a word ([`bits`], re-exported from [`super::word`] with the
//! [`Word`] trait).

#![allow(
    clippy::cast_possible_truncation,
    reason = "a frame's rows, columns and cell indices are below `W::BITS` (at most 128), \
              so they fit a u32 shift and a shape's u8 sides; in the byte layout (`shape`) \
              a row is a word's byte, cut from it on purpose"
)]

mod shape;

pub use super::word::{Word, bits};
pub use shape::{Shape, least_byte_image, least_image_of_layers};

/// Why a frame or a grid string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// A frame without rows or without columns.
    #[error("a grid needs at least one row and one column, not {rows} x {cols}")]
    Empty {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// A frame with more cells than the word has bits.
    #[error("a {rows} x {cols} grid has more than {max} cells")]
    TooLarge {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
        /// The bits of the word, the most cells a frame holds.
        max: usize,
    },
    /// A grid string with a row of no cells (`..||..`).
    #[error("row {row} is empty")]
    EmptyRow {
        /// The row, from 1.
        row: usize,
    },
    /// A grid string whose rows differ in length.
    #[error("row {row} has {len} cells but row 1 has {expected}; every row needs the same length")]
    Ragged {
        /// The row, from 1.
        row: usize,
        /// Its cells.
        len: usize,
        /// The cells of row 1.
        expected: usize,
    },
    /// A grid string with a mark a cell may not hold.
    #[error("row {row}, column {col}: `{found}` is {expected}")]
    BadCell {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        col: usize,
        /// The mark found.
        found: char,
        /// The marks a cell may hold, in words: "neither `.` (free) nor `#` (blocked)".
        expected: &'static str,
    },
}

/// The eight directions a queen moves in, each one cell long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    East,
    West,
    South,
    North,
    SouthEast,
    SouthWest,
    NorthEast,
    NorthWest,
}

impl Step {
    const ALL: [Step; 8] = [
        Step::East,
        Step::West,
        Step::South,
        Step::North,
        Step::SouthEast,
        Step::SouthWest,
        Step::NorthEast,
        Step::NorthWest,
    ];
}

/// What a cell of a plain grid string may hold.
const FREE_OR_BLOCKED: &str = "neither `.` (free) nor `#` (blocked)";

/// The inclusive bounding box of a non-empty set of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoundingBox {
    /// The topmost row holding a cell, from 0.
    pub first_row: usize,
    /// The bottom row holding a cell.
    pub last_row: usize,
    /// The leftmost column holding a cell, from 0.
    pub first_col: usize,
    /// The rightmost column holding a cell.
    pub last_col: usize,
}

/// The layout of a `rows` x `cols` rectangle whose cell (r, c) is bit `r * cols + c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame<W> {
    rows: u32,
    cols: u32,
    full: W,
    not_first_col: W,
    not_last_col: W,
}

/// The frame of 8 x 8 cells in a `u64`, row `r` in byte `r`: the layout in
/// which sets of up to 8 x 8 cells split, move to the corner and find their
/// least image ([`least_byte_image`]) fastest.
pub const BYTES: Frame<u64> = Frame {
    rows: 8,
    cols: 8,
    full: u64::MAX,
    not_first_col: 0xFEFE_FEFE_FEFE_FEFE,
    not_last_col: 0x7F7F_7F7F_7F7F_7F7F,
};

impl<W: Word> Frame<W> {
    /// The frame of `rows` x `cols` cells: at least one of each, at most
    /// `W::BITS` in all.
    pub fn new(rows: usize, cols: usize) -> Result<Frame<W>, GridError> {
        if rows == 0 || cols == 0 {
            return Err(GridError::Empty { rows, cols });
        }
        let max = W::BITS as usize;
        if rows.saturating_mul(cols) > max {
            return Err(GridError::TooLarge { rows, cols, max });
        }
        Ok(Frame::layout(rows as u32, cols as u32))
    }

    /// The masks of a frame known to fit in a word.
    fn layout(rows: u32, cols: u32) -> Frame<W> {
        let row = W::low_bits(cols);
        let (mut full, mut not_first_col) = (W::ZERO, W::ZERO);
        for r in 0..rows {
            full |= row.shl(r * cols);
            not_first_col |= (row & !W::ONE).shl(r * cols);
        }
        Frame {
            rows,
            cols,
            full,
            not_first_col,
            not_last_col: not_first_col.shr(1) & full,
        }
    }

    /// The rows of cells.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// The columns of cells.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Every cell of the frame.
    pub fn full(&self) -> W {
        self.full
    }

    /// The cells with a right-hand neighbour (not in the last column).
    pub fn not_last_col(&self) -> W {
        self.not_last_col
    }

    /// The bit of cell (`r`, `c`), both from 0.
    pub fn bit(&self, r: usize, c: usize) -> W {
        W::ONE.shl(r as u32 * self.cols + c as u32)
    }

    /// The cells of `set`, as (row, column), in row-major order.
    pub fn cells(&self, set: W) -> impl Iterator<Item = (usize, usize)> + use<W> {
        let cols = self.cols;
        bits(set).map(move |b| {
            let i = b.trailing_zeros();
            ((i / cols) as usize, (i % cols) as usize)
        })
    }

    /// Cells 4-adjacent to some cell of `mask`.
    pub fn neighbours(&self, mask: W) -> W {
        self.step(mask, Step::East)
            | self.step(mask, Step::West)
            | self.step(mask, Step::South)
            | self.step(mask, Step::North)
    }

    /// Cells 8-adjacent (a king's move) to some cell of `mask`.
    pub fn king_neighbours(&self, mask: W) -> W {
        Step::ALL
            .iter()
            .fold(W::ZERO, |n, &s| n | self.step(mask, s))
    }

    /// The cells of `mask` moved one cell in direction `s`, those that would
    /// leave the frame dropped.
    fn step(&self, mask: W, s: Step) -> W {
        let cols = self.cols;
        match s {
            Step::East => mask.shl(1) & self.not_first_col,
            Step::West => mask.shr(1) & self.not_last_col,
            Step::South => mask.shl(cols) & self.full,
            Step::North => mask.shr(cols),
            Step::SouthEast => mask.shl(cols + 1) & self.not_first_col & self.full,
            Step::SouthWest => mask.shl(cols - 1) & self.not_last_col & self.full,
            Step::NorthEast => mask.shr(cols - 1) & self.not_first_col,
            Step::NorthWest => mask.shr(cols + 1) & self.not_last_col,
        }
    }

    /// The cells a queen on the cell `from` reaches in one move: along each of
    /// the eight lines, the cells of `open` up to the first that is not.
    pub fn queen_reach(&self, from: W, open: W) -> W {
        let mut reach = W::ZERO;
        for s in Step::ALL {
            let mut ray = self.step(from, s) & open;
            while ray != W::ZERO {
                reach |= ray;
                ray = self.step(ray, s) & open;
            }
        }
        reach
    }

    /// Top cells of the vertical dominoes that fit in `cells`.
    pub fn vertical_tops(&self, cells: W) -> W {
        cells & cells.shr(self.cols)
    }

    /// Left cells of the horizontal dominoes that fit in `cells`.
    pub fn horizontal_lefts(&self, cells: W) -> W {
        cells & cells.shr(1) & self.not_last_col
    }

    /// The 4-connected components of `cells`, ordered by their first cell in
    /// row-major order.
    pub fn components(&self, cells: W) -> impl Iterator<Item = W> + use<W> {
        self.components_by(cells, Frame::neighbours)
    }

    /// The 8-connected (king-connected) components of `cells`, ordered by
    /// their first cell in row-major order.
    pub fn king_components(&self, cells: W) -> impl Iterator<Item = W> + use<W> {
        self.components_by(cells, Frame::king_neighbours)
    }

    /// The components of `cells` under the adjacency `neighbours` gives.
    fn components_by<N: Fn(&Frame<W>, W) -> W>(
        &self,
        mut cells: W,
        neighbours: N,
    ) -> impl Iterator<Item = W> + use<W, N> {
        let frame = *self;
        std::iter::from_fn(move || {
            if cells == W::ZERO {
                return None;
            }
            let mut region = cells & cells.wrapping_neg();
            loop {
                let grown = (region | neighbours(&frame, region)) & cells;
                if grown == region {
                    break;
                }
                region = grown;
            }
            cells &= !region;
            Some(region)
        })
    }

    /// The columns occupied by `cells`, as the low `cols` bits of a word.
    fn columns(&self, cells: W, first_row: u32, last_row: u32) -> W {
        let row_mask = W::low_bits(self.cols);
        (first_row..=last_row).fold(W::ZERO, |m, r| m | (cells.shr(r * self.cols) & row_mask))
    }

    /// The bounding box of `cells`, `None` when it is empty.
    pub fn bounding_box(&self, cells: W) -> Option<BoundingBox> {
        if cells == W::ZERO {
            return None;
        }
        let first_row = cells.trailing_zeros() / self.cols;
        let last_row = (W::BITS - 1 - cells.leading_zeros()) / self.cols;
        let columns = self.columns(cells, first_row, last_row);
        Some(BoundingBox {
            first_row: first_row as usize,
            last_row: last_row as usize,
            first_col: columns.trailing_zeros() as usize,
            last_col: (W::BITS - 1 - columns.leading_zeros()) as usize,
        })
    }

    /// `cells` moved up and left until they touch the first row and the
    /// first column: equal for two sets exactly when one is a translate of
    /// the other.
    pub fn to_corner(&self, cells: W) -> W {
        self.bounding_box(cells).map_or(W::ZERO, |b| {
            cells.shr((b.first_row * self.cols() + b.first_col) as u32)
        })
    }

    /// `cells` cut to their bounding box (`None` when empty).
    pub fn crop(&self, cells: W) -> Option<Shape<W>> {
        Some(self.cut(cells, &self.bounding_box(cells)?))
    }

    /// The cells of `cells` inside the box `b`, as a shape of the box's size:
    /// several sets cut by one box keep their places relative to each other.
    pub fn cut(&self, cells: W, b: &BoundingBox) -> Shape<W> {
        let (first_row, last_row) = (b.first_row as u32, b.last_row as u32);
        let first_col = b.first_col as u32;
        let width = b.last_col as u32 - first_col + 1;
        let width_mask = W::low_bits(width);
        let mut out = W::ZERO;
        for r in first_row..=last_row {
            let row = cells.shr(r * self.cols + first_col) & width_mask;
            out |= row.shl((r - first_row) * width);
        }
        Shape {
            rows: (last_row - first_row + 1) as u8,
            cols: width as u8,
            cells: out,
        }
    }

    /// Reads rows of `.` (free) and `#` (blocked) joined by `|`: the frame and
    /// its free cells. The inverse of [`Frame::grid_string`].
    pub fn parse(grid: &str) -> Result<(Frame<W>, W), GridError> {
        let (frame, [free, _]) = Frame::parse_marks(grid, ['.', '#'], FREE_OR_BLOCKED)?;
        Ok((frame, free))
    }

    /// Reads rows of cells joined by `|`, each cell one of `marks`: the frame
    /// and, for each mark, the set of cells that hold it. A cell holding none
    /// is refused, `expected` saying in words what a cell may hold.
    pub fn parse_marks<const N: usize>(
        grid: &str,
        marks: [char; N],
        expected: &'static str,
    ) -> Result<(Frame<W>, [W; N]), GridError> {
        let rows: Vec<&str> = grid.split('|').collect();
        let cols = rows[0].chars().count();
        if cols == 0 {
            return Err(GridError::EmptyRow { row: 1 });
        }
        let frame = Frame::<W>::new(rows.len(), cols)?;
        let mut sets = [W::ZERO; N];
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
                let Some(m) = marks.iter().position(|&m| m == ch) else {
                    return Err(GridError::BadCell {
                        row: r + 1,
                        col: c + 1,
                        found: ch,
                        expected,
                    });
                };
                sets[m] |= frame.bit(r, c);
            }
        }
        Ok((frame, sets))
    }

    /// Rows of `.` (the cells of `free`) and `#` (the others) joined by `|`.
    pub fn grid_string(&self, free: W) -> String {
        (0..self.rows())
            .map(|r| {
                (0..self.cols())
                    .map(|c| {
                        if free & self.bit(r, c) == W::ZERO {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|")
    }
}

/// A group of symmetries of a rectangle, under which shapes are normalised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetries {
    /// The four that keep rows as rows: the identity, both mirrors and the
    /// half turn (a game whose players own the two directions keeps these).
    Mirrors,
    /// All eight symmetries of a square: the mirrors and their transposes.
    All,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse<W: Word>(grid: &str) -> (Frame<W>, W) {
        Frame::parse(grid).unwrap()
    }

    fn shape<W: Word>(grid: &str) -> Shape<W> {
        let (frame, free) = parse::<W>(grid);
        frame.crop(free).unwrap()
    }

    #[test]
    fn refuses_empty_and_oversized_frames() {
        assert_eq!(
            Frame::<u64>::new(0, 3),
            Err(GridError::Empty { rows: 0, cols: 3 })
        );
        assert_eq!(
            Frame::<u64>::new(5, 13),
            Err(GridError::TooLarge {
                rows: 5,
                cols: 13,
                max: 64
            })
        );
        assert!(Frame::<u128>::new(5, 13).is_ok());
        assert_eq!(Frame::<u64>::new(8, 8).unwrap().full(), u64::MAX);
        assert_eq!(Frame::<u128>::new(1, 128).unwrap().full(), u128::MAX);
    }

    #[test]
    fn components_use_four_adjacency_and_do_not_wrap_rows() {
        let (frame, free) = parse::<u64>(".#.|#.#|.#.");
        assert_eq!(frame.components(free).count(), 5);
        let (frame, free) = parse::<u64>("..#|#..|...");
        assert_eq!(frame.components(free).collect::<Vec<_>>(), [free]);
        // Cells (0, 2) and (1, 0) are consecutive bits but not neighbours.
        let (frame, free) = parse::<u128>("##.|.##");
        assert_eq!(frame.components(free).count(), 2);
        // A row of all 128 cells cut in two by one blocked cell.
        let (frame, free) = parse::<u128>(&format!("{}#{}", ".".repeat(5), ".".repeat(122)));
        let sizes: Vec<u32> = frame.components(free).map(u128::count_ones).collect();
        assert_eq!(sizes, [5, 122]);
    }

    #[test]
    fn king_components_join_diagonal_neighbours_only() {
        // The X of five cells is five rook components and one king component.
        let (frame, free) = parse::<u64>(".#.|#.#|.#.");
        assert_eq!(frame.king_components(free).collect::<Vec<_>>(), [free]);
        // Cells (0, 2) and (1, 0) are consecutive bits, not diagonal neighbours.
        let (frame, free) = parse::<u128>("#.#.|####|.#.#");
        assert_eq!(frame.king_components(free).count(), 4);
        let (frame, corner) = parse::<u64>(".##|###|###");
        assert_eq!(
            frame.king_neighbours(corner),
            frame.bit(0, 1) | frame.bit(1, 0) | frame.bit(1, 1)
        );
    }

    #[test]
    fn a_queen_reaches_along_eight_lines_up_to_the_first_closed_cell() {
        // The queen at (1, 1) of a 4 x 4 whose only closed cells are (1, 3)
        // and (3, 3): by hand, the whole row 1 but (1, 3), the column, and the
        // diagonals but (3, 3).
        let (frame, open) = parse::<u64>("....|...#|....|...#");
        let reach = frame.queen_reach(frame.bit(1, 1), open);
        let mut by_hand = Vec::new();
        by_hand.extend([(1, 0), (1, 2)]);
        by_hand.extend([(0, 1), (2, 1), (3, 1)]);
        by_hand.extend([(0, 0), (2, 2), (0, 2), (2, 0)]);
        by_hand.sort_unstable();
        assert_eq!(frame.cells(reach).collect::<Vec<_>>(), by_hand);
        // No ray wraps round a row: a 1-column and a 1-row frame.
        let (frame, open) = parse::<u128>(".|.|.");
        assert_eq!(
            frame.queen_reach(frame.bit(0, 0), open),
            frame.bit(1, 0) | frame.bit(2, 0)
        );
        let (frame, open) = parse::<u64>("..#..");
        assert_eq!(frame.queen_reach(frame.bit(0, 4), open), frame.bit(0, 3));
    }

    #[test]
    fn reads_grids_of_any_marks_into_one_set_each() {
        let marks = ['a', 'b', 'c'];
        let (frame, [a, b, c]) =
            Frame::<u64>::parse_marks("ab|ca", marks, "none of a, b, c").unwrap();
        assert_eq!(
            (a, b, c),
            (
                frame.bit(0, 0) | frame.bit(1, 1),
                frame.bit(0, 1),
                frame.bit(1, 0)
            )
        );
        let err = Frame::<u64>::parse_marks("ab|cd", marks, "none of a, b, c").unwrap_err();
        assert_eq!(err.to_string(), "row 2, column 2: `d` is none of a, b, c");
    }

    #[test]
    fn sets_cut_by_one_box_keep_their_places() {
        let (frame, free) = parse::<u64>("####|##.#|#..#|####");
        let (_, one) = parse::<u64>("####|####|#.##|####");
        let b = frame.bounding_box(free).unwrap();
        assert_eq!(frame.cut(one, &b).to_string(), "##|.#");
    }

    #[test]
    fn the_byte_frame_is_the_eight_by_eight_frame() {
        assert_eq!(BYTES, Frame::<u64>::new(8, 8).unwrap());
    }

    #[test]
    fn sets_move_to_the_corner_as_translates() {
        let frame = Frame::<u64>::new(4, 5).unwrap();
        let (_, set) = Frame::<u64>::parse(".....|..#.#|..##.|.....").unwrap();
        let (_, moved) = Frame::<u64>::parse("#.#..|##...|.....|.....").unwrap();
        assert_eq!(frame.to_corner(!set & frame.full()), !moved & frame.full());
        assert_eq!(frame.to_corner(0), 0);
    }

    #[test]
    fn crops_to_the_bounding_box() {
        let (frame, free) = parse::<u64>("####|##.#|#..#|####");
        assert_eq!(
            frame.bounding_box(free),
            Some(BoundingBox {
                first_row: 1,
                last_row: 2,
                first_col: 1,
                last_col: 2
            })
        );
        let s = frame.crop(free).unwrap();
        assert_eq!((s.rows, s.cols, s.size()), (2, 2, 3));
        assert_eq!(s.to_string(), "#.|..");
        assert_eq!(frame.crop(0), None);
    }

    #[test]
    fn grid_strings_round_trip() {
        for grid in ["...|.#.", "#", ".", "..#.|#...|...."] {
            let (frame, free) = parse::<u64>(grid);
            assert_eq!(frame.grid_string(free), grid);
            let (frame, free) = parse::<u128>(grid);
            assert_eq!(frame.grid_string(free), grid);
        }
        assert_eq!(shape::<u64>("#..|#.#").to_string(), "..|.#");
    }

    #[test]
    fn rejects_ragged_unknown_empty_and_oversized_grid_strings() {
        assert_eq!(
            Frame::<u128>::parse("..|."),
            Err(GridError::Ragged {
                row: 2,
                len: 1,
                expected: 2
            })
        );
        assert_eq!(
            Frame::<u128>::parse("..|.x"),
            Err(GridError::BadCell {
                row: 2,
                col: 2,
                found: 'x',
                expected: FREE_OR_BLOCKED
            })
        );
        assert_eq!(Frame::<u64>::parse(""), Err(GridError::EmptyRow { row: 1 }));
        assert_eq!(
            Frame::<u64>::parse("..||.."),
            Err(GridError::EmptyRow { row: 2 })
        );
        assert!(matches!(
            Frame::<u128>::parse(&".".repeat(129)),
            Err(GridError::TooLarge { max: 128, .. })
        ));
        assert!(Frame::<u64>::parse(&".".repeat(65)).is_err());
    }
}
