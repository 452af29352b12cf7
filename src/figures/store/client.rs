//! The figure store's client, built with the `store` feature: opening an
//! object store with the `object_store` crate and getting and putting
//! objects on a `tokio` runtime of its own, with a bounded number of
//! requests in flight; the first failure (a store that cannot be reached,
//! credentials it refuses) recorded, after which no request is made.
//!
//! It imports only [`super::settings`], `object_store` and `tokio`.

use super::settings::{BadStore, IN_FLIGHT, SCHEMES, Settings, no_credentials};
use object_store::aws::AmazonS3Builder;
use object_store::azure::MicrosoftAzureBuilder;
use object_store::gcp::GoogleCloudStorageBuilder;
use object_store::http::HttpBuilder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{
    BackoffConfig, ClientOptions, ObjectStore, ObjectStoreExt, ObjectStoreScheme, RetryConfig,
};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

/// Checks that `url` names a store ladder can open (without opening it).
pub fn check_url(url: &str) -> Result<(), String> {
    no_credentials(url)?;
    let parsed = url::Url::parse(url).map_err(|e| format!("`{url}` is not a URL ({e})"))?;
    match ObjectStoreScheme::parse(&parsed) {
        Ok((ObjectStoreScheme::Memory, _)) | Err(_) => Err(format!(
            "`{url}` names no store ladder opens; expected {SCHEMES}"
        )),
        Ok(_) => Ok(()),
    }
}

/// The host of `url` if it is a link-local address (169.254.0.0/16, as the
/// URL standard reads an IPv4 address in any of its forms, or `fe80::/10`,
/// an IPv4 one mapped into IPv6 too).
fn link_local(url: &url::Url) -> Option<String> {
    let local = match url.host()? {
        url::Host::Ipv4(ip) => ip.is_link_local(),
        url::Host::Ipv6(ip) => {
            ip.is_unicast_link_local() || ip.to_ipv4_mapped().is_some_and(|v4| v4.is_link_local())
        }
        url::Host::Domain(_) => false,
    };
    local.then(|| url.host_str().unwrap_or_default().to_string())
}

/// The figure store of one build: its objects, a runtime to reach them on,
/// and the first failure.
pub struct Store {
    /// What the store was named, for messages (never holding a secret:
    /// credentials come from the environment).
    pub url: String,
    objects: Arc<dyn ObjectStore>,
    prefix: Path,
    /// Upload what is computed.
    pub write: bool,
    /// A failure is an error, not a warning.
    pub required: bool,
    /// A link-local host was allowed.
    link_local: bool,
    runtime: tokio::runtime::Runtime,
    slots: Arc<Semaphore>,
    failure: Arc<Mutex<Option<String>>>,
    uploads: Mutex<Vec<JoinHandle<()>>>,
}

/// How often a request is retried, and for how long: a store that does not
/// answer costs a build a second or two, not `object_store`'s default minutes.
fn retry() -> RetryConfig {
    RetryConfig {
        backoff: BackoffConfig {
            init_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_secs(1),
            base: 2.0,
        },
        max_retries: 2,
        retry_timeout: Duration::from_secs(10),
    }
}

impl Store {
    /// Opens the store `settings` name. No request is made: a store that
    /// cannot be reached shows on the first.
    pub fn open(settings: &Settings) -> Result<Store, BadStore> {
        let url = settings.url.clone();
        let bad = |why: String| BadStore::new(&url, why);
        check_url(&url).map_err(&bad)?;
        let parsed = url::Url::parse(&url).map_err(|e| bad(e.to_string()))?;
        if !settings.link_local
            && let Some(host) = link_local(&parsed)
        {
            return Err(bad(format!(
                "its host {host} is a link-local address, where a cloud machine's metadata \
                 service answers with the machine's credentials; if the store is really there, \
                 set `link_local = true` in ladder.toml's [store]"
            )));
        }
        let (scheme, path) = ObjectStoreScheme::parse(&parsed).map_err(|e| bad(e.to_string()))?;
        let built: Result<Arc<dyn ObjectStore>, object_store::Error> = match scheme {
            ObjectStoreScheme::Local => {
                let folder = parsed
                    .to_file_path()
                    .map_err(|()| bad("is not a local path".into()))?;
                std::fs::create_dir_all(&folder)
                    .map_err(|e| bad(format!("cannot create {} ({e})", folder.display())))?;
                LocalFileSystem::new_with_prefix(folder).map(|s| Arc::new(s) as _)
            }
            ObjectStoreScheme::AmazonS3 => AmazonS3Builder::from_env()
                .with_url(url.as_str())
                .with_retry(retry())
                .build()
                .map(|s| Arc::new(s) as _),
            ObjectStoreScheme::GoogleCloudStorage => GoogleCloudStorageBuilder::from_env()
                .with_url(url.as_str())
                .with_retry(retry())
                .build()
                .map(|s| Arc::new(s) as _),
            ObjectStoreScheme::MicrosoftAzure => MicrosoftAzureBuilder::from_env()
                .with_url(url.as_str())
                .with_retry(retry())
                .build()
                .map(|s| Arc::new(s) as _),
            // An http:// URL asks for plain HTTP: object_store refuses it
            // unless allowed.
            ObjectStoreScheme::Http => HttpBuilder::new()
                .with_url(&parsed[..url::Position::BeforePath])
                .with_client_options(
                    ClientOptions::new().with_allow_http(parsed.scheme() == "http"),
                )
                .with_retry(retry())
                .build()
                .map(|s| Arc::new(s) as _),
            ObjectStoreScheme::Memory => unreachable!("check_url refuses memory://"),
            _ => {
                return Err(bad(format!(
                    "names no store ladder opens; expected {SCHEMES}"
                )));
            }
        };
        let objects = built.map_err(|e| bad(e.to_string()))?;
        // A local folder is the prefix itself; elsewhere the URL's path is.
        let prefix = match scheme {
            ObjectStoreScheme::Local => Path::default(),
            _ => path,
        };
        Store::with(objects, prefix, settings).map_err(bad)
    }

    /// The store of `objects`, its artifacts under `prefix`.
    pub fn with(
        objects: Arc<dyn ObjectStore>,
        prefix: Path,
        settings: &Settings,
    ) -> Result<Store, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("ladder-store")
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start its client ({e})"))?;
        Ok(Store {
            url: settings.url.clone(),
            objects,
            prefix,
            write: settings.write,
            required: settings.required,
            link_local: settings.link_local,
            runtime,
            slots: Arc::new(Semaphore::new(IN_FLIGHT)),
            failure: Arc::new(Mutex::new(None)),
            uploads: Mutex::new(Vec::new()),
        })
    }

    fn path(&self, name: &str) -> Path {
        self.prefix.clone().join(name)
    }

    /// The settings it was opened with.
    pub fn settings(&self) -> Settings {
        Settings {
            url: self.url.clone(),
            write: self.write,
            required: self.required,
            link_local: self.link_local,
        }
    }

    /// Whether the store failed: no more requests are made.
    pub fn failed(&self) -> bool {
        lock(&self.failure).is_some()
    }

    /// Gets the objects `names`, at most [`IN_FLIGHT`] at a time: each one's
    /// bytes, or `None` when the store has none (or has failed).
    pub fn get_all(&self, names: &[String]) -> Vec<Option<Vec<u8>>> {
        self.ask_each(names, |objects, path| async move {
            let got = objects.get(&path).await?;
            Ok(got.bytes().await?.to_vec())
        })
    }

    /// Whether the store holds each of `names` (a `HEAD` request each, at most
    /// [`IN_FLIGHT`] at a time); `false` once it has failed.
    pub fn holds_all(&self, names: &[String]) -> Vec<bool> {
        let held = self.ask_each(names, |objects, path| async move {
            objects.head(&path).await.map(drop)
        });
        held.into_iter().map(|h| h.is_some()).collect()
    }

    /// Asks the store about each of `names` (`ask`, from the store and an
    /// object's path), at most [`IN_FLIGHT`] at a time: each answer, or
    /// `None` where it has no such object or has failed. The first failure
    /// is recorded, and nothing is asked after it.
    fn ask_each<T, F, Asked>(&self, names: &[String], ask: F) -> Vec<Option<T>>
    where
        T: Send + 'static,
        F: Fn(Arc<dyn ObjectStore>, Path) -> Asked,
        Asked: Future<Output = object_store::Result<T>> + Send + 'static,
    {
        if names.is_empty() || self.failed() {
            return names.iter().map(|_| None).collect();
        }
        let tasks: Vec<JoinHandle<Option<T>>> = names
            .iter()
            .map(|name| {
                let asked = ask(self.objects.clone(), self.path(name));
                let (slots, failure) = (self.slots.clone(), self.failure.clone());
                self.runtime.spawn(async move {
                    let _slot = slots.acquire_owned().await.ok()?;
                    if lock(&failure).is_some() {
                        return None;
                    }
                    match asked.await {
                        Ok(answer) => Some(answer),
                        Err(object_store::Error::NotFound { .. }) => None,
                        Err(e) => {
                            fail(&failure, &e);
                            None
                        }
                    }
                })
            })
            .collect();
        self.runtime.block_on(async {
            let mut answers = Vec::with_capacity(tasks.len());
            for task in tasks {
                answers.push(task.await.ok().flatten());
            }
            answers
        })
    }

    /// Starts putting `bytes` as the object `name`, whole (when the store is
    /// writable and has not failed); [`Store::finish`] waits for it.
    pub fn put(&self, name: &str, bytes: Vec<u8>) {
        if !self.write || self.failed() {
            return;
        }
        let (objects, path) = (self.objects.clone(), self.path(name));
        let (slots, failure) = (self.slots.clone(), self.failure.clone());
        let task = self.runtime.spawn(async move {
            let Ok(_slot) = slots.acquire_owned().await else {
                return;
            };
            if lock(&failure).is_some() {
                return;
            }
            // Tried twice: two first uploads to a WebDAV store race to
            // create its folder (MKCOL), and object_store takes the loser's
            // answer (405, it exists) for a failure.
            let payload = object_store::PutPayload::from(bytes);
            if objects.put(&path, payload.clone()).await.is_err()
                && let Err(e) = objects.put(&path, payload).await
            {
                fail(&failure, &e);
            }
        });
        lock(&self.uploads).push(task);
    }

    /// Waits for every upload started, and says how the store failed, if it
    /// did: one line naming the store, for an error or (with what the
    /// command did without it) a warning.
    pub fn finish(&self) -> Option<String> {
        let uploads = std::mem::take(&mut *lock(&self.uploads));
        self.runtime.block_on(async {
            for upload in uploads {
                let _ = upload.await;
            }
        });
        lock(&self.failure)
            .as_ref()
            .map(|why| format!("figure store {} failed ({why})", self.url))
    }
}

/// Records the store's first failure: after it, no request is made.
fn fail(failure: &Mutex<Option<String>>, e: &object_store::Error) {
    let mut failure = lock(failure);
    if failure.is_none() {
        *failure = Some(e.to_string());
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(url: &str, link_local: bool) -> Result<Store, BadStore> {
        Store::open(&Settings {
            url: url.to_string(),
            write: false,
            required: false,
            link_local,
        })
    }

    #[test]
    fn a_link_local_host_is_refused_unless_allowed() {
        // The metadata service's address in the forms the URL standard reads
        // as it (decimal, hexadecimal, one number), and IPv6's link-local
        // and mapped forms.
        for url in [
            "http://169.254.169.254/latest/",
            "https://0xa9.0xfe.0xa9.0xfe/x",
            "http://2852039166/x",
            "http://[fe80::1]/x",
            "http://[::ffff:169.254.169.254]/x",
        ] {
            let e = open(url, false).err().map(|e| e.to_string());
            assert!(
                e.as_deref().is_some_and(|e| e.contains("link-local")),
                "{url}: {e:?}"
            );
            assert!(open(url, true).is_ok(), "{url}");
        }
        for url in [
            "http://169.255.0.1/x",
            "http://[fe00::1]/x",
            "http://example.org/x",
        ] {
            assert!(open(url, false).is_ok(), "{url}");
        }
    }
}
