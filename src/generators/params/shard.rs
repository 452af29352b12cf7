//! The parameters of a shard: a run's parameters with some values changed
//! ([`Params::with`]), each validated as a directive's.

use super::{ParamError, Params, describe_params};
use crate::generators::Spec;
use std::collections::BTreeMap;

impl Params {
    /// These parameters with some values changed, given as (name, TOML
    /// value) and validated as a directive's are: the parameters of a shard
    /// (see [`crate::generators::Sharding`]). A limit these raised stays raised only
    /// when the changed parameters measure past its maximum, so that a
    /// shard's parameters, and its artifact, do not depend on a raise its
    /// part does not need.
    pub fn with(
        &self,
        spec: &'static Spec,
        changes: &[(&str, toml::Value)],
    ) -> Result<Params, Vec<ParamError>> {
        let mut values = self.values.clone();
        let mut errors = Vec::new();
        for (name, value) in changes {
            match spec.params.iter().find(|p| p.name == *name) {
                Some(param) => match param.kind.parse(param.name, value) {
                    Ok(v) => {
                        values.insert(param.name, v);
                    }
                    Err(e) => errors.push(e),
                },
                None => errors.push(ParamError::Unknown {
                    generator: spec.name,
                    name: (*name).to_string(),
                    allowed: describe_params(spec),
                }),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut changed = Params {
            values,
            raised: BTreeMap::new(),
        };
        for limit in spec.limits {
            let key = limit.raise_key();
            if let Some(&max) = self.raised.get(&key)
                && (limit.measure)(&changed).map_or(true, |measured| measured > limit.max)
            {
                changed.raised.insert(key, max);
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use crate::generators::{Params, find};

    #[test]
    fn changed_parameters_are_validated_and_keep_a_raise_only_where_needed() {
        let spec = find("split-census").unwrap().spec();
        let raised = [("rows", "5"), ("cols", "6"), ("max_cells", "30")];
        let raised = Params::from_text(spec, &raised).unwrap();
        let int = toml::Value::Integer;
        // 5 x 6 = 30 cells needs the raise; 4 x 6 = 24 does not.
        let same = raised.with(spec, &[("cols", int(6))]).unwrap();
        assert_eq!(same, raised);
        let four = raised.with(spec, &[("rows", int(4))]).unwrap();
        assert_eq!(
            four,
            Params::from_text(spec, &[("rows", "4"), ("cols", "6")]).unwrap()
        );
        spec.check_limits(&four).unwrap();
        let errors = raised
            .with(spec, &[("rows", int(21)), ("colour", int(1))])
            .unwrap_err();
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].starts_with("parameter `rows` expects integer in 1..=20, found 21"));
        assert!(errors[1].starts_with("generator `split-census` has no parameter `colour`"));
    }
}
