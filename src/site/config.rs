//! The site's settings: the optional `ladder.toml` at the root.
//!
//! A missing file gives the defaults; an unknown key or a wrong type is an
//! error at its line, as in front matter.

use super::diagnostics::{Diagnostic, Source};
use serde::Deserialize;
use std::path::Path;

/// The file's name, at the root.
pub const FILE: &str = "ladder.toml";

/// Everything `ladder.toml` can set.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub markdown: Markdown,
}

/// `[markdown]`: how essays are rendered.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
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
        toml::from_str(&text).map_err(|e| {
            Source::new(&path, &text).error_at(
                e.span().map_or(0, |s| s.start),
                format!("{FILE}: {}", e.message().trim()),
            )
        })
    }
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
    }
}
