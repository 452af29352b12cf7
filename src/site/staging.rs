//! Where a build puts its files as it makes them ([`Sink`]): in memory
//! ([`Files`], for `ladder serve`), or written at once into a staging folder
//! ([`Staging`], for `ladder build`), so that a build holds no page longer
//! than it takes to render it.
//!
//! A staging folder lies beside the output ([`super::output::Output::stage`])
//! and is swapped in only when the whole build succeeded
//! ([`super::output::Output::commit`]); one dropped uncommitted is removed,
//! so a failed build leaves the previous site as it was. Files may be added
//! from any thread, in any order; a path added twice holds its last bytes.
//! A path that would leave the folder is never written, and a file that
//! cannot be written fails the commit, which names the first such path.

use super::output::{Files, MARKER, MARKER_TEXT, remove_tree};
use anyhow::{Context as _, Result};
use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

/// Takes a build's files, one at a time, from any thread.
pub trait Sink: Sync {
    fn add(&self, path: PathBuf, bytes: Vec<u8>);
}

impl Sink for Mutex<Files> {
    fn add(&self, path: PathBuf, bytes: Vec<u8>) {
        self.lock().expect("no add panics").add(path, bytes);
    }
}

/// A site being written into a new folder.
pub struct Staging {
    /// The folder; `None` once committed.
    dir: Option<PathBuf>,
    /// Every file added, by path: the hash of its bytes as written, or why
    /// it was not written.
    written: Mutex<BTreeMap<PathBuf, Result<blake3::Hash, String>>>,
    /// The folders made, each once.
    made: Mutex<HashSet<PathBuf>>,
}

impl Staging {
    /// Creates the folder `dir` (replacing what is there) with the marker.
    pub(super) fn new(dir: PathBuf) -> Result<Staging> {
        if fs::symlink_metadata(&dir).is_ok() {
            remove_tree(&dir).with_context(|| format!("cannot remove {}", dir.display()))?;
        }
        fs::create_dir(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let staging = Staging {
            dir: Some(dir),
            written: Mutex::default(),
            made: Mutex::default(),
        };
        let marker = staging.dir().join(MARKER);
        fs::write(&marker, MARKER_TEXT)
            .with_context(|| format!("cannot write {}", marker.display()))?;
        Ok(staging)
    }

    fn dir(&self) -> &Path {
        self.dir
            .as_deref()
            .expect("a staging folder until committed")
    }

    /// Every file added, in path order, with the hash of its bytes (those
    /// not written are left out: the commit fails on them).
    pub fn files(&self) -> Vec<(PathBuf, blake3::Hash)> {
        let written = self.written.lock().expect("no add panics");
        written
            .iter()
            .filter_map(|(path, hash)| Some((path.clone(), *hash.as_ref().ok()?)))
            .collect()
    }

    /// The bytes written at `path`.
    pub fn read(&self, path: &Path) -> Result<Vec<u8>> {
        let full = self.dir().join(path);
        fs::read(&full).with_context(|| format!("cannot read {}", full.display()))
    }

    /// Checks that every file was written and that no path is both a file
    /// and the folder of another; then gives the folder up to the caller.
    /// Dropped on an error, the folder is removed.
    pub(super) fn finish(mut self) -> Result<PathBuf> {
        let written = std::mem::take(&mut *self.written.lock().expect("no add panics"));
        check_paths(&written).map_err(anyhow::Error::msg)?;
        if let Some(Err(e)) = written.into_values().find(Result::is_err) {
            return Err(anyhow::Error::msg(e));
        }
        Ok(self.dir.take().expect("finished once"))
    }
}

impl Sink for Staging {
    fn add(&self, path: PathBuf, bytes: Vec<u8>) {
        let result = check_path(&path).and_then(|()| {
            let full = self.dir().join(&path);
            let parent = full.parent().expect("a file in the folder");
            if !self.made.lock().expect("no add panics").contains(parent) {
                fs::create_dir_all(parent)
                    .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
                self.made
                    .lock()
                    .expect("no add panics")
                    .insert(parent.to_path_buf());
            }
            fs::write(&full, &bytes)
                .map_err(|e| format!("cannot write {}: {e}", full.display()))?;
            Ok(blake3::hash(&bytes))
        });
        self.written
            .lock()
            .expect("no add panics")
            .insert(path, result);
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = remove_tree(dir);
        }
    }
}

/// A path is relative and plain (no `..`, no root), and not the marker.
fn check_path(path: &Path) -> Result<(), String> {
    if path.as_os_str().is_empty() || !path.components().all(|c| matches!(c, Component::Normal(_)))
    {
        return Err(format!(
            "the site would write outside its folder: {}",
            path.display()
        ));
    }
    if path == Path::new(MARKER) {
        return Err(format!("the site may not hold a file named {MARKER}"));
    }
    Ok(())
}

/// No path is both a file and the folder of another (each path was checked
/// by [`check_path`] as it was added).
fn check_paths<T>(files: &BTreeMap<PathBuf, T>) -> Result<(), String> {
    for path in files.keys() {
        if let Some(file) = path.ancestors().skip(1).find(|a| files.contains_key(*a)) {
            return Err(format!(
                "{} would be both a file and the folder of {}",
                file.display(),
                path.display()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_written_as_added_a_path_outside_never_and_a_dropped_folder_goes() {
        let dir = tempfile::tempdir().unwrap();
        let staging = Staging::new(dir.path().join("tmp")).unwrap();
        staging.add("a/b/index.html".into(), b"one".to_vec());
        staging.add("a/b/index.html".into(), b"two".to_vec());
        staging.add("../outside".into(), b"no".to_vec());
        assert_eq!(
            fs::read(dir.path().join("tmp/a/b/index.html")).unwrap(),
            b"two"
        );
        assert!(!dir.path().join("outside").exists());
        // The last bytes of a path added twice; the refused path is not listed.
        assert_eq!(
            staging.files(),
            [(PathBuf::from("a/b/index.html"), blake3::hash(b"two"))]
        );
        let e = staging.finish().unwrap_err();
        assert!(e.to_string().contains("outside its folder"), "{e}");
        assert!(!dir.path().join("tmp").exists());
    }
}
