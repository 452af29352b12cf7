//! Step 3 of the output, swap: the staging folder put in place of the
//! output ([`Output::commit`]), only when all of it was written, keeping
//! the site it replaced as the spare when the output has one (on Linux, for
//! an output in the project) and removing it otherwise. On Linux the swap
//! is one `renameat2(RENAME_EXCHANGE)`, so there is no moment without a
//! site; elsewhere it is two renames, and a build that dies between them
//! leaves the previous site aside, which the next build puts back
//! ([`Output::clean_stale`]). An output folder that is a symlink (to a
//! deploy folder, say) stays one: the swap happens at the link's target.
//!
//! It imports the steps before it ([`super::check`], [`super::stage`]), the
//! [`super::spare`] it keeps and [`super::sink`].

use super::check::Output;
use super::sink::remove_tree;
use super::stage::Staging;
use anyhow::{Context as _, Result};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

impl Output {
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
        let Some(old) = old else {
            return Ok(Vec::new());
        };
        let kept = match &self.spare {
            Some(spare) => spare.keep(&old),
            None => remove_tree(&old),
        };
        Ok(match kept {
            Ok(()) => Vec::new(),
            Err(e) => vec![format!(
                "the new site is in {}, but the previous one, moved to {}, cannot be removed: {e}",
                self.named.display(),
                old.display()
            )],
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::output::check::{Refused, real_path};
    use crate::site::output::marker::MARKER;
    use crate::site::output::sink::{Files, Sink as _};

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
        let (_dir, out, output) = written_site();
        let mut files = Files::default();
        files.add("index.html", "new");
        files.add("b/index.html", "other");
        assert!(write(&output, &files).unwrap().is_empty());
        assert_eq!(
            fs::read_to_string(out.join("b/index.html")).unwrap(),
            "other"
        );
        assert!(!out.join("a").exists());
        let marker = fs::read_to_string(out.join(MARKER)).unwrap();
        let hash = blake3::hash(b"other").to_hex();
        assert!(
            marker.contains(&format!("\n{hash} \"b/index.html\"\n")),
            "{marker}"
        );
        assert_eq!(marker.lines().filter(|l| l.contains(" \"")).count(), 2);
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

        // A site/ of hand-written pages: nothing is taken for ladder's.
        let site = root.join("site");
        fs::create_dir_all(site.join("a")).unwrap();
        fs::write(site.join("index.html"), "mine").unwrap();
        fs::write(site.join("a/index.html"), "mine too").unwrap();
        let e = Output::check(root, &site, false).unwrap_err();
        assert!(e.to_string().contains("a/index.html, index.html"), "{e}");
        remove_tree(&site).unwrap();

        // A site ladder wrote, copied with its marker into a folder holding
        // more; or one of its files edited by hand.
        write(&Output::check(root, &site, false).unwrap(), &site_files()).unwrap();
        assert!(Output::check(root, &site, false).is_ok());
        let www = root.join("www");
        fs::create_dir_all(www.join("app")).unwrap();
        fs::write(www.join("app/main.js"), "theirs").unwrap();
        fs::write(www.join("robots.txt"), "theirs").unwrap();
        for entry in walkdir::WalkDir::new(&site).min_depth(1) {
            let entry = entry.unwrap();
            let to = www.join(entry.path().strip_prefix(&site).unwrap());
            if entry.file_type().is_dir() {
                fs::create_dir_all(to).unwrap();
            } else {
                fs::copy(entry.path(), to).unwrap();
            }
        }
        let e = Output::check(root, &www, false).unwrap_err();
        assert!(e.to_string().contains("(app/main.js, robots.txt)"), "{e}");
        assert!(e.to_string().contains("copied here"), "{e}");
        fs::write(site.join("index.html"), "edited").unwrap();
        let e = Output::check(root, &site, false).unwrap_err();
        assert!(e.to_string().contains("(index.html)"), "{e}");
        fs::write(root.join("file"), "").unwrap();
        assert!(Output::check(root, &root.join("file"), true).is_err());
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
}
