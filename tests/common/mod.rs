//! Helpers every integration test uses: a fixture site copied to a temporary
//! folder, the real binary run in it, and a folder's files read back.
// Each test crate compiles its own copy and uses part of it.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A copy of `tests/fixtures/NAME` in a temporary folder.
pub fn fixture(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    for entry in walkdir::WalkDir::new(&from) {
        let entry = entry.unwrap();
        let to = dir.path().join(entry.path().strip_prefix(&from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).unwrap();
        } else {
            std::fs::copy(entry.path(), &to).unwrap();
        }
    }
    dir
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
    let out = Command::new(env!("CARGO_BIN_EXE_ladder"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into(),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

/// Every file under `dir` (following no symlinks), by relative path.
pub fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
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

/// Edits `file` of a built fixture with `from` -> `to`, rebuilds and expects
/// exit 1, an error at `file:line` mentioning `message`, and the old site kept.
pub fn fails_at(file: &str, from: &str, to: &str, line: usize, message: &str) {
    let dir = fixture("basic");
    assert_eq!(ladder(&["build"], dir.path()).code, 0);
    let before = tree(&dir.path().join("site"));
    let path = dir.path().join("content/demo").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "fixture lacks {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    let at = format!("content/demo/{file}:{line}:");
    assert!(
        run.stderr.contains(&at),
        "expected {at} in:\n{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(message),
        "expected {message:?} in:\n{}",
        run.stderr
    );
    assert_eq!(
        before,
        tree(&dir.path().join("site")),
        "the old site changed"
    );
    let check = ladder(&["check"], dir.path());
    assert_eq!(check.code, 1);
}

pub const FIRST_LINE: &str = "A 2 × 3 board with its middle column blocked has two parts.";

/// The fixture with `from` -> `to` in `one.md`, and its build.
pub fn build_edited(from: &str, to: &str) -> (tempfile::TempDir, Run) {
    let dir = fixture("basic");
    let path = dir.path().join("content/demo/one.md");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "fixture lacks {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    let run = ladder(&["build"], dir.path());
    (dir, run)
}

/// The page of `one.md` built with `from` -> `to` in it.
pub fn page_with(from: &str, to: &str) -> String {
    let (dir, run) = build_edited(from, to);
    assert_eq!(run.code, 0, "{}", run.stderr);
    std::fs::read_to_string(dir.path().join("site/demo/one/index.html")).unwrap()
}
