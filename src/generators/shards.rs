//! Shards: how a generator whose run is a union of independent parts (the
//! boards of a sweep, the bars of a walk) declares them, so that each part
//! can be computed as a job of its own and the run's data merged from theirs.
//!
//! This module owns [`Sharding`], which a generator states in
//! [`Solve::SHARDING`](super::Solve::SHARDING), and [`Shards`], the same
//! whatever the data's type, which [`Generator::sharding`](super::Generator::sharding)
//! gives the site. A
//! shard is a [`Params`] of the same generator, so it is a job like any
//! other, its artifact keyed by its generator, its parameters and its code:
//! two runs that share a part share its shard's artifact.

use super::{Check, Data, DataError, Output, Params};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A run's typed data with the identities it asserted: what a shard's run
/// returns, and what a merge returns.
pub type Ran<D> = (D, Vec<Check>);

/// How a run splits into shards and is merged back from them.
pub struct Sharding<D> {
    /// How a run splits, as `ladder generators` prints it.
    pub doc: &'static str,
    /// The shards of a run with these parameters, in a fixed order: each a
    /// valid [`Params`] of the same generator, within its limits when the
    /// run is (a raised limit kept only where the shard needs it, see
    /// [`Params::with`]). Empty when the run does not split: it is then one
    /// job.
    pub split: fn(&Params) -> Vec<Params>,
    /// The run's data and checks from its shards' runs, given in the order
    /// of `split` and exactly as many: byte for byte what the unsharded run
    /// returns, in one pass over the shards' data (their values are moved,
    /// never copied again).
    pub merge: fn(&Params, Vec<Ran<D>>) -> Ran<D>,
}

/// A generator's [`Sharding`] as the site sees it, whatever its data's type.
pub trait Shards: Sync {
    /// How a run splits, as `ladder generators` prints it.
    fn doc(&self) -> &'static str;

    /// The shards of a run with these parameters ([`Sharding::split`]):
    /// each a job of its own; empty when the run is one job.
    fn split(&self, params: &Params) -> Vec<Params>;

    /// The output of the run with these parameters, merged from the data
    /// (as the figure cache keeps them) and checks of its shards' runs, in
    /// the order of `split` ([`Sharding::merge`]); an error when they are not
    /// as many as its shards or a shard's data is not the generator's type.
    fn merge(&self, params: &Params, shards: Vec<(Data, Vec<Check>)>)
    -> Result<Output, MergeError>;
}

/// Why a run could not be merged from its shards' runs.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// Not as many shards' runs as the run splits into.
    #[error("the run splits into {expected} shards, but {given} were given to merge")]
    Count {
        /// How many shards the run splits into.
        expected: usize,
        /// How many runs were given.
        given: usize,
    },
    /// A shard's data is not the generator's data.
    #[error(transparent)]
    Data(#[from] DataError),
}

impl<D: Serialize + DeserializeOwned> Shards for Sharding<D> {
    fn doc(&self) -> &'static str {
        self.doc
    }

    fn split(&self, params: &Params) -> Vec<Params> {
        (self.split)(params)
    }

    fn merge(
        &self,
        params: &Params,
        shards: Vec<(Data, Vec<Check>)>,
    ) -> Result<Output, MergeError> {
        let expected = (self.split)(params).len();
        if expected == 0 || shards.len() != expected {
            return Err(MergeError::Count {
                expected,
                given: shards.len(),
            });
        }
        let typed = shards
            .into_iter()
            .map(|(data, checks)| Ok((data.typed::<D>()?, checks)))
            .collect::<Result<Vec<_>, DataError>>()?;
        let (data, checks) = (self.merge)(params, typed);
        Ok(Output::new(&data, checks))
    }
}

/// The test every sharding generator's merge passes: for each `(name, TOML
/// text)` parameters, the run's shards are valid, within the limits and
/// split no further, and their merged data and checks are byte-identical to
/// the unsharded run's; a run that does not split merges from nothing. Returns how many shards
/// each run split into.
#[cfg(test)]
pub(crate) fn assert_merges_to_the_run(
    generator: &dyn super::Generator,
    runs: &[&[(&str, &str)]],
) -> Vec<usize> {
    let spec = generator.spec();
    let mut counts = Vec::new();
    for pairs in runs {
        let params = Params::from_text(spec, pairs).unwrap();
        spec.check_limits(&params).unwrap();
        let sharding = generator.sharding().expect("the generator shards");
        let shards = sharding.split(&params);
        counts.push(shards.len());
        if shards.is_empty() {
            assert!(sharding.merge(&params, Vec::new()).is_err(), "{pairs:?}");
            continue;
        }
        let whole = generator.run(&params);
        let outputs = shards
            .iter()
            .map(|shard| {
                spec.check_limits(shard)
                    .unwrap_or_else(|e| panic!("{}: a shard past its limits: {e}", spec.name));
                // A shard is one job: the site never splits it again.
                assert!(
                    sharding.split(shard).is_empty(),
                    "{}: a shard splits",
                    spec.name
                );
                let out = generator.run(shard);
                (Data::from_value(out.data).unwrap(), out.checks)
            })
            .collect();
        let merged = sharding.merge(&params, outputs).unwrap();
        let text = |v: &serde_json::Value| Data::from_value(v.clone()).unwrap().text();
        assert_eq!(
            text(&merged.data),
            text(&whole.data),
            "{}: merged data of {pairs:?}",
            spec.name
        );
        assert_eq!(
            serde_json::to_string(&merged.checks).unwrap(),
            serde_json::to_string(&whole.checks).unwrap(),
            "{}: merged checks of {pairs:?}",
            spec.name
        );
    }
    counts
}
