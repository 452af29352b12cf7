//! Full-text search over the essays: Pagefind's index of the built pages,
//! written into `pagefind/` at the end of `ladder build`, and loaded by the
//! search page (the only page with a script; without one it lists every essay).
//!
//! - Only a build that writes the site indexes it ([`super::build`]);
//!   `ladder serve` rebuilds on every edit and never does, so an edit stays
//!   fast, and its search page says that `ladder build` writes the index.
//! - The essay template marks what is indexed (`data-pagefind-body` on the
//!   article); the other pages lack the mark and Pagefind leaves them out.
//!   Within an essay, what is not prose is left out too (`NOT_PROSE`):
//!   the contents list, the dates, and figures' drawings and apparatus.
//! - The bundle holds what the default search UI loads, nothing more.
//! - Pages are read back from the staging folder the build wrote them into,
//!   one at a time, so no page is held twice (Pagefind keeps what it
//!   extracts from each until the index is built).
//! - Pages are given in path order and Pagefind names its files by the hash
//!   of their contents, so two builds of one site give the same bytes.
//! - The bundle carries a stamp of the pages it indexed; a build whose pages
//!   match the stamp in the site it replaces keeps that bundle.
//!
//! - What the index holds of each page is checked as the search page shows
//!   it ([`scripts::in_index`]).
//!
//! It imports [`super::layout`], [`super::scripts`] and the output's sink and stage.

use super::layout::{SEARCH_BUNDLE as BUNDLE, SEARCH_PAGE as PAGE};
use super::output::sink::Sink as _;
use super::output::stage::Staging;
use super::scripts;
use anyhow::{Context as _, Result};
use pagefind::api::PagefindIndex;
use pagefind::options::PagefindServiceConfig;
use std::path::{Path, PathBuf};

/// Bundle files the default UI never loads: Pagefind's other UIs and its
/// highlighting script.
const UNUSED: [&str; 5] = [
    "pagefind-modular-ui.js",
    "pagefind-modular-ui.css",
    "pagefind-component-ui.js",
    "pagefind-component-ui.css",
    "pagefind-highlight.js",
];
/// The search code without stemming, loaded only for a language that
/// Pagefind cannot stem.
const UNSTEMMED: &str = "wasm.unknown.pagefind";

/// What in an essay is not prose: its place in its ladder, its dates, the
/// contents list (its headings are indexed where they stand), and a figure's
/// drawing (labels, legends, a table's cells) and apparatus (its data, the
/// links to it and the command that reproduces it), and math's TeX source
/// (its `MathML` is indexed). Captions are prose.
const NOT_PROSE: [&str; 8] = [
    ".where",
    ".dates",
    ".toc",
    ".drawing",
    "figure details",
    ".data-links",
    ".reproduce",
    "annotation",
];

/// The bundle's file that names what it was built from: the hash of every
/// page Pagefind reads and of the code that indexes them.
const STAMP: &str = "ladder-index.txt";

/// Indexes the pages written in `staging` and adds the bundle under
/// [`BUNDLE`]. Each page's language is its `<html lang>`. When the site in
/// `previous` (the output folder, which ladder wrote) holds a bundle built
/// from the same pages by the same code, that bundle is taken instead: a
/// build that changed no page does not index again.
pub fn index(staging: &Staging, previous: &Path) -> Result<()> {
    let pages: Vec<(PathBuf, String, blake3::Hash)> = staging
        .files()
        .into_iter()
        .filter_map(|(path, hash)| {
            let url = page_url(&path)?;
            Some((path, url, hash))
        })
        .collect();
    let stamp = stamp(&pages);
    let reused = reuse(previous, &stamp).is_some_and(|files| {
        // One file at a time, so the bundle is never held whole.
        files.into_iter().all(|(name, path)| {
            let bytes = std::fs::read(path);
            bytes
                .map(|b| staging.add(Path::new(BUNDLE).join(name), &b))
                .is_ok()
        })
    });
    // The same pages give the same files: a fresh bundle replaces what a
    // reuse that failed half-way added.
    if !reused {
        for (name, bytes) in fresh(staging, &pages)? {
            staging.add(Path::new(BUNDLE).join(name), &bytes);
        }
    }
    staging.add(Path::new(BUNDLE).join(STAMP), stamp.as_bytes());
    Ok(())
}

/// The stamp of a bundle of `pages`: each one's address and the hash of its
/// bytes, in path order.
fn stamp(pages: &[(PathBuf, String, blake3::Hash)]) -> String {
    let mut hash = blake3::Hasher::new();
    hash.update(include_bytes!("../../Cargo.lock"));
    hash.update(include_bytes!("search.rs"));
    for (_, url, bytes) in pages {
        hash.update(url.as_bytes());
        hash.update(bytes.as_bytes());
    }
    format!("{}\n", hash.finalize().to_hex())
}

/// The bundle in `site` if its stamp is `stamp`: its files' names and paths,
/// the stamp left out.
fn reuse(site: &Path, stamp: &str) -> Option<Vec<(String, PathBuf)>> {
    let dir = site.join(BUNDLE);
    if std::fs::read_to_string(dir.join(STAMP)).ok()? != stamp {
        return None;
    }
    let mut bundle = Vec::new();
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
        let entry = entry.ok()?;
        if !entry.file_type().is_file() {
            continue;
        }
        let name = entry
            .path()
            .strip_prefix(&dir)
            .ok()?
            .to_str()?
            .replace('\\', "/");
        if name != STAMP {
            bundle.push((name, entry.into_path()));
        }
    }
    Some(bundle)
}

/// A new bundle of `pages`, read from `staging`, without the files the
/// default UI never loads.
fn fresh(
    staging: &Staging,
    pages: &[(PathBuf, String, blake3::Hash)],
) -> Result<Vec<(String, Vec<u8>)>> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .context("cannot start the search indexer")?;
    let bundle = runtime.block_on(bundle(staging, pages))?;
    for (name, bytes) in &bundle {
        if name.ends_with(".pf_fragment") {
            check_fragment(bytes)?;
        }
    }
    let stemmed = bundle
        .iter()
        .any(|(name, _)| name.starts_with("wasm.") && name != UNSTEMMED);
    Ok(bundle
        .into_iter()
        .filter(|(name, _)| !(UNUSED.contains(&name.as_str()) || (stemmed && name == UNSTEMMED)))
        .collect())
}

/// Pagefind's bundle for `pages`, read from `staging` one at a time: its
/// files, by name within the bundle folder.
async fn bundle(
    staging: &Staging,
    pages: &[(PathBuf, String, blake3::Hash)],
) -> Result<Vec<(String, Vec<u8>)>> {
    let options = PagefindServiceConfig::builder()
        .exclude_selectors(
            NOT_PROSE
                .iter()
                .map(std::string::ToString::to_string)
                .collect(),
        )
        .build();
    let mut index = PagefindIndex::new(Some(options)).map_err(pagefind_error)?;
    for (path, url, _) in pages {
        let html = String::from_utf8_lossy(&staging.read(path)?).into_owned();
        // Pages without the mark are read, then left out of the index.
        index
            .add_html_file(None, Some(url.clone()), html)
            .await
            .map_err(pagefind_error)?;
    }
    Ok(index
        .get_files()
        .await
        .map_err(pagefind_error)?
        .into_iter()
        .map(|f| (f.filename.to_string_lossy().replace('\\', "/"), f.contents))
        .collect())
}

/// The address Pagefind gives a page at `path`: from the site's root, without
/// `index.html`; the search UI puts it under the folder that holds
/// [`BUNDLE`], wherever the site is published. `None` for what is not a page:
/// other files, the search page, and the page for a missing one (served at
/// any address).
fn page_url(path: &Path) -> Option<String> {
    let path = path.to_str()?;
    if path == PAGE || path == "404.html" {
        return None;
    }
    let dir = path.strip_suffix("index.html")?;
    Some(format!("/{dir}"))
}

/// Checks what the index holds of one page (a fragment: gzip of
/// `pagefind_dcd` and JSON) as the search page shows it
/// ([`scripts::in_index`]): the pages were checked, and this is what the
/// search page makes of them.
fn check_fragment(bytes: &[u8]) -> Result<()> {
    use std::io::Read as _;
    let mut data = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut data)
        .context("the search index holds a fragment that is not gzip")?;
    let json = data.strip_prefix(b"pagefind_dcd").unwrap_or(&data);
    let fragment: serde_json::Value = serde_json::from_slice(json)
        .context("the search index holds a fragment that is not JSON")?;
    match scripts::in_index(&fragment) {
        None => Ok(()),
        Some(why) => anyhow::bail!(
            "the search index of the page {}: {why}; Pagefind's search page would show it as HTML \
             or a link, and could run a script",
            fragment["url"].as_str().unwrap_or("?")
        ),
    }
}

fn pagefind_error(e: anyhow::Error) -> anyhow::Error {
    e.context("the search index could not be built")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_named_by_their_folder_and_the_search_and_missing_pages_are_not_indexed() {
        assert_eq!(page_url(Path::new("index.html")).as_deref(), Some("/"));
        assert_eq!(
            page_url(Path::new("chomp/rectangles/index.html")).as_deref(),
            Some("/chomp/rectangles/")
        );
        for skipped in [PAGE, "404.html", "style.css", "chomp/rectangles/a.json"] {
            assert_eq!(page_url(Path::new(skipped)), None, "{skipped}");
        }
    }
}
