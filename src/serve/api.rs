//! The `/v1` handlers: each request's typed body goes to the library's service function
//! (`sudokit::service`) with the request's budget, and its typed records are the answer, the
//! same records the command line writes with `--json`.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::State as Shared;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use sudokit::budget::{Budget, Cancel, Hold};
use sudokit::service::answer::Judged;
use sudokit::service::candidates::CandidatesRequest;
use sudokit::service::check::CheckRequest;
use sudokit::service::generate::GenerateRequest;
use sudokit::service::grade::{GradeRecord, GradeRequest};
use sudokit::service::render::{Picture, RenderRequest};
use sudokit::service::solve::SolveRequest;
use sudokit::service::{self, Answer, AnswerStatus, RequestError};
use tokio::sync::TryAcquireError;

use super::{metrics, State};

/// A one-line refusal: `{"status": "error", "reason": …}` with its HTTP code.
pub struct Refusal {
    code: StatusCode,
    reason: String,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.code, Json(service::Refusal::new(self.reason))).into_response()
    }
}

/// A refusal as a response.
pub fn refuse(code: StatusCode, reason: impl Into<String>) -> Response {
    Refusal {
        code,
        reason: reason.into(),
    }
    .into_response()
}

/// Answers an unknown path.
pub async fn not_found() -> Response {
    refuse(
        StatusCode::NOT_FOUND,
        "no such endpoint: see /openapi.json (POST /v1/check, /v1/candidates, /v1/grade, /v1/solve, /v1/render, /v1/generate)",
    )
}

/// Answers a known path asked with the wrong method (the `Allow` header names the right one).
pub async fn wrong_method(method: axum::http::Method, uri: axum::http::Uri) -> Response {
    refuse(
        StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "{method} {}: not answered with this method (the Allow header names the one that is; see /openapi.json)",
            uri.path()
        ),
    )
}

/// The body as `T`, or the one-line reason it is not (413 past the size limit, 400 for
/// JSON that does not parse, 422 for unknown or missing fields).
fn body<T>(request: Result<Json<T>, JsonRejection>, state: &State) -> Result<T, Refusal> {
    match request {
        Ok(Json(value)) => Ok(value),
        Err(rejection) => {
            let code = rejection.status();
            let reason = if code == StatusCode::PAYLOAD_TOO_LARGE {
                format!(
                    "the body is larger than the server's limit of {} bytes",
                    state.limits.max_body
                )
            } else {
                rejection
                    .body_text()
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_string()
            };
            Err(Refusal { code, reason })
        }
    }
}

/// Runs `work` on a blocking thread once a slot is free, within the server's time limit,
/// handing it a budget whose flag is raised when the request times out or its client hangs
/// up (and when the drain's time is up), so the work stops and frees its slot at once.
/// 503 with Retry-After when the queue is full, when the expected wait for a slot is past
/// the time limit, or when no slot freed within it; 422 when the work itself ran past it.
async fn bounded<T: Send + 'static>(
    state: &Arc<State>,
    work: impl FnOnce(Budget) -> T + Send + 'static,
) -> Result<(T, Duration), Response> {
    // the time limit covers the wait for a slot too: a request queued behind long work is
    // answered within the limit
    let deadline = tokio::time::Instant::now() + state.limits.timeout;
    let stopping = || refuse(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    if state.draining.load(Ordering::SeqCst) {
        return Err(stopping());
    }
    // a free slot is taken at once: only a request that must wait counts against --queue
    let permit = match state.slots.clone().try_acquire_owned() {
        Ok(permit) => permit,
        Err(TryAcquireError::Closed) => return Err(stopping()),
        Err(TryAcquireError::NoPermits) => {
            let place = Place::take(&state.waiting);
            let waiting = place.before;
            let expected = expected_wait(state, waiting);
            if waiting >= state.limits.queue {
                drop(place);
                state.metrics.reject("queue_full");
                return Err(busy(
                    format!(
                        "the server is busy ({waiting} requests waiting): try again in a second"
                    ),
                    expected,
                ));
            }
            if expected > state.limits.timeout {
                drop(place);
                state.metrics.reject("expected_wait");
                return Err(busy(
                    format!(
                        "the server is busy: a slot is expected to free in about {:.1} s, past the time limit of {:.1} s",
                        expected.as_secs_f64(),
                        state.limits.timeout.as_secs_f64()
                    ),
                    expected,
                ));
            }
            let permit =
                tokio::time::timeout_at(deadline, state.slots.clone().acquire_owned()).await;
            drop(place);
            match permit {
                Ok(Ok(permit)) => permit,
                Ok(Err(_)) => return Err(stopping()),
                Err(_) => {
                    state.metrics.reject("no_slot");
                    return Err(busy(
                        format!(
                            "the server is busy: no slot freed within the time limit of {:.1} s",
                            state.limits.timeout.as_secs_f64()
                        ),
                        expected,
                    ));
                }
            }
        }
    };
    let running = Running::start(state);
    // the slot is given back when the work has returned and every thread it left running
    // (a SAT search, which looks at no flag) has ended: such threads count against
    // --concurrency, and a refusal goes out only once the slot is free
    let (freed, slot_free) = tokio::sync::oneshot::channel::<()>();
    let budget = Budget::unlimited()
        .with_cancel(&running.cancel)
        .with_deadline(deadline.into_std())
        .with_hold(Hold::new((permit, freed)));
    let shared = state.clone();
    let cancel = running.cancel.clone();
    let cut_at = deadline.into_std();
    let task = tokio::task::spawn_blocking(move || {
        let began = std::time::Instant::now();
        let answer = work(budget);
        let took = began.elapsed();
        // cut-off work (its flag raised, or stopped at the deadline) says nothing of how
        // long a request holds a slot
        if !cancel.is_cancelled() && std::time::Instant::now() < cut_at {
            shared.note_work_time(took);
        }
        (answer, took)
    });
    match tokio::time::timeout_at(deadline, task).await {
        // work that stopped at the deadline is a timeout too, answered once its slot is free
        Ok(Ok(_)) if tokio::time::Instant::now() >= deadline => {
            running.stop("timeout");
            when_free(slot_free, "timed out").await;
            Err(timed_out(state))
        }
        Ok(Ok(answer)) => {
            let stopped = running.cancel.is_cancelled() && state.draining.load(Ordering::SeqCst);
            running.finish();
            if stopped {
                // the server is stopping: no retry will come, and the drain gives answers
                // only a moment to go out, so this one does not wait for the slot
                return Err(stopping());
            }
            // (at once: work that answered has let its slot go, its threads included)
            when_free(slot_free, "answered").await;
            Ok(answer)
        }
        Ok(Err(error)) => {
            running.finish();
            Err(refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the work failed: {error}"),
            ))
        }
        Err(_) => {
            running.stop("timeout");
            // a SAT search ends at its own time limit, the deadline rounded up to a second
            // and checked between its stages: the answer waits for that, within bounds
            when_free(slot_free, "timed out").await;
            Err(timed_out(state))
        }
    }
}

/// The longest a cut-off request's answer waits for its work's threads to end (they end at
/// the deadline rounded up to a second, looked at between a SAT search's stages).
const ABANDONED_WORK: Duration = Duration::from_secs(5);

/// Waits until the slot of cut-off work is free (`slot_free` resolves when the work and
/// every thread it left running have let it go), so the refusal leaves only then and a
/// retry finds the slot free; after [`ABANDONED_WORK`] the refusal leaves anyway, and
/// standard error says so (`what`: how the work was cut off).
async fn when_free(slot_free: tokio::sync::oneshot::Receiver<()>, what: &str) {
    if tokio::time::timeout(ABANDONED_WORK, slot_free)
        .await
        .is_err()
    {
        // a closed standard error must not stop the server
        let _ = writeln!(
            std::io::stderr(),
            "warning: work {what} still held its slot {} s later; answered before the slot was free",
            ABANDONED_WORK.as_secs()
        );
    }
}

/// A 503 with `reason` and a Retry-After of the expected wait (at least a second).
fn busy(reason: String, expected: Duration) -> Response {
    let mut response = refuse(StatusCode::SERVICE_UNAVAILABLE, reason);
    let seconds = expected.as_secs_f64().ceil().max(1.0) as u64;
    if let Ok(value) = header::HeaderValue::from_str(&seconds.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// How long a request that finds every slot busy, with `waiting` requests before it, may
/// expect to wait: the mean time work holds a slot, once per round of slots ahead of it.
fn expected_wait(state: &State, waiting: usize) -> Duration {
    let mean = Duration::from_micros(state.mean_work_micros.load(Ordering::Relaxed));
    let rounds = waiting / state.limits.concurrency + 1;
    mean.saturating_mul(u32::try_from(rounds).unwrap_or(u32::MAX))
}

impl State {
    /// Adds one piece of work's time in its slot to the running mean.
    fn note_work_time(&self, took: Duration) {
        let took = u64::try_from(took.as_micros()).unwrap_or(u64::MAX).max(1);
        let _ = self
            .mean_work_micros
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |mean| {
                Some(if mean == 0 {
                    took
                } else {
                    (mean.saturating_mul(7).saturating_add(took)) / 8
                })
            });
    }
}

/// The work of one request while it runs: its flag, listed for the drain. Dropped before
/// [`Running::finish`] (the client hung up and the request was dropped), it raises the flag.
struct Running {
    state: Arc<State>,
    number: u64,
    cancel: Cancel,
    finished: bool,
}

impl Running {
    fn start(state: &Arc<State>) -> Running {
        let number = state.next_work.fetch_add(1, Ordering::SeqCst);
        let cancel = Cancel::new();
        if let Ok(mut running) = state.running.lock() {
            running.insert(number, cancel.clone());
        }
        Running {
            state: state.clone(),
            number,
            cancel,
            finished: false,
        }
    }

    /// The work answered.
    fn finish(mut self) {
        self.finished = true;
    }

    /// Raises the flag, counted under `reason`.
    fn stop(mut self, reason: &'static str) {
        self.cancel.cancel();
        self.state.metrics.cancelled(reason);
        self.finished = true;
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if !self.finished {
            self.cancel.cancel();
            self.state.metrics.cancelled("hangup");
        }
        if let Ok(mut running) = self.state.running.lock() {
            running.remove(&self.number);
        }
    }
}

/// A place in the queue of requests waiting for a slot: counted while held, given back when
/// dropped — also when a client hangs up while waiting and its request is dropped mid-wait
/// (a count given back only after the wait would stay taken for good).
struct Place<'state> {
    waiting: &'state AtomicUsize,
    /// How many were waiting before this one.
    before: usize,
}

impl<'state> Place<'state> {
    fn take(waiting: &'state AtomicUsize) -> Place<'state> {
        let before = waiting.fetch_add(1, Ordering::SeqCst);
        Place { waiting, before }
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.waiting.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The answer to a request not answered within the server's time limit (counted).
fn timed_out(state: &State) -> Response {
    state.metrics.reject("timeout");
    refuse(
        StatusCode::UNPROCESSABLE_ENTITY,
        format!(
            "not answered within {:.1} s (the server's --timeout): ask for less, or use the command line",
            state.limits.timeout.as_secs_f64()
        ),
    )
}

/// The answer of a service function: its records with 200 (`ok`, `not_unique`, `beyond`) or
/// 422 (`error`, with the first reason), or 422 with the reason the request was refused; and
/// the work it took.
fn answered<R: Serialize + Judged>(result: Result<Answer<R>, RequestError>) -> (Response, u64) {
    match result {
        Ok(answer) => {
            let work = answer.work();
            let code = if answer.status == AnswerStatus::Error {
                StatusCode::UNPROCESSABLE_ENTITY
            } else {
                StatusCode::OK
            };
            ((code, Json(answer)).into_response(), work)
        }
        Err(error) => (
            refuse(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
            0,
        ),
    }
}

/// Runs `work` for a request (given the request's budget) in a slot and answers with it.
async fn served(
    state: &Arc<State>,
    endpoint: &'static str,
    work: impl FnOnce(Budget) -> (Response, u64) + Send + 'static,
) -> Response {
    let result = bounded(state, work).await;
    finish(state, endpoint, result)
}

/// `POST /v1/check`: the records of `check --json`.
pub async fn check(
    Shared(state): Shared<Arc<State>>,
    request: Result<Json<CheckRequest>, JsonRejection>,
) -> Response {
    let request = match body(request, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    served(&state, "check", move |budget| {
        answered(service::check::check(&request, &budget))
    })
    .await
}

/// `POST /v1/candidates`: the records of `check --candidates --json`, each cell's true
/// candidates row by row.
pub async fn candidates(
    Shared(state): Shared<Arc<State>>,
    request: Result<Json<CandidatesRequest>, JsonRejection>,
) -> Response {
    let request = match body(request, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    served(&state, "candidates", move |budget| {
        answered(service::candidates::candidates(&request, &budget))
    })
    .await
}

/// `POST /v1/solve`: the records of `solve --json`.
pub async fn solve(
    Shared(state): Shared<Arc<State>>,
    request: Result<Json<SolveRequest>, JsonRejection>,
) -> Response {
    let request = match body(request, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    served(&state, "solve", move |budget| {
        answered(service::solve::answer(&request, &budget))
    })
    .await
}

/// `POST /v1/grade`: the records of `grade --json` (on the asked scale), each rated one with
/// its `steps` when `explain` is asked; with `--bank`, each rated one kept in the bank.
pub async fn grade(
    Shared(state): Shared<Arc<State>>,
    request: Result<Json<GradeRequest>, JsonRejection>,
) -> Response {
    let request = match body(request, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let shared = state.clone();
    served(&state, "grade", move |budget| {
        let most = shared.limits.work_limit;
        let work_limit = request.work_limit.unwrap_or(most).min(most);
        let result = service::grade::grade(&request, most, &budget).map(|(mut answer, read)| {
            if let Some(bank) = &shared.bank {
                for (record, read) in answer.records.iter_mut().zip(&read) {
                    let Ok(entry) = &read.entry else { continue };
                    if record.status_word() == "rated" {
                        let note = service::bank::keep(bank, entry, &read.place(), work_limit);
                        record.set_bank(note);
                    }
                }
            }
            answer
        });
        answered::<GradeRecord>(result)
    })
    .await
}

/// Counts the work done (and the time it took in its slot) and passes the response on.
fn finish(
    state: &Arc<State>,
    endpoint: &'static str,
    result: Result<((Response, u64), Duration), Response>,
) -> Response {
    match result {
        Ok(((mut response, work), took)) => {
            state.metrics.work(endpoint, work, took);
            response.extensions_mut().insert(metrics::Work(work));
            response
        }
        Err(response) => response,
    }
}

/// `POST /v1/render`: an SVG picture of one puzzle, or a PDF with a page per puzzle.
pub async fn render(
    Shared(state): Shared<Arc<State>>,
    request: Result<Json<RenderRequest>, JsonRejection>,
) -> Response {
    let request = match body(request, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    served(&state, "render", move |budget| {
        let response = match service::render::render(&request, &budget) {
            Ok(Picture::Svg(svg)) => {
                ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response()
            }
            Ok(Picture::Pdf(bytes)) => {
                ([(header::CONTENT_TYPE, "application/pdf")], bytes).into_response()
            }
            Err(error) => refuse(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
        };
        (response, 0)
    })
    .await
}

/// `POST /v1/generate`: records of `generate` (the JSON Lines fields), from a built-in
/// preset, a seed and a count up to the server's limit.
pub async fn generate(
    Shared(state): Shared<Arc<State>>,
    request: Result<Json<GenerateRequest>, JsonRejection>,
) -> Response {
    let request = match body(request, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let most = state.limits.generate_limit as u64;
    served(
        &state,
        "generate",
        move |budget| match service::generate::generate(&request, most, &budget) {
            Ok(answer) => (Json(answer).into_response(), request.count),
            Err(error) => (
                refuse(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
                0,
            ),
        },
    )
    .await
}

/// Reads the whole body before the handler sees it: refused at once with 413 when its
/// Content-Length is past the limit, and answered 408 when the client takes longer than
/// `--body-timeout` to send it (so a half-sent body holds no task, slot or drain).
pub async fn read_body(
    Shared(state): Shared<Arc<State>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let limit = state.limits.max_body;
    let too_large = || {
        let mut response = refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than the server's limit of {limit} bytes"),
        );
        // the rest of the body is not read: the connection cannot carry another request
        response.headers_mut().insert(
            header::CONNECTION,
            header::HeaderValue::from_static("close"),
        );
        response
    };
    if request.method() == axum::http::Method::CONNECT {
        // hyper takes what follows a CONNECT for a tunnel: answered at once, not read
        let mut response = refuse(
            StatusCode::METHOD_NOT_ALLOWED,
            "CONNECT: this server is not a proxy (see /openapi.json)",
        );
        response.headers_mut().insert(
            header::CONNECTION,
            header::HeaderValue::from_static("close"),
        );
        return response;
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u64>().ok());
    if declared.is_some_and(|length| length > limit as u64) {
        return too_large();
    }
    let (parts, body) = request.into_parts();
    let read = axum::body::to_bytes(body, limit);
    // a body still coming when the drain begins is not waited for
    let mut closing = state.closing.subscribe();
    let read = async move {
        tokio::select! {
            // a body already here is read even as the drain begins
            biased;
            read = read => Some(read),
            _ = closing.wait_for(|closing| *closing) => None,
        }
    };
    match tokio::time::timeout(state.limits.body_timeout, read).await {
        Ok(None) => {
            let mut response = refuse(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
            response.headers_mut().insert(
                header::CONNECTION,
                header::HeaderValue::from_static("close"),
            );
            response
        }
        Ok(Some(Ok(bytes))) => {
            next.run(axum::extract::Request::from_parts(
                parts,
                axum::body::Body::from(bytes),
            ))
            .await
        }
        // the only limit on the read is the size, and a body past it is the one failure a
        // complete body can have
        Ok(Some(Err(_))) if declared.is_none() => too_large(),
        Ok(Some(Err(error))) => refuse(
            StatusCode::BAD_REQUEST,
            format!("the body could not be read: {error}"),
        ),
        Err(_) => {
            state.metrics.reject("body_timeout");
            let mut response = refuse(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the body was not sent within {:.1} s (the server's --body-timeout)",
                    state.limits.body_timeout.as_secs_f64()
                ),
            );
            response.headers_mut().insert(
                header::CONNECTION,
                header::HeaderValue::from_static("close"),
            );
            response
        }
    }
}

/// `GET /readyz`: 200 while the server takes work; 503 while it drains, or while every slot
/// is busy and the queue is full.
pub async fn readyz(Shared(state): Shared<Arc<State>>) -> Response {
    if state.ready() {
        return (StatusCode::OK, "ready\n").into_response();
    }
    let why = if state.draining.load(Ordering::SeqCst) {
        "not ready: draining\n"
    } else {
        "not ready: every slot busy and the queue full\n"
    };
    (StatusCode::SERVICE_UNAVAILABLE, why).into_response()
}
