//! A figure as HTML: its drawing, the numbered caption directly under it,
//! and behind them, in one closed disclosure ("Data and how to reproduce"),
//! its Data table, its data links and the command that reproduces it.
//!
//! It imports the other markdown stages' files and the directives.

use super::lint;
use super::prepared::Prepared;
use super::render::Renderer;
use super::scan::parse;
use super::values::Stated;
use crate::site::directives::Directive;
use std::borrow::Cow;

impl Renderer<'_, '_> {
    /// A figure: its drawing (a picture takes the alt text), its numbered
    /// caption, then its apparatus, closed: the values it shows as a table
    /// (unless the drawing is that table), the links to its data and the
    /// command that reproduces it.
    pub(super) fn figure(&mut self, index: usize) -> String {
        let ctx = self.ctx;
        let d = &ctx.scan.directives[index];
        let Some(shown) = ctx.figures.get(&d.id) else {
            return String::new(); // its error is reported by the figure stage
        };
        let (texts, values) = (&ctx.scan.texts[index], &ctx.values.figures[index]);
        let caption = texts
            .caption
            .as_ref()
            .map(|(prepared, pin)| self.inline(prepared, &values.caption, *pin))
            .unwrap_or_default();
        let alt = match &texts.alt {
            Some((prepared, pin)) => self.plain(prepared, &values.alt, *pin),
            None => plain_text(&caption),
        };
        let view = shown.view;
        let texts = [
            (
                "caption",
                d.caption.as_ref().map(|c| (c.text.as_str(), c.offset)),
            ),
            (
                "alt text",
                d.alt.as_ref().map(|a| (a.text.as_str(), a.offset)),
            ),
        ];
        for (what, text) in texts {
            if let Some((text, at)) = text
                && let Some(colour) = lint::colour_word(text)
            {
                let roles: Vec<String> = view
                    .legend
                    .iter()
                    .map(|(class, meaning)| {
                        format!(
                            "`{{{{ {}.legend[{}] }}}}` ({meaning})",
                            d.id,
                            class.trim_start_matches("role-")
                        )
                    })
                    .collect();
                let instead = if roles.is_empty() {
                    "name what the mark means instead".to_string()
                } else {
                    format!(
                        "name the role with its swatch instead: {}",
                        roles.join(", ")
                    )
                };
                self.warning_in_file(
                    at,
                    format!(
                        "the {what} of figure `{}` says `{colour}`, a colour that one of the two \
                         colour schemes contradicts; {instead}",
                        d.id
                    ),
                );
            }
        }
        let drawing = if view.picture {
            format!(
                "<div class=\"drawing\" role=\"img\" aria-label=\"{}\">{}</div>",
                html_escape::encode_double_quoted_attribute(&alt),
                view.body
            )
        } else {
            format!("<div class=\"drawing\">{}</div>", view.body)
        };
        let table = match (&view.values, view.tabular) {
            (Some(values), false) => format!("\n{}", values.to_html()),
            _ => String::new(),
        };
        let number = self.numbers.get(d.id.as_str()).copied().unwrap_or(0);
        let csv = match &shown.csv {
            Some(csv) => format!(" · <a href=\"{csv}.csv\">CSV</a>"),
            None => String::new(),
        };
        format!(
            "<figure id=\"fig-{id}\">\n{drawing}\n<figcaption><span class=\"figure-number\">Figure {number}.</span> {caption}</figcaption>\n<details class=\"apparatus\"><summary>Data and how to reproduce</summary>{table}\n<p class=\"data-links\">Data: <a href=\"{json}.json\">JSON</a>{csv}</p>\n<p class=\"reproduce\">Reproduce: <code>{command}</code></p>\n</details>\n</figure>\n",
            id = d.id,
            json = shown.json,
            command = html_escape::encode_text(&reproduce(d)),
        )
    }

    /// A caption's markdown as inline HTML (no surrounding paragraph). An
    /// error in it is placed where it stands when the caption is written
    /// without escapes, and at the caption's key otherwise.
    fn inline(&mut self, prepared: &Prepared, stated: &[Stated], pin: Option<usize>) -> String {
        self.prepared_errors(prepared, pin);
        let pieces = parse(prepared, |_, _, _| None);
        let mut sub = Renderer::new(self.ctx, self.src, (prepared, stated), self.numbers, pin);
        let (html, _) = sub.html(pieces.into_iter(), true);
        self.errors.append(&mut sub.errors);
        self.warnings.append(&mut sub.warnings);
        html.trim().to_string()
    }

    /// The errors found while `prepared` (a caption or an alt text) was
    /// taken out: where each stands, or at `pin`.
    fn prepared_errors(&mut self, prepared: &Prepared, pin: Option<usize>) {
        for (at, message) in &prepared.errors {
            self.errors
                .push(self.src.error_at(pin.unwrap_or(*at), message.as_str()));
        }
    }

    /// Plain text (an alt text) with its values in place, unescaped. An
    /// error in it is placed as in a caption.
    fn plain(&mut self, prepared: &Prepared, stated: &[Stated], pin: Option<usize>) -> String {
        self.prepared_errors(prepared, pin);
        let mut sub = Renderer::new(self.ctx, self.src, (prepared, stated), self.numbers, pin);
        let values = sub.values();
        self.errors.append(&mut sub.errors);
        self.warnings.append(&mut sub.warnings);
        Prepared::fill(&prepared.text, |i| {
            Cow::Owned(
                values[i]
                    .as_ref()
                    .map(|v| v.text.clone())
                    .unwrap_or_default(),
            )
        })
        .0
        .into_owned()
    }
}

/// The command that reproduces a figure's data: `ladder figure NAME` and every
/// parameter as `name=value`, quoted for a POSIX shell where it needs it.
fn reproduce(d: &Directive) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_=.,-+".contains(c);
    std::iter::once(format!("ladder figure {}", d.generator.spec().name))
        .chain(d.params.to_toml().lines().map(|line| {
            let arg = line.replacen(" = ", "=", 1);
            if arg.chars().all(plain) {
                arg
            } else {
                format!("'{}'", arg.replace('\'', "'\\''"))
            }
        }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text of an HTML fragment: tags dropped, entities decoded.
fn plain_text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    // Inside <math>, only the LaTeX annotation is text worth reading aloud.
    let mut skipping_math = false;
    for (i, c) in html.char_indices() {
        match c {
            '<' => {
                in_tag = true;
                let rest = &html[i..];
                if rest.starts_with("<math") {
                    skipping_math = true;
                } else if rest.starts_with("<annotation") {
                    skipping_math = false;
                }
            }
            '>' => in_tag = false,
            _ if !in_tag && !skipping_math => out.push(c),
            _ => {}
        }
    }
    let out = html_escape::decode_html_entities(&out);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_drops_tags_and_keeps_math_source() {
        let html = "A <em>b</em> <math><mi>x</mi><annotation encoding=\"application/x-tex\">x^2</annotation></math>.";
        assert_eq!(plain_text(html), "A b x^2.");
    }
}
