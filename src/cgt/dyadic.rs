//! Dyadic rationals: the numbers that short games can equal.
//!
//! A [`Dyadic`] is `num / 2^exp` in lowest terms (`num` odd unless `exp` is 0).
//! It knows its order, sums, negation, multiples by integers, halves, display
//! (`-3/4`) and the *simplest* number strictly between two others, which is
//! how a game whose options are numbers gets its value.

use std::cmp::Ordering;
use std::fmt;

/// `num / 2^exp`, with `num` odd or `exp == 0`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// The number 0.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: i64, exp: u32) -> Dyadic {
        // The factors of 2 the numerator and denominator share: all of the
        // denominator's when the numerator is 0.
        let k = num.trailing_zeros().min(exp);
        Dyadic {
            num: num >> k,
            exp: exp - k,
        }
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent of the denominator `2^exp` in lowest terms.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether the number is whole (its denominator 1).
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Both numerators over the common denominator `2^max(exp)`.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let exp = self.exp.max(other.exp);
        (
            i128::from(self.num) << (exp - self.exp),
            i128::from(other.num) << (exp - other.exp),
            exp,
        )
    }

    fn new_wide(num: i128, exp: u32) -> Dyadic {
        let k = num.trailing_zeros().min(exp);
        Dyadic {
            num: i64::try_from(num >> k).expect("dyadic numerator fits in 64 bits"),
            exp: exp - k,
        }
    }

    /// `k` times this number.
    pub fn times(self, k: i64) -> Dyadic {
        Dyadic::new_wide(i128::from(self.num) * i128::from(k), self.exp)
    }

    /// Half this number.
    pub fn half(self) -> Dyadic {
        Dyadic::new(self.num, self.exp + 1)
    }

    /// The largest integer not above this number.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The smallest integer not below this number.
    pub fn ceil(self) -> i64 {
        -(-self).floor()
    }

    /// The simplest number strictly above `lo` and strictly below `hi`; an
    /// absent bound is no bound. `lo < hi` when both are given.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
        let zero = Dyadic::ZERO;
        let above_lo = |x: Dyadic| lo.is_none_or(|l| l < x);
        let below_hi = |x: Dyadic| hi.is_none_or(|h| x < h);
        if above_lo(zero) && below_hi(zero) {
            return zero;
        }
        // Zero is outside: the interval lies on one side of it. The integer
        // nearest zero inside it is the simplest, if there is one.
        let nearest = match (lo, hi) {
            (Some(l), _) if l >= zero => l.floor() + 1,
            (_, Some(h)) => h.ceil() - 1,
            _ => 0,
        };
        let n = Dyadic::integer(nearest);
        if above_lo(n) && below_hi(n) {
            return n;
        }
        // Both bounds lie within one unit interval: the first denominator with
        // a multiple strictly inside gives the simplest number (two multiples
        // of 2^-e inside would put a multiple of 2^-(e-1) between them).
        let (Some(l), Some(h)) = (lo, hi) else {
            return n;
        };
        let top = l.exp.max(h.exp) + 1;
        for e in 1..=top {
            let above = ((i128::from(l.num) << e) >> l.exp) + 1;
            let c = Dyadic::new_wide(above, e);
            if c < h {
                return c;
            }
        }
        unreachable_between(l, h)
    }
}

/// Only reached when `lo >= hi`, which callers rule out; the midpoint keeps the
/// answer defined without panicking.
fn unreachable_between(l: Dyadic, h: Dyadic) -> Dyadic {
    let (a, b, exp) = l.aligned(h);
    Dyadic::new_wide(a + b, exp + 1)
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        let (a, b, exp) = self.aligned(other);
        Dyadic::new_wide(a + b, exp)
    }
}

impl std::ops::Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self + -other
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(num: i64, exp: u32) -> Dyadic {
        Dyadic::new(num, exp)
    }

    #[test]
    fn reduces_to_lowest_terms_and_displays_as_a_fraction() {
        assert_eq!(d(6, 3), d(3, 2));
        assert_eq!(d(6, 3).to_string(), "3/4");
        assert_eq!(d(-1, 2).to_string(), "-1/4");
        assert_eq!(d(8, 2).to_string(), "2");
        assert_eq!(d(0, 5), Dyadic::ZERO);
        assert_eq!(d(-12, 3).to_string(), "-3/2");
        assert_eq!(d(-8, 2), Dyadic::integer(-2));
    }

    #[test]
    fn adds_and_orders() {
        assert_eq!(d(1, 1) + d(1, 2), d(3, 2));
        assert_eq!(d(1, 1) - d(3, 2), d(-1, 2));
        assert!(d(-1, 1) < d(-1, 2));
        assert_eq!(d(-3, 1).floor(), -2);
        assert_eq!(d(-3, 1).ceil(), -1);
        assert_eq!(d(3, 2).times(-6), d(-9, 1));
        assert_eq!(d(3, 2).times(0), Dyadic::ZERO);
        assert_eq!(d(3, 2).half(), d(3, 3));
        assert_eq!(Dyadic::integer(6).half(), Dyadic::integer(3));
    }

    #[test]
    fn simplest_number_between_follows_the_simplicity_rule() {
        let s = |lo: Option<Dyadic>, hi: Option<Dyadic>| Dyadic::simplest_between(lo, hi);
        let i = |n| Some(Dyadic::integer(n));
        assert_eq!(s(None, None), Dyadic::ZERO);
        assert_eq!(s(i(0), None), Dyadic::integer(1));
        assert_eq!(s(None, i(0)), Dyadic::integer(-1));
        assert_eq!(s(i(2), None), Dyadic::integer(3));
        assert_eq!(s(None, Some(d(-1, 1))), Dyadic::integer(-1));
        assert_eq!(s(i(-1), i(3)), Dyadic::ZERO);
        assert_eq!(s(i(0), i(1)), d(1, 1));
        assert_eq!(s(Some(d(1, 1)), i(1)), d(3, 2));
        assert_eq!(s(i(1), i(4)), Dyadic::integer(2));
        assert_eq!(s(Some(d(5, 3)), Some(d(7, 3))), d(3, 2));
        assert_eq!(s(Some(d(-7, 3)), Some(d(-5, 3))), d(-3, 2));
        assert_eq!(s(Some(d(3, 2)), Some(d(7, 3))), d(13, 4));
    }
}
