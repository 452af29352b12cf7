//! `ladder value domineering GRID`: prints the canonical value of a board in
//! CGSuite's notation, so values can be checked by hand and against other
//! engines.

use super::USAGE_ERROR;
use crate::cgt::canonical::GameTable;
use crate::games::domineering::{Board, Values};
use std::process::ExitCode;

/// The default limit on a region's free cells (measured on the release
/// build): a 5 x 5 board takes half a second and 12 MB, a 5 x 6 about 20 s and
/// 130 MB, and a 6 x 6 had not finished after 30 s and 270 MB, still growing;
/// so larger regions are refused unless asked for.
const MAX_CELLS: u32 = 25;

#[derive(clap::Args)]
pub struct Args {
    /// The game: `domineering` (Left places vertical dominoes, Right horizontal).
    game: String,
    /// The board as rows of `.` (free) and `#` (blocked) joined by `|`, e.g. `...|...`.
    grid: String,
    /// Refuse boards with a region (connected free cells) larger than this:
    /// a 5 x 5 region takes half a second, a 5 x 6 about 20 s and 130 MB.
    #[arg(long, default_value_t = MAX_CELLS)]
    max_cells: u32,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match value(&args.game, &args.grid, args.max_cells) {
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
fn value(game: &str, grid: &str, max_cells: u32) -> Result<String, String> {
    if game != "domineering" {
        return Err(format!(
            "no game `{game}` has values yet; there is: domineering"
        ));
    }
    let board = Board::from_grid_string(grid).map_err(|e| format!("grid `{grid}`: {e}"))?;
    let largest = board.regions().iter().map(Board::free_cells).max();
    if let Some(cells) = largest.filter(|&c| c > max_cells) {
        return Err(format!(
            "grid `{grid}` has a region of {cells} free cells; values are limited to regions of \
             {max_cells} (a 5 x 5 region takes half a second, a 5 x 6 about 20 s and 130 MB); \
             pass --max-cells {cells} to raise the limit"
        ));
    }
    let mut games = GameTable::new();
    let v = Values::new().board(&mut games, &board);
    Ok(games.display(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_the_two_by_three_in_cgsuite_notation() {
        assert_eq!(
            value("domineering", "...|...", MAX_CELLS).unwrap(),
            "{2|-1/2}"
        );
        assert_eq!(value("domineering", "..|.#", MAX_CELLS).unwrap(), "*");
    }

    #[test]
    fn refuses_unknown_games_and_bad_grids_with_a_reason() {
        assert!(
            value("chess", "..", MAX_CELLS)
                .unwrap_err()
                .contains("no game `chess`")
        );
        let err = value("domineering", "..|.o", MAX_CELLS).unwrap_err();
        assert!(err.contains("row 2, column 2"), "{err}");
        let err = value("domineering", "...|..", MAX_CELLS).unwrap_err();
        assert!(err.contains("same length"), "{err}");
    }

    #[test]
    fn refuses_a_region_past_the_cell_limit_saying_how_to_raise_it() {
        let six = ["......"; 6].join("|");
        let err = value("domineering", &six, MAX_CELLS).unwrap_err();
        assert!(err.contains("a region of 36 free cells"), "{err}");
        assert!(err.contains("--max-cells 36"), "{err}");
        // The limit is on regions: two 3 x 3 rooms on a 3 x 7 board are within 8 cells.
        assert_eq!(
            value("domineering", "...#...|...#...|...#...", 9).unwrap(),
            "0"
        );
        assert!(value("domineering", "...#...|...#...|...#...", 8).is_err());
    }
}
