//! The view of `split-census`, drawn from its data alone.

use super::Level;
use crate::generators::draw::{Axis, Chart, Drawing, Mark, Numbers, Scale, Series};

pub fn draw(view: &str, by_placed: &[Level]) -> Result<Option<Drawing>, String> {
    match view {
        "share" => Ok(Some(share(by_placed))),
        other => Err(format!("no view `{other}`")),
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
