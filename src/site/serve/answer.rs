//! What a request gets, decided from the site as it is: a built file, the
//! news, a redirect to a folder's address, or a page of the server's own;
//! and the reload script put into every HTML page served.
//!
//! It imports the shared state of [`super`] and the pages' policy
//! ([`policy`]), to allow the reload script.

use super::Shared;
use crate::site::scripts::policy;
use hyper::body::Bytes;
use std::path::{Component, Path, PathBuf};

/// Where the reload script asks for news.
pub(super) const EVENTS: &str = "/__ladder/events";
/// The content types of the server's own pages.
pub(super) const HTML: &str = "text/html; charset=utf-8";
pub(super) const TEXT: &str = "text/plain; charset=utf-8";

/// What a request gets.
#[derive(Debug, PartialEq)]
pub enum Reply {
    /// A file of the site.
    File {
        /// Its media type.
        content_type: &'static str,
        /// Its bytes.
        body: Bytes,
    },
    /// What the latest build published, for the page's reload script.
    News {
        /// The build's number.
        version: u64,
        /// Its errors, if it failed.
        errors: Vec<String>,
    },
    /// A folder asked for without its trailing slash: where it is.
    Redirect(String),
    /// The first build is running.
    Building,
    /// A path outside the site.
    Forbidden,
    /// No such file.
    NotFound,
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
        // One leading slash: `//demo/` would be another host's address.
        let path = path.trim_start_matches('/');
        return Reply::Redirect(format!("/{path}/{query}"));
    }
    Reply::NotFound
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

pub(super) fn content_type(path: &Path) -> &'static str {
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
/// in `ladder build` output), and allowed by its hash in the page's
/// Content-Security-Policy. It polls for news: a new version reloads the
/// page, errors show over it.
pub(super) fn inject(html: &[u8], version: u64) -> Vec<u8> {
    let code = concat!("\n", include_str!("reload.js"));
    let script =
        format!("<script data-version=\"{version}\" data-events=\"{EVENTS}\">{code}</script>\n");
    let text = policy::allow(&String::from_utf8_lossy(html), code);
    match text.rfind("</body>") {
        Some(at) => format!("{}{script}{}", &text[..at], &text[at..]).into_bytes(),
        None => format!("{text}{script}").into_bytes(),
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
        assert!(page.contains("<script data-version=\"7\" data-events=\"/__ladder/events\">"));
        assert!(page.ends_with("</script>\n</body></html>"));
        let built = policy::put(
            "<html><head></head><body></body></html>",
            &policy::Policy::page(),
        );
        let served = String::from_utf8(inject(built.as_bytes(), 7)).unwrap();
        let code = concat!("\n", include_str!("reload.js"));
        assert!(
            served.contains(&format!("script-src {};", policy::hash(code))),
            "{served}"
        );
    }
}
