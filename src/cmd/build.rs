//! `ladder build` and `ladder check`: the whole pipeline, writing the site or
//! only checking it.

use super::CONTENT_ERROR;
use crate::generators::REGISTRY;
use crate::site::{self, Failure, Options};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct BuildArgs {
    /// The folder holding content/, templates/ and figures/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Where to write the site (default ROOT/site).
    #[arg(long)]
    output_dir: Option<PathBuf>,
    /// Recompute every figure, ignoring the artifacts in figures/.
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args)]
pub struct CheckArgs {
    /// The folder holding content/, templates/ and figures/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

pub fn build(args: BuildArgs) -> anyhow::Result<ExitCode> {
    let output = args.output_dir.unwrap_or_else(|| args.root.join("site"));
    let opts = Options {
        root: args.root,
        output: output.clone(),
        write: true,
        force: args.force,
        generators: REGISTRY,
    };
    finish(site::build(&opts), &format!("built {}", output.display()))
}

pub fn check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let opts = Options {
        output: args.root.join("site"),
        root: args.root,
        write: false,
        force: false,
        generators: REGISTRY,
    };
    finish(site::build(&opts), "checked")
}

fn finish(result: Result<site::Summary, Failure>, verb: &str) -> anyhow::Result<ExitCode> {
    match result {
        Ok(s) => {
            println!(
                "{verb}: {} pages, {} figures computed, {} reused, in {:.2} s",
                s.pages,
                s.computed,
                s.reused,
                s.elapsed.as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(Failure::Content(errors)) => {
            for e in &errors {
                eprintln!("{e}");
            }
            eprintln!(
                "{} error{}; nothing written",
                errors.len(),
                if errors.len() == 1 { "" } else { "s" }
            );
            Ok(ExitCode::from(CONTENT_ERROR))
        }
        Err(Failure::Io(e)) => Err(e),
    }
}
