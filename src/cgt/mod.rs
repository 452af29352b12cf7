//! The game-theory core: what every game shares and no game owns.
//!
//! A game supplies only its moves, the split of a position into independent
//! regions and a memo key for a region; the core does the rest once: win or
//! loss by search ([`outcome`]), Grundy values of impartial games
//! ([`nimber`]: the [`nimber::Impartial`] trait and its evaluator), canonical
//! values of partizan games ([`partizan`]: the [`partizan::Partizan`] trait,
//! whose regions are memoised by key and, where a symmetry swaps the players,
//! by the negated key too), walks over positions ([`walk`]), the values
//! themselves ([`canonical`]: short partizan games in canonical form,
//! hash-consed into a shared table, and written in `CGSuite`'s notation),
//! what the theory says of them beyond their value ([`analysis`]: stops,
//! mean, temperature and [`thermograph`]s, cooling, atomic weight, reduced
//! forms, birthdays, memoised in the same table), numbers ([`dyadic`]) and the bit-set boards of games played on a rectangle
//! ([`grid`], on the machine words of [`word`]). The tables and memos threads
//! share are hash tables whose lookups take no lock, or in shards each behind
//! its own lock ([`shared`]). The core does no I/O and imports nothing else from this
//! crate.

pub mod analysis;
pub mod canonical;
pub mod dyadic;
pub mod grid;
pub mod nimber;
pub mod outcome;
pub mod partizan;
pub mod random;
pub mod shared;
pub mod thermograph;
pub mod walk;
pub mod word;
