//! Links between essays: `@/path.md#anchor` resolved to the essay's page,
//! its anchor checked against the essay's heading ids.
//!
//! It imports content and [`super::scan`](mod@super::scan).

use super::scan::Scan;
use crate::site::content::Essay;
use crate::site::diagnostics::ContentError;
use std::collections::{BTreeMap, BTreeSet};

/// Where each essay is and which anchors it has, for `@/` links (ordered,
/// so it serialises the same way every time).
#[derive(serde::Serialize)]
pub struct LinkIndex {
    /// By path under `content/`.
    pub essays: BTreeMap<String, Page>,
}

/// An essay's page as links see it.
#[derive(serde::Serialize)]
pub struct Page {
    /// Relative to the site root.
    pub url: String,
    /// Its headings' ids.
    pub ids: BTreeSet<String>,
    /// A draft left out of this build.
    pub draft: bool,
}

impl LinkIndex {
    /// The index of `essays`, whose scans are `scans`.
    pub fn of(essays: &[Essay], scans: &[Scan]) -> LinkIndex {
        LinkIndex {
            essays: essays
                .iter()
                .zip(scans)
                .map(|(e, s)| {
                    let ids = s.headings.iter().map(|h| h.id.clone()).collect();
                    let page = Page {
                        url: e.url(),
                        ids,
                        draft: false,
                    };
                    (e.content_path.clone(), page)
                })
                .collect(),
        }
    }

    /// Marks the essay at `content_path` as a draft left out of the build:
    /// a link to it is an error.
    pub fn left_out(&mut self, content_path: &str) {
        let page = Page {
            url: String::new(),
            ids: BTreeSet::new(),
            draft: true,
        };
        self.essays.insert(content_path.to_string(), page);
    }

    /// Where `target` (a link's `path.md#anchor` after its `@/`) leads from
    /// the essay at `here` (a path under `content/`): a URL relative to that
    /// essay's page (empty, or only the anchor, for the essay itself), or why
    /// it leads nowhere.
    pub fn resolve(&self, here: &str, target: &str) -> Result<String, ContentError> {
        let (path, anchor) = target
            .split_once('#')
            .map_or((target, None), |(p, a)| (p, Some(a)));
        // An empty path is this essay.
        let page = self
            .essays
            .get(if path.is_empty() { here } else { path })
            .ok_or_else(|| {
                format!("link to `{path}`: no such essay under content/ (linked from {here})")
            })?;
        if page.draft {
            return Err(format!(
                "link to `{path}`: it is a draft, left out of this build (build with --drafts, \
                 or publish it)"
            )
            .into());
        }
        // Up from the linking page (an essay's, a ladder's or the front page) to the root.
        let up = self
            .essays
            .get(here)
            .map_or(2, |p| p.url.matches('/').count());
        let url = if path.is_empty() {
            String::new()
        } else {
            format!("{}{}", "../".repeat(up), page.url)
        };
        match anchor {
            Some(a) if !page.ids.contains(a) => {
                let known: Vec<&str> = page.ids.iter().map(String::as_str).collect();
                Err(format!(
                    "link to `{path}#{a}`: no heading with id `{a}`; it has: {}",
                    known.join(", ")
                )
                .into())
            }
            Some(a) => Ok(format!("{url}#{a}")),
            None => Ok(url),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> LinkIndex {
        let page = |url: &str, ids: &[&str]| Page {
            url: url.into(),
            ids: ids.iter().map(std::string::ToString::to_string).collect(),
            draft: false,
        };
        LinkIndex {
            essays: BTreeMap::from([
                ("a.md".into(), page("x/a/", &["intro"])),
                ("b/c.md".into(), page("y/c/", &["end", "start"])),
            ]),
        }
    }

    #[test]
    fn links_resolve_relative_to_the_linking_page() {
        let links = index();
        assert_eq!(links.resolve("a.md", "b/c.md").unwrap(), "../../y/c/");
        assert_eq!(
            links.resolve("a.md", "b/c.md#end").unwrap(),
            "../../y/c/#end"
        );
        assert_eq!(links.resolve("a.md", "#intro").unwrap(), "#intro");
        assert_eq!(links.resolve("a.md", "").unwrap(), "");
    }

    #[test]
    fn links_to_missing_essays_or_anchors_name_what_there_is() {
        let links = index();
        let e = links.resolve("a.md", "d.md").unwrap_err();
        assert!(
            e.contains("no such essay under content/ (linked from a.md)"),
            "{e}"
        );
        let e = links.resolve("a.md", "b/c.md#middle").unwrap_err();
        assert!(
            e.contains("no heading with id `middle`; it has: end, start"),
            "{e}"
        );
    }
}
