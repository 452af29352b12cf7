//! What each page's template is given (the site's ladders and settings,
//! an essay's place in its ladder, a ladder's or the front page's
//! introduction) and the pages beside the essays.
//!
//! It imports content, config, the markdown's results, scripts,
//! [`super::layout`], the output's `Files` and
//! the templates, in that direction: content loading, then page rendering, then
//! templates; none of them imports it.

use super::content::{self, Essay, Ladder};
use super::diagnostics::{Diagnostic, Source};
use super::layout::{ESSAYS_PAGE, SEARCH_PAGE};
use super::leads::Lead;
use super::output::sink::Files;
use super::{config, markdown, scripts, templates};
use markdown::Heading;
use scripts::policy;
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Stage 6, the pages beside the essays: each ladder's, the index, the list
/// of every essay, the search page, the stylesheet and the assets.
pub fn render_indexes(
    root: &std::path::Path,
    templates: &templates::Templates,
    site: &SiteContext,
    essays: &[Essay],
    fronts: &Fronts<'_>,
    files: &mut Files,
    errors: &mut Vec<Diagnostic>,
) {
    let intros = &fronts.intros;
    let content = |slug: &str| intros.get(slug).map(|i| i.1.as_str());
    let intro = |slug: &str| {
        essays
            .iter()
            .find(|e| e.is_intro() && e.front.ladder() == slug)
    };
    for (i, ladder) in site.ladders.iter().enumerate() {
        let page = LadderPage {
            links: LadderLinks {
                previous: i.checked_sub(1).and_then(|p| site.ladders.get(p)),
                next: site.ladders.get(i + 1),
            },
            ladder,
            content: content(&ladder.slug),
            description: ladder
                .summary
                .clone()
                .or_else(|| content(&ladder.slug).and_then(first_sentence)),
            leads: &fronts.leads,
        };
        match render_page(
            &templates.tera,
            "ladder.html",
            "../",
            Some(&ladder.url),
            site,
            "ladder",
            &page,
        ) {
            Ok(html) => files.add(PathBuf::from(&ladder.url).join("index.html"), html),
            Err(e) => errors
                .extend(e.diagnostics(&root.join("templates/ladder.html"), intro(&ladder.slug))),
        }
    }
    let list = EssayList::of(essays, &site.ladders);
    let front = FrontPage {
        title: intros.get("").and_then(|i| i.0),
        content: content(""),
        description: content("").and_then(first_sentence),
        ladder_leads: &fronts.ladder_leads,
    };
    let root_url = site.config.base_url.as_deref().unwrap_or("/");
    let pages = [
        (
            ESSAYS_PAGE,
            "essays.html",
            "../",
            Some("essays/"),
            "list",
            json(&list),
        ),
        (
            "index.html",
            "index.html",
            "",
            Some(""),
            "site",
            json(&front),
        ),
        (
            SEARCH_PAGE,
            "search.html",
            "../",
            Some("search/"),
            "site",
            json(&()),
        ),
        // Served at any address, so its links start at the site's root.
        ("404.html", "404.html", root_url, None, "site", json(&())),
    ];
    for (path, template, up, url, key, value) in pages {
        match render_page(&templates.tera, template, up, url, site, key, &value) {
            Ok(html) => files.add(path, html),
            Err(e) => errors.extend(e.diagnostics(
                &root.join("templates").join(template),
                intro("").filter(|_| template == "index.html"),
            )),
        }
    }
    add_statics(root, templates, site, files, errors);
}

/// The files of `templates/` the site publishes as they are (the
/// stylesheet and the icon, checked for script: a template's SVG or CSS
/// runs in the site's origin too) and the built-in assets.
fn add_statics(
    root: &std::path::Path,
    templates: &templates::Templates,
    site: &SiteContext,
    files: &mut Files,
    errors: &mut Vec<Diagnostic>,
) {
    for (path, text) in &templates.statics {
        let refusals = if site.config.markdown.allow_scripts {
            Vec::new()
        } else {
            scripts::in_static(path, text)
        };
        let file = root.join("templates").join(path);
        errors.extend(
            refusals
                .into_iter()
                .map(|r| Diagnostic::file(&file, r.message())),
        );
        files.add(*path, text.clone());
    }
    for (path, bytes) in templates::ASSETS {
        files.add(path, bytes);
    }
}

/// A link to a page: its title and URL relative to the site root.
#[derive(Serialize, Clone)]
pub struct PageLink {
    title: String,
    url: String,
    rung: u32,
    summary: Option<String>,
}

/// The introductions' titles and words as HTML, by ladder ("" for the front page).
pub type Intros<'a> = std::collections::BTreeMap<&'a str, (Option<&'a str>, String)>;

/// What the pages that list essays show besides the list: the
/// introductions, each essay's lead figure drawn small, by its URL, and
/// each ladder's figure on the front page, by its slug.
pub struct Fronts<'a> {
    /// The introductions, by ladder.
    pub intros: Intros<'a>,
    /// Each essay's lead figure drawn small, by its URL.
    pub leads: HashMap<String, String>,
    /// Each ladder's figure on the front page, by its slug.
    pub ladder_leads: HashMap<String, Lead>,
}

/// A ladder's page: the ladder, its introduction's words and their first
/// sentence.
#[derive(Serialize)]
struct LadderPage<'a> {
    #[serde(flatten)]
    ladder: &'a LadderContext,
    content: Option<&'a str>,
    description: Option<String>,
    /// The lead figures drawn small, by essay URL.
    leads: &'a HashMap<String, String>,
    #[serde(flatten)]
    links: LadderLinks<'a>,
}

/// A page's value as its template takes it.
fn json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).expect("pages serialise")
}

/// Every essay by date, newest first (ties by ladder and rung), then those
/// without one. Dates sort as written, which orders dates alone correctly.
#[derive(Serialize)]
struct EssayList {
    dated: Vec<Dated>,
    undated: Vec<Dated>,
}

#[derive(Serialize)]
struct Dated {
    date: Option<String>,
    ladder_title: String,
    #[serde(flatten)]
    link: PageLink,
}

impl EssayList {
    fn of(essays: &[Essay], ladders: &[LadderContext]) -> EssayList {
        let mut all: Vec<&Essay> = essays.iter().filter(|e| !e.is_intro()).collect();
        all.sort_by(|a, b| {
            let key = |e: &Essay| (e.front.ladder().to_string(), e.front.rung());
            let date = |e: &Essay| e.front.date.map(|d| d.to_string());
            date(b).cmp(&date(a)).then_with(|| key(a).cmp(&key(b)))
        });
        let (dated, undated) = all
            .into_iter()
            .map(|e| Dated {
                date: e.front.date.map(|d| d.to_string()),
                ladder_title: ladders
                    .iter()
                    .find(|l| l.slug == e.front.ladder())
                    .map_or_else(|| content::title_of(e.front.ladder()), |l| l.title.clone()),
                link: link_to(e),
            })
            .partition(|d| d.date.is_some());
        EssayList { dated, undated }
    }
}

/// The front page: its introduction's title, words and their first sentence.
#[derive(Serialize)]
struct FrontPage<'a> {
    title: Option<&'a str>,
    content: Option<&'a str>,
    description: Option<String>,
    /// Each ladder's figure drawn small, by slug.
    ladder_leads: &'a HashMap<String, Lead>,
}

/// A ladder as the templates see it.
#[derive(Serialize)]
pub struct LadderContext {
    slug: String,
    title: String,
    summary: Option<String>,
    url: String,
    rungs: Vec<PageLink>,
}

/// What every page's template sees.
#[derive(Serialize)]
pub struct SiteContext {
    ladders: Vec<LadderContext>,
    config: config::Config,
    /// Whether the site has a feed: a base URL and an essay with a date.
    feed: bool,
    /// The above as every page's template takes them, converted once: a
    /// page's context starts as a cheap copy of it.
    #[serde(skip)]
    shared: tera::Context,
}

/// An essay as its template sees it.
#[derive(Serialize)]
pub struct EssayContext {
    title: String,
    summary: Option<String>,
    date: Option<String>,
    updated: Option<String>,
    draft: bool,
    ladder_title: String,
    ladder_url: String,
    rung: u32,
    /// 1-based place in the ladder.
    position: usize,
    rung_count: usize,
    previous: Option<PageLink>,
    next: Option<PageLink>,
    /// After a ladder's last rung, the next ladder's first (none after the
    /// last ladder's: the page links to the list of every essay).
    onward: Option<Onward>,
    /// Before a ladder's first rung, the previous ladder's last.
    backward: Option<Onward>,
    /// The headings, when there are three or more.
    toc: Vec<Heading>,
    /// For search engines and link previews: the summary, or else the
    /// first sentence of the essay's first paragraph.
    description: Option<String>,
    content: String,
}

/// A rung of a neighbouring ladder: the next one's first, or the previous
/// one's last (`first` then names the rung linked to).
#[derive(Serialize)]
struct Onward {
    ladder_title: String,
    first: PageLink,
}

/// The ladder `step` places after the one called `slug` (-1: before it).
fn beside<'l>(ladders: &'l [Ladder], slug: &str, step: isize) -> Option<&'l Ladder> {
    let at = ladders.iter().position(|l| l.slug == slug)?;
    ladders.get(at.checked_add_signed(step)?)
}

/// A ladder's page's links to the ladders before and after it.
#[derive(Serialize)]
struct LadderLinks<'a> {
    previous: Option<&'a LadderContext>,
    next: Option<&'a LadderContext>,
}

/// The link to essay `e`.
pub fn link_to(e: &Essay) -> PageLink {
    PageLink {
        title: e.front.title.clone(),
        url: e.url(),
        rung: e.front.rung(),
        summary: e.front.summary.clone(),
    }
}

/// The context every page shares.
pub fn site_context(essays: &[Essay], ladders: &[Ladder], config: &config::Config) -> SiteContext {
    let mut site = SiteContext {
        config: config.clone(),
        feed: config.base_url.is_some() && essays.iter().any(|e| e.front.date.is_some()),
        ladders: ladders
            .iter()
            .map(|l| LadderContext {
                slug: l.slug.clone(),
                title: l.title.clone(),
                summary: l.summary.clone(),
                url: format!("{}/", l.slug),
                rungs: l.rungs.iter().map(|&i| link_to(&essays[i])).collect(),
            })
            .collect(),
        shared: tera::Context::new(),
    };
    site.shared.insert("ladders", &site.ladders);
    site.shared.insert("config", &site.config);
    site.shared.insert("feed", &site.feed);
    site
}

/// The context of one essay's page.
pub fn essay_context(
    essay: &Essay,
    essays: &[Essay],
    ladders: &[Ladder],
    rendered: markdown::Rendered,
) -> EssayContext {
    let ladder = ladders.iter().find(|l| l.slug == essay.front.ladder());
    let rungs = ladder.map_or(&[][..], |l| l.rungs.as_slice());
    let place = rungs
        .iter()
        .position(|&i| std::ptr::eq(&raw const essays[i], essay))
        .unwrap_or(0);
    EssayContext {
        title: essay.front.title.clone(),
        summary: essay.front.summary.clone(),
        date: essay.front.date.map(|d| d.to_string()),
        updated: essay.front.updated.map(|d| d.to_string()),
        draft: essay.front.draft,
        ladder_title: ladder.map_or_else(
            || content::title_of(essay.front.ladder()),
            |l| l.title.clone(),
        ),
        ladder_url: format!("{}/", essay.front.ladder()),
        rung: essay.front.rung(),
        position: place + 1,
        rung_count: rungs.len().max(1),
        previous: place
            .checked_sub(1)
            .and_then(|p| rungs.get(p))
            .map(|&i| link_to(&essays[i])),
        next: rungs.get(place + 1).map(|&i| link_to(&essays[i])),
        onward: (place + 1 >= rungs.len())
            .then(|| beside(ladders, essay.front.ladder(), 1))
            .flatten()
            .map(|l| Onward {
                ladder_title: l.title.clone(),
                first: link_to(&essays[l.rungs[0]]),
            }),
        backward: (place == 0)
            .then(|| beside(ladders, essay.front.ladder(), -1))
            .flatten()
            .and_then(|l| {
                Some(Onward {
                    ladder_title: l.title.clone(),
                    first: link_to(&essays[*l.rungs.last()?]),
                })
            }),
        toc: if rendered.headings.len() >= 3 {
            rendered.headings
        } else {
            Vec::new()
        },
        description: essay
            .front
            .summary
            .clone()
            .or_else(|| first_sentence(&rendered.html)),
        content: rendered.html,
    }
}

/// Why a page could not be made.
#[derive(Debug)]
pub enum PageError {
    /// The template failed.
    Template(String),
    /// The finished page could run script ([`scripts::in_page`]).
    Scripts(Vec<scripts::Refusal>),
}

impl PageError {
    /// The errors an author reads: a template's at `template`, a script at
    /// the line of `source` (the essay or introduction whose words the page
    /// shows) that holds it, or else at the template, which made the rest.
    pub fn diagnostics(self, template: &Path, source: Option<&Essay>) -> Vec<Diagnostic> {
        match self {
            PageError::Template(e) => vec![Diagnostic::file(template, e)],
            PageError::Scripts(refusals) => refusals
                .into_iter()
                .map(|r| {
                    let message = format!("in the page built from this file, {}", r.message());
                    let found = source.and_then(|essay| {
                        let lower = essay.source.to_ascii_lowercase();
                        let at = lower.find(&r.evidence.to_ascii_lowercase())?;
                        Some(Source::new(&essay.path, &essay.source).error_at(at, message.clone()))
                    });
                    found.unwrap_or_else(|| {
                        let message = format!(
                            "in the pages built from this template (or one it extends), {}",
                            r.message()
                        );
                        Diagnostic::file(template, message)
                    })
                })
                .collect(),
        }
    }
}

/// The template of the one page that runs a script of its own (Pagefind's
/// UI), which the tool gives it as `search_script` and its policy allows.
const SCRIPTED_TEMPLATE: &str = "search.html";

/// Renders `template` with `value` as `key`, for the page at `url` (relative
/// to the site root; `None` for a page served at any address, whose `root`
/// is then absolute), puts the page's Content-Security-Policy first in its
/// `<head>` and checks the finished page as a browser will build it: unless
/// `ladder.toml` allows scripts, nothing in it may run one but the search
/// page's own, and it carries its policy.
pub fn render_page<T: Serialize>(
    tera: &tera::Tera,
    template: &str,
    root: &str,
    url: Option<&str>,
    site: &SiteContext,
    key: &'static str,
    value: &T,
) -> Result<String, PageError> {
    let mut ctx = site.shared.clone();
    ctx.insert("root", root);
    if let Some(url) = url {
        ctx.insert("url", url);
    }
    ctx.insert(key, value);
    let search = template == SCRIPTED_TEMPLATE;
    if search {
        let script = format!(
            "<script src=\"{root}pagefind/pagefind-ui.js\"></script>\n<script>{}</script>",
            policy::SEARCH_SCRIPT
        );
        ctx.insert("search_script", &script);
    }
    let html = tera.render(template, &ctx).map_err(|e| {
        PageError::Template(format!(
            "template {template}: {}",
            templates::error_chain(e)
        ))
    })?;
    if site.config.markdown.allow_scripts {
        return Ok(html);
    }
    let policy = if search {
        policy::Policy::search(root)
    } else {
        policy::Policy::page()
    };
    let html = policy::put(&html, &policy);
    let refusals = scripts::finished(&html, &policy);
    if refusals.is_empty() {
        Ok(html)
    } else {
        Err(PageError::Scripts(refusals))
    }
}

/// The longest description [`first_sentence`] gives, in characters.
const DESCRIPTION: usize = 300;

/// The first sentence of the first paragraph of `html` (an essay's or an
/// introduction's words) as plain text, for a page's description: up to its
/// first `.`, `?` or `!` before a space, cut at a word and marked `…` past
/// [`DESCRIPTION`] characters.
fn first_sentence(html: &str) -> Option<String> {
    let mut text = String::new();
    let mut depth = 0usize;
    let mut started = false;
    for token in html5gum::Tokenizer::new(html).flatten() {
        match token {
            html5gum::Token::StartTag(tag) if &*tag.name == b"p" => {
                depth += 1;
                started = true;
            }
            html5gum::Token::EndTag(tag) if &*tag.name == b"p" && depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            html5gum::Token::String(s) if depth > 0 => text.push_str(&String::from_utf8_lossy(&s)),
            _ => {}
        }
    }
    if !started {
        return None;
    }
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let end = text
        .char_indices()
        .find(|&(i, c)| ".?!".contains(c) && text[i + c.len_utf8()..].starts_with(' '))
        .map_or(text.len(), |(i, c)| i + c.len_utf8());
    let sentence = &text[..end];
    let sentence = match sentence.char_indices().nth(DESCRIPTION) {
        Some((cut, _)) => {
            let cut = sentence[..cut].rfind(' ').unwrap_or(cut);
            format!("{}…", &sentence[..cut])
        }
        None => sentence.to_string(),
    };
    (!sentence.is_empty()).then_some(sentence)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_is_the_first_sentence_of_the_first_paragraph() {
        let html =
            "<h2>H</h2>\n<p>A board of <em>2 × 3</em> cells, $x$. It splits.</p><p>Next.</p>";
        assert_eq!(
            first_sentence(html).as_deref(),
            Some("A board of 2 × 3 cells, $x$.")
        );
        assert_eq!(first_sentence("<p>No end</p>").as_deref(), Some("No end"));
        assert_eq!(
            first_sentence("<p>1.5 is a number. Yes.</p>").as_deref(),
            Some("1.5 is a number.")
        );
        assert_eq!(first_sentence("<h2>Only a heading</h2>"), None);
        let long = format!("<p>{}</p>", "word ".repeat(100));
        let cut = first_sentence(&long).unwrap();
        assert!(
            cut.ends_with("word…") && cut.chars().count() <= DESCRIPTION + 1,
            "{cut}"
        );
    }
}
