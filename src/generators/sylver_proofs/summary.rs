//! The census summarised: proof depths by number of gaps, the orders of the
//! shortlist scored against chance, the costs set against plain and pruned
//! search, and the two examples described.

use super::shortlists::{by_winning_survivors, pool};
use super::{ByDepth, ByGaps, Example, Listed, Priced, Record, Results, mean, median, orders};

/// The least number of gaps from which every census size up to `max_gaps`
/// has its deepest proof at the bound; `max_gaps + 1` when the largest breaks it.
fn rule_from(by_gaps: &[ByGaps], max_gaps: u32) -> u32 {
    by_gaps
        .iter()
        .rev()
        .take_while(|b| b.positions == 0 || b.deepest == b.bound)
        .last()
        .map_or(max_gaps + 1, |b| b.gaps)
}

/// The largest odd number at most `gaps - 3`, and at least 1.
fn depth_bound(gaps: u32) -> u32 {
    let b = gaps.saturating_sub(3).max(1);
    if b.is_multiple_of(2) { b - 1 } else { b }
}

fn example(record: &Record) -> Example {
    let p = record.position;
    let struck = record.struck();
    let fewest = record
        .survivors
        .iter()
        .min_by_key(|s| (s.replies, s.mv))
        .map_or((0, 0), |s| (s.mv, s.replies));
    Example {
        gaps: p.gaps().collect(),
        genus: p.genus(),
        largest_gap: p.largest_gap(),
        irreducible_genus: (p.largest_gap() + 1).div_ceil(2),
        irreducible: p.is_irreducible(),
        moves: p.moves().count(),
        struck,
        survivor_count: record.survivors.len(),
        survivors: record.survivors.clone(),
        winners: record.winners.clone(),
        fewest_replies_move: fewest.0,
        fewest_replies: fewest.1,
        places: record.places.clone(),
        depth: record.depth(),
        named: record.proof.map_or(0, |q| q.named),
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    a as f64 / b.max(1) as f64
}

/// The depth of a census position's proof.
fn depth_of(c: &Priced) -> u32 {
    c.record.depth()
}

/// What the proof closes, as a cost; none without a proof.
fn proof_cost(c: &Priced) -> u64 {
    c.record.proof.map_or(u64::MAX, |q| q.closures)
}

/// Proof depths by number of gaps, from 2 to `max_gaps`.
fn by_gaps(census: &[Priced], max_gaps: u32) -> Vec<ByGaps> {
    (2..=max_gaps)
        .map(|gaps| {
            let here: Vec<&Priced> = census
                .iter()
                .filter(|c| c.record.position.genus() == gaps)
                .collect();
            ByGaps {
                gaps,
                positions: here.len(),
                deepest: here.iter().map(|c| depth_of(c)).max().unwrap_or(0),
                mean_depth: mean(here.iter().map(|c| f64::from(depth_of(c)))),
                bound: depth_bound(gaps),
            }
        })
        .collect()
}

/// The most gaps up to which every position is proved at depth 1 (at least 1).
fn shallow_up_to(by_gaps: &[ByGaps]) -> u32 {
    by_gaps
        .iter()
        .take_while(|b| b.deepest <= 1)
        .last()
        .map_or(1, |b| b.gaps)
}

/// The positions proved at each odd depth up to `deepest`, with their costs
/// set against plain and pruned search.
fn depths(census: &[Priced], deepest: u32) -> Vec<ByDepth> {
    let mut cumulative = 0;
    (1..=deepest.max(1))
        .step_by(2)
        .map(|depth| {
            let here: Vec<&Priced> = census.iter().filter(|c| depth_of(c) == depth).collect();
            cumulative += here.len();
            let proof = |c: &Priced| c.record.proof.map_or(0, |q| q.closures);
            ByDepth {
                depth,
                proved: here.len(),
                cumulative,
                single_survivor: here.iter().filter(|c| c.record.lone_survivor()).count(),
                median_over_plain: median(
                    here.iter().map(|c| ratio(proof(c), c.plain.1)).collect(),
                ),
                median_over_pruned: median(
                    here.iter().map(|c| ratio(proof(c), c.pruned.1)).collect(),
                ),
                cheaper_than_plain: here.iter().filter(|c| proof(c) < c.plain.1).count(),
            }
        })
        .collect()
}

/// The shortlist sizes of the positions proved at depth 1, ascending.
fn shortlists_at_1(census: &[Priced]) -> Vec<usize> {
    let mut at_1: Vec<usize> = census
        .iter()
        .filter(|c| depth_of(c) == 1)
        .map(|c| c.record.survivors.len())
        .collect();
    at_1.sort_unstable();
    at_1
}

/// Positions whose fewest replies are left by more than one survivor.
fn replies_ties(census: &[Priced]) -> usize {
    census
        .iter()
        .filter(|c| {
            let fewest = c.record.survivors.iter().map(|s| s.replies).min();
            c.record
                .survivors
                .iter()
                .filter(|s| Some(s.replies) == fewest)
                .count()
                > 1
        })
        .count()
}

/// The census and the examples summarised into the data a run returns.
pub(super) fn summarise(max_gaps: u32, census: &[Priced], examples: &[Record; 2]) -> Results {
    let by_gaps = by_gaps(census, max_gaps);
    let deepest = census.iter().map(depth_of).max().unwrap_or(0);
    let depths = depths(census, deepest);
    let at_1 = shortlists_at_1(census);
    let new_at_1_shortlists: Vec<usize> = at_1.iter().copied().filter(|&n| n > 1).collect();
    let (by_winning_survivors, winning_survivors_mode) = by_winning_survivors(census);
    let cheaper_than_plain: Vec<&Priced> = census
        .iter()
        .filter(|c| proof_cost(c) < c.plain.1)
        .collect();
    let lone_survivor = || census.iter().filter(|c| c.record.lone_survivor());
    Results {
        max_gaps,
        census: census.len(),
        positions: census.iter().map(Listed::of).collect(),
        deepest_rule_from: rule_from(&by_gaps, max_gaps),
        shallow_up_to: shallow_up_to(&by_gaps),
        proved_at_1: depths.first().map_or(0, |d| d.proved),
        deepest,
        mean_depth: mean(census.iter().map(|c| f64::from(depth_of(c)))),
        single_survivor: lone_survivor().count(),
        single_survivor_at_1: lone_survivor().filter(|c| depth_of(c) == 1).count(),
        new_at_1: new_at_1_shortlists.len(),
        new_at_1_shortlists,
        proved_at_1_median_survivors: median(at_1.iter().map(|&n| n as f64).collect()),
        proved_at_1_max_survivors: at_1.last().copied().unwrap_or(0),
        by_winning_survivors,
        winning_survivors_mode,
        orders: orders::orders(census),
        replies_ties: replies_ties(census),
        winners: pool(census, true),
        losers: pool(census, false),
        proof_cheaper_than_plain: cheaper_than_plain.len(),
        proof_cheaper_than_plain_deepest: cheaper_than_plain
            .iter()
            .map(|c| depth_of(c))
            .max()
            .unwrap_or(0),
        proof_cheaper_than_pruned: census.iter().filter(|c| proof_cost(c) < c.pruned.1).count(),
        pruned_cheaper_than_plain: census.iter().filter(|c| c.pruned.1 < c.plain.1).count(),
        depths,
        by_gaps,
        example: example(&examples[0]),
        second: example(&examples[1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_starts_after_the_last_size_that_breaks_it() {
        let size = |gaps: u32, positions: usize, deepest: u32| ByGaps {
            gaps,
            positions,
            deepest,
            mean_depth: 0.0,
            bound: depth_bound(gaps),
        };
        // 7 gaps break it (bound 3); 8 has no position; 9 and 10 keep it.
        let sizes = [
            size(6, 1, 3),
            size(7, 1, 5),
            size(8, 0, 0),
            size(9, 1, 5),
            size(10, 1, 7),
        ];
        assert_eq!(rule_from(&sizes, 10), 8);
        assert_eq!(rule_from(&sizes[..2], 7), 8);
        assert_eq!(rule_from(&sizes[..1], 6), 6);
    }
}
