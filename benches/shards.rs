//! Issue 30's shard merge: [`Shards::merge`], the call that makes a run's
//! output from its shards' runs (each shard's data parsed from the text the
//! figure cache keeps, the typed data merged, the output serialised), against
//! the number of shards and the size of their data. `pairing-sweep` runs of
//! 2 to 24 small boards (3 to 25 shards; its two lists of at most 12 boards
//! allow no more) grow both; `chomp-needles` runs of a W x 4 survey window
//! with four bars walked (5 shards, its most) grow the data alone. The target
//! is a merge linear in the shards' data: the time per shard and per
//! kilobyte stay flat as the runs grow. Criterion reports each merge's time
//! and its throughput in bytes of shard data; the shards and kilobytes of
//! each run are printed.
//!
//! Each run's shards are run once, outside the timing, and their merge
//! asserted equal to the unsharded run. The merge consumes its shards, so
//! each timed merge gets a copy made just before it, one at a time
//! (`BatchSize::PerIteration`), as the site merges shards it has just read:
//! copies made ahead in batches (`SmallInput`) put the 24-board merge at
//! twice the 16-board one's time, most of it the allocator's (glibc's
//! `malloc_consolidate` topped the profile).
//!
//! Run with `cargo bench --bench shards`.

use criterion::measurement::WallTime;
use criterion::{
    BatchSize, BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main,
};
use ladder::generators::{Check, Data, Generator, Params, Shards, find};
use std::collections::BTreeMap;
use std::hint::black_box;

/// A run and its shards' runs, as the figure cache keeps them.
struct Case {
    generator: &'static dyn Generator,
    params: Params,
    shards: Vec<(Data, Vec<Check>)>,
    /// Bytes of the shards' data text: what the merge parses.
    bytes: usize,
}

impl Case {
    /// The run of `generator` with these parameters, its shards run and
    /// their merge checked against the unsharded run.
    fn new(name: &str, given: &[(&str, toml::Value)]) -> Case {
        let generator = find(name).expect("the generator is registered");
        let spec = generator.spec();
        let given: BTreeMap<String, toml::Value> = (given.iter())
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect();
        let params = Params::parse(spec, &given).expect("valid parameters");
        spec.check_limits(&params).expect("within the limits");
        let shards: Vec<(Data, Vec<Check>)> = sharding(generator)
            .split(&params)
            .iter()
            .map(|shard| {
                let out = generator.run(shard);
                (Data::from_value(out.data).expect("an object"), out.checks)
            })
            .collect();
        let bytes = shards.iter().map(|(data, _)| data.text().len()).sum();
        let merged = sharding(generator).merge(&params, shards.clone());
        let merged = merged.expect("merges");
        let whole = generator.run(&params);
        assert!(
            merged.data == whole.data,
            "{name}: merged data is the run's"
        );
        assert_eq!(merged.checks, whole.checks, "{name}: merged checks");
        Case {
            generator,
            params,
            shards,
            bytes,
        }
    }

    /// Times the merge of this run's shards under `id`.
    fn bench(&self, group: &mut BenchmarkGroup<'_, WallTime>, id: &str) {
        println!(
            "{id}: {} shards, {:.1} KB of shard data",
            self.shards.len(),
            self.bytes as f64 / 1000.0
        );
        let sharding = sharding(self.generator);
        group.throughput(Throughput::Bytes(self.bytes as u64));
        group.bench_function(id, |b| {
            b.iter_batched(
                || self.shards.clone(),
                |shards| {
                    let out = sharding.merge(black_box(&self.params), shards);
                    out.expect("merges")
                },
                BatchSize::PerIteration,
            );
        });
    }
}

fn sharding(generator: &dyn Generator) -> &'static dyn Shards {
    generator.sharding().expect("the generator shards")
}

/// `n` distinct boards with both sides at least 2, fewest cells first (at
/// most 21 cells for 24 boards, so each sweeps in milliseconds).
fn boards(n: usize) -> Vec<(usize, usize)> {
    let mut all: Vec<(usize, usize)> = (2..=8).flat_map(|r| (2..=8).map(move |c| (r, c))).collect();
    all.sort_by_key(|&(r, c)| (r * c, r));
    all.truncate(n);
    all
}

/// A list of boards as TOML.
fn list(boards: &[(usize, usize)]) -> toml::Value {
    toml::Value::try_from(boards).expect("pairs are a TOML array")
}

fn pairing_sweep(c: &mut Criterion) {
    let mut group = c.benchmark_group("merge/pairing-sweep");
    for n in [2, 4, 8, 16, 24] {
        // Half the boards' firings are totalled, the other half's searches.
        let all = boards(n);
        let (firing, search) = all.split_at(n.div_ceil(2));
        let case = Case::new(
            "pairing-sweep",
            &[
                ("firing_boards", list(firing)),
                ("search_boards", list(search)),
            ],
        );
        case.bench(&mut group, &format!("boards/{n}"));
    }
    group.finish();
}

fn chomp_needles(c: &mut Criterion) {
    let mut group = c.benchmark_group("merge/chomp-needles");
    let walk = list(&[(2, 2), (3, 2), (4, 2), (5, 2)]);
    for columns in [8, 16, 32, 62] {
        let case = Case::new(
            "chomp-needles",
            &[
                ("columns", toml::Value::Integer(columns)),
                ("rows", toml::Value::Integer(4)),
                ("walk", walk.clone()),
            ],
        );
        case.bench(&mut group, &format!("window/{columns}x4"));
    }
    group.finish();
}

criterion_group!(benches, pairing_sweep, chomp_needles);
criterion_main!(benches);
