//! Exact numbers: a [`Ratio`] of decimals, what claims compare and terms
//! compute with, and the decimals literals are written in.
//!
//! It imports nothing from the site: every other file of the claims may
//! import it.

use crate::site::diagnostics::ContentError;
use rust_decimal::{Decimal, RoundingStrategy};
use std::cmp::Ordering;

/// An exact number: `num / den`, `den` positive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    /// The numerator.
    pub num: Decimal,
    /// The denominator, positive.
    pub den: Decimal,
}

impl Ratio {
    /// A decimal as a ratio.
    pub fn whole(n: Decimal) -> Ratio {
        Ratio {
            num: n,
            den: Decimal::ONE,
        }
    }

    /// Its value as a decimal (rounded where it is none, as 1/3).
    pub fn value(self) -> Decimal {
        self.num / self.den
    }

    /// How it orders against `other`, exactly.
    pub fn compare(self, other: Ratio) -> Result<Ordering, ContentError> {
        let overflow = || "numbers too large to compare exactly".to_string();
        let a = self.num.checked_mul(other.den).ok_or_else(overflow)?;
        let b = other.num.checked_mul(self.den).ok_or_else(overflow)?;
        Ok(a.cmp(&b))
    }

    /// `self / other`, exactly; `None` for a zero `other` or past
    /// Decimal's range.
    pub fn divided(self, other: Ratio) -> Option<Ratio> {
        let sign = if other.num < Decimal::ZERO {
            -Decimal::ONE
        } else {
            Decimal::ONE
        };
        (other.num != Decimal::ZERO).then_some(())?;
        Some(Ratio {
            num: self.num.checked_mul(other.den * sign)?,
            den: self.den.checked_mul(other.num * sign)?,
        })
    }

    /// `self * other`, exactly; `None` past Decimal's range.
    pub fn times(self, other: Ratio) -> Option<Ratio> {
        Some(Ratio {
            num: self.num.checked_mul(other.num)?,
            den: self.den.checked_mul(other.den)?,
        })
    }

    /// How many `unit`s `self` is, to the nearest whole number, ties away
    /// from zero: what `~` compares (`None` past Decimal's range).
    pub fn units(self, unit: Ratio) -> Option<Decimal> {
        let q = self.divided(unit)?;
        let v = q.num.checked_div(q.den)?;
        Some(v.round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero))
    }

    /// As prose writes an exact number: a decimal where it is one (`13.5`,
    /// `1,000`), a fraction in lowest terms otherwise (`1/3`, `54/7`).
    pub fn shown(self) -> String {
        match (self.terminating(), self.lowest()) {
            (Some(v), _) => show_decimal(v),
            (None, Some((num, den))) => format!("{num}/{den}"),
            (None, None) => format!("{}/{}", self.num.normalize(), self.den.normalize()),
        }
    }

    /// Numerator and denominator in lowest terms, whole numbers, the
    /// denominator positive (`None` past the range of a Decimal's digits).
    pub fn lowest(self) -> Option<(i128, i128)> {
        let (num, den) = (self.num.normalize(), self.den.normalize());
        let scale = num.scale().max(den.scale());
        let whole = |d: Decimal| {
            let mut d = d;
            d.rescale(scale);
            (d.scale() == scale).then(|| d.mantissa())
        };
        let (a, b) = (whole(num)?, whole(den)?);
        let (mut x, mut y) = (a.unsigned_abs(), b.unsigned_abs());
        while y != 0 {
            (x, y) = (y, x % y);
        }
        let g = i128::try_from(x.max(1)).ok()?;
        let sign = if b < 0 { -1 } else { 1 };
        Some((sign * a / g, sign * b / g))
    }

    /// Its value as a decimal when it is one exactly: its denominator in
    /// lowest terms has no prime factor but 2 and 5, and the decimal fits
    /// (1/4 is 0.25; 54/7 and 134/285 are none, whatever a rounded
    /// division says).
    pub fn terminating(self) -> Option<Decimal> {
        let (_, mut den) = self.lowest()?;
        for p in [2, 5] {
            while den % p == 0 {
                den /= p;
            }
        }
        let v = self.num.checked_div(self.den)?;
        (den == 1 && v.checked_mul(self.den) == Some(self.num)).then(|| v.normalize())
    }

    /// What `~` rounds to when only the value is known: the place of a
    /// whole number's last non-zero digit (1 for zero), two decimals for
    /// anything else.
    pub(super) fn precision(self) -> Ratio {
        Ratio::whole(self.decimal_precision())
    }

    fn decimal_precision(self) -> Decimal {
        let v = self.value();
        if v.fract() != Decimal::ZERO {
            return Decimal::new(1, 2);
        }
        let mut p = Decimal::ONE;
        while let Some(next) = p.checked_mul(Decimal::TEN)
            && v != Decimal::ZERO
            && (v / next).fract() == Decimal::ZERO
        {
            p = next;
        }
        p
    }
}

/// A decimal `-?d+(.d+)?` and its number of places.
pub(super) fn decimal(text: &str) -> Option<(Decimal, u32)> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let int_digits = int.strip_prefix('-').unwrap_or(int);
    if int_digits.is_empty()
        || !int_digits.chars().all(|c| c.is_ascii_digit())
        || !frac.chars().all(|c| c.is_ascii_digit())
        || (text.contains('.') && frac.is_empty())
    {
        return None;
    }
    Some((text.parse().ok()?, u32::try_from(frac.len()).ok()?))
}

/// Formats an integer with thousands separators.
pub fn with_separators(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// A decimal as prose shows it: thousands separators, no trailing zeros.
pub fn show_decimal(d: Decimal) -> String {
    let d = d.normalize();
    match i64::try_from(d) {
        Ok(i) if d.fract() == Decimal::ZERO => with_separators(i),
        _ => d.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ratio(num: i64, den: i64) -> Ratio {
        Ratio {
            num: num.into(),
            den: den.into(),
        }
    }

    #[test]
    fn a_fraction_is_a_decimal_only_when_it_terminates() {
        // Decimal's rounded 54 / 7, times 7, is 54 again: the old test of
        // termination took 54/7 for 7.714285714285714.
        assert_eq!(ratio(54, 7).terminating(), None);
        assert_eq!(ratio(54, 7).shown(), "54/7");
        assert_eq!(ratio(2680, 5700).terminating(), None);
        assert_eq!(ratio(2680, 5700).shown(), "134/285");
        assert_eq!(ratio(-6, 8).shown(), "-0.75");
        assert_eq!(ratio(3, -9).lowest(), Some((-1, 3)));
        assert_eq!(ratio(2916, 1).shown(), "2,916");
        let tenth = Ratio::whole(Decimal::new(1, 1));
        assert_eq!(tenth.divided(ratio(3, 1)).unwrap().shown(), "1/30");
    }
}
