//! Figure artifacts: running generators, once per distinct generator and
//! parameters, in parallel, and keeping their results in `figures/`.
//!
//! Each artifact is `figures/NAME-KEY.json` (the parameters, the fingerprint of
//! the solver code that made it, the data and the checks), one
//! `NAME-KEY.VIEW.svg` per drawing and `NAME-KEY.csv` where the data is a
//! table. A later build reuses an artifact whose parameters and fingerprint
//! match. An artifact whose identities fail is never written.

use crate::generators::{Check, Generator, Params, Spec};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Once;

include!(concat!(env!("OUT_DIR"), "/fingerprints.rs"));

fn unit(name: &str) -> &'static str {
    FINGERPRINTS
        .iter()
        .find(|(u, _)| *u == name)
        .map(|(_, h)| *h)
        .unwrap_or_else(|| panic!("build.rs fingerprinted no unit `{name}`"))
}

/// The fingerprint of the code a generator's results depend on: the core, the
/// shared generator code, its games and its own module.
pub fn fingerprint(spec: &Spec) -> String {
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

/// One generator run to do.
#[derive(Clone)]
pub struct Job {
    pub generator: &'static dyn Generator,
    pub params: Params,
}

impl Job {
    /// The artifact's file stem: the generator's name and a hash of the parameters.
    pub fn stem(&self) -> String {
        let name = self.generator.spec().name;
        let key = blake3::hash(format!("{name}\n{}", self.params.to_toml()).as_bytes());
        format!("{name}-{}", &key.to_hex()[..16])
    }
}

/// A computed (or reused) figure.
#[derive(Clone, Debug)]
pub struct Figure {
    pub data: serde_json::Value,
    pub checks: Vec<Check>,
    /// SVG by view name.
    pub views: BTreeMap<String, String>,
    pub csv: Option<String>,
    /// Whether it came from `figures/` rather than a run.
    pub reused: bool,
}

#[derive(Serialize, Deserialize)]
struct Record {
    generator: String,
    params: serde_json::Value,
    fingerprint: String,
    data: serde_json::Value,
    checks: Vec<Check>,
    views: Vec<String>,
    table: bool,
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
    fn load(&self, job: &Job) -> Option<Figure> {
        if self.force {
            return None;
        }
        let stem = job.stem();
        let record: Record =
            serde_json::from_slice(&std::fs::read(self.dir.join(format!("{stem}.json"))).ok()?)
                .ok()?;
        if record.fingerprint != fingerprint(job.generator.spec())
            || record.params != serde_json::to_value(&job.params).ok()?
        {
            return None;
        }
        let mut views = BTreeMap::new();
        for v in record.views {
            let svg = std::fs::read_to_string(self.dir.join(format!("{stem}.{v}.svg"))).ok()?;
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
            reused: true,
        })
    }

    fn store(&self, job: &Job, figure: &Figure) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let stem = job.stem();
        for (view, svg) in &figure.views {
            write_new(&self.dir.join(format!("{stem}.{view}.svg")), svg.as_bytes())?;
        }
        if let Some(csv) = &figure.csv {
            write_new(&self.dir.join(format!("{stem}.csv")), csv.as_bytes())?;
        }
        let record = Record {
            generator: job.generator.spec().name.to_string(),
            params: serde_json::to_value(&job.params)?,
            fingerprint: fingerprint(job.generator.spec()),
            data: figure.data.clone(),
            checks: figure.checks.clone(),
            views: figure.views.keys().cloned().collect(),
            table: figure.csv.is_some(),
        };
        // The record goes last: an artifact without one is never read.
        write_new(
            &self.dir.join(format!("{stem}.json")),
            &serde_json::to_vec_pretty(&record)?,
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

/// Runs a generator, turning a panic into an error that says where.
fn run_caught(job: &Job) -> Result<Figure, String> {
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
        format!("generator `{}` panicked: {what}", job.generator.spec().name)
    })?;
    Ok(Figure {
        data: output.data,
        checks: output.checks,
        views: output
            .views
            .into_iter()
            .map(|v| (v.name.to_string(), v.svg))
            .collect(),
        csv: output.table.map(|t| t.to_csv()),
        reused: false,
    })
}

/// Computes every job (each distinct job once, in parallel), reusing
/// artifacts where they match. Results come back in the order of `jobs`.
pub fn compute(jobs: &[Job], cache: &Cache) -> Vec<Result<Figure, String>> {
    jobs.par_iter()
        .map(|job| {
            if let Some(figure) = cache.load(job) {
                return Ok(figure);
            }
            let figure = run_caught(job)?;
            if cache.write && figure.checks.iter().all(|c| c.holds) {
                cache.store(job, &figure).map_err(|e| {
                    format!(
                        "cannot write figure artifact to {}: {e}",
                        cache.dir.display()
                    )
                })?;
            }
            Ok(figure)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::find;

    fn job() -> Job {
        let g = find("blocked-board").unwrap();
        let params = Params::parse(
            g.spec(),
            &[
                ("cols".to_string(), toml::Value::Integer(3)),
                ("blocked_columns".into(), toml::Value::Array(vec![])),
            ]
            .into_iter()
            .collect(),
        )
        .unwrap();
        Job {
            generator: g,
            params,
        }
    }

    #[test]
    fn every_generator_has_a_fingerprint() {
        for g in crate::generators::REGISTRY {
            assert_eq!(fingerprint(g.spec()).len(), 16);
        }
    }

    #[test]
    fn stores_and_reuses_artifacts_until_forced() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache {
            dir: dir.path().into(),
            write: true,
            force: false,
        };
        let first = compute(&[job()], &cache).remove(0).unwrap();
        assert!(!first.reused);
        let second = compute(&[job()], &cache).remove(0).unwrap();
        assert!(second.reused);
        assert_eq!(first.data, second.data);
        assert_eq!(first.views, second.views);
        assert_eq!(first.csv, second.csv);
        let forced = Cache {
            force: true,
            ..cache
        };
        assert!(!compute(&[job()], &forced).remove(0).unwrap().reused);
    }

    #[test]
    fn recomputes_when_the_fingerprint_differs() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache {
            dir: dir.path().into(),
            write: true,
            force: false,
        };
        compute(&[job()], &cache);
        let path = dir.path().join(format!("{}.json", job().stem()));
        let text = std::fs::read_to_string(&path).unwrap();
        let fp = fingerprint(job().generator.spec());
        std::fs::write(&path, text.replace(&fp, "0000000000000000")).unwrap();
        assert!(!compute(&[job()], &cache).remove(0).unwrap().reused);
    }

    #[test]
    fn a_read_only_cache_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache {
            dir: dir.path().join("figures"),
            write: false,
            force: false,
        };
        compute(&[job()], &cache).remove(0).unwrap();
        assert!(!dir.path().join("figures").exists());
    }
}
