//! `temperature-survey`: how hot a Domineering board's positions are. Over
//! every position reachable on a board, each valued by its regions in one
//! shared game table (so each region is valued once), the distribution of
//! temperatures and of means, how many positions are hot, tepid or numbers,
//! and the hottest positions with their values, stops and thermographs; and
//! which of them alternating play reaches. The
//! walk and its identities are in `survey.rs`, the views in `views.rs`.

mod survey;
mod views;

use super::params::params;
use super::{Check, Doc, Limit, MeasureError, Params, Solve, Spec};
use crate::draw::games::Walls;
use crate::games::domineering::Board;
use crate::generators::data;

/// The `temperature-survey` generator: how hot a Domineering board's positions are.
pub struct TemperatureSurvey;

params! {
    /// The parameters of `temperature-survey`.
    pub struct TemperatureSurveyParams {
        /// The board, as `ladder value` reads it: rows of `.` (free) and `#` (blocked) joined by
        /// `|`; the default is the empty 4 x 4.
        board: String = "....|....|....|....", at most 200;
        /// How many of the hottest positions to list, distinct up to the mirrors that keep
        /// each player's dominoes.
        hottest: usize = 3, in 1..=12;
    }
}

/// The board of the parameters, or why it does not read.
fn board(p: &TemperatureSurveyParams) -> Result<Board, MeasureError> {
    Board::from_grid_string(&p.board)
        .map_err(|e| MeasureError::param("board", None, format!("`{}`: {e}", p.board)))
}

/// Free cells of the board.
fn free_cells(params: &Params) -> Result<u128, MeasureError> {
    board(&params.typed()).map(|b| u128::from(b.free_cells()))
}

static SPEC: Spec = Spec {
    name: "temperature-survey",
    description: "Over every position of a Domineering board: the distribution of temperatures \
                  and means, how many positions are hot, tepid or numbers, and the hottest \
                  positions with their values, stops and thermographs.",
    params: TemperatureSurveyParams::PARAMS,
    example: &[("board", "\"...|...\"")],
    limits: &[Limit {
        name: "cells",
        doc: "free cells of the board; the survey values every position, and positions grow \
              about threefold a cell: on a debug build the 4 x 4 (5,700 positions) takes 0.08 s \
              of CPU, the 4 x 5 (20 cells, 58,830 positions) 1.3 s and 36 MB",
        max: 20,
        ceiling: 22,
        ceiling_cost: "about nine times 20 cells: 12 s of CPU on a debug build and 330 MB",
        measure: free_cells,
        params: &["board"],
    }],
    names: &[
        ("temperatures", "value"),
        ("means", "value"),
        ("hottest_values", "value"),
    ],
    identities: &[
        Doc {
            name: "positions: the walk's count",
            doc: "The positions surveyed are as many as the layered walk of the board counts.",
        },
        Doc {
            name: "alternating play stays among them",
            doc: "Every position alternating play reaches is one of the positions surveyed.",
        },
        Doc {
            name: "hot, tepid or a number",
            doc: "Every position is exactly one of: hot (temperature above 0), tepid (temperature \
                  0, not a number) or a number (temperature below 0).",
        },
        Doc {
            name: "mean of a sum",
            doc: "At every position, the mean is the sum of its regions' means.",
        },
        Doc {
            name: "no hotter than its hottest region",
            doc: "At every position, the temperature is at most the largest of its regions' \
                  temperatures (-1 for a position without a region that holds a move).",
        },
        Doc {
            name: "stops in order",
            doc: "At every position, the left stop is at least the right stop.",
        },
        Doc {
            name: "walls meet at the mast",
            doc: "At every position, the thermograph's walls end at the foot of the mast \
                  (temperature, mean), both are the mean at the temperature, and the left wall's \
                  value is above the right wall's at every vertex below it: the walls first \
                  meet at the temperature, at the mean.",
        },
    ],
    views: &[
        Doc {
            name: "temperatures",
            doc: "Positions by temperature (bars, one per temperature found, in exact fractions).",
        },
        Doc {
            name: "means",
            doc: "Positions by mean (bars, one per mean found, in exact fractions).",
        },
        Doc {
            name: "hottest",
            doc: "The hottest positions, each drawn with its value and temperature.",
        },
        Doc {
            name: "thermograph",
            doc: "The hottest position's thermograph, drawn as the position generator draws one.",
        },
    ],
};

data! {
    /// How many positions have one temperature, or one mean.
    pub struct Tally {
        /// The temperature or mean, exact (`-1/2`).
        pub value: String,
        /// How many positions have it.
        pub positions: u64,
    }
}

data! {
    /// One of the hottest positions with what the core says of it.
    pub struct Hot {
        /// The position, as `ladder value` reads it.
        pub position: String,
        /// Its value, as the position generator writes it (`{2|-1/2}`).
        pub value: String,
        /// Its temperature, exact.
        pub temperature: String,
        /// Its mean, exact.
        pub mean: String,
        /// Its left stop, exact.
        pub left_stop: String,
        /// Its right stop, exact.
        pub right_stop: String,
        /// Its thermograph's walls: .left and .right, each a list of vertices [temperature,
        /// value] from temperature -1 up to the foot of the mast, exact (as the position
        /// generator writes them).
        pub thermograph: Walls,
        /// Whether alternating play from the board reaches it, either player starting (a
        /// mirror image is reached exactly when it is).
        pub alternating: bool,
    }
}

data! {
    /// How many of the hottest positions have one value.
    pub struct HotValue {
        /// The value, as the position generator writes it (`+-3/2`).
        pub value: String,
        /// How many of the hottest positions have it (mirror images counted apart).
        pub positions: u64,
        /// How many of those alternating play reaches.
        pub alternating: u64,
    }
}

data! {
    /// The data of a run.
    pub struct Results {
        /// The board surveyed, as `ladder value` reads it.
        pub board: String,
        /// Positions reachable on the board by placements of either player in any order
        /// (its subpositions), the board itself included.
        pub positions: u64,
        /// Of those, the positions alternating play from the board reaches, Left starting
        /// or Right starting, the board itself included.
        pub alternating: u64,
        /// Positions whose temperature is above 0: whoever moves first gains.
        pub hot: u64,
        /// Positions of temperature 0 that are not numbers: a number plus an infinitesimal
        /// (such as `*` or `^`).
        pub tepid: u64,
        /// Positions whose value is a number (temperature below 0).
        pub numbers: u64,
        /// Positions by temperature, coldest first (temperatures.N): .value, .positions.
        pub temperatures: Vec<Tally> as keys,
        /// Positions by mean, least first (means.N): .value, .positions.
        pub means: Vec<Tally> as keys,
        /// The highest temperature of a position, exact.
        pub hottest_temperature: String,
        /// How many positions have the highest temperature (mirror images counted apart).
        pub hottest_positions: u64,
        /// How many of those alternating play reaches.
        pub hottest_alternating: u64,
        /// The hottest positions by value, in the order of the value's text (hottest_values.N):
        /// .value, .positions, .alternating.
        pub hottest_values: Vec<HotValue> as keys,
        /// The hottest positions, distinct up to mirror images, hottest first and then in the
        /// order of their text (hottest.N).
        pub hottest: Vec<Hot> as keys,
    }
}

impl Solve for TemperatureSurvey {
    type Data = Results;
    const SPEC: &'static Spec = &SPEC;

    fn solve(&self, params: &Params) -> (Results, Vec<Check>) {
        let p: TemperatureSurveyParams = params.typed();
        let board = board(&p).expect("the limits read the board");
        survey::survey(&board, p.hottest)
    }
}

#[cfg(test)]
mod tests;
