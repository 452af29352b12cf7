//! Drawing helpers shared by every generator: one cell size and palette for
//! boards, and the chart shapes the figures use (grouped bars, lines).
//!
//! Everything renders with plotters' SVG backend into a `String`, without system
//! fonts, so the same data gives the same bytes on every machine. Every drawing
//! carries a `<title>` and a `<desc>` (its text alternative).

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Side of one board cell, in SVG units, in every board drawing.
pub const CELL: u32 = 28;

/// The palette: region and series colours, in order.
pub const PALETTE: [RGBColor; 8] = [
    RGBColor(0x3b, 0x6e, 0xa8),
    RGBColor(0xd0, 0x7a, 0x2c),
    RGBColor(0x4c, 0x9a, 0x5a),
    RGBColor(0xb4, 0x46, 0x5a),
    RGBColor(0x7b, 0x5e, 0xa7),
    RGBColor(0x8c, 0x6d, 0x3f),
    RGBColor(0x3f, 0x93, 0x9c),
    RGBColor(0x9a, 0x9a, 0x3a),
];
/// Blocked or removed cells.
pub const BLOCKED: RGBColor = RGBColor(0x44, 0x44, 0x44);
/// Free cells with no colour of their own.
pub const FREE: RGBColor = RGBColor(0xf4, 0xf1, 0xea);
/// Grid lines and text.
pub const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);

/// What one board cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Blocked,
    Free,
    /// Free and coloured with palette entry `n` (taken modulo the palette).
    Colour(usize),
}

fn fill(cell: Cell) -> RGBColor {
    match cell {
        Cell::Blocked => BLOCKED,
        Cell::Free => FREE,
        Cell::Colour(n) => PALETTE[n % PALETTE.len()],
    }
}

/// Adds the title and text alternative to a finished SVG and makes it scalable.
pub fn finish(svg: String, title: &str, desc: &str) -> String {
    let Some(open_end) = svg
        .find("<svg")
        .and_then(|start| svg[start..].find('>').map(|e| start + e + 1))
    else {
        return svg;
    };
    let (head, body) = svg.split_at(open_end);
    let head = head.replacen("<svg ", "<svg role=\"img\" ", 1);
    format!(
        "{head}\n<title>{}</title>\n<desc>{}</desc>{body}",
        escape(title),
        escape(desc)
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Renders into a string through `draw`, which gets the whole drawing area.
fn render(
    width: u32,
    height: u32,
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), Box<dyn std::error::Error>>,
) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).expect("fill an SVG string");
        draw(&root).expect("draw into an SVG string");
        root.present().expect("finish an SVG string");
    }
    svg
}

/// A `rows` x `cols` board, cell (r, c) drawn as `cell(r, c)`, row 0 at the top.
pub fn board(
    rows: usize,
    cols: usize,
    cell: impl Fn(usize, usize) -> Cell,
    title: &str,
    desc: &str,
) -> String {
    labelled_board(rows, cols, |r, c| (cell(r, c), String::new()), title, desc)
}

/// A board whose cells carry text: cell (r, c) is drawn as `cell(r, c)`, its
/// fill and a label centred in it (empty for none), row 0 at the top.
pub fn labelled_board(
    rows: usize,
    cols: usize,
    cell: impl Fn(usize, usize) -> (Cell, String),
    title: &str,
    desc: &str,
) -> String {
    let pad = 2;
    let w = cols as u32 * CELL + 2 * pad;
    let h = rows as u32 * CELL + 2 * pad;
    let svg = render(w, h, |root| {
        for r in 0..rows {
            for c in 0..cols {
                let x = (pad + c as u32 * CELL) as i32;
                let y = (pad + r as u32 * CELL) as i32;
                let corners = [(x, y), (x + CELL as i32, y + CELL as i32)];
                let (kind, label) = cell(r, c);
                root.draw(&Rectangle::new(corners, fill(kind).filled()))?;
                root.draw(&Rectangle::new(corners, INK.stroke_width(1)))?;
                if !label.is_empty() {
                    let colour = if kind == Cell::Free { INK } else { WHITE };
                    let style = ("sans-serif", 15)
                        .into_font()
                        .color(&colour)
                        .pos(Pos::new(HPos::Center, VPos::Center));
                    let centre = (x + CELL as i32 / 2, y + CELL as i32 / 2);
                    root.draw(&Text::new(label, centre, style))?;
                }
            }
        }
        Ok(())
    });
    finish(svg, title, desc)
}

/// A table of short values: `cells[i][j]` in row `i` and column `j`, empty
/// strings left blank, headed by `row_labels` down the left and `col_labels`
/// along the top, with `corner` in the top-left cell. Cells are [`CELL`] high.
pub fn value_table(
    title: &str,
    desc: &str,
    corner: &str,
    row_labels: &[String],
    col_labels: &[String],
    cells: &[Vec<String>],
) -> String {
    let (pad, head) = (2u32, 2 * CELL);
    let w = head + col_labels.len() as u32 * CELL + 2 * pad;
    let h = (row_labels.len() as u32 + 1) * CELL + 2 * pad;
    let svg = render(w, h, |root| {
        let font = ("sans-serif", 14).into_font().color(&INK);
        let centred = font.pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Center,
            plotters::style::text_anchor::VPos::Center,
        ));
        // (x, y, width) of a cell's box: column 0 is the header column.
        let cell_box = |row: usize, col: usize| {
            let x = if col == 0 {
                0
            } else {
                head + (col as u32 - 1) * CELL
            };
            let width = if col == 0 { head } else { CELL };
            (
                (pad + x) as i32,
                (pad + row as u32 * CELL) as i32,
                width as i32,
            )
        };
        let put = |row: usize, col: usize, text: &str, shade: RGBColor| {
            let (x, y, width) = cell_box(row, col);
            let corners = [(x, y), (x + width, y + CELL as i32)];
            root.draw(&Rectangle::new(corners, shade.filled()))?;
            root.draw(&Rectangle::new(corners, INK.stroke_width(1)))?;
            if text.is_empty() {
                return Ok(());
            }
            let centre = (x + width / 2, y + CELL as i32 / 2);
            root.draw(&Text::new(text.to_string(), centre, centred.clone()))
        };
        put(0, 0, corner, WHITE)?;
        for (j, label) in col_labels.iter().enumerate() {
            put(0, j + 1, label, WHITE)?;
        }
        for (i, label) in row_labels.iter().enumerate() {
            put(i + 1, 0, label, WHITE)?;
            for j in 0..col_labels.len() {
                let text = cells
                    .get(i)
                    .and_then(|row| row.get(j))
                    .map_or("", String::as_str);
                put(
                    i + 1,
                    j + 1,
                    text,
                    if text.is_empty() { BLOCKED } else { FREE },
                )?;
            }
        }
        Ok(())
    });
    finish(svg, title, desc)
}

/// One small board of a [`tiles`] drawing, with lines of text under it.
pub struct Tile {
    pub rows: usize,
    pub cols: usize,
    /// Row-major, `rows * cols` entries.
    pub cells: Vec<Cell>,
    pub label: Vec<String>,
}

/// Side of one cell in a [`tiles`] drawing.
pub const SMALL_CELL: u32 = CELL / 4;

/// Small multiples: rows of small boards, each with its label underneath.
/// Every tile gets the same slot, sized for the largest board and label.
pub fn tiles(title: &str, desc: &str, rows: &[Vec<Tile>]) -> String {
    const LINE: u32 = 11;
    const GAP: u32 = 8;
    let all = || rows.iter().flatten();
    let board_w = all().map(|t| t.cols as u32).max().unwrap_or(1) * SMALL_CELL;
    let board_h = all().map(|t| t.rows as u32).max().unwrap_or(1) * SMALL_CELL;
    let lines = all().map(|t| t.label.len() as u32).max().unwrap_or(0);
    let chars = all()
        .flat_map(|t| t.label.iter().map(|l| l.chars().count() as u32))
        .max()
        .unwrap_or(0);
    let slot_w = board_w.max(chars * 6) + GAP;
    let slot_h = board_h + lines * LINE + GAP;
    let per_row = rows.iter().map(Vec::len).max().unwrap_or(1).max(1) as u32;
    let width = per_row * slot_w + GAP;
    let height = rows.len().max(1) as u32 * slot_h + GAP;
    let svg = render(width, height, |root| {
        let font = ("sans-serif", 10).into_font().color(&INK);
        for (i, row) in rows.iter().enumerate() {
            for (j, tile) in row.iter().enumerate() {
                let x0 = (GAP + j as u32 * slot_w) as i32;
                let y0 = (GAP + i as u32 * slot_h) as i32;
                let s = SMALL_CELL as i32;
                for (k, &cell) in tile.cells.iter().enumerate() {
                    let (r, c) = ((k / tile.cols.max(1)) as i32, (k % tile.cols.max(1)) as i32);
                    let corners = [
                        (x0 + c * s, y0 + r * s),
                        (x0 + (c + 1) * s, y0 + (r + 1) * s),
                    ];
                    if cell != Cell::Blocked {
                        root.draw(&Rectangle::new(corners, fill(cell).filled()))?;
                        root.draw(&Rectangle::new(corners, INK.stroke_width(1)))?;
                    }
                }
                for (n, line) in tile.label.iter().enumerate() {
                    let y = y0 + (board_h + 2 + n as u32 * LINE) as i32;
                    root.draw(&Text::new(line.clone(), (x0, y), font.clone()))?;
                }
            }
        }
        Ok(())
    });
    finish(svg, title, desc)
}

/// One named series of a chart.
pub struct Series<'a, T> {
    pub name: &'a str,
    pub points: Vec<T>,
}

/// Whether `v` is a whole number, up to rounding error.
fn is_whole(v: f64) -> bool {
    (v - v.round()).abs() < 1e-9 * v.abs().max(1.0)
}

/// A tick label: whole numbers without a decimal point, other values to four
/// significant digits (all of their whole part kept).
fn tick(v: f64) -> String {
    if is_whole(v) {
        // Adding zero turns -0 into 0.
        return format!("{:.0}", v.round() + 0.0);
    }
    let places = (3 - v.abs().log10().floor() as i32).clamp(0, 15) as usize;
    let s = format!("{v:.places$}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A tick label on an axis whose data are all whole numbers when `whole`:
/// ticks between whole numbers are left blank.
fn whole_tick(v: f64, whole: bool) -> String {
    match whole && !is_whole(v) {
        true => String::new(),
        false => tick(v),
    }
}

/// A tick label on a log axis: only 1, 2 and 5 times a power of ten are
/// labelled, so the labels never crowd.
fn log_tick(v: f64) -> String {
    let mantissa = v / 10f64.powf(v.log10().floor());
    match [1.0, 2.0, 5.0].iter().any(|m| (mantissa - m).abs() < 1e-6) {
        true => tick(v),
        false => String::new(),
    }
}

/// The share of the plot's height the legend of `series` takes at its top
/// right: the data are scaled to stay below it.
fn legend_share(series: usize) -> f64 {
    match series {
        0 | 1 => 0.1,
        n => ((24.0 + 18.0 * n as f64) / 270.0).min(0.5),
    }
}

/// Draws the legend at the top right, when there are several series.
fn legend<'b, CT: CoordTranslate>(
    chart: &mut ChartContext<'b, SVGBackend<'b>, CT>,
    series: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    if series > 1 {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .border_style(INK)
            .background_style(WHITE)
            .draw()?;
    }
    Ok(())
}

/// Grouped bars: one group per label (centred under its group), one bar per
/// series in each group; the legend is drawn when there are several series.
pub fn bars(
    title: &str,
    desc: &str,
    labels: &[String],
    y_label: &str,
    series: &[Series<'_, f64>],
) -> String {
    let groups = labels.len().max(1);
    let per = series.len().max(1);
    let top = series
        .iter()
        .flat_map(|s| s.points.iter().copied())
        .fold(0.0f64, f64::max)
        .max(1.0)
        / (1.0 - legend_share(series.len()));
    let svg = render(640, 360, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 16))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5..groups as f64 - 0.5, 0.0..top)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .max_light_lines(0)
            .x_labels(groups)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-9 && i >= 0.0 {
                    labels.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|y| tick(*y))
            .y_desc(y_label)
            .draw()?;
        for (k, s) in series.iter().enumerate() {
            let colour = PALETTE[k % PALETTE.len()];
            let width = 0.8 / per as f64;
            chart
                .draw_series(s.points.iter().enumerate().map(|(i, &v)| {
                    let x0 = i as f64 - 0.4 + k as f64 * width;
                    Rectangle::new([(x0, 0.0), (x0 + width, v)], colour.filled())
                }))?
                .label(s.name)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled())
                });
        }
        legend(&mut chart, series.len())
    });
    finish(svg, title, desc)
}

/// Lines with markers through (x, y) points; `log_y` puts y on a log scale
/// (every y must then be positive). When every x is a whole number, only
/// whole numbers are labelled on the x axis.
pub fn lines(
    title: &str,
    desc: &str,
    (x_label, y_label): (&str, &str),
    series: &[Series<'_, (f64, f64)>],
    log_y: bool,
) -> String {
    let xs = || series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let ys = || series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
    let x_min = xs().fold(f64::INFINITY, f64::min);
    let x_max = xs().fold(f64::NEG_INFINITY, f64::max);
    let y_min = ys().fold(f64::INFINITY, f64::min);
    let y_max = ys().fold(f64::NEG_INFINITY, f64::max);
    let (x_min, x_max) = if x_min.is_finite() {
        (x_min - 0.5, x_max + 0.5)
    } else {
        (0.0, 1.0)
    };
    let whole_xs = xs().all(is_whole);
    let whole_ys = ys().all(is_whole);
    let x_ticks = match whole_xs {
        true => ((x_max - x_min) as usize).clamp(1, 12),
        false => 10,
    };
    let x_tick = |x: &f64| whole_tick(*x, whole_xs);
    let y_tick = |y: &f64| whole_tick(*y, whole_ys);
    // The data stay below the legend: the top of the y range is raised by its share.
    let room = 1.0 / (1.0 - legend_share(series.len()));
    let svg = render(640, 360, |root| {
        let mut builder = ChartBuilder::on(root);
        builder
            .caption(title, ("sans-serif", 16))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(70);
        if log_y {
            let (lo, hi) = if y_min.is_finite() {
                let lo = y_min / 2.0;
                // At least a factor of two above the data, so a label fits.
                (lo, (lo * (y_max / lo).powf(room)).max(y_max * 2.0))
            } else {
                (1.0, 10.0)
            };
            let mut chart = builder.build_cartesian_2d(x_min..x_max, (lo..hi).log_scale())?;
            chart
                .configure_mesh()
                .max_light_lines(0)
                .x_labels(x_ticks)
                .x_label_formatter(&x_tick)
                .y_label_formatter(&|y| log_tick(*y))
                .x_desc(x_label)
                .y_desc(y_label)
                .draw()?;
            draw_lines(&mut chart, series)
        } else {
            let (lo, hi) = if y_min.is_finite() {
                let lo = y_min.min(0.0);
                (lo, lo + (y_max - lo) * room + 1e-9)
            } else {
                (0.0, 1.0)
            };
            let mut chart = builder.build_cartesian_2d(x_min..x_max, lo..hi)?;
            let y_ticks = match whole_ys {
                true => ((hi - lo) as usize + 1).clamp(2, 10),
                false => 10,
            };
            chart
                .configure_mesh()
                .max_light_lines(0)
                .x_labels(x_ticks)
                .y_labels(y_ticks)
                .x_label_formatter(&x_tick)
                .y_label_formatter(&y_tick)
                .x_desc(x_label)
                .y_desc(y_label)
                .draw()?;
            draw_lines(&mut chart, series)
        }
    });
    finish(svg, title, desc)
}

fn draw_lines<'b, Y>(
    chart: &mut ChartContext<
        'b,
        SVGBackend<'b>,
        Cartesian2d<plotters::coord::types::RangedCoordf64, Y>,
    >,
    series: &[Series<'_, (f64, f64)>],
) -> Result<(), Box<dyn std::error::Error>>
where
    Y: Ranged<ValueType = f64>,
{
    for (k, s) in series.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        // Earlier series are drawn wider, so lines that coincide stay visible.
        let stroke = colour.stroke_width(2 + 2 * (series.len() - 1 - k) as u32);
        chart
            .draw_series(LineSeries::new(s.points.iter().copied(), stroke))?
            .label(s.name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], stroke));
        chart.draw_series(s.points.iter().map(|&p| Circle::new(p, 3, colour.filled())))?;
    }
    legend(chart, series.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_has_title_desc_and_one_rect_pair_per_cell() {
        let svg = board(
            2,
            3,
            |r, c| {
                if r == c {
                    Cell::Blocked
                } else {
                    Cell::Colour(c)
                }
            },
            "T & t",
            "D",
        );
        assert!(svg.contains("<title>T &amp; t</title>"), "{svg}");
        assert!(svg.contains("<desc>D</desc>"));
        assert!(svg.contains("role=\"img\""));
        assert!(svg.matches("<rect").count() >= 12);
    }

    #[test]
    fn labelled_board_writes_its_labels() {
        let svg = labelled_board(
            1,
            2,
            |_, c| (Cell::Free, if c == 0 { "17".into() } else { String::new() }),
            "t",
            "d",
        );
        assert!(svg.contains(">\n17\n</text>"), "{svg}");
        assert_eq!(svg.matches("<text").count(), 1);
    }

    #[test]
    fn bars_label_every_group() {
        let labels: Vec<String> = (1..=7).map(|d| format!("g{d}")).collect();
        let one = Series {
            name: "n",
            points: vec![1.0; 7],
        };
        let svg = bars("t", "d", &labels, "y", &[one]);
        for label in &labels {
            assert!(svg.contains(&format!(">\n{label}\n<")), "{label} missing");
        }
    }

    #[test]
    fn ticks_show_whole_numbers_without_a_point() {
        assert_eq!(tick(700.0), "700");
        assert_eq!(tick(18000.0), "18000");
        assert_eq!(tick(-3.0), "-3");
        assert_eq!(tick(0.125), "0.125");
        assert_eq!(tick(2.5), "2.5");
        assert_eq!(tick(-1e-17), "0");
        assert_eq!(tick(0.0001), "0.0001");
        assert_eq!(tick(0.00025), "0.00025");
        assert_eq!(tick(3.0000000000000004), "3");
        assert_eq!(whole_tick(3.0000000000000004, true), "3");
        assert_eq!(whole_tick(2.5, true), "");
        assert_eq!(whole_tick(2.0, true), "2");
        assert_eq!(log_tick(20.0), "20");
        assert_eq!(log_tick(5000.0), "5000");
        assert_eq!(log_tick(30.0), "");
    }

    /// The texts of a drawing's `<text>` elements.
    fn texts(svg: &str) -> Vec<&str> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| Some(t.split_once(">\n")?.1.split_once("\n<")?.0))
            .collect()
    }

    #[test]
    fn charts_of_whole_numbers_label_whole_numbers() {
        let labels: Vec<String> = ["a", "b"].map(String::from).to_vec();
        let series = |name| Series {
            name,
            points: vec![700.0, 3.0],
        };
        let svg = bars("t", "d", &labels, "y", &[series("one"), series("two")]);
        let shown = texts(&svg);
        assert!(shown.contains(&"700"), "{shown:?}");
        assert!(shown.iter().all(|t| !t.contains('.')), "{shown:?}");
        let line = |name| Series {
            name,
            points: vec![(1.0, 0.0), (2.0, 1.0), (3.0, 2.0)],
        };
        let svg = lines("t", "d", ("x", "y"), &[line("p"), line("q")], false);
        let shown = texts(&svg);
        assert!(shown.contains(&"2") && shown.contains(&"3"), "{shown:?}");
        assert!(shown.iter().all(|t| !t.contains('.')), "{shown:?}");
    }

    #[test]
    fn tiles_draw_free_cells_and_labels() {
        let tile = |label: &str| Tile {
            rows: 1,
            cols: 2,
            cells: vec![Cell::Free, Cell::Blocked],
            label: vec![label.to_string()],
        };
        let svg = tiles(
            "T",
            "D",
            &[vec![tile("one"), tile("two")], vec![tile("three")]],
        );
        assert!(svg.contains("<title>T</title>"));
        assert_eq!(svg.matches("<rect").count(), 1 + 3 * 2);
        assert!(svg.contains("three"));
    }

    #[test]
    fn drawings_are_deterministic() {
        let s = || Series {
            name: "a",
            points: vec![(1.0, 10.0), (2.0, 1000.0)],
        };
        let a = lines("t", "d", ("x", "y"), &[s()], true);
        let b = lines("t", "d", ("x", "y"), &[s()], true);
        assert_eq!(a, b);
        let labels = vec!["x".to_string(), "y".to_string()];
        let bar = |v: f64| Series {
            name: "n",
            points: vec![v, 2.0],
        };
        assert_eq!(
            bars("t", "d", &labels, "y", &[bar(1.0)]),
            bars("t", "d", &labels, "y", &[bar(1.0)])
        );
    }
}
