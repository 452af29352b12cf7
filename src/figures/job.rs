//! What a figure is: a job to run (a generator and its parameters, and the
//! views the essays show), its key (the artifact's file stem and the
//! fingerprint of the code that computes it), and what a run gives.
//!
//! It imports only the generators and the fingerprints: the cache and the
//! computation import it.

use crate::draw::Rendered;
use crate::figures::code;
use crate::generators::{Check, Data, Generator, Params};
use std::collections::{BTreeMap, BTreeSet};

/// A figure's identity.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The artifact's file stem: the generator's name and a hash of the parameters.
    pub stem: String,
    /// The fingerprint of the code that computes the figure.
    pub fingerprint: String,
}

/// One generator run to do.
#[derive(Clone)]
pub struct Job {
    /// The generator to run.
    pub generator: &'static dyn Generator,
    /// Its parameters.
    pub params: Params,
    /// The views the essays show: only these are drawn.
    pub views: BTreeSet<&'static str>,
    /// What identifies the run (and names its artifact).
    pub key: Key,
}

/// How many characters of a parameter a job's label shows.
const LABEL_VALUE: usize = 60;

impl Job {
    /// A job showing no view yet.
    pub fn new(generator: &'static dyn Generator, params: Params) -> Job {
        let name = generator.spec().name;
        let hash = blake3::hash(format!("{name}\n{}", params.to_toml()).as_bytes());
        let key = Key {
            stem: format!("{name}-{}", &hash.to_hex()[..16]),
            fingerprint: code::solver(generator).to_string(),
        };
        Job {
            generator,
            params,
            views: BTreeSet::new(),
            key,
        }
    }

    /// The jobs of this run's shards ([`Generator::sharding`]), in the
    /// order its merge takes them, each showing no view: empty when the run
    /// is one job.
    pub fn shards(&self) -> Vec<Job> {
        self.generator
            .sharding()
            .map(|sharding| {
                sharding
                    .split(&self.params)
                    .into_iter()
                    .map(|params| Job::new(self.generator, params))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The artifact's file stem.
    pub fn stem(&self) -> &str {
        &self.key.stem
    }

    /// The generator and the parameters that differ from its defaults (what
    /// the essay wrote), each value cut to 60 characters, for people.
    pub fn label(&self) -> String {
        let spec = self.generator.spec();
        let defaults = Params::defaults(spec)
            .map(|d| d.to_toml())
            .unwrap_or_default();
        let defaults: BTreeSet<&str> = defaults.lines().collect();
        let toml = self.params.to_toml();
        let set: Vec<String> = toml
            .lines()
            .filter(|line| !defaults.contains(line))
            .map(|line| match line.char_indices().nth(LABEL_VALUE) {
                Some((cut, _)) => format!("{}…", &line[..cut]),
                None => line.to_string(),
            })
            .collect();
        if set.is_empty() {
            format!("{} (its defaults)", spec.name)
        } else {
            format!("{} ({})", spec.name, set.join(", "))
        }
    }
}

/// What a generator run gave, with the views drawn so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The data the generator reported.
    pub data: Data,
    /// The hash of the data's text, which keys its drawings.
    pub data_hash: String,
    /// The identities it asserted, held or not.
    pub checks: Vec<Check>,
    /// The views drawn for the job, by name: `None` for a view these
    /// parameters give nothing to draw.
    pub views: BTreeMap<String, Option<Rendered>>,
}

impl Figure {
    /// Whether every identity it asserted holds.
    pub fn holds(&self) -> bool {
        self.checks.iter().all(|c| c.holds)
    }
}
