//! Amazons by regions: the value of a three-region board, and the
//! `amazons-regions` sweep at a small size, each from an empty game table.
//! Every run asserts its result.

use criterion::{Criterion, criterion_group, criterion_main};
use ladder::games::amazons::{MAX_EMPTY, value};
use ladder::generators::{Params, find};
use std::collections::BTreeMap;
use std::hint::black_box;

fn three_regions(c: &mut Criterion) {
    let mut group = c.benchmark_group("amazons value");
    group.sample_size(10);
    // Its regions are {1/4|-1,{0|-2}}, -3 and 3; the whole board searched
    // unsplit agrees (the generator's test).
    group.bench_function("three regions", |b| {
        b.iter(|| {
            let v = value(black_box("L..#R.#L.|.R.#..#.."), MAX_EMPTY).unwrap();
            assert_eq!(v.canonical, "{1/4|-1,{0|-2}}");
        });
    });
    group.finish();
}

fn sweep(c: &mut Criterion) {
    let mut group = c.benchmark_group("amazons-regions sweep");
    group.sample_size(10);
    let generator = find("amazons-regions").expect("registered");
    let given: BTreeMap<String, toml::Value> = [
        ("start", toml::Value::String("L...|....|....|...R".into())),
        ("moves", toml::Value::Integer(12)),
        ("samples", toml::Value::Integer(20)),
    ]
    .map(|(k, v)| (k.to_string(), v))
    .into();
    let params = Params::parse(generator.spec(), &given).expect("valid");
    group.bench_function("4x4, 20 games of 12 moves", |b| {
        b.iter(|| {
            let out = generator.run(black_box(&params));
            assert_eq!(out.data["sweep_boards"].as_u64().map(|n| n > 0), Some(true));
            assert!(out.checks.iter().all(|c| c.holds));
        });
    });
    group.finish();
}

criterion_group!(benches, three_regions, sweep);
criterion_main!(benches);
