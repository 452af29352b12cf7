//! LaTeX math to MathML at build time, so pages need no JavaScript to show it.

use pulldown_latex::config::DisplayMode;
use pulldown_latex::{Parser, RenderConfig, Storage, push_mathml};

/// Renders `latex` as a `<math>` element; `display` for `$$...$$` blocks.
/// A LaTeX error is returned with the parser's message.
pub fn to_mathml(latex: &str, display: bool) -> Result<String, String> {
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
            format!("LaTeX error in `{}`: {first}", latex.trim())
        })?;
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        annotation: Some(latex.trim()),
        ..RenderConfig::default()
    };
    let mut out = String::new();
    push_mathml(
        &mut out,
        events.into_iter().map(Ok::<_, std::io::Error>),
        config,
    )
    .map_err(|e| format!("cannot render `{}`: {e}", latex.trim()))?;
    Ok(out)
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
    fn reports_latex_errors() {
        let e = to_mathml(r"\frac{1}{", false).unwrap_err();
        assert!(e.contains("LaTeX error"), "{e}");
        assert!(to_mathml(r"\notacommand", false).is_err());
    }
}
