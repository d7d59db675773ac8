//! `sudokit bank` as real processes on SQLite files in a temporary folder: isomorphs seen, not
//! stored twice, every orientation stored as the same row; two writers at once lose no row;
//! `kill -9` part way keeps whole committed batches and a re-run skips them; readers answer
//! beside an open write transaction; foreign, damaged and newer files refused untouched;
//! the records add, query and stats write are the library's typed records, in JSON and CSV.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use sudokit::bank::{Bank, Filter, SCHEMA_VERSION};
use sudokit::service::bank::{
    AddRecord, StatsRecord, StoredRecord, ADD_COLUMNS, QUERY_COLUMNS, STATS_COLUMNS,
};
use sudokit::service::columns::{self, Row};
use sudokit::service::records::CountStatus;

use super::helpers::{data_path, generate_into, path_text, read_data, succeeds, sudokit, text};

/// The first `count` puzzles (one line each) of the Sudoku Exchange bank from `skip` on.
fn exchange_lines(skip: usize, count: usize) -> String {
    read_data("classic/sudoku_exchange_with_solutions.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_whitespace().nth(1))
        .skip(skip)
        .take(count)
        .map(|puzzle| format!("{puzzle}\n"))
        .collect()
}

fn stored_count(path: &Path) -> usize {
    Bank::open(path, false)
        .expect("the bank opens")
        .query(&Filter::default())
        .expect("the bank reads")
        .len()
}

/// The puzzle with rows 1 and 2 swapped, then transposed, with digits 1 and 2 swapped.
fn isomorph(line: &str) -> String {
    let cells: Vec<char> = line.chars().collect();
    let mut out = String::new();
    for row in 0..9 {
        for column in 0..9 {
            let source_row = match column {
                0 => 1,
                1 => 0,
                other => other,
            };
            let character = cells[source_row * 9 + row];
            out.push(match character {
                '1' => '2',
                '2' => '1',
                other => other,
            });
        }
    }
    out
}

#[test]
fn an_isomorph_is_seen_with_its_earlier_record() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let first = folder.path().join("first.txt");
    let lines = exchange_lines(0, 3);
    std::fs::write(&first, &lines).unwrap();
    succeeds(&[
        "bank",
        "add",
        "--db",
        path_text(&database),
        path_text(&first),
    ]);
    let turned = folder.path().join("turned.txt");
    std::fs::write(&turned, isomorph(lines.lines().next().unwrap()) + "\n").unwrap();
    let output = succeeds(&[
        "bank",
        "add",
        "--json",
        "--db",
        path_text(&database),
        path_text(&turned),
    ]);
    let record: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(record["status"], "seen", "{record}");
    assert_eq!(record["earlier_id"], 1);
    assert!(record["earlier_source"]
        .as_str()
        .unwrap()
        .ends_with("first.txt:1"));
    assert_eq!(stored_count(&database), 3);
    let query = succeeds(&["bank", "query", "--db", path_text(&database), "--json"]);
    assert_eq!(text(&query.stdout).lines().count(), 3);
    let stats = succeeds(&["bank", "stats", "--db", path_text(&database)]);
    assert!(text(&stats.stdout).contains("total"));
}

#[test]
fn two_processes_adding_at_once_lose_no_row() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let halves = [exchange_lines(0, 40), exchange_lines(40, 40)];
    let children: Vec<_> = halves
        .iter()
        .enumerate()
        .map(|(number, lines)| {
            let input = folder.path().join(format!("half{number}.txt"));
            std::fs::write(&input, lines).unwrap();
            Command::new(env!("CARGO_BIN_EXE_sudokit"))
                .args(["bank", "add", "-q", "--jobs", "1", "--db"])
                .arg(&database)
                .arg(&input)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    }
    assert_eq!(stored_count(&database), 80);
}

#[test]
fn kill_during_add_leaves_the_batch_all_or_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let first = folder.path().join("first.txt");
    std::fs::write(&first, exchange_lines(0, 5)).unwrap();
    succeeds(&[
        "bank",
        "add",
        "-q",
        "--db",
        path_text(&database),
        path_text(&first),
    ]);
    let batch = folder.path().join("batch.txt");
    std::fs::write(&batch, exchange_lines(5, 200)).unwrap();
    for delay in [5, 40, 120, 300, 700] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(["bank", "add", "-q", "--commit-every", "10", "--db"])
            .arg(&database)
            .arg(&batch)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay));
        // SIGKILL: no chance to clean up.
        let _ = child.kill();
        let _ = child.wait();
        let bank = Bank::open(&database, false).expect("the bank still opens");
        bank.check().expect("the bank is not damaged");
        // batches are committed as they fill (10) or age (a second): those stay
        let count = stored_count(&database);
        assert!(
            (5..=205).contains(&count),
            "{count} rows after kill at {delay} ms"
        );
    }
    let before = stored_count(&database);
    let output = succeeds(&[
        "bank",
        "add",
        "--json",
        "--commit-every",
        "10",
        "--db",
        path_text(&database),
        path_text(&batch),
    ]);
    assert_eq!(stored_count(&database), 205);
    // the run again skips what is stored, as seen
    let seen = text(&output.stdout)
        .lines()
        .filter(|line| line.contains(r#""status":"seen""#))
        .count();
    assert_eq!(seen, before - 5);
}

#[test]
fn every_orientation_of_a_puzzle_gets_the_same_stored_row() {
    let lines = exchange_lines(10, 4);
    let originals: Vec<&str> = lines.lines().collect();
    let turned: String = originals.iter().map(|line| isomorph(line) + "\n").collect();
    let folder = tempfile::tempdir().unwrap();
    let rows = |first: &str, second: &str, name: &str| {
        let database = folder.path().join(format!("{name}.sqlite"));
        for (number, text) in [first, second].iter().enumerate() {
            let input = folder.path().join(format!("{name}-{number}.txt"));
            std::fs::write(&input, text).unwrap();
            succeeds(&[
                "bank",
                "add",
                "-q",
                "--db",
                path_text(&database),
                path_text(&input),
            ]);
        }
        let bank = Bank::open(&database, false).unwrap();
        bank.query(&Filter::default())
            .unwrap()
            .into_iter()
            .map(|stored| {
                let mut record = stored.record;
                record.source = String::new();
                (stored.id, record)
            })
            .collect::<Vec<_>>()
    };
    let originals_first = rows(&lines, &turned, "originals-first");
    let turned_first = rows(&turned, &lines, "turned-first");
    assert_eq!(originals_first.len(), 4);
    assert_eq!(originals_first, turned_first);
    // what is kept is the canonical form: for a classic 9×9, the key itself
    for (_, record) in &originals_first {
        assert_eq!(record.puzzle.replace('.', "0"), record.canonical_key);
    }
}

#[test]
fn a_query_answers_while_a_writer_holds_a_transaction_open() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let input = folder.path().join("input.txt");
    std::fs::write(&input, exchange_lines(0, 3)).unwrap();
    succeeds(&[
        "bank",
        "add",
        "-q",
        "--db",
        path_text(&database),
        path_text(&input),
    ]);
    let writer = rusqlite::Connection::open(&database).unwrap();
    writer.execute_batch("BEGIN IMMEDIATE").unwrap();
    writer
        .execute("DELETE FROM puzzles WHERE id = 1", [])
        .unwrap();
    let started = std::time::Instant::now();
    for command in [
        &["query", "--json"][..],
        &["export", "--output-format", "line"],
        &["stats", "--json"],
    ] {
        let mut arguments = vec!["bank", command[0], "--db", path_text(&database)];
        arguments.extend_from_slice(&command[1..]);
        let output = succeeds(&arguments);
        let out = text(&output.stdout);
        // the last committed state: all three puzzles, the open delete unseen
        let count = match command[0] {
            "stats" => out
                .lines()
                .map(|line| {
                    serde_json::from_str::<serde_json::Value>(line).unwrap()["count"]
                        .as_u64()
                        .unwrap()
                })
                .sum(),
            _ => out.lines().count() as u64,
        };
        assert_eq!(count, 3, "{command:?}: {out}");
    }
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    writer.execute_batch("ROLLBACK").unwrap();
}

#[test]
fn foreign_damaged_and_newer_files_are_refused_untouched() {
    let folder = tempfile::tempdir().unwrap();
    let input = folder.path().join("one.txt");
    std::fs::write(&input, exchange_lines(0, 1)).unwrap();

    let foreign = folder.path().join("notes.sqlite");
    std::fs::write(&foreign, "shopping list: eggs, flour\n".repeat(100)).unwrap();
    let before = std::fs::read(&foreign).unwrap();
    let output = sudokit(&[
        "bank",
        "add",
        "--db",
        path_text(&foreign),
        path_text(&input),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let message = text(&output.stderr);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("notes.sqlite: not a sudokit bank"),
        "{message}"
    );
    assert_eq!(std::fs::read(&foreign).unwrap(), before);

    let damaged = folder.path().join("damaged.sqlite");
    succeeds(&[
        "bank",
        "add",
        "-q",
        "--db",
        path_text(&damaged),
        path_text(&input),
    ]);
    let mut bytes = std::fs::read(&damaged).unwrap();
    for byte in bytes.iter_mut().take(100) {
        *byte = b'?';
    }
    std::fs::write(&damaged, &bytes).unwrap();
    let output = sudokit(&["bank", "stats", "--db", path_text(&damaged)]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("not a sudokit bank"));
    assert_eq!(std::fs::read(&damaged).unwrap(), bytes);

    let newer = folder.path().join("newer.sqlite");
    succeeds(&[
        "bank",
        "add",
        "-q",
        "--db",
        path_text(&newer),
        path_text(&input),
    ]);
    let connection = rusqlite::Connection::open(&newer).unwrap();
    connection
        .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .unwrap();
    drop(connection);
    let output = sudokit(&["bank", "add", "--db", path_text(&newer), path_text(&input)]);
    assert_eq!(output.status.code(), Some(2));
    let message = text(&output.stderr);
    assert!(
        message.contains("is newer than this sudokit's"),
        "{message}"
    );
    assert_eq!(message.lines().count(), 1, "{message}");
}

#[test]
fn generated_records_are_read_and_exported_back() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let out = folder.path().join("made");
    generate_into(
        &out,
        &[
            "-q",
            "--preset",
            "killer-easy",
            "--count",
            "2",
            "--seed",
            "5",
        ],
    );
    let generated = out.join("puzzles.jsonl");
    let output = succeeds(&[
        "bank",
        "add",
        "--db",
        path_text(&database),
        path_text(&generated),
    ]);
    assert_eq!(text(&output.stdout).matches("stored").count(), 2);
    let exported = succeeds(&["bank", "export", "--db", path_text(&database)]);
    let again = folder.path().join("again.ron");
    std::fs::write(&again, &exported.stdout).unwrap();
    let output = succeeds(&[
        "bank",
        "add",
        "--db",
        path_text(&database),
        path_text(&again),
    ]);
    assert_eq!(text(&output.stdout).matches("seen before").count(), 2);
}

#[test]
fn a_misspelt_filter_is_refused_not_answered_with_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let input = folder.path().join("input.txt");
    std::fs::write(&input, exchange_lines(0, 2)).unwrap();
    succeeds(&[
        "bank",
        "add",
        "--db",
        path_text(&database),
        path_text(&input),
    ]);
    let database = path_text(&database);
    for (command, filter) in [
        ("query", &["--level", "expert"][..]),
        ("query", &["--variant", "sudoku"]),
        ("query", &["--size", "3"]),
        ("query", &["--se-min", "nan"]),
        ("export", &["--se-min", "9", "--se-max", "2"]),
    ] {
        let mut arguments = vec!["bank", command, "--db", database];
        arguments.extend_from_slice(filter);
        let output = sudokit(&arguments);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{filter:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(output.stdout.is_empty(), "{filter:?}");
    }
    // spelt in any case, a level or variant still matches what is stored
    let output = succeeds(&[
        "bank",
        "query",
        "--db",
        database,
        "--variant",
        "Classic",
        "--json",
    ]);
    assert_eq!(text(&output.stdout).lines().count(), 2);
}

#[test]
fn export_spells_the_written_notation_output_format_like_solve() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let input = folder.path().join("input.txt");
    std::fs::write(&input, exchange_lines(0, 2)).unwrap();
    succeeds(&[
        "bank",
        "add",
        "--db",
        path_text(&database),
        path_text(&input),
    ]);
    let database = path_text(&database);
    let new = succeeds(&[
        "bank",
        "export",
        "--db",
        database,
        "--output-format",
        "line",
    ]);
    let old = succeeds(&["bank", "export", "--db", database, "--format", "line"]);
    assert_eq!(new.stdout, old.stdout, "the old spelling still works");
    assert_eq!(text(&new.stdout).lines().count(), 2);
    let help = text(&sudokit(&["bank", "export", "--help"]).stdout);
    assert!(help.contains("--output-format") && !help.contains(" --format"));
}

#[test]
fn a_folder_or_a_missing_folder_given_as_the_bank_is_named_as_such() {
    let folder = tempfile::tempdir().unwrap();
    let input = folder.path().join("input.txt");
    std::fs::write(&input, exchange_lines(0, 1)).unwrap();
    let missing = folder.path().join("missing").join("bank.sqlite");
    for (database, expected) in [
        (folder.path().to_path_buf(), "it is a folder"),
        (missing.clone(), "does not exist"),
    ] {
        let output = bank_add_text(&database, &input);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
        assert!(!stderr.contains("not a sudokit bank"), "{stderr}");
    }
    assert!(!missing.parent().unwrap().exists());
}

#[test]
fn a_puzzle_whose_rating_passes_the_work_limit_is_not_stored_with_a_partial_level() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let input = folder.path().join("hard.txt");
    let hardest: String = read_data("classic/top1465.txt")
        .lines()
        .take(2)
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&input, hardest).unwrap();
    let add = |extra: &[&str]| {
        let mut arguments = vec!["bank", "add", "--db", path_text(&database), "--json"];
        arguments.extend_from_slice(extra);
        arguments.push(path_text(&input));
        sudokit(&arguments)
    };
    // a bound no Extreme rating fits in: refused, one line each, nothing stored
    let output = add(&["--work-limit", "1000"]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    for line in text(&output.stdout).lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["status"], "error", "{line}");
        assert!(
            record["reason"]
                .as_str()
                .unwrap()
                .starts_with("its rating passed the work limit"),
            "{line}"
        );
    }
    assert_eq!(stored_count(&database), 0);
    // within the default bound both are rated and stored, with the level `grade` gives
    let output = add(&[]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(stored_count(&database), 2);
    for line in text(&output.stdout).lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["status"], "stored", "{line}");
        assert_eq!(record["level"], "Extreme", "{line}");
    }
}

#[test]
fn every_export_notation_reads_back_every_puzzle() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let out = folder.path().join("made");
    generate_into(
        &out,
        &["-q", "--preset", "killer-6", "--count", "2", "--seed", "3"],
    );
    succeeds(&[
        "bank",
        "add",
        "-q",
        "--db",
        path_text(&database),
        path_text(&out.join("puzzles.txt")),
    ]);
    for format in ["ron", "killer", "killer-tsv", "fpuzzles"] {
        let exported = succeeds(&[
            "bank",
            "export",
            "--db",
            path_text(&database),
            "--output-format",
            format,
        ]);
        let again = folder.path().join(format!("again.{format}"));
        std::fs::write(&again, &exported.stdout).unwrap();
        let output = sudokit(&["check", "--json", path_text(&again)]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{format}: {}",
            text(&output.stderr)
        );
        let statuses: Vec<serde_json::Value> = text(&output.stdout)
            .lines()
            .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["status"].clone())
            .collect();
        assert_eq!(statuses, ["unique", "unique"], "{format}");
    }
}

/// Lines of a mix for `bank add`: three unique puzzles, the first again, several solutions,
/// no solution (no direct clash: the count finds it), a clash, too short.
fn add_mix() -> String {
    let unique = exchange_lines(20, 3);
    let first = unique.lines().next().unwrap().to_string();
    format!(
        "{unique}{first}\n\
         ......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
         1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.\n\
         11...............................................................................\n\
         12345\n"
    )
}

/// `bank add` of `input` into `database`, answered in text.
fn bank_add_text(database: &Path, input: &Path) -> std::process::Output {
    sudokit(&["bank", "add", "--db", path_text(database), path_text(input)])
}

/// A new temporary folder (kept while the handle lives) with a bank's path and a file of
/// [`add_mix`], `mix.txt`.
fn mix_in_a_folder() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let input = folder.path().join("mix.txt");
    std::fs::write(&input, add_mix()).unwrap();
    (folder, database, input)
}

/// The fields of one CSV line (quoted fields as `columns::csv_field` writes them).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut characters = line.chars().peekable();
    while let Some(character) = characters.next() {
        match (character, quoted) {
            ('"', true) if characters.peek() == Some(&'"') => {
                characters.next();
                fields.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            (other, _) => fields.last_mut().unwrap().push(other),
        }
    }
    fields
}

/// Each JSON line of `output` read into `R`, checked to write out the same bytes.
fn typed_lines<R: serde::de::DeserializeOwned + serde::Serialize>(output: &[u8]) -> Vec<R> {
    text(output)
        .lines()
        .map(|line| {
            let record: R = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("{line} does not read as a typed record: {error}"));
            assert_eq!(serde_json::to_string(&record).unwrap(), line);
            record
        })
        .collect()
}

#[test]
fn bank_query_json_and_csv_read_into_the_typed_stored_record() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let input = folder.path().join("input.txt");
    std::fs::write(&input, exchange_lines(30, 4)).unwrap();
    let killers = crate::helpers::data_path("killer/killer_greater_grilops.txt");
    let hard: String = read_data("classic/top1465.txt").lines().take(1).collect();
    let hard_file = folder.path().join("hard.txt");
    std::fs::write(&hard_file, hard + "\n").unwrap();
    for file in [&input, &killers, &hard_file] {
        succeeds(&[
            "bank",
            "add",
            "-q",
            "--db",
            path_text(&database),
            path_text(file),
        ]);
    }
    let database = path_text(&database);
    let json = succeeds(&["bank", "query", "--db", database, "--json"]);
    let stored: Vec<StoredRecord> = typed_lines(&json.stdout);
    assert_eq!(stored.len(), 6);
    assert!(stored
        .iter()
        .any(|record| record.variant == "greater-killer"));
    // the killer's key holds commas, the SE rating a decimal: both survive the CSV
    assert!(stored.iter().any(|record| record.se_rating == Some(9.1)));
    let csv = succeeds(&["bank", "query", "--db", database, "--csv"]);
    let csv = text(&csv.stdout);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some(columns::header(QUERY_COLUMNS).as_str()));
    let from_csv: Vec<StoredRecord> = lines
        .map(|line| {
            let fields = csv_fields(line);
            assert_eq!(fields.len(), QUERY_COLUMNS.len(), "{line}");
            let optional = |text: &str| (!text.is_empty()).then(|| text.to_string());
            StoredRecord {
                id: fields[0].parse().unwrap(),
                puzzle: fields[1].clone(),
                solution: fields[2].clone(),
                variant: fields[3].clone(),
                size: fields[4].parse().unwrap(),
                level: fields[5].clone(),
                score: fields[6].parse().unwrap(),
                se_rating: optional(&fields[7]).map(|rating| rating.parse().unwrap()),
                se: optional(&fields[8]),
                source: fields[9].clone(),
                added: fields[10].clone(),
                canonical_key: fields[11].clone(),
                // a killer's rules are in its JSON record, not among the CSV's columns
                cages: Vec::new(),
                comparisons: Vec::new(),
                diagonals: None,
                fpuzzles: None,
                keyed_under: None,
                regions: None,
                rules: Vec::new(),
            }
        })
        .collect();
    let without_cages: Vec<StoredRecord> = stored
        .iter()
        .map(|record| StoredRecord {
            cages: Vec::new(),
            comparisons: Vec::new(),
            diagonals: None,
            fpuzzles: None,
            regions: None,
            rules: Vec::new(),
            ..record.clone()
        })
        .collect();
    assert_eq!(from_csv, without_cages);

    let stats = succeeds(&["bank", "stats", "--db", database, "--json"]);
    let counts: Vec<StatsRecord> = typed_lines(&stats.stdout);
    assert_eq!(counts.iter().map(|count| count.count).sum::<u64>(), 6);
    let csv = succeeds(&["bank", "stats", "--db", database, "--csv"]);
    let rows: Vec<String> = counts
        .iter()
        .map(|count| count.row(STATS_COLUMNS))
        .collect();
    assert_eq!(
        text(&csv.stdout),
        format!("variant,size,level,count\n{}\n", rows.join("\n"))
    );
}

#[test]
fn the_records_bank_add_writes_are_the_service_records_byte_for_byte() {
    let (_folder, database, input) = mix_in_a_folder();
    let add = |style: &str| {
        let output = sudokit(&[
            "bank",
            "add",
            style,
            "--db",
            path_text(&database),
            path_text(&input),
        ]);
        // a count and two unreadable lines: the worst is the bad input
        assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
        output
    };
    let first: Vec<AddRecord> = typed_lines(&add("--json").stdout);
    let statuses: Vec<String> = first
        .iter()
        .map(|record| serde_json::to_value(record).unwrap()["status"].to_string())
        .collect();
    assert_eq!(
        statuses,
        [
            "\"stored\"",
            "\"stored\"",
            "\"stored\"",
            "\"seen\"",
            "\"multiple\"",
            "\"none\"",
            "\"error\"",
            "\"error\""
        ]
    );
    let AddRecord::Added(repeated) = &first[3] else {
        panic!("{:?}", first[3]);
    };
    let earlier = repeated
        .earlier
        .as_ref()
        .expect("a seen record has its earlier record");
    assert_eq!(Some(earlier.id), repeated.earlier_id);
    assert_eq!(earlier.canonical_key, repeated.canonical_key);
    // added again, every puzzle is seen: the same records in JSON and in CSV
    let again: Vec<AddRecord> = typed_lines(&add("--json").stdout);
    assert!(again[..4]
        .iter()
        .all(|record| matches!(record, AddRecord::Added(added) if added.earlier.is_some())));
    let csv = add("--csv");
    let expected: Vec<String> = std::iter::once(columns::header(ADD_COLUMNS))
        .chain(again.iter().map(|record| record.row(ADD_COLUMNS)))
        .collect();
    assert_eq!(text(&csv.stdout), expected.join("\n") + "\n");
    assert_eq!(stored_count(&database), 3);
}

#[test]
fn bank_add_in_text_says_each_puzzle_on_a_line_and_each_error_on_standard_error() {
    let (_folder, database, input) = mix_in_a_folder();
    let output = bank_add_text(&database, &input);
    // a count and two unreadable lines: the worst is the bad input
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let place = |line: usize| format!("{}:{line}: ", path_text(&input));
    assert_eq!(lines.len(), 6, "{stdout}");
    for (index, id) in [1, 2, 3].into_iter().enumerate() {
        let stored = format!("{}stored #{id}: classic ", place(index + 1));
        assert!(lines[index].starts_with(&stored), "{stdout}");
        assert!(lines[index].contains(", SE "), "{stdout}");
    }
    // the fourth line repeats the first, in the same batch: seen, with the first's record
    let seen = format!(
        "{}seen before: #1 from {}:1 added ",
        place(4),
        path_text(&input)
    );
    assert!(lines[3].starts_with(&seen), "{stdout}");
    assert!(
        lines[4].starts_with(&format!("{}multiple (at least 2 solutions)", place(5))),
        "{stdout}"
    );
    assert!(
        lines[5].starts_with(&format!("{}none", place(6))),
        "{stdout}"
    );
    let stderr = text(&output.stderr);
    for line in [7, 8] {
        assert!(
            stderr.contains(&format!("error: {}", place(line))),
            "{stderr}"
        );
    }
    assert!(
        stderr.contains(": 3 stored, 1 seen before, 4 not added"),
        "{stderr}"
    );
    assert_eq!(stored_count(&database), 3);
}

#[test]
fn bank_add_refuses_a_puzzle_that_is_not_unique_with_its_count() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let input = folder.path().join("counts.txt");
    let lines: Vec<String> = add_mix().lines().map(str::to_string).collect();
    std::fs::write(&input, format!("{}\n{}\n", lines[4], lines[5])).unwrap();
    let output = sudokit(&[
        "bank",
        "add",
        "--json",
        "--db",
        path_text(&database),
        path_text(&input),
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let records: Vec<AddRecord> = typed_lines(&output.stdout);
    let [AddRecord::Count(several), AddRecord::Count(none)] = &records[..] else {
        panic!("{records:?}");
    };
    assert_eq!(several.status, CountStatus::Multiple);
    assert_eq!((several.solutions, several.at_least), (2, true));
    assert_eq!(
        several.differences.as_deref(),
        Some(&["r6c7", "r6c9", "r9c7", "r9c9"].map(String::from)[..])
    );
    assert_eq!(several.puzzle.as_deref(), Some(lines[4].as_str()));
    assert_eq!((none.status, none.solutions), (CountStatus::None, 0));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("counts.txt:1: not rated: multiple (at least 2 solutions)"),
        "{stderr}"
    );
    assert!(stderr.contains("counts.txt:2: not rated: none"), "{stderr}");
    assert_eq!(stored_count(&database), 0);
    // the text answer says the count on standard output
    let output = bank_add_text(&database, &input);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("multiple (at least 2 solutions)"));
}

#[test]
fn the_bank_reads_back_its_own_records_killers_and_one_diagonal_included() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let input = folder.path().join("mixed.txt");
    let krazydad: String = read_data("killer/killer_krazydad_1000.tsv")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(2)
        .map(|line| format!("{line}\n"))
        .collect();
    let killers = folder.path().join("killers.tsv");
    std::fs::write(&killers, krazydad).unwrap();
    // two classics, and an X puzzle with its main diagonal alone (the X puzzle of
    // `generate --preset x-9 --seed 1` with its anti-diagonal's digits given, unique so)
    let one_diagonal =
        "5.36....168....93.....3.8.....3746.9....2....9.2561.....6.9.....95....737....51.6 diag=main";
    std::fs::write(&input, format!("{}{one_diagonal}\n", exchange_lines(40, 2))).unwrap();
    let greater = crate::helpers::data_path("killer/killer_greater_grilops.txt");
    let added = folder.path().join("added.jsonl");
    let mut written = Vec::new();
    for file in [&input, &killers, &greater] {
        let output = succeeds(&[
            "bank",
            "add",
            "--json",
            "--db",
            path_text(&database),
            path_text(file),
        ]);
        written.extend_from_slice(&output.stdout);
    }
    std::fs::write(&added, &written).unwrap();
    let records: Vec<AddRecord> = typed_lines(&written);
    assert!(records
        .iter()
        .any(|record| matches!(record, AddRecord::Added(added) if !added.comparisons.is_empty())));
    let queried = folder.path().join("queried.jsonl");
    let query = succeeds(&["bank", "query", "--json", "--db", path_text(&database)]);
    std::fs::write(&queried, &query.stdout).unwrap();
    let stored: Vec<StoredRecord> = typed_lines(&query.stdout);
    assert_eq!(stored.len(), 6);
    assert!(stored
        .iter()
        .any(|record| record.diagonals.as_deref() == Some("main")));
    // every record read back is its puzzle: the bank has it, every rule included
    for file in [&added, &queried] {
        let output = succeeds(&[
            "bank",
            "add",
            "--json",
            "--db",
            path_text(&database),
            path_text(file),
        ]);
        let again: Vec<AddRecord> = typed_lines(&output.stdout);
        assert_eq!(again.len(), 6);
        assert!(
            again
                .iter()
                .all(|record| matches!(record, AddRecord::Added(added) if added.earlier.is_some())),
            "{}",
            text(&output.stdout)
        );
    }
    assert_eq!(stored_count(&database), 6);
    // and `check` reads them as the same puzzles: unique
    let output = succeeds(&["check", "--json", path_text(&queried)]);
    assert_eq!(
        text(&output.stdout).matches(r#""status":"unique""#).count(),
        6
    );
}

/// A 6×6 line with 2×3 boxes mirrored as a whole (rows become columns): the same puzzle
/// with 3×2 boxes.
fn mirrored_six(line: &str) -> String {
    let cells: Vec<char> = line.chars().collect();
    let mirrored: String = (0..36)
        .map(|index| cells[index % 6 * 6 + index / 6])
        .collect();
    format!("{mirrored} boxes=3x2")
}

#[test]
fn boxes_of_another_shape_are_another_puzzle_unless_mirrored_whole() {
    let folder = tempfile::tempdir().unwrap();
    generate_into(
        &folder.path().join("six"),
        &["--preset", "sudoku-6", "--count", "6", "--seed", "7"],
    );
    let lines: Vec<String> = std::fs::read_to_string(folder.path().join("six/puzzles.txt"))
        .unwrap()
        .lines()
        .map(|line| line.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(lines.len(), 6);
    let database = folder.path().join("bank.sqlite");
    let wide = folder.path().join("wide.txt");
    std::fs::write(&wide, lines.join("\n") + "\n").unwrap();
    succeeds(&[
        "bank",
        "add",
        "--db",
        path_text(&database),
        path_text(&wide),
    ]);
    // the same givens under 3×2 boxes: never "seen" (they are other puzzles, most of them
    // not unique); the whole mirrors: seen, each with its own earlier record
    let tall = folder.path().join("tall.txt");
    let tall_lines: Vec<String> = lines
        .iter()
        .map(|line| format!("{line} boxes=3x2"))
        .collect();
    std::fs::write(&tall, tall_lines.join("\n") + "\n").unwrap();
    let output = sudokit(&[
        "bank",
        "add",
        "--json",
        "--db",
        path_text(&database),
        path_text(&tall),
    ]);
    for line in text(&output.stdout).lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_ne!(record["status"], "seen", "{record}");
    }
    let mirrored = folder.path().join("mirrored.txt");
    let mirrored_lines: Vec<String> = lines.iter().map(|line| mirrored_six(line)).collect();
    std::fs::write(&mirrored, mirrored_lines.join("\n") + "\n").unwrap();
    let output = succeeds(&[
        "bank",
        "add",
        "--json",
        "--db",
        path_text(&database),
        path_text(&mirrored),
    ]);
    let records: Vec<serde_json::Value> = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 6);
    for (index, record) in records.iter().enumerate() {
        assert_eq!(record["status"], "seen", "{record}");
        assert!(record["earlier_source"]
            .as_str()
            .unwrap()
            .ends_with(&format!("wide.txt:{}", index + 1)));
    }
}

#[test]
fn every_stored_record_is_written_after_its_commit() {
    // each "stored" line names a row a reader finds once the line is out: with --json the
    // records come only after the commit that holds them
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let input = folder.path().join("puzzles.txt");
    std::fs::write(&input, exchange_lines(0, 40)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args([
            "bank",
            "add",
            "--json",
            "--commit-every",
            "7",
            "--jobs",
            "2",
            "--db",
            path_text(&database),
            path_text(&input),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut checked = 0;
    for line in std::io::BufRead::lines(std::io::BufReader::new(stdout)) {
        let record: serde_json::Value = serde_json::from_str(&line.unwrap()).unwrap();
        if record["status"] == "stored" {
            let id = record["id"].as_i64().unwrap();
            let reader = Bank::open_to_read(&database).unwrap();
            let all = reader.query(&Filter::default()).unwrap();
            assert!(
                all.iter().any(|stored| stored.id == id),
                "#{id} not committed"
            );
            checked += 1;
        }
    }
    assert!(child.wait().unwrap().success());
    assert_eq!(checked, 40);
}

/// A line of a `side`×`side` grid whose cell (r, c) is `line`'s cell `from(r, c)`, with the
/// two characters of `swap` swapped.
fn moved_line(
    line: &str,
    side: usize,
    from: impl Fn(usize, usize) -> usize,
    swap: (char, char),
) -> String {
    let cells: Vec<char> = line.chars().collect();
    (0..side * side)
        .map(|index| match cells[from(index / side, index % side)] {
            one if one == swap.0 => swap.1,
            other if other == swap.1 => swap.0,
            other => other,
        })
        .collect()
}

/// A 25×25 line transposed, with digits 1 and A swapped.
fn turned_twenty_five(line: &str) -> String {
    moved_line(line, 25, |row, column| column * 25 + row, ('1', 'A'))
}

#[test]
fn the_25x25_puzzles_generate_makes_are_banked_and_their_isomorphs_seen() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let generated = data_path("sizes/sudokit_25x25_sudoku-25_seed1.txt");
    let output = succeeds(&[
        "bank",
        "add",
        "--db",
        path_text(&database),
        path_text(&generated),
    ]);
    let stdout = text(&output.stdout);
    assert_eq!(stdout.matches(": stored #").count(), 4, "{stdout}");
    assert_eq!(stored_count(&database), 4);
    let turned = folder.path().join("turned.txt");
    let first = read_data("sizes/sudokit_25x25_sudoku-25_seed1.txt")
        .lines()
        .next()
        .unwrap()
        .to_string();
    std::fs::write(&turned, format!("{}\n", turned_twenty_five(&first))).unwrap();
    let output = succeeds(&[
        "bank",
        "add",
        "--db",
        path_text(&database),
        path_text(&turned),
    ]);
    assert!(
        text(&output.stdout).contains("turned.txt:1: seen before: #1 "),
        "{}",
        text(&output.stdout)
    );
    assert_eq!(stored_count(&database), 4);
}

/// A 9×9 line turned a quarter clockwise (cell (r, c) from (8 − c, r)), digits 1 and 2
/// swapped when `relabel`.
fn quarter_turned(line: &str, relabel: bool) -> String {
    let swap = if relabel { ('1', '2') } else { ('1', '1') };
    moved_line(line, 9, |row, column| (8 - column) * 9 + row, swap)
}

#[test]
fn a_jigsaw_is_banked_with_its_regions_and_its_turned_copy_seen_a_rule_variant_under_identity() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.sqlite");
    let jigsaws = data_path("variants/sudokit_jigsaw-easy_seed1.jsonl");
    let thermos = data_path("variants/sudokit_thermo_seed1.jsonl");
    let output = succeeds(&[
        "bank",
        "add",
        "--json",
        "--db",
        path_text(&database),
        path_text(&jigsaws),
        path_text(&thermos),
    ]);
    let records: Vec<AddRecord> = typed_lines(&output.stdout);
    assert_eq!(records.len(), 5, "{}", text(&output.stderr));
    for record in &records {
        let AddRecord::Added(added) = record else {
            panic!("{record:?}");
        };
        assert_eq!(added.status, sudokit::service::bank::AddedStatus::Stored);
        if added.variant == "jigsaw" {
            assert!(added.regions.is_some() && added.keyed_under.is_some());
        } else {
            // a thermometer's symmetries are not known to the key: identity, and said so
            assert_eq!(added.variant, "rules");
            assert_eq!(added.keyed_under.as_deref(), Some("identity"));
            assert!(added.fpuzzles.is_some() && !added.rules.is_empty());
        }
    }
    // the first jigsaw turned a quarter, digits renamed: seen; on the map turned but the
    // givens not, another puzzle (or not unique): never "seen"
    let first: serde_json::Value = serde_json::from_str(
        read_data("variants/sudokit_jigsaw-easy_seed1.jsonl")
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    let givens = first["puzzle"].as_str().unwrap();
    let regions = first["regions"].as_str().unwrap();
    let turned = folder.path().join("turned.txt");
    std::fs::write(
        &turned,
        format!(
            "{} - regions={}\n{} - regions={}\n",
            quarter_turned(givens, true),
            quarter_turned(regions, false),
            givens,
            quarter_turned(regions, false),
        ),
    )
    .unwrap();
    let output = sudokit(&[
        "bank",
        "add",
        "--json",
        "--db",
        path_text(&database),
        path_text(&turned),
    ]);
    let records: Vec<AddRecord> = typed_lines(&output.stdout);
    let AddRecord::Added(seen) = &records[0] else {
        panic!("{records:?}");
    };
    assert_eq!(seen.status, sudokit::service::bank::AddedStatus::Seen);
    assert_eq!(seen.earlier_id, Some(1));
    assert!(
        !matches!(&records[1], AddRecord::Added(other) if other.status == sudokit::service::bank::AddedStatus::Seen),
        "{records:?}"
    );
    // every stored record reads back as its puzzle: query's JSON lines through `check`
    let query = succeeds(&["bank", "query", "--json", "--db", path_text(&database)]);
    let stored: Vec<StoredRecord> = typed_lines(&query.stdout);
    assert!(stored.iter().any(|record| record.regions.is_some()));
    assert!(stored
        .iter()
        .any(|record| record.keyed_under.as_deref() == Some("identity")));
    let lines = folder.path().join("stored.jsonl");
    std::fs::write(&lines, &query.stdout).unwrap();
    let checked = succeeds(&["check", path_text(&lines)]);
    assert_eq!(text(&checked.stdout).lines().count(), stored.len());
    // and the export reads back too
    let exported = succeeds(&["bank", "export", "--db", path_text(&database)]);
    let again = folder.path().join("exported.ron");
    std::fs::write(&again, &exported.stdout).unwrap();
    let checked = succeeds(&["check", path_text(&again)]);
    assert_eq!(text(&checked.stdout).lines().count(), stored.len());
}
