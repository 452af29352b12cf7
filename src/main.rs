//! The `ladder` binary: the commands are [`ladder::cmd`]'s.

use std::process::ExitCode;

fn main() -> ExitCode {
    ladder::cmd::main()
}
