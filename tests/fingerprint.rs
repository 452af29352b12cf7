//! The build script's reading of the sources (`src/fingerprint/`), which the figure
//! cache's fingerprints are taken over: what it reads of a file, and the files
//! each generator's two closures hold, as listed in
//! `tests/snapshots/fingerprint__closures.snap`. A change to a closure (a new
//! import) updates the listing: `cargo insta review`, or
//! `INSTA_UPDATE=always cargo test --test fingerprint`, and read its diff.

#[path = "../src/fingerprint/mod.rs"]
mod fingerprint;

use fingerprint::graph;
use fingerprint::paths::{Parsed, parse};

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// Every registered generator's solver closure and drawing closure, as the
/// build script fingerprints them (the files, and the files they include).
#[test]
fn each_generators_closures_are_the_listed_files() {
    let mut listing = String::new();
    for sides in graph::sides() {
        writeln!(listing, "{}", sides.module).unwrap();
        for (side, files) in [("solver", &sides.solver), ("draw", &sides.draw)] {
            writeln!(listing, "  {side}:").unwrap();
            for (file, _) in files {
                writeln!(listing, "    {file}").unwrap();
            }
        }
    }
    insta::assert_snapshot!("closures", listing);
}

/// The names of the types a file's items define and the last segment of
/// each `impl` block's self type, test code left out: read with `syn` here,
/// apart from the build script's reading.
fn types_and_impls(text: &str) -> (BTreeSet<String>, Vec<String>) {
    #[derive(Default)]
    struct Seen(BTreeSet<String>, Vec<String>);
    impl<'a> syn::visit::Visit<'a> for Seen {
        fn visit_item(&mut self, item: &'a syn::Item) {
            let (attrs, name) = match item {
                syn::Item::Struct(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Enum(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Union(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Type(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Mod(i) => (&i.attrs, None),
                syn::Item::Impl(i) => (&i.attrs, None),
                syn::Item::Fn(i) => (&i.attrs, None),
                _ => return syn::visit::visit_item(self, item),
            };
            if fingerprint::paths::cfg_test(attrs).is_some() {
                return;
            }
            if let Some(name) = name {
                self.0.insert(name.to_string());
            }
            if let syn::Item::Impl(i) = item
                && let syn::Type::Path(p) = &*i.self_ty
            {
                self.1
                    .push(p.path.segments.last().unwrap().ident.to_string());
            }
            syn::visit::visit_item(self, item);
        }
    }
    let mut seen = Seen::default();
    syn::visit::Visit::visit_file(&mut seen, &syn::parse_file(text).unwrap());
    (seen.0, seen.1)
}

/// An `impl` of a type in another file cannot leave a figure stale: every
/// file with an `impl` block of a type a closure's file defines is in that
/// closure (the solver side leaves out the drawing code, which no solver
/// calls). Types are matched by name where one file alone defines the name.
#[test]
fn every_impl_of_a_type_a_closure_defines_is_in_the_closure() {
    let files: Vec<(String, BTreeSet<String>, Vec<String>)> = graph::ROOTS
        .iter()
        .flat_map(|root| walkdir::WalkDir::new(root).into_iter())
        .map(Result::unwrap)
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| {
            let file = e.path().to_string_lossy().replace('\\', "/");
            let (types, impls) = types_and_impls(&std::fs::read_to_string(e.path()).unwrap());
            (file, types, impls)
        })
        .collect();
    let mut definers: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (file, types, _) in &files {
        for t in types {
            definers.entry(t).or_default().push(file);
        }
    }
    let drawing = |file: &str| file.starts_with("src/draw/") || file.ends_with("/views.rs");
    let mut problems = Vec::new();
    let mut checked = 0;
    for sides in graph::sides() {
        for (side, closure) in [("solver", &sides.solver), ("draw", &sides.draw)] {
            let held: BTreeSet<&str> = closure.iter().map(|(f, _)| f.as_str()).collect();
            for (file, _, impls) in &files {
                if held.contains(file.as_str()) || (side == "solver" && drawing(file)) {
                    continue;
                }
                for t in impls {
                    if let Some([definer]) = definers.get(t.as_str()).map(Vec::as_slice)
                        && *definer != file
                    {
                        checked += 1;
                        if held.contains(definer) {
                            problems.push(format!(
                                "  {}'s {side} side holds {definer} but not {file}, which has an impl of its {t}",
                                sides.module
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 0, "no impl of a type defined elsewhere was found");
    assert!(
        problems.is_empty(),
        "closures missing impls:\n{}",
        problems.join("\n")
    );
}

// What the reader finds in one file.

fn read(text: &str) -> Parsed {
    parse(text, &["games".to_string(), "x".to_string()]).unwrap()
}

/// The references as `a::b::c`, in order.
fn references(p: &Parsed) -> Vec<String> {
    p.references.iter().map(|r| r.segments.join("::")).collect()
}

#[test]
fn a_grouped_use_tree_gives_one_path_and_one_binding_per_leaf() {
    let p = read("use crate::cgt::{canonical::GameTable, walk::{self, Walk as W}};");
    assert_eq!(
        references(&p),
        [
            "crate::cgt::canonical::GameTable",
            "crate::cgt::walk",
            "crate::cgt::walk::Walk"
        ]
    );
    let bound: Vec<_> = p.bindings.keys().map(String::as_str).collect();
    assert_eq!(bound, ["GameTable", "W", "walk"]);
    assert!(p.references.iter().all(|r| r.context == ["games", "x"]));
    assert!(p.reexports.is_empty());
}

#[test]
fn a_glob_is_marked_and_binds_nothing() {
    let p = read("use super::grid::*;");
    assert_eq!(references(&p), ["super::grid"]);
    assert!(p.references[0].glob);
    assert!(p.bindings.is_empty());
}

#[test]
fn paths_in_comments_and_strings_are_not_followed_but_paths_in_code_are() {
    let p = read(
        "// crate::games::sylver::Position\n/* crate::games::chomp */\n\
         fn f() -> u8 { let s = \"crate::games::cram\"; let r = r#\"super::y\"#; \
         super::domineering::Board::empty(2, 2); 0 }\nmod inner { fn g() { super::z::h(); } }\n",
    );
    assert_eq!(
        references(&p),
        ["super::domineering::Board::empty", "super::z::h"]
    );
    // A path inside an inline module is read in that module.
    assert_eq!(p.references[1].context, ["games", "x", "inner"]);
}

#[test]
fn paths_in_macro_bodies_and_generic_arguments_are_followed() {
    let p = read(
        "fn f() -> Vec<crate::cgt::Nimber> { vec![super::y::z(), a.b::<u8>()] }\n\
         fn g() { assert!(matches!(x, super::w::V)); }\n",
    );
    assert_eq!(
        references(&p),
        ["crate::cgt::Nimber", "super::y::z", "super::w::V"]
    );
    assert!(p.mentioned.contains("x") && !p.mentioned.contains("b"));
}

#[test]
fn a_top_level_pub_use_is_a_reexport_and_not_a_reference() {
    let p = read("pub use grid::{Frame, Shape};\nuse super::Spec;\n");
    let names: Vec<_> = p.reexports.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(names, [Some("Frame".into()), Some("Shape".into())]);
    assert_eq!(references(&p), ["super::Spec"]);
}

#[test]
fn test_items_and_module_declarations_are_neither_followed_nor_hashed() {
    let text = "pub mod chomp;\nfn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::games::sylver;\n}\n\
                impl A {\n    #[cfg(test)]\n    fn g() { crate::games::cram::h() }\n}\n";
    let p = read(text);
    assert_eq!(p.hashed(text), "fn f() {}\nimpl A {\n}\n");
    assert!(references(&p).is_empty(), "{:?}", references(&p));
}

#[test]
fn includes_traits_paths_and_registered_modules_are_found() {
    let p = read(
        "const R: &str = include_str!(\"reload.js\");\npub trait Partizan {}\n\
         #[doc = include_str!(\"notes.md\")]\n#[path = \"other/place.rs\"]\nmod place;\n\
         registry! { blocked_board::BlockedBoard, split_census::SplitCensus }\n",
    );
    assert_eq!(p.includes, ["reload.js", "notes.md"]);
    assert!(p.traits.contains("Partizan"));
    assert_eq!(
        p.paths,
        [(
            vec!["games".into(), "x".into(), "place".into()],
            "other/place.rs".into()
        )]
    );
    assert_eq!(p.registered, ["blocked_board", "split_census"]);
}

#[test]
fn a_registry_list_binds_its_modules_and_is_neither_followed_nor_hashed() {
    let text = "fn f() {}\nregistry! {\n    blocked_board::BlockedBoard,\n    split_census::SplitCensus,\n}\n";
    let p = read(text);
    assert_eq!(p.registered, ["blocked_board", "split_census"]);
    assert_eq!(p.hashed(text), "fn f() {}\n");
    assert!(references(&p).is_empty(), "{:?}", references(&p));
    let bound: Vec<_> = p.bindings.keys().map(String::as_str).collect();
    assert_eq!(bound, ["blocked_board", "split_census"]);
}

#[test]
fn a_file_that_is_not_rust_is_an_error_naming_the_line_not_a_panic() {
    let error = parse("const S: &str = 1;\nfn (", &[]).err().unwrap();
    assert_eq!(error.span().start().line, 2, "{error}");
}
