//! The static parts built into the binary: the setter's page at `/` and `/openapi.json`.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The page: one HTML file with its script, no framework, nothing fetched from elsewhere.
const PAGE: &str = include_str!("page.html");

/// The API's description (OpenAPI 3.1).
const OPENAPI: &str = include_str!("openapi.json");

/// `GET /`.
pub async fn index() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' blob: data:; frame-ancestors 'none'",
            ),
        ],
        PAGE,
    )
        .into_response()
}

/// `GET /openapi.json`.
pub async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}
