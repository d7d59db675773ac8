//! Property suite: real inputs of every format, mutated (bytes flipped, inserted, deleted,
//! duplicated, the text cut short), must never panic or hang; every error is one printable
//! line, and every puzzle read gets the same answer from both engines.
//!
//! `cargo test` runs a quick pass (64 inputs per reader). A long run is
//! `FUZZ_CASES=1000000 cargo test --release --test fuzz_readers` (see BENCHMARKS.md);
//! `FUZZ_ENGINES=0` leaves out the engines' answers, so a long run spends its time on the
//! readers alone.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use sudokit::notation::{self, Format};

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
