//! The declaration of `chomp-needles`: its parameters, the limits that refuse a
//! run, and the data keys, identities and views a run documents.

use crate::games::chomp::{self, Play};
use crate::generators::params::{choice, params};
use crate::generators::{Doc, Limit, Params, Spec};

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
fn label_bytes(params: &Params) -> Result<u128, String> {
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
        chomp::check_window(c, r).map_err(|e| e.to_string())?;
        most = most.max(chomp::table_bytes(c, r));
    }
    Ok(most)
}

/// The label budget of a run that does not raise it: 256 MiB.
const LABEL_BYTES: u128 = 1 << 28;

/// Positions of the largest bar walked directly.
fn walk_positions(params: &Params) -> Result<u128, String> {
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
            measure: label_bytes,
            params: &["columns", "rows", "arms", "two_row", "three_row", "walk"],
        },
    ],
    names: &[("squares", "side"), ("three_row.bars", "columns")],
    keys: &[
        Doc {
            name: "columns",
            doc: "Columns of the survey window (W).",
        },
        Doc {
            name: "rows",
            doc: "Rows of the survey window (H).",
        },
        Doc {
            name: "play",
            doc: "The survey's convention: \"normal\" or \"misere\".",
        },
        Doc {
            name: "positions",
            doc: "Positions of the window, C(W + H, H) - 1, counted from the labels.",
        },
        Doc {
            name: "lost",
            doc: "Lost positions of the window.",
        },
        Doc {
            name: "lost_share",
            doc: "lost / positions.",
        },
        Doc {
            name: "bars",
            doc: "Bars surveyed: every c x r with c <= W, r <= H but 1 x 1.",
        },
        Doc {
            name: "one_needle",
            doc: "Bars with exactly one winning opening.",
        },
        Doc {
            name: "several_needles",
            doc: "Bars with two or more winning openings.",
        },
        Doc {
            name: "most_needles",
            doc: "The largest number of winning openings of any bar.",
        },
        Doc {
            name: "no_needle",
            doc: "Bars with no winning opening (none under normal play, where an identity asserts it).",
        },
        Doc {
            name: "small.side",
            doc: "Side of the square of small bars (the `small` parameter, capped by the window).",
        },
        Doc {
            name: "small.bars",
            doc: "Bars up to small.side x small.side but 1 x 1.",
        },
        Doc {
            name: "small.one_needle",
            doc: "Of those, the bars with exactly one winning opening.",
        },
        Doc {
            name: "beyond.bars",
            doc: "Bars of the window outside the small square.",
        },
        Doc {
            name: "beyond.one_needle",
            doc: "Of those, the bars with exactly one winning opening.",
        },
        Doc {
            name: "multi",
            doc: "The bars with two or more winning openings, by squares then columns; each as \
                  survey.N.",
        },
        Doc {
            name: "survey.N",
            doc: "Every bar, by columns then rows: survey.N.columns, .rows, .squares, .count \
                  (winning openings) and .needles.M.column, .row (from 1, row 1 at the bottom) \
                  and .eats (squares the opening takes).",
        },
        Doc {
            name: "drawn",
            doc: "The bar of the `bar` view (the first of multi, or the whole window when multi \
                  is empty), as survey.N.",
        },
        Doc {
            name: "squares.N",
            doc: "Square bars from 2 x 2 up, normal play: squares.N.side, .needles (winning \
                  openings), .centre_only (whether (2, 2) is the one winning opening) and \
                  .misere_centre_wins (whether (2, 2) wins under misère play).",
        },
        Doc {
            name: "l_positions.arms",
            doc: "Longest arm A of the L-positions (poison with a vertical arm a and a horizontal \
                  arm b, 0 <= a, b <= A, not both 0).",
        },
        Doc {
            name: "l_positions.positions",
            doc: "L-positions: (A + 1)^2 - 1.",
        },
        Doc {
            name: "l_positions.lost",
            doc: "Lost L-positions under normal play.",
        },
        Doc {
            name: "l_positions.lost_equal_arms",
            doc: "Lost L-positions whose arms are equal.",
        },
        Doc {
            name: "l_positions.misere_lost",
            doc: "Lost L-positions under misère play.",
        },
        Doc {
            name: "l_positions.grid",
            doc: "l_positions.grid.a.b: whether the L-position with a vertical arm of a and a \
                  horizontal arm of b (0 to A) is lost under normal play; null for a = b = 0, the \
                  bare poison.",
        },
        Doc {
            name: "misere.wins_from",
            doc: "Smallest side from which the opening at (2, 2) wins every larger square bar \
                  checked under misère play (null if it loses on the largest).",
        },
        Doc {
            name: "misere.loses_on",
            doc: "Sides of the square bars on which the opening at (2, 2) loses under misère play.",
        },
        Doc {
            name: "two_row.length",
            doc: "Longest bottom row B of the two-row positions.",
        },
        Doc {
            name: "two_row.positions",
            doc: "Two-row positions: bottom b from 1 to B, top t from 0 to b.",
        },
        Doc {
            name: "two_row.lost",
            doc: "Lost two-row positions.",
        },
        Doc {
            name: "two_row.bars",
            doc: "Two-row bars 1 x 2 to B x 2.",
        },
        Doc {
            name: "two_row.top_right",
            doc: "Two-row bars whose one winning opening is the top-right square.",
        },
        Doc {
            name: "two_row.grid",
            doc: "two_row.grid.N.t: whether the two-row position with a bottom row of N + 1 and a \
                  top row of t (0 to N + 1) is lost.",
        },
        Doc {
            name: "three_row.length",
            doc: "Longest three-row bar K (columns).",
        },
        Doc {
            name: "three_row.one_needle",
            doc: "Three-row bars 1 x 3 to K x 3 with exactly one winning opening.",
        },
        Doc {
            name: "three_row.lowest_row",
            doc: "The lowest row of a three-row bar's first winning opening (null if none).",
        },
        Doc {
            name: "three_row.highest_row",
            doc: "The highest row of a three-row bar's first winning opening (null if none).",
        },
        Doc {
            name: "three_row.top_row",
            doc: "The widths (columns), from 3 up to K, of the three-row bars whose first winning \
                  opening lies on the top row; the 1 x 3 and 2 x 3 bars are left out, being the \
                  3 x 1 and 3 x 2 turned (one- and two-row bars, whose needle is the top-right \
                  square).",
        },
        Doc {
            name: "three_row.bars.N",
            doc: "The bar of N + 1 columns and three rows: .columns, .count (winning openings), \
                  .column and .row of its first winning opening (null if none).",
        },
        Doc {
            name: "walks.N",
            doc: "Each bar of `walk`: walks.N.columns, .rows, .walked (positions reached by a \
                  direct walk), .formula (C(columns + rows, rows) - 1) and .lost (lost positions \
                  under the survey's convention).",
        },
    ],
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
