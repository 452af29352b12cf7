//! Position walks: the whole-board walk of the 9 x 5 Domineering board with
//! row 5 and column 3 blocked (the blocked-board essay's quarters) and the
//! direct walk of the 12 x 8 Chomp bar (chomp-needles' default), reported as
//! positions walked per second. Each run asserts what it counts.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ladder::games::chomp::{positions_in, walk_bar};
use ladder::games::domineering::Board;
use std::hint::black_box;

/// The 9 x 5 board with its fifth row and third column blocked: four 4 x 2
/// blocks of 54 positions each, so 54^4 positions in all.
fn quarters() -> Board {
    let mut board = Board::empty(9, 5);
    for c in 0..5 {
        board = board.block(4, c);
    }
    for r in 0..9 {
        board = board.block(r, 2);
    }
    board
}

fn walks(c: &mut Criterion) {
    let mut group = c.benchmark_group("walk");
    group.sample_size(10);
    let board = quarters();
    group.throughput(Throughput::Elements(8_503_056));
    group.bench_function("domineering_9x5_quarters", |b| {
        b.iter(|| assert_eq!(black_box(board).walk().positions, 8_503_056));
    });
    let positions = u64::try_from(positions_in(12, 8)).unwrap();
    group.throughput(Throughput::Elements(positions));
    group.bench_function("chomp_bar_12x8", |b| {
        b.iter(|| {
            assert_eq!(
                u128::from(walk_bar(black_box(12), 8).positions),
                positions_in(12, 8)
            );
        });
    });
    group.finish();
}

criterion_group!(benches, walks);
criterion_main!(benches);
