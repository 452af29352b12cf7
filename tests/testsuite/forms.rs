//! The claim language as an author meets it: every form docs/claims.md
//! shows, built into a page and read back from its DOM; false claims that
//! fail with the value computed in full and the rounding that compared it;
//! and each claim evaluated exactly once a build, for the page and the
//! record of values alike.

use crate::common::{edit, fixture, ladder};
use ladder::site::{self, Options};

/// The text of the page's paragraphs, as a browser's DOM holds it.
fn paragraphs(html: &str) -> Vec<String> {
    let page = scraper::Html::parse_document(html);
    let p = scraper::Selector::parse("main p").unwrap();
    page.select(&p)
        .map(|e| {
            e.text()
                .collect::<String>()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn lists_ranges_precision_and_every_element_print_what_the_author_wrote() {
    let dir = fixture("claims");
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = std::fs::read_to_string(dir.path().join("site/demo/forms/index.html")).unwrap();
    let text = paragraphs(&html).join("\n");
    assert!(
        text.contains(
            "Parts 2 and 2; two each; 2; 2 and 2; three or four; twice their values; 2; 4; \
             about one; one and a half; 1.5; 2 and 2; 3."
        ),
        "{text}"
    );
}

/// Each formula of the page's paragraphs (inline and display math), as
/// `(tag, text)` of its elements, the annotation left out.
fn formulas(html: &str) -> Vec<Vec<(String, String)>> {
    let page = scraper::Html::parse_document(html);
    let math = scraper::Selector::parse("main p math").unwrap();
    let tokens = scraper::Selector::parse("mn, mo, mi, mtext").unwrap();
    page.select(&math)
        .map(|m| {
            m.select(&tokens)
                .map(|t| (t.value().name().to_string(), t.text().collect()))
                .collect()
        })
        .collect()
}

#[test]
fn values_and_claims_in_math_are_typeset_as_math() {
    let dir = fixture("claims");
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    let html = std::fs::read_to_string(dir.path().join("site/demo/forms/index.html")).unwrap();
    let as_pairs = |tokens: &[(&str, &str)]| -> Vec<(String, String)> {
        tokens
            .iter()
            .map(|(tag, text)| (tag.to_string(), text.to_string()))
            .collect()
    };
    let expected = [
        as_pairs(&[
            ("mn", "4"),
            ("mo", "×"),
            ("mn", "729"),
            ("mo", "="),
            ("mn", "2,916"),
        ]),
        as_pairs(&[
            ("mn", "1"),
            ("mo", "−"),
            ("mn", "4"),
            ("mo", "="),
            ("mo", "−"),
            ("mn", "3"),
        ]),
        // A game value in the site's notation: ±1.
        as_pairs(&[("mo", "±"), ("mn", "1")]),
        as_pairs(&[("mtext", "four")]),
        // `\{{` is LaTeX's brace, not an expression.
        as_pairs(&[
            ("mo", "{"),
            ("mn", "0"),
            ("mo", "∣"),
            ("mn", "1"),
            ("mo", "}"),
        ]),
        as_pairs(&[("mn", "4"), ("mn", "3"), ("mo", "="), ("mn", "1.3")]),
    ];
    assert_eq!(formulas(&html), expected);
}

#[test]
fn a_false_claim_in_math_fails_at_its_line_with_both_values() {
    let dir = fixture("claims");
    let page = dir.path().join("content/demo/forms.md");
    let source = std::fs::read_to_string(&page).unwrap();
    let (line, column) = source
        .lines()
        .enumerate()
        .find_map(|(i, l)| Some((i + 1, l.find("{{ 1 - b.whole = −3 }}")? + 1)))
        .unwrap();
    edit(&page, |t| {
        t.replace("{{ 1 - b.whole = −3 }}", "{{ 1 - b.whole = −4 }}")
            .replace("{{ b.whole / 3 ~ 1.3 }}", "{{ b.whole / 3 ~ 1.4 }}")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    for message in [
        format!(
            "forms.md:{line}:{column}: error: claim `1 - b.whole = −4` is false: the \
             generator computed −3"
        ),
        "claim `b.whole / 3 ~ 1.4` is false: the generator computed 4/3, which to the nearest \
         0.1 is 1.3"
            .to_string(),
    ] {
        assert!(
            run.stderr.contains(&message),
            "expected {message:?} in:\n{}",
            run.stderr
        );
    }
    assert!(!dir.path().join("site").exists());
}

#[test]
fn a_false_claim_shows_the_value_in_full_the_rounding_and_its_words() {
    let dir = fixture("claims");
    let page = dir.path().join("content/demo/forms.md");
    edit(&page, |t| {
        t.replace(
            "{{ b.whole-1 = 3 }}",
            "{{ b.whole / 3 ~ 1.4 }} {{ b.parts = [2, 3] : \"two and three\" }} \
             {{ b.whole in 5..=6 : \"five or six\" }} {{ b.parts.shortlist }} \
             {{ min(b.parts, 3) }} {{ b.parts = b.part_values : \"alike\" }} \
             {{ b.parts * b.cells.0 = [0, 2] }} {{ b.regions = false }}",
        )
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    for message in [
        "claim `b.whole / 3 ~ 1.4` is false: the generator computed 4/3, which to the nearest \
         0.1 is 1.3",
        "claim `b.parts = [2, 3] : \"two and three\"` is false: the generator computed [2, 2] \
         (the 2nd element is 2)",
        "claim `b.whole in 5..=6 : \"five or six\"` is false: the generator computed 4",
        "a key after a list applies to each element, but the 1st element is 2, which has no keys",
        "`min` of several values takes numbers: nest the list's (`min(min(b.parts), ...)`)",
        "claim `b.parts = b.part_values : \"alike\"` is false: the generator computed [2, 2] \
         against [1, 1] (the 1st element is 2 against 1)",
        "`b.parts * b.cells.0`: `b.parts` is a list of 2 and `b.cells.0` a list of 3",
        "`false` is claimed of true or false, and the value is `2`",
    ] {
        assert!(
            run.stderr.contains(message),
            "expected {message:?} in:\n{}",
            run.stderr
        );
    }
}

/// Claims that compare games, built into a page and read from its DOM, the
/// values from the theory: the 2 × 2 Domineering square is ±1 = {1|-1}, a
/// first-player win so confused with 0; one green Hackenbush edge is ∗,
/// confused with 0; two rows of three, {2|-1/2}, exceed ±1 (Left wins
/// {2|-1/2} + {1|-1} whoever starts, by hand) and are confused with 0;
/// their mean 3/4 is below 1.
#[test]
fn claims_compare_games_as_games_and_print_them_typeset() {
    let dir = fixture("claims");
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = std::fs::read_to_string(dir.path().join("site/demo/games/index.html")).unwrap();
    let text = paragraphs(&html).join("\n");
    assert!(
        text.contains("Square {1 | −1}; ±1; confused; 0; ∗; greater; 1; 0; {2 | −1/2}; partizan."),
        "{text}"
    );
}

#[test]
fn a_false_comparison_of_games_names_both_and_says_they_are_confused() {
    let dir = fixture("claims");
    let page = dir.path().join("content/demo/games.md");
    edit(&page, |t| {
        t.replace(
            "{{ h.value || 0 }}",
            "{{ h.value >= 0 }} {{ d.parts.0.value = {1|-1 }}",
        )
        .replace("{{ d.mean < 1 }}", "{{ d.mean < 1/2 }}")
        .replace("value > d.parts", "value < d.parts")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    for message in [
        "claim `h.value >= 0` is false: the generator computed ∗, which is confused with 0: \
         neither is at least the other",
        "claim `d.mean < 1/2` is false: the generator computed 3/4",
        "claim `d.parts.1.value < d.parts.0.value : \"greater\"` is false: the generator computed {2 | −1/2}, \
         which is greater than ±1",
        "cannot read `{1|-1` as a game: a `{` is not closed by `}`",
    ] {
        assert!(
            run.stderr.contains(message),
            "expected {message:?} in:\n{}",
            run.stderr
        );
    }
}

#[test]
fn a_build_evaluates_each_claim_exactly_once() {
    let dir = fixture("claims");
    // The two essays' twenty-nine expressions, six of them in math.
    let mut site = site::Site::new(Options::new(dir.path()));
    let built = site.build(&ladder::figures::Silent).unwrap();
    assert_eq!(built.summary.evaluated, 29);
    assert!(built.record.is_some());
    // Built again, it evaluates each once more, for its page and its record.
    let again = site.build(&ladder::figures::Silent).unwrap();
    assert_eq!(again.summary.evaluated, 29);
    // A rebuild that keeps no record evaluates nothing of a page it keeps.
    site.opts.changes = false;
    let kept = site.build(&ladder::figures::Silent).unwrap();
    assert_eq!((kept.summary.evaluated, kept.summary.rendered), (0, 0));
}
