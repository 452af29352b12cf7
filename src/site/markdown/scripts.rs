//! Scripts refused in raw HTML and link destinations: built pages carry no
//! JavaScript unless `ladder.toml` allows it.

/// Why raw HTML would run a script, and where in it: a `<script>` element,
/// an `on...` event handler, or a script URL in any attribute (a `srcdoc`
/// is checked as HTML of its own).
pub(super) fn script_in(html: &str) -> Option<(usize, String)> {
    let emitter = html5gum::emitters::default::DefaultEmitter::<usize>::new_with_span();
    for token in html5gum::Tokenizer::new_with_emitter(html, emitter).flatten() {
        let html5gum::Token::StartTag(tag) = token else {
            continue;
        };
        let name = String::from_utf8_lossy(&tag.name).to_lowercase();
        let at = tag.span.start;
        if name == "script" {
            return Some((at, "a `<script>` element".into()));
        }
        for (attr, value) in &tag.attributes {
            let attr = String::from_utf8_lossy(attr).to_lowercase();
            let value = String::from_utf8_lossy(&value.value);
            if attr.starts_with("on") {
                return Some((at, format!("an event handler `{attr}` on `<{name}>`")));
            }
            if let Some(scheme) = script_url(&value) {
                return Some((at, format!("a `{scheme}` URL in `{attr}` of `<{name}>`")));
            }
            if attr == "srcdoc"
                && let Some((_, why)) = script_in(&value)
            {
                return Some((at, format!("{why} in the `srcdoc` of `<{name}>`")));
            }
        }
    }
    None
}

/// The script scheme a URL starts with, if any (browsers ignore case, white
/// space and control characters in a scheme).
pub(super) fn script_url(url: &str) -> Option<&'static str> {
    let squeezed: String = url
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect::<String>()
        .to_ascii_lowercase();
    ["javascript:", "vbscript:", "data:text/html"]
        .into_iter()
        .find(|s| squeezed.starts_with(s))
}

pub(super) fn refusal(what: &str) -> String {
    format!(
        "{what}: built pages carry no JavaScript; set `[markdown] allow_scripts = true` in \
         ladder.toml to allow it"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_urls_are_found_whatever_their_case_and_spacing() {
        assert_eq!(script_url(" Java\tScript:alert(1)"), Some("javascript:"));
        assert_eq!(script_url("data:text/html,<p>"), Some("data:text/html"));
        assert_eq!(script_url("https://example.org/javascript:"), None);
        assert_eq!(script_url("data:image/png;base64,AA"), None);
    }

    #[test]
    fn scripts_in_html_are_found_at_their_tag() {
        assert_eq!(script_in("<p>a</p><script>x</script>").unwrap().0, 8);
        let (at, why) = script_in("<b>x</b> <img src=a OnError=x>").unwrap();
        assert_eq!(
            (at, why.as_str()),
            (9, "an event handler `onerror` on `<img>`")
        );
        let (_, why) = script_in("<iframe srcdoc=\"<script></script>\"></iframe>").unwrap();
        assert_eq!(why, "a `<script>` element in the `srcdoc` of `<iframe>`");
        assert_eq!(script_in("<a href=\"https://example.org\">a</a>"), None);
    }
}
