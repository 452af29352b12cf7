//! A laid-out chart drawn: grid, bars, lines and points, axes, and the
//! values over the bars, every mark carrying its values.

use super::super::{Mark, Role, Scale};
use super::marks::{dash, marker, stroke};
use super::svg::{Anchor, Svg, num};
use super::{Plot, TICK};
use crate::draw::html::Numbers;

/// A value as a data attribute: as Rust writes an `f64`, exactly.
fn value(v: f64) -> String {
    format!("{v}")
}

/// The data attributes of series `k`'s mark at `(x, y)`.
fn data(k: usize, (x, y): (f64, f64)) -> String {
    format!(
        " data-series=\"{k}\" data-x=\"{}\" data-y=\"{}\"",
        value(x),
        value(y)
    )
}

impl Plot<'_> {
    /// The drawing, its root of class `class`.
    pub(super) fn draw(&self, class: &str) -> String {
        let mut svg = Svg::new(class, self.total_width, self.total_height, "");
        svg.rect(
            Role::Paper,
            (0.0, 0.0),
            (self.total_width, self.total_height),
            "",
        );
        svg.group(&self.frame());
        self.grid(&mut svg);
        self.bars(&mut svg);
        self.lines(&mut svg);
        self.axes(&mut svg);
        self.values(&mut svg);
        svg.end_group();
        self.titles(&mut svg);
        svg.finish()
    }

    /// The plot group's attributes: each axis's scale, domain and range, and
    /// how the chart writes its numbers.
    fn frame(&self) -> String {
        let (x0, x1, y0, y1) = self.edges();
        let domain = |log: bool, lo: f64, hi: f64| {
            if log {
                format!("{} {}", value(10f64.powf(lo)), value(10f64.powf(hi)))
            } else {
                format!("{} {}", value(lo), value(hi))
            }
        };
        let scale = |log: bool| if log { "log" } else { "linear" };
        let x_scale = if self.categories {
            "band"
        } else {
            scale(self.x.log)
        };
        let percent = match self.numbers {
            Numbers::Percent(_) => " data-percent=\"\"",
            Numbers::Fractions => " data-fractions=\"\"",
            Numbers::Places(_) => "",
        };
        format!(
            " class=\"plot\" data-x-scale=\"{x_scale}\" data-x-domain=\"{}\" data-x-range=\"{} {}\" \
             data-y-scale=\"{}\" data-y-domain=\"{}\" data-y-range=\"{} {}\" data-places=\"{}\"{percent}",
            domain(self.x.log, self.x.lo, self.x.hi),
            num(x0),
            num(x1),
            scale(self.y.log),
            domain(self.y.log, self.y.lo, self.y.hi),
            num(y1),
            num(y0),
            self.numbers.places()
        )
    }

    /// Faint lines at the ticks (along the y ticks only, under bars).
    fn grid(&self, svg: &mut Svg) {
        let (x0, x1, y0, y1) = self.edges();
        for (t, _) in &self.y.ticks {
            let y = self.y_px(*t);
            svg.line(Role::Ink, &[(x0, y), (x1, y)], 1.0, " opacity=\"0.15\"");
        }
        if !self.categories {
            for (t, _) in &self.x.ticks {
                let x = self.x_px(*t);
                svg.line(Role::Ink, &[(x, y0), (x, y1)], 1.0, " opacity=\"0.08\"");
            }
        }
    }

    /// Bars from zero to their value, each series' bars side by side.
    fn bars(&self, svg: &mut Svg) {
        let base = self.base();
        for (i, &k) in self.bar_series.iter().enumerate() {
            for &p in &self.chart.series[k].points {
                let bar = self.bar(i, p);
                svg.rect(
                    Role::Series(k),
                    (bar.from, base),
                    (bar.to, bar.end),
                    &data(k, p),
                );
            }
        }
    }

    /// Lines, the first series' widest so that later ones never hide it,
    /// then the markers of points, and of lines whose points are marked.
    fn lines(&self, svg: &mut Svg) {
        let series = &self.chart.series;
        let n = series.len();
        for (k, s) in series.iter().enumerate() {
            if super::mark(self.chart, s) == Mark::Line {
                let points: Vec<_> = s.points.iter().map(|&p| self.at(p)).collect();
                let values: Vec<String> = s
                    .points
                    .iter()
                    .map(|&(x, y)| format!("{},{}", value(x), value(y)))
                    .collect();
                let dashed =
                    dash(k).map_or(String::new(), |d| format!(" stroke-dasharray=\"{d}\""));
                let attrs = format!(
                    " data-series=\"{k}\" data-points=\"{}\"{dashed}",
                    values.join(" ")
                );
                svg.line(Role::Series(k), &points, stroke(k, n), &attrs);
            }
        }
        for (k, s) in series.iter().enumerate() {
            if self.marked.get(k) == Some(&true) {
                for &p in &s.points {
                    marker(svg, k, self.at(p), self.marker, &data(k, p));
                }
            }
        }
    }

    /// The axes (and zero across a linear one that spans it), their ticks
    /// and tick labels, each tick in a group with its value.
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a category axis's ticks are its indices, 0 to n - 1"
    )]
    fn axes(&self, svg: &mut Svg) {
        let (x0, x1, y0, y1) = self.edges();
        svg.line(Role::Ink, &[(x0, y0), (x0, y1), (x1, y1)], 1.0, "");
        if !self.y.log && self.y.lo < 0.0 && self.y.hi > 0.0 {
            let zero = self.base();
            svg.line(Role::Ink, &[(x0, zero), (x1, zero)], 1.0, "");
        }
        for (t, text) in &self.y.ticks {
            let y = self.y_px(*t);
            svg.group(&format!(" class=\"tick\" data-value=\"{}\"", value(*t)));
            svg.line(Role::Ink, &[(x0 - TICK, y), (x0, y)], 1.0, "");
            let at = (x0 - TICK - 4.0, y);
            svg.text(at, &text[0], self.text, Anchor::End, " dy=\"0.35em\"");
            svg.end_group();
        }
        let names = match &self.chart.x.scale {
            Scale::Categories(names) => names.as_slice(),
            _ => &[],
        };
        let line = (self.x_text * 1.25).round();
        for (t, lines) in &self.x.ticks {
            let x = self.x_px(*t);
            let name = match names.get(t.round() as usize) {
                Some(name) if self.categories => format!(" data-name=\"{}\"", super::escape(name)),
                _ => String::new(),
            };
            svg.group(&format!(
                " class=\"tick\" data-value=\"{}\"{name}",
                value(*t)
            ));
            svg.line(Role::Ink, &[(x, y1), (x, y1 + TICK)], 1.0, "");
            let top = y1 + TICK + 3.0;
            for (i, text) in lines.iter().enumerate() {
                if self.turned {
                    let turn = format!(
                        " dy=\"0.35em\" transform=\"rotate(-90 {} {})\"",
                        num(x),
                        num(top)
                    );
                    svg.text((x, top), text, self.x_text, Anchor::End, &turn);
                } else {
                    let at = (x, top + i as f64 * line);
                    svg.text(at, text, self.x_text, Anchor::Middle, " dy=\"0.8em\"");
                }
            }
            svg.end_group();
        }
    }

    /// The axes' titles: x's under its labels, y's turned along it.
    fn titles(&self, svg: &mut Svg) {
        let (x0, x1, y0, y1) = self.edges();
        let title_top = self.total_height - self.x_title.len() as f64 * self.line;
        for (i, text) in self.x_title.iter().enumerate() {
            let at = (f64::midpoint(x0, x1), title_top + i as f64 * self.line);
            svg.text(at, text, self.text, Anchor::Middle, " dy=\"0.8em\"");
        }
        for (i, text) in self.y_title.iter().enumerate() {
            let at = (2.0 + i as f64 * self.line, f64::midpoint(y0, y1));
            let turn = format!(
                " dy=\"0.8em\" transform=\"rotate(-90 {} {})\"",
                num(at.0),
                num(at.1)
            );
            svg.text(at, text, self.text, Anchor::Middle, &turn);
        }
    }

    /// Values over the bars (under a bar below zero) when they all fit; a
    /// bar of zero always says so, `0`. Each label is anchored at its bar's
    /// end.
    fn values(&self, svg: &mut Svg) {
        for (i, &k) in self.bar_series.iter().enumerate() {
            for &(x, y) in &self.chart.series[k].points {
                if !self.labelled && y != 0.0 {
                    continue;
                }
                let bar = self.bar(i, (x, y));
                let at = (f64::midpoint(bar.from, bar.to), bar.end);
                let shift = if y < 0.0 {
                    " dy=\"1.05em\""
                } else {
                    " dy=\"-0.3em\""
                };
                let attrs = format!("{}{shift}", data(k, (x, y)));
                // A bar of zero says 0, exactly.
                let label = if y == 0.0 {
                    "0".to_string()
                } else {
                    self.numbers.write(y)
                };
                svg.text(at, &label, self.text, Anchor::Middle, &attrs);
            }
        }
    }
}
