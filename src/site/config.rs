//! The site's settings: the optional `ladder.toml` at the root.
//!
//! A missing file gives the defaults (the title "Ladder", the language "en",
//! no base URL); an unknown key, a wrong type, an empty title, a control
//! character in a text, a language that is not a BCP 47 tag or a base URL
//! that is not an absolute `http(s)` URL, or a `[store] url` that names no
//! store ladder opens, is an error at its line, as in front matter.
//!
//! It imports only diagnostics, the file reader and the figure store's URL
//! check.

use super::diagnostics::{
    ContentError, Diagnostic, Source, control_character, cut, forbidden_character,
};
use super::read::{SETTINGS, Unread, read_text};
use crate::figures::store::check_url;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use toml::Spanned;

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
    /// How essays' markdown is read (`[markdown]`).
    pub markdown: Markdown,
    /// The figure store behind `figures/` (`[store]`).
    pub store: Store,
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
            store: Store::default(),
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

/// `[store]`: the figure store behind `figures/`
/// ([`crate::figures::store`]).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Store {
    /// Where it is: `s3://bucket/prefix`, `gs://...`, `az://...`,
    /// `https://...` (`WebDAV`) or `file:///...`.
    pub url: Option<String>,
    /// Upload the figures a build computes.
    pub write: bool,
    /// A store that cannot be reached (or refuses the credentials) fails the
    /// build, instead of one warning.
    pub required: bool,
    /// A store at a link-local address (169.254.0.0/16, where a cloud
    /// machine's metadata service answers) is opened: refused otherwise.
    pub link_local: bool,
}

impl Config {
    /// Reads `root/ladder.toml` (as [`read_text`] reads files), or the
    /// defaults when there is none.
    pub fn load(root: &Path) -> Result<Config, Diagnostic> {
        let path = root.join(FILE);
        let text = match read_text(&path, root, SETTINGS) {
            Ok(text) => text,
            Err(Unread::Missing) => return Ok(Config::default()),
            Err(unread) => return Err(unread.at(&path)),
        };
        Config::parse(&path, &text)
    }

    /// The settings `text` (the file at `path`) sets, checked: a title of
    /// some words, texts without control characters (but the new lines of a
    /// description or a licence), noncharacters XML forbids or
    /// bidirectional controls, a BCP 47 language tag and an absolute
    /// `http(s)` base URL. An error is at its key's line.
    fn parse(path: &Path, text: &str) -> Result<Config, Diagnostic> {
        let src = Source::new(path, text);
        let mut config: Config = toml::from_str(text).map_err(|e| {
            src.error_at(
                e.span().map_or(0, |s| s.start),
                format!("{FILE}: {}", cut(e.message().trim())),
            )
        })?;
        let spans: BTreeMap<String, Spanned<toml::Value>> =
            toml::from_str(text).unwrap_or_default();
        let error = |key: &str, message: String| {
            let at = spans.get(key).map_or(0, |v| v.span().start);
            src.error_at(at, format!("{FILE}: {key}: {message}"))
        };
        if config.title.trim().is_empty() {
            return Err(error(
                "title",
                "the site's title is empty; expected a few words, such as \"Ladder\"".into(),
            ));
        }
        let texts = [
            ("title", Some(&config.title), ""),
            ("description", config.description.as_ref(), "\n"),
            ("author", config.author.as_ref(), ""),
            ("licence", config.licence.as_ref(), "\n"),
        ];
        for (key, text, allowed) in texts {
            if let Some(c) = text.and_then(|t| forbidden_character(t, allowed)) {
                return Err(error(key, control_character(key, c)));
            }
        }
        language(&config.language).map_err(|m| error("language", m.into()))?;
        if let Some(url) = &config.store.url {
            // Without its line, which may hold a password.
            check_url(url).map_err(|m| Diagnostic {
                excerpt: None,
                ..error("store", m)
            })?;
        }
        if let Some(url) = &config.base_url {
            config.base_url = Some(base_url(url).map_err(|m| error("base_url", m.into()))?);
        }
        Ok(config)
    }
}

/// The most characters of a language tag: Pagefind, which indexes the site
/// for search, names its files with the tag and fails on long ones.
pub const MAX_LANGUAGE: usize = 20;

/// Checks that `tag` is a well-formed BCP 47 language tag (`en`, `en-GB`,
/// `sr-Latn-RS`) of at most [`MAX_LANGUAGE`] characters.
pub fn language(tag: &str) -> Result<(), ContentError> {
    let expected = "expected a BCP 47 language tag such as `en`, `en-GB` or `sr-Latn-RS`";
    if let Err(e) = oxilangtag::LanguageTag::parse(tag) {
        return Err(format!("`{}` is not a language tag ({e}); {expected}", cut(tag)).into());
    }
    if tag.chars().count() > MAX_LANGUAGE {
        return Err(format!(
            "`{}` is longer than {MAX_LANGUAGE} characters, the most the search index takes; \
             {expected}",
            cut(tag)
        )
        .into());
    }
    Ok(())
}

/// A base URL as the site uses it: an absolute `http` or `https` URL with a
/// host (and a port from 1 to 65535, if any), ending in `/` (one is added),
/// with no query, fragment or spaces.
pub fn base_url(url: &str) -> Result<String, ContentError> {
    let expected = "expected an absolute URL such as `https://example.org/games/`";
    let shown = cut(url);
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| format!("`{shown}` does not start with https:// or http://; {expected}"))?;
    if rest.is_empty() || rest.starts_with('/') {
        return Err(format!("`{shown}` names no host; {expected}").into());
    }
    if let Some(c) = url
        .chars()
        .find(|c| c.is_whitespace() || c.is_control() || matches!(c, '?' | '#' | '"' | '<' | '>'))
    {
        return Err(format!("`{shown}` holds {c:?}; {expected}").into());
    }
    let uri = url
        .parse::<hyper::Uri>()
        .map_err(|e| format!("`{shown}` is not a URL ({e}); {expected}"))?;
    let authority = uri.authority().map_or("", |a| a.as_str());
    let host_end = authority.rfind(']').unwrap_or(0);
    if let Some((_, port)) = authority[host_end..].rsplit_once(':')
        && !port.parse::<u16>().is_ok_and(|p| p > 0)
    {
        return Err(format!(
            "`{shown}` names the port `{}`, which is not a number from 1 to 65535; {expected}",
            cut(port)
        )
        .into());
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
        assert_eq!((e.line, e.col), (2, 14), "{e}");
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
        assert_eq!(base_url("http://[::1]:8080").unwrap(), "http://[::1]:8080/");
        for bad in [
            "https://a:0/",
            "https://a:65536/",
            "https://a:x/",
            "https://a:/",
        ] {
            assert!(
                base_url(bad).unwrap_err().contains("names the port"),
                "{bad}"
            );
        }
    }

    #[test]
    fn reads_the_store_table_and_refuses_a_url_it_cannot_open() {
        let c = load("[store]\nurl = \"s3://bucket/figs\"\nwrite = true\n").unwrap();
        assert_eq!(c.store.url.as_deref(), Some("s3://bucket/figs"));
        assert!(c.store.write && !c.store.required);
        for bad in ["ftp://host/figs", "memory:///", "figs"] {
            let e = load(&format!("title = \"T\"\n[store]\nurl = \"{bad}\"\n")).unwrap_err();
            assert_eq!(e.line, 2, "{bad}: {e}");
            assert!(e.message.contains("store"), "{bad}: {e}");
        }
        let e = load("[store]\nbucket = \"b\"\n").unwrap_err();
        assert!(e.message.contains("bucket"), "{e}");
    }

    #[test]
    fn a_language_is_a_short_bcp_47_tag() {
        for tag in [
            "en",
            "en-GB",
            "sr-Latn-RS",
            "zh-Hant-TW",
            "de-CH-1996",
            "x-ladder",
        ] {
            assert_eq!(language(tag), Ok(()), "{tag}");
        }
        for tag in ["", "en_GB", "a/b", "en-", "en-GB-oxendict-x-abcdefgh"] {
            assert!(language(tag).is_err(), "{tag}");
        }
    }
}
