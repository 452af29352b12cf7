//! The games: one module per game, each owning its rules and its solvers.
//!
//! A game module imports only [`crate::cgt`]; it knows nothing of generators,
//! drawings or essays.

pub mod chomp;
pub mod cram;
pub mod domineering;
pub mod hackenbush;
pub mod sylver;

/// The game modules, by file name: the figure cache fingerprints each one, so a
/// change to one game's solver recomputes only the figures that use it.
pub const MODULES: &[&str] = &["chomp", "cram", "domineering", "hackenbush", "sylver"];
