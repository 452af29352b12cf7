//! LaTeX math to MathML at build time, so pages need no JavaScript to show it.
//!
//! pulldown-latex writes some of the author's text into its MathML as it is
//! (single symbols such as `<`, function names, the annotation), so this
//! module escapes it: function names and numbers before they are written, the
//! annotation as it is handed over, and a single symbol afterwards, when it
//! stands between the tags the writer made (see `escape_content`).

use super::diagnostics::cut;
use pulldown_latex::config::DisplayMode;
use pulldown_latex::event::{Content, Dimension, DimensionUnit, Event};
use pulldown_latex::{Parser, RenderConfig, Storage, push_mathml};

/// How deeply groups may nest: deeper LaTeX is refused before it is parsed
/// (the parser's time grows with the square of the depth).
pub const MAX_NESTING: usize = 100;

/// Renders `latex` as a `<math>` element; `display` for `$$...$$` blocks.
/// A LaTeX error is returned with the parser's message.
pub fn to_mathml(latex: &str, display: bool) -> Result<String, String> {
    let shown = latex.trim();
    if nesting(latex) > MAX_NESTING {
        return Err(format!(
            "LaTeX nested more than {MAX_NESTING} groups deep in `{}`",
            cut(shown)
        ));
    }
    let storage = Storage::new();
    let events = Parser::new(latex, &storage)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            let message = e.to_string();
            let first = message
                .lines()
                .next()
                .unwrap_or("")
                .trim_start_matches("parsing error: ");
            format!("LaTeX error in `{}`: {first}", cut(shown))
        })?;
    // Names and numbers are written as they are: hand over escaped copies.
    let escaped: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Content(Content::Function(s) | Content::Number(s)) => Some(escape(s)),
            _ => None,
        })
        .collect();
    let mut copies = escaped.iter();
    let events = events.into_iter().map(|e| {
        Ok::<_, std::io::Error>(match e {
            Event::Content(Content::Function(_)) => {
                Event::Content(Content::Function(copies.next().expect("one copy each")))
            }
            Event::Content(Content::Number(_)) => {
                Event::Content(Content::Number(copies.next().expect("one copy each")))
            }
            // The parser gives `\ ` and `~` as entity text, which the writer
            // escapes: a space of a word's width instead.
            Event::Content(Content::Text("&nbsp;")) => Event::Space {
                width: Some(Dimension {
                    value: 1.0 / 3.0,
                    unit: DimensionUnit::Em,
                }),
                height: None,
                depth: None,
            },
            other => other,
        })
    });
    let annotation = escape(shown);
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        annotation: Some(&annotation),
        ..RenderConfig::default()
    };
    let mut out = String::new();
    push_mathml(&mut out, events, config)
        .map_err(|e| format!("cannot render `{}`: {e}", cut(shown)))?;
    Ok(escape_content(&out))
}

/// `&`, `<` and `>` as entities.
fn escape(s: &str) -> String {
    html_escape::encode_text(s).into_owned()
}

/// The deepest nesting of unescaped `{` ... `}` groups.
fn nesting(latex: &str) -> usize {
    let (mut depth, mut deepest, mut escaped) = (0usize, 0, false);
    for b in latex.bytes() {
        match b {
            b'\\' => escaped = !escaped,
            b'{' if !escaped => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' if !escaped => depth = depth.saturating_sub(1),
            _ => {}
        }
        if b != b'\\' {
            escaped = false;
        }
    }
    deepest
}

/// Escapes the symbols pulldown-latex writes raw between its own tags.
///
/// The writer's markup follows a simple grammar: a tag is `<` then a letter
/// or `/`, and runs to the next `>` (its attribute values are numbers, colours
/// and class names, never `>`); an entity it writes is `&name;` or `&#N;`.
/// A symbol of the author's is always written alone between two tags, so a
/// `<` not opening a tag, a `>` outside a tag and a `&` not opening an entity
/// are the author's and become entities.
fn escape_content(mathml: &str) -> String {
    let mut out = String::with_capacity(mathml.len());
    let mut in_tag = false;
    for (i, c) in mathml.char_indices() {
        let rest = &mathml[i + c.len_utf8()..];
        match c {
            '<' if !in_tag && rest.starts_with(|n: char| n.is_ascii_alphabetic() || n == '/') => {
                in_tag = true;
                out.push('<');
            }
            '>' if in_tag => {
                in_tag = false;
                out.push('>');
            }
            '&' if !in_tag && is_entity(rest) => out.push('&'),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c => out.push(c),
        }
    }
    out
}

/// Whether `rest` (after a `&`) continues an entity: `name;` or `#digits;`.
fn is_entity(rest: &str) -> bool {
    let body = rest.strip_prefix('#').unwrap_or(rest);
    let len = body
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    len > 0 && body[len..].starts_with(';')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_fractions_as_mathml() {
        let m = to_mathml(r"\frac{1}{4}", false).unwrap();
        assert!(m.starts_with("<math"), "{m}");
        assert!(m.contains("<mfrac>"), "{m}");
        assert!(to_mathml("x", true).unwrap().contains("display=\"block\""));
    }

    #[test]
    fn reports_latex_errors() {
        let e = to_mathml(r"\frac{1}{", false).unwrap_err();
        assert!(e.contains("LaTeX error"), "{e}");
        assert!(to_mathml(r"\notacommand", false).is_err());
    }

    /// The tag names in `html`, and whether every `<` opens one of them.
    fn tags(html: &str) -> Vec<String> {
        html.split('<')
            .skip(1)
            .map(|t| {
                t.trim_start_matches('/')
                    .chars()
                    .take_while(char::is_ascii_alphanumeric)
                    .collect()
            })
            .collect()
    }

    #[test]
    fn escapes_every_symbol_name_and_annotation_of_the_author() {
        const MATHML: [&str; 13] = [
            "math",
            "semantics",
            "mrow",
            "mi",
            "mo",
            "mn",
            "mtext",
            "msub",
            "mspace",
            "annotation",
            "mfrac",
            "mstyle",
            "msqrt",
        ];
        for tex in [
            "a<b",
            "a>b",
            r"a \& b",
            "a<img src=x onerror=alert(1)>",
            r"x<\text{</math><script>alert(1)</script>}",
            r"\operatorname{<script>} x",
            r"\mathrm{<b>}",
        ] {
            let m = to_mathml(tex, false).unwrap();
            for tag in tags(&m) {
                assert!(MATHML.contains(&tag.as_str()), "`{tag}` in {m} from {tex}");
            }
            assert!(!m.contains("<script") && !m.contains("<img"), "{m}");
        }
        let m = to_mathml("a<b", false).unwrap();
        assert!(m.contains("<mo>&lt;</mo>"), "{m}");
        assert!(m.contains(">a&lt;b</annotation>"), "{m}");
        let m = to_mathml(r"a \& b", false).unwrap();
        assert!(m.contains(">&amp;<"), "{m}");
    }

    #[test]
    fn spacing_commands_are_spaces_not_entity_text() {
        for tex in [r"a\ b", "a~b", r"a\,b", r"a\quad b"] {
            let m = to_mathml(tex, false).unwrap();
            assert!(!m.contains("&amp;nbsp;"), "{tex}: {m}");
        }
        let m = to_mathml(r"a\ b", false).unwrap();
        assert!(m.contains("<mspace width=\"0.33"), "{m}");
    }

    #[test]
    fn refuses_groups_nested_past_the_limit() {
        let deep = format!("{}x{}", "{".repeat(101), "}".repeat(101));
        let e = to_mathml(&deep, false).unwrap_err();
        assert!(e.contains("nested more than 100"), "{e}");
        let fine = format!("{}x{}", "{".repeat(100), "}".repeat(100));
        assert!(to_mathml(&fine, false).is_ok());
        assert_eq!(nesting(r"\{\{\{"), 0);
    }
}
