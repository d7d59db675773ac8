//! The page built into the binary at `/`, and `/openapi.json` (generated once from the
//! service's types).

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The page: one HTML file with its script, no framework, nothing fetched from elsewhere.
const PAGE: &str = include_str!("page.html");

/// The API's description (OpenAPI 3.1), generated on first use.
fn openapi_text() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| super::openapi::document().to_string())
}

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
    ([(header::CONTENT_TYPE, "application/json")], openapi_text()).into_response()
}
