//! How a chart marks its series: each line's width and dash pattern, each
//! series' marker, and its key in the legend.

use super::super::{Mark, Role};
use super::NARROW;
use super::writer::{Area, render};
use plotters::prelude::*;

/// Width of series `k`'s line among `n` series: the last 2 px, earlier ones
/// wider, so that a later line drawn over an earlier one leaves it showing.
pub(super) fn stroke(k: usize, n: usize) -> u32 {
    2 + (n - 1 - k).min(2) as u32
}

/// Series `k`'s dash pattern: the first solid, the others dashed, dotted,
/// dash-dotted.
pub(super) fn dash(k: usize) -> Option<&'static str> {
    [None, Some("8 4"), Some("2 3"), Some("8 3 2 3")][k % 4]
}

/// Draws series `k`'s marker of about `size` at `centre` in the colour of
/// `role`: a circle, a square, a triangle, a diamond or a triangle pointing
/// down, filled for the first series and every second one after it, an
/// outline (drawn larger, so that an earlier marker shows inside it) for the
/// others. A filled marker after the first is ringed in paper, to stand out
/// over the marks under it.
pub(super) fn marker(
    area: &Area,
    k: usize,
    (x, y): (i32, i32),
    size: i32,
    role: Role,
) -> Result<(), Box<dyn std::error::Error>> {
    let hollow = k % 2 == 1;
    let corners = |r: i32| -> Vec<(i32, i32)> {
        let (d, t) = (r + 1, r * 3 / 4);
        match k % 5 {
            1 => vec![
                (x - r, y - r),
                (x + r, y - r),
                (x + r, y + r),
                (x - r, y + r),
            ],
            2 => vec![(x, y - d), (x + d, y + t), (x - d, y + t)],
            3 => vec![(x, y - d), (x + d, y), (x, y + d), (x - d, y)],
            _ => vec![(x, y + d), (x + d, y - t), (x - d, y - t)],
        }
    };
    let shape = |r: i32, style: ShapeStyle| -> Result<(), Box<dyn std::error::Error>> {
        match (k % 5, style.filled) {
            (0, _) => area.draw(&Circle::new((x, y), r, style))?,
            (_, true) => area.draw(&Polygon::new(corners(r), style))?,
            (_, false) => {
                let mut ring = corners(r);
                ring.push(ring[0]);
                area.draw(&PathElement::new(ring, style))?
            }
        }
        Ok(())
    };
    let colour = role.colour();
    match hollow {
        true => shape(size + 1, colour.stroke_width(2)),
        false => {
            // A square's half side, to look as large as a circle's radius.
            let r = if k % 5 == 1 { size * 4 / 5 } else { size };
            if k > 0 && role != Role::Paper {
                shape(r + 2, Role::Paper.colour().filled())?;
            }
            shape(r, colour.filled())
        }
    }
}

/// Series `k`'s key in the legend: a stroke of its line or a bar, and its
/// marker, as the narrow drawing draws them.
pub(super) fn key(k: usize, mark: Mark) -> String {
    let size = NARROW.marker;
    render(32, 18, "key", false, |area| {
        let colour = Role::Series(k).colour();
        match mark {
            Mark::Line => {
                let stroke = colour.stroke_width(stroke(k, k + 1));
                area.draw(&PathElement::new(vec![(0, 9), (32, 9)], stroke))?;
                marker(area, k, (16, 9), size, Role::Series(k))
            }
            Mark::Bars => {
                area.draw(&Rectangle::new([(7, 0), (25, 18)], colour.filled()))?;
                marker(area, k, (16, 9), size, Role::Paper)
            }
            Mark::Points => marker(area, k, (16, 9), size, Role::Series(k)),
        }
    })
}
