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
use crate::cgt::nimber::{Nimber, mex};
use crate::draw::games::Walls;
use crate::games::notation::{self, Facts, Refusal, nim};
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

/// What a `position` figure costs, by game: a part of size n (its largest
/// region as the game's limit counts it) about `c g^n` milliseconds of CPU,
/// and a sum of partizan parts of sizes adding to m about `c' g'^m` more
/// (the canonical sums and the sum's thermograph). Fitted to the worst
/// shapes measured on a release build (a shared 2-core machine,
/// 2026-12-07): Domineering 5 x 5 0.09 s, 4 x 7 0.75 s, 5 x 6 3.3 s, a 5 x
/// 7 with 4 cells blocked (31 cells) 14.7 s, two 4 x 6 2 s (one 0.08 s),
/// two 5 x 5 0.14 s; Cram 4 x 6 0.05 s, 5 x 6 3 s, 6 x 6
/// past 10 s; Amazons with four amazons and 8, 9 and 10 empty squares 0.25
/// s, 1.2 s and 8.5 s (and one 9 of another shape half a minute); Chomp (at most 64 squares: the 8 x 8 0.3 s, six of
/// them 1.8 s) and Sylver Coinage (at most 30 numbers left: 31 to 61 0.23
/// s) under a second a part; Hackenbush, linear per option, nothing.
const COSTS: &[(&str, [f64; 4])] = &[
    ("domineering", [9.2e-9, 2.5, 7.1e-6, 1.5]),
    ("cram", [2.8e-6, 2.0, 0.0, 1.0]),
    ("amazons", [0.0015, 6.0, 0.0015, 6.0]),
    ("chomp", [1000.0, 1.0, 0.0, 1.0]),
    ("sylver", [1000.0, 1.0, 0.0, 1.0]),
    ("hackenbush", [0.0, 1.0, 0.0, 1.0]),
];

/// The figure's estimated milliseconds of CPU by [`COSTS`]: each part's,
/// and for two or more partizan parts their sum's.
fn estimated_ms(params: &Params) -> Result<u128, MeasureError> {
    let p: PositionParams = params.typed();
    let game = checked(&p)?;
    let [c, g, sum_c, sum_g] = (COSTS.iter())
        .find(|(name, _)| *name == game.name)
        .expect("every game has a cost")
        .1;
    let (mut total, mut sizes) = (0.0, 0.0);
    for (i, text) in p.positions.iter().enumerate() {
        let size = game.size(text).map_err(|r| {
            let why = match r {
                Refusal::Unreadable(why) | Refusal::TooLarge { message: why, .. } => why,
            };
            MeasureError::param("positions", Some(format!("position {}", i + 1)), why)
        })?;
        total += c * g.powf(f64::from(size));
        sizes += f64::from(size);
    }
    if p.positions.len() > 1 {
        total += sum_c * sum_g.powf(sizes);
    }
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a positive estimate, saturating past u128"
    )]
    Ok(total.ceil() as u128)
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
    limits: &[
        Limit {
            name: "positions",
            doc: "positions in the sum, each read as `ladder value` reads it and refused past its \
              game's limit on a region (Domineering 32 free cells, Cram 40, Amazons 8 empty \
              squares, Chomp 64 squares, Sylver Coinage 30 numbers left) as `ladder value` \
              refuses it; a Sylver Coinage position whose numbers share a divisor above 1 \
              leaves infinitely many numbers and is refused",
            max: 6,
            ceiling: 6,
            ceiling_cost: "six positions at their limits",
            measure: positions,
            params: &["game", "positions"],
        },
        Limit {
            name: "estimated milliseconds",
            doc: "milliseconds of CPU the figure is estimated to take, each position valued with \
              its options by its game's solver: a part whose largest region has n cells \
              (Amazons: empty squares) about c g^n, and a sum of Domineering or Amazons parts \
              of m cells in all c' g'^m more, fitted to the worst shapes measured on a release \
              build: Domineering 5 x 6 3.3 s and a 5 x 7 with 4 cells blocked (31 cells) 14.7 s (c = \
              9.2e-9, g = 2.5), two 4 x 6 2 s (c' = \
              7.1e-6, g' = 1.5), Cram 5 x 6 3 s (c = 2.8e-6, g = 2), Amazons with four \
              amazons 8 empty squares 0.25 s, 9 1.2 s to 30 s by shape, 10 8.5 s (c = c' = \
              0.0015, g = g' = 6), a Chomp or Sylver Coinage \
              part under a second (1,000 ms each), Hackenbush nothing. So a Domineering region \
              of 30 cells is accepted and one of 31 refused, two 5 x 5 boards but not two 5 x \
              6, a Cram region of 31 cells, an Amazons region of 8 empty squares (the default \
              of `ladder value`), six Chomp or Sylver Coinage parts",
            max: 10_000,
            ceiling: 60_000,
            ceiling_cost: "a minute by the same estimate",
            measure: estimated_ms,
            params: &["game", "positions"],
        },
    ],
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
        let (parts, moved) = valued(game, &games, &p.positions);
        let impartial = game.impartial;
        // An impartial sum is the nim-sum of its parts' nimbers, found without
        // comparing games: comparisons of large nimbers cost exponential time.
        let sum = if impartial {
            games.nimber(parts.iter().map(|&g| nim(&games, g)).fold(0, |a, b| a ^ b))
        } else {
            games.sum_of(&parts)
        };
        let mut options = Vec::new();
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for (s, k, position, v) in moved {
            let after = if impartial {
                games.nimber(nim(&games, sum) ^ nim(&games, parts[k]) ^ nim(&games, v))
            } else {
                let mut moved = parts.clone();
                moved[k] = v;
                games.sum_of(&moved)
            };
            let zero = games.zero();
            let winning = match s {
                0 if impartial => after == zero,
                0 => games.leq(zero, after),
                _ => games.leq(after, zero),
            };
            sides[s].push(after);
            options.push(Move {
                side: ["left", "right"][s].into(),
                part: k + 1,
                position,
                value: games.display(v),
                sum: games.display(after),
                winning,
            });
        }
        let by_options = if impartial {
            games.nimber(mex(sides[0].iter().map(|&g| Nimber(nim(&games, g)))).0)
        } else {
            games.game(&sides[0], &sides[1])
        };
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

/// A move of the sum: the side (0 Left, 1 Right), the part moved in (from
/// 0), that part after the move and its value.
type Moved = (usize, usize, String, GameId);

/// Each part's value and each of its options (side, part, position and
/// value), every part valued with its options by one solver of its game: an
/// impartial game's options are listed once, as Left's.
fn valued(
    game: &notation::Game,
    games: &GameTable,
    positions: &[String],
) -> (Vec<GameId>, Vec<Moved>) {
    let mut parts = Vec::new();
    let mut moved = Vec::new();
    for (k, text) in positions.iter().enumerate() {
        let [left, right] = game.options(text).expect("the limits read every position");
        let sides = if game.impartial {
            vec![left]
        } else {
            vec![left, right]
        };
        let batch: Vec<&str> = std::iter::once(text.as_str())
            .chain(sides.iter().flatten().map(String::as_str))
            .collect();
        let values = (game.values(games, &batch, None)).expect("the limits refuse what is refused");
        parts.push(values[0]);
        let mut rest = values[1..].iter();
        for (s, side) in sides.into_iter().enumerate() {
            for o in side {
                moved.push((s, k, o, *rest.next().expect("a value an option")));
            }
        }
    }
    (parts, moved)
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
