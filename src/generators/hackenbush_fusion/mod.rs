//! `hackenbush-fusion`: green Hackenbush valued by the fusion and the colon
//! principles, checked against the search over every edge-deletion position.
//! Over a seeded family of graphs ([`hackenbush::family`]) each graph's two
//! values; for one graph given as an edge list, its fused tree and which part
//! of the ground's nim-sum each edge belongs to; and the two values of each
//! graph of a list an essay names (the pieces of a drawn graph, say). Its
//! views are drawn in `views.rs`.

mod views;

use super::params::params;
use super::{Check, Doc, Limit, MeasureError, Params, Solve, Spec};
use crate::cgt::nimber::Nimber;
use crate::games::hackenbush::{self, Graph};
use crate::generators::data;
use serde::{Deserialize, Serialize};

/// The `hackenbush-fusion` generator: green Hackenbush by the fusion and colon principles against the search.
pub struct HackenbushFusion;

/// The most edges of a graph of the family: the search's work doubles with
/// every edge, and 16 take a fraction of a second.
pub const MAX_EDGES: i64 = 16;

params! {
    /// The parameters of `hackenbush-fusion`.
    pub struct HackenbushFusionParams {
        /// The drawn graph: edges `a-b` separated by spaces, vertex 0 the ground.
        graph: String = "0-1 1-2 2-0 0-0 0-3 3-4 4-5 5-3 3-6 6-7 6-8", at most 400;
        /// How many graphs of the seeded family; the limit on search work bounds it with `max_edges`.
        family: usize = 60, in 0..=12_000;
        /// The most edges of a graph of the family.
        max_edges: usize = 12, in 1..=MAX_EDGES;
        /// Graphs valued one by one (keys `positions.N`), each an edge list as `graph` and `ladder value hackenbush` read it, vertex 0 the ground.
        positions: Vec<String> = [], at most 24;
    }
}

/// The drawn graph, parsed.
fn graph(p: &HackenbushFusionParams) -> Result<Graph, MeasureError> {
    p.graph
        .parse()
        .map_err(|e| MeasureError::param("graph", None, e))
}

/// The listed graphs, parsed; an error names the one refused.
fn positions(p: &HackenbushFusionParams) -> Result<Vec<Graph>, MeasureError> {
    p.positions
        .iter()
        .enumerate()
        .map(|(i, text)| {
            text.parse()
                .map_err(|e| MeasureError::param("positions", Some(format!("graph {}", i + 1)), e))
        })
        .collect()
}

/// The search's work: graphs of the family times two to their most edges,
/// and each listed graph's two to its edges (the search skips a graph of
/// more than [`MAX_EDGES`] grounded edges).
fn work(params: &Params) -> Result<u128, MeasureError> {
    let p: HackenbushFusionParams = params.typed();
    let most = usize::try_from(MAX_EDGES).expect("MAX_EDGES is 16");
    let listed: u128 = positions(&p)?
        .iter()
        .map(|g| 1u128 << g.edges().len().min(most))
        .sum();
    Ok(((p.family as u128) << p.max_edges) + listed)
}

/// The value of `graph` by the search, or `None` past [`MAX_EDGES`]
/// grounded edges.
fn searched(graph: &Graph) -> Option<Nimber> {
    let most = usize::try_from(MAX_EDGES).expect("MAX_EDGES is 16");
    if graph.pruned().edges().len() <= most {
        graph.brute_force()
    } else {
        None
    }
}

/// Edges of the drawn graph.
fn drawn_edges(params: &Params) -> Result<u128, MeasureError> {
    Ok(graph(&params.typed())?.edges().len() as u128)
}

static SPEC: Spec = Spec {
    name: "hackenbush-fusion",
    description: "Green Hackenbush valued by fusing every cycle and the colon principle, checked against the \
                  search over edge-deletion positions, on a seeded family of graphs and on one drawn graph.",
    params: HackenbushFusionParams::PARAMS,
    example: &[
        ("family", "5"),
        ("max_edges", "6"),
        ("graph", "\"0-1 1-2 2-0\""),
        ("positions", "[\"0-1 0-2\"]"),
    ],
    limits: &[
        Limit {
            name: "search work",
            doc: "graphs of the family times 2 to the power of their most edges, and 2 to the power of \
                  each listed graph's edges (at most 16); each graph is searched apart and the search's \
                  work doubles with every edge: on a release build 100 graphs of up to 16 edges take \
                  1.2 s of CPU and 400 take 3.8 s (under 10 ms a graph, 11 MB), so 6,000 graphs of 16 \
                  edges (or 12,000 of 15) come to about a minute",
            max: 6_000 << MAX_EDGES,
            ceiling: 24_000 << MAX_EDGES,
            ceiling_cost: "four times the limit: about 4 minutes of CPU, 11 MB",
            measure: work,
            params: &["family", "max_edges", "positions"],
        },
        Limit {
            name: "drawn edges",
            doc: "edges of the drawn graph; beyond them its drawing is a tangle",
            max: 24,
            ceiling: 48,
            ceiling_cost: "a drawing of 48 edges, a tangle, takes milliseconds",
            measure: drawn_edges,
            params: &["graph"],
        },
    ],
    names: &[],
    identities: &[
        Doc {
            name: "fusion equals the search on every graph of the family",
            doc: "The value by fusion and the colon principle equals the Grundy value found by searching every \
                  position reached by deleting edges.",
        },
        Doc {
            name: "fusion equals the search on every listed graph",
            doc: "The same for each graph of `positions` with at most 16 grounded edges.",
        },
        Doc {
            name: "the drawn graph's parts add up to its value",
            doc: "The nim-sum of the parts of the ground's sum (its loops and each branch) is the graph's value \
                  by the search (by fusion past 16 grounded edges, where the search is not run).",
        },
    ],
    views: &[
        Doc {
            name: "fused",
            doc: "The drawn graph and its fused tree side by side, each edge in the colour of its part of the sum.",
        },
        Doc {
            name: "catalogue",
            doc: "The family as a catalogue: each graph drawn small with its value; its edges and its \
                  value by fusion and by the search in the Data table.",
        },
    ],
};

data! {
    /// What a run finds: its data.
    pub struct Results {
        /// The family (graphs.N): .edges (the edge list), .size (edges), .loops (edges with both
        /// ends at one vertex), .repeated (edges joining the same two vertices as an earlier edge,
        /// a second loop at one vertex included), .floating (edges with no path to the ground),
        /// .value (by fusion, as a nimber), .grundy (that value as an integer), .search (the value
        /// by the search).
        graphs: Vec<Entry>,
        /// Graphs in the family.
        count: usize,
        /// Graphs of the family worth 0 (second-player wins).
        zero: usize,
        /// The largest Grundy value in the family.
        largest: u32,
        /// The drawn graph: .edges (pairs), .value, .search (null past 16 grounded edges),
        /// .part_of_edge (per edge, its part of the ground's sum: 0 the ground's loops, k its k-th
        /// branch; null when cut from the ground), .parts (each part's value), .nodes (the fused
        /// tree, ground first: .vertices, .parent, .bridge, .loops, .value).
        drawn: Drawn,
        /// Each graph of `positions` (positions.N), in order: .graph (its edge list), .value (by
        /// fusion, as a nimber), .grundy (that value as an integer), .search (the value by the
        /// search; null past 16 grounded edges).
        positions: Vec<Listed>,
    }
}

/// One graph of `positions`.
#[derive(Serialize, Deserialize)]
struct Listed {
    graph: String,
    value: String,
    grundy: u32,
    search: Option<String>,
}

/// One graph of the family.
#[derive(Serialize, Deserialize)]
struct Entry {
    edges: String,
    size: usize,
    /// Edges with both ends at one vertex.
    loops: usize,
    /// Edges joining the same two vertices as an earlier edge (a loop at
    /// the same vertex as an earlier loop included).
    repeated: usize,
    /// Edges with no path to the ground: the pieces floating free of it.
    floating: usize,
    value: String,
    grundy: u32,
    search: String,
}

/// The drawn graph and its fused tree.
#[derive(Serialize, Deserialize)]
struct Drawn {
    edges: Vec<(u32, u32)>,
    value: String,
    search: Option<String>,
    part_of_edge: Vec<Option<usize>>,
    parts: Vec<String>,
    nodes: Vec<FusedNode>,
}

/// A node of the fused tree.
#[derive(Serialize, Deserialize)]
struct FusedNode {
    vertices: Vec<u32>,
    parent: Option<usize>,
    bridge: Option<usize>,
    loops: Vec<usize>,
    value: String,
}

impl Solve for HackenbushFusion {
    type Data = Results;
    const SPEC: &'static Spec = &SPEC;

    fn solve(&self, params: &Params) -> (Results, Vec<Check>) {
        let p: HackenbushFusionParams = params.typed();
        let (count, graph) = (p.family, graph(&p).expect("the limits read the graph"));
        let graphs: Vec<Entry> = hackenbush::family(count, p.max_edges)
            .iter()
            .map(entry)
            .collect();
        let differ: Vec<&str> = graphs
            .iter()
            .filter(|e| e.value != e.search)
            .map(|e| e.edges.as_str())
            .collect();
        let listed: Vec<Listed> = positions(&p)
            .expect("the limits read the listed graphs")
            .iter()
            .map(listed)
            .collect();
        let listed_differ: Vec<&str> = listed
            .iter()
            .filter(|l| l.search.as_ref().is_some_and(|s| *s != l.value))
            .map(|l| l.graph.as_str())
            .collect();
        let fusion = graph.fusion();
        let search = searched(&graph);
        let sum: Nimber = fusion.parts.iter().copied().sum();
        let checks = vec![
            Check::that(
                "fusion equals the search on every graph of the family",
                differ.is_empty(),
                if differ.is_empty() {
                    format!("all {count} graphs agree")
                } else {
                    format!("they differ on {}", differ.join("; "))
                },
            ),
            Check::that(
                "fusion equals the search on every listed graph",
                listed_differ.is_empty(),
                if listed_differ.is_empty() {
                    format!("all {} listed graphs agree", listed.len())
                } else {
                    format!("they differ on {}", listed_differ.join("; "))
                },
            ),
            Check::equal(
                "the drawn graph's parts add up to its value",
                sum,
                search.unwrap_or(fusion.value()),
            ),
        ];
        let drawn = drawn(&graph, &fusion, search);
        let data = Results {
            count,
            zero: graphs.iter().filter(|e| e.grundy == 0).count(),
            largest: graphs.iter().map(|e| e.grundy).max().unwrap_or(0),
            graphs,
            drawn,
            positions: listed,
        };
        (data, checks)
    }
}

/// A graph of the family with its value by fusion and by search, and the
/// counts of its loops, repeated edges and edges floating free of the ground.
fn entry(g: &Graph) -> Entry {
    let fusion = g.fusion();
    let value = fusion.value();
    let search = g.brute_force().expect("the family's graphs are small");
    let edges = g.edges();
    let ends = |&(a, b): &(u32, u32)| (a.min(b), a.max(b));
    Entry {
        edges: g.to_string(),
        size: edges.len(),
        loops: edges.iter().filter(|(a, b)| a == b).count(),
        repeated: (0..edges.len())
            .filter(|&i| edges[..i].iter().any(|e| ends(e) == ends(&edges[i])))
            .count(),
        floating: fusion.part_of_edge.iter().filter(|p| p.is_none()).count(),
        value: value.to_string(),
        grundy: value.0,
        search: search.to_string(),
    }
}

/// A listed graph with its value by fusion and, where small enough, by search.
fn listed(g: &Graph) -> Listed {
    let value = g.fusion().value();
    Listed {
        graph: g.to_string(),
        value: value.to_string(),
        grundy: value.0,
        search: searched(g).map(|v| v.to_string()),
    }
}

/// The drawn graph as fusion leaves it: its parts and the fused tree.
fn drawn(graph: &Graph, fusion: &hackenbush::Fusion, search: Option<Nimber>) -> Drawn {
    Drawn {
        edges: graph.edges().to_vec(),
        value: fusion.value().to_string(),
        search: search.map(|v| v.to_string()),
        part_of_edge: fusion.part_of_edge.clone(),
        parts: fusion.parts.iter().map(ToString::to_string).collect(),
        nodes: fusion
            .nodes
            .iter()
            .map(|n| FusedNode {
                vertices: n.vertices.clone(),
                parent: n.parent.map(|(p, _)| p),
                bridge: n.parent.map(|(_, e)| e),
                loops: n.loops.clone(),
                value: n.value.to_string(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw;
    use crate::generators::{Data, Generator};

    fn params(pairs: &[(&str, &str)]) -> Params {
        Params::from_text(&SPEC, pairs).unwrap()
    }

    #[test]
    fn the_default_run_holds_and_values_the_drawn_graph() {
        let out = HackenbushFusion.run(&params(&[]));
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
        let d = &out.data;
        assert_eq!(d["count"], 60);
        assert_eq!(d["graphs"].as_array().unwrap().len(), 60);
        // The default graph: the ground's triangle and loop fuse to four
        // loops (0); above vertex 3 the triangle 3-4-5 fuses to three loops
        // (*), with a bridge to 6 carrying two stalks of one (* + * = 0,
        // so 1 + 0 = *): 3 is worth * + * = 0 and its branch 1 + 0 = *.
        assert_eq!(d["drawn"]["value"], "*");
        assert_eq!(d["drawn"]["search"], "*");
        assert_eq!(d["drawn"]["parts"], serde_json::json!(["0", "*"]));
        assert_eq!(
            d["drawn"]["nodes"][0]["vertices"],
            serde_json::json!([0, 1, 2])
        );
        let zero = d["graphs"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["value"] == "0")
            .count();
        assert_eq!(d["zero"], zero);
        // By hand: graph 0 has 0-5 twice; graph 3 a loop on the ground's
        // edge and a piece of three edges, loop 4-4 and 2-3, 5-3, cut from
        // the ground; graph 6 two loops at the ground, the second repeating
        // the first.
        let counts = |i: usize, edges: &str| {
            let g = &d["graphs"][i];
            assert_eq!(g["edges"], edges);
            [&g["loops"], &g["repeated"], &g["floating"]].map(|v| v.as_u64().unwrap())
        };
        assert_eq!(counts(0, "1-2 0-1 3-4 0-5 0-5 4-5 4-0"), [0, 1, 0]);
        assert_eq!(counts(3, "0-1 1-1 2-3 4-4 5-3"), [2, 0, 3]);
        assert_eq!(counts(6, "0-0 0-0 0-1"), [2, 1, 0]);
    }

    #[test]
    fn values_each_listed_graph_by_fusion_and_by_the_search() {
        // The pieces of the default drawn graph, each standing on its own
        // ground (the vertex it hangs from renamed 0). By hand: the fork
        // above 6 is two stalks of one, * + * = 0; the edge 3-6 under it is
        // a stalk of one on a 0, so *; above 3, the triangle's three loops
        // (*) beside that * make 0; the edge 0-3 under that 0 gives *. The
        // edge with the fork by play: cutting 0-6 leaves nothing, cutting
        // 6-7 or 6-8 a stalk of two (*2), so mex{0, 2} = 1.
        let pieces = [
            ("0-7 0-8", "0"),
            ("0-6 6-7 6-8", "*"),
            ("0-4 4-5 5-0 0-6 6-7 6-8", "0"),
            ("0-3 3-4 4-5 5-3 3-6 6-7 6-8", "*"),
        ];
        let list: Vec<String> = pieces.iter().map(|(g, _)| format!("\"{g}\"")).collect();
        let p = params(&[
            ("family", "0"),
            ("positions", &format!("[{}]", list.join(", "))),
        ]);
        SPEC.check_limits(&p).unwrap();
        let out = HackenbushFusion.run(&p);
        assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
        for (i, (graph, value)) in pieces.iter().enumerate() {
            let listed = &out.data["positions"][i];
            assert_eq!(listed["graph"], *graph);
            assert_eq!(listed["value"], *value, "{graph}");
            assert_eq!(listed["search"], *value, "{graph}");
        }
        // The branch is the drawn graph's second part.
        let drawn = HackenbushFusion.run(&params(&[("family", "0")]));
        assert_eq!(
            drawn.data["drawn"]["parts"][1],
            out.data["positions"][3]["value"]
        );
        // Past 16 grounded edges the search is not run; fusion still values it.
        let stalk: Vec<String> = (0..17).map(|v| format!("{v}-{}", v + 1)).collect();
        let tall = params(&[
            ("family", "0"),
            ("positions", &format!("[\"{}\"]", stalk.join(" "))),
        ]);
        let out = HackenbushFusion.run(&tall);
        assert_eq!(out.data["positions"][0]["value"], "*17");
        assert_eq!(out.data["positions"][0]["search"], serde_json::Value::Null);
    }

    #[test]
    fn refuses_a_bad_graph_naming_the_token_and_a_graph_too_large_to_draw() {
        let bad = params(&[("graph", "\"0-1 1=2\"")]);
        let err = SPEC.check_limits(&bad).unwrap_err().to_string();
        assert!(err.contains("`1=2` at column 5"), "{err}");
        let bad = params(&[("positions", "[\"0-1\", \"0-1 1=2\"]")]);
        let err = SPEC.check_limits(&bad).unwrap_err().to_string();
        assert!(
            err.contains("parameter `positions`, graph 2: `1=2` at column 5"),
            "{err}"
        );
        let stalk: Vec<String> = (0..25).map(|v| format!("{v}-{}", v + 1)).collect();
        let tall = params(&[("graph", &format!("\"{}\"", stalk.join(" ")))]);
        let err = SPEC.check_limits(&tall).unwrap_err().to_string();
        assert!(
            err.contains("drawn edges is 25, over the limit of 24"),
            "{err}"
        );
        let slow = params(&[("family", "6001"), ("max_edges", "16")]);
        let err = SPEC.check_limits(&slow).unwrap_err().to_string();
        assert!(err.contains("doubles with every edge"), "{err}");
        assert!(err.contains("`max_search_work = 393281536`"), "{err}");
        let wide = params(&[("family", "12000"), ("max_edges", "15")]);
        SPEC.check_limits(&wide).unwrap();
    }

    #[test]
    fn both_views_draw_from_the_data() {
        let p = params(&[("family", "5"), ("max_edges", "6")]);
        let data = Data::from_value(HackenbushFusion.run(&p).data).unwrap();
        let fused = HackenbushFusion.draw("fused", &p, &data).unwrap().unwrap();
        let draw::Drawing::Graphs(graphs) = fused else {
            panic!("the fused view is node-link graphs");
        };
        assert_eq!(graphs.panels.len(), 2);
        assert_eq!(graphs.panels[0].links.len(), 11);
        // The fused tree: the ground (with 1 and 2), 3 (with 4 and 5), 6, 7
        // and 8: four bridges and seven loops.
        assert_eq!(graphs.panels[1].nodes.len(), 5);
        assert_eq!(graphs.panels[1].links.len(), 4 + 7);
        let catalogue = HackenbushFusion
            .draw("catalogue", &p, &data)
            .unwrap()
            .unwrap();
        let draw::Drawing::Catalogue(catalogue) = catalogue else {
            panic!("the catalogue is a catalogue of graphs");
        };
        // Each graph of the family drawn with its edges, its value under it.
        let graphs = data.get("graphs").unwrap().unwrap();
        let items = &catalogue.groups[0].items;
        assert_eq!(items.len(), 5);
        for (item, graph) in items.iter().zip(graphs.as_array().unwrap()) {
            let draw::Shape::Graph(panel) = &item.shape else {
                panic!("a graph is drawn as one");
            };
            assert_eq!(serde_json::json!(panel.links.len()), graph["size"]);
            assert_eq!(item.values[2], graph["value"]);
            assert_eq!(
                item.values[0],
                graph["edges"].as_str().unwrap().replace('-', "\u{2013}")
            );
        }
        assert_eq!(catalogue.under, [2]);
        assert_eq!(catalogue.columns[2], "value by fusion");
        assert!(HackenbushFusion.draw("pie", &p, &data).is_err());
    }
}
