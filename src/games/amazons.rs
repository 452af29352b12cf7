//! Amazons on a small rectangular board: each player's amazons, burnt squares
//! and empty squares. A move: one of your amazons moves like a chess queen
//! over empty squares, then shoots an arrow, queen-like again from where it
//! landed, that burns the square it lands on. The player who cannot move
//! loses. Left's amazons are `L`, Right's `R`.
//!
//! This module owns the rules and the game as the core's evaluator
//! ([`crate::cgt::partizan::Values`]) sees it ([`Amazons`]):
//!
//! - **Regions** are the components, under 8-adjacency (queens move
//!   diagonally), of all squares that are not burnt, amazons included. Burnt
//!   squares never return, so no move ever crosses from one region to
//!   another. Components of empty squares alone are not enough: an amazon
//!   next to another amazon can move into the square that one vacates. On
//!   `#R.L|L##.` Left's amazon in the second row, first column has no empty
//!   neighbour, yet once Right's amazon leaves the square diagonally above it,
//!   it can move there: the board is a Left win, while summing over groups of
//!   empty squares (which leaves that amazon out) gives a first-player win. A
//!   region with no amazon of either side, or no empty square, has no move
//!   and is worth 0.
//! - **Keys**: a region cut to its bounding box, as its least image under the
//!   eight symmetries of the box, which keep the value; swapping the colours
//!   of the amazons negates it.
//!
//! [`value`] reads a board (rows of `.` empty, `#` burnt, `L` and `R` amazons,
//! joined by `|`) and gives its canonical value and its outcome. Boards hold
//! up to 128 squares (10 x 10 fits); the search is practical for regions of up
//! to about [`MAX_EMPTY`] empty squares.

use crate::cgt::canonical::{GameId, GameTable, Outcome};
use crate::cgt::grid::{Frame, GridError, Shape, bits, least_image_of_layers};
use crate::cgt::partizan::{Partizan, Values};

/// A position: the squares of a rectangle, each empty, burnt or holding an
/// amazon of one side (bit `r * cols + c` for square (r, c)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    frame: Frame<u128>,
    left: u128,
    right: u128,
    empty: u128,
}

/// What a square of a board string may hold.
const SQUARES: &str = "none of `.` (empty), `#` (burnt), `L` or `R` (amazons)";

impl Board {
    /// Reads rows of `.` (empty), `#` (burnt), `L` and `R` (amazons) joined
    /// by `|`.
    pub fn parse(grid: &str) -> Result<Board, GridError> {
        let (frame, [empty, _, left, right]) =
            Frame::parse_marks(grid, ['.', '#', 'L', 'R'], SQUARES)?;
        Ok(Board {
            frame,
            left,
            right,
            empty,
        })
    }

    /// Rows of `.`, `#`, `L` and `R` joined by `|`: the inverse of [`Board::parse`].
    pub fn to_grid_string(&self) -> String {
        let square = |r, c| {
            let bit = self.frame.bit(r, c);
            [(self.empty, '.'), (self.left, 'L'), (self.right, 'R')]
                .iter()
                .find(|(set, _)| set & bit != 0)
                .map_or('#', |&(_, mark)| mark)
        };
        (0..self.frame.rows())
            .map(|r| (0..self.frame.cols()).map(|c| square(r, c)).collect())
            .collect::<Vec<String>>()
            .join("|")
    }

    /// The board with the colours of the amazons swapped: its negative.
    pub fn swapped(&self) -> Board {
        Board {
            left: self.right,
            right: self.left,
            ..*self
        }
    }

    /// The empty squares, Left's and Right's amazons, each as a set of
    /// squares in the board's own box.
    #[allow(
        clippy::cast_possible_truncation,
        reason = "a frame's sides are at most its 128 cells"
    )]
    fn layers(&self) -> [Shape<u128>; 3] {
        let (rows, cols) = (self.frame.rows() as u8, self.frame.cols() as u8);
        [self.empty, self.left, self.right].map(|cells| Shape { rows, cols, cells })
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.frame.rows()
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.frame.cols()
    }

    /// How many squares are empty.
    pub fn empty_squares(&self) -> u32 {
        self.empty.count_ones()
    }

    /// The squares, as (row, column), of each region [`Amazons::regions`]
    /// gives, in its order: where each region lies on this board.
    pub fn region_squares(&self) -> Vec<Vec<(usize, usize)>> {
        self.live_regions()
            .map(|region| self.frame.cells(region).collect())
            .collect()
    }

    /// The regions with a move (see the module doc), as sets of squares, in
    /// the order of their first square.
    fn live_regions(&self) -> impl Iterator<Item = u128> + use<> {
        let amazons = self.left | self.right;
        let empty = self.empty;
        // A region with an amazon and an empty square has a move: on a path
        // from an amazon to an empty square, the last amazon before the first
        // empty square is next to it.
        self.frame
            .king_components(empty | amazons)
            .filter(move |region| region & amazons != 0 && region & empty != 0)
    }

    /// The boards after each move of Left's amazons (`left`) or Right's,
    /// pushed onto `out`: an amazon moves to a square a queen reaches over
    /// empty squares, then shoots an arrow from there over the empty squares
    /// (the one it left included) and burns the square it lands on.
    fn moves(&self, left: bool, out: &mut Vec<Board>) {
        let own = if left { self.left } else { self.right };
        for from in bits(own) {
            for to in bits(self.frame.queen_reach(from, self.empty)) {
                let empty = (self.empty | from) & !to;
                let moved = (own & !from) | to;
                let (l, r) = if left {
                    (moved, self.right)
                } else {
                    (self.left, moved)
                };
                out.extend(bits(self.frame.queen_reach(to, empty)).map(|arrow| Board {
                    left: l,
                    right: r,
                    empty: empty & !arrow,
                    ..*self
                }));
            }
        }
    }
}

/// Amazons as a [`Partizan`] game: see the module doc for its regions and keys.
#[derive(Clone, Copy, Debug, Default)]
pub struct Amazons;

/// A region's memo key: the least image of its three layers (empty squares,
/// Left's amazons, Right's) under the symmetries, or of its colour swap. The
/// layers share one box, whose size is held once, and their cells are held as
/// pairs of words: 56 bytes, where three shapes of `u128` cells take 96. The
/// shared memo keeps each entry in a slot of its own, so the size counts:
/// `L.R.|.L..|R...|.###` took 93 MB and 6.6 s of CPU, against 150 MB and 7.1 s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    rows: u8,
    cols: u8,
    layers: [[u64; 2]; 3],
}

impl From<[Shape<u128>; 3]> for Key {
    #[allow(
        clippy::cast_possible_truncation,
        reason = "a layer's 128 bits split into two u64 halves on purpose"
    )]
    fn from(layers: [Shape<u128>; 3]) -> Key {
        Key {
            rows: layers[0].rows,
            cols: layers[0].cols,
            layers: layers.map(|l| [l.cells as u64, (l.cells >> 64) as u64]),
        }
    }
}

impl Partizan for Amazons {
    type Position = Board;
    type Key = Key;

    fn regions(&self, board: &Board, out: &mut Vec<Board>) {
        let frame = board.frame;
        for region in board.live_regions() {
            let b = frame.bounding_box(region).expect("a region has squares");
            let [empty, left, right] =
                [board.empty, board.left, board.right].map(|set| frame.cut(set & region, &b));
            out.push(Board {
                frame: empty.frame(),
                left: left.cells,
                right: right.cells,
                empty: empty.cells,
            });
        }
    }

    fn left_options(&self, board: &Board, out: &mut Vec<Board>) {
        board.moves(true, out);
    }

    fn right_options(&self, board: &Board, out: &mut Vec<Board>) {
        board.moves(false, out);
    }

    fn key(&self, region: &Board) -> (Key, bool) {
        let plain = least_image_of_layers(region.layers());
        let swapped = least_image_of_layers(region.swapped().layers());
        if swapped < plain {
            (Key::from(swapped), true)
        } else {
            (Key::from(plain), false)
        }
    }
}

/// The regions [`value`] accepts by default: at most this many empty squares
/// each. Measured on a release build: `L.R..|.....|....#` (12 empty squares,
/// 2 amazons) takes 3.8 s of CPU, 112 MB and 112,000 regions searched, and
/// `L.R.|.L..|R...|....` (12 empty squares, 4 amazons) over 90 s and 1.4 GB;
/// each amazon more costs more.
pub const MAX_EMPTY: u32 = 12;

/// A board's value in `CGSuite`'s notation and who wins it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Value {
    /// The canonical form, as `CGSuite` writes it.
    pub canonical: String,
    /// Who wins, with either player to move first.
    pub outcome: Outcome,
}

/// Why a board was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AmazonsError {
    /// The grid does not read as a board.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// A region with more empty squares than a value is computed for.
    #[error(
        "a region (squares joined by a king's move, burnt ones apart) has {empty} empty \
         squares; values are limited to regions of {max}"
    )]
    RegionTooLarge {
        /// Empty squares of the region.
        empty: u32,
        /// The most a region may have ([`MAX_EMPTY`]).
        max: u32,
    },
}

/// The canonical value and the outcome of the board `grid` (rows of `.`,
/// `#`, `L`, `R` joined by `|`); a board with a region of more than
/// `max_empty` empty squares is refused before any search.
pub fn value(grid: &str, max_empty: u32) -> Result<Value, AmazonsError> {
    let games = GameTable::new();
    let v = value_in(&games, grid, max_empty)?;
    Ok(Value {
        canonical: games.display(v),
        outcome: games.outcome(v),
    })
}

/// The canonical value of the board `grid`, a game of `games`, refused as
/// [`value`] refuses it.
pub fn value_in(games: &GameTable, grid: &str, max_empty: u32) -> Result<GameId, AmazonsError> {
    let board = checked(grid, max_empty)?;
    Ok(Values::new(Amazons).value(games, &board))
}

/// The board `grid`, refused as [`value`] refuses it, before any search.
pub fn checked(grid: &str, max_empty: u32) -> Result<Board, AmazonsError> {
    let board = Board::parse(grid)?;
    let mut regions = Vec::new();
    Amazons.regions(&board, &mut regions);
    if let Some(empty) = regions
        .iter()
        .map(|r| r.empty.count_ones())
        .max()
        .filter(|&e| e > max_empty)
    {
        return Err(AmazonsError::RegionTooLarge {
            empty,
            max: max_empty,
        });
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn board(grid: &str) -> Board {
        Board::parse(grid).unwrap()
    }

    /// The value by plain search over whole boards: no regions, no symmetry.
    fn brute(games: &mut GameTable, b: &Board, memo: &mut HashMap<Board, GameId>) -> GameId {
        if let Some(&g) = memo.get(b) {
            return g;
        }
        let mut sides = [true, false].map(|left| {
            let mut options = Vec::new();
            b.moves(left, &mut options);
            options
                .iter()
                .map(|o| brute(games, o, memo))
                .collect::<Vec<_>>()
        });
        let right = std::mem::take(&mut sides[1]);
        let g = games.game(&sides[0], &right);
        memo.insert(*b, g);
        g
    }

    /// The evaluator's and the brute force's values of `grid`, in one table.
    fn both(grid: &str) -> (String, String) {
        let mut games = GameTable::new();
        let b = board(grid);
        let fast = Values::new(Amazons).value(&games, &b);
        let plain = brute(&mut games, &b, &mut HashMap::new());
        (games.display(fast), games.display(plain))
    }

    #[test]
    fn reads_and_writes_boards() {
        for grid in ["#R.L|L##.", "L", "..|RL|#."] {
            assert_eq!(board(grid).to_grid_string(), grid);
        }
        assert_eq!(board("L.R").swapped().to_grid_string(), "R.L");
    }

    #[test]
    fn refuses_bad_boards_saying_where_and_what_was_expected() {
        let err = Board::parse("L.|.x").unwrap_err();
        assert_eq!(
            err.to_string(),
            "row 2, column 2: `x` is none of `.` (empty), `#` (burnt), `L` or `R` (amazons)"
        );
        assert!(matches!(
            Board::parse("L..|."),
            Err(GridError::Ragged { row: 2, .. })
        ));
        assert!(matches!(
            Board::parse(&".".repeat(129)),
            Err(GridError::TooLarge { .. })
        ));
        let err = value(&format!("L{}", ".".repeat(13)), MAX_EMPTY).unwrap_err();
        assert_eq!(err, AmazonsError::RegionTooLarge { empty: 13, max: 12 });
        assert!(err.to_string().contains("13 empty squares"), "{err}");
    }

    // On a 1 x n strip an amazon that moves must also shoot, so every move
    // burns a square. By hand:
    // - `L.`: Left moves right and must shoot back into the square it left:
    //   `#L`, no move. One Left move, none for Right: {0 | } = 1.
    // - `L..`: Left's options are `#L.` and `.L#` (each 1: one more move),
    //   `.#L` (0: blocked) and `#.L` (1). {0, 1 | } = 2.
    // - `.L.`: to the left shooting back `L#.` (0), or over the vacated
    //   square `L.#` (1); the same to the right. {0, 1 | } = 2.
    // - `L.L`: either amazon moves into the middle and burns the square it
    //   left; nothing is left to do. {0 | } = 1.
    // - `L.R`: Left moves to the middle and burns where it was, `#LR`: no
    //   move for either. Right likewise. {0 | 0} = *.
    // - `L..R`: Left's best is `.L#R` (1: Left still has a move back, Right
    //   none), better than `#L.R` (= {0 | 0} = *) and `.#LR` (0); by the
    //   colour swap Right's best is -1. {1 | -1} = +-1.
    // - `R..` is `L..` with the colours swapped: -2.
    // - `L`, `LR`, `L#.` have no move: 0.
    #[test]
    fn one_by_n_strips_have_their_hand_worked_values() {
        let cases = [
            ("L.", "1"),
            ("L..", "2"),
            (".L.", "2"),
            ("L.L", "1"),
            ("L.R", "*"),
            ("L..R", "+-1"),
            ("R..", "-2"),
            ("L", "0"),
            ("LR", "0"),
            ("L#.", "0"),
        ];
        for (grid, expected) in cases {
            let (fast, plain) = both(grid);
            assert_eq!(
                (fast.as_str(), plain.as_str()),
                (expected, expected),
                "{grid}"
            );
        }
    }

    #[test]
    fn regions_are_king_connected_and_include_amazons_without_an_empty_neighbour() {
        let b = board("#R.L|L##.");
        let mut regions = Vec::new();
        Amazons.regions(&b, &mut regions);
        assert_eq!(regions.len(), 1);
        assert_eq!(regions[0].to_grid_string(), "#R.L|L##.");
        // By brute force the board is a Left win, and so by regions.
        let (fast, plain) = both("#R.L|L##.");
        assert_eq!(fast, plain);
        let outcome = |grid: &str| value(grid, MAX_EMPTY).unwrap().outcome;
        assert_eq!(outcome("#R.L|L##."), Outcome::Left);
        // Summing over groups of empty squares leaves the amazon in the second
        // row out: the same board without it is a first-player win.
        assert_eq!(outcome("#R.L|###."), Outcome::First);
        // Regions are cut to their box; one with no amazon, or no empty
        // square, is left out.
        let b = board("L.#..|..###|####R|###RR");
        regions.clear();
        Amazons.regions(&b, &mut regions);
        let grids: Vec<String> = regions.iter().map(Board::to_grid_string).collect();
        assert_eq!(grids, ["L.|.."]);
        assert_eq!(b.region_squares(), [vec![(0, 0), (0, 1), (1, 0), (1, 1)]]);
        assert_eq!((b.rows(), b.cols(), b.empty_squares()), (4, 5, 5));
        assert_eq!(both("L.#..|..###|####R|###RR").1, both("L.|..").1);
    }

    #[test]
    #[allow(
        clippy::cast_possible_truncation,
        reason = "a test board of at most 6 squares"
    )]
    fn evaluator_agrees_with_brute_force_on_every_small_board() {
        // Every board of a 1 x 5 and a 2 x 3 frame, each square any of the four.
        for (rows, cols) in [(1, 5), (2, 3)] {
            let mut games = GameTable::new();
            let values = Values::new(Amazons);
            let mut memo = HashMap::new();
            let n = rows * cols;
            for code in 0..4usize.pow(n as u32) {
                let squares: String = (0..n)
                    .map(|i| ['.', '#', 'L', 'R'][code / 4usize.pow(i as u32) % 4])
                    .collect();
                let rows: Vec<&str> = (0..rows)
                    .map(|r| &squares[r * cols..(r + 1) * cols])
                    .collect();
                let b = board(&rows.join("|"));
                let fast = values.value(&games, &b);
                assert_eq!(
                    fast,
                    brute(&mut games, &b, &mut memo),
                    "{}",
                    b.to_grid_string()
                );
            }
        }
    }

    #[test]
    fn the_eight_symmetries_of_the_board_keep_its_value() {
        for grid in ["L..|.#R|...", "L.#.|..R.", "#R.L|L##."] {
            let b = board(grid);
            let mut games = GameTable::new();
            let mut memo = HashMap::new();
            let expected = Values::new(Amazons).value(&games, &b);
            let images = b.layers().map(|layer| layer.images());
            for i in 0..8 {
                let [empty, left, right] = images.map(|layer| layer[i]);
                let image = Board {
                    frame: empty.frame(),
                    left: left.cells,
                    right: right.cells,
                    empty: empty.cells,
                };
                let plain = brute(&mut games, &image, &mut memo);
                assert_eq!(plain, expected, "{}", image.to_grid_string());
            }
        }
    }

    #[test]
    fn a_board_plus_its_colour_swapped_copy_is_zero() {
        // G and -G side by side, a burnt column between: one board.
        for grid in ["L..|.#R|...", "#R.L|L##.", "L.R|.L.|R.."] {
            let b = board(grid);
            let rows: Vec<String> = b
                .to_grid_string()
                .split('|')
                .zip(b.swapped().to_grid_string().split('|'))
                .map(|(g, minus)| format!("{g}#{minus}"))
                .collect();
            let v = value(&rows.join("|"), MAX_EMPTY).unwrap();
            assert_eq!(v.canonical, "0", "{grid}");
            assert_eq!(v.outcome, Outcome::Second);
        }
        // The colour swap's memo entry gives the negative without a search.
        let games = GameTable::new();
        let values = Values::new(Amazons);
        let g = values.value(&games, &board("L.R|.L.|R.."));
        let evaluated = values.regions_evaluated();
        let minus = values.value(&games, &board("R.L|.R.|L.."));
        assert_eq!(minus, games.neg(g));
        assert_eq!(values.regions_evaluated(), evaluated);
    }

    #[test]
    fn a_ten_by_ten_board_of_small_rooms_is_the_sum_of_the_rooms() {
        // Three rooms walled by burnt squares, king moves included: `L..R`
        // (+-1), `L.|.R` and `R..|.#L|...` in the far corner.
        let mut rows = vec!["#".repeat(10); 10];
        rows[0] = "L..R######".to_string();
        rows[2] = "L.########".to_string();
        rows[3] = ".R########".to_string();
        rows[7] = "#######R..".to_string();
        rows[8] = "#######.#L".to_string();
        rows[9] = "#######...".to_string();
        let mut games = GameTable::new();
        let mut memo = HashMap::new();
        let rooms: Vec<GameId> = ["L..R", "L.|.R", "R..|.#L|..."]
            .iter()
            .map(|grid| brute(&mut games, &board(grid), &mut memo))
            .collect();
        let sum = games.sum_of(&rooms);
        let whole = Values::new(Amazons).value(&games, &board(&rows.join("|")));
        assert_eq!(whole, sum);
    }

    #[test]
    fn value_names_the_outcome() {
        let v = value("L..R", MAX_EMPTY).unwrap();
        assert_eq!(v.canonical, "+-1");
        assert_eq!(v.outcome, Outcome::First);
        assert_eq!(value("R..#L.", MAX_EMPTY).unwrap().outcome, Outcome::Right);
    }
}
