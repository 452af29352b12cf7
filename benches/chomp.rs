//! Chomp labelling speed: one pass over the 12 x 8 and the 16 x 12 windows,
//! reported as positions labelled per second. Each run asserts what it labels.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ladder::games::chomp::{Labels, Play, bar, positions_in};
use std::hint::black_box;

/// Labels the window and checks it: every position counted, and the 10 x 8
/// bar's two winning openings (the smallest bar of the window with two).
fn label_and_check(columns: usize, rows: usize) -> Labels {
    let labels = Labels::new(columns, rows, Play::Normal).expect("window within limits");
    assert_eq!(u128::from(labels.positions()), positions_in(columns, rows));
    let needles = labels
        .winning_openings(&bar(10, 8))
        .expect("10 x 8 in the window");
    assert_eq!(
        needles
            .iter()
            .map(|o| (o.column, o.row, o.eats))
            .collect::<Vec<_>>(),
        vec![(6, 5, 20), (9, 4, 10)]
    );
    labels
}

fn labelling(c: &mut Criterion) {
    let mut group = c.benchmark_group("chomp_label");
    for (columns, rows, samples) in [(12, 8, 50), (16, 12, 10)] {
        let positions = u64::try_from(positions_in(columns, rows)).unwrap();
        group.throughput(Throughput::Elements(positions));
        group.sample_size(samples);
        group.bench_function(format!("{columns}x{rows}"), |b| {
            b.iter(|| label_and_check(black_box(columns), black_box(rows)));
        });
    }
    group.finish();
}

criterion_group!(benches, labelling);
criterion_main!(benches);
