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
