//! What changed in the prose: every value and claim an essay states, as a
//! build computed it, compared with what the last successful `ladder build`
//! recorded in `figures/values.json`, so that after a solver change the
//! author knows which sentences to reread.
//!
//! The record is keyed by essay (its path under `content/`) and by each
//! expression's one spelling ([`crate::claims::Expr`]'s `Display`), which editing
//! other lines, or respacing the braces, does not change. Every occurrence of
//! one expression in one essay computes the same, so one value stands for
//! them all, and each occurrence is reported at its own line. A value
//! records the text it prints (`47.0%`); a claim the value it states in full
//! (`0.47017543859`, or both sides: `12 against 12`), since its literal
//! prints the same whatever moved. A record is written only by a build
//! without errors, so every claim in it held: a claim whose verdict changed
//! is one that held and now fails.
//!
//! The file is JSON with sorted keys, one expression a line, written through
//! a temporary file, and never over a file ladder did not write.
//!
//! Each expression is evaluated once a build ([`super::markdown::values`]):
//! the record reads the same evaluation the page prints. An expression that
//! could not be evaluated (a path that does not resolve) is an error the
//! build reports, and is not recorded, never recorded as a false claim.
//!
//! It imports content, the markdown scan and its values, the figure cache's
//! careful writer and the file reader; the pipeline imports it.

use super::content::Essay;
use super::diagnostics::Source;
use super::directives::Kind;
use super::markdown::values::Stated as Evaluated;
use super::markdown::{Prepared, Scan, Values};
use super::read::{RECORD, Unread, read};
use crate::figures::cache::write_new;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// The record's file name in `figures/`.
pub const FILE: &str = "values.json";

/// The version of the record's format; a record of another version is
/// replaced, and nothing is compared with it.
const FORMAT: u32 = 1;

/// One value or claim, as this build computed it.
struct Stated {
    line: usize,
    expr: String,
    /// What it computed, or `None` where it could not be evaluated (an
    /// error the build reports).
    value: Option<String>,
    /// False for a claim that does not hold.
    holds: bool,
}

/// An expression found: where it stands, its spelling, and what the record
/// keeps of it (and whether it holds), if it was evaluated.
type Found = (usize, String, Option<(String, bool)>);

/// Every value and claim the essays of a build state, by essay.
#[derive(Default)]
pub struct Statements {
    /// By path under `content/`: the file (for reports) and its statements
    /// in order.
    essays: BTreeMap<String, (PathBuf, Vec<Stated>)>,
}

impl Statements {
    /// The statements of one essay (see [`Statements::add`]).
    pub fn of(essay: &Essay, scan: &Scan, values: &Values) -> Statements {
        let mut statements = Statements::default();
        statements.add(essay, scan, values);
        statements
    }

    /// Takes in the statements of `other`'s essays.
    pub fn append(&mut self, mut other: Statements) {
        self.essays.append(&mut other.essays);
    }

    /// Takes in every value and claim of `essay` (`scan`, its first pass)
    /// as `values` evaluated them: in its prose and headings, and in its
    /// figures' captions and alt texts.
    pub fn add(&mut self, essay: &Essay, scan: &Scan, values: &Values) {
        let src = Source::new(&essay.path, &essay.source);
        let stated = |prepared: &'_ Prepared, evaluated: &[Evaluated], pin: Option<usize>| {
            let pairs: Vec<Found> = prepared
                .exprs
                .iter()
                .zip(evaluated)
                .filter_map(|(e, v)| {
                    let expr = e.expr.as_ref().ok()?;
                    Some((pin.unwrap_or(e.at), expr.to_string(), v.record.clone()))
                })
                .collect();
            pairs
        };
        let mut found = stated(&scan.body, &values.body, None);
        // A caption's or alt text's expressions stand where it is written (at
        // its key when it has escapes).
        let figures = scan.directives.iter().zip(&scan.texts).zip(&values.figures);
        for ((_, texts), evaluated) in figures.filter(|((d, _), _)| d.kind == Kind::Figure) {
            if let Some((prepared, pin)) = &texts.caption {
                found.extend(stated(prepared, &evaluated.caption, *pin));
            }
            if let Some((prepared, pin)) = &texts.alt {
                found.extend(stated(prepared, &evaluated.alt, *pin));
            }
        }
        found.sort_by_key(|(at, _, _)| *at);
        let stated = found
            .into_iter()
            .map(|(at, expr, record)| Stated {
                line: src.position(at).0,
                expr,
                holds: record.as_ref().is_none_or(|r| r.1),
                value: record.map(|r| r.0),
            })
            .collect();
        self.essays
            .insert(essay.content_path.clone(), (essay.path.clone(), stated));
    }

    /// The record of what was computed.
    pub fn record(&self) -> Record {
        let essays = self
            .essays
            .iter()
            .map(|(essay, (_, stated))| {
                let values = stated
                    .iter()
                    .filter_map(|s| Some((s.expr.clone(), s.value.clone()?)))
                    .collect();
                (essay.clone(), values)
            })
            .filter(|(_, values): &(String, BTreeMap<_, _>)| !values.is_empty())
            .collect();
        Record {
            format: FORMAT,
            essays,
        }
    }

    /// Each statement whose value differs from `previous`, or that is a
    /// claim `previous` holds and this build finds false, in the order of
    /// essays and lines. Statements `previous` has not seen are not changes.
    pub fn changes(&self, previous: &Record) -> Vec<Change> {
        let mut changes = Vec::new();
        for (essay, (path, stated)) in &self.essays {
            let Some(before) = previous.essays.get(essay) else {
                continue;
            };
            for s in stated {
                let (Some(old), Some(new)) = (before.get(&s.expr), &s.value) else {
                    continue;
                };
                if old != new || !s.holds {
                    changes.push(Change {
                        path: path.clone(),
                        line: s.line,
                        expr: s.expr.clone(),
                        old: old.clone(),
                        new: new.clone(),
                        now_false: !s.holds,
                    });
                }
            }
        }
        changes
    }
}

/// A statement whose value changed since the last successful build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The essay.
    pub path: PathBuf,
    /// The statement's line, 1-based.
    pub line: usize,
    /// The expression's spelling.
    pub expr: String,
    /// The value the last successful build computed.
    pub old: String,
    /// The value computed now.
    pub new: String,
    /// A claim that held in the last successful build and fails now.
    pub now_false: bool,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: `{}`: {} -> {}",
            self.path.display(),
            self.line,
            self.expr,
            self.old,
            self.new
        )?;
        if self.now_false {
            f.write_str(", and the claim held and is now false")?;
        }
        Ok(())
    }
}

/// What a successful build computed, by essay and expression.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    format: u32,
    essays: BTreeMap<String, BTreeMap<String, String>>,
}

impl Record {
    /// The record in `dir`: `Ok(None)` when there is none (or one of
    /// another format), `Err` (a note) when the file there is not one ladder
    /// wrote.
    pub fn read(dir: &Path, root: &Path) -> Result<Option<Record>, RecordError> {
        let path = dir.join(FILE);
        let bytes = match read(&path, root, RECORD) {
            Ok(bytes) => bytes,
            Err(Unread::Missing) => return Ok(None),
            Err(Unread::Refused(why)) => return Err(foreign(&path, &why)),
        };
        if let Ok(record) = serde_json::from_slice::<Record>(&bytes) {
            return Ok((record.format == FORMAT).then_some(record));
        }
        // Any format's record has these two keys.
        let keys = serde_json::from_slice::<BTreeMap<String, Value>>(&bytes);
        match keys {
            Ok(keys) if keys.contains_key("format") && keys.contains_key("essays") => Ok(None),
            _ => Err(foreign(&path, "is not a record of values ladder wrote")),
        }
    }

    /// Writes the record into `dir`, unless a file ladder did not write is
    /// there; `Err` says why it was not written.
    pub fn store(&self, dir: &Path, root: &Path) -> Result<(), RecordError> {
        let path = dir.join(FILE);
        let mut text = serde_json::to_string_pretty(self).expect("a record serialises");
        text.push('\n');
        if read(&path, root, RECORD).is_ok_and(|old| old == text.as_bytes()) {
            return Ok(()); // recorded already
        }
        Record::read(dir, root)?;
        std::fs::create_dir_all(dir)
            .and_then(|()| write_new(&path, text.as_bytes()))
            .map_err(|source| RecordError::Unwritten { path, source })
    }
}

/// Why the record was not read or not written: a note, the build goes on.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The file at the record's path is not one ladder wrote (`why`).
    #[error(
        "{} {why}: nothing is compared with it and it is left alone (remove it to record values \
         again)",
        path.display()
    )]
    Foreign {
        /// The record's path.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// The record could not be written.
    #[error(
        "the values were not recorded in {} ({source}); the next build compares with the last \
         record",
        path.display()
    )]
    Unwritten {
        /// The record's path.
        path: PathBuf,
        /// Why it was not written.
        source: std::io::Error,
    },
}

/// The note for a file at the record's path that is not one ladder wrote
/// (`why`).
fn foreign(path: &Path, why: &str) -> RecordError {
    RecordError::Foreign {
        path: path.to_path_buf(),
        why: why.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::Data;
    use serde_json::json;

    /// The statements of an essay of `body` whose figure `b` has `data`.
    fn statements(body: &str, data: serde_json::Value) -> Statements {
        let essay = Essay::of_body("a.md", body);
        let (scan, errors) = crate::site::markdown::scan(&essay, crate::generators::REGISTRY);
        assert!(errors.is_empty(), "{errors:?}");
        let data = Data::from_value(data).unwrap();
        let mut s = Statements::default();
        let figure = crate::claims::FigureData {
            data: &data,
            names: &[],
        };
        let data = crate::claims::EssayData::from([("b".to_string(), figure)]);
        let inputs = crate::site::markdown::values::Inputs {
            data: &data,
            figures: &BTreeMap::default(),
            broken: &std::collections::HashSet::default(),
        };
        s.add(&essay, &scan, &Values::of(&scan, &inputs));
        s
    }

    const BODY: &str = "It has {{ b.n }} positions, {{b.n = 4}} in all.\n\n\
                        Again {{ b.n }}, {{ b.share | percent(1) }}; {{ b.share ~ 47% }}.\n";

    #[test]
    fn a_record_holds_what_values_print_and_what_claims_state_in_full() {
        let s = statements(BODY, json!({ "n": 4, "share": 0.47017543859 }));
        let record = s.record();
        let values = &record.essays["a.md"];
        assert_eq!(values["b.n"], "4");
        assert_eq!(values["b.n = 4"], "4");
        assert_eq!(values["b.share | percent(1)"], "47.0%");
        assert_eq!(values["b.share ~ 47%"], "0.47017543859");
        assert_eq!(values.len(), 4, "one entry per expression: {values:?}");
        assert_eq!(s.changes(&record), []);
    }

    #[test]
    fn a_claims_value_is_written_in_full() {
        use crate::claims::print::full;
        assert_eq!(full(&json!(2916)), "2,916");
        assert_eq!(full(&json!(27.0)), "27");
        assert_eq!(full(&json!(0.05555555555555555)), "0.05555555555555555");
        assert_eq!(full(&json!("-1/4")), "-1/4");
        assert_eq!(full(&json!([1, 2])), "[1, 2]");
    }

    #[test]
    fn changes_name_each_occurrence_at_its_line_and_claims_now_false() {
        let before = statements(BODY, json!({ "n": 4, "share": 0.47017543859 })).record();
        let after = statements(BODY, json!({ "n": 5, "share": 0.4702 }));
        let changes: Vec<String> = after
            .changes(&before)
            .iter()
            .map(Change::to_string)
            .collect();
        assert_eq!(
            changes,
            [
                "a.md:6: `b.n`: 4 -> 5",
                "a.md:6: `b.n = 4`: 4 -> 5, and the claim held and is now false",
                "a.md:8: `b.n`: 4 -> 5",
                // The printed percentage did not move; the claim's value did.
                "a.md:8: `b.share ~ 47%`: 0.47017543859 -> 0.4702",
            ]
        );
    }

    #[test]
    fn statements_the_last_record_has_not_seen_are_not_changes() {
        let before = statements("{{ b.n }}", json!({ "n": 4 })).record();
        let after = statements("{{ b.n }} and {{ b.n | words }}", json!({ "n": 5 }));
        assert_eq!(after.changes(&before).len(), 1);
        assert_eq!(after.changes(&Record::default()), []);
    }

    #[test]
    fn a_record_is_stored_sorted_and_never_over_a_file_ladder_did_not_write() {
        let dir = tempfile::tempdir().unwrap();
        let record = statements(BODY, json!({ "n": 4, "share": 0.5 })).record();
        record.store(dir.path(), dir.path()).unwrap();
        let text = std::fs::read_to_string(dir.path().join(FILE)).unwrap();
        let keys: Vec<usize> = ["\"b.n\"", "\"b.n = 4\"", "\"b.share | percent(1)\""]
            .iter()
            .map(|k| text.find(k).unwrap())
            .collect();
        assert!(keys.is_sorted(), "{text}");
        assert_eq!(Record::read(dir.path(), dir.path()).unwrap(), Some(record));
        // Another format's record is replaced without a word.
        std::fs::write(dir.path().join(FILE), r#"{"format": 0, "essays": []}"#).unwrap();
        assert_eq!(Record::read(dir.path(), dir.path()).unwrap(), None);
        Record::default().store(dir.path(), dir.path()).unwrap();
        // A file of someone else's is left alone.
        std::fs::write(dir.path().join(FILE), "[1, 2]").unwrap();
        let e = Record::default()
            .store(dir.path(), dir.path())
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a record of values ladder wrote"), "{e}");
        assert_eq!(
            std::fs::read_to_string(dir.path().join(FILE)).unwrap(),
            "[1, 2]"
        );
    }
}
