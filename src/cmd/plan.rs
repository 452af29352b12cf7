//! `ladder plan`: the site's jobs as a plan of the work, so that any batch
//! engine (a Slurm job array, a Kubernetes Indexed Job) can run one job a
//! task ([`super::compute`]), each putting its artifacts in `figures/` and
//! the figure store, and a build then computes nothing.
//!
//! A job is named by its key: its artifact's stem (`NAME-HASH`, the
//! generator and a hash of its parameters). The plan's JSON
//! ([`crate::figures::plan::Plan`]) also holds the fingerprint of the solver
//! code that computes it, which `ladder compute --plan` checks.
//!
//! It imports the site's jobs, the figure engine's plan, [`super::build`]
//! (the store's arguments and the report of content errors) and
//! [`super::exit`].

use super::build::{StoreArgs, report};
use super::exit::CONTENT_ERROR;
use crate::figures::plan::{Entry, Plan, planned};
use crate::figures::{Cache, Job};
use crate::site::{self, Failure, Options};
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

/// The site's jobs and the cache, or the exit code of a failure reported.
pub(super) fn jobs(opts: &Options) -> anyhow::Result<Result<(Vec<Job>, Cache), ExitCode>> {
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
