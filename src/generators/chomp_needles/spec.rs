//! The declaration of `chomp-needles`: its parameters, the limits that refuse a
//! run, and the data keys, identities and views a run documents.

use super::{Bar, Beyond, LPositions, Misere, Range, Square, ThreeRow, TwoRow, WalkCount};
use crate::games::chomp::{self, Play};
use crate::generators::data;
use crate::generators::params::{choice, params};
use crate::generators::{Doc, Limit, MeasureError, Params, Spec};

choice! {
    /// The convention of the survey.
    pub enum Convention {
        /// The player left with the bare poison loses.
        Normal = "normal",
        /// The bare poison is a win for the player to move.
        Misere = "misere",
    }
}

impl Convention {
    pub(super) fn play(self) -> Play {
        match self {
            Convention::Normal => Play::Normal,
            Convention::Misere => Play::Misere,
        }
    }
}

/// Bytes of labels of the largest window the run labels.
fn label_bytes(params: &Params) -> Result<u128, MeasureError> {
    let p: ChompNeedlesParams = params.typed();
    let arms = p.arms + 1;
    let windows = [
        (p.columns, p.rows),
        (arms, arms),
        (p.two_row, 2),
        (p.three_row, 3),
    ];
    // The declared ranges keep every side within 1..=chomp::MAX_SIDE; a raised
    // budget still meets the game's own ceiling.
    let mut most = 0;
    for (c, r) in windows.into_iter().chain(p.walk) {
        chomp::check_window(c, r).map_err(|e| MeasureError::refused(None, e))?;
        most = most.max(chomp::table_bytes(c, r));
    }
    Ok(most)
}

/// The label budget of a run that does not raise it: 256 MiB.
const LABEL_BYTES: u128 = 1 << 28;

/// Positions of the largest bar walked directly.
fn walk_positions(params: &Params) -> Result<u128, MeasureError> {
    let p: ChompNeedlesParams = params.typed();
    let positions = p.walk.iter().map(|&(c, r)| chomp::positions_in(c, r));
    Ok(positions.max().unwrap_or(0))
}

params! {
    /// The parameters of `chomp-needles`.
    pub struct ChompNeedlesParams {
        /// Columns of the survey window (W); every bar up to W x H is surveyed. The limit on label
        /// bytes bounds the window (W x H and the windows of `arms`, `two_row`, `three_row`).
        columns: usize = 12, in 1..=62;
        /// Rows of the survey window (H); the limit on label bytes bounds the window.
        rows: usize = 8, in 1..=62;
        /// The convention of the survey: "normal" (the player left with the bare poison loses) or
        /// "misere" (the bare poison is a win for the player to move). The family sentences keep
        /// their own conventions.
        play: Convention = "normal";
        /// Side of the square of small bars counted apart (the earlier survey went up to 6 x 6).
        small: usize = 6, in 1..=40;
        /// Longest arm of the L-positions (A); square bars from 2 x 2 to (A + 1) x (A + 1) are
        /// checked in the same window, under both conventions.
        arms: usize = 9, in 1..=20;
        /// Longest bottom row of the two-row positions (B); two-row bars 1 x 2 to B x 2.
        two_row: usize = 12, in 1..=60;
        /// Three-row bars from 1 x 3 to K x 3 get their needles listed (K).
        three_row: usize = 15, in 1..=60;
        /// Bars [columns, rows] whose positions are counted by a direct walk and compared with
        /// C(columns + rows, rows) - 1.
        walk: Vec<(usize, usize)> = [[12, 8], [12, 2]], in 1..=40, at most 4;
    }
}

pub(super) static SPEC: Spec = Spec {
    name: "chomp-needles",
    description: "Chomp: the winning openings of every bar in a W x H window from one labelling of \
                  the window, with the square, L, two-row, three-row and misère families.",
    params: ChompNeedlesParams::PARAMS,
    example: &[
        ("columns", "4"),
        ("rows", "3"),
        ("arms", "2"),
        ("two_row", "3"),
        ("three_row", "3"),
        ("walk", "[[3, 2]]"),
    ],
    limits: &[
        Limit {
            name: "walk positions",
            doc: "positions of the largest bar walked directly; the walk keeps a count of 8 \
                  bytes per staircase and spends about 5 nanoseconds per move: the 3,108,104 of \
                  20 x 8 take 1.9 s and 32 MB on a release build, the 40,116,599 of 14 x 14 \
                  31 s and 320 MB (labelling included), so 50 million is under a minute",
            max: 50_000_000,
            ceiling: 100_000_000,
            ceiling_cost: "about a minute and 800 MB at 5 ns a move and 8 bytes a staircase",
            measure: walk_positions,
            params: &["walk"],
        },
        Limit {
            name: "label bytes",
            doc: "bytes of labels of the largest window labelled (the survey window, the \
                  (A + 1) x (A + 1) square, the two-row and three-row windows, each walked bar), \
                  one per staircase: the 15 x 15 window (77,558,760 bytes) takes 12 s of CPU and \
                  160 MB on a release build, about 0.16 us a byte, so 2^28 bytes is about 43 s and \
                  550 MB",
            max: LABEL_BYTES,
            ceiling: LABEL_BYTES << 1,
            ceiling_cost: "2^29 bytes: about 86 s and 1.1 GB",
            measure: label_bytes,
            params: &["columns", "rows", "arms", "two_row", "three_row", "walk"],
        },
    ],
    names: &[("squares", "side"), ("three_row.bars", "columns")],
    identities: &[
        Doc {
            name: "positions the labelling enumerates = C(W + H, H) - 1",
            doc: "The tails the labelling walks give as many positions as the binomial count.",
        },
        Doc {
            name: "normal play: the first player wins every bar but 1 x 1",
            doc: "Under normal play (the survey's convention), every bar of the window but 1 x 1 has a \
                  winning opening, as strategy stealing proves, and the 1 x 1 bar, the bare poison, is \
                  lost: it has no move. Not asserted under misère play, where 2 x 1 and 1 x 2 are lost.",
        },
        Doc {
            name: "walk C x R: walked positions = C(C + R, R) - 1",
            doc: "For each bar of `walk`, a direct walk reaches the formula's count.",
        },
        Doc {
            name: "square bars: (2, 2) is the only winning opening",
            doc: "Every square bar from 2 x 2 to (A + 1) x (A + 1), normal play.",
        },
        Doc {
            name: "L-positions are lost exactly when the arms are equal",
            doc: "Two-heap Nim, for arms 0..=A under normal play.",
        },
        Doc {
            name: "misère L-positions follow misère Nim",
            doc: "Lost exactly when the arms are equal and at least 2, or one arm is 1 and the \
                  other 0.",
        },
        Doc {
            name: "misère: (2, 2) loses on a square exactly where misère Nim wins the L it leaves",
            doc: "The square's opening under misère play, sides 2 to A + 1, against the misère Nim \
                  rule for the L-position it leaves.",
        },
        Doc {
            name: "two-row positions are lost exactly when bottom = top + 1",
            doc: "Bottom b from 1 to B, top t from 0 to b, normal play.",
        },
        Doc {
            name: "two-row bars: the top-right square is the one winning opening",
            doc: "Bars 1 x 2 to B x 2, normal play.",
        },
    ],
    views: &[
        Doc {
            name: "window",
            doc: "The window as a board of bars (column c, row r from the bottom stands for the \
                  c x r bar), coloured by the number of winning openings, counts other than one \
                  written in; its values are the counts. Nothing to draw for a 1 x 1 window.",
        },
        Doc {
            name: "bar",
            doc: "The drawn bar with each winning opening numbered and the block it eats coloured \
                  (squares eaten by several in a colour of their own); its values are the \
                  needles. Nothing to draw when the drawn bar is 1 x 1.",
        },
        Doc {
            name: "three-row",
            doc: "A table of the three-row bars: winning openings and the column and row of the \
                  first.",
        },
        Doc {
            name: "arms",
            doc: "The L-positions as a board, the vertical arm up and the horizontal arm across, \
                  the lost ones marked.",
        },
        Doc {
            name: "two-rows",
            doc: "The two-row positions as a board, the bottom row across and the top row up, \
                  the lost ones marked.",
        },
    ],
};

data! {
    pub struct Results {
        /// Columns of the survey window (W).
        pub(super) columns: usize,
        /// Rows of the survey window (H).
        pub(super) rows: usize,
        /// The survey's convention: "normal" or "misere".
        pub(super) play: String,
        /// Positions of the window, C(W + H, H) - 1, counted from the labels.
        pub(super) positions: u64,
        /// Lost positions of the window.
        pub(super) lost: u64,
        /// lost / positions.
        pub(super) lost_share: f64,
        /// Bars surveyed: every c x r with c <= W, r <= H but 1 x 1.
        pub(super) bars: usize,
        /// Bars with exactly one winning opening.
        pub(super) one_needle: usize,
        /// Bars with two or more winning openings.
        pub(super) several_needles: usize,
        /// The largest number of winning openings of any bar.
        pub(super) most_needles: usize,
        /// Bars with no winning opening (none under normal play, where an identity asserts it).
        pub(super) no_needle: usize,
        /// The bars of the small square.
        pub(super) small: Range as keys,
        /// The bars of the window outside the small square.
        pub(super) beyond: Beyond as keys,
        /// The bars with two or more winning openings, by squares then columns; each as survey.N.
        pub(super) multi: Vec<Bar>,
        /// Every bar, by columns then rows: survey.N.columns, .rows, .squares, .count (winning
        /// openings) and .needles.M.column, .row (from 1, row 1 at the bottom) and .eats (squares
        /// the opening takes).
        pub(super) survey: Vec<Bar> as each,
        /// The bar of the `bar` view (the first of multi, or the whole window when multi is empty),
        /// as survey.N.
        pub(super) drawn: Bar,
        /// Square bars from 2 x 2 up, normal play: squares.N.side, .needles (winning openings),
        /// .centre_only (whether (2, 2) is the one winning opening) and .misere_centre_wins
        /// (whether (2, 2) wins under misère play).
        pub(super) squares: Vec<Square> as each,
        /// The L-positions.
        pub(super) l_positions: LPositions as keys,
        /// Square bars under misère play.
        pub(super) misere: Misere as keys,
        /// The two-row bars.
        pub(super) two_row: TwoRow as keys,
        /// The three-row bars.
        pub(super) three_row: ThreeRow as keys,
        /// Each bar of `walk`: walks.N.columns, .rows, .walked (positions reached by a direct
        /// walk), .formula (C(columns + rows, rows) - 1) and .lost (lost positions under the
        /// survey's convention).
        pub(super) walks: Vec<WalkCount> as each,
    }
}
