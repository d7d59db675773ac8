//! The server's connections: taken up to a cap, each served by hyper with a header-read timeout
//! (which also closes idle keep-alive connections), and on a signal a drain bounded in time,
//! after which the work left is cancelled.

use std::future::Future;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
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

/// Serves `app` on `listener` until `signal`, then drains: no new connection, idle ones
/// closed, the others given `bounds.drain` to finish; then their work is cancelled. The
/// number of connections still open at the end (0: every request was answered).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    state: Arc<State>,
    bounds: Bounds,
    signal: impl Future<Output = ()>,
) -> usize {
    let (closing, closing_seen) = tokio::sync::watch::channel(false);
    let cap = Arc::new(Semaphore::new(bounds.max_connections));
    let mut tasks = JoinSet::new();
    tokio::pin!(signal);
    loop {
        tokio::select! {
            () = &mut signal => break,
            accepted = listener.accept() => {
                let Ok((stream, _)) = accepted else {
                    // out of descriptors, or the peer left before the accept: try again soon
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                };
                let Ok(permit) = cap.clone().try_acquire_owned() else {
                    state.metrics.reject("connections");
                    turn_away(&stream);
                    continue;
                };
                let service = TowerToHyperService::new(app.clone());
                let mut closing = closing_seen.clone();
                let open = Open::count(&state, permit);
                let header_timeout = bounds.header_timeout;
                tasks.spawn(async move {
                    let _open = open;
                    let mut builder = http1::Builder::new();
                    builder.timer(TokioTimer::new()).header_read_timeout(header_timeout);
                    let connection = builder.serve_connection(TokioIo::new(stream), service);
                    tokio::pin!(connection);
                    let closed = async move {
                        let _ = closing.wait_for(|closing| *closing).await;
                    };
                    tokio::select! {
                        _ = connection.as_mut() => return,
                        () = closed => connection.as_mut().graceful_shutdown(),
                    }
                    let _ = connection.await;
                });
            }
            Some(_) = tasks.join_next(), if !tasks.is_empty() => {}
        }
    }
    state.draining.store(true, Ordering::SeqCst);
    drop(listener);
    let _ = closing.send(true);
    if finished_within(&mut tasks, bounds.drain).await {
        return 0;
    }
    let cancelled = state.cancel_all();
    for _ in 0..cancelled {
        state.metrics.cancelled("drain");
    }
    finished_within(&mut tasks, LAST_ANSWERS).await;
    let left = tasks.len();
    tasks.abort_all();
    left
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
    let body = r#"{"status": "error", "reason": "too many connections: try again in a second"}"#;
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(answer.as_bytes());
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
