//! Pages carry no script unless `ladder.toml` allows it: author HTML is
//! refused at its line as it is read, and every finished page is checked as
//! the browser will build it (`ladder::site::scripts`), so that what a value
//! fills in, what a heading's attributes add and what the browser's parser
//! makes of raw text, split tags, CDATA and data URLs are all seen.

mod common;

use common::{FIRST_LINE, build_edited, fails_at, ladder, page_with};

/// The fixture's first line replaced by `to` fails at `line`, refused as a script.
fn refused(to: &str, line: usize) {
    fails_at(
        "one.md",
        FIRST_LINE,
        to,
        line,
        "built pages carry no JavaScript",
    );
}

#[test]
fn scripts_in_raw_html_and_links_fail_at_their_line() {
    for to in [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "<p>\n<a href=\" JaVaScRiPt:alert(1)\">x</a></p>",
        "[x](javascript:alert(1))",
        "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
        "[x](data:image/svg+xml,x)",
    ] {
        refused(to, 8 + to.matches('\n').count());
    }
}

#[test]
fn values_filled_into_attributes_are_checked_as_the_page_has_them() {
    for to in [
        r#"<iframe src="{{ b.whole = 4 : "javascript:alert(1)" }}"></iframe>"#,
        r#"<img src=x alt={{ b.whole = 4 : "x onerror=alert(2)" }}>"#,
        r#"<iframe srcdoc="{{ b.whole = 4 : "<img src=x onerror=alert(3)>" }}"></iframe>"#,
    ] {
        refused(to, 8);
    }
}

#[test]
fn what_the_browser_parses_differently_from_a_tokenizer_is_refused() {
    for (to, line) in [
        // A heading's attributes.
        ("## Heading {#h tabindex=0 autofocus onfocus=alert(4)}", 8),
        // Raw text ends where the browser ends it.
        (r#"<xmp><p title="</xmp><img src=x onerror=alert(5)>">"#, 8),
        (
            r#"<noscript><p title="</noscript><img src=x onerror=alert(5)>">"#,
            8,
        ),
        // A tag split over two HTML blocks.
        (
            "<details open title=\"\n\n<p title='\" ontoggle=alert(6) '>x</p>",
            10,
        ),
        // CDATA in SVG ends at `]]>`.
        (
            r#"<svg><![CDATA[ ><p title="]]><img src=x onerror=alert(7)>"> ]]></svg>"#,
            8,
        ),
        // Active data URLs and plug-ins.
        (r#"<embed src="x.svg">"#, 8),
        (r#"<iframe src="data:application/xhtml+xml,x"></iframe>"#, 8),
        // An animation aimed at a link's href.
        (
            r#"<svg><a><animate attributeName="href" values="https://example.org/;javascript:alert(9)"/><text y="9">x</text></a></svg>"#,
            8,
        ),
    ] {
        refused(to, line);
    }
}

#[test]
fn ladder_toml_can_allow_scripts_and_refuses_unknown_keys() {
    let (dir, run) = build_edited(FIRST_LINE, "<b onclick=\"go()\">x</b>");
    assert_eq!(run.code, 1);
    std::fs::write(
        dir.path().join("ladder.toml"),
        "[markdown]\nallow_scripts = true\n",
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = std::fs::read_to_string(dir.path().join("site/demo/one/index.html")).unwrap();
    assert!(html.contains("<b onclick=\"go()\">x</b>"), "{html}");
    std::fs::write(
        dir.path().join("ladder.toml"),
        "[markdown]\nallow_scripts = true\nsmart_punctuation = true\n",
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("ladder.toml:3:1: error:") && run.stderr.contains("smart_punctuation"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_template_that_adds_a_script_is_refused_naming_the_template() {
    let (dir, run) = build_edited(FIRST_LINE, FIRST_LINE);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let templates = dir.path().join("templates");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(
        templates.join("404.html"),
        "<!DOCTYPE html><html><body><script>go()</script></body></html>",
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("templates/404.html:1:1: error:")
            && run.stderr.contains("a `<script>` element"),
        "{}",
        run.stderr
    );
}

#[test]
fn hostile_math_is_escaped_text() {
    let html = page_with(
        FIRST_LINE,
        "$a<b$ and $a \\& b$ and $a<img src=x onerror=alert(1)>$\n\n$$x<\\text{</math><script>alert(1)</script>}$$",
    );
    assert!(html.contains("<mo>&lt;</mo>"), "{html}");
    assert!(html.contains("&amp;"), "{html}");
    assert!(
        !html.contains("<img") && !html.contains("<script"),
        "{html}"
    );
}
