//! Green Hackenbush: the fusion value of a large graph, which should take time
//! linear in its size, and the `hackenbush-fusion` generator's default run,
//! whose time is the search over every edge-deletion position it checks fusion
//! against. Every run asserts its result.

use criterion::{Criterion, criterion_group, criterion_main};
use ladder::cgt::nimber::Nimber;
use ladder::games::hackenbush::Graph;
use ladder::generators::{Params, find};
use std::hint::black_box;

/// A ladder of `rungs` squares standing on the ground with a stalk of
/// `stalk` edges on top: every ladder edge lies on a cycle, so fusion makes
/// the ladder 3 x `rungs` loops at the ground, and the stalk is a nim-heap of
/// its length.
fn ladder_and_stalk(rungs: u32, stalk: u32) -> (Graph, Nimber) {
    let (a, b) = (|i: u32| 2 * i + 1, |i: u32| 2 * i + 2);
    let mut edges = vec![format!("0-{}", a(0)), format!("0-{}", b(0))];
    for i in 0..rungs {
        edges.push(format!("{}-{}", a(i), b(i)));
        if i + 1 < rungs {
            edges.push(format!("{}-{}", a(i), a(i + 1)));
            edges.push(format!("{}-{}", b(i), b(i + 1)));
        }
    }
    let mut top = a(rungs - 1);
    for k in 0..stalk {
        let next = 2 * rungs + 1 + k;
        edges.push(format!("{top}-{next}"));
        top = next;
    }
    let graph = edges.join(" ").parse().expect("a valid edge list");
    let loops = 3 * rungs;
    (graph, Nimber(loops % 2) + Nimber(stalk))
}

fn fusion(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush fusion");
    group.sample_size(20);
    for rungs in [1_000, 100_000] {
        let (graph, expected) = ladder_and_stalk(rungs, 1_000);
        group.bench_function(
            format!("ladder of {rungs} rungs and a stalk of 1,000"),
            |b| b.iter(|| assert_eq!(black_box(&graph).fusion().value(), expected)),
        );
    }
    group.finish();
}

fn generator(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush-fusion");
    group.sample_size(10);
    let generator = find("hackenbush-fusion").expect("registered");
    let params = Params::defaults(generator.spec()).expect("valid defaults");
    group.bench_function("default run", |b| {
        b.iter(|| {
            let out = generator.run(black_box(&params));
            assert!(out.checks.iter().all(|c| c.holds));
        });
    });
    group.finish();
}

criterion_group!(benches, fusion, generator);
criterion_main!(benches);
