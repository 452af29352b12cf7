//! Where a build's files go ([`Sink`]: in memory as [`Files`], for `ladder
//! serve`, or a staging folder, for `ladder build`), and the file operations
//! the output's steps share: removing a tree, creating a file anew, telling a plain file and
//! one holding given bytes.
//!
//! It imports nothing from the site: every step of the output imports it.

use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Read as _};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The files of a site, by path relative to its root.
#[derive(Default)]
pub struct Files(pub BTreeMap<PathBuf, Vec<u8>>);

impl Files {
    /// Adds the file `path` holding `bytes`.
    pub fn add(&mut self, path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) {
        self.0.insert(path.into(), bytes.into());
    }
}

/// Takes a build's files, one at a time, from any thread (one path from one
/// thread at a time).
pub trait Sink: Sync {
    /// Adds the file `path` (relative to the site) holding `bytes`.
    fn add(&self, path: PathBuf, bytes: &[u8]);
}

impl Sink for Mutex<Files> {
    fn add(&self, path: PathBuf, bytes: &[u8]) {
        self.lock()
            .expect("nothing panics holding the lock")
            .add(path, bytes);
    }
}

/// Whether `path` under `root` is a regular file reached through folders
/// only, no symbolic link on the way: one that can be the previous site's
/// file as ladder wrote it (a link ladder never writes, and the new site
/// must not take one over).
pub(super) fn plain_file(root: &Path, path: &Path) -> bool {
    let mut at = root.to_path_buf();
    let mut parts = path.components().peekable();
    while let Some(part) = parts.next() {
        at.push(part);
        let Ok(meta) = fs::symlink_metadata(&at) else {
            return false;
        };
        let plain = if parts.peek().is_some() {
            meta.is_dir()
        } else {
            meta.is_file()
        };
        if !plain {
            return false;
        }
    }
    true
}

/// Whether the regular file at `path` holds `bytes`.
#[allow(
    clippy::large_stack_arrays,
    reason = "a 64 KiB read buffer; a thread's stack is megabytes"
)]
pub(super) fn holds(path: &Path, bytes: &[u8]) -> bool {
    let Ok(mut file) = fs::File::open(path) else {
        return false;
    };
    if !file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
    {
        return false;
    }
    let mut buffer = [0; 1 << 16];
    let mut rest = bytes;
    loop {
        match file.read(&mut buffer) {
            Ok(0) => return rest.is_empty(),
            Ok(n) if n <= rest.len() && buffer[..n] == rest[..n] => rest = &rest[n..],
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            _ => return false,
        }
    }
}

/// A new file `full` holding `bytes`: created, never opened if there, so
/// that a path added from two threads at once fails rather than write
/// through a link into the previous site.
pub(super) fn create(full: &Path, bytes: &[u8]) -> io::Result<()> {
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(full)
        .and_then(|mut file| io::Write::write_all(&mut file, bytes))
}

/// Removes a folder ladder wrote, also when its folders were made read-only.
pub(super) fn remove_tree(path: &Path) -> io::Result<()> {
    if !fs::symlink_metadata(path)?.is_dir() {
        return fs::remove_file(path);
    }
    match remove_dir(path) {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
            for entry in walkdir::WalkDir::new(path).into_iter().flatten() {
                if entry.file_type().is_dir() {
                    let _ = make_writable(entry.path());
                }
            }
            remove_dir(path)
        }
        other => other,
    }
}

/// Removes `dir` and all in it (symlinks, not their targets), in parallel.
fn remove_dir(dir: &Path) -> io::Result<()> {
    let entries = fs::read_dir(dir)?.collect::<io::Result<Vec<_>>>()?;
    entries.par_iter().try_for_each(|entry| {
        if entry.file_type()?.is_dir() {
            remove_dir(&entry.path())
        } else {
            fs::remove_file(entry.path())
        }
    })?;
    fs::remove_dir(dir)
}

#[cfg(unix)]
fn make_writable(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt as _;
    let mode = fs::metadata(dir)?.permissions().mode();
    fs::set_permissions(dir, fs::Permissions::from_mode(mode | 0o700))
}

#[cfg(not(unix))]
fn make_writable(dir: &Path) -> io::Result<()> {
    let mut perms = fs::metadata(dir)?.permissions();
    perms.set_readonly(false);
    fs::set_permissions(dir, perms)
}
