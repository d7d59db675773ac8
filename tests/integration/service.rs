//! The library's service layer: the records the command line writes are its typed records
//! (they read back into them and write out byte for byte), and a rating's work limit bounds
//! its uniqueness proof (issue 28).

use std::time::{Duration, Instant};

use serde_json::Value;
use sudokit::service::check::CheckRecord;
use sudokit::service::grade::GradeRecord;
use sudokit::service::solve::SolveRecord;

use crate::helpers::{entries, file_with, path_text, sudokit, text};

/// Lines of a mix: unique, several solutions, a clash, too short.
const MIX: &str = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
11...............................................................................
12345
";

/// Each JSON line of `arguments`' output reads into `R` and writes out the same bytes.
fn round_trips<R: serde::de::DeserializeOwned + serde::Serialize>(arguments: &[&str]) -> usize {
    let output = sudokit(arguments);
    let mut lines = 0;
    for line in text(&output.stdout).lines() {
        let record: R = serde_json::from_str(line).unwrap_or_else(|error| {
            panic!("{arguments:?}: {line} does not read as a typed record: {error}")
        });
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            line,
            "{arguments:?}"
        );
        lines += 1;
    }
    lines
}

#[test]
fn the_records_the_commands_write_are_the_service_records_byte_for_byte() {
    let file = file_with(MIX, ".txt");
    let path = path_text(file.path());
    let killers = crate::helpers::data_path("killer/killer_greater_grilops.txt");
    let killers = path_text(&killers);
    for input in [path, killers] {
        assert!(round_trips::<CheckRecord>(&["check", "--json", input]) > 0);
        round_trips::<CheckRecord>(&["check", "--json", "--suggest", input]);
        round_trips::<CheckRecord>(&["check", "--json", "--all", "--limit", "3", input]);
        round_trips::<SolveRecord>(&["solve", "--json", "--limit", "3", input]);
        round_trips::<GradeRecord>(&["grade", "--json", "--explain", input]);
        round_trips::<GradeRecord>(&["grade", "--json", "--scale", "se", input]);
    }
}

#[test]
fn grade_work_limit_bounds_the_uniqueness_proof_of_a_large_grid() {
    // a unique 25×25 whose native proof runs for minutes (and SAT's for about one): under
    // --work-limit 1000 the proof stops at its share, and the record says why
    let puzzle = entries("sizes/gecode_25x25.txt").remove(0);
    let line =
        sudokit::notation::format_grid(puzzle.puzzle.givens(), sudokit::notation::Format::Line);
    let file = file_with(&line, ".txt");
    let started = Instant::now();
    let output = sudokit(&[
        "grade",
        "--work-limit",
        "1000",
        "--json",
        path_text(file.path()),
    ]);
    // a bound on a hang, not a timing: the proof it replaces ran past five minutes
    assert!(started.elapsed() < Duration::from_secs(60));
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let record: Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(record["status"], "beyond", "{record}");
    assert_eq!(record["level"], Value::Null);
    let reason = record["stopped"].as_str().unwrap();
    assert!(
        reason.contains("proving it unique") && reason.contains("work limit of 1000"),
        "{reason}"
    );
    assert!(text(&output.stderr).contains("not rated to the end"));
    // the SE scale answers the same way
    let output = sudokit(&[
        "grade",
        "--scale",
        "se",
        "--work-limit",
        "1000",
        path_text(file.path()),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stdout).ends_with("ED=beyond\n"),
        "{}",
        text(&output.stdout)
    );
}
