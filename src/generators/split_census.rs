//! `split-census`: how often a Domineering board falls apart. Over every
//! position of an empty board, the share whose free cells form two or more
//! regions that each still hold a move, by number of dominoes placed, and what
//! such a split is worth: the mean of (product of the live regions' position
//! counts) / (their sum).

use super::draw::{self, Series};
use super::{Check, Doc, Generator, Kind, Output, Param, Params, Spec, Table, View};
use crate::games::domineering::{Board, census};
use serde::Serialize;

pub struct SplitCensus;

/// Cells above which the census is refused: every position is listed, and the
/// empty 4 x 5 already has about a hundred thousand, the 5 x 5 millions.
pub const MAX_CELLS: i64 = 20;

static SPEC: Spec = Spec {
    name: "split-census",
    description: "Over every position of an empty R x C Domineering board: how many have fallen into two or \
                  more regions that each still hold a move, by dominoes placed, and the mean saving of such a split.",
    params: &[
        Param {
            name: "rows",
            doc: "Rows of the board.",
            kind: Kind::Int { min: 1, max: 20 },
            default: "4",
        },
        Param {
            name: "cols",
            doc: "Columns of the board.",
            kind: Kind::Int { min: 1, max: 20 },
            default: "4",
        },
    ],
    keys: &[
        Doc {
            name: "positions",
            doc: "Positions of the empty board.",
        },
        Doc {
            name: "split",
            doc: "Positions with two or more live regions (regions that still hold a move).",
        },
        Doc {
            name: "share",
            doc: "split / positions.",
        },
        Doc {
            name: "by_placed",
            doc: "For N dominoes placed (by_placed.N): .placed, .positions, .split, .share (0 where no position).",
        },
        Doc {
            name: "mean_ratio",
            doc: "Mean over split positions of (product of the live regions' positions) / (their sum).",
        },
        Doc {
            name: "first_split",
            doc: "Fewest dominoes placed in a split position (null when none splits).",
        },
        Doc {
            name: "last_split",
            doc: "Most dominoes placed in a split position (null when none splits).",
        },
    ],
    identities: &[Doc {
        name: "positions by level add up to the walk",
        doc: "The census's positions, summed over dominoes placed, equal the positions counted by the layered walk.",
    }],
    views: &[Doc {
        name: "share",
        doc: "Share of positions that are split, by dominoes placed (bars).",
    }],
    games: &["domineering"],
};

#[derive(Serialize)]
struct Data {
    positions: u64,
    split: u64,
    share: f64,
    by_placed: Vec<Level>,
    mean_ratio: f64,
    first_split: Option<usize>,
    last_split: Option<usize>,
}

#[derive(Serialize)]
struct Level {
    placed: usize,
    positions: u64,
    split: u64,
    share: f64,
}

impl Generator for SplitCensus {
    fn spec(&self) -> &'static Spec {
        &SPEC
    }

    fn check_limits(&self, p: &Params) -> Result<(), String> {
        let cells = p.int("rows") * p.int("cols");
        if cells > MAX_CELLS {
            return Err(format!(
                "the census lists every position; boards are limited to {MAX_CELLS} cells, not {cells}"
            ));
        }
        Ok(())
    }

    fn run(&self, p: &Params) -> Output {
        let board = Board::empty(p.size("rows"), p.size("cols"));
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
        let data = Data {
            positions,
            split,
            share: split as f64 / positions.max(1) as f64,
            mean_ratio: c.mean_ratio,
            first_split: splitting().next(),
            last_split: splitting().next_back(),
            by_placed,
        };
        let labels: Vec<String> = data
            .by_placed
            .iter()
            .map(|l| l.placed.to_string())
            .collect();
        let svg = draw::bars(
            &format!(
                "Split positions of the {} x {} board",
                board.rows, board.cols
            ),
            &format!(
                "Share of positions whose free cells form two or more regions that still hold a move, by dominoes \
                 placed: {}. Overall {} of {}.",
                data.by_placed
                    .iter()
                    .map(|l| format!("{} placed {:.3}", l.placed, l.share))
                    .collect::<Vec<_>>()
                    .join(", "),
                data.split,
                data.positions
            ),
            &labels,
            "share split",
            &[Series {
                name: "share of positions split",
                points: data.by_placed.iter().map(|l| l.share).collect(),
            }],
        );
        let table = Table {
            columns: ["dominoes placed", "positions", "split", "share"]
                .map(String::from)
                .to_vec(),
            rows: data
                .by_placed
                .iter()
                .map(|l| {
                    vec![
                        l.placed.into(),
                        l.positions.into(),
                        l.split.into(),
                        l.share.into(),
                    ]
                })
                .collect(),
        };
        Output {
            data: serde_json::to_value(&data).expect("data serialises"),
            checks,
            views: vec![View { name: "share", svg }],
            table: Some(table),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The seed essay (shared/seeds/000) gives, for the 4 x 4: 2,680 of 5,700
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
    }

    #[test]
    fn refuses_boards_past_the_cell_limit() {
        let p = Params::parse(
            &SPEC,
            &[
                ("rows".to_string(), toml::Value::Integer(5)),
                ("cols".into(), toml::Value::Integer(5)),
            ]
            .into_iter()
            .collect(),
        )
        .unwrap();
        assert!(
            SplitCensus
                .check_limits(&p)
                .unwrap_err()
                .contains("limited to 20 cells")
        );
    }
}
