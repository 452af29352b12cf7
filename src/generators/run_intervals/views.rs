//! The views of `run-intervals`, drawn from its data alone.

use super::{Entry, Group as Split, Member, Results, RunIntervalsParams, RunWidth, ValueCount};
// The vocabulary as a whole: the methods of its types live in any of its files.
use crate::draw::{
    self, Axis, Board, Catalogue, Chart, Drawing, Group, Item, Mark, Role, Scale, Series, Shape,
    text, whole,
};
use crate::generators::{DataError, Params, Views};

impl Views for Results {
    fn draw(&self, view: &str, p: &Params) -> Result<Option<draw::Drawing>, DataError> {
        Ok(match view {
            "table" => Some(table(
                &self.catalogue,
                p.typed::<RunIntervalsParams>().table_cells,
            )),
            "widths" => Some(widths(&self.width_by_length)),
            "split" => split(&self.split)?,
            "family" => family(&self.example, &self.example_by_value),
            other => return Err(DataError::no_view(other)),
        })
    }
}

/// A shape's grid (`.` a cell of the region, rows joined by `|`) as a board.
fn shape(grid: &str) -> Shape {
    let rows: Vec<&[u8]> = grid.split('|').map(str::as_bytes).collect();
    let cols = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    Shape::Board(Board::new(rows.len(), cols, |r, c| match rows[r].get(c) {
        Some(b'.') => Role::Series(0),
        _ => Role::Paper,
    }))
}

/// An interval `[a,b]` as a reader reads it: `[−2, −1]`.
fn interval(text: &str) -> String {
    let ends = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .and_then(|t| t.split_once(','));
    match ends.map(|(a, b)| (a.trim().parse::<i64>(), b.trim().parse::<i64>())) {
        Some((Ok(a), Ok(b))) => format!("[{}, {}]", whole(a), whole(b)),
        _ => text.to_string(),
    }
}

/// `1 cell`, `2 cells`.
fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// `1, 1, 2`.
fn runs(lengths: &[u32]) -> String {
    lengths
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every shape of at most `cells` cells with its value and interval, one
/// group per number of cells.
fn table(catalogue: &[Entry], cells: usize) -> Drawing {
    let groups = (1..=cells)
        .map(|n| Group {
            heading: count(n, "cell"),
            items: catalogue
                .iter()
                .filter(|e| e.cells as usize == n)
                .map(|e| Item {
                    shape: shape(&e.grid),
                    values: vec![e.value.clone().into(), interval(&e.interval()).into()],
                })
                .collect(),
        })
        .filter(|g| !g.items.is_empty())
        .collect();
    Drawing::Catalogue(Catalogue {
        columns: vec!["value".into(), "interval".into()],
        under: vec![0, 1],
        groups,
        legend: Vec::new(),
    })
}

/// The width one run adds to the interval against its length: by search on
/// a straight line and by the formula, both discrete.
fn widths(widths: &[RunWidth]) -> Drawing {
    let series = |name: &str, of: fn(&RunWidth) -> i64| Series {
        name: name.into(),
        mark: Mark::Points,
        points: widths
            .iter()
            .map(|w| (f64::from(w.length), of(w) as f64))
            .collect(),
    };
    Drawing::Chart(Chart {
        x: Axis::new("run length (cells)", Scale::Linear),
        y: Axis::new("width (dominoes)", Scale::Linear),
        series: vec![
            series("by search", |w| w.width),
            series("by formula", |w| w.formula),
        ],
    })
}

/// The shapes of `members`, each with its value.
fn items(members: &[&Member]) -> Vec<Item> {
    members
        .iter()
        .map(|m| Item {
            shape: shape(&m.grid),
            values: vec![m.value.clone().into()],
        })
        .collect()
}

/// One group per split group, headed by its runs, its interval and its
/// number of shapes, showing two of its shapes: the first worth its smallest
/// number and the first worth its largest.
fn split(groups: &[Split]) -> Result<Option<Drawing>, DataError> {
    if groups.is_empty() {
        return Ok(None);
    }
    let groups = groups
        .iter()
        .map(|g| {
            let witnesses = g
                .witnesses
                .iter()
                .map(|&k| {
                    g.shapes.get(k).ok_or(DataError::NoItem {
                        list: "split group",
                        item: "shape",
                        index: k,
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Group {
                heading: format!(
                    "down {}; across {}; interval {}; {}",
                    runs(&g.down),
                    runs(&g.across),
                    interval(&g.interval),
                    count(g.shapes.len(), "shape")
                ),
                items: items(&witnesses),
            })
        })
        .collect::<Result<_, DataError>>()?;
    Ok(Some(Drawing::Catalogue(Catalogue {
        columns: vec!["value".into()],
        under: vec![0],
        groups,
        legend: Vec::new(),
    })))
}

/// The shapes of the example family worth a number, one group per value in
/// increasing order (as `by_value` lists them), the value in the group's
/// heading and not under each shape; none when none is a number.
fn family(members: &[Member], by_value: &[ValueCount]) -> Option<Drawing> {
    let groups: Vec<Group> = by_value
        .iter()
        .map(|v| {
            let worth: Vec<&Member> = members
                .iter()
                .filter(|m| m.number && m.value == v.value)
                .collect();
            Group {
                heading: format!("worth {}: {}", text(&v.value), count(worth.len(), "shape")),
                items: items(&worth),
            }
        })
        .collect();
    (!groups.is_empty()).then(|| {
        Drawing::Catalogue(Catalogue {
            columns: vec!["value".into()],
            under: Vec::new(),
            groups,
            legend: Vec::new(),
        })
    })
}
