//! Domineering: Left places vertical dominoes, Right horizontal ones, on the
//! free cells of a rectangular grid; normal play.
//!
//! A [`Board`] is a bit-board of up to 128 cells on a [`Frame`] of the core's
//! grid module, which also owns regions, crops and symmetries. This module
//! owns the rules (placements of each orientation, [`dominoes`] of a
//! [`Shape`]), the position walks that count what a solver must visit, and the
//! game as the core's evaluator sees it ([`Domineering`]: regions, held as a
//! [`Region`] in the byte layout of [`grid::BYTES`] when they fit in 8 x 8
//! cells, placements, each region's [`Shape`] keyed by its least image, the
//! [`SYMMETRIES`] keeping each player's dominoes and a quarter turn negating);
//! values are computed by
//! [`crate::cgt::partizan::Values`]. It also holds the catalogue of every shape
//! up to a size ([`shapes_up_to`]).

#![allow(
    clippy::cast_possible_truncation,
    reason = "a board's sides, cell counts and shifts are within its frame of at most 128 \
              cells; a shape of at most WIDE_CELLS cells lies in the low 64 bits"
)]

use crate::cgt::grid::{self, Frame, GridError, Symmetries, Word, bits};
use crate::cgt::partizan::Partizan;
use crate::cgt::shared::Memo;
use crate::cgt::walk::{Walk, reachable, walk_removals};
use rustc_hash::FxHashSet;

/// A grid of `rows` x `cols` cells of which `free` (bit `r * cols + c`) are free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// The free cells, one bit each.
    pub free: u128,
}

/// The largest number of cells a [`Board`] holds.
pub const MAX_CELLS: usize = u128::BITS as usize;

impl Board {
    /// The empty (all free) `rows` x `cols` board.
    pub fn empty(rows: usize, cols: usize) -> Board {
        assert!(
            rows * cols <= MAX_CELLS,
            "{rows} x {cols} exceeds {MAX_CELLS} cells"
        );
        let free = u128::low_bits((rows * cols) as u32);
        Board { rows, cols, free }
    }

    /// The frame of the board's grid.
    fn frame(&self) -> Frame<u128> {
        Frame::new(self.rows, self.cols).expect("a board has 1 to 128 cells")
    }

    /// The free cells cut to their bounding box (`None` when there are none).
    pub fn shape(&self) -> Option<Shape> {
        self.frame().crop(self.free)
    }

    /// The bit of cell (`r`, `c`), both from 0.
    pub fn bit(&self, r: usize, c: usize) -> u128 {
        1u128 << (r * self.cols + c)
    }

    /// Whether cell (`r`, `c`), both from 0, is free.
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

    /// The number of free cells.
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
        self.frame()
            .components(self.free)
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
        let dominoes: Vec<u128> = self.dominoes().all().collect();
        walk_removals(self.free, &dominoes)
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
        self.frame().to_corner(self.free)
    }

    /// Reads rows of `.` (free) and `#` (blocked) joined by `|`, the inverse
    /// of [`Board::to_grid_string`].
    pub fn from_grid_string(grid: &str) -> Result<Board, GridError> {
        let (frame, free) = Frame::parse(grid)?;
        Ok(Board {
            rows: frame.rows(),
            cols: frame.cols(),
            free,
        })
    }

    /// Rows of `.` (free) and `#` (blocked) joined by `|`.
    pub fn to_grid_string(&self) -> String {
        self.frame().grid_string(self.free)
    }

    /// The free cells in the board's own box: the board's shape when the
    /// board is a region cut to its bounding box (as regions are), and in any
    /// case a memo key, since the symmetries of the box keep the game.
    fn boxed(&self) -> Shape {
        Shape {
            rows: self.rows as u8,
            cols: self.cols as u8,
            cells: self.free,
        }
    }
}

/// A shape's own board: its box, its cells free.
impl From<Shape> for Board {
    fn from(shape: Shape) -> Board {
        Board {
            rows: usize::from(shape.rows),
            cols: usize::from(shape.cols),
            free: shape.cells,
        }
    }
}

/// The domino positions of a grid, by orientation.
pub struct Dominoes {
    /// Left's dominoes, as masks of two cells.
    pub vertical: Vec<u128>,
    /// Right's dominoes, as masks of two cells.
    pub horizontal: Vec<u128>,
}

impl Dominoes {
    /// Every domino, vertical ones first.
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

/// A region's cells in their bounding box; two regions that are translates
/// have equal shapes.
pub type Shape = grid::Shape<u128>;

/// The symmetries that keep each player's dominoes: the identity, both
/// mirrors and the half turn. A quarter turn swaps the players.
pub const SYMMETRIES: Symmetries = Symmetries::Mirrors;

/// A direction of dominoes and runs: Left's vertical or Right's horizontal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    /// Left's: two cells of one column.
    Vertical,
    /// Right's: two cells of one row.
    Horizontal,
}

/// Every domino of direction `dir` inside `shape`, as a mask of two cells.
pub fn dominoes(shape: &Shape, dir: Direction) -> Vec<u128> {
    domino_masks(&shape.frame(), shape.cells, dir).collect()
}

/// The dominoes of direction `dir` that fit in `cells` of `frame`, each as a
/// mask of two cells.
fn domino_masks<W: Word>(
    frame: &Frame<W>,
    cells: W,
    dir: Direction,
) -> impl Iterator<Item = W> + use<W> {
    let (tops, step) = match dir {
        Direction::Vertical => (frame.vertical_tops(cells), frame.cols() as u32),
        Direction::Horizontal => (frame.horizontal_lefts(cells), 1),
    };
    bits(tops).map(move |t| t | t.shl(step))
}

/// Every region shape (4-connected set of cells) of 1 to `max_cells` cells, up
/// to the symmetries that keep each player's dominoes, in order of size and
/// then of normal form under [`SYMMETRIES`]. Shapes are grown a cell at a time.
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
            let (rows, cols) = (usize::from(s.rows) + 2, usize::from(s.cols) + 2);
            let Ok(frame) = Frame::<u128>::new(rows, cols) else {
                continue;
            };
            let mut cells = 0u128;
            for r in 0..u32::from(s.rows) {
                cells |= s.row(r) << ((r + 1) * cols as u32 + 1);
            }
            for bit in bits(frame.neighbours(cells) & !cells) {
                next.extend(frame.crop(cells | bit).map(|c| c.normalised(SYMMETRIES)));
            }
        }
        let mut sorted: Vec<Shape> = next.into_iter().collect();
        sorted.sort_unstable();
        level = sorted;
    }
    all
}

/// The most cells a box of a wider or taller shape may have for the shape to
/// be its own key: they fill the key's top 48 bits.
pub const WIDE_CELLS: u32 = 48;

/// Domineering as a [`Partizan`] game, for the core's evaluator
/// ([`crate::cgt::partizan::Values`]): a position is a [`Region`], its regions
/// are its 4-connected sets of two or more free cells (one cell holds no
/// domino, two or more connected ones do), each cut to its bounding box; a
/// region's key is the least of its [`Shape`]'s eight images, and since a
/// quarter turn swaps the players, a region keyed by a transposed image has
/// the key's value negated.
///
/// A key is one word, which keeps the memo's entries small (in the memo
/// before it was shared, the two-variant key of 24 bytes made the empty
/// 6 x 6 board take 628 MB and 32.8 s of CPU, a one-word key 433 MB and
/// 30.3 s). For a region in the byte layout it is the
/// least image's cells, moved to the corner, so its first byte (the first
/// row) is never empty. A wider or taller shape whose box has at most
/// 48 cells ([`WIDE_CELLS`]) is its cells, row by row in its box, above its width
/// in the second byte (never 0) and an empty first byte. Any other is numbered
/// in the order met, and its key is that number plus one above two empty
/// bytes (numbering every wide shape took the 4 x 9 board to 1.6 GB).
#[derive(Default)]
pub struct Domineering {
    /// The least images of the shapes wider or taller than 8 cells, in a box
    /// of more than [`WIDE_CELLS`] cells, met so far, with their numbers.
    wide: Memo<Shape, u64>,
}

/// A position as the evaluator holds it: a set of at most 8 x 8 cells in the
/// layout of [`grid::BYTES`] (row `r` in byte `r`), where it splits, moves and
/// finds its least image in a few word operations, or any [`Board`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    /// A region of at most 8 x 8 cells, row `r` in byte `r`.
    Bytes(u64),
    /// Any other board.
    Board(Board),
}

impl From<Board> for Region {
    fn from(board: Board) -> Region {
        Region::from(board.boxed())
    }
}

impl From<Shape> for Region {
    fn from(shape: Shape) -> Region {
        shape
            .bytes()
            .map_or_else(|| Region::Board(Board::from(shape)), Region::Bytes)
    }
}

impl Region {
    fn placements(&self, dir: Direction, out: &mut Vec<Region>) {
        match *self {
            Region::Bytes(free) => {
                out.extend(domino_masks(&grid::BYTES, free, dir).map(|d| Region::Bytes(free & !d)));
            }
            Region::Board(board) => {
                out.extend(domino_masks(&board.frame(), board.free, dir).map(|d| {
                    Region::Board(Board {
                        free: board.free & !d,
                        ..board
                    })
                }));
            }
        }
    }
}

impl Partizan for Domineering {
    type Position = Region;
    type Key = u64;

    fn regions(&self, position: &Region, out: &mut Vec<Region>) {
        match *position {
            Region::Bytes(free) => out.extend(
                grid::BYTES
                    .components(free)
                    .filter(|region| region.count_ones() >= 2)
                    .map(|region| Region::Bytes(grid::BYTES.to_corner(region))),
            ),
            Region::Board(board) => {
                let frame = board.frame();
                out.extend(
                    frame
                        .components(board.free)
                        .filter(|region| region.count_ones() >= 2)
                        .filter_map(|region| frame.crop(region))
                        .map(Region::from),
                );
            }
        }
    }

    fn left_options(&self, region: &Region, out: &mut Vec<Region>) {
        region.placements(Direction::Vertical, out);
    }

    fn right_options(&self, region: &Region, out: &mut Vec<Region>) {
        region.placements(Direction::Horizontal, out);
    }

    fn key(&self, region: &Region) -> (u64, bool) {
        match region {
            Region::Bytes(cells) => grid::least_byte_image(*cells),
            Region::Board(board) => {
                let (least, turned) = board.boxed().least_image();
                let key = if u32::from(least.rows) * u32::from(least.cols) <= WIDE_CELLS {
                    (least.cells as u64) << 16 | u64::from(least.cols) << 8
                } else {
                    self.wide.insert_with(least, |n| n as u64 + 1) << 16
                };
                (key, turned)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cgt::canonical::{GameId, GameTable};
    use crate::cgt::partizan::Values;
    use crate::cgt::random::SplitMix64;
    use std::collections::HashMap;

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

    /// Every board of the `rows` x `cols` frames: every set of free cells.
    fn every_board(frames: &[(usize, usize)]) -> Vec<Board> {
        frames
            .iter()
            .flat_map(|&(rows, cols)| {
                let full = Board::empty(rows, cols);
                (0..=full.free).map(move |free| Board { free, ..full })
            })
            .collect()
    }

    #[test]
    fn walks_agree_with_the_plain_walk() {
        // Positions and routes on every board of the 3 x 3 and 2 x 4 frames,
        // and on larger boards whose sets span both halves of the merge
        // table's 16 low bits: the walk against a hash set and a recursion.
        let mut boards = every_board(&[(3, 3), (2, 4)]);
        boards.push(Board::empty(4, 5));
        boards.push(Board::empty(3, 7).block(1, 3));
        boards.push(Board::empty(5, 5).block(2, 2).block(0, 4));
        // 67 free cells (a chequerboard of isolated cells and three stars),
        // so the walk packs its sets into 128-bit words.
        let frame = Board::empty(8, 16);
        let stars = [(0, 1), (3, 4), (7, 14)];
        let chequer = (0..8)
            .flat_map(|r| (0..16).map(move |c| (r, c)))
            .filter(|&(r, c)| (r + c) % 2 == 0 || stars.contains(&(r, c)))
            .fold(0, |free, (r, c)| free | frame.bit(r, c));
        boards.push(Board {
            free: chequer,
            ..frame
        });
        for b in boards {
            let dominoes = b.dominoes();
            let plain = crate::cgt::walk::brute_walk(b.free, |&free| dominoes.children(free));
            assert_eq!(b.walk(), plain, "{}", b.to_grid_string());
        }
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

    fn value(grid: &str) -> String {
        let games = GameTable::new();
        let board = Board::from_grid_string(grid).unwrap();
        let v = Values::new(Domineering::default()).value(&games, &board.into());
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
        // Every board of a 3 x 3, 2 x 4 and 2 x 5 frame with any set of cells blocked.
        for (rows, cols) in [(3, 3), (2, 4), (2, 5)] {
            let mut games = GameTable::new();
            let values = Values::new(Domineering::default());
            let mut memo = HashMap::new();
            let full = Board::empty(rows, cols);
            for free in 0..=full.free {
                let b = Board { free, ..full };
                let fast = values.value(&games, &b.into());
                let plain = plain_value(&mut games, &b, &mut memo);
                assert_eq!(fast, plain, "{}", b.to_grid_string());
            }
        }
    }

    #[test]
    fn the_parallel_search_agrees_with_plain_recursion() {
        // Every board of the 3 x 3 and 2 x 5 frames, the empty 4 x 4 and
        // sampled sets of cells of a 5 x 5, searched on rayon's threads
        // (with the memo and the table shared) and by plain recursion in
        // the same table, so equal values have equal ids. Four threads, so
        // that the search runs in parallel on a machine of one core too.
        let mut games = GameTable::new();
        let values = Values::new(Domineering::default()).in_parallel();
        let mut boards = every_board(&[(3, 3), (2, 5)]);
        boards.push(Board::empty(4, 4));
        let mut random = SplitMix64::new(5);
        let full = Board::empty(5, 5);
        boards.extend((0..20).map(|_| Board {
            free: full.free & u128::from(random.next_u64() | random.next_u64()),
            ..full
        }));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        for b in boards {
            let parallel = pool.install(|| values.value(&games, &b.into()));
            let plain = plain_value(&mut games, &b, &mut HashMap::new());
            assert_eq!(parallel, plain, "{}", b.to_grid_string());
        }
    }

    #[test]
    fn boards_past_eight_columns_agree_with_plain_recursion() {
        // Regions wider than the byte layout are held as boards until a move
        // cuts them to at most 8 x 8: sampled sets of cells of 2 x 9, 3 x 9
        // and 9 x 3 frames, and the empty 2 x 9.
        let mut random = SplitMix64::new(17);
        for (rows, cols) in [(2, 9), (3, 9), (9, 3)] {
            let mut games = GameTable::new();
            let values = Values::new(Domineering::default());
            let mut memo = HashMap::new();
            let full = Board::empty(rows, cols);
            for _ in 0..40 {
                let free = full.free & u128::from(random.next_u64());
                let b = Board { free, ..full };
                let fast = values.value(&games, &b.into());
                let plain = plain_value(&mut games, &b, &mut memo);
                assert_eq!(fast, plain, "{}", b.to_grid_string());
            }
        }
        let mut games = GameTable::new();
        let b = Board::empty(2, 9);
        let fast = Values::new(Domineering::default()).value(&games, &b.into());
        assert_eq!(fast, plain_value(&mut games, &b, &mut HashMap::new()));
    }

    #[test]
    fn shapes_in_boxes_past_the_keys_room_are_numbered_and_agree() {
        // An L of 14 cells spanning a 5 x 10 box (50 cells, past the 48 a
        // key holds), with sampled cells beside it: a region in such a box
        // is keyed by its number, and values agree with plain recursion.
        let frame = Board::empty(5, 10);
        let l = (0..5)
            .flat_map(|r| (0..10).map(move |c| (r, c)))
            .filter(|&(r, c)| c == 0 || r == 4)
            .fold(0, |free, (r, c)| free | frame.bit(r, c));
        let mut random = SplitMix64::new(3);
        let game = Domineering::default();
        let values = Values::new(Domineering::default());
        let mut games = GameTable::new();
        for k in 0..8 {
            let beside = if k == 0 {
                0
            } else {
                let r = random.next_u64() & random.next_u64() & random.next_u64();
                u128::from(r) & frame.free
            };
            let b = Board {
                free: l | beside,
                ..frame
            };
            let regions = b.regions();
            let widest = regions.iter().find(|r| r.free & l == l).expect("the L");
            let (key, _) = game.key(&Region::from(*widest));
            assert_eq!(key & 0xFFFF, 0, "{}", b.to_grid_string());
            let fast = values.value(&games, &b.into());
            let plain = plain_value(&mut games, &b, &mut HashMap::new());
            assert_eq!(fast, plain, "{}", b.to_grid_string());
        }
    }

    #[test]
    fn empty_four_by_four_agrees_with_plain_recursion() {
        let mut games = GameTable::new();
        let b = Board::empty(4, 4);
        let fast = Values::new(Domineering::default()).value(&games, &b.into());
        let plain = plain_value(&mut games, &b, &mut HashMap::new());
        assert_eq!(fast, plain);
        assert_eq!(
            games.display(fast),
            "{0,{{2|0},{2||2|0}|{2|0},{2|0||0}}|0,{{0|-2},{0||0|-2}|{0|-2},{0|-2||-2}}}"
        );
    }

    #[test]
    fn a_quarter_turn_negates_the_value() {
        let games = GameTable::new();
        let values = Values::new(Domineering::default());
        let shape = Board::from_grid_string("...|.#.|..#")
            .unwrap()
            .shape()
            .unwrap();
        let a = values.value(&games, &Region::from(shape));
        let b = values.value(&games, &Region::from(shape.transpose()));
        assert_eq!(games.neg(a), b);
        assert_eq!(
            values.value(&games, &Region::from(shape.mirror_columns())),
            a
        );
    }

    #[test]
    fn catalogue_counts_shapes_up_to_mirrors_and_half_turn() {
        let shapes = shapes_up_to(8);
        let by_size: Vec<usize> = (1..=8)
            .map(|n| shapes.iter().filter(|s| s.size() == n).count())
            .collect();
        assert_eq!(by_size, brute_force_classes(8));
        assert!(shapes.iter().all(|s| s.normalised(SYMMETRIES) == *s));
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
    fn a_line_of_128_cells_is_handled_without_overflow() {
        // Shifts by a whole row of 128 bits must not wrap. Only Right moves in
        // a row, so its value is minus the most moves Right can make: -2 for four.
        let games = GameTable::new();
        let values = Values::new(Domineering::default());
        let long = Board::empty(1, 128);
        let shape = long.shape().unwrap();
        assert_eq!((shape.rows, shape.cols), (1, 128));
        assert_eq!(shape.mirror_columns(), shape);
        let tall = Board::empty(128, 1);
        assert_eq!(tall.shape().unwrap(), shape.transpose());
        let four = values.value(&games, &Board::empty(1, 4).into());
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
