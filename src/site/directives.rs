//! Generator directives: fenced blocks whose info string is `figure` (run a
//! generator and draw its figure there) or `data` (run it and bind its data).
//!
//! The body is TOML: `id`, `generator`, `caption`, `alt`, `view`, and the
//! generator's parameters. This module validates a body against the registry
//! and reports each problem at the line of the key it concerns.
//!
//! It imports the generators, the claims (for what an id may be) and
//! diagnostics.

use super::diagnostics::{Diagnostic, Source, control_character};
use crate::generators::{Generator, ParamError, Params, Spec};
use std::collections::BTreeMap;

/// Which kind of block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A `figure` block: a view drawn in the page.
    Figure,
    /// A `data` block: a figure computed for claims, not shown.
    Data,
}

impl Kind {
    /// The kind a fenced block's info string names, if any.
    pub fn of_info(info: &str) -> Option<Kind> {
        match info.split_whitespace().next() {
            Some("figure") => Some(Kind::Figure),
            Some("data") => Some(Kind::Data),
            _ => None,
        }
    }
}

/// A validated directive.
#[derive(Clone)]
pub struct Directive {
    /// A figure or a data block.
    pub kind: Kind,
    /// The id claims and links name it by.
    pub id: String,
    /// The generator it runs.
    pub generator: &'static dyn Generator,
    /// Its parameters.
    pub params: Params,
    /// The caption, if any.
    pub caption: Option<Located>,
    /// The alternative text, if any, and where it stands.
    pub alt: Option<Located>,
    /// The view shown.
    pub view: &'static str,
    /// Byte offset of the block's first line in the essay source.
    pub offset: usize,
}

impl std::fmt::Debug for Directive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Directive")
            .field("kind", &self.kind)
            .field("id", &self.id)
            .field("generator", &self.generator.spec().name)
            .field("params", &self.params)
            .field("view", &self.view)
            .finish_non_exhaustive()
    }
}

/// A string from the body with the offset of its key's line in the source.
#[derive(Clone, Debug)]
pub struct Located {
    /// The string.
    pub text: String,
    /// The byte offset of its key's line.
    pub offset: usize,
    /// Where the text stands in the source character for character, when it
    /// does (no escapes): errors inside it can then point into it.
    pub verbatim: Option<usize>,
}

/// Where in `raw` (a TOML string as written) its value `text` starts, if
/// it stands there character for character.
fn verbatim_start(raw: &str, text: &str) -> Option<usize> {
    let quotes = ["'''", "\"\"\"", "'", "\""]
        .into_iter()
        .find(|q| raw.starts_with(q) && raw.len() >= 2 * q.len())?;
    let mut start = quotes.len();
    // A new line right after the opening quotes of a multi-line string is trimmed.
    if quotes.len() == 3 && raw[start..].starts_with('\n') {
        start += 1;
    }
    (raw.get(start..raw.len() - quotes.len())? == text).then_some(start)
}

/// The LaTeX command a TOML string in double quotes (`raw`, as written)
/// turns into an escape, if any: `\times` is a tab and `imes`, `\frac` a form
/// feed and `rac`, `\neq` a new line and `eq`.
fn latex_escape(raw: &str) -> Option<&str> {
    if !raw.starts_with('"') {
        return None;
    }
    let mut rest = raw;
    while let Some(i) = rest.find('\\') {
        let after = &rest[i + 1..];
        if let Some(command) = after.strip_prefix(['b', 't', 'n', 'f', 'r'])
            && command.starts_with(|c: char| c.is_ascii_alphabetic())
        {
            let len = 1 + command.bytes().take_while(u8::is_ascii_alphabetic).count();
            return Some(&after[..len]);
        }
        // Skip the escaped character (a doubled backslash included).
        rest = after.chars().next().map_or("", |c| &after[c.len_utf8()..]);
    }
    None
}

/// A directive's TOML body: each key's value, where in the source the key
/// stands, and where a string's text starts when it is written verbatim.
struct Body {
    values: BTreeMap<String, toml::Value>,
    at: BTreeMap<String, usize>,
    verbatim: BTreeMap<String, usize>,
}

impl Body {
    /// Reads the body starting at `body_offset` in `src`.
    fn read(body: &str, src: &Source<'_>, body_offset: usize) -> Result<Body, Vec<Diagnostic>> {
        let err = |offset: usize, msg: String| vec![src.error_at(offset, msg)];
        let table: BTreeMap<toml::Spanned<String>, toml::Spanned<toml::Value>> =
            toml::from_str(body).map_err(|e| {
                let offset = body_offset + e.span().map_or(0, |s| s.start);
                err(
                    offset,
                    format!("directive body is not valid TOML: {}", e.message().trim()),
                )
            })?;
        // Each key's value, and where in the source the key stands.
        let at: BTreeMap<String, usize> = table
            .keys()
            .map(|k| (k.get_ref().clone(), body_offset + k.span().start))
            .collect();
        // A string in double quotes whose escapes look like LaTeX commands.
        if let Some((key, command)) = table.iter().find_map(|(k, v)| {
            let raw = &body[v.span()];
            Some((k, latex_escape(raw)?))
        }) {
            return Err(err(
                body_offset + table[key].span().start,
                format!(
                    "`{}` has `\\{command}`, which TOML reads as an escape in a string in double \
                     quotes; write the string in single quotes ('...'), where backslashes are kept, \
                     or double the backslash",
                    key.get_ref()
                ),
            ));
        }
        let verbatim: BTreeMap<String, usize> = table
            .iter()
            .filter_map(|(k, v)| {
                let text = v.get_ref().as_str()?;
                let start = body_offset + v.span().start + verbatim_start(&body[v.span()], text)?;
                Some((k.get_ref().clone(), start))
            })
            .collect();
        let values: BTreeMap<String, toml::Value> = table
            .into_iter()
            .map(|(k, v)| (k.into_inner(), v.into_inner()))
            .collect();
        Ok(Body {
            values,
            at,
            verbatim,
        })
    }

    /// Takes the string at `key`, if there is one: another value, or a
    /// string with a control character, is an error at the key.
    fn take_str(
        &mut self,
        key: &str,
        src: &Source<'_>,
    ) -> Result<Option<Located>, Vec<Diagnostic>> {
        let err = |offset: usize, msg: String| vec![src.error_at(offset, msg)];
        let Some(value) = self.values.remove(key) else {
            return Ok(None);
        };
        let at = self.at[key];
        match value {
            toml::Value::String(s) => match s.chars().find(|c| c.is_control() && *c != '\n') {
                Some(c) => Err(err(at, control_character(key, c))),
                None => Ok(Some(Located {
                    text: s,
                    offset: at,
                    verbatim: self.verbatim.get(key).copied(),
                })),
            },
            other => Err(err(at, format!("`{key}` must be a string, found {other}"))),
        }
    }
}

/// Parses the body of a block starting at `body_offset` in `src`, against the
/// generators in `registry`. `block_offset` is where the fence line starts.
pub fn parse(
    registry: &[&'static dyn Generator],
    kind: Kind,
    body: &str,
    src: &Source<'_>,
    block_offset: usize,
    body_offset: usize,
) -> Result<Directive, Vec<Diagnostic>> {
    let err = |offset: usize, msg: String| vec![src.error_at(offset, msg)];
    let mut table = Body::read(body, src, body_offset)?;
    let id = table.take_str("id", src)?;
    let generator_name = table.take_str("generator", src)?;
    let caption = table.take_str("caption", src)?;
    let alt = table.take_str("alt", src)?;
    let view = table.take_str("view", src)?;
    let id = id.ok_or_else(|| {
        err(
            block_offset,
            "directive has no `id`: expected `id = \"...\"`".into(),
        )
    })?;
    if !crate::claims::is_name(&id.text) {
        return Err(err(
            id.offset,
            format!("id `{}` must use letters, digits, `_` and `-`", id.text),
        ));
    }
    let names = || {
        registry
            .iter()
            .map(|g| g.spec().name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let generator_name = generator_name.ok_or_else(|| {
        err(
            block_offset,
            format!(
                "directive `{}` names no `generator`; there are: {}",
                id.text,
                names()
            ),
        )
    })?;
    let generator = registry
        .iter()
        .copied()
        .find(|g| g.spec().name == generator_name.text)
        .ok_or_else(|| {
            err(
                generator_name.offset,
                format!(
                    "unknown generator `{}`; there are: {}",
                    generator_name.text,
                    names()
                ),
            )
        })?;
    let spec = generator.spec();
    let view = view_of(spec, view, src)?;
    if kind == Kind::Figure && caption.is_none() {
        return Err(err(
            block_offset,
            format!("figure `{}` has no `caption`", id.text),
        ));
    }
    let params = Params::parse(spec, &table.values).map_err(|errors| {
        errors
            .iter()
            .map(|e| {
                let (ParamError::Unknown { name, .. } | ParamError::Invalid { name, .. }) = e;
                src.error_at(
                    table.at.get(name).copied().unwrap_or(block_offset),
                    e.to_string(),
                )
            })
            .collect::<Vec<_>>()
    })?;
    Ok(Directive {
        kind,
        id: id.text,
        generator,
        params,
        caption,
        alt,
        view,
        offset: block_offset,
    })
}

/// The view a directive names (`view`), or its generator's first.
fn view_of(
    spec: &Spec,
    view: Option<Located>,
    src: &Source<'_>,
) -> Result<&'static str, Vec<Diagnostic>> {
    let Some(v) = view else {
        return Ok(spec.views[0].name);
    };
    spec.views
        .iter()
        .find(|d| d.name == v.text)
        .map(|d| d.name)
        .ok_or_else(|| {
            let views: Vec<&str> = spec.views.iter().map(|d| d.name).collect();
            vec![src.error_at(
                v.offset,
                format!(
                    "generator `{}` has no view `{}`; it has: {}",
                    spec.name,
                    v.text,
                    views.join(", ")
                ),
            )]
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::blocked_board::BlockedBoardParams;
    use std::path::Path;

    fn run(body: &str) -> Result<Directive, Vec<Diagnostic>> {
        let text = format!("```figure\n{body}```\n");
        let src = Source::new(Path::new("e.md"), &text);
        parse(crate::generators::REGISTRY, Kind::Figure, body, &src, 0, 10)
    }

    #[test]
    fn reads_a_valid_directive_with_defaults() {
        let d =
            run("id = \"b\"\ngenerator = \"blocked-board\"\ncaption = \"c\"\nrows = 4\n").unwrap();
        assert_eq!(d.id, "b");
        let p: BlockedBoardParams = d.params.typed();
        assert_eq!((p.rows, p.cols), (4, 5));
        assert_eq!(d.view, "board");
    }

    #[test]
    fn rejects_unknown_generator_listing_the_known_ones() {
        let e = run("id = \"b\"\ngenerator = \"nope\"\ncaption = \"c\"\n").unwrap_err();
        assert_eq!(e[0].line, 3);
        assert!(
            e[0].message
                .contains("unknown generator `nope`; there are: blocked-board")
        );
    }

    #[test]
    fn refuses_latex_commands_that_toml_reads_as_escapes() {
        for (caption, command) in [
            (r#""$c \times r$""#, "times"),
            (r#""$\frac{1}{2}$""#, "frac"),
            (r#""""$a \neq b$""""#, "neq"),
            (r#""a \\ $\beta$""#, "beta"),
        ] {
            let e = run(&format!(
                "id = \"b\"\ngenerator = \"blocked-board\"\ncaption = {caption}\n"
            ))
            .unwrap_err();
            assert_eq!(e[0].line, 4, "{caption}");
            assert!(e[0].message.contains(&format!("`\\{command}`")), "{}", e[0]);
            assert!(e[0].message.contains("single quotes"), "{}", e[0]);
        }
        for fine in [r"'$c \times r$'", r#""$c \\times r$""#, r#""two\n lines""#] {
            let body = format!("id = \"b\"\ngenerator = \"blocked-board\"\ncaption = {fine}\n");
            assert!(run(&body).is_ok(), "{fine}");
        }
    }

    #[test]
    fn refuses_control_characters_in_strings() {
        let e =
            run("id = \"b\"\ngenerator = \"blocked-board\"\ncaption = \"a\\t b\"\n").unwrap_err();
        assert_eq!(e[0].line, 4);
        assert!(e[0].message.contains("U+0009 (a tab)"), "{}", e[0]);
    }

    #[test]
    fn rejects_unknown_parameter_at_its_line() {
        let e = run("id = \"b\"\ngenerator = \"blocked-board\"\ncaption = \"c\"\ncolour = 1\n")
            .unwrap_err();
        assert_eq!(e[0].line, 5);
        assert!(e[0].message.contains("no parameter `colour`"));
    }

    #[test]
    fn rejects_out_of_range_parameter_at_its_line() {
        let e = run("id = \"b\"\ngenerator = \"blocked-board\"\ncaption = \"c\"\n\nrows = 40\n")
            .unwrap_err();
        assert_eq!(e[0].line, 6);
        assert!(
            e[0].message.contains("integer in 1..=11"),
            "{}",
            e[0].message
        );
    }

    #[test]
    fn places_an_error_at_its_key_not_at_text_that_looks_like_it() {
        let e = run(
            "id = \"b\"\ngenerator = \"blocked-board\"\ncaption = \"\"\"\nrows = 1\n\"\"\"\nrows = 40\n",
        )
        .unwrap_err();
        assert_eq!(e[0].line, 7, "{}", e[0].message);
    }

    #[test]
    fn rejects_missing_id_unknown_view_bad_toml_and_missing_caption() {
        assert!(
            run("generator = \"blocked-board\"\n").unwrap_err()[0]
                .message
                .contains("no `id`")
        );
        let e = run("id = \"b\"\ngenerator = \"blocked-board\"\ncaption = \"c\"\nview = \"pie\"\n")
            .unwrap_err();
        assert!(e[0].message.contains("no view `pie`; it has: board, wall"));
        let e = run("id = \"b\"\nrows = = 4\n").unwrap_err();
        assert_eq!(e[0].line, 3);
        assert!(
            run("id = \"b\"\ngenerator = \"blocked-board\"\n").unwrap_err()[0]
                .message
                .contains("no `caption`")
        );
    }
}
