//! Values and claims in prose: a false claim fails naming both values
//! wherever it sits, true ones print their literal or their words, and what
//! cannot be evaluated fails at its line.

use crate::common::{FIRST_LINE, SiteTest, edit, ladder};

#[test]
fn false_names_both_values() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", "{{ b.parts.0 = 2 }}", "{{ b.parts.0 = 3 }}")
        .expect_error_at(
            "demo/one.md",
            19,
            "claim `b.parts.0 = 3` is false: the generator computed 2",
        );
}

#[test]
fn derived_quantities() {
    let page = SiteTest::basic()
        .edit(
            "demo/one.md",
            "{{ b.parts.0 = 2 }}",
            "{{ b.parts.0 = 2 }} ({{ b.whole - 1 = three }} without the empty board, \
         {{ len(b.parts) = both }} parts, {{ b.parts.0 * b.parts.1 = b.whole }}, \
         {{ b.whole / len(b.parts) | words }} on average)",
        )
        .page("demo/one/index.html");
    assert!(
        page.contains("2 (three without the empty board, both parts, 4, two on average)"),
        "{page}"
    );
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "{{ b.parts.0 = 2 }}",
            "{{ b.parts.0 = 2 }} {{ sum(b.parts) - 1 > b.whole }}",
        )
        .expect_error_at(
            "demo/one.md",
            19,
            "claim `sum(b.parts) - 1 > b.whole` is false: the generator computed 3 against 4",
        );
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "{{ b.parts.0 = 2 }}",
            "{{ b.whole / (b.parts.0 - 2) }}",
        )
        .expect_error_at(
            "demo/one.md",
            19,
            "`b.whole / (b.parts.0 - 2)`: `b.parts.0 - 2` is 0, and nothing divides by 0",
        );
}

#[test]
fn false_in_caption() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", "{{ b.whole = 4 }}", "{{ b.whole = 5 }}")
        .expect_error_at("demo/one.md", 16, "computed 4");
}

#[test]
fn unknown_key() {
    SiteTest::basic()
        .built()
        .edit("demo/two.md", "{{ c.split = 1 }}", "{{ c.splits }}")
        .expect_error_at("demo/two.md", 16, "no key `splits`");
}

#[test]
fn every_error_reported() {
    let dir = SiteTest::basic();
    let path = dir.path().join("content/demo/one.md");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        // The same false claim twice on one line is two errors, each at its column.
        text.replace(
            "{{ b.parts.0 = 2 }}",
            "{{ b.parts.0 = 3 }} or {{ b.parts.0 = 3 }}",
        )
        .replace("[](#fig-b)", "[](#fig-z)"),
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("3 errors"), "{}", run.stderr);
    assert!(run.stderr.contains("one.md:19:60:"), "{}", run.stderr);
    assert!(run.stderr.contains("one.md:19:83:"), "{}", run.stderr);
    assert!(!dir.path().join("site").exists());
}

/// 20,000 false claims on one line of 200 KB: every error shows a window of
/// the line, not the line, and the report shows 20 of them and counts the
/// rest (each copied the whole line once: 3.8 GB, and an abort).
#[test]
fn thousands_of_errors_on_one_long_line_are_capped() {
    let line = "{{ b.whole = 5 }}  ".repeat(20_000);
    let dir = SiteTest::basic().edit("demo/one.md", FIRST_LINE, &line);
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.len() < 20_000, "{}", run.stderr.len());
    assert_eq!(run.stderr.matches("error: claim `b.whole = 5`").count(), 20);
    assert!(
        run.stderr.contains("one.md: 19980 more errors not shown"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("20000 errors; nothing written"));
}

/// The essay's page of the fixture with `from` -> `to` in `one.md`, failing
/// with the errors if the build fails.
#[test]
fn false_wherever_it_sits() {
    for (to, line) in [
        ("<div>x {{ b.whole = 9999 }}</div>", 8),
        ("<span title=\"{{ b.whole = 1 }}\">t</span>", 8),
        ("[l](http://x \"t {{ b.whole = 8 }}\")", 8),
        ("## A heading {{ b.whole = 7 }}", 8),
        ("| a |\n| - |\n| {{ b.whole = 6 }} |", 10),
    ] {
        SiteTest::basic()
            .built()
            .edit("demo/one.md", FIRST_LINE, to)
            .expect_error_at("demo/one.md", line, "is false");
    }
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "caption = \"Two columns",
            "caption = \"<div>{{ b.whole = 5 }}</div> Two columns",
        )
        .expect_error_at("demo/one.md", 16, "claim `b.whole = 5` is false");
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "id = \"b\"",
            "id = \"b\"\nalt = \"{{ b.whole = 3 }} positions\"",
        )
        .expect_error_at("demo/one.md", 12, "claim `b.whole = 3` is false");
}

#[test]
fn true_in_attributes_print_literal() {
    let html = SiteTest::basic()
                   .edit(
                       "demo/one.md",
                       FIRST_LINE,
                       "<span title=\"{{ b.whole = 4 }} of {{ b.whole }}\">t</span> [l](http://x \"t {{ b.whole = four }}\")\n\n## Has {{ b.whole = 4 }} {{ b.whole }}",
                   )
                   .page("demo/one/index.html");
    assert!(html.contains("<span title=\"4 of 4\">t</span>"), "{html}");
    assert!(html.contains("title=\"t four\""), "{html}");
    assert!(html.contains("<h2 id=\"has-4\">Has 4 4</h2>"), "{html}");
}

#[test]
fn value_in_link_destination() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", FIRST_LINE, "[l](http://x/{{ b.whole }})")
        .expect_error_at(
            "demo/one.md",
            8,
            "stands where the page shows nothing of it",
        );
}

#[test]
fn in_front_matter() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "summary = \"A small board with a wall.\"",
            "summary = \"{{ b.whole = 4 }} positions.\"",
        )
        .expect_error_at("demo/one.md", 5, "not evaluated in front matter");
}

#[test]
fn nonsense_number_words() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "{{ b.whole = four }}",
            "{{ b.whole = one one }}",
        )
        .expect_error_at("demo/one.md", 19, "cannot read `one one` as a literal");
}

#[test]
fn minus_sign_before_words() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "{{ b.whole = four }}",
            "{{ b.whole = \u{2212}four }}",
        )
        .expect_error_at(
            "demo/one.md",
            19,
            "claim `b.whole = \u{2212}four` is false: the generator computed 4",
        );
    let html = SiteTest::basic()
        .edit(
            "demo/one.md",
            "{{ b.whole = four }}",
            "{{ b.whole > \u{2212}five }} and {{ b.whole >= -three : \"more\" }}",
        )
        .page("demo/one/index.html");
    assert!(html.contains("\u{2212}five and"), "{html}");
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "{{ b.whole = four }}",
            "{{ b.whole = \u{2212}third }}",
        )
        .expect_error_at(
            "demo/one.md",
            19,
            "cannot read `\u{2212}third` as a literal",
        );
}

#[test]
fn false_comparison_and_approximation() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "{{ b.whole = four }}",
            "{{ b.whole > a thousand }}",
        )
        .expect_error_at(
            "demo/one.md",
            19,
            "claim `b.whole > a thousand` is false: the generator computed 4",
        );
    SiteTest::basic()
        .built()
        .edit("demo/one.md", "{{ b.whole = four }}", "{{ b.whole ~ 20 }}")
        .expect_error_at(
            "demo/one.md",
            19,
            "the generator computed 4, which to the nearest 10 is 0",
        );
}

#[test]
fn between_values_print_words() {
    let html = SiteTest::basic()
                   .edit(
                       "demo/one.md",
                       "each part {{ b.parts.0 = 2 }}",
                       "each part {{ b.parts.0 = b.parts.1 : \"the same\" }} ({{ b.whole < a dozen }}, {{ b.parts.0 ~ two }})",
                   )
                   .page("demo/one/index.html");
    assert!(html.contains("each part the same (a dozen, two)"), "{html}");
}

#[test]
fn backslash_writes_braces() {
    let html = SiteTest::basic()
        .edit(
            "demo/one.md",
            FIRST_LINE,
            "Write \\{{ b.whole }} for a value.",
        )
        .page("demo/one/index.html");
    assert!(html.contains("Write {{ b.whole }} for a value."), "{html}");
}

#[test]
fn false_in_caption_placed_at_claim() {
    let dir = SiteTest::basic().edit(
        "demo/one.md",
        "caption = \"Two columns of two: {{ b.whole = 4 }} positions, $2 \\\\times 2$.\"",
        "caption = 'Two columns of two: {{ b.whole = 5 }} positions, $2 \\times 2$.'",
    );
    let run = dir.build();
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("one.md:16:32: error: claim `b.whole = 5` is false"),
        "{}",
        run.stderr
    );
}

#[test]
fn words_capitalised_at_sentence_start() {
    let html = SiteTest::basic()
                   .edit(
                       "demo/one.md",
                       FIRST_LINE,
                       "{{ b.whole | words }} positions, the {{ b.whole | ordinal }} of them. {{ b.parts.0 | words }} in each part.",
                   )
                   .page("demo/one/index.html");
    assert!(
        html.contains("Four positions, the fourth of them. Two in each part."),
        "{html}"
    );
}

#[test]
fn approximate_derived_print_literal() {
    let html = SiteTest::basic()
        .edit(
            "demo/one.md",
            "The whole has {{ b.whole = four }} positions",
            "The whole has about {{ b.whole * 260 ~ a thousand }} positions, about \
         {{ b.whole / 3 ~ 1.3 }} per column, each part {{ b.parts.0 / b.whole ~ half }} of them, \
         more than {{ b.parts.0 / b.whole > a third }}, at most {{ b.whole <= 4 }}, \
         at least {{ len(b.parts) >= both }} parts and fewer than {{ b.whole < 8.5 million }}, \
         {{ b.parts.0 = b.parts.1 : \"all\" }} equal, the {{ b.whole | ordinal }} in \
         {{ b.whole * 2 | words }},",
        )
        .page("demo/one/index.html");
    assert!(
        html.contains(
            "The whole has about a thousand positions, about 1.3 per column, each part half of \
             them, more than a third, at most 4, at least both parts and fewer than 8.5 million, \
             all equal, the fourth in eight,"
        ),
        "{html}"
    );
}

#[test]
fn false_derived_names_both_values() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "{{ b.whole = four }}",
            "{{ b.whole * 375 ~ a thousand }}",
        )
        .expect_error_at(
            "demo/one.md",
            19,
            "claim `b.whole * 375 ~ a thousand` is false: the generator computed 1,500, which to the \
         nearest 1,000 is 2,000",
        );
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "{{ b.whole = four }}",
            "{{ b.parts.0 * b.parts.1 >= b.whole + 1 }}",
        )
        .expect_error_at(
            "demo/one.md",
            19,
            "claim `b.parts.0 * b.parts.1 >= b.whole + 1` is false: the generator computed 4 against 5",
        );
}

#[test]
fn filter_on_list() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "{{ b.whole = four }}",
            "{{ b.parts | words }}",
        )
        .expect_error_at(
            "demo/one.md",
            19,
            "`b.parts | words`: expected a number or an exact fraction `a/b`, found a list",
        );
}

#[test]
fn false_on_selected_element() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/two.md",
            "{{ c.split = 1 }}",
            "{{ c.by_placed[2].positions = 8 }}",
        )
        .expect_error_at(
            "demo/two.md",
            16,
            "claim `c.by_placed[2].positions = 8` is false: the generator computed 9",
        );
    SiteTest::basic()
        .built()
        .edit(
            "demo/two.md",
            "{{ c.split = 1 }}",
            "{{ sum(c.by_placed[split > 0].positions) = eight }}",
        )
        .expect_error_at(
            "demo/two.md",
            16,
            "claim `sum(c.by_placed[split > 0].positions) = eight` is false: the generator computed 7",
        );
    SiteTest::basic()
        .built()
        .edit(
            "demo/two.md",
            "{{ c.split = 1 }}",
            "{{ c.by_placed[4].positions }}",
        )
        .expect_error_at(
            "demo/two.md",
            16,
            "`c.by_placed[4]`: no element of `c.by_placed` has `placed` = 4; there are: 0, 1, 2, 3",
        );
}

#[test]
fn thousands_of_terms() {
    let deep = format!("{}b.whole{}", "(".repeat(20_000), ")".repeat(20_000));
    let long = vec!["b.whole"; 20_000].join(" + ");
    for term in [deep, long] {
        SiteTest::basic()
            .built()
            .edit("demo/one.md", FIRST_LINE, &format!("{{{{ {term} = 4 }}}}"))
            .expect_error_at(
                "demo/one.md",
                8,
                "more than 256 numbers, names, operators and parentheses",
            );
    }
}

#[test]
fn literal_printed_otherwise_warns() {
    let dir = SiteTest::basic();
    let one = dir.path().join("content/demo/one.md");
    edit(&one, |text| {
        text.replace("{{ b.whole = four }}", "{{ b.whole = Four }}")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "content/demo/one.md:19:15: warning: the literal `Four` prints as written, capitalised in mid-sentence"
        ),
        "{}",
        run.stderr
    );
}

/// Filters take ranges and sets as claims do. The 2 × 3 board's positions
/// by dominoes placed, counted by hand: 1 empty; 7 with one domino (3
/// vertical, 4 horizontal); 9 with two (distinct sets of free cells: two
/// verticals, or two horizontals filling a column, leave the same column
/// free); 1 full.
#[test]
fn filters_by_ranges_and_sets() {
    let page = SiteTest::basic()
        .edit(
            "demo/two.md",
            "{{ c.split = 1 }}",
            "{{ c.split = 1 }} [{{ sum(c.by_placed[placed in 1..=2].positions) = sixteen }}, \
             {{ sum(c.by_placed[placed in [1, 3]].positions) = 8 }}, \
             {{ len(c.by_placed[placed in (0, 3)]) = two }}, \
             {{ c.by_placed[placed in [0, 1)].positions = [1] }}]",
        )
        .page("demo/two/index.html");
    assert!(page.contains("[sixteen, 8, two, 1]"), "{page}");
    SiteTest::basic()
        .built()
        .edit(
            "demo/two.md",
            "{{ c.split = 1 }}",
            "{{ sum(c.by_placed[placed in [1, 3]].positions) = 9 }}",
        )
        .expect_error_at(
            "demo/two.md",
            16,
            "claim `sum(c.by_placed[placed in [1, 3]].positions) = 9` is false: the generator \
             computed 8",
        );
    SiteTest::basic()
        .built()
        .edit(
            "demo/two.md",
            "{{ c.split = 1 }}",
            "{{ len(c.by_placed[placed in 1..=2]) = 3 }}",
        )
        .expect_error_at(
            "demo/two.md",
            16,
            "claim `len(c.by_placed[placed in 1..=2]) = 3` is false: the generator computed 2",
        );
}

/// A false claim about a list names the element in a reader's count, and a
/// false range claim the bound that failed.
#[test]
fn messages_name_the_element_and_the_bound() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/two.md",
            "{{ c.split = 1 }}",
            "{{ c.by_placed.positions in 1..=8 }}",
        )
        .expect_error_at(
            "demo/two.md",
            16,
            "claim `c.by_placed.positions in 1..=8` is false: the generator computed [1, 7, 9, \
             1] (the 3rd element is 9, which is above the upper bound 8 of 1..=8)",
        );
}
