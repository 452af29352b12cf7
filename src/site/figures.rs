//! Figure artifacts: running generators, once per distinct generator and
//! parameters, in parallel, and keeping their results in `figures/`.
//!
//! Each artifact is `figures/NAME-KEY.json` (the parameters, the fingerprint of
//! the solver code that made it, the data, the checks and a hash of each
//! drawing and table, all under one content hash), one `NAME-KEY.VIEW.svg` per
//! drawing and `NAME-KEY.csv` where the data is a table. A later build reuses
//! an artifact whose parameters and fingerprint match and whose hashes verify,
//! reading only the drawings its essays show and parsing only the data keys
//! they name ([`Data`]); an artifact that does not verify is recomputed, and
//! the build says so. The hashes catch accidental and casual edits, not a
//! forger who recomputes them: `--force` trusts no artifact. An artifact whose
//! identities fail is never written, and one that records a failing identity
//! is treated as edited.
//!
//! Artifacts are written through temporary files; a `figures/` that cannot be
//! written is one warning, and the build goes on from memory.

use crate::generators::{Check, Generator, Params, Spec};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Once};
use std::time::{Duration, Instant};

include!(concat!(env!("OUT_DIR"), "/fingerprints.rs"));

/// The fingerprint of a unit; a generator defined outside `src/` (in a test)
/// has none, and its figures are keyed by the rest.
fn unit(name: &str) -> &'static str {
    FINGERPRINTS
        .iter()
        .find(|(u, _)| *u == name)
        .map_or("", |(_, h)| *h)
}

/// The fingerprint of the code a generator's results depend on: the core, the
/// shared generator code, its games and its own module.
fn fingerprint(spec: &Spec) -> String {
    let mut hasher = blake3::Hasher::new();
    let own = format!("generators/{}", spec.name.replace('-', "_"));
    let games = spec.games.iter().map(|g| format!("games/{g}"));
    for u in ["cgt".to_string(), "generators".to_string(), own]
        .into_iter()
        .chain(games)
    {
        hasher.update(u.as_bytes());
        hasher.update(unit(&u).as_bytes());
    }
    hasher.finalize().to_hex()[..16].to_string()
}

/// A figure's identity: its artifact's file stem (the generator's name and a
/// hash of the parameters) and the fingerprint of the code that computes it.
pub type Key = (String, String);

/// One generator run to do.
#[derive(Clone)]
pub struct Job {
    pub generator: &'static dyn Generator,
    pub params: Params,
    /// The views the essays show: a reused artifact's other drawings are not read.
    pub views: BTreeSet<&'static str>,
    pub key: Key,
}

impl Job {
    /// A job showing no view yet.
    pub fn new(generator: &'static dyn Generator, params: Params) -> Job {
        let name = generator.spec().name;
        let hash = blake3::hash(format!("{name}\n{}", params.to_toml()).as_bytes());
        let key = (
            format!("{name}-{}", &hash.to_hex()[..16]),
            fingerprint(generator.spec()),
        );
        Job {
            generator,
            params,
            views: BTreeSet::new(),
            key,
        }
    }

    /// The artifact's file stem.
    pub fn stem(&self) -> &str {
        &self.key.0
    }

    /// The generator and its parameters, for people.
    pub fn label(&self) -> String {
        format!(
            "{} ({})",
            self.generator.spec().name,
            self.params.to_toml().replace('\n', ", ")
        )
    }
}

/// A figure's data: a JSON object whose values are kept as JSON text and
/// parsed only when an essay names them. A catalogue of megabytes goes from
/// its artifact into the site's data file without ever being parsed. Two
/// data are equal when their texts are (serde_json writes one text per value).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Data(BTreeMap<String, Box<RawValue>>);

impl Data {
    /// The data of a generator's output, which is an object by contract.
    pub fn from_value(value: Value) -> Result<Data, String> {
        let Value::Object(map) = value else {
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
    pub fn get(&self, key: &str) -> Option<Result<Value, String>> {
        let raw = self.0.get(key)?;
        Some(serde_json::from_str(raw.get()).map_err(|e| {
            format!("its data does not parse ({e}); rebuild with --force to recompute it")
        }))
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
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

/// What a generator run gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub data: Data,
    pub checks: Vec<Check>,
    /// Every view the generator drew, with its SVG: all of them when computed,
    /// only the job's when read from an artifact.
    pub views: BTreeMap<String, Option<String>>,
    pub csv: Option<String>,
}

/// Where a figure came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Already in memory from an earlier build of this process (`ladder serve`).
    Memory,
    /// Read from an artifact in `figures/`.
    Reused,
    /// Computed by running its generator; `changed` when an artifact made by
    /// other solver code (or before `--force`) held different data.
    Computed { changed: bool },
}

/// A figure with its origin.
#[derive(Clone, Debug)]
pub struct Got {
    pub figure: Arc<Figure>,
    pub origin: Origin,
}

/// What the cache holds for a job.
enum Lookup {
    Hit(Figure),
    /// An artifact with the same parameters from other code: its data.
    Stale(Data),
    Miss,
    /// An artifact that is not as ladder wrote it: what is wrong, for the
    /// person at the terminal. It is recomputed like a miss.
    Damaged(String),
}

/// Told about figures as they are computed (not when reused).
pub trait Progress: Sync {
    /// `total` figures are about to be computed.
    fn start(&self, total: usize);
    /// One finished.
    fn done(&self, label: &str, took: Duration);
    fn finish(&self);
    /// A line for the person at the terminal (how a rebuild of `ladder serve` went).
    fn say(&self, line: &str) {
        eprintln!("{line}");
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

/// An artifact's record: its data `D` is owned when read, borrowed when written.
#[derive(Serialize, Deserialize)]
struct Record<D> {
    /// The hash of the record's JSON text with this field empty: it covers
    /// the data, the checks and (through their hashes) the drawings.
    hash: String,
    generator: String,
    params: serde_json::Value,
    fingerprint: String,
    checks: Vec<Check>,
    /// Every view drawn, with the hash of its SVG file.
    views: BTreeMap<String, String>,
    /// The hash of the CSV file, where the data is a table.
    table: Option<String>,
    data: D,
}

impl<D: Serialize> Record<D> {
    /// The hash the record should carry. Data values are kept as the text
    /// read ([`Data`]), so a record read back writes the text it was read
    /// from (but for spaces between keys): an edit inside any value shows.
    fn content_hash(&mut self) -> serde_json::Result<String> {
        let carried = std::mem::take(&mut self.hash);
        let text = serde_json::to_string(self);
        self.hash = carried;
        Ok(hash(&text?))
    }
}

/// The hash artifacts carry of a piece of text.
fn hash(text: &str) -> String {
    blake3::hash(text.as_bytes()).to_hex().to_string()
}

/// Where artifacts are read from and written to.
pub struct Cache {
    pub dir: PathBuf,
    /// Write new artifacts (false for `ladder check`).
    pub write: bool,
    /// Recompute everything, ignoring artifacts.
    pub force: bool,
}

impl Cache {
    fn lookup(&self, job: &Job) -> Lookup {
        let path = self.dir.join(format!("{}.json", job.stem()));
        // One that cannot be read is recomputed; writing it again will warn.
        let Ok(bytes) = std::fs::read(&path) else {
            return Lookup::Miss;
        };
        let Ok(mut record) = serde_json::from_slice::<Record<Data>>(&bytes) else {
            return damaged(&path, "is not an artifact this ladder wrote");
        };
        if record.content_hash().ok().as_ref() != Some(&record.hash) {
            return damaged(&path, "does not match its content hash (edited?)");
        }
        if serde_json::to_value(&job.params).ok().as_ref() != Some(&record.params) {
            return Lookup::Miss;
        }
        if self.force || record.fingerprint != job.key.1 {
            return Lookup::Stale(record.data);
        }
        if let Some(check) = record.checks.iter().find(|c| !c.holds) {
            let why = format!(
                "records the failing identity `{}`, which ladder never writes",
                check.name
            );
            return damaged(&path, &why);
        }
        self.read_files(job, record)
    }

    /// The figure of a record, with the drawings `job` shows (a view the
    /// generator did not draw stays missing, for the pipeline to report). A
    /// missing file is a miss; one whose hash differs is damaged.
    fn read_files(&self, job: &Job, record: Record<Data>) -> Lookup {
        let read = |name: String, hash_of: &str| {
            let path = self.dir.join(name);
            match std::fs::read_to_string(&path) {
                Ok(text) if hash(&text) == hash_of => Ok(text),
                Ok(_) => Err(damaged(
                    &path,
                    "does not match the hash its record holds (edited?)",
                )),
                Err(_) => Err(Lookup::Miss),
            }
        };
        let stem = job.stem();
        let mut views = BTreeMap::new();
        for (v, h) in record.views {
            let svg = match job.views.contains(v.as_str()) {
                true => match read(format!("{stem}.{v}.svg"), &h) {
                    Ok(svg) => Some(svg),
                    Err(lookup) => return lookup,
                },
                false => None,
            };
            views.insert(v, svg);
        }
        let csv = match record.table {
            Some(h) => match read(format!("{stem}.csv"), &h) {
                Ok(csv) => Some(csv),
                Err(lookup) => return lookup,
            },
            None => None,
        };
        Lookup::Hit(Figure {
            data: record.data,
            checks: record.checks,
            views,
            csv,
        })
    }

    /// Writes a figure's artifact, its record last (an artifact without one
    /// is never read). On failure, the files already written are removed.
    fn store(&self, job: &Job, figure: &Figure) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let stem = job.stem();
        let mut files: Vec<(PathBuf, &[u8])> = Vec::new();
        for (view, svg) in &figure.views {
            if let Some(svg) = svg {
                files.push((self.dir.join(format!("{stem}.{view}.svg")), svg.as_bytes()));
            }
        }
        if let Some(csv) = &figure.csv {
            files.push((self.dir.join(format!("{stem}.csv")), csv.as_bytes()));
        }
        let mut record = Record {
            hash: String::new(),
            generator: job.generator.spec().name.to_string(),
            params: serde_json::to_value(&job.params)?,
            fingerprint: job.key.1.clone(),
            data: &figure.data,
            checks: figure.checks.clone(),
            views: figure
                .views
                .iter()
                .filter_map(|(v, svg)| Some((v.clone(), hash(svg.as_deref()?))))
                .collect(),
            table: figure.csv.as_deref().map(hash),
        };
        record.hash = record.content_hash()?;
        let json = serde_json::to_vec(&record)?;
        files.push((self.dir.join(format!("{stem}.json")), &json));
        for (i, (path, bytes)) in files.iter().enumerate() {
            if let Err(e) = write_new(path, bytes) {
                for (written, _) in &files[..i] {
                    let _ = std::fs::remove_file(written);
                }
                return Err(e);
            }
        }
        Ok(())
    }
}

/// A damaged artifact's lookup: it is recomputed, and the build says why.
fn damaged(path: &Path, why: &str) -> Lookup {
    Lookup::Damaged(format!(
        "warning: figure artifact {} {why}; recomputing it (`ladder build --force` recomputes \
         every figure, trusting no artifact)",
        path.display()
    ))
}

/// The suffix of a temporary file: `.tmp` and the process id.
const TMP: &str = ".tmp";

/// Writes through a temporary file, so a reader never sees half a file, and
/// removes the temporary file when writing or renaming fails.
fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!("{TMP}{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let written = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// The artifact a file in `figures/` belongs to (its stem), when its name is
/// one ladder writes: `NAME-HASH.json`, `NAME-HASH.csv` or
/// `NAME-HASH.VIEW.svg`, or one of those with a temporary suffix, NAME being
/// one of `generators` (with VIEW one of its views) and HASH 16 hex digits.
fn artifact_of<'a>(file: &'a str, generators: &[&'static dyn Generator]) -> Option<&'a str> {
    let file = match file.rsplit_once(TMP) {
        Some((file, pid)) if !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) => file,
        _ => file,
    };
    let (stem, kind) = file.split_once('.')?;
    let (name, hex) = stem.rsplit_once('-')?;
    let generator = generators.iter().find(|g| g.spec().name == name)?;
    let hex = hex.len() == 16 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    let known = match kind.strip_suffix(".svg") {
        Some(view) => generator.spec().views.iter().any(|v| v.name == view),
        None => kind == "json" || kind == "csv",
    };
    (hex && known).then_some(stem)
}

/// The files in `dir` that belong to artifacts whose stems are not in
/// `named`, sorted; files ladder does not write are never among them.
pub fn unnamed(
    dir: &Path,
    named: &BTreeSet<String>,
    generators: &[&'static dyn Generator],
) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let stem = name.to_str().and_then(|n| artifact_of(n, generators));
        if stem.is_some_and(|s| !named.contains(s)) && entry.file_type()?.is_file() {
            files.push(entry.path());
        }
    }
    files.sort();
    Ok(files)
}

thread_local! {
    /// Set while this thread runs a generator: its panics are recorded, not printed.
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
                .map(|s| s.to_string())
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

/// Runs a generator within its limits, turning a panic into an error that
/// says where. Limits are checked here, once per job and only for a job that
/// runs: a figure taken from memory or an artifact was within them.
fn run_caught(job: &Job) -> Result<Figure, String> {
    let name = job.generator.spec().name;
    job.generator
        .check_limits(&job.params)
        .map_err(|limit| format!("generator `{name}` refuses these parameters: {limit}"))?;
    install_panic_hook();
    IN_GENERATOR.set(true);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        job.generator.run(&job.params)
    }));
    IN_GENERATOR.set(false);
    let output = result.map_err(|_| {
        let what = PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| "panic".into());
        format!("generator `{name}` panicked: {what}")
    })?;
    Ok(Figure {
        data: Data::from_value(output.data).map_err(|e| format!("generator `{name}`: {e}"))?,
        checks: output.checks,
        views: output
            .views
            .into_iter()
            .map(|v| (v.name.to_string(), Some(v.svg)))
            .collect(),
        csv: output.table.map(|t| t.to_csv()),
    })
}

/// Whether `figure` holds what showing `view` needs: its drawing, or the
/// knowledge that the generator drew no such view.
fn shown(figure: &Figure, view: &str) -> bool {
    figure.views.get(view).is_none_or(Option::is_some)
}

/// Figures computed or read by this process, kept between builds of `ladder
/// serve`: only the latest build's figures are kept (a figure no essay names
/// any more is dropped, its artifact staying in `figures/`), so memory is
/// bounded by what the essays show, not by how many edits a session made.
pub type Memory = HashMap<Key, Arc<Figure>>;

/// Computes every job in parallel, taking figures from `memory` or from
/// artifacts where they match and telling `progress` about the rest, and about
/// damaged artifacts. Results come back in the order of `jobs`; figures whose
/// identities hold are kept in `memory`, and nothing else. A `figures/` that
/// cannot be written is one warning: the figures are still used.
pub fn compute(
    jobs: &[Job],
    cache: &Cache,
    memory: &mut Memory,
    progress: &dyn Progress,
) -> Vec<Result<Got, String>> {
    let lookups: Vec<Option<Lookup>> = jobs
        .par_iter()
        .map(|job| match memory.get(&job.key) {
            Some(f) if !cache.force && job.views.iter().all(|&v| shown(f, v)) => None,
            _ => Some(cache.lookup(job)),
        })
        .collect();
    for lookup in &lookups {
        if let Some(Lookup::Damaged(note)) = lookup {
            progress.say(note);
        }
    }
    let to_run = lookups
        .iter()
        .filter(|l| !matches!(l, None | Some(Lookup::Hit(_))))
        .count();
    progress.start(to_run);
    let (results, unwritten): (Vec<Result<Got, String>>, Vec<Option<std::io::Error>>) = jobs
        .par_iter()
        .zip(lookups)
        .map(|(job, lookup)| {
            let previous = match lookup {
                None => {
                    let figure = memory[&job.key].clone();
                    let origin = Origin::Memory;
                    return (Ok(Got { figure, origin }), None);
                }
                Some(Lookup::Hit(figure)) => {
                    let figure = Arc::new(figure);
                    return (
                        Ok(Got {
                            figure,
                            origin: Origin::Reused,
                        }),
                        None,
                    );
                }
                Some(Lookup::Stale(data)) => Some(data),
                Some(Lookup::Miss | Lookup::Damaged(_)) => None,
            };
            let started = Instant::now();
            let figure = match run_caught(job) {
                Ok(figure) => figure,
                Err(e) => return (Err(e), None),
            };
            progress.done(&job.label(), started.elapsed());
            let unwritten = match cache.write && figure.checks.iter().all(|c| c.holds) {
                true => cache.store(job, &figure).err(),
                false => None,
            };
            let changed = previous.is_some_and(|old| old != figure.data);
            let origin = Origin::Computed { changed };
            (
                Ok(Got {
                    figure: Arc::new(figure),
                    origin,
                }),
                unwritten,
            )
        })
        .unzip();
    progress.finish();
    let failed: Vec<std::io::Error> = unwritten.into_iter().flatten().collect();
    if let Some(first) = failed.first() {
        progress.say(&format!(
            "warning: cannot write figure artifacts to {} ({first}); {} figure{} will be \
             recomputed by the next build",
            cache.dir.display(),
            failed.len(),
            if failed.len() == 1 { "" } else { "s" }
        ));
    }
    memory.clear();
    for (job, result) in jobs.iter().zip(&results) {
        if let Ok(got) = result
            && got.figure.checks.iter().all(|c| c.holds)
        {
            memory.insert(job.key.clone(), got.figure.clone());
        }
    }
    results
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::find;

    fn job() -> Job {
        job_with_wall(true)
    }

    /// A small blocked-board job showing its board, with or without the wall sweep.
    fn job_with_wall(wall: bool) -> Job {
        let g = find("blocked-board").unwrap();
        let params = Params::parse(
            g.spec(),
            &[
                ("cols".to_string(), toml::Value::Integer(3)),
                ("blocked_columns".into(), toml::Value::Array(vec![])),
                ("wall".into(), toml::Value::Boolean(wall)),
            ]
            .into_iter()
            .collect(),
        )
        .unwrap();
        Job {
            views: BTreeSet::from(["board"]),
            ..Job::new(g, params)
        }
    }

    #[test]
    fn every_generator_and_game_has_a_fingerprinted_source() {
        for g in crate::generators::REGISTRY {
            let own = format!("generators/{}", g.spec().name.replace('-', "_"));
            assert!(!unit(&own).is_empty(), "no source fingerprint for {own}");
            for game in g.spec().games {
                assert!(
                    !unit(&format!("games/{game}")).is_empty(),
                    "no source fingerprint for {game}"
                );
            }
        }
    }

    fn run(cache: &Cache, memory: &mut Memory) -> Got {
        compute(&[job()], cache, memory, &Silent).remove(0).unwrap()
    }

    fn cache_in(dir: &Path) -> Cache {
        Cache {
            dir: dir.into(),
            write: true,
            force: false,
        }
    }

    #[test]
    fn stores_and_reuses_artifacts_until_forced() {
        let dir = tempfile::tempdir().unwrap();
        let cache = cache_in(dir.path());
        let first = run(&cache, &mut Memory::new());
        assert_eq!(first.origin, Origin::Computed { changed: false });
        let second = run(&cache, &mut Memory::new());
        assert_eq!(second.origin, Origin::Reused);
        assert_eq!(first.figure.data, second.figure.data);
        assert_eq!(first.figure.checks, second.figure.checks);
        assert_eq!(first.figure.csv, second.figure.csv);
        // Of the drawings, only the view the job shows is read.
        for got in [&first, &second] {
            assert_eq!(
                got.figure.views.keys().collect::<Vec<_>>(),
                ["board", "wall"]
            );
        }
        assert!(first.figure.views["wall"].is_some());
        assert!(second.figure.views["wall"].is_none());
        assert!(second.figure.views["board"].is_some());
        assert_eq!(first.figure.views["board"], second.figure.views["board"]);
        let forced = Cache {
            force: true,
            ..cache
        };
        assert_eq!(
            run(&forced, &mut Memory::new()).origin,
            Origin::Computed { changed: false }
        );
    }

    #[test]
    fn keeps_figures_in_memory_between_builds() {
        let dir = tempfile::tempdir().unwrap();
        let mut memory = Memory::new();
        run(&cache_in(dir.path()), &mut memory);
        assert_eq!(
            run(&cache_in(dir.path()), &mut memory).origin,
            Origin::Memory
        );
    }

    #[test]
    fn a_figure_in_memory_without_a_view_now_shown_reads_it_from_its_artifact() {
        let dir = tempfile::tempdir().unwrap();
        let cache = cache_in(dir.path());
        run(&cache, &mut Memory::new());
        let mut memory = Memory::new();
        run(&cache, &mut memory);
        let wall = Job {
            views: BTreeSet::from(["wall"]),
            ..job()
        };
        let got = compute(&[wall], &cache, &mut memory, &Silent)
            .remove(0)
            .unwrap();
        assert_eq!(got.origin, Origin::Reused);
        assert!(got.figure.views["wall"].is_some());
        // An artifact without the view is not a hit.
        std::fs::remove_file(dir.path().join(format!("{}.wall.svg", job().stem()))).unwrap();
        let wall = Job {
            views: BTreeSet::from(["wall"]),
            ..job()
        };
        let got = compute(&[wall], &cache, &mut Memory::new(), &Silent)
            .remove(0)
            .unwrap();
        assert_eq!(got.origin, Origin::Computed { changed: false });
    }

    #[test]
    fn a_view_the_generator_did_not_draw_is_reused_not_recomputed() {
        let dir = tempfile::tempdir().unwrap();
        let cache = cache_in(dir.path());
        let no_wall = || Job {
            views: BTreeSet::from(["wall"]),
            ..job_with_wall(false)
        };
        let mut memory = Memory::new();
        let origin = |memory: &mut Memory| {
            let got = compute(&[no_wall()], &cache, memory, &Silent)
                .remove(0)
                .unwrap();
            assert!(!got.figure.views.contains_key("wall"));
            got.origin
        };
        assert_eq!(origin(&mut memory), Origin::Computed { changed: false });
        assert_eq!(origin(&mut memory), Origin::Memory);
        assert_eq!(origin(&mut Memory::new()), Origin::Reused);
    }

    #[test]
    fn data_keeps_each_key_as_text_and_parses_it_on_demand() {
        let value = serde_json::json!({"whole": 2916, "parts": [54, 54], "ratio": 27.0});
        let data = Data::from_value(value.clone()).unwrap();
        assert_eq!(data.keys().collect::<Vec<_>>(), ["parts", "ratio", "whole"]);
        assert_eq!(data.get("parts"), Some(Ok(serde_json::json!([54, 54]))));
        assert_eq!(data.get("hole"), None);
        // Written as the value would be, and read back equal.
        let text = serde_json::to_string(&data).unwrap();
        assert_eq!(text, value.to_string());
        assert_eq!(serde_json::from_str::<Data>(&text).unwrap(), data);
        let other =
            Data::from_value(serde_json::json!({"whole": 2917, "parts": [54, 54], "ratio": 27.0}));
        assert_ne!(other.unwrap(), data);
        // A damaged artifact is read, and is an error only where it is named.
        let damaged: Data = serde_json::from_str(r#"{"whole":1e400,"parts":[1]}"#).unwrap();
        assert_eq!(damaged.get("parts"), Some(Ok(serde_json::json!([1]))));
        assert!(
            damaged
                .get("whole")
                .unwrap()
                .unwrap_err()
                .contains("--force")
        );
        assert!(
            Data::from_value(serde_json::json!([1]))
                .unwrap_err()
                .contains("not an object")
        );
    }

    /// Edits the record of `job`'s artifact in `dir`, keeping its content
    /// hash as it was (a casual edit) or recomputing it (a forger's).
    fn edit_record(dir: &Path, job: &Job, reseal: bool, edit: impl FnOnce(&mut Value)) {
        let path = dir.join(format!("{}.json", job.stem()));
        let mut value: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        edit(&mut value);
        let mut record: Record<Data> = serde_json::from_str(&value.to_string()).unwrap();
        if reseal {
            record.hash = record.content_hash().unwrap();
        }
        std::fs::write(&path, serde_json::to_vec(&record).unwrap()).unwrap();
    }

    /// A [`Progress`] that keeps what it is told to say.
    #[derive(Default)]
    struct Notes(std::sync::Mutex<Vec<String>>);

    impl Progress for Notes {
        fn start(&self, _: usize) {}
        fn done(&self, _: &str, _: Duration) {}
        fn finish(&self) {}
        fn say(&self, line: &str) {
            self.0.lock().unwrap().push(line.to_string());
        }
    }

    /// Runs `job()` with `cache` and a fresh memory: its origin and what was said.
    fn run_noting(cache: &Cache) -> (Origin, Vec<String>) {
        let notes = Notes::default();
        let got = compute(&[job()], cache, &mut Memory::new(), &notes)
            .remove(0)
            .unwrap();
        (got.origin, notes.0.into_inner().unwrap())
    }

    #[test]
    fn recomputes_when_the_fingerprint_differs_and_says_whether_data_changed() {
        let dir = tempfile::tempdir().unwrap();
        let cache = cache_in(dir.path());
        let age = |whole: Option<i64>| {
            edit_record(dir.path(), &job(), true, |record| {
                record["fingerprint"] = "0000000000000000".into();
                if let Some(w) = whole {
                    record["data"]["whole"] = w.into();
                }
            })
        };
        run(&cache, &mut Memory::new());
        age(None);
        assert_eq!(
            run(&cache, &mut Memory::new()).origin,
            Origin::Computed { changed: false }
        );
        age(Some(-1));
        assert_eq!(
            run(&cache, &mut Memory::new()).origin,
            Origin::Computed { changed: true }
        );
    }

    #[test]
    fn an_edited_artifact_is_recomputed_and_the_build_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let cache = cache_in(dir.path());
        let stem = job().stem().to_string();
        let expect_damaged = |file: &str, why: &str| {
            let (origin, notes) = run_noting(&cache);
            assert_eq!(origin, Origin::Computed { changed: false }, "{file}");
            assert_eq!(notes.len(), 1, "{notes:?}");
            assert!(notes[0].contains(&format!("{file} {why}")), "{notes:?}");
            assert!(notes[0].contains("--force"), "{notes:?}");
            // The recomputed artifact is whole again.
            assert_eq!(run_noting(&cache), (Origin::Reused, vec![]));
        };
        run(&cache, &mut Memory::new());

        edit_record(dir.path(), &job(), false, |r| r["data"]["whole"] = 5.into());
        expect_damaged(&format!("{stem}.json"), "does not match its content hash");

        let svg = dir.path().join(format!("{stem}.board.svg"));
        let text = std::fs::read_to_string(&svg).unwrap();
        std::fs::write(
            &svg,
            text.replace("</svg>", "<script>alert(1)</script></svg>"),
        )
        .unwrap();
        expect_damaged(&format!("{stem}.board.svg"), "does not match the hash");

        let csv = dir.path().join(format!("{stem}.csv"));
        std::fs::write(&csv, "part,positions\n1,99\n").unwrap();
        expect_damaged(&format!("{stem}.csv"), "does not match the hash");

        // Even with its hash recomputed, a failing identity is never trusted.
        edit_record(dir.path(), &job(), true, |r| {
            r["checks"][0]["holds"] = false.into()
        });
        expect_damaged(&format!("{stem}.json"), "records the failing identity");

        std::fs::write(dir.path().join(format!("{stem}.json")), "{\"whole\": 4}").unwrap();
        expect_damaged(
            &format!("{stem}.json"),
            "is not an artifact this ladder wrote",
        );
    }

    #[test]
    fn a_figures_folder_that_cannot_be_written_is_one_warning_and_the_figures_are_used() {
        let dir = tempfile::tempdir().unwrap();
        // A file where the folder should be: it cannot be created (as a
        // read-only or full disk cannot be written, even by root).
        std::fs::write(dir.path().join("figures"), "").unwrap();
        let cache = cache_in(&dir.path().join("figures"));
        let notes = Notes::default();
        let jobs = [job_with_wall(true), job_with_wall(false)];
        let results = compute(&jobs, &cache, &mut Memory::new(), &notes);
        assert!(results.iter().all(|r| r.is_ok()));
        let notes = notes.0.into_inner().unwrap();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with("warning: cannot write figure artifacts to")
                && notes[0].contains("2 figures will be recomputed"),
            "{notes:?}"
        );
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        // A folder where the file should go: the rename fails.
        let path = dir.path().join("a.json");
        std::fs::create_dir(&path).unwrap();
        assert!(write_new(&path, b"{}").is_err());
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.json"]);
    }

    #[test]
    fn only_files_ladder_writes_are_artifacts() {
        let generators = crate::generators::REGISTRY;
        let stem = "blocked-board-4e63d66e12a83083";
        for file in [
            format!("{stem}.json"),
            format!("{stem}.csv"),
            format!("{stem}.board.svg"),
            format!("{stem}.json.tmp123"),
        ] {
            assert_eq!(artifact_of(&file, generators), Some(stem), "{file}");
        }
        for file in [
            "notes.txt",
            "blocked-board-4e63d66e12a83083.txt",
            "blocked-board-4e63d66e12a83083.chart.svg",
            "blocked-board-4E63D66E12A83083.json",
            "blocked-board-4e63d66e12a8308.json",
            "no-such-generator-4e63d66e12a83083.json",
            "blocked-board-4e63d66e12a83083.json.tmp",
            "blocked-board-4e63d66e12a83083.json.tmpx1",
        ] {
            assert_eq!(artifact_of(file, generators), None, "{file}");
        }
    }

    #[test]
    fn memory_keeps_only_the_latest_builds_figures() {
        let dir = tempfile::tempdir().unwrap();
        let cache = cache_in(dir.path());
        let mut memory = Memory::new();
        compute(&[job_with_wall(true)], &cache, &mut memory, &Silent);
        compute(&[job_with_wall(false)], &cache, &mut memory, &Silent);
        assert_eq!(
            memory.keys().collect::<Vec<_>>(),
            [&job_with_wall(false).key]
        );
    }

    #[test]
    fn a_read_only_cache_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache {
            dir: dir.path().join("figures"),
            write: false,
            force: false,
        };
        run(&cache, &mut Memory::new());
        assert!(!dir.path().join("figures").exists());
    }
}
