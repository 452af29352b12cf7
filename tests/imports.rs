//! No file under `src/` imports itself through others: the files' imports,
//! read as the build script reads them (`src/fingerprint/`: `use` trees and
//! the paths in code, test code left out), make no cycle. A module's file
//! using its own submodules (`mod.rs` calling `views::draw`) is the module
//! using its parts, the direction the module tree gives, and no import here:
//! a cycle runs through imports of siblings or ancestors. A cycle is named by
//! its files in order, each importing the next.

#[path = "../src/fingerprint/mod.rs"]
#[allow(dead_code)] // This test uses part of it.
mod fingerprint;

use fingerprint::graph::Graph;
use std::collections::{BTreeSet, VecDeque};

/// The folder of the submodules of the module whose file is `file`.
fn submodules(file: &str) -> String {
    match file.strip_suffix("mod.rs").or(file.strip_suffix("lib.rs")) {
        Some(folder) => folder.to_string(),
        None => format!("{}/", file.trim_end_matches(".rs")),
    }
}

/// The files each file reaches by following imports.
fn reachable(edges: &[BTreeSet<usize>], from: usize) -> BTreeSet<usize> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![from];
    while let Some(n) = todo.pop() {
        for &m in &edges[n] {
            if seen.insert(m) {
                todo.push(m);
            }
        }
    }
    seen
}

/// A shortest cycle through `start`, staying within `part`: its files in
/// order, `start` first.
fn cycle(edges: &[BTreeSet<usize>], part: &BTreeSet<usize>, start: usize) -> Vec<usize> {
    let mut previous = vec![None; edges.len()];
    let mut todo = VecDeque::from([start]);
    while let Some(n) = todo.pop_front() {
        for &m in edges[n].iter().filter(|m| part.contains(m)) {
            if m == start {
                let mut path = vec![n];
                while let Some(p) = previous[*path.last().unwrap()] {
                    path.push(p);
                }
                path.reverse();
                return path;
            }
            if previous[m].is_none() && m != start {
                previous[m] = Some(n);
                todo.push_back(m);
            }
        }
    }
    unreachable!("every file of a strongly connected part lies on a cycle")
}

#[test]
fn no_file_in_src_imports_itself_through_others() {
    let graph = Graph::read(&["src"]);
    let name = |n: usize| graph.nodes[n].file.as_str();
    let edges: Vec<BTreeSet<usize>> = (0..graph.nodes.len())
        .map(|n| {
            let parts = submodules(name(n));
            let mut edges = graph.edges(n);
            edges.retain(|&m| !name(m).starts_with(&parts));
            edges
        })
        .collect();
    let reach: Vec<BTreeSet<usize>> = (0..edges.len()).map(|n| reachable(&edges, n)).collect();
    // The strongly connected parts with more than one file, each by its
    // least file.
    let mut parts: Vec<BTreeSet<usize>> = Vec::new();
    for n in 0..edges.len() {
        if reach[n].contains(&n) && !parts.iter().any(|p| p.contains(&n)) {
            let part: BTreeSet<usize> = reach[n]
                .iter()
                .copied()
                .filter(|&m| reach[m].contains(&n))
                .collect();
            parts.push(part);
        }
    }
    let problems: Vec<String> = parts
        .iter()
        .map(|part| {
            let files: BTreeSet<&str> = part.iter().map(|&n| name(n)).collect();
            let start = *part.first().unwrap();
            let order: Vec<&str> = cycle(&edges, part, start).into_iter().map(name).collect();
            format!(
                "  an import cycle: {} -> {}\n    (its files: {:?})",
                order.join(" -> "),
                order[0],
                files
            )
        })
        .collect();
    // The walk reaches the crate's root and its nested folders.
    for expected in ["src/lib.rs", "src/site/markdown/scan.rs"] {
        assert!(
            graph.nodes.iter().any(|n| n.file == expected),
            "{expected} not read"
        );
    }
    assert!(
        problems.is_empty(),
        "files under src/ that import each other in a loop (let imports flow one way):\n{}",
        problems.join("\n")
    );
}
