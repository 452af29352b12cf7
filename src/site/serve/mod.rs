//! Preview while writing: the site built in memory and served over HTTP, with
//! its sources (`content/`, `templates/`, `ladder.toml`) watched and rebuilt on
//! change.
//!
//! 1. [`start`] listens first and builds after: until the first build is done,
//!    every page is a 503 "building" page that reloads itself once the site is
//!    ready, so no connection is held.
//! 2. `Sources` watches the root shallowly and `content/` and `templates/`
//!    deeply; when either folder is removed, renamed or created (`git
//!    checkout`, an editor's save-by-rename), its deep watch is attached anew.
//! 3. A rebuild goes through the same [`Site`], which keeps figures and
//!    rendered pages from the last build, so an edit recomputes and re-renders
//!    only what it touched. A failed rebuild keeps the last good site and shows
//!    its errors over the open page.
//! 4. HTTP/1 by hyper on a small tokio runtime: each response goes out as one
//!    write with `TCP_NODELAY`, connections are kept alive (HTTP/1.0's too,
//!    when asked), request heads over `HEAD_LIMIT` get 431, a kept-alive
//!    connection with no new request for 30 s is closed, and a request head
//!    that takes longer than 10 s to arrive is cut off (`HeadClock`).
//!
//! Open pages reload themselves through a small script (`reload.js`) that
//! only this server injects (a long poll on `/__ladder/events`). Only the
//! built files are served, from memory: nothing on disk is reachable, and a
//! path with `..` (plain or percent-encoded) is refused. A folder's address
//! without its trailing slash is redirected to the one with it.
//!
//! One file a part: this one holds what is served and the builder thread,
//! [`watch`] the watched sources, [`http`] the connections and responses,
//! [`answer`](mod@answer) what each request gets.
//!
//! It imports the pipeline ([`super::Site`]), the figures' progress and the
//! output's `Files`.

pub mod answer;
pub mod http;
pub mod watch;

pub use answer::{Reply, answer};

use super::output::sink::Files;
use super::{Failure, Site};
use crate::figures::Progress;
use answer::{HTML, content_type, inject};
use anyhow::{Context as _, Result};
use hyper::body::Bytes;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::runtime::Runtime;
use tokio::sync::watch as channel;
use watch::Sources;

/// How long a page's poll waits for news before it asks again.
const POLL: Duration = Duration::from_secs(25);

/// What is being served.
struct State {
    /// The last good build's files as served: HTML pages carry the reload
    /// script, put in once per build rather than once per request.
    files: BTreeMap<PathBuf, Bytes>,
    /// Bumped by every build, good or bad; 0 while the first one runs.
    version: u64,
    /// The last build's errors, as `path:line:col: error: ...` texts.
    errors: Vec<String>,
}

/// The state shared by the server and the builder; receivers wake on every
/// build.
#[derive(Clone)]
pub struct Shared(Arc<channel::Sender<State>>);

impl Shared {
    fn new() -> Shared {
        Shared(Arc::new(channel::Sender::new(State {
            files: BTreeMap::new(),
            version: 0,
            errors: Vec::new(),
        })))
    }

    /// Publishes a build's outcome; only the builder publishes.
    fn publish(&self, result: Result<Files, Vec<String>>) {
        let version = self.0.borrow().version + 1;
        let files = result.map(|files| {
            let served = files.0.into_iter().map(|(path, body)| {
                let body = if content_type(&path) == HTML {
                    inject(&body, version)
                } else {
                    body
                };
                (path, Bytes::from(body))
            });
            served.collect()
        });
        self.0.send_modify(|state| {
            state.version = version;
            match files {
                Ok(files) => {
                    state.files = files;
                    state.errors.clear();
                }
                Err(errors) => state.errors = errors,
            }
        });
    }

    /// The current version (0 while the first build runs) and the last
    /// build's errors.
    pub fn news(&self) -> (u64, Vec<String>) {
        let state = self.0.borrow();
        (state.version, state.errors.clone())
    }

    /// The news once the version is past `since`, or after [`POLL`].
    async fn news_past(&self, since: u64) -> (u64, Vec<String>) {
        let mut builds = self.0.subscribe();
        let _ = tokio::time::timeout(POLL, builds.wait_for(|s| s.version > since)).await;
        self.news()
    }
}

/// One rebuild's outcome for the terminal and the page; `serving` when a
/// good build's site is served, and stays.
fn rebuild(site: &mut Site, progress: &dyn Progress, serving: bool) -> Result<Files, Vec<String>> {
    match site.build(progress) {
        Ok(built) => {
            let s = &built.summary;
            progress.say(&format!(
                "rebuilt in {:.0} ms: {} pages ({} rendered), {} figures computed",
                s.elapsed.as_secs_f64() * 1000.0,
                s.pages,
                s.rendered,
                s.computed.len()
            ));
            Ok(built.files)
        }
        Err(Failure::Content(errors, _)) => {
            let texts: Vec<String> = errors.iter().map(ToString::to_string).collect();
            for t in &texts {
                progress.say(t);
            }
            let what = if serving {
                "still serving the last good site"
            } else {
                "nothing to serve until they are fixed"
            };
            progress.say(&format!("{} error(s); {what}", texts.len()));
            Err(texts)
        }
        Err(Failure::Io(e)) => {
            let text = format!("error: {e:#}");
            progress.say(&text);
            Err(vec![text])
        }
    }
}

/// A running server; it stops serving when dropped.
pub struct Server {
    /// Where it listens.
    pub address: SocketAddr,
    /// What the builds publish and the requests read.
    pub shared: Shared,
    runtime: Runtime,
}

impl Server {
    /// Waits until a build past `version` is published: its version, or
    /// `None` after `timeout`. For tests and benchmarks.
    pub fn wait_past(&self, version: u64, timeout: Duration) -> Option<u64> {
        let mut builds = self.shared.0.subscribe();
        self.runtime.block_on(async {
            let wait = builds.wait_for(|s| s.version > version);
            let state = tokio::time::timeout(timeout, wait).await.ok()?.ok()?;
            Some(state.version)
        })
    }
}

/// Starts serving `site` on `addr`, then builds it on a thread of its own
/// (pages say "building" meanwhile) and rebuilds it on every change to its
/// sources. Returns once the server is listening.
pub fn start(
    mut site: Site,
    addr: SocketAddr,
    progress: Box<dyn Progress + Send>,
) -> Result<Server> {
    let shared = Shared::new();
    let (address, runtime) = http::listen(addr, shared.clone(), http::TIMEOUTS)?;
    let mut sources = Sources::watch(&site.opts.root)?;
    let publisher = shared.clone();
    std::thread::Builder::new()
        .name("ladder-build".into())
        .spawn(move || {
            publisher.publish(rebuild(&mut site, &*progress, false));
            while sources.changed(&*progress) {
                let serving = !publisher.0.borrow().files.is_empty();
                publisher.publish(rebuild(&mut site, &*progress, serving));
            }
        })
        .context("cannot start the builder thread")?;
    Ok(Server {
        address,
        shared,
        runtime,
    })
}
