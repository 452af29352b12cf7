//! Short partizan games in canonical form, hash-consed into a [`GameTable`].
//!
//! A game is built from its Left and Right option lists
//! ([`GameTable::game`]): dominated options are removed and reversible ones
//! bypassed until the form is canonical, and the canonical form is stored once
//! and named by a [`GameId`]. Two games are equal exactly when their ids are, so
//! sums ([`GameTable::add`]) are memoised by pairs of ids, and comparisons
//! ([`GameTable::leq`]) are cached by them in a table of bounded size that
//! forgets. Every game also carries whether it is a number (a
//! [`Dyadic`]) and its Left and Right stops, which decide many comparisons
//! without search.
//!
//! One table is meant to be shared by everything that evaluates games in a run
//! (a generator, a command): ids from one table mean nothing in another. The
//! table is an ordinary value, and threads may share it: its nodes are
//! appended to chunks that never move, its index is a [`Sharded`] table, its
//! sums a [`Memo`] and its comparison cache atomics, so every operation takes
//! `&self`.
//! Ids then depend on the order in which threads store games, and nothing
//! shown to a reader may depend on them (the display orders options by text).
//!
//! Display ([`GameTable::display`]) follows `CGSuite`'s notation; the
//! `notation` submodule recognises and writes games, the `reader` reads them
//! back ([`GameTable::read`]), and [`typeset`] writes
//! that notation (and numbers) as a reader reads them. What the theory says
//! of a game beyond its value (stops aside) is in [`super::analysis`].

mod cache;
pub(crate) mod memos;
mod nodes;
mod notation;
mod reader;
pub mod typeset;

pub use notation::Form;
pub use reader::{NotationError, ascii};

use super::dyadic::Dyadic;
use super::shared::{Memo, Sharded, hash_of};
use cache::LeqCache;
use memos::AnalysisMemos;
use nodes::{Nodes, Stops};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::fmt;
use std::sync::Mutex;

/// The name of one canonical game in one [`GameTable`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(u32);

impl GameId {
    /// The position of the game in its table, from 0.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Who wins a game, whoever moves first: its outcome class.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// `G > 0`: Left wins, moving first or second.
    Left,
    /// `G < 0`: Right wins, moving first or second.
    Right,
    /// `G = 0`: the second player wins.
    Second,
    /// `G` is confused with 0: the first player wins.
    First,
}

impl Outcome {
    /// The outcome class's letter: `L`, `R`, `P` (the previous, second,
    /// player wins) or `N` (the next, first, player wins).
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::Left => "L",
            Outcome::Right => "R",
            Outcome::Second => "P",
            Outcome::First => "N",
        }
    }
}

/// Who wins, in words: `Left wins`, `first player wins`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Left => "Left wins",
            Outcome::Right => "Right wins",
            Outcome::Second => "second player wins",
            Outcome::First => "first player wins",
        })
    }
}

/// A table of canonical games: every game stored once, with memoised
/// comparisons, sums and negations.
pub struct GameTable {
    /// Every game, at its id.
    nodes: Nodes,
    /// Every game's id, found by its option lists (hashed by [`list_hash`]).
    index: Sharded<GameId>,
    leq_memo: LeqCache,
    sum_memo: Memo<u64, GameId>,
    /// Recognised forms, filled in by [`GameTable::form`].
    forms: Memo<GameId, Form>,
    /// `n.^` for n = 1, 2, ...: built on demand for recognition.
    ups: Mutex<Vec<GameId>>,
    /// Thermographs, cooled games, reduced forms and the rest of the
    /// [`super::analysis`], memoised per game.
    pub(super) analysis: AnalysisMemos,
}

impl Default for GameTable {
    fn default() -> Self {
        GameTable::new()
    }
}

fn pair(a: GameId, b: GameId) -> u64 {
    (u64::from(a.0) << 32) | u64::from(b.0)
}

/// The hash of a game's option lists, as the index stores it.
fn list_hash(left: &[GameId], right: &[GameId]) -> u64 {
    hash_of(&(left, right))
}

impl GameTable {
    /// Every game the table holds, in the order they were stored (up to the
    /// first one that another thread is storing at the moment).
    pub fn games(&self) -> impl Iterator<Item = GameId> + '_ {
        self.nodes.stored()
    }

    /// A table holding only `0`.
    pub fn new() -> GameTable {
        let t = GameTable {
            nodes: Nodes::default(),
            index: Sharded::default(),
            leq_memo: LeqCache::default(),
            sum_memo: Memo::default(),
            forms: Memo::default(),
            ups: Mutex::default(),
            analysis: AnalysisMemos::default(),
        };
        t.intern(&[], &[]);
        t
    }

    /// The game `0 = { | }`.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// Left's options of a canonical game.
    pub fn left(&self, g: GameId) -> &[GameId] {
        self.nodes.lists(g).0
    }

    /// Right's options of a canonical game.
    pub fn right(&self, g: GameId) -> &[GameId] {
        self.nodes.lists(g).1
    }

    /// The number a game equals, if it is one.
    pub fn number_value(&self, g: GameId) -> Option<Dyadic> {
        self.nodes.node(g).stops.number()
    }

    /// Left's stop: where play ends on the number scale with Left moving first
    /// and both players stopping as soon as a number is reached.
    pub fn left_stop(&self, g: GameId) -> Dyadic {
        self.nodes.node(g).stops.left()
    }

    /// Right's stop, as [`GameTable::left_stop`] with Right moving first.
    pub fn right_stop(&self, g: GameId) -> Dyadic {
        self.nodes.node(g).stops.right()
    }

    /// Stores a canonical option list (sorted, deduplicated) and returns its id.
    fn intern(&self, left: &[GameId], right: &[GameId]) -> GameId {
        let hash = list_hash(left, right);
        let lists = |id: &GameId| self.nodes.lists(*id);
        // Held until the game is stored, so no other thread stores it too.
        let mut index = self.index.lock(hash);
        if let Some(&id) = index.find(hash, |id| lists(id) == (left, right)) {
            return id;
        }
        let number = self.number_of_options(left, right);
        let (left_stop, right_stop) = match number {
            Some(x) => (x, x),
            None => (
                left.iter()
                    .map(|&g| self.right_stop(g))
                    .max()
                    .unwrap_or(Dyadic::ZERO),
                right
                    .iter()
                    .map(|&g| self.left_stop(g))
                    .min()
                    .unwrap_or(Dyadic::ZERO),
            ),
        };
        let stops = Stops::new(number.is_some(), left_stop, right_stop);
        let id = self.nodes.push(left, right, stops);
        // The comparison cache grows with the games, checked as they double.
        if (id.index() + 1).is_power_of_two() {
            self.leq_memo.fit(id.index() + 1);
        }
        index.insert_unique(hash, id, |id| {
            let (left, right) = lists(id);
            list_hash(left, right)
        });
        id
    }

    /// The canonical form of the number `x`, built bottom-up: the integers
    /// on each side of it, then the interval between them halved until its
    /// midpoint is `x`, each midpoint `{a | b}` of the interval's ends. The
    /// cost is linear in `|x|` and in the exponent of its denominator.
    pub fn number(&self, x: Dyadic) -> GameId {
        if x.is_integer() {
            return self.integer(x.numerator());
        }
        let end = |n: i64| (Dyadic::integer(n), self.integer(n));
        let (mut a, mut b) = (end(x.floor()), end(x.ceil()));
        loop {
            let mid = (a.0 + b.0).half();
            let g = self.intern(&[a.1], &[b.1]);
            match x.cmp(&mid) {
                Ordering::Equal => return g,
                Ordering::Less => b = (mid, g),
                Ordering::Greater => a = (mid, g),
            }
        }
    }

    /// The integer `n`: `{n - 1 | }` when positive, `{ | n + 1}` when
    /// negative, built up from 0.
    pub fn integer(&self, n: i64) -> GameId {
        let mut g = self.zero();
        for _ in 0..n.unsigned_abs() {
            g = if n > 0 {
                self.intern(&[g], &[])
            } else {
                self.intern(&[], &[g])
            };
        }
        g
    }

    /// The nimber `*k = {*0, ..., *(k-1) | *0, ..., *(k-1)}`, built up from
    /// `*0`: each nimber is an option of the next, so stored before it, and
    /// the list of options stays in the order of ids.
    pub fn nimber(&self, k: u32) -> GameId {
        let mut options = Vec::with_capacity(k as usize);
        let mut g = self.zero();
        for _ in 0..k {
            options.push(g);
            g = self.intern(&options, &options);
        }
        g
    }

    /// `^ = {0 | *}`.
    pub fn up(&self) -> GameId {
        let star = self.nimber(1);
        self.intern(&[self.zero()], &[star])
    }

    /// The canonical form of `{ left | right }`, the options being canonical
    /// games of this table.
    pub fn game(&self, left: &[GameId], right: &[GameId]) -> GameId {
        let mut left = left.to_vec();
        let mut right = right.to_vec();
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        if let Some(x) = self.number_of_options(&left, &right) {
            return self.number(x);
        }
        loop {
            self.remove_dominated(&mut left, true);
            self.remove_dominated(&mut right, false);
            let (new_left, new_right, changed) = self.bypass_reversible(&left, &right);
            left = new_left;
            right = new_right;
            if !changed {
                break;
            }
        }
        self.intern(&left, &right)
    }

    /// The number `{ left | right }` equals when every option is a number and
    /// Left's are all below Right's.
    fn number_of_options(&self, left: &[GameId], right: &[GameId]) -> Option<Dyadic> {
        let mut lo: Option<Dyadic> = None;
        for &g in left {
            let x = self.number_value(g)?;
            lo = Some(lo.map_or(x, |l| l.max(x)));
        }
        let mut hi: Option<Dyadic> = None;
        for &g in right {
            let x = self.number_value(g)?;
            hi = Some(hi.map_or(x, |h| h.min(x)));
        }
        match (lo, hi) {
            (Some(l), Some(h)) if l >= h => None,
            _ => Some(Dyadic::simplest_between(lo, hi)),
        }
    }

    /// Drops the options another option of the same side dominates (Left's
    /// smaller ones, Right's larger ones). The list holds distinct canonical
    /// games, so no two are equal. Candidates are tried best stop first, so
    /// the undominated ones are usually found early and compared with few.
    fn remove_dominated(&self, side: &mut Vec<GameId>, left: bool) {
        if side.len() < 2 {
            return;
        }
        // Each option's stops, read once: most comparisons end with them.
        let mut candidates: Vec<(GameId, Stops)> = side
            .iter()
            .map(|&g| (g, self.nodes.node(g).stops))
            .collect();
        if left {
            candidates.sort_by_key(|(_, s)| std::cmp::Reverse(s.right()));
        } else {
            candidates.sort_by_key(|(_, s)| s.left());
        }
        // `x <= y` for distinct options.
        let leq = |x: &(GameId, Stops), y: &(GameId, Stops)| {
            x.1.leq(&y.1).unwrap_or_else(|| self.leq_searched(x.0, y.0))
        };
        let mut kept: Vec<(GameId, Stops)> = Vec::with_capacity(side.len());
        'candidates: for a in candidates {
            for m in &kept {
                let dominated = if left { leq(&a, m) } else { leq(m, &a) };
                if dominated {
                    continue 'candidates;
                }
            }
            let mut i = 0;
            while i < kept.len() {
                let m = &kept[i];
                let beaten = if left { leq(m, &a) } else { leq(&a, m) };
                if beaten {
                    kept.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            kept.push(a);
        }
        side.clear();
        side.extend(kept.iter().map(|&(g, _)| g));
        side.sort_unstable();
    }

    /// Replaces each reversible option by the options it reverses through.
    /// Returns the new sides and whether anything changed.
    fn bypass_reversible(
        &self,
        left: &[GameId],
        right: &[GameId],
    ) -> (Vec<GameId>, Vec<GameId>, bool) {
        let mut memo = FxHashMap::default();
        let pending = Pending { left, right };
        let mut changed = false;
        let mut sides = [true, false].map(|is_left| {
            // A Left option a reverses through a^R <= G and is replaced by
            // a^RL; a Right option b through G <= b^L, replaced by b^LR.
            let mut kept = Vec::new();
            for &a in if is_left { left } else { right } {
                let mut reversed = None;
                for i in 0..self.options(a, !is_left).len() {
                    let r = self.options(a, !is_left)[i];
                    if self.leq_pending(r, &pending, is_left, &mut memo) {
                        reversed = Some(r);
                        break;
                    }
                }
                match reversed {
                    Some(r) => {
                        kept.extend_from_slice(self.options(r, is_left));
                        changed = true;
                    }
                    None => kept.push(a),
                }
            }
            kept.sort_unstable();
            kept.dedup();
            kept
        });
        let new_right = std::mem::take(&mut sides[1]);
        let new_left = std::mem::take(&mut sides[0]);
        (new_left, new_right, changed)
    }

    /// Left's options of `g` when `left`, else Right's.
    fn options(&self, g: GameId, left: bool) -> &[GameId] {
        if left { self.left(g) } else { self.right(g) }
    }

    /// `x <= G` when `below`, else `G <= x`, for a game `G` given by its
    /// options only: `x <= G` unless some `G^R <= x` or some `G <= x^L`, and
    /// `G <= x` unless some `x <= G^L` or some `x^R <= G`.
    fn leq_pending(
        &self,
        x: GameId,
        g: &Pending<'_>,
        below: bool,
        memo: &mut FxHashMap<(GameId, bool), bool>,
    ) -> bool {
        if let Some(&r) = memo.get(&(x, below)) {
            return r;
        }
        let mut result = if below {
            !g.right.iter().any(|&gr| self.leq(gr, x))
        } else {
            !g.left.iter().any(|&gl| self.leq(x, gl))
        };
        if result {
            for i in 0..self.options(x, below).len() {
                let xo = self.options(x, below)[i];
                if self.leq_pending(xo, g, !below, memo) {
                    result = false;
                    break;
                }
            }
        }
        memo.insert((x, below), result);
        result
    }

    /// `G <= H`: Left, moving second in `H - G`, wins.
    pub fn leq(&self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        let (gs, hs) = (&self.nodes.node(g).stops, &self.nodes.node(h).stops);
        gs.leq(hs).unwrap_or_else(|| self.leq_searched(g, h))
    }

    /// `G <= H` for distinct games whose stops do not decide it: from the
    /// memo, or by the definition.
    fn leq_searched(&self, g: GameId, h: GameId) -> bool {
        let key = LeqCache::pack(g, h);
        if let Some(r) = key.and_then(|k| self.leq_memo.get(k)) {
            return r;
        }
        let mut result = true;
        for i in 0..self.left(g).len() {
            let gl = self.left(g)[i];
            if self.leq(h, gl) {
                result = false;
                break;
            }
        }
        if result {
            for i in 0..self.right(h).len() {
                let hr = self.right(h)[i];
                if self.leq(hr, g) {
                    result = false;
                    break;
                }
            }
        }
        if let Some(k) = key {
            self.leq_memo.insert(k, result);
        }
        result
    }

    /// Who wins `g`: the outcome class, from `0 <= G` and `G <= 0`.
    pub fn outcome(&self, g: GameId) -> Outcome {
        let zero = self.zero();
        match (self.leq(zero, g), self.leq(g, zero)) {
            (true, true) => Outcome::Second,
            (true, false) => Outcome::Left,
            (false, true) => Outcome::Right,
            (false, false) => Outcome::First,
        }
    }

    /// `-G`: the players' roles swapped.
    pub fn neg(&self, g: GameId) -> GameId {
        if let Some(n) = self.nodes.neg(g) {
            return n;
        }
        let left: Vec<GameId> = self.right(g).to_vec();
        let right: Vec<GameId> = self.left(g).to_vec();
        let mut new_left: Vec<GameId> = left.into_iter().map(|x| self.neg(x)).collect();
        let mut new_right: Vec<GameId> = right.into_iter().map(|x| self.neg(x)).collect();
        new_left.sort_unstable();
        new_right.sort_unstable();
        // The negative of a canonical form is canonical.
        let n = self.intern(&new_left, &new_right);
        self.nodes.set_neg(g, n);
        n
    }

    /// The disjunctive sum `G + H`.
    pub fn add(&self, g: GameId, h: GameId) -> GameId {
        let zero = self.zero();
        if g == zero {
            return h;
        }
        if h == zero {
            return g;
        }
        let (g, h) = if g <= h { (g, h) } else { (h, g) };
        let key = pair(g, h);
        if let Some(s) = self.sum_memo.get(&key) {
            return s;
        }
        let sum = match (self.number_value(g), self.number_value(h)) {
            (Some(x), Some(y)) => self.number(x + y),
            (Some(_), None) => self.translate(h, g),
            (None, Some(_)) => self.translate(g, h),
            (None, None) => {
                let (gl, gr) = (self.left(g).to_vec(), self.right(g).to_vec());
                let (hl, hr) = (self.left(h).to_vec(), self.right(h).to_vec());
                let mut left = Vec::with_capacity(gl.len() + hl.len());
                let mut right = Vec::with_capacity(gr.len() + hr.len());
                for x in gl {
                    left.push(self.add(x, h));
                }
                for x in hl {
                    left.push(self.add(g, x));
                }
                for x in gr {
                    right.push(self.add(x, h));
                }
                for x in hr {
                    right.push(self.add(g, x));
                }
                self.game(&left, &right)
            }
        };
        self.sum_memo.insert(key, sum)
    }

    /// `G + x` for a number `x` and a game `G` that is not one: by number
    /// translation `{G^L + x | G^R + x}`, which is canonical when `G` is.
    fn translate(&self, g: GameId, x: GameId) -> GameId {
        let (gl, gr) = (self.left(g).to_vec(), self.right(g).to_vec());
        let mut left: Vec<GameId> = gl.into_iter().map(|o| self.add(o, x)).collect();
        let mut right: Vec<GameId> = gr.into_iter().map(|o| self.add(o, x)).collect();
        left.sort_unstable();
        right.sort_unstable();
        self.intern(&left, &right)
    }

    /// `G - H`.
    pub fn sub(&self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.add(g, nh)
    }

    /// Sums a list of games (`0` for none).
    pub fn sum_of(&self, games: &[GameId]) -> GameId {
        games.iter().fold(self.zero(), |acc, &g| self.add(acc, g))
    }
}

/// A game under construction, known only by its options.
struct Pending<'a> {
    left: &'a [GameId],
    right: &'a [GameId],
}

#[cfg(test)]
mod tests;
