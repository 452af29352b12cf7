//! Helpers every integration test uses: a fixture site copied to a temporary
//! folder, the real binary run in it, a folder's files read back, and
//! [`SiteTest`], which puts them together.
// Each test crate compiles its own copy and uses part of it.
#![allow(dead_code, unused_imports)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

pub mod cluster;
pub mod proxy;
pub mod servers;
mod site_test;
pub use site_test::SiteTest;

/// Every file of a folder, by relative path.
pub type Tree = BTreeMap<PathBuf, Vec<u8>>;

/// A copy of `tests/fixtures/NAME` in a temporary folder.
pub fn fixture(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    copy_tree(&from, dir.path());
    dir
}

/// Copies every file and folder under `from` (when it exists) to the same
/// place under `to`.
pub fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from)
        .into_iter()
        .filter_map(Result::ok)
    {
        let at = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&at).unwrap();
        } else {
            std::fs::copy(entry.path(), &at).unwrap();
        }
    }
}

/// Rewrites the file at `path` with `change` of its text.
pub fn edit(path: &Path, change: impl FnOnce(String) -> String) {
    let text = std::fs::read_to_string(path).unwrap();
    std::fs::write(path, change(text)).unwrap();
}

/// What a run of the binary did.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `ladder ARGS` in `cwd`.
pub fn ladder(args: &[&str], cwd: &Path) -> Run {
    ladder_with_env(args, cwd, &[])
}

/// The command `ladder ARGS` in `cwd` with `env` added to the environment.
pub fn ladder_command(args: &[&str], cwd: &Path, env: &[(String, String)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ladder"));
    command
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .current_dir(cwd);
    command
}

/// Runs `ladder ARGS` in `cwd` with `env` added to the environment.
pub fn ladder_with_env(args: &[&str], cwd: &Path, env: &[(String, String)]) -> Run {
    let out = ladder_command(args, cwd, env).output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into(),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

impl servers::Server {
    /// Runs `ladder ARGS --store URL` in `site` with the store's environment.
    pub fn ladder(&self, site: &Path, args: &[&str]) -> Run {
        self.ladder_with(site, args, &self.env)
    }

    /// Runs `ladder ARGS --store URL` in `site` with `env` instead of the
    /// store's environment.
    pub fn ladder_with(&self, site: &Path, args: &[&str], env: &[(String, String)]) -> Run {
        let args: Vec<&str> = args.iter().copied().chain(["--store", &self.url]).collect();
        ladder_with_env(&args, site, env)
    }
}

/// The warnings and errors a run printed (not its progress lines).
pub fn warnings(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.starts_with("warning:") || l.starts_with("error:"))
        .collect()
}

/// Builds `site`, expecting success: what it printed.
pub fn built(run: &Run) -> &Run {
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    run
}

/// Asserts that a run succeeded and warned of nothing (its progress lines
/// aside).
pub fn quiet(run: &Run) -> &Run {
    assert!(
        run.code == 0 && warnings(&run.stderr).is_empty(),
        "{}\n{}",
        run.stdout,
        run.stderr
    );
    run
}

/// The figures a build reports computed and fetched: "N figures computed,
/// M reused (K from the figure store)".
pub fn counts(run: &Run) -> (usize, usize) {
    let line = run.stdout.lines().next().unwrap_or_default();
    let number_before = |what: &str| -> usize {
        let at = line
            .find(what)
            .unwrap_or_else(|| panic!("{what} in {line}"));
        line[..at]
            .trim_end()
            .rsplit([' ', '('])
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let fetched = if line.contains("from the figure store") {
        number_before("from the figure store")
    } else {
        0
    };
    (number_before("figures computed"), fetched)
}

/// The site a plain build of `tests/fixtures/NAME` writes, with no store.
pub fn local_site(name: &str) -> Tree {
    let site = fixture(name);
    built(&ladder(&["build"], site.path()));
    tree(&site.path().join("site"))
}

/// Every file under `dir` (following no symlinks), by relative path.
pub fn tree(dir: &Path) -> Tree {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(dir).unwrap().to_path_buf(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// The temporary folders of builds (`.NAME.tmp-PID`, `.NAME.old-PID`) in `dirs`.
pub fn leftovers(dirs: &[&Path]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for dir in dirs {
        for entry in std::fs::read_dir(dir).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.starts_with('.') && (name.contains(".tmp-") || name.contains(".old-")) {
                found.push(dir.join(name));
            }
        }
    }
    found
}

/// An essay on `ladder` at `rung`, of one line of text.
pub fn essay(ladder: &str, rung: u32) -> String {
    format!("+++\ntitle = \"Essay {rung}\"\nladder = \"{ladder}\"\nrung = {rung}\n+++\n\nText.\n")
}

/// The first line of prose of the basic fixture's `demo/one.md`.
pub const FIRST_LINE: &str = "A 2 × 3 board with its middle column blocked has two parts.";
