//! The game-theory core: what every game shares and no game owns.
//!
//! A game supplies only its moves; search over positions (win or loss in
//! [`outcome`], Grundy values in [`nimber`], walks in [`walk`]), memoisation,
//! values ([`canonical`]: short partizan games in canonical form, hash-consed
//! into a shared table), numbers ([`dyadic`]) and the bit-set boards of games
//! played on a rectangle ([`grid`]) are provided here once. The core does no
//! I/O and imports nothing else from this crate.

pub mod canonical;
pub mod dyadic;
pub mod grid;
pub mod nimber;
pub mod outcome;
pub mod walk;
