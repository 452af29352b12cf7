//! The SVG a chart is written as: a small writer of the elements a chart
//! uses, each coloured mark carrying the class of its role (`style.css`
//! colours it in either scheme) and its light colour as an attribute (for
//! the drawing opened alone). Coordinates are written to a tenth of a pixel,
//! so the same chart gives the same bytes on every machine.

use super::super::{Role, escape};
use std::fmt::Write;

/// A drawing being written.
pub(super) struct Svg {
    out: String,
}

/// A number as an SVG attribute: to a tenth, without a trailing `.0`.
pub(super) fn num(v: f64) -> String {
    let s = format!("{v:.1}");
    let s = s.strip_suffix(".0").unwrap_or(&s);
    if s == "-0" { "0".into() } else { s.into() }
}

/// Where a text stands against its anchor, across.
#[derive(Clone, Copy)]
pub(super) enum Anchor {
    Middle,
    End,
}

impl Svg {
    /// An SVG of `width` by `height` CSS px, of class `class`, with `attrs`
    /// (each ` name="value"`) on its root.
    pub(super) fn new(class: &str, width: f64, height: f64, attrs: &str) -> Svg {
        let (w, h) = (num(width), num(height));
        Svg {
            out: format!(
                "<svg class=\"{class}\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
                 xmlns=\"http://www.w3.org/2000/svg\"{attrs}>"
            ),
        }
    }

    /// Opens an element that holds others: `<g attrs>`.
    pub(super) fn group(&mut self, attrs: &str) {
        let _ = write!(self.out, "\n<g{attrs}>");
    }

    pub(super) fn end_group(&mut self) {
        self.out.push_str("</g>");
    }

    /// A rectangle between two corners, filled in `role`'s colour.
    pub(super) fn rect(
        &mut self,
        role: Role,
        (x0, y0): (f64, f64),
        (x1, y1): (f64, f64),
        attrs: &str,
    ) {
        let _ = write!(
            self.out,
            "\n<rect class=\"{}\"{attrs} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            role.class(),
            num(x0.min(x1)),
            num(y0.min(y1)),
            num((x1 - x0).abs()),
            num((y1 - y0).abs()),
            role.hex()
        );
    }

    /// A circle filled in `role`'s colour.
    pub(super) fn circle(&mut self, role: Role, (x, y): (f64, f64), r: f64, attrs: &str) {
        let _ = write!(
            self.out,
            "\n<circle class=\"{}\"{attrs} cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>",
            role.class(),
            num(x),
            num(y),
            num(r),
            role.hex()
        );
    }

    /// A closed shape through `points`: filled in `role`'s colour, or its
    /// outline `stroke` px wide.
    pub(super) fn polygon(
        &mut self,
        role: Role,
        points: &[(f64, f64)],
        stroke: Option<f64>,
        attrs: &str,
    ) {
        let paint = match stroke {
            None => format!("fill=\"{}\"", role.hex()),
            Some(w) => format!(
                "fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"",
                role.hex(),
                num(w)
            ),
        };
        let _ = write!(
            self.out,
            "\n<polygon class=\"{}\"{attrs} points=\"{}\" {paint}/>",
            role.class(),
            points_list(points)
        );
    }

    /// An open line through `points`, `width` px wide in `role`'s colour.
    pub(super) fn line(&mut self, role: Role, points: &[(f64, f64)], width: f64, attrs: &str) {
        let _ = write!(
            self.out,
            "\n<polyline class=\"{}\"{attrs} points=\"{}\" fill=\"none\" stroke=\"{}\"{}/>",
            role.class(),
            points_list(points),
            role.hex(),
            match width {
                1.0 => String::new(),
                w => format!(" stroke-width=\"{}\"", num(w)),
            }
        );
    }

    /// `text` in ink, `size` px, anchored at `at` as `anchor` says; `attrs`
    /// may shift it (`dy`) or turn it (`transform`).
    pub(super) fn text(
        &mut self,
        at: (f64, f64),
        text: &str,
        size: f64,
        anchor: Anchor,
        attrs: &str,
    ) {
        let anchor = match anchor {
            Anchor::Middle => " text-anchor=\"middle\"",
            Anchor::End => " text-anchor=\"end\"",
        };
        let _ = write!(
            self.out,
            "\n<text class=\"{}\"{attrs} x=\"{}\" y=\"{}\"{anchor} font-size=\"{}\" fill=\"{}\">{}</text>",
            Role::Ink.class(),
            num(at.0),
            num(at.1),
            num(size),
            Role::Ink.hex(),
            escape(text)
        );
    }

    pub(super) fn finish(mut self) -> String {
        self.out.push_str("\n</svg>");
        self.out
    }
}

/// Points as SVG writes them: `x,y x,y`.
fn points_list(points: &[(f64, f64)]) -> String {
    let pairs: Vec<String> = points
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect();
    pairs.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_to_a_tenth() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.25), "12.2");
        assert_eq!(num(-0.01), "0");
        assert_eq!(num(-3.5), "-3.5");
    }
}
