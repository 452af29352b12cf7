//! Docs that cannot drift: `docs/generators.md` is what `ladder generators
//! --markdown` prints, byte for byte.

use std::path::Path;
use std::process::Command;

#[test]
fn docs_generators_md_is_what_ladder_generators_markdown_prints() {
    let output = Command::new(env!("CARGO_BIN_EXE_ladder"))
        .args(["generators", "--markdown"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let printed = String::from_utf8(output.stdout).unwrap();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/generators.md");
    let committed = std::fs::read_to_string(&file).unwrap_or_default();
    // Every generator has its section.
    assert!(printed.contains("\n## blocked-board\n") && printed.contains("\n### Data keys\n"));
    assert!(
        committed == printed,
        "docs/generators.md differs from what `ladder generators --markdown` prints; \
         regenerate it with `cargo run -- generators --markdown > docs/generators.md` \
         and commit it"
    );
}
