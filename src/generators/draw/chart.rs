//! Charts, drawn with plotters' SVG backend for the page's column twice: at
//! its width on a wide screen and at its width on a phone, each shown at its
//! own size (`style.css` shows one, by the screen's width), so that text is
//! drawn at the size it is read. The legend is HTML under both.
//!
//! Ticks fall on round values: 1, 2 or 5 times a power of ten apart on a
//! linear axis, at 1, 2 and 5 times powers of ten on a log axis, and on the
//! data's own values on an axis of a few whole numbers; as many as fit
//! without their labels crowding. Labels are written as the site writes
//! numbers (25,000 and −3).

mod axes;
mod marks;
mod writer;

use super::html::{decimal, escape};
use super::{Chart, Mark, Role, Scale, Series, is_whole, text_width as width};
use axes::{Frame, wrap, x_frame, y_frame};
use marks::{key, marker, stroke};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use writer::{Area, render};

/// One drawing of a chart, for one width of the page's column.
struct Variant {
    /// The SVG's class, by which `style.css` shows it or not.
    class: &'static str,
    width: u32,
    height: u32,
    /// Size of its text in CSS px, as it is shown.
    text: u32,
    /// Size of the first series' markers.
    marker: i32,
}

/// For the column on a wide screen: 38rem of 18 px.
const WIDE: Variant = Variant {
    class: "chart-wide",
    width: 684,
    height: 380,
    text: 14,
    marker: 6,
};

/// For a phone: the column is 347 px wide on a screen 390 px wide.
const NARROW: Variant = Variant {
    class: "chart-narrow",
    width: 340,
    height: 300,
    text: 14,
    marker: 5,
};

/// Length of a tick mark.
const TICK: i32 = 5;

/// A chart's body: both drawings, then the legend when there are several
/// series.
pub(super) fn html(chart: &Chart) -> String {
    let mut out = svg(chart, &WIDE);
    out.push_str(&svg(chart, &NARROW));
    if chart.series.len() > 1 {
        out.push_str("\n<ul class=\"legend\">");
        for (k, s) in chart.series.iter().enumerate() {
            out.push_str(&format!("<li>{}{}</li>", key(k, s.mark), escape(&s.name)));
        }
        out.push_str("</ul>");
    }
    out
}

/// A chart as one SVG drawing for `v`.
fn svg(chart: &Chart, v: &Variant) -> String {
    let plot = Plot::new(chart, v);
    render(v.width, v.height, v.class, true, |root| plot.draw(root))
}

/// One drawing of a chart laid out: its axes, where its plot lies and how
/// its bars stand.
struct Plot<'c> {
    series: &'c [Series],
    categories: bool,
    x: Frame,
    y: Frame,
    x_title: Vec<String>,
    y_title: Vec<String>,
    /// Size of text, of category names, and a line's height, in px.
    text: f64,
    x_text: f64,
    line: f64,
    /// Whether category names run down from the axis.
    turned: bool,
    /// The plot's left edge and top, width and height, in px.
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    /// The drawing's height and its markers' size.
    total_height: i32,
    marker: i32,
    /// The series drawn as bars; the width each x gives them, and each bar.
    bar_series: Vec<usize>,
    slot: f64,
    bar_width: f64,
    /// Whether every bar's value is written over it.
    labelled: bool,
}

impl<'c> Plot<'c> {
    /// Lays `chart` out for `v`: first the y axis (its labels set the plot's
    /// left edge), then the x axis (its labels, the plot's foot), then the
    /// bars (whether their values fit over them sets the plot's top).
    fn new(chart: &'c Chart, v: &Variant) -> Plot<'c> {
        let text = f64::from(v.text);
        let line = (text * 1.25).round();
        let series = chart.series.as_slice();
        let points = || series.iter().flat_map(|s| s.points.iter().copied());
        let ys: Vec<f64> = points().map(|p| p.1).collect();
        let mut xs: Vec<f64> = points().map(|p| p.0).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        let bar_series: Vec<usize> = (0..series.len())
            .filter(|&k| series[k].mark == Mark::Bars)
            .collect();
        let (w, h) = (f64::from(v.width), f64::from(v.height));

        // The y axis's height is a guess until the x axis is laid out.
        let guess = h - 3.0 * line - 24.0;
        let y_title = wrap(&chart.y.title, text, guess);
        let bars = !bar_series.is_empty();
        let y = y_frame(&chart.y.scale, &ys, bars, guess, line);
        let left = y_title.len() as f64 * line + 6.0 + y.widest(text) + 4.0 + f64::from(TICK);

        let room = w - left - 12.0;
        let (x, x_text, turned) = x_frame(&chart.x.scale, &xs, text, room);
        let categories = matches!(chart.x.scale, Scale::Categories(_));
        // Room for half the last label beyond the plot.
        let right = match x.ticks.last() {
            Some((at, label)) if !categories => {
                let beyond = (1.0 - x.share(*at)) * room;
                (width(&label[0], text) / 2.0 + 2.0 - beyond).max(12.0)
            }
            _ => 12.0,
        };
        let width = w - left - right;
        let x_title = wrap(&chart.x.title, text, width);
        let labels = match turned {
            true => x.widest(x_text),
            false => {
                let lines = x.ticks.iter().map(|t| t.1.len()).max().unwrap_or(1);
                lines as f64 * (x_text * 1.25).round()
            }
        };
        let foot = f64::from(TICK) + 3.0 + labels + 6.0 + x_title.len() as f64 * line;

        // Bars: eight tenths of the least gap between xs, shared by the bar
        // series side by side.
        let gap = xs
            .windows(2)
            .map(|d| (x.share(d[1]) - x.share(d[0])) * width)
            .fold(width / 2.0, f64::min);
        let slot = 0.8 * gap;
        let bar_width = slot / bar_series.len().max(1) as f64;
        let labelled = bars
            && bar_series
                .iter()
                .flat_map(|&k| &series[k].points)
                .all(|p| self::width(&value_label(p.1), text) <= bar_width);
        let top = match labelled {
            true => line + 4.0,
            false => (text / 2.0).ceil() + 4.0,
        };
        Plot {
            series,
            categories,
            x,
            y,
            x_title,
            y_title,
            text,
            x_text,
            line,
            turned,
            left,
            top,
            width,
            height: h - top - foot,
            total_height: v.height as i32,
            marker: v.marker,
            bar_series,
            slot,
            bar_width,
            labelled,
        }
    }

    fn x_px(&self, v: f64) -> i32 {
        (self.left + self.x.share(v) * self.width).round() as i32
    }

    fn y_px(&self, v: f64) -> i32 {
        (self.top + (1.0 - self.y.share(v)) * self.height).round() as i32
    }

    fn at(&self, (x, y): (f64, f64)) -> (i32, i32) {
        (self.x_px(x), self.y_px(y))
    }

    /// The plot's edges: left, right, top, foot.
    fn edges(&self) -> (i32, i32, i32, i32) {
        let (x0, y0) = (self.left.round() as i32, self.top.round() as i32);
        let x1 = (self.left + self.width).round() as i32;
        let y1 = (self.top + self.height).round() as i32;
        (x0, x1, y0, y1)
    }

    /// Where bars stand: at zero, or at the foot of a log axis.
    fn base(&self) -> i32 {
        let (_, _, y0, y1) = self.edges();
        match self.y.log {
            true => y1,
            false => self.y_px(0.0).clamp(y0, y1),
        }
    }

    /// Size of a bar's marker: as large as fits the bar, or none.
    fn bar_marker(&self) -> Option<i32> {
        let size = ((self.bar_width / 2.0 - 2.0).floor() as i32).min(self.marker);
        (self.bar_series.len() > 1 && size >= 3).then_some(size)
    }

    /// The bar of the `i`th bar series at `(x, y)`. A bar that is not zero
    /// is at least 2 px tall; a thin gap of paper parts bars side by side.
    fn bar(&self, i: usize, (x, y): (f64, f64)) -> Bar {
        let inset = if self.bar_width >= 6.0 { 1.0 } else { 0.0 };
        let from = self.left + self.x.share(x) * self.width - self.slot / 2.0;
        let from = from + i as f64 * self.bar_width;
        let base = self.base();
        let up = if y < 0.0 { -1 } else { 1 };
        let end = match self.y_px(y) {
            end if y != 0.0 && (end - base).abs() < 2 => base - 2 * up,
            end => end,
        };
        let (from, to) = (
            (from + inset).round() as i32,
            (from + self.bar_width - inset).round() as i32,
        );
        // The marker inside the bar's end when it fits there, else beyond it.
        let marker = self.bar_marker().map(|size| {
            let reach = size + 2;
            let inside = (end - base).abs() >= 2 * reach + 6;
            let centre = match inside {
                true => end + up * (reach + 3),
                false => end - up * (reach + 1),
            };
            (((from + to) / 2, centre), inside)
        });
        Bar {
            from,
            to,
            end,
            marker,
        }
    }

    fn font(&self, size: f64) -> TextStyle<'static> {
        // plotters writes a font's size divided by 1.24.
        ("serif", size * 1.24)
            .into_font()
            .color(&Role::Ink.colour())
    }

    fn draw(&self, root: &Area) -> Result<(), Box<dyn std::error::Error>> {
        self.grid(root)?;
        self.bars(root)?;
        self.lines(root)?;
        self.axes(root)?;
        self.values(root)
    }

    /// Faint lines at the ticks (along the y ticks only, under bars).
    fn grid(&self, root: &Area) -> Result<(), Box<dyn std::error::Error>> {
        let (x0, x1, y0, y1) = self.edges();
        let ink = Role::Ink.colour();
        for (t, _) in &self.y.ticks {
            let y = self.y_px(*t);
            root.draw(&PathElement::new(vec![(x0, y), (x1, y)], ink.mix(0.15)))?;
        }
        if !self.categories {
            for (t, _) in &self.x.ticks {
                let x = self.x_px(*t);
                root.draw(&PathElement::new(vec![(x, y0), (x, y1)], ink.mix(0.08)))?;
            }
        }
        Ok(())
    }

    /// Bars from their foot to their value. When there are bars of several
    /// series each carries its series' marker, cut out of its end or, when
    /// it is too short, beyond it.
    fn bars(&self, root: &Area) -> Result<(), Box<dyn std::error::Error>> {
        let base = self.base();
        for (i, &k) in self.bar_series.iter().enumerate() {
            let colour = Role::Series(k).colour();
            for &p in &self.series[k].points {
                let bar = self.bar(i, p);
                let corners = [(bar.from, bar.end.min(base)), (bar.to, bar.end.max(base))];
                root.draw(&Rectangle::new(corners, colour.filled()))?;
                if let (Some((centre, inside)), Some(size)) = (bar.marker, self.bar_marker()) {
                    let ground = if inside { Role::Paper } else { Role::Series(k) };
                    marker(root, k, centre, size, ground)?;
                }
            }
        }
        Ok(())
    }

    /// Lines, the first series' widest so that later ones never hide it,
    /// then the markers of points, and of lines that are not too dense.
    fn lines(&self, root: &Area) -> Result<(), Box<dyn std::error::Error>> {
        let n = self.series.len();
        for (k, s) in self.series.iter().enumerate() {
            if s.mark == Mark::Line {
                let points: Vec<_> = s.points.iter().map(|&p| self.at(p)).collect();
                let style = Role::Series(k).colour().stroke_width(stroke(k, n));
                root.draw(&PathElement::new(points, style))?;
            }
        }
        for (k, s) in self.series.iter().enumerate() {
            let spaced = s.points.len() as f64 * f64::from(2 * self.marker + 2) < self.width;
            let marked = match s.mark {
                Mark::Points => true,
                Mark::Line => spaced,
                Mark::Bars => false,
            };
            if marked {
                for &p in &s.points {
                    marker(root, k, self.at(p), self.marker, Role::Series(k))?;
                }
            }
        }
        Ok(())
    }

    /// The axes (and zero across a linear one that spans it), their ticks,
    /// tick labels and titles: x's under its labels, y's turned along it.
    fn axes(&self, root: &Area) -> Result<(), Box<dyn std::error::Error>> {
        let (x0, x1, y0, y1) = self.edges();
        let axis = Role::Ink.colour().stroke_width(1);
        root.draw(&PathElement::new(vec![(x0, y0), (x0, y1)], axis))?;
        root.draw(&PathElement::new(vec![(x0, y1), (x1, y1)], axis))?;
        if !self.y.log && self.y.lo < 0.0 && self.y.hi > 0.0 {
            let zero = self.base();
            root.draw(&PathElement::new(vec![(x0, zero), (x1, zero)], axis))?;
        }
        let label = self.font(self.text);
        for (t, text) in &self.y.ticks {
            let y = self.y_px(*t);
            root.draw(&PathElement::new(vec![(x0 - TICK, y), (x0, y)], axis))?;
            let style = label.pos(Pos::new(HPos::Right, VPos::Center));
            root.draw(&Text::new(text[0].clone(), (x0 - TICK - 4, y), style))?;
        }
        let name = match self.turned {
            true => self
                .font(self.x_text)
                .pos(Pos::new(HPos::Right, VPos::Center))
                .transform(FontTransform::Rotate270),
            false => self
                .font(self.x_text)
                .pos(Pos::new(HPos::Center, VPos::Top)),
        };
        let name_line = (self.x_text * 1.25).round() as i32;
        for (t, lines) in &self.x.ticks {
            let x = self.x_px(*t);
            root.draw(&PathElement::new(vec![(x, y1), (x, y1 + TICK)], axis))?;
            for (i, text) in (0..).zip(lines) {
                let at = (x, y1 + TICK + 3 + i * name_line);
                root.draw(&Text::new(text.clone(), at, name.clone()))?;
            }
        }
        let line = self.line as i32;
        let title_top = self.total_height - self.x_title.len() as i32 * line;
        for (i, text) in (0..).zip(&self.x_title) {
            let style = label.pos(Pos::new(HPos::Center, VPos::Top));
            let at = ((x0 + x1) / 2, title_top + i * line);
            root.draw(&Text::new(text.clone(), at, style))?;
        }
        for (i, text) in (0..).zip(&self.y_title) {
            let style = label
                .pos(Pos::new(HPos::Center, VPos::Top))
                .transform(FontTransform::Rotate270);
            root.draw(&Text::new(
                text.clone(),
                (2 + i * line, (y0 + y1) / 2),
                style,
            ))?;
        }
        Ok(())
    }

    /// Values over the bars when they all fit (beyond a marker over a bar);
    /// a bar of zero always says so.
    fn values(&self, root: &Area) -> Result<(), Box<dyn std::error::Error>> {
        let label = self.font(self.text);
        for (i, &k) in self.bar_series.iter().enumerate() {
            for &(x, y) in &self.series[k].points {
                if !self.labelled && y != 0.0 {
                    continue;
                }
                let bar = self.bar(i, (x, y));
                let clear = match (bar.marker, self.bar_marker()) {
                    (Some((_, false)), Some(size)) => 3 + 2 * (size + 2) + 1,
                    _ => 3,
                };
                let centre = (bar.from + bar.to) / 2;
                let (at, pos) = match y < 0.0 {
                    true => ((centre, bar.end + clear), VPos::Top),
                    false => ((centre, bar.end - clear), VPos::Bottom),
                };
                let style = label.pos(Pos::new(HPos::Center, pos));
                root.draw(&Text::new(value_label(y), at, style))?;
            }
        }
        Ok(())
    }
}

/// A bar's value as written over it: to three significant digits.
fn value_label(v: f64) -> String {
    match is_whole(v) {
        true => decimal(v, 0),
        false => decimal(v, (2 - v.abs().log10().floor() as i32).clamp(0, 6) as usize),
    }
}

/// Where a bar is drawn: from `from` to `to` across, from the foot to `end`
/// up, and its marker's centre, inside the bar or not.
struct Bar {
    from: i32,
    to: i32,
    end: i32,
    marker: Option<((i32, i32), bool)>,
}

#[cfg(test)]
mod tests {
    use super::super::svg_text::{attributes, texts};
    use super::writer::is_line;
    use super::*;
    use crate::generators::draw::Axis;

    fn series(name: &str, mark: Mark, points: &[(f64, f64)]) -> Series {
        Series {
            name: name.into(),
            mark,
            points: points.to_vec(),
        }
    }

    fn chart(x: Scale, y: Scale, series: Vec<Series>) -> Chart {
        Chart {
            x: Axis::new("wall column", x),
            y: Axis::new("positions", y),
            series,
        }
    }

    fn names(names: &[&str]) -> Scale {
        Scale::Categories(names.iter().map(|n| n.to_string()).collect())
    }

    /// The wide and the narrow drawing of a chart.
    fn drawings(chart: &Chart) -> [String; 2] {
        [svg(chart, &WIDE), svg(chart, &NARROW)]
    }

    /// Charts of every kind: points on a log axis, lines, bars with long
    /// names and a zero, bars on a log axis, negative values.
    fn samples() -> Vec<Chart> {
        let boards = [
            "2 × 6", "3 × 4", "2 × 7", "3 × 5", "4 × 4", "4 × 5", "3 × 6",
        ];
        let depths: Vec<String> = (1..=12).map(|d| format!("depth {d}")).collect();
        let depths: Vec<&str> = depths.iter().map(String::as_str).collect();
        let bars = |k: f64| {
            (0..7)
                .map(|i| (f64::from(i), k * f64::from(i * i)))
                .collect::<Vec<_>>()
        };
        vec![
            chart(
                Scale::Linear,
                Scale::Log,
                vec![
                    series(
                        "whole",
                        Mark::Points,
                        &[(1.0, 2916.0), (2.0, 2750.0), (3.0, 2916.0)],
                    ),
                    series(
                        "sum",
                        Mark::Points,
                        &[(1.0, 2916.0), (2.0, 555.0), (3.0, 108.0)],
                    ),
                ],
            ),
            chart(
                Scale::Linear,
                Scale::Linear,
                vec![series(
                    "a",
                    Mark::Line,
                    &[(0.0, -25000.0), (0.5, 12.5), (2.25, 31000.0)],
                )],
            ),
            chart(
                names(&boards),
                Scale::Linear,
                vec![
                    series("half turn", Mark::Bars, &bars(13.0)),
                    series("reflection", Mark::Bars, &bars(3.0)),
                ],
            ),
            chart(
                names(&boards),
                Scale::Log,
                vec![
                    series("none", Mark::Bars, &bars(400.0)),
                    series("both", Mark::Bars, &bars(1.0)),
                ],
            ),
            chart(
                names(&depths),
                Scale::Linear,
                vec![series("proved", Mark::Bars, &bars(1000.0))],
            ),
        ]
    }

    #[test]
    fn each_drawing_sets_its_text_at_the_size_it_is_read_and_fits_its_column() {
        for chart in samples() {
            let [wide, narrow] = drawings(&chart);
            // The wide drawing is shown at its size in a column of 684 px, the
            // narrow one in a column of 347 px (a phone 390 px wide).
            assert_eq!(attributes(&wide, "width")[0], "684");
            let narrow_width: u32 = attributes(&narrow, "width")[0].parse().unwrap();
            assert!(narrow_width <= 347);
            for (svg, least) in [(&wide, 14.0), (&narrow, 14.0)] {
                let sizes = attributes(svg, "font-size");
                assert!(!sizes.is_empty());
                for size in sizes {
                    let size: f64 = size.parse().unwrap();
                    // Only crowded category names drop to 12 px.
                    assert!(size == least || size == 12.0, "{size} in {svg}");
                }
            }
            assert!(texts(&wide).contains(&"wall column"));
            assert!(texts(&narrow).contains(&"positions"));
        }
    }

    #[test]
    fn ticks_are_written_as_the_site_writes_numbers() {
        let [wide, narrow] = drawings(&samples()[1]);
        for svg in [&wide, &narrow] {
            let texts = texts(svg);
            assert!(
                texts.contains(&"\u{2212}30,000") || texts.contains(&"\u{2212}40,000"),
                "{texts:?}"
            );
            assert!(texts.contains(&"20,000"), "{texts:?}");
            assert!(texts.iter().all(|t| !t.contains('-')), "{texts:?}");
        }
    }

    #[test]
    fn log_axes_are_labelled_at_one_two_and_five_times_powers_of_ten() {
        let [wide, narrow] = drawings(&samples()[0]);
        assert_eq!(
            &texts(&wide)[..6],
            ["100", "200", "500", "1,000", "2,000", "5,000"]
        );
        let labels = ["100", "200", "500", "1,000", "2,000", "5,000"];
        assert!(texts(&narrow)[..2].iter().all(|t| labels.contains(t)));
    }

    #[test]
    fn an_axis_of_few_whole_numbers_is_ticked_at_its_values() {
        let c = chart(
            Scale::Linear,
            Scale::Linear,
            vec![series(
                "a",
                Mark::Points,
                &[(2.0, 1.0), (3.0, 1.0), (5.0, 2.0), (8.0, 3.0)],
            )],
        );
        let [wide, _] = drawings(&c);
        // y ticks at whole numbers from 0, then x at the data's values.
        assert_eq!(texts(&wide)[..8], ["0", "1", "2", "3", "2", "3", "5", "8"]);
        let many: Vec<(f64, f64)> = (1..=20).map(|x| (f64::from(x), 1.0)).collect();
        let c = chart(
            Scale::Linear,
            Scale::Linear,
            vec![series("a", Mark::Points, &many)],
        );
        let [wide, narrow] = drawings(&c);
        let all: Vec<String> = (1..=20).map(|x| x.to_string()).collect();
        let ticks = format!(" {} wall column positions", all.join(" "));
        assert!(
            texts(&wide).join(" ").ends_with(&ticks),
            "{:?}",
            texts(&wide)
        );
        let ticks = " 2 5 10 15 20 wall column positions";
        assert!(
            texts(&narrow).join(" ").ends_with(ticks),
            "{:?}",
            texts(&narrow)
        );
    }

    #[test]
    fn points_alone_are_not_joined_and_lines_are() {
        let points = [(1.0, 1.0), (2.0, 3.0), (3.0, 2.0)];
        let c = chart(
            Scale::Linear,
            Scale::Linear,
            vec![
                series("a", Mark::Points, &points),
                series("b", Mark::Line, &points),
            ],
        );
        for svg in drawings(&c) {
            let lines: Vec<&str> = svg
                .split('<')
                .filter(|tag| is_line(tag) && tag.contains("role-series"))
                .collect();
            assert_eq!(lines.len(), 1, "{svg}");
            assert!(lines[0].contains("role-series-1"));
        }
    }

    #[test]
    fn coinciding_series_stay_visible() {
        let points = [(1.0, 1.0), (2.0, 3.0), (3.0, 2.0)];
        let c = chart(
            Scale::Linear,
            Scale::Linear,
            vec![
                series("a", Mark::Line, &points),
                series("b", Mark::Line, &points),
            ],
        );
        let [wide, _] = drawings(&c);
        // The first line is wider and solid; the second, drawn over it, dashed.
        assert!(wide.contains("<polyline class=\"role-series-0\" fill=\"none\" stroke=\"#588AC4\" stroke-width=\"3\""), "{wide}");
        assert!(wide.contains("<polyline class=\"role-series-1\" stroke-dasharray=\"8 4\" fill=\"none\" stroke=\"#C5732A\" stroke-width=\"2\""), "{wide}");
        // Its markers are outlines around the first's filled circles.
        assert_eq!(wide.matches("<circle class=\"role-series-0\"").count(), 3);
        let outlines = wide
            .split('<')
            .filter(|t| t.starts_with("polyline class=\"role-series-1\"") && !is_line(t));
        assert_eq!(outlines.count(), 3);
    }

    #[test]
    fn a_bar_of_zero_says_so_and_bars_stand_on_a_log_axis() {
        for chart in &samples()[2..] {
            for svg in drawings(chart) {
                // Each series' first bar is zero.
                let zeros = texts(&svg).iter().filter(|t| **t == "0").count();
                let bar_series = chart.series.len();
                let on_axis = usize::from(chart.y.scale == Scale::Linear);
                assert!(zeros >= bar_series + on_axis, "{svg}");
                // Every other bar has a height (on a log axis, from below 1).
                let heights: Vec<i32> = svg
                    .split("<rect class=\"role-series-")
                    .skip(1)
                    .map(|r| attributes(r, "height")[0].parse().unwrap())
                    .collect();
                assert_eq!(heights.len(), 7 * bar_series);
                assert_eq!(heights.iter().filter(|h| **h == 0).count(), bar_series);
            }
        }
    }

    #[test]
    fn crowded_names_wrap_shrink_or_turn() {
        let [wide, narrow] = drawings(&samples()[4]);
        // Two lines each on a wide screen.
        assert_eq!(texts(&wide).iter().filter(|t| **t == "depth").count(), 12);
        // Only the y axis's title is turned on a wide screen; on a phone the
        // names are too.
        assert_eq!(wide.matches("rotate(270").count(), 1);
        assert_eq!(narrow.matches("rotate(270").count(), 12 + 1, "{narrow}");
    }

    #[test]
    fn the_legend_is_html_under_both_drawings() {
        let html = html(&samples()[0]);
        let wide = html.find("<svg class=\"chart-wide\"").unwrap();
        let narrow = html.find("<svg class=\"chart-narrow\"").unwrap();
        let legend = html
            .find("<ul class=\"legend\"><li><svg class=\"key\"")
            .unwrap();
        assert!(wide < narrow && narrow < legend);
        assert!(html.ends_with("sum</li></ul>"));
        // One series needs no legend.
        let single = chart(
            Scale::Linear,
            Scale::Linear,
            vec![series("a", Mark::Line, &[(1.0, 1.0)])],
        );
        assert!(!super::html(&single).contains("legend"));
    }

    #[test]
    fn every_coloured_mark_carries_its_role_and_drawings_are_deterministic() {
        for chart in samples() {
            let body = html(&chart);
            for tag in body.split('<').skip(1) {
                let tag = tag.split('>').next().unwrap_or_default();
                let coloured = tag.contains("=\"#");
                assert_eq!(coloured, tag.contains(" class=\"role-"), "{tag}");
            }
            assert_eq!(body, html(&chart));
        }
    }

    #[test]
    fn charts_of_nothing_or_of_one_point_still_draw() {
        let one = series("a", Mark::Points, &[(3.0, 7.0)]);
        let zero = series("a", Mark::Bars, &[(0.0, 0.0)]);
        for c in [
            chart(Scale::Linear, Scale::Linear, vec![]),
            chart(Scale::Linear, Scale::Log, vec![one.clone()]),
            chart(Scale::Log, Scale::Linear, vec![one]),
            chart(names(&["only"]), Scale::Log, vec![zero.clone()]),
            chart(names(&["only"]), Scale::Linear, vec![zero]),
        ] {
            for svg in drawings(&c) {
                assert!(svg.ends_with("</svg>\n"), "{svg}");
                assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
            }
        }
    }

    #[test]
    fn chart_drawings_stay_small() {
        let total: usize = samples().iter().map(|c| html(c).len()).sum();
        assert!(total < 5 * 20_000, "{total} bytes");
    }
}
