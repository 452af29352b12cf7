//! The game-theory core: what every game shares and no game owns.
//!
//! A game supplies only its moves; search over positions, memoisation and
//! (as the core grows) values, nimbers and decomposition are provided here once.
//! The core does no I/O and imports nothing else from this crate.

pub mod nimber;
pub mod walk;
