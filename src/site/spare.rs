//! The spare: the site a build replaced, kept beside the output
//! ([`keep_spare`]) for the next build to write over instead of making a
//! new folder ([`Left::recycle`], used by [`super::staging::Staging`]).
//!
//! A file is written over the spare's at its path (the same inode, when no
//! link shares it with the site in place), folders are reused, and what the
//! new site does not hold is removed before the swap ([`Left::remove`]). A
//! build that rewrites every page thus makes and frees no file. (A file
//! system without a journal scans, at every new file, the inodes freed in
//! the last half minute: builds that made 2,000 new pages and freed the
//! last ones spent seconds there, growing with each build.)
//!
//! Only a folder that carries ladder's marker, holds only folders and plain
//! files, and all of it writable, is written over; any other is left where
//! it is, and replaced by the next spare only when it carries the marker.

use super::output::{MARKER, MARKER_TEXT, remove_tree};
use super::staging::{create, holds, plain_file};
use anyhow::{Context as _, Result};
use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// What of a spare made the staging folder nothing has been written over
/// yet: its files and folders, as paths in the folder.
#[derive(Default)]
pub(super) struct Left {
    files: HashSet<PathBuf>,
    folders: HashSet<PathBuf>,
}

impl Left {
    /// Moves the `spare` to `dir`, if it is fit to be written over; returns
    /// what is in it. An unfit spare stays where it is.
    pub(super) fn recycle(spare: &Path, dir: &Path) -> Option<Left> {
        let (files, folders) = is_site(spare).then(|| contents(spare)).flatten()?;
        fs::rename(spare, dir).ok()?;
        Some(Left { files, folders })
    }

    /// The spare's folders.
    pub(super) fn folders(&self) -> impl Iterator<Item = &Path> {
        self.folders.iter().map(PathBuf::as_path)
    }

    /// Clears the way in the folder `dir` for a file at `path` (call it
    /// holding the staging's lock, so that no thread makes a folder where a
    /// file of the spare still is): removes the spare's files where the
    /// path's folders go and its folder where the path goes. Returns whether
    /// the spare has a file at `path` to write over.
    pub(super) fn clear_way(&mut self, dir: &Path, path: &Path) -> Result<bool, String> {
        let files = path.ancestors().skip(1).filter(|a| self.files.remove(*a));
        let folder = self.folders.remove(path).then_some(path);
        for at in files.chain(folder) {
            let full = dir.join(at);
            remove_tree(&full).map_err(|e| format!("cannot remove {}: {e}", full.display()))?;
        }
        if folder.is_some() {
            self.files.retain(|f| !f.starts_with(path));
            self.folders.retain(|f| !f.starts_with(path));
        }
        Ok(self.files.remove(path))
    }

    /// Removes from the folder `dir` what of the spare the new site, whose
    /// files are `written`, does not hold: the files nothing was written
    /// over, and the folders that hold no file of it.
    pub(super) fn remove<'a>(
        &self,
        dir: &Path,
        written: impl Iterator<Item = &'a PathBuf>,
    ) -> Result<()> {
        let needed: HashSet<&Path> = written.flat_map(|p| p.ancestors().skip(1)).collect();
        let mut gone: Vec<&Path> = self.folders().filter(|f| !needed.contains(f)).collect();
        // A folder's removal takes what is in it.
        gone.sort_by_key(|f| f.components().count());
        let mut removed: HashSet<&Path> = HashSet::new();
        for path in gone
            .into_iter()
            .chain(self.files.iter().map(PathBuf::as_path))
        {
            if path.ancestors().skip(1).any(|a| removed.contains(a)) {
                continue;
            }
            let full = dir.join(path);
            match remove_tree(&full) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => {
                    return Err(e).with_context(|| format!("cannot remove {}", full.display()));
                }
                _ => removed.insert(path),
            };
        }
        Ok(())
    }
}

/// Makes `to` the file `from` is: a hard link, or a copy where the file
/// system makes none. With `over`, a file of the spare is at `to`: left if
/// it is `from` already (linked by the build before), else removed first.
pub(super) fn link_over(from: &Path, to: &Path, over: bool) -> io::Result<()> {
    if over {
        if same_file(from, to) {
            return Ok(());
        }
        fs::remove_file(to)?;
    }
    fs::hard_link(from, to).or_else(|_| fs::copy(from, to).map(|_| ()))
}

/// `bytes` written over the spare's file `full`, in place: the same inode,
/// its blocks reused. A file that is not plain or that a link shares (with
/// the site in place, which the build before linked it from) is replaced by
/// a new one instead.
pub(super) fn write_over(full: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut open = fs::OpenOptions::new();
    open.write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut open,
        rustix::fs::OFlags::NOFOLLOW.bits() as i32,
    );
    if let Ok(mut file) = open.open(full)
        && file.metadata().is_ok_and(|m| m.is_file() && links(&m) == 1)
    {
        io::Write::write_all(&mut file, bytes)?;
        return file.set_len(bytes.len() as u64);
    }
    fs::remove_file(full)?;
    create(full, bytes)
}

/// How many names the file has; where the system does not say, as many as
/// a shared file has (so it is never written over in place).
fn links(meta: &fs::Metadata) -> u64 {
    #[cfg(unix)]
    return std::os::unix::fs::MetadataExt::nlink(meta);
    #[cfg(not(unix))]
    return u64::MAX;
}

/// Whether `a` and `b` name one file (never where the system does not say).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        let id = |p: &Path| fs::symlink_metadata(p).map(|m| (m.dev(), m.ino()));
        matches!((id(a), id(b)), (Ok(x), Ok(y)) if x == y)
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        false
    }
}

/// Whether `dir` is a folder (not a link to one) that carries ladder's
/// marker: a site ladder wrote.
fn is_site(dir: &Path) -> bool {
    fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir())
        && plain_file(dir, Path::new(MARKER))
        && holds(&dir.join(MARKER), MARKER_TEXT.as_bytes())
}

/// The files and folders in the site `dir` (the marker left out), if it
/// holds nothing else and all of it can be written.
fn contents(dir: &Path) -> Option<(HashSet<PathBuf>, HashSet<PathBuf>)> {
    let mut files = HashSet::new();
    let mut folders = HashSet::new();
    for entry in walkdir::WalkDir::new(dir).min_depth(1) {
        let entry = entry.ok()?;
        let meta = entry.metadata().ok()?;
        if meta.permissions().readonly() || flagged(entry.path()) {
            return None;
        }
        let path = entry.path().strip_prefix(dir).ok()?.to_path_buf();
        if meta.is_dir() {
            folders.insert(path);
        } else if meta.is_file() {
            files.insert(path);
        } else {
            return None;
        }
    }
    files.remove(Path::new(MARKER));
    Some((files, folders))
}

/// Whether the system's flags keep the file at `path` from being written
/// over or removed (Linux's immutable and append-only attributes).
fn flagged(path: &Path) -> bool {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use rustix::fs::{AtFlags, CWD, StatxAttributes, StatxFlags, statx};
        let stuck = StatxAttributes::IMMUTABLE | StatxAttributes::APPEND;
        statx(CWD, path, AtFlags::SYMLINK_NOFOLLOW, StatxFlags::empty())
            .is_ok_and(|s| s.stx_attributes.intersects(stuck))
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        let _ = path;
        false
    }
}

/// Keeps the site `old`, which a build has just replaced, as the `spare`
/// the next build writes over: when ladder wrote it and no other spare is
/// there (one only ladder could have put there is replaced), with a
/// `.gitignore` that keeps it out of git. Otherwise removes it.
pub(super) fn keep_spare(old: &Path, spare: &Path) -> io::Result<()> {
    if !is_site(old) {
        return remove_tree(old);
    }
    if is_site(spare) {
        remove_tree(spare)?;
    }
    if fs::rename(old, spare).is_err() {
        return remove_tree(old);
    }
    // Made new: the site's own .gitignore may be a link into the site in place.
    let ignore = spare.join(".gitignore");
    match fs::remove_file(&ignore) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => create(&ignore, b"*\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::staging::tests::{FILES, previous};
    use crate::site::staging::{Sink as _, Staging};

    #[cfg(unix)]
    #[test]
    fn a_spare_is_written_over_its_leftovers_removed_and_the_site_in_place_untouched() {
        use std::os::unix::fs::MetadataExt as _;
        let (dir, site) = previous();
        // A spare as a build leaves it: the home page a link to the site's
        // (unchanged then), an older page, a file where a folder now goes, a
        // folder where a file now goes, and a page the new site lacks.
        let spare = dir.path().join(".site.spare");
        fs::create_dir_all(spare.join("a")).unwrap();
        fs::create_dir_all(spare.join("b/c")).unwrap();
        fs::write(spare.join(MARKER), MARKER_TEXT).unwrap();
        fs::hard_link(site.join("index.html"), spare.join("index.html")).unwrap();
        fs::write(spare.join("a/index.html"), "older page").unwrap();
        fs::write(spare.join("d"), "in the way").unwrap();
        fs::write(spare.join("b/c/index.html"), "in the way").unwrap();
        fs::write(spare.join("gone.html"), "not in the new site").unwrap();
        let inode = |p: PathBuf| fs::metadata(p).unwrap().ino();
        let older = inode(spare.join("a/index.html"));
        let staging =
            Staging::new(dir.path().join("tmp"), Some(site.clone()), spare.clone()).unwrap();
        let files = [
            ("index.html", "new home"),
            ("a/index.html", "new page"),
            ("d/index.html", "d"),
            ("b", "b"),
        ];
        for (path, text) in files {
            staging.add(path.into(), text.as_bytes());
        }
        let new = staging.finish().unwrap().expect("a new folder");
        assert!(!spare.exists());
        assert_eq!(inode(new.join("a/index.html")), older, "written over");
        let mut held: Vec<String> = walkdir::WalkDir::new(&new)
            .min_depth(1)
            .into_iter()
            .map(|e| e.unwrap())
            .filter(|e| e.file_type().is_file())
            .map(|e| e.path().strip_prefix(&new).unwrap().display().to_string())
            .collect();
        held.sort();
        assert_eq!(
            held,
            [MARKER, "a/index.html", "b", "d/index.html", "index.html"]
        );
        for (path, text) in files {
            assert_eq!(fs::read_to_string(new.join(path)).unwrap(), text);
        }
        // The link was not written through: the site in place is as it was.
        for (path, text) in FILES {
            assert_eq!(fs::read_to_string(site.join(path)).unwrap(), text);
        }
    }

    #[test]
    fn a_spare_ladder_did_not_mark_is_left_alone() {
        let (dir, site) = previous();
        let spare = dir.path().join(".site.spare");
        fs::create_dir_all(&spare).unwrap();
        fs::write(spare.join("index.html"), "mine").unwrap();
        let staging = Staging::new(dir.path().join("tmp"), Some(site), spare.clone()).unwrap();
        staging.add("index.html".into(), b"new home");
        let new = staging.finish().unwrap().expect("a new folder");
        assert_eq!(
            fs::read_to_string(new.join("index.html")).unwrap(),
            "new home"
        );
        assert_eq!(
            fs::read_to_string(spare.join("index.html")).unwrap(),
            "mine"
        );
        assert!(keep_spare(&new, &spare).is_ok());
        assert!(!new.exists(), "not kept over a folder ladder did not write");
        assert_eq!(
            fs::read_to_string(spare.join("index.html")).unwrap(),
            "mine"
        );
    }
}
