//! What to build ([`Options`]): the root, the output, the switches of the
//! command line, and the figure store it names over `ladder.toml`'s
//! `[store]` ([`StoreOptions`]), with the figure cache a build of them opens.
//!
//! It imports the settings ([`super::config`]) and the figures' cache and
//! store.

use super::config;
use crate::figures::{self, Cache, Store};
use crate::generators::Generator;
use std::path::PathBuf;
use std::sync::Arc;

/// What to build.
#[derive(Clone)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "the command line's independent switches, each a flag"
)]
pub struct Options {
    /// The folder holding `content/`, `templates/` and `figures/`.
    pub root: PathBuf,
    /// Where the site goes (`ROOT/site` by default).
    pub output: PathBuf,
    /// Write the site and new figure artifacts (false for `ladder check`).
    pub write: bool,
    /// Recompute every figure.
    pub force: bool,
    /// Replace the output folder even when it holds files ladder did not
    /// write (it is never the root or inside what the build reads).
    pub replace_output: bool,
    /// The generators essays may name ([`crate::generators::REGISTRY`] but in tests).
    pub generators: &'static [&'static dyn Generator],
    /// Overrides `ladder.toml`'s `base_url` (checked by [`config::base_url`]).
    pub base_url: Option<String>,
    /// Build essays marked `draft = true` (marked as drafts on their pages);
    /// otherwise they are left out, and a link to one is an error.
    pub drafts: bool,
    /// Compare what the essays state with the last successful build's
    /// record ([`super::changes`]): `ladder build` and `ladder check` do, `ladder
    /// serve` does not, so an edit does not re-evaluate every essay's claims.
    pub changes: bool,
    /// The figure store's settings from the command line, over
    /// `ladder.toml`'s `[store]` ([`StoreOptions`]).
    pub store: StoreOptions,
    /// List the numbers each essay writes outside its claims, math and code
    /// (`ladder check --unclaimed`) in [`super::Summary::unclaimed`].
    pub unclaimed: bool,
}

/// The command line's figure store: a URL over `[store] url`, and switches
/// that turn on `[store] write` and `[store] required`.
#[derive(Clone, Debug, Default)]
pub struct StoreOptions {
    /// The store's URL (`--store`).
    pub url: Option<String>,
    /// Upload what the build computes (`--store-write`).
    pub write: bool,
    /// A store that fails fails the build (`--store-required`).
    pub required: bool,
}

impl Options {
    /// The figure cache of a build with these options of a site set up by
    /// `config`: `figures/`, and the figure store they name, opened (no
    /// request made yet), or `kept` (an earlier build's, with its runtime
    /// and connections: `ladder serve` rebuilds) when it is that store and
    /// has not failed.
    pub fn cache(
        &self,
        config: &config::Config,
        kept: Option<&Arc<Store>>,
    ) -> Result<Cache, figures::store::BadStore> {
        let store = match self.store.settings(config, self.write) {
            Some(settings) => Some(match kept {
                Some(kept) if kept.settings() == settings && !kept.failed() => kept.clone(),
                _ => Arc::new(Store::open(&settings)?),
            }),
            None => None,
        };
        Ok(Cache {
            dir: self.root.join("figures"),
            root: self.root.clone(),
            write: self.write,
            force: self.force,
            store,
        })
    }
}

impl StoreOptions {
    /// The store these options and `config` name, if any, writable only
    /// when the build `writes`.
    pub fn settings(&self, config: &config::Config, writes: bool) -> Option<figures::Settings> {
        let url = self.url.clone().or_else(|| config.store.url.clone())?;
        Some(figures::Settings {
            url,
            write: writes && (self.write || config.store.write),
            required: self.required || config.store.required,
            link_local: config.store.link_local,
        })
    }
}

impl Options {
    /// Build `root` into `root/site` with every generator, writing the site
    /// and new figure artifacts, reusing artifacts where they match.
    pub fn new(root: impl Into<PathBuf>) -> Options {
        let root = root.into();
        Options {
            output: root.join("site"),
            root,
            write: true,
            force: false,
            replace_output: false,
            generators: crate::generators::REGISTRY,
            base_url: None,
            drafts: false,
            changes: true,
            store: StoreOptions::default(),
            unclaimed: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ladder serve`'s rebuilds keep the store an earlier build opened (its
    /// runtime and connections) while it is named alike and has not failed.
    #[test]
    fn a_rebuild_reuses_the_store_it_opened_while_it_is_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("file://{}", dir.path().join("store").display());
        let config = config::Config::default();
        let mut opts = Options::new(dir.path());
        opts.store.url = Some(url);
        let first = opts.cache(&config, None).unwrap().store.unwrap();
        let again = opts.cache(&config, Some(&first)).unwrap().store.unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        opts.store.write = true;
        let writable = opts.cache(&config, Some(&first)).unwrap().store.unwrap();
        assert!(!Arc::ptr_eq(&first, &writable) && writable.write);
    }
}
