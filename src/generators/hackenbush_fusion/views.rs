//! The views of `hackenbush-fusion`, drawn from its data alone.

use super::{Drawn, Results};
use crate::games::hackenbush::Graph;
use crate::generators::{DataError, Params, Views};
// The vocabulary as a whole: the methods of its types live in any of its files.
use crate::draw::games::graph_panel;
use crate::draw::{
    self, Catalogue, Drawing, Graphs, Group, Item, Link, Node, Panel, Role, Shape, Table, text,
};

impl Views for Results {
    fn draw(&self, view: &str, _: &Params) -> Result<Option<draw::Drawing>, DataError> {
        let data = self;
        match view {
            "fused" => Ok(Some(fused(&data.drawn))),
            "catalogue" => catalogue(data).map(Some),
            other => Err(DataError::no_view(other)),
        }
    }
}

/// An edge list as a reader reads it: `0–1 1–2`, each edge's ends joined by
/// an en dash.
fn edge_list(edges: &str) -> String {
    edges.replace('-', "\u{2013}")
}

/// The family as a catalogue: each graph drawn small, its edges in ink and
/// those cut from the ground struck, with its value (by fusion, which the
/// search matches on every graph); its edge list is in the Data table.
fn catalogue(data: &Results) -> Result<Drawing, DataError> {
    let mut cut = false;
    let items = data
        .graphs
        .iter()
        .map(|g| {
            let graph: Graph = g.edges.parse().map_err(|e| DataError::Unreadable {
                what: "the family's graph",
                text: g.edges.clone(),
                error: Box::new(e),
            })?;
            let panel = graph_panel(graph.edges(), |_, grounded| {
                if grounded { Role::Ink } else { Role::Struck }
            });
            cut |= panel.links.iter().any(|l| l.role == Role::Struck);
            Ok(Item {
                shape: Shape::Graph(panel),
                values: vec![
                    edge_list(&g.edges).into(),
                    g.size.into(),
                    g.value.clone().into(),
                    g.search.clone().into(),
                ],
            })
        })
        .collect::<Result<Vec<_>, DataError>>()?;
    let mut legend = vec![(
        Role::Ink,
        "an edge; vertex 0 is the ground line".to_string(),
    )];
    if cut {
        legend.push((Role::Struck, "cut from the ground".into()));
    }
    Ok(Drawing::Catalogue(Catalogue {
        columns: ["graph", "edges", "value by fusion", "value by search"]
            .map(String::from)
            .to_vec(),
        under: vec![2],
        groups: vec![Group {
            heading: String::new(),
            items,
        }],
        legend,
    }))
}

/// The name of part `k` of the ground's sum.
fn part_name(k: usize) -> String {
    match k {
        0 => "loops at the ground".into(),
        k => format!("branch {k}"),
    }
}

/// The graph and its fused tree side by side, each edge in its part's
/// colour, edges cut from the ground struck; a legend gives each part's value.
fn fused(drawn: &Drawn) -> Drawing {
    let role = |part: Option<usize>| part.map_or(Role::Struck, Role::Series);
    let mut legend: Vec<(Role, String)> = Vec::new();
    for (k, value) in drawn.parts.iter().enumerate() {
        if drawn.part_of_edge.contains(&Some(k)) {
            legend.push((
                Role::Series(k),
                format!("{}: {}", part_name(k), text(value)),
            ));
        }
    }
    if drawn.part_of_edge.contains(&None) {
        legend.push((Role::Struck, "cut from the ground".into()));
    }
    let tree_links = drawn.nodes.iter().enumerate().flat_map(|(n, node)| {
        let bridge = node.parent.zip(node.bridge).map(|(p, e)| Link {
            ends: (p, n),
            role: role(drawn.part_of_edge[e]),
        });
        let loops = node.loops.iter().map(move |&e| Link {
            ends: (n, n),
            role: role(drawn.part_of_edge[e]),
        });
        bridge.into_iter().chain(loops)
    });
    let mut depth = vec![0; drawn.nodes.len()];
    for (n, node) in drawn.nodes.iter().enumerate() {
        depth[n] = node.parent.map_or(0, |p| depth[p] + 1);
    }
    let tree = Panel {
        title: format!("fused tree: {}", text(&drawn.value)),
        nodes: drawn
            .nodes
            .iter()
            .zip(&depth)
            .map(|(node, &layer)| Node {
                label: node
                    .vertices
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                layer,
            })
            .collect(),
        links: tree_links.collect(),
    };
    let part = |e: usize| drawn.part_of_edge[e].map_or("cut from the ground".into(), part_name);
    let values = Table {
        formats: Vec::new(),
        columns: ["edge", "part of the sum", "value of the part"]
            .map(String::from)
            .to_vec(),
        rows: drawn
            .edges
            .iter()
            .enumerate()
            .map(|(e, (a, b))| {
                let value = drawn.part_of_edge[e].map(|k| drawn.parts[k].clone());
                vec![
                    format!("{a}\u{2013}{b}").into(),
                    part(e).into(),
                    value.into(),
                ]
            })
            .collect(),
    };
    let graph = graph_panel(&drawn.edges, |e, _| role(drawn.part_of_edge[e]));
    Drawing::Graphs(Graphs {
        panels: vec![graph, tree],
        legend,
        values: Some(values),
    })
}
