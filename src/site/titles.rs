//! What the build says of ladders' titles: for a ladder without an
//! `_index.md`, a note of where its title comes from; for an essay whose
//! `ladder_title` disagrees with its ladder's title, a warning.
//!
//! It imports content and diagnostics; the build imports it.

use super::content::{Essay, Ladder, Titled};
use super::diagnostics::{Diagnostic, Source};

/// What the build says of a ladder's title: for a ladder without an
/// `_index.md`, where its title comes from (a note); for an essay whose
/// `ladder_title` is not its ladder's title, a warning at that line.
pub fn notes(essays: &[Essay], ladders: &[Ladder]) -> (Vec<String>, Vec<Diagnostic>) {
    let mut notes = Vec::new();
    let mut warnings = Vec::new();
    for l in ladders {
        let folder = format!("content/{}/", l.slug);
        match (&l.titled, l.intro) {
            (Titled::Essay(i), None) => notes.push(format!(
                "ladder `{}` has no _index.md: titled \"{}\" by `ladder_title` in {}",
                l.slug, l.title, essays[*i].content_path
            )),
            (Titled::Slug, None) => notes.push(format!(
                "ladder `{}` has no _index.md: titled \"{}\" from its slug; set `ladder_title` \
                 in its first essay or `title` in {folder}_index.md",
                l.slug, l.title
            )),
            _ => {}
        }
        for &i in &l.rungs {
            let e = &essays[i];
            if let Some(t) = e
                .front
                .ladder_title
                .as_ref()
                .filter(|t| *t.get_ref() != l.title)
            {
                let from = match l.titled {
                    Titled::Intro => format!("{folder}_index.md"),
                    Titled::Essay(first) => essays[first].content_path.clone(),
                    Titled::Slug => "its slug".to_string(),
                };
                warnings.push(Source::new(&e.path, &e.source).warning_at(
                    t.span().start,
                    format!(
                        "`ladder_title` is \"{}\" but the ladder `{}` is titled \"{}\" by {from}; \
                         remove it or make them agree",
                        t.get_ref(),
                        l.slug,
                        l.title
                    ),
                ));
            }
        }
    }
    (notes, warnings)
}
