//! Speed of the site pipeline on the bundled essays: a no-op build (every
//! figure already in figures/), a build after a drawing change (every view
//! redrawn from the stored data, no solver run) and the edit-to-reload latency
//! of `ladder serve` for a one-word change, from the file write to the new
//! HTML being served, and a check of one long essay (thousands of figures,
//! data blocks and headings of one text), whose time must grow linearly
//! with its length. Each measurement asserts what it times.

#[path = "../tests/common/mod.rs"]
mod common;

use common::copy_tree;
use criterion::{Criterion, criterion_group, criterion_main};
use ladder::figures::Silent;
use ladder::site::serve::{self, Reply};
use ladder::site::{self, Options, Site};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A copy of the bundled content (with the repository's figure artifacts, if
/// any) in a temporary folder, built once so every figure is in its cache.
fn bundled() -> (tempfile::TempDir, Options) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    for sub in ["content", "templates", "figures"] {
        copy_tree(&repo.join(sub), &dir.path().join(sub));
    }
    let opts = Options::new(dir.path());
    site::build(opts.clone(), &Silent).expect("the bundled site builds");
    (dir, opts)
}

fn essay(root: &Path) -> PathBuf {
    root.join("content/domineering/falling-apart.md")
}

fn no_op_build(c: &mut Criterion) {
    let (_dir, opts) = bundled();
    c.bench_function("no-op build of the bundled site", |b| {
        b.iter(|| {
            let summary = site::build(opts.clone(), &Silent).expect("builds");
            assert!(
                summary.computed.is_empty(),
                "a no-op build computed {:?}",
                summary.computed
            );
        });
    });
}

/// What a change to the drawing code costs: every stored drawing is gone (as
/// when its fingerprint no longer matches), every run is stored. Nothing is
/// written, so each iteration draws every view again.
fn redraw_build(c: &mut Criterion) {
    let (dir, opts) = bundled();
    for entry in std::fs::read_dir(dir.path().join("figures")).expect("figures/") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().expect("a name").to_string_lossy();
        if name.matches('.').count() == 2 && name.ends_with(".json") {
            std::fs::remove_file(&path).expect("remove a drawing");
        }
    }
    let opts = Options {
        write: false,
        ..opts
    };
    c.bench_function("build after a drawing change: every view redrawn", |b| {
        b.iter(|| {
            let summary = site::build(opts.clone(), &Silent).expect("builds");
            assert!(summary.computed.is_empty(), "{:?}", summary.computed);
            assert!(summary.drawn >= 20, "drew {}", summary.drawn);
        });
    });
}

fn edit_to_reload(c: &mut Criterion) {
    let (dir, opts) = bundled();
    let server = serve::start(
        Site::new(opts),
        "127.0.0.1:0".parse().expect("an address"),
        Box::new(Silent),
    )
    .expect("serves");
    server
        .wait_past(0, Duration::from_secs(60))
        .expect("the first build");
    let path = essay(dir.path());
    let original = std::fs::read_to_string(&path).expect("the essay");
    let mut n = 0u64;
    c.bench_function("serve: one-word edit to new HTML served", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                n += 1;
                let word = format!("edit{n}");
                let text =
                    original.replacen("grid of free cells", &format!("grid of {word} cells"), 1);
                let started = Instant::now();
                std::fs::write(&path, text).expect("write the essay");
                loop {
                    if let Reply::File { body, .. } =
                        serve::answer("/domineering/falling-apart/", &server.shared)
                        && String::from_utf8_lossy(&body).contains(&word)
                    {
                        break;
                    }
                    assert!(
                        started.elapsed() < Duration::from_secs(10),
                        "no reload within 10 s"
                    );
                    std::thread::sleep(Duration::from_millis(1));
                }
                total += started.elapsed();
            }
            total
        });
    });
    std::fs::write(&path, original).expect("restore the essay");
}

/// `ladder check` of one essay of `n` figure blocks, `n` data blocks and `n`
/// headings of the same text, all of one job.
fn long_essay(c: &mut Criterion) {
    const N: usize = 5000;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let block = |kind: &str, id: String| {
        format!(
            "```{kind}\nid = \"{id}\"\ngenerator = \"blocked-board\"\nrows = 2\ncols = 3\n\
             blocked_columns = [2]\ncaption = \"C.\"\n```\n\n## Same\n\n"
        )
    };
    let body: String = (0..N)
        .flat_map(|i| {
            [
                block("figure", format!("f{i}")),
                block("data", format!("d{i}")),
            ]
        })
        .collect();
    let essay = dir.path().join("content/demo/long.md");
    std::fs::create_dir_all(essay.parent().expect("a folder")).expect("mkdir");
    std::fs::write(
        &essay,
        format!("+++\ntitle = \"Long\"\nladder = \"demo\"\nrung = 1\n+++\n\n{body}"),
    )
    .expect("write the essay");
    let opts = Options {
        write: false,
        ..Options::new(dir.path())
    };
    let mut group = c.benchmark_group("one long essay");
    group.sample_size(10);
    group.bench_function(
        "check of 5,000 figures, 5,000 data blocks, 10,000 headings",
        |b| {
            b.iter(|| {
                let summary = site::build(opts.clone(), &Silent).expect("checks");
                assert_eq!(summary.pages, 6);
            });
        },
    );
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(5));
    targets = no_op_build, redraw_build, edit_to_reload, long_essay
}
criterion_main!(benches);
