//! `ladder serve`: it rebuilds what an edit changed, keeps the last good site
//! on an error, watches the root as it comes and goes, and listens where it
//! is told.

use crate::common::{SiteTest, ladder};
use ladder::site::{self, Options};
use std::path::Path;

#[test]
fn rebuild_renders_only_changes() {
    let dir = SiteTest::basic();
    let mut site = site::Site::new(Options::new(dir.path()));
    let silent = &ladder::figures::Silent;
    let first = site.build(silent).unwrap().summary;
    assert_eq!((first.rendered, first.computed.len()), (2, 2));
    let unchanged = site.build(silent).unwrap().summary;
    assert_eq!(
        (
            unchanged.rendered,
            unchanged.computed.len(),
            unchanged.reused
        ),
        (0, 0, 2)
    );

    let path = dir.path().join("content/demo/two.md");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("Back to", "Return to")).unwrap();
    let edited = site.build(silent).unwrap();
    assert_eq!(
        (edited.summary.rendered, edited.summary.computed.len()),
        (1, 0)
    );
    let page = String::from_utf8(edited.files.0[Path::new("demo/two/index.html")].clone()).unwrap();
    assert!(page.contains("Return to"));

    std::fs::write(
        &path,
        text.replace("rows = 2\ncols = 3", "rows = 3\ncols = 2"),
    )
    .unwrap();
    let new_figure = site.build(silent).unwrap().summary;
    assert_eq!((new_figure.rendered, new_figure.computed.len()), (1, 1));
    std::fs::write(&path, text).unwrap();

    std::fs::create_dir_all(dir.path().join("templates")).unwrap();
    let base =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/base.html"))
            .unwrap();
    std::fs::write(
        dir.path().join("templates/base.html"),
        base.replace("Skip to the essay", "Skip ahead"),
    )
    .unwrap();
    let templated = site.build(silent).unwrap().summary;
    assert_eq!((templated.rendered, templated.computed.len()), (2, 0));
}

#[test]
fn keeps_last_good_site() {
    use ladder::site::serve::{self, Reply};
    use std::time::Duration;
    let dir = SiteTest::basic();
    let site = site::Site::new(Options::new(dir.path()));
    let server = serve::start(
        site,
        "127.0.0.1:0".parse().unwrap(),
        Box::new(ladder::figures::Silent),
    )
    .unwrap();
    let version = server
        .wait_past(0, Duration::from_secs(10))
        .expect("the first build");
    let page = |shared: &serve::Shared| match serve::answer("/demo/one/", shared) {
        Reply::File { body, .. } => String::from_utf8(body.to_vec()).unwrap(),
        other => panic!("{other:?}"),
    };
    assert!(page(&server.shared).contains("has two parts."));
    assert!(server.shared.news().1.is_empty());

    let path = dir.path().join("content/demo/one.md");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("has two parts.", "has two halves.")).unwrap();
    let version = server
        .wait_past(version, Duration::from_secs(10))
        .expect("a rebuild");
    assert!(page(&server.shared).contains("has two halves."));

    std::fs::write(
        &path,
        text.replace("{{ b.parts.0 = 2 }}", "{{ b.parts.0 = 3 }}"),
    )
    .unwrap();
    let version = server
        .wait_past(version, Duration::from_secs(10))
        .expect("a rebuild");
    let errors = server.shared.news().1;
    assert!(
        errors[0].contains("claim `b.parts.0 = 3` is false"),
        "{errors:?}"
    );
    assert!(
        page(&server.shared).contains("has two halves."),
        "the last good site is gone"
    );

    std::fs::write(&path, text).unwrap();
    server
        .wait_past(version, Duration::from_secs(10))
        .expect("a rebuild");
    assert!(server.shared.news().1.is_empty());
    assert_eq!(
        serve::answer("/../Cargo.toml", &server.shared),
        Reply::Forbidden
    );
    assert_eq!(
        serve::answer("/nothing/here/", &server.shared),
        Reply::NotFound
    );
    // A folder's address is redirected within the site, never to a host.
    for (url, to) in [
        ("/demo", "/demo/"),
        ("//demo", "/demo/"),
        ("///demo?q", "/demo/?q"),
    ] {
        assert_eq!(
            serve::answer(url, &server.shared),
            Reply::Redirect(to.into()),
            "{url}"
        );
    }
}

/// `ladder serve`'s server for the site in `dir`, once its first build is done.
fn serving(dir: &Path) -> site::serve::Server {
    let site = site::Site::new(Options::new(dir));
    let silent = Box::new(ladder::figures::Silent);
    let server = site::serve::start(site, "127.0.0.1:0".parse().unwrap(), silent).unwrap();
    server
        .wait_past(0, std::time::Duration::from_secs(10))
        .expect("the first build");
    server
}

/// Whether `url` comes to serve a page holding `text` within ten seconds.
fn comes_to_serve(server: &site::serve::Server, url: &str, text: &str) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let version = server.shared.news().0;
        if let site::serve::Reply::File { body, .. } = site::serve::answer(url, &server.shared)
            && String::from_utf8_lossy(&body).contains(text)
        {
            return true;
        }
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if server.wait_past(version, left).is_none() {
            return false;
        }
    }
}

#[test]
fn content_renamed_or_recreated() {
    let dir = SiteTest::basic();
    let server = serving(dir.path());
    let content = dir.path().join("content");
    let old = dir.path().join("content.old");
    let essay = content.join("demo/one.md");
    let text = std::fs::read_to_string(&essay).unwrap();

    // Renamed away, then a new folder with the old one's files moved in.
    std::fs::rename(&content, &old).unwrap();
    std::fs::create_dir(&content).unwrap();
    std::fs::rename(old.join("demo"), content.join("demo")).unwrap();
    std::fs::write(
        &essay,
        text.replace("has two parts.", "has two moved parts."),
    )
    .unwrap();
    assert!(comes_to_serve(
        &server,
        "/demo/one/",
        "has two moved parts."
    ));
    std::fs::write(
        &essay,
        text.replace("has two parts.", "has two edited parts."),
    )
    .unwrap();
    assert!(
        comes_to_serve(&server, "/demo/one/", "has two edited parts."),
        "an edit in the new content/ is ignored"
    );

    // Removed, then written anew.
    let two = std::fs::read_to_string(content.join("demo/two.md")).unwrap();
    std::fs::remove_dir_all(&content).unwrap();
    std::fs::create_dir_all(content.join("demo")).unwrap();
    std::fs::write(content.join("demo/two.md"), two).unwrap();
    std::fs::write(&essay, text.replace("has two parts.", "has two new parts.")).unwrap();
    assert!(comes_to_serve(&server, "/demo/one/", "has two new parts."));
    std::fs::write(
        &essay,
        text.replace("has two parts.", "has two later parts."),
    )
    .unwrap();
    assert!(
        comes_to_serve(&server, "/demo/one/", "has two later parts."),
        "an edit in the re-created content/ is ignored"
    );
    assert!(server.shared.news().1.is_empty(), "a stale error stays");
}

#[test]
fn new_templates_and_settings_only() {
    let dir = SiteTest::basic();
    let server = serving(dir.path());
    let base =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/base.html"))
            .unwrap();
    let templates = dir.path().join("templates");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(
        templates.join("base.html"),
        base.replace("Skip to the essay", "Skip ahead"),
    )
    .unwrap();
    assert!(comes_to_serve(&server, "/demo/one/", "Skip ahead"));
    std::fs::write(
        templates.join("base.html"),
        base.replace("Skip to the essay", "Skip along"),
    )
    .unwrap();
    assert!(
        comes_to_serve(&server, "/demo/one/", "Skip along"),
        "an edit in the new templates/ is ignored"
    );

    let quiet = std::time::Duration::from_millis(300);
    let version = server.shared.news().0;
    std::fs::write(dir.path().join("notes.txt"), "not a source").unwrap();
    assert_eq!(
        server.wait_past(version, quiet),
        None,
        "rebuilt for notes.txt"
    );
    std::fs::write(dir.path().join("ladder.toml"), "").unwrap();
    assert!(
        server
            .wait_past(version, std::time::Duration::from_secs(10))
            .is_some(),
        "ladder.toml is not watched"
    );
}

/// The body of `GET path` from the server at `address`, over HTTP/1.0.
fn get(address: &str, path: &str) -> String {
    use std::io::{Read as _, Write as _};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn default_root_rebuilds() {
    use std::io::BufRead as _;
    let dir = SiteTest::basic();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ladder"))
        .args(["serve", "--port", "0"])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let address = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_string();
    let serves = |text: &str| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while std::time::Instant::now() < deadline {
            if get(&address, "/demo/one/").contains(text) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        false
    };
    let served = serves("has two parts.");
    crate::common::edit(&dir.path().join("content/demo/one.md"), |text| {
        text.replace("has two parts.", "has two edited parts.")
    });
    let rebuilt = serves("has two edited parts.");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(served, "the first build is not served");
    assert!(rebuilt, "an edit is not rebuilt with the root `.`");
}

#[test]
fn invalid_interface() {
    let dir = SiteTest::basic();
    let run = ladder(
        &["serve", "--interface", "256.1.1.1", "--port", "0"],
        dir.path(),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("invalid value '256.1.1.1' for '--interface"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("another server"), "{}", run.stderr);
}

/// `ladder serve` run inside a built site (no content/) says to run it in
/// the project or to name it with --root, and does not claim to serve a
/// last good site it never built (issue 44).
#[test]
fn serve_in_site_folder_says_root() {
    use std::io::BufRead as _;
    let dir = SiteTest::basic().built();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ladder"))
        .args(["serve", "--port", "0"])
        .current_dir(dir.path().join("site"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (send, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            let done = line.contains("error(s)");
            let _ = send.send(line);
            if done {
                break;
            }
        }
    });
    let mut said = Vec::new();
    while let Ok(line) = lines.recv_timeout(std::time::Duration::from_secs(20)) {
        let done = line.contains("error(s)");
        said.push(line);
        if done {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let said = said.join("\n");
    assert!(said.contains("no content folder"), "{said}");
    assert!(said.contains("--root DIR"), "{said}");
    assert!(
        said.contains("1 error(s); nothing to serve until they are fixed"),
        "{said}"
    );
    assert!(!said.contains("last good"), "{said}");
}
