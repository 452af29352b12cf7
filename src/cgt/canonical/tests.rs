//! The canonical forms against the definitions, on unsimplified trees, and
//! the laws of the algebra (sums, negation, the order and who wins) on
//! generated games.

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

/// Whether Left, moving first on the tree `g`, wins (normal play: a player
/// who cannot move loses), by playing it out.
fn left_wins_first(g: &Raw) -> bool {
    g.left.iter().any(|gl| !right_wins_first(gl))
}

/// Whether Right, moving first on the tree `g`, wins.
fn right_wins_first(g: &Raw) -> bool {
    g.right.iter().any(|gr| !left_wins_first(gr))
}

/// `g` with Right's options taken away: a game `>= 0`, since Right moving
/// first has no move.
fn without_right(g: Raw) -> Raw {
    Raw { right: vec![], ..g }
}

// The laws of the algebra on generated games (as the `cgt` crate's
// `Arbitrary` canonical forms are generated: trees of options, here up to
// depth 4), each against its definition or a second construction.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn zero_is_the_identity(g in raw()) {
        let mut t = GameTable::new();
        let a = build(&mut t, &g);
        prop_assert_eq!(t.add(a, t.zero()), a);
        prop_assert_eq!(t.add(t.zero(), a), a);
        prop_assert_eq!(t.sum_of(&[]), t.zero());
    }

    #[test]
    fn the_order_is_reflexive_and_antisymmetric_on_canonical_forms(g in raw(), h in raw()) {
        let mut t = GameTable::new();
        let (a, b) = (build(&mut t, &g), build(&mut t, &h));
        prop_assert!(t.leq(a, a));
        prop_assert_eq!(t.leq(a, b) && t.leq(b, a), a == b);
        // G and (G + H) - H, built otherwise, are equal and so one id.
        let round = t.sub(t.add(a, b), b);
        prop_assert!(t.leq(a, round) && t.leq(round, a));
        prop_assert_eq!(round, a);
    }

    #[test]
    fn the_order_is_transitive(g in raw(), p in raw(), q in raw(), h in raw()) {
        let mut t = GameTable::new();
        // a <= b <= c by construction: b = a + P and c = b + Q with P, Q >= 0.
        let a = build(&mut t, &g);
        let (p, q) = (build(&mut t, &without_right(p)), build(&mut t, &without_right(q)));
        let b = t.add(a, p);
        let c = t.add(b, q);
        prop_assert!(t.leq(t.zero(), p) && t.leq(t.zero(), q));
        prop_assert!(t.leq(a, b) && t.leq(b, c) && t.leq(a, c));
        // And on any triple, as an implication.
        let x = build(&mut t, &h);
        for (u, v, w) in [(a, x, c), (x, a, b), (a, b, x), (x, p, q)] {
            prop_assert!(!(t.leq(u, v) && t.leq(v, w)) || t.leq(u, w));
        }
    }

    #[test]
    fn the_order_agrees_with_who_wins_playing_it_out(g in raw()) {
        let mut t = GameTable::new();
        let a = build(&mut t, &g);
        let zero = t.zero();
        let (left_first, right_first) = (left_wins_first(&g), right_wins_first(&g));
        // G >= 0 iff Left wins moving second; G <= 0 iff Right does.
        prop_assert_eq!(t.leq(zero, a), !right_first);
        prop_assert_eq!(t.leq(a, zero), !left_first);
        let expected = match (left_first, right_first) {
            (true, false) => Outcome::Left,
            (false, true) => Outcome::Right,
            (false, false) => Outcome::Second,
            (true, true) => Outcome::First,
        };
        prop_assert_eq!(t.outcome(a), expected);
        // G > 0 iff Left wins either way; G || 0 iff the first player wins.
        prop_assert_eq!(t.leq(zero, a) && !t.leq(a, zero), left_first && !right_first);
        prop_assert_eq!(!t.leq(zero, a) && !t.leq(a, zero), left_first && right_first);
    }

    #[test]
    fn negation_reverses_the_order_and_the_order_is_by_differences(g in raw(), h in raw()) {
        let mut t = GameTable::new();
        let (a, b) = (build(&mut t, &g), build(&mut t, &h));
        let (na, nb) = (t.neg(a), t.neg(b));
        prop_assert_eq!(t.leq(a, b), t.leq(nb, na));
        prop_assert_eq!(t.neg(na), a);
        // G <= H iff G - H <= 0 iff 0 <= H - G.
        prop_assert_eq!(t.leq(a, b), t.leq(t.sub(a, b), t.zero()));
        prop_assert_eq!(t.leq(a, b), t.leq(t.zero(), t.sub(b, a)));
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

/// Each number's canonical form as the definition gives it, checked down
/// every option: an integer `n > 0` is `{n - 1 | }`, `n < 0` is `{ | n + 1}`,
/// and `m / 2^e` (m odd) is `{(m - 1) / 2^e | (m + 1) / 2^e}`. The numbers
/// each node stands for are found by the table's own reading of the options
/// (`number_value`, by the simplest number between them), a second route.
fn assert_number_form(t: &GameTable, g: GameId, x: Dyadic) {
    assert_eq!(t.number_value(g), Some(x));
    let step = Dyadic::new(1, x.exponent());
    let (left, right) = (t.left(g), t.right(g));
    if x == Dyadic::ZERO {
        assert!(left.is_empty() && right.is_empty());
    } else if x.is_integer() && x > Dyadic::ZERO {
        assert!(right.is_empty() && left.len() == 1);
        assert_number_form(t, left[0], x + Dyadic::integer(-1));
    } else if x.is_integer() {
        assert!(left.is_empty() && right.len() == 1);
        assert_number_form(t, right[0], x + Dyadic::integer(1));
    } else {
        assert!(left.len() == 1 && right.len() == 1);
        assert_number_form(t, left[0], x + -step);
        assert_number_form(t, right[0], x + step);
    }
}

#[test]
fn large_nimbers_and_fine_numbers_are_built_in_linear_time() {
    // Built recursively without a memo, *64 took 2^64 steps and 255/256
    // 2^8 times the integers'; bottom-up, each is a few dozen games.
    let t = GameTable::new();
    let star64 = t.nimber(64);
    assert_eq!(t.left(star64).len(), 64);
    assert_eq!(t.left(star64), t.right(star64));
    assert_eq!(t.left(star64)[63], t.nimber(63));
    // The notation's reading of the form (a route of its own) names it.
    assert_eq!(t.display(star64), "*64");
    assert_eq!(t.outcome(star64), Outcome::First);
    // *a + *b = *(a xor b), the sum canonicalised through its options.
    for (a, b) in [(12, 10), (9, 6), (13, 13)] {
        let (x, y) = (t.nimber(a), t.nimber(b));
        assert_eq!(t.add(x, y), t.nimber(a ^ b), "*{a} + *{b}");
    }
    for x in [
        Dyadic::new(255, 8),
        Dyadic::new(-255, 8),
        Dyadic::new(1, 20),
        Dyadic::new(-77, 5),
        Dyadic::integer(300),
        Dyadic::integer(-3),
    ] {
        let g = t.number(x);
        assert_number_form(&t, g, x);
        // x + (-x) = 0, with -x built by negating the options one by one.
        assert_eq!(t.neg(g), t.number(-x), "{x}");
        assert_eq!(t.sub(g, g), t.zero(), "{x}");
    }
    // 255/256 + 1/256 = 1, and {127/128 | 1} = 255/256.
    let (a, b) = (t.number(Dyadic::new(255, 8)), t.number(Dyadic::new(1, 8)));
    assert_eq!(t.add(a, b), t.integer(1));
    let upper = t.game(&[t.number(Dyadic::new(127, 7))], &[t.integer(1)]);
    assert_eq!(upper, a);
}
