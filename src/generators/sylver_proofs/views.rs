//! The views of `sylver-proofs`, drawn from its data alone.

use super::{ByDepth, ByGaps, Example, Results};
use crate::draw::games::strip;
use crate::generators::{DataError, Params, Views};
// The vocabulary as a whole: the methods of its types live in any of its files.
use crate::draw::{self, Axis, Chart, Drawing, Mark, Numbers, Role, Scale, Series, Table, display};

impl Views for Results {
    fn draw(&self, view: &str, _: &Params) -> Result<Option<draw::Drawing>, DataError> {
        Ok(match view {
            "depths" => depths(&self.depths),
            "by_gaps" => by_gaps(&self.by_gaps),
            "costs" => costs(&self.depths),
            "example" => Some(example(&self.example)),
            other => return Err(DataError::no_view(other)),
        })
    }
}

/// A chart of `series`, or nothing when none of them has a point.
fn chart(x: Axis, y: Axis, series: Vec<Series>) -> Option<Drawing> {
    let drawn = series.iter().any(|s| !s.points.is_empty());
    drawn.then_some(Drawing::Chart(Chart { x, y, series }))
}

/// One bar per proof depth: the positions proved there; nothing when no
/// position is proved.
fn depths(depths: &[ByDepth]) -> Option<Drawing> {
    if depths.iter().all(|d| d.proved == 0) {
        return None;
    }
    let all: Vec<&ByDepth> = depths.iter().collect();
    let proved = |d: &ByDepth| d.proved as f64;
    let y = Axis::new("positions proved", Scale::Linear);
    depth_bars(&all, y, &[("positions proved", proved)])
}

/// A series of a depth chart: its name and what it plots of each depth.
type Column = (&'static str, fn(&ByDepth) -> f64);

/// Bars over the given proof depths, one group per depth, one bar in it per
/// series; nothing without a depth.
fn depth_bars(depths: &[&ByDepth], y: Axis, series: &[Column]) -> Option<Drawing> {
    let labels = depths.iter().map(|d| display(&d.depth.into())).collect();
    let series = series
        .iter()
        .map(|&(name, of)| Series {
            name: name.into(),
            mark: Mark::Bars,
            points: depths
                .iter()
                .enumerate()
                .map(|(i, d)| (i as f64, of(d)))
                .collect(),
        })
        .collect();
    chart(
        Axis::new("proof depth", Scale::Categories(labels)),
        y,
        series,
    )
}

/// Deepest and mean proof depth for each number of gaps the census holds.
fn by_gaps(sizes: &[ByGaps]) -> Option<Drawing> {
    let series = |name: &str, of: fn(&ByGaps) -> f64| Series {
        name: name.into(),
        mark: Mark::Points,
        points: sizes
            .iter()
            .filter(|b| b.positions > 0)
            .map(|b| (f64::from(b.gaps), of(b)))
            .collect(),
    };
    chart(
        Axis::new("gaps", Scale::Linear),
        Axis::new("proof depth (moves)", Scale::Linear).numbers(Numbers::Places(2)),
        vec![
            series("deepest", |b| f64::from(b.deepest)),
            series("mean", |b| b.mean_depth),
        ],
    )
}

/// Median proof cost over each search's cost, side by side, at each depth
/// that proves some position.
fn costs(depths: &[ByDepth]) -> Option<Drawing> {
    let proving: Vec<&ByDepth> = depths.iter().filter(|d| d.proved > 0).collect();
    let y = Axis::new("median cost ratio", Scale::Linear).numbers(Numbers::Places(1));
    depth_bars(
        &proving,
        y,
        &[
            ("proof / plain search", |d| d.median_over_plain),
            ("proof / pruned search", |d| d.median_over_pruned),
        ],
    )
}

/// What the strip shows of one number from 1 to the largest gap.
#[allow(
    clippy::struct_field_names,
    reason = "a number of the strip: its `number`"
)]
struct Number {
    number: u32,
    role: Role,
    /// Surviving replies, for a survivor.
    replies: Option<usize>,
}

/// What each role of the strip means, in the legend's order.
const MEANINGS: [(Role, &str); 5] = [
    (Role::Member, "in the semigroup"),
    (Role::Free, "1 (never named)"),
    (Role::Struck, "struck by the pairing test"),
    (Role::Losing, "losing survivor"),
    (Role::Winning, "winning survivor"),
];

fn meaning(role: Role) -> &'static str {
    MEANINGS
        .iter()
        .find(|(r, _)| *r == role)
        .map_or("", |(_, m)| m)
}

/// The numbers 1 to the largest gap: the gaps are 1 (never a move), the
/// struck moves and the survivors; every other number is in the semigroup.
fn numbers(ex: &Example) -> Vec<Number> {
    (1..=ex.largest_gap)
        .map(|number| {
            let survivor = ex.survivors.iter().find(|s| s.mv == number);
            let role = match survivor {
                Some(s) if s.wins => Role::Winning,
                Some(_) => Role::Losing,
                None if number == 1 => Role::Free,
                None if ex.struck.contains(&number) => Role::Struck,
                None => Role::Member,
            };
            Number {
                number,
                role,
                replies: survivor.map(|s| s.replies),
            }
        })
        .collect()
}

/// The strip of the example position: each number in its role, and under
/// each survivor its surviving replies.
fn example(ex: &Example) -> Drawing {
    let numbers = numbers(ex);
    let mut board = strip(numbers.len(), 2, |i, line| {
        let n = &numbers[i];
        match line {
            0 => Some((n.role, display(&n.number.into()))),
            _ => n.replies.map(|k| (Role::Free, display(&k.into()))),
        }
    });
    let any_survivor = numbers.iter().any(|n| n.replies.is_some());
    board.legend = MEANINGS
        .iter()
        .filter(|(role, _)| numbers.iter().any(|n| n.role == *role))
        .map(|&(role, text)| match role {
            Role::Free if any_survivor => (
                role,
                format!("{text}; under a survivor, its surviving replies"),
            ),
            _ => (role, text.to_string()),
        })
        .collect();
    board.values = Some(Table {
        formats: Vec::new(),
        columns: vec!["number".into(), "role".into(), "surviving replies".into()],
        rows: numbers
            .iter()
            .map(|n| {
                vec![
                    n.number.into(),
                    meaning(n.role).into(),
                    n.replies.map_or(serde_json::Value::Null, Into::into),
                ]
            })
            .collect(),
    });
    Drawing::Board(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The data of the position with gaps 1, 2, 3, 6 (the semigroup
    /// <4, 5, 7>), worked by hand: naming 2 leaves gaps 1, 3 and naming 3
    /// leaves 1, 2, both paired off, so both are struck; naming 6 leaves
    /// 1, 2, 3, whose replies 2 and 3 are both struck, so 6 wins and leaves
    /// no surviving reply.
    fn small() -> Example {
        let example = json!({
            "gaps": [1, 2, 3, 6], "genus": 4, "largest_gap": 6, "irreducible_genus": 4, "irreducible": true,
            "moves": 3, "struck": [2, 3], "survivor_count": 1,
            "survivors": [
                {"move": 6, "replies": 0, "struck_replies": [2, 3], "child_largest_gap": 3,
                 "closes": 1, "wins": true}
            ],
            "winners": [6], "fewest_replies_move": 6,
            "fewest_replies": 0, "depth": 1, "named": 6
        });
        serde_json::from_value(example).unwrap()
    }

    #[test]
    fn the_strip_of_a_small_position_shows_each_number_in_its_role() {
        let Drawing::Board(board) = example(&small()) else {
            panic!("the example is a board");
        };
        assert_eq!((board.rows, board.cols), (2, 6));
        use Role::*;
        assert_eq!(
            board.cells,
            [
                Free, Struck, Struck, Member, Member, Winning, //
                Paper, Paper, Paper, Paper, Paper, Free,
            ]
        );
        assert_eq!(
            board.labels,
            ["1", "2", "3", "4", "5", "6", "", "", "", "", "", "0"]
        );
        let legend: Vec<Role> = board.legend.iter().map(|l| l.0).collect();
        assert_eq!(legend, [Member, Free, Struck, Winning]);
        let values = board.values.unwrap();
        assert_eq!(
            values.to_csv(),
            "number,role,surviving replies\n1,1 (never named),\n2,struck by the pairing test,\n\
             3,struck by the pairing test,\n4,in the semigroup,\n5,in the semigroup,\n\
             6,winning survivor,0\n"
        );
    }

    #[test]
    fn charts_with_nothing_to_plot_are_not_drawn() {
        assert_eq!(depths(&[]), None);
        assert_eq!(by_gaps(&[]), None);
        assert_eq!(costs(&[]), None);
    }
}
