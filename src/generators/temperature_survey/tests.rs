//! `temperature-survey` against hand-worked boards, the `position`
//! generator on single positions and `split-census`'s count of positions.

use super::*;
use crate::draw;
use crate::generators::{Data, Generator, Views, position, split_census};

/// A run on `board`, every identity holding.
fn run(board: &str, hottest: usize) -> Results {
    let (board, hottest) = (format!("{board:?}"), hottest.to_string());
    let params = Params::from_text(&SPEC, &[("board", &board), ("hottest", &hottest)]).unwrap();
    SPEC.check_limits(&params).unwrap();
    let out = TemperatureSurvey.run(&params);
    assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
    serde_json::from_value(out.data).unwrap()
}

/// A distribution as (value, positions) pairs.
fn tallies(t: &[Tally]) -> Vec<(&str, u64)> {
    t.iter().map(|t| (t.value.as_str(), t.positions)).collect()
}

#[test]
fn the_square_is_hot_at_the_start_and_numbers_after() {
    // The 2 x 2 by hand: the empty square is ±1 (temperature 1, mean 0);
    // each of the four single dominoes leaves a strip of two that only one
    // player can fill, 1 after a vertical domino and -1 after a flat one;
    // the full board is 0. Integers have temperature -1.
    let r = run("..|..", 3);
    assert_eq!((r.positions, r.hot, r.tepid, r.numbers), (6, 1, 0, 5));
    assert_eq!(tallies(&r.temperatures), [("-1", 5), ("1", 1)]);
    assert_eq!(tallies(&r.means), [("-1", 2), ("0", 2), ("1", 2)]);
    assert_eq!(
        (r.hottest_temperature.as_str(), r.hottest_positions),
        ("1", 1)
    );
    // The start is the hottest; the next, in the order of their text
    // (`#` before `.`) and distinct up to mirrors, are the full board `##|##`
    // and a flat domino on top, `##|..`.
    let values: Vec<&str> = r.hottest.iter().map(|h| h.value.as_str()).collect();
    assert_eq!(values, ["+-1", "0", "-1"]);
    assert_eq!(r.hottest[2].position, "##|..");
    let h = &r.hottest[0];
    assert_eq!(h.position, "..|..");
    assert_eq!((h.left_stop.as_str(), h.right_stop.as_str()), ("1", "-1"));
}

#[test]
fn a_corner_of_three_is_tepid() {
    // Three cells in an L: Left's one vertical domino and Right's one flat
    // domino each leave a single cell, 0, so the L is {0 | 0} = *, tepid.
    let r = run("..|.#", 1);
    assert_eq!((r.positions, r.hot, r.tepid, r.numbers), (3, 0, 1, 2));
    assert_eq!(tallies(&r.temperatures), [("-1", 2), ("0", 1)]);
    assert_eq!(r.hottest[0].value, "*");
}

#[test]
fn the_hottest_agree_with_the_position_generator() {
    // Each hottest position of two rows of three, valued alone by the
    // `position` generator.
    let r = run("...|...", 4);
    assert_eq!(r.hottest.len(), 4);
    for h in &r.hottest {
        let positions = format!("[{:?}]", h.position);
        let params =
            Params::from_text(position::Position.spec(), &[("positions", &positions)]).unwrap();
        let p: position::Results =
            serde_json::from_value(position::Position.run(&params).data).unwrap();
        assert_eq!(p.value, h.value);
        assert_eq!(p.temperature.as_ref(), Some(&h.temperature));
        assert_eq!(p.mean.as_ref(), Some(&h.mean));
        assert_eq!(p.left_stop.as_ref(), Some(&h.left_stop));
        assert_eq!(p.right_stop.as_ref(), Some(&h.right_stop));
        let walls = p.thermograph.unwrap();
        assert_eq!(
            (walls.left, walls.right),
            (h.thermograph.left.clone(), h.thermograph.right.clone())
        );
    }
    // Two rows of three is {2 | -1/2} (the hot-positions essay's claim),
    // temperature 5/4, the hottest of its positions.
    assert_eq!(
        (r.hottest[0].value.as_str(), r.hottest_temperature.as_str()),
        ("{2|-1/2}", "5/4")
    );
}

#[test]
fn the_four_by_four_counts_as_split_census_does() {
    let r = run("....|....|....|....", 3);
    let census = split_census::SplitCensus;
    let census = census.run(&Params::defaults(census.spec()).unwrap());
    assert_eq!(census.data["positions"], r.positions);
    assert_eq!(r.positions, 5700);
    assert_eq!(r.hot + r.tepid + r.numbers, r.positions);
    let by_temperature: u64 = r.temperatures.iter().map(|t| t.positions).sum();
    let by_mean: u64 = r.means.iter().map(|t| t.positions).sum();
    assert_eq!((by_temperature, by_mean), (5700, 5700));
}

#[test]
fn every_view_draws() {
    let r = run("...|...", 3);
    let p = Params::defaults(&SPEC).unwrap();
    for view in ["temperatures", "means", "hottest", "thermograph"] {
        assert!(r.draw(view, &p).unwrap().is_some(), "{view}");
    }
    let Some(draw::Drawing::Chart(chart)) = r.draw("temperatures", &p).unwrap() else {
        panic!("the temperatures are a chart");
    };
    let names: Vec<String> = r
        .temperatures
        .iter()
        .map(|t| draw::text(&t.value))
        .collect();
    assert_eq!(chart.x.scale, draw::Scale::Categories(names));
    assert!(r.draw("pie", &p).is_err());
    let data = Data::from_value(serde_json::to_value(&r).unwrap()).unwrap();
    assert!(
        TemperatureSurvey
            .draw("hottest", &p, &data)
            .unwrap()
            .is_some()
    );
}

#[test]
fn refuses_an_unreadable_or_large_board() {
    let params = |board: &str| Params::from_text(&SPEC, &[("board", board)]).unwrap();
    let err = SPEC
        .check_limits(&params("\"..|.x\""))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("cells: parameter `board`: `..|.x`"),
        "{err}"
    );
    let err = SPEC
        .check_limits(&params("\"......|......|......|......\""))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("cells is 24, over the limit of 20 ("),
        "{err}"
    );
}

/// The positions alternating play reaches on the empty `rows` x `cols`
/// board, Left (vertical) or Right (flat) starting, found by trying every
/// line of play in turn (no table), as grid strings.
fn alternating_by_search(rows: usize, cols: usize) -> std::collections::BTreeSet<String> {
    fn play(grid: &mut Vec<Vec<bool>>, left: bool, seen: &mut std::collections::BTreeSet<String>) {
        let text: Vec<String> = (grid.iter())
            .map(|row| {
                row.iter()
                    .map(|&free| if free { '.' } else { '#' })
                    .collect()
            })
            .collect();
        seen.insert(text.join("|"));
        let (dr, dc) = if left { (1, 0) } else { (0, 1) };
        for r in 0..grid.len() - dr {
            for c in 0..grid[0].len() - dc {
                if grid[r][c] && grid[r + dr][c + dc] {
                    (grid[r][c], grid[r + dr][c + dc]) = (false, false);
                    play(grid, !left, seen);
                    (grid[r][c], grid[r + dr][c + dc]) = (true, true);
                }
            }
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for left in [true, false] {
        play(&mut vec![vec![true; cols]; rows], left, &mut seen);
    }
    seen
}

#[test]
fn alternating_play_reaches_what_a_search_of_every_line_of_play_finds() {
    // By hand: on the square each player's first domino leaves a strip only
    // that player can fill, so play stops there: the start and the 4 single
    // dominoes, 5 of the 6 positions. On two rows of three, with cells
    // abc/def: the start, 3 upright and 4 flat dominoes, the four pairs of
    // an upright end domino and the flat one beside it (abcd, adef, abcf,
    // cdef filled), and the full board (Right, Left, Right): 13.
    for (board, rows, cols, by_hand) in [
        ("..|..", 2, 2, Some(5)),
        ("...|...", 2, 3, Some(13)),
        ("...|...|...", 3, 3, None),
    ] {
        let r = run(board, 1);
        let found = alternating_by_search(rows, cols);
        assert_eq!(r.alternating, found.len() as u64, "{board}");
        if let Some(n) = by_hand {
            assert_eq!(r.alternating, n, "{board}");
        }
        assert!(r.alternating < r.positions, "{board}");
        // The hottest listed are reached exactly when the search finds them.
        for h in &r.hottest {
            assert_eq!(h.alternating, found.contains(&h.position), "{}", h.position);
        }
    }
    // The square's hottest position is the start, which play reaches.
    let r = run("..|..", 1);
    assert_eq!((r.hottest_positions, r.hottest_alternating), (1, 1));
    assert_eq!(
        (r.hottest_values.len(), r.hottest_values[0].value.as_str()),
        (1, "+-1")
    );
}
