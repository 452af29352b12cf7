//! What a reader finds on every page besides the essay: the header marks where
//! they are, the skip link names what it skips to, and a page's summary is its
//! description for search engines and link previews.

mod common;

use common::{fixture, ladder};

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
fn an_essay_has_its_title_and_summary_as_link_preview_and_description_escaped() {
    let dir = fixture("basic");
    let one = dir.path().join("content/demo/one.md");
    let text = std::fs::read_to_string(&one).unwrap();
    std::fs::write(
        &one,
        text.replace(
            "summary = \"A small board with a wall.\"",
            r#"summary = "Pairs & \"quotes\" <b>""#,
        ),
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = dir.path().join("site");
    let one = std::fs::read_to_string(site.join("demo/one/index.html")).unwrap();
    assert!(
        one.contains(
            r#"<meta name="description" content="Pairs &amp; &quot;quotes&quot; &lt;b&gt;">"#
        ),
        "{one}"
    );
    assert!(one.contains(r#"<meta property="og:title" content="One wall">"#));
    let two = std::fs::read_to_string(site.join("demo/two/index.html")).unwrap();
    assert!(!two.contains(r#"name="description""#));
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
        page("index.html").contains("<title>Small &lt;Games&gt;: Two ladders &amp; a test</title>")
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
    assert!(index.contains("<title>Ladder: essays on combinatorial games</title>"));
    assert!(index.contains(r#"<a class="home" href="">Ladder</a>"#));
    assert!(!index.contains("licence") && !index.contains(r#"name="author""#));
}

#[test]
fn a_bad_setting_is_an_error_at_its_line_and_a_bad_base_url_flag_a_usage_error() {
    let dir = fixture("published");
    let toml = dir.path().join("ladder.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(&toml, format!("{text}colour = \"red\"\n")).unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("ladder.toml:6:1"), "{}", run.stderr);
    assert!(run.stderr.contains("colour"), "{}", run.stderr);
    std::fs::write(&toml, format!("{text}base_url = \"example.org\"\n")).unwrap();
    let run = ladder(&["build"], dir.path());
    assert!(run.stderr.contains("ladder.toml:6:1"), "{}", run.stderr);
    let run = ladder(&["build", "--base-url", "example.org"], dir.path());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("https://"), "{}", run.stderr);
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
    let text = std::fs::read_to_string(&intro).unwrap();
    std::fs::write(&intro, text.replace("= 18 }}", "= 19 }}")).unwrap();
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
    let text = std::fs::read_to_string(&three).unwrap();
    std::fs::write(
        &three,
        text.replace("ladder = \"second\"", "ladder = \"essays\""),
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("three.md:3:10: error: the ladder `essays` would be at essays/"),
        "{}",
        run.stderr
    );
}
