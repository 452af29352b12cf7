//! The cluster recipes in `docs/cluster/`, checked as their engines read them:
//! the Kubernetes Indexed Job manifest parsed as YAML for its shape (no
//! cluster runs here), and the Slurm job array submitted to a one-node Slurm
//! cluster that `slurm.sh` beside this file starts and stops, its tasks
//! computing a fixture site's figures into an S3 server (`s3s-fs`, found as
//! the store tests find it: `LADDER_S3S_FS` or `PATH`).

#[path = "../common/mod.rs"]
mod common;

use common::cluster::Cluster;
use common::{built, counts, fixture, local_site, servers, tree, warnings};
use serde_json::Value;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `docs/cluster/ladder-job.yaml`, as a value.
fn manifest() -> Value {
    let path = root().join("docs/cluster/ladder-job.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The value at a JSON pointer, or a failure naming it.
fn at<'a>(value: &'a Value, pointer: &str) -> &'a Value {
    value
        .pointer(pointer)
        .unwrap_or_else(|| panic!("the manifest has no {pointer}"))
}

#[test]
fn the_kubernetes_recipe_is_an_indexed_job_computing_one_job_of_the_plan_a_pod() {
    let job = manifest();
    assert_eq!(at(&job, "/apiVersion"), "batch/v1");
    assert_eq!(at(&job, "/kind"), "Job");
    assert_eq!(at(&job, "/spec/completionMode"), "Indexed");
    let completions = at(&job, "/spec/completions").as_u64().unwrap();
    let parallelism = at(&job, "/spec/parallelism").as_u64().unwrap();
    assert!(
        (1..=completions).contains(&parallelism),
        "{parallelism} of {completions}"
    );
    let pod = at(&job, "/spec/template/spec");
    assert_eq!(at(pod, "/restartPolicy"), "Never");
    let containers = at(pod, "/containers").as_array().unwrap();
    assert_eq!(containers.len(), 1);
    let container = &containers[0];
    let command: Vec<&str> = at(container, "/command")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let [
        "ladder",
        "compute",
        "--plan",
        plan,
        "--index",
        "$(JOB_COMPLETION_INDEX)",
        "--store",
        "$(LADDER_STORE)",
        "--store-write",
    ] = command[..]
    else {
        panic!("the command is {command:?}");
    };
    assert!(container.get("args").is_none(), "the command is whole");
    // The plan comes from a volume the pod mounts.
    let mounts = at(container, "/volumeMounts").as_array().unwrap();
    let mount = mounts
        .iter()
        .find(|m| plan.starts_with(&format!("{}/", at(m, "/mountPath").as_str().unwrap())))
        .unwrap_or_else(|| panic!("no volume mounted holds {plan}"));
    let volumes = at(pod, "/volumes").as_array().unwrap();
    assert!(volumes.iter().any(|v| v["name"] == mount["name"]));
    // The store's URL and every credential come from a Secret: no env value
    // is written in the manifest, and the secret's key is named.
    let env = at(container, "/env").as_array().unwrap();
    for var in env {
        let name = at(var, "/name").as_str().unwrap();
        assert!(var.get("value").is_none(), "{name} is written inline");
        let secret = at(var, "/valueFrom/secretKeyRef");
        assert_eq!(secret["name"], "ladder-store", "{name}");
        assert!(secret["key"].is_string(), "{name}");
    }
    let names: Vec<&str> = env.iter().map(|v| v["name"].as_str().unwrap()).collect();
    for needed in ["LADDER_STORE", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] {
        assert!(names.contains(&needed), "{needed} is not set: {names:?}");
    }
    assert!(container.get("envFrom").is_none());
}

/// The job array recipe on a real Slurm against a real S3 server
/// (`s3s-fs`): the claims fixture's plan of missing jobs, one task a job,
/// each running the recipe's `ladder compute --plan plan.json --index
/// $SLURM_ARRAY_TASK_ID --store-write` in the site's folder with the store's
/// URL and credentials from the environment; then a fresh checkout's build
/// with the store computes nothing and writes the site a plain local build
/// writes, byte for byte.
#[test]
#[ignore = "starts a Slurm cluster as root (installing it when missing): run with --ignored"]
fn the_slurm_recipe_fills_the_store_and_a_build_with_it_computes_nothing() {
    let server = servers::s3();
    let cluster = Cluster::start();
    let site = fixture("claims");
    let plan = server.ladder(site.path(), &["plan", "--missing", "--json"]);
    assert_eq!(plan.code, 0, "{}", plan.stderr);
    std::fs::write(site.path().join("plan.json"), &plan.stdout).unwrap();
    let plan: Value = serde_json::from_str(&plan.stdout).unwrap();
    let jobs = plan["jobs"].as_array().unwrap();
    assert!(jobs.len() >= 3, "{plan}");

    let logs = cluster.recipe(site.path(), &server, jobs.len(), None);
    for (task, job) in jobs.iter().enumerate() {
        let log = logs.of(task, "out");
        let key = job["key"].as_str().unwrap();
        assert!(
            log.starts_with(&format!("{key}: computed")),
            "task {task}: {log}"
        );
        for stream in ["out", "err"] {
            assert!(!logs.of(task, stream).contains(servers::SECRET_KEY));
        }
    }

    // A fresh checkout, its figures/ empty, asks the store and computes nothing.
    let fresh = fixture("claims");
    let missing = server.ladder(fresh.path(), &["plan", "--missing"]);
    assert_eq!(
        (missing.code, missing.stdout.as_str()),
        (0, ""),
        "{}",
        missing.stderr
    );
    let run = server.ladder(fresh.path(), &["build", "--store-required"]);
    let (computed, fetched) = counts(built(&run));
    assert_eq!(computed, 0, "{}", run.stdout);
    assert!(fetched >= jobs.len(), "{}", run.stdout);
    assert!(warnings(&run.stderr).is_empty(), "{}", run.stderr);
    assert_eq!(tree(&fresh.path().join("site")), local_site("claims"));
}
