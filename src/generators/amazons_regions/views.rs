//! The views of `amazons-regions`, drawn from its data alone.

use super::{Results, Step};
use crate::generators::{DataError, Params, Views};
// The vocabulary as a whole: the methods of its types live in any of its files.
use crate::draw::{
    self, Axis, Board, Chart, Drawing, Mark, Numbers, Role, Scale, Series, Table, text,
};

impl Views for Results {
    fn draw(&self, view: &str, _: &Params) -> Result<Option<draw::Drawing>, DataError> {
        let data = self;
        Ok(match view {
            "board" => Some(board(data)?),
            "regions" => Some(regions(data)),
            "sweep" if data.sweep.is_empty() => None,
            "sweep" => Some(sweep(&data.sweep)),
            other => return Err(DataError::no_view(other)),
        })
    }
}

/// The board: each region in its colour, burnt squares blocked, squares of
/// a region with no move left plain, amazons labelled `L` and `R`; a legend
/// gives each region's value.
fn board(data: &Results) -> Result<Drawing, DataError> {
    let squares: Vec<Vec<char>> = data
        .grid
        .split('|')
        .map(|row| row.chars().collect())
        .collect();
    let rows = squares.len();
    let cols = squares.first().map_or(0, Vec::len);
    if data.cells.len() != rows || data.cells.iter().any(|row| row.len() != cols) {
        return Err(DataError::Malformed {
            what: "the data's cells do not match its grid",
        });
    }
    let mut board = Board::new(rows, cols, |r, c| match (squares[r][c], data.cells[r][c]) {
        ('#', _) => Role::Blocked,
        (_, Some(region)) => Role::Series(region),
        (_, None) => Role::Free,
    });
    board.labels = squares
        .iter()
        .flatten()
        .map(|&square| match square {
            'L' | 'R' => square.to_string(),
            _ => String::new(),
        })
        .collect();
    if squares.iter().flatten().any(|&s| s == '#') {
        board.legend.push((Role::Blocked, "burnt".into()));
    }
    if data
        .cells
        .iter()
        .flatten()
        .zip(squares.iter().flatten())
        .any(|(cell, &s)| cell.is_none() && s != '#')
    {
        board.legend.push((Role::Free, "no move left".into()));
    }
    for (i, region) in data.regions.iter().enumerate() {
        let meaning = format!("region {}: {}", i + 1, text(&region.value));
        board.legend.push((Role::Series(i), meaning));
    }
    Ok(Drawing::Board(board))
}

/// The regions as a table, with the sum and, where searched, the whole.
fn regions(data: &Results) -> Drawing {
    let mut rows: Vec<Vec<serde_json::Value>> = data
        .regions
        .iter()
        .enumerate()
        .map(|(i, r)| {
            vec![
                format!("region {}", i + 1).into(),
                r.grid.clone().into(),
                r.empty.into(),
                r.value.clone().into(),
            ]
        })
        .collect();
    rows.push(vec![
        "sum".into(),
        serde_json::Value::Null,
        serde_json::Value::Null,
        data.sum.clone().into(),
    ]);
    if let Some(whole) = &data.whole {
        rows.push(vec![
            "whole board".into(),
            data.grid.clone().into(),
            serde_json::Value::Null,
            whole.clone().into(),
        ]);
    }
    Drawing::Table(Table {
        formats: Vec::new(),
        columns: ["region", "squares", "empty squares", "value"]
            .map(String::from)
            .to_vec(),
        rows,
    })
}

/// Share of boards split and share of positions saved, by number of moves.
fn sweep(steps: &[Step]) -> Drawing {
    let series = |name: &str, of: fn(&Step) -> Option<f64>| Series {
        name: name.into(),
        mark: Mark::Points,
        points: steps
            .iter()
            .filter_map(|s| of(s).map(|y| (s.moves as f64, y)))
            .collect(),
    };
    Drawing::Chart(Chart {
        x: Axis::new("moves played", Scale::Linear),
        y: Axis::new("share", Scale::Linear).numbers(Numbers::Percent(0)),
        series: vec![
            series("boards split into two or more regions", |s| s.share),
            series("positions saved by searching regions", |s| s.saved),
        ],
    })
}
