//! A property of the grammar: printing any tree ([`super::ast`]'s one
//! spelling) and parsing it again ([`super::parser`]) gives the same tree.
use super::ast::{
    Action, Against, Bounds, Claim, Expr, Filter, Function, Literal, Op, Path, Step, Term,
};
use super::literal::read;
use super::parser::{parse, step};
use proptest::prelude::*;
use rust_decimal::Decimal;

fn path() -> impl Strategy<Value = Term> {
    let id = prop::sample::select(vec!["b", "two-rows", "x1"]);
    let keys = prop::collection::vec(
        prop::sample::select(vec!["n", "parts", "0", "share_2"]),
        1..3,
    );
    let last = prop::sample::select(vec![
        "",
        "[4 × 5]",
        "[*]",
        "[survivors > 1]",
        "[name = \"a b\"]",
        "[move in 17..=18]",
        "[column in (1, 3)]",
        "[placed in [1, 3]]",
        "[column contains 1]",
        "[share ~ 0.5 by 0.25]",
    ]);
    (id, keys, last).prop_map(|(id, keys, last)| {
        let mut steps: Vec<_> = keys.iter().map(|k| Step::Key((*k).to_string())).collect();
        if !last.is_empty() {
            steps.push(step(&last[1..last.len() - 1]).unwrap());
            steps.push(Step::Key("n".into()));
        }
        Term::Path(Path {
            id: id.to_string(),
            steps,
        })
    })
}

fn term() -> impl Strategy<Value = Term> {
    let number = (-999i64..999, 0u32..3).prop_map(|(n, s)| Term::Number(Decimal::new(n, s)));
    prop_oneof![path(), number].prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(vec!['+', '-', '*', '/']),
                inner.clone()
            )
                .prop_map(|(a, op, b)| Term::Binary(Box::new(a), op, Box::new(b))),
            (
                prop::sample::select(Function::ALL.to_vec()),
                prop::collection::vec(inner, 1..3)
            )
                .prop_map(|((_, f), args)| Term::Call(f, args)),
        ]
    })
}

const NUMBERS: [&str; 9] = [
    "2,916",
    "\u{2212}3/2",
    "half",
    "47.5%",
    "one and a half",
    "8.5 million",
    "twenty-first",
    "1.8",
    "-4",
];
const RANGES: [(&str, &str); 5] = [
    ("9", "10"),
    ("0.5", "0.6"),
    ("nine", "ten"),
    ("20%", "30%"),
    ("\u{2212}1/4", "a quarter"),
];

fn literal() -> impl Strategy<Value = Literal> {
    prop::sample::select(NUMBERS.to_vec()).prop_map(|t| read(t).unwrap())
}

fn against() -> impl Strategy<Value = (Op, Against)> {
    let ops = prop::sample::select(vec![Op::Eq, Op::Approx, Op::Lt, Op::Gt, Op::Le, Op::Ge]);
    let range = (
        prop::sample::select(RANGES.to_vec()),
        any::<(bool, bool, bool)>(),
    )
        .prop_map(|((low, high), (dots, low_open, high_open))| Bounds {
            low: read(low).unwrap(),
            high: read(high).unwrap(),
            low_open: low_open && !dots,
            high_open,
            // `[a, b]` after `in` is a set: a range with both ends in is
            // written with dots.
            dots: dots || !(low_open || high_open),
        });
    let other = term().prop_filter("a number alone reads as a literal", |t| {
        !matches!(t, Term::Number(_))
    });
    prop_oneof![
        (ops.clone(), literal()).prop_map(|(op, l)| (op, Against::Literal(l))),
        Just((Op::Eq, Against::Literal(read("\"{2|-1/2}\"").unwrap()))),
        prop::sample::select(vec!["true", "false"])
            .prop_map(|b| (Op::Eq, Against::Literal(read(b).unwrap()))),
        (ops, prop::collection::vec(literal(), 0..4)).prop_map(|(op, l)| (op, Against::List(l))),
        prop::collection::vec(literal(), 0..4).prop_map(|l| (Op::SameAs, Against::List(l))),
        literal().prop_map(|l| (Op::Contains, Against::Literal(l))),
        range.prop_map(|b| (Op::In, Against::Range(b))),
        prop::collection::vec(literal(), 0..4).prop_map(|l| (Op::In, Against::List(l))),
        (
            prop::sample::select(vec![Op::Eq, Op::Lt, Op::Ge, Op::SameAs, Op::Contains]),
            other
        )
            .prop_map(|(op, t)| (op, Against::Term(t))),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    let filter = prop::sample::select(vec![
        Filter::Percent(1),
        Filter::Fixed(0),
        Filter::Words,
        Filter::Ordinal,
        Filter::Round(2),
        Filter::Millions(12),
    ]);
    let words = prop::option::of(prop::sample::select(vec!["all", "nine or ten", "4, 6: 7"]));
    let claim = (against(), any::<bool>(), words).prop_map(|((op, against), by, words)| {
        Action::Claim(Box::new(Claim {
            by: (by && op == Op::Approx).then(|| read("0.5").unwrap()),
            op,
            against,
            prints: words.map(str::to_string),
        }))
    });
    let action = prop_oneof![Just(Action::Show), filter.prop_map(Action::Filter), claim];
    (term(), action).prop_map(|(term, action)| Expr { term, action })
}

proptest! {
    #[test]
    fn printing_any_tree_and_parsing_it_again_gives_the_same_tree(x in expr()) {
        let printed = x.to_string();
        prop_assert_eq!(parse(&printed).map_err(|e| format!("{printed}: {e}")), Ok(x));
    }
}

/// The property's shrunk case: a product of numbers on the right prints in
/// parentheses, since `0 * 0` alone reads as a game (0, star, 0).
#[test]
fn a_product_on_the_right_is_printed_as_a_term_not_a_game() {
    let printed = "b.n = (0 * 0)";
    let parsed = parse(printed).unwrap();
    let Action::Claim(claim) = &parsed.action else {
        panic!("{parsed:?}")
    };
    assert!(matches!(claim.against, Against::Term(Term::Binary(..))));
    assert_eq!(parsed.to_string(), printed);
    assert!(matches!(
        parse("b.n = 0 * 0").map(|e| e.action),
        Ok(Action::Claim(c)) if matches!(c.against, Against::Literal(_))
    ));
}
