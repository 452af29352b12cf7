//! The command line: one file per command, on top of the library.
//!
//! Exit codes: 0 success (the site is in place; warnings may follow),
//! 1 the content (or a generator run) is wrong, 2 a usage error, such as an
//! output folder ladder refuses to replace, 3 an I/O failure: the site could
//! not be written (the previous one is kept), a folder could not be listed,
//! a port could not be bound. A command reports content and usage errors
//! itself; an error it returns is an I/O failure (or a refusal, a usage error).
//!
//! It imports one file per command and, from the site, only diagnostics and the
//! output's refusal; the commands import `exit` and `progress`, never this
//! file, and none imports another but `clean` and `plan`, which report errors
//! as `build` does (and `plan` takes its figure store's arguments), and
//! `compute`, which finds the site's jobs as `plan` does.

/// `println!`, but a write that fails is an error returned, not a panic, and
/// a reader that has gone away (`ladder generators | head -1`) is no error at
/// all: the output ends quietly, as any Unix tool's does.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cmd::exit::closed_pipe_is_fine(::std::io::Write::write_fmt(
            &mut ::std::io::stdout(),
            format_args!("{}\n", format_args!($($arg)*)),
        ))
    };
}

/// `eprintln!` that never panics: a message that standard error will not
/// take has nowhere else to go.
/// Writes a line to standard error, each over-long word in it cut
/// ([`crate::site::diagnostics::cut_words`]): what an error echoes of a
/// 100 KB argument is its start.
macro_rules! err {
    ($($arg:tt)*) => {{
        let _ = ::std::io::Write::write_fmt(
            &mut ::std::io::stderr(),
            format_args!(
                "{}\n",
                $crate::site::diagnostics::cut_words(&format!($($arg)*))
            ),
        );
    }};
}

mod build;
mod clean;
mod compute;
mod exit;
mod figure;
mod generators;
mod plan;
mod progress;
mod serve;
mod value;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

pub use exit::{CONTENT_ERROR, IO_ERROR, USAGE_ERROR};
/// What `ladder value` computes, for the benches.
pub use value::facts;

#[derive(Parser)]
#[command(
    name = "ladder",
    version,
    about = "Builds an essay site on combinatorial game theory whose figures are computed by solvers"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the site from content/ into site/.
    Build(build::BuildArgs),
    /// Do all the work and checks of build, and name the values and claims
    /// that changed since the last build; write nothing.
    Check(build::CheckCommand),
    /// Build the site in memory, serve it, and rebuild and reload on every change.
    Serve(serve::Args),
    /// List every generator with its parameters, data keys and identities.
    Generators(generators::Args),
    /// Run one generator: data as JSON on stdout, checks on stderr.
    Figure(figure::Args),
    /// Print the value of a position: `ladder value domineering '...|...'`, `cram`, `hackenbush '0-1 1-2'`.
    Value(value::Args),
    /// Remove the figure artifacts in figures/ that no essay names.
    Clean(clean::Args),
    /// List the site's jobs (generator, parameters, key, cost), marking those
    /// neither figures/ nor the figure store holds.
    Plan(plan::PlanArgs),
    /// Compute chosen jobs (by key, or one of a plan's) into figures/ and the
    /// figure store: one task of a batch engine's array.
    Compute(compute::ComputeArgs),
}

/// Parses the command line and runs the command.
pub fn main() -> ExitCode {
    // A write past the file size limit (`ulimit -f`) fails with EFBIG, which
    // the command reports (a build keeps the previous site), rather than
    // SIGXFSZ ending the process without a word.
    #[cfg(unix)]
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGXFSZ,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Build(args) => build::build(args),
        Command::Check(args) => build::check(args),
        Command::Serve(args) => serve::run(args),
        Command::Generators(args) => generators::run(&args),
        Command::Figure(args) => figure::run(&args),
        Command::Value(args) => value::run(&args),
        Command::Clean(args) => clean::run(&args),
        Command::Plan(args) => plan::plan(args),
        Command::Compute(args) => compute::compute(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            err!("error: {e:#}");
            if e.is::<crate::site::output::check::Refused>() {
                ExitCode::from(USAGE_ERROR)
            } else {
                ExitCode::from(IO_ERROR)
            }
        }
    }
}
