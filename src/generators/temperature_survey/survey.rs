//! The survey, the temperature-survey generator's instrument: every position
//! of a Domineering board valued by its regions in one game table (one
//! evaluator on one core, so each region is searched once), its temperature,
//! mean, stops and thermograph read from the table's analysis, tallied, and
//! the identities of `SPEC` asserted at every position.

use super::{Hot, HotValue, Results, Tally};
use crate::cgt::analysis::Analyse;
use crate::cgt::canonical::{GameId, GameTable};
use crate::cgt::dyadic::Dyadic;
use crate::cgt::grid::Shape;
use crate::cgt::partizan::{Partizan, Values};
use crate::cgt::walk::reachable;
use crate::draw::games::Walls;
use crate::games::domineering::{Board, Domineering, Region, SYMMETRIES};
use crate::generators::Check;
use rustc_hash::FxHashSet;
use std::cmp::Reverse;
use std::collections::{BTreeMap, HashSet};

/// An identity asserted at every position: how often it failed, and the
/// first failure.
#[derive(Default)]
struct Verdicts {
    failures: u64,
    first: Option<String>,
}

impl Verdicts {
    /// Records one position's verdict; `detail` says what failed.
    fn record(&mut self, holds: bool, detail: impl FnOnce() -> String) {
        if !holds {
            self.failures += 1;
            self.first.get_or_insert_with(detail);
        }
    }

    /// The check of `name` over `positions` positions.
    fn check(self, name: &str, positions: u64) -> Check {
        let detail = match self.first {
            None => format!("holds at all {positions} positions"),
            Some(first) => format!("fails at {} positions, first {first}", self.failures),
        };
        Check::that(name, self.failures == 0, detail)
    }
}

/// The identities asserted at every position, in the order of `SPEC`'s.
#[derive(Default)]
struct Identities {
    mean_of_sum: Verdicts,
    no_hotter: Verdicts,
    stops: Verdicts,
    walls: Verdicts,
}

impl Identities {
    /// Asserts each identity at the position `grid`, of value `g`, whose
    /// regions' values are `parts`.
    fn assert(&mut self, games: &GameTable, grid: &str, g: GameId, parts: &[GameId]) {
        let t = games.thermograph(g);
        let (temperature, mean) = (t.temperature(), t.mean());
        let means = parts.iter().fold(Dyadic::ZERO, |a, &r| a + games.mean(r));
        self.mean_of_sum.record(means == mean, || {
            format!("`{grid}`: mean {mean}, its regions' means add to {means}")
        });
        let hottest =
            (parts.iter().map(|&r| games.temperature(r)).max()).unwrap_or(Dyadic::integer(-1));
        self.no_hotter.record(temperature <= hottest, || {
            format!("`{grid}`: temperature {temperature}, its hottest region's {hottest}")
        });
        let (left, right) = (games.left_stop(g), games.right_stop(g));
        self.stops.record(left >= right, || {
            format!("`{grid}`: left stop {left}, right stop {right}")
        });
        let (left_wall, right_wall) = (t.left_wall(), t.right_wall());
        let foot = (temperature, mean);
        let ends = |wall: &[crate::cgt::thermograph::Point]| {
            wall.last().map(|p| (p.temperature, p.value)) == Some(foot)
        };
        let apart = (left_wall.iter().chain(&right_wall))
            .filter(|p| p.temperature < temperature)
            .all(|p| t.left_at(p.temperature) > t.right_at(p.temperature));
        let meets = ends(&left_wall)
            && ends(&right_wall)
            && t.left_at(temperature) == mean
            && t.right_at(temperature) == mean
            && apart;
        self.walls.record(meets, || {
            format!("`{grid}`: thermograph {t}, temperature {temperature}, mean {mean}")
        });
    }
}

/// A position surveyed: its temperature, its text, its board, its value
/// and whether alternating play reaches it.
struct Surveyed {
    temperature: Dyadic,
    grid: String,
    board: Board,
    value: GameId,
    alternating: bool,
}

/// The positions (their free cells) that alternating play from `board`
/// reaches, Left starting or Right starting: Left places only vertical
/// dominoes and Right only flat ones, in turn, until the one to move has
/// none.
pub(super) fn alternating(board: &Board) -> FxHashSet<u128> {
    let dominoes = board.dominoes();
    let mut out = FxHashSet::default();
    for left_starts in [true, false] {
        let states = reachable((board.free, left_starts), |&(free, left)| {
            let own = if left {
                &dominoes.vertical
            } else {
                &dominoes.horizontal
            };
            (own.iter().filter(move |&&d| d & free == d)).map(move |&d| (free & !d, !left))
        });
        out.extend(states.into_iter().map(|(free, _)| free));
    }
    out
}

/// Surveys every position reachable on `board`, listing the `hottest`
/// hottest distinct up to mirror images: the data and every identity.
pub(super) fn survey(board: &Board, hottest: usize) -> (Results, Vec<Check>) {
    let games = GameTable::new();
    let values = Values::new(Domineering::default());
    let split = Domineering::default();
    let mut identities = Identities::default();
    let (mut temperatures, mut means) = (BTreeMap::new(), BTreeMap::new());
    let [mut hot, mut tepid, mut numbers] = [0u64; 3];
    let mut surveyed: Vec<Surveyed> = Vec::new();
    let mut regions = Vec::new();
    let arises = alternating(board);
    for position in board.positions() {
        regions.clear();
        split.regions(&Region::from(position), &mut regions);
        let parts: Vec<GameId> = (regions.iter())
            .map(|r| values.region_value(&games, r))
            .collect();
        let g = games.sum_of(&parts);
        let grid = position.to_grid_string();
        identities.assert(&games, &grid, g, &parts);
        let (temperature, mean) = (games.temperature(g), games.mean(g));
        *temperatures.entry(temperature).or_insert(0u64) += 1;
        *means.entry(mean).or_insert(0u64) += 1;
        let number = games.number_value(g).is_some();
        hot += u64::from(temperature > Dyadic::ZERO);
        tepid += u64::from(temperature == Dyadic::ZERO && !number);
        numbers += u64::from(number);
        surveyed.push(Surveyed {
            temperature,
            grid,
            board: position,
            value: g,
            alternating: arises.contains(&position.free),
        });
    }
    let positions = surveyed.len() as u64;
    let alternating = surveyed.iter().filter(|s| s.alternating).count() as u64;
    surveyed.sort_unstable_by(|a, b| {
        (Reverse(a.temperature), &a.grid).cmp(&(Reverse(b.temperature), &b.grid))
    });
    let top = surveyed
        .first()
        .map_or(Dyadic::integer(-1), |s| s.temperature);
    let Identities {
        mean_of_sum,
        no_hotter,
        stops,
        walls,
    } = identities;
    let checks = vec![
        Check::equal(
            "positions: the walk's count",
            positions,
            board.walk().positions,
        ),
        Check::equal(
            "alternating play stays among them",
            alternating,
            arises.len() as u64,
        ),
        Check::equal("hot, tepid or a number", hot + tepid + numbers, positions),
        mean_of_sum.check("mean of a sum", positions),
        no_hotter.check("no hotter than its hottest region", positions),
        stops.check("stops in order", positions),
        walls.check("walls meet at the mast", positions),
    ];
    let tallies = |counts: BTreeMap<Dyadic, u64>| {
        (counts.into_iter())
            .map(|(value, positions)| Tally {
                value: value.to_string(),
                positions,
            })
            .collect()
    };
    let hottest_ones = || surveyed.iter().take_while(|s| s.temperature == top);
    let results = Results {
        board: board.to_grid_string(),
        positions,
        alternating,
        hot,
        tepid,
        numbers,
        temperatures: tallies(temperatures),
        means: tallies(means),
        hottest_temperature: top.to_string(),
        hottest_positions: hottest_ones().count() as u64,
        hottest_alternating: hottest_ones().filter(|s| s.alternating).count() as u64,
        hottest_values: by_value(&games, hottest_ones()),
        hottest: distinct(&surveyed, hottest)
            .map(|s| hot_position(&games, s))
            .collect(),
    };
    (results, checks)
}

/// The first `n` of `surveyed` that are not mirror images of an earlier one
/// (under the mirrors that keep each player's dominoes).
fn distinct(surveyed: &[Surveyed], n: usize) -> impl Iterator<Item = &Surveyed> {
    let mut seen = HashSet::new();
    (surveyed.iter())
        .filter(move |s| {
            let side =
                |n: usize| u8::try_from(n).expect("a board has at most 128 rows and columns");
            let whole = Shape {
                rows: side(s.board.rows),
                cols: side(s.board.cols),
                cells: s.board.free,
            };
            seen.insert(whole.normalised(SYMMETRIES))
        })
        .take(n)
}

/// How many of `positions` have each value, and how many of those
/// alternating play reaches, in the order of the values' text.
fn by_value<'a>(games: &GameTable, positions: impl Iterator<Item = &'a Surveyed>) -> Vec<HotValue> {
    let mut counts: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    for s in positions {
        let count = counts.entry(games.display(s.value)).or_default();
        count.0 += 1;
        count.1 += u64::from(s.alternating);
    }
    (counts.into_iter())
        .map(|(value, (positions, alternating))| HotValue {
            value,
            positions,
            alternating,
        })
        .collect()
}

/// A hot position's record.
fn hot_position(games: &GameTable, s: &Surveyed) -> Hot {
    let g = s.value;
    let t = games.thermograph(g);
    Hot {
        position: s.grid.clone(),
        value: games.display(g),
        temperature: t.temperature().to_string(),
        mean: t.mean().to_string(),
        left_stop: games.left_stop(g).to_string(),
        right_stop: games.right_stop(g).to_string(),
        thermograph: Walls::of(t),
        alternating: s.alternating,
    }
}
