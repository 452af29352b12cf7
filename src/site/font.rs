//! The math font a site carries: STIX Math's design with TrueType outlines
//! (`templates/fonts/LadderMath-Regular.ttf`, made once by `convert.py`
//! beside it; see `OFL.txt` there), cut down for each site to the glyphs its
//! `MathML` can show and written as WOFF2.
//!
//! [`MathText`] watches the files a build writes and keeps the characters of
//! every page's `<math>` elements; [`subset`] keeps the glyphs a browser may
//! take for them. skera (the fontations subsetter) keeps the characters'
//! glyphs and what GSUB makes of them; it does not read the MATH table, so the
//! glyph ids are kept as they are (`RETAIN_GIDS`), the table is copied whole,
//! and the glyphs it names for a kept glyph (the larger sizes and the parts
//! a stretched parenthesis or integral is built from) are added to the kept
//! glyphs until none is missing. The same characters give the same bytes.
//!
//! It imports only the output's `Sink`.

use super::output::sink::Sink;
use read_fonts::collections::IntSet;
use read_fonts::tables::math::StretchAxis;
use read_fonts::types::{GlyphId, NameId, Tag};
use read_fonts::{FontRef, TableProvider};
use skera::{DEFAULT_DROP_TABLES, DEFAULT_LAYOUT_FEATURES, Plan, SubsetFlags, subset_font};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;

/// The whole font, every glyph of STIX Math 1.1.1.
const FONT: &[u8] = include_bytes!("../../templates/fonts/LadderMath-Regular.ttf");

/// Brotli's quality for the WOFF2: on the bundled site's math (145 glyphs),
/// 5 takes about 3 ms and gives 14.9 KB, 9 about 55 ms and 14.6 KB, 11 about
/// 150 ms and 13.6 KB: a tenth of the size is not worth the build's time.
const QUALITY: u8 = 5;

/// A [`Sink`] that passes every file on and keeps the characters a browser
/// shows in the math font on the pages (`.html` files) among them.
pub struct MathText<'a> {
    sink: &'a dyn Sink,
    chars: Mutex<BTreeSet<char>>,
}

impl<'a> MathText<'a> {
    /// A font that writes into `sink`, no characters seen yet.
    pub fn new(sink: &'a dyn Sink) -> Self {
        MathText {
            sink,
            chars: Mutex::default(),
        }
    }

    /// The math font for the pages seen so far, as WOFF2.
    pub fn font(&self) -> Vec<u8> {
        subset(&self.chars.lock().expect("nothing panics holding the lock"))
    }
}

impl Sink for MathText<'_> {
    fn add(&self, path: PathBuf, bytes: &[u8]) {
        if path.extension().is_some_and(|e| e == "html")
            && let Ok(html) = std::str::from_utf8(bytes)
        {
            let found = in_math(html);
            self.chars
                .lock()
                .expect("nothing panics holding the lock")
                .extend(found);
        }
        self.sink.add(path, bytes);
    }
}

/// The characters of `html` that a browser takes from the math font: the
/// text of its `<math>` elements (entities decoded) but their annotations,
/// with the italic letter the browser shows for each letter that has one
/// (`MathML` Core's `math-auto` transform of a one-letter `<mi>`), and the
/// radical sign where there is a root.
pub fn in_math(html: &str) -> BTreeSet<char> {
    use html5gum::Token;
    let mut emitter = html5gum::emitters::default::DefaultEmitter::<()>::default();
    // Raw text and RCDATA (`<textarea>`, `<style>`, ...) hold no tags.
    emitter.naively_switch_states(true);
    let (mut math, mut annotation) = (0usize, 0usize);
    let mut chars = BTreeSet::new();
    for token in html5gum::Tokenizer::new_with_emitter(html, emitter).flatten() {
        match token {
            Token::StartTag(tag) if !tag.self_closing => match &tag.name[..] {
                b"math" => math += 1,
                b"annotation" | b"annotation-xml" if math > 0 => annotation += 1,
                b"msqrt" | b"mroot" if math > 0 => {
                    chars.insert('\u{221A}');
                }
                _ => {}
            },
            Token::EndTag(tag) => match &tag.name[..] {
                b"math" => math = math.saturating_sub(1),
                b"annotation" | b"annotation-xml" => annotation = annotation.saturating_sub(1),
                _ => {}
            },
            Token::String(text) if math > 0 && annotation == 0 => {
                for c in String::from_utf8_lossy(&text.value).chars() {
                    chars.insert(c);
                    chars.extend(italic(c));
                }
            }
            _ => {}
        }
    }
    chars
}

/// The mathematical italic form of `c`, by `MathML` Core's table of italic
/// mappings.
fn italic(c: char) -> Option<char> {
    let to = match c {
        'h' => 0x210E,
        'A'..='Z' => 0x1D434 + (c as u32 - 'A' as u32),
        'a'..='z' => 0x1D44E + (c as u32 - 'a' as u32),
        '\u{131}' => 0x1D6A4,
        '\u{237}' => 0x1D6A5,
        '\u{391}'..='\u{3A1}' => 0x1D6E2 + (c as u32 - 0x391),
        '\u{3F4}' => 0x1D6F3,
        '\u{3A3}'..='\u{3A9}' => 0x1D6F4 + (c as u32 - 0x3A3),
        '\u{2207}' => 0x1D6FB,
        '\u{3B1}'..='\u{3C9}' => 0x1D6FC + (c as u32 - 0x3B1),
        '\u{2202}' => 0x1D715,
        '\u{3F5}' => 0x1D716,
        '\u{3D1}' => 0x1D717,
        '\u{3F0}' => 0x1D718,
        '\u{3D5}' => 0x1D719,
        '\u{3F1}' => 0x1D71A,
        '\u{3D6}' => 0x1D71B,
        _ => return None,
    };
    char::from_u32(to)
}

/// The math font with the glyphs of `chars` and every glyph the MATH table
/// or GSUB may put in their place, as WOFF2.
pub fn subset(chars: &BTreeSet<char>) -> Vec<u8> {
    ttf2woff2::encode(&cut(chars), QUALITY.into()).expect("a subset encodes as WOFF2")
}

/// [`subset`]'s font, as TrueType.
fn cut(chars: &BTreeSet<char>) -> Vec<u8> {
    let font = FontRef::new(FONT).expect("the embedded math font reads");
    let unicodes: IntSet<u32> = chars.iter().map(|&c| c as u32).collect();
    let variants = font
        .math()
        .and_then(|m| m.math_variants())
        .expect("the math font has MATH variants");
    // Chromium's font check (OTS) drops a MATH table that names a glyph past
    // the font's last, so the last glyph is kept and the count stays whole.
    let glyphs = font.maxp().expect("the math font has maxp").num_glyphs();
    let mut gids = IntSet::empty();
    gids.insert(GlyphId::new(u32::from(glyphs) - 1));
    let mut names = IntSet::empty();
    // The names, the copyright and trademark notices and the licence.
    names.insert_range(NameId::new(0)..=NameId::new(7));
    names.extend([NameId::new(13), NameId::new(14)]);
    let mut scripts = IntSet::empty();
    scripts.invert();
    loop {
        let plan = Plan::new(
            &gids,
            &unicodes,
            &font,
            // MATH is the one table of the font that skera does not know.
            SubsetFlags::SUBSET_FLAGS_RETAIN_GIDS
                | SubsetFlags::SUBSET_FLAGS_PASSTHROUGH_UNRECOGNIZED,
            &DEFAULT_DROP_TABLES.iter().copied().collect::<IntSet<Tag>>(),
            &scripts,
            &DEFAULT_LAYOUT_FEATURES.iter().copied().collect(),
            &names,
            &[0x409].into_iter().collect(),
        );
        let before = gids.len();
        for (gid, _) in plan.old_to_new_glyph_mapping() {
            gids.insert(gid);
            for axis in [StretchAxis::Vertical, StretchAxis::Horizontal] {
                let Some(construction) = variants.glyph_construction(gid, axis) else {
                    continue;
                };
                for variant in construction.math_glyph_variant_records() {
                    gids.insert(variant.variant_glyph().into());
                }
                if let Some(Ok(assembly)) = construction.glyph_assembly() {
                    gids.extend(assembly.part_records().iter().map(|p| p.glyph_id().into()));
                }
            }
        }
        if gids.len() == before {
            return subset_font(&font, &plan).expect("the math font subsets");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use read_fonts::types::Tag;

    fn chars(s: &str) -> BTreeSet<char> {
        s.chars().collect()
    }

    #[test]
    fn keeps_the_text_of_math_but_its_annotations_and_the_italic_letters() {
        let html = "<p>Zebra &amp; quagga</p><math display=\"block\"><semantics><mrow>\
            <mi>x</mi><mo>&lt;</mo><mi>&#x3B1;</mi><mtext>h</mtext></mrow>\
            <annotation encoding=\"application/x-tex\">x &lt; \\alpha</annotation></semantics></math>";
        let found = in_math(html);
        // x, <, α and h, with 𝑥, 𝛼 and ℎ (U+1D455 is not a character).
        assert_eq!(
            found,
            chars("x<\u{3B1}h\u{1D465}\u{1D6FC}\u{210E}"),
            "{found:?}"
        );
        assert!(in_math("<p>no math</p>").is_empty());
        assert_eq!(
            in_math("<math><msqrt><mn>2</mn></msqrt></math>"),
            chars("2\u{221A}")
        );
    }

    #[test]
    fn italic_letters_follow_the_mathematical_alphanumeric_symbols() {
        // Unicode's names: MATHEMATICAL ITALIC CAPITAL A, SMALL Z, CAPITAL
        // OMEGA, SMALL OMEGA, PARTIAL DIFFERENTIAL, PI SYMBOL.
        for (c, to) in [
            ('A', '\u{1D434}'),
            ('z', '\u{1D467}'),
            ('\u{3A9}', '\u{1D6FA}'),
            ('\u{3C9}', '\u{1D714}'),
            ('\u{2202}', '\u{1D715}'),
            ('\u{3D6}', '\u{1D71B}'),
        ] {
            assert_eq!(italic(c), Some(to), "{c}");
        }
        assert_eq!(italic('1'), None);
    }

    /// Whether `gid` has an outline in a TrueType `font`.
    fn drawn(font: &FontRef, gid: u32) -> bool {
        let loca = font.loca(None).unwrap();
        let at = |i: u32| loca.get_raw(i as usize).unwrap();
        at(gid + 1) > at(gid)
    }

    #[test]
    fn a_subset_keeps_the_glyph_ids_the_math_table_and_every_size_and_part() {
        let whole = FontRef::new(FONT).unwrap();
        let bytes = cut(&chars("(a\u{1D44E}\u{2211}"));
        let cut = FontRef::new(&bytes).unwrap();
        assert_eq!(
            cut.maxp().unwrap().num_glyphs(),
            whole.maxp().unwrap().num_glyphs()
        );
        let math = Tag::new(b"MATH");
        assert_eq!(
            cut.data_for_tag(math).unwrap().as_bytes(),
            whole.data_for_tag(math).unwrap().as_bytes()
        );
        let variants = whole.math().unwrap().math_variants().unwrap();
        let mut checked = 0;
        for c in ['(', '\u{2211}'] {
            let gid = whole.cmap().unwrap().map_codepoint(c).unwrap();
            assert_eq!(cut.cmap().unwrap().map_codepoint(c), Some(gid));
            let construction = variants
                .glyph_construction(gid, StretchAxis::Vertical)
                .unwrap();
            let sizes = construction
                .math_glyph_variant_records()
                .iter()
                .map(read_fonts::tables::math::MathGlyphVariantRecord::variant_glyph);
            let parts = construction.glyph_assembly().into_iter().flatten();
            let parts = parts.flat_map(|a| {
                a.part_records()
                    .iter()
                    .map(read_fonts::tables::math::GlyphPartRecord::glyph_id)
                    .collect::<Vec<_>>()
            });
            for g in sizes.chain(parts) {
                let g = g.to_u32();
                assert!(drawn(&whole, g) && drawn(&cut, g), "glyph {g} for {c}");
                checked += 1;
            }
        }
        assert!(checked > 6, "{checked} sizes and parts");
        for c in ['a', '\u{1D44E}'] {
            let gid = whole.cmap().unwrap().map_codepoint(c).unwrap().to_u32();
            assert!(drawn(&cut, gid), "{c}");
        }
        let z = whole.cmap().unwrap().map_codepoint('Z').unwrap().to_u32();
        assert!(
            drawn(&whole, z) && !drawn(&cut, z),
            "an unused glyph is dropped"
        );
    }

    #[test]
    fn the_same_characters_give_the_same_font_and_every_character_subsets() {
        let some = chars("x+y=\u{2212}1");
        assert_eq!(subset(&some), subset(&some));
        let font = FontRef::new(FONT).unwrap();
        let cmap = font.cmap().unwrap();
        let every: BTreeSet<char> = (char::MIN..=char::MAX)
            .filter(|&c| cmap.map_codepoint(c).is_some())
            .collect();
        assert!(every.len() > 2000, "{} characters", every.len());
        let all = FontRef::new(&cut(&every))
            .unwrap()
            .loca(None)
            .unwrap()
            .len();
        assert_eq!(all, font.loca(None).unwrap().len());
    }
}
