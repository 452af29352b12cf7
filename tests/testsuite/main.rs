//! The fixture-site tests: the real binary (and, for what only a test can set
//! up, the library) building sites in temporary folders, one module per
//! feature. One test binary, as mdBook's `tests/testsuite/`, so that the
//! crate is linked once for all of them.
//!
//! Most tests start from a fixture in `tests/fixtures/` through
//! [`common::SiteTest`]: `basic` (one ladder, `demo`, of two essays, each
//! with a figure), `published` (two ladders, a draft, dates and a
//! `ladder.toml`) and `liar` (one essay whose figure's generator only the
//! tests have).

#[path = "../common/mod.rs"]
mod common;

mod bundled;
mod changes;
mod claims;
mod commands;
mod essays;
mod figures;
mod forms;
mod inputs;
mod links;
mod output;
mod pages;
mod publication;
mod scripts;
mod search;
mod serve;
#[cfg(feature = "store")]
mod store;
mod unclaimed;
