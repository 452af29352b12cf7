//! Chomp's rules, walk, labels and Grundy values against plain searches on
//! small windows, and the labels against the published two-needle bars.

use super::*;
use crate::cgt::outcome::{Outcomes, WinLoss};

/// Chomp for the core's plain memoised outcome search, a second route to
/// the labels: won when some move leaves a lost position; the bare poison
/// is lost (normal) or won (misère).
struct Brute(Play);

impl WinLoss for Brute {
    type Position = Vec<u8>;

    fn children(&self, p: &Vec<u8>) -> impl Iterator<Item = Vec<u8>> {
        openings(p).map(|(c, r)| eat(p, c, r))
    }

    fn verdict(&self, p: &Vec<u8>) -> Option<bool> {
        (p == &[1]).then_some(self.0 == Play::Misere)
    }
}

fn children(p: &[u8]) -> Vec<Vec<u8>> {
    openings(p).map(|(c, r)| eat(p, c, r)).collect()
}

fn every_position(columns: usize, rows: usize) -> Vec<Vec<u8>> {
    crate::cgt::walk::reachable(bar(columns, rows), |p: &Vec<u8>| children(p))
}

#[test]
fn walks_agree_with_the_plain_walk() {
    // Positions and routes of the walk on lattice paths against a hash
    // set of height vectors and a recursion over the tree of moves.
    for (w, h) in [
        (1, 1),
        (1, 5),
        (5, 1),
        (2, 2),
        (3, 2),
        (2, 3),
        (4, 4),
        (6, 3),
        (3, 6),
        (7, 4),
    ] {
        let plain = crate::cgt::walk::brute_walk(bar(w, h), |p: &Vec<u8>| children(p));
        assert_eq!(walk_bar(w, h), plain, "{w} x {h}");
    }
}

#[test]
fn labels_agree_with_a_recursive_search_on_small_windows() {
    for play in [Play::Normal, Play::Misere] {
        for (w, h) in [
            (1, 1),
            (1, 5),
            (5, 1),
            (2, 2),
            (3, 4),
            (5, 5),
            (7, 4),
            (4, 7),
            (8, 6),
            (6, 8),
        ] {
            let labels = Labels::new(w, h, play).unwrap();
            let mut brute = Outcomes::new(Brute(play));
            let mut lost = 0;
            for p in every_position(w, h) {
                let brute_lost = !brute.wins(&p);
                assert_eq!(
                    labels.is_lost(&p),
                    Some(brute_lost),
                    "{w} x {h} {play:?} {p:?}"
                );
                lost += u64::from(brute_lost);
            }
            assert_eq!(labels.lost(), lost, "{w} x {h} {play:?}");
        }
    }
}

#[test]
fn position_counts_match_a_direct_walk() {
    for (w, h) in [(1, 1), (3, 2), (4, 4), (6, 3), (12, 2), (12, 8)] {
        let walked = walk_bar(w, h).positions;
        assert_eq!(u128::from(walked), positions_in(w, h), "{w} x {h}");
        assert_eq!(
            Labels::new(w, h, Play::Normal).unwrap().positions(),
            walked,
            "{w} x {h}"
        );
    }
    // Published counts of the positions in a window: 125,969 in 12 x 8 and
    // 90 in 12 x 2.
    assert_eq!(positions_in(12, 8), 125_969);
    assert_eq!(positions_in(12, 2), 90);
    assert_eq!(positions_in(16, 12), 30_421_754);
}

#[test]
fn ranks_follow_the_pass_order() {
    // Tail ranks from the weights agree with the order `advance` visits.
    let labels = Tails::new(5, 3, Play::Normal);
    let mut a = vec![0u8; 4];
    for rank in 0..labels.table.len() {
        let mut heights = vec![3u8];
        heights.extend(a.iter().rev());
        while heights.last() == Some(&0) {
            heights.pop();
        }
        assert_eq!(labels.tail_rank(&heights), rank, "{heights:?}");
        advance(&mut a, 3);
    }
}

#[test]
fn ten_by_eight_is_the_smallest_bar_with_two_winning_openings_within_twelve_by_twelve() {
    // Every bar of the 14 x 12 window but 1 x 1 has one winning opening
    // except these seven, which have two. Of the bars with both sides up
    // to twelve, 10 x 8 and its transpose are the smallest; by area the
    // 13 x 6 bar (78 squares) is smaller, and it is checked below by the
    // recursive search too.
    let labels = Labels::new(14, 12, Play::Normal).unwrap();
    let mut other = Vec::new();
    for c in 1..=14 {
        for r in 1..=12 {
            let n = labels.winning_openings(&bar(c, r)).unwrap().len();
            if (c, r) != (1, 1) && n != 1 {
                other.push((c * r, c, r, n));
            }
        }
    }
    other.sort_unstable();
    assert_eq!(
        other,
        vec![
            (78, 13, 6, 2),
            (80, 8, 10, 2),
            (80, 10, 8, 2),
            (90, 9, 10, 2),
            (90, 10, 9, 2),
            (140, 14, 10, 2),
            (156, 13, 12, 2)
        ]
    );
    let needles = labels.winning_openings(&bar(10, 8)).unwrap();
    assert_eq!(
        needles,
        vec![
            Opening {
                column: 6,
                row: 5,
                eats: 20
            },
            Opening {
                column: 9,
                row: 4,
                eats: 10
            }
        ]
    );
    let transposed = labels.winning_openings(&bar(8, 10)).unwrap();
    let mirrored: Vec<(usize, usize)> = transposed.iter().map(|o| (o.row, o.column)).collect();
    assert_eq!(mirrored, vec![(9, 4), (6, 5)]);
}

#[test]
fn the_two_needle_bars_have_two_winning_openings_by_recursive_search() {
    // 13 x 6, and 10 x 8 with the openings (6, 5) and (9, 4) found above.
    let mut brute = Outcomes::new(Brute(Play::Normal));
    for (c, r) in [(13, 6), (10, 8)] {
        let start = bar(c, r);
        let winning: Vec<(usize, usize)> = openings(&start)
            .filter(|&(c, r)| !brute.wins(&eat(&start, c, r)))
            .collect();
        let labels = Labels::new(c, r, Play::Normal).unwrap();
        let labelled: Vec<(usize, usize)> = labels
            .winning_openings(&start)
            .unwrap()
            .iter()
            .map(|o| (o.column, o.row))
            .collect();
        assert_eq!(winning.len(), 2, "{c} x {r}");
        assert_eq!(winning, labelled, "{c} x {r}");
    }
}

#[test]
fn a_single_row_is_won_by_taking_all_but_the_poison() {
    let labels = Labels::new(9, 1, Play::Normal).unwrap();
    for c in 2..=9 {
        let needles = labels.winning_openings(&bar(c, 1)).unwrap();
        assert_eq!(needles.len(), 1);
        assert_eq!((needles[0].column, needles[0].row), (2, 1));
    }
}

#[test]
fn misere_two_by_one_has_no_winning_opening() {
    // Its one move leaves the bare poison, a win for the player to move.
    let labels = Labels::new(2, 1, Play::Misere).unwrap();
    assert_eq!(labels.winning_openings(&[1, 1]), Some(vec![]));
    assert_eq!(labels.is_lost(&[1]), Some(false));
}

#[test]
fn labels_take_less_than_a_byte_per_position() {
    for (w, h) in [(12, 8), (8, 12), (5, 5), (9, 2)] {
        let labels = Labels::new(w, h, Play::Normal).unwrap();
        assert_eq!(labels.tails.table.len() as u128, table_bytes(w, h));
        assert!(table_bytes(w, h) < positions_in(w, h), "{w} x {h}");
    }
    assert_eq!(table_bytes(16, 12), 13_037_895);
    assert_eq!(positions_in(16, 12), 30_421_754);
}

#[test]
fn rejects_window_past_memory_limit() {
    // C(35, 17) = 4,537,567,650 bytes, past 2^32; C(33, 16) is not.
    let err = check_window(18, 18).unwrap_err().to_string();
    assert!(err.contains("the limit is 4294967296 bytes"), "{err}");
    assert!(check_window(17, 17).is_ok());
    assert!(check_window(0, 3).is_err());
    assert!(check_window(63, 1).unwrap_err().to_string().contains("62"));
}

#[test]
fn refuses_queries_outside_the_window() {
    let labels = Labels::new(4, 3, Play::Normal).unwrap();
    assert_eq!(labels.is_lost(&[4]), None);
    assert_eq!(labels.is_lost(&[1, 1, 1, 1, 1]), None);
    assert_eq!(labels.is_lost(&[1, 2]), None);
    assert_eq!(labels.is_lost(&[]), None);
    assert_eq!(labels.is_lost(&[1]), Some(true));
}

#[test]
fn moves_cut_every_column_from_the_square_on() {
    assert_eq!(eat(&[4, 4, 3, 1], 2, 2), vec![4, 1, 1, 1]);
    assert_eq!(eat(&[4, 4, 3, 1], 3, 1), vec![4, 4]);
    assert_eq!(eats(&[4, 4, 3, 1], 2, 2), 5);
    assert_eq!(openings(&[2, 1]).collect::<Vec<_>>(), vec![(1, 2), (2, 1)]);
}

#[test]
fn grundy_values_agree_with_the_mex_and_the_labels() {
    use crate::cgt::nimber::{Grundy, Nimber, mex};
    use std::collections::HashMap;
    // The mex of the options' values, by plain recursion, on every position
    // of the 5 x 4 window; zero exactly where the labels say lost.
    fn by_mex(p: &[u8], memo: &mut HashMap<Vec<u8>, Nimber>) -> Nimber {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let v = mex(children(p)
            .iter()
            .map(|c| by_mex(c, memo))
            .collect::<Vec<_>>());
        memo.insert(p.to_vec(), v);
        v
    }
    let labels = Labels::new(5, 4, Play::Normal).unwrap();
    let mut memo = HashMap::new();
    let mut grundy = Grundy::new(&Staircases);
    for p in every_position(5, 4) {
        let v = grundy.value(&p);
        assert_eq!(v, by_mex(&p, &mut memo), "{p:?}");
        assert_eq!(v == Nimber::ZERO, labels.is_lost(&p).unwrap(), "{p:?}");
    }
}
