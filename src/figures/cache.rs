//! The figure cache on disk: the records in `figures/` of a run
//! (`NAME-KEY.json`) and of a view drawn from its data (`NAME-KEY.VIEW.json`),
//! each sealed by the hash of its content, how they are looked up, written
//! through temporary files and told apart from files ladder does not write.
//!
//! An artifact read from the store ([`super::store`]) is verified here as
//! one in `figures/` is, and must moreover be the job's own: the store names
//! its objects by the whole key (`NAME-HASH.FINGERPRINT.json`, and
//! `NAME-HASH.FINGERPRINT.VIEW.DRAWING.json` for a drawing), so a record under
//! a name that is not its own is damaged, not merely another figure's.
//!
//! It imports [`super::job`] (what it stores), [`super::store`] (where else
//! it looks) and the file reader; the computation imports it.

use super::job::{Figure, Job};
use super::store::Store;
use crate::draw::Rendered;
use crate::figures::code;
use crate::generators::{Check, Data, Generator};
use crate::site::read::{ARTIFACT, Unread, read};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What the cache holds for a job's data.
pub(super) enum Lookup {
    Hit(Figure),
    /// Read from the store (with the drawings it held), and verified.
    Fetched(Figure),
    /// An artifact with the same parameters from other code: its data.
    Stale(Data),
    Miss,
    /// An artifact that is not as ladder wrote it: what is wrong, for the
    /// person at the terminal. It is recomputed like a miss.
    Damaged(Damaged),
}

/// What the cache holds of a drawing: `Ok(None)` when there is none,
/// `Ok(Some(None))` a drawing of nothing to draw, `Err` (a note) a damaged one.
#[allow(
    clippy::option_option,
    reason = "no drawing stored differs from a stored drawing of nothing to draw"
)]
type StoredView = Result<Option<Option<Rendered>>, Damaged>;

impl Lookup {
    /// Whether it holds the figure (from `figures/` or the store).
    pub(super) fn found(&self) -> bool {
        matches!(self, Lookup::Hit(_) | Lookup::Fetched(_))
    }
}

/// An artifact that is not as ladder wrote it (`why`): a warning for the
/// person at the terminal.
#[derive(Debug, thiserror::Error)]
#[error(
    "warning: figure artifact {} {why}; recomputing it (`ladder build --force` recomputes \
     every figure, trusting no artifact)",
    path.display()
)]
pub(super) struct Damaged {
    path: PathBuf,
    why: String,
}

/// The version of the artifacts' format. A record of another version is an
/// earlier (or later) ladder's: it is recomputed, without a warning.
const FORMAT: u32 = 2;

/// An artifact's record, sealed by the hash of its JSON text with `hash`
/// empty: a run's ([`Run`]) or a drawing's ([`Drawn`]). (Not flattened:
/// serde cannot flatten the raw JSON text data are kept as.)
#[derive(Serialize, Deserialize)]
pub(super) struct Sealed<T> {
    format: u32,
    pub(super) hash: String,
    body: T,
}

/// What reading a record found.
enum Read<T> {
    Record(Sealed<T>),
    /// A record of another format.
    Other,
    /// Not a record ladder wrote.
    Foreign,
}

impl<T: for<'de> Deserialize<'de>> Sealed<T> {
    fn read(bytes: &[u8]) -> Read<T> {
        match serde_json::from_slice::<Sealed<T>>(bytes) {
            Ok(record) if record.format == FORMAT => Read::Record(record),
            Ok(_) => Read::Other,
            Err(_) => {
                // Only a file that fails to read is probed: a sealed record
                // of any format has a hash, and this format's has no other.
                #[derive(Deserialize)]
                struct Probe {
                    format: Option<u32>,
                    hash: Option<String>,
                }
                match serde_json::from_slice::<Probe>(bytes) {
                    Ok(p) if p.hash.is_some() && p.format != Some(FORMAT) => Read::Other,
                    _ => Read::Foreign,
                }
            }
        }
    }
}

impl<T: Serialize> Sealed<T> {
    fn seal(body: T) -> serde_json::Result<Sealed<T>> {
        let mut sealed = Sealed {
            format: FORMAT,
            hash: String::new(),
            body,
        };
        sealed.hash = sealed.content_hash()?;
        Ok(sealed)
    }

    /// The hash the record should carry. Data values are kept as the text
    /// read ([`Data`]), so a record read back writes the text it was read
    /// from (but for spaces between keys): an edit inside any value shows.
    pub(super) fn content_hash(&mut self) -> serde_json::Result<String> {
        let carried = std::mem::take(&mut self.hash);
        let text = serde_json::to_string(self);
        self.hash = carried;
        Ok(hash(&text?))
    }

    /// Whether the record read from `text` carries the hash of its content:
    /// checked on `text` itself when it is as ladder writes it (the hash
    /// the second key, no spaces: the content is then `text` with the hash
    /// emptied), otherwise on the record written out again.
    fn verifies(&mut self, text: &[u8]) -> bool {
        let head = format!("{{\"format\":{FORMAT},\"hash\":\"");
        let written = text
            .strip_prefix(head.as_bytes())
            .and_then(|rest| rest.strip_prefix(self.hash.as_bytes()))
            .and_then(|rest| rest.strip_prefix(b"\""));
        if let Some(rest) = written {
            let mut content = blake3::Hasher::new();
            content.update(head.as_bytes());
            content.update(b"\"");
            content.update(rest);
            if content.finalize().to_hex().as_str() == self.hash {
                return true;
            }
        }
        self.content_hash().ok().as_ref() == Some(&self.hash)
    }
}

/// A run's record: its data `D` is owned when read, borrowed when written.
#[derive(Serialize, Deserialize)]
pub(super) struct Run<D> {
    generator: String,
    params: serde_json::Value,
    fingerprint: String,
    checks: Vec<Check>,
    /// The hash of the data's text, kept so that a build need not write out
    /// megabytes of data to find its drawings.
    data_hash: String,
    data: D,
}

/// A drawing's record: the view drawn from the data whose hash it names, by
/// the drawing code whose fingerprint it names (`None`: nothing to draw).
#[derive(Serialize, Deserialize)]
pub(super) struct Drawn<R> {
    data: String,
    fingerprint: String,
    view: Option<R>,
}

/// The hash artifacts carry of a piece of text.
pub(super) fn hash(text: &str) -> String {
    blake3::hash(text.as_bytes()).to_hex().to_string()
}

/// Where artifacts are read from and written to.
pub struct Cache {
    /// The `figures/` folder.
    pub dir: PathBuf,
    /// The project root, which every artifact read must be inside.
    pub root: PathBuf,
    /// Write new artifacts (false for `ladder check`).
    pub write: bool,
    /// Recompute everything, ignoring artifacts.
    pub force: bool,
    /// The figure store behind `figures/`, if any.
    pub store: Option<std::sync::Arc<Store>>,
}

/// Where a record was read: `figures/` (an artifact there with other
/// parameters or from other code is simply not this job's), or the store,
/// whose object names the job's key, so that any other record under it is
/// damaged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// `figures/`.
    Figures,
    /// The figure store.
    Store,
}

impl Cache {
    pub(super) fn lookup(&self, job: &Job) -> Lookup {
        self.read_run(job).0
    }

    /// What `figures/` holds of `job`'s run, with the record's bytes when
    /// there is one.
    fn read_run(&self, job: &Job) -> (Lookup, Option<Vec<u8>>) {
        let path = self.file(job, None);
        match read(&path, &self.root, ARTIFACT) {
            Ok(bytes) => (self.verify(job, &bytes, &path, Place::Figures), Some(bytes)),
            Err(Unread::Missing) => (Lookup::Miss, None),
            Err(Unread::Refused(why)) => (damaged(&path, &why), None),
        }
    }

    /// The file in `figures/` of `job`'s run, or with `view` of a drawing.
    fn file(&self, job: &Job, view: Option<&str>) -> PathBuf {
        self.dir.join(match view {
            None => format!("{}.json", job.stem()),
            Some(view) => format!("{}.{view}.json", job.stem()),
        })
    }

    /// What the record `bytes` of `job`'s run, read from `path`, holds:
    /// the figure when its hash verifies, it is this job's (its parameters,
    /// and the fingerprint of this solver code) and its identities hold.
    pub(super) fn verify(&self, job: &Job, bytes: &[u8], path: &Path, from: Place) -> Lookup {
        let mut record = match Sealed::<Run<Data>>::read(bytes) {
            Read::Record(record) => record,
            Read::Other => return Lookup::Miss,
            Read::Foreign => return damaged(path, "is not an artifact ladder wrote"),
        };
        if !record.verifies(bytes) {
            return damaged(path, "does not match its content hash (edited?)");
        }
        let run = record.body;
        let ours = run.generator == job.generator.spec().name
            && serde_json::to_value(&job.params).ok().as_ref() == Some(&run.params);
        let current = run.fingerprint == job.key.fingerprint;
        if from == Place::Store && !(ours && current) {
            return damaged(path, "holds another figure's artifact");
        }
        if !ours {
            return Lookup::Miss;
        }
        if self.force || !current {
            return Lookup::Stale(run.data);
        }
        if let Some(check) = run.checks.iter().find(|c| !c.holds) {
            let why = format!(
                "records the failing identity `{}`, which ladder never writes",
                check.name
            );
            return damaged(path, &why);
        }
        Lookup::Hit(Figure {
            data: run.data,
            data_hash: run.data_hash,
            checks: run.checks,
            views: BTreeMap::new(),
        })
    }

    /// How the store failed, when it is required to work (its uploads
    /// waited for): the error that fails the command.
    pub fn required_failure(&self) -> Option<String> {
        self.store
            .as_ref()
            .filter(|s| s.required)
            .and_then(|s| s.finish())
    }

    /// Where each of `jobs` is held: `figures/` (an artifact that
    /// verifies), the store (an object under its key, not read: a build
    /// verifies it), or nowhere. The store is asked only about the jobs
    /// `figures/` lacks, at most [`super::store::IN_FLIGHT`] at a time.
    pub fn held(&self, jobs: &[Job]) -> Vec<Option<Place>> {
        let mut held: Vec<Option<Place>> = jobs
            .iter()
            .map(|job| matches!(self.lookup(job), Lookup::Hit(_)).then_some(Place::Figures))
            .collect();
        if let Some(store) = &self.store {
            let lacking: Vec<usize> = (0..jobs.len()).filter(|&i| held[i].is_none()).collect();
            let names: Vec<String> = lacking
                .iter()
                .map(|&i| store_name(&jobs[i], None))
                .collect();
            for (i, there) in lacking.into_iter().zip(store.holds_all(&names)) {
                held[i] = there.then_some(Place::Store);
            }
        }
        held
    }

    /// Puts in the store (when it is writable) the artifacts of `jobs` that
    /// `figures/` holds, verified, and the store lacks: each run's and its
    /// views' drawings. `ladder compute` calls it, so that a job already
    /// computed on this machine reaches the store too. Waits for the
    /// uploads; returns how the store failed, when it had not failed before.
    pub fn share(&self, jobs: &[Job]) -> Option<String> {
        let store = self.store.as_ref().filter(|s| s.write && !s.failed())?;
        let mut kept: Vec<(String, Vec<u8>)> = Vec::new();
        for job in jobs {
            let (Lookup::Hit(figure), Some(bytes)) = self.read_run(job) else {
                continue;
            };
            kept.push((store_name(job, None), bytes));
            for view in &job.views {
                if let (Ok(Some(_)), Some(bytes)) = self.read_view(job, view, &figure.data_hash) {
                    kept.push((store_name(job, Some(view)), bytes));
                }
            }
        }
        let names: Vec<String> = kept.iter().map(|(name, _)| name.clone()).collect();
        for ((name, bytes), held) in kept.into_iter().zip(store.holds_all(&names)) {
            if !held {
                store.put(&name, bytes);
            }
        }
        store.finish()
    }

    /// The drawing of `view` stored for this data by this drawing code:
    /// `Ok(None)` when there is none, `Err` (a note) when one is damaged.
    #[allow(
        clippy::option_option,
        reason = "no drawing stored differs from a stored drawing of nothing to draw"
    )]
    pub(super) fn lookup_view(
        &self,
        job: &Job,
        view: &str,
        data_hash: &str,
    ) -> Result<Option<Option<Rendered>>, Damaged> {
        if self.force {
            return Ok(None);
        }
        self.read_view(job, view, data_hash).0
    }

    /// What `figures/` holds of the drawing of `view` from this data
    /// ([`Cache::lookup_view`]), with the record's bytes when there is one.
    fn read_view(&self, job: &Job, view: &str, data_hash: &str) -> (StoredView, Option<Vec<u8>>) {
        let path = self.file(job, Some(view));
        match read(&path, &self.root, ARTIFACT) {
            Ok(bytes) => {
                let drawn = verify_view(job, &bytes, data_hash, &path, Place::Figures);
                (drawn, Some(bytes))
            }
            Err(Unread::Missing) => (Ok(None), None),
            Err(Unread::Refused(why)) => (Err(note(&path, &why)), None),
        }
    }

    /// The record of a run's artifact.
    pub(super) fn seal(job: &Job, figure: &Figure) -> std::io::Result<Vec<u8>> {
        let record = Sealed::seal(Run {
            generator: job.generator.spec().name.to_string(),
            params: serde_json::to_value(&job.params)?,
            fingerprint: job.key.fingerprint.clone(),
            data_hash: figure.data_hash.clone(),
            data: &figure.data,
            checks: figure.checks.clone(),
        })?;
        Ok(serde_json::to_vec(&record)?)
    }

    /// The record of a drawing's artifact.
    pub(super) fn seal_view(
        job: &Job,
        data_hash: &str,
        drawn: Option<&Rendered>,
    ) -> std::io::Result<Vec<u8>> {
        let record = Sealed::seal(Drawn {
            data: data_hash.to_string(),
            fingerprint: code::draw(job.generator).to_string(),
            view: drawn,
        })?;
        Ok(serde_json::to_vec(&record)?)
    }

    /// Writes a run's artifact (`bytes`, its [`Cache::seal`]).
    pub(super) fn store(&self, job: &Job, bytes: &[u8]) -> std::io::Result<()> {
        self.write(job, None, bytes)
    }

    /// Writes a drawing's artifact (`bytes`, its [`Cache::seal_view`]).
    pub(super) fn store_view(&self, job: &Job, view: &str, bytes: &[u8]) -> std::io::Result<()> {
        self.write(job, Some(view), bytes)
    }

    fn write(&self, job: &Job, view: Option<&str>, bytes: &[u8]) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        write_new(&self.file(job, view), bytes)
    }
}

/// The drawing of `view` in the record `bytes` read from `path`, when it was
/// drawn from this data by this drawing code: `Ok(None)` when it was not (in
/// `figures/`, an older drawing; in the store, whose object names the data's
/// key, a damaged one), `Err` (a note) when the record is damaged.
#[allow(
    clippy::option_option,
    reason = "no drawing stored differs from a stored drawing of nothing to draw"
)]
pub(super) fn verify_view(
    job: &Job,
    bytes: &[u8],
    data_hash: &str,
    path: &Path,
    from: Place,
) -> Result<Option<Option<Rendered>>, Damaged> {
    let mut record = match Sealed::<Drawn<Rendered>>::read(bytes) {
        Read::Record(record) => record,
        Read::Other => return Ok(None),
        Read::Foreign => return Err(note(path, "is not an artifact ladder wrote")),
    };
    if !record.verifies(bytes) {
        return Err(note(path, "does not match its content hash (edited?)"));
    }
    let drawn = record.body;
    let current = drawn.data == data_hash && drawn.fingerprint == code::draw(job.generator);
    if from == Place::Store && !current {
        return Err(note(path, "holds another figure's artifact"));
    }
    Ok(current.then_some(drawn.view))
}

/// The names of a job's artifacts in the store: its key, whole (the stem
/// and the fingerprint of the solver code), and for a drawing the view and
/// the fingerprint of the drawing code.
pub(super) fn store_name(job: &Job, view: Option<&str>) -> String {
    let key = format!("{}.{}", job.stem(), job.key.fingerprint);
    match view {
        None => format!("{key}.json"),
        Some(view) => format!("{key}.{view}.{}.json", code::draw(job.generator)),
    }
}

fn note(path: &Path, why: &str) -> Damaged {
    Damaged {
        path: path.to_path_buf(),
        why: why.to_string(),
    }
}

/// A damaged artifact's lookup: it is recomputed, and the build says why.
fn damaged(path: &Path, why: &str) -> Lookup {
    Lookup::Damaged(note(path, why))
}

/// The suffix of a temporary file: `.tmp` and the process id.
const TMP: &str = ".tmp";

/// Writes through a temporary file, so a reader never sees half a file, and
/// removes the temporary file when writing or renaming fails.
pub(crate) fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
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
/// one ladder writes: `NAME-HASH.json` or `NAME-HASH.VIEW.json`, or one of
/// those with a temporary suffix, NAME being one of `generators` (with VIEW
/// one of its views) and HASH 16 hex digits; and whether it is a kind only
/// earlier versions wrote (`NAME-HASH.csv`, `NAME-HASH.VIEW.svg`), which no
/// build reads.
fn artifact_of<'a>(
    file: &'a str,
    generators: &[&'static dyn Generator],
) -> Option<(&'a str, bool)> {
    let file = match file.rsplit_once(TMP) {
        Some((file, pid)) if !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) => file,
        _ => file,
    };
    let (stem, kind) = file.split_once('.')?;
    let (name, hex) = stem.rsplit_once('-')?;
    let generator = generators.iter().find(|g| g.spec().name == name)?;
    let hex = hex.len() == 16 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    let is_view = |view: &str| generator.spec().views.iter().any(|v| v.name == view);
    let (known, legacy) = match (kind.strip_suffix(".json"), kind.strip_suffix(".svg")) {
        (Some(view), _) => (is_view(view), false),
        (_, Some(view)) => (is_view(view), true),
        _ => (kind == "json" || kind == "csv", kind == "csv"),
    };
    (hex && known).then_some((stem, legacy))
}

/// The files in `dir` that belong to artifacts whose stems are not in
/// `named`, or are of a kind no build reads any more, sorted; files ladder
/// does not write are never among them.
pub fn unnamed(
    dir: &Path,
    named: &BTreeSet<String>,
    generators: &[&'static dyn Generator],
) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let artifact = name.to_str().and_then(|n| artifact_of(n, generators));
        let stale = artifact.is_some_and(|(stem, legacy)| legacy || !named.contains(stem));
        if stale && entry.file_type()?.is_file() {
            files.push(entry.path());
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::Table;
    use serde_json::Value;

    #[test]
    fn a_drawing_with_fractional_values_verifies_when_read_back() {
        // Shares such as 100 * 9 / 39 print with 16 or 17 digits; reading one
        // back must give the same float, or the record fails its own hash.
        let rows = (1..=60u32)
            .flat_map(|n| {
                (0..=n).map(move |k| vec![Value::from(f64::from(k) * 100.0 / f64::from(n))])
            })
            .collect();
        let drawn = Drawn {
            data: "d".into(),
            fingerprint: "f".into(),
            view: Some(Rendered {
                body: String::new(),
                picture: true,
                values: Some(Table::new(["share"], rows)),
                tabular: false,
                legend: Vec::new(),
            }),
        };
        let bytes = serde_json::to_vec(&Sealed::seal(drawn).unwrap()).unwrap();
        let verifies = |bytes: &[u8]| match Sealed::<Drawn<Rendered>>::read(bytes) {
            Read::Record(mut record) => record.verifies(bytes),
            _ => panic!("a sealed drawing reads back as a record"),
        };
        assert!(verifies(&bytes));
        // Written out again with spaces and its keys in another order, it
        // still verifies; with its data's hash edited, it does not.
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        let pretty = serde_json::to_vec_pretty(&value).unwrap();
        assert_ne!(pretty, bytes);
        assert!(verifies(&pretty));
        let text = String::from_utf8(bytes).unwrap();
        let edited = text.replacen("\"data\":\"d\"", "\"data\":\"e\"", 1);
        assert_ne!(edited, text);
        assert!(!verifies(edited.as_bytes()));
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
        for (file, legacy) in [
            (format!("{stem}.json"), false),
            (format!("{stem}.board.json"), false),
            (format!("{stem}.csv"), true),
            (format!("{stem}.board.svg"), true),
            (format!("{stem}.json.tmp123"), false),
        ] {
            assert_eq!(
                artifact_of(&file, generators),
                Some((stem, legacy)),
                "{file}"
            );
        }
        for file in [
            "notes.txt",
            "blocked-board-4e63d66e12a83083.txt",
            "blocked-board-4e63d66e12a83083.chart.svg",
            "blocked-board-4e63d66e12a83083.chart.json",
            "blocked-board-4E63D66E12A83083.json",
            "blocked-board-4e63d66e12a8308.json",
            "no-such-generator-4e63d66e12a83083.json",
            "blocked-board-4e63d66e12a83083.json.tmp",
            "blocked-board-4e63d66e12a83083.json.tmpx1",
        ] {
            assert_eq!(artifact_of(file, generators), None, "{file}");
        }
    }
}
