//! The marker every output folder carries ([`MARKER`]): the list of every
//! file the build that wrote the folder put there, each with the hash of
//! its bytes (`text`). A folder is replaced without `--replace-output`
//! only when its marker lists every file in it as it is (`foreign`), so a
//! marker copied along with a site (`cp -a site/. www/`, `rsync -a site/
//! www/`) into a folder holding anything else proves nothing about the
//! rest: those files are not in its list. The list names paths relative to
//! the folder, never where it lies, so the marker is the same wherever a
//! site is built.
//!
//! It imports nothing from the site: the check reads the marker, the stage
//! writes it and the spare tells a site by it.

use rayon::prelude::*;
use std::collections::HashMap;
use std::fs;
use std::io::{self, Read as _};
use std::path::{Path, PathBuf};

/// The file every output folder carries, listing what ladder wrote there.
pub const MARKER: &str = ".ladder-output";

/// The marker's first lines, before its list.
const HEAD: &str = "This folder is the output of `ladder build`, which replaces all of it on every \
build.\nladder replaces a non-empty folder only when this file lists every file in it, each as the \
build wrote it\n(the BLAKE3 hash of its bytes, then its path); it refuses any other without \
--replace-output.\n\n";

/// The longest marker read: a site of a million pages lists in less.
const MOST: u64 = 256 << 20;

/// The marker of a site of `files` (each path with the hash of its bytes).
pub(super) fn text<'a>(files: impl IntoIterator<Item = (&'a PathBuf, &'a blake3::Hash)>) -> String {
    let mut text = HEAD.to_string();
    for (path, hash) in files {
        let path = serde_json::to_string(&path.to_string_lossy()).expect("a string serialises");
        text.push_str(&format!("{hash} {path}\n"));
    }
    text
}

/// The files the marker of the folder `dir` lists, by path, if it is a
/// plain file in ladder's format.
pub(super) fn listed(dir: &Path) -> Option<HashMap<PathBuf, blake3::Hash>> {
    let path = dir.join(MARKER);
    if !fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
        return None;
    }
    let mut text = String::new();
    fs::File::open(&path)
        .ok()?
        .take(MOST)
        .read_to_string(&mut text)
        .ok()?;
    text.strip_prefix(HEAD)?
        .lines()
        .map(|line| {
            let (hash, path) = line.split_once(' ')?;
            let path: String = serde_json::from_str(path).ok()?;
            Some((PathBuf::from(path), blake3::Hash::from_hex(hash).ok()?))
        })
        .collect()
}

/// What is in the folder `dir` that its marker does not list as it is:
/// every file, link or other entry (folders aside) not listed, or whose
/// bytes changed since, by path relative to `dir`, sorted. With no marker
/// in ladder's format, every such entry. Folders are never ladder's to
/// tell: an empty one loses nothing.
pub(super) fn foreign(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let listed = listed(dir).unwrap_or_default();
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir).min_depth(1) {
        let entry = entry.map_err(io::Error::from)?;
        let path = entry.path().strip_prefix(dir).expect("under the folder");
        let kind = entry.file_type();
        if kind.is_dir() || (path == Path::new(MARKER) && kind.is_file()) {
            continue;
        }
        let hash = listed.get(path).filter(|_| kind.is_file());
        files.push((path.to_path_buf(), hash));
    }
    let mut foreign: Vec<PathBuf> = files
        .into_par_iter()
        .filter(|(path, hash)| hash.is_none_or(|hash| !holds(&dir.join(path), hash)))
        .map(|(path, _)| path)
        .collect();
    foreign.sort();
    Ok(foreign)
}

/// Whether the file at `path` holds bytes of the hash `hash`.
fn holds(path: &Path, hash: &blake3::Hash) -> bool {
    let mut hasher = blake3::Hasher::new();
    fs::File::open(path)
        .and_then(|file| hasher.update_reader(file).map(|_| ()))
        .is_ok_and(|()| hasher.finalize() == *hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marker_lists_its_files_and_only_they_are_ladders() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path();
        let files = [("index.html", "home"), ("a \"b\"\n/index.html", "page")];
        let mut list = Vec::new();
        for (path, text) in files {
            fs::create_dir_all(site.join(path).parent().unwrap()).unwrap();
            fs::write(site.join(path), text).unwrap();
            list.push((PathBuf::from(path), blake3::hash(text.as_bytes())));
        }
        assert_eq!(
            foreign(site).unwrap().len(),
            2,
            "no marker: none is ladder's"
        );
        fs::write(site.join(MARKER), text(list.iter().map(|(p, h)| (p, h)))).unwrap();
        assert_eq!(listed(site).unwrap().len(), 2);
        assert_eq!(foreign(site).unwrap(), Vec::<PathBuf>::new());
        fs::create_dir_all(site.join("empty")).unwrap();
        fs::write(site.join("robots.txt"), "mine").unwrap();
        fs::write(site.join("index.html"), "edited by hand").unwrap();
        assert_eq!(
            foreign(site).unwrap(),
            [PathBuf::from("index.html"), PathBuf::from("robots.txt")]
        );
        // A marker of another format lists nothing.
        fs::write(
            site.join(MARKER),
            "This folder is the output of `ladder build`.\n",
        )
        .unwrap();
        assert!(listed(site).is_none());
        assert_eq!(foreign(site).unwrap().len(), 3);
    }
}
