//! Variant puzzles as setters publish them (issue 27): every f-puzzles key of the shared
//! puzzles read into the model with its published solution obeying every rule, SudokuPad
//! links read too, and each written back and read again unchanged.

use sudokit::model::{Constraint, Grid, Puzzle};
use sudokit::notation::{self, Entry, Format};

use crate::helpers::read_data;

/// One puzzle of `variants/fpuzzles_variants.tsv`.
pub struct Published {
    /// Title and setter, as credited.
    pub title: String,
    /// The f-puzzles keys it uses, as the file lists them.
    pub keys: Vec<String>,
    /// The f-puzzles link.
    pub link: String,
    /// The published solution, row-major digits.
    pub solution: String,
}

/// Every puzzle of the shared variant file, in file order.
pub fn published() -> Vec<Published> {
    read_data("variants/fpuzzles_variants.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "{line}");
            Published {
                title: fields[0].to_string(),
                keys: fields[1].split(',').map(str::to_string).collect(),
                link: fields[2].to_string(),
                solution: fields[3].to_string(),
            }
        })
        .collect()
}

/// The puzzle a link holds, read as `sudokit` reads input.
fn read_link(link: &str) -> Entry {
    let mut entries = notation::parse(link, None).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(entries.len(), 1);
    entries.remove(0)
}

/// The published solution as a grid of the puzzle's shape.
fn solution_grid(puzzle: &Puzzle, digits: &str) -> Grid {
    let values: Vec<u8> = digits
        .chars()
        .map(|digit| digit.to_digit(10).expect("a digit") as u8)
        .collect();
    Grid::from_values(puzzle.geometry(), &values).expect("a full grid")
}

#[test]
fn every_shared_variant_puzzle_reads_with_every_rule_and_its_solution_obeys_them() {
    let puzzles = published();
    assert_eq!(puzzles.len(), 21);
    for published in &puzzles {
        let entry = read_link(&published.link);
        let puzzle = &entry.puzzle;
        assert!(
            puzzle.has_variant_rules() || puzzle.cage_count() > 0,
            "{}: no rule read",
            published.title
        );
        let solution = solution_grid(puzzle, &published.solution);
        assert!(
            puzzle.is_solution(&solution),
            "{}: the published solution breaks {:?}",
            published.title,
            broken_rules(puzzle, &solution)
        );
        // and a grid that differs from it in two cells of a row breaks some rule (so the
        // check above is not vacuous)
        let mut swapped = solution.clone();
        let geometry = puzzle.geometry();
        let (first, second) = (geometry.cell(0, 0).unwrap(), geometry.cell(0, 1).unwrap());
        swapped.set(first, solution.get(second));
        swapped.set(second, solution.get(first));
        assert!(!puzzle.is_solution(&swapped), "{}", published.title);
    }
}

/// The rules of `puzzle` that `solution` breaks, each asked alone (with the regions).
fn broken_rules(puzzle: &Puzzle, solution: &Grid) -> Vec<String> {
    let regions: Vec<Constraint> = puzzle
        .regions()
        .cloned()
        .map(Constraint::Regions)
        .into_iter()
        .collect();
    puzzle
        .constraints()
        .iter()
        .filter(|constraint| !matches!(constraint, Constraint::Regions(_)))
        .filter(|&constraint| {
            let mut alone = regions.clone();
            alone.push(constraint.clone());
            let dots = puzzle.dots().cloned().map(Constraint::Dot);
            if matches!(constraint, Constraint::Negative(_)) {
                alone.extend(dots);
            }
            Puzzle::new(puzzle.geometry(), Grid::empty(puzzle.geometry()), alone)
                .is_ok_and(|alone| !alone.is_solution(solution))
        })
        .map(ToString::to_string)
        .collect()
}

#[test]
fn each_key_the_file_lists_becomes_its_rule() {
    for published in published() {
        let puzzle = read_link(&published.link).puzzle;
        for key in &published.keys {
            let found = puzzle
                .constraints()
                .iter()
                .any(|constraint| rule_for_key(key, constraint));
            assert!(found, "{}: no rule for {key}", published.title);
        }
    }
}

/// Whether `constraint` is a rule of the f-puzzles key `key`.
fn rule_for_key(key: &str, constraint: &Constraint) -> bool {
    use sudokit::model::variant::{ChessMove, DotFamily, DotKind, LineKind, OutsideKind};
    use sudokit::model::HouseKind;
    match (key, constraint) {
        ("antiking", Constraint::Chess(ChessMove::King))
        | ("antiknight", Constraint::Chess(ChessMove::Knight))
        | ("arrow", Constraint::Arrow(_))
        | ("killercage", Constraint::Cage(_))
        | ("littlekillersum", Constraint::LittleKiller(_))
        | ("clone", Constraint::Clone(_))
        | ("quadruple", Constraint::Quadruple(_))
        | ("region", Constraint::Regions(_)) => true,
        ("even", Constraint::Parity(parity)) => parity.even,
        ("odd", Constraint::Parity(parity)) => !parity.even,
        ("minimum" | "maximum", Constraint::Extremum(extremum)) => {
            format!("{:?}", extremum.kind).to_lowercase() == key
        }
        ("difference", Constraint::Dot(dot)) => matches!(dot.kind, DotKind::Difference(_)),
        ("ratio", Constraint::Dot(dot)) => matches!(dot.kind, DotKind::Ratio(_)),
        ("xv", Constraint::Dot(dot)) => matches!(dot.kind, DotKind::Sum(_)),
        ("nonconsecutive", Constraint::Negative(negative)) => {
            negative.family == DotFamily::Difference && negative.values == [1]
        }
        ("negative", Constraint::Negative(negative)) => negative.family != DotFamily::Difference,
        // black dots whose list is empty and only their negative constraint given
        ("ratio", Constraint::Negative(negative)) => negative.family == DotFamily::Ratio,
        ("diagonal+" | "diagonal-" | "disjointgroups", Constraint::Distinct(house)) => {
            match house.kind() {
                HouseKind::Diagonal(_) => key.starts_with("diagonal"),
                HouseKind::Disjoint(_) => key == "disjointgroups",
                _ => false,
            }
        }
        ("sandwichsum", Constraint::Outside(clue)) => clue.kind == OutsideKind::Sandwich,
        ("xsum", Constraint::Outside(clue)) => clue.kind == OutsideKind::XSum,
        ("skyscraper", Constraint::Outside(clue)) => clue.kind == OutsideKind::Skyscraper,
        (_, Constraint::Line(line)) => {
            let wanted = match key {
                "thermometer" => LineKind::Thermometer,
                "slowthermometer" => LineKind::SlowThermometer,
                "palindrome" => LineKind::Palindrome,
                "betweenline" => LineKind::Between,
                "renban" => LineKind::Renban,
                "whispers" => LineKind::Whispers(5),
                "entropicline" => LineKind::Entropic,
                "zipperline" => LineKind::Zipper,
                "regionsumline" => LineKind::RegionSum,
                _ => return false,
            };
            line.kind == wanted
        }
        _ => false,
    }
}

#[test]
fn the_irregular_seven_by_seven_reads_with_its_regions() {
    let seven = published()
        .into_iter()
        .find(|published| published.title.contains("Irregular 7x7"))
        .unwrap();
    let puzzle = read_link(&seven.link).puzzle;
    assert_eq!(puzzle.size(), 7);
    assert!(!puzzle.geometry().has_boxes());
    let regions = puzzle.regions().expect("irregular regions");
    // cells without a region of their own keep their row, as f-puzzles draws a 7×7
    let first_row: Vec<usize> = (0..7)
        .map(|column| regions.region_of(puzzle.geometry().cell(0, column).unwrap()))
        .collect();
    assert_eq!(first_row, [0; 7]);
    let region_of = |row, column| regions.region_of(puzzle.geometry().cell(row, column).unwrap());
    assert_eq!(region_of(4, 0), 3);
    assert_eq!(region_of(3, 3), 4);
    assert_eq!(region_of(6, 6), 5);
}

#[test]
fn sudokupad_links_carrying_an_f_puzzles_document_read_the_same() {
    for published in published().iter().take(5) {
        let payload = published.link.split_once("?load=").unwrap().1;
        let expected = read_link(&published.link).puzzle;
        for link in [
            format!("https://sudokupad.app/fpuzzles{payload}"),
            format!("sudokupad.app/?puzzleid=fpuzzles{payload}"),
            format!("https://sudokupad.app/?puzzleid=fpuzzles{payload}"),
        ] {
            assert_eq!(read_link(&link).puzzle, expected, "{link}");
        }
    }
}

#[test]
fn every_shared_variant_puzzle_survives_f_puzzles_json_and_links() {
    for published in published() {
        let entry = read_link(&published.link);
        let json = notation::format_entry(&entry, Format::Fpuzzles)
            .unwrap_or_else(|error| panic!("{}: {error}", published.title));
        let again = notation::parse(&json, Some(Format::Fpuzzles))
            .unwrap_or_else(|error| panic!("{}: {error}\n{json}", published.title))
            .remove(0);
        assert_eq!(again.puzzle, entry.puzzle, "{}", published.title);
        assert_eq!(again.name, entry.name);
        for link in [
            sudokit::render::links::fpuzzles(&entry.puzzle, None).unwrap(),
            sudokit::render::links::sudokupad(&entry.puzzle, None).unwrap(),
        ] {
            assert_eq!(read_link(&link).puzzle, entry.puzzle, "{}", published.title);
        }
    }
}

/// An f-puzzles document of an empty n×n grid with `rules` (JSON members) added.
fn document(size: usize, rules: &str) -> String {
    let row = format!("[{}]", vec!["{}"; size].join(","));
    let grid = format!("[{}]", vec![row.as_str(); size].join(","));
    format!("{{\"size\":{size},\"grid\":{grid}{rules}}}")
}

/// The 4×4 `...3..4114..3...` (unique) as an f-puzzles document.
fn classic_four() -> String {
    let line = "...3..4114..3...";
    let cells: Vec<String> = line
        .chars()
        .map(|character| match character {
            '.' => "{}".to_string(),
            digit => format!("{{\"value\":{digit},\"given\":true}}"),
        })
        .collect();
    let rows: Vec<String> = cells
        .chunks(4)
        .map(|row| format!("[{}]", row.join(",")))
        .collect();
    format!("{{\"size\":4,\"grid\":[{}]}}", rows.join(","))
}

/// Runs sudokit on a file of `lines` and returns (exit code, stdout, stderr), asserting no
/// panic.
fn run_on(arguments: &[&str], lines: &[String]) -> (Option<i32>, String, String) {
    let file = crate::helpers::file_with(lines.join("\n") + "\n", ".txt");
    let path = file.path().to_str().unwrap().to_string();
    let mut all: Vec<&str> = arguments.to_vec();
    all.push(&path);
    let output = crate::helpers::sudokit(&all);
    let (stdout, stderr) = (
        crate::helpers::text(&output.stdout),
        crate::helpers::text(&output.stderr),
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    (output.status.code(), stdout, stderr)
}

#[test]
fn hodokus_scale_rates_a_variant_rule_and_the_se_scale_and_the_bank_refuse_it_by_name() {
    // issue 32: the grader rates every rule on HoDoKu's scale; SE's has no steps for them,
    // and the bank's canonical key does not know them yet
    let peak = published()
        .into_iter()
        .find(|published| published.title.contains("Peak Sudoku"))
        .unwrap();
    let variant = peak.link.clone();
    let (code, stdout, stderr) = run_on(&["grade", "--json"], std::slice::from_ref(&variant));
    assert_eq!(code, Some(0), "{stderr}");
    let record: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(record["status"], "rated", "{stdout}");
    assert_eq!(record["solved"], true, "{stdout}");
    assert!(
        record["techniques"]["Little Killer"].as_u64().unwrap() > 0,
        "{stdout}"
    );
    let (code, stdout, stderr) = run_on(
        &["grade", "--scale", "se"],
        &[variant.clone(), classic_four()],
    );
    assert_eq!(code, Some(2), "{stderr}");
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("error"))
        .collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].contains(":1 Peak Sudoku: the SE scale does not rate the V r1c2-r1c1 "),
        "{stderr}"
    );
    // the classic puzzle on line 2 is rated all the same (one line, SE's names no place)
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.contains("...3..4114..3... ED="), "{stdout}");
    // the bank keeps it under identity only (its rules' symmetries are unknown to the key),
    // and its record says so
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("bank.db");
    let (code, stdout, stderr) = run_on(
        &["bank", "add", "--json", "--db", database.to_str().unwrap()],
        &[variant],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let record: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(record["status"], "stored", "{stdout}");
    assert_eq!(record["keyed_under"], "identity", "{stdout}");
    assert_eq!(record["variant"], "rules", "{stdout}");
}

#[test]
fn writers_that_cannot_hold_a_variant_rule_refuse_it_by_name() {
    let seven = published()
        .into_iter()
        .find(|published| published.title.contains("Irregular 7x7"))
        .unwrap();
    let irregular = read_link(&seven.link).puzzle;
    let clipped = read_link(&published()[0].link).puzzle;
    for format in [Format::Line, Format::Grid, Format::Csv, Format::KillerTsv] {
        let error = notation::format(&clipped, format).unwrap_err().to_string();
        assert!(
            error.contains("the anti-king (use fpuzzles or ron)"),
            "{format}: {error}"
        );
        let error = notation::format(&irregular, format)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("white Kropki dot r2c4-r2c5"),
            "{format}: {error}"
        );
    }
}

#[test]
fn bad_rules_get_one_line_naming_the_rule_and_cells_and_the_other_puzzles_are_answered() {
    let mut regions = document(4, "");
    // region 0 takes a fifth cell, r4c4, from region 3
    for region in [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 0] {
        regions = regions.replacen("{}", &format!("{{\"region\":{region}}}"), 1);
    }
    for (bad, expected) in [
        (
            document(9, r#","thermometer":[{"lines":[["R8C1","R9C1","R10C1"]]}]"#),
            "thermometer r8c1-r10c1: r10c1 is outside the 9×9 grid",
        ),
        (
            document(
                9,
                r#","arrow":[{"lines":[["R1C1","R1C2","R1C3"]],"cells":[]}]"#,
            ),
            "arrow (no cells) → r1c1-r1c3: an arrow needs a circle",
        ),
        (
            document(
                9,
                r#","thermometer":[{"lines":[["R2C3","R3C3","R2C3","R3C3","R4C3"]]}]"#,
            ),
            "thermometer r2c3-r4c3: r2c3 is listed twice",
        ),
        (
            document(9, r#","difference":[{"cells":["R1C1","R1C3"]}]"#),
            "white Kropki dot r1c1-r1c3: a dot sits between two cells that share a side",
        ),
        (
            regions,
            "irregular regions: region 1 has 5 cells, each region needs 4",
        ),
    ] {
        let (code, stdout, stderr) = run_on(&["check"], &[bad, classic_four()]);
        assert_eq!(code, Some(2), "{expected}: {stderr}");
        // one line for the bad puzzle; the run's summary follows on its own line
        let complaints: Vec<&str> = stderr
            .lines()
            .filter(|line| !line.starts_with("summary:"))
            .collect();
        assert_eq!(complaints.len(), 1, "one line: {stderr}");
        assert!(stderr.contains(":1: "), "names file and line: {stderr}");
        assert!(stderr.contains(expected), "{expected}: {stderr}");
        assert!(
            stdout.contains(":2") && stdout.contains("unique"),
            "{stdout}"
        );
    }
}

#[test]
fn every_shared_variant_puzzle_survives_ron() {
    for published in published() {
        let mut entry = read_link(&published.link);
        entry.solution = Some(solution_grid(&entry.puzzle, &published.solution));
        let ron = notation::format_entry(&entry, Format::Ron)
            .unwrap_or_else(|error| panic!("{}: {error}", published.title));
        let again = notation::parse(&ron, Some(Format::Ron))
            .unwrap_or_else(|error| panic!("{}: {error}\n{ron}", published.title))
            .remove(0);
        assert_eq!(again.puzzle, entry.puzzle, "{}\n{ron}", published.title);
        assert_eq!(again.solution, entry.solution, "{}", published.title);
    }
    let seven = published()
        .into_iter()
        .find(|published| published.title.contains("Irregular 7x7"))
        .unwrap();
    let ron = notation::format(&read_link(&seven.link).puzzle, Format::Ron).unwrap();
    assert!(
        ron.contains("    regions: Some(\"1111111222222233333334445666"),
        "{ron}"
    );
    assert!(ron.contains("Dot(White(1),\"r2c4\",\"r2c5\")"), "{ron}");
}

#[test]
fn killer_text_carries_irregular_regions_as_a_map_line() {
    let seven = published()
        .into_iter()
        .find(|published| published.title.contains("Irregular 7x7"))
        .unwrap();
    let read = read_link(&seven.link).puzzle;
    let solution = solution_grid(&read, &seven.solution);
    let geometry = read.geometry();
    let cells = vec![geometry.cell(0, 0).unwrap(), geometry.cell(0, 1).unwrap()];
    let sum = cells
        .iter()
        .map(|&cell| u32::from(solution.get(cell).unwrap().get()))
        .sum();
    let regions = Constraint::Regions(read.regions().unwrap().clone());
    let cage = Constraint::Cage(sudokit::model::Cage {
        label: "a".to_string(),
        cells,
        sum: Some(sum),
    });
    let puzzle = Puzzle::new(geometry, Grid::empty(geometry), vec![cage, regions]).unwrap();
    assert!(puzzle.is_solution(&solution));
    let text = notation::format(&puzzle, Format::Killer).unwrap();
    assert!(
        text.starts_with("regions 1111111222222233333334445666"),
        "{text}"
    );
    let again = notation::parse(&text, Some(Format::Killer))
        .unwrap()
        .remove(0);
    assert_eq!(again.puzzle, puzzle, "{text}");
    // a map with a region of the wrong size is refused on its line
    let bad = text.replacen("regions 1", "regions 2", 1);
    let error = notation::parse(&bad, Some(Format::Killer))
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "line 1: irregular regions: region 1 has 6 cells, each region needs 7"
    );
}

#[test]
fn check_names_every_comparison_it_reads_from_text() {
    // issue 38 point 4: a `text` ">" between two killer cages is read as a comparison of
    // their sums (sudokit's reading, not f-puzzles'), and check's JSON record names it
    let greater = document(
        4,
        r#","killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R1C3","R1C4"],"value":"7"}],"text":[{"cells":["R1C2","R1C3"],"value":">"}]"#,
    );
    let (_, stdout, stderr) = run_on(&["check", "--json"], std::slice::from_ref(&greater));
    assert!(!stdout.trim().is_empty(), "{stderr}");
    let record: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(record["status"], "none", "{stdout}");
    assert_eq!(
        record["comparisons"],
        serde_json::json!(["cage a at r1c1 > cage b at r1c3"]),
        "{stdout}"
    );
    // the text answer names it too, as a note on standard error beside the count
    let (_, stdout, stderr) = run_on(&["check"], std::slice::from_ref(&greater));
    assert!(stdout.contains(": none"), "{stdout}");
    assert!(
        stderr.contains(
            "read from text marks as cage-sum comparisons (f-puzzles' solver ignores text): \
             cage a at r1c1 > cage b at r1c3"
        ),
        "{stderr}"
    );
    // without the mark the cages alone leave several solutions, and no comparison is named
    let plain = document(
        4,
        r#","killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R1C3","R1C4"],"value":"7"}]"#,
    );
    let (_, stdout, stderr) = run_on(&["check", "--json"], std::slice::from_ref(&plain));
    let record: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(record["status"], "multiple", "{stdout}{stderr}");
    assert!(record.get("comparisons").is_none(), "{stdout}");
    let (_, _, stderr) = run_on(&["check"], &[plain]);
    assert!(!stderr.contains("comparisons"), "{stderr}");
}

#[test]
fn double_arrows_lockout_and_nabner_lines_and_indexers_survive_f_puzzles_json_and_ron() {
    // issue 38 point 4: the rules modelled last, on every conformance case of their keys
    // (indexers on whole columns, part of one, rows and boxes; lines of two cells; nabner
    // lines longer than fit)
    let corpus = read_data("variants/conformance.tsv");
    let mut checked = 0;
    for line in corpus.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let keys = [
            "doublearrow",
            "lockout",
            "rowindexer",
            "boxindexer",
            "columnindexer",
            "nabner",
        ];
        if !keys.contains(&fields[0]) {
            continue;
        }
        let entry = notation::parse(fields[4], Some(Format::Fpuzzles))
            .unwrap_or_else(|error| panic!("{}: {error}", fields[1]))
            .remove(0);
        for format in [Format::Fpuzzles, Format::Ron] {
            let written = notation::format_entry(&entry, format)
                .unwrap_or_else(|error| panic!("{}: {error}", fields[1]));
            let again = notation::parse(&written, Some(format))
                .unwrap_or_else(|error| panic!("{}: {error}\n{written}", fields[1]))
                .remove(0);
            assert_eq!(again.puzzle, entry.puzzle, "{}\n{written}", fields[1]);
        }
        checked += 1;
    }
    assert!(checked >= 72, "{checked} cases");
}
