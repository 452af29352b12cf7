//! The canonical forms against the definitions, on unsimplified trees.

use super::*;
use proptest::prelude::*;

/// A game as a plain tree of options, never simplified.
#[derive(Clone, Debug)]
struct Raw {
    left: Vec<Raw>,
    right: Vec<Raw>,
}

/// `G <= H` straight from the definition, on the trees.
fn raw_leq(g: &Raw, h: &Raw) -> bool {
    !g.left.iter().any(|gl| raw_leq(h, gl)) && !h.right.iter().any(|hr| raw_leq(hr, g))
}

fn raw_sum(g: &Raw, h: &Raw) -> Raw {
    Raw {
        left: g
            .left
            .iter()
            .map(|x| raw_sum(x, h))
            .chain(h.left.iter().map(|x| raw_sum(g, x)))
            .collect(),
        right: g
            .right
            .iter()
            .map(|x| raw_sum(x, h))
            .chain(h.right.iter().map(|x| raw_sum(g, x)))
            .collect(),
    }
}

fn build(t: &mut GameTable, g: &Raw) -> GameId {
    let left: Vec<GameId> = g.left.iter().map(|x| build(t, x)).collect();
    let right: Vec<GameId> = g.right.iter().map(|x| build(t, x)).collect();
    t.game(&left, &right)
}

fn raw() -> impl Strategy<Value = Raw> {
    let leaf = Just(Raw {
        left: vec![],
        right: vec![],
    });
    leaf.prop_recursive(4, 32, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(left, right)| Raw { left, right })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn a_game_plus_its_negative_is_zero(g in raw()) {
        let mut t = GameTable::new();
        let a = build(&mut t, &g);
        let na = t.neg(a);
        prop_assert_eq!(t.add(a, na), t.zero());
    }

    #[test]
    fn sums_commute_and_associate(g in raw(), h in raw(), k in raw()) {
        let mut t = GameTable::new();
        let (a, b, c) = (build(&mut t, &g), build(&mut t, &h), build(&mut t, &k));
        prop_assert_eq!(t.add(a, b), t.add(b, a));
        let ab = t.add(a, b);
        let bc = t.add(b, c);
        prop_assert_eq!(t.add(ab, c), t.add(a, bc));
    }

    #[test]
    fn sum_agrees_with_the_sum_of_the_unsimplified_trees(g in raw(), h in raw()) {
        let mut t = GameTable::new();
        let (a, b) = (build(&mut t, &g), build(&mut t, &h));
        let whole = build(&mut t, &raw_sum(&g, &h));
        prop_assert_eq!(t.add(a, b), whole);
    }

    #[test]
    fn equal_games_have_one_canonical_form(g in raw(), h in raw()) {
        let mut t = GameTable::new();
        let (a, b) = (build(&mut t, &g), build(&mut t, &h));
        let equal = raw_leq(&g, &h) && raw_leq(&h, &g);
        prop_assert_eq!(equal, a == b);
    }

    #[test]
    fn leq_agrees_with_the_definition_on_unsimplified_trees(g in raw(), h in raw()) {
        let mut t = GameTable::new();
        let (a, b) = (build(&mut t, &g), build(&mut t, &h));
        prop_assert_eq!(t.leq(a, b), raw_leq(&g, &h));
    }

    #[test]
    fn adding_a_number_translates_the_options(g in raw(), num in -9i64..9, exp in 0u32..3) {
        let mut t = GameTable::new();
        let a = build(&mut t, &g);
        let x = t.number(Dyadic::new(num, exp));
        // The same sum, taken through the general canonicalisation.
        let (al, ar) = (t.left(a).to_vec(), t.right(a).to_vec());
        let (xl, xr) = (t.left(x).to_vec(), t.right(x).to_vec());
        let mut left: Vec<GameId> = al.iter().map(|&o| t.add(o, x)).collect();
        left.extend(xl.iter().map(|&o| t.add(a, o)));
        let mut right: Vec<GameId> = ar.iter().map(|&o| t.add(o, x)).collect();
        right.extend(xr.iter().map(|&o| t.add(a, o)));
        let general = t.game(&left, &right);
        prop_assert_eq!(t.add(a, x), general);
    }
}

#[test]
fn numbers_are_recognised_and_added() {
    let t = GameTable::new();
    let half = t.number(Dyadic::new(1, 1));
    let one = t.integer(1);
    assert_eq!(t.add(half, half), one);
    // {0 | 1} = 1/2, {0 | } = 1, {-1 | 1} = 0, {1/2 | 1} = 3/4.
    let zero = t.zero();
    assert_eq!(t.game(&[zero], &[one]), half);
    assert_eq!(t.game(&[zero], &[]), one);
    let minus_one = t.integer(-1);
    assert_eq!(t.game(&[minus_one], &[one]), zero);
    let g = t.game(&[half], &[one]);
    assert_eq!(t.display(g), "3/4");
    assert_eq!(t.number_value(g), Some(Dyadic::new(3, 2)));
}

#[test]
fn star_plus_star_is_zero_and_star_is_confused_with_zero() {
    let t = GameTable::new();
    let star = t.nimber(1);
    assert_eq!(t.add(star, star), t.zero());
    let zero = t.zero();
    assert_eq!(t.outcome(star), Outcome::First);
    assert_eq!(t.outcome(zero), Outcome::Second);
    let s2 = t.nimber(2);
    let s3 = t.nimber(3);
    assert_eq!(t.add(star, s2), s3);
}

#[test]
fn up_is_positive_and_infinitesimal() {
    let t = GameTable::new();
    let up = t.up();
    let zero = t.zero();
    let tiny = t.number(Dyadic::new(1, 6));
    assert_eq!(t.outcome(up), Outcome::Left);
    let down = t.neg(up);
    assert_eq!(t.outcome(down), Outcome::Right);
    assert!(t.leq(up, tiny) && !t.leq(tiny, up));
    let star = t.nimber(1);
    let up_star = t.add(up, star);
    assert_eq!(t.outcome(up_star), Outcome::First);
    // ^* = {0, * | 0}: the canonical form of the sum.
    assert_eq!(t.left(up_star), &[zero, star]);
    assert_eq!(t.right(up_star), &[zero]);
}

#[test]
fn a_dominated_option_is_removed_and_a_reversible_one_bypassed() {
    let t = GameTable::new();
    let zero = t.zero();
    let one = t.integer(1);
    let star = t.nimber(1);
    let minus_one = t.integer(-1);
    let pm1 = t.game(&[one], &[minus_one]);
    // {0, 1 | ±1}: 0 is dominated by 1 for Left; the value is {1 | ±1}.
    let g = t.game(&[zero, one], &[pm1]);
    assert_eq!(t.left(g), &[one]);
    // {* | *}: Left's * reverses through its option 0 <= {* | *}, and
    // Right's likewise, leaving { | } = 0.
    let g = t.game(&[star], &[star]);
    assert_eq!(g, zero);
}

/// A few games of several families, built in `t`.
fn assorted(t: &GameTable) -> Vec<GameId> {
    let half = t.number(Dyadic::new(1, 1));
    vec![
        t.nimber(1),
        t.nimber(2),
        t.up(),
        half,
        t.integer(-2),
        t.game(&[half], &[t.zero()]),
    ]
}

/// `base[a] + base[b] + base[(a + b) % n]` for the pair `(a, b)`.
fn triple(t: &GameTable, base: &[GameId], (a, b): (usize, usize)) -> GameId {
    let ab = t.add(base[a], base[b]);
    t.add(ab, base[(a + b) % base.len()])
}

#[test]
fn threads_sharing_a_table_store_each_game_once() {
    // Four threads make sums of a list of games, each in its own order, in
    // one table: a game reached by several threads has one id, and every sum
    // reads as the one a table of its own computes.
    let t = GameTable::new();
    let base = assorted(&t);
    let n = base.len();
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect();
    let sums: Vec<Vec<GameId>> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..4)
            .map(|k| {
                let (t, base, pairs) = (&t, &base, &pairs);
                s.spawn(move || {
                    let mut order: Vec<usize> = (0..pairs.len()).collect();
                    order.rotate_left(k * pairs.len() / 4);
                    let mut sums = vec![t.zero(); pairs.len()];
                    for i in order {
                        sums[i] = triple(t, base, pairs[i]);
                    }
                    sums
                })
            })
            .collect();
        threads.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(sums.iter().all(|s| *s == sums[0]));
    let alone = GameTable::new();
    let own = assorted(&alone);
    for (i, &pair) in pairs.iter().enumerate() {
        let expected = alone.display(triple(&alone, &own, pair));
        assert_eq!(t.display(sums[0][i]), expected, "{pair:?}");
    }
}
