//! The view of `split-census`, drawn from its data alone.

use super::{Level, Results};
// The vocabulary as a whole: the methods of its types live in any of its files.
use crate::draw::{self, Axis, Chart, Drawing, Mark, Numbers, Scale, Series};
use crate::generators::{DataError, Params, Views};

impl Views for Results {
    fn draw(&self, view: &str, _: &Params) -> Result<Option<draw::Drawing>, DataError> {
        match view {
            "share" => Ok(Some(share(&self.by_placed))),
            other => Err(DataError::no_view(other)),
        }
    }
}

/// The share of positions split, one bar per number of dominoes placed.
fn share(by_placed: &[Level]) -> Drawing {
    Drawing::Chart(Chart {
        x: Axis::new(
            "dominoes placed",
            Scale::Categories(by_placed.iter().map(|l| l.placed.to_string()).collect()),
        ),
        y: Axis::new("share of positions split", Scale::Linear).numbers(Numbers::Places(3)),
        series: vec![Series {
            name: "share split".into(),
            mark: Mark::Bars,
            points: by_placed
                .iter()
                .enumerate()
                .map(|(i, l)| (i as f64, l.share))
                .collect(),
        }],
    })
}
