//! The views of `hackenbush-fusion`, drawn from its data alone.

use super::{Drawn, Results};
use crate::generators::draw::{Drawing, Graphs, Link, Node, Panel, Role, Table};
use std::collections::VecDeque;

pub fn draw(view: &str, data: &Results) -> Result<Option<Drawing>, String> {
    match view {
        "fused" => Ok(Some(fused(&data.drawn))),
        "catalogue" => Ok(Some(catalogue(data))),
        other => Err(format!("no view `{other}`")),
    }
}

/// The family as a table.
fn catalogue(data: &Results) -> Drawing {
    Drawing::Table(Table {
        columns: ["graph", "edges", "value by fusion", "value by search"]
            .map(String::from)
            .to_vec(),
        rows: data
            .graphs
            .iter()
            .map(|g| {
                vec![
                    g.edges.clone().into(),
                    g.size.into(),
                    g.value.clone().into(),
                    g.search.clone().into(),
                ]
            })
            .collect(),
    })
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
            legend.push((Role::Series(k), format!("{}: {value}", part_name(k))));
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
        title: format!("fused tree: {}", drawn.value),
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
        columns: ["edge", "part of the sum", "value of the part"]
            .map(String::from)
            .to_vec(),
        rows: drawn
            .edges
            .iter()
            .enumerate()
            .map(|(e, (a, b))| {
                let value = drawn.part_of_edge[e].map(|k| drawn.parts[k].clone());
                vec![format!("{a}-{b}").into(), part(e).into(), value.into()]
            })
            .collect(),
    };
    Drawing::Graphs(Graphs {
        panels: vec![graph_panel(drawn, role), tree],
        legend,
        values: Some(values),
    })
}

/// The graph, each vertex in the layer of its distance from the ground
/// (vertices cut from the ground one layer above the rest), in order of first
/// appearance.
fn graph_panel(drawn: &Drawn, role: impl Fn(Option<usize>) -> Role) -> Panel {
    let mut names = vec![0u32];
    for &(a, b) in &drawn.edges {
        for v in [a, b] {
            if !names.contains(&v) {
                names.push(v);
            }
        }
    }
    let index = |v: u32| {
        names
            .iter()
            .position(|&n| n == v)
            .expect("every end is named")
    };
    let mut layer = vec![usize::MAX; names.len()];
    layer[0] = 0;
    let mut queue = VecDeque::from([0]);
    while let Some(v) = queue.pop_front() {
        for &(a, b) in &drawn.edges {
            let (a, b) = (index(a), index(b));
            for (from, to) in [(a, b), (b, a)] {
                if from == v && layer[to] == usize::MAX {
                    layer[to] = layer[v] + 1;
                    queue.push_back(to);
                }
            }
        }
    }
    let top = layer
        .iter()
        .filter(|&&l| l != usize::MAX)
        .max()
        .copied()
        .unwrap_or(0);
    Panel {
        title: "graph".into(),
        nodes: names
            .iter()
            .zip(&layer)
            .map(|(v, &l)| Node {
                label: v.to_string(),
                layer: if l == usize::MAX { top + 1 } else { l },
            })
            .collect(),
        links: drawn
            .edges
            .iter()
            .zip(&drawn.part_of_edge)
            .map(|(&(a, b), &part)| Link {
                ends: (index(a), index(b)),
                role: role(part),
            })
            .collect(),
    }
}
