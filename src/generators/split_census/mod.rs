//! `split-census`: how often a Domineering board falls apart. Over every
//! position of an empty board, the share whose free cells form two or more
//! regions that each still hold a move, by number of dominoes placed, and what
//! such a split is worth: the mean of (product of the live regions' position
//! counts) / (their sum). Its view is drawn in `views.rs`.

mod census;
mod views;

use super::params::params;
use super::{Check, Doc, Limit, MeasureError, Params, Solve, Spec};
use crate::games::domineering::Board;
use crate::generators::data;
use census::census;
use serde::{Deserialize, Serialize};

/// The `split-census` generator: how often a Domineering board's positions fall into regions.
pub struct SplitCensus;

/// Cells of the board.
fn cells(params: &Params) -> Result<u128, MeasureError> {
    let p: SplitCensusParams = params.typed();
    Ok((p.rows * p.cols) as u128)
}

params! {
    /// The parameters of `split-census`.
    pub struct SplitCensusParams {
        /// Rows of the board; the limit on cells bounds rows x cols.
        rows: usize = 4, in 1..=20;
        /// Columns of the board; the limit on cells bounds rows x cols.
        cols: usize = 4, in 1..=20;
    }
}

static SPEC: Spec = Spec {
    name: "split-census",
    description: "Over every position of an empty R x C Domineering board: how many have fallen into two or \
                  more regions that each still hold a move, by dominoes placed, and the mean saving of such a split.",
    params: SplitCensusParams::PARAMS,
    example: &[("rows", "2"), ("cols", "3")],
    limits: &[Limit {
        name: "cells",
        doc: "cells of the board; the census holds every position, so its cost grows about threefold a cell: \
              on a release build 25 cells (5 x 5) take 2.8 s of CPU and 75 MB, 26 (2 x 13) 1.4 s, \
              27 (3 x 9) 5.9 s and 146 MB, 28 (4 x 7) 18 s and 302 MB, so 30 (5 x 6), the next board \
              past 28, would take about nine times as long, over two minutes",
        max: 28,
        ceiling: 30,
        ceiling_cost: "30 cells (no board of 20 rows and columns at most has 29): 5 x 6, \
                       estimated at threefold time and twofold memory a cell, about 2.5 minutes \
                       of CPU and 1.2 GB",
        measure: cells,
        params: &["rows", "cols"],
    }],
    names: &[("by_placed", "placed")],
    identities: &[Doc {
        name: "positions by level add up to the walk",
        doc: "The census's positions, summed over dominoes placed, equal the positions counted by the layered walk.",
    }],
    views: &[Doc {
        name: "share",
        doc: "Share of positions that are split, by dominoes placed (bars).",
    }],
};

data! {
    /// What a run finds: its data.
    pub struct Results {
        /// Positions of the empty board.
        positions: u64,
        /// Positions with two or more live regions (regions that still hold a move).
        split: u64,
        /// split / positions.
        share: f64,
        /// For N dominoes placed (by_placed.N): .placed, .positions, .split, .share (0 where no
        /// position).
        by_placed: Vec<Level>,
        /// Mean over split positions of (product of the live regions' positions) / (their sum).
        mean_ratio: f64,
        /// Fewest dominoes placed in a split position (null when none splits).
        first_split: Option<usize>,
        /// Most dominoes placed in a split position (null when none splits).
        last_split: Option<usize>,
    }
}

#[derive(Serialize, Deserialize)]
struct Level {
    placed: usize,
    positions: u64,
    split: u64,
    share: f64,
}

impl Solve for SplitCensus {
    type Data = Results;
    const SPEC: &'static Spec = &SPEC;

    fn solve(&self, params: &Params) -> (Results, Vec<Check>) {
        let p: SplitCensusParams = params.typed();
        let board = Board::empty(p.rows, p.cols);
        let c = census(&board);
        let by_placed: Vec<Level> = c
            .by_placed
            .iter()
            .enumerate()
            .map(|(placed, l)| Level {
                placed,
                positions: l.positions,
                split: l.split,
                share: if l.positions == 0 {
                    0.0
                } else {
                    l.split as f64 / l.positions as f64
                },
            })
            .collect();
        let positions: u64 = by_placed.iter().map(|l| l.positions).sum();
        let split: u64 = by_placed.iter().map(|l| l.split).sum();
        let splitting = || by_placed.iter().filter(|l| l.split > 0).map(|l| l.placed);
        let checks = vec![Check::equal(
            "positions by level add up to the walk",
            positions,
            board.walk().positions,
        )];
        let data = Results {
            positions,
            split,
            share: split as f64 / positions.max(1) as f64,
            mean_ratio: c.mean_ratio,
            first_split: splitting().next(),
            last_split: splitting().next_back(),
            by_placed,
        };
        (data, checks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw;
    use crate::generators::{Data, Generator};

    // The published census of the 4 x 4: 2,680 of 5,700
    // positions split (47.02%); none at 0-1 dominoes placed, 0.585 at 4, none
    // at 7-8; mean saving 1.80.
    #[test]
    fn four_by_four_census_matches_the_published_figures() {
        let out = SplitCensus.run(&Params::defaults(&SPEC).unwrap());
        let d = &out.data;
        assert_eq!(d["positions"], 5700);
        assert_eq!(d["split"], 2680);
        assert_eq!(format!("{:.4}", d["share"].as_f64().unwrap()), "0.4702");
        assert_eq!(d["by_placed"][0]["split"], 0);
        assert_eq!(d["by_placed"][1]["split"], 0);
        assert_eq!(
            format!("{:.3}", d["by_placed"][4]["share"].as_f64().unwrap()),
            "0.585"
        );
        assert_eq!(d["by_placed"][7]["split"], 0);
        assert_eq!(d["by_placed"][8]["split"], 0);
        assert_eq!(format!("{:.2}", d["mean_ratio"].as_f64().unwrap()), "1.80");
        assert_eq!(d["first_split"], 2);
        assert!(out.checks.iter().all(|c| c.holds));
        // A second algorithm gives the same counts and mean.
        let (positions, split, by_placed, mean) = brute_force_census(4, 4);
        assert_eq!(d["positions"], positions);
        assert_eq!(d["split"], split);
        for (k, level) in by_placed.iter().enumerate() {
            assert_eq!(d["by_placed"][k]["split"], *level, "{k} placed");
        }
        assert!((d["mean_ratio"].as_f64().unwrap() - mean).abs() < 1e-9);
    }

    #[test]
    fn the_share_is_a_bar_per_number_of_dominoes_placed() {
        let p = Params::defaults(&SPEC).unwrap();
        let data = Data::from_value(SplitCensus.run(&p).data).unwrap();
        let drawn = || SplitCensus.draw("share", &p, &data).unwrap().unwrap();
        let draw::Drawing::Chart(chart) = drawn() else {
            panic!("the share is a chart");
        };
        // The 4 x 4 holds at most eight dominoes: a bar for each of 0 to 8.
        let placed: Vec<String> = (0..=8).map(|n| n.to_string()).collect();
        assert_eq!(chart.x.scale, draw::Scale::Categories(placed));
        assert_eq!(chart.series.len(), 1);
        assert_eq!(chart.series[0].mark, draw::Mark::Bars);
        // The published census, as above: none split at 0, 1, 7 and 8 placed,
        // 0.585 at 4.
        let rows = chart.values().rows;
        for empty in [0, 1, 7, 8] {
            assert_eq!(
                serde_json::json!(rows[empty]),
                serde_json::json!([empty.to_string(), 0])
            );
        }
        assert_eq!(rows[4][0], "4");
        assert_eq!(format!("{:.3}", rows[4][1].as_f64().unwrap()), "0.585");
        assert_eq!(drawn(), drawn(), "drawings are deterministic");
        assert!(SplitCensus.draw("pie", &p, &data).is_err());
    }

    /// Positions of a `rows` x `cols` board as the distinct sets of cells
    /// covered by non-overlapping dominoes, each found by trying, cell by
    /// cell, to leave it, or cover it with a domino to the right or below;
    /// regions by flood fill over (row, column) cells. Returns the positions,
    /// the split ones, the split ones by dominoes placed and the mean of
    /// product over sum of the live regions' position counts.
    fn brute_force_census(rows: usize, cols: usize) -> (usize, usize, Vec<usize>, f64) {
        use std::collections::BTreeSet;
        let bit = |r: usize, c: usize| 1u32 << (r * cols + c);
        // Every covered set reachable within `allowed`.
        fn cover(
            i: usize,
            covered: u32,
            allowed: u32,
            w: usize,
            n: usize,
            out: &mut BTreeSet<u32>,
        ) {
            if i == n {
                out.insert(covered);
                return;
            }
            cover(i + 1, covered, allowed, w, n, out);
            let free = |j: usize| j < n && allowed & (1 << j) != 0 && covered & (1 << j) == 0;
            if free(i) && i % w + 1 < w && free(i + 1) {
                cover(i + 1, covered | 3 << i, allowed, w, n, out);
            }
            if free(i) && free(i + w) {
                cover(i + 1, covered | 1 << i | 1 << (i + w), allowed, w, n, out);
            }
        }
        let count = |allowed: u32| {
            let mut out = BTreeSet::new();
            cover(0, 0, allowed, cols, rows * cols, &mut out);
            out.len()
        };
        let full = (1u32 << (rows * cols)) - 1;
        let mut positions = BTreeSet::new();
        cover(0, 0, full, cols, rows * cols, &mut positions);
        let (mut split, mut by_placed, mut ratios) = (0, vec![0; rows * cols / 2 + 1], Vec::new());
        for &covered in &positions {
            let mut left = full & !covered;
            let mut live = Vec::new();
            while left != 0 {
                let mut region = 0u32;
                let mut stack = vec![left.trailing_zeros() as usize];
                while let Some(i) = stack.pop() {
                    if region & (1 << i) != 0 || left & (1 << i) == 0 {
                        continue;
                    }
                    region |= 1 << i;
                    let (r, c) = (i / cols, i % cols);
                    for (nr, nc) in [
                        (r + 1, c),
                        (r.wrapping_sub(1), c),
                        (r, c + 1),
                        (r, c.wrapping_sub(1)),
                    ] {
                        if nr < rows && nc < cols {
                            stack.push(nr * cols + nc);
                        }
                    }
                }
                left &= !region;
                let has_move = (0..rows).any(|r| {
                    (0..cols).any(|c| {
                        region & bit(r, c) != 0
                            && ((c + 1 < cols && region & bit(r, c + 1) != 0)
                                || (r + 1 < rows && region & bit(r + 1, c) != 0))
                    })
                });
                if has_move {
                    live.push(region);
                }
            }
            if live.len() >= 2 {
                split += 1;
                by_placed[covered.count_ones() as usize / 2] += 1;
                let sizes: Vec<f64> = live.iter().map(|&r| count(r) as f64).collect();
                ratios.push(sizes.iter().product::<f64>() / sizes.iter().sum::<f64>());
            }
        }
        let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
        (positions.len(), split, by_placed, mean)
    }

    #[test]
    fn refuses_boards_past_the_cell_limit() {
        let p = Params::parse(
            &SPEC,
            &[
                ("rows".to_string(), toml::Value::Integer(5)),
                ("cols".into(), toml::Value::Integer(6)),
            ]
            .into_iter()
            .collect(),
        )
        .unwrap();
        let err = SPEC.check_limits(&p).unwrap_err().to_string();
        assert!(
            err.starts_with("cells is 30, over the limit of 28 ("),
            "{err}"
        );
        assert!(
            err.ends_with(
                "; lower `rows = 5` or `cols = 6`, or raise the limit on purpose with \
                 `max_cells = 30`"
            ),
            "{err}"
        );
        let within = Params::from_text(&SPEC, &[("rows", "4"), ("cols", "7")]).unwrap();
        SPEC.check_limits(&within).unwrap();
    }
}
