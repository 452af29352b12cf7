//! `ladder generators`: every generator with its parameters, the limits that
//! refuse a run, its data keys, the lists whose elements claims select by
//! name, identities and views.
//!
//! It imports the generators' registry and [`super::exit`].

use crate::generators::{Doc, REGISTRY, Spec};
use std::fmt::Write;
use std::process::ExitCode;

pub fn run() -> anyhow::Result<ExitCode> {
    let listing = describe_all();
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
        .map(|g| describe(g.spec()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn describe(spec: &Spec) -> String {
    let mut out = String::new();
    let docs = |out: &mut String, heading: &str, docs: &[Doc]| {
        if !docs.is_empty() {
            let _ = writeln!(out, "  {heading}:");
            for d in docs {
                let _ = writeln!(out, "    {}: {}", d.name, d.doc);
            }
        }
    };
    let _ = writeln!(out, "{}\n  {}", spec.name, spec.description);
    if !spec.params.is_empty() {
        let _ = writeln!(out, "  parameters:");
        for p in spec.params {
            let _ = writeln!(
                out,
                "    {} ({}, default {}): {}",
                p.name, p.kind, p.default, p.doc
            );
        }
    }
    if !spec.limits.is_empty() {
        let _ = writeln!(out, "  limits (a run past one is refused):");
        for l in spec.limits {
            let _ = writeln!(
                out,
                "    {} (at most {}, grows with {}; a directive raises it with {} = N): {}",
                l.name,
                l.max,
                l.params.join(", "),
                l.raise_key(),
                l.doc
            );
        }
    }
    docs(&mut out, "data keys", spec.keys);
    if !spec.names.is_empty() {
        let _ = writeln!(
            out,
            "  elements named by a field (`{{{{ ID.LIST[NAME] }}}}`):"
        );
        for (list, field) in spec.names {
            let _ = writeln!(out, "    {list}[NAME]: the element whose .{field} is NAME");
        }
    }
    docs(&mut out, "identities", spec.identities);
    docs(&mut out, "views", spec.views);
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
                    "    {} (at most {}, grows with {}; a directive raises it with {} = N): ",
                    l.name,
                    l.max,
                    l.params.join(", "),
                    l.raise_key()
                );
                assert!(text.contains(&head));
            }
        }
        assert!(text.contains(
            "    cells (at most 28, grows with rows, cols; a directive raises it with max_cells = N): \
             cells of the board"
        ));
        assert!(text.contains("    boards[NAME]: the element whose .name is NAME\n"));
    }
}
