//! Shortlists read whole: where a survivor stands in its shortlist by the
//! replies it leaves (its fifth), pooled over winning and over losing
//! survivors, and how many winning survivors a shortlist holds.

use super::{Priced, Survivor, mean};
use serde::{Deserialize, Serialize};

/// The fifths of a shortlist, from the one that leaves the fewest replies.
pub const FIFTHS: usize = 5;

/// The fifth of its shortlist `s` falls in: with `less` the survivors that
/// leave strictly fewer replies and n the shortlist's length,
/// min(4, floor(5 less / (n - 1))); a lone survivor is in fifth 0.
pub fn fifth(shortlist: &[Survivor], s: &Survivor) -> usize {
    let n = shortlist.len();
    if n <= 1 {
        return 0;
    }
    let less = shortlist.iter().filter(|o| o.replies < s.replies).count();
    (FIFTHS * less / (n - 1)).min(FIFTHS - 1)
}

/// The winning or the losing survivors of the census, pooled.
#[derive(Serialize, Deserialize)]
pub struct Pool {
    count: usize,
    mean_replies: f64,
    mean_closed: f64,
    /// How many fall in each fifth of their shortlist.
    fifths: [usize; FIFTHS],
    /// Shares of `count` in the fifth that leaves the fewest replies and in
    /// the one that leaves the most.
    fewest_fifth: f64,
    most_fifth: f64,
}

pub fn pool(census: &[Priced], wins: bool) -> Pool {
    let mut fifths = [0; FIFTHS];
    let mut pooled: Vec<&Survivor> = Vec::new();
    for c in census {
        let shortlist = &c.record.survivors;
        for s in shortlist.iter().filter(|s| s.wins == wins) {
            fifths[fifth(shortlist, s)] += 1;
            pooled.push(s);
        }
    }
    let share = |n: usize| n as f64 / pooled.len().max(1) as f64;
    Pool {
        count: pooled.len(),
        mean_replies: mean(pooled.iter().map(|s| s.replies as f64)),
        mean_closed: mean(pooled.iter().map(|s| f64::from(s.closes))),
        fewest_fifth: share(fifths[0]),
        most_fifth: share(fifths[FIFTHS - 1]),
        fifths,
    }
}

/// The census positions with one number of winning survivors.
#[derive(Serialize, Deserialize)]
pub struct ByWinners {
    winning_survivors: usize,
    positions: usize,
}

/// Positions per number of winning survivors, for each number some position
/// has, ascending; and the most common number (the smaller on a tie, 0 for an
/// empty census).
pub fn by_winning_survivors(census: &[Priced]) -> (Vec<ByWinners>, usize) {
    let counts: Vec<usize> = census
        .iter()
        .map(|c| c.record.winning_survivors())
        .collect();
    let most = counts.iter().copied().max().unwrap_or(0);
    let rows: Vec<ByWinners> = (0..=most)
        .map(|w| ByWinners {
            winning_survivors: w,
            positions: counts.iter().filter(|&&c| c == w).count(),
        })
        .filter(|row| row.positions > 0)
        .collect();
    let mode = rows
        .iter()
        .max_by_key(|row| (row.positions, std::cmp::Reverse(row.winning_survivors)))
        .map_or(0, |row| row.winning_survivors);
    (rows, mode)
}

#[cfg(test)]
mod tests {
    use super::super::Record;
    use super::*;
    use crate::games::sylver::{self, Position, Solver};

    /// Whether the player to move wins, by plain recursion with neither a
    /// memo nor the pairing test: a second route to the full search.
    fn wins_unmemoised(p: Position) -> bool {
        p.moves().any(|m| !wins_unmemoised(p.name(m)))
    }

    #[test]
    fn winning_survivors_agree_with_plain_recursion() {
        let mut solver = Solver::default();
        let census: Vec<Priced> = sylver::census(8)
            .into_iter()
            .map(|p| Priced {
                record: Record::new(p, &mut solver),
                plain: (true, 0),
                pruned: (true, 0),
            })
            .collect();
        let mut counts: Vec<usize> = census
            .iter()
            .map(|c| {
                let p = c.record.position;
                p.survivors()
                    .filter(|&m| !wins_unmemoised(p.name(m)))
                    .count()
            })
            .collect();
        let (rows, mode) = by_winning_survivors(&census);
        for row in &rows {
            let here = counts
                .iter()
                .filter(|&&c| c == row.winning_survivors)
                .count();
            assert_eq!(row.positions, here, "{} winners", row.winning_survivors);
        }
        assert_eq!(
            rows.iter().map(|r| r.positions).sum::<usize>(),
            census.len()
        );
        // The mode as the longest run of the sorted counts, the earlier on a tie.
        counts.sort_unstable();
        let longest = counts.chunk_by(|a, b| a == b).fold((0, 0), |best, run| {
            if run.len() > best.1 {
                (run[0], run.len())
            } else {
                best
            }
        });
        assert_eq!(mode, longest.0);
    }

    fn shortlist(replies: &[usize]) -> Vec<Survivor> {
        replies
            .iter()
            .zip(2..)
            .map(|(&replies, mv)| Survivor {
                mv,
                replies,
                struck_replies: Vec::new(),
                child_largest_gap: 0,
                closes: 1,
                wins: false,
            })
            .collect()
    }

    #[test]
    fn fifths_worked_by_hand() {
        // Replies 0, 3, 3, 5, 11: n - 1 = 4 and `less` is 0, 1, 1, 3, 4, so the
        // fifths are 0, floor(5/4) = 1, 1, floor(15/4) = 3 and min(4, 5) = 4.
        let s = shortlist(&[0, 3, 3, 5, 11]);
        let fifths: Vec<usize> = s.iter().map(|x| fifth(&s, x)).collect();
        assert_eq!(fifths, [0, 1, 1, 3, 4]);
        // Two survivors: the one leaving more is in fifth min(4, 5) = 4; a tie
        // leaves both in fifth 0, as is a lone survivor.
        let two = shortlist(&[4, 2]);
        assert_eq!((fifth(&two, &two[0]), fifth(&two, &two[1])), (4, 0));
        let tied = shortlist(&[2, 2]);
        assert_eq!(fifth(&tied, &tied[1]), 0);
        let lone = shortlist(&[7]);
        assert_eq!(fifth(&lone, &lone[0]), 0);
        // Eleven survivors, all different: `less` runs 0..=10 and n - 1 = 10,
        // so the fifths are floor(less / 2), capped at 4: two to a fifth and
        // three in the last.
        let eleven = shortlist(&(0..11).collect::<Vec<_>>());
        let fifths: Vec<usize> = eleven.iter().map(|x| fifth(&eleven, x)).collect();
        assert_eq!(fifths, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4]);
    }
}
