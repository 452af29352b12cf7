//! The games: one module per game, each owning its rules and its solvers.
//!
//! A game module imports only [`crate::cgt`]; it knows nothing of generators,
//! drawings or essays.

pub mod amazons;
pub mod chomp;
pub mod cram;
pub mod domineering;
pub mod hackenbush;
pub mod notation;
pub mod sylver;
