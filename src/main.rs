use std::process::ExitCode;

fn main() -> ExitCode {
    ladder::cmd::main()
}
