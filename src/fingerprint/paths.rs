//! What a Rust source file says about the code it depends on, read by a small
//! tokenizer (comments and string literals skipped, not parsed): the paths in
//! its `use` trees and its code, the names it binds, its re-exports, the
//! traits it defines and the files it includes. Build-time code (see
//! `mod.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// A path as written, with the module it is written in (`self`), not yet
/// resolved: bindings and re-exports of the file resolve it.
#[derive(Clone, Debug)]
pub struct Ref {
    pub context: Vec<String>,
    pub segments: Vec<String>,
    /// A glob (`use PATH::*`).
    pub glob: bool,
}

/// What one file says.
#[derive(Default)]
pub struct Parsed {
    /// Paths its code depends on: its `use` trees but the top-level `pub use`
    /// ones, and the paths in its code.
    pub references: Vec<Ref>,
    /// Its top-level `pub use` trees, by the name each binds (`None`: a glob
    /// or `as _`).
    pub reexports: Vec<(Option<String>, Ref)>,
    /// The names its `use` trees and module declarations bind, anywhere in it.
    pub bindings: BTreeMap<String, Vec<Ref>>,
    /// The names its code mentions outside `use` trees (not after `.` or `::`).
    pub mentioned: BTreeSet<String>,
    /// The traits it defines.
    pub traits: BTreeSet<String>,
    /// The files it includes, relative to its folder.
    pub includes: Vec<String>,
    /// The modules a `registry! { module::Type, ... }` in it names.
    pub registered: Vec<String>,
    /// Byte ranges not hashed: test items and out-of-line module declarations.
    strip: Vec<Range<usize>>,
}

impl Parsed {
    /// The text that is hashed: all but test items and module declarations.
    pub fn hashed(&self, text: &str) -> String {
        let mut kept = String::new();
        let mut at = 0;
        for range in &self.strip {
            kept.push_str(&text[at.min(range.start)..range.start]);
            at = at.max(range.end);
        }
        kept.push_str(&text[at..]);
        kept
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Sep,
    Punct(char),
    /// A string literal's text between its quotes, escapes as written.
    Str(String),
    /// A number, a character or byte literal, or a lifetime.
    Other,
}

struct Token {
    tok: Tok,
    span: Range<usize>,
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// The tokens of `text`.
fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let b = text.as_bytes();
    let at = |i: usize| text[i..].chars().next();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(c) = at(i) {
        let start = i;
        let tok = if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        } else if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            continue;
        } else if text[i..].starts_with("/*") {
            let mut depth = 0;
            loop {
                if text[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if text[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += at(i)
                        .ok_or(format!("unclosed comment at byte {start}"))?
                        .len_utf8();
                }
            }
            continue;
        } else if c == '"' {
            i = string_end(text, i + 1, None)?;
            Tok::Str(text[start + 1..i - 1].to_string())
        } else if c == '\'' {
            i += 1;
            let next = at(i).ok_or(format!("a lone quote at byte {start}"))?;
            if next == '\\' {
                i += 2;
                i += text[i..]
                    .find('\'')
                    .ok_or(format!("unclosed character at byte {start}"))?
                    + 1;
            } else if at(i + next.len_utf8()) == Some('\'') {
                i += next.len_utf8() + 1;
            } else {
                while let Some(c) = at(i).filter(|&c| is_ident(c)) {
                    i += c.len_utf8();
                }
            }
            Tok::Other
        } else if c.is_ascii_digit() {
            while let Some(c) = at(i).filter(|&c| {
                is_ident(c) || c == '.' && at(i + 1).is_some_and(|d| d.is_ascii_digit())
            }) {
                i += c.len_utf8();
            }
            Tok::Other
        } else if is_ident_start(c) {
            while let Some(c) = at(i).filter(|&c| is_ident(c)) {
                i += c.len_utf8();
            }
            let word = &text[start..i];
            let hashes = text[i..].bytes().take_while(|&c| c == b'#').count();
            let quote = b.get(i + hashes) == Some(&b'"');
            match word {
                "r" | "br" | "cr" if quote => {
                    i = string_end(text, i + hashes + 1, Some(hashes))?;
                    Tok::Str(text[start + word.len() + hashes + 1..i - 1 - hashes].to_string())
                }
                "b" | "c" if hashes == 0 && quote => {
                    i = string_end(text, i + 1, None)?;
                    Tok::Str(text[start + 2..i - 1].to_string())
                }
                "b" if b.get(i) == Some(&b'\'') => {
                    i += 1;
                    i += usize::from(b.get(i) == Some(&b'\\'));
                    i += 1;
                    i += text[i..]
                        .find('\'')
                        .ok_or(format!("unclosed byte at byte {start}"))?
                        + 1;
                    Tok::Other
                }
                "r" if hashes == 1 && at(i + 1).is_some_and(is_ident_start) => {
                    i += 1;
                    let from = i;
                    while let Some(c) = at(i).filter(|&c| is_ident(c)) {
                        i += c.len_utf8();
                    }
                    Tok::Ident(text[from..i].to_string())
                }
                _ => Tok::Ident(word.to_string()),
            }
        } else if text[i..].starts_with("::") {
            i += 2;
            Tok::Sep
        } else {
            i += c.len_utf8();
            Tok::Punct(c)
        };
        out.push(Token {
            tok,
            span: start..i,
        });
    }
    Ok(out)
}

/// The end (past the closing quote) of a string literal whose text starts
/// at `i`: a raw one (`Some` number of hashes after its closing quote) has no
/// escapes.
fn string_end(text: &str, mut i: usize, raw: Option<usize>) -> Result<usize, String> {
    let b = text.as_bytes();
    let start = i;
    let hashes = raw.unwrap_or(0);
    while i < b.len() {
        match b[i] {
            b'\\' if raw.is_none() => i += 2,
            b'"' if b[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == b'#')
                .count()
                == hashes =>
            {
                return Ok(i + 1 + hashes);
            }
            _ => i += 1,
        }
    }
    Err(format!("unclosed string at byte {start}"))
}

fn ident(t: Option<&Token>) -> Option<&str> {
    match t.map(|t| &t.tok) {
        Some(Tok::Ident(s)) => Some(s),
        _ => None,
    }
}

fn punct(t: Option<&Token>, c: char) -> bool {
    t.is_some_and(|t| t.tok == Tok::Punct(c))
}

/// The index past the group that opens at `i` (`(`, `[` or `{`).
fn group_end(t: &[Token], mut i: usize) -> usize {
    let mut depth = 0;
    while i < t.len() {
        match t[i].tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    i
}

/// The index past the item that starts at `i`, its attributes included.
fn item_end(t: &[Token], mut i: usize) -> usize {
    while i < t.len() {
        match t[i].tok {
            Tok::Punct(';') => return i + 1,
            Tok::Punct('{') => return group_end(t, i),
            Tok::Punct('(' | '[') => i = group_end(t, i),
            _ => i += 1,
        }
    }
    i
}

/// One name a `use` tree binds.
struct Import {
    segments: Vec<String>,
    name: Option<String>,
    glob: bool,
}

/// Reads the `use` tree at `i` under `prefix`.
fn use_tree(
    t: &[Token],
    i: &mut usize,
    mut segments: Vec<String>,
    out: &mut Vec<Import>,
) -> Result<(), String> {
    if t.get(*i).is_some_and(|t| t.tok == Tok::Sep) {
        segments.push("::".into());
        *i += 1;
    }
    loop {
        match t.get(*i).map(|t| &t.tok) {
            Some(Tok::Ident(s)) => {
                segments.push(s.clone());
                *i += 1;
                if t.get(*i).is_some_and(|t| t.tok == Tok::Sep) {
                    *i += 1;
                    continue;
                }
                break;
            }
            Some(Tok::Punct('{')) => {
                *i += 1;
                while !punct(t.get(*i), '}') {
                    use_tree(t, i, segments.clone(), out)?;
                    if punct(t.get(*i), ',') {
                        *i += 1;
                    } else if !punct(t.get(*i), '}') {
                        return Err(unexpected(t, *i));
                    }
                }
                *i += 1;
                return Ok(());
            }
            Some(Tok::Punct('*')) => {
                *i += 1;
                out.push(Import {
                    segments,
                    name: None,
                    glob: true,
                });
                return Ok(());
            }
            _ => return Err(unexpected(t, *i)),
        }
    }
    if segments.last().is_some_and(|s| s == "self") {
        segments.pop();
    }
    let mut name = segments.last().cloned();
    if ident(t.get(*i)) == Some("as") {
        name = ident(t.get(*i + 1)).filter(|n| *n != "_").map(String::from);
        *i += 2;
    }
    out.push(Import {
        segments,
        name,
        glob: false,
    });
    Ok(())
}

fn unexpected(t: &[Token], i: usize) -> String {
    match t.get(i) {
        Some(token) => format!(
            "unexpected {:?} in a `use` tree at byte {}",
            token.tok, token.span.start
        ),
        None => "a `use` tree runs to the end of the file".into(),
    }
}

/// `range`, with its line's indentation and line end when it is alone on
/// its lines: a declaration added on a line of its own changes no hashed text.
fn whole_lines(text: &str, range: Range<usize>) -> Range<usize> {
    let line_start = text[..range.start].rfind('\n').map_or(0, |n| n + 1);
    let line_end = text[range.end..]
        .find('\n')
        .map_or(text.len(), |n| range.end + n + 1);
    let alone = text[line_start..range.start].trim().is_empty()
        && text[range.end..line_end].trim().is_empty();
    match alone {
        true => line_start..line_end,
        false => range,
    }
}

/// Reads what the file of module `module` says.
pub fn parse(text: &str, module: &[String]) -> Result<Parsed, String> {
    let t = tokens(text)?;
    let mut p = Parsed::default();
    let mut depth = 0;
    // Inline modules around `i`, with the depth inside their braces.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut visibility: Option<usize> = None;
    let mut i = 0;
    while i < t.len() {
        let context: Vec<String> = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(m, _)| m.clone()))
            .collect();
        let previous = i.checked_sub(1).map(|j| &t[j].tok);
        let vis = visibility.take();
        match &t[i].tok {
            Tok::Punct('#') if punct(t.get(i + 1), '[') => {
                let end = group_end(&t, i + 1);
                let inner: Vec<&Tok> = t[i + 2..end - 1].iter().map(|t| &t.tok).collect();
                let test = [
                    &Tok::Ident("cfg".into()),
                    &Tok::Punct('('),
                    &Tok::Ident("test".into()),
                    &Tok::Punct(')'),
                ];
                if inner == test {
                    let end = item_end(&t, end);
                    p.strip.push(t[i].span.start..t[end - 1].span.end);
                    i = end;
                    continue;
                }
            }
            Tok::Ident(w) if w == "pub" => {
                visibility = Some(t[i].span.start);
                if punct(t.get(i + 1), '(') {
                    i = group_end(&t, i + 1);
                    continue;
                }
            }
            // (Not `impl Trait + use<T>`.)
            Tok::Ident(w) if w == "use" && !punct(t.get(i + 1), '<') => {
                let mut imports = Vec::new();
                i += 1;
                use_tree(&t, &mut i, vec![], &mut imports)?;
                if !punct(t.get(i), ';') {
                    return Err(unexpected(&t, i));
                }
                let reexport = vis.is_some() && inline.is_empty();
                for import in imports {
                    let r = Ref {
                        context: context.clone(),
                        segments: import.segments,
                        glob: import.glob,
                    };
                    if let Some(name) = &import.name {
                        p.bindings.entry(name.clone()).or_default().push(r.clone());
                    }
                    if reexport {
                        p.reexports.push((import.name, r));
                    } else {
                        p.references.push(r);
                    }
                }
            }
            Tok::Ident(w) if w == "mod" => {
                let name = ident(t.get(i + 1)).ok_or_else(|| unexpected(&t, i + 1))?;
                let r = Ref {
                    context: context.clone(),
                    segments: vec!["self".into(), name.into()],
                    glob: false,
                };
                p.bindings.entry(name.into()).or_default().push(r);
                if punct(t.get(i + 2), ';') {
                    p.strip
                        .push(vis.unwrap_or(t[i].span.start)..t[i + 2].span.end);
                    i += 3;
                    continue;
                }
                if punct(t.get(i + 2), '{') {
                    depth += 1;
                    inline.push((name.into(), depth));
                    i += 3;
                    continue;
                }
            }
            Tok::Ident(w) if w == "trait" => {
                if let Some(name) = ident(t.get(i + 1)) {
                    p.traits.insert(name.into());
                }
            }
            Tok::Ident(w)
                if matches!(w.as_str(), "include" | "include_str" | "include_bytes")
                    && punct(t.get(i + 1), '!')
                    && punct(t.get(i + 2), '(') =>
            {
                if let Some(Tok::Str(file)) = t.get(i + 3).map(|t| &t.tok) {
                    p.includes.push(file.clone());
                }
            }
            Tok::Ident(w)
                if w == "registry"
                    && previous != Some(&Tok::Punct('!'))
                    && punct(t.get(i + 1), '!')
                    && punct(t.get(i + 2), '{') =>
            {
                for j in i + 3..group_end(&t, i + 2) {
                    let sep = |k: usize| t.get(k).is_some_and(|t| t.tok == Tok::Sep);
                    if let (Some(m), Some(_)) = (ident(t.get(j)), ident(t.get(j + 2)))
                        && sep(j + 1)
                        && !sep(j - 1)
                    {
                        p.registered.push(m.into());
                    }
                }
            }
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        if let Tok::Ident(first) = &t[i].tok
            && !matches!(previous, Some(Tok::Sep | Tok::Punct('.')))
        {
            p.mentioned.insert(first.clone());
            let mut segments = vec![first.clone()];
            let mut j = i + 1;
            while t.get(j).is_some_and(|t| t.tok == Tok::Sep) {
                let Some(next) = ident(t.get(j + 1)) else {
                    break;
                };
                segments.push(next.into());
                j += 2;
            }
            if segments.len() > 1 {
                p.references.push(Ref {
                    context,
                    segments,
                    glob: false,
                });
                i = j;
                continue;
            }
        }
        i += 1;
    }
    p.strip = p.strip.into_iter().map(|r| whole_lines(text, r)).collect();
    p.strip.sort_by_key(|r| r.start);
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Parsed {
        parse(text, &["games".to_string(), "x".to_string()]).unwrap()
    }

    /// The references as `a::b::c`, in order.
    fn references(p: &Parsed) -> Vec<String> {
        p.references.iter().map(|r| r.segments.join("::")).collect()
    }

    #[test]
    fn a_grouped_use_tree_gives_one_path_and_one_binding_per_leaf() {
        let p = read("use crate::cgt::{canonical::GameTable, walk::{self, Walk as W}};");
        assert_eq!(
            references(&p),
            [
                "crate::cgt::canonical::GameTable",
                "crate::cgt::walk",
                "crate::cgt::walk::Walk"
            ]
        );
        let bound: Vec<_> = p.bindings.keys().map(String::as_str).collect();
        assert_eq!(bound, ["GameTable", "W", "walk"]);
        assert!(p.references.iter().all(|r| r.context == ["games", "x"]));
        assert!(p.reexports.is_empty());
    }

    #[test]
    fn a_glob_is_marked_and_binds_nothing() {
        let p = read("use super::grid::*;");
        assert_eq!(references(&p), ["super::grid"]);
        assert!(p.references[0].glob);
        assert!(p.bindings.is_empty());
    }

    #[test]
    fn paths_in_comments_and_strings_are_not_followed_but_paths_in_code_are() {
        let p = read(
            "// crate::games::sylver::Position\n/* crate::games::chomp */\n\
             fn f() -> u8 { let s = \"crate::games::cram\"; let r = r#\"super::y\"#; \
             super::domineering::Board::empty(2, 2); 0 }\nmod inner { fn g() { super::z::h(); } }\n",
        );
        assert_eq!(
            references(&p),
            ["super::domineering::Board::empty", "super::z::h"]
        );
        // A path inside an inline module is read in that module.
        assert_eq!(p.references[1].context, ["games", "x", "inner"]);
    }

    #[test]
    fn a_top_level_pub_use_is_a_reexport_and_not_a_reference() {
        let p = read("pub use grid::{Frame, Shape};\nuse super::Spec;\n");
        let names: Vec<_> = p.reexports.iter().map(|(n, _)| n.clone()).collect();
        assert_eq!(names, [Some("Frame".into()), Some("Shape".into())]);
        assert_eq!(references(&p), ["super::Spec"]);
    }

    #[test]
    fn test_items_and_module_declarations_are_neither_followed_nor_hashed() {
        let text = "pub mod chomp;\nfn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::games::sylver;\n}\n";
        let p = read(text);
        assert_eq!(p.hashed(text), "fn f() {}\n");
        assert!(references(&p).is_empty(), "{:?}", references(&p));
    }

    #[test]
    fn includes_traits_and_registered_modules_are_found() {
        let p = read(
            "const R: &str = include_str!(\"reload.js\");\npub trait Partizan {}\n\
             registry! { blocked_board::BlockedBoard, split_census::SplitCensus }\n",
        );
        assert_eq!(p.includes, ["reload.js"]);
        assert!(p.traits.contains("Partizan"));
        assert_eq!(p.registered, ["blocked_board", "split_census"]);
    }

    #[test]
    fn an_unterminated_string_is_an_error_not_a_panic() {
        assert!(parse("const S: &str = \"open;", &[]).is_err());
    }
}
