//! [`in_page`]: the finished page parsed as the browser parses it, each
//! element checked by the rules of [`super`] as the tree builder creates it.
//!
//! It imports the rules of [`super`] and the page's [`Policy`].

use super::policy::{Policy, hash};
use super::{Refusal, SRCDOC_DEPTH, check_attributes, check_css, check_element, too_deep};
use html5ever::tendril::StrTendril;
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::{Attribute, QualName};
use std::borrow::Cow;
use std::cell::{Ref, RefCell};

/// Every part of a finished page that could run script, as the browser
/// builds the page (see the module doc).
pub fn in_page(html: &str) -> Vec<Refusal> {
    parse(html, 0, None)
}

/// [`in_page`] for a page the site publishes: its scripts are those
/// `policy` allows, and it carries `policy`, as the first element of its
/// `<head>` and its only Content-Security-Policy.
pub fn finished(html: &str, policy: &Policy) -> Vec<Refusal> {
    parse(html, 0, Some(policy))
}

/// Parses `html` as a document, `depth` `srcdoc` documents deep, checking
/// each element as the tree builder creates it.
fn parse(html: &str, depth: usize, policy: Option<&Policy>) -> Vec<Refusal> {
    use html5ever::tendril::TendrilSink;
    let sink = Checker {
        nodes: RefCell::new(vec![Node::default()]),
        found: RefCell::new(Vec::new()),
        depth,
        policy: policy.cloned(),
    };
    html5ever::parse_document(sink, html5ever::ParseOpts::default()).one(html)
}

/// What the check keeps of a node: an element's name, whether `MathML`'s
/// `annotation-xml` takes HTML in it, whether it is in the tree and where,
/// the text of a `style` or of an inline script the policy may allow, and
/// the policy of a Content-Security-Policy `<meta>`.
#[derive(Default)]
struct Node {
    name: Option<QualName>,
    integration_point: bool,
    attached: bool,
    parent: Option<usize>,
    text: String,
    script: bool,
    policy: Option<String>,
}

/// A tree sink that builds no tree: html5ever's tree builder keeps the open
/// elements itself and asks the sink only for names and whether a node has
/// a parent, so the check sees every element the browser would create
/// (elements later moved or dropped too) with its attributes, and the text
/// put into every `style`.
struct Checker {
    nodes: RefCell<Vec<Node>>,
    found: RefCell<Vec<Refusal>>,
    depth: usize,
    policy: Option<Policy>,
}

impl Checker {
    fn push(&self, node: Node) -> usize {
        let mut nodes = self.nodes.borrow_mut();
        nodes.push(node);
        nodes.len() - 1
    }

    /// Checks `<name>` with `attrs`, and a `srcdoc` among them as a
    /// document: whether it is an inline script the policy may allow.
    fn check(&self, qual: &QualName, attrs: &[Attribute]) -> bool {
        let name = qual.local.to_string().to_ascii_lowercase();
        let attrs: Vec<(String, &str)> = attrs
            .iter()
            .map(|a| {
                let local = a.name.local.to_string().to_ascii_lowercase();
                let attr = if a.name.ns == html5ever::ns!(xml) {
                    format!("xml:{local}")
                } else {
                    local
                };
                (attr, &*a.value)
            })
            .collect();
        let mut found = self.found.borrow_mut();
        let allowed = self
            .policy
            .as_ref()
            .filter(|_| name == "script" && qual.ns == html5ever::ns!(html));
        let mut inline = false;
        if let Some(policy) = allowed {
            found.extend(check_attributes(&name, &attrs));
            match attrs.iter().find(|(a, _)| a == "src") {
                Some((_, src)) if policy.external.as_deref() != Some(*src) => {
                    found.push(Refusal::new(
                        format!(
                            "a `<script src=\"{src}\">` the page's Content-Security-Policy does \
                             not allow (a page runs only the site's own scripts)"
                        ),
                        "<script",
                    ));
                }
                Some(_) => {}
                None => inline = true,
            }
        } else {
            found.extend(check_element(&name, &attrs));
        }
        if let Some((_, srcdoc)) = attrs.iter().find(|(a, _)| a == "srcdoc") {
            if self.depth >= SRCDOC_DEPTH {
                found.push(too_deep());
            } else {
                let inner = parse(srcdoc, self.depth + 1, None);
                found.extend(inner.into_iter().map(|r| r.in_srcdoc(&name)));
            }
        }
        inline
    }

    /// `child` put into `parent`: a node is attached, text into a `style`
    /// is CSS, into an inline script its code.
    fn put(&self, parent: Option<usize>, child: NodeOrText<usize>) {
        let mut nodes = self.nodes.borrow_mut();
        match child {
            NodeOrText::AppendNode(node) => {
                nodes[node].attached = true;
                nodes[node].parent = parent;
            }
            NodeOrText::AppendText(text) => {
                if let Some(parent) = parent.map(|p| &mut nodes[p])
                    && (parent.script || parent.name.as_ref().is_some_and(|n| &*n.local == "style"))
                {
                    parent.text.push_str(&text);
                }
            }
        }
    }

    /// What the page's policy and inline scripts are refused for, against
    /// `policy`: the first element but `<html>` and `<head>` is the policy's
    /// `<meta>`, in the head; there is no other; each inline script's hash
    /// is allowed.
    fn against(nodes: &[Node], policy: &Policy) -> Vec<Refusal> {
        let mut found = Vec::new();
        let named = || nodes.iter().filter(|n| n.name.is_some());
        let first = named().find(|n| {
            let local = n.name.as_ref().map_or("", |q| &q.local);
            !matches!(local, "html" | "head")
        });
        let in_head = |n: &Node| {
            n.parent
                .and_then(|p| nodes[p].name.as_ref())
                .is_some_and(|q| &*q.local == "head")
        };
        match first {
            Some(n) if n.policy.as_deref() == Some(&policy.content) && in_head(n) => {}
            _ => found.push(Refusal::new(
                format!(
                    "the page's Content-Security-Policy is missing, moved or changed: its \
                     template must have a `<head>`, where ladder puts `{}` first",
                    policy.content
                ),
                "<head",
            )),
        }
        if named().filter(|n| n.policy.is_some()).count() > 1 {
            found.push(Refusal::new(
                "a second Content-Security-Policy `<meta>`".to_string(),
                "content-security-policy",
            ));
        }
        for n in nodes.iter().filter(|n| n.script) {
            let hash = hash(&n.text);
            if !policy.inline.contains(&hash) {
                found.push(Refusal::new(
                    format!(
                        "an inline `<script>` the page's Content-Security-Policy does not allow \
                         (its hash {hash} is not the site's own)"
                    ),
                    "<script",
                ));
            }
        }
        found
    }
}

impl TreeSink for Checker {
    type Handle = usize;
    type Output = Vec<Refusal>;
    type ElemName<'a> = Ref<'a, QualName>;

    fn finish(self) -> Vec<Refusal> {
        let mut found = self.found.into_inner();
        let nodes = self.nodes.into_inner();
        for node in &nodes {
            if !node.script && !node.text.is_empty() {
                found.extend(check_css(&node.text, "a `<style>` element"));
            }
        }
        if let Some(policy) = &self.policy {
            found.extend(Checker::against(&nodes, policy));
        }
        found
    }

    fn parse_error(&self, _: Cow<'static, str>) {}

    fn get_document(&self) -> usize {
        0
    }

    fn elem_name<'a>(&'a self, target: &'a usize) -> Ref<'a, QualName> {
        Ref::map(self.nodes.borrow(), |nodes| {
            nodes[*target]
                .name
                .as_ref()
                .expect("the tree builder asks the names of elements only")
        })
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> usize {
        let script = self.check(&name, &attrs);
        let csp = (&*name.local == "meta")
            .then(|| {
                let attr = |wanted: &str| attrs.iter().find(|a| &*a.name.local == wanted);
                attr("http-equiv")
                    .filter(|h| {
                        h.value
                            .trim()
                            .eq_ignore_ascii_case("content-security-policy")
                    })
                    .map(|_| attr("content").map_or(String::new(), |c| c.value.to_string()))
            })
            .flatten();
        let element = self.push(Node {
            name: Some(name),
            integration_point: flags.mathml_annotation_xml_integration_point,
            script,
            policy: csp,
            ..Node::default()
        });
        if flags.template {
            // Its contents, a fragment: the next handle.
            self.push(Node::default());
        }
        element
    }

    fn create_comment(&self, _: StrTendril) -> usize {
        self.push(Node::default())
    }

    fn create_pi(&self, _: StrTendril, _: StrTendril) -> usize {
        self.push(Node::default())
    }

    fn append(&self, parent: &usize, child: NodeOrText<usize>) {
        self.put(Some(*parent), child);
    }

    fn append_based_on_parent_node(
        &self,
        element: &usize,
        previous: &usize,
        child: NodeOrText<usize>,
    ) {
        if self.nodes.borrow()[*element].attached {
            self.append_before_sibling(element, child);
        } else {
            self.append(previous, child);
        }
    }

    fn append_doctype_to_document(&self, _: StrTendril, _: StrTendril, _: StrTendril) {}

    fn get_template_contents(&self, target: &usize) -> usize {
        target + 1
    }

    fn same_node(&self, x: &usize, y: &usize) -> bool {
        x == y
    }

    fn set_quirks_mode(&self, _: QuirksMode) {}

    fn append_before_sibling(&self, _: &usize, new_node: NodeOrText<usize>) {
        // Foster parenting: next to a table, never into a `style`.
        self.put(None, new_node);
    }

    fn add_attrs_if_missing(&self, target: &usize, attrs: Vec<Attribute>) {
        let name = self.elem_name(target).clone();
        self.check(&name, &attrs);
    }

    fn remove_from_parent(&self, target: &usize) {
        self.nodes.borrow_mut()[*target].attached = false;
    }

    fn reparent_children(&self, _: &usize, _: &usize) {}

    fn is_mathml_annotation_xml_integration_point(&self, handle: &usize) -> bool {
        self.nodes.borrow()[*handle].integration_point
    }
}
