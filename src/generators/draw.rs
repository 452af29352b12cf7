//! Drawing helpers shared by every generator: one cell size and palette for
//! boards, and the chart shapes the figures use (grouped bars, lines).
//!
//! Everything renders with plotters' SVG backend into a `String`, without system
//! fonts, so the same data gives the same bytes on every machine. Every drawing
//! carries a `<title>` and a `<desc>` (its text alternative).

use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Side of one board cell, in SVG units, in every board drawing.
pub const CELL: u32 = 28;

/// What a mark in a drawing means. Every filled or stroked element of a drawing
/// carries its role as `class="role-NAME"`; `templates/style.css` colours each
/// role in the light and the dark scheme, and the element's own `fill` or
/// `stroke` attribute is the role's light colour, for the drawing opened alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The drawing's background: the page's background.
    Paper,
    /// Text, grid lines and axes: the page's text colour.
    Ink,
    /// A free cell with no colour of its own.
    Free,
    /// A blocked, filled or removed cell.
    Blocked,
    /// A table cell that was not computed.
    Uncomputed,
    /// Chomp's poisoned square.
    Poison,
    /// A number already in a semigroup.
    Member,
    /// A move a test strikes out.
    Struck,
    /// A move that wins.
    Winning,
    /// A move that loses.
    Losing,
    /// Region, group or chart series `n` (taken modulo the eight series).
    Series(usize),
}

/// How many series colours there are: series `n` and `n + SERIES` look alike.
pub const SERIES: usize = 8;

/// Every role, each series once.
pub const ROLES: [Role; 10 + SERIES] = [
    Role::Paper,
    Role::Ink,
    Role::Free,
    Role::Blocked,
    Role::Uncomputed,
    Role::Poison,
    Role::Member,
    Role::Struck,
    Role::Winning,
    Role::Losing,
    Role::Series(0),
    Role::Series(1),
    Role::Series(2),
    Role::Series(3),
    Role::Series(4),
    Role::Series(5),
    Role::Series(6),
    Role::Series(7),
];

impl Role {
    /// The role's class in the SVG and in `style.css`.
    pub fn class(self) -> String {
        let name = match self {
            Role::Paper => "paper",
            Role::Ink => "ink",
            Role::Free => "free",
            Role::Blocked => "blocked",
            Role::Uncomputed => "uncomputed",
            Role::Poison => "poison",
            Role::Member => "member",
            Role::Struck => "struck",
            Role::Winning => "winning",
            Role::Losing => "losing",
            Role::Series(n) => return format!("role-series-{}", n % SERIES),
        };
        format!("role-{name}")
    }

    /// The role's colour in the light scheme, as `style.css` gives it.
    pub fn colour(self) -> RGBColor {
        let hex = match self {
            Role::Paper => 0xfdfcf9,
            Role::Ink => 0x1d1d1f,
            Role::Free => 0xf4f1ea,
            Role::Blocked => 0x333333,
            Role::Uncomputed => 0xd9d5cb,
            Role::Poison => 0x701828,
            Role::Member => 0x363b45,
            Role::Struck => 0xd9626b,
            Role::Winning => 0x2d9b3d,
            Role::Losing => 0x6b83da,
            Role::Series(n) => [
                0x588ac4, 0xc5732a, 0x4b9759, 0xc66d7e, 0x957db8, 0xa6824b, 0x3f949d, 0x8b8b35,
            ][n % SERIES],
        };
        RGBColor((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
    }

    /// Whether the role is told from its kind by hue alone: these all have
    /// the same lightness, in each scheme.
    fn hue_only(self) -> bool {
        matches!(
            self,
            Role::Struck | Role::Winning | Role::Losing | Role::Series(_)
        )
    }

    /// The role of text written on a cell of this role.
    fn on(self) -> Role {
        match self {
            Role::Blocked | Role::Member | Role::Poison => Role::Paper,
            _ => Role::Ink,
        }
    }
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

/// Gives every element that is filled or stroked with a colour the class of
/// that colour's role.
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
                out.push_str(&piece[..name_end]);
                out.push_str(&format!(" class=\"{}\"", role_of(colour).class()));
                out.push_str(&piece[name_end..]);
            }
            _ => out.push_str(piece),
        }
    }
    out
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
        root.fill(&Role::Paper.colour())
            .expect("fill an SVG string");
        draw(&root).expect("draw into an SVG string");
        root.present().expect("finish an SVG string");
    }
    classify(&svg)
}

/// A `rows` x `cols` board, cell (r, c) drawn as `cell(r, c)`, row 0 at the top.
pub fn board(
    rows: usize,
    cols: usize,
    cell: impl Fn(usize, usize) -> Role,
    title: &str,
    desc: &str,
) -> String {
    labelled_board(rows, cols, |r, c| (cell(r, c), String::new()), title, desc)
}

/// A board whose cells carry text: cell (r, c) is drawn as `cell(r, c)`, its
/// fill and a label centred in it (empty for none), row 0 at the top.
///
/// Roles that differ in hue alone carry cues besides their colour: a thick
/// line parts two such cells side by side, a struck cell is crossed out and
/// a winning cell's label is bold.
pub fn labelled_board(
    rows: usize,
    cols: usize,
    cell: impl Fn(usize, usize) -> (Role, String),
    title: &str,
    desc: &str,
) -> String {
    let pad = 2;
    let w = cols as u32 * CELL + 2 * pad;
    let h = rows as u32 * CELL + 2 * pad;
    let ink = Role::Ink.colour();
    let svg = render(w, h, |root| {
        for r in 0..rows {
            for c in 0..cols {
                let x = (pad + c as u32 * CELL) as i32;
                let y = (pad + r as u32 * CELL) as i32;
                let corners = [(x, y), (x + CELL as i32, y + CELL as i32)];
                let (kind, label) = cell(r, c);
                root.draw(&Rectangle::new(corners, kind.colour().filled()))?;
                root.draw(&Rectangle::new(corners, ink.stroke_width(1)))?;
                if kind == Role::Struck {
                    let cross = vec![(x, y + CELL as i32), (x + CELL as i32, y)];
                    root.draw(&PathElement::new(cross, ink.stroke_width(1)))?;
                }
                if !label.is_empty() {
                    let weight = match kind {
                        Role::Winning => FontStyle::Bold,
                        _ => FontStyle::Normal,
                    };
                    let style = ("sans-serif", 15, weight)
                        .into_font()
                        .color(&kind.on().colour())
                        .pos(Pos::new(HPos::Center, VPos::Center));
                    let centre = (x + CELL as i32 / 2, y + CELL as i32 / 2);
                    root.draw(&Text::new(label, centre, style))?;
                }
            }
        }
        // Two hues side by side: a thick line on their common edge.
        let parted = |a: (usize, usize), b: (usize, usize)| {
            let (one, other) = (cell(a.0, a.1).0, cell(b.0, b.1).0);
            one != other && one.hue_only() && other.hue_only()
        };
        let at = |n: usize| (pad + n as u32 * CELL) as i32;
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols && parted((r, c), (r, c + 1)) {
                    let edge = vec![(at(c + 1), at(r)), (at(c + 1), at(r + 1))];
                    root.draw(&PathElement::new(edge, ink.stroke_width(3)))?;
                }
                if r + 1 < rows && parted((r, c), (r + 1, c)) {
                    let edge = vec![(at(c), at(r + 1)), (at(c + 1), at(r + 1))];
                    root.draw(&PathElement::new(edge, ink.stroke_width(3)))?;
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
    let ink = Role::Ink.colour();
    let w = head + col_labels.len() as u32 * CELL + 2 * pad;
    let h = (row_labels.len() as u32 + 1) * CELL + 2 * pad;
    let svg = render(w, h, |root| {
        let font = ("sans-serif", 14).into_font().color(&ink);
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
        let put = |row: usize, col: usize, text: &str, shade: Role| {
            let (x, y, width) = cell_box(row, col);
            let corners = [(x, y), (x + width, y + CELL as i32)];
            root.draw(&Rectangle::new(corners, shade.colour().filled()))?;
            root.draw(&Rectangle::new(corners, ink.stroke_width(1)))?;
            if text.is_empty() {
                return Ok(());
            }
            let centre = (x + width / 2, y + CELL as i32 / 2);
            root.draw(&Text::new(text.to_string(), centre, centred.clone()))
        };
        put(0, 0, corner, Role::Paper)?;
        for (j, label) in col_labels.iter().enumerate() {
            put(0, j + 1, label, Role::Paper)?;
        }
        for (i, label) in row_labels.iter().enumerate() {
            put(i + 1, 0, label, Role::Paper)?;
            for j in 0..col_labels.len() {
                let text = cells
                    .get(i)
                    .and_then(|row| row.get(j))
                    .map_or("", String::as_str);
                put(
                    i + 1,
                    j + 1,
                    text,
                    if text.is_empty() {
                        Role::Uncomputed
                    } else {
                        Role::Free
                    },
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
    /// Row-major, `rows * cols` entries; [`Role::Paper`] cells are not drawn.
    pub cells: Vec<Role>,
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
    let ink = Role::Ink.colour();
    let svg = render(width, height, |root| {
        let font = ("sans-serif", 10).into_font().color(&ink);
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
                    if cell != Role::Paper {
                        root.draw(&Rectangle::new(corners, cell.colour().filled()))?;
                        root.draw(&Rectangle::new(corners, ink.stroke_width(1)))?;
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

/// Draws axes, ticks, labels and mesh lines in ink.
fn inked<'m, 'a, 'b, X: Ranged, Y: Ranged, DB: DrawingBackend>(
    mesh: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
) -> &'m mut MeshStyle<'a, 'b, X, Y, DB> {
    let ink = Role::Ink.colour();
    mesh.axis_style(ink)
        .bold_line_style(ink.mix(0.2))
        .light_line_style(ink.mix(0.1))
        .label_style(("sans-serif", 12).into_font().color(&ink))
}

/// The style of the title above a chart: ink.
fn heading() -> TextStyle<'static> {
    ("sans-serif", 16).into_font().color(&Role::Ink.colour())
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
            .border_style(Role::Ink.colour())
            .background_style(Role::Paper.colour())
            .label_font(("sans-serif", 12).into_font().color(&Role::Ink.colour()))
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
            .caption(title, heading())
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5..groups as f64 - 0.5, 0.0..top)?;
        inked(&mut chart.configure_mesh())
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
            let colour = Role::Series(k).colour();
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
            .caption(title, heading())
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
            inked(&mut chart.configure_mesh())
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
            inked(&mut chart.configure_mesh())
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
        let colour = Role::Series(k).colour();
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
                    Role::Blocked
                } else {
                    Role::Series(c)
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
            |_, c| (Role::Free, if c == 0 { "17".into() } else { String::new() }),
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
            cells: vec![Role::Free, Role::Paper],
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

    /// The colour `style.css` gives `class` in the light scheme (before the
    /// dark block) or in the dark one, custom properties resolved.
    fn css_colour(class: &str, dark: bool) -> Option<String> {
        let css = include_str!("../../templates/style.css");
        let (light, rest) = css.split_once("@media screen and (prefers-color-scheme: dark)")?;
        let part = if dark {
            rest.split("\n}\n").next()?
        } else {
            light
        };
        let rule = format!(".{class} {{ --c: ");
        let value = part.split_once(&rule)?.1.split_once(';')?.0;
        match value.strip_prefix("var(") {
            Some(var) => {
                let var = var.trim_end_matches(')');
                let at = light.find(&format!("{var}: "))? + var.len() + 2;
                Some(light[at..].split(';').next()?.to_string())
            }
            None => Some(value.to_string()),
        }
    }

    #[test]
    fn style_css_colours_every_role_and_its_light_colour_is_the_fallback() {
        for role in ROLES {
            let RGBColor(r, g, b) = role.colour();
            let fallback = format!("#{r:02x}{g:02x}{b:02x}");
            assert_eq!(
                css_colour(&role.class(), false).as_deref(),
                Some(fallback.as_str()),
                "{role:?}"
            );
            // The page's own background and text carry their dark values.
            if !matches!(role, Role::Paper | Role::Ink) {
                assert!(css_colour(&role.class(), true).is_some(), "{role:?}");
            }
        }
    }

    #[test]
    fn roles_have_distinct_colours_and_classes() {
        for (i, a) in ROLES.iter().enumerate() {
            for b in &ROLES[i + 1..] {
                assert_ne!(a.colour(), b.colour(), "{a:?} and {b:?}");
                assert_ne!(a.class(), b.class());
            }
        }
        assert_eq!(Role::Series(SERIES + 1).class(), Role::Series(1).class());
    }

    #[test]
    fn every_coloured_mark_carries_its_role() {
        let svg = labelled_board(
            1,
            3,
            |_, c| match c {
                0 => (Role::Member, "3".into()),
                1 => (Role::Winning, "4".into()),
                _ => (Role::Losing, "5".into()),
            },
            "t",
            "d",
        );
        assert!(svg.contains("<rect class=\"role-member\""), "{svg}");
        assert!(svg.contains("<rect class=\"role-winning\""), "{svg}");
        // The two hues meet on a thick line; the winning label is bold.
        assert!(svg.contains("stroke-width=\"3\""), "{svg}");
        assert!(svg.contains("font-weight=\"bold\""), "{svg}");
        // Text on the member cell is written in the paper's colour, on the
        // winning one in ink.
        assert!(svg.contains("<text class=\"role-paper\""), "{svg}");
        assert!(svg.contains("<text class=\"role-ink\""), "{svg}");
        let line = |name| Series {
            name,
            points: vec![(1.0, 1.0), (2.0, 3.0)],
        };
        let chart = lines("t", "d", ("x", "y"), &[line("a"), line("b")], false);
        for tag in chart.split('<').skip(1) {
            let tag = tag.split('>').next().unwrap_or_default();
            let coloured = tag.contains("=\"#");
            assert_eq!(coloured, tag.contains(" class=\"role-"), "{tag}");
        }
        assert!(chart.contains("role-series-1"));
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
