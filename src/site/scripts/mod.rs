//! What in a page could run script, and the checks that refuse it: built
//! pages carry no JavaScript unless `ladder.toml` allows it.
//!
//! The rules allow only what cannot run script, as `DOMPurify` and ammonia do,
//! rather than refusing what is known to: no `script`, `object`, `embed`,
//! `applet`, `frame`, `frameset` or `base` element; no `on...` attribute; a
//! URL (in a URL-valued attribute, a `srcset` or `ping` list, a `meta`
//! refresh, an SVG animation aimed at `href`, a CSS `url()` or `@import`)
//! only relative, `#...`, `http:`, `https:`, `mailto:` or
//! `data:image/{png,jpeg,gif,webp}`. A URL is read as the URL standard reads
//! it (tabs and newlines dropped, leading controls and spaces trimmed, the
//! scheme's case ignored), and every value as the parser decodes it.
//!
//! They are applied twice:
//!
//! - [`in_fragment`]: to the author's raw HTML, token by token, as an early
//!   error at its line;
//! - [`in_page`]: to the finished page (template applied, values and claims
//!   filled in, figures inlined), parsed by html5ever, the tree builder whose
//!   rules browsers follow, foreign content (SVG, `MathML`), `<template>`
//!   contents and every `srcdoc` document included. The browser builds its
//!   DOM from the whole page, after values are filled in, so this is the
//!   check that guarantees what a reader's browser receives.

mod pagefind;
pub mod policy;
mod svg;
mod tree;

pub use pagefind::in_fragment as in_index;
pub use svg::in_svg;
pub use tree::{finished, in_page};

/// What a file the site publishes as it is (`style.css`, `favicon.svg`),
/// named `name`, could run script for: a stylesheet's CSS and an SVG's
/// elements are checked by the rules of the pages.
pub fn in_static(name: &str, text: &str) -> Vec<Refusal> {
    match name.rsplit('.').next() {
        Some("css") => check_css(text, &format!("`{name}`")).into_iter().collect(),
        Some("svg") => in_svg(text),
        _ => Vec::new(),
    }
}

/// Elements that run script or load active content, whatever their attributes.
const ELEMENTS: [&str; 7] = [
    "script", "object", "embed", "applet", "frame", "frameset", "base",
];

/// Attributes whose value is one URL (compared in lower case; `xlink:href`
/// is `href`, `xml:base` is `xml:base`).
const URL_ATTRIBUTES: [&str; 18] = [
    "href",
    "src",
    "action",
    "formaction",
    "data",
    "poster",
    "background",
    "cite",
    "longdesc",
    "lowsrc",
    "dynsrc",
    "codebase",
    "manifest",
    "icon",
    "profile",
    "classid",
    "archive",
    "xml:base",
];

/// SVG's animation elements, which can set an attribute to a value.
const ANIMATIONS: [&str; 5] = [
    "animate",
    "set",
    "animatemotion",
    "animatetransform",
    "animatecolor",
];

/// How deep `srcdoc` documents may nest inside one another.
const SRCDOC_DEPTH: usize = 4;

/// Why part of a page could run script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What was found, and where in the page (an event handler
    /// `onerror` on `<img>`).
    pub why: String,
    /// A piece of the page's text that the author's source likely holds (the
    /// offending value, or `<name` for an element), to find its line.
    pub evidence: String,
}

impl Refusal {
    fn new(why: String, evidence: impl Into<String>) -> Refusal {
        Refusal {
            why,
            evidence: evidence.into(),
        }
    }

    /// The refusal as the error an author reads.
    pub fn message(&self) -> String {
        format!(
            "{}: built pages carry no JavaScript; set `[markdown] allow_scripts = true` in \
             ladder.toml to allow it",
            self.why
        )
    }

    /// A markdown link or image to a URL refused for `scheme`.
    pub fn link(scheme: &str) -> Refusal {
        Refusal::new(format!("a `{scheme}` link"), scheme)
    }

    /// The same refusal, inside the `srcdoc` of `<name>`.
    fn in_srcdoc(self, name: &str) -> Refusal {
        Refusal {
            why: format!("{} in the `srcdoc` of `<{name}>`", self.why),
            ..self
        }
    }
}

/// Why a URL would be refused: its scheme (`javascript:`, `data:image/svg+xml`),
/// or `None` for a URL that cannot run script. The URL is read as the URL
/// standard reads it, and again with every ASCII control and space taken out
/// (`\x01java\x03script:`), as `DOMPurify` does: not every reader of a page
/// parses URLs as a browser does.
pub fn url_refusal(url: &str) -> Option<String> {
    let squeezed: String = url
        .chars()
        .filter(|c| !(c.is_ascii_control() || c.is_whitespace()))
        .collect();
    scheme_refusal(&squeezed)
        .filter(|scheme| {
            scheme == "javascript:" || scheme == "vbscript:" || scheme.starts_with("data")
        })
        .or_else(|| scheme_refusal(&standard(url)))
}

/// `url` as the URL standard reads it: leading and trailing controls and
/// spaces trimmed, tabs and newlines dropped.
fn standard(url: &str) -> String {
    url.trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

/// Whether `url` leads away from the page's own site: it has a scheme, or
/// starts with two slashes (either way round), which name a host.
pub fn other_site(url: &str) -> bool {
    let url = standard(url);
    let slashes = |c: char| c == '/' || c == '\\';
    let scheme = url
        .split_once(':')
        .is_some_and(|(s, _)| !s.is_empty() && !s.contains(['/', '?', '#']));
    scheme || url.chars().take(2).filter(|c| slashes(*c)).count() == 2
}

/// [`url_refusal`] of a URL read one way.
fn scheme_refusal(url: &str) -> Option<String> {
    let scheme_end = url.find(':')?;
    let scheme = &url[..scheme_end];
    let is_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    if !is_scheme {
        // No scheme: a relative URL (`a/b:c`, `#x:y`).
        return None;
    }
    let scheme = scheme.to_ascii_lowercase();
    match scheme.as_str() {
        "http" | "https" | "mailto" => None,
        "data" => {
            let rest = &url[scheme_end + 1..];
            let mime = rest.split([',', ';']).next().unwrap_or("");
            let mime = mime.trim_matches(|c: char| c.is_ascii_whitespace());
            let mime = mime.to_ascii_lowercase();
            let image = ["image/png", "image/jpeg", "image/gif", "image/webp"];
            (!image.contains(&mime.as_str())).then(|| format!("data:{mime}"))
        }
        _ => Some(format!("{scheme}:")),
    }
}

/// What a URL in `attr` of `<name>` is refused for, if anything.
fn check_url(url: &str, attr: &str, name: &str) -> Option<Refusal> {
    url_refusal(url).map(|scheme| {
        Refusal::new(
            format!(
                "a `{scheme}` URL in `{attr}` of `<{name}>` (URLs may be relative, `#...`, \
                 `http:`, `https:`, `mailto:` or `data:image/` png, jpeg, gif or webp)"
            ),
            url.trim(),
        )
    })
}

/// The URLs of a `srcset` (the URL standard's candidate list: a URL, then
/// descriptors up to a comma outside parentheses).
fn srcset_urls(srcset: &str) -> Vec<&str> {
    let mut urls = Vec::new();
    let mut rest = srcset;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == ',');
        if rest.is_empty() {
            return urls;
        }
        let end = rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let url = &rest[..end];
        rest = &rest[end..];
        let trimmed = url.trim_end_matches(',');
        urls.push(trimmed);
        if trimmed.len() == url.len() {
            // Descriptors, up to a comma outside parentheses.
            let mut depth = 0usize;
            let mut end = rest.len();
            for (i, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => depth = depth.saturating_sub(1),
                    ',' if depth == 0 => {
                        end = i;
                        break;
                    }
                    _ => {}
                }
            }
            rest = &rest[end..];
        }
    }
}

/// The URLs a `meta` refresh's `content` could go to: the one the HTML
/// standard reads (`5; url=x`, `0;x`: all after the delay), and every
/// `;`- or `,`-separated piece of it, as older browsers read a second `url=`.
fn refresh_urls(content: &str) -> Vec<&str> {
    fn unquote(s: &str) -> &str {
        let s = s.trim();
        let s = match s.get(..3) {
            Some(u) if u.eq_ignore_ascii_case("url") => s[3..]
                .trim_start()
                .strip_prefix('=')
                .map_or(s, str::trim_start),
            _ => s,
        };
        s.trim_matches(|c| c == '"' || c == '\'')
    }
    let rest = content.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == ';' || c == ',');
    std::iter::once(unquote(rest))
        .chain(rest.split([';', ',']).map(unquote))
        .filter(|url| !url.is_empty())
        .collect()
}

/// CSS as the browser reads it for URLs: comments dropped and escapes
/// (`\75 rl(`) decoded, so `url(` and `@import` cannot hide.
fn decoded_css(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut chars = css.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            '\\' => {
                let mut hex = String::new();
                while hex.len() < 6
                    && let Some(&h) = chars.peek().filter(|h| h.is_ascii_hexdigit())
                {
                    hex.push(h);
                    chars.next();
                }
                if hex.is_empty() {
                    if let Some(next) = chars.next().filter(|c| *c != '\n') {
                        out.push(next);
                    }
                } else {
                    if chars.peek().is_some_and(char::is_ascii_whitespace) {
                        chars.next();
                    }
                    let code = u32::from_str_radix(&hex, 16).unwrap_or(0xFFFD);
                    out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// What CSS (a `style` attribute or element) is refused for: a script
/// scheme anywhere in it (CSS has no use for one, whatever holds it), a URL
/// in `url(...)`, `@import` or `image-set(...)` that could run script, or an
/// old engine's script hook (`expression(`, `behavior:`, `-moz-binding`).
fn check_css(css: &str, place: &str) -> Option<Refusal> {
    let css = decoded_css(css).to_ascii_lowercase();
    let squeezed: String = css
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect();
    for scheme in ["javascript:", "vbscript:"] {
        if squeezed.contains(scheme) {
            return Some(Refusal::new(
                format!("a `{scheme}` URL in the CSS of {place}"),
                scheme,
            ));
        }
    }
    for hook in ["expression(", "behavior:", "-moz-binding"] {
        if css.contains(hook) {
            return Some(Refusal::new(
                format!("`{hook}` in the CSS of {place}"),
                hook.trim_end_matches(['(', ':']),
            ));
        }
    }
    let quoted = |s: &str| {
        let s = s.trim_start();
        let q = s.chars().next().filter(|q| *q == '"' || *q == '\'')?;
        s[1..].split(q).next().map(str::to_string)
    };
    let mut urls = Vec::new();
    for (i, _) in css.match_indices("url(") {
        let arg = &css[i + 4..];
        let url =
            quoted(arg).unwrap_or_else(|| arg.split(')').next().unwrap_or("").trim().to_string());
        urls.push(url);
    }
    for (i, _) in css.match_indices("@import") {
        urls.extend(quoted(&css[i + 7..]));
    }
    for (i, _) in css.match_indices("image-set(") {
        urls.extend(quoted(&css[i + 10..]));
    }
    urls.iter().find_map(|url| {
        url_refusal(url).map(|scheme| {
            Refusal::new(
                format!("a `{scheme}` URL in the CSS of {place}"),
                url.clone(),
            )
        })
    })
}

/// What an element with these attributes is refused for, if anything.
/// `name` and each attribute's name are in lower case, a namespaced
/// attribute by its local name (`xlink:href` is `href`) but for `xml:base`;
/// values are as the parser decoded them. A `srcdoc` is left to the caller,
/// which checks it as a document of its own.
fn check_element(name: &str, attrs: &[(String, &str)]) -> Option<Refusal> {
    if ELEMENTS.contains(&name) {
        return Some(Refusal::new(
            format!("a `<{name}>` element"),
            format!("<{name}"),
        ));
    }
    check_attributes(name, attrs)
}

/// [`check_element`]'s rules for the attributes of `<name>`, whatever it is.
fn check_attributes(name: &str, attrs: &[(String, &str)]) -> Option<Refusal> {
    let attr = |wanted: &str| attrs.iter().find(|(a, _)| a == wanted).map(|(_, v)| *v);
    for (attr, value) in attrs {
        let attr = attr.as_str();
        if attr.starts_with("on") {
            return Some(Refusal::new(
                format!("an event handler `{attr}` on `<{name}>`"),
                format!("{attr}="),
            ));
        }
        let refusal = if URL_ATTRIBUTES.contains(&attr) {
            check_url(value, attr, name)
        } else if attr == "srcset" || attr == "imagesrcset" {
            srcset_urls(value)
                .into_iter()
                .find_map(|url| check_url(url, attr, name))
        } else if attr == "ping" {
            value
                .split_ascii_whitespace()
                .find_map(|url| check_url(url, attr, name))
        } else if attr == "style" {
            check_css(value, &format!("the `style` of `<{name}>`"))
        } else {
            None
        };
        if refusal.is_some() {
            return refusal;
        }
    }
    if name == "meta"
        && attr("http-equiv").is_some_and(|h| h.trim().eq_ignore_ascii_case("refresh"))
        && let Some(content) = attr("content")
    {
        let urls = refresh_urls(content);
        if let Some(refusal) = urls.iter().find_map(|url| check_url(url, "content", name)) {
            return Some(refusal);
        }
        if let Some(url) = urls.into_iter().find(|url| other_site(url)) {
            return Some(away(url, "a `<meta>` refresh"));
        }
    }
    for attr in ["action", "formaction"] {
        if let Some(url) = attrs.iter().find(|(a, _)| a == attr).map(|(_, v)| *v)
            && other_site(url)
        {
            return Some(away(url, &format!("`{attr}` of `<{name}>`")));
        }
    }
    if let Some(refusal) = pagefind::check(name, attrs) {
        return Some(refusal);
    }
    if ANIMATIONS.contains(&name)
        && let Some(target) = attr("attributename")
    {
        let target = target.trim().to_ascii_lowercase();
        let target = target.strip_prefix("xlink:").unwrap_or(&target);
        if target.starts_with("on") {
            return Some(Refusal::new(
                format!("an animation of the event handler `{target}` (`<{name}>`)"),
                target.to_string(),
            ));
        }
        if target == "href" {
            let values = attr("values").into_iter().flat_map(|v| v.split(';'));
            let single = ["to", "from", "by"].into_iter().filter_map(attr);
            return values
                .chain(single)
                .find_map(|url| check_url(url, "an animation of `href`", name));
        }
    }
    None
}

/// A refresh or a form (`what`) sending the reader to `url`, on another site.
fn away(url: &str, what: &str) -> Refusal {
    Refusal::new(
        format!(
            "{what} leads to another site (`{}`): a refresh or a form may only go to \
             the site's own pages, by a relative URL",
            url.trim()
        ),
        url.trim(),
    )
}

/// `srcdoc` documents nested past [`SRCDOC_DEPTH`].
fn too_deep() -> Refusal {
    Refusal::new(
        format!("`srcdoc` documents nested more than {SRCDOC_DEPTH} deep"),
        "srcdoc",
    )
}

/// The first part of the author's raw HTML that could run script, with its
/// byte offset in `html`: the same rules, token by token (an early error at
/// its line; [`in_page`] checks what the browser will build).
pub fn in_fragment(html: &str) -> Option<(usize, Refusal)> {
    fragment(html, 0)
}

/// [`in_fragment`], inside `depth` `srcdoc` documents.
fn fragment(html: &str, depth: usize) -> Option<(usize, Refusal)> {
    let mut emitter = html5gum::emitters::default::DefaultEmitter::<usize>::new_with_span();
    // Raw text and RCDATA (`<textarea>`, `<style>`, ...) hold no tags, as in
    // the browser's HTML (not foreign content: the tree check sees that).
    emitter.naively_switch_states(true);
    for token in html5gum::Tokenizer::new_with_emitter(html, emitter).flatten() {
        let html5gum::Token::StartTag(tag) = token else {
            continue;
        };
        let name = String::from_utf8_lossy(&tag.name).to_lowercase();
        let at = tag.span.start;
        let attrs: Vec<(String, String)> = tag
            .attributes
            .iter()
            .map(|(a, v)| {
                let a = String::from_utf8_lossy(a).to_lowercase();
                let a = a.strip_prefix("xlink:").map(str::to_string).unwrap_or(a);
                (a, String::from_utf8_lossy(&v.value).into_owned())
            })
            .collect();
        let borrowed: Vec<(String, &str)> =
            attrs.iter().map(|(a, v)| (a.clone(), v.as_str())).collect();
        if let Some(refusal) = check_element(&name, &borrowed) {
            return Some((at, refusal));
        }
        if let Some((_, srcdoc)) = attrs.iter().find(|(a, _)| a == "srcdoc") {
            if depth >= SRCDOC_DEPTH {
                return Some((at, too_deep()));
            }
            if let Some((_, refusal)) = fragment(srcdoc, depth + 1) {
                return Some((at, refusal.in_srcdoc(&name)));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(body: &str) -> String {
        format!("<!DOCTYPE html><html><head><title>t</title></head><body>{body}</body></html>")
    }

    fn refused(body: &str) -> bool {
        !in_page(&page(body)).is_empty()
    }

    #[test]
    fn urls_are_allowed_only_when_they_cannot_run_script() {
        for ok in [
            "a/b",
            "#x",
            "../c:d",
            "//example.org/x",
            "https://example.org/javascript:",
            "HTTP://x",
            "mailto:a@b",
            "data:image/png;base64,AA",
            " data: IMAGE/webp ,x",
            "",
        ] {
            assert_eq!(url_refusal(ok), None, "{ok}");
        }
        for (bad, scheme) in [
            (" Java\tScript:alert(1)", "javascript:"),
            ("\u{1}javascript:x", "javascript:"),
            ("java\nscript:x", "javascript:"),
            ("vbscript:x", "vbscript:"),
            ("data:text/html,<p>", "data:text/html"),
            ("data:image/svg+xml,<svg onload=x>", "data:image/svg+xml"),
            ("data:application/xhtml+xml,x", "data:application/xhtml+xml"),
            ("blob:https://x/y", "blob:"),
        ] {
            assert_eq!(url_refusal(bad).as_deref(), Some(scheme), "{bad}");
        }
    }

    #[test]
    fn schemes_hidden_by_controls_and_spaces_anywhere_are_refused() {
        // Issue 44's LOW item: as DOMPurify reads them.
        for (bad, scheme) in [
            ("\u{1}java\u{3}script:alert(1)", "javascript:"),
            ("java script:alert(1)", "javascript:"),
            ("v\u{7f}bscript:x", "vbscript:"),
            ("da\u{b}ta:text/html,x", "data:text/html"),
        ] {
            assert_eq!(url_refusal(bad).as_deref(), Some(scheme), "{bad:?}");
        }
        assert!(refused("<a href=\"\u{1}java\u{3}script:alert(1)\">x</a>"));
        assert_eq!(url_refusal("a b/c d.png"), None);
    }

    #[test]
    fn refreshes_and_forms_go_only_to_the_site_itself() {
        for bad in [
            r#"<meta http-equiv="refresh" content="0; url=https://evil.example/">"#,
            r#"<meta http-equiv="refresh" content="0;//evil.example/">"#,
            r#"<form action="https://evil.example/"><input name=p></form>"#,
            r#"<form><button formaction="//evil.example/">x</button></form>"#,
            r#"<form action="\\evil.example/"></form>"#,
        ] {
            assert!(refused(bad), "{bad}");
            assert!(in_fragment(bad).is_some(), "{bad}");
        }
        assert!(other_site("mailto:a@b") && !other_site("a/b:c") && !other_site("#x:y"));
    }

    #[test]
    fn srcset_candidates_are_each_checked() {
        assert_eq!(
            srcset_urls("a.png 1x, b.png 2x,c.png"),
            ["a.png", "b.png", "c.png"]
        );
        assert_eq!(
            srcset_urls("data:image/png;base64,AA,BB 1x, x.png"),
            ["data:image/png;base64,AA,BB", "x.png"]
        );
        assert!(refused(
            r#"<img srcset="x.png 1x, javascript:alert(1) 2x">"#
        ));
        assert!(!refused(r#"<img srcset="x.png 1x, y.png 2x">"#));
    }

    #[test]
    fn the_seven_ways_in_are_refused_in_the_built_tree() {
        // S1: a value filled into an attribute.
        assert!(refused(r#"<iframe src="javascript:alert(1)"></iframe>"#));
        assert!(refused("<img alt=x onerror=alert(2)>"));
        assert!(refused(
            r#"<iframe srcdoc="<img src=x onerror=alert(3)>"></iframe>"#
        ));
        // S2: a heading's attributes.
        assert!(refused(
            r#"<h2 id="h" tabindex="0" autofocus onfocus="alert(4)">H</h2>"#
        ));
        // S3: raw-text elements end where the browser ends them.
        for raw in [
            "xmp", "style", "textarea", "title", "noscript", "noembed", "iframe",
        ] {
            let body = format!(r#"<{raw}><p title="</{raw}><img src=x onerror=alert(5)>">"#);
            assert!(refused(&body), "{raw}");
        }
        // S4: a tag split over two blocks is one tag in the page.
        assert!(refused(
            "<details open title=\"\n\n<p title='\" ontoggle=alert(6) '>x</p>"
        ));
        // S5: CDATA in SVG ends at `]]>`.
        let cdata = r#"<svg><![CDATA[ ><p title="]]><img src=x onerror=alert(7)>"> ]]></svg>"#;
        assert!(
            in_fragment(cdata).is_none(),
            "the tokenizer alone is fooled"
        );
        assert!(refused(cdata));
        assert!(refused(
            r#"<svg><p><style><a title="</style><img src onerror=alert(7)>">"#
        ));
        // S6: active data URLs and plug-ins.
        assert!(refused(
            r#"<iframe src="data:image/svg+xml,<svg onload=alert(8)>"></iframe>"#
        ));
        assert!(refused(r#"<object data="x.swf"></object>"#));
        assert!(refused(r#"<embed src="x">"#));
        // S7: an animation that sets a link's `href`.
        assert!(refused(
            r#"<svg><a><animate attributeName="href" values="https://example.org/;javascript:alert(9)"/><text>x</text></a></svg>"#
        ));
        assert!(refused(
            r#"<svg><a><set attributeName="xlink:href" to="javascript:alert(9)"/></a></svg>"#
        ));
        assert!(refused(
            r#"<svg><set attributeName="onmouseover" to="alert(9)"/></svg>"#
        ));
    }

    #[test]
    fn namespace_confusion_and_templates_are_seen_as_built() {
        // An HTML end tag leaves foreign content, so the style is HTML's and
        // ends at `</style>`: the img is an element, with its handler.
        assert!(refused(
            r#"<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">"#
        ));
        // One parse of a known mutation leaves only a title: nothing runs.
        assert!(!refused(
            r#"<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">"#
        ));
        assert!(refused("<template><img src=x onerror=alert(1)></template>"));
        assert!(refused("<body onload=alert(1)>"));
        assert!(refused("<svg><script>alert(1)</script></svg>"));
        assert!(refused(
            r#"<svg><a xlink:href="javascript:alert(1)">x</a></svg>"#
        ));
        assert!(refused(
            r#"<math href="jav&#x09;ascript:alert(1)"><mi>x</mi></math>"#
        ));
        assert!(refused(
            r#"<meta http-equiv="refresh" content="0; url=javascript:alert(1)">"#
        ));
        assert!(refused(
            r#"<meta http-equiv="refresh" content="0; URL=http://;URL=javascript:alert(1);">"#
        ));
        assert!(refused(r#"<base href="https://example.org/">"#));
        assert!(refused(
            r##"<a ping="https://a javascript:b" href="#">x</a>"##
        ));
    }

    #[test]
    fn css_urls_are_checked_through_comments_and_escapes() {
        assert!(refused(
            r#"<p style="background: u\72l(javascript:alert(1))">x</p>"#
        ));
        assert!(refused(
            r#"<p style="background: url(/**/'javascript:alert(1)')">x</p>"#
        ));
        assert!(refused("<style>@import 'javascript:alert(1)';</style>"));
        assert!(refused(r#"<p style="width: expression(alert(1))">x</p>"#));
        // Not a URL CSS follows, but no style has a use for a script scheme
        // (the property test's shrunk case).
        assert!(refused("<p style=[x](javascript:alert(1))>x</p>"));
        assert!(!refused(
            r#"<p style="background: url(a.png); color: red">x</p>"#
        ));
    }

    #[test]
    fn what_cannot_run_script_is_left_alone() {
        for ok in [
            r#"<p title="<img src=x onerror=alert(1)>">quoted markup is text</p>"#,
            "<textarea><img src=x onerror=alert(1)></textarea>",
            "<xmp><script>alert(1)</script></xmp>",
            "<!-- <script>alert(1)</script> -->",
            r#"<a href="https://example.org/" title="javascript:alert(1)">x</a>"#,
            r#"<iframe srcdoc="<p>hello</p>"></iframe>"#,
            r##"<svg viewBox="0 0 1 1"><rect fill="url(#g)"/><use href="#r"/></svg>"##,
            r##"<svg><a><animate attributeName="href" values="#a;#b"/></a></svg>"##,
            r#"<meta http-equiv="refresh" content="5; url=../other/">"#,
            r#"<form action="/search/"><button formaction="?q=x">x</button></form>"#,
            "<details open><summary>a</summary>b</details>",
            // MathML's annotation-xml holds HTML, whose style is raw text.
            r#"<math><annotation-xml encoding="text/html"><style><img src=x onerror=alert(1)></style></annotation-xml></math>"#,
        ] {
            assert_eq!(in_page(&page(ok)), [], "{ok}");
        }
    }

    #[test]
    fn srcdoc_documents_are_checked_to_a_depth() {
        let inner = r"<img src=x onerror=alert(1)>";
        let once = format!(
            r#"<iframe srcdoc="{}"></iframe>"#,
            html_escape::encode_double_quoted_attribute(inner)
        );
        let twice = format!(
            r#"<iframe srcdoc="{}"></iframe>"#,
            html_escape::encode_double_quoted_attribute(&once)
        );
        let found = in_page(&page(&twice));
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].why,
            "an event handler `onerror` on `<img>` in the `srcdoc` of `<iframe>` in the \
             `srcdoc` of `<iframe>`"
        );
        let mut deep = "<p>x</p>".to_string();
        for _ in 0..=SRCDOC_DEPTH {
            deep = format!(
                r#"<iframe srcdoc="{}"></iframe>"#,
                html_escape::encode_double_quoted_attribute(&deep)
            );
        }
        assert!(refused(&deep));
        assert_eq!(
            in_fragment(&deep).unwrap().1.why.matches("srcdoc").count(),
            SRCDOC_DEPTH + 1
        );
    }

    #[test]
    fn fragments_are_refused_at_their_tag() {
        assert_eq!(in_fragment("<p>a</p><script>x</script>").unwrap().0, 8);
        let (at, r) = in_fragment("<b>x</b> <img src=a OnError=x>").unwrap();
        assert_eq!(
            (at, r.why.as_str()),
            (9, "an event handler `onerror` on `<img>`")
        );
        let (_, r) = in_fragment("<iframe srcdoc=\"<script></script>\"></iframe>").unwrap();
        assert_eq!(r.why, "a `<script>` element in the `srcdoc` of `<iframe>`");
        assert_eq!(in_fragment("<a href=\"https://example.org\">a</a>"), None);
    }
}
