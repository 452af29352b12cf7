//! Issue 30's sharded sweep on Slurm: one `pairing-sweep` run, computed by a
//! job array on a one-node Slurm cluster (`tests/cluster/slurm.sh`, the
//! node's CPUs the machine's) into a local S3 store (`s3s-fs`), whole and
//! sharded, side by side, each sample from an empty store and fresh
//! checkouts of a site whose one essay names the sweep:
//!
//! - unsharded: a one-task array running `ladder compute RUNKEY
//!   --store-write`, which computes the run whole (no shard of it is held);
//! - sharded: `ladder plan --missing --json` (the run's shards: the rest of
//!   the run, then a board a shard), the recipe's array
//!   (`docs/cluster/ladder-array.sbatch`) over the plan, 2 tasks at a time
//!   (`--array=0-N%2`), then the merge, `ladder compute RUNKEY --store-write`
//!   in a fresh checkout, which fetches the shards and merges them.
//!
//! Each array is submitted with `sbatch --wait`. The sweep is of the two
//! 28-cell boards, 7 x 4 and 4 x 7, the largest a sweep takes under its
//! default limit of 30 board cells (the next, 5 x 6, takes about a minute):
//! each takes about 7 s of CPU on a release build, and the rest of the run
//! (a 1 x 1 Grundy table, the 2 x 2 rectangle) a few milliseconds. The
//! target: the sharded time at most 0.6 times the unsharded. Each sample
//! asserts that the unsharded task computed the run whole (the store holds
//! the run and no shard), that each sharded task computed its shard, and
//! that the merge computed nothing. The machine's load average is printed
//! before and after: the two tasks share its cores with whatever else runs.

#[path = "../tests/common/mod.rs"]
mod common;

use common::cluster::{Cluster, Logs};
use common::servers::{self, Server};
use common::{SiteTest, quiet, tree, warnings};

use criterion::{BatchSize, Criterion, SamplingMode, criterion_group, criterion_main};
use serde_json::Value;
use std::collections::BTreeSet;
use std::time::Duration;

/// The site's one essay: the sweep of 7 x 4 and 4 x 7, and little else.
const ESSAY: &str = r#"+++
title = "A sweep on a cluster"
ladder = "demo"
rung = 1
summary = "Two boards swept for the pairing checks."
+++

The sweep visits every position reachable on two boards of 28 cells.

```figure
id = "s"
generator = "pairing-sweep"
view = "firings"
firing_boards = [[7, 4], [4, 7]]
search_boards = []
rectangles_up_to = 2
grundy_rows = 1
grundy_cols = 1
caption = "Firings on {{ len(s.boards) = 2 }} boards."
```
"#;

/// The jobs a sharded run has: the rest of the run, and a shard a board.
const SHARDS: usize = 3;

/// A fresh checkout of the site.
fn checkout() -> SiteTest {
    SiteTest::empty().write("content/demo/sweep.md", ESSAY)
}

/// Empties the store.
fn empty(server: &Server) {
    match std::fs::remove_dir_all(&server.objects) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            panic!("{}: {e}", server.objects.display())
        }
        _ => {}
    }
}

/// The keys of the jobs whose artifacts the store holds.
fn stored(server: &Server) -> BTreeSet<String> {
    tree(&server.objects)
        .keys()
        .map(|object| {
            let name = object.to_string_lossy();
            name.split('.').next().unwrap_or_default().to_string()
        })
        .collect()
}

/// Runs `ladder ARGS --store URL` in `site` with the store's environment,
/// expecting success with no warning: what it printed.
fn ladder(site: &SiteTest, server: &Server, args: &[&str]) -> String {
    quiet(&server.ladder(site.path(), args)).stdout.clone()
}

/// Asserts that task `task` printed that it computed `key`, and no warning.
fn computed(logs: &Logs, task: usize, key: &str) {
    let out = logs.of(task, "out");
    assert!(
        out.starts_with(&format!("{key}: computed: ")),
        "task {task}: {out}"
    );
    let err = logs.of(task, "err");
    assert!(warnings(&err).is_empty(), "task {task}: {err}");
}

/// The machine's load averages, as `/proc/loadavg` gives them.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg").unwrap_or_default()
}

fn sharded_sweep(c: &mut Criterion) {
    let server = servers::s3();
    let cluster = Cluster::start();
    eprintln!("load average before: {}", load());
    // The run's key, from a plan of an empty store: every job is a shard of it.
    let plan = ladder(&checkout(), &server, &["plan", "--missing", "--json"]);
    let plan: Value = serde_json::from_str(&plan).expect("the plan is JSON");
    let run = plan["jobs"][0]["shard_of"]
        .as_str()
        .unwrap_or_else(|| panic!("the run is not sharded: {plan}"))
        .to_string();

    let mut group = c.benchmark_group("the sweep of 7 x 4 and 4 x 7 on Slurm");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(1));
    // Below ten samples' time, so that a sample is one run.
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("unsharded: one task computes the run whole", |b| {
        b.iter_batched(
            || {
                empty(&server);
                checkout()
            },
            |site| {
                let args = ["compute", &run, "--store", &server.url, "--store-write"];
                let logs = cluster.ladder(site.path(), &args, &server.env);
                computed(&logs, 0, &run);
                assert_eq!(stored(&server), BTreeSet::from([run.clone()]));
                site
            },
            BatchSize::PerIteration,
        );
    });
    group.bench_function(
        "sharded: plan, a task a shard 2 at a time, then the merge",
        |b| {
            b.iter_batched(
                || {
                    empty(&server);
                    (checkout(), checkout())
                },
                |(site, fresh)| {
                    let plan = ladder(&site, &server, &["plan", "--missing", "--json"]);
                    site.put("plan.json", &plan);
                    let plan: Value = serde_json::from_str(&plan).expect("the plan is JSON");
                    let jobs = plan["jobs"].as_array().expect("a list of jobs");
                    assert_eq!(jobs.len(), SHARDS, "{plan}");
                    assert!(jobs.iter().all(|job| job["shard_of"] == run.as_str()));
                    let logs = cluster.recipe(site.path(), &server, jobs.len(), Some(2));
                    let mut keys: BTreeSet<String> = BTreeSet::new();
                    for (task, job) in jobs.iter().enumerate() {
                        let key = job["key"].as_str().expect("a job's key");
                        computed(&logs, task, key);
                        keys.insert(key.to_string());
                    }
                    let merged = ladder(&fresh, &server, &["compute", &run, "--store-write"]);
                    assert!(
                        merged.starts_with(&format!("{run}: in the store: ")),
                        "the merge: {merged}"
                    );
                    keys.insert(run.clone());
                    assert_eq!(stored(&server), keys);
                    (site, fresh)
                },
                BatchSize::PerIteration,
            );
        },
    );
    group.finish();
    eprintln!("load average after: {}", load());
}

criterion_group!(benches, sharded_sweep);
criterion_main!(benches);
