//! The views of `chomp-needles`, drawn from its data alone.
//!
//! Every board is drawn as Chomp is played: the first column at the left and
//! the first row at the bottom, so the poison (or the position with nothing
//! but the poison) sits in the bottom-left corner.

use super::{Bar, LPositions, Results, ThreeRow, TwoRow};
use crate::generators::{DataError, Params, Views};
// The vocabulary as a whole: the methods of its types live in any of its files.
use crate::draw::games::staircase;
use crate::draw::{self, Board, Drawing, Role, Table, display};
use serde_json::Value;

impl Views for Results {
    fn draw(&self, view: &str, _: &Params) -> Result<Option<draw::Drawing>, DataError> {
        let data = self;
        Ok(match view {
            "window" => window(data),
            "bar" => bar(&data.drawn),
            "three-row" => Some(three_rows(&data.three_row)),
            "arms" => Some(arms(&data.l_positions)),
            "two-rows" => Some(two_rows(&data.two_row)),
            other => return Err(DataError::no_view(other)),
        })
    }
}

fn number(n: usize) -> String {
    display(&n.into())
}

/// `board` with `rows` (top to bottom) heading its rows and `columns` its columns.
fn headed(mut board: Board, rows: &[usize], columns: &[usize]) -> Board {
    board.row_labels = rows.iter().map(|&n| number(n)).collect();
    board.col_labels = columns.iter().map(|&n| number(n)).collect();
    board
}

/// A board whose cell (r, c) stands for the pair (`rows[r]`, `columns[c]`),
/// headed by those numbers; `cell(r, c)` gives its role and the value it
/// shows. The board's values are the same grid, `corner` heading the column
/// of row headings.
fn crosstab(
    corner: &str,
    rows: &[usize],
    columns: &[usize],
    cell: impl Fn(usize, usize) -> (Role, Value),
) -> Board {
    let mut board = headed(
        Board::new(rows.len(), columns.len(), |r, c| cell(r, c).0),
        rows,
        columns,
    );
    board.values = Some(Table {
        formats: Vec::new(),
        columns: std::iter::once(corner.to_string())
            .chain(columns.iter().map(|&n| number(n)))
            .collect(),
        rows: rows
            .iter()
            .enumerate()
            .map(|(r, &head)| {
                std::iter::once(head.into())
                    .chain((0..columns.len()).map(|c| cell(r, c).1))
                    .collect()
            })
            .collect(),
    });
    board
}

/// The meanings whose role `board` draws, in the order given.
fn legend(board: &Board, meanings: Vec<(Role, String)>) -> Vec<(Role, String)> {
    meanings
        .into_iter()
        .filter(|(role, _)| board.cells.contains(role))
        .collect()
}

/// The window: the square in column c and row r is the c x r bar, coloured by
/// its number of winning openings, counts other than one written in it.
fn window(data: &Results) -> Option<Drawing> {
    if data.survey.is_empty() {
        return None;
    }
    let rows: Vec<usize> = (1..=data.rows).rev().collect();
    let columns: Vec<usize> = (1..=data.columns).collect();
    // None for the one bar not surveyed: 1 x 1, the poison alone.
    let count = |r: usize, c: usize| {
        data.survey
            .iter()
            .find(|b| (b.columns, b.rows) == (columns[c], rows[r]))
            .map(|b| b.count)
    };
    let role = |count: Option<usize>| match count {
        None => Role::Poison,
        Some(0) => Role::Losing,
        Some(n) => Role::Series(n - 1),
    };
    let mut board = crosstab("rows \\ columns", &rows, &columns, |r, c| {
        let n = count(r, c);
        (role(n), n.into())
    });
    board.labels = (0..rows.len() * columns.len())
        .map(|i| match count(i / columns.len(), i % columns.len()) {
            Some(n) if n != 1 => number(n),
            _ => String::new(),
        })
        .collect();
    let meanings = [
        (Role::Poison, "the 1 × 1 bar: the poison alone".to_string()),
        (Role::Losing, "no winning opening".into()),
    ]
    .into_iter()
    .chain((1..=data.most_needles).map(|n| {
        let openings = if n == 1 { "opening" } else { "openings" };
        (role(Some(n)), format!("{} winning {openings}", number(n)))
    }))
    .collect();
    board.legend = legend(&board, meanings);
    Some(Drawing::Board(board))
}

/// The bar with its needles numbered and the blocks they eat coloured: each
/// needle's own in its colour, squares eaten by several in one more.
fn bar(bar: &Bar) -> Option<Drawing> {
    if bar.squares == 1 {
        return None;
    }
    let rows: Vec<usize> = (1..=bar.rows).rev().collect();
    let columns: Vec<usize> = (1..=bar.columns).collect();
    let square = |r: usize, c: usize| (columns[c], rows[r]);
    let overlap = Role::Series(bar.needles.len());
    let role = |column: usize, row: usize| {
        let eaters: Vec<usize> = (0..bar.needles.len())
            .filter(|&k| column >= bar.needles[k].column && row >= bar.needles[k].row)
            .collect();
        match eaters.as_slice() {
            _ if (column, row) == (1, 1) => Role::Poison,
            [] => Role::Free,
            [k] => Role::Series(*k),
            _ => overlap,
        }
    };
    let heights = vec![bar.rows; bar.columns];
    let mut board = headed(staircase(&heights, role), &rows, &columns);
    board.labels = (0..rows.len() * columns.len())
        .map(|i| {
            let at = square(i / columns.len(), i % columns.len());
            bar.needles
                .iter()
                .position(|n| (n.column, n.row) == at)
                .map_or(String::new(), |k| number(k + 1))
        })
        .collect();
    let alone = if bar.needles.len() == 1 { "" } else { " alone" };
    let several = match bar.needles.len() {
        2 => "eaten by both needles",
        _ => "eaten by more than one needle",
    };
    let meanings = [(Role::Poison, "the poison".to_string())]
        .into_iter()
        .chain((0..bar.needles.len()).map(|k| {
            let meaning = format!("eaten by needle {}{alone}", number(k + 1));
            (Role::Series(k), meaning)
        }))
        .chain([
            (overlap, several.to_string()),
            (Role::Free, "eaten by no needle".into()),
        ])
        .collect();
    board.legend = legend(&board, meanings);
    board.values = Some(Table {
        formats: Vec::new(),
        columns: ["needle", "column", "row", "squares eaten"]
            .map(String::from)
            .to_vec(),
        rows: bar
            .needles
            .iter()
            .enumerate()
            .map(|(k, n)| vec![(k + 1).into(), n.column.into(), n.row.into(), n.eats.into()])
            .collect(),
    });
    Some(Drawing::Board(board))
}

/// The three-row bars as a table: how many winning openings each has, and
/// where the first is.
fn three_rows(three: &ThreeRow) -> Drawing {
    Drawing::Table(Table {
        formats: Vec::new(),
        columns: ["bar", "winning openings", "needle column", "needle row"]
            .map(String::from)
            .to_vec(),
        rows: three
            .bars
            .iter()
            .map(|b| {
                vec![
                    format!("{} × 3", number(b.columns)).into(),
                    b.count.into(),
                    b.column.into(),
                    b.row.into(),
                ]
            })
            .collect(),
    })
}

/// A position's cell: lost ones marked, won ones plain, the bare poison
/// (`None`) in its own colour.
fn outcome(lost: Option<bool>) -> (Role, Value) {
    match lost {
        None => (Role::Poison, "poison".into()),
        Some(true) => (Role::Losing, "lost".into()),
        Some(false) => (Role::Free, "won".into()),
    }
}

/// A board of positions drawn by [`outcome`], with its legend.
fn outcomes(mut board: Board) -> Drawing {
    let meanings = vec![
        (Role::Losing, "lost for the player to move".to_string()),
        (Role::Free, "won for the player to move".into()),
        (Role::Poison, "the poison alone".into()),
    ];
    board.legend = legend(&board, meanings);
    Drawing::Board(board)
}

/// The L-positions: the vertical arm a up the rows, the horizontal arm b
/// across the columns.
fn arms(l: &LPositions) -> Drawing {
    let across: Vec<usize> = (0..=l.arms).collect();
    let up: Vec<usize> = across.iter().rev().copied().collect();
    outcomes(crosstab(
        "vertical \\ horizontal arm",
        &up,
        &across,
        |r, c| outcome(l.grid[up[r]][across[c]]),
    ))
}

/// The two-row positions: the bottom row b across the columns, the top row t
/// up the rows; cells with t > b are no position and are left blank.
fn two_rows(two: &TwoRow) -> Drawing {
    let bottoms: Vec<usize> = (1..=two.length).collect();
    let tops: Vec<usize> = (0..=two.length).rev().collect();
    outcomes(crosstab("top \\ bottom row", &tops, &bottoms, |r, c| {
        let (b, t) = (bottoms[c], tops[r]);
        if t <= b {
            outcome(Some(two.grid[b - 1][t]))
        } else {
            (Role::Paper, Value::Null)
        }
    }))
}
