//! The figure store: an object store behind `figures/` (`[store] url` in
//! `ladder.toml`, or `--store`), shared by laptops, CI and a cluster. An
//! `s3://`, `gs://` or `az://` bucket, a `WebDAV` folder at an `http(s)://`
//! URL, or a folder at a `file:///` URL, through the `object_store` crate,
//! with credentials from the environment as each cloud's own tools read them
//! (`AWS_ACCESS_KEY_ID`, `GOOGLE_APPLICATION_CREDENTIALS`,
//! `AZURE_STORAGE_ACCOUNT_NAME`, ...).
//!
//! This module moves bytes and nothing else: it gets and puts objects with a
//! bounded number of requests in flight, and turns the first failure (a
//! store that cannot be reached, credentials it refuses) into one warning, after
//! which it makes no more requests. What it reads is verified by the caller
//! ([`super::cache`]) exactly as an artifact in `figures/` is, and every
//! object is put whole (S3, Google and Azure put atomically; `file://` and
//! Apache's `WebDAV` write to a temporary file and rename it), so a reader
//! never trusts half an object.
//!
//! The client (`client.rs`) is built with the `store` feature, on by default:
//! its crates (`object_store` over `reqwest` and `rustls` with `ring`) make
//! a fresh release build's dependencies take about a third longer
//! (docs/commands.md says how much).
//! Built without it (`--no-default-features`), a store's URL is an error
//! saying so, and everything else is the same. [`settings`] holds what both
//! share. The cache and the computation import this module.

#[cfg(not(feature = "store"))]
mod absent;
#[cfg(feature = "store")]
mod client;
pub mod settings;

#[cfg(not(feature = "store"))]
pub use absent::{Store, check_url};
#[cfg(feature = "store")]
pub use client::{Store, check_url};
pub use settings::{BadStore, IN_FLIGHT, SCHEMES, Settings};
