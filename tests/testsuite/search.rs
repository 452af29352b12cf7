//! Search: `ladder build` writes Pagefind's index of the essays and a search
//! page, the one page with a script; `ladder serve` (through [`Site::build`])
//! writes no index.

use crate::common::{SiteTest, edit, ladder, tree};
use ladder::figures::Silent;
use ladder::site::{Options, Site};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The pages Pagefind holds, from its fragment files (gzip of a marker and
/// JSON, as Pagefind's own loader reads them): each page's URL and text.
fn fragments(site: &BTreeMap<PathBuf, Vec<u8>>) -> BTreeMap<String, String> {
    site.iter()
        .filter(|(path, _)| path.starts_with("pagefind/fragment"))
        .map(|(_, bytes)| {
            let mut text = String::new();
            flate2::read::GzDecoder::new(&bytes[..])
                .read_to_string(&mut text)
                .unwrap();
            let json = text
                .strip_prefix("pagefind_dcd")
                .expect("Pagefind's marker");
            let page: serde_json::Value = serde_json::from_str(json).unwrap();
            (
                page["url"].as_str().unwrap().to_string(),
                page["content"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn index_holds_prose_only() {
    let dir = SiteTest::basic().built();
    let site = dir.site();
    let pages = fragments(site);
    // The fixture's two essays; not its front page, ladder page, list of
    // every essay, search page or page for a missing one.
    assert_eq!(
        pages.keys().collect::<Vec<_>>(),
        ["/demo/one/", "/demo/two/"]
    );
    let one = &pages["/demo/one/"];
    assert!(one.contains("middle column blocked"), "{one}");
    assert!(one.contains("Footnotes and tables"), "{one}");
    // Not the header's links, the command under the figure, the ladder line
    // or the footer.
    for absent in ["ladder figure", "rung 1 of 2", "Every essay", "Search"] {
        assert!(!one.contains(absent), "{absent:?} indexed: {one}");
    }
    let entry: serde_json::Value =
        serde_json::from_slice(&site[Path::new("pagefind/pagefind-entry.json")]).unwrap();
    assert_eq!(entry["languages"]["en"]["page_count"], 2);
    // English is stemmed, so the search code without stemming is left out,
    // as are Pagefind's other UIs.
    assert!(site.contains_key(Path::new("pagefind/wasm.en.pagefind")));
    for unused in [
        "wasm.unknown.pagefind",
        "pagefind-modular-ui.js",
        "pagefind-highlight.js",
    ] {
        assert!(
            !site.contains_key(&Path::new("pagefind").join(unused)),
            "{unused}"
        );
    }
}

#[test]
fn only_search_page_has_script() {
    let dir = SiteTest::basic().built();
    let site = dir.site();
    let search = String::from_utf8(site[Path::new("search/index.html")].clone()).unwrap();
    for path in ["../pagefind/pagefind-ui.js", "../pagefind/pagefind-ui.css"] {
        assert!(search.contains(path), "{path}");
        assert!(site.contains_key(&Path::new(path.trim_start_matches("../")).to_path_buf()));
    }
    // Without a script, the page lists every essay.
    for essay in ["../demo/one/", "../demo/two/"] {
        assert!(
            search.contains(&format!(r#"<a href="{essay}">"#)),
            "{essay}"
        );
    }
    for (path, bytes) in site {
        if path.extension().is_some_and(|e| e == "html") && path != Path::new("search/index.html") {
            let html = String::from_utf8_lossy(bytes);
            assert!(!html.contains("<script"), "{} has a script", path.display());
            assert!(
                html.contains(r#"<a class="search-link" href="#),
                "{}",
                path.display()
            );
        }
    }
}

#[test]
fn serve_writes_no_index() {
    let dir = SiteTest::basic();
    let mut site = Site::new(Options {
        drafts: true,
        ..Options::new(dir.path())
    });
    let built = site.build(&Silent).map_err(|_| "build failed").unwrap();
    let files = &built.files.0;
    assert!(files.contains_key(Path::new("search/index.html")));
    assert!(!files.keys().any(|p| p.starts_with("pagefind")));
    let page = String::from_utf8_lossy(&files[Path::new("search/index.html")]);
    assert!(
        page.contains("<code>ladder build</code> writes it"),
        "{page}"
    );
}

#[test]
fn reserved_names_refused() {
    for slug in ["search", "pagefind"] {
        let dir = SiteTest::basic();
        let path = dir.path().join("content/demo/one.md");
        crate::common::edit(&path, |t| {
            t.replace(r#"ladder = "demo""#, &format!(r#"ladder = "{slug}""#))
        });
        let run = ladder(&["build"], dir.path());
        assert_eq!(run.code, 1, "{}", run.stderr);
        let expected =
            format!("one.md:3:10: error: the ladder `{slug}` would be at {slug}/, where");
        assert!(run.stderr.contains(&expected), "{}", run.stderr);
    }
}

#[test]
fn unstemmed_language() {
    let dir = SiteTest::basic()
        .write("ladder.toml", "language = \"la\"\n")
        .built();
    let site = dir.site();
    let wasm: Vec<_> = site
        .keys()
        .filter(|p| p.extension().is_some_and(|e| e == "pagefind"))
        .collect();
    assert_eq!(wasm, [Path::new("pagefind/wasm.unknown.pagefind")]);
    assert_eq!(fragments(site).len(), 2);
}

#[test]
fn bundle_kept_until_edit() {
    use std::os::unix::fs::MetadataExt;
    let dir = SiteTest::basic().built();
    let site = dir.site().clone();
    let entry = dir.path().join("site/pagefind/pagefind-entry.json");
    let stamp = |path: &Path| {
        let meta = std::fs::metadata(path).unwrap();
        (meta.ino(), meta.mtime(), meta.mtime_nsec())
    };
    // Nothing changed: the bundle is taken from the site as it stands, so
    // its files are the very files the last build wrote. (A mark put in one
    // would be a file ladder did not write, which the output check refuses.)
    let before = stamp(&entry);
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(stamp(&entry), before);
    // An essay's words changed: the bundle is built again, and holds them.
    edit(&dir.path().join("content/demo/two.md"), |text| {
        format!("{text}\nA zeugma closes this essay.\n")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rebuilt = tree(&dir.path().join("site"));
    assert_ne!(
        rebuilt[Path::new("pagefind/pagefind-entry.json")],
        site[Path::new("pagefind/pagefind-entry.json")]
    );
    assert!(fragments(&rebuilt)["/demo/two/"].contains("zeugma"));
    assert_ne!(
        rebuilt[Path::new("pagefind/ladder-index.txt")],
        site[Path::new("pagefind/ladder-index.txt")]
    );
}
