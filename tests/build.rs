//! Builds fixture sites with the real binary (and, for generators that only
//! tests need, with the library) and checks pages, errors and the output folder.

mod common;

use common::{FIRST_LINE, Run, build_edited, fails_at, fixture, ladder, page_with, tree};
use ladder::generators::draw::{Drawing, Table};
use ladder::generators::{Check, Data, Doc, Form, Generator, Key, Output, Params, Spec};
use ladder::site::{self, Failure, Options};
use std::path::{Path, PathBuf};

/// The `<main>` element with each drawing's body elided, so that layout and
/// drawing changes do not churn every expectation.
fn main_of(html: &str) -> String {
    let start = html.find("<main").expect("a <main>");
    let end = html.find("</main>").expect("a </main>") + "</main>".len();
    let mut main = html[start..end].to_string();
    while let Some(s) = main.find("<svg ") {
        let e = main[s..]
            .find("</svg>")
            .map(|e| s + e + 6)
            .expect("closed svg");
        let head_end = main[s..].find('>').map(|h| s + h + 1).unwrap();
        let head = main[s..head_end].replace("<svg ", "<svg-elided ");
        main.replace_range(s..e, &head);
    }
    main
}

#[test]
fn builds_the_fixture_site_and_its_pages_match() {
    let dir = fixture("basic");
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("built"), "{}", run.stdout);
    assert!(
        run.stdout.contains("7 pages, 2 figures computed, 0 reused"),
        "{}",
        run.stdout
    );
    for page in [
        "index.html",
        "demo/index.html",
        "demo/one/index.html",
        "demo/two/index.html",
    ] {
        let html = std::fs::read_to_string(dir.path().join("site").join(page)).unwrap();
        insta::assert_snapshot!(page.replace('/', "_"), main_of(&html));
    }
    let data = std::fs::read_to_string(dir.path().join("site/demo/one/b.json")).unwrap();
    assert!(data.contains("\"whole\":4"), "{data}");
    // A board shows no numbers: it has no CSV.
    assert!(!dir.path().join("site/demo/one/b.csv").exists());
    let again = ladder(&["build"], dir.path());
    assert!(
        again.stdout.contains("0 figures computed, 2 reused"),
        "{}",
        again.stdout
    );
    // A data file made from a reused artifact is the one made from the run.
    let reused = std::fs::read_to_string(dir.path().join("site/demo/one/b.json")).unwrap();
    assert_eq!(reused, data);
}

#[test]
fn two_builds_give_identical_bytes() {
    let (a, b) = (fixture("basic"), fixture("basic"));
    assert_eq!(ladder(&["build"], a.path()).code, 0);
    assert_eq!(ladder(&["build"], b.path()).code, 0);
    let (ta, tb) = (tree(&a.path().join("site")), tree(&b.path().join("site")));
    assert!(ta.len() > 5);
    // Search's index too, built by each process anew.
    assert!(ta.keys().any(|p| p.starts_with("pagefind/index")));
    assert_eq!(ta.keys().collect::<Vec<_>>(), tb.keys().collect::<Vec<_>>());
    for (path, bytes) in &ta {
        assert!(
            bytes == &tb[path],
            "{} differs between builds",
            path.display()
        );
    }
}

#[test]
fn a_false_claim_fails_naming_both_values() {
    fails_at(
        "one.md",
        "{{ b.parts.0 = 2 }}",
        "{{ b.parts.0 = 3 }}",
        19,
        "claim `b.parts.0 = 3` is false: the generator computed 2",
    );
}

#[test]
fn claims_may_state_derived_quantities() {
    let page = page_with(
        "{{ b.parts.0 = 2 }}",
        "{{ b.parts.0 = 2 }} ({{ b.whole - 1 = three }} without the empty board, \
         {{ len(b.parts) = both }} parts, {{ b.parts.0 * b.parts.1 = b.whole }}, \
         {{ b.whole / len(b.parts) | words }} on average)",
    );
    assert!(
        page.contains("2 (three without the empty board, both parts, 4, two on average)"),
        "{page}"
    );
    fails_at(
        "one.md",
        "{{ b.parts.0 = 2 }}",
        "{{ b.parts.0 = 2 }} {{ sum(b.parts) - 1 > b.whole }}",
        19,
        "claim `sum(b.parts) - 1 > b.whole` is false: the generator computed 3 against 4",
    );
    fails_at(
        "one.md",
        "{{ b.parts.0 = 2 }}",
        "{{ b.whole / (b.parts.0 - 2) }}",
        19,
        "`b.whole / (b.parts.0 - 2)`: `b.parts.0 - 2` is 0, and nothing divides by 0",
    );
}

#[test]
fn a_false_claim_in_a_caption_fails_at_the_caption() {
    fails_at(
        "one.md",
        "{{ b.whole = 4 }}",
        "{{ b.whole = 5 }}",
        16,
        "computed 4",
    );
}

#[test]
fn an_unknown_generator_fails_listing_the_known_ones() {
    fails_at(
        "one.md",
        "generator = \"blocked-board\"",
        "generator = \"blocked\"",
        12,
        "unknown generator `blocked`; there are: blocked-board",
    );
}

#[test]
fn an_unknown_parameter_fails_at_its_line() {
    fails_at(
        "one.md",
        "cols = 3",
        "columns = 3",
        14,
        "no parameter `columns`",
    );
}

#[test]
fn an_out_of_range_parameter_fails_naming_the_range() {
    fails_at(
        "one.md",
        "rows = 2",
        "rows = 0",
        13,
        "`rows` expects integer in 1..=11, found 0",
    );
}

#[test]
fn a_view_the_parameters_do_not_draw_fails() {
    fails_at(
        "one.md",
        "blocked_columns = [2]",
        "blocked_columns = [2]\nwall = false\nview = \"wall\"",
        10,
        "generator `blocked-board` draws no `wall` view with these parameters (`wall`: Whole \
         against sum of parts for each column of a one-column wall (log scale); needs wall = true)",
    );
}

#[test]
fn parameters_past_the_generator_limits_fail() {
    fails_at(
        "one.md",
        "rows = 2\ncols = 3\nblocked_columns = [2]",
        "rows = 6\ncols = 6\nblocked_columns = []",
        10,
        "generator `blocked-board` refuses these parameters",
    );
}

/// A figure drawing a Green Hackenbush path of 25 edges, one past the limit on
/// drawn edges, and `raise` on the line after its generator.
fn long_path_figure(raise: &str) -> String {
    let path: Vec<String> = (0..25).map(|i| format!("{i}-{}", i + 1)).collect();
    format!(
        "$$\\sum_{{i=1}}^{{n}} i$$\n\n```figure\nid = \"h\"\ngenerator = \"hackenbush-fusion\"\n\
         {raise}family = 0\ncaption = \"A path.\"\ngraph = \"{}\"\n```",
        path.join(" ")
    )
}

#[test]
fn a_directive_past_a_limit_fails_naming_the_parameter_and_raises_it_on_purpose() {
    fails_at(
        "one.md",
        "$$\\sum_{i=1}^{n} i$$",
        &long_path_figure(""),
        25,
        "drawn edges is 25, over the limit of 24 (edges of the drawn graph; beyond them its \
         drawing is a tangle); lower `graph = \"0-1 1-2",
    );
    fails_at(
        "one.md",
        "$$\\sum_{i=1}^{n} i$$",
        &long_path_figure(""),
        25,
        "or raise the limit on purpose with `max_drawn_edges = 25`",
    );
    let (_dir, run) = build_edited(
        "$$\\sum_{i=1}^{n} i$$",
        &long_path_figure("max_drawn_edges = 25\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn a_broken_internal_link_fails() {
    fails_at(
        "one.md",
        "two.md#second-section",
        "two.md#nowhere",
        33,
        "no heading with id `nowhere`",
    );
}

#[test]
fn a_link_to_a_missing_essay_fails() {
    fails_at(
        "two.md",
        "@/demo/one.md",
        "@/demo/three.md",
        7,
        "no such essay",
    );
}

#[test]
fn a_duplicate_rung_fails() {
    fails_at("two.md", "rung = 2", "rung = 1", 4, "rung 1 twice");
}

#[test]
fn malformed_front_matter_fails() {
    fails_at(
        "two.md",
        "title = \"Two\"",
        "title = Two",
        2,
        "front matter",
    );
}

#[test]
fn a_latex_error_fails_at_its_line() {
    fails_at(
        "one.md",
        "$\\frac{1}{4}$",
        "$\\frac{1}{\\four}$",
        21,
        "LaTeX error in `\\frac{1}{\\four}`: unknown primitive command",
    );
}

#[test]
fn an_unknown_key_fails() {
    fails_at(
        "two.md",
        "{{ c.split = 1 }}",
        "{{ c.splits }}",
        16,
        "no key `splits`",
    );
}

#[test]
fn a_reference_to_a_missing_figure_fails() {
    fails_at("one.md", "[](#fig-b)", "[](#fig-z)", 37, "no figure `z`");
}

#[test]
fn every_error_is_reported_not_only_the_first() {
    let dir = fixture("basic");
    let path = dir.path().join("content/demo/one.md");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        // The same false claim twice on one line is two errors, each at its column.
        text.replace(
            "{{ b.parts.0 = 2 }}",
            "{{ b.parts.0 = 3 }} or {{ b.parts.0 = 3 }}",
        )
        .replace("[](#fig-b)", "[](#fig-z)"),
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("3 errors"), "{}", run.stderr);
    assert!(run.stderr.contains("one.md:19:60:"), "{}", run.stderr);
    assert!(run.stderr.contains("one.md:19:83:"), "{}", run.stderr);
    assert!(!dir.path().join("site").exists());
}

#[test]
fn usage_errors_exit_two() {
    let dir = fixture("basic");
    assert_eq!(ladder(&["build", "--bogus"], dir.path()).code, 2);
    let run = ladder(&["figure", "nope"], dir.path());
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no generator `nope`"));
    assert_eq!(
        ladder(&["figure", "blocked-board", "rows=99"], dir.path()).code,
        2
    );
}

#[test]
fn an_output_that_cannot_be_written_exits_three_not_one() {
    let dir = fixture("basic");
    // A file where the output's parent folder must go.
    std::fs::write(dir.path().join("plain-file"), "").unwrap();
    let run = ladder(&["build", "--output-dir", "plain-file/site"], dir.path());
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(
        run.stderr.contains("error: cannot") && run.stderr.contains("plain-file"),
        "{}",
        run.stderr
    );
    assert!(!dir.path().join("site").exists());
}

#[test]
fn check_writes_nothing() {
    let dir = fixture("basic");
    let run = ladder(&["check"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!dir.path().join("site").exists());
    assert!(!dir.path().join("figures").exists());
}

// --- What moved in the prose since the last successful build ---

/// The lines of `text` that name a value or claim that moved.
fn moved(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains(" -> "))
        .map(str::trim)
        .collect()
}

#[test]
fn a_build_names_each_value_and_claim_that_moved_and_check_names_the_same() {
    let dir = fixture("basic");
    assert_eq!(ladder(&["build"], dir.path()).code, 0);
    let record = dir.path().join("figures/values.json");
    let first = std::fs::read(&record).unwrap();
    // The record is deterministic: a rebuild and a build elsewhere write the same bytes.
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("moved"), "{}", run.stdout);
    assert_eq!(std::fs::read(&record).unwrap(), first);
    let elsewhere = fixture("basic");
    assert_eq!(ladder(&["build"], elsewhere.path()).code, 0);
    assert_eq!(
        std::fs::read(elsewhere.path().join("figures/values.json")).unwrap(),
        first
    );
    // As if a solver had computed other values in the last build.
    common::edit(&record, |text| {
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
fn a_build_without_changes_neither_reads_nor_records_them() {
    // What `ladder serve` builds: its rebuilds do not evaluate the essays'
    // statements for a record.
    let dir = fixture("basic");
    assert_eq!(ladder(&["build"], dir.path()).code, 0);
    common::edit(&dir.path().join("figures/values.json"), |text| {
        text.replacen("\"b.parts.0\": \"2\"", "\"b.parts.0\": \"3\"", 1)
    });
    let build = |changes| {
        let opts = Options {
            changes,
            ..Options::new(dir.path())
        };
        site::Site::new(opts).build(&site::figures::Silent).unwrap()
    };
    let without = build(false);
    assert!(without.summary.changes.is_empty());
    assert!(without.record.is_none());
    let with = build(true);
    assert_eq!(with.summary.changes.len(), 1);
    assert!(with.record.is_some());
}

#[test]
fn a_claim_a_solver_change_makes_false_is_named_as_a_verdict_change() {
    let dir = fixture("basic");
    assert_eq!(ladder(&["build"], dir.path()).code, 0);
    let record = std::fs::read(dir.path().join("figures/values.json")).unwrap();
    // Without its wall, the board has 18 positions, and so each part "has".
    common::edit(&dir.path().join("content/demo/one.md"), |text| {
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
fn a_record_ladder_did_not_write_is_left_alone() {
    let dir = fixture("basic");
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

#[test]
fn figure_prints_data_as_json_and_checks_on_stderr() {
    let dir = fixture("basic");
    let run = ladder(
        &[
            "figure",
            "blocked-board",
            "rows=4",
            "cols=5",
            "blocked_columns=[3]",
        ],
        dir.path(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let data: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(data["whole"], 2916);
    assert!(
        run.stderr
            .contains("holds: whole = product of parts: 2916 = 2916"),
        "{}",
        run.stderr
    );
}

#[test]
fn generators_lists_parameters_and_keys() {
    let run = ladder(&["generators"], Path::new(env!("CARGO_MANIFEST_DIR")));
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("blocked-board"));
    assert!(
        run.stdout
            .contains("blocked_columns (list of at most 11 integers in 1..=11, default [3])"),
        "{}",
        run.stdout
    );
}

/// A generator that only tests need: its identity fails, or it panics.
struct Broken {
    panics: bool,
}

static LIAR_SPEC: Spec = Spec {
    name: "liar",
    description: "Asserts 2 + 2 = 5.",
    params: &[],
    example: &[],
    limits: &[],
    names: &[],
    identities: &[Doc {
        name: "2 + 2 = 5",
        doc: "False.",
    }],
    views: &[Doc {
        name: "nothing",
        doc: "An empty drawing.",
    }],
};

impl Generator for Broken {
    fn spec(&self) -> &'static Spec {
        &LIAR_SPEC
    }

    fn keys(&self) -> &'static [Key] {
        &[Key {
            name: "sum",
            doc: "2 + 2.",
            form: Form::Leaf,
        }]
    }

    fn run(&self, _: &Params) -> Output {
        assert!(!self.panics, "the solver fell over");
        Output {
            data: serde_json::json!({"sum": 4}),
            checks: vec![Check::equal("2 + 2 = 5", 4, 5)],
        }
    }

    fn draw(&self, _: &str, _: &Params, _: &Data) -> Result<Option<Drawing>, String> {
        Ok(Some(Drawing::Table(Table::default())))
    }
}

static LIAR: Broken = Broken { panics: false };
static PANICKER: Broken = Broken { panics: true };

fn build_with(generator: &'static Broken) -> (tempfile::TempDir, Result<site::Summary, Failure>) {
    let dir = fixture("basic");
    let content = dir.path().join("content/demo");
    std::fs::remove_file(content.join("two.md")).unwrap();
    std::fs::write(
        content.join("one.md"),
        "+++\ntitle = \"t\"\nladder = \"demo\"\nrung = 1\n+++\n\nText.\n\n```figure\nid = \"l\"\ngenerator = \"liar\"\ncaption = \"c\"\n```\n",
    )
    .unwrap();
    let opts = Options {
        generators: Box::leak(Box::new([generator as &dyn Generator])),
        ..Options::new(dir.path())
    };
    let result = site::build(opts, &ladder::site::figures::Silent);
    (dir, result)
}

#[test]
fn a_failing_identity_fails_the_build_and_writes_no_figure() {
    let (dir, result) = build_with(&LIAR);
    let Err(Failure::Content(errors, _)) = result else {
        panic!("expected content errors")
    };
    assert_eq!(errors.len(), 1);
    let e = errors[0].to_string();
    assert!(e.contains("one.md:9:1: error: figure `l`: generator `liar` asserts `2 + 2 = 5` and it fails: 4 against 5"), "{e}");
    assert!(
        !dir.path().join("figures").exists(),
        "an artifact was written"
    );
    assert!(!dir.path().join("site").exists());
}

#[test]
fn a_panicking_generator_is_an_error_not_a_crash() {
    let (_dir, result) = build_with(&PANICKER);
    let Err(Failure::Content(errors, _)) = result else {
        panic!("expected content errors")
    };
    assert!(
        errors[0]
            .message
            .contains("generator `liar` panicked running: the solver fell over"),
        "{}",
        errors[0]
    );
}

#[test]
fn the_bundled_essays_pass_every_check_without_a_warning() {
    let run = ladder(&["check"], Path::new(env!("CARGO_MANIFEST_DIR")));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("checked:"), "{}", run.stdout);
    assert!(!run.stderr.contains("warning:"), "{}", run.stderr);
}

/// The statements the essays compute rather than assert: the pieces of the
/// fused Hackenbush branch, the triangle `ladder value` is shown valuing and
/// the family's loops, the 2 x 2's packings, the 3 x 5's mirror pairings
/// around a fixed cell (and how many tie for most free cells) and *2 + * in
/// Cram. Each bundled essay, copied
/// alone into a scratch root with every such claim's literal changed, fails
/// `ladder check` with one error per claim, at its line.
#[test]
#[allow(clippy::too_many_lines, reason = "one table of every essay's claims")]
fn the_essays_computed_claims_fail_when_their_values_change() {
    let essays: &[(&str, &[(&str, &str)])] = &[
        (
            "hackenbush/fusion.md",
            &[
                (
                    r#"{{ pieces.positions.0.value = "0" }}"#,
                    r#"{{ pieces.positions.0.value = "*" }}"#,
                ),
                (
                    r#"{{ pieces.positions.1.value = "*" }}"#,
                    r#"{{ pieces.positions.1.value = "0" }}"#,
                ),
                (
                    r#"{{ pieces.positions.2.value = "0" }}"#,
                    r#"{{ pieces.positions.2.value = "*" }}"#,
                ),
                (
                    r#"{{ pieces.positions.3.value = "*" }}"#,
                    r#"{{ pieces.positions.3.value = "*2" }}"#,
                ),
                (
                    r#"{{ cli.positions.0.value = "*" }}"#,
                    r#"{{ cli.positions.0.value = "*2" }}"#,
                ),
                (
                    "{{ len(hb.graphs[loops > 0]) = 46 }}",
                    "{{ len(hb.graphs[loops > 0]) = 45 }}",
                ),
            ],
        ),
        (
            "domineering/run-intervals.md",
            &[
                (
                    r#"{{ min(runs.catalogue[grid = "..|.."].pes_v) = two }}"#,
                    r#"{{ min(runs.catalogue[grid = "..|.."].pes_v) = one }}"#,
                ),
                (
                    r#"{{ min(runs.catalogue[grid = "..|.."].block_v) = one }}"#,
                    r#"{{ min(runs.catalogue[grid = "..|.."].block_v) = two }}"#,
                ),
                (
                    "{{ runs.block_below_pes = 398 }}",
                    "{{ runs.block_below_pes = 0 }}",
                ),
            ],
        ),
        (
            "pairing/reflection.md",
            &[
                (
                    "{{ sweep.boards[3x5].fixed_cell.positions = 21 }}",
                    "{{ sweep.boards[3x5].fixed_cell.positions = 0 }}",
                ),
                (
                    r#"{{ sweep.boards[3x5].fixed_cell.example = "..#..|..#..|##.##" }}"#,
                    r#"{{ sweep.boards[3x5].fixed_cell.example = "..#..|#####|##.##" }}"#,
                ),
                (
                    "{{ sweep.boards[3x5].fixed_cell.tied = four }}",
                    "{{ sweep.boards[3x5].fixed_cell.tied = one }}",
                ),
                (
                    r#"{{ sum.positions.0.nimber = "*3" }}"#,
                    r#"{{ sum.positions.0.nimber = "0" }}"#,
                ),
                (
                    r#"{{ sum.positions.0.outcome = "win" }}"#,
                    r#"{{ sum.positions.0.outcome = "loss" }}"#,
                ),
            ],
        ),
    ];
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    for (essay, changes) in essays {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("content").join(essay);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let original = std::fs::read_to_string(content.join(essay)).unwrap();
        let mut text = original.clone();
        for (claim, changed) in *changes {
            assert_eq!(original.matches(claim).count(), 1, "{essay}: {claim}");
            text = text.replace(claim, changed);
        }
        std::fs::write(&path, &text).unwrap();
        let run = ladder(&["check"], dir.path());
        assert_eq!(run.code, 1, "{essay}: {}{}", run.stdout, run.stderr);
        let errors: Vec<&str> = run
            .stderr
            .lines()
            .filter(|l| l.contains(": error: "))
            .collect();
        assert_eq!(errors.len(), changes.len(), "{essay}: {}", run.stderr);
        for (claim, _) in *changes {
            let at = original.find(claim).unwrap();
            let line = original[..at].matches('\n').count() + 1;
            let place = format!("{essay}:{line}:");
            assert!(
                errors
                    .iter()
                    .any(|e| e.contains(&place) && e.contains("is false")),
                "{claim} at {place}: {}",
                run.stderr
            );
        }
    }
}

#[test]
fn the_bundled_essays_cite_every_figure() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let mut figures = 0;
    for entry in walkdir::WalkDir::new(content) {
        let path = entry.unwrap().into_path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for block in text.split("```figure\n").skip(1) {
            let id = block
                .lines()
                .find_map(|l| l.strip_prefix("id = \""))
                .and_then(|rest| rest.strip_suffix('"'))
                .expect("a figure has an id");
            figures += 1;
            assert!(
                text.contains(&format!("[](#fig-{id})")),
                "{}: figure `{id}` is not cited with [](#fig-{id})",
                path.display()
            );
        }
    }
    assert!(figures >= 15, "only {figures} figures");
}

#[test]
fn a_rebuild_renders_only_what_changed() {
    let dir = fixture("basic");
    let mut site = site::Site::new(Options::new(dir.path()));
    let silent = &ladder::site::figures::Silent;
    let first = site.build(silent).unwrap().summary;
    assert_eq!((first.rendered, first.computed.len()), (2, 2));
    let unchanged = site.build(silent).unwrap().summary;
    assert_eq!(
        (
            unchanged.rendered,
            unchanged.computed.len(),
            unchanged.reused
        ),
        (0, 0, 2)
    );

    let path = dir.path().join("content/demo/two.md");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("Back to", "Return to")).unwrap();
    let edited = site.build(silent).unwrap();
    assert_eq!(
        (edited.summary.rendered, edited.summary.computed.len()),
        (1, 0)
    );
    let page = String::from_utf8(edited.files.0[Path::new("demo/two/index.html")].clone()).unwrap();
    assert!(page.contains("Return to"));

    std::fs::write(
        &path,
        text.replace("rows = 2\ncols = 3", "rows = 3\ncols = 2"),
    )
    .unwrap();
    let new_figure = site.build(silent).unwrap().summary;
    assert_eq!((new_figure.rendered, new_figure.computed.len()), (1, 1));
    std::fs::write(&path, text).unwrap();

    std::fs::create_dir_all(dir.path().join("templates")).unwrap();
    let base =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/base.html"))
            .unwrap();
    std::fs::write(
        dir.path().join("templates/base.html"),
        base.replace("Skip to the essay", "Skip ahead"),
    )
    .unwrap();
    let templated = site.build(silent).unwrap().summary;
    assert_eq!((templated.rendered, templated.computed.len()), (2, 0));
}

#[test]
fn serve_rebuilds_on_an_edit_and_keeps_the_last_good_site_on_an_error() {
    use ladder::site::serve::{self, Reply};
    use std::time::Duration;
    let dir = fixture("basic");
    let site = site::Site::new(Options::new(dir.path()));
    let server = serve::start(
        site,
        "127.0.0.1:0".parse().unwrap(),
        Box::new(ladder::site::figures::Silent),
    )
    .unwrap();
    let version = server
        .wait_past(0, Duration::from_secs(10))
        .expect("the first build");
    let page = |shared: &serve::Shared| match serve::answer("/demo/one/", shared) {
        Reply::File { body, .. } => String::from_utf8(body.to_vec()).unwrap(),
        other => panic!("{other:?}"),
    };
    assert!(page(&server.shared).contains("has two parts."));
    assert!(server.shared.news().1.is_empty());

    let path = dir.path().join("content/demo/one.md");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("has two parts.", "has two halves.")).unwrap();
    let version = server
        .wait_past(version, Duration::from_secs(10))
        .expect("a rebuild");
    assert!(page(&server.shared).contains("has two halves."));

    std::fs::write(
        &path,
        text.replace("{{ b.parts.0 = 2 }}", "{{ b.parts.0 = 3 }}"),
    )
    .unwrap();
    let version = server
        .wait_past(version, Duration::from_secs(10))
        .expect("a rebuild");
    let errors = server.shared.news().1;
    assert!(
        errors[0].contains("claim `b.parts.0 = 3` is false"),
        "{errors:?}"
    );
    assert!(
        page(&server.shared).contains("has two halves."),
        "the last good site is gone"
    );

    std::fs::write(&path, text).unwrap();
    server
        .wait_past(version, Duration::from_secs(10))
        .expect("a rebuild");
    assert!(server.shared.news().1.is_empty());
    assert_eq!(
        serve::answer("/../Cargo.toml", &server.shared),
        Reply::Forbidden
    );
    assert_eq!(
        serve::answer("/nothing/here/", &server.shared),
        Reply::NotFound
    );
    // A folder's address is redirected within the site, never to a host.
    for (url, to) in [
        ("/demo", "/demo/"),
        ("//demo", "/demo/"),
        ("///demo?q", "/demo/?q"),
    ] {
        assert_eq!(
            serve::answer(url, &server.shared),
            Reply::Redirect(to.into()),
            "{url}"
        );
    }
}

// Markdown hardening: expressions wherever they sit, raw HTML without
// scripts, escaped math, stray dollars, ladder.toml.

#[test]
fn each_job_writes_its_data_once_and_each_view_its_values_once() {
    // Three figures of one job (two showing the same view) and a data
    // directive of another job.
    let figure = |id: &str, view: &str| {
        format!(
            "```figure\nid = \"{id}\"\ngenerator = \"blocked-board\"\nrows = 2\ncols = 3\n\
             blocked_columns = [2]\nview = \"{view}\"\ncaption = \"C.\"\n```\n\n"
        )
    };
    let added = format!(
        "{}{}```data\nid = \"d\"\ngenerator = \"blocked-board\"\nrows = 3\n```\n\n## Third",
        figure("w", "wall"),
        figure("v", "wall"),
    );
    let (dir, run) = build_edited("## Third", &added);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let folder = dir.path().join("site/demo/one");
    let mut files: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["b.json", "index.html", "w.csv"]);
    let page = std::fs::read_to_string(folder.join("index.html")).unwrap();
    // Every figure links the job's data and its view's values.
    assert_eq!(
        page.matches("<a href=\"b.json\">JSON</a>").count(),
        3,
        "{page}"
    );
    assert_eq!(
        page.matches("<a href=\"w.csv\">CSV</a>").count(),
        2,
        "{page}"
    );
    // The CSV holds exactly the chart's values, as the table in its closed
    // "Data and how to reproduce" disclosure, after the caption, does.
    let csv = std::fs::read_to_string(folder.join("w.csv")).unwrap();
    // A wall in column 1 or 3 leaves a 2 × 2 (6 positions); in column 2, two
    // columns of two (2 × 2 = 4 positions, 2 + 2 = 4 summed).
    assert_eq!(
        csv,
        "wall column,whole board,sum of parts\n1,6,6\n2,4,4\n3,6,6\n"
    );
    let figure = page.split("<figure id=\"fig-w\">").nth(1).unwrap();
    let caption = figure
        .find("</figcaption>\n<details class=\"apparatus\">")
        .unwrap();
    let details = &figure[caption..];
    let rows = details.split("</details>").next().unwrap();
    assert_eq!(rows.matches("<tr>").count(), 4, "{rows}");
    assert!(
        rows.contains("<summary>Data and how to reproduce</summary>"),
        "{rows}"
    );
    assert!(rows.contains("<p class=\"reproduce\">Reproduce: <code>ladder figure"));
}

#[test]
fn each_figure_shows_the_command_that_reproduces_its_data() {
    let figure = "```figure\nid = \"r\"\ngenerator = \"blocked-board\"\nrows = 2\ncols = 3\n\
                  blocked_columns = [2]\nblocked_cells = [[1, 1]]\ncaption = \"C.\"\n```\n\n## Third";
    let (dir, run) = build_edited("## Third", figure);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = dir.path().join("site/demo/one");
    let page = std::fs::read_to_string(site.join("index.html")).unwrap();
    let line = page
        .split("<figure id=\"fig-r\">")
        .nth(1)
        .and_then(|figure| {
            figure
                .split("<p class=\"reproduce\">Reproduce: <code>")
                .nth(1)
        })
        .and_then(|rest| rest.split("</code>").next())
        .expect("a reproduce line");
    let command = html_escape::decode_html_entities(line).into_owned();
    assert_eq!(
        command,
        "ladder figure blocked-board 'blocked_cells=[[1,1]]' 'blocked_columns=[2]' \
         'blocked_rows=[]' cols=3 rows=2 wall=true"
    );
    // Run as a shell runs it, it prints the data the figure's JSON holds.
    let shell = std::process::Command::new("sh")
        .arg("-c")
        .arg(command.replacen("ladder", env!("CARGO_BIN_EXE_ladder"), 1))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        shell.status.success(),
        "{}",
        String::from_utf8_lossy(&shell.stderr)
    );
    let printed: serde_json::Value = serde_json::from_slice(&shell.stdout).unwrap();
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(site.join("r.json")).unwrap()).unwrap();
    assert_eq!(printed, file["data"]);
    assert_eq!(printed["whole"], 2);
}

/// The essay's page of the fixture with `from` -> `to` in `one.md`, failing
/// with the errors if the build fails.
#[test]
fn a_false_claim_fails_wherever_it_sits() {
    for (to, line) in [
        ("<div>x {{ b.whole = 9999 }}</div>", 8),
        ("<span title=\"{{ b.whole = 1 }}\">t</span>", 8),
        ("[l](http://x \"t {{ b.whole = 8 }}\")", 8),
        ("## A heading {{ b.whole = 7 }}", 8),
        ("| a |\n| - |\n| {{ b.whole = 6 }} |", 10),
    ] {
        fails_at("one.md", FIRST_LINE, to, line, "is false");
    }
    fails_at(
        "one.md",
        "caption = \"Two columns",
        "caption = \"<div>{{ b.whole = 5 }}</div> Two columns",
        16,
        "claim `b.whole = 5` is false",
    );
    fails_at(
        "one.md",
        "id = \"b\"",
        "id = \"b\"\nalt = \"{{ b.whole = 3 }} positions\"",
        10,
        "claim `b.whole = 3` is false",
    );
}

#[test]
fn true_claims_in_html_attributes_titles_and_headings_print_their_literal() {
    let html = page_with(
        FIRST_LINE,
        "<span title=\"{{ b.whole = 4 }} of {{ b.whole }}\">t</span> [l](http://x \"t {{ b.whole = four }}\")\n\n## Has {{ b.whole = 4 }} {{ b.whole }}",
    );
    assert!(html.contains("<span title=\"4 of 4\">t</span>"), "{html}");
    assert!(html.contains("title=\"t four\""), "{html}");
    assert!(html.contains("<h2 id=\"has-4\">Has 4 4</h2>"), "{html}");
}

#[test]
fn a_value_in_a_link_destination_fails() {
    fails_at(
        "one.md",
        FIRST_LINE,
        "[l](http://x/{{ b.whole }})",
        8,
        "stands where the page shows nothing of it",
    );
}

#[test]
fn values_and_claims_in_front_matter_fail() {
    fails_at(
        "one.md",
        "summary = \"A small board with a wall.\"",
        "summary = \"{{ b.whole = 4 }} positions.\"",
        5,
        "not evaluated in front matter",
    );
}

#[test]
fn a_dollar_that_opens_no_math_fails_and_an_escaped_one_is_text() {
    fails_at(
        "one.md",
        FIRST_LINE,
        "It costs $\\frac{1}{$ here.",
        8,
        "a `$` that opens no math",
    );
    let html = page_with(FIRST_LINE, "It costs \\$5.");
    assert!(html.contains("It costs $5."), "{html}");
}

#[test]
fn latex_nested_too_deeply_fails_at_its_line() {
    let deep = format!("${}x{}$", "{".repeat(1000), "}".repeat(1000));
    fails_at("one.md", FIRST_LINE, &deep, 8, "nested more than 100");
    for command in [r"\hat ", r"\frac a", r"\sqrt ", r"\not ", r"\mathbf "] {
        let chain = format!("${}x$", command.repeat(8000));
        fails_at(
            "one.md",
            FIRST_LINE,
            &chain,
            8,
            "a chain of more than 1000 commands",
        );
    }
}

#[test]
fn an_alt_text_is_escaped_once_and_keeps_math_with_a_less_than_sign() {
    let html = page_with(
        "caption = \"Two columns of two:",
        "caption = \"Tom & Jerry: $a<b$, then two columns of two:",
    );
    assert!(
        html.contains("aria-label=\"Tom &amp; Jerry: a&lt;b, then two columns"),
        "{html}"
    );
}

#[test]
fn nonsense_number_words_fail() {
    fails_at(
        "one.md",
        "{{ b.whole = four }}",
        "{{ b.whole = one one }}",
        19,
        "cannot read `one one` as a literal",
    );
}

#[test]
fn a_minus_sign_before_number_words_is_read() {
    fails_at(
        "one.md",
        "{{ b.whole = four }}",
        "{{ b.whole = \u{2212}four }}",
        19,
        "claim `b.whole = \u{2212}four` is false: the generator computed 4",
    );
    let html = page_with(
        "{{ b.whole = four }}",
        "{{ b.whole > \u{2212}five }} and {{ b.whole >= -three : \"more\" }}",
    );
    assert!(html.contains("\u{2212}five and"), "{html}");
    fails_at(
        "one.md",
        "{{ b.whole = four }}",
        "{{ b.whole = \u{2212}third }}",
        19,
        "cannot read `\u{2212}third` as a literal",
    );
}

#[test]
fn an_error_shows_at_most_eighty_columns_of_a_long_line() {
    let long = format!(
        "{} {{{{ b.whole = 5 }}}} {}",
        "word ".repeat(2000),
        "more ".repeat(2000)
    );
    let (_dir, run) = build_edited(FIRST_LINE, &long);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("b.whole = 5"), "{}", run.stderr);
    let longest = run.stderr.lines().map(str::len).max().unwrap();
    assert!(longest < 200, "a line of {longest} bytes:\n{}", run.stderr);
}

#[test]
fn control_characters_in_text_or_a_caption_fail_at_their_line() {
    fails_at(
        "one.md",
        FIRST_LINE,
        "A bell\u{7} rings.",
        8,
        "the control character U+0007 in text",
    );
    fails_at(
        "one.md",
        "caption = \"Two columns of two:",
        "caption = \"The $2 \\times 2$ board:",
        16,
        "write the string in single quotes",
    );
}

// --- serve: watching the root, listening ---

/// `ladder serve`'s server for the site in `dir`, once its first build is done.
fn serving(dir: &Path) -> site::serve::Server {
    let site = site::Site::new(Options::new(dir));
    let silent = Box::new(ladder::site::figures::Silent);
    let server = site::serve::start(site, "127.0.0.1:0".parse().unwrap(), silent).unwrap();
    server
        .wait_past(0, std::time::Duration::from_secs(10))
        .expect("the first build");
    server
}

/// Whether `url` comes to serve a page holding `text` within ten seconds.
fn comes_to_serve(server: &site::serve::Server, url: &str, text: &str) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let version = server.shared.news().0;
        if let site::serve::Reply::File { body, .. } = site::serve::answer(url, &server.shared)
            && String::from_utf8_lossy(&body).contains(text)
        {
            return true;
        }
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if server.wait_past(version, left).is_none() {
            return false;
        }
    }
}

#[test]
fn serve_keeps_watching_content_renamed_away_or_removed_and_created_anew() {
    let dir = fixture("basic");
    let server = serving(dir.path());
    let content = dir.path().join("content");
    let old = dir.path().join("content.old");
    let essay = content.join("demo/one.md");
    let text = std::fs::read_to_string(&essay).unwrap();

    // Renamed away, then a new folder with the old one's files moved in.
    std::fs::rename(&content, &old).unwrap();
    std::fs::create_dir(&content).unwrap();
    std::fs::rename(old.join("demo"), content.join("demo")).unwrap();
    std::fs::write(
        &essay,
        text.replace("has two parts.", "has two moved parts."),
    )
    .unwrap();
    assert!(comes_to_serve(
        &server,
        "/demo/one/",
        "has two moved parts."
    ));
    std::fs::write(
        &essay,
        text.replace("has two parts.", "has two edited parts."),
    )
    .unwrap();
    assert!(
        comes_to_serve(&server, "/demo/one/", "has two edited parts."),
        "an edit in the new content/ is ignored"
    );

    // Removed, then written anew.
    let two = std::fs::read_to_string(content.join("demo/two.md")).unwrap();
    std::fs::remove_dir_all(&content).unwrap();
    std::fs::create_dir_all(content.join("demo")).unwrap();
    std::fs::write(content.join("demo/two.md"), two).unwrap();
    std::fs::write(&essay, text.replace("has two parts.", "has two new parts.")).unwrap();
    assert!(comes_to_serve(&server, "/demo/one/", "has two new parts."));
    std::fs::write(
        &essay,
        text.replace("has two parts.", "has two later parts."),
    )
    .unwrap();
    assert!(
        comes_to_serve(&server, "/demo/one/", "has two later parts."),
        "an edit in the re-created content/ is ignored"
    );
    assert!(server.shared.news().1.is_empty(), "a stale error stays");
}

#[test]
fn serve_watches_templates_created_after_it_started_and_the_settings_file_only() {
    let dir = fixture("basic");
    let server = serving(dir.path());
    let base =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/base.html"))
            .unwrap();
    let templates = dir.path().join("templates");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(
        templates.join("base.html"),
        base.replace("Skip to the essay", "Skip ahead"),
    )
    .unwrap();
    assert!(comes_to_serve(&server, "/demo/one/", "Skip ahead"));
    std::fs::write(
        templates.join("base.html"),
        base.replace("Skip to the essay", "Skip along"),
    )
    .unwrap();
    assert!(
        comes_to_serve(&server, "/demo/one/", "Skip along"),
        "an edit in the new templates/ is ignored"
    );

    let quiet = std::time::Duration::from_millis(300);
    let version = server.shared.news().0;
    std::fs::write(dir.path().join("notes.txt"), "not a source").unwrap();
    assert_eq!(
        server.wait_past(version, quiet),
        None,
        "rebuilt for notes.txt"
    );
    std::fs::write(dir.path().join("ladder.toml"), "").unwrap();
    assert!(
        server
            .wait_past(version, std::time::Duration::from_secs(10))
            .is_some(),
        "ladder.toml is not watched"
    );
}

/// The body of `GET path` from the server at `address`, over HTTP/1.0.
fn get(address: &str, path: &str) -> String {
    use std::io::{Read as _, Write as _};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn serve_started_in_the_root_with_its_default_root_rebuilds_on_an_edit() {
    use std::io::BufRead as _;
    let dir = fixture("basic");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ladder"))
        .args(["serve", "--port", "0"])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let address = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_string();
    let serves = |text: &str| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while std::time::Instant::now() < deadline {
            if get(&address, "/demo/one/").contains(text) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        false
    };
    let served = serves("has two parts.");
    common::edit(&dir.path().join("content/demo/one.md"), |text| {
        text.replace("has two parts.", "has two edited parts.")
    });
    let rebuilt = serves("has two edited parts.");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(served, "the first build is not served");
    assert!(rebuilt, "an edit is not rebuilt with the root `.`");
}

#[test]
fn serve_refuses_an_invalid_interface_naming_it() {
    let dir = fixture("basic");
    let run = ladder(
        &["serve", "--interface", "256.1.1.1", "--port", "0"],
        dir.path(),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("invalid value '256.1.1.1' for '--interface"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("another server"), "{}", run.stderr);
}

// --- The figure cache, `ladder clean` and `ladder value` ---

/// The file of the fixture's blocked-board artifact whose name ends with `suffix`.
fn artifact(dir: &Path, suffix: &str) -> PathBuf {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir.join("figures"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("blocked-board-")
                && name.split_once('.').map(|(_, kind)| kind) == Some(suffix)
        })
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found.remove(0)
}

/// The files and folders under `dir` with temporary names.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.path().strip_prefix(dir).unwrap().to_path_buf())
        .filter(|p| p.to_string_lossy().contains(".tmp"))
        .collect()
}

#[test]
fn an_edited_artifact_is_recomputed_so_a_false_claim_still_fails() {
    let dir = fixture("basic");
    assert_eq!(ladder(&["build"], dir.path()).code, 0);
    let before = tree(&dir.path().join("site"));
    let record = artifact(dir.path(), "json");
    let text = std::fs::read_to_string(&record).unwrap();
    std::fs::write(&record, text.replacen("\"whole\":4", "\"whole\":5", 1)).unwrap();
    let essay = dir.path().join("content/demo/one.md");
    let source = std::fs::read_to_string(&essay).unwrap();
    std::fs::write(
        &essay,
        source.replace("{{ b.whole = 4 }}", "{{ b.whole = 5 }}"),
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    let name = record.file_name().unwrap().to_string_lossy().into_owned();
    for expected in [
        format!("{name} does not match its content hash"),
        "--force".into(),
        "content/demo/one.md:16:".into(),
        "computed 4".into(),
    ] {
        assert!(
            run.stderr.contains(&expected),
            "{expected:?} in:\n{}",
            run.stderr
        );
    }
    assert_eq!(
        before,
        tree(&dir.path().join("site")),
        "the old site changed"
    );
    assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new());
}

#[test]
fn a_figures_folder_that_cannot_be_written_is_one_warning() {
    let dir = fixture("basic");
    // A file where figures/ should be cannot be written, even by root.
    std::fs::write(dir.path().join("figures"), "").unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let warnings: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("warning"))
        .collect();
    assert_eq!(warnings.len(), 1, "{}", run.stderr);
    assert!(
        warnings[0].contains("cannot write figure artifacts"),
        "{}",
        warnings[0]
    );
    assert!(dir.path().join("site/demo/one/index.html").exists());
    assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new());
}

#[test]
fn clean_removes_only_artifacts_no_essay_names() {
    let dir = fixture("basic");
    assert_eq!(ladder(&["build"], dir.path()).code, 0);
    let essay = dir.path().join("content/demo/two.md");
    let text = std::fs::read_to_string(&essay).unwrap();
    std::fs::write(
        &essay,
        text.replace("rows = 2\ncols = 3", "rows = 3\ncols = 2"),
    )
    .unwrap();
    assert_eq!(ladder(&["build"], dir.path()).code, 0);
    let figures = dir.path().join("figures");
    std::fs::write(figures.join("notes.txt"), "mine").unwrap();
    // A drawing as an earlier version wrote it, beside a current artifact.
    let record = artifact(dir.path(), "json");
    let old = record.with_extension("board.svg");
    std::fs::write(&old, "<svg></svg>").unwrap();
    let before = tree(&figures);

    let dry = ladder(&["clean", "--dry-run"], dir.path());
    assert_eq!(dry.code, 0, "{}", dry.stderr);
    assert!(dry.stdout.contains("would remove"), "{}", dry.stdout);
    assert_eq!(before, tree(&figures), "a dry run removed files");

    let run = ladder(&["clean"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let after = tree(&figures);
    let removed: Vec<&PathBuf> = before.keys().filter(|p| !after.contains_key(*p)).collect();
    assert!(!removed.is_empty());
    assert!(
        removed
            .iter()
            .all(|p| run.stdout.contains(&*p.to_string_lossy()))
    );
    assert_eq!(dry.stdout.replace("would remove", "removed"), run.stdout);
    assert!(after.contains_key(Path::new("notes.txt")));
    assert!(!old.exists() && record.exists());
    // What is left is exactly what the essays need: a build reuses it all.
    let again = ladder(&["build"], dir.path());
    assert!(
        again.stdout.contains("0 figures computed, 2 reused"),
        "{}",
        again.stdout
    );
    assert_eq!(ladder(&["clean"], dir.path()).stdout.lines().count(), 1);
}

#[test]
fn clean_refuses_while_an_essay_has_an_error() {
    let dir = fixture("basic");
    assert_eq!(ladder(&["build"], dir.path()).code, 0);
    let before = tree(&dir.path().join("figures"));
    let essay = dir.path().join("content/demo/one.md");
    let text = std::fs::read_to_string(&essay).unwrap();
    std::fs::write(&essay, text.replace("cols = 3", "columns = 3")).unwrap();
    let run = ladder(&["clean"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("content/demo/one.md:14:"),
        "{}",
        run.stderr
    );
    assert_eq!(before, tree(&dir.path().join("figures")));
}

#[test]
fn value_refuses_a_five_by_eight_board_before_any_work_naming_max_cells() {
    let dir = fixture("basic");
    let board = ["........"; 5].join("|");
    let run = ladder(&["value", "domineering", &board], dir.path());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("region of 40 free cells"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--max-cells 40"), "{}", run.stderr);
    let five = ["....."; 5].join("|");
    let run = ladder(&["value", "domineering", &five], dir.path());
    assert_eq!((run.code, run.stdout.trim()), (0, "0"), "{}", run.stderr);
    let run = ladder(
        &["value", "domineering", "...|...", "--max-cells", "6"],
        dir.path(),
    );
    assert_eq!((run.code, run.stdout.trim()), (0, "{2 | \u{2212}1/2}"));
}

#[test]
fn output_to_a_reader_that_has_gone_ends_quietly() {
    // As `ladder generators | head -1`: the pipe's reader is gone before
    // ladder starts, so every write fails; no panic, and the command succeeds.
    let dir = fixture("basic");
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_ladder"))
        .arg("generators")
        .current_dir(dir.path())
        .stdout(writer)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn value_takes_the_game_then_the_position() {
    let dir = fixture("basic");
    for (args, shown) in [
        (
            &["value", "domineering", "...|..."][..],
            "{2 | \u{2212}1/2}",
        ),
        (&["value", "domineering", "...|...", "--ascii"], "{2|-1/2}"),
        (&["value", "domineering", "..|.."], "\u{b1}1"),
        (&["value", "cram", "...|..."], "\u{2217}"),
        (&["value", "cram", "......", "--ascii"], "*3"),
        (&["value", "hackenbush", "0-1 1-2 2-0"], "\u{2217}"),
        (&["value", "hackenbush", "0-1 1-2"], "\u{2217}2"),
    ] {
        let run = ladder(args, dir.path());
        assert_eq!(
            (run.code, run.stdout.trim()),
            (0, shown),
            "{args:?}: {}",
            run.stderr
        );
    }
    // `--analysis` prints a fact a line; `--json` the same facts for a
    // JSON reader: the 2 x 2 square is the switch {1 | -1}.
    let run = ladder(&["value", "domineering", "..|..", "--analysis"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[..2],
        ["value: \u{b1}1", "outcome: N (first player wins)"]
    );
    assert!(lines.contains(&"temperature: 1") && lines.contains(&"mean: 0"));
    let run = ladder(&["value", "domineering", "..|..", "--json"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        (&json["value"], &json["temperature"]),
        (&"+-1".into(), &"1".into())
    );
    assert_eq!(
        (&json["left_stop"], &json["right_stop"]),
        (&"1".into(), &"-1".into())
    );
    let run = ladder(&["value", "chess", "..."], dir.path());
    assert_eq!(run.code, 2, "{}", run.stderr);
    for game in ["domineering", "cram", "hackenbush"] {
        assert!(run.stderr.contains(game), "{}", run.stderr);
    }
    // A bad position is a usage error, naming the token and its column.
    let run = ladder(&["value", "hackenbush", "0-1 1-x"], dir.path());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("`1-x` at column 5"), "{}", run.stderr);
}

// --- Claims as prose states numbers ---

#[test]
fn comparisons_and_approximations_fail_naming_both_values() {
    fails_at(
        "one.md",
        "{{ b.whole = four }}",
        "{{ b.whole > a thousand }}",
        19,
        "claim `b.whole > a thousand` is false: the generator computed 4",
    );
    fails_at(
        "one.md",
        "{{ b.whole = four }}",
        "{{ b.whole ~ 20 }}",
        19,
        "the generator computed 4, which to the nearest 10 is 0",
    );
}

#[test]
fn claims_between_two_values_print_their_words() {
    let html = page_with(
        "each part {{ b.parts.0 = 2 }}",
        "each part {{ b.parts.0 = b.parts.1 : \"the same\" }} ({{ b.whole < a dozen }}, {{ b.parts.0 ~ two }})",
    );
    assert!(html.contains("each part the same (a dozen, two)"), "{html}");
}

#[test]
fn a_backslash_writes_literal_braces() {
    let html = page_with(FIRST_LINE, "Write \\{{ b.whole }} for a value.");
    assert!(html.contains("Write {{ b.whole }} for a value."), "{html}");
}

#[test]
fn a_false_claim_in_a_caption_is_placed_at_the_claim() {
    let (_dir, run) = build_edited(
        "caption = \"Two columns of two: {{ b.whole = 4 }} positions, $2 \\\\times 2$.\"",
        "caption = 'Two columns of two: {{ b.whole = 5 }} positions, $2 \\times 2$.'",
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("one.md:16:32: error: claim `b.whole = 5` is false"),
        "{}",
        run.stderr
    );
}

#[test]
fn heading_ids_keep_explicit_ids_math_and_words_apart() {
    let html = page_with(
        FIRST_LINE,
        "# x\n\n# Y {#x}\n\nThe $x^2$\ncase\n---\n\n## Main\n\n## Fig b",
    );
    for id in [
        "<h1 id=\"x-1\">x</h1>",
        "<h1 id=\"x\">Y</h1>",
        "id=\"the-x2-case\"",
        "<h2 id=\"main-1\">Main</h2>",
        "<h2 id=\"fig-b-1\">Fig b</h2>",
    ] {
        assert!(html.contains(id), "{id} in {html}");
    }
}

#[test]
fn a_heading_takes_an_id_classes_and_data_attributes_only() {
    let html = page_with(FIRST_LINE, "## H {#h .wide data-note=one}");
    assert!(
        html.contains("<h2 id=\"h\" class=\"wide\" data-note=\"one\">H</h2>"),
        "{html}"
    );
    for attribute in [
        "tabindex=0",
        "autofocus",
        "onfocus=alert(4)",
        "data-=1",
        "DATA-X=1",
    ] {
        let name = attribute.split('=').next().unwrap();
        fails_at(
            "one.md",
            FIRST_LINE,
            &format!("## Heading {{#h {attribute}}}"),
            8,
            &format!("`data-*` attributes, not `{name}`"),
        );
    }
}

#[test]
fn an_explicit_heading_id_another_element_has_fails_naming_it() {
    fails_at(
        "one.md",
        FIRST_LINE,
        "## Top {#main}",
        8,
        "the id `main` is already the page's own",
    );
    fails_at(
        "one.md",
        FIRST_LINE,
        "## Figure {#fig-b}",
        8,
        "the id `fig-b` is already figure `b`'s (line 10)",
    );
    fails_at(
        "one.md",
        FIRST_LINE,
        "## One {#dup}\n\n## Two {#dup}",
        10,
        "the id `dup` is already the heading's at line 8",
    );
}

#[test]
fn values_in_words_are_capitalised_at_a_sentence_start() {
    let html = page_with(
        FIRST_LINE,
        "{{ b.whole | words }} positions, the {{ b.whole | ordinal }} of them. {{ b.parts.0 | words }} in each part.",
    );
    assert!(
        html.contains("Four positions, the fourth of them. Two in each part."),
        "{html}"
    );
}

#[test]
fn approximate_claims_on_derived_quantities_print_their_literal_in_prose() {
    let html = page_with(
        "The whole has {{ b.whole = four }} positions",
        "The whole has about {{ b.whole * 260 ~ a thousand }} positions, about \
         {{ b.whole / 3 ~ 1.3 }} per column, each part {{ b.parts.0 / b.whole ~ half }} of them, \
         more than {{ b.parts.0 / b.whole > a third }}, at most {{ b.whole <= 4 }}, \
         at least {{ len(b.parts) >= both }} parts and fewer than {{ b.whole < 8.5 million }}, \
         {{ b.parts.0 = b.parts.1 : \"all\" }} equal, the {{ b.whole | ordinal }} in \
         {{ b.whole * 2 | words }},",
    );
    assert!(
        html.contains(
            "The whole has about a thousand positions, about 1.3 per column, each part half of \
             them, more than a third, at most 4, at least both parts and fewer than 8.5 million, \
             all equal, the fourth in eight,"
        ),
        "{html}"
    );
}

#[test]
fn a_false_derived_claim_fails_naming_both_values() {
    fails_at(
        "one.md",
        "{{ b.whole = four }}",
        "{{ b.whole * 375 ~ a thousand }}",
        19,
        "claim `b.whole * 375 ~ a thousand` is false: the generator computed 1,500, which to the \
         nearest 1,000 is 2,000",
    );
    fails_at(
        "one.md",
        "{{ b.whole = four }}",
        "{{ b.parts.0 * b.parts.1 >= b.whole + 1 }}",
        19,
        "claim `b.parts.0 * b.parts.1 >= b.whole + 1` is false: the generator computed 4 against 5",
    );
}

#[test]
fn a_filter_on_a_list_fails_naming_the_filter_and_the_value() {
    fails_at(
        "one.md",
        "{{ b.whole = four }}",
        "{{ b.parts | words }}",
        19,
        "`b.parts | words`: expected a number or an exact fraction `a/b`, found a list",
    );
}

#[test]
fn a_false_claim_on_a_selected_element_fails_naming_both_values() {
    fails_at(
        "two.md",
        "{{ c.split = 1 }}",
        "{{ c.by_placed[2].positions = 8 }}",
        16,
        "claim `c.by_placed[2].positions = 8` is false: the generator computed 9",
    );
    fails_at(
        "two.md",
        "{{ c.split = 1 }}",
        "{{ sum(c.by_placed[split > 0].positions) = eight }}",
        16,
        "claim `sum(c.by_placed[split > 0].positions) = eight` is false: the generator computed 7",
    );
    fails_at(
        "two.md",
        "{{ c.split = 1 }}",
        "{{ c.by_placed[4].positions }}",
        16,
        "`c.by_placed[4]`: no element of `c.by_placed` has `placed` = 4; there are: 0, 1, 2, 3",
    );
}

#[test]
fn a_script_added_to_a_cached_drawing_is_not_inlined() {
    let dir = fixture("basic");
    assert_eq!(ladder(&["build"], dir.path()).code, 0);
    let drawing = artifact(dir.path(), "board.json");
    let text = std::fs::read_to_string(&drawing).unwrap();
    std::fs::write(
        &drawing,
        text.replace("</svg>", "<script>alert(1)</script></svg>"),
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("board.json does not match"),
        "{}",
        run.stderr
    );
    // The drawing is redrawn from the data; no solver runs.
    assert!(
        run.stdout
            .contains("0 figures computed, 2 reused, 1 views drawn"),
        "{}",
        run.stdout
    );
    let page = std::fs::read_to_string(dir.path().join("site/demo/one/index.html")).unwrap();
    assert!(!page.contains("<script>"));
    assert!(
        !std::fs::read_to_string(&drawing)
            .unwrap()
            .contains("<script>")
    );
}

// --- Files ladder reads: regular files in the project, of a bounded size ---

/// Runs `ladder ARGS` in `cwd`, failing the test if it has not finished
/// within twenty seconds (it is killed then).
fn ladder_within(args: &[&str], cwd: &Path) -> Run {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ladder"))
        .args(args)
        .current_dir(cwd)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("ladder {args:?} hangs");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into(),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

/// Makes a FIFO at `path`.
fn fifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success());
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_device_is_refused_wherever_ladder_would_read_a_file() {
    for (file, message) in [
        (
            "ladder.toml",
            "is a FIFO, not a regular file; ladder reads ladder.toml",
        ),
        (
            "content/demo/three.md",
            "is a FIFO, not a regular file; ladder reads an essay",
        ),
        (
            "templates/essay.html",
            "is a FIFO, not a regular file; ladder reads a template",
        ),
    ] {
        let dir = fixture("basic");
        std::fs::create_dir_all(dir.path().join("templates")).unwrap();
        fifo(&dir.path().join(file));
        for command in ["build", "check"] {
            let run = ladder_within(&[command], dir.path());
            assert_eq!(run.code, 1, "{file}: {}", run.stderr);
            assert!(run.stderr.contains(file), "{file}: {}", run.stderr);
            assert!(run.stderr.contains(message), "{file}: {}", run.stderr);
        }
    }
    // A device through a symlink leads outside the root, like any other.
    let dir = fixture("basic");
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("ladder.toml")).unwrap();
    let run = ladder_within(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("ladder.toml:1:1: error: symlink to /dev/zero leads outside"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_file_past_its_kind_s_limit_is_refused_naming_it_and_the_limit() {
    let dir = fixture("basic");
    let settings = std::fs::File::create(dir.path().join("ladder.toml")).unwrap();
    settings.set_len((1 << 20) + 1).unwrap();
    let run = ladder_within(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "ladder.toml:1:1: error: is larger than 1 MiB, the most ladder reads of ladder.toml"
        ),
        "{}",
        run.stderr
    );
    // An essay of 16 MiB and a byte.
    let dir = fixture("basic");
    let essay = std::fs::File::create(dir.path().join("content/demo/big.md")).unwrap();
    essay.set_len((16 << 20) + 1).unwrap();
    let run = ladder_within(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "big.md:1:1: error: is larger than 16 MiB, the most ladder reads of an essay"
        ),
        "{}",
        run.stderr
    );
}

#[cfg(unix)]
#[test]
fn a_figures_folder_outside_the_root_is_refused_by_build_and_clean() {
    let dir = fixture("basic");
    let elsewhere = tempfile::tempdir().unwrap();
    // A file named as ladder names artifacts, which clean would delete.
    let named = "blocked-board-0123456789abcdef.json";
    std::fs::write(elsewhere.path().join(named), "{}").unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), dir.path().join("figures")).unwrap();
    for command in ["build", "clean"] {
        let run = ladder(&[command], dir.path());
        assert_eq!(run.code, 1, "{command}: {}", run.stderr);
        assert!(
            run.stderr.contains("figures:1:1: error: symlink to"),
            "{command}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("leads outside the project root"),
            "{}",
            run.stderr
        );
    }
    assert!(
        elsewhere.path().join(named).exists(),
        "clean deleted a file outside"
    );
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 1);
    assert!(!dir.path().join("site").exists());
}

#[test]
fn an_error_echoes_the_start_of_a_long_argument_and_a_repeated_parameter_fails() {
    let dir = tempfile::tempdir().unwrap();
    let long = format!("rows={}", "9".repeat(100_000));
    let run = ladder(&["figure", "blocked-board", &long], dir.path());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.len() < 1000, "{} bytes echoed", run.stderr.len());
    assert!(run.stderr.contains("rows"), "{}", run.stderr);
    let run = ladder(&["figure", "blocked-board", "rows=4", "rows=5"], dir.path());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("`rows` is given twice"),
        "{}",
        run.stderr
    );
    // A number of 309 digits in front matter.
    let dir = fixture("basic");
    std::fs::write(
        dir.path().join("content/demo/_index.md"),
        "+++\nweight = 1e308\n+++\n",
    )
    .unwrap();
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("_index.md:2:"), "{}", run.stderr);
    assert!(run.stderr.len() < 1000, "{}", run.stderr);
}

#[test]
fn a_claim_of_thousands_of_terms_fails_at_its_line_and_does_not_crash() {
    let deep = format!("{}b.whole{}", "(".repeat(20_000), ")".repeat(20_000));
    let long = vec!["b.whole"; 20_000].join(" + ");
    for term in [deep, long] {
        fails_at(
            "one.md",
            FIRST_LINE,
            &format!("{{{{ {term} = 4 }}}}"),
            8,
            "more than 256 numbers, names, operators and parentheses",
        );
    }
}
