//! Every command reads sudokit's own records (`generate`'s and `book`'s puzzles.jsonl, and
//! `book`'s puzzles.txt) with every rule they carry; a damaged line or an unknown rule
//! refuses one record, by its line, and nothing else (issue 28, point 7).

use std::path::Path;

use crate::helpers::{file_with, generate_into, path_text, succeeds, sudokit, text};

/// `check`'s answer lines for `path`, asserting it exits 0 (every puzzle unique).
fn all_unique(path: &Path, count: usize) {
    let path = path_text(path);
    let output = sudokit(&["check", path]);
    let stdout = text(&output.stdout);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{path}: {stderr}");
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), count, "{stdout}");
    assert!(
        answers.iter().all(|answer| answer.ends_with(": unique")),
        "{stdout}"
    );
    assert!(
        stderr.contains(&format!(
            "summary: {count} puzzles: {count} unique, 0 multiple, 0 none, 0 unreadable"
        )),
        "{stderr}"
    );
}

/// A generated batch's puzzles.jsonl is read by `check`, line by line, with the rules of its
/// variant: every puzzle unique, as its puzzles.txt says, for classic, X, killer, greater
/// killer and jigsaw.
#[test]
fn check_reads_generated_records_of_every_variant() {
    let folder = tempfile::tempdir().unwrap();
    for preset in [
        "classic-easy",
        "x-9",
        "killer-6",
        "greater-killer",
        "jigsaw-6",
    ] {
        let out = folder.path().join(preset);
        generate_into(&out, &["--preset", preset, "--count", "2", "--seed", "3"]);
        let records = out.join("puzzles.jsonl");
        all_unique(&records, 2);
        let path = path_text(&records);
        let answers = text(&succeeds(&["check", path]).stdout);
        assert_eq!(
            answers,
            format!("{path}:1: unique\n{path}:2: unique\n"),
            "{preset}"
        );
    }
}

/// `solve`, `grade`, `render` and `link` read the same records: the cages are kept, so each
/// puzzle's one solution is the record's solution.
#[test]
fn solve_grade_render_and_link_read_generated_records() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("killer");
    generate_into(
        &out,
        &["--preset", "killer-6", "--count", "2", "--seed", "5"],
    );
    let records = out.join("puzzles.jsonl");
    let path = path_text(&records);
    let written = std::fs::read_to_string(&records).unwrap();
    let solve = text(&succeeds(&["solve", "--json", path]).stdout);
    for (answer, record) in solve.lines().zip(written.lines()) {
        let record: serde_json::Value = serde_json::from_str(record).unwrap();
        let answer: serde_json::Value = serde_json::from_str(answer).unwrap();
        assert_eq!(answer["status"], "unique", "{answer}");
        assert_eq!(answer["solution"], record["solution"], "{answer}");
    }
    let grade = text(&succeeds(&["grade", "--json", path]).stdout);
    assert_eq!(grade.lines().count(), 2, "{grade}");
    assert!(
        grade
            .lines()
            .all(|line| line.contains("\"status\":\"rated\"")),
        "{grade}"
    );
    let link = text(&succeeds(&["link", path]).stdout);
    assert_eq!(link.lines().count(), 2, "{link}");
    let pdf = folder.path().join("killers.pdf");
    let render = sudokit(&["render", "--pdf", "--out", path_text(&pdf), path]);
    assert_eq!(render.status.code(), Some(0), "{}", text(&render.stderr));
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
}

/// A book writes puzzles.txt beside puzzles.jsonl: `check` answers every puzzle of both
/// unique (lines, killer text and greater-killer text mixed in one file), and `book --from`
/// reads either back.
#[test]
fn a_books_puzzles_read_back_from_both_files() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("book");
    let path = path_text(&out);
    succeeds(&[
        "book",
        "--preset",
        "book-mixed",
        "--count",
        "1",
        "--out",
        path,
    ]);
    all_unique(&out.join("puzzles.jsonl"), 6);
    all_unique(&out.join("puzzles.txt"), 6);
    let listed = std::fs::read_to_string(out.join("puzzles.txt")).unwrap();
    assert!(listed.contains("\nname puzzle "), "killer text: {listed}");
    assert!(listed.contains("diag=both puzzle "), "an X line: {listed}");
    assert!(listed.contains("\ncompare "), "greater killer: {listed}");
    for (input, again) in [
        ("puzzles.txt", "from-text"),
        ("puzzles.jsonl", "from-records"),
    ] {
        let again = folder.path().join(again);
        succeeds(&[
            "book",
            "--from",
            path_text(&out.join(input)),
            "--out",
            path_text(&again),
        ]);
        all_unique(&again.join("puzzles.txt"), 6);
    }
}

/// A record naming a rule the reader does not know is refused by its line; the records
/// around it are answered.
#[test]
fn a_record_with_an_unknown_rule_is_refused_by_its_line() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("classic");
    generate_into(
        &out,
        &["--preset", "classic-easy", "--count", "3", "--seed", "2"],
    );
    let written = std::fs::read_to_string(out.join("puzzles.jsonl")).unwrap();
    let mut lines: Vec<String> = written.lines().map(str::to_string).collect();
    lines[1] = lines[1].replacen('{', r#"{"thermometers":[["r1c1","r1c2"]],"#, 1);
    let file = file_with(lines.join("\n") + "\n", ".jsonl");
    let path = path_text(file.path());
    let output = sudokit(&["check", path]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stdout),
        format!("{path}:1: unique\n{path}:3: unique\n")
    );
    assert!(text(&output.stderr).starts_with(&format!(
        "error: {path}:2: \"thermometers\": not a key of sudokit's records, so the record may hold a rule it does not know\n"
    )));
}

/// A killer file of 3 puzzles with one damaged comment (an invalid byte, a NUL, a form
/// feed) answers its 3 puzzles and refuses the comment's line alone.
#[test]
fn a_damaged_comment_in_a_killer_file_loses_no_puzzle() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("killer");
    generate_into(&out, &["--preset", "killer-6", "--count", "3"]);
    let killer = std::fs::read(out.join("puzzles.txt")).unwrap();
    let second = find(&killer, b"name killer-6 1");
    for (damage, reason) in [
        (&b"\xff"[..], "not UTF-8 text: an invalid byte (read as U+FFFD)"),
        (b"\0", "control character U+0000 in the text: NUL bytes and control characters are not puzzle text"),
        (b"\x0c", "control character U+000C in the text: NUL bytes and control characters are not puzzle text"),
    ] {
        let mut bytes = killer[..second].to_vec();
        bytes.extend_from_slice(b"# a note ");
        bytes.extend_from_slice(damage);
        bytes.push(b'\n');
        bytes.extend_from_slice(&killer[second..]);
        let file = file_with(&bytes, ".txt");
        let path = path_text(file.path());
        let output = sudokit(&["check", path]);
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(
            text(&output.stdout),
            format!(
                "{path}:1 killer-6 0: unique\n{path}:26 killer-6 1: unique\n{path}:50 killer-6 2: unique\n"
            )
        );
        assert_eq!(
            text(&output.stderr).lines().next(),
            Some(format!("error: {path}:25: column 10: {reason}").as_str())
        );
    }
}

/// A damaged line inside a killer record refuses that record alone.
#[test]
fn a_damaged_killer_record_is_refused_alone() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("killer");
    generate_into(&out, &["--preset", "killer-6", "--count", "3"]);
    let mut killer = std::fs::read(out.join("puzzles.txt")).unwrap();
    // the first cage-map row of the second record
    let row = find(&killer, b"name killer-6 1") + b"name killer-6 1\n".len();
    killer.insert(row + 2, 0xfe);
    let file = file_with(&killer, ".txt");
    let path = path_text(file.path());
    let output = sudokit(&["check", path]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stdout),
        format!("{path}:1 killer-6 0: unique\n{path}:49 killer-6 2: unique\n")
    );
    assert_eq!(
        text(&output.stderr).lines().next(),
        Some(
            format!("error: {path}:26: column 3: not UTF-8 text: an invalid byte (read as U+FFFD)")
                .as_str()
        )
    );
}

/// A line file with a bad byte on line 2 answers every other line, after it too.
#[test]
fn a_bad_byte_in_a_line_file_loses_no_other_line() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("classic");
    generate_into(
        &out,
        &["--preset", "classic-easy", "--count", "4", "--seed", "2"],
    );
    let lines = std::fs::read(out.join("puzzles.txt")).unwrap();
    for damage in [0xffu8, 0x00, 0x0c] {
        let mut bytes = lines.clone();
        let second = bytes.iter().position(|&byte| byte == b'\n').unwrap() + 1;
        bytes[second + 4] = damage;
        let file = file_with(&bytes, ".txt");
        let path = path_text(file.path());
        let output = sudokit(&["check", path]);
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(
            text(&output.stdout),
            format!("{path}:1: unique\n{path}:3: unique\n{path}:4: unique\n")
        );
        let stderr = text(&output.stderr);
        assert!(
            stderr.starts_with(&format!("error: {path}:2: column 5: ")),
            "{stderr}"
        );
    }
}

/// A file mixing puzzle lines, a killer-text record and a generator's JSON record answers
/// each in its notation; a bad line among them is refused by its line.
#[test]
fn a_file_mixing_lines_killer_text_and_records_answers_each() {
    let folder = tempfile::tempdir().unwrap();
    let classic = folder.path().join("classic");
    generate_into(&classic, &["--preset", "classic-easy", "--count", "2"]);
    let killer = folder.path().join("killer");
    generate_into(&killer, &["--preset", "killer-6", "--count", "1"]);
    let lines = std::fs::read_to_string(classic.join("puzzles.txt")).unwrap();
    let killer_text = std::fs::read_to_string(killer.join("puzzles.txt")).unwrap();
    let record = std::fs::read_to_string(killer.join("puzzles.jsonl")).unwrap();
    let killer_lines = killer_text.trim_end().lines().count();
    let mixed = format!(
        "{lines}\n{}\n\nnot a puzzle\n{record}",
        killer_text.trim_end()
    );
    let file = file_with(&mixed, ".txt");
    let path = path_text(file.path());
    let output = sudokit(&["check", path]);
    assert_eq!(output.status.code(), Some(2));
    let bad = 5 + killer_lines;
    assert_eq!(
        text(&output.stdout),
        format!(
            "{path}:1: unique\n{path}:2: unique\n{path}:4 killer-6 0: unique\n{path}:{}: unique\n",
            bad + 1
        )
    );
    assert!(
        text(&output.stderr).starts_with(&format!("error: {path}:{bad}: ")),
        "{}",
        text(&output.stderr)
    );
}

/// `bank add` reads a generated puzzles.jsonl through the same reader: every record stored,
/// and a second run finds each one seen.
#[test]
fn bank_add_reads_generated_records() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("killer");
    generate_into(&out, &["--preset", "killer-6", "--count", "3"]);
    let records = out.join("puzzles.jsonl");
    let database = folder.path().join("bank.sqlite");
    let add = |expected: &str| {
        let output = succeeds(&[
            "bank",
            "add",
            "--db",
            path_text(&database),
            path_text(&records),
        ]);
        let stderr = text(&output.stderr);
        assert!(stderr.contains(expected), "{stderr}");
    };
    add("3 stored, 0 seen before, 0 not added");
    add("0 stored, 3 seen before, 0 not added");
}

/// The offset of `needle` in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
        .expect("present")
}

/// Issue 38, point 4: `check --json` names a setter's puzzle by its f-puzzles title and
/// author, and `link` writes the title, author, rules text and solution back.
#[test]
fn a_setters_title_and_author_reach_check_and_link() {
    let table = crate::helpers::read_data("variants/fpuzzles_variants.tsv");
    let link = table
        .lines()
        .filter(|line| !line.starts_with('#'))
        .find(|line| line.starts_with("\"Blitz\""))
        .and_then(|line| line.split('\t').nth(2))
        .expect("Blitz's link");
    let input = file_with(format!("{link}\n"), ".txt");
    let checked = text(&succeeds(&["check", "--json", path_text(input.path())]).stdout);
    let record: serde_json::Value = serde_json::from_str(checked.lines().next().unwrap()).unwrap();
    assert_eq!(record["name"], "Blitz", "{checked}");
    assert_eq!(record["author"], "Patrick", "{checked}");
    let linked = text(&succeeds(&["link", "--json", path_text(input.path())]).stdout);
    let record: serde_json::Value = serde_json::from_str(linked.lines().next().unwrap()).unwrap();
    let again = file_with(
        format!("{}\n", record["fpuzzles"].as_str().unwrap()),
        ".txt",
    );
    let rechecked = text(&succeeds(&["check", "--json", path_text(again.path())]).stdout);
    let record: serde_json::Value =
        serde_json::from_str(rechecked.lines().next().unwrap()).unwrap();
    assert_eq!(
        (record["name"].as_str(), record["author"].as_str()),
        (Some("Blitz"), Some("Patrick")),
        "{rechecked}"
    );
}
