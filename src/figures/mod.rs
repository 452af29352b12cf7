//! Figures and their cache: running generators, once per distinct generator and
//! parameters, in parallel, drawing the views the essays show from their data,
//! and keeping both in `figures/`.
//!
//! Data and drawings are cached apart. `figures/NAME-KEY.json` holds a run: the
//! parameters, the fingerprint of the solver code that made it, the data and
//! the checks, under one content hash. `figures/NAME-KEY.VIEW.json` holds one
//! view drawn from that data: the hash of the data, the fingerprint of the
//! drawing code (the generator's module with its views, and the figure
//! vocabulary) and the rendered view, under its own content hash. A solver
//! change reruns the solver; a drawing change (a palette, a layout) redraws
//! from the data without running one solver. The fingerprints are
//! `code.rs`'s.
//!
//! A later build reuses an artifact whose parameters and fingerprint match and
//! whose hash verifies, drawing only the views its essays show and parsing
//! only the data keys they name ([`Data`](crate::generators::Data)); an artifact that does not verify
//! is recomputed, and the build says so. The hashes catch accidental and
//! casual edits, not a forger who recomputes them: `--force` trusts no
//! artifact. An artifact whose identities fail is never written, and one that
//! records a failing identity is treated as edited.
//!
//! Artifacts are written through temporary files; a `figures/` that cannot be
//! written is one warning, and the build goes on from memory.
//!
//! With a figure store ([`store`]: `[store] url` or `--store`), a build
//! looks in `figures/`, then in the store, then computes; what it reads
//! from the store is verified as an artifact in `figures/` is, and kept
//! there; what it computes is uploaded when the store is writable.
//!
//! Four files, in the order they import one another: [`job`] (what a
//! figure is), [`store`] (the objects of the store), [`cache`] (its records
//! in `figures/` and the store) and [`compute`](mod@compute) (running,
//! drawing, keeping in memory).

pub mod cache;
mod code;
pub mod compute;
pub mod job;
pub mod plan;
pub mod store;

pub use cache::{Cache, Place, unnamed};
pub use compute::{FigureError, Got, Memory, Origin, Progress, Silent, compute};
pub use job::{Figure, Job, Key};
pub use store::{Settings, Store};
