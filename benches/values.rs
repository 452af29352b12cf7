//! Canonical values of empty Domineering boards, and the whole `run-intervals`
//! catalogue, each timed from an empty game table. Every run asserts its result.

use criterion::{Criterion, criterion_group, criterion_main};
use ladder::cgt::canonical::GameTable;
use ladder::cgt::partizan::Values;
use ladder::games::domineering::{Board, Domineering, shapes_up_to};
use ladder::generators::{Params, find};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Duration;

/// Value of the empty `rows` x `cols` board, from scratch, in `CGSuite` notation,
/// searched on every core when `parallel` (as `ladder value` does).
fn empty_board(rows: usize, cols: usize, parallel: bool) -> String {
    let games = GameTable::new();
    let values = Values::new(Domineering::default());
    let values = if parallel {
        values.in_parallel()
    } else {
        values
    };
    let v = values.value(&games, &Board::empty(rows, cols).into());
    games.display(v)
}

fn boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("empty board value");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    // Values as this engine prints them (the 4 x 4 is checked against plain
    // recursion in the unit tests; 5 x 5 is the known second-player win).
    let cases = [
        (
            4,
            4,
            "{0,{{2|0},{2||2|0}|{2|0},{2|0||0}}|0,{{0|-2},{0||0|-2}|{0|-2},{0|-2||-2}}}",
        ),
        (4, 5, "1"),
        (5, 5, "0"),
        (5, 6, "-3/2"),
    ];
    for (rows, cols, expected) in cases {
        if rows * cols >= 30 {
            group
                .sample_size(10)
                .measurement_time(Duration::from_secs(60));
        }
        // The larger boards also as `ladder value` searches them, on every
        // core.
        let ways: &[bool] = if rows * cols >= 30 {
            &[false, true]
        } else {
            &[false]
        };
        for &parallel in ways {
            let name = format!(
                "{rows}x{cols}{}",
                if parallel { " in parallel" } else { "" }
            );
            group.bench_function(name, |b| {
                b.iter(|| {
                    let value = empty_board(black_box(rows), black_box(cols), parallel);
                    assert_eq!(value, expected);
                });
            });
        }
    }
    group.finish();
}

fn catalogue(c: &mut Criterion) {
    let mut group = c.benchmark_group("run-intervals catalogue");
    group.sample_size(10);
    let generator = find("run-intervals").expect("registered");
    for (n, shapes) in [(8, 1042), (10, 12871)] {
        group.bench_function(format!("N={n}"), |b| {
            let given: BTreeMap<String, toml::Value> =
                [("max_cells".to_string(), toml::Value::Integer(n))].into();
            let params = Params::parse(generator.spec(), &given).expect("valid");
            b.iter(|| {
                let out = generator.run(black_box(&params));
                assert_eq!(out.data["shapes"], shapes);
                assert!(out.checks.iter().all(|c| c.holds));
            });
        });
    }
    group.bench_function("shapes N=10", |b| {
        b.iter(|| assert_eq!(shapes_up_to(black_box(10)).len(), 12871));
    });
    group.finish();
}

criterion_group!(benches, boards, catalogue);
criterion_main!(benches);
