//! Loading essays: finding `content/**/*.md`, reading their TOML front matter
//! and arranging them into ladders of rungs. An `_index.md` is not an essay
//! but the words of a page that lists essays ([`Kind::Intro`]): in a folder,
//! its ladder's page; at the top of `content/`, the front page.
//!
//! Files are found by [`find`]; every file that cannot be read is an error. An essay's file name is its page's folder: a name that is
//! empty or only dots, or whose page would land on another output, is an error
//! naming both files; links to pages are percent-encoded.
//!
//! It imports diagnostics, typography, the file reader and [`super::layout`]
//! (the paths no essay may take); page rendering imports it, never the other
//! way.

use super::diagnostics::{
    BIDI_CONTROLS, ContentError, Diagnostic, Source, control_character, forbidden_character,
};
use super::read::{ESSAY, find, read_text};
use super::typography::smart;
use atom_syndication::FixedDateTime;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;
use unicode_normalization::UnicodeNormalization as _;

/// The front matter between the `+++` lines.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    /// The essay's title.
    pub title: String,
    /// The ladder's slug, with its byte range in the essay's source.
    ladder: Spanned<String>,
    /// Position in the ladder, with its byte range in the essay's source.
    rung: Spanned<u32>,
    /// A line for lists of essays and the feed.
    pub summary: Option<String>,
    /// When it was published, and last changed (shown on its page, in the feed).
    pub date: Option<toml::value::Datetime>,
    /// When it was last changed.
    pub updated: Option<toml::value::Datetime>,
    /// Left out of a build unless drafts are asked for.
    #[serde(default)]
    pub draft: bool,
    /// The title of the essay's ladder, for a ladder without an `_index.md`
    /// that titles it: the first rung's that sets one is used.
    pub ladder_title: Option<Spanned<String>>,
    /// Phrases whose every occurrence in the essay states a number rather
    /// than computes it (`given = ["two players"]`), each with its byte
    /// range in the essay's source: `ladder check --unclaimed` leaves their
    /// numbers out.
    #[serde(default)]
    pub given: Vec<Spanned<String>>,
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

/// The front matter of an `_index.md`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct IntroMatter {
    /// The ladder introduced; its folder's name by default.
    ladder: Option<Spanned<String>>,
    title: Option<Spanned<String>>,
    summary: Option<Spanned<String>>,
    /// Ladders are listed by weight, then slug.
    weight: Option<Spanned<i64>>,
    /// The figure the front page shows for the ladder: `ID` of a figure in
    /// this file, or `ESSAY#ID` of one in the ladder's essay `ESSAY.md`.
    figure: Option<Spanned<String>>,
    /// As an essay's.
    #[serde(default)]
    given: Vec<Spanned<String>>,
}

/// What a markdown file under `content/` is.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A rung of its ladder, with a page of its own.
    Essay,
    /// An `_index.md`: the words on its ladder's page, or (with an empty
    /// ladder) on the front page, whose title it may set.
    Intro {
        /// Where the ladder stands among ladders (`weight`).
        weight: i64,
        /// The ladder's title, when the introduction sets it.
        title: Option<String>,
        /// The figure it names for the front page, with its offset in the file.
        figure: Option<(usize, String)>,
    },
}

/// The file name of a page's introduction.
pub const INTRO: &str = "_index.md";

/// One essay (or introduction) as read from disk.
#[derive(Clone, Debug)]
pub struct Essay {
    /// The file, as given to the build (for error messages).
    pub path: PathBuf,
    /// The path under `content/`, with `/` separators (what `@/` links name).
    pub content_path: String,
    /// From the file name.
    pub slug: String,
    /// Its front matter.
    pub front: FrontMatter,
    /// The whole file.
    pub source: String,
    /// Byte offset where the markdown body starts.
    pub body_start: usize,
    /// An essay or an introduction.
    pub kind: Kind,
}

/// What a URL path segment leaves as it is: letters, digits and `-._~`.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

impl Essay {
    /// An essay of `body` at `path` in ladder `demo`, for tests.
    #[cfg(test)]
    pub fn of_body(path: &str, body: &str) -> Essay {
        let source = format!("+++\ntitle = \"t\"\nladder = \"demo\"\nrung = 1\n+++\n{body}");
        Essay::of_source(path, source).expect("front matter")
    }

    /// The essay at `path` whose file holds `source`, for tests.
    #[cfg(test)]
    pub fn of_source(path: &str, source: String) -> Result<Essay, Diagnostic> {
        let (front, body_start) = parse(Path::new(path), &source)?;
        Ok(Essay {
            path: path.into(),
            content_path: path.into(),
            slug: slug_of(Path::new(path), Path::new("")).expect("a slug"),
            front,
            source,
            body_start,
            kind: Kind::Essay,
        })
    }

    /// The page's URL path under the site root, percent-encoded, with a
    /// trailing slash: `a#b.md` is at `LADDER/a%23b/`; an introduction is
    /// on its ladder's page, `LADDER/`, or the front page, the empty URL.
    pub fn url(&self) -> String {
        match (&self.kind, self.front.ladder()) {
            (Kind::Intro { .. }, "") => String::new(),
            (Kind::Intro { .. }, ladder) => format!("{ladder}/"),
            (Kind::Essay, ladder) => {
                format!("{ladder}/{}/", utf8_percent_encode(&self.slug, SEGMENT))
            }
        }
    }

    /// The page's folder in the site: `LADDER/SLUG`, as the file system names
    /// it (`LADDER`, or the root, for an introduction).
    pub fn dir(&self) -> PathBuf {
        match self.kind {
            Kind::Intro { .. } => PathBuf::from(self.front.ladder()),
            Kind::Essay => Path::new(self.front.ladder()).join(&self.slug),
        }
    }

    /// Whether the essay is an `_index.md`.
    pub fn is_intro(&self) -> bool {
        matches!(self.kind, Kind::Intro { .. })
    }

    /// The markdown after the front matter.
    pub fn body(&self) -> &str {
        &self.source[self.body_start..]
    }
}

/// A ladder: its rungs in order.
#[derive(Clone, Debug)]
pub struct Ladder {
    /// The ladder's folder, the slug its essays name.
    pub slug: String,
    /// Its title: its introduction's, an essay's `ladder_title` or its slug's.
    pub title: String,
    /// Where the title comes from.
    pub titled: Titled,
    /// Its summary, from its introduction.
    pub summary: Option<String>,
    /// Indexes into the essays, ordered by rung.
    pub rungs: Vec<usize>,
    /// The index of its `_index.md` among the essays.
    pub intro: Option<usize>,
}

/// Where a ladder's title comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Titled {
    /// Its `_index.md`'s `title`.
    Intro,
    /// The `ladder_title` of its first rung that sets one, the essay at this
    /// index.
    Essay(usize),
    /// Its slug (`sylver-coinage` is "Sylver Coinage").
    Slug,
}

/// Reads every essay (`*.md`) and introduction ([`INTRO`]) under
/// `content_dir`, sorted by path. Reports
/// every file or folder that cannot be read, every symlink that leaves
/// `root`, every file name that cannot be a page and every wrong front matter.
pub fn load(content_dir: &Path, root: &Path) -> Result<Vec<Essay>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut paths = find(
        content_dir,
        root,
        &|name| name.ends_with(".md"),
        &mut errors,
    );
    paths.sort();
    let mut essays = Vec::new();
    for path in paths {
        let intro = path.file_name().is_some_and(|n| n == INTRO);
        let slug = match slug_of(&path, content_dir) {
            Ok(_) if intro => String::new(),
            Ok(slug) => slug,
            Err(message) => {
                errors.push(Diagnostic::file(&path, message));
                continue;
            }
        };
        let source = match read_text(&path, root, ESSAY) {
            Ok(s) => s,
            Err(unread) => {
                errors.push(unread.at(&path));
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
        let parsed = if intro {
            let folder = Path::new(&content_path)
                .parent()
                .and_then(Path::file_name)
                .map(|f| f.to_string_lossy());
            parse_intro(&path, &source, folder.as_deref())
        } else {
            parse(&path, &source).map(|(front, body_start)| (front, body_start, Kind::Essay))
        };
        match parsed {
            Ok((front, body_start, kind)) => essays.push(Essay {
                path,
                content_path,
                slug,
                front,
                source,
                body_start,
                kind,
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

/// The slug of the essay at `path`: its file name without `.md`. Refuses a
/// name that is not UTF-8 (under `content_dir`), one holding a
/// bidirectional control, and one that is empty or only dots (`..md` would
/// be the ladder's own page, `...md` the site's).
fn slug_of(path: &Path, content_dir: &Path) -> Result<String, ContentError> {
    let relative = path.strip_prefix(content_dir).unwrap_or(path);
    if relative.to_str().is_none() {
        return Err(format!(
            "the path {} is not valid UTF-8; essays need names that can be URLs",
            relative.display()
        )
        .into());
    }
    if let Some(c) = relative
        .to_string_lossy()
        .chars()
        .find(|c| BIDI_CONTROLS.contains(c))
    {
        return Err(format!(
            "the path {} holds the bidirectional control U+{:04X}, which makes a name read \
             otherwise than it is; rename it",
            relative.display(),
            c as u32
        )
        .into());
    }
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let slug = name.strip_suffix(".md").unwrap_or(name);
    if slug.chars().all(|c| c == '.') {
        return Err(format!(
            "the file name `{name}` cannot be a page: the page's folder is the name without \
             `.md`, which must not be empty or only dots"
        )
        .into());
    }
    Ok(slug.to_string())
}

/// Splits off and parses the front matter; returns it and where the body starts.
pub fn parse(path: &Path, source: &str) -> Result<(FrontMatter, usize), Diagnostic> {
    let src = Source::new(path, source);
    let (mut front, toml, body_start): (FrontMatter, _, _) = split(&src, source)?;
    let open_end = toml.start;
    // Spans from here on are in the whole source.
    let shift = |span: std::ops::Range<usize>| open_end + span.start..open_end + span.end;
    front.ladder = Spanned::new(shift(front.ladder.span()), front.ladder.into_inner());
    front.rung = Spanned::new(shift(front.rung.span()), front.rung());
    front.given = std::mem::take(&mut front.given)
        .into_iter()
        .map(|g| Spanned::new(shift(g.span()), g.into_inner()))
        .collect();
    check_slug(&src, &front.ladder)?;
    // A title is one line; a summary may run over several.
    let texts = [
        ("title", Some(&front.title), ""),
        ("summary", front.summary.as_ref(), "\n"),
        (
            "ladder_title",
            front.ladder_title.as_ref().map(Spanned::get_ref),
            "",
        ),
    ];
    let at = |key: &str| {
        let spans: BTreeMap<String, Spanned<toml::Value>> =
            toml::from_str(&source[toml.clone()]).unwrap_or_default();
        open_end + spans.get(key).map_or(0, |v| v.span().start)
    };
    for (key, text, allowed) in texts {
        if let Some(c) = text.and_then(|t| forbidden_character(t, allowed)) {
            return Err(src.error_at(at(key), control_character(key, c)));
        }
    }
    for (key, date) in [("date", &front.date), ("updated", &front.updated)] {
        if date.is_some_and(|d| d.date.is_none()) {
            return Err(src.error_at(
                at(key),
                format!("`{key}` is a time without a date; expected a date such as 2024-03-01"),
            ));
        }
    }
    if let (Some(date), Some(updated)) = (&front.date, &front.updated)
        && datetime(updated) < datetime(date)
    {
        return Err(src.error_at(
            at("updated"),
            format!("`updated` ({updated}) is before `date` ({date}); an essay is updated after it is published"),
        ));
    }
    front.title = smart(&front.title);
    front.summary = front.summary.as_deref().map(smart);
    front.ladder_title = front
        .ladder_title
        .map(|t| Spanned::new(shift(t.span()), smart(t.get_ref())));
    Ok((front, body_start))
}

/// Parses an `_index.md` in the folder `folder` (`None` at the top of
/// `content/`): the front matter an essay's page would have, and its kind.
fn parse_intro(
    path: &Path,
    source: &str,
    folder: Option<&str>,
) -> Result<(FrontMatter, usize, Kind), Diagnostic> {
    let src = Source::new(path, source);
    let (m, toml, body_start): (IntroMatter, _, _) = split(&src, source)?;
    let open_end = toml.start;
    let at = |span: std::ops::Range<usize>| open_end + span.start;
    let ladder = match (folder, m.ladder) {
        (None, Some(l)) => {
            return Err(src.error_at(
                at(l.span()),
                "content/_index.md introduces the front page, not a ladder: remove `ladder`, \
                 or move the file into the ladder's folder",
            ));
        }
        (None, None) => Spanned::new(0..0, String::new()),
        (Some(_), Some(l)) => Spanned::new(at(l.span())..at(l.span()), l.into_inner()),
        (Some(folder), None) => Spanned::new(0..0, folder.to_string()),
    };
    if folder.is_some() {
        check_slug(&src, &ladder)?;
    } else if let Some(key) = [m.summary.as_ref().map(toml::Spanned::span)]
        .into_iter()
        .chain([m.weight.as_ref().map(toml::Spanned::span)])
        .chain([m.figure.as_ref().map(toml::Spanned::span)])
        .flatten()
        .next()
    {
        return Err(src.error_at(
            at(key),
            "content/_index.md sets the front page's `title` and words only: \
             `summary`, `weight` and `figure` belong to a ladder's _index.md",
        ));
    }
    let texts = [(&m.title, "title", ""), (&m.summary, "summary", "\n")];
    for (text, key, allowed) in texts {
        if let Some(t) = text
            && let Some(c) = forbidden_character(t.get_ref(), allowed)
        {
            return Err(src.error_at(at(t.span()), control_character(key, c)));
        }
    }
    let title = m.title.map(|t| smart(t.get_ref()));
    let front = FrontMatter {
        title: title.clone().unwrap_or_else(|| title_of(ladder.get_ref())),
        ladder,
        rung: Spanned::new(0..0, 0),
        summary: m.summary.map(|s| smart(s.get_ref())),
        date: None,
        updated: None,
        draft: false,
        ladder_title: None,
        given: m
            .given
            .into_iter()
            .map(|g| Spanned::new(at(g.span())..at(g.span()), g.into_inner()))
            .collect(),
    };
    let weight = m.weight.map_or(0, Spanned::into_inner);
    let figure = m.figure.map(|f| (at(f.span()), f.into_inner()));
    Ok((
        front,
        body_start,
        Kind::Intro {
            weight,
            title,
            figure,
        },
    ))
}

/// A ladder's slug is lowercase letters, digits and `-`.
fn check_slug(src: &Source<'_>, ladder: &Spanned<String>) -> Result<(), Diagnostic> {
    let slug = ladder.get_ref();
    if slug.is_empty()
        || !slug
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(src.error_at(
            ladder.span().start,
            format!("ladder `{slug}` must be a slug: lowercase letters, digits and `-`"),
        ));
    }
    Ok(())
}

/// Splits off the front matter between the `+++` lines and deserialises it;
/// returns it, where its TOML is and where the body starts.
fn split<T: serde::de::DeserializeOwned>(
    src: &Source<'_>,
    source: &str,
) -> Result<(T, std::ops::Range<usize>, usize), Diagnostic> {
    let expected = "expected the file to open with TOML front matter between `+++` lines";
    // A byte-order mark, which some editors write, comes before the `+++`.
    let start = if source.starts_with('\u{feff}') { 3 } else { 0 };
    let first = source[start..].lines().next().unwrap_or("");
    if first.trim_end() != "+++" {
        return Err(src.error_at(0, expected));
    }
    let open_end = start + first.len() + 1;
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
    let front = toml::from_str(toml_text).map_err(|e| {
        let offset = open_end + e.span().map_or(0, |s| s.start);
        src.error_at(offset, format!("front matter: {}", e.message()))
    })?;
    Ok((front, open_end..close, body_start))
}

/// Groups essays into ladders (sorted by their introductions' weight, then
/// slug), each ordered by rung. Two essays with the same ladder and rung, or
/// the same URL, are errors, as are two introductions of one ladder and one
/// of a ladder no essay is on.
pub fn ladders(essays: &[Essay]) -> Result<Vec<Ladder>, Vec<Diagnostic>> {
    let mut by_slug: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut intros: BTreeMap<&str, usize> = BTreeMap::new();
    let mut errors = Vec::new();
    for (i, e) in essays.iter().enumerate() {
        if !e.is_intro() {
            by_slug.entry(e.front.ladder()).or_default().push(i);
        } else if let Some(&first) = intros.get(e.front.ladder()) {
            errors.push(Diagnostic::file(
                &e.path,
                format!(
                    "ladder `{}` is introduced twice: here and in {}",
                    e.front.ladder(),
                    essays[first].path.display()
                ),
            ));
        } else {
            intros.insert(e.front.ladder(), i);
        }
    }
    for (slug, &i) in &intros {
        if !slug.is_empty() && !by_slug.contains_key(slug) {
            errors.push(Source::new(&essays[i].path, &essays[i].source).error_at(
                essays[i].front.ladder.span().start,
                format!("this introduces the ladder `{slug}`, but no essay is on it"),
            ));
        }
    }
    let mut out = Vec::new();
    for (slug, mut rungs) in by_slug {
        if let Some((_, what)) = super::layout::FOLDERS.iter().find(|f| f.0 == slug) {
            for &i in &rungs {
                errors.push(rung_error_at_ladder(&essays[i], slug, what));
            }
        }
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
        errors.extend(same_folders(essays, &rungs));
        errors.extend(folders_on_files(essays, slug, &rungs));
        let intro = intros.get(slug).copied();
        let (title, titled) = title(essays, slug, intro, &rungs);
        out.push(Ladder {
            slug: slug.to_string(),
            title,
            titled,
            summary: intro.and_then(|i| essays[i].front.summary.clone()),
            rungs,
            intro,
        });
    }
    let weight = |l: &Ladder| match l.intro.map(|i| &essays[i].kind) {
        Some(Kind::Intro { weight, .. }) => *weight,
        _ => 0,
    };
    out.sort_by(|a, b| (weight(a), &a.slug).cmp(&(weight(b), &b.slug)));
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Two essays of a ladder (`rungs`) whose pages would be one folder: with
/// the same name, or, on macOS and Windows, names that differ only in
/// letter case, and on macOS names that are one in Unicode's composed form
/// (`é` as one character or two).
fn same_folders(essays: &[Essay], rungs: &[usize]) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let mut slugs: Vec<(String, usize)> = rungs
        .iter()
        .map(|&i| (essays[i].slug.nfc().collect::<String>().to_lowercase(), i))
        .collect();
    slugs.sort_by(|x, y| x.0.cmp(&y.0).then(essays[x.1].path.cmp(&essays[y.1].path)));
    for pair in slugs.windows(2) {
        let (a, b) = (&essays[pair[0].1], &essays[pair[1].1]);
        if pair[0].0 == pair[1].0 {
            let case = if a.slug == b.slug {
                ""
            } else if a.slug.to_lowercase() == b.slug.to_lowercase() {
                " on a file system that ignores letter case (macOS, Windows)"
            } else {
                " on a file system that ignores letter case or how accents are composed \
                 (macOS)"
            };
            errors.push(Diagnostic::file(
                &b.path,
                format!(
                    "essays {} and {} would both be at {}{case}; rename one",
                    a.path.display(),
                    b.path.display(),
                    b.dir().display()
                ),
            ));
        }
    }
    errors
}

/// Essays of the ladder `slug` (`rungs`) whose page's folder is where the
/// site has a file.
fn folders_on_files(essays: &[Essay], slug: &str, rungs: &[usize]) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for &i in rungs {
        let e = &essays[i];
        let dir = format!("{slug}/{}", e.slug).to_lowercase();
        let other = if dir == format!("{slug}/index.html") {
            Some(format!(
                "{slug}/index.html, the page of the ladder `{slug}`"
            ))
        } else {
            super::layout::site_files()
                .find(|f| f.to_lowercase() == dir)
                .map(|f| format!("{f}, which every site carries"))
        };
        if let Some(other) = other {
            errors.push(Diagnostic::file(
                &e.path,
                format!(
                    "the page of this essay would be the folder {}/, but the site has the file \
                     {other}; rename the essay",
                    e.dir().display()
                ),
            ));
        }
    }
    errors
}

/// A ladder whose page would be the list of every essay.
fn rung_error_at_ladder(essay: &Essay, slug: &str, what: &str) -> Diagnostic {
    Source::new(&essay.path, &essay.source).error_at(
        essay.front.ladder.span().start,
        format!("the ladder `{slug}` would be at {slug}/, {what}; rename the ladder"),
    )
}

fn rung_error(essay: &Essay, message: String) -> Diagnostic {
    let src = Source::new(&essay.path, &essay.source);
    src.error_at(essay.front.rung.span().start, message)
}

/// A ladder's title: its introduction's `title`, else the `ladder_title` of
/// its first rung that sets one, else its slug's words.
fn title(essays: &[Essay], slug: &str, intro: Option<usize>, rungs: &[usize]) -> (String, Titled) {
    let titled = intro.and_then(|i| match &essays[i].kind {
        Kind::Intro { title: Some(t), .. } => Some((t.clone(), Titled::Intro)),
        _ => None,
    });
    titled
        .or_else(|| {
            rungs.iter().find_map(|&i| {
                let t = essays[i].front.ladder_title.as_ref()?;
                Some((t.get_ref().clone(), Titled::Essay(i)))
            })
        })
        .unwrap_or_else(|| (title_of(slug), Titled::Slug))
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

/// A front-matter date as the feed writes it: a date alone is midnight UTC,
/// a time without an offset is UTC. `None` for a time without a date.
pub fn datetime(d: &toml::value::Datetime) -> Option<FixedDateTime> {
    d.date?;
    let mut text = d.to_string();
    if d.time.is_none() {
        text.push_str("T00:00:00");
    }
    if d.offset.is_none() {
        text.push('Z');
    }
    FixedDateTime::parse_from_rfc3339(&text.replacen(' ', "T", 1)).ok()
}

#[cfg(test)]
mod tests;
