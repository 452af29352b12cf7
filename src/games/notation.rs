//! A position of any game with values, written as text: the games `ladder
//! value` and the `position` generator read ([`GAMES`]), each with its
//! notation, its default limit on a region's size and what a region near
//! that limit costs, and the value of a position as a game of a
//! [`GameTable`] ([`Game::value`]), and what the core says of that value
//! ([`Facts`]). An impartial game's value is its Grundy value, the nimber it
//! equals; a partizan game's is its canonical form.

use crate::cgt::analysis::Analyse;
use crate::cgt::canonical::Form;
use crate::cgt::canonical::{GameId, GameTable, Outcome};
use crate::cgt::dyadic::Dyadic;
use crate::cgt::nimber::{Grundy, Impartial};
use crate::cgt::partizan::{Partizan, Values};
use crate::games::domineering::{Board, Domineering};
use crate::games::{amazons, chomp, cram, hackenbush, sylver};

/// Domineering's default limit on a region's free cells. What a region
/// costs depends on its shape far more than on its size: measured on a
/// release build (CPU time, on a shared 2-core machine under load; the
/// search runs on every core, so wall time is about half on an idle one),
/// the worst 32-cell regions tried, a 6 x 7 with its corners cut, took 19 s
/// and 174 MB, a 6 x 6 with four holes 6.5 s and 104 MB, a 4 x 8 2 s; at 36
/// cells a 6 x 8 with its corners cut took 278 s and 1.2 GB, a 6 x 6 83 s
/// and 670 MB. So the default stays at 32, where the worst shape takes
/// seconds, not minutes.
const MAX_CELLS: u32 = 32;
/// Cram's default limit on a region's free cells (measured as above; the
/// search runs on one core): the worst 40-cell region tried, a 6 x 7 with
/// two cells blocked, took 41 s and 315 MB, a 5 x 8 21 s and 315 MB, a 6 x
/// 6 0.03 s; a 6 x 7 did not finish in 3 minutes.
const CRAM_MAX_CELLS: u32 = 40;
/// Amazons' default limit on a region's empty squares. The cost grows
/// steeply with the amazons as well as the squares; measured on a release
/// build, the worst shapes tried with four amazons: see [`AMAZONS_COST`].
/// The generators' limit ([`amazons::MAX_EMPTY`]) is the ceiling.
const AMAZONS_MAX_EMPTY: u32 = 8;
/// What an Amazons region near the limit costs, for the refusal.
const AMAZONS_COST: &str = "with four amazons, the costly case, 8 empty squares took \
                            seconds, 9 up to half a minute and 10 over a minute and a half";
/// What an Amazons region at the ceiling costs.
const AMAZONS_CEILING_COST: &str = "12 empty squares take about 4 s and 110 MB with two \
                                    amazons, over 90 s and 1.4 GB with four";
/// Chomp's default limit on a position's squares. The Grundy search values
/// every staircase inside the position, C(w + h, h) for a w x h bar (12,870
/// for the 8 x 8, 64 squares), and more for a triangle of as many squares.
const CHOMP_MAX_SQUARES: u32 = 64;
/// Sylver Coinage's default limit on a position's gaps (the numbers left):
/// the Grundy search values every position whose gaps are among them.
const SYLVER_MAX_GAPS: u32 = 30;

/// A game with values: its name, whether it is impartial, its default limit
/// on a region's size (`u32::MAX` for a game valued in linear time), what a
/// region near it costs, and the value of a position written as text.
pub struct Game {
    /// The name a directive and `ladder value` give it.
    pub name: &'static str,
    /// Whether both players have the same moves (values are nimbers).
    pub impartial: bool,
    /// The default limit on a region's cells.
    pub max_cells: u32,
    /// What a region near the limit costs, for the refusal.
    pub cost: &'static str,
    /// The most a caller may raise `max_cells` to (`ladder value
    /// --max-cells`), and what a region there costs.
    pub ceiling: (u32, &'static str),
    /// The values of positions by one solver, whose memo they share (a
    /// position and its options share most of what they reach).
    values: ValuesFn,
    /// The refusal `value` would give, without the work.
    check: fn(&str, u32) -> Result<(), Refusal>,
    /// Left's and Right's options of a readable position, as positions.
    moves: fn(&str) -> Result<[Vec<String>; 2], Refusal>,
}

/// A game's solver over a batch of positions, their regions limited to a
/// size: their values, or the first refusal.
type ValuesFn = fn(&GameTable, &[&str], u32) -> Result<Vec<GameId>, Refusal>;

/// Why a position was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The text is not a position in the game's notation: why.
    Unreadable(String),
    /// A region is larger than the limit: the refusal, naming what a region
    /// near the limit costs, and the limit that would take it.
    TooLarge {
        /// The refusal's text.
        message: String,
        /// The limit on cells that would take the position.
        needs: u32,
    },
}

/// What a Chomp position near the limit costs, for the refusal.
const CHOMP_COST: &str = "on a debug build the 8 x 8 (64 squares) took 5.1 s and the 10-column \
                          triangle (55 squares) 9.7 s, both under 30 MB; a release build is \
                          many times faster";
/// What a Sylver Coinage position near the limit costs, for the refusal.
const SYLVER_COST: &str = "on a debug build the gaps 1 to 28, the costliest shape, took 0.6 s, \
                           1 to 32 5.8 s and 1 to 36 43 s and 49 MB; a release build is many \
                           times faster";

/// Every game with values, in the order the help lists them.
pub const GAMES: &[Game] = &[
    Game {
        name: "domineering",
        impartial: false,
        max_cells: MAX_CELLS,
        cost: "the worst 32-cell Domineering region measured, a 6 x 7 with its corners cut, took \
               19 s of CPU time and 174 MB; at 36 cells a 6 x 8 with its corners cut took 278 s \
               and 1.2 GB",
        ceiling: (
            36,
            "at 36 cells a 6 x 8 with its corners cut took 278 s of CPU and 1.2 GB",
        ),
        values: domineering_values,
        check: check_board,
        moves: domineering_moves,
    },
    Game {
        name: "cram",
        impartial: true,
        max_cells: CRAM_MAX_CELLS,
        cost: "the worst 40-cell Cram region measured, a 6 x 7 with two cells blocked, took 41 s \
               and 315 MB; a 6 x 7 over 3 minutes",
        ceiling: (42, "a 6 x 7 (42 cells) did not finish in 3 minutes"),
        values: cram_values,
        check: check_cram,
        moves: cram_moves,
    },
    Game {
        name: "amazons",
        impartial: false,
        max_cells: AMAZONS_MAX_EMPTY,
        cost: AMAZONS_COST,
        ceiling: (amazons::MAX_EMPTY, AMAZONS_CEILING_COST),
        values: amazons_values,
        check: check_amazons,
        moves: amazons_moves,
    },
    Game {
        name: "chomp",
        impartial: true,
        max_cells: CHOMP_MAX_SQUARES,
        cost: CHOMP_COST,
        ceiling: (
            100,
            "the 10 x 10 bar has C(20, 10) = 184,756 staircases, each valued once: seconds and under 100 MB",
        ),
        values: chomp_values,
        check: check_chomp,
        moves: chomp_moves,
    },
    Game {
        name: "sylver",
        impartial: true,
        max_cells: SYLVER_MAX_GAPS,
        cost: SYLVER_COST,
        ceiling: (
            36,
            "on a debug build the gaps 1 to 36 took 43 s and 49 MB; a release build is many times faster",
        ),
        values: sylver_values,
        check: check_sylver,
        moves: sylver_moves,
    },
    Game {
        name: "hackenbush",
        impartial: true,
        max_cells: u32::MAX,
        cost: "linear in the edges",
        ceiling: (u32::MAX, "linear in the edges"),
        values: hackenbush_values,
        check: check_hackenbush,
        moves: hackenbush_moves,
    },
];

/// A game name that is none of [`GAMES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no game `{name}`: expected one of {}", GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", "))]
pub struct UnknownGame {
    /// The name asked for.
    pub name: String,
}

/// The game named `name`, or a refusal naming the games there are.
pub fn game(name: &str) -> Result<&'static Game, UnknownGame> {
    GAMES
        .iter()
        .find(|g| g.name == name)
        .ok_or_else(|| UnknownGame {
            name: name.to_string(),
        })
}

impl Game {
    /// The value of `position` in `games`, its regions limited to
    /// `max_cells` (the game's default when `None`), or why it was refused.
    pub fn value(
        &self,
        games: &GameTable,
        position: &str,
        max_cells: Option<u32>,
    ) -> Result<GameId, Refusal> {
        let values = self.values(games, &[position], max_cells)?;
        Ok(values[0])
    }

    /// The values of `positions` in `games`, as [`Game::value`] gives each,
    /// by one solver whose memo they share: a position's options are valued
    /// with it at little more than its own cost.
    pub fn values(
        &self,
        games: &GameTable,
        positions: &[&str],
        max_cells: Option<u32>,
    ) -> Result<Vec<GameId>, Refusal> {
        let refusal = (self.values)(games, positions, max_cells.unwrap_or(self.max_cells));
        refusal.map_err(|r| self.costed(r))
    }

    /// Why `value` would refuse `position`, found without valuing it.
    pub fn check(&self, position: &str, max_cells: Option<u32>) -> Result<(), Refusal> {
        (self.check)(position, max_cells.unwrap_or(self.max_cells)).map_err(|r| self.costed(r))
    }

    /// The size of `position`'s largest region as the game's limit counts
    /// it (free cells, empty squares, squares, numbers left), 0 for a game
    /// with no limit (Hackenbush), or why the position does not read.
    pub fn size(&self, position: &str) -> Result<u32, Refusal> {
        match (self.check)(position, 0) {
            Ok(()) => Ok(0),
            Err(Refusal::TooLarge { needs, .. }) => Ok(needs),
            Err(r) => Err(r),
        }
    }

    /// Left's and Right's options of `position` (one level), each a
    /// position in the game's notation; an impartial game's two lists are
    /// one.
    pub fn options(&self, position: &str) -> Result<[Vec<String>; 2], Refusal> {
        (self.moves)(position)
    }

    /// A refusal for size naming what a region near the limit costs.
    fn costed(&self, refusal: Refusal) -> Refusal {
        match refusal {
            Refusal::TooLarge { message, needs } => Refusal::TooLarge {
                message: format!("{message} ({})", self.cost),
                needs,
            },
            r @ Refusal::Unreadable(_) => r,
        }
    }
}

/// What the core says of a value, as data: every game in `CGSuite`'s notation,
/// every number exact (`-3/4`). A partizan game's analysis; an impartial
/// game's nimber (its analysis would say no more: a nimber's stops, mean and
/// temperature are 0, and `*n` for `n > 0` is a first-player win).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Facts {
    /// The value: a canonical form, or for an impartial game a nimber.
    pub value: String,
    /// The outcome class, as data its letter: `L`, `R`, `N` or `P`.
    #[serde(serialize_with = "letter")]
    pub outcome: Outcome,
    /// The nimber's `n`, for an impartial game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nimber: Option<u32>,
    /// The analysis of a partizan game; `None` for an impartial one.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Analysis>,
}

/// A partizan game's analysis, as data (see [`Analyse::analyse`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Analysis {
    /// Left's stop: where play ends with Left moving first.
    pub left_stop: String,
    /// Right's stop: where play ends with Right moving first.
    pub right_stop: String,
    /// The mean value.
    pub mean: String,
    /// The temperature: how much moving first is worth.
    pub temperature: String,
    /// The atomic weight, where it is defined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub atomic_weight: Option<String>,
    /// Why the atomic weight is not defined, where it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub atomic_weight_undefined: Option<String>,
    /// The reduced canonical form.
    pub reduced: String,
    /// The birthday: the day the canonical form is born.
    pub birthday: u32,
}

impl Facts {
    /// The facts of `g`, a nimber when `impartial`.
    pub fn of(games: &GameTable, g: GameId, impartial: bool) -> Facts {
        let valued = Facts::valued(games, g, impartial);
        if impartial {
            return valued;
        }
        let a = games.analyse(g);
        let (atomic_weight, atomic_weight_undefined) = match a.atomic_weight {
            Ok(w) => (Some(games.display(w)), None),
            Err(why) => (None, Some(why.to_string())),
        };
        Facts {
            analysis: Some(Analysis {
                left_stop: a.left_stop.to_string(),
                right_stop: a.right_stop.to_string(),
                mean: a.mean.to_string(),
                temperature: a.temperature.to_string(),
                atomic_weight,
                atomic_weight_undefined,
                reduced: games.display(a.reduced),
                birthday: a.birthday,
            }),
            ..valued
        }
    }

    /// The value and outcome of `g` (and its nimber when `impartial`),
    /// without the analysis: what `ladder value` prints without
    /// `--analysis`.
    pub fn valued(games: &GameTable, g: GameId, impartial: bool) -> Facts {
        let nimber = impartial.then(|| nim(games, g));
        Facts {
            value: games.display(g),
            outcome: games.outcome(g),
            nimber,
            analysis: None,
        }
    }
}

/// The `n` of `g` when it is the nimber `*n` (0 for any other game): an
/// impartial game's value as a number.
pub fn nim(games: &GameTable, g: GameId) -> u32 {
    match games.form(g) {
        Form::Nimber { number, nim } if number == Dyadic::ZERO => nim,
        _ => 0,
    }
}

/// An outcome as its class's letter.
#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's serialize_with passes the field by reference"
)]
fn letter<S: serde::Serializer>(outcome: &Outcome, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(outcome.letter())
}

/// The board of `grid`, refused when a region has more than `max_cells`
/// free cells, before any work.
fn board(grid: &str, max_cells: u32) -> Result<Board, Refusal> {
    let board = Board::from_grid_string(grid)
        .map_err(|e| Refusal::Unreadable(format!("grid `{grid}`: {e}")))?;
    let largest = board.regions().iter().map(Board::free_cells).max();
    match largest.filter(|&c| c > max_cells) {
        Some(cells) => Err(Refusal::TooLarge {
            message: format!(
                "grid `{grid}` has a region of {cells} free cells; values are limited to \
                 regions of {max_cells}"
            ),
            needs: cells,
        }),
        None => Ok(board),
    }
}

fn check_board(grid: &str, max_cells: u32) -> Result<(), Refusal> {
    board(grid, max_cells).map(drop)
}

fn check_cram(grid: &str, max_cells: u32) -> Result<(), Refusal> {
    board(grid, max_cells)?;
    cram::Grid::parse(grid).map_err(|e| Refusal::Unreadable(format!("grid `{grid}`: {e}")))?;
    Ok(())
}

fn check_amazons(grid: &str, max_cells: u32) -> Result<(), Refusal> {
    amazons::checked(grid, max_cells)
        .map(drop)
        .map_err(|e| amazons_refusal(grid, e))
}

fn check_hackenbush(edges: &str, _: u32) -> Result<(), Refusal> {
    graph(edges).map(drop)
}

/// The boards left by a domino on two free cells of `grid`: vertical ones
/// (Left's in Domineering) and horizontal ones (Right's).
fn placements(grid: &str) -> Result<[Vec<String>; 2], Refusal> {
    let board = Board::from_grid_string(grid)
        .map_err(|e| Refusal::Unreadable(format!("grid `{grid}`: {e}")))?;
    let mut sides = [Vec::new(), Vec::new()];
    for r in 0..board.rows {
        for c in 0..board.cols {
            let ends = [
                (r + 1 < board.rows, (r + 1, c)),
                (c + 1 < board.cols, (r, c + 1)),
            ];
            for (side, (fits, (r2, c2))) in sides.iter_mut().zip(ends) {
                if fits && board.is_free(r, c) && board.is_free(r2, c2) {
                    side.push(board.block(r, c).block(r2, c2).to_grid_string());
                }
            }
        }
    }
    Ok(sides)
}

fn domineering_moves(grid: &str) -> Result<[Vec<String>; 2], Refusal> {
    placements(grid)
}

fn cram_moves(grid: &str) -> Result<[Vec<String>; 2], Refusal> {
    let [vertical, horizontal] = placements(grid)?;
    let both: Vec<String> = vertical.into_iter().chain(horizontal).collect();
    Ok([both.clone(), both])
}

fn amazons_moves(grid: &str) -> Result<[Vec<String>; 2], Refusal> {
    let board = amazons::Board::parse(grid)
        .map_err(|e| Refusal::Unreadable(format!("board `{grid}`: {e}")))?;
    let (mut left, mut right) = (Vec::new(), Vec::new());
    amazons::Amazons.left_options(&board, &mut left);
    amazons::Amazons.right_options(&board, &mut right);
    Ok([left, right].map(|side| side.iter().map(amazons::Board::to_grid_string).collect()))
}

/// A graph's options: each edge cut (what it leaves floating is dead wood).
fn hackenbush_moves(edges: &str) -> Result<[Vec<String>; 2], Refusal> {
    let all = graph(edges)?.edges().to_vec();
    let cut = (0..all.len()).map(|i| {
        let rest = all.iter().enumerate().filter(|&(j, _)| j != i);
        hackenbush::Graph::new(rest.map(|(_, &e)| e).collect()).to_string()
    });
    let options: Vec<String> = cut.collect();
    Ok([options.clone(), options])
}

/// Domineering's canonical values (the search on every core).
fn domineering_values(
    games: &GameTable,
    grids: &[&str],
    max_cells: u32,
) -> Result<Vec<GameId>, Refusal> {
    let boards =
        (grids.iter().map(|grid| board(grid, max_cells))).collect::<Result<Vec<_>, _>>()?;
    let values = Values::new(Domineering::default()).in_parallel();
    Ok((boards.into_iter())
        .map(|b| values.value(games, &b.into()))
        .collect())
}

/// Cram's Grundy values, by one search for the positions of one grid.
fn cram_values(games: &GameTable, grids: &[&str], max_cells: u32) -> Result<Vec<GameId>, Refusal> {
    let parsed = (grids.iter())
        .map(|grid| {
            board(grid, max_cells)?;
            cram::Grid::parse(grid).map_err(|e| Refusal::Unreadable(format!("grid `{grid}`: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let Some((first, _)) = parsed.first() else {
        return Ok(Vec::new());
    };
    let mut search = Grundy::new(first);
    let mut nimber = |(cram, free): &(cram::Grid, u64)| {
        if cram == first {
            search.value(free)
        } else {
            cram.grundy(*free)
        }
    };
    Ok(parsed.iter().map(|p| games.nimber(nimber(p).0)).collect())
}

/// The canonical values of Amazons boards, each summed over its regions.
fn amazons_values(
    games: &GameTable,
    grids: &[&str],
    max_cells: u32,
) -> Result<Vec<GameId>, Refusal> {
    let boards = (grids.iter())
        .map(|grid| amazons::checked(grid, max_cells).map_err(|e| amazons_refusal(grid, e)))
        .collect::<Result<Vec<_>, _>>()?;
    let values = Values::new(amazons::Amazons);
    Ok(boards.iter().map(|b| values.value(games, b)).collect())
}

fn amazons_refusal(grid: &str, e: amazons::AmazonsError) -> Refusal {
    match e {
        amazons::AmazonsError::RegionTooLarge { empty, .. } => Refusal::TooLarge {
            message: format!("board `{grid}`: {e}"),
            needs: empty,
        },
        e => Refusal::Unreadable(format!("board `{grid}`: {e}")),
    }
}

/// The green Hackenbush graph `edges`.
fn graph(edges: &str) -> Result<hackenbush::Graph, Refusal> {
    (edges.parse()).map_err(|e| Refusal::Unreadable(format!("graph `{edges}`: {e}")))
}

/// Green Hackenbush's Grundy values, by the fusion principle (linear time,
/// so no limit applies).
fn hackenbush_values(games: &GameTable, graphs: &[&str], _: u32) -> Result<Vec<GameId>, Refusal> {
    (graphs.iter())
        .map(|edges| Ok(games.nimber(graph(edges)?.fusion().value().0)))
        .collect()
}

/// A Chomp position: its column heights from the poison's column
/// rightwards, each at least 1 and none taller than the one before it.
pub fn staircase(text: &str) -> Result<Vec<u8>, Refusal> {
    let unreadable = |why: String| Refusal::Unreadable(format!("Chomp position `{text}`: {why}"));
    let heights = (text.split(','))
        .map(|h| match h.trim().parse::<u8>() {
            Ok(h) if h >= 1 && usize::from(h) <= chomp::MAX_SIDE => Ok(h),
            _ => Err(unreadable(format!(
                "expected column heights from 1 to {} separated by commas, not `{h}`",
                chomp::MAX_SIDE
            ))),
        })
        .collect::<Result<Vec<u8>, Refusal>>()?;
    if heights.len() > chomp::MAX_SIDE {
        return Err(unreadable(format!(
            "{} columns; at most {}",
            heights.len(),
            chomp::MAX_SIDE
        )));
    }
    if let Some(k) = heights.windows(2).position(|w| w[0] < w[1]) {
        return Err(unreadable(format!(
            "column {} is taller than column {}: heights must not rise to the right",
            k + 2,
            k + 1
        )));
    }
    Ok(heights)
}

/// The staircase of `text`, refused past `max_cells` squares.
fn chomp_position(text: &str, max_cells: u32) -> Result<Vec<u8>, Refusal> {
    let heights = staircase(text)?;
    let squares = heights.iter().map(|&h| u32::from(h)).sum();
    if squares > max_cells {
        return Err(Refusal::TooLarge {
            message: format!(
                "Chomp position `{text}` has {squares} squares; values are limited to \
                 {max_cells}"
            ),
            needs: squares,
        });
    }
    Ok(heights)
}

fn check_chomp(text: &str, max_cells: u32) -> Result<(), Refusal> {
    chomp_position(text, max_cells).map(drop)
}

/// The Grundy values of the positions `texts` write, read by `read`, by
/// one search of `game`, so that a position and its options share a memo.
fn grundy_values<G: Impartial>(
    game: &G,
    games: &GameTable,
    texts: &[&str],
    read: impl Fn(&str) -> Result<G::Position, Refusal>,
) -> Result<Vec<GameId>, Refusal> {
    let positions = texts
        .iter()
        .map(|t| read(t))
        .collect::<Result<Vec<_>, _>>()?;
    let mut search = Grundy::new(game);
    Ok(positions
        .iter()
        .map(|p| games.nimber(search.value(p).0))
        .collect())
}

/// Chomp's Grundy values, by one search.
fn chomp_values(games: &GameTable, texts: &[&str], max_cells: u32) -> Result<Vec<GameId>, Refusal> {
    grundy_values(&chomp::Staircases, games, texts, |t| {
        chomp_position(t, max_cells)
    })
}

/// Every bite but the poison, as the staircase it leaves.
fn chomp_moves(text: &str) -> Result<[Vec<String>; 2], Refusal> {
    let heights = staircase(text)?;
    let options: Vec<String> = (chomp::openings(&heights))
        .map(|(c, r)| join(&chomp::eat(&heights, c, r)))
        .collect();
    Ok([options.clone(), options])
}

/// Numbers as a position writes them: `5,7`.
fn join<T: ToString>(numbers: &[T]) -> String {
    numbers
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// A Sylver Coinage position: the numbers named, in order, and what they
/// leave.
pub fn named(text: &str) -> Result<(Vec<u32>, sylver::Position), Refusal> {
    let unreadable = |why: String| Refusal::Unreadable(format!("Sylver Coinage `{text}`: {why}"));
    let numbers = (text.split(','))
        .map(|n| {
            (n.trim().parse::<u32>()).map_err(|_| {
                unreadable(format!(
                    "expected the numbers named, separated by commas, not `{n}`"
                ))
            })
        })
        .collect::<Result<Vec<u32>, Refusal>>()?;
    let position = sylver::Position::named(&numbers).map_err(|e| unreadable(e.to_string()))?;
    Ok((numbers, position))
}

/// The position of `text`, refused past `max_cells` gaps.
fn sylver_position(text: &str, max_cells: u32) -> Result<sylver::Position, Refusal> {
    let (_, position) = named(text)?;
    let gaps = position.genus();
    if gaps > max_cells {
        return Err(Refusal::TooLarge {
            message: format!(
                "Sylver Coinage `{text}` leaves {gaps} numbers (its gaps); values are limited \
                 to {max_cells}"
            ),
            needs: gaps,
        });
    }
    Ok(position)
}

fn check_sylver(text: &str, max_cells: u32) -> Result<(), Refusal> {
    sylver_position(text, max_cells).map(drop)
}

/// Sylver Coinage's Grundy values, by one search (naming 1 is no move: it
/// loses at once).
fn sylver_values(
    games: &GameTable,
    texts: &[&str],
    max_cells: u32,
) -> Result<Vec<GameId>, Refusal> {
    grundy_values(&sylver::Game, games, texts, |t| {
        sylver_position(t, max_cells)
    })
}

/// Every number left but 1, named next.
fn sylver_moves(text: &str) -> Result<[Vec<String>; 2], Refusal> {
    let (numbers, position) = named(text)?;
    let options: Vec<String> = (position.moves())
        .map(|m| join(&[numbers.as_slice(), &[m]].concat()))
        .collect();
    Ok([options.clone(), options])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_named_once() {
        for (i, g) in GAMES.iter().enumerate() {
            assert!(GAMES[..i].iter().all(|h| h.name != g.name), "{}", g.name);
        }
        let err = game("chess").err().unwrap().to_string();
        assert!(err.contains("no game `chess`") && err.contains("hackenbush"));
    }

    #[test]
    fn options_are_the_games_moves() {
        let options = |game_name: &str, position: &str| game(game_name).unwrap().options(position);
        // The 2 x 2 square: two vertical dominoes for Left, two horizontal
        // ones for Right; Cram's player has all four.
        let [left, right] = options("domineering", "..|..").unwrap();
        assert_eq!(left, ["#.|#.", ".#|.#"]);
        assert_eq!(right, ["##|..", "..|##"]);
        assert_eq!(options("cram", "..|..").unwrap()[0].len(), 4);
        // A stalk of two: cut the lower or the upper edge.
        let [cut, _] = options("hackenbush", "0-1 1-2").unwrap();
        assert_eq!(cut, ["1-2", "0-1"]);
        // `L.`: Left moves and burns the square left; Right has no amazon.
        let [left, right] = options("amazons", "L.").unwrap();
        assert_eq!((left, right.len()), (vec!["#L".to_string()], 0));
        assert!(matches!(
            options("cram", "..|x"),
            Err(Refusal::Unreadable(_))
        ));
    }
}
