//! The numbers an essay writes outside its values and claims, for `ladder
//! check --unclaimed`: digits, number words (two and up, and zero), `half`
//! and fraction words in its prose, headings, captions and alt texts,
//! outside math, code and the numbers marked `{{ given: ... }}`.
//!
//! It imports [`super::prepared`], [`super::scan`](mod@super::scan) and the
//! claims' number words.

use super::prepared::{Prepared, Slice};
use super::scan::{Piece, Scan, parse};
use crate::claims::number_words;
use pulldown_cmark::{Event, Tag, TagEnd};

/// A number written outside claims: where it starts in the file and the
/// words as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unclaimed {
    /// Its offset in the essay's file.
    pub at: usize,
    /// The number as written (`2,916`, `fifty-four`, `a half`).
    pub word: String,
}

/// Every number an essay writes outside claims, math and code, in the order
/// of the file.
pub fn unclaimed(scan: &Scan) -> Vec<Unclaimed> {
    let mut found = markdown(&scan.body, None);
    for texts in &scan.texts {
        if let Some((prepared, pin)) = &texts.caption {
            found.extend(markdown(prepared, *pin));
        }
        if let Some((prepared, pin)) = &texts.alt {
            found.extend(in_text(prepared, 0..prepared.text.len(), *pin));
        }
    }
    found.sort_by_key(|u| u.at);
    found
}

/// The numbers of a markdown text's prose: its text events outside code
/// blocks (code spans and math are events of their own).
fn markdown(prepared: &Prepared, pin: Option<usize>) -> Vec<Unclaimed> {
    let mut found = Vec::new();
    let mut in_code = false;
    for piece in parse(prepared, |_, _, _| None) {
        match piece {
            Piece::Event(Event::Start(Tag::CodeBlock(_)), _) => in_code = true,
            Piece::Event(Event::End(TagEnd::CodeBlock), _) => in_code = false,
            Piece::Event(Event::Text(_), range) if !in_code => {
                found.extend(in_text(prepared, range, pin));
            }
            _ => {}
        }
    }
    found
}

/// The numbers of `prepared.text[range]`, placeholders and given numbers
/// left out, each at its place in the file (or at `pin`).
fn in_text(
    prepared: &Prepared,
    range: std::ops::Range<usize>,
    pin: Option<usize>,
) -> Vec<Unclaimed> {
    let text = &prepared.text;
    let mut found = Vec::new();
    for slice in Prepared::split(&text[range]) {
        let Slice::Text(t) = slice else { continue };
        let start = t.as_ptr() as usize - text.as_ptr() as usize;
        for (offset, word) in numbers(t) {
            let at = start + offset;
            if prepared.given.iter().any(|g| g.contains(&at)) {
                continue;
            }
            found.push(Unclaimed {
                at: pin.unwrap_or_else(|| prepared.source(at)),
                word,
            });
        }
    }
    found
}

/// The words of `text`, each with its offset: runs of letters and digits,
/// with a hyphen or apostrophe between letters and `,`, `.` or `/` between
/// digits kept inside.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].1.is_alphanumeric() {
            i += 1;
            continue;
        }
        let begin = i;
        while i + 1 < chars.len() {
            let (c, next) = (chars[i + 1].1, chars.get(i + 2).map(|x| x.1));
            let joins = match c {
                c if c.is_alphanumeric() => true,
                '-' | '\'' | '’' => next.is_some_and(char::is_alphabetic),
                ',' | '.' | '/' => {
                    chars[i].1.is_ascii_digit() && next.is_some_and(|n| n.is_ascii_digit())
                }
                _ => false,
            };
            if !joins {
                break;
            }
            i += 1;
        }
        let end = chars.get(i + 1).map_or(text.len(), |x| x.0);
        out.push((chars[begin].0, &text[chars[begin].0..end]));
        i += 1;
    }
    out
}

/// The numbers of plain `text` with their offsets: each word holding a
/// digit; each cardinal of two and up (and `zero`) in words, with the
/// words after it that its number goes on in (`three fifths`, `two
/// thousand`); and `half`, `halves` and `a` before a fraction's or a
/// scale's word (`a third`, `a thousand`). `one` is left out, as often a
/// pronoun as a count, and so are ordinals.
pub fn numbers(text: &str) -> Vec<(usize, String)> {
    let words = tokens(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let (at, word) = words[i];
        let lower = word.to_lowercase();
        let next = words.get(i + 1).map(|(_, w)| w.to_lowercase());
        let is_number = |w: &str| {
            w.chars().any(|c| c.is_ascii_digit())
                || w == "zero"
                || number_words::cardinal(w).is_some_and(|n| n >= 2)
        };
        if is_number(&lower) {
            // A cardinal goes on in the words that keep it a number.
            let mut end = i;
            while let Some((_, w)) = words.get(end + 1)
                && !lower.chars().any(|c| c.is_ascii_digit())
                && number_words::words(&format!(
                    "{} {}",
                    phrase(text, &words, i, end),
                    w.to_lowercase()
                ))
                .is_some()
            {
                end += 1;
            }
            out.push((at, phrase(text, &words, i, end)));
            i = end + 1;
            continue;
        }
        let fraction = |w: &str| w != "one" && number_words::words(&format!("a {w}")).is_some();
        if lower == "a" && next.as_deref().is_some_and(fraction) {
            out.push((at, phrase(text, &words, i, i + 1)));
            i += 2;
            continue;
        }
        if lower == "half" || lower == "halves" {
            out.push((at, word.to_string()));
        }
        i += 1;
    }
    out
}

/// The text from the start of word `from` to the end of word `to`.
fn phrase(text: &str, words: &[(usize, &str)], from: usize, to: usize) -> String {
    let (end_at, end_word) = words[to];
    text[words[from].0..end_at + end_word.len()].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(text: &str) -> Vec<String> {
        numbers(text).into_iter().map(|(_, w)| w).collect()
    }

    #[test]
    fn digits_number_words_and_fractions_are_listed_and_one_and_ordinals_are_not() {
        assert_eq!(
            listed("Its 2,916 positions, fifty-four each, and one of the first two."),
            ["2,916", "fifty-four", "two"]
        );
        assert_eq!(
            listed("A half, three fifths and a third of a thousand; half a move, a 4×5 board."),
            [
                "A half",
                "three fifths",
                "a third",
                "a thousand",
                "half",
                "4",
                "5"
            ]
        );
        assert_eq!(
            listed("Zero, then 1/2 and 0.5, two thousand and none."),
            ["Zero", "1/2", "0.5", "two thousand",]
        );
        assert_eq!(
            listed("The second player, one move, a single domino."),
            ["" as &str; 0]
        );
        assert_eq!(numbers("at 12."), [(3, "12".to_string())]);
    }
}
