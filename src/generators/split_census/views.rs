//! The view of `split-census`, drawn from its data alone.

use super::Level;
use crate::generators::draw::{Axis, Chart, Drawing, Mark, Scale, Series};

pub fn draw(view: &str, by_placed: &[Level]) -> Result<Option<Drawing>, String> {
    match view {
        "share" => Ok(Some(share(by_placed))),
        other => Err(format!("no view `{other}`")),
    }
}

/// The share of positions split, one bar per number of dominoes placed.
fn share(by_placed: &[Level]) -> Drawing {
    Drawing::Chart(Chart {
        x: Axis {
            title: "dominoes placed".into(),
            scale: Scale::Categories(by_placed.iter().map(|l| l.placed.to_string()).collect()),
        },
        y: Axis {
            title: "share of positions split".into(),
            scale: Scale::Linear,
        },
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
