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
