//! Green Hackenbush: a graph whose vertex `0` is the ground; a move deletes one
//! edge, and every edge no longer connected to the ground falls away with it.
//! Both players have the same moves (every edge is green), so the game is
//! impartial; under normal play the player who cannot move loses. A graph is
//! written as its edge list, `a-b` tokens separated by spaces (`0-1 1-2 2-0`);
//! loops (`3-3`) and repeated edges are allowed, and edges never connected to
//! the ground are removed before play.
//!
//! Its value is found without search by two principles (Berlekamp, Conway and
//! Guy, *Winning Ways*, chapter 7):
//!
//! - the *colon principle*: a branch may be replaced by any branch of the same
//!   value, so on a tree each vertex `v` is worth the nim-sum, over the edges
//!   to its children `c`, of `1 + value(c)` (ordinary `+1`: an edge below a
//!   subtree worth `*n` is a stalk worth `*(n + 1)`);
//! - the *fusion principle*: the vertices of a cycle may be fused into one
//!   vertex without changing the value, the cycle's edges becoming loops,
//!   each a stalk of length 1 worth `*`.
//!
//! Fusing every cycle contracts each 2-edge-connected component (the pieces
//! left when the bridges are cut) to one vertex, the ground's component to the
//! ground, leaving a tree of bridges with loops: [`Graph::fusion`] finds the
//! bridges by one iterative depth-first search and evaluates the tree from
//! the leaves, in time linear in the graph's size. [`Graph::brute_force`]
//! instead searches every edge-deletion position with the core's memoised
//! [`Grundy`] evaluator, the graph supplying only its moves ([`Impartial`]);
//! the two agree on every graph (a theorem, tested on a seeded [`family`]).

use crate::cgt::nimber::{Grundy, Impartial, Nimber};
use crate::cgt::random::SplitMix64;
use rustc_hash::FxHashMap;
use std::fmt;
use std::str::FromStr;

/// A graph given by its edges, in input order; vertex `0` is the ground.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graph {
    edges: Vec<(u32, u32)>,
}

/// Why an edge list was refused: the token, where it starts and what was
/// expected instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{token}` at column {column}: expected an edge `a-b` with a and b non-negative integers \
     (at most {max})",
    max = u32::MAX
)]
pub struct ParseError {
    /// The refused token.
    pub token: String,
    /// Its first character's column in the edge list, from 1.
    pub column: usize,
}

impl FromStr for Graph {
    type Err = ParseError;

    /// Reads an edge list: `a-b` tokens separated by whitespace.
    fn from_str(text: &str) -> Result<Graph, ParseError> {
        let vertex = |s: &str| {
            if s.bytes().all(|b| b.is_ascii_digit()) {
                s.parse::<u32>().ok()
            } else {
                None
            }
        };
        let mut edges = Vec::new();
        let mut rest = text;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            let token = &rest[start..];
            let len = token.find(char::is_whitespace).unwrap_or(token.len());
            let token = &token[..len];
            let edge = token
                .split_once('-')
                .and_then(|(a, b)| Some((vertex(a)?, vertex(b)?)));
            if let Some(edge) = edge {
                edges.push(edge);
            } else {
                let offset = text.len() - rest.len() + start;
                return Err(ParseError {
                    token: token.to_string(),
                    column: text[..offset].chars().count() + 1,
                });
            }
            rest = &rest[start + len..];
        }
        Ok(Graph { edges })
    }
}

/// The edge list, as it is read.
impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (a, b)) in self.edges.iter().enumerate() {
            let space = if i == 0 { "" } else { " " };
            write!(f, "{space}{a}-{b}")?;
        }
        Ok(())
    }
}

/// The fused tree of a graph: every 2-edge-connected component of its grounded
/// part fused into one node, joined by the bridges, with the value of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fusion {
    /// The nodes, the ground's first, every parent before its children.
    pub nodes: Vec<Node>,
    /// For each input edge, the part of the ground's nim-sum it belongs to:
    /// part 0 is the ground's loops, part `k` the branch through the ground's
    /// `k`-th child node (in node order); `None` for an edge cut from the ground.
    pub part_of_edge: Vec<Option<usize>>,
    /// The value of each part: the ground's loops are worth `*` when odd, a
    /// branch `1 + value(child)`. Their nim-sum is the graph's value.
    pub parts: Vec<Nimber>,
}

/// One node of the fused tree: a 2-edge-connected component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The input's vertices fused into it, in increasing order.
    pub vertices: Vec<u32>,
    /// The parent node and the bridge to it (an input edge), but for the ground.
    pub parent: Option<(usize, usize)>,
    /// The input edges that became loops here: the component's edges.
    pub loops: Vec<usize>,
    /// The value of the subtree above this node, by the colon principle.
    pub value: Nimber,
}

impl Fusion {
    /// The graph's value: the ground's.
    pub fn value(&self) -> Nimber {
        self.nodes[0].value
    }
}

impl Graph {
    /// A graph of the given edges.
    pub fn new(edges: Vec<(u32, u32)>) -> Graph {
        Graph { edges }
    }

    /// The edges, as pairs of vertices (vertex 0 the ground).
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The vertices renumbered densely, in order of first appearance with the
    /// ground first (it is index 0 whether or not an edge touches it), and
    /// each edge's ends as those numbers.
    fn dense(&self) -> (Vec<u32>, Vec<(usize, usize)>) {
        let mut index: FxHashMap<u32, usize> = FxHashMap::default();
        let mut names = vec![0];
        index.insert(0, 0);
        let mut id = |v: u32| {
            *index.entry(v).or_insert_with(|| {
                names.push(v);
                names.len() - 1
            })
        };
        let ends = self.edges.iter().map(|&(a, b)| (id(a), id(b))).collect();
        (names, ends)
    }

    /// The graph without the edges cut off from the ground.
    pub fn pruned(&self) -> Graph {
        let fusion = self.fusion();
        let edges = self.edges.iter().zip(&fusion.part_of_edge);
        Graph {
            edges: edges
                .filter(|(_, p)| p.is_some())
                .map(|(&e, _)| e)
                .collect(),
        }
    }

    /// The value by the fusion and the colon principles, with the fused tree.
    pub fn fusion(&self) -> Fusion {
        let (names, ends) = self.dense();
        let bridges = Bridges::find(names.len(), &ends);
        // The components, by a search from the ground that floods each one
        // along its non-bridge edges and queues the far end of each bridge
        // as the seed of a child.
        let unset = usize::MAX;
        let mut node_of = vec![unset; names.len()];
        let mut nodes: Vec<Node> = Vec::new();
        let mut seeds = std::collections::VecDeque::from([(0, None)]);
        while let Some((seed, parent)) = seeds.pop_front() {
            let node = nodes.len();
            let mut vertices = Vec::new();
            let mut stack = vec![seed];
            node_of[seed] = node;
            while let Some(v) = stack.pop() {
                vertices.push(names[v]);
                for &(u, e) in bridges.neighbours(v) {
                    if node_of[u] != unset {
                        continue;
                    }
                    if bridges.is_bridge[e] {
                        seeds.push_back((u, Some((node, e))));
                    } else {
                        node_of[u] = node;
                        stack.push(u);
                    }
                }
            }
            vertices.sort_unstable();
            nodes.push(Node {
                vertices,
                parent,
                loops: Vec::new(),
                value: Nimber::ZERO,
            });
        }
        for (e, &(a, _)) in ends.iter().enumerate() {
            if node_of[a] != unset && !bridges.is_bridge[e] {
                nodes[node_of[a]].loops.push(e);
            }
        }
        // The colon principle, from the leaves down: a node's value holds the
        // nim-sum of its children's branches until its loops are added.
        for n in (0..nodes.len()).rev() {
            let value = Nimber(u32::from(nodes[n].loops.len() % 2 == 1)) + nodes[n].value;
            nodes[n].value = value;
            if let Some((p, _)) = nodes[n].parent {
                nodes[p].value += Nimber(value.0 + 1);
            }
        }
        // Parts of the ground's sum: its loops, then one per branch.
        let mut part_of_node = vec![0; nodes.len()];
        let mut parts = vec![Nimber(u32::from(nodes[0].loops.len() % 2 == 1))];
        for n in 1..nodes.len() {
            let (p, _) = nodes[n]
                .parent
                .expect("every node but the ground's has a parent");
            part_of_node[n] = match p {
                0 => {
                    parts.push(Nimber(nodes[n].value.0 + 1));
                    parts.len() - 1
                }
                _ => part_of_node[p],
            };
        }
        let part_of_edge = ends
            .iter()
            .enumerate()
            .map(|(e, &(a, b))| {
                if bridges.is_bridge[e] {
                    Some(part_of_node[node_of[a].max(node_of[b])])
                } else {
                    (node_of[a] != unset).then(|| part_of_node[node_of[a]])
                }
            })
            .collect();
        Fusion {
            nodes,
            part_of_edge,
            parts,
        }
    }

    /// The value by search over every position reached by deleting edges (the
    /// edges cut from the ground removed after each move), or `None` when more
    /// than [`BRUTE_FORCE_EDGES`] edges are grounded. The work doubles with
    /// every edge: 16 edges are a fraction of a second.
    #[allow(
        clippy::cast_possible_truncation,
        reason = "at most BRUTE_FORCE_EDGES (64) edges"
    )]
    pub fn brute_force(&self) -> Option<Nimber> {
        let pruned = self.pruned();
        if pruned.edges.len() > BRUTE_FORCE_EDGES {
            return None;
        }
        let (_, ends) = pruned.dense();
        let game = Deletions { ends };
        let all = u64::MAX
            .checked_shr((BRUTE_FORCE_EDGES - game.ends.len()) as u32)
            .unwrap_or(0);
        Some(Grundy::new(&game).value(&all))
    }
}

/// The most grounded edges [`Graph::brute_force`] takes: a position is a `u64`.
pub const BRUTE_FORCE_EDGES: usize = u64::BITS as usize;

/// The bridges of a graph on dense vertices, found from the ground (vertex 0)
/// by Tarjan's low-point search, made iterative so that a long stalk cannot
/// overflow the stack. Vertices the search does not reach are cut from the
/// ground; their edges are not bridges.
struct Bridges {
    /// Adjacency as (neighbour, edge), loops left out: vertex `v`'s are
    /// `adjacent[start[v]..start[v + 1]]`.
    start: Vec<usize>,
    adjacent: Vec<(usize, usize)>,
    is_bridge: Vec<bool>,
}

impl Bridges {
    fn find(vertices: usize, ends: &[(usize, usize)]) -> Bridges {
        let mut start = vec![0; vertices + 1];
        for &(a, b) in ends.iter().filter(|(a, b)| a != b) {
            start[a + 1] += 1;
            start[b + 1] += 1;
        }
        for v in 0..vertices {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut adjacent = vec![(0, 0); start[vertices]];
        for (e, &(a, b)) in ends.iter().enumerate().filter(|(_, (a, b))| a != b) {
            adjacent[fill[a]] = (b, e);
            fill[a] += 1;
            adjacent[fill[b]] = (a, e);
            fill[b] += 1;
        }
        let mut bridges = Bridges {
            start,
            adjacent,
            is_bridge: vec![false; ends.len()],
        };
        // Discovery order and low point (the earliest vertex reachable by
        // tree edges then one back edge) of each vertex; 0 is unvisited.
        let mut order = vec![0; vertices];
        let mut low = vec![0; vertices];
        // The path: (vertex, the edge it was entered by, next neighbour).
        let mut path = vec![(0, usize::MAX, bridges.start[0])];
        order[0] = 1;
        low[0] = 1;
        let mut visited = 1;
        while let Some(&mut (v, entered, ref mut next)) = path.last_mut() {
            if *next < bridges.start[v + 1] {
                let (u, e) = bridges.adjacent[*next];
                *next += 1;
                if e == entered {
                    continue;
                }
                if order[u] == 0 {
                    visited += 1;
                    order[u] = visited;
                    low[u] = visited;
                    path.push((u, e, bridges.start[u]));
                } else {
                    low[v] = low[v].min(order[u]);
                }
                continue;
            }
            path.pop();
            if let Some(&(parent, _, _)) = path.last() {
                low[parent] = low[parent].min(low[v]);
                if low[v] > order[parent] {
                    bridges.is_bridge[entered] = true;
                }
            }
        }
        bridges
    }

    fn neighbours(&self, v: usize) -> &[(usize, usize)] {
        &self.adjacent[self.start[v]..self.start[v + 1]]
    }
}

/// Green Hackenbush on one graph for the core's [`Grundy`] search: a position
/// is the set of edges still there (bit `e` for edge `e`, vertex 0 the ground),
/// a region the edges of one branch at the ground.
struct Deletions {
    ends: Vec<(usize, usize)>,
}

impl Deletions {
    /// The edges of `edges` still connected to the ground.
    fn grounded(&self, edges: u64) -> u64 {
        let (mut reached, mut kept) = (1u128, 0u64);
        loop {
            let before = kept;
            for e in bits(edges & !kept) {
                let (a, b) = self.ends[e];
                if (reached >> a | reached >> b) & 1 == 1 {
                    reached |= 1 << a | 1 << b;
                    kept |= 1 << e;
                }
            }
            if kept == before {
                return kept;
            }
        }
    }
}

/// The indices of the set bits of `set`.
fn bits(set: u64) -> impl Iterator<Item = usize> {
    (0..u64::BITS as usize).filter(move |&i| set >> i & 1 == 1)
}

impl Impartial for Deletions {
    type Position = u64;
    type Key = u64;

    /// Deleting any one edge; what falls away goes when the result is split
    /// into regions.
    fn moves(&self, &edges: &u64, out: &mut Vec<u64>) {
        out.extend(bits(edges).map(|e| edges & !(1 << e)));
    }

    /// The grounded edges, split at the ground: two edges are in one region
    /// when a path joins them that does not pass through the ground.
    fn regions(&self, &edges: &u64, out: &mut Vec<u64>) {
        let mut left = self.grounded(edges);
        while left != 0 {
            let mut region = left & left.wrapping_neg();
            let mut touched: u128 = 0;
            loop {
                for e in bits(region) {
                    let (a, b) = self.ends[e];
                    touched |= (1 << a | 1 << b) & !1;
                }
                let joined = bits(left & !region)
                    .filter(|&e| {
                        let (a, b) = self.ends[e];
                        (touched >> a | touched >> b) & 1 == 1
                    })
                    .fold(0, |set, e| set | 1 << e);
                if joined == 0 {
                    break;
                }
                region |= joined;
            }
            out.push(region);
            left &= !region;
        }
    }

    fn key(&self, &edges: &u64) -> u64 {
        edges
    }
}

/// A deterministic family of `count` graphs, graph `i` with between 1 and
/// `max_edges` edges, drawn by the core's [`SplitMix64`] (its constants
/// written there, so the family is fixed by this code alone). Each edge joins
/// two vertices each chosen among those already used and one new one, so the
/// family holds stalks, trees, cycles, loops, repeated edges and, now and then,
/// pieces floating free of the ground.
pub fn family(count: usize, max_edges: usize) -> Vec<Graph> {
    let mut random = SplitMix64::new(0x4861_636b_656e_6275); // "Hackenbu"
    let mut next =
        |below: usize| u32::try_from(random.below(below)).expect("below a count of edges");
    (0..count)
        .map(|_| {
            let edges = 1 + next(max_edges.max(1)) as usize;
            let mut used = 1;
            let mut list = Vec::with_capacity(edges);
            for _ in 0..edges {
                let a = next(used as usize + 1);
                used += u32::from(a == used);
                let b = next(used as usize + 1);
                used += u32::from(b == used);
                list.push((a, b));
            }
            Graph::new(list)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(text: &str) -> Graph {
        text.parse().unwrap()
    }

    /// The value by fusion, checked against the search where it is small.
    fn value(text: &str) -> Nimber {
        let g = graph(text);
        let fused = g.fusion().value();
        if g.edges().len() <= 16 {
            assert_eq!(g.brute_force(), Some(fused), "{text}");
        }
        fused
    }

    #[test]
    fn a_triangle_on_the_ground_is_star_and_a_stalk_of_two_is_star_two() {
        // Fusing the triangle leaves three loops at the ground: * + * + * = *.
        assert_eq!(value("0-1 1-2 2-0"), Nimber(1));
        assert_eq!(value("0-1 1-2"), Nimber(2));
    }

    #[test]
    fn loops_at_the_ground_are_stalks_of_one() {
        assert_eq!(value("0-0"), Nimber(1));
        assert_eq!(value("0-0 0-0"), Nimber(0));
        assert_eq!(value("0-0 0-0 0-0"), Nimber(1));
        // A loop on top of a stalk of one: 1 + * = *2.
        assert_eq!(value("0-1 1-1"), Nimber(2));
    }

    #[test]
    fn a_stalk_of_n_edges_is_star_n() {
        for n in 0..=16u32 {
            let stalk: Vec<(u32, u32)> = (0..n).map(|v| (v, v + 1)).collect();
            let g = Graph::new(stalk);
            assert_eq!(g.fusion().value(), Nimber(n));
            assert_eq!(g.brute_force(), Some(Nimber(n)));
        }
        // The search for bridges is iterative: a stalk of 200,000 edges, its
        // vertices named from the top down, takes no deep recursion.
        let n = 200_000;
        let tall = Graph::new((0..n).map(|v| (n - v, n - v - 1)).collect());
        assert_eq!(tall.fusion().value(), Nimber(n));
    }

    #[test]
    fn a_piece_cut_off_from_the_ground_counts_for_nothing() {
        assert_eq!(value("5-6 6-7 7-5"), Nimber(0));
        assert_eq!(value("0-1 5-6 6-7 7-5 8-8"), Nimber(1));
        assert_eq!(graph("0-1 5-6 1-2 9-9").pruned(), graph("0-1 1-2"));
        let fusion = graph("0-1 5-6").fusion();
        assert_eq!(fusion.part_of_edge, [Some(1), None]);
        assert_eq!(fusion.nodes.len(), 2);
    }

    #[test]
    fn cycles_through_the_ground_are_worth_their_length_mod_two() {
        // The fusion principle (Winning Ways, chapter 7): a circuit from the
        // ground back to it fuses to as many loops as it has edges.
        for n in 1..=9u32 {
            let cycle: Vec<(u32, u32)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
            let g = Graph::new(cycle);
            assert_eq!(g.fusion().value(), Nimber(n % 2), "{g}");
            assert_eq!(g.brute_force(), Some(Nimber(n % 2)), "{g}");
        }
        // Three parallel edges to the ground are three loops.
        assert_eq!(value("0-1 0-1 0-1"), Nimber(1));
    }

    #[test]
    fn trees_are_valued_by_the_colon_principle() {
        // Ground - 1, with 1 - 2 and 1 - 3 - 4 above: value(2) = value(4) = 0,
        // value(3) = 1 + 0 = 1, value(1) = (1 + 0) xor (1 + 1) = 1 xor 2 = 3,
        // so the tree is 1 + 3 = *4.
        assert_eq!(value("0-1 1-2 1-3 3-4"), Nimber(4));
        // Two stalks of 2 and 3 at the ground: *2 + *3 = *.
        assert_eq!(value("0-1 1-2 0-3 3-4 4-5"), Nimber(1));
        // A lollipop: a stalk of one under a triangle; the triangle fuses to
        // three loops worth *, so it is 1 + 1 = *2.
        assert_eq!(value("0-1 1-2 2-3 3-1"), Nimber(2));
        // A square on the ground with a stalk of one on a corner: four loops
        // (0) and the branch 1 + 0 = *, so *.
        assert_eq!(value("0-1 1-2 2-3 3-0 2-4"), Nimber(1));
    }

    #[test]
    fn the_fused_tree_names_each_edge_s_part_of_the_sum() {
        // A loop at the ground, a triangle on the ground and a stalk of two
        // above vertex 5, joined to the ground by a bridge.
        let g = graph("0-0 0-1 1-2 2-0 0-5 5-6 6-7");
        let f = g.fusion();
        assert_eq!(f.nodes[0].vertices, [0, 1, 2]);
        assert_eq!(f.nodes[0].loops, [0, 1, 2, 3]);
        assert_eq!(f.nodes[1].vertices, [5]);
        assert_eq!(f.nodes[1].parent, Some((0, 4)));
        assert_eq!(f.nodes[3].value, Nimber(0));
        assert_eq!(f.nodes[1].value, Nimber(2));
        assert_eq!(f.part_of_edge, [0, 0, 0, 0, 1, 1, 1].map(Some));
        // Four loops (0) and the branch 1 + *2 = *3.
        assert_eq!(f.parts, [Nimber(0), Nimber(3)]);
        assert_eq!(f.value(), Nimber(3));
    }

    #[test]
    fn fusion_equals_the_search_on_every_graph_of_the_family() {
        let graphs = family(400, 10);
        let mut kinds = [0; 3]; // with a cycle or loop, with a floating piece, values > *2
        for g in &graphs {
            let f = g.fusion();
            assert_eq!(g.brute_force(), Some(f.value()), "{g}");
            assert_eq!(f.parts.iter().copied().sum::<Nimber>(), f.value(), "{g}");
            assert_eq!(g.pruned().fusion().value(), f.value(), "{g}");
            kinds[0] += usize::from(f.nodes.iter().any(|n| !n.loops.is_empty()));
            kinds[1] += usize::from(f.part_of_edge.contains(&None));
            kinds[2] += usize::from(f.value().0 > 2);
        }
        // The family exercises every principle.
        assert!(kinds.iter().all(|&k| k >= 20), "{kinds:?}");
        assert!(graphs.iter().all(|g| (1..=10).contains(&g.edges().len())));
        assert_eq!(family(400, 10), graphs, "the family is fixed");
    }

    #[test]
    fn edge_lists_read_back_as_written() {
        let g = graph("  0-1\t1-2 2-0 3-3  ");
        assert_eq!(g.edges(), [(0, 1), (1, 2), (2, 0), (3, 3)]);
        assert_eq!(g.to_string(), "0-1 1-2 2-0 3-3");
        assert_eq!(graph(""), Graph::default());
        assert_eq!(value(""), Nimber(0));
    }

    #[test]
    fn refuses_a_bad_token_naming_it_and_its_column() {
        let err = |text: &str| text.parse::<Graph>().unwrap_err();
        assert_eq!(
            err("0-1 1x2"),
            ParseError {
                token: "1x2".into(),
                column: 5
            }
        );
        assert_eq!(err("0-1  -3").column, 6);
        assert_eq!(err("0-1 1-2-3").token, "1-2-3");
        assert_eq!(err("0--1").token, "0--1");
        assert_eq!(err("0-+1").token, "0-+1");
        assert_eq!(err("0-99999999999").token, "0-99999999999");
        assert_eq!(err("1-2 \u{e9}-1").column, 5);
        let msg = err("0-1 1-").to_string();
        assert_eq!(
            msg,
            "`1-` at column 5: expected an edge `a-b` with a and b non-negative integers \
             (at most 4294967295)"
        );
    }
}
