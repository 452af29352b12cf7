//! The computation's tests: artifacts stored, reused and recomputed, views
//! drawn from stored data, damaged artifacts, memory between builds, and the
//! figure store (through an object store in memory that counts requests and
//! can go down).

use super::super::cache::{Drawn, Run, Sealed};
use super::*;
use crate::generators::Params;
use crate::generators::find;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

fn job() -> Job {
    job_with_wall(true)
}

#[test]
fn a_job_is_labelled_by_the_parameters_its_essay_set() {
    let g = find("blocked-board").unwrap();
    let defaults = Job::new(g, Params::defaults(g.spec()).unwrap());
    assert_eq!(defaults.label(), "blocked-board (its defaults)");
    assert_eq!(
        job().label(),
        "blocked-board (blocked_columns = [], cols = 3)"
    );
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

fn run(cache: &Cache, memory: &mut Memory) -> Got {
    compute(&[job()], cache, memory, &Silent).remove(0).unwrap()
}

fn cache_in(dir: &Path) -> Cache {
    Cache {
        dir: dir.into(),
        root: dir.into(),
        write: true,
        force: false,
        store: None,
    }
}

#[test]
fn stores_and_reuses_artifacts_until_forced() {
    let dir = tempfile::tempdir().unwrap();
    let cache = cache_in(dir.path());
    let first = run(&cache, &mut Memory::new());
    assert_eq!(first.origin, Origin::Computed { changed: false });
    assert_eq!(first.drawn, 1);
    let second = run(&cache, &mut Memory::new());
    assert_eq!((second.origin, second.drawn), (Origin::Reused, 0));
    assert_eq!(first.figure, second.figure);
    // Only the view the job shows is drawn and stored.
    assert_eq!(second.figure.views.keys().collect::<Vec<_>>(), ["board"]);
    let stem = job().stem().to_string();
    assert!(dir.path().join(format!("{stem}.board.json")).is_file());
    assert!(!dir.path().join(format!("{stem}.wall.json")).exists());
    let forced = Cache {
        force: true,
        ..cache
    };
    let third = run(&forced, &mut Memory::new());
    assert_eq!(
        (third.origin, third.drawn),
        (Origin::Computed { changed: false }, 1)
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
fn a_view_now_shown_is_drawn_from_the_data_without_running_the_solver() {
    let dir = tempfile::tempdir().unwrap();
    let cache = cache_in(dir.path());
    let mut memory = Memory::new();
    run(&cache, &mut memory);
    let wall = || Job {
        views: BTreeSet::from(["board", "wall"]),
        ..job()
    };
    let got = compute(&[wall()], &cache, &mut memory, &Silent)
        .remove(0)
        .unwrap();
    assert_eq!((got.origin, got.drawn), (Origin::Memory, 1));
    assert!(got.figure.views["wall"].is_some());
    let got = compute(&[wall()], &cache, &mut Memory::new(), &Silent)
        .remove(0)
        .unwrap();
    assert_eq!((got.origin, got.drawn), (Origin::Reused, 0));
}

#[test]
fn a_view_with_nothing_to_draw_is_remembered_as_such() {
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
        assert_eq!(got.figure.views["wall"], None);
        (got.origin, got.drawn)
    };
    assert_eq!(
        origin(&mut memory),
        (Origin::Computed { changed: false }, 1)
    );
    assert_eq!(origin(&mut memory), (Origin::Memory, 0));
    assert_eq!(origin(&mut Memory::new()), (Origin::Reused, 0));
}

#[test]
fn drawing_code_or_data_that_changed_redraws_without_running_the_solver() {
    let dir = tempfile::tempdir().unwrap();
    let cache = cache_in(dir.path());
    run(&cache, &mut Memory::new());
    for (field, value) in [("fingerprint", "0000000000000000"), ("data", "0")] {
        edit_board(dir.path(), true, |r| r["body"][field] = value.into());
        let (got, notes) = run_noting(&cache);
        assert_eq!((got.origin, got.drawn), (Origin::Reused, 1), "{field}");
        assert!(notes.is_empty(), "{notes:?}");
    }
}

#[test]
fn data_keeps_each_key_as_text_and_parses_it_on_demand() {
    let value = serde_json::json!({"whole": 2916, "parts": [54, 54], "ratio": 27.0});
    let data = Data::from_value(value.clone()).unwrap();
    assert_eq!(data.keys().collect::<Vec<_>>(), ["parts", "ratio", "whole"]);
    assert_eq!(
        data.get("parts").unwrap().unwrap(),
        serde_json::json!([54, 54])
    );
    assert!(data.get("hole").is_none());
    // Written as the value would be, and read back equal.
    let text = serde_json::to_string(&data).unwrap();
    assert_eq!(text, value.to_string());
    assert_eq!(serde_json::from_str::<Data>(&text).unwrap(), data);
    let other =
        Data::from_value(serde_json::json!({"whole": 2917, "parts": [54, 54], "ratio": 27.0}));
    assert_ne!(other.unwrap(), data);
    // A damaged artifact is read, and is an error only where it is named.
    let damaged: Data = serde_json::from_str(r#"{"whole":1e400,"parts":[1]}"#).unwrap();
    assert_eq!(
        damaged.get("parts").unwrap().unwrap(),
        serde_json::json!([1])
    );
    assert!(
        damaged
            .get("whole")
            .unwrap()
            .unwrap_err()
            .to_string()
            .contains("--force")
    );
    assert!(
        Data::from_value(serde_json::json!([1]))
            .unwrap_err()
            .to_string()
            .contains("not an object")
    );
}

/// Edits the artifact `name` in `dir`, keeping its content hash as it
/// was (a casual edit) or recomputing it (a forger's).
/// The record is read back as a `T` (a run's or a drawing's), which
/// writes its fields in their order.
fn edit<T: Serialize + for<'de> Deserialize<'de>>(
    dir: &Path,
    name: &str,
    reseal: bool,
    edit: impl FnOnce(&mut Value),
) {
    let path = dir.join(name);
    let mut value: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    edit(&mut value);
    let mut record: Sealed<T> = serde_json::from_str(&value.to_string()).unwrap();
    if reseal {
        record.hash = record.content_hash().unwrap();
    }
    std::fs::write(&path, serde_json::to_vec(&record).unwrap()).unwrap();
}

/// Edits the record of `job`'s run in `dir`.
fn edit_record(dir: &Path, job: &Job, reseal: bool, change: impl FnOnce(&mut Value)) {
    edit::<Run<Data>>(dir, &format!("{}.json", job.stem()), reseal, change);
}

/// Edits the record of `job`'s drawing of its board in `dir`.
fn edit_board(dir: &Path, reseal: bool, change: impl FnOnce(&mut Value)) {
    let name = format!("{}.board.json", job().stem());
    edit::<Drawn<Rendered>>(dir, &name, reseal, change);
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

/// Runs `job()` with `cache` and a fresh memory: what it got and what was said.
fn run_noting(cache: &Cache) -> (Got, Vec<String>) {
    let notes = Notes::default();
    let got = compute(&[job()], cache, &mut Memory::new(), &notes)
        .remove(0)
        .unwrap();
    (got, notes.0.into_inner().unwrap())
}

#[test]
fn recomputes_when_the_fingerprint_differs_and_says_whether_data_changed() {
    let dir = tempfile::tempdir().unwrap();
    let cache = cache_in(dir.path());
    let age = |whole: Option<i64>| {
        edit_record(dir.path(), &job(), true, |record| {
            record["body"]["fingerprint"] = "0000000000000000".into();
            if let Some(w) = whole {
                record["body"]["data"]["whole"] = w.into();
            }
        });
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
    // A damaged run is rerun and its drawing, of the same data, kept; a
    // damaged drawing is redrawn from the data.
    let expect_damaged = |file: &str, why: &str, origin: Origin| {
        let (got, notes) = run_noting(&cache);
        let drawn = usize::from(origin == Origin::Reused);
        assert_eq!((got.origin, got.drawn), (origin, drawn), "{file}");
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains(&format!("{file} {why}")), "{notes:?}");
        assert!(notes[0].contains("--force"), "{notes:?}");
        // The recomputed artifact is whole again.
        let (got, notes) = run_noting(&cache);
        assert_eq!((got.origin, got.drawn, notes), (Origin::Reused, 0, vec![]));
    };
    let computed = Origin::Computed { changed: false };
    run(&cache, &mut Memory::new());

    edit_record(dir.path(), &job(), false, |r| {
        r["body"]["data"]["whole"] = 5.into();
    });
    expect_damaged(
        &format!("{stem}.json"),
        "does not match its content hash",
        computed,
    );

    let view = format!("{stem}.board.json");
    edit_board(dir.path(), false, |r| {
        r["body"]["view"]["body"] = "<script>alert(1)</script>".into();
    });
    expect_damaged(&view, "does not match its content hash", Origin::Reused);

    // Even with its hash recomputed, a failing identity is never trusted.
    edit_record(dir.path(), &job(), true, |r| {
        r["body"]["checks"][0]["holds"] = false.into();
    });
    expect_damaged(
        &format!("{stem}.json"),
        "records the failing identity",
        computed,
    );

    std::fs::write(dir.path().join(format!("{stem}.json")), "{\"whole\": 4}").unwrap();
    expect_damaged(
        &format!("{stem}.json"),
        "is not an artifact ladder wrote",
        computed,
    );
    // A record of another format (an earlier ladder's) is recomputed
    // without a word.
    edit_record(dir.path(), &job(), true, |r| r["format"] = 1.into());
    let (got, notes) = run_noting(&cache);
    assert_eq!((got.origin, notes), (computed, vec![]));
    let old = r#"{"hash":"0","generator":"blocked-board","data":{}}"#;
    std::fs::write(dir.path().join(format!("{stem}.json")), old).unwrap();
    let (got, notes) = run_noting(&cache);
    assert_eq!((got.origin, notes), (computed, vec![]));
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
    assert!(results.iter().all(std::result::Result::is_ok));
    let notes = notes.0.into_inner().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].starts_with("warning: cannot write figure artifacts to")
            && notes[0].contains("2 figures will be recomputed"),
        "{notes:?}"
    );
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
        root: dir.path().into(),
        write: false,
        force: false,
        store: None,
    };
    run(&cache, &mut Memory::new());
    assert!(!dir.path().join("figures").exists());
}

#[cfg(feature = "store")]
mod store;
