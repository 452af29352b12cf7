//! The views of `position`, drawn from its data alone: each position in its
//! game's drawing (a board, or a Hackenbush graph), and the thermograph as
//! a chart.

use super::{Results, Walls};
use crate::games::hackenbush::Graph;
use crate::games::position::{Refusal, named, staircase};
use crate::generators::{DataError, Params, Views};
// The vocabulary as a whole: the methods of its types live in any of its files.
use crate::generators::chomp_needles::views::staircase as staircase_board;
use crate::draw::{
    self, Axis, Board, Catalogue, Chart, Drawing, Group, Item, Mark, Numbers, Role, Scale, Series,
    Shape, text,
};
use crate::generators::hackenbush_fusion::graph_panel;
use crate::generators::sylver_proofs::views::strip;

impl Views for Results {
    fn draw(&self, view: &str, _: &Params) -> Result<Option<draw::Drawing>, DataError> {
        let data = self;
        match view {
            "position" => position(data).map(Some),
            "options" => options(data).map(Some),
            "thermograph" => Ok(data
                .thermograph
                .as_ref()
                .map(|walls| {
                    let (mean, temperature) = (
                        data.mean.as_deref().unwrap_or_default(),
                        data.temperature.as_deref().unwrap_or_default(),
                    );
                    thermograph(walls, mean, temperature)
                })
                .transpose()?),
            other => Err(DataError::no_view(other)),
        }
    }
}

/// A position of the game as its drawing shows it (`game` one of
/// [`crate::games::position::GAMES`]).
pub(in crate::generators) fn shape(game: &str, position: &str) -> Result<Shape, DataError> {
    if game == "hackenbush" {
        let graph: Graph = (position.parse()).map_err(|e| DataError::Unreadable {
            what: "graph",
            text: position.to_string(),
            error: Box::new(e),
        })?;
        return Ok(Shape::Graph(graph_panel(graph.edges(), |_, grounded| {
            if grounded { Role::Ink } else { Role::Struck }
        })));
    }
    let unreadable = |r: Refusal| match r {
        Refusal::Unreadable(why) | Refusal::TooLarge { message: why, .. } => {
            DataError::Unreadable {
                what: "position",
                text: position.to_string(),
                error: why.into(),
            }
        }
    };
    if game == "chomp" {
        let heights: Vec<usize> = (staircase(position).map_err(unreadable)?)
            .into_iter()
            .map(usize::from)
            .collect();
        return Ok(Shape::Board(staircase_board(&heights, |column, row| {
            if (column, row) == (1, 1) {
                Role::Poison
            } else {
                Role::Free
            }
        })));
    }
    if game == "sylver" {
        let (_, left) = named(position).map_err(unreadable)?;
        let count = left.largest_gap() as usize;
        return Ok(Shape::Board(strip(count, 1, |i, _| {
            let n = u32::try_from(i + 1)
                .expect("a cell of the strip is at most its largest gap, a u32");
            let role = match n {
                1 => Role::Poison,
                _ if left.is_gap(n) => Role::Free,
                _ => Role::Member,
            };
            Some((role, draw::whole(n)))
        })));
    }
    let squares: Vec<Vec<char>> = position.split('|').map(|r| r.chars().collect()).collect();
    let (rows, cols) = (squares.len(), squares.first().map_or(0, Vec::len));
    if squares.iter().any(|r| r.len() != cols) {
        return Err(DataError::UnequalRows {
            position: position.to_string(),
        });
    }
    let mut board = Board::new(rows, cols, |r, c| match squares[r][c] {
        '#' => Role::Blocked,
        _ => Role::Free,
    });
    board.labels = (squares.iter().flatten())
        .map(|&s| match s {
            'L' | 'R' => s.to_string(),
            _ => String::new(),
        })
        .collect();
    Ok(Shape::Board(board))
}

/// What the drawings' marks mean, for the game.
pub(in crate::generators) fn legend(game: &str) -> Vec<(Role, String)> {
    match game {
        "hackenbush" => vec![(Role::Ink, "an edge; vertex 0 is the ground".into())],
        "chomp" => vec![
            (Role::Poison, "the poison".into()),
            (Role::Free, "a square left".into()),
        ],
        "sylver" => vec![
            (Role::Poison, "1: whoever names it loses".into()),
            (Role::Free, "left to be named".into()),
            (Role::Member, "a sum of numbers named".into()),
        ],
        "amazons" => vec![
            (Role::Blocked, "burnt".into()),
            (Role::Free, "empty; L and R the amazons".into()),
        ],
        _ => vec![
            (Role::Blocked, "filled".into()),
            (Role::Free, "free".into()),
        ],
    }
}

/// Each part with its value; a sum's heading gives the sum's value.
fn position(data: &Results) -> Result<Drawing, DataError> {
    let items = (data.parts.iter())
        .map(|p| {
            Ok(Item {
                shape: shape(&data.game, &p.position)?,
                values: vec![p.position.clone().into(), p.value.clone().into()],
            })
        })
        .collect::<Result<Vec<_>, DataError>>()?;
    let heading = match data.parts.len() {
        1 => String::new(),
        _ => format!("the sum: {}", text(&data.value)),
    };
    Ok(Drawing::Catalogue(Catalogue {
        columns: vec!["position".into(), "value".into()],
        under: vec![1],
        groups: vec![Group { heading, items }],
        legend: legend(&data.game),
    }))
}

/// Left's and Right's options, part by part, each with its value.
fn options(data: &Results) -> Result<Drawing, DataError> {
    let mut groups: Vec<Group> = Vec::new();
    for m in &data.options {
        let whose = match (data.impartial, m.side.as_str()) {
            (true, _) => "options".to_string(),
            (false, "left") => "Left's options".into(),
            _ => "Right's options".into(),
        };
        let heading = match data.parts.len() {
            1 => whose,
            _ => format!("{whose} in part {}", m.part),
        };
        let item = Item {
            shape: shape(&data.game, &m.position)?,
            values: vec![m.position.clone().into(), m.value.clone().into()],
        };
        grouped(&mut groups, heading, item);
    }
    Ok(Drawing::Catalogue(Catalogue {
        columns: vec!["option".into(), "value".into()],
        under: vec![1],
        groups,
        legend: legend(&data.game),
    }))
}

/// Adds `item` to the last of `groups` when it has this heading, else to a
/// new group with it: items in runs of one heading, a group for each run.
pub(in crate::generators) fn grouped(groups: &mut Vec<Group>, heading: String, item: Item) {
    match groups.last_mut().filter(|g| g.heading == heading) {
        Some(group) => group.items.push(item),
        None => groups.push(Group {
            heading,
            items: vec![item],
        }),
    }
}

/// An exact number of the data as a point's coordinate.
fn number(text: &str) -> Result<f64, DataError> {
    let (num, den) = text.split_once('/').unwrap_or((text, "1"));
    match (num.parse::<f64>(), den.parse::<f64>()) {
        (Ok(n), Ok(d)) if d > 0.0 => Ok(n / d),
        _ => Err(DataError::NotExact {
            text: text.to_string(),
        }),
    }
}

/// The thermograph of `walls`, whose mast stands at `mean` from
/// `temperature` (both exact, as the data writes them): the walls from
/// temperature -1 to the foot of the mast, and the mast from there up (as
/// high again as the walls rise, at least 1).
pub(in crate::generators) fn thermograph(
    walls: &Walls,
    mean: &str,
    temperature: &str,
) -> Result<Drawing, DataError> {
    let wall = |vertices: &[[String; 2]]| {
        (vertices.iter())
            .map(|[t, v]| Ok((number(v)?, number(t)?)))
            .collect::<Result<Vec<(f64, f64)>, DataError>>()
    };
    let (left, right) = (wall(&walls.left)?, wall(&walls.right)?);
    let (m, t) = (number(mean)?, number(temperature)?);
    let top = t + (t + 1.0).max(1.0);
    // Every coordinate is a dyadic fraction: the ticks and the Data table
    // write them exactly, as the legend and the prose do.
    Ok(Drawing::Chart(Chart {
        x: Axis::new("value (Left's side on the left)", Scale::Reversed)
            .numbers(Numbers::Fractions),
        y: Axis::new("temperature", Scale::Linear).numbers(Numbers::Fractions),
        series: vec![
            Series {
                name: "left wall".into(),
                mark: Mark::Line,
                points: left,
            },
            Series {
                name: "right wall".into(),
                mark: Mark::Line,
                points: right,
            },
            Series {
                name: format!(
                    "mast at the mean {} from the temperature {}",
                    text(mean),
                    text(temperature)
                ),
                mark: Mark::Line,
                points: vec![(m, t), (m, top)],
            },
        ],
    }))
}
