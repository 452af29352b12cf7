//! The documentation cannot drift from the code: README.md stays a short
//! front door (at most 150 lines, with the two commands a newcomer runs and an
//! essay excerpt that builds, failing as it says when a claim is false), every
//! relative link in README.md, `docs/` and `benches/README.md` reaches a file
//! and, with `#anchor`, a heading of it (as GitHub makes heading ids), every
//! repository path they name in code exists, and every command and option
//! `ladder --help` lists is documented in `docs/commands.md`. The markdown is
//! read with pulldown-cmark, as a renderer reads it.

mod common;

use common::{SiteTest, edit, ladder};
use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::path::{Path, PathBuf};

/// README.md's length, at most.
const README_LINES: usize = 150;

/// What a markdown file holds, as a renderer reads it.
#[derive(Default)]
struct Doc {
    /// Each heading's level and text as shown (code spans without backticks).
    headings: Vec<(HeadingLevel, String)>,
    /// Every link and image destination.
    links: Vec<String>,
    /// Every code span.
    code: Vec<String>,
    /// Every code block: its info string (empty for an indented block) and text.
    blocks: Vec<(String, String)>,
    /// The text of each level-2 section (headings and code spans included),
    /// after its heading's text.
    sections: Vec<(String, String)>,
}

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads a markdown file with GitHub's extensions (tables, footnotes,
/// strikethrough; no heading attributes, which GitHub shows as text).
fn parse(text: &str) -> Doc {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES | Options::ENABLE_STRIKETHROUGH;
    let mut doc = Doc::default();
    let mut heading: Option<(HeadingLevel, String)> = None;
    let mut block: Option<(String, String)> = None;
    for event in Parser::new_ext(text, options) {
        let shown = match &event {
            Event::Text(t) | Event::Code(t) => Some(t.to_string()),
            Event::SoftBreak | Event::HardBreak => Some(" ".to_string()),
            _ => None,
        };
        if let Some(shown) = &shown {
            if let Some((_, text)) = heading.as_mut() {
                text.push_str(shown);
            }
            if let Some((_, text)) = block.as_mut() {
                text.push_str(shown);
            }
            if let Some((_, body)) = doc.sections.last_mut() {
                body.push_str(shown);
            }
        }
        match event {
            Event::Start(Tag::Heading { level, .. }) => heading = Some((level, String::new())),
            Event::End(TagEnd::Heading(_)) => {
                let (level, text) = heading.take().expect("a heading ends after it starts");
                if level == HeadingLevel::H2 {
                    doc.sections.push((text.clone(), String::new()));
                }
                doc.headings.push((level, text));
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                doc.links.push(dest_url.to_string());
            }
            Event::Code(code) => doc.code.push(code.to_string()),
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                block = Some((info, String::new()));
            }
            Event::End(TagEnd::CodeBlock) => {
                doc.blocks
                    .push(block.take().expect("a block ends after it starts"));
            }
            _ => {}
        }
    }
    doc
}

/// The id GitHub gives a heading: its text in lower case, without
/// punctuation but `-` and `_`, each space a `-`.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The ids of a document's headings, a repeated one numbered as GitHub does
/// (`a`, `a-1`, `a-2`).
fn anchors(doc: &Doc) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for (_, text) in &doc.headings {
        let base = slug(text);
        let mut id = base.clone();
        let mut n = 0;
        while ids.contains(&id) {
            n += 1;
            id = format!("{base}-{n}");
        }
        ids.push(id);
    }
    ids
}

/// README.md, `docs/*.md` and `benches/README.md`, by path.
fn documents() -> Vec<PathBuf> {
    let mut paths = vec![root().join("README.md"), root().join("benches/README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
}

fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn readme_is_short_and_keeps_the_two_commands() {
    let text = read(&root().join("README.md"));
    let lines = text.lines().count();
    assert!(
        lines <= README_LINES,
        "README.md has {lines} lines; at most {README_LINES}: move the rest to docs/"
    );
    let doc = parse(&text);
    // CI (.ci/run) runs the README's test command.
    for command in ["cargo run --release -- build", "cargo test --release"] {
        assert!(
            doc.blocks
                .iter()
                .any(|(_, block)| block.lines().any(|l| l.trim_start().starts_with(command))),
            "README.md has no code block running `{command}`"
        );
    }
    assert!(
        read(&root().join(".ci/run"))
            .lines()
            .any(|l| l == "cargo test --release")
    );
}

#[test]
fn every_relative_link_reaches_a_file_and_a_heading() {
    let mut broken = Vec::new();
    for path in documents() {
        let doc = parse(&read(&path));
        for link in &doc.links {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = link.split_once('#').unwrap_or((link, ""));
            let target = match file {
                "" => path.clone(),
                _ => path.parent().unwrap().join(file),
            };
            if !target.exists() {
                broken.push(format!(
                    "{}: `{link}`: no file {}",
                    shown(&path),
                    shown(&target)
                ));
                continue;
            }
            if anchor.is_empty() {
                continue;
            }
            let ids = if target.extension().is_some_and(|e| e == "md") {
                anchors(&parse(&read(&target)))
            } else {
                Vec::new()
            };
            if !ids.iter().any(|id| id == anchor) {
                broken.push(format!(
                    "{}: `{link}`: no heading `#{anchor}` in {}; it has: {}",
                    shown(&path),
                    shown(&target),
                    ids.join(", ")
                ));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_repository_path_named_in_code_exists() {
    // Paths into the repository, not a site's folders (content/, site/,
    // figures/), which the docs name with placeholders.
    const REPOSITORY: [&str; 6] = ["src/", "tests/", "benches/", "docs/", "templates/", ".ci/"];
    let mut missing = Vec::new();
    for path in documents() {
        for code in parse(&read(&path)).code {
            let is_path = REPOSITORY.iter().any(|p| code.starts_with(p))
                && !code.contains(char::is_whitespace);
            if is_path && !root().join(&code).exists() {
                missing.push(format!("{}: `{code}`", shown(&path)));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths named that do not exist:\n{}",
        missing.join("\n")
    );
}

/// The first word of each line of a `--help` section (`Commands:`,
/// `Options:`), where it is indented.
fn help_section(help: &str, section: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != section)
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  "))
        .filter_map(|l| {
            l.split_whitespace()
                .find(|w| !w.ends_with(',') && !w.starts_with("-h"))
                .map(str::to_string)
        })
        .collect()
}

#[test]
fn every_command_and_option_is_documented() {
    let doc = parse(&read(&root().join("docs/commands.md")));
    let run = ladder(&["--help"], root());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let commands: Vec<String> = help_section(&run.stdout, "Commands:")
        .into_iter()
        .filter(|c| c != "help")
        .collect();
    assert!(
        commands.len() >= 7,
        "commands read from --help: {commands:?}"
    );
    let mut undocumented = Vec::new();
    for command in &commands {
        let heading = format!("ladder {command}");
        let Some((_, body)) = doc.sections.iter().find(|(h, _)| *h == heading) else {
            undocumented.push(format!("no section `## \\`{heading}\\`` for the command"));
            continue;
        };
        let help = ladder(&[command, "--help"], root());
        for option in help_section(&help.stdout, "Options:") {
            if option.starts_with("--") && option != "--help" && !body.contains(&option) {
                undocumented.push(format!("`{heading}`: option `{option}` not in its section"));
            }
        }
    }
    assert!(
        undocumented.is_empty(),
        "docs/commands.md:\n{}",
        undocumented.join("\n")
    );
}

/// The README's essay excerpt: the first `markdown` code block.
fn readme_excerpt() -> String {
    parse(&read(&root().join("README.md")))
        .blocks
        .into_iter()
        .find(|(info, _)| info == "markdown")
        .map(|(_, text)| text)
        .expect("README.md shows an essay in a ```markdown block")
}

#[test]
fn the_readme_excerpt_is_the_bundled_essay_and_builds() {
    let excerpt = readme_excerpt();
    let essay_path = "content/domineering/falling-apart.md";
    // Its lines are the essay's, in order (a paragraph may be left out).
    let essay = read(&root().join(essay_path));
    let mut lines = essay.lines();
    for line in excerpt.lines() {
        assert!(
            lines.any(|l| l == line),
            "README.md's excerpt line is not in {essay_path}, in order: {line}"
        );
    }
    let site = SiteTest::empty().write(essay_path, &excerpt);
    let file = site.path().join(essay_path);
    let run = site.run(&["check", "--root", "."]);
    assert_eq!(
        run.code, 0,
        "the README's excerpt does not build:\n{}",
        run.stderr
    );

    // A false claim fails the build with the error README.md shows.
    edit(&file, |t| {
        t.replace("wall.product = 2,916", "wall.product = 2,900")
    });
    let run = site.run(&["build", "--root", "."]);
    assert_eq!(run.code, 1);
    let shown = parse(&read(&root().join("README.md")))
        .blocks
        .into_iter()
        .map(|(_, text)| text)
        .find(|text| text.starts_with(&format!("./{essay_path}")))
        .expect("README.md shows the error of a false claim");
    assert!(
        run.stderr.contains(&shown),
        "README.md shows:\n{shown}\nthe build printed:\n{}",
        run.stderr
    );
}

/// `docs/generators.md` is what `ladder generators --markdown` prints, byte
/// for byte.
#[test]
fn docs_generators_md_is_what_ladder_generators_markdown_prints() {
    let run = ladder(&["generators", "--markdown"], root());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let printed = run.stdout;
    let committed = std::fs::read_to_string(root().join("docs/generators.md")).unwrap_or_default();
    // Every generator has its section.
    assert!(printed.contains("\n## blocked-board\n") && printed.contains("\n### Data keys\n"));
    assert!(
        committed == printed,
        "docs/generators.md differs from what `ladder generators --markdown` prints; \
         regenerate it with `cargo run -- generators --markdown > docs/generators.md` \
         and commit it"
    );
}
