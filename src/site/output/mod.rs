//! Writing the site, without ever destroying a user's files, in three steps
//! that import one another in this order only:
//!
//! 1. [`check`]: before any work, an output folder that is the project
//!    root, holds it, lies in what the build reads or holds files ladder did
//!    not write ([`marker::MARKER`] tells a site ladder wrote) is refused
//!    ([`check::Output::check`]); one build of a root writes at a time
//!    ([`check::lock_root`]), and the temporary folders of builds that died are
//!    removed;
//! 2. [`stage`]: each file is written as it is made into a folder beside the
//!    output ([`check::Output::stage`], a [`sink::Sink`]); a file the output holds as it
//!    is is linked, not written, and a build that changes nothing writes
//!    nothing and swaps nothing;
//! 3. `swap`: the folder is swapped in only when all of it was written
//!    ([`check::Output::commit`]).
//!
//! Beside them: [`marker`], the file listing what a build wrote, which the
//! check reads and the stage writes; [`sink`], where files go (in memory too, as [`sink::Files`], for
//! `ladder serve`) and the file operations every step shares; and
//! `spare`, a strategy the check picks and the stage is handed: the site
//! a build replaced, kept for the next build to write over. A failed build
//! leaves the previous output byte for byte as it was.
//!
//! This module only declares its steps: the rest of the site imports each
//! from its file.

pub mod check;
pub mod marker;
pub mod sink;
mod spare;
pub mod stage;
mod swap;
