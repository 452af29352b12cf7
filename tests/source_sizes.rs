//! Every Rust file under `src/` stays at or under 800 lines, its unit tests
//! included, so that each file holds one idea that its name says.

use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const LIMIT: usize = 800;

/// Every `.rs` file under `dir`, at any depth.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap_or_else(|e| panic!("{}: {e}", dir.display())))
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "rs"))
        .map(walkdir::DirEntry::into_path)
        .collect()
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
