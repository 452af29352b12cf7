//! The site pipeline: turns `content/` into `site/`.
