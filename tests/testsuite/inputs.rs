//! The files ladder reads: regular files inside the project, each of a
//! bounded size, and symlinks that stay inside it.

use crate::common::{Run, SiteTest, essay, ladder, leftovers, tree};
use std::path::{Path, PathBuf};

/// Runs `ladder ARGS` in `cwd`, failing the test if it has not finished
/// within twenty seconds (it is killed then).
fn ladder_within(args: &[&str], cwd: &Path) -> Run {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ladder"))
        .args(args)
        .current_dir(cwd)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("ladder {args:?} hangs");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into(),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

/// Makes a FIFO at `path`.
fn fifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success());
}

#[cfg(unix)]
#[test]
fn fifo_or_device_refused() {
    for (file, message) in [
        (
            "ladder.toml",
            "is a FIFO, not a regular file; ladder reads ladder.toml",
        ),
        (
            "content/demo/three.md",
            "is a FIFO, not a regular file; ladder reads an essay",
        ),
        (
            "templates/essay.html",
            "is a FIFO, not a regular file; ladder reads a template",
        ),
    ] {
        let dir = SiteTest::basic();
        std::fs::create_dir_all(dir.path().join("templates")).unwrap();
        fifo(&dir.path().join(file));
        for command in ["build", "check"] {
            let run = ladder_within(&[command], dir.path());
            assert_eq!(run.code, 1, "{file}: {}", run.stderr);
            assert!(run.stderr.contains(file), "{file}: {}", run.stderr);
            assert!(run.stderr.contains(message), "{file}: {}", run.stderr);
        }
    }
    // A device through a symlink leads outside the root, like any other.
    let dir = SiteTest::basic();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("ladder.toml")).unwrap();
    let run = ladder_within(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("ladder.toml:1:1: error: symlink to /dev/zero leads outside"),
        "{}",
        run.stderr
    );
}

/// `ladder compute --plan` reads its plan as the build reads its inputs
/// (issue 44, M5): a device, a FIFO or a plan past 256 MiB is refused at
/// once, a usage error naming it.
#[cfg(unix)]
#[test]
fn plan_read_bounded() {
    let dir = SiteTest::basic();
    fifo(&dir.path().join("plan.json"));
    let huge = std::fs::File::create(dir.path().join("huge.json")).unwrap();
    huge.set_len((256 << 20) + 1).unwrap();
    for (plan, message) in [
        (
            "/dev/zero",
            "the plan /dev/zero: is a device, not a regular file",
        ),
        (
            "plan.json",
            "the plan plan.json: is a FIFO, not a regular file",
        ),
        (
            "huge.json",
            "the plan huge.json: is larger than 256 MiB, the most ladder reads of a plan",
        ),
        ("gone.json", "the plan gone.json: cannot read"),
    ] {
        let run = ladder_within(&["compute", "--plan", plan, "--index", "0"], dir.path());
        assert_eq!(run.code, 2, "{plan}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{plan}: {}", run.stderr);
    }
}

#[test]
fn past_size_limit() {
    let dir = SiteTest::basic();
    let settings = std::fs::File::create(dir.path().join("ladder.toml")).unwrap();
    settings.set_len((1 << 20) + 1).unwrap();
    let run = ladder_within(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "ladder.toml:1:1: error: is larger than 1 MiB, the most ladder reads of ladder.toml"
        ),
        "{}",
        run.stderr
    );
    // An essay of 16 MiB and a byte.
    let dir = SiteTest::basic();
    let essay = std::fs::File::create(dir.path().join("content/demo/big.md")).unwrap();
    essay.set_len((16 << 20) + 1).unwrap();
    let run = ladder_within(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "big.md:1:1: error: is larger than 16 MiB, the most ladder reads of an essay"
        ),
        "{}",
        run.stderr
    );
}

#[cfg(unix)]
#[test]
fn figures_folder_outside_root() {
    let dir = SiteTest::basic();
    let elsewhere = tempfile::tempdir().unwrap();
    // A file named as ladder names artifacts, which clean would delete.
    let named = "blocked-board-0123456789abcdef.json";
    std::fs::write(elsewhere.path().join(named), "{}").unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), dir.path().join("figures")).unwrap();
    for command in ["build", "clean"] {
        let run = ladder(&[command], dir.path());
        assert_eq!(run.code, 1, "{command}: {}", run.stderr);
        assert!(
            run.stderr.contains("figures:1:1: error: symlink to"),
            "{command}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("leads outside the project root"),
            "{}",
            run.stderr
        );
    }
    assert!(
        elsewhere.path().join(named).exists(),
        "clean deleted a file outside"
    );
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 1);
    assert!(!dir.path().join("site").exists());
}

#[cfg(unix)]
#[test]
fn symlinks_inside_followed() {
    use std::os::unix::fs::symlink;
    let dir = SiteTest::basic();
    dir.put("drafts/three.md", &essay("demo", 3));
    dir.put("more/four.md", &essay("demo", 4));
    symlink(
        "../../drafts/three.md",
        dir.path().join("content/demo/three.md"),
    )
    .unwrap();
    symlink("../more", dir.path().join("content/more")).unwrap();
    dir.put("shared/style.css", "body { color: red }");
    std::fs::create_dir(dir.path().join("templates")).unwrap();
    symlink(
        "../shared/style.css",
        dir.path().join("templates/style.css"),
    )
    .unwrap();
    // A dangling editor lock (Emacs's `.#NAME`) is not an essay.
    symlink("user@host.1234", dir.path().join("content/demo/.#one.md")).unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = dir.path().join("site");
    assert!(site.join("demo/three/index.html").is_file());
    assert!(site.join("demo/four/index.html").is_file());
    assert_eq!(
        std::fs::read_to_string(site.join("style.css")).unwrap(),
        "body { color: red }"
    );
}

#[cfg(unix)]
#[test]
fn symlinks_leaving_root_fail() {
    use std::os::unix::fs::symlink;
    let dir = SiteTest::basic().built();
    let outside = SiteTest::empty();
    outside.put("x.md", &essay("demo", 3));
    outside.put("style.css", "secret");
    let cases: [(&str, PathBuf, &str); 6] = [
        (
            "content/demo/x.md",
            outside.path().join("x.md"),
            "leads outside the project root",
        ),
        (
            "content/out",
            outside.path().to_path_buf(),
            "leads outside the project root",
        ),
        (
            "templates/style.css",
            outside.path().join("style.css"),
            "leads outside the project root",
        ),
        (
            "templates/style.css",
            "/etc/passwd".into(),
            "leads outside the project root",
        ),
        (
            "content/demo/gone.md",
            "nothing.md".into(),
            "cannot be followed",
        ),
        ("content/demo/loop", "..".into(), "symlink loop"),
    ];
    for (link, target, why) in cases {
        let path = dir.path().join(link);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        symlink(&target, &path).unwrap();
        dir.fails(&["build"], 1, &[&format!("{link}:1:1: error: "), why]);
        dir.fails(&["check"], 1, &[&format!("{link}:1:1: error: "), why]);
        std::fs::remove_file(&path).unwrap();
    }

    // The content folder itself.
    let content = dir.path().join("content");
    std::fs::rename(&content, outside.path().join("content")).unwrap();
    symlink(outside.path().join("content"), &content).unwrap();
    dir.fails(
        &["build"],
        1,
        &["content:1:1: error: ", "leads outside the project root"],
    );
}

#[cfg(unix)]
#[test]
fn unreadable_is_error() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = SiteTest::basic().built();
    let sub = dir.path().join("content/demo");
    std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read_dir(&sub).is_ok() {
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        eprintln!("skipped: this user reads everything (root)");
        return;
    }
    let before = tree(&dir.path().join("site"));
    let run = ladder(&["build"], dir.path());
    std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("content/demo:1:1: error: cannot read"),
        "{}",
        run.stderr
    );
    assert!(before == tree(&dir.path().join("site")));

    let file = dir.path().join("content/demo/two.md");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o000)).unwrap();
    let run = ladder(&["build"], dir.path());
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("content/demo/two.md:1:1: error: cannot read"),
        "{}",
        run.stderr
    );
    assert!(before == tree(&dir.path().join("site")));
    assert_eq!(leftovers(&[dir.path()]), Vec::<PathBuf>::new());
}
