//! The figure vocabulary: what a generator's view is ([`Drawing`]: a chart, a
//! board, boards side by side, a table, a catalogue of small shapes or small
//! graphs, node-link graphs) and how each kind is rendered, once, for every
//! generator ([`Drawing::render`]).
//!
//! A view is built from a run's data alone; rendering it gives the figure's
//! body (inline SVG or HTML) and, where it has them, the values it shows as a
//! [`Table`] (the table in the figure's "Data and how to reproduce"
//! disclosure, written in the view's [`Format`]s, and its CSV, exact). Every
//! mark carries the class of its [`Role`]; `templates/style.css` colours the
//! roles in the light and the dark scheme. Every value a reader sees is
//! written by the core's typesetter ([`crate::cgt::canonical::typeset`]).
//!
//! Each kind has its file: `chart` writes charts as SVG, twice (for a wide
//! column and for a phone), every mark carrying its values, without system
//! fonts, so the same data gives the same bytes on every machine;
//! `board` writes boards, boards side by side and a catalogue's small shapes
//! as plain SVG; `html` writes tables and catalogues; `graph` draws
//! node-link graphs, full size or small. Text in a drawing is drawn at its
//! size on the page, at least 12 CSS px, in the page's font. `games` holds
//! the games' own pictures, which every generator draws a position through,
//! and `error` the one error of drawing from data ([`DataError`]).

mod board;
mod catalogue;
mod chart;
mod error;
pub mod games;
mod graph;
mod html;

pub use error::DataError;
pub use graph::{Graphs, Link, Node, Panel};
pub use html::{Format, Numbers, Table, display, text, whole};

/// One view of a run's data, in the site's figure vocabulary.
#[derive(Clone, Debug, PartialEq)]
pub enum Drawing {
    /// Series of points, lines or bars against two axes.
    Chart(Chart),
    /// One board of coloured, labelled cells.
    Board(Board),
    /// A table of values, drawn as HTML.
    Table(Table),
    /// Many small shapes with their values, in groups.
    Catalogue(Catalogue),
    /// Node-link graphs side by side.
    Graphs(Graphs),
    /// Boards side by side, each under its title.
    Boards(Boards),
}

/// A chart of numbered series against one x axis.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// The horizontal axis.
    pub x: Axis,
    /// The value axis.
    pub y: Axis,
    /// The series drawn, in the legend's order.
    pub series: Vec<Series>,
}

/// An axis: its title, its scale and, for the value axis, how the chart
/// writes its values (over bars and in its Data table).
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// The title written along the axis.
    pub title: String,
    /// How values map to positions along it.
    pub scale: Scale,
    /// The precision the view declares; without one, [`Numbers::fit`].
    pub numbers: Option<Numbers>,
}

impl Axis {
    /// An axis titled `title` on `scale`, its values written as they fit.
    pub fn new(title: impl Into<String>, scale: Scale) -> Axis {
        Axis {
            title: title.into(),
            scale,
            numbers: None,
        }
    }

    /// The axis with its values written as `numbers` says.
    pub fn numbers(self, numbers: Numbers) -> Axis {
        Axis {
            numbers: Some(numbers),
            ..self
        }
    }
}

/// How an axis maps values to positions.
#[derive(Clone, Debug, PartialEq)]
pub enum Scale {
    /// Linear, larger values up or to the right.
    Linear,
    /// Logarithmic; every value on it must be positive. A value axis that is
    /// one carries points only: bars on it are drawn as points.
    Log,
    /// Linear, larger values to the left: a thermograph's value axis, Left's
    /// side on the left (an x axis only).
    Reversed,
    /// Named categories, at x = 0, 1, 2, ... (bars).
    Categories(Vec<String>),
}

/// One named series of (x, y) points and how they are marked.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Its name in the legend and the Data table.
    pub name: String,
    /// How its points are drawn.
    pub mark: Mark,
    /// Its (x, y) points, in x order (on a [`Scale::Categories`] axis, x is
    /// the category's index).
    pub points: Vec<(f64, f64)>,
}

/// How a series' points are drawn.
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
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub cols: usize,
    /// Row-major, `rows * cols` roles; [`Role::Paper`] cells are not drawn.
    pub cells: Vec<Role>,
    /// Row-major labels, or empty for none.
    pub labels: Vec<String>,
    /// Headings left of each row (empty for none).
    pub row_labels: Vec<String>,
    /// Headings above each column (empty for none).
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

/// Boards side by side, each under its title (small multiples: one board
/// for each of a few maps, say), with one legend for them all.
#[derive(Clone, Debug, PartialEq)]
pub struct Boards {
    /// Each board with the title written above it, left to right.
    pub panels: Vec<(String, Board)>,
    /// What each role drawn means, shown under the boards.
    pub legend: Vec<(Role, String)>,
    /// The values the boards show.
    pub values: Option<Table>,
}

/// Many small shapes, each with its values, in groups that flow in rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Catalogue {
    /// The names of the values every item carries (the Data table's and the
    /// CSV's header).
    pub columns: Vec<String>,
    /// The columns written under each shape (a value its group's heading
    /// states, or a shape's own description, is left to the Data table).
    pub under: Vec<usize>,
    /// The groups, in order.
    pub groups: Vec<Group>,
    /// What each role drawn means, shown under the shapes.
    pub legend: Vec<(Role, String)>,
}

/// A group of a catalogue, under its heading (empty for none).
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The heading written above the group.
    pub heading: String,
    /// Its shapes, in the order they flow.
    pub items: Vec<Item>,
}

/// One shape of a catalogue with its values.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// What is drawn.
    pub shape: Shape,
    /// Its values, one for each of the catalogue's `columns`.
    pub values: Vec<serde_json::Value>,
}

/// A catalogue's small drawing: a board's cells or a node-link graph.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A small board.
    Board(Board),
    /// A small node-link graph.
    Graph(Panel),
}

/// A rendered view.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rendered {
    /// Inline SVG or HTML.
    pub body: String,
    /// Whether the body is a picture (it then takes the figure's alt text).
    pub picture: bool,
    /// The values the view shows: its CSV, and the table in the figure's
    /// Data disclosure unless the body is that table.
    pub values: Option<Table>,
    /// Whether the body is the values' own table.
    #[serde(default)]
    pub tabular: bool,
    /// What each role its legend shows means: `(class, meaning)`, the class
    /// as `style.css` names it (`role-blocked`). A caption names a role
    /// with its swatch through these (`{{ ID.legend[blocked] }}`).
    #[serde(default)]
    pub legend: Vec<(String, String)>,
}

/// A legend's roles as [`Rendered::legend`] keeps them.
fn keys(legend: &[(Role, String)]) -> Vec<(String, String)> {
    legend
        .iter()
        .map(|(role, meaning)| (role.class(), meaning.clone()))
        .collect()
}

impl Drawing {
    /// Renders the view.
    pub fn render(&self) -> Rendered {
        match self {
            Drawing::Chart(chart) => Rendered {
                body: chart::html(chart),
                picture: true,
                values: Some(chart.values()),
                tabular: false,
                legend: chart
                    .series
                    .iter()
                    .enumerate()
                    .map(|(k, s)| (Role::Series(k).class(), s.name.clone()))
                    .collect(),
            },
            Drawing::Board(board) => Rendered {
                body: board::html(board),
                picture: true,
                values: board.values.clone(),
                tabular: false,
                legend: keys(&board.legend),
            },
            Drawing::Table(table) => Rendered {
                body: table.to_html(),
                picture: false,
                values: Some(table.clone()),
                tabular: true,
                legend: Vec::new(),
            },
            Drawing::Catalogue(catalogue) => Rendered {
                body: catalogue::catalogue(catalogue),
                picture: false,
                values: Some(catalogue.values()),
                tabular: false,
                legend: keys(&catalogue.legend),
            },
            Drawing::Graphs(graphs) => Rendered {
                body: graph::html(graphs),
                picture: true,
                values: graphs.values.clone(),
                tabular: false,
                legend: keys(&graphs.legend),
            },
            Drawing::Boards(boards) => Rendered {
                body: board::panels(boards),
                picture: true,
                values: boards.values.clone(),
                tabular: false,
                legend: keys(&boards.legend),
            },
        }
    }
}

impl Chart {
    /// How the chart writes its values: as its value axis declares, else in
    /// one precision fitted to them.
    pub fn numbers(&self) -> Numbers {
        let ys = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1));
        self.y.numbers.unwrap_or_else(|| Numbers::fit(ys))
    }

    /// The values the chart plots: one row per x, one column per series,
    /// written on the page in the chart's precision, a series of whole
    /// numbers without places (the CSV keeps them exactly). Where a series
    /// has several points at one x (a line going straight up), that x has a
    /// row for each, in the series' order, so no vertex is lost.
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a whole number below 9e15 in size"
    )]
    pub fn values(&self) -> Table {
        let mut xs: Vec<f64> = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup();
        let number = |v: f64| {
            if is_whole(v) && v.abs() < 9e15 {
                serde_json::Value::from(v.round() as i64)
            } else {
                serde_json::Value::from(v)
            }
        };
        let x_cell = |x: f64| match &self.x.scale {
            Scale::Categories(names) => names
                .get(x.round() as usize)
                .map_or(serde_json::Value::Null, |n| n.clone().into()),
            _ => number(x),
        };
        // A series of whole numbers is written without places.
        let numbers = |s: &Series| match self.numbers() {
            Numbers::Places(_) if s.points.iter().all(|p| is_whole(p.1)) => Numbers::Places(0),
            numbers => numbers,
        };
        Table {
            columns: std::iter::once(self.x.title.clone())
                .chain(self.series.iter().map(|s| s.name.clone()))
                .collect(),
            formats: std::iter::once(self.x.numbers.map_or(Format::Plain, Format::Number))
                .chain(self.series.iter().map(|s| Format::Number(numbers(s))))
                .collect(),
            rows: xs
                .iter()
                .flat_map(|&x| {
                    let at: Vec<Vec<f64>> = (self.series.iter())
                        .map(|s| s.points.iter().filter(|p| p.0 == x).map(|p| p.1).collect())
                        .collect();
                    let count = at.iter().map(Vec::len).max().unwrap_or(0);
                    (0..count)
                        .map(|k| {
                            std::iter::once(x_cell(x))
                                .chain(at.iter().map(|ys| {
                                    ys.get(k).map_or(serde_json::Value::Null, |&y| number(y))
                                }))
                                .collect()
                        })
                        .collect::<Vec<_>>()
                })
                .collect(),
        }
    }
}

impl Catalogue {
    /// Every item's values, after its group's heading when there are headings.
    pub fn values(&self) -> Table {
        let grouped = self.groups.iter().any(|g| !g.heading.is_empty());
        let head = grouped.then_some("group".to_string());
        Table::new(
            head.into_iter().chain(self.columns.clone()),
            self.groups
                .iter()
                .flat_map(|g| {
                    g.items.iter().map(move |item| {
                        let head = grouped.then(|| g.heading.clone().into());
                        head.into_iter().chain(item.values.clone()).collect()
                    })
                })
                .collect(),
        )
    }
}

/// Side of one board cell, in CSS px, in every board drawing.
pub const CELL: u32 = 28;

/// Side of one cell in a catalogue's small drawings.
pub const SMALL_CELL: u32 = 10;

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

    /// The role's colour in the light scheme, as `style.css` gives it: `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:06x}", self.colours().0)
    }

    /// The role's colours in the light and the dark scheme, as `style.css`
    /// gives them (the paper and the ink are the page's background and text).
    fn colours(self) -> (u32, u32) {
        match self {
            Role::Paper => (0xfdfcf9, 0x16171a),
            Role::Ink => (0x1d1d1f, 0xe8e6e1),
            Role::Free => (0xf4f1ea, 0x131416),
            Role::Blocked => (0x333333, 0xc8c5bf),
            Role::Uncomputed => (0xd9d5cb, 0x2b2d33),
            Role::Poison => (0x701828, 0xf5b3bc),
            Role::Member => (0x363b45, 0xc9ced6),
            Role::Struck => (0xd9626b, 0xbe2d39),
            Role::Winning => (0x2d9b3d, 0x22752e),
            Role::Losing => (0x6b83da, 0x3c5cce),
            Role::Series(n) => [
                (0x588ac4, 0x38679e),
                (0xc5732a, 0x93561f),
                (0x4b9759, 0x387142),
                (0xc66d7e, 0xaa4255),
                (0x957db8, 0x7458a0),
                (0xa6824b, 0x7c6138),
                (0x3f949d, 0x2f6f75),
                (0x8b8b35, 0x686827),
            ][n % SERIES],
        }
    }

    /// The lower of the contrast ratios of the two roles' colours in the
    /// light and in the dark scheme (WCAG's ratio, 1 to 21).
    fn contrast(self, other: Role) -> f64 {
        let (a, b) = (self.colours(), other.colours());
        contrast(a.0, b.0).min(contrast(a.1, b.1))
    }

    /// Whether a reader might take the two roles for one by their colour:
    /// distinct roles whose colours differ by less than 3:1 in a scheme.
    fn alike(self, other: Role) -> bool {
        self != other && self.contrast(other) < 3.0
    }

    /// The role of text written on a cell of this role.
    fn on(self) -> Role {
        match self {
            Role::Ink | Role::Blocked | Role::Member | Role::Poison => Role::Paper,
            _ => Role::Ink,
        }
    }
}

/// WCAG's contrast ratio of two colours given as `0xRRGGBB`.
#[allow(
    clippy::cast_possible_truncation,
    reason = "a channel is one byte of 0xrrggbb, cut out on purpose"
)]
fn contrast(a: u32, b: u32) -> f64 {
    let luminance = |hex: u32| {
        let channel = |shift: u32| {
            let s = f64::from((hex >> shift) as u8) / 255.0;
            if s <= 0.03928 {
                s / 12.92
            } else {
                ((s + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    };
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// The estimated width in px of `text` set at `px` in the page's serif face,
/// on the generous side: a drawing is laid out before a browser sets its
/// text.
#[allow(
    clippy::match_same_arms,
    reason = "punctuation and narrow letters are widths measured apart"
)]
fn text_width(text: &str, px: f64) -> f64 {
    let em = |c: char| match c {
        '0'..='9' => 0.5,
        ',' | '.' | ' ' | ':' | ';' | '(' | ')' | '\'' => 0.3,
        'i' | 'j' | 'l' | 'f' | 't' | 'r' => 0.3,
        '\u{2212}' | '+' | '=' | '\u{d7}' => 0.57,
        '%' => 0.85,
        'm' | 'w' | 'M' | 'W' => 0.8,
        c if c.is_uppercase() => 0.7,
        _ => 0.5,
    };
    text.chars().map(em).sum::<f64>() * px * 1.1
}

/// `&`, `<`, `>` and `"` as entities: safe in text and in a double-quoted attribute.
fn escape(s: &str) -> String {
    html_escape::encode_double_quoted_attribute(s).into_owned()
}

/// Whether `v` is a whole number, up to rounding error.
fn is_whole(v: f64) -> bool {
    (v - v.round()).abs() < 1e-9 * v.abs().max(1.0)
}

/// Reading drawings back in tests.
#[cfg(test)]
mod svg_text {
    /// The values of every `name="..."` attribute in `svg`.
    pub fn attributes<'s>(svg: &'s str, name: &str) -> Vec<&'s str> {
        let key = format!(" {name}=\"");
        svg.split(key.as_str())
            .skip(1)
            .filter_map(|s| s.split('"').next())
            .collect()
    }

    /// The texts of a drawing's `<text>` elements, trimmed.
    pub fn texts(svg: &str) -> Vec<&str> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.trim()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The colour `style.css` gives `class` in the light scheme (before the
    /// dark block) or in the dark one, custom properties resolved in the
    /// same scheme (or else the light one).
    fn css_colour(class: &str, dark: bool) -> Option<String> {
        let css = include_str!("../../templates/style.css");
        let (light, rest) = css.split_once("@media screen and (prefers-color-scheme: dark)")?;
        let part = if dark {
            rest.split("\n}\n").next()?
        } else {
            light
        };
        let rule = format!(".{class} {{ --c: ");
        let value = part
            .split_once(&rule)
            .or_else(|| light.split_once(&rule))?
            .1
            .split_once(';')?
            .0;
        match value.strip_prefix("var(") {
            Some(var) => {
                let var = format!("{}: ", var.trim_end_matches(')'));
                let (_, after) = part.split_once(&var).or_else(|| light.split_once(&var))?;
                Some(after.split(';').next()?.to_string())
            }
            None => Some(value.to_string()),
        }
    }

    #[test]
    fn style_css_colours_every_role_as_the_code_knows_it() {
        for role in ROLES {
            let (light, dark) = role.colours();
            for (colour, is_dark) in [(light, false), (dark, true)] {
                assert_eq!(
                    css_colour(&role.class(), is_dark),
                    Some(format!("#{colour:06x}")),
                    "{role:?}, dark: {is_dark}"
                );
            }
        }
    }

    #[test]
    fn roles_have_distinct_colours_and_classes() {
        for (i, a) in ROLES.iter().enumerate() {
            for b in &ROLES[i + 1..] {
                assert_ne!(a.colours().0, b.colours().0, "{a:?} and {b:?}");
                assert_ne!(a.colours().1, b.colours().1, "{a:?} and {b:?}");
                assert_ne!(a.class(), b.class());
            }
        }
        assert_eq!(Role::Series(SERIES + 1).class(), Role::Series(1).class());
    }

    #[test]
    fn roles_stand_out_from_the_paper_and_their_text_from_them() {
        // Surfaces (the paper itself, free and uncomputed cells) are
        // outlined in ink and read by their labels.
        let surfaces = [Role::Paper, Role::Free, Role::Uncomputed];
        for role in ROLES {
            if !surfaces.contains(&role) {
                let need = if role == Role::Ink { 4.5 } else { 3.0 };
                let ratio = role.contrast(Role::Paper);
                assert!(ratio >= need, "{role:?} on the paper: {ratio:.2}");
            }
            let ratio = role.on().contrast(role);
            assert!(ratio >= 4.5, "text on {role:?}: {ratio:.2}");
        }
        // Which roles a board parts with a thick line: those alike in colour.
        assert!(Role::Winning.alike(Role::Series(3)));
        assert!(Role::Blocked.alike(Role::Poison));
        assert!(!Role::Blocked.alike(Role::Free));
        assert!(!Role::Winning.alike(Role::Winning));
        assert!((contrast(0xffffff, 0x000000) - 21.0).abs() < 1e-9);
    }

    #[test]
    fn a_chart_tabulates_exactly_what_it_plots() {
        let series = |name: &str, mark, points: &[(f64, f64)]| Series {
            name: name.into(),
            mark,
            points: points.to_vec(),
        };
        let axis = |title: &str| Axis::new(title, Scale::Linear);
        let c = Chart {
            x: axis("x"),
            y: axis("y"),
            series: vec![
                series("a", Mark::Points, &[(1.0, 2.0), (3.0, 4.5)]),
                series("b", Mark::Line, &[(1.0, 7.0), (2.0, 8.0)]),
            ],
        };
        let values = Drawing::Chart(c).render().values.unwrap();
        assert_eq!(values.to_csv(), "x,a,b\n1,2,7\n2,,8\n3,4.5,\n");
    }

    /// A catalogue of `groups` groups of ten shapes of two rows of three
    /// cells, each with three values, the first two written under it.
    fn catalogue(groups: usize) -> Catalogue {
        let item = |i: usize| Item {
            shape: Shape::Board(Board::new(2, 3, |r, c| match (r + c + i) % 4 {
                0 => Role::Paper,
                _ => Role::Free,
            })),
            values: vec![
                format!("{i}/2").into(),
                serde_json::json!(-i64::try_from(i).unwrap() * 1000),
                format!("*{i}").into(),
            ],
        };
        Catalogue {
            columns: vec!["value".into(), "interval".into(), "nimber".into()],
            under: vec![0, 1],
            groups: (0..groups)
                .map(|g| Group {
                    heading: format!("{} cells", g + 1),
                    items: (0..10).map(item).collect(),
                })
                .collect(),
            legend: Vec::new(),
        }
    }

    #[test]
    fn catalogues_are_tiles_of_shapes_and_values_under_group_headings() {
        let rendered = Drawing::Catalogue(catalogue(2)).render();
        assert!(!rendered.picture && !rendered.tabular);
        let body = rendered.body;
        assert!(
            body.starts_with(
                "<div class=\"catalogue\">\n<p class=\"key\">Under each shape: value, interval.</p>\n\
                 <div class=\"groups\">\n<section class=\"group\"><p class=\"group-heading\"><span>1 cells</span></p>\
                 <ul class=\"tiles\">\n<li><svg class=\"shape\""
            ),
            "{body}"
        );
        assert_eq!(body.matches("<section class=\"group\">").count(), 2);
        assert_eq!(body.matches("<li><svg class=\"shape\"").count(), 20);
        assert_eq!(body.matches(" aria-hidden=\"true\">").count(), 20);
        // The values named under each shape, as the site writes them; the
        // third only in the Data table.
        assert!(body.contains("</svg><span>4/2</span><span>\u{2212}4,000</span></li>"));
        assert!(!body.contains('*') && !body.contains('\u{2217}'));
        let values = rendered.values.unwrap();
        assert_eq!(values.columns, ["group", "value", "interval", "nimber"]);
        assert_eq!(
            values.rows[13],
            [json!("2 cells"), json!("3/2"), json!(-3000), json!("*3")]
        );
    }

    #[test]
    fn a_catalogue_of_sixty_shapes_stays_small() {
        let body = Drawing::Catalogue(catalogue(6)).render().body;
        assert!(body.len() < 6 * 3_000, "{} bytes", body.len());
    }

    #[test]
    fn tables_render_as_html_tables_and_are_their_own_values() {
        let table = Table::new(
            ["n", "positions"],
            vec![vec![json!(4), json!(25000)], vec![json!(5), json!(null)]],
        );
        let rendered = Drawing::Table(table.clone()).render();
        assert!(!rendered.picture);
        assert_eq!(rendered.body, table.to_html());
        assert!(
            rendered
                .body
                .starts_with("<div class=\"table-box\"><table class=\"values\">")
        );
        assert!(rendered.body.contains("<td class=\"num\">25,000</td>"));
        assert_eq!(rendered.values, Some(table));
    }
}
