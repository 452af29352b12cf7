//! The figure store against real servers started here: an S3 server
//! (`s3s-fs`), a `WebDAV` server (Debian's Apache httpd with `mod_dav`) and a
//! folder (`file:///`). The same tests run against each: a build fetches
//! what another computed, `ladder plan` and `ladder compute` fill the store
//! job by job, and the faults: a store that is down, objects truncated,
//! swapped or edited, two builds uploading at once, wrong credentials, a
//! task killed mid-upload and a store that goes down mid-build (against the
//! servers: a [`Proxy`] cuts the upload halfway).
//! The servers ([`servers`]) are found by `LADDER_S3S_FS` and
//! `LADDER_APACHE2`, else on `PATH`; a test fails, saying how to install one,
//! when it is absent.

use crate::common::proxy::{AtPut, Proxy};
use crate::common::servers::{SECRET_KEY, Server, dav, folder, free_port, s3, s3_env};
use crate::common::{
    Run, Tree, built, counts, fixture, ladder_command, ladder_with_env, local_site, quiet, tree,
    warnings,
};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// Each kind of store, started.
fn stores() -> Vec<Server> {
    vec![folder(), s3(), dav()]
}

impl Server {
    /// The store's objects, by name.
    fn objects(&self) -> Tree {
        tree(&self.objects)
    }

    /// The requests the server has logged: `METHOD PATH STATUS` each.
    fn logged(&self) -> Vec<String> {
        let log = self.access_log.as_ref().expect("only Apache logs requests");
        std::fs::read_to_string(log)
            .unwrap_or_default()
            .lines()
            .map(String::from)
            .collect()
    }
}

/// The artifacts in `figures/` (the record of values left out).
fn artifacts(site: &Path) -> Tree {
    tree(&site.join("figures"))
        .into_iter()
        .filter(|(p, _)| p != Path::new("values.json"))
        .collect()
}

/// The store's objects, each under the name of its artifact in `figures/`:
/// `STEM.FP.json` (a run) as `STEM.json`, `STEM.FP.VIEW.DFP.json` (a
/// drawing) as `STEM.VIEW.json`. Any other file in the store fails the test.
fn stored(server: &Server) -> Tree {
    let objects = server.objects();
    let named: Tree = objects
        .iter()
        .map(|(object, bytes)| {
            let name = object.to_string_lossy();
            let artifact = match name.split('.').collect::<Vec<_>>()[..] {
                [stem, _, "json"] => format!("{stem}.json"),
                [stem, _, view, _, "json"] => format!("{stem}.{view}.json"),
                _ => panic!("{}: {name} names no artifact", server.url),
            };
            (PathBuf::from(artifact), bytes.clone())
        })
        .collect();
    assert_eq!(
        named.len(),
        objects.len(),
        "{}: {:?}",
        server.url,
        objects.keys()
    );
    named
}

#[test]
fn a_build_fetches_from_the_store_what_another_computed_and_a_no_op_build_asks_nothing() {
    let expected = local_site("basic");
    for server in stores() {
        let first = fixture("basic");
        let run = server.ladder(first.path(), &["build", "--store-write"]);
        let (computed, fetched) = counts(built(&run));
        assert!(
            computed > 0 && fetched == 0,
            "{}: {}",
            server.url,
            run.stdout
        );
        quiet(&run);
        // Every artifact is in the store, byte for byte, under its key.
        let figures = artifacts(first.path());
        assert_eq!(stored(&server), figures, "{}", server.url);

        // A clean checkout computes nothing and writes the same site.
        let second = fixture("basic");
        let run = server.ladder(second.path(), &["build"]);
        assert_eq!(counts(built(&run)), (0, computed), "{}", server.url);
        quiet(&run);
        assert_eq!(
            tree(&second.path().join("site")),
            expected,
            "{}",
            server.url
        );
        assert_eq!(artifacts(second.path()), figures, "{}", server.url);

        // A no-op build makes no request: Apache logs none, and a store
        // that is down goes unnoticed.
        let before = server.access_log.as_ref().map(|_| server.logged().len());
        let run = server.ladder(second.path(), &["build", "--store-write"]);
        assert_eq!(counts(built(&run)), (0, 0), "{}", server.url);
        quiet(&run);
        assert_eq!(
            before,
            server.access_log.as_ref().map(|_| server.logged().len())
        );
        let down = format!("http://127.0.0.1:{}/figs", free_port());
        let run = crate::common::ladder(&["build", "--store", &down], second.path());
        quiet(&run);
    }
}

#[test]
fn plan_lists_the_missing_jobs_and_compute_fills_the_store_one_job_a_task() {
    let expected = local_site("basic");
    for server in stores() {
        let site = fixture("basic");
        let plan = server.ladder(site.path(), &["plan", "--missing", "--json"]);
        assert_eq!(plan.code, 0, "{}", plan.stderr);
        let parsed: serde_json::Value = serde_json::from_str(&plan.stdout).unwrap();
        let jobs = parsed["jobs"].as_array().unwrap();
        assert!(!jobs.is_empty());
        for job in jobs {
            assert_eq!(job["held"], serde_json::Value::Null, "{job}");
            assert!(
                job["cost"].as_array().is_some_and(|c| !c.is_empty()),
                "{job}"
            );
        }
        let file = site.path().join("plan.json");
        std::fs::write(&file, &plan.stdout).unwrap();
        // Each task in a checkout of its own, as on a cluster's nodes.
        for (index, job) in jobs.iter().enumerate() {
            let task = fixture("basic");
            let run = server.ladder(
                task.path(),
                &[
                    "compute",
                    "--plan",
                    file.to_str().unwrap(),
                    "--index",
                    &index.to_string(),
                    "--store-write",
                ],
            );
            assert_eq!(run.code, 0, "{}: {}", server.url, run.stderr);
            let key = job["key"].as_str().unwrap();
            assert!(
                run.stdout.starts_with(&format!("{key}: computed")),
                "{}",
                run.stdout
            );
        }
        let plan = server.ladder(site.path(), &["plan"]);
        assert_eq!(plan.stdout.lines().count(), jobs.len(), "{}", plan.stdout);
        assert!(
            plan.stdout.lines().all(|l| l.contains("  store  ")),
            "{}",
            plan.stdout
        );
        let missing = server.ladder(site.path(), &["plan", "--missing"]);
        assert_eq!(missing.stdout, "", "{}", server.url);

        let run = server.ladder(site.path(), &["build"]);
        assert_eq!(counts(built(&run)).0, 0, "{}: {}", server.url, run.stdout);
        assert_eq!(tree(&site.path().join("site")), expected, "{}", server.url);
        let plan = server.ladder(site.path(), &["plan"]);
        assert!(
            plan.stdout.lines().all(|l| l.contains("  figures  ")),
            "{}",
            plan.stdout
        );

        // A key the site has no job for, and a plan's index past its end.
        let run = server.ladder(site.path(), &["compute", "blocked-board-0000000000000000"]);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains("`ladder plan` lists"), "{}", run.stderr);
        let run = server.ladder(
            site.path(),
            &["compute", "--plan", file.to_str().unwrap(), "--index", "99"],
        );
        assert_eq!(run.code, 2, "{}", run.stderr);
    }
}

#[test]
fn a_damaged_object_in_the_store_is_one_warning_and_recomputed_never_trusted() {
    let expected = local_site("basic");
    for server in stores() {
        let first = fixture("basic");
        let run = server.ladder(first.path(), &["build", "--store-write"]);
        quiet(&run);
        let objects = server.objects();
        let runs: Vec<&PathBuf> = objects
            .keys()
            .filter(|p| p.to_string_lossy().matches('.').count() == 2)
            .collect();
        assert!(runs.len() >= 2, "{}: {:?}", server.url, objects.keys());
        let (a, b) = (runs[0], runs[1]);
        let text = String::from_utf8(objects[a].clone()).unwrap();
        let damages: [(&str, Vec<u8>); 3] = [
            ("truncated", objects[a][..objects[a].len() / 2].to_vec()),
            ("another key's bytes", objects[b].clone()),
            // The data edited, its hash kept.
            (
                "a bad hash",
                text.replacen("\"rows\":", "\"rows\":1", 1).into_bytes(),
            ),
        ];
        for (what, bytes) in damages {
            assert_ne!(bytes, objects[a], "{what}");
            let path = server.objects.join(a);
            std::fs::write(&path, &bytes).unwrap();
            let site = fixture("basic");
            let run = server.ladder(site.path(), &["build", "--store-write"]);
            let (computed, _) = counts(built(&run));
            assert_eq!(computed, 1, "{} {what}: {}", server.url, run.stdout);
            let warnings = warnings(&run.stderr);
            assert_eq!(warnings.len(), 1, "{} {what}: {}", server.url, run.stderr);
            assert!(
                warnings[0].starts_with("warning: figure artifact")
                    && warnings[0].contains(&server.url)
                    && warnings[0].contains(&a.to_string_lossy().to_string()),
                "{} {what}: {}",
                server.url,
                run.stderr
            );
            assert_eq!(tree(&site.path().join("site")), expected, "{what}");
            // What the build recomputed it uploaded: the object is whole again.
            assert_eq!(std::fs::read(&path).unwrap(), objects[a], "{what}");
        }
    }
}

#[test]
fn a_store_that_is_down_is_one_warning_and_the_build_goes_on_unless_required() {
    let expected = local_site("basic");
    let port = free_port();
    for url in [
        format!("http://127.0.0.1:{port}/figs"),
        "s3://ladder/figs".to_string(),
    ] {
        let env = s3_env(port, SECRET_KEY);
        let run =
            |site: &Path, flag| ladder_with_env(&["build", flag, "--store", &url], site, &env);
        let site = fixture("basic");
        let out = run(site.path(), "--store-write");
        let stderr = &out.stderr;
        assert_eq!(out.code, 0, "{stderr}");
        let warnings = warnings(stderr);
        assert_eq!(warnings.len(), 1, "{stderr}");
        assert!(
            warnings[0].starts_with(&format!("warning: figure store {url} failed")),
            "{stderr}"
        );
        assert_eq!(tree(&site.path().join("site")), expected);

        let site = fixture("basic");
        let out = run(site.path(), "--store-required");
        let stderr = &out.stderr;
        assert_eq!(out.code, 3, "{stderr}");
        assert!(
            stderr.contains(&format!("figure store {url} failed")),
            "{stderr}"
        );
        assert!(!site.path().join("site").exists());
    }
}

#[test]
fn wrong_credentials_are_a_clear_error_naming_the_store_never_the_secret() {
    let server = s3();
    let wrong = "wr0ng-s3cr3t-n0t-t0-pr1nt";
    let port = server.port.unwrap();
    let site = fixture("basic");
    let run = server.ladder_with(
        site.path(),
        &["build", "--store-write"],
        &s3_env(port, wrong),
    );
    built(&run);
    let lines = warnings(&run.stderr);
    assert_eq!(lines.len(), 1, "{}", run.stderr);
    assert!(
        lines[0].contains("figure store s3://ladder/figs failed"),
        "{}",
        run.stderr
    );
    let site = fixture("basic");
    let run = server.ladder_with(
        site.path(),
        &["build", "--store-required"],
        &s3_env(port, wrong),
    );
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(
        run.stderr.contains("figure store s3://ladder/figs"),
        "{}",
        run.stderr
    );
    for run in [&run] {
        for secret in [wrong, SECRET_KEY] {
            assert!(!run.stderr.contains(secret) && !run.stdout.contains(secret));
        }
    }
    assert!(server.objects().is_empty());
}

#[test]
fn two_builds_uploading_the_same_keys_at_once_leave_one_whole_object_each() {
    for server in stores() {
        let sites = [fixture("basic"), fixture("basic")];
        let runs: Vec<Run> = std::thread::scope(|s| {
            let handles: Vec<_> = sites
                .iter()
                .map(|site| s.spawn(|| server.ladder(site.path(), &["build", "--store-write"])))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for run in &runs {
            quiet(run);
        }
        let figures = artifacts(sites[0].path());
        assert_eq!(figures, artifacts(sites[1].path()));
        assert_eq!(stored(&server), figures, "{}", server.url);
    }
}

/// A task killed halfway through an upload, its connection cut with half an
/// object's body sent (a [`Proxy`] holds the rest), leaves no object that a
/// build trusts: S3 makes an object only of a whole `PUT`, and Apache's
/// `mod_dav_fs` writes to a temporary file that it renames only then (and
/// removes when the body is cut short). Every object in the store is whole,
/// the one cut is absent, and a build from an empty `figures/` fetches what
/// is whole and computes the rest, writing the site a local build does. A
/// folder store (`file:///`) is left out: `object_store` writes a temporary
/// file there and renames it, but a local write cannot be held halfway to
/// kill the task in it.
#[test]
fn a_task_killed_mid_upload_leaves_no_partial_object_and_a_build_computes_it() {
    const WAIT: Duration = Duration::from_secs(20);
    let local = fixture("basic");
    built(&crate::common::ladder(&["build"], local.path()));
    let (expected, figures) = (tree(&local.path().join("site")), artifacts(local.path()));
    for server in [s3(), dav()] {
        let site = fixture("basic");
        let plan = server.ladder(site.path(), &["plan", "--missing", "--json"]);
        let plan: serde_json::Value = serde_json::from_str(&plan.stdout).unwrap();
        let keys: Vec<&str> = plan["jobs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|job| job["key"].as_str().unwrap())
            .collect();
        assert!(keys.len() >= 2, "{plan}");
        // A first task uploads whole (and makes the store's folder).
        let run = server.ladder(site.path(), &["compute", keys[0], "--store-write"]);
        assert_eq!(run.code, 0, "{}: {}", server.url, run.stderr);
        let whole = server.objects();

        let proxy = Proxy::to(server.port.unwrap(), AtPut::Hold);
        let (url, env) = proxy.front(&server);
        let args = ["compute", keys[1], "--store-write", "--store", &url];
        let mut task = ladder_command(&args, site.path(), &env)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let held = proxy.held(WAIT);
        task.kill().unwrap();
        task.wait().unwrap();
        proxy.closed(WAIT);

        // Apache read the cut body and refused it; S3 logs nothing to read.
        if server.access_log.is_some() {
            let put = format!("PUT {held} 400");
            assert_eq!(server.logged().last(), Some(&put), "{}", server.url);
        }
        // No object (nor a temporary file) of the cut upload; the first
        // task's kept, and whole.
        let objects = server.objects();
        let name = Path::new(held.rsplit('/').next().unwrap());
        assert!(!objects.contains_key(name), "{}: {held}", server.url);
        assert!(objects == whole, "{}: {:?}", server.url, objects.keys());
        for (name, bytes) in stored(&server) {
            assert_eq!(Some(&bytes), figures.get(&name), "{}: {name:?}", server.url);
        }

        let fresh = fixture("basic");
        let run = server.ladder(fresh.path(), &["build"]);
        // The first task's figure fetched, the others computed.
        let counted = counts(built(&run));
        assert_eq!(
            counted,
            (keys.len() - 1, 1),
            "{}: {}",
            server.url,
            run.stdout
        );
        quiet(&run);
        assert_eq!(tree(&fresh.path().join("site")), expected, "{}", server.url);
        assert_eq!(artifacts(fresh.path()), figures, "{}", server.url);
    }
}

/// A store that goes down mid-build: the build's lookups reach it (an empty
/// store: each is a miss), then a [`Proxy`] cuts its first upload halfway and
/// closes every connection after, as a server that went down would. The
/// build goes on from `figures/`: one warning naming the store (never its
/// secret), the site a local build writes, every artifact in `figures/`;
/// the server holds no object, the cut one included. With
/// `--store-required` the same build fails (exit 3) and writes no site.
#[test]
fn a_store_that_goes_down_mid_build_is_one_warning_and_leaves_no_partial_object() {
    const WAIT: Duration = Duration::from_secs(20);
    let local = fixture("basic");
    built(&crate::common::ladder(&["build"], local.path()));
    let (expected, figures) = (tree(&local.path().join("site")), artifacts(local.path()));
    for server in [s3(), dav()] {
        for required in [false, true] {
            let before = server.access_log.as_ref().map(|_| server.logged().len());
            let proxy = Proxy::to(server.port.unwrap(), AtPut::Down);
            let (url, env) = proxy.front(&server);
            let mut args = vec!["build", "--store-write", "--store", &url];
            args.extend(required.then_some("--store-required"));
            let site = fixture("basic");
            let run = ladder_with_env(&args, site.path(), &env);
            let held = proxy.held(WAIT);
            proxy.closed(WAIT);
            let (stdout, stderr) = (&run.stdout, &run.stderr);
            assert!(!stderr.contains(SECRET_KEY) && !stdout.contains(SECRET_KEY));
            // Apache answered each lookup (404), then read the cut body and
            // refused it; S3 logs nothing to read.
            if let Some(before) = before {
                let logged = server.logged().split_off(before);
                let (put, lookups) = logged.split_last().unwrap();
                assert_eq!(put, &format!("PUT {held} 400"), "{logged:?}");
                assert!(
                    !lookups.is_empty()
                        && lookups
                            .iter()
                            .all(|l| l.starts_with("GET ") && l.ends_with(" 404")),
                    "{logged:?}"
                );
            }
            assert!(stored(&server).is_empty(), "{}: {held}", server.url);
            let failed = format!("figure store {url} failed");
            if required {
                assert_eq!(run.code, 3, "{url}: {stderr}");
                assert!(stderr.contains(&failed), "{stderr}");
                assert!(!stderr.contains("went on"), "{stderr}");
                assert!(!site.path().join("site").exists());
                continue;
            }
            let (computed, fetched) = counts(built(&run));
            assert!(computed > 0 && fetched == 0, "{url}: {stdout}");
            let warnings = warnings(stderr);
            assert_eq!(warnings.len(), 1, "{url}: {stderr}");
            assert!(
                warnings[0].starts_with(&format!("warning: {failed}"))
                    && warnings[0]
                        .ends_with("the build went on from figures/, computing what it lacks"),
                "{stderr}"
            );
            assert_eq!(tree(&site.path().join("site")), expected, "{url}");
            assert_eq!(artifacts(site.path()), figures, "{url}");
        }
    }
}

/// The `  computed LABEL in T s` lines a command wrote: the jobs it ran.
fn ran(run: &Run) -> Vec<&str> {
    run.stderr
        .lines()
        .filter(|l| l.starts_with("  computed "))
        .collect()
}

#[test]
fn a_sweeps_shards_are_the_plans_jobs_and_a_build_merges_the_run_from_them() {
    let expected = local_site("sweep");
    for server in stores() {
        let site = fixture("sweep");
        let plan = server.ladder(site.path(), &["plan", "--missing", "--json"]);
        assert_eq!(plan.code, 0, "{}", plan.stderr);
        let parsed: serde_json::Value = serde_json::from_str(&plan.stdout).unwrap();
        let jobs = parsed["jobs"].as_array().unwrap();
        // The tables' shard and one a board, not the run they merge into.
        assert_eq!(jobs.len(), 4, "{}", plan.stdout);
        let run_key = jobs[0]["shard_of"].as_str().unwrap().to_string();
        assert!(jobs.iter().all(|j| j["shard_of"] == run_key.as_str()));
        assert!(jobs.iter().all(|j| j["key"] != run_key.as_str()));
        let file = site.path().join("plan.json");
        std::fs::write(&file, &plan.stdout).unwrap();
        let task = |index: usize| {
            let task = fixture("sweep");
            let plan = file.to_str().unwrap();
            let index = index.to_string();
            let args = [
                "compute",
                "--plan",
                plan,
                "--index",
                &index,
                "--store-write",
            ];
            let run = server.ladder(task.path(), &args);
            assert_eq!(run.code, 0, "{}: {}", server.url, run.stderr);
            assert_eq!(ran(&run).len(), 1, "{}", run.stderr);
        };
        for index in 0..jobs.len() - 1 {
            task(index);
        }

        // With three shards in the store, a build computes the fourth only.
        let run = server.ladder(site.path(), &["build"]);
        assert_eq!(counts(quiet(&run)), (1, 0), "{}", run.stdout);
        assert_eq!(ran(&run).len(), 1, "{}: {}", server.url, run.stderr);
        assert_eq!(tree(&site.path().join("site")), expected, "{}", server.url);

        // With all four, a clean checkout computes nothing.
        task(jobs.len() - 1);
        let clean = fixture("sweep");
        let run = server.ladder(clean.path(), &["build"]);
        assert_eq!(counts(quiet(&run)), (0, 1), "{}", run.stdout);
        assert!(ran(&run).is_empty(), "{}", run.stderr);
        assert_eq!(tree(&clean.path().join("site")), expected, "{}", server.url);
        let plan = server.ladder(clean.path(), &["plan"]);
        assert_eq!(plan.stdout.lines().count(), 1, "{}", plan.stdout);
        assert!(plan.stdout.starts_with(&format!("{run_key}  figures ")));
        // `ladder clean` keeps the shards' artifacts: a build merges from them.
        let cleaned = crate::common::ladder(&["clean", "--dry-run"], clean.path());
        assert!(
            cleaned.stdout.starts_with("would remove 0 files"),
            "{}",
            cleaned.stdout
        );

        // `ladder compute` of a job figures/ holds puts it in the store,
        // its run and its drawing, byte for byte.
        let of_run = |tree: Tree| -> Tree {
            tree.into_iter()
                .filter(|(p, _)| p.to_string_lossy().starts_with(&format!("{run_key}.")))
                .collect()
        };
        assert!(of_run(stored(&server)).is_empty());
        let run = server.ladder(clean.path(), &["compute", &run_key, "--store-write"]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.starts_with(&format!("{run_key}: in figures/")));
        let kept = of_run(artifacts(clean.path()));
        assert_eq!(kept.len(), 2);
        assert_eq!(of_run(stored(&server)), kept, "{}", server.url);
    }
}
