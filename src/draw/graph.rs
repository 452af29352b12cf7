//! Node-link drawings, written as plain SVG: panels side by side, each a graph
//! whose nodes stand in layers above a ground line (layer 0 on it), every link
//! a line, a curve when it repeats another, or a loop above its node, in its
//! role's colour; and the same graph drawn small, without labels, as a
//! catalogue's shape.
//!
//! Nodes in a layer are spread evenly across their panel, in the order given.
//! Labels are [`TEXT`] px, like a board's.

use super::{Role, Table, escape, text_width};
use std::fmt::Write;

/// Panels of node-link graphs side by side, with a legend under them.
#[derive(Clone, Debug, PartialEq)]
pub struct Graphs {
    /// The graphs, left to right.
    pub panels: Vec<Panel>,
    /// What each role drawn means, shown under the panels.
    pub legend: Vec<(Role, String)>,
    /// The values the drawing shows.
    pub values: Option<Table>,
}

/// One graph, under its title.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The title written above the graph (not drawn small).
    pub title: String,
    /// Its nodes; a link names them by index.
    pub nodes: Vec<Node>,
    /// Its links, each drawn in its role's colour.
    pub links: Vec<Link>,
}

/// A node: its label and its layer, 0 on the ground line.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The text drawn beside the node (not drawn small).
    pub label: String,
    /// How many steps above the ground line it stands.
    pub layer: usize,
}

/// A link between two nodes (by index), a loop when they are one.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    /// The indices of its two nodes in the panel's `nodes`.
    pub ends: (usize, usize),
    /// What it stands for, which colours it.
    pub role: Role,
}

/// Size of a label or title, in CSS px.
const TEXT: u32 = 14;
/// Gap between two panels, in px.
const GAP: u32 = 32;

/// How large a graph is drawn.
struct Size {
    /// Distance between layers and between nodes in a layer, in px.
    step: u32,
    /// Radius of a node.
    radius: f64,
    /// Room above the top layer for loops (and labels and a title).
    headroom: u32,
    /// How far a loop reaches from its node and how wide it opens (in
    /// degrees either side), and how far a repeated link bends.
    petal: f64,
    spread: f64,
    bend: f64,
    /// Width of a link and of the ground line.
    stroke: u32,
    /// Whether nodes are labelled and the panel titled.
    labels: bool,
}

/// A graph at full size, labelled.
const FULL: Size = Size {
    step: 64,
    radius: 5.0,
    headroom: 48,
    petal: 44.0,
    spread: 17.0,
    bend: 16.0,
    stroke: 3,
    labels: true,
};

/// A graph drawn small, as a catalogue's shape.
const SMALL: Size = Size {
    step: 16,
    radius: 2.5,
    headroom: 16,
    petal: 13.0,
    spread: 24.0,
    bend: 5.0,
    stroke: 2,
    labels: false,
};

/// The panels at full size in a box that scrolls sideways when it cannot
/// fit, with the legend under them as swatches in the roles' colours.
#[allow(
    clippy::cast_possible_truncation,
    reason = "a drawing has a few panels"
)]
pub(super) fn html(graphs: &Graphs) -> String {
    let laid: Vec<Layout> = graphs
        .panels
        .iter()
        .map(|p| Layout::new(p, &FULL))
        .collect();
    let w = laid.iter().map(|l| l.width).sum::<u32>() + GAP * laid.len().saturating_sub(1) as u32;
    let h = laid.iter().map(|l| l.height).max().unwrap_or(0);
    let mut out = format!(
        "<div class=\"board-box\"><svg class=\"board\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" style=\"min-width:{}px\">",
        w * 12 / TEXT
    );
    let mut left = 0;
    for (panel, layout) in graphs.panels.iter().zip(&laid) {
        let _ = write!(
            out,
            "<g transform=\"translate({left} {})\">",
            h - layout.height
        );
        layout.draw(panel, &FULL, &mut out);
        out.push_str("</g>");
        left += layout.width + GAP;
    }
    out.push_str("</svg></div>");
    super::board::legend(&mut out, &graphs.legend);
    out
}

/// A graph drawn small, without labels, hidden from assistive technology
/// (the catalogue's values are its text).
pub(super) fn small(panel: &Panel) -> String {
    let layout = Layout::new(panel, &SMALL);
    let mut out = format!(
        "<svg class=\"shape\" width=\"{}\" height=\"{}\" aria-hidden=\"true\">",
        layout.width, layout.height
    );
    layout.draw(panel, &SMALL, &mut out);
    out.push_str("</svg>");
    out
}

/// Where a panel's nodes stand.
struct Layout {
    width: u32,
    height: u32,
    /// The height of the ground line.
    ground: f64,
    at: Vec<(f64, f64)>,
}

impl Layout {
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a label's width in px is positive and far below 2^32"
    )]
    fn new(panel: &Panel, size: &Size) -> Layout {
        let layers = panel.nodes.iter().map(|n| n.layer + 1).max().unwrap_or(1);
        let mut count = vec![0u32; layers];
        for n in &panel.nodes {
            count[n.layer] += 1;
        }
        let widest = count.iter().copied().max().unwrap_or(1).max(1);
        let step = size.step;
        let (width, foot) = if size.labels {
            let labels = panel
                .nodes
                .iter()
                .map(|n| text_width(&n.label, f64::from(TEXT)));
            let label = labels.fold(0.0, f64::max).ceil() as u32;
            let title = text_width(&panel.title, f64::from(TEXT)).ceil() as u32;
            let width = (widest * step + label).max(title + 8).max(2 * step);
            (width, TEXT + 4)
        } else {
            (widest * step + step / 2, size.stroke)
        };
        let height = size.headroom + (layers as u32 - 1) * step + foot;
        let ground = f64::from(height - foot);
        // Layer by layer from the ground, each node at the mean place of its
        // neighbours below (nodes with none after them, in the order given),
        // which keeps a tree's branches from crossing.
        let mut at = vec![(0.0, 0.0); panel.nodes.len()];
        for layer in 0..layers {
            let below = |n: usize| {
                let places: Vec<f64> = panel
                    .links
                    .iter()
                    .filter_map(|l| match l.ends {
                        (a, b) if a == n => Some(b),
                        (a, b) if b == n => Some(a),
                        _ => None,
                    })
                    .filter(|&m| panel.nodes[m].layer < layer)
                    .map(|m| at[m].0)
                    .collect();
                let mean = places.iter().sum::<f64>() / places.len() as f64;
                (!places.is_empty()).then_some(mean)
            };
            let mut row: Vec<(usize, Option<f64>)> = (0..panel.nodes.len())
                .filter(|&n| panel.nodes[n].layer == layer)
                .map(|n| (n, below(n)))
                .collect();
            row.sort_by(|a, b| match (a.1, b.1) {
                (Some(x), Some(y)) => x.total_cmp(&y),
                (x, y) => y.is_some().cmp(&x.is_some()),
            });
            let y = ground - f64::from(step) * layer as f64;
            for (slot, &(n, _)) in row.iter().enumerate() {
                let x = f64::from(width) * (slot as f64 + 0.5) / row.len() as f64;
                at[n] = (x, y);
            }
        }
        Layout {
            width,
            height,
            ground,
            at,
        }
    }

    fn draw(&self, panel: &Panel, size: &Size, out: &mut String) {
        let ink = Role::Ink.hex();
        let (ground, stroke) = (self.ground, size.stroke);
        let _ = write!(
            out,
            "<path class=\"role-ink\" stroke=\"{ink}\" stroke-width=\"{stroke}\" d=\"M0 {ground}h{}\"/>",
            self.width
        );
        // Links: the k-th repeat of a pair bends k times further out, on
        // alternate sides; the k-th loop at a node leans k steps sideways.
        let mut drawn: Vec<(usize, usize)> = Vec::new();
        for link in &panel.links {
            let (a, b) = link.ends;
            let pair = (a.min(b), a.max(b));
            let k = drawn.iter().filter(|&&p| p == pair).count();
            drawn.push(pair);
            let (x, y) = self.at[a];
            let d = if a == b {
                // A petal leaning k steps (alternately left and right) off upright.
                let step = [0.0, -1.0, 1.0, -2.0, 2.0, -3.0, 3.0][k % 7];
                let angle = (-90.0 + 26.0 * step) * std::f64::consts::PI / 180.0;
                let tip = |turn: f64| {
                    let t = angle + turn * std::f64::consts::PI / 180.0;
                    (x + size.petal * t.cos(), y + size.petal * t.sin())
                };
                let ((c, d), (e, f)) = (tip(-size.spread), tip(size.spread));
                format!("M{x:.1} {y:.1}C{c:.1} {d:.1} {e:.1} {f:.1} {x:.1} {y:.1}")
            } else {
                let (u, v) = self.at[b];
                let side = if k % 2 == 0 { 1.0 } else { -1.0 };
                let bend = side * k.div_ceil(2) as f64 * size.bend;
                let len = (u - x).hypot(v - y).max(1.0);
                let (mx, my) = (f64::midpoint(x, u), f64::midpoint(y, v));
                let (cx, cy) = (mx - bend * (v - y) / len, my + bend * (u - x) / len);
                format!("M{x:.1} {y:.1}Q{cx:.1} {cy:.1} {u:.1} {v:.1}")
            };
            let _ = write!(
                out,
                "<path class=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{stroke}\" d=\"{d}\"/>",
                link.role.class(),
                link.role.hex()
            );
        }
        let paper = Role::Paper.hex();
        let _ = write!(
            out,
            "<g class=\"role-ink\" stroke=\"{ink}\"><g class=\"role-paper\" fill=\"{paper}\">"
        );
        let r = size.radius;
        for &(x, y) in &self.at {
            let _ = write!(out, "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r}\"/>");
        }
        out.push_str("</g></g>");
        if !size.labels {
            return;
        }
        let _ = write!(
            out,
            "<g class=\"role-ink\" fill=\"{ink}\" font-size=\"{TEXT}\">\
             <text x=\"0\" y=\"{TEXT}\">{}</text>",
            escape(&panel.title)
        );
        // A label right of its node, under the line on the ground.
        for (node, &(x, y)) in panel.nodes.iter().zip(&self.at) {
            let below = if node.layer == 0 { TEXT - 1 } else { TEXT / 3 };
            let _ = write!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
                x + r + 4.0,
                y + f64::from(below),
                escape(&node.label)
            );
        }
        out.push_str("</g>");
    }
}

#[cfg(test)]
mod tests {
    use super::super::svg_text::{attributes, texts};
    use super::*;

    /// A triangle on the ground with a loop on top, beside one node.
    fn graphs() -> Graphs {
        let node = |label: &str, layer| Node {
            label: label.into(),
            layer,
        };
        let link = |a, b, n| Link {
            ends: (a, b),
            role: Role::Series(n),
        };
        Graphs {
            panels: vec![
                Panel {
                    title: "graph".into(),
                    nodes: vec![node("0", 0), node("1", 1), node("2", 1)],
                    links: vec![link(0, 1, 0), link(1, 2, 0), link(2, 0, 0), link(2, 2, 1)],
                },
                Panel {
                    title: "fused".into(),
                    nodes: vec![node("0 1 2", 0)],
                    links: vec![link(0, 0, 0), link(0, 0, 0), link(0, 0, 0)],
                },
            ],
            legend: vec![(Role::Series(0), "the triangle".into())],
            values: None,
        }
    }

    #[test]
    fn panels_stand_side_by_side_with_every_link_in_its_role() {
        let html = html(&graphs());
        assert!(html.starts_with("<div class=\"board-box\"><svg class=\"board\""));
        assert_eq!(html.matches("<circle ").count(), 4);
        assert_eq!(html.matches("<path class=\"role-series-0\"").count(), 6);
        assert_eq!(html.matches("<path class=\"role-series-1\"").count(), 1);
        // Loops are curves from a node back to it.
        let loops = attributes(&html, "d")
            .into_iter()
            .filter(|d| d.contains('C'));
        assert_eq!(loops.count(), 4, "{html}");
        assert_eq!(texts(&html), ["graph", "0", "1", "2", "fused", "0 1 2"]);
        // Text is 14 px and may shrink to 12 px, no further.
        assert_eq!(attributes(&html, "font-size"), ["14", "14"]);
        let w: u32 = attributes(&html, "width")[0].parse().unwrap();
        assert!(html.contains(&format!("min-width:{}px", w * 12 / 14)));
        assert!(html.ends_with(
            "<ul class=\"legend\"><li><span class=\"role-series-0 swatch\"></span>\
             the triangle</li></ul>"
        ));
        assert_eq!(html, super::html(&graphs()), "drawings are deterministic");
    }

    #[test]
    fn repeated_links_bend_apart() {
        let mut g = graphs();
        g.panels[0].links = vec![
            Link {
                ends: (0, 1),
                role: Role::Ink,
            };
            3
        ];
        let html = html(&g);
        let curves: Vec<&str> = attributes(&html, "d")
            .into_iter()
            .filter(|d| d.contains('Q'))
            .collect();
        assert_eq!(curves.len(), 3);
        assert_ne!(curves[1], curves[2], "{html}");
        assert_ne!(curves[0], curves[1], "{html}");
    }
}
