//! Edges of the commands found in review (issue 28): input with no line end, negative counts,
//! a listing's count, and a wrong published solution told by `solve` and `grade` as by `check`;
//! and (issue 37) that signal in every record, one line per puzzle in the line format, failed
//! writes, negative values in words, and `generate --resume` checking what it keeps.

use sudokit::notation::{self, Format};
use sudokit::{sat, Count};

use crate::helpers::{file_with, sudokit, text};

/// An easy classic puzzle.
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
    // one line for the one puzzle (issue 37), its 13 solutions separated by spaces
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert_eq!(stdout.split_whitespace().count(), 13, "{stdout}");
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

/// The easy puzzle's only solution and one with its first two cells swapped.
fn right_and_wrong() -> (String, String) {
    let puzzle = notation::parse(EASY, None).unwrap().remove(0).puzzle;
    let Count::Unique(solution) = sat::count_solutions(&puzzle, 2).unwrap() else {
        panic!("the easy puzzle is unique");
    };
    let right = notation::format_grid(&solution, Format::Line);
    let wrong = format!("{}{}{}", &right[1..2], &right[..1], &right[2..]);
    (right, wrong)
}

/// Issue 37, point 5: every record of check, solve and grade (both scales), JSON and CSV,
/// says where a published solution is wrong.
#[test]
fn a_wrong_published_solution_is_in_every_record_and_csv_row() {
    let (_, wrong) = right_and_wrong();
    let file = file_with(format!("{EASY} {wrong}\n"), ".txt");
    let path = file.path().to_str().unwrap();
    for arguments in [
        &["check"][..],
        &["solve"][..],
        &["grade"][..],
        &["grade", "--scale", "se"][..],
    ] {
        let json = sudokit(&[arguments, &["--json", path]].concat());
        assert_eq!(json.status.code(), Some(1), "{arguments:?}");
        let record: serde_json::Value =
            serde_json::from_str(text(&json.stdout).lines().next().unwrap()).unwrap();
        assert_eq!(
            record["published_solution_differs_at"],
            serde_json::json!(["r1c1", "r1c2"]),
            "{arguments:?}: {record}"
        );
        let csv = sudokit(&[arguments, &["--csv", path]].concat());
        let csv = text(&csv.stdout);
        let mut lines = csv.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let column = header
            .iter()
            .position(|name| *name == "published_solution_differs_at")
            .unwrap_or_else(|| panic!("{arguments:?}: {header:?}"));
        let row: Vec<&str> = lines.next().unwrap().split(',').collect();
        assert_eq!(row[column], "r1c1 r1c2", "{arguments:?}: {csv}");
    }
}

/// Issue 37, point 7: `solve --output-format line` answers puzzle N on line N, with a word
/// where there is no single solution.
#[test]
fn the_line_format_answers_each_puzzle_on_its_own_line() {
    let (right, _) = right_and_wrong();
    let several =
        "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let none = "12345678.........9...............................................................";
    let file = file_with(
        format!("{EASY}\n{several}\n{none}\n12345\n{EASY}\n"),
        ".txt",
    );
    let output = sudokit(&[
        "solve",
        "--output-format",
        "line",
        file.path().to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [right.as_str(), "multiple", "none", "error", right.as_str()],
        "{}",
        text(&output.stderr)
    );
}

/// Issue 37, points 5 and 8: a failed write is exit 2 at once, help included, and flags
/// with a negative or 0 value say why in words.
#[test]
fn failed_writes_exit_2_and_negative_values_are_answered_in_words() {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full (Linux)")
    };
    for arguments in [
        &["help", "check"][..],
        &["check", "--help"][..],
        &["--version"][..],
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(arguments)
            .stdout(full())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(
            text(&output.stderr).contains("cannot write to standard output"),
            "{arguments:?}: {}",
            text(&output.stderr)
        );
    }
    // the first answer of a long run already fails: the run stops there
    let hard = ".".repeat(625);
    let many = format!("{}{hard}\n", format!("{EASY}\n").repeat(300));
    let file = file_with(many, ".txt");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["grade", file.path().to_str().unwrap()])
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("cannot write to standard output"),
        "{stderr}"
    );
    // check too, though it answers a file in batches of thousands: 10 000 puzzles whose
    // 1000th asks for a million solutions of an empty 25×25 (a search of hours) stop at the
    // first answers written, long before that one
    let mut lines = format!("{EASY}\n").repeat(10_000);
    let at = (EASY.len() + 1) * 999;
    lines.replace_range(at..at + EASY.len(), &hard);
    let file = file_with(lines, ".txt");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["check", "--limit", "1000000", file.path().to_str().unwrap()])
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("cannot write to standard output"),
        "{stderr}"
    );
    for (arguments, expected) in [
        (
            &["check", "--candidates", "--work-limit", "-5", "-"][..],
            "-5: a work limit is a count of work units, 1 or more (not negative)",
        ),
        (
            &["grade", "--work-limit", "-5", "-"][..],
            "-5: a work limit is a count of work units, 1 or more (not negative)",
        ),
        (
            &["grade", "--work-limit", "0", "-"][..],
            "0: a work limit of 0 stops every puzzle",
        ),
        (
            &["check", "--candidates", "--work-limit", "0", "-"][..],
            "0: a work limit of 0 stops every puzzle",
        ),
        (
            &["generate", "--seed", "-1", "--out", "-"][..],
            "-1: a seed is a whole number from 0 to 18446744073709551615 (not negative)",
        ),
    ] {
        let output = sudokit(arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains(expected), "{arguments:?}: {stderr}");
        assert!(
            !stderr.contains("unexpected argument"),
            "{arguments:?}: {stderr}"
        );
    }
}

/// Issue 37, point 5: `generate --resume` makes again a kept record whose solution was
/// altered, and says so; the summary and "wrote" lines are on standard error.
#[test]
fn resume_remakes_an_altered_record_and_generate_talks_on_standard_error() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().to_str().unwrap();
    let arguments = [
        "generate",
        "--preset",
        "classic-easy",
        "--count",
        "3",
        "--out",
        out,
    ];
    let made = sudokit(&arguments);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    assert_eq!(text(&made.stdout), "");
    assert!(
        text(&made.stderr).contains("wrote "),
        "{}",
        text(&made.stderr)
    );
    let records = folder.path().join("puzzles.jsonl");
    let original = std::fs::read_to_string(&records).unwrap();
    let mut lines: Vec<serde_json::Value> = original
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let solution = lines[1]["solution"].as_str().unwrap().to_string();
    let altered = format!("{}{}{}", &solution[1..2], &solution[..1], &solution[2..]);
    lines[1]["solution"] = serde_json::json!(altered);
    let text_of_lines: String = lines.iter().map(|line| format!("{line}\n")).collect();
    std::fs::write(&records, text_of_lines).unwrap();
    let resumed = sudokit(&[&arguments[..], &["--resume"]].concat());
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    let stderr = text(&resumed.stderr);
    assert!(
        stderr.contains("record 1:")
            && stderr.contains("its solution does not fit its givens and rules")
            && stderr.contains("made again"),
        "{stderr}"
    );
    assert!(stderr.contains("(2 kept from before)"), "{stderr}");
    // made again from its seed: the batch is what it was
    assert_eq!(std::fs::read_to_string(&records).unwrap(), original);
}
