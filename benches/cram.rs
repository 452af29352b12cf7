//! Cram benchmarks: the six-board pairing sweep (the target is under 0.5 s in
//! release), Grundy values of every rectangle up to 30 cells and of every
//! rectangle with both sides at most 6, each one's value and time on its own
//! (printed: the site's data carries no times, so that builds stay
//! byte-identical), and how far the Grundy evaluator gets through the
//! rectangles, smallest first, in 10 s.
//!
//! Run with `cargo bench --bench cram`. Every benchmark asserts what it times.

use criterion::{Criterion, criterion_group};
use ladder::cgt::nimber::{Grundy, Nimber};
use ladder::games::cram::{Grid, rectangle_values};
use ladder::generators::{self, Params};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The six boards of the firing set, swept and solved under the four settings.
fn six_board_params() -> Params {
    let spec = generators::find("pairing-sweep")
        .expect("pairing-sweep is registered")
        .spec();
    let mut given = BTreeMap::new();
    let six: toml::Value =
        toml::from_str::<toml::Table>("v = [[2, 6], [3, 4], [2, 7], [3, 5], [4, 4], [4, 5]]")
            .expect("a TOML list")["v"]
            .clone();
    given.insert("firing_boards".to_string(), six.clone());
    given.insert("search_boards".to_string(), six);
    given.insert("grundy_max_cells".to_string(), toml::Value::Integer(1));
    Params::parse(spec, &given).expect("valid parameters")
}

fn sweep(c: &mut Criterion) {
    let generator = generators::find("pairing-sweep").expect("pairing-sweep is registered");
    let params = six_board_params();
    let mut group = c.benchmark_group("pairing-sweep");
    group.sample_size(10);
    group.bench_function("six boards", |b| {
        b.iter(|| {
            let out = generator.run(black_box(&params));
            assert_eq!(out.data["firing"]["half_turn"], 1_127);
            assert_eq!(out.data["firing"]["reflection_only"], 56);
            assert_eq!(out.data["boards"][5]["expansions"]["none"], 17_348);
            assert!(out.checks.iter().all(|c| c.holds));
        });
    });
    let defaults = Params::defaults(generator.spec()).expect("defaults are valid");
    group.bench_function("default run", |b| {
        b.iter(|| {
            let out = generator.run(black_box(&defaults));
            assert_eq!(out.data["search"]["half_turn"], 21_212);
            assert!(out.checks.iter().all(|c| c.holds));
        });
    });
    group.finish();
}

/// Every rectangle m x n with 1 <= m <= n <= 12 and at most 30 cells.
fn rectangles_up_to_30_cells() -> Vec<(usize, usize)> {
    (1..=5)
        .flat_map(|m| (m..=12).map(move |n| (m, n)))
        .filter(|&(m, n)| m * n <= 30)
        .collect()
}

fn grundy(c: &mut Criterion) {
    let rects = rectangles_up_to_30_cells();
    let mut group = c.benchmark_group("grundy");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("rectangles up to 30 cells", |b| {
        b.iter(|| {
            let values = rectangle_values(black_box(&rects)).expect("fits a 5 x 12 host");
            for (&(m, n), v) in rects.iter().zip(&values) {
                // Theorems: even x even is 0; 2 x n is n mod 2. Brute force
                // (the tests) gives 3 x 6 = *4 and 4 x 5 = *2.
                check_rules(m, n, *v);
                match (m, n) {
                    (3, 6) => assert_eq!(*v, Nimber(4)),
                    (4, 5) => assert_eq!(*v, Nimber(2)),
                    _ => {}
                }
            }
        });
    });
    let six = rectangles_up_to_six();
    group.bench_function("rectangles up to 6 x 6", |b| {
        b.iter(|| {
            let values = rectangle_values(black_box(&six)).expect("fits a 6 x 6 host");
            for (&(m, n), &v) in six.iter().zip(&values) {
                check_rules(m, n, v);
            }
        });
    });
    group.finish();
}

/// Every rectangle m x n with 1 <= m <= n <= 6.
fn rectangles_up_to_six() -> Vec<(usize, usize)> {
    (1..=6).flat_map(|m| (m..=6).map(move |n| (m, n))).collect()
}

/// The rules the table obeys: even x even is 0 (the half-turn answer);
/// 2 x n is n mod 2.
fn check_rules(m: usize, n: usize, v: Nimber) {
    if m.is_multiple_of(2) && n.is_multiple_of(2) {
        assert_eq!(v, Nimber::ZERO, "{m} x {n}");
    }
    if m == 2 {
        assert_eq!(v, Nimber(u32::from(n % 2 == 1)), "2 x {n}");
    }
}

/// Each rectangle up to 6 x 6 with an evaluator of its own, so that its time
/// is its alone: value, time and regions valued, one line each.
fn rectangle_times() {
    for (m, n) in rectangles_up_to_six() {
        let Ok(grid) = Grid::new(m, n) else { continue };
        let mut evaluator = Grundy::new(&grid);
        let start = Instant::now();
        let v = evaluator.value(&grid.empty());
        let t = start.elapsed();
        check_rules(m, n, v);
        println!(
            "grundy {m} x {n} = {v} in {t:.2?} (regions valued: {})",
            evaluator.regions_evaluated()
        );
    }
}

/// Evaluates rectangles (up to 6 x 10) smallest first with one shared
/// evaluator until `budget` is spent, and prints the last one finished.
fn reach(budget: Duration) {
    let Ok(host) = Grid::new(6, 10) else { return };
    let mut rects: Vec<(usize, usize)> = (1..=6)
        .flat_map(|m| (m..=10).map(move |n| (m, n)))
        .collect();
    rects.sort_by_key(|&(m, n)| (m * n, m));
    let mut evaluator = Grundy::new(&host);
    let start = Instant::now();
    let mut last = None;
    for (m, n) in rects {
        let Some(free) = host.rectangle(m, n) else {
            continue;
        };
        let v = evaluator.value(&free);
        let t = start.elapsed();
        if t > budget {
            println!(
                "reach: {m} x {n} ({} cells) = {v} finished at {t:.2?}, past the budget",
                m * n
            );
            break;
        }
        last = Some((m, n, v, t));
    }
    if let Some((m, n, v, t)) = last {
        println!(
            "reach: in {budget:?}, every rectangle up to {m} x {n} ({} cells, {v}) at {t:.2?}; {} regions evaluated",
            m * n,
            evaluator.regions_evaluated()
        );
    }
}

criterion_group!(benches, sweep, grundy);

fn main() {
    benches();
    rectangle_times();
    reach(Duration::from_secs(10));
    Criterion::default().configure_from_args().final_summary();
}
