//! What a Rust source file says about the code it depends on, read with
//! `syn`: the paths in its `use` trees and its code (in macro bodies, which
//! `syn` leaves as tokens, each `a::b` run of tokens), the names it binds, its
//! re-exports, the traits it defines, the self types of its `impl` blocks,
//! the modules it declares with `#[path]` and the files it includes. Build-time code (see `mod.rs`).

use proc_macro2::{Spacing, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

/// A path as written, with the module it is written in (`self`), not yet
/// resolved: bindings and re-exports of the file resolve it.
#[derive(Clone, Debug)]
pub struct Ref {
    pub context: Vec<String>,
    pub segments: Vec<String>,
    /// A glob (`use PATH::*`).
    pub glob: bool,
}

/// What one file says.
#[derive(Default)]
pub struct Parsed {
    /// Paths its code depends on: its `use` trees but the top-level `pub use`
    /// ones, and the paths in its code.
    pub references: Vec<Ref>,
    /// Its top-level `pub use` trees, by the name each binds (`None`: a glob
    /// or `as _`).
    pub reexports: Vec<(Option<String>, Ref)>,
    /// The names its `use` trees and module declarations bind, anywhere in it.
    pub bindings: BTreeMap<String, Vec<Ref>>,
    /// The names its code mentions outside `use` trees: the first segment of
    /// each path, each name a pattern binds, each name in a macro's tokens
    /// (not after `.` or `::`).
    pub mentioned: BTreeSet<String>,
    /// The traits it defines.
    pub traits: BTreeSet<String>,
    /// The self types of its `impl` blocks (`impl GameTable`, `impl Views for
    /// Results`), as written: what it adds to a type defined elsewhere.
    pub impls: Vec<Ref>,
    /// The files it includes, relative to its folder.
    pub includes: Vec<String>,
    /// The modules it declares with `#[path = "FILE"] mod NAME;`: the module
    /// (from the crate root) and its file, relative to this file's folder.
    pub paths: Vec<(Vec<String>, String)>,
    /// The modules a `registry! { module::Type, ... }` in it declares and
    /// registers, in its order.
    pub registered: Vec<String>,
    /// Byte ranges not hashed: test items, out-of-line module declarations and
    /// a `registry!` list.
    strip: Vec<Range<usize>>,
}

impl Parsed {
    /// The text that is hashed: all but test items and module declarations.
    pub fn hashed(&self, text: &str) -> String {
        let mut kept = String::new();
        let mut at = 0;
        for range in &self.strip {
            kept.push_str(&text[at.min(range.start)..range.start]);
            at = at.max(range.end);
        }
        kept.push_str(&text[at..]);
        kept
    }
}

/// Reads what the file of module `module` says; an error is syn's, where
/// it lies in the file (`span().start()`).
pub fn parse(text: &str, module: &[String]) -> syn::Result<Parsed> {
    let file = syn::parse_file(text)?;
    let mut reader = Reader {
        parsed: Parsed::default(),
        context: module.to_vec(),
        inline: 0,
        errors: Vec::new(),
    };
    reader.visit_file(&file);
    if let Some(error) = reader.errors.into_iter().next() {
        return Err(error);
    }
    let mut p = reader.parsed;
    p.strip = p.strip.into_iter().map(|r| whole_lines(text, r)).collect();
    p.strip.sort_by_key(|r| r.start);
    Ok(p)
}

/// The attribute `#[cfg(test)]` among `attrs`, if there is one.
pub fn cfg_test(attrs: &[syn::Attribute]) -> Option<&syn::Attribute> {
    attrs.iter().find(|a| match &a.meta {
        syn::Meta::List(list) => list.path.is_ident("cfg") && list.tokens.to_string() == "test",
        _ => false,
    })
}

/// `range`, with its line's indentation and line end when it is alone on
/// its lines: a declaration added on a line of its own changes no hashed text.
fn whole_lines(text: &str, range: Range<usize>) -> Range<usize> {
    let line_start = text[..range.start].rfind('\n').map_or(0, |n| n + 1);
    let line_end = text[range.end..]
        .find('\n')
        .map_or(text.len(), |n| range.end + n + 1);
    let alone = text[line_start..range.start].trim().is_empty()
        && text[range.end..line_end].trim().is_empty();
    if alone { line_start..line_end } else { range }
}

/// The file's reader: what it found so far, and where it is.
struct Reader {
    parsed: Parsed,
    /// The module being read: the file's, then the inline modules around.
    context: Vec<String>,
    /// How many inline modules are around.
    inline: usize,
    errors: Vec<syn::Error>,
}

impl Reader {
    /// Skips an item marked `#[cfg(test)]` (neither followed nor hashed):
    /// whether `attrs`, of the item `item`, mark it so.
    fn test_item(&mut self, attrs: &[syn::Attribute], item: &impl Spanned) -> bool {
        let Some(attr) = cfg_test(attrs) else {
            return false;
        };
        // (An item's span is found by printing it: only for a test item.)
        self.parsed
            .strip
            .push(attr.span().byte_range().start..item.span().byte_range().end);
        true
    }

    fn reference(&self, segments: Vec<String>, glob: bool) -> Ref {
        Ref {
            context: self.context.clone(),
            segments,
            glob,
        }
    }

    fn bind(&mut self, name: &str, r: Ref) {
        self.parsed.bindings.entry(name.into()).or_default().push(r);
    }

    /// Notes the file a call of macro `name` includes, if it is
    /// `include_str!("FILE")`, `include_bytes!` or `include!`.
    fn include(&mut self, name: &str, args: TokenStream) {
        if matches!(name, "include" | "include_str" | "include_bytes")
            && let Some(TokenTree::Literal(file)) = args.into_iter().next()
            && let syn::Lit::Str(file) = syn::Lit::new(file)
        {
            self.parsed.includes.push(file.value());
        }
    }

    /// Reads a `registry! { module::Type, ... }`: the generators' modules it
    /// declares and registers. Like an out-of-line module declaration, it is
    /// neither followed nor hashed: registering a generator changes no code
    /// of another.
    fn registry(&mut self, mac: &syn::Macro) {
        match mac.parse_body_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated) {
            Ok(entries) => {
                for entry in entries.iter().filter(|p| p.segments.len() == 2) {
                    let module = unraw(&entry.segments[0].ident);
                    let r = self.reference(vec!["self".into(), module.clone()], false);
                    self.bind(&module, r);
                    self.parsed.registered.push(module);
                }
            }
            Err(e) => self.errors.push(syn::Error::new(
                e.span(),
                format!("a `registry!` list is not `module::Type, ...`: {e}"),
            )),
        }
        let span =
            mac.path.span().byte_range().start..mac.delimiter.span().close().byte_range().end;
        self.parsed.strip.push(span);
    }

    /// Reads the paths in tokens `syn` does not parse (a macro's body, an
    /// attribute's arguments): each run `a::b::c` not after `.` or `::`, and
    /// the files the calls of `include_str!` and its kin among them name.
    fn tokens(&mut self, stream: TokenStream) {
        let trees: Vec<TokenTree> = stream.into_iter().collect();
        let punct = |i: usize, c: char| matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == c);
        let sep = |i: usize| {
            matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
                && punct(i + 1, ':')
        };
        let ident = |i: usize| match trees.get(i) {
            Some(TokenTree::Ident(id)) => Some(unraw(id)),
            _ => None,
        };
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(group) => self.tokens(group.stream()),
                TokenTree::Ident(first)
                    if !(i >= 1 && punct(i - 1, '.') || i >= 2 && sep(i - 2)) =>
                {
                    let first = unraw(first);
                    if punct(i + 1, '!')
                        && let Some(TokenTree::Group(args)) = trees.get(i + 2)
                    {
                        self.include(&first, args.stream());
                    }
                    self.parsed.mentioned.insert(first.clone());
                    let mut segments = vec![first];
                    let mut j = i + 1;
                    while sep(j)
                        && let Some(next) = ident(j + 2)
                    {
                        segments.push(next);
                        j += 3;
                    }
                    if segments.len() > 1 {
                        let r = self.reference(segments, false);
                        self.parsed.references.push(r);
                        i = j;
                        continue;
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
}

/// An identifier as the code means it (`r#type` is `type`).
fn unraw(ident: &proc_macro2::Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(bare) => bare.to_string(),
        None => name,
    }
}

/// One name a `use` tree binds: the path to it, the name (`None` for a
/// glob or `as _`) and whether it is a glob.
fn use_tree(
    tree: &syn::UseTree,
    mut segments: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>, bool)>,
) {
    match tree {
        syn::UseTree::Path(path) => {
            segments.push(unraw(&path.ident));
            use_tree(&path.tree, segments, out);
        }
        syn::UseTree::Name(name) => {
            let name = unraw(&name.ident);
            if name != "self" {
                segments.push(name);
            }
            let name = segments.last().cloned();
            out.push((segments, name, false));
        }
        syn::UseTree::Rename(rename) => {
            let name = unraw(&rename.ident);
            if name != "self" {
                segments.push(name);
            }
            let bound = unraw(&rename.rename);
            out.push((segments, (bound != "_").then_some(bound), false));
        }
        syn::UseTree::Glob(_) => out.push((segments, None, true)),
        syn::UseTree::Group(group) => {
            for tree in &group.items {
                use_tree(tree, segments.clone(), out);
            }
        }
    }
}

impl<'ast> Visit<'ast> for Reader {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::ExternCrate(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::ForeignMod(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::TraitAlias(i) => &i.attrs,
            syn::Item::Type(i) => &i.attrs,
            syn::Item::Union(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            _ => &Vec::new(),
        };
        if !self.test_item(attrs, item) {
            visit::visit_item(self, item);
        }
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Const(i) => &i.attrs,
            syn::ImplItem::Fn(i) => &i.attrs,
            syn::ImplItem::Type(i) => &i.attrs,
            syn::ImplItem::Macro(i) => &i.attrs,
            _ => &Vec::new(),
        };
        if !self.test_item(attrs, item) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        let attrs = match item {
            syn::TraitItem::Const(i) => &i.attrs,
            syn::TraitItem::Fn(i) => &i.attrs,
            syn::TraitItem::Type(i) => &i.attrs,
            syn::TraitItem::Macro(i) => &i.attrs,
            _ => &Vec::new(),
        };
        if !self.test_item(attrs, item) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut imports = Vec::new();
        let root = match item.leading_colon {
            Some(_) => vec!["::".to_string()],
            None => vec![],
        };
        use_tree(&item.tree, root, &mut imports);
        let reexport = !matches!(item.vis, syn::Visibility::Inherited) && self.inline == 0;
        for (segments, name, glob) in imports {
            let r = self.reference(segments, glob);
            if let Some(name) = &name {
                self.bind(name, r.clone());
            }
            if reexport {
                self.parsed.reexports.push((name, r));
            } else {
                self.parsed.references.push(r);
            }
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        let name = unraw(&item.ident);
        let r = self.reference(vec!["self".into(), name.clone()], false);
        self.bind(&name, r);
        for attr in &item.attrs {
            self.visit_attribute(attr);
        }
        let Some((_, items)) = &item.content else {
            if let Some(file) = item.attrs.iter().find_map(|a| match &a.meta {
                syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(file),
                        ..
                    }) => Some(file.value()),
                    _ => None,
                },
                _ => None,
            }) {
                let module = [self.context.clone(), vec![name]].concat();
                self.parsed.paths.push((module, file));
            }
            let start = match &item.vis {
                syn::Visibility::Inherited => item.mod_token.span,
                vis => vis.span(),
            };
            let end = item.semi.map_or(item.span(), |s| s.span);
            self.parsed
                .strip
                .push(start.byte_range().start..end.byte_range().end);
            return;
        };
        self.context.push(name);
        self.inline += 1;
        for item in items {
            self.visit_item(item);
        }
        self.inline -= 1;
        self.context.pop();
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        if let syn::Type::Path(syn::TypePath { qself: None, path }) = &*item.self_ty {
            let segments = path.segments.iter().map(|s| unraw(&s.ident)).collect();
            let r = self.reference(segments, false);
            self.parsed.impls.push(r);
        }
        visit::visit_item_impl(self, item);
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        self.parsed.traits.insert(unraw(&item.ident));
        visit::visit_item_trait(self, item);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let mut segments: Vec<String> = path.segments.iter().map(|s| unraw(&s.ident)).collect();
        if path.leading_colon.is_some() {
            segments.insert(0, "::".into());
        } else if let Some(first) = segments.first() {
            self.parsed.mentioned.insert(first.clone());
        }
        if segments.len() > 1 {
            let r = self.reference(segments, false);
            self.parsed.references.push(r);
        }
        visit::visit_path(self, path);
    }

    fn visit_pat_ident(&mut self, pat: &'ast syn::PatIdent) {
        // A name in a pattern may be a constant's.
        self.parsed.mentioned.insert(unraw(&pat.ident));
        visit::visit_pat_ident(self, pat);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        if let Some(name) = mac.path.get_ident() {
            self.include(&unraw(name), mac.tokens.clone());
        }
        if mac.path.is_ident("registry") {
            self.registry(mac);
            return;
        }
        self.tokens(mac.tokens.clone());
    }

    fn visit_meta_list(&mut self, list: &'ast syn::MetaList) {
        self.visit_path(&list.path);
        self.tokens(list.tokens.clone());
    }

    // `pub(in path)` names where an item is seen, not code it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}
}
