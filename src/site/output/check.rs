//! Step 1 of the output, check: whether a folder may be replaced by the
//! site, before the build does any work.
//!
//! [`Output::check`] refuses an output folder that is the project root,
//! holds it, or lies in `content/`, `templates/` or `figures/`, and one that
//! holds files ladder did not write: every site ladder writes carries the
//! marker file [`MARKER`], listing every file the build wrote with its
//! hash, and a non-empty folder holding any file its marker does not list
//! as it is (or with no marker) is replaced only when the user asks
//! (`--replace-output`). [`lock_root`] lets one build of a root write at a
//! time; a second waits. [`Output::clean_stale`] removes the temporary
//! folders of builds that died.
//!
//! It imports `marker`, [`super::sink`] and `spare` (the strategy it picks
//! for an output in the project); the stage and the swap import it.

use super::marker::{self, MARKER};
use super::sink::remove_tree;
use super::spare::Spare;
use anyhow::{Context as _, Result};
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

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
    pub(super) spare: Option<Spare>,
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
        out.spare = keeps_spare.then(|| Spare::at(out.beside("spare")));
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
        if replace || fs::read_dir(&out.real).is_ok_and(|mut e| e.next().is_none()) {
            return Ok(out);
        }
        let foreign = marker::foreign(&out.real)
            .with_context(|| format!("cannot read {}", out.real.display()))?;
        if foreign.is_empty() {
            return Ok(out);
        }
        refuse(foreign_files(&foreign, out.has_marker()))
    }

    pub(super) fn has_marker(&self) -> bool {
        fs::symlink_metadata(self.real.join(MARKER)).is_ok_and(|m| m.is_file())
    }

    pub(super) fn parent(&self) -> &Path {
        self.real
            .parent()
            .expect("checked: the output has a parent")
    }

    pub(super) fn name(&self) -> String {
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
    pub(super) fn sibling(&self, kind: &str) -> PathBuf {
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
}

/// Why an output folder holding the `foreign` files (and a marker, when
/// `marked`) is refused.
fn foreign_files(foreign: &[PathBuf], marked: bool) -> String {
    let more = if foreign.len() > 3 { ", ..." } else { "" };
    let names: Vec<String> = foreign.iter().take(3).map(|p| show(p)).collect();
    let unlisted = if marked {
        format!(
            "that its {MARKER} file does not list as ladder wrote them (it may have been \
             copied here with a site ladder wrote elsewhere)"
        )
    } else {
        format!("and no {MARKER} file")
    };
    format!(
        "holds files that ladder did not write ({}{more}) {unlisted}; ladder replaces its output \
         folder entirely, so it refuses to delete them. Choose another --output-dir, empty the \
         folder, or pass --replace-output to replace it anyway",
        names.join(", ")
    )
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
                    waited.store(true, std::sync::atomic::Ordering::SeqCst);
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
