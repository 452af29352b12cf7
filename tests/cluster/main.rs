//! The cluster recipes in `docs/cluster/`, checked as their engines read them:
//! the Kubernetes Indexed Job manifest parsed as YAML for its shape (no
//! cluster runs here), and the Slurm job array submitted to a one-node Slurm
//! cluster that `slurm.sh` beside this file starts and stops.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

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

/// A one-node Slurm cluster with its state in a temporary folder, stopped
/// when dropped (a failing test included).
struct Cluster {
    dir: tempfile::TempDir,
}

impl Cluster {
    fn slurm(command: &str, dir: &Path) -> std::process::ExitStatus {
        Command::new("bash")
            .arg(root().join("tests/cluster/slurm.sh"))
            .args([command.as_ref(), dir.as_os_str()])
            .status()
            .unwrap()
    }

    fn start() -> Cluster {
        let dir = tempfile::tempdir().unwrap();
        assert!(
            Cluster::slurm("start", dir.path()).success(),
            "slurm.sh start failed"
        );
        Cluster { dir }
    }

    fn conf(&self) -> PathBuf {
        self.dir.path().join("slurm.conf")
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        Cluster::slurm("stop", self.dir.path());
    }
}

/// The job array recipe on a real Slurm: eight tasks, each running the
/// recipe's `ladder compute --plan ... --index $SLURM_ARRAY_TASK_ID` in the
/// site's folder with the store from the environment. Until `ladder compute`
/// exists, `LADDER_BIN` points at a stand-in that records how it was called.
#[test]
#[ignore = "starts a Slurm cluster as root (installing it when missing): run with --ignored"]
fn the_slurm_recipe_runs_one_job_of_the_plan_a_task() {
    let cluster = Cluster::start();
    let work = tempfile::tempdir().unwrap();
    let (site, calls) = (work.path().join("site"), work.path().join("calls"));
    std::fs::create_dir_all(&site).unwrap();
    std::fs::create_dir_all(&calls).unwrap();
    // PLACEHOLDER for `ladder compute` (issue 30, item 2).
    let stand_in = work.path().join("ladder");
    std::fs::write(
        &stand_in,
        "#!/bin/sh\n{ pwd; printf '%s\\n' \"$@\"; } > \"$CALLS/$SLURM_ARRAY_TASK_ID\"\n",
    )
    .unwrap();
    Command::new("chmod")
        .arg("+x")
        .arg(&stand_in)
        .status()
        .unwrap();
    let out = Command::new("sbatch")
        .args(["--wait", "--array=0-7", "--quiet"])
        .arg(format!("--output={}/task-%a.out", work.path().display()))
        .arg(root().join("docs/cluster/ladder-array.sbatch"))
        .env("SLURM_CONF", cluster.conf())
        .env("LADDER_BIN", &stand_in)
        .env("LADDER_ROOT", &site)
        .env("LADDER_STORE", "s3://figures/ladder")
        .env("CALLS", &calls)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "sbatch: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    for task in 0..8 {
        let call = std::fs::read_to_string(calls.join(task.to_string()))
            .unwrap_or_else(|e| panic!("task {task} did not run: {e}"));
        let lines: Vec<&str> = call.lines().collect();
        let index = task.to_string();
        assert_eq!(
            lines,
            [
                site.to_str().unwrap(),
                "compute",
                "--plan",
                "plan.json",
                "--index",
                &index,
                "--store",
                "s3://figures/ladder",
                "--store-write"
            ],
            "task {task}"
        );
    }
}
