//! Content errors (and warnings) with their source position, reported as
//! `path:line:col: error: message` followed by the offending line.
//!
//! It imports nothing from the crate: every stage imports it.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};

/// One content error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file.
    pub path: PathBuf,
    /// 1-based.
    pub line: usize,
    /// 1-based, in characters.
    pub col: usize,
    /// What is wrong, and what was expected.
    pub message: String,
    /// At most `SHOWN` characters of the source line around the column,
    /// shown under the message where it helps (never the whole of a long
    /// line: thousands of errors on one line of 200 KB stay small).
    pub excerpt: Option<Excerpt>,
    /// A warning: the build goes on (a caption naming a colour, say).
    pub warning: bool,
}

impl Diagnostic {
    /// An error about a whole file (line 1, column 1, no source shown).
    pub fn file(path: &Path, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            path: path.to_path_buf(),
            line: 1,
            col: 1,
            message: message.into(),
            excerpt: None,
            warning: false,
        }
    }
}

/// What an error shows of its source line: a window of it, with `...`
/// where it was cut, and the caret's 1-based column in that window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// The window of the line.
    pub shown: String,
    /// Where the caret stands in it.
    pub caret: usize,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}: {}",
            escaped(&self.path.display().to_string(), ""),
            self.line,
            self.col,
            if self.warning { "warning" } else { "error" },
            escaped(&cut_words(&self.message), "\n")
        )?;
        if let Some(Excerpt { shown, caret }) = &self.excerpt {
            // The caret moves past what escaping adds before it.
            let before: String = shown.chars().take(caret.saturating_sub(1)).collect();
            let caret = caret + escaped(&before, "\t").chars().count() - before.chars().count();
            let shown = escaped(shown, "\t");
            let gutter = self.line.to_string().len();
            write!(
                f,
                "\n{:gutter$} |\n{} | {}\n{:gutter$} | {:>caret$}",
                "", self.line, shown, "", "^",
            )?;
        }
        Ok(())
    }
}

/// `text` with every control character but those in `kept` written as an
/// escape (`\u{1b}`), as rustc and ripgrep show them, so that no text an
/// author wrote (an essay, a file name, a key) sends the terminal a command.
pub fn escaped<'a>(text: &'a str, kept: &str) -> Cow<'a, str> {
    if !text.chars().any(|c| c.is_control() && !kept.contains(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match c {
                c if c.is_control() && !kept.contains(c) => c.escape_unicode().to_string(),
                c => c.to_string(),
            })
            .collect(),
    )
}

/// How many characters of a source line an error shows.
const SHOWN: usize = 80;

/// At most [`SHOWN`] characters of `line` around 1-based column `col`, with
/// `...` where it was cut, and the caret's column in what is shown.
fn window(line: &str, col: usize) -> Excerpt {
    let total = line.chars().count();
    if total <= SHOWN {
        return Excerpt {
            shown: line.to_string(),
            caret: col,
        };
    }
    let start = col
        .saturating_sub(SHOWN / 2)
        .min(total.saturating_sub(SHOWN));
    let end = (start + SHOWN).min(total);
    let mut shown: String = line.chars().skip(start).take(end - start).collect();
    let mut caret = col - start;
    if start > 0 {
        shown.insert_str(0, "...");
        caret += 3;
    }
    if end < total {
        shown.push_str("...");
    }
    Excerpt { shown, caret }
}

/// How many errors of one file, and of a whole build, are printed: the
/// rest are counted ("N more errors not shown").
pub const SHOWN_PER_FILE: usize = 20;
/// See [`SHOWN_PER_FILE`].
pub const SHOWN_IN_ALL: usize = 100;

/// The lines that report `errors` (sorted by file): each error, at most
/// [`SHOWN_PER_FILE`] of a file and [`SHOWN_IN_ALL`] in all, a line saying
/// how many more a file had after its last one shown, and one saying how
/// many more there were in the files not reached.
pub fn capped(errors: &[Diagnostic]) -> Vec<String> {
    let mut out = Vec::new();
    let (mut shown, mut noted) = (0, 0);
    let mut i = 0;
    while i < errors.len() {
        let path = &errors[i].path;
        let n = errors[i..].iter().take_while(|e| &e.path == path).count();
        let here = n.min(SHOWN_PER_FILE).min(SHOWN_IN_ALL - shown);
        out.extend(errors[i..i + here].iter().map(ToString::to_string));
        shown += here;
        if here > 0 && here < n {
            noted += n - here;
            out.push(format!(
                "{}: {} more error{} not shown",
                path.display(),
                n - here,
                if n - here == 1 { "" } else { "s" }
            ));
        }
        i += n;
        if shown == SHOWN_IN_ALL {
            break;
        }
    }
    let hidden = errors.len() - shown - noted;
    if hidden > 0 {
        out.push(format!(
            "{hidden} more error{} not shown",
            if hidden == 1 { "" } else { "s" }
        ));
    }
    out
}

/// What is wrong with something an author wrote (a claim, a quantity, a
/// link, a formula, a setting) before it is placed: the stage that knows
/// where the text stands reports it as a [`Diagnostic`] there
/// ([`Source::error_at`], [`Diagnostic::file`]), its message unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ContentError(String);

impl ContentError {
    /// The error `message` says.
    pub fn new(message: impl Into<String>) -> ContentError {
        ContentError(message.into())
    }

    /// This error within `what` (a claim, a parameter): `what: message`.
    #[must_use]
    pub fn within(self, what: impl fmt::Display) -> ContentError {
        ContentError(format!("{what}: {}", self.0))
    }
}

/// The message, as text (a test asks what it says).
impl std::ops::Deref for ContentError {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<String> for ContentError {
    fn from(message: String) -> ContentError {
        ContentError(message)
    }
}

impl From<&str> for ContentError {
    fn from(message: &str) -> ContentError {
        ContentError(message.to_string())
    }
}

impl From<ContentError> for String {
    fn from(error: ContentError) -> String {
        error.0
    }
}

/// Maps byte offsets of one source file to lines and columns.
pub struct Source<'a> {
    /// The file.
    pub path: &'a Path,
    /// Its text.
    pub text: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> Source<'a> {
    /// The map of `text`, the file at `path`.
    pub fn new(path: &'a Path, text: &'a str) -> Source<'a> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Source {
            path,
            text,
            line_starts,
        }
    }

    /// The 1-based line and column of byte `offset`.
    pub fn position(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let col = self.text[start..offset].chars().count() + 1;
        (line + 1, col)
    }

    /// The text of 1-based `line`, without its newline.
    pub fn line_text(&self, line: usize) -> &'a str {
        let start = self.line_starts[line - 1];
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |&e| e - 1);
        self.text[start..end].trim_end_matches('\r')
    }

    /// An error at byte `offset`, showing its line.
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.position(offset);
        Diagnostic {
            path: self.path.to_path_buf(),
            line,
            col,
            message: message.into(),
            excerpt: Some(window(self.line_text(line), col)),
            warning: false,
        }
    }

    /// A warning at byte `offset`, shown with its line.
    pub fn warning_at(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            warning: true,
            ..self.error_at(offset, message)
        }
    }
}

/// How many characters of what an author wrote an error echoes.
const ECHOED: usize = 60;

/// At most 60 characters (`ECHOED`) of `text`, with `...` where it was cut:
/// what an error echoes of a value, a name or an argument, however long.
pub fn cut(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(ECHOED) {
        Some((i, _)) => Cow::Owned(format!("{}...", &text[..i])),
        None => Cow::Borrowed(text),
    }
}

/// How long a word of a message may be before [`cut_words`] cuts it.
const LONGEST_WORD: usize = 120;

/// `message` with every word (a run of characters other than spaces) of
/// more than 120 characters (`LONGEST_WORD`) [`cut`]: an argument, a value or a
/// number of 100 KB echoed in an error is shown by its start.
pub fn cut_words(message: &str) -> Cow<'_, str> {
    let long = |word: &&str| word.chars().nth(LONGEST_WORD).is_some();
    if !message.split(char::is_whitespace).any(|w| long(&w)) {
        return Cow::Borrowed(message);
    }
    let mut out = String::with_capacity(message.len().min(4096));
    let mut rest = message;
    while !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, tail) = rest.split_at(end);
        out.push_str(&cut(word));
        let spaces = tail.len() - tail.trim_start().len();
        out.push_str(&tail[..spaces]);
        rest = &tail[spaces..];
    }
    Cow::Owned(out)
}

/// The characters that change the direction text is shown in (embeddings,
/// overrides, isolates and marks), so that a name or a title shows as
/// another.
pub const BIDI_CONTROLS: [char; 12] = [
    '\u{061C}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
];

/// The first character of `text`, a title, a summary or a setting that
/// reaches the feed and the sitemap, that such a text may not hold: a
/// control character but those in `allowed`, a noncharacter XML 1.0
/// forbids (U+FFFE, U+FFFF; with the C0 controls, every character it
/// forbids that a Rust string can hold) or a bidirectional control. Say why
/// with [`control_character`].
pub fn forbidden_character(text: &str, allowed: &str) -> Option<char> {
    text.chars().find(|&c| {
        (c.is_control() && !allowed.contains(c))
            || matches!(c, '\u{FFFE}' | '\u{FFFF}')
            || BIDI_CONTROLS.contains(&c)
    })
}

/// Why a string holding control character `c` (or another character
/// [`forbidden_character`] finds) is refused.
pub fn control_character(key: &str, c: char) -> String {
    let code = c as u32;
    if matches!(c, '\u{FFFE}' | '\u{FFFF}') {
        return format!(
            "`{key}` holds the noncharacter U+{code:04X}, which XML forbids (the feed and the \
             sitemap are XML); remove it"
        );
    }
    if BIDI_CONTROLS.contains(&c) {
        return format!(
            "`{key}` holds the bidirectional control U+{code:04X}, which makes a text read \
             otherwise than it is; remove it"
        );
    }
    let name = match c {
        '\t' => " (a tab)".to_string(),
        '\r' => " (a carriage return)".to_string(),
        _ => String::new(),
    };
    format!(
        "`{key}` holds the control character U+{code:04X}{name}: in a TOML string in double quotes a \
         backslash starts an escape (`\\t` in `$\\times$` is a tab); write the string in single \
         quotes ('...'), where backslashes are kept"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_escapes_are_never_printed_raw() {
        let s = Source::new(
            Path::new("a\u{1b}]0;x\u{7}.md"),
            "ab \u{1b}[2J\u{9b}c bad\n",
        );
        let d = s.error_at(11, "`\u{1b}[31m` is\nbad").to_string();
        assert!(!d.chars().any(|c| c.is_control() && c != '\n'), "{d:?}");
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(
            lines[..2],
            ["a\\u{1b}]0;x\\u{7}.md:1:11: error: `\\u{1b}[31m` is", "bad"]
        );
        assert_eq!(lines[3], "1 | ab \\u{1b}[2J\\u{9b}c bad");
        // The caret is under `bad`, past the escapes.
        assert_eq!(lines[4].find('^'), lines[3].find("bad"));
        assert_eq!(escaped("a\tb", "\t"), "a\tb");
    }

    #[test]
    fn positions_count_lines_and_characters_from_one() {
        let s = Source::new(Path::new("a.md"), "ab\ncé d\n");
        assert_eq!(s.position(0), (1, 1));
        assert_eq!(s.position(3), (2, 1));
        assert_eq!(s.position(7), (2, 4));
        assert_eq!(s.line_text(2), "cé d");
    }

    #[test]
    fn shows_at_most_eighty_characters_around_the_column() {
        let line = format!("{}bad{}", "x".repeat(5000), "y".repeat(5000));
        let s = Source::new(Path::new("x.md"), &line);
        let d = s.error_at(5000, "bad").to_string();
        let shown = d.lines().nth(2).unwrap();
        assert!(shown.len() < 100, "{shown}");
        assert!(
            shown.starts_with("1 | ...x") && shown.ends_with("y..."),
            "{shown}"
        );
        let caret = d.lines().nth(3).unwrap();
        assert_eq!(
            shown.as_bytes()[caret.len() - 1],
            b'b',
            "the caret points at the column:\n{shown}\n{caret}"
        );
    }

    #[test]
    fn long_words_are_cut_and_short_ones_kept() {
        let long = "9".repeat(100_000);
        let message = format!("`{long}` (for `rows`) is not a value\n  next line");
        let cut = cut_words(&message);
        assert!(cut.len() < 200, "{cut}");
        assert!(cut.starts_with(&format!("`{}...", "9".repeat(59))), "{cut}");
        assert!(
            cut.ends_with(" (for `rows`) is not a value\n  next line"),
            "{cut}"
        );
        let path = format!("/{}", "a/".repeat(50));
        assert_eq!(cut_words(&path), path);
    }

    #[test]
    fn an_error_keeps_a_window_of_its_line_not_the_line() {
        let line = "{{ x }} ".repeat(25_000);
        let s = Source::new(Path::new("x.md"), &line);
        let d = s.error_at(100_000, "bad");
        let excerpt = d.excerpt.as_ref().unwrap();
        assert!(excerpt.shown.len() <= SHOWN + 6, "{excerpt:?}");
        assert_eq!((d.line, d.col), (1, 100_001));
    }

    #[test]
    fn errors_are_capped_per_file_and_in_all() {
        let errors = |file: &str, n: usize| {
            let s = Source::new(Path::new(file), "x");
            vec![s.error_at(0, "bad"); n]
        };
        let lines = capped(&[errors("a.md", 25), errors("b.md", 3)].concat());
        assert_eq!(lines.len(), 20 + 1 + 3, "{lines:#?}");
        assert_eq!(lines[20], "a.md: 5 more errors not shown");
        assert!(lines[21].starts_with("b.md:1:1: error: bad"), "{lines:#?}");
        let many: Vec<Diagnostic> = (0..200)
            .flat_map(|i| errors(&format!("{i:03}.md"), 2))
            .collect();
        let lines = capped(&many);
        assert_eq!(lines.len(), 101, "{lines:#?}");
        assert_eq!(lines[100], "300 more errors not shown");
        let lines = capped(&[errors("a.md", 90), errors("b.md", 90)].concat());
        assert_eq!(lines.len(), 20 + 1 + 20 + 1, "{lines:#?}");
        assert_eq!(lines[41], "b.md: 70 more errors not shown");
        assert_eq!(capped(&errors("a.md", 1)).len(), 1);
    }

    #[test]
    fn formats_like_rustc() {
        let s = Source::new(Path::new("x.md"), "one\ntwo three\n");
        let d = s.error_at(8, "bad");
        assert_eq!(
            d.to_string(),
            "x.md:2:5: error: bad\n  |\n2 | two three\n  |     ^"
        );
    }
}
