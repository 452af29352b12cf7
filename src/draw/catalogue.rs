//! Catalogues: groups of small shapes (boards or graphs) that flow in rows,
//! each with the values written under it. Draws with `board`'s and
//! `graph`'s small drawings and writes values with `html`'s [`display`].

use super::html::display;
use super::{Catalogue, Shape, escape};

/// A catalogue as groups that flow in rows: a key naming the values under
/// each shape, then per group its heading (a compact label) and its tiles,
/// each a small drawing above the values the catalogue writes under it;
/// the legend last.
pub fn catalogue(catalogue: &Catalogue) -> String {
    let mut out = String::from("<div class=\"catalogue\">\n");
    if !catalogue.under.is_empty() {
        let graphs = catalogue
            .groups
            .iter()
            .flat_map(|g| &g.items)
            .all(|item| matches!(item.shape, Shape::Graph(_)));
        let names: Vec<String> = catalogue
            .under
            .iter()
            .filter_map(|&i| catalogue.columns.get(i))
            .map(|c| escape(c))
            .collect();
        out.push_str(&format!(
            "<p class=\"key\">Under each {}: {}.</p>\n",
            if graphs { "graph" } else { "shape" },
            names.join(", ")
        ));
    }
    out.push_str("<div class=\"groups\">\n");
    for group in &catalogue.groups {
        out.push_str("<section class=\"group\">");
        if !group.heading.is_empty() {
            // Each part of a heading (up to a `; `) stays on one line.
            let parts: Vec<String> = group
                .heading
                .split("; ")
                .map(|part| format!("<span>{}</span>", escape(part)))
                .collect();
            out.push_str(&format!(
                "<p class=\"group-heading\">{}</p>",
                parts.join("; ")
            ));
        }
        out.push_str("<ul class=\"tiles\">\n");
        for item in &group.items {
            out.push_str("<li>");
            out.push_str(&match &item.shape {
                Shape::Board(board) => super::board::small(board),
                Shape::Graph(panel) => super::graph::small(panel),
            });
            for v in catalogue.under.iter().filter_map(|&i| item.values.get(i)) {
                out.push_str(&format!("<span>{}</span>", escape(&display(v))));
            }
            out.push_str("</li>\n");
        }
        out.push_str("</ul></section>\n");
    }
    out.push_str("</div>");
    super::board::legend(&mut out, &catalogue.legend);
    out.push_str("\n</div>");
    out
}
