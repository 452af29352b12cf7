//! The second pass: an essay's body, parsed again as its scan found it,
//! turned into HTML, every value and claim evaluated in place.
//!
//! It imports the earlier stages ([`super::prepared`], [`super::scan`](mod@super::scan)),
//! [`super::links`], content, claims, terms, math and scripts.

use super::links::LinkIndex;
use super::lint;
use super::prepared::{Prepared, Slice};
use super::scan::{self, Heading, Piece, Scan};
use super::values::{Shown, Stated, Value, Values};
use crate::site::content::Essay;
use crate::site::diagnostics::{Diagnostic, Source};
use crate::site::directives::Kind;
use crate::site::math;
use crate::site::scripts;
use pulldown_cmark::{CowStr, Event, Tag, TagEnd};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Range;

/// Everything the second pass needs for one essay.
pub struct Context<'a> {
    /// The essay.
    pub essay: &'a Essay,
    /// What the first pass found in it.
    pub scan: &'a Scan,
    /// Its values and claims, evaluated.
    pub values: &'a Values,
    /// By figure directive id.
    pub figures: &'a BTreeMap<String, Shown<'a>>,
    /// Every page's and heading's address, for its links.
    pub links: &'a LinkIndex,
    /// Ids whose directive or figure failed (and was reported).
    pub broken: &'a HashSet<String>,
    /// Whether raw HTML may carry scripts (`[markdown] allow_scripts`).
    pub allow_scripts: bool,
}

/// An essay as HTML, with its headings' texts as the page shows them.
pub struct Rendered {
    /// The essay's HTML.
    pub html: String,
    /// Its headings, as the page shows them.
    pub headings: Vec<Heading>,
    /// What the author may want to change: a claim's literal written
    /// otherwise than the site prints numbers, a caption naming a colour.
    pub warnings: Vec<Diagnostic>,
}

/// Second pass: the essay's HTML, or every error in it.
pub fn render(ctx: &Context<'_>) -> Result<Rendered, Vec<Diagnostic>> {
    let src = Source::new(&ctx.essay.path, &ctx.essay.source);
    // Its markdown parsed here, not kept from the scan: the parse lives only
    // while the essay is rendered. The scan reported the errors of its
    // expressions' taking out, and parsed them.
    let prepared = &ctx.scan.body;
    let pieces = scan::parse_body(prepared, ctx.scan);
    let numbers = figure_numbers(ctx.scan);
    let mut r = Renderer::new(ctx, &src, (prepared, &ctx.values.body), &numbers, None);
    let (html, values) = r.html(pieces.into_iter(), false);
    let headings = ctx
        .scan
        .headings
        .iter()
        .map(|h| Heading {
            text: Prepared::fill(&h.text, |i| {
                Cow::Owned(
                    values[i]
                        .as_ref()
                        .map(|v| v.text.clone())
                        .unwrap_or_default(),
                )
            })
            .0
            .into_owned(),
            ..h.clone()
        })
        .collect();
    if r.errors.is_empty() {
        Ok(Rendered {
            html,
            headings,
            warnings: r.warnings,
        })
    } else {
        Err(r.errors)
    }
}

/// The event transformer over one prepared text. `pin` pins every error to
/// one offset (for captions, whose text is a TOML string, not the essay's).
pub(super) struct Renderer<'c, 's> {
    pub(super) ctx: &'c Context<'c>,
    pub(super) src: &'s Source<'s>,
    prepared: &'s Prepared,
    /// Its expressions, evaluated.
    stated: &'s [Stated],
    pin: Option<usize>,
    pub(super) errors: Vec<Diagnostic>,
    pub(super) warnings: Vec<Diagnostic>,
    /// The expressions set into math, which the HTML holds as `MathML`
    /// rather than as placeholders.
    in_math: Vec<usize>,
    /// Figure numbers by id, in order of appearance: the essay's, shared
    /// by the renderers of its captions.
    pub(super) numbers: &'s HashMap<&'c str, usize>,
}

/// The essay's figure numbers by id, in order of appearance.
fn figure_numbers(scan: &Scan) -> HashMap<&str, usize> {
    scan.directives
        .iter()
        .filter(|d| d.kind == Kind::Figure)
        .enumerate()
        .map(|(i, d)| (d.id.as_str(), i + 1))
        .collect()
}

impl<'c, 's> Renderer<'c, 's> {
    pub(super) fn new(
        ctx: &'c Context<'c>,
        src: &'s Source<'s>,
        (prepared, stated): (&'s Prepared, &'s [Stated]),
        numbers: &'s HashMap<&'c str, usize>,
        pin: Option<usize>,
    ) -> Self {
        Renderer {
            ctx,
            src,
            prepared,
            stated,
            pin,
            errors: Vec::new(),
            warnings: Vec::new(),
            in_math: Vec::new(),
            numbers,
        }
    }

    /// A warning at byte `at` of the file (or at the pin).
    pub(super) fn warning_in_file(&mut self, at: usize, message: impl Into<String>) {
        let at = self.pin.unwrap_or(at);
        self.warnings.push(self.src.warning_at(at, message));
    }

    /// An error at byte `at` of the file (or at the pin).
    fn error_in_file(&mut self, at: usize, message: impl Into<String>) {
        let at = self.pin.unwrap_or(at);
        self.errors.push(self.src.error_at(at, message));
    }

    /// An error at byte `at` of the prepared text.
    fn error(&mut self, at: usize, message: impl Into<String>) {
        self.error_in_file(self.prepared.source(at), message);
    }

    /// The prepared text, parsed into `pieces`, as HTML with every value in
    /// place, and the values (`None` where an expression failed).
    /// `inline` drops paragraph tags (a caption sits inside `<figcaption>`).
    pub(super) fn html<'e>(
        &mut self,
        pieces: impl Iterator<Item = Piece<'e>>,
        inline: bool,
    ) -> (String, Vec<Option<Value>>) {
        let values = self.values();
        let pieces = pieces.filter(|p| {
            !(inline
                && matches!(
                    p,
                    Piece::Event(
                        Event::Start(Tag::Paragraph) | Event::End(TagEnd::Paragraph),
                        _
                    )
                ))
        });
        let out = self.transform(pieces, &values);
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, out.into_iter());
        (self.fill(&html, &values), values)
    }

    /// `html` with each placeholder replaced by its value, escaped; a value
    /// the HTML lost (in a link destination, say) is an error.
    fn fill(&mut self, html: &str, values: &[Option<Value>]) -> String {
        let (html, seen) = Prepared::fill(html, |i| {
            Cow::Owned(values[i].as_ref().map(Value::html).unwrap_or_default())
        });
        for (i, e) in self.prepared.exprs.iter().enumerate() {
            if values[i].is_some() && !seen.contains(&i) && !self.in_math.contains(&i) {
                self.error_in_file(
                    e.at,
                    "this value stands where the page shows nothing of it (a link destination or \
                     reference); values and claims go in text, headings, HTML and titles",
                );
            }
        }
        html.into_owned()
    }

    /// Every expression's value (`None` where it failed: an error, none
    /// for an expression naming a figure whose failure was reported), as
    /// evaluated before the render, and the warnings about how it is written.
    pub(super) fn values(&mut self) -> Vec<Option<Value>> {
        let (prepared, stated) = (self.prepared, self.stated);
        prepared
            .exprs
            .iter()
            .zip(stated)
            .map(|(e, stated)| {
                if let Ok(x) = &e.expr
                    && let Some(lint) = lint::claim(x, e.opens_sentence)
                {
                    self.warning_in_file(e.at, lint);
                }
                match &stated.page {
                    None => None,
                    Some(Ok(value)) => Some(value.clone()),
                    Some(Err(m)) => {
                        self.error_in_file(e.at, m.clone());
                        None
                    }
                }
            })
            .collect()
    }

    fn transform<'e>(
        &mut self,
        pieces: impl Iterator<Item = Piece<'e>>,
        values: &[Option<Value>],
    ) -> Vec<Event<'e>> {
        let mut out = Vec::new();
        let mut iter = pieces.peekable();
        let mut in_code = false;
        // An HTML block's lines, checked together at its end.
        let mut block: Option<(usize, String)> = None;
        while let Some(piece) = iter.next() {
            let (event, range) = match piece {
                Piece::Event(event, range) => (event, range),
                Piece::Directive(index) => {
                    let ctx = self.ctx;
                    let directive = index.filter(|&i| ctx.scan.directives[i].kind == Kind::Figure);
                    if let Some(i) = directive {
                        out.push(Event::Html(self.figure(i).into()));
                    }
                    continue;
                }
            };
            match event {
                Event::Start(Tag::CodeBlock(_)) => {
                    in_code = true;
                    out.push(event);
                }
                Event::End(TagEnd::CodeBlock) => {
                    in_code = false;
                    out.push(event);
                }
                Event::InlineMath(tex) => out.push(self.math(&tex, false, range.start, values)),
                Event::DisplayMath(tex) => out.push(self.math(&tex, true, range.start, values)),
                Event::Text(ref text) if !in_code => {
                    if text.contains('$') {
                        self.stray_dollars(range.clone());
                    }
                    if let Some(i) = text.find(|c: char| c.is_control() && !"\t\n\r".contains(c)) {
                        let c = text[i..].chars().next().unwrap_or_default();
                        self.error(
                            range.start,
                            format!("the control character U+{:04X} in text", c as u32),
                        );
                    }
                    out.push(event);
                }
                Event::Html(ref html) => {
                    let (_, lines) = block.get_or_insert_with(|| (range.start, String::new()));
                    lines.push_str(html);
                    out.push(event);
                }
                Event::End(TagEnd::HtmlBlock) => {
                    if let Some((at, lines)) = block.take() {
                        self.raw_html(&lines, at);
                    }
                    out.push(event);
                }
                Event::InlineHtml(ref html) => {
                    self.raw_html(html, range.start);
                    out.push(event);
                }
                Event::Start(Tag::Image { ref dest_url, .. }) => {
                    self.url(dest_url, range.start);
                    out.push(event);
                }
                Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    id,
                }) => {
                    self.url(&dest_url, range.start);
                    let empty =
                        matches!(iter.peek(), Some(Piece::Event(Event::End(TagEnd::Link), _)));
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

    /// `$...$` or `$$...$$` as `MathML`, each value in it set in as math
    /// (a failed one as nothing: its error is reported).
    fn math<'e>(
        &mut self,
        tex: &str,
        display: bool,
        offset: usize,
        values: &[Option<Value>],
    ) -> Event<'e> {
        let mut parts = Vec::new();
        for slice in Prepared::split(tex) {
            parts.push(match slice {
                Slice::Text(t) => math::Part::Tex(t),
                Slice::Placeholder(i) => {
                    self.in_math.push(i);
                    let value = values.get(i).and_then(Option::as_ref);
                    if value.is_some_and(|v| v.swatch.is_some()) {
                        self.error_in_file(
                            self.prepared.exprs[i].at,
                            "a legend's swatch stands in text, not in math",
                        );
                    }
                    math::Part::Value(value.map_or("", |v| v.text.as_str()))
                }
            });
        }
        match math::formula(&parts, display) {
            Ok(m) => Event::InlineHtml(m.into()),
            Err(e) => {
                self.error(offset, e);
                Event::Text(String::new().into())
            }
        }
    }

    /// A `$` left in text opened no math (an unclosed `$`, unbalanced
    /// braces): an error, unless written `\$`.
    fn stray_dollars(&mut self, range: Range<usize>) {
        let text = &self.prepared.text[range.clone()];
        let stray = text
            .match_indices('$')
            .find(|(i, _)| !text[..*i].ends_with('\\'));
        if let Some((i, _)) = stray {
            self.error(
                range.start + i,
                "a `$` that opens no math (is the math unclosed, or are its braces unbalanced?); \
                 write `\\$` for a dollar sign",
            );
        }
    }

    /// Raw HTML at `at`: refused where it would run a script, unless allowed.
    fn raw_html(&mut self, html: &str, at: usize) {
        if self.ctx.allow_scripts {
            return;
        }
        if let Some((offset, refusal)) = scripts::in_fragment(html) {
            self.error(at + offset, refusal.message());
        }
    }

    /// A link or image destination: refused where it would run a script.
    fn url(&mut self, url: &str, at: usize) {
        if self.ctx.allow_scripts {
            return;
        }
        if let Some(scheme) = scripts::url_refusal(url) {
            let link = scripts::Refusal::link(&scheme);
            self.error(at, link.message());
        }
    }

    /// "Figure N" for `[](#fig-ID)`.
    fn figure_reference(&mut self, id: &str, offset: usize) -> String {
        if let Some(n) = self.numbers.get(id) {
            format!("Figure {n}")
        } else {
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

    /// Resolves `@/path.md#anchor` to the essay's URL, relative to this page.
    fn link<'e>(&mut self, dest: CowStr<'e>, offset: usize) -> CowStr<'e> {
        let Some(target) = dest.strip_prefix("@/") else {
            return dest;
        };
        match self.ctx.links.resolve(&self.ctx.essay.content_path, target) {
            Ok(url) => url.into(),
            Err(e) => {
                self.error(offset, e);
                dest
            }
        }
    }
}
