//! Issue 32, points 2 and 6: the rule-based presets (anti-knight, windoku, thermometers,
//! Kropki, XV, arrows, even/odd, consecutive) make puzzles unique under both engines whose
//! records carry the rules, read back through f-puzzles and SudokuPad links, and answer
//! `unique` to `check`; a level only where the grader rates every rule.

use std::path::Path;

use sudokit::backtrack;
use sudokit::generate::{self, Record};
use sudokit::model::variant::{DotKind, LineKind};
use sudokit::model::{Constraint, HouseKind, Puzzle};
use sudokit::notation::fpuzzles::{self, FPUZZLES_PREFIX, SUDOKUPAD_PREFIX};
use sudokit::notation::{self, Format};
use sudokit::preset::{Preset, Variant};

use crate::helpers::{file_with, generate_into, path_text, sat_count, sudokit, text};

/// The rule presets, each with a test of the rules its records must hold.
const RULE_PRESETS: [&str; 8] = [
    "anti-knight",
    "windoku",
    "thermo",
    "kropki",
    "xv",
    "arrow",
    "even-odd",
    "consecutive",
];

fn records(folder: &Path) -> Vec<Record> {
    std::fs::read_to_string(folder.join("puzzles.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).expect("a record per line"))
        .collect()
}

/// The rules of a puzzle as sorted text, to compare rule sets built in different orders.
fn rule_set(puzzle: &Puzzle) -> Vec<String> {
    let mut rules: Vec<String> = puzzle
        .constraints()
        .iter()
        .map(|rule| format!("{rule:?}"))
        .collect();
    rules.sort();
    rules
}

/// Whether `rule` is one the variant's generator puts on its puzzles.
fn belongs_to(variant: &Variant, rule: &Constraint) -> bool {
    match (variant, rule) {
        (Variant::AntiKnight, Constraint::Chess(_)) => true,
        (Variant::Windoku, Constraint::Distinct(house)) => {
            matches!(house.kind(), HouseKind::Extra(_)) && house.cells().len() == 9
        }
        (Variant::Thermo, Constraint::Line(line)) => line.kind == LineKind::Thermometer,
        (Variant::Arrow, Constraint::Arrow(arrow)) => arrow.circle.len() == 1,
        (Variant::EvenOdd, Constraint::Parity(_)) => true,
        (Variant::Kropki, Constraint::Dot(dot)) => {
            matches!(dot.kind, DotKind::Difference(1) | DotKind::Ratio(2))
        }
        (Variant::Consecutive, Constraint::Dot(dot)) => dot.kind == DotKind::Difference(1),
        (Variant::Kropki | Variant::Consecutive, Constraint::Negative(negative)) => {
            negative.values == [1]
        }
        (Variant::Xv, Constraint::Dot(dot)) => {
            matches!(dot.kind, DotKind::Sum(5) | DotKind::Sum(10))
        }
        (Variant::Xv, Constraint::Negative(negative)) => negative.values == [5, 10],
        _ => false,
    }
}

#[test]
fn rule_presets_make_unique_puzzles_that_read_back_through_links() {
    for name in RULE_PRESETS {
        let preset = Preset::builtin(name).unwrap();
        let folder = tempfile::tempdir().unwrap();
        generate_into(
            folder.path(),
            &["--preset", name, "--count", "3", "--seed", "4"],
        );
        let records = records(folder.path());
        assert_eq!(records.len(), 3, "{name}");
        let mut links = String::new();
        for record in &records {
            let what = format!("{name} #{}", record.index);
            let puzzle = record.to_puzzle().unwrap_or_else(|e| panic!("{what}: {e}"));
            let solution = record.solution_grid().unwrap();
            assert!(puzzle.is_solution(&solution), "{what}");
            // unique under both engines, with the recorded solution
            assert_eq!(sat_count(&puzzle, 2).solution(), Some(&solution), "{what}");
            let mut native = backtrack::Solver::new(&puzzle);
            assert_eq!(
                native.count(2).unwrap().solution(),
                Some(&solution),
                "{what}"
            );
            // the rules are the variant's, and the record lists them all
            assert!(
                puzzle
                    .constraints()
                    .iter()
                    .all(|rule| belongs_to(&preset.variant, rule)),
                "{what}: {:?}",
                record.rules
            );
            assert_eq!(record.rules.len(), puzzle.constraints().len(), "{what}");
            if preset.minimal {
                assert!(
                    generate::is_minimal(&mut native, puzzle.givens(), &solution),
                    "{what}"
                );
            }
            // a level only from the grader; otherwise the record says why there is none
            match sudokit::grade::unrated_rule(&puzzle) {
                Some(_) => {
                    assert_eq!(record.level, None, "{what}");
                    assert_eq!(record.score, None, "{what}");
                    // it names the first rule of the generated puzzle, which the link's
                    // reader may list in another order
                    let reason = record.unrated.as_deref().expect("why there is no level");
                    assert!(
                        record
                            .rules
                            .iter()
                            .any(|rule| reason.contains(&format!("the {rule} is a rule"))),
                        "{what}: {reason}"
                    );
                }
                None => {
                    let grading =
                        sudokit::grade::Grader::with_table(&puzzle, preset.technique_table())
                            .grade();
                    assert_eq!(record.level, Some(grading.level), "{what}");
                    assert_eq!(record.unrated, None, "{what}");
                }
            }
            // the f-puzzles link and the SudokuPad link give back the same puzzle
            let link = record.fpuzzles.as_ref().expect("a link");
            let sudokupad = link.replacen(FPUZZLES_PREFIX, SUDOKUPAD_PREFIX, 1);
            assert_eq!(
                sudokupad,
                fpuzzles::link(&puzzle, None, SUDOKUPAD_PREFIX).unwrap()
            );
            for text in [link, &sudokupad] {
                let entries = notation::parse(text, Some(Format::Fpuzzles)).unwrap();
                let read = &entries[0].puzzle;
                assert_eq!(read.givens(), puzzle.givens(), "{what}");
                assert_eq!(rule_set(read), rule_set(&puzzle), "{what}");
            }
            links.push_str(link);
            links.push('\n');
        }
        // `check` answers unique on puzzles.txt and on the links
        let lines = file_with(&links, ".txt");
        for file in [
            folder.path().join("puzzles.txt"),
            lines.path().to_path_buf(),
        ] {
            let output = sudokit(&["check", path_text(&file)]);
            assert!(output.status.success(), "{name}: {}", text(&output.stderr));
            let answers = text(&output.stdout);
            assert_eq!(answers.matches(": unique").count(), 3, "{name}: {answers}");
        }
    }
}

#[test]
fn rule_puzzles_depend_on_preset_seed_and_index_only() {
    let preset = Preset::builtin("thermo").unwrap();
    let generator = generate::Generator::new(&preset).unwrap();
    let first = generator.puzzle(9, 2).unwrap();
    let again = generate::Generator::new(&preset)
        .unwrap()
        .puzzle(9, 2)
        .unwrap();
    assert_eq!(first.puzzle, again.puzzle);
    assert_eq!(first.solution, again.solution);
    assert_ne!(generator.puzzle(9, 3).unwrap().puzzle, first.puzzle);
    // and whatever the threads
    let root = tempfile::tempdir().unwrap();
    let common = ["--preset", "arrow", "--count", "4", "--seed", "2"];
    let one = root.path().join("one");
    generate_into(&one, &[&common[..], &["--jobs", "1"]].concat());
    let two = root.path().join("two");
    generate_into(&two, &[&common[..], &["--jobs", "2"]].concat());
    for file in ["puzzles.jsonl", "puzzles.txt"] {
        assert_eq!(
            std::fs::read(one.join(file)).unwrap(),
            std::fs::read(two.join(file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn a_preset_may_ask_for_no_givens_where_the_rules_suffice() {
    let preset = Preset::from_ron(
        "kropki-bare",
        "Preset(size: 9, variant: Kropki, symmetry: None, clues: (min: 0, max: 0), count: 2)",
    )
    .unwrap();
    let generator = generate::Generator::new(&preset).unwrap();
    for index in 0..2 {
        let made = generator.puzzle(1, index).unwrap();
        assert_eq!(made.puzzle.givens().filled_count(), 0);
        assert_eq!(
            sat_count(&made.puzzle, 2).solution(),
            Some(&made.solution),
            "{index}"
        );
    }
}

#[test]
fn a_level_target_on_a_rule_the_grader_does_not_rate_is_refused() {
    let preset = Preset::from_ron(
        "thermo-easy",
        "Preset(size: 9, variant: Thermo, target: (levels: [Easy]))",
    )
    .unwrap();
    let made = generate::Generator::new(&preset);
    match sudokit::grade::unrated_rule(&sample_thermo()) {
        Some(_) => {
            let error = made.expect_err("no level can be checked").to_string();
            assert!(error.contains("does not rate"), "{error}");
            assert!(error.contains("thermo-easy"), "{error}");
        }
        // once the grader rates thermometers the target is an ordinary one
        None => assert!(made.is_ok()),
    }
}

/// A puzzle with one thermometer, to ask whether the grader rates thermometers.
fn sample_thermo() -> Puzzle {
    let entries = notation::parse(
        "Puzzle(size: 9, rules: [Line(Thermometer, [\"r1c1\", \"r1c2\"])])",
        None,
    )
    .unwrap();
    entries[0].puzzle.clone()
}
