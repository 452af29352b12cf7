//! Markdown to HTML for one essay, in two passes.
//!
//! 1. [`scan`] finds the headings (and gives them stable ids) and the generator
//!    directives, so figures can be computed and links checked before any page
//!    is rendered.
//! 2. [`render`] turns the events into HTML: directives become figures, `$...$`
//!    and `$$...$$` become MathML, `{{ ... }}` in prose becomes values and
//!    checked claims, `@/` links resolve to essay URLs, and `[](#fig-ID)`
//!    becomes "Figure N". Each job is one small method of [`Renderer`].
//!
//! Code spans, code blocks and math are left alone by the `{{ ... }}` pass.

use super::claims::{self, EssayData};
use super::content::Essay;
use super::diagnostics::{Diagnostic, Source};
use super::directives::{self, Directive, Kind};
use super::figures::Figure;
use super::math;
use crate::generators::Generator;
use pulldown_cmark::utils::TextMergeWithOffset;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::ops::Range;

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_MATH
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// A heading with its stable id.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Heading {
    pub level: u8,
    pub text: String,
    pub id: String,
}

/// What the first pass found in an essay.
#[derive(Default)]
pub struct Scan {
    pub headings: Vec<Heading>,
    pub directives: Vec<Directive>,
    /// Ids of directives that failed: expressions naming them are not
    /// reported again.
    pub broken: HashSet<String>,
}

/// The parser over an essay's body, with ranges relative to the whole file.
fn events(essay: &Essay) -> impl Iterator<Item = (Event<'_>, Range<usize>)> {
    let start = essay.body_start;
    // Adjacent text events come as one, so `{{ ... }}` is never split.
    TextMergeWithOffset::new(Parser::new_ext(essay.body(), options()).into_offset_iter())
        .map(move |(e, r)| (e, r.start + start..r.end + start))
}

/// The id a heading's text gives: lowercase words joined by `-`.
pub fn slugify(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if (c.is_whitespace() || c == '-' || c == '_')
            && !out.ends_with('-')
            && !out.is_empty()
        {
            out.push('-');
        }
    }
    let trimmed = out.trim_end_matches('-');
    if trimmed.is_empty() {
        "section".into()
    } else {
        trimmed.into()
    }
}

/// First pass: headings and directives (naming generators of `registry`),
/// with the errors found on the way.
pub fn scan(essay: &Essay, registry: &[&'static dyn Generator]) -> (Scan, Vec<Diagnostic>) {
    let src = Source::new(&essay.path, &essay.source);
    let mut headings = Vec::new();
    let mut directives: Vec<Directive> = Vec::new();
    let mut broken = HashSet::new();
    let mut errors = Vec::new();
    let mut used_ids = HashSet::new();
    let mut heading: Option<(u8, Option<String>, String)> = None;
    let mut block: Option<(Kind, usize, String)> = None;
    for (event, range) in events(essay) {
        match event {
            Event::Start(Tag::Heading { level, id, .. }) => {
                heading = Some((level as u8, id.map(|i| i.to_string()), String::new()));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, explicit, text)) = heading.take() {
                    let base = explicit.unwrap_or_else(|| slugify(&text));
                    let id = (0..)
                        .map(|n| {
                            if n == 0 {
                                base.clone()
                            } else {
                                format!("{base}-{n}")
                            }
                        })
                        .find(|id| used_ids.insert(id.clone()))
                        .expect("some suffix is free");
                    headings.push(Heading { level, text, id });
                }
            }
            Event::Text(t) | Event::Code(t) if heading.is_some() => {
                if let Some((_, _, text)) = heading.as_mut() {
                    text.push_str(&t);
                }
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                if let Some(kind) = Kind::of_info(&info) {
                    block = Some((kind, range.start, String::new()));
                }
            }
            Event::Text(t) if block.is_some() => {
                if let Some((_, _, body)) = block.as_mut() {
                    body.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((kind, start, body)) = block.take() {
                    let body_offset = essay.source[start..]
                        .find('\n')
                        .map_or(start, |n| start + n + 1);
                    match directives::parse(registry, kind, &body, &src, start, body_offset) {
                        Ok(d) => {
                            if directives.iter().any(|other| other.id == d.id) {
                                errors.push(src.error_at(
                                    start,
                                    format!("id `{}` is used twice in this essay", d.id),
                                ));
                            } else {
                                directives.push(d);
                            }
                        }
                        Err(e) => {
                            errors.extend(e);
                            let table = toml::from_str::<toml::Table>(&body).ok();
                            if let Some(id) = table.as_ref().and_then(|t| t.get("id")?.as_str()) {
                                broken.insert(id.to_string());
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let scan = Scan {
        headings,
        directives,
        broken,
    };
    (scan, errors)
}

/// Where each essay is and which anchors it has, for `@/` links (ordered,
/// so it serialises the same way every time).
#[derive(serde::Serialize)]
pub struct LinkIndex {
    /// By path under `content/`: the essay's URL and its heading ids.
    pub essays: BTreeMap<String, (String, BTreeSet<String>)>,
}

/// Everything the second pass needs for one essay.
pub struct Context<'a> {
    pub essay: &'a Essay,
    pub scan: &'a Scan,
    pub data: &'a EssayData<'a>,
    /// By directive id.
    pub figures: &'a BTreeMap<String, &'a Figure>,
    pub links: &'a LinkIndex,
    /// Ids whose directive or figure failed (and was reported).
    pub broken: &'a HashSet<String>,
}

/// Second pass: the essay's HTML, or every error in it.
pub fn render(ctx: &Context<'_>) -> Result<String, Vec<Diagnostic>> {
    let src = Source::new(&ctx.essay.path, &ctx.essay.source);
    let mut r = Renderer::new(ctx, &src, None);
    let events: Vec<(Event<'_>, Range<usize>)> = events(ctx.essay).collect();
    let out = r.transform(events);
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    if r.errors.is_empty() {
        Ok(html)
    } else {
        Err(r.errors)
    }
}

/// The event transformer. `pin` pins every error to one offset (for captions,
/// whose events have offsets of their own text, not of the essay).
struct Renderer<'c, 's> {
    ctx: &'c Context<'c>,
    src: &'s Source<'s>,
    pin: Option<usize>,
    errors: Vec<Diagnostic>,
    headings: std::slice::Iter<'c, Heading>,
    /// Figure numbers by id, in order of appearance.
    numbers: HashMap<&'c str, usize>,
}

impl<'c, 's> Renderer<'c, 's> {
    fn new(ctx: &'c Context<'c>, src: &'s Source<'s>, pin: Option<usize>) -> Self {
        let numbers = ctx
            .scan
            .directives
            .iter()
            .filter(|d| d.kind == Kind::Figure)
            .enumerate()
            .map(|(i, d)| (d.id.as_str(), i + 1))
            .collect();
        Renderer {
            ctx,
            src,
            pin,
            errors: Vec::new(),
            headings: ctx.scan.headings.iter(),
            numbers,
        }
    }

    fn error(&mut self, offset: usize, message: impl Into<String>) {
        let at = self.pin.unwrap_or(offset);
        self.errors.push(self.src.error_at(at, message));
    }

    fn transform<'e>(&mut self, events: Vec<(Event<'e>, Range<usize>)>) -> Vec<Event<'e>> {
        let mut out = Vec::with_capacity(events.len());
        let mut iter = events.into_iter().peekable();
        let mut in_code = false;
        while let Some((event, range)) = iter.next() {
            match event {
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(ref info)))
                    if Kind::of_info(info).is_some() =>
                {
                    for (e, _) in iter.by_ref() {
                        if matches!(e, Event::End(TagEnd::CodeBlock)) {
                            break;
                        }
                    }
                    let ctx = self.ctx;
                    let directive = ctx.scan.directives.iter().find(|d| d.offset == range.start);
                    if let Some(d) = directive.filter(|d| d.kind == Kind::Figure) {
                        out.push(Event::Html(self.figure(d).into()));
                    }
                }
                Event::Start(Tag::CodeBlock(_)) => {
                    in_code = true;
                    out.push(event);
                }
                Event::End(TagEnd::CodeBlock) => {
                    in_code = false;
                    out.push(event);
                }
                Event::Start(Tag::Heading {
                    level,
                    id: _,
                    classes,
                    attrs,
                }) => {
                    let id = self.headings.next().map(|h| CowStr::from(h.id.clone()));
                    out.push(Event::Start(Tag::Heading {
                        level,
                        id,
                        classes,
                        attrs,
                    }));
                }
                Event::InlineMath(tex) => out.push(self.math(&tex, false, range.start)),
                Event::DisplayMath(tex) => out.push(self.math(&tex, true, range.start)),
                Event::Text(text) if !in_code => {
                    out.push(Event::Text(self.expand(&text, range).into()));
                }
                Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    id,
                }) => {
                    let empty = matches!(iter.peek(), Some((Event::End(TagEnd::Link), _)));
                    let reference = dest_url.strip_prefix("#fig-").filter(|_| empty);
                    let text = reference.map(|id| self.figure_reference(id, range.start));
                    let dest_url = match text {
                        Some(_) => dest_url,
                        None => self.link(dest_url, range.start),
                    };
                    out.push(Event::Start(Tag::Link {
                        link_type,
                        dest_url,
                        title,
                        id,
                    }));
                    out.extend(text.map(|t| Event::Text(t.into())));
                }
                other => out.push(other),
            }
        }
        out
    }

    /// `$...$` or `$$...$$` as MathML.
    fn math<'e>(&mut self, tex: &str, display: bool, offset: usize) -> Event<'e> {
        match math::to_mathml(tex, display) {
            Ok(m) => Event::InlineHtml(m.into()),
            Err(e) => {
                self.error(offset, e);
                Event::Text(String::new().into())
            }
        }
    }

    /// Prose with every `{{ ... }}` evaluated.
    fn expand(&mut self, text: &str, range: Range<usize>) -> String {
        let found = claims::find_all(text);
        if found.is_empty() {
            return text.to_string();
        }
        let mut out = String::new();
        let mut last = 0;
        // Where to look for the next expression in the source: after the last.
        let mut from = range.start;
        for f in found {
            out.push_str(&text[last..f.start]);
            let snippet = &text[f.start..f.end];
            let offset = match self.src.text[from..range.end].find(snippet) {
                Some(i) => {
                    from += i + snippet.len();
                    from - snippet.len()
                }
                None => from,
            };
            match f.expr {
                Ok(e) if self.ctx.broken.contains(&e.path[0]) => {}
                Ok(e) => match claims::evaluate(&e, self.ctx.data) {
                    Ok(s) => out.push_str(&s),
                    Err(e) => self.error(offset, e),
                },
                Err(e) => self.error(offset, e),
            }
            last = f.end;
        }
        out.push_str(&text[last..]);
        out
    }

    /// "Figure N" for `[](#fig-ID)`.
    fn figure_reference(&mut self, id: &str, offset: usize) -> String {
        match self.numbers.get(id) {
            Some(n) => format!("Figure {n}"),
            None => {
                let ids: Vec<&str> = self.numbers.keys().copied().collect();
                let mut ids = ids;
                ids.sort_unstable();
                self.error(
                    offset,
                    format!(
                        "no figure `{id}` in this essay; there are: {}",
                        ids.join(", ")
                    ),
                );
                String::new()
            }
        }
    }

    /// Resolves `@/path.md#anchor` to the essay's URL, relative to this page.
    fn link<'e>(&mut self, dest: CowStr<'e>, offset: usize) -> CowStr<'e> {
        let Some(target) = dest.strip_prefix("@/") else {
            return dest;
        };
        let (path, anchor) = target
            .split_once('#')
            .map_or((target, None), |(p, a)| (p, Some(a)));
        let here = &self.ctx.essay.content_path;
        // An empty path is this essay.
        let Some((url, ids)) =
            self.ctx
                .links
                .essays
                .get(if path.is_empty() { here.as_str() } else { path })
        else {
            self.error(
                offset,
                format!("link to `{path}`: no such essay under content/ (linked from {here})"),
            );
            return dest;
        };
        let url = match path.is_empty() {
            true => String::new(),
            false => format!("../../{url}"),
        };
        match anchor {
            Some(a) if !ids.contains(a) => {
                let known: Vec<&str> = ids.iter().map(String::as_str).collect();
                self.error(
                    offset,
                    format!(
                        "link to `{path}#{a}`: no heading with id `{a}`; it has: {}",
                        known.join(", ")
                    ),
                );
                dest
            }
            Some(a) => format!("{url}#{a}").into(),
            None => url.into(),
        }
    }

    /// A figure: its drawing, numbered caption, alt text and data links.
    fn figure(&mut self, d: &Directive) -> String {
        let Some(figure) = self.ctx.figures.get(&d.id) else {
            return String::new(); // its error is reported by the figure stage
        };
        let caption = d
            .caption
            .as_ref()
            .map(|c| self.inline(&c.text, c.offset))
            .unwrap_or_default();
        let alt = match &d.alt {
            Some(a) => a.clone(),
            None => plain_text(&caption),
        };
        // A view the generator did not draw is reported by the figure stage.
        let svg = figure
            .views
            .get(d.view)
            .and_then(Option::as_deref)
            .unwrap_or_default();
        let svg = svg.replacen(
            "<svg ",
            &format!("<svg aria-label=\"{}\" ", escape_attr(&alt)),
            1,
        );
        let number = self.numbers.get(d.id.as_str()).copied().unwrap_or(0);
        let csv = if figure.csv.is_some() {
            format!(" · <a href=\"{}.csv\">CSV</a>", d.id)
        } else {
            String::new()
        };
        format!(
            "<figure id=\"fig-{id}\">\n<div class=\"drawing\">{svg}</div>\n<figcaption><span class=\"figure-number\">Figure {number}.</span> {caption} <span class=\"data-links\">Data: <a href=\"{id}.json\">JSON</a>{csv}</span></figcaption>\n</figure>\n",
            id = d.id
        )
    }

    /// A caption's markdown as inline HTML (no surrounding paragraph).
    fn inline(&mut self, text: &str, offset: usize) -> String {
        let mut sub = Renderer::new(self.ctx, self.src, Some(offset));
        let events: Vec<(Event<'_>, Range<usize>)> = Parser::new_ext(text, options())
            .into_offset_iter()
            .filter(|(e, _)| {
                !matches!(
                    e,
                    Event::Start(Tag::Paragraph) | Event::End(TagEnd::Paragraph)
                )
            })
            .collect();
        let out = sub.transform(events);
        self.errors.append(&mut sub.errors);
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, out.into_iter());
        html.trim().to_string()
    }
}

/// The text of an HTML fragment: tags dropped, entities kept as written.
fn plain_text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    // Inside <math>, only the LaTeX annotation is text worth reading aloud.
    let mut skipping_math = false;
    for (i, c) in html.char_indices() {
        match c {
            '<' => {
                in_tag = true;
                let rest = &html[i..];
                if rest.starts_with("<math") {
                    skipping_math = true;
                } else if rest.starts_with("<annotation") {
                    skipping_math = false;
                }
            }
            '>' => in_tag = false,
            _ if !in_tag && !skipping_math => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn escape_attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lowercase_words() {
        assert_eq!(
            slugify("The board falls apart, and the arithmetic changes"),
            "the-board-falls-apart-and-the-arithmetic-changes"
        );
        assert_eq!(slugify("54 × 54"), "54-54");
        assert_eq!(slugify("???"), "section");
    }

    #[test]
    fn plain_text_drops_tags_and_keeps_math_source() {
        let html = "A <em>b</em> <math><mi>x</mi><annotation encoding=\"application/x-tex\">x^2</annotation></math>.";
        assert_eq!(plain_text(html), "A b x^2.");
    }
}
