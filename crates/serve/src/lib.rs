//! `puzzle-tables serve`: the tables over HTTP, and a page to look at them.
//!
//! The program that starts the server (the `puzzle-tables` binary) reads its arguments
//! ([`ServeArgs`]) and hands over what is its own as a [`Host`]: where the tables live and
//! how its errors name the command that mends a table. Everything else is here: axum on
//! tokio, one [`Answerer`] for every request (tables opened once, mapped), the API in
//! [`api`] behind the routes (`routes.rs`), searches bounded by `pool.rs`, counters in
//! `metrics.rs`, the page in `page.rs`. Connections are accepted by hand (hyper's own
//! builder) so that each has the deadlines and head limits of `conn.rs` (a JSON 408, 414 or
//! 431 past them), HTTP/2 its
//! limits, the number of open connections a ceiling, and shutdown a drain: on SIGTERM or
//! Ctrl-C no new connection is taken, the requests in flight finish, and the command exits 0.

#![deny(missing_docs)]

pub mod api;
mod conn;
mod definitions;
mod metrics;
mod openapi;
mod page;
mod pool;
mod routes;
mod stderr;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use anyhow::Context;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use puzzle_tables_query::answer::{time_limit, Answerer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;
use tower_http::compression::CompressionLayer;
use tower_http::cors::CorsLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use stderr::errln;

/// `serve`.
#[derive(clap::Args)]
pub struct ServeArgs {
    /// The address to listen on (loopback unless told otherwise; port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8900", value_name = "ADDR")]
    bind: SocketAddr,
    /// Searches (the cube, the fifteen puzzle) running at once [default: one per core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    search_threads: Option<u16>,
    /// Searches waiting for a thread at most; one more is refused with 503.
    #[arg(long, value_name = "N", default_value_t = 64)]
    search_queue: usize,
    /// The most nodes one fifteen-puzzle answer may search (its children's searches
    /// included); past it the answer gives the proven lower bound and says so.
    #[arg(long, value_name = "NODES", default_value_t = 20_000_000)]
    search_budget: u64,
    /// Seconds an optimal cube search (`optimal=true`) may take at most, and by default;
    /// past it the answer is the best solution found and the proven lower bound. At most 20,
    /// as every request is answered within 30 s.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = optimal_seconds)]
    optimal_seconds: Duration,
    /// Optimal cube searches running at once, apart from the other searches; one more is
    /// refused with 503.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    optimal_searches: u16,
    /// Threads each optimal cube search runs on (the answer is the same on any number).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    optimal_threads: u16,
    /// Connections open at once at most; more wait to be accepted.
    #[arg(long, value_name = "N", default_value_t = 4096)]
    max_connections: usize,
    /// Seconds a client has to send a request's head (its request line and headers): the
    /// first from accept, a later one from its first byte. A connection silent that long is
    /// closed; a head begun and not ended is answered 408.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    header_timeout: u64,
    /// Seconds a kept-alive connection may wait for its next request; then it is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    idle_timeout: u64,
    /// Log: `json` writes one JSON line per request on standard error.
    #[arg(long, value_name = "FORMAT", value_parser = ["json", "off"], default_value = "off")]
    log: String,
}

/// The most bytes of a request body (a batch of 10,000 lines fits).
const MAX_BODY: usize = 2 << 20;

/// The most bytes of a URI; a longer one is answered 414.
const MAX_URI: usize = 8 << 10;

/// HTTP/2 streams open at once on one connection.
const MAX_STREAMS: u32 = 64;

/// HTTP/2 streams a client may reset before the server has answered them, at once and in
/// all, before the connection is closed (hyper's guards against reset floods).
const MAX_PENDING_RESETS: usize = 20;
const MAX_ERROR_RESETS: usize = 64;

/// How long one request may take before it is answered 408 (tower-http's timeout).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest `--optimal-seconds`: an optimal answer is in well before [`REQUEST_TIMEOUT`].
const MAX_OPTIMAL_TIME: Duration = Duration::from_secs(20);

/// `--optimal-seconds`: a positive time up to [`MAX_OPTIMAL_TIME`].
fn optimal_seconds(text: &str) -> Result<Duration, String> {
    let time = time_limit(text)?;
    if time > MAX_OPTIMAL_TIME {
        return Err(format!(
            "at most {} seconds: every request is answered within {}",
            MAX_OPTIMAL_TIME.as_secs(),
            REQUEST_TIMEOUT.as_secs()
        ));
    }
    Ok(time)
}

/// How long shutdown waits for the requests in flight.
const DRAIN: Duration = Duration::from_secs(5);

/// What the program that starts the server keeps its own: where the tables live and how
/// its errors name the command that mends a table. The server opens tables only through
/// `open` (at start and on each SIGHUP), so it builds none and knows no command of the
/// program.
pub struct Host {
    /// The tables directory, named in the log.
    pub dir: PathBuf,
    /// Every table of the directory, opened anew.
    pub open: Box<dyn Fn() -> anyhow::Result<Answerer> + Send + Sync>,
    /// `error` with the command that rebuilds its table, when it is about one.
    pub rebuild_hint: fn(anyhow::Error) -> anyhow::Error,
}

/// What every request shares.
pub struct App {
    /// The tables mapped now: a request holds the set it began with, SIGHUP swaps in a new one.
    answerer: RwLock<Arc<Answerer>>,
    optimal_threads: u16,
    host: Host,
    pool: pool::SearchPool,
    /// The optimal cube searches, apart: one takes seconds, and must not hold up the others.
    optimal_pool: pool::SearchPool,
    optimal_time: Duration,
    metrics: metrics::Metrics,
    search_budget: u64,
    log_json: bool,
    connections: AtomicUsize,
}

impl App {
    /// The tables mapped now.
    fn answerer(&self) -> Arc<Answerer> {
        Arc::clone(&self.answerer.read().unwrap_or_else(|poisoned| poisoned.into_inner()))
    }

    /// Connections open now.
    fn connections(&self) -> usize {
        self.connections.load(Ordering::Relaxed)
    }
}

/// `serve`: opens every table of `host`, and serves until SIGTERM or Ctrl-C.
pub fn run(host: Host, args: &ServeArgs) -> anyhow::Result<ExitCode> {
    api::set_rebuild_hint(host.rebuild_hint);
    let answerer = opened(&host, args.optimal_threads)?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = args.search_threads.map_or(cores, usize::from);
    let app = Arc::new(App {
        answerer: RwLock::new(Arc::new(answerer)),
        optimal_threads: args.optimal_threads,
        host,
        pool: pool::SearchPool::new(threads, args.search_queue),
        optimal_pool: pool::SearchPool::new(usize::from(args.optimal_searches), 0),
        optimal_time: args.optimal_seconds,
        metrics: metrics::Metrics::default(),
        search_budget: args.search_budget,
        log_json: args.log == "json",
        connections: AtomicUsize::new(0),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start tokio")?;
    runtime.block_on(serve(app, args))?;
    Ok(ExitCode::SUCCESS)
}

/// Every table of `host` opened (mapped) now, so that no request pays for it and a damaged
/// table stops the start, or a remap.
fn opened(host: &Host, optimal_threads: u16) -> anyhow::Result<Answerer> {
    let answerer = (host.open)()?.with_optimal_threads(usize::from(optimal_threads));
    answerer.eight()?;
    answerer.cubic()?;
    answerer.rotation()?;
    answerer.magic_cube()?;
    answerer.two_phase()?;
    answerer.fifteen(answerer.fifteen_partition(None))?;
    answerer.cube_optimal()?;
    Ok(answerer)
}

/// On each SIGHUP, maps the tables now in the directory (on a blocking thread) and swaps
/// them in: requests under way finish on the set they began with, whose maps outlive them
/// (tables are replaced by rename, so a mapped file is never changed); if any table fails to
/// open, the set mapped before stays, and the log says why.
#[cfg(unix)]
async fn remap_on_hangup(app: Arc<App>, mut hangup: tokio::signal::unix::Signal) {
    while hangup.recv().await.is_some() {
        let (opening, threads) = (Arc::clone(&app), app.optimal_threads);
        let remapped = tokio::task::spawn_blocking(move || opened(&opening.host, threads)).await;
        match remapped.unwrap_or_else(|panic| std::panic::resume_unwind(panic.into_panic())) {
            Ok(answerer) => {
                *app.answerer.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Arc::new(answerer);
                app.metrics.remapped(true);
                errln!("puzzle-tables: serve: SIGHUP: the tables in {} are mapped anew", app.host.dir.display());
            }
            Err(error) => {
                app.metrics.remapped(false);
                errln!(
                    "puzzle-tables: serve: SIGHUP: kept the tables mapped before: {:#}",
                    (app.host.rebuild_hint)(error)
                );
            }
        }
    }
}

/// Accepts connections until a shutdown signal, then drains.
async fn serve(app: Arc<App>, args: &ServeArgs) -> anyhow::Result<()> {
    let listener = TcpListener::bind(args.bind).await.with_context(|| format!("cannot listen on {}", args.bind))?;
    let address = listener.local_addr()?;
    // Listened for before the server says it listens: SIGHUP's default would end the process.
    #[cfg(unix)]
    {
        let hangup = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup())
            .context("cannot listen for SIGHUP")?;
        tokio::spawn(remap_on_hangup(Arc::clone(&app), hangup));
    }
    errln!("puzzle-tables: serve: listening on http://{address}/");
    let service = routes::router(Arc::clone(&app))
        .layer(CompressionLayer::new())
        .layer(CorsLayer::permissive())
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(TimeoutLayer::with_status_code(axum::http::StatusCode::REQUEST_TIMEOUT, REQUEST_TIMEOUT))
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&app), edge));
    let builder = connection_builder();
    let deadlines = conn::Deadlines {
        head: Duration::from_secs(args.header_timeout),
        idle: Duration::from_secs(args.idle_timeout),
    };
    let slots = Arc::new(Semaphore::new(args.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut signal = std::pin::pin!(shutdown_signal());
    loop {
        let slot = tokio::select! {
            slot = Arc::clone(&slots).acquire_owned() => slot.context("the connection limit closed")?,
            () = &mut signal => break,
        };
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of descriptors, or a connection reset before it was accepted: go on.
                Err(_) => continue,
            },
            () = &mut signal => break,
        };
        // Answers are small and written at once: never hold one back for a coalescing ACK.
        let _ = stream.set_nodelay(true);
        let connection = connection(&builder, service.clone(), stream);
        let app = Arc::clone(&app);
        let served = graceful.watch(connection.serving);
        app.connections.fetch_add(1, Ordering::Relaxed);
        tokio::spawn(async move {
            let verdict = tokio::select! {
                _ = served => None,
                verdict = connection.watch.verdict(deadlines) => Some(verdict),
            };
            if let Some(verdict) = verdict {
                ended(&app, &connection.watch, verdict).await;
            }
            app.connections.fetch_sub(1, Ordering::Relaxed);
            drop(slot);
        });
    }
    drop(listener);
    errln!("puzzle-tables: serve: shutting down, draining the requests in flight");
    if tokio::time::timeout(DRAIN, graceful.shutdown()).await.is_err() {
        errln!("puzzle-tables: serve: {} connections still open after {DRAIN:?}; closing them", app.connections());
    }
    Ok(())
}

/// The edge of every request: 414 for a URI over [`MAX_URI`] before any route reads it, and
/// every error the stack itself gives (413, 405, 408) as JSON `{"error": WHY}` like the API's;
/// an answer no route saw (a 414 here, the request timeout's 408) is counted here.
async fn edge(
    axum::extract::State(app): axum::extract::State<Arc<App>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::http::{header, StatusCode};
    use axum::response::IntoResponse;
    let length = uri_length(request.uri());
    if length > MAX_URI {
        app.metrics.count(metrics::SERVER, StatusCode::URI_TOO_LONG.as_u16());
        let why = format!("the URI is {length} bytes; at most {MAX_URI}");
        return (StatusCode::URI_TOO_LONG, axum::Json(serde_json::json!({ "error": why }))).into_response();
    }
    let response = next.run(request).await;
    let status = response.status();
    if response.extensions().get::<metrics::Counted>().is_none() {
        app.metrics.count(metrics::SERVER, status.as_u16());
    }
    let is_json =
        response.headers().get(header::CONTENT_TYPE).is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let why = match status {
        StatusCode::PAYLOAD_TOO_LARGE => format!("the body is over {MAX_BODY} bytes"),
        other => other.canonical_reason().unwrap_or("refused").to_lowercase(),
    };
    let mut refused = (status, axum::Json(serde_json::json!({ "error": why }))).into_response();
    if let Some(allow) = response.headers().get(header::ALLOW) {
        refused.headers_mut().insert(header::ALLOW, allow.clone());
    }
    refused
}

/// The length of `uri` as written (`Uri`'s `Display`), without writing it.
fn uri_length(uri: &axum::http::Uri) -> usize {
    let origin = uri.path().len() + uri.query().map_or(0, |query| 1 + query.len());
    let scheme = uri.scheme_str().map_or(0, |scheme| scheme.len() + "://".len());
    scheme + uri.authority().map_or(0, |authority| authority.as_str().len()) + origin
}

/// The builder of every connection: HTTP/1 with keep-alive, or HTTP/2 with its limits. The
/// deadlines are the watchdog's ([`conn`]), so hyper's own header timeout is off, and its
/// buffer and header count are past [`conn`]'s limits, which answer first, in JSON.
fn connection_builder() -> hyper_util::server::conn::auto::Builder<TokioExecutor> {
    let mut builder = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new());
    builder.http1().header_read_timeout(None).max_buf_size(4 * conn::MAX_HEAD).max_headers(2 * conn::MAX_HEADER_LINES);
    builder
        .http2()
        .timer(TokioTimer::new())
        .max_concurrent_streams(MAX_STREAMS)
        .max_header_list_size(conn::MAX_HEAD as u32)
        .max_pending_accept_reset_streams(MAX_PENDING_RESETS)
        .max_local_error_reset_streams(MAX_ERROR_RESETS);
    builder
}

/// A connection being served, and its watch.
struct Connection<C> {
    serving: C,
    watch: Arc<conn::Watch>,
}

/// Serves `stream` with `service`, every request counted by the connection's watch.
fn connection(
    builder: &hyper_util::server::conn::auto::Builder<TokioExecutor>,
    service: axum::Router,
    stream: tokio::net::TcpStream,
) -> Connection<impl hyper_util::server::graceful::GracefulConnection> {
    let (watch, watched) = conn::Watch::new(stream);
    let answering = Arc::clone(&watch);
    let hyper_service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
        let answered = answering.request();
        let call = service.clone().oneshot(request);
        async move {
            let response = call.await;
            drop(answered);
            response
        }
    });
    let serving = builder.serve_connection_with_upgrades(TokioIo::new(watched), hyper_service).into_owned();
    Connection { serving, watch }
}

/// A connection the watchdog ended: counted, and a refusal written.
async fn ended(app: &App, watch: &conn::Watch, verdict: conn::Verdict) {
    match verdict {
        conn::Verdict::Silent => app.metrics.closed("silent"),
        conn::Verdict::Idle => app.metrics.closed("idle"),
        conn::Verdict::Refused(status, why) => {
            app.metrics.count(metrics::CONNECTION, status.as_u16());
            watch.refuse(status, &why).await;
        }
    }
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}

#[cfg(test)]
mod tests {
    use super::uri_length;

    #[test]
    fn a_uris_length_is_that_of_its_written_form() {
        for text in ["/", "/healthz", "/api/v1/eight?board=1%202", "/a?", "http://h:8/p?q=1", "https://h", "h:443", "*"]
        {
            let uri: axum::http::Uri = text.parse().unwrap();
            assert_eq!(uri_length(&uri), uri.to_string().len(), "{text}");
        }
    }
}
