//! The game-theory core: what every game shares and no game owns.
//!
//! A game supplies only its moves; search over positions, memoisation, values
//! ([`canonical`]: short partizan games in canonical form, hash-consed into a
//! shared table) and numbers ([`dyadic`]) are provided here once. The core does
//! no I/O and imports nothing else from this crate.

pub mod canonical;
pub mod dyadic;
pub mod grid;
pub mod nimber;
pub mod outcome;
pub mod walk;
