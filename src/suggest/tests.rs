//! Suggestions on real puzzles (top1465, lisudoku's killers, grilops's greater killer), each
//! checked here by the SAT engine: the change makes the puzzle unique, every given is needed,
//! every member of a conflict is needed.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::model::{Constraint, Geometry, Grid};
use crate::notation::{self, Entry};
use crate::sat;

fn entries(path: &str) -> Vec<Entry> {
    let full = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|error| panic!("{full}: {error}"));
    notation::parse(&text, None).unwrap_or_else(|error| panic!("{full}: {error}"))
}

fn sat_count(puzzle: &Puzzle, limit: usize) -> Count {
    sat::count_solutions(puzzle, limit).unwrap()
}

fn suggestion(puzzle: &Puzzle) -> (Count, Suggestion) {
    suggestion_keeping(puzzle, None)
}

/// The suggestion for `puzzle`, told (when `keep` is given) that the first solution is
/// `keep`, so the answer can be predicted.
fn suggestion_keeping(puzzle: &Puzzle, keep: Option<&Grid>) -> (Count, Suggestion) {
    let mut count = sat_count(puzzle, 2);
    if let (Some(keep), Count::Multiple { first, second, .. }) = (keep, &count) {
        let other = if first == keep { second } else { first };
        count = Count::Multiple {
            first: keep.clone(),
            second: other.clone(),
            found: 2,
        };
    }
    let suggestion = suggest(puzzle, &count, &mut ChaCha8Rng::seed_from_u64(7))
        .unwrap()
        .expect("a puzzle that is not unique gets a suggestion");
    (count, suggestion)
}

/// The `index`-th top1465 puzzle with its first `removed` givens taken away.
fn top1465_with_fewer_givens(index: usize, removed: usize) -> (Puzzle, Vec<Cell>) {
    let puzzle = entries("classic/top1465.txt").swap_remove(index).puzzle;
    let mut givens = puzzle.givens().clone();
    let taken: Vec<Cell> = givens
        .filled()
        .take(removed)
        .map(|(cell, _)| cell)
        .collect();
    for &cell in &taken {
        givens.set(cell, None);
    }
    (puzzle.with_givens(givens).unwrap(), taken)
}

fn with_givens_added(puzzle: &Puzzle, added: &[(Cell, Digit)]) -> Puzzle {
    let mut givens = puzzle.givens().clone();
    for &(cell, digit) in added {
        givens.set(cell, Some(digit));
    }
    puzzle.with_givens(givens).unwrap()
}

/// Asserts the givens keep `first`, make the puzzle unique and are each needed (SAT).
fn assert_givens_unique_and_needed(puzzle: &Puzzle, first: &Grid, givens: &[(Cell, Digit)]) {
    assert!(givens
        .iter()
        .all(|&(cell, digit)| first.get(cell) == Some(digit)));
    assert!(sat_count(&with_givens_added(puzzle, givens), 2).is_unique());
    for position in 0..givens.len() {
        let mut fewer = givens.to_vec();
        fewer.remove(position);
        let count = sat_count(&with_givens_added(puzzle, &fewer), 2);
        assert_eq!(
            count.word(),
            "multiple",
            "{:?} is not needed",
            givens[position]
        );
    }
}

#[test]
fn a_removed_given_comes_back_alone() {
    let (puzzle, taken) = top1465_with_fewer_givens(0, 1);
    let solution = entries("classic/top1465.txt").swap_remove(0).puzzle;
    let solution = sat_count(&solution, 2).solution().unwrap().clone();
    let (count, suggestion) = suggestion_keeping(&puzzle, Some(&solution));
    let Suggestion::Givens { givens, guarantee } = suggestion else {
        panic!("expected givens, got {suggestion:?}");
    };
    assert_eq!(givens, [(taken[0], solution.get(taken[0]).unwrap())]);
    assert_eq!(guarantee, Guarantee::Minimum);
    assert_givens_unique_and_needed(&puzzle, count.solution().unwrap(), &givens);
}

#[test]
fn several_removed_givens_are_replaced_by_needed_ones() {
    let mut minimum = 0;
    for (index, removed) in [(1, 3), (2, 5), (10, 4)] {
        let (puzzle, _) = top1465_with_fewer_givens(index, removed);
        let original = entries("classic/top1465.txt").swap_remove(index).puzzle;
        let solution = sat_count(&original, 2).solution().unwrap().clone();
        // Kept to the original solution, the removed givens bound the answer.
        let (_, kept) = suggestion_keeping(&puzzle, Some(&solution));
        let Suggestion::Givens { givens, guarantee } = kept else {
            panic!("expected givens, got {kept:?}");
        };
        // the removed givens make it unique, so a proven minimum is no larger; when the
        // search's budget runs out first, the answer is only said to be minimal
        assert!(!givens.is_empty(), "{givens:?}");
        if guarantee == Guarantee::Minimum {
            assert!(givens.len() <= removed, "{givens:?}");
            minimum += 1;
        }
        assert_givens_unique_and_needed(&puzzle, &solution, &givens);
        // Kept to the SAT engine's first solution, which may be another one.
        let (count, first) = suggestion(&puzzle);
        let Suggestion::Givens { givens, .. } = first else {
            panic!("expected givens, got {first:?}");
        };
        assert_givens_unique_and_needed(&puzzle, count.solution().unwrap(), &givens);
    }
    // two of the three are proven minimum within the budgets (top1465 #2 with five givens
    // removed runs out of nodes and gets seven needed givens)
    assert!(minimum >= 2, "{minimum} proven minimum");
}

#[test]
fn a_unique_puzzle_needs_nothing() {
    let puzzle = entries("classic/top1465.txt").swap_remove(0).puzzle;
    let count = sat_count(&puzzle, 2);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    assert_eq!(suggest(&puzzle, &count, &mut rng).unwrap(), None);
}

/// The puzzle with the cage `label`'s sum hidden.
fn hide_sum(puzzle: &Puzzle, label: &str) -> Puzzle {
    let constraints = puzzle
        .constraints()
        .iter()
        .map(|constraint| match constraint {
            Constraint::Cage(cage) if cage.label == label => Constraint::Cage(Cage {
                sum: None,
                ..cage.clone()
            }),
            other => other.clone(),
        })
        .collect();
    Puzzle::new(puzzle.geometry(), puzzle.givens().clone(), constraints).unwrap()
}

/// The puzzle with `change` applied to it as a suggestion says.
fn applied(puzzle: &Puzzle, suggestion: &Suggestion) -> Puzzle {
    let mut constraints: Vec<Constraint> = puzzle.constraints().to_vec();
    let replace = |constraints: &mut Vec<Constraint>, old: &Cage, new: Cage| {
        for constraint in constraints.iter_mut() {
            if matches!(constraint, Constraint::Cage(cage) if cage == old) {
                *constraint = Constraint::Cage(new.clone());
            }
        }
    };
    match suggestion {
        Suggestion::RevealSum { cage, sum } => replace(
            &mut constraints,
            cage,
            Cage {
                sum: Some(*sum),
                ..cage.clone()
            },
        ),
        Suggestion::SplitCage { cage, parts } => {
            replace(&mut constraints, cage, parts[0].clone());
            constraints.push(Constraint::Cage(parts[1].clone()));
        }
        Suggestion::Givens { givens, .. } => return with_givens_added(puzzle, givens),
        Suggestion::Conflict(_) => panic!("a conflict changes nothing"),
    }
    Puzzle::new(puzzle.geometry(), puzzle.givens().clone(), constraints).unwrap()
}

#[test]
fn a_hidden_killer_sum_is_revealed() {
    let original = entries("killer/killer_lisudoku.txt").swap_remove(0).puzzle;
    let solution = sat_count(&original, 2).solution().unwrap().clone();
    // Hide sums one cage after another until the puzzle has several solutions.
    let mut puzzle = original.clone();
    for cage in original.cages() {
        puzzle = hide_sum(&puzzle, &cage.label);
        if sat_count(&puzzle, 2).word() == "multiple" {
            break;
        }
    }
    let (_, suggestion) = suggestion_keeping(&puzzle, Some(&solution));
    assert!(
        matches!(suggestion, Suggestion::RevealSum { .. }),
        "{suggestion:?}"
    );
    assert!(sat_count(&applied(&puzzle, &suggestion), 2).is_unique());
}

/// The first killer of lisudoku's whose two smallest neighbouring cages, merged, leave
/// several solutions; the merged puzzle.
fn killer_with_merged_cages() -> (Puzzle, Grid) {
    for entry in entries("killer/killer_lisudoku.txt") {
        let puzzle = entry.puzzle;
        let Count::Unique(solution) = sat_count(&puzzle, 2) else {
            continue;
        };
        let cages: Vec<Cage> = puzzle.cages().cloned().collect();
        for (one, first) in cages.iter().enumerate() {
            for second in &cages[one + 1..] {
                let touching = first.cells.iter().any(|&cell| {
                    puzzle
                        .geometry()
                        .neighbours(cell)
                        .any(|neighbour| second.cells.contains(&neighbour))
                });
                let mut cells = [first.cells.clone(), second.cells.clone()].concat();
                let mut digits: Vec<_> = cells.iter().map(|&cell| solution.get(cell)).collect();
                digits.sort();
                digits.dedup();
                if !touching || digits.len() != cells.len() || first.sum.is_none() {
                    continue;
                }
                cells.sort();
                let merged = Cage {
                    label: first.label.clone(),
                    cells,
                    sum: Some(first.sum.unwrap() + second.sum.unwrap()),
                };
                let constraints = puzzle
                    .constraints()
                    .iter()
                    .filter(|constraint| !matches!(constraint, Constraint::Cage(cage) if cage == second))
                    .map(|constraint| match constraint {
                        Constraint::Cage(cage) if cage == first => Constraint::Cage(merged.clone()),
                        other => other.clone(),
                    })
                    .collect();
                let merged_puzzle =
                    Puzzle::new(puzzle.geometry(), puzzle.givens().clone(), constraints).unwrap();
                if sat_count(&merged_puzzle, 2).word() == "multiple" {
                    return (merged_puzzle, solution);
                }
            }
        }
    }
    panic!("no killer whose merged cages leave several solutions");
}

#[test]
fn a_merged_killer_cage_is_split() {
    let (puzzle, solution) = killer_with_merged_cages();
    let (_, suggestion) = suggestion_keeping(&puzzle, Some(&solution));
    let Suggestion::SplitCage { cage, parts } = &suggestion else {
        panic!("expected a split, got {suggestion:?}");
    };
    assert_eq!(
        parts[0].cells.len() + parts[1].cells.len(),
        cage.cells.len()
    );
    assert_eq!(
        parts[0].sum.unwrap() + parts[1].sum.unwrap(),
        cage.sum.unwrap()
    );
    assert!(sat_count(&applied(&puzzle, &suggestion), 2).is_unique());
}

/// The puzzle a conflict's members make on their own.
fn conflict_puzzle(puzzle: &Puzzle, members: &[Member]) -> Puzzle {
    let mut givens = Grid::empty(puzzle.geometry());
    let mut constraints = Vec::new();
    for member in members {
        match member {
            Member::Given { cell, digit } => givens.set(*cell, Some(*digit)),
            Member::Cage(cage) => constraints.push(Constraint::Cage(cage.clone())),
            Member::House(kind) => {
                let house = puzzle.houses().iter().find(|house| house.kind() == *kind);
                constraints.push(Constraint::Distinct(house.unwrap().clone()));
            }
            Member::Comparison { .. } => panic!("no comparisons in these conflicts"),
            Member::Rule(rule) => constraints.push(rule.clone()),
        }
    }
    Puzzle::new(puzzle.geometry(), givens, constraints).unwrap()
}

/// Asserts the members have no solution and each is needed (SAT).
fn assert_minimal_conflict(puzzle: &Puzzle, members: &[Member]) {
    assert_eq!(sat_count(&conflict_puzzle(puzzle, members), 1).found(), 0);
    for position in 0..members.len() {
        let mut fewer = members.to_vec();
        fewer.remove(position);
        let count = sat_count(&conflict_puzzle(puzzle, &fewer), 1);
        assert_eq!(count.found(), 1, "{:?} is not needed", members[position]);
    }
}

/// A digit for `cell` that is wrong for `solution` but clashes with no given it sees.
fn wrong_digit(puzzle: &Puzzle, solution: &Grid, cell: Cell) -> Digit {
    Digit::all(puzzle.size())
        .find(|&digit| {
            let mut givens = puzzle.givens().clone();
            givens.set(cell, Some(digit));
            Some(digit) != solution.get(cell) && puzzle.with_givens(givens).is_ok()
        })
        .unwrap()
}

#[test]
fn a_wrong_given_is_named_with_the_givens_it_clashes_with() {
    let puzzle = entries("classic/top1465.txt").swap_remove(3).puzzle;
    let solution = sat_count(&puzzle, 2).solution().unwrap().clone();
    let cell = puzzle
        .geometry()
        .cells()
        .find(|&cell| puzzle.givens().get(cell).is_none())
        .unwrap();
    let digit = wrong_digit(&puzzle, &solution, cell);
    let broken = with_givens_added(&puzzle, &[(cell, digit)]);
    let (count, suggestion) = suggestion(&broken);
    assert_eq!(count.word(), "none");
    let Suggestion::Conflict(members) = suggestion else {
        panic!("expected a conflict, got {suggestion:?}");
    };
    assert!(members.contains(&Member::Given { cell, digit }));
    assert!(members.len() < broken.givens().filled_count());
    assert_minimal_conflict(&broken, &members);
}

#[test]
fn a_wrong_given_in_a_killer_is_named_with_cages() {
    let entry = entries("killer/killer_lisudoku.txt").swap_remove(0);
    let solution = sat_count(&entry.puzzle, 2).solution().unwrap().clone();
    let cell = entry.puzzle.geometry().cell(4, 4).unwrap();
    let digit = wrong_digit(&entry.puzzle, &solution, cell);
    let broken = with_givens_added(&entry.puzzle, &[(cell, digit)]);
    let (count, suggestion) = suggestion(&broken);
    assert_eq!(count.word(), "none");
    let Suggestion::Conflict(members) = suggestion else {
        panic!("expected a conflict, got {suggestion:?}");
    };
    assert!(members.contains(&Member::Given { cell, digit }));
    assert_minimal_conflict(&broken, &members);
}

/// top1465's first puzzle with its first four givens taken away and two variant rules read
/// from its solution (an X/V-style sum mark and an even/odd cell on open cells), with that
/// solution.
fn variant_with_fewer_givens() -> (Puzzle, Grid) {
    use crate::model::variant::{Dot, DotKind, Parity};
    let (puzzle, _) = top1465_with_fewer_givens(0, 4);
    let full = entries("classic/top1465.txt").swap_remove(0).puzzle;
    let solution = sat_count(&full, 2).solution().unwrap().clone();
    let geometry = puzzle.geometry();
    let open = |cell: Cell| puzzle.givens().get(cell).is_none();
    let (first, second) = geometry
        .cells()
        .filter_map(|cell| Some((cell, geometry.cell(cell.row(), cell.column() + 1)?)))
        .find(|&(first, second)| open(first) && open(second))
        .unwrap();
    let value = |cell: Cell| u32::from(solution.get(cell).unwrap().get());
    let parity_cell = geometry.cells().filter(|&cell| open(cell)).last().unwrap();
    let mut constraints = puzzle.constraints().to_vec();
    constraints.push(Constraint::Dot(Dot {
        first,
        second,
        kind: DotKind::Sum(value(first) + value(second)),
    }));
    constraints.push(Constraint::Parity(Parity {
        cell: parity_cell,
        even: value(parity_cell).is_multiple_of(2),
    }));
    let variant = Puzzle::new(geometry, puzzle.givens().clone(), constraints).unwrap();
    (variant, solution)
}

#[test]
fn a_variant_puzzle_missing_givens_gets_needed_givens() {
    let (puzzle, solution) = variant_with_fewer_givens();
    assert!(puzzle.has_variant_rules());
    let (count, suggestion) = suggestion_keeping(&puzzle, Some(&solution));
    assert_eq!(count.word(), "multiple");
    let Suggestion::Givens { givens, .. } = suggestion else {
        panic!("expected givens, got {suggestion:?}");
    };
    assert!(!givens.is_empty());
    assert_givens_unique_and_needed(&puzzle, &solution, &givens);
}

#[test]
fn a_given_that_breaks_a_variant_rule_is_named_with_the_rule() {
    use crate::model::variant::{Dot, DotKind, Line, LineKind};
    let geometry = Geometry::for_size(9).unwrap();
    let cell = |row, column| geometry.cell(row, column).unwrap();
    // a thermometer r1c1-r1c3 cannot hold 1 in its middle; a black dot elsewhere and a
    // palindrome are bystanders
    let thermometer = Constraint::Line(Line {
        kind: LineKind::Thermometer,
        cells: vec![cell(0, 0), cell(0, 1), cell(0, 2)],
    });
    let constraints = vec![
        Constraint::Dot(Dot {
            first: cell(5, 5),
            second: cell(5, 6),
            kind: DotKind::Ratio(2),
        }),
        thermometer.clone(),
        Constraint::Line(Line {
            kind: LineKind::Palindrome,
            cells: vec![cell(8, 0), cell(8, 1), cell(8, 2)],
        }),
    ];
    let mut givens = Grid::empty(geometry);
    givens.set(cell(0, 1), Digit::new(1));
    givens.set(cell(4, 4), Digit::new(5));
    let broken = Puzzle::new(geometry, givens, constraints).unwrap();
    let (count, suggestion) = suggestion(&broken);
    assert_eq!(count.word(), "none");
    let Suggestion::Conflict(members) = suggestion else {
        panic!("expected a conflict, got {suggestion:?}");
    };
    assert_eq!(
        members,
        vec![
            Member::Given {
                cell: cell(0, 1),
                digit: Digit::new(1).unwrap()
            },
            Member::Rule(thermometer)
        ]
    );
    assert_minimal_conflict(&broken, &members);
}
