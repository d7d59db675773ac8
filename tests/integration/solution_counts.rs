//! Exact solution counts from tdoku's test file, Sudopedia's test cases and the serg set.

use std::collections::HashSet;

use sudokit::notation::{self, Format};
use sudokit::sat;
use sudokit::Count;

use crate::helpers::{entries, line_puzzle, read_data, sat_count};

#[test]
fn tdoku_counts_are_reproduced() {
    let entries = entries("classic/tdoku_test_puzzles_with_counts.txt");
    assert_eq!(entries.len(), 43);
    for entry in &entries {
        let expected: usize = entry
            .expected_count
            .as_deref()
            .expect("tdoku lines carry a count")
            .parse()
            .expect("count is a number");
        let count = sat_count(&entry.puzzle, expected + 1);
        assert_eq!(count.found(), expected, "line {}", entry.line);
        if let (Count::Unique(solution), Some(published)) = (&count, &entry.solution) {
            assert_eq!(solution, published, "line {}", entry.line);
        }
    }
}

#[test]
fn sudopedia_test_cases() {
    let text = read_data("classic/sudopedia_test_cases.tsv");
    let mut cases = 0;
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let columns: Vec<&str> = line.split('\t').collect();
        let (case, puzzle, expected) = (columns[0], columns[1], columns[2]);
        cases += 1;
        if expected == "conflict" {
            let error = notation::parse(puzzle, Some(Format::Line))
                .expect_err("clashing givens are refused with a clear error");
            assert!(
                error.to_string().contains("clashes with"),
                "{case}: {error}"
            );
            continue;
        }
        let puzzle = line_puzzle(puzzle);
        if expected == "500+" {
            assert_eq!(sat_count(&puzzle, 500).found(), 500, "{case}");
            continue;
        }
        let expected: usize = expected.parse().expect("a count");
        let found = sat::solutions(&puzzle, expected + 1).expect("SAT answers");
        assert_eq!(found.len(), expected, "{case}");
        let found: HashSet<String> = found
            .iter()
            .map(|grid| notation::format_grid(grid, Format::Line))
            .collect();
        let listed = columns.get(4).copied().unwrap_or("");
        for solution in listed.split(',').filter(|text| !text.is_empty()) {
            assert!(found.contains(solution), "{case}: {solution} not found");
        }
    }
    assert_eq!(cases, 19);
}

#[test]
fn serg_first_300_counts_up_to_1000() {
    let text = read_data("classic/serg_benchmark_first300_solution_counts.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
    {
        let mut tokens = line.split_whitespace();
        let puzzle = line_puzzle(tokens.next().expect("puzzle column"));
        let expected: usize = tokens
            .next()
            .and_then(|count| count.parse().ok())
            .expect("count column");
        let found = sat_count(&puzzle, 1000).found();
        assert_eq!(found, expected.min(1000), "{line}");
        checked += 1;
    }
    assert_eq!(checked, 300);
}
