//! The server's routes: every path and the handler that answers it, the counting and
//! logging of each request, the 404 of paths no route matches and the OpenAPI document.
//! The handlers are in [`api`](super::api) (the puzzles) and [`definitions`],
//! the page in [`page`].

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

use super::api::{answer, batch, healthz, metrics, random, scramble, ApiError};
use super::{definitions, page, App};
use crate::stderr::errln;

/// Every route of the server.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/page/{file}", get(page::asset))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api/v1/openapi.json", get(openapi))
        .route("/api/v1/cube/scramble", get(scramble))
        .route("/api/v1/definitions", get(definitions::list))
        .route("/api/v1/definitions/{name}", get(definitions::answer))
        .route("/api/v1/definitions/{name}/batch", post(definitions::batch))
        .route("/api/v1/{puzzle}", get(answer))
        .route("/api/v1/{puzzle}/random", get(random))
        .route("/api/v1/{puzzle}/batch", post(batch))
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&app), observe))
        .with_state(app)
}

/// Counts and logs every request, by its route.
async fn observe(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    // A matched path is shared, not copied; the method and path are kept only to be logged.
    let matched = request.extensions().get::<MatchedPath>().cloned();
    let endpoint = matched.as_ref().map_or("unmatched", MatchedPath::as_str);
    let logged = app.log_json.then(|| (request.method().clone(), request.uri().clone()));
    let mut response = next.run(request).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    app.metrics.record(endpoint, status, elapsed);
    response.extensions_mut().insert(super::metrics::Counted);
    if let Some((method, uri)) = logged {
        let line = json!({
            "method": method.as_str(), "path": uri.path(), "endpoint": endpoint, "status": status,
            "micros": elapsed.as_micros() as u64,
        });
        errln!("{line}");
    }
    response
}

/// The URIs no route matches.
async fn not_found(request: Request) -> ApiError {
    ApiError::not_found(format!("no such path: {}", request.uri().path()))
}

/// `GET /api/v1/openapi.json`.
async fn openapi() -> impl IntoResponse {
    Json(super::openapi::document())
}
