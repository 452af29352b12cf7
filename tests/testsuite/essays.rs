//! What an essay is made of besides claims: its front matter, its math, its
//! text, and the errors they give at their line.

use crate::common::{FIRST_LINE, SiteTest, edit, ladder};

#[test]
fn duplicate_rung() {
    SiteTest::basic()
        .built()
        .edit("demo/two.md", "rung = 2", "rung = 1")
        .expect_error_at("demo/two.md", 4, "rung 1 twice");
}

#[test]
fn malformed_front_matter() {
    SiteTest::basic()
        .built()
        .edit("demo/two.md", "title = \"Two\"", "title = Two")
        .expect_error_at("demo/two.md", 2, "front matter");
}

#[test]
fn latex_error() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", "$\\frac{1}{4}$", "$\\frac{1}{\\four}$")
        .expect_error_at(
            "demo/one.md",
            21,
            "LaTeX error in `\\frac{1}{\\four}`: unknown primitive command",
        );
}

#[test]
fn stray_dollar() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", FIRST_LINE, "It costs $\\frac{1}{$ here.")
        .expect_error_at("demo/one.md", 8, "a `$` that opens no math");
    let html = SiteTest::basic()
        .edit("demo/one.md", FIRST_LINE, "It costs \\$5.")
        .page("demo/one/index.html");
    assert!(html.contains("It costs $5."), "{html}");
}

#[test]
fn latex_nested_too_deeply() {
    // Spaced, since `{{` inside math opens a value or claim.
    let deep = format!("${}x{}$", "{ ".repeat(1000), " }".repeat(1000));
    SiteTest::basic()
        .built()
        .edit("demo/one.md", FIRST_LINE, &deep)
        .expect_error_at("demo/one.md", 8, "nested more than 100");
    for command in [r"\hat ", r"\frac a", r"\sqrt ", r"\not ", r"\mathbf "] {
        let chain = format!("${}x$", command.repeat(8000));
        SiteTest::basic()
            .built()
            .edit("demo/one.md", FIRST_LINE, &chain)
            .expect_error_at("demo/one.md", 8, "a chain of more than 1000 commands");
    }
}

#[test]
fn alt_text_escaped_once() {
    let html = SiteTest::basic()
        .edit(
            "demo/one.md",
            "caption = \"Two columns of two:",
            "caption = \"Tom & Jerry: $a<b$, then two columns of two:",
        )
        .page("demo/one/index.html");
    assert!(
        html.contains("aria-label=\"Tom &amp; Jerry: a&lt;b, then two columns"),
        "{html}"
    );
}

#[test]
fn error_shows_eighty_columns() {
    let long = format!(
        "{} {{{{ b.whole = 5 }}}} {}",
        "word ".repeat(2000),
        "more ".repeat(2000)
    );
    let dir = SiteTest::basic().edit("demo/one.md", FIRST_LINE, &long);
    let run = dir.build();
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("b.whole = 5"), "{}", run.stderr);
    let longest = run.stderr.lines().map(str::len).max().unwrap();
    assert!(longest < 200, "a line of {longest} bytes:\n{}", run.stderr);
}

#[test]
fn control_characters() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", FIRST_LINE, "A bell\u{7} rings.")
        .expect_error_at("demo/one.md", 8, "the control character U+0007 in text");
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "caption = \"Two columns of two:",
            "caption = \"The $2 \\times 2$ board:",
        )
        .expect_error_at("demo/one.md", 16, "write the string in single quotes");
}

#[test]
fn curly_quotes_and_dashes() {
    let dir = SiteTest::basic();
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
