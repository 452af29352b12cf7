//! Warnings about how an essay writes, not about what it claims: a claim's
//! literal written otherwise than the site prints numbers (it prints as
//! written), and a caption or alt text naming a colour, which one of the
//! two colour schemes contradicts.
//!
//! It imports only the claims' syntax.

use crate::claims::ast::{Action, Against, Expr, Literal, LiteralKind};

/// Why a claim's literal, printed as written, reads otherwise than the
/// site's numbers: a hyphen for the minus sign, four or more digits without
/// thousands separators, or number words capitalised mid-sentence (or not
/// at a sentence's start).
pub fn claim(x: &Expr, opens_sentence: bool) -> Option<String> {
    let Action::Claim(claim) = &x.action else {
        return None;
    };
    if claim.prints.is_some() {
        return None;
    }
    match &claim.against {
        Against::Literal(literal) => written(literal, opens_sentence),
        // A list prints its elements as written, the first where the claim
        // stands.
        Against::List(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, literal)| written(literal, opens_sentence && i == 0)),
        Against::Range(_) | Against::Term(_) => None,
    }
}

/// Why one literal, printed as written, reads otherwise than the site's
/// numbers.
fn written(literal: &Literal, opens_sentence: bool) -> Option<String> {
    // Strings and `true` and `false` print as written, games as the site
    // typesets them.
    if matches!(
        literal.kind,
        LiteralKind::String(_) | LiteralKind::Game(_) | LiteralKind::Bool(_)
    ) {
        return None;
    }
    if literal.text.starts_with('-') {
        return Some(format!(
            "the literal `{}` prints as written, with a hyphen; write the minus sign (−), as \
             the site prints numbers",
            literal.text
        ));
    }
    let text = literal.text.trim_start_matches('−');
    let whole = text.split(['.', '%']).next().unwrap_or("");
    if whole.len() >= 4 && whole.chars().all(|c| c.is_ascii_digit()) {
        return Some(format!(
            "the literal `{}` prints as written; write it with thousands separators, as the \
             site prints numbers ({})",
            literal.text,
            separated(whole)
        ));
    }
    let first = text.chars().next()?;
    if first.is_alphabetic() {
        if first.is_uppercase() && !opens_sentence {
            return Some(format!(
                "the literal `{}` prints as written, capitalised in mid-sentence; write it in \
                 lower case",
                literal.text
            ));
        }
        if first.is_lowercase() && opens_sentence {
            return Some(format!(
                "the literal `{}` prints as written and opens a sentence; capitalise it",
                literal.text
            ));
        }
    }
    None
}

/// `digits` with a comma between each group of three.
fn separated(digits: &str) -> String {
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Words that name a colour, which is true in one colour scheme only.
const COLOURS: [&str; 20] = [
    "dark", "darker", "darkest", "light", "lighter", "lightest", "black", "white", "blue",
    "orange", "red", "green", "grey", "gray", "greyed", "shaded", "yellow", "purple", "brown",
    "pink",
];

/// The first colour word in `text` outside its `{{ ... }}` expressions.
pub fn colour_word(text: &str) -> Option<&'static str> {
    let mut rest = text;
    let mut prose = String::new();
    while let Some(open) = rest.find("{{") {
        prose.push_str(&rest[..open]);
        prose.push(' ');
        rest = rest[open..]
            .find("}}")
            .map_or("", |close| &rest[open + close + 2..]);
    }
    prose.push_str(rest);
    prose
        .split(|c: char| !c.is_alphabetic())
        .find_map(|word| COLOURS.into_iter().find(|c| word.eq_ignore_ascii_case(c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::parser::parse;

    fn lint(text: &str, opens: bool) -> Option<String> {
        claim(&parse(text).unwrap(), opens)
    }

    #[test]
    fn literals_that_print_otherwise_than_the_site_are_named() {
        assert!(lint("w.whole = 2916", false).unwrap().contains("(2,916)"));
        assert!(
            lint("w.share ~ 12345.6", false)
                .unwrap()
                .contains("(12,345)")
        );
        assert_eq!(lint("w.whole = 2,916", false), None);
        assert_eq!(lint("w.whole = 916", false), None);
        assert!(lint("w.v = -3/2", false).unwrap().contains("minus sign"));
        assert_eq!(lint("w.v = −3/2", false), None);
        assert!(lint("w.n = -2916", false).unwrap().contains("minus sign"));
        assert!(
            lint("w.parts.0 = Fifty-four", false)
                .unwrap()
                .contains("lower case")
        );
        assert!(
            lint("w.parts.0 = fifty-four", true)
                .unwrap()
                .contains("capitalise")
        );
        assert_eq!(lint("w.parts.0 = Fifty-four", true), None);
        assert_eq!(lint("w.parts.0 = fifty-four", false), None);
        // Words printed instead of the literal are the author's own.
        assert_eq!(lint("w.whole = 2916 : \"all\"", false), None);
        assert_eq!(lint("w.whole", false), None);
        // A quoted string is the generator's words, compared as they are
        // (and a game in it is typeset).
        assert_eq!(lint("k.outcome = \"Left wins\"", false), None);
        assert_eq!(lint("k.value = \"{0|-2}\"", false), None);
    }

    #[test]
    fn colour_words_are_found_outside_expressions() {
        assert_eq!(colour_word("burnt squares are dark"), Some("dark"));
        assert_eq!(colour_word("the Grey cells"), Some("grey"));
        assert_eq!(colour_word("{{ w.legend[dark] }} squares"), None);
        assert_eq!(colour_word("a darkness"), None);
        assert_eq!(colour_word("each room alone"), None);
    }
}
