//! The bundled essays in `content/`: they pass every check without a
//! warning, cite every figure, and their computed claims fail when the
//! values they state change.

use crate::common::{SiteTest, ladder};
use std::path::Path;

#[test]
fn leave_no_number_unclaimed() {
    // Every number in the bundled essays' prose, captions and alt texts is a
    // claim or marked given: `ladder check --unclaimed` lists nothing.
    let run = ladder(
        &["check", "--unclaimed"],
        Path::new(env!("CARGO_MANIFEST_DIR")),
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(!run.stdout.contains("unclaimed:"), "{}", run.stdout);
}

#[test]
fn pass_every_check() {
    let run = ladder(&["check"], Path::new(env!("CARGO_MANIFEST_DIR")));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("checked:"), "{}", run.stdout);
    assert!(!run.stderr.contains("warning:"), "{}", run.stderr);
}

/// The statements the bundled essays compute rather than assert: the pieces of the
/// fused Hackenbush branch, the triangle `ladder value` is shown valuing and
/// the family's loops, the 2 x 2's packings, the 3 x 5's mirror pairings
/// around a fixed cell (and how many tie for most free cells) and *2 + * in
/// Cram, each with a change of its literal that makes it false.
const COMPUTED: &[(&str, &[(&str, &str)])] = &[
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

/// Each bundled essay of [`COMPUTED`], copied alone into a scratch root with
/// every such claim's literal changed, fails `ladder check` with one error
/// per claim, at its line.
#[test]
fn computed_claims_fail_when_changed() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    for (essay, changes) in COMPUTED {
        let original = std::fs::read_to_string(content.join(essay)).unwrap();
        let mut text = original.clone();
        for (claim, changed) in *changes {
            assert_eq!(original.matches(claim).count(), 1, "{essay}: {claim}");
            text = text.replace(claim, changed);
        }
        let run = SiteTest::empty()
            .write(&format!("content/{essay}"), &text)
            .run(&["check"]);
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
fn cite_every_figure() {
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
