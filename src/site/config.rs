//! The site's settings: the optional `ladder.toml` at the root.
//!
//! A missing file gives the defaults (the title "Ladder", the language "en",
//! no base URL); an unknown key, a wrong type or a base URL that is not an
//! absolute `http(s)` URL is an error at its line, as in front matter.

use super::diagnostics::{Diagnostic, Source};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file's name, at the root.
pub const FILE: &str = "ladder.toml";

/// Everything `ladder.toml` can set.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// The site's name: the header's home link and the pages' titles.
    pub title: String,
    /// What the site is, in a line: the front page's description.
    pub description: Option<String>,
    /// Where the site is published, ending in `/` (see [`base_url`]): the
    /// feed, the sitemap and canonical links need it.
    pub base_url: Option<String>,
    /// Who writes the site: the pages' author and the feed's.
    pub author: Option<String>,
    /// The pages' language, as `<html lang>` takes it.
    pub language: String,
    /// A line for every page's footer.
    pub licence: Option<String>,
    pub markdown: Markdown,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            title: "Ladder".into(),
            description: None,
            base_url: None,
            author: None,
            language: "en".into(),
            licence: None,
            markdown: Markdown::default(),
        }
    }
}

/// `[markdown]`: how essays are rendered.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Markdown {
    /// Let raw HTML carry scripts: `<script>`, `on...` event handlers and
    /// `javascript:` URLs (refused by default: built pages carry no JavaScript).
    pub allow_scripts: bool,
}

impl Config {
    /// Reads `root/ladder.toml`, or the defaults when there is none.
    pub fn load(root: &Path) -> Result<Config, Diagnostic> {
        let path = root.join(FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Config::default()),
            Err(e) => return Err(Diagnostic::file(&path, format!("cannot read {FILE}: {e}"))),
        };
        let src = Source::new(&path, &text);
        let mut config: Config = toml::from_str(&text).map_err(|e| {
            src.error_at(
                e.span().map_or(0, |s| s.start),
                format!("{FILE}: {}", e.message().trim()),
            )
        })?;
        if let Some(url) = &config.base_url {
            let url = base_url(url).map_err(|message| {
                // The key is at the top level, so on a line of its own.
                let at = text
                    .split_inclusive('\n')
                    .scan(0, |start, line| {
                        let at = *start + line.len() - line.trim_start().len();
                        *start += line.len();
                        Some((at, line.trim_start()))
                    })
                    .find(|(_, line)| line.starts_with("base_url"))
                    .map_or(0, |(at, _)| at);
                src.error_at(at, format!("{FILE}: base_url: {message}"))
            })?;
            config.base_url = Some(url);
        }
        Ok(config)
    }
}

/// A base URL as the site uses it: an absolute `http` or `https` URL with a
/// host, ending in `/` (one is added), with no query, fragment or spaces.
pub fn base_url(url: &str) -> Result<String, String> {
    let expected = "expected an absolute URL such as `https://example.org/games/`";
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| format!("`{url}` does not start with https:// or http://; {expected}"))?;
    if rest.is_empty() || rest.starts_with('/') {
        return Err(format!("`{url}` names no host; {expected}"));
    }
    if let Some(c) = url
        .chars()
        .find(|c| c.is_whitespace() || c.is_control() || matches!(c, '?' | '#' | '"' | '<' | '>'))
    {
        return Err(format!("`{url}` holds {c:?}; {expected}"));
    }
    Ok(if url.ends_with('/') {
        url.to_string()
    } else {
        format!("{url}/")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Config, Diagnostic> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE), text).unwrap();
        Config::load(dir.path())
    }

    #[test]
    fn a_missing_file_gives_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Config::load(dir.path()).unwrap(), Config::default());
    }

    #[test]
    fn reads_the_markdown_table() {
        let c = load("[markdown]\nallow_scripts = true\n").unwrap();
        assert!(c.markdown.allow_scripts);
    }

    #[test]
    fn an_unknown_key_is_an_error_at_its_line() {
        let e = load("[markdown]\nallow_scripts = true\nsmart = 1\n").unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(e.message.contains("smart"), "{e}");
        let e = load("[markdown]\nallow_scripts = \"yes\"\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        let e = load("title = \"T\"\nauthour = \"A\"\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.message.contains("authour"), "{e}");
    }

    #[test]
    fn reads_the_site_settings_and_keeps_the_defaults_for_the_rest() {
        let c = load("title = \"Games\"\nbase_url = \"https://example.org/g\"\n").unwrap();
        assert_eq!(c.title, "Games");
        assert_eq!(c.base_url.as_deref(), Some("https://example.org/g/"));
        assert_eq!(c.language, "en");
        assert_eq!(c.author, None);
        let d = Config::default();
        assert_eq!((d.title.as_str(), d.language.as_str()), ("Ladder", "en"));
    }

    #[test]
    fn a_base_url_that_is_not_absolute_is_an_error_at_its_line() {
        let e = load("title = \"T\"\n  base_url = \"example.org\"\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3), "{e}");
        assert!(e.message.contains("https://"), "{e}");
        for bad in [
            "https://",
            "http:///x",
            "https://a b/",
            "https://a/?q",
            "ftp://a/",
        ] {
            assert!(base_url(bad).is_err(), "{bad}");
        }
        assert_eq!(base_url("http://a/b/").unwrap(), "http://a/b/");
    }
}
