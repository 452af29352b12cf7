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
    /// A store at a link-local address (169.254.0.0/16, `fe80::/10`) is
    /// opened; without this it is refused (`[store] link_local`).
    pub link_local: bool,
}

/// Refuses a store URL holding credentials (`https://user:PASS@host/`,
/// `s3://KEY:SECRET@bucket/`): every message naming the store would print
/// them, into CI logs too. The message shows the URL without them.
/// Credentials come from the environment.
pub fn no_credentials(url: &str) -> Result<(), String> {
    if redacted(url) == url {
        return Ok(());
    }
    Err(format!(
        "`{}` holds credentials before its `@`, which ladder would print in every message \
         naming the store; remove them from the URL and set them in the environment instead \
         (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, GOOGLE_APPLICATION_CREDENTIALS, \
         AZURE_STORAGE_ACCOUNT_KEY)",
        redacted(url)
    ))
}

/// `url` with the user information of its authority (what comes before an
/// `@`) replaced by `***`, so that it can be shown.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    match rest[..end].rfind('@') {
        Some(at) => format!("{scheme}://***{}", &rest[at..]),
        None => url.to_string(),
    }
}

/// A store that is named wrongly: its URL does not parse, or names no
/// supported scheme, or its settings are refused.
#[derive(Debug, thiserror::Error)]
#[error("figure store {url}: {why}")]
pub struct BadStore {
    /// The URL, [`redacted`].
    url: String,
    why: String,
}

impl BadStore {
    /// The store at `url` refused for `why`.
    pub(super) fn new(url: &str, why: String) -> BadStore {
        BadStore {
            url: redacted(url),
            why,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_in_a_url_are_never_shown() {
        for (url, shown) in [
            ("s3://KEY:hunter2@bucket/x", "s3://***@bucket/x"),
            (
                "https://user:p%40ss@host:8080/dav/",
                "https://***@host:8080/dav/",
            ),
            ("https://user@host/", "https://***@host/"),
            ("https://host/a@b", "https://host/a@b"),
            ("https://host/?q=a@b", "https://host/?q=a@b"),
            ("file:///tmp/a@b", "file:///tmp/a@b"),
            ("not a url", "not a url"),
        ] {
            assert_eq!(redacted(url), shown, "{url}");
            let refused = no_credentials(url);
            assert_eq!(refused.is_err(), url != shown, "{url}");
            if let Err(e) = refused {
                assert!(
                    !e.contains("hunter2") && !e.contains("p%40ss") && !e.contains("user"),
                    "{e}"
                );
                assert!(e.contains(shown), "{e}");
            }
            let bad = BadStore::new(url, "cannot".into()).to_string();
            assert_eq!(bad, format!("figure store {shown}: cannot"));
        }
    }
}
