//! The claim language's tokens: what the inside of a `{{ ... }}` is made of
//! before [`super::parser`] reads it (the grammar is in [`super`]'s doc).
//!
//! A word is a run of letters, digits, `_`, `.` and `-` (a path
//! `two-rows.grid`, a number `2,916` or `47.5%`, a word `forty-three`); a `-`
//! followed by a number that ends the run (`b.whole-1`) and `..` end a word.
//! A `[` written directly after a word is a path's step, kept whole with
//! what it holds (`boards[4 × 5]`, `positions[share > half]`); any other `[`
//! opens a list.
//!
//! It imports nothing of the claims but the diagnostics' error.

use crate::site::diagnostics::ContentError;
use std::ops::Range;

/// One token and where it stands in the text.
#[derive(Clone, Debug, PartialEq)]
pub struct Token<'a> {
    /// What it is.
    pub kind: Kind<'a>,
    /// Its byte range in the text.
    pub span: Range<usize>,
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind<'a> {
    /// A run of letters, digits, `_`, `.`, `-` (and a number's `,` and `%`).
    Word(&'a str),
    /// A quoted string, without its quotes.
    Str(&'a str),
    /// An operator or punctuation.
    Symbol(&'static str),
    /// A path's `[...]` step: what it holds.
    Step(&'a str),
}

/// The symbols, longer first: a game's (`{`, `}`, `^`, `↑`, `↓`, `∗`, `±`,
/// `·`) among them, so that a game literal lexes.
const SYMBOLS: [&str; 29] = [
    "..=", "..", "<=", ">=", "||", "=", "~", "<", ">", "|", ":", "(", ")", ",", "+", "*", "/", "[",
    "]", "-", "\u{2212}", "{", "}", "^", "\u{2191}", "\u{2193}", "\u{2217}", "\u{b1}", "\u{b7}",
];

/// The tokens of `text`.
pub fn lex(text: &str) -> Result<Vec<Token<'_>>, ContentError> {
    let mut out: Vec<Token<'_>> = Vec::new();
    let mut at = 0;
    while let Some(c) = text[at..].chars().next() {
        if c.is_whitespace() {
            at += c.len_utf8();
            continue;
        }
        let after_word = out
            .last()
            .is_some_and(|t| t.span.end == at && matches!(t.kind, Kind::Word(_) | Kind::Step(_)));
        let (kind, end) = if c == '[' && after_word {
            let close = closing(&text[at..])
                .ok_or_else(|| format!("`{}`: `[` is not closed by `]`", text.trim()))?;
            (Kind::Step(&text[at + 1..at + close]), at + close + 1)
        } else if c == '"' {
            // A claim's words, after `:`, run to the last quote: they may
            // hold quotes themselves.
            let words = matches!(out.last(), Some(t) if t.kind == Kind::Symbol(":"));
            let close = if words {
                text[at + 1..].rfind('"')
            } else {
                text[at + 1..].find('"')
            }
            .ok_or_else(|| format!("`{}`: a quoted string is not closed", text.trim()))?;
            (Kind::Str(&text[at + 1..at + 1 + close]), at + close + 2)
        } else if let Some(symbol) = SYMBOLS.iter().find(|s| text[at..].starts_with(**s)) {
            (Kind::Symbol(symbol), at + symbol.len())
        } else if is_word_char(c) {
            let end = word_end(text, at);
            (Kind::Word(&text[at..end]), end)
        } else {
            return Err(format!("unexpected `{c}` in `{}`", text.trim()).into());
        };
        out.push(Token {
            kind,
            span: at..end,
        });
        at = end;
    }
    Ok(out)
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.' || c == '-'
}

/// Where the word starting at `start` ends.
fn word_end(text: &str, start: usize) -> usize {
    let mut end = start;
    // Whether the word so far is digits, `,` and `.`: kept as it grows, so
    // that a word is read in time linear in its length.
    let mut numeric = true;
    while let Some(c) = text[end..].chars().next() {
        let rest = &text[end + c.len_utf8()..];
        let take = match c {
            '.' => !rest.starts_with('.'),
            // A minus before a number that ends the word is an operator.
            '-' => !ends_in_number(rest),
            // Thousands separators: `2,916`.
            ',' => {
                numeric
                    && end > start
                    && rest.len() >= 3
                    && rest.as_bytes()[..3].iter().all(u8::is_ascii_digit)
                    && !rest[3..].starts_with(|d: char| d.is_ascii_digit())
            }
            '%' => {
                end += 1;
                break;
            }
            c => c.is_alphanumeric() || c == '_',
        };
        if !take {
            break;
        }
        numeric = numeric && (c.is_ascii_digit() || c == ',' || c == '.');
        end += c.len_utf8();
    }
    end
}

/// Whether `text` starts with a number (`1`, `3.5`) that ends a word.
fn ends_in_number(text: &str) -> bool {
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    if digits == 0 {
        return false;
    }
    let mut end = digits;
    if let Some(frac) = text[end..].strip_prefix('.')
        && frac.starts_with(|c: char| c.is_ascii_digit())
    {
        end += 1 + frac
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(frac.len());
    }
    let next = &text[end..];
    next.starts_with("..") || !next.starts_with(|c: char| is_word_char(c) || c == '%' || c == ',')
}

/// Where the `]` closing a text that starts with `[` is, outside quotes
/// and the brackets and parentheses it holds (a filter's set `[1, 3]` or
/// range `(1, 3]`).
pub fn closing(text: &str) -> Option<usize> {
    let (mut quoted, mut depth) = (false, 0usize);
    text.char_indices().find_map(|(i, c)| {
        match c {
            '"' => quoted = !quoted,
            _ if quoted => {}
            '[' | '(' => depth += 1,
            ']' | ')' => {
                depth = depth.saturating_sub(1);
                return (c == ']' && depth == 0).then_some(i);
            }
            _ => {}
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        lex(text)
            .unwrap()
            .into_iter()
            .map(|t| match t.kind {
                Kind::Word(w) => w.to_string(),
                Kind::Str(s) => format!("\"{s}\""),
                Kind::Symbol(s) => s.to_string(),
                Kind::Step(s) => format!("[{s}]"),
            })
            .collect()
    }

    #[test]
    fn a_minus_ends_a_word_before_a_number_that_ends_it() {
        assert_eq!(words("b.whole-1"), ["b.whole", "-", "1"]);
        assert_eq!(words("b.n-3.5"), ["b.n", "-", "3.5"]);
        assert_eq!(words("two-rows.grid"), ["two-rows.grid"]);
        assert_eq!(words("rows-3.x"), ["rows-3.x"]);
        assert_eq!(words("len(b.x)-1"), ["len", "(", "b.x", ")", "-", "1"]);
        assert_eq!(words("-1/4"), ["-", "1", "/", "4"]);
        assert_eq!(words("forty-three"), ["forty-three"]);
    }

    #[test]
    fn numbers_steps_lists_and_ranges() {
        assert_eq!(words("= 2,916"), ["=", "2,916"]);
        assert_eq!(words("[2,916, \u{2212}3/2]")[..3], ["[", "2,916", ","]);
        assert_eq!(words("[4,\u{2212}3]")[..3], ["[", "4", ","]);
        assert_eq!(words("[4, 6, 7]"), ["[", "4", ",", "6", ",", "7", "]"]);
        assert_eq!(words("max(1, 2)"), ["max", "(", "1", ",", "2", ")"]);
        assert_eq!(words("in 9..=10"), ["in", "9", "..=", "10"]);
        assert_eq!(words("in 0.5..0.6"), ["in", "0.5", "..", "0.6"]);
        assert_eq!(words("~ 47.5%"), ["~", "47.5%"]);
        assert_eq!(
            words("b.boards[4 × 5].half"),
            ["b.boards", "[4 × 5]", ".half"]
        );
        assert_eq!(words("b.p[*].s"), ["b.p", "[*]", ".s"]);
        assert_eq!(words("= \"{2|-1/2}\""), ["=", "\"{2|-1/2}\""]);
        assert_eq!(words(": \"a \"b\" c\""), [":", "\"a \"b\" c\""]);
        assert_eq!(
            words("= {0||0|-1}"),
            ["=", "{", "0", "||", "0", "|", "-", "1", "}"]
        );
        assert_eq!(words("< \u{2191}\u{2217}"), ["<", "\u{2191}", "\u{2217}"]);
        assert!(lex("b.x = \"open").is_err());
        assert!(lex("b.x[4").is_err());
        assert!(lex("b.x ? 4").is_err());
    }

    #[test]
    fn a_long_number_is_lexed_in_linear_time() {
        // 100,000 digits took 5.9 s when each digit looked back at the word.
        let long = format!("= {}", "1".repeat(1_000_000));
        let started = std::time::Instant::now();
        assert_eq!(lex(&long).unwrap().len(), 2);
        assert!(
            started.elapsed().as_secs_f64() < 1.0,
            "{:?}",
            started.elapsed()
        );
    }
}
