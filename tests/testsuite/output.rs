//! Never destroying a user's files: which output folders `ladder build`
//! refuses, how the new site is swapped in and which essay file names can be
//! pages. Every failing case checks the exit
//! code, that the message names the file (and line), that the previous site is
//! unchanged and that no temporary folder is left. And the output itself:
//! two builds write the same bytes, and `ladder check` writes nothing.

use crate::common::{SiteTest, essay, ladder, leftovers, tree};
use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn two_builds_are_byte_identical() {
    let (a, b) = (SiteTest::basic(), SiteTest::basic());
    assert_eq!(ladder(&["build"], a.path()).code, 0);
    assert_eq!(ladder(&["build"], b.path()).code, 0);
    let (ta, tb) = (tree(&a.path().join("site")), tree(&b.path().join("site")));
    assert!(ta.len() > 5);
    // Search's index too, built by each process anew.
    assert!(ta.keys().any(|p| p.starts_with("pagefind/index")));
    assert_eq!(ta.keys().collect::<Vec<_>>(), tb.keys().collect::<Vec<_>>());
    for (path, bytes) in &ta {
        assert!(
            bytes == &tb[path],
            "{} differs between builds",
            path.display()
        );
    }
}

#[test]
fn unwritable_exits_three() {
    let dir = SiteTest::basic();
    // A file where the output's parent folder must go.
    std::fs::write(dir.path().join("plain-file"), "").unwrap();
    let run = ladder(&["build", "--output-dir", "plain-file/site"], dir.path());
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(
        run.stderr.contains("error: cannot") && run.stderr.contains("plain-file"),
        "{}",
        run.stderr
    );
    assert!(!dir.path().join("site").exists());
}

#[test]
fn check_writes_nothing() {
    let dir = SiteTest::basic();
    let run = ladder(&["check"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!dir.path().join("site").exists());
    assert!(!dir.path().join("figures").exists());
}

#[test]
fn refuses_folder_holding_project() {
    let dir = SiteTest::basic().built();
    let root = dir.path().to_str().unwrap();
    for (out, why) in [
        (".", "is the project root"),
        (root, "is the project root"),
        ("content/..", "is the project root"),
        ("..", "contains the project root"),
        ("content", "is content, which ladder reads"),
        ("content/demo", "lies inside content"),
        ("templates", "is templates, which ladder reads"),
        ("figures", "is figures, which ladder reads"),
        ("figures/site", "lies inside figures"),
    ] {
        dir.fails(
            &["build", "--output-dir", out, "--replace-output"],
            2,
            &["error: the output folder", why],
        );
    }
    dir.fails(
        &["build", "--output-dir", "content/demo/one.md"],
        2,
        &["lies inside content"],
    );
    std::fs::write(dir.path().join("notes"), "mine").unwrap();
    dir.fails(
        &["build", "--output-dir", "notes", "--replace-output"],
        2,
        &["exists and is not a folder"],
    );
}

#[test]
fn foreign_folder_replaced_only_when_asked() {
    let dir = SiteTest::basic().built();
    let other = SiteTest::empty();
    let out = other.path().join("www");
    other.put("www/notes.txt", "mine");
    other.put("www/photos/a.jpg", "jpeg");
    let out_arg = out.to_str().unwrap();
    let mine = tree(&out);
    dir.fails(
        &["build", "--output-dir", out_arg],
        2,
        &[
            "notes.txt",
            "photos",
            "no .ladder-output file",
            "--replace-output",
        ],
    );
    assert!(mine == tree(&out), "the folder changed");
    assert_eq!(leftovers(&[other.path()]), Vec::<PathBuf>::new());

    let run = ladder(
        &["build", "--output-dir", out_arg, "--replace-output"],
        dir.path(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(out.join(".ladder-output").is_file());
    assert!(out.join("demo/one/index.html").is_file());
    assert!(!out.join("notes.txt").exists());
    // Now ladder wrote it: no flag needed.
    let run = ladder(&["build", "--output-dir", out_arg], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(leftovers(&[other.path()]), Vec::<PathBuf>::new());
}

#[test]
fn hand_written_site_kept() {
    // A site/ of pages an author wrote, shaped as ladder's: no site ladder
    // wrote is recognised without its marker (issue 44, S5).
    let dir = SiteTest::basic();
    dir.put("site/index.html", "my home page");
    dir.put("site/demo/one/index.html", "my page");
    dir.fails(
        &["build"],
        2,
        &[
            "error: the output folder site (which is ",
            "holds files that ladder did not write (demo/one/index.html, index.html) and no \
             .ladder-output file",
            "--replace-output",
        ],
    );
    assert_eq!(leftovers(&[dir.path()]), Vec::<PathBuf>::new());
    let run = ladder(&["build", "--replace-output"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(dir.path().join("site/.ladder-output").is_file());
}

#[test]
fn copied_marker_proves_nothing() {
    // A deploy folder holding another app, into which a site ladder wrote
    // was copied with its marker (`cp -a site/. www/`; issue 44, H1).
    let dir = SiteTest::basic().built();
    let www = dir.path().join("www");
    dir.put("www/robots.txt", "User-agent: *");
    dir.put("www/app/index.html", "another app");
    let copied = Command::new("cp")
        .args(["-a", "site/.", "www/"])
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(copied.success());
    assert!(www.join(".ladder-output").is_file());
    dir.fails(
        &["build", "--output-dir", "www"],
        2,
        &[
            "holds files that ladder did not write (app/index.html, robots.txt)",
            "copied here",
            "--replace-output",
        ],
    );
    // A page of the site edited by hand is not ladder's either.
    dir.put("site/demo/index.html", "edited by hand");
    dir.fails(&["build"], 2, &["(demo/index.html)"]);
    // The ordinary rebuild, and --replace-output, still replace.
    let run = ladder(&["build", "--replace-output"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = ladder(
        &["build", "--output-dir", "www", "--replace-output"],
        dir.path(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!www.join("robots.txt").exists());
}

#[test]
fn output_dir_dot() {
    let dir = SiteTest::basic();
    let other = tempfile::tempdir().unwrap();
    let out = other.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let run = ladder(
        &[
            "build",
            "--root",
            dir.path().to_str().unwrap(),
            "--output-dir",
            ".",
        ],
        &out,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(out.join("demo/one/index.html").is_file());
    assert_eq!(leftovers(&[other.path(), &out]), Vec::<PathBuf>::new());
}

#[test]
fn empty_or_dot_names_refused() {
    let dir = SiteTest::basic().built();
    for name in ["...md", "..md", ".md"] {
        let path = dir.path().join("content/demo").join(name);
        dir.put(&format!("content/demo/{name}"), &essay("demo", 7));
        let at = format!("content/demo/{name}:1:1: error: the file name `{name}` cannot be a page");
        dir.fails(&["build"], 1, &[&at]);
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn colliding_pages_refused() {
    let dir = SiteTest::basic().built();
    // (the new file, its ladder, the file the error is at, what it says)
    let cases = [
        (
            "demo/index.html.md",
            "demo",
            "demo/index.html.md",
            "the site has the file demo/index.html, the page of the ladder `demo`",
        ),
        (
            "fonts/OFL.txt.md",
            "fonts",
            "fonts/OFL.txt.md",
            "the site has the file fonts/OFL.txt, which every site carries",
        ),
        (
            "demo/One.md",
            "demo",
            "demo/one.md",
            "essays ./content/demo/One.md and ./content/demo/one.md would both be at demo/one \
             on a file system that ignores letter case",
        ),
        (
            "elsewhere/one.md",
            "demo",
            "elsewhere/one.md",
            "essays ./content/demo/one.md and ./content/elsewhere/one.md would both be at demo/one",
        ),
        // `é` composed (in `café.md`, added first) and decomposed.
        (
            "demo/cafe\u{301}.md",
            "demo",
            "demo/caf\u{e9}.md",
            "how accents are composed (macOS)",
        ),
        (
            "demo/x\u{202e}dm.exe.md",
            "demo",
            "demo/x\u{202e}dm.exe.md",
            "holds the bidirectional control U+202E",
        ),
    ];
    dir.put("content/demo/caf\u{e9}.md", &essay("demo", 4));
    for (file, ladder, at, needle) in cases {
        let path = dir.path().join("content").join(file);
        dir.put(&format!("content/{file}"), &essay(ladder, 3));
        dir.fails(
            &["build"],
            1,
            &[&format!("content/{at}:1:1: error:"), needle],
        );
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn odd_file_names_reach_pages() {
    let dir = SiteTest::basic();
    let names = [
        "a#b",
        "a?b",
        "pct%2e",
        "two words",
        "café",
        ".hidden",
        "x&y",
    ];
    for (rung, name) in (10..).zip(names) {
        dir.put(&format!("content/demo/{name}.md"), &essay("demo", rung));
    }
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = dir.path().join("site");
    let pages: Vec<PathBuf> = tree(&site)
        .into_keys()
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    let mut checked = 0;
    for page in &pages {
        let html = std::fs::read_to_string(site.join(page)).unwrap();
        for href in html
            .split("href=\"")
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
        {
            let href = href.split('#').next().unwrap();
            if href.is_empty() || href.contains("://") {
                continue;
            }
            assert!(
                !href.contains(['?', ' ']),
                "{href} in {} is not encoded",
                page.display()
            );
            let decoded = percent_encoding::percent_decode_str(href)
                .decode_utf8()
                .unwrap()
                .replace("&amp;", "&")
                .replace("&#x2F;", "/");
            let mut target = page.parent().unwrap().to_path_buf();
            for part in decoded.split('/') {
                match part {
                    "" | "." => {}
                    ".." => assert!(target.pop(), "{href} leaves the site"),
                    p => target.push(p),
                }
            }
            if decoded.ends_with('/') || decoded.is_empty() {
                target.push("index.html");
            }
            assert!(
                site.join(&target).is_file(),
                "{href} in {} reaches nothing ({})",
                page.display(),
                target.display()
            );
            checked += 1;
        }
    }
    let ladder_page = std::fs::read_to_string(site.join("demo/index.html")).unwrap();
    for encoded in [
        "a%23b/",
        "a%3Fb/",
        "pct%252e/",
        "two%20words/",
        "caf%C3%A9/",
    ] {
        assert!(
            ladder_page.contains(encoded),
            "no {encoded} in the ladder page"
        );
    }
    assert!(checked > 40, "only {checked} links checked");
}

#[test]
fn byte_order_mark_accepted() {
    let dir = SiteTest::basic();
    let path = dir.path().join("content/demo/two.md");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let page = std::fs::read_to_string(dir.path().join("site/demo/two/index.html")).unwrap();
    assert!(page.contains("Second section"));

    // Errors past it are at their line.
    std::fs::write(
        &path,
        format!("\u{feff}{}", text.replace("rung = 2", "rung = \"2\"")),
    )
    .unwrap();
    dir.fails(&["build"], 1, &["content/demo/two.md:4:", "front matter"]);
}

#[test]
fn concurrent_builds_take_turns() {
    let dir = SiteTest::basic().built();
    let running: Vec<_> = (0..4)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_ladder"))
                .args(["build", "--force"])
                .current_dir(dir.path())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in running {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(dir.path().join("site/.ladder-output").is_file());
    assert!(dir.path().join("site/demo/one/index.html").is_file());
    assert_eq!(leftovers(&[dir.path()]), Vec::<PathBuf>::new());
}

#[cfg(unix)]
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[cfg(unix)]
#[test]
fn dead_builds_temporaries_removed() {
    let dir = SiteTest::basic().built();
    let dead = dead_pid();
    for kind in ["tmp", "old"] {
        dir.put(&format!(".site.{kind}-{dead}/index.html"), "x");
    }
    // This test's own process is alive: its folder is not stale.
    let live = dir.path().join(format!(".site.tmp-{}", std::process::id()));
    dir.put(&format!(".site.tmp-{}/index.html", std::process::id()), "x");
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(leftovers(&[dir.path()]), vec![live]);
}

#[cfg(unix)]
#[test]
fn symlinked_output_kept() {
    let dir = SiteTest::basic().built();
    let deploy = tempfile::tempdir().unwrap();
    let www = deploy.path().join("www");
    std::fs::rename(dir.path().join("site"), &www).unwrap();
    std::os::unix::fs::symlink(&www, dir.path().join("site")).unwrap();
    let path = dir.path().join("content/demo/two.md");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("Back to", "Return to")).unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        std::fs::symlink_metadata(dir.path().join("site"))
            .unwrap()
            .is_symlink()
    );
    let page = std::fs::read_to_string(www.join("demo/two/index.html")).unwrap();
    assert!(page.contains("Return to"));
    assert_eq!(
        leftovers(&[dir.path(), deploy.path()]),
        Vec::<PathBuf>::new()
    );

    // A dangling link is built through too.
    std::fs::remove_dir_all(&www).unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(www.join("demo/two/index.html").is_file());
}

#[cfg(unix)]
#[test]
fn read_only_site_replaced() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = SiteTest::basic().built();
    for entry in walkdir::WalkDir::new(dir.path().join("site")) {
        let entry = entry.unwrap();
        let mode = if entry.file_type().is_dir() {
            0o555
        } else {
            0o444
        };
        std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(mode)).unwrap();
    }
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    assert!(dir.path().join("site/.ladder-output").is_file());
    assert_eq!(leftovers(&[dir.path()]), Vec::<PathBuf>::new());
}

/// The site a build replaces is kept beside the output as `.site.spare`,
/// out of git, and the next build that changes a page writes over it: the
/// page is the spare's file, and the site is the one a fresh build writes.
#[cfg(unix)]
#[test]
fn replaced_site_kept_once() {
    use std::os::unix::fs::MetadataExt as _;
    let dir = SiteTest::basic().built();
    let inode = |p: PathBuf| std::fs::metadata(p).unwrap().ino();
    let page = "demo/one/index.html";
    let first = inode(dir.path().join("site").join(page));
    let text = std::fs::read_to_string(dir.path().join("content/demo/one.md")).unwrap();
    for (i, change) in ["Changed.", "Changed again."].into_iter().enumerate() {
        dir.put("content/demo/one.md", &format!("{text}\n{change}\n"));
        let run = ladder(&["build"], dir.path());
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(!run.stderr.contains("warning"), "{}", run.stderr);
        let spare = dir.path().join(".site.spare");
        assert_eq!(
            std::fs::read_to_string(spare.join(".gitignore")).unwrap(),
            "*\n"
        );
        // First the first build's page is kept; then it is written over.
        let at = [spare.join(page), dir.path().join("site").join(page)][i].clone();
        assert_eq!(inode(at), first);
    }
    let fresh = SiteTest::basic();
    std::fs::copy(
        dir.path().join("content/demo/one.md"),
        fresh.path().join("content/demo/one.md"),
    )
    .unwrap();
    assert_eq!(ladder(&["build"], fresh.path()).code, 0);
    assert_eq!(
        tree(&dir.path().join("site")),
        tree(&fresh.path().join("site"))
    );
    assert_eq!(leftovers(&[dir.path()]), Vec::<PathBuf>::new());
}

/// Makes `path` immutable (`+i`) or not (`-i`); false where that needs a
/// privilege this process lacks.
#[cfg(target_os = "linux")]
fn chattr(flag: &str, path: &Path) -> bool {
    Command::new("chattr")
        .arg(flag)
        .arg(path)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// When the previous site cannot be removed at all (here: an immutable file,
/// which needs root) and is not kept (the output is outside the project), the
/// new one is in place: exit 0 and a warning naming what is left; the next
/// build removes it.
#[cfg(target_os = "linux")]
#[test]
fn unremovable_site_warns() {
    let dir = SiteTest::basic().built();
    let outside = tempfile::tempdir().unwrap();
    let out = outside.path().join("out");
    let build = || {
        ladder(
            &["build", "--output-dir", out.to_str().unwrap()],
            dir.path(),
        )
    };
    assert_eq!(build().code, 0);
    let stuck = out.join("demo/one/index.html");
    if !chattr("+i", &stuck) {
        eprintln!("skipped: cannot make a file immutable here");
        return;
    }
    // A build that changes nothing keeps the previous site: change it.
    dir.put("content/demo/three.md", &essay("demo", 3));
    let run = build();
    let left = leftovers(&[outside.path()]);
    for path in &left {
        for entry in walkdir::WalkDir::new(path).into_iter().flatten() {
            chattr("-i", entry.path());
        }
    }
    chattr("-i", &stuck);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(
        run.stderr.contains("warning: the new site is in")
            && run.stderr.contains(left[0].to_str().unwrap())
            && run.stderr.contains("cannot be removed"),
        "{}",
        run.stderr
    );
    assert!(out.join(".ladder-output").is_file());
    assert_eq!(build().code, 0);
    assert_eq!(leftovers(&[outside.path()]), Vec::<PathBuf>::new());
    assert!(
        !outside.path().join(".out.spare").exists(),
        "no spare outside"
    );
}

/// A page that cannot be written over (an immutable file) in the site a
/// build kept as its spare: the next builds write new folders, without a
/// warning, and leave that spare as it is.
#[cfg(target_os = "linux")]
#[test]
fn unwritable_spare_left_alone() {
    let dir = SiteTest::basic().built();
    let stuck = dir.path().join("site/demo/one/index.html");
    if !chattr("+i", &stuck) {
        eprintln!("skipped: cannot make a file immutable here");
        return;
    }
    let spare = dir.path().join(".site.spare");
    let mut runs = Vec::new();
    for rung in [3, 4, 5] {
        dir.put(&format!("content/demo/{rung}.md"), &essay("demo", rung));
        runs.push(ladder(&["build"], dir.path()));
    }
    chattr("-i", &spare.join("demo/one/index.html"));
    for run in runs {
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    }
    assert!(dir.path().join("site/demo/5/index.html").is_file());
    assert!(!spare.join("demo/3").exists(), "the first site, kept");
    assert_eq!(leftovers(&[dir.path()]), Vec::<PathBuf>::new());
}

#[cfg(unix)]
#[test]
fn past_ulimit_keeps_site() {
    let dir = SiteTest::basic().built();
    let before = tree(&dir.path().join("site"));
    crate::common::edit(&dir.path().join("content/demo/one.md"), |text| {
        format!("{text}\n{}\n", "Another sentence to write. ".repeat(2000))
    });
    // `ulimit -f` counts blocks of 512 bytes: no file past 16 KB.
    let out = Command::new("sh")
        .args(["-c", "ulimit -f 32 && exec \"$0\" build"])
        .arg(env!("CARGO_BIN_EXE_ladder"))
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{:?}: {stderr}", out.status);
    assert!(stderr.contains("File too large"), "{stderr}");
    assert_eq!(
        before,
        tree(&dir.path().join("site")),
        "the old site changed"
    );
    assert_eq!(leftovers(&[dir.path()]), Vec::<PathBuf>::new());
}
