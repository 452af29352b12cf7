//! How a chart marks its series: each line's width and dash pattern, each
//! series' marker, and its key in the legend, which shows exactly the marks
//! the chart draws for it.

use super::super::{Mark, Role};
use super::NARROW;
use super::svg::Svg;

/// Width of series `k`'s line among `n` series: the last 2 px, earlier ones
/// wider, so that a later line drawn over an earlier one leaves it showing.
pub(super) fn stroke(k: usize, n: usize) -> f64 {
    2.0 + (n - 1 - k).min(2) as f64
}

/// Series `k`'s dash pattern: the first solid, the others dashed, dotted,
/// dash-dotted.
pub(super) fn dash(k: usize) -> Option<&'static str> {
    [None, Some("8 4"), Some("2 3"), Some("8 3 2 3")][k % 4]
}

/// Draws series `k`'s marker of about `size` centred on `(x, y)`, carrying
/// `attrs`: a circle, a square, a triangle, a diamond or a triangle pointing
/// down, filled for the first series and every second one after it, an
/// outline (drawn larger, so that an earlier marker shows inside it) for the
/// others. A filled marker after the first is ringed in paper, to stand out
/// over the marks under it. Each shape's corners average to its centre.
pub(super) fn marker(svg: &mut Svg, k: usize, (x, y): (f64, f64), size: f64, attrs: &str) {
    let role = Role::Series(k);
    let corners = |r: f64| -> Vec<(f64, f64)> {
        let d = r + 1.0;
        match k % 5 {
            1 => vec![
                (x - r, y - r),
                (x + r, y - r),
                (x + r, y + r),
                (x - r, y + r),
            ],
            // Triangles about their centroid: a third of the height below the apex.
            2 => vec![(x, y - d), (x + d, y + d / 2.0), (x - d, y + d / 2.0)],
            3 => vec![(x, y - d), (x + d, y), (x, y + d), (x - d, y)],
            _ => vec![(x, y + d), (x + d, y - d / 2.0), (x - d, y - d / 2.0)],
        }
    };
    let shape = |svg: &mut Svg, role: Role, r: f64, stroke: Option<f64>, attrs: &str| match k % 5 {
        0 => svg.circle(role, (x, y), r, attrs),
        _ => svg.polygon(role, &corners(r), stroke, attrs),
    };
    if k % 2 == 1 {
        shape(svg, role, size + 1.0, Some(2.0), attrs);
    } else {
        // A square's half side, to look as large as a circle's radius.
        let r = if k % 5 == 1 { size * 0.8 } else { size };
        if k > 0 {
            shape(svg, Role::Paper, r + 2.0, None, "");
        }
        shape(svg, role, r, None, attrs);
    }
}

/// Series `k`'s key in the legend, as the narrow drawing draws it: a bar,
/// a stroke of its line (with its marker when the line's points are
/// marked), or its marker.
pub(super) fn key(k: usize, mark: Mark, marked: bool, n: usize) -> String {
    let size = f64::from(NARROW.marker);
    let mut svg = Svg::new("key", 32.0, 18.0, " aria-hidden=\"true\"");
    let role = Role::Series(k);
    match mark {
        Mark::Line => {
            let dashed = dash(k).map_or(String::new(), |d| format!(" stroke-dasharray=\"{d}\""));
            svg.line(role, &[(0.0, 9.0), (32.0, 9.0)], stroke(k, n), &dashed);
            if marked {
                marker(&mut svg, k, (16.0, 9.0), size, "");
            }
        }
        Mark::Bars => svg.rect(role, (7.0, 0.0), (25.0, 18.0), ""),
        Mark::Points => marker(&mut svg, k, (16.0, 9.0), size, ""),
    }
    svg.finish()
}
