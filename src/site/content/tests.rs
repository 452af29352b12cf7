//! Tests of loading essays: front matter, slugs, ladders and their titles.

use super::*;

fn parse_str(s: &str) -> Result<(FrontMatter, usize), Diagnostic> {
    parse(Path::new("e.md"), s)
}

#[test]
fn reads_front_matter_and_finds_the_body() {
    let s = "+++\ntitle = \"T\"\nladder = \"chomp\"\nrung = 2\nsummary = \"S\"\n+++\nBody\n";
    let (f, start) = parse_str(s).unwrap();
    assert_eq!(f.title, "T");
    assert_eq!(f.rung(), 2);
    assert_eq!(f.summary.as_deref(), Some("S"));
    assert_eq!(&s[start..], "Body\n");
}

#[test]
fn rejects_control_characters_in_the_title_and_summary_at_their_line() {
    let e = parse_str("+++\ntitle = \"T\"\nladder = \"a\"\nrung = 1\nsummary = \"a\\tb\"\n+++\n")
        .unwrap_err();
    assert_eq!(e.line, 5);
    assert!(e.message.contains("U+0009 (a tab)"), "{}", e.message);
    assert!(e.message.contains("single quotes"), "{}", e.message);
    let e =
        parse_str("+++\ntitle = \"\"\"\nA\nB\"\"\"\nladder = \"a\"\nrung = 1\n+++\n").unwrap_err();
    assert_eq!(e.line, 2);
    let (f, _) = parse_str(
        "+++\ntitle = 'T'\nladder = \"a\"\nrung = 1\nsummary = \"\"\"\nA\nB\"\"\"\n+++\n",
    )
    .unwrap();
    assert_eq!(f.summary.as_deref(), Some("A\nB"));
}

#[test]
fn rejects_what_xml_forbids_and_bidi_controls_in_the_title_and_summary_at_their_line() {
    for (c, what) in [
        ("\\uFFFE", "the noncharacter U+FFFE, which XML forbids"),
        ("\\uFFFF", "the noncharacter U+FFFF, which XML forbids"),
        ("\\u001B", "the control character U+001B"),
        ("\\u202E", "the bidirectional control U+202E"),
        ("\\u2066", "the bidirectional control U+2066"),
        ("\\u200F", "the bidirectional control U+200F"),
    ] {
        for (key, line) in [("title", 2), ("summary", 5)] {
            let mut keys = ["\"T\"".to_string(), "\"S\"".to_string()];
            keys[usize::from(key == "summary")] = format!("\"a{c}b\"");
            let [title, summary] = keys;
            let e = parse_str(&format!(
                "+++\ntitle = {title}\nladder = \"a\"\nrung = 1\nsummary = {summary}\n+++\n"
            ))
            .unwrap_err();
            assert_eq!(e.line, line, "{c} in {key}");
            assert!(e.message.contains(what), "{}", e.message);
        }
    }
}

#[test]
fn rejects_unknown_keys_at_their_line() {
    let e =
        parse_str("+++\ntitle = \"T\"\nladder = \"a\"\nrung = 1\ncolour = 3\n+++\n").unwrap_err();
    assert_eq!(e.line, 5);
    assert!(
        e.message.contains("unknown field `colour`"),
        "{}",
        e.message
    );
}

#[test]
fn rejects_missing_required_keys() {
    let e = parse_str("+++\ntitle = \"T\"\nladder = \"a\"\n+++\n").unwrap_err();
    assert!(e.message.contains("missing field `rung`"), "{}", e.message);
}

#[test]
fn rejects_a_file_without_front_matter() {
    let e = parse_str("# Hello\n").unwrap_err();
    assert_eq!((e.line, e.col), (1, 1));
    assert!(e.message.contains("+++"));
}

#[test]
fn rejects_unclosed_front_matter_and_bad_slugs() {
    assert!(
        parse_str("+++\ntitle = \"T\"\n")
            .unwrap_err()
            .message
            .contains("not closed")
    );
    // The error is at the value, not at the word "ladder" in the title.
    let e = parse_str("+++\ntitle = \"Up the ladder\"\nladder = \"Big Topic\"\nrung = 1\n+++\n")
        .unwrap_err();
    assert_eq!((e.line, e.col), (3, 10));
}

#[test]
fn titles_come_from_slugs() {
    assert_eq!(title_of("sylver-coinage"), "Sylver Coinage");
}

fn essay(path: &str, ladder: &str, rung: u32) -> Essay {
    let mut essay = Essay::of_body(path, "");
    essay.source = format!(
        "+++\ntitle = \"t\"\nsummary = \"the rung after\"\nladder = \"{ladder}\"\nrung = {rung}\n+++\n"
    );
    let (front, body_start) = parse(Path::new(path), &essay.source).unwrap();
    Essay {
        front,
        body_start,
        ..essay
    }
}

#[test]
fn orders_rungs_and_rejects_duplicates() {
    let es = vec![
        essay("b.md", "x", 2),
        essay("a.md", "x", 1),
        essay("c.md", "y", 1),
    ];
    let l = ladders(&es).unwrap();
    assert_eq!(l.len(), 2);
    assert_eq!(l[0].rungs, vec![1, 0]);
    let dup = vec![essay("a.md", "x", 1), essay("b.md", "x", 1)];
    let e = ladders(&dup).unwrap_err();
    // At the rung's value, not at the word "rung" in the summary.
    assert_eq!((e[0].line, e[0].col), (5, 8));
    assert!(e[0].message.contains("rung 1 twice"));
}
