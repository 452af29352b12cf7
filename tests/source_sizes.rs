//! Every Rust file under `src/` stays at or under 800 lines, its unit tests
//! included, so that each file holds one idea that its name says; and no
//! function there is over 100 lines outside tests: each `fn` item, method and
//! trait method with a body, measured with `syn` from its signature to its
//! closing brace (its doc comment and attributes not counted), test code
//! (`#[cfg(test)]` items) not measured.

// The build script's reader of the sources, for what it counts as test code.
#[path = "../src/fingerprint/paths.rs"]
#[allow(dead_code)] // This test uses part of it.
mod paths;

use proc_macro2::Span;
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

/// The most lines a source file may have.
const LIMIT: usize = 800;
/// The most lines a function may have.
const FUNCTION_LIMIT: usize = 100;

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

/// The functions of one file over the limit: `(name, lines)`.
struct Long {
    /// The impl or trait being read (its type's or trait's name).
    owner: Vec<String>,
    found: Vec<(String, usize)>,
}

impl Long {
    fn measure(&mut self, name: &syn::Ident, sig: Span, block: &syn::Block) {
        let lines = block.span().end().line - sig.start().line + 1;
        if lines > FUNCTION_LIMIT {
            let name = match self.owner.last() {
                Some(owner) => format!("{owner}::{name}"),
                None => name.to_string(),
            };
            self.found.push((name, lines));
        }
    }
}

impl<'ast> Visit<'ast> for Long {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            _ => &[],
        };
        if paths::cfg_test(attrs).is_none() {
            visit::visit_item(self, item);
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.measure(&item.sig.ident, item.sig.span(), &item.block);
        visit::visit_item_fn(self, item);
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let owner = match &*item.self_ty {
            syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        };
        self.owner.push(owner.unwrap_or_else(|| "impl".into()));
        visit::visit_item_impl(self, item);
        self.owner.pop();
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        if paths::cfg_test(&item.attrs).is_none() {
            self.measure(&item.sig.ident, item.sig.span(), &item.block);
            visit::visit_impl_item_fn(self, item);
        }
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        self.owner.push(item.ident.to_string());
        visit::visit_item_trait(self, item);
        self.owner.pop();
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        if let Some(block) = &item.default {
            self.measure(&item.sig.ident, item.sig.span(), block);
        }
        visit::visit_trait_item_fn(self, item);
    }
}

#[test]
fn no_function_in_src_is_over_100_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = rust_files(&root.join("src"));
    files.sort();
    let mut found = Vec::new();
    for file in &files {
        let name = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(file).unwrap();
        let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut long = Long {
            owner: Vec::new(),
            found: Vec::new(),
        };
        long.visit_file(&parsed);
        found.extend(
            long.found
                .into_iter()
                .map(|(f, lines)| (name.clone(), f, lines)),
        );
    }
    let problems: Vec<String> = found
        .iter()
        .map(|(file, function, lines)| format!("  {file}: {function} has {lines} lines"))
        .collect();
    assert!(
        problems.is_empty(),
        "functions over {FUNCTION_LIMIT} lines (split each into steps of one idea):\n{}",
        problems.join("\n")
    );
}
