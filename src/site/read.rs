//! Finding ([`find`]) and reading the files ladder reads (essays, templates,
//! `ladder.toml`, figure artifacts and the record of values) under one
//! policy: a symlink is followed when it resolves inside the project root and
//! is an error naming the link otherwise; every file or folder that cannot be
//! read is an error; and a file is read ([`read`], or [`read_named`] for a
//! file named on the command line) only when it is a regular
//! file no larger than its [`Kind`]'s limit, so a FIFO, a device or a huge
//! file is refused with its name rather than hanging the build or filling
//! its memory.
//!
//! It imports only [`super::diagnostics`]: whatever reads a file imports it.

use super::diagnostics::Diagnostic;
use std::fs;
use std::io::Read as _;
use std::path::{Path, PathBuf};

/// A kind of file ladder reads, with the most bytes it reads of one.
#[derive(Clone, Copy, Debug)]
pub struct Kind {
    /// What the file is, for messages.
    pub what: &'static str,
    /// The largest such file ladder reads, in bytes.
    pub max: u64,
}

/// An essay or an `_index.md`.
pub const ESSAY: Kind = Kind {
    what: "an essay",
    max: 16 << 20,
};
/// A template, the stylesheet or the favicon.
pub const TEMPLATE: Kind = Kind {
    what: "a template",
    max: 4 << 20,
};
/// `ladder.toml`.
pub const SETTINGS: Kind = Kind {
    what: "ladder.toml",
    max: 1 << 20,
};
/// A figure artifact in `figures/`.
pub const ARTIFACT: Kind = Kind {
    what: "a figure artifact",
    max: 256 << 20,
};
/// The record of values, `figures/values.json`.
pub const RECORD: Kind = Kind {
    what: "the record of values",
    max: 256 << 20,
};
/// A plan `ladder compute --plan` reads.
pub const PLAN: Kind = Kind {
    what: "a plan",
    max: 256 << 20,
};

/// Why a file was not read.
#[derive(Debug, PartialEq, Eq)]
pub enum Unread {
    /// There is none (nor a folder it could be in).
    Missing,
    /// What stands there may not be read, or cannot be: why, for a message
    /// that names the file.
    Refused(String),
}

/// The bytes of the file at `path`, a file of `kind` in the project `root`:
/// only when it is a regular file (a symlink to one inside the root is
/// followed) of at most `kind.max` bytes.
pub fn read(path: &Path, root: &Path, kind: Kind) -> Result<Vec<u8>, Unread> {
    let real = match fs::canonicalize(path) {
        Ok(real) => real,
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return Err(Unread::Missing);
        }
        Err(e) => return Err(Unread::Refused(format!("cannot read: {e}"))),
    };
    let root = fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    if !real.starts_with(&root) {
        return Err(Unread::Refused(outside(&real, &root)));
    }
    read_named(&real, kind)
}

/// The bytes of the file at `path`, a file of `kind` the user named (on
/// the command line, wherever it lies): only when it is a regular file of at
/// most `kind.max` bytes.
pub fn read_named(path: &Path, kind: Kind) -> Result<Vec<u8>, Unread> {
    let cannot = |e: std::io::Error| Unread::Refused(format!("cannot read: {e}"));
    // Not opened unless it is a file (opening a FIFO waits for a writer);
    // opened without waiting, and looked at again, in case it was swapped.
    regular(&fs::metadata(path).map_err(cannot)?, kind)?;
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits().cast_signed());
    }
    let file = options.open(path).map_err(cannot)?;
    regular(&file.metadata().map_err(cannot)?, kind)?;
    let mut bytes = Vec::new();
    file.take(kind.max + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > kind.max {
        return Err(too_large(kind));
    }
    Ok(bytes)
}

/// [`read`] as UTF-8 text.
pub fn read_text(path: &Path, root: &Path, kind: Kind) -> Result<String, Unread> {
    String::from_utf8(read(path, root, kind)?)
        .map_err(|e| Unread::Refused(format!("cannot read: not UTF-8 text ({e})")))
}

impl Unread {
    /// The error for the file at `path` (a missing one is one too).
    pub fn at(self, path: &Path) -> Diagnostic {
        match self {
            Unread::Missing => Diagnostic::file(path, "cannot read: it is gone"),
            Unread::Refused(why) => Diagnostic::file(path, why),
        }
    }
}

/// Refuses what `meta` describes unless it is a regular file of at most
/// `kind.max` bytes.
fn regular(meta: &fs::Metadata, kind: Kind) -> Result<(), Unread> {
    if !meta.is_file() {
        return Err(Unread::Refused(format!(
            "is {}, not a regular file; ladder reads {} only from a regular file",
            file_type(meta.file_type()),
            kind.what
        )));
    }
    if meta.len() > kind.max {
        return Err(too_large(kind));
    }
    Ok(())
}

fn too_large(kind: Kind) -> Unread {
    let limit = match kind.max % (1 << 20) {
        0 => format!("{} MiB", kind.max >> 20),
        _ => format!("{} bytes", kind.max),
    };
    Unread::Refused(format!(
        "is larger than {limit}, the most ladder reads of {}",
        kind.what
    ))
}

/// What a file that is not a regular one is, in words.
fn file_type(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() { "a folder" } else { "not a file" }
}

/// Why a symlink that resolves to `real`, outside `root`, is not followed.
fn outside(real: &Path, root: &Path) -> String {
    format!(
        "symlink to {} leads outside the project root {}; ladder follows only symlinks that \
         stay inside it",
        real.display(),
        root.display()
    )
}

/// Checks that `path` (a folder ladder reads or writes, which may be
/// missing) does not lead outside `root` through a symlink.
pub fn inside(path: &Path, root: &Path) -> Result<(), Diagnostic> {
    let Ok(real) = fs::canonicalize(path) else {
        return Ok(());
    };
    let root = fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    if real.starts_with(&root) {
        Ok(())
    } else {
        Err(Diagnostic::file(path, outside(&real, &root)))
    }
}

/// The files under `dir` whose names `wanted` accepts, in no set order,
/// following symlinks (to files and folders) that resolve inside `root`.
/// Every symlink that resolves elsewhere or nowhere, and every folder or
/// file that cannot be read, is an error in `errors` naming it; only a
/// symlink whose name ladder would not read is left alone (as is a dangling
/// editor lock, `.#NAME`). A missing `dir` holds no files.
pub fn find(
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
        Some((true, real)) => walker.folder(dir, &real),
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
            self.errors
                .push(Diagnostic::file(path, outside(&real, &self.root)));
            return None;
        }
        Some((is_dir, real))
    }

    fn folder(&mut self, dir: &Path, real: &Path) {
        if self.stack.iter().any(|p| p == real) {
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
        self.stack.push(real.to_path_buf());
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
                Some((true, real)) => self.folder(&path, &real),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_only_a_regular_file_inside_the_root_within_its_limit() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let small = Kind {
            what: "a test file",
            max: 4,
        };
        std::fs::write(root.join("a"), "abcd").unwrap();
        assert_eq!(read(&root.join("a"), root, small), Ok(b"abcd".to_vec()));
        assert_eq!(read(&root.join("none"), root, small), Err(Unread::Missing));
        assert_eq!(read(&root.join("a/b"), root, small), Err(Unread::Missing));
        std::fs::write(root.join("b"), "abcde").unwrap();
        let Err(Unread::Refused(why)) = read(&root.join("b"), root, small) else {
            panic!("a file past the limit is read");
        };
        assert_eq!(
            why,
            "is larger than 4 bytes, the most ladder reads of a test file"
        );
        std::fs::create_dir(root.join("d")).unwrap();
        let Err(Unread::Refused(why)) = read(&root.join("d"), root, small) else {
            panic!("a folder is read");
        };
        assert!(why.starts_with("is a folder, not a regular file"), "{why}");
        #[cfg(unix)]
        {
            let outer = tempfile::tempdir().unwrap();
            std::fs::write(outer.path().join("x"), "x").unwrap();
            std::os::unix::fs::symlink(outer.path().join("x"), root.join("out")).unwrap();
            std::os::unix::fs::symlink(root.join("a"), root.join("in")).unwrap();
            assert_eq!(read(&root.join("in"), root, small), Ok(b"abcd".to_vec()));
            let Err(Unread::Refused(why)) = read(&root.join("out"), root, small) else {
                panic!("a symlink out of the root is followed");
            };
            assert!(why.contains("leads outside the project root"), "{why}");
            let made = std::process::Command::new("mkfifo")
                .arg(root.join("f"))
                .status()
                .unwrap();
            assert!(made.success());
            let Err(Unread::Refused(why)) = read(&root.join("f"), root, small) else {
                panic!("a FIFO is read");
            };
            assert!(why.starts_with("is a FIFO"), "{why}");
        }
    }
}
