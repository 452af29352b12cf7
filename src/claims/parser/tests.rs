//! The parser's unit tests: every operator, escapes and plain numbers,
//! expressions found in text, and one spelling of each expression.
use super::*;

#[test]
fn parses_every_operator_and_refuses_what_it_cannot_compare() {
    let op = |s: &str| match parse(s).unwrap().action {
        Action::Claim(c) => c.op,
        other => panic!("{s} is not a claim: {other:?}"),
    };
    assert_eq!(op("x.a = 1"), Op::Eq);
    assert_eq!(op("x.a ~ 1"), Op::Approx);
    assert_eq!(op("x.a < 1"), Op::Lt);
    assert_eq!(op("x.a > half"), Op::Gt);
    assert_eq!(op("x.a <= a dozen"), Op::Le);
    assert_eq!(op("x.a >= x.b - 1"), Op::Ge);
    assert_eq!(op("len(x.a) - 1 = x.b : \"all\""), Op::Eq);
    for (bad, why) in [
        ("x.a ~ x.b", "`~` rounds to a literal's precision"),
        ("x.a < \"b\"", "only be claimed equal"),
        ("x.a ~ \"b\"", "only be claimed equal"),
        ("x.a < true", "only be claimed equal"),
        ("x.a[b ~ false].c", "only be claimed equal"),
        ("x.a || true", "compares games"),
        ("x.a = 0 : none", "in quotes"),
        ("x.a = about ten", "cannot read `about ten`"),
        ("x.a | words(2)", "unknown filter"),
        ("x.a | round(0)", "unknown filter"),
        ("x.a | percent(13)", "unknown filter"),
    ] {
        let e = parse(bad).unwrap_err();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[test]
fn words_take_escaped_quotes_and_numbers_are_plain() {
    let prints = |s: &str| match parse(s).unwrap().action {
        Action::Claim(c) => c.prints.unwrap(),
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(prints(r#"x.a = 1 : "the \"one\"""#), r#"the "one""#);
    assert_eq!(prints(r#"x.a = 1 : "a \\ b""#), r"a \ b");
    assert_eq!(prints(r#"x.a = 1 : "say "one"""#), r#"say "one""#);
    for written in [r#"x.a = 1 : "the \"one\"""#, r#"x.a = 1 : "a \\"b""#] {
        let expr = parse(written).unwrap();
        assert_eq!(parse(&expr.to_string()).unwrap(), expr, "{written}");
    }
    // `4e0`, `04` and `0,004` are not 4, on either side of a claim.
    for bad in [
        "x.a = 4e0",
        "x.a = 04",
        "x.a = 0,004",
        "x.a * 4e0 = 4",
        "x.a < 04",
    ] {
        let e = parse(bad).unwrap_err();
        assert!(
            e.contains("as a number") || e.contains("expected `ID.KEY`"),
            "{bad}: {e}"
        );
    }
}

#[test]
fn finds_expressions_and_string_literals_holding_braces() {
    let f = find_all("a {{ b.whole }} c {{ b.g = \"{2|-1/2}}\" }} d {{ x");
    assert_eq!(f.len(), 3);
    assert_eq!(f[0].start, 2);
    assert!(f[1].expr.is_ok(), "{:?}", f[1]);
    assert!(f[2].expr.is_err());
    // A game literal's braces are its own: `}}` closes outside them.
    let f = find_all("a {{ b.g = {0|{0|-1}}}} b {{ b.h = {0||0|-1} }}");
    assert_eq!(f.len(), 2);
    assert_eq!(f[0].end, "a {{ b.g = {0|{0|-1}}}}".len());
    assert!(f[0].expr.is_ok() && f[1].expr.is_ok(), "{f:?}");
}

#[test]
fn an_expression_has_one_spelling_however_it_is_spaced() {
    for (written, spelled) in [
        ("b.whole", "b.whole"),
        ("  b.share|percent( 1 )", "b.share | percent(1)"),
        ("b.whole=2,916", "b.whole = 2,916"),
        (
            "len(b.parts)-1  ~ a thousand",
            "len(b.parts) - 1 ~ a thousand",
        ),
        ("b.g = \"{2|-1/2}\"", "b.g = \"{2|-1/2}\""),
        ("x.n=x.m:\"all\"", "x.n = x.m : \"all\""),
        ("x.n >= (x.a + 1) * 2", "x.n >= (x.a + 1) * 2"),
        ("x.g={1|-1}", "x.g = {1|-1}"),
        ("x.g||  *", "x.g || *"),
        ("x.g = [^, {0|*}]", "x.g = [^, {0|*}]"),
        ("x.g|game", "x.g | game"),
    ] {
        let expr = parse(written).unwrap();
        assert_eq!(expr.to_string(), spelled, "{written}");
        // The spelling reads back as the same expression.
        assert_eq!(parse(spelled).unwrap(), expr, "{spelled}");
    }
}
