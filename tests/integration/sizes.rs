//! Other sizes (4×4, 16×16, 25×25) and diagonal puzzles, unique with their published solutions.

use std::time::Instant;

use sudokit::model::Diagonal;
use sudokit::notation::{self, Format};
use sudokit::Count;

use crate::helpers::{
    assert_unique_and_matching, entries, file_with, line_puzzle, path_text, read_data, sat_count,
    succeeds, text, with_diagonals,
};

fn all_unique_and_matching(relative: &str, expected_puzzles: usize) {
    let entries = entries(relative);
    assert_eq!(entries.len(), expected_puzzles, "{relative}");
    for entry in &entries {
        assert!(entry.solution.is_some(), "{relative}: solution column read");
        assert_unique_and_matching(entry, relative);
    }
}

#[test]
fn four_by_four() {
    all_unique_and_matching("sizes/vu_kr_4x4_solutions.txt", 100);
}

#[test]
fn gecode_nine_by_nine() {
    all_unique_and_matching("sizes/gecode_9x9_solutions.txt", 18);
}

#[test]
fn gecode_sixteen_by_sixteen() {
    all_unique_and_matching("sizes/gecode_16x16_solutions.txt", 55);
}

#[test]
fn university_sixteen_by_sixteen() {
    all_unique_and_matching("sizes/vu_kr_16x16_100_solutions.txt", 100);
}

/// The 25×25 puzzles (of 18) the SAT engine settles in about a second or two each; the
/// others take splr from 2.5 s to 98 s (docs/benchmarks-journal.md, "25×25"), too long
/// for every CI run.
const QUICK_TWENTY_FIVES: [usize; 6] = [2, 3, 6, 7, 17, 18];

#[test]
fn twenty_five_by_twenty_five() {
    let entries = entries("sizes/gecode_25x25_solutions.txt");
    assert_eq!(entries.len(), 18);
    for number in QUICK_TWENTY_FIVES {
        let entry = &entries[number - 1];
        let started = Instant::now();
        assert_unique_and_matching(entry, "sizes/gecode_25x25_solutions.txt");
        eprintln!(
            "SAT check of 25×25 number {number}: {:.2} s",
            started.elapsed().as_secs_f64()
        );
    }
}

/// `solve`'s default engine (`auto`): 25×25 number 17 is settled by the native engine
/// within its budget, number 2 runs past it and is handed to the SAT engine; both print
/// the published solution.
#[test]
fn solve_by_default_hands_hard_twenty_fives_to_sat() {
    let lines: Vec<String> = read_data("sizes/gecode_25x25_solutions.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(str::to_string)
        .collect();
    for number in [17, 2] {
        let mut fields = lines[number - 1].split_whitespace();
        let (puzzle, solution) = (fields.next().unwrap(), fields.next().unwrap());
        let file = file_with(format!("{puzzle}\n"), ".txt");
        let output = succeeds(&["solve", "--output-format", "line", path_text(file.path())]);
        assert_eq!(
            text(&output.stdout).trim(),
            solution,
            "25×25 number {number}"
        );
    }
}

#[test]
fn x_sudoku_unique_only_with_their_diagonals() {
    let text = read_data("sizes/xsudoku.txt");
    let mut checked = 0;
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let plain = line_puzzle(tokens[0]);
        let diagonals: &[Diagonal] = match tokens[3] {
            "diag=both" => &[Diagonal::Main, Diagonal::Anti],
            "diag=primary-only" => &[Diagonal::Main],
            "diag=secondary-only" => &[Diagonal::Anti],
            other => panic!("unknown diagonal rule {other}"),
        };
        let puzzle = with_diagonals(&plain, diagonals);
        let Count::Unique(solution) = sat_count(&puzzle, 2) else {
            panic!("{line}: not unique under its diagonal rule");
        };
        if tokens[1] != "-" {
            assert_eq!(notation::format_grid(&solution, Format::Line), tokens[1]);
        }
        assert!(
            matches!(sat_count(&plain, 2), Count::Multiple { .. }),
            "{line}: unique even without its diagonals"
        );
        checked += 1;
    }
    assert_eq!(checked, 6);
}
