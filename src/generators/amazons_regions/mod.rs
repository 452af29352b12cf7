//! `amazons-regions`: an Amazons board split into its regions (king-connected
//! squares that are not burnt, amazons included), each region's canonical
//! value, their sum against the whole board searched without splitting, and
//! the outcome against a plain win/loss search. A sweep plays seeded random
//! games from a start board and reports, after each number of moves, how
//! often the board has split and how much searching by regions saves. The
//! searches it checks against are in `search.rs`, its views in `views.rs`.

mod search;
mod views;

use super::params::params;
use super::{Check, Doc, Limit, MeasureError, Params, Solve, Spec};
use crate::cgt::canonical::{GameId, GameTable};
use crate::cgt::partizan::{Partizan, Values, Whole};
use crate::cgt::random::SplitMix64;
use crate::games::amazons::{Amazons, Board, MAX_EMPTY};
use crate::generators::data;
use search::{outcome_by_search, random_game};
use serde::{Deserialize, Serialize};

/// The `amazons-regions` generator: an Amazons board's value as the sum of its regions'.
pub struct AmazonsRegions;

/// The most empty squares of a board searched whole (its value without
/// splitting, and the plain win/loss search): measured on a release build,
/// the whole search of a board of this many takes up to about a second.
pub const WHOLE_MAX_EMPTY: u32 = 10;

/// The most empty squares of a sweep board searched whole as well as by
/// regions: lower than [`WHOLE_MAX_EMPTY`], since the sweep searches many
/// boards (forty games from the default start take about a second and a
/// half on a release build; with 10 empty squares, ten games take 26 s).
pub const SWEEP_WHOLE_MAX_EMPTY: u32 = 8;

/// The seed of the sweep's random games.
const SEED: u64 = 0x416d_617a_6f6e_7321; // "Amazons!"

params! {
    /// The parameters of `amazons-regions`.
    pub struct AmazonsRegionsParams {
        /// The board: rows of `.` (empty), `#` (burnt), `L` and `R` (amazons) joined by `|`.
        board: String = "L..#R.#L.|.R.#..#..", at most 109;
        /// The start board of the sweep, in the same notation.
        start: String = "L...R|.....|.....|.....|R...L", at most 109;
        /// Moves of each random game of the sweep (k = 0 to this).
        moves: usize = 18, in 0..=100;
        /// Random games of the sweep.
        samples: usize = 40, in 0..=1000;
    }
}

/// A board parameter, read.
fn read(name: &'static str, grid: &str) -> Result<Board, MeasureError> {
    Board::parse(grid).map_err(|e| MeasureError::param(name, None, e))
}

/// The longer side of the board and of the start board.
fn side(params: &Params) -> Result<u128, MeasureError> {
    let p: AmazonsRegionsParams = params.typed();
    let board = read("board", &p.board)?;
    let start = read("start", &p.start)?;
    Ok([board.rows(), board.cols(), start.rows(), start.cols()]
        .into_iter()
        .max()
        .unwrap_or(0) as u128)
}

/// Empty squares of the board's largest region.
fn region_empty(params: &Params) -> Result<u128, MeasureError> {
    let p: AmazonsRegionsParams = params.typed();
    let board = read("board", &p.board)?;
    Ok(regions(&board)
        .iter()
        .map(|r| u128::from(r.empty_squares()))
        .max()
        .unwrap_or(0))
}

/// Positions the sweep plays through.
fn sweep_positions(params: &Params) -> Result<u128, MeasureError> {
    let p: AmazonsRegionsParams = params.typed();
    Ok(p.samples as u128 * (p.moves as u128 + 1))
}

static SPEC: Spec = Spec {
    name: "amazons-regions",
    description: "Amazons split into regions (king-connected squares not burnt, amazons included): each \
                  region's value, the sum against the whole board searched unsplit, the outcome against a \
                  plain win/loss search, and a sweep of seeded random games: how often boards split and \
                  what the split saves.",
    params: AmazonsRegionsParams::PARAMS,
    example: &[
        ("board", "\"L..R#R..|########|L.######\""),
        ("start", "\"L..|...|..R\""),
        ("moves", "4"),
        ("samples", "3"),
    ],
    limits: &[
        Limit {
            name: "board side",
            doc: "rows and columns of the board and of the start board; boards are at most 10 x 10",
            max: 10,
            ceiling: 10,
            ceiling_cost: "boards are at most 10 x 10",
            measure: side,
            params: &["board", "start"],
        },
        Limit {
            name: "region empty squares",
            doc: "empty squares of the board's largest region; the search of a region grows steeply with \
                  them and with its amazons: on a release build 12 with two amazons take 3.8 s of CPU and \
                  112 MB, 13 with two 4.0 s and 153 MB, 8 with four 4.4 s and 162 MB, 12 with four over \
                  90 s and 1.4 GB, so 12 is where four amazons pass a minute",
            max: MAX_EMPTY as u128,
            ceiling: 13,
            ceiling_cost: "13 empty squares with four amazons: minutes and over 2 GB",
            measure: region_empty,
            params: &["board"],
        },
        Limit {
            name: "sweep positions",
            doc: "random games times (moves + 1): each position with at most 8 empty squares is searched \
                  afresh twice, by regions and whole, so a position costs what the start board makes it: \
                  from the default start 40 games of 18 moves take 1.4 s of CPU and 58 MB on a release \
                  build, 1,000 games of 19 moves (20,000 positions) 28 s and 113 MB; a start with more \
                  amazons costs more a position (8 empty squares and four amazons take 4.4 s alone)",
            max: 20_000,
            ceiling: 100_000,
            ceiling_cost: "about 2.5 minutes and 120 MB from the default start",
            measure: sweep_positions,
            params: &["samples", "moves"],
        },
    ],
    names: &[("sweep", "moves")],
    identities: &[
        Doc {
            name: "the whole board's value is the sum of its regions' values",
            doc: "Where the board is searched whole, its value equals the sum of its regions' values; the \
                  sweep asserts the same on every board it compares.",
        },
        Doc {
            name: "the outcome agrees with a plain win/loss search",
            doc: "Where the board is within the bound, the outcome read from its value is the one a plain \
                  search finds with each side moving first.",
        },
    ],
    views: &[
        Doc {
            name: "board",
            doc: "The board, each region in its own colour, burnt squares blocked, amazons labelled L and R.",
        },
        Doc {
            name: "regions",
            doc: "A table of the regions: each one's squares, empty squares and value, and the sum.",
        },
        Doc {
            name: "sweep",
            doc: "Share of boards split and share of positions saved by regions, by number of moves.",
        },
    ],
};

data! {
    /// What a run finds: its data.
    pub struct Results {
        /// The board as given.
        grid: String,
        /// The board row by row: for each square the region it lies in (0-based, in the order of
        /// `regions`), null for a burnt square or one in a region with no move.
        cells: Vec<Vec<Option<usize>>>,
        /// Each region with a move (regions.N), in the order of its first square: .grid (cut to its
        /// box), .empty (empty squares), .value (canonical, CGSuite notation), .searched (regions
        /// searched to value it, those of regions before it not counted again).
        regions: Vec<Region>,
        /// The sum of the regions' values: the board's value.
        sum: String,
        /// The board's value searched whole, never split into regions; null past the whole-search
        /// bound of 10 empty squares.
        whole: Option<String>,
        /// Regions valued from their own options to value the board by regions.
        searched_parts: usize,
        /// Whole boards valued from their own options by the unsplit search; null past the bound.
        searched_whole: Option<usize>,
        /// searched_whole / searched_parts; null past the bound.
        saving: Option<f64>,
        /// Who wins, from the value: `Left wins`, `first player wins`, ...
        outcome: String,
        /// Who wins by a plain win/loss search of the whole board for each side moving first; null
        /// past the bound.
        outcome_search: Option<String>,
        /// The start board of the sweep, as given.
        start: String,
        /// The most empty squares of a sweep board that is searched whole as well as by regions
        /// (8).
        compared_max_empty: u32,
        /// For each number of moves k from 0 (sweep.N): .moves (k), .samples (random games still
        /// going after k moves), .split (of them, boards of two or more regions with a move),
        /// .share (split / samples, null for none), .compared (boards of at most compared_max_empty
        /// empty squares, searched whole too), .parts and .whole (positions searched for them by
        /// regions and whole, each board from scratch), .saved (1 - parts / whole, null when none
        /// compared).
        sweep: Vec<Step>,
        /// Boards of the sweep, over every k.
        sweep_boards: usize,
        /// Of them, boards of two or more regions with a move.
        sweep_split: usize,
        /// The first k at which at least half of the games still going have split; null if none.
        first_split: Option<usize>,
    }
}

/// One region of the board.
#[derive(Serialize, Deserialize)]
struct Region {
    grid: String,
    empty: u32,
    value: String,
    searched: usize,
}

/// The sweep's boards after one number of moves.
#[derive(Serialize, Deserialize, Default)]
struct Step {
    moves: usize,
    samples: usize,
    split: usize,
    share: Option<f64>,
    compared: usize,
    parts: usize,
    whole: usize,
    saved: Option<f64>,
}

/// The regions of `board` with a move, cut to their boxes.
fn regions(board: &Board) -> Vec<Board> {
    let mut out = Vec::new();
    Amazons.regions(board, &mut out);
    out
}

/// The value of `board` searched whole, and the whole boards searched.
fn whole_value(games: &mut GameTable, board: &Board) -> (GameId, usize) {
    let values = Values::new(Whole(Amazons));
    let v = values.value(games, board);
    (v, values.searched())
}

/// Plays the sweep: `samples` random games of `moves` moves from `start`,
/// and the boards after each number of moves. Returns the steps and the
/// boards whose whole value differed from the sum of their regions'.
fn sweep(
    games: &mut GameTable,
    start: &Board,
    moves: usize,
    samples: usize,
) -> (Vec<Step>, Vec<String>) {
    let mut steps: Vec<Step> = (0..=moves)
        .map(|k| Step {
            moves: k,
            ..Step::default()
        })
        .collect();
    let mut differ = Vec::new();
    let mut rng = SplitMix64::new(SEED);
    for _ in 0..samples {
        for (step, board) in steps.iter_mut().zip(random_game(start, moves, &mut rng)) {
            step.samples += 1;
            step.split += usize::from(regions(&board).len() >= 2);
            if board.empty_squares() <= SWEEP_WHOLE_MAX_EMPTY {
                let parts = Values::new(Amazons);
                let by_parts = parts.value(games, &board);
                let (whole, searched) = whole_value(games, &board);
                if whole != by_parts {
                    differ.push(board.to_grid_string());
                }
                step.compared += 1;
                step.parts += parts.searched();
                step.whole += searched;
            }
        }
    }
    for step in &mut steps {
        step.share = (step.samples > 0).then(|| step.split as f64 / step.samples as f64);
        step.saved = (step.compared > 0).then(|| 1.0 - step.parts as f64 / step.whole as f64);
    }
    (steps, differ)
}

impl Solve for AmazonsRegions {
    type Data = Results;
    const SPEC: &'static Spec = &SPEC;

    fn solve(&self, params: &Params) -> (Results, Vec<Check>) {
        let p: AmazonsRegionsParams = params.typed();
        let board = read("board", &p.board).expect("the limits read the board");
        let start = read("start", &p.start).expect("the limits read the start board");
        let mut games = GameTable::new();
        let values = Values::new(Amazons);
        let mut cells = vec![vec![None; board.cols()]; board.rows()];
        for (i, squares) in board.region_squares().into_iter().enumerate() {
            for (r, c) in squares {
                cells[r][c] = Some(i);
            }
        }
        let mut ids = Vec::new();
        let mut region_data = Vec::new();
        for region in regions(&board) {
            let before = values.searched();
            let v = values.region_value(&games, &region);
            ids.push(v);
            region_data.push(Region {
                grid: region.to_grid_string(),
                empty: region.empty_squares(),
                value: games.display(v),
                searched: values.searched() - before,
            });
        }
        let sum = games.sum_of(&ids);
        let small = board.empty_squares() <= WHOLE_MAX_EMPTY;
        let whole = small.then(|| whole_value(&mut games, &board));
        let outcome = games.outcome(sum);
        let outcome_search = small.then(|| outcome_by_search(&board));
        let mut checks = Vec::new();
        if let Some((w, _)) = whole {
            let (w, s) = (games.display(w), games.display(sum));
            checks.push(Check::equal(
                "the whole board's value is the sum of its regions' values",
                w,
                s,
            ));
        }
        if let Some(o) = outcome_search {
            checks.push(Check::equal(
                "the outcome agrees with a plain win/loss search",
                o,
                outcome,
            ));
        }
        let (steps, differ) = sweep(&mut games, &start, p.moves, p.samples);
        checks.push(Check::that(
            "the whole board's value is the sum of its regions' values",
            differ.is_empty(),
            if differ.is_empty() {
                "on every board the sweep compared".to_string()
            } else {
                format!("they differ on {}", differ.join("; "))
            },
        ));
        let searched_parts = values.searched();
        let data = Results {
            grid: board.to_grid_string(),
            cells,
            regions: region_data,
            sum: games.display(sum),
            whole: whole.map(|(w, _)| games.display(w)),
            searched_parts,
            searched_whole: whole.map(|(_, n)| n),
            saving: whole.map(|(_, n)| n as f64 / searched_parts.max(1) as f64),
            outcome: outcome.to_string(),
            outcome_search: outcome_search.map(|o| o.to_string()),
            start: start.to_grid_string(),
            compared_max_empty: SWEEP_WHOLE_MAX_EMPTY,
            sweep_boards: steps.iter().map(|s| s.samples).sum(),
            sweep_split: steps.iter().map(|s| s.split).sum(),
            first_split: steps
                .iter()
                .find(|s| s.samples > 0 && 2 * s.split >= s.samples)
                .map(|s| s.moves),
            sweep: steps,
        };
        (data, checks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw;
    use crate::generators::{Data, Generator};

    fn params(pairs: &[(&str, &str)]) -> Params {
        Params::from_text(&SPEC, pairs).unwrap()
    }

    fn run(pairs: &[(&str, &str)]) -> serde_json::Value {
        let out = AmazonsRegions.run(&params(pairs));
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
        out.data
    }

    #[test]
    fn three_rooms_are_valued_apart_and_their_sum_is_the_whole() {
        // `L..R` is +-1 and `R..` is -2 by hand (see `games::amazons`); the
        // third room `L.` is 1. Their sum is 1 - 2 + +-1 = -1 +-1.
        let d = run(&[
            ("board", "\"L..R#R..|########|L.######\""),
            ("samples", "0"),
        ]);
        let values: Vec<&str> = d["regions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["value"].as_str().unwrap())
            .collect();
        assert_eq!(values, ["+-1", "-2", "1"]);
        assert_eq!(d["whole"], d["sum"]);
        assert_eq!(d["sum"], "{0|-2}");
        assert_eq!(d["outcome_search"], d["outcome"]);
        let none = [None; 8];
        let mut cells = [none, none, none];
        cells[0] = [
            Some(0),
            Some(0),
            Some(0),
            Some(0),
            None,
            Some(1),
            Some(1),
            Some(1),
        ];
        cells[2][..2].fill(Some(2));
        assert_eq!(d["cells"], serde_json::json!(cells));
        // Whole: every pair of positions of the rooms is a board of its own.
        assert!(d["searched_whole"].as_u64() > d["searched_parts"].as_u64());
    }

    #[test]
    fn the_sweep_counts_splits_and_compares_small_boards() {
        let d = run(&[
            ("board", "\"L.\""),
            ("start", "\"L..|...|..R\""),
            ("moves", "6"),
            ("samples", "5"),
        ]);
        let sweep = d["sweep"].as_array().unwrap();
        assert_eq!(sweep.len(), 7);
        // Every game starts on the start board: one region, 7 empty squares,
        // within the whole-search bound.
        assert_eq!(sweep[0]["samples"], 5);
        assert_eq!(sweep[0]["split"], 0);
        assert_eq!(sweep[0]["compared"], 5);
        assert_eq!(d["start"], "L..|...|..R");
        assert_eq!(d["compared_max_empty"], 8);
        assert_eq!(
            d["sweep_boards"],
            sweep
                .iter()
                .map(|s| &s["samples"])
                .map(|n| n.as_u64().unwrap())
                .sum::<u64>()
        );
    }

    #[test]
    fn refuses_bad_and_oversized_boards() {
        let err = SPEC
            .check_limits(&params(&[("board", "\"L.|.x\"")]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("parameter `board`: row 2, column 2"), "{err}");
        let wide = format!("\"L{}\"", ".".repeat(10));
        let err = SPEC
            .check_limits(&params(&[("start", &wide)]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("board side is 11"), "{err}");
        let big = format!("\"L{}|{}\"", ".".repeat(9), ".".repeat(10));
        let err = SPEC
            .check_limits(&params(&[("board", &big)]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("region empty squares is 19"), "{err}");
    }

    #[test]
    fn the_views_draw_regions_amazons_values_and_the_sweep() {
        let p = params(&[
            ("board", "\"#R.L|L##.\""),
            ("start", "\"L..|...|..R\""),
            ("moves", "4"),
            ("samples", "2"),
        ]);
        let data = Data::from_value(AmazonsRegions.run(&p).data).unwrap();
        let Some(draw::Drawing::Board(board)) = AmazonsRegions.draw("board", &p, &data).unwrap()
        else {
            panic!("the board view is a board");
        };
        // One region, the amazon without an empty neighbour included.
        assert_eq!(board.cells[4], draw::Role::Series(0));
        assert_eq!(board.cells[0], draw::Role::Blocked);
        assert_eq!(board.labels[..5], ["", "R", "", "L", "L"]);
        let Some(draw::Drawing::Table(table)) = AmazonsRegions.draw("regions", &p, &data).unwrap()
        else {
            panic!("the regions view is a table");
        };
        // The region, the sum and the whole board.
        assert_eq!(table.rows.len(), 3);
        let Some(draw::Drawing::Chart(chart)) = AmazonsRegions.draw("sweep", &p, &data).unwrap()
        else {
            panic!("the sweep view is a chart");
        };
        assert_eq!(chart.series[0].points.len(), 5);
        assert!(AmazonsRegions.draw("pie", &p, &data).is_err());
    }
}
