//! `ladder plan` and `ladder compute`: the site's jobs as a plan of the work,
//! and computing chosen jobs of it, so that any batch engine (a Slurm job
//! array, a Kubernetes Indexed Job) can run one job a task, each putting its
//! artifacts in `figures/` and the figure store, and a build then computes
//! nothing.
//!
//! A job is named by its key: its artifact's stem (`NAME-HASH`, the
//! generator and a hash of its parameters). The plan's JSON also holds the
//! fingerprint of the solver code that computes it, which `ladder compute
//! --plan` checks: a plan made by other code is refused, not computed wrongly.
//!
//! It imports the site's jobs and figure cache, [`super::build`] (the store's
//! arguments and the report of content errors), [`super::progress`] and
//! [`super::exit`].

use super::build::{StoreArgs, report};
use super::exit::{CONTENT_ERROR, USAGE_ERROR};
use super::progress;
use crate::site::diagnostics::escaped;
use crate::site::figures::{self, Cache, Job, Key, Memory, Origin, Place};
use crate::site::read::Unread;
use crate::site::{self, Failure, Options};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct PlanArgs {
    /// The folder holding content/, templates/ and figures/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// List only the jobs neither figures/ nor the store holds.
    #[arg(long)]
    missing: bool,
    /// Print the plan as JSON (what `ladder compute --plan` reads).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    store: StoreArgs,
}

#[derive(clap::Args)]
pub struct ComputeArgs {
    /// The keys of the jobs to compute, as `ladder plan` prints them.
    #[arg(required_unless_present = "plan", conflicts_with = "plan")]
    keys: Vec<String>,
    /// A plan written by `ladder plan --json`: compute its job at `--index`.
    #[arg(long, value_name = "FILE", requires = "index")]
    plan: Option<PathBuf>,
    /// Which job of the plan to compute, from 0 (a batch engine's task
    /// index, such as `$SLURM_ARRAY_TASK_ID`).
    #[arg(long, value_name = "N", requires = "plan")]
    index: Option<usize>,
    /// The folder holding content/, templates/ and figures/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    #[command(flatten)]
    store: StoreArgs,
    /// Upload the artifacts to the figure store (`[store] write = true`).
    #[arg(long)]
    store_write: bool,
}

/// The plan's JSON: its jobs, in the order the essays first name them.
#[derive(Serialize, Deserialize)]
pub struct Plan {
    /// The jobs.
    pub jobs: Vec<Entry>,
}

/// One job of a plan.
#[derive(Serialize, Deserialize)]
pub struct Entry {
    /// Its key: the artifact's stem.
    pub key: String,
    /// The fingerprint of the solver code that computes it.
    pub fingerprint: String,
    /// The generator.
    pub generator: String,
    /// Its parameters, every one.
    pub params: serde_json::Value,
    /// What the generator's limits measure of these parameters: its
    /// declared cost.
    pub cost: Vec<Cost>,
    /// Where it is held: `figures`, `store`, or nowhere (`null`).
    pub held: Option<String>,
    /// For a shard, the key of the run merged from it (a build merges the
    /// run once its shards are held); `null` for a run.
    pub shard_of: Option<String>,
}

/// A limit's measure of a job's parameters, and the most it allows.
#[derive(Serialize, Deserialize)]
pub struct Cost {
    /// The limit.
    pub limit: String,
    /// Its measure of the parameters.
    pub measure: u128,
    /// The most it allows.
    pub max: u128,
}

impl Entry {
    fn of((job, held, shard_of): &Planned) -> Entry {
        let held = *held;
        let spec = job.generator.spec();
        Entry {
            key: job.stem().to_string(),
            fingerprint: job.key.fingerprint.clone(),
            generator: spec.name.to_string(),
            params: serde_json::to_value(&job.params).unwrap_or_default(),
            cost: spec
                .limits
                .iter()
                .filter_map(|l| {
                    Some(Cost {
                        limit: l.name.to_string(),
                        measure: (l.measure)(&job.params).ok()?,
                        max: l.max,
                    })
                })
                .collect(),
            held: held.map(|p| match p {
                Place::Figures => "figures".into(),
                Place::Store => "store".into(),
            }),
            shard_of: shard_of.clone(),
        }
    }
}

/// A job of the plan, where it is held, and for a shard the key of its run.
type Planned = (Job, Option<Place>, Option<String>);

/// The plan's jobs, in the order the essays first name them: each run
/// `figures/` or the store holds, and each other run's shards when it
/// splits ([`Job::shards`]: a batch engine then computes the shards, and a
/// build merges the run from them), else the run itself. A job is listed
/// once, however many runs share it.
fn planned(jobs: Vec<Job>, cache: &Cache) -> Vec<Planned> {
    let held = cache.held(&jobs);
    let mut seen: HashSet<Key> = jobs.iter().map(|j| j.key.clone()).collect();
    let mut planned: Vec<Planned> = Vec::new();
    for (job, held) in jobs.into_iter().zip(held) {
        let shards = if held.is_none() {
            job.shards()
        } else {
            Vec::new()
        };
        let run = job.stem().to_string();
        if shards.is_empty() {
            planned.push((job, held, None));
        }
        for shard in shards {
            if seen.insert(shard.key.clone()) {
                planned.push((shard, None, Some(run.clone())));
            }
        }
    }
    let shards: Vec<usize> = (0..planned.len())
        .filter(|&i| planned[i].2.is_some())
        .collect();
    let jobs: Vec<Job> = shards.iter().map(|&i| planned[i].0.clone()).collect();
    for (i, held) in shards.into_iter().zip(cache.held(&jobs)) {
        planned[i].1 = held;
    }
    planned
}

/// The site's jobs and the cache, or the exit code of a failure reported.
fn jobs(opts: &Options) -> anyhow::Result<Result<(Vec<Job>, site::figures::Cache), ExitCode>> {
    match site::jobs(opts) {
        Ok(found) => Ok(Ok(found)),
        Err(Failure::Content(errors, _)) => {
            report(&errors);
            Ok(Err(ExitCode::from(CONTENT_ERROR)))
        }
        Err(Failure::Io(e)) => Err(e),
    }
}

pub fn plan(args: PlanArgs) -> anyhow::Result<ExitCode> {
    let opts = Options {
        write: false,
        store: args.store.options(false),
        ..Options::new(args.root)
    };
    let (jobs, cache) = match jobs(&opts)? {
        Ok(found) => found,
        Err(code) => return Ok(code),
    };
    let planned = planned(jobs, &cache);
    if let Some(failure) = cache.required_failure() {
        anyhow::bail!(failure);
    }
    if let Some(failure) = cache.store.as_ref().and_then(|s| s.finish()) {
        err!("warning: {failure}; the plan marks missing what only the store may hold");
    }
    let entries: Vec<(&Job, Entry)> = planned
        .iter()
        .filter(|(_, held, _)| !args.missing || held.is_none())
        .map(|planned| (&planned.0, Entry::of(planned)))
        .collect();
    if args.json {
        let plan = Plan {
            jobs: entries.into_iter().map(|(_, e)| e).collect(),
        };
        out!("{}", serde_json::to_string_pretty(&plan)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    for (job, entry) in entries {
        let cost: Vec<String> = entry
            .cost
            .iter()
            .map(|c| format!("{} {} of {}", c.limit, c.measure, c.max))
            .collect();
        let cost = if cost.is_empty() {
            String::new()
        } else {
            format!(" [{}]", cost.join(", "))
        };
        let held = entry.held.as_deref().unwrap_or("missing");
        let shard = entry
            .shard_of
            .map(|run| format!(" (a shard of {run})"))
            .unwrap_or_default();
        out!("{}  {held}  {}{cost}{shard}", entry.key, job.label())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A job's key, with the fingerprint a plan names for it.
type Wanted = (String, Option<String>);

/// The jobs `ladder compute` is to compute; `Err` a usage error's message.
fn wanted(args: &ComputeArgs) -> Result<Vec<Wanted>, String> {
    let (Some(file), Some(index)) = (&args.plan, args.index) else {
        return Ok(args.keys.iter().map(|k| (k.clone(), None)).collect());
    };
    let bytes = match site::read::read_named(file, site::read::PLAN) {
        Ok(bytes) => bytes,
        Err(Unread::Missing) => return Err(format!("the plan {} is missing", file.display())),
        Err(Unread::Refused(why)) => return Err(format!("the plan {}: {why}", file.display())),
    };
    let plan: Plan = match serde_json::from_slice(&bytes) {
        Ok(plan) => plan,
        Err(e) => {
            return Err(format!(
                "{}: not a plan written by `ladder plan --json` ({e})",
                file.display()
            ));
        }
    };
    match plan.jobs.into_iter().nth(index) {
        Some(entry) => Ok(vec![(entry.key, Some(entry.fingerprint))]),
        None => Err(format!(
            "{} has no job {index} (its jobs are numbered from 0)",
            file.display()
        )),
    }
}

pub fn compute(args: ComputeArgs) -> anyhow::Result<ExitCode> {
    let usage = |msg: String| {
        err!("error: {msg}");
        Ok(ExitCode::from(USAGE_ERROR))
    };
    let wanted = match wanted(&args) {
        Ok(wanted) => wanted,
        Err(msg) => return usage(msg),
    };
    let opts = Options {
        store: args.store.options(args.store_write),
        ..Options::new(args.root)
    };
    let (jobs, cache) = match jobs(&opts)? {
        Ok(found) => found,
        Err(code) => return Ok(code),
    };
    // A run's shards are jobs too: a plan lists them.
    let jobs: Vec<Job> = jobs
        .into_iter()
        .flat_map(|job| {
            let shards = job.shards();
            std::iter::once(job).chain(shards)
        })
        .collect();
    let mut chosen = Vec::new();
    for (key, fingerprint) in wanted {
        let Some(job) = jobs.iter().find(|j| j.stem() == key) else {
            return usage(format!(
                "no job `{}` in this site; `ladder plan` lists its jobs",
                escaped(&key, "")
            ));
        };
        if fingerprint.is_some_and(|f| f != job.key.fingerprint) {
            return usage(format!(
                "the plan's job `{key}` was planned with other solver code; run `ladder plan \
                 --json` again with this ladder"
            ));
        }
        chosen.push(job.clone());
    }
    let results = figures::compute(&chosen, &cache, &mut Memory::new(), &*progress::reporter());
    // What figures/ held already goes to the store too.
    let found: Vec<Job> = chosen
        .iter()
        .zip(&results)
        .filter(|(_, r)| {
            r.as_ref()
                .is_ok_and(|got| matches!(got.origin, Origin::Reused | Origin::Memory))
        })
        .map(|(job, _)| job.clone())
        .collect();
    let shared = cache.share(&found);
    if let Some(failure) = cache.required_failure() {
        anyhow::bail!(failure);
    }
    if let Some(failure) = shared {
        err!("warning: {failure}; what figures/ held was not put in the store");
    }
    let mut code = ExitCode::SUCCESS;
    for (job, result) in chosen.iter().zip(results) {
        match result {
            Ok(got) if got.figure.holds() => {
                let how = match got.origin {
                    Origin::Computed { .. } => "computed",
                    Origin::Fetched => "in the store",
                    Origin::Reused | Origin::Memory => "in figures/",
                };
                out!("{}: {how}: {}", job.stem(), job.label())?;
            }
            Ok(got) => {
                let failing: Vec<&str> = got
                    .figure
                    .checks
                    .iter()
                    .filter(|c| !c.holds)
                    .map(|c| c.name.as_str())
                    .collect();
                err!(
                    "error: {}: {}: identities fail: {}; nothing kept",
                    job.stem(),
                    job.label(),
                    failing.join(", ")
                );
                code = ExitCode::from(CONTENT_ERROR);
            }
            Err(e) => {
                err!("error: {}: {e}", job.stem());
                code = ExitCode::from(CONTENT_ERROR);
            }
        }
    }
    Ok(code)
}
