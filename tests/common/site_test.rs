//! [`SiteTest`]: a project root in a temporary folder (a fixture's copy, or
//! empty), written and edited, then run with the real binary, as mdBook's
//! `BookTest` does for books.

use super::{Run, Tree, fixture, ladder, tree};
use std::path::Path;

/// A project root in a temporary folder, and the site its last
/// [`SiteTest::built`] wrote.
pub struct SiteTest {
    dir: tempfile::TempDir,
    /// The files of `site/` after [`SiteTest::built`], which a failing build
    /// must leave as they were.
    site: Option<Tree>,
}

impl SiteTest {
    /// A copy of `tests/fixtures/NAME`.
    pub fn fixture(name: &str) -> SiteTest {
        SiteTest {
            dir: fixture(name),
            site: None,
        }
    }

    /// A copy of `tests/fixtures/basic`: one ladder, `demo`, of two essays
    /// (`demo/one.md` with a figure `b`, `demo/two.md` with a figure `c`).
    pub fn basic() -> SiteTest {
        SiteTest::fixture("basic")
    }

    /// An empty root.
    pub fn empty() -> SiteTest {
        SiteTest {
            dir: tempfile::tempdir().unwrap(),
            site: None,
        }
    }

    /// The root.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes `text` to `path` under the root, making its folders.
    pub fn write(self, path: &str, text: &str) -> SiteTest {
        let path = self.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        self
    }

    /// Replaces the first `from` in `content/ESSAY` by `to`; `from` must be
    /// there.
    pub fn edit(self, essay: &str, from: &str, to: &str) -> SiteTest {
        let path = self.path().join("content").join(essay);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{essay} lacks {from:?}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        self
    }

    /// Runs `ladder ARGS` in the root.
    pub fn run(&self, args: &[&str]) -> Run {
        ladder(args, self.path())
    }

    /// Runs `ladder build`.
    pub fn build(&self) -> Run {
        self.run(&["build"])
    }

    /// Builds, expecting success, and remembers the site written, which
    /// [`SiteTest::expect_error_at`] then expects kept.
    pub fn built(mut self) -> SiteTest {
        let run = self.build();
        assert_eq!(run.code, 0, "{}", run.stderr);
        self.site = Some(tree(&self.path().join("site")));
        self
    }

    /// The page at `site/PAGE` of a build, which must succeed.
    pub fn page(&self, page: &str) -> String {
        let run = self.build();
        assert_eq!(run.code, 0, "{}", run.stderr);
        std::fs::read_to_string(self.path().join("site").join(page)).unwrap()
    }

    /// Builds, expecting exit 1 with an error at `content/ESSAY:LINE`
    /// mentioning `message`, the site of the last [`SiteTest::built`] kept
    /// (or none written), and `ladder check` failing too.
    pub fn expect_error_at(&self, essay: &str, line: usize, message: &str) {
        let run = self.build();
        assert_eq!(run.code, 1, "{}", run.stderr);
        let at = format!("content/{essay}:{line}:");
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
        let site = self.path().join("site");
        match &self.site {
            Some(before) => assert_eq!(before, &tree(&site), "the old site changed"),
            None => assert!(!site.exists(), "a failed build wrote a site"),
        }
        assert_eq!(self.run(&["check"]).code, 1);
    }
}
