//! The figure store's cost to a clean checkout: a cold build of the bundled
//! site (no `site/`, a new process) with an empty `figures/` and every
//! figure in a warm store (a local S3 server, `s3s-fs`, and a local `WebDAV`
//! server, Apache httpd), side by side with a cold build with a warm
//! `figures/` and no store. The target: the first
//! within 1.5 times the second. Each build asserts that it computed nothing,
//! and the store's that it fetched every figure.

#[path = "../tests/common/mod.rs"]
mod common;

use common::{copy_tree, ladder_with_env, quiet, servers};

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use std::path::Path;
use std::time::Duration;

/// A copy of the bundled site's `content/` and `templates/`, and its
/// `figures/` when `figures`.
fn checkout(from: &Path, figures: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let subs: &[&str] = if figures {
        &["content", "templates", "figures"]
    } else {
        &["content", "templates"]
    };
    for sub in subs {
        copy_tree(&from.join(sub), &dir.path().join(sub));
    }
    dir
}

/// Runs `ladder build ARGS` in `root` with `env`, expecting it to succeed
/// with no warning: its summary line.
fn build(root: &Path, args: &[&str], env: &[(String, String)]) -> String {
    let args: Vec<&str> = ["build"].into_iter().chain(args.iter().copied()).collect();
    quiet(&ladder_with_env(&args, root, env)).stdout.clone()
}

fn cold_builds(c: &mut Criterion) {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let none = |summary: &str| summary.contains(" 0 figures computed");
    // The warm figures/, and each warm store, filled by a checkout without one.
    let warm = checkout(repo, true);
    build(warm.path(), &[], &[]);
    let stores = [
        ("warm local S3 store (s3s-fs)", servers::s3()),
        ("warm local WebDAV store (Apache httpd)", servers::dav()),
    ];
    for (_, server) in &stores {
        let empty = checkout(repo, false);
        let args = ["--store-write", "--store", server.url.as_str()];
        build(empty.path(), &args, &server.env);
    }
    let mut group = c.benchmark_group("cold build of the bundled site");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("warm figures/, no store", |b| {
        b.iter_batched(
            || checkout(warm.path(), true),
            |site| {
                let summary = build(site.path(), &[], &[]);
                assert!(
                    none(&summary) && !summary.contains("figure store"),
                    "{summary}"
                );
                site
            },
            BatchSize::PerIteration,
        );
    });
    for (name, server) in &stores {
        group.bench_function(format!("empty figures/, {name}"), |b| {
            b.iter_batched(
                || checkout(warm.path(), false),
                |site| {
                    let args = ["--store", server.url.as_str()];
                    let summary = build(site.path(), &args, &server.env);
                    assert!(
                        none(&summary) && summary.contains("from the figure store"),
                        "{summary}"
                    );
                    site
                },
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, cold_builds);
criterion_main!(benches);
