//! Exact numbers: a [`Ratio`] of decimals, what claims compare and terms
//! compute with, and the decimals literals are written in.
//!
//! It imports nothing from the site: every other file of the claims may
//! import it.

use crate::site::diagnostics::ContentError;
use rust_decimal::Decimal;
use std::cmp::Ordering;

/// An exact number: `num / den`, `den` positive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    /// The numerator.
    pub num: Decimal,
    /// The denominator, never 0.
    pub den: Decimal,
}

impl Ratio {
    /// The whole number `n`.
    pub fn whole(n: Decimal) -> Ratio {
        Ratio {
            num: n,
            den: Decimal::ONE,
        }
    }

    /// The number as one decimal (rounded where it does not end).
    pub fn value(self) -> Decimal {
        self.num / self.den
    }

    /// How `self` compares with `other`, exactly; refused past Decimal's range.
    pub fn compare(self, other: Ratio) -> Result<Ordering, ContentError> {
        let overflow = || "numbers too large to compare exactly".to_string();
        let a = self.num.checked_mul(other.den).ok_or_else(overflow)?;
        let b = other.num.checked_mul(self.den).ok_or_else(overflow)?;
        Ok(a.cmp(&b))
    }

    /// What `~` rounds to when only the value is known: the place of a
    /// whole number's last non-zero digit (1 for zero), two decimals for
    /// anything else.
    pub(super) fn precision(self) -> Decimal {
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
    Some((text.parse().ok()?, frac.len() as u32))
}
