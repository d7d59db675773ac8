//! `sudokit serve`: the commands as a JSON service under `/v1`, with a page for setters at `/`,
//! bounded in body size, work, time and concurrency, and stopped gracefully by a signal.

mod api;
mod metrics;
mod page;

use std::io::Write;
use std::net::SocketAddr;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use clap::Args;
use tokio::sync::Semaphore;

use super::output::{set_verbosity, Verbosity};
use super::work::share_one_pool;
use super::Outcome;

/// Options of `sudokit serve`.
#[derive(Debug, Args)]
pub struct ServeOptions {
    /// The address to listen on. Port 0 picks a free port (printed on standard error). Put
    /// the service behind a proxy for anything beyond loopback.
    #[arg(long, value_name = "ADDRESS:PORT", default_value = "127.0.0.1:8080")]
    listen: SocketAddr,

    /// The largest request body, in bytes; a larger one is answered 413.
    #[arg(long, value_name = "BYTES", default_value_t = 256 * 1024)]
    max_body: usize,

    /// Wall-clock time one request may take, in seconds; past it the answer is 422 with the
    /// reason (the work goes on holding its slot until it ends, so the server stays bounded).
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
}

/// The bounds a request is held to.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    timeout: Duration,
    work_limit: u64,
    queue: usize,
    generate_limit: usize,
    max_body: usize,
}

/// Runs the server until SIGTERM or Ctrl-C, then lets the requests in flight finish.
pub fn run(options: &ServeOptions) -> anyhow::Result<Outcome> {
    if !(options.timeout > 0.0 && options.timeout <= 3600.0) {
        anyhow::bail!(
            "--timeout {}: give more than 0 and at most 3600 seconds",
            options.timeout
        );
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
    let state = Arc::new(State {
        limits: Limits {
            timeout: Duration::from_secs_f64(options.timeout),
            work_limit: options.work_limit,
            queue: options.queue,
            generate_limit: options.generate_limit.max(1),
            max_body: options.max_body,
        },
        slots: Arc::new(Semaphore::new(concurrency)),
        waiting: AtomicUsize::new(0),
        metrics: metrics::Metrics::default(),
        bank,
    });
    let announce = super::output::verbosity() > Verbosity::Quiet;
    // the commands answer into the response: no progress bars or summaries on the console
    set_verbosity(Verbosity::Quiet);
    share_one_pool();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.listen)
            .await
            .with_context(|| format!("cannot listen on {}", options.listen))?;
        let address = listener.local_addr()?;
        if announce {
            // a closed standard error must not stop the server
            let _ = writeln!(
                std::io::stderr(),
                "listening on http://{address} ({concurrency} requests at once)"
            );
        }
        let app = router(state);
        axum::serve(listener, app)
            .with_graceful_shutdown(shutdown_signal())
            .await
            .context("the server stopped")?;
        if announce {
            let _ = writeln!(
                std::io::stderr(),
                "stopped: every request in flight was answered"
            );
        }
        anyhow::Ok(())
    })?;
    Ok(Outcome::Success)
}

/// The routes.
fn router(state: Arc<State>) -> Router {
    let max_body = state.limits.max_body;
    Router::new()
        .route("/", get(page::index))
        .route("/healthz", get(|| async { "ok\n" }))
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
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            metrics::observe,
        ))
        .layer(DefaultBodyLimit::max(max_body))
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
