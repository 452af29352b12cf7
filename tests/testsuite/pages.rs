//! What a reader finds on the pages: the essays as the snapshots hold them,
//! the header marking where they are, the skip link, a page's summary as its
//! description, each ladder's and the front page's `_index.md`, the ways on
//! from the last rung and between neighbouring ladders, the lists of every
//! essay, and the 404 page and favicon.

use crate::common::{SiteTest, edit, ladder};
use crate::publication::BASE;

/// The `<main>` element with each drawing's body elided, so that layout and
/// drawing changes do not churn every expectation.
fn main_of(html: &str) -> String {
    let start = html.find("<main").expect("a <main>");
    let end = html.find("</main>").expect("a </main>") + "</main>".len();
    let mut main = html[start..end].to_string();
    while let Some(s) = main.find("<svg ") {
        let e = main[s..]
            .find("</svg>")
            .map(|e| s + e + 6)
            .expect("closed svg");
        let head_end = main[s..].find('>').map(|h| s + h + 1).unwrap();
        let head = main[s..head_end].replace("<svg ", "<svg-elided ");
        main.replace_range(s..e, &head);
    }
    main
}

#[test]
fn fixture_pages_match_snapshots() {
    let dir = SiteTest::basic();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("built"), "{}", run.stdout);
    assert!(
        run.stdout.contains("7 pages, 2 figures computed, 0 reused"),
        "{}",
        run.stdout
    );
    for page in [
        "index.html",
        "demo/index.html",
        "demo/one/index.html",
        "demo/two/index.html",
    ] {
        let html = std::fs::read_to_string(dir.path().join("site").join(page)).unwrap();
        insta::assert_snapshot!(page.replace('/', "_"), main_of(&html));
    }
    let data = std::fs::read_to_string(dir.path().join("site/demo/one/b.json")).unwrap();
    assert!(data.contains("\"whole\":4"), "{data}");
    // A board shows no numbers: it has no CSV.
    assert!(!dir.path().join("site/demo/one/b.csv").exists());
    let again = ladder(&["build"], dir.path());
    assert!(
        again.stdout.contains("0 figures computed, 2 reused"),
        "{}",
        again.stdout
    );
    // A data file made from a reused artifact is the one made from the run.
    let reused = std::fs::read_to_string(dir.path().join("site/demo/one/b.json")).unwrap();
    assert_eq!(reused, data);
}

#[test]
fn header_marks_current_ladder() {
    let dir = SiteTest::basic().built();
    assert!(
        dir.read("demo/index.html")
            .contains(r#"href="../demo/" aria-current="page">"#)
    );
    assert!(
        dir.read("demo/one/index.html")
            .contains(r#"href="../../demo/" aria-current="true">"#)
    );
    assert!(!dir.read("index.html").contains("aria-current"));
}

#[test]
fn skip_link_names_target() {
    let dir = SiteTest::basic().built();
    assert!(dir.read("index.html").contains(">Skip to the ladders</a>"));
    assert!(
        dir.read("demo/index.html")
            .contains(">Skip to the essays</a>")
    );
    assert!(
        dir.read("demo/one/index.html")
            .contains(">Skip to the essay</a>")
    );
}

#[test]
fn summary_is_description() {
    let dir = SiteTest::basic();
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

#[test]
fn ladder_index_md() {
    let dir = SiteTest::fixture("published").built();
    let demo = dir.read("demo/index.html");
    assert!(demo.contains("<h1>Walls &amp; boards</h1>"), "{demo}");
    assert!(demo.contains(r#"<p class="lede">Boards cut by a wall.</p>"#));
    assert!(demo.contains(r#"<meta name="description" content="Boards cut by a wall.">"#));
    // The claim is checked and its value shown; the math is MathML; the link
    // climbs one folder, from the ladder's page.
    assert!(demo.contains("has 18 positions"), "{demo}");
    assert!(demo.contains("<math"), "{demo}");
    assert!(demo.contains(r#"href="../demo/two/""#), "{demo}");
    // By weight: the second ladder comes first, in the header and on the front page.
    let index = dir.read("index.html");
    let (second, walls) = (
        index.find("A second ladder").unwrap(),
        index.find("Walls &amp; boards").unwrap(),
    );
    assert!(second < walls);
    assert!(
        dir.read("demo/one/index.html")
            .contains("Walls &amp; boards</a>, rung 1 of 2")
    );
}

#[test]
fn front_page_index_md() {
    let dir = SiteTest::fixture("published").built();
    let index = dir.read("index.html");
    assert!(index.contains("<h1>Welcome &lt;here&gt;</h1>"), "{index}");
    assert!(
        index.contains(r#"<a href="demo/one/">the first rung</a> &amp; read on"#),
        "{index}"
    );
    assert!(!index.contains("Each rung builds on the one below"));
}

#[test]
fn false_claim_in_index_md() {
    let dir = SiteTest::fixture("published");
    let intro = dir.path().join("content/demo/_index.md");
    edit(&intro, |text| text.replace("= 18 }}", "= 19 }}"));
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("_index.md:14:"), "{}", run.stderr);
}

#[test]
fn bad_index_md() {
    let dir = SiteTest::fixture("published");
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
fn last_rung_leads_on() {
    let dir = SiteTest::fixture("published").built();
    // By weight, `second` comes before `demo`.
    let three = dir.read("second/three/index.html");
    assert!(
        three.contains(
            r#"<a rel="next" href="../../demo/one/">Next ladder, Walls &amp; boards: One wall →</a>"#
        ),
        "{three}"
    );
    let two = dir.read("demo/two/index.html");
    assert!(
        two.contains(r#"<a href="../../essays/">Every essay →</a>"#),
        "{two}"
    );
    assert!(
        dir.read("demo/one/index.html")
            .contains(r#"<a rel="next" href="../../demo/two/">Two →</a>"#)
    );
}

#[test]
fn essays_listed_by_ladder_and_date() {
    let dir = SiteTest::fixture("published").built();
    let list = dir.read("essays/index.html");
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
        assert!(dir.read(p).contains(&href), "{p}");
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

#[test]
fn not_found_and_favicon() {
    let dir = SiteTest::fixture("published");
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
fn neighbouring_ladders_link() {
    let dir = SiteTest::basic();
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
fn ladder_title_names_an_unintroduced_ladder() {
    let dir = SiteTest::basic();
    let run = dir.build();
    assert!(
        run.stdout.contains(
            "ladder `demo` has no _index.md: titled \"Demo\" from its slug; set `ladder_title`"
        ),
        "{}",
        run.stdout
    );
    // The first rung that sets one titles the ladder, with the prose's punctuation.
    let dir = dir.edit(
        "demo/two.md",
        "rung = 2\n",
        "rung = 2\nladder_title = \"Walls' rooms\"\n",
    );
    let run = dir.build();
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
    let dir = dir.edit(
        "demo/one.md",
        "rung = 1\n",
        "rung = 1\nladder_title = \"Other\"\n",
    );
    let run = dir.build();
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
fn front_page_figure_named_or_first() {
    let dir = SiteTest::basic();
    let run = dir.build();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let first = front_ladders(dir.path());
    assert_eq!(first, [("Demo".into(), Some("demo/one/".into()))]);
    let intro = "+++\ntitle = \"Demo\"\nfigure = \"FIG\"\n+++\n\nWords.\n\n```figure\nid = \
                 \"own\"\ngenerator = \"blocked-board\"\nrows = 2\ncols = 3\nblocked_columns = [2]\ncaption = \"A 2 × 3 board.\"\n```\n\n```figure\nid = \"tab\"\ngenerator = \"run-intervals\"\nview = \"table\"\nmax_cells = 2\ncaption = \"Shapes.\"\n```\n";
    let dir = SiteTest::basic().write("content/demo/_index.md", &intro.replace("FIG", "one#b"));
    let run = dir.build();
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        front_ladders(dir.path())[0].1.as_deref(),
        Some("demo/one/#fig-b")
    );
    let dir = SiteTest::basic().write("content/demo/_index.md", &intro.replace("FIG", "own"));
    let run = dir.build();
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
        let dir = SiteTest::basic().write("content/demo/_index.md", &intro.replace("FIG", name));
        let run = dir.build();
        assert_eq!(run.code, 1, "{name}: {}", run.stderr);
        assert!(
            run.stderr.contains("content/demo/_index.md:3:") && run.stderr.contains(message),
            "{name}: {}",
            run.stderr
        );
    }
}
