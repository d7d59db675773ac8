//! `sudokit serve`, door 2: the library's service (`sudokit::service`) over HTTP under `/v1`,
//! with a page for setters at `/`, bounded in body size, work, time, connections and
//! concurrency; a timed-out request's work is cancelled, and a signal drains for at most
//! `--drain` seconds. It imports nothing of the command line (door 1), which only starts it.

mod api;
mod connections;
mod metrics;
mod openapi;
mod page;

use std::io::Write;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use clap::Args;
use sudokit::budget::Cancel;
use tokio::sync::Semaphore;

/// Options of `sudokit serve`.
#[derive(Debug, Args)]
pub struct ServeOptions {
    /// The address to listen on: an IP address or a host name (`localhost:8080`), and a
    /// port; port 0 picks a free port (printed on standard error). Put the service behind a
    /// proxy for anything beyond loopback.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    listen: String,

    /// The largest request body, in bytes; a larger one is answered 413 (at once when its
    /// Content-Length says so).
    #[arg(long, value_name = "BYTES", default_value_t = 256 * 1024)]
    max_body: usize,

    /// Wall-clock time one request may take, in seconds, its wait for a slot included; past
    /// it the answer is 422 with the reason and the request's work is cancelled, freeing its
    /// slot. A request that cannot start within it is answered 503 with Retry-After.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    timeout: f64,

    /// Work limit of a rating (the grade commands' --work-limit); requests may ask for less.
    #[arg(long, value_name = "N", default_value_t = sudokit::grade::DEFAULT_WORK_LIMIT)]
    work_limit: u64,

    /// Requests worked on at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    concurrency: Option<usize>,

    /// Requests that may wait for a slot; past it the answer is 503 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = 64)]
    queue: usize,

    /// The most puzzles one /v1/generate request may ask for.
    #[arg(long, value_name = "N", default_value_t = 20)]
    generate_limit: usize,

    /// Keep every puzzle /v1/grade rates in this bank (a SQLite file, as `sudokit bank`
    /// makes): each rated record gets `bank`, `stored` with the new id, or `seen` with the
    /// earlier record when the puzzle (or an isomorph of it) is already there.
    #[arg(long, value_name = "FILE")]
    bank: Option<std::path::PathBuf>,

    /// Seconds a client may take to send a request's head, and an idle keep-alive
    /// connection may stay open; then the connection is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    header_timeout: f64,

    /// Seconds a client may take to send a request's body; then the answer is 408.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    body_timeout: f64,

    /// Connections open at once; past it a new connection is answered 503 and closed.
    #[arg(long, value_name = "N", default_value_t = 512)]
    max_connections: usize,

    /// On SIGTERM or Ctrl-C: seconds to let the requests in flight finish (no new
    /// connection is taken); then what is left is cancelled and the server exits 0.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    drain: f64,

    /// One JSON line per request on standard error (time, client address, method, path,
    /// status, ms, work); `-v` turns it on too.
    #[arg(long)]
    access_log: bool,
}

/// What every handler shares.
pub struct State {
    /// The options the server was started with.
    limits: Limits,
    /// Slots of work: one per request being answered.
    slots: Arc<Semaphore>,
    /// Requests waiting for a slot.
    waiting: AtomicUsize,
    /// Counters and the latency histogram behind `/metrics`.
    metrics: metrics::Metrics,
    /// Where graded puzzles are kept (`--bank`).
    bank: Option<std::sync::Mutex<sudokit::bank::Bank>>,
    /// Connections open now.
    connections: AtomicUsize,
    /// Whether a signal asked the server to stop (`/readyz` then says not ready).
    draining: AtomicBool,
    /// Raised with `draining`, for those that wait on it: connections, bodies being read.
    closing: tokio::sync::watch::Sender<bool>,
    /// The cancel flags of the work running now, by request number: the drain cancels
    /// what is left when its time is up.
    running: Mutex<std::collections::BTreeMap<u64, Cancel>>,
    /// The number the next request's work gets in `running`.
    next_work: AtomicU64,
    /// A running mean of the time work holds a slot, in microseconds (0: none yet), for
    /// admission: the expected wait of a request that finds no slot free.
    mean_work_micros: AtomicU64,
    /// Whether each request gets a line on standard error.
    access_log: bool,
}

/// The bounds a request is held to.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    timeout: Duration,
    work_limit: u64,
    concurrency: usize,
    queue: usize,
    generate_limit: usize,
    max_body: usize,
    body_timeout: Duration,
}

impl State {
    /// Slots working now.
    fn busy(&self) -> usize {
        self.limits
            .concurrency
            .saturating_sub(self.slots.available_permits())
    }

    /// Whether the server takes more work: not draining, and a slot or a place in the
    /// queue free.
    fn ready(&self) -> bool {
        !self.draining.load(Ordering::SeqCst)
            && (self.busy() < self.limits.concurrency
                || self.waiting.load(Ordering::SeqCst) < self.limits.queue)
    }

    /// Cancels every piece of work running now.
    fn cancel_all(&self) -> usize {
        let Ok(running) = self.running.lock() else {
            return 0;
        };
        for cancel in running.values() {
            cancel.cancel();
        }
        running.len()
    }
}

/// Seconds from a flag, checked to lie in (0, most].
fn seconds(flag: &str, value: f64, most: f64) -> anyhow::Result<Duration> {
    if !(value > 0.0 && value <= most) {
        anyhow::bail!("{flag} {value}: give more than 0 and at most {most} seconds");
    }
    Ok(Duration::from_secs_f64(value))
}

/// How much the server says on standard error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Talk {
    /// Say where it listens and how it stopped (not with `--quiet`).
    pub announce: bool,
    /// A JSON line per request (`--verbose`; `--access-log` turns it on too).
    pub verbose: bool,
}

/// Runs the server until SIGTERM or Ctrl-C, then drains (see `--drain`).
pub fn run(options: &ServeOptions, talk: Talk) -> anyhow::Result<()> {
    let timeout = seconds("--timeout", options.timeout, 3600.0)?;
    let header_timeout = seconds("--header-timeout", options.header_timeout, 3600.0)?;
    let body_timeout = seconds("--body-timeout", options.body_timeout, 3600.0)?;
    let drain = seconds("--drain", options.drain, 86_400.0)?;
    if options.max_connections == 0 {
        anyhow::bail!("--max-connections 0: must be 1 or more");
    }
    let concurrency = options
        .concurrency
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .clamp(1, 1024);
    let bank = match &options.bank {
        Some(path) => Some(std::sync::Mutex::new(sudokit::bank::Bank::open(
            path, true,
        )?)),
        None => None,
    };
    let announce = talk.announce;
    let access_log = options.access_log || talk.verbose;
    let state = Arc::new(State {
        limits: Limits {
            timeout,
            work_limit: options.work_limit,
            concurrency,
            queue: options.queue,
            generate_limit: options.generate_limit.max(1),
            max_body: options.max_body,
            body_timeout,
        },
        slots: Arc::new(Semaphore::new(concurrency)),
        waiting: AtomicUsize::new(0),
        metrics: metrics::Metrics::default(),
        bank,
        connections: AtomicUsize::new(0),
        draining: AtomicBool::new(false),
        closing: tokio::sync::watch::Sender::new(false),
        running: Mutex::new(std::collections::BTreeMap::new()),
        next_work: AtomicU64::new(0),
        mean_work_micros: AtomicU64::new(0),
        access_log,
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let served = runtime.block_on(async {
        let listener = bind(&options.listen).await?;
        let address = listener.local_addr()?;
        if announce {
            // a closed standard error must not stop the server
            let _ = writeln!(
                std::io::stderr(),
                "listening on http://{address} ({concurrency} requests at once)"
            );
        }
        let app = router(state.clone());
        let bounds = connections::Bounds {
            header_timeout,
            max_connections: options.max_connections,
            drain,
        };
        let drained =
            connections::serve(listener, app, state.clone(), bounds, shutdown_signal()).await;
        if announce {
            let _ = match drained {
                connections::Drained {
                    cancelled: 0,
                    left: 0,
                } => writeln!(
                    std::io::stderr(),
                    "stopped: every request in flight was answered"
                ),
                connections::Drained { cancelled, left } => writeln!(
                    std::io::stderr(),
                    "stopped: the drain's {} s ran out: {cancelled} request(s) cancelled (answered 503), {left} connection(s) closed unanswered",
                    drain.as_secs_f64()
                ),
            };
        }
        anyhow::Ok(())
    });
    // work cut off by the drain ends at its next look at its flag; a thread that cannot
    // look (an abandoned SAT search) must not hold the exit
    runtime.shutdown_timeout(Duration::from_secs(1));
    served
}

/// Listens on `address`: an IP address and port, or a host name and port resolved to its
/// addresses (the first that binds).
async fn bind(address: &str) -> anyhow::Result<tokio::net::TcpListener> {
    let resolved: Vec<SocketAddr> = tokio::net::lookup_host(address)
        .await
        .with_context(|| {
            format!("--listen {address}: give HOST:PORT (127.0.0.1:8080, localhost:8080)")
        })?
        .collect();
    let mut last = None;
    for candidate in &resolved {
        match tokio::net::TcpListener::bind(candidate).await {
            Ok(listener) => return Ok(listener),
            Err(error) => last = Some((candidate, error)),
        }
    }
    match last {
        Some((candidate, error)) => {
            Err(error).with_context(|| format!("cannot listen on {address} ({candidate})"))
        }
        None => anyhow::bail!("--listen {address}: the name has no address"),
    }
}

/// The routes.
fn router(state: Arc<State>) -> Router {
    let max_body = state.limits.max_body;
    Router::new()
        .route("/", get(page::index))
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(api::readyz))
        .route("/metrics", get(metrics::endpoint))
        .route("/openapi.json", get(page::openapi))
        .route("/v1/check", post(api::check))
        .route("/v1/candidates", post(api::candidates))
        .route("/v1/grade", post(api::grade))
        .route("/v1/solve", post(api::solve))
        .route("/v1/render", post(api::render))
        .route("/v1/generate", post(api::generate))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::wrong_method)
        .layer(DefaultBodyLimit::max(max_body))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            api::read_body,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            metrics::observe,
        ))
        .with_state(state)
}

/// Resolves on SIGTERM or Ctrl-C.
async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}
