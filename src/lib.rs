//! ladder builds an essay site about combinatorial game theory whose figures are
//! computed by game solvers and whose claims are checked at build time.
//!
//! The crate has four rooms, each owning one job:
//!
//! 1. [`cgt`]: the game-theory core. Values, nimbers, tables. No I/O, and it
//!    imports nothing else from this crate.
//! 2. [`games`]: one module per game, with its rules and solvers. Games import
//!    only [`cgt`].
//! 3. [`generators`]: one module per generator, behind the [`generators::Generator`]
//!    trait and one registry. A generator runs solvers from [`games`], returns
//!    serde data, the identities it asserts and its SVG drawings. No file I/O.
//! 4. [`site`]: the pipeline that turns `content/` into `site/`: loading essays,
//!    markdown, math, directives and claims, templates, figure artifacts and the
//!    atomic output swap.
//!
//! The command line ([`cmd`]) sits on top with one file per command.

pub mod cgt;
pub mod cmd;
pub mod games;
pub mod generators;
pub mod site;
