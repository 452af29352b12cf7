//! What every command shares: the exit codes (see [`super`]) and how a
//! write to a reader that has gone away ends.
//!
//! It imports nothing: every command imports it.

/// Exit code for content errors.
pub const CONTENT_ERROR: u8 = 1;
/// Exit code for usage errors (clap uses it too).
pub const USAGE_ERROR: u8 = 2;
/// Exit code for I/O failures, kept apart from content errors.
pub const IO_ERROR: u8 = 3;

/// `result`, but a closed pipe is a success: there is no one left to tell.
pub(super) fn closed_pipe_is_fine(result: std::io::Result<()>) -> std::io::Result<()> {
    match result {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        result => result,
    }
}
