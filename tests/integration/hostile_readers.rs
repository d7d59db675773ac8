//! Hostile and careless input (issue 37): absurd sizes and counts in every notation are
//! refused in one line within 64 MB, a decompression bomb is refused at once, a bad record
//! refuses only itself wherever it stands, and records of every notation mix in one file.

use std::process::{Command, Output, Stdio};

use sudokit::notation::{self, Format};

use crate::helpers::{file_with, read_data, sudokit, text};

#[path = "../common/lz_bomb.rs"]
mod lz_bomb;

/// Runs the binary with its address space capped at 64 MB (`ulimit -v` in a shell).
fn capped(arguments: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 65536 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_sudokit"))
        .args(arguments)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

/// `check` on a file holding `contents`, under the memory cap: its one error line, after
/// asserting exit 2, one line naming the file and its line, nothing answered, no panic.
fn refused_within_64_mb(contents: &str, suffix: &str) -> String {
    let file = file_with(contents.as_bytes(), suffix);
    let path = file.path().to_str().unwrap().to_string();
    let output = capped(&["check", &path]);
    let stderr = text(&output.stderr);
    let excerpt: String = contents.chars().take(120).collect();
    assert_eq!(output.status.code(), Some(2), "{excerpt}: {stderr}");
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|line| !line.starts_with("summary:"))
        .collect();
    assert_eq!(errors.len(), 1, "{excerpt}: one line: {stderr}");
    assert!(errors[0].contains(&format!("{path}:")), "{stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("memory allocation"));
    assert!(text(&output.stdout).trim().is_empty(), "{excerpt}");
    errors[0].to_string()
}

const EMPTY_LINE: &str =
    ".................................................................................";

#[test]
fn absurd_f_puzzles_sizes_are_one_line_within_64_mb() {
    for size in [
        "1000000",
        "2147483648",
        "20000",
        "18446744073709551616",
        "-1",
        "1e300",
    ] {
        let document = format!(r#"{{"size": {size}, "grid": []}}"#);
        let line = refused_within_64_mb(&document, ".json");
        assert!(line.contains("is not a grid size"), "{line}");
        // the same document as a link: the issue's 60-byte link
        let link = format!(
            "https://www.f-puzzles.com/?load={}",
            notation::lz_string::compress_to_base64(&document)
        );
        let line = refused_within_64_mb(&link, ".txt");
        assert!(line.contains("is not a grid size"), "{line}");
    }
    // rows and cells past the side, cells named far outside the grid
    let rows = vec!["[{}]"; 20_000].join(",");
    let line = refused_within_64_mb(&format!(r#"{{"size": 9, "grid": [{rows}]}}"#), ".json");
    assert!(line.contains("20000"), "{line}");
    let entry = notation::parse(EMPTY_LINE, None).unwrap().remove(0);
    let mut document: serde_json::Value =
        serde_json::from_str(&notation::format(&entry.puzzle, Format::Fpuzzles).unwrap()).unwrap();
    document["killercage"] = serde_json::json!([{"cells": ["R4294967296C1", "R1C18446744073709551617"], "value": "99999999999999999999"}]);
    refused_within_64_mb(&document.to_string(), ".json");
}

#[test]
fn a_ten_kilobyte_link_bomb_is_refused_at_once_within_64_mb() {
    // 6000 codes unpack to 18 million letters; the decoder stops at the longest document
    let (payload, letters) = lz_bomb::bomb(6000);
    assert!(payload.len() > 10_000 && letters > 18_000_000);
    let link = format!("https://www.f-puzzles.com/?load={payload}");
    let line = refused_within_64_mb(&link, ".txt");
    assert!(line.contains("longer than any puzzle document"), "{line}");
    // among good puzzles, it refuses only itself
    let (answered, errors) = answers(&format!("{EMPTY_LINE}\n{link}\n{EMPTY_LINE}\n"));
    assert_eq!(answered.len(), 2, "{errors:?}");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains(":2: "), "{errors:?}");
}

#[test]
fn absurd_ron_declarations_are_one_line_within_64_mb() {
    for document in [
        "(size: 1000000)",
        "(size: 9, box_rows: 250, box_columns: 250)",
        r#"(size: 9, cages: [(label: "a", cells: ["r4294967296c1", "r1c2"], sum: Some(99999999999))])"#,
        &format!("{}(size: 9){}", "[".repeat(5000), "]".repeat(5000)),
    ] {
        refused_within_64_mb(document, ".ron");
    }
}

#[test]
fn absurd_line_declarations_are_one_line_within_64_mb() {
    for line in [
        format!("{EMPTY_LINE} boxes=99999x99999"),
        format!("{EMPTY_LINE} boxes=4294967296x1"),
        format!("{EMPTY_LINE} diag=both regions={}", "9".repeat(81)),
        ".".repeat(1_000_000),
    ] {
        refused_within_64_mb(&line, ".txt");
    }
}

#[test]
fn absurd_killer_declarations_are_one_line_within_64_mb() {
    let map = "aaaaaaaaa\n".repeat(9);
    for record in [
        format!("name huge sum\n{map}a 99999999999999999999\n"),
        format!("name huge boxes\nboxes 65536x65536\n{map}a 405\n"),
        format!("name wide\n{}\na 45\nb 10\n", "ab".repeat(50_000)),
    ] {
        refused_within_64_mb(&record, ".txt");
    }
    let tsv = format!("huge\t{}\ta=99999999999999999999\t-\n", "a".repeat(81));
    refused_within_64_mb(&tsv, ".tsv");
}

#[test]
fn absurd_csv_and_grid_declarations_are_one_line_within_64_mb() {
    refused_within_64_mb(&"0,".repeat(100_000), ".csv");
    let csv = "1,2,3,4\n".to_string() + &"99999999999999999999,0,0,0\n".repeat(3);
    refused_within_64_mb(&csv, ".csv");
    refused_within_64_mb(&format!("{}\n", "1".repeat(24)).repeat(24), ".txt");
}

#[test]
fn absurd_record_declarations_are_one_line_within_64_mb() {
    for record in [
        format!(r#"{{"puzzle": "{EMPTY_LINE}", "variant": "classic", "size": 1000000}}"#),
        format!(
            r#"{{"puzzle": "{EMPTY_LINE}", "variant": "killer", "size": 9, "cages": [{{"cells": ["r1c1", "r4294967296c1"], "sum": 99999999999999}}]}}"#
        ),
        format!(
            r#"{{"puzzle": "{EMPTY_LINE}", "fpuzzles": "https://www.f-puzzles.com/?load={}"}}"#,
            lz_bomb::bomb(6000).0
        ),
    ] {
        refused_within_64_mb(&record, ".jsonl");
    }
}

/// `check` on `contents` (not capped: the engines' threads take more address space than
/// 64 MB): the answers' first lines on standard output (those naming the file; a second
/// solution follows some), and the error lines on standard error.
fn answers(contents: &str) -> (Vec<String>, Vec<String>) {
    let file = file_with(contents.as_bytes(), ".txt");
    let path = file.path().to_str().unwrap().to_string();
    let output = sudokit(&["check", &path]);
    let answered = text(&output.stdout)
        .lines()
        .filter(|line| line.starts_with(&format!("{path}:")))
        .map(str::to_string)
        .collect();
    let errors = text(&output.stderr)
        .lines()
        .filter(|line| !line.starts_with("summary:"))
        .map(str::to_string)
        .collect();
    (answered, errors)
}

#[test]
fn a_bad_first_line_refuses_only_itself() {
    let data = read_data("classic/royle_17clue_49158.txt");
    let puzzles: Vec<&str> = data.lines().take(200).collect();
    // a line cut short (not the 16 cells of a 4×4 line: `8` and `6` are no 4×4 digits)
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let cut_to_16 = &inkala[..16];
    let cut_to_9 = &inkala[..9];
    for first in ["xyz", cut_to_16, cut_to_9] {
        let contents = format!("{first}\n{}\n", puzzles.join("\n"));
        let (answered, errors) = answers(&contents);
        assert_eq!(answered.len(), 200, "after {first:?}: {errors:?}");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains(":1: "), "{errors:?}");
        assert!(answered[0].contains(":2"), "{}", answered[0]);
    }
}

/// One record of each notation a mixed file may hold, with the line count each takes.
fn records_of_every_notation() -> Vec<String> {
    let killers = read_data("killer/killer_lisudoku.txt");
    let killer = notation::parse(&killers, None).unwrap().remove(0);
    let classic = notation::parse(EMPTY_LINE.replacen('.', "8", 1).as_str(), None)
        .unwrap()
        .remove(0);
    let record = notation::format_entry(&killer, Format::Records).unwrap();
    vec![
        read_data("classic/royle_17clue_49158.txt")
            .lines()
            .next()
            .unwrap()
            .to_string(),
        notation::format_entry(&killer, Format::Killer).unwrap(),
        notation::format(&classic.puzzle, Format::Grid).unwrap(),
        notation::format(&classic.puzzle, Format::Csv).unwrap(),
        sudokit::render::links::fpuzzles(&killer.puzzle, Some("link")).unwrap(),
        record.trim_end().to_string(),
        serde_json::to_string_pretty(
            &serde_json::from_str::<serde_json::Value>(
                &notation::format(&killer.puzzle, Format::Fpuzzles).unwrap(),
            )
            .unwrap(),
        )
        .unwrap(),
    ]
}

#[test]
fn mixed_files_answer_each_record_in_its_own_notation_in_any_order() {
    let records = records_of_every_notation();
    let alone: Vec<notation::Entry> = records
        .iter()
        .map(|record| {
            let mut entries =
                notation::parse(record, None).unwrap_or_else(|error| panic!("{record}: {error}"));
            assert_eq!(entries.len(), 1, "{record}");
            entries.remove(0)
        })
        .collect();
    // every rotation of the list, and its reverse: each record first, and after each other
    let count = records.len();
    for start in 0..count {
        for reverse in [false, true] {
            let mut order: Vec<usize> = (0..count).map(|index| (start + index) % count).collect();
            if reverse {
                order.reverse();
            }
            let text = order
                .iter()
                .map(|&index| records[index].trim_end())
                .collect::<Vec<_>>()
                .join("\n\n");
            let read = notation::parse(&text, None)
                .unwrap_or_else(|error| panic!("order {order:?}: {error}\n{text}"));
            assert_eq!(read.len(), count, "order {order:?}");
            for (entry, &index) in read.iter().zip(&order) {
                assert_eq!(
                    entry.puzzle, alone[index].puzzle,
                    "order {order:?}, record {index}"
                );
            }
        }
    }
    // and with a bad record in the middle, through the command: it refuses that one alone
    let mut text: Vec<String> = records
        .iter()
        .map(|record| record.trim_end().to_string())
        .collect();
    text.insert(3, "not a puzzle".to_string());
    let contents = text.join("\n\n");
    let bad_line = contents
        .lines()
        .position(|line| line == "not a puzzle")
        .unwrap()
        + 1;
    let (answered, errors) = answers(&contents);
    assert_eq!(answered.len(), count, "{errors:?}");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains(&format!(":{bad_line}: ")), "{errors:?}");
}

#[test]
fn a_damaged_pretty_printed_document_is_one_error_with_line_and_column() {
    let records = records_of_every_notation();
    let pretty = records.last().unwrap();
    // a stray `}` closing the document after its 5th line
    let mut lines: Vec<&str> = pretty.lines().collect();
    lines.insert(5, "}");
    let damaged = lines.join("\n");
    let line = refused_within_64_mb(&damaged, ".json");
    // the parser stops at the stray `}` (a value was expected after a comma)
    assert!(line.contains(":6: column 1: expected value"), "{line}");
    // inside a mixed file, after a puzzle line, it is still one error, at its own line
    let contents = format!("{}\n\n{damaged}\n", records[0]);
    let (answered, errors) = answers(&contents);
    assert_eq!(answered.len(), 1, "{errors:?}");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains(":8: column 1: expected value"),
        "{errors:?}"
    );
}

#[test]
fn an_answer_record_read_back_says_it_is_an_answer() {
    let (answered, _) = answers(&format!("{}\n", EMPTY_LINE.replacen('.', "8", 1)));
    assert_eq!(answered.len(), 1);
    let file = file_with(format!("{EMPTY_LINE}\n").as_bytes(), ".txt");
    let output = sudokit(&["check", "--json", file.path().to_str().unwrap()]);
    let json = text(&output.stdout);
    assert!(json.contains("\"solutions\""), "{json}");
    let line = refused_within_64_mb(&json, ".jsonl");
    assert!(
        line.contains("an answer record of sudokit") && !line.contains("not a key"),
        "{line}"
    );
}

#[test]
fn the_service_answers_a_bomb_link_and_an_absurd_size_with_one_refusal_each() {
    use sudokit::budget::Budget;
    use sudokit::service::check::{check, CheckRequest};
    let bomb = format!("https://www.f-puzzles.com/?load={}", lz_bomb::bomb(6000).0);
    for (puzzle, expected) in [
        (bomb.as_str(), "longer than any puzzle document"),
        (r#"{"size": 1000000, "grid": []}"#, "is not a grid size"),
        (r#"{"size": 2147483648, "grid": []}"#, "is not a grid size"),
    ] {
        let request = CheckRequest {
            puzzle: puzzle.to_string(),
            ..CheckRequest::default()
        };
        let answer = check(&request, &Budget::unlimited()).expect("an answer");
        assert_eq!(answer.records.len(), 1);
        let reason = answer.reason.clone().unwrap_or_default();
        assert!(reason.contains(expected), "{reason}");
    }
    // the link is unpacked within the request's budget: a request cut off (its deadline
    // passed, or its client gone) stops unpacking and says why
    let cancel = sudokit::budget::Cancel::new();
    cancel.cancel();
    for (budget, why) in [
        (
            Budget::unlimited().with_deadline(std::time::Instant::now()),
            "unpacking the link stopped: the time limit passed",
        ),
        (
            Budget::unlimited().with_cancel(&cancel),
            "unpacking the link stopped: cancelled",
        ),
    ] {
        let request = CheckRequest {
            puzzle: bomb.clone(),
            ..CheckRequest::default()
        };
        let answer = check(&request, &budget).expect("an answer");
        assert_eq!(answer.records.len(), 1);
        let reason = answer.reason.clone().unwrap_or_default();
        assert!(reason.contains(why), "{reason}");
    }
}
