//! A book's `puzzles.jsonl` as typed records (issue 28): every line is a `BookRecord` that
//! writes back byte for byte and validates against its JSON schema; `check` and `solve` read the file; `book --from` reads a
//! `generate` batch's records and a book's own, keeping what the records say.

use std::path::Path;

use serde_json::Value;
use sudokit::service::book::BookRecord;

use crate::helpers::{generate_into, path_text, succeeds, sudokit, text};
use crate::schema::mismatch;

/// The lines of a file, each read as a book's record, checked to write back unchanged.
fn book_records(path: &Path) -> Vec<BookRecord> {
    let written = std::fs::read_to_string(path).unwrap();
    written
        .lines()
        .map(|line| {
            let record: BookRecord = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("{}: {error}: {line}", path.display()));
            assert_eq!(record.to_line().unwrap(), line, "written back as it was");
            record
        })
        .collect()
}

/// A book of every kind of puzzle the shipped mixed preset holds (classic, X, killer,
/// greater killer), one per section.
fn mixed_book(folder: &Path) -> std::path::PathBuf {
    let out = folder.join("book");
    succeeds(&[
        "book",
        "--preset",
        "book-mixed",
        "--count",
        "1",
        "--seed",
        "4",
        "--out",
        path_text(&out),
    ]);
    out
}

#[test]
fn check_and_solve_read_every_record_of_a_books_puzzles_jsonl() {
    let folder = tempfile::tempdir().unwrap();
    let out = mixed_book(folder.path());
    let records_path = out.join("puzzles.jsonl");
    let records = book_records(&records_path);
    assert_eq!(records.len(), 6);
    let numbers: Vec<usize> = records.iter().map(|record| record.number).collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    // book order: by level, then score
    assert!(records
        .windows(2)
        .all(|pair| (pair[0].level, pair[0].score) <= (pair[1].level, pair[1].score)));
    let path = path_text(&records_path);
    let check = succeeds(&["check", path]);
    let answers = text(&check.stdout);
    let expected: String = (1..=6)
        .map(|line| format!("{path}:{line}: unique\n"))
        .collect();
    assert_eq!(answers, expected);
    let solve = text(&succeeds(&["solve", "--json", path]).stdout);
    let solved: Vec<Value> = solve
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(solved.len(), 6, "{solve}");
    for (answer, record) in solved.iter().zip(&records) {
        assert_eq!(answer["status"], "unique", "{answer}");
        assert_eq!(answer["solution"], record.solution.as_str(), "{answer}");
    }
    // every line validates against BookRecord's JSON schema, and a damaged one does not
    let schema = serde_json::to_value(schemars::schema_for!(BookRecord)).unwrap();
    let lines = std::fs::read_to_string(&records_path).unwrap();
    for line in lines.lines() {
        let value: Value = serde_json::from_str(line).unwrap();
        assert_eq!(mismatch(&schema, &schema, &value, "$"), None, "{line}");
    }
    let first = lines.lines().next().unwrap();
    let mut damaged: Value = serde_json::from_str(first).unwrap();
    damaged["number"] = Value::from("one");
    assert!(mismatch(&schema, &schema, &damaged, "$").is_some());
    // the killer sections' records carry their cages, the greater killer its comparisons
    assert!(records.iter().any(|record| !record.fields.cages.is_empty()));
    assert!(records
        .iter()
        .any(|record| !record.fields.comparisons.is_empty()));
}

#[test]
fn book_from_reads_a_generated_batch_keeping_its_ratings_and_fields() {
    let folder = tempfile::tempdir().unwrap();
    let batch = folder.path().join("batch");
    generate_into(
        &batch,
        &["--preset", "killer-6", "--count", "3", "--seed", "5"],
    );
    let generated: Vec<Value> = std::fs::read_to_string(batch.join("puzzles.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let out = folder.path().join("book");
    succeeds(&[
        "book",
        "--from",
        path_text(&batch.join("puzzles.jsonl")),
        "--out",
        path_text(&out),
    ]);
    let records = book_records(&out.join("puzzles.jsonl"));
    assert_eq!(records.len(), 3);
    for record in &records {
        let index = record.fields.index.expect("the batch's index carried");
        let source = &generated[index as usize];
        assert_eq!(record.fields.preset.as_deref(), Some("killer-6"));
        assert_eq!(record.fields.seed, Some(5));
        assert_eq!(record.fields.variant.as_deref(), Some("killer"));
        assert_eq!(record.puzzle, source["puzzle"].as_str().unwrap());
        assert_eq!(record.solution, source["solution"].as_str().unwrap());
        // the batch's rating is kept, not made again
        assert_eq!(record.level.to_string(), source["level"].as_str().unwrap());
        assert_eq!(u64::from(record.score), source["score"].as_u64().unwrap());
        assert_eq!(
            record.fields.cages.len(),
            source["cages"].as_array().unwrap().len()
        );
        assert!(record.fpuzzles.is_some(), "a killer has an f-puzzles link");
    }
}

#[test]
fn book_from_a_books_own_records_makes_the_same_records_and_text() {
    let folder = tempfile::tempdir().unwrap();
    let out = mixed_book(folder.path());
    let again = folder.path().join("again");
    succeeds(&[
        "book",
        "--from",
        path_text(&out.join("puzzles.jsonl")),
        "--out",
        path_text(&again),
    ]);
    for name in ["puzzles.jsonl", "puzzles.txt"] {
        assert_eq!(
            std::fs::read_to_string(again.join(name)).unwrap(),
            std::fs::read_to_string(out.join(name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn book_from_refuses_a_record_field_of_the_wrong_type_by_its_line_and_name() {
    let folder = tempfile::tempdir().unwrap();
    let out = mixed_book(folder.path());
    let written = std::fs::read_to_string(out.join("puzzles.jsonl")).unwrap();
    let damaged: Vec<String> = written
        .lines()
        .enumerate()
        .map(|(index, line)| match index {
            1 => line.replacen("\"seed\":4", "\"seed\":\"four\"", 1),
            _ => line.to_string(),
        })
        .collect();
    assert_ne!(damaged.join("\n") + "\n", written, "the seed was damaged");
    let input = folder.path().join("damaged.jsonl");
    std::fs::write(&input, damaged.join("\n") + "\n").unwrap();
    let path = path_text(&input);
    let output = sudokit(&[
        "book",
        "--from",
        path,
        "--out",
        path_text(&folder.path().join("refused")),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        format!("error: {path}:2: \"seed\": invalid type: string \"four\", expected u64\n")
    );
    assert!(!folder.path().join("refused").exists(), "nothing written");
}
