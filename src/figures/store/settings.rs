//! What names a figure store and how it may fail to open: the settings of
//! `ladder.toml`'s `[store]` and the command line, the error of a store named
//! wrongly, and the limits every client keeps. The same with or without the
//! `store` feature.
//!
//! It imports nothing of ladder's.

/// The most requests to the store in flight at once: Bazel's remote cache
/// default (`--remote_max_connections`). A build's objects are small (a few
/// kilobytes each), so fetching them is bound by each request's latency, not
/// by bandwidth: a build of the bundled site (73 objects) fetches them in one
/// round.
pub const IN_FLIGHT: usize = 100;

/// The store's schemes, for an error that names what was expected.
pub const SCHEMES: &str = "s3://, gs://, az://, http(s):// (WebDAV) or file:///";

/// What `ladder.toml`'s `[store]` and the command line set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The store's URL.
    pub url: String,
    /// Upload what a build computes.
    pub write: bool,
    /// A store that fails (cannot be reached, refuses the credentials) fails
    /// the build, instead of one warning.
    pub required: bool,
}

/// A store that is named wrongly: its URL does not parse, or names no
/// supported scheme, or its settings are refused.
#[derive(Debug, thiserror::Error)]
#[error("figure store {url}: {why}")]
pub struct BadStore {
    pub(super) url: String,
    pub(super) why: String,
}
