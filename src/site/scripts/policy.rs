//! The Content-Security-Policy every page carries, so that a script the
//! checks missed still does not run: [`put`] writes it as the first element
//! of a rendered page's `<head>`, and [`Policy`] says what the finished-page
//! check ([`super::finished`]) expects of the page's scripts and policy.
//!
//! A page but the search page runs no script (`script-src 'none'`); the
//! search page runs Pagefind's UI (`pagefind/pagefind-ui.js`, which imports
//! `pagefind.js` and compiles WebAssembly: `'self'` and
//! `'wasm-unsafe-eval'`) and the few lines that start it ([`SEARCH_SCRIPT`],
//! by its sha256). `ladder serve` adds its reload script by its hash
//! ([`allow`]).
//!
//! It imports nothing of the crate.

use base64::Engine as _;
use sha2::Digest as _;

/// The search page's own script, put into the page by the template's
/// `search_script` value: it starts Pagefind's UI, or says the index is
/// missing.
pub const SEARCH_SCRIPT: &str = include_str!("search.js");

/// The page's policy element, as [`put`] writes it and the check expects it.
const META: &str = "<meta http-equiv=\"Content-Security-Policy\" content=\"";

/// What a page's scripts may be, and the policy that says so.
#[derive(Clone)]
pub struct Policy {
    /// The policy's text, the `content` of its `<meta>`.
    pub content: String,
    /// The `src` of the one external script allowed, if any.
    pub external: Option<String>,
    /// The hashes of the inline scripts allowed (`'sha256-...'`).
    pub inline: Vec<String>,
}

impl Policy {
    /// The policy of a page that runs no script.
    pub fn page() -> Policy {
        Policy::with("'none'", None, Vec::new())
    }

    /// The policy of the search page, whose links start at `root`.
    pub fn search(root: &str) -> Policy {
        let own = hash(SEARCH_SCRIPT);
        Policy::with(
            &format!("'self' {own} 'wasm-unsafe-eval'"),
            Some(format!("{root}pagefind/pagefind-ui.js")),
            vec![own],
        )
    }

    fn with(scripts: &str, external: Option<String>, inline: Vec<String>) -> Policy {
        Policy {
            content: format!(
                "default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; \
                 img-src 'self' data:; font-src 'self'; object-src 'none'; base-uri 'none'; \
                 form-action 'self'"
            ),
            external,
            inline,
        }
    }
}

/// The CSP source of an inline script: `'sha256-'` and the base64 of the
/// SHA-256 of its text.
pub fn hash(script: &str) -> String {
    let digest = sha2::Sha256::digest(script.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// `html` with `policy` as the first element of its `<head>`: after its
/// `<head>` tag, or, in a page without one, before its first element past
/// `<html>` (where a browser opens the head it implies).
pub fn put(html: &str, policy: &Policy) -> String {
    use html5gum::Token;
    let emitter = html5gum::emitters::default::DefaultEmitter::<usize>::new_with_span();
    let mut at = 0;
    for token in html5gum::Tokenizer::new_with_emitter(html, emitter).flatten() {
        match token {
            Token::StartTag(tag) if &*tag.name == b"head" => {
                at = tag.span.end;
                break;
            }
            Token::StartTag(tag) if &*tag.name == b"html" => at = tag.span.end,
            Token::Doctype(doctype) => at = doctype.span.end,
            Token::Comment(comment) => at = comment.span.end,
            Token::String(text) if text.value.iter().all(u8::is_ascii_whitespace) => {
                at = text.span.end;
            }
            Token::Error(_) => {}
            _ => break,
        }
    }
    format!(
        "{}\n{META}{}\">{}",
        &html[..at],
        policy.content,
        &html[at..]
    )
}

/// `html` (a page [`put`] gave a policy) with the inline `script` allowed
/// too, by its hash: `ladder serve`'s reload script.
pub fn allow(html: &str, script: &str) -> String {
    let Some(at) = html.find(META) else {
        return html.to_string();
    };
    let start = at + META.len();
    let Some(end) = html[start..].find('"').map(|e| start + e) else {
        return html.to_string();
    };
    let content = html[start..end].replacen(
        "script-src 'none'",
        &format!("script-src {}", hash(script)),
        1,
    );
    let content = if content == html[start..end] {
        content.replacen("script-src ", &format!("script-src {} ", hash(script)), 1)
    } else {
        content
    };
    format!("{}{content}{}", &html[..start], &html[end..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_is_the_base64_of_the_sha256_of_the_text() {
        // `printf 'alert(1)' | openssl dgst -sha256 -binary | base64`
        assert_eq!(
            hash("alert(1)"),
            "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
        );
    }

    #[test]
    fn the_policy_is_the_first_element_of_the_head() {
        let page = "<!DOCTYPE html><html><HEAD lang=x><title>t</title></head><body></body></html>";
        let put = super::put(page, &Policy::page());
        assert!(put.starts_with(
            "<!DOCTYPE html><html><HEAD lang=x>\n<meta http-equiv=\"Content-Security-Policy\" \
             content=\"default-src 'self'; script-src 'none'; "
        ));
        let headless = super::put(
            "<!DOCTYPE html><!-- c --><html> <p>no head</p>",
            &Policy::page(),
        );
        assert!(
            headless.starts_with("<!DOCTYPE html><!-- c --><html> \n<meta http-equiv"),
            "{headless}"
        );
    }

    #[test]
    fn serve_adds_its_script_by_hash() {
        let page = put("<html><head></head></html>", &Policy::page());
        let served = allow(&page, "alert(1)");
        assert!(served.contains(
            "script-src 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='; style-src"
        ));
        let search = put("<html><head></head></html>", &Policy::search("../"));
        let served = allow(&search, "alert(1)");
        assert!(served.contains(
            "script-src 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=' 'self' 'sha256-"
        ));
    }
}
