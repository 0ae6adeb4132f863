//! `puzzle-tables serve` over real sockets: the real binary on an ephemeral loopback port,
//! spoken to with raw HTTP/1.1 (so malformed requests can be sent too). Answers equal the
//! command line's; every child's distance is asked again; every error status comes with
//! its JSON reason; searches are bounded and never hold up lookups; SIGTERM drains.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::time::{Duration, Instant};

use common::{all_tables, binary, run_with_input, stdout_of, Served};
use serde_json::{json, Value};

/// The shared test server, spoken to with this file's raw HTTP client.
impl Served {
    /// The server of most tests: two search threads, a JSON log. (Each test has its own, so
    /// that none outlives the test binary.)
    fn usual() -> Served {
        Served::start(&["--search-threads", "2", "--log", "json"])
    }

    /// Sends `request` as it is and reads the whole response.
    fn raw(&self, request: &[u8]) -> Response {
        send(self.address, request)
    }

    fn get(&self, path: &str) -> Response {
        get(self.address, path)
    }

    fn post(&self, path: &str, body: &str) -> Response {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        self.raw(&[head.as_bytes(), body.as_bytes()].concat())
    }
}

/// Sends `request` to `address` as it is and reads the whole response (a server that
/// answers before reading the whole body may close early: what it answered is read).
fn send(address: SocketAddr, request: &[u8]) -> Response {
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.set_nodelay(true).unwrap();
    let _ = stream.write_all(request);
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    Response::parse(&bytes)
}

/// `GET path` from `address`.
fn get(address: SocketAddr, path: &str) -> Response {
    send(address, format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").as_bytes())
}

/// A response: its status, headers (names lowercased) and body.
#[derive(Debug)]
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Response {
    fn parse(bytes: &[u8]) -> Response {
        let text = String::from_utf8_lossy(bytes);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let mut lines = head.lines();
        let status = lines.next().and_then(|line| line.split(' ').nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
        let headers = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(name, value)| (name.trim().to_lowercase(), value.trim().to_string()))
            .collect();
        Response { status, headers, body: body.to_string() }
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The `{"error": WHY}` of an error status.
    fn error(&self) -> String {
        self.json()["error"].as_str().unwrap_or_else(|| panic!("no error in {}", self.body)).to_string()
    }
}

/// `text` as a query-string value.
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The command line's `solve --json` answer.
fn cli_answer(args: &[&str]) -> Value {
    let output = binary(all_tables()).arg("solve").args(args).arg("--json").output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("JSON")
}

/// One board of each puzzle: the API's path and query, and the same question on the command line.
fn cases() -> Vec<(String, Vec<&'static str>)> {
    vec![
        (format!("/api/v1/eight?board={}", encoded("2 3 4 1 5 x 7 6 8")), vec!["eight", "2 3 4 1 5 x 7 6 8"]),
        (
            format!("/api/v1/cubic?start=3,2&board={}", encoded("RRR WEW RRR")),
            vec!["cubic", "--start", "3,2", "RRR WEW RRR"],
        ),
        (
            format!("/api/v1/rotation?board={}", encoded("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3")),
            vec!["rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"],
        ),
        (
            format!("/api/v1/cube?scramble={}", encoded("R U R' U' F2 D L2 B'")),
            vec!["cube", "--scramble", "R U R' U' F2 D L2 B'"],
        ),
        (
            format!("/api/v1/cube?metric=qtm&scramble={}", encoded("R U2 F' L D")),
            vec!["cube", "--metric", "qtm", "--scramble", "R U2 F' L D"],
        ),
        (
            format!("/api/v1/fifteen?board={}", encoded("2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15")),
            vec!["fifteen", "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15"],
        ),
    ]
}

#[test]
fn every_puzzle_answers_as_the_command_line_does_with_and_without_steps() {
    let server = Served::usual();
    for (path, args) in cases() {
        let plain = server.get(&format!("{path}&steps=false&children=false"));
        assert_eq!(plain.status, 200, "{path}: {}", plain.body);
        assert_eq!(plain.json(), cli_answer(&args), "{path}");
        let shown = server.get(&format!("{path}&children=false"));
        assert_eq!(shown.json(), cli_answer(&[&args[..], &["--show"]].concat()), "{path} with steps");
    }
}

#[test]
fn every_childs_distance_is_the_answer_asked_again() {
    let server = Served::usual();
    let cube = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB";
    let paths = [
        format!("/api/v1/eight?board={}", encoded("2 3 4 1 5 x 7 6 8")),
        format!("/api/v1/rotation?board={}", encoded("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3")),
        format!("/api/v1/fifteen?board={}", encoded("2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15")),
        format!("/api/v1/magic-cube?facelets={cube}"),
        format!("/api/v1/cube?metric=qtm&facelets={cube}"),
    ];
    for path in paths {
        let answer = server.get(&path).json();
        let children = answer["children"].as_array().expect("children by default");
        assert!(!children.is_empty(), "{path}");
        let puzzle_path = path.split('?').next().unwrap();
        let parameter = if path.contains("facelets=") { "facelets" } else { "board" };
        let metric = if path.contains("metric=qtm") { "&metric=qtm" } else { "" };
        let mut optimal = 0;
        for child in children {
            let again = server.get(&format!(
                "{puzzle_path}?{parameter}={}{metric}&children=false",
                encoded(child["board"].as_str().unwrap())
            ));
            let again = again.json();
            if child["distance"].is_null() {
                assert!(child["at_least"].is_u64() || child["at_most"].is_u64(), "{path}: {child}");
                continue;
            }
            assert_eq!(child["distance"], again["distance"], "{path}: {child}");
            let nearer = child["distance"].as_u64().unwrap() + 1 == answer["distance"].as_u64().unwrap();
            assert_eq!(child["optimal"], json!(nearer), "{path}: {child}");
            optimal += usize::from(nearer);
        }
        assert!(optimal >= 1, "{path}: some move leads one nearer");
    }
}

#[test]
fn an_unsolvable_board_is_an_answer_and_a_bad_one_is_400_with_the_command_lines_words() {
    let server = Served::usual();
    let unsolvable = server.get(&format!("/api/v1/eight?board={}", encoded("2 1 3 4 5 6 7 8 x")));
    assert_eq!(unsolvable.status, 200);
    assert_eq!(unsolvable.json()["distance"], Value::Null);
    let unsolvable = server.get("/api/v1/fifteen?board=123456789ABCDFE0");
    assert_eq!((unsolvable.status, unsolvable.json()["solvable"].clone()), (200, json!(false)));
    for (path, args) in [
        ("/api/v1/eight?board=12345678", vec!["eight", "12345678"]),
        ("/api/v1/fifteen?board=123", vec!["fifteen", "123"]),
        ("/api/v1/cube?facelets=UUU", vec!["cube", "UUU"]),
        ("/api/v1/cube?scramble=Q", vec!["cube", "--scramble", "Q"]),
        ("/api/v1/rotation?board=1", vec!["rotation", "1"]),
    ] {
        let response = server.get(path);
        assert_eq!(response.status, 400, "{path}");
        let output = binary(all_tables()).arg("solve").args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let cli_why = stderr.trim_end().split_once(": ").map(|(_, rest)| rest.split_once(": ").unwrap().1).unwrap();
        assert_eq!(response.error(), cli_why, "{path}");
    }
    for (path, status, says) in [
        ("/api/v1/chess?board=x", 404, "no puzzle"),
        ("/api/v2/eight", 404, "no such path"),
        ("/api/v1/eight", 400, "missing the board"),
        ("/api/v1/cubic?board=WWW+EWW+WWW", 400, "start=X,Y"),
        ("/api/v1/cubic?start=9,9&board=WWW+EWW+WWW", 400, "start"),
        ("/api/v1/cube?metric=stm&scramble=R", 400, "metric"),
        ("/api/v1/eight?board=23415x768&children=maybe", 400, "children"),
        ("/api/v1/eight/random?count=0", 400, "count"),
        ("/page/missing.js", 404, "no page file"),
    ] {
        let response = server.get(path);
        assert_eq!(response.status, status, "{path}: {}", response.body);
        assert!(response.error().contains(says), "{path}: {}", response.body);
    }
    let long = server.get(&format!("/api/v1/eight?board={}", "1".repeat(9000)));
    assert_eq!(long.status, 414);
    assert!(long.error().contains("URI"));
    let wrong_method = server.raw(b"DELETE /api/v1/eight?board=1 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    assert_eq!(wrong_method.status, 405);
    assert!(!wrong_method.error().is_empty());
}

#[test]
fn a_batch_answers_line_by_line_as_solve_dash_does_and_refuses_too_many_lines() {
    let server = Served::usual();
    let input = "2 3 4 1 5 x 7 6 8\nnot a board\n1 2 3 4 5 6 7 8 x\n2 1 3 4 5 6 7 8 x\n";
    let response = server.post("/api/v1/eight/batch", input);
    assert_eq!(response.status, 200);
    let cli = run_with_input(binary(all_tables()).args(["solve", "eight", "-", "--json"]), input);
    let parse = |text: &str| text.lines().map(|line| serde_json::from_str::<Value>(line).unwrap()).collect::<Vec<_>>();
    assert_eq!(parse(&response.body), parse(&stdout_of(&cli)));
    let cubes = "R U R' U'\nR R R R\nX\n";
    let response = server.post("/api/v1/cube/batch?scramble", cubes);
    let cli = run_with_input(binary(all_tables()).args(["solve", "cube", "--scramble", "-", "--json"]), cubes);
    assert_eq!(parse(&response.body), parse(&stdout_of(&cli)));
    let too_many = server.post("/api/v1/eight/batch", &"123456780\n".repeat(10_001));
    assert_eq!(too_many.status, 413);
    assert!(too_many.error().contains("at most 10000"), "{}", too_many.body);
    let too_large = server.post("/api/v1/eight/batch", &"1".repeat(3 << 20));
    assert_eq!(too_large.status, 413);
    assert!(!too_large.error().is_empty());
}

#[test]
fn random_boards_and_scrambles_are_the_command_lines_for_the_same_seed() {
    let server = Served::usual();
    let drawn = server.get("/api/v1/eight/random?distance=12&count=3&seed=7").json();
    let cli = binary(all_tables())
        .args(["random", "eight", "--distance", "12", "--count", "3", "--seed", "7"])
        .output()
        .unwrap();
    assert_eq!(drawn["text"], json!(stdout_of(&cli)));
    assert_eq!(drawn["seed"], 7);
    let scrambles = server.get("/api/v1/cube/scramble?count=2&seed=3").json();
    let cli = binary(all_tables()).args(["scramble", "cube", "--count", "2", "--seed", "3"]).output().unwrap();
    assert_eq!(scrambles["text"], json!(stdout_of(&cli)));
    let none = server.get("/api/v1/eight/random?distance=40");
    assert_eq!(none.status, 400, "{}", none.body);
}

#[test]
fn openapi_healthz_metrics_and_the_page_are_served_and_each_request_is_logged() {
    let server = Served::usual();
    let document = server.get("/api/v1/openapi.json").json();
    assert_eq!(document["openapi"], "3.1.0");
    for path in
        ["/api/v1/{puzzle}", "/api/v1/{puzzle}/batch", "/api/v1/{puzzle}/random", "/api/v1/cube/scramble", "/healthz"]
    {
        assert!(document["paths"][path].is_object(), "{path} documented");
    }
    assert_eq!(server.get("/healthz").body, "ok\n");
    server.get("/api/v1/eight?board=123456780");
    let metrics = server.get("/metrics");
    assert!(
        metrics.body.contains("puzzle_tables_requests_total{endpoint=\"/api/v1/{puzzle}\",status=\"200\"}"),
        "{}",
        metrics.body
    );
    for name in ["searches_running", "searches_queued", "requests_refused_total", "request_seconds_bucket"] {
        assert!(metrics.body.contains(name), "{name}");
    }
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").unwrap().starts_with("text/html"));
    // The line is written once the response is sent: wait for the log reader to see it.
    let started = Instant::now();
    let line = loop {
        let found = server.log.lock().unwrap().iter().rev().find(|line| line.contains("/metrics")).cloned();
        match found {
            Some(line) => break line,
            None => assert!(started.elapsed() < Duration::from_secs(10), "a log line per request"),
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let line: Value = serde_json::from_str(&line).expect("a JSON log line");
    assert_eq!((line["method"].as_str(), line["status"].as_u64()), (Some("GET"), Some(200)));
}

/// A fifteen-puzzle board that needs 80 moves, the most any needs.
const HARDEST: &str = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1";

#[test]
fn a_search_past_its_budget_answers_its_lower_bound_and_says_so() {
    let server = Served::start(&["--search-budget", "200000"]);
    let started = Instant::now();
    let answer = server.get(&format!("/api/v1/fifteen?board={}", encoded(HARDEST))).json();
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(answer["budget_exhausted"], true, "{answer}");
    assert_eq!(answer["distance"], Value::Null);
    let at_least = answer["at_least"].as_u64().expect("a lower bound");
    assert!((40..=80).contains(&at_least), "{answer}");
    for child in answer["children"].as_array().expect("its moves, each bounded too") {
        assert_eq!((child["at_least"].as_u64(), &child["optimal"]), (Some(at_least - 1), &json!(false)), "{child}");
    }
}

#[test]
fn a_full_search_queue_answers_503_while_lookups_answer_at_once() {
    let server = Served::start(&["--search-threads", "1", "--search-queue", "0", "--search-budget", "100000000"]);
    let address = server.address;
    // Holds the only search thread for seconds; the server is killed at the end of the test.
    std::thread::spawn(move || get(address, &format!("/api/v1/fifteen?board={}&children=false", encoded(HARDEST))));
    let started = Instant::now();
    while !server.get("/metrics").body.contains("puzzle_tables_searches_running 1") {
        assert!(started.elapsed() < Duration::from_secs(60), "the hard search starts");
        std::thread::sleep(Duration::from_millis(20));
    }
    // A second search is refused while the first holds the only thread.
    let refused = server.get("/api/v1/fifteen?board=123456789ABCDEF0&children=false");
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert_eq!(refused.header("retry-after"), Some("1"));
    assert!(refused.error().contains("queue is full"));
    let started = Instant::now();
    let lookup = server.get("/api/v1/eight?board=23415x768");
    assert_eq!((lookup.status, lookup.json()["distance"].clone()), (200, json!(19)));
    assert!(started.elapsed() < Duration::from_secs(2), "a lookup waits for no search");
}

/// The superflip (every edge flipped in place): 20 face turns, the most any cube needs, so
/// that an optimal search of it runs out of any short time.
const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

/// Polls `/metrics` until it shows `line`, for at most a minute.
fn wait_for_metric(server: &Served, line: &str) {
    let started = Instant::now();
    while !server.get("/metrics").body.lines().any(|l| l == line) {
        assert!(started.elapsed() < Duration::from_secs(60), "the metrics never show {line}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn an_optimal_cube_is_the_command_lines_optimal_answer() {
    let server = Served::usual();
    for scramble in ["R U R' U' F2 D L2 B'", "F R U' B2 L D' R2"] {
        let path = format!("/api/v1/cube?optimal=true&steps=false&children=false&scramble={}", encoded(scramble));
        let answer = server.get(&path);
        assert_eq!(answer.status, 200, "{scramble}: {}", answer.body);
        // One thread, as the server searches, so that the nodes counted agree too.
        let cli = cli_answer(&["cube", "--optimal", "--threads", "1", "--scramble", scramble]);
        assert_eq!((answer.json(), &cli["optimal"]), (cli.clone(), &json!(true)), "{scramble}");
    }
}

#[test]
fn optimal_options_out_of_place_are_400_saying_why() {
    let server = Served::start(&["--optimal-seconds", "2"]);
    let cube = format!("scramble={}", encoded("R U"));
    let refusals = [
        ("/api/v1/eight?board=23415x768&optimal=true".to_string(), "optimal=true is for the cube"),
        (format!("/api/v1/cube?{cube}&max_seconds=1"), "max_seconds goes with optimal=true"),
        (format!("/api/v1/cube?{cube}&optimal=true&max_seconds=0"), "expected a positive number of seconds"),
        (format!("/api/v1/cube?{cube}&optimal=true&max_seconds=3"), "this server searches at most 2 s"),
        (format!("/api/v1/cube?{cube}&optimal=yes"), "optimal=\"yes\" is not a valid optimal"),
    ];
    for (path, why) in refusals {
        let refused = server.get(&path);
        assert_eq!(refused.status, 400, "{path}: {}", refused.body);
        assert!(refused.error().contains(why), "{path}: {}", refused.error());
    }
    let batch = server.post("/api/v1/cube/batch?scramble=true&optimal=true", "R U\n");
    assert_eq!(batch.status, 400, "{}", batch.body);
    assert!(batch.error().contains("one cube at a time"), "{}", batch.error());
    let too_long = binary(all_tables()).args(["serve", "--optimal-seconds", "21"]).output().unwrap();
    assert_eq!(too_long.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&too_long.stderr).contains("at most 20 seconds"));
}

#[test]
fn an_optimal_search_keeps_its_time_and_its_one_place_and_holds_up_no_other_answer() {
    let server = Served::start(&["--optimal-seconds", "3"]);
    let address = server.address;
    let started = Instant::now();
    // Not the superflip: its two-phase start alone takes seconds in a debug build, many more
    // on a loaded machine, before the search's own time begins.
    let slow = std::thread::spawn(move || {
        get(address, &format!("/api/v1/cube?optimal=true&children=false&steps=false&scramble={SCRAMBLE_20}"))
    });
    wait_for_metric(&server, "puzzle_tables_optimal_searches_running 1");
    let second = server.get(&format!("/api/v1/cube?optimal=true&scramble={}", encoded("R U")));
    assert_eq!(second.status, 503, "{}", second.body);
    assert_eq!(second.header("retry-after"), Some("3"));
    assert!(second.error().contains("optimal search"), "{}", second.error());
    let quick = Instant::now();
    let two_phase =
        server.get(&format!("/api/v1/cube?children=false&scramble={}", encoded("R U R' F2 D B L2 U' F R2 D2 B")));
    let lookup = server.get("/api/v1/eight?board=23415x768");
    assert_eq!((two_phase.status, lookup.status), (200, 200), "{}", two_phase.body);
    assert!(quick.elapsed() < Duration::from_secs(2), "the other answers wait for no optimal search");
    let given_up = slow.join().expect("the slow request ends");
    let elapsed = started.elapsed();
    assert!(elapsed >= Duration::from_secs(3) && elapsed < Duration::from_secs(20), "{elapsed:?}");
    let answer = given_up.json();
    assert_eq!((given_up.status, &answer["optimal"]), (200, &json!(false)), "{answer}");
    let (at_least, length) = (answer["at_least"].as_u64().expect("a bound"), answer["length"].as_u64().unwrap());
    assert!(at_least < length, "{answer}");
    wait_for_metric(&server, "puzzle_tables_optimal_searches_running 0");
    let again = server.get(&format!("/api/v1/cube?optimal=true&scramble={}", encoded("R U")));
    assert_eq!((again.status, again.json()["length"].clone()), (200, json!(2)), "the place is free again");
}

/// A random 20-move scramble, written for a query string: its two-phase solution takes
/// milliseconds, its proof of optimality with the default tables far longer than any test.
const SCRAMBLE_20: &str =
    "R%20U2%20F%27%20L%20D%20B2%20R%27%20U%20F2%20D%27%20L2%20B%20U%27%20R2%20F%20D2%20L%27%20B%27%20U2%20R";

/// The fields of a `/proc` stat file (a process's or a thread's) after the command's closing
/// parenthesis, `None` when it cannot be read (a thread that has ended).
#[cfg(target_os = "linux")]
fn stat_fields(path: &str) -> Option<Vec<String>> {
    let stat = std::fs::read_to_string(path).ok()?;
    Some(stat.rsplit_once(')')?.1.split_whitespace().map(str::to_string).collect())
}

/// The processor time the process `pid` has used, in clock ticks (`/proc/PID/stat`: utime and
/// stime are the 12th and 13th fields after the command).
#[cfg(target_os = "linux")]
fn cpu_ticks(pid: u32) -> u64 {
    let fields = stat_fields(&format!("/proc/{pid}/stat")).expect("the server's /proc/PID/stat");
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// How many threads of the process `pid` are running or waiting only for a core (state `R`).
/// Unlike processor time, this does not depend on how busy the machine is.
#[cfg(target_os = "linux")]
fn runnable_threads(pid: u32) -> usize {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).expect("the server's threads");
    let ids = tasks.filter_map(|task| Some(task.ok()?.file_name().to_string_lossy().into_owned()));
    ids.filter(|id| stat_fields(&format!("/proc/{pid}/task/{id}/stat")).is_some_and(|fields| fields[0] == "R")).count()
}

/// How many threads of `server` an optimal search runs on: the most runnable threads held
/// for half a second (25 counts 20 ms apart in a row) in the 4 s after the search got its
/// place. A random 20-move scramble, not the superflip: its two-phase solution, which the
/// search starts from on one thread, takes milliseconds rather than seconds. Holding for half
/// a second passes over a moment where a connection's timer wakes a thread.
#[cfg(target_os = "linux")]
fn threads_busy_in_an_optimal_search(server: &Served) -> usize {
    let mut client = TcpStream::connect(server.address).unwrap();
    let request =
        format!("GET /api/v1/cube?optimal=true&children=false&scramble={SCRAMBLE_20} HTTP/1.1\r\nHost: test\r\n\r\n");
    client.write_all(request.as_bytes()).unwrap();
    wait_for_metric(server, "puzzle_tables_optimal_searches_running 1");
    let counts: Vec<usize> = (0..200)
        .map(|_| {
            std::thread::sleep(Duration::from_millis(20));
            runnable_threads(server.child.id())
        })
        .collect();
    counts.windows(25).map(|held| held.iter().copied().min().unwrap_or(0)).max().unwrap_or(0)
}

#[cfg(target_os = "linux")]
#[test]
fn an_optimal_search_runs_on_optimal_threads_threads() {
    let one = Served::start(&["--optimal-seconds", "10"]);
    assert_eq!(threads_busy_in_an_optimal_search(&one), 1, "one thread by default");
    drop(one);
    let two = Served::start(&["--optimal-seconds", "10", "--optimal-threads", "2"]);
    assert_eq!(threads_busy_in_an_optimal_search(&two), 2, "--optimal-threads 2");
}

#[cfg(target_os = "linux")]
#[test]
fn a_client_gone_ends_its_optimal_search() {
    let server = Served::start(&["--optimal-seconds", "20"]);
    let mut client = TcpStream::connect(server.address).unwrap();
    let request =
        format!("GET /api/v1/cube?optimal=true&children=false&facelets={SUPERFLIP} HTTP/1.1\r\nHost: test\r\n\r\n");
    client.write_all(request.as_bytes()).unwrap();
    wait_for_metric(&server, "puzzle_tables_optimal_searches_running 1");
    let ticks_in_two_seconds = || {
        let before = cpu_ticks(server.child.id());
        std::thread::sleep(Duration::from_secs(2));
        cpu_ticks(server.child.id()) - before
    };
    let searching = ticks_in_two_seconds();
    drop(client);
    wait_for_metric(&server, "puzzle_tables_optimal_searches_running 0");
    // The search checks its stop every so many nodes (seconds apart in a debug build, more on
    // a loaded machine): it has until 14 s after the client left to notice, still short of
    // the 20 s it would run for on its own.
    let left = Instant::now();
    let mut after = ticks_in_two_seconds();
    while after * 4 >= searching && left.elapsed() < Duration::from_secs(12) {
        after = ticks_in_two_seconds();
    }
    assert!(
        after * 4 < searching,
        "{after} ticks of processor time in 2 s, {:?} after the client left: {searching} while searching",
        left.elapsed()
    );
}

#[test]
fn sigterm_drains_the_request_in_flight_and_exits_0() {
    let mut server = Served::start(&["--search-budget", "30000000"]);
    let address = server.address;
    let slow = std::thread::spawn(move || {
        let mut stream = TcpStream::connect(address).unwrap();
        let path = format!("/api/v1/fifteen?board={}&children=false", encoded(HARDEST));
        write!(stream, "GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").unwrap();
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).unwrap();
        Response::parse(&bytes)
    });
    std::thread::sleep(Duration::from_millis(300));
    let pid = server.child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let response = slow.join().unwrap();
    assert_eq!(response.status, 200, "the request in flight is answered: {}", response.body);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the server exits within seconds");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
}

#[test]
fn a_client_that_never_finishes_its_head_is_disconnected() {
    let server = Served::start(&["--header-timeout", "1"]);
    let mut stream = TcpStream::connect(server.address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\n").unwrap();
    let started = Instant::now();
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    assert!(started.elapsed() < Duration::from_secs(5), "closed after the head's deadline");
    assert_eq!(server.get("/healthz").status, 200);
}

#[test]
fn a_partition_this_server_does_not_hold_is_404_naming_no_file_and_no_command() {
    let server = Served::usual();
    let board = encoded("2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15");
    let refused = server.get(&format!("/api/v1/fifteen?board={board}&partition=7-8"));
    assert_eq!(refused.status, 404, "{}", refused.body);
    assert!(refused.error().contains("does not hold the fifteen puzzle's 7-8 pattern databases"), "{}", refused.body);
    assert_eq!(server.get(&format!("/api/v1/fifteen?board={board}&partition=6-6-3")).status, 200);
    assert_eq!(server.get(&format!("/api/v1/fifteen?board={board}&partition=8-7")).status, 400);
    assert_operators_words_stay_home(&refused);
}

/// No answer names a file of the server's or tells how to build one: the operator's log does.
fn assert_operators_words_stay_home(response: &Response) {
    let tables = all_tables().display().to_string();
    for private in [tables.as_str(), ".tbl", "puzzle-tables gen", "puzzle-tables install"] {
        assert!(!response.body.contains(private), "{private} in {} {}", response.status, response.body);
    }
}

/// A value for the parameter `name`: half the time one the parameter may take (so requests
/// reach past the parsing of it), else `junk`.
fn value_for(rng: &mut fastrand::Rng, name: &str, junk: String) -> String {
    let valid: &[&str] = match name {
        "partition" => &["6-6-3", "7-8"],
        "optimal" | "children" | "steps" => &["true", "false"],
        "max_seconds" => &["0.2", "1", "30", "0", "-1", "nan", "1e9"],
        "max_moves" => &["0", "10", "80", "18446744073709551616"],
        "metric" => &["htm", "qtm"],
        _ => &[],
    };
    if valid.is_empty() || rng.bool() {
        junk
    } else {
        valid[rng.usize(..valid.len())].to_string()
    }
}

#[test]
fn ten_thousand_malformed_requests_get_no_5xx_and_good_ones_still_answer() {
    // Optimal searches kept short: a valid cube with optimal=true searches that long at most.
    let server = Served::start(&["--search-threads", "2", "--optimal-seconds", "1"]);
    let mut rng = fastrand::Rng::with_seed(23);
    let puzzles = ["eight", "cubic", "rotation", "magic-cube", "cube", "fifteen", "x", ""];
    let names = [
        "board",
        "facelets",
        "scramble",
        "start",
        "metric",
        "max",
        "children",
        "steps",
        "count",
        "seed",
        "distance",
        "partition",
        "optimal",
        "max_seconds",
        "max_moves",
    ];
    let alphabet = b"0123456789xXRUFDLB' ,%/?&=.-+WEabc\x00\xff";
    let junk = |rng: &mut fastrand::Rng, length: usize| -> String {
        (0..length).map(|_| alphabet[rng.usize(..alphabet.len())] as char).collect()
    };
    for i in 0..10_000 {
        let puzzle = puzzles[rng.usize(..puzzles.len())];
        let tail = ["", "/random", "/batch"][rng.usize(..3)];
        let query: Vec<String> = (0..rng.usize(0..5))
            .map(|_| {
                let (name, length) = (names[rng.usize(..names.len())], rng.usize(0..40));
                let junk = junk(&mut rng, length);
                format!("{name}={}", encoded(&value_for(&mut rng, name, junk)))
            })
            .collect();
        let path = format!("/api/v1/{puzzle}{tail}?{}", query.join("&"));
        let length = rng.usize(0..200);
        let response = match rng.u8(0..4) {
            0 => server.post(&path, &junk(&mut rng, length)),
            1 => {
                let request =
                    format!("{} {} HTTP/1.1\r\nConnection: close\r\n\r\n", junk(&mut rng, 4), junk(&mut rng, 20));
                server.raw(request.as_bytes())
            }
            _ => server.get(&path),
        };
        assert!(
            response.status < 500 || response.status == 503,
            "request {i}: {path}: {} {}",
            response.status,
            response.body
        );
        assert_operators_words_stay_home(&response);
        if i % 1000 == 0 {
            assert_eq!(server.get("/api/v1/eight?board=23415x768").json()["distance"], 19);
        }
    }
}

#[test]
fn defined_puzzles_are_listed_and_answered_like_the_command_line() {
    let built = binary(all_tables()).args(["gen", "2x2x2"]).output().unwrap();
    assert!(built.status.success());
    let server = Served::usual();
    let listed = server.get("/api/v1/definitions");
    assert_eq!(listed.status, 200, "{}", listed.body);
    let entry = listed.json().as_array().unwrap().iter().find(|p| p["name"] == "2x2x2").cloned().unwrap();
    assert_eq!(entry["patterns_per_distance"].as_array().unwrap().len(), 12);
    let answer = server.get("/api/v1/definitions/2x2x2?scramble=R%20U%20R%27%20F2&all=5");
    assert_eq!(answer.status, 200, "{}", answer.body);
    let cli = binary(all_tables())
        .args(["solve", "2x2x2", "--scramble", "R U R' F2", "--all", "--limit", "5", "--children", "--json"])
        .output()
        .unwrap();
    assert_eq!(answer.json(), serde_json::from_str::<Value>(&stdout_of(&cli)).unwrap());
    for (path, status) in [
        ("/api/v1/definitions/no-such-puzzle?scramble=R", 404),
        ("/api/v1/definitions/2x2x2?scramble=R%20Q", 400),
        ("/api/v1/definitions/2x2x2?scramble=(R", 400),
        ("/api/v1/definitions/2x2x2", 400),
        ("/api/v1/definitions/2x2x2?scramble=R&all=100000", 400),
        ("/api/v1/definitions/2x2x2?pattern=%7B%7D", 400),
    ] {
        let response = server.get(path);
        assert_eq!(response.status, status, "{path}: {}", response.body);
        assert!(!response.error().is_empty(), "{path}");
    }
    // A batch answers a line each as `solve NAME --scramble - --json` does, a refused line
    // in its place.
    let lines = "R U R' F2\nR Q\n\nD L2 F\n";
    let batch = server.post("/api/v1/definitions/2x2x2/batch", lines);
    assert_eq!(batch.status, 200, "{}", batch.body);
    let cli = run_with_input(binary(all_tables()).args(["solve", "2x2x2", "--scramble", "-", "--json"]), lines);
    let parse = |text: &str| text.lines().map(|line| serde_json::from_str::<Value>(line).unwrap()).collect::<Vec<_>>();
    let answers = parse(&batch.body);
    assert_eq!(answers, parse(&stdout_of(&cli)));
    assert_eq!((answers.len(), answers[1]["line"].as_u64()), (4, Some(2)), "{}", batch.body);
    for (path, body, status) in [
        ("/api/v1/definitions/no-such-puzzle/batch", "R", 404),
        ("/api/v1/definitions/2x2x2/batch?input=board", "R", 400),
        ("/api/v1/definitions/2x2x2/batch?all=100000", "R", 400),
        ("/api/v1/definitions/2x2x2/batch", &"R\n".repeat(10_001), 413),
    ] {
        let response = server.post(path, body);
        assert_eq!(response.status, status, "{path}: {}", response.body);
        assert!(!response.error().is_empty(), "{path}");
    }
}

/// The registry's invariant (ARCHITECTURE.md): every registered puzzle is served (its path
/// answers, it is in the OpenAPI document's list), offered by the command line (`solve`) and
/// by the Python package (`PUZZLES`), and the registry holds the built-in puzzles.
#[test]
fn every_registered_puzzle_is_served_and_offered_by_the_command_line_and_by_python() {
    use puzzle_tables_query::answer::PUZZLES;
    let labels: Vec<&str> = PUZZLES.iter().map(|entry| entry.puzzle.label()).collect();
    let built_in: Vec<&str> = puzzle_tables_query::Puzzle::BUILT_IN.iter().map(|p| p.label()).collect();
    assert_eq!(labels, built_in);
    let server = Served::usual();
    let document = server.get("/api/v1/openapi.json").json();
    let listed = &document["components"]["schemas"]["PuzzleLabel"]["enum"];
    for label in &labels {
        let missing = server.get(&format!("/api/v1/{label}"));
        assert_eq!(missing.status, 400, "{label} is served: {}", missing.body);
        assert!(listed.as_array().is_some_and(|list| list.contains(&json!(label))), "{label} in {listed}");
        let help = binary(all_tables()).args(["solve", label, "--help"]).output().expect("the binary runs");
        assert!(help.status.success(), "solve {label}: {}", String::from_utf8_lossy(&help.stderr));
    }
    let python = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/python/puzzle_tables/__init__.py"))
        .expect("the Python package");
    let tuple = python.lines().find_map(|line| line.strip_prefix("PUZZLES = ")).expect("Python's PUZZLES");
    let mut offered: Vec<&str> =
        tuple.trim_matches(['(', ')']).split(", ").map(|item| item.trim_matches('"')).collect();
    let mut registered = labels.clone();
    offered.sort_unstable();
    registered.sort_unstable();
    assert_eq!(offered, registered, "Python's PUZZLES");
}
