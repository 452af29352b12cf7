//! The two searches `amazons-regions` checks the evaluator against, and the
//! random play its sweep samples: a plain win/loss search over whole boards
//! for each side moving first, and a seeded random game.

use crate::cgt::canonical::Outcome;
use crate::cgt::outcome::{Outcomes, WinLoss};
use crate::cgt::partizan::Partizan;
use crate::cgt::random::SplitMix64;
use crate::games::amazons::{Amazons, Board};

/// Amazons with the player to move: `(board, true)` when Left moves. The
/// core's win/loss search knows one player to move, so a partizan game is
/// searched as positions paired with whose turn it is.
struct Turns;

impl WinLoss for Turns {
    type Position = (Board, bool);

    fn children(&self, &(board, left): &(Board, bool)) -> impl Iterator<Item = (Board, bool)> {
        let mut options = Vec::new();
        if left {
            Amazons.left_options(&board, &mut options);
        } else {
            Amazons.right_options(&board, &mut options);
        }
        options.into_iter().map(move |o| (o, !left))
    }
}

/// Who wins `board` by plain search, once with Left moving first and once
/// with Right: no regions, no values.
pub fn outcome_by_search(board: &Board) -> Outcome {
    let mut search = Outcomes::new(Turns);
    match (search.wins(&(*board, true)), search.wins(&(*board, false))) {
        (true, true) => Outcome::First,
        (true, false) => Outcome::Left,
        (false, true) => Outcome::Right,
        (false, false) => Outcome::Second,
    }
}

/// The boards of one random game from `start`, Left moving first: the start
/// and the board after each move, at most `moves` moves; shorter when the
/// player to move has no move.
pub fn random_game(start: &Board, moves: usize, rng: &mut SplitMix64) -> Vec<Board> {
    let mut boards = vec![*start];
    let mut options = Vec::new();
    for k in 0..moves {
        let board = boards[k];
        options.clear();
        if k % 2 == 0 {
            Amazons.left_options(&board, &mut options);
        } else {
            Amazons.right_options(&board, &mut options);
        }
        if options.is_empty() {
            break;
        }
        boards.push(options[rng.below(options.len())]);
    }
    boards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::amazons;

    fn board(grid: &str) -> Board {
        Board::parse(grid).unwrap()
    }

    #[test]
    fn the_plain_search_finds_the_hand_worked_outcomes() {
        // By hand (see the strips in `games::amazons`): `L..R` is +-1, a
        // first-player win; `L.` is 1; `R..#L.` is -2 + 1; `LR` has no move.
        let cases = [
            ("L..R", Outcome::First),
            ("L.", Outcome::Left),
            ("R..#L.", Outcome::Right),
            ("LR", Outcome::Second),
            ("#R.L|L##.", Outcome::Left),
        ];
        for (grid, expected) in cases {
            assert_eq!(outcome_by_search(&board(grid)), expected, "{grid}");
        }
    }

    #[test]
    fn the_plain_search_agrees_with_the_values_on_small_boards() {
        for grid in ["L..|.#R|...", "L.R|.L.|R..", "L..#R|.R.#.|...#L"] {
            let v = amazons::value(grid, amazons::MAX_EMPTY).unwrap();
            assert_eq!(outcome_by_search(&board(grid)), v.outcome, "{grid}");
        }
    }

    #[test]
    fn random_games_are_fixed_by_the_seed_and_stop_when_a_player_is_stuck() {
        let start = board("L..|...|..R");
        let a = random_game(&start, 6, &mut SplitMix64::new(7));
        let b = random_game(&start, 6, &mut SplitMix64::new(7));
        assert_eq!(a, b);
        // Each move burns one square, so k moves leave 7 - k empty squares.
        for (k, board) in a.iter().enumerate() {
            assert_eq!(board.empty_squares(), 7 - u32::try_from(k).unwrap());
        }
        // Left's amazon is walled in: the game stops before its first move.
        assert_eq!(
            random_game(&board("L#.|##R"), 4, &mut SplitMix64::new(1)).len(),
            1
        );
    }
}
