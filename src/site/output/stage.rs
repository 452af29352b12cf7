//! Step 2 of the output, stage: a new folder beside the output
//! ([`Output::stage`]) that the build writes each file into as it makes it
//! ([`Staging`], a [`Sink`]), so that a build holds no page longer than it
//! takes to render it. Step 3 (`swap`) swaps it in only when the
//! whole build succeeded; one dropped uncommitted is removed, so a failed
//! build leaves the previous site as it was. Files may be added from any
//! thread, in any order; a path added twice holds its last bytes. A path
//! that would leave the folder is never written, and a file that cannot be
//! written fails the commit, which names the first such path.
//!
//! A file that the site being replaced (one ladder wrote) holds with the
//! same bytes is not written again: the staging folder is made only when a
//! first file differs, and such files are then hard links to the previous
//! site's (copies where links cannot be made). A build that changes nothing
//! thus writes nothing: the previous site, compared file by file and found
//! to hold exactly the new one, stays in place.
//!
//! The stage may be handed a `Spare`, the site a build replaced kept for
//! the next to write over: it then makes its folder from the spare, writing
//! over its files.
//!
//! The marker, listing every file with its hash, is written last, when the
//! folder holds all of them.
//!
//! It imports [`super::check`] (the output it stages for), `marker`, `spare`
//! (the strategy it is handed) and [`super::sink`]; never the swap.

use super::check::Output;
use super::marker::{self, MARKER};
use super::sink::{Sink, create, holds, plain_file, remove_tree};
use super::spare::{Spare, Unwritten, link_over, write_over};
use anyhow::{Context as _, Result};
use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

impl Output {
    /// A new staging folder beside the output: the files added to it are written at once (but those the output, when
    /// ladder wrote it, holds as they are), and [`Output::commit`] swaps it
    /// in.
    pub fn stage(&self) -> Result<Staging> {
        let parent = self.parent();
        fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
        let previous = self.has_marker().then(|| self.real.clone());
        Staging::new(self.sibling("tmp"), previous, self.spare.clone())
    }
}

/// A site being written into a new folder.
pub struct Staging {
    /// The folder; `None` once committed.
    dir: Option<PathBuf>,
    /// The site this one replaces, when ladder wrote it.
    previous: Option<PathBuf>,
    /// The spare to make the folder from, if there is one.
    spare: Option<Spare>,
    state: Mutex<State>,
    /// The folders made in the folder, each once.
    folders: Mutex<HashSet<PathBuf>>,
}

#[derive(Default)]
struct State {
    /// Every file added, by path: the hash of its bytes as written, or why
    /// it was not written.
    written: BTreeMap<PathBuf, Result<blake3::Hash>>,
    /// Whether the folder is made; until then every file added is in the
    /// previous site as added.
    made: bool,
    /// What of the spare the folder was made from nothing has been written
    /// over yet.
    unwritten: Unwritten,
}

impl Staging {
    /// A staging folder `dir` (replacing what is there), made at once when
    /// there is no `previous` site that ladder wrote,
    /// and otherwise at the first file that differs from that site's; made
    /// from the `spare` when that is a site ladder kept there.
    pub(super) fn new(
        dir: PathBuf,
        previous: Option<PathBuf>,
        spare: Option<Spare>,
    ) -> Result<Staging> {
        if fs::symlink_metadata(&dir).is_ok() {
            remove_tree(&dir).with_context(|| format!("cannot remove {}", dir.display()))?;
        }
        let staging = Staging {
            dir: Some(dir),
            previous,
            spare,
            state: Mutex::default(),
            folders: Mutex::default(),
        };
        if staging.previous.is_none() {
            staging.make(
                &mut staging
                    .state
                    .lock()
                    .expect("nothing panics holding the lock"),
            )?;
        }
        Ok(staging)
    }

    fn dir(&self) -> &Path {
        self.dir
            .as_deref()
            .expect("a staging folder until committed")
    }

    /// Makes the folder, from the spare if there is one,
    /// and puts in it the files added so far, which are the previous site's.
    fn make(&self, state: &mut State) -> Result<()> {
        let dir = self.dir();
        match self.spare.as_ref().and_then(|spare| spare.recycle(dir)) {
            Some(unwritten) => {
                let mut made = self
                    .folders
                    .lock()
                    .expect("nothing panics holding the lock");
                made.insert(dir.to_path_buf());
                made.extend(unwritten.folders().map(|f| dir.join(f)));
                state.unwritten = unwritten;
            }
            None => {
                fs::create_dir(dir).with_context(|| format!("cannot create {}", dir.display()))?;
            }
        }
        state.made = true;
        let State {
            written, unwritten, ..
        } = state;
        for (path, result) in written.iter_mut() {
            if let (Ok(_), Some(previous)) = (&result, &self.previous) {
                let from = previous.join(path);
                let put = unwritten
                    .clear_way(dir, path)
                    .and_then(|over| self.put(path, |to| link_over(&from, to, over)));
                if let Err(e) = put {
                    *result = Err(e);
                }
            }
        }
        Ok(())
    }

    /// Puts a file at `path` in the folder with `write`, making the folder
    /// that holds it.
    fn put(&self, path: &Path, write: impl FnOnce(&Path) -> io::Result<()>) -> Result<()> {
        let full = self.dir().join(path);
        let parent = full.parent().expect("a file in the folder");
        if !self
            .folders
            .lock()
            .expect("nothing panics holding the lock")
            .contains(parent)
        {
            fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
            let mut folders = self
                .folders
                .lock()
                .expect("nothing panics holding the lock");
            folders.insert(parent.to_path_buf());
        }
        write(&full).with_context(|| format!("cannot write {}", full.display()))
    }

    /// Every file added, in path order, with the hash of its bytes (those
    /// not written are left out: the commit fails on them).
    pub fn files(&self) -> Vec<(PathBuf, blake3::Hash)> {
        let state = self.state.lock().expect("nothing panics holding the lock");
        state
            .written
            .iter()
            .filter_map(|(path, hash)| Some((path.clone(), *hash.as_ref().ok()?)))
            .collect()
    }

    /// The bytes added at `path`.
    pub fn read(&self, path: &Path) -> Result<Vec<u8>> {
        let state = self.state.lock().expect("nothing panics holding the lock");
        if !state.written.get(path).is_some_and(Result::is_ok) {
            anyhow::bail!("{} was not added to the site", path.display());
        }
        let made = state.made;
        drop(state);
        let full = match (&self.previous, made) {
            (Some(previous), false) => previous.join(path),
            _ => self.dir().join(path),
        };
        fs::read(&full).with_context(|| format!("cannot read {}", full.display()))
    }

    /// Checks that every file was written and that no path is both a file
    /// and the folder of another; then gives the folder up to the caller,
    /// or `None` when the previous site holds exactly the files added, and
    /// so stays. Dropped on an error, the folder is removed.
    pub(super) fn finish(mut self) -> Result<Option<PathBuf>> {
        let mut state = self.state.lock().expect("nothing panics holding the lock");
        check_paths(&state.written)?;
        failed(&mut state)?;
        let text = marker::text(
            state
                .written
                .iter()
                .filter_map(|(path, hash)| Some((path, hash.as_ref().ok()?))),
        );
        if !state.made {
            let previous = self.previous.as_deref();
            if previous.is_some_and(|p| holds_only(p, &state.written, &text)) {
                drop(state);
                self.dir = None;
                return Ok(None);
            }
            self.make(&mut state)?;
            failed(&mut state)?;
        }
        state.unwritten.remove(self.dir(), state.written.keys())?;
        drop(state);
        // Written last, listing every file: a spare's marker is replaced.
        let at = self.dir().join(MARKER);
        if fs::symlink_metadata(&at).is_ok() {
            remove_tree(&at).with_context(|| format!("cannot remove {}", at.display()))?;
        }
        create(&at, text.as_bytes()).with_context(|| format!("cannot write {}", at.display()))?;
        Ok(self.dir.take())
    }
}

/// The first file that could not be written, as an error (taken out of
/// the state: the staging fails with it).
fn failed(state: &mut State) -> Result<()> {
    let first = state.written.iter().find(|(_, r)| r.is_err());
    let first = first.map(|(path, _)| path.clone());
    match first.and_then(|path| state.written.remove(&path)) {
        Some(Err(e)) => Err(e),
        _ => Ok(()),
    }
}

impl Sink for Staging {
    fn add(&self, path: PathBuf, bytes: &[u8]) {
        let hash = blake3::hash(bytes);
        if let Err(e) = check_path(&path) {
            let mut state = self.state.lock().expect("nothing panics holding the lock");
            state.written.insert(path, Err(e));
            return;
        }
        let previous = self
            .previous
            .as_ref()
            .filter(|p| plain_file(p, &path))
            .map(|p| p.join(&path));
        let same = previous.as_deref().is_some_and(|p| holds(p, bytes));
        let mut state = self.state.lock().expect("nothing panics holding the lock");
        if same && !state.made {
            state.written.insert(path, Ok(hash));
            return;
        }
        if !state.made
            && let Err(e) = self.make(&mut state)
        {
            state.written.insert(path, Err(e));
            return;
        }
        // A path added before may be a link to the previous site's file,
        // which must not be written through.
        let again = state.written.contains_key(&path);
        let over = state.unwritten.clear_way(self.dir(), &path);
        drop(state);
        let result = over.and_then(|over| {
            self.put(&path, |full| {
                if again {
                    fs::remove_file(full).or_else(|e| match e.kind() {
                        io::ErrorKind::NotFound => Ok(()),
                        _ => Err(e),
                    })?;
                }
                match (&previous, same) {
                    (Some(from), true) => link_over(from, full, over),
                    _ if over => write_over(full, bytes),
                    _ => create(full, bytes),
                }
            })
        });
        let mut state = self.state.lock().expect("nothing panics holding the lock");
        state.written.insert(path, result.map(|()| hash));
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        let made = self.state.get_mut().is_ok_and(|s| s.made);
        if let Some(dir) = &self.dir
            && made
        {
            let _ = remove_tree(dir);
        }
    }
}

/// Whether the site `dir` holds exactly the files `written` (as checked
/// when each was added), its marker holding `text` and the folders that
/// hold them.
fn holds_only<T>(dir: &Path, written: &BTreeMap<PathBuf, T>, text: &str) -> bool {
    let folders: HashSet<&Path> = written.keys().flat_map(|p| p.ancestors().skip(1)).collect();
    let mut files = 0;
    for entry in walkdir::WalkDir::new(dir).min_depth(1) {
        let Ok(entry) = entry else {
            return false;
        };
        let path = entry.path().strip_prefix(dir).expect("under the folder");
        let kind = entry.file_type();
        let known = if kind.is_dir() {
            folders.contains(path)
        } else if path == Path::new(MARKER) {
            kind.is_file() && holds(entry.path(), text.as_bytes())
        } else {
            files += 1;
            kind.is_file() && written.contains_key(path)
        };
        if !known {
            return false;
        }
    }
    files == written.len()
}

/// A path is relative and plain (no `..`, no root), and not the marker.
fn check_path(path: &Path) -> Result<()> {
    if path.as_os_str().is_empty() || !path.components().all(|c| matches!(c, Component::Normal(_)))
    {
        anyhow::bail!(
            "the site would write outside its folder: {}",
            path.display()
        );
    }
    if path == Path::new(MARKER) {
        anyhow::bail!("the site may not hold a file named {MARKER}");
    }
    Ok(())
}

/// No path is both a file and the folder of another (each path was checked
/// by [`check_path`] as it was added).
fn check_paths<T>(files: &BTreeMap<PathBuf, T>) -> Result<()> {
    for path in files.keys() {
        if let Some(file) = path.ancestors().skip(1).find(|a| files.contains_key(*a)) {
            anyhow::bail!(
                "{} would be both a file and the folder of {}",
                file.display(),
                path.display()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    #[test]
    fn files_are_written_as_added_a_path_outside_never_and_a_dropped_folder_goes() {
        let dir = tempfile::tempdir().unwrap();
        let staging = Staging::new(dir.path().join("tmp"), None, None).unwrap();
        staging.add("a/b/index.html".into(), b"one");
        staging.add("a/b/index.html".into(), b"two");
        staging.add("../outside".into(), b"no");
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

    /// The files of the previous site the tests stage over.
    pub(in crate::site) const FILES: [(&str, &str); 2] =
        [("index.html", "home"), ("a/index.html", "page")];

    /// A root holding a previous site as ladder writes it (the marker and
    /// [`FILES`]): the root and the site.
    pub(in crate::site) fn previous() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        fs::create_dir_all(&site).unwrap();
        let mut listed = BTreeMap::new();
        for (path, text) in FILES {
            listed.insert(PathBuf::from(path), blake3::hash(text.as_bytes()));
            let path = site.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        fs::write(site.join(MARKER), marker::text(&listed)).unwrap();
        (dir, site)
    }

    #[test]
    fn a_site_as_the_previous_one_is_not_written_and_the_previous_stays() {
        let (dir, site) = previous();
        let files = FILES;
        let staging = Staging::new(dir.path().join("tmp"), Some(site.clone()), None).unwrap();
        for (path, text) in files {
            staging.add(path.into(), text.as_bytes());
        }
        assert!(!dir.path().join("tmp").exists(), "nothing written");
        assert_eq!(staging.read(Path::new("a/index.html")).unwrap(), b"page");
        assert_eq!(staging.finish().unwrap(), None);
        assert!(!dir.path().join("tmp").exists());

        // One file fewer than the previous site, or one more: a new folder.
        for added in [&files[..1], &[files[0], files[1], ("b.css", "x")][..]] {
            let staging = Staging::new(dir.path().join("tmp"), Some(site.clone()), None).unwrap();
            for (path, text) in added {
                staging.add(path.into(), text.as_bytes());
            }
            let new = staging.finish().unwrap().expect("a new folder");
            for (path, text) in added {
                assert_eq!(fs::read_to_string(new.join(path)).unwrap(), *text);
            }
            assert!(new.join(MARKER).is_file());
            assert_eq!(fs::read_dir(&new).unwrap().count(), added.len() + 1);
            remove_tree(&new).unwrap();
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_in_the_previous_site_is_never_taken_over() {
        // A page that is a link to a file with the same bytes, and a folder
        // that is a link: the new site holds plain files of its own.
        let (dir, site) = previous();
        let outside = dir.path().join("outside");
        fs::create_dir_all(&outside).unwrap();
        fs::write(outside.join("index.html"), "home").unwrap();
        fs::remove_file(site.join("index.html")).unwrap();
        std::os::unix::fs::symlink(outside.join("index.html"), site.join("index.html")).unwrap();
        fs::rename(site.join("a"), dir.path().join("a")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("a"), site.join("a")).unwrap();
        let staging = Staging::new(dir.path().join("tmp"), Some(site.clone()), None).unwrap();
        for (path, text) in FILES {
            staging.add(path.into(), text.as_bytes());
        }
        let new = staging.finish().unwrap().expect("a new folder");
        for (path, text) in FILES {
            let meta = fs::symlink_metadata(new.join(path)).unwrap();
            assert!(meta.is_file(), "{path}");
            assert_eq!(fs::read_to_string(new.join(path)).unwrap(), text);
        }
        assert!(fs::symlink_metadata(new.join("a")).unwrap().is_dir());
        // Nothing was read from or written to a path that was not added.
        let staging = Staging::new(dir.path().join("tmp2"), Some(site), None).unwrap();
        assert!(staging.read(Path::new("index.html")).is_err());
    }

    #[test]
    fn a_file_that_differs_makes_the_folder_and_never_writes_into_the_previous_site() {
        let (dir, site) = previous();
        let files = FILES;
        let staging = Staging::new(dir.path().join("tmp"), Some(site.clone()), None).unwrap();
        staging.add("a/index.html".into(), b"page");
        staging.add("index.html".into(), b"new home");
        // Added again with other bytes, after it was put in as the previous
        // site's file: the previous site's file is left as it was.
        staging.add("a/index.html".into(), b"new page");
        assert_eq!(staging.read(Path::new("index.html")).unwrap(), b"new home");
        let new = staging.finish().unwrap().expect("a new folder");
        assert_eq!(
            fs::read_to_string(new.join("a/index.html")).unwrap(),
            "new page"
        );
        assert_eq!(
            fs::read_to_string(new.join("index.html")).unwrap(),
            "new home"
        );
        for (path, text) in files {
            assert_eq!(fs::read_to_string(site.join(path)).unwrap(), text);
        }
        // A foreign file in the previous site is not taken for the site's.
        fs::write(site.join("notes.txt"), "mine").unwrap();
        let staging = Staging::new(dir.path().join("tmp2"), Some(site.clone()), None).unwrap();
        for (path, text) in files {
            staging.add(path.into(), text.as_bytes());
        }
        let new = staging.finish().unwrap().expect("a new folder");
        assert!(!new.join("notes.txt").exists());
        assert_eq!(
            fs::read_to_string(new.join("a/index.html")).unwrap(),
            "page"
        );
    }
}
