//! A generator's parameters and limits, declared once.
//!
//! `params!` turns one field list (a doc comment, a type, a default and a
//! range for each field) into a typed struct that a run reads its parameters
//! from, and into the [`Param`] declarations the pipeline validates a
//! directive's table against ([`Params::parse`]) and `ladder generators` prints.
//! `choice!` declares the enum of a parameter that takes one of a few words.
//! A [`Limit`] declares a measure of the parameters that refuses a run past its
//! maximum (cells, positions, bytes); [`Spec::check_limits`] checks them all.
//! A directive raises a limit on purpose with the key [`Limit::raise_key`]
//! (`max_` and the limit's name in snake case), which every generator with
//! that limit accepts; the cache key holds it only when it is given.

use super::Spec;
pub use limits::{Limit, LimitError, MeasureError};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::fmt;

mod limits;
mod shard;

/// One declared parameter.
pub struct Param {
    /// The key a directive sets it with (the struct field's name).
    pub name: &'static str,
    /// What it sets, from the field's doc comment.
    pub doc: &'static str,
    /// Its type and allowed range.
    pub kind: Kind,
    /// The default, written as a TOML value (`4`, `[3]`, `[[2, 6]]`).
    pub default: &'static str,
}

/// The type of a parameter and its allowed range.
pub enum Kind {
    /// An integer in `min..=max`.
    Int {
        /// The least value allowed.
        min: i64,
        /// The greatest value allowed.
        max: i64,
    },
    /// A list of at most `max_len` integers, each in `min..=max`.
    IntList {
        /// The least value of an item.
        min: i64,
        /// The greatest value of an item.
        max: i64,
        /// The most items.
        max_len: usize,
    },
    /// A list of at most `max_len` pairs of integers, each in `min..=max`.
    PairList {
        /// The least value of either side of a pair.
        min: i64,
        /// The greatest value of either side of a pair.
        max: i64,
        /// The most pairs.
        max_len: usize,
    },
    /// `true` or `false`.
    Bool,
    /// One of the listed strings.
    Choice(&'static [&'static str]),
    /// A string of at most `max_len` characters, which the generator reads.
    Text {
        /// The most characters.
        max_len: usize,
    },
    /// A list of at most `max_len` strings, each of at most
    /// [`TEXT_ITEM_CHARS`] characters, which the generator reads.
    TextList {
        /// The most strings.
        max_len: usize,
    },
}

/// The most characters of each string of a [`Kind::TextList`].
pub const TEXT_ITEM_CHARS: usize = 400;

/// What a parameter's Rust type says of its [`Kind`]; the declared range and
/// length complete it ([`Kind::of`]).
pub enum Shape {
    /// An integer (`usize`, `u32`): [`Kind::Int`].
    Int,
    /// A list of integers: [`Kind::IntList`].
    IntList,
    /// A list of pairs of integers: [`Kind::PairList`].
    PairList,
    /// A `bool`: [`Kind::Bool`].
    Bool,
    /// An enum declared with `choice!`, with its words: [`Kind::Choice`].
    Choice(&'static [&'static str]),
    /// A `String`: [`Kind::Text`].
    Text,
    /// A list of strings: [`Kind::TextList`].
    TextList,
}

/// A type a declared parameter can have.
pub trait ParamType: DeserializeOwned {
    /// The shape a declaration of this type completes into a [`Kind`].
    const SHAPE: Shape;
}

impl ParamType for usize {
    const SHAPE: Shape = Shape::Int;
}

impl ParamType for u32 {
    const SHAPE: Shape = Shape::Int;
}

impl ParamType for Vec<usize> {
    const SHAPE: Shape = Shape::IntList;
}

impl ParamType for Vec<u32> {
    const SHAPE: Shape = Shape::IntList;
}

impl ParamType for Vec<(usize, usize)> {
    const SHAPE: Shape = Shape::PairList;
}

impl ParamType for bool {
    const SHAPE: Shape = Shape::Bool;
}

impl ParamType for String {
    const SHAPE: Shape = Shape::Text;
}

impl ParamType for Vec<String> {
    const SHAPE: Shape = Shape::TextList;
}

impl Kind {
    /// The kind of a parameter of this shape with the declared range
    /// (`in min..=max`, none or one) and length (`at most n`, none or one).
    /// A declaration that gives a shape what it does not take, or withholds
    /// what it needs, fails to compile: the declarations are constants.
    pub const fn of(shape: Shape, range: &[(i64, i64)], max_len: &[usize]) -> Kind {
        match (shape, range, max_len) {
            (Shape::Int, &[(min, max)], []) => Kind::Int { min, max },
            (Shape::IntList, &[(min, max)], &[max_len]) => Kind::IntList { min, max, max_len },
            (Shape::PairList, &[(min, max)], &[max_len]) => Kind::PairList { min, max, max_len },
            (Shape::Bool, [], []) => Kind::Bool,
            (Shape::Choice(options), [], []) => Kind::Choice(options),
            (Shape::Text, [], &[max_len]) => Kind::Text { max_len },
            (Shape::TextList, [], &[max_len]) => Kind::TextList { max_len },
            (Shape::Text | Shape::TextList, ..) => {
                panic!("a string parameter takes `at most n` alone")
            }
            (Shape::Int, ..) => panic!("an integer parameter takes `in min..=max` alone"),
            (Shape::IntList | Shape::PairList, ..) => {
                panic!("a list parameter takes `in min..=max, at most n`")
            }
            (Shape::Bool | Shape::Choice(_), ..) => {
                panic!("a boolean or choice parameter takes no range")
            }
        }
    }
}

/// A struct of parameters declared with `params!`.
pub trait Declared: DeserializeOwned {
    /// The declaration of every field, in order.
    const PARAMS: &'static [Param];
}

/// Declares a generator's parameters: a struct with one typed field per
/// parameter, deserialised from validated [`Params`] with [`Params::typed`],
/// and its `PARAMS`, which a [`Spec`] lists. Each field's doc comment (one is
/// required) is its documentation; after its type come its default (one TOML
/// token: `4`, `[3]`, `[[2, 6]]`, `true`, `"normal"`), its range for integers
/// and lists (`in 1..=11`) and the length of a list (`at most 11`):
///
/// ```ignore
/// params! {
///     pub struct BoardParams {
///         /// Rows of the board.
///         rows: usize = 4, in 1..=11;
///         /// Columns blocked whole.
///         blocked_columns: Vec<usize> = [3], in 1..=11, at most 11;
///         /// Also sweep a wall across the board.
///         wall: bool = true;
///     }
/// }
/// ```
macro_rules! params {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $field:ident: $ty:ty = $default:tt
                    $(, in $min:tt..=$max:tt)? $(, at most $len:tt)?;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        $vis struct $name {
            $($(#[doc = $doc])+ pub $field: $ty,)*
        }

        impl $name {
            /// The declaration of every field, in order.
            pub const PARAMS: &'static [$crate::generators::Param] = &[$(
                $crate::generators::Param {
                    name: stringify!($field),
                    doc: concat!($($doc),+).trim_ascii(),
                    kind: $crate::generators::Kind::of(
                        <$ty as $crate::generators::params::ParamType>::SHAPE,
                        &[$(($min, $max))?],
                        &[$($len)?],
                    ),
                    default: stringify!($default),
                },
            )*];
        }

        impl $crate::generators::params::Declared for $name {
            const PARAMS: &'static [$crate::generators::Param] = $name::PARAMS;
        }
    };
}
pub(crate) use params;

/// Declares the enum of a parameter that takes one of a few words, each
/// variant with its word: `Normal = "normal"`.
macro_rules! choice {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[doc = $doc:literal])* $variant:ident = $word:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
        $vis enum $name {
            $($(#[doc = $doc])* #[serde(rename = $word)] $variant,)+
        }

        impl $name {
            /// The word the parameter takes for this choice.
            pub fn word(self) -> &'static str {
                match self {
                    $($name::$variant => $word,)+
                }
            }
        }

        impl $crate::generators::params::ParamType for $name {
            const SHAPE: $crate::generators::params::Shape =
                $crate::generators::params::Shape::Choice(&[$($word),+]);
        }
    };
}
pub(crate) use choice;

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
            Kind::TextList { max_len } => write!(
                f,
                "list of at most {max_len} strings of at most {TEXT_ITEM_CHARS} characters"
            ),
        }
    }
}

/// A validated parameter value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(untagged)]
pub enum Value {
    /// A value of a [`Kind::Int`].
    Int(i64),
    /// A value of a [`Kind::IntList`].
    IntList(Vec<i64>),
    /// A value of a [`Kind::PairList`].
    PairList(Vec<(i64, i64)>),
    /// A value of a [`Kind::Bool`].
    Bool(bool),
    /// The word chosen of a [`Kind::Choice`].
    Choice(String),
    /// A value of a [`Kind::Text`].
    Text(String),
    /// A value of a [`Kind::TextList`].
    TextList(Vec<String>),
}

/// Why a parameter was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParamError {
    /// A key that is neither a declared parameter nor a limit's raise key.
    #[error("generator `{generator}` has no parameter `{name}`; it takes: {allowed}")]
    Unknown {
        /// The generator's name.
        generator: &'static str,
        /// The key given.
        name: String,
        /// Every parameter and raise key it takes, with its kind.
        allowed: String,
    },
    /// A value outside its parameter's kind (or a raise not above its limit).
    #[error("parameter `{name}` expects {expected}, found {found}")]
    Invalid {
        /// The parameter (or raise key).
        name: String,
        /// What it takes, as [`Kind`]'s display says it.
        expected: String,
        /// The value given, as TOML.
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
            Kind::TextList { max_len } => Value::TextList(
                list(*max_len)?
                    .iter()
                    .map(|v| match v.as_str() {
                        Some(s) if s.chars().count() <= TEXT_ITEM_CHARS => Ok(s.to_string()),
                        _ => Err(invalid()),
                    })
                    .collect::<Result<_, _>>()?,
            ),
        })
    }
}

/// The parameters of one run, every declared one present and valid, and the
/// limits the directive raised (by limit name), serialised as their raise keys.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Params {
    #[serde(flatten)]
    values: BTreeMap<&'static str, Value>,
    #[serde(flatten)]
    raised: BTreeMap<String, u128>,
}

impl Params {
    /// Validates the given values against `spec`, filling in defaults for the
    /// missing ones. Reports every unknown or invalid parameter.
    pub fn parse(
        spec: &'static Spec,
        given: &BTreeMap<String, toml::Value>,
    ) -> Result<Params, Vec<ParamError>> {
        let mut errors = Vec::new();
        let mut raised = BTreeMap::new();
        for (name, value) in given {
            if spec.params.iter().any(|p| p.name == name) {
                continue;
            }
            match spec.limits.iter().find(|l| l.raise_key() == *name) {
                Some(limit) => match value.as_integer().and_then(|m| u128::try_from(m).ok()) {
                    Some(max) if limit.raises_to(max) => {
                        raised.insert(name.clone(), max);
                    }
                    _ => errors.push(ParamError::Invalid {
                        name: name.clone(),
                        expected: limit.raise_expected(),
                        found: value.to_string(),
                    }),
                },
                None => errors.push(ParamError::Unknown {
                    generator: spec.name,
                    name: name.clone(),
                    allowed: describe_params(spec),
                }),
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
            Ok(Params { values, raised })
        } else {
            Err(errors)
        }
    }

    /// The defaults of every parameter.
    pub fn defaults(spec: &'static Spec) -> Result<Params, Vec<ParamError>> {
        Params::parse(spec, &BTreeMap::new())
    }

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

    /// The parameters as the struct that declared them. Validation against
    /// that struct's declaration makes every value fit its field, so this
    /// cannot fail for the generator's own struct.
    pub fn typed<T: Declared>(&self) -> T {
        let value = serde_json::to_value(&self.values).expect("params serialise");
        T::deserialize(value)
            .unwrap_or_else(|e| panic!("parameters validated against another declaration: {e}"))
    }

    /// The parameters as `name = value` TOML, sorted by name: the cache key.
    /// A raised limit is among them only when the directive raised it.
    pub fn to_toml(&self) -> String {
        let values = self.values.iter().map(|(k, v)| {
            let value = serde_json::to_string(v).expect("params serialise");
            (k.to_string(), value)
        });
        let raised = self.raised.iter().map(|(k, v)| (k.clone(), v.to_string()));
        let mut lines: Vec<_> = values.chain(raised).collect();
        lines.sort();
        lines
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// These parameters with `name` set back to its declared default.
    fn with_default(&self, param: &Param) -> Option<Params> {
        let mut values = self.values.clone();
        values.insert(param.name, param.default_value().ok()?);
        Some(Params {
            values,
            raised: self.raised.clone(),
        })
    }
}

/// Reads one TOML value from its text (`4`, `[3]`, `"normal"`), spaces around
/// it allowed; text after the value (another key, a comment) is refused.
pub fn toml_value(text: &str) -> Option<toml::Value> {
    text.trim().parse().ok()
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
    if spec.params.is_empty() && spec.limits.is_empty() {
        return "no parameters".into();
    }
    let params = spec
        .params
        .iter()
        .map(|p| format!("{} ({})", p.name, p.kind));
    let raises = spec.limits.iter().filter(|l| l.ceiling > l.max).map(|l| {
        format!(
            "{} (an integer above {} and at most {}, raising the limit on {})",
            l.raise_key(),
            l.max,
            l.ceiling,
            l.name
        )
    });
    params.chain(raises).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    params! {
        /// Parameters of a test.
        struct Example {
            /// Rows of the board,
            /// on two lines.
            rows: usize = 4, in 1..=11;
            /// Lists.
            cells: Vec<(usize, usize)> = [[2, 6], [3, 4]], in 1..=8, at most 3;
            /// The rule.
            play: Play = "misere";
            /// A flag.
            wall: bool = true;
        }
    }

    choice! {
        enum Play {
            Normal = "normal",
            Misere = "misere",
        }
    }

    #[test]
    fn a_declaration_gives_names_docs_kinds_and_defaults() {
        let [rows, cells, play, wall] = Example::PARAMS else {
            panic!("four parameters");
        };
        assert_eq!(rows.name, "rows");
        assert_eq!(rows.doc, "Rows of the board, on two lines.");
        assert_eq!(rows.kind.to_string(), "integer in 1..=11");
        assert_eq!(rows.default, "4");
        assert_eq!(cells.default, "[[2, 6], [3, 4]]");
        assert_eq!(
            cells.kind.to_string(),
            "list of at most 3 pairs [a, b] of integers in 1..=8"
        );
        assert_eq!(play.kind.to_string(), "one of \"normal\", \"misere\"");
        assert_eq!(play.default, "\"misere\"");
        assert_eq!(wall.kind.to_string(), "boolean");
    }

    #[test]
    fn validated_params_become_the_struct() {
        let values = Example::PARAMS
            .iter()
            .map(|p| (p.name, p.default_value().unwrap()))
            .collect();
        let typed: Example = Params {
            values,
            raised: BTreeMap::new(),
        }
        .typed();
        assert_eq!(typed.rows, 4);
        assert_eq!(typed.cells, [(2, 6), (3, 4)]);
        assert_eq!(typed.play, Play::Misere);
        assert_eq!(typed.play.word(), "misere");
        assert!(typed.wall);
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

    #[test]
    fn parses_lists_of_strings_refusing_a_long_one_or_too_many() {
        let kind = Kind::TextList { max_len: 2 };
        assert_eq!(
            kind.to_string(),
            "list of at most 2 strings of at most 400 characters"
        );
        let v: toml::Table = toml::from_str("v = [\"0-1 1-2\", \"\"]").unwrap();
        assert_eq!(
            kind.parse("p", &v["v"]).unwrap(),
            Value::TextList(vec!["0-1 1-2".into(), String::new()])
        );
        for bad in ["v = [1]", "v = [\"a\", \"b\", \"c\"]", "v = \"a\""] {
            let bad: toml::Table = toml::from_str(bad).unwrap();
            assert!(kind.parse("p", &bad["v"]).is_err(), "{bad}");
        }
        let long: toml::Table = toml::from_str(&format!("v = [\"{}\"]", "x".repeat(401))).unwrap();
        let err = kind.parse("p", &long["v"]).unwrap_err().to_string();
        assert!(err.contains("of at most 400 characters"), "{err}");
    }

    /// Cells of the example's board: rows times the first pair's second side.
    fn cells(params: &Params) -> Result<u128, MeasureError> {
        let p: Example = params.typed();
        Ok((p.rows * p.cells.first().map_or(1, |c| c.1)) as u128)
    }

    static SPEC: Spec = Spec {
        name: "example",
        description: "A test.",
        params: Example::PARAMS,
        limits: &[Limit {
            name: "board cells",
            doc: "cells of the board",
            max: 30,
            ceiling: 60,
            ceiling_cost: "60 cells: a second",
            measure: cells,
            params: &["rows", "cells"],
        }],
        example: &[],
        names: &[],
        identities: &[],
        views: &[],
    };

    #[test]
    fn a_limit_error_names_the_parameters_at_fault_and_the_raise_key() {
        // 8 x 6 = 48 cells; the default rows (4) alone brings it to 24.
        let p = Params::from_text(&SPEC, &[("rows", "8")]).unwrap();
        assert_eq!(
            SPEC.check_limits(&p).unwrap_err().to_string(),
            "board cells is 48, over the limit of 30 (cells of the board); lower `rows = 8`, \
             or raise the limit on purpose with `max_board_cells = 48`"
        );
        // 8 x 8: neither default alone is enough (4 x 8 = 32, 8 x 6 = 48), so both are named;
        // 64 is past the ceiling of 60, so no raise is offered.
        let p = Params::from_text(&SPEC, &[("rows", "8"), ("cells", "[[1, 8]]")]).unwrap();
        let err = SPEC.check_limits(&p).unwrap_err().to_string();
        assert!(
            err.contains(
                "; lower `rows = 8` and `cells = [[1,8]]`; the limit's ceiling is 60 (60 cells: \
                 a second), so no directive raises it that far"
            ),
            "{err}"
        );
    }

    #[test]
    fn a_directive_raises_a_limit_with_its_raise_key() {
        let raised = [("rows", "8"), ("max_board_cells", "48")];
        let p = Params::from_text(&SPEC, &raised).unwrap();
        SPEC.check_limits(&p).unwrap();
        let p = Params::from_text(&SPEC, &[("rows", "9"), ("max_board_cells", "48")]).unwrap();
        let err = SPEC.check_limits(&p).unwrap_err().to_string();
        assert!(
            err.starts_with("board cells is 54, over the limit of 48 ("),
            "{err}"
        );
        // A raise must raise, and no further than the ceiling.
        let low = Params::from_text(&SPEC, &[("max_board_cells", "30")]).unwrap_err();
        let expected = "parameter `max_board_cells` expects an integer above the limit of 30 and \
                        at most its ceiling of 60 (60 cells: a second), found";
        assert_eq!(low[0].to_string(), format!("{expected} 30"));
        let high = Params::from_text(&SPEC, &[("max_board_cells", "61")]).unwrap_err();
        assert_eq!(high[0].to_string(), format!("{expected} 61"));
        Params::from_text(&SPEC, &[("max_board_cells", "60")]).unwrap();
        // Past the ceiling, the error does not offer a raise.
        let p = Params::from_text(&SPEC, &[("rows", "11")]).unwrap();
        let err = SPEC.check_limits(&p).unwrap_err().to_string();
        assert!(
            err.ends_with(
                "; the limit's ceiling is 60 (60 cells: a second), so no directive raises it \
                 that far"
            ),
            "{err}"
        );
        // An unknown key lists the raise keys with the parameters.
        let unknown = Params::from_text(&SPEC, &[("max_rows", "3")]).unwrap_err();
        assert!(unknown[0].to_string().ends_with(
            "max_board_cells (an integer above 30 and at most 60, raising the limit on board \
             cells)"
        ));
    }

    #[test]
    fn the_cache_key_holds_a_raise_only_when_given() {
        let plain = Params::from_text(&SPEC, &[("rows", "8")]).unwrap();
        let raised = Params::from_text(&SPEC, &[("rows", "8"), ("max_board_cells", "48")]);
        let raised = raised.unwrap();
        assert_eq!(
            plain.to_toml(),
            "cells = [[2,6],[3,4]]\nplay = \"misere\"\nrows = 8\nwall = true"
        );
        assert_eq!(
            raised.to_toml(),
            "cells = [[2,6],[3,4]]\nmax_board_cells = 48\nplay = \"misere\"\nrows = 8\nwall = true"
        );
        // The serialised parameters (an artifact's record) are the values alone.
        let json = serde_json::to_value(&plain).unwrap();
        assert_eq!(json, serde_json::to_value(&plain.values).unwrap());
        assert_eq!(
            serde_json::to_value(&raised).unwrap()["max_board_cells"],
            48
        );
    }

    #[test]
    fn every_limit_grows_with_declared_parameters_and_its_raise_key_is_free() {
        for g in crate::generators::REGISTRY {
            let spec = g.spec();
            for limit in spec.limits {
                assert!(!limit.params.is_empty(), "{}: {}", spec.name, limit.name);
                for name in limit.params {
                    assert!(spec.params.iter().any(|p| p.name == *name), "{name}");
                }
                let key = limit.raise_key();
                assert!(spec.params.iter().all(|p| p.name != key), "{key}");
            }
        }
    }
}
