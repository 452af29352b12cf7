//! What lets readers and search engines find the site once it is published:
//! an Atom feed of the essays by date and a sitemap of every page. Both name
//! pages by absolute URL, so both need the site's base URL; the feed's dates
//! are the essays' own, never the clock's, so two builds give the same bytes.
//!
//! It imports content, config, [`super::layout`] and the output's
//! `Files`.

use super::config::Config;
use super::content::{Essay, Ladder, datetime};
use super::layout::{FEED, SITEMAP};
use super::output::sink::Files;
use atom_syndication::{Entry, Feed, FixedDateTime, Link, Person, Text};

/// Adds the feed and the sitemap to `files` when the site has a base URL;
/// returns what was left out and why.
pub fn add(
    config: &Config,
    essays: &[Essay],
    ladders: &[Ladder],
    files: &mut Files,
) -> Vec<String> {
    let Some(base) = &config.base_url else {
        return vec![format!(
            "no base URL: {FEED}, {SITEMAP} and canonical links not written \
             (set base_url in ladder.toml or pass --base-url)"
        )];
    };
    files.add(SITEMAP, sitemap(base, &page_urls(essays, ladders)));
    match feed(config, base, essays) {
        Some(xml) => {
            files.add(FEED, xml);
            Vec::new()
        }
        None => vec![format!("no essay has a date: {FEED} not written")],
    }
}

/// The Atom feed of every dated essay, newest first, under `base` (a base
/// URL ending in `/`); `None` when no essay has a date.
pub fn feed(config: &Config, base: &str, essays: &[Essay]) -> Option<String> {
    let mut entries: Vec<(FixedDateTime, Entry)> = essays
        .iter()
        .filter(|e| !e.is_intro())
        .filter_map(|e| {
            let published = datetime(e.front.date.as_ref()?)?;
            let updated = e
                .front
                .updated
                .as_ref()
                .and_then(datetime)
                .unwrap_or(published);
            let url = format!("{base}{}", e.url());
            let mut entry = Entry::default();
            entry.set_title(Text::plain(e.front.title.clone()));
            entry.set_id(url.clone());
            entry.set_links(vec![Link {
                href: url,
                ..Link::default()
            }]);
            entry.set_published(Some(published));
            entry.set_updated(updated);
            entry.set_summary(e.front.summary.clone().map(Text::plain));
            Some((updated, entry))
        })
        .collect();
    // Newest first; ties by id, so the order never depends on the file system.
    entries.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.id.cmp(&b.1.id)));
    let updated = entries.first()?.0;
    let mut feed = Feed::default();
    feed.set_title(Text::plain(config.title.clone()));
    feed.set_subtitle(config.description.clone().map(Text::plain));
    feed.set_id(base.to_string());
    feed.set_updated(updated);
    feed.set_lang(Some(config.language.clone()));
    feed.set_rights(config.licence.clone().map(Text::plain));
    feed.set_authors(vec![Person {
        name: config
            .author
            .clone()
            .unwrap_or_else(|| config.title.clone()),
        ..Person::default()
    }]);
    feed.set_links(vec![
        Link {
            href: base.to_string(),
            ..Link::default()
        },
        Link {
            href: format!("{base}{FEED}"),
            rel: "self".into(),
            mime_type: Some("application/atom+xml".into()),
            ..Link::default()
        },
    ]);
    feed.set_entries(entries.into_iter().map(|(_, e)| e).collect::<Vec<_>>());
    let bytes = feed.write_to(Vec::new()).expect("a feed writes to memory");
    let mut xml = String::from_utf8(bytes).expect("a feed is UTF-8");
    xml.push('\n');
    Some(xml)
}

/// Every page's URL relative to the site root: the front page, the list of
/// every essay, the search page, each ladder's page and each essay's.
pub fn page_urls(essays: &[Essay], ladders: &[Ladder]) -> Vec<String> {
    let mut urls = vec![String::new(), "essays/".to_string(), "search/".to_string()];
    for ladder in ladders {
        urls.push(format!("{}/", ladder.slug));
        urls.extend(ladder.rungs.iter().map(|&i| essays[i].url()));
    }
    urls
}

/// The sitemap of `urls` (relative to `base`, a base URL ending in `/`).
pub fn sitemap(base: &str, urls: &[String]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for url in urls {
        xml.push_str(&format!(
            "<url><loc>{}</loc></url>\n",
            html_escape::encode_text(&format!("{base}{url}"))
        ));
    }
    xml.push_str("</urlset>\n");
    xml
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn dates_become_rfc_3339_times_in_utc_unless_they_say_otherwise() {
        let at = |s: &str| datetime(&s.parse().unwrap()).map(|d| d.to_rfc3339());
        assert_eq!(at("2024-03-01").unwrap(), "2024-03-01T00:00:00+00:00");
        assert_eq!(
            at("2024-03-01T10:30:00").unwrap(),
            "2024-03-01T10:30:00+00:00"
        );
        assert_eq!(
            at("2024-03-01 10:30:00+02:00").unwrap(),
            "2024-03-01T10:30:00+02:00"
        );
        assert_eq!(at("10:30:00"), None);
    }

    /// Strings of any characters, those XML forbids or a reader could be
    /// fooled by among them more often than chance would have it.
    fn text() -> impl Strategy<Value = String> {
        let special = prop::sample::select(vec![
            '\u{0}',
            '\u{1}',
            '\u{8}',
            '\u{B}',
            '\u{1B}',
            '\u{7F}',
            '\u{85}',
            '\u{9F}',
            '\u{FFFE}',
            '\u{FFFF}',
            '\u{FDD0}',
            '\u{1FFFE}',
            '\u{10FFFF}',
            '\u{202E}',
            '\u{2066}',
            '\n',
            '\t',
            '<',
            '&',
            ']',
            '>',
            '"',
        ]);
        prop::collection::vec(prop_oneof![any::<char>(), special], 0..12)
            .prop_map(|chars| chars.into_iter().collect())
    }

    proptest! {
        /// The feed is well-formed XML, holding the texts as written, for
        /// any title, summary and settings the build accepts (issue 44, H2).
        #[test]
        fn the_feed_parses_for_any_text_the_build_accepts(
            title in text(), summary in text(), site in text(), author in text()
        ) {
            let quoted = |s: &str| toml::Value::String(s.into()).to_string();
            let source = format!(
                "+++\ntitle = {}\nladder = \"demo\"\nrung = 1\ndate = 2024-03-01\n\
                 summary = {}\n+++\n",
                quoted(&title),
                quoted(&summary)
            );
            let root = tempfile::tempdir().unwrap();
            let settings = format!("title = {}\nauthor = {}\n", quoted(&site), quoted(&author));
            std::fs::write(root.path().join("ladder.toml"), settings).unwrap();
            let (Ok(essay), Ok(config)) = (
                Essay::of_source("demo/one.md", source),
                Config::load(root.path()),
            ) else {
                return Ok(());
            };
            let shown = essay.front.title.clone();
            let xml = feed(&config, "https://a.org/", &[essay]).unwrap();
            let doc = roxmltree::Document::parse(&xml);
            prop_assert!(doc.is_ok(), "{:?}: {xml:?}", doc.err());
            let doc = doc.unwrap();
            let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
            prop_assert!(shown.is_empty() || texts.contains(&shown.as_str()), "{texts:?}");
        }
    }

    #[test]
    fn a_sitemap_escapes_what_xml_needs() {
        let xml = sitemap("https://a.org/?x&y/", &["b/".into()]);
        assert!(
            xml.contains("<loc>https://a.org/?x&amp;y/b/</loc>"),
            "{xml}"
        );
    }
}
