//! `ladder serve`: preview while writing.
//!
//! It imports the site pipeline, its server and the shared progress.

use super::progress;
use crate::site::{Options, Site, serve};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The folder holding content/, templates/ and figures/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// The port to listen on.
    #[arg(long, default_value_t = 1111)]
    port: u16,
    /// The IP address to listen on (IPv4 or IPv6).
    #[arg(long, default_value = "127.0.0.1")]
    interface: IpAddr,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let site = Site::new(Options {
        drafts: true,
        changes: false,
        ..Options::new(args.root)
    });
    let server = serve::start(
        site,
        SocketAddr::new(args.interface, args.port),
        progress::reporter(),
    )?;
    // A closed standard output does not stop the server.
    let _ = out!("serving http://{}/ (Ctrl-C to stop)", server.address);
    // Serves, builds and watches until the process is stopped.
    loop {
        std::thread::park();
    }
}
