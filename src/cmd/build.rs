//! `ladder build` and `ladder check`: the whole pipeline, writing the site or
//! only checking it.
//!
//! It imports the site pipeline, [`super::progress`] and [`super::exit`].

use super::exit::CONTENT_ERROR;
use super::progress;
use crate::site::changes::Change;
use crate::site::{self, Failure, Options, Summary};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct BuildArgs {
    #[command(flatten)]
    check: CheckArgs,
    /// Where to write the site (default ROOT/site). ladder replaces this
    /// folder entirely; it refuses the root, a folder holding it, one inside
    /// content/, templates/ or figures/, and a non-empty folder it did not write.
    #[arg(long)]
    output_dir: Option<PathBuf>,
    /// Replace the output folder even when it holds files ladder did not
    /// write (its .ladder-output file, if any, does not list them as the
    /// last build wrote them): they are deleted.
    #[arg(long)]
    replace_output: bool,
    /// Where the site will be published (overrides ladder.toml's `base_url)`:
    /// the feed, the sitemap and canonical links need it.
    #[arg(long, value_name = "URL", value_parser = site::config::base_url)]
    base_url: Option<String>,
    /// Upload the figures the build computes to the figure store
    /// (`[store] write = true`).
    #[arg(long)]
    store_write: bool,
}

/// What `ladder check` and `ladder build` both take.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// The folder holding content/, templates/ and figures/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Recompute every figure, ignoring the artifacts in figures/.
    #[arg(long)]
    force: bool,
    /// Take the essays marked `draft = true` too (each marked as a draft).
    #[arg(long)]
    drafts: bool,
    #[command(flatten)]
    store: StoreArgs,
}

/// What `ladder check` takes.
#[derive(clap::Args)]
pub struct CheckCommand {
    #[command(flatten)]
    check: CheckArgs,
    /// List each number the essays write outside claims, math and code
    /// (digits, number words, fractions in words), one a line as
    /// `path:line:col: unclaimed: WORDS`; exit 1 when there is any. Mark a
    /// number that is not computed `{{ given: ... }}`.
    #[arg(long)]
    unclaimed: bool,
}

/// The figure store, for every command that reads or writes figures.
#[derive(clap::Args)]
pub struct StoreArgs {
    /// The figure store behind figures/ (overrides ladder.toml's `[store] url`):
    /// `s3://bucket/prefix`, `gs://...`, `az://...`, `http(s)://...` (a `WebDAV`
    /// folder) or `file:///...`; credentials come from the environment.
    #[arg(long, value_name = "URL", value_parser = store_url)]
    store: Option<String>,
    /// Fail when the store cannot be reached or refuses the credentials,
    /// instead of one warning (`[store] required = true`).
    #[arg(long)]
    store_required: bool,
}

impl StoreArgs {
    /// The options these arguments give, uploading what is computed when
    /// `write` (`--store-write`, which only the commands that write take).
    pub fn options(self, write: bool) -> site::StoreOptions {
        site::StoreOptions {
            url: self.store,
            write,
            required: self.store_required,
        }
    }
}

/// Checks `--store`'s URL. One holding credentials passes, to be refused
/// when the store is opened: clap's error would print it whole.
fn store_url(url: &str) -> Result<String, String> {
    if crate::figures::store::settings::no_credentials(url).is_err() {
        return Ok(url.to_string());
    }
    crate::figures::store::check_url(url).map(|()| url.to_string())
}

impl CheckArgs {
    /// The options of a build of these arguments, writing the site and
    /// figures or nothing (and uploading figures when `store_write`).
    fn options(self, write: bool, store_write: bool) -> Options {
        Options {
            write,
            force: self.force,
            drafts: self.drafts,
            store: self.store.options(store_write),
            ..Options::new(self.root)
        }
    }
}

pub fn build(args: BuildArgs) -> anyhow::Result<ExitCode> {
    let mut opts = args.check.options(true, args.store_write);
    if let Some(output) = args.output_dir {
        opts.output = output;
    }
    opts.replace_output = args.replace_output;
    opts.base_url = args.base_url;
    let verb = format!("built {}", opts.output.display());
    finish(site::build(opts, &*progress::reporter()), &verb)
}

pub fn check(args: CheckCommand) -> anyhow::Result<ExitCode> {
    let opts = Options {
        unclaimed: args.unclaimed,
        ..args.check.options(false, false)
    };
    finish(site::build(opts, &*progress::reporter()), "checked")
}

/// The one-line summary, then the figures recomputed, those whose data
/// changed and the values and claims that changed.
pub fn describe(verb: &str, s: &Summary) -> String {
    let fetched = match s.fetched {
        0 => String::new(),
        n => format!(" ({n} from the figure store)"),
    };
    let mut out = format!(
        "{verb}: {} pages, {} figures computed, {} reused{fetched}, {} views drawn, in {:.2} s",
        s.pages,
        s.computed.len(),
        s.reused,
        s.drawn,
        s.elapsed.as_secs_f64()
    );
    for note in &s.notes {
        out.push_str(&format!("\n  {note}"));
    }
    // A first build computes everything: the count says it. Once something
    // was cached, what was computed again is news, one job a line.
    let cached_before = s.reused > 0 || !s.changed.is_empty();
    for (what, list) in [("recomputed", &s.computed), ("data changed", &s.changed)] {
        if cached_before && !list.is_empty() {
            out.push_str(&format!("\n  {what}:"));
            for label in list {
                out.push_str(&format!("\n    {label}"));
            }
        }
    }
    out.push_str(&changed(&s.changes));
    out
}

/// The values and claims that changed since the last build, one a line,
/// after a line that says what they are (nothing when none changed).
fn changed(changes: &[Change]) -> String {
    if changes.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "\n  moved since the last successful build ({}; reread these sentences):",
        changes.len()
    );
    for m in changes {
        out.push_str(&format!("\n    {m}"));
    }
    out
}

/// Prints errors as `path:line:col: error: ...`, up to a limit per file
/// and in all ([`site::diagnostics::capped`]), and how many there were.
pub fn report(errors: &[site::diagnostics::Diagnostic]) {
    for line in site::diagnostics::capped(errors) {
        err!("{line}");
    }
    err!(
        "{} error{}; nothing written",
        errors.len(),
        if errors.len() == 1 { "" } else { "s" }
    );
}

fn finish(result: Result<Summary, Failure>, verb: &str) -> anyhow::Result<ExitCode> {
    match result {
        Ok(s) => {
            out!("{}", describe(verb, &s))?;
            for lint in &s.lints {
                err!("{lint}");
            }
            for w in &s.warnings {
                err!("warning: {w}");
            }
            for u in &s.unclaimed {
                out!(
                    "{}:{}:{}: unclaimed: {}",
                    u.path.display(),
                    u.line,
                    u.col,
                    u.message
                )?;
            }
            if s.unclaimed.is_empty() {
                Ok(ExitCode::SUCCESS)
            } else {
                Ok(ExitCode::from(CONTENT_ERROR))
            }
        }
        Err(Failure::Content(errors, changes)) => {
            report(&errors);
            let changes = changed(&changes);
            if !changes.is_empty() {
                err!("{}", changes.trim_start_matches('\n'));
            }
            Ok(ExitCode::from(CONTENT_ERROR))
        }
        Err(Failure::Io(e)) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn summary(reused: usize, computed: &[&str], changed: &[&str]) -> Summary {
        let strings = |l: &[&str]| l.iter().map(std::string::ToString::to_string).collect();
        Summary {
            pages: 7,
            rendered: 3,
            evaluated: 0,
            computed: strings(computed),
            changed: strings(changed),
            reused,
            fetched: 0,
            drawn: 1,
            elapsed: Duration::from_millis(250),
            warnings: Vec::new(),
            lints: Vec::new(),
            notes: Vec::new(),
            changes: Vec::new(),
            unclaimed: Vec::new(),
        }
    }

    #[test]
    fn a_first_build_counts_its_figures_and_lists_none() {
        let s = summary(0, &["a (x = 1)", "b (its defaults)"], &[]);
        assert_eq!(
            describe("built", &s),
            "built: 7 pages, 2 figures computed, 0 reused, 1 views drawn, in 0.25 s"
        );
    }

    #[test]
    fn once_something_was_cached_each_recomputed_job_has_a_line() {
        let s = summary(5, &["a (x = 1)", "b (its defaults)"], &["b (its defaults)"]);
        assert_eq!(
            describe("built", &s),
            "built: 7 pages, 2 figures computed, 5 reused, 1 views drawn, in 0.25 s\n  \
             recomputed:\n    a (x = 1)\n    b (its defaults)\n  data changed:\n    b (its defaults)"
        );
    }
}
