//! [`in_svg`]: an SVG file the site publishes (its icon), read as the
//! browser reads a file served as `image/svg+xml`: XML, with namespaces and
//! the document's own entities, every element checked by the rules of
//! [`super`] (no `<script>`, no handler, no script URL, CSS in `<style>` and
//! `style` checked), and no processing instruction but the XML declaration
//! (an `xml-stylesheet` could load XSLT).
//!
//! It imports the rules of [`super`].

use super::{Refusal, check_css, check_element};

/// What in `svg` could run script when it is opened at its own address.
pub fn in_svg(svg: &str) -> Vec<Refusal> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let document = match roxmltree::Document::parse_with_options(svg, options) {
        Ok(d) => d,
        Err(e) => {
            return vec![Refusal::new(
                format!("the SVG is not well-formed XML ({e}), so ladder cannot check it"),
                "<",
            )];
        }
    };
    let mut found = Vec::new();
    for node in document.descendants() {
        if let Some(pi) = node.pi() {
            found.push(Refusal::new(
                format!("a processing instruction `<?{}`", pi.target),
                format!("<?{}", pi.target),
            ));
        }
        if !node.is_element() {
            continue;
        }
        let name = node.tag_name().name().to_ascii_lowercase();
        let attrs: Vec<(String, &str)> = node
            .attributes()
            .map(|a| {
                let local = a.name().to_ascii_lowercase();
                let xml = a.namespace() == Some("http://www.w3.org/XML/1998/namespace");
                (if xml { format!("xml:{local}") } else { local }, a.value())
            })
            .collect();
        found.extend(check_element(&name, &attrs));
        if name == "style" {
            let css: String = node.children().filter_map(|c| c.text()).collect();
            found.extend(check_css(&css, "a `<style>` element"));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_icon_that_could_run_script_is_refused() {
        let svg = |body: &str| format!(r#"<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>"#);
        for bad in [
            svg("<script>alert(1)</script>"),
            r#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#.to_string(),
            svg(r#"<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>"#),
            svg(
                r#"<a xmlns:x="http://www.w3.org/1999/xlink" x:href="javascript:alert(1)"><rect/></a>"#,
            ),
            svg("<style>rect { background: url(javascript:alert(1)) }</style>"),
            format!(
                "<!DOCTYPE svg [<!ENTITY e \"<script>alert(1)</script>\">]>{}",
                svg("&e;")
            ),
            format!(
                r#"<?xml-stylesheet href="x.xsl" type="text/xsl"?>{}"#,
                svg("")
            ),
            svg(
                r#"<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>"#,
            ),
            svg(r#"<set attributeName="onmouseover" to="alert(1)"/>"#),
            "<svg><p>not xml".to_string(),
        ] {
            assert!(!in_svg(&bad).is_empty(), "{bad}");
        }
        let icon = include_str!("../../../templates/favicon.svg");
        assert_eq!(in_svg(icon), []);
        assert_eq!(
            in_svg(&format!(
                "<?xml version=\"1.0\"?>{}",
                svg("<rect style=\"fill: red\"/>")
            )),
            []
        );
    }
}
