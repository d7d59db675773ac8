//! Edges of the commands found in review (issue 28): input with no line end, negative counts,
//! a listing's count, and a wrong published solution told by `solve` and `grade` as by `check`;
//! and (issue 37) that signal in every record, one line per puzzle in the line format, failed
//! writes, negative values in words, and `generate --resume` checking what it keeps.

use sudokit::notation::{self, Format};
use sudokit::{sat, Count};

use crate::helpers::{file_with, read_data, sudokit, text};

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

/// Runs the binary with `arguments`, its standard output a device that is always full
/// (every write fails with "no space left on device"), and asserts it ends with exit 2 and
/// one line saying so.
fn into_full_output(arguments: &[&str]) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full (Linux)");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(arguments)
        .stdin(std::process::Stdio::null())
        .stdout(full)
        .output()
        .unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
    let said: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("cannot write to standard output"))
        .collect();
    assert_eq!(said.len(), 1, "{arguments:?}: {stderr}");
    assert!(
        said[0].starts_with("error: ") && said[0].contains("No space left on device"),
        "{arguments:?}: {stderr}"
    );
}

/// A file of `count` easy puzzles whose `at`-th (from 0) is `other`.
fn easy_file_with(count: usize, at: usize, other: &str) -> tempfile::NamedTempFile {
    let lines: String = (0..count)
        .map(|index| format!("{}\n", if index == at { other } else { EASY }))
        .collect();
    file_with(lines, ".txt")
}

/// Issue 37, point 5: a failed write is exit 2 at once, help included.
#[test]
fn help_and_the_version_into_a_full_output_exit_2() {
    for arguments in [
        &["help", "check"][..],
        &["check", "--help"][..],
        &["--version"][..],
    ] {
        into_full_output(arguments);
    }
}

/// Issue 37, point 5: every command that writes answers to standard output stops at its
/// first failed write with exit 2 and one line. The inputs hold, after hundreds of easy
/// puzzles, one whose answer takes many minutes (counting to a million or listing 100 000
/// solutions of an empty 25×25, rating a 25×25 of 274 givens to a work limit of 10¹⁵,
/// each over 20 s on the development machine; a million generated puzzles): a run that
/// worked through its input, or a block of 256 puzzles, before writing would hang here (the
/// slow one is the 101st), one that writes each part's answers as it finishes it ends at
/// the first part's (64 puzzles).
#[test]
fn every_command_writing_answers_stops_at_its_first_failed_write() {
    let empty = ".".repeat(625);
    let check = easy_file_with(1000, 999, &empty);
    let check = check.path().to_str().unwrap();
    into_full_output(&["check", "--limit", "1000000", check]);
    into_full_output(&["check", "--json", "--limit", "1000000", check]);
    into_full_output(&["check", "--candidates", check]);
    let solve = easy_file_with(300, 100, &empty);
    let solve = solve.path().to_str().unwrap();
    for format in ["line", "grid", "csv"] {
        into_full_output(&[
            "solve",
            "--engine",
            "sat",
            "--limit",
            "100000",
            "--output-format",
            format,
            solve,
        ]);
    }
    into_full_output(&["solve", "--json", "--limit", "100000", solve]);
    into_full_output(&["solve", "--csv", "--limit", "100000", solve]);
    let sizes = read_data("sizes/gecode_25x25.txt");
    let hard = sizes.lines().next().unwrap();
    let grade = easy_file_with(300, 100, hard);
    let grade = grade.path().to_str().unwrap();
    for arguments in [
        &["grade", "--work-limit", "1000000000000000", grade][..],
        &["grade", "--json", "--work-limit", "1000000000000000", grade][..],
        &[
            "grade",
            "--scale",
            "se",
            "--work-limit",
            "1000000000000000",
            grade,
        ][..],
    ] {
        into_full_output(arguments);
    }
    into_full_output(&[
        "generate",
        "--preset",
        "classic-easy",
        "--count",
        "1000000",
        "--jobs",
        "1",
        "--out",
        "-",
    ]);
    let one = file_with(format!("{EASY}\n"), ".txt");
    let one = one.path().to_str().unwrap();
    into_full_output(&["render", "--svg", "--out", "-", one]);
    into_full_output(&["render", "--pdf", "--out", "-", one]);
    into_full_output(&["table"]);
    into_full_output(&["presets"]);
}

/// Flags with a negative or 0 value say why in words (issue 37, point 8).
#[test]
fn negative_values_are_answered_in_words() {
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
        text(&made.stderr).contains("wrote ") && text(&made.stderr).contains("acceptance: "),
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
    // and the third's count of clues, one more than its givens
    let clues = lines[2]["clues"].as_u64().unwrap();
    lines[2]["clues"] = serde_json::json!(clues + 1);
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
    assert!(
        stderr.contains("record 2:")
            && stderr.contains(&format!(
                "it says {} clues but its puzzle has {clues} givens",
                clues + 1
            )),
        "{stderr}"
    );
    assert!(stderr.contains("(1 kept from before)"), "{stderr}");
    // the summary is on standard error too, standard output stays empty
    assert_eq!(text(&resumed.stdout), "");
    assert!(stderr.contains("acceptance: "), "{stderr}");
    // made again from its seed: the batch is what it was
    assert_eq!(std::fs::read_to_string(&records).unwrap(), original);
}
