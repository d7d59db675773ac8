//! Tests of the grader: the regression file of technique instances, killer, X and n×n
//! puzzles solved soundly, the table as data, and (release builds) the whole calibration set
//! checked step by step against the solutions.

use std::collections::BTreeSet;

use super::board::Board;
use super::grader::run_observed;
use super::layout::Layout;
use super::memo::Memo;
use super::solution;
use super::step::Finding;
use super::table::TechniqueTable;
use super::technique::Technique;
use super::techniques::{self, Context};
use super::{grade, Grader, Grading, Level};
use crate::model::{Cage, Constraint, Diagonal, Geometry, Grid, Puzzle};

fn data(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).expect("test data")
}

fn symbol_value(symbol: u8) -> u8 {
    match symbol {
        b'1'..=b'9' => symbol - b'0',
        b'A'..=b'P' => symbol - b'A' + 10,
        b'a'..=b'p' => symbol - b'a' + 10,
        _ => 0,
    }
}

fn value_symbol(value: u8) -> char {
    if value <= 9 {
        char::from(b'0' + value)
    } else {
        char::from(b'A' + value - 10)
    }
}

fn line_puzzle(line: &str, size: usize, diagonals: &[Diagonal]) -> Puzzle {
    let geometry = Geometry::for_size(size).unwrap();
    let values: Vec<u8> = line.bytes().take(size * size).map(symbol_value).collect();
    let grid = Grid::from_values(geometry, &values).unwrap();
    let constraints = diagonals
        .iter()
        .map(|&diagonal| Constraint::diagonal(geometry, diagonal))
        .collect();
    Puzzle::new(geometry, grid, constraints).unwrap()
}

fn killer_puzzle(map: &str, sums: &str, givens: &[u8]) -> Puzzle {
    let geometry = Geometry::for_size(9).unwrap();
    let mut constraints = Vec::new();
    let mut labels: Vec<char> = map.chars().collect();
    labels.sort_unstable();
    labels.dedup();
    for label in labels {
        let cells = map
            .chars()
            .enumerate()
            .filter(|(_, c)| *c == label)
            .map(|(i, _)| geometry.cell_at(i).unwrap())
            .collect();
        let sum = sums
            .split(',')
            .find_map(|entry| entry.strip_prefix(&format!("{label}=")))
            .map(|value| value.parse().unwrap());
        constraints.push(Constraint::Cage(Cage {
            label: label.to_string(),
            cells,
            sum,
        }));
    }
    Puzzle::new(
        geometry,
        Grid::from_values(geometry, givens).unwrap(),
        constraints,
    )
    .unwrap()
}

/// Every step keeps the solution's digits and places only them.
fn assert_sound(puzzle: &Puzzle, grading: &Grading, solution: &[u8]) {
    for step in &grading.steps {
        for (cell, digit) in &step.eliminations {
            assert_ne!(
                solution[cell.index()],
                digit.get(),
                "{} removes a true candidate: {}",
                step.technique,
                step.explain(puzzle)
            );
        }
        for (cell, digit) in &step.placements {
            assert_eq!(
                solution[cell.index()],
                digit.get(),
                "{}",
                step.explain(puzzle)
            );
        }
    }
    assert!(grading.solved);
    assert_eq!(grading.grid.values(), solution);
}

fn solution_of(puzzle: &Puzzle) -> Vec<u8> {
    let cells = puzzle.geometry().cell_count();
    let found = if cells <= 128 {
        let layout = Layout::<2>::new(puzzle);
        solution::solutions(&layout, &puzzle.givens().values(), 2)
    } else {
        let layout = Layout::<4>::new(puzzle);
        solution::solutions(&layout, &puzzle.givens().values(), 2)
    };
    assert_eq!(found.len(), 1, "test puzzles have one solution");
    found[0].clone()
}

#[test]
fn easy_puzzle_is_rated_like_hodoku() {
    // first line of the calibration set: HoDoKu rates it Medium, 322
    let puzzle = line_puzzle(
        "...8.1.....5.641...6.7...8.25....4.3.9.....7.4.6....12.1...9.2...257.9.....1.3...",
        9,
        &[],
    );
    let grading = grade(&puzzle);
    assert_eq!(grading.level, Level::Medium);
    assert_eq!(grading.score, 322);
    assert_eq!(grading.hardest, Some(Technique::LockedCandidatesPointing));
    let first = &grading.steps[0];
    assert!(first
        .explain(&puzzle)
        .contains(&first.technique.name().to_lowercase()));
    let hidden = grading
        .steps
        .iter()
        .find(|step| step.technique == Technique::HiddenSingle)
        .unwrap();
    assert!(
        hidden.explain(&puzzle).contains("the only place for"),
        "{}",
        hidden.explain(&puzzle)
    );
}

#[test]
fn table_is_data() {
    let table = TechniqueTable::hodoku();
    let text = table.to_ron();
    assert_eq!(TechniqueTable::from_ron(&text).unwrap(), table);
    assert_eq!(table.rate(Level::Easy, 801), Level::Medium);
    assert_eq!(table.rate(Level::Hard, 1700), Level::Unfair);
    assert_eq!(table.rate(Level::Unfair, 1900), Level::Extreme);
    // with full houses only the grader stops and says so
    let mut narrow = table.clone();
    for row in narrow.rows.iter_mut() {
        row.enabled = row.technique == Technique::FullHouse;
    }
    let puzzle = line_puzzle(
        "...8.1.....5.641...6.7...8.25....4.3.9.....7.4.6....12.1...9.2...257.9.....1.3...",
        9,
        &[],
    );
    let grading = Grader::with_table(&puzzle, narrow).grade();
    assert!(!grading.solved);
    assert_eq!(grading.stop, Some(super::Stop::NothingApplies));
}

#[test]
fn trial_step_is_named_and_rated_extreme() {
    // the Telegraph's "world's hardest": no trial needed, but forcing chains are
    let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let puzzle = line_puzzle(line, 9, &[]);
    let grading = grade(&puzzle);
    assert_eq!(grading.level, Level::Extreme);
    assert_sound(&puzzle, &grading, &solution_of(&puzzle));
    let mut only_singles = TechniqueTable::hodoku();
    for row in only_singles.rows.iter_mut() {
        row.enabled = row.technique.is_single() || row.technique == Technique::BruteForce;
    }
    let grading = Grader::with_table(&puzzle, only_singles).grade();
    assert!(grading.used_trial());
    let trials = grading
        .steps
        .iter()
        .filter(|step| step.technique == Technique::BruteForce)
        .count();
    assert!(trials > 0);
    assert_eq!(grading.trial_steps, trials);
    assert_eq!(grading.level, Level::Extreme);
    assert_sound(&puzzle, &grading, &solution_of(&puzzle));
}

#[test]
fn killers_are_solved_soundly() {
    let text = data("tests/data/killer/killer_krazydad_1000.tsv");
    let mut used = BTreeSet::new();
    for line in text.lines().filter(|line| !line.starts_with('#')).take(25) {
        let fields: Vec<&str> = line.split('\t').collect();
        let puzzle = killer_puzzle(fields[1], fields[2], &[0; 81]);
        let solution: Vec<u8> = fields[3].bytes().map(symbol_value).collect();
        let grading = grade(&puzzle);
        assert_sound(&puzzle, &grading, &solution);
        for step in &grading.steps {
            used.insert(step.technique);
        }
    }
    assert!(used.contains(&Technique::CageCombination));
    assert!(used.contains(&Technique::InniesOuties));
}

/// Issue 17: every killer technique is, on some real killer, the grader's next step (nothing
/// earlier in the ladder applied there), and no step on these killers removes a digit of the
/// solution; the 45 rule gives innie–outie differences and sums over several houses too.
/// Except the law of leftovers: since issue 29 tries the 45 rule (an exact sum search) right
/// after cage combinations, nothing is left for it on any shared killer (none of the 5018
/// krazydad killers either); its own test switches the 45 rule off.
#[test]
fn every_killer_technique_is_a_sound_next_step_on_real_killers() {
    let mut puzzles: Vec<(String, Puzzle, Vec<u8>)> = Vec::new();
    let text = data("tests/data/killer/killer_krazydad_1000.tsv");
    for line in text.lines().filter(|line| !line.starts_with('#')).take(200) {
        let fields: Vec<&str> = line.split('\t').collect();
        let solution = fields[3].bytes().map(symbol_value).collect();
        let puzzle = killer_puzzle(fields[1], fields[2], &[0; 81]);
        puzzles.push((fields[0].to_string(), puzzle, solution));
    }
    for file in [
        "tests/data/killer/killer_vtsukur.txt",
        "tests/data/killer/killer_lisudoku.txt",
        "tests/data/killer/killer_greater_grilops.txt",
        "tests/data/seeds/killer_m00nlight_clpfd.txt",
    ] {
        for entry in crate::notation::parse(&data(file), None).unwrap() {
            let solution = match &entry.solution {
                Some(grid) => grid.values(),
                None => solution_of(&entry.puzzle),
            };
            let name = entry.name.clone().unwrap_or_default();
            puzzles.push((name, entry.puzzle, solution));
        }
    }
    let mut used = BTreeSet::new();
    let mut difference = false;
    let mut union = false;
    for (name, puzzle, solution) in &puzzles {
        let grading = grade(puzzle);
        assert_sound(puzzle, &grading, solution);
        for step in &grading.steps {
            used.insert(step.technique);
            if step.technique == Technique::InniesOuties {
                difference |= step.evidence.groups.len() == 2;
                union |= step.evidence.houses.len() > 1;
            }
        }
        assert!(grading.steps.len() > 1, "{name}");
    }
    for technique in Technique::ALL
        .iter()
        .filter(|technique| technique.is_killer() && **technique != Technique::LawOfLeftovers)
    {
        assert!(used.contains(technique), "{technique} never used");
    }
    assert!(difference, "no innie-outie difference");
    assert!(union, "no 45 rule over several houses");
}

/// The krazydad killer named `name`, with its solution.
fn krazydad_killer(name: &str) -> (Puzzle, Vec<u8>) {
    let text = data("tests/data/killer/killer_krazydad_1000.tsv");
    let line = text
        .lines()
        .find(|line| line.split('\t').next() == Some(name))
        .expect("listed");
    let fields: Vec<&str> = line.split('\t').collect();
    let solution = fields[3].bytes().map(symbol_value).collect();
    (killer_puzzle(fields[1], fields[2], &[0; 81]), solution)
}

/// Issue 17: on krazydad's IM2-B1-P4 the grader's next step, once no single, cage
/// combination, cage/house interaction or intersection applies, is the law of leftovers in
/// row 1: its two 14(2) cages {59/68} take 5, 6, 8 and 9 between them, so the five cells left
/// over hold the other digits. With the 45 rule and the hidden cages it gives switched off:
/// tried before it (issue 29), their exact sums leave the law of leftovers nothing to do on
/// real killers.
#[test]
fn law_of_leftovers_is_the_next_step_on_a_krazydad_killer() {
    let (puzzle, solution) = krazydad_killer("KD_Killer_IM2-B1-P4");
    let mut table = TechniqueTable::hodoku();
    table.set(Technique::InniesOuties, Level::Medium, 20, false);
    table.set(Technique::HiddenCageInteraction, Level::Medium, 40, false);
    let grading = Grader::with_table(&puzzle, table).grade();
    assert_sound(&puzzle, &grading, &solution);
    let step = grading
        .steps
        .iter()
        .find(|step| step.technique == Technique::LawOfLeftovers)
        .expect("a leftovers step");
    let text = step.explain(&puzzle);
    assert!(
        text.contains("Leftovers r1: each digit once, the cages 14(2) r1c1+r1c2 {59/68}"),
        "{text}"
    );
    assert!(text.contains("rules out 5/6/8/9 there"), "{text}");
    assert_eq!(step.eliminations.len(), 12);
}

/// The explanation of the first `technique` step on m00nlight's seed killer `name`, after
/// checking the whole path is sound.
fn seed_step_text(name: &str, technique: Technique) -> String {
    file_step_text(
        "tests/data/seeds/killer_m00nlight_clpfd.txt",
        name,
        technique,
    )
}

/// Issue 17: on vtsukur's difficulty-10 puzzle 24889 the grader's next step, where the cages
/// inside row 1 say nothing more, fills the row together with the four 3-cell cages it cuts
/// in two (whose cells inside hold what some assignment of the whole cage gives).
#[test]
fn cage_splitting_is_the_next_step_on_a_difficulty_ten_killer() {
    let text = file_step_text(
        "tests/data/killer/killer_vtsukur.txt",
        "vtsukur/puzzle24889_difficulty10",
        Technique::CageSplitting,
    );
    assert!(
        text.starts_with(
            "r1c3<>5  cage splitting: in row 1, with the cages it cuts in two: \
             17(3) r1c1+r1c2+r2c1 {368/467}, 15(3) r1c3+r1c4+r2c3 {249/258}"
        ),
        "{text}"
    );
}

/// Issue 17: the 45 rule over a block of boxes (2 × 2 boxes, not a run of rows, columns or
/// boxes): on vtsukur's difficulty-10 puzzle 24789 boxes 2, 3, 5 and 6 give eight innies
/// summing to 45, a shorter path than without the block.
#[test]
fn innies_over_a_block_of_boxes_on_a_difficulty_ten_killer() {
    let (puzzle, grading) = file_grading(
        "tests/data/killer/killer_vtsukur.txt",
        "vtsukur/puzzle24789_difficulty10",
    );
    let block = grading
        .steps
        .iter()
        .filter(|step| step.technique == Technique::InniesOuties)
        .map(|step| step.explain(&puzzle))
        .find(|text| text.contains("Innies n2+n3+n5+n6:"))
        .expect("innies over boxes 2, 3, 5 and 6");
    assert!(
        block.contains("r1c4+r3c4+r4c4+r4c5+r5c4+r5c9+r6c4+r6c9 = 45(8)"),
        "{block}"
    );
}

/// The explanation of the first `technique` step on the killer `name` of `file`, after
/// checking the whole path is sound.
fn file_step_text(file: &str, name: &str, technique: Technique) -> String {
    let (puzzle, grading) = file_grading(file, name);
    grading
        .steps
        .iter()
        .find(|step| step.technique == technique)
        .unwrap_or_else(|| panic!("no {technique} step"))
        .explain(&puzzle)
}

/// The killer `name` of `file` and its grading, after checking the whole path is sound.
fn file_grading(file: &str, name: &str) -> (Puzzle, Grading) {
    let text = data(file);
    let entry = crate::notation::parse(&text, None)
        .unwrap()
        .into_iter()
        .find(|entry| entry.name.as_deref() == Some(name))
        .expect("listed");
    let solution = entry.solution.as_ref().expect("with its solution").values();
    let grading = grade(&entry.puzzle);
    assert_sound(&entry.puzzle, &grading, &solution);
    (entry.puzzle, grading)
}

/// Issue 17: on m00nlight's hard greater killer the grader's next step, once comparisons of
/// two cages say nothing more, narrows a hidden sum through the comparisons and the 45 rule
/// together.
#[test]
fn hidden_sum_bounds_is_the_next_step_on_a_greater_killer() {
    let text = seed_step_text(
        "daily_greater_killer_sudoku_hard",
        Technique::HiddenSumBounds,
    );
    assert!(
        text.contains("hidden sum bounds: the hidden sum of "),
        "{text}"
    );
}

/// Issue 17: on m00nlight's "most difficult killer sudoku", once the cage forcing chain finds
/// no contradiction, the grader's next step takes a cage's combinations in turn: what every
/// combination removes, through singles and cage sums, goes.
#[test]
fn cage_combination_forcing_is_the_next_step_on_the_most_difficult_killer() {
    let text = seed_step_text(
        "most_difficult_killer_sudoku",
        Technique::CageCombinationForcing,
    );
    assert!(text.contains("cage combination forcing: every "), "{text}");
    assert!(text.contains("through singles and cage sums"), "{text}");
}

#[test]
fn diagonal_and_other_sizes_are_solved_soundly() {
    let text = data("tests/data/sizes/xsudoku.txt");
    for line in text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let diagonals = match fields.iter().find(|f| f.starts_with("diag=")) {
            Some(&"diag=primary-only") => vec![Diagonal::Main],
            Some(&"diag=secondary-only") => vec![Diagonal::Anti],
            _ => vec![Diagonal::Main, Diagonal::Anti],
        };
        let size = if fields[0].len() == 16 { 4 } else { 9 };
        let puzzle = line_puzzle(fields[0], size, &diagonals);
        let solution: Vec<u8> = if fields[1] == "-" {
            solution_of(&puzzle)
        } else {
            fields[1].bytes().map(symbol_value).collect()
        };
        assert_sound(&puzzle, &grade(&puzzle), &solution);
    }
    for (puzzles, solutions, size, count) in [
        (
            "tests/data/sizes/vu_kr_4x4.txt",
            "tests/data/sizes/vu_kr_4x4_solutions.txt",
            4,
            4,
        ),
        (
            "tests/data/sizes/vu_kr_16x16_100.txt",
            "tests/data/sizes/vu_kr_16x16_100_solutions.txt",
            16,
            3,
        ),
    ] {
        let puzzles = data(puzzles);
        let solutions = data(solutions);
        let lines = |text: &str, field: usize| -> Vec<String> {
            text.lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .filter_map(|l| l.split_whitespace().nth(field).map(str::to_string))
                .collect()
        };
        for (puzzle, solution) in lines(&puzzles, 0)
            .iter()
            .zip(lines(&solutions, 1))
            .take(count)
        {
            let puzzle = line_puzzle(puzzle, size, &[]);
            let solution: Vec<u8> = solution.bytes().map(symbol_value).collect();
            assert_sound(&puzzle, &grade(&puzzle), &solution);
        }
    }
}

/// One case of `tests/grade/regression.txt`.
struct Case {
    technique: Technique,
    puzzle: Puzzle,
    solved: Vec<u8>,
    candidates: Vec<u32>,
    expected: BTreeSet<String>,
    line: usize,
}

fn parse_case(number: usize, line: &str) -> Case {
    let fields: Vec<&str> = line.split('\t').collect();
    let technique = *Technique::ALL
        .iter()
        .find(|technique| technique.name() == fields[0])
        .unwrap_or_else(|| panic!("line {number}: unknown technique {}", fields[0]));
    let tokens: Vec<&str> = fields[1].split(' ').collect();
    assert_eq!(tokens.len(), 81, "line {number}: 81 cells");
    let mut givens = vec![0u8; 81];
    let mut solved = vec![0u8; 81];
    let mut candidates = vec![0u32; 81];
    for (cell, token) in tokens.iter().enumerate() {
        if let Some(value) = token.strip_prefix('=') {
            givens[cell] = symbol_value(value.as_bytes()[0]);
        } else if let Some(value) = token.strip_prefix('+') {
            solved[cell] = symbol_value(value.as_bytes()[0]);
        } else {
            candidates[cell] = token
                .bytes()
                .fold(0, |acc, b| acc | 1 << (symbol_value(b) - 1));
        }
    }
    let puzzle = match fields.get(4).filter(|field| !field.is_empty()) {
        Some(cages) => {
            let (map, sums) = cages.split_once(' ').unwrap();
            killer_puzzle(map, sums, &givens)
        }
        None => {
            let geometry = Geometry::for_size(9).unwrap();
            Puzzle::classic(Grid::from_values(geometry, &givens).unwrap()).unwrap()
        }
    };
    let expected = fields[2].split(", ").map(str::to_string).collect();
    Case {
        technique,
        puzzle,
        solved,
        candidates,
        expected,
        line: number,
    }
}

fn run_case(case: &Case) -> BTreeSet<String> {
    let layout = Layout::<2>::new(&case.puzzle);
    let mut board = Board::new(&layout, &case.puzzle);
    for cell in 0..81 {
        if case.solved[cell] != 0 {
            board.place(&layout, cell, usize::from(case.solved[cell] - 1));
        }
    }
    for cell in 0..81 {
        if board.values[cell] == 0 {
            for digit in 0..9 {
                if case.candidates[cell] & (1 << digit) == 0 {
                    board.eliminate(&layout, cell, digit);
                }
            }
        }
    }
    let enabled = vec![true; Technique::ALL.len()];
    let unique =
        layout.cages.is_empty() && solution::solutions(&layout, &board.values, 2).len() == 1;
    let context = Context {
        layout: &layout,
        enabled: &enabled,
        unique,
        memo: &Memo::new(),
    };
    let describe = |finding: &Finding| -> BTreeSet<String> {
        let step = finding.clone().into_step(&layout);
        step.placements
            .iter()
            .map(|(cell, digit)| format!("{cell}={digit}"))
            .chain(
                step.eliminations
                    .iter()
                    .map(|(cell, digit)| format!("{cell}<>{digit}")),
            )
            .collect()
    };
    if case.technique.is_single() {
        // singles come from queues: every single the search yields counts
        let mut all = BTreeSet::new();
        while let Some(finding) = techniques::find(case.technique, &context, &mut board) {
            let found = describe(&finding);
            if found.is_subset(&case.expected) {
                return found;
            }
            all.extend(found);
            if case.technique == Technique::FullHouse {
                let (cell, digit) = finding.placements[0];
                board.place(&layout, cell, digit);
            }
        }
        return all;
    }
    techniques::find(case.technique, &context, &mut board)
        .map(|finding| describe(&finding))
        .unwrap_or_default()
}

#[test]
fn regression_cases() {
    let text = data("tests/grade/regression.txt");
    let mut checked = BTreeSet::new();
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let case = parse_case(number + 1, line);
        let found = run_case(&case);
        assert_eq!(
            found, case.expected,
            "line {}: {}",
            case.line, case.technique
        );
        checked.insert(case.technique);
    }
    assert!(
        checked.len() >= 40,
        "only {} techniques covered",
        checked.len()
    );
}

fn cell_token(board: &Board<2>, cell: usize) -> String {
    if board.values[cell] != 0 {
        let mark = if board.given.contains(cell) { '=' } else { '+' };
        format!("{mark}{}", value_symbol(board.values[cell]))
    } else {
        (0..9)
            .filter(|d| board.candidates[cell] & (1 << d) != 0)
            .map(|d| value_symbol(d as u8 + 1))
            .collect()
    }
}

/// Writes `tests/grade/regression.txt` from the first uses of every technique on the
/// calibration set and the killers: `cargo test --release --lib write_regression -- --ignored`.
#[test]
#[ignore = "writes tests/grade/regression.txt: a tool, run by name with --ignored"]
fn write_regression_cases() {
    let mut lines = vec![REGRESSION_HEADER.to_string()];
    let mut counts = std::collections::BTreeMap::<Technique, usize>::new();
    let table = TechniqueTable::hodoku();
    let mut take = |puzzle: &Puzzle, source: &str, cages: &str, lines: &mut Vec<String>| {
        let mut step_number = 0;
        run_observed::<2>(
            puzzle,
            &table,
            &Default::default(),
            &mut |layout, board, finding| {
                step_number += 1;
                let count = counts.entry(finding.technique).or_default();
                let limit = if finding.technique.is_single() { 1 } else { 2 };
                if *count >= limit || finding.technique == Technique::BruteForce {
                    return;
                }
                *count += 1;
                let cells: Vec<String> = (0..81).map(|cell| cell_token(board, cell)).collect();
                let step = finding.clone().into_step(layout);
                let mut outcome: Vec<String> = step
                    .placements
                    .iter()
                    .map(|(cell, digit)| format!("{cell}={digit}"))
                    .chain(
                        step.eliminations
                            .iter()
                            .map(|(cell, digit)| format!("{cell}<>{digit}")),
                    )
                    .collect();
                outcome.sort();
                outcome.dedup();
                lines.push(format!(
                    "{}\t{}\t{}\t{source}, step {step_number}\t{cages}",
                    finding.technique,
                    cells.join(" "),
                    outcome.join(", ")
                ));
            },
        );
    };
    let calibration = data("tests/data/classic/hodoku_rated_calibration.tsv");
    for (number, line) in calibration.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let puzzle_line = line.split('\t').next().unwrap();
        let puzzle = line_puzzle(puzzle_line, 9, &[]);
        take(
            &puzzle,
            &format!(
                "hodoku_rated_calibration.tsv line {} ({puzzle_line})",
                number + 1
            ),
            "",
            &mut lines,
        );
    }
    let killers = data("tests/data/killer/killer_krazydad_1000.tsv");
    for line in killers
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(200)
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let puzzle = killer_puzzle(fields[1], fields[2], &[0; 81]);
        take(
            &puzzle,
            &format!("killer_krazydad_1000.tsv {}", fields[0]),
            &format!("{} {}", fields[1], fields[2]),
            &mut lines,
        );
    }
    std::fs::write(
        format!("{}/tests/grade/regression.txt", env!("CARGO_MANIFEST_DIR")),
        lines.join("\n") + "\n",
    )
    .unwrap();
}

const REGRESSION_HEADER: &str = "\
# Regression cases for the grader, one technique instance per line, in the spirit of
# HoDoKu's reglib. Fields, separated by TABs:
#   1. the technique, by its HoDoKu name;
#   2. the candidate grid: 81 cells in reading order separated by spaces, a given as `=d`, a
#      cell solved on the way as `+d`, an unsolved one as its candidates (e.g. `1279`);
#   3. the expected outcome: placements `r1c2=5` and eliminations `r3c4<>7`, separated by
#      `, ` (order does not matter); the technique's search on that grid must give exactly
#      these (for singles: one of them);
#   4. the source: the published puzzle (file and line in tests/data) and the step of our
#      path at which the position arises;
#   5. for killers: the cage map (one label per cell) and the sums `A=11,B=25,...`.
# Regenerate with `cargo test --release --lib write_regression -- --ignored`.";

/// Every step of the grader on HoDoKu's 2524 rated puzzles removes no true candidate and the
/// path ends in the solution. Runs in release builds (about a minute).
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn calibration_paths_are_sound() {
    let text = data("tests/data/classic/hodoku_rated_calibration.tsv");
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let puzzle = line_puzzle(line.split('\t').next().unwrap(), 9, &[]);
        let grading = grade(&puzzle);
        assert_sound(&puzzle, &grading, &solution_of(&puzzle));
    }
}

/// Issue 40: a grading with a ceiling is the full grading step for step, or stops where only
/// techniques above the ceiling are left, and then the full path does need a harder step
/// (its hardest step is above the ceiling, or it is not solved); on classic puzzles of every
/// level and on killers.
#[test]
fn a_ceiling_stops_only_where_the_full_path_needs_a_harder_step() {
    let classic = data("tests/data/classic/hodoku_rated_calibration.tsv");
    let killers = data("tests/data/killer/killer_krazydad_1000.tsv");
    let puzzles: Vec<Puzzle> = classic
        .lines()
        .filter(|line| !line.starts_with('#'))
        .step_by(120)
        .map(|line| line_puzzle(line.split('\t').next().unwrap(), 9, &[]))
        .chain(
            killers
                .lines()
                .filter(|line| !line.starts_with('#'))
                .take(10)
                .map(|line| {
                    let fields: Vec<&str> = line.split('\t').collect();
                    killer_puzzle(fields[1], fields[2], &[0; 81])
                }),
        )
        .collect();
    let mut stopped = 0;
    let mut same = 0;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let full = grade(puzzle);
        for ceiling in [Level::Medium, Level::Hard, Level::Unfair] {
            let bounded = Grader::new(puzzle).with_ceiling(ceiling).grade();
            if bounded.stop == Some(super::Stop::AboveCeiling(ceiling)) {
                stopped += 1;
                let hardest = full.reason.as_ref().map(|reason| reason.step_level);
                assert!(
                    !full.solved || hardest > Some(ceiling),
                    "puzzle {index}, ceiling {ceiling:?}: stopped, but {}",
                    full.level_reason()
                );
                assert_eq!(bounded.steps, full.steps[..bounded.steps.len()]);
            } else {
                same += 1;
                assert_eq!(bounded, full, "puzzle {index}, ceiling {ceiling:?}");
            }
        }
    }
    assert!(
        stopped > 0 && same > 0,
        "{stopped} stopped, {same} the same"
    );
}
