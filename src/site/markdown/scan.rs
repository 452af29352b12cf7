//! The first pass: an essay's body parsed, its headings named and its
//! generator directives read. Only what the later stages need is kept
//! ([`Scan`]); the render parses the body again (`parse_body`), so that an
//! essay's parse lives only while that essay is rendered.
//!
//! It imports [`super::prepared`] and `super::nesting`, content, the
//! directives and the generators.

use super::nesting;
use super::prepared::{Prepared, options};
use crate::generators::Generator;
use crate::site::content::Essay;
use crate::site::diagnostics::{Diagnostic, Source, cut};
use crate::site::directives::{self, Directive, Kind};
use pulldown_cmark::utils::TextMergeWithOffset;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Parser, Tag, TagEnd};
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// A heading with its stable id.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Heading {
    /// 1 for `#`, up to 6.
    pub level: u8,
    /// The heading's text.
    pub text: String,
    /// Its anchor, unique in the page.
    pub id: String,
}

/// What the first pass found in an essay: what planning, binding, the
/// record of values and the render need of it, not its parse (about five
/// times the size of its source).
#[derive(Default)]
pub struct Scan {
    /// The body with its values and claims taken out and parsed, once: the
    /// render parses its markdown again, and the evaluation reads its
    /// expressions.
    pub body: Prepared,
    /// Each directive's caption and alt text with their expressions taken
    /// out and parsed, by directive.
    pub texts: Vec<Texts>,
    /// Heading texts hold the placeholders of their expressions.
    pub headings: Vec<Heading>,
    /// The figure and data blocks, in order.
    pub directives: Vec<Directive>,
    /// Each directive block of the body, in order: the index of its
    /// directive, or `None` for one that failed.
    pub blocks: Vec<Option<usize>>,
    /// Ids of directives that failed: expressions naming them are not
    /// reported again.
    pub broken: HashSet<String>,
}

/// A figure's caption and alt text, prepared.
#[derive(Default)]
pub struct Texts {
    /// Its caption, with the offset its errors are pinned to (see
    /// [`Prepared::caption`]).
    pub caption: Option<(Prepared, Option<usize>)>,
    /// Its alt text, with the offset its errors are pinned to (as a
    /// caption's).
    pub alt: Option<(Prepared, Option<usize>)>,
}

/// One piece of a parsed text: a markdown event with its range in the
/// prepared text, or a directive's fenced block, taken whole.
#[derive(Clone, Debug)]
pub enum Piece<'t> {
    /// A markdown event and its range.
    Event(Event<'t>, Range<usize>),
    /// A `figure` or `data` block: the index of its directive among the
    /// essay's, or `None` for one that failed (or stands in a caption).
    Directive(Option<usize>),
}

/// Parses a prepared text, adjacent text events merged. Each directive
/// block becomes one piece: `directive` gets its kind, its offset in the
/// file and its body, and gives its index.
pub(super) fn parse(
    prepared: &Prepared,
    mut directive: impl FnMut(Kind, usize, &str) -> Option<usize>,
) -> Vec<Piece<'_>> {
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

/// An essay's body with its expressions taken out: what both passes parse.
pub(super) fn prepare(essay: &Essay) -> Prepared {
    Prepared::new(essay.body(), essay.body_start)
}

/// The second pass's parse of an essay's body (`prepared`, from
/// [`prepare`]), as its scan found it: each directive block its directive's
/// index, each heading its id.
pub(super) fn parse_body<'t>(prepared: &'t Prepared, scan: &Scan) -> Vec<Piece<'t>> {
    let mut blocks = scan.blocks.iter().copied();
    let mut pieces = parse(prepared, |_, _, _| blocks.next().flatten());
    let mut ids = scan.headings.iter().map(|h| h.id.clone());
    for piece in &mut pieces {
        if let Piece::Event(Event::Start(Tag::Heading { id: slot, .. }), _) = piece {
            *slot = ids.next().map(CowStr::from);
        }
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
    // A body nested too deeply for markdown's parser is not parsed.
    let deep = nesting::too_deep(essay.body());
    let prepared = match deep {
        None => prepare(essay),
        Some(_) => Prepared::new("", essay.body_start),
    };
    let mut errors: Vec<Diagnostic> = prepared
        .errors
        .iter()
        .map(|(at, message)| src.error_at(*at, message.as_str()))
        .chain(deep.map(|(at, why)| src.error_at(essay.body_start + at, why)))
        .collect();
    if let Some(at) = essay.source[..essay.body_start].find("{{") {
        errors.push(src.error_at(
            at,
            "values and claims are not evaluated in front matter; state the number in the body",
        ));
    }
    let mut directives: Vec<Directive> = Vec::new();
    let mut ids = HashSet::new();
    let mut blocks = Vec::new();
    let mut broken = HashSet::new();
    let pieces = parse(&prepared, |kind, start, body| {
        let body_offset = essay.source[start..]
            .find('\n')
            .map_or(start, |n| start + n + 1);
        let index = match directives::parse(registry, kind, body, &src, start, body_offset) {
            Ok(d) if !ids.insert(d.id.clone()) => {
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
        };
        blocks.push(index);
        index
    });
    let headings = name_headings(&pieces, &directives, &prepared, &src, &mut errors);
    drop(pieces);
    let texts = directives
        .iter()
        .map(|d| Texts {
            caption: d.caption.as_ref().map(Prepared::caption),
            alt: d.alt.as_ref().map(Prepared::alt),
        })
        .collect();
    let scan = Scan {
        body: prepared,
        texts,
        headings,
        directives,
        blocks,
        broken,
    };
    (scan, errors)
}

/// The headings of `pieces`, each with its id: its explicit id, or one made
/// from its text as written (`prepared`'s claims in place) that no explicit
/// id, figure anchor or page id has taken. An explicit id that another
/// heading, a figure or the page has, and an attribute other than an id,
/// classes and `data-*` ones, is an error in `errors`.
fn name_headings(
    pieces: &[Piece<'_>],
    directives: &[Directive],
    prepared: &Prepared,
    src: &Source<'_>,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Heading> {
    // Each heading's level, explicit id and text.
    let mut found: Vec<(u8, Option<String>, String)> = Vec::new();
    // The ids the page has besides the headings' own, with what has them.
    let mut taken = taken_ids(directives, src);
    let mut open = false;
    for piece in pieces {
        let Piece::Event(event, range) = piece else {
            continue;
        };
        let text = found.last_mut().filter(|_| open).map(|h| &mut h.2);
        match (event, text) {
            (
                Event::Start(Tag::Heading {
                    level, id, attrs, ..
                }),
                _,
            ) => {
                let at = prepared.source(range.start);
                for (name, _) in attrs {
                    if !is_data_attribute(name) {
                        errors.push(src.error_at(
                            at,
                            format!(
                                "a heading takes an id (`{{#id}}`), classes (`{{.class}}`) and \
                                 `data-*` attributes, not `{}`",
                                cut(name)
                            ),
                        ));
                    }
                }
                if let Some(id) = id {
                    let (line, _) = src.position(at);
                    let this = format!("the heading's at line {line}");
                    if let Some(other) = taken.insert(id.to_string(), this) {
                        errors.push(src.error_at(
                            at,
                            format!("the id `{}` is already {other}; choose another", cut(id)),
                        ));
                    }
                }
                found.push((
                    *level as u8,
                    id.as_ref().map(std::string::ToString::to_string),
                    String::new(),
                ));
                open = true;
            }
            (Event::Html(html) | Event::InlineHtml(html), _) => {
                let at = prepared.source(range.start);
                let (line, _) = src.position(at);
                for id in raw_ids(html) {
                    let this = format!("an element's in raw HTML at line {line}");
                    if let Some(other) = taken.insert(id.clone(), this) {
                        errors.push(src.error_at(
                            at,
                            format!("the id `{}` is already {other}; choose another", cut(&id)),
                        ));
                    }
                }
            }
            (Event::End(TagEnd::Heading(_)), _) => open = false,
            (Event::SoftBreak | Event::HardBreak, Some(text)) => text.push(' '),
            (Event::InlineMath(t) | Event::Text(t) | Event::Code(t), Some(text)) => {
                text.push_str(t);
            }
            _ => {}
        }
    }
    assign_ids(found, &taken, prepared)
}

/// The ids the elements of a piece of raw HTML give themselves.
fn raw_ids(html: &str) -> Vec<String> {
    html5gum::Tokenizer::new(html)
        .flatten()
        .filter_map(|token| match token {
            html5gum::Token::StartTag(tag) => tag
                .attributes
                .get(b"id".as_slice())
                .map(|id| String::from_utf8_lossy(id).into_owned()),
            _ => None,
        })
        .collect()
}

/// The ids a page has besides its headings' own, with what has them: the
/// page's own and its figures' anchors.
fn taken_ids(directives: &[Directive], src: &Source<'_>) -> HashMap<String, String> {
    PAGE_IDS
        .iter()
        .map(|id| {
            (
                id.to_string(),
                "the page's own (its skip link jumps to it)".to_string(),
            )
        })
        .chain(
            directives
                .iter()
                .filter(|d| d.kind == Kind::Figure)
                .map(|d| {
                    let (line, _) = src.position(d.offset);
                    (
                        format!("fig-{}", d.id),
                        format!("figure `{}`'s (line {line})", d.id),
                    )
                }),
        )
        .collect()
}

/// Each heading (level, explicit id, text) with its id: its explicit one,
/// or one made from its text as written that no other id (`taken`: the
/// page's, figures', explicit headings' and raw HTML's) has.
fn assign_ids(
    found: Vec<(u8, Option<String>, String)>,
    taken: &HashMap<String, String>,
    prepared: &Prepared,
) -> Vec<Heading> {
    let mut used: HashSet<String> = taken.keys().cloned().collect();
    // The first suffix of each base that may be free: suffixes below it
    // are taken, so each id is found in time that does not grow with the
    // headings that share its text.
    let mut next: HashMap<String, usize> = HashMap::new();
    let mut headings = Vec::with_capacity(found.len());
    for (level, explicit, text) in found {
        let id = explicit.unwrap_or_else(|| {
            let base = slugify(&prepared.as_written(&text));
            let from = next.entry(base.clone()).or_insert(0);
            let (n, id) = (*from..)
                .map(|n| match n {
                    0 => (n, base.clone()),
                    n => (n, format!("{base}-{n}")),
                })
                .find(|(_, id)| !used.contains(id))
                .expect("some suffix is free");
            *from = n + 1;
            used.insert(id.clone());
            id
        });
        headings.push(Heading { level, text, id });
    }
    headings
}

/// Whether `name` is a `data-*` attribute: `data-` and then lowercase
/// letters, digits, `-`, `_` or `.`.
fn is_data_attribute(name: &str) -> bool {
    name.strip_prefix("data-").is_some_and(|rest| {
        !rest.is_empty()
            && rest
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-_.".contains(&b))
    })
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
    fn a_scan_takes_directive_blocks_whole_and_the_render_parse_sets_heading_ids_in_their_events() {
        let block =
            "```figure\nid = \"a\"\ngenerator = \"blocked-board\"\ncaption = \"C.\"\n```\n\n";
        let body = format!(
            "# Intro\n\n{block}{block}## Intro {{{{ a.x }}}}\n\n```rust\nlet a = 1;\n```\n"
        );
        let essay = Essay::of_body("a.md", &body);
        let (scan, errors) = scan(&essay, crate::generators::REGISTRY);
        // The second block reuses the id `a`: it is an error and no directive.
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(scan.blocks, [Some(0), None]);
        // The render's parse of the body, as the scan found it.
        let prepared = prepare(&essay);
        let pieces = parse_body(&prepared, &scan);
        let directives: Vec<Option<usize>> = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Directive(index) => Some(*index),
                Piece::Event(..) => None,
            })
            .collect();
        assert_eq!(directives, [Some(0), None]);
        let ids: Vec<&str> = pieces
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
        let texts: Vec<&str> = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Event(Event::Text(t), _) => Some(&**t),
                _ => None,
            })
            .collect();
        assert!(texts.contains(&"let a = 1;\n"), "{texts:?}");
        assert!(!texts.iter().any(|t| t.contains("generator")), "{texts:?}");
    }
}
