//! Markdown to HTML for one essay, in two passes, each parsing it.
//!
//! 0. [`Prepared`]: before any inline parsing, every `{{ ... }}` outside code
//!    spans and code blocks is taken out of the text and a placeholder put in
//!    its place, so that markdown never sees (or mangles) an expression, and
//!    an expression is evaluated wherever it sits: prose, headings, math, raw
//!    HTML and its attributes, link titles, captions.
//! 1. [`scan`](fn@scan) parses the prepared text into [`Piece`]s: its events,
//!    each generator directive's block taken whole. It finds the headings
//!    (and their stable ids) and the directives, so figures can be computed
//!    and links checked before any page is rendered, and keeps only those
//!    ([`Scan`]), not the parse.
//! 2. [`render`](fn@render) parses the prepared text again, with the same
//!    function, each directive block and heading id as the scan found them,
//!    and turns the pieces into HTML: directives become figures, `$...$` and
//!    `$$...$$` become `MathML` (with the values set in them as math), `@/` links resolve to essay URLs, and
//!    `[](#fig-ID)` becomes "Figure N"; then each placeholder becomes its
//!    value or checked claim, escaped. Each job is one small method of
//!    `Renderer`. An essay's parse thus lives only while it is rendered, and
//!    a build's memory does not grow with the parses of its essays.
//!
//! Before either, `nesting.rs` refuses a body nested too deeply for
//! markdown's parser (block quotes, lists, raw HTML elements).
//!
//! One file a stage: [`prepared`], [`scan`](mod@scan) and [`render`](mod@render); beside the
//! render, `figure` draws a figure with its caption and [`links`] resolves `@/`
//! links; raw HTML and link destinations are checked by [`super::scripts`].
//!
//! Raw HTML is allowed, but not scripts (`<script>`, `on...` handlers,
//! `javascript:` URLs) unless `ladder.toml` allows them; a `$` that opens no
//! math is an error (`\$` is a dollar sign).
//!
//! This file only declares the stages and names what the pipeline uses; no
//! stage imports it.

mod figure;
pub mod links;
mod lint;
mod nesting;
pub mod prepared;
pub mod render;
pub mod scan;
pub mod unclaimed;
pub mod values;

pub use links::LinkIndex;
pub use prepared::{Expression, Prepared};
pub use render::{Context, Rendered, render};
pub use scan::{Heading, Piece, Scan, scan, slugify};
pub use values::{Shown, Values};
