//! Native and SAT engines agree on every puzzle in `tests/data` (count 0, 1 or 2+, and the
//! solution), and on thousands of random puzzles of several sizes and variants.

use std::collections::HashSet;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit::backtrack::{self, Solver};
use sudokit::model::{
    Cage, CageId, Cell, Comparison, Constraint, Diagonal, Geometry, Grid, Puzzle, Relation,
};
use sudokit::notation::Entry;
use sudokit::{sat, Count};

use crate::helpers::{entries, with_diagonals};

/// Asserts both engines give the same answer, and that every solution they give is one.
fn assert_engines_agree(puzzle: &Puzzle, what: &str) {
    let native = backtrack::count_solutions(puzzle, 2);
    let sat = sat::count_solutions(puzzle, 2).expect("the SAT engine answers");
    assert_eq!(
        native.found(),
        sat.found(),
        "{what}: native {native:?} vs SAT {sat:?}"
    );
    match (&native, &sat) {
        (Count::Unique(native), Count::Unique(sat)) => assert_eq!(native, sat, "{what}"),
        (
            Count::Multiple {
                first: native_first,
                second: native_second,
                ..
            },
            Count::Multiple {
                first: sat_first,
                second: sat_second,
                ..
            },
        ) => {
            for grid in [native_first, native_second, sat_first, sat_second] {
                assert!(
                    puzzle.is_solution(grid),
                    "{what}: a 'solution' breaks a rule"
                );
            }
            assert_ne!(native_first, native_second, "{what}");
            assert_ne!(sat_first, sat_second, "{what}");
        }
        _ => {}
    }
}

fn agree_on_file(relative: &str, minimum: usize) {
    let entries: Vec<Entry> = entries(relative);
    assert!(entries.len() >= minimum, "{relative}: {}", entries.len());
    for entry in &entries {
        assert_engines_agree(&entry.puzzle, &format!("{relative} line {}", entry.line));
    }
}

#[test]
fn classic_hard_sets() {
    agree_on_file("classic/top1465.txt", 1465);
    agree_on_file("classic/forum_hardest_1106.txt", 375);
    agree_on_file("seeds/classic.txt", 2);
}

#[test]
fn seventeen_clue_set() {
    agree_on_file("classic/royle_17clue_49158.txt", 49158);
}

#[test]
fn rated_banks() {
    agree_on_file("classic/hodoku_rated_calibration.tsv", 2524);
    agree_on_file("classic/se_rated_calibration.txt", 2524);
    // `bucket puzzle solution rating hash`: the puzzle is the second column.
    let text = crate::helpers::read_data("classic/sudoku_exchange_with_solutions.txt");
    let mut checked = 0;
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let columns: Vec<&str> = line.split_whitespace().collect();
        let puzzle = crate::helpers::line_puzzle(columns[1]);
        let count = sat::count_solutions(&puzzle, 2).expect("SAT answers");
        assert_eq!(
            count
                .solution()
                .map(|grid| sudokit::notation::format_grid(grid, sudokit::notation::Format::Line)),
            Some(columns[2].to_string()),
            "{line}"
        );
        assert_engines_agree(&puzzle, line);
        checked += 1;
    }
    assert_eq!(checked, 3000);
}

#[test]
fn counted_sets_including_unsolvable_and_multiple() {
    agree_on_file("classic/tdoku_test_puzzles_with_counts.txt", 43);
    agree_on_file("classic/serg_benchmark_first300_solution_counts.txt", 300);
}

#[test]
fn other_sizes_and_diagonals() {
    for relative in [
        "sizes/vu_kr_4x4.txt",
        "sizes/gecode_9x9.txt",
        "sizes/gecode_16x16.txt",
        "sizes/vu_kr_16x16_100.txt",
        "sizes/xsudoku.txt",
        "seeds/atgm2020_16x16_diagonal.csv",
    ] {
        agree_on_file(relative, 1);
    }
    // Number 17 of the 25×25 set is one both engines settle in well under a second.
    let twenty_five = &entries("sizes/gecode_25x25.txt")[16];
    assert_engines_agree(&twenty_five.puzzle, "25×25 number 17");
    let csv = &entries("seeds/atgm2020_16x16_diagonal.csv")[0].puzzle;
    let diagonal = with_diagonals(csv, &[Diagonal::Main, Diagonal::Anti]);
    assert_engines_agree(&diagonal, "16×16 with both diagonals");
}

#[test]
fn every_killer() {
    for relative in [
        "seeds/killer_m00nlight_clpfd.txt",
        "killer/killer_vtsukur.txt",
        "killer/killer_lisudoku.txt",
        "killer/killer_greater_grilops.txt",
        "killer/killer_krazydad_1000.tsv",
    ] {
        agree_on_file(relative, 1);
    }
}

/// A random complete grid for the puzzle's rules (givens ignored), from the native filler.
fn random_solution(rules: &Puzzle, rng: &mut ChaCha8Rng) -> Grid {
    Solver::new(rules)
        .solve_random(rng)
        .expect("an empty grid has a solution")
}

/// Random connected cages on `solution` with no repeated digit; sums from the solution,
/// some hidden; plus random true comparisons between cages.
fn random_cages(solution: &Grid, rng: &mut ChaCha8Rng, hide: bool) -> Vec<Constraint> {
    let geometry = solution.geometry();
    let mut caged = vec![false; geometry.cell_count()];
    let mut order: Vec<Cell> = geometry.cells().collect();
    order.shuffle(rng);
    let mut cages: Vec<Cage> = Vec::new();
    for start in order {
        if caged[start.index()] {
            continue;
        }
        let target = rng.random_range(1..=5);
        let mut cells = vec![start];
        caged[start.index()] = true;
        let mut digits: HashSet<_> = [solution.get(start)].into();
        while cells.len() < target {
            let frontier: Vec<Cell> = cells
                .iter()
                .flat_map(|&cell| geometry.neighbours(cell))
                .filter(|cell| !caged[cell.index()] && !digits.contains(&solution.get(*cell)))
                .collect();
            let Some(&next) = frontier.choose(rng) else {
                break;
            };
            caged[next.index()] = true;
            digits.insert(solution.get(next));
            cells.push(next);
        }
        let sum: u32 = cells
            .iter()
            .filter_map(|&cell| solution.get(cell))
            .map(|digit| u32::from(digit.get()))
            .sum();
        let hidden = hide && rng.random_bool(0.3);
        cages.push(Cage {
            label: format!("c{}", cages.len()),
            cells,
            sum: (!hidden).then_some(sum),
        });
    }
    let sums: Vec<u32> = cages
        .iter()
        .map(|cage| sudokit::model::cage_sum(solution, cage))
        .collect();
    let mut constraints: Vec<Constraint> = cages.into_iter().map(Constraint::Cage).collect();
    if hide {
        for _ in 0..rng.random_range(0..=6) {
            let first = rng.random_range(0..sums.len());
            let second = rng.random_range(0..sums.len());
            if first == second {
                continue;
            }
            let relation = match sums[first].cmp(&sums[second]) {
                std::cmp::Ordering::Less => Relation::Less,
                std::cmp::Ordering::Equal => Relation::Equal,
                std::cmp::Ordering::Greater => Relation::Greater,
            };
            constraints.push(Constraint::Compare(Comparison {
                first: CageId::new(first),
                second: CageId::new(second),
                relation,
            }));
        }
    }
    constraints
}

/// Keeps each cell of `solution` as a given with probability `density`.
fn random_givens(solution: &Grid, density: f64, rng: &mut ChaCha8Rng) -> Grid {
    let mut givens = Grid::empty(solution.geometry());
    for (cell, digit) in solution.filled() {
        if rng.random_bool(density) {
            givens.set(cell, Some(digit));
        }
    }
    givens
}

/// `cases` random puzzles of one size: classic or X with random givens, or killers (some
/// greater killers) with a few givens, all drawn from a random full grid.
fn random_agreement(size: usize, cases: usize, seed: u64) {
    let geometry = Geometry::for_size(size).expect("supported size");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let empty = Grid::empty(geometry);
    for case in 0..cases {
        let diagonals: Vec<Constraint> = if rng.random_bool(0.3) {
            vec![
                Constraint::diagonal(geometry, Diagonal::Main),
                Constraint::diagonal(geometry, Diagonal::Anti),
            ]
        } else {
            Vec::new()
        };
        let rules = Puzzle::new(geometry, empty.clone(), diagonals.clone())
            .expect("diagonals on an empty grid are valid");
        let solution = random_solution(&rules, &mut rng);
        let mut constraints = diagonals;
        let density = if rng.random_bool(0.5) {
            let hide = rng.random_bool(0.5);
            constraints.extend(random_cages(&solution, &mut rng, hide));
            rng.random_range(0.0..0.15)
        } else {
            rng.random_range(0.15..0.6)
        };
        let givens = random_givens(&solution, density, &mut rng);
        let puzzle = Puzzle::new(geometry, givens, constraints).expect("built from a solution");
        assert!(puzzle.is_solution(&solution));
        assert_engines_agree(
            &puzzle,
            &format!("{size}×{size} random case {case} (seed {seed})"),
        );
    }
}

#[test]
fn random_four_by_four() {
    random_agreement(4, 1500, 4);
}

#[test]
fn random_six_by_six() {
    random_agreement(6, 1000, 6);
}

#[test]
fn random_eight_by_eight() {
    random_agreement(8, 300, 8);
}

#[test]
fn random_nine_by_nine() {
    random_agreement(9, 500, 9);
}
