//! Tests of how values are shown and how claims about them are decided.

use super::*;
use crate::claims::ast::Path;
use crate::claims::parser::parse;
use crate::claims::ratio::with_separators;
use crate::claims::{EssayData, evaluate};
use crate::claims::{FigureData, resolve};
use crate::generators::Data;
use serde_json::json;

/// Evaluates `{{ inner }}` with figure `b`'s data being `b`.
fn eval_in(b: serde_json::Value, inner: &str) -> Result<String, ContentError> {
    let b = Data::from_value(b).unwrap();
    let b = FigureData {
        data: &b,
        names: &[],
    };
    let data = EssayData::from([("b".to_string(), b)]);
    evaluate(&parse(inner)?, &data).and_then(|e| e.page().map(str::to_string))
}

fn eval(inner: &str) -> Result<String, ContentError> {
    let b = json!({"whole": 2916, "parts": [54, 54], "share": 0.47017543859, "mean": 1.8035,
                   "v": "-1/4", "g": "{2|-1/2}", "ratio": 27.0, "n": -5, "bars": 95,
                   "nest": {"list": [1, {"e": 5}]}});
    eval_in(b, inner)
}

#[test]
fn shows_integers_with_thousands_separators() {
    assert_eq!(eval("b.whole").unwrap(), "2,916");
    assert_eq!(eval("b.parts.1").unwrap(), "54");
    assert_eq!(eval("b.ratio").unwrap(), "27");
    assert_eq!(with_separators(-1_234_567), "-1,234,567");
}

#[test]
fn shows_a_game_as_the_figures_typeset_it() {
    assert_eq!(eval("b.v").unwrap(), "\u{2212}1/4");
    assert_eq!(eval("b.g").unwrap(), "{2\u{2009}|\u{2009}\u{2212}1/2}");
    // A claim's game literal is typeset as the value would be.
    assert_eq!(eval("b.g = \"{2|-1/2}\"").unwrap(), eval("b.g").unwrap());
    let text = json!({"board": "4 × 5", "moves": "2, 3"});
    assert_eq!(eval_in(text.clone(), "b.board").unwrap(), "4 × 5");
    assert_eq!(eval_in(text, "b.moves").unwrap(), "2, 3");
}

#[test]
fn a_game_literal_compares_as_a_game_and_prints_as_typeset() {
    let b = json!({"pm": "+-1", "up": "^", "star": "*", "half": "1/2", "n": 0.5,
                   "hot": "{0||0,{0|-2}|-2}", "board": "4 × 5"});
    let eval_with = |inner: &str| eval_in(b.clone(), inner);
    // Equal as games, however written; printed as written, typeset.
    assert_eq!(
        eval_with("b.pm = {1|-1}").unwrap(),
        "{1\u{2009}|\u{2009}\u{2212}1}"
    );
    assert_eq!(eval_with("b.pm = \u{b1}1").unwrap(), "\u{b1}1");
    assert_eq!(eval_with("b.pm = +-1").unwrap(), "\u{b1}1");
    assert_eq!(
        eval_with("b.up = {0|*}").unwrap(),
        "{0\u{2009}|\u{2009}\u{2217}}"
    );
    assert_eq!(eval_with("b.up > 0").unwrap(), "0");
    assert_eq!(eval_with("b.up || *").unwrap(), "\u{2217}");
    assert_eq!(eval_with("b.up || \u{2217}").unwrap(), "\u{2217}");
    assert_eq!(eval_with("b.star || 0").unwrap(), "0");
    assert_eq!(eval_with("b.pm || 0 : \"confused\"").unwrap(), "confused");
    assert_eq!(eval_with("b.half < 1").unwrap(), "1");
    assert_eq!(eval_with("b.n = {0|1}").unwrap(), "{0\u{2009}|\u{2009}1}");
    assert_eq!(
        eval_with("b.hot = {0 || 0, {0|-2} | -2}").unwrap(),
        eval_with("b.hot").unwrap()
    );
    assert_eq!(eval_with("b.up = \u{2191}").unwrap(), "\u{2191}");
    assert_eq!(eval_with("b.up >= v").unwrap(), "\u{2193}");
    // Two values that are games compare as games.
    assert!(eval_with("b.up || b.star").is_ok());
    assert!(
        eval_with("b.up > b.star")
            .unwrap_err()
            .contains("confused with")
    );
    // Confused games: false, naming both in the site's notation.
    let e = eval_with("b.pm > 0").unwrap_err();
    assert!(
        e.contains(
            "claim `b.pm > 0` is false: the generator computed \u{b1}1, which is confused with 0"
        ),
        "{e}"
    );
    let e = eval_with("b.up <= *").unwrap_err();
    assert!(
        e.contains("\u{2191}, which is confused with \u{2217}"),
        "{e}"
    );
    // By hand: {2|-1} - (+-1) = {2|-1} + {1|-1} is a win for Left
    // whoever starts, so +-1 < {2|-1}; and +-1 || +-2.
    let e = eval_with("b.pm = {2|-1}").unwrap_err();
    assert!(e.contains("\u{b1}1, which is less than {2"), "{e}");
    assert!(eval_with("b.pm || {2|-2}").is_ok());
    // `| game` prints the value in the site's notation.
    assert_eq!(eval_with("b.pm | game").unwrap(), "\u{b1}1");
    assert_eq!(eval_with("b.n | game").unwrap(), "1/2");
    let e = eval_with("b.board | game").unwrap_err();
    assert!(e.contains("`b.board | game`: expected a game"), "{e}");
    // A game that does not parse is an error naming what was expected.
    let e = eval_with("b.pm = {1|-1").unwrap_err();
    assert!(
        e.contains("cannot read `{1|-1` as a game: a `{` is not closed by `}`"),
        "{e}"
    );
    let e = eval_with("b.pm = {1|2|3}").unwrap_err();
    assert!(e.contains("ambiguous"), "{e}");
    assert!(
        eval_with("b.pm ~ {1|-1}")
            .unwrap_err()
            .contains("compared exactly")
    );
    assert!(
        eval_with("b.pm || 47%")
            .unwrap_err()
            .contains("compares games")
    );
    assert!(
        eval_with("b.board = ^")
            .unwrap_err()
            .contains("expected a game")
    );
    // A quoted game stays a string: its text is compared.
    assert!(eval_with("b.pm = \"{1|-1}\"").is_err());
    assert!(eval_with("b.pm = \"+-1\"").is_ok());
}

#[test]
fn formats_percent_and_fixed() {
    assert_eq!(eval("b.share | percent(2)").unwrap(), "47.02%");
    assert_eq!(eval("b.mean | fixed(2)").unwrap(), "1.80");
    // Ties round away from zero, as claims do: the filter and `~ 47%` agree.
    let half = json!({ "x": 0.465, "y": 0.25 });
    assert_eq!(eval_in(half.clone(), "b.x | percent(0)").unwrap(), "47%");
    assert_eq!(eval_in(half.clone(), "b.x ~ 47%").unwrap(), "47%");
    assert_eq!(eval_in(half, "b.y | fixed(1)").unwrap(), "0.3");
    assert!(
        eval("b.mean | rounded(2)")
            .unwrap_err()
            .contains("unknown filter")
    );
}

#[test]
fn accepts_true_claims_in_every_literal_form() {
    assert_eq!(eval("b.whole = 2,916").unwrap(), "2,916");
    assert_eq!(eval("b.whole = 2916").unwrap(), "2916");
    assert_eq!(eval("b.mean = 1.8").unwrap(), "1.8");
    assert_eq!(eval("b.share = 47%").unwrap(), "47%");
    assert_eq!(eval("b.share = 47.02%").unwrap(), "47.02%");
    assert_eq!(eval("b.v = -1/4").unwrap(), "-1/4");
    assert_eq!(eval("b.bars = Ninety-five").unwrap(), "Ninety-five");
    assert_eq!(
        eval("b.g = \"{2|-1/2}\"").unwrap(),
        "{2\u{2009}|\u{2009}\u{2212}1/2}"
    );
    assert_eq!(eval("b.ratio = 27").unwrap(), "27");
    assert_eq!(eval("b.n = -5").unwrap(), "-5");
}

#[test]
fn rejects_claim_with_wrong_value_naming_both() {
    let e = eval("b.whole = 2,917").unwrap_err();
    assert!(e.contains("2,917") && e.contains("computed 2,916"), "{e}");
    let e = eval("b.share = 47.1%").unwrap_err();
    assert!(
        e.contains("computed 47.017543859%, which to the nearest 0.1% is 47.0%"),
        "{e}"
    );
    assert!(eval("b.mean = 1.7").unwrap_err().contains("computed 1.8"));
    assert!(
        eval("b.v = 1/4")
            .unwrap_err()
            .contains("computed \u{2212}1/4")
    );
    assert!(eval("b.bars = ninety-four").is_err());
    assert!(eval("b.g = \"{2|1/2}\"").is_err());
}

#[test]
fn rejects_unknown_ids_keys_and_indexes() {
    assert!(
        eval("c.whole")
            .unwrap_err()
            .contains("no figure or data block `c`")
    );
    assert!(eval("b.hole").unwrap_err().contains("no key `hole`"));
    assert!(eval("b.parts.2").unwrap_err().contains("past the end"));
    assert!(eval("b.parts").unwrap_err().contains("a list"));
    assert_eq!(eval("b.nest.list.1.e").unwrap(), "5");
    assert!(
        eval("b.nest.list.x")
            .unwrap_err()
            .contains("`b.nest.list.x`: `x` is not an index")
    );
    assert!(
        eval("b.whole.x")
            .unwrap_err()
            .contains("`b.whole.x`: `b.whole` has no keys")
    );
    assert!(
        eval("b.nest.hole")
            .unwrap_err()
            .contains("`b.nest.hole`: no key `hole`; there are: list")
    );
    let b = Data::from_value(json!({"whole": 1})).unwrap();
    let one = EssayData::from([(
        "b".to_string(),
        FigureData {
            data: &b,
            names: &[],
        },
    )]);
    let no_key = Path {
        id: "b".into(),
        steps: Vec::new(),
    };
    assert!(
        resolve(&one, &no_key)
            .unwrap_err()
            .contains("name one of its keys: whole")
    );
    assert!(parse("whole").unwrap_err().contains("ID.KEY"));
    assert!(
        parse("b.whole = about ten")
            .unwrap_err()
            .contains("cannot read")
    );
}

#[test]
fn approximately_by_a_percentage_rounds_both_to_that_many_points() {
    let eval_with = |value: serde_json::Value, claim: &str| {
        eval_in(json!({ "x": value }), &format!("b.x {claim}"))
    };
    // 42% is 8.4 fives of points, so 40%; 37.5% is 7.5, a tie, away from zero.
    for holds in [0.42, 0.375, 0.4249] {
        assert_eq!(
            eval_with(json!(holds), "~ 40% by 5%").unwrap(),
            "40%",
            "{holds}"
        );
    }
    assert_eq!(
        &*eval_with(json!(0.43), "~ 40% by 5% : \"about two fifths\"").unwrap_err(),
        "claim `b.x ~ 40% by 5% : \"about two fifths\"` is false: the generator computed \
         43%, which to the nearest 5% is 45%"
    );
    let e = eval_with(json!(0.3749), "~ 40% by 5%").unwrap_err();
    assert!(
        e.ends_with("computed 37.49%, which to the nearest 5% is 35%"),
        "{e}"
    );
    // A fraction of a point, and a precision written as a decimal.
    assert!(eval_with(json!(0.4702), "~ 47% by 0.5%").is_ok());
    let e = eval_with(json!(0.4726), "~ 47% by 0.5%").unwrap_err();
    assert!(
        e.ends_with("computed 47.26%, which to the nearest 0.5% is 47.5%"),
        "{e}"
    );
    assert!(eval_with(json!(0.42), "~ 40% by 0.05").is_ok());
}

#[test]
fn approximately_rounds_to_the_literals_own_precision() {
    let eval_with = |value: serde_json::Value, claim: &str| {
        eval_in(json!({ "x": value }), &format!("b.x {claim}"))
    };
    assert_eq!(
        eval_with(json!(1097.7), "~ a thousand").unwrap(),
        "a thousand"
    );
    let e = eval_with(json!(6.4), "~ a thousand").unwrap_err();
    assert!(e.contains("to the nearest 1,000 is 0"), "{e}");
    assert!(eval_with(json!(15.8), "~ sixteen").is_ok());
    assert!(eval_with(json!(15.4), "~ sixteen").is_err());
    assert!(eval_with(json!(24), "~ 20").is_ok());
    assert!(
        eval_with(json!(25), "~ 20").is_err(),
        "ties round away from zero"
    );
    assert!(
        eval_with(json!(15), "~ 20").is_ok(),
        "ties round away from zero"
    );
    assert!(eval_with(json!(14.999), "~ 20").is_err());
    assert!(eval_with(json!(8_450_000), "~ 8.5 million").is_ok());
    assert!(eval_with(json!(8_449_999), "~ 8.5 million").is_err());
    assert!(eval_with(json!(8_549_999), "~ 8.5 million").is_ok());
    assert!(eval_with(json!(8_550_000), "~ 8.5 million").is_err());
    assert!(eval_with(json!(0.4702), "~ 47%").is_ok());
    assert!(eval_with(json!(0.465), "~ 47%").is_ok(), "a half rounds up");
    assert!(eval_with(json!(0.4649), "~ 47%").is_err());
    assert!(eval_with(json!(1.25), "~ 1.3").is_ok());
    assert!(eval_with(json!(-1.25), "~ -1.3").is_ok());
    assert!(eval_with(json!(0.3333), "~ a third").is_ok());
    // A fraction in words holds to the nearest 1/(2 x its denominator).
    assert!(eval_with(json!(0.34), "~ a third").is_ok());
    assert!(eval_with(json!(0.25), "~ a third").is_ok());
    assert!(eval_with(json!(0.4167), "~ a third").is_err());
    assert!(eval_with(json!(0.34), "~ 1/3").is_err());
    assert!(eval_with(json!(3), "= 3").is_ok());
    assert!(eval_with(json!(3.2), "= three").is_err(), "= stays exact");
    assert!(eval_with(json!(0.5), "= half").is_ok());
}

#[test]
fn comparisons_hold_at_their_edges() {
    let eval_with = |value: serde_json::Value, claim: &str| {
        eval_in(json!({ "x": value }), &format!("b.x {claim}"))
    };
    assert!(eval_with(json!(0.51), "> half").is_ok());
    assert!(eval_with(json!(0.5), "> half").is_err());
    assert!(eval_with(json!(0.5), ">= half").is_ok());
    assert!(eval_with(json!(99), "< a hundred").is_ok());
    assert!(eval_with(json!(100), "< a hundred").is_err());
    assert!(eval_with(json!(100), "<= a hundred").is_ok());
    assert!(eval_with(json!("3/4"), "< 1").is_ok());
    assert!(eval_with(json!(0.47), "< 47.1%").is_ok());
    assert!(eval_with(json!(0.471), "< 47.1%").is_err());
    let e = eval_with(json!(7), "> 9").unwrap_err();
    assert!(
        e.contains("claim `b.x > 9` is false: the generator computed 7"),
        "{e}"
    );
}

#[test]
fn a_claim_may_compare_two_values_and_print_its_own_words() {
    let b = json!({ "closed": 12, "total": 12, "open": 0, "s": "x" });
    let eval_with = |claim: &str| eval_in(b.clone(), claim);
    assert_eq!(eval_with("b.closed = b.total : \"all\"").unwrap(), "all");
    assert_eq!(eval_with("b.open = 0 : \"none\"").unwrap(), "none");
    assert_eq!(eval_with("b.open < b.total").unwrap(), "0");
    assert_eq!(eval_with("b.s = \"x\" : \"the same\"").unwrap(), "the same");
    let e = eval_with("b.open = b.total : \"all\"").unwrap_err();
    assert!(
        e.contains("`b.open = b.total : \"all\"` is false: the generator computed 0 against 12"),
        "{e}"
    );
    assert!(
        eval_with("b.open ~ b.total")
            .unwrap_err()
            .contains("`~` rounds")
    );
    assert!(
        eval_with("b.open = 0 : none")
            .unwrap_err()
            .contains("in quotes")
    );
    assert!(
        eval_with("b.s < \"y\"")
            .unwrap_err()
            .contains("only be claimed equal")
    );
    assert!(
        eval_with("b.s < b.total")
            .unwrap_err()
            .contains("compares numbers")
    );
}

#[test]
fn filters_print_numbers_as_prose_states_them() {
    let b = json!({ "n": 54, "big": 8_503_056, "f": 2.5, "zero": 0 });
    let eval_with = |inner: &str| eval_in(b.clone(), inner);
    assert_eq!(eval_with("b.n | words").unwrap(), "fifty-four");
    assert_eq!(eval_with("b.n | ordinal").unwrap(), "fifty-fourth");
    assert_eq!(eval_with("b.big | round(2)").unwrap(), "8,500,000");
    assert_eq!(eval_with("b.big | round(3)").unwrap(), "8,500,000");
    assert_eq!(eval_with("b.big | round(4)").unwrap(), "8,503,000");
    assert_eq!(eval_with("b.big | millions(1)").unwrap(), "8.5 million");
    assert_eq!(eval_with("b.big | millions(2)").unwrap(), "8.5 million");
    assert_eq!(eval_with("b.big | millions(3)").unwrap(), "8.503 million");
    assert!(
        eval_with("b.f | words")
            .unwrap_err()
            .contains("whole number")
    );
    assert!(
        eval_with("b.zero | ordinal")
            .unwrap_err()
            .contains("from 1")
    );
    assert!(
        eval_with("b.n | round(0)")
            .unwrap_err()
            .contains("unknown filter")
    );
    assert_eq!(eval_with("b.n - 33 | words").unwrap(), "twenty-one");
    assert_eq!(eval_with("b.n - 33 | ordinal").unwrap(), "twenty-first");
}

#[test]
fn a_filter_on_a_value_it_cannot_print_names_the_filter_and_the_value() {
    let b = json!({ "s": "many", "f": 2.5, "zero": 0, "list": [1] });
    let eval_with = |inner: &str| eval_in(b.clone(), inner);
    for (inner, error) in [
        (
            "b.s | percent(1)",
            "`b.s | percent(1)`: expected a number or an exact fraction `a/b`, found `\"many\"`",
        ),
        ("b.s | fixed(2)", "`b.s | fixed(2)`: expected a number"),
        ("b.s | round(2)", "`b.s | round(2)`: expected a number"),
        (
            "b.s | millions(1)",
            "`b.s | millions(1)`: expected a number",
        ),
        ("b.s | words", "`b.s | words`: expected a number"),
        (
            "b.f | words",
            "`b.f | words`: expected a whole number, found `2.5`",
        ),
        (
            "b.f | ordinal",
            "`b.f | ordinal`: expected a whole number, found `2.5`",
        ),
        (
            "b.zero | ordinal",
            "`b.zero | ordinal`: expected a number from 1, found 0",
        ),
        (
            "b.list | words",
            "`b.list | words`: expected a number or an exact fraction `a/b`, found a list",
        ),
    ] {
        let e = eval_with(inner).unwrap_err();
        assert!(e.contains(error), "{inner}: {e}");
    }
}

#[test]
fn approximately_rounds_half_away_from_zero_at_the_literals_place() {
    let holds = |value: serde_json::Value, claim: &str| {
        eval_in(json!({ "x": value }), &format!("b.x ~ {claim}")).is_ok()
    };
    // A thousand is the nearest 1,000: 1,500 rounds up to 2,000.
    assert!(holds(json!(1499), "a thousand"));
    assert!(!holds(json!(1500), "a thousand"));
    assert!(holds(json!(500), "a thousand"));
    assert!(!holds(json!(499.9), "a thousand"));
    assert!(holds(json!(-1499), "-1,000"));
    assert!(!holds(json!(-1500), "-1,000"));
    // Written decimals before a scale word give its place.
    assert!(holds(json!(7_950_000), "8.0 million"));
    assert!(!holds(json!(7_949_999), "8.0 million"));
    assert!(holds(json!(8_495_000), "8.50 million"));
    assert!(!holds(json!(8_494_999), "8.50 million"));
    assert!(holds(json!(1_500_000), "two million"));
    assert!(!holds(json!(1_499_999), "two million"));
    // Fraction words hold to the nearest 1/(2 x their denominator):
    // `half` from 0.375 (a tie, away from zero) up to 0.625.
    assert!(holds(json!(0.375), "half"));
    assert!(holds(json!(0.47), "half"));
    assert!(holds(json!(0.6249), "half"));
    assert!(!holds(json!(0.625), "half"));
    assert!(!holds(json!(0.3749), "a half"));
    assert!(holds(json!(0.55), "three fifths"));
    assert!(!holds(json!(0.65), "three fifths"));
    // Mixed numbers to the nearest fraction they name.
    assert!(holds(json!(1.3), "one and a half"));
    assert!(holds(json!(13.56), "thirteen and a half"));
    assert!(!holds(json!(13.75), "thirteen and a half"));
    // Fractions in digits to two decimals.
    assert!(holds(json!(0.5049), "1/2"));
    assert!(!holds(json!(0.505), "1/2"));
    assert!(holds(json!(13.5), "thirteen and a half"));
    // Number words and ordinals are whole numbers, to the nearest one.
    assert!(holds(json!(11.5), "a dozen"));
    assert!(!holds(json!(12.5), "a dozen"));
    assert!(holds(json!(0.49), "none"));
    assert!(!holds(json!(0.5), "none"));
    assert!(holds(json!(2.4), "both"));
    assert!(holds(json!(21), "twenty-first"));
    // Percentages and decimals: the last written digit, at the half.
    assert!(holds(json!(0.4705), "47.1%"));
    assert!(!holds(json!(0.47049), "47.1%"));
    assert!(holds(json!(2.85), "2.9"));
    assert!(!holds(json!(2.8499), "2.9"));
}

#[test]
fn true_and_false_are_literals_compared_with_true_and_false() {
    let b = json!({ "flag": true, "off": false, "n": 1, "boards": [
        { "name": "a", "centre_only": true, "n": 3 },
        { "name": "b", "centre_only": false, "n": 4 },
    ]});
    let eval_with = |inner: &str| eval_in(b.clone(), inner);
    assert_eq!(eval_with("b.flag = true").unwrap(), "true");
    assert_eq!(eval_with("b.off = false : \"never\"").unwrap(), "never");
    assert_eq!(
        eval_with("b.boards[centre_only = true].n = [3]").unwrap(),
        "3"
    );
    assert_eq!(
        eval_with("sum(b.boards[centre_only = false].n) = 4").unwrap(),
        "4"
    );
    assert_eq!(
        eval_with("b.boards.centre_only = [true, false]").unwrap(),
        "true and false"
    );
    assert_eq!(
        eval_with("b.boards.centre_only contains false").unwrap(),
        "false"
    );
    // `"true"` still compares with the value as shown.
    assert_eq!(eval_with("b.flag = \"true\"").unwrap(), "true");
    let e = eval_with("b.flag = false").unwrap_err();
    assert!(
        e.contains("`b.flag = false` is false: the generator computed true"),
        "{e}"
    );
    let e = eval_with("b.n = true").unwrap_err();
    assert!(
        e.contains("claimed of true or false, and the value is `1`"),
        "{e}"
    );
}

#[test]
fn a_list_compares_with_a_list_of_the_data() {
    let b = json!({ "parts": [54, 54], "same": [54, 54], "other": [54, 2],
                    "swapped": [2, 54], "three": [54, 54, 1], "n": 54, "games": ["-1/4", "*"] });
    let eval_with = |inner: &str| eval_in(b.clone(), inner);
    // Without words a list prints as prose lists it; with words, the words.
    assert_eq!(eval_with("b.parts = b.same").unwrap(), "54 and 54");
    assert_eq!(
        eval_with("b.parts = b.same : \"the same\"").unwrap(),
        "the same"
    );
    assert_eq!(eval_with("b.other same as b.swapped").unwrap(), "54 and 2");
    // `contains` prints what the list contains, as with a literal.
    assert_eq!(eval_with("b.three contains b.parts").unwrap(), "54 and 54");
    assert_eq!(eval_with("b.other contains b.n").unwrap(), "54");
    assert_eq!(eval_with("b.parts >= b.other").unwrap(), "54 and 54");
    assert_eq!(
        eval_with("b.games = [\"-1/4\", \"*\"]").unwrap(),
        "−1/4 and ∗"
    );
    let e = eval_with("b.parts = b.other : \"the same\"").unwrap_err();
    assert!(
        e.contains(
            "claim `b.parts = b.other : \"the same\"` is false: the generator computed \
             [54, 54] against [54, 2] (the 2nd element is 54 against 2)"
        ),
        "{e}"
    );
    let e = eval_with("b.parts = b.three").unwrap_err();
    assert!(
        e.contains("computed [54, 54] against [54, 54, 1], 2 elements where the claim lists 3"),
        "{e}"
    );
    assert!(eval_with("b.parts same as b.three").is_err());
    assert!(eval_with("b.three same as b.parts").is_err());
    let e = eval_with("b.parts = b.n : \"all\"").unwrap_err();
    assert!(
        e.contains("claim `b.parts = b.n : \"all\"`: it is a list of 2: compare it with a list"),
        "{e}"
    );
    let e = eval_with("b.parts same as b.n").unwrap_err();
    assert!(e.contains("`same as` compares two lists"), "{e}");
}

#[test]
fn messages_print_values_as_the_page_does() {
    let b = json!({ "n": -3, "f": -0.25, "share": -0.125, "g": "{2|-1/2}", "v": "-1/4",
                    "list": [-1, 2], "fraction": "-1/3" });
    let eval_with = |inner: &str| eval_in(b.clone(), inner);
    // The page prints the minus sign; so does a false claim's message.
    assert_eq!(eval_with("b.n").unwrap(), "\u{2212}3");
    assert_eq!(eval_with("b.f | fixed(1)").unwrap(), "\u{2212}0.3");
    assert_eq!(eval_with("b.share | percent(1)").unwrap(), "\u{2212}12.5%");
    for (claim, computed) in [
        ("b.n = \u{2212}4", "computed \u{2212}3"),
        ("b.n > 0", "computed \u{2212}3"),
        ("b.f = \u{2212}1/2", "computed \u{2212}0.25"),
        ("b.fraction = 1/3", "computed \u{2212}1/3"),
        ("b.v = 1/4", "computed \u{2212}1/4"),
        (
            "b.f ~ 0 by 0.5",
            "computed \u{2212}0.25, which to the nearest 0.5 is \u{2212}0.5",
        ),
        (
            "b.f = \u{2212}0.2",
            "computed \u{2212}0.25, which to the nearest 0.1 is \u{2212}0.3",
        ),
        (
            "b.f ~ \u{2212}0.2",
            "which to the nearest 0.1 is \u{2212}0.3",
        ),
        (
            "b.share = \u{2212}12%",
            "computed \u{2212}12.5%, which to the nearest 1% is \u{2212}13%",
        ),
        (
            "b.list = [\u{2212}1, 3]",
            "computed [\u{2212}1, 2] (the 2nd element is 2)",
        ),
        ("b.n in 0..=1", "computed \u{2212}3"),
        ("b.g = b.v", "computed {2 | \u{2212}1/2}"),
        ("b.n = b.f", "computed \u{2212}3 against \u{2212}0.25"),
    ] {
        let e = eval_with(claim).unwrap_err();
        assert!(e.contains(computed), "{claim}: {e}");
        assert!(!e.contains('-'), "{claim}: {e}");
    }
}

#[test]
fn messages_name_the_element_and_the_bound_that_failed() {
    let b = json!({"l": [1, 9, 3], "n": 9});
    for (claim, computed) in [
        (
            "b.l in 1..=8",
            "[1, 9, 3] (the 2nd element is 9, which is above the upper bound 8 of 1..=8)",
        ),
        ("b.l = [1, 8, 3]", "[1, 9, 3] (the 2nd element is 9)"),
        (
            "b.n in 10..12",
            "9, which is below the lower bound 10 of 10..12",
        ),
        (
            "b.n in (9, 10)",
            "9, the lower bound of (9, 10), which leaves it out",
        ),
        (
            "b.n in 1..9",
            "9, the upper bound of 1..9, which leaves it out",
        ),
        ("b.n in [1, 3]", "9, which is not in the set [1, 3]"),
        (
            "b.l in [1, 3]",
            "[1, 9, 3] (the 2nd element is 9, which is not in the set [1, 3])",
        ),
    ] {
        let e = eval_in(b.clone(), claim).unwrap_err();
        let expected = format!("claim `{claim}` is false: the generator computed {computed}");
        assert_eq!(&*e, expected);
    }
    for holds in [
        "b.n in [1, 9]",
        "b.n in (8, 9]",
        "b.l in [1, 3, 9]",
        "b.l in 1..=9",
    ] {
        assert!(eval_in(b.clone(), holds).is_ok(), "{holds}");
    }
    let nth: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 102, 111]
        .into_iter()
        .map(crate::claims::number_words::nth)
        .collect();
    assert_eq!(
        nth,
        [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th"
        ]
    );
}

/// Issue 42: a derived quantity that does not terminate is an exact
/// fraction (54/7), compared exactly and printed so.
#[test]
fn derived_fractions_are_exact() {
    let b = json!({"parts": [54, 54], "c": 2680, "n": 5700});
    assert!(eval_in(b.clone(), "b.parts.0 / 7 = 54/7").is_ok());
    assert!(eval_in(b.clone(), "b.parts.0 / 7 <= 54/7").is_ok());
    let e = eval_in(b.clone(), "b.parts.0 / 7 < 54/7").unwrap_err();
    assert_eq!(
        &*e,
        "claim `b.parts.0 / 7 < 54/7` is false: the generator computed 54/7"
    );
    let e = eval_in(b.clone(), "b.parts.0 / 7 = 8").unwrap_err();
    assert_eq!(
        &*e,
        "claim `b.parts.0 / 7 = 8` is false: the generator computed 54/7"
    );
    let e = eval_in(b, "b.c / b.n = 1/2").unwrap_err();
    assert_eq!(
        &*e,
        "claim `b.c / b.n = 1/2` is false: the generator computed 134/285"
    );
}
