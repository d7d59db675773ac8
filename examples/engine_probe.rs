//! The native and SAT engines side by side on the hard cases of issue 40 (the 16×16
//! irregular killer, Gecode's 25×25): branch points and CPU time of each, puzzle by puzzle.
//!
//! ```sh
//! cargo run --release --example engine_probe -- [killer] [big] [--sat] [--limit N]
//! ```
//! `--limit N` stops the native engine after N branch points (default 2 000 000); `--sat`
//! also times the SAT engine: its first solution alone, then its count to 2 (the difference
//! is the proof that there is no second solution). Branch points do not depend on the machine's load, CPU time
//! little.

use std::path::Path;
use std::time::Duration;

use sudokit::backtrack::Solver;
use sudokit::budget::Budget;
use sudokit::model::Puzzle;
use sudokit::{notation, sat};

#[path = "common/cpu_time.rs"]
mod cpu_time;
use cpu_time::thread_cpu_time;

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let with_sat = arguments.iter().any(|argument| argument == "--sat");
    let limit: u64 = arguments
        .iter()
        .position(|argument| argument == "--limit")
        .and_then(|position| arguments.get(position + 1)?.parse().ok())
        .unwrap_or(2_000_000);
    let named: Vec<&str> = arguments
        .iter()
        .filter(|argument| matches!(argument.as_str(), "killer" | "big"))
        .map(String::as_str)
        .collect();
    let wanted = |section: &str| named.is_empty() || named.contains(&section);
    let mut cases: Vec<(String, Puzzle)> = Vec::new();
    if wanted("killer") {
        let text = read("variants/irregular_killer_16x16.tsv");
        for line in text.lines().filter(|line| !line.starts_with('#')) {
            let link = line.split('\t').nth(2).unwrap_or("");
            let mut entries = notation::parse(link, None).expect("the irregular killer");
            cases.push((
                "16×16 irregular killer".to_string(),
                entries.remove(0).puzzle,
            ));
        }
    }
    if wanted("big") {
        let text = read("sizes/gecode_25x25.txt");
        for (number, line) in text
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .enumerate()
        {
            let mut entries = notation::parse(line, None).expect("a 25×25 puzzle");
            cases.push((format!("25×25 #{number}"), entries.remove(0).puzzle));
        }
    }
    println!(
        "| puzzle | native branch points | native CPU s | answer | SAT CPU s, first solution \
         | SAT CPU s, count to 2 |"
    );
    println!("|---|---|---|---|---|---|");
    let (mut total_guesses, mut total_time) = (0u64, Duration::ZERO);
    for (name, puzzle) in cases {
        let budget = Budget::unlimited().with_work_limit(limit);
        let started = thread_cpu_time();
        let mut solver = Solver::new(&puzzle);
        let count = solver.count_budgeted(puzzle.givens(), 2, &budget);
        let native_time = thread_cpu_time() - started;
        total_guesses += solver.guesses();
        total_time += native_time;
        let answer = match &count {
            Ok(count) => count.word().to_string(),
            Err(stopped) => format!("stopped ({stopped})"),
        };
        let sat_time = if with_sat {
            // the first solution alone, then the whole count: the difference is the proof
            // that no second solution exists
            let started = thread_cpu_time();
            sat::solutions(&puzzle, 1).expect("SAT engine");
            let first = thread_cpu_time() - started;
            let started = thread_cpu_time();
            let by_sat = sat::count_solutions(&puzzle, 2).expect("SAT engine");
            let spent = thread_cpu_time() - started;
            if let Ok(count) = &count {
                assert_eq!(count.found(), by_sat.found(), "{name}: the engines differ");
            }
            format!("{:.3} | {:.3}", first.as_secs_f64(), spent.as_secs_f64())
        } else {
            "– | –".to_string()
        };
        println!(
            "| {name} | {} | {:.3} | {answer} | {sat_time} |",
            solver.guesses(),
            native_time.as_secs_f64()
        );
    }
    println!(
        "| total | {total_guesses} | {:.3} | | | |",
        total_time.as_secs_f64()
    );
}

/// A file under `tests/data/`.
fn read(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    std::fs::read_to_string(path).expect("a test data file")
}
