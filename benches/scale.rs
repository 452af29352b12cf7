//! Speed of the site engine at scale: a cold build (render and write) of a
//! generated site of 2,000 essays ([`essays`]), no figures. Each iteration
//! builds and writes the whole site and asserts its page count.
//! `benches/scale/compare.sh` times the same site against Hugo.

#[path = "scale/essays.rs"]
mod essays;

use criterion::{Criterion, criterion_group, criterion_main};
use ladder::site::figures::Silent;
use ladder::site::{self, Options};
use std::time::Duration;

const ESSAYS: usize = 2_000;

fn build_2000_essays(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    essays::write(dir.path(), ESSAYS).expect("the generated essays");
    let opts = Options::new(dir.path());
    c.bench_function("build of 2,000 generated essays", |b| {
        b.iter(|| {
            let summary = site::build(opts.clone(), &Silent).expect("builds");
            // The essays, the ladders, the front page, the list, the search
            // page and the 404.
            assert_eq!(summary.pages, ESSAYS + essays::LADDERS + 4);
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(20));
    targets = build_2000_essays
}
criterion_main!(benches);
