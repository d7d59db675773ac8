//! `check --candidates` (issue 27, point 5): each cell's true candidates, in text and JSON,
//! on puzzles whose every solution is published (Sudopedia's test cases).

use std::process::Output;

use super::helpers::{file_with, path_text, read_data, sudokit, text};

/// A Sudopedia case by name: the puzzle and its listed solutions.
fn sudopedia(name: &str) -> (String, Vec<String>) {
    let data = read_data("classic/sudopedia_test_cases.tsv");
    let line = data
        .lines()
        .find(|line| line.starts_with(name))
        .unwrap_or_else(|| panic!("{name} is in the file"));
    let fields: Vec<&str> = line.split('\t').collect();
    let solutions = fields[4].split(',').map(str::to_string).collect();
    (fields[1].to_string(), solutions)
}

/// Runs `check --candidates` with `flags` on one puzzle line.
fn candidates(puzzle: &str, flags: &[&str]) -> Output {
    let file = file_with(puzzle, ".txt");
    let mut arguments = vec!["check", "--candidates"];
    arguments.extend(flags);
    arguments.push(path_text(file.path()));
    sudokit(&arguments)
}

/// The JSON record of one puzzle.
fn record(output: &Output) -> serde_json::Value {
    serde_json::from_str(text(&output.stdout).trim()).expect("one JSON record")
}

/// The digits each cell holds in some solution, row by row.
fn union(solutions: &[String]) -> Vec<Vec<Vec<u8>>> {
    (0..9)
        .map(|row| {
            (0..9)
                .map(|column| {
                    let mut digits: Vec<u8> = solutions
                        .iter()
                        .map(|solution| solution.as_bytes()[row * 9 + column] - b'0')
                        .collect();
                    digits.sort_unstable();
                    digits.dedup();
                    digits
                })
                .collect()
        })
        .collect()
}

#[test]
fn true_candidates_are_the_digits_of_every_solution() {
    let (puzzle, solutions) = sudopedia("Not Unique - 10 Solutions");
    assert_eq!(solutions.len(), 10);
    let output = candidates(&puzzle, &["--json"]);
    // several solutions: exit 1, as check says of a puzzle that is not unique
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let record = record(&output);
    assert_eq!(record["status"], "multiple");
    assert_eq!(record["complete"], true);
    assert_eq!(record["size"], 9);
    let found: Vec<Vec<Vec<u8>>> = serde_json::from_value(record["candidates"].clone()).unwrap();
    assert_eq!(found, union(&solutions));
    // each solution found marks a new candidate: fewer solver runs than solutions here
    let runs = record["solutions_found"].as_u64().unwrap();
    assert!((2..=10).contains(&runs), "{runs}");
    for shown in record["solutions"].as_array().unwrap() {
        assert!(solutions.iter().any(|solution| solution == shown));
    }
}

#[test]
fn the_text_grid_shows_pencil_marks_and_a_unique_puzzle_one_digit_a_cell() {
    let (puzzle, solutions) = sudopedia("Not Unique - 2 Solutions");
    let output = candidates(&puzzle, &[]);
    let shown = text(&output.stdout);
    assert!(
        shown.contains("multiple, candidates from 2 solutions"),
        "{shown}"
    );
    // the first row of pencil marks: r1c1 is 4 in both solutions, r1c4 is 6 in both
    let marks: Vec<&str> = shown.lines().skip(1).take(3).collect();
    assert_eq!(&marks[0][..3], "...", "{shown}");
    assert_eq!(&marks[1][..3], "4..", "{shown}");
    assert_eq!(&marks[2][..3], "...", "{shown}");
    // with the first solution's differing digit given, the puzzle is unique
    let first = &solutions[0];
    let mut fixed: Vec<u8> = puzzle.clone().into_bytes();
    let differing = (0..81)
        .find(|&index| first.as_bytes()[index] != solutions[1].as_bytes()[index])
        .unwrap();
    fixed[differing] = first.as_bytes()[differing];
    let fixed = String::from_utf8(fixed).unwrap();
    let output = candidates(&fixed, &["--json"]);
    assert_eq!(output.status.code(), Some(0));
    let record = record(&output);
    assert_eq!(record["status"], "unique");
    assert_eq!(record["solutions_found"], 1);
    let found: Vec<Vec<Vec<u8>>> = serde_json::from_value(record["candidates"].clone()).unwrap();
    assert_eq!(found, union(std::slice::from_ref(first)));
}

#[test]
fn a_puzzle_without_solution_has_no_candidates_and_a_low_limit_says_so() {
    let (puzzle, _) = sudopedia("Not Unique - 10 Solutions");
    // a limit of 2 stops the search before every candidate is decided, and says so
    let output = candidates(&puzzle, &["--limit", "2"]);
    let shown = text(&output.stdout);
    assert!(shown.contains("stopped at --limit 2"), "{shown}");
    let output = candidates(&puzzle, &["--limit", "2", "--json"]);
    assert_eq!(record(&output)["complete"], false);
    let output = candidates(&puzzle, &["--engine", "native"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("come from the SAT engine"));
    let (unsolvable, _) = sudopedia("Unsolvable Box");
    let output = candidates(&unsolvable, &["--json"]);
    let record = record(&output);
    assert_eq!(record["status"], "none");
    let cells = record["candidates"].as_array().unwrap();
    assert!(cells
        .iter()
        .flat_map(|row| row.as_array().unwrap())
        .all(|cell| cell.as_array().unwrap().is_empty()));
}

#[test]
fn a_work_limit_cuts_the_search_and_says_why() {
    let empty = ".".repeat(81);
    let output = candidates(&empty, &["--json", "--work-limit", "1"]);
    // not known to be unique: exit 1
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let record = record(&output);
    assert_eq!(record["status"], "beyond");
    assert_eq!(record["complete"], false);
    assert_eq!(
        record["stopped"],
        "stopped: the work limit of 1 was used up"
    );
    // the first solver call's loading alone passes the limit: none starts
    assert_eq!(record["solutions_found"], 0);
    assert_eq!(record["work"], 0);
    let output = candidates(&empty, &["--work-limit", "1"]);
    let shown = text(&output.stdout);
    assert!(
        shown.contains(
            "stopped, candidates from 0 solutions; stopped: the work limit of 1 was used up"
        ),
        "{shown}"
    );
    let output = sudokit(&["check", "--work-limit", "0", "--candidates", "-"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("give 1 or more"),
        "{}",
        text(&output.stderr)
    );
}
