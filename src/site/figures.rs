//! Figure artifacts: running generators, once per distinct generator and
//! parameters, in parallel, and keeping their results in `figures/`.
//!
//! Each artifact is `figures/NAME-KEY.json` (the parameters, the fingerprint of
//! the solver code that made it, the data and the checks), one
//! `NAME-KEY.VIEW.svg` per drawing and `NAME-KEY.csv` where the data is a
//! table. A later build reuses an artifact whose parameters and fingerprint
//! match, reading only the drawings its essays show and parsing only the data
//! keys they name ([`Data`]). An artifact whose identities fail is never
//! written.

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
    generator: String,
    params: serde_json::Value,
    fingerprint: String,
    checks: Vec<Check>,
    views: Vec<String>,
    table: bool,
    data: D,
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
        let stem = job.stem();
        let Some(record) = std::fs::read(self.dir.join(format!("{stem}.json")))
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Record<Data>>(&bytes).ok())
        else {
            return Lookup::Miss;
        };
        if serde_json::to_value(&job.params).ok().as_ref() != Some(&record.params) {
            return Lookup::Miss;
        }
        if self.force || record.fingerprint != job.key.1 {
            return Lookup::Stale(record.data);
        }
        match self.read_files(job, stem, record) {
            Some(figure) => Lookup::Hit(figure),
            None => Lookup::Miss,
        }
    }

    /// The figure of a record, with the drawings `job` shows (a view the
    /// generator did not draw stays missing, for the pipeline to report).
    fn read_files(&self, job: &Job, stem: &str, record: Record<Data>) -> Option<Figure> {
        let mut views = BTreeMap::new();
        for v in record.views {
            let svg = match job.views.contains(v.as_str()) {
                true => {
                    Some(std::fs::read_to_string(self.dir.join(format!("{stem}.{v}.svg"))).ok()?)
                }
                false => None,
            };
            views.insert(v, svg);
        }
        let csv = match record.table {
            true => Some(std::fs::read_to_string(self.dir.join(format!("{stem}.csv"))).ok()?),
            false => None,
        };
        Some(Figure {
            data: record.data,
            checks: record.checks,
            views,
            csv,
        })
    }

    fn store(&self, job: &Job, figure: &Figure) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let stem = job.stem();
        for (view, svg) in &figure.views {
            if let Some(svg) = svg {
                write_new(&self.dir.join(format!("{stem}.{view}.svg")), svg.as_bytes())?;
            }
        }
        if let Some(csv) = &figure.csv {
            write_new(&self.dir.join(format!("{stem}.csv")), csv.as_bytes())?;
        }
        let record = Record {
            generator: job.generator.spec().name.to_string(),
            params: serde_json::to_value(&job.params)?,
            fingerprint: job.key.1.clone(),
            data: &figure.data,
            checks: figure.checks.clone(),
            views: figure.views.keys().cloned().collect(),
            table: figure.csv.is_some(),
        };
        // The record goes last: an artifact without one is never read.
        write_new(
            &self.dir.join(format!("{stem}.json")),
            &serde_json::to_vec(&record)?,
        )
    }
}

/// Writes through a temporary file, so a reader never sees half a file.
fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
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

/// Figures already computed by this process.
pub type Memory = HashMap<Key, Arc<Figure>>;

/// Computes every job in parallel, taking figures from `memory` or from
/// artifacts where they match and telling `progress` about the rest. Results
/// come back in the order of `jobs`; computed figures whose identities hold
/// are added to `memory`.
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
    let to_run = lookups
        .iter()
        .filter(|l| !matches!(l, None | Some(Lookup::Hit(_))))
        .count();
    progress.start(to_run);
    let results: Vec<Result<Got, String>> = jobs
        .par_iter()
        .zip(lookups)
        .map(|(job, lookup)| {
            let previous = match lookup {
                None => {
                    let figure = memory[&job.key].clone();
                    return Ok(Got {
                        figure,
                        origin: Origin::Memory,
                    });
                }
                Some(Lookup::Hit(figure)) => {
                    return Ok(Got {
                        figure: Arc::new(figure),
                        origin: Origin::Reused,
                    });
                }
                Some(Lookup::Stale(data)) => Some(data),
                Some(Lookup::Miss) => None,
            };
            let started = Instant::now();
            let figure = run_caught(job)?;
            progress.done(&job.label(), started.elapsed());
            if cache.write && figure.checks.iter().all(|c| c.holds) {
                cache.store(job, &figure).map_err(|e| {
                    format!(
                        "cannot write figure artifact to {}: {e}",
                        cache.dir.display()
                    )
                })?;
            }
            let changed = previous.is_some_and(|old| old != figure.data);
            Ok(Got {
                figure: Arc::new(figure),
                origin: Origin::Computed { changed },
            })
        })
        .collect();
    progress.finish();
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

    #[test]
    fn recomputes_when_the_fingerprint_differs_and_says_whether_data_changed() {
        let dir = tempfile::tempdir().unwrap();
        let cache = cache_in(dir.path());
        let path = dir.path().join(format!("{}.json", job().stem()));
        let age = |whole: Option<i64>| {
            let mut record: serde_json::Value =
                serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            record["fingerprint"] = "0000000000000000".into();
            if let Some(w) = whole {
                record["data"]["whole"] = w.into();
            }
            std::fs::write(&path, record.to_string()).unwrap();
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
