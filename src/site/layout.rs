//! Where the site puts what it writes besides the pages of ladders and
//! essays: the front page, the list of every essay, the search page and its
//! index, the feed, the sitemap, the math font and the files copied as they
//! are. The pages, the search, discovery and the font write there; content
//! loading keeps essays off those paths, and the output check knows a site
//! an earlier ladder wrote by them.
//!
//! It imports only [`super::templates`] (for the names of the files copied
//! as they are), so that every stage may import it.

use super::templates::{ASSETS, STATIC};

/// The page listing every essay, whose folder no ladder may take.
pub const ESSAYS_PAGE: &str = "essays/index.html";
/// The search page, the one page with a script.
pub const SEARCH_PAGE: &str = "search/index.html";
/// The folder of the search index and of the search UI's script and
/// stylesheet.
pub const SEARCH_BUNDLE: &str = "pagefind";
/// The feed's path in the site.
pub const FEED: &str = "feed.xml";
/// The sitemap's path in the site.
pub const SITEMAP: &str = "sitemap.xml";
/// Where the site's math font is, as `style.css` names it.
pub const FONT: &str = "fonts/LadderMath-Regular.woff2";

/// The files every site has at fixed paths (besides the pages of ladders and
/// essays): the front page, the list of every essay, the search page, the
/// page for a missing one, the feed, the sitemap, the files copied as they
/// are, the [`ASSETS`] and the math font.
pub fn site_files() -> impl Iterator<Item = &'static str> {
    ["index.html", ESSAYS_PAGE, SEARCH_PAGE, "404.html"]
        .into_iter()
        .chain([FEED, SITEMAP])
        .chain(STATIC.iter().map(|(path, _)| *path))
        .chain(ASSETS.iter().map(|(path, _)| *path))
        .chain([FONT])
}

/// The folders every site has, with what is there: no ladder may take one.
pub const FOLDERS: [(&str, &str); 3] = [
    ("essays", "where the site lists every essay"),
    ("search", "where the site's search page is"),
    (SEARCH_BUNDLE, "where the search index is"),
];
