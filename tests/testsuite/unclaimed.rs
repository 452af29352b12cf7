//! `ladder check --unclaimed`: the numbers an essay writes outside its
//! claims, math and code, by line and column, and `{{ given: ... }}`, which
//! marks a number that is not computed; and claims in alt texts, checked
//! at their own line.

use crate::common::SiteTest;

/// The fixture's first prose line (line 8 of `demo/one.md`).
const PROSE: &str = "A 2 × 3 board with its middle column blocked has two parts.";

/// The `unclaimed:` lines `ladder check --unclaimed` prints for line `line`
/// of `demo/one.md`, with its exit code.
fn listed(site: &SiteTest, line: usize) -> (i32, Vec<String>) {
    let run = site.run(&["check", "--unclaimed"]);
    let at = format!("content/demo/one.md:{line}:");
    let lines = run
        .stdout
        .lines()
        .filter(|l| l.contains(&at) && l.contains(": unclaimed: "))
        .map(|l| l[l.find(&at).unwrap() + at.len()..].to_string())
        .collect();
    (run.code, lines)
}

#[test]
fn a_bare_number_is_listed_at_its_line_and_column_and_a_claimed_or_given_one_is_not() {
    let site = SiteTest::basic().edit(
        "demo/one.md",
        PROSE,
        "A board of 2,916 squares has {{ b.whole = four }} positions, {{ b.parts.0 = 2 }} a \
         part, for {{ given: two }} players; $3 + 3$ and `5` are not prose, a half is.",
    );
    let (code, lines) = listed(&site, 8);
    assert_eq!(code, 1);
    assert_eq!(lines, ["12: unclaimed: 2,916", "151: unclaimed: a half"]);
    // The page prints a given number as written.
    let html = site.page("demo/one/index.html");
    assert!(html.contains("for two players"), "{html}");
}

#[test]
fn captions_and_alt_texts_are_read_too() {
    let site = SiteTest::basic().edit(
        "demo/one.md",
        "id = \"b\"",
        "id = \"b\"\nalt = \"Two rooms of {{ b.parts.0 = 2 }} positions, {{ given: three }} columns.\"",
    );
    // The caption (now line 17) has an escape: its numbers are at its key.
    assert_eq!(
        listed(&site, 17).1,
        ["1: unclaimed: Two", "1: unclaimed: two"]
    );
    assert_eq!(listed(&site, 12).1, ["8: unclaimed: Two"]);
}

#[test]
fn a_given_number_holds_plain_words() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", PROSE, "For {{ given: <b>two</b> }} players.")
        .expect_error_at("demo/one.md", 8, "holds plain words and digits, not `<`");
}

#[test]
fn a_false_claim_in_an_alt_text_fails_at_its_line() {
    // Written as it stands (no escapes), at its column; with an escape, at
    // its key's line.
    let site = SiteTest::basic().built().edit(
        "demo/one.md",
        "id = \"b\"",
        "id = \"b\"\nalt = \"A board of {{ b.whole = 5 }} positions\"",
    );
    site.expect_error_at("demo/one.md", 12, "claim `b.whole = 5` is false");
    let run = site.run(&["check"]);
    assert!(
        run.stderr.contains("content/demo/one.md:12:19: error"),
        "{}",
        run.stderr
    );
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "id = \"b\"",
            "id = \"b\"\nalt = \"A \\\"board\\\" of {{ b.whole = 5 }} positions\"",
        )
        .expect_error_at("demo/one.md", 12, "claim `b.whole = 5` is false");
}

#[test]
fn a_malformed_given_in_an_alt_text_fails_at_its_line() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "id = \"b\"",
            "id = \"b\"\nalt = \"A board for {{ given: <b>two</b> }} players\"",
        )
        .expect_error_at("demo/one.md", 12, "holds plain words and digits, not `<`");
}

#[test]
fn the_front_matters_given_phrases_leave_out_every_occurrence_and_no_other_number() {
    let site = SiteTest::basic()
        .edit(
            "demo/one.md",
            "summary = ",
            "given = [\"2 × 3 board\", \"two\\n columns\"]\nsummary = ",
        )
        .edit(
            "demo/one.md",
            PROSE,
            "A 2 × 3 board, two columns, Two Columns and two rows: a 2 × 3\nboard.",
        );
    // The prose is now lines 9 and 10: only "two rows" is left; the
    // caption's "Two columns" (line 18, its numbers at the key) is given too.
    assert_eq!(listed(&site, 9).1, ["45: unclaimed: two"]);
    assert!(listed(&site, 10).1.is_empty());
    assert_eq!(listed(&site, 18).1, ["1: unclaimed: two"]);
}

#[test]
fn a_given_phrase_that_stands_nowhere_or_holds_no_number_fails_at_its_line() {
    let with = |given: &str| {
        SiteTest::basic().built().edit(
            "demo/one.md",
            "summary = ",
            &format!("given = [\"2 × 3 board\",\n  \"{given}\"]\nsummary = "),
        )
    };
    with("five players").expect_error_at(
        "demo/one.md",
        6,
        "the given phrase `five players` stands nowhere in the essay",
    );
    with("middle column").expect_error_at(
        "demo/one.md",
        6,
        "the given phrase `middle column` holds no number",
    );
}
