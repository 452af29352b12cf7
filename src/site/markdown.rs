//! Markdown to HTML for one essay, in two passes over one parse.
//!
//! 0. [`Prepared`]: before any inline parsing, every `{{ ... }}` outside code
//!    spans, code blocks and math is taken out of the text and a placeholder
//!    put in its place, so that markdown never sees (or mangles) an expression,
//!    and an expression is evaluated wherever it sits: prose, headings, raw
//!    HTML and its attributes, link titles, captions.
//! 1. [`scan`] parses the prepared text once into [`Piece`]s: its events,
//!    each generator directive's block taken whole. It finds the headings
//!    (and sets their stable ids in their events) and the directives, so
//!    figures can be computed and links checked before any page is rendered.
//! 2. [`render`] turns the scan's pieces into HTML: directives become
//!    figures, `$...$` and `$$...$$` become MathML, `@/` links resolve to
//!    essay URLs, and `[](#fig-ID)` becomes "Figure N"; then each placeholder
//!    becomes its value or checked claim, escaped. Each job is one small
//!    method of `Renderer`.
//!
//! Raw HTML is allowed, but not scripts (`<script>`, `on...` handlers,
//! `javascript:` URLs) unless `ladder.toml` allows them; a `$` that opens no
//! math is an error (`\$` is a dollar sign).

use super::claims::{self, EssayData};
use super::content::Essay;
use super::diagnostics::{Diagnostic, Source};
use super::directives::{self, Directive, Kind, Located};
use super::math;
use crate::generators::Generator;
use crate::generators::draw::Rendered as View;
use pulldown_cmark::utils::TextMergeWithOffset;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};
use std::borrow::Cow;
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
    /// The body with its expressions taken out.
    pub prepared: Prepared,
    /// The body parsed: what the second pass renders, with each heading's
    /// id set.
    pub pieces: Vec<Piece<'static>>,
    /// Heading texts hold the placeholders of their expressions.
    pub headings: Vec<Heading>,
    pub directives: Vec<Directive>,
    /// Ids of directives that failed: expressions naming them are not
    /// reported again.
    pub broken: HashSet<String>,
}

/// Where a placeholder begins and ends: private-use characters an essay may
/// not contain.
const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';

/// One `{{ ... }}` taken out of a text.
#[derive(Debug)]
pub struct Expression {
    /// Where it stood in the file.
    pub at: usize,
    /// What it says, or why it cannot be read.
    pub expr: Result<claims::Expr, String>,
    /// Whether it opens a sentence (words it prints are capitalised).
    pub opens_sentence: bool,
}

/// A markdown text with every `{{ ... }}` outside code and math replaced by
/// a placeholder (`OPEN`, its index, `CLOSE`).
#[derive(Default)]
pub struct Prepared {
    /// What markdown parses.
    pub text: String,
    /// Where `text` starts in its file.
    base: usize,
    /// The expressions, in order.
    pub exprs: Vec<Expression>,
    /// Per placeholder: its range in `text` and the length of what it replaced.
    spans: Vec<(Range<usize>, usize)>,
    /// Errors found on the way, by offset in the file.
    pub errors: Vec<(usize, String)>,
}

impl Prepared {
    /// Takes the expressions out of markdown `text`, which starts at `base`
    /// in its file. Where code and math are, markdown must tell; a text
    /// without `{{` has nothing to take out, and is not parsed for it.
    pub fn new(text: &str, base: usize) -> Prepared {
        let segments = match text.contains("{{") {
            true => outside_code_and_math(text),
            false => Vec::new(),
        };
        Prepared::outside(text, base, segments)
    }

    /// Takes every expression out of plain `text` (no markdown).
    pub fn plain(text: &str) -> Prepared {
        Prepared::outside(text, 0, std::iter::once(0..text.len()))
    }

    /// Takes the expressions in `segments` out of `text`.
    fn outside(
        text: &str,
        base: usize,
        segments: impl IntoIterator<Item = Range<usize>>,
    ) -> Prepared {
        let mut p = Prepared {
            base,
            ..Prepared::default()
        };
        let mut last = 0;
        for segment in segments {
            for f in claims::find_all(&text[segment.clone()]) {
                let (start, end) = (segment.start + f.start, segment.start + f.end);
                p.text.push_str(&text[last..start]);
                let at = p.text.len();
                p.text.push(OPEN);
                p.text.push_str(&p.exprs.len().to_string());
                p.text.push(CLOSE);
                p.spans.push((at..p.text.len(), end - start));
                p.exprs.push(Expression {
                    at: base + start,
                    expr: f.expr,
                    opens_sentence: opens_sentence(&text[..start]),
                });
                last = end;
            }
        }
        p.text.push_str(&text[last..]);
        for (i, c) in text
            .char_indices()
            .filter(|(_, c)| [OPEN, CLOSE].contains(c))
        {
            p.errors.push((
                base + i,
                format!("the private-use character U+{:04X} is reserved", c as u32),
            ));
        }
        p
    }

    /// The offset in the file of offset `at` of `text`.
    pub fn source(&self, at: usize) -> usize {
        let mut shift = 0isize;
        for (range, replaced) in &self.spans {
            if at < range.start {
                break;
            }
            if at < range.end {
                return self.base + (range.start as isize + shift) as usize;
            }
            shift += *replaced as isize - range.len() as isize;
        }
        self.base + (at as isize + shift) as usize
    }

    /// `text` (derived from this one) with each claim as its literal is
    /// written and each other value left out: what is known before figures
    /// are computed (a heading's id comes from it).
    pub fn as_written<'t>(&self, text: &'t str) -> Cow<'t, str> {
        Prepared::fill(text, |i| match self.exprs.get(i).map(|e| &e.expr) {
            Some(Ok(claims::Expr {
                action: claims::Action::Claim(claim),
                ..
            })) => Cow::Owned(claim.as_written().unwrap_or_default().to_string()),
            _ => Cow::Borrowed(""),
        })
        .0
    }

    /// `text` (derived from this one) with each placeholder replaced by
    /// `with(index)`, and the indexes it held.
    pub fn fill<'t>(
        text: &'t str,
        mut with: impl FnMut(usize) -> Cow<'t, str>,
    ) -> (Cow<'t, str>, Vec<usize>) {
        if !text.contains(OPEN) {
            return (Cow::Borrowed(text), Vec::new());
        }
        let (mut out, mut seen) = (String::with_capacity(text.len()), Vec::new());
        let mut rest = text;
        while let Some(open) = rest.find(OPEN) {
            out.push_str(&rest[..open]);
            let after = &rest[open + OPEN.len_utf8()..];
            let Some((index, tail)) = after
                .split_once(CLOSE)
                .and_then(|(n, tail)| Some((n.parse().ok()?, tail)))
            else {
                out.push_str(&rest[open..]);
                rest = "";
                break;
            };
            out.push_str(&with(index));
            seen.push(index);
            rest = tail;
        }
        out.push_str(rest);
        (Cow::Owned(out), seen)
    }
}

/// Whether text ending in `before` has a sentence open next: nothing before
/// it in its block, or a sentence's end.
fn opens_sentence(before: &str) -> bool {
    let line = before.rsplit('\n').next().unwrap_or("");
    let blank_line_before = before.trim_end_matches([' ', '\t']).ends_with("\n\n");
    let in_line = line.trim_start_matches(['#', '>', '|', '-', '*', '+', ' ', '\t']);
    let trimmed = before.trim_end_matches([' ', '\t', '\n', '*', '_', '"', '(']);
    trimmed.is_empty()
        || trimmed.ends_with(['.', '!', '?'])
        || blank_line_before
        || (in_line.trim().is_empty() && line.len() > in_line.len())
}

/// `text` with its first letter in upper case.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The ranges of `text` outside code spans, code blocks and math.
fn outside_code_and_math(text: &str) -> Vec<Range<usize>> {
    let mut inside: Vec<Range<usize>> = Parser::new_ext(text, options())
        .into_offset_iter()
        .filter(|(e, _)| {
            matches!(
                e,
                Event::Code(_)
                    | Event::InlineMath(_)
                    | Event::DisplayMath(_)
                    | Event::Start(Tag::CodeBlock(_))
            )
        })
        .map(|(_, r)| r)
        .collect();
    inside.sort_by_key(|r| r.start);
    let mut out = Vec::new();
    let mut from = 0;
    for r in inside {
        if r.start > from {
            out.push(from..r.start);
        }
        from = from.max(r.end);
    }
    out.push(from..text.len());
    out
}

/// One piece of a parsed text: a markdown event with its range in the
/// prepared text, or a directive's fenced block, taken whole.
#[derive(Clone, Debug)]
pub enum Piece<'t> {
    Event(Event<'t>, Range<usize>),
    /// A `figure` or `data` block: the index of its directive among the
    /// essay's, or `None` for one that failed (or stands in a caption).
    Directive(Option<usize>),
}

impl Piece<'_> {
    /// The piece owning its text, to outlive the text it was parsed from.
    fn into_static(self) -> Piece<'static> {
        match self {
            Piece::Event(event, range) => Piece::Event(event.into_static(), range),
            Piece::Directive(index) => Piece::Directive(index),
        }
    }
}

/// Parses a prepared text, adjacent text events merged. Each directive
/// block becomes one piece: `directive` gets its kind, its offset in the
/// file and its body, and gives its index.
fn parse<'t>(
    prepared: &'t Prepared,
    mut directive: impl FnMut(Kind, usize, &str) -> Option<usize>,
) -> Vec<Piece<'t>> {
    let parser = Parser::new_ext(&prepared.text, options()).into_offset_iter();
    let mut pieces = Vec::new();
    let mut block: Option<(Kind, usize, String)> = None;
    for (event, range) in TextMergeWithOffset::new(parser) {
        if let Some((kind, start, body)) = block.as_mut() {
            match event {
                Event::Text(t) => body.push_str(&t),
                Event::End(TagEnd::CodeBlock) => {
                    pieces.push(Piece::Directive(directive(*kind, *start, body)));
                    block = None;
                }
                _ => {}
            }
            continue;
        }
        if let Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) = &event
            && let Some(kind) = Kind::of_info(info)
        {
            block = Some((kind, prepared.source(range.start), String::new()));
            continue;
        }
        pieces.push(Piece::Event(event, range));
    }
    pieces
}

/// Ids the page templates give elements of every page.
const PAGE_IDS: [&str; 1] = ["main"];

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

/// First pass: the body parsed, its headings and its directives (naming
/// generators of `registry`), with the errors found on the way.
pub fn scan(essay: &Essay, registry: &[&'static dyn Generator]) -> (Scan, Vec<Diagnostic>) {
    let src = Source::new(&essay.path, &essay.source);
    let prepared = Prepared::new(essay.body(), essay.body_start);
    let mut errors: Vec<Diagnostic> = prepared
        .errors
        .iter()
        .map(|(at, message)| src.error_at(*at, message.as_str()))
        .collect();
    if let Some(at) = essay.source[..essay.body_start].find("{{") {
        errors.push(src.error_at(
            at,
            "values and claims are not evaluated in front matter; state the number in the body",
        ));
    }
    let mut directives: Vec<Directive> = Vec::new();
    let mut broken = HashSet::new();
    let pieces = parse(&prepared, |kind, start, body| {
        let body_offset = essay.source[start..]
            .find('\n')
            .map_or(start, |n| start + n + 1);
        match directives::parse(registry, kind, body, &src, start, body_offset) {
            Ok(d) if directives.iter().any(|other| other.id == d.id) => {
                errors.push(
                    src.error_at(start, format!("id `{}` is used twice in this essay", d.id)),
                );
                None
            }
            Ok(d) => {
                directives.push(d);
                Some(directives.len() - 1)
            }
            Err(e) => {
                errors.extend(e);
                let table = toml::from_str::<toml::Table>(body).ok();
                if let Some(id) = table.as_ref().and_then(|t| t.get("id")?.as_str()) {
                    broken.insert(id.to_string());
                }
                None
            }
        }
    });
    let mut pieces: Vec<Piece<'static>> = pieces.into_iter().map(Piece::into_static).collect();
    let headings = name_headings(&mut pieces, &directives, &prepared);
    let scan = Scan {
        prepared,
        pieces,
        headings,
        directives,
        broken,
    };
    (scan, errors)
}

/// The headings of `pieces`, each with its id, which is set in its event
/// too: its explicit id, or one made from its text as written (`prepared`'s
/// claims in place) that no explicit id, figure anchor or page id has taken.
fn name_headings(
    pieces: &mut [Piece<'static>],
    directives: &[Directive],
    prepared: &Prepared,
) -> Vec<Heading> {
    // Each heading's piece, level, explicit id and text.
    let mut found: Vec<(usize, u8, Option<String>, String)> = Vec::new();
    let mut open = false;
    for (at, piece) in pieces.iter().enumerate() {
        let Piece::Event(event, _) = piece else {
            continue;
        };
        let text = found.last_mut().filter(|_| open).map(|h| &mut h.3);
        match (event, text) {
            (Event::Start(Tag::Heading { level, id, .. }), _) => {
                found.push((
                    at,
                    *level as u8,
                    id.as_ref().map(|i| i.to_string()),
                    String::new(),
                ));
                open = true;
            }
            (Event::End(TagEnd::Heading(_)), _) => open = false,
            (Event::SoftBreak | Event::HardBreak, Some(text)) => text.push(' '),
            (Event::InlineMath(t) | Event::Text(t) | Event::Code(t), Some(text)) => {
                text.push_str(t)
            }
            _ => {}
        }
    }
    let mut used: HashSet<String> = found
        .iter()
        .filter_map(|(_, _, explicit, _)| explicit.clone())
        .chain(directives.iter().map(|d| format!("fig-{}", d.id)))
        .chain(PAGE_IDS.iter().map(|id| id.to_string()))
        .collect();
    let mut headings = Vec::with_capacity(found.len());
    for (at, level, explicit, text) in found {
        let id = explicit.unwrap_or_else(|| {
            let base = slugify(&prepared.as_written(&text));
            let id = (0..)
                .map(|n| match n {
                    0 => base.clone(),
                    n => format!("{base}-{n}"),
                })
                .find(|id| !used.contains(id))
                .expect("some suffix is free");
            used.insert(id.clone());
            id
        });
        if let Piece::Event(Event::Start(Tag::Heading { id: slot, .. }), _) = &mut pieces[at] {
            *slot = Some(CowStr::from(id.clone()));
        }
        headings.push(Heading { level, text, id });
    }
    headings
}

/// Where each essay is and which anchors it has, for `@/` links (ordered,
/// so it serialises the same way every time).
#[derive(serde::Serialize)]
pub struct LinkIndex {
    /// By path under `content/`: the essay's URL and its heading ids.
    pub essays: BTreeMap<String, (String, BTreeSet<String>)>,
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
                    (e.content_path.clone(), (e.url(), ids))
                })
                .collect(),
        }
    }
}

/// Everything the second pass needs for one essay.
pub struct Context<'a> {
    pub essay: &'a Essay,
    pub scan: &'a Scan,
    pub data: &'a EssayData<'a>,
    /// By figure directive id.
    pub figures: &'a BTreeMap<String, Shown<'a>>,
    pub links: &'a LinkIndex,
    /// Ids whose directive or figure failed (and was reported).
    pub broken: &'a HashSet<String>,
    /// Whether raw HTML may carry scripts (`[markdown] allow_scripts`).
    pub allow_scripts: bool,
}

/// A figure as its essay shows it: its view and the stems of the data files
/// it links (the job's whole data as JSON, the view's values as CSV).
pub struct Shown<'a> {
    pub view: &'a View,
    pub json: String,
    pub csv: Option<String>,
}

/// An essay as HTML, with its headings' texts as the page shows them.
pub struct Rendered {
    pub html: String,
    pub headings: Vec<Heading>,
}

/// Second pass: the essay's HTML, or every error in it.
pub fn render(ctx: &Context<'_>) -> Result<Rendered, Vec<Diagnostic>> {
    let src = Source::new(&ctx.essay.path, &ctx.essay.source);
    let mut r = Renderer::new(ctx, &src, &ctx.scan.prepared, None);
    let (html, values) = r.html(ctx.scan.pieces.iter().cloned(), false);
    let headings = ctx
        .scan
        .headings
        .iter()
        .map(|h| Heading {
            text: Prepared::fill(&h.text, |i| {
                Cow::Owned(values[i].clone().unwrap_or_default())
            })
            .0
            .into_owned(),
            ..h.clone()
        })
        .collect();
    if r.errors.is_empty() {
        Ok(Rendered { html, headings })
    } else {
        Err(r.errors)
    }
}

/// The event transformer over one prepared text. `pin` pins every error to
/// one offset (for captions, whose text is a TOML string, not the essay's).
struct Renderer<'c, 's> {
    ctx: &'c Context<'c>,
    src: &'s Source<'s>,
    prepared: &'s Prepared,
    pin: Option<usize>,
    errors: Vec<Diagnostic>,
    /// Figure numbers by id, in order of appearance.
    numbers: HashMap<&'c str, usize>,
}

impl<'c, 's> Renderer<'c, 's> {
    fn new(
        ctx: &'c Context<'c>,
        src: &'s Source<'s>,
        prepared: &'s Prepared,
        pin: Option<usize>,
    ) -> Self {
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
            prepared,
            pin,
            errors: Vec::new(),
            numbers,
        }
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
    fn html<'e>(
        &mut self,
        pieces: impl Iterator<Item = Piece<'e>>,
        inline: bool,
    ) -> (String, Vec<Option<String>>) {
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
        let out = self.transform(pieces);
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, out.into_iter());
        (self.fill(&html, &values), values)
    }

    /// `html` with each placeholder replaced by its value, escaped; a value
    /// the HTML lost (in a link destination, say) is an error.
    fn fill(&mut self, html: &str, values: &[Option<String>]) -> String {
        let (html, seen) = Prepared::fill(html, |i| {
            Cow::Owned(
                values[i]
                    .as_deref()
                    .map(|v| html_escape::encode_quoted_attribute(v).into_owned())
                    .unwrap_or_default(),
            )
        });
        for (i, e) in self.prepared.exprs.iter().enumerate() {
            if values[i].is_some() && !seen.contains(&i) {
                self.error_in_file(
                    e.at,
                    "this value stands where the page shows nothing of it (a link destination or \
                     reference); values and claims go in text, headings, HTML and titles",
                );
            }
        }
        html.into_owned()
    }

    /// Every expression evaluated: its text, or `None` and an error (none for
    /// an expression naming a figure whose failure was reported).
    fn values(&mut self) -> Vec<Option<String>> {
        let prepared = self.prepared;
        prepared
            .exprs
            .iter()
            .map(|e| {
                let evaluated = match &e.expr {
                    Ok(x) if x.ids().iter().any(|id| self.ctx.broken.contains(*id)) => {
                        return None;
                    }
                    Ok(x) if x.action.is_words() && e.opens_sentence => {
                        claims::evaluate(x, self.ctx.data).map(|w| capitalise(&w))
                    }
                    Ok(x) => claims::evaluate(x, self.ctx.data),
                    Err(m) => Err(m.clone()),
                };
                evaluated.map_err(|m| self.error_in_file(e.at, m)).ok()
            })
            .collect()
    }

    fn transform<'e>(&mut self, pieces: impl Iterator<Item = Piece<'e>>) -> Vec<Event<'e>> {
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
                    let directive = index.map(|i| &ctx.scan.directives[i]);
                    if let Some(d) = directive.filter(|d| d.kind == Kind::Figure) {
                        out.push(Event::Html(self.figure(d).into()));
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
                Event::InlineMath(tex) => out.push(self.math(&tex, false, range.start)),
                Event::DisplayMath(tex) => out.push(self.math(&tex, true, range.start)),
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
        if let Some((offset, why)) = script_in(html) {
            self.error(at + offset, refusal(&why));
        }
    }

    /// A link or image destination: refused where it would run a script.
    fn url(&mut self, url: &str, at: usize) {
        if self.ctx.allow_scripts {
            return;
        }
        if let Some(scheme) = script_url(url) {
            self.error(at, refusal(&format!("a `{scheme}` link")));
        }
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

    /// A figure: its drawing (a picture takes the alt text, and its values
    /// are a `<details>` table under it), numbered caption and data links.
    fn figure(&mut self, d: &Directive) -> String {
        let Some(shown) = self.ctx.figures.get(&d.id) else {
            return String::new(); // its error is reported by the figure stage
        };
        let caption = d
            .caption
            .as_ref()
            .map(|c| self.inline(c))
            .unwrap_or_default();
        let alt = match &d.alt {
            Some(a) => self.plain(a, d.offset),
            None => plain_text(&caption),
        };
        let view = shown.view;
        let (drawing, details) = match (view.picture, &view.values) {
            (true, values) => (
                format!(
                    "<div class=\"drawing\" role=\"img\" aria-label=\"{}\">{}</div>",
                    html_escape::encode_double_quoted_attribute(&alt),
                    view.body
                ),
                values.as_ref().map_or_else(String::new, |t| {
                    format!(
                        "\n<details class=\"values\"><summary>Data</summary>{}</details>",
                        t.to_html()
                    )
                }),
            ),
            (false, _) => (
                format!("<div class=\"drawing\">{}</div>", view.body),
                String::new(),
            ),
        };
        let number = self.numbers.get(d.id.as_str()).copied().unwrap_or(0);
        let csv = match &shown.csv {
            Some(csv) => format!(" · <a href=\"{csv}.csv\">CSV</a>"),
            None => String::new(),
        };
        format!(
            "<figure id=\"fig-{id}\">\n{drawing}{details}\n<figcaption><span class=\"figure-number\">Figure {number}.</span> {caption} <span class=\"data-links\">Data: <a href=\"{json}.json\">JSON</a>{csv}</span></figcaption>\n<p class=\"reproduce\">Reproduce: <code>{command}</code></p>\n</figure>\n",
            id = d.id,
            json = shown.json,
            command = html_escape::encode_text(&reproduce(d)),
        )
    }

    /// A caption's markdown as inline HTML (no surrounding paragraph). An
    /// error in it is placed where it stands when the caption is written
    /// without escapes, and at the caption's key otherwise.
    fn inline(&mut self, caption: &Located) -> String {
        let prepared = Prepared::new(&caption.text, caption.verbatim.unwrap_or(0));
        let pin = caption.verbatim.is_none().then_some(caption.offset);
        for (at, message) in &prepared.errors {
            self.errors
                .push(self.src.error_at(pin.unwrap_or(*at), message.as_str()));
        }
        let pieces = parse(&prepared, |_, _, _| None);
        let mut sub = Renderer::new(self.ctx, self.src, &prepared, pin);
        let (html, _) = sub.html(pieces.into_iter(), true);
        self.errors.append(&mut sub.errors);
        html.trim().to_string()
    }

    /// Plain text (an alt text) with its values in place, unescaped.
    fn plain(&mut self, text: &str, offset: usize) -> String {
        let prepared = Prepared::plain(text);
        let mut sub = Renderer::new(self.ctx, self.src, &prepared, Some(offset));
        let values = sub.values();
        self.errors.append(&mut sub.errors);
        Prepared::fill(&prepared.text, |i| {
            Cow::Owned(values[i].clone().unwrap_or_default())
        })
        .0
        .into_owned()
    }
}

/// Why raw HTML would run a script, and where in it: a `<script>` element,
/// an `on...` event handler, or a script URL in any attribute (a `srcdoc`
/// is checked as HTML of its own).
fn script_in(html: &str) -> Option<(usize, String)> {
    let emitter = html5gum::emitters::default::DefaultEmitter::<usize>::new_with_span();
    for token in html5gum::Tokenizer::new_with_emitter(html, emitter).flatten() {
        let html5gum::Token::StartTag(tag) = token else {
            continue;
        };
        let name = String::from_utf8_lossy(&tag.name).to_lowercase();
        let at = tag.span.start;
        if name == "script" {
            return Some((at, "a `<script>` element".into()));
        }
        for (attr, value) in &tag.attributes {
            let attr = String::from_utf8_lossy(attr).to_lowercase();
            let value = String::from_utf8_lossy(&value.value);
            if attr.starts_with("on") {
                return Some((at, format!("an event handler `{attr}` on `<{name}>`")));
            }
            if let Some(scheme) = script_url(&value) {
                return Some((at, format!("a `{scheme}` URL in `{attr}` of `<{name}>`")));
            }
            if attr == "srcdoc"
                && let Some((_, why)) = script_in(&value)
            {
                return Some((at, format!("{why} in the `srcdoc` of `<{name}>`")));
            }
        }
    }
    None
}

/// The script scheme a URL starts with, if any (browsers ignore case, white
/// space and control characters in a scheme).
fn script_url(url: &str) -> Option<&'static str> {
    let squeezed: String = url
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect::<String>()
        .to_ascii_lowercase();
    ["javascript:", "vbscript:", "data:text/html"]
        .into_iter()
        .find(|s| squeezed.starts_with(s))
}

fn refusal(what: &str) -> String {
    format!(
        "{what}: built pages carry no JavaScript; set `[markdown] allow_scripts = true` in \
         ladder.toml to allow it"
    )
}

/// The text of an HTML fragment: tags dropped, entities decoded.
/// The command that reproduces a figure's data: `ladder figure NAME` and every
/// parameter as `name=value`, quoted for a POSIX shell where it needs it.
fn reproduce(d: &Directive) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_=.,-+".contains(c);
    std::iter::once(format!("ladder figure {}", d.generator.spec().name))
        .chain(d.params.to_toml().lines().map(|line| {
            let arg = line.replacen(" = ", "=", 1);
            match arg.chars().all(plain) {
                true => arg,
                false => format!("'{}'", arg.replace('\'', "'\\''")),
            }
        }))
        .collect::<Vec<_>>()
        .join(" ")
}

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
    let out = html_escape::decode_html_entities(&out);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
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
    fn a_scan_takes_directive_blocks_whole_and_sets_heading_ids_in_their_events() {
        let block =
            "```figure\nid = \"a\"\ngenerator = \"blocked-board\"\ncaption = \"C.\"\n```\n\n";
        let body = format!(
            "# Intro\n\n{block}{block}## Intro {{{{ a.x }}}}\n\n```rust\nlet a = 1;\n```\n"
        );
        let essay = Essay::of_body("a.md", &body);
        let (scan, errors) = scan(&essay, crate::generators::REGISTRY);
        // The second block reuses the id `a`: it is an error and no directive.
        assert_eq!(errors.len(), 1, "{errors:?}");
        let directives: Vec<Option<usize>> = scan
            .pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Directive(index) => Some(*index),
                Piece::Event(..) => None,
            })
            .collect();
        assert_eq!(directives, [Some(0), None]);
        let ids: Vec<&str> = scan
            .pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Event(Event::Start(Tag::Heading { id, .. }), _) => id.as_deref(),
                _ => None,
            })
            .collect();
        assert_eq!(ids, ["intro", "intro-1"]);
        let h: Vec<&str> = scan.headings.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(h, ids);
        // Only the other code block's text is left; the directives' bodies are gone.
        let texts: Vec<&str> = scan
            .pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Event(Event::Text(t), _) => Some(&**t),
                _ => None,
            })
            .collect();
        assert!(texts.contains(&"let a = 1;\n"), "{texts:?}");
        assert!(!texts.iter().any(|t| t.contains("generator")), "{texts:?}");
    }

    #[test]
    fn a_sentence_opens_after_its_end_a_blank_line_or_a_block_marker() {
        for before in [
            "", "End. ", "Really? ", "a\n\n", "## ", "- ", "> ", "Done.\n",
        ] {
            assert!(opens_sentence(before), "{before:?}");
        }
        for before in ["There are ", "one,\n", "as: "] {
            assert!(!opens_sentence(before), "{before:?}");
        }
    }

    #[test]
    fn plain_text_drops_tags_and_keeps_math_source() {
        let html = "A <em>b</em> <math><mi>x</mi><annotation encoding=\"application/x-tex\">x^2</annotation></math>.";
        assert_eq!(plain_text(html), "A b x^2.");
    }
}
