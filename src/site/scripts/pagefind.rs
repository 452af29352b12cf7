//! What Pagefind's search page makes of a page's `data-pagefind-*` values
//! and of the index built from them, and the rules that keep it text.
//!
//! Pagefind's default UI writes a filter's name and value with `innerHTML`
//! (`{@html filter}`, `{@html value}` in `pagefind_ui/default/svelte/
//! filters.svelte`), a result's excerpt likewise, and puts a `url` meta in the
//! result link's `href` and an `image` meta in an `<img src>` (`result.svelte`,
//! `result_with_subs.svelte`). So a filter, meta or sort value holds no `<` or
//! `&` (nothing the UI would read as markup), and a `url` or `image` meta is a
//! relative URL of the site itself. [`check`] applies this to an element's
//! attributes as Pagefind reads them (its `parse_attr_string`: `key:value`,
//! `key[attribute]`, a comma-separated list); [`in_fragment`] to what the
//! index holds of a page, where a value taken from an element's text is seen.
//! A page's text is not checked: the search page shows it as text.
//!
//! It imports the URL rules and [`Refusal`] of [`super`].

use super::{Refusal, other_site, url_refusal};

/// The attributes whose values Pagefind reads as `key:value` lists.
const LISTS: [&str; 4] = [
    "data-pagefind-filter",
    "data-pagefind-meta",
    "data-pagefind-default-meta",
    "data-pagefind-sort",
];

/// The meta keys the UI puts into a URL-valued attribute.
const URL_META: [&str; 2] = ["url", "image"];

/// An attribute's entries as Pagefind reads them: `key:value`, or a key alone
/// (its value is the element's text), `key[attr]` read from `attrs`.
fn entries(input: &str, attrs: &[(String, &str)]) -> Vec<String> {
    if let Some((keys, literal)) = input.split_once(':') {
        let mut entries = entries(keys, attrs);
        if let Some(last) = entries.last_mut() {
            last.push(':');
            last.push_str(literal);
        }
        return entries;
    }
    input
        .split(',')
        .map(|chunk| {
            let chunk = chunk.trim();
            match chunk
                .strip_suffix(']')
                .and_then(|c| c.split_once('['))
                .filter(|(key, attr)| !key.is_empty() && !attr.is_empty())
            {
                Some((key, attr)) => {
                    let attr = attr.to_ascii_lowercase();
                    let value = attrs.iter().find(|(a, _)| *a == attr).map_or("", |v| v.1);
                    format!("{key}:{value}")
                }
                None => chunk.to_string(),
            }
        })
        .collect()
}

/// Why `value` (a filter's or meta's name or value) would not be text in the
/// search page, if it would not.
fn markup(value: &str) -> Option<char> {
    value.chars().find(|c| matches!(c, '<' | '&'))
}

/// Why a `url` or `image` meta's `value` is refused, if it is.
fn foreign(value: &str) -> Option<String> {
    url_refusal(value)
        .map(|scheme| format!("a `{scheme}` URL"))
        .or_else(|| other_site(value).then(|| "a URL of another site".to_string()))
}

/// The first `data-pagefind-*` value of `<name>` the search page would not
/// show as text or as a link of the site's own.
pub fn check(name: &str, attrs: &[(String, &str)]) -> Option<Refusal> {
    for (attr, value) in attrs.iter().filter(|(a, _)| LISTS.contains(&a.as_str())) {
        let refuse = |what: String| {
            Some(Refusal::new(
                format!(
                    "{what} in `{attr}` of `<{name}>`: Pagefind's search page shows its \
                     filters and meta as HTML and its `url` and `image` as links (write text, \
                     and a relative URL of the site)"
                ),
                value.trim(),
            ))
        };
        for entry in entries(value, attrs) {
            let (key, value) = entry.split_once(':').unwrap_or((&entry, ""));
            if let Some(c) = markup(key).or_else(|| markup(value)) {
                return refuse(format!("`{c}`"));
            }
            if attr.ends_with("meta") && URL_META.contains(&key.trim()) {
                if !entry.contains(':') {
                    return refuse(format!("a `{key}` taken from the element's text"));
                }
                if let Some(why) = foreign(value) {
                    return refuse(why);
                }
            }
        }
    }
    None
}

/// What the search index holds of one page (a fragment, its JSON as
/// Pagefind writes it), checked as the search page shows it: the first
/// problem found, if any. Its text is not: Pagefind keeps it with its
/// entities decoded (`a < b`) and its search page escapes it again in
/// excerpts and shows titles as text (tests/browser/hostile.test.mjs
/// searches markup written as text and finds none of it in the page).
pub fn in_fragment(fragment: &serde_json::Value) -> Option<String> {
    let text = |v: &serde_json::Value| v.as_str().unwrap_or("").to_string();
    // What the index holds is HTML text already (`&lt;` for `<`): only a
    // `<` starts markup in it.
    let object = |key: &str| fragment[key].as_object().cloned().unwrap_or_default();
    for (key, values) in object("filters") {
        let values = values.as_array().cloned().unwrap_or_default();
        for value in std::iter::once(key.clone()).chain(values.iter().map(text)) {
            if value.contains('<') {
                return Some(format!("its filter `{key}` holds `<` (`{value}`)"));
            }
        }
    }
    for (key, value) in object("meta") {
        let value = text(&value);
        if value.contains('<') {
            return Some(format!("its meta `{key}` holds `<` (`{value}`)"));
        }
        // A result links its `url`; an `image` (Pagefind takes the page's
        // first image, a `data:` one too) goes into an `<img src>`, which
        // runs nothing.
        let why = match key.as_str() {
            "url" => foreign(&value),
            "image" => url_refusal(&value).map(|scheme| format!("a `{scheme}` URL")),
            _ => None,
        };
        if let Some(why) = why {
            return Some(format!("its meta `{key}` is {why} (`{value}`)"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(attr: &str, value: &str) -> bool {
        check("span", &[(attr.to_string(), value)]).is_some()
    }

    #[test]
    fn filter_and_meta_values_are_text_and_urls_of_the_site() {
        // Issue 44's S1 and S2.
        assert!(refused(
            "data-pagefind-filter",
            "tag:<img src=x onerror=alert(document.domain)>"
        ));
        assert!(refused(
            "data-pagefind-meta",
            "url:javascript:alert(document.domain)"
        ));
        assert!(refused(
            "data-pagefind-meta",
            "image:https://evil.example/x.png"
        ));
        assert!(refused("data-pagefind-meta", "url://evil.example/"));
        assert!(refused("data-pagefind-default-meta", "url"));
        assert!(refused("data-pagefind-filter", "<b>tag</b>:x"));
        assert!(refused("data-pagefind-sort", "date:&lt;i&gt;"));
        let attrs = [
            ("data-pagefind-meta".to_string(), "url[title]"),
            ("title".to_string(), " java\tscript:alert(1)"),
        ];
        assert!(check("a", &attrs).is_some());
        for ok in [
            ("data-pagefind-filter", "tag:zebra"),
            ("data-pagefind-filter", "ladder, tag:a, b"),
            ("data-pagefind-meta", "url:/chomp/bars/"),
            ("data-pagefind-meta", "image:../a.png, title:A zebra"),
            ("data-pagefind-meta", "title"),
        ] {
            assert!(!refused(ok.0, ok.1), "{ok:?}");
        }
    }

    #[test]
    fn entries_are_read_as_pagefind_reads_them() {
        let attrs = [("src".to_string(), "/cat.png"), ("alt".to_string(), "cat")];
        assert_eq!(
            entries("cat[src], cat-alt[alt]", &attrs),
            ["cat:/cat.png", "cat-alt:cat"]
        );
        assert_eq!(entries("a, b:c, d", &attrs), ["a", "b:c, d"]);
    }

    #[test]
    fn an_index_fragment_is_checked_as_the_search_page_shows_it() {
        let fragment = |content: &str, filters, meta| serde_json::json!({"url": "/a/", "content": content, "filters": filters, "meta": meta});
        let ok = fragment(
            "Text is shown as text: <img src=x onerror=alert(1)> & c > d",
            serde_json::json!({"tag": ["x & y"]}),
            serde_json::json!({"title": "T", "url": "/a/"}),
        );
        assert_eq!(in_fragment(&ok), None);
        let filter = fragment(
            "x",
            serde_json::json!({"tag": ["<img src=x>"]}),
            serde_json::json!({}),
        );
        assert!(in_fragment(&filter).is_some());
        let url = fragment(
            "x",
            serde_json::json!({}),
            serde_json::json!({"url": "javascript:x"}),
        );
        assert!(in_fragment(&url).is_some());
        let image = |url: &str| {
            fragment(
                "x",
                serde_json::json!({}),
                serde_json::json!({"image": url}),
            )
        };
        assert!(in_fragment(&image("javascript:x")).is_some());
        assert_eq!(in_fragment(&image("data:image/png;base64,iVBO")), None);
    }
}
