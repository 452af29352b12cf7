//! Chomp: a bar of `columns` x `rows` squares with the poison at column 1, row 1
//! (bottom left). A move takes a square and everything above and to the right
//! of it; nobody takes the poison. Under normal play the player left with the
//! bare poison cannot move and loses; under misère play the bare poison is a
//! win for the player to move.
//!
//! A position is a staircase of column heights, non-increasing from left to
//! right, whose first column is at least 1 (it holds the poison). Inside a
//! window of W x H there are C(W + H, H) - 1 of them, and every smaller bar is
//! one of them, so one labelling pass over the window answers every bar in it.
//!
//! This module owns the rules ([`eat`], [`openings`]), the position count
//! ([`positions_in`]), the direct walk that checks it ([`walk_bar`]), the
//! labelling ([`Labels`]) and the game as the Grundy evaluator reads it
//! ([`Staircases`]), which values a position as a nimber.
//!
//! # The labelling
//! Split a position into its first column `h` and its *tail*, columns 2..=W.
//! Among positions with one tail, at most one first-column height is lost: from
//! a taller first column, shortening it to that height is a move. So the
//! labelling stores one byte per tail, the losing first-column height or none,
//! and a position is lost exactly when its first column equals its tail's byte.
//! Tails are indexed densely by rank in the combinatorial number system, in
//! which a sub-staircase always ranks lower, so one pass in rank order sees
//! every child before its parent.
//!
//! For a tail `T` (column 2 of height `t`), the moves from `(h, T)` are:
//! shortening the first column to some `h' >= t` (covered by taking the least
//! losing `h`), cutting every column at a row `c < t` (leaves `(c, T')`, the
//! same for every `h`, so a lost one there makes every `(h, T)` won) and
//! moves inside the tail (leave `(h, T')`, lost when `T'`'s byte is `h`). The
//! byte of `T` is the least `h >= max(t, 1)` not hit by a tail move, unless a
//! cut is lost. A spare bit of each byte records whether some cut of the tail
//! (itself included) is lost, so the cuts cost one read; the moves inside the
//! tail are read row by row from the bottom, children's ranks updated by one
//! subtraction each, until every height still open is hit. Lost positions
//! are rare (under 1% of the 16 x 12 window), so most tails stop early. The
//! pass allocates nothing per position.
//!
//! A window with more columns than rows is labelled transposed: the rules are
//! symmetric about the diagonal through the poison, and the transposed window
//! has fewer tails. The table holds C(W + H - 1, min(W, H) - 1) bytes: 13.0
//! million for the 30.4 million positions of 16 x 12.

#![allow(
    clippy::cast_possible_truncation,
    reason = "heights and rows are at most MAX_SIDE (62), a u8; C(n, k) for n < 64 is below \
              2^63; a rank is below the walk's size, which is allocated, so fits a usize"
)]

use crate::cgt::nimber::Impartial;
use crate::cgt::walk::{Walk, walk_ranked};

/// The play convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// The player left with the bare poison loses.
    Normal,
    /// The bare poison is a win for the player to move.
    Misere,
}

/// The longest side of a window: heights are bytes and the first-column
/// heights a tail's moves hit are kept as bits of a `u64`.
pub const MAX_SIDE: usize = 62;
/// Bytes of labels (one per tail) above which a window is refused: 4 GiB,
/// past any budget a generator sets (`chomp-needles` allows 256 MiB unless an
/// essay raises it), so that a raised budget still meets a clear refusal.
pub const MAX_TABLE_BYTES: u128 = 1 << 32;

/// The bits of a tail's byte holding its losing first-column height.
const FIRST: u8 = 0x3f;
/// Those bits when no first-column height is lost; as a bit index it is above
/// every height.
const NONE: u8 = FIRST;
/// The bit of a tail's byte set when some cut of the tail at a row `c` from 1
/// to its column 2's height, with the first column cut to `c` as well, is a
/// lost position.
const CUT_LOST: u8 = 0x80;

/// Why a window cannot be labelled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WindowError {
    /// A window without columns or without rows.
    #[error("a Chomp window needs at least one column and one row, not {columns} x {rows}")]
    Empty {
        /// Columns asked for.
        columns: usize,
        /// Rows asked for.
        rows: usize,
    },
    /// A side past [`MAX_SIDE`].
    #[error("the {columns} x {rows} window has a side longer than the limit of {MAX_SIDE}")]
    TooLong {
        /// Columns asked for.
        columns: usize,
        /// Rows asked for.
        rows: usize,
    },
    /// Labels past [`MAX_TABLE_BYTES`].
    #[error(
        "the {columns} x {rows} window needs {bytes} bytes of labels (one per staircase of \
         its columns after the first, or of its rows after the first if fewer); the limit is \
         {MAX_TABLE_BYTES} bytes"
    )]
    TooBig {
        /// Columns asked for.
        columns: usize,
        /// Rows asked for.
        rows: usize,
        /// Bytes of labels the window needs.
        bytes: u128,
    },
}

/// C(n, k), saturating at `u128::MAX`.
pub fn binomial(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        // r * (n - i) is divisible by i + 1 after the multiplication.
        r = match r.checked_mul(u128::from(n - i)) {
            Some(v) => v / u128::from(i + 1),
            None => return u128::MAX,
        };
    }
    r
}

/// Positions of a `columns` x `rows` bar: C(columns + rows, rows) - 1.
pub fn positions_in(columns: usize, rows: usize) -> u128 {
    binomial((columns + rows) as u64, rows as u64) - 1
}

/// Refuses windows that cannot be labelled, naming the limit.
pub fn check_window(columns: usize, rows: usize) -> Result<(), WindowError> {
    if columns == 0 || rows == 0 {
        return Err(WindowError::Empty { columns, rows });
    }
    if columns > MAX_SIDE || rows > MAX_SIDE {
        return Err(WindowError::TooLong { columns, rows });
    }
    let bytes = table_bytes(columns, rows);
    if bytes > MAX_TABLE_BYTES {
        return Err(WindowError::TooBig {
            columns,
            rows,
            bytes,
        });
    }
    Ok(())
}

/// Bytes of labels for the `columns` x `rows` window: one per tail (the
/// columns after the first) of the window or of its transpose, whichever has
/// fewer, C(columns + rows - 1, min(columns, rows) - 1).
pub fn table_bytes(columns: usize, rows: usize) -> u128 {
    binomial((columns + rows - 1) as u64, (columns.min(rows) - 1) as u64)
}

/// The full `columns` x `rows` bar as column heights.
pub fn bar(columns: usize, rows: usize) -> Vec<u8> {
    vec![u8::try_from(rows).expect("a bar's height is a u8, at most MAX_SIDE"); columns]
}

/// Whether `heights` is a position: non-increasing, first column at least 1.
pub fn is_position(heights: &[u8]) -> bool {
    heights.first().is_some_and(|&h| h >= 1) && heights.windows(2).all(|w| w[0] >= w[1])
}

/// The position after taking the square at `column`, `row` (both from 1):
/// columns from `column` on are cut to `row - 1` squares. Trailing empty
/// columns are dropped.
pub fn eat(heights: &[u8], column: usize, row: usize) -> Vec<u8> {
    let cap = u8::try_from(row - 1).expect("a row below a column's u8 height");
    let mut out: Vec<u8> = heights
        .iter()
        .enumerate()
        .map(|(k, &h)| if k + 1 >= column { h.min(cap) } else { h })
        .collect();
    while out.last() == Some(&0) {
        out.pop();
    }
    out
}

/// Squares the move at `column`, `row` takes from `heights`.
pub fn eats(heights: &[u8], column: usize, row: usize) -> usize {
    heights
        .iter()
        .skip(column - 1)
        .map(|&h| usize::from(h).saturating_sub(row - 1))
        .sum()
}

/// Every move from `heights` as (column, row), both from 1, column by column
/// and bottom to top: every square but the poison.
pub fn openings(heights: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    heights.iter().enumerate().flat_map(|(k, &h)| {
        let first_row = if k == 0 { 2 } else { 1 };
        (first_row..=usize::from(h)).map(move |r| (k + 1, r))
    })
}

/// Walks every position reachable from the `columns` x `rows` bar: a count
/// independent of the labelling, made by playing every move.
///
/// A staircase is its boundary, a lattice path of `columns + rows` unit steps
/// from the window's top-left corner to its bottom-right: bit `i` of a word is
/// set when step `i` goes right (one bit per column), clear when it goes down
/// (one per row). Taking the square of column `j`, row `k` moves the down
/// steps between column `j`'s right step at `a` and row `k`'s down step at
/// `b > a` to the start of that stretch: the word keeps its bits outside
/// `a..=b` and has its right steps at the top of it. Right steps only move
/// up, so every move makes the word larger, and the words, ranked in the
/// combinatorial number system (which keeps their order), number the
/// positions densely for [`walk_ranked`]: 8 bytes a position.
pub fn walk_bar(columns: usize, rows: usize) -> Walk {
    let steps = columns + rows;
    assert!(
        columns > 0 && rows > 0 && steps < 64,
        "a walked bar has a column, a row and fewer than 64 of both"
    );
    // C(n, k) at n * (steps + 2) + k for n up to `steps`, k up to n + 1.
    let stride = steps + 2;
    let choose: Vec<u64> = (0..=steps as u64)
        .flat_map(|n| (0..stride as u64).map(move |k| binomial(n, k) as u64))
        .collect();
    let c = |n: usize, k: usize| choose[n * stride + k];
    let size = c(steps, columns) as usize;
    let full = (1u64 << steps) - 1;
    // The word of rank `at`: the bar is the least word, all right steps first.
    let (mut word, mut at) = ((1u64 << columns) - 1, 0);
    // below[p]: the rank's share from the right steps before step p, each at
    // position q the i-th (from 0) adding C(q, i + 1).
    let mut below = [0u64; 65];
    walk_ranked(size, 0, |rank, to| {
        while at < rank {
            word = next_with_same_ones(word);
            at += 1;
        }
        let mut ones = 0;
        for p in 0..steps {
            below[p + 1] = below[p];
            if word >> p & 1 == 1 {
                ones += 1;
                below[p + 1] += c(p, ones);
            }
        }
        debug_assert_eq!(below[steps] as usize, rank);
        let downs = !word & full;
        // The poison: column 1's right step and row 1's down step.
        let poison = (word.trailing_zeros(), downs.ilog2());
        for (k0, a) in bit_positions(word).enumerate() {
            let later = downs & !((2u64 << a) - 1);
            for (d, b) in bit_positions(later).enumerate() {
                if (a, b) == poison {
                    continue;
                }
                // The stretch a..=b holds d + 1 down steps, then right steps
                // k0, k0 + 1, ... at positions a + d + 1 ..= b: by the hockey
                // stick their share is C(b + 1, q) - C(a + d + 1, q).
                let (a, b, first) = (a as usize, b as usize, a as usize + d + 1);
                let q = first - k0;
                let child = rank as u64 - (below[b + 1] - below[a]) + c(b + 1, q) - c(first, q);
                to.push(child as usize);
            }
        }
    })
}

/// The next larger word with as many bits set (Gosper's hack).
fn next_with_same_ones(word: u64) -> u64 {
    let low = word & word.wrapping_neg();
    let carried = word + low;
    carried | (((carried ^ word) >> 2) / low)
}

/// The positions of the bits set in `word`, lowest first.
fn bit_positions(mut word: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let p = word.trailing_zeros();
            word &= word - 1;
            p
        })
    })
}

/// One winning opening: the square taken and how many squares it eats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The square's column, from 1.
    pub column: usize,
    /// The square's row, from 1.
    pub row: usize,
    /// Squares the bite removes, the taken one among them.
    pub eats: usize,
}

/// Win/loss labels of every position of a window.
pub struct Labels {
    columns: usize,
    rows: usize,
    /// Whether `tails` labels the transposed window (rows as columns), which
    /// has fewer tails when there are more columns than rows. Transposing a
    /// position keeps its label: the rules are symmetric in the diagonal.
    transposed: bool,
    tails: Tails,
}

impl Labels {
    /// Labels every position of the `columns` x `rows` window in one pass.
    pub fn new(columns: usize, rows: usize, play: Play) -> Result<Labels, WindowError> {
        check_window(columns, rows)?;
        let transposed = columns > rows;
        let tails = if transposed {
            Tails::new(rows, columns, play)
        } else {
            Tails::new(columns, rows, play)
        };
        Ok(Labels {
            columns,
            rows,
            transposed,
            tails,
        })
    }

    /// Positions of the window, counted over the tails the labelling
    /// enumerates (a walk of the table, not a formula).
    pub fn positions(&self) -> u64 {
        self.tails.positions()
    }

    /// Lost positions of the window.
    pub fn lost(&self) -> u64 {
        self.tails.lost()
    }

    /// Whether the player to move loses from `heights`; `None` when it is not
    /// a position of the window.
    pub fn is_lost(&self, heights: &[u8]) -> Option<bool> {
        if !is_position(heights)
            || heights.len() > self.columns
            || usize::from(heights[0]) > self.rows
        {
            return None;
        }
        if !self.transposed {
            return Some(self.tails.is_lost(heights));
        }
        // The transposed staircase: row k's length becomes column k's height.
        let mut rows = [0u8; MAX_SIDE];
        for &h in heights {
            for r in &mut rows[..usize::from(h)] {
                *r += 1;
            }
        }
        Some(self.tails.is_lost(&rows[..usize::from(heights[0])]))
    }

    /// The winning openings from `heights` (the moves that leave a lost
    /// position) in the order of [`openings`]; `None` when it is not a
    /// position of the window.
    pub fn winning_openings(&self, heights: &[u8]) -> Option<Vec<Opening>> {
        self.is_lost(heights)?;
        Some(
            openings(heights)
                .filter(|&(c, r)| self.is_lost(&eat(heights, c, r)) == Some(true))
                .map(|(column, row)| Opening {
                    column,
                    row,
                    eats: eats(heights, column, row),
                })
                .collect(),
        )
    }
}

/// The labels of a window in the orientation they are computed in: one byte
/// per tail.
struct Tails {
    columns: usize,
    rows: usize,
    play: Play,
    /// For each tail (columns 2..=W) by rank, the first-column height that
    /// makes the position lost, or [`NONE`], with the [`CUT_LOST`] bit.
    table: Vec<u8>,
    /// `weight[i * (rows + 1) + h]` = C(h + i, i + 1): what tail column `i`
    /// (counted from the right, from 0) of height `h` adds to the rank.
    weight: Vec<usize>,
    /// `cut_step[c * columns + p]`: the rank a tail gains when the row it is
    /// cut at rises from `c - 1` to `c` and its columns from `p` (counted
    /// from the right) on reach row `c`.
    cut_step: Vec<usize>,
}

impl Tails {
    /// Labels a window that [`check_window`] accepted.
    fn new(columns: usize, rows: usize, play: Play) -> Tails {
        let n = columns - 1;
        let tails = binomial((n + rows) as u64, rows as u64) as usize;
        let w = |i: usize, h: usize| binomial((h + i) as u64, (i + 1) as u64) as usize;
        let weight = (0..n.max(1))
            .flat_map(|i| (0..=rows).map(move |h| w(i, h)))
            .collect();
        let cut_step = (0..=rows)
            .flat_map(|c| (0..=n).map(move |p| (p..n).map(|i| w(i, c) - w(i, c.max(1) - 1)).sum()))
            .collect();
        let mut labels = Tails {
            columns,
            rows,
            play,
            table: vec![NONE; tails],
            weight,
            cut_step,
        };
        labels.label();
        labels
    }

    fn weight(&self, i: usize, h: u8) -> usize {
        self.weight[i * (self.rows + 1) + usize::from(h)]
    }

    /// The pass over every tail in rank order.
    fn label(&mut self) {
        let n = self.columns - 1;
        let rows = self.rows;
        // The tail's heights from the right (non-decreasing): `a[n - 1]` is column 2.
        let mut a = vec![0u8; n];
        for rank in 0..self.table.len() {
            self.table[rank] = self.byte_of(rank, &a);
            advance(&mut a, rows as u8);
        }
    }

    /// The byte of the tail `a` (heights from the right) of rank `rank`;
    /// every tail of lower rank is labelled.
    fn byte_of(&self, rank: usize, a: &[u8]) -> u8 {
        let top = a.last().copied().unwrap_or(0);
        let first = self.first_of(rank, a, top);
        if first == top && top >= 1 {
            first | CUT_LOST
        } else {
            first
        }
    }

    /// The losing first-column height of the tail `a` with column 2 of height
    /// `top`, or [`NONE`].
    fn first_of(&self, rank: usize, a: &[u8], top: u8) -> u8 {
        let n = a.len();
        // Cuts: the move at (1, c + 1), c < top, leaves (c, T cut at row c)
        // whatever the first column; if one is lost, no (h, T) is. The tail
        // cut at row top - 1 carries that answer for every c < top.
        if top >= 2 {
            let p = a.iter().position(|&h| h == top).unwrap_or(n);
            let cut = rank - self.cut_step[usize::from(top) * (n + 1) + p];
            if self.table[cut] & CUT_LOST != 0 {
                return NONE | CUT_LOST;
            }
        }
        let lo = if self.play == Play::Misere && top == 0 {
            // The bare poison is won: a lone column needs two squares.
            2
        } else {
            top.max(1)
        };
        let need = ((1u64 << (self.rows + 1)) - 1) & !((1u64 << lo) - 1);
        // Moves inside the tail at row j leave (h, T'), lost when h is the
        // first-column height of T'.
        let mut hit = 0u64;
        let mut p = 0;
        for j in 1..=top {
            while a[p] < j {
                p += 1;
            }
            let mut child = rank;
            for (i, &h) in a.iter().enumerate().skip(p) {
                child -= self.weight(i, h) - self.weight(i, j - 1);
                hit |= 1u64 << (self.table[child] & FIRST);
            }
            if hit & need == need {
                return NONE;
            }
        }
        let open = need & !hit;
        if open == 0 {
            NONE
        } else {
            open.trailing_zeros() as u8
        }
    }

    /// Positions of the window, counted from the labels: for each tail, the
    /// first-column heights from max(column 2, 1) to the window's height.
    fn positions(&self) -> u64 {
        self.tails()
            .map(|(_, top)| (self.rows - usize::from(top.max(1)) + 1) as u64)
            .sum()
    }

    fn lost(&self) -> u64 {
        self.table.iter().filter(|&&b| b & FIRST != NONE).count() as u64
    }

    /// Each tail's rank with the height of its column 2, in rank order.
    fn tails(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        let n = self.columns - 1;
        let mut a = vec![0u8; n];
        (0..self.table.len()).map(move |rank| {
            let top = a.last().copied().unwrap_or(0);
            advance(&mut a, self.rows as u8);
            (rank, top)
        })
    }

    /// The rank of the tail of a position of this window (columns 2..,
    /// padded with empty columns).
    fn tail_rank(&self, heights: &[u8]) -> usize {
        heights
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, &h)| self.weight(self.columns - 1 - k, h))
            .sum()
    }

    /// Whether a position of this window is lost.
    fn is_lost(&self, heights: &[u8]) -> bool {
        self.table[self.tail_rank(heights)] & FIRST == heights[0]
    }
}

/// Chomp under normal play as an impartial game, for the Grundy evaluator
/// ([`crate::cgt::nimber::Grundy`]): a position is its column heights, one
/// region (a bite reaches every column), the bare poison without moves.
/// Its key is the staircase's boundary as a word of right steps (set bits)
/// and down steps from the top-left corner, under a leading set bit: a
/// window of [`MAX_SIDE`] x [`MAX_SIDE`] takes 125 bits.
pub struct Staircases;

impl Impartial for Staircases {
    type Position = Vec<u8>;
    type Key = u128;

    fn moves(&self, heights: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        out.extend(openings(heights).map(|(c, r)| eat(heights, c, r)));
    }

    fn regions(&self, heights: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if heights.as_slice() != [1] {
            out.push(heights.clone());
        }
    }

    fn key(&self, heights: &Vec<u8>) -> u128 {
        let mut word = 1u128;
        let mut above = heights.first().copied().unwrap_or(0);
        for &h in heights {
            word = (word << (above - h) << 1) | 1;
            above = h;
        }
        word << above
    }

    fn size(&self, heights: &Vec<u8>) -> u32 {
        heights.iter().map(|&h| u32::from(h)).sum()
    }
}

/// The next non-decreasing sequence in colex order (rank + 1): raise the
/// first entry that can rise and reset the ones before it.
fn advance(a: &mut [u8], rows: u8) {
    let n = a.len();
    for i in 0..n {
        let bound = if i + 1 < n { a[i + 1] } else { rows };
        if a[i] < bound {
            a[i] += 1;
            a[..i].fill(0);
            return;
        }
    }
}

#[cfg(test)]
mod tests;
