//! The page at `/`: plain HTML, CSS and JavaScript compiled into the binary (no build
//! step, nothing fetched from elsewhere), drawing every puzzle in SVG from the API.

use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

use super::api::ApiError;

/// The page's files besides `index.html`: name, content type, text.
const ASSETS: [(&str, &str, &str); 2] = [
    ("app.js", "text/javascript; charset=utf-8", include_str!("page/app.js")),
    ("style.css", "text/css; charset=utf-8", include_str!("page/style.css")),
];

/// `GET /`.
pub async fn index() -> Html<&'static str> {
    Html(include_str!("page/index.html"))
}

/// `GET /page/{file}`.
pub async fn asset(Path(file): Path<String>) -> Result<Response, ApiError> {
    let (_, kind, text) = ASSETS
        .iter()
        .find(|(name, _, _)| *name == file)
        .ok_or_else(|| ApiError::not_found(format!("no page file {file:?}")))?;
    Ok(([(header::CONTENT_TYPE, *kind)], *text).into_response())
}
