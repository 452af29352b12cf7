//! What a reader finds on every page besides the essay: the header marks where
//! they are, the skip link names what it skips to, and a page's summary is its
//! description for search engines and link previews.

mod common;

use common::{edit, fixture, ladder};

/// The fixture, built, and a reader of its pages.
fn built() -> (tempfile::TempDir, impl Fn(&str) -> String) {
    let dir = fixture("basic");
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = dir.path().join("site");
    (dir, move |page: &str| {
        std::fs::read_to_string(site.join(page)).unwrap()
    })
}

#[test]
fn the_header_marks_the_current_ladder_on_its_page_and_on_its_essays_only() {
    let (_dir, page) = built();
    assert!(page("demo/index.html").contains(r#"href="../demo/" aria-current="page">"#));
    assert!(page("demo/one/index.html").contains(r#"href="../../demo/" aria-current="true">"#));
    assert!(!page("index.html").contains("aria-current"));
}

#[test]
fn the_skip_link_names_what_each_kind_of_page_skips_to() {
    let (_dir, page) = built();
    assert!(page("index.html").contains(">Skip to the ladders</a>"));
    assert!(page("demo/index.html").contains(">Skip to the essays</a>"));
    assert!(page("demo/one/index.html").contains(">Skip to the essay</a>"));
}

#[test]
fn an_essay_has_its_title_and_summary_as_link_preview_and_description_escaped_and_typeset() {
    let dir = fixture("basic");
    let one = dir.path().join("content/demo/one.md");
    edit(&one, |text| {
        text.replace(
            "summary = \"A small board with a wall.\"",
            r#"summary = "Pairs & \"quotes\" <b>""#,
        )
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = dir.path().join("site");
    let one = std::fs::read_to_string(site.join("demo/one/index.html")).unwrap();
    assert!(
        one.contains(r#"<meta name="description" content="Pairs &amp; “quotes” &lt;b&gt;">"#),
        "{one}"
    );
    assert!(one.contains(r#"<meta property="og:title" content="One wall">"#));
    // Without a summary, the first sentence of the first paragraph.
    let two = std::fs::read_to_string(site.join("demo/two/index.html")).unwrap();
    assert!(
        two.contains(r#"<meta name="description" content="Back to the first.">"#),
        "{two}"
    );
}

/// The `published` fixture (with `ladder.toml`), built with `extra` flags.
fn published(extra: &[&str]) -> (tempfile::TempDir, impl Fn(&str) -> String) {
    let dir = fixture("published");
    let run = ladder(&[&["build"], extra].concat(), dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = dir.path().join("site");
    (dir, move |page: &str| {
        std::fs::read_to_string(site.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"))
    })
}

#[test]
fn ladder_toml_sets_the_language_title_author_and_footer_escaped() {
    let (_dir, page) = published(&[]);
    for p in ["index.html", "demo/index.html", "demo/one/index.html"] {
        let html = page(p);
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
        page("index.html")
            .contains("<title>Two ladders &amp; a test · Small &lt;Games&gt;</title>")
    );
    assert!(
        page("demo/index.html").contains("<title>Walls &amp; boards · Small &lt;Games&gt;</title>")
    );
}

#[test]
fn without_ladder_toml_the_site_keeps_its_defaults() {
    let (_dir, page) = built();
    let index = page("index.html");
    assert!(index.contains(r#"<html lang="en">"#));
    assert!(index.contains("<title>Essays on combinatorial games · Ladder</title>"));
    assert!(index.contains(r#"<a class="home" href="">Ladder</a>"#));
    assert!(!index.contains("licence") && !index.contains(r#"name="author""#));
}

#[test]
fn a_bad_setting_is_an_error_at_its_line_and_a_bad_base_url_flag_a_usage_error() {
    let dir = fixture("published");
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
    let dir = fixture("published");
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
fn control_characters_and_an_empty_title_in_ladder_toml_fail_at_their_line() {
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
    let dir = fixture("published");
    edit(&dir.path().join("ladder.toml"), |text| {
        text.replace("description = \"Two", "description = \"One\\nTwo")
    });
    let run = ladder(&["build", "--base-url", "https://example.org/"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let feed = std::fs::read_to_string(dir.path().join("site/feed.xml")).unwrap();
    roxmltree::Document::parse(&feed).unwrap();
}

#[test]
fn a_language_that_is_not_a_bcp_47_tag_fails_at_its_line() {
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
fn a_base_url_with_a_port_past_65535_fails() {
    let dir = fixture("published");
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

#[test]
fn an_index_md_gives_a_ladder_its_title_summary_words_and_place_with_math_claims_and_links() {
    let (_dir, page) = published(&[]);
    let demo = page("demo/index.html");
    assert!(demo.contains("<h1>Walls &amp; boards</h1>"), "{demo}");
    assert!(demo.contains(r#"<p class="lede">Boards cut by a wall.</p>"#));
    assert!(demo.contains(r#"<meta name="description" content="Boards cut by a wall.">"#));
    // The claim is checked and its value shown; the math is MathML; the link
    // climbs one folder, from the ladder's page.
    assert!(demo.contains("has 18 positions"), "{demo}");
    assert!(demo.contains("<math"), "{demo}");
    assert!(demo.contains(r#"href="../demo/two/""#), "{demo}");
    // By weight: the second ladder comes first, in the header and on the front page.
    let index = page("index.html");
    let (second, walls) = (
        index.find("A second ladder").unwrap(),
        index.find("Walls &amp; boards").unwrap(),
    );
    assert!(second < walls);
    assert!(page("demo/one/index.html").contains("Walls &amp; boards</a>, rung 1 of 2"));
}

#[test]
fn content_index_md_gives_the_front_page_its_title_and_words() {
    let (_dir, page) = published(&[]);
    let index = page("index.html");
    assert!(index.contains("<h1>Welcome &lt;here&gt;</h1>"), "{index}");
    assert!(
        index.contains(r#"<a href="demo/one/">the first rung</a> &amp; read on"#),
        "{index}"
    );
    assert!(!index.contains("Each rung builds on the one below"));
}

#[test]
fn a_claim_that_fails_in_an_index_md_fails_the_build_at_its_line() {
    let dir = fixture("published");
    let intro = dir.path().join("content/demo/_index.md");
    edit(&intro, |text| text.replace("= 18 }}", "= 19 }}"));
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("_index.md:14:"), "{}", run.stderr);
}

#[test]
fn an_index_md_of_no_ladder_or_with_an_unknown_key_is_an_error() {
    let dir = fixture("published");
    let content = dir.path().join("content");
    std::fs::create_dir(content.join("empty")).unwrap();
    std::fs::write(content.join("empty/_index.md"), "+++\ntitle = \"E\"\n+++\n").unwrap();
    std::fs::write(
        content.join("second/_index.md"),
        "+++\ntitle = \"S\"\nrung = 1\n+++\n",
    )
    .unwrap();
    std::fs::write(content.join("_index.md"), "+++\nweight = 1\n+++\n").unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    for want in [
        "second/_index.md:3:1",
        "unknown field `rung`",
        "content/_index.md:2:10",
    ] {
        assert!(run.stderr.contains(want), "{want}: {}", run.stderr);
    }
    std::fs::remove_file(content.join("_index.md")).unwrap();
    std::fs::remove_file(content.join("second/_index.md")).unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    let want =
        "empty/_index.md:1:1: error: this introduces the ladder `empty`, but no essay is on it";
    assert!(run.stderr.contains(want), "{}", run.stderr);
}

#[test]
fn the_last_rung_leads_to_the_next_ladder_and_the_last_ladder_to_every_essay() {
    let (_dir, page) = published(&[]);
    // By weight, `second` comes before `demo`.
    let three = page("second/three/index.html");
    assert!(
        three.contains(
            r#"<a rel="next" href="../../demo/one/">Next ladder, Walls &amp; boards: One wall →</a>"#
        ),
        "{three}"
    );
    let two = page("demo/two/index.html");
    assert!(
        two.contains(r#"<a href="../../essays/">Every essay →</a>"#),
        "{two}"
    );
    assert!(
        page("demo/one/index.html").contains(r#"<a rel="next" href="../../demo/two/">Two →</a>"#)
    );
}

#[test]
fn every_essay_is_listed_by_ladder_and_by_date_and_every_page_links_there() {
    let (dir, page) = published(&[]);
    let list = page("essays/index.html");
    let at = |s: &str| list.find(s).unwrap_or_else(|| panic!("{s}: {list}"));
    // By ladder, in the ladders' order; then by date, newest first.
    assert!(at(r#"<h2 id="by-ladder">"#) < at(">A second ladder</a></h3>"));
    assert!(at(">A second ladder</a></h3>") < at(">Walls &amp; boards</a></h3>"));
    let by_date = at(r#"<h2 id="by-date">"#);
    let two = list[by_date..].find(r#"<time datetime="2024-05-10">2024-05-10</time> <a href="../demo/two/">Two</a> <span class="ladder">(Walls &amp; boards)</span>"#).unwrap();
    let three = list[by_date..].find(">Three</a>").unwrap();
    let one = list[by_date..].find(">One wall</a>").unwrap();
    assert!(two < three && three < one, "{list}");
    for p in [
        "index.html",
        "demo/index.html",
        "demo/one/index.html",
        "essays/index.html",
    ] {
        let depth = p.matches('/').count();
        let href = format!(
            r#"<a href="{}essays/">Every essay</a>"#,
            "../".repeat(depth)
        );
        assert!(page(p).contains(&href), "{p}");
    }
    // A ladder may not take the list's folder.
    let three = dir.path().join("content/second/three.md");
    edit(&three, |text| {
        text.replace("ladder = \"second\"", "ladder = \"essays\"")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("three.md:3:10: error: the ladder `essays` would be at essays/"),
        "{}",
        run.stderr
    );
}

const BASE: &str = "https://example.org/games/";

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
fn with_a_base_url_the_feed_lists_dated_essays_newest_first_with_absolute_urls_that_reach_pages() {
    let (dir, page) = published(&["--base-url", "https://example.org/games"]);
    let site = dir.path().join("site");
    let xml = page("feed.xml");
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
fn with_a_base_url_the_sitemap_names_every_page_and_pages_name_their_canonical_url() {
    let (dir, page) = published(&["--base-url", BASE]);
    let site = dir.path().join("site");
    let xml = page("sitemap.xml");
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
    let mut built: Vec<String> = common::tree(&site)
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
    let mut named: Vec<String> = locs.iter().map(|s| s.to_string()).collect();
    named.sort();
    assert_eq!(named, built);
    assert!(
        page("demo/one/index.html")
            .contains(&format!(r#"<link rel="canonical" href="{BASE}demo/one/">"#))
    );
    assert!(page("index.html").contains(&format!(r#"<link rel="canonical" href="{BASE}">"#)));
    assert!(
        page("index.html")
            .contains(r#"<link rel="alternate" type="application/atom+xml" href="feed.xml""#)
    );
}

#[test]
fn without_a_base_url_no_feed_sitemap_or_canonical_link_is_written_and_the_summary_says_why() {
    let dir = fixture("published");
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
fn a_404_page_and_a_favicon_are_written_and_the_favicon_can_be_overridden() {
    let dir = fixture("published");
    std::fs::create_dir(dir.path().join("templates")).unwrap();
    std::fs::write(dir.path().join("templates/favicon.svg"), "<svg>mine</svg>").unwrap();
    let run = ladder(&["build", "--base-url", BASE], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = dir.path().join("site");
    let missing = std::fs::read_to_string(site.join("404.html")).unwrap();
    // Served at any address: its links start at the base URL.
    assert!(
        missing.contains(&format!(
            r#"<a href="{BASE}essays/">the list of every essay</a>"#
        )),
        "{missing}"
    );
    assert!(!missing.contains("canonical"));
    assert_eq!(
        std::fs::read_to_string(site.join("favicon.svg")).unwrap(),
        "<svg>mine</svg>"
    );
    let one = std::fs::read_to_string(site.join("demo/one/index.html")).unwrap();
    assert!(one.contains(r#"<link rel="icon" href="../../favicon.svg" type="image/svg+xml">"#));
}

#[test]
fn an_essay_shows_its_dates_and_a_time_without_a_date_is_an_error() {
    let (dir, page) = published(&[]);
    assert!(page("demo/two/index.html").contains(
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
fn two_builds_with_a_feed_give_identical_bytes() {
    let dir = fixture("published");
    let build = || {
        let run = ladder(&["build", "--base-url", BASE], dir.path());
        assert_eq!(run.code, 0, "{}", run.stderr);
        common::tree(&dir.path().join("site"))
    };
    assert_eq!(build(), build());
}

#[test]
fn a_draft_is_left_out_of_a_build_unless_asked_for_and_then_marked() {
    let dir = fixture("published");
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
fn a_published_essay_linking_to_a_draft_fails_unless_drafts_are_built() {
    let dir = fixture("published");
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

#[test]
fn prose_gets_curly_quotes_and_dashes_but_code_math_claims_and_attributes_keep_theirs() {
    let dir = fixture("basic");
    let two = dir.path().join("content/demo/two.md");
    edit(&two, |text| {
        text + "\nIt's \"pairs\" -- then --- and... \
                `\"code\" -- x` $a--b$ {{ c.positions = c.positions : \"'all' -- of them\" }} \
                [link](https://example.com \"a \\\"title\\\" -- here\") \
                <span title=\"raw -- 'html'\">raw</span>\n"
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let page = std::fs::read_to_string(dir.path().join("site/demo/two/index.html")).unwrap();
    assert!(
        page.contains("It’s “pairs” – then — and…"),
        "prose is not smart: {page}"
    );
    assert!(page.contains(r#"<code>"code" -- x</code>"#), "{page}");
    assert!(
        page.contains(r#"encoding="application/x-tex">a--b<"#),
        "{page}"
    );
    assert!(
        page.contains("&#x27;all&#x27; -- of them"),
        "a claim's words changed: {page}"
    );
    assert!(page.contains(r#"title="raw -- 'html'""#), "{page}");
    assert!(page.contains("-- here"), "a link title changed: {page}");
}

#[test]
fn neighbouring_ladders_link_both_ways_from_their_pages_and_their_end_rungs() {
    let dir = fixture("basic");
    std::fs::create_dir(dir.path().join("content/later")).unwrap();
    std::fs::write(
        dir.path().join("content/later/only.md"),
        "+++\ntitle = \"Only\"\nladder = \"later\"\nrung = 1\n+++\n\nThe one rung.\n",
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = dir.path().join("site");
    let read = |p: &str| std::fs::read_to_string(site.join(p)).unwrap();
    let demo = read("demo/index.html");
    assert!(
        demo.contains(r#"<a rel="next" href="../later/">Later →</a>"#),
        "{demo}"
    );
    let later = read("later/index.html");
    assert!(
        later.contains(r#"<a rel="prev" href="../demo/">← Demo</a>"#),
        "{later}"
    );
    let only = read("later/only/index.html");
    assert!(
        only.contains(r#"<a rel="prev" href="../../demo/two/">← Previous ladder, Demo: Two</a>"#),
        "{only}"
    );
    let two = read("demo/two/index.html");
    assert!(
        two.contains(r#"<a rel="next" href="../../later/only/">Next ladder, Later: Only →</a>"#),
        "{two}"
    );
}

#[test]
fn a_caption_names_a_role_with_its_legend_swatch_and_a_colour_word_is_a_warning() {
    let dir = fixture("basic");
    let one = dir.path().join("content/demo/one.md");
    edit(&one, |text| {
        text.replace(
            "caption = \"Two columns of two: {{ b.whole = 4 }} positions, $2 \\\\times 2$.\"",
            "caption = \"Two columns of two beside a {{ b.legend[blocked] }} one; the dark column is blocked.\"",
        )
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("content/demo/one.md:16:1: warning: the caption of figure `b` says `dark`")
            && run.stderr.contains("`{{ b.legend[blocked] }}` (blocked)"),
        "{}",
        run.stderr
    );
    let page = std::fs::read_to_string(dir.path().join("site/demo/one/index.html")).unwrap();
    assert!(
        page.contains("beside a <span class=role-blocked data-swatch aria-hidden=true></span>\u{a0}blocked one"),
        "{page}"
    );
    edit(&one, |text| {
        text.replace("b.legend[blocked]", "b.legend[burnt]")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("figure `b`'s legend has no role `burnt`; it has: blocked (blocked)"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_claim_whose_literal_prints_otherwise_than_the_site_is_a_warning() {
    let dir = fixture("basic");
    let one = dir.path().join("content/demo/one.md");
    edit(&one, |text| {
        text.replace("{{ b.whole = four }}", "{{ b.whole = Four }}")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "content/demo/one.md:19:15: warning: the literal `Four` prints as written, capitalised in mid-sentence"
        ),
        "{}",
        run.stderr
    );
}

/// The fixture with `files` (path under `content/demo/`, text) written, built.
fn built_with(files: &[(&str, &str)]) -> (tempfile::TempDir, common::Run) {
    let dir = fixture("basic");
    for (file, text) in files {
        std::fs::write(dir.path().join("content/demo").join(file), text).unwrap();
    }
    let run = ladder(&["build"], dir.path());
    (dir, run)
}

/// The front page's ladders as a browser reads them: each one's heading and
/// the address its figure links to, if it shows one.
fn front_ladders(dir: &std::path::Path) -> Vec<(String, Option<String>)> {
    let html = std::fs::read_to_string(dir.join("site/index.html")).unwrap();
    let page = scraper::Html::parse_document(&html);
    let select = |s: &str| scraper::Selector::parse(s).unwrap();
    page.select(&select("section.ladder"))
        .map(|ladder| {
            let title = ladder.select(&select("h2")).next().unwrap();
            let lead = ladder.select(&select("a.lead")).next();
            (
                title.text().collect(),
                lead.map(|a| a.attr("href").unwrap().to_string()),
            )
        })
        .collect()
}

#[test]
fn ladder_title_names_a_ladder_without_an_index_and_the_summary_says_so() {
    let dir = fixture("basic");
    let run = ladder(&["build"], dir.path());
    assert!(
        run.stdout.contains(
            "ladder `demo` has no _index.md: titled \"Demo\" from its slug; set `ladder_title`"
        ),
        "{}",
        run.stdout
    );
    // The first rung that sets one titles the ladder, with the prose's punctuation.
    edit(&dir.path().join("content/demo/two.md"), |t| {
        t.replace("rung = 2\n", "rung = 2\nladder_title = \"Walls' rooms\"\n")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "ladder `demo` has no _index.md: titled \"Walls’ rooms\" by `ladder_title` in \
             demo/two.md"
        ),
        "{}",
        run.stdout
    );
    assert_eq!(front_ladders(dir.path())[0].0, "Walls’ rooms");
    // A rung that says otherwise is warned of at its line.
    edit(&dir.path().join("content/demo/one.md"), |t| {
        t.replace("rung = 1\n", "rung = 1\nladder_title = \"Other\"\n")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(front_ladders(dir.path())[0].0, "Other");
    assert!(
        run.stderr.contains("content/demo/two.md:5:")
            && run.stderr.contains(
                "`ladder_title` is \"Walls’ rooms\" but the ladder `demo` is titled \"Other\" \
                 by demo/one.md"
            ),
        "{}",
        run.stderr
    );
}

#[test]
fn the_front_page_shows_the_figure_an_index_names_or_the_first_essays() {
    let (dir, run) = built_with(&[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let first = front_ladders(dir.path());
    assert_eq!(first, [("Demo".into(), Some("demo/one/".into()))]);
    let intro = "+++\ntitle = \"Demo\"\nfigure = \"FIG\"\n+++\n\nWords.\n\n```figure\nid = \
                 \"own\"\ngenerator = \"blocked-board\"\nrows = 2\ncols = 3\nblocked_columns = [2]\ncaption = \"A 2 × 3 board.\"\n```\n\n```figure\nid = \"tab\"\ngenerator = \"run-intervals\"\nview = \"table\"\nmax_cells = 2\ncaption = \"Shapes.\"\n```\n";
    let (dir, run) = built_with(&[("_index.md", &intro.replace("FIG", "one#b"))]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        front_ladders(dir.path())[0].1.as_deref(),
        Some("demo/one/#fig-b")
    );
    let (dir, run) = built_with(&[("_index.md", &intro.replace("FIG", "own"))]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        front_ladders(dir.path())[0].1.as_deref(),
        Some("demo/#fig-own")
    );
    for (name, message) in [
        (
            "three#b",
            "`figure` names the essay `three`, but the ladder `demo` has no essay three.md",
        ),
        (
            "one#zz",
            "`figure` names `zz`, but demo/one.md has no figure with that id (its figures: b)",
        ),
        (
            "two#c",
            "`figure` names `c`, but demo/two.md has no figure with that id (it has none)",
        ),
        (
            "tab",
            "the figure `tab` of demo/_index.md is drawn as a table or text, not a picture",
        ),
    ] {
        let (_dir, run) = built_with(&[("_index.md", &intro.replace("FIG", name))]);
        assert_eq!(run.code, 1, "{name}: {}", run.stderr);
        assert!(
            run.stderr.contains("content/demo/_index.md:3:") && run.stderr.contains(message),
            "{name}: {}",
            run.stderr
        );
    }
}
