//! The SVG writer: renders a drawing made with plotters into a string, and
//! gives every coloured mark the class of its role.

use super::super::{ROLES, Role};
use super::marks::dash;
use plotters::coord::Shift;
use plotters::prelude::*;

pub(super) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Renders a drawing of `width` by `height` into a string through `draw`,
/// on a ground of paper when `ground`, its root of class `class`.
pub(super) fn render(
    width: u32,
    height: u32,
    class: &str,
    ground: bool,
    draw: impl FnOnce(&Area) -> Result<(), Box<dyn std::error::Error>>,
) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        if ground {
            root.fill(&Role::Paper.colour())
                .expect("fill an SVG string");
        }
        draw(&root).expect("draw into an SVG string");
        root.present().expect("finish an SVG string");
    }
    let mut svg = svg.replacen("<svg ", &format!("<svg class=\"{class}\" "), 1);
    // What SVG does by default need not be said.
    for default in [" opacity=\"1\"", " stroke=\"none\"", " stroke-width=\"1\""] {
        svg = svg.replace(default, "");
    }
    classify(&svg)
}

/// The role drawn in `colour`: every colour a drawing uses is a role's.
fn role_of(colour: &str) -> Role {
    *ROLES
        .iter()
        .find(|r| {
            let RGBColor(red, green, blue) = r.colour();
            colour.eq_ignore_ascii_case(&format!("#{red:02X}{green:02X}{blue:02X}"))
        })
        .unwrap_or_else(|| panic!("{colour} is no role's colour"))
}

/// Whether an SVG tag is an open polyline: a series' line, not a marker's
/// outline (which closes on itself).
pub(super) fn is_line(tag: &str) -> bool {
    let points = tag.split_once(" points=\"").map(|p| p.1.split('"').next());
    match (tag.starts_with("polyline "), points.flatten()) {
        (true, Some(points)) => {
            let points: Vec<&str> = points.split_whitespace().collect();
            points.first() != points.last()
        }
        _ => false,
    }
}

/// Gives every element that is filled or stroked with a colour the class of
/// that colour's role, and a series' line its dash pattern.
fn classify(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len() + svg.len() / 4);
    for (i, piece) in svg.split('<').enumerate() {
        if i > 0 {
            out.push('<');
        }
        let tag = piece.split('>').next().unwrap_or_default();
        let colour = ["fill=\"#", "stroke=\"#"]
            .iter()
            .find_map(|attr| tag.find(attr).map(|at| &tag[at + attr.len() - 1..][..7]));
        match (colour, tag.find(' ')) {
            (Some(colour), Some(name_end)) => {
                let role = role_of(colour);
                out.push_str(&piece[..name_end]);
                out.push_str(&format!(" class=\"{}\"", role.class()));
                if let (Role::Series(k), true) = (role, is_line(tag))
                    && let Some(pattern) = dash(k)
                {
                    out.push_str(&format!(" stroke-dasharray=\"{pattern}\""));
                }
                out.push_str(&piece[name_end..]);
            }
            _ => out.push_str(piece),
        }
    }
    out
}
