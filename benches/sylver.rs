//! Speed of the `sylver-proofs` generator: the whole run (census, full search,
//! orders, proofs, the three costs, data and drawings) at G = 16, the essay's
//! instance, and at G = 20. Each run asserts the result it times.

use criterion::{Criterion, criterion_group, criterion_main};
use ladder::generators::{self, Output, Params};
use std::collections::BTreeMap;
use std::hint::black_box;

fn run(max_gaps: i64) -> Output {
    let generator = generators::find("sylver-proofs").expect("registered");
    let given = BTreeMap::from([("max_gaps".to_string(), toml::Value::Integer(max_gaps))]);
    let params = Params::parse(generator.spec(), &given).expect("valid parameters");
    generator
        .spec()
        .check_limits(&params)
        .expect("within limits");
    generator.run(&params)
}

fn assert_holds(out: &Output, census: u64, deepest: u64) {
    assert_eq!(out.data["census"], census);
    assert_eq!(out.data["deepest"], deepest);
    assert!(out.checks.iter().all(|c| c.holds), "{:?}", out.checks);
}

fn census(c: &mut Criterion) {
    let mut group = c.benchmark_group("sylver-proofs");
    group.sample_size(10);
    group.bench_function("G = 16", |b| {
        b.iter(|| {
            let out = run(black_box(16));
            assert_holds(&out, 583, 13);
            assert_eq!(out.data["proved_at_1"], 57);
            assert_eq!(out.data["orders"]["replies"]["first"], 144);
            assert_eq!(out.data["pruned_cheaper_than_plain"], 548);
            out
        });
    });
    group.bench_function("G = 20", |b| {
        b.iter(|| {
            let out = run(black_box(20));
            assert_holds(&out, 1766, 17);
            out
        });
    });
    group.finish();
}

criterion_group!(benches, census);
criterion_main!(benches);
