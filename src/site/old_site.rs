//! Telling a site an earlier ladder wrote, before output folders carried the
//! marker, from a folder that holds anything else: the default `ROOT/site`
//! is replaced without `--replace-output` only when every file in it has a
//! path ladder writes.
//!
//! It imports only [`super::layout`]; the output check imports it.

use super::layout::{SEARCH_BUNDLE, site_files};
use std::path::{Component, Path};

/// Whether every entry under `dir` is a folder or a file at a path ladder
/// writes (and `index.html` one of them): the pages, the data files beside
/// them, the fixed files of every site and the search bundle. A symlink or
/// any other file is not ladder's.
pub fn is_ladders(dir: &Path) -> bool {
    if !dir.join("index.html").is_file() {
        return false;
    }
    walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .all(|entry| match entry {
            Ok(e) if e.file_type().is_dir() => true,
            Ok(e) if e.file_type().is_file() => {
                e.path().strip_prefix(dir).is_ok_and(written_by_ladder)
            }
            _ => false,
        })
}

/// Whether ladder writes a file at `path` (relative to the site's root).
fn written_by_ladder(path: &Path) -> bool {
    let parts: Option<Vec<&str>> = path
        .components()
        .map(|c| match c {
            Component::Normal(name) => name.to_str(),
            _ => None,
        })
        .collect();
    let Some(parts) = parts else {
        return false;
    };
    let text = parts.join("/");
    let extension = |extensions: &[&str]| {
        let name = parts.last().copied().unwrap_or("");
        name.rsplit_once('.')
            .is_some_and(|(stem, e)| !stem.is_empty() && extensions.contains(&e))
    };
    if site_files().any(|f| f == text) {
        return true;
    }
    match parts.as_slice() {
        // Pagefind's bundle: its scripts, styles, index and the stamp.
        [bundle, ..] if *bundle == SEARCH_BUNDLE => extension(&[
            "js",
            "css",
            "json",
            "txt",
            "pagefind",
            "pf_meta",
            "pf_index",
            "pf_fragment",
            "pf_filter",
        ]),
        // A page: a ladder's or an essay's.
        [_, "index.html"] | [_, _, "index.html"] => true,
        // The data files of the figures on the front page, a ladder's page
        // or an essay's.
        [_] | [_, _] | [_, _, _] => extension(&["json", "csv"]),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_ladder_writes_are_its_own() {
        for path in [
            "index.html",
            "404.html",
            "feed.xml",
            "fonts/OFL.txt",
            "search/index.html",
            "demo/index.html",
            "demo/one/index.html",
            "demo/one/b.json",
            "demo/one/b.csv",
            "demo/w.json",
            "f.csv",
            "pagefind/pagefind.js",
            "pagefind/index/en_1a2b.pf_index",
            "pagefind/ladder-index.txt",
        ] {
            assert!(written_by_ladder(Path::new(path)), "{path}");
        }
        for path in [
            "notes.txt",
            "demo/notes.txt",
            "demo/one/photo.png",
            "demo/one/deeper/index.html",
            "a/b/c/d.json",
            ".json",
            "pagefind/notes.md",
            ".git/config",
        ] {
            assert!(!written_by_ladder(Path::new(path)), "{path}");
        }
    }

    #[test]
    fn a_folder_with_a_file_ladder_does_not_write_is_not_a_site_of_ladders() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path();
        assert!(!is_ladders(site), "no index.html");
        std::fs::create_dir_all(site.join("demo/one")).unwrap();
        std::fs::write(site.join("index.html"), "").unwrap();
        std::fs::write(site.join("demo/one/index.html"), "").unwrap();
        assert!(is_ladders(site));
        std::fs::write(site.join("notes.txt"), "mine").unwrap();
        assert!(!is_ladders(site));
        std::fs::remove_file(site.join("notes.txt")).unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/etc", site.join("demo/etc")).unwrap();
            assert!(!is_ladders(site));
        }
    }
}
