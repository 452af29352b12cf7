//! The sweep of one board: every reachable position against every pairing
//! map, the exact outcome where a check fires, the measured solver under each
//! setting, and the identities the figures assert.

use super::pairing::{
    Checks, Clause, Map, closed, fires, measured_solve, mirror, pairs_around_fixed_cells, refusal,
};
use super::{BoardFigures, Expansions, FixedCell, Sweep, name};
use crate::games::cram::{Grid, Outcomes};
use crate::generators::Check;

/// Of the positions where a check `fired`, those the player to move in fact
/// wins, by exact search: the unsound firings.
fn unsound(fired: &[u64], outcomes: &mut Outcomes) -> u64 {
    fired.iter().filter(|free| outcomes.wins(free)).count() as u64
}

/// Sweeps one board: every reachable position against every map, the exact
/// outcome of each firing, the measured solver under the four settings.
pub(super) fn sweep(grid: &Grid) -> Sweep {
    let mut outcomes = Outcomes::new(*grid);
    let grundy = grid.grundy(grid.empty());
    let mut f = BoardFigures {
        name: name((grid.rows(), grid.cols())),
        rows: grid.rows(),
        cols: grid.cols(),
        positions: 0,
        half_turn: 0,
        vertical: 0,
        horizontal: 0,
        both_reflections: 0,
        reflection: 0,
        reflection_only: 0,
        reflection_only_closure: 0,
        reflection_only_half_turn_closed: 0,
        wrong: 0,
        expansions: Expansions::default(),
        second_check_saves: 0,
        outcome: String::new(),
        grundy: grundy.0,
        nimber: grundy.to_string(),
        fixed_cell: FixedCell::default(),
    };
    let mut fired = Vec::new();
    let mut reflection_only = Vec::new();
    let mut fixed_cell = Vec::new();
    for free in grid.positions() {
        if [Map::Vertical, Map::Horizontal]
            .iter()
            .any(|&m| pairs_around_fixed_cells(grid, free, m))
        {
            fixed_cell.push(free);
        }
        f.positions += 1;
        let [half, vertical, horizontal] = Map::ALL.map(|m| fires(grid, free, m));
        let reflection = vertical || horizontal;
        f.half_turn += u64::from(half);
        f.vertical += u64::from(vertical);
        f.horizontal += u64::from(horizontal);
        f.both_reflections += u64::from(vertical && horizontal);
        f.reflection += u64::from(reflection);
        if reflection && !half {
            f.reflection_only += 1;
            f.reflection_only_closure +=
                u64::from(refusal(grid, free, Map::HalfTurn) == Some(Clause::Closure));
            f.reflection_only_half_turn_closed += u64::from(closed(grid, free, Map::HalfTurn));
            reflection_only.push(free);
        }
        if half || reflection {
            fired.push(free);
        }
    }
    f.wrong = unsound(&fired, &mut outcomes);
    f.fixed_cell.positions = fixed_cell.len() as u64;
    if let Some(&free) = fixed_cell
        .iter()
        .max_by_key(|&&free| (free.count_ones(), std::cmp::Reverse(free)))
    {
        let map = if pairs_around_fixed_cells(grid, free, Map::Vertical) {
            Map::Vertical
        } else {
            Map::Horizontal
        };
        f.fixed_cell.example = Some(grid.grid_string(free));
        f.fixed_cell.map = Some(map.to_string());
        f.fixed_cell.free_cells = free.count_ones();
        let mirror = mirror(grid, free, map).expect("the example has free cells");
        f.fixed_cell.fixed = (grid.cells(free))
            .filter(|&cell| mirror.image(cell) == Some(cell))
            .map(|(r, c)| [r + 1, c + 1])
            .collect();
        f.fixed_cell.tied = fixed_cell
            .iter()
            .filter(|p| p.count_ones() == free.count_ones())
            .count() as u64;
    }
    f.outcome = outcome(outcomes.wins(&grid.empty())).into();
    let measured = Checks::ALL.map(|c| measured_solve(grid, c));
    let [none, half_turn, reflection, both] = measured.map(|m| m.expansions);
    f.expansions = Expansions {
        none,
        half_turn,
        reflection,
        both,
    };
    f.second_check_saves = half_turn.saturating_sub(both);
    Sweep {
        figures: f,
        grid: *grid,
        reflection_only,
        setting_wins: measured.map(|m| m.win),
        fixed_cell_wrong: unsound(&fixed_cell, &mut outcomes),
    }
}

/// The outcome as the data writes it: "win" or "loss" for the player to move.
pub(super) fn outcome(win: bool) -> &'static str {
    if win { "win" } else { "loss" }
}

pub(super) fn board_checks(s: &Sweep) -> Vec<Check> {
    let f = &s.figures;
    let win = f.outcome == outcome(true);
    let mut checks = vec![
        Check::equal(format!("{}: no wrong firings", f.name), f.wrong, 0),
        Check::equal(
            format!("{}: outcome = Grundy value nonzero", f.name),
            win,
            f.grundy != 0,
        ),
    ];
    // If a reflection fires and the free set is also closed under the half
    // turn, the half turn fires: its centre cell would be fixed by the
    // reflection, and a domino it maps onto itself is one the reflection maps
    // onto itself or one with a cell on the axis. So only closure can refuse it.
    checks.push(Check::equal(
        format!(
            "{}: only closure refuses the half turn where only the reflection fires",
            f.name
        ),
        f.reflection_only_closure,
        f.reflection_only,
    ));
    let settings: Vec<String> = Checks::ALL
        .iter()
        .zip(s.setting_wins)
        .map(|(c, w)| format!("{c:?}: {w}"))
        .collect();
    checks.push(Check::that(
        format!("{}: every setting finds the outcome", f.name),
        s.setting_wins.iter().all(|&w| w == win),
        format!("exact: {win}; {}", settings.join(", ")),
    ));
    checks.push(Check::equal(
        format!(
            "{}: a mirror pairing around fixed cells no domino covers is a loss",
            f.name
        ),
        s.fixed_cell_wrong,
        0,
    ));
    if (f.rows * f.cols) % 2 == 1 {
        checks.push(Check::equal(
            format!("{}: no check fires on an odd board", f.name),
            f.half_turn + f.reflection,
            0,
        ));
    }
    checks
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unsound count is the solver's verdict, not an assumption: a check
    /// firing everywhere on the 2 x 2 is unsound at the four positions with
    /// one domino, where the player to move lays the second.
    #[test]
    fn unsound_firings_are_wins_by_exact_search() {
        let grid = Grid::new(2, 2).unwrap();
        let mut outcomes = Outcomes::new(grid);
        assert_eq!(unsound(&grid.positions(), &mut outcomes), 4);
        assert_eq!(unsound(&[grid.empty()], &mut outcomes), 0);
    }
}
