//! Machine words as sets of bits: the [`Word`] trait that makes the grids
//! generic over `u64` and `u128`, and iteration over a word's bits ([`bits`]).

use std::fmt;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXorAssign, Not};

/// A machine word used as a set of cells (or of anything numbered from 0).
pub trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The number of bits, hence of cells a frame may hold.
    const BITS: u32;
    /// The empty frame: no cell set.
    const ZERO: Self;
    /// The frame of the first cell alone.
    const ONE: Self;
    /// The cells set.
    fn count_ones(self) -> u32;
    /// The first cell set (`BITS` when none is).
    fn trailing_zeros(self) -> u32;
    /// Cells unset above the last cell set (`BITS` when none is).
    fn leading_zeros(self) -> u32;
    /// The two's complement: `x & x.wrapping_neg()` is the lowest cell set.
    fn wrapping_neg(self) -> Self;
    /// The frame read backwards: the last cell first.
    fn reverse_bits(self) -> Self;
    /// `self << n`, with bits shifted past the top lost (also for `n >= BITS`).
    fn shl(self, n: u32) -> Self;
    /// `self >> n`, zero for `n >= BITS`.
    fn shr(self, n: u32) -> Self;
    /// The low byte.
    fn low_byte(self) -> u8;
    /// The frame whose low byte is `byte`, the rest unset.
    fn from_byte(byte: u8) -> Self;

    /// The lowest `n` bits set (all of them for `n >= BITS`).
    fn low_bits(n: u32) -> Self {
        if n >= Self::BITS {
            !Self::ZERO
        } else {
            !(!Self::ZERO).shl(n)
        }
    }
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }
            fn shl(self, n: u32) -> Self {
                self.checked_shl(n).unwrap_or(0)
            }
            fn shr(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            #[allow(
                clippy::cast_possible_truncation,
                reason = "the low byte alone is wanted"
            )]
            fn low_byte(self) -> u8 {
                self as u8
            }
            fn from_byte(byte: u8) -> Self {
                Self::from(byte)
            }
        }
    };
}

word!(u64);
word!(u128);

/// The single bits of `set`, lowest first.
pub fn bits<W: Word>(mut set: W) -> impl Iterator<Item = W> {
    std::iter::from_fn(move || {
        (set != W::ZERO).then(|| {
            let b = set & set.wrapping_neg();
            set ^= b;
            b
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_come_lowest_first() {
        assert_eq!(bits(0b1010_0110u64).collect::<Vec<_>>(), [2, 4, 32, 128]);
        assert_eq!(bits(0u128).count(), 0);
        assert_eq!(bits(u128::MAX).last(), Some(1 << 127));
    }

    #[test]
    fn low_bits_cover_the_whole_word() {
        assert_eq!(u64::low_bits(0), 0);
        assert_eq!(u64::low_bits(3), 0b111);
        assert_eq!(u64::low_bits(64), u64::MAX);
        assert_eq!(u128::low_bits(200), u128::MAX);
    }
}
