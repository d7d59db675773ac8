//! Edges of the commands found in review (issue 28): input with no line end, negative counts,
//! a listing's count, and a wrong published solution told by `solve` and `grade` as by `check`.

use sudokit::notation::{self, Format};
use sudokit::{sat, Count};

use crate::helpers::{file_with, sudokit, text};

/// An easy classic puzzle (the README's).
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn input_with_no_line_end_ends_with_a_clear_error() {
    let started = std::time::Instant::now();
    let output = sudokit(&["check", "/dev/zero"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("/dev/zero:1: cannot read: a line longer than 16 MiB with no line end"),
        "{stderr}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}

#[test]
fn negative_counts_are_answered_must_be_1_or_more() {
    for (arguments, expected) in [
        (
            &["generate", "--preset", "sudoku-6", "--count", "-1"][..],
            "-1: must be 1 or more",
        ),
        (&["check", "--jobs", "-3", "-"][..], "-3: must be 1 or more"),
        (
            &["solve", "--limit", "-1", "-"][..],
            "-1: must be 1 or more",
        ),
        (
            &["check", "--limit", "-1", "-"][..],
            "-1: must be 2 or more",
        ),
        (&["grade", "--jobs", "-2", "-"][..], "-2: must be 1 or more"),
    ] {
        let output = sudokit(arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains(expected), "{arguments:?}: {stderr}");
    }
}

#[test]
fn solve_with_a_limit_says_how_many_solutions_it_listed() {
    // tdoku's test file: this puzzle has exactly 13 solutions
    let thirteen =
        "8.........59.......67..........3.265...4.6198......437...753916...891742...624583";
    let file = file_with(format!("{thirteen}\n"), ".txt");
    let path = file.path().to_str().unwrap();
    let output = sudokit(&["solve", "--limit", "100", "--output-format", "line", path]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("multiple (13 solutions)"), "{stderr}");
    assert!(!stderr.contains("at least"), "{stderr}");
    assert_eq!(text(&output.stdout).lines().count(), 13);
    let output = sudokit(&["solve", "--limit", "100", "--json", path]);
    let record: serde_json::Value =
        serde_json::from_str(text(&output.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(record["solutions"], 13);
    assert_eq!(record["at_least"], false);
    assert_eq!(record["all"].as_array().unwrap().len(), 13);
}

#[test]
fn solve_and_grade_flag_a_wrong_published_solution_with_exit_1() {
    let puzzle = notation::parse(EASY, None).unwrap().remove(0).puzzle;
    let Count::Unique(solution) = sat::count_solutions(&puzzle, 2).unwrap() else {
        panic!("the easy puzzle is unique");
    };
    let right = notation::format_grid(&solution, Format::Line);
    // the first two cells (both open) swapped
    let wrong = format!("{}{}{}", &right[1..2], &right[..1], &right[2..]);
    let file = file_with(format!("{EASY} {wrong}\n"), ".txt");
    let path = file.path().to_str().unwrap();
    for command in ["check", "solve", "grade"] {
        let output = sudokit(&[command, path]);
        assert_eq!(output.status.code(), Some(1), "{command}");
        let said = text(&output.stdout) + &text(&output.stderr);
        assert!(
            said.contains("the published solution differs at r1c1 r1c2"),
            "{command}: {said}"
        );
    }
    // with the right one, all three exit 0
    let file = file_with(format!("{EASY} {right}\n"), ".txt");
    for command in ["check", "solve", "grade"] {
        let output = sudokit(&[command, file.path().to_str().unwrap()]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{command}: {}",
            text(&output.stderr)
        );
    }
}
