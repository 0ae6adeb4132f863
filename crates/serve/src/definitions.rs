//! The defined puzzles over HTTP: `GET /api/v1/definitions` lists the tables this server's
//! directory holds, `GET /api/v1/definitions/{name}` answers a scramble or a pattern through
//! the one answer path, and `POST /api/v1/definitions/{name}/batch` a line each, all on the
//! search pool (every optimal solution may take a while). A name without a table here is
//! 404; nothing is built on a request.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use puzzle_tables_query::answer::{AnswerOptions, DefinitionAnswer, DefinitionInput};
use serde::Serialize;

use super::api::{batch_line, batch_lines, flag, parsed, ApiError, ErrorBody, Params};
use super::App;

/// The most optimal solutions one request may list.
pub const MAX_LISTED: usize = 1_000;

/// A defined puzzle this server answers.
#[derive(Serialize, utoipa::ToSchema)]
pub struct DefinedPuzzleInfo {
    /// Its table's name, the path's `{name}`.
    pub name: String,
    /// The definition's own name (its `name` field).
    pub definition: String,
    /// The moves its table walks, every multiple named.
    pub moves: Vec<String>,
    /// `htm` or `qtm`.
    pub metric: String,
    /// How many patterns lie at each distance.
    pub patterns_per_distance: Vec<u64>,
}

/// `GET /api/v1/definitions`.
#[utoipa::path(get, path = "/api/v1/definitions",
    responses((status = 200, description = "The defined puzzles this server answers", body = Vec<DefinedPuzzleInfo>)))]
pub(super) async fn list(State(app): State<Arc<App>>) -> Result<Response, ApiError> {
    let answerer = app.answerer();
    let mut listed = Vec::new();
    for name in answerer.tables().definition_names() {
        let table = answerer.definition(&name)?;
        let puzzle = table.puzzle();
        listed.push(DefinedPuzzleInfo {
            name,
            definition: puzzle.definition().name().to_string(),
            moves: puzzle.generators().names.clone(),
            metric: puzzle.generators().metric.label().to_string(),
            patterns_per_distance: table.depth_counts().to_vec(),
        });
    }
    Ok(Json(listed).into_response())
}

/// `GET /api/v1/definitions/{name}`.
#[utoipa::path(get, path = "/api/v1/definitions/{name}",
    params(
        ("name" = String, Path, description = "The defined puzzle's table name, such as 2x2x2"),
        ("scramble" = Option<String>, Query, description = "An alg in the definition's notation, derived moves too, such as R U R' F2"),
        ("pattern" = Option<String>, Query, description = "Instead: a pattern in KPuzzle JSON"),
        ("all" = Option<usize>, Query, description = "Count every optimal solution and list up to this many (at most 1000)"),
        ("children" = Option<bool>, Query, description = "Every move of the table and the distance after it [default: true]"),
        ("steps" = Option<bool>, Query, description = "The pattern after every move of the answer [default: false]"),
    ),
    responses(
        (status = 200, description = "The answer", body = DefinitionAnswer),
        (status = 400, description = "A bad scramble, pattern or parameter, or a pattern the moves cannot reach", body = ErrorBody),
        (status = 404, description = "No defined puzzle of that name here", body = ErrorBody),
        (status = 503, description = "The search queue is full; retry after Retry-After seconds", body = ErrorBody),
    ))]
pub(super) async fn answer(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    Query(params): Query<Params>,
) -> Result<Response, ApiError> {
    let answerer = app.answerer();
    held(&app, &name)?;
    let (case, definition_input) = match (params.get("scramble"), params.get("pattern")) {
        (Some(scramble), None) => (scramble.clone(), DefinitionInput::Scramble),
        (None, Some(pattern)) => (pattern.clone(), DefinitionInput::Pattern),
        _ => return Err(ApiError::bad("give one of scramble and pattern")),
    };
    let options = options(&params, definition_input, true)?;
    let answered = app.pool.run(false, move || answerer.answer_definition(&name, &case, &options)).await?;
    Ok(super::api::json_response(&answered?))
}

/// `POST /api/v1/definitions/{name}/batch`.
#[utoipa::path(post, path = "/api/v1/definitions/{name}/batch",
    params(
        ("name" = String, Path, description = "The defined puzzle's table name, such as 2x2x2"),
        ("input" = Option<String>, Query, description = "How each line is written: scramble (an alg) or pattern (KPuzzle JSON on one line) [default: scramble]"),
        ("all" = Option<usize>, Query, description = "Count every optimal solution and list up to this many (at most 1000)"),
        ("children" = Option<bool>, Query, description = "Every move of the table and the distance after it [default: false]"),
        ("steps" = Option<bool>, Query, description = "The pattern after every move of the answer [default: false]"),
    ),
    request_body(content = String, description = "A case a line (at most 10,000 lines)", content_type = "text/plain"),
    responses(
        (status = 200, description = "A JSON answer a line (NDJSON), in order; a refused line is {\"line\": N, \"error\": WHY} in its place", content_type = "application/x-ndjson", body = String),
        (status = 400, description = "A bad parameter or a body that is not UTF-8", body = ErrorBody),
        (status = 404, description = "No defined puzzle of that name here", body = ErrorBody),
        (status = 413, description = "More than 10,000 lines", body = ErrorBody),
        (status = 503, description = "The search queue is full; retry after Retry-After seconds", body = ErrorBody),
    ))]
pub(super) async fn batch(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    Query(params): Query<Params>,
    body: Bytes,
) -> Result<Response, ApiError> {
    held(&app, &name)?;
    let definition_input = match params.get("input").map(String::as_str) {
        None | Some("scramble") => DefinitionInput::Scramble,
        Some("pattern") => DefinitionInput::Pattern,
        Some(other) => return Err(ApiError::bad(format!("input is scramble or pattern, not {other:?}"))),
    };
    let options = options(&params, definition_input, false)?;
    let answerer = app.answerer();
    let mut out = String::new();
    // Each line waits its turn on the pool, so a batch never holds more than one thread.
    for (number, line) in batch_lines(&body)?.into_iter().enumerate() {
        let (answerer, name, options) = (Arc::clone(&answerer), name.clone(), options.clone());
        let answered = app.pool.run(true, move || answerer.answer_definition(&name, &line, &options)).await?;
        out.push_str(&batch_line(number + 1, answered)?);
    }
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], out).into_response())
}

/// A 404 unless this server holds the table `name`.
fn held(app: &App, name: &str) -> Result<(), ApiError> {
    if app.answerer().tables().definition_names().iter().any(|held| held == name) {
        return Ok(());
    }
    Err(ApiError::not_found(format!("no defined puzzle named {name:?} here; GET /api/v1/definitions lists them")))
}

/// The answer options `params` ask for; `children` unless `children=false` when
/// `children_by_default`.
fn options(
    params: &Params,
    definition_input: DefinitionInput,
    children_by_default: bool,
) -> Result<AnswerOptions, ApiError> {
    let all_solutions = parsed::<usize>(params, "all")?;
    if all_solutions.is_some_and(|all| all > MAX_LISTED) {
        return Err(ApiError::bad(format!("all lists at most {MAX_LISTED} solutions")));
    }
    Ok(AnswerOptions {
        steps: flag(params, "steps", false)?,
        children: flag(params, "children", children_by_default)?,
        definition_input,
        all_solutions,
        ..AnswerOptions::default()
    })
}
