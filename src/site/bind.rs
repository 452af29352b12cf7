//! The figures' side of a build: stage 2, each essay's headings and
//! directives ([`scan`]); stage 3, the jobs to compute ([`Plan`]); and
//! stage 5, each essay's directives bound to the computed figures with its
//! data files ([`bind`]).
//!
//! It imports the content, markdown scan, directives, claims' data and the
//! figures; the pipeline ([`super`]) calls it, and it calls nothing back.

use super::content::Essay;
use super::diagnostics::{Diagnostic, Source};
use super::directives::{self, Directive};
use super::markdown::scan::Scan;
use super::markdown::values::Shown;
use crate::claims::data::{EssayData, FigureData};
use crate::figures::compute::{FigureError, Got};
use crate::figures::job::{Job, Key};
use crate::generators::{Check, Data, Generator, Params};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

/// Stage 2: each essay's headings and directives.
pub(super) fn scan(
    essays: &[Essay],
    generators: &[&'static dyn Generator],
    errors: &mut Vec<Diagnostic>,
) -> Vec<Scan> {
    essays
        .iter()
        .map(|e| {
            let (scan, errs) = super::markdown::scan::scan(e, generators);
            errors.extend(errs);
            let src = Source::new(&e.path, &e.source);
            let given = given(e);
            for (i, message) in super::markdown::unclaimed::wrong_given(&scan, &given) {
                errors.push(src.error_at(e.front.given[i].span().start, message));
            }
            scan
        })
        .collect()
}

/// The numbers each essay writes outside its claims, math and code
/// (`ladder check --unclaimed`), each a warning at its place whose message
/// is the number as written.
pub(super) fn unclaimed(essays: &[Essay], scans: &[Scan]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (essay, scan) in essays.iter().zip(scans) {
        let src = Source::new(&essay.path, &essay.source);
        out.extend(
            super::markdown::unclaimed::unclaimed(scan, &given(essay))
                .into_iter()
                .map(|u| Diagnostic {
                    excerpt: None,
                    ..src.warning_at(u.at, u.word)
                }),
        );
    }
    out
}

/// The phrases an essay's front matter lists as given.
fn given(essay: &Essay) -> Vec<&str> {
    essay
        .front
        .given
        .iter()
        .map(|g| g.get_ref().as_str())
        .collect()
}

/// Stage 3: the jobs to compute. Each distinct generator and parameters is
/// one job, showing the union of the views its figures show.
pub(super) struct Plan {
    pub(super) jobs: Vec<Job>,
    /// For each essay, for each of its directives, its job.
    pub(super) uses: Vec<Vec<usize>>,
}

impl Plan {
    pub(super) fn of(scans: &[Scan]) -> Plan {
        let mut jobs: Vec<Job> = Vec::new();
        let mut job_of: HashMap<Key, usize> = HashMap::new();
        let uses = scans
            .iter()
            .map(|scan| {
                scan.directives
                    .iter()
                    .map(|d| {
                        let new = Job::new(d.generator, d.params.clone());
                        let job = *job_of.entry(new.key.clone()).or_insert_with(|| {
                            jobs.push(new);
                            jobs.len() - 1
                        });
                        if d.kind == directives::Kind::Figure {
                            jobs[job].views.insert(d.view);
                        }
                        job
                    })
                    .collect()
            })
            .collect();
        Plan { jobs, uses }
    }
}

/// An essay's directives bound to their figures: what rendering it needs,
/// the data files beside it and the hash of its inputs.
pub(super) struct Bound<'a> {
    pub(super) data: EssayData<'a>,
    pub(super) shown: BTreeMap<String, Shown<'a>>,
    /// Ids whose directive or figure failed (and was reported).
    pub(super) broken: HashSet<String>,
    pub(super) files: Vec<(PathBuf, Arc<str>)>,
    /// The hash of the essay's source and of everything its figures show.
    pub(super) key: blake3::Hash,
}

/// Stage 5: binds an essay's directives (`uses` their jobs) to the computed
/// figures, reporting failed jobs, failing identities and views not drawn in
/// `errors`. Data files are named after the first figure in the essay that
/// links them: a job's whole data as JSON, each view's values as CSV; a
/// `data` directive writes none. Serialised data are kept in `data_files`.
pub(super) fn bind<'a>(
    essay: &Essay,
    scan: &'a Scan,
    plan: &'a Plan,
    uses: &[usize],
    results: &'a [Result<Got, FigureError>],
    data_files: &mut HashMap<Key, Arc<str>>,
    errors: &mut Vec<Diagnostic>,
) -> Bound<'a> {
    let src = Source::new(&essay.path, &essay.source);
    let mut bound = Bound {
        data: EssayData::new(),
        shown: BTreeMap::new(),
        broken: scan.broken.clone(),
        files: Vec::new(),
        key: blake3::hash(b""),
    };
    let mut json_of: HashMap<usize, String> = HashMap::new();
    let mut csv_of: HashMap<(usize, &str), Option<String>> = HashMap::new();
    let mut key = blake3::Hasher::new();
    key.update(essay.source.as_bytes());
    let dir = essay.dir();
    for (d, &job) in scan.directives.iter().zip(uses) {
        let name = d.generator.spec().name;
        let figure_key = &plan.jobs[job].key;
        key.update(figure_key.stem.as_bytes());
        key.update(figure_key.fingerprint.as_bytes());
        let got = match &results[job] {
            Ok(got) => got,
            Err(e) => {
                errors.push(src.error_at(d.offset, format!("figure `{}`: {e}", d.id)));
                bound.broken.insert(d.id.clone());
                continue;
            }
        };
        let figure = &*got.figure;
        for check in figure.checks.iter().filter(|c| !c.holds) {
            errors.push(src.error_at(
                d.offset,
                format!(
                    "figure `{}`: generator `{name}` asserts `{}` and it fails: {} against {}; \
                     no figure written",
                    d.id, check.name, check.left, check.right
                ),
            ));
        }
        let names = d.generator.spec().names;
        let data = &figure.data;
        bound.data.insert(d.id.clone(), FigureData { data, names });
        if d.kind != directives::Kind::Figure {
            continue;
        }
        let Some(Some(view)) = figure.views.get(d.view) else {
            errors.push(src.error_at(d.offset, no_view(d)));
            bound.broken.insert(d.id.clone());
            continue;
        };
        key.update(blake3::hash(view.body.as_bytes()).as_bytes());
        let json = json_of.entry(job).or_insert_with(|| {
            let json = data_files.entry(figure_key.clone()).or_insert_with(|| {
                data_file(&DataFile {
                    generator: name,
                    params: &d.params,
                    checks: &figure.checks,
                    data: &figure.data,
                })
                .into()
            });
            bound
                .files
                .push((dir.join(format!("{}.json", d.id)), json.clone()));
            d.id.clone()
        });
        let csv = csv_of.entry((job, d.view)).or_insert_with(|| {
            let values = view.values.as_ref()?;
            bound
                .files
                .push((dir.join(format!("{}.csv", d.id)), values.to_csv().into()));
            Some(d.id.clone())
        });
        bound.shown.insert(
            d.id.clone(),
            Shown {
                view,
                json: json.clone(),
                csv: csv.clone(),
            },
        );
    }
    bound.key = key.finalize();
    bound
}

/// The error for a figure directive whose view its generator did not draw
/// with these parameters.
fn no_view(d: &Directive) -> String {
    let name = d.generator.spec().name;
    let doc = d.generator.spec().views.iter().find(|v| v.name == d.view);
    format!(
        "figure `{}`: generator `{name}` draws no `{}` view with these parameters (`{}`: {})",
        d.id,
        d.view,
        d.view,
        doc.map_or("", |v| v.doc.trim_end_matches('.'))
    )
}

/// A figure's data file in the site, beside its page.
#[derive(Serialize)]
struct DataFile<'a> {
    generator: &'a str,
    params: &'a Params,
    checks: &'a [Check],
    data: &'a Data,
}

/// A data file: compact JSON (a browser shows it folded) with a final newline.
fn data_file(file: &DataFile<'_>) -> String {
    let mut s = serde_json::to_string(file).expect("data files serialise");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(kind: &str, id: &str, rows: u32, view: &str) -> String {
        format!(
            "```{kind}\nid = \"{id}\"\ngenerator = \"blocked-board\"\nrows = {rows}\ncols = 3\n\
             blocked_columns = []\ncaption = \"C.\"\n{view}```\n\n"
        )
    }

    #[test]
    fn a_plan_has_one_job_per_generator_and_parameters_showing_every_view_its_figures_show() {
        let one = Essay::of_body(
            "a.md",
            &[
                block("figure", "a", 2, ""),
                block("data", "b", 3, ""),
                block("figure", "c", 2, "view = \"wall\"\n"),
            ]
            .concat(),
        );
        let two = Essay::of_body("b.md", &block("figure", "d", 3, ""));
        let mut errors = Vec::new();
        let scans = scan(&[one, two], crate::generators::REGISTRY, &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        let plan = Plan::of(&scans);
        assert_eq!(plan.uses, [vec![0, 1, 0], vec![1]]);
        let views = |j: usize| plan.jobs[j].views.iter().copied().collect::<Vec<_>>();
        assert_eq!(views(0), ["board", "wall"]);
        // A data block shows nothing; the other essay's figure shows the board.
        assert_eq!(views(1), ["board"]);
    }
}
