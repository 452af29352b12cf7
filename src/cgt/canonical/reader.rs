//! Games read from `CGSuite`'s notation, the inverse of
//! [`GameTable::display`]: `0`, `-1/4`, `*`, `*2`, `1*`, `^`, `v*`, `^^`,
//! `^3*2`, `+-1`, `{2|-1/2}`, `{1*|-1*}`, `{0||0|-1}` (the most bars split a
//! game, so `{a||b|c}` is `{a | {b|c}}`, and commas bind tighter than bars),
//! and the site's typeset forms of them ([`super::typeset`]: `−`, `∗`, `↑`,
//! `↓`, `±`, `3·↑`, spaces anywhere). Whatever is read is a game of the
//! table, in canonical form, so two texts name equal games exactly when they
//! read to the same [`GameId`].
//!
//! What it builds is bounded ([`MAX_WHOLE`], [`MAX_EXPONENT`], [`MAX_NIM`],
//! [`MAX_UPS`]): a text names a small game, never one that takes the table
//! minutes to build.

use super::{Dyadic, GameId, GameTable};

/// The largest whole part of a number read, in absolute value.
pub const MAX_WHOLE: i64 = 256;
/// The largest exponent of a number's denominator (`1/1024`).
pub const MAX_EXPONENT: u32 = 10;
/// The largest nimber read (`*64`).
pub const MAX_NIM: u32 = 64;
/// The most ups or downs read (`^32`).
pub const MAX_UPS: i32 = 32;

/// Why a text is not a game in `CGSuite`'s notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read `{text}` as a game: {why}")]
pub struct NotationError {
    /// The text, as written.
    pub text: String,
    /// What was expected, and where.
    pub why: String,
}

/// The site's notation written back in `CGSuite`'s ASCII, spaces dropped:
/// `{1 | −1/2}` is `{1|-1/2}`, `↑∗` is `^*`, `±1` is `+-1`.
pub fn ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        match c {
            '\u{2212}' => out.push('-'),
            '\u{2217}' => out.push('*'),
            '\u{2191}' => out.push('^'),
            '\u{2193}' => out.push('v'),
            '\u{b1}' => out.push_str("+-"),
            c => out.push(c),
        }
    }
    out
}

impl GameTable {
    /// The game `text` writes, in `CGSuite`'s notation or the site's.
    pub fn read(&self, text: &str) -> Result<GameId, NotationError> {
        let plain = ascii(text);
        let fail = |why: String| NotationError {
            text: text.trim().to_string(),
            why,
        };
        let mut reader = Reader {
            table: self,
            text: &plain,
            at: 0,
        };
        let g = reader.game().map_err(fail)?;
        match reader.rest() {
            "" => Ok(g),
            rest => Err(fail(format!(
                "expected the end after a game, found `{rest}`"
            ))),
        }
    }
}

/// What a braced game holds, in order.
enum Item {
    Game(GameId),
    Comma,
    Bars(usize),
}

struct Reader<'t, 'a> {
    table: &'t GameTable,
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'_, 'a> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn eat(&mut self, prefix: &str) -> bool {
        let here = self.rest().starts_with(prefix);
        if here {
            self.at += prefix.len();
        }
        here
    }

    /// What stands here, for an error.
    fn found(&self) -> String {
        match self.rest() {
            "" => "the end".to_string(),
            rest => format!("`{rest}`"),
        }
    }

    fn game(&mut self) -> Result<GameId, String> {
        if self.peek() == Some('{') {
            self.braced()
        } else {
            self.short()
        }
    }

    /// `{ ... }`: options, commas and runs of bars.
    fn braced(&mut self) -> Result<GameId, String> {
        self.eat("{");
        let mut items = Vec::new();
        loop {
            match self.peek() {
                None => return Err("a `{` is not closed by `}`".to_string()),
                Some('}') => {
                    self.at += 1;
                    break;
                }
                Some(',') => {
                    self.at += 1;
                    items.push(Item::Comma);
                }
                Some('|') => {
                    let bars = self.rest().len() - self.rest().trim_start_matches('|').len();
                    self.at += bars;
                    items.push(Item::Bars(bars));
                }
                Some(_) => items.push(Item::Game(self.game()?)),
            }
        }
        self.split(&items)
    }

    /// A game from a run of items holding bars: split at its most bars.
    fn split(&self, items: &[Item]) -> Result<GameId, String> {
        let bars = |item: &Item| match item {
            Item::Bars(n) => Some(*n),
            _ => None,
        };
        let Some(most) = items.iter().filter_map(bars).max() else {
            return Err(
                "a game in braces has a `|` between Left's options and Right's (`{1|-1}`)"
                    .to_string(),
            );
        };
        let at: Vec<usize> = (0..items.len())
            .filter(|&i| bars(&items[i]) == Some(most))
            .collect();
        if at.len() > 1 {
            let run = "|".repeat(most);
            return Err(format!(
                "two `{run}` at one level are ambiguous: write more bars at the split that \
                 holds the other (`{{a||b|c}}` is `{{a|{{b|c}}}}`)"
            ));
        }
        let left = self.side(&items[..at[0]])?;
        let right = self.side(&items[at[0] + 1..])?;
        Ok(self.table.game(&left, &right))
    }

    /// One side's options: a game with bars standing alone, or games
    /// separated by commas.
    fn side(&self, items: &[Item]) -> Result<Vec<GameId>, String> {
        if items.iter().any(|i| matches!(i, Item::Bars(_))) {
            return self.split(items).map(|g| vec![g]);
        }
        let mut options = Vec::new();
        for (i, item) in items.iter().enumerate() {
            match (item, i % 2) {
                (Item::Game(g), 0) => options.push(*g),
                (Item::Comma, 1) if i + 1 < items.len() => {}
                _ => return Err("expected one option between commas".to_string()),
            }
        }
        Ok(options)
    }

    /// A game with a short name: `+-x`, or a number, ups and a nimber, each
    /// part optional but not all.
    fn short(&mut self) -> Result<GameId, String> {
        let t = self.table;
        if self.eat("+-") {
            let x = self.number()?.ok_or_else(|| {
                format!(
                    "expected a number after `+-` (`+-1`), found {}",
                    self.found()
                )
            })?;
            return Ok(t.game(&[t.number(x)], &[t.number(-x)]));
        }
        let start = self.at;
        // `3·^` counts ups; any other digits start a number.
        let count = self.digits();
        let (x, ups) = if self.eat("\u{b7}") {
            (Dyadic::ZERO, Some(self.arrows(count)?))
        } else {
            self.at = start;
            let x = self.number()?.unwrap_or(Dyadic::ZERO);
            // `1+3·^` after a number.
            let plus = self.at;
            let counted = if self.eat("+") {
                let n = self.digits();
                if self.eat("\u{b7}") { Some(n) } else { None }
            } else {
                None
            };
            if counted.is_none() {
                self.at = plus;
            }
            let ups = match (counted, self.peek()) {
                (Some(n), _) => Some(self.arrows(n)?),
                (None, Some('^' | 'v')) => Some(self.arrows("")?),
                _ => None,
            };
            (x, ups)
        };
        let nim = if self.eat("*") {
            let k = self.digits();
            match k {
                "" => 1,
                k => k
                    .parse()
                    .ok()
                    .filter(|&k| k <= MAX_NIM)
                    .ok_or_else(|| format!("`*{k}`: a nimber here is at most *{MAX_NIM}"))?,
            }
        } else {
            0
        };
        if self.at == start {
            return Err(format!(
                "expected a game: a number (`-1/4`), `^`, `v`, `*`, `*2`, `+-1` or braces \
                 (`{{1|-1}}`), found {}",
                self.found()
            ));
        }
        let mut g = t.number(x);
        if let Some(n) = ups {
            g = t.add(g, t.ups(n));
        }
        if nim > 0 {
            // Built up from *0: *k's options are *0 to *(k-1).
            let mut nimbers = vec![t.zero()];
            for k in 1..=nim as usize {
                let next = t.game(&nimbers[..k], &nimbers[..k]);
                nimbers.push(next);
            }
            g = t.add(g, nimbers[nim as usize]);
        }
        Ok(g)
    }

    /// The digits here (none is `""`).
    fn digits(&mut self) -> &'a str {
        let text = self.text;
        let rest = &text[self.at..];
        let n = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        self.at += n;
        &rest[..n]
    }

    /// A run of `^` or `v` (`^^`), or one with a count after it (`^3`) or
    /// before it (`count`, from `3·^`): how many ups (negative for downs).
    fn arrows(&mut self, count: &str) -> Result<i32, String> {
        let Some(arrow) = self.peek().filter(|c| matches!(c, '^' | 'v')) else {
            return Err(format!(
                "expected `^` or `v` after `·`, found {}",
                self.found()
            ));
        };
        let run = self.rest().len() - self.rest().trim_start_matches(arrow).len();
        self.at += run;
        let after = self.digits().to_string();
        let written = match (count, run, after.as_str()) {
            ("", n, "") => n.to_string(),
            ("", 1, n) | (n, 1, "") => n.to_string(),
            _ => return Err(format!("write `^^` or `^3`, not {}", self.found())),
        };
        let n: i32 = written
            .parse()
            .ok()
            .filter(|&n| n <= MAX_UPS)
            .ok_or_else(|| format!("at most {MAX_UPS} ups or downs, not {written}"))?;
        Ok(if arrow == '^' { n } else { -n })
    }

    /// A number `-a/b`, `a/b` or `a` here, `b` a power of two, if there is one.
    fn number(&mut self) -> Result<Option<Dyadic>, String> {
        let start = self.at;
        let negative = self.eat("-");
        let whole = self.digits().to_string();
        if whole.is_empty() {
            if negative {
                return Err(format!(
                    "expected a number after `-`, found {}",
                    self.found()
                ));
            }
            self.at = start;
            return Ok(None);
        }
        let below = if self.eat("/") {
            match self.digits() {
                "" => {
                    return Err(format!(
                        "expected a denominator after `/`, found {}",
                        self.found()
                    ));
                }
                d => d.to_string(),
            }
        } else {
            "1".to_string()
        };
        let written = &self.text[start..self.at];
        let too_big = || {
            format!(
                "`{written}`: a number here is at most {MAX_WHOLE} and its denominator at most 2^{MAX_EXPONENT}"
            )
        };
        let num: i64 = whole.parse().map_err(|_| too_big())?;
        let den: u64 = below.parse().map_err(|_| too_big())?;
        if !den.is_power_of_two() {
            return Err(format!(
                "`{written}` is not a dyadic rational: a short game equals a number only when \
                 its denominator is a power of two (1/2, 3/4, 5/8)"
            ));
        }
        let exp = den.trailing_zeros();
        if exp > MAX_EXPONENT || num > MAX_WHOLE << exp {
            return Err(too_big());
        }
        Ok(Some(Dyadic::new(if negative { -num } else { num }, exp)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cgt::random::SplitMix64;

    #[test]
    fn reads_what_display_writes_and_the_site_typesets() {
        let t = GameTable::new();
        let one = t.integer(1);
        let minus_one = t.integer(-1);
        let star = t.nimber(1);
        let up = t.up();
        let pm1 = t.game(&[one], &[minus_one]);
        // By the definitions: +-1 = {1|-1}, ^ = {0|*}, * = {0|0}, 1/2 = {0|1}.
        assert_eq!(t.read("+-1"), Ok(pm1));
        assert_eq!(t.read("{1|-1}"), Ok(pm1));
        assert_eq!(t.read("\u{b1}1"), Ok(pm1));
        assert_eq!(t.read("{ 1 | \u{2212}1 }"), Ok(pm1));
        assert_eq!(t.read("^"), Ok(up));
        assert_eq!(t.read("\u{2191}"), Ok(up));
        assert_eq!(t.read("{0|*}"), Ok(up));
        assert_eq!(t.read("*"), Ok(star));
        assert_eq!(t.read("\u{2217}"), Ok(star));
        assert_eq!(t.read("{0|0}"), Ok(star));
        assert_eq!(t.read("*1"), Ok(star));
        assert_eq!(t.read("{0|1}"), t.read("1/2"));
        assert_eq!(t.read("v"), Ok(t.neg(up)));
        assert_eq!(t.read("\u{2193}"), Ok(t.neg(up)));
        // ^^ = ^2 = 2·↑ = ^ + ^, however written.
        let up2 = t.add(up, up);
        for two_ups in ["^^", "^2", "2\u{b7}\u{2191}", "\u{2191}\u{2191}"] {
            assert_eq!(t.read(two_ups), Ok(up2), "{two_ups}");
        }
        assert_eq!(t.read("1+3\u{b7}\u{2191}"), t.read("1^3"));
        // Commas bind tighter than bars; the most bars split.
        let zero = t.zero();
        let inner = t.game(&[zero], &[t.integer(-1)]);
        assert_eq!(t.read("{0||0|-1}"), Ok(t.game(&[zero], &[inner])));
        assert_eq!(t.read("{|}"), Ok(zero));
        assert_eq!(t.read("{|0}"), Ok(t.integer(-1)));
        // *2 + *3 = *1, by the nim sum.
        assert_eq!(t.read("*2").map(|g| t.add(g, t.nimber(3))), Ok(star));
        // Every game display writes reads back as itself.
        let mut rng = SplitMix64::new(7);
        for _ in 0..300 {
            let g = rng.game(&t, 3, 3);
            assert_eq!(t.read(&t.display(g)), Ok(g), "{}", t.display(g));
            let typeset = crate::cgt::canonical::typeset::game(&t.display(g)).unwrap();
            assert_eq!(t.read(&typeset), Ok(g), "{typeset}");
        }
    }

    #[test]
    fn refuses_what_is_not_a_game_saying_what_was_expected() {
        let t = GameTable::new();
        for (text, why) in [
            ("{1|-1", "not closed by `}`"),
            ("{1,-1}", "a `|` between"),
            ("{1|2|3}", "ambiguous"),
            ("{1,|2}", "one option between commas"),
            ("1/3", "not a dyadic rational"),
            ("+-", "expected a number after `+-`"),
            ("x", "expected a game"),
            ("1}", "expected the end"),
            ("*1000", "at most *64"),
            ("300", "at most 256"),
            ("1/2048", "at most 2^10"),
            ("^^3", "write `^^` or `^3`"),
            ("-", "expected a number after `-`"),
        ] {
            let e = t.read(text).unwrap_err().to_string();
            assert!(e.contains(why) && e.contains(text), "{text}: {e}");
        }
    }
}
