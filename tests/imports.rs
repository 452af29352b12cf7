//! No file under `src/` imports itself through others: the files' imports,
//! read as the build script reads them (`src/fingerprint/`: `use` trees and
//! the paths in code, test code left out), make no cycle. A module's file
//! using its own submodules (`mod.rs` calling `views::draw`) is the module
//! using its parts, the direction the module tree gives, and no import here:
//! a cycle runs through imports of siblings or ancestors. A cycle is named by
//! its files in order, each importing the next. The rooms of `src/` import
//! only the rooms below them, and no generator imports another.

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

/// The rooms of `src/`, lowest first: each imports only from the rooms
/// before it (docs/design.md's layers). `src/fingerprint/` is build-time
/// code, no module of the crate.
const ROOMS: [&str; 8] = [
    "cgt",
    "games",
    "draw",
    "generators",
    "figures",
    "claims",
    "site",
    "cmd",
];

/// The imports of a room above, each as (file, the file it imports): the
/// figure cache reads artifacts under the site's one policy for reading files
/// (`src/site/read.rs`), which reports as the site's diagnostics do; it moves
/// below both when the diagnostics leave the site. The claim language's
/// files report the site's `ContentError` until the claims have an error of
/// their own.
const ABOVE: [(&str, &str); 11] = [
    ("src/claims/decide/mod.rs", "src/site/diagnostics.rs"),
    ("src/claims/evaluate.rs", "src/site/diagnostics.rs"),
    ("src/claims/game.rs", "src/site/diagnostics.rs"),
    ("src/claims/lexer.rs", "src/site/diagnostics.rs"),
    ("src/claims/literal.rs", "src/site/diagnostics.rs"),
    ("src/claims/parser/mod.rs", "src/site/diagnostics.rs"),
    ("src/claims/path.rs", "src/site/diagnostics.rs"),
    ("src/claims/print.rs", "src/site/diagnostics.rs"),
    ("src/claims/ratio.rs", "src/site/diagnostics.rs"),
    ("src/claims/terms.rs", "src/site/diagnostics.rs"),
    ("src/figures/cache.rs", "src/site/read.rs"),
];

/// The room a file under `src/` lies in, by its place in [`ROOMS`]; none for
/// the crate's root.
fn room(file: &str) -> Option<usize> {
    let top = file.strip_prefix("src/")?.split(['/', '.']).next()?;
    ROOMS.iter().position(|r| *r == top)
}

#[test]
fn each_room_imports_only_the_rooms_below_it() {
    let graph = Graph::read(&["src"]);
    let name = |n: usize| graph.nodes[n].file.as_str();
    let mut problems = Vec::new();
    let mut above = Vec::new();
    for n in 0..graph.nodes.len() {
        let Some(from) = room(name(n)) else { continue };
        for m in graph.edges(n) {
            if room(name(m)).is_some_and(|to| to > from) {
                if ABOVE.contains(&(name(n), name(m))) {
                    above.push((name(n), name(m)));
                } else {
                    problems.push(format!("  {} imports {}", name(n), name(m)));
                }
            }
        }
    }
    assert_eq!(above, ABOVE, "ABOVE lists an import no longer made");
    // Every room is read.
    for r in ROOMS {
        assert!(
            (0..graph.nodes.len()).any(|n| room(name(n)) == ROOMS.iter().position(|x| *x == r)),
            "no file of src/{r} read"
        );
    }
    assert!(
        problems.is_empty(),
        "files that import a room above their own (order: {}):\n{}",
        ROOMS.join(" -> "),
        problems.join("\n")
    );
}

/// The claim language prints values in one file and decides claims in
/// others: `src/claims/print.rs` reaches, through its imports, none of the
/// files that decide or evaluate (so no walk of an evaluation returns to
/// it and back), and the deciding imports the printing.
#[test]
fn the_claims_printing_imports_nothing_of_their_deciding() {
    let graph = Graph::read(&["src"]);
    let index = |file: &str| {
        graph
            .nodes
            .iter()
            .position(|n| n.file == file)
            .unwrap_or_else(|| panic!("{file} not read"))
    };
    let edges: Vec<BTreeSet<usize>> = (0..graph.nodes.len()).map(|n| graph.edges(n)).collect();
    let print = index("src/claims/print.rs");
    let deciding = [
        "src/claims/decide/mod.rs",
        "src/claims/evaluate.rs",
        "src/claims/game.rs",
        "src/claims/path.rs",
        "src/claims/terms.rs",
    ];
    let reached: Vec<&str> = reachable(&edges, print)
        .into_iter()
        .map(|n| graph.nodes[n].file.as_str())
        .filter(|file| deciding.contains(file))
        .collect();
    assert!(
        reached.is_empty(),
        "src/claims/print.rs imports (directly or not) files that decide claims: {reached:?}"
    );
    for file in ["src/claims/decide/mod.rs", "src/claims/evaluate.rs"] {
        assert!(
            edges[index(file)].contains(&print),
            "{file} does not print through src/claims/print.rs"
        );
    }
}

/// The generator a file is part of: the module under `src/generators/` that
/// the registry names and the file lies in.
fn generator_of<'a>(file: &str, registered: &'a [String]) -> Option<&'a str> {
    let rest = file.strip_prefix("src/generators/")?;
    let module = rest.split(['/', '.']).next()?;
    registered.iter().find(|g| *g == module).map(String::as_str)
}

/// A file of test code: a `tests.rs` or a file under a `tests/` folder
/// (declared `#[cfg(test)]`, and free to compare one generator with
/// another).
fn is_test_file(file: &str) -> bool {
    file.ends_with("/tests.rs") || file.contains("/tests/")
}

#[test]
fn no_generator_imports_another() {
    let graph = Graph::read(&["src"]);
    let name = |n: usize| graph.nodes[n].file.as_str();
    let registered = &graph
        .nodes
        .iter()
        .find(|n| n.file == "src/generators/mod.rs")
        .expect("the generators' module is read")
        .parsed
        .registered;
    assert!(registered.len() > 5, "the registry names {registered:?}");
    let mut problems = Vec::new();
    for n in (0..graph.nodes.len()).filter(|&n| !is_test_file(name(n))) {
        let Some(own) = generator_of(name(n), registered) else {
            continue;
        };
        for m in graph.edges(n) {
            if let Some(other) = generator_of(name(m), registered).filter(|g| *g != own) {
                problems.push(format!(
                    "  {} ({own}) imports {} ({other})",
                    name(n),
                    name(m)
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "generators that import another generator (draw shared pictures through src/draw/):\n{}",
        problems.join("\n")
    );
}
