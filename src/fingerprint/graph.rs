//! The import graph of source files: which files each file's code depends
//! on (see `build.rs` for the rules), and each generator's two closures in
//! the graph of the code figures are computed and drawn by. Build-time code
//! (see `mod.rs`); `tests/imports.rs` reads the graph of all of `src/`.

use super::paths::{self, Parsed, Ref};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The folders whose files are nodes.
pub const ROOTS: [&str; 4] = ["src/cgt", "src/games", "src/draw", "src/generators"];
/// The figure vocabulary: drawing code, outside every solver side.
const DRAWING: &str = "src/draw/";
/// The file whose `registry! { module::Type, ... }` declares the generators.
const REGISTRY: &str = "src/generators/mod.rs";

/// A source file: where it is and what it says.
pub struct Node {
    /// Its path from the crate's folder, with `/` between folders.
    pub file: String,
    pub parsed: Parsed,
}

/// The source files under some folders and the module tree they make.
pub struct Graph {
    pub nodes: Vec<Node>,
    modules: BTreeMap<Vec<String>, usize>,
}

/// How deep resolution follows bindings and re-exports before it gives up
/// (a cycle): far deeper than any real chain.
const DEPTH: usize = 16;

/// The module (from the crate root) a file under `src/` is, by where it lies:
/// `src/lib.rs` is the root, `src/a/mod.rs` and `src/a.rs` are `a`.
fn module_of(file: &str) -> Vec<String> {
    let mut module: Vec<String> = file
        .trim_start_matches("src/")
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if module
        .last()
        .is_some_and(|m| m == "mod" || file == "src/lib.rs")
    {
        module.pop();
    }
    module
}

impl Graph {
    /// Reads every `.rs` file under the folders `roots` (paths from the
    /// crate's folder). A file a module declaration names with `#[path]` is
    /// that module, wherever it lies.
    pub fn read(roots: &[&str]) -> Graph {
        let mut files: Vec<PathBuf> = roots
            .iter()
            .flat_map(|root| walkdir::WalkDir::new(root).into_iter())
            .map(|e| e.unwrap_or_else(|e| panic!("build.rs: cannot list the sources: {e}")))
            .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "rs"))
            .map(walkdir::DirEntry::into_path)
            .collect();
        files.sort();
        let mut nodes = Vec::new();
        let mut declared = BTreeMap::new();
        for path in files {
            let file = path.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("build.rs: cannot read {file}: {e}"));
            let parsed = paths::parse(&text, &module_of(&file)).unwrap_or_else(|e| {
                let at = e.span().start();
                panic!("build.rs: {file}:{}:{}: {e}", at.line, at.column + 1)
            });
            let dir = Path::new(&file)
                .parent()
                .expect("a source is a file under src/, which is its folder or holds it");
            for (module, to) in &parsed.paths {
                let to = dir.join(to).to_string_lossy().replace('\\', "/");
                declared.insert(to, module.clone());
            }
            nodes.push(Node { file, parsed });
        }
        let modules = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let module = declared.get(&n.file).cloned();
                (module.unwrap_or_else(|| module_of(&n.file)), i)
            })
            .collect();
        Graph { nodes, modules }
    }

    /// The absolute paths (from the crate root) a path in `node` may name;
    /// none for a path into another crate.
    fn absolute(&self, node: usize, r: &Ref, depth: usize) -> Vec<Vec<String>> {
        let Some((first, rest)) = r.segments.split_first() else {
            return vec![];
        };
        let mut base = match first.as_str() {
            "crate" => vec![vec![]],
            "self" => vec![r.context.clone()],
            "super" => {
                let mut context = r.context.clone();
                let mut rest = rest;
                context.pop();
                while let Some(("super", more)) = rest.split_first().map(|(s, m)| (s.as_str(), m)) {
                    context.pop();
                    rest = more;
                }
                return vec![[context, rest.to_vec()].concat()];
            }
            name if depth < DEPTH => self.nodes[node]
                .parsed
                .bindings
                .get(name)
                .into_iter()
                .flatten()
                .flat_map(|b| self.absolute(node, b, depth + 1))
                .collect(),
            _ => vec![],
        };
        for path in &mut base {
            path.extend(rest.iter().cloned());
        }
        base
    }

    /// The deepest module with a file that `path` lies in, and the rest of
    /// the path (the item in that file).
    fn file_of<'p>(&self, path: &'p [String]) -> Option<(usize, &'p [String])> {
        (1..=path.len())
            .rev()
            .find_map(|n| self.modules.get(&path[..n]).map(|&i| (i, &path[n..])))
    }

    /// Every file of the module at `path`.
    fn subtree(&self, path: &[String]) -> impl Iterator<Item = usize> {
        self.modules
            .iter()
            .filter(move |(m, _)| m.starts_with(path))
            .map(|(_, &i)| i)
    }

    /// The files the absolute `path` reaches: the file it lies in and what
    /// that file re-exports as the item the path names (by name, or by a glob
    /// re-export); a path naming a whole module (or globbing it) reaches
    /// every file of it and everything it re-exports.
    fn reach(&self, path: &[String], depth: usize, out: &mut BTreeSet<usize>) {
        let Some((node, rest)) = self.file_of(path) else {
            return;
        };
        out.insert(node);
        if rest.is_empty() {
            out.extend(self.subtree(path));
        }
        if depth >= DEPTH {
            return;
        }
        for (name, r) in &self.nodes[node].parsed.reexports {
            let tail = match rest.split_first() {
                None => &[][..],
                Some(_) if r.glob => rest,
                Some((item, tail)) if Some(item) == name.as_ref() => tail,
                Some(_) => continue,
            };
            for target in self.absolute(node, r, depth + 1) {
                self.reach(&[target, tail.to_vec()].concat(), depth + 1, out);
            }
        }
    }

    /// The files `node`'s code depends on.
    pub fn edges(&self, node: usize) -> BTreeSet<usize> {
        let parsed = &self.nodes[node].parsed;
        let mut out = BTreeSet::new();
        let reach = |r: &Ref, out: &mut BTreeSet<usize>| {
            for path in self.absolute(node, r, 0) {
                self.reach(&path, 0, out);
            }
        };
        for r in &parsed.references {
            reach(r, &mut out);
        }
        for (name, r) in &parsed.reexports {
            let mut targets = BTreeSet::new();
            reach(r, &mut targets);
            let used = match name {
                Some(name) => {
                    parsed.mentioned.contains(name)
                        || targets
                            .iter()
                            .any(|&t| self.nodes[t].parsed.traits.contains(name))
                }
                None => true,
            };
            if used {
                out.extend(targets);
            }
        }
        out.remove(&node);
        out
    }
}

impl Graph {
    /// The files whose code adds to the types each file defines: for each
    /// file, the files with an `impl` block whose self type resolves into it
    /// (`impl GameTable` in `cgt/analysis/` for `cgt/canonical/`). A closure
    /// follows these as it follows imports, so that a method added in another
    /// file is in the closure of every file that may call it.
    pub fn impl_edges(&self) -> Vec<BTreeSet<usize>> {
        let mut out = vec![BTreeSet::new(); self.nodes.len()];
        for (i, node) in self.nodes.iter().enumerate() {
            for r in &node.parsed.impls {
                let mut defining = BTreeSet::new();
                for path in self.absolute(i, r, 0) {
                    self.reach(&path, 0, &mut defining);
                }
                for d in defining.into_iter().filter(|&d| d != i) {
                    out[d].insert(i);
                }
            }
        }
        out
    }
}

/// The files reachable from `roots`, never entering one `outside` refuses.
fn closure(
    edges: &[BTreeSet<usize>],
    roots: impl IntoIterator<Item = usize>,
    outside: impl Fn(usize) -> bool,
) -> BTreeSet<usize> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<usize> = roots.into_iter().collect();
    while let Some(n) = todo.pop() {
        if seen.insert(n) {
            todo.extend(edges[n].iter().copied().filter(|&m| !outside(m)));
        }
    }
    seen
}

/// The files hashed for a closure: its nodes and what they include.
fn hashed_files(graph: &Graph, closure: &BTreeSet<usize>) -> Vec<(String, Vec<u8>)> {
    let mut files = BTreeMap::new();
    for &n in closure {
        let node = &graph.nodes[n];
        let text = std::fs::read_to_string(&node.file)
            .unwrap_or_else(|e| panic!("build.rs: cannot read {}: {e}", node.file));
        files.insert(node.file.clone(), node.parsed.hashed(&text).into_bytes());
        let dir = Path::new(&node.file)
            .parent()
            .expect("a source is a file under src/, which is its folder or holds it");
        for included in &node.parsed.includes {
            let path = dir.join(included);
            let bytes = std::fs::read(&path).unwrap_or_else(|e| {
                panic!("build.rs: {} includes {}: {e}", node.file, path.display())
            });
            files.insert(path.to_string_lossy().replace('\\', "/"), bytes);
        }
    }
    files.into_iter().collect()
}

/// One generator's two closures: its module under `src/generators/` and the
/// files (name, hashed bytes) of its solver side and of its drawing side.
pub struct Sides {
    pub module: String,
    pub solver: Vec<(String, Vec<u8>)>,
    pub draw: Vec<(String, Vec<u8>)>,
}

/// The closures of every generator the registry names, in its order.
pub fn sides() -> Vec<Sides> {
    let graph = Graph::read(&ROOTS);
    let impls = graph.impl_edges();
    let edges: Vec<BTreeSet<usize>> = (0..graph.nodes.len())
        .map(|n| &graph.edges(n) | &impls[n])
        .collect();
    let registry = graph
        .nodes
        .iter()
        .find(|n| n.file == REGISTRY)
        .unwrap_or_else(|| panic!("build.rs: no {REGISTRY}"));
    let generators = &registry.parsed.registered;
    assert!(
        !generators.is_empty(),
        "build.rs: {REGISTRY} has no `registry! {{ module::Type, ... }}` naming a generator"
    );
    let drawing = |n: usize| {
        let file = &graph.nodes[n].file;
        file.starts_with(DRAWING) || file.ends_with("/views.rs")
    };
    generators
        .iter()
        .map(|module| {
            let path = vec!["generators".to_string(), module.clone()];
            assert!(
                graph.modules.contains_key(&path),
                "build.rs: {REGISTRY} names `{module}`, which has no file under src/generators"
            );
            let own: Vec<usize> = graph.subtree(&path).collect();
            let draw = closure(&edges, own.iter().copied(), |_| false);
            let solver = closure(
                &edges,
                own.iter().copied().filter(|&n| !drawing(n)),
                drawing,
            );
            Sides {
                module: module.clone(),
                solver: hashed_files(&graph, &solver),
                draw: hashed_files(&graph, &draw),
            }
        })
        .collect()
}
