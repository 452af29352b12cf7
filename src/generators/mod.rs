//! Generators: programs that run a solver, return data, assert the identities a
//! figure's caption states and draw the figure.
//!
//! This module owns the [`Generator`] trait, the [`Spec`] each generator
//! declares (its typed parameters and its limits are declared with
//! [`params`]), what a run returns ([`Output`], [`Check`], [`Data`]), how a
//! run splits into shards ([`shards`]) and the one [`REGISTRY`]. Each generator
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

pub mod amazons_regions;
pub mod blocked_board;
pub mod chomp_needles;
pub mod hackenbush_fusion;
pub mod pairing_sweep;
pub mod params;
pub mod position;
pub mod registry;
pub mod run_intervals;
pub mod shards;
pub mod split_census;
pub mod sylver_proofs;
pub mod temperature_survey;

use crate::draw;
pub use crate::draw::DataError;
pub use params::{
    Kind, Limit, LimitError, MeasureError, Param, ParamError, Params, Value, toml_value,
};
pub use registry::find;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
pub use shards::{MergeError, Sharding, Shards};
use std::collections::BTreeMap;
use std::fmt;

/// Lists [`REGISTRY`] and the module of each of its generators from
/// `module::Type` entries, in the order `ladder generators` lists them.
/// `build.rs` reads the same list to fingerprint each generator's code.
macro_rules! registry {
    ($($module:ident::$generator:ident),* $(,)?) => {
        /// Every generator the tool knows, in the order `ladder generators` lists them.
        pub static REGISTRY: &[&dyn Generator] = &[$(&$module::$generator),*];

        /// The module of each generator in [`REGISTRY`], in its order.
        static MODULES: &[&str] = &[$(stringify!($module)),*];
    };
}

// The one list of generators, of values: each line registers a generator
// its module (declared above) defines.
registry! {
    blocked_board::BlockedBoard,
    split_census::SplitCensus,
    run_intervals::RunIntervals,
    pairing_sweep::PairingSweep,
    chomp_needles::ChompNeedles,
    sylver_proofs::SylverProofs,
    hackenbush_fusion::HackenbushFusion,
    amazons_regions::AmazonsRegions,
    position::Position,
    temperature_survey::TemperatureSurvey,
}

/// The static description of a generator: what `ladder generators` prints and
/// what the pipeline validates a directive against.
pub struct Spec {
    /// The name essays use in `generator = "..."`.
    pub name: &'static str,
    /// One paragraph on what the generator computes, for `ladder generators`.
    pub description: &'static str,
    /// The parameters, from the generator's `params!` struct.
    pub params: &'static [Param],
    /// The limits that refuse a run, checked in order before it.
    pub limits: &'static [Limit],
    /// Parameters (name, TOML value) small enough that a debug build runs
    /// the generator in well under a second: the registry's tests run every
    /// generator with them.
    pub example: &'static [(&'static str, &'static str)],
    /// Lists of records whose elements a claim may select by name instead
    /// of by position, as (list, field): `("boards", "name")` lets
    /// `boards[4x5]` select the board whose `name` is "4 × 5". The list is a
    /// dotted path as in [`documented`] (`example.survivors`,
    /// `split.N.shapes`); no two of its elements share a name.
    pub names: &'static [(&'static str, &'static str)],
    /// The identities a run asserts.
    pub identities: &'static [Doc],
    /// The drawings a run makes; the first is the default view.
    pub views: &'static [Doc],
}

/// A name with its documentation.
pub struct Doc {
    /// The name (a key, an identity, a view).
    pub name: &'static str,
    /// What it is, for `ladder generators`.
    pub doc: &'static str,
}

/// The name a field's value gives a list's element (see [`Spec::names`]), as
/// a selection compares names: a string or a number's text, in lowercase,
/// without spaces and with `×` read as `x`, so `boards[4x5]` and `boards[4 ×
/// 5]` both name "4 × 5". `None` for a value that names nothing (a list, an
/// object, null).
pub fn name_key(value: &serde_json::Value) -> Option<String> {
    let text = match value {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::Bool(b) => b.to_string(),
        _ => return None,
    };
    Some(
        text.chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .map(|c| if c == '×' { 'x' } else { c })
            .collect(),
    )
}

/// A generator as the registry and the site see it: a solver run behind
/// typed parameters, whose views are drawn from its data. Every generator
/// gets it from [`Solve`].
pub trait Generator: Sync {
    /// What `ladder generators` prints and a directive is validated against.
    fn spec(&self) -> &'static Spec;

    /// The data keys a run returns (see [`documented`]).
    fn keys(&self) -> &'static [Key];

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
    ) -> Result<Option<draw::Drawing>, DataError>;

    /// How a run splits into shards ([`Shards`]); `None` (the default)
    /// for a generator whose run is always one job.
    fn sharding(&self) -> Option<&'static dyn Shards> {
        None
    }
}

/// A generator as it is written: its spec, a run that returns its data as
/// a typed struct (declared with `data!`, which documents its keys), and
/// the views drawn from that data ([`Views`]).
pub trait Solve: Sync {
    /// What a run returns.
    type Data: Keyed + Views + Serialize + DeserializeOwned + 'static;

    /// The generator's static description.
    const SPEC: &'static Spec;

    /// Runs the solver: the data and every identity asserted, holding or
    /// not.
    fn solve(&self, params: &Params) -> (Self::Data, Vec<Check>);

    /// How a run that is a union of independent parts splits into shards;
    /// `None` (the default) for a run that is one job.
    const SHARDING: Option<&'static Sharding<Self::Data>> = None;
}

/// The views of a generator's data, drawn from the data alone (and the
/// parameters the run had).
pub trait Views {
    /// Draws `view`, as [`Generator::draw`].
    fn draw(&self, view: &str, params: &Params) -> Result<Option<draw::Drawing>, DataError>;
}

impl<T: Solve> Generator for T {
    fn spec(&self) -> &'static Spec {
        T::SPEC
    }

    fn keys(&self) -> &'static [Key] {
        T::Data::KEYS
    }

    fn run(&self, params: &Params) -> Output {
        let (data, checks) = self.solve(params);
        Output::new(&data, checks)
    }

    fn draw(
        &self,
        view: &str,
        params: &Params,
        data: &Data,
    ) -> Result<Option<draw::Drawing>, DataError> {
        data.typed::<T::Data>()?.draw(view, params)
    }

    fn sharding(&self) -> Option<&'static dyn Shards> {
        T::SHARDING.map(|s| s as &dyn Shards)
    }
}

/// One documented data key of a struct declared with `data!`: a field.
pub struct Key {
    /// The field's name, as the data names it.
    pub name: &'static str,
    /// Its doc comment.
    pub doc: &'static str,
    /// How its value is documented.
    pub form: Form,
}

/// How a data key's value is documented.
pub enum Form {
    /// As one key, `NAME`.
    Leaf,
    /// As one key for every element of a list, `NAME.N`.
    Each,
    /// Key by key: a record (`NAME.KEY`), or a list of records
    /// (`NAME.N.KEY`), whose type declares its keys.
    Record {
        /// The keys of the record.
        keys: &'static [Key],
        /// Whether the value is a list of such records.
        list: bool,
    },
}

/// A type whose keys are documented: a struct declared with `data!`, or
/// a list of them.
pub trait Keyed {
    /// Its keys, in order.
    const KEYS: &'static [Key];
    /// Whether it is a list of records with those keys.
    const LIST: bool = false;
}

impl<T: Keyed> Keyed for Vec<T> {
    const KEYS: &'static [Key] = T::KEYS;
    const LIST: bool = true;
}

/// Every documented key of `keys` as a dotted path (`parts.N` for each
/// element of a list, `example.survivors` for a record's key) with its doc,
/// in order: what `ladder generators` prints and what the registry's tests
/// find in every run's data.
pub fn documented(keys: &[Key]) -> Vec<(String, &'static str)> {
    fn walk(keys: &[Key], prefix: &str, out: &mut Vec<(String, &'static str)>) {
        for key in keys {
            let name = format!("{prefix}{}", key.name);
            match key.form {
                Form::Leaf => out.push((name, key.doc)),
                Form::Each => out.push((format!("{name}.N"), key.doc)),
                Form::Record { keys, list } => {
                    let each = if list { ".N" } else { "" };
                    walk(keys, &format!("{name}{each}."), out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(keys, "", &mut out);
    out
}

/// Declares a generator's data (or a record in it): a serde struct, and its
/// keys ([`Keyed`]) from its fields' doc comments, so that `ladder
/// generators` documents exactly what a run returns. Each field's doc comment
/// (one is required) documents its key; `#[serde(...)]` attributes may follow
/// it. After a field's type, `as each` documents a list as one key for every
/// element (`NAME.N`), and `as keys` documents a record (or a list of
/// records) key by key, from its own `data!` declaration (`NAME.KEY`,
/// `NAME.N.KEY`), its field's doc comment then read by the code alone:
///
/// ```ignore
/// data! {
///     struct Results {
///         /// Positions of the whole board.
///         whole: u64,
///         /// Every bar: survey.N.columns, .rows.
///         survey: Vec<Bar> as each,
///         /// The small square's bars.
///         small: Small as keys,
///     }
/// }
/// ```
macro_rules! data {
    (@form $ty:ty) => {
        $crate::generators::Form::Leaf
    };
    (@form $ty:ty, each) => {
        $crate::generators::Form::Each
    };
    (@form $ty:ty, keys) => {
        $crate::generators::Form::Record {
            keys: <$ty as $crate::generators::Keyed>::KEYS,
            list: <$ty as $crate::generators::Keyed>::LIST,
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $(#[serde($($serde:tt)*)])*
                $fvis:vis $field:ident: $ty:ty $(as $form:ident)?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(serde::Serialize, serde::Deserialize)]
        #[allow(
            clippy::doc_markdown,
            reason = "a key's doc is the text `ladder generators` prints, naming keys as claims write them"
        )]
        $vis struct $name {
            $(
                $(#[doc = $doc])+
                $(#[serde($($serde)*)])*
                $fvis $field: $ty,
            )*
        }

        impl $crate::generators::Keyed for $name {
            const KEYS: &'static [$crate::generators::Key] = &[$(
                $crate::generators::Key {
                    name: stringify!($field),
                    doc: concat!($($doc),+).trim_ascii(),
                    form: $crate::generators::data!(@form $ty $(, $form)?),
                },
            )*];
        }
    };
}

pub(crate) use data;

/// What a run returns.
pub struct Output {
    /// The data essays read with `{{ ID.KEY }}`; keys are documented by
    /// [`Generator::keys`]. An object.
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
/// are equal when their texts are (`serde_json` writes one text per value).
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct Data(BTreeMap<String, Box<RawValue>>);

impl Data {
    /// The data of a generator's output, which is an object by contract.
    pub fn from_value(value: serde_json::Value) -> Result<Data, DataError> {
        let serde_json::Value::Object(map) = value else {
            return Err(DataError::NotObject {
                found: value.to_string(),
            });
        };
        let raw = |v: &serde_json::Value| {
            serde_json::value::to_raw_value(v)
                .expect("a JSON value serialises: its keys are strings")
        };
        Ok(Data(map.into_iter().map(|(k, v)| (k, raw(&v))).collect()))
    }

    /// The value of a top-level key, parsed; `None` when there is no such key.
    /// An artifact's text is only checked for JSON syntax when it is read, so
    /// a damaged one (a number out of range, say) is an error here.
    pub fn get(&self, key: &str) -> Option<Result<serde_json::Value, DataError>> {
        let raw = self.0.get(key)?;
        Some(serde_json::from_str(raw.get()).map_err(DataError::Damaged))
    }

    /// The value of a top-level key as a `T`: what a view reads.
    pub fn field<T: DeserializeOwned>(&self, key: &str) -> Result<T, DataError> {
        let raw = self.0.get(key).ok_or_else(|| DataError::NoKey {
            key: key.to_string(),
        })?;
        serde_json::from_str(raw.get()).map_err(|error| DataError::Key {
            key: key.to_string(),
            error,
        })
    }

    /// The whole data as a `T`.
    pub fn typed<T: DeserializeOwned>(&self) -> Result<T, DataError> {
        serde_json::from_str(&self.text()).map_err(DataError::Shape)
    }

    /// The top-level keys, in sorted order.
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
    /// The identity's name, as the spec's `identities` list it.
    pub name: String,
    /// Its left side as computed (for [`Check::that`], what was found).
    pub left: String,
    /// Its right side as computed (for [`Check::that`], `true`).
    pub right: String,
    /// Whether the sides agree.
    pub holds: bool,
}

impl Check {
    /// Asserts `left == right`.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "the sides are computed for the check, and by value each call reads \
                  `Check::equal(name, a, b)`"
    )]
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
    use std::collections::{BTreeSet, HashSet};

    /// The typed errors say what the messages they replaced said, word for word.
    #[test]
    fn typed_data_and_measure_errors_keep_their_messages() {
        let graph = "0-".parse::<crate::games::hackenbush::Graph>().unwrap_err();
        let said = [
            (
                DataError::Unreadable {
                    what: "graph",
                    text: "0-".into(),
                    error: Box::new(graph.clone()),
                },
                format!("graph `0-`: {graph}"),
            ),
            (
                DataError::UnequalRows {
                    position: "..|.".into(),
                },
                "position `..|.`: rows of unequal length".into(),
            ),
            (
                DataError::NotExact { text: "x".into() },
                "`x` is not an exact number".into(),
            ),
            (
                DataError::NoItem {
                    list: "split group",
                    item: "shape",
                    index: 3,
                },
                "split group has no shape 3".into(),
            ),
            (
                DataError::Unknown {
                    what: "verdict",
                    name: "odd".into(),
                },
                "no verdict `odd`".into(),
            ),
            (
                DataError::Unpaired { row: 2, col: 5 },
                "the example's free cell (row 2, column 5) has no partner".into(),
            ),
        ];
        for (error, text) in said {
            assert_eq!(error.to_string(), text);
        }
        let gaps = crate::games::sylver::Position::from_gaps(&[2]).unwrap_err();
        let measured = [
            (
                MeasureError::Outside {
                    what: "a blocked row, column or cell",
                    rows: 4,
                    cols: 5,
                },
                "a blocked row, column or cell lies outside the 4 x 5 board".to_string(),
            ),
            (
                MeasureError::refused(Some("example"), gaps.clone()),
                format!("example: {gaps}"),
            ),
            (MeasureError::refused(None, gaps.clone()), gaps.to_string()),
        ];
        for (error, text) in measured {
            assert_eq!(error.to_string(), text);
        }
    }

    #[test]
    fn generator_names_are_unique() {
        let mut seen = HashSet::new();
        for g in REGISTRY {
            assert!(seen.insert(g.spec().name), "duplicate {}", g.spec().name);
        }
    }

    /// The segment of a documented key's path (`N` an array's first item)
    /// that `data` lacks; `None` when the path is found whole or reaches an
    /// empty array, which holds nothing to look into.
    fn missing<'a>(data: &serde_json::Value, path: &'a str) -> Option<&'a str> {
        let mut value = data;
        for part in path.split('.') {
            let next = match (part, value) {
                ("N", serde_json::Value::Array(items)) => match items.first() {
                    Some(first) => Some(first),
                    None => return None,
                },
                (_, serde_json::Value::Object(map)) => map.get(part),
                _ => None,
            };
            match next {
                Some(v) => value = v,
                None => return Some(part),
            }
        }
        None
    }

    /// The lists at a dotted path of `data` (`N` standing for every element
    /// of a list); `None` when the path is not found.
    fn lists<'a>(data: &'a serde_json::Value, path: &str) -> Option<Vec<&'a [serde_json::Value]>> {
        let mut at = vec![data];
        for part in path.split('.') {
            at = match part {
                "N" => at
                    .iter()
                    .map(|v| v.as_array().map(|items| items.iter()))
                    .collect::<Option<Vec<_>>>()?
                    .into_iter()
                    .flatten()
                    .collect(),
                _ => at.iter().map(|v| v.get(part)).collect::<Option<_>>()?,
            };
        }
        at.iter().map(|v| v.as_array().map(Vec::as_slice)).collect()
    }

    #[test]
    fn every_generator_returns_exactly_its_documented_keys() {
        for g in REGISTRY {
            let spec = g.spec();
            let params = Params::from_text(spec, spec.example).unwrap();
            spec.check_limits(&params).unwrap();
            let out = g.run(&params);
            assert!(
                out.checks.iter().all(|c| c.holds),
                "{}: {:?}",
                spec.name,
                out.checks
            );
            let serde_json::Value::Object(data) = &out.data else {
                panic!("{}: data is not an object", spec.name);
            };
            let returned: BTreeSet<&str> = data.keys().map(String::as_str).collect();
            let keys = documented(g.keys());
            let documented: BTreeSet<&str> = keys
                .iter()
                .filter_map(|(name, _)| name.split('.').next())
                .collect();
            assert_eq!(
                returned, documented,
                "{}: returned against documented",
                spec.name
            );
            for (key, _) in &keys {
                assert_eq!(missing(&out.data, key), None, "{}: {key}", spec.name);
            }
            for &(list, field) in spec.names {
                let lists = lists(&out.data, list)
                    .unwrap_or_else(|| panic!("{}: names `{list}`, not a list", spec.name));
                for items in lists {
                    let mut seen = HashSet::new();
                    for item in items {
                        let name = item.get(field).and_then(name_key).unwrap_or_else(|| {
                            panic!(
                                "{}: an element of `{list}` has no name `{field}`",
                                spec.name
                            )
                        });
                        assert!(
                            seen.insert(name),
                            "{}: two elements of `{list}` share the name {}",
                            spec.name,
                            item[field]
                        );
                    }
                }
            }
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
            spec.check_limits(&defaults)
                .unwrap_or_else(|e| panic!("{}: defaults refused: {e}", spec.name));
        }
    }

    #[test]
    fn every_generator_documents_keys_identities_and_views() {
        for g in REGISTRY {
            let spec = g.spec();
            let keys = documented(g.keys());
            assert!(!keys.is_empty(), "{} documents no data key", spec.name);
            assert!(!spec.views.is_empty(), "{} has no drawing", spec.name);
            for (name, doc) in keys {
                assert!(!doc.is_empty(), "{}: {name} undocumented", spec.name);
            }
            for d in spec.identities.iter().chain(spec.views) {
                assert!(!d.doc.is_empty(), "{}: {} undocumented", spec.name, d.name);
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
}
