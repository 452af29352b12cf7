//! [`in_page`]: the finished page parsed as the browser parses it, each
//! element checked by the rules of [`super`] as the tree builder creates it.
//!
//! It imports the rules of [`super`].

use super::{Refusal, SRCDOC_DEPTH, check_css, check_element, too_deep};
use html5ever::tendril::StrTendril;
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::{Attribute, QualName};
use std::borrow::Cow;
use std::cell::{Ref, RefCell};

/// Every part of a finished page that could run script, as the browser
/// builds the page (see the module doc).
pub fn in_page(html: &str) -> Vec<Refusal> {
    parse(html, 0)
}

/// Parses `html` as a document, `depth` `srcdoc` documents deep, checking
/// each element as the tree builder creates it.
fn parse(html: &str, depth: usize) -> Vec<Refusal> {
    use html5ever::tendril::TendrilSink;
    let sink = Checker {
        nodes: RefCell::new(vec![Node::default()]),
        found: RefCell::new(Vec::new()),
        depth,
    };
    html5ever::parse_document(sink, html5ever::ParseOpts::default()).one(html)
}

/// What the check keeps of a node: an element's name, whether `MathML`'s
/// `annotation-xml` takes HTML in it, whether it is in the tree, and the
/// text of a `style`.
#[derive(Default)]
struct Node {
    name: Option<QualName>,
    integration_point: bool,
    attached: bool,
    css: String,
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
}

impl Checker {
    fn push(&self, node: Node) -> usize {
        let mut nodes = self.nodes.borrow_mut();
        nodes.push(node);
        nodes.len() - 1
    }

    /// Checks `<name>` with `attrs`, and a `srcdoc` among them as a document.
    fn check(&self, name: &QualName, attrs: &[Attribute]) {
        let name = name.local.to_string().to_ascii_lowercase();
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
        found.extend(check_element(&name, &attrs));
        if let Some((_, srcdoc)) = attrs.iter().find(|(a, _)| a == "srcdoc") {
            if self.depth >= SRCDOC_DEPTH {
                found.push(too_deep());
            } else {
                let inner = parse(srcdoc, self.depth + 1);
                found.extend(inner.into_iter().map(|r| r.in_srcdoc(&name)));
            }
        }
    }

    /// `child` put into `parent`: a node is attached, text into a `style` is CSS.
    fn put(&self, parent: Option<usize>, child: NodeOrText<usize>) {
        let mut nodes = self.nodes.borrow_mut();
        match child {
            NodeOrText::AppendNode(node) => nodes[node].attached = true,
            NodeOrText::AppendText(text) => {
                if let Some(parent) = parent.map(|p| &mut nodes[p])
                    && parent.name.as_ref().is_some_and(|n| &*n.local == "style")
                {
                    parent.css.push_str(&text);
                }
            }
        }
    }
}

impl TreeSink for Checker {
    type Handle = usize;
    type Output = Vec<Refusal>;
    type ElemName<'a> = Ref<'a, QualName>;

    fn finish(self) -> Vec<Refusal> {
        let mut found = self.found.into_inner();
        for node in self.nodes.into_inner() {
            if !node.css.is_empty() {
                found.extend(check_css(&node.css, "a `<style>` element"));
            }
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
        self.check(&name, &attrs);
        let element = self.push(Node {
            name: Some(name),
            integration_point: flags.mathml_annotation_xml_integration_point,
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
