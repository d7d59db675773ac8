//! `check --suggest` as a setter uses it: givens to add that make a puzzle unique, a killer
//! sum to reveal, a minimal conflict for a puzzle with no solution; in text, JSON and CSV,
//! each answer applied to the puzzle and checked here by the SAT engine.

use std::process::{Command, Output, Stdio};

use serde_json::Value;
use sudokit::Count;

use crate::helpers::{file_with, line_puzzle, read_data, sat_count};

fn check_suggest(path: &std::path::Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .arg("check")
        .arg("--suggest")
        .args(extra)
        .arg(path)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn json_records(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// Two solutions, differing at r4c1 r4c6 r6c1 r6c6.
const MULTIPLE: &str =
    ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.";
/// Sudopedia's "Unsolvable Square": r5c1 has no digit left.
const NONE: &str =
    "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..";

/// The 0-based index of a cell written `r4c1` in a 9×9 line.
fn index_of(cell: &str) -> usize {
    let (row, column) = cell[1..].split_once('c').expect("rXcY");
    let row: usize = row.parse().expect("row");
    let column: usize = column.parse().expect("column");
    (row - 1) * 9 + (column - 1)
}

/// `line` with each `rXcY=D` written into it.
fn with_givens(line: &str, givens: &[&str]) -> String {
    let mut cells: Vec<char> = line.chars().collect();
    for given in givens {
        let (cell, digit) = given.split_once('=').expect("cell=digit");
        let index = index_of(cell);
        assert_eq!(cells[index], '.', "{given} is a cell without a given");
        cells[index] = digit.chars().next().expect("a digit");
    }
    cells.into_iter().collect()
}

/// The top1465 puzzle `index` with its first `removed` givens taken away.
fn top1465_with_fewer_givens(index: usize, removed: usize) -> String {
    let text = read_data("classic/top1465.txt");
    let line = text.lines().nth(index).expect("a top1465 line");
    let mut taken = 0;
    line.chars()
        .map(|character| {
            if character != '.' && taken < removed {
                taken += 1;
                '.'
            } else {
                character
            }
        })
        .collect()
}

#[test]
fn suggested_givens_make_classics_unique_and_keep_the_first_solution() {
    let puzzles = [
        MULTIPLE.to_string(),
        top1465_with_fewer_givens(0, 4),
        top1465_with_fewer_givens(7, 6),
    ];
    let file = file_with(&(puzzles.join("\n") + "\n"), ".txt");
    let output = check_suggest(file.path(), &["--json"]);
    assert_eq!(output.status.code(), Some(1), "several solutions exit 1");
    let records = json_records(&output);
    assert_eq!(records.len(), puzzles.len());
    for (puzzle, record) in puzzles.iter().zip(&records) {
        assert_eq!(record["status"], "multiple", "{record}");
        let suggestion = &record["suggest"];
        assert_eq!(suggestion["kind"], "givens", "{record}");
        let givens: Vec<&str> = suggestion["givens"]
            .as_array()
            .expect("a list of givens")
            .iter()
            .map(|given| given.as_str().expect("rXcY=D"))
            .collect();
        assert!(!givens.is_empty());
        let first = record["solution"].as_str().expect("the first solution");
        for given in &givens {
            let (cell, digit) = given.split_once('=').unwrap();
            assert_eq!(&first[index_of(cell)..=index_of(cell)], digit, "{given}");
        }
        let completed = with_givens(puzzle, &givens);
        match sat_count(&line_puzzle(&completed), 2) {
            Count::Unique(solution) => assert_eq!(
                sudokit::notation::format_grid(&solution, sudokit::notation::Format::Line),
                first
            ),
            other => panic!("{puzzle} with {givens:?} is {}", other.word()),
        }
        // each given is needed
        for left_out in 0..givens.len() {
            let mut fewer = givens.clone();
            fewer.remove(left_out);
            let count = sat_count(&line_puzzle(&with_givens(puzzle, &fewer)), 2);
            assert!(count.found() > 1, "{} is not needed", givens[left_out]);
        }
    }
    // the two-solution puzzle needs one given: either of the cells where they differ
    let givens = &records[0]["suggest"]["givens"];
    assert_eq!(givens.as_array().map(Vec::len), Some(1), "{givens}");
    assert_eq!(records[0]["suggest"]["guarantee"], "minimum");
}

#[test]
fn a_puzzle_with_no_solution_gets_a_minimal_conflict_in_text_and_csv() {
    let file = file_with(format!("{NONE}\n{MULTIPLE}\n"), ".txt");
    let output = check_suggest(file.path(), &[]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let conflict = stdout
        .lines()
        .find_map(|line| line.trim().strip_prefix("conflict: "))
        .unwrap_or_else(|| panic!("no conflict line in {stdout}"));
    let members: Vec<&str> = conflict
        .split(" (")
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    // the members alone have no solution, and each is needed
    let only_members = with_givens(&".".repeat(81), &members);
    assert_eq!(sat_count(&line_puzzle(&only_members), 2).found(), 0);
    for left_out in 0..members.len() {
        let mut fewer = members.clone();
        fewer.remove(left_out);
        let count = sat_count(&line_puzzle(&with_givens(&".".repeat(81), &fewer)), 1);
        assert_eq!(count.found(), 1, "{} is not needed", members[left_out]);
    }
    assert!(stdout.contains("  suggest: add r4c"), "{stdout}");

    let csv = check_suggest(file.path(), &["--csv"]);
    let csv = String::from_utf8_lossy(&csv.stdout);
    let mut lines = csv.lines();
    assert!(lines.next().unwrap().ends_with(",reason,suggest"));
    assert!(lines.next().unwrap().contains(",conflict: r"), "{csv}");
    assert!(lines.next().unwrap().contains(",suggest: add r4c"), "{csv}");
}

#[test]
fn a_killer_missing_two_sums_is_told_which_sum_to_reveal() {
    // lisudoku's first killer with the sums of cages f and k left out
    let text = read_data("killer/killer_lisudoku.txt");
    let killer: Vec<&str> = text
        .lines()
        .skip(4)
        .take(37)
        .filter(|line| !line.starts_with("f ") && !line.starts_with("k "))
        .collect();
    let file = file_with(&(killer.join("\n") + "\n"), ".txt");
    let output = check_suggest(file.path(), &["--json"]);
    assert_eq!(output.status.code(), Some(1));
    let records = json_records(&output);
    assert_eq!(records.len(), 1);
    let suggestion = &records[0]["suggest"];
    assert_eq!(suggestion["kind"], "reveal", "{suggestion}");
    let cells = suggestion["cage"]["cells"].as_array().unwrap();
    let sum = suggestion["sum"].as_u64().unwrap();
    // the sum is the first solution's, and revealing it makes the killer unique
    let first = records[0]["solution"].as_str().unwrap();
    let digits: u64 = cells
        .iter()
        .map(|cell| {
            let index = index_of(cell.as_str().unwrap());
            u64::from(first.as_bytes()[index] - b'0')
        })
        .sum();
    assert_eq!(digits, sum);
    // cage k is r3c9+r4c9; f is the other hidden one
    let still_hidden = if cells[0] == "r3c9" { "f " } else { "k " };
    let revealed: Vec<&str> = text
        .lines()
        .skip(4)
        .take(37)
        .filter(|line| !line.starts_with(still_hidden))
        .collect();
    let revealed = revealed.join("\n") + "\n";
    let file = file_with(&revealed, ".txt");
    let output = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["check", "--json"])
        .arg(file.path())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0), "{revealed}");
    assert_eq!(json_records(&output)[0]["status"], "unique");
}

#[test]
fn a_16_by_16_is_explained_and_advised_in_its_alphabet() {
    // issue 28: `r1c2=G`, never `r1c2=16`, in the grader's steps and check --suggest
    let line = read_data("sizes/vu_kr_16x16_100.txt")
        .lines()
        .next()
        .unwrap()
        .to_string();
    let file = file_with(format!("{line}\n"), ".txt");
    let graded = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["grade", "--explain"])
        .arg(file.path())
        .output()
        .unwrap();
    let steps = String::from_utf8_lossy(&graded.stdout);
    assert!(steps.contains("1. r1c2=G  naked single"), "{steps}");
    assert!(steps.contains("the only place for D in box 6"), "{steps}");
    let two_digit = moves_with_two_digit_numbers(&steps);
    assert!(two_digit.is_empty(), "{two_digit:?}");
    // fewer givens: several solutions, and givens to add named in letters where above 9
    let loose: String = line
        .chars()
        .enumerate()
        .map(|(index, character)| if index % 3 == 0 { '.' } else { character })
        .collect();
    let file = file_with(format!("{loose}\n"), ".txt");
    let advice = check_suggest(file.path(), &[]);
    let advice = String::from_utf8_lossy(&advice.stdout);
    let added = advice
        .split("suggest: add ")
        .nth(1)
        .unwrap_or_else(|| panic!("{advice}"));
    let added: Vec<&str> = added.split(" (").next().unwrap().split(' ').collect();
    assert!(!added.is_empty(), "{advice}");
    for given in &added {
        let (_, digit) = given.split_once('=').unwrap();
        assert_eq!(digit.chars().count(), 1, "{advice}");
    }
    assert!(moves_with_two_digit_numbers(&advice).is_empty(), "{advice}");
}

/// The moves written with a number of two digits (`r1c2=16`, `r3c4<>10`).
fn moves_with_two_digit_numbers(text: &str) -> Vec<String> {
    text.split(|character: char| character.is_whitespace() || character == ',')
        .filter(|word| word.starts_with('r'))
        .filter_map(|word| word.split_once('=').or_else(|| word.split_once("<>")))
        .filter(|(_, digit)| digit.trim_end_matches(')').chars().count() > 1)
        .map(|(cell, digit)| format!("{cell}={digit}"))
        .collect()
}

/// The first 16×16 of `vu_kr_16x16_100.txt` with one empty cell given a digit its row, column
/// and box leave open but its solution does not hold there: no solution, and no clash shows
/// it.
fn sixteen_with_no_solution() -> String {
    let puzzle: Vec<char> = read_data("sizes/vu_kr_16x16_100.txt")
        .lines()
        .next()
        .unwrap()
        .trim()
        .chars()
        .collect();
    let solutions = read_data("sizes/vu_kr_16x16_100_solutions.txt");
    let solution: Vec<char> = solutions
        .lines()
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .unwrap()
        .chars()
        .collect();
    assert_eq!((puzzle.len(), solution.len()), (256, 256));
    let peers = |cell: usize| -> Vec<char> {
        let (row, column) = (cell / 16, cell % 16);
        (0..256)
            .filter(|&other| {
                other / 16 == row
                    || other % 16 == column
                    || (other / 64 == row / 4 && other % 16 / 4 == column / 4)
            })
            .map(|other| puzzle[other])
            .collect()
    };
    for cell in (0..256).filter(|&cell| puzzle[cell] == '.') {
        let open = solution
            .iter()
            .find(|&&digit| digit != solution[cell] && !peers(cell).contains(&digit));
        if let Some(&digit) = open {
            let mut broken = puzzle.clone();
            broken[cell] = digit;
            return broken.into_iter().collect();
        }
    }
    panic!("no cell takes a wrong digit without a clash");
}

/// Issue 37: the answer first, and the suggestion within a work limit: a 16×16 with no
/// solution is answered `none`, and a suggestion search its --work-limit stops says so (a
/// note in text, `stopped` in the record), the answer and the exit code unchanged.
#[test]
fn a_suggestion_stopped_by_its_work_limit_says_so_and_the_answer_stands() {
    let line = sixteen_with_no_solution();
    let file = file_with(format!("{line}\n"), ".txt");
    let output = check_suggest(file.path(), &["--work-limit", "1000000"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.starts_with(&format!("{}:1: none", file.path().display())),
        "{stdout}"
    );
    assert!(
        stderr.contains(
            ":1: suggestion stopped: the work limit of 1000000 was used up (raise --work-limit for more)"
        ) && stderr.starts_with("note: "),
        "{stderr}"
    );
    let output = check_suggest(file.path(), &["--work-limit", "1000000", "--json"]);
    let records = json_records(&output);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["status"], "none", "{}", records[0]);
    assert_eq!(
        records[0]["suggest"]["stopped"], "stopped: the work limit of 1000000 was used up",
        "{}",
        records[0]
    );
    // within the default limit the conflict is found, as before
    let output = check_suggest(file.path(), &["--json"]);
    let records = json_records(&output);
    assert_eq!(records[0]["suggest"]["kind"], "conflict", "{}", records[0]);
    // the limit is a suggestion's or a candidate search's: alone it is refused
    let output = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["check", "--work-limit", "1000000"])
        .arg(file.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--candidates|--suggest"), "{stderr}");
}
