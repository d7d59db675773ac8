//! Tests across formats: detection, format names, round trips between formats, garbage input.

use super::*;
use crate::model::Geometry;

/// The text of a file under `tests/data/`.
pub(super) fn data(path: &str) -> String {
    let full = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|error| panic!("{full}: {error}"))
}

/// Asserts two lists of entries are equal in everything but their line numbers.
pub(super) fn same_entries(expected: &[Entry], found: &[Entry]) {
    assert_eq!(expected.len(), found.len(), "number of entries");
    for (expected, found) in expected.iter().zip(found) {
        let context = format!(
            "entry of line {} (read back at line {})",
            expected.line, found.line
        );
        assert_eq!(expected.name, found.name, "{context}");
        assert_eq!(expected.solution, found.solution, "{context}");
        assert_eq!(expected.expected_count, found.expected_count, "{context}");
        assert_eq!(expected.puzzle, found.puzzle, "{context}");
    }
}

#[test]
fn format_names() {
    for format in Format::ALL {
        assert_eq!(format.to_string().parse::<Format>().unwrap(), format);
    }
    assert_eq!("killer_tsv".parse::<Format>().unwrap(), Format::KillerTsv);
    assert_eq!("RON".parse::<Format>().unwrap(), Format::Ron);
    let error = "json".parse::<Format>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "unknown format \"json\" (expected line, grid, csv, killer, killer-tsv, ron or fpuzzles)"
    );
}

#[test]
fn detects_every_data_file() {
    let expected = [
        ("classic/top1465.txt", Format::Line),
        ("classic/top1465_solutions.txt", Format::Line),
        ("classic/tdoku_test_puzzles_with_counts.txt", Format::Line),
        ("classic/hodoku_rated_calibration.tsv", Format::Line),
        ("classic/se_rated_calibration.txt", Format::Line),
        ("sizes/vu_kr_4x4.txt", Format::Line),
        ("sizes/gecode_16x16.txt", Format::Line),
        ("sizes/gecode_25x25_solutions.txt", Format::Line),
        ("sizes/xsudoku.txt", Format::Line),
        ("seeds/classic.txt", Format::Line),
        ("seeds/atgm2020_16x16_diagonal.csv", Format::Csv),
        ("seeds/killer_m00nlight_clpfd.txt", Format::Killer),
        ("killer/killer_vtsukur.txt", Format::Killer),
        ("killer/killer_lisudoku.txt", Format::Killer),
        ("killer/killer_greater_grilops.txt", Format::Killer),
        ("killer/killer_krazydad_1000.tsv", Format::KillerTsv),
    ];
    for (path, format) in expected {
        assert_eq!(detect(&data(path)), format, "{path}");
    }
    assert_eq!(detect("8 . . | . . .\n"), Format::Grid);
    assert_eq!(detect("+-------+\n| 1 2 |\n"), Format::Grid);
    assert_eq!(detect("abcd\nabcd\nabcd\nabcd\na 10\n"), Format::Killer);
    assert_eq!(detect("// a comment\nPuzzle(size: 4)"), Format::Ron);
    assert_eq!(detect(""), Format::Line);
    // a 12×12 grid's rules are no puzzle line
    let twelve = format!("{}\n", ".".repeat(144));
    let grid = format_entry(&parse(&twelve, None).unwrap()[0], Format::Grid).unwrap();
    let ruled = format!("{}\n{grid}", "-".repeat(36));
    assert_eq!(detect(&ruled), Format::Grid);
    assert_eq!(parse(&ruled, None).unwrap().len(), 1);
    let marked = format!("\u{feff}{twelve}");
    assert_eq!(parse(&marked, None).unwrap()[0].puzzle.size(), 12);
}

#[test]
fn a_lone_four_by_four_line_with_a_wrong_character_is_told_as_a_line() {
    // sixteen cells on one line: a 4×4 puzzle line, not one row of a 16×16 grid
    let error = parse("1234....5.......\n", None).unwrap_err();
    assert_eq!(error.line, Some(1));
    assert_eq!(error.column, Some(9), "{error}");
    assert!(
        error.to_string().contains("too large for a 4×4 grid"),
        "{error}"
    );
    // a 16×16 grid is still read as one
    let sixteen = format!("{}\n", ".".repeat(256));
    let grid = format_entry(&parse(&sixteen, None).unwrap()[0], Format::Grid).unwrap();
    assert_eq!(detect(&grid), Format::Grid);
    assert_eq!(parse(&grid, None).unwrap()[0].puzzle.size(), 16);
}

#[test]
fn a_qqwing_row_error_names_the_column_of_the_row() {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let bad = puzzle.replacen('8', "x", 1);
    let text = format!("Solution,Puzzle,Difficulty\n\"\", {bad},Easy\n");
    let error = parse(&text, None).unwrap_err();
    let row = text.lines().nth(1).unwrap();
    let column = row.chars().position(|character| character == 'x').unwrap() + 1;
    assert_eq!(
        (error.line, error.column),
        (Some(2), Some(column)),
        "{error}"
    );
    // and in the solution field, after the puzzle
    let solution =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let text = format!(
        "Puzzle,Solution\n{puzzle},{}\n",
        solution.replacen('9', "y", 1)
    );
    let error = parse(&text, None).unwrap_err();
    let row = text.lines().nth(1).unwrap();
    let column = row.chars().position(|character| character == 'y').unwrap() + 1;
    assert_eq!(
        (error.line, error.column),
        (Some(2), Some(column)),
        "{error}"
    );
}

#[test]
fn empty_input_has_no_puzzle() {
    for text in ["", "\n\n", "# only a comment\n", "   \n\t\n"] {
        for format in Format::ALL {
            let error = parse(text, Some(format)).unwrap_err();
            assert_eq!(error.to_string(), "no puzzle found", "{format}: {text:?}");
            assert_eq!(error.line, None);
            assert_eq!(parse_each(text, Some(format)).len(), 1);
        }
    }
}

#[test]
fn tdoku_count_and_solution_survive_every_rich_format() {
    let entries = parse(&data("classic/tdoku_test_puzzles_with_counts.txt"), None).unwrap();
    for format in [Format::Line, Format::Ron] {
        let text = format_entries(&entries, format).unwrap();
        same_entries(&entries, &parse(&text, None).unwrap());
    }
    // killer text keeps the puzzle and solution, but has no place for the count
    let text = format_entries(&entries, Format::Killer).unwrap();
    let back = parse(&text, None).unwrap();
    assert!(back.iter().all(|entry| entry.expected_count.is_none()));
    assert!(back
        .iter()
        .zip(&entries)
        .all(|(back, entry)| back.puzzle == entry.puzzle && back.solution == entry.solution));
}

#[test]
fn killer_puzzles_through_every_format_that_holds_them() {
    let entries = parse(&data("seeds/killer_m00nlight_clpfd.txt"), None).unwrap();
    for format in [Format::Killer, Format::Ron] {
        let text = format_entries(&entries, format).unwrap();
        same_entries(&entries, &parse(&text, Some(format)).unwrap());
    }
    // the first three have no comparison and fit in killer TSV
    let text = format_entries(&entries[..3], Format::KillerTsv).unwrap();
    same_entries(&entries[..3], &parse(&text, None).unwrap());
    for format in [Format::Line, Format::Grid, Format::Csv] {
        let error = format_entry(&entries[0], format).unwrap_err();
        assert!(
            matches!(error.reason, Reason::CannotHold { .. }),
            "{format}"
        );
        assert_eq!(error.line, None);
    }
}

#[test]
fn format_grid_for_printing() {
    let entry = parse(&data("seeds/classic.txt"), None).unwrap().remove(0);
    let solution = entry.solution.unwrap();
    let line = format_grid(&solution, Format::Line);
    assert_eq!(
        line,
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    );
    assert_eq!(format_grid(&solution, Format::Killer), line);
    let grid = format_grid(&solution, Format::Grid);
    assert_eq!(grid.lines().next(), Some("8 1 2 | 7 5 3 | 6 4 9"));
    assert_eq!(grid.lines().count(), 11);
    let csv = format_grid(&solution, Format::Csv);
    assert_eq!(csv.lines().next(), Some("8,1,2,7,5,3,6,4,9"));
    // for printing: the caller ends the line
    assert!(![&line, &grid, &csv].iter().any(|text| text.ends_with('\n')));
    for text in [&line, &grid, &csv] {
        let back = parse(text, None).unwrap().remove(0);
        assert_eq!(back.puzzle.givens(), &solution);
    }
    let sixteen = parse(&data("sizes/gecode_16x16_solutions.txt"), None)
        .unwrap()
        .remove(0);
    let csv = format_grid(sixteen.solution.as_ref().unwrap(), Format::Csv);
    assert!(csv.starts_with("13,9,2,11,"), "{csv}");
}

#[test]
fn diagonal_words() {
    assert_eq!(
        parse_diagonals("both"),
        Some(vec![Diagonal::Main, Diagonal::Anti])
    );
    assert_eq!(parse_diagonals("primary-only"), Some(vec![Diagonal::Main]));
    assert_eq!(parse_diagonals("Anti"), Some(vec![Diagonal::Anti]));
    assert_eq!(parse_diagonals("none"), Some(vec![]));
    assert_eq!(parse_diagonals("sideways"), None);
    for word in ["both", "main", "anti", "none"] {
        assert_eq!(diagonals_word(&parse_diagonals(word).unwrap()), word);
    }
}

#[test]
fn unusual_box_shape_is_kept_where_it_can_be() {
    let geometry = Geometry::new(3, 2).unwrap();
    let mut givens = Grid::empty(geometry);
    givens.set(geometry.cell(0, 0).unwrap(), crate::model::Digit::new(6));
    let puzzle = Puzzle::classic(givens).unwrap();
    // a grid keeps it in its bars
    for format in [Format::Line, Format::Grid, Format::Killer, Format::Ron] {
        let text = super::format(&puzzle, format).unwrap();
        assert_eq!(parse(&text, None).unwrap()[0].puzzle, puzzle, "{format}");
    }
    let error = super::format(&puzzle, Format::Csv).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the csv format cannot hold 3x2 boxes in a 6×6 grid (use line, grid, killer or ron)"
    );
}

/// A small deterministic generator, so the garbage test is the same on every run.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// Asserts reading `text` in every format neither panics nor gives a multi-line message.
fn survives(text: &str) {
    let formats = Format::ALL.map(Some);
    for format in formats.into_iter().chain([None]) {
        for result in parse_each(text, format) {
            if let Err(error) = result {
                let message = error.to_string();
                assert!(!message.contains('\n'), "{format:?}: {message}");
                assert!(!message.is_empty());
            }
        }
    }
}

#[test]
fn garbage_never_panics() {
    let mut noise = Noise(0x9E37_79B9_7F4A_7C15);
    // random bytes, read as text the way a file reader would
    for _ in 0..300 {
        let length = noise.below(400);
        let bytes: Vec<u8> = (0..length).map(|_| noise.next() as u8).collect();
        survives(&String::from_utf8_lossy(&bytes));
    }
    // random text from the characters the formats care about
    let characters: Vec<char> = "0123456789.ABCGPQabcz,;:=\t\n\n  #|-+()[]{}\"'r/*xé字😀\u{0}\r"
        .chars()
        .collect();
    for _ in 0..400 {
        let length = noise.below(300);
        let text: String = (0..length)
            .map(|_| characters[noise.below(characters.len())])
            .collect();
        survives(&text);
    }
    // every prefix of real records in every format, and single-character damage
    let entries = parse(&data("seeds/killer_m00nlight_clpfd.txt"), None).unwrap();
    let sixteen = parse(&data("seeds/atgm2020_16x16_diagonal.csv"), None).unwrap();
    let mut texts = vec![data("seeds/classic.txt")];
    for format in [Format::Killer, Format::Ron] {
        texts.push(format_entry(&entries[3], format).unwrap());
    }
    texts.push(format_entries(&entries[..1], Format::KillerTsv).unwrap());
    texts.push(format_entries(&sixteen, Format::Grid).unwrap());
    texts.push(format_entries(&sixteen, Format::Csv).unwrap());
    for text in &texts {
        let boundaries: Vec<usize> = text.char_indices().map(|(offset, _)| offset).collect();
        for &end in boundaries.iter().step_by(7) {
            survives(&text[..end]);
        }
        for _ in 0..40 {
            let mut damaged: Vec<char> = text.chars().collect();
            let at = noise.below(damaged.len());
            damaged[at] = characters[noise.below(characters.len())];
            survives(&damaged.into_iter().collect::<String>());
        }
    }
    // huge numbers, deep nesting, long lines
    let huge = [
        format!("{}\n", "9".repeat(5000)),
        "99999999999999999999999999,1\n".repeat(30),
        format!("name x\n{}a 99999999999999999999999\n", "aaaa\n".repeat(4)),
        "[".repeat(10_000),
        format!(
            "(size: 255, box_rows: 255, box_columns: 255, givens: \"{}\")",
            ".".repeat(70_000)
        ),
        "(size: 4, cages: [(label: \"a\", cells: [\"r99999999999999999999c1\"])])".to_string(),
        format!("x\t{}\tA=4294967296\n", "A".repeat(81)),
        "16 ".repeat(16) + "\n",
    ];
    for text in &huge {
        survives(text);
    }
}

#[test]
fn a_control_character_in_an_undetectable_first_line_is_escaped_once() {
    let error = parse("a\u{0}b\n", None).unwrap_err().to_string();
    assert!(error.contains("\"a\\u{0}b\""), "{error}");
    assert!(!error.contains("\\\\u"), "escaped twice: {error}");
}

#[test]
fn a_link_is_unpacked_within_the_budget_of_the_reading() {
    use crate::budget::{Budget, Cancel};
    let (payload, _) = super::lz_string::lz_bomb::bomb(6000);
    let text = format!(
        "{}\nhttps://www.f-puzzles.com/?load={payload}\n",
        ".".repeat(81)
    );
    let cancel = Cancel::new();
    cancel.cancel();
    let cases = [
        (
            Budget::unlimited().with_cancel(&cancel),
            "stopped: cancelled",
        ),
        (
            Budget::unlimited().with_deadline(std::time::Instant::now()),
            "stopped: the time limit passed",
        ),
    ];
    for (budget, why) in cases {
        let results = parse_each_within(&text, None, &budget);
        assert_eq!(results.len(), 2);
        // the line needs no unpacking: read; the link is refused on its own line
        assert!(results[0].is_ok(), "{:?}", results[0]);
        let error = results[1].as_ref().unwrap_err();
        assert_eq!(error.line, Some(2));
        let error = error.to_string();
        assert!(
            error.contains(&format!("unpacking the link {why}"))
                && !error.contains("not an f-puzzles link"),
            "{error}"
        );
    }
    // unbounded, the same link is refused for what it unpacks to
    let error = parse_each(&text, None)[1].as_ref().unwrap_err().to_string();
    assert!(error.contains("longer than any puzzle document"), "{error}");
}
