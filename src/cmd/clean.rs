//! `ladder clean`: removes the figure artifacts in `figures/` that no essay
//! names any more (after its parameters changed, say). Only files whose names
//! ladder writes are ever removed.
//!
//! It imports the site's content loading, markdown scan, figures, file reader
//! and output lock, and `ladder build`'s error report.

use super::build::report;
use super::exit::CONTENT_ERROR;
use crate::figures::{self, Job};
use crate::generators::REGISTRY;
use crate::site::{content, markdown, output, read};
use anyhow::Context;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The folder holding content/ and figures/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// List what would be removed, removing nothing.
    #[arg(long)]
    dry_run: bool,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let dir = args.root.join("figures");
    if !dir.is_dir() {
        out!("no {}: nothing to clean", dir.display())?;
        return Ok(ExitCode::SUCCESS);
    }
    // Not while a build of this root may be writing artifacts.
    let _lock = output::check::lock_root(&args.root, &|| {
        err!("waiting for a build of {} to finish", args.root.display());
    })?;
    // An essay with an error may name a figure once it is fixed, and a
    // figures/ outside the project is not ladder's: refuse.
    let mut errors: Vec<_> = read::inside(&dir, &args.root).err().into_iter().collect();
    let essays = content::load(&args.root.join("content"), &args.root).unwrap_or_else(|e| {
        errors.extend(e);
        Vec::new()
    });
    let (mut named, mut shards) = (BTreeSet::new(), BTreeSet::new());
    for essay in &essays {
        let (scan, errs) = markdown::scan(essay, REGISTRY);
        errors.extend(errs);
        for d in scan.directives {
            // A run's shards' artifacts (a batch engine's jobs) are kept:
            // a build merges a run from them.
            let job = Job::new(d.generator, d.params);
            shards.extend(job.shards().into_iter().map(|s| s.key.stem));
            named.insert(job.key.stem);
        }
    }
    let figures = named.len();
    named.extend(shards);
    if !errors.is_empty() {
        report(&errors);
        return Ok(ExitCode::from(CONTENT_ERROR));
    }
    let unnamed = figures::unnamed(&dir, &named, REGISTRY)
        .with_context(|| format!("cannot list {}", dir.display()))?;
    let verb = if args.dry_run {
        "would remove"
    } else {
        "removed"
    };
    for path in &unnamed {
        if !args.dry_run {
            std::fs::remove_file(path)
                .with_context(|| format!("cannot remove {}", path.display()))?;
        }
        out!("{verb} {}", path.display())?;
    }
    out!(
        "{verb} {} file{} of figure artifacts no essay names; kept those of {} figure{}",
        unnamed.len(),
        if unnamed.len() == 1 { "" } else { "s" },
        figures,
        if figures == 1 { "" } else { "s" }
    )?;
    Ok(ExitCode::SUCCESS)
}
