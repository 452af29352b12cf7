//! The figure store of a ladder built without the `store` feature: no store
//! can be opened, and a store's URL is an error saying how to build one that
//! opens it. [`Store`] has the client's interface but no value, so the code
//! that would use one is the same in both builds and never runs here.
//!
//! It imports only [`super::settings`].

use super::settings::{BadStore, Settings, no_credentials};
use std::convert::Infallible;

/// Why no URL names a store here.
const ABSENT: &str = "this ladder was built without the figure store (the `store` feature, \
                      on by default: build it with `cargo build --release`)";

/// Refuses every URL: no store opens here.
pub fn check_url(url: &str) -> Result<(), String> {
    no_credentials(url)?;
    Err(format!("`{url}`: {ABSENT}"))
}

/// A figure store, which cannot exist in this build.
pub struct Store {
    /// What the store was named.
    pub url: String,
    /// Upload what is computed.
    pub write: bool,
    /// A failure is an error, not a warning.
    pub required: bool,
    never: Infallible,
}

impl Store {
    /// Refuses to open any store.
    pub fn open(settings: &Settings) -> Result<Store, BadStore> {
        Err(BadStore::new(&settings.url, ABSENT.to_string()))
    }

    /// The settings it was opened with.
    pub fn settings(&self) -> Settings {
        match self.never {}
    }

    /// Whether the store failed.
    pub fn failed(&self) -> bool {
        match self.never {}
    }

    /// The objects `names`.
    pub fn get_all(&self, _: &[String]) -> Vec<Option<Vec<u8>>> {
        match self.never {}
    }

    /// Whether the store holds each of `names`.
    pub fn holds_all(&self, _: &[String]) -> Vec<bool> {
        match self.never {}
    }

    /// Puts `bytes` as the object `name`.
    pub fn put(&self, _: &str, _: Vec<u8>) {
        match self.never {}
    }

    /// How the store failed.
    pub fn finish(&self) -> Option<String> {
        match self.never {}
    }
}
