//! The engine against real puzzles from `tests/data/`: published solutions, exact counts,
//! unsolvable puzzles, random fills of every size, and the other-solution question.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::test_data::{self, classic, data_lines, grid, killer_records, krazydad, x_puzzle};
use super::{count_solutions, Solver};
use crate::budget::{Budget, Cancel, Stopped};
use crate::count::Count;
use crate::model::{Constraint, Diagonal, Geometry, Grid, Puzzle};

/// Asserts that `puzzle` has exactly one solution and that it is `expected`.
fn assert_unique(puzzle: &Puzzle, expected: &Grid, name: &str) {
    match count_solutions(puzzle, 2) {
        Count::Unique(solution) => {
            assert_eq!(&solution, expected, "{name}: another solution");
            assert!(puzzle.is_solution(&solution), "{name}");
        }
        other => panic!("{name}: expected unique, got {}", other.word()),
    }
}

/// Lines `puzzle solution ...` of a file.
fn puzzles_with_solutions(path: &str) -> Vec<(String, String)> {
    data_lines(path)
        .iter()
        .map(|line| {
            let mut fields = line.split_whitespace();
            (
                fields.next().unwrap().to_string(),
                fields.next().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn top1465_first_hundred_match_published_solutions() {
    for (puzzle, solution) in puzzles_with_solutions("classic/top1465_solutions.txt")
        .iter()
        .take(100)
    {
        assert_unique(&classic(puzzle), &grid(solution), puzzle);
    }
}

#[test]
fn seed_classics_match() {
    for (puzzle, solution) in puzzles_with_solutions("seeds/classic.txt") {
        assert_unique(&classic(&puzzle), &grid(&solution), &puzzle);
    }
}

#[test]
fn forum_hardest_sample_matches() {
    let lines = puzzles_with_solutions("classic/forum_hardest_1106_solutions.txt");
    for (puzzle, solution) in lines.iter().step_by(25) {
        assert_unique(&classic(puzzle), &grid(solution), puzzle);
    }
}

#[test]
fn sixteen_by_sixteen_match() {
    for path in [
        "sizes/gecode_16x16_solutions.txt",
        "sizes/vu_kr_16x16_100_solutions.txt",
    ] {
        for (puzzle, solution) in puzzles_with_solutions(path).iter().take(10) {
            assert_unique(&classic(puzzle), &grid(solution), puzzle);
        }
    }
}

#[test]
fn four_by_four_match() {
    for (puzzle, solution) in puzzles_with_solutions("sizes/vu_kr_4x4_solutions.txt") {
        assert_unique(&classic(&puzzle), &grid(&solution), &puzzle);
    }
}

#[test]
fn nine_by_nine_gecode_match() {
    for (puzzle, solution) in puzzles_with_solutions("sizes/gecode_9x9_solutions.txt") {
        assert_unique(&classic(&puzzle), &grid(&solution), &puzzle);
    }
}

#[test]
fn twenty_five_by_twenty_five_matches() {
    // The last two of the file are the quickest; the others take seconds each.
    let lines = puzzles_with_solutions("sizes/gecode_25x25_solutions.txt");
    for (puzzle, solution) in lines.iter().skip(16) {
        assert_unique(&classic(puzzle), &grid(solution), puzzle);
    }
}

#[test]
fn diagonal_sixteen_needs_its_diagonals() {
    let givens = test_data::csv_grid(&test_data::read("seeds/atgm2020_16x16_diagonal.csv"));
    let solution = test_data::csv_grid(&test_data::read(
        "seeds/atgm2020_16x16_diagonal_solution.csv",
    ));
    let geometry = givens.geometry();
    let diagonals = vec![
        Constraint::diagonal(geometry, Diagonal::Main),
        Constraint::diagonal(geometry, Diagonal::Anti),
    ];
    let puzzle = Puzzle::new(geometry, givens.clone(), diagonals).unwrap();
    assert_unique(&puzzle, &solution, "atgm2020 16×16 diagonal");
    let plain = Puzzle::classic(givens).unwrap();
    assert!(matches!(count_solutions(&plain, 2), Count::Multiple { .. }));
}

#[test]
fn x_sudokus_are_unique_under_their_rule() {
    for line in data_lines("sizes/xsudoku.txt") {
        let (puzzle, solution) = x_puzzle(&line);
        let count = count_solutions(&puzzle, 2);
        assert!(count.is_unique(), "{line}");
        if let Some(solution) = solution {
            assert_eq!(count.solution(), Some(&solution), "{line}");
        }
        let plain = Puzzle::classic(puzzle.givens().clone()).unwrap();
        assert!(count_solutions(&plain, 2).found() >= 2, "{line}");
    }
}

#[test]
fn seed_killers_match_including_the_greater_killer() {
    let records = killer_records("seeds/killer_m00nlight_clpfd.txt");
    assert_eq!(records.len(), 4);
    for record in records {
        let solution = record.solution.expect("seed killers carry solutions");
        assert_unique(&record.puzzle, &solution, &record.name);
    }
}

#[test]
fn other_killers_match() {
    for path in [
        "killer/killer_vtsukur.txt",
        "killer/killer_lisudoku.txt",
        "killer/killer_greater_grilops.txt",
    ] {
        for record in killer_records(path) {
            match record.solution {
                Some(solution) => assert_unique(&record.puzzle, &solution, &record.name),
                None => assert!(
                    count_solutions(&record.puzzle, 2).is_unique(),
                    "{}",
                    record.name
                ),
            }
        }
    }
}

#[test]
fn krazydad_killers_match() {
    for line in data_lines("killer/killer_krazydad_1000.tsv")
        .iter()
        .step_by(50)
    {
        let (puzzle, solution) = krazydad(line);
        assert_unique(&puzzle, &solution, line);
    }
}

/// `puzzle:count[:solution]` lines of tdoku's test file.
fn tdoku_cases() -> Vec<(String, usize, Option<String>)> {
    data_lines("classic/tdoku_test_puzzles_with_counts.txt")
        .iter()
        .map(|line| {
            let fields: Vec<&str> = line.split(':').collect();
            let solution = fields
                .get(2)
                .filter(|s| s.len() == 81)
                .map(|s| s.to_string());
            (fields[0].to_string(), fields[1].parse().unwrap(), solution)
        })
        .collect()
}

#[test]
fn tdoku_counts_are_exact() {
    for (puzzle, expected, solution) in tdoku_cases() {
        let puzzle = classic(&puzzle);
        let count = count_solutions(&puzzle, expected + 1);
        assert_eq!(count.found(), expected, "{puzzle:?}");
        if let (Some(solution), 1) = (solution, expected) {
            assert_eq!(count.solution(), Some(&grid(&solution)));
        }
        if let Count::Multiple { first, second, .. } = &count {
            assert_ne!(first, second);
            assert!(puzzle.is_solution(first) && puzzle.is_solution(second));
        }
    }
}

#[test]
fn serg_counts_are_exact() {
    for line in data_lines("classic/serg_benchmark_first300_solution_counts.txt")
        .iter()
        .take(50)
    {
        let (puzzle, expected) = line.split_once(' ').unwrap();
        let expected: usize = expected.trim().parse().unwrap();
        assert_eq!(
            count_solutions(&classic(puzzle), expected + 1).found(),
            expected,
            "{line}"
        );
        assert_eq!(
            count_solutions(&classic(puzzle), expected).found(),
            expected,
            "{line}"
        );
    }
}

#[test]
fn unsolvable_puzzles_have_no_solution() {
    let unsolvable: Vec<_> = tdoku_cases()
        .into_iter()
        .filter(|case| case.1 == 0)
        .collect();
    assert!(!unsolvable.is_empty());
    for (puzzle, _, _) in unsolvable {
        assert!(
            matches!(count_solutions(&classic(&puzzle), 2), Count::None { .. }),
            "{puzzle}"
        );
    }
}

#[test]
fn direct_contradictions_give_a_reason() {
    // r1c9 sees 1-8 in its row and 9 in its column.
    let line = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let Count::None { reason } = count_solutions(&classic(&line), 2) else {
        panic!("no digit fits r1c9");
    };
    assert_eq!(reason.as_deref(), Some("r1c9: no digit fits"));
}

#[test]
fn limit_one_stops_at_the_first_solution() {
    let empty = Puzzle::classic(Grid::empty(Geometry::for_size(9).unwrap())).unwrap();
    let count = count_solutions(&empty, 0);
    assert!(count.is_unique());
    assert!(empty.is_solution(count.solution().unwrap()));
    let count = count_solutions(&empty, 5);
    assert_eq!(count.found(), 5);
}

#[test]
fn random_fills_are_valid_and_reproducible() {
    for size in [4, 6, 8, 9, 12, 16, 25] {
        let geometry = Geometry::for_size(size).unwrap();
        let puzzle = Puzzle::classic(Grid::empty(geometry)).unwrap();
        let mut solver = Solver::new(&puzzle);
        let first = solver
            .solve_random(&mut ChaCha8Rng::seed_from_u64(7))
            .unwrap();
        assert!(puzzle.is_solution(&first), "{size}");
        let again = solver
            .solve_random(&mut ChaCha8Rng::seed_from_u64(7))
            .unwrap();
        assert_eq!(first, again, "{size}: same seed, same grid");
        let other = solver
            .solve_random(&mut ChaCha8Rng::seed_from_u64(8))
            .unwrap();
        assert!(puzzle.is_solution(&other));
        assert_ne!(first, other, "{size}: another seed, another grid");
    }
}

#[test]
fn random_fills_keep_givens_and_cages() {
    let record = killer_records("seeds/killer_m00nlight_clpfd.txt").remove(3);
    let mut solver = Solver::new(&record.puzzle);
    let filled = solver
        .solve_random(&mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    assert!(record.puzzle.is_solution(&filled));
    let (x_puzzle, _) = x_puzzle(&data_lines("sizes/xsudoku.txt")[0]);
    let filled = Solver::new(&x_puzzle)
        .solve_random(&mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    assert!(x_puzzle.is_solution(&filled));
}

#[test]
fn other_solution_agrees_with_counting() {
    for (line, expected, _) in tdoku_cases() {
        let puzzle = classic(&line);
        let mut solver = Solver::new(&puzzle);
        let Some(first) = solver.count(1).unwrap().solution().cloned() else {
            continue;
        };
        assert_eq!(
            solver.has_other_solution(puzzle.givens(), &first),
            expected >= 2,
            "{line}"
        );
    }
}

#[test]
fn digging_a_given_agrees_with_counting() {
    let (line, solution) = &puzzles_with_solutions("classic/top1465_solutions.txt")[0];
    let puzzle = classic(line);
    let solution = grid(solution);
    let mut solver = Solver::new(&puzzle);
    for (cell, _) in puzzle.givens().filled() {
        let mut dug = puzzle.givens().clone();
        dug.set(cell, None);
        let unique = solver.count_with_givens(&dug, 2).unwrap().is_unique();
        assert_eq!(
            solver.has_other_solution(&dug, &solution),
            !unique,
            "{cell}"
        );
    }
}

#[test]
fn fast_path_agrees_with_the_general_engine() {
    let mut lines: Vec<(String, usize)> =
        data_lines("classic/serg_benchmark_first300_solution_counts.txt")
            .iter()
            .take(30)
            .map(|line| {
                let (puzzle, count) = line.split_once(' ').unwrap();
                (puzzle.to_string(), count.trim().parse().unwrap())
            })
            .collect();
    lines.extend(
        tdoku_cases()
            .into_iter()
            .map(|(puzzle, count, _)| (puzzle, count)),
    );
    let hardest = data_lines("classic/forum_hardest_1106.txt");
    lines.extend(hardest.iter().step_by(20).map(|puzzle| (puzzle.clone(), 1)));
    for (line, expected) in lines {
        let puzzle = classic(&line);
        let fast = Solver::new(&puzzle).count(expected + 1).unwrap();
        let general = Solver::general(&puzzle).count(expected + 1).unwrap();
        assert_eq!(fast.found(), expected, "{line}");
        assert_eq!(general.found(), expected, "{line}");
        if expected == 1 {
            assert_eq!(fast, general, "{line}");
        }
    }
}

#[test]
fn both_engines_fill_nine_by_nine_grids() {
    let puzzle = Puzzle::classic(Grid::empty(Geometry::for_size(9).unwrap())).unwrap();
    for seed in 0..20 {
        for mut solver in [Solver::new(&puzzle), Solver::general(&puzzle)] {
            let grid = solver
                .solve_random(&mut ChaCha8Rng::seed_from_u64(seed))
                .unwrap();
            assert!(puzzle.is_solution(&grid));
        }
    }
}

#[test]
fn givens_that_break_the_rules_give_none_with_a_reason() {
    let puzzle = classic(&".".repeat(81));
    let mut solver = Solver::new(&puzzle);
    let mut givens = Grid::empty(puzzle.geometry());
    let corner = puzzle.geometry().cell(0, 0).unwrap();
    givens.set(corner, crate::model::Digit::new(12));
    let Count::None { reason } = solver.count_with_givens(&givens, 2).unwrap() else {
        panic!("12 does not fit a 9×9 grid");
    };
    assert_eq!(
        reason.as_deref(),
        Some("r1c1: digit 12 is too large for a 9×9 grid")
    );
    givens.set(corner, crate::model::Digit::new(5));
    givens.set(
        puzzle.geometry().cell(0, 8).unwrap(),
        crate::model::Digit::new(5),
    );
    assert!(matches!(
        solver.count_with_givens(&givens, 2).unwrap(),
        Count::None { reason: Some(_) }
    ));
    assert!(!solver.has_other_solution(&givens, &givens));
}

#[test]
fn a_killer_whose_givens_break_a_cage_has_no_solution() {
    let record = killer_records("seeds/killer_m00nlight_clpfd.txt").remove(0);
    let solution = record.solution.unwrap();
    let mut givens = Grid::empty(record.puzzle.geometry());
    // Cage a (r1c1, r1c2) sums to 3: a given 9 in r1c1 breaks it.
    givens.set(
        record.puzzle.geometry().cell(0, 0).unwrap(),
        crate::model::Digit::new(9),
    );
    let mut solver = Solver::new(&record.puzzle);
    assert!(matches!(
        solver.count_with_givens(&givens, 2).unwrap(),
        Count::None { .. }
    ));
    assert!(!solver.has_other_solution(&givens, &solution));
    assert!(solver.count_with_givens(&solution, 2).unwrap().is_unique());
}

#[test]
fn dug_random_grids_of_every_size_agree_with_themselves() {
    use rand::seq::SliceRandom;
    for size in [4, 6, 8, 12, 16] {
        let geometry = Geometry::for_size(size).unwrap();
        let puzzle = Puzzle::classic(Grid::empty(geometry)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(size as u64);
        let mut solver = Solver::new(&puzzle);
        let full = solver.solve_random(&mut rng).unwrap();
        let mut cells: Vec<_> = geometry.cells().collect();
        cells.shuffle(&mut rng);
        let mut dug = full.clone();
        for &cell in cells.iter().take(geometry.cell_count() * 11 / 20) {
            dug.set(cell, None);
        }
        let count = solver.count_with_givens(&dug, 3).unwrap();
        let with_givens = puzzle.with_givens(dug.clone()).unwrap();
        for solution in [count.solution()].into_iter().flatten() {
            assert!(with_givens.is_solution(solution), "{size}");
        }
        if let Count::Multiple { second, .. } = &count {
            assert!(with_givens.is_solution(second), "{size}");
        }
        assert_eq!(
            solver.has_other_solution(&dug, &full),
            count.found() >= 2,
            "{size}"
        );
    }
}

#[test]
fn other_solution_without_a_given_agrees_with_the_plain_question() {
    // Gecode's 16×16 puzzles and the first 9×9 ones, every given taken out in turn: ruling
    // the given's digit out of its cell must not change the answer, only the work.
    let mut questions = 0;
    let mut plain_guesses = 0;
    let mut without_guesses = 0;
    let sixteen = puzzles_with_solutions("sizes/gecode_16x16_solutions.txt");
    let nine = puzzles_with_solutions("sizes/gecode_9x9_solutions.txt");
    for (line, solution) in sixteen.iter().take(12).chain(nine.iter().take(3)) {
        let puzzle = classic(line);
        let solution = grid(solution);
        let mut solver = Solver::new(&puzzle);
        let mut trial = puzzle.givens().clone();
        for (cell, digit) in puzzle.givens().filled() {
            trial.set(cell, None);
            let plain = solver.has_other_solution(&trial, &solution);
            plain_guesses += solver.guesses();
            let without = solver.has_other_solution_without(&trial, &solution, cell);
            without_guesses += solver.guesses();
            assert_eq!(plain, without, "{line}: {cell}");
            trial.set(cell, Some(digit));
            questions += 1;
        }
    }
    println!("{questions} questions: {plain_guesses} guesses plain, {without_guesses} without");
    assert!(without_guesses <= plain_guesses);
}

#[test]
fn other_solution_without_cells_agrees_with_the_plain_question() {
    // Gecode's 16×16 puzzles, pairs of givens symmetric under a half turn taken out
    // together: the orbit question must not change the answer.
    let mut questions = 0;
    for (line, solution) in puzzles_with_solutions("sizes/gecode_16x16_solutions.txt")
        .iter()
        .take(12)
    {
        let puzzle = classic(line);
        let solution = grid(solution);
        let geometry = puzzle.geometry();
        let mut solver = Solver::new(&puzzle);
        for (cell, _) in puzzle.givens().filled() {
            let opposite = geometry
                .cell_at(geometry.cell_count() - 1 - cell.index())
                .unwrap();
            if opposite.index() < cell.index() || puzzle.givens().get(opposite).is_none() {
                continue;
            }
            let orbit: Vec<_> = if opposite == cell {
                vec![cell]
            } else {
                vec![cell, opposite]
            };
            let mut trial = puzzle.givens().clone();
            orbit.iter().for_each(|&member| trial.set(member, None));
            let plain = solver.has_other_solution(&trial, &solution);
            let without = solver.has_other_solution_without_cells(&trial, &solution, &orbit);
            assert_eq!(plain, without, "{line}: {cell}");
            questions += 1;
        }
    }
    assert!(questions > 100, "{questions}");
}

/// An empty grid of `size`: far more solutions than any count reaches, so a count to the end
/// runs until its budget stops it (9×9 takes the fast path, 16×16 the general engine).
fn empty(size: usize) -> Puzzle {
    Puzzle::classic(Grid::empty(Geometry::for_size(size).unwrap())).unwrap()
}

#[test]
fn every_count_honours_the_solvers_work_limit() {
    for size in [9, 16] {
        let puzzle = empty(size);
        let givens = puzzle.givens().clone();
        let budget = Budget::unlimited().with_work_limit(50);
        let mut solver = Solver::new(&puzzle).with_budget(&budget);
        let stopped = Err(Stopped::WorkLimit { limit: 50 });
        assert_eq!(solver.count(usize::MAX), stopped, "{size}");
        assert_eq!(
            solver.guesses(),
            51,
            "{size}: stopped at the first branch point past it"
        );
        assert_eq!(solver.count_with_givens(&givens, usize::MAX), stopped);
        assert_eq!(solver.count_within(&givens, usize::MAX, None), None);
        // the stricter of the solver's budget and the call's
        let stricter = Budget::unlimited().with_work_limit(20);
        assert_eq!(
            solver.count_budgeted(&givens, usize::MAX, &stricter),
            Err(Stopped::WorkLimit { limit: 20 })
        );
        assert_eq!(solver.count_within(&givens, usize::MAX, Some(20)), None);
        assert_eq!(
            solver.count_within(&givens, usize::MAX, Some(500)),
            None,
            "{size}: the solver's own limit of 50 holds"
        );
        // a limit the count stays within changes nothing
        let roomy = Budget::unlimited().with_work_limit(1_000_000);
        let answer = Solver::new(&puzzle).with_budget(&roomy).count(2);
        assert_eq!(answer, Ok(count_solutions(&puzzle, 2)), "{size}");
    }
}

#[test]
fn every_count_honours_the_solvers_flag_and_deadline() {
    let cancel = Cancel::new();
    cancel.cancel();
    let raised = Budget::unlimited().with_cancel(&cancel);
    let passed = Budget::unlimited().with_deadline(Instant::now());
    for (budget, reason) in [(raised, Stopped::Cancelled), (passed, Stopped::Deadline)] {
        for size in [9, 16] {
            let puzzle = empty(size);
            let givens = puzzle.givens().clone();
            let mut solver = Solver::new(&puzzle).with_budget(&budget);
            assert_eq!(solver.count(2), Err(reason), "{size}");
            assert_eq!(solver.count_with_givens(&givens, 1), Err(reason));
            assert_eq!(solver.count_within(&givens, 1, Some(1_000)), None);
            let call = Budget::unlimited().with_work_limit(1_000);
            assert_eq!(solver.count_budgeted(&givens, 1, &call), Err(reason));
            // the call's budget stops a solver that has none of its own
            let mut plain = Solver::new(&puzzle);
            assert_eq!(plain.count_budgeted(&givens, 1, &budget), Err(reason));
            assert!(plain.count(1).is_ok_and(|count| count.found() == 1));
        }
    }
}

/// Counts `line` on the 9×9 fast path, with or without the triad rule: the solutions found
/// (up to `limit`, all of them listed) and the branch points taken.
fn fast_path_solutions(line: &str, limit: usize, triads: bool) -> (Vec<Vec<u32>>, u64) {
    let puzzle = classic(line);
    let mut root = super::classic::State::new();
    let placed = puzzle
        .givens()
        .digits()
        .enumerate()
        .filter_map(|(cell, digit)| digit.map(|digit| (cell, digit)))
        .try_for_each(|(cell, digit)| root.place(cell, digit.index()));
    if placed.and_then(|()| root.propagate()).is_err() {
        return (Vec::new(), 0);
    }
    let mut collector = super::search::Collector::new(limit);
    let mut search = super::classic::ClassicSearch::new();
    if triads {
        search = search.with_triads();
    }
    search.explore(&root, &mut collector);
    let mut solutions = collector.solutions;
    solutions.sort();
    (solutions, search.guesses)
}

#[test]
fn the_triad_rule_finds_the_same_solutions_with_fewer_branch_points() {
    let mut lines: Vec<String> = tdoku_cases()
        .into_iter()
        .map(|(puzzle, _, _)| puzzle)
        .collect();
    lines.extend(data_lines("classic/top1465.txt").into_iter().take(200));
    let (mut without, mut with) = (0, 0);
    for line in &lines {
        let (plain, plain_guesses) = fast_path_solutions(line, 1000, false);
        let (narrowed, narrowed_guesses) = fast_path_solutions(line, 1000, true);
        assert_eq!(plain, narrowed, "{line}");
        without += plain_guesses;
        with += narrowed_guesses;
    }
    assert!(
        with < without,
        "{with} branch points with triads, {without} without"
    );
}

#[test]
fn counts_with_the_triad_rule_show_the_plain_searchs_solutions() {
    for (line, expected, _) in tdoku_cases() {
        let puzzle = classic(&line);
        for limit in [1, 2, expected + 1] {
            let plain = Solver::new(&puzzle).count(limit).unwrap();
            let narrowed = Solver::new(&puzzle).with_triad_rule().count(limit).unwrap();
            assert_eq!(plain, narrowed, "{line} (limit {limit})");
        }
    }
}
