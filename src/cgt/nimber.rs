//! Nimbers and the Grundy value of impartial games.
//!
//! A [`Nimber`] is the value of an impartial game: nim-addition is XOR and the
//! value of a position is the minimum excluded value (mex) of its options.
//! [`Grundy`] evaluates any game that implements [`Impartial`]: the game supplies
//! only its moves, the split of a position into independent regions and a memo
//! key; the evaluator memoises regions by key, splits every position into its
//! regions and nim-adds their values (the Sprague-Grundy theorem). It finds a
//! region's value by testing `value == k` for k = 0, 1, ... as a win-or-loss
//! search of the region plus a nim heap of k, which stops at the first winning
//! move (the approach of Lemoine and Viennot's Cram and Dots-and-Boxes solvers).

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

/// The minimum excluded value: the least nimber not among `values`. The
/// evaluator finds values by tests and never takes a mex; the definition is
/// kept for the searches tests check it against, and for a check of a value
/// against its options' values (the `position` figure's).
pub(crate) fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
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
    type Key: Hash + Eq + Copy;

    /// The positions one move away from `region`, pushed onto `out`.
    fn moves(&self, region: &Self::Position, out: &mut Vec<Self::Position>);

    /// The independent regions of `position`, pushed onto `out`: a move in one
    /// leaves the others unchanged, so the position is their sum. Regions with
    /// no move may be left out (their value is 0).
    fn regions(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// The memo key of `region`.
    fn key(&self, region: &Self::Position) -> Self::Key;

    /// A measure of `region` that shrinks with play (say, its cells): when a
    /// move splits a region, the evaluator searches the largest piece and
    /// values the others in full. By default every region has size 0 and the
    /// last piece is searched.
    fn size(&self, _region: &Self::Position) -> u32 {
        0
    }

    /// Whether `region` looks like a second-player win (say, it is symmetric):
    /// a test whose search is pending tries such regions first, since a move
    /// to a second-player win ends it. By default none does.
    fn promising(&self, _region: &Self::Position) -> bool {
        false
    }

    /// The value of `region` when the game knows it without search (say, a
    /// region with exactly one move); the evaluator then skips key and memo.
    fn known_value(&self, _region: &Self::Position) -> Option<Nimber> {
        None
    }
}

/// A memoising Grundy-value evaluator for one game.
///
/// The value of a region is found by tests rather than by valuing every
/// option: it is the least `k` for which the region plus a nim heap of `k` is a
/// second-player win (the private `Grundy::is_value`), and a test stops at the first
/// winning move it finds, so most options are never valued in full.
pub struct Grundy<'g, G: Impartial> {
    game: &'g G,
    /// What is known of each region searched, by key: one probe answers
    /// every test of a region.
    memo: FxHashMap<G::Key, Facts>,
    /// Regions whose values are known: the evaluator's work.
    valued: usize,
    /// Emptied position lists, reused so that the search does not allocate
    /// at every node.
    spare: Vec<Vec<G::Position>>,
    /// Emptied lists of pending tests, reused likewise.
    spare_tests: Vec<Vec<Pending<G::Key>>>,
}

impl<'g, G: Impartial> Grundy<'g, G> {
    /// A search of `game`'s values, with nothing known yet.
    pub fn new(game: &'g G) -> Self {
        Grundy {
            game,
            memo: HashMap::default(),
            valued: 0,
            spare: Vec::new(),
            spare_tests: Vec::new(),
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

    /// The Grundy value of one region: the least `k` for which the region
    /// plus a nim heap of `k` is a second-player win.
    pub fn region_value(&mut self, region: &G::Position) -> Nimber {
        if let Some(v) = self.game.known_value(region) {
            return v;
        }
        let key = self.game.key(region);
        if let Some(v) = self.memo.get(&key).and_then(|f| f.value()) {
            return v;
        }
        let mut k = 0;
        while !self.is_value(region, key, k) {
            k += 1;
        }
        Nimber(k)
    }

    /// Whether `region` (whose key is `key`) has value `k`: whether the region
    /// plus a heap of `k` is a second-player win, that is, no move leaves a
    /// second-player win. A move in the region leaves an option whose regions
    /// are a largest one plus others, valued in full and nim-added into the
    /// heap; the test then recurs on the largest. A move in the heap leaves the
    /// region plus a smaller heap. Region moves are tried first: a winning one
    /// usually turns up early.
    fn is_value(&mut self, region: &G::Position, key: G::Key, k: u32) -> bool {
        if let Some(holds) = self.settled(&key, k) {
            return holds;
        }
        let mut options = self.spare.pop().unwrap_or_default();
        let mut regions = self.spare.pop().unwrap_or_default();
        // Tests that need a search, kept for after every option has been
        // looked at: one that is settled without search may win at once.
        let mut pending = self.spare.pop().unwrap_or_default();
        let mut pending_tests = self.spare_tests.pop().unwrap_or_default();
        self.game.moves(region, &mut options);
        let mut wins = false;
        for option in &options {
            regions.clear();
            self.game.regions(option, &mut regions);
            let largest = (0..regions.len()).max_by_key(|&i| self.game.size(&regions[i]));
            let mut heap = k;
            for (i, r) in regions.iter().enumerate() {
                if Some(i) != largest {
                    heap ^= self.region_value(r).0;
                }
            }
            let Some(i) = largest else {
                wins = heap == 0;
                if wins {
                    break;
                }
                continue;
            };
            if let Some(v) = self.game.known_value(&regions[i]) {
                wins = v == Nimber(heap);
            } else {
                let key = self.game.key(&regions[i]);
                if let Some(holds) = self.settled(&key, heap) {
                    wins = holds;
                } else {
                    pending_tests.push(Pending {
                        promising: self.game.promising(&regions[i]),
                        size: self.game.size(&regions[i]),
                        at: pending.len(),
                        key,
                        heap,
                    });
                    pending.push(regions.swap_remove(i));
                }
            }
            if wins {
                break;
            }
        }
        if !wins {
            // Promising regions first, then the smallest: the cheapest searches.
            pending_tests.sort_by_key(|t| (!t.promising, t.size));
            wins = (pending_tests.iter()).any(|t| self.is_value(&pending[t.at], t.key, t.heap));
        }
        self.recycle(pending);
        pending_tests.clear();
        self.spare_tests.push(pending_tests);
        self.recycle(options);
        self.recycle(regions);
        wins = wins || (0..k).any(|j| self.is_value(region, key, j));
        let facts = self.memo.entry(key).or_default();
        if wins {
            facts.rule_out(k);
        } else {
            facts.value = k;
            self.valued += 1;
        }
        !wins
    }

    /// The result of the test `value == k` of the region keyed `key`, when
    /// the memo holds it.
    fn settled(&self, key: &G::Key, k: u32) -> Option<bool> {
        let facts = self.memo.get(key)?;
        match facts.value() {
            Some(v) => Some(v == Nimber(k)),
            None => facts.ruled_out(k).then_some(false),
        }
    }

    fn recycle(&mut self, mut list: Vec<G::Position>) {
        list.clear();
        self.spare.push(list);
    }

    /// Regions whose values are known (distinct memo keys, known values not
    /// included): the evaluator's work.
    pub fn regions_evaluated(&self) -> usize {
        self.valued
    }
}

/// A test `value == heap` left for after the tests settled without search:
/// of the region of `size` at place `at` in the list of pending regions,
/// [`Impartial::promising`] or not.
struct Pending<K> {
    promising: bool,
    size: u32,
    at: usize,
    key: K,
    heap: u32,
}

/// What the evaluator knows of one region: its value, or values it does not
/// have (those below 32; a test of a larger one is not remembered).
#[derive(Clone, Copy)]
struct Facts {
    /// The value, or [`Facts::UNKNOWN`].
    value: u32,
    /// Bit `k` set: the value is not `k`.
    ruled_out: u32,
}

impl Facts {
    const UNKNOWN: u32 = u32::MAX;

    fn value(self) -> Option<Nimber> {
        (self.value != Facts::UNKNOWN).then_some(Nimber(self.value))
    }

    fn ruled_out(self, k: u32) -> bool {
        k < u32::BITS && self.ruled_out >> k & 1 == 1
    }

    fn rule_out(&mut self, k: u32) {
        if k < u32::BITS {
            self.ruled_out |= 1 << k;
        }
    }
}

impl Default for Facts {
    fn default() -> Facts {
        Facts {
            value: Facts::UNKNOWN,
            ruled_out: 0,
        }
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
        // Past 32, where tests that fail are no longer remembered.
        for n in 0..40 {
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
