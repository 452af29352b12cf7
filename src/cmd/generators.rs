//! `ladder generators`: every generator with its parameters, the limits that
//! refuse a run, its data keys, the lists whose elements claims select by
//! name, identities, views and shards; as text, or with `--markdown` as the reference
//! in `docs/generators.md`.
//!
//! It imports the generators' registry and [`super::exit`].

use crate::generators::{Doc, Generator, REGISTRY, Spec, documented};
use std::fmt::Write;
use std::process::ExitCode;

/// The options of `ladder generators`.
#[derive(clap::Args)]
pub struct Args {
    /// Write the listing as markdown: the reference in docs/generators.md.
    #[arg(long)]
    markdown: bool,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let listing = if args.markdown {
        markdown()
    } else {
        describe_all()
    };
    super::exit::closed_pipe_is_fine(std::io::Write::write_all(
        &mut std::io::stdout(),
        listing.as_bytes(),
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// The listing, one section per generator.
pub fn describe_all() -> String {
    REGISTRY
        .iter()
        .map(|g| describe(*g, Style::Text))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The listing as the markdown of docs/generators.md.
pub fn markdown() -> String {
    let mut out = String::from(
        "# Generators\n\n\
         <!-- Written by `ladder generators --markdown`; a test fails when this file differs \
         from what it prints. -->\n\n\
         Every generator an essay can name in `generator = \"...\"`: its parameters, the \
         limits that refuse a run, the data keys claims and captions read, the lists whose \
         elements a claim selects by name, the identities a run asserts, the views it \
         draws and, for a run that is a union of independent parts, how it splits into \
         shards.\n",
    );
    for g in REGISTRY {
        out.push('\n');
        out.push_str(&describe(*g, Style::Markdown));
    }
    out
}

/// How the listing is written: indented text for the terminal, or markdown.
#[derive(Clone, Copy)]
enum Style {
    Text,
    Markdown,
}

impl Style {
    /// A generator's heading and description.
    fn generator(self, out: &mut String, spec: &Spec) {
        let _ = match self {
            Style::Text => writeln!(out, "{}\n  {}", spec.name, spec.description),
            Style::Markdown => writeln!(out, "## {}\n\n{}", spec.name, spec.description),
        };
    }

    /// The heading of one of a generator's lists.
    fn section(self, out: &mut String, heading: &str) {
        let _ = match self {
            Style::Text => writeln!(out, "  {heading}:"),
            Style::Markdown => {
                let mut chars = heading.chars();
                let first = chars.next().map(|c| c.to_uppercase().to_string());
                writeln!(
                    out,
                    "\n### {}{}\n",
                    first.unwrap_or_default(),
                    chars.as_str()
                )
            }
        };
    }

    /// One entry of a list: a name, what it is (if said) and its doc.
    fn entry(self, out: &mut String, name: &str, detail: Option<&str>, doc: &str) {
        let detail = detail.map(|d| format!(" ({d})")).unwrap_or_default();
        let _ = match self {
            Style::Text => writeln!(out, "    {name}{detail}: {doc}"),
            Style::Markdown => writeln!(out, "- `{name}`{detail}: {doc}"),
        };
    }
}

fn describe(generator: &dyn Generator, style: Style) -> String {
    let spec = generator.spec();
    let mut out = String::new();
    let docs = |out: &mut String, heading: &str, docs: &[Doc]| {
        if !docs.is_empty() {
            style.section(out, heading);
            for d in docs {
                style.entry(out, d.name, None, d.doc);
            }
        }
    };
    style.generator(&mut out, spec);
    if !spec.params.is_empty() {
        style.section(&mut out, "parameters");
        for p in spec.params {
            let detail = format!("{}, default {}", p.kind, p.default);
            style.entry(&mut out, p.name, Some(&detail), p.doc);
        }
    }
    if !spec.limits.is_empty() {
        style.section(&mut out, "limits (a run past one is refused)");
        for l in spec.limits {
            let detail = format!(
                "at most {}, grows with {}; {}",
                l.max,
                l.params.join(", "),
                l.raising()
            );
            style.entry(&mut out, l.name, Some(&detail), l.doc);
        }
    }
    let keys = documented(generator.keys());
    if !keys.is_empty() {
        style.section(&mut out, "data keys");
        for (name, doc) in &keys {
            style.entry(&mut out, name, None, doc);
        }
    }
    if !spec.names.is_empty() {
        style.section(
            &mut out,
            "elements named by a field (`{{ ID.LIST[NAME] }}`)",
        );
        for (list, field) in spec.names {
            let doc = format!("the element whose .{field} is NAME");
            style.entry(&mut out, &format!("{list}[NAME]"), None, &doc);
        }
    }
    docs(&mut out, "identities", spec.identities);
    docs(&mut out, "views", spec.views);
    if let Some(sharding) = generator.sharding() {
        style.section(&mut out, "shards (parts computed as jobs of their own)");
        style.entry(&mut out, "split", None, sharding.doc());
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn lists_every_generator_with_its_parameters_and_limits() {
        let text = super::describe_all();
        for g in crate::generators::REGISTRY {
            assert!(text.contains(g.spec().name));
            for p in g.spec().params {
                assert!(text.contains(&format!("    {} (", p.name)));
            }
            for l in g.spec().limits {
                let head = format!(
                    "    {} (at most {}, grows with {}; {}): ",
                    l.name,
                    l.max,
                    l.params.join(", "),
                    l.raising()
                );
                assert!(text.contains(&head));
            }
        }
        assert!(text.contains(
            "    cells (at most 28, grows with rows, cols; a directive raises it with max_cells = N \
             up to its ceiling of 30 ("
        ));
        assert!(text.contains("    boards[NAME]: the element whose .name is NAME\n"));
        let sharded: Vec<&str> = crate::generators::REGISTRY
            .iter()
            .filter(|g| g.sharding().is_some())
            .map(|g| g.spec().name)
            .collect();
        assert_eq!(sharded, ["pairing-sweep", "chomp-needles"]);
        assert!(text.contains(
            "  shards (parts computed as jobs of their own):\n    split: a run over two or more boards"
        ));
    }
}
