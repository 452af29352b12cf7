//! The views of `blocked-board`, drawn from its data alone.

use super::Results;
use crate::generators::{DataError, Params, Views};
// The vocabulary as a whole: the methods of its types live in any of its files.
use crate::draw::{self, Axis, Board, Chart, Drawing, Mark, Role, Scale, Series};

impl Views for Results {
    fn draw(&self, view: &str, _: &Params) -> Result<Option<draw::Drawing>, DataError> {
        let data = self;
        Ok(match view {
            "board" => Some(board(data)),
            "wall" if data.wall.is_empty() => None,
            "wall" => Some(wall(data)),
            other => return Err(DataError::no_view(other)),
        })
    }
}

/// The board, each region in its own colour, with a legend giving each
/// region's positions.
fn board(data: &Results) -> Drawing {
    let rows = data.cells.len();
    let cols = data.cells.first().map_or(0, Vec::len);
    let mut board = Board::new(rows, cols, |r, c| match data.cells[r][c] {
        Some(region) => Role::Series(region),
        None => Role::Blocked,
    });
    if data.cells.iter().flatten().any(Option::is_none) {
        board.legend.push((Role::Blocked, "blocked".into()));
    }
    for (i, positions) in data.parts.iter().enumerate() {
        let meaning = format!("region {}: {} positions", i + 1, grouped(*positions));
        board.legend.push((Role::Series(i), meaning));
    }
    Drawing::Board(board)
}

fn grouped(n: u64) -> String {
    crate::draw::display(&n.into())
}

/// Whole board against the sum of its parts for each column of the wall.
fn wall(data: &Results) -> Drawing {
    let series = |name: &str, of: fn(&super::Wall) -> u64| Series {
        name: name.into(),
        mark: Mark::Points,
        points: data
            .wall
            .iter()
            .map(|w| (w.column as f64, of(w) as f64))
            .collect(),
    };
    Drawing::Chart(Chart {
        x: Axis::new("wall column", Scale::Linear),
        y: Axis::new("positions", Scale::Log),
        series: vec![
            series("whole board", |w| w.whole),
            series("sum of parts", |w| w.sum),
        ],
    })
}
