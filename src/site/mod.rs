//! The site pipeline: turns `DIR/content/` into `DIR/site/`, in stages that
//! [`Site::build`] reads as, one method each of the `Build` value they
//! share:
//!
//! 1. load: every essay and its front matter ([`content`]), `ladder.toml`
//!    ([`config`]), the ladders and the templates ([`templates`]);
//! 2. scan: each essay's markdown parsed: its headings and generator
//!    directives ([`markdown::scan()`], [`directives`]); the parse itself is
//!    not kept;
//! 3. plan: one job per distinct generator and parameters (`bind.rs` holds
//!    the scan, the plan and the binding);
//! 4. compute: run each job once, in parallel, and draw the views it shows,
//!    reusing artifacts in `DIR/figures/` ([`figures`]);
//! 5. bind: each essay's directives to their figures, with its data files; a
//!    failing identity, a panic or a view not drawn is an error at the directive;
//! 6. render: each essay's markdown, parsed again, to HTML, with `MathML`
//!    ([`math`]), values and checked claims ([`crate::claims`]) and resolved links
//!    ([`markdown::render()`]), then pages from the templates;
//! 7. write: each file into a staging folder as it is made, a page as soon
//!    as it is rendered, but for files the previous site holds as they are
//!    ([`output::stage`]); index the pages for search
//!    ([`search`]) and swap the new site in, only if every step succeeded
//!    ([`output`]), and record every value and claim the essays state, so
//!    that the next build (or `ladder check`) names those that changed
//!    ([`changes`]); or [`serve`] it from memory, rebuilding on every change,
//!    without a search index.
//!
//! Every content error is collected and reported ([`diagnostics`]), not only
//! the first. The pipeline imports generators through their registry and
//! knows no game. No two sibling files of the site import each other,
//! directly or round a loop (in `scripts/` and `serve/` a folder's `mod.rs`
//! and its files still do); each file's module doc says what it imports.

mod bind;
pub mod changes;
pub mod config;
pub mod content;
pub mod diagnostics;
pub mod directives;
pub mod discovery;
pub mod font;
pub mod layout;
pub mod leads;
pub mod markdown;
pub mod math;
mod options;
pub mod output;
pub mod pages;
pub mod read;
pub mod scripts;
pub mod search;
pub mod serve;
pub mod templates;
pub mod titles;
pub mod typography;

use crate::figures::{self, Cache, FigureError, Got, Origin, Progress};
use bind::{Bound, Plan};
use changes::Statements;
use content::{Essay, Ladder};
use diagnostics::Diagnostic;
use markdown::{LinkIndex, Scan};
pub use options::{Options, StoreOptions};
use output::sink::{Files, Sink};
use pages::{SiteContext, essay_context, render_page, site_context};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a successful build did.
#[derive(Debug)]
pub struct Summary {
    /// Pages written.
    pub pages: usize,
    /// Essay pages rendered anew (the rest were unchanged since the last build
    /// of this process).
    pub rendered: usize,
    /// Values and claims evaluated: each once a build, for the page and the
    /// record of values alike (none of a page kept unchanged by `ladder
    /// serve`, which keeps no record).
    pub evaluated: usize,
    /// Figures computed by running their generators, by label.
    pub computed: Vec<String>,
    /// Of those, the ones whose data differs from the artifact they replace.
    pub changed: Vec<String>,
    /// Figures taken from `figures/`, the figure store or memory.
    pub reused: usize,
    /// Of those, the ones read from the figure store.
    pub fetched: usize,
    /// Views drawn from their figures' data (the rest were in memory or in
    /// `figures/`, drawn from the same data by the same code).
    pub drawn: usize,
    /// How long the build took.
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
    /// The values and claims whose computed values changed since the last
    /// successful `ladder build`.
    pub changes: Vec<changes::Change>,
    /// With [`Options::unclaimed`], each number the essays write outside
    /// claims, math and code, at its place (the message is the number).
    pub unclaimed: Vec<Diagnostic>,
}

/// Why a build failed.
#[derive(Debug)]
pub enum Failure {
    /// The content is wrong: every error found, and the values and claims
    /// that changed since the last successful build, as far as they could be
    /// computed (a claim that fails now among them).
    Content(Vec<Diagnostic>, Vec<changes::Change>),
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
/// for every essay is its source (whose markdown the render parses again,
/// the file read once) and what its scan found (its body with each claim
/// taken out and parsed, once), so a build's memory grows with its
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
        ));
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
        summary.notes.push(note.to_string());
    }
    Ok(summary)
}

/// A built site: every file, in memory.
pub struct Built {
    /// Every file, by path.
    pub files: Files,
    /// What the build did.
    pub summary: Summary,
    /// What the essays state, for `figures/` (none where a file ladder did
    /// not write stands in its place).
    pub record: Option<changes::Record>,
}

/// A site that can be built again and again (as `ladder serve` does), keeping
/// computed figures and rendered pages in memory: a rebuild recomputes and
/// re-renders only what its inputs changed.
pub struct Site {
    /// What to build.
    pub opts: Options,
    memory: figures::Memory,
    /// Rendered essay pages by URL, with the hash of everything they came
    /// from (`None` for a site built once, which needs none).
    pages: Option<Pages>,
    /// Each figure's data file, by figure: serialised
    /// once, however often the site is rebuilt, and shared by the essays
    /// that show the figure.
    data_files: HashMap<figures::Key, Arc<str>>,
    /// The figure store of the last build, which the next reuses while it
    /// is named alike and has not failed.
    store: Option<Arc<figures::Store>>,
}

impl Site {
    /// A site to build with `opts`, nothing in memory yet.
    pub fn new(opts: Options) -> Site {
        Site {
            opts,
            memory: figures::Memory::new(),
            pages: Some(HashMap::new()),
            data_files: HashMap::new(),
            store: None,
        }
    }

    /// Runs the whole pipeline and returns the site's files (written nowhere):
    /// load, scan, plan, compute, bind and render; [`build`] writes them.
    pub fn build(&mut self, progress: &dyn Progress) -> Result<Built, Failure> {
        let files = Mutex::new(Files::default());
        let (summary, record) = self.build_into(&files, progress)?;
        Ok(Built {
            files: files.into_inner().expect("nothing panics holding the lock"),
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
    ) -> Result<(Summary, Option<changes::Record>), Failure> {
        // Every page passes the math font's watch on its way out.
        let math = font::MathText::new(sink);
        let mut build = Build::new(&self.opts, &math);
        let input = build.load()?;
        // The figure cache is opened while the essays are scanned: a store's
        // client reads the system's root certificates as it is made.
        let (scans, cache) = std::thread::scope(|s| {
            let opening = s.spawn(|| self.opts.cache(&input.config, self.store.as_ref()));
            let scans = build.scan(&input.essays);
            let cache = opening
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (scans, cache)
        });
        let plan = Plan::of(&scans);
        let cache = cache.map_err(|e| Failure::Io(e.into()))?;
        let kept = (&mut self.memory, &mut self.store);
        let results = Build::compute(&cache, &plan, kept, progress)?;
        let previous = build.previous();
        let bound = build.bind(&input.essays, &scans, &plan, &results, &mut self.data_files);
        let shared = Shared::of(&input, &scans);
        let (fronts, statements) = build.render_essays(&shared, &scans, bound, &mut self.pages);
        build.render_indexes(&shared, &fronts);
        build.add_font(&math);
        build.note_drafts(&input.drafts);
        build.finish(&input, &plan, &results, &previous, &statements)
    }
}

/// One run of the pipeline: what its stages share (the options, where files
/// go, the errors, warnings and notes found so far), with one method a
/// stage, which [`Site::build_into`] calls in turn.
struct Build<'a> {
    opts: &'a Options,
    sink: &'a dyn Sink,
    started: Instant,
    errors: Vec<Diagnostic>,
    /// Warnings about how the essays are written.
    lints: Vec<Diagnostic>,
    notes: Vec<String>,
    /// Essay pages rendered anew.
    rendered: usize,
    /// Values and claims evaluated.
    evaluated: usize,
    /// The numbers written outside claims, when asked for.
    unclaimed: Vec<Diagnostic>,
}

/// What every page is rendered with besides its own essay: what the build
/// read, the links to essays, the site's context and the hash of them all.
struct Shared<'a> {
    input: &'a Input,
    links: LinkIndex,
    site: SiteContext,
    /// What every essay page depends on besides its own source and figures.
    hash: blake3::Hash,
}

impl Shared<'_> {
    fn of<'a>(input: &'a Input, scans: &[Scan]) -> Shared<'a> {
        let mut links = LinkIndex::of(&input.essays, scans);
        for draft in &input.drafts {
            links.left_out(&draft.content_path);
        }
        let config = &input.config;
        let site = site_context(&input.essays, &input.ladders, config);
        let hash = blake3::hash(
            format!(
                "{}\n{config:?}\n{}\n{}",
                input.templates.hash,
                serde_json::to_string(&site).expect("site context serialises"),
                serde_json::to_string(&links).expect("links serialise"),
            )
            .as_bytes(),
        );
        Shared {
            input,
            links,
            site,
            hash,
        }
    }
}

impl<'a> Build<'a> {
    fn new(opts: &'a Options, sink: &'a dyn Sink) -> Build<'a> {
        Build {
            opts,
            sink,
            started: Instant::now(),
            errors: Vec::new(),
            lints: Vec::new(),
            notes: Vec::new(),
            rendered: 0,
            evaluated: 0,
            unclaimed: Vec::new(),
        }
    }

    /// Stage 1: loads what the build reads. Only a missing or unreadable
    /// `content/`, or a `figures/` that leads outside the project, stops the
    /// build here; other errors are collected, with defaults standing in, so
    /// that every error is found.
    fn load(&mut self) -> Result<Input, Failure> {
        let opts = self.opts;
        let content_dir = opts.root.join("content");
        if !content_dir.is_dir() {
            return Err(Failure::Content(
                vec![Diagnostic::file(
                    &content_dir,
                    "no content folder: expected essays in content/**/*.md; run ladder in \
                     the folder that holds content/, or name that folder with --root DIR",
                )],
                Vec::new(),
            ));
        }
        // Artifacts are read and written there: never outside the project.
        read::inside(&opts.root.join("figures"), &opts.root)
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
                !e.is_intro()
                    || kept.contains(e.front.ladder())
                    || !left_out.contains(e.front.ladder())
            });
        }
        let mut config = config::Config::load(&opts.root).unwrap_or_else(|e| {
            self.errors.push(e);
            config::Config::default()
        });
        if opts.base_url.is_some() {
            config.base_url.clone_from(&opts.base_url);
        }
        let ladders = content::ladders(&essays).unwrap_or_else(|e| {
            self.errors.extend(e);
            Vec::new()
        });
        let (notes, warnings) = titles::notes(&essays, &ladders);
        self.notes.extend(notes);
        self.lints.extend(warnings);
        let templates =
            templates::load(&opts.root.join("templates"), &opts.root).unwrap_or_else(|e| {
                self.errors.extend(e);
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
    fn scan(&mut self, essays: &[Essay]) -> Vec<Scan> {
        let scans = bind::scan(essays, self.opts.generators, &mut self.errors);
        if self.opts.unclaimed {
            self.unclaimed = bind::unclaimed(essays, &scans);
        }
        scans
    }

    /// Stage 4: runs each job once, in parallel, reusing artifacts in
    /// `figures/` and the figure store (`cache`) and figures in `memory`;
    /// the store is kept for the next build (`store`).
    fn compute(
        cache: &Cache,
        plan: &Plan,
        (memory, store): (&mut figures::Memory, &mut Option<Arc<figures::Store>>),
        progress: &dyn Progress,
    ) -> Result<Vec<Result<Got, FigureError>>, Failure> {
        store.clone_from(&cache.store);
        let results = figures::compute(&plan.jobs, cache, memory, progress);
        match cache.required_failure() {
            Some(failure) => Err(Failure::Io(anyhow::anyhow!(failure))),
            None => Ok(results),
        }
    }

    /// The record of what the essays stated at the last successful build,
    /// when this build compares with it.
    fn previous(&self) -> Result<Option<changes::Record>, changes::RecordError> {
        if self.opts.changes {
            changes::Record::read(&self.opts.root.join("figures"), &self.opts.root)
        } else {
            Ok(None)
        }
    }

    /// Stage 5: binds each essay's directives to their figures, in turn (the
    /// essays share the data files, kept across builds; like the figures in
    /// memory, only the latest build's).
    fn bind<'b>(
        &mut self,
        essays: &[Essay],
        scans: &'b [Scan],
        plan: &'b Plan,
        results: &'b [Result<Got, FigureError>],
        data_files: &mut HashMap<figures::Key, Arc<str>>,
    ) -> Vec<Bound<'b>> {
        let keys: HashSet<&figures::Key> = plan.jobs.iter().map(|j| &j.key).collect();
        data_files.retain(|key, _| keys.contains(key));
        essays
            .iter()
            .enumerate()
            .map(|(i, essay)| {
                let uses = &plan.uses[i];
                bind::bind(
                    essay,
                    &scans[i],
                    plan,
                    uses,
                    results,
                    data_files,
                    &mut self.errors,
                )
            })
            .collect()
    }

    /// Stage 6: evaluates each essay's values and claims once and renders
    /// the essays in parallel, each page put into the sink as it is rendered
    /// (no two essays share a page), the rest merged in essay order, so the
    /// site and its errors do not depend on thread timing. Returns what the
    /// pages that list essays show of them, and what the essays state when
    /// this build compares them with the last successful build's (from the
    /// same evaluation).
    fn render_essays<'i>(
        &mut self,
        shared: &Shared<'i>,
        scans: &[Scan],
        bound: Vec<Bound>,
        pages: &mut Option<Pages>,
    ) -> (pages::Fronts<'i>, changes::Statements) {
        let essays = &shared.input.essays;
        let mut statements = changes::Statements::default();
        let outcomes: Vec<(blake3::Hash, Outcome<'i>, Vec<Diagnostic>)> = {
            let (build, kept) = (&*self, pages.as_ref());
            let rendered: Vec<_> = (essays.par_iter().zip(scans).zip(&bound))
                .map(|((essay, scan), bound)| build.render_essay(shared, essay, scan, bound, kept))
                .collect();
            rendered
                .into_iter()
                .map(|(outcome, stated, evaluated)| {
                    statements.append(stated);
                    self.evaluated += evaluated;
                    outcome
                })
                .collect()
        };
        // The introductions' words, by ladder ("" for the front page's).
        let mut intros = BTreeMap::new();
        let leads = essays
            .iter()
            .zip(scans)
            .zip(&bound)
            .filter(|((e, _), _)| !e.is_intro())
            .filter_map(|((e, scan), b)| Some((e.url(), leads::essay_lead(scan, &b.shown)?)))
            .collect();
        let shown: Vec<_> = bound.iter().map(|b| &b.shown).collect();
        let (ladder_leads, errors) =
            leads::ladder_leads(essays, &shared.input.ladders, scans, &shown, &leads);
        self.errors.extend(errors);
        for ((essay, bound), (key, outcome, warnings)) in essays.iter().zip(bound).zip(outcomes) {
            self.lints.extend(warnings);
            for (path, text) in bound.files {
                self.sink.add(path, text.as_bytes());
            }
            match outcome {
                Outcome::Unchanged => {}
                Outcome::Intro(title, Ok(html)) => {
                    intros.insert(essay.front.ladder(), (title, html));
                }
                Outcome::Page(Ok(kept)) => {
                    if let (Some(pages), Some(html)) = (pages.as_mut(), kept) {
                        pages.insert(essay.url(), (key, html));
                    }
                    self.rendered += 1;
                }
                Outcome::Intro(_, Err(e)) | Outcome::Page(Err(e)) => self.errors.extend(e),
            }
        }
        let fronts = pages::Fronts {
            intros,
            leads,
            ladder_leads,
        };
        (fronts, statements)
    }

    /// Renders one essay: its page, put into the sink (the page an earlier
    /// build of this site rendered from the same inputs, if `pages` holds
    /// it), or an introduction's words; with what it states, for the record,
    /// and how many expressions were evaluated. Its values and claims are
    /// evaluated once, for both, and not at all for a page kept when this
    /// build keeps no record.
    fn render_essay<'i>(
        &self,
        shared: &Shared<'i>,
        essay: &'i Essay,
        scan: &Scan,
        bound: &Bound,
        pages: Option<&Pages>,
    ) -> (Rendered<'i>, changes::Statements, usize) {
        let mut key = blake3::Hasher::new();
        key.update(shared.hash.as_bytes());
        key.update(bound.key.as_bytes());
        let key = key.finalize();
        let url = essay.url();
        let path = essay.dir().join("index.html");
        let kept = pages
            .as_ref()
            .and_then(|p| p.get(&url))
            .filter(|(k, _)| !essay.is_intro() && *k == key);
        if kept.is_some() && !self.opts.changes {
            self.sink
                .add(path, kept.map_or("", |(_, html)| html).as_bytes());
            return (
                (key, Outcome::Unchanged, Vec::new()),
                Statements::default(),
                0,
            );
        }
        let inputs = markdown::values::Inputs {
            data: &bound.data,
            figures: &bound.shown,
            broken: &bound.broken,
        };
        let values = markdown::Values::of(scan, &inputs);
        let stated = if self.opts.changes {
            Statements::of(essay, scan, &values)
        } else {
            Statements::default()
        };
        if let Some((_, html)) = kept {
            self.sink.add(path, html.as_bytes());
            return (
                (key, Outcome::Unchanged, Vec::new()),
                stated,
                values.evaluated,
            );
        }
        let input = shared.input;
        let ctx = markdown::Context {
            essay,
            scan,
            values: &values,
            figures: &bound.shown,
            links: &shared.links,
            broken: &bound.broken,
            allow_scripts: input.config.markdown.allow_scripts,
        };
        let mut warnings = Vec::new();
        let rendered = markdown::render(&ctx).map(|mut r| {
            warnings = std::mem::take(&mut r.warnings);
            r
        });
        if let content::Kind::Intro { title, .. } = &essay.kind {
            let html = rendered.map(|r| r.html);
            let outcome = (key, Outcome::Intro(title.as_deref(), html), warnings);
            return (outcome, stated, values.evaluated);
        }
        let page = rendered.and_then(|html| {
            let page = essay_context(essay, &input.essays, &input.ladders, html);
            render_page(
                &input.templates.tera,
                "essay.html",
                "../../",
                Some(&url),
                &shared.site,
                "essay",
                &page,
            )
            .map_err(|e| e.diagnostics(&self.opts.root.join("templates/essay.html"), Some(essay)))
        });
        let kept = page.map(|html| {
            self.sink.add(path, html.as_bytes());
            pages.is_some().then_some(html)
        });
        (
            (key, Outcome::Page(kept), warnings),
            stated,
            values.evaluated,
        )
    }

    /// Stage 6, the rest: the pages that list essays, the feed and the
    /// sitemap.
    fn render_indexes(&mut self, shared: &Shared<'_>, fronts: &pages::Fronts<'_>) {
        let input = shared.input;
        let mut files = Files::default();
        pages::render_indexes(
            &self.opts.root,
            &input.templates,
            &shared.site,
            &input.essays,
            fronts,
            &mut files,
            &mut self.errors,
        );
        let notes = discovery::add(&input.config, &input.essays, &input.ladders, &mut files);
        self.notes.extend(notes);
        for (path, bytes) in files.0 {
            self.sink.add(path, &bytes);
        }
    }

    /// The math font, cut to the math of every page, when every page was
    /// made.
    fn add_font(&self, math: &font::MathText) {
        if self.errors.is_empty() {
            self.sink.add(layout::FONT.into(), &math.font());
        }
    }

    /// Names the drafts left out.
    fn note_drafts(&mut self, drafts: &[Essay]) {
        if !drafts.is_empty() {
            let names: Vec<String> = drafts.iter().map(|d| d.content_path.clone()).collect();
            self.notes.push(format!(
                "left out {} draft{} (build with --drafts to include): {}",
                drafts.len(),
                if drafts.len() == 1 { "" } else { "s" },
                names.join(", ")
            ));
        }
    }

    /// What the build did, or every error it found, with the values and
    /// claims that changed since the last successful build; and the record of
    /// what the essays state now, when there is one to keep.
    fn finish(
        mut self,
        input: &Input,
        plan: &Plan,
        results: &[Result<Got, FigureError>],
        previous: &Result<Option<changes::Record>, changes::RecordError>,
        statements: &changes::Statements,
    ) -> Result<(Summary, Option<changes::Record>), Failure> {
        let changes = match previous {
            Ok(Some(record)) => statements.changes(record),
            _ => Vec::new(),
        };
        if !self.errors.is_empty() {
            let mut errors = self.errors;
            errors.sort_by(|a, b| (&a.path, a.line, a.col).cmp(&(&b.path, b.line, b.col)));
            errors.dedup();
            return Err(Failure::Content(errors, changes));
        }
        if let Err(note) = previous {
            self.notes.push(note.to_string());
        }
        let computed: Vec<(String, bool)> = plan
            .jobs
            .iter()
            .zip(results)
            .filter_map(|(job, r)| match r.as_ref().ok()?.origin {
                Origin::Computed { changed } => Some((job.label(), changed)),
                _ => None,
            })
            .collect();
        let summary = Summary {
            // The essays, the ladders, the front page, the list of every
            // essay, the search page and the page for a missing one.
            pages: input.essays.iter().filter(|e| !e.is_intro()).count() + input.ladders.len() + 4,
            rendered: self.rendered,
            evaluated: self.evaluated,
            reused: plan.jobs.len() - computed.len(),
            fetched: results
                .iter()
                .flatten()
                .filter(|got| got.origin == Origin::Fetched)
                .count(),
            drawn: results.iter().flatten().map(|got| got.drawn).sum(),
            changed: computed
                .iter()
                .filter(|c| c.1)
                .map(|c| c.0.clone())
                .collect(),
            computed: computed.into_iter().map(|c| c.0).collect(),
            elapsed: self.started.elapsed(),
            warnings: Vec::new(),
            lints: self.lints,
            notes: self.notes,
            changes,
            unclaimed: self.unclaimed,
        };
        let record = (self.opts.changes && previous.is_ok()).then(|| statements.record());
        Ok((summary, record))
    }
}

/// The site's jobs: what a build with `opts` computes (stages 1 to 3, load,
/// scan and plan), one per distinct generator and parameters, in the order
/// the essays first name them; and the figure cache the build looks in.
/// Content errors are errors here as in a build.
pub fn jobs(opts: &Options) -> Result<(Vec<figures::Job>, Cache), Failure> {
    let files = Mutex::new(Files::default());
    let mut build = Build::new(opts, &files);
    let input = build.load()?;
    let scans = build.scan(&input.essays);
    if !build.errors.is_empty() {
        return Err(Failure::Content(build.errors, Vec::new()));
    }
    let cache = opts
        .cache(&input.config, None)
        .map_err(|e| Failure::Io(e.into()))?;
    Ok((Plan::of(&scans).jobs, cache))
}

/// Rendered essay pages by URL, with the hash of everything each came from.
type Pages = HashMap<String, (blake3::Hash, String)>;

/// What became of one essay's page: the hash of its inputs, its outcome
/// and the warnings about how it is written.
type Rendered<'a> = (blake3::Hash, Outcome<'a>, Vec<Diagnostic>);

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
