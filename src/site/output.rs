//! Writing the site: every file goes into a temporary folder beside the
//! output, which is swapped in only when all of it was written. A failed build
//! leaves the previous output byte for byte as it was.

use anyhow::{Context as _, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The files of a site, by path relative to its root.
#[derive(Default)]
pub struct Files(pub BTreeMap<PathBuf, Vec<u8>>);

impl Files {
    pub fn add(&mut self, path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) {
        self.0.insert(path.into(), bytes.into());
    }
}

/// Writes `files` as the folder `out`, replacing what was there.
pub fn write_atomically(out: &Path, files: &Files) -> Result<()> {
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "site".into());
    let tmp = parent.join(format!(".{name}.tmp-{}", std::process::id()));
    let old = parent.join(format!(".{name}.old-{}", std::process::id()));
    let written = write_all(&tmp, files);
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(e);
    }
    if out.exists() {
        std::fs::rename(out, &old)
            .with_context(|| format!("cannot move the old {} aside", out.display()))?;
    }
    if let Err(e) = std::fs::rename(&tmp, out) {
        // Put the old site back before reporting.
        let _ = std::fs::rename(&old, out);
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(e).with_context(|| format!("cannot move the new site into {}", out.display()));
    }
    if old.exists() {
        std::fs::remove_dir_all(&old)
            .with_context(|| format!("cannot remove {}", old.display()))?;
    }
    Ok(())
}

fn write_all(root: &Path, files: &Files) -> Result<()> {
    if root.exists() {
        std::fs::remove_dir_all(root)?;
    }
    for (path, bytes) in &files.0 {
        let full = root.join(path);
        if let Some(dir) = full.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        std::fs::write(&full, bytes).with_context(|| format!("cannot write {}", full.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_old_site_entirely() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        std::fs::create_dir_all(out.join("stale")).unwrap();
        std::fs::write(out.join("stale/x.html"), "old").unwrap();
        let mut files = Files::default();
        files.add("index.html", "new");
        write_atomically(&out, &files).unwrap();
        assert_eq!(
            std::fs::read_to_string(out.join("index.html")).unwrap(),
            "new"
        );
        assert!(!out.join("stale").exists());
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "temporary folders left behind");
    }
}
