//! `ladder build` and `ladder check`: the whole pipeline, writing the site or
//! only checking it.

use super::{CONTENT_ERROR, progress};
use crate::site::{self, Failure, Options, Summary};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct BuildArgs {
    /// The folder holding content/, templates/ and figures/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Where to write the site (default ROOT/site). ladder replaces this
    /// folder entirely; it refuses the root, a folder holding it, one inside
    /// content/, templates/ or figures/, and a non-empty folder it did not write.
    #[arg(long)]
    output_dir: Option<PathBuf>,
    /// Replace the output folder even when it holds files ladder did not
    /// write (it has no .ladder-output file): they are deleted.
    #[arg(long)]
    replace_output: bool,
    /// Recompute every figure, ignoring the artifacts in figures/.
    #[arg(long)]
    force: bool,
    /// Where the site will be published (overrides ladder.toml's base_url):
    /// the feed, the sitemap and canonical links need it.
    #[arg(long, value_name = "URL", value_parser = site::config::base_url)]
    base_url: Option<String>,
    /// Build the essays marked `draft = true` too (each marked as a draft).
    #[arg(long)]
    drafts: bool,
}

#[derive(clap::Args)]
pub struct CheckArgs {
    /// The folder holding content/, templates/ and figures/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

pub fn build(args: BuildArgs) -> anyhow::Result<ExitCode> {
    let mut opts = Options::new(args.root);
    if let Some(output) = args.output_dir {
        opts.output = output;
    }
    opts.force = args.force;
    opts.replace_output = args.replace_output;
    opts.base_url = args.base_url;
    opts.drafts = args.drafts;
    let verb = format!("built {}", opts.output.display());
    finish(site::build(opts, &*progress::reporter()), &verb)
}

pub fn check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let opts = Options {
        write: false,
        ..Options::new(args.root)
    };
    finish(site::build(opts, &*progress::reporter()), "checked")
}

/// The one-line summary, then the figures recomputed and those whose data changed.
pub fn describe(verb: &str, s: &Summary) -> String {
    let mut out = format!(
        "{verb}: {} pages, {} figures computed, {} reused, {} views drawn, in {:.2} s",
        s.pages,
        s.computed.len(),
        s.reused,
        s.drawn,
        s.elapsed.as_secs_f64()
    );
    for note in &s.notes {
        out.push_str(&format!("\n  {note}"));
    }
    for (what, list) in [("recomputed", &s.computed), ("data changed", &s.changed)] {
        if !list.is_empty() {
            out.push_str(&format!("\n  {what}: {}", list.join("; ")));
        }
    }
    out
}

/// Prints errors as `path:line:col: error: ...`, all of them.
pub fn report(errors: &[site::diagnostics::Diagnostic]) {
    for e in errors {
        eprintln!("{e}");
    }
    eprintln!(
        "{} error{}; nothing written",
        errors.len(),
        if errors.len() == 1 { "" } else { "s" }
    );
}

fn finish(result: Result<Summary, Failure>, verb: &str) -> anyhow::Result<ExitCode> {
    match result {
        Ok(s) => {
            println!("{}", describe(verb, &s));
            for w in &s.warnings {
                eprintln!("warning: {w}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(Failure::Content(errors)) => {
            report(&errors);
            Ok(ExitCode::from(CONTENT_ERROR))
        }
        Err(Failure::Io(e)) => Err(e),
    }
}
