//! The numbers an essay writes outside its values and claims, for `ladder
//! check --unclaimed`: digits, number words (two and up, and zero), `half`
//! and fraction words in its prose, headings, captions and alt texts,
//! outside math, code, the numbers marked `{{ given: ... }}` and the
//! phrases its front matter lists as given (`given = ["two players"]`).
//!
//! It imports [`super::prepared`], [`super::scan`](mod@super::scan) and the
//! claims' number words.

use super::prepared::{Prepared, Slice};
use super::scan::{Piece, Scan, parse};
use crate::claims::number_words;
use pulldown_cmark::{Event, Tag, TagEnd};
use std::ops::Range;

/// A number written outside claims: where it starts in the file and the
/// words as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unclaimed {
    /// Its offset in the essay's file.
    pub at: usize,
    /// The number as written (`2,916`, `fifty-four`, `a half`).
    pub word: String,
}

/// Every number an essay writes outside claims, math, code and the phrases
/// `given` (its front matter's), in the order of the file.
pub fn unclaimed(scan: &Scan, given: &[&str]) -> Vec<Unclaimed> {
    let mut found = markdown(&scan.body, None, given);
    for texts in &scan.texts {
        if let Some((prepared, pin)) = &texts.caption {
            found.extend(markdown(prepared, *pin, given));
        }
        if let Some((prepared, pin)) = &texts.alt {
            let marked = occurrences(&prepared.text, given);
            found.extend(in_text(prepared, 0..prepared.text.len(), *pin, &marked));
        }
    }
    found.sort_by_key(|u| u.at);
    found
}

/// Why each of the phrases `given` that is wrong is so, by its index: one
/// that holds no number, or stands nowhere in the essay's prose, captions
/// and alt texts (so a list does not rot when the prose changes).
pub fn wrong_given(scan: &Scan, given: &[&str]) -> Vec<(usize, String)> {
    let texts = std::iter::once(&scan.body).chain(
        scan.texts
            .iter()
            .flat_map(|t| [&t.caption, &t.alt])
            .flatten()
            .map(|(prepared, _)| prepared),
    );
    let mut used = vec![false; given.len()];
    for prepared in texts {
        for (i, _) in occurrences(&prepared.text, given) {
            used[i] = true;
        }
    }
    given
        .iter()
        .zip(used)
        .enumerate()
        .filter_map(|(i, (phrase, used))| {
            if numbers(phrase).is_empty() {
                Some((
                    i,
                    format!(
                        "the given phrase `{phrase}` holds no number; list only phrases that do"
                    ),
                ))
            } else if used {
                None
            } else {
                Some((
                    i,
                    format!(
                        "the given phrase `{phrase}` stands nowhere in the essay; remove it or \
                         write it as the prose does"
                    ),
                ))
            }
        })
        .collect()
}

/// Where each of `phrases` stands in `text`, with its index: a whole
/// phrase (no letter, digit or hyphen just before a phrase that starts with
/// one, nor just after one that ends with one), letter case aside, any run
/// of spaces and line breaks matching any other.
fn occurrences(text: &str, phrases: &[&str]) -> Vec<(usize, Range<usize>)> {
    let mut out = Vec::new();
    for (i, phrase) in phrases.iter().enumerate() {
        let words: Vec<&str> = phrase.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let mut previous = None;
        for (start, _) in text.char_indices() {
            let boundary = !phrase.starts_with(joins) || previous.is_none_or(|c| !joins(c));
            previous = text[start..].chars().next();
            if let Some(end) = boundary.then(|| matches_at(text, start, &words)).flatten() {
                out.push((i, start..end));
            }
        }
    }
    out
}

/// Whether `c` beside a phrase makes it part of a longer word.
fn joins(c: char) -> bool {
    c.is_alphanumeric() || c == '-'
}

/// Where the phrase of `words` ends when it stands in `text` from `start`
/// and, ending in a letter, digit or hyphen, is not followed by one.
fn matches_at(text: &str, start: usize, words: &[&str]) -> Option<usize> {
    let mut at = start;
    for (k, word) in words.iter().enumerate() {
        if k > 0 {
            let rest = &text[at..];
            let trimmed = rest.trim_start();
            if trimmed.len() == rest.len() {
                return None;
            }
            at += rest.len() - trimmed.len();
        }
        let mut chars = text[at..].chars();
        for w in word.chars() {
            let c = chars.next()?;
            if c != w && !c.to_lowercase().eq(w.to_lowercase()) {
                return None;
            }
            at += c.len_utf8();
        }
    }
    let open_end = !words.last().is_some_and(|w| w.ends_with(joins));
    let after = text[at..].chars().next();
    (open_end || after.is_none_or(|c| !joins(c))).then_some(at)
}

/// The numbers of a markdown text's prose: its text events outside code
/// blocks (code spans and math are events of their own).
fn markdown(prepared: &Prepared, pin: Option<usize>, given: &[&str]) -> Vec<Unclaimed> {
    let marked = occurrences(&prepared.text, given);
    let mut found = Vec::new();
    let mut in_code = false;
    for piece in parse(prepared, |_, _, _| None) {
        match piece {
            Piece::Event(Event::Start(Tag::CodeBlock(_)), _) => in_code = true,
            Piece::Event(Event::End(TagEnd::CodeBlock), _) => in_code = false,
            Piece::Event(Event::Text(_), range) if !in_code => {
                found.extend(in_text(prepared, range, pin, &marked));
            }
            _ => {}
        }
    }
    found
}

/// The numbers of `prepared.text[range]`, placeholders, given numbers and
/// the `marked` phrases left out, each at its place in the file (or at
/// `pin`).
fn in_text(
    prepared: &Prepared,
    range: Range<usize>,
    pin: Option<usize>,
    marked: &[(usize, Range<usize>)],
) -> Vec<Unclaimed> {
    let text = &prepared.text;
    let mut found = Vec::new();
    for slice in Prepared::split(&text[range]) {
        let Slice::Text(t) = slice else { continue };
        let start = t.as_ptr() as usize - text.as_ptr() as usize;
        for (offset, word) in numbers(t) {
            let at = start + offset;
            let given = prepared.given.iter().chain(marked.iter().map(|(_, r)| r));
            if given.into_iter().any(|g| g.contains(&at)) {
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

    #[test]
    fn a_given_phrase_matches_whole_words_whatever_their_case_and_line_breaks() {
        let text = "Two players, two\n  players; twenty-two players, 12 × 23 and 2 × 2, 1, 3.";
        let found: Vec<(usize, &str)> = occurrences(text, &["two players", "2 × 2", ", 1,"])
            .into_iter()
            .map(|(i, r)| (i, &text[r]))
            .collect();
        assert_eq!(
            found,
            [
                (0, "Two players"),
                (0, "two\n  players"),
                (1, "2 × 2"),
                (2, ", 1,")
            ]
        );
    }
}
