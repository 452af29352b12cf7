//! Finding the files ladder reads, for essays and templates alike, under one
//! policy: a symlink is followed when it resolves inside the project root and
//! is an error naming the link otherwise; every file or folder that cannot be
//! read is an error.

use super::diagnostics::Diagnostic;
use std::path::{Path, PathBuf};

/// The files under `dir` whose names `wanted` accepts, in no set order,
/// following symlinks (to files and folders) that resolve inside `root`.
/// Every symlink that resolves elsewhere or nowhere, and every folder or
/// file that cannot be read, is an error in `errors` naming it; only a
/// symlink whose name ladder would not read is left alone (as is a dangling
/// editor lock, `.#NAME`). A missing `dir` holds no files.
pub fn walk(
    dir: &Path,
    root: &Path,
    wanted: &dyn Fn(&str) -> bool,
    errors: &mut Vec<Diagnostic>,
) -> Vec<PathBuf> {
    let mut walker = Walker {
        root: std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf()),
        wanted,
        errors,
        files: Vec::new(),
        stack: Vec::new(),
    };
    let found = match std::fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            walker.cannot(dir, &e);
            None
        }
        Ok(m) if m.file_type().is_symlink() => walker.follow(dir, true),
        Ok(m) => Some((
            m.is_dir(),
            std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf()),
        )),
    };
    match found {
        Some((true, real)) => walker.folder(dir, real),
        Some((false, _)) => walker
            .errors
            .push(Diagnostic::file(dir, "expected a folder, found a file")),
        None => {}
    }
    walker.files
}

struct Walker<'a> {
    /// Canonical.
    root: PathBuf,
    wanted: &'a dyn Fn(&str) -> bool,
    errors: &'a mut Vec<Diagnostic>,
    files: Vec<PathBuf>,
    /// The canonical folders being walked, to catch symlink loops.
    stack: Vec<PathBuf>,
}

impl Walker<'_> {
    fn cannot(&mut self, path: &Path, e: &std::io::Error) {
        self.errors
            .push(Diagnostic::file(path, format!("cannot read: {e}")));
    }

    /// For the symlink `path`: whether it leads to a folder, and where;
    /// `None` to skip it, with an error when ladder would read it (always,
    /// when `needed`) and must not follow it.
    fn follow(&mut self, path: &Path, needed: bool) -> Option<(bool, PathBuf)> {
        let name = name_of(path);
        let name = name.as_ref();
        let target = std::fs::read_link(path).unwrap_or_default();
        let real = match std::fs::canonicalize(path) {
            Ok(real) => real,
            Err(_) if !needed && (!(self.wanted)(name) || name.starts_with(".#")) => return None,
            Err(e) => {
                self.errors.push(Diagnostic::file(
                    path,
                    format!("symlink to {} cannot be followed: {e}", target.display()),
                ));
                return None;
            }
        };
        let is_dir = real.is_dir();
        if !needed && !is_dir && !(self.wanted)(name) {
            return None;
        }
        if !real.starts_with(&self.root) {
            self.errors.push(Diagnostic::file(
                path,
                format!(
                    "symlink to {} leads outside the project root {}; ladder follows only \
                     symlinks that stay inside it",
                    real.display(),
                    self.root.display()
                ),
            ));
            return None;
        }
        Some((is_dir, real))
    }

    fn folder(&mut self, dir: &Path, real: PathBuf) {
        if self.stack.contains(&real) {
            self.errors.push(Diagnostic::file(
                dir,
                format!("symlink loop: {} is a folder that holds it", real.display()),
            ));
            return;
        }
        let entries = match std::fs::read_dir(dir).and_then(Iterator::collect::<Result<Vec<_>, _>>)
        {
            Ok(entries) => entries,
            Err(e) => return self.cannot(dir, &e),
        };
        self.stack.push(real.clone());
        for entry in entries {
            let path = entry.path();
            let found = match entry.file_type() {
                Err(e) => {
                    self.cannot(&path, &e);
                    None
                }
                Ok(t) if t.is_symlink() => self.follow(&path, false),
                Ok(t) => Some((t.is_dir(), real.join(entry.file_name()))),
            };
            match found {
                Some((true, real)) => self.folder(&path, real),
                Some((false, _)) if (self.wanted)(&name_of(&path)) => self.files.push(path),
                _ => {}
            }
        }
        self.stack.pop();
    }
}

/// A file's name, lossily: a name that is not UTF-8 is judged by its caller.
fn name_of(path: &Path) -> std::borrow::Cow<'_, str> {
    path.file_name().unwrap_or_default().to_string_lossy()
}
