//! `chomp-needles`' shards: each bar of `walk` a shard, beside one shard for
//! the survey and the families, and the merge that appends the walks.

use super::spec::{Results, SPEC};
use crate::generators::shards::Ran;
use crate::generators::{Params, Sharding};
use toml::Value;

/// How a survey splits: see `doc`.
pub(super) static SHARDING: Sharding<Results> = Sharding {
    doc: "a run that walks bars splits into a shard for the survey and the families (the run's \
          parameters with walk empty), then one shard for each bar of walk, in order, which walks \
          that bar alone under the run's convention beside the least window and families \
          (columns, rows, small, arms, two_row and three_row 1), so that every run walking a bar \
          under one convention shares its shard. The merge keeps the first shard's data and \
          appends each bar's walk and its identity, the last its shard asserts.",
    split,
    merge,
};

/// The survey and families, then a shard for each bar walked; none for a run
/// that walks no bar, or is a bar's shard.
fn split(params: &Params) -> Vec<Params> {
    let walk: Vec<(usize, usize)> = params.typed::<super::spec::ChompNeedlesParams>().walk;
    if walk.is_empty() {
        return Vec::new();
    }
    let one = || Value::Integer(1);
    let least = ["columns", "rows", "small", "arms", "two_row", "three_row"].map(|n| (n, one()));
    let rest = params.with(&SPEC, &[("walk", Value::Array(Vec::new()))]);
    let bar = |(columns, rows): (usize, usize)| {
        let walk = Value::try_from([[columns, rows]]).expect("a bar is a TOML array");
        let mut changes = least.to_vec();
        changes.push(("walk", walk));
        params.with(&SPEC, &changes)
    };
    let shards: Vec<Params> = std::iter::once(rest)
        .chain(walk.into_iter().map(bar))
        .map(|shard| shard.expect("a shard's parameters are the run's, or the least in range"))
        .collect();
    // A bar's shard is one job: it would split into the least survey and itself.
    if shards[1..] == [params.clone()] {
        return Vec::new();
    }
    shards
}

/// The run from its shards: the first's data and identities, then each
/// bar's walk and the identity its shard asserts last, the walk's.
fn merge(_: &Params, shards: Vec<Ran<Results>>) -> Ran<Results> {
    let mut shards = shards.into_iter();
    let (rest, mut checks) = shards.next().expect("the first shard is the survey");
    let mut walks = Vec::with_capacity(shards.len());
    for (data, bar_checks) in shards {
        walks.extend(data.walks);
        checks.extend(bar_checks.into_iter().last());
    }
    (Results { walks, ..rest }, checks)
}

#[cfg(test)]
mod tests {
    use super::super::ChompNeedles;
    use crate::generators::shards::assert_merges_to_the_run;

    /// The essays' surveys walk the defaults' two bars or none; a misère run
    /// walks under its own convention.
    #[test]
    fn the_merged_shards_are_the_run() {
        let counts = assert_merges_to_the_run(
            &ChompNeedles,
            &[
                &[],
                &[("columns", "14"), ("rows", "12"), ("walk", "[]")],
                &[
                    ("columns", "5"),
                    ("rows", "4"),
                    ("play", "\"misere\""),
                    ("walk", "[[6, 5], [3, 3], [6, 5]]"),
                ],
            ],
        );
        assert_eq!(counts, [3, 0, 4]);
    }
}
