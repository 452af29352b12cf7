//! Progress of long generator runs: a bar on a terminal, plain lines otherwise.
//!
//! It imports only the site's [`Progress`](crate::figures::Progress)
//! trait.

use crate::figures::Progress;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A bar when stderr is a terminal, one line per computed figure otherwise.
pub fn reporter() -> Box<dyn Progress + Send> {
    if std::io::stderr().is_terminal() {
        Box::new(Bar(ProgressBar::hidden()))
    } else {
        Box::new(Lines)
    }
}

struct Bar(ProgressBar);

impl Progress for Bar {
    fn start(&self, total: usize) {
        if total > 0 {
            self.0
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
            self.0.set_length(total as u64);
            self.0.set_position(0);
            self.0.set_style(
                ProgressStyle::with_template(
                    "{spinner} computing figures {pos}/{len} [{elapsed}] {msg}",
                )
                .expect("the template is a constant in indicatif's syntax"),
            );
            self.0.enable_steady_tick(Duration::from_millis(120));
        }
    }

    fn done(&self, label: &str, _: Duration) {
        self.0.set_message(label.to_string());
        self.0.inc(1);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
        self.0
            .set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
}

struct Lines;

impl Progress for Lines {
    fn start(&self, total: usize) {
        if total > 0 {
            err!(
                "computing {total} figure{}",
                if total == 1 { "" } else { "s" }
            );
        }
    }

    fn done(&self, label: &str, took: Duration) {
        err!("  computed {label} in {:.2} s", took.as_secs_f64());
    }

    fn finish(&self) {}
}
