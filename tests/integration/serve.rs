//! `sudokit serve`, started on a free loopback port by each test: the same records as the
//! CLI, one-line refusals with the right codes, the bounds (size, time, queue), metrics,
//! graceful shutdown, and the setter's page in a real headless browser.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::helpers::{data_path, file_with, path_text, sudokit, text};

/// A server process on 127.0.0.1 and a port the system chose; killed when dropped.
struct Server {
    child: Child,
    address: String,
    /// The lines it wrote on standard error after the first.
    log: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let server = Server::start_on("127.0.0.1:0", extra);
        assert!(
            server.address.starts_with("127.0.0.1:"),
            "{}",
            server.address
        );
        server
    }

    /// A server listening on `listen` (an address or a host name, and a port).
    fn start_on(listen: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(["serve", "--listen", listen])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut first = String::new();
        stderr.read_line(&mut first).unwrap();
        // keep reading, so the server never writes into a closed pipe
        let log = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let kept = log.clone();
        std::thread::spawn(move || {
            for line in stderr.lines().map_while(Result::ok) {
                kept.lock().unwrap().push(line);
            }
        });
        let address = first
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("no address in {first:?}"))
            .to_string();
        Server {
            child,
            address,
            log,
        }
    }

    fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String, Vec<u8>) {
        exchange(&self.address, method, path, body)
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (code, _, bytes) = self.request("POST", path, body.to_string().as_bytes());
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| panic!("{path}: not JSON: {}", text(&bytes)));
        (code, value)
    }

    /// Sends SIGTERM and waits for the exit code.
    fn terminate(mut self) -> Option<i32> {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the server did not stop within 30 s of SIGTERM");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 exchange with the server at `address`: the status code, the head (lower-case)
/// and the body.
fn exchange(address: &str, method: &str, path: &str, body: &[u8]) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        address,
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    // send the body while reading, as browsers and curl do: a server may answer (413) and
    // close before it has read all of a body it refuses
    let mut sending = stream.try_clone().unwrap();
    let body = body.to_vec();
    let sender = std::thread::spawn(move || {
        let _ = sending.write_all(&body);
    });
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let _ = sender.join();
    let split = answer
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no HTTP answer: {:?}", text(&answer)));
    let head = text(&answer[..split]).to_lowercase();
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap();
    let mut body = answer[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = unchunk(&body);
    }
    (code, head, body)
}

fn unchunk(mut bytes: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let Some(end) = bytes.windows(2).position(|window| window == b"\r\n") else {
            return body;
        };
        let size = usize::from_str_radix(text(&bytes[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&bytes[end + 2..end + 2 + size]);
        bytes = &bytes[end + 2 + size + 2..];
    }
}

/// Unique, several solutions, none (a clash-free but impossible grid), clashing givens and a
/// malformed line.
const MIXED: &str = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
12345678.........9...............................................................
11...............................................................................
12345
";

/// The records of a CLI run on a file, without `source` (the file's path vs `request`).
fn cli_records(arguments: &[&str]) -> Vec<Value> {
    let output = sudokit(arguments);
    text(&output.stdout)
        .lines()
        .map(|line| {
            let mut record: Value = serde_json::from_str(line).unwrap();
            record.as_object_mut().unwrap().remove("source");
            record
        })
        .collect()
}

fn without_source(records: &Value) -> Vec<Value> {
    records
        .as_array()
        .unwrap()
        .iter()
        .map(|record| {
            let mut record = record.clone();
            assert!(record["source"].as_str().unwrap().starts_with("request:"));
            record.as_object_mut().unwrap().remove("source");
            record
        })
        .collect()
}

#[test]
fn the_api_answers_the_records_the_cli_writes() {
    let server = Server::start(&[]);
    let file = file_with(MIXED, ".txt");
    let path = path_text(file.path());
    let cases: [(&str, serde_json::Value, Vec<&str>); 4] = [
        (
            "/v1/check",
            serde_json::json!({"puzzle": MIXED}),
            vec!["check", "--json", path],
        ),
        (
            "/v1/solve",
            serde_json::json!({"puzzle": MIXED}),
            vec!["solve", "--json", path],
        ),
        (
            "/v1/grade",
            serde_json::json!({"puzzle": MIXED}),
            vec!["grade", "--json", path],
        ),
        (
            "/v1/grade",
            serde_json::json!({"puzzle": MIXED, "scale": "se"}),
            vec!["grade", "--scale", "se", "--json", path],
        ),
    ];
    for (endpoint, request, command) in cases {
        let (code, answer) = server.post(endpoint, &request);
        // the malformed and clashing lines make the whole answer an input error, as exit 2 does
        assert_eq!(code, 422, "{endpoint}: {answer}");
        assert_eq!(answer["status"], "error");
        assert!(
            answer["reason"].as_str().unwrap().contains("r1c1"),
            "{answer}"
        );
        let records = without_source(&answer["records"]);
        assert_eq!(records.len(), 5, "one record per puzzle read: {answer}");
        assert_eq!(
            records,
            cli_records(&command),
            "{endpoint} differs from {command:?}"
        );
    }
    // one unique puzzle: 200, status ok; a non-unique one: 200, not_unique with the cells
    let unique = MIXED.lines().next().unwrap();
    let (code, answer) = server.post("/v1/check", &serde_json::json!({"puzzle": unique}));
    assert_eq!((code, answer["status"].as_str()), (200, Some("ok")));
    assert_eq!(answer["records"][0]["status"], "unique");
    let loose = MIXED.lines().nth(1).unwrap();
    let (code, answer) = server.post("/v1/grade", &serde_json::json!({"puzzle": loose}));
    assert_eq!((code, answer["status"].as_str()), (200, Some("not_unique")));
    assert_eq!(answer["records"][0]["status"], "multiple");
    assert!(!answer["records"][0]["differences"]
        .as_array()
        .unwrap()
        .is_empty());
}

#[test]
fn grading_explains_each_step_with_its_cells_and_render_and_generate_answer() {
    let server = Server::start(&[]);
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let puzzle_file = file_with(easy, ".txt");
    let (code, answer) = server.post(
        "/v1/grade",
        &serde_json::json!({"puzzle": easy, "explain": true}),
    );
    assert_eq!(code, 200, "{answer}");
    let record = &answer["records"][0];
    assert_eq!(record["level"], "Easy");
    let steps = record["steps"].as_array().unwrap();
    let placed: usize = steps
        .iter()
        .map(|step| step["placements"].as_array().unwrap().len())
        .sum();
    assert_eq!(
        placed,
        easy.matches('.').count(),
        "every empty cell is placed"
    );
    assert!(steps[0]["text"].as_str().unwrap().contains("single"));
    assert!(steps[0]["placements"][0].as_str().unwrap().starts_with('r'));
    let cli = cli_records(&[
        "grade",
        "--json",
        "--explain",
        path_text(puzzle_file.path()),
    ]);
    let mut served = record.clone();
    served.as_object_mut().unwrap().remove("source");
    assert_eq!(served, cli[0], "the same record as grade --json --explain");

    let (code, head, svg) = server.request(
        "POST",
        "/v1/render",
        serde_json::json!({"puzzle": easy}).to_string().as_bytes(),
    );
    assert_eq!(code, 200);
    assert!(head.contains("image/svg+xml"));
    assert_eq!(
        text(&svg),
        text(&std::fs::read(render_svg(easy)).unwrap()),
        "the same SVG as render"
    );
    let (code, head, pdf) = server.request(
        "POST",
        "/v1/render",
        serde_json::json!({"puzzle": easy, "format": "pdf", "solution": true})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(code, 200);
    assert!(head.contains("application/pdf") && pdf.starts_with(b"%PDF-"));

    let (code, answer) = server.post(
        "/v1/generate",
        &serde_json::json!({"preset": "sudoku-6", "seed": 5, "count": 3}),
    );
    assert_eq!(code, 200, "{answer}");
    let made = answer["records"].as_array().unwrap();
    assert_eq!(made.len(), 3);
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("six");
    let generated = sudokit(&[
        "generate",
        "--preset",
        "sudoku-6",
        "--seed",
        "5",
        "--count",
        "3",
        "--out",
        path_text(&out),
        "--quiet",
    ]);
    assert_eq!(generated.status.code(), Some(0));
    let written = std::fs::read_to_string(out.join("puzzles.jsonl")).unwrap();
    for (served, line) in made.iter().zip(written.lines()) {
        let line: Value = serde_json::from_str(line).unwrap();
        assert_eq!(served["puzzle"], line["puzzle"]);
        assert_eq!(served["solution"], line["solution"]);
    }
    let (code, answer) = server.post(
        "/v1/generate",
        &serde_json::json!({"preset": "../../etc/passwd"}),
    );
    assert_eq!(code, 422, "{answer}");
}

/// The SVG `render` writes for one puzzle line.
fn render_svg(line: &str) -> std::path::PathBuf {
    let folder = tempfile::tempdir().unwrap().keep();
    let file = folder.join("one.txt");
    std::fs::write(&file, line).unwrap();
    let out = folder.join("one.svg");
    let output = sudokit(&[
        "render",
        "--svg",
        "--out",
        path_text(&out),
        "-q",
        path_text(&file),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    out
}

#[test]
fn bad_requests_get_one_line_reasons_and_the_right_codes() {
    let server = Server::start(&["--max-body", "2000"]);
    let (code, _, body) = server.request("POST", "/v1/check", b"{\"puzzle\": ");
    assert_eq!(code, 400, "{}", text(&body));
    let (code, answer) = server.post(
        "/v1/check",
        &serde_json::json!({"puzzle": "1", "colour": "red"}),
    );
    assert_eq!(code, 422);
    assert!(
        answer["reason"].as_str().unwrap().contains("colour"),
        "{answer}"
    );
    let big = serde_json::json!({"puzzle": ".".repeat(5000)});
    let (code, answer) = server.post("/v1/check", &big);
    assert_eq!(code, 413, "{answer}");
    assert!(answer["reason"].as_str().unwrap().contains("2000 bytes"));
    // a rule sudokit does not model: the CLI's own reason
    let parity = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{"parity":"even"},{}],[{},{},{},{}]]}"#;
    let (code, answer) = server.post("/v1/check", &serde_json::json!({"puzzle": parity}));
    assert_eq!(code, 422);
    let reason = answer["reason"].as_str().unwrap();
    assert!(
        reason.contains("parity) r3c3") && reason.contains("not a rule sudokit models"),
        "{reason}"
    );
    assert!(!reason.contains('\n'));
    let (code, answer) = server.post("/v1/check", &serde_json::json!({"puzzle": "1", "limit": 1}));
    assert_eq!(code, 422);
    assert!(
        answer["reason"].as_str().unwrap().contains("below 2"),
        "{answer}"
    );
    let (code, _, _) = server.request("GET", "/v1/nothing", b"");
    assert_eq!(code, 404);
    let lines: Vec<Value> = [&answer].into_iter().cloned().collect();
    assert_eq!(lines[0]["status"], "error");
}

#[test]
fn slow_work_is_cut_by_the_time_limit_and_a_full_queue_answers_503() {
    let server = Server::start(&["--timeout", "0.1", "--concurrency", "1", "--queue", "1"]);
    // eight 25×25 puzzles take more than a second to make
    let slow = serde_json::json!({"preset": "sudoku-25", "seed": 1, "count": 8});
    let started = Instant::now();
    let threads: Vec<_> = (0..3)
        .map(|_| {
            let address = server.address.clone();
            let body = slow.to_string();
            std::thread::spawn(move || {
                let (code, head, body) =
                    exchange(&address, "POST", "/v1/generate", body.as_bytes());
                (code, head, text(&body))
            })
        })
        .collect();
    let answers: Vec<(u16, String, String)> = threads
        .into_iter()
        .map(|thread| thread.join().unwrap())
        .collect();
    let codes: Vec<u16> = answers.iter().map(|answer| answer.0).collect();
    assert!(codes.contains(&422), "{answers:?}");
    assert!(
        codes.iter().all(|code| [422, 503].contains(code)),
        "{answers:?}"
    );
    for (code, head, body) in &answers {
        if *code == 422 {
            assert!(body.contains("not answered within 0.1 s"), "{body}");
        } else {
            assert!(head.contains("retry-after: 1"), "{head}");
        }
    }
    // the server stays responsive while the cut-off work runs on
    let (code, _, body) = server.request("GET", "/healthz", b"");
    assert_eq!((code, text(&body).trim()), (200, "ok"));
    assert!(started.elapsed() < Duration::from_secs(20));
    let (_, _, metrics) = server.request("GET", "/metrics", b"");
    let metrics = text(&metrics);
    assert!(
        metrics.contains("sudokit_rejected_total{reason=\"timeout\"}"),
        "{metrics}"
    );
    assert!(
        metrics.contains("sudokit_request_seconds_bucket{endpoint=\"/v1/generate\",le=\"+Inf\"}")
    );
}

#[test]
fn a_request_waiting_behind_cut_off_work_is_answered_within_the_time_limit() {
    let server = Server::start(&[
        "--timeout",
        "0.2",
        "--concurrency",
        "1",
        "--generate-limit",
        "50",
    ]);
    // fifty greater killers take seconds to make: the answer is cut at the limit while the
    // work runs on, holding the only slot
    let slow = serde_json::json!({"preset": "greater-killer", "seed": 1, "count": 50});
    let (code, answer) = server.post("/v1/generate", &slow);
    assert_eq!(code, 422, "{answer}");
    // a quick check waits for that slot: the cut-off work was cancelled, so it gets the slot
    // and its answer within its own limit; or, should the slot not free in time, it is told
    // to come back (503 with Retry-After), never left to wait for the earlier work to end
    let quick = serde_json::json!({"puzzle": MIXED.lines().next().unwrap()});
    let (code, head, body) = server.request("POST", "/v1/check", quick.to_string().as_bytes());
    assert!(
        code == 200 || (code == 503 && head.contains("retry-after:")),
        "{code} {}",
        text(&body)
    );
}

#[test]
fn metrics_openapi_and_a_graceful_stop() {
    let server = Server::start(&[]);
    let (code, answer) = server.post(
        "/v1/check",
        &serde_json::json!({"puzzle": MIXED.lines().next().unwrap()}),
    );
    assert_eq!(code, 200, "{answer}");
    let (_, head, metrics) = server.request("GET", "/metrics", b"");
    assert!(head.contains("text/plain"));
    let metrics = text(&metrics);
    for expected in [
        "sudokit_requests_total{endpoint=\"/v1/check\",code=\"200\"} 1",
        "sudokit_request_seconds_count{endpoint=\"/v1/check\"} 1",
        "# TYPE sudokit_request_seconds histogram",
        "sudokit_busy_seconds_total{endpoint=\"check\"}",
        "sudokit_rejected_total{reason=\"queue_full\"} 0",
    ] {
        assert!(metrics.contains(expected), "{expected} not in\n{metrics}");
    }
    let (code, _, openapi) = server.request("GET", "/openapi.json", b"");
    assert_eq!(code, 200);
    let openapi: Value = serde_json::from_slice(&openapi).unwrap();
    for path in [
        "/v1/check",
        "/v1/grade",
        "/v1/solve",
        "/v1/render",
        "/v1/generate",
    ] {
        assert!(openapi["paths"][path]["post"].is_object(), "{path}");
    }
    // a request in flight when SIGTERM arrives is answered; then the server exits 0
    let address = server.address.clone();
    let in_flight = std::thread::spawn(move || {
        let body = serde_json::json!({"preset": "classic-hard", "count": 3}).to_string();
        exchange(&address, "POST", "/v1/generate", body.as_bytes()).0
    });
    assert!(until(Duration::from_secs(30), || in_flight.is_finished()
        || gauge(&server, "sudokit_slots_busy") == 1));
    assert_eq!(server.terminate(), Some(0));
    let code = in_flight.join().unwrap();
    assert!([200, 422].contains(&code), "answered, not dropped: {code}");
}

/// Chromium's path, or `None` with a note (a failure under `CI=true`).
fn chromium() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|output| output.status.success())
        });
    if found.is_none() {
        let in_ci = std::env::var("CI").is_ok_and(|value| value == "true");
        assert!(!in_ci, "chromium is missing, and CI=true: install chromium");
        eprintln!("note: skipped, chromium not found (apt-get install chromium)");
    }
    found
}

#[test]
fn the_page_checks_rates_and_explains_in_a_real_browser() {
    let Some(browser) = chromium() else { return };
    let server = Server::start(&[]);
    let profile = tempfile::tempdir().unwrap();
    let dom = |puzzle: &str| -> String {
        let url = format!("http://{}/?puzzle={puzzle}", server.address);
        let output = Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                &format!("--user-data-dir={}", path_text(profile.path())),
                "--virtual-time-budget=20000",
                "--dump-dom",
                &url,
            ])
            .output()
            .expect("chromium runs");
        text(&output.stdout)
    };
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let page = dom(easy);
    assert!(page.contains("class=\"unique\""), "{page}");
    assert!(page.contains("HoDoKu: Easy"), "{page}");
    assert!(page.contains("Sudoku Explainer: ED="), "{page}");
    assert!(page.contains("<svg"), "the board is drawn: {page}");
    assert!(page.matches("<li").count() > 40, "the steps are listed");
    assert!(page.contains("play on f-puzzles") && page.contains("download the PDF"));
    let loose = "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let page = dom(loose);
    assert!(page.contains("class=\"multiple\""), "{page}");
    assert!(page.contains("Two solutions differ at r"), "{page}");
    assert!(
        page.contains("suggest: add r"),
        "check --suggest's advice: {page}"
    );
    assert!(
        page.contains("class=\"mark\""),
        "the differing cells are marked: {page}"
    );
    // a 16×16 (issue 28): Sudoku Explainer's reason instead of "error", and the steps in
    // the board's alphabet (16 is G)
    let sixteen = crate::helpers::read_data("sizes/vu_kr_16x16_100.txt");
    let sixteen = sixteen.lines().next().unwrap();
    let page = dom(sixteen);
    assert!(
        page.contains("Sudoku Explainer: not rated (the SE scale rates puzzles of at most"),
        "{page}"
    );
    let ratings = page
        .split("<div id=\"ratings\">")
        .nth(1)
        .and_then(|rest| rest.split("</div>").next())
        .unwrap_or_else(|| panic!("{page}"));
    assert!(
        !ratings.contains("undefined") && !ratings.contains(": error"),
        "{ratings}"
    );
    assert!(page.contains("<li>r1c2=G  naked single"), "{page}");
    assert!(!page.contains("=16"), "{page}");
    // the true-candidates button's table (issue 27): the givens keep their one digit
    let page = dom(&format!("{loose}&candidates"));
    assert!(page.contains("aria-label=\"true candidates\""), "{page}");
    assert!(page.contains("multiple: candidates from"), "{page}");
    assert!(
        page.contains("<td aria-label=\"r1c7\" class=\"single\">8</td>"),
        "{page}"
    );
}

/// A 17-clue puzzle less one given: several solutions.
fn without_first_given(line: &str) -> String {
    let first = line.find(|character: char| character.is_ascii_digit() && character != '0');
    line.char_indices()
        .map(|(index, character)| if Some(index) == first { '.' } else { character })
        .collect()
}

/// The bounded load test (not part of `cargo test`; see BENCHMARKS.md):
/// `SERVE_LOAD_SECONDS=30 SERVE_LOAD_CLIENTS=32 cargo test --release --test integration
/// serve::load -- --ignored --nocapture`. Clients on loopback send a mix of requests for
/// the given time, then the run stops by itself; every request must be answered with the
/// code its kind expects. Prints throughput, p50/p99 latency and the share of 4xx/5xx, and
/// the CLI's rate on the same puzzles.
#[test]
#[ignore = "a load test of about 30 s: run it by name with --ignored"]
fn load() {
    let seconds: u64 =
        std::env::var("SERVE_LOAD_SECONDS").map_or(30, |value| value.parse().unwrap());
    let clients: usize =
        std::env::var("SERVE_LOAD_CLIENTS").map_or(32, |value| value.parse().unwrap());
    let top: Vec<String> = std::fs::read_to_string(data_path("classic/top1465.txt"))
        .unwrap()
        .lines()
        .map(|line| line[..81].to_string())
        .collect();
    let seventeen: Vec<String> =
        std::fs::read_to_string(data_path("classic/royle_17clue_49158.txt"))
            .unwrap()
            .lines()
            .take(2000)
            .map(|line| line[..81].to_string())
            .collect();
    let batch: String = seventeen[..100].join("\n");
    let server = Server::start(&["--max-body", "65536"]);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let threads: Vec<_> = (0..clients)
        .map(|client| {
            let address = server.address.clone();
            let (top, seventeen, batch) = (top.clone(), seventeen.clone(), batch.clone());
            std::thread::spawn(move || {
                let mut seen: Vec<(&'static str, u16, Duration, usize)> = Vec::new();
                let mut turn = client;
                while Instant::now() < deadline {
                    turn += clients;
                    let (kind, path, body, expected, puzzles): (&str, &str, String, &[u16], usize) =
                        match turn % 10 {
                            0..=3 => ("easy check", "/v1/check", serde_json::json!({"puzzle": seventeen[turn % seventeen.len()]}).to_string(), &[200], 1),
                            4 => ("hard grade", "/v1/grade", serde_json::json!({"puzzle": top[turn % top.len()]}).to_string(), &[200, 422, 503], 1),
                            5 => ("batch of 100", "/v1/check", serde_json::json!({"puzzle": batch}).to_string(), &[200], 100),
                            6 => ("not unique", "/v1/check", serde_json::json!({"puzzle": without_first_given(&seventeen[turn % seventeen.len()])}).to_string(), &[200], 1),
                            7 => ("malformed", "/v1/check", "{\"puzzle\": \"12".to_string(), &[400], 0),
                            8 => ("oversized", "/v1/check", serde_json::json!({"puzzle": ".".repeat(70_000)}).to_string(), &[413], 0),
                            _ => ("hard check", "/v1/check", serde_json::json!({"puzzle": top[turn % top.len()]}).to_string(), &[200], 1),
                        };
                    let started = Instant::now();
                    let (code, _, _) = exchange(&address, "POST", path, body.as_bytes());
                    let took = started.elapsed();
                    assert!(expected.contains(&code) || code == 503, "{kind}: {code}");
                    seen.push((kind, code, took, puzzles));
                }
                seen
            })
        })
        .collect();
    let seen: Vec<(&str, u16, Duration, usize)> = threads
        .into_iter()
        .flat_map(|thread| thread.join().expect("every request answered"))
        .collect();
    let total = seen.len();
    let mut latencies: Vec<Duration> = seen.iter().map(|entry| entry.2).collect();
    latencies.sort();
    let percentile = |share: f64| {
        latencies[((latencies.len() as f64 * share) as usize).min(latencies.len() - 1)]
    };
    let count = |low: u16, high: u16| {
        seen.iter()
            .filter(|entry| (low..=high).contains(&entry.1))
            .count()
    };
    println!(
        "{total} requests in {seconds} s from {clients} clients: {:.0} requests/s, p50 {:.2} ms, p99 {:.2} ms; 2xx {:.1} %, 4xx {:.1} %, 5xx {:.1} %",
        total as f64 / seconds as f64,
        percentile(0.5).as_secs_f64() * 1000.0,
        percentile(0.99).as_secs_f64() * 1000.0,
        100.0 * count(200, 299) as f64 / total as f64,
        100.0 * count(400, 499) as f64 / total as f64,
        100.0 * count(500, 599) as f64 / total as f64,
    );
    for kind in [
        "easy check",
        "hard check",
        "hard grade",
        "batch of 100",
        "not unique",
        "malformed",
        "oversized",
    ] {
        let mine: Vec<_> = seen.iter().filter(|entry| entry.0 == kind).collect();
        let mut times: Vec<Duration> = mine.iter().map(|entry| entry.2).collect();
        times.sort();
        let codes: std::collections::BTreeMap<u16, usize> =
            mine.iter().fold(Default::default(), |mut codes, entry| {
                *codes.entry(entry.1).or_default() += 1;
                codes
            });
        println!(
            "  {kind:<13} {:>6} requests, p50 {:>8.2} ms, codes {codes:?}",
            mine.len(),
            times
                .get(times.len() / 2)
                .map_or(0.0, |time| time.as_secs_f64() * 1000.0),
        );
    }
    let served: usize = seen
        .iter()
        .filter(|entry| entry.0 == "batch of 100" && entry.1 == 200)
        .map(|entry| entry.3)
        .sum();
    let batch_seconds: f64 = seen
        .iter()
        .filter(|entry| entry.0 == "batch of 100")
        .map(|entry| entry.2.as_secs_f64())
        .sum();
    println!("  batched checks: {served} puzzles answered in 100s");
    let _ = batch_seconds;
    let (_, _, metrics) = server.request("GET", "/metrics", b"");
    let metrics = text(&metrics);
    for line in metrics.lines().filter(|line| {
        line.starts_with("sudokit_busy_seconds_total") || line.starts_with("sudokit_rejected_total")
    }) {
        println!("  {line}");
    }
    // the CLI on the same 2000 17-clue puzzles
    let file = file_with(seventeen.join("\n"), ".txt");
    let started = Instant::now();
    let output = sudokit(&["check", "--json", "--quiet", path_text(file.path())]);
    let cli = started.elapsed().as_secs_f64();
    assert_eq!(output.status.code(), Some(0));
    println!("  CLI: check --json of the same 2000 17-clue puzzles in {:.3} s, {:.0} puzzles/s (process start included)", cli, 2000.0 / cli);
    assert_eq!(server.terminate(), Some(0));
}

#[test]
fn with_a_bank_graded_puzzles_are_stored_and_isomorphs_seen() {
    let folder = tempfile::tempdir().unwrap();
    let bank = folder.path().join("bank.sqlite");
    let server = Server::start(&["--bank", bank.to_str().unwrap()]);
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let (code, first) = server.post("/v1/grade", &json!({"puzzle": line}));
    assert_eq!(code, 200, "{first}");
    assert_eq!(first["records"][0]["bank"]["status"], "stored", "{first}");
    // The same puzzle mirrored left to right: seen, with the earlier record.
    let mirrored: String = line
        .as_bytes()
        .chunks(9)
        .flat_map(|row| row.iter().rev().map(|&byte| char::from(byte)))
        .collect();
    let (code, second) = server.post("/v1/grade", &json!({"puzzle": mirrored}));
    assert_eq!(code, 200, "{second}");
    let kept = &second["records"][0]["bank"];
    assert_eq!(kept["status"], "seen", "{second}");
    assert_eq!(kept["earlier"]["id"], first["records"][0]["bank"]["id"]);
    // the bank keeps the canonical form of what it rated (one row for every orientation)
    let earlier = kept["earlier"]["puzzle"]
        .as_str()
        .expect("the earlier puzzle");
    let key = |text: &str| sudokit::canonical::canonical_key(&crate::helpers::line_puzzle(text));
    assert_eq!(key(earlier), key(line));
}

#[test]
fn with_a_bank_the_request_diagonals_are_part_of_the_puzzle_stored() {
    let folder = tempfile::tempdir().unwrap();
    let bank = folder.path().join("bank.sqlite");
    let server = Server::start(&["--bank", bank.to_str().unwrap()]);
    // unique only with the X rule (several solutions without it)
    let line = "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
    let (code, answer) = server.post("/v1/grade", &json!({"puzzle": line, "diagonals": "both"}));
    assert_eq!(code, 200, "{answer}");
    assert_eq!(answer["records"][0]["status"], "rated", "{answer}");
    assert_eq!(answer["records"][0]["bank"]["status"], "stored", "{answer}");
    let output = sudokit(&[
        "bank",
        "query",
        "--db",
        path_text(&bank),
        "--variant",
        "x",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stored: Vec<Value> = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(stored[0]["id"], answer["records"][0]["bank"]["id"]);
}

#[test]
fn render_with_the_solution_refuses_a_puzzle_without_exactly_one() {
    let server = Server::start(&[]);
    let several = MIXED.lines().nth(1).unwrap();
    let impossible = MIXED.lines().nth(2).unwrap();
    for (puzzle, why) in [
        (several, "several solutions"),
        (impossible, "no solution to draw"),
    ] {
        for format in ["svg", "pdf"] {
            let request = json!({"puzzle": puzzle, "format": format, "solution": true});
            let (code, answer) = server.post("/v1/render", &request);
            assert_eq!(code, 422, "{format}: {answer}");
            let reason = answer["reason"].as_str().unwrap();
            assert!(reason.contains(why), "{format}: {reason}");
        }
        // the puzzle alone is drawn
        let request = json!({"puzzle": puzzle});
        let (code, _, _) = server.request("POST", "/v1/render", request.to_string().as_bytes());
        assert_eq!(code, 200);
    }
}

#[test]
fn a_rating_cut_by_the_work_limit_is_beyond_not_not_unique() {
    let server = Server::start(&[]);
    let unique = MIXED.lines().next().unwrap();
    let (code, answer) = server.post("/v1/grade", &json!({"puzzle": unique, "work_limit": 1}));
    assert_eq!(code, 200, "{answer}");
    assert_eq!(answer["records"][0]["status"], "beyond", "{answer}");
    assert_eq!(answer["status"], "beyond", "{answer}");
    // beside a puzzle with several solutions, the worse answer stands
    let both = format!("{unique}\n{}\n", MIXED.lines().nth(1).unwrap());
    let (code, answer) = server.post("/v1/grade", &json!({"puzzle": both, "work_limit": 1}));
    assert_eq!(code, 200, "{answer}");
    assert_eq!(answer["status"], "not_unique", "{answer}");
}

#[test]
fn true_candidates_cut_by_a_tiny_work_limit_are_beyond_with_the_reason() {
    let server = Server::start(&[]);
    // an empty 16×16: the first solver call's loading alone passes the limit
    let empty = ".".repeat(256);
    let (code, answer) = server.post("/v1/candidates", &json!({"puzzle": empty, "work_limit": 1}));
    assert_eq!(code, 200, "{answer}");
    assert_eq!(answer["status"], "beyond", "{answer}");
    let record = &answer["records"][0];
    assert_eq!(record["status"], "beyond", "{answer}");
    assert_eq!(record["complete"], false, "{answer}");
    assert_eq!(record["solutions_found"], 0, "{answer}");
    assert_eq!(
        record["stopped"], "stopped: the work limit of 1 was used up",
        "{answer}"
    );
    // nothing decided: no digit shown in any cell
    let cells = record["candidates"].as_array().unwrap();
    assert_eq!(cells.len(), 16);
    assert!(cells
        .iter()
        .flat_map(|row| row.as_array().unwrap())
        .all(|digits| digits.as_array().unwrap().is_empty()));
    let (code, answer) = server.post(
        "/v1/candidates",
        &json!({"puzzle": ".".repeat(81), "work_limit": 0}),
    );
    assert_eq!(code, 422, "{answer}");
    assert!(answer["reason"].as_str().unwrap().contains("work_limit 0"));
}

#[test]
fn odd_methods_values_and_limits_get_true_one_line_refusals() {
    let server = Server::start(&[]);
    let unique = MIXED.lines().next().unwrap();
    // a known path with the wrong method: 405 with the reason in JSON and the Allow header
    let (code, head, body) = server.request("GET", "/v1/check", b"");
    assert_eq!(code, 405);
    assert!(head.contains("allow: post"), "{head}");
    let answer: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(answer["status"], "error");
    assert!(answer["reason"].as_str().unwrap().contains("GET /v1/check"));
    // a value that looks like a flag is the value refused, not a missing value
    let (code, answer) = server.post(
        "/v1/check",
        &json!({"puzzle": unique, "input_format": "--help"}),
    );
    assert_eq!(code, 422);
    let reason = answer["reason"].as_str().unwrap();
    assert!(reason.contains("invalid value '--help'"), "{reason}");
    let (code, answer) = server.post("/v1/grade", &json!({"puzzle": unique, "scale": "-q"}));
    assert_eq!(code, 422);
    assert!(
        answer["reason"].as_str().unwrap().contains("'-q'"),
        "{answer}"
    );
    // a limit past the documented maximum is refused, not cut silently
    for endpoint in ["/v1/check", "/v1/solve"] {
        let (code, answer) = server.post(endpoint, &json!({"puzzle": unique, "limit": 5000}));
        assert_eq!(code, 422, "{endpoint}: {answer}");
        assert!(answer["reason"].as_str().unwrap().contains("at most 1000"));
    }
    let (_, _, openapi) = server.request("GET", "/openapi.json", b"");
    let openapi: Value = serde_json::from_slice(&openapi).unwrap();
    let check = &openapi["components"]["schemas"]["CheckRequest"];
    assert_eq!(check["properties"]["limit"]["maximum"], 1000);
    for path in ["/v1/check", "/v1/generate"] {
        let responses = &openapi["paths"][path]["post"]["responses"];
        for code in ["405", "413", "415"] {
            assert!(responses[code].is_object(), "{path} {code}");
        }
    }
}

#[test]
fn with_no_queue_a_free_slot_still_answers() {
    // --queue 0: no request may wait, but one that finds a slot free never waits
    let server = Server::start(&["--queue", "0"]);
    let unique = MIXED.lines().next().unwrap();
    for _ in 0..3 {
        let (code, answer) = server.post("/v1/check", &json!({"puzzle": unique}));
        assert_eq!(code, 200, "{answer}");
    }
    let (_, _, metrics) = server.request("GET", "/metrics", b"");
    assert!(
        text(&metrics).contains("sudokit_rejected_total{reason=\"queue_full\"} 0"),
        "{}",
        text(&metrics)
    );
    // and a time limit of 0 is refused as such
    let output = sudokit(&["serve", "--listen", "127.0.0.1:0", "--timeout", "0"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("more than 0"), "{stderr}");
}

#[test]
fn a_client_that_hangs_up_while_waiting_gives_its_place_back() {
    let server = Server::start(&[
        "--concurrency",
        "1",
        "--queue",
        "1",
        "--timeout",
        "60",
        "--generate-limit",
        "50",
    ]);
    // a dozen greater killers hold the only slot for a while
    let address = server.address.clone();
    let slow = std::thread::spawn(move || {
        let body = json!({"preset": "greater-killer", "seed": 1, "count": 12}).to_string();
        exchange(&address, "POST", "/v1/generate", body.as_bytes()).0
    });
    assert!(until(Duration::from_secs(30), || gauge(
        &server,
        "sudokit_slots_busy"
    ) == 1));
    let quick = json!({"puzzle": MIXED.lines().next().unwrap()}).to_string();
    // a client asks, waits for the slot, and hangs up
    let mut stream = TcpStream::connect(&server.address).unwrap();
    let head = format!(
        "POST /v1/check HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        server.address,
        quick.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(quick.as_bytes()).unwrap();
    // (were the greater killers done already, there is no wait to give back)
    assert!(until(Duration::from_secs(30), || slow.is_finished()
        || gauge(&server, "sudokit_queue_depth") == 1));
    drop(stream);
    assert!(until(Duration::from_secs(30), || gauge(
        &server,
        "sudokit_queue_depth"
    ) == 0));
    // the queue has room again: the next request waits for the slot and is answered
    let (code, _, body) = server.request("POST", "/v1/check", quick.as_bytes());
    assert_eq!(code, 200, "{}", text(&body));
    assert_eq!(slow.join().unwrap(), 200);
}

/// Two connections that stop sending midway: one in its request's head, one in its body.
fn half_sent(address: &str) -> (TcpStream, TcpStream) {
    let mut half_head = TcpStream::connect(address).unwrap();
    half_head
        .write_all(b"POST /v1/check HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let mut half_body = TcpStream::connect(address).unwrap();
    half_body
        .write_all(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"puz")
        .unwrap();
    (half_head, half_body)
}

/// An empty 25×25 grid as one line: millions of solutions, each a long SAT search.
fn empty_25() -> String {
    ".".repeat(625)
}

/// Writes `bytes` on a new connection and reads until the server closes it or `wait` passes:
/// the status code (none when the server closed without an answer) and the time it took.
fn send_raw(address: &str, bytes: &[u8], wait: Duration) -> (Option<u16>, String, Duration) {
    let started = Instant::now();
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(wait)).unwrap();
    stream.write_all(bytes).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = text(&answer);
    let code = answer
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok());
    (code, answer.to_lowercase(), started.elapsed())
}

#[test]
fn timed_out_work_is_cancelled_so_the_two_request_wedge_frees_its_slots() {
    // two requests of an empty 25×25, one per slot, each asking for 1000 solutions: they
    // run far past the time limit; when it passes their work is cancelled, so an easy check
    // right after is answered at once instead of 422 for many minutes
    let server = Server::start(&["--timeout", "2", "--concurrency", "2", "--queue", "4"]);
    let wedges: Vec<_> = (0..2)
        .map(|_| {
            let address = server.address.clone();
            std::thread::spawn(move || {
                let body = json!({"puzzle": empty_25(), "limit": 1000}).to_string();
                let (code, _, body) = exchange(&address, "POST", "/v1/solve", body.as_bytes());
                (code, text(&body))
            })
        })
        .collect();
    let answered: Vec<(u16, String)> = wedges
        .into_iter()
        .map(|wedge| wedge.join().unwrap())
        .collect();
    for (code, body) in &answered {
        assert_eq!(*code, 422, "{body}");
        assert!(body.contains("not answered within 2.0 s"), "{body}");
    }
    // each 422 leaves once its work has given its slot back: both slots are free now, and
    // an easy check is answered (not queued behind cancelled work)
    let (_, _, metrics) = server.request("GET", "/metrics", b"");
    let metrics = text(&metrics);
    for expected in [
        "sudokit_cancelled_total{reason=\"timeout\"} 2",
        "sudokit_rejected_total{reason=\"timeout\"} 2",
        "sudokit_slots_busy 0",
        "sudokit_queue_depth 0",
    ] {
        assert!(metrics.contains(expected), "{expected} not in\n{metrics}");
    }
    let easy = json!({"puzzle": MIXED.lines().next().unwrap()});
    let (code, answer) = server.post("/v1/check", &easy);
    assert_eq!(code, 200, "{answer}");
}

#[test]
fn work_that_cannot_start_in_time_is_answered_503_with_retry_after_not_422() {
    let server = Server::start(&["--timeout", "1", "--concurrency", "1", "--queue", "4"]);
    let wedge = json!({"puzzle": empty_25(), "limit": 1000}).to_string();
    // the first wedge teaches the server that work holds a slot about a second here
    let (code, _, _) = server.request("POST", "/v1/solve", wedge.as_bytes());
    assert_eq!(code, 422);
    // a second wedge holds the only slot past its time limit (its search ends at the
    // deadline rounded up, then gives the slot back); a check sent as soon as the slot is
    // seen busy cannot start within its second: it is told when to come back. Should the
    // slot free in time after all (the check answered 200), the round is tried again.
    let easy = json!({"puzzle": MIXED.lines().next().unwrap()}).to_string();
    let mut refused = None;
    for _ in 0..5 {
        let address = server.address.clone();
        let body = wedge.clone();
        let holding =
            std::thread::spawn(move || exchange(&address, "POST", "/v1/solve", body.as_bytes()).0);
        assert!(until(Duration::from_secs(30), || gauge(
            &server,
            "sudokit_slots_busy"
        ) == 1));
        let (code, head, body) = server.request("POST", "/v1/check", easy.as_bytes());
        assert_eq!(holding.join().unwrap(), 422);
        match code {
            503 => {
                refused = Some((head, text(&body)));
                break;
            }
            200 => continue,
            other => panic!("{other}: {}", text(&body)),
        }
    }
    let (head, body) = refused.expect("a check behind the wedge was never refused in 5 rounds");
    assert!(head.contains("retry-after:"), "{head}");
    assert!(body.contains("busy"), "{body}");
    // cut-off work teaches admission nothing (issue 37): the check waited its second for
    // the slot rather than being turned away on a guess
    let (_, _, metrics) = server.request("GET", "/metrics", b"");
    let metrics = text(&metrics);
    assert!(
        metrics.contains("sudokit_rejected_total{reason=\"expected_wait\"} 0")
            && !metrics.contains("sudokit_rejected_total{reason=\"no_slot\"} 0"),
        "{metrics}"
    );
}

#[test]
fn sigterm_during_the_wedge_drains_within_drain_and_exits_0() {
    let server = Server::start(&["--timeout", "600", "--concurrency", "2", "--drain", "2"]);
    let wedges: Vec<_> = (0..2)
        .map(|_| {
            let address = server.address.clone();
            std::thread::spawn(move || {
                let body = json!({"puzzle": empty_25(), "limit": 1000}).to_string();
                let head = format!(
                    "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                    body.len()
                );
                send_raw(&address, head.as_bytes(), Duration::from_secs(60))
            })
        })
        .collect();
    // a client that sends half a head, and one that sends half a body, then wait
    let (half_head, half_body) = half_sent(&server.address);
    assert!(until(Duration::from_secs(30), || gauge(
        &server,
        "sudokit_slots_busy"
    ) == 2));
    // both wedges, both half-sent requests (and the one asking)
    assert!(until(Duration::from_secs(30), || gauge(
        &server,
        "sudokit_connections_open"
    ) >= 5));
    let log = server.log.clone();
    let signalled = Instant::now();
    assert_eq!(server.terminate(), Some(0));
    let took = signalled.elapsed();
    // the drain is waited for, and what it cut is said in the log (below); a bound on how
    // long after it the process ends would measure the machine's load, not the server
    assert!(
        took >= Duration::from_secs(2),
        "{took:?}: the drain was not waited for"
    );
    for wedge in wedges {
        let (code, _, _) = wedge.join().unwrap();
        // answered as stopped, or closed: never left hanging
        assert!(matches!(code, None | Some(422) | Some(503)), "{code:?}");
    }
    let log = log.lock().unwrap().join("\n");
    assert!(log.contains("the drain's 2 s ran out"), "{log}");
    drop((half_head, half_body));
}

#[test]
fn slow_heads_and_bodies_time_out_and_a_large_content_length_is_refused_at_once() {
    let server = Server::start(&["--header-timeout", "1", "--body-timeout", "1"]);
    // a connection that sends nothing (or stays idle after an answer) is closed
    let (code, _, took) = send_raw(&server.address, b"", Duration::from_secs(20));
    assert_eq!(code, None);
    assert!(took < Duration::from_secs(5), "idle for {took:?}");
    // half a head: closed at the header timeout
    let (_, _, took) = send_raw(
        &server.address,
        b"POST /v1/check HTTP/1.1\r\nHost: x\r\n",
        Duration::from_secs(20),
    );
    assert!(took < Duration::from_secs(5), "half a head held {took:?}");
    // half a body: 408 at the body timeout
    let (code, answer, took) = send_raw(
        &server.address,
        b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"puz",
        Duration::from_secs(20),
    );
    assert_eq!(code, Some(408), "{answer}");
    assert!(answer.contains("not sent within 1.0 s"), "{answer}");
    assert!(took < Duration::from_secs(5), "half a body held {took:?}");
    // a Content-Length past the limit: 413 before any of the body is sent
    let (code, answer, took) = send_raw(
        &server.address,
        b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n",
        Duration::from_secs(20),
    );
    assert_eq!(code, Some(413), "{answer}");
    assert!(
        answer.contains("larger than the server's limit"),
        "{answer}"
    );
    assert!(took < Duration::from_millis(900), "413 after {took:?}");
    let (_, _, metrics) = server.request("GET", "/metrics", b"");
    assert!(
        text(&metrics).contains("sudokit_rejected_total{reason=\"body_timeout\"} 1"),
        "{}",
        text(&metrics)
    );
}

#[test]
fn connections_past_the_cap_are_answered_503_and_the_gauges_count_them() {
    let server = Server::start(&["--max-connections", "2", "--header-timeout", "30"]);
    let first = TcpStream::connect(&server.address).unwrap();
    let second = TcpStream::connect(&server.address).unwrap();
    // a third connection is answered (and closed) until the server has counted the two
    let ask = |path: &str| {
        let head = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        send_raw(&server.address, head.as_bytes(), Duration::from_secs(30))
    };
    let mut answer = String::new();
    assert!(until(Duration::from_secs(30), || {
        let (code, text, _) = ask("/healthz");
        answer = text;
        code == Some(503)
    }));
    assert!(answer.contains("too many connections"), "{answer}");
    // once the server has seen the second close, a third is served again (each 503 on
    // the way counted)
    drop(second);
    let mut refused = 1;
    let mut metrics = String::new();
    assert!(until(Duration::from_secs(30), || {
        let (code, text, _) = ask("/metrics");
        refused += usize::from(code == Some(503));
        metrics = text;
        code == Some(200)
    }));
    for expected in [
        "sudokit_connections_open 2".to_string(),
        format!("sudokit_rejected_total{{reason=\"connections\"}} {refused}"),
        "sudokit_ready 1".to_string(),
    ] {
        assert!(metrics.contains(&expected), "{expected} not in\n{metrics}");
    }
    drop(first);
}

#[test]
fn readyz_says_not_ready_while_every_slot_and_the_queue_are_full() {
    let server = Server::start(&["--timeout", "3", "--concurrency", "1", "--queue", "0"]);
    let (code, _, body) = server.request("GET", "/readyz", b"");
    assert_eq!((code, text(&body).trim()), (200, "ready"));
    let address = server.address.clone();
    let wedge = std::thread::spawn(move || {
        let body = json!({"puzzle": empty_25(), "limit": 1000}).to_string();
        exchange(&address, "POST", "/v1/solve", body.as_bytes()).0
    });
    assert!(until(Duration::from_secs(30), || gauge(
        &server,
        "sudokit_slots_busy"
    ) == 1));
    let (code, _, body) = server.request("GET", "/readyz", b"");
    assert_eq!(code, 503, "{}", text(&body));
    assert!(text(&body).contains("every slot busy"), "{}", text(&body));
    // alive all the same
    let (code, _, _) = server.request("GET", "/healthz", b"");
    assert_eq!(code, 200);
    assert_eq!(wedge.join().unwrap(), 422);
    // ready again once the wedge's slot is free
    assert!(until(Duration::from_secs(30), || server
        .request("GET", "/readyz", b"")
        .0
        == 200));
}

#[test]
fn every_answer_says_nosniff_and_the_access_log_has_a_json_line_per_request() {
    let server = Server::start_on("localhost:0", &["--access-log"]);
    let unique = json!({"puzzle": MIXED.lines().next().unwrap()}).to_string();
    for (method, path, body, expected) in [
        ("POST", "/v1/check", unique.as_bytes(), 200),
        ("GET", "/nowhere", &b""[..], 404),
        ("POST", "/v1/check", &b"{}"[..], 422),
        ("GET", "/healthz", &b""[..], 200),
    ] {
        let (code, head, _) = server.request(method, path, body);
        assert_eq!(code, expected, "{method} {path}");
        assert!(
            head.contains("x-content-type-options: nosniff"),
            "{method} {path}: {head}"
        );
    }
    let logged = || -> Vec<Value> {
        server
            .log
            .lock()
            .unwrap()
            .iter()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect()
    };
    // a line is written once its answer has gone: wait for the fourth
    until(Duration::from_secs(30), || logged().len() >= 4);
    let lines = logged();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0]["method"], "POST");
    assert_eq!(lines[0]["path"], "/v1/check");
    assert_eq!(lines[0]["status"], 200);
    assert!(lines[0]["ms"].as_f64().is_some_and(|ms| ms >= 0.0));
    assert!(lines[0]["work"].is_u64());
    assert_eq!(lines[1]["status"], 404);
    assert_eq!(lines[3]["path"], "/healthz");
}

#[test]
fn every_answer_validates_against_its_schema_in_openapi() {
    let server = Server::start(&["--generate-limit", "3"]);
    let (code, _, openapi) = server.request("GET", "/openapi.json", b"");
    assert_eq!(code, 200);
    let openapi: Value = serde_json::from_slice(&openapi).unwrap();
    let unique = MIXED.lines().next().unwrap();
    let loose = MIXED.lines().nth(1).unwrap();
    let cases: Vec<(&str, Value, u16)> = vec![
        ("/v1/check", json!({"puzzle": unique}), 200),
        ("/v1/check", json!({"puzzle": MIXED}), 422),
        (
            "/v1/check",
            json!({"puzzle": loose, "all": true, "limit": 3}),
            200,
        ),
        ("/v1/check", json!({"puzzle": loose, "suggest": true}), 200),
        (
            "/v1/check",
            json!({"puzzle": unique, "diagonals": "sideways"}),
            422,
        ),
        ("/v1/check", json!({"puzzle": unique, "colour": "red"}), 422),
        ("/v1/candidates", json!({"puzzle": loose, "limit": 50}), 200),
        ("/v1/candidates", json!({"puzzle": MIXED}), 422),
        (
            "/v1/candidates",
            json!({"puzzle": ".".repeat(256), "work_limit": 1}),
            200,
        ),
        ("/v1/solve", json!({"puzzle": MIXED}), 422),
        ("/v1/solve", json!({"puzzle": loose, "limit": 4}), 200),
        ("/v1/grade", json!({"puzzle": unique, "explain": true}), 200),
        ("/v1/grade", json!({"puzzle": unique, "scale": "se"}), 200),
        ("/v1/grade", json!({"puzzle": loose}), 200),
        ("/v1/grade", json!({"puzzle": unique, "work_limit": 1}), 200),
        ("/v1/grade", json!({"puzzle": MIXED, "scale": "se121"}), 422),
        (
            "/v1/generate",
            json!({"preset": "sudoku-6", "seed": 2, "count": 2}),
            200,
        ),
        (
            "/v1/generate",
            json!({"preset": "killer-6", "seed": 2}),
            200,
        ),
        ("/v1/generate", json!({"preset": "nowhere"}), 422),
        (
            "/v1/generate",
            json!({"preset": "sudoku-6", "count": 9}),
            422,
        ),
        (
            "/v1/render",
            json!({"puzzle": unique, "format": "png"}),
            422,
        ),
        (
            "/v1/render",
            json!({"puzzle": loose, "solution": true}),
            422,
        ),
    ];
    for (path, request, expected) in cases {
        let (code, _, body) = server.request("POST", path, request.to_string().as_bytes());
        let answer: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(code, expected, "{path} {request}: {answer}");
        let schema = &openapi["paths"][path]["post"]["responses"][code.to_string()]["content"]
            ["application/json"]["schema"];
        assert!(schema.is_object(), "{path} {code}: no schema");
        let found = crate::schema::mismatch(&openapi, schema, &answer, "$");
        assert_eq!(found, None, "{path} {request}: {answer}");
    }
    // the refusals before any handler: bad JSON, a wrong method
    for (method, body, code) in [("POST", &b"{"[..], 400), ("GET", &b""[..], 405)] {
        let (answered, _, answer) = server.request(method, "/v1/check", body);
        assert_eq!(answered, code);
        let answer: Value = serde_json::from_slice(&answer).unwrap();
        let schema = &openapi["paths"]["/v1/check"]["post"]["responses"][code.to_string()]
            ["content"]["application/json"]["schema"];
        assert_eq!(
            crate::schema::mismatch(&openapi, schema, &answer, "$"),
            None
        );
    }
    // and an answer is not valid against another endpoint's schema
    let (_, check) = server.post("/v1/check", &json!({"puzzle": unique}));
    let grade = &openapi["paths"]["/v1/generate"]["post"]["responses"]["200"]["content"]
        ["application/json"]["schema"];
    assert!(crate::schema::mismatch(&openapi, grade, &check, "$").is_some());
}

// loaded here too, not shared with hostile_readers: that module keeps its copy private
#[path = "../common/lz_bomb.rs"]
#[allow(dead_code, clippy::duplicate_mod)] // the bomb alone is used here
mod lz_bomb;

/// A gauge's value in `/metrics`.
fn gauge(server: &Server, name: &str) -> u64 {
    let (_, _, metrics) = server.request("GET", "/metrics", b"");
    text(&metrics)
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{name} ")))
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {name} in /metrics"))
}

/// Waits until `done` holds, looking every 10 ms, for at most `most`; whether it held.
fn until(most: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + most;
    while Instant::now() < deadline {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    done()
}

/// What `/proc` says of a process now: its resident memory in kB and its SAT threads alive.
fn resident_and_sat_threads(pid: u32) -> Option<(u64, usize)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let resident = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())?;
    let sat = std::fs::read_dir(format!("/proc/{pid}/task"))
        .ok()?
        .filter_map(Result::ok)
        .filter(|task| {
            std::fs::read_to_string(task.path().join("comm"))
                .is_ok_and(|name| name.trim() == "sudokit-sat")
        })
        .count();
    Some((resident, sat))
}

/// Issue 37, point 3: the short body that took the server down, two 10 KB decompression
/// bombs and 16 hang-ups on 25×25 solves leave it alive, under 256 MB, with no more SAT
/// searches alive than --concurrency, and an easy check right after is answered 200 within
/// a second.
#[test]
fn hostile_requests_leave_the_server_alive_bounded_and_answering() {
    let server = Server::start(&["--timeout", "2", "--concurrency", "2", "--queue", "32"]);
    let pid = server.child.id();
    let watching = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let watcher = {
        let watching = watching.clone();
        std::thread::spawn(move || {
            let (mut most_resident, mut most_sat) = (0, 0);
            while watching.load(std::sync::atomic::Ordering::SeqCst) {
                if let Some((resident, sat)) = resident_and_sat_threads(pid) {
                    most_resident = most_resident.max(resident);
                    most_sat = most_sat.max(sat);
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            (most_resident, most_sat)
        })
    };
    // the body that took the server down (a million-cell side): one refusal, at once
    let body = br#"{"puzzle": "{\"size\": 1000000, \"grid\": []}"}"#;
    let (code, _, answer) = server.request("POST", "/v1/check", body);
    assert_eq!(code, 422, "{}", text(&answer));
    assert!(
        text(&answer).contains("is not a grid size"),
        "{}",
        text(&answer)
    );
    // two 10 KB links that unpack to gigabytes, at once
    let bomb = format!("https://www.f-puzzles.com/?load={}", lz_bomb::bomb(6200).0);
    assert!(bomb.len() > 10_000, "{}", bomb.len());
    let bombs: Vec<_> = (0..2)
        .map(|_| {
            let address = server.address.clone();
            let body = json!({"puzzle": bomb}).to_string();
            std::thread::spawn(move || exchange(&address, "POST", "/v1/check", body.as_bytes()))
        })
        .collect();
    for bomb in bombs {
        let (code, _, answer) = bomb.join().unwrap();
        assert_eq!(code, 422, "{}", text(&answer));
        assert!(
            text(&answer).contains("longer than any puzzle document"),
            "{}",
            text(&answer)
        );
    }
    assert_eq!(gauge(&server, "sudokit_slots_busy"), 0);
    // 16 clients ask for an empty 25×25's solutions and hang up once two have started
    let wedge = json!({"puzzle": empty_25(), "limit": 1000}).to_string();
    let head = format!(
        "POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        wedge.len()
    );
    let clients: Vec<TcpStream> = (0..16)
        .map(|_| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            stream.write_all(head.as_bytes()).unwrap();
            stream.write_all(wedge.as_bytes()).unwrap();
            stream
        })
        .collect();
    assert!(
        until(Duration::from_secs(10), || gauge(
            &server,
            "sudokit_slots_busy"
        ) == 2),
        "the solves never took both slots"
    );
    drop(clients);
    // the abandoned searches keep their slots until their threads end (splr stops at the
    // request's deadline, rounded up to a second), then give them back
    assert!(
        until(Duration::from_secs(10), || gauge(
            &server,
            "sudokit_slots_busy"
        ) == 0),
        "the slots were never given back"
    );
    let asked = Instant::now();
    let easy = json!({"puzzle": MIXED.lines().next().unwrap()});
    let (code, answer) = server.post("/v1/check", &easy);
    let took = asked.elapsed();
    assert_eq!(code, 200, "{answer}");
    assert_eq!(answer["records"][0]["status"], "unique", "{answer}");
    assert!(
        took < Duration::from_secs(1),
        "the easy check took {took:?}"
    );
    watching.store(false, std::sync::atomic::Ordering::SeqCst);
    let (most_resident, most_sat) = watcher.join().unwrap();
    let mut server = server;
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the server died"
    );
    assert!(
        most_resident < 256 * 1024,
        "resident memory reached {most_resident} kB"
    );
    // a slot's search may start its next solver call a moment before the last one's thread
    // has gone, never more
    assert!(most_sat <= 2 * 2, "{most_sat} SAT searches alive at once");
    let log = server.log.lock().unwrap().join("\n");
    assert!(!log.contains("panicked"), "{log}");
}

/// Issue 37, point 6: a timed-out request's 422 leaves only once its slot is free, so a
/// retry right after it finds the slot free (not 503 for the cancelled work).
#[test]
fn a_timed_out_request_is_answered_once_its_slot_is_free_and_a_retry_is_taken() {
    let server = Server::start(&["--timeout", "1", "--concurrency", "1", "--queue", "0"]);
    let wedge = json!({"puzzle": empty_25(), "limit": 1000}).to_string();
    let easy = json!({"puzzle": MIXED.lines().next().unwrap()});
    // with no queue, a retry sent the moment the 422 arrives is answered only if the slot
    // is free by then: 503 would mean the refusal left first; nor does the cut-off work
    // count in the expected wait
    let warning = "answered before the slot was free";
    for round in 0..3 {
        let (code, _, body) = server.request("POST", "/v1/solve", wedge.as_bytes());
        assert_eq!(code, 422, "round {round}: {}", text(&body));
        let (code, answer) = server.post("/v1/check", &easy);
        let log = server.log.lock().unwrap().join("\n");
        // the wait is bounded: on a machine so loaded that the abandoned SAT search outlives
        // the deadline by 5 s, the 422 goes out anyway, and standard error says so
        assert!(
            code == 200 || code == 503 && log.contains(warning),
            "round {round}: {answer}\n{log}"
        );
        if code == 200 {
            assert_eq!(gauge(&server, "sudokit_slots_busy"), 0);
        } else {
            assert!(until(Duration::from_secs(30), || gauge(
                &server,
                "sudokit_slots_busy"
            ) == 0));
        }
    }
}

/// Issue 37, point 6: during the drain `/readyz` and new requests are told 503, work the
/// drain cancels is answered 503, a half-sent head or body holds nothing, and the log says
/// what the drain cut.
#[test]
fn during_the_drain_everyone_is_told_503_and_half_sent_requests_hold_nothing() {
    // a drain long enough that a loaded machine still reaches every step inside it (with 8 s,
    // the server had left before the check under a busy test run)
    let mut server = Server::start(&["--timeout", "600", "--concurrency", "1", "--drain", "30"]);
    let address = server.address.clone();
    let wedge = std::thread::spawn(move || {
        let body = json!({"puzzle": empty_25(), "limit": 1000}).to_string();
        exchange(&address, "POST", "/v1/solve", body.as_bytes())
    });
    assert!(until(Duration::from_secs(10), || gauge(
        &server,
        "sudokit_slots_busy"
    ) == 1));
    let (mut half_head, mut half_body) = half_sent(&server.address);
    assert!(until(Duration::from_secs(5), || gauge(
        &server,
        "sudokit_connections_open"
    ) >= 3));
    let pid = server.child.id().to_string();
    Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    // /readyz says so once the signal is seen
    let mut ready = (0, String::new());
    assert!(
        until(Duration::from_secs(30), || {
            let (code, _, body) = server.request("GET", "/readyz", b"");
            ready = (code, text(&body));
            code == 503
        }),
        "{ready:?}"
    );
    assert!(ready.1.contains("draining"), "{ready:?}");
    let (code, answer) = server.post(
        "/v1/check",
        &json!({"puzzle": MIXED.lines().next().unwrap()}),
    );
    assert_eq!(code, 503, "{answer}");
    assert!(answer["reason"].as_str().unwrap().contains("stopping"));
    // the half body is told at once; the half head is closed
    half_body
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut answer = String::new();
    let _ = half_body.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    half_head
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut rest = Vec::new();
    let _ = half_head.read_to_end(&mut rest);
    // both were let go while the drain still waited for the wedge: they held nothing
    assert!(
        !wedge.is_finished(),
        "the half-sent requests were let go only at the drain's end"
    );
    // the wedge is cut at the drain's end and told the server stopped
    let (code, _, body) = wedge.join().unwrap();
    assert_eq!(code, 503, "{}", text(&body));
    let mut status = None;
    assert!(
        until(Duration::from_secs(60), || {
            status = server.child.try_wait().unwrap();
            status.is_some()
        }),
        "no exit"
    );
    assert_eq!(status.and_then(|status| status.code()), Some(0));
    let log = server.log.lock().unwrap().join("\n");
    assert!(
        log.contains("the drain's 30 s ran out: 1 request(s) cancelled (answered 503)"),
        "{log}"
    );
}

/// Issue 37, point 6: refusals hyper makes (400, 414, 431) carry a reason as every other
/// does, CONNECT is refused at once, `/v1/candidates` is counted under its name,
/// `work_limit: 0` is refused as the schema says, and the access log says when and who.
#[test]
fn every_refusal_has_a_reason_and_the_access_log_says_when_and_who() {
    let server = Server::start(&["--access-log"]);
    let long_path = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000));
    let many_headers = format!(
        "GET / HTTP/1.1\r\nHost: x\r\n{}\r\n",
        (0..200)
            .map(|number| format!("X-{number}: y\r\n"))
            .collect::<String>()
    );
    for (request, code, reason) in [
        ("GARBAGE\r\n\r\n".to_string(), 400, "is not http/1.1"),
        (long_path, 414, "path is too long"),
        (many_headers, 431, "head is too large"),
    ] {
        let (answered, answer, _) =
            send_raw(&server.address, request.as_bytes(), Duration::from_secs(10));
        assert_eq!(answered, Some(code), "{answer}");
        let body = &answer[answer.find("\r\n\r\n").unwrap() + 4..];
        let refusal: Value = serde_json::from_str(body).unwrap();
        assert_eq!(refusal["status"], "error");
        assert!(
            refusal["reason"].as_str().unwrap().contains(reason),
            "{refusal}"
        );
    }
    let (answered, answer, took) = send_raw(
        &server.address,
        b"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
        Duration::from_secs(20),
    );
    assert_eq!(answered, Some(405), "{answer}");
    assert!(answer.contains("not a proxy"), "{answer}");
    assert!(
        took < Duration::from_secs(2),
        "CONNECT answered after {took:?}"
    );
    let unique = MIXED.lines().next().unwrap();
    let (code, answer) = server.post("/v1/candidates", &json!({"puzzle": unique}));
    assert_eq!(code, 200, "{answer}");
    let (code, answer) = server.post("/v1/grade", &json!({"puzzle": unique, "work_limit": 0}));
    assert_eq!(code, 422, "{answer}");
    assert!(
        answer["reason"]
            .as_str()
            .unwrap()
            .contains("work_limit 0: must be 1 or more"),
        "{answer}"
    );
    let (_, _, metrics) = server.request("GET", "/metrics", b"");
    assert!(
        text(&metrics)
            .contains("sudokit_requests_total{endpoint=\"/v1/candidates\",code=\"200\"} 1"),
        "{}",
        text(&metrics)
    );
    let lines = server.log.lock().unwrap().clone();
    let line = lines
        .iter()
        .find(|line| line.contains("/v1/candidates"))
        .unwrap_or_else(|| panic!("{lines:?}"));
    let line: Value = serde_json::from_str(line).unwrap();
    assert!(
        line["client"].as_str().unwrap().starts_with("127.0.0.1:"),
        "{line}"
    );
    let time = line["time"].as_str().unwrap();
    assert!(
        time.len() == 20 && time.ends_with('Z') && time.as_bytes()[10] == b'T',
        "{line}"
    );
}
