//! The [`Shape`] of a set of cells (the set in its own bounding box), its
//! mirrors, its transposition and its least image under a group of
//! [`Symmetries`]: the memo keys of every game played on a grid.

use super::{Frame, Symmetries, Word, bits};
use std::fmt;

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
/// A set of cells in its own bounding box: `rows` x `cols`, cell (r, c) at bit
/// `r * cols + c`. Two regions that are translates have equal shapes. Shapes
/// order by rows, then columns, then cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Shape<W> {
    /// The rows of its box.
    pub rows: u8,
    /// The columns of its box.
    pub cols: u8,
    /// Its cells, cell (r, c) at bit `r * cols + c`.
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

    /// The shape's images under the eight symmetries of a rectangle, always
    /// in one order: the four [`Shape::upright_image`]s, then those of the
    /// transpose.
    pub fn images(&self) -> [Shape<W>; 8] {
        let t = self.transpose();
        std::array::from_fn(|i| {
            if i < 4 {
                self.upright_image(i)
            } else {
                t.upright_image(i - 4)
            }
        })
    }

    /// The image under the `k`-th symmetry (0 to 3) that keeps rows as rows:
    /// the identity, the mirror left to right, top to bottom, the half turn.
    pub fn upright_image(&self, k: usize) -> Shape<W> {
        match k {
            0 => *self,
            1 => self.mirror_columns(),
            2 => self.mirror_rows(),
            _ => self.mirror_columns().mirror_rows(),
        }
    }

    /// The least of the shape's images under `group`.
    pub fn normalised(&self, group: Symmetries) -> Shape<W> {
        match group {
            Symmetries::Mirrors => self.least_mirror(),
            // The upright images are the smaller when rows < cols: only a
            // square needs both orientations.
            Symmetries::All => self.least_image().0,
        }
    }

    /// The least of the shape's eight images, and whether it is an image of
    /// the transpose (a quarter turn or a diagonal mirror of the shape) and
    /// not of the shape upright. A square shape whose least images upright and
    /// transposed are equal counts as upright.
    pub fn least_image(&self) -> (Shape<W>, bool) {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        if rows > 8 || cols > 8 {
            return least_oriented(
                rows,
                cols,
                || self.least_mirror(),
                || self.transpose().least_mirror(),
            );
        }
        // With the rows as the bytes of a word ([`Bytes`]): images of one
        // size compare in that layout as they do as shapes, since both order
        // cells by row and column, the last first.
        let (least, turned) = Bytes::of(self).least_image(rows, cols);
        let (rows, cols) = if turned { (cols, rows) } else { (rows, cols) };
        (least.shape(rows, cols), turned)
    }

    /// The cells in the layout of [`super::BYTES`] (row `r` in byte `r`),
    /// when the box has at most 8 rows and 8 columns.
    pub fn bytes(&self) -> Option<u64> {
        (self.rows <= 8 && self.cols <= 8).then(|| Bytes::of(self).0)
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

/// The least of a `rows` x `cols` shape's images given its least upright
/// image and its least transposed one, and whether it is the transposed one.
/// The upright images are the smaller when rows < cols (shapes order by rows
/// first): only a square needs both orientations, and a tie counts as
/// upright.
fn least_oriented<T: Ord>(
    rows: u32,
    cols: u32,
    upright: impl FnOnce() -> T,
    turned: impl FnOnce() -> T,
) -> (T, bool) {
    match rows.cmp(&cols) {
        std::cmp::Ordering::Less => (upright(), false),
        std::cmp::Ordering::Greater => (turned(), true),
        std::cmp::Ordering::Equal => {
            let (upright, turned) = (upright(), turned());
            if turned < upright {
                (turned, true)
            } else {
                (upright, false)
            }
        }
    }
}

/// The cells of a shape of at most 8 x 8 cells with row `r` in byte `r`
/// (cell (r, c) is bit `8 r + c`): mirrors are byte and bit reversals and the
/// transposition three exchanges of bit blocks.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Bytes(u64);

impl Bytes {
    /// Each byte's low bits up to `cols`.
    const fn row_mask(cols: u32) -> u64 {
        0x0101_0101_0101_0101 * ((1 << cols) - 1)
    }

    fn of<W: Word>(shape: &Shape<W>) -> Bytes {
        Bytes(
            (0..u32::from(shape.rows))
                .fold(0, |m, r| m | u64::from(shape.row(r).low_byte()) << (8 * r)),
        )
    }

    fn shape<W: Word>(self, rows: u32, cols: u32) -> Shape<W> {
        let cells = (0..rows).fold(W::ZERO, |c, r| {
            c | W::from_byte((self.0 >> (8 * r)) as u8).shl(r * cols)
        });
        Shape {
            rows: rows as u8,
            cols: cols as u8,
            cells,
        }
    }

    /// The least of the four images under the mirrors of a `rows` x `cols` box.
    fn least_mirror(self, rows: u32, cols: u32) -> Bytes {
        let flip = |m: u64| m.swap_bytes() >> (8 * (8 - rows));
        // Reversing all 64 bits and then the bytes reverses each byte in place.
        let mirrored = (self.0.reverse_bits().swap_bytes() >> (8 - cols)) & Bytes::row_mask(cols);
        let least = self.0.min(flip(self.0)).min(mirrored).min(flip(mirrored));
        Bytes(least)
    }

    /// [`Shape::least_image`] of the `rows` x `cols` shape of these cells,
    /// in this layout.
    fn least_image(self, rows: u32, cols: u32) -> (Bytes, bool) {
        least_oriented(
            rows,
            cols,
            || self.least_mirror(rows, cols),
            || self.transpose().least_mirror(cols, rows),
        )
    }

    /// The reflection in the main diagonal (cell (r, c) to (c, r)), by the
    /// exchange of 1 x 1, 2 x 2 and 4 x 4 blocks (Hacker's Delight, 7-3).
    fn transpose(self) -> Bytes {
        let mut x = self.0;
        for (shift, mask) in [
            (7, 0x00AA_00AA_00AA_00AA_u64),
            (14, 0x0000_CCCC_0000_CCCC),
            (28, 0x0000_0000_F0F0_F0F0),
        ] {
            let t = (x ^ (x >> shift)) & mask;
            x ^= t ^ (t << shift);
        }
        Bytes(x)
    }
}

/// [`Shape::least_image`] in the layout of [`super::BYTES`] (row `r` in byte
/// `r`): the least image of the shape of `cells`, a non-empty set that
/// touches the first row and the first column, in that layout, and whether it
/// is an image of the transpose.
pub fn least_byte_image(cells: u64) -> (u64, bool) {
    let rows = 8 - cells.leading_zeros() / 8;
    let columns = (cells | cells >> 32) as u32;
    let columns = (columns | columns >> 16) as u16;
    let columns = (columns | columns >> 8) as u8;
    let cols = 8 - columns.leading_zeros();
    let (least, turned) = Bytes(cells).least_image(rows, cols);
    (least.0, turned)
}

/// The least image of `layers`, sets of cells of one box moved together,
/// under the eight symmetries of the box (images compare layer by layer):
/// the normal form of a board whose cells hold one of several marks. Only the
/// symmetries under which the first layer is least are tried on the others.
pub fn least_image_of_layers<W: Word, const N: usize>(layers: [Shape<W>; N]) -> [Shape<W>; N] {
    let (rows, cols) = (layers[0].rows, layers[0].cols);
    // The upright images have fewer rows when rows < cols: only a square
    // needs both orientations.
    let upright = (rows <= cols).then_some(layers);
    let turned = (rows >= cols).then(|| layers.map(|l| l.transpose()));
    let mut best: Option<[Shape<W>; N]> = None;
    for orientation in [upright, turned].into_iter().flatten() {
        let firsts: [Shape<W>; 4] = std::array::from_fn(|k| orientation[0].upright_image(k));
        let least = *firsts.iter().min().expect("four images");
        for k in (0..4).filter(|&k| firsts[k] == least) {
            let image = orientation.map(|l| l.upright_image(k));
            if best.is_none_or(|b| image < b) {
                best = Some(image);
            }
        }
    }
    best.expect("one orientation at least")
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

    fn shape<W: Word>(grid: &str) -> Shape<W> {
        let (frame, free) = Frame::parse(grid).unwrap();
        frame.crop(free).unwrap()
    }

    #[test]
    fn the_eight_images_are_the_symmetries_of_the_box() {
        let l = shape::<u64>(".#|.#|..");
        let images = l.images();
        assert_eq!(images[0], l);
        let mut distinct = images.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 8);
        let least = *images.iter().min().unwrap();
        assert_eq!(l.normalised(Symmetries::All), least);
        // Each image has the same eight images.
        for image in images {
            let mut again = image.images().to_vec();
            again.sort_unstable();
            assert_eq!(again, distinct);
        }
    }

    #[test]
    fn the_least_image_of_layers_is_the_least_of_the_eight_moved_together() {
        for grid in ["..|.#", ".#.|..#", ".#|.#|..", "...|.#.|#.."] {
            let first = shape::<u64>(grid);
            // A second layer: the cells of the box outside the first.
            let second = Shape {
                cells: first.frame().full() & !first.cells,
                ..first
            };
            let (a, b) = (first.images(), second.images());
            let brute = (0..8).map(|i| [a[i], b[i]]).min().unwrap();
            for i in 0..8 {
                assert_eq!(least_image_of_layers([a[i], b[i]]), brute, "{grid}");
            }
        }
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
    fn the_least_image_in_bytes_reads_boxes_of_up_to_eight_by_eight() {
        // Random sets in frames of 5 to 8 rows and columns, cut to their
        // boxes: the least of the eight images, and whether only the
        // transposed four reach it.
        let mut random = crate::cgt::random::SplitMix64::new(8);
        for rows in 5..=8 {
            for cols in 5..=8 {
                let frame = Frame::<u64>::new(rows, cols).unwrap();
                for _ in 0..50 {
                    let s = frame.crop(random.next_u64() & frame.full()).unwrap();
                    let images = s.images();
                    let least = *images.iter().min().unwrap();
                    let turned = !images[..4].contains(&least);
                    let in_bytes = (least.bytes().unwrap(), turned);
                    assert_eq!(least_byte_image(s.bytes().unwrap()), in_bytes, "{s}");
                }
            }
        }
    }

    #[test]
    fn the_least_image_says_whether_it_is_a_transposed_one() {
        // Every set of cells that fills its box, in frames of at most 8 x 8
        // (found with the cells as bytes) and larger (found as shapes): the
        // least of the eight images, and whether only the transposed four
        // reach it.
        for (rows, cols) in [(3, 3), (2, 4), (4, 2), (2, 9), (10, 1)] {
            let frame = Frame::<u128>::new(rows, cols).unwrap();
            for cells in 1..=frame.full() {
                let s = frame.crop(cells).unwrap();
                if (usize::from(s.rows), usize::from(s.cols)) != (rows, cols) {
                    continue;
                }
                let images = s.images();
                let least = *images.iter().min().unwrap();
                let transposed = !images[..4].contains(&least);
                assert_eq!(s.least_image(), (least, transposed), "{s}");
                // The same in the byte layout, the box read from the cells.
                if let Some(bytes) = s.bytes() {
                    let in_bytes = (least.bytes().unwrap(), transposed);
                    assert_eq!(least_byte_image(bytes), in_bytes, "{s}");
                }
            }
        }
    }
}
