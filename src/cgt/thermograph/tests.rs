//! Thermographs of small games worked by hand from the scaffolds.

use super::*;

fn d(num: i64, exp: u32) -> Dyadic {
    Dyadic::new(num, exp)
}

fn n(x: i64) -> Dyadic {
    Dyadic::integer(x)
}

/// Vertices from (temperature, value) pairs.
fn wall(points: &[(Dyadic, Dyadic)]) -> Vec<Point> {
    points
        .iter()
        .map(|&(temperature, value)| Point { temperature, value })
        .collect()
}

fn mast(x: i64) -> Thermograph {
    Thermograph::mast(n(x))
}

fn switch(a: &Thermograph, b: &Thermograph) -> Thermograph {
    Thermograph::of_options([a], [b])
}

#[test]
fn an_integer_is_a_mast_from_minus_one() {
    let t = mast(3);
    assert_eq!(t.temperature(), n(-1));
    assert_eq!(t.mean(), n(3));
    assert_eq!(t.left_wall(), wall(&[(n(-1), n(3))]));
    assert_eq!(t.right_wall(), t.left_wall());
    assert_eq!(t.left_at(n(5)), n(3));
}

#[test]
fn a_switch_of_numbers_has_walls_of_slope_one_meeting_at_its_mean() {
    // {a | b} with a > b: the walls a - t and b + t meet at t = (a - b) / 2,
    // at the mean (a + b) / 2. ±1: temperature 1, mean 0.
    let pm1 = switch(&mast(1), &mast(-1));
    assert_eq!((pm1.temperature(), pm1.mean()), (n(1), n(0)));
    assert_eq!(pm1.left_wall(), wall(&[(n(-1), n(2)), (n(1), n(0))]));
    assert_eq!(pm1.right_wall(), wall(&[(n(-1), n(-2)), (n(1), n(0))]));
    assert_eq!(pm1.left_at(d(1, 1)), d(1, 1));
    assert_eq!(pm1.right_at(d(1, 1)), d(-1, 1));
    assert_eq!(pm1.right_at(n(-3)), n(-2));
    let g = switch(&mast(3), &mast(0));
    assert_eq!((g.temperature(), g.mean()), (d(3, 1), d(3, 1)));
}

#[test]
fn star_and_up_have_temperature_zero() {
    // * = {0 | 0}: walls -t and t, meeting at 0.
    let star = switch(&mast(0), &mast(0));
    assert_eq!((star.temperature(), star.mean()), (n(0), n(0)));
    assert_eq!(star.left_wall(), wall(&[(n(-1), n(1)), (n(0), n(0))]));
    // ^ = {0 | *}: the right scaffold is *'s left wall tilted, (1 - (t + 1))
    // + t = 0 up to 0; the left one is -t.
    let up = switch(&mast(0), &star);
    assert_eq!((up.temperature(), up.mean()), (n(0), n(0)));
    assert_eq!(up.left_wall(), wall(&[(n(-1), n(1)), (n(0), n(0))]));
    assert_eq!(up.right_wall(), wall(&[(n(-1), n(0)), (n(0), n(0))]));
}

#[test]
fn a_number_that_is_not_an_integer_is_cooled_from_its_options() {
    // 1/2 = {0 | 1}: -t and 1 + t meet at -1/2. 3/4 = {1/2 | 1}: 1/2's
    // right wall (1 + t up to -1/2, then 1/2) less t is 1, then 1/2 - t,
    // which meets 1 + t at -1/4, at 3/4.
    let half = switch(&mast(0), &mast(1));
    assert_eq!((half.temperature(), half.mean()), (d(-1, 1), d(1, 1)));
    assert_eq!(
        half.right_wall(),
        wall(&[(n(-1), n(0)), (d(-1, 1), d(1, 1))])
    );
    let three_quarters = switch(&half, &mast(1));
    assert_eq!(three_quarters.temperature(), d(-1, 2));
    assert_eq!(three_quarters.mean(), d(3, 2));
    assert_eq!(
        three_quarters.left_wall(),
        wall(&[(n(-1), n(1)), (d(-1, 1), n(1)), (d(-1, 2), d(3, 2))])
    );
}

#[test]
fn a_wall_bends_where_an_option_reaches_its_mast() {
    // {4 | {2 | 0}}: the right scaffold is {2|0}'s left wall (2 - t up to
    // 1, then 1) plus t: 2 up to 1, then 1 + t; it meets 4 - t at 3/2, at
    // 5/2, bending at t = 1.
    let hot = switch(&mast(2), &mast(0));
    let g = switch(&mast(4), &hot);
    assert_eq!((g.temperature(), g.mean()), (d(3, 1), d(5, 1)));
    assert_eq!(g.left_wall(), wall(&[(n(-1), n(5)), (d(3, 1), d(5, 1))]));
    assert_eq!(
        g.right_wall(),
        wall(&[(n(-1), n(2)), (n(1), n(2)), (d(3, 1), d(5, 1))])
    );
    assert_eq!(g.right_at(d(5, 2)), d(9, 2));
    // {3 | {2 | 0}}: the scaffolds meet at 1, where the right one bends: the
    // right wall is vertical at 2 from -1 up.
    let g = switch(&mast(3), &hot);
    assert_eq!((g.temperature(), g.mean()), (n(1), n(2)));
    assert_eq!(g.right_wall(), wall(&[(n(-1), n(2)), (n(1), n(2))]));
    assert_eq!(g.to_string(), "left (-1, 4) (1, 2); right (-1, 2) (1, 2)");
}

#[test]
fn the_best_option_can_change_with_the_temperature() {
    // Left's options 1 and {5 | -1} (temperature 3, mean 2, right wall t - 1
    // up to 3): the better is 1 up to t = 2, then the switch. The left
    // scaffold max(1, t - 1) - t is 1 - t up to 2, then -1 up to 3; Right's
    // option -4 gives the right scaffold t - 4, which meets it at 3, at -1.
    let hot = switch(&mast(5), &mast(-1));
    let g = Thermograph::of_options([&mast(1), &hot], [&mast(-4)]);
    assert_eq!((g.temperature(), g.mean()), (n(3), n(-1)));
    assert_eq!(
        g.left_wall(),
        wall(&[(n(-1), n(2)), (n(2), n(-1)), (n(3), n(-1))])
    );
    assert_eq!(g.right_wall(), wall(&[(n(-1), n(-5)), (n(3), n(-1))]));
}
