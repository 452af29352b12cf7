//! Writing the site, without ever destroying a user's files.
//!
//! - [`Output::check`] refuses an output folder that is the project root,
//!   holds it, or lies in `content/`, `templates/` or `figures/`, and one that
//!   holds files ladder did not write: every site ladder writes carries the
//!   marker file [`MARKER`], and a non-empty folder without it is replaced only
//!   when the user asks (`--replace-output`). A `ROOT/site` built before the
//!   marker existed, holding only files ladder writes, is accepted once.
//! - [`lock_root`] lets one build of a root write at a time; a second waits.
//! - [`Output::clean_stale`] removes the temporary folders of builds that died.
//! - [`Output::stage`] makes a temporary folder beside the output, which the
//!   build writes each file into as it makes it ([`Staging`]; a file the
//!   output holds as it is is linked, not written, and a build that changes
//!   nothing writes nothing and swaps nothing), and
//!   [`Output::commit`] swaps it in only when all of it was written, keeping
//!   the site it replaced (on Linux, for an output in the project) as
//!   `.NAME.spare` for the next build to write over. On Linux the
//!   swap is one `renameat2(RENAME_EXCHANGE)`, so there is no moment without a
//!   site; elsewhere it is two renames, and a build that dies between them
//!   leaves the previous site aside, which the next build puts back.
//!
//! An output folder that is a symlink (to a deploy folder, say) stays one: the
//! swap happens at the link's target. A failed build leaves the previous
//! output byte for byte as it was.

use super::spare::keep_spare;
use super::staging::Staging;
use anyhow::{Context as _, Result};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

/// The file every output folder carries, saying ladder wrote it.
pub const MARKER: &str = ".ladder-output";

pub(super) const MARKER_TEXT: &str = "This folder is the output of `ladder build`, which replaces all of it on \
every build.\nladder refuses to replace a non-empty folder that lacks this file.\n";

/// The files of a site, by path relative to its root.
#[derive(Default)]
pub struct Files(pub BTreeMap<PathBuf, Vec<u8>>);

impl Files {
    pub fn add(&mut self, path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) {
        self.0.insert(path.into(), bytes.into());
    }
}

/// An output folder refused: a usage error (exit 2), never a content error.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

/// An output folder that passed [`Output::check`].
#[derive(Debug, Clone)]
pub struct Output {
    /// As the user named it, for messages.
    pub named: PathBuf,
    /// Absolute, every symlink resolved: where the site is swapped in.
    pub real: PathBuf,
    /// Where the site a build replaces is kept for the next build to write
    /// over, `.NAME.spare` beside the output: only on Linux, and only for an
    /// output in the project (whose parent may be a served folder otherwise).
    spare: Option<PathBuf>,
}

impl Output {
    /// Checks that `output` may be replaced by the site of `root`; with
    /// `replace`, also when it holds files ladder did not write.
    pub fn check(root: &Path, output: &Path, replace: bool) -> Result<Output> {
        let real = real_path(output)
            .with_context(|| format!("cannot resolve the output folder {}", output.display()))?;
        let named = output.to_path_buf();
        let shown = if real.as_path() == output {
            format!("the output folder {}", show(output))
        } else {
            format!(
                "the output folder {} (which is {})",
                show(output),
                real.display()
            )
        };
        let refuse = |why: String| Err(Refused(format!("{shown} {why}")).into());
        let Some(parent) = real.parent() else {
            return refuse("is the root of the file system".into());
        };
        if parent.as_os_str().is_empty() {
            return refuse("has no parent folder".into());
        }
        let root_real = real_path(root)
            .with_context(|| format!("cannot resolve the project root {}", root.display()))?;
        let keep = "ladder replaces its output folder entirely";
        let site = show(&root.join("site"));
        if real == root_real {
            return refuse(format!(
                "is the project root; {keep}, which would delete content/. Use a folder of its \
                 own, such as {site}"
            ));
        }
        if root_real.starts_with(&real) {
            return refuse(format!(
                "contains the project root {}; {keep}, which would delete the project",
                root_real.display()
            ));
        }
        for sub in ["content", "templates", "figures"] {
            let sub_path = root.join(sub);
            let sub_real = real_path(&sub_path)?;
            let sub_shown = show(&sub_path);
            if real.starts_with(&sub_real) {
                let is = if real == sub_real {
                    "is"
                } else {
                    "lies inside"
                };
                return refuse(format!(
                    "{is} {sub_shown}, which ladder reads; use a folder of its own, such as {site}"
                ));
            }
            if sub_real.starts_with(&real) {
                return refuse(format!(
                    "contains {sub_shown} (which is {}); {keep}, which would delete it",
                    sub_real.display()
                ));
            }
        }
        let keeps_spare = cfg!(target_os = "linux") && real.starts_with(&root_real);
        let mut out = Output {
            named,
            real,
            spare: None,
        };
        out.spare = keeps_spare.then(|| out.beside("spare"));
        match fs::symlink_metadata(&out.real) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(out),
            Err(e) => {
                return Err(e).with_context(|| format!("cannot read {}", out.real.display()));
            }
            Ok(m) if !m.is_dir() => {
                return refuse(
                    "exists and is not a folder; ladder writes the site as a folder".into(),
                );
            }
            Ok(_) => {}
        }
        let mut names: Vec<String> = fs::read_dir(&out.real)
            .and_then(|entries| {
                entries
                    .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
                    .collect()
            })
            .with_context(|| format!("cannot read {}", out.real.display()))?;
        names.sort();
        let legacy = || {
            // A site built before the marker existed, where sites always went.
            real_path(&root.join("site")).is_ok_and(|s| s == out.real)
                && super::old_site::is_ladders(&out.real)
        };
        if names.is_empty() || out.has_marker() || replace || legacy() {
            return Ok(out);
        }
        let more = if names.len() > 3 { ", ..." } else { "" };
        names.truncate(3);
        refuse(format!(
            "holds files that ladder did not write ({}{more}) and no {MARKER} file; {keep}, so it \
             refuses to delete them. Choose another --output-dir, empty the folder, or pass \
             --replace-output to replace it anyway",
            names.join(", ")
        ))
    }

    fn has_marker(&self) -> bool {
        fs::symlink_metadata(self.real.join(MARKER)).is_ok_and(|m| m.is_file())
    }

    fn parent(&self) -> &Path {
        self.real
            .parent()
            .expect("checked: the output has a parent")
    }

    fn name(&self) -> String {
        self.real
            .file_name()
            .expect("checked: the output has a name")
            .to_string_lossy()
            .into_owned()
    }

    /// The folder `.NAME.KIND` beside the output.
    fn beside(&self, kind: &str) -> PathBuf {
        self.parent().join(format!(".{}.{kind}", self.name()))
    }

    /// A temporary folder beside the output: `.NAME.KIND-PID`.
    fn sibling(&self, kind: &str) -> PathBuf {
        self.beside(&format!("{kind}-{}", std::process::id()))
    }

    /// Removes the temporary folders that builds of this output left when
    /// they died (their process is gone), first putting back a previous site
    /// that a build died with aside. Call it holding the root's lock. Returns
    /// a warning for each folder that could not be removed.
    pub fn clean_stale(&self) -> Vec<String> {
        let Ok(entries) = fs::read_dir(self.parent()) else {
            return Vec::new();
        };
        let name = self.name();
        let mut stale: Vec<(bool, PathBuf)> = entries
            .filter_map(|e| {
                let e = e.ok()?;
                let (old, pid) = stale_name(&name, &e.file_name().to_string_lossy())?;
                (!alive(pid)).then(|| (old, e.path()))
            })
            .collect();
        stale.sort();
        let mut warnings = Vec::new();
        if !self.real.exists()
            && let Some((_, aside)) = stale.iter().find(|(old, _)| *old)
        {
            // Two-rename swaps only: a build died between its renames.
            if let Err(e) = fs::rename(aside, &self.real) {
                warnings.push(format!(
                    "cannot put the previous site {} back at {}: {e}",
                    aside.display(),
                    self.real.display()
                ));
            }
        }
        for (_, path) in stale {
            if path.exists()
                && let Err(e) = remove_tree(&path)
            {
                warnings.push(format!(
                    "cannot remove {}, left by a build that stopped: {e}",
                    path.display()
                ));
            }
        }
        warnings
    }

    /// A new staging folder beside the output, holding the marker: the
    /// files added to it are written at once (but those the output, when
    /// ladder wrote it, holds as they are), and [`Output::commit`] swaps it
    /// in.
    pub fn stage(&self) -> Result<Staging> {
        let parent = self.parent();
        fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
        let previous = self.has_marker().then(|| self.real.clone());
        Staging::new(self.sibling("tmp"), previous, self.spare.clone())
    }

    /// Puts `staging` in place of this folder, if all its files were
    /// written (and the folder does not already hold them all). On an error
    /// the previous output is as it was and no temporary folder is left.
    /// Returns warnings: the new site is in place, but something around it
    /// could not be tidied.
    pub fn commit(&self, staging: Staging) -> Result<Vec<String>> {
        let Some(tmp) = staging.finish()? else {
            return Ok(Vec::new());
        };
        let old = match self.swap(&tmp, true) {
            Ok(old) => old,
            Err(e) => {
                let _ = remove_tree(&tmp);
                return Err(e);
            }
        };
        let mut warnings = Vec::new();
        if let Some(old) = old
            && let Err(e) = keep_spare(&old, self.spare.as_deref())
        {
            warnings.push(format!(
                "the new site is in {}, but the previous one, moved to {}, cannot be removed: {e}",
                self.named.display(),
                old.display()
            ));
        }
        Ok(warnings)
    }

    /// Puts the folder `new` where the output is; returns where the previous
    /// output went, if there was one.
    ///
    /// With `exchange` (always, but in a test), one atomic exchange where the
    /// system has it; otherwise two renames.
    fn swap(&self, new: &Path, exchange: bool) -> Result<Option<PathBuf>> {
        let out = &self.real;
        let cannot = || format!("cannot move the new site into {}", out.display());
        match fs::symlink_metadata(out) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                fs::rename(new, out).with_context(cannot)?;
                return Ok(None);
            }
            Err(e) => return Err(e).with_context(cannot),
            Ok(_) => {}
        }
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if exchange {
            use rustix::fs::{CWD, RenameFlags, renameat_with};
            use rustix::io::Errno;
            match renameat_with(CWD, new, CWD, out, RenameFlags::EXCHANGE) {
                // The previous site is now where the new one was written.
                Ok(()) => return Ok(Some(new.to_path_buf())),
                // Not supported here (an old kernel, some file systems).
                Err(Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP) => {}
                Err(e) => return Err(io::Error::from(e)).with_context(cannot),
            }
        }
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let _ = exchange;
        let old = self.sibling("old");
        fs::rename(out, &old)
            .with_context(|| format!("cannot move the previous {} aside", out.display()))?;
        if let Err(e) = fs::rename(new, out) {
            return Err(match fs::rename(&old, out) {
                Ok(()) => anyhow::Error::new(e).context(cannot()),
                Err(back) => anyhow::anyhow!(
                    "{}: {e}; and the previous site, moved to {}, cannot be put back: {back}",
                    cannot(),
                    old.display()
                ),
            });
        }
        Ok(Some(old))
    }
}

/// A path for messages, without a leading `./`.
fn show(path: &Path) -> String {
    let shown = path.display().to_string();
    match shown.strip_prefix("./") {
        Some(rest) if !rest.is_empty() => rest.to_string(),
        _ => shown,
    }
}

/// `(is an "old" folder, pid)` when `file` is a temporary folder of a build
/// of the output `name`.
fn stale_name(name: &str, file: &str) -> Option<(bool, u32)> {
    let rest = file
        .strip_prefix('.')?
        .strip_prefix(name)?
        .strip_prefix('.')?;
    let (old, pid) = if let Some(pid) = rest.strip_prefix("old-") {
        (true, pid)
    } else {
        (false, rest.strip_prefix("tmp-")?)
    };
    if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((old, pid.parse().ok()?))
}

/// Whether another process `pid` is running. Without `/proc` nothing is
/// known, and every such folder is stale: the caller holds the root's lock,
/// so no other build of the root is writing.
fn alive(pid: u32) -> bool {
    pid != std::process::id()
        && Path::new("/proc/self").exists()
        && Path::new("/proc").join(pid.to_string()).exists()
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

/// Held while a build of one root writes: its figures and its site.
#[derive(Debug)]
pub struct RootLock {
    _file: fs::File,
}

/// Locks `root` for one build; when another build holds it, calls `waiting`
/// and waits. `None` when the root does not exist (the build then fails on
/// its missing content) or its file system has no locks.
///
/// On Unix the lock is on the root folder itself, so nothing is written
/// there; elsewhere it is on the file `ROOT/.ladder-lock`.
pub fn lock_root(root: &Path, waiting: &dyn Fn()) -> Result<Option<RootLock>> {
    #[cfg(unix)]
    let file = fs::File::open(root);
    #[cfg(not(unix))]
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(root.join(".ladder-lock"));
    let file = match file {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot lock {}", root.display())),
    };
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            waiting();
            file.lock()
                .with_context(|| format!("cannot lock {}", root.display()))?;
        }
        Err(fs::TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {
            return Ok(None);
        }
        Err(fs::TryLockError::Error(e)) => {
            return Err(e).with_context(|| format!("cannot lock {}", root.display()));
        }
    }
    Ok(Some(RootLock { _file: file }))
}

/// The absolute path `path` names with every symlink resolved, like
/// `realpath -m`: the part past the first missing component is taken as
/// written (a missing folder resolves to where it would be created).
pub fn real_path(path: &Path) -> io::Result<PathBuf> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    };
    resolve(&absolute, 0)
}

fn resolve(absolute: &Path, depth: u32) -> io::Result<PathBuf> {
    let mut out = PathBuf::new();
    let mut missing = false;
    for part in absolute.components() {
        match part {
            Component::Prefix(_) | Component::RootDir => out.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(name) => {
                let next = out.join(name);
                if !missing {
                    match fs::symlink_metadata(&next) {
                        Ok(m) if m.file_type().is_symlink() => {
                            if depth >= 40 {
                                return Err(io::Error::other(format!(
                                    "too many levels of symbolic links at {}",
                                    next.display()
                                )));
                            }
                            let target = fs::read_link(&next)?;
                            out = resolve(&out.join(target), depth + 1)?;
                            continue;
                        }
                        Ok(_) => {}
                        Err(_) => missing = true,
                    }
                }
                out = next;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::staging::Sink as _;

    /// A root with `content/` whose site (`site_files`) ladder has written:
    /// the root, the site's path and its output.
    fn written_site() -> (tempfile::TempDir, PathBuf, Output) {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("content")).unwrap();
        let out = dir.path().join("site");
        let output = Output::check(dir.path(), &out, false).unwrap();
        write(&output, &site_files()).unwrap();
        (dir, out, output)
    }

    /// Writes `files` as a build does: staged, then committed.
    fn write(output: &Output, files: &Files) -> Result<Vec<String>> {
        let staging = output.stage()?;
        for (path, bytes) in &files.0 {
            staging.add(path.clone(), bytes);
        }
        output.commit(staging)
    }

    fn site_files() -> Files {
        let mut files = Files::default();
        files.add("index.html", "new");
        files.add("a/index.html", "page");
        files
    }

    /// Names in `dir` other than `keep`.
    fn others(dir: &Path, keep: &[&str]) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !keep.contains(&n.as_str()))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_the_old_site_entirely_and_marks_it() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("content")).unwrap();
        let out = dir.path().join("site");
        fs::create_dir_all(out.join("stale")).unwrap();
        fs::write(out.join("stale/x.html"), "old").unwrap();
        fs::write(out.join(MARKER), "").unwrap();
        let output = Output::check(dir.path(), &out, false).unwrap();
        assert!(write(&output, &site_files()).unwrap().is_empty());
        assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), "new");
        assert!(!out.join("stale").exists());
        assert!(out.join(MARKER).is_file());
        assert_eq!(
            others(dir.path(), &["content", "site"]),
            Vec::<String>::new()
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_build_that_changes_nothing_leaves_the_site_as_it_was() {
        use std::os::unix::fs::MetadataExt as _;
        let (dir, out, output) = written_site();
        let inode = |path: &str| fs::metadata(out.join(path)).unwrap().ino();
        let before = [inode("."), inode("a/index.html")];
        assert!(write(&output, &site_files()).unwrap().is_empty());
        assert_eq!([inode("."), inode("a/index.html")], before);
        // One page changed: a new folder, the other page linked into it.
        let mut files = site_files();
        files.add("index.html", "newer");
        write(&output, &files).unwrap();
        assert_ne!(inode("."), before[0]);
        assert_eq!(inode("a/index.html"), before[1]);
        assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), "newer");
        // The site replaced is kept (tests/output.rs: written over next).
        assert_eq!(others(dir.path(), &["content", "site"]), [".site.spare"]);
    }

    #[test]
    fn refuses_the_root_what_holds_it_and_what_it_reads() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("r");
        fs::create_dir_all(root.join("content")).unwrap();
        for out in [
            root.clone(),
            root.join("."),
            root.join("content/../"),
            dir.path().to_path_buf(),
            root.join("content"),
            root.join("content/x/y"),
            root.join("templates"),
            root.join("figures/site"),
            PathBuf::from("/"),
        ] {
            let e = Output::check(&root, &out, true).unwrap_err();
            assert!(e.is::<Refused>(), "{}: {e}", out.display());
        }
        assert!(Output::check(&root, &root.join("site"), false).is_ok());
        assert!(Output::check(&root, &dir.path().join("elsewhere/site"), false).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_judged_by_where_it_leads() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("r");
        fs::create_dir_all(root.join("content")).unwrap();
        std::os::unix::fs::symlink(root.join("content"), dir.path().join("link")).unwrap();
        let e = Output::check(&root, &dir.path().join("link"), true).unwrap_err();
        assert!(e.to_string().contains("which ladder reads"), "{e}");
        std::os::unix::fs::symlink(dir.path().join("deploy/site"), root.join("site")).unwrap();
        let out = Output::check(&root, &root.join("site"), false).unwrap();
        assert_eq!(
            out.real,
            real_path(&dir.path().join("deploy/site")).unwrap()
        );
        write(&out, &site_files()).unwrap();
        write(&out, &site_files()).unwrap();
        assert!(
            fs::symlink_metadata(root.join("site"))
                .unwrap()
                .is_symlink()
        );
        assert!(root.join("site/a/index.html").is_file());
        assert_eq!(
            others(&dir.path().join("deploy"), &["site"]),
            Vec::<String>::new()
        );
    }

    #[test]
    fn refuses_a_folder_ladder_did_not_write_unless_told() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("content")).unwrap();
        let out = root.join("out");
        fs::create_dir_all(&out).unwrap();
        assert!(Output::check(root, &out, false).is_ok(), "an empty folder");
        fs::write(out.join("notes.txt"), "mine").unwrap();
        let e = Output::check(root, &out, false).unwrap_err();
        assert!(e.to_string().contains("notes.txt"), "{e}");
        assert!(e.to_string().contains("--replace-output"), "{e}");
        write(&Output::check(root, &out, true).unwrap(), &site_files()).unwrap();
        assert!(!out.join("notes.txt").exists());
        assert!(
            Output::check(root, &out, false).is_ok(),
            "it has the marker now"
        );

        // ROOT/site built before the marker, holding only ladder's files.
        let site = root.join("site");
        fs::create_dir_all(&site).unwrap();
        fs::write(site.join("notes.txt"), "mine").unwrap();
        fs::write(site.join("index.html"), "an old build").unwrap();
        assert!(Output::check(root, &site, false).is_err());
        fs::remove_file(site.join("notes.txt")).unwrap();
        assert!(Output::check(root, &site, false).is_ok());
        fs::write(root.join("file"), "").unwrap();
        assert!(Output::check(root, &root.join("file"), true).is_err());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn stale_names_are_recognised_and_cleaned_the_aside_site_restored() {
        assert_eq!(stale_name("site", ".site.tmp-12"), Some((false, 12)));
        assert_eq!(stale_name("site", ".site.old-7"), Some((true, 7)));
        assert_eq!(stale_name("site", ".site.tmp-"), None);
        assert_eq!(stale_name("site", ".site.tmp-1x"), None);
        assert_eq!(stale_name("site", ".other.tmp-1"), None);
        assert_eq!(stale_name("site", "site.tmp-1"), None);

        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("content")).unwrap();
        let output = Output::check(dir.path(), &dir.path().join("site"), false).unwrap();
        // A build that died between its two renames: no site, the old one aside.
        let dead = dead_pid();
        let aside = dir.path().join(format!(".site.old-{dead}"));
        fs::create_dir_all(&aside).unwrap();
        fs::write(aside.join("index.html"), "previous").unwrap();
        let tmp = dir.path().join(format!(".site.tmp-{dead}"));
        fs::create_dir_all(tmp.join("x")).unwrap();
        let live = dir.path().join(".site.tmp-1");
        fs::create_dir_all(&live).unwrap();
        assert!(output.clean_stale().is_empty());
        assert_eq!(
            fs::read_to_string(dir.path().join("site/index.html")).unwrap(),
            "previous"
        );
        assert!(!tmp.exists() && !aside.exists());
        assert!(live.exists(), "pid 1 is alive: not stale");
    }

    #[cfg(target_os = "linux")]
    fn dead_pid() -> u32 {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    }

    #[test]
    fn a_write_that_fails_leaves_the_old_site_and_no_temporary_folder() {
        let (dir, out, output) = written_site();
        let mut clash = site_files();
        clash.add("a", "a file where a folder is");
        assert!(write(&output, &clash).is_err());
        let mut escape = Files::default();
        escape.add("../x", "");
        assert!(write(&output, &escape).is_err());
        assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), "new");
        assert_eq!(
            others(dir.path(), &["content", "site"]),
            Vec::<String>::new()
        );
    }

    #[test]
    fn the_two_rename_swap_replaces_the_site_too() {
        let (dir, out, output) = written_site();
        let new = dir.path().join("new");
        fs::create_dir_all(&new).unwrap();
        fs::write(new.join("index.html"), "newer").unwrap();
        let old = output.swap(&new, false).unwrap().unwrap();
        assert_eq!(old, output.sibling("old"));
        assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), "newer");
        assert_eq!(fs::read_to_string(old.join("index.html")).unwrap(), "new");
        remove_tree(&old).unwrap();
        // A second rename that fails puts the previous site back.
        let e = output.swap(&dir.path().join("missing"), false).unwrap_err();
        assert!(e.to_string().contains("cannot move the new site"), "{e}");
        assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), "newer");
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_old_site_is_still_replaced() {
        use std::os::unix::fs::PermissionsExt as _;
        let (dir, out, output) = written_site();
        for d in [out.join("a"), out.clone()] {
            fs::set_permissions(&d, fs::Permissions::from_mode(0o555)).unwrap();
        }
        assert!(write(&output, &site_files()).unwrap().is_empty());
        assert_eq!(
            others(dir.path(), &["content", "site"]),
            Vec::<String>::new()
        );
    }

    #[test]
    fn real_paths_resolve_dots_and_missing_parts() {
        let dir = tempfile::tempdir().unwrap();
        let base = real_path(dir.path()).unwrap();
        assert_eq!(
            real_path(&dir.path().join("a/../b/./c")).unwrap(),
            base.join("b/c")
        );
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("x/y", dir.path().join("l")).unwrap();
            assert_eq!(
                real_path(&dir.path().join("l/z")).unwrap(),
                base.join("x/y/z")
            );
            std::os::unix::fs::symlink("loop", dir.path().join("loop")).unwrap();
            assert!(real_path(&dir.path().join("loop")).is_err());
        }
    }

    #[test]
    fn one_build_of_a_root_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let first = lock_root(dir.path(), &|| panic!("nobody holds it")).unwrap();
        assert!(first.is_some());
        let waited = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|s| {
            let second = s.spawn(|| {
                lock_root(dir.path(), &|| {
                    waited.store(true, std::sync::atomic::Ordering::SeqCst)
                })
            });
            std::thread::sleep(std::time::Duration::from_millis(100));
            drop(first);
            assert!(second.join().unwrap().unwrap().is_some());
        });
        assert!(waited.load(std::sync::atomic::Ordering::SeqCst));
        assert!(
            lock_root(&dir.path().join("nothing"), &|| {})
                .unwrap()
                .is_none()
        );
    }
}
