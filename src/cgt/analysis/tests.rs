//! The analysis against hand-worked games, a second route to thermographs,
//! means, temperatures and cooling by the definition of cooling, and the
//! theorems on random games.

use super::*;
use crate::cgt::canonical::memos::Smallness;
use crate::cgt::random::SplitMix64;
use crate::cgt::thermograph::Point;
use proptest::prelude::*;
use rustc_hash::FxHashMap;

fn d(num: i64, exp: u32) -> Dyadic {
    Dyadic::new(num, exp)
}

/// `{a | b}` for numbers.
fn switch(t: &GameTable, a: Dyadic, b: Dyadic) -> GameId {
    let (a, b) = (t.number(a), t.number(b));
    t.game(&[a], &[b])
}

#[test]
fn hot_games_cool_as_in_the_books() {
    let t = GameTable::new();
    let pm1 = switch(&t, d(1, 0), d(-1, 0));
    let cool = |g, x| t.display(t.cool(g, x).unwrap());
    // ±1 cooled by 1/2 is ±1/2, by its temperature 1 is *, above it 0.
    assert_eq!(cool(pm1, d(1, 1)), "+-1/2");
    assert_eq!(cool(pm1, d(1, 0)), "*");
    assert_eq!(cool(pm1, d(3, 1)), "0");
    // {3 | {2 | 0}} chilled (cooled by 1) is {2 | {1 | 1} + 1} = 2^.
    let hot = switch(&t, d(2, 0), d(0, 0));
    let three = t.integer(3);
    let g = t.game(&[three], &[hot]);
    assert_eq!((t.temperature(g), t.mean(g)), (d(1, 0), d(2, 0)));
    assert_eq!(cool(g, d(1, 0)), "2^");
    // Below -1 cooling is not defined; numbers and integers stay numbers
    // above their temperatures.
    assert_eq!(
        t.cool(g, d(-3, 1)),
        Err(Undefined::CoolingBelowMinusOne(d(-3, 1)))
    );
    let half = t.number(d(1, 1));
    assert_eq!(cool(half, d(-1, 2)), "1/2");
    // At its temperature -1/2, 1/2 = {0 | 1} cools to {1/2 | 1/2} = 1/2*.
    assert_eq!(cool(half, d(-1, 1)), "1/2*");
    assert_eq!(cool(three, d(-1, 0)), "3");
}

#[test]
fn numbers_have_negative_temperatures_by_their_denominators() {
    let t = GameTable::new();
    for (x, temperature) in [
        (d(0, 0), d(-1, 0)),
        (d(-5, 0), d(-1, 0)),
        (d(1, 1), d(-1, 1)),
        (d(-3, 2), d(-1, 2)),
        (d(7, 3), d(-1, 3)),
    ] {
        let g = t.number(x);
        assert_eq!((t.temperature(g), t.mean(g)), (temperature, x), "{x}");
    }
    // Infinitesimals and their sums with numbers are at temperature 0.
    let up_star = t.add(t.up(), t.nimber(1));
    let g = t.add(up_star, t.number(d(3, 2)));
    assert_eq!((t.temperature(g), t.mean(g)), (d(0, 0), d(3, 2)));
}

#[test]
fn birthdays_count_days() {
    let t = GameTable::new();
    let zero = t.zero();
    let pm1 = switch(&t, d(1, 0), d(-1, 0));
    let cases = [
        (zero, 0),
        (t.nimber(1), 1),
        (t.nimber(3), 3),
        (t.up(), 2),
        (t.integer(-4), 4),
        (t.number(d(1, 1)), 2),
        (t.number(d(3, 2)), 3),
        (pm1, 2),
    ];
    for (g, b) in cases {
        assert_eq!(t.birthday(g), b, "{}", t.display(g));
    }
}

#[test]
fn atomic_weights_of_ups_and_nimbers_and_none_for_numbers() {
    let t = GameTable::new();
    let up = t.up();
    let star = t.nimber(1);
    let aw = |g| t.atomic_weight(g).map(|a| t.display(a));
    assert_eq!(aw(up), Ok("1".to_string()));
    assert_eq!(aw(t.add(up, star)), Ok("1".to_string()));
    let double_up_star = t.sum_of(&[up, up, star]);
    assert_eq!(aw(double_up_star), Ok("2".to_string()));
    assert_eq!(aw(t.neg(double_up_star)), Ok("-2".to_string()));
    for k in 0..4 {
        assert_eq!(aw(t.nimber(k)), Ok("0".to_string()));
    }
    // {0 | ^} = ^^*, of atomic weight 2.
    let g = t.game(&[t.zero()], &[up]);
    assert_eq!(t.display(g), "^^*");
    assert_eq!(aw(g), Ok("2".to_string()));
    // Numbers and hot games are not all-small; the error names a number.
    let pm1 = switch(&t, d(1, 0), d(-1, 0));
    assert_eq!(t.atomic_weight(pm1), Err(Undefined::NotAllSmall(d(1, 0))));
    let half = t.number(d(1, 1));
    assert_eq!(t.atomic_weight(half), Err(Undefined::NotAllSmall(d(1, 1))));
    let half_up = t.add(half, up);
    assert!(t.atomic_weight(half_up).is_err());
    assert!(!t.is_all_small(half_up) && t.is_all_small(g));
}

#[test]
fn reduced_forms_forget_infinitesimals() {
    let t = GameTable::new();
    let up = t.up();
    let star = t.nimber(1);
    let pm1 = switch(&t, d(1, 0), d(-1, 0));
    let reduced = |g| t.display(t.reduced(g));
    assert_eq!(reduced(up), "0");
    assert_eq!(reduced(t.add(t.number(d(3, 1)), star)), "3/2");
    assert_eq!(reduced(t.add(pm1, up)), "+-1");
    // {1 | ^} and {1* | 0}: options equal up to infinitesimals.
    let one = t.integer(1);
    let one_star = t.add(one, star);
    let g = t.game(&[one], &[up]);
    let h = t.game(&[one_star], &[t.zero()]);
    assert_eq!(reduced(g), "{1|0}");
    assert_eq!(t.reduced(g), t.reduced(h));
}

#[test]
fn the_analysis_of_a_switch_gathers_everything() {
    let t = GameTable::new();
    let pm1 = switch(&t, d(1, 0), d(-1, 0));
    let a = t.analyse(pm1);
    assert_eq!(a.outcome, Outcome::First);
    assert_eq!((a.left_stop, a.right_stop), (d(1, 0), d(-1, 0)));
    assert_eq!((a.mean, a.temperature), (d(0, 0), d(1, 0)));
    assert_eq!(a.thermograph, t.thermograph(pm1));
    assert_eq!(a.atomic_weight, Err(Undefined::NotAllSmall(d(1, 0))));
    assert_eq!((a.reduced, a.birthday), (pm1, 2));
}

/// Every game cooled by every temperature of a grid, by the definition: an
/// integer stays; any other canonical game is `{ G^L_t - t | G^R_t + t }`
/// (its options' rows) until, at the least `t` of the grid, that is
/// infinitely close to a number `x`, and `x` above. Nothing of the
/// thermograph code is used.
struct ByDefinition<'a> {
    games: &'a GameTable,
    grid: Vec<Dyadic>,
    rows: FxHashMap<GameId, Vec<GameId>>,
}

impl ByDefinition<'_> {
    fn row(&mut self, g: GameId) -> Vec<GameId> {
        if let Some(row) = self.rows.get(&g) {
            return row.clone();
        }
        let t = self.games;
        let row = if t.number_value(g).is_some_and(Dyadic::is_integer) {
            vec![g; self.grid.len()]
        } else {
            let left: Vec<Vec<GameId>> = t.left(g).iter().map(|&o| self.row(o)).collect();
            let right: Vec<Vec<GameId>> = t.right(g).iter().map(|&o| self.row(o)).collect();
            let mut frozen = None;
            let mut row = Vec::with_capacity(self.grid.len());
            for (i, &temp) in self.grid.iter().enumerate() {
                if let Some(x) = frozen {
                    row.push(x);
                    continue;
                }
                let (minus, plus) = (t.number(-temp), t.number(temp));
                let l: Vec<GameId> = left.iter().map(|r| t.add(r[i], minus)).collect();
                let r: Vec<GameId> = right.iter().map(|r| t.add(r[i], plus)).collect();
                let c = t.game(&l, &r);
                if t.left_stop(c) == t.right_stop(c) {
                    frozen = Some(t.number(t.left_stop(c)));
                }
                row.push(c);
            }
            row
        };
        self.rows.insert(g, row.clone());
        row
    }
}

/// Temperatures `j / 2^exp` from -1 to `top`.
fn grid(exp: u32, top: i64) -> Vec<Dyadic> {
    let steps = 1i64 << exp;
    (-steps..=top * steps).map(|j| d(j, exp)).collect()
}

#[test]
fn thermographs_and_cooling_agree_with_cooling_by_the_definition() {
    // Random games born by day 3 (up to 3 options a side) and day 4 (up to
    // 2): on a grid of sixty-fourths, fine enough to hold every vertex, the
    // walls at each t are the stops of the game cooled by t, the temperature
    // is the first t at which that is infinitely close to a number, the mean
    // that number, and `cool` gives the game itself.
    let t = GameTable::new();
    let mut by_definition = ByDefinition {
        games: &t,
        grid: grid(6, 4),
        rows: FxHashMap::default(),
    };
    let mut rng = SplitMix64::new(28);
    let mut hot = 0;
    for (days, width) in [(3, 3), (4, 2)] {
        for _ in 0..100 {
            let g = rng.game(&t, days, width);
            let th = t.thermograph(g);
            let on_grid = |p: &Point| p.temperature.exponent() <= 6 && p.value.exponent() <= 6;
            assert!(th.left_wall().iter().chain(&th.right_wall()).all(on_grid));
            let row = by_definition.row(g);
            let grid = &by_definition.grid;
            for (&temp, &cooled) in grid.iter().zip(&row) {
                let stops = (t.left_stop(cooled), t.right_stop(cooled));
                assert_eq!(stops, (th.left_at(temp), th.right_at(temp)), "{temp}");
                assert_eq!(t.cool(g, temp), Ok(cooled));
            }
            let first = (grid.iter().zip(&row))
                .find(|(_, c)| t.left_stop(**c) == t.right_stop(**c))
                .map(|(&temp, &c)| (temp, t.left_stop(c)));
            assert_eq!(first, Some((th.temperature(), th.mean())));
            hot += usize::from(th.temperature() > Dyadic::ZERO);
        }
    }
    // The sample is not all numbers and infinitesimals.
    assert!(hot >= 30, "{hot}");
}

/// A random game of the table, drawn from `seed`.
fn random(t: &GameTable, seed: u64) -> GameId {
    SplitMix64::new(seed).game(t, 3, 3)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn means_add_and_temperatures_of_sums_are_at_most_the_largest(a: u64, b: u64) {
        let t = GameTable::new();
        let (g, h) = (random(&t, a), random(&t, b));
        let s = t.add(g, h);
        prop_assert_eq!(t.mean(s), t.mean(g) + t.mean(h));
        prop_assert!(t.temperature(s) <= t.temperature(g).max(t.temperature(h)));
    }

    #[test]
    fn the_walls_run_from_the_stops_to_the_foot_of_the_mast(a: u64) {
        let t = GameTable::new();
        let g = random(&t, a);
        let th = t.thermograph(g);
        let (l, r) = (t.left_stop(g), t.right_stop(g));
        prop_assert!(l >= r);
        // At 0 the walls are the stops; they meet at the foot of the mast and
        // stay there; below, the left wall is never right of the right one.
        prop_assert_eq!((th.left_at(Dyadic::ZERO), th.right_at(Dyadic::ZERO)), (l, r));
        let (temp, mean) = (th.temperature(), th.mean());
        prop_assert_eq!((th.left_at(temp), th.right_at(temp)), (mean, mean));
        let above = temp + d(1, 3);
        prop_assert_eq!((th.left_at(above), th.right_at(above)), (mean, mean));
        for p in th.left_wall().iter().chain(&th.right_wall()) {
            prop_assert!(th.left_at(p.temperature) >= th.right_at(p.temperature));
        }
        prop_assert_eq!(th.left_wall()[0].temperature, d(-1, 0));
        prop_assert_eq!(th.right_wall()[0].temperature, d(-1, 0));
    }

    /// Cooling by `t > -1` adds (by -1 it need not:
    /// [`cooling_by_minus_one_need_not_add`]).
    #[test]
    fn cooling_adds_and_a_game_cooled_by_its_temperature_is_near_its_mean(
        a: u64,
        b: u64,
        j in -7i64..40,
    ) {
        let t = GameTable::new();
        let (g, h) = (random(&t, a), random(&t, b));
        let temp = d(j, 3);
        let s = t.add(g, h);
        let cool = |x| t.cool(x, temp).unwrap();
        prop_assert_eq!(cool(s), t.add(cool(g), cool(h)));
        let at = t.cool(g, t.temperature(g)).unwrap();
        prop_assert_eq!((t.left_stop(at), t.right_stop(at)), (t.mean(g), t.mean(g)));
        let above = t.cool(g, t.temperature(g) + d(1, 4)).unwrap();
        prop_assert_eq!(t.number_value(above), Some(t.mean(g)));
    }

    #[test]
    fn the_negative_mirrors_everything(a: u64, j in -8i64..24) {
        let t = GameTable::new();
        let g = random(&t, a);
        let n = t.neg(g);
        let (tg, tn) = (t.thermograph(g), t.thermograph(n));
        let mirror = |wall: Vec<Point>| -> Vec<Point> {
            wall.iter().map(|p| Point { value: -p.value, ..*p }).collect()
        };
        prop_assert_eq!(mirror(tg.left_wall()), tn.right_wall());
        prop_assert_eq!(mirror(tg.right_wall()), tn.left_wall());
        let temp = d(j, 3);
        prop_assert_eq!(t.cool(n, temp).unwrap(), t.neg(t.cool(g, temp).unwrap()));
        prop_assert_eq!(t.reduced(n), t.neg(t.reduced(g)));
        prop_assert_eq!(t.birthday(n), t.birthday(g));
    }

    #[test]
    fn a_number_over_2_to_the_k_is_at_temperature_minus_one_over_2_to_the_k(
        num in -200i64..200,
        exp in 0u32..6,
    ) {
        let t = GameTable::new();
        let x = d(num, exp);
        let g = t.number(x);
        prop_assert_eq!(t.mean(g), x);
        prop_assert_eq!(t.temperature(g), -d(1, x.exponent()));
        prop_assert_eq!(t.cool(g, d(1, 3)), Ok(g));
    }

    #[test]
    fn birthdays_of_sums_are_at_most_the_sum_of_birthdays(a: u64, b: u64) {
        let t = GameTable::new();
        let (g, h) = (random(&t, a), random(&t, b));
        prop_assert!(t.birthday(t.add(g, h)) <= t.birthday(g) + t.birthday(h));
    }

    #[test]
    fn reduced_forms_differ_by_infinitesimals_and_ignore_them(a: u64, b: u64) {
        let t = GameTable::new();
        let g = random(&t, a);
        let epsilon = SplitMix64::new(b).all_small_game(&t, 3, 2);
        let r = t.reduced(g);
        let difference = t.sub(g, r);
        prop_assert_eq!(t.left_stop(difference), Dyadic::ZERO);
        prop_assert_eq!(t.right_stop(difference), Dyadic::ZERO);
        prop_assert_eq!(t.reduced(r), r);
        prop_assert_eq!(t.reduced(t.add(g, epsilon)), r);
    }

    #[test]
    fn atomic_weights_add_and_two_ahead_wins(a: u64, b: u64) {
        let t = GameTable::new();
        let g = SplitMix64::new(a).all_small_game(&t, 4, 2);
        let h = SplitMix64::new(b).all_small_game(&t, 4, 2);
        let (ag, ah) = (t.atomic_weight(g).unwrap(), t.atomic_weight(h).unwrap());
        prop_assert_eq!(t.atomic_weight(t.add(g, h)).unwrap(), t.add(ag, ah));
        let two = t.integer(2);
        if t.leq(two, ag) {
            prop_assert_eq!(t.outcome(g), Outcome::Left);
        }
        if t.leq(ag, t.neg(two)) {
            prop_assert_eq!(t.outcome(g), Outcome::Right);
        }
        // The remote star is remote: a larger one compares alike.
        let Smallness::AllSmall { remote, .. } = t.smallness(g) else {
            unreachable!("all-small")
        };
        let (near, far) = (t.nimber(remote), t.nimber(remote + 2));
        prop_assert_eq!(t.leq(g, near), t.leq(g, far));
        prop_assert_eq!(t.leq(near, g), t.leq(far, g));
    }
}

#[test]
fn threads_sharing_a_table_analyse_alike() {
    // Four threads analyse the same random games, each in its own order, in
    // one table: every thermograph, cooled game and reduced form is the one
    // a table of its own computes.
    let t = GameTable::new();
    let seeds: Vec<u64> = (0..40).collect();
    let results: Vec<Vec<(Thermograph, String, String)>> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..4)
            .map(|k| {
                let (t, seeds) = (&t, &seeds);
                s.spawn(move || {
                    let mut order = seeds.clone();
                    order.rotate_left(k * 10);
                    let mut out = vec![None; seeds.len()];
                    for seed in order {
                        let g = random(t, seed);
                        let cooled = t.display(t.cool(g, d(1, 1)).unwrap());
                        let item = (t.thermograph(g).clone(), cooled, t.display(t.reduced(g)));
                        out[usize::try_from(seed).unwrap()] = Some(item);
                    }
                    out.into_iter().map(Option::unwrap).collect()
                })
            })
            .collect();
        threads.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let alone = GameTable::new();
    for (i, &seed) in seeds.iter().enumerate() {
        let g = random(&alone, seed);
        let cooled = alone.display(alone.cool(g, d(1, 1)).unwrap());
        let expected = (
            alone.thermograph(g).clone(),
            cooled,
            alone.display(alone.reduced(g)),
        );
        assert!(results.iter().all(|r| r[i] == expected), "seed {seed}");
    }
}

#[test]
fn cooling_by_minus_one_need_not_add() {
    // Cooling by -1 raises every option by a whole move: *2 cooled by -1 is
    // {1, {2|0} | -1, {0|-2}}, and with G = {0 || *, 0 | -1}, the sum cooled
    // differs from the sum of the cooled parts (they agree at every other
    // grid temperature of the property test above).
    let t = GameTable::new();
    let (zero, star) = (t.zero(), t.nimber(1));
    let minus_one = t.integer(-1);
    let g = t.game(&[zero], &[t.game(&[star, zero], &[minus_one])]);
    let s2 = t.nimber(2);
    let cool = |x| t.cool(x, d(-1, 0)).unwrap();
    assert_eq!(t.display(cool(s2)), "{1,{2|0}|-1,{0|-2}}");
    assert_ne!(cool(t.add(g, s2)), t.add(cool(g), cool(s2)));
}
