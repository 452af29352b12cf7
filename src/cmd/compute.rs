//! `ladder compute`: computing chosen jobs of the site (by key, or one job
//! of a plan that `ladder plan --json` wrote) into `figures/` and the figure
//! store, so that a batch engine runs one job a task and a build then
//! computes nothing. A plan's job names the fingerprint of the solver code
//! that planned it: a plan made by other code is refused, not computed
//! wrongly.
//!
//! It imports the figure engine, [`super::plan`] (the site's jobs),
//! [`super::build`] (the store's arguments), [`super::progress`],
//! [`super::exit`] and the site's bounded reader and escaping of controls.

use super::build::StoreArgs;
use super::exit::{CONTENT_ERROR, USAGE_ERROR};
use super::plan::jobs;
use super::progress;
use crate::figures::plan::{Plan, Wanted, choose};
use crate::figures::{self, Job, Memory, Origin};
use crate::site::Options;
use crate::site::diagnostics::escaped;
use crate::site::read::{PLAN, Unread, read_named};
use std::path::PathBuf;
use std::process::ExitCode;

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

/// The jobs `ladder compute` is to compute; `Err` a usage error's message.
/// A plan is read as every other input is: a regular file, bounded.
fn wanted(args: &ComputeArgs) -> Result<Vec<Wanted>, String> {
    let (Some(file), Some(index)) = (&args.plan, args.index) else {
        return Ok(args.keys.iter().map(|k| (k.clone(), None)).collect());
    };
    let bytes = match read_named(file, PLAN) {
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
    // A key comes from the command line or a plan: never print its
    // controls raw.
    let usage = |msg: String| {
        err!("error: {}", escaped(&msg, ""));
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
    let chosen = match choose(jobs, wanted) {
        Ok(chosen) => chosen,
        Err(msg) => return usage(msg),
    };
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
