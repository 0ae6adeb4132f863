//! The HTTP API's handlers (the paths are in `routes.rs`), their parameters read by hand (so every refusal is a JSON
//! `{"error": WHY}` with the right status), and the answers from the library's one answer
//! path. Table lookups answer on the request's own task; searches go through the
//! search pool (`pool.rs`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use puzzle_tables_query::answer::{
    parse_cell, registered_label, time_limit, Answer, AnswerError, AnswerOptions, CubeInput, RegisteredPuzzle, PUZZLES,
};
use puzzle_tables_query::cube::Metric;
use puzzle_tables_query::fifteen::Partition;
use puzzle_tables_query::random::{clock_seed, DrawRequest};
use puzzle_tables_query::scramble::scramble_lines;
use puzzle_tables_query::Puzzle;
use serde::Serialize;
use serde_json::json;

use super::App;
use crate::stderr::errln;

/// The most lines a batch may hold.
pub const MAX_BATCH_LINES: usize = 10_000;

/// The deepest fifteen-puzzle layer `random` lists over HTTP (about 1.5 million boards).
pub const MAX_FIFTEEN_DISTANCE: u32 = 20;

/// The most boards one `random` or `scramble` request may ask for.
pub const MAX_COUNT: u64 = 1_000;

/// An error answer: a status and `{"error": WHY}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    why: String,
    /// A 503's `Retry-After`, in seconds.
    retry_after: u64,
}

impl ApiError {
    /// A 400 Bad Request.
    pub fn bad(why: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, why)
    }

    /// A 404 Not Found.
    pub fn not_found(why: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, why)
    }

    fn new(status: StatusCode, why: impl Into<String>) -> ApiError {
        ApiError { status, why: why.into(), retry_after: 1 }
    }

    /// A 503 with `Retry-After`: the search queue is full.
    fn busy() -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the search queue is full; retry in a second")
    }

    /// A 503 with `Retry-After` the time an optimal search may take: every place for one is
    /// taken.
    fn optimal_busy(time: Duration) -> ApiError {
        let seconds = time.as_secs_f64().ceil() as u64;
        let why = format!("as many optimal searches run as this server allows at once; retry in {seconds} s");
        ApiError { retry_after: seconds, ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, why) }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({ "error": self.why }))).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(self.retry_after));
        }
        response
    }
}

/// The host's [`rebuild_hint`](super::Host::rebuild_hint), set when the server starts: a
/// table's trouble reaches the log from any handler's `?`, where the host is out of reach.
static REBUILD_HINT: OnceLock<fn(anyhow::Error) -> anyhow::Error> = OnceLock::new();

/// Sets the rebuild hint of the log's table errors (once: one server a process).
pub(super) fn set_rebuild_hint(hint: fn(anyhow::Error) -> anyhow::Error) {
    let _ = REBUILD_HINT.set(hint);
}

/// A table's error as the log gives it: the file it names, and the command that mends it.
fn with_rebuild_hint(error: AnswerError) -> anyhow::Error {
    let error = match error {
        AnswerError::Table(error) => error.into(),
        other => anyhow::anyhow!("{other}"),
    };
    match REBUILD_HINT.get() {
        Some(hint) => hint(error),
        None => error,
    }
}

impl From<AnswerError> for ApiError {
    /// A refused board's reason goes to the client; a table's trouble names files and the
    /// commands that mend them, which are the operator's: they go to the log, and the client
    /// learns only that the server cannot answer.
    fn from(error: AnswerError) -> ApiError {
        match error {
            AnswerError::Input(refused) => ApiError::bad(refused.to_string()),
            AnswerError::Unavailable(why) => {
                errln!("puzzle-tables: serve: {why}");
                let why = "the tables this answer needs are not ready; the server's log says why";
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, why)
            }
            // A table the server opened at start that fails now is the server's fault.
            other => {
                errln!("puzzle-tables: serve: {:#}", with_rebuild_hint(other));
                let why = "a table this answer needs cannot be read; the server's log says which";
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, why)
            }
        }
    }
}

impl From<super::pool::Busy> for ApiError {
    fn from(_: super::pool::Busy) -> ApiError {
        ApiError::busy()
    }
}

/// `GET /healthz`: the server answers.
#[utoipa::path(get, path = "/healthz", responses((status = 200, description = "The server answers", body = String)))]
pub(super) async fn healthz() -> &'static str {
    "ok\n"
}

/// `GET /metrics`: Prometheus text.
#[utoipa::path(get, path = "/metrics", responses((status = 200, description = "Prometheus text", body = String)))]
pub(super) async fn metrics(State(app): State<Arc<App>>) -> impl IntoResponse {
    let text = app.metrics.render(&super::metrics::Gauges {
        searches_running: app.pool.running(),
        searches_queued: app.pool.queued(),
        optimal_running: app.optimal_pool.running(),
        connections: app.connections(),
    });
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text)
}

/// Every error's body.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Why the request was refused.
    pub error: String,
}

/// A puzzle's label in a path.
#[derive(utoipa::ToSchema)]
#[schema(as = PuzzleLabel)]
#[allow(dead_code)] // Only its schema is used.
pub enum PuzzleLabel {
    /// The eight puzzle.
    #[schema(rename = "eight")]
    Eight,
    /// The cubic eight-puzzle.
    #[schema(rename = "cubic")]
    Cubic,
    /// The rotation game.
    #[schema(rename = "rotation")]
    Rotation,
    /// The magic cube (its table alone).
    #[schema(rename = "magic-cube")]
    MagicCube,
    /// Any Rubik's cube.
    #[schema(rename = "cube")]
    Cube,
    /// The fifteen puzzle.
    #[schema(rename = "fifteen")]
    Fifteen,
}

/// A fifteen-puzzle partition's label in a query (an enum, so that schemathesis asks for
/// both, held or not).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)] // Only its schema is used.
pub enum PartitionLabel {
    /// The 6-6-3 pattern databases, always built.
    #[schema(rename = "6-6-3")]
    SixSixThree,
    /// The 7-8 pattern databases, optional.
    #[schema(rename = "7-8")]
    SevenEight,
}

/// A query string's parameters.
pub(super) type Params = HashMap<String, String>;

/// The registry's entry of the path's `{puzzle}`, or 404.
fn puzzle_of(label: &str) -> Result<&'static RegisteredPuzzle, ApiError> {
    registered_label(label).ok_or_else(|| {
        let known: Vec<&str> = PUZZLES.iter().map(|entry| entry.puzzle.label()).collect();
        ApiError::not_found(format!("no puzzle {label:?}; the puzzles are {}", known.join(", ")))
    })
}

/// A parameter parsed, or a 400 naming it.
pub(super) fn parsed<T: std::str::FromStr>(params: &Params, name: &str) -> Result<Option<T>, ApiError> {
    params
        .get(name)
        .map(|text| text.parse().map_err(|_| ApiError::bad(format!("{name}={text:?} is not a valid {name}"))))
        .transpose()
}

/// A `true`/`false` parameter, `default` when absent.
pub(super) fn flag(params: &Params, name: &str, default: bool) -> Result<bool, ApiError> {
    Ok(parsed(params, name)?.unwrap_or(default))
}

/// The answer path's options from the query string; `children` and `steps` default to
/// `answers_in_full` (on for one board, off for a batch).
fn answer_options(
    app: &App,
    puzzle: &RegisteredPuzzle,
    params: &Params,
    answers_in_full: bool,
) -> Result<AnswerOptions, ApiError> {
    let start = params.get("start").map(|text| parse_cell(text).map_err(|why| ApiError::bad(format!("start: {why}"))));
    let metric = match params.get("metric").map(String::as_str) {
        None | Some("htm") => Metric::Htm,
        Some("qtm") => Metric::Qtm,
        Some(other) => return Err(ApiError::bad(format!("metric={other:?}: expected htm or qtm"))),
    };
    let partition = match params.get("partition") {
        None => None,
        Some(label) => Some(held(app, label)?),
    };
    if puzzle.needs_start && start.is_none() {
        return Err(ApiError::bad(format!("{} needs start=X,Y, the initially empty cell", puzzle.puzzle)));
    }
    let max_moves: Option<usize> = parsed(params, "max_moves")?;
    let optimal = flag(params, "optimal", false)?;
    if optimal && !puzzle.optimal_search {
        return Err(ApiError::bad(
            "optimal=true is for the cube; every other puzzle's answer is the fewest moves already",
        ));
    }
    if !optimal && params.contains_key("max_seconds") {
        return Err(ApiError::bad("max_seconds goes with optimal=true"));
    }
    Ok(AnswerOptions {
        steps: flag(params, "steps", answers_in_full)?,
        children: flag(params, "children", answers_in_full)?,
        start: start.transpose()?,
        cube_input: if params.contains_key("scramble") { CubeInput::Scramble } else { CubeInput::Facelets },
        metric,
        max: parsed(params, "max")?,
        optimal,
        max_time: optimal.then(|| optimal_time(app, params)).transpose()?,
        stop: None,
        max_moves,
        partition,
        max_nodes: Some(app.search_budget),
        progress: None,
        ..AnswerOptions::default()
    })
}

/// The fifteen puzzle's partition `label`, when this server holds its databases (the 7-8
/// ones are optional); else 400 for a partition that does not exist, 404 for one not held.
fn held(app: &App, label: &str) -> Result<Partition, ApiError> {
    let partition = Partition::from_label(label)
        .ok_or_else(|| ApiError::bad(format!("partition={label:?}: expected 6-6-3 or 7-8")))?;
    let answerer = app.answerer();
    let tables = answerer.tables();
    if !partition.specs().iter().all(|spec| tables.path_of(spec).is_file()) {
        return Err(ApiError::not_found(format!(
            "partition={label}: this server does not hold the fifteen puzzle's {label} pattern databases; leave partition out for the ones it holds"
        )));
    }
    Ok(partition)
}

/// How long an optimal search may take: `max_seconds`, at most (and by default) the
/// server's `--optimal-seconds`.
fn optimal_time(app: &App, params: &Params) -> Result<Duration, ApiError> {
    let Some(text) = params.get("max_seconds") else { return Ok(app.optimal_time) };
    let asked = time_limit(text).map_err(|why| ApiError::bad(format!("max_seconds: {why}")))?;
    if asked > app.optimal_time {
        let most = app.optimal_time.as_secs_f64();
        return Err(ApiError::bad(format!("max_seconds={text}: this server searches at most {most} s")));
    }
    Ok(asked)
}

/// Sets a search's stop flag when dropped: a request whose client has gone (or whose time
/// is up) ends its search rather than leaving it to run to its own limit.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The board of a one-board request: `board=`, or for the cubes `facelets=` or `scramble=`
/// (the first given, in that order), and how the cube is written.
fn board_of(puzzle: &RegisteredPuzzle, params: &Params) -> Result<(String, CubeInput), ApiError> {
    let names: &[(&str, CubeInput)] = if puzzle.cubes {
        &[("facelets", CubeInput::Facelets), ("scramble", CubeInput::Scramble), ("board", CubeInput::Facelets)]
    } else {
        &[("board", CubeInput::Facelets)]
    };
    names.iter().find_map(|(name, input)| Some((params.get(*name)?.clone(), *input))).ok_or_else(|| {
        let wanted: Vec<String> = names.iter().map(|(name, _)| format!("{name}=")).collect();
        ApiError::bad(format!("missing the board: give {}", wanted.join(" or ")))
    })
}

/// `GET /api/v1/{puzzle}?board=...`: the answer, children and steps included.
#[utoipa::path(get, path = "/api/v1/{puzzle}",
    params(
        ("puzzle" = PuzzleLabel, Path, description = "The puzzle"),
        ("board" = Option<String>, Query, description = "The board, written as `solve` reads it (the cubes: facelets or scramble)"),
        ("facelets" = Option<String>, Query, description = "The cubes: the 54-letter facelet string, faces U R F D L B"),
        ("scramble" = Option<String>, Query, description = "The cubes: face turns made from solved, such as R U R'"),
        ("start" = Option<String>, Query, description = "Cubic: the initially empty cell X,Y"),
        ("metric" = Option<String>, Query, description = "Cube: htm (default) or qtm"),
        ("max" = Option<u32>, Query, description = "Cube: the longest solution wanted"),
        ("optimal" = Option<bool>, Query, description = "Cube: a proven-optimal solution, by a search of up to the server's --optimal-seconds; past it, the best found and `at_least` [default: false]"),
        ("max_seconds" = Option<f64>, Query, description = "Cube, with optimal=true: give up sooner than the server's --optimal-seconds"),
        ("max_moves" = Option<usize>, Query, description = "Fifteen: give up beyond this many moves"),
        ("partition" = Option<PartitionLabel>, Query, description = "Fifteen: 6-6-3 or 7-8 (404 when this server does not hold its databases)"),
        ("children" = Option<bool>, Query, description = "Every move and where it leads [default: true]"),
        ("steps" = Option<bool>, Query, description = "The board after every move of the answer [default: true]"),
    ),
    responses(
        (status = 200, description = "The answer (an unsolvable board too: distance null)", body = Answer),
        (status = 400, description = "A bad board or parameter", body = ErrorBody),
        (status = 404, description = "No such puzzle, or a partition whose databases this server does not hold", body = ErrorBody),
        (status = 503, description = "The search queue is full, or as many optimal searches run as the server allows; retry after Retry-After seconds", body = ErrorBody),
    ))]
pub(super) async fn answer(
    State(app): State<Arc<App>>,
    Path(label): Path<String>,
    Query(params): Query<Params>,
) -> Result<Response, ApiError> {
    let puzzle = puzzle_of(&label)?;
    let (board, cube_input) = board_of(puzzle, &params)?;
    let options = AnswerOptions { cube_input, ..answer_options(&app, puzzle, &params, true)? };
    let answer = puzzle.answer;
    let answered = if options.optimal {
        let stop = StopOnDrop(Arc::new(AtomicBool::new(false)));
        let options = AnswerOptions { stop: Some(Arc::clone(&stop.0)), ..options };
        let answerer = app.answerer();
        let search = app.optimal_pool.run(false, move || answer(&answerer, &board, &options));
        search.await.map_err(|_| ApiError::optimal_busy(app.optimal_time))?
    } else if puzzle.searches {
        let answerer = app.answerer();
        app.pool.run(false, move || answer(&answerer, &board, &options)).await?
    } else {
        answer(&app.answerer(), &board, &options)
    };
    Ok(json_response(&answered?))
}

/// An answer as a JSON response, written straight into a buffer sized for a lookup's answer
/// with its steps and children (axum's `Json` starts at 128 bytes and grows four times).
pub(super) fn json_response(answer: &impl Serialize) -> Response {
    let mut body = Vec::with_capacity(4096);
    match serde_json::to_writer(&mut body, answer) {
        Ok(()) => ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response(),
        Err(error) => {
            errln!("puzzle-tables: serve: an answer could not be written as JSON: {error}");
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the answer could not be written").into_response()
        }
    }
}

/// `POST /api/v1/{puzzle}/batch`: one board a line in, one JSON answer (or
/// `{"line": N, "error": WHY}`) a line out, in order.
#[utoipa::path(post, path = "/api/v1/{puzzle}/batch",
    params(("puzzle" = PuzzleLabel, Path, description = "The puzzle"),
        ("start" = Option<String>, Query, description = "Cubic: the initially empty cell X,Y"),
        ("metric" = Option<String>, Query, description = "Cube: htm (default) or qtm"),
        ("scramble" = Option<String>, Query, description = "Cube: present when the lines are scrambles"),
        ("children" = Option<bool>, Query, description = "Every move and where it leads [default: false]"),
        ("steps" = Option<bool>, Query, description = "The board after every move [default: false]")),
    request_body(content = String, content_type = "text/plain", description = "One board a line, at most 10,000 lines"),
    responses(
        (status = 200, description = "One JSON answer a line, in order; a refused line is {\"line\": N, \"error\": WHY}", body = String, content_type = "application/x-ndjson"),
        (status = 400, description = "A bad parameter", body = ErrorBody),
        (status = 404, description = "No such puzzle", body = ErrorBody),
        (status = 413, description = "Too many lines, or too large a body", body = ErrorBody),
        (status = 503, description = "The search queue is full; retry", body = ErrorBody),
    ))]
pub(super) async fn batch(
    State(app): State<Arc<App>>,
    Path(label): Path<String>,
    Query(params): Query<Params>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let puzzle = puzzle_of(&label)?;
    let options = answer_options(&app, puzzle, &params, false)?;
    if options.optimal {
        return Err(ApiError::bad("optimal=true answers one cube at a time: GET /api/v1/cube?optimal=true"));
    }
    let lines = batch_lines(&body)?;
    let mut out = String::new();
    // One set of tables answers the whole batch, whatever a SIGHUP maps meanwhile.
    let answerer = app.answerer();
    if puzzle.searches {
        // Each line waits its turn on the pool, so a batch never holds more than one thread.
        for (number, line) in lines.into_iter().enumerate() {
            let (searcher, options) = (Arc::clone(&answerer), options.clone());
            let answered = app.pool.run(true, move || (puzzle.answer)(&searcher, &line, &options)).await?;
            out.push_str(&batch_line(number + 1, answered)?);
        }
    } else {
        let answered = tokio::task::spawn_blocking(move || {
            lines
                .iter()
                .enumerate()
                .map(|(i, line)| batch_line(i + 1, (puzzle.answer)(&answerer, line, &options)))
                .collect::<Result<String, ApiError>>()
        });
        out = answered.await.unwrap_or_else(|panic| std::panic::resume_unwind(panic.into_panic()))?;
    }
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], out).into_response())
}

/// A batch body's lines (a byte-order mark dropped), or why they are no batch: not UTF-8
/// (400), or more than [`MAX_BATCH_LINES`] (413).
pub(super) fn batch_lines(body: &[u8]) -> Result<Vec<String>, ApiError> {
    let text = std::str::from_utf8(body).map_err(|e| ApiError::bad(format!("the body is not UTF-8: {e}")))?;
    let lines: Vec<String> = text.lines().map(|line| line.trim_start_matches('\u{feff}').to_string()).collect();
    if lines.len() > MAX_BATCH_LINES {
        let why = format!("{} lines: a batch holds at most {MAX_BATCH_LINES}", lines.len());
        return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, why));
    }
    Ok(lines)
}

/// The answer line of batch line `number`: its answer, or its refusal in its place.
pub(super) fn batch_line(number: usize, answered: Result<impl Serialize, AnswerError>) -> Result<String, ApiError> {
    let value = match answered {
        Ok(answer) => serde_json::to_value(answer).map_err(|e| ApiError::bad(e.to_string()))?,
        // As `solve PUZZLE - --json` (and `solve NAME --scramble - --json`) words a refused line.
        Err(AnswerError::Input(refused)) => json!({ "line": number, "error": refused.why }),
        Err(other) => return Err(other.into()),
    };
    Ok(format!("{value}\n"))
}

/// What `random` and `scramble` answer: the seed used and the boards, one per line as the
/// command line prints them.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Drawn {
    /// The puzzle.
    pub puzzle: String,
    /// The seed (given, or from the clock).
    pub seed: u64,
    /// The judge's input format, as `random` prints it (`scramble`: one scramble a line).
    pub text: String,
}

/// `count` and `seed` of a drawing request.
fn count_and_seed(params: &Params) -> Result<(u64, u64), ApiError> {
    let count = parsed(params, "count")?.unwrap_or(1);
    if count == 0 || count > MAX_COUNT {
        return Err(ApiError::bad(format!("count={count}: from 1 to {MAX_COUNT}")));
    }
    Ok((count, parsed(params, "seed")?.unwrap_or_else(clock_seed)))
}

/// `GET /api/v1/{puzzle}/random?distance=D&count=N&seed=S` (cubic: `&start=X,Y`).
#[utoipa::path(get, path = "/api/v1/{puzzle}/random",
    params(("puzzle" = PuzzleLabel, Path, description = "The puzzle"),
        ("distance" = Option<u32>, Query, description = "Only boards exactly this far"),
        ("count" = Option<u64>, Query, description = "How many distinct boards, 1 to 1000"),
        ("seed" = Option<u64>, Query, description = "The same seed gives the same boards"),
        ("start" = Option<String>, Query, description = "Cubic: the start cell X,Y")),
    responses(
        (status = 200, description = "The boards, in the judge's input format", body = Drawn),
        (status = 400, description = "A bad parameter, or no such boards", body = ErrorBody),
        (status = 404, description = "No such puzzle", body = ErrorBody),
        (status = 503, description = "The search queue is full; retry", body = ErrorBody),
    ))]
pub(super) async fn random(
    State(app): State<Arc<App>>,
    Path(label): Path<String>,
    Query(params): Query<Params>,
) -> Result<Response, ApiError> {
    let entry = puzzle_of(&label)?;
    let puzzle = entry.puzzle;
    let (count, seed) = count_and_seed(&params)?;
    let start = match params.get("start") {
        Some(text) => Some(parse_cell(text).map_err(|why| ApiError::bad(format!("start: {why}")))?),
        None => None,
    };
    let distance: Option<u32> = parsed(&params, "distance")?;
    // Listing a deeper layer takes seconds and hundreds of megabytes: the command line's job.
    if puzzle == Puzzle::Fifteen && distance.is_some_and(|d| d > MAX_FIFTEEN_DISTANCE) {
        let why = format!("distance={}: the server draws fifteen-puzzle boards up to {MAX_FIFTEEN_DISTANCE} moves; `puzzle-tables random fifteen` goes further", distance.unwrap_or(0));
        return Err(ApiError::bad(why));
    }
    let request = DrawRequest { distance, count, seed, start, judge_input: false };
    let answerer = app.answerer();
    // Drawing may list a whole layer (seconds for the deepest): it takes a search's place.
    let drawn = app.pool.run(false, move || entry.draw(&answerer, &request)).await?;
    let text = drawn.map_err(|error| ApiError::bad(error.to_string()))?.text;
    Ok(Json(Drawn { puzzle: puzzle.label().to_string(), seed, text }).into_response())
}

/// `GET /api/v1/cube/scramble?count=N&seed=S`.
#[utoipa::path(get, path = "/api/v1/cube/scramble",
    params(("count" = Option<u64>, Query, description = "How many scrambles, 1 to 1000"),
        ("seed" = Option<u64>, Query, description = "The same seed gives the same scrambles")),
    responses(
        (status = 200, description = "Fair scrambles, one a line", body = Drawn),
        (status = 400, description = "A bad parameter", body = ErrorBody),
        (status = 503, description = "The search queue is full; retry", body = ErrorBody),
    ))]
pub(super) async fn scramble(State(app): State<Arc<App>>, Query(params): Query<Params>) -> Result<Response, ApiError> {
    let (count, seed) = count_and_seed(&params)?;
    let answerer = app.answerer();
    let text = app
        .pool
        .run(false, move || {
            let solver = answerer.two_phase().map_err(|error| error.to_string())?;
            scramble_lines(solver, count, seed, false).collect::<Result<String, _>>().map_err(|error| error.to_string())
        })
        .await?;
    let text = text.map_err(ApiError::bad)?;
    Ok(Json(Drawn { puzzle: "cube".into(), seed, text }).into_response())
}
