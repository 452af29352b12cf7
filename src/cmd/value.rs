//! `ladder value GAME POSITION`: prints the value of a position in CGSuite's
//! notation, so values can be checked by hand and against other engines:
//! the canonical value of Domineering or Amazons, or the Grundy value (a
//! nimber) of Cram or of green Hackenbush. Each game is one row of [`GAMES`].
//! Domineering's search runs on every core ([`Values::in_parallel`]).
//!
//! It imports the game-theory core, the games and [`super::exit`]; nothing of
//! the site.

use super::exit::USAGE_ERROR;
use crate::cgt::canonical::GameTable;
use crate::cgt::partizan::Values;
use crate::games::domineering::{Board, Domineering};
use crate::games::{amazons, cram, hackenbush};
use std::process::ExitCode;

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
/// The limits a position is checked against before any work.
#[derive(Clone, Copy, Debug)]
struct Limits {
    /// The most free cells in a region of a board.
    max_cells: u32,
    /// What a region near the limit costs, in words for the refusal.
    cost: &'static str,
}

/// A game `ladder value` knows: its name on the command line, its default
/// limit on a region's size (none for a game valued in linear time), what a
/// region near it costs, and the value of a position written as text, or why
/// the text was refused.
struct Game {
    name: &'static str,
    max_cells: u32,
    cost: &'static str,
    value: fn(&str, Limits) -> Result<String, String>,
}

/// Every game with values, in the order the help lists them.
const GAMES: &[Game] = &[
    Game {
        name: "domineering",
        max_cells: MAX_CELLS,
        cost: "the worst 32-cell Domineering region measured, a 6 x 7 with its corners cut, took \
               19 s of CPU time and 174 MB; at 36 cells a 6 x 8 with its corners cut took 278 s \
               and 1.2 GB",
        value: domineering_value,
    },
    Game {
        name: "cram",
        max_cells: CRAM_MAX_CELLS,
        cost: "the worst 40-cell Cram region measured, a 6 x 7 with two cells blocked, took 41 s \
               and 315 MB; a 6 x 7 over 3 minutes",
        value: cram_value,
    },
    Game {
        name: "amazons",
        max_cells: amazons::MAX_EMPTY,
        cost: "12 empty squares take about 4 s and 110 MB with two amazons, over 90 s and 1.4 GB \
               with four",
        value: amazons_value,
    },
    Game {
        name: "hackenbush",
        max_cells: u32::MAX,
        cost: "linear in the edges",
        value: hackenbush_value,
    },
];

#[derive(clap::Args)]
pub struct Args {
    /// The game: `domineering` (Left places vertical dominoes, Right horizontal
    /// ones: the canonical value), `cram` (both place dominoes either way up: the
    /// Grundy value), `amazons` (the canonical value, summed over regions) or
    /// `hackenbush` (green Hackenbush: the Grundy value).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(GAMES.iter().map(|g| g.name)))]
    game: String,
    /// The position. Domineering and Cram: the board as rows of `.` (free) and
    /// `#` (blocked) joined by `|`, e.g. `...|...`. Amazons: rows of `.` (empty),
    /// `#` (burnt), `L` and `R` (amazons), e.g. `L..|..R`. Hackenbush: the edges `a-b`
    /// separated by spaces, vertex 0 the ground, e.g. `'0-1 1-2 2-0'`.
    position: String,
    /// Refuse boards with a region larger than this: connected free cells
    /// (Domineering's default 32: the worst region measured, a 6 x 7 with its
    /// corners cut, took 19 s of CPU time and 174 MB, and at 36 cells one took
    /// 278 s and 1.2 GB; Cram's default 40: the worst measured, a 6 x 7 with
    /// two cells blocked, took 41 s and 315 MB), or for Amazons the empty
    /// squares of a region
    /// (default 12: with two amazons 3.8 s and 112 MB, with four over 90 s
    /// and 1.4 GB). Hackenbush has no limit.
    #[arg(long)]
    max_cells: Option<u32>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match value(&args.game, &args.position, args.max_cells) {
        Ok(v) => {
            out!("{v}")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(msg) => {
            err!("error: {msg}");
            Ok(ExitCode::from(USAGE_ERROR))
        }
    }
}

/// The value of `position` in the game named `game`, its regions limited to
/// `max_cells` or the game's default, or why it was refused.
fn value(game: &str, position: &str, max_cells: Option<u32>) -> Result<String, String> {
    let known = GAMES.iter().find(|g| g.name == game);
    let game = known.ok_or_else(|| format!("no game `{game}`"))?;
    let limits = Limits {
        max_cells: max_cells.unwrap_or(game.max_cells),
        cost: game.cost,
    };
    (game.value)(position, limits)
}

/// The board of `grid`, refused when a region has more than the limit's
/// free cells, before any work.
fn board(grid: &str, limits: Limits) -> Result<Board, String> {
    let board = Board::from_grid_string(grid).map_err(|e| format!("grid `{grid}`: {e}"))?;
    let largest = board.regions().iter().map(Board::free_cells).max();
    let max_cells = limits.max_cells;
    if let Some(cells) = largest.filter(|&c| c > max_cells) {
        return Err(format!(
            "grid `{grid}` has a region of {cells} free cells; values are limited to regions of \
             {max_cells} ({}); pass --max-cells {cells} to raise the limit",
            limits.cost
        ));
    }
    Ok(board)
}

/// Domineering's canonical value.
fn domineering_value(grid: &str, limits: Limits) -> Result<String, String> {
    let board = board(grid, limits)?;
    let games = GameTable::new();
    let values = Values::new(Domineering::default()).in_parallel();
    let v = values.value(&games, &board.into());
    Ok(games.display(v))
}

/// Cram's Grundy value.
fn cram_value(grid: &str, limits: Limits) -> Result<String, String> {
    board(grid, limits)?;
    let (cram, free) = cram::Grid::parse(grid).map_err(|e| format!("grid `{grid}`: {e}"))?;
    Ok(cram.grundy(free).to_string())
}

/// The canonical value of an Amazons board, summed over its regions.
fn amazons_value(grid: &str, limits: Limits) -> Result<String, String> {
    match amazons::value(grid, limits.max_cells) {
        Ok(v) => Ok(v.canonical),
        Err(e @ amazons::AmazonsError::RegionTooLarge { empty, .. }) => Err(format!(
            "board `{grid}`: {e} ({}); pass --max-cells {empty} to raise the limit",
            limits.cost
        )),
        Err(e) => Err(format!("board `{grid}`: {e}")),
    }
}

/// Green Hackenbush's Grundy value, by the fusion principle (linear time, so
/// no limit applies).
fn hackenbush_value(edges: &str, _: Limits) -> Result<String, String> {
    let graph: hackenbush::Graph = edges.parse().map_err(|e| format!("graph `{edges}`: {e}"))?;
    Ok(graph.fusion().value().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_domineering_values_in_cgsuite_notation() {
        let domineering = |grid: &str| value("domineering", grid, None).unwrap();
        assert_eq!(domineering("...|..."), "{2|-1/2}");
        assert_eq!(domineering("..|.#"), "*");
    }

    #[test]
    fn prints_cram_grundy_values_as_nimbers() {
        let cram = |grid: &str| value("cram", grid, None).unwrap();
        // A strip of n cells is Dawson's Kayles: 0, 0, 1, 1, 2, 0, 3 for n = 0..6.
        let strips: Vec<String> = (1..=6).map(|n| cram(&".".repeat(n))).collect();
        assert_eq!(strips, ["0", "*", "*", "*2", "0", "*3"]);
        // Even by even boards are second-player wins (the central reflection).
        assert_eq!(cram("..|.."), "0");
        assert_eq!(cram("....|....|....|...."), "0");
        assert_eq!(cram("..|.#"), "*");
        // Regions add by nim-addition: *2 + *3 = *.
        assert_eq!(cram("....#......"), "*");
    }

    #[test]
    fn refuses_bad_grids_with_a_reason() {
        for game in ["domineering", "cram"] {
            let err = value(game, "..|.o", None).unwrap_err();
            assert!(err.contains("row 2, column 2"), "{err}");
            let err = value(game, "...|..", None).unwrap_err();
            assert!(err.contains("same length"), "{err}");
        }
        // Cram's boards hold at most 64 cells, Domineering's 128: a 5 x 13
        // board whose only free cells are two side by side.
        let mut rows = vec!["#".repeat(13); 5];
        rows[4].replace_range(..2, "..");
        let wide = rows.join("|");
        assert_eq!(value("domineering", &wide, None).unwrap(), "-1");
        let err = value("cram", &wide, None).unwrap_err();
        assert!(err.contains("more than 64 cells"), "{err}");
    }

    #[test]
    fn refuses_a_region_past_the_cell_limit_saying_how_to_raise_it() {
        // Domineering refuses a 5 x 8 (40 cells) and a 6 x 6 (36), naming the
        // worst cost measured at its limit; Cram, whose
        // default is its own, takes a 6 x 6 (the half turn settles it at once)
        // and a 1 x 40 strip, but not a 6 x 7.
        let err = value("domineering", &["........"; 5].join("|"), None).unwrap_err();
        assert!(err.contains("a region of 40 free cells"), "{err}");
        assert!(
            err.contains("worst 32-cell Domineering region measured"),
            "{err}"
        );
        assert!(err.contains("--max-cells 40"), "{err}");
        let err = value("domineering", &["......"; 6].join("|"), None).unwrap_err();
        assert!(err.contains("--max-cells 36"), "{err}");
        let six = ["......"; 6].join("|");
        assert_eq!(value("cram", &six, None).unwrap(), "0");
        assert!(value("cram", &".".repeat(40), None).is_ok());
        let err = value("cram", &["......."; 6].join("|"), None).unwrap_err();
        assert!(err.contains("worst 40-cell Cram region measured"), "{err}");
        assert!(err.contains("--max-cells 42"), "{err}");
        // The limit is on regions: two 3 x 3 rooms on a 3 x 7 board are within 8 cells.
        let rooms = "...#...|...#...|...#...";
        assert_eq!(value("domineering", rooms, Some(9)).unwrap(), "0");
        assert!(value("domineering", rooms, Some(8)).is_err());
    }

    #[test]
    fn prints_amazons_values_summed_over_regions_and_refuses_a_large_region() {
        let amazons = |grid: &str| value("amazons", grid, None).unwrap();
        // Hand-worked on a strip: Left's amazon with one empty square can
        // move there and burn its old square (1); with two, 2.
        assert_eq!(amazons("L."), "1");
        assert_eq!(amazons("L.."), "2");
        // Two strips apart: 1 + -1 = 0.
        assert_eq!(amazons("L.|##|R."), "0");
        let err = value("amazons", "L.#|..x", None).unwrap_err();
        assert!(err.contains("row 2, column 3"), "{err}");
        let open = ["....."; 3].join("|").replacen('.', "L", 1);
        let err = value("amazons", &open, None).unwrap_err();
        assert!(err.contains("14 empty squares"), "{err}");
        assert!(err.contains("--max-cells 14"), "{err}");
    }

    #[test]
    fn prints_green_hackenbush_values_as_nimbers() {
        let hackenbush = |edges: &str| value("hackenbush", edges, None).unwrap();
        // A triangle on the ground fuses to three loops: *; a stalk of two is *2.
        assert_eq!(hackenbush("0-1 1-2 2-0"), "*");
        assert_eq!(hackenbush("0-1 1-2"), "*2");
        assert_eq!(hackenbush("0-0 0-0"), "0");
        let err = value("hackenbush", "0-1 1:2", None).unwrap_err();
        assert!(err.contains("`1:2` at column 5"), "{err}");
    }

    #[test]
    fn every_game_is_named_once() {
        for (i, game) in GAMES.iter().enumerate() {
            assert!(
                GAMES[..i].iter().all(|g| g.name != game.name),
                "{}",
                game.name
            );
        }
        assert!(value("chess", "...", None).unwrap_err().contains("no game"));
    }
}
