//! Computing figures: running generators, once per job, in parallel, each
//! in a guard that turns a panic into an error at the figures that show it;
//! merging a run from its shards' runs when some are held already (a batch
//! engine computed them as jobs: [`Job::shards`]), computing only the rest;
//! drawing the views the essays show from the data; and keeping figures in
//! memory between builds of `ladder serve` ([`Memory`]) and on disk
//! ([`super::cache`]).
//!
//! It imports [`super::job`] and [`super::cache`]; neither imports it.

use super::cache::{self, Cache, Lookup, Place, hash};
use super::job::{Figure, Job, Key};
use crate::draw::Rendered;
use crate::generators::Output;
use crate::generators::{Data, DataError, LimitError, MergeError};
use rayon::prelude::*;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

/// Where a figure's data came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Already in memory from an earlier build of this process (`ladder serve`).
    Memory,
    /// Read from an artifact in `figures/`.
    Reused,
    /// Read from the figure store ([`super::store`]).
    Fetched,
    /// Computed by running its generator; `changed` when an artifact made by
    /// other solver code (or before `--force`) held different data.
    Computed {
        /// An artifact of other solver code held different data.
        changed: bool,
    },
}

/// A figure with its origin and how many of its views were drawn (not read
/// from memory or an artifact) by this build.
#[derive(Clone, Debug)]
pub struct Got {
    /// The figure.
    pub figure: Arc<Figure>,
    /// Where its data came from.
    pub origin: Origin,
    /// How many of its views this build drew.
    pub drawn: usize,
}

/// Told about figures as they are computed (not when reused).
pub trait Progress: Sync {
    /// `total` figures are about to be computed.
    fn start(&self, total: usize);
    /// One finished.
    fn done(&self, label: &str, took: Duration);
    /// All are done.
    fn finish(&self);
    /// A line for the person at the terminal (how a rebuild of `ladder serve` went).
    fn say(&self, line: &str) {
        // A line standard error will not take has nowhere else to go.
        let _ = std::io::Write::write_fmt(&mut std::io::stderr(), format_args!("{line}\n"));
    }
}

/// A [`Progress`] that says nothing.
pub struct Silent;

impl Progress for Silent {
    fn start(&self, _: usize) {}
    fn done(&self, _: &str, _: Duration) {}
    fn finish(&self) {}
    fn say(&self, _: &str) {}
}

thread_local! {
    /// Set while this thread runs generator code: its panics are recorded, not printed.
    static IN_GENERATOR: Cell<bool> = const { Cell::new(false) };
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that records a generator's panic message and
/// location for its figure's error, and leaves every other panic to the default hook.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_GENERATOR.get() {
                return default(info);
            }
            let message = info
                .payload()
                .downcast_ref::<&str>()
                .map(std::string::ToString::to_string)
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".into());
            let at = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            PANIC.with(|p| *p.borrow_mut() = Some(format!("{message}{at}")));
        }));
    });
}

/// Why a figure was not made, for the errors at the figures that show it.
#[derive(Debug, thiserror::Error)]
pub enum FigureError {
    /// The parameters are beyond the generator's limits.
    #[error("generator `{name}` refuses these parameters: {limit}")]
    Refused {
        /// The generator.
        name: &'static str,
        /// The limit, and what the parameters would need.
        limit: Box<LimitError>,
    },
    /// Generator code panicked: what it was doing (running, or drawing a
    /// view), the panic's message and where.
    #[error("generator `{name}` panicked {what}: {panic}")]
    Panicked {
        /// The generator.
        name: &'static str,
        /// What it was doing.
        what: String,
        /// The panic's message and where.
        panic: String,
    },
    /// What the generator returned is not data.
    #[error("generator `{name}`: {why}")]
    Unreadable {
        /// The generator.
        name: &'static str,
        /// Why it is not data.
        why: DataError,
    },
    /// The run could not be merged from its shards' runs.
    #[error("generator `{name}` cannot merge its shards' runs: {why}")]
    Unmerged {
        /// The generator.
        name: &'static str,
        /// Why not.
        why: MergeError,
    },
    /// The generator cannot draw `view` from its data.
    #[error("generator `{name}` cannot draw `{view}` from its data: {why}")]
    Undrawable {
        /// The generator.
        name: &'static str,
        /// The view.
        view: String,
        /// Why it cannot be drawn.
        why: DataError,
    },
}

/// Runs generator code, turning a panic into an error that says where.
fn caught<T>(name: &'static str, what: &str, f: impl FnOnce() -> T) -> Result<T, FigureError> {
    install_panic_hook();
    IN_GENERATOR.set(true);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    IN_GENERATOR.set(false);
    result.map_err(|_| {
        let panic = PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| "panic".into());
        FigureError::Panicked {
            name,
            what: what.to_string(),
            panic,
        }
    })
}

/// Runs a generator within its limits. Limits are checked here, once per job
/// and only for a job that runs: a figure taken from memory or an artifact
/// was within them.
fn run_caught(job: &Job) -> Result<Figure, FigureError> {
    let name = job.generator.spec().name;
    job.generator
        .spec()
        .check_limits(&job.params)
        .map_err(|limit| FigureError::Refused {
            name,
            limit: Box::new(limit),
        })?;
    let output = caught(name, "running", || job.generator.run(&job.params))?;
    figure_of(name, output)
}

/// The figure of a run's (or a merge's) output, its views not yet drawn.
fn figure_of(name: &'static str, output: Output) -> Result<Figure, FigureError> {
    let data =
        Data::from_value(output.data).map_err(|why| FigureError::Unreadable { name, why })?;
    Ok(Figure {
        data_hash: hash(&data.text()),
        data,
        checks: output.checks,
        views: BTreeMap::new(),
    })
}

/// The run of `job` merged from its shards' runs ([`Job::shards`], with
/// what the cache found of each): those found are taken, the others run
/// here, in parallel, each kept in `figures/` (and the store) as any run is.
/// Returns the figure, how many shards were computed and fetched, and an
/// artifact that could not be written.
fn merged(
    job: &Job,
    shards: Vec<(Job, Lookup)>,
    cache: &Cache,
    progress: &dyn Progress,
) -> Result<(Figure, Tally, Option<std::io::Error>), FigureError> {
    let name = job.generator.spec().name;
    let runs: Vec<(Figure, Option<Origin>, Option<std::io::Error>)> = shards
        .into_par_iter()
        .map(|(shard, lookup)| match lookup {
            Lookup::Hit(figure) => Ok((figure, Some(Origin::Reused), None)),
            Lookup::Fetched(figure) => Ok((figure, Some(Origin::Fetched), None)),
            _ => {
                let started = Instant::now();
                let figure = run_caught(&shard)?;
                progress.done(&shard.label(), started.elapsed());
                let unwritten = (cache.write && figure.holds())
                    .then(|| keep(cache, &shard, None, Cache::seal(&shard, &figure)))
                    .flatten();
                Ok((figure, None, unwritten))
            }
        })
        .collect::<Result<_, FigureError>>()?;
    let mut tally = Tally::default();
    let mut unwritten = None;
    let mut parts = Vec::with_capacity(runs.len());
    for (figure, origin, not_written) in runs {
        match origin {
            None => tally.computed += 1,
            Some(Origin::Fetched) => tally.fetched += 1,
            Some(_) => {}
        }
        unwritten = unwritten.or(not_written);
        parts.push((figure.data, figure.checks));
    }
    let sharding = job
        .generator
        .sharding()
        .expect("only a run whose generator shards has shards to merge");
    let output = sharding
        .merge(&job.params, parts)
        .map_err(|why| FigureError::Unmerged { name, why })?;
    Ok((figure_of(name, output)?, tally, unwritten))
}

/// How many of a merged run's shards were computed, and fetched.
#[derive(Default)]
struct Tally {
    computed: usize,
    fetched: usize,
}

/// Draws `view` from the figure's data.
fn draw_caught(job: &Job, view: &str, data: &Data) -> Result<Option<Rendered>, FigureError> {
    let name = job.generator.spec().name;
    let drawing = caught(name, &format!("drawing `{view}`"), || {
        job.generator.draw(view, &job.params, data)
    })?
    .map_err(|why| FigureError::Undrawable {
        name,
        view: view.to_string(),
        why,
    })?;
    Ok(drawing.map(|d| d.render()))
}

/// Figures computed or read by this process, kept between builds of `ladder
/// serve`: only the latest build's figures are kept (a figure no essay names
/// any more is dropped, its artifact staying in `figures/`), so memory is
/// bounded by what the essays show, not by how many edits a session made.
pub type Memory = HashMap<Key, Arc<Figure>>;

/// What one job's build gave: the figure (or why not) and an artifact that
/// could not be written.
type Done = (Result<Got, FigureError>, Option<std::io::Error>);

/// Computes every job in parallel, taking figures from `memory` or from
/// artifacts where they match and telling `progress` about the rest, and about
/// damaged artifacts; then draws the views each job shows that neither memory
/// nor an artifact holds. Results come back in the order of `jobs`; figures
/// whose identities hold are kept in `memory`, and nothing else. A `figures/`
/// that cannot be written is one warning: the figures are still used.
pub fn compute(
    jobs: &[Job],
    cache: &Cache,
    memory: &mut Memory,
    progress: &dyn Progress,
) -> Vec<Result<Got, FigureError>> {
    let mut lookups: Vec<Option<Lookup>> = jobs
        .par_iter()
        .map(|job| match memory.get(&job.key) {
            Some(_) if !cache.force => None,
            _ => Some(cache.lookup(job)),
        })
        .collect();
    for lookup in &lookups {
        if let Some(Lookup::Damaged(note)) = lookup {
            progress.say(&note.to_string());
        }
    }
    let mut failed = fetch(jobs, &mut lookups, cache, progress);
    let shards = shards_found(jobs, &lookups, cache, progress, &mut failed);
    let to_run = lookups
        .iter()
        .zip(&shards)
        .map(|(lookup, shards)| match (lookup, shards) {
            (None, _) => 0,
            (Some(lookup), _) if lookup.found() => 0,
            (_, Some(shards)) => shards.iter().filter(|(_, l)| !l.found()).count(),
            _ => 1,
        })
        .sum();
    progress.start(to_run);
    let notes = Mutex::new(Vec::new());
    let (results, unwritten): (Vec<Result<Got, FigureError>>, Vec<Option<std::io::Error>>) = jobs
        .par_iter()
        .zip(lookups)
        .zip(shards)
        .map(|((job, lookup), shards)| -> Done {
            let (figure, origin, mut unwritten) = match lookup {
                None => {
                    let known = memory[&job.key].clone();
                    if job.views.iter().all(|v| known.views.contains_key(*v)) {
                        let got = Got {
                            figure: known,
                            origin: Origin::Memory,
                            drawn: 0,
                        };
                        return (Ok(got), None);
                    }
                    ((*known).clone(), Origin::Memory, None)
                }
                Some(Lookup::Hit(figure)) => (figure, Origin::Reused, None),
                Some(Lookup::Fetched(figure)) => (figure, Origin::Fetched, None),
                Some(lookup) => match ran(job, lookup, shards, cache, progress) {
                    Ok(ran) => ran,
                    Err(e) => return (Err(e), None),
                },
            };
            let (figure, drawn) = match with_views(job, figure, cache, &notes) {
                Ok(done) => done,
                Err(e) => return (Err(e), unwritten),
            };
            unwritten = unwritten.or(drawn.1);
            let got = Got {
                figure: Arc::new(figure),
                origin,
                drawn: drawn.0,
            };
            (Ok(got), unwritten)
        })
        .unzip();
    progress.finish();
    for note in notes.into_inner().unwrap_or_default() {
        progress.say(&note);
    }
    failed.extend(unwritten.into_iter().flatten());
    warn_unkept(cache, &failed, progress);
    memory.clear();
    for (job, result) in jobs.iter().zip(&results) {
        if let Ok(got) = result
            && got.figure.holds()
        {
            memory.insert(job.key.clone(), got.figure.clone());
        }
    }
    results
}

/// Computes the run of `job` that memory, `figures/` and the store lack
/// (`lookup` says which: a stale artifact's data tells whether the figure
/// changed): whole, or merged from its `shards` when some were found
/// ([`shards_found`]). Its artifact is kept when its identities hold.
fn ran(
    job: &Job,
    lookup: Lookup,
    shards: Option<Vec<(Job, Lookup)>>,
    cache: &Cache,
    progress: &dyn Progress,
) -> Result<(Figure, Origin, Option<std::io::Error>), FigureError> {
    let previous = match lookup {
        Lookup::Stale(data) => Some(data),
        _ => None,
    };
    let (figure, tally, unwritten) = if let Some(shards) = shards {
        merged(job, shards, cache, progress)?
    } else {
        let started = Instant::now();
        let figure = run_caught(job)?;
        progress.done(&job.label(), started.elapsed());
        let whole = Tally {
            computed: 1,
            fetched: 0,
        };
        (figure, whole, None)
    };
    let unwritten = if cache.write && figure.holds() {
        keep(cache, job, None, Cache::seal(job, &figure)).or(unwritten)
    } else {
        unwritten
    };
    let origin = if tally.computed > 0 {
        let changed = previous.is_some_and(|old| old != figure.data);
        Origin::Computed { changed }
    } else if tally.fetched > 0 {
        Origin::Fetched
    } else {
        Origin::Reused
    };
    Ok((figure, origin, unwritten))
}

/// The shards of each run still to compute ([`Job::shards`]), with what
/// `figures/` and the store hold of them, for a run some of whose shards
/// are held: it is merged from them, computing only the others (a batch
/// engine computed its shards as jobs, or a run sharing some of its parts
/// did). A run none of whose shards is held is one job, computed whole, as
/// is every run under `--force`: `None`. Shards' damaged artifacts are
/// told to `progress`; artifacts fetched that `figures/` would not take are
/// added to `failed`.
fn shards_found(
    jobs: &[Job],
    lookups: &[Option<Lookup>],
    cache: &Cache,
    progress: &dyn Progress,
    failed: &mut Vec<std::io::Error>,
) -> Vec<Option<Vec<(Job, Lookup)>>> {
    let split: Vec<Vec<Job>> = jobs
        .iter()
        .zip(lookups)
        .map(|(job, lookup)| match lookup {
            Some(Lookup::Miss | Lookup::Stale(_) | Lookup::Damaged(_)) if !cache.force => {
                job.shards()
            }
            _ => Vec::new(),
        })
        .collect();
    let all: Vec<Job> = split.iter().flatten().cloned().collect();
    let mut found: Vec<Option<Lookup>> = all
        .par_iter()
        .map(|shard| Some(cache.lookup(shard)))
        .collect();
    for lookup in &found {
        if let Some(Lookup::Damaged(note)) = lookup {
            progress.say(&note.to_string());
        }
    }
    failed.extend(fetch(&all, &mut found, cache, progress));
    let mut found = all
        .into_iter()
        .zip(found.into_iter().map(|l| l.unwrap_or(Lookup::Miss)));
    split
        .into_iter()
        .map(|shards| {
            let mine: Vec<(Job, Lookup)> = found.by_ref().take(shards.len()).collect();
            mine.iter().any(|(_, l)| l.found()).then_some(mine)
        })
        .collect()
}

/// Tells `progress` the one warning about the artifacts `failed` to be
/// written to `figures/`, and the one about a store that failed (unless it
/// is required: then it is the command's error).
fn warn_unkept(cache: &Cache, failed: &[std::io::Error], progress: &dyn Progress) {
    if let Some(first) = failed.first() {
        progress.say(&format!(
            "warning: cannot write figure artifacts to {} ({first}); {} figure{} will be \
             recomputed by the next build",
            cache.dir.display(),
            failed.len(),
            if failed.len() == 1 { "" } else { "s" }
        ));
    }
    if let Some(store) = &cache.store
        && let Some(failure) = store.finish()
        && !store.required
    {
        progress.say(&format!(
            "warning: {failure}; the build went on from figures/, computing what it lacks"
        ));
    }
}

/// Looks in the store for the jobs neither memory nor `figures/` holds
/// (`lookups`), with the drawings they show, all at once (a bounded number of
/// requests in flight); a verified run becomes [`Lookup::Fetched`] and is
/// written to `figures/` with its drawings, a damaged one is one warning and
/// recomputed. What came back is verified and written in parallel, as
/// `figures/` is read. Returns the artifacts that could not be written to
/// `figures/`.
fn fetch(
    jobs: &[Job],
    lookups: &mut [Option<Lookup>],
    cache: &Cache,
    progress: &dyn Progress,
) -> Vec<std::io::Error> {
    let Some(store) = cache.store.as_ref().filter(|_| !cache.force) else {
        return Vec::new();
    };
    let wanted: Vec<usize> = (0..jobs.len())
        .filter(|&i| {
            matches!(
                lookups[i],
                Some(Lookup::Miss | Lookup::Stale(_) | Lookup::Damaged(_))
            )
        })
        .collect();
    let mut names = Vec::new();
    for &i in &wanted {
        names.push(cache::store_name(&jobs[i], None));
        names.extend(
            jobs[i]
                .views
                .iter()
                .map(|v| cache::store_name(&jobs[i], Some(v))),
        );
    }
    let mut got = store.get_all(&names).into_iter();
    let fetched: Vec<_> = wanted
        .into_iter()
        .map(|i| {
            let run = got.next().flatten();
            let views = jobs[i].views.iter().map(|_| got.next().flatten()).collect();
            (i, run, views)
        })
        .collect();
    let kept: Vec<(usize, Fetched)> = fetched
        .into_par_iter()
        .map(|(i, run, views)| {
            let kept = match run {
                Some(run) => fetched_figure(&jobs[i], cache, &store.url, run, views),
                None => (None, Vec::new(), Vec::new()),
            };
            (i, kept)
        })
        .collect();
    let mut all_unwritten = Vec::new();
    for (i, (figure, notes, unwritten)) in kept {
        for note in notes {
            progress.say(&note);
        }
        all_unwritten.extend(unwritten);
        if let Some(figure) = figure {
            lookups[i] = Some(Lookup::Fetched(figure));
        }
    }
    all_unwritten
}

/// A figure read from the store (`None` when its record is damaged), the
/// notes about damaged records and the artifacts `figures/` would not take.
type Fetched = (Option<Figure>, Vec<String>, Vec<std::io::Error>);

/// The figure of `job` from the store's objects: its run's record `run` and
/// its views' records (`None` where the store has none), verified as
/// `figures/`'s artifacts are and written there.
fn fetched_figure(
    job: &Job,
    cache: &Cache,
    url: &str,
    run: Vec<u8>,
    views: Vec<Option<Vec<u8>>>,
) -> Fetched {
    let at = |view| std::path::PathBuf::from(format!("{url}/{}", cache::store_name(job, view)));
    let mut figure = match cache.verify(job, &run, &at(None), Place::Store) {
        Lookup::Hit(figure) => figure,
        Lookup::Damaged(note) => return (None, vec![note.to_string()], Vec::new()),
        _ => return (None, Vec::new(), Vec::new()),
    };
    let mut notes = Vec::new();
    let mut kept = vec![(None, run)];
    for (view, bytes) in job.views.iter().zip(views) {
        let Some(bytes) = bytes else { continue };
        match cache::verify_view(
            job,
            &bytes,
            &figure.data_hash,
            &at(Some(view)),
            Place::Store,
        ) {
            Ok(Some(drawn)) => {
                figure.views.insert((*view).to_string(), drawn);
                kept.push((Some(*view), bytes));
            }
            Ok(None) => {}
            Err(note) => notes.push(note.to_string()),
        }
    }
    let mut unwritten = Vec::new();
    if cache.write {
        for (view, bytes) in kept {
            let written = match view {
                None => cache.store(job, &bytes),
                Some(view) => cache.store_view(job, view, &bytes),
            };
            unwritten.extend(written.err());
        }
    }
    (Some(figure), notes, unwritten)
}

/// Keeps an artifact a writing build made (`sealed`, the record of `job`'s
/// run or, with `view`, of a drawing): in `figures/`, and in the store when
/// it is writable. Returns the error of writing it to `figures/`.
fn keep(
    cache: &Cache,
    job: &Job,
    view: Option<&str>,
    sealed: std::io::Result<Vec<u8>>,
) -> Option<std::io::Error> {
    let bytes = match sealed {
        Ok(bytes) => bytes,
        Err(e) => return Some(e),
    };
    let written = match view {
        None => cache.store(job, &bytes),
        Some(view) => cache.store_view(job, view, &bytes),
    }
    .err();
    if let Some(store) = cache.store.as_ref().filter(|s| s.write) {
        store.put(&cache::store_name(job, view), bytes);
    }
    written
}

/// Adds to `figure` the views `job` shows that it lacks, read from their
/// artifacts or drawn from its data (and stored, when its identities hold).
/// Returns how many were drawn and an artifact that could not be written;
/// damaged drawing artifacts are noted in `notes`.
fn with_views(
    job: &Job,
    mut figure: Figure,
    cache: &Cache,
    notes: &Mutex<Vec<String>>,
) -> Result<(Figure, (usize, Option<std::io::Error>)), FigureError> {
    let missing: Vec<&str> = job
        .views
        .iter()
        .copied()
        .filter(|v| !figure.views.contains_key(*v))
        .collect();
    if missing.is_empty() {
        return Ok((figure, (0, None)));
    }
    let data_hash = figure.data_hash.clone();
    let (mut drawn, mut unwritten) = (0, None);
    for view in missing {
        let stored = cache
            .lookup_view(job, view, &data_hash)
            .unwrap_or_else(|note| {
                notes
                    .lock()
                    .expect("pushing a note cannot panic, so no lock is poisoned")
                    .push(note.to_string());
                None
            });
        let rendered = if let Some(rendered) = stored {
            rendered
        } else {
            let rendered = draw_caught(job, view, &figure.data)?;
            drawn += 1;
            if cache.write && figure.holds() {
                let sealed = Cache::seal_view(job, &data_hash, rendered.as_ref());
                unwritten = unwritten.or(keep(cache, job, Some(view), sealed));
            }
            rendered
        };
        figure.views.insert(view.to_string(), rendered);
    }
    Ok((figure, (drawn, unwritten)))
}

#[cfg(test)]
mod tests;
