//! `/openapi.json`, generated from the service's own types (`schemars`), so every answer the
//! handlers give is described by the types that build it.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::{json, Map, Value};
use sudokit::service::candidates::{CandidatesAnswerRecord, CandidatesRequest};
use sudokit::service::check::{CheckRecord, CheckRequest};
use sudokit::service::generate::{GenerateAnswer, GenerateRequest};
use sudokit::service::grade::{GradeRecord, GradeRequest};
use sudokit::service::render::RenderRequest;
use sudokit::service::solve::{SolveRecord, SolveRequest};
use sudokit::service::{Answer, Refusal};

/// What the document says of the API as a whole.
const DESCRIPTION: &str = "Check, grade, solve, draw and generate Sudoku puzzles. Puzzle \
requests take every notation the command line reads and answer with the records of the \
command's --json output (the same field names; status on every record). Top-level status, as \
the exit code: ok (every puzzle unique, every rating complete), not_unique (some puzzle has \
several solutions or none), beyond (every puzzle unique, but some rating stopped at the work \
limit), error (an input could not be read: HTTP 422 with the reason).";

/// The refusals every `/v1` endpoint may answer with, and why.
const REFUSALS: [(&str, &str); 6] = [
    ("400", "The body is not JSON"),
    (
        "405",
        "A method other than POST (the Allow header names the one that is)",
    ),
    (
        "408",
        "The body was not sent within the server's --body-timeout",
    ),
    ("413", "The body is larger than the server's --max-body"),
    ("415", "A Content-Type other than application/json"),
    (
        "422",
        "Unknown or missing fields, a value a field does not take, an unreadable puzzle, a \
         rule sudokit does not model, or not answered within the server's --timeout",
    ),
];

/// One `/v1` endpoint: its path, what it does, its request's schema and its answer's.
struct Endpoint {
    path: &'static str,
    summary: &'static str,
    request: Value,
    answer: Option<Value>,
    /// An answer's records may be `error` records, answered 422 with them.
    records_on_422: bool,
}

fn reference<T: JsonSchema>(generator: &mut SchemaGenerator) -> Value {
    generator.subschema_for::<T>().to_value()
}

/// The OpenAPI 3.1 document of the server.
pub fn document() -> Value {
    let mut settings = SchemaSettings::draft2020_12();
    settings.definitions_path = "/components/schemas".into();
    settings.meta_schema = None;
    let mut generator = settings.into_generator();
    let endpoints = [
        Endpoint {
            path: "/v1/check",
            summary: "How many solutions each puzzle has (check --json)",
            request: reference::<CheckRequest>(&mut generator),
            answer: Some(reference::<Answer<CheckRecord>>(&mut generator)),
            records_on_422: true,
        },
        Endpoint {
            path: "/v1/candidates",
            summary: "Each cell's true candidates, the digits it takes in at least one \
                      solution (check --candidates --json)",
            request: reference::<CandidatesRequest>(&mut generator),
            answer: Some(reference::<Answer<CandidatesAnswerRecord>>(&mut generator)),
            records_on_422: true,
        },
        Endpoint {
            path: "/v1/grade",
            summary: "Rate each puzzle with exactly one solution (grade --json); steps with \
                      explain",
            request: reference::<GradeRequest>(&mut generator),
            answer: Some(reference::<Answer<GradeRecord>>(&mut generator)),
            records_on_422: true,
        },
        Endpoint {
            path: "/v1/solve",
            summary: "Each puzzle's solution (solve --json)",
            request: reference::<SolveRequest>(&mut generator),
            answer: Some(reference::<Answer<SolveRecord>>(&mut generator)),
            records_on_422: true,
        },
        Endpoint {
            path: "/v1/render",
            summary: "An SVG picture of one puzzle, or a PDF with a page per puzzle",
            request: reference::<RenderRequest>(&mut generator),
            answer: None,
            records_on_422: false,
        },
        Endpoint {
            path: "/v1/generate",
            summary: "Puzzles from a built-in preset, a seed and a count (the records of \
                      generate's puzzles.jsonl)",
            request: reference::<GenerateRequest>(&mut generator),
            answer: Some(reference::<GenerateAnswer>(&mut generator)),
            records_on_422: false,
        },
    ];
    let refusal = reference::<Refusal>(&mut generator);
    let mut paths = Map::new();
    for endpoint in &endpoints {
        let mut responses = Map::new();
        let ok = match &endpoint.answer {
            Some(answer) => json!({
                "description": "One record per puzzle read, in input order",
                "content": {"application/json": {"schema": answer}}
            }),
            None => json!({
                "description": "The picture",
                "content": {"image/svg+xml": {}, "application/pdf": {}}
            }),
        };
        responses.insert("200".into(), ok);
        for (code, why) in REFUSALS {
            let schema = match (&endpoint.answer, code, endpoint.records_on_422) {
                (Some(answer), "422", true) => json!({"anyOf": [answer, refusal]}),
                _ => refusal.clone(),
            };
            responses.insert(
                code.into(),
                json!({"description": why, "content": {"application/json": {"schema": schema}}}),
            );
        }
        responses.insert(
            "503".into(),
            json!({
                "description": "The server is busy or stopping: try again after Retry-After seconds",
                "headers": {"Retry-After": {"schema": {"type": "integer"}}},
                "content": {"application/json": {"schema": refusal}}
            }),
        );
        paths.insert(
            endpoint.path.into(),
            json!({"post": {
                "summary": endpoint.summary,
                "requestBody": {"required": true, "content": {"application/json": {"schema": endpoint.request}}},
                "responses": responses
            }}),
        );
    }
    let text = |summary: &str, kind: &str| json!({"get": {"summary": summary, "responses": {"200": {"description": summary, "content": {kind: {}}}}}});
    paths.insert(
        "/healthz".into(),
        text("ok when the server answers", "text/plain"),
    );
    paths.insert(
        "/readyz".into(),
        text(
            "ready while the server takes work (503 while draining or full)",
            "text/plain",
        ),
    );
    paths.insert(
        "/metrics".into(),
        text(
            "Prometheus text format: requests, latency histogram, work, rejected and cancelled requests, gauges",
            "text/plain",
        ),
    );
    paths.insert("/".into(), text("The setter's page", "text/html"));
    json!({
        "openapi": "3.1.0",
        "info": {"title": "sudokit", "version": env!("CARGO_PKG_VERSION"), "description": DESCRIPTION},
        "paths": paths,
        "components": {"schemas": generator.take_definitions(true)}
    })
}
