//! The server's own counters, written as Prometheus text at `/metrics`: requests and their
//! latency by endpoint and status, searches running and queued (optimal ones apart), requests refused.
//!
//! A handful of counters needs no metrics framework: a map behind a mutex, touched once a
//! request, and a text writer.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::time::Duration;

/// The endpoint of answers the server's own stack gave, past every route: a URI too long, a
/// request past its time.
pub const SERVER: &str = "(server)";

/// The endpoint of refusals written on the connection before a request was read: a head too
/// slow, too large or with too many lines.
pub const CONNECTION: &str = "(connection)";

/// Marks a response a route's observer has counted already.
#[derive(Clone, Copy)]
pub struct Counted;

/// Latency bucket bounds, in seconds.
const BUCKETS: [f64; 10] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.5];

/// One endpoint's latency histogram.
#[derive(Default)]
struct Latency {
    buckets: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

/// Every counter.
#[derive(Default)]
pub struct Metrics {
    inner: Mutex<Counters>,
}

#[derive(Default)]
struct Counters {
    /// Answers by endpoint, then status.
    requests: BTreeMap<String, BTreeMap<u16, u64>>,
    latency: BTreeMap<String, Latency>,
    refused: u64,
    /// Connections closed by a deadline with no answer, by why.
    closed: BTreeMap<&'static str, u64>,
    /// SIGHUP's remaps: done, and failed (the tables before kept).
    remapped: [u64; 2],
}

impl Counters {
    /// Counts one answer (the endpoint's name is copied only the first time it is seen).
    fn count(&mut self, endpoint: &str, status: u16) {
        at_endpoint(&mut self.requests, endpoint, |statuses| *statuses.entry(status).or_default() += 1);
    }
}

/// Applies `change` to `endpoint`'s entry of `map`, made when missing: looked up by `&str`,
/// so that a request allocates no key once its endpoint has been seen.
fn at_endpoint<V: Default>(map: &mut BTreeMap<String, V>, endpoint: &str, change: impl FnOnce(&mut V)) {
    match map.get_mut(endpoint) {
        Some(value) => change(value),
        None => change(map.entry(endpoint.to_string()).or_default()),
    }
}

/// What the server holds at one moment.
pub struct Gauges {
    /// Searches running on the search pool.
    pub searches_running: usize,
    /// Searches waiting for the search pool.
    pub searches_queued: usize,
    /// Optimal cube searches running (they never wait).
    pub optimal_running: usize,
    /// Connections open.
    pub connections: usize,
}

impl Metrics {
    /// Counts one request to `endpoint` answered with `status` after `elapsed`.
    pub fn record(&self, endpoint: &str, status: u16, elapsed: Duration) {
        let mut counters = self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        counters.count(endpoint, status);
        let seconds = elapsed.as_secs_f64();
        at_endpoint(&mut counters.latency, endpoint, |latency| {
            latency.count += 1;
            latency.sum += seconds;
            for (bucket, bound) in latency.buckets.iter_mut().zip(BUCKETS) {
                if seconds <= bound {
                    *bucket += 1;
                }
            }
        });
        if status == 503 {
            counters.refused += 1;
        }
    }

    /// Counts one answer to `endpoint` with `status` that no route timed.
    pub fn count(&self, endpoint: &str, status: u16) {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).count(endpoint, status);
    }

    /// Counts a connection closed without a word: `silent` (no request began within the
    /// head deadline) or `idle` (kept alive past the idle deadline).
    pub fn closed(&self, why: &'static str) {
        let mut counters = self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        *counters.closed.entry(why).or_default() += 1;
    }

    /// Counts a remap of the tables on SIGHUP, `done` or failed.
    pub fn remapped(&self, done: bool) {
        let mut counters = self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        counters.remapped[usize::from(!done)] += 1;
    }

    /// The Prometheus text exposition, with the server's gauges as they are `now`.
    pub fn render(&self, now: &Gauges) -> String {
        let counters = self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut out = String::new();
        let _ = writeln!(out, "# HELP puzzle_tables_requests_total Requests answered, by endpoint and status.");
        let _ = writeln!(out, "# TYPE puzzle_tables_requests_total counter");
        for (endpoint, statuses) in &counters.requests {
            for (status, count) in statuses {
                let _ = writeln!(
                    out,
                    "puzzle_tables_requests_total{{endpoint=\"{endpoint}\",status=\"{status}\"}} {count}"
                );
            }
        }
        let _ = writeln!(out, "# HELP puzzle_tables_request_seconds Time to answer a request, by endpoint.");
        let _ = writeln!(out, "# TYPE puzzle_tables_request_seconds histogram");
        for (endpoint, latency) in &counters.latency {
            for (bound, count) in BUCKETS.iter().zip(latency.buckets) {
                let _ = writeln!(
                    out,
                    "puzzle_tables_request_seconds_bucket{{endpoint=\"{endpoint}\",le=\"{bound}\"}} {count}"
                );
            }
            let _ = writeln!(
                out,
                "puzzle_tables_request_seconds_bucket{{endpoint=\"{endpoint}\",le=\"+Inf\"}} {}",
                latency.count
            );
            let _ = writeln!(out, "puzzle_tables_request_seconds_sum{{endpoint=\"{endpoint}\"}} {}", latency.sum);
            let _ = writeln!(out, "puzzle_tables_request_seconds_count{{endpoint=\"{endpoint}\"}} {}", latency.count);
        }
        let _ = writeln!(out, "# HELP puzzle_tables_connections_closed_total Connections closed by a deadline before any request began (silent) or between requests (idle).");
        let _ = writeln!(out, "# TYPE puzzle_tables_connections_closed_total counter");
        for why in ["idle", "silent"] {
            let count = counters.closed.get(why).copied().unwrap_or(0);
            let _ = writeln!(out, "puzzle_tables_connections_closed_total{{why=\"{why}\"}} {count}");
        }
        let _ = writeln!(
            out,
            "# HELP puzzle_tables_remaps_total Tables mapped anew on SIGHUP (done), or kept as they were (failed)."
        );
        let _ = writeln!(out, "# TYPE puzzle_tables_remaps_total counter");
        for (result, count) in ["done", "failed"].iter().zip(counters.remapped) {
            let _ = writeln!(out, "puzzle_tables_remaps_total{{result=\"{result}\"}} {count}");
        }
        let gauges = [
            ("searches_running", "Searches running now.", now.searches_running as u64, "gauge"),
            ("searches_queued", "Searches waiting for a thread now.", now.searches_queued as u64, "gauge"),
            ("optimal_searches_running", "Optimal cube searches running now.", now.optimal_running as u64, "gauge"),
            ("connections_open", "Connections open now.", now.connections as u64, "gauge"),
            (
                "requests_refused_total",
                "Requests refused because the search queue, or every place for an optimal search, was full.",
                counters.refused,
                "counter",
            ),
        ];
        for (name, help, value, kind) in gauges {
            let _ = writeln!(
                out,
                "# HELP puzzle_tables_{name} {help}\n# TYPE puzzle_tables_{name} {kind}\npuzzle_tables_{name} {value}"
            );
        }
        out
    }
}
