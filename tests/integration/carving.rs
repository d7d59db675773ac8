//! Killer carving and greater-killer comparisons: unique by both engines, sums from the grid.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::backtrack::Solver;
use sudokit::generate::cages::{carve, CageOptions, SumSets};
use sudokit::generate::comparisons::hide_sums;
use sudokit::model::{cage_sum, Constraint, Diagonal, Geometry, Grid, Puzzle};
use sudokit::{sat, Count};

/// The rules of an empty grid with `box_rows × box_columns` boxes, with both diagonals if `x`.
fn rules(box_rows: u8, box_columns: u8, x: bool) -> Puzzle {
    let geometry = Geometry::new(box_rows, box_columns).expect("a valid box shape");
    let constraints = if x {
        [Diagonal::Main, Diagonal::Anti]
            .into_iter()
            .map(|diagonal| Constraint::diagonal(geometry, diagonal))
            .collect()
    } else {
        Vec::new()
    };
    Puzzle::new(geometry, Grid::empty(geometry), constraints).expect("valid rules")
}

/// Checks everything a carved killer promises about `puzzle` and its `solution`.
fn assert_sound_killer(puzzle: &Puzzle, solution: &Grid, options: &CageOptions) {
    assert!(puzzle.is_solution(solution), "the solution breaks a rule");
    let geometry = puzzle.geometry();
    let mut covered = vec![0; geometry.cell_count()];
    for cage in puzzle.cages() {
        assert!(cage.cells.len() <= options.max_size, "cage over the cap");
        for cell in &cage.cells {
            covered[cell.index()] += 1;
        }
        if let Some(sum) = cage.sum {
            assert_eq!(sum, cage_sum(solution, cage), "cage sum not from the grid");
        }
    }
    assert!(
        covered.iter().all(|&count| count == 1),
        "cages must tile the grid"
    );
    match sat::count_solutions(puzzle, 2).expect("the SAT engine runs") {
        Count::Unique(grid) => assert_eq!(&grid, solution),
        other => panic!("the SAT engine finds {other:?}"),
    }
}

#[test]
fn carved_killers_are_unique_by_both_engines() {
    let cases = [(3, 3, false, 12), (3, 3, true, 6), (2, 3, false, 12)];
    for (box_rows, box_columns, x, count) in cases {
        let rules = rules(box_rows, box_columns, x);
        for informative in [0, 100] {
            let options = CageOptions {
                informative,
                ..CageOptions::default()
            };
            for seed in 0..count {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let solution = Solver::new(&rules).solve_random(&mut rng).expect("a fill");
                let carved = carve(&rules, &solution, &options, &mut rng)
                    .unwrap_or_else(|error| panic!("seed {seed}: {error}"));
                assert_eq!(carved.puzzle.givens().filled_count(), 0);
                assert_eq!(carved.puzzle.diagonals().len(), if x { 2 } else { 0 });
                assert_sound_killer(&carved.puzzle, &solution, &options);
            }
        }
    }
}

#[test]
fn carving_is_a_function_of_the_stream() {
    let rules = rules(3, 3, false);
    let make = || {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let solution = Solver::new(&rules).solve_random(&mut rng).expect("a fill");
        carve(&rules, &solution, &CageOptions::default(), &mut rng).expect("a killer")
    };
    assert_eq!(
        format!("{:?}", make().puzzle),
        format!("{:?}", make().puzzle)
    );
}

#[test]
fn informative_growth_gives_sums_with_fewer_digit_sets() {
    let rules = rules(3, 3, false);
    let sum_sets = SumSets::new(9);
    let mean_ways = |informative: u8| {
        let options = CageOptions {
            informative,
            ..CageOptions::default()
        };
        let (mut ways, mut cages) = (0u64, 0u64);
        for seed in 0..10 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = Solver::new(&rules).solve_random(&mut rng).expect("a fill");
            let carved = carve(&rules, &solution, &options, &mut rng).expect("a killer");
            for cage in carved.puzzle.cages() {
                let sum = cage.sum.expect("every sum shown") as usize;
                ways += u64::from(sum_sets.ways(cage.cells.len(), sum));
                cages += 1;
            }
        }
        ways as f64 / cages as f64
    };
    let (plain, informative) = (mean_ways(0), mean_ways(100));
    assert!(
        informative < plain,
        "informative {informative:.2} digit sets per cage, plain {plain:.2}"
    );
}

#[test]
fn sum_sets_count_digit_sets() {
    let sum_sets = SumSets::new(9);
    assert_eq!(sum_sets.ways(2, 3), 1); // 1+2
    assert_eq!(sum_sets.ways(2, 10), 4); // 1+9 2+8 3+7 4+6
    assert_eq!(sum_sets.ways(9, 45), 1);
    assert_eq!(sum_sets.ways(3, 5), 0);
    assert_eq!(sum_sets.ways(12, 5), 0);
}

#[test]
fn greater_killers_hide_sums_and_stay_unique() {
    let rules = rules(3, 3, false);
    for seed in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let solution = Solver::new(&rules).solve_random(&mut rng).expect("a fill");
        let options = CageOptions::default();
        let carved = carve(&rules, &solution, &options, &mut rng).expect("a killer");
        let compared = hide_sums(&carved.puzzle, &solution, 6, &mut rng).expect("valid");
        let puzzle = &compared.puzzle;
        let hidden = puzzle.cages().filter(|cage| cage.sum.is_none()).count();
        assert_eq!(hidden, compared.hidden);
        assert!(hidden > 0, "seed {seed}: no sum could be hidden");
        for (index, cage) in puzzle.cages().enumerate() {
            if cage.sum.is_none() {
                let compared_here = puzzle.comparisons().any(|comparison| {
                    comparison.first.index() == index || comparison.second.index() == index
                });
                assert!(compared_here, "hidden cage {index} has no comparison");
            }
        }
        assert_sound_killer(puzzle, &solution, &options);
    }
}

/// A preset from RON text, for tests that need a variant the shipped ones make slowly.
fn preset(text: &str) -> sudokit::preset::Preset {
    sudokit::preset::Preset::from_ron("test", text).expect("a valid preset")
}

#[test]
fn generated_killers_round_trip_through_their_records() {
    use sudokit::generate::{self, Record};
    let presets = [
        sudokit::preset::Preset::builtin("killer-6").expect("shipped"),
        preset(
            "Preset(variant: GreaterKiller, size: 6, symmetry: None, \
             cages: (sizes: [(2, 5), (3, 4), (4, 1)], max_size: 4, hidden_sums: 3))",
        ),
    ];
    for preset in presets {
        for index in 0..3 {
            let generated = generate::puzzle(&preset, 5, index).expect("a killer");
            let puzzle = &generated.puzzle;
            assert!(puzzle.cage_count() > 0);
            assert_eq!(puzzle.givens().filled_count(), 0);
            let record = Record::new(&preset, &generated);
            let json = record.to_json();
            let again: Record = serde_json::from_str(&json).expect("the record reads back");
            assert_eq!(&again.to_puzzle().expect("a puzzle"), puzzle);
            assert_eq!(again.solution_grid().expect("a grid"), generated.solution);
            let text = again.to_text().expect("killer text");
            let entries = sudokit::notation::parse(&text, None).expect("killer text reads");
            assert_eq!(entries.len(), 1);
            assert_eq!(entries[0].solution.as_ref(), Some(&generated.solution));
            assert!(entries[0].puzzle.is_solution(&generated.solution));
            assert_eq!(entries[0].puzzle.cage_count(), puzzle.cage_count());
            assert_eq!(
                entries[0].puzzle.comparisons().count(),
                puzzle.comparisons().count()
            );
            let hidden = puzzle.cages().filter(|cage| cage.sum.is_none()).count();
            if preset.variant == sudokit::preset::Variant::GreaterKiller {
                assert!(hidden > 0 && puzzle.comparisons().count() > 0);
            } else {
                assert_eq!(hidden, 0);
            }
            assert_sound_killer(puzzle, &generated.solution, &preset.cages);
        }
    }
}

#[test]
fn killer_presets_check_their_cages() {
    let bad = [
        (
            "Preset(variant: Killer, size: 9, cages: (sizes: [(12, 1)], max_size: 12))",
            "max_size",
        ),
        (
            "Preset(variant: Killer, size: 9, cages: (sizes: [(7, 1)], max_size: 5))",
            "no size",
        ),
        (
            "Preset(variant: Killer, size: 9, cages: (informative: 150))",
            "percentage",
        ),
        (
            "Preset(variant: Killer, size: 9, cages: (hidden_sums: 3))",
            "GreaterKiller",
        ),
    ];
    for (text, expected) in bad {
        let error = sudokit::preset::Preset::from_ron("bad", text).expect_err(text);
        assert!(error.to_string().contains(expected), "{text}: {error}");
    }
}

/// Issue 40: joining two neighbouring cages keeps a sound killer (sums from the grid, cages
/// tiling it, one solution by the SAT engine), one cage fewer, every cage within the cap, on
/// 9×9 and X grids.
#[test]
fn joined_neighbouring_cages_keep_a_sound_unique_killer() {
    use sudokit::generate::cages::join_neighbours;
    for x in [false, true] {
        let rules = rules(3, 3, x);
        let options = CageOptions {
            informative: 100,
            max_size: 6,
            ..CageOptions::default()
        };
        let mut joined_any = 0;
        for seed in 0..6 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = Solver::new(&rules).solve_random(&mut rng).expect("a fill");
            let carved = carve(&rules, &solution, &options, &mut rng).expect("a killer");
            let Some(joined) = join_neighbours(&carved.puzzle, &solution, &options, &mut rng)
            else {
                continue;
            };
            joined_any += 1;
            assert_eq!(joined.cage_count() + 1, carved.puzzle.cage_count());
            assert_eq!(joined.diagonals().len(), if x { 2 } else { 0 });
            assert_sound_killer(&joined, &solution, &options);
        }
        assert!(joined_any >= 3, "only {joined_any} of 6 killers joined");
    }
}
