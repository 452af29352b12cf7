//! Bit-set grids: the boards of every game played on the cells of a rectangle.
//!
//! A set of cells of a [`Frame`] of `rows` x `cols` is a [`Word`] (`u64` or
//! `u128`) whose bit `r * cols + c` stands for cell (r, c). This module owns what
//! such games share: the layout masks, 4-adjacent neighbours, the split into
//! 4-connected components, the bounding box and the crop of a set of cells to
//! its [`Shape`], the mirrors and the transposition of a shape, its normal form
//! under a group of [`Symmetries`], grid strings (rows of `.` and `#` joined by
//! `|`) read and written, and iteration over the bits of a word ([`bits`]).

use std::fmt;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXorAssign, Not};

/// A machine word used as a set of cells.
pub trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The number of bits, hence of cells a frame may hold.
    const BITS: u32;
    const ZERO: Self;
    const ONE: Self;
    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn wrapping_neg(self) -> Self;
    fn reverse_bits(self) -> Self;
    /// `self << n`, with bits shifted past the top lost (also for `n >= BITS`).
    fn shl(self, n: u32) -> Self;
    /// `self >> n`, zero for `n >= BITS`.
    fn shr(self, n: u32) -> Self;
    /// The low byte.
    fn low_byte(self) -> u8;
    fn from_byte(byte: u8) -> Self;

    /// The lowest `n` bits set (all of them for `n >= BITS`).
    fn low_bits(n: u32) -> Self {
        if n >= Self::BITS {
            !Self::ZERO
        } else {
            !(!Self::ZERO).shl(n)
        }
    }
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }
            fn shl(self, n: u32) -> Self {
                self.checked_shl(n).unwrap_or(0)
            }
            fn shr(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            fn low_byte(self) -> u8 {
                self as u8
            }
            fn from_byte(byte: u8) -> Self {
                Self::from(byte)
            }
        }
    };
}

word!(u64);
word!(u128);

/// The single bits of `set`, lowest first.
pub fn bits<W: Word>(mut set: W) -> impl Iterator<Item = W> {
    std::iter::from_fn(move || {
        (set != W::ZERO).then(|| {
            let b = set & set.wrapping_neg();
            set ^= b;
            b
        })
    })
}

/// Each byte with its bits in reverse order: lines of up to 8 cells are
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

/// The lowest `width` bits of `line` in reverse order (`width` from 1 to `BITS`).
fn mirror_line<W: Word>(line: W, width: u32) -> W {
    if width <= 8 {
        W::from_byte(REVERSED_BYTES[usize::from(line.low_byte())] >> (8 - width))
    } else {
        line.reverse_bits().shr(W::BITS - width)
    }
}

/// Why a frame or a grid string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    #[error("a grid needs at least one row and one column, not {rows} x {cols}")]
    Empty { rows: usize, cols: usize },
    #[error("a {rows} x {cols} grid has more than {max} cells")]
    TooLarge {
        rows: usize,
        cols: usize,
        max: usize,
    },
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
}

/// The inclusive bounding box of a non-empty set of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoundingBox {
    pub first_row: usize,
    pub last_row: usize,
    pub first_col: usize,
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

    pub fn rows(&self) -> usize {
        self.rows as usize
    }

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
        (mask.shl(1) & self.not_first_col)
            | (mask.shr(1) & self.not_last_col)
            | (mask.shl(self.cols) & self.full)
            | mask.shr(self.cols)
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
    pub fn components(&self, mut cells: W) -> impl Iterator<Item = W> + use<W> {
        let frame = *self;
        std::iter::from_fn(move || {
            if cells == W::ZERO {
                return None;
            }
            let mut region = cells & cells.wrapping_neg();
            loop {
                let grown = (region | frame.neighbours(region)) & cells;
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

    /// `cells` cut to their bounding box (`None` when empty).
    pub fn crop(&self, cells: W) -> Option<Shape<W>> {
        let b = self.bounding_box(cells)?;
        let (first_row, last_row) = (b.first_row as u32, b.last_row as u32);
        let first_col = b.first_col as u32;
        let width = b.last_col as u32 - first_col + 1;
        let width_mask = W::low_bits(width);
        let mut out = W::ZERO;
        for r in first_row..=last_row {
            let row = cells.shr(r * self.cols + first_col) & width_mask;
            out |= row.shl((r - first_row) * width);
        }
        Some(Shape {
            rows: (last_row - first_row + 1) as u8,
            cols: width as u8,
            cells: out,
        })
    }

    /// Reads rows of `.` (free) and `#` (blocked) joined by `|`: the frame and
    /// its free cells. The inverse of [`Frame::grid_string`].
    pub fn parse(grid: &str) -> Result<(Frame<W>, W), GridError> {
        let rows: Vec<&str> = grid.split('|').collect();
        let cols = rows[0].chars().count();
        if cols == 0 {
            return Err(GridError::EmptyRow { row: 1 });
        }
        let frame = Frame::<W>::new(rows.len(), cols)?;
        let mut free = frame.full;
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
                    '#' => free &= !frame.bit(r, c),
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
        Ok((frame, free))
    }

    /// Rows of `.` (the cells of `free`) and `#` (the others) joined by `|`.
    pub fn grid_string(&self, free: W) -> String {
        (0..self.rows())
            .map(|r| {
                (0..self.cols())
                    .map(|c| {
                        if free & self.bit(r, c) != W::ZERO {
                            '.'
                        } else {
                            '#'
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

/// A set of cells in its own bounding box: `rows` x `cols`, cell (r, c) at bit
/// `r * cols + c`. Two regions that are translates have equal shapes. Shapes
/// order by rows, then columns, then cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Shape<W> {
    pub rows: u8,
    pub cols: u8,
    pub cells: W,
}

impl<W: Word> Shape<W> {
    /// The frame of the shape's own box.
    pub fn frame(&self) -> Frame<W> {
        // A shape's box holds at most `W::BITS` cells, so the frame fits.
        Frame::layout(u32::from(self.rows), u32::from(self.cols))
    }

    /// The number of cells.
    pub fn size(&self) -> u32 {
        self.cells.count_ones()
    }

    /// Row `r` as the low `cols` bits of a word.
    pub fn row(&self, r: u32) -> W {
        let cols = u32::from(self.cols);
        self.cells.shr(r * cols) & W::low_bits(cols)
    }

    /// The mirror image left to right (columns reversed).
    pub fn mirror_columns(&self) -> Shape<W> {
        let cols = u32::from(self.cols);
        let mut cells = W::ZERO;
        for r in 0..u32::from(self.rows) {
            cells |= mirror_line(self.row(r), cols).shl(r * cols);
        }
        Shape { cells, ..*self }
    }

    /// The mirror image top to bottom (rows reversed).
    pub fn mirror_rows(&self) -> Shape<W> {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        let mut cells = W::ZERO;
        for r in 0..rows {
            cells |= self.row(r).shl((rows - 1 - r) * cols);
        }
        Shape { cells, ..*self }
    }

    /// The reflection in the main diagonal: rows become columns.
    pub fn transpose(&self) -> Shape<W> {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        let mut cells = W::ZERO;
        for b in bits(self.cells) {
            let i = b.trailing_zeros();
            cells |= W::ONE.shl((i % cols) * rows + i / cols);
        }
        Shape {
            rows: self.cols,
            cols: self.rows,
            cells,
        }
    }

    /// The least of the shape's images under `group`.
    pub fn normalised(&self, group: Symmetries) -> Shape<W> {
        match group {
            Symmetries::Mirrors => self.least_mirror(),
            // The upright images are the smaller when rows < cols: only a
            // square needs both orientations.
            Symmetries::All => match self.rows.cmp(&self.cols) {
                std::cmp::Ordering::Less => self.least_mirror(),
                std::cmp::Ordering::Greater => self.transpose().least_mirror(),
                std::cmp::Ordering::Equal => {
                    self.least_mirror().min(self.transpose().least_mirror())
                }
            },
        }
    }

    /// The least image under [`Symmetries::Mirrors`], all four built in one
    /// pass over the rows.
    fn least_mirror(&self) -> Shape<W> {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        let [mut plain, mut flipped, mut mirrored, mut both] = [W::ZERO; 4];
        for r in 0..rows {
            let line = self.row(r);
            let mirror = mirror_line(line, cols);
            let (near, far) = (r * cols, (rows - 1 - r) * cols);
            plain |= line.shl(near);
            flipped |= line.shl(far);
            mirrored |= mirror.shl(near);
            both |= mirror.shl(far);
        }
        Shape {
            cells: plain.min(flipped).min(mirrored).min(both),
            ..*self
        }
    }
}

/// The shape as a grid string: rows of `.` (its cells) and `#` joined by `|`.
impl<W: Word> fmt::Display for Shape<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.frame().grid_string(self.cells))
    }
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
    fn bits_come_lowest_first() {
        assert_eq!(bits(0b1010_0110u64).collect::<Vec<_>>(), [2, 4, 32, 128]);
        assert_eq!(bits(0u128).count(), 0);
        assert_eq!(bits(u128::MAX).last(), Some(1 << 127));
    }

    #[test]
    fn low_bits_cover_the_whole_word() {
        assert_eq!(u64::low_bits(0), 0);
        assert_eq!(u64::low_bits(3), 0b111);
        assert_eq!(u64::low_bits(64), u64::MAX);
        assert_eq!(u128::low_bits(200), u128::MAX);
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
        let sizes: Vec<u32> = frame.components(free).map(|c| c.count_ones()).collect();
        assert_eq!(sizes, [5, 122]);
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
    fn mirrors_and_transposition_move_cells_as_drawn() {
        let s = shape::<u128>(".#.|..#");
        assert_eq!(s.mirror_columns().to_string(), ".#.|#..");
        assert_eq!(s.mirror_rows().to_string(), "..#|.#.");
        assert_eq!(s.transpose().to_string(), "..|#.|.#");
        assert_eq!(s.transpose().transpose(), s);
        // Lines longer than a byte are mirrored by the word's reverse.
        let long = shape::<u64>(".#..........");
        assert_eq!(long.mirror_columns().to_string(), "..........#.");
    }

    #[test]
    fn normal_forms_are_the_least_image_in_their_group() {
        let l = shape::<u64>(".#|.#|..");
        // The images under the mirrors, by hand.
        let mirrors = [
            l,
            l.mirror_columns(),
            l.mirror_rows(),
            l.mirror_columns().mirror_rows(),
        ];
        let least = *mirrors.iter().min().unwrap();
        assert_eq!(l.normalised(Symmetries::Mirrors), least);
        for image in mirrors {
            assert_eq!(image.normalised(Symmetries::Mirrors), least);
            // Under all eight the upright L (2 rows, 3 columns) is the form.
            assert_eq!(
                image.transpose().normalised(Symmetries::All),
                l.transpose().normalised(Symmetries::Mirrors)
            );
            assert_eq!(image.normalised(Symmetries::All).rows, 2);
        }
        // The transpose is a different shape under the mirrors alone.
        assert_ne!(l.transpose().normalised(Symmetries::Mirrors), least);
        // A square: both orientations are compared.
        let s = shape::<u128>("..|.#");
        let all: Vec<_> = [s, s.transpose(), s.mirror_columns(), s.mirror_rows()]
            .iter()
            .map(|x| x.normalised(Symmetries::All))
            .collect();
        assert!(all.iter().all(|&x| x == all[0]));
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
                found: 'x'
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
