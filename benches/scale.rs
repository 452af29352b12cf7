//! Speed of the site engine at scale: a cold build (render and write) of a
//! generated site of 2,000 essays ([`essays`]), no figures. Each iteration
//! builds the whole site, writing every page (the previous build's pages
//! are emptied first, untimed, as if a template had changed them all: a
//! build writes no file that the site it replaces holds as it is), and
//! asserts its page count.
//! `benches/scale/compare.sh` times the same site against Hugo.

#[path = "scale/essays.rs"]
mod essays;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use ladder::figures::Silent;
use ladder::site::{self, Options};
use std::time::Duration;

const ESSAYS: usize = 2_000;

fn build_2000_essays(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    essays::write(dir.path(), ESSAYS).expect("the generated essays");
    let opts = Options::new(dir.path());
    c.bench_function("build of 2,000 generated essays", |b| {
        b.iter_batched(
            || empty_pages(&opts.output).expect("the pages emptied"),
            |()| {
                let summary = site::build(opts.clone(), &Silent).expect("builds");
                // The essays, the ladders, the front page, the list, the
                // search page and the 404.
                assert_eq!(summary.pages, ESSAYS + essays::LADDERS + 4);
            },
            BatchSize::PerIteration,
        );
    });
}

/// Empties the pages (`index.html`) of the site in `site`, if there is one,
/// so that a build writes them all again. (Deleting them would not do: a
/// file system without a journal makes a new file slowly for half a minute
/// after many were deleted, which no real build meets.)
fn empty_pages(site: &std::path::Path) -> std::io::Result<()> {
    let Ok(entries) = std::fs::read_dir(site) else {
        return Ok(());
    };
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            empty_pages(&path)?;
        } else if path.file_name().is_some_and(|n| n == "index.html") {
            std::fs::write(path, "")?;
        }
    }
    Ok(())
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(20));
    targets = build_2000_essays
}
criterion_main!(benches);
