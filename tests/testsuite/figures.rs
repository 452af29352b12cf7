//! Figures: a generator's parameters and limits, its identities and panics,
//! the data, values and reproduce command a figure carries, and the figure
//! cache in `figures/` with `ladder clean`.

use crate::common::{SiteTest, edit, ladder, tree};
use ladder::draw::{Drawing, Table};
use ladder::generators::{Check, Data, DataError, Doc, Form, Generator, Key, Output, Params, Spec};
use ladder::site::{self, Failure, Options};
use std::path::{Path, PathBuf};

#[test]
fn unknown_generator_lists_known() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "generator = \"blocked-board\"",
            "generator = \"blocked\"",
        )
        .expect_error_at(
            "demo/one.md",
            12,
            "unknown generator `blocked`; there are: blocked-board",
        );
}

#[test]
fn unknown_parameter() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", "cols = 3", "columns = 3")
        .expect_error_at("demo/one.md", 14, "no parameter `columns`");
}

#[test]
fn parameter_out_of_range() {
    SiteTest::basic()
        .built()
        .edit("demo/one.md", "rows = 2", "rows = 0")
        .expect_error_at(
            "demo/one.md",
            13,
            "`rows` expects integer in 1..=11, found 0",
        );
}

#[test]
fn view_not_drawn() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "blocked_columns = [2]",
            "blocked_columns = [2]\nwall = false\nview = \"wall\"",
        )
        .expect_error_at(
            "demo/one.md",
            10,
            "generator `blocked-board` draws no `wall` view with these parameters (`wall`: Whole \
         against sum of parts for each column of a one-column wall (log scale); needs wall = true)",
        );
}

#[test]
fn past_generator_limits() {
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "rows = 2\ncols = 3\nblocked_columns = [2]",
            "rows = 6\ncols = 6\nblocked_columns = []",
        )
        .expect_error_at(
            "demo/one.md",
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
fn past_a_limit_says_how_to_raise_it() {
    let over = SiteTest::basic().built().edit(
        "demo/one.md",
        "$$\\sum_{i=1}^{n} i$$",
        &long_path_figure(""),
    );
    over.expect_error_at(
        "demo/one.md",
        25,
        "drawn edges is 25, over the limit of 24 (edges of the drawn graph; beyond them its \
         drawing is a tangle); lower `graph = \"0-1 1-2",
    );
    over.expect_error_at(
        "demo/one.md",
        25,
        "or raise the limit on purpose with `max_drawn_edges = 25`",
    );
    let dir = SiteTest::basic().edit(
        "demo/one.md",
        "$$\\sum_{i=1}^{n} i$$",
        &long_path_figure("max_drawn_edges = 25\n"),
    );
    let run = dir.build();
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn a_raise_past_its_ceiling_is_refused_at_its_line() {
    // The drawn edges' limit is 24 and its ceiling 48: a directive raising
    // it to 1,000,000 is refused at its line, naming the ceiling and its cost.
    SiteTest::basic()
        .built()
        .edit(
            "demo/one.md",
            "$$\\sum_{i=1}^{n} i$$",
            &long_path_figure("max_drawn_edges = 1000000\n"),
        )
        .expect_error_at(
            "demo/one.md",
            28,
            "parameter `max_drawn_edges` expects an integer above the limit of 24 and at most \
             its ceiling of 48 (a drawing of 48 edges",
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

    fn draw(&self, _: &str, _: &Params, _: &Data) -> Result<Option<Drawing>, DataError> {
        Ok(Some(Drawing::Table(Table::default())))
    }
}

static LIAR: Broken = Broken { panics: false };

static PANICKER: Broken = Broken { panics: true };

/// The `liar` fixture (one essay, one figure of the `liar` generator) built
/// with `generator` as the only one.
fn build_with(generator: &'static Broken) -> (SiteTest, Result<site::Summary, Failure>) {
    let dir = SiteTest::fixture("liar");
    let opts = Options {
        generators: Box::leak(Box::new([generator as &dyn Generator])),
        ..Options::new(dir.path())
    };
    let result = site::build(opts, &ladder::figures::Silent);
    (dir, result)
}

#[test]
fn failing_identity_writes_nothing() {
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
fn panic_is_an_error() {
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
fn data_and_values_written_once() {
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
    let dir = SiteTest::basic().edit("demo/one.md", "## Third", &added);
    let run = dir.build();
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
fn reproduce_command_runs() {
    let figure = "```figure\nid = \"r\"\ngenerator = \"blocked-board\"\nrows = 2\ncols = 3\n\
                  blocked_columns = [2]\nblocked_cells = [[1, 1]]\ncaption = \"C.\"\n```\n\n## Third";
    let dir = SiteTest::basic().edit("demo/one.md", "## Third", figure);
    let run = dir.build();
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
fn edited_artifact_recomputed() {
    let dir = SiteTest::basic().built();
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
fn unwritable_cache_one_warning() {
    let dir = SiteTest::basic();
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
fn clean_removes_unused_artifacts() {
    let dir = SiteTest::basic().built();
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
fn clean_refuses_on_error() {
    let dir = SiteTest::basic().built();
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
fn script_in_cached_drawing_not_inlined() {
    let dir = SiteTest::basic().built();
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

#[test]
fn caption_role_swatch() {
    let dir = SiteTest::basic();
    let one = dir.path().join("content/demo/one.md");
    edit(&one, |text| {
        text.replace(
            "caption = \"Two columns of two: {{ b.whole = 4 }} positions, $2 \\\\times 2$.\"",
            "caption = \"Two columns of two beside a {{ b.legend[blocked] }} one; the dark column is blocked.\"",
        )
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("content/demo/one.md:16:1: warning: the caption of figure `b` says `dark`")
            && run.stderr.contains("`{{ b.legend[blocked] }}` (blocked)"),
        "{}",
        run.stderr
    );
    let page = std::fs::read_to_string(dir.path().join("site/demo/one/index.html")).unwrap();
    assert!(
        page.contains("beside a <span class=role-blocked data-swatch aria-hidden=true></span>\u{a0}blocked one"),
        "{page}"
    );
    edit(&one, |text| {
        text.replace("b.legend[blocked]", "b.legend[burnt]")
    });
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("figure `b`'s legend has no role `burnt`; it has: blocked (blocked)"),
        "{}",
        run.stderr
    );
}
