//! Fingerprints the code each generator's figures are computed and drawn by,
//! so the figure cache knows when a figure's code changed. Writes
//! `$OUT_DIR/fingerprints.rs`: for every generator the registry (the
//! `registry!` list in `src/generators/mod.rs`) names, the fingerprint of its
//! solver side and of its drawing side, each with the files it is taken over.
//!
//! Every source file under `src/cgt`, `src/games`, `src/draw` and
//! `src/generators` is a node. A file depends on the files its paths reach: its `use` trees
//! (`use crate::cgt::{canonical::GameTable, walk}`, `use super::Results`) and the
//! paths in its code (`crate::games::domineering::Board::empty`,
//! `super::super::SPEC`, `chomp::Play` after `use crate::games::chomp::{self}`),
//! read with `syn` by `src/fingerprint/paths.rs` (tested in
//! `tests/fingerprint.rs`; the paths in a macro's body are read from its
//! tokens). A path ends in the deepest module file it names; a path
//! to an item of a module re-exported there (`pub use`) reaches the file the
//! item comes from as well; a path naming a whole module, or a glob of one,
//! reaches every file of that module. A module's own `pub use` counts for its
//! code only when its code names the item (or the item is a trait), so
//! `generators/mod.rs`, which re-exports the registry, does not depend on
//! every generator. Test code (`#[cfg(test)]` items), out-of-line module
//! declarations (`pub mod chomp;`, plain lines that `cargo fmt` follows) and
//! the `registry!` list (the generators as values) are neither followed nor
//! hashed: the figures are built without tests, and declaring a module
//! (adding a game or a generator) changes no code that exists.
//!
//! A file also depends on every file that adds to a type it defines: one with
//! an `impl` block (inherent or of a trait) whose self type's path resolves
//! to it (`impl GameTable` in `cgt/analysis/` for `cgt/canonical/`), so that
//! a method written in another file is in the closure of every file that may
//! call it, and no rule the compiler does not check keeps figures fresh. This
//! is a whole-crate reading, not a declared list per generator: it follows
//! what the code says and costs no upkeep, at the price of a wider closure
//! (a figure that uses the game table recomputes when the analysis changes).
//! `tests/fingerprint.rs` checks, with its own `syn` reading, that every
//! `impl` of a type a closure's file defines is in the closure. A file named by `include_str!`,
//! `include_bytes!` or `include!` is hashed with the file that names it.
//!
//! A generator's drawing side is the closure of every file of its module (its
//! `Generator::draw` and the types its views read live in `mod.rs`); its
//! solver side is the closure of its files but `views.rs`, never entering a
//! `views.rs` or the figure vocabulary (`src/draw/`), so a drawing
//! change redraws without rerunning a solver (a solver names the vocabulary
//! only in its `Generator::draw`). When unsure, the closure includes a file:
//! an extra file recomputes a figure, a missing one would leave it stale.

#[path = "src/fingerprint/mod.rs"]
mod fingerprint;

use fingerprint::graph;

use std::fmt::Write as _;
use std::path::Path;

/// The fingerprint of some files: a hash of their names and contents.
fn fingerprint(files: &[(String, Vec<u8>)]) -> String {
    let mut hasher = blake3::Hasher::new();
    for (name, bytes) in files {
        for part in [name.as_bytes(), bytes] {
            hasher.update(&(part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
    }
    hasher.finalize().to_hex()[..16].to_string()
}

/// Writes `module`'s entry in a table of `Sides`: its solver side and its
/// drawing side, as written.
fn write_sides(code: &mut String, module: &str, sides: [String; 2]) {
    let [solver, draw] = sides;
    writeln!(
        code,
        "    Sides {{\n        module: {module:?},\n        solver: {solver},\n        draw: {draw},\n    }},"
    )
    .expect("writing to a String cannot fail");
}

/// A list of files as a slice literal.
fn file_list(files: &[(String, Vec<u8>)]) -> String {
    let mut list = String::from("&[\n");
    for (name, _) in files {
        writeln!(list, "            {name:?},").expect("writing to a String cannot fail");
    }
    list + "        ]"
}

fn main() {
    for root in graph::ROOTS {
        println!("cargo:rerun-if-changed={root}");
    }
    let mut fingerprints = String::from(
        "/// The fingerprints of each registered generator's code, by module (written by build.rs).\n\
         const FINGERPRINTS: &[Sides<&str>] = &[\n",
    );
    let mut dependencies = String::from(
        "/// The files each fingerprint is taken over (written by build.rs).\n\
         #[cfg(test)]\n\
         const DEPENDENCIES: &[Sides<&[&str]>] = &[\n",
    );
    for graph::Sides {
        module,
        solver,
        draw,
    } in graph::sides()
    {
        let sides = [solver, draw];
        for (name, _) in sides.iter().flatten() {
            println!("cargo:rerun-if-changed={name}");
        }
        write_sides(
            &mut fingerprints,
            &module,
            sides
                .each_ref()
                .map(|files| format!("{:?}", fingerprint(files))),
        );
        write_sides(
            &mut dependencies,
            &module,
            sides.each_ref().map(|files| file_list(files)),
        );
    }
    let code = format!("{fingerprints}];\n\n{dependencies}];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR for a build script"))
        .join("fingerprints.rs");
    std::fs::write(&out, code)
        .unwrap_or_else(|e| panic!("build.rs: cannot write {}: {e}", out.display()));
}
