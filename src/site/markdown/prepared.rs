//! Expressions taken out of a markdown text before it is parsed: each
//! `{{ ... }}` outside code becomes a placeholder, so markdown never sees (or
//! mangles) it, and is evaluated wherever the placeholder lands (inside math
//! too, where the render sets its value into the formula).
//!
//! It imports the claims and the directives; the other stages import it.

use crate::claims;
use crate::site::diagnostics::ContentError;
use crate::site::directives::Located;
use pulldown_cmark::{Event, Options, Parser, Tag};
use std::borrow::Cow;
use std::ops::Range;

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
    pub expr: Result<claims::Expr, ContentError>,
    /// Whether it opens a sentence (words it prints are capitalised).
    pub opens_sentence: bool,
}

/// A placeholder in a prepared text.
#[derive(Debug)]
struct Span {
    /// Its range in the prepared text.
    range: Range<usize>,
    /// How much later than the prepared text the original is where the
    /// placeholder starts: what the placeholders before it replaced, less
    /// their own lengths.
    shift: isize,
    /// How much later the original is after it.
    shift_after: isize,
}

/// A markdown text with every `{{ ... }}` outside code replaced by a
/// placeholder (`OPEN`, its index, `CLOSE`).
#[derive(Default)]
pub struct Prepared {
    /// What markdown parses.
    pub text: String,
    /// Where `text` starts in its file.
    base: usize,
    /// The expressions, in order.
    pub exprs: Vec<Expression>,
    /// The placeholders, in order.
    spans: Vec<Span>,
    /// Errors found on the way, by offset in the file.
    pub errors: Vec<(usize, String)>,
    /// Where the words of each `{{ given: ... }}` stand in `text`: a number
    /// the author states rather than computes, which `ladder check
    /// --unclaimed` does not list.
    pub given: Vec<Range<usize>>,
}

impl Prepared {
    /// Takes the expressions out of markdown `text`, which starts at `base`
    /// in its file. Where code and math are, markdown must tell; a text
    /// without `{{` has nothing to take out, and is not parsed for it.
    pub fn new(text: &str, base: usize) -> Prepared {
        let segments = if text.contains("{{") {
            outside_code(text)
        } else {
            Vec::new()
        };
        Prepared::outside(text, base, segments)
    }

    /// Takes the expressions out of a caption's markdown, with the offset
    /// every one is pinned to: the caption's key when the caption has
    /// escapes, none when it stands in the file as written (each is then at
    /// its own place).
    pub fn caption(caption: &Located) -> (Prepared, Option<usize>) {
        let prepared = Prepared::new(&caption.text, caption.verbatim.unwrap_or(0));
        (
            prepared,
            caption.verbatim.is_none().then_some(caption.offset),
        )
    }

    /// Takes every expression out of an alt text (plain text, no markdown),
    /// with the offset every one is pinned to, as [`Prepared::caption`].
    pub fn alt(alt: &Located) -> (Prepared, Option<usize>) {
        let text = &alt.text;
        (
            Prepared::outside(
                text,
                alt.verbatim.unwrap_or(0),
                std::iter::once((0..text.len(), false)),
            ),
            alt.verbatim.is_none().then_some(alt.offset),
        )
    }

    /// Takes the expressions in `segments` out of `text`; those of a
    /// segment that is math open no sentence, and one that cannot be read
    /// there says what `{{` means in math.
    #[allow(
        clippy::cast_possible_wrap,
        reason = "offsets into an essay's text, far below isize::MAX"
    )]
    fn outside(
        text: &str,
        base: usize,
        segments: impl IntoIterator<Item = (Range<usize>, bool)>,
    ) -> Prepared {
        let mut p = Prepared {
            base,
            ..Prepared::default()
        };
        let mut last = 0;
        for (segment, math) in segments {
            for f in claims::find_all(&text[segment.clone()]) {
                let (start, end) = (segment.start + f.start, segment.start + f.end);
                p.text.push_str(&text[last..start]);
                let at = p.text.len();
                let given = text[start..end]
                    .strip_prefix("{{")
                    .and_then(|t| t.strip_suffix("}}"))
                    .and_then(given);
                let is_given = given.is_some();
                match given {
                    Some(Ok(words)) => {
                        p.text.push_str(words);
                        p.given.push(at..p.text.len());
                    }
                    Some(Err(e)) => p.errors.push((base + start, e)),
                    None => {
                        p.text.push(OPEN);
                        p.text.push_str(&p.exprs.len().to_string());
                        p.text.push(CLOSE);
                    }
                }
                let shift = p.spans.last().map_or(0, |s| s.shift_after);
                let range = at..p.text.len();
                let shift_after = shift + (end - start) as isize - range.len() as isize;
                p.spans.push(Span {
                    range,
                    shift,
                    shift_after,
                });
                last = end;
                if is_given {
                    continue;
                }
                let expr = match f.expr {
                    Err(e) if math => Err(format!(
                        "{e} (inside math `{{{{` opens a value or claim; write `{{ {{` for two \
                         braces)"
                    )
                    .into()),
                    expr => expr,
                };
                p.exprs.push(Expression {
                    at: base + start,
                    expr,
                    opens_sentence: !math && opens_sentence(&text[..start]),
                });
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

    /// The offset in the file of offset `at` of `text` (a placeholder's is
    /// where its expression starts).
    #[allow(
        clippy::cast_possible_wrap,
        clippy::cast_sign_loss,
        reason = "offsets into an essay's text, far below isize::MAX; a shifted offset is in the file"
    )]
    pub fn source(&self, at: usize) -> usize {
        let before = self.spans.partition_point(|s| s.range.start <= at);
        let shifted = match before.checked_sub(1).map(|i| &self.spans[i]) {
            None => at as isize,
            Some(s) if at < s.range.end => s.range.start as isize + s.shift,
            Some(s) => at as isize + s.shift_after,
        };
        self.base + shifted as usize
    }

    /// `text` (derived from this one) with each claim as its literal is
    /// written and each other value left out: what is known before figures
    /// are computed (a heading's id comes from it).
    pub fn as_written<'t>(&self, text: &'t str) -> Cow<'t, str> {
        Prepared::fill(text, |i| match self.exprs.get(i).map(|e| &e.expr) {
            Some(Ok(claims::Expr {
                action: claims::Action::Claim(claim),
                ..
            })) => Cow::Owned(claim.as_written().unwrap_or_default().clone()),
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
        for piece in Prepared::split(text) {
            match piece {
                Slice::Text(t) => out.push_str(t),
                Slice::Placeholder(index) => {
                    out.push_str(&with(index));
                    seen.push(index);
                }
            }
        }
        (Cow::Owned(out), seen)
    }

    /// `text` (derived from this one) cut at its placeholders.
    pub fn split(text: &str) -> Vec<Slice<'_>> {
        let mut out = Vec::new();
        let mut rest = text;
        while let Some(open) = rest.find(OPEN) {
            let after = &rest[open + OPEN.len_utf8()..];
            let Some((index, tail)) = after
                .split_once(CLOSE)
                .and_then(|(n, tail)| Some((n.parse().ok()?, tail)))
            else {
                break;
            };
            out.push(Slice::Text(&rest[..open]));
            out.push(Slice::Placeholder(index));
            rest = tail;
        }
        out.push(Slice::Text(rest));
        out.retain(|s| !matches!(s, Slice::Text("")));
        out
    }
}

/// A piece of a prepared text: text, or the placeholder of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slice<'t> {
    /// Text.
    Text(&'t str),
    /// The placeholder of the expression of this index.
    Placeholder(usize),
}

/// The words of `{{ given: WORDS }}` (`inside` is what stands between the
/// braces), or why they cannot stand there; `None` for any other
/// expression. The words are plain text: letters, digits, spaces and the
/// signs of a number (`,`, `.`, `/`, `-`, `−`, `×`, `'`).
fn given(inside: &str) -> Option<Result<&str, String>> {
    let words = inside.trim().strip_prefix("given:")?.trim();
    let plain = |c: char| c.is_alphanumeric() || " ,./-−×'’".contains(c);
    Some(match words.chars().find(|&c| !plain(c)) {
        _ if words.is_empty() => Err("`{{ given: ... }}` needs the number it states: \
                                      `{{ given: 1982 }}`"
            .to_string()),
        Some(c) => Err(format!(
            "`{{{{ given: ... }}}}` holds plain words and digits, not `{c}`"
        )),
        None => Ok(words),
    })
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

/// The ranges of `text` outside code spans and code blocks, each with
/// whether it is math.
fn outside_code(text: &str) -> Vec<(Range<usize>, bool)> {
    let mut inside: Vec<(Range<usize>, bool)> = Parser::new_ext(text, options())
        .into_offset_iter()
        .filter_map(|(e, r)| match e {
            Event::Code(_) | Event::Start(Tag::CodeBlock(_)) => Some((r, false)),
            Event::InlineMath(_) | Event::DisplayMath(_) => Some((r, true)),
            _ => None,
        })
        .collect();
    inside.sort_by_key(|(r, _)| r.start);
    let mut out = Vec::new();
    let mut from = 0;
    for (r, math) in inside {
        if r.start > from {
            out.push((from..r.start, false));
        }
        if math && r.start >= from {
            out.push((r.clone(), true));
        }
        from = from.max(r.end);
    }
    out.push((from..text.len(), false));
    out
}

/// The markdown every text is parsed with.
pub(super) fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_MATH
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_SMART_PUNCTUATION
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_outside_code_become_placeholders_that_map_back() {
        let text = r"A {{ b.x }} and `{{ c }}` and $\frac{{ b.y }}{2}$ end.";
        let p = Prepared::new(text, 10);
        assert_eq!(p.exprs.len(), 2);
        assert_eq!(p.exprs[0].at, 12);
        assert_eq!(p.exprs[1].at, 10 + text.find("{{ b.y").unwrap());
        let (zero, one) = (format!("{OPEN}0{CLOSE}"), format!("{OPEN}1{CLOSE}"));
        assert_eq!(
            p.text,
            text.replace("{{ b.x }}", &zero).replace("{{ b.y }}", &one)
        );
        // Inside the placeholder is where the expression stood; after it,
        // offsets shift back by what it replaced.
        assert_eq!(p.source(3), 12);
        let end = p.text.find(" end").unwrap();
        assert_eq!(p.source(end), 10 + text.find(" end").unwrap());
        let (filled, seen) = Prepared::fill(&p.text, |i| i.to_string().into());
        assert_eq!(
            filled,
            text.replace("{{ b.x }}", "0").replace("{{ b.y }}", "1")
        );
        assert_eq!(seen, [0, 1]);
        assert_eq!(
            Prepared::split(&p.text[p.text.find('$').unwrap()..]),
            [
                Slice::Text(r"$\frac"),
                Slice::Placeholder(1),
                Slice::Text("{2}$ end.")
            ]
        );
        let plain = Prepared::new("No expressions here, `{ {`.", 0);
        assert_eq!(plain.text, "No expressions here, `{ {`.");
        assert!(plain.exprs.is_empty());
    }

    #[test]
    fn an_expression_unread_in_math_says_what_two_braces_mean_there() {
        let p = Prepared::new(r"$\sqrt{{a+b}}$ and \{{ braces }}", 0);
        assert_eq!(p.exprs.len(), 1);
        let e = p.exprs[0].expr.as_ref().unwrap_err();
        assert!(e.contains("inside math `{{` opens a value or claim"), "{e}");
        assert!(!p.exprs[0].opens_sentence);
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
}
