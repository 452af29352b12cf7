//! Preview while writing: the site built in memory and served over HTTP, with
//! `content/` and `templates/` watched and rebuilt on change.
//!
//! A rebuild goes through the same [`Site`], which keeps figures and rendered
//! pages from the last build, so an edit recomputes and re-renders only what
//! it touched. Open pages reload themselves through a small script that only
//! this server injects (a long poll on `/__ladder/events`); a failed rebuild
//! keeps the last good site and shows its errors over the open page.
//!
//! Only the built files are served, from memory: nothing on disk is reachable,
//! and a path with `..` (plain or percent-encoded) is refused.

use super::figures::Progress;
use super::{Failure, Site, output::Files};
use anyhow::{Context as _, Result};
use notify::{RecursiveMode, Watcher};
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long a change must be quiet before a rebuild starts.
const DEBOUNCE: Duration = Duration::from_millis(15);
/// How long a page's poll waits for news before it asks again.
const POLL: Duration = Duration::from_secs(25);
/// Where the reload script asks for news.
const EVENTS: &str = "/__ladder/events";

/// What is being served.
struct State {
    files: Files,
    /// Bumped by every rebuild, good or bad.
    version: u64,
    /// The last rebuild's errors, as `path:line:col: error: ...` texts.
    errors: Vec<String>,
}

/// The state shared by the server's threads and the watcher.
#[derive(Clone)]
pub struct Shared(Arc<(Mutex<State>, Condvar)>);

impl Shared {
    fn publish(&self, result: Result<Files, Vec<String>>) {
        let (lock, changed) = &*self.0;
        let mut state = lock.lock().expect("state lock");
        state.version += 1;
        match result {
            Ok(files) => {
                state.files = files;
                state.errors.clear();
            }
            Err(errors) => state.errors = errors,
        }
        changed.notify_all();
    }

    /// The current version and errors, once the version is past `since`
    /// (or at once, for a page that has just loaded), or after `wait`.
    fn news(&self, since: Option<u64>, wait: Duration) -> (u64, Vec<String>) {
        let (lock, changed) = &*self.0;
        let state = lock.lock().expect("state lock");
        let (state, _) = changed
            .wait_timeout_while(state, wait, |s| since.is_some_and(|v| s.version <= v))
            .expect("state lock");
        (state.version, state.errors.clone())
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

/// A running server.
pub struct Server {
    pub address: String,
    pub shared: Shared,
}

/// Builds the site, starts serving it on `addr` and watching its sources.
/// Returns once the server is listening; it runs on background threads.
pub fn start(mut site: Site, addr: &str, progress: Box<dyn Progress + Send>) -> Result<Server> {
    let http = tiny_http::Server::http(addr).map_err(|e| {
        anyhow::anyhow!(
            "cannot listen on {addr}: {e} (is another server using that port? pick one with --port)"
        )
    })?;
    let address = match http.server_addr() {
        tiny_http::ListenAddr::IP(a) => a.to_string(),
        #[allow(unreachable_patterns)]
        _ => addr.to_string(),
    };
    let first = rebuild(&mut site, &*progress);
    let shared = Shared(Arc::new((
        Mutex::new(State {
            files: Files::default(),
            version: 0,
            errors: Vec::new(),
        }),
        Condvar::new(),
    )));
    shared.publish(first);

    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if event.is_ok_and(|e| !e.kind.is_access()) {
            let _ = tx.send(());
        }
    })
    .context("cannot watch files")?;
    for dir in ["content", "templates"] {
        let path = site.opts.root.join(dir);
        if path.is_dir() {
            watcher
                .watch(&path, RecursiveMode::Recursive)
                .with_context(|| format!("cannot watch {}", path.display()))?;
        }
    }
    let publisher = shared.clone();
    std::thread::spawn(move || {
        let _watcher = watcher; // watching stops when it is dropped
        while rx.recv().is_ok() {
            while rx.recv_timeout(DEBOUNCE).is_ok() {}
            publisher.publish(rebuild(&mut site, &*progress));
        }
    });

    let http = Arc::new(http);
    let server_state = shared.clone();
    std::thread::spawn(move || {
        for request in http.incoming_requests() {
            let state = server_state.clone();
            std::thread::spawn(move || respond(request, &state));
        }
    });
    Ok(Server { address, shared })
}

/// What a request gets.
#[derive(Debug, PartialEq)]
pub enum Reply {
    File {
        content_type: &'static str,
        body: Vec<u8>,
    },
    News {
        version: u64,
        errors: Vec<String>,
    },
    Forbidden,
    NotFound,
}

fn respond(request: tiny_http::Request, shared: &Shared) {
    let reply = answer(request.url(), shared);
    let (code, content_type, body) = match reply {
        Reply::File { content_type, body } => (200, content_type, body),
        Reply::News { version, errors } => {
            let json = serde_json::json!({ "version": version, "errors": errors });
            (200, "application/json", json.to_string().into_bytes())
        }
        Reply::Forbidden => (
            403,
            "text/plain; charset=utf-8",
            b"403 forbidden: path leaves the site\n".to_vec(),
        ),
        Reply::NotFound => {
            let version = shared.news(None, Duration::ZERO).0;
            let page = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head>\
                        <body><main><h1>Not found</h1><p>No page here. <a href=\"/\">The index</a>.</p></main></body></html>";
            (
                404,
                "text/html; charset=utf-8",
                inject(page.as_bytes(), version),
            )
        }
    };
    let header =
        tiny_http::Header::from_bytes("Content-Type", content_type).expect("a valid header");
    let cache = tiny_http::Header::from_bytes("Cache-Control", "no-store").expect("a valid header");
    let response = tiny_http::Response::from_data(body)
        .with_status_code(code)
        .with_header(header)
        .with_header(cache);
    let _ = request.respond(response);
}

/// Answers a request for `url` (path and query).
pub fn answer(url: &str, shared: &Shared) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    if path == EVENTS {
        let since = query.strip_prefix("since=").and_then(|v| v.parse().ok());
        let (version, errors) = shared.news(since, POLL);
        return Reply::News { version, errors };
    }
    let Some(relative) = site_path(path) else {
        return Reply::Forbidden;
    };
    let (lock, _) = &*shared.0;
    let state = lock.lock().expect("state lock");
    let Some(body) = state.files.0.get(&relative) else {
        return Reply::NotFound;
    };
    let content_type = content_type(&relative);
    let body = if content_type.starts_with("text/html") {
        inject(body, state.version)
    } else {
        body.clone()
    };
    Reply::File { content_type, body }
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
        Some("html") => "text/html; charset=utf-8",
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
        r#"<script>
(() => {{
  let version = {version};
  const show = (errors) => {{
    let box = document.getElementById("ladder-errors");
    if (!errors.length) {{ if (box) box.remove(); return; }}
    if (!box) {{
      box = document.createElement("div");
      box.id = "ladder-errors";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;margin:0;padding:1rem;background:#2b0d0d;color:#ffe9e9;font:14px/1.4 monospace;white-space:pre-wrap;z-index:99999;border-top:4px solid #e04848";
      document.body.appendChild(box);
    }}
    box.textContent = "ladder: the last rebuild failed; showing the last good page.\n\n" + errors.join("\n\n");
  }};
  const poll = async (first) => {{
    try {{
      const r = await fetch("{EVENTS}" + (first ? "" : "?since=" + version), {{ cache: "no-store" }});
      const news = await r.json();
      if (news.errors.length) {{ version = news.version; show(news.errors); }}
      else if (news.version !== version) {{ location.reload(); return; }}
      else show([]);
      poll(false);
    }} catch (e) {{ setTimeout(() => poll(false), 1000); }}
  }};
  poll(true);
}})();
</script>
"#
    );
    let text = String::from_utf8_lossy(html);
    match text.rfind("</body>") {
        Some(at) => format!("{}{script}{}", &text[..at], &text[at..]).into_bytes(),
        None => format!("{text}{script}").into_bytes(),
    }
}

/// Builds, serves and watches until the process is stopped.
pub fn run(site: Site, addr: &str, progress: Box<dyn Progress + Send>) -> Result<()> {
    let server = start(site, addr, progress)?;
    println!("serving http://{}/ (Ctrl-C to stop)", server.address);
    loop {
        std::thread::park();
    }
}

/// Waits until `shared` is past `version`, for tests and benchmarks.
pub fn wait_past(shared: &Shared, version: u64, timeout: Duration) -> Option<u64> {
    let deadline = Instant::now() + timeout;
    loop {
        let (v, _) = shared.news(
            Some(version),
            deadline.saturating_duration_since(Instant::now()),
        );
        if v > version {
            return Some(v);
        }
        if Instant::now() >= deadline {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(page.contains("let version = 7;"));
        assert!(page.ends_with("</script>\n</body></html>"));
    }
}
