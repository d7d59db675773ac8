//! The server's connections: taken up to a cap, each served by hyper with a header-read timeout
//! (which also closes idle keep-alive connections), hyper's own refusals given a reason, and
//! on a signal a drain bounded in time, after which the work left is cancelled.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;

use super::State;

/// How the connections are bounded.
pub struct Bounds {
    /// Time to send a request's head, and the most an idle keep-alive connection stays.
    pub header_timeout: Duration,
    /// Connections open at once.
    pub max_connections: usize,
    /// Time the requests in flight get to finish after the signal.
    pub drain: Duration,
}

/// Time answers get after the drain cancelled their work, to go out before the exit.
const LAST_ANSWERS: Duration = Duration::from_millis(500);

/// Time a connection with no request being answered gets, once the drain begins, to finish
/// writing an answer already made; then it is closed (a half-sent head holds nothing).
const IDLE_CLOSE: Duration = Duration::from_millis(200);

/// The address of the client a request came from (for the access log).
#[derive(Clone, Copy, Debug)]
pub struct Client(pub SocketAddr);

/// Serves `app` on `listener` until `signal`, then drains: connections still taken but told
/// 503 (`/readyz` says draining, work is refused as the server stops), idle and half-sent
/// ones closed, the others given `bounds.drain` to finish; then their work is cancelled.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    state: Arc<State>,
    bounds: Bounds,
    signal: impl Future<Output = ()>,
) -> Drained {
    let cap = Arc::new(Semaphore::new(bounds.max_connections));
    let mut tasks = JoinSet::new();
    tokio::pin!(signal);
    loop {
        tokio::select! {
            () = &mut signal => break,
            accepted = listener.accept() => {
                take(accepted, &app, &state, &cap, &bounds, &mut tasks, true).await;
            }
            Some(_) = tasks.join_next(), if !tasks.is_empty() => {}
        }
    }
    state.draining.store(true, Ordering::SeqCst);
    let _ = state.closing.send(true);
    // during the drain a probe or a client still gets an answer (503: draining), on a
    // connection closed after it; those are not waited for
    let mut late = JoinSet::new();
    let deadline = tokio::time::sleep(bounds.drain);
    tokio::pin!(deadline);
    let drained = loop {
        tokio::select! {
            () = &mut deadline => break false,
            next = tasks.join_next() => if next.is_none() { break true },
            accepted = listener.accept() => {
                take(accepted, &app, &state, &cap, &bounds, &mut late, false).await;
            }
        }
    };
    drop(listener);
    if drained {
        late.abort_all();
        return Drained::default();
    }
    let cancelled = state.cancel_all();
    for _ in 0..cancelled {
        state.metrics.cancelled("drain");
    }
    finished_within(&mut tasks, LAST_ANSWERS).await;
    let left = tasks.len();
    tasks.abort_all();
    late.abort_all();
    Drained { cancelled, left }
}

/// How the drain ended: both 0 when every request in flight was answered within it.
#[derive(Debug, Default, Clone, Copy)]
pub struct Drained {
    /// Pieces of work cancelled when the drain's time was up (answered 503).
    pub cancelled: usize,
    /// Connections still open after that, closed without an answer.
    pub left: usize,
}

/// Takes one accepted connection: past the cap it is answered 503 and closed, otherwise
/// served on a task of its own (kept open between requests when `keep_alive`).
async fn take(
    accepted: std::io::Result<(TcpStream, SocketAddr)>,
    app: &Router,
    state: &Arc<State>,
    cap: &Arc<Semaphore>,
    bounds: &Bounds,
    tasks: &mut JoinSet<()>,
    keep_alive: bool,
) {
    let Ok((stream, peer)) = accepted else {
        // out of descriptors, or the peer left before the accept: try again soon
        tokio::time::sleep(Duration::from_millis(10)).await;
        return;
    };
    let Ok(permit) = cap.clone().try_acquire_owned() else {
        state.metrics.reject("connections");
        turn_away(&stream);
        return;
    };
    let open = Open::count(state, permit);
    let answering = Arc::new(AtomicUsize::new(0));
    let service = answered_service(app.clone(), peer, answering.clone());
    let mut closing = state.closing.subscribe();
    let header_timeout = bounds.header_timeout;
    tasks.spawn(async move {
        let _open = open;
        let mut builder = http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(header_timeout)
            .keep_alive(keep_alive);
        let connection = builder.serve_connection(TokioIo::new(Refusals::new(stream)), service);
        tokio::pin!(connection);
        if !keep_alive {
            // taken during the drain: one answer, then closed
            let _ = connection.await;
            return;
        }
        let closed = async move {
            let _ = closing.wait_for(|closing| *closing).await;
        };
        tokio::select! {
            _ = connection.as_mut() => return,
            () = closed => connection.as_mut().graceful_shutdown(),
        }
        if answering.load(Ordering::SeqCst) == 0 {
            // idle, or its head half-sent: nothing to wait for but an answer being written
            let _ = tokio::time::timeout(IDLE_CLOSE, connection).await;
        } else {
            let _ = connection.await;
        }
    });
}

/// `app` as a connection's service: each request carries the client's address, and
/// `answering` counts the requests being answered on the connection.
fn answered_service(
    app: Router,
    peer: SocketAddr,
    answering: Arc<AtomicUsize>,
) -> impl hyper::service::Service<
    hyper::Request<hyper::body::Incoming>,
    Response = axum::response::Response,
    Error = std::convert::Infallible,
    Future = impl Future<Output = Result<axum::response::Response, std::convert::Infallible>> + Send,
> + Clone {
    let app = TowerToHyperService::new(app);
    hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
        request.extensions_mut().insert(Client(peer));
        let answer = Answering::enter(&answering);
        let call = hyper::service::Service::call(&app, request);
        async move {
            let _answer = answer;
            call.await
        }
    })
}

/// A request being answered on a connection: counted while held.
struct Answering(Arc<AtomicUsize>);

impl Answering {
    fn enter(count: &Arc<AtomicUsize>) -> Answering {
        count.fetch_add(1, Ordering::SeqCst);
        Answering(count.clone())
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Whether every task ended within `time`.
async fn finished_within(tasks: &mut JoinSet<()>, time: Duration) -> bool {
    let deadline = tokio::time::sleep(time);
    tokio::pin!(deadline);
    loop {
        tokio::select! {
            next = tasks.join_next() => {
                if next.is_none() {
                    return true;
                }
            }
            () = &mut deadline => return false,
        }
    }
}

/// Answers a connection past the cap with 503 (as far as the socket takes it at once) and
/// closes it.
fn turn_away(stream: &TcpStream) {
    let answer = refusal_bytes(
        "503 Service Unavailable",
        "too many connections: try again in a second",
        Some(1),
    );
    let _ = stream.try_write(&answer);
}

/// A whole answer, head and JSON body, for a refusal made outside the router: `status` is
/// the code and its phrase.
fn refusal_bytes(status: &str, reason: &str, retry_after: Option<u64>) -> Vec<u8> {
    let body = serde_json::to_string(&sudokit::service::Refusal::new(reason.to_string()))
        .unwrap_or_default();
    let retry = retry_after.map_or(String::new(), |seconds| {
        format!("Retry-After: {seconds}\r\n")
    });
    format!(
        "HTTP/1.1 {status}\r\n{retry}Content-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The answer hyper makes itself for a head it cannot read (400, 414, 431: a head with no
/// body), with the reason put in a JSON body as every other refusal has.
fn with_reason(written: &[u8]) -> Option<Vec<u8>> {
    let head = std::str::from_utf8(written).ok()?;
    if !head.ends_with("\r\n\r\n")
        || !head
            .to_ascii_lowercase()
            .contains("\r\ncontent-length: 0\r\n")
    {
        return None;
    }
    let (status, reason) = match head.get(..13)? {
        "HTTP/1.1 400 " => (
            "400 Bad Request",
            "the request's head is not HTTP/1.1 as it should be (its method, path, version or a header is malformed)",
        ),
        "HTTP/1.1 414 " => ("414 URI Too Long", "the request's path is too long"),
        "HTTP/1.1 431 " => (
            "431 Request Header Fields Too Large",
            "the request's head is too large (its headers, or a header line)",
        ),
        _ => return None,
    };
    Some(refusal_bytes(status, reason, None))
}

/// A connection's stream whose answers made by hyper itself (see [`with_reason`]) get a body.
struct Refusals {
    stream: TcpStream,
    /// An answer being written in place of hyper's, and how much of it is written.
    replacing: Option<(Vec<u8>, usize)>,
}

impl Refusals {
    fn new(stream: TcpStream) -> Refusals {
        Refusals {
            stream,
            replacing: None,
        }
    }
}

impl AsyncRead for Refusals {
    fn poll_read(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(context, buffer)
    }
}

impl AsyncWrite for Refusals {
    fn poll_write(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = &mut *self;
        if this.replacing.is_none() {
            match with_reason(buffer) {
                Some(answer) => this.replacing = Some((answer, 0)),
                None => return Pin::new(&mut this.stream).poll_write(context, buffer),
            }
        }
        // hyper writes the same buffer again until it is taken whole
        while let Some((answer, written)) = &mut this.replacing {
            if *written == answer.len() {
                this.replacing = None;
                break;
            }
            match Pin::new(&mut this.stream).poll_write(context, &answer[*written..]) {
                Poll::Ready(Ok(0)) => {
                    return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()))
                }
                Poll::Ready(Ok(count)) => *written += count,
                Poll::Ready(Err(error)) => return Poll::Ready(Err(error)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(buffer.len()))
    }

    fn poll_flush(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(context)
    }

    fn poll_shutdown(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(context)
    }
}

/// An open connection: counted in the gauge, holding its place under the cap.
struct Open {
    state: Arc<State>,
    _permit: OwnedSemaphorePermit,
}

impl Open {
    fn count(state: &Arc<State>, permit: OwnedSemaphorePermit) -> Open {
        state.connections.fetch_add(1, Ordering::SeqCst);
        Open {
            state: state.clone(),
            _permit: permit,
        }
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.state.connections.fetch_sub(1, Ordering::SeqCst);
    }
}
