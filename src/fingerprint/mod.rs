//! Build-time code, not a module of the library: the reading of the sources
//! that the figure cache's fingerprints are taken over. `build.rs` includes
//! this folder with `#[path = "src/fingerprint/mod.rs"]` and writes each
//! generator's fingerprints from it (`src/figures/code.rs` looks them up at
//! run time); the tests in `tests/` include it the same way, to check the
//! closures it finds and the import graph of the whole of `src/`.
//!
//! - `paths.rs` reads one file: the paths its code names, the names it binds,
//!   what it re-exports and includes.
//! - `graph.rs` resolves those paths to files and finds each generator's
//!   closures: the files whose change invalidates its cached figures.

pub mod graph;
pub mod paths;
