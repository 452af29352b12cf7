//! LaTeX math to `MathML` at build time, so pages need no JavaScript to show it.
//!
//! pulldown-latex writes some of the author's text into its `MathML` as it is
//! (single symbols such as `<`, function names, the annotation), so this
//! module escapes it: function names and numbers before they are written, the
//! annotation as it is handed over, and a single symbol afterwards, when it
//! stands between the tags the writer made (see `escape_content`).
//!
//! An essay's values and claims may stand inside math ([`Part::Value`]):
//! each is set into the formula as `MathML` of its own ([`value`]), a
//! number as `<mn>`, a word as `<mtext>`, a game's signs and bars as
//! `<mo>`, and the LaTeX around it is converted as any other.
//!
//! It imports only diagnostics.

use super::diagnostics::{ContentError, cut};
use pulldown_latex::config::DisplayMode;
use pulldown_latex::event::{Content, Dimension, DimensionUnit, Event};
use pulldown_latex::{Parser, RenderConfig, Storage, push_mathml};

/// How deeply groups (braces, `\left`...`\right`, environments) may nest:
/// deeper LaTeX is refused before it is parsed (the parser's time grows
/// with the square of the depth).
pub const MAX_NESTING: usize = 100;

/// How long a chain of commands may be, each of which may be an argument
/// of the one before (`\hat\hat x`, `\frac a\frac b c`): the parser
/// recurses once for each, so a longer chain is refused before it is
/// parsed. Arguments in braces (`\hat{\hat{x}}`) break a chain.
pub const MAX_CHAIN: usize = 1000;

/// Chains up to this long are converted on the thread at hand (whose stack
/// is the smallest a thread of ladder's has, 2 MiB; a level takes about
/// 1 KiB, 18 KiB in a debug build); longer ones on a thread of their own
/// with a stack of [`STACK_PER_LINK`] for each.
const INLINE_CHAIN: usize = 32;
const STACK_PER_LINK: usize = 32 << 10;

/// The commands that define macros, which expand to text the chain count
/// does not see: refused.
const DEFINITIONS: [&str; 6] = [
    "def",
    "let",
    "futurelet",
    "newcommand",
    "renewcommand",
    "providecommand",
];

/// The most arguments a command takes before one that may itself be a
/// command (`\genfrac`'s delimiters, bar, style and numerator): a command
/// this near the one before it may be its argument.
const GAP: usize = 5;

/// Where a value is set into a formula while it is converted: private-use
/// characters, refused in the author's LaTeX.
const SLOT: [char; 2] = ['\u{E002}', '\u{E003}'];

/// A part of a formula.
#[derive(Clone, Copy, Debug)]
pub enum Part<'a> {
    /// LaTeX.
    Tex(&'a str),
    /// A value printed as text (`2,916`, `∗2`, `two`), set in as [`value`]
    /// typesets it.
    Value(&'a str),
}

/// Renders `latex` as a `<math>` element; `display` for `$$...$$` blocks.
/// A LaTeX error is returned with the parser's message.
pub fn to_mathml(latex: &str, display: bool) -> Result<String, ContentError> {
    formula(&[Part::Tex(latex)], display)
}

/// Renders a formula of LaTeX and values as a `<math>` element: each value
/// stands as a group of its own (`x^{{ v }}` raises the whole value), and
/// its annotation is the LaTeX with each value's text in braces.
pub fn formula(parts: &[Part<'_>], display: bool) -> Result<String, ContentError> {
    let (mut latex, mut written) = (String::new(), String::new());
    for (i, part) in parts.iter().enumerate() {
        match part {
            Part::Tex(tex) => {
                if let Some(c) = tex.chars().find(|c| SLOT.contains(c)) {
                    return Err(format!(
                        "the private-use character U+{:04X} is reserved",
                        c as u32
                    )
                    .into());
                }
                latex.push_str(tex);
                written.push_str(tex);
            }
            Part::Value(text) => {
                latex.push_str(&format!("{{\\text{{{}{i}{}}}}}", SLOT[0], SLOT[1]));
                written.push_str(&format!("{{{text}}}"));
            }
        }
    }
    let shown = written.trim();
    let chain = depth(&latex).map_err(|why| format!("{why} in `{}`", cut(shown)))?;
    let mathml = if chain <= INLINE_CHAIN {
        convert(&latex, shown, display)
    } else {
        std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size((chain + 32) * STACK_PER_LINK)
                .spawn_scoped(scope, || convert(&latex, shown, display))
                .map_err(|e| format!("cannot start a thread for `{}`: {e}", cut(shown)))?
                .join()
                .map_err(|_| format!("the LaTeX parser failed on `{}`", cut(shown)))?
        })
    }?;
    Ok(set_values(mathml, parts))
}

/// `mathml` with each value's slot (the `<mtext>` its `\text` became)
/// replaced by the value, typeset.
fn set_values(mut mathml: String, parts: &[Part<'_>]) -> String {
    for (i, part) in parts.iter().enumerate() {
        let Part::Value(text) = part else { continue };
        let slot = format!("{}{i}{}", SLOT[0], SLOT[1]);
        let Some(at) = mathml.find(&slot) else {
            continue;
        };
        let open = mathml[..at].rfind("<mtext").unwrap_or(at);
        let close = mathml[at..]
            .find("</mtext>")
            .map_or(at + slot.len(), |end| at + end + "</mtext>".len());
        mathml.replace_range(open..close, &value(text));
    }
    mathml
}

/// A value printed as text (the site's numbers, a game typeset by
/// [`crate::cgt::canonical::typeset`], words) as `MathML`, in an `<mrow>`:
/// digits (with their thousands separators and decimal point) as `<mn>`,
/// words (letters, and the spaces, hyphens and apostrophes between them) as
/// `<mtext>`, each other symbol (`−`, `∗`, `↑`, `/`, `|`, `{`, `%`) as an
/// `<mo>` with no spacing of its own, and each space as an `<mspace>` of its
/// width: the value reads as the prose prints it.
pub fn value(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::from("<mrow>");
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let token = if c.is_ascii_digit() {
            Some(("mn", run(&chars, i, |c| c.is_ascii_digit(), ",.")))
        } else if c.is_alphabetic() {
            Some(("mtext", run(&chars, i, char::is_alphabetic, " -'\u{2019}")))
        } else {
            None
        };
        i = match token {
            Some((tag, end)) => {
                let text: String = chars[i..end].iter().collect();
                out.push_str(&format!("<{tag}>{}</{tag}>", escape(&text)));
                end
            }
            None if c.is_whitespace() => {
                let width = if c == '\u{2009}' {
                    "0.1667em"
                } else {
                    "0.25em"
                };
                out.push_str(&format!("<mspace width=\"{width}\"/>"));
                i + 1
            }
            None => {
                let symbol = escape(c.encode_utf8(&mut [0; 4]));
                out.push_str(&format!("<mo lspace=\"0\" rspace=\"0\">{symbol}</mo>"));
                i + 1
            }
        };
    }
    out.push_str("</mrow>");
    out
}

/// Where a run that starts at `from` ends: characters that are `head`,
/// and characters of `inner` each followed by one that is.
fn run(chars: &[char], from: usize, head: fn(char) -> bool, inner: &str) -> usize {
    let mut end = from + 1;
    while let Some(&c) = chars.get(end) {
        let joins = inner.contains(c) && chars.get(end + 1).is_some_and(|&n| head(n));
        if !head(c) && !joins {
            break;
        }
        end += 1 + usize::from(joins);
    }
    end
}

/// The longest chain of commands in `latex` (see [`MAX_CHAIN`]), counted
/// the way the parser reads it, or why it is refused: groups nested past
/// [`MAX_NESTING`], a chain past [`MAX_CHAIN`] or a macro definition.
///
/// A chain is over-counted, never under-counted: a command (or a comment,
/// which the parser skips by recursing too) joins the chain of the one
/// before when at most [`GAP`] arguments stand between them at the same
/// level; square brackets and what they hold count as none. Every other
/// character is an argument, even `^`, `_` and `&` (which `\text` takes: the
/// parser recurses through `\frac\text^\frac\text^...`). A group, a
/// `\left`...`\right` or an environment is parsed on its own, so chains
/// inside it start afresh.
fn depth(latex: &str) -> Result<usize, ContentError> {
    /// A chain at one level of nesting.
    struct Level {
        run: usize,
        /// Arguments since the last command.
        gap: usize,
        brackets: usize,
    }
    let fresh = || Level {
        run: 0,
        gap: GAP + 1,
        brackets: 0,
    };
    let join = |level: &mut Level, chain: &mut usize| {
        level.run = if level.gap <= GAP { level.run + 1 } else { 1 };
        level.gap = 0;
        *chain = (*chain).max(level.run);
    };
    let mut levels = vec![fresh()];
    let mut chain = 0;
    let mut chars = latex.chars().peekable();
    while let Some(c) = chars.next() {
        let nested = levels.len() > 1;
        let level = levels.last_mut().expect("the formula's own level stays");
        match c {
            '\\' => {
                let mut name = String::new();
                while let Some(&n) = chars.peek().filter(|n| n.is_ascii_alphabetic()) {
                    name.push(n);
                    chars.next();
                }
                if name.is_empty() {
                    chars.next();
                }
                if DEFINITIONS.contains(&name.as_str()) {
                    return Err(
                        format!("`\\{name}` defines a macro, which ladder does not take").into(),
                    );
                }
                match name.as_str() {
                    "left" | "begin" | "begingroup" => {
                        join(level, &mut chain);
                        levels.push(fresh());
                    }
                    "right" | "end" | "endgroup" if nested => {
                        levels.pop();
                        join(levels.last_mut().expect("one is left"), &mut chain);
                    }
                    _ => join(level, &mut chain),
                }
            }
            '%' => {
                chars.by_ref().find(|&n| n == '\n');
                join(level, &mut chain);
            }
            '{' => {
                if level.brackets == 0 {
                    level.gap += 1;
                }
                levels.push(fresh());
            }
            '}' if nested => {
                levels.pop();
            }
            '[' => level.brackets += 1,
            ']' => level.brackets = level.brackets.saturating_sub(1),
            c if c.is_whitespace() => {}
            _ if level.brackets == 0 => level.gap += 1,
            _ => {}
        }
        if levels.len() - 1 > MAX_NESTING {
            return Err(format!("LaTeX nested more than {MAX_NESTING} groups deep").into());
        }
        if chain > MAX_CHAIN {
            return Err(format!(
                "LaTeX with a chain of more than {MAX_CHAIN} commands, each of which may be an \
                 argument of the one before (write arguments in braces: `\\hat{{x}}`)"
            )
            .into());
        }
    }
    Ok(chain)
}

/// The `MathML` of `latex`, whose chains [`depth`] has measured, annotated
/// with `shown` (the LaTeX as written, values in place).
fn convert(latex: &str, shown: &str, display: bool) -> Result<String, ContentError> {
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
    let len = body.bytes().take_while(u8::is_ascii_alphanumeric).count();
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
    fn a_value_set_into_a_formula_is_math_of_its_own_and_the_annotation_shows_its_text() {
        let parts = [
            Part::Tex(r"54 \times 54 = "),
            Part::Value("2,916"),
            Part::Tex(r", x^"),
            Part::Value("\u{2212}1/4"),
        ];
        let m = formula(&parts, false).unwrap();
        assert!(m.contains("<mn>2,916</mn>"), "{m}");
        assert!(
            m.contains(
                "<mo lspace=\"0\" rspace=\"0\">\u{2212}</mo><mn>1</mn><mo lspace=\"0\" \
                 rspace=\"0\">/</mo><mn>4</mn>"
            ),
            "{m}"
        );
        assert!(!m.contains("<mtext>") && !m.contains(SLOT[0]), "{m}");
        assert!(
            m.contains(">54 \\times 54 = {2,916}, x^{\u{2212}1/4}</annotation>"),
            "{m}"
        );
        let e = formula(&[Part::Tex("a\u{E002}")], false).unwrap_err();
        assert!(e.contains("U+E002 is reserved"), "{e}");
    }

    #[test]
    fn a_value_is_numbers_words_and_symbols_spaced_as_printed() {
        assert_eq!(value("12,345.5"), "<mrow><mn>12,345.5</mn></mrow>");
        assert_eq!(
            value("fifty-four and a half"),
            "<mrow><mtext>fifty-four and a half</mtext></mrow>"
        );
        let zero = "<mo lspace=\"0\" rspace=\"0\">";
        assert_eq!(
            value("{1\u{2009}|\u{2009}\u{2217}2}"),
            format!(
                "<mrow>{zero}{{</mo><mn>1</mn><mspace width=\"0.1667em\"/>{zero}|</mo>\
                 <mspace width=\"0.1667em\"/>{zero}\u{2217}</mo><mn>2</mn>{zero}}}</mo></mrow>"
            )
        );
        assert_eq!(
            value("2 × 2, <b>"),
            format!(
                "<mrow><mn>2</mn><mspace width=\"0.25em\"/>{zero}×</mo><mspace \
                 width=\"0.25em\"/><mn>2</mn>{zero},</mo><mspace width=\"0.25em\"/>{zero}&lt;\
                 </mo><mtext>b</mtext>{zero}&gt;</mo></mrow>"
            )
        );
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
        assert_eq!(depth(r"\{\{\{"), Ok(3));
        for (open, close) in [
            (r"\left(", r"\right)"),
            (r"\begin{matrix}", r"\end{matrix}"),
        ] {
            let deep = format!("{}x{}", open.repeat(101), close.repeat(101));
            let e = to_mathml(&deep, false).unwrap_err();
            assert!(e.contains("nested more than 100"), "{open}: {e}");
            // Siblings are not nesting (issue 44): 400 groups side by side.
            let siblings = format!("{open}x{close}").repeat(400);
            assert_eq!(depth(&siblings).map(|_| ()), Ok(()), "{open}");
        }
        assert_eq!(depth(&"{x}".repeat(1000)).map(|_| ()), Ok(()));
    }

    #[test]
    fn a_chain_of_commands_is_converted_up_to_its_limit_and_refused_past_it() {
        // Each takes its last argument without braces, so each recurses.
        for link in [
            r"\hat ",
            r"\frac a",
            r"\sqrt ",
            r"\mathbf ",
            r"\overline ",
            r"\not ",
            r"\vec ",
            r"\bar ",
            r"\genfrac(){0pt}{0}a",
            r"\sideset{_1}{^2}",
            r"\textcolor{red}",
            r"\xrightarrow[below]",
            r"\xrightarrow[^]",
            r"\xrightarrow[_&]",
            r"\frac\text^",
            r"\frac\operatorname&",
            r"\relax ",
            "%\n",
        ] {
            // Commands in one link of the chain: one or two.
            let links = MAX_CHAIN / depth(&format!("{link}x")).unwrap();
            let at_limit = format!("{}x", link.repeat(links));
            assert_eq!(depth(&at_limit), Ok(MAX_CHAIN), "{link}");
            // Converted or a LaTeX error, but never a crash.
            let _ = to_mathml(&at_limit, false);
            let past = format!("{}x", link.repeat(links + 1));
            let e = to_mathml(&past, false).unwrap_err();
            assert!(
                e.contains("chain of more than 1000 commands"),
                "{link}: {e}"
            );
        }
        // Arguments in braces start chains afresh; a long formula of
        // commands a few arguments apart is counted whole.
        let braced = format!("{}x{}", r"\hat{".repeat(90), "}".repeat(90));
        assert_eq!(depth(&braced), Ok(1));
        assert_eq!(depth(&r"\frac{1}{2} + ".repeat(5)), Ok(5));
        assert_eq!(depth(&r"\ast & \ast \\ ".repeat(300)), Ok(900));
        assert_eq!(depth(&r"\alpha + b + c + d + e + f + ".repeat(300)), Ok(1));
    }

    #[test]
    fn refuses_macro_definitions() {
        for tex in [r"\def\a{x}\a", r"\newcommand{\a}{x}\a", r"\let\a=x"] {
            let e = to_mathml(tex, false).unwrap_err();
            assert!(e.contains("defines a macro"), "{tex}: {e}");
        }
    }
}
