//! `pairing-sweep`'s shards: a board a shard, beside one shard for the rest
//! of the run, and the merge that totals the boards' figures as a run does.

use super::spec::{PairingSweepParams, Results, SPEC};
use super::{all_boards, drawn, totals};
use crate::generators::shards::Ran;
use crate::generators::{Params, Sharding};
use toml::Value;

/// How a sweep splits: see `doc`.
pub(super) static SHARDING: Sharding<Results> = Sharding {
    doc: "a run over two or more boards splits into a shard for all but the boards (the run's \
          parameters with firing_boards and search_boards empty: the rectangles, the Grundy \
          table and the listed positions), then one shard for each board swept, in the order of \
          `boards`, which sweeps that board alone (firing_boards = [[R, C]], search_boards = [], \
          rectangles_up_to = 2, a 1 x 1 Grundy table, no listed position), so that every run \
          sweeping a board shares its shard. The merge keeps the first shard's data, appends \
          each board's figures and identities, and totals the firing and search sets and picks \
          the drawn example from them as a run does.",
    split,
    merge,
};

/// The rest of the run, then a shard for each board; none for a run of
/// fewer than two boards.
fn split(params: &Params) -> Vec<Params> {
    let boards = all_boards(&params.typed());
    if boards.len() < 2 {
        return Vec::new();
    }
    let none = || Value::Array(Vec::new());
    let int = |n: i64| Value::Integer(n);
    let rest = params.with(
        &SPEC,
        &[("firing_boards", none()), ("search_boards", none())],
    );
    let board = |(rows, cols): (usize, usize)| {
        let board = Value::try_from([[rows, cols]]).expect("a board is a TOML array");
        params.with(
            &SPEC,
            &[
                ("firing_boards", board),
                ("search_boards", none()),
                ("rectangles_up_to", int(2)),
                ("grundy_rows", int(1)),
                ("grundy_cols", int(1)),
                ("grundy_max_cells", int(1)),
                ("positions", none()),
            ],
        )
    };
    std::iter::once(rest)
        .chain(boards.into_iter().map(board))
        .map(|shard| shard.expect("a shard's parameters are the run's, or the least in range"))
        .collect()
}

/// The run from its shards: the rest's data, each board's figures and
/// identities (those named after it) in order, and the totals over them.
fn merge(params: &Params, shards: Vec<Ran<Results>>) -> Ran<Results> {
    let p: PairingSweepParams = params.typed();
    let mut shards = shards.into_iter();
    let (rest, rest_checks) = shards
        .next()
        .expect("the first shard is the rest of the run");
    let (mut boards, mut examples, mut checks) = (Vec::new(), Vec::new(), Vec::new());
    for (data, board_checks) in shards {
        let Some(board) = data.boards.into_iter().next() else {
            continue;
        };
        let named = format!("{}: ", board.name);
        checks.extend(
            board_checks
                .into_iter()
                .filter(|c| c.name.starts_with(&named)),
        );
        examples.push(data.example);
        boards.push(board);
    }
    checks.extend(rest_checks);
    let (firing, search) = totals(&p, &boards);
    let data = Results {
        example: drawn(&boards, examples),
        boards,
        firing,
        search,
        ..rest
    };
    (data, checks)
}

#[cfg(test)]
mod tests {
    use super::super::PairingSweep;
    use super::{SHARDING, SPEC, split};
    use crate::generators::Params;
    use crate::generators::shards::{Shards, assert_merges_to_the_run};

    /// The essay's sweep (the defaults: seven boards) and small runs that
    /// list a board twice, in both sets, or one board only (not split).
    #[test]
    fn the_merged_shards_are_the_run() {
        let counts = assert_merges_to_the_run(
            &PairingSweep,
            &[
                &[],
                &[
                    ("firing_boards", "[[2, 4], [3, 3], [2, 4]]"),
                    ("search_boards", "[[3, 3], [2, 5]]"),
                    ("rectangles_up_to", "3"),
                    ("grundy_max_cells", "6"),
                    ("positions", "[\"..#..\"]"),
                ],
                &[("firing_boards", "[[2, 3]]"), ("search_boards", "[]")],
            ],
        );
        assert_eq!(counts, [8, 4, 0]);
    }

    /// A board's shard is one job whichever run sweeps it; a merge given
    /// other shards than the run's is an error, not a run.
    #[test]
    fn a_board_is_one_shard_in_every_run_and_merges_only_its_runs() {
        let run = |pairs: &[(&str, &str)]| Params::from_text(&SPEC, pairs).unwrap();
        let essay = split(&run(&[]));
        let other = split(&run(&[
            ("firing_boards", "[[2, 4]]"),
            ("search_boards", "[[4, 5]]"),
            ("max_board_cells", "32"),
        ]));
        let four_by_five = run(&[
            ("firing_boards", "[[4, 5]]"),
            ("search_boards", "[]"),
            ("rectangles_up_to", "2"),
            ("grundy_rows", "1"),
            ("grundy_cols", "1"),
            ("grundy_max_cells", "1"),
        ]);
        assert_eq!(essay[6], four_by_five);
        assert_eq!(other[2], four_by_five, "no raise it does not need");
        let Err(err) = SHARDING.merge(&run(&[]), Vec::new()) else {
            panic!("merged from no shard");
        };
        assert_eq!(
            err.to_string(),
            "the run splits into 8 shards, but 0 were given to merge"
        );
    }
}
