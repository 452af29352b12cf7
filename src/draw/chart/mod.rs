//! Charts, written as SVG for the page's column twice: at its width on a
//! wide screen and at its width on a phone, each shown at its own size
//! (`style.css` shows one, by the screen's width), so that text is drawn at
//! the size it is read. The legend is HTML under both and shows, for each
//! series, the marks the chart draws for it.
//!
//! Every mark stands where its value maps to, and says so for a reader of
//! the page to check: the plot's group carries each axis's scale, domain
//! and range in CSS px (`data-x-scale`, `data-x-domain`, `data-x-range`,
//! and the same for y) and the precision of the chart's numbers
//! (`data-places`, `data-percent`); each tick its value (`data-value`);
//! each bar, point and value label its series and values (`data-series`,
//! `data-x`, `data-y`; a category by its index), and each line its values
//! (`data-points`). Bars stand on zero of a linear axis, side by side by
//! series, nothing laid over them; a log axis carries points only (bars on
//! one are drawn as points). A bar's value is written over it, all in the
//! chart's one precision, when every one fits; a bar of zero always says so.
//!
//! Ticks fall on round values: 1, 2 or 5 times a power of ten apart on a
//! linear axis, at 1, 2 and 5 times powers of ten on a log axis, and on the
//! data's own values on an axis of a few whole numbers; as many as fit
//! without their labels crowding. Labels are written as the site writes
//! numbers (25,000, −3 and 20%).

mod axes;
mod marks;
mod paint;
mod svg;
#[cfg(test)]
mod tests;

use super::html::Numbers;
use super::{Chart, Mark, Scale, Series, escape, text_width as width};
use axes::{Frame, wrap, x_frame, y_frame};
use marks::key;

/// One drawing of a chart, for one width of the page's column.
struct Variant {
    /// The SVG's class, by which `style.css` shows it or not.
    class: &'static str,
    width: u32,
    height: u32,
    /// Size of its text in CSS px, as it is shown.
    text: u32,
    /// Size of the series' markers.
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
const TICK: f64 = 5.0;

/// A chart's body: both drawings, then the legend when there are several
/// series.
pub(super) fn html(chart: &Chart) -> String {
    let marked = markers(chart);
    let mut out = svg(chart, &WIDE, &marked);
    out.push('\n');
    out.push_str(&svg(chart, &NARROW, &marked));
    let n = chart.series.len();
    if n > 1 {
        out.push_str("\n<ul class=\"legend\">");
        for (k, s) in chart.series.iter().enumerate() {
            let key = key(k, mark(chart, s), marked[k], n);
            out.push_str(&format!("<li>{key}{}</li>", escape(&s.name)));
        }
        out.push_str("</ul>");
    }
    out
}

/// How a series is drawn: as it asks, but bars on a log axis as points (a
/// bar's length on one means nothing).
fn mark(chart: &Chart, s: &Series) -> Mark {
    match (s.mark, &chart.y.scale) {
        (Mark::Bars, Scale::Log) => Mark::Points,
        (mark, _) => mark,
    }
}

/// Whether each series' points carry markers, in both drawings alike:
/// points always, a line's when they stand apart in the phone's drawing.
fn markers(chart: &Chart) -> Vec<bool> {
    let room = Plot::new(chart, &NARROW, &[]).width;
    let apart = f64::from(2 * NARROW.marker + 2);
    let series = chart.series.iter();
    series
        .map(|s| match mark(chart, s) {
            Mark::Points => true,
            Mark::Line => s.points.len() as f64 * apart < room,
            Mark::Bars => false,
        })
        .collect()
}

/// A chart as one SVG drawing for `v`.
fn svg(chart: &Chart, v: &Variant, marked: &[bool]) -> String {
    Plot::new(chart, v, marked).draw(v.class)
}

/// One drawing of a chart laid out: its axes, where its plot lies and how
/// its bars stand.
struct Plot<'c> {
    chart: &'c Chart,
    /// Whether each series' points carry markers.
    marked: &'c [bool],
    categories: bool,
    x: Frame,
    y: Frame,
    x_title: Vec<String>,
    y_title: Vec<String>,
    /// How the chart writes its values.
    numbers: Numbers,
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
    /// The drawing's size and its markers' size.
    total_width: f64,
    total_height: f64,
    marker: f64,
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
    fn new(chart: &'c Chart, v: &Variant, marked: &'c [bool]) -> Plot<'c> {
        let text = f64::from(v.text);
        let line = (text * 1.25).round();
        let series = chart.series.as_slice();
        let points = || series.iter().flat_map(|s| s.points.iter().copied());
        let ys: Vec<f64> = points().map(|p| p.1).collect();
        let mut xs: Vec<f64> = points().map(|p| p.0).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        let bar_series: Vec<usize> = (0..series.len())
            .filter(|&k| mark(chart, &series[k]) == Mark::Bars)
            .collect();
        let numbers = chart.numbers();
        let (w, h) = (f64::from(v.width), f64::from(v.height));

        // The y axis's height is a guess until the x axis is laid out.
        let guess = h - 3.0 * line - 24.0;
        let y_title = wrap(&chart.y.title, text, guess);
        let bars = !bar_series.is_empty();
        let y = y_frame(&chart.y.scale, &ys, bars, numbers, guess, line);
        let left = y_title.len() as f64 * line + 6.0 + y.widest(text) + 4.0 + TICK;

        let room = w - left - 12.0;
        let x_numbers = chart.x.numbers.unwrap_or(Numbers::Places(0));
        let (x, x_text, turned) = x_frame(&chart.x.scale, &xs, x_numbers, text, room);
        let categories = matches!(chart.x.scale, Scale::Categories(_));
        // Room for half the last label beyond the plot.
        let right = match x.ticks.last() {
            Some((at, label)) if !categories => {
                let beyond = (1.0 - x.share(*at)) * room;
                (width(&label[0], text) / 2.0 + 2.0 - beyond).max(12.0)
            }
            _ => 12.0,
        };
        let plot_width = w - left - right;
        let x_title = wrap(&chart.x.title, text, plot_width);
        let labels = if turned {
            x.widest(x_text)
        } else {
            let lines = x.ticks.iter().map(|t| t.1.len()).max().unwrap_or(1);
            lines as f64 * (x_text * 1.25).round()
        };
        let foot = TICK + 3.0 + labels + 6.0 + x_title.len() as f64 * line;

        // Bars: eight tenths of the least gap between xs, shared by the bar
        // series side by side.
        let gap = xs
            .windows(2)
            .map(|d| (x.share(d[1]) - x.share(d[0])) * plot_width)
            .fold(plot_width / 2.0, f64::min);
        let slot = 0.8 * gap;
        let bar_width = slot / bar_series.len().max(1) as f64;
        let labelled = bars
            && bar_series
                .iter()
                .flat_map(|&k| &series[k].points)
                .all(|p| width(&numbers.write(p.1), text) <= bar_width);
        let top = if labelled {
            line + 4.0
        } else {
            (text / 2.0).ceil() + 4.0
        };
        Plot {
            chart,
            marked,
            categories,
            x,
            y,
            x_title,
            y_title,
            numbers,
            text,
            x_text,
            line,
            turned,
            left,
            top,
            width: plot_width,
            height: h - top - foot,
            total_width: w,
            total_height: h,
            marker: f64::from(v.marker),
            bar_series,
            slot,
            bar_width,
            labelled,
        }
    }

    /// Where `v` lies across, in px.
    fn x_px(&self, v: f64) -> f64 {
        self.left + self.x.share(v) * self.width
    }

    /// Where `v` lies up the plot, in px from the drawing's top.
    fn y_px(&self, v: f64) -> f64 {
        self.top + (1.0 - self.y.share(v)) * self.height
    }

    fn at(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (self.x_px(x), self.y_px(y))
    }

    /// The plot's edges: left, right, top, foot.
    fn edges(&self) -> (f64, f64, f64, f64) {
        let (x0, y0) = (self.left, self.top);
        (x0, x0 + self.width, y0, y0 + self.height)
    }

    /// Where bars stand: at zero.
    fn base(&self) -> f64 {
        self.y_px(0.0)
    }

    /// The bar of the `i`th bar series at `(x, y)`: its left and right edges
    /// (a gap of paper parts bars side by side) and its end. A bar that is
    /// not zero is at least 1 px tall, so that it shows.
    fn bar(&self, i: usize, (x, y): (f64, f64)) -> Bar {
        let inset = if self.bar_width >= 6.0 { 1.0 } else { 0.0 };
        let from = self.x_px(x) - self.slot / 2.0 + i as f64 * self.bar_width;
        let base = self.base();
        let end = match self.y_px(y) {
            end if y != 0.0 && (end - base).abs() < 1.0 => base - y.signum(),
            end => end,
        };
        Bar {
            from: from + inset,
            to: from + self.bar_width - inset,
            end,
        }
    }
}

/// Where a bar is drawn: from `from` to `to` across, from the base to `end`.
struct Bar {
    from: f64,
    to: f64,
    end: f64,
}
