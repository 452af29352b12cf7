//! Loading essays: finding `content/**/*.md`, reading their TOML front matter
//! and arranging them into ladders of rungs.

use super::diagnostics::{Diagnostic, Source};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The front matter between the `+++` lines.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    pub title: String,
    /// The ladder's slug, with its byte range in the essay's source.
    ladder: Spanned<String>,
    /// Position in the ladder, with its byte range in the essay's source.
    rung: Spanned<u32>,
    pub summary: Option<String>,
    pub date: Option<toml::value::Datetime>,
}

impl FrontMatter {
    /// The ladder's slug.
    pub fn ladder(&self) -> &str {
        self.ladder.get_ref()
    }

    /// Position in the ladder.
    pub fn rung(&self) -> u32 {
        *self.rung.get_ref()
    }
}

/// One essay as read from disk.
#[derive(Clone, Debug)]
pub struct Essay {
    /// The file, as given to the build (for error messages).
    pub path: PathBuf,
    /// The path under `content/`, with `/` separators (what `@/` links name).
    pub content_path: String,
    /// From the file name.
    pub slug: String,
    pub front: FrontMatter,
    /// The whole file.
    pub source: String,
    /// Byte offset where the markdown body starts.
    pub body_start: usize,
}

impl Essay {
    /// The page's URL path under the site root, with a trailing slash.
    pub fn url(&self) -> String {
        format!("{}/{}/", self.front.ladder(), self.slug)
    }

    pub fn body(&self) -> &str {
        &self.source[self.body_start..]
    }
}

/// A ladder: its rungs in order.
#[derive(Clone, Debug)]
pub struct Ladder {
    pub slug: String,
    pub title: String,
    /// Indexes into the essays, ordered by rung.
    pub rungs: Vec<usize>,
}

/// Reads every essay under `content_dir`, sorted by path. Reports every file
/// that cannot be read or whose front matter is wrong.
pub fn load(content_dir: &Path) -> Result<Vec<Essay>, Vec<Diagnostic>> {
    let mut paths: Vec<PathBuf> = walkdir::WalkDir::new(content_dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "md"))
        .map(|e| e.into_path())
        .collect();
    paths.sort();
    let mut essays = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        let source = match std::fs::read_to_string(&path) {
            Ok(s) => s,
            Err(e) => {
                errors.push(Diagnostic::file(&path, format!("cannot read: {e}")));
                continue;
            }
        };
        let content_path = path
            .strip_prefix(content_dir)
            .unwrap_or(&path)
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        match parse(&path, &source) {
            Ok((front, body_start)) => essays.push(Essay {
                slug: slug_of(&path),
                content_path,
                front,
                body_start,
                source,
                path,
            }),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(essays)
    } else {
        Err(errors)
    }
}

fn slug_of(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default()
}

/// Splits off and parses the front matter; returns it and where the body starts.
pub fn parse(path: &Path, source: &str) -> Result<(FrontMatter, usize), Diagnostic> {
    let src = Source::new(path, source);
    let expected = "expected the file to open with TOML front matter between `+++` lines";
    let first = source.lines().next().unwrap_or("");
    if first.trim_end() != "+++" {
        return Err(src.error_at(0, expected));
    }
    let open_end = first.len() + 1;
    let Some(close) = source[open_end.min(source.len())..]
        .match_indices("+++")
        .map(|(i, _)| i + open_end)
        .find(|&i| {
            source[..i].ends_with('\n')
                && source[i + 3..]
                    .lines()
                    .next()
                    .is_some_and(|l| l.trim().is_empty())
        })
    else {
        return Err(src.error_at(0, "front matter is not closed: expected a line `+++`"));
    };
    let toml_text = &source[open_end..close];
    let body_start = source[close..]
        .find('\n')
        .map_or(source.len(), |n| close + n + 1);
    let mut front: FrontMatter = toml::from_str(toml_text).map_err(|e| {
        let offset = open_end + e.span().map_or(0, |s| s.start);
        src.error_at(offset, format!("front matter: {}", e.message()))
    })?;
    // Spans from here on are in the whole source.
    let shift = |span: std::ops::Range<usize>| open_end + span.start..open_end + span.end;
    front.ladder = Spanned::new(shift(front.ladder.span()), front.ladder.into_inner());
    front.rung = Spanned::new(shift(front.rung.span()), front.rung());
    let ladder = front.ladder();
    if ladder.is_empty()
        || !ladder
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(src.error_at(
            front.ladder.span().start,
            format!("ladder `{ladder}` must be a slug: lowercase letters, digits and `-`"),
        ));
    }
    Ok((front, body_start))
}

/// Groups essays into ladders (sorted by slug), each ordered by rung. Two essays
/// with the same ladder and rung, or the same URL, are errors.
pub fn ladders(essays: &[Essay]) -> Result<Vec<Ladder>, Vec<Diagnostic>> {
    let mut by_slug: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, e) in essays.iter().enumerate() {
        by_slug.entry(e.front.ladder()).or_default().push(i);
    }
    let mut errors = Vec::new();
    let mut out = Vec::new();
    for (slug, mut rungs) in by_slug {
        rungs.sort_by_key(|&i| (essays[i].front.rung(), essays[i].path.clone()));
        for pair in rungs.windows(2) {
            let (a, b) = (&essays[pair[0]], &essays[pair[1]]);
            if a.front.rung() == b.front.rung() {
                errors.push(rung_error(
                    b,
                    format!(
                        "ladder `{slug}` has rung {} twice: here and in {}",
                        b.front.rung(),
                        a.path.display()
                    ),
                ));
            }
        }
        let mut slugs: Vec<usize> = rungs.clone();
        slugs.sort_by(|&x, &y| {
            essays[x]
                .slug
                .cmp(&essays[y].slug)
                .then(essays[x].path.cmp(&essays[y].path))
        });
        for pair in slugs.windows(2) {
            let (a, b) = (&essays[pair[0]], &essays[pair[1]]);
            if a.slug == b.slug {
                errors.push(Diagnostic::file(
                    &b.path,
                    format!(
                        "essays {} and {} would both be at {}",
                        a.path.display(),
                        b.path.display(),
                        b.url()
                    ),
                ));
            }
        }
        out.push(Ladder {
            slug: slug.to_string(),
            title: title_of(slug),
            rungs,
        });
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

fn rung_error(essay: &Essay, message: String) -> Diagnostic {
    let src = Source::new(&essay.path, &essay.source);
    src.error_at(essay.front.rung.span().start, message)
}

/// A ladder's display title from its slug: `sylver-coinage` is "Sylver Coinage".
pub fn title_of(slug: &str) -> String {
    slug.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(s: &str) -> Result<(FrontMatter, usize), Diagnostic> {
        parse(Path::new("e.md"), s)
    }

    #[test]
    fn reads_front_matter_and_finds_the_body() {
        let s = "+++\ntitle = \"T\"\nladder = \"chomp\"\nrung = 2\nsummary = \"S\"\n+++\nBody\n";
        let (f, start) = parse_str(s).unwrap();
        assert_eq!(f.title, "T");
        assert_eq!(f.rung(), 2);
        assert_eq!(f.summary.as_deref(), Some("S"));
        assert_eq!(&s[start..], "Body\n");
    }

    #[test]
    fn rejects_unknown_keys_at_their_line() {
        let e = parse_str("+++\ntitle = \"T\"\nladder = \"a\"\nrung = 1\ncolour = 3\n+++\n")
            .unwrap_err();
        assert_eq!(e.line, 5);
        assert!(
            e.message.contains("unknown field `colour`"),
            "{}",
            e.message
        );
    }

    #[test]
    fn rejects_missing_required_keys() {
        let e = parse_str("+++\ntitle = \"T\"\nladder = \"a\"\n+++\n").unwrap_err();
        assert!(e.message.contains("missing field `rung`"), "{}", e.message);
    }

    #[test]
    fn rejects_a_file_without_front_matter() {
        let e = parse_str("# Hello\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
        assert!(e.message.contains("+++"));
    }

    #[test]
    fn rejects_unclosed_front_matter_and_bad_slugs() {
        assert!(
            parse_str("+++\ntitle = \"T\"\n")
                .unwrap_err()
                .message
                .contains("not closed")
        );
        // The error is at the value, not at the word "ladder" in the title.
        let e =
            parse_str("+++\ntitle = \"Up the ladder\"\nladder = \"Big Topic\"\nrung = 1\n+++\n")
                .unwrap_err();
        assert_eq!((e.line, e.col), (3, 10));
    }

    #[test]
    fn titles_come_from_slugs() {
        assert_eq!(title_of("sylver-coinage"), "Sylver Coinage");
    }

    fn essay(path: &str, ladder: &str, rung: u32) -> Essay {
        let source = format!(
            "+++\ntitle = \"t\"\nsummary = \"the rung after\"\nladder = \"{ladder}\"\nrung = {rung}\n+++\n"
        );
        let (front, body_start) = parse(Path::new(path), &source).unwrap();
        Essay {
            path: path.into(),
            content_path: path.into(),
            slug: slug_of(Path::new(path)),
            front,
            source,
            body_start,
        }
    }

    #[test]
    fn orders_rungs_and_rejects_duplicates() {
        let es = vec![
            essay("b.md", "x", 2),
            essay("a.md", "x", 1),
            essay("c.md", "y", 1),
        ];
        let l = ladders(&es).unwrap();
        assert_eq!(l.len(), 2);
        assert_eq!(l[0].rungs, vec![1, 0]);
        let dup = vec![essay("a.md", "x", 1), essay("b.md", "x", 1)];
        let e = ladders(&dup).unwrap_err();
        // At the rung's value, not at the word "rung" in the summary.
        assert_eq!((e[0].line, e[0].col), (5, 8));
        assert!(e[0].message.contains("rung 1 twice"));
    }
}
