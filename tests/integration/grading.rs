//! The grader on real puzzles: HoDoKu's level and score, paths that end in the SAT engine's
//! solution, and the `grade` command's outputs.

use std::process::Command;

use sudokit::grade::grade;
use sudokit::notation::{self, Format};

use crate::helpers::{data_path, line_puzzle, read_data, sat_count};

/// `puzzle level score …` rows of HoDoKu 2.2's ratings, every `step`-th one.
fn calibration_rows(step: usize) -> Vec<(String, String, u32)> {
    read_data("classic/hodoku_rated_calibration.tsv")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .step_by(step)
        .map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            (
                columns[0].to_string(),
                columns[1].to_string(),
                columns[2].parse().expect("score column"),
            )
        })
        .collect()
}

#[test]
fn paths_end_in_the_sat_solution_and_mostly_match_hodoku() {
    let rows = calibration_rows(10);
    let mut same_level = 0;
    for (text, level, _) in &rows {
        let puzzle = line_puzzle(text);
        let grading = grade(&puzzle);
        assert!(grading.solved, "{text}");
        let solution = sat_count(&puzzle, 2);
        assert_eq!(Some(&grading.grid), solution.solution(), "{text}");
        if grading.level.to_string() == *level {
            same_level += 1;
        }
    }
    // The full calibration (BENCHMARKS.md) agrees on 99 % of levels; a sample must too.
    assert!(
        same_level * 100 >= rows.len() * 95,
        "{same_level} of {}",
        rows.len()
    );
}

#[test]
fn grade_command_prints_hodoku_level_and_score() {
    let (text, level, score) = calibration_rows(1).remove(0);
    let file = tempfile::NamedTempFile::new().expect("temporary file");
    std::fs::write(file.path(), &text).expect("write");
    let output = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["grade", "--json", file.path().to_str().unwrap()])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let object: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(object["puzzle"], text.as_str());
    assert_eq!(object["level"], level.as_str());
    assert_eq!(object["score"], score);
    assert!(object["techniques"]["Naked Single"].as_u64().unwrap() > 0);
}

#[test]
fn grade_explain_lists_readable_steps() {
    let output = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args([
            "grade",
            "--explain",
            data_path("seeds/classic.txt").to_str().unwrap(),
        ])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("swi-prolog-clpfd-manual: Easy"), "{stdout}");
    assert!(
        stdout.contains("hidden single: the only place for"),
        "{stdout}"
    );
    let solved = notation::format_grid(
        &grade(&line_puzzle(
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        ))
        .grid,
        Format::Line,
    );
    assert_eq!(
        solved,
        "987654321246173985351928746128537694634892157795461832519286473472319568863745219"
    );
}
