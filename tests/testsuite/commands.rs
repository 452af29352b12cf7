//! The commands besides `build` and `check`: `figure`, `generators` and
//! `value`, and how every command answers bad usage.

use crate::common::{SiteTest, ladder};
use std::path::Path;

#[test]
fn usage_errors_exit_two() {
    let dir = SiteTest::basic();
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
fn figure_prints_json_and_checks() {
    let dir = SiteTest::basic();
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
fn generators_lists_parameters() {
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

#[test]
fn value_refuses_large_board() {
    let dir = SiteTest::basic();
    let board = ["........"; 5].join("|");
    let run = ladder(&["value", "domineering", &board], dir.path());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("region of 40 free cells"),
        "{}",
        run.stderr
    );
    // 40 cells is past the ceiling of --max-cells, which the error names;
    // 34 is within it, and the error says how to raise the limit.
    assert!(
        run.stderr
            .contains("--max-cells raises the limit up to its ceiling of 36 (at 36 cells"),
        "{}",
        run.stderr
    );
    let board = ["......"; 6].join("|").replacen("..", "##", 1);
    let run = ladder(&["value", "domineering", &board], dir.path());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("pass --max-cells 34 to raise the limit"),
        "{}",
        run.stderr
    );
    let run = ladder(
        &["value", "domineering", "..|..", "--max-cells", "37"],
        dir.path(),
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("--max-cells 37 is past the ceiling of 36 for domineering (at 36 cells"),
        "{}",
        run.stderr
    );
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
fn closed_pipe_ends_quietly() {
    // As `ladder generators | head -1`: the pipe's reader is gone before
    // ladder starts, so every write fails; no panic, and the command succeeds.
    let dir = SiteTest::basic();
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
fn value_game_then_position() {
    let dir = SiteTest::basic();
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

#[test]
fn long_argument_and_repeated_parameter() {
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
    let dir = SiteTest::basic();
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

/// A password in a store's URL is never printed (issue 44, M4): the URL is
/// refused, shown without it, by every command that takes one, from the
/// command line or `ladder.toml`, and no request is made.
#[test]
fn store_credentials_never_printed() {
    let dir = SiteTest::basic();
    for url in [
        "s3://KEY:hunter2@bucket/ladder",
        "http://user:hunter2@127.0.0.1:9/dav/",
    ] {
        for args in [
            &["build", "--store", url][..],
            &["plan", "--store", url],
            &["compute", "--store", url, "x"],
        ] {
            let run = ladder(args, dir.path());
            assert_ne!(run.code, 0, "{args:?}");
            let said = format!("{}{}", run.stdout, run.stderr);
            assert!(!said.contains("hunter2"), "{args:?}: {said}");
            assert!(said.contains("***@"), "{args:?}: {said}");
            assert!(said.contains("AWS_ACCESS_KEY_ID"), "{args:?}: {said}");
        }
        dir.put(
            "ladder.toml",
            &format!("title = \"T\"\n[store]\nurl = \"{url}\"\n"),
        );
        let run = ladder(&["build"], dir.path());
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(run.stderr.contains("holds credentials"), "{}", run.stderr);
        assert!(!run.stderr.contains("hunter2"), "{}", run.stderr);
        std::fs::remove_file(dir.path().join("ladder.toml")).unwrap();
    }
}

/// Terminal escapes in an essay, its file name or a job's key are printed
/// escaped (`\u{1b}`), never raw (issue 44).
#[test]
fn terminal_escapes_printed_escaped() {
    let dir = SiteTest::basic();
    let run = ladder(&["compute", "x\u{1b}]0;owned\u{7}\u{9b}2J"], dir.path());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("no job `x\\u{1b}]0;owned\\u{7}\\u{9b}2J` in this site"),
        "{}",
        run.stderr
    );
    dir.put(
        "content/demo/b\u{1b}[2J.md",
        "+++\ntitle = \"B\"\nladder = \"demo\"\nrung = 9\n+++\nText \u{1b}[31mred.\n",
    );
    let run = ladder(&["build"], dir.path());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("b\\u{1b}[2J.md:6:"), "{}", run.stderr);
    assert!(
        run.stderr.contains("Text \\u{1b}[31mred."),
        "{}",
        run.stderr
    );
    for said in [&run.stdout, &run.stderr] {
        assert!(!said.contains(['\u{1b}', '\u{7}', '\u{9b}']), "{said:?}");
    }
}
