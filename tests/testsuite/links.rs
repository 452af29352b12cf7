//! Links between essays, to headings and to figures, and the heading ids
//! they reach.

use crate::common::{FIRST_LINE, SiteTest};

#[test]
fn missing_heading() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", "two.md#second-section", "two.md#nowhere")
        .expect_error_at("demo/one.md", 33, "no heading with id `nowhere`");
}

#[test]
fn missing_essay() {
    SiteTest::basic()
        .built()
        .edit("demo/two.md", "@/demo/one.md", "@/demo/three.md")
        .expect_error_at("demo/two.md", 7, "no such essay");
}

#[test]
fn missing_figure() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", "[](#fig-b)", "[](#fig-z)")
        .expect_error_at("demo/one.md", 37, "no figure `z`");
}

#[test]
fn heading_ids_distinct() {
    let html = SiteTest::basic()
        .edit(
            "demo/one.md",
            FIRST_LINE,
            "# x\n\n# Y {#x}\n\nThe $x^2$\ncase\n---\n\n## Main\n\n## Fig b",
        )
        .page("demo/one/index.html");
    for id in [
        "<h1 id=\"x-1\">x</h1>",
        "<h1 id=\"x\">Y</h1>",
        "id=\"the-x2-case\"",
        "<h2 id=\"main-1\">Main</h2>",
        "<h2 id=\"fig-b-1\">Fig b</h2>",
    ] {
        assert!(html.contains(id), "{id} in {html}");
    }
}

#[test]
fn heading_attributes() {
    let html = SiteTest::basic()
        .edit("demo/one.md", FIRST_LINE, "## H {#h .wide data-note=one}")
        .page("demo/one/index.html");
    assert!(
        html.contains("<h2 id=\"h\" class=\"wide\" data-note=\"one\">H</h2>"),
        "{html}"
    );
    for attribute in [
        "tabindex=0",
        "autofocus",
        "onfocus=alert(4)",
        "data-=1",
        "DATA-X=1",
    ] {
        let name = attribute.split('=').next().unwrap();
        SiteTest::basic()
            .built()
            .edit(
                "demo/one.md",
                FIRST_LINE,
                &format!("## Heading {{#h {attribute}}}"),
            )
            .expect_error_at(
                "demo/one.md",
                8,
                &format!("`data-*` attributes, not `{name}`"),
            );
    }
}

/// Raw HTML's ids collide with nothing the page has (issue 44), and a
/// heading's own id steps around them.
#[test]
fn raw_html_id_taken() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", FIRST_LINE, "<div id=\"main\">x</div>")
        .expect_error_at("demo/one.md", 8, "the id `main` is already the page's own");
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            FIRST_LINE,
            "## Top {#top}\n\nA <span id=\"top\">span</span>.",
        )
        .expect_error_at(
            "demo/one.md",
            10,
            "the id `top` is already the heading's at line 8",
        );
    let html = SiteTest::basic()
        .edit(
            "demo/one.md",
            FIRST_LINE,
            "<p id=\"notes\">x</p>\n\n## Notes",
        )
        .page("demo/one/index.html");
    let page = scraper::Html::parse_document(&html);
    let heading = scraper::Selector::parse("h2").unwrap();
    let ids: Vec<_> = page.select(&heading).filter_map(|h| h.attr("id")).collect();
    assert!(ids.contains(&"notes-1"), "{ids:?}");
}

#[test]
fn heading_id_taken() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", FIRST_LINE, "## Top {#main}")
        .expect_error_at("demo/one.md", 8, "the id `main` is already the page's own");
    SiteTest::basic()
        .built()
        .edit("demo/one.md", FIRST_LINE, "## Figure {#fig-b}")
        .expect_error_at(
            "demo/one.md",
            8,
            "the id `fig-b` is already figure `b`'s (line 10)",
        );
    SiteTest::basic()
        .built()
        .edit("demo/one.md", FIRST_LINE, "## One {#dup}\n\n## Two {#dup}")
        .expect_error_at(
            "demo/one.md",
            10,
            "the id `dup` is already the heading's at line 8",
        );
}
