//! The site pipeline: turns `DIR/content/` into `DIR/site/`.
//!
//! 1. [`content`]: read every essay and its front matter; arrange ladders.
//! 2. [`markdown::scan`]: find each essay's headings and generator directives
//!    ([`directives`]).
//! 3. [`figures`]: run each distinct generator job once, in parallel, reusing
//!    artifacts in `DIR/figures/`; a failing identity or a panic is an error at
//!    the directive.
//! 4. [`markdown::render`]: essays to HTML, with MathML ([`math`]), values and
//!    checked claims ([`claims`]) and resolved links.
//! 5. [`templates`]: pages from tera templates.
//! 6. [`output`]: swap the new site in, only if every step succeeded; or
//!    [`serve`] it from memory, rebuilding on every change.
//!
//! Every content error is collected and reported ([`diagnostics`]), not only
//! the first. The pipeline imports generators through their registry and
//! knows no game.

pub mod claims;
pub mod config;
pub mod content;
pub mod diagnostics;
pub mod directives;
pub mod figures;
pub mod markdown;
pub mod math;
pub mod output;
pub mod serve;
pub mod templates;

use crate::generators::Generator;
use claims::EssayData;
use content::{Essay, Ladder};
use diagnostics::{Diagnostic, Source};
use figures::{Cache, Job, Origin, Progress};
use markdown::{Heading, LinkIndex, Scan};
use output::Files;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
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
    pub elapsed: Duration,
    /// The site was written, but something around it could not be tidied
    /// (a previous site that cannot be removed, say).
    pub warnings: Vec<String>,
}

/// Why a build failed.
#[derive(Debug)]
pub enum Failure {
    /// The content is wrong: every error found.
    Content(Vec<Diagnostic>),
    /// The machine failed us (a folder that cannot be written, say), or the
    /// output folder was refused ([`output::Refused`], a usage error).
    Io(anyhow::Error),
}

/// Builds the site once (or, with `write = false`, does all its work and checks).
///
/// Writing, it holds the root's lock throughout (a second build of the root
/// waits), refuses an output folder it must not replace before doing any
/// work, and swaps the new site in only when every step succeeded.
pub fn build(opts: Options, progress: &dyn Progress) -> Result<Summary, Failure> {
    let mut site = Site::new(opts);
    if !site.opts.write {
        return Ok(site.build(progress)?.summary);
    }
    let opts = &site.opts;
    let _lock = output::lock_root(&opts.root, &|| {
        let root = output::real_path(&opts.root).unwrap_or_else(|_| opts.root.clone());
        progress.say(&format!(
            "waiting for another build of {} to finish",
            root.display()
        ))
    })
    .map_err(Failure::Io)?;
    let out = output::Output::check(&opts.root, &opts.output, opts.replace_output)
        .map_err(Failure::Io)?;
    let mut warnings = out.clean_stale();
    let mut built = site.build(progress)?;
    warnings.extend(out.write(&built.files).map_err(Failure::Io)?);
    built.summary.warnings = warnings;
    Ok(built.summary)
}

/// A built site: every file, in memory.
pub struct Built {
    pub files: Files,
    pub summary: Summary,
}

/// A site that can be built again and again (as `ladder serve` does), keeping
/// computed figures and rendered pages in memory: a rebuild recomputes and
/// re-renders only what its inputs changed.
pub struct Site {
    pub opts: Options,
    memory: figures::Memory,
    /// Rendered essay pages by URL, with the hash of everything they came from.
    pages: HashMap<String, (blake3::Hash, String)>,
    /// Each figure's data file, by figure: serialised
    /// once, however often the site is rebuilt.
    data_files: HashMap<figures::Key, String>,
}

impl Site {
    pub fn new(opts: Options) -> Site {
        Site {
            opts,
            memory: figures::Memory::new(),
            pages: HashMap::new(),
            data_files: HashMap::new(),
        }
    }

    /// Runs the whole pipeline and returns the site's files (written nowhere).
    pub fn build(&mut self, progress: &dyn Progress) -> Result<Built, Failure> {
        let started = Instant::now();
        let opts = &self.opts;
        let content_dir = opts.root.join("content");
        if !content_dir.is_dir() {
            return Err(Failure::Content(vec![Diagnostic::file(
                &content_dir,
                "no content folder: expected essays in content/**/*.md",
            )]));
        }
        let essays = content::load(&content_dir, &opts.root).map_err(Failure::Content)?;
        let mut errors = Vec::new();
        let config = config::Config::load(&opts.root).unwrap_or_else(|e| {
            errors.push(e);
            config::Config::default()
        });
        let ladders = content::ladders(&essays).unwrap_or_else(|e| {
            errors.extend(e);
            Vec::new()
        });
        let templates =
            templates::load(&opts.root.join("templates"), &opts.root).unwrap_or_else(|e| {
                errors.extend(e);
                templates::defaults()
            });
        let scans: Vec<Scan> = essays
            .iter()
            .map(|e| {
                let (scan, errs) = markdown::scan(e, opts.generators);
                errors.extend(errs);
                scan
            })
            .collect();

        // Each distinct (generator, parameters) is one job.
        let mut jobs: Vec<Job> = Vec::new();
        let mut job_of: HashMap<figures::Key, usize> = HashMap::new();
        let uses: Vec<Vec<usize>> = scans
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
        let cache = Cache {
            dir: opts.root.join("figures"),
            write: opts.write,
            force: opts.force,
        };
        let results = figures::compute(&jobs, &cache, &mut self.memory, progress);
        // Like the figures in memory, only the latest build's data files are kept.
        self.data_files.retain(|key, _| job_of.contains_key(key));

        let links = LinkIndex {
            essays: essays
                .iter()
                .zip(&scans)
                .map(|(e, s)| {
                    (
                        e.content_path.clone(),
                        (e.url(), s.headings.iter().map(|h| h.id.clone()).collect()),
                    )
                })
                .collect(),
        };
        let site = site_context(&essays, &ladders);
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
        let mut files = Files::default();
        let mut rendered = 0;
        for (i, essay) in essays.iter().enumerate() {
            let src = Source::new(&essay.path, &essay.source);
            let mut data = EssayData::new();
            let mut shown: BTreeMap<String, markdown::Shown> = BTreeMap::new();
            // The essay's data files, each named after the first figure that
            // links it: a job's whole data, and each view's values.
            let mut json_of: HashMap<usize, String> = HashMap::new();
            let mut csv_of: HashMap<(usize, &str), Option<String>> = HashMap::new();
            let mut broken = scans[i].broken.clone();
            let mut key = blake3::Hasher::new();
            key.update(shared.as_bytes());
            key.update(essay.source.as_bytes());
            for (d, &job) in scans[i].directives.iter().zip(&uses[i]) {
                let name = d.generator.spec().name;
                let figure_key = &jobs[job].key;
                key.update(figure_key.0.as_bytes());
                key.update(figure_key.1.as_bytes());
                let got = match &results[job] {
                    Ok(got) => got,
                    Err(e) => {
                        errors.push(src.error_at(d.offset, format!("figure `{}`: {e}", d.id)));
                        broken.insert(d.id.clone());
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
                data.insert(d.id.clone(), &figure.data);
                if d.kind != directives::Kind::Figure {
                    continue;
                }
                let Some(Some(view)) = figure.views.get(d.view) else {
                    errors.push(src.error_at(
                        d.offset,
                        format!(
                            "figure `{}`: generator `{name}` draws no `{}` view with these \
                             parameters",
                            d.id, d.view,
                        ),
                    ));
                    broken.insert(d.id.clone());
                    continue;
                };
                key.update(blake3::hash(view.body.as_bytes()).as_bytes());
                let dir = essay.dir();
                let json = json_of.entry(job).or_insert_with(|| {
                    let json = self
                        .data_files
                        .entry(figure_key.clone())
                        .or_insert_with(|| {
                            data_file(&DataFile {
                                generator: name,
                                params: &d.params,
                                checks: &figure.checks,
                                data: &figure.data,
                            })
                        });
                    files.add(dir.join(format!("{}.json", d.id)), json.as_bytes());
                    d.id.clone()
                });
                let csv = csv_of.entry((job, d.view)).or_insert_with(|| {
                    let values = view.values.as_ref()?;
                    files.add(dir.join(format!("{}.csv", d.id)), values.to_csv());
                    Some(d.id.clone())
                });
                shown.insert(
                    d.id.clone(),
                    markdown::Shown {
                        view,
                        json: json.clone(),
                        csv: csv.clone(),
                    },
                );
            }
            let key = key.finalize();
            let url = essay.url();
            if let Some((k, html)) = self.pages.get(&url)
                && *k == key
            {
                files.add(essay.dir().join("index.html"), html.clone());
                continue;
            }
            let ctx = markdown::Context {
                essay,
                scan: &scans[i],
                data: &data,
                figures: &shown,
                links: &links,
                broken: &broken,
                allow_scripts: config.markdown.allow_scripts,
            };
            let page = markdown::render(&ctx).and_then(|rendered| {
                let page = essay_context(essay, &essays, &ladders, rendered);
                render_page(
                    &templates.tera,
                    "essay.html",
                    "../../",
                    &site,
                    "essay",
                    &page,
                )
                .map_err(|e| vec![Diagnostic::file(&essay.path, e)])
            });
            match page {
                Ok(html) => {
                    files.add(essay.dir().join("index.html"), html.clone());
                    self.pages.insert(url, (key, html));
                    rendered += 1;
                }
                Err(e) => errors.extend(e),
            }
        }
        for ladder in &site.ladders {
            match render_page(
                &templates.tera,
                "ladder.html",
                "../",
                &site,
                "ladder",
                ladder,
            ) {
                Ok(html) => files.add(PathBuf::from(&ladder.url).join("index.html"), html),
                Err(e) => errors.push(Diagnostic::file(
                    &opts.root.join("templates/ladder.html"),
                    e,
                )),
            }
        }
        match render_page(&templates.tera, "index.html", "", &site, "site", &()) {
            Ok(html) => files.add("index.html", html),
            Err(e) => errors.push(Diagnostic::file(&opts.root.join("templates/index.html"), e)),
        }
        files.add("style.css", templates.style.clone());
        for (path, bytes) in templates::ASSETS {
            files.add(path, bytes);
        }

        if !errors.is_empty() {
            errors.sort_by(|a, b| (&a.path, a.line, a.col).cmp(&(&b.path, b.line, b.col)));
            errors.dedup();
            return Err(Failure::Content(errors));
        }
        let computed: Vec<(String, bool)> = jobs
            .iter()
            .zip(&results)
            .filter_map(|(job, r)| match r.as_ref().ok()?.origin {
                Origin::Computed { changed } => Some((job.label(), changed)),
                _ => None,
            })
            .collect();
        let summary = Summary {
            pages: essays.len() + site.ladders.len() + 1,
            rendered,
            reused: jobs.len() - computed.len(),
            changed: computed
                .iter()
                .filter(|c| c.1)
                .map(|c| c.0.clone())
                .collect(),
            computed: computed.into_iter().map(|c| c.0).collect(),
            elapsed: started.elapsed(),
            warnings: Vec::new(),
        };
        Ok(Built { files, summary })
    }
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

/// A link to a page: its title and URL relative to the site root.
#[derive(Serialize, Clone)]
struct PageLink {
    title: String,
    url: String,
    rung: u32,
    summary: Option<String>,
}

#[derive(Serialize)]
struct LadderContext {
    slug: String,
    title: String,
    url: String,
    rungs: Vec<PageLink>,
}

#[derive(Serialize)]
struct SiteContext {
    ladders: Vec<LadderContext>,
}

#[derive(Serialize)]
struct EssayContext {
    title: String,
    summary: Option<String>,
    date: Option<String>,
    ladder_title: String,
    ladder_url: String,
    rung: u32,
    /// 1-based place in the ladder.
    position: usize,
    rung_count: usize,
    previous: Option<PageLink>,
    next: Option<PageLink>,
    /// The headings, when there are three or more.
    toc: Vec<Heading>,
    content: String,
}

fn link_to(e: &Essay) -> PageLink {
    PageLink {
        title: e.front.title.clone(),
        url: e.url(),
        rung: e.front.rung(),
        summary: e.front.summary.clone(),
    }
}

fn site_context(essays: &[Essay], ladders: &[Ladder]) -> SiteContext {
    SiteContext {
        ladders: ladders
            .iter()
            .map(|l| LadderContext {
                slug: l.slug.clone(),
                title: l.title.clone(),
                url: format!("{}/", l.slug),
                rungs: l.rungs.iter().map(|&i| link_to(&essays[i])).collect(),
            })
            .collect(),
    }
}

fn essay_context(
    essay: &Essay,
    essays: &[Essay],
    ladders: &[Ladder],
    rendered: markdown::Rendered,
) -> EssayContext {
    let ladder = ladders.iter().find(|l| l.slug == essay.front.ladder());
    let rungs = ladder.map(|l| l.rungs.as_slice()).unwrap_or(&[]);
    let place = rungs
        .iter()
        .position(|&i| std::ptr::eq(&essays[i], essay))
        .unwrap_or(0);
    EssayContext {
        title: essay.front.title.clone(),
        summary: essay.front.summary.clone(),
        date: essay.front.date.map(|d| d.to_string()),
        ladder_title: ladder.map_or_else(
            || content::title_of(essay.front.ladder()),
            |l| l.title.clone(),
        ),
        ladder_url: format!("{}/", essay.front.ladder()),
        rung: essay.front.rung(),
        position: place + 1,
        rung_count: rungs.len().max(1),
        previous: place
            .checked_sub(1)
            .and_then(|p| rungs.get(p))
            .map(|&i| link_to(&essays[i])),
        next: rungs.get(place + 1).map(|&i| link_to(&essays[i])),
        toc: if rendered.headings.len() >= 3 {
            rendered.headings
        } else {
            Vec::new()
        },
        content: rendered.html,
    }
}

fn render_page<T: Serialize>(
    tera: &tera::Tera,
    template: &str,
    root: &str,
    site: &SiteContext,
    key: &'static str,
    value: &T,
) -> Result<String, String> {
    let mut ctx = tera::Context::new();
    ctx.insert("root", root);
    ctx.insert("ladders", &site.ladders);
    ctx.insert(key, value);
    tera.render(template, &ctx)
        .map_err(|e| format!("template {template}: {}", templates::error_chain(e)))
}
