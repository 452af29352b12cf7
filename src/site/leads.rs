//! The figures the pages that list essays show, drawn small: each essay's
//! lead (its first figure drawn as a picture) and each ladder's on the front
//! page (the figure its `_index.md` names with `figure`, or its first essay's
//! lead).
//!
//! It imports content, diagnostics and the markdown's scan and results;
//! page rendering imports it.

use super::content::{Essay, Kind as EssayKind, Ladder};
use super::diagnostics::{ContentError, Diagnostic, Source};
use super::directives::Kind;
use super::markdown::{Scan, Shown};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// A ladder's figure on the front page: the drawing and where it links.
#[derive(Serialize)]
pub struct Lead {
    /// The page (and the figure on it) the drawing links to, from the root.
    pub url: String,
    /// The drawing, small and decorative.
    pub html: String,
}

/// An essay's lead figure drawn small, for the pages that list it: the
/// first drawing of its first figure that is a picture, decorative there
/// (the essay's own page gives its caption and alt text).
pub fn essay_lead(scan: &Scan, shown: &BTreeMap<String, Shown<'_>>) -> Option<String> {
    scan.directives
        .iter()
        .filter(|d| d.kind == Kind::Figure)
        .filter_map(|d| shown.get(&d.id))
        .find_map(thumb)
}

/// A figure's drawing small: its SVG in a decorative box; `None` for a
/// figure drawn as a table or text.
fn thumb(shown: &Shown<'_>) -> Option<String> {
    let view = shown.view;
    if !view.picture {
        return None;
    }
    let start = view.body.find("<svg")?;
    let end = start + view.body[start..].find("</svg>")? + "</svg>".len();
    Some(format!(
        "<div class=\"thumb\" aria-hidden=\"true\">{}</div>",
        &view.body[start..end]
    ))
}

/// Each ladder's figure on the front page, by slug: the one its
/// `_index.md` names, or else its first essay's lead (`leads`, by essay
/// URL). A `figure` that names no figure drawn as a picture is an error at
/// its line. `shown` holds each essay's figures, in the order of `essays`.
pub fn ladder_leads(
    essays: &[Essay],
    ladders: &[Ladder],
    scans: &[Scan],
    shown: &[&BTreeMap<String, Shown<'_>>],
    leads: &HashMap<String, String, impl std::hash::BuildHasher>,
) -> (HashMap<String, Lead>, Vec<Diagnostic>) {
    let mut out = HashMap::new();
    let mut errors = Vec::new();
    for ladder in ladders {
        let named = ladder.intro.and_then(|i| match &essays[i].kind {
            EssayKind::Intro {
                figure: Some(f), ..
            } => Some((i, f)),
            _ => None,
        });
        let lead = match named {
            Some((intro, (offset, name))) => {
                match named_lead(essays, ladder, scans, shown, intro, name) {
                    Ok(lead) => lead,
                    Err(message) => {
                        let e = &essays[intro];
                        errors.push(Source::new(&e.path, &e.source).error_at(*offset, message));
                        None
                    }
                }
            }
            None => ladder.rungs.first().and_then(|&i| {
                let url = essays[i].url();
                let html = leads.get(&url)?.clone();
                Some(Lead { url, html })
            }),
        };
        if let Some(lead) = lead {
            out.insert(ladder.slug.clone(), lead);
        }
    }
    (out, errors)
}

/// The figure `name` (`ID` in the introduction `intro`, or `ESSAY#ID` in
/// one of the ladder's essays), drawn small (`None` when it was not drawn:
/// the figure's own error says why); or why it cannot be.
fn named_lead(
    essays: &[Essay],
    ladder: &Ladder,
    scans: &[Scan],
    shown: &[&BTreeMap<String, Shown<'_>>],
    intro: usize,
    name: &str,
) -> Result<Option<Lead>, ContentError> {
    let expected = "expected `ID` of a figure in this file or `ESSAY#ID` of a figure in the \
                    ladder's essay ESSAY.md";
    let (at, id) = match name.split_once('#') {
        None => (intro, name),
        Some((slug, id)) => {
            let at = ladder
                .rungs
                .iter()
                .copied()
                .find(|&i| essays[i].slug == slug);
            let at = at.ok_or_else(|| {
                format!(
                    "`figure` names the essay `{slug}`, but the ladder `{}` has no essay \
                     {slug}.md; {expected}",
                    ladder.slug
                )
            })?;
            (at, id)
        }
    };
    let essay = &essays[at];
    let figures: Vec<&str> = scans[at]
        .directives
        .iter()
        .filter(|d| d.kind == Kind::Figure)
        .map(|d| d.id.as_str())
        .collect();
    if !figures.contains(&id) {
        let has = if figures.is_empty() {
            "it has none".to_string()
        } else {
            format!("its figures: {}", figures.join(", "))
        };
        return Err(format!(
            "`figure` names `{id}`, but {} has no figure with that id ({has}); {expected}",
            essay.content_path
        )
        .into());
    }
    let Some(drawn) = shown[at].get(id) else {
        return Ok(None);
    };
    let html = thumb(drawn).ok_or_else(|| {
        format!(
            "the figure `{id}` of {} is drawn as a table or text, not a picture; name a \
             figure whose view draws one",
            essay.content_path
        )
    })?;
    Ok(Some(Lead {
        url: format!("{}#fig-{id}", essay.url()),
        html,
    }))
}
