//! Nimbers and the Grundy value of impartial games.
//!
//! A [`Nimber`] is the value of an impartial game: nim-addition is XOR and the
//! value of a position is the minimum excluded value ([`mex`]) of its options.
//! [`Grundy`] evaluates any game that implements [`Impartial`]: the game supplies
//! only its moves, the split of a position into independent regions and a memo
//! key; the evaluator memoises regions by key, splits every position into its
//! regions and nim-adds their values (the Sprague-Grundy theorem).

use rustc_hash::FxHashMap;
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::ops::{Add, AddAssign};

/// The nimber `*n`: a nim heap of `n` tokens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(pub u32);

impl Nimber {
    /// `0`, the second-player win.
    pub const ZERO: Nimber = Nimber(0);
}

/// Nim-addition: the value of the sum of two games is the XOR of their values.
impl Add for Nimber {
    type Output = Nimber;
    #[allow(clippy::suspicious_arithmetic_impl, reason = "nim-addition is XOR")]
    fn add(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl, reason = "nim-addition is XOR")]
    fn add_assign(&mut self, other: Nimber) {
        self.0 ^= other.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

/// Written as combinatorial game theorists do: `0`, `*`, `*2`, `*3`, ...
impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => write!(f, "0"),
            1 => write!(f, "*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// The minimum excluded value: the least nimber not among `values`.
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    // Values below 128 in a bit set; larger ones (rare) in a list.
    let mut small = 0u128;
    let mut large = Vec::new();
    for Nimber(v) in values {
        if v < 128 {
            small |= 1 << v;
        } else {
            large.push(v);
        }
    }
    let first_gap = small.trailing_ones();
    if first_gap < 128 {
        return Nimber(first_gap);
    }
    large.sort_unstable();
    large.dedup();
    let mut m = 128;
    for v in large {
        if v != m {
            break;
        }
        m += 1;
    }
    Nimber(m)
}

/// An impartial game: both players have the same moves; normal play.
pub trait Impartial {
    /// A position: a sum of independent regions.
    type Position;
    /// A memo key for one region. Two regions with equal keys must have equal
    /// values (a game may map translates or mirror images to one key).
    type Key: Hash + Eq;

    /// The positions one move away from `region`, pushed onto `out`.
    fn moves(&self, region: &Self::Position, out: &mut Vec<Self::Position>);

    /// The independent regions of `position`, pushed onto `out`: a move in one
    /// leaves the others unchanged, so the position is their sum. Regions with
    /// no move may be left out (their value is 0).
    fn regions(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// The memo key of `region`.
    fn key(&self, region: &Self::Position) -> Self::Key;

    /// The value of `region` when the game knows it without search (say, a
    /// region with exactly one move); the evaluator then skips key and memo.
    fn known_value(&self, _region: &Self::Position) -> Option<Nimber> {
        None
    }
}

/// A memoising Grundy-value evaluator for one game.
pub struct Grundy<'g, G: Impartial> {
    game: &'g G,
    memo: FxHashMap<G::Key, Nimber>,
    /// Emptied position lists, reused so that the search does not allocate
    /// at every node.
    spare: Vec<Vec<G::Position>>,
}

impl<'g, G: Impartial> Grundy<'g, G> {
    pub fn new(game: &'g G) -> Self {
        Grundy {
            game,
            memo: HashMap::default(),
            spare: Vec::new(),
        }
    }

    /// The Grundy value of `position`: the nim-sum of its regions' values.
    pub fn value(&mut self, position: &G::Position) -> Nimber {
        let mut regions = self.spare.pop().unwrap_or_default();
        self.game.regions(position, &mut regions);
        let v = regions.iter().map(|r| self.region_value(r)).sum();
        self.recycle(regions);
        v
    }

    /// The Grundy value of one region: the mex of its options' values.
    pub fn region_value(&mut self, region: &G::Position) -> Nimber {
        if let Some(v) = self.game.known_value(region) {
            return v;
        }
        let key = self.game.key(region);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut options = self.spare.pop().unwrap_or_default();
        self.game.moves(region, &mut options);
        let v = mex(options.iter().map(|p| self.value(p)));
        self.recycle(options);
        self.memo.insert(key, v);
        v
    }

    fn recycle(&mut self, mut list: Vec<G::Position>) {
        list.clear();
        self.spare.push(list);
    }

    /// Regions evaluated so far (distinct memo keys, known values not
    /// included): the evaluator's work.
    pub fn regions_evaluated(&self) -> usize {
        self.memo.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_addition_is_xor_and_every_nimber_is_its_own_negative() {
        assert_eq!(Nimber(5) + Nimber(3), Nimber(6));
        for a in 0..16 {
            assert_eq!(Nimber(a) + Nimber(a), Nimber::ZERO);
        }
        assert_eq!([1, 2, 3].map(Nimber).into_iter().sum::<Nimber>(), Nimber(0));
    }

    #[test]
    fn mex_is_the_least_missing_value() {
        assert_eq!(mex([]), Nimber(0));
        assert_eq!(mex([0, 1, 3].map(Nimber)), Nimber(2));
        assert_eq!(mex([1, 2].map(Nimber)), Nimber(0));
        assert_eq!(mex((0..200).map(Nimber)), Nimber(200));
        assert_eq!(mex((0..131).filter(|&v| v != 129).map(Nimber)), Nimber(129));
    }

    #[test]
    fn displays_as_stars() {
        let shown: Vec<String> = [0, 1, 2].map(|n| Nimber(n).to_string()).to_vec();
        assert_eq!(shown, ["0", "*", "*2"]);
    }

    /// Nim itself: a position is a list of heaps, each heap a region, a move
    /// takes any number of tokens from one heap.
    struct Nim;

    impl Impartial for Nim {
        type Position = Vec<u32>;
        type Key = u32;
        fn moves(&self, heap: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            out.extend((0..heap[0]).map(|n| vec![n]));
        }
        fn regions(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            out.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
        }
        fn key(&self, heap: &Vec<u32>) -> u32 {
            heap[0]
        }
    }

    #[test]
    fn a_nim_heap_of_n_is_star_n_and_heaps_add_by_xor() {
        let mut g = Grundy::new(&Nim);
        for n in 0..20 {
            assert_eq!(g.value(&vec![n]), Nimber(n));
        }
        // Bouton: 3, 5, 6 is a second-player win; 1, 2, 4 is *7.
        assert_eq!(g.value(&vec![3, 5, 6]), Nimber::ZERO);
        assert_eq!(g.value(&vec![1, 2, 4]), Nimber(7));
    }

    /// Subtraction game {1, 2}: a single heap, value n mod 3.
    struct TakeOneOrTwo;

    impl Impartial for TakeOneOrTwo {
        type Position = u32;
        type Key = u32;
        fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
            out.extend([1, 2].iter().filter(|&&k| k <= n).map(|k| n - k));
        }
        fn regions(&self, &n: &u32, out: &mut Vec<u32>) {
            out.push(n);
        }
        fn key(&self, &n: &u32) -> u32 {
            n
        }
    }

    #[test]
    fn take_one_or_two_has_period_three_and_memoises_each_heap_once() {
        let mut g = Grundy::new(&TakeOneOrTwo);
        for n in 0..30 {
            assert_eq!(g.value(&n), Nimber(n % 3));
        }
        assert_eq!(g.regions_evaluated(), 30);
    }
}
