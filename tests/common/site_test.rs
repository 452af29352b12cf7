//! [`SiteTest`]: a project root in a temporary folder (a fixture's copy, or
//! empty), written and edited, then run with the real binary, as mdBook's
//! `BookTest` does for books.

use super::{Run, Tree, fixture, ladder, leftovers, tree};
use std::path::{Path, PathBuf};

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
        self.put(path, text);
        self
    }

    /// Writes `text` to `path` under the root, making its folders, in the
    /// middle of a test ([`SiteTest::write`] while building the fixture).
    pub fn put(&self, path: &str, text: &str) {
        let path = self.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
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
    pub fn built(self) -> SiteTest {
        self.built_with(&[])
    }

    /// [`SiteTest::built`] with `flags` after `ladder build`.
    pub fn built_with(mut self, flags: &[&str]) -> SiteTest {
        let run = self.run(&[&["build"], flags].concat());
        assert_eq!(run.code, 0, "{}", run.stderr);
        self.site = Some(tree(&self.path().join("site")));
        self
    }

    /// The files of the site the last [`SiteTest::built`] wrote.
    pub fn site(&self) -> &Tree {
        self.site.as_ref().expect("the site is built")
    }

    /// The text of `site/PAGE` as the last build left it.
    pub fn read(&self, page: &str) -> String {
        std::fs::read_to_string(self.path().join("site").join(page))
            .unwrap_or_else(|e| panic!("{page}: {e}"))
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

    /// Runs `ladder ARGS`, expecting exit `code`, each of `needles` in
    /// stderr, the project (site included) unchanged and no temporary folder
    /// beside the site or the project.
    pub fn fails(&self, args: &[&str], code: i32, needles: &[&str]) {
        let dir = self.path();
        let before = tree(dir);
        let run = self.run(args);
        assert_eq!(run.code, code, "{args:?}: {}", run.stderr);
        for needle in needles {
            assert!(
                run.stderr.contains(needle),
                "{args:?}: expected {needle:?} in:\n{}",
                run.stderr
            );
        }
        assert!(before == tree(dir), "{args:?} changed the project");
        // Beside the project, only its own: other processes may be building
        // into the same system temporary folder.
        let own = format!(".{}.", dir.file_name().unwrap().to_string_lossy());
        let beside: Vec<PathBuf> = leftovers(&[dir.parent().unwrap()])
            .into_iter()
            .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(&own))
            .collect();
        assert_eq!(leftovers(&[dir]), Vec::<PathBuf>::new());
        assert_eq!(beside, Vec::<PathBuf>::new());
    }
}
