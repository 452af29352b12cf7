//! What the game table's analysis costs on top of a value: the empty 5 x 5
//! Domineering board valued from an empty table, then the stops, mean,
//! temperature and thermograph of every game the table then holds (every
//! region's value among them, and every sum and option met on the way).
//! The analysis is also timed alone, after a value computed outside the
//! timing, and so is the whole of [`Analyse::analyse`] (reduced forms and
//! atomic weights too). Then the other two targets: the
//! `temperature-survey` generator over every position of the 4 x 4 board
//! (on one core), and what `ladder value domineering` computes for the 5 x 6
//! board with `--analysis` and without. Every run asserts its result.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use ladder::cgt::analysis::Analyse;
use ladder::cgt::canonical::{GameId, GameTable};
use ladder::cgt::dyadic::Dyadic;
use ladder::cgt::partizan::Values;
use ladder::cmd::facts;
use ladder::games::domineering::{Board, Domineering};
use ladder::generators::{Params, find};
use std::hint::black_box;
use std::time::Duration;

/// The value of the empty `rows` x `cols` board in a new table.
fn value(rows: usize, cols: usize) -> (GameTable, GameId) {
    let games = GameTable::new();
    let values = Values::new(Domineering::default());
    let v = values.value(&games, &Board::empty(rows, cols).into());
    (games, v)
}

/// The stops, mean, temperature and thermograph of every game of the table:
/// returns how many games there are and how many are hot.
fn analyse_every_game(games: &GameTable) -> (usize, usize) {
    let (mut all, mut hot) = (0, 0);
    for g in games.games() {
        let thermograph = games.thermograph(g);
        black_box((games.left_stop(g), games.right_stop(g), thermograph.mean()));
        all += 1;
        hot += usize::from(thermograph.temperature() > Dyadic::ZERO);
    }
    (all, hot)
}

fn five_by_five(c: &mut Criterion) {
    let mut group = c.benchmark_group("analysis of the 5x5 board");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("value", |b| {
        b.iter(|| {
            let (games, v) = value(black_box(5), black_box(5));
            assert_eq!(games.display(v), "0");
        });
    });
    group.bench_function("value, then every game's thermograph", |b| {
        b.iter(|| {
            let (games, v) = value(black_box(5), black_box(5));
            let (all, hot) = analyse_every_game(&games);
            assert_eq!(games.temperature(v), Dyadic::integer(-1));
            assert!(all == games.games().count() && hot > 0);
        });
    });
    // The analysis alone, each time in a new table holding the value.
    group.bench_function("every game's thermograph, after the value", |b| {
        b.iter_batched(
            || value(5, 5),
            |(games, _)| {
                let (all, hot) = analyse_every_game(&games);
                assert!(all == games.games().count() && hot > 0);
            },
            BatchSize::LargeInput,
        );
    });
    // Everything `analyse` gives, the reduced form and atomic weight too.
    group.bench_function("every game's whole analysis, after the value", |b| {
        b.iter_batched(
            || value(5, 5),
            |(games, _)| {
                let all_small = (games.games())
                    .filter(|&g| games.analyse(g).atomic_weight.is_ok())
                    .count();
                assert!(all_small > 0);
            },
            BatchSize::LargeInput,
        );
    });
    group.finish();
    // Outside the timing: every thermograph's walls at 0 are its game's
    // stops.
    let (games, _) = value(5, 5);
    let (all, hot) = analyse_every_game(&games);
    for g in games.games() {
        let thermograph = games.thermograph(g);
        let walls = (
            thermograph.left_at(Dyadic::ZERO),
            thermograph.right_at(Dyadic::ZERO),
        );
        assert_eq!(walls, (games.left_stop(g), games.right_stop(g)));
    }
    eprintln!("The 5x5 board's table holds {all} games, {hot} of them hot.");
}

/// The survey of every position of the 4 x 4 board, its default.
fn survey(c: &mut Criterion) {
    let generator = find("temperature-survey").expect("registered");
    let params = Params::defaults(generator.spec()).expect("the defaults are valid");
    let mut group = c.benchmark_group("temperature survey");
    group.sample_size(20);
    group.bench_function("every position of the 4x4 board", |b| {
        b.iter(|| {
            let out = generator.run(black_box(&params));
            assert_eq!(out.data["positions"], 5700);
            assert!(out.checks.iter().all(|c| c.holds));
        });
    });
    group.finish();
}

/// `ladder value domineering` on the empty 5 x 6 board, as the command
/// computes it (the search on every core), with `--analysis` and without.
fn value_command(c: &mut Criterion) {
    let board = ["......"; 5].join("|");
    let mut group = c.benchmark_group("ladder value on the 5x6 board");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(60));
    for analysis in [false, true] {
        let name = if analysis {
            "--analysis"
        } else {
            "value alone"
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let f = facts("domineering", black_box(&board), None, analysis).expect("valued");
                assert_eq!(f.value, "-3/2");
                assert_eq!(f.analysis.is_some(), analysis);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, five_by_five, survey, value_command);
criterion_main!(benches);
