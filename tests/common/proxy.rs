//! A TCP proxy in front of a store's server that cuts an upload halfway: it
//! forwards every request and response as they come, but of the first `PUT`
//! it forwards the headers and half the body and says which object it cut.
//! Then, as [`AtPut`] says, it either holds that client, so that a test can
//! kill it there, or goes down, as a server that went down mid-upload would.
//! When a client closes its side (a killed process's sockets close), the
//! proxy closes its side to the server, which then sees the request cut
//! short, as it would from the client itself; the proxy counts a connection
//! closed once the server has closed it too (it is done with its requests).
//!
//! It reads requests by `Content-Length` (as `object_store` sends them), not
//! chunked.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::servers::Server;

/// What a [`Proxy`] does once it has cut the first `PUT` halfway.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum AtPut {
    /// Forwards nothing more from that client, until it is gone; the other
    /// connections go on.
    Hold,
    /// Goes down: closes that connection, refuses every request (any other
    /// `PUT` included) and closes every connection after, forwarding
    /// nothing more.
    Down,
}

/// A proxy on a port of its own, stopped when dropped.
pub struct Proxy {
    /// The port it listens on.
    pub port: u16,
    held: Receiver<String>,
    /// The connections open (not yet closed by both ends).
    open: Arc<(Mutex<usize>, Condvar)>,
    stop: Arc<AtomicBool>,
}

/// What a connection's thread shares: where to send the path of the `PUT`
/// cut, whether one has been, what to do then, and whether it is down.
struct Hold {
    taken: AtomicBool,
    tell: Sender<String>,
    at_put: AtPut,
    down: AtomicBool,
}

impl Proxy {
    /// A proxy to the server listening on `upstream`, doing `at_put` at the
    /// first `PUT`.
    pub fn to(upstream: u16, at_put: AtPut) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let (tell, held) = std::sync::mpsc::channel();
        let hold = Arc::new(Hold {
            taken: AtomicBool::new(false),
            tell,
            at_put,
            down: AtomicBool::new(false),
        });
        let open = Arc::new((Mutex::new(0), Condvar::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (opened, stopped) = (open.clone(), stop.clone());
        std::thread::spawn(move || {
            for client in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(client) = client else { continue };
                if hold.down.load(Ordering::SeqCst) {
                    // Closed as soon as accepted.
                    continue;
                }
                *opened.0.lock().unwrap() += 1;
                let (hold, open) = (hold.clone(), opened.clone());
                std::thread::spawn(move || {
                    serve(&client, upstream, &hold);
                    *open.0.lock().unwrap() -= 1;
                    open.1.notify_all();
                });
            }
        });
        Proxy {
            port,
            held,
            open,
            stop,
        }
    }

    /// `server`'s URL and environment, reaching it through the proxy.
    pub fn front(&self, server: &Server) -> (String, Vec<(String, String)>) {
        let port = server.port.expect("a server with a port");
        let through = |s: &str| {
            s.replace(
                &format!("127.0.0.1:{port}"),
                &format!("127.0.0.1:{}", self.port),
            )
        };
        let env = server
            .env
            .iter()
            .map(|(k, v)| (k.clone(), through(v)))
            .collect();
        (through(&server.url), env)
    }

    /// Waits (at most `timeout`) for the first `PUT` to be cut halfway: the
    /// path it was sent to.
    pub fn held(&self, timeout: Duration) -> String {
        self.held
            .recv_timeout(timeout)
            .unwrap_or_else(|e| panic!("no PUT reached the proxy within {timeout:?} ({e})"))
    }

    /// Waits (at most `timeout`) until every connection is closed by both
    /// its client and the server.
    pub fn closed(&self, timeout: Duration) {
        let (count, changed) = &*self.open;
        let (open, waited) = changed
            .wait_timeout_while(count.lock().unwrap(), timeout, |open| *open > 0)
            .unwrap();
        assert!(
            !waited.timed_out(),
            "{} connections still open after {timeout:?}",
            *open
        );
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the listener, which then stops.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

/// Forwards one client's connection to the server on `upstream` until the
/// client closes it, then closes it to the server and waits for the server
/// to close it too.
fn serve(client: &TcpStream, upstream: u16, hold: &Hold) {
    let Ok(server) = TcpStream::connect(("127.0.0.1", upstream)) else {
        return;
    };
    let back = {
        let (mut from, mut to) = (server.try_clone().unwrap(), client.try_clone().unwrap());
        std::thread::spawn(move || {
            // Read to the end even when the client is gone: the server's
            // closing is what says it is done.
            let mut buffer = [0; 8192];
            while let Ok(n @ 1..) = from.read(&mut buffer) {
                let _ = to.write_all(&buffer[..n]);
            }
            let _ = to.shutdown(Shutdown::Write);
        })
    };
    let _ = requests(client, &server, hold);
    let _ = server.shutdown(Shutdown::Write);
    let _ = back.join();
}

/// Forwards the client's requests, one after another, cutting the first
/// `PUT` halfway; returns when the client closes its side, or when the proxy
/// has gone down.
fn requests(client: &TcpStream, mut server: &TcpStream, hold: &Hold) -> std::io::Result<()> {
    let mut from = BufReader::new(client);
    loop {
        let mut head = Vec::new();
        let mut length = 0;
        loop {
            let start = head.len();
            if from.read_until(b'\n', &mut head)? == 0 {
                return Ok(());
            }
            let line = String::from_utf8_lossy(&head[start..]).to_ascii_lowercase();
            if let Some(value) = line.strip_prefix("content-length:") {
                length = value.trim().parse().unwrap();
            }
            assert!(
                !line.starts_with("transfer-encoding:"),
                "the proxy reads bodies by Content-Length only"
            );
            if line == "\r\n" {
                break;
            }
        }
        let request = String::from_utf8_lossy(&head).into_owned();
        let mut words = request.split(' ');
        let (method, path) = (words.next().unwrap(), words.next().unwrap_or_default());
        let put = method == "PUT" && length >= 2;
        let first = put && !hold.taken.swap(true, Ordering::SeqCst);
        let down = hold.at_put == AtPut::Down;
        if hold.down.load(Ordering::SeqCst) || (down && put && !first) {
            // Down: nothing of this request reaches the server.
            let _ = client.shutdown(Shutdown::Both);
            return Ok(());
        }
        server.write_all(&head)?;
        if first {
            std::io::copy(&mut (&mut from).take(length / 2), &mut server)?;
            let _ = hold.tell.send(path.to_string());
            if down {
                hold.down.store(true, Ordering::SeqCst);
                let _ = client.shutdown(Shutdown::Both);
                return Ok(());
            }
            // The rest of the body goes nowhere, until the client is gone.
            std::io::copy(&mut from, &mut std::io::sink())?;
            return Ok(());
        }
        if std::io::copy(&mut (&mut from).take(length), &mut server)? < length {
            return Ok(());
        }
    }
}
