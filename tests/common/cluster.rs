//! A one-node Slurm cluster for the cluster test and the `cluster` bench:
//! started by `tests/cluster/slurm.sh` with its state in a temporary folder
//! and stopped when dropped, and job arrays submitted to it with `sbatch
//! --wait`, each task's output kept for the caller to read: the recipe
//! `docs/cluster/ladder-array.sbatch` over a plan, or one command.
// The test and the bench each use part of it.
#![allow(dead_code)]

use super::servers::Server;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A one-node Slurm cluster with its state in a temporary folder, stopped
/// when dropped (a failing test included).
pub struct Cluster {
    dir: tempfile::TempDir,
}

/// The output of a job array's tasks, in a temporary folder.
pub struct Logs {
    dir: tempfile::TempDir,
}

impl Logs {
    /// Task `task`'s output (`out`) or its errors and progress (`err`).
    pub fn of(&self, task: usize, stream: &str) -> String {
        std::fs::read_to_string(self.dir.path().join(format!("task-{task}.{stream}")))
            .unwrap_or_else(|e| panic!("task {task} left no {stream}: {e}"))
    }
}

impl Cluster {
    fn slurm(command: &str, dir: &Path) -> std::process::ExitStatus {
        Command::new("bash")
            .arg(root().join("tests/cluster/slurm.sh"))
            .args([command.as_ref(), dir.as_os_str()])
            .status()
            .unwrap()
    }

    /// Starts the cluster (installing Slurm and munge when missing: root only).
    pub fn start() -> Cluster {
        let dir = tempfile::tempdir().unwrap();
        assert!(
            Cluster::slurm("start", dir.path()).success(),
            "slurm.sh start failed"
        );
        Cluster { dir }
    }

    /// The cluster's `slurm.conf`, for `SLURM_CONF`.
    pub fn conf(&self) -> PathBuf {
        self.dir.path().join("slurm.conf")
    }

    /// The recipe's job array over the plan `site/plan.json`, its `tasks`
    /// tasks (one a job of the plan) at most `at_once` running at a time
    /// (`None`: as many as the node takes), each computing into `server`'s
    /// store with this crate's `ladder`: their output, once every task has
    /// ended.
    pub fn recipe(
        &self,
        site: &Path,
        server: &Server,
        tasks: usize,
        at_once: Option<usize>,
    ) -> Logs {
        let env = [
            ("LADDER_BIN", env!("CARGO_BIN_EXE_ladder")),
            ("LADDER_ROOT", &site.to_string_lossy()),
            ("LADDER_STORE", &server.url),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string()));
        let script = root().join("docs/cluster/ladder-array.sbatch");
        self.array(
            &[script.into()],
            tasks,
            at_once,
            env.iter().chain(&server.env),
        )
    }

    /// A one-task job array running `ladder ARGS` in `site` with `env`
    /// added to the environment (`ARGS` are words a shell leaves whole): its
    /// output, once it has ended.
    pub fn ladder(&self, site: &Path, args: &[&str], env: &[(String, String)]) -> Logs {
        let command = std::iter::once(env!("CARGO_BIN_EXE_ladder"))
            .chain(args.iter().copied())
            .collect::<Vec<_>>()
            .join(" ");
        let mut chdir = OsString::from("--chdir=");
        chdir.push(site);
        self.array(
            &[chdir, "--wrap".into(), format!("exec {command}").into()],
            1,
            None,
            env,
        )
    }

    /// Submits a job array of `tasks` tasks running what `job` names (a
    /// script, or `--wrap` and a command) with `env` added to the
    /// environment, and waits until every task has ended (`sbatch --wait`):
    /// their output. A failed task fails the caller, with every task's errors.
    fn array<'a>(
        &self,
        job: &[OsString],
        tasks: usize,
        at_once: Option<usize>,
        env: impl IntoIterator<Item = &'a (String, String)>,
    ) -> Logs {
        let logs = Logs {
            dir: tempfile::tempdir().unwrap(),
        };
        let limit = at_once.map(|n| format!("%{n}")).unwrap_or_default();
        let out = Command::new("sbatch")
            .args(["--wait", "--quiet"])
            .arg(format!("--array=0-{}{limit}", tasks - 1))
            .arg(format!(
                "--output={}/task-%a.out",
                logs.dir.path().display()
            ))
            .arg(format!("--error={}/task-%a.err", logs.dir.path().display()))
            .args(job)
            .env("SLURM_CONF", self.conf())
            .envs(env.into_iter().map(|(k, v)| (k, v)))
            .output()
            .unwrap();
        // sbatch --wait exits with the highest of the tasks' exit codes.
        assert!(
            out.status.success(),
            "sbatch: {}\n{}",
            String::from_utf8_lossy(&out.stderr),
            (0..tasks)
                .map(|task| logs.of(task, "err"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        logs
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        Cluster::slurm("stop", self.dir.path());
    }
}
