//! Every reader models every rule in its input or refuses the puzzle with one line naming
//! the rule and where; damaged input is an error, never a different puzzle.

use sudokit::notation::{self, Format};

use crate::helpers::{data_path, file_with, path_text, read_data, sudokit, text};

/// Runs `check` on `path` and returns its one error line, after asserting exit code 2, one
/// line on standard error naming the file, nothing on standard output, and no panic.
fn refusal(path: &str) -> String {
    let output = sudokit(&["check", path]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{path}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains(path), "names the file: {stderr}");
    assert!(!stderr.contains('\0'), "never echoes a NUL");
    assert!(
        text(&output.stdout).trim().is_empty(),
        "no answer: {}",
        text(&output.stdout)
    );
    stderr
}

fn assert_refused(fixture: &str, expected: &str) {
    let path = data_path(&format!("fpuzzles/{fixture}"));
    let line = refusal(path.to_str().unwrap());
    assert!(line.contains(expected), "{fixture}: {line}");
    assert!(
        line.contains("not a rule sudokit models"),
        "{fixture}: {line}"
    );
}

/// The one variant rule a fixture reads into, in setters' words with its cells.
fn rule_read(fixture: &str) -> String {
    let text = read_data(&format!("fpuzzles/{fixture}"));
    let entry = notation::parse(&text, None)
        .unwrap_or_else(|error| panic!("{fixture}: {error}"))
        .remove(0);
    let rules: Vec<String> = entry
        .puzzle
        .constraints()
        .iter()
        .map(ToString::to_string)
        .collect();
    rules.join("; ")
}

#[test]
fn each_f_puzzles_rule_fixture_reads_as_its_rule() {
    // these keys were refused by name before the variant rules were modelled (issue 27)
    for (fixture, expected) in [
        ("rule_thermometer.json", "thermometer r1c2-r1c4"),
        ("rule_arrow.json", "arrow r5c5 → r5c6-r5c7"),
        ("rule_antiknight.json", "anti-knight"),
        ("rule_antiking.json", "anti-king"),
        ("rule_nonconsecutive.json", "nonconsecutive"),
        ("rule_difference.json", "white Kropki dot r4c4-r4c5"),
        ("rule_ratio.json", "black Kropki dot r6c1-r6c2"),
        ("rule_xv.json", "X r7c7-r7c8"),
        ("rule_littlekillersum.json", "little killer 12 at R0C1 (DR)"),
        ("rule_sandwichsum.json", "sandwich 10 on column 3 (top)"),
        ("rule_palindrome.json", "palindrome r9c1-r7c3"),
        ("rule_odd.json", "odd cell r3c3"),
        ("rule_even.json", "even cell r3c4"),
        ("rule_extraregion.json", "extra region 1"),
    ] {
        assert_eq!(rule_read(fixture), expected, "{fixture}");
    }
}

#[test]
fn a_cage_whose_meaning_f_puzzles_does_not_say() {
    // f-puzzles' plain `cage` is decoration: with a value it may be a killer cage or not
    assert_refused(
        "rule_cage_with_value.json",
        "cosmetic cage with a value r8c8+r8c9",
    );
}

#[test]
fn killer_cages_without_a_sum() {
    // in f-puzzles a killercage without a value is a cage whose digits do not repeat:
    // modelled, so the answer honours it (two solutions of a 4×4 differ only inside it)
    let document = r#"{"size":4,"grid":[[{"value":1,"given":true},{"value":2,"given":true},{},{}],[{"value":3,"given":true},{},{"value":1,"given":true},{}],[{},{"value":1,"given":true},{},{}],[{},{},{},{"value":1,"given":true}]],"killercage":[{"cells":["R1C3","R1C4"]}]}"#;
    let entry = notation::parse(document, None).unwrap().remove(0);
    assert_eq!(entry.puzzle.cage_count(), 1);
    assert_eq!(entry.puzzle.cages().next().unwrap().sum, None);
    // a killer TSV row promises every cage its sum: one without is refused as cut short
    let map: String = (0..81)
        .map(|cell| if cell < 2 { 'b' } else { 'a' })
        .collect();
    let row = format!("cut\t{map}\ta=400\t-\n");
    let file = file_with(row.as_bytes(), ".tsv");
    let line = refusal(file.path().to_str().unwrap());
    assert!(line.contains("no sum to cage b"), "{line}");
}

#[test]
fn decoration_is_accepted_and_read() {
    let path = data_path("fpuzzles/cosmetic_keys.json");
    let output = sudokit(&["check", path.to_str().unwrap()]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(stdout.contains("cosmetic: multiple"), "{stdout}");
}

#[test]
fn an_unknown_f_puzzles_key_is_refused() {
    let document = br#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killerdiagonal":true}"#;
    let file = file_with(document, ".json");
    let line = refusal(file.path().to_str().unwrap());
    assert!(
        line.contains("killerdiagonal") && line.contains("not a key sudokit knows"),
        "{line}"
    );
}

#[test]
fn a_solution_out_of_range_or_of_the_wrong_length_is_refused() {
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let entry = notation::parse(inkala, None).unwrap().remove(0);
    let document = notation::format(&entry.puzzle, Format::Fpuzzles).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&document).unwrap();
    let mut solution = vec![1u8; 81];
    solution[40] = 10;
    value["solution"] = serde_json::json!(solution);
    let file = file_with(value.to_string().as_bytes(), ".json");
    let line = refusal(file.path().to_str().unwrap());
    assert!(line.contains("r5c5 = 10"), "{line}");
    value["solution"] = serde_json::json!(vec![1u8; 80]);
    let file = file_with(value.to_string().as_bytes(), ".json");
    let line = refusal(file.path().to_str().unwrap());
    assert!(line.contains("80 cells, expected 81"), "{line}");
}

#[test]
fn pretty_printed_json_is_read() {
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let entry = notation::parse(inkala, None).unwrap().remove(0);
    let document = notation::format(&entry.puzzle, Format::Fpuzzles).unwrap();
    let value: serde_json::Value = serde_json::from_str(&document).unwrap();
    let pretty = serde_json::to_string_pretty(&value).unwrap();
    let file = file_with(pretty.as_bytes(), ".json");
    let output = sudokit(&["check", file.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains(": unique"));
}

#[test]
fn qqwing_csv_output_is_read() {
    let csv = "Puzzle,Solution,Difficulty,\n\
        8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..,\
        812753649943682175675491283154237896369845721287169534521974368438526917796318452,Expert,\n";
    let file = file_with(csv.as_bytes(), ".csv");
    let output = sudokit(&["check", "--json", file.path().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let record: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(record["status"], "unique");
    assert_eq!(record["line"], 2);
    let solutions_only = file_with(b"Solution,\n812753649943682175675491283154237896369845721287169534521974368438526917796318452,\n", ".csv");
    let line = refusal(solutions_only.path().to_str().unwrap());
    assert!(
        line.contains("QQWing") && line.contains("Puzzle column"),
        "{line}"
    );
}

#[test]
fn short_links_say_only_full_links_carry_the_puzzle() {
    let file = file_with(b"https://sudokupad.app/abc123\n", ".txt");
    let line = refusal(file.path().to_str().unwrap());
    assert!(line.contains("does not carry the puzzle"), "{line}");
    assert!(line.contains("full f-puzzles link"), "{line}");
}

#[test]
fn unsure_detection_refuses_and_names_the_formats() {
    for contents in ["abc\ndef\n", "hello world, this is not a puzzle\n"] {
        let file = file_with(contents.as_bytes(), ".txt");
        let line = refusal(file.path().to_str().unwrap());
        assert!(
            line.contains("cannot tell the format") || line.contains("cells"),
            "{line}"
        );
        assert!(
            !line.contains("×"),
            "never a grid of a size nobody meant: {line}"
        );
    }
}

#[test]
fn a_damaged_solution_is_an_error_not_a_name() {
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let solution =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
    for damaged in [&solution[..80], &format!("{}x", &solution[..80])[..]] {
        let file = file_with(format!("{inkala} {damaged}\n").as_bytes(), ".txt");
        let line = refusal(file.path().to_str().unwrap());
        // cut short: its length; a stray letter: where it is
        assert!(
            line.contains("solution after the puzzle has 80 cells")
                || line.contains("column 163 (r9c9): unknown character 'x'"),
            "{line}"
        );
    }
}

#[test]
fn control_characters_are_refused_and_never_echoed() {
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let contents = format!("{inkala} name\u{0}with\u{1b}[31mescape\n{inkala} fine\n");
    let file = file_with(contents.as_bytes(), ".txt");
    let output = sudokit(&["check", "--json", file.path().to_str().unwrap()]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(2));
    let records: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 2, "{stdout}");
    assert_eq!(records[0]["status"], "error");
    assert!(records[0]["reason"].as_str().unwrap().contains("U+0000"));
    assert_eq!(records[1]["status"], "unique");
    let stderr = text(&output.stderr);
    assert!(
        !stderr.contains('\0') && !stderr.contains('\u{1b}'),
        "{stderr:?}"
    );
}

#[test]
fn a_killer_tsv_row_cut_short_is_refused() {
    let source = crate::helpers::read_data("killer/killer_krazydad_1000.tsv");
    let rows: Vec<&str> = source
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(2)
        .collect();
    // the solution column gone from the second row
    let fields: Vec<&str> = rows[1].split('\t').collect();
    let cut = format!("{}\n{}\n", rows[0], fields[..3].join("\t"));
    let file = file_with(cut.as_bytes(), ".tsv");
    let output = sudokit(&["check", file.path().to_str().unwrap()]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(":2: the row has no solution field"),
        "{stderr}"
    );
    // the sums list cut short: the last sum lost a digit, or the last cages lost theirs
    let sums = fields[2];
    let shortened = &sums[..sums.len() - 1];
    let dropped = &sums[..sums.rfind(',').unwrap()];
    for damaged in [shortened, dropped] {
        let row = format!("{}\t{}\t{damaged}\t{}\n", fields[0], fields[1], fields[3]);
        let file = file_with(row.as_bytes(), ".tsv");
        let line = refusal(file.path().to_str().unwrap());
        assert!(line.contains("total") || line.contains("no sum"), "{line}");
    }
}

/// A long file is read a batch of lines at a time: an invalid byte far into it refuses its
/// own line alone, naming the line and column; every line before it (across the batch
/// boundary at 8192 lines) and after it is answered, and the exit code says input was
/// refused.
#[test]
fn an_invalid_byte_deep_in_a_long_file_refuses_its_line_alone() {
    let puzzle = read_data("classic/royle_17clue_49158.txt")
        .lines()
        .next()
        .expect("a puzzle")
        .to_string();
    let mut bytes = format!("{puzzle}\n").repeat(9000).into_bytes();
    bytes.extend_from_slice(b"# comment \xe9\n");
    bytes.extend(format!("{puzzle}\n").repeat(3).into_bytes());
    let file = file_with(&bytes, ".txt");
    let path = path_text(file.path());
    let output = sudokit(&["check", "--engine", "native", "--json", path]);
    assert_eq!(output.status.code(), Some(2));
    let stdout = text(&output.stdout);
    let records: Vec<&str> = stdout.lines().collect();
    assert_eq!(records.len(), 9004, "9003 answers and one refusal");
    for (index, record) in records.iter().enumerate() {
        let expected = if index == 9000 { "error" } else { "unique" };
        assert!(
            record.contains(&format!("\"line\":{},", index + 1))
                && record.contains(&format!("\"status\":\"{expected}\"")),
            "{record}"
        );
    }
    assert!(
        records[9000]
            .contains("\"reason\":\"column 11: not UTF-8 text: an invalid byte (read as U+FFFD)\""),
        "{}",
        records[9000]
    );
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&format!(
            "error: {path}:9001: column 11: not UTF-8 text: an invalid byte (read as U+FFFD)\n"
        )),
        "{stderr}"
    );
}

/// A grid (whose puzzles span lines) with an invalid byte is refused, naming the line and
/// column of the byte; nothing of it is answered.
#[test]
fn a_damaged_grid_is_refused_at_its_line() {
    let mut bytes = read_data("seeds/classic.txt").into_bytes();
    let grid = notation::format(
        &notation::parse(&String::from_utf8(bytes.clone()).unwrap(), None).unwrap()[0].puzzle,
        Format::Grid,
    )
    .unwrap();
    bytes = grid.into_bytes();
    let cut = bytes.iter().position(|&byte| byte == b'\n').unwrap() + 3;
    bytes.insert(cut, 0xff);
    let file = file_with(&bytes, ".txt");
    let path = path_text(file.path());
    let output = sudokit(&["check", path]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stdout).trim().is_empty(), "no answer");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&format!(
            "error: {path}:2: column 3: not UTF-8 text: an invalid byte (read as U+FFFD)\n"
        )),
        "{stderr}"
    );
}

#[test]
fn a_solution_printed_as_a_grid_reads_back_with_its_boxes() {
    // a 6×6 puzzle of 3×2 boxes (the usual 6×6 transposed), solved and printed as a grid
    let puzzle = ".5.2.....4..4....52....4..1.....6.3.";
    let transposed: String = (0..36)
        .map(|index| puzzle.as_bytes()[(index % 6) * 6 + index / 6] as char)
        .collect();
    let ron = format!("Puzzle(size: 6, box_rows: 3, box_columns: 2, givens: \"{transposed}\")");
    let file = file_with(ron, ".ron");
    let output = sudokit(&["solve", "--output-format", "grid", path_text(file.path())]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let printed = file_with(&output.stdout, ".txt");
    let output = sudokit(&["check", "--json", path_text(printed.path())]);
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(record["status"], "unique", "{record}");
    assert_eq!(output.status.code(), Some(0));
}
