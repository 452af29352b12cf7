//! How deeply an essay's body nests block quotes, lists and raw HTML
//! elements, measured in one pass before markdown parses it: markdown's and
//! HTML's parsers take time growing with the square of the depth (100,000
//! `>` took 32 s, 50,000 `1. ` 45 s, 100,000 `<div>` 33 s), so a body
//! nested past [`MAX_DEPTH`] is refused at the line where it goes past.
//!
//! The measure over-counts, never under-counts: a line's depth is the
//! block quote and list markers that open it (`> > 1. -`) and one more for
//! every two columns of its indentation; raw HTML's depth is the elements
//! opened and not yet closed (void elements, `<br>`, and those whose end
//! tag is optional, `<p>`, `<li>`, `<td>`, do not count).
//!
//! It imports nothing; [`super::scan`](mod@super::scan) calls it.

/// How deeply block quotes and lists, and raw HTML elements, may nest.
pub const MAX_DEPTH: usize = 100;

/// Elements that hold nothing, or whose end tag may be left out: they never
/// count as nesting.
const FLAT: [&str; 25] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr", "param", "p", "li", "dt", "dd", "tr", "td", "th", "option", "thead", "tbody",
    "colgroup",
];

/// Where (a byte offset of `text`) nesting first goes past [`MAX_DEPTH`],
/// and what it is, if it does.
pub fn too_deep(text: &str) -> Option<(usize, String)> {
    let mut html = 0usize;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if markers(line) > MAX_DEPTH {
            return Some((
                at,
                format!(
                    "block quotes and lists nested more than {MAX_DEPTH} deep (counting each \
                     `>` and list marker that opens the line, and every two columns of its \
                     indentation)"
                ),
            ));
        }
        let mut rest = line;
        while let Some(i) = rest.find('<') {
            rest = &rest[i + 1..];
            let (closing, name_from) = match rest.strip_prefix('/') {
                Some(r) => (true, r),
                None => (false, rest),
            };
            let name_len = name_from
                .find(|c: char| !c.is_ascii_alphanumeric() && c != '-')
                .unwrap_or(name_from.len());
            let name = &name_from[..name_len];
            let ends = name_from[name_len..].starts_with(['>', ' ', '\t', '\n', '\r', '/']);
            if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_alphabetic()) || !ends {
                continue;
            }
            if FLAT.iter().any(|f| f.eq_ignore_ascii_case(name)) {
                continue;
            }
            if closing {
                html = html.saturating_sub(1);
                continue;
            }
            let tag_end = name_from.find('>').unwrap_or(name_from.len());
            if name_from[..tag_end].ends_with('/') {
                continue;
            }
            html += 1;
            if html > MAX_DEPTH {
                return Some((
                    at,
                    format!("raw HTML elements nested more than {MAX_DEPTH} deep"),
                ));
            }
        }
        at += line.len();
    }
    None
}

/// The block quote and list markers opening `line`, and one for every two
/// columns of its indentation (a tab four).
fn markers(line: &str) -> usize {
    let mut count = 0;
    let mut columns = 0;
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start_matches([' ', '\t']);
        // Indentation before the first marker; spaces after one are not.
        if count == 0 {
            columns = rest[..rest.len() - trimmed.len()]
                .chars()
                .map(|c| if c == '\t' { 4 } else { 1 })
                .sum::<usize>();
        }
        rest = trimmed;
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let bullet = rest.starts_with(['-', '*', '+']) && rest[1..].starts_with([' ', '\t']);
        let marker = if rest.starts_with('>') || bullet {
            1
        } else if (1..=9).contains(&digits) && rest[digits..].starts_with(['.', ')']) {
            digits + 1
        } else {
            0
        };
        if marker == 0 {
            break;
        }
        count += 1;
        rest = &rest[marker..];
        if count + columns / 2 > MAX_DEPTH {
            break;
        }
    }
    count + columns / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_deep_quotes_lists_and_elements_quickly_at_their_line() {
        let started = std::time::Instant::now();
        for (deep, what) in [
            (">".repeat(100_000), "block quotes and lists"),
            ("> ".repeat(101), "block quotes and lists"),
            ("1. ".repeat(50_000), "block quotes and lists"),
            ("- ".repeat(101), "block quotes and lists"),
            (format!("{}x", " ".repeat(300)), "block quotes and lists"),
            ("<div>".repeat(100_000), "raw HTML elements"),
            ("<span>\n".repeat(101), "raw HTML elements"),
        ] {
            let text = format!("A first line.\n\n{deep}\n");
            let (at, why) = too_deep(&text).unwrap_or_else(|| panic!("{what}: not refused"));
            assert!(why.starts_with(what), "{why}");
            assert!(why.contains("more than 100 deep"), "{why}");
            if what.starts_with("block") {
                assert_eq!(at, "A first line.\n\n".len(), "{what}");
            }
        }
        assert!(
            started.elapsed().as_secs_f64() < 1.0,
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn counts_nesting_not_siblings() {
        for fine in [
            "> ".repeat(100),
            "- ".repeat(100),
            "<div>".repeat(100),
            "<div></div>".repeat(10_000),
            "<p>x ".repeat(10_000),
            "<br><img src=x><hr/>".repeat(1_000),
            "<x-y/>".repeat(1_000),
            "a < b and c <d> e".repeat(10),
            "$x<y$ and 1 <2\n".repeat(1_000),
            "> quoted\n".repeat(10_000),
            "- item\n  - nested\n".repeat(10_000),
        ] {
            assert_eq!(too_deep(&fine), None, "{}", &fine[..fine.len().min(40)]);
        }
        let spans = format!("{}{}", "<span>".repeat(100), "</span>".repeat(100)).repeat(3);
        assert_eq!(too_deep(&spans), None);
    }
}
