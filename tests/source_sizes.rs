//! Every Rust file under `src/` stays at or under 800 lines, its unit tests
//! included, so that each file holds one idea that its name says.

use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const LIMIT: usize = 800;

/// Every `.rs` file under `dir`, at any depth.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn no_source_file_is_over_800_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = rust_files(&root.join("src"));
    files.sort();
    let names: Vec<PathBuf> = files
        .iter()
        .map(|f| f.strip_prefix(root).unwrap().to_path_buf())
        .collect();
    // The walk reaches the crate's roots and files in nested folders.
    for expected in ["src/lib.rs", "src/main.rs", "src/site/markdown/scan.rs"] {
        assert!(
            names.contains(&PathBuf::from(expected)),
            "{expected} not found"
        );
    }
    let over: Vec<String> = files
        .iter()
        .zip(&names)
        .filter_map(|(file, name)| {
            let lines = std::fs::read_to_string(file).unwrap().lines().count();
            (lines > LIMIT).then(|| format!("  {} has {lines} lines", name.display()))
        })
        .collect();
    assert!(
        over.is_empty(),
        "source files over {LIMIT} lines (split each into files of one idea):\n{}",
        over.join("\n")
    );
}
