//! The views of `temperature-survey`, drawn from its data alone: the
//! distributions of temperatures and means as bars, and the hottest
//! positions and the hottest one's thermograph as the `position` generator
//! draws a position and a thermograph.

use super::{Results, Tally};
use crate::draw::games::{grouped, legend, shape, thermograph};
use crate::draw::{
    self, Axis, Catalogue, Chart, Drawing, Group, Item, Mark, Numbers, Scale, Series, text,
};
use crate::generators::{DataError, Params, Views};

impl Views for Results {
    fn draw(&self, view: &str, _: &Params) -> Result<Option<draw::Drawing>, DataError> {
        match view {
            "temperatures" => Ok(Some(bars("temperature", &self.temperatures))),
            "means" => Ok(Some(bars("mean", &self.means))),
            "hottest" => hottest(self).map(Some),
            "thermograph" => (self.hottest.first())
                .map(|h| thermograph(&h.thermograph, &h.mean, &h.temperature))
                .transpose(),
            other => Err(DataError::no_view(other)),
        }
    }
}

/// Positions by `what` (a temperature or a mean), one bar for each value
/// found, named in the site's notation.
fn bars(what: &str, tallies: &[Tally]) -> Drawing {
    Drawing::Chart(Chart {
        x: Axis::new(
            what,
            Scale::Categories(tallies.iter().map(|t| text(&t.value)).collect()),
        ),
        y: Axis::new("positions", Scale::Linear).numbers(Numbers::Places(0)),
        series: vec![Series {
            name: format!("positions by {what}"),
            mark: Mark::Bars,
            points: (tallies.iter().enumerate())
                .map(|(i, t)| (i as f64, t.positions as f64))
                .collect(),
        }],
    })
}

/// The hottest positions, each drawn with its value, under a heading for
/// each temperature.
fn hottest(data: &Results) -> Result<Drawing, DataError> {
    let mut groups: Vec<Group> = Vec::new();
    for h in &data.hottest {
        let heading = format!("temperature {}", text(&h.temperature));
        let item = Item {
            shape: shape("domineering", &h.position)?,
            values: vec![
                h.position.clone().into(),
                h.value.clone().into(),
                h.temperature.clone().into(),
            ],
        };
        grouped(&mut groups, heading, item);
    }
    Ok(Drawing::Catalogue(Catalogue {
        columns: vec!["position".into(), "value".into(), "temperature".into()],
        under: vec![1],
        groups,
        legend: legend("domineering"),
    }))
}
