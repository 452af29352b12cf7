//! Games written in `CGSuite`'s notation: `0`, `-1/4`, `*`, `*2`, `1*`, `^`,
//! `v*`, `^^`, `^3*2`, `+-1`, `{2|-1/2}`, `{1*|-1*}`, and `{0||0|-1}` for
//! options that are themselves compound.
//!
//! A game is first recognised as one of the families with a short name
//! ([`Form`]: numbers, nimbers, ups, switches), then written by its form or,
//! for any other game, by its options.

use super::{Dyadic, GameId, GameTable};
use std::cmp::Ordering;
use std::fmt::Write;
use std::sync::PoisonError;

/// A game recognised as one of the families with a short name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Form {
    /// A number.
    Number(Dyadic),
    /// `x + *k` with `k >= 1`.
    Nimber {
        /// `x`.
        number: Dyadic,
        /// `k`.
        nim: u32,
    },
    /// `x + n.^ + *k` with `n != 0` (`n < 0` for downs).
    Ups {
        /// `x`.
        number: Dyadic,
        /// `n`.
        ups: i32,
        /// `k`, 0 when there is no nimber.
        nim: u32,
    },
    /// The switch `{x | -x}` with `x > 0` a number, written `+-x`.
    Switch(Dyadic),
    /// Anything else, written with its options.
    Other,
}

/// The ups `n.^` for `n` up to this are tried when recognising a game for display.
const MAX_UPS: i32 = 8;

impl GameTable {
    /// `x + *k` when `g` is one (numbers are `k = 0`), read off the options,
    /// whose forms are memoised: `*k` has every `*j` below it among its
    /// positions, so reading them afresh cost 2^k.
    fn nimber_form(&self, g: GameId) -> Option<(Dyadic, u32)> {
        if let Some(x) = self.number_value(g) {
            return Some((x, 0));
        }
        if self.left(g) != self.right(g) {
            return None;
        }
        let options = self.left(g).to_vec();
        let mut parts = Vec::with_capacity(options.len());
        for o in options {
            parts.push(match self.form(o) {
                Form::Number(x) => (x, 0),
                Form::Nimber { number, nim } => (number, nim),
                _ => return None,
            });
        }
        let x = parts.first()?.0;
        parts.sort_by_key(|p| p.1);
        let k = u32::try_from(parts.len()).ok()?;
        parts
            .iter()
            .enumerate()
            .all(|(j, &(y, n))| y == x && u32::try_from(j) == Ok(n))
            .then_some((x, k))
    }

    /// `n.^` (or `n.v` for negative `n`).
    pub(super) fn ups(&self, n: i32) -> GameId {
        if n < 0 {
            let u = self.ups(-n);
            return self.neg(u);
        }
        // `n` is not negative here.
        let n = n.unsigned_abs() as usize;
        let mut ups = self.ups.lock().unwrap_or_else(PoisonError::into_inner);
        if ups.is_empty() {
            ups.push(self.up());
        }
        while ups.len() < n {
            let (last, u) = (ups[ups.len() - 1], ups[0]);
            ups.push(self.add(last, u));
        }
        match n {
            0 => self.zero(),
            _ => ups[n - 1],
        }
    }

    /// Which named family `g` belongs to. Builds a few helper games in the
    /// table the first time (ups, for recognising `x + n.^ + *k`).
    pub fn form(&self, g: GameId) -> Form {
        if let Some(f) = self.forms.get(&g) {
            return f;
        }
        let f = self.recognise(g);
        self.forms.insert(g, f)
    }

    fn recognise(&self, g: GameId) -> Form {
        if let Some((number, nim)) = self.nimber_form(g) {
            return if nim == 0 {
                Form::Number(number)
            } else {
                Form::Nimber { number, nim }
            };
        }
        if let ([l], [r]) = (self.left(g), self.right(g)) {
            let (l, r) = (*l, *r);
            if let (Some(a), Some(b)) = (self.number_value(l), self.number_value(r))
                && a > Dyadic::ZERO
                && b == -a
            {
                return Form::Switch(a);
            }
        }
        let x = self.left_stop(g);
        if x != self.right_stop(g) {
            return Form::Other;
        }
        let minus_x = self.number(-x);
        let infinitesimal = self.add(g, minus_x);
        for n in (1..=MAX_UPS).flat_map(|n| [n, -n]) {
            let u = self.ups(n);
            let rest = self.sub(infinitesimal, u);
            if let Some((y, nim)) = self.nimber_form(rest)
                && y == Dyadic::ZERO
            {
                return Form::Ups {
                    number: x,
                    ups: n,
                    nim,
                };
            }
        }
        Form::Other
    }

    /// The game in `CGSuite`'s notation.
    pub fn display(&self, g: GameId) -> String {
        let (s, bars) = self.show(g);
        if bars > 0 { format!("{{{s}}}") } else { s }
    }

    /// The game's text without outer braces and how many bars separate its
    /// sides (0 for a game with a short name).
    fn show(&self, g: GameId) -> (String, usize) {
        let nim = |k: u32| match k {
            0 => String::new(),
            1 => "*".to_string(),
            k => format!("*{k}"),
        };
        let prefix = |x: Dyadic| {
            if x == Dyadic::ZERO {
                String::new()
            } else {
                x.to_string()
            }
        };
        match self.form(g) {
            Form::Number(x) => (x.to_string(), 0),
            Form::Nimber { number, nim: k } => (format!("{}{}", prefix(number), nim(k)), 0),
            Form::Ups {
                number,
                ups,
                nim: k,
            } => {
                let arrow = if ups > 0 { "^" } else { "v" };
                let arrows = match ups.unsigned_abs() {
                    1 => arrow.to_string(),
                    2 => arrow.repeat(2),
                    n => format!("{arrow}{n}"),
                };
                (format!("{}{arrows}{}", prefix(number), nim(k)), 0)
            }
            Form::Switch(x) => (format!("+-{x}"), 0),
            Form::Other => {
                let left = self.left(g).to_vec();
                let right = self.right(g).to_vec();
                let (l, lb) = self.show_side(&left);
                let (r, rb) = self.show_side(&right);
                let bars = lb.max(rb) + 1;
                let mut s = l;
                let _ = write!(s, "{}{r}", "|".repeat(bars));
                (s, bars)
            }
        }
    }

    /// One side's options joined by commas; a compound option stands bare
    /// (its bars counting towards the parent's) only when it is alone.
    fn show_side(&self, side: &[GameId]) -> (String, usize) {
        let shown: Vec<(String, usize)> = side.iter().map(|&o| self.show(o)).collect();
        if let [(s, bars)] = shown.as_slice() {
            return (s.clone(), *bars);
        }
        let mut sorted = shown;
        sorted.sort_by(|a, b| order_for_display(&a.0, &b.0));
        let parts: Vec<String> = sorted
            .into_iter()
            .map(|(s, bars)| if bars > 0 { format!("{{{s}}}") } else { s })
            .collect();
        (parts.join(","), 0)
    }
}

/// Options listed in a stable order: by text, so output never depends on ids.
fn order_for_display(a: &str, b: &str) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_in_cgsuite_notation() {
        let t = GameTable::new();
        let zero = t.zero();
        let one = t.integer(1);
        let two = t.integer(2);
        let minus_one = t.integer(-1);
        let quarter = t.number(Dyadic::new(-1, 2));
        let star = t.nimber(1);
        let up = t.up();
        assert_eq!(t.display(zero), "0");
        assert_eq!(t.display(quarter), "-1/4");
        assert_eq!(t.display(star), "*");
        let s2 = t.nimber(2);
        assert_eq!(t.display(s2), "*2");
        assert_eq!(t.display(up), "^");
        let down_star = {
            let d = t.neg(up);
            t.add(d, star)
        };
        assert_eq!(t.display(down_star), "v*");
        let up2 = t.add(up, up);
        assert_eq!(t.display(up2), "^^");
        let up3 = t.add(up2, up);
        let up3s2 = t.add(up3, s2);
        assert_eq!(t.display(up3s2), "^3*2");
        let one_star = t.add(one, star);
        assert_eq!(t.display(one_star), "1*");
        let pm1 = t.game(&[one], &[minus_one]);
        assert_eq!(t.display(pm1), "+-1");
        let minus_half = t.number(Dyadic::new(-1, 1));
        let g = t.game(&[two], &[minus_half]);
        assert_eq!(t.display(g), "{2|-1/2}");
        let minus_one_star = t.neg(one_star);
        let g = t.game(&[one_star], &[minus_one_star]);
        assert_eq!(t.display(g), "{1*|-1*}");
        let inner = t.game(&[zero], &[minus_one]);
        let g = t.game(&[zero], &[inner]);
        assert_eq!(t.display(g), "{0||0|-1}");
        let half_up = {
            let h = t.number(Dyadic::new(1, 1));
            t.add(h, up)
        };
        assert_eq!(t.display(half_up), "1/2^");
    }
}
