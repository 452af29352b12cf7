//! Values as a reader reads them: one typesetter for every place a value is
//! shown (a figure's drawing, legend and tables; a value printed in prose).
//!
//! A game written in `CGSuite`'s notation ([`GameTable::display`]: `-1/4`,
//! `*2`, `^*`, `+-1`, `{1/4|-1,{0|-2}}`, `{0||0|-1}`) becomes `−1/4`, `∗2`,
//! `↑∗`, `±1`, `{1/4 | −1, {0 | −2}}`, `{0 || 0 | −1}`: the true minus sign,
//! the operator asterisk, arrows for ups and downs (`3·↑` for `^3`), the
//! plus-minus sign, and thin spaces around bars and after commas. Numbers
//! are written with thousands separators and the minus sign, to the places a
//! view declares ([`decimal`], [`integer`]). The data files keep `CGSuite`'s
//! notation and exact numbers; only what a reader sees is typeset.
//!
//! [`GameTable::display`]: super::GameTable::display

/// The minus sign, U+2212.
pub const MINUS: char = '\u{2212}';

/// The thin space that sets off a game's bars and follows its commas.
pub const THIN: char = '\u{2009}';

/// A game in `CGSuite`'s notation typeset for reading, or `None` when `text`
/// is not one (so that any other text can be told apart and left as it is).
pub fn game(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len() + 8);
    let rest = match text.strip_prefix('{') {
        Some(_) => braced(text, &mut out)?,
        None => short(text, &mut out)?,
    };
    rest.is_empty().then_some(out)
}

/// Where a braced game's reading stands: after its `{`, a comma, a run of
/// bars or an option.
#[derive(Clone, Copy, PartialEq)]
enum After {
    Open,
    Comma,
    Bars,
    Option,
}

/// A braced game at the start of `text`, written to `out`; what follows it.
fn braced<'t>(text: &'t str, out: &mut String) -> Option<&'t str> {
    let mut rest = text.strip_prefix('{')?;
    out.push('{');
    let mut after = After::Open;
    loop {
        match (rest.chars().next()?, after) {
            ('}', After::Open | After::Bars | After::Option) => {
                out.push('}');
                return Some(&rest[1..]);
            }
            ('|', After::Open | After::Option) => {
                let bars = rest.len() - rest.trim_start_matches('|').len();
                rest = &rest[bars..];
                if after == After::Option {
                    out.push(THIN);
                }
                out.push_str(&"|".repeat(bars));
                if !rest.starts_with('}') {
                    out.push(THIN);
                }
                after = After::Bars;
            }
            (',', After::Option) => {
                rest = &rest[1..];
                out.push(',');
                out.push(THIN);
                after = After::Comma;
            }
            ('{', After::Open | After::Comma | After::Bars) => {
                rest = braced(rest, out)?;
                after = After::Option;
            }
            (_, After::Open | After::Comma | After::Bars) => {
                let end = rest.find([',', '|', '{', '}']).unwrap_or(rest.len());
                if !short(&rest[..end], out)?.is_empty() {
                    return None;
                }
                rest = &rest[end..];
                after = After::Option;
            }
            _ => return None,
        }
    }
}

/// A game with a short name (a number, a nimber, ups, a switch) at the
/// start of `text`, written to `out`; what follows it.
fn short<'t>(text: &'t str, out: &mut String) -> Option<&'t str> {
    let start = out.len();
    let mut rest = text;
    if let Some(after) = rest.strip_prefix("+-") {
        out.push('\u{b1}');
        return number(after, out);
    }
    if rest.starts_with(['-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) {
        rest = number(rest, out)?;
    }
    if let Some(arrow) = rest.chars().next().filter(|c| matches!(c, '^' | 'v')) {
        let glyph = if arrow == '^' { '\u{2191}' } else { '\u{2193}' };
        rest = &rest[1..];
        let n = digits(rest);
        if let Some(after) = rest.strip_prefix(arrow) {
            rest = after;
            out.push(glyph);
            out.push(glyph);
        } else if n > 0 {
            // `^3` is three ups: `3·↑`, after a number `x+3·↑`.
            if out.len() > start {
                out.push('+');
            }
            out.push_str(&rest[..n]);
            out.push('\u{b7}');
            out.push(glyph);
            rest = &rest[n..];
        } else {
            out.push(glyph);
        }
    }
    if let Some(after) = rest.strip_prefix('*') {
        let n = digits(after);
        out.push('\u{2217}');
        out.push_str(&after[..n]);
        rest = &after[n..];
    }
    (out.len() > start).then_some(rest)
}

/// How many ASCII digits `s` starts with.
fn digits(s: &str) -> usize {
    s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len()
}

/// A number `-a/b`, `a/b` or `a` at the start of `text`, written to `out`.
fn number<'t>(text: &'t str, out: &mut String) -> Option<&'t str> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let whole = digits(rest);
    if whole == 0 {
        return None;
    }
    if negative {
        out.push(MINUS);
    }
    out.push_str(&rest[..whole]);
    let rest = &rest[whole..];
    match rest.strip_prefix('/') {
        Some(after) => {
            let below = digits(after);
            (below > 0).then(|| {
                out.push('/');
                out.push_str(&after[..below]);
                &after[below..]
            })
        }
        None => Some(rest),
    }
}

/// `-12345` as `−12,345`.
pub fn integer(n: i64) -> String {
    let sign = if n < 0 { "\u{2212}" } else { "" };
    format!("{sign}{}", thousands(&n.unsigned_abs().to_string()))
}

/// `v` with `places` decimals, thousands separators and the minus sign:
/// `decimal(-1234.5, 1)` is `−1,234.5`; nothing that rounds to zero is
/// negative.
pub fn decimal(v: f64, places: usize) -> String {
    let digits = format!("{:.places$}", v.abs());
    let (whole, fraction) = digits.split_once('.').unwrap_or((&digits, ""));
    let zero = digits.bytes().all(|b| matches!(b, b'0' | b'.'));
    let sign = if v < 0.0 && !zero { "\u{2212}" } else { "" };
    let point = if fraction.is_empty() { "" } else { "." };
    format!("{sign}{}{point}{fraction}", thousands(whole))
}

/// `v` as an exact fraction `a/2^k` in lowest terms with the minus sign
/// (`−3/4`, `5/8`), a whole number as [`decimal`] writes it; a value that
/// is no dyadic fraction of at most 2^30 in its denominator is written to
/// four places.
pub fn dyadic(v: f64) -> String {
    let Some(k) = (0..=30).find(|&k| (v * f64::from(1u32 << k)).fract() == 0.0) else {
        return decimal(v, 4);
    };
    if k == 0 {
        return decimal(v, 0);
    }
    let numerator = decimal(v * f64::from(1u32 << k), 0);
    format!("{numerator}/{}", 1u64 << k)
}

/// A string of digits with a comma before each group of three from the right.
fn thousands(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{Dyadic, GameTable};
    use super::*;

    fn t(text: &str) -> String {
        game(text).unwrap_or_else(|| panic!("{text} is a game"))
    }

    #[test]
    fn short_names_take_the_readers_signs() {
        assert_eq!(t("0"), "0");
        assert_eq!(t("-1/4"), "\u{2212}1/4");
        assert_eq!(t("19"), "19");
        assert_eq!(t("*"), "\u{2217}");
        assert_eq!(t("*12"), "\u{2217}12");
        assert_eq!(t("1*"), "1\u{2217}");
        assert_eq!(t("-3/2*2"), "\u{2212}3/2\u{2217}2");
        assert_eq!(t("^"), "\u{2191}");
        assert_eq!(t("v*"), "\u{2193}\u{2217}");
        assert_eq!(t("^^"), "\u{2191}\u{2191}");
        assert_eq!(t("^3*2"), "3\u{b7}\u{2191}\u{2217}2");
        assert_eq!(t("1/2^3"), "1/2+3\u{b7}\u{2191}");
        assert_eq!(t("1/2v"), "1/2\u{2193}");
        assert_eq!(t("+-1"), "\u{b1}1");
        assert_eq!(t("+-3/2"), "\u{b1}3/2");
    }

    #[test]
    fn options_are_set_off_by_thin_spaces() {
        let s = |text: &str| text.replace(' ', "\u{2009}").replace('-', "\u{2212}");
        assert_eq!(t("{2|-1/2}"), s("{2 | -1/2}"));
        assert_eq!(t("{1/4|-1,{0|-2}}"), s("{1/4 | -1, {0 | -2}}"));
        assert_eq!(t("{0||0|-1}"), s("{0 || 0 | -1}"));
        assert_eq!(t("{1*|-1*}"), s("{1\u{2217} | -1\u{2217}}"));
        assert_eq!(t("{0,*|}"), s("{0, \u{2217} |}"));
        assert_eq!(t("{|}"), "{|}");
        assert_eq!(t("{|0}"), s("{| 0}"));
    }

    #[test]
    fn other_text_is_not_a_game() {
        for text in [
            "",
            "4 × 5",
            "loss",
            "2, 3",
            "[0,0]",
            "1,042",
            "-",
            "*x",
            "{1|2",
            "{1|2}}",
            "1/",
            "{,1|2}",
            "{1,|2}",
            "--1",
            "+-",
            "v v",
            "0-1 1-2",
            "{1|2}3",
            "fixed cell",
        ] {
            assert_eq!(game(text), None, "{text}");
        }
    }

    /// Every game the core writes reads back as a game: a second reading of
    /// the notation, over games built by hand.
    #[test]
    fn every_game_the_core_displays_is_typeset() {
        let t = GameTable::new();
        let (one, star, up) = (t.integer(1), t.nimber(1), t.up());
        let half = t.number(Dyadic::new(-1, 1));
        let inner = t.game(&[t.zero()], &[t.integer(-1)]);
        let games = [
            t.zero(),
            half,
            t.nimber(3),
            t.add(up, star),
            t.neg(t.add(up, up)),
            t.game(&[one], &[t.integer(-1)]),
            t.game(&[t.integer(2)], &[half]),
            t.game(&[t.zero()], &[inner]),
            t.game(&[t.zero(), star], &[one]),
        ];
        for g in games {
            let shown = t.display(g);
            let typeset = game(&shown).unwrap_or_else(|| panic!("{shown}"));
            let back = typeset
                .replace(THIN, "")
                .replace(MINUS, "-")
                .replace('\u{2217}', "*")
                .replace('\u{2191}', "^")
                .replace('\u{2193}', "v")
                .replace('\u{b1}', "+-");
            assert_eq!(back, shown);
            assert!(!typeset.contains(['*', '^', '-']), "{typeset}");
        }
    }

    #[test]
    fn numbers_group_thousands_and_take_the_minus_sign() {
        assert_eq!(decimal(-1234.5, 1), "\u{2212}1,234.5");
        assert_eq!(decimal(25000.0, 0), "25,000");
        assert_eq!(decimal(-0.001, 2), "0.00");
        assert_eq!(decimal(0.05, 2), "0.05");
        assert_eq!(integer(0), "0");
        assert_eq!(integer(999), "999");
        assert_eq!(integer(1042), "1,042");
        assert_eq!(integer(-1234567), "\u{2212}1,234,567");
    }
}
