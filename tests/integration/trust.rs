//! A right answer or a clear refusal: one record per input in input order, no rating for a
//! puzzle that has no solution or several, flags that do what `--help` says, bounded runs,
//! `--out -`, and a full disk reported once.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;
use sudokit::notation;

use crate::helpers::{file_with, sat_count, sudokit, text};

const UNIQUE: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// Two solutions, differing at r4c1 r4c6 r6c1 r6c6.
const MULTIPLE: &str =
    ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.";
/// Sudopedia's "Unsolvable Square": r5c1 has no digit left.
const NONE: &str =
    "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..";

/// A file of five lines: unique, multiple, clashing givens, a malformed line, no solution.
fn mixed_file() -> tempfile::NamedTempFile {
    let clashing = format!("8{}", &UNIQUE[1..]).replacen('.', "8", 1);
    let malformed = &UNIQUE[..80];
    file_with(
        format!("{UNIQUE}\n{MULTIPLE}\n{clashing}\n{malformed}x\n{NONE}\n"),
        ".txt",
    )
}

/// The JSON records of a run, one per stdout line.
fn json_records(output: &Output) -> Vec<Value> {
    text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// The statuses of a run's CSV rows, after checking the header and one row per input.
fn csv_statuses(output: &Output, sources: &[String]) -> Vec<String> {
    let stdout = text(&output.stdout);
    let mut lines = stdout.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let status = header
        .iter()
        .position(|&column| column == "status")
        .unwrap();
    let source = header
        .iter()
        .position(|&column| column == "source")
        .unwrap();
    let rows: Vec<Vec<String>> = lines.map(split_csv).collect();
    let found: Vec<String> = rows.iter().map(|row| row[source].clone()).collect();
    assert_eq!(found, sources, "{stdout}");
    rows.iter().map(|row| row[status].clone()).collect()
}

/// Splits one CSV row, honouring quotes.
fn split_csv(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut characters = line.chars().peekable();
    while let Some(character) = characters.next() {
        match character {
            '"' if quoted && characters.peek() == Some(&'"') => {
                characters.next();
                fields.last_mut().unwrap().push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            other => fields.last_mut().unwrap().push(other),
        }
    }
    fields
}

#[test]
fn every_command_writes_one_record_per_input_in_order() {
    let file = mixed_file();
    let path = file.path().to_str().unwrap();
    let sources: Vec<String> = (1..=5).map(|line| format!("{path}:{line}")).collect();
    let runs: [(&[&str], [&str; 5]); 4] = [
        (&["check"], ["unique", "multiple", "error", "error", "none"]),
        (&["solve"], ["unique", "multiple", "error", "error", "none"]),
        (&["grade"], ["rated", "multiple", "error", "error", "none"]),
        (
            &["grade", "--scale", "se"],
            ["rated", "multiple", "error", "error", "none"],
        ),
    ];
    for (command, statuses) in runs {
        for format in ["--json", "--csv"] {
            let arguments = [command, &[format, path]].concat();
            let output = sudokit(&arguments);
            assert_eq!(output.status.code(), Some(2), "{arguments:?}");
            let found = if format == "--json" {
                let records = json_records(&output);
                let found: Vec<&str> = records
                    .iter()
                    .map(|record| record["source"].as_str().unwrap())
                    .collect();
                assert_eq!(found, sources, "{arguments:?}");
                for record in &records[2..4] {
                    assert!(!record["reason"].as_str().unwrap().is_empty(), "{record}");
                }
                assert_eq!(
                    records[1]["differences"],
                    serde_json::json!(["r4c1", "r4c6", "r6c1", "r6c6"]),
                    "{arguments:?}"
                );
                records
                    .iter()
                    .map(|record| record["status"].as_str().unwrap().to_string())
                    .collect()
            } else {
                csv_statuses(&output, &sources)
            };
            assert_eq!(found, statuses, "{arguments:?}");
            assert!(!text(&output.stderr).contains("panicked"));
        }
    }
}

#[test]
fn puzzles_without_exactly_one_solution_are_never_rated() {
    let empty = file_with(".".repeat(81), ".txt");
    let path = empty.path().to_str().unwrap();
    for scale in ["hodoku", "se"] {
        let output = sudokit(&["grade", "--scale", scale, path]);
        let stdout = text(&output.stdout);
        assert_eq!(output.status.code(), Some(1), "{stdout}");
        assert!(stdout.contains(": multiple"), "{stdout}");
        assert!(stdout.contains("differ at r"), "{stdout}");
        assert!(
            !stdout.contains("Extreme") && !stdout.contains("ED="),
            "{stdout}"
        );
    }
    let none = file_with(NONE, ".txt");
    let output = sudokit(&["grade", "--json", none.path().to_str().unwrap()]);
    let record: Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(record["status"], "none");
    assert!(record.get("level").is_none(), "{record}");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn solve_says_when_a_puzzle_is_not_unique() {
    let file = file_with(MULTIPLE, ".txt");
    let path = file.path().to_str().unwrap();
    for engine in ["native", "sat", "both"] {
        let output = sudokit(&["solve", "--engine", engine, "--output-format", "line", path]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{engine}: {stderr}");
        assert_eq!(
            text(&output.stdout),
            "multiple\n",
            "{engine}: one placeholder line keeps the output in step with the input"
        );
        assert!(stderr.contains("multiple"), "{stderr}");
        assert!(stderr.contains("r4c1 r4c6 r6c1 r6c6"), "{stderr}");
        assert!(!stderr.contains("DISAGREE"), "{stderr}");
        assert_eq!(
            stderr.contains("native and SAT engines agree: multiple"),
            engine == "both",
            "{stderr}"
        );
    }
    let output = sudokit(&["solve", "--limit", "5", "--output-format", "line", path]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().count(), 1, "one line per input: {stdout}");
    let solutions: Vec<String> = stdout.split_whitespace().map(String::from).collect();
    assert_eq!(solutions.len(), 2, "the puzzle has exactly two solutions");
    let puzzle = notation::parse(MULTIPLE, None).unwrap().remove(0).puzzle;
    for solution in &solutions {
        let grid = notation::parse(solution, None).unwrap().remove(0).puzzle;
        assert!(puzzle.is_solution(grid.givens()), "{solution}");
    }
    assert_eq!(sat_count(&puzzle, 10).found(), 2);
}

#[test]
fn check_all_prints_each_solution_then_the_verdict() {
    let three = "..3.....6...98..2.9426..7..45...6............1.9.5.47.....25.4.6...785...........";
    let file = file_with(three, ".txt");
    let output = sudokit(&["check", "--all", file.path().to_str().unwrap()]);
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(lines[0].ends_with(':'), "{stdout}");
    for (number, line) in lines[1..4].iter().enumerate() {
        assert!(
            line.trim_start().starts_with(&(number + 1).to_string()),
            "{stdout}"
        );
    }
    assert!(lines[4].contains("multiple (3 solutions)"), "{stdout}");
}

#[test]
fn flags_out_of_range_are_refused_with_one_line() {
    let file = file_with(UNIQUE, ".txt");
    let path = file.path().to_str().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (&["check", "--limit", "1", path], "below 2"),
        (&["check", "--jobs", "0", path], "0 threads"),
        (&["grade", "--jobs", "0", path], "0 threads"),
        (&["solve", "--jobs", "100000", path], "more than the 256"),
        (
            &[
                "generate", "--preset", "sudoku-6", "--jobs", "0", "--out", "-",
            ],
            "0 threads",
        ),
        (
            &["book", "--from", path, "--jobs", "999"],
            "more than the 256",
        ),
        (&["solve", "--limit", "0", path], "0"),
    ];
    for (arguments, expected) in cases {
        let output = sudokit(arguments);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert!(stderr.contains(expected), "{arguments:?}: {stderr}");
    }
}

#[test]
fn the_work_limit_bounds_grading_on_both_scales() {
    let file = file_with(UNIQUE, ".txt");
    let path = file.path().to_str().unwrap();
    for scale in ["hodoku", "se"] {
        let output = sudokit(&[
            "grade",
            "--scale",
            scale,
            "--work-limit",
            "1000",
            "--json",
            path,
        ]);
        assert_eq!(output.status.code(), Some(1), "{scale}");
        let record: Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
        assert_eq!(record["status"], "beyond", "{scale}: {record}");
        assert_eq!(record["solved"], false, "{scale}: {record}");
        assert!(text(&output.stderr).contains("work limit"), "{scale}");
    }
    let output = sudokit(&["grade", "--json", path]);
    let record: Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(record["status"], "rated", "{record}");
    assert!(record["work"].as_u64().unwrap() > 1000, "{record}");
}

/// A book preset with two tiny sections, written into `folder`.
fn small_book_preset(folder: &Path) -> String {
    let path = folder.join("tiny.ron");
    std::fs::write(
        &path,
        "BookPreset(title: \"Tiny\", paper: \"A4\", per_page: 4, sections: [(preset: \"sudoku-6\", count: 12)])",
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

/// The PDF's page count (its page tree's `/Count`) and the first page's media box.
fn pages_and_box(pdf: &[u8]) -> (usize, String) {
    let text = String::from_utf8_lossy(pdf);
    let pages = text
        .split("/Count ")
        .nth(1)
        .and_then(|rest| {
            rest.split(|character: char| !character.is_ascii_digit())
                .next()
        })
        .and_then(|count| count.parse().ok())
        .unwrap_or(0);
    let media = text
        .split("/MediaBox")
        .nth(1)
        .map(|rest| rest.split(']').next().unwrap_or("").trim().to_string())
        .unwrap_or_default();
    (pages, media)
}

#[test]
fn book_flags_override_the_preset() {
    let folder = tempfile::tempdir().unwrap();
    let preset = small_book_preset(folder.path());
    let make = |name: &str, extra: &[&str]| {
        let out = folder.path().join(name);
        let out = out.to_str().unwrap();
        let arguments = [&["book", "--preset", &preset, "--out", out][..], extra].concat();
        let output = sudokit(&arguments);
        assert!(output.status.success(), "{}", text(&output.stderr));
        std::fs::read(folder.path().join(name).join("book.pdf")).unwrap()
    };
    let plain = make("plain", &[]);
    let letter = make("letter", &["--paper", "letter"]);
    let six = make("six", &["--per-page", "6"]);
    let titled = make("titled", &["--title", "Overridden Title"]);
    let (plain_pages, plain_box) = pages_and_box(&plain);
    let (_, letter_box) = pages_and_box(&letter);
    let (six_pages, _) = pages_and_box(&six);
    assert!(plain_box.contains("595"), "A4 by default: {plain_box}");
    assert!(
        letter_box.contains("612") && letter_box.contains("792"),
        "{letter_box}"
    );
    assert!(
        six_pages < plain_pages,
        "{six_pages} pages at 6 a page, {plain_pages} at 4"
    );
    assert!(String::from_utf8_lossy(&titled).contains("Overridden Title"));
    assert!(!String::from_utf8_lossy(&plain).contains("Overridden Title"));
    assert_ne!(plain, titled);
}

#[test]
fn generate_flags_override_the_preset() {
    let folder = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (&["--count", "3"], "count: 3,"),
        (&["--minimal", "false"], "minimal: false,"),
        (&["--symmetry", "none"], "symmetry: None,"),
        (&["--clues", "12-30"], "min: 12,"),
        (&["--level", "easy"], "levels: [\n                Easy,"),
        (&["--attempts", "7"], "attempts: 7,"),
        (&["--max-score", "5000"], "max_score: Some(5000),"),
    ];
    for (index, (flag, expected)) in cases.iter().enumerate() {
        let out = folder.path().join(index.to_string());
        let out = out.to_str().unwrap();
        let mut arguments = vec!["generate", "--preset", "sudoku-6", "--out", out];
        if flag[0] != "--count" {
            arguments.extend(["--count", "1"]);
        }
        arguments.extend_from_slice(flag);
        let output = sudokit(&arguments);
        assert!(
            output.status.success(),
            "{flag:?}: {}",
            text(&output.stderr)
        );
        let manifest =
            std::fs::read_to_string(folder.path().join(index.to_string()).join("batch.ron"))
                .unwrap();
        assert!(manifest.contains(expected), "{flag:?}: {manifest}");
    }
    let three = std::fs::read_to_string(folder.path().join("0").join("puzzles.jsonl")).unwrap();
    assert_eq!(three.lines().count(), 3);
}

#[test]
fn out_dash_writes_to_standard_output_or_is_refused() {
    let output = sudokit(&[
        "generate", "--preset", "sudoku-6", "--count", "3", "--out", "-",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let records = json_records(&output);
    assert_eq!(records.len(), 3);
    for (index, record) in records.iter().enumerate() {
        assert_eq!(record["index"], index as u64);
    }
    assert!(!Path::new("-").exists(), "no folder named -");

    let two = file_with(format!("{UNIQUE}\n{UNIQUE}\n"), ".txt");
    let path = two.path().to_str().unwrap();
    let pdf = sudokit(&["render", "--pdf", "--out", "-", path]);
    assert!(pdf.status.success(), "{}", text(&pdf.stderr));
    assert!(pdf.stdout.starts_with(b"%PDF-"));
    let svgs = sudokit(&["render", "--svg", "--out", "-", path]);
    assert_eq!(svgs.status.code(), Some(2));
    assert!(text(&svgs.stderr).contains("standard output"));
    let book = sudokit(&["book", "--from", path, "--out", "-"]);
    assert_eq!(book.status.code(), Some(2));
    assert!(text(&book.stderr).contains("several files"));
}

/// Whether this process may mount a file system (root on Linux).
fn can_mount() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| text(&output.stdout).trim() == "0")
}

#[test]
fn a_full_disk_stops_generation_at_once_with_the_journal_intact() {
    if !can_mount() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI runs as root: this test needs to mount a small tmpfs"
        );
        eprintln!("skipped: mounting a small tmpfs needs root");
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    let mount = |arguments: &[&str]| {
        Command::new(arguments[0])
            .args(&arguments[1..])
            .status()
            .is_ok_and(|status| status.success())
    };
    let small = folder.path().to_str().unwrap();
    assert!(
        mount(&["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", small]),
        "mount a 16 KiB tmpfs"
    );
    let batch = folder.path().join("batch");
    let output = sudokit(&[
        "generate",
        "--preset",
        "classic-easy",
        "--count",
        "400",
        "--out",
        batch.to_str().unwrap(),
    ]);
    let partial = std::fs::read_to_string(batch.join("puzzles.jsonl.partial"));
    let finished = batch.join("puzzles.jsonl").exists();
    assert!(mount(&["umount", small]), "unmount");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "reported once: {stderr}");
    assert!(stderr.contains("No space left"), "{stderr}");
    assert!(stderr.contains("--resume"), "{stderr}");
    assert!(!finished, "no final file from a failed run");
    let partial = partial.expect("the journal is kept");
    let complete = partial.lines().filter(|line| line.ends_with('}')).count();
    assert!(complete > 0 && complete < 400, "{complete} records kept");
}

#[test]
fn a_rating_stopped_by_the_work_limit_gives_no_level_or_score_on_either_scale() {
    let file = file_with(UNIQUE, ".txt");
    let path = file.path().to_str().unwrap();
    let output = sudokit(&["grade", "--work-limit", "1000", path]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert!(stdout.contains(": beyond  hardest so far:"), "{stdout}");
    for level in ["Easy", "Medium", "Hard", "Unfair", "Extreme"] {
        assert!(
            !stdout.contains(level),
            "a level from a path cut short: {stdout}"
        );
    }
    let output = sudokit(&["grade", "--work-limit", "1000", "--json", path]);
    let record: Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(record["status"], "beyond", "{record}");
    assert!(
        record["level"].is_null() && record["score"].is_null(),
        "{record}"
    );
}
