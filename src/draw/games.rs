//! The games' own pictures, which every generator draws a game's position
//! through: a Chomp staircase, a Sylver Coinage strip, a Hackenbush graph, a
//! board of squares ([`shape`] for a position written in its game's
//! notation, with its [`legend`]), and a thermograph's walls ([`Walls`]) as a
//! chart. It imports the vocabulary (`super`), the games' notations and
//! graphs, and the core's thermographs.

use super::{
    Axis, Board, Chart, DataError, Drawing, Group, Item, Link, Mark, Node, Numbers, Panel, Role,
    Scale, Series, Shape, text, whole,
};
use crate::cgt::thermograph::{Point, Thermograph};
use crate::games::hackenbush::Graph;
use crate::games::notation::{Refusal, named};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// A staircase of column `heights` as Chomp is played, the first column at
/// the left and the first row at the bottom, `role(column, row)` giving each
/// square's role (columns and rows counted from 1); squares outside it are
/// not drawn. Chomp positions are drawn so, here and by `position`.
pub fn staircase(heights: &[usize], role: impl Fn(usize, usize) -> Role) -> Board {
    let rows = heights.first().copied().unwrap_or(0);
    Board::new(rows, heights.len(), |r, c| {
        let row = rows - r;
        if row <= heights[c] {
            role(c + 1, row)
        } else {
            Role::Paper
        }
    })
}

/// The graph of `edges`, each vertex in the layer of its distance from the
/// ground (vertices cut from the ground one layer above the rest), in order
/// of first appearance; edge `e` in the role `role(e, joined to the ground)`.
pub fn graph_panel(edges: &[(u32, u32)], role: impl Fn(usize, bool) -> Role) -> Panel {
    let mut names = vec![0u32];
    for &(a, b) in edges {
        for v in [a, b] {
            if !names.contains(&v) {
                names.push(v);
            }
        }
    }
    let index = |v: u32| {
        names
            .iter()
            .position(|&n| n == v)
            .expect("every end is named")
    };
    let mut layer = vec![usize::MAX; names.len()];
    layer[0] = 0;
    let mut queue = VecDeque::from([0]);
    while let Some(v) = queue.pop_front() {
        for &(a, b) in edges {
            let (a, b) = (index(a), index(b));
            for (from, to) in [(a, b), (b, a)] {
                if from == v && layer[to] == usize::MAX {
                    layer[to] = layer[v] + 1;
                    queue.push_back(to);
                }
            }
        }
    }
    let top = layer
        .iter()
        .filter(|&&l| l != usize::MAX)
        .max()
        .copied()
        .unwrap_or(0);
    Panel {
        title: "graph".into(),
        nodes: names
            .iter()
            .zip(&layer)
            .map(|(v, &l)| Node {
                label: v.to_string(),
                layer: if l == usize::MAX { top + 1 } else { l },
            })
            .collect(),
        links: edges
            .iter()
            .enumerate()
            .map(|(e, &(a, b))| Link {
                ends: (index(a), index(b)),
                role: role(e, layer[index(a)] != usize::MAX),
            })
            .collect(),
    }
}

/// Numbers in one row of the example strip: the rows then start at 1, 11,
/// 21, ..., and the strip fits a phone's column.
const STRIP_WIDTH: usize = 10;

/// The numbers 1 to `count` as a strip, `STRIP_WIDTH` to a row: each row
/// of numbers is a band of `lines` rows, `cell(i, line)` giving the role and
/// label of number `i + 1`'s cell on each (`None` leaves it blank), and an
/// empty row parts one band from the next. Sylver Coinage positions are
/// drawn so, here and by the `position` generator.
pub fn strip(
    count: usize,
    lines: usize,
    cell: impl Fn(usize, usize) -> Option<(Role, String)>,
) -> Board {
    let cols = count.clamp(1, STRIP_WIDTH);
    let bands = count.div_ceil(cols);
    let rows = ((lines + 1) * bands).saturating_sub(1);
    let at = |r: usize, c: usize| {
        let (band, line) = (r / (lines + 1), r % (lines + 1));
        let i = band * cols + c;
        (line < lines && i < count).then(|| cell(i, line)).flatten()
    };
    let mut board = Board::new(rows, cols, |r, c| {
        at(r, c).map_or(Role::Paper, |(role, _)| role)
    });
    board.labels = (0..rows * cols)
        .map(|i| at(i / cols, i % cols).map_or_else(String::new, |(_, label)| label))
        .collect();
    board
}

/// A position of the game as its drawing shows it (`game` one of
/// [`crate::games::notation::GAMES`]).
pub fn shape(game: &str, position: &str) -> Result<Shape, DataError> {
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
        let heights: Vec<usize> = (crate::games::notation::staircase(position)
            .map_err(unreadable)?)
        .into_iter()
        .map(usize::from)
        .collect();
        return Ok(Shape::Board(staircase(&heights, |column, row| {
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
            Some((role, whole(n)))
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
pub fn legend(game: &str) -> Vec<(Role, String)> {
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

/// Adds `item` to the last of `groups` when it has this heading, else to a
/// new group with it: items in runs of one heading, a group for each run.
pub fn grouped(groups: &mut Vec<Group>, heading: String, item: Item) {
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
pub fn thermograph(walls: &Walls, mean: &str, temperature: &str) -> Result<Drawing, DataError> {
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

/// The walls of a thermograph, vertices as [temperature, value].
#[derive(Serialize, Deserialize)]
pub struct Walls {
    /// The left wall's vertices, from temperature -1 to the foot of the mast.
    pub left: Vec<[String; 2]>,
    /// The right wall's vertices, from temperature -1 to the foot of the mast.
    pub right: Vec<[String; 2]>,
}

impl Walls {
    /// The walls of `thermograph`, each vertex's temperature and value
    /// exact (`-1/2`).
    pub fn of(thermograph: &Thermograph) -> Walls {
        let vertices = |wall: Vec<Point>| {
            (wall.iter())
                .map(|p| [p.temperature.to_string(), p.value.to_string()])
                .collect()
        };
        Walls {
            left: vertices(thermograph.left_wall()),
            right: vertices(thermograph.right_wall()),
        }
    }
}
