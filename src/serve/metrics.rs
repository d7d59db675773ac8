//! `/metrics` in Prometheus's text format: requests by endpoint and code, a latency
//! histogram, the work done per endpoint, requests turned away (and why), work cancelled (and
//! why), and gauges of busy slots, queue depth and open connections; the access log.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::io::Write as _;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Request, State as Shared};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::connections::Client;
use super::State;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 2.5, 10.0,
];

/// The latency of one endpoint's requests.
#[derive(Default, Clone)]
struct Histogram {
    /// Requests at or below each bucket's bound (not cumulative here).
    buckets: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

#[derive(Default)]
struct Counts {
    /// Requests answered, by (endpoint, status code).
    requests: BTreeMap<(String, u16), u64>,
    /// Latency by endpoint.
    latency: BTreeMap<String, Histogram>,
    /// Requests turned away, by reason (body_too_large, queue_full, timeout).
    rejected: BTreeMap<&'static str, u64>,
    /// Work units (grading work, puzzles made) by endpoint.
    work: BTreeMap<&'static str, u64>,
    /// Seconds spent working (in a slot) by endpoint.
    busy: BTreeMap<&'static str, f64>,
    /// Work whose flag was raised, by reason (timeout, hangup, drain).
    cancelled: BTreeMap<&'static str, u64>,
}

/// The work units a response's request did, for the access log.
#[derive(Clone, Copy, Debug)]
pub struct Work(pub u64);

/// One line of the access log (JSON Lines on standard error).
#[derive(serde::Serialize)]
struct AccessLine<'a> {
    /// When the request came, UTC to the second.
    time: &'a str,
    /// The client's address and port.
    client: Option<String>,
    method: &'a str,
    path: &'a str,
    status: u16,
    ms: f64,
    work: u64,
}

/// The reasons a request is turned away, each listed in `/metrics` even at 0.
const REJECTED: [&str; 7] = [
    "body_too_large",
    "queue_full",
    "timeout",
    "expected_wait",
    "no_slot",
    "body_timeout",
    "connections",
];

/// The reasons work is cancelled, each listed in `/metrics` even at 0.
const CANCELLED: [&str; 3] = ["timeout", "hangup", "drain"];

/// Every counter behind `/metrics`.
#[derive(Default)]
pub struct Metrics {
    counts: Mutex<Counts>,
}

impl Metrics {
    /// Counts a request turned away.
    pub fn reject(&self, reason: &'static str) {
        if let Ok(mut counts) = self.counts.lock() {
            *counts.rejected.entry(reason).or_default() += 1;
        }
    }

    /// Counts a piece of work whose flag was raised.
    pub fn cancelled(&self, reason: &'static str) {
        if let Ok(mut counts) = self.counts.lock() {
            *counts.cancelled.entry(reason).or_default() += 1;
        }
    }

    /// Counts the work one request did and the time it took.
    pub fn work(&self, endpoint: &'static str, work: u64, took: Duration) {
        if let Ok(mut counts) = self.counts.lock() {
            *counts.work.entry(endpoint).or_default() += work;
            *counts.busy.entry(endpoint).or_default() += took.as_secs_f64();
        }
    }

    fn observe(&self, endpoint: String, code: u16, took: Duration) {
        let Ok(mut counts) = self.counts.lock() else {
            return;
        };
        *counts.requests.entry((endpoint.clone(), code)).or_default() += 1;
        let seconds = took.as_secs_f64();
        let histogram = counts.latency.entry(endpoint).or_default();
        histogram.count += 1;
        histogram.sum += seconds;
        if let Some(bucket) = BUCKETS.iter().position(|bound| seconds <= *bound) {
            histogram.buckets[bucket] += 1;
        }
        if code == 413 {
            *counts.rejected.entry("body_too_large").or_default() += 1;
        }
    }

    /// The text exposition.
    fn text(&self) -> String {
        let Ok(counts) = self.counts.lock() else {
            return String::new();
        };
        let mut text = String::new();
        text.push_str(
            "# HELP sudokit_requests_total Requests answered, by endpoint and status code.\n",
        );
        text.push_str("# TYPE sudokit_requests_total counter\n");
        for ((endpoint, code), count) in &counts.requests {
            let _ = writeln!(
                text,
                "sudokit_requests_total{{endpoint=\"{endpoint}\",code=\"{code}\"}} {count}"
            );
        }
        text.push_str("# HELP sudokit_request_seconds Time from request to response.\n");
        text.push_str("# TYPE sudokit_request_seconds histogram\n");
        for (endpoint, histogram) in &counts.latency {
            let mut cumulative = 0;
            for (bound, count) in BUCKETS.iter().zip(histogram.buckets) {
                cumulative += count;
                let _ = writeln!(
                    text,
                    "sudokit_request_seconds_bucket{{endpoint=\"{endpoint}\",le=\"{bound}\"}} {cumulative}"
                );
            }
            let _ = writeln!(
                text,
                "sudokit_request_seconds_bucket{{endpoint=\"{endpoint}\",le=\"+Inf\"}} {}",
                histogram.count
            );
            let _ = writeln!(
                text,
                "sudokit_request_seconds_sum{{endpoint=\"{endpoint}\"}} {}",
                histogram.sum
            );
            let _ = writeln!(
                text,
                "sudokit_request_seconds_count{{endpoint=\"{endpoint}\"}} {}",
                histogram.count
            );
        }
        text.push_str("# HELP sudokit_work_total Work done: grading work units, puzzles made.\n");
        text.push_str("# TYPE sudokit_work_total counter\n");
        for (endpoint, work) in &counts.work {
            let _ = writeln!(text, "sudokit_work_total{{endpoint=\"{endpoint}\"}} {work}");
        }
        text.push_str("# HELP sudokit_busy_seconds_total Seconds requests spent working.\n");
        text.push_str("# TYPE sudokit_busy_seconds_total counter\n");
        for (endpoint, seconds) in &counts.busy {
            let _ = writeln!(
                text,
                "sudokit_busy_seconds_total{{endpoint=\"{endpoint}\"}} {seconds}"
            );
        }
        text.push_str("# HELP sudokit_rejected_total Requests turned away, by reason.\n");
        text.push_str("# TYPE sudokit_rejected_total counter\n");
        for reason in REJECTED {
            let count = counts.rejected.get(reason).copied().unwrap_or(0);
            let _ = writeln!(
                text,
                "sudokit_rejected_total{{reason=\"{reason}\"}} {count}"
            );
        }
        text.push_str("# HELP sudokit_cancelled_total Work stopped by its flag, by reason.\n");
        text.push_str("# TYPE sudokit_cancelled_total counter\n");
        for reason in CANCELLED {
            let count = counts.cancelled.get(reason).copied().unwrap_or(0);
            let _ = writeln!(
                text,
                "sudokit_cancelled_total{{reason=\"{reason}\"}} {count}"
            );
        }
        text
    }
}

/// Times every request and counts its answer.
pub async fn observe(Shared(state): Shared<Arc<State>>, request: Request, next: Next) -> Response {
    let endpoint = match request.uri().path() {
        path @ ("/" | "/healthz" | "/readyz" | "/metrics" | "/openapi.json" | "/v1/check"
        | "/v1/candidates" | "/v1/grade" | "/v1/solve" | "/v1/render" | "/v1/generate") => {
            path.to_string()
        }
        _ => "other".to_string(),
    };
    let method = request.method().to_string();
    let path = request.uri().path().to_string();
    let client = request
        .extensions()
        .get::<Client>()
        .map(|client| client.0.to_string());
    let time = sudokit::service::bank::timestamp(sudokit::service::bank::now());
    let started = Instant::now();
    let mut response = next.run(request).await;
    let took = started.elapsed();
    let status = response.status().as_u16();
    state.metrics.observe(endpoint, status, took);
    response.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        header::HeaderValue::from_static("nosniff"),
    );
    if state.access_log {
        let line = AccessLine {
            time: &time,
            client,
            method: &method,
            path: &path,
            status,
            ms: (took.as_secs_f64() * 1e6).round() / 1e3,
            work: response.extensions().get::<Work>().map_or(0, |work| work.0),
        };
        if let Ok(line) = serde_json::to_string(&line) {
            // a closed standard error must not stop the server
            let _ = writeln!(std::io::stderr(), "{line}");
        }
    }
    response
}

/// `GET /metrics`.
pub async fn endpoint(Shared(state): Shared<Arc<State>>) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.text() + &gauges(&state),
    )
        .into_response()
}

/// The gauges: slots busy, requests waiting, connections open, and whether ready.
fn gauges(state: &State) -> String {
    let mut text = String::new();
    let mut gauge = |name: &str, help: &str, value: usize| {
        let _ = writeln!(text, "# HELP {name} {help}");
        let _ = writeln!(text, "# TYPE {name} gauge");
        let _ = writeln!(text, "{name} {value}");
    };
    gauge(
        "sudokit_slots_busy",
        "Slots working on a request now.",
        state.busy(),
    );
    gauge(
        "sudokit_slots",
        "Slots of work (--concurrency).",
        state.limits.concurrency,
    );
    gauge(
        "sudokit_queue_depth",
        "Requests waiting for a slot now.",
        state.waiting.load(std::sync::atomic::Ordering::SeqCst),
    );
    gauge(
        "sudokit_connections_open",
        "Connections open now.",
        state.connections.load(std::sync::atomic::Ordering::SeqCst),
    );
    gauge(
        "sudokit_ready",
        "1 while the server takes work (see /readyz).",
        usize::from(state.ready()),
    );
    text
}
