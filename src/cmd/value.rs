//! `ladder value GRID [--game NAME]`: prints the value of a board in CGSuite's
//! notation, so values can be checked by hand and against other engines:
//! Domineering's canonical value, or Cram's Grundy value (a nimber).

use super::USAGE_ERROR;
use crate::cgt::canonical::GameTable;
use crate::cgt::partizan::Values;
use crate::games::cram;
use crate::games::domineering::{Board, Domineering};
use std::process::ExitCode;

/// The default limit on a region's free cells (measured on the release
/// build): a 5 x 5 Domineering board takes half a second and 12 MB, a 5 x 6
/// about 20 s and 130 MB, and a 6 x 6 had not finished after 30 s and 270 MB,
/// still growing; so larger regions are refused unless asked for. (Cram is
/// cheaper: a 5 x 6 takes 1.5 s and 24 MB, a 6 x 6 about 40 s.)
const MAX_CELLS: u32 = 25;

/// The games that have values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Game {
    /// Left places vertical dominoes, Right horizontal ones: the canonical value.
    Domineering,
    /// Both players place dominoes either way up: the Grundy value.
    Cram,
}

#[derive(clap::Args)]
pub struct Args {
    /// The board as rows of `.` (free) and `#` (blocked) joined by `|`, e.g. `...|...`.
    grid: String,
    /// The game played on the board.
    #[arg(long, value_enum, default_value_t = Game::Domineering)]
    game: Game,
    /// Refuse boards with a region (connected free cells) larger than this:
    /// a 5 x 5 Domineering region takes half a second, a 5 x 6 about 20 s and 130 MB.
    #[arg(long, default_value_t = MAX_CELLS)]
    max_cells: u32,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match value(args.game, &args.grid, args.max_cells) {
        Ok(v) => {
            println!("{v}");
            Ok(ExitCode::SUCCESS)
        }
        Err(msg) => {
            eprintln!("error: {msg}");
            Ok(ExitCode::from(USAGE_ERROR))
        }
    }
}

/// The value of `grid` in `game`, or why the input was refused: a board with
/// a region of more than `max_cells` free cells is refused before any work.
fn value(game: Game, grid: &str, max_cells: u32) -> Result<String, String> {
    let board = Board::from_grid_string(grid).map_err(|e| format!("grid `{grid}`: {e}"))?;
    let largest = board.regions().iter().map(Board::free_cells).max();
    if let Some(cells) = largest.filter(|&c| c > max_cells) {
        return Err(format!(
            "grid `{grid}` has a region of {cells} free cells; values are limited to regions of \
             {max_cells} (a 5 x 5 Domineering region takes half a second, a 5 x 6 about 20 s \
             and 130 MB); pass --max-cells {cells} to raise the limit"
        ));
    }
    match game {
        Game::Domineering => {
            let mut games = GameTable::new();
            let v = Values::new(Domineering).value(&mut games, &board);
            Ok(games.display(v))
        }
        Game::Cram => {
            let cram = cram::Grid::new(board.rows, board.cols)
                .map_err(|e| format!("grid `{grid}`: {e}"))?;
            let free = (0..board.rows)
                .flat_map(|r| (0..board.cols).map(move |c| (r, c)))
                .filter(|&(r, c)| board.is_free(r, c))
                .fold(0, |free, (r, c)| free | cram.bit(r, c));
            Ok(cram.grundy(free).to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_domineering_values_in_cgsuite_notation() {
        let domineering = |grid: &str| value(Game::Domineering, grid, MAX_CELLS).unwrap();
        assert_eq!(domineering("...|..."), "{2|-1/2}");
        assert_eq!(domineering("..|.#"), "*");
    }

    #[test]
    fn prints_cram_grundy_values_as_nimbers() {
        let cram = |grid: &str| value(Game::Cram, grid, MAX_CELLS).unwrap();
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
        for game in [Game::Domineering, Game::Cram] {
            let err = value(game, "..|.o", MAX_CELLS).unwrap_err();
            assert!(err.contains("row 2, column 2"), "{err}");
            let err = value(game, "...|..", MAX_CELLS).unwrap_err();
            assert!(err.contains("same length"), "{err}");
        }
        // Cram's boards hold at most 64 cells, Domineering's 128: a 5 x 13
        // board whose only free cells are two side by side.
        let mut rows = vec!["#".repeat(13); 5];
        rows[4].replace_range(..2, "..");
        let wide = rows.join("|");
        assert_eq!(value(Game::Domineering, &wide, MAX_CELLS).unwrap(), "-1");
        let err = value(Game::Cram, &wide, MAX_CELLS).unwrap_err();
        assert!(err.contains("more than 64 cells"), "{err}");
    }

    #[test]
    fn refuses_a_region_past_the_cell_limit_saying_how_to_raise_it() {
        let six = ["......"; 6].join("|");
        for game in [Game::Domineering, Game::Cram] {
            let err = value(game, &six, MAX_CELLS).unwrap_err();
            assert!(err.contains("a region of 36 free cells"), "{err}");
            assert!(err.contains("--max-cells 36"), "{err}");
        }
        // The limit is on regions: two 3 x 3 rooms on a 3 x 7 board are within 8 cells.
        let rooms = "...#...|...#...|...#...";
        assert_eq!(value(Game::Domineering, rooms, 9).unwrap(), "0");
        assert!(value(Game::Domineering, rooms, 8).is_err());
    }
}
