//! `position`: any game's position as a figure. A game and a list of
//! positions in the notation `ladder value` reads ([`crate::games::notation`]),
//! their sum valued by the core, with what the core says of it (a partizan
//! game's outcome, stops, mean, temperature, thermograph, atomic weight,
//! reduced form and birthday; an impartial game's nimber, outcome and
//! winning moves), each part's value and the options of each part one
//! level down. Its views are drawn in `views.rs`.

pub(super) mod views;

use super::params::params;
use super::{Check, Doc, Limit, MeasureError, Params, Solve, Spec};
use crate::cgt::analysis::Analyse;
use crate::cgt::canonical::{GameId, GameTable};
use crate::cgt::dyadic::Dyadic;
use crate::draw::games::Walls;
use crate::games::notation::{self, Facts, Refusal};
use crate::generators::data;
use serde::{Deserialize, Serialize};

/// The `position` generator: any game's positions, summed and valued by the core.
pub struct Position;

params! {
    /// The parameters of `position`.
    pub struct PositionParams {
        /// The game: `domineering`, `cram`, `amazons`, `chomp`, `sylver` (Sylver Coinage) or
        /// `hackenbush` (green).
        game: String = "domineering", at most 20;
        /// The positions, their sum the figure's position, each as `ladder value` reads it:
        /// Domineering and Cram boards as rows of `.` and `#` joined by `|`, Amazons boards of
        /// `.`, `#`, `L` and `R`, Chomp column heights from the poison's column rightwards
        /// (`3,2,2`), Sylver Coinage the numbers named in order (`5,7`), Hackenbush edges `a-b`
        /// separated by spaces.
        positions: Vec<String> = ["..|.."], at most 6;
    }
}

/// Every position of the sum read and checked against its game's limit, or
/// an error naming the parameter and what was expected.
fn checked(p: &PositionParams) -> Result<&'static notation::Game, MeasureError> {
    let game = notation::game(&p.game).map_err(|e| MeasureError::param("game", None, e))?;
    if p.positions.is_empty() {
        return Err(MeasureError::param(
            "positions",
            None,
            "expected at least one position",
        ));
    }
    for (i, text) in p.positions.iter().enumerate() {
        game.check(text, None).map_err(|r| {
            let why = match r {
                Refusal::Unreadable(why) | Refusal::TooLarge { message: why, .. } => why,
            };
            MeasureError::param("positions", Some(format!("position {}", i + 1)), why)
        })?;
    }
    Ok(game)
}

/// The positions of the sum, each read within its game's limit.
fn positions(params: &Params) -> Result<u128, MeasureError> {
    let p: PositionParams = params.typed();
    checked(&p)?;
    Ok(p.positions.len() as u128)
}

static SPEC: Spec = Spec {
    name: "position",
    description: "A position of any game with values (or a sum of positions), drawn in its game's \
                  drawing with its value, its options one level down and its thermograph, and \
                  everything the core computes of it for claims.",
    params: PositionParams::PARAMS,
    example: &[
        ("game", "\"domineering\""),
        ("positions", "[\"..|..\", \".|.\"]"),
    ],
    limits: &[Limit {
        name: "positions",
        doc: "positions in the sum, each read as `ladder value` reads it and refused past its \
              game's limit on a region (Domineering 32 free cells, Cram 40, Amazons 12 empty \
              squares, Chomp 64 squares, Sylver Coinage 30 numbers left) as `ladder value` \
              refuses it; a Sylver Coinage position whose numbers share a divisor above 1 \
              leaves infinitely many numbers and is refused",
        max: 6,
        measure: positions,
        params: &["game", "positions"],
    }],
    names: &[],
    identities: &[
        Doc {
            name: "the sum's value",
            doc: "The sum's value is the sum of its parts' values, and equals the value of \
                  its options' game {left options | right options}.",
        },
        Doc {
            name: "mean of a sum",
            doc: "The sum's mean is the sum of its parts' means (partizan games).",
        },
        Doc {
            name: "walls at 0",
            doc: "The thermograph's walls at temperature 0 are the left and right stops: a \
                  game cooled by 0 is itself (partizan games).",
        },
    ],
    views: &[
        Doc {
            name: "position",
            doc: "Each position in its game's drawing with its value, and for a sum the sum's \
                  value.",
        },
        Doc {
            name: "options",
            doc: "Left's and Right's options (an impartial game's options), each drawn small \
                  with its value, one level down, by part.",
        },
        Doc {
            name: "thermograph",
            doc: "The thermograph: value across with Left's side on the left, temperature up, \
                  the walls and the mast at the mean from the temperature up (partizan games).",
        },
    ],
};

/// A part of the sum.
#[derive(Serialize, Deserialize)]
pub struct Part {
    /// The position as given.
    pub position: String,
    /// Its value: a canonical form, or a nimber for an impartial game.
    pub value: String,
    /// Who wins it: `L`, `R`, `N` or `P`.
    pub outcome: String,
}

/// One move of the sum, in one part.
#[derive(Serialize, Deserialize)]
pub struct Move {
    /// The player who moves: `left` or `right` (an impartial game's, `left`).
    pub side: String,
    /// The part moved in, from 1.
    pub part: usize,
    /// That part after the move.
    pub position: String,
    /// The value of that part after the move.
    pub value: String,
    /// The value of the whole sum after the move.
    pub sum: String,
    /// Whether the sum after the move is a loss for the player to move next.
    pub winning: bool,
}

data! {
    /// The data of a run.
    pub struct Results {
        /// The game.
        pub game: String,
        /// Whether the game is impartial (its values nimbers).
        pub impartial: bool,
        /// The sum's value in CGSuite's notation (a canonical form; a nimber for an impartial
        /// game).
        pub value: String,
        /// Who wins the sum: `L`, `R`, `N` (the first player) or `P` (the second).
        pub outcome: String,
        /// An impartial sum's nimber's n (null for a partizan game).
        pub nimber: Option<u32>,
        /// The left stop, exact (`-1/2`); null for an impartial game, as are the keys below down to
        /// `birthday`.
        pub left_stop: Option<String>,
        /// The right stop.
        pub right_stop: Option<String>,
        /// The mean value.
        pub mean: Option<String>,
        /// The temperature (-1/2^k for a number of denominator 2^k).
        pub temperature: Option<String>,
        /// The atomic weight; null where it is not defined (a game with a nonzero number among its
        /// positions), and a claim on it then fails.
        pub atomic_weight: Option<String>,
        /// The reduced canonical form.
        pub reduced: Option<String>,
        /// The birthday of the canonical form.
        pub birthday: Option<u32>,
        /// The thermograph's walls (null for an impartial game): .left and .right, each a list of
        /// vertices [temperature, value] from temperature -1 up to the foot of the mast, exact.
        pub thermograph: Option<Walls>,
        /// Each position of the sum (parts.N): .position, .value, .outcome.
        pub parts: Vec<Part>,
        /// The sum's options, a move in one part (options.N): .side (`left` or `right`; an
        /// impartial game's listed once, as `left`), .part (from 1), .position (the part after the
        /// move), .value (of that part), .sum (of the sum after it), .winning (whether the sum
        /// after it is a loss for the player to move next: for Left at least 0, for Right at most
        /// 0).
        pub options: Vec<Move>,
        /// How many of the options win.
        pub winning_moves: usize,
    }
}

impl Solve for Position {
    type Data = Results;
    const SPEC: &'static Spec = &SPEC;

    fn solve(&self, params: &Params) -> (Results, Vec<Check>) {
        let p: PositionParams = params.typed();
        let game = checked(&p).expect("the limits read every position");
        let games = GameTable::new();
        let value = |text: &str| {
            (game.value(&games, text, None)).expect("the limits refuse what is refused")
        };
        let parts: Vec<GameId> = p.positions.iter().map(|t| value(t)).collect();
        let sum = games.sum_of(&parts);
        let mut options = Vec::new();
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for (k, text) in p.positions.iter().enumerate() {
            let [left, right] = game.options(text).expect("the limits read every position");
            let listed = if game.impartial {
                vec![left]
            } else {
                vec![left, right]
            };
            for (s, side) in listed.into_iter().enumerate() {
                for o in side {
                    let v = value(&o);
                    let mut moved = parts.clone();
                    moved[k] = v;
                    let after = games.sum_of(&moved);
                    let zero = games.zero();
                    let winning = match s {
                        0 => games.leq(zero, after) && (!game.impartial || games.leq(after, zero)),
                        _ => games.leq(after, zero),
                    };
                    sides[s].push(after);
                    options.push(Move {
                        side: ["left", "right"][s].into(),
                        part: k + 1,
                        position: o,
                        value: games.display(v),
                        sum: games.display(after),
                        winning,
                    });
                }
            }
        }
        if game.impartial {
            let [left, right] = &mut sides;
            right.clone_from(left);
        }
        let by_options = games.game(&sides[0], &sides[1]);
        let mut checks = vec![Check::equal(
            "the sum's value: its options' game",
            games.display(by_options),
            games.display(sum),
        )];
        let facts = Facts::of(&games, sum, game.impartial);
        let analysis = facts.analysis.as_ref();
        let thermograph = (!game.impartial).then(|| thermograph(&games, sum, &parts, &mut checks));
        let results = Results {
            game: game.name.into(),
            impartial: game.impartial,
            value: facts.value.clone(),
            outcome: facts.outcome.letter().into(),
            nimber: facts.nimber,
            left_stop: analysis.map(|a| a.left_stop.clone()),
            right_stop: analysis.map(|a| a.right_stop.clone()),
            mean: analysis.map(|a| a.mean.clone()),
            temperature: analysis.map(|a| a.temperature.clone()),
            atomic_weight: analysis.and_then(|a| a.atomic_weight.clone()),
            reduced: analysis.map(|a| a.reduced.clone()),
            birthday: analysis.map(|a| a.birthday),
            thermograph,
            parts: (p.positions.iter().zip(&parts))
                .map(|(text, &g)| Part {
                    position: text.clone(),
                    value: games.display(g),
                    outcome: games.outcome(g).letter().into(),
                })
                .collect(),
            winning_moves: options.iter().filter(|m| m.winning).count(),
            options,
        };
        (results, checks)
    }
}

/// The sum's thermograph as its walls' vertices, checking the walls at 0
/// against the stops and the sum's mean against its parts' means.
fn thermograph(games: &GameTable, sum: GameId, parts: &[GameId], checks: &mut Vec<Check>) -> Walls {
    let t = games.thermograph(sum);
    checks.push(Check::equal(
        "walls at 0: the left wall is the left stop",
        t.left_at(Dyadic::ZERO),
        games.left_stop(sum),
    ));
    checks.push(Check::equal(
        "walls at 0: the right wall is the right stop",
        t.right_at(Dyadic::ZERO),
        games.right_stop(sum),
    ));
    let means = parts.iter().map(|&g| games.mean(g));
    checks.push(Check::equal(
        "mean of a sum: the sum of the parts' means",
        means.fold(Dyadic::ZERO, |a, b| a + b),
        t.mean(),
    ));
    Walls::of(t)
}

#[cfg(test)]
mod tests;
