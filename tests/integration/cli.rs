//! The `sudokit` binary: answers, exit codes, and one clear line for every kind of bad input.

use std::io::Write;
use std::process::Command;

use crate::helpers::{data_path, file_with, sudokit, text};

/// Runs `check` on a bad file and returns its one error line, after asserting exit code 2,
/// a single line on standard error, the file named in it, and no panic.
fn bad_input_line(contents: &str, suffix: &str) -> String {
    let file = file_with(contents, suffix);
    let path = file.path().to_str().expect("UTF-8 path");
    let output = sudokit(&["check", path]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line expected: {stderr}");
    assert!(lines[0].contains(path), "names the file: {stderr}");
    lines[0].to_string()
}

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn check_unique_puzzles_exits_zero() {
    let output = sudokit(&["check", data_path("seeds/classic.txt").to_str().unwrap()]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout.matches(": unique").count(), 2, "{stdout}");
    // the summary goes to standard error, as docs/guide.md says: standard output holds answers only
    assert!(!stdout.contains("summary:"), "{stdout}");
    let stderr = text(&output.stderr);
    assert!(stderr.contains("summary: 2 puzzles: 2 unique"), "{stderr}");
}

#[test]
fn check_multiple_shows_second_solution_and_differences() {
    let two_solutions =
        ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.";
    let file = file_with(two_solutions, ".txt");
    let output = sudokit(&["check", file.path().to_str().unwrap()]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("multiple (at least 2 solutions)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("differ at r4c1 r4c6 r6c1 r6c6 (4 cells)"),
        "{stdout}"
    );
    assert!(stdout.contains("second"), "{stdout}");
}

#[test]
fn check_counts_and_lists_from_standard_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["check", "--all", "--json", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    let three = "..3.....6...98..2.9426..7..45...6............1.9.5.47.....25.4.6...785...........";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(three.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = text(&output.stdout);
    let object: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
    assert_eq!(object["solutions"], 3);
    assert_eq!(object["all"].as_array().unwrap().len(), 3);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn solve_prints_the_solution() {
    let file = file_with(INKALA, ".txt");
    let output = sudokit(&[
        "solve",
        "--output-format",
        "line",
        file.path().to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        text(&output.stdout).trim(),
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    );
}

#[test]
fn missing_file() {
    let output = sudokit(&["check", "no/such/file.txt"]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("no/such/file.txt: cannot read"), "{stderr}");
}

#[test]
fn empty_file() {
    let line = bad_input_line("", ".txt");
    assert!(line.contains("no puzzle"), "{line}");
}

#[test]
fn wrong_line_length() {
    let line = bad_input_line(&INKALA[..80], ".txt");
    assert!(line.contains(".txt:1: "), "{line}");
    assert!(line.contains("80"), "{line}");
}

#[test]
fn unknown_character() {
    let mut puzzle = INKALA.to_string();
    puzzle.replace_range(12..13, "x");
    let line = bad_input_line(&puzzle, ".txt");
    // the column on the line, and the cell it stands for
    assert!(line.contains(".txt:1: column 13 (r2c4): "), "{line}");
    assert!(line.contains("'x'"), "{line}");
}

#[test]
fn size_without_box_shape() {
    let line = bad_input_line(&".".repeat(49), ".txt");
    assert!(
        line.contains("7×7 grid, which has no rectangular box shape"),
        "{line}"
    );
}

#[test]
fn clashing_givens_name_both_cells() {
    let mut puzzle = INKALA.to_string();
    // r1c1 holds 8; another 8 in r1c7 clashes in row 1.
    puzzle.replace_range(6..7, "8");
    let line = bad_input_line(&puzzle, ".txt");
    assert!(line.contains(".txt:1: "), "{line}");
    assert!(line.contains("r1c7") && line.contains("r1c1"), "{line}");
    assert!(line.contains("row 1"), "{line}");
}

fn killer_text(extra: &str, sum_of_a: u32) -> String {
    format!(
        "name broken\naabbbcdef\ngghhccdef\nggiicjkkf\nlmminjkof\nlppqnjoou\nspvqnrttu\nsvvqwrrBB\nsxywwAABB\nsxywzzzCC\n\
         a {sum_of_a}\nb 15\nc 22\nd 4\ne 16\nf 15\ng 25\nh 17\ni 9\nj 8\nk 20\nl 6\nm 14\nn 17\no 17\np 13\nq 20\nr 20\ns 27\nt 6\nu 12\nv 6\nw 10\nx 8\ny 16\nz 13\nA 15\nB 14\nC 17\n{extra}"
    )
}

#[test]
fn impossible_cage_sum() {
    let line = bad_input_line(&killer_text("", 18), ".txt");
    assert!(line.contains("cage a"), "{line}");
    assert!(line.contains("r1c1"), "{line}");
    assert!(line.contains("18"), "{line}");
}

#[test]
fn comparison_naming_a_missing_cage() {
    let line = bad_input_line(&killer_text("compare a Z less\n", 3), ".txt");
    assert!(line.contains("Z"), "{line}");
    assert!(line.contains(".txt:"), "{line}");
}

#[test]
fn overlapping_cages() {
    let ron = r#"Puzzle(
        size: 4, box_rows: 2, box_columns: 2,
        givens: "................",
        cages: [
            (label: "a", cells: ["r1c1", "r1c2"], sum: Some(3)),
            (label: "b", cells: ["r1c2", "r1c3"], sum: Some(5)),
        ],
    )"#;
    let line = bad_input_line(ron, ".ron");
    assert!(line.contains("r1c2"), "{line}");
    assert!(line.contains("cage a") && line.contains("cage b"), "{line}");
}

#[test]
fn the_killer_seeds_check_unique() {
    let output = sudokit(&[
        "check",
        data_path("seeds/killer_m00nlight_clpfd.txt")
            .to_str()
            .unwrap(),
    ]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let stderr = text(&output.stderr);
    assert!(stderr.contains("summary: 4 puzzles: 4 unique"), "{stderr}");
}

#[test]
fn diagonals_flag_makes_the_csv_unique() {
    let path = data_path("seeds/atgm2020_16x16_diagonal.csv");
    let path = path.to_str().unwrap();
    assert_eq!(sudokit(&["check", path]).status.code(), Some(1));
    assert_eq!(
        sudokit(&["check", "--diagonals", "both", path])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn both_engines_agree_through_the_command() {
    let output = sudokit(&[
        "check",
        "--engine",
        "both",
        data_path("killer/killer_lisudoku.txt").to_str().unwrap(),
        data_path("seeds/classic.txt").to_str().unwrap(),
    ]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let stderr = text(&output.stderr);
    assert!(stderr.contains("summary: 4 puzzles: 4 unique"), "{stderr}");
}

#[test]
fn native_check_names_a_direct_contradiction() {
    // Sudopedia's "Unsolvable Square": one cell has no digit left.
    let unsolvable =
        "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..";
    let file = file_with(unsolvable, ".txt");
    let output = sudokit(&["check", "--engine", "native", file.path().to_str().unwrap()]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(": none"), "{stdout}");
}

/// `check` answers a long file batch by batch: every line answered once, in order, with its
/// own line number past the batch boundaries (8192 lines), comments and blank lines skipped.
#[test]
fn long_files_are_checked_in_batches_with_their_line_numbers() {
    let puzzles = crate::helpers::read_data("classic/royle_17clue_49158.txt");
    let mut lines: Vec<String> = puzzles.lines().take(20_000).map(String::from).collect();
    lines[9_000] = "12345".to_string();
    lines[16_384] = "# a comment on a batch boundary".to_string();
    lines[16_385] = String::new();
    let file = file_with(lines.join("\n"), ".txt");
    let output = sudokit(&[
        "check",
        "--engine",
        "native",
        "--json",
        "--quiet",
        file.path().to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let records: Vec<serde_json::Value> = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 20_000 - 2);
    let numbers: Vec<u64> = records
        .iter()
        .map(|record| record["line"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = (1..=20_000)
        .filter(|number| ![16_385, 16_386].contains(number))
        .collect();
    assert_eq!(numbers, expected);
    let bad = &records[9_000];
    assert_eq!(bad["status"], "error");
    assert_eq!(bad["line"], 9_001);
    assert!(bad["source"].as_str().unwrap().ends_with(":9001"), "{bad}");
}

/// `bench --whole` times `check` through the service layer beside the engine: one row per
/// file with the number of puzzles read, CPU times per puzzle, and the difference; the engine
/// table comes first.
#[test]
fn bench_whole_times_check_beside_the_engine() {
    let path = data_path("classic/top1465.txt");
    let path = path.to_str().unwrap();
    let output = sudokit(&[
        "bench", "--engine", "native", "--whole", "--sample", "50", path,
    ]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let rows: Vec<&str> = stdout.lines().filter(|line| line.contains(path)).collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    assert!(rows[0].contains("| 50 | 50 / 0 / 0 |"), "{}", rows[0]);
    let cells: Vec<&str> = rows[1].split('|').map(str::trim).collect();
    assert_eq!(cells[2], "1465", "check reads the whole file: {}", rows[1]);
    for cell in &cells[3..6] {
        assert!(cell.ends_with("µs") || cell.ends_with("ms"), "{}", rows[1]);
    }
    assert!(cells[6].contains(" / "), "{}", rows[1]);
}
