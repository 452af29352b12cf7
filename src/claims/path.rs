//! Paths into a figure's data resolved: `ID.KEY`, then object keys and
//! list indexes (`boards.5`), element names (`boards[4x5]`: the element
//! whose name field, declared by the generator in
//! [`Spec::names`](crate::generators::Spec::names), is "4 × 5"), filters
//! (`positions[survivors > 1]`: the elements whose field satisfies a
//! comparison, with the operators and literals of claims) and every element
//! (`positions[*]`).
//!
//! A filter or `[*]` gives a list: a key after it applies to each element
//! (as in RFC 9535 `JSONPath`), so `positions[survivors > 1].shortlist` is the
//! list of their shortlists, which `median(...)` reads, and a second filter
//! narrows it (`[survivors > 1][shortlist < 5]`: both hold). A key that is
//! not an index after a list applies to each element too
//! (`positions.shortlist` is `positions[*].shortlist`). An element whose
//! field is null is not kept. Names compare as [`name_key`] reads them:
//! `boards[4x5]` is the board named "4 × 5".
//!
//! It imports [`super::ast`], [`super::data`], [`super::decide`] (which
//! decides a filter's comparison), [`super::print`] and
//! [`super::number_words`] (values and places named in messages); the terms
//! import it.

use super::ast::{Path, Step, Test};
use super::data::EssayData;
use super::decide::claimed;
use super::number_words::nth;
use super::print::full;
use crate::generators::name_key;
use crate::site::diagnostics::ContentError;
use serde_json::Value;

/// Looks `path` up in the essay's data. Errors name the step that failed.
pub fn resolve(data: &EssayData<'_>, path: &Path) -> Result<Value, ContentError> {
    let id = &path.id;
    let figure = data.get(id).ok_or_else(|| {
        let ids: Vec<&str> = data.keys().map(String::as_str).collect();
        format!(
            "no figure or data block `{id}` in this essay{}",
            if ids.is_empty() {
                String::new()
            } else {
                format!("; there are: {}", ids.join(", "))
            }
        )
    })?;
    let Some((Step::Key(first), rest)) = path.steps.split_first() else {
        let keys: Vec<&str> = figure.data.keys().collect();
        return Err(format!(
            "`{id}` is a figure's data: name one of its keys: {}",
            keys.join(", ")
        )
        .into());
    };
    let value = figure
        .data
        .get(first)
        .ok_or_else(|| no_key(&path.upto(1), first, figure.data.keys()))?
        .map_err(|e| format!("`{id}.{first}`: {e}"))?;
    // The value reached, or after a filter the elements it kept; and the
    // path to the value as `Spec::names` writes it (`N` for an element).
    let (mut values, mut many) = (vec![value], false);
    let mut list = vec![first.as_str()];
    for (i, step) in rest.iter().enumerate() {
        let (here, before) = (path.upto(i + 2), path.upto(i + 1));
        let on_list = values.first().is_some_and(Value::is_array);
        let whole = |values: Vec<Value>| {
            if many {
                Value::Array(values)
            } else {
                values
                    .into_iter()
                    .next()
                    .expect("one value before a filter")
            }
        };
        // A key that is not an index, on a list, applies to each element.
        let spread =
            matches!(step, Step::Key(key) if on_list && !many && key.parse::<usize>().is_err());
        values = match step {
            Step::Key(key) if spread => {
                let items = items(whole(values), &here, &before)?;
                many = true;
                list.push("N");
                each_key(items, key, &here, &before)?
            }
            // After a filter, a key applies to each element kept.
            Step::Key(key) => values
                .into_iter()
                .map(|v| key_of(v, key, &here, &before))
                .collect::<Result<_, _>>()?,
            Step::Name(_) if many => {
                return Err(format!(
                    "`{here}`: a name selects one element: write it before the filter"
                )
                .into());
            }
            Step::Name(name) => {
                let field = figure
                    .names
                    .iter()
                    .find(|(l, _)| *l == list.join("."))
                    .map(|(_, field)| *field)
                    .ok_or_else(|| unnamed(figure.names, &here, &before))?;
                let items = items(whole(values), &here, &before)?;
                vec![named(items, field, name, &here, &before)?]
            }
            Step::All => {
                let items = items(whole(values), &here, &before)?;
                many = true;
                items
            }
            // After a filter, another narrows the elements kept.
            Step::Filter(test) => {
                let items = items(whole(values), &here, &before)?;
                many = true;
                kept(items, test, &here, &before)?
            }
        };
        list.push(match step {
            Step::Key(key) if !on_list || spread => key,
            _ => "N",
        });
    }
    Ok(if many {
        Value::Array(values)
    } else {
        values.pop().expect("one value before a filter")
    })
}

/// The elements of `items` that pass a filter's test.
fn kept(
    items: Vec<Value>,
    test: &Test,
    here: &str,
    before: &str,
) -> Result<Vec<Value>, ContentError> {
    let mut kept = Vec::new();
    for (at, item) in items.into_iter().enumerate() {
        let pass = passes(test, &item)
            .map_err(|e| format!("`{here}`: the {} element of `{before}`: {e}", nth(at + 1)))?;
        if pass {
            kept.push(item);
        }
    }
    Ok(kept)
}

/// `key` of each element of a list.
fn each_key(
    items: Vec<Value>,
    key: &str,
    here: &str,
    before: &str,
) -> Result<Vec<Value>, ContentError> {
    items
        .into_iter()
        .enumerate()
        .map(|(at, item)| match item {
            Value::Object(mut map) => map.remove(key).ok_or_else(|| {
                ContentError::new(format!(
                    "`{here}`: a key after a list applies to each element, and the {} element \
                     of `{before}` has no key `{key}`; it has: {}",
                    nth(at + 1),
                    map.keys()
                        .map(String::as_str)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            }),
            other => Err(format!(
                "`{here}`: `{key}` is not an index of the list `{before}`, and a key after a \
                 list applies to each element, but the {} element is {}, which has no keys",
                nth(at + 1),
                full(&other)
            )
            .into()),
        })
        .collect()
}

fn no_key<'a>(here: &str, key: &str, keys: impl Iterator<Item = &'a str>) -> ContentError {
    ContentError::new(format!(
        "`{here}`: no key `{key}`; there are: {}",
        keys.collect::<Vec<_>>().join(", ")
    ))
}

/// `value.key`: an object's key, or a list's index.
fn key_of(value: Value, key: &str, here: &str, before: &str) -> Result<Value, ContentError> {
    match value {
        Value::Object(mut map) => map
            .remove(key)
            .ok_or_else(|| no_key(here, key, map.keys().map(String::as_str))),
        Value::Array(mut items) => {
            let i: usize = key
                .parse()
                .map_err(|_| format!("`{here}`: `{key}` is not an index of a list"))?;
            if i >= items.len() {
                return Err(format!(
                    "`{here}`: index {i} is past the end of a list of {}",
                    items.len()
                )
                .into());
            }
            Ok(items.swap_remove(i))
        }
        _ => Err(format!("`{here}`: `{before}` has no keys").into()),
    }
}

/// The elements of a list that a step selects from.
fn items(value: Value, here: &str, before: &str) -> Result<Vec<Value>, ContentError> {
    match value {
        Value::Array(items) => Ok(items),
        _ => Err(format!("`{here}`: `{before}` is not a list to select from").into()),
    }
}

/// Why a list's elements cannot be named: it declares no name field.
fn unnamed(names: &[(&str, &str)], here: &str, before: &str) -> String {
    let lists: Vec<String> = names
        .iter()
        .map(|(list, field)| format!("{list} (by {field})"))
        .collect();
    format!(
        "`{here}`: the generator names no element of `{before}` (select one by index, or \
         filter: `[field = value]`); {}",
        if lists.is_empty() {
            "it names the elements of no list".to_string()
        } else {
            format!("lists it names: {}", lists.join(", "))
        }
    )
}

/// The element of `items` that `field` names `name`.
fn named(
    mut items: Vec<Value>,
    field: &str,
    name: &str,
    here: &str,
    before: &str,
) -> Result<Value, ContentError> {
    let wanted = name_key(&Value::from(name));
    let names: Vec<String> = items
        .iter()
        .filter_map(|item| item.get(field))
        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
        .collect();
    let mut matching = items
        .iter()
        .enumerate()
        .filter(|(_, item)| item.get(field).and_then(name_key) == wanted)
        .map(|(at, _)| at);
    match (matching.next(), matching.next()) {
        (Some(at), None) => Ok(items.swap_remove(at)),
        (Some(_), Some(_)) => {
            Err(format!("`{here}`: several elements of `{before}` have `{field}` = {name}").into())
        }
        (None, _) => {
            const SHOWN: usize = 12;
            let more = if names.len() > SHOWN {
                format!(" and {} more", names.len() - SHOWN)
            } else {
                String::new()
            };
            Err(format!(
                "`{here}`: no element of `{before}` has `{field}` = {name}; there are: {}{more}",
                names[..names.len().min(SHOWN)].join(", ")
            )
            .into())
        }
    }
}

/// Whether an element passes a filter; an element whose field is null
/// (nothing to compare) does not.
fn passes(test: &Test, item: &Value) -> Result<bool, ContentError> {
    let mut value = item;
    for key in &test.field {
        value = match value {
            Value::Array(list) => key.parse().ok().and_then(|i: usize| list.get(i)),
            _ => value.get(key),
        }
        .ok_or_else(|| {
            let field = test.field.join(".");
            match item {
                Value::Object(map) => format!(
                    "no field `{field}`; it has: {}",
                    map.keys()
                        .map(String::as_str)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                other => format!("no field `{field}` in `{other}`, which is not a record"),
            }
        })?;
    }
    match value {
        Value::Null => Ok(false),
        v => claimed(&test.claim, v)
            .map(|verdict| verdict.holds)
            .map_err(|e| e.within(format_args!("`{}`", test.field.join(".")))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::parser::{self as syntax, parse_term};
    use crate::claims::{FigureData, evaluate, terms};
    use crate::generators::Data;
    use serde_json::json;

    const NAMES: &[(&str, &str)] = &[
        ("boards", "name"),
        ("by_gaps", "gaps"),
        ("example.survivors", "move"),
        ("nested.N.inner", "n"),
        ("twice", "k"),
    ];

    fn data() -> Data {
        Data::from_value(json!({
            "boards": [
                {"name": "2 × 6", "half": 4, "reflection_only": 2},
                {"name": "4 × 5", "half": 645, "reflection_only": 40},
            ],
            "by_gaps": (2..=16).map(|g| json!({"gaps": g, "positions": g * 10})).collect::<Vec<_>>(),
            "positions": [
                {"survivors": 1, "shortlist": 1, "share": 0.2},
                {"survivors": 2, "shortlist": 3, "share": 0.5},
                {"survivors": 3, "shortlist": 5, "share": 0.49},
                {"survivors": 5, "shortlist": 4, "share": 0.51},
                {"survivors": null, "shortlist": 9, "share": 1},
            ],
            "example": {"survivors": [{"move": 5, "replies": 2}, {"move": 14, "replies": 5}]},
            "nested": [{"inner": [{"n": "a", "v": 1}]}, {"inner": [{"n": "b", "v": 2}]}],
            "plain": [1, 2, 3],
            "twice": [{"k": "a"}, {"k": " A"}],
            "cells": [{"k": 1, "cols": [1, 3]}, {"k": 2, "cols": [2]}, {"k": 3, "cols": [1]}],
            "whole": 7,
        }))
        .unwrap()
    }

    /// The value of a quantity, with figure `b`'s data and names as above.
    fn value(text: &str) -> Result<Value, ContentError> {
        let b = data();
        let figure = FigureData {
            data: &b,
            names: NAMES,
        };
        terms::value(&parse_term(text)?, &EssayData::from([("b".into(), figure)]))
    }

    /// What `{{ inner }}` prints, with the same data.
    fn eval(inner: &str) -> Result<String, ContentError> {
        let b = data();
        let figure = FigureData {
            data: &b,
            names: NAMES,
        };
        evaluate(
            &syntax::parse(inner)?,
            &EssayData::from([("b".into(), figure)]),
        )
        .and_then(|e| e.page().map(str::to_string))
    }

    #[test]
    fn selects_an_element_by_its_declared_name() {
        assert_eq!(value("b.boards[4x5].reflection_only"), Ok(json!(40)));
        assert_eq!(value("b.boards[4 × 5].reflection_only"), Ok(json!(40)));
        assert_eq!(value("b.boards[4X5].half"), Ok(json!(645)));
        assert_eq!(value("b.boards[2x6].half"), Ok(json!(4)));
        assert_eq!(value("b.by_gaps[16].positions"), Ok(json!(160)));
        assert_eq!(value("b.by_gaps[2].positions"), Ok(json!(20)));
        assert_eq!(value("b.example.survivors[14].replies"), Ok(json!(5)));
        assert_eq!(value("b.nested.1.inner[b].v"), Ok(json!(2)));
        assert_eq!(
            value("b.boards[4x5].half - b.boards[2x6].half"),
            Ok(json!(641))
        );
        assert_eq!(
            eval("b.boards[4x5].reflection_only = forty").unwrap(),
            "forty"
        );
        let e = eval("b.boards[4x5].reflection_only = 41").unwrap_err();
        assert!(
            e.contains(
                "claim `b.boards[4x5].reflection_only = 41` is false: the generator computed 40"
            ),
            "{e}"
        );
        for text in [
            "b.boards[4 × 5].half",
            "b.positions[survivors > 1].shortlist",
            "median(b.positions[share ~ half][survivors = \"2\"].shortlist)",
        ] {
            assert_eq!(parse_term(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn an_unknown_name_lists_the_names_there_are() {
        let e = value("b.boards[5x5].half").unwrap_err();
        assert_eq!(
            &*e,
            "`b.boards[5x5]`: no element of `b.boards` has `name` = 5x5; there are: 2 × 6, 4 × 5"
        );
        let e = value("b.by_gaps[17]").unwrap_err();
        assert!(
            e.ends_with("there are: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 and 3 more"),
            "{e}"
        );
        let e = value("b.twice[a]").unwrap_err();
        assert!(
            e.contains("several elements of `b.twice` have `k` = a"),
            "{e}"
        );
        let e = value("b.plain[3]").unwrap_err();
        assert!(
            e.starts_with("`b.plain[3]`: the generator names no element of `b.plain`")
                && e.ends_with(
                    "lists it names: boards (by name), by_gaps (by gaps), example.survivors \
                     (by move), nested.N.inner (by n), twice (by k)"
                ),
            "{e}"
        );
        // A list's name is its path with `N` for each element, however reached.
        let e = value("b.nested[a].inner").unwrap_err();
        assert!(e.contains("no element of `b.nested`"), "{e}");
        let b = data();
        let unnamed = EssayData::from([(
            "b".to_string(),
            FigureData {
                data: &b,
                names: &[],
            },
        )]);
        let e = terms::value(&parse_term("b.boards[4x5]").unwrap(), &unnamed).unwrap_err();
        assert!(e.ends_with("it names the elements of no list"), "{e}");
    }

    #[test]
    fn a_filter_keeps_the_elements_whose_field_satisfies_the_comparison() {
        let len = |filter: &str| value(&format!("len(b.positions[{filter}])"));
        // survivors: 1, 2, 3, 5 and one null, which no comparison keeps.
        assert_eq!(len("survivors > 1"), Ok(json!(3)));
        assert_eq!(len("survivors >= 5"), Ok(json!(1)));
        assert_eq!(len("survivors > 5"), Ok(json!(0)));
        assert_eq!(len("survivors < 2"), Ok(json!(1)));
        assert_eq!(len("survivors <= 2"), Ok(json!(2)));
        assert_eq!(len("survivors = 3"), Ok(json!(1)));
        assert_eq!(len("survivors > one"), Ok(json!(3)));
        assert_eq!(len("survivors < a dozen"), Ok(json!(4)));
        // `~ half` holds to the nearest quarter: for 0.49, 0.5 and 0.51.
        assert_eq!(len("share ~ half"), Ok(json!(3)));
        assert_eq!(len("share ~ 0.50"), Ok(json!(1)));
        assert_eq!(len("share >= half"), Ok(json!(3)));
        assert_eq!(len("share = 50%"), Ok(json!(1)));
        assert_eq!(value("len(b.boards[name = \"4 × 5\"])"), Ok(json!(1)));
        // Steps after a filter apply to each element it keeps.
        assert_eq!(
            value("b.positions[survivors > 1].shortlist"),
            Ok(json!([3, 5, 4]))
        );
        assert_eq!(
            value("median(b.positions[survivors > 1].shortlist)"),
            Ok(json!(4))
        );
        assert_eq!(
            value("sum(b.positions[survivors > 1].shortlist)"),
            Ok(json!(12))
        );
        assert_eq!(
            value("b.positions[survivors > 1][shortlist < 5].survivors"),
            Ok(json!([2, 5]))
        );
        let e = value("b.boards[half > 1][4x5]").unwrap_err();
        assert!(e.contains("write it before the filter"), "{e}");
        assert_eq!(value("b.boards[half > 10].name"), Ok(json!(["4 × 5"])));
        // A claim's operator is found outside the brackets.
        assert_eq!(eval("len(b.positions[survivors >= 2]) = 3").unwrap(), "3");
        assert_eq!(
            eval("median(b.positions[survivors > 1].shortlist) < 4.5 : \"under five\"").unwrap(),
            "under five"
        );
        let e = value("median(b.positions[survivors > 9].shortlist)").unwrap_err();
        assert!(e.contains("the list is empty"), "{e}");
    }

    #[test]
    fn a_filter_takes_every_comparison_a_claim_takes() {
        let len = |filter: &str| value(&format!("len(b.positions[{filter}])"));
        // survivors: 1, 2, 3, 5 and one null, which no comparison keeps.
        for (filter, kept) in [
            ("survivors in 2..=3", 2),
            ("survivors in 2..3", 1),
            ("survivors in (1, 5)", 2),
            ("survivors in (1, 5]", 3),
            ("survivors in [1, 5)", 3),
            // A set, not a range: 1 and 5 only.
            ("survivors in [1, 5]", 2),
            ("survivors in [6, 7, 9]", 0),
            ("survivors in []", 0),
            // shares 0.2, 0.5, 0.49, 0.51 and 1: to the nearest quarter.
            ("share ~ 0.5 by 0.25", 3),
        ] {
            assert_eq!(len(filter), Ok(json!(kept)), "{filter}");
            let path = format!("b.positions[{filter}]");
            assert_eq!(parse_term(&path).unwrap().to_string(), path);
        }
        assert_eq!(value("b.cells[cols contains 1].k"), Ok(json!([1, 3])));
        assert_eq!(value("b.cells[cols contains 2].k"), Ok(json!([2])));
        assert_eq!(value("b.cells[cols same as [3, 1]].k"), Ok(json!([1])));
        let e = eval("len(b.positions[survivors in [1, 3]]) = 3").unwrap_err();
        assert_eq!(
            &*e,
            "claim `len(b.positions[survivors in [1, 3]]) = 3` is false: the generator \
             computed 2"
        );
        for (bad, why) in [
            (
                "b.positions[survivors = b.whole]",
                "not with a quantity of the data",
            ),
            (
                "b.positions[survivors = 1 : \"one\"]",
                "a filter prints nothing",
            ),
            (
                "b.positions[survivors in 3..1]",
                "low end `3` is above its high end `1`",
            ),
            ("b.positions[survivors in 1]", "`in` takes a range"),
        ] {
            let e = parse_term(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn filter_errors_name_the_step_that_failed() {
        let e = value("len(b.positions[survived > 1])").unwrap_err();
        assert_eq!(
            &*e,
            "`b.positions[survived > 1]`: the 1st element of `b.positions`: no field `survived`; \
             it has: share, shortlist, survivors"
        );
        let e = value("b.plain[x > 1]").unwrap_err();
        assert!(
            e.contains("no field `x` in `1`, which is not a record"),
            "{e}"
        );
        let e = value("b.example[move > 1]").unwrap_err();
        assert!(
            e.contains("`b.example[move > 1]`: `b.example` is not a list to select from"),
            "{e}"
        );
        let e = value("b.boards[name > 1]").unwrap_err();
        assert!(
            e.contains("the 1st element of `b.boards`: `name`: expected a number"),
            "{e}"
        );
        for (bad, why) in [
            ("b.positions[survivors > lots]", "cannot read `lots`"),
            ("b.positions[survivors < \"x\"]", "only be claimed equal"),
            (
                "b.positions[len(x) > 1]",
                "a filter compares a field of each element",
            ),
            (
                "b.positions[survivors | 1]",
                "a filter compares as a claim does",
            ),
            ("b.boards[]", "`[]` selects nothing"),
            ("b.boards[4x5", "`[` is not closed"),
            ("b[4x5].half", "name a key before `[`"),
            ("b.boards[4x5]half", "expected `.` or `[` after `]`"),
            ("b.boards[4x5]..half", "unexpected `..`"),
        ] {
            let e = parse_term(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
