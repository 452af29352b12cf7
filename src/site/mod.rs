//! The site pipeline: turns `DIR/content/` into `DIR/site/`, in stages that
//! [`Site::build`] reads as:
//!
//! 1. load: every essay and its front matter ([`content`]), `ladder.toml`
//!    ([`config`]), the ladders and the templates ([`templates`]);
//! 2. scan: each essay's markdown parsed: its headings and generator
//!    directives ([`markdown::scan()`], [`directives`]); the parse itself is
//!    not kept;
//! 3. plan: one job per distinct generator and parameters;
//! 4. compute: run each job once, in parallel, and draw the views it shows,
//!    reusing artifacts in `DIR/figures/` ([`figures`]);
//! 5. bind: each essay's directives to their figures, with its data files; a
//!    failing identity, a panic or a view not drawn is an error at the directive;
//! 6. render: each essay's markdown, parsed again, to HTML, with MathML
//!    ([`math`]), values and checked claims ([`claims`]) and resolved links
//!    ([`markdown::render()`]), then pages from the templates;
//! 7. write: each file into a staging folder as it is made, a page as soon
//!    as it is rendered, but for files the previous site holds as they are
//!    ([`output::stage`]); index the pages for search
//!    ([`search`]) and swap the new site in, only if every step succeeded
//!    ([`output`]), and record every value and claim the essays state, so
//!    that the next build (or `ladder check`) names those that moved
//!    ([`moves`]); or [`serve`] it from memory, rebuilding on every change,
//!    without a search index.
//!
//! Every content error is collected and reported ([`diagnostics`]), not only
//! the first. The pipeline imports generators through their registry and
//! knows no game.

pub mod claims;
pub mod config;
pub mod content;
pub mod diagnostics;
pub mod directives;
pub mod discovery;
pub mod figures;
mod fingerprint;
pub mod font;
pub mod layout;
pub mod markdown;
pub mod math;
pub mod moves;
mod old_site;
pub mod output;
pub mod pages;
pub mod scripts;
pub mod search;
pub mod serve;
pub mod templates;
pub mod terms;
pub mod typography;
pub mod walk;

use crate::generators::Generator;
use claims::{EssayData, FigureData};
use content::{Essay, Ladder};
use diagnostics::{Diagnostic, Source};
use figures::{Cache, Job, Origin, Progress};
use markdown::{LinkIndex, Scan};
use output::sink::{Files, Sink};
use pages::{essay_context, render_indexes, render_page, site_context};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What to build.
#[derive(Clone)]
pub struct Options {
    /// The folder holding `content/`, `templates/` and `figures/`.
    pub root: PathBuf,
    /// Where the site goes (`ROOT/site` by default).
    pub output: PathBuf,
    /// Write the site and new figure artifacts (false for `ladder check`).
    pub write: bool,
    /// Recompute every figure.
    pub force: bool,
    /// Replace the output folder even when it holds files ladder did not
    /// write (it is never the root or inside what the build reads).
    pub replace_output: bool,
    /// The generators essays may name ([`crate::generators::REGISTRY`] but in tests).
    pub generators: &'static [&'static dyn Generator],
    /// Overrides `ladder.toml`'s `base_url` (checked by [`config::base_url`]).
    pub base_url: Option<String>,
    /// Build essays marked `draft = true` (marked as drafts on their pages);
    /// otherwise they are left out, and a link to one is an error.
    pub drafts: bool,
    /// Compare what the essays state with the last successful build's
    /// record ([`moves`]): `ladder build` and `ladder check` do, `ladder
    /// serve` does not, so an edit does not re-evaluate every essay's claims.
    pub moves: bool,
}

impl Options {
    /// Build `root` into `root/site` with every generator, writing the site
    /// and new figure artifacts, reusing artifacts where they match.
    pub fn new(root: impl Into<PathBuf>) -> Options {
        let root = root.into();
        Options {
            output: root.join("site"),
            root,
            write: true,
            force: false,
            replace_output: false,
            generators: crate::generators::REGISTRY,
            base_url: None,
            drafts: false,
            moves: true,
        }
    }
}

/// What a successful build did.
#[derive(Debug)]
pub struct Summary {
    pub pages: usize,
    /// Essay pages rendered anew (the rest were unchanged since the last build
    /// of this process).
    pub rendered: usize,
    /// Figures computed by running their generators, by label.
    pub computed: Vec<String>,
    /// Of those, the ones whose data differs from the artifact they replace.
    pub changed: Vec<String>,
    /// Figures taken from `figures/` or memory.
    pub reused: usize,
    /// Views drawn from their figures' data (the rest were in memory or in
    /// `figures/`, drawn from the same data by the same code).
    pub drawn: usize,
    pub elapsed: Duration,
    /// The site was written, but something around it could not be tidied
    /// (a previous site that cannot be removed, say).
    pub warnings: Vec<String>,
    /// What the site left out, and why (no feed without a base URL, say).
    pub notes: Vec<String>,
    /// Warnings about how the essays are written, at their lines: a claim's
    /// literal written otherwise than the site prints numbers, a caption
    /// naming a colour.
    pub lints: Vec<Diagnostic>,
    /// The values and claims whose computed values moved since the last
    /// successful `ladder build`.
    pub moves: Vec<moves::Move>,
}

/// Why a build failed.
#[derive(Debug)]
pub enum Failure {
    /// The content is wrong: every error found, and the values and claims
    /// that moved since the last successful build, as far as they could be
    /// computed (a claim that fails now among them).
    Content(Vec<Diagnostic>, Vec<moves::Move>),
    /// The machine failed us (a folder that cannot be written, say), or the
    /// output folder was refused ([`output::check::Refused`], a usage error).
    Io(anyhow::Error),
}

/// Builds the site once (or, with `write = false`, does all its work and checks).
///
/// Writing, it holds the root's lock throughout (a second build of the root
/// waits), refuses an output folder it must not replace before doing any
/// work, writes each file into a staging folder as it is made ([`output::stage`]),
/// indexes the pages written for search ([`search`]) and swaps the new site
/// in only when every step succeeded. No page is kept in memory past its
/// writing, and no essay's parsed markdown past its rendering; what stays
/// for every essay is its source (which the render parses again, the file
/// read once) and what its scan found, so a build's memory grows with its
/// essays by about twice their size on disk (about 11 KB each for the 5 KB
/// essays of `benches/scale`, 28 KB before the parse was dropped).
pub fn build(opts: Options, progress: &dyn Progress) -> Result<Summary, Failure> {
    // Built once, the site remembers no page for a next build.
    let mut site = Site {
        pages: None,
        ..Site::new(opts)
    };
    if !site.opts.write {
        return Ok(site.build(progress)?.summary);
    }
    let opts = &site.opts;
    let _lock = output::check::lock_root(&opts.root, &|| {
        let root = output::check::real_path(&opts.root).unwrap_or_else(|_| opts.root.clone());
        progress.say(&format!(
            "waiting for another build of {} to finish",
            root.display()
        ))
    })
    .map_err(Failure::Io)?;
    let out = output::check::Output::check(&opts.root, &opts.output, opts.replace_output)
        .map_err(Failure::Io)?;
    let mut warnings = out.clean_stale();
    let staging = out.stage().map_err(Failure::Io)?;
    let (mut summary, record) = site.build_into(&staging, progress)?;
    let indexing = Instant::now();
    search::index(&staging, &out.real).map_err(Failure::Io)?;
    summary.elapsed += indexing.elapsed();
    warnings.extend(out.commit(staging).map_err(Failure::Io)?);
    summary.warnings = warnings;
    if let Some(record) = &record
        && let Err(note) = record.store(&site.opts.root.join("figures"), &site.opts.root)
    {
        summary.notes.push(note);
    }
    Ok(summary)
}

/// A built site: every file, in memory.
pub struct Built {
    pub files: Files,
    pub summary: Summary,
    /// What the essays state, for `figures/` (none where a file ladder did
    /// not write stands in its place).
    pub record: Option<moves::Record>,
}

/// A site that can be built again and again (as `ladder serve` does), keeping
/// computed figures and rendered pages in memory: a rebuild recomputes and
/// re-renders only what its inputs changed.
pub struct Site {
    pub opts: Options,
    memory: figures::Memory,
    /// Rendered essay pages by URL, with the hash of everything they came
    /// from (`None` for a site built once, which needs none).
    pages: Option<HashMap<String, (blake3::Hash, String)>>,
    /// Each figure's data file, by figure: serialised
    /// once, however often the site is rebuilt, and shared by the essays
    /// that show the figure.
    data_files: HashMap<figures::Key, Arc<str>>,
}

impl Site {
    pub fn new(opts: Options) -> Site {
        Site {
            opts,
            memory: figures::Memory::new(),
            pages: Some(HashMap::new()),
            data_files: HashMap::new(),
        }
    }

    /// Runs the whole pipeline and returns the site's files (written nowhere):
    /// load, scan, plan, compute, bind and render; [`build`] writes them.
    pub fn build(&mut self, progress: &dyn Progress) -> Result<Built, Failure> {
        let files = Mutex::new(Files::default());
        let (summary, record) = self.build_into(&files, progress)?;
        Ok(Built {
            files: files.into_inner().expect("no add panics"),
            summary,
            record,
        })
    }

    /// Runs the whole pipeline, putting each file into `sink` as it is made;
    /// returns what the build did and what the essays state (none where a
    /// file ladder did not write stands in its place). On an error, `sink`
    /// may hold some of the files.
    fn build_into(
        &mut self,
        sink: &dyn Sink,
        progress: &dyn Progress,
    ) -> Result<(Summary, Option<moves::Record>), Failure> {
        let started = Instant::now();
        // Every page passes the math font's watch on its way out.
        let math = font::MathText::new(sink);
        let sink: &dyn Sink = &math;
        let opts = &self.opts;
        let mut errors = Vec::new();
        let input = load(opts, &mut errors)?;
        let scans = scan(&input.essays, opts.generators, &mut errors);
        let plan = Plan::of(&scans);
        let cache = Cache {
            dir: opts.root.join("figures"),
            root: opts.root.clone(),
            write: opts.write,
            force: opts.force,
        };
        let results = figures::compute(&plan.jobs, &cache, &mut self.memory, progress);
        let previous = if opts.moves {
            moves::Record::read(&cache.dir, &opts.root)
        } else {
            Ok(None)
        };
        let mut statements = moves::Statements::default();
        // Like the figures in memory, only the latest build's data files are kept.
        let keys: HashSet<&figures::Key> = plan.jobs.iter().map(|j| &j.key).collect();
        self.data_files.retain(|key, _| keys.contains(key));

        let Input {
            essays,
            drafts,
            config,
            ladders,
            templates,
        } = &input;
        let mut links = LinkIndex::of(essays, &scans);
        for draft in drafts {
            links.left_out(&draft.content_path);
        }
        let site = site_context(essays, ladders, config);
        // What every essay page depends on besides its own source and figures.
        let shared = blake3::hash(
            format!(
                "{}\n{config:?}\n{}\n{}",
                templates.hash,
                serde_json::to_string(&site).expect("site context serialises"),
                serde_json::to_string(&links).expect("links serialise"),
            )
            .as_bytes(),
        );
        // Binding is sequential (it shares the data files kept across
        // builds); evaluating the statements and rendering are parallel,
        // each page put into the sink as it is rendered (no two essays share
        // a page), the rest merged in essay order, so the site and its
        // errors do not depend on thread timing.
        let bound: Vec<Bound> = essays
            .iter()
            .enumerate()
            .map(|(i, essay)| {
                bind(
                    essay,
                    &scans[i],
                    &plan,
                    &plan.uses[i],
                    &results,
                    &mut self.data_files,
                    &mut errors,
                )
            })
            .collect();
        if opts.moves {
            let stated: Vec<moves::Statements> = (essays.par_iter().zip(&scans).zip(&bound))
                .map(|((essay, scan), bound)| moves::Statements::of(essay, scan, &bound.data))
                .collect();
            stated.into_iter().for_each(|s| statements.append(s));
        }
        let pages = &self.pages;
        let outcomes: Vec<(blake3::Hash, Outcome, Vec<Diagnostic>)> = essays
            .par_iter()
            .zip(&scans)
            .zip(&bound)
            .map(|((essay, scan), bound)| {
                let mut key = blake3::Hasher::new();
                key.update(shared.as_bytes());
                key.update(bound.key.as_bytes());
                let key = key.finalize();
                let url = essay.url();
                let path = essay.dir().join("index.html");
                if !essay.is_intro()
                    && let Some((k, html)) = pages.as_ref().and_then(|p| p.get(&url))
                    && *k == key
                {
                    sink.add(path, html.as_bytes());
                    return (key, Outcome::Unchanged, Vec::new());
                }
                let ctx = markdown::Context {
                    essay,
                    scan,
                    data: &bound.data,
                    figures: &bound.shown,
                    links: &links,
                    broken: &bound.broken,
                    allow_scripts: config.markdown.allow_scripts,
                };
                let mut warnings = Vec::new();
                let rendered = markdown::render(&ctx).map(|mut r| {
                    warnings = std::mem::take(&mut r.warnings);
                    r
                });
                if let content::Kind::Intro { title, .. } = &essay.kind {
                    let html = rendered.map(|r| r.html);
                    return (key, Outcome::Intro(title.as_deref(), html), warnings);
                }
                let page = rendered.and_then(|html| {
                    let page = essay_context(essay, essays, ladders, html);
                    render_page(
                        &templates.tera,
                        "essay.html",
                        "../../",
                        Some(&url),
                        &site,
                        "essay",
                        &page,
                    )
                    .map_err(|e| {
                        e.diagnostics(&opts.root.join("templates/essay.html"), Some(essay))
                    })
                });
                let kept = page.map(|html| {
                    sink.add(path, html.as_bytes());
                    pages.is_some().then_some(html)
                });
                (key, Outcome::Page(kept), warnings)
            })
            .collect();
        let mut rendered = 0;
        // The introductions' words, by ladder ("" for the front page's).
        let mut intros = BTreeMap::new();
        let leads = essays
            .iter()
            .zip(&scans)
            .zip(&bound)
            .filter(|((e, _), _)| !e.is_intro())
            .filter_map(|((e, scan), b)| Some((e.url(), pages::lead(scan, &b.shown)?)))
            .collect();
        let mut lints = Vec::new();
        for ((essay, bound), (key, outcome, warnings)) in essays.iter().zip(bound).zip(outcomes) {
            lints.extend(warnings);
            for (path, text) in bound.files {
                sink.add(path, text.as_bytes());
            }
            match outcome {
                Outcome::Unchanged => {}
                Outcome::Intro(title, Ok(html)) => {
                    intros.insert(essay.front.ladder(), (title, html));
                }
                Outcome::Page(Ok(kept)) => {
                    if let (Some(pages), Some(html)) = (&mut self.pages, kept) {
                        pages.insert(essay.url(), (key, html));
                    }
                    rendered += 1;
                }
                Outcome::Intro(_, Err(e)) | Outcome::Page(Err(e)) => errors.extend(e),
            }
        }
        let mut files = Files::default();
        render_indexes(
            &opts.root,
            templates,
            &site,
            essays,
            &pages::Fronts { intros, leads },
            &mut files,
            &mut errors,
        );
        let mut notes = discovery::add(config, essays, ladders, &mut files);
        for (path, bytes) in files.0 {
            sink.add(path, &bytes);
        }
        if errors.is_empty() {
            sink.add(layout::FONT.into(), &math.font());
        }
        if !drafts.is_empty() {
            let names: Vec<String> = drafts.iter().map(|d| d.content_path.clone()).collect();
            notes.push(format!(
                "left out {} draft{} (build with --drafts to include): {}",
                drafts.len(),
                if drafts.len() == 1 { "" } else { "s" },
                names.join(", ")
            ));
        }

        let moves = match &previous {
            Ok(Some(record)) => statements.moves(record),
            _ => Vec::new(),
        };
        if !errors.is_empty() {
            errors.sort_by(|a, b| (&a.path, a.line, a.col).cmp(&(&b.path, b.line, b.col)));
            errors.dedup();
            return Err(Failure::Content(errors, moves));
        }
        if let Err(note) = &previous {
            notes.push(note.clone());
        }
        let computed: Vec<(String, bool)> = plan
            .jobs
            .iter()
            .zip(&results)
            .filter_map(|(job, r)| match r.as_ref().ok()?.origin {
                Origin::Computed { changed } => Some((job.label(), changed)),
                _ => None,
            })
            .collect();
        let summary = Summary {
            // The essays, the ladders, the front page, the list of every
            // essay, the search page and the page for a missing one.
            pages: essays.iter().filter(|e| !e.is_intro()).count() + ladders.len() + 4,
            rendered,
            reused: plan.jobs.len() - computed.len(),
            drawn: results.iter().flatten().map(|got| got.drawn).sum(),
            changed: computed
                .iter()
                .filter(|c| c.1)
                .map(|c| c.0.clone())
                .collect(),
            computed: computed.into_iter().map(|c| c.0).collect(),
            elapsed: started.elapsed(),
            warnings: Vec::new(),
            lints,
            notes,
            moves,
        };
        let record = (opts.moves && previous.is_ok()).then(|| statements.record());
        Ok((summary, record))
    }
}

/// What became of one essay in the render stage.
enum Outcome<'a> {
    /// Its page, as rendered by an earlier build of this site, put in the sink.
    Unchanged,
    /// An introduction's title and words, as HTML.
    Intro(Option<&'a str>, Result<String, Vec<Diagnostic>>),
    /// A rung's page, put in the sink; a copy when the site remembers its
    /// pages.
    Page(Result<Option<String>, Vec<Diagnostic>>),
}

/// What a build reads: the essays, the site's configuration, its ladders and
/// its templates.
struct Input {
    essays: Vec<Essay>,
    /// The drafts left out of the build.
    drafts: Vec<Essay>,
    config: config::Config,
    ladders: Vec<Ladder>,
    templates: templates::Templates,
}

/// Stage 1: loads what the build reads. Only a missing or unreadable
/// `content/`, or a `figures/` that leads outside the project, stops the
/// build here; other errors are collected in `errors`,
/// with defaults standing in, so that every error is found.
fn load(opts: &Options, errors: &mut Vec<Diagnostic>) -> Result<Input, Failure> {
    let content_dir = opts.root.join("content");
    if !content_dir.is_dir() {
        return Err(Failure::Content(
            vec![Diagnostic::file(
                &content_dir,
                "no content folder: expected essays in content/**/*.md",
            )],
            Vec::new(),
        ));
    }
    // Artifacts are read and written there: never outside the project.
    walk::inside(&opts.root.join("figures"), &opts.root)
        .map_err(|e| Failure::Content(vec![e], Vec::new()))?;
    let mut essays = content::load(&content_dir, &opts.root)
        .map_err(|errors| Failure::Content(errors, Vec::new()))?;
    let mut drafts = Vec::new();
    if !opts.drafts {
        (drafts, essays) = essays.into_iter().partition(|e| e.front.draft);
        // An introduction of a ladder whose essays are all drafts goes too.
        let kept: HashSet<String> = essays
            .iter()
            .filter(|e| !e.is_intro())
            .map(|e| e.front.ladder().to_string())
            .collect();
        let left_out: HashSet<&str> = drafts.iter().map(|e| e.front.ladder()).collect();
        essays.retain(|e| {
            !e.is_intro() || kept.contains(e.front.ladder()) || !left_out.contains(e.front.ladder())
        });
    }
    let mut config = config::Config::load(&opts.root).unwrap_or_else(|e| {
        errors.push(e);
        config::Config::default()
    });
    if opts.base_url.is_some() {
        config.base_url.clone_from(&opts.base_url);
    }
    let ladders = content::ladders(&essays).unwrap_or_else(|e| {
        errors.extend(e);
        Vec::new()
    });
    let templates = templates::load(&opts.root.join("templates"), &opts.root).unwrap_or_else(|e| {
        errors.extend(e);
        templates::defaults()
    });
    Ok(Input {
        essays,
        drafts,
        config,
        ladders,
        templates,
    })
}

/// Stage 2: each essay's headings and directives.
fn scan(
    essays: &[Essay],
    generators: &[&'static dyn Generator],
    errors: &mut Vec<Diagnostic>,
) -> Vec<Scan> {
    essays
        .iter()
        .map(|e| {
            let (scan, errs) = markdown::scan(e, generators);
            errors.extend(errs);
            scan
        })
        .collect()
}

/// Stage 3: the jobs to compute. Each distinct generator and parameters is
/// one job, showing the union of the views its figures show.
struct Plan {
    jobs: Vec<Job>,
    /// For each essay, for each of its directives, its job.
    uses: Vec<Vec<usize>>,
}

impl Plan {
    fn of(scans: &[Scan]) -> Plan {
        let mut jobs: Vec<Job> = Vec::new();
        let mut job_of: HashMap<figures::Key, usize> = HashMap::new();
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
struct Bound<'a> {
    data: EssayData<'a>,
    shown: BTreeMap<String, markdown::Shown<'a>>,
    /// Ids whose directive or figure failed (and was reported).
    broken: HashSet<String>,
    files: Vec<(PathBuf, Arc<str>)>,
    /// The hash of the essay's source and of everything its figures show.
    key: blake3::Hash,
}

/// Stage 5: binds an essay's directives (`uses` their jobs) to the computed
/// figures, reporting failed jobs, failing identities and views not drawn in
/// `errors`. Data files are named after the first figure in the essay that
/// links them: a job's whole data as JSON, each view's values as CSV; a
/// `data` directive writes none. Serialised data are kept in `data_files`.
fn bind<'a>(
    essay: &Essay,
    scan: &'a Scan,
    plan: &'a Plan,
    uses: &[usize],
    results: &'a [Result<figures::Got, String>],
    data_files: &mut HashMap<figures::Key, Arc<str>>,
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
            let doc = d.generator.spec().views.iter().find(|v| v.name == d.view);
            errors.push(src.error_at(
                d.offset,
                format!(
                    "figure `{}`: generator `{name}` draws no `{}` view with these parameters \
                     (`{}`: {})",
                    d.id,
                    d.view,
                    d.view,
                    doc.map_or("", |v| v.doc.trim_end_matches('.'))
                ),
            ));
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
            markdown::Shown {
                view,
                json: json.clone(),
                csv: csv.clone(),
            },
        );
    }
    bound.key = key.finalize();
    bound
}

/// A figure's data file in the site, beside its page.
#[derive(Serialize)]
struct DataFile<'a> {
    generator: &'a str,
    params: &'a crate::generators::Params,
    checks: &'a [crate::generators::Check],
    data: &'a crate::generators::Data,
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
