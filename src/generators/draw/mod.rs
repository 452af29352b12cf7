//! The figure vocabulary: what a generator's view is ([`Drawing`]: a chart, a
//! board, a table or a catalogue of small shapes) and how each kind is
//! rendered, once, for every generator ([`Drawing::render`]).
//!
//! A view is built from a run's data alone; rendering it gives the figure's
//! body (inline SVG or HTML) and, where it has them, the values it shows as a
//! [`Table`] (the figure's `<details>` table and its CSV). Every mark carries
//! the class of its [`Role`]; `templates/style.css` colours the roles in the
//! light and the dark scheme.
//!
//! Charts render with plotters' SVG backend into a `String`, without system
//! fonts, so the same data gives the same bytes on every machine.

mod html;

pub use html::{Table, display};

/// One view of a run's data, in the site's figure vocabulary.
#[derive(Clone, Debug, PartialEq)]
pub enum Drawing {
    Chart(Chart),
    Board(Board),
    Table(Table),
    Catalogue(Catalogue),
}

/// A chart of numbered series against one x axis.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub x: Axis,
    pub y: Axis,
    pub series: Vec<Series>,
}

/// An axis: its title and its scale.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub title: String,
    pub scale: Scale,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Scale {
    Linear,
    /// Logarithmic; every value on it must be positive.
    Log,
    /// Named categories, at x = 0, 1, 2, ... (bars).
    Categories(Vec<String>),
}

/// One named series of (x, y) points and how they are marked.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub mark: Mark,
    pub points: Vec<(f64, f64)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Points alone: a discrete series.
    Points,
    /// Points joined by a line: a series over a continuum.
    Line,
    /// Bars, one per category, side by side with the other bar series.
    Bars,
}

/// A board of cells, each drawn in its role's colour with an optional label,
/// with optional row and column headings and a legend naming its roles.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    /// Row-major, `rows * cols` roles; [`Role::Paper`] cells are not drawn.
    pub cells: Vec<Role>,
    /// Row-major labels, or empty for none.
    pub labels: Vec<String>,
    /// Headings left of each row and above each column (empty for none).
    pub row_labels: Vec<String>,
    pub col_labels: Vec<String>,
    /// What each role drawn means, shown under the board.
    pub legend: Vec<(Role, String)>,
    /// The numbers the board shows, when it shows numbers.
    pub values: Option<Table>,
}

impl Board {
    /// A board with `cell(r, c)` for each cell, no labels, headings or legend.
    pub fn new(rows: usize, cols: usize, cell: impl Fn(usize, usize) -> Role) -> Board {
        Board {
            rows,
            cols,
            cells: (0..rows * cols).map(|i| cell(i / cols, i % cols)).collect(),
            labels: Vec::new(),
            row_labels: Vec::new(),
            col_labels: Vec::new(),
            legend: Vec::new(),
            values: None,
        }
    }
}

/// Many small shapes, each with its values, in groups.
#[derive(Clone, Debug, PartialEq)]
pub struct Catalogue {
    /// The names of the values every item carries (the CSV's header).
    pub columns: Vec<String>,
    pub groups: Vec<Group>,
}

/// A group of a catalogue, under its heading (empty for none).
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub heading: String,
    pub items: Vec<Item>,
}

/// One shape of a catalogue with its values, some of them marked.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub shape: Board,
    pub values: Vec<serde_json::Value>,
    /// Indices into `values` to mark (the values that differ in a group).
    pub marked: Vec<usize>,
}

/// A rendered view.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rendered {
    /// Inline SVG or HTML.
    pub body: String,
    /// Whether the body is a picture (it then takes the figure's alt text
    /// and its values are shown in a `<details>` table under it).
    pub picture: bool,
    /// The values the view shows: its CSV.
    pub values: Option<Table>,
}

impl Drawing {
    /// Renders the view.
    pub fn render(&self) -> Rendered {
        match self {
            Drawing::Chart(chart) => Rendered {
                body: chart_svg(chart),
                picture: true,
                values: Some(chart.values()),
            },
            Drawing::Board(board) => Rendered {
                body: board_html(board),
                picture: true,
                values: board.values.clone(),
            },
            Drawing::Table(table) => Rendered {
                body: table.to_html(),
                picture: false,
                values: Some(table.clone()),
            },
            Drawing::Catalogue(catalogue) => Rendered {
                body: html::catalogue(catalogue, &|shape| board_svg(shape, SMALL_CELL)),
                picture: false,
                values: Some(catalogue.values()),
            },
        }
    }
}

impl Chart {
    /// The values the chart plots: one row per x, one column per series.
    pub fn values(&self) -> Table {
        let mut xs: Vec<f64> = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        let number = |v: f64| match is_whole(v) && v.abs() < 9e15 {
            true => serde_json::Value::from(v.round() as i64),
            false => serde_json::Value::from(v),
        };
        let x_cell = |x: f64| match &self.x.scale {
            Scale::Categories(names) => names
                .get(x.round() as usize)
                .map_or(serde_json::Value::Null, |n| n.clone().into()),
            _ => number(x),
        };
        Table {
            columns: std::iter::once(self.x.title.clone())
                .chain(self.series.iter().map(|s| s.name.clone()))
                .collect(),
            rows: xs
                .iter()
                .map(|&x| {
                    std::iter::once(x_cell(x))
                        .chain(self.series.iter().map(|s| {
                            s.points
                                .iter()
                                .find(|p| p.0 == x)
                                .map_or(serde_json::Value::Null, |p| number(p.1))
                        }))
                        .collect()
                })
                .collect(),
        }
    }
}

impl Catalogue {
    /// Every item's values, after its group's heading when there are headings.
    pub fn values(&self) -> Table {
        let grouped = self.groups.iter().any(|g| !g.heading.is_empty());
        let head = grouped.then(|| "group".to_string());
        Table {
            columns: head.into_iter().chain(self.columns.clone()).collect(),
            rows: self
                .groups
                .iter()
                .flat_map(|g| {
                    g.items.iter().map(move |item| {
                        let head = grouped.then(|| g.heading.clone().into());
                        head.into_iter().chain(item.values.clone()).collect()
                    })
                })
                .collect(),
        }
    }
}

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

/// Side of one cell in a catalogue's small drawings.
pub const SMALL_CELL: u32 = 10;

/// A board as SVG with cells of side `cell`: its headings in the first row
/// and column when it has them, each cell in its role's colour with its label.
///
/// Roles that differ in hue alone carry cues besides their colour: a thick
/// line parts two such cells side by side, a struck cell is crossed out and
/// a winning cell's label is bold.
fn board_svg(board: &Board, cell: u32) -> String {
    let pad = 2;
    let left = if board.row_labels.is_empty() {
        0
    } else {
        2 * cell
    };
    let top = if board.col_labels.is_empty() { 0 } else { cell };
    let w = left + board.cols as u32 * cell + 2 * pad;
    let h = top + board.rows as u32 * cell + 2 * pad;
    let ink = Role::Ink.colour();
    let role = |r: usize, c: usize| board.cells[r * board.cols + c];
    let label = |r: usize, c: usize| {
        board
            .labels
            .get(r * board.cols + c)
            .map_or("", String::as_str)
    };
    let x_at = |c: usize| (pad + left + c as u32 * cell) as i32;
    let y_at = |r: usize| (pad + top + r as u32 * cell) as i32;
    let size = cell as i32;
    let centred = |colour: RGBColor, weight: FontStyle| {
        ("sans-serif", 15, weight)
            .into_font()
            .color(&colour)
            .pos(Pos::new(HPos::Center, VPos::Center))
    };
    render(w, h, |root| {
        for (c, text) in board.col_labels.iter().enumerate() {
            let at = (x_at(c) + size / 2, (pad + top / 2) as i32);
            root.draw(&Text::new(
                text.clone(),
                at,
                centred(ink, FontStyle::Normal),
            ))?;
        }
        for (r, text) in board.row_labels.iter().enumerate() {
            let at = ((pad + left / 2) as i32, y_at(r) + size / 2);
            root.draw(&Text::new(
                text.clone(),
                at,
                centred(ink, FontStyle::Normal),
            ))?;
        }
        for r in 0..board.rows {
            for c in 0..board.cols {
                let kind = role(r, c);
                if kind == Role::Paper {
                    continue;
                }
                let (x, y) = (x_at(c), y_at(r));
                let corners = [(x, y), (x + size, y + size)];
                root.draw(&Rectangle::new(corners, kind.colour().filled()))?;
                root.draw(&Rectangle::new(corners, ink.stroke_width(1)))?;
                if kind == Role::Struck {
                    let cross = vec![(x, y + size), (x + size, y)];
                    root.draw(&PathElement::new(cross, ink.stroke_width(1)))?;
                }
                let text = label(r, c);
                if !text.is_empty() {
                    let weight = match kind {
                        Role::Winning => FontStyle::Bold,
                        _ => FontStyle::Normal,
                    };
                    let centre = (x + size / 2, y + size / 2);
                    let style = centred(kind.on().colour(), weight);
                    root.draw(&Text::new(text.to_string(), centre, style))?;
                }
            }
        }
        // Two hues side by side: a thick line on their common edge.
        let parted = |a: Role, b: Role| a != b && a.hue_only() && b.hue_only();
        for r in 0..board.rows {
            for c in 0..board.cols {
                if c + 1 < board.cols && parted(role(r, c), role(r, c + 1)) {
                    let edge = vec![(x_at(c + 1), y_at(r)), (x_at(c + 1), y_at(r + 1))];
                    root.draw(&PathElement::new(edge, ink.stroke_width(3)))?;
                }
                if r + 1 < board.rows && parted(role(r, c), role(r + 1, c)) {
                    let edge = vec![(x_at(c), y_at(r + 1)), (x_at(c + 1), y_at(r + 1))];
                    root.draw(&PathElement::new(edge, ink.stroke_width(3)))?;
                }
            }
        }
        Ok(())
    })
}

/// A board at full size, with its legend under it.
fn board_html(board: &Board) -> String {
    let mut out = board_svg(board, CELL);
    if !board.legend.is_empty() {
        out.push_str("\n<ul class=\"legend\">");
        for (role, meaning) in &board.legend {
            out.push_str(&format!(
                "<li><span class=\"{} swatch\"></span>{}</li>",
                role.class(),
                html::escape(meaning)
            ));
        }
        out.push_str("</ul>");
    }
    out
}

/// A chart as SVG.
fn chart_svg(chart: &Chart) -> String {
    match &chart.x.scale {
        Scale::Categories(labels) => bars(labels, &chart.y.title, &chart.series),
        _ => lines(
            (&chart.x.title, &chart.y.title),
            &chart.series,
            chart.y.scale == Scale::Log,
        ),
    }
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
fn bars(labels: &[String], y_label: &str, series: &[Series]) -> String {
    let groups = labels.len().max(1);
    let per = series.len().max(1);
    let top = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(0.0f64, f64::max)
        .max(1.0)
        / (1.0 - legend_share(series.len()));
    render(640, 360, |root| {
        let mut chart = ChartBuilder::on(root)
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
                .draw_series(s.points.iter().enumerate().map(|(i, &(_, v))| {
                    let x0 = i as f64 - 0.4 + k as f64 * width;
                    Rectangle::new([(x0, 0.0), (x0 + width, v)], colour.filled())
                }))?
                .label(s.name.as_str())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled())
                });
        }
        legend(&mut chart, series.len())
    })
}

/// Lines with markers through (x, y) points; `log_y` puts y on a log scale
/// (every y must then be positive). When every x is a whole number, only
/// whole numbers are labelled on the x axis.
fn lines((x_label, y_label): (&str, &str), series: &[Series], log_y: bool) -> String {
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
    render(640, 360, |root| {
        let mut builder = ChartBuilder::on(root);
        builder
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
    })
}

fn draw_lines<'b, Y>(
    chart: &mut ChartContext<
        'b,
        SVGBackend<'b>,
        Cartesian2d<plotters::coord::types::RangedCoordf64, Y>,
    >,
    series: &[Series],
) -> Result<(), Box<dyn std::error::Error>>
where
    Y: Ranged<ValueType = f64>,
{
    for (k, s) in series.iter().enumerate() {
        let colour = Role::Series(k).colour();
        // Earlier series are drawn wider, so lines that coincide stay visible.
        let stroke = colour.stroke_width(2 + 2 * (series.len() - 1 - k) as u32);
        let joined = match s.mark {
            Mark::Line => s.points.clone(),
            _ => Vec::new(),
        };
        chart
            .draw_series(LineSeries::new(joined, stroke))?
            .label(s.name.as_str())
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, colour.filled()));
        chart.draw_series(s.points.iter().map(|&p| Circle::new(p, 4, colour.filled())))?;
    }
    legend(chart, series.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(name: &str, mark: Mark, points: &[(f64, f64)]) -> Series {
        Series {
            name: name.into(),
            mark,
            points: points.to_vec(),
        }
    }

    fn chart(x: Scale, y: Scale, series: Vec<Series>) -> Chart {
        Chart {
            x: Axis {
                title: "x".into(),
                scale: x,
            },
            y: Axis {
                title: "y".into(),
                scale: y,
            },
            series,
        }
    }

    /// The texts of a drawing's `<text>` elements.
    fn texts(svg: &str) -> Vec<&str> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| Some(t.split_once(">\n")?.1.split_once("\n<")?.0))
            .collect()
    }

    #[test]
    fn boards_draw_each_cell_and_label() {
        let mut board = Board::new(2, 3, |r, c| {
            if r == c {
                Role::Blocked
            } else {
                Role::Series(c)
            }
        });
        board.labels = vec![
            "17".into(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ];
        let svg = board_svg(&board, CELL);
        assert!(svg.matches("<rect").count() >= 12, "{svg}");
        assert_eq!(texts(&svg), ["17"]);
    }

    #[test]
    fn bars_label_every_group() {
        let labels: Vec<String> = (1..=7).map(|d| format!("g{d}")).collect();
        let points: Vec<(f64, f64)> = (0..7).map(|i| (i as f64, 1.0)).collect();
        let bars = chart(
            Scale::Categories(labels.clone()),
            Scale::Linear,
            vec![series("n", Mark::Bars, &points)],
        );
        let svg = Drawing::Chart(bars).render().body;
        for label in &labels {
            assert!(texts(&svg).contains(&label.as_str()), "{label} missing");
        }
    }

    #[test]
    fn ticks_show_whole_numbers_without_a_point() {
        assert_eq!(tick(700.0), "700");
        assert_eq!(tick(-3.0), "-3");
        assert_eq!(tick(0.125), "0.125");
        assert_eq!(tick(2.5), "2.5");
        assert_eq!(tick(-1e-17), "0");
        assert_eq!(tick(0.00025), "0.00025");
        assert_eq!(tick(3.0000000000000004), "3");
        assert_eq!(whole_tick(2.5, true), "");
        assert_eq!(log_tick(20.0), "20");
        assert_eq!(log_tick(30.0), "");
    }

    #[test]
    fn a_chart_tabulates_exactly_what_it_plots() {
        let c = chart(
            Scale::Linear,
            Scale::Linear,
            vec![
                series("a", Mark::Points, &[(1.0, 2.0), (3.0, 4.5)]),
                series("b", Mark::Line, &[(1.0, 7.0), (2.0, 8.0)]),
            ],
        );
        let values = Drawing::Chart(c.clone()).render().values.unwrap();
        assert_eq!(values.to_csv(), "x,a,b\n1,2,7\n2,,8\n3,4.5,\n");
    }

    /// The colour `style.css` gives `class` in the light scheme (before the
    /// dark block) or in the dark one, custom properties resolved.
    fn css_colour(class: &str, dark: bool) -> Option<String> {
        let css = include_str!("../../../templates/style.css");
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
        let mut board = Board::new(1, 3, |_, c| [Role::Member, Role::Winning, Role::Losing][c]);
        board.labels = vec!["3".into(), "4".into(), "5".into()];
        let svg = board_svg(&board, CELL);
        assert!(svg.contains("<rect class=\"role-member\""), "{svg}");
        assert!(svg.contains("<rect class=\"role-winning\""), "{svg}");
        // The two hues meet on a thick line; the winning label is bold.
        assert!(svg.contains("stroke-width=\"3\""), "{svg}");
        assert!(svg.contains("font-weight=\"bold\""), "{svg}");
        // Text on the member cell is written in the paper's colour, on the
        // winning one in ink.
        assert!(svg.contains("<text class=\"role-paper\""), "{svg}");
        assert!(svg.contains("<text class=\"role-ink\""), "{svg}");
        let c = chart(
            Scale::Linear,
            Scale::Log,
            vec![
                series("a", Mark::Line, &[(1.0, 1.0), (2.0, 3.0)]),
                series("b", Mark::Points, &[(1.0, 2.0), (2.0, 5.0)]),
            ],
        );
        let svg = Drawing::Chart(c.clone()).render().body;
        for tag in svg.split('<').skip(1) {
            let tag = tag.split('>').next().unwrap_or_default();
            let coloured = tag.contains("=\"#");
            assert_eq!(coloured, tag.contains(" class=\"role-"), "{tag}");
        }
        assert!(svg.contains("role-series-1"));
        assert_eq!(
            svg,
            Drawing::Chart(c.clone()).render().body,
            "drawings are deterministic"
        );
    }
}
