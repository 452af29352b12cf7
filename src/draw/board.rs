//! Boards, written as plain SVG: one path per role for the cells (so a
//! catalogue of many small shapes stays small), their outlines in ink, the
//! cues that are not colour, the labels and the headings; and boards side
//! by side under their titles, drawn smaller, sharing one legend.
//!
//! A board is drawn at its size on the page (a cell is [`CELL`] CSS px, its
//! label [`TEXT`] px); on a narrow screen it shrinks down to labels of 12 px
//! and no further, and its box scrolls sideways beyond that.

use super::{Board, Boards, CELL, Role, SMALL_CELL, escape, text_width};
use std::fmt::Write;

/// Size of a label or heading on a full board, in CSS px.
const TEXT: u32 = 14;

/// Side of one cell of a board drawn beside others: three boards of eight
/// columns fit a wide column, two a phone's.
const PANEL_CELL: u32 = 20;

/// The smallest size a label may shrink to on a narrow screen, in CSS px.
const SMALLEST_TEXT: u32 = 12;

/// A board at full size in a box that scrolls sideways when it cannot fit,
/// with its legend under it as swatches in the roles' colours.
pub(super) fn html(board: &Board) -> String {
    let mut out = format!("<div class=\"board-box\">{}</div>", svg(board, CELL, true));
    legend(&mut out, &board.legend);
    out
}

/// Boards side by side (wrapping onto more rows on a narrow screen), each
/// under its title, with the legend under them all.
pub(super) fn panels(boards: &Boards) -> String {
    let mut out = String::from("<div class=\"panels\">");
    for (title, board) in &boards.panels {
        let _ = write!(
            out,
            "\n<div class=\"panel\"><p class=\"panel-title\">{}</p><div class=\"board-box\">{}</div></div>",
            escape(title),
            svg(board, PANEL_CELL, true)
        );
    }
    out.push_str("\n</div>");
    legend(&mut out, &boards.legend);
    out
}

/// A legend of swatches in the roles' colours, each with its meaning, under
/// a picture; nothing when there is none.
pub(super) fn legend(out: &mut String, legend: &[(Role, String)]) {
    if legend.is_empty() {
        return;
    }
    out.push_str("\n<ul class=\"legend\">");
    for (role, meaning) in legend {
        let _ = write!(
            out,
            "<li><span class=\"{} swatch\"></span>{}</li>",
            role.class(),
            escape(meaning)
        );
    }
    out.push_str("</ul>");
}

/// A board as a catalogue's small shape: cells and cues, no labels or
/// headings, hidden from assistive technology (its values are the text).
pub(super) fn small(board: &Board) -> String {
    let shape = Board {
        labels: Vec::new(),
        row_labels: Vec::new(),
        col_labels: Vec::new(),
        ..board.clone()
    };
    svg(&shape, SMALL_CELL, false)
}

/// Where a board's cells lie in its SVG: cells of side `cell` after the
/// row headings' column (`left`) and the column headings' row (`top`), all
/// inside a margin of `PAD`.
struct Layout<'b> {
    board: &'b Board,
    cell: u32,
    left: u32,
    top: u32,
}

/// Room for half of a thick line around a board's edge.
const PAD: u32 = 2;

impl Layout<'_> {
    #[allow(
        clippy::cast_possible_truncation,
        reason = "a drawn board's rows and columns are far below 2^32"
    )]
    fn x_at(&self, c: usize) -> u32 {
        PAD + self.left + c as u32 * self.cell
    }

    #[allow(
        clippy::cast_possible_truncation,
        reason = "a drawn board's rows and columns are far below 2^32"
    )]
    fn y_at(&self, r: usize) -> u32 {
        PAD + self.top + r as u32 * self.cell
    }

    fn role(&self, r: usize, c: usize) -> Role {
        self.board.cells[r * self.board.cols + c]
    }

    /// Every (row, column) of the board, row by row.
    fn squares(&self) -> impl Iterator<Item = (usize, usize)> {
        (0..self.board.rows).flat_map(|r| (0..self.board.cols).map(move |c| (r, c)))
    }

    /// The cells of each role as one path, all outlined in ink.
    fn cells(&self, out: &mut String) {
        let cell = self.cell;
        let _ = write!(out, "<g class=\"role-ink\" stroke=\"{}\">", Role::Ink.hex());
        let mut drawn: Vec<Role> = Vec::new();
        for &kind in &self.board.cells {
            if kind != Role::Paper && !drawn.contains(&kind) {
                drawn.push(kind);
            }
        }
        for kind in &drawn {
            let _ = write!(
                out,
                "<path class=\"{}\" fill=\"{}\" d=\"",
                kind.class(),
                kind.hex()
            );
            for (r, c) in self.squares() {
                if self.role(r, c) == *kind {
                    let _ = write!(
                        out,
                        "M{} {}h{cell}v{cell}h-{cell}z",
                        self.x_at(c),
                        self.y_at(r)
                    );
                }
            }
            out.push_str("\"/>");
        }
        out.push_str("</g>");
    }

    /// Struck cells crossed out; alike cells side by side parted by a thick
    /// line (`thick` px wide).
    fn cues(&self, out: &mut String, thick: u32) {
        let (board, cell, ink) = (self.board, self.cell, Role::Ink.hex());
        let mut crosses = String::new();
        let mut edges = String::new();
        for (r, c) in self.squares() {
            let (x, y) = (self.x_at(c), self.y_at(r));
            let here = self.role(r, c);
            if here == Role::Struck {
                let _ = write!(crosses, "M{x} {}l{cell} -{cell}", y + cell);
            }
            let parted =
                |other: Role| here != Role::Paper && other != Role::Paper && here.alike(other);
            if c + 1 < board.cols && parted(self.role(r, c + 1)) {
                let _ = write!(edges, "M{} {y}v{cell}", x + cell);
            }
            if r + 1 < board.rows && parted(self.role(r + 1, c)) {
                let _ = write!(edges, "M{x} {}h{cell}", y + cell);
            }
        }
        if !crosses.is_empty() {
            let _ = write!(
                out,
                "<path class=\"role-ink\" fill=\"none\" stroke=\"{ink}\" d=\"{crosses}\"/>"
            );
        }
        if !edges.is_empty() {
            let _ = write!(
                out,
                "<path class=\"role-ink\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{thick}\" \
                 d=\"{edges}\"/>"
            );
        }
    }

    /// Labels and headings, centred; a label's baseline a third of the text
    /// size below the cell's middle centres its digits. Nothing for a board
    /// without text.
    fn texts(&self, out: &mut String) {
        let (board, cell) = (self.board, self.cell);
        let texts = board.labels.iter().any(|t| !t.is_empty())
            || !board.row_labels.is_empty()
            || !board.col_labels.is_empty();
        if !texts {
            return;
        }
        let _ = write!(out, "<g font-size=\"{TEXT}\" text-anchor=\"middle\">");
        let baseline = cell / 2 + TEXT / 3;
        let mut text = |x: u32, y: u32, on: Role, bold: bool, t: &str| {
            let weight = if bold { " font-weight=\"bold\"" } else { "" };
            let _ = write!(
                out,
                "<text class=\"{}\" fill=\"{}\" x=\"{x}\" y=\"{y}\"{weight}>{}</text>",
                on.class(),
                on.hex(),
                escape(t)
            );
        };
        for (c, t) in board.col_labels.iter().enumerate() {
            text(self.x_at(c) + cell / 2, PAD + baseline, Role::Ink, false, t);
        }
        for (r, t) in board.row_labels.iter().enumerate() {
            text(
                PAD + self.left / 2,
                self.y_at(r) + baseline,
                Role::Ink,
                false,
                t,
            );
        }
        for (r, c) in self.squares() {
            let label = board.labels.get(r * board.cols + c);
            if let Some(t) = label.filter(|t| !t.is_empty()) {
                let kind = self.role(r, c);
                let (x, y) = (self.x_at(c) + cell / 2, self.y_at(r) + baseline);
                text(x, y, kind.on(), kind == Role::Winning, t);
            }
        }
        out.push_str("</g>");
    }
}

/// A board as SVG with cells of side `cell`: its headings left of the rows
/// and above the columns when it has them, each cell in its role's colour
/// with its label. A `full` board shrinks with the column down to labels of
/// 12 px; a catalogue's small shape is never scaled.
///
/// Roles a reader might take for one another by colour carry cues besides
/// it: a thick line parts two such cells side by side, a struck cell is
/// crossed out and a winning cell's label is bold.
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a label's width in px is positive and far below 2^32"
)]
fn svg(board: &Board, cell: u32, full: bool) -> String {
    let widest = board
        .row_labels
        .iter()
        .map(|t| text_width(t, f64::from(TEXT)));
    let left = match widest.reduce(f64::max) {
        Some(w) => (w.ceil() as u32 + 8).max(cell),
        None => 0,
    };
    let top = if board.col_labels.is_empty() { 0 } else { cell };
    let w = left + board.cols as u32 * cell + 2 * PAD;
    let h = top + board.rows as u32 * cell + 2 * PAD;
    let mut out = if full {
        format!(
            "<svg class=\"board\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         style=\"min-width:{}px\">",
            w * SMALLEST_TEXT / TEXT
        )
    } else {
        format!("<svg class=\"shape\" width=\"{w}\" height=\"{h}\" aria-hidden=\"true\">")
    };
    let layout = Layout {
        board,
        cell,
        left,
        top,
    };
    layout.cells(&mut out);
    layout.cues(&mut out, if full { 3 } else { 2 });
    layout.texts(&mut out);
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::super::svg_text::{attributes, texts};
    use super::*;

    #[test]
    fn boards_draw_each_role_once_with_its_labels_and_headings() {
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
            "a".into(),
            String::new(),
            String::new(),
            String::new(),
        ];
        board.row_labels = vec!["1".into(), "2".into()];
        board.col_labels = vec!["x".into(), "y".into(), "z".into()];
        let svg = svg(&board, CELL, true);
        assert_eq!(svg.matches("<path class=\"role-blocked\"").count(), 1);
        assert_eq!(svg.matches("h28v28h-28z").count(), 6, "{svg}");
        assert_eq!(texts(&svg), ["x", "y", "z", "1", "2", "17", "a"]);
        // Every label is drawn at 14 px and may shrink to 12 px, no further.
        assert_eq!(attributes(&svg, "font-size"), ["14"]);
        let w: u32 = attributes(&svg, "width")[0].parse().unwrap();
        assert_eq!(
            svg.matches(&format!("min-width:{}px", w * 12 / 14)).count(),
            1
        );
    }

    #[test]
    fn alike_roles_side_by_side_carry_cues_besides_colour() {
        let mut board = Board::new(1, 4, |_, c| {
            [Role::Member, Role::Winning, Role::Losing, Role::Struck][c]
        });
        board.labels = vec!["3".into(), "4".into(), "5".into(), "6".into()];
        let svg = svg(&board, CELL, true);
        assert!(svg.contains("<path class=\"role-member\""), "{svg}");
        assert!(svg.contains("<path class=\"role-winning\""), "{svg}");
        // Winning, losing and struck meet on thick lines; member and winning
        // differ enough in lightness to need none.
        let edges = svg.split("stroke-width=\"3\" d=\"").nth(1).unwrap();
        assert!(edges.starts_with("M58 2v28M86 2v28\""), "{svg}");
        // The struck cell is crossed out and the winning label is bold.
        assert!(svg.contains("d=\"M86 30l28 -28\""), "{svg}");
        assert_eq!(svg.matches("font-weight=\"bold\"").count(), 1);
        // Text on the member cell is written in the paper's colour, the
        // others in ink.
        assert!(svg.contains("<text class=\"role-paper\""), "{svg}");
        assert_eq!(svg.matches("<text class=\"role-ink\"").count(), 3);
    }

    #[test]
    fn small_shapes_are_lean_and_hidden_from_assistive_technology() {
        let mut board = Board::new(2, 3, |r, c| match (r + c) % 2 {
            0 => Role::Free,
            _ => Role::Paper,
        });
        board.labels = vec!["9".into(); 6];
        let svg = small(&board);
        assert!(
            svg.starts_with("<svg class=\"shape\" width=\"34\" height=\"24\""),
            "{svg}"
        );
        assert!(svg.contains("aria-hidden=\"true\""));
        assert!(texts(&svg).is_empty());
        // Paper cells are not drawn.
        assert_eq!(svg.matches("h10v10h-10z").count(), 3);
        assert!(svg.len() < 250, "{} bytes: {svg}", svg.len());
    }

    #[test]
    fn legends_are_swatches_in_the_roles_colours() {
        let mut board = Board::new(1, 1, |_, _| Role::Blocked);
        board.legend = vec![(Role::Blocked, "blocked & gone".into())];
        let html = html(&board);
        assert!(html.starts_with("<div class=\"board-box\"><svg class=\"board\""));
        assert!(html.ends_with(
            "<ul class=\"legend\"><li><span class=\"role-blocked swatch\"></span>\
             blocked &amp; gone</li></ul>"
        ));
    }
}
