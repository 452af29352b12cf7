//! The HTTP side: connections accepted on a small tokio runtime, served by
//! hyper's HTTP/1 with the server's limits and timeouts, and each reply
//! turned into a response.
//!
//! It imports [`super::answer`](mod@super::answer) and the shared state of [`super`].

use super::Shared;
use super::answer::{EVENTS, HTML, Reply, TEXT, answer, inject};
use anyhow::{Context as _, Result, anyhow};
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::server::conn::http1;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::runtime::Runtime;
use tokio::time::{Instant, Sleep};

/// The largest request head (request line and headers) answered; a larger
/// one gets 431.
const HEAD_LIMIT: usize = 64 * 1024;
/// How long the server waits on its clients.
pub(super) const TIMEOUTS: Timeouts = Timeouts {
    idle: Duration::from_secs(30),
    head: Duration::from_secs(10),
};

/// How long the server waits on a client.
#[derive(Clone, Copy)]
pub(super) struct Timeouts {
    /// For a connection's next request head to have arrived, counted from
    /// the connection's opening or its last response.
    idle: Duration,
    /// For a request head to arrive whole, counted from its first bytes.
    head: Duration,
}

/// Listens on `addr` and answers from `shared` on a small runtime of its own.
pub(super) fn listen(
    addr: SocketAddr,
    shared: Shared,
    timeouts: Timeouts,
) -> Result<(SocketAddr, Runtime)> {
    let listener = std::net::TcpListener::bind(addr).map_err(|e| cannot_listen(addr, &e))?;
    let address = listener.local_addr()?;
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("ladder-serve")
        .enable_all()
        .build()
        .context("cannot start the server's threads")?;
    let listener = {
        let _inside = runtime.enter();
        TcpListener::from_std(listener)?
    };
    runtime.spawn(accept(listener, shared, timeouts));
    Ok((address, runtime))
}

/// Why `addr` cannot be listened on, with what to do about it.
fn cannot_listen(addr: SocketAddr, e: &io::Error) -> anyhow::Error {
    let hint = match e.kind() {
        io::ErrorKind::AddrInUse => " (is another server using that port? pick one with --port)",
        io::ErrorKind::AddrNotAvailable => {
            " (no network interface of this machine has that address; pick one with --interface)"
        }
        io::ErrorKind::PermissionDenied => " (pick a port above 1023 with --port)",
        _ => "",
    };
    anyhow!("cannot listen on {addr}: {e}{hint}")
}

/// Accepts connections until the runtime stops, serving each on a task of
/// its own.
async fn accept(listener: TcpListener, shared: Shared, timeouts: Timeouts) {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(timeouts.idle)
        .max_buf_size(HEAD_LIMIT)
        .max_header_size(HEAD_LIMIT);
    let http = Arc::new(http);
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            // Out of file descriptors, say: wait for some to close.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        // Small responses go out at once, not after the client's delayed ACK.
        let _ = stream.set_nodelay(true);
        let (http, shared) = (http.clone(), shared.clone());
        tokio::spawn(async move {
            let arriving = Arc::new(AtomicBool::new(false));
            let io = TokioIo::new(HeadClock::new(stream, arriving.clone(), timeouts.head));
            let service = hyper::service::service_fn(move |request| {
                arriving.store(false, Ordering::Relaxed);
                respond(request, shared.clone())
            });
            let _ = http.serve_connection(io, service).await;
        });
    }
}

/// A connection's socket whose reads fail once a request head has been
/// arriving for longer than `limit`. (hyper's own timeout counts from the
/// connection's opening or last response, idle time included.) A head starts
/// arriving with the first bytes read after the service took the last one.
struct HeadClock {
    stream: TcpStream,
    /// Whether a request head is arriving: set here, cleared by the service.
    arriving: Arc<AtomicBool>,
    limit: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl HeadClock {
    fn new(stream: TcpStream, arriving: Arc<AtomicBool>, limit: Duration) -> HeadClock {
        HeadClock {
            stream,
            arriving,
            limit,
            deadline: Box::pin(tokio::time::sleep(limit)),
        }
    }
}

impl AsyncRead for HeadClock {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.stream).poll_read(cx, buf);
        let got = matches!(read, Poll::Ready(Ok(()))) && buf.filled().len() > before;
        if got && !this.arriving.swap(true, Ordering::Relaxed) {
            this.deadline.as_mut().reset(Instant::now() + this.limit);
        } else if read.is_pending()
            && this.arriving.load(Ordering::Relaxed)
            && this.deadline.as_mut().poll(cx).is_ready()
        {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the request head took too long",
            )));
        }
        read
    }
}

impl AsyncWrite for HeadClock {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

async fn respond(
    request: Request<Incoming>,
    shared: Shared,
) -> Result<Response<Full<Bytes>>, Infallible> {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        let mut response = page(
            StatusCode::METHOD_NOT_ALLOWED,
            TEXT,
            b"405: this server only answers GET and HEAD\n".as_slice(),
        );
        let allow = HeaderValue::from_static("GET, HEAD");
        response.headers_mut().insert(header::ALLOW, allow);
        return Ok(response);
    }
    let url = request.uri().path_and_query().map_or("/", |p| p.as_str());
    let reply = match poll_since(url) {
        Some(since) => {
            let (version, errors) = shared.news_past(since).await;
            Reply::News { version, errors }
        }
        None => answer(url, &shared),
    };
    Ok(response(reply, &shared))
}

/// The version a reload script's poll (`/__ladder/events?since=N`) waits past.
fn poll_since(url: &str) -> Option<u64> {
    let (path, query) = url.split_once('?')?;
    if path != EVENTS {
        return None;
    }
    query.strip_prefix("since=")?.parse().ok()
}

/// The HTTP response for `reply`.
fn response(reply: Reply, shared: &Shared) -> Response<Full<Bytes>> {
    match reply {
        Reply::File { content_type, body } => page(StatusCode::OK, content_type, body),
        Reply::News { version, errors } => {
            let json = serde_json::json!({ "version": version, "errors": errors });
            page(
                StatusCode::OK,
                "application/json",
                json.to_string().into_bytes(),
            )
        }
        Reply::Redirect(location) => match HeaderValue::try_from(location) {
            Ok(location) => {
                let body = b"308: this is a folder; its address ends with /\n".as_slice();
                let mut response = page(StatusCode::PERMANENT_REDIRECT, TEXT, body);
                response.headers_mut().insert(header::LOCATION, location);
                response
            }
            Err(_) => response(Reply::NotFound, shared),
        },
        Reply::Building => {
            let html = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Building</title></head>\
                        <body><main><h1>Building the site</h1><p>This page reloads when the first build is done.</p></main></body></html>";
            let mut response = page(
                StatusCode::SERVICE_UNAVAILABLE,
                HTML,
                inject(html.as_bytes(), 0),
            );
            let retry = HeaderValue::from_static("1");
            response.headers_mut().insert(header::RETRY_AFTER, retry);
            response
        }
        Reply::Forbidden => page(
            StatusCode::FORBIDDEN,
            TEXT,
            b"403 forbidden: path leaves the site\n".as_slice(),
        ),
        Reply::NotFound => {
            let html = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head>\
                        <body><main><h1>Not found</h1><p>No page here. <a href=\"/\">The index</a>.</p></main></body></html>";
            let version = shared.news().0;
            page(
                StatusCode::NOT_FOUND,
                HTML,
                inject(html.as_bytes(), version),
            )
        }
    }
}

/// A response that is never cached: the site changes under it.
fn page(
    status: StatusCode,
    content_type: &'static str,
    body: impl Into<Bytes>,
) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(body.into()));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::output::sink::Files;
    use std::io::{Read, Write};
    use std::time::Instant;

    /// A site of two pages.
    fn built() -> Shared {
        let shared = Shared::new();
        let mut files = Files::default();
        files.add("index.html", "<html><body>the index</body></html>");
        files.add(
            "chomp/needles/index.html",
            "<html><body>needles</body></html>",
        );
        shared.publish(Ok(files));
        shared
    }

    /// `shared` served on a loopback port, with `timeouts`.
    fn serving(shared: &Shared, timeouts: Timeouts) -> (SocketAddr, Runtime) {
        listen("127.0.0.1:0".parse().unwrap(), shared.clone(), timeouts).unwrap()
    }

    /// A connection that gives up on reads after five seconds.
    fn connect(address: SocketAddr) -> std::net::TcpStream {
        let stream = std::net::TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        stream
    }

    /// One response read from `stream`: its head (lower-cased) and body.
    fn read_response(stream: &mut std::net::TcpStream) -> (String, Vec<u8>) {
        let mut bytes = Vec::new();
        let mut byte = [0u8];
        while !bytes.ends_with(b"\r\n\r\n") {
            assert_eq!(stream.read(&mut byte).unwrap(), 1, "closed mid-head");
            bytes.push(byte[0]);
        }
        let head = String::from_utf8(bytes).unwrap().to_lowercase();
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .expect("a content-length")
            .parse()
            .unwrap();
        let mut body = vec![0; length];
        stream.read_exact(&mut body).unwrap();
        (head, body)
    }

    /// Sends `request` on `stream` and reads the response.
    fn exchange(stream: &mut std::net::TcpStream, request: &str) -> (String, Vec<u8>) {
        stream.write_all(request.as_bytes()).unwrap();
        read_response(stream)
    }

    /// Whether the server closes `stream` (within its read timeout).
    fn closes(stream: &mut std::net::TcpStream) -> bool {
        match stream.read(&mut [0u8; 64]) {
            Ok(0) => true,
            Ok(_) => false,
            Err(e) => e.kind() == io::ErrorKind::ConnectionReset,
        }
    }

    #[test]
    fn answers_with_a_reloading_building_page_until_the_first_build_is_done() {
        let shared = Shared::new();
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let mut stream = connect(address);
        let (head, body) = exchange(&mut stream, "GET /chomp/ HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(head.starts_with("http/1.1 503"), "{head}");
        assert!(head.contains("retry-after: 1"), "{head}");
        let body = String::from_utf8(body).unwrap();
        assert!(body.contains("Building the site"));
        assert!(
            body.contains("data-version=\"0\""),
            "the page does not reload itself"
        );

        let mut files = Files::default();
        files.add("chomp/index.html", "<html><body>chomp</body></html>");
        shared.publish(Ok(files));
        let (head, body) = exchange(&mut stream, "GET /chomp/ HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(head.starts_with("http/1.1 200"), "{head}");
        let body = String::from_utf8(body).unwrap();
        assert!(
            body.contains("chomp") && body.contains("data-version=\"1\""),
            "{body}"
        );
    }

    #[test]
    fn redirects_a_folder_asked_for_without_its_slash() {
        let shared = built();
        assert_eq!(
            answer("/chomp/needles", &shared),
            Reply::Redirect("/chomp/needles/".into())
        );
        assert_eq!(
            answer("/chomp/needles?x=1", &shared),
            Reply::Redirect("/chomp/needles/?x=1".into())
        );
        assert_eq!(answer("/chomp/needle", &shared), Reply::NotFound);
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let (head, _) = exchange(
            &mut connect(address),
            "GET /chomp/needles HTTP/1.1\r\nHost: x\r\n\r\n",
        );
        assert!(head.starts_with("http/1.1 308"), "{head}");
        assert!(head.contains("location: /chomp/needles/\r\n"), "{head}");
    }

    #[test]
    fn keeps_an_http_1_0_connection_alive_when_asked_and_says_so() {
        let shared = built();
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let mut stream = connect(address);
        for _ in 0..2 {
            let (head, body) = exchange(
                &mut stream,
                "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
            );
            assert!(head.starts_with("http/1.0 200"), "{head}");
            assert!(head.contains("connection: keep-alive"), "{head}");
            assert!(String::from_utf8(body).unwrap().contains("the index"));
        }
        let (head, _) = exchange(&mut stream, "GET / HTTP/1.0\r\n\r\n");
        assert!(!head.contains("keep-alive"), "{head}");
        assert!(
            closes(&mut stream),
            "an HTTP/1.0 connection not kept alive stays open"
        );
    }

    #[test]
    fn answers_requests_on_a_kept_alive_connection_without_waiting_for_acks() {
        let shared = built();
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let mut stream = connect(address);
        let mut took: Vec<Duration> = (0..21)
            .map(|_| {
                let started = Instant::now();
                let (head, _) = exchange(&mut stream, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
                assert!(head.starts_with("http/1.1 200"), "{head}");
                started.elapsed()
            })
            .collect();
        took.sort();
        // Nagle's algorithm against a delayed ACK costs about 40 ms a request.
        assert!(
            took[10] < Duration::from_millis(20),
            "median {:?}",
            took[10]
        );
    }

    #[test]
    fn answers_request_heads_over_64_kib_with_431() {
        let shared = built();
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let with_header = |size: usize| {
            let request = format!(
                "GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
                "a".repeat(size)
            );
            exchange(&mut connect(address), &request).0
        };
        assert!(with_header(60 * 1024).starts_with("http/1.1 200"));
        let head = with_header(65 * 1024);
        assert!(head.starts_with("http/1.1 431"), "{head}");
    }

    #[test]
    fn closes_idle_connections_and_cuts_off_slow_request_heads() {
        let shared = built();
        let timeouts = Timeouts {
            idle: Duration::from_millis(1500),
            head: Duration::from_millis(300),
        };
        let (address, _runtime) = serving(&shared, timeouts);

        // Idle for longer than a head may take is still fine...
        let mut stream = connect(address);
        std::thread::sleep(Duration::from_millis(600));
        let (head, _) = exchange(&mut stream, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(head.starts_with("http/1.1 200"), "{head}");
        // ...but not for longer than the idle timeout.
        let started = Instant::now();
        assert!(closes(&mut stream), "an idle connection stays open");
        let idle = started.elapsed();
        assert!(idle > Duration::from_secs(1), "closed after {idle:?}");

        // A head trickling in is cut off long before the idle timeout.
        let mut stream = connect(address);
        stream
            .set_read_timeout(Some(Duration::from_millis(50)))
            .unwrap();
        let started = Instant::now();
        stream.write_all(b"GET / HTTP/1.1\r\n").unwrap();
        let cut = loop {
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "a slow head is never cut off"
            );
            let _ = stream.write_all(b"X-Slow: 1\r\n");
            if closes(&mut stream) {
                break started.elapsed();
            }
        };
        assert!(cut < Duration::from_secs(1), "cut off after {cut:?}");
    }

    #[test]
    fn answers_get_and_head_only() {
        let shared = built();
        let (address, _runtime) = serving(&shared, TIMEOUTS);
        let (head, _) = exchange(
            &mut connect(address),
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
        );
        assert!(head.starts_with("http/1.1 405"), "{head}");
        assert!(head.contains("allow: get, head\r\n"), "{head}");
        let mut stream = connect(address);
        stream
            .write_all(b"HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        assert!(
            response.ends_with("\r\n\r\n"),
            "HEAD got a body: {response}"
        );
    }

    #[test]
    fn says_when_the_port_is_taken() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let error = listen(taken.local_addr().unwrap(), Shared::new(), TIMEOUTS).unwrap_err();
        assert!(
            error.to_string().contains("another server using that port"),
            "{error}"
        );
    }
}
