//! The site's sources watched for changes: `content/` and `templates/`
//! deeply, the root shallowly, each source folder attached anew when it
//! comes, goes or is replaced.
//!
//! It imports only the figures' [`Progress`], to say what it watches.

use crate::figures::Progress;
use anyhow::{Context as _, Result};
use notify::{RecommendedWatcher, RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// How long a change must be quiet before a rebuild starts.
const DEBOUNCE: Duration = Duration::from_millis(15);
/// The source folders under the root, each watched deeply.
const SOURCE_DIRS: [&str; 2] = ["content", "templates"];
/// The settings file at the root, also a source.
const SETTINGS: &str = "ladder.toml";

/// The site's sources as watched: the root shallowly, to see the source
/// folders and the settings file come and go, and each source folder deeply.
pub(super) struct Sources {
    root: PathBuf,
    watcher: RecommendedWatcher,
    /// The source paths of each change (all the source folders after an
    /// overflow or a watcher error, to attach them anew).
    changes: mpsc::Receiver<Vec<PathBuf>>,
}

impl Sources {
    pub(super) fn watch(root: &Path) -> Result<Sources> {
        // Events name paths under the folder watched as the system knows it:
        // absolute, every symlink resolved. A root given as `.` is compared
        // with them as they are.
        let root = &std::fs::canonicalize(root)
            .with_context(|| format!("cannot watch {}", root.display()))?;
        let dirs = SOURCE_DIRS.map(|d| root.join(d));
        let settings = root.join(SETTINGS);
        let (tx, changes) = mpsc::channel();
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let paths: Vec<PathBuf> = match event {
                Ok(e) if e.need_rescan() => dirs.to_vec(),
                Ok(e) if e.kind.is_access() => return,
                Ok(e) => e
                    .paths
                    .into_iter()
                    .filter(|p| *p == settings || dirs.iter().any(|d| p.starts_with(d)))
                    .collect(),
                Err(_) => dirs.to_vec(),
            };
            if !paths.is_empty() {
                let _ = tx.send(paths);
            }
        })
        .context("cannot watch files")?;
        let mut sources = Sources {
            root: root.clone(),
            watcher,
            changes,
        };
        sources
            .watcher
            .watch(root, RecursiveMode::NonRecursive)
            .with_context(|| format!("cannot watch {}", root.display()))?;
        for dir in SOURCE_DIRS.map(|d| root.join(d)) {
            sources
                .attach(&dir)
                .with_context(|| format!("cannot watch {}", dir.display()))?;
        }
        Ok(sources)
    }

    /// Watches `dir` deeply, anew: its old watch (if any) may follow a
    /// folder renamed away, or be gone with a removed one.
    fn attach(&mut self, dir: &Path) -> notify::Result<()> {
        let _ = self.watcher.unwatch(dir);
        if dir.is_dir() {
            self.watcher.watch(dir, RecursiveMode::Recursive)
        } else {
            Ok(())
        }
    }

    /// Waits for a change to the sources and for quiet after it, attaching
    /// anew to each source folder that came, went or was replaced; false
    /// once the watcher has stopped.
    pub(super) fn changed(&mut self, progress: &dyn Progress) -> bool {
        let Ok(mut paths) = self.changes.recv() else {
            return false;
        };
        while let Ok(more) = self.changes.recv_timeout(DEBOUNCE) {
            paths.extend(more);
        }
        for dir in SOURCE_DIRS.map(|d| self.root.join(d)) {
            if paths.contains(&dir)
                && let Err(e) = self.attach(&dir)
            {
                progress.say(&format!("error: cannot watch {}: {e}", dir.display()));
            }
        }
        true
    }
}
