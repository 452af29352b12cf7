//! Pages carry no script unless `ladder.toml` allows it: author HTML is
//! refused at its line as it is read, and every finished page is checked as
//! the browser will build it (`ladder::site::scripts`), so that what a value
//! fills in, what a heading's attributes add and what the browser's parser
//! makes of raw text, split tags, CDATA and data URLs are all seen.

use crate::common::{FIRST_LINE, SiteTest, ladder};

/// The fixture's first line replaced by `to` fails at `line`, refused as a script.
fn refused(to: &str, line: usize) {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", FIRST_LINE, to)
        .expect_error_at("demo/one.md", line, "built pages carry no JavaScript");
}

#[test]
fn in_raw_html_and_links() {
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
fn values_in_attributes_checked() {
    for to in [
        r#"<iframe src="{{ b.whole = 4 : "javascript:alert(1)" }}"></iframe>"#,
        r#"<img src=x alt={{ b.whole = 4 : "x onerror=alert(2)" }}>"#,
        r#"<iframe srcdoc="{{ b.whole = 4 : "<img src=x onerror=alert(3)>" }}"></iframe>"#,
    ] {
        refused(to, 8);
    }
}

#[test]
fn browser_parsing_quirks_refused() {
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
fn allowed_by_settings() {
    let dir = SiteTest::basic().edit("demo/one.md", FIRST_LINE, "<b onclick=\"go()\">x</b>");
    let run = dir.build();
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
fn added_by_template() {
    let dir = SiteTest::basic().edit("demo/one.md", FIRST_LINE, FIRST_LINE);
    let run = dir.build();
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
            && run
                .stderr
                .contains("an inline `<script>` the page's Content-Security-Policy"),
        "{}",
        run.stderr
    );
}

#[test]
fn hostile_math_escaped() {
    let html = SiteTest::basic()
                   .edit(
                       "demo/one.md",
                       FIRST_LINE,
                       "$a<b$ and $a \\& b$ and $a<img src=x onerror=alert(1)>$\n\n$$x<\\text{</math><script>alert(1)</script>}$$",
                   )
                   .page("demo/one/index.html");
    assert!(html.contains("<mo>&lt;</mo>"), "{html}");
    assert!(html.contains("&amp;"), "{html}");
    assert!(
        !html.contains("<img") && !html.contains("<script"),
        "{html}"
    );
}

/// One fragment of `tests/hostile/corpus.txt`.
struct Fragment {
    refuse: bool,
    why: String,
    text: String,
}

/// The hostile corpus (its format is described at its top).
fn corpus() -> Vec<Fragment> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile/corpus.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut fragments: Vec<Fragment> = Vec::new();
    for line in text.lines() {
        if line.starts_with("%%%") {
            continue;
        }
        if let Some(head) = line.strip_prefix("%% ") {
            let (verdict, why) = head.split_once(": ").expect("`%% accept: WHY`");
            assert!(["accept", "refuse"].contains(&verdict), "{line}");
            fragments.push(Fragment {
                refuse: verdict == "refuse",
                why: why.into(),
                text: String::new(),
            });
        } else if let Some(f) = fragments.last_mut() {
            f.text.push_str(line);
            f.text.push('\n');
        }
    }
    for f in &mut fragments {
        f.text = f.text.trim_end().to_string() + "\n";
    }
    fragments
}

/// A site of one essay whose body is set anew for each build, kept in
/// memory between builds (its one figure is computed once).
struct Essays {
    dir: tempfile::TempDir,
    site: ladder::site::Site,
}

impl Essays {
    fn new() -> Essays {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("content/h")).unwrap();
        let mut opts = ladder::site::Options::new(dir.path());
        opts.write = false;
        opts.changes = false;
        let site = ladder::site::Site::new(opts);
        Essays { dir, site }
    }

    /// The site's pages with `body` as the essay's, or the build's errors.
    fn build(&mut self, body: &str) -> Result<Vec<(String, String)>, String> {
        let essay = format!(
            "+++\ntitle = \"Hostile\"\nladder = \"h\"\nrung = 1\n+++\n\n```data\nid = \"b\"\n\
             generator = \"blocked-board\"\nrows = 2\ncols = 3\nblocked_columns = [2]\n```\n\n\
             {body}\n\n<p id=\"after\">After.</p>\n"
        );
        std::fs::write(self.dir.path().join("content/h/x.md"), essay).unwrap();
        match self.site.build(&ladder::figures::Silent) {
            Ok(built) => Ok(built
                .files
                .0
                .into_iter()
                .filter(|(p, _)| p.extension().is_some_and(|e| e == "html"))
                .filter(|(p, _)| !p.starts_with("search"))
                .map(|(p, b)| (p.display().to_string(), String::from_utf8(b).unwrap()))
                .collect()),
            Err(ladder::site::Failure::Content(errors, _)) => Err(errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")),
            Err(ladder::site::Failure::Io(e)) => panic!("{e:#}"),
        }
    }
}

/// What in a page could run script, found by a second, simpler reading than
/// the site's (which allows what it knows to be safe): a denylist of
/// elements, `on...` attributes and script-capable URL schemes, over the
/// tree html5ever builds, `srcdoc` documents included.
fn scripted(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    let document = scraper::Html::parse_document(html);
    for node in document.tree.nodes() {
        let Some(element) = node.value().as_element() else {
            continue;
        };
        let name = element.name.local.to_string().to_lowercase();
        if ["script", "object", "embed", "applet", "frame", "base"].contains(&name.as_str()) {
            found.push(format!("<{name}>"));
        }
        for (attr, value) in element.attrs() {
            let attr = attr.to_lowercase();
            if attr.starts_with("on") {
                found.push(format!("{attr} on <{name}>"));
            }
            // Text for people, not for the browser to follow (an animation's
            // values are only followed on an animation).
            let animation = ["animate", "set"].contains(&name.as_str());
            let text = ["title", "alt", "placeholder", "value", "srcdoc"].contains(&attr.as_str())
                || (!animation && ["values", "to", "from", "by"].contains(&attr.as_str()))
                || attr.starts_with("aria-")
                || attr.starts_with("data-")
                // A meta's content is a URL only in a refresh.
                || (name == "meta"
                    && attr == "content"
                    && !element
                        .attr("http-equiv")
                        .is_some_and(|e| e.eq_ignore_ascii_case("refresh")));
            let squeeze = |piece: &str| {
                piece
                    .chars()
                    .filter(|c| !c.is_whitespace() && !c.is_control())
                    .collect::<String>()
                    .to_lowercase()
            };
            let scripted_piece = if attr == "style" {
                // CSS has no use for a script scheme anywhere.
                let css = squeeze(value);
                css.contains("javascript:") || css.contains("vbscript:")
            } else {
                // Any piece of the value, between separators of URL lists (a
                // quote before a scheme makes a relative URL, as the URL
                // parser reads it).
                value
                    .split([';', ',', ' ', '\t', '\n'])
                    .map(squeeze)
                    .any(|p| {
                        let data_image = ["png", "jpeg", "gif", "webp"]
                            .iter()
                            .any(|t| p.starts_with(&format!("data:image/{t}")));
                        p.starts_with("javascript:")
                            || p.starts_with("vbscript:")
                            || (p.starts_with("data:") && !data_image)
                    })
            };
            if !text && scripted_piece {
                found.push(format!("{attr}={value} on <{name}>"));
            }
            if attr == "srcdoc" {
                found.extend(scripted(value));
            }
        }
    }
    found
}

#[test]
fn hostile_corpus() {
    let mut essays = Essays::new();
    let corpus = corpus();
    assert!(corpus.len() >= 150, "{} fragments", corpus.len());
    let mut wrong = Vec::new();
    for f in &corpus {
        match (f.refuse, essays.build(&f.text)) {
            (true, Err(e)) if e.contains("built pages carry no JavaScript") => {}
            (false, Ok(pages)) => {
                for (path, html) in pages {
                    let found = scripted(&html);
                    assert!(found.is_empty(), "{}: {path}: {found:?}", f.why);
                }
            }
            (_, outcome) => wrong.push(format!("{} ({:?}): {outcome:?}", f.why, f.text)),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

mod glued {
    //! Random essays glued from pieces of the corpus, markdown and claims:
    //! every page of every one that builds carries no script.

    use super::{Essays, corpus, scripted};
    use proptest::prelude::*;
    use std::cell::RefCell;

    /// Markdown and claims to glue the corpus's pieces with.
    const GLUE: [&str; 12] = [
        "\n\n",
        "\n",
        "## A heading\n\n",
        "- a list item ",
        "> a quote ",
        "| a | b |\n| - | - |\n| ",
        "*emphasis* ",
        "[a link](https://example.org/ \"t\") ",
        "{{ b.whole }} ",
        "{{ b.whole = 4 }} ",
        "$x$ ",
        "<div>\n",
    ];

    fn piece() -> impl Strategy<Value = String> {
        let fragments: Vec<String> = corpus().into_iter().map(|f| f.text).collect();
        let texts = fragments.clone();
        prop_oneof![
            3 => prop::sample::select(fragments),
            2 => prop::sample::select(GLUE.to_vec()).prop_map(str::to_string),
            // A piece of a fragment, cut anywhere, as it is or as a claim's words.
            2 => (prop::sample::select(texts), any::<prop::sample::Index>(), any::<bool>())
                .prop_map(|(t, i, claim)| {
                    let cut = i.index(t.len() + 1);
                    let cut = (0..=cut).rev().find(|&c| t.is_char_boundary(c)).unwrap_or(0);
                    let part = &t[..cut];
                    if claim {
                        let words = part.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', " ");
                        format!("{{{{ b.whole = 4 : \"{words}\" }}}}")
                    } else {
                        part.to_string()
                    }
                }),
        ]
    }

    thread_local! {
        static ESSAYS: RefCell<Essays> = RefCell::new(Essays::new());
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn built_pages_carry_no_script(pieces in prop::collection::vec(piece(), 1..6)) {
            let body = pieces.concat();
            let built = ESSAYS.with(|e| e.borrow_mut().build(&body));
            if let Ok(pages) = built {
                for (path, html) in pages {
                    let found = scripted(&html);
                    prop_assert!(found.is_empty(), "{path}: {found:?}\n{body}");
                }
            }
        }
    }
}

/// A template or a file from `templates/` that could run script in the
/// site's origin fails the build, naming the file (issue 44, S3 and S4).
#[test]
fn search_page_favicon_and_stylesheet_checked() {
    let cases = [
        (
            "search.html",
            "{% extends \"base.html\" %}{% block main %}<script>go()</script>{% endblock main %}",
            "`<script>`",
        ),
        (
            "favicon.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>",
            "onload",
        ),
        (
            "favicon.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>",
            "<script>",
        ),
        (
            "style.css",
            "body { background: url('java\\9 script:alert(1)') }",
            "javascript:",
        ),
    ];
    for (file, text, words) in cases {
        let dir = SiteTest::basic();
        dir.put(&format!("templates/{file}"), text);
        let run = dir.build();
        assert_eq!(run.code, 1, "{file}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!("templates/{file}")) && run.stderr.contains(words),
            "{file}: {}",
            run.stderr
        );
        assert!(
            !dir.path().join("site").exists(),
            "{file}: a site was written"
        );
    }
}
