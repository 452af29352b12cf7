//! Publishing: `ladder.toml`'s settings (language, title, author, footer,
//! base URL), and with a base URL the feed, the sitemap and canonical links;
//! dates, drafts, and byte-identical builds with a feed.

use crate::common::{SiteTest, edit, ladder};

#[test]
fn settings_escaped() {
    let dir = SiteTest::fixture("published").built();
    for p in ["index.html", "demo/index.html", "demo/one/index.html"] {
        let html = dir.read(p);
        assert!(html.contains(r#"<html lang="en-GB">"#), "{p}");
        assert!(
            html.contains(r#"class="home" href="#) && html.contains(">Small &lt;Games&gt;</a>"),
            "{p}"
        );
        assert!(
            html.contains(r#"<meta name="author" content="A. Writer">"#),
            "{p}"
        );
        assert!(
            html.contains(r#"<p class="licence">Text under CC BY 4.0 &amp; yours to share</p>"#),
            "{p}"
        );
    }
    assert!(
        dir.read("index.html")
            .contains("<title>Two ladders &amp; a test · Small &lt;Games&gt;</title>")
    );
    assert!(
        dir.read("demo/index.html")
            .contains("<title>Walls &amp; boards · Small &lt;Games&gt;</title>")
    );
}

#[test]
fn defaults_without_settings() {
    let dir = SiteTest::basic().built();
    let index = dir.read("index.html");
    assert!(index.contains(r#"<html lang="en">"#));
    assert!(index.contains("<title>Essays on combinatorial games · Ladder</title>"));
    assert!(index.contains(r#"<a class="home" href="">Ladder</a>"#));
    assert!(!index.contains("licence") && !index.contains(r#"name="author""#));
}

#[test]
fn bad_setting() {
    let dir = SiteTest::fixture("published");
    let toml = dir.path().join("ladder.toml");
    edit(&toml, |text| format!("{text}colour = \"red\"\n"));
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("ladder.toml:6:1"), "{}", run.stderr);
    assert!(run.stderr.contains("colour"), "{}", run.stderr);
    edit(&toml, |text| {
        text.replace("colour = \"red\"", "base_url = \"example.org\"")
    });
    let run = ladder(&["build"], dir.path());
    assert!(run.stderr.contains("ladder.toml:6:"), "{}", run.stderr);
    let run = ladder(&["build", "--base-url", "example.org"], dir.path());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("https://"), "{}", run.stderr);
}

/// The `published` fixture with `from` -> `to` in `ladder.toml` fails to
/// build (with a base URL, so that the feed is written) at `line`, saying
/// `message`, and writes no site.
fn setting_fails(from: &str, to: &str, line: usize, message: &str) {
    let dir = SiteTest::fixture("published");
    edit(&dir.path().join("ladder.toml"), |text| {
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    });
    let run = ladder(&["build", "--base-url", "https://example.org/"], dir.path());
    assert_eq!(run.code, 1, "{to}: {}", run.stderr);
    let at = format!("ladder.toml:{line}:");
    assert!(
        run.stderr.contains(&at),
        "{to}: expected {at} in {}",
        run.stderr
    );
    assert!(
        run.stderr.contains(message),
        "{to}: expected {message:?} in {}",
        run.stderr
    );
    assert!(!dir.path().join("site").exists(), "{to}");
}

#[test]
fn control_characters_in_settings() {
    for (from, to, line) in [
        ("title = \"Small", "title = \"\\u0001Small", 1),
        ("description = \"Two", "description = \"Two\\u0008", 2),
        ("author = \"A.", "author = \"A.\\u001b", 3),
        ("licence = \"Text", "licence = \"Text\\u000c", 5),
    ] {
        setting_fails(from, to, line, "holds the control character U+");
    }
    setting_fails(
        "title = \"Small <Games>\"",
        "title = \" \"",
        1,
        "title is empty",
    );
    // A new line in a description is fine, and the feed is XML.
    let dir = SiteTest::fixture("published");
    edit(&dir.path().join("ladder.toml"), |text| {
        text.replace("description = \"Two", "description = \"One\\nTwo")
    });
    let run = ladder(&["build", "--base-url", "https://example.org/"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let feed = std::fs::read_to_string(dir.path().join("site/feed.xml")).unwrap();
    roxmltree::Document::parse(&feed).unwrap();
}

#[test]
fn language_not_bcp_47() {
    for tag in [
        "a/b",
        "../../../../tmp/x",
        "en_GB",
        "",
        &"x".repeat(41),
        "en-GB-oxendict-x-abcdefgh",
    ] {
        let to = format!("language = \"{tag}\"");
        setting_fails("language = \"en-GB\"", &to, 4, "language:");
    }
}

#[test]
fn base_url_port_too_large() {
    let dir = SiteTest::fixture("published");
    let run = ladder(
        &["build", "--base-url", "https://example.org:99999/"],
        dir.path(),
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("names the port `99999`"),
        "{}",
        run.stderr
    );
    edit(&dir.path().join("ladder.toml"), |text| {
        format!("{text}base_url = \"http://example.org:65536/\"\n")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("ladder.toml:6:"), "{}", run.stderr);
}

pub(crate) const BASE: &str = "https://example.org/games/";

/// The page a URL under [`BASE`] reaches in the built `site`, if any.
fn reaches(site: &std::path::Path, url: &str) -> bool {
    let Some(path) = url.strip_prefix(BASE) else {
        return false;
    };
    let path = percent_decode(path);
    let file = if path.is_empty() || path.ends_with('/') {
        site.join(path).join("index.html")
    } else {
        site.join(path)
    };
    file.is_file()
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn feed_newest_first() {
    let dir =
        SiteTest::fixture("published").built_with(&["--base-url", "https://example.org/games"]);
    let site = dir.path().join("site");
    let xml = dir.read("feed.xml");
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "feed");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2005/Atom")
    );
    let child = |n: roxmltree::Node<'_, '_>, name: &str| {
        n.children()
            .find(|c| c.tag_name().name() == name)
            .map(|c| c.text().unwrap_or("").to_string())
    };
    assert_eq!(child(root, "title").unwrap(), "Small <Games>");
    // The feed is as new as its newest entry: two's `updated`, not the clock.
    assert_eq!(child(root, "updated").unwrap(), "2024-06-01T00:00:00+00:00");
    let entries: Vec<_> = root
        .children()
        .filter(|c| c.tag_name().name() == "entry")
        .collect();
    let titles: Vec<String> = entries
        .iter()
        .map(|e| child(*e, "title").unwrap())
        .collect();
    assert_eq!(titles, ["Two", "Three", "One wall"]);
    assert_eq!(
        child(entries[0], "published").unwrap(),
        "2024-05-10T00:00:00+00:00"
    );
    assert_eq!(
        child(entries[2], "summary").unwrap(),
        "A small board with a wall."
    );
    let links: Vec<&str> = root
        .descendants()
        .filter(|n| n.tag_name().name() == "link")
        .map(|n| n.attribute("href").unwrap())
        .chain(entries.iter().map(|e| {
            e.children()
                .find(|c| c.tag_name().name() == "id")
                .unwrap()
                .text()
                .unwrap()
        }))
        .collect();
    assert_eq!(links.len(), 2 + 2 * 3);
    for url in links {
        assert!(reaches(&site, url), "{url} reaches no page");
    }
}

#[test]
fn sitemap_and_canonical() {
    let dir = SiteTest::fixture("published").built_with(&["--base-url", BASE]);
    let site = dir.path().join("site");
    let xml = dir.read("sitemap.xml");
    let doc = roxmltree::Document::parse(&xml).unwrap();
    assert_eq!(
        doc.root_element().tag_name().namespace(),
        Some("http://www.sitemaps.org/schemas/sitemap/0.9")
    );
    let locs: Vec<&str> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "loc")
        .map(|n| n.text().unwrap())
        .collect();
    for url in &locs {
        assert!(reaches(&site, url), "{url} reaches no page");
    }
    // Every built page but the one for a missing page is in it.
    let mut built: Vec<String> = crate::common::tree(&site)
        .into_keys()
        .filter(|p| p.ends_with("index.html"))
        .map(|p| {
            format!(
                "{BASE}{}",
                p.parent().unwrap().to_string_lossy().replace('\\', "/")
            )
        })
        .map(|u| if u.ends_with('/') { u } else { format!("{u}/") })
        .collect();
    built.sort();
    let mut named: Vec<String> = locs.iter().map(ToString::to_string).collect();
    named.sort();
    assert_eq!(named, built);
    assert!(
        dir.read("demo/one/index.html")
            .contains(&format!(r#"<link rel="canonical" href="{BASE}demo/one/">"#))
    );
    assert!(
        dir.read("index.html")
            .contains(&format!(r#"<link rel="canonical" href="{BASE}">"#))
    );
    assert!(
        dir.read("index.html")
            .contains(r#"<link rel="alternate" type="application/atom+xml" href="feed.xml""#)
    );
}

#[test]
fn no_base_url_no_feed() {
    let dir = SiteTest::fixture("published");
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("no base URL: feed.xml, sitemap.xml and canonical links not written"),
        "{}",
        run.stdout
    );
    let site = dir.path().join("site");
    assert!(!site.join("feed.xml").exists() && !site.join("sitemap.xml").exists());
    let one = std::fs::read_to_string(site.join("demo/one/index.html")).unwrap();
    assert!(!one.contains("canonical") && !one.contains("feed.xml"));
    // ladder.toml's base_url counts as the flag does.
    let toml = dir.path().join("ladder.toml");
    edit(&toml, |text| format!("base_url = \"{BASE}\"\n{text}"));
    let run = ladder(&["build"], dir.path());
    assert!(!run.stdout.contains("no base URL"), "{}", run.stdout);
    assert!(site.join("feed.xml").is_file());
}

#[test]
fn dates() {
    let dir = SiteTest::fixture("published").built();
    assert!(dir.read("demo/two/index.html").contains(
        r#"<p class="dates">Published <time datetime="2024-05-10">2024-05-10</time>, updated <time datetime="2024-06-01">2024-06-01</time></p>"#
    ));
    let two = dir.path().join("content/demo/two.md");
    edit(&two, |text| {
        text.replace("updated = 2024-06-01", "updated = 10:30:00")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("two.md:6:11: error: `updated` is a time without a date"),
        "{}",
        run.stderr
    );
    edit(&two, |text| {
        text.replace("updated = 10:30:00", "updated = 2024-05-09")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("two.md:6:11: error: `updated` (2024-05-09) is before `date` (2024-05-10)"),
        "{}",
        run.stderr
    );
}

#[test]
fn feed_byte_identical() {
    let dir = SiteTest::fixture("published");
    let build = || {
        let run = ladder(&["build", "--base-url", BASE], dir.path());
        assert_eq!(run.code, 0, "{}", run.stderr);
        crate::common::tree(&dir.path().join("site"))
    };
    assert_eq!(build(), build());
}

#[test]
fn drafts_left_out() {
    let dir = SiteTest::fixture("published");
    let run = ladder(&["build", "--base-url", BASE], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("left out 1 draft (build with --drafts to include): demo/draft.md"),
        "{}",
        run.stdout
    );
    let site = dir.path().join("site");
    assert!(!site.join("demo/draft").exists());
    let read = |p: &str| std::fs::read_to_string(site.join(p)).unwrap();
    for p in [
        "feed.xml",
        "sitemap.xml",
        "essays/index.html",
        "demo/index.html",
    ] {
        assert!(
            !read(p).contains("Not yet") && !read(p).contains("demo/draft/"),
            "{p}"
        );
    }
    assert!(!read("demo/one/index.html").contains("draft-mark"));

    let run = ladder(&["build", "--drafts"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let draft = read("demo/draft/index.html");
    assert!(
        draft.contains(r#"<p class="draft-mark"><strong>Draft</strong>"#),
        "{draft}"
    );
}

#[test]
fn link_to_draft() {
    let dir = SiteTest::fixture("published");
    let one = dir.path().join("content/demo/one.md");
    edit(&one, |text| {
        text.replace("[two](@/demo/two.md)", "[later](@/demo/draft.md)")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("link to `demo/draft.md`: it is a draft, left out of this build"),
        "{}",
        run.stderr
    );
    let run = ladder(&["build", "--drafts"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
}
