//! What changed in the prose since the last successful build: the values and
//! claims whose computed values moved, named by `ladder build` and `ladder
//! check` from the record in `figures/values.json`.

use crate::common::{SiteTest, ladder, tree};
use ladder::site::{self, Options};

/// The lines of `text` that name a value or claim that moved.
fn moved(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains(" -> "))
        .map(str::trim)
        .collect()
}

#[test]
fn build_and_check_name_them() {
    let dir = SiteTest::basic().built();
    let record = dir.path().join("figures/values.json");
    let first = std::fs::read(&record).unwrap();
    // The record is deterministic: a rebuild and a build elsewhere write the same bytes.
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("moved"), "{}", run.stdout);
    assert_eq!(std::fs::read(&record).unwrap(), first);
    let elsewhere = SiteTest::basic().built();
    assert_eq!(
        std::fs::read(elsewhere.path().join("figures/values.json")).unwrap(),
        first
    );
    // As if a solver had computed other values in the last build.
    crate::common::edit(&record, |text| {
        text.replacen("\"b.parts.0\": \"2\"", "\"b.parts.0\": \"3\"", 1)
            .replacen("\"b.whole = four\": \"4\"", "\"b.whole = four\": \"5\"", 1)
    });
    let before = tree(dir.path());
    let check = ladder(&["check"], dir.path());
    assert_eq!(
        check.code, 0,
        "moves alone are information: {}",
        check.stderr
    );
    assert_eq!(before, tree(dir.path()), "check wrote something");
    let expected = [
        "./content/demo/one.md:19: `b.whole = four`: 5 -> 4",
        "./content/demo/one.md:29: `b.parts.0`: 3 -> 2",
    ];
    assert_eq!(moved(&check.stdout), expected, "{}", check.stdout);
    assert!(
        check
            .stdout
            .contains("moved since the last successful build (2; reread these sentences):"),
        "{}",
        check.stdout
    );
    let build = ladder(&["build"], dir.path());
    assert_eq!(build.code, 0, "{}", build.stderr);
    assert_eq!(moved(&build.stdout), expected, "{}", build.stdout);
    // The build records what it computed.
    assert_eq!(std::fs::read(&record).unwrap(), first);
}

#[test]
fn off_reads_and_records_nothing() {
    // What `ladder serve` builds: its rebuilds do not evaluate the essays'
    // statements for a record.
    let dir = SiteTest::basic().built();
    crate::common::edit(&dir.path().join("figures/values.json"), |text| {
        text.replacen("\"b.parts.0\": \"2\"", "\"b.parts.0\": \"3\"", 1)
    });
    let build = |changes| {
        let opts = Options {
            changes,
            ..Options::new(dir.path())
        };
        site::Site::new(opts)
            .build(&ladder::figures::Silent)
            .unwrap()
    };
    let without = build(false);
    assert!(without.summary.changes.is_empty());
    assert!(without.record.is_none());
    let with = build(true);
    assert_eq!(with.summary.changes.len(), 1);
    assert!(with.record.is_some());
}

#[test]
fn verdict_change() {
    let dir = SiteTest::basic().built();
    let record = std::fs::read(dir.path().join("figures/values.json")).unwrap();
    // Without its wall, the board has 18 positions, and so each part "has".
    crate::common::edit(&dir.path().join("content/demo/one.md"), |text| {
        text.replacen("blocked_columns = [2]", "blocked_columns = []", 1)
    });
    let before = tree(dir.path());
    let check = ladder(&["check"], dir.path());
    assert_eq!(check.code, 1, "{}", check.stderr);
    assert_eq!(before, tree(dir.path()), "check wrote something");
    let expected = [
        "./content/demo/one.md:16: `b.whole = 4`: 4 -> 18, and the claim held and is now false",
        "./content/demo/one.md:19: `b.whole = four`: 4 -> 18, and the claim held and is now false",
        "./content/demo/one.md:19: `b.parts.0 = 2`: 2 -> 18, and the claim held and is now false",
        "./content/demo/one.md:29: `b.parts.0`: 2 -> 18",
    ];
    assert_eq!(moved(&check.stderr), expected, "{}", check.stderr);
    assert!(
        check
            .stderr
            .contains("claim `b.whole = 4` is false: the generator computed 18"),
        "{}",
        check.stderr
    );
    let build = ladder(&["build"], dir.path());
    assert_eq!(build.code, 1, "{}", build.stderr);
    assert_eq!(moved(&build.stderr), expected, "{}", build.stderr);
    // A failed build records nothing.
    assert_eq!(
        std::fs::read(dir.path().join("figures/values.json")).unwrap(),
        record
    );
}

#[test]
fn foreign_record_left_alone() {
    let dir = SiteTest::basic();
    let record = dir.path().join("figures/values.json");
    std::fs::create_dir_all(record.parent().unwrap()).unwrap();
    std::fs::write(&record, "my notes").unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("values.json is not a record of values ladder wrote"),
        "{}",
        run.stdout
    );
    assert_eq!(std::fs::read_to_string(&record).unwrap(), "my notes");
}
