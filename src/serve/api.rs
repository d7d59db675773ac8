//! The `/v1` handlers: each request becomes the command line it stands for (`check --json …`)
//! and is answered with the records that command writes, so the service and the CLI never
//! differ; render and generate answer from the library.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::State as Shared;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use clap::{Args, FromArgMatches};
use serde::Deserialize;
use serde_json::{json, Value};
use sudokit::budget::{Budget, Cancel};
use sudokit::notation;
use sudokit::preset::Preset;
use tokio::sync::TryAcquireError;

use super::super::input::InputOptions;
use super::super::output::capture;
use super::super::{check, grade, solve, Outcome};
use super::{metrics, State};

/// What every puzzle request carries.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The puzzle(s), in any notation the CLI reads (line, grid, CSV, killer text or TSV,
    /// RON, f-puzzles JSON or link, SudokuPad link).
    puzzle: String,
    /// The notation, when detection should not guess.
    input_format: Option<String>,
    /// `both`, `main` or `anti`: add the X rule.
    diagonals: Option<String>,
    /// Count solutions up to this many (2 or more).
    limit: Option<u32>,
    /// List every solution up to `limit`.
    #[serde(default)]
    all: bool,
    /// Setter help for a puzzle that is not unique or has no solution.
    #[serde(default)]
    suggest: bool,
}

/// A true-candidates request: the setter's candidate view of `check --candidates`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CandidatesRequest {
    /// The puzzle(s), in any notation the CLI reads.
    puzzle: String,
    /// The notation, when detection should not guess.
    input_format: Option<String>,
    /// `both`, `main` or `anti`: add the X rule.
    diagonals: Option<String>,
    /// Find at most this many solutions (2 to 1000; default 1000).
    limit: Option<u32>,
}

/// A grading request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GradeRequest {
    puzzle: String,
    input_format: Option<String>,
    diagonals: Option<String>,
    /// `hodoku` (default), `se` or `se121`.
    scale: Option<String>,
    /// Add each rated puzzle's path, step by step, with the cells of each step.
    #[serde(default)]
    explain: bool,
    /// A work limit below the server's.
    work_limit: Option<u64>,
}

/// A solving request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    puzzle: String,
    input_format: Option<String>,
    diagonals: Option<String>,
    /// For a puzzle with several solutions, list up to this many.
    limit: Option<u32>,
}

/// A drawing request.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderRequest {
    puzzle: String,
    input_format: Option<String>,
    diagonals: Option<String>,
    /// `svg` (default; one puzzle) or `pdf` (a page per puzzle).
    format: Option<String>,
    /// Also draw the solution (when the puzzle has exactly one).
    #[serde(default)]
    solution: bool,
}

/// A generation request: a built-in preset (never a path on the server).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    preset: String,
    #[serde(default = "one")]
    seed: u64,
    #[serde(default = "one")]
    count: u64,
}

fn one() -> u64 {
    1
}

/// A one-line refusal: `{"status": "error", "reason": …}` with its HTTP code.
pub struct Refusal {
    code: StatusCode,
    reason: String,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (
            self.code,
            Json(json!({"status": "error", "reason": self.reason})),
        )
            .into_response()
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
        "no such endpoint: see /openapi.json (POST /v1/check, /v1/grade, /v1/solve, /v1/render, /v1/generate)",
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
    // past the request's deadline the flag is raised; the deadline a second later only
    // bounds a SAT search left running on its own thread (see sudokit::sat)
    let budget = Budget::unlimited()
        .with_cancel(&running.cancel)
        .with_deadline((deadline + Duration::from_secs(1)).into_std());
    let shared = state.clone();
    let task = tokio::task::spawn_blocking(move || {
        let began = std::time::Instant::now();
        let answer = work(budget);
        let took = began.elapsed();
        drop(permit);
        shared.note_work_time(took);
        (answer, took)
    });
    match tokio::time::timeout_at(deadline, task).await {
        Ok(Ok(answer)) => {
            running.finish();
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
            Err(timed_out(state))
        }
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

/// The options a command line gives, or clap's one-line reason it is wrong.
fn options<T: Args + FromArgMatches>(arguments: &[String]) -> Result<T, Refusal> {
    let command = T::augment_args(clap::Command::new("sudokit").no_binary_name(true));
    command
        .try_get_matches_from(arguments)
        .and_then(|matches| T::from_arg_matches(&matches))
        .map_err(|error| {
            let text = error.to_string();
            let line = text
                .lines()
                .next()
                .unwrap_or("")
                .trim_start_matches("error: ")
                .to_string();
            Refusal {
                code: StatusCode::UNPROCESSABLE_ENTITY,
                reason: line,
            }
        })
}

/// A command's options from a request: its puzzle text, notation and diagonals, then the
/// command's own flags (`--json` always).
fn command_options<T: Args + FromArgMatches + TakesInput>(
    (puzzle, input_format, diagonals): (String, &Option<String>, &Option<String>),
    extra: Vec<String>,
) -> Result<T, Refusal> {
    let mut flags = input_flags(input_format, diagonals);
    flags.extend(extra);
    flags.push("-".into());
    let mut options: T = options(&flags)?;
    options.input().text = Some(puzzle);
    Ok(options)
}

/// The most solutions a request may ask to list (as /openapi.json says).
const MOST_LISTED: u32 = 1000;

/// `--limit N` when asked; a limit past what the server lists is refused, not cut silently.
fn limit_flag(limit: Option<u32>) -> Result<Vec<String>, Refusal> {
    match limit {
        None => Ok(Vec::new()),
        Some(limit) if limit > MOST_LISTED => Err(Refusal {
            code: StatusCode::UNPROCESSABLE_ENTITY,
            reason: format!(
                "limit {limit}: the server lists at most {MOST_LISTED} solutions (use the command line for more)"
            ),
        }),
        Some(limit) => Ok(vec!["--limit".into(), limit.to_string()]),
    }
}

/// The options of a command that reads puzzles.
pub trait TakesInput {
    /// Where its puzzles come from.
    fn input(&mut self) -> &mut InputOptions;
}

impl TakesInput for check::CheckOptions {
    fn input(&mut self) -> &mut InputOptions {
        &mut self.input
    }
}

impl TakesInput for solve::SolveOptions {
    fn input(&mut self) -> &mut InputOptions {
        &mut self.input
    }
}

impl TakesInput for grade::GradeOptions {
    fn input(&mut self) -> &mut InputOptions {
        &mut self.input
    }
}

/// The input flags of a request.
fn input_flags(input_format: &Option<String>, diagonals: &Option<String>) -> Vec<String> {
    // `--flag=value`: a value starting with `-` is the value refused, never read as a flag
    let mut flags = vec!["--json".to_string()];
    if let Some(format) = input_format {
        flags.push(format!("--input-format={format}"));
    }
    if let Some(which) = diagonals {
        flags.push(format!("--diagonals={which}"));
    }
    flags
}

/// An answer before it becomes a response: its code, its JSON body and the work it took.
struct Answer {
    code: StatusCode,
    body: Value,
    work: u64,
}

impl Answer {
    fn response(self) -> (Response, u64) {
        ((self.code, Json(self.body)).into_response(), self.work)
    }
}

/// The records a command wrote, as one answer: 200 when every puzzle was read (whatever
/// its count), 422 with the first reason when some input could not be.
fn answer(outcome: anyhow::Result<Outcome>, written: &str) -> Answer {
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(error) => {
            return Answer {
                code: StatusCode::UNPROCESSABLE_ENTITY,
                body: json!({"status": "error", "reason": format!("{error:#}")}),
                work: 0,
            }
        }
    };
    let records: Vec<Value> = written
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    let work = records
        .iter()
        .filter_map(|record| record.get("work").and_then(Value::as_u64))
        .sum();
    let has = |status: &str| records.iter().any(|record| record["status"] == status);
    let (code, status) = match outcome {
        Outcome::Success => (StatusCode::OK, "ok"),
        // a unique puzzle whose rating stopped at the work limit is not "not unique"
        Outcome::NotUnique if !has("multiple") && !has("none") && has("beyond") => {
            (StatusCode::OK, "beyond")
        }
        Outcome::NotUnique => (StatusCode::OK, "not_unique"),
        Outcome::BadInput => (StatusCode::UNPROCESSABLE_ENTITY, "error"),
    };
    let mut body = json!({"status": status, "records": records});
    if outcome == Outcome::BadInput {
        let reason = body["records"]
            .as_array()
            .and_then(|records| {
                records
                    .iter()
                    .filter(|record| record["status"] == "error")
                    .find_map(|record| record.get("reason").and_then(Value::as_str))
            })
            .unwrap_or("the input could not be read")
            .to_string();
        body["reason"] = json!(reason);
    }
    Answer { code, body, work }
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
    let mut flags = match limit_flag(request.limit) {
        Ok(flags) => flags,
        Err(refusal) => return refusal.into_response(),
    };
    if request.all {
        flags.push("--all".into());
    }
    if request.suggest {
        flags.push("--suggest".into());
    }
    let puzzle = (request.puzzle, &request.input_format, &request.diagonals);
    match command_options::<check::CheckOptions>(puzzle, flags) {
        Ok(mut options) => {
            run_command(&state, "check", move |budget| {
                options.budget = budget;
                check::run(&options)
            })
            .await
        }
        Err(refusal) => refusal.into_response(),
    }
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
    let mut flags = match limit_flag(request.limit) {
        Ok(flags) => flags,
        Err(refusal) => return refusal.into_response(),
    };
    flags.push("--candidates".into());
    let puzzle = (request.puzzle, &request.input_format, &request.diagonals);
    match command_options::<check::CheckOptions>(puzzle, flags) {
        Ok(mut options) => {
            run_command(&state, "candidates", move |budget| {
                options.budget = budget;
                check::run(&options)
            })
            .await
        }
        Err(refusal) => refusal.into_response(),
    }
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
    let flags = match limit_flag(request.limit) {
        Ok(flags) => flags,
        Err(refusal) => return refusal.into_response(),
    };
    let puzzle = (request.puzzle, &request.input_format, &request.diagonals);
    match command_options::<solve::SolveOptions>(puzzle, flags) {
        Ok(mut options) => {
            run_command(&state, "solve", move |budget| {
                options.budget = budget;
                solve::run(&options)
            })
            .await
        }
        Err(refusal) => refusal.into_response(),
    }
}

/// `POST /v1/grade`: the records of `grade --json` (on the asked scale), each rated one with
/// its `steps` when `explain` is asked.
pub async fn grade(
    Shared(state): Shared<Arc<State>>,
    request: Result<Json<GradeRequest>, JsonRejection>,
) -> Response {
    let request = match body(request, &state) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let work_limit = request
        .work_limit
        .unwrap_or(state.limits.work_limit)
        .min(state.limits.work_limit);
    let mut flags = vec!["--work-limit".to_string(), work_limit.to_string()];
    if let Some(scale) = &request.scale {
        flags.push(format!("--scale={scale}"));
    }
    if request.explain {
        flags.push("--explain".into());
    }
    let given = (request.puzzle, &request.input_format, &request.diagonals);
    let options = match command_options::<grade::GradeOptions>(given, flags) {
        Ok(options) => options,
        Err(refusal) => return refusal.into_response(),
    };
    let shared = state.clone();
    let mut options = options;
    let result = bounded(&state, move |budget| {
        options.budget = budget;
        let (outcome, written) = capture(|| grade::run(&options));
        let mut answer = answer(outcome, &written);
        if let Some(bank) = &shared.bank {
            keep_in_bank(bank, &mut answer.body, &options, work_limit);
        }
        answer.response()
    })
    .await;
    finish(&state, "grade", result)
}

/// Stores each rated puzzle in the bank, or finds its earlier record there: `bank` on the
/// record says which (`stored` with the id, `seen` with the earlier record), or why neither.
fn keep_in_bank(
    bank: &std::sync::Mutex<sudokit::bank::Bank>,
    body: &mut Value,
    options: &grade::GradeOptions,
    work_limit: u64,
) {
    // the puzzles exactly as grade read them (with the request's diagonals), one per record
    let entries = super::super::input::read_records(&options.input);
    let Some(records) = body["records"].as_array_mut() else {
        return;
    };
    for (record, entry) in records.iter_mut().zip(entries) {
        let Ok(entry) = entry.entry else { continue };
        if record["status"] != "rated" {
            continue;
        }
        let source = record["source"].as_str().unwrap_or("serve");
        record["bank"] = bank_record(bank, &entry, source, work_limit);
    }
}

fn bank_record(
    bank: &std::sync::Mutex<sudokit::bank::Bank>,
    entry: &notation::Entry,
    source: &str,
    work_limit: u64,
) -> Value {
    let failed = |reason: String| json!({"status": "error", "reason": reason});
    let unavailable = || failed("the bank is unavailable after an earlier failure".to_string());
    let Some(form) =
        sudokit::canonical::canonical_form_within(&entry.puzzle, sudokit::canonical::BANK_WORK)
    else {
        return failed(super::super::bank::TOO_COSTLY.to_string());
    };
    let key = form.key.clone();
    // Look up, then rate without holding the bank (ratings take time), then store: a puzzle
    // another request stored meanwhile comes back as seen.
    let found = match bank.lock() {
        Ok(bank) => bank.find(&key),
        Err(_) => return unavailable(),
    };
    match found {
        Ok(Some(earlier)) => {
            return json!({"status": "seen", "earlier": super::super::bank::stored_json(&earlier)})
        }
        Ok(None) => {}
        Err(error) => return failed(error.to_string()),
    }
    // the engines grade's own uniqueness check uses (native within its budget, then SAT),
    // never an unbounded native search
    // the canonical form is what the bank rates and keeps, so every orientation gets one record
    let solution = match super::super::engine::count(super::super::Engine::Auto, &form.puzzle, 2) {
        Ok(sudokit::Count::Unique(solution)) => solution,
        Ok(_) => return failed("not exactly one solution".to_string()),
        Err(reason) => return failed(reason),
    };
    let rated = super::super::bank::rate_with_key(&form.puzzle, &solution, work_limit, Some(key));
    let new = match super::super::bank::new_puzzle(&form.puzzle, &rated, format!("serve {source}"))
    {
        Ok(new) => new,
        Err(reason) => return failed(reason.to_string()),
    };
    let added = match bank.lock() {
        Ok(mut bank) => bank.add(&[new], super::super::bank::now()),
        Err(_) => return unavailable(),
    };
    match added {
        Ok(answers) => match answers.into_iter().next() {
            Some(sudokit::bank::Added::Stored(id)) => json!({"status": "stored", "id": id}),
            Some(sudokit::bank::Added::Seen(earlier)) => {
                json!({"status": "seen", "earlier": super::super::bank::stored_json(&earlier)})
            }
            None => failed("nothing was stored".to_string()),
        },
        Err(error) => failed(error.to_string()),
    }
}

/// Runs a command for a request (given the request's budget) and answers with its records.
async fn run_command(
    state: &Arc<State>,
    endpoint: &'static str,
    work: impl FnOnce(Budget) -> anyhow::Result<Outcome> + Send + 'static,
) -> Response {
    let result = bounded(state, move |budget| {
        let (outcome, written) = capture(|| work(budget));
        answer(outcome, &written).response()
    })
    .await;
    finish(state, endpoint, result)
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
    let mut flags = input_flags(&request.input_format, &request.diagonals);
    flags.retain(|flag| flag != "--json");
    flags.push("-".into());
    let mut input: InputOptions = match options(&flags) {
        Ok(input) => input,
        Err(refusal) => return refusal.into_response(),
    };
    input.text = Some(request.puzzle);
    let pdf = match request.format.as_deref() {
        None | Some("svg") => false,
        Some("pdf") => true,
        Some(other) => {
            return refuse(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("format {other:?}: give svg or pdf"),
            )
        }
    };
    let with_solution = request.solution;
    let result = bounded(&state, move |budget| {
        draw(&input, pdf, with_solution, &budget)
    })
    .await;
    finish(
        &state,
        "render",
        result.map(|(response, took)| ((response, 0), took)),
    )
}

/// Draws the puzzles read from `input` (their solutions found within `budget`).
fn draw(input: &InputOptions, pdf: bool, with_solution: bool, budget: &Budget) -> Response {
    let mut puzzles = Vec::new();
    for record in super::super::input::read_records(input) {
        match record.entry {
            Ok(entry) => puzzles.push(entry),
            Err(failure) => return refuse(StatusCode::UNPROCESSABLE_ENTITY, failure.to_string()),
        }
    }
    // as `render --solution`: only a puzzle's only solution is drawn; when one has none to
    // draw, the request is refused with the reason (never a picture without it)
    let mut solutions: Vec<Option<sudokit::model::Grid>> = Vec::with_capacity(puzzles.len());
    for entry in &puzzles {
        if !with_solution {
            solutions.push(None);
            continue;
        }
        match super::super::render::solution_of_within(entry, budget) {
            Ok(solution) => solutions.push(Some(solution)),
            Err(reason) => {
                return refuse(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!("request:{}: {reason}", entry.line),
                )
            }
        }
    }
    if pdf {
        let pages: Vec<_> = puzzles
            .iter()
            .zip(&solutions)
            .map(|(entry, solution)| (&entry.puzzle, entry.name.as_deref(), solution.as_ref()))
            .collect();
        return match sudokit::render::puzzle_pdf(&pages, "sudokit") {
            Ok(bytes) => ([(header::CONTENT_TYPE, "application/pdf")], bytes).into_response(),
            Err(error) => refuse(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
        };
    }
    match puzzles.as_slice() {
        [entry] => (
            [(header::CONTENT_TYPE, "image/svg+xml")],
            sudokit::render::puzzle_svg(&entry.puzzle, solutions[0].as_ref()),
        )
            .into_response(),
        _ => refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "an SVG draws one puzzle and the request holds {}: ask for format pdf",
                puzzles.len()
            ),
        ),
    }
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
    let limit = state.limits.generate_limit as u64;
    if request.count == 0 || request.count > limit {
        return refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "count {}: give 1 to {limit} (the server's --generate-limit)",
                request.count
            ),
        );
    }
    let preset = match Preset::builtin(&request.preset) {
        Ok(preset) => preset,
        Err(error) => return refuse(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
    };
    let generator = match sudokit::generate::Generator::new(&preset) {
        Ok(generator) => generator,
        Err(error) => return refuse(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
    };
    let result = bounded(&state, move |budget| {
        let generator = generator.with_budget(&budget);
        let mut records = Vec::new();
        for index in 0..request.count {
            match generator.puzzle(request.seed, index) {
                Ok(generated) => {
                    let record = sudokit::generate::Record::new(&preset, &generated);
                    records.push(serde_json::to_value(record).unwrap_or(Value::Null));
                }
                Err(error) => {
                    return (
                        refuse(
                            StatusCode::UNPROCESSABLE_ENTITY,
                            format!("puzzle {index}: {error}"),
                        ),
                        0,
                    )
                }
            }
        }
        (
            Json(json!({"status": "ok", "records": records})).into_response(),
            request.count,
        )
    })
    .await;
    finish(&state, "generate", result)
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
    match tokio::time::timeout(state.limits.body_timeout, read).await {
        Ok(Ok(bytes)) => {
            next.run(axum::extract::Request::from_parts(
                parts,
                axum::body::Body::from(bytes),
            ))
            .await
        }
        // the only limit on the read is the size, and a body past it is the one failure a
        // complete body can have
        Ok(Err(_)) if declared.is_none() => too_large(),
        Ok(Err(error)) => refuse(
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
