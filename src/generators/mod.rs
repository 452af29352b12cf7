//! Generators: programs that run a solver, return data, assert the identities a
//! figure's caption states and draw the figure.
//!
//! This module owns the [`Generator`] trait, the typed parameters every generator
//! declares ([`Param`], validated into [`Params`]), what a run returns
//! ([`Output`], [`Check`], [`Data`]) and the one [`REGISTRY`]. Each generator
//! lives in its own file or folder and uses the games in [`crate::games`]; the
//! figure vocabulary its views are drawn in is [`draw`].
//!
//! A run computes data and checks; its views are drawn from that data alone, in
//! a separate step ([`Generator::draw`]), so the site caches them apart: a
//! drawing change redraws without rerunning a solver. A generator with a
//! folder keeps its views in `views.rs`, fingerprinted apart from its solver.
//!
//! Generators do no file I/O and know nothing of essays: the site pipeline
//! decides where their data and drawings go.

pub mod blocked_board;
pub mod chomp_needles;
pub mod draw;
pub mod hackenbush_fusion;
pub mod pairing_sweep;
pub mod run_intervals;
pub mod split_census;
pub mod sylver_proofs;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::fmt;

/// Every generator the tool knows, in the order `ladder generators` lists them.
pub static REGISTRY: &[&dyn Generator] = &[
    &blocked_board::BlockedBoard,
    &split_census::SplitCensus,
    &run_intervals::RunIntervals,
    &pairing_sweep::PairingSweep,
    &chomp_needles::ChompNeedles,
    &sylver_proofs::SylverProofs,
    &hackenbush_fusion::HackenbushFusion,
];

/// Looks a generator up by name.
pub fn find(name: &str) -> Option<&'static dyn Generator> {
    REGISTRY.iter().copied().find(|g| g.spec().name == name)
}

/// The static description of a generator: what `ladder generators` prints and
/// what the pipeline validates a directive against.
pub struct Spec {
    /// The name essays use in `generator = "..."`.
    pub name: &'static str,
    pub description: &'static str,
    pub params: &'static [Param],
    /// The data keys a run returns, as dotted paths (`parts.N` for arrays).
    pub keys: &'static [Doc],
    /// The identities a run asserts.
    pub identities: &'static [Doc],
    /// The drawings a run makes; the first is the default view.
    pub views: &'static [Doc],
    /// The modules under `src/games/` whose code the results depend on. Their
    /// fingerprints (with the core's and the generator's own) key the figure cache.
    pub games: &'static [&'static str],
}

/// A name with its documentation.
pub struct Doc {
    pub name: &'static str,
    pub doc: &'static str,
}

/// One declared parameter.
pub struct Param {
    pub name: &'static str,
    pub doc: &'static str,
    pub kind: Kind,
    /// The default, written as a TOML value (`"4"`, `"[3]"`, `"[[2, 6]]"`).
    pub default: &'static str,
}

/// The type of a parameter and its allowed range.
pub enum Kind {
    /// An integer in `min..=max`.
    Int {
        min: i64,
        max: i64,
    },
    /// A list of at most `max_len` integers, each in `min..=max`.
    IntList {
        min: i64,
        max: i64,
        max_len: usize,
    },
    /// A list of at most `max_len` pairs of integers, each in `min..=max`.
    PairList {
        min: i64,
        max: i64,
        max_len: usize,
    },
    Bool,
    /// One of the listed strings.
    Choice(&'static [&'static str]),
    /// A string of at most `max_len` characters, read by the generator.
    Text {
        max_len: usize,
    },
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Int { min, max } => write!(f, "integer in {min}..={max}"),
            Kind::IntList { min, max, max_len } => {
                write!(f, "list of at most {max_len} integers in {min}..={max}")
            }
            Kind::PairList { min, max, max_len } => write!(
                f,
                "list of at most {max_len} pairs [a, b] of integers in {min}..={max}"
            ),
            Kind::Bool => write!(f, "boolean"),
            Kind::Choice(options) => write!(f, "one of \"{}\"", options.join("\", \"")),
            Kind::Text { max_len } => write!(f, "string of at most {max_len} characters"),
        }
    }
}

/// A validated parameter value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(untagged)]
pub enum Value {
    Int(i64),
    IntList(Vec<i64>),
    PairList(Vec<(i64, i64)>),
    Bool(bool),
    Choice(String),
    Text(String),
}

/// Why a parameter was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParamError {
    #[error("generator `{generator}` has no parameter `{name}`; it takes: {allowed}")]
    Unknown {
        generator: &'static str,
        name: String,
        allowed: String,
    },
    #[error("parameter `{name}` expects {expected}, found {found}")]
    Invalid {
        name: String,
        expected: String,
        found: String,
    },
}

impl Kind {
    /// Checks a TOML value against this kind.
    fn parse(&self, name: &str, value: &toml::Value) -> Result<Value, ParamError> {
        let invalid = || ParamError::Invalid {
            name: name.to_string(),
            expected: self.to_string(),
            found: value.to_string(),
        };
        let int_in = |v: &toml::Value, min: i64, max: i64| match v.as_integer() {
            Some(i) if (min..=max).contains(&i) => Ok(i),
            _ => Err(invalid()),
        };
        let list = |max_len: usize| match value.as_array() {
            Some(items) if items.len() <= max_len => Ok(items),
            _ => Err(invalid()),
        };
        Ok(match self {
            Kind::Int { min, max } => Value::Int(int_in(value, *min, *max)?),
            Kind::IntList { min, max, max_len } => Value::IntList(
                list(*max_len)?
                    .iter()
                    .map(|v| int_in(v, *min, *max))
                    .collect::<Result<_, _>>()?,
            ),
            Kind::PairList { min, max, max_len } => Value::PairList(
                list(*max_len)?
                    .iter()
                    .map(|v| match v.as_array().map(Vec::as_slice) {
                        Some([a, b]) => Ok((int_in(a, *min, *max)?, int_in(b, *min, *max)?)),
                        _ => Err(invalid()),
                    })
                    .collect::<Result<_, _>>()?,
            ),
            Kind::Bool => Value::Bool(value.as_bool().ok_or_else(invalid)?),
            Kind::Choice(options) => match value.as_str() {
                Some(s) if options.contains(&s) => Value::Choice(s.to_string()),
                _ => return Err(invalid()),
            },
            Kind::Text { max_len } => match value.as_str() {
                Some(s) if s.chars().count() <= *max_len => Value::Text(s.to_string()),
                _ => return Err(invalid()),
            },
        })
    }
}

/// The parameters of one run, every declared one present and valid.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Params(BTreeMap<&'static str, Value>);

impl Params {
    /// Validates the given values against `spec`, filling in defaults for the
    /// missing ones. Reports every unknown or invalid parameter.
    pub fn parse(
        spec: &'static Spec,
        given: &BTreeMap<String, toml::Value>,
    ) -> Result<Params, Vec<ParamError>> {
        let mut errors = Vec::new();
        for name in given.keys() {
            if !spec.params.iter().any(|p| p.name == name) {
                errors.push(ParamError::Unknown {
                    generator: spec.name,
                    name: name.clone(),
                    allowed: describe_params(spec),
                });
            }
        }
        let mut values = BTreeMap::new();
        for param in spec.params {
            let parsed = match given.get(param.name) {
                Some(v) => param.kind.parse(param.name, v),
                None => param.default_value(),
            };
            match parsed {
                Ok(v) => {
                    values.insert(param.name, v);
                }
                Err(e) => errors.push(e),
            }
        }
        if errors.is_empty() {
            Ok(Params(values))
        } else {
            Err(errors)
        }
    }

    /// The defaults of every parameter.
    pub fn defaults(spec: &'static Spec) -> Result<Params, Vec<ParamError>> {
        Params::parse(spec, &BTreeMap::new())
    }

    fn get(&self, name: &str) -> &Value {
        self.0
            .get(name)
            .unwrap_or_else(|| panic!("generator asked for undeclared parameter `{name}`"))
    }

    pub fn int(&self, name: &str) -> i64 {
        match self.get(name) {
            Value::Int(i) => *i,
            other => panic!("parameter `{name}` is {other:?}, not an integer"),
        }
    }

    /// An integer parameter as a size; declared ranges keep it non-negative.
    pub fn size(&self, name: &str) -> usize {
        usize::try_from(self.int(name)).unwrap_or_else(|_| panic!("parameter `{name}` is negative"))
    }

    pub fn ints(&self, name: &str) -> &[i64] {
        match self.get(name) {
            Value::IntList(v) => v,
            other => panic!("parameter `{name}` is {other:?}, not a list of integers"),
        }
    }

    pub fn pairs(&self, name: &str) -> &[(i64, i64)] {
        match self.get(name) {
            Value::PairList(v) => v,
            other => panic!("parameter `{name}` is {other:?}, not a list of pairs"),
        }
    }

    /// A list of pairs of sizes (every kind's minimum keeps them non-negative).
    pub fn size_pairs(&self, name: &str) -> Vec<(usize, usize)> {
        let size = |v: i64| {
            usize::try_from(v).unwrap_or_else(|_| panic!("parameter `{name}` holds a negative"))
        };
        self.pairs(name)
            .iter()
            .map(|&(a, b)| (size(a), size(b)))
            .collect()
    }

    pub fn bool(&self, name: &str) -> bool {
        match self.get(name) {
            Value::Bool(b) => *b,
            other => panic!("parameter `{name}` is {other:?}, not a boolean"),
        }
    }

    pub fn choice(&self, name: &str) -> &str {
        match self.get(name) {
            Value::Choice(s) => s,
            other => panic!("parameter `{name}` is {other:?}, not a choice"),
        }
    }

    pub fn text(&self, name: &str) -> &str {
        match self.get(name) {
            Value::Text(s) => s,
            other => panic!("parameter `{name}` is {other:?}, not a string"),
        }
    }

    /// The parameters as `name = value` TOML, sorted by name: the cache key.
    pub fn to_toml(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| {
                format!(
                    "{k} = {}",
                    serde_json::to_string(v).expect("params serialise")
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Reads one TOML value from its text (`4`, `[3]`, `"normal"`), spaces around
/// it allowed; text after the value (another key, a comment) is refused.
pub fn toml_value(text: &str) -> Option<toml::Value> {
    text.trim().parse().ok()
}

impl Params {
    /// Validates `(name, TOML text)` pairs, as `ladder figure` takes them.
    pub fn from_text(
        spec: &'static Spec,
        pairs: &[(&str, &str)],
    ) -> Result<Params, Vec<ParamError>> {
        let mut given = BTreeMap::new();
        for (name, text) in pairs {
            let value = toml_value(text).ok_or_else(|| {
                vec![ParamError::Invalid {
                    name: name.to_string(),
                    expected: "a TOML value".into(),
                    found: text.to_string(),
                }]
            })?;
            given.insert(name.to_string(), value);
        }
        Params::parse(spec, &given)
    }
}

impl Param {
    /// The declared default, parsed and checked against the kind.
    pub fn default_value(&self) -> Result<Value, ParamError> {
        let parsed = toml_value(self.default).ok_or_else(|| ParamError::Invalid {
            name: self.name.to_string(),
            expected: "a TOML default".into(),
            found: self.default.to_string(),
        })?;
        self.kind.parse(self.name, &parsed)
    }
}

fn describe_params(spec: &Spec) -> String {
    if spec.params.is_empty() {
        return "no parameters".into();
    }
    spec.params
        .iter()
        .map(|p| format!("{} ({})", p.name, p.kind))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A generator: a solver run behind typed parameters.
pub trait Generator: Sync {
    fn spec(&self) -> &'static Spec;

    /// Refuses parameter combinations that would run for hours or exhaust
    /// memory, naming the limit. Per-parameter ranges are checked before this.
    fn check_limits(&self, _params: &Params) -> Result<(), String> {
        Ok(())
    }

    /// Runs the solver. Identities that fail are reported in
    /// [`Output::checks`], not as errors: the pipeline decides what to do.
    fn run(&self, params: &Params) -> Output;

    /// Draws `view` (one of [`Spec::views`]) from the data a run with these
    /// parameters returned; `Ok(None)` when these parameters give it nothing
    /// to draw (an essay that shows it fails), `Err` when the data lacks what
    /// the view needs.
    fn draw(
        &self,
        view: &str,
        params: &Params,
        data: &Data,
    ) -> Result<Option<draw::Drawing>, String>;
}

/// What a run returns.
pub struct Output {
    /// The data essays read with `{{ ID.KEY }}`; keys are documented in
    /// [`Spec::keys`]. An object.
    pub data: serde_json::Value,
    /// Every identity the run asserted, holding or not.
    pub checks: Vec<Check>,
}

impl Output {
    /// The output of a run that found `data` (a struct, serialised to an
    /// object) and asserted `checks`.
    pub fn new(data: &impl Serialize, checks: Vec<Check>) -> Output {
        Output {
            data: serde_json::to_value(data).expect("a generator's data serialises"),
            checks,
        }
    }
}

/// A run's data: a JSON object whose values are kept as JSON text and parsed
/// only when an essay or a view names them. A catalogue of megabytes goes from
/// its artifact into the site's data file without ever being parsed. Two data
/// are equal when their texts are (serde_json writes one text per value).
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct Data(BTreeMap<String, Box<RawValue>>);

impl Data {
    /// The data of a generator's output, which is an object by contract.
    pub fn from_value(value: serde_json::Value) -> Result<Data, String> {
        let serde_json::Value::Object(map) = value else {
            return Err(format!("its data is not an object but `{value}`"));
        };
        map.into_iter()
            .map(|(k, v)| {
                let raw = serde_json::value::to_raw_value(&v).map_err(|e| e.to_string())?;
                Ok((k, raw))
            })
            .collect::<Result<_, String>>()
            .map(Data)
    }

    /// The value of a top-level key, parsed; `None` when there is no such key.
    /// An artifact's text is only checked for JSON syntax when it is read, so
    /// a damaged one (a number out of range, say) is an error here.
    pub fn get(&self, key: &str) -> Option<Result<serde_json::Value, String>> {
        let raw = self.0.get(key)?;
        Some(serde_json::from_str(raw.get()).map_err(|e| {
            format!("its data does not parse ({e}); rebuild with --force to recompute it")
        }))
    }

    /// The value of a top-level key as a `T`: what a view reads.
    pub fn field<T: DeserializeOwned>(&self, key: &str) -> Result<T, String> {
        let raw = self
            .0
            .get(key)
            .ok_or_else(|| format!("the data has no key `{key}`"))?;
        serde_json::from_str(raw.get()).map_err(|e| format!("data key `{key}`: {e}"))
    }

    /// The whole data as a `T`.
    pub fn typed<T: DeserializeOwned>(&self) -> Result<T, String> {
        let text = serde_json::to_string(&self.0).map_err(|e| e.to_string())?;
        serde_json::from_str(&text).map_err(|e| format!("the data: {e}"))
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }

    /// The data as JSON text: what its hash is taken of.
    pub fn text(&self) -> String {
        serde_json::to_string(&self.0).expect("raw JSON serialises")
    }
}

impl PartialEq for Data {
    fn eq(&self, other: &Data) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                .all(|((k, v), (l, w))| k == l && v.get() == w.get())
    }
}

/// One asserted identity with both of its sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Check {
    pub name: String,
    pub left: String,
    pub right: String,
    pub holds: bool,
}

impl Check {
    /// Asserts `left == right`.
    pub fn equal<T: PartialEq + fmt::Display>(name: impl Into<String>, left: T, right: T) -> Check {
        Check {
            name: name.into(),
            holds: left == right,
            left: left.to_string(),
            right: right.to_string(),
        }
    }

    /// Asserts that a statement holds; `detail` says what was found.
    pub fn that(name: impl Into<String>, holds: bool, detail: impl Into<String>) -> Check {
        Check {
            name: name.into(),
            holds,
            left: detail.into(),
            right: "true".into(),
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.holds { "holds" } else { "FAILS" };
        write!(
            f,
            "{verdict}: {}: {} = {}",
            self.name, self.left, self.right
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn generator_names_are_unique() {
        let mut seen = HashSet::new();
        for g in REGISTRY {
            assert!(seen.insert(g.spec().name), "duplicate {}", g.spec().name);
        }
    }

    #[test]
    fn every_parameter_is_documented_and_its_default_is_in_range() {
        for g in REGISTRY {
            let spec = g.spec();
            assert!(!spec.description.is_empty(), "{}", spec.name);
            for p in spec.params {
                assert!(!p.doc.is_empty(), "{}.{} has no doc", spec.name, p.name);
                p.default_value()
                    .unwrap_or_else(|e| panic!("{}.{}: {e}", spec.name, p.name));
            }
            let defaults = Params::defaults(spec).unwrap();
            g.check_limits(&defaults)
                .unwrap_or_else(|e| panic!("{}: defaults refused: {e}", spec.name));
        }
    }

    #[test]
    fn every_generator_documents_keys_identities_and_views() {
        for g in REGISTRY {
            let spec = g.spec();
            assert!(!spec.keys.is_empty(), "{} documents no data key", spec.name);
            assert!(!spec.views.is_empty(), "{} has no drawing", spec.name);
            for d in spec.keys.iter().chain(spec.identities).chain(spec.views) {
                assert!(!d.doc.is_empty(), "{}: {} undocumented", spec.name, d.name);
            }
        }
    }

    #[test]
    fn games_named_by_generators_exist() {
        for g in REGISTRY {
            for game in g.spec().games {
                assert!(
                    crate::games::MODULES.contains(game),
                    "{} names unknown game {game}",
                    g.spec().name
                );
            }
        }
    }

    #[test]
    fn rejects_unknown_parameter_and_lists_allowed_ones() {
        let spec = blocked_board::BlockedBoard.spec();
        let err = Params::from_text(spec, &[("colour", "1")]).unwrap_err();
        let msg = err[0].to_string();
        assert!(msg.contains("no parameter `colour`"), "{msg}");
        assert!(msg.contains("rows (integer in"), "{msg}");
    }

    #[test]
    fn rejects_out_of_range_and_wrong_type() {
        let spec = blocked_board::BlockedBoard.spec();
        let err = Params::from_text(spec, &[("rows", "99"), ("cols", "\"five\"")]).unwrap_err();
        assert_eq!(err.len(), 2);
        assert!(
            err.iter()
                .any(|e| e.to_string().contains("`rows` expects integer in"))
        );
        assert!(err.iter().any(|e| e.to_string().contains("found \"five\"")));
    }

    #[test]
    fn parses_lists_of_pairs() {
        let kind = Kind::PairList {
            min: 0,
            max: 9,
            max_len: 3,
        };
        let v: toml::Table = toml::from_str("v = [[1, 2], [3, 4]]").unwrap();
        assert_eq!(
            kind.parse("p", &v["v"]).unwrap(),
            Value::PairList(vec![(1, 2), (3, 4)])
        );
        let bad: toml::Table = toml::from_str("v = [[1, 2, 3]]").unwrap();
        assert!(kind.parse("p", &bad["v"]).is_err());
    }
}
