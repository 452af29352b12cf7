//! The build script's reading of the sources (`src/fingerprint/`), which the figure
//! cache's fingerprints are taken over: what it reads of a file, and the files
//! each generator's two closures hold, as listed in
//! `tests/snapshots/fingerprint__closures.snap`. A change to a closure (a new
//! import) updates the listing: `cargo insta review`, or
//! `INSTA_UPDATE=always cargo test --test fingerprint`, and read its diff.

#[path = "../src/fingerprint/mod.rs"]
mod fingerprint;

use fingerprint::graph;

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
