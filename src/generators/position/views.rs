//! The views of `position`, drawn from its data alone: each position in its
//! game's drawing (a board, or a Hackenbush graph), and the thermograph as
//! a chart.

use super::Results;
use crate::generators::{DataError, Params, Views};
// The vocabulary as a whole: the methods of its types live in any of its files.
use crate::draw::games::{grouped, legend, shape, thermograph};
use crate::draw::{self, Catalogue, Drawing, Group, Item, text};

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
