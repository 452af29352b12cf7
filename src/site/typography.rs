//! Plain text (titles and summaries) with the punctuation prose gets:
//! curly quotes and apostrophes, `--` an en dash, `---` an em dash and `...`
//! an ellipsis, by the same rules as the essays' markdown (pulldown-cmark's
//! smart punctuation), and nothing else of markdown.
//!
//! It imports nothing from the crate.

use pulldown_cmark::{Event, Options, Parser};

/// `text` with smart punctuation: `Chomp's "needles"` is `Chomp’s “needles”`.
/// Every other character stays as written (no emphasis, links or HTML).
pub fn smart(text: &str) -> String {
    // Markdown's other punctuation escaped, so that nothing but quotes,
    // dashes and dots means anything; a leading `-` or `1.` is no list.
    let mut escaped = String::with_capacity(text.len() + 8);
    let leading_number = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
    for (i, c) in text.char_indices() {
        let special = c.is_ascii_punctuation() && !matches!(c, '\'' | '"' | '-' | '.');
        let opens_block = i == 0 && c == '-' || (i == leading_number && i > 0 && c == '.');
        if special || opens_block {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    let mut out = String::with_capacity(text.len());
    for event in Parser::new_ext(&escaped, Options::ENABLE_SMART_PUNCTUATION) {
        match event {
            Event::Text(t) => out.push_str(&t),
            Event::SoftBreak | Event::HardBreak => out.push('\n'),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::smart;

    #[test]
    fn quotes_dashes_and_ellipses_are_typeset() {
        assert_eq!(smart("Chomp's needles"), "Chomp’s needles");
        assert_eq!(smart(r#"A "mirror" -- or not..."#), "A “mirror” – or not…");
        assert_eq!(smart("one---two"), "one—two");
    }

    #[test]
    fn nothing_else_of_markdown_is_read() {
        for plain in [
            "*not emphasis* and _this_",
            "[a](b) <b>c</b> `d` # e",
            "- not a list",
            "1. not a list",
            "2 × 3 boards & 4 < 5",
            "back\\slash",
        ] {
            assert_eq!(smart(plain), plain);
        }
        assert_eq!(
            smart("A summary\nover two lines"),
            "A summary\nover two lines"
        );
    }
}
