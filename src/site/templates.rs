//! The page templates (tera), the stylesheet and the favicon: the defaults embedded in the
//! binary, overridden file by file by `DIR/templates/` when it exists. Files
//! are found as essays are ([`super::read::find`]): a symlink is followed
//! only when it stays inside the project root, and what cannot be read is an
//! error.
//!
//! It imports only diagnostics and the file reader; pages and [`super::layout`]
//! import it.

use super::diagnostics::Diagnostic;
use std::path::Path;

/// The embedded defaults: (name, text).
const DEFAULTS: [(&str, &str); 7] = [
    ("base.html", include_str!("../../templates/base.html")),
    ("index.html", include_str!("../../templates/index.html")),
    ("ladder.html", include_str!("../../templates/ladder.html")),
    ("essay.html", include_str!("../../templates/essay.html")),
    ("essays.html", include_str!("../../templates/essays.html")),
    ("404.html", include_str!("../../templates/404.html")),
    ("search.html", include_str!("../../templates/search.html")),
];
/// The files copied to the site as they are, unless `DIR/templates/` has its own.
pub const STATIC: [(&str, &str); 2] = [
    ("style.css", include_str!("../../templates/style.css")),
    ("favicon.svg", include_str!("../../templates/favicon.svg")),
];

/// Files every site carries as they are: the licence of the math font
/// ([`super::font`], made for each site), which pages use for `MathML`, so math
/// looks the same whatever fonts the reader has installed.
pub const ASSETS: [(&str, &[u8]); 1] = [(
    "fonts/OFL.txt",
    include_bytes!("../../templates/fonts/OFL.txt"),
)];

/// Loaded templates and the static files.
pub struct Templates {
    /// The page templates.
    pub tera: tera::Tera,
    /// The `STATIC` files, by name.
    pub statics: Vec<(&'static str, String)>,
    /// A hash of every template's text and the static files.
    pub hash: String,
}

/// The embedded templates alone.
pub fn defaults() -> Templates {
    load(Path::new(""), Path::new("")).expect("embedded templates load")
}

/// Loads the defaults, then every `*.html` and `STATIC` file in `dir` (the
/// templates folder of the project `root`; a missing one overrides nothing).
pub fn load(dir: &Path, root: &Path) -> Result<Templates, Vec<Diagnostic>> {
    let mut sources: Vec<(String, String)> = DEFAULTS
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    let mut statics: Vec<(&str, String)> =
        STATIC.iter().map(|(n, t)| (*n, t.to_string())).collect();
    let mut errors = Vec::new();
    if !dir.as_os_str().is_empty() {
        let wanted = |name: &str| name.ends_with(".html") || STATIC.iter().any(|s| s.0 == name);
        let mut paths = super::read::find(dir, root, &wanted, &mut errors);
        paths.sort();
        for path in &paths {
            let path = path.as_path();
            let name = path
                .strip_prefix(dir)
                .unwrap_or(path)
                .to_string_lossy()
                .replace('\\', "/");
            let read = || {
                super::read::read_text(path, root, super::read::TEMPLATE)
                    .map_err(|unread| unread.at(path))
            };
            if let Some(slot) = statics.iter_mut().find(|s| s.0 == name) {
                match read() {
                    Ok(s) => slot.1 = s,
                    Err(e) => errors.push(e),
                }
            } else if name.ends_with(".html") {
                match read() {
                    Ok(text) => {
                        sources.retain(|(n, _)| *n != name);
                        sources.push((name, text));
                    }
                    Err(e) => errors.push(e),
                }
            }
        }
    }
    let mut hasher = blake3::Hasher::new();
    for (name, text) in &sources {
        hasher.update(name.as_bytes());
        hasher.update(text.as_bytes());
    }
    for (name, text) in &statics {
        hasher.update(name.as_bytes());
        hasher.update(text.as_bytes());
    }
    let hash = hasher.finalize().to_hex().to_string();
    let mut tera = tera::Tera::default();
    if let Err(e) = tera.add_raw_templates(sources.iter().map(|(n, t)| (n.as_str(), t.as_str()))) {
        errors.push(Diagnostic::file(
            dir,
            format!("templates: {}", error_chain(e)),
        ));
    }
    if errors.is_empty() {
        Ok(Templates {
            tera,
            statics,
            hash,
        })
    } else {
        Err(errors)
    }
}

/// A tera error with its causes.
pub fn error_chain(e: tera::Error) -> String {
    format!("{:#}", anyhow::Error::new(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_load_without_a_templates_folder() {
        let t = load(
            Path::new("/nonexistent/templates"),
            Path::new("/nonexistent"),
        )
        .unwrap();
        assert!(t.statics[0].1.contains("prefers-color-scheme"));
        assert!(t.statics[1].1.starts_with("<svg"));
    }

    #[test]
    fn a_folder_overrides_one_template_and_keeps_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("ladder.html"), "L {{ ladder.title }}").unwrap();
        let t = load(dir.path(), dir.path()).unwrap();
        let mut ctx = tera::Context::new();
        ctx.insert("ladder", &serde_json::json!({"title": "Chomp"}));
        assert_eq!(t.tera.render("ladder.html", &ctx).unwrap(), "L Chomp");
    }

    #[test]
    fn reports_a_broken_template() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "{% for x in %}").unwrap();
        let e = load(dir.path(), dir.path()).err().unwrap();
        assert!(e[0].message.starts_with("templates:"), "{}", e[0].message);
    }
}
