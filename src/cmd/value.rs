//! `ladder value domineering GRID`: prints the canonical value of a board in
//! CGSuite's notation, so values can be checked by hand and against other
//! engines.

use super::USAGE_ERROR;
use crate::cgt::canonical::GameTable;
use crate::games::domineering::{Board, Values};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The game: `domineering` (Left places vertical dominoes, Right horizontal).
    game: String,
    /// The board as rows of `.` (free) and `#` (blocked) joined by `|`, e.g. `...|...`.
    grid: String,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match value(&args.game, &args.grid) {
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

/// The value of `grid` in `game`, or why the input was refused.
fn value(game: &str, grid: &str) -> Result<String, String> {
    if game != "domineering" {
        return Err(format!(
            "no game `{game}` has values yet; there is: domineering"
        ));
    }
    let board = Board::from_grid_string(grid).map_err(|e| format!("grid `{grid}`: {e}"))?;
    let mut games = GameTable::new();
    let v = Values::new().board(&mut games, &board);
    Ok(games.display(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_the_two_by_three_in_cgsuite_notation() {
        assert_eq!(value("domineering", "...|...").unwrap(), "{2|-1/2}");
        assert_eq!(value("domineering", "..|.#").unwrap(), "*");
    }

    #[test]
    fn refuses_unknown_games_and_bad_grids_with_a_reason() {
        assert!(
            value("chess", "..")
                .unwrap_err()
                .contains("no game `chess`")
        );
        let err = value("domineering", "..|.o").unwrap_err();
        assert!(err.contains("row 2, column 2"), "{err}");
        let err = value("domineering", "...|..").unwrap_err();
        assert!(err.contains("same length"), "{err}");
    }
}
