//! The spare, a strategy the stage may be handed ([`super::stage`]): the
//! site a build replaced, kept beside the output ([`Spare::keep`]) for the
//! next build to write over instead of making a new folder
//! ([`Spare::recycle`]).
//!
//! A file is written over the spare's at its path (the same inode, when no
//! link shares it with the site in place), folders are reused, and what the
//! new site does not hold is removed before the swap ([`Unwritten::remove`]).
//! A build that rewrites every page thus makes and frees no file. (A file
//! system without a journal scans, at every new file, the inodes freed in
//! the last half minute: builds that made 2,000 new pages and freed the
//! last ones spent seconds there, growing with each build.)
//!
//! Only a folder that carries ladder's marker, holds only folders and plain
//! files, and all of it writable, on a disk that tells case apart, is
//! written over; any other is left where it is, and while it is there no
//! site is kept (what cannot be written over may not be removable either).
//!
//! It imports only `marker` and [`super::sink`]: the stage and the swap
//! call it, never the other way.

use super::marker::{self, MARKER};
use super::sink::{create, plain_file, remove_tree};
use anyhow::{Context as _, Result};
use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Where the site a build replaces is kept for the next build to write
/// over: `.NAME.spare` beside the output.
#[derive(Debug, Clone)]
pub(super) struct Spare(PathBuf);

impl Spare {
    pub(super) fn at(path: PathBuf) -> Spare {
        Spare(path)
    }

    /// Moves the spare to `dir`, if it is fit to be written over; returns
    /// what is in it. An unfit spare stays where it is.
    pub(super) fn recycle(&self, dir: &Path) -> Option<Unwritten> {
        let spare = &self.0;
        // On a disk that folds case, two paths the lists tell apart could
        // be one file.
        let folds = fs::symlink_metadata(spare.join(MARKER.to_uppercase())).is_ok();
        if folds || !is_site(spare) {
            return None;
        }
        let (files, folders) = contents(spare)?;
        fs::rename(spare, dir).ok()?;
        Some(Unwritten { files, folders })
    }

    /// Keeps the site `old`, which a build has just replaced, as the spare
    /// the next build writes over, with a `.gitignore` that keeps it out of
    /// git, when ladder wrote it and nothing is at the spare's path;
    /// otherwise removes it. A spare still there is one the build could not
    /// write over ([`Spare::recycle`]): left alone, never removed or
    /// exchanged, since what cannot be written over may not be removable
    /// either.
    pub(super) fn keep(&self, old: &Path) -> io::Result<()> {
        let spare = &self.0;
        if !is_site(old) || fs::symlink_metadata(spare).is_ok() {
            return remove_tree(old);
        }
        // Made new: the site's own .gitignore may be a link into the site in place.
        let ignore = old.join(".gitignore");
        let ignored = match fs::remove_file(&ignore) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => create(&ignore, b"*\n"),
        };
        if ignored.is_ok() && fs::rename(old, spare).is_ok() {
            return Ok(());
        }
        remove_tree(old)
    }
}

/// What of a spare made the staging folder nothing has been written over
/// yet: its files and folders, as paths in the folder.
#[derive(Default)]
pub(super) struct Unwritten {
    files: HashSet<PathBuf>,
    folders: HashSet<PathBuf>,
}

impl Unwritten {
    /// The spare's folders.
    pub(super) fn folders(&self) -> impl Iterator<Item = &Path> {
        self.folders.iter().map(PathBuf::as_path)
    }

    /// Clears the way in the folder `dir` for a file at `path` (call it
    /// holding the staging's lock, so that no thread makes a folder where a
    /// file of the spare still is): removes the spare's files where the
    /// path's folders go and its folder where the path goes. Returns whether
    /// the spare has a file at `path` to write over.
    pub(super) fn clear_way(&mut self, dir: &Path, path: &Path) -> Result<bool> {
        let files = path.ancestors().skip(1).filter(|a| self.files.remove(*a));
        let folder = self.folders.remove(path).then_some(path);
        for at in files.chain(folder) {
            let full = dir.join(at);
            remove_tree(&full).with_context(|| format!("cannot remove {}", full.display()))?;
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
    fs::hard_link(from, to).or_else(|e| match e.kind() {
        io::ErrorKind::AlreadyExists if same_file(from, to) => Ok(()),
        io::ErrorKind::AlreadyExists => Err(e),
        // A new file, never one that is there.
        _ => fs::File::open(from).and_then(|mut file| {
            let mut copy = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(to)?;
            io::copy(&mut file, &mut copy).map(|_| ())
        }),
    })
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
        rustix::fs::OFlags::NOFOLLOW.bits().cast_signed(),
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
        && marker::listed(dir).is_some()
}

/// The files and folders in the site `dir` (the marker left out), if it
/// holds nothing else, every folder (itself too) is one this process may
/// write in, and nothing is flagged against change.
fn contents(dir: &Path) -> Option<(HashSet<PathBuf>, HashSet<PathBuf>)> {
    let mut files = HashSet::new();
    let mut folders = HashSet::new();
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry.ok()?;
        let kind = entry.file_type();
        if !(kind.is_dir() || kind.is_file()) || !changeable(entry.path(), kind.is_dir()) {
            return None;
        }
        let path = entry.path().strip_prefix(dir).ok()?.to_path_buf();
        match (kind.is_dir(), entry.depth()) {
            (_, 0) => {}
            (true, _) => _ = folders.insert(path),
            (false, _) => _ = files.insert(path),
        }
    }
    files.remove(Path::new(MARKER));
    Some((files, folders))
}

/// Whether this process may change what is at `path`: write in it if it is
/// a `folder`, and neither is flagged immutable or append-only.
#[cfg(unix)]
fn changeable(path: &Path, folder: bool) -> bool {
    use rustix::fs::{Access, AtFlags, CWD, StatxAttributes, StatxFlags, accessat, statx};
    let stuck = StatxAttributes::IMMUTABLE | StatxAttributes::APPEND;
    let Ok(stat) = statx(CWD, path, AtFlags::SYMLINK_NOFOLLOW, StatxFlags::MODE) else {
        return false;
    };
    // The owner's write bit too: a folder made read-only stays so for root.
    let writable = || {
        stat.stx_mode & 0o200 != 0
            && accessat(CWD, path, Access::WRITE_OK, AtFlags::EACCESS).is_ok()
    };
    !stat.stx_attributes.intersects(stuck) && (!folder || writable())
}

/// Elsewhere no spare is kept ([`super::output::Output`]).
#[cfg(not(unix))]
fn changeable(_: &Path, _: bool) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::output::sink::Sink as _;
    use crate::site::output::stage::Staging;
    use crate::site::output::stage::tests::{FILES, previous};

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
        fs::write(spare.join(MARKER), marker::text([])).unwrap();
        fs::hard_link(site.join("index.html"), spare.join("index.html")).unwrap();
        fs::write(spare.join("a/index.html"), "older page").unwrap();
        fs::write(spare.join("d"), "in the way").unwrap();
        fs::write(spare.join("b/c/index.html"), "in the way").unwrap();
        fs::write(spare.join("gone.html"), "not in the new site").unwrap();
        let inode = |p: PathBuf| fs::metadata(p).unwrap().ino();
        let older = inode(spare.join("a/index.html"));
        let staging = Staging::new(
            dir.path().join("tmp"),
            Some(site.clone()),
            Some(Spare::at(spare.clone())),
        )
        .unwrap();
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
        let staging = Staging::new(
            dir.path().join("tmp"),
            Some(site),
            Some(Spare::at(spare.clone())),
        )
        .unwrap();
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
        assert!(Spare::at(spare.clone()).keep(&new).is_ok());
        assert!(!new.exists(), "not kept over a folder ladder did not write");
        assert_eq!(
            fs::read_to_string(spare.join("index.html")).unwrap(),
            "mine"
        );
    }

    /// A spare as a build leaves it: the previous site's files, linked.
    fn spare_of(dir: &Path, site: &Path) -> PathBuf {
        let spare = dir.join(".site.spare");
        for (path, _) in FILES.iter().chain([&(MARKER, "")]) {
            let to = spare.join(path);
            fs::create_dir_all(to.parent().unwrap()).unwrap();
            fs::hard_link(site.join(path), to).unwrap();
        }
        spare
    }

    #[cfg(unix)]
    #[test]
    fn a_spare_that_cannot_be_written_over_as_listed_is_not_taken() {
        use std::os::unix::fs::PermissionsExt as _;
        let (dir, site) = previous();
        // A disk that folds case (the marker found in capitals), and a
        // spare made read-only.
        let folds =
            |spare: &Path| fs::write(spare.join(".LADDER-OUTPUT"), marker::text([])).unwrap();
        let read_only =
            |spare: &Path| fs::set_permissions(spare, fs::Permissions::from_mode(0o555)).unwrap();
        for unfit in [folds, read_only] {
            let spare = spare_of(dir.path(), &site);
            unfit(&spare);
            assert!(
                Spare::at(spare.clone())
                    .recycle(&dir.path().join("tmp"))
                    .is_none()
            );
            assert!(spare.join(MARKER).is_file(), "left where it is");
            fs::set_permissions(&spare, fs::Permissions::from_mode(0o755)).unwrap();
            remove_tree(&spare).unwrap();
        }
        let spare = spare_of(dir.path(), &site);
        assert!(
            Spare::at(spare.clone())
                .recycle(&dir.path().join("tmp"))
                .is_some()
        );
    }

    #[test]
    fn a_link_is_never_made_over_a_file_that_is_there() {
        let (dir, site) = previous();
        let spare = spare_of(dir.path(), &site);
        // The spare's file at another name (as a disk that folds case would
        // give it): the site's file itself is left as it is, another file
        // is an error, and neither is written.
        let from = site.join("index.html");
        link_over(&from, &spare.join("index.html"), false).unwrap();
        fs::write(spare.join("other.html"), "other").unwrap();
        assert!(link_over(&from, &spare.join("other.html"), false).is_err());
        assert_eq!(fs::read_to_string(&from).unwrap(), "home");
        assert_eq!(
            fs::read_to_string(spare.join("other.html")).unwrap(),
            "other"
        );
    }

    #[test]
    fn a_site_is_kept_where_no_spare_is_and_removed_where_one_is() {
        let (dir, site) = previous();
        let spare = dir.path().join(".site.spare");
        let old = dir.path().join(".site.tmp-1");
        fs::rename(&site, &old).unwrap();
        Spare::at(spare.clone()).keep(&old).unwrap();
        assert!(!old.exists());
        assert_eq!(fs::read_to_string(spare.join(".gitignore")).unwrap(), "*\n");
        assert_eq!(
            fs::read_to_string(spare.join("index.html")).unwrap(),
            "home"
        );
        // A spare still there (one no build could write over) stays as it
        // is, and the site goes.
        let (_other, site) = previous();
        Spare::at(spare.clone()).keep(&site).unwrap();
        assert!(!site.exists());
        assert_eq!(
            fs::read_to_string(spare.join("index.html")).unwrap(),
            "home"
        );
    }
}
