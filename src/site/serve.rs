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

use super::figures::Progress;
use super::{Failure, Site, output::Files};
use anyhow::{Context as _, Result, anyhow};
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::server::conn::http1;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use notify::{RecommendedWatcher, RecursiveMode, Watcher};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::path::{Component, Path, PathBuf};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::runtime::Runtime;
use tokio::sync::watch;
use tokio::time::{Instant, Sleep};

/// How long a change must be quiet before a rebuild starts.
const DEBOUNCE: Duration = Duration::from_millis(15);
/// How long a page's poll waits for news before it asks again.
const POLL: Duration = Duration::from_secs(25);
/// Where the reload script asks for news.
const EVENTS: &str = "/__ladder/events";
/// The source folders under the root, each watched deeply.
const SOURCE_DIRS: [&str; 2] = ["content", "templates"];
/// The settings file at the root, also a source.
const SETTINGS: &str = "ladder.toml";
/// The largest request head (request line and headers) answered; a larger
/// one gets 431.
const HEAD_LIMIT: usize = 64 * 1024;
/// The content types of the server's own pages.
const HTML: &str = "text/html; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";
/// How long the server waits on its clients.
const TIMEOUTS: Timeouts = Timeouts {
    idle: Duration::from_secs(30),
    head: Duration::from_secs(10),
};

/// How long the server waits on a client.
#[derive(Clone, Copy)]
struct Timeouts {
    /// For a connection's next request head to have arrived, counted from
    /// the connection's opening or its last response.
    idle: Duration,
    /// For a request head to arrive whole, counted from its first bytes.
    head: Duration,
}

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
pub struct Shared(Arc<watch::Sender<State>>);

impl Shared {
    fn new() -> Shared {
        Shared(Arc::new(watch::Sender::new(State {
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

/// One rebuild's outcome for the terminal and the page.
fn rebuild(site: &mut Site, progress: &dyn Progress) -> Result<Files, Vec<String>> {
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
        Err(Failure::Content(errors)) => {
            let texts: Vec<String> = errors.iter().map(ToString::to_string).collect();
            for t in &texts {
                progress.say(t);
            }
            progress.say(&format!(
                "{} error(s); still serving the last good site",
                texts.len()
            ));
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
    pub address: SocketAddr,
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
    let (address, runtime) = listen(addr, shared.clone(), TIMEOUTS)?;
    let mut sources = Sources::watch(&site.opts.root)?;
    let publisher = shared.clone();
    std::thread::Builder::new()
        .name("ladder-build".into())
        .spawn(move || {
            publisher.publish(rebuild(&mut site, &*progress));
            while sources.changed(&*progress) {
                publisher.publish(rebuild(&mut site, &*progress));
            }
        })
        .context("cannot start the builder thread")?;
    Ok(Server {
        address,
        shared,
        runtime,
    })
}

/// The site's sources as watched: the root shallowly, to see the source
/// folders and the settings file come and go, and each source folder deeply.
struct Sources {
    root: PathBuf,
    watcher: RecommendedWatcher,
    /// The source paths of each change (all the source folders after an
    /// overflow or a watcher error, to attach them anew).
    changes: mpsc::Receiver<Vec<PathBuf>>,
}

impl Sources {
    fn watch(root: &Path) -> Result<Sources> {
        let dirs = SOURCE_DIRS.map(|d| root.join(d));
        let settings = root.join(SETTINGS);
        let (tx, changes) = mpsc::channel();
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let paths: Vec<PathBuf> = match event {
                Ok(e) if e.need_rescan() => dirs.to_vec(),
                Ok(e) if e.kind.is_access() => return,
                Ok(e) => e
                    .paths
                    .into_iter()
                    .filter(|p| *p == settings || dirs.iter().any(|d| p.starts_with(d)))
                    .collect(),
                Err(_) => dirs.to_vec(),
            };
            if !paths.is_empty() {
                let _ = tx.send(paths);
            }
        })
        .context("cannot watch files")?;
        let mut sources = Sources {
            root: root.to_path_buf(),
            watcher,
            changes,
        };
        sources
            .watcher
            .watch(root, RecursiveMode::NonRecursive)
            .with_context(|| format!("cannot watch {}", root.display()))?;
        for dir in SOURCE_DIRS.map(|d| root.join(d)) {
            sources
                .attach(&dir)
                .with_context(|| format!("cannot watch {}", dir.display()))?;
        }
        Ok(sources)
    }

    /// Watches `dir` deeply, anew: its old watch (if any) may follow a
    /// folder renamed away, or be gone with a removed one.
    fn attach(&mut self, dir: &Path) -> notify::Result<()> {
        let _ = self.watcher.unwatch(dir);
        if dir.is_dir() {
            self.watcher.watch(dir, RecursiveMode::Recursive)
        } else {
            Ok(())
        }
    }

    /// Waits for a change to the sources and for quiet after it, attaching
    /// anew to each source folder that came, went or was replaced; false
    /// once the watcher has stopped.
    fn changed(&mut self, progress: &dyn Progress) -> bool {
        let Ok(mut paths) = self.changes.recv() else {
            return false;
        };
        while let Ok(more) = self.changes.recv_timeout(DEBOUNCE) {
            paths.extend(more);
        }
        for dir in SOURCE_DIRS.map(|d| self.root.join(d)) {
            if paths.contains(&dir)
                && let Err(e) = self.attach(&dir)
            {
                progress.say(&format!("error: cannot watch {}: {e}", dir.display()));
            }
        }
        true
    }
}

/// Listens on `addr` and answers from `shared` on a small runtime of its own.
fn listen(addr: SocketAddr, shared: Shared, timeouts: Timeouts) -> Result<(SocketAddr, Runtime)> {
    let listener = std::net::TcpListener::bind(addr).map_err(|e| cannot_listen(addr, &e))?;
    let address = listener.local_addr()?;
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("ladder-serve")
        .enable_all()
        .build()
        .context("cannot start the server's threads")?;
    let listener = {
        let _inside = runtime.enter();
        TcpListener::from_std(listener)?
    };
    runtime.spawn(accept(listener, shared, timeouts));
    Ok((address, runtime))
}

/// Why `addr` cannot be listened on, with what to do about it.
fn cannot_listen(addr: SocketAddr, e: &io::Error) -> anyhow::Error {
    let hint = match e.kind() {
        io::ErrorKind::AddrInUse => " (is another server using that port? pick one with --port)",
        io::ErrorKind::AddrNotAvailable => {
            " (no network interface of this machine has that address; pick one with --interface)"
        }
        io::ErrorKind::PermissionDenied => " (pick a port above 1023 with --port)",
        _ => "",
    };
    anyhow!("cannot listen on {addr}: {e}{hint}")
}

/// Accepts connections until the runtime stops, serving each on a task of
/// its own.
async fn accept(listener: TcpListener, shared: Shared, timeouts: Timeouts) {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(timeouts.idle)
        .max_buf_size(HEAD_LIMIT)
        .max_header_size(HEAD_LIMIT);
    let http = Arc::new(http);
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors, say: wait for some to close.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Small responses go out at once, not after the client's delayed ACK.
        let _ = stream.set_nodelay(true);
        let (http, shared) = (http.clone(), shared.clone());
        tokio::spawn(async move {
            let arriving = Arc::new(AtomicBool::new(false));
            let io = TokioIo::new(HeadClock::new(stream, arriving.clone(), timeouts.head));
            let service = hyper::service::service_fn(move |request| {
                arriving.store(false, Ordering::Relaxed);
                respond(request, shared.clone())
            });
            let _ = http.serve_connection(io, service).await;
        });
    }
}

/// A connection's socket whose reads fail once a request head has been
/// arriving for longer than `limit`. (hyper's own timeout counts from the
/// connection's opening or last response, idle time included.) A head starts
/// arriving with the first bytes read after the service took the last one.
struct HeadClock {
    stream: TcpStream,
    /// Whether a request head is arriving: set here, cleared by the service.
    arriving: Arc<AtomicBool>,
    limit: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl HeadClock {
    fn new(stream: TcpStream, arriving: Arc<AtomicBool>, limit: Duration) -> HeadClock {
        HeadClock {
            stream,
            arriving,
            limit,
            deadline: Box::pin(tokio::time::sleep(limit)),
        }
    }
}

impl AsyncRead for HeadClock {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.stream).poll_read(cx, buf);
        let got = matches!(read, Poll::Ready(Ok(()))) && buf.filled().len() > before;
        if got && !this.arriving.swap(true, Ordering::Relaxed) {
            this.deadline.as_mut().reset(Instant::now() + this.limit);
        } else if read.is_pending()
            && this.arriving.load(Ordering::Relaxed)
            && this.deadline.as_mut().poll(cx).is_ready()
        {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the request head took too long",
            )));
        }
        read
    }
}

impl AsyncWrite for HeadClock {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// What a request gets.
#[derive(Debug, PartialEq)]
pub enum Reply {
    File {
        content_type: &'static str,
        body: Bytes,
    },
    News {
        version: u64,
        errors: Vec<String>,
    },
    /// A folder asked for without its trailing slash: where it is.
    Redirect(String),
    /// The first build is running.
    Building,
    Forbidden,
    NotFound,
}

async fn respond(
    request: Request<Incoming>,
    shared: Shared,
) -> Result<Response<Full<Bytes>>, Infallible> {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        let mut response = page(
            StatusCode::METHOD_NOT_ALLOWED,
            TEXT,
            b"405: this server only answers GET and HEAD\n".as_slice(),
        );
        let allow = HeaderValue::from_static("GET, HEAD");
        response.headers_mut().insert(header::ALLOW, allow);
        return Ok(response);
    }
    let url = request.uri().path_and_query().map_or("/", |p| p.as_str());
    let reply = match poll_since(url) {
        Some(since) => {
            let (version, errors) = shared.news_past(since).await;
            Reply::News { version, errors }
        }
        None => answer(url, &shared),
    };
    Ok(response(reply, &shared))
}

/// The version a reload script's poll (`/__ladder/events?since=N`) waits past.
fn poll_since(url: &str) -> Option<u64> {
    let (path, query) = url.split_once('?')?;
    if path != EVENTS {
        return None;
    }
    query.strip_prefix("since=")?.parse().ok()
}

/// Answers a request for `url` (path and query) at once, from the site as
/// it is: a poll for news gets the current news (the server itself waits
/// for news past the poll's version).
pub fn answer(url: &str, shared: &Shared) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let state = shared.0.borrow();
    if path == EVENTS {
        return Reply::News {
            version: state.version,
            errors: state.errors.clone(),
        };
    }
    let Some(relative) = site_path(path) else {
        return Reply::Forbidden;
    };
    if state.version == 0 {
        return Reply::Building;
    }
    if let Some(body) = state.files.get(&relative) {
        return Reply::File {
            content_type: content_type(&relative),
            body: body.clone(),
        };
    }
    if !path.ends_with('/') && state.files.contains_key(&relative.join("index.html")) {
        let query = if query.is_empty() {
            String::new()
        } else {
            format!("?{query}")
        };
        return Reply::Redirect(format!("{path}/{query}"));
    }
    Reply::NotFound
}

/// The HTTP response for `reply`.
fn response(reply: Reply, shared: &Shared) -> Response<Full<Bytes>> {
    match reply {
        Reply::File { content_type, body } => page(StatusCode::OK, content_type, body),
        Reply::News { version, errors } => {
            let json = serde_json::json!({ "version": version, "errors": errors });
            page(
                StatusCode::OK,
                "application/json",
                json.to_string().into_bytes(),
            )
        }
        Reply::Redirect(location) => match HeaderValue::try_from(location) {
            Ok(location) => {
                let body = b"308: this is a folder; its address ends with /\n".as_slice();
                let mut response = page(StatusCode::PERMANENT_REDIRECT, TEXT, body);
                response.headers_mut().insert(header::LOCATION, location);
                response
            }
            Err(_) => response(Reply::NotFound, shared),
        },
        Reply::Building => {
            let html = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Building</title></head>\
                        <body><main><h1>Building the site</h1><p>This page reloads when the first build is done.</p></main></body></html>";
            let mut response = page(
                StatusCode::SERVICE_UNAVAILABLE,
                HTML,
                inject(html.as_bytes(), 0),
            );
            let retry = HeaderValue::from_static("1");
            response.headers_mut().insert(header::RETRY_AFTER, retry);
            response
        }
        Reply::Forbidden => page(
            StatusCode::FORBIDDEN,
            TEXT,
            b"403 forbidden: path leaves the site\n".as_slice(),
        ),
        Reply::NotFound => {
            let html = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head>\
                        <body><main><h1>Not found</h1><p>No page here. <a href=\"/\">The index</a>.</p></main></body></html>";
            let version = shared.news().0;
            page(
                StatusCode::NOT_FOUND,
                HTML,
                inject(html.as_bytes(), version),
            )
        }
    }
}

/// A response that is never cached: the site changes under it.
fn page(
    status: StatusCode,
    content_type: &'static str,
    body: impl Into<Bytes>,
) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(body.into()));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The file a URL path names inside the site, or `None` when it would leave it.
pub fn site_path(path: &str) -> Option<PathBuf> {
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?;
    if decoded.contains('\\') || decoded.contains('\0') {
        return None;
    }
    let mut out = PathBuf::new();
    for part in Path::new(decoded.trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => out.push(p),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if decoded.ends_with('/') || out.as_os_str().is_empty() {
        out.push("index.html");
    }
    Some(out)
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => HTML,
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("csv") => "text/csv; charset=utf-8",
        Some("woff2") => "font/woff2",
        Some("otf") => "font/otf",
        _ => "application/octet-stream",
    }
}

/// The reload script, put before `</body>` of every HTML page served (never
/// in `ladder build` output). It polls for news: a new version reloads the
/// page, errors show over it.
fn inject(html: &[u8], version: u64) -> Vec<u8> {
    let script = format!(
        "<script data-version=\"{version}\" data-events=\"{EVENTS}\">\n{}</script>\n",
        include_str!("reload.js")
    );
    let text = String::from_utf8_lossy(html);
    match text.rfind("</body>") {
        Some(at) => format!("{}{script}{}", &text[..at], &text[at..]).into_bytes(),
        None => format!("{text}{script}").into_bytes(),
    }
}

/// Serves, builds and watches until the process is stopped.
pub fn run(site: Site, addr: SocketAddr, progress: Box<dyn Progress + Send>) -> Result<()> {
    let server = start(site, addr, progress)?;
    println!("serving http://{}/ (Ctrl-C to stop)", server.address);
    loop {
        std::thread::park();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::time::Instant;

    #[test]
    fn refuses_paths_that_leave_the_site() {
        assert_eq!(site_path("/../etc/passwd"), None);
        assert_eq!(site_path("/a/%2e%2e/%2e%2e/etc/passwd"), None);
        assert_eq!(site_path("/a/..%2F..%2Fsecret"), None);
        assert_eq!(site_path("/a%5c..%5csecret"), None);
    }

    #[test]
    fn maps_directories_to_their_index() {
        assert_eq!(site_path("/"), Some(PathBuf::from("index.html")));
        assert_eq!(
            site_path("/chomp/needles/"),
            Some(PathBuf::from("chomp/needles/index.html"))
        );
        assert_eq!(site_path("/style.css"), Some(PathBuf::from("style.css")));
        assert_eq!(site_path("/a%20b.json"), Some(PathBuf::from("a b.json")));
    }

    #[test]
    fn injects_the_reload_script_before_the_body_ends() {
        let page = String::from_utf8(inject(b"<html><body><p>x</p></body></html>", 7)).unwrap();
        assert!(page.contains("<script data-version=\"7\" data-events=\"/__ladder/events\">"));
        assert!(page.ends_with("</script>\n</body></html>"));
    }

    /// A site of two pages.
    fn built() -> Shared {
        let shared = Shared::new();
        let mut files = Files::default();
        files.add("index.html", "<html><body>the index</body></html>");
        files.add(
            "chomp/needles/index.html",
            "<html><body>needles</body></html>",
        );
        shared.publish(Ok(files));
        shared
    }

    /// `shared` served on a loopback port, with `timeouts`.
    fn serving(shared: &Shared, timeouts: Timeouts) -> (SocketAddr, Runtime) {
        listen("127.0.0.1:0".parse().unwrap(), shared.clone(), timeouts).unwrap()
    }

    /// A connection that gives up on reads after five seconds.
    fn connect(address: SocketAddr) -> std::net::TcpStream {
        let stream = std::net::TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        stream
    }

    /// One response read from `stream`: its head (lower-cased) and body.
    fn read_response(stream: &mut std::net::TcpStream) -> (String, Vec<u8>) {
        let mut bytes = Vec::new();
        let mut byte = [0u8];
        while !bytes.ends_with(b"\r\n\r\n") {
            assert_eq!(stream.read(&mut byte).unwrap(), 1, "closed mid-head");
            bytes.push(byte[0]);
        }
        let head = String::from_utf8(bytes).unwrap().to_lowercase();
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .expect("a content-length")
            .parse()
            .unwrap();
        let mut body = vec![0; length];
        stream.read_exact(&mut body).unwrap();
        (head, body)
    }

    /// Sends `request` on `stream` and reads the response.
    fn exchange(stream: &mut std::net::TcpStream, request: &str) -> (String, Vec<u8>) {
        stream.write_all(request.as_bytes()).unwrap();
        read_response(stream)
    }

    /// Whether the server closes `stream` (within its read timeout).
    fn closes(stream: &mut std::net::TcpStream) -> bool {
        match stream.read(&mut [0u8; 64]) {
            Ok(0) => true,
            Ok(_) => false,
            Err(e) => e.kind() == io::ErrorKind::ConnectionReset,
        }
    }

    #[test]
    fn answers_with_a_reloading_building_page_until_the_first_build_is_done() {
        let shared = Shared::new();
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let mut stream = connect(address);
        let (head, body) = exchange(&mut stream, "GET /chomp/ HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(head.starts_with("http/1.1 503"), "{head}");
        assert!(head.contains("retry-after: 1"), "{head}");
        let body = String::from_utf8(body).unwrap();
        assert!(body.contains("Building the site"));
        assert!(
            body.contains("data-version=\"0\""),
            "the page does not reload itself"
        );

        let mut files = Files::default();
        files.add("chomp/index.html", "<html><body>chomp</body></html>");
        shared.publish(Ok(files));
        let (head, body) = exchange(&mut stream, "GET /chomp/ HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(head.starts_with("http/1.1 200"), "{head}");
        let body = String::from_utf8(body).unwrap();
        assert!(
            body.contains("chomp") && body.contains("data-version=\"1\""),
            "{body}"
        );
    }

    #[test]
    fn redirects_a_folder_asked_for_without_its_slash() {
        let shared = built();
        assert_eq!(
            answer("/chomp/needles", &shared),
            Reply::Redirect("/chomp/needles/".into())
        );
        assert_eq!(
            answer("/chomp/needles?x=1", &shared),
            Reply::Redirect("/chomp/needles/?x=1".into())
        );
        assert_eq!(answer("/chomp/needle", &shared), Reply::NotFound);
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let (head, _) = exchange(
            &mut connect(address),
            "GET /chomp/needles HTTP/1.1\r\nHost: x\r\n\r\n",
        );
        assert!(head.starts_with("http/1.1 308"), "{head}");
        assert!(head.contains("location: /chomp/needles/\r\n"), "{head}");
    }

    #[test]
    fn keeps_an_http_1_0_connection_alive_when_asked_and_says_so() {
        let shared = built();
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let mut stream = connect(address);
        for _ in 0..2 {
            let (head, body) = exchange(
                &mut stream,
                "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
            );
            assert!(head.starts_with("http/1.0 200"), "{head}");
            assert!(head.contains("connection: keep-alive"), "{head}");
            assert!(String::from_utf8(body).unwrap().contains("the index"));
        }
        let (head, _) = exchange(&mut stream, "GET / HTTP/1.0\r\n\r\n");
        assert!(!head.contains("keep-alive"), "{head}");
        assert!(
            closes(&mut stream),
            "an HTTP/1.0 connection not kept alive stays open"
        );
    }

    #[test]
    fn answers_requests_on_a_kept_alive_connection_without_waiting_for_acks() {
        let shared = built();
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let mut stream = connect(address);
        let mut took: Vec<Duration> = (0..21)
            .map(|_| {
                let started = Instant::now();
                let (head, _) = exchange(&mut stream, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
                assert!(head.starts_with("http/1.1 200"), "{head}");
                started.elapsed()
            })
            .collect();
        took.sort();
        // Nagle's algorithm against a delayed ACK costs about 40 ms a request.
        assert!(
            took[10] < Duration::from_millis(20),
            "median {:?}",
            took[10]
        );
    }

    #[test]
    fn answers_request_heads_over_64_kib_with_431() {
        let shared = built();
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let with_header = |size: usize| {
            let request = format!(
                "GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
                "a".repeat(size)
            );
            exchange(&mut connect(address), &request).0
        };
        assert!(with_header(60 * 1024).starts_with("http/1.1 200"));
        let head = with_header(65 * 1024);
        assert!(head.starts_with("http/1.1 431"), "{head}");
    }

    #[test]
    fn closes_idle_connections_and_cuts_off_slow_request_heads() {
        let shared = built();
        let timeouts = Timeouts {
            idle: Duration::from_millis(1500),
            head: Duration::from_millis(300),
        };
        let (address, _runtime) = serving(&shared, timeouts);

        // Idle for longer than a head may take is still fine...
        let mut stream = connect(address);
        std::thread::sleep(Duration::from_millis(600));
        let (head, _) = exchange(&mut stream, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(head.starts_with("http/1.1 200"), "{head}");
        // ...but not for longer than the idle timeout.
        let started = Instant::now();
        assert!(closes(&mut stream), "an idle connection stays open");
        let idle = started.elapsed();
        assert!(idle > Duration::from_millis(1000), "closed after {idle:?}");

        // A head trickling in is cut off long before the idle timeout.
        let mut stream = connect(address);
        stream
            .set_read_timeout(Some(Duration::from_millis(50)))
            .unwrap();
        let started = Instant::now();
        stream.write_all(b"GET / HTTP/1.1\r\n").unwrap();
        let cut = loop {
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "a slow head is never cut off"
            );
            let _ = stream.write_all(b"X-Slow: 1\r\n");
            if closes(&mut stream) {
                break started.elapsed();
            }
        };
        assert!(cut < Duration::from_millis(1000), "cut off after {cut:?}");
    }

    #[test]
    fn answers_get_and_head_only() {
        let shared = built();
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let (head, _) = exchange(
            &mut connect(address),
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
        );
        assert!(head.starts_with("http/1.1 405"), "{head}");
        assert!(head.contains("allow: get, head\r\n"), "{head}");
        let mut stream = connect(address);
        stream
            .write_all(b"HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        assert!(
            response.ends_with("\r\n\r\n"),
            "HEAD got a body: {response}"
        );
    }

    #[test]
    fn says_when_the_port_is_taken() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let error = listen(taken.local_addr().unwrap(), Shared::new(), TIMEOUTS).unwrap_err();
        assert!(
            error.to_string().contains("another server using that port"),
            "{error}"
        );
    }
}
