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
    if args.game != "domineering" {
        eprintln!(
            "error: no game `{}` has values yet; there is: domineering",
            args.game
        );
        return Ok(ExitCode::from(USAGE_ERROR));
    }
    let board = match Board::from_grid_string(&args.grid) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: grid `{}`: {e}", args.grid);
            return Ok(ExitCode::from(USAGE_ERROR));
        }
    };
    let mut games = GameTable::new();
    let value = Values::new().board(&mut games, &board);
    println!("{}", games.display(value));
    Ok(ExitCode::SUCCESS)
}
