//! The plan of a site's figure work and choosing jobs from it: the plan's
//! JSON schema ([`Plan`], what `ladder plan --json` writes and `ladder
//! compute --plan` reads), the plan's jobs ([`planned`]: each run held, or
//! the shards of one that splits), and the jobs a compute is asked for
//! ([`choose`]), so that any batch engine can run one job a task. It imports
//! the jobs and the cache (`super`).

use super::{Cache, Job, Key, Place};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

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
    /// The entry of a planned job.
    pub fn of((job, held, shard_of): &Planned) -> Entry {
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
pub type Planned = (Job, Option<Place>, Option<String>);

/// The plan's jobs, in the order the essays first name them: each run
/// `figures/` or the store holds, and each other run's shards when it
/// splits ([`Job::shards`]: a batch engine then computes the shards, and a
/// build merges the run from them), else the run itself. A job is listed
/// once, however many runs share it.
pub fn planned(jobs: Vec<Job>, cache: &Cache) -> Vec<Planned> {
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

/// A job's key, with the fingerprint a plan names for it.
pub type Wanted = (String, Option<String>);

/// The jobs `wanted` names among the site's `jobs` and their shards (a plan
/// lists shards too); `Err` a usage error's message: a key the site has no
/// job of, or a job planned with other solver code.
pub fn choose(jobs: Vec<Job>, wanted: Vec<Wanted>) -> Result<Vec<Job>, String> {
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
            return Err(format!(
                "no job `{key}` in this site; `ladder plan` lists its jobs"
            ));
        };
        if fingerprint.is_some_and(|f| f != job.key.fingerprint) {
            return Err(format!(
                "the plan's job `{key}` was planned with other solver code; run `ladder plan \
                 --json` again with this ladder"
            ));
        }
        chosen.push(job.clone());
    }
    Ok(chosen)
}
