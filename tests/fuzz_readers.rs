//! Property suite: real inputs of every format, mutated (bytes flipped, inserted, deleted,
//! duplicated, the text cut short), must never panic or hang; every error is one printable
//! line, and every puzzle read gets the same answer from both engines.
//!
//! A second suite makes structured mutations, the ones hostile input makes: absurd sizes and
//! counts in place of every number, lines and JSON array items repeated thousands of times,
//! deep nesting, texts packed into links, decompression bombs and random code streams, and
//! records of every notation mixed in one file; each case is read by the notation layer and
//! by the service's reader, must not panic, and must stay within 64 MB (and four bytes a byte
//! of text, for the copies a reader holds) above the memory the process held before it (its
//! peak resident memory, from `/proc/self/status`). A case's text is kept to a few megabytes,
//! and the suite prints its progress every `SUDOKIT_FUZZ_PROGRESS` cases (10 000).
//!
//! `cargo test` runs a quick pass (64 inputs per reader, 2000 structured cases). A long run is
//! `FUZZ_CASES=1000000 cargo test --release --test fuzz_readers` (see BENCHMARKS.md);
//! `FUZZ_ENGINES=0` leaves out the engines' answers, so a long run spends its time on the
//! readers alone. `SUDOKIT_FUZZ_CASES=200000 cargo test --release --test fuzz_readers
//! structured -- --nocapture` runs the structured suite alone (docs/development.md).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use sudokit::notation::{self, Format};

#[path = "common/lz_bomb.rs"]
mod lz_bomb;

/// The seeds: one real input per reader.
fn seeds() -> Vec<(&'static str, String)> {
    let data = |relative: &str| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(relative);
        std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{relative}: {error}"))
    };
    let classic = data("seeds/classic.txt");
    let inkala_line = classic
        .lines()
        .find(|line| !line.starts_with('#') && !line.trim().is_empty())
        .unwrap()
        .to_string();
    let inkala = notation::parse(&inkala_line, None).unwrap().remove(0);
    let killers = data("killer/killer_lisudoku.txt");
    let killer = notation::parse(&killers, None).unwrap().remove(0);
    let greater = notation::parse(&data("killer/killer_greater_grilops.txt"), None)
        .unwrap()
        .remove(0);
    let tsv = data("killer/killer_krazydad_1000.tsv")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(2)
        .collect::<Vec<_>>()
        .join("\n");
    let qqwing = format!(
        "Puzzle,Solution,Difficulty,\n{},{},Expert,\n",
        notation::format_grid(inkala.puzzle.givens(), Format::Line),
        notation::format_grid(inkala.solution.as_ref().unwrap(), Format::Line)
    );
    vec![
        ("line", inkala_line.clone()),
        (
            "grid",
            notation::format(&inkala.puzzle, Format::Grid).unwrap(),
        ),
        (
            "csv",
            notation::format(&inkala.puzzle, Format::Csv).unwrap(),
        ),
        (
            "killer",
            notation::format_entry(&greater, Format::Killer).unwrap(),
        ),
        ("killer-tsv", tsv),
        (
            "ron",
            notation::format_entry(&greater, Format::Ron).unwrap(),
        ),
        (
            "fpuzzles",
            notation::format_entry(&killer, Format::Fpuzzles).unwrap(),
        ),
        (
            "link",
            sudokit::render::links::fpuzzles(&killer.puzzle, Some("fuzz")).unwrap(),
        ),
        ("qqwing", qqwing),
        (
            "records",
            notation::format_entry(&greater, Format::Records).unwrap(),
        ),
    ]
}

/// One change to a text's bytes.
#[derive(Clone, Debug)]
enum Mutation {
    Flip { at: usize, bit: u8 },
    Insert { at: usize, byte: u8 },
    Delete { at: usize, length: usize },
    Duplicate { at: usize, length: usize },
    Truncate { at: usize },
}

/// Bytes that matter to the readers, inserted more often than others.
const INTERESTING: &[u8] = b"0123456789.,:;=\t\n\r {}[]()\"'-+|#xXABGPrcRC\0\x1b";

fn mutation() -> impl Strategy<Value = Mutation> {
    let byte = prop_oneof![
        3 => proptest::sample::select(INTERESTING),
        1 => any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
        (any::<usize>(), byte).prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        (any::<usize>(), 1usize..12).prop_map(|(at, length)| Mutation::Delete { at, length }),
        (any::<usize>(), 1usize..40).prop_map(|(at, length)| Mutation::Duplicate { at, length }),
        any::<usize>().prop_map(|at| Mutation::Truncate { at }),
    ]
}

fn apply(bytes: &mut Vec<u8>, mutation: &Mutation) {
    if bytes.is_empty() {
        return;
    }
    let position = |at: usize| at % bytes.len();
    match *mutation {
        Mutation::Flip { at, bit } => {
            let at = position(at);
            bytes[at] ^= 1 << bit;
        }
        Mutation::Insert { at, byte } => {
            let at = position(at);
            bytes.insert(at, byte);
        }
        Mutation::Delete { at, length } => {
            let at = position(at);
            let end = (at + length).min(bytes.len());
            bytes.drain(at..end);
        }
        Mutation::Duplicate { at, length } => {
            let at = position(at);
            let end = (at + length).min(bytes.len());
            let copy: Vec<u8> = bytes[at..end].to_vec();
            bytes.splice(at..at, copy);
        }
        Mutation::Truncate { at } => {
            let at = position(at);
            bytes.truncate(at);
        }
    }
}

/// How many inputs each reader gets: `FUZZ_CASES`, or 64.
fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(64)
}

/// Whether each puzzle read is solved by both engines: unless `FUZZ_ENGINES=0`.
fn with_engines() -> bool {
    std::env::var("FUZZ_ENGINES").map_or(true, |value| value != "0")
}

/// The most one parse may take before it counts as a hang.
const PARSE_BOUND: Duration = Duration::from_secs(2);

/// Reads `text` (detected, and as `forced`), checking every result.
fn check_text(text: &str, forced: Option<Format>) -> Result<(), TestCaseError> {
    for format in [None, forced] {
        let started = Instant::now();
        let results = notation::parse_each(text, format);
        let took = started.elapsed();
        prop_assert!(took < PARSE_BOUND, "parse took {took:?}");
        prop_assert!(!results.is_empty());
        for result in results.iter().take(4) {
            match result {
                Err(error) => {
                    let message = error.to_string();
                    prop_assert!(!message.is_empty());
                    prop_assert!(
                        !message.chars().any(char::is_control),
                        "an error with a control character: {message:?}"
                    );
                }
                Ok(entry) if with_engines() => check_answer(&entry.puzzle)?,
                Ok(_) => {}
            }
        }
    }
    Ok(())
}

/// Both engines agree on how many solutions (up to 2) a small puzzle has.
fn check_answer(puzzle: &sudokit::model::Puzzle) -> Result<(), TestCaseError> {
    if puzzle.geometry().cell_count() > 81 {
        return Ok(());
    }
    let native = sudokit::backtrack::count_solutions(puzzle, 2);
    let sat = sudokit::sat::count_solutions(puzzle, 2);
    prop_assert!(sat.is_ok(), "the SAT engine failed: {sat:?}");
    let sat = sat.unwrap();
    prop_assert_eq!(native.found(), sat.found());
    if let (Some(native), Some(sat)) = (native.solution(), sat.solution()) {
        prop_assert!(puzzle.is_solution(native) && puzzle.is_solution(sat));
    }
    Ok(())
}

fn forced_format(name: &str) -> Option<Format> {
    match name {
        "link" | "fpuzzles" => Some(Format::Fpuzzles),
        "qqwing" => Some(Format::Csv),
        other => other.parse().ok(),
    }
}

#[test]
fn mutated_inputs_of_every_reader_never_panic_and_answer_right_or_refuse() {
    for (name, seed) in seeds() {
        let forced = forced_format(name);
        // the seed itself reads
        assert!(
            notation::parse_each(&seed, forced)
                .iter()
                .all(Result::is_ok),
            "{name} seed"
        );
        let mut runner = TestRunner::new(Config {
            cases: cases(),
            failure_persistence: None,
            ..Config::default()
        });
        let started = Instant::now();
        let strategy = proptest::collection::vec(mutation(), 1..6);
        let result = runner.run(&strategy, |mutations| {
            let mut bytes = seed.clone().into_bytes();
            for mutation in &mutations {
                apply(&mut bytes, mutation);
            }
            let text = String::from_utf8_lossy(&bytes);
            check_text(&text, forced)
        });
        if let Err(failure) = result {
            panic!("{name}: {failure}");
        }
        eprintln!(
            "{name}: {} inputs in {:.1} s",
            cases(),
            started.elapsed().as_secs_f64()
        );
    }
}

/// Numbers that break declared sizes and counts: none, negative, past every side, past
/// 32 and 64 bits, fractions and exponents.
const ABSURD: &[&str] = &[
    "0",
    "-1",
    "26",
    "255",
    "256",
    "626",
    "65536",
    "1000000",
    "2147483648",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999999999",
    "1.5",
    "1e300",
    "-0",
];

/// How many structured cases: `SUDOKIT_FUZZ_CASES`, or 2000.
fn structured_cases() -> u64 {
    std::env::var("SUDOKIT_FUZZ_CASES")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(2000)
}

/// The process's peak resident memory in bytes (`VmHWM`), after resetting it when `reset`.
/// The peak before each reset is kept in [`RUN_PEAK`]: the resets hide it from the kernel's
/// own count (`getrusage`, `/usr/bin/time -v`), which then holds the last case's alone.
fn peak_memory(reset: bool) -> Option<u64> {
    if reset {
        RUN_PEAK.fetch_max(status_bytes("VmHWM:")?, Ordering::Relaxed);
        // "5" resets the peak to the current resident memory (Linux 4.0 and later)
        std::fs::write("/proc/self/clear_refs", "5").ok()?;
    }
    let peak = status_bytes("VmHWM:")?;
    RUN_PEAK.fetch_max(peak, Ordering::Relaxed);
    Some(peak)
}

/// The most resident memory the process held at once over the run, in bytes.
static RUN_PEAK: AtomicU64 = AtomicU64::new(0);

/// The most a case may add to the peak resident memory.
const MEMORY_BOUND: u64 = 64 << 20;

/// One number run of `text` (the `which`-th, wrapping) replaced by an absurd number.
fn absurd_number(text: &str, random: &mut ChaCha8Rng) -> String {
    let runs: Vec<(usize, usize)> = {
        let bytes = text.as_bytes();
        let mut runs = Vec::new();
        let mut index = 0;
        while index < bytes.len() {
            if bytes[index].is_ascii_digit() {
                let start = index;
                while index < bytes.len() && bytes[index].is_ascii_digit() {
                    index += 1;
                }
                runs.push((start, index));
            } else {
                index += 1;
            }
        }
        runs
    };
    if runs.is_empty() {
        return text.to_string();
    }
    let (start, end) = runs[random.random_range(0..runs.len())];
    let number = ABSURD[random.random_range(0..ABSURD.len())];
    format!("{}{number}{}", &text[..start], &text[end..])
}

/// One line repeated up to 400 times in place.
fn repeated_line(text: &str, random: &mut ChaCha8Rng) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.is_empty() {
        return text.to_string();
    }
    let chosen = random.random_range(0..lines.len());
    let times = random.random_range(2..400);
    let mut out = String::new();
    for (index, line) in lines.iter().enumerate() {
        let count = if index == chosen { times } else { 1 };
        for _ in 0..count {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The most bytes one repetition of a JSON value may add to a case's text.
const GROWTH: usize = 1 << 20;

/// The length of `value` written as JSON (at least 1).
fn json_length(value: &serde_json::Value) -> usize {
    serde_json::to_vec(value).map_or(1, |bytes| bytes.len().max(1))
}

/// A JSON value mutated at one random place: a number made absurd, an array item repeated,
/// a value nested deep, a key removed, or a `size` set.
fn mutate_json(value: &mut serde_json::Value, random: &mut ChaCha8Rng, depth: usize) {
    use serde_json::Value;
    let descend = depth < 12 && random.random_bool(0.7);
    match value {
        Value::Object(map) if descend && !map.is_empty() => {
            let key = map.keys().nth(random.random_range(0..map.len())).cloned();
            if let Some(child) = key.and_then(|key| map.get_mut(&key)) {
                return mutate_json(child, random, depth + 1);
            }
        }
        Value::Array(items) if descend && !items.is_empty() => {
            let at = random.random_range(0..items.len());
            return mutate_json(&mut items[at], random, depth + 1);
        }
        _ => {}
    }
    match random.random_range(0..5) {
        0 => {
            let number = ABSURD[random.random_range(0..ABSURD.len())];
            *value = serde_json::from_str(number).unwrap_or(Value::String(number.to_string()));
        }
        1 => {
            // repeated at most up to GROWTH bytes: repeats of repeats would otherwise
            // multiply (400 cages, a hundred copies of the document, each item of that
            // 400 times over) into texts of hundreds of megabytes, whose values the harness
            // itself holds
            if let Value::Array(items) = value {
                if let Some(first) = items.first().cloned() {
                    let times = random
                        .random_range(2..400)
                        .min(GROWTH / json_length(&first));
                    items.extend(std::iter::repeat_n(first, times));
                }
            } else {
                let times = random.random_range(2..100).min(GROWTH / json_length(value));
                if times >= 2 {
                    *value = Value::Array(vec![value.clone(); times]);
                }
            }
        }
        2 => {
            for _ in 0..random.random_range(2..160) {
                *value = Value::Array(vec![value.take()]);
            }
        }
        3 => {
            if let Value::Object(map) = value {
                if let Some(key) = map.keys().next().cloned() {
                    map.remove(&key);
                }
            }
        }
        _ => {
            if let Value::Object(map) = value {
                let number = ABSURD[random.random_range(0..ABSURD.len())];
                map.insert(
                    "size".to_string(),
                    serde_json::from_str(number).unwrap_or(Value::Null),
                );
            }
        }
    }
}

/// The longest pretty-printed text a case may hold; a longer one is written compact. Pretty
/// printing indents every line by its depth, so a document nested a few hundred deep and
/// repeated grew a thousandfold: a case of 59 MB (case 25 477) read with 175 MB above the
/// memory before it, a peak the process's resident size kept showing.
const PRETTY_MOST: usize = 4 << 20;

/// `value` pretty-printed, when that takes at most `most` bytes (found without writing more).
fn pretty_within(value: &serde_json::Value, most: usize) -> Option<String> {
    struct Capped(Vec<u8>, usize);
    impl std::io::Write for Capped {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            if self.0.len() + bytes.len() > self.1 {
                return Err(std::io::Error::other("past the cap"));
            }
            self.0.extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut capped = Capped(Vec::new(), most);
    serde_json::to_writer_pretty(&mut capped, value).ok()?;
    String::from_utf8(capped.0).ok()
}

/// A link that is no packer's: a bomb, random codes, or a packed text cut short.
fn hostile_link(random: &mut ChaCha8Rng, text: &str) -> String {
    let payload = match random.random_range(0..3) {
        0 => lz_bomb::bomb(random.random_range(0..8000)).0,
        1 => {
            let mut writer = lz_bomb::Writer::default();
            for _ in 0..random.random_range(1..400) {
                let width = random.random_range(1..24);
                writer.put(random.random(), width);
            }
            writer.text()
        }
        _ => {
            let packed = notation::lz_string::compress_to_base64(text);
            let cut = random.random_range(0..=packed.len());
            packed[..cut].to_string()
        }
    };
    format!("https://www.f-puzzles.com/?load={payload}")
}

/// One structured case made from the seeds.
fn structured_case(seeds: &[(&'static str, String)], random: &mut ChaCha8Rng) -> String {
    let (name, seed) = &seeds[random.random_range(0..seeds.len())];
    let json_seed = matches!(*name, "fpuzzles" | "records");
    match random.random_range(0..6) {
        0 => absurd_number(seed, random),
        1 => repeated_line(seed, random),
        2 if json_seed => {
            let mut value: serde_json::Value = serde_json::from_str(seed).unwrap();
            for _ in 0..random.random_range(1..4) {
                mutate_json(&mut value, random, 0);
            }
            let compact = random.random_bool(0.8);
            let text = (!compact)
                .then(|| pretty_within(&value, PRETTY_MOST))
                .flatten()
                .unwrap_or_else(|| serde_json::to_string(&value).unwrap());
            if *name == "fpuzzles" && random.random_bool(0.3) {
                format!(
                    "https://www.f-puzzles.com/?load={}",
                    notation::lz_string::compress_to_base64(&text)
                )
            } else {
                text
            }
        }
        3 => hostile_link(random, seed),
        4 => {
            // a file of records of several notations, in any order
            let mut text = String::new();
            for _ in 0..random.random_range(2..7) {
                let (_, other) = &seeds[random.random_range(0..seeds.len())];
                let other = if random.random_bool(0.3) {
                    absurd_number(other, random)
                } else {
                    other.clone()
                };
                text.push_str(&other);
                text.push_str(if random.random_bool(0.5) {
                    "\n"
                } else {
                    "\n\n"
                });
            }
            text
        }
        _ => {
            let depth = random.random_range(1..3000);
            let (open, close) = if random.random_bool(0.5) {
                ("[", "]")
            } else {
                ("(", ")")
            };
            format!("{}{seed}{}", open.repeat(depth), close.repeat(depth))
        }
    }
}

/// Reads `text` every way a command would, checking each result: the most memory one way
/// added to the peak, and that way's name; a bad error line as a message.
fn read_every_way(text: &str) -> Result<(u64, String), String> {
    let mut most = (0, String::new());
    let mut measure = |way: String, read: &dyn Fn() -> Result<(), String>| {
        let before = peak_memory(true).unwrap_or(0);
        read()?;
        let used = peak_memory(false).unwrap_or(0).saturating_sub(before);
        if used >= most.0 {
            most = (used, way);
        }
        Ok::<(), String>(())
    };
    for format in [
        None,
        Some(Format::Line),
        Some(Format::Fpuzzles),
        Some(Format::Ron),
    ] {
        measure(format!("parse_each as {format:?}"), &|| {
            for result in notation::parse_each(text, format).iter().take(8) {
                if let Err(error) = result {
                    let message = error.to_string();
                    if message.is_empty() || message.chars().any(char::is_control) {
                        return Err(format!("a bad error line: {message:?}"));
                    }
                }
            }
            Ok(())
        })?;
    }
    measure("the service's reader".to_string(), &|| {
        let options = sudokit::service::input::InputOptions::text(text.to_string(), None, None);
        if sudokit::service::input::read_records(&options).is_empty() {
            return Err("the service's reader gave no record".to_string());
        }
        Ok(())
    })?;
    Ok(most)
}

/// Cases between two progress lines of the structured suite: `SUDOKIT_FUZZ_PROGRESS`, or
/// 10 000.
fn progress_every() -> u64 {
    std::env::var("SUDOKIT_FUZZ_PROGRESS")
        .ok()
        .and_then(|value| value.parse().ok())
        .filter(|&every| every > 0)
        .unwrap_or(10_000)
}

/// One line of `/proc/self/status` (`VmRSS`, `VmHWM`) in bytes.
fn status_bytes(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with(key))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes * 1024)
}

/// The CPU time the process has used (user and system, every thread), from `/proc/self/stat`.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // the fields after the command's name (which may hold spaces), from the third on
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // the kernel counts in USER_HZ, 100 a second on Linux
    Some(ticks as f64 / 100.0)
}

/// What a structured run has seen: its largest text, its slowest case, the most memory a
/// case added; printed every few thousand cases and at the end.
#[derive(Default)]
struct Seen {
    cases: u64,
    largest: (usize, u64),
    slowest: (Duration, u64),
    most_memory: (u64, u64),
}

impl Seen {
    fn add(&mut self, case: u64, length: usize, took: Duration, used: u64) {
        self.cases += 1;
        self.largest = self.largest.max((length, case));
        self.slowest = self.slowest.max((took, case));
        self.most_memory = self.most_memory.max((used, case));
    }

    fn line(&self, started: Instant) -> String {
        let wall = started.elapsed().as_secs_f64();
        let cpu = cpu_seconds().unwrap_or(0.0);
        let megabytes = |bytes: u64| bytes as f64 / f64::from(1 << 20);
        format!(
            "{} cases, {wall:.1} s wall, {cpu:.1} s CPU ({:.0} cases per CPU second), 0 panics; \
             at most {:.1} MB above the memory before a case (case {}); largest text {} bytes \
             (case {}); slowest case {:.0} ms (case {}); resident {:.1} MB, at most {:.1} MB",
            self.cases,
            if cpu > 0.0 {
                self.cases as f64 / cpu
            } else {
                0.0
            },
            megabytes(self.most_memory.0),
            self.most_memory.1,
            self.largest.0,
            self.largest.1,
            self.slowest.0.as_secs_f64() * 1000.0,
            self.slowest.1,
            megabytes(status_bytes("VmRSS:").unwrap_or(0)),
            megabytes(RUN_PEAK.load(Ordering::Relaxed)),
        )
    }
}

#[test]
fn structured_mutations_of_every_reader_never_panic_and_stay_within_memory() {
    let seeds = seeds();
    let cases = structured_cases();
    let every = progress_every();
    // `SUDOKIT_FUZZ_FROM` starts at a later case (to run again the one a failure names)
    let first: u64 = std::env::var("SUDOKIT_FUZZ_FROM")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(0);
    let started = Instant::now();
    let mut seen = Seen::default();
    let measured = peak_memory(true).is_some();
    for case in first..first + cases {
        let case_started = Instant::now();
        let mut random = ChaCha8Rng::seed_from_u64(case);
        let text = structured_case(&seeds, &mut random);
        let outcome = std::panic::catch_unwind(|| read_every_way(&text));
        let excerpt: String = text.chars().take(300).collect();
        let (used, way) = match outcome {
            Err(_) => panic!("case {case} panicked on {excerpt:?}"),
            Ok(Err(message)) => panic!("case {case}: {message} on {excerpt:?}"),
            Ok(Ok(most)) => most,
        };
        // a text is held a few times over (the service's reader copies it, a batch at a
        // time); past that, 64 MB is the most any declaration may cost
        assert!(
            used < MEMORY_BOUND + 4 * text.len() as u64,
            "case {case}: {way} took {} MB on {} bytes: {excerpt:?}",
            used >> 20,
            text.len()
        );
        seen.add(case, text.len(), case_started.elapsed(), used);
        if seen.cases % every == 0 && seen.cases < cases {
            eprintln!("structured: {}", seen.line(started));
        }
    }
    eprintln!(
        "structured: done: {}{}",
        seen.line(started),
        if measured {
            ""
        } else {
            " (memory not measured: no /proc/self/status)"
        }
    );
}
