//! The variant encodings against brute force: random rules drawn from random solution grids
//! (4×4, 6×6 and irregular 5×5), every solution the SAT engine lists compared with every
//! grid that [`Puzzle::is_solution`] accepts.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::count::Count;
use crate::model::variant::{
    Arrow, ChessMove, CloneRule, Direction, Dot, DotFamily, DotKind, Extremum, ExtremumKind,
    Indexer, IndexerKind, Line, LineKind, LittleKiller, Negative, OutsideClue, OutsideKind, Parity,
    Quadruple, Regions, Side,
};
use crate::model::{Cell, Constraint, Digit, Geometry, Grid, Puzzle};
use crate::sat;

/// Every completion of `puzzle`'s givens that keeps rows, columns and houses distinct, by
/// plain backtracking, kept when the puzzle accepts it.
fn brute_force(puzzle: &Puzzle) -> Vec<Grid> {
    fn fill(puzzle: &Puzzle, grid: &mut Grid, index: usize, found: &mut Vec<Grid>) {
        let geometry = grid.geometry();
        let Some(cell) = geometry.cell_at(index) else {
            if puzzle.is_solution(grid) {
                found.push(grid.clone());
            }
            return;
        };
        if grid.get(cell).is_some() {
            fill(puzzle, grid, index + 1, found);
            return;
        }
        for digit in Digit::all(geometry.size()) {
            let clash = puzzle
                .houses()
                .iter()
                .filter(|house| house.cells().contains(&cell))
                .any(|house| {
                    house
                        .cells()
                        .iter()
                        .any(|&other| grid.get(other) == Some(digit))
                });
            if !clash {
                grid.set(cell, Some(digit));
                fill(puzzle, grid, index + 1, found);
                grid.set(cell, None);
            }
        }
    }
    let mut found = Vec::new();
    fill(puzzle, &mut puzzle.givens().clone(), 0, &mut found);
    found
}

/// A random solution grid of `puzzle` (its houses only), by randomised backtracking.
fn random_grid(rng: &mut ChaCha8Rng, puzzle: &Puzzle) -> Grid {
    fn fill(rng: &mut ChaCha8Rng, puzzle: &Puzzle, grid: &mut Grid, index: usize) -> bool {
        let geometry = grid.geometry();
        let Some(cell) = geometry.cell_at(index) else {
            return true;
        };
        let mut digits: Vec<Digit> = Digit::all(geometry.size()).collect();
        for position in (1..digits.len()).rev() {
            digits.swap(position, rng.random_range(0..=position));
        }
        for digit in digits {
            let clash = puzzle
                .houses()
                .iter()
                .filter(|house| house.cells().contains(&cell))
                .any(|house| {
                    house
                        .cells()
                        .iter()
                        .any(|&other| grid.get(other) == Some(digit))
                });
            if !clash {
                grid.set(cell, Some(digit));
                if fill(rng, puzzle, grid, index + 1) {
                    return true;
                }
                grid.set(cell, None);
            }
        }
        false
    }
    let mut grid = Grid::empty(puzzle.geometry());
    assert!(fill(rng, puzzle, &mut grid, 0));
    grid
}

/// A random walk of distinct cells, each touching the last (by side, or by corner too).
fn random_path(
    rng: &mut ChaCha8Rng,
    geometry: Geometry,
    length: usize,
    corners: bool,
) -> Vec<Cell> {
    let size = geometry.size() as isize;
    let start = geometry
        .cell_at(rng.random_range(0..geometry.cell_count()))
        .unwrap();
    let mut path = vec![start];
    while path.len() < length {
        let last = *path.last().unwrap();
        let steps: &[(isize, isize)] = if corners {
            &[
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ]
        } else {
            &[(-1, 0), (0, -1), (0, 1), (1, 0)]
        };
        let next: Vec<Cell> = steps
            .iter()
            .filter_map(|&(down, across)| {
                let (row, column) = (last.row() as isize + down, last.column() as isize + across);
                ((0..size).contains(&row) && (0..size).contains(&column))
                    .then(|| geometry.cell(row as usize, column as usize))
                    .flatten()
            })
            .filter(|cell| !path.contains(cell))
            .collect();
        match next.choose(rng) {
            Some(&cell) => path.push(cell),
            None => break,
        }
    }
    path
}

fn value(solution: &Grid, cell: Cell) -> u32 {
    u32::from(solution.get(cell).unwrap().get())
}

/// One random rule, its values read from `solution` (so the solution mostly keeps it).
fn random_rule(rng: &mut ChaCha8Rng, solution: &Grid) -> Constraint {
    let geometry = solution.geometry();
    let size = u32::from(geometry.size());
    let any_cell = |rng: &mut ChaCha8Rng| {
        geometry
            .cell_at(rng.random_range(0..geometry.cell_count()))
            .unwrap()
    };
    match rng.random_range(0..17) {
        0 => Constraint::Chess(if rng.random_bool(0.5) {
            ChessMove::Knight
        } else {
            ChessMove::King
        }),
        1 | 2 => {
            let pair = random_path(rng, geometry, 2, false);
            let (first, second) = (value(solution, pair[0]), value(solution, pair[1]));
            let kind = match rng.random_range(0..3) {
                0 => DotKind::Difference(first.abs_diff(second).max(1)),
                1 if first.max(second) % first.min(second) == 0 && first != second => {
                    DotKind::Ratio(first.max(second) / first.min(second))
                }
                _ => DotKind::Sum(first + second),
            };
            Constraint::Dot(Dot {
                first: pair[0],
                second: pair[1],
                kind,
            })
        }
        3 => {
            let (family, values) = match rng.random_range(0..3) {
                0 => (DotFamily::Difference, vec![1]),
                1 => (DotFamily::Ratio, vec![2]),
                _ => (DotFamily::Sum, vec![5]),
            };
            Constraint::Negative(Negative { family, values })
        }
        4 => {
            let cell = any_cell(rng);
            Constraint::Parity(Parity {
                cell,
                even: value(solution, cell).is_multiple_of(2),
            })
        }
        5 => {
            let cell = any_cell(rng);
            let kind = if rng.random_bool(0.5) {
                ExtremumKind::Minimum
            } else {
                ExtremumKind::Maximum
            };
            Constraint::Extremum(Extremum { cell, kind })
        }
        6 => {
            let (row, column) = (
                rng.random_range(0..size as usize - 1),
                rng.random_range(0..size as usize - 1),
            );
            let cells: Vec<Cell> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                .iter()
                .filter_map(|&(down, across)| geometry.cell(row + down, column + across))
                .collect();
            let count = rng.random_range(1..=3);
            let digits = cells[..count]
                .iter()
                .map(|&cell| solution.get(cell).unwrap())
                .collect();
            Constraint::Quadruple(Quadruple { cells, digits })
        }
        7..=10 => {
            let kinds = [
                LineKind::Thermometer,
                LineKind::SlowThermometer,
                LineKind::Palindrome,
                LineKind::Between,
                LineKind::Renban,
                LineKind::Whispers(2),
                LineKind::Entropic,
                LineKind::Modular,
                LineKind::Zipper,
                LineKind::RegionSum,
                LineKind::DoubleArrow,
                LineKind::Lockout,
            ];
            let kind = *kinds.choose(rng).unwrap();
            let length = rng.random_range(2..=5);
            let mut cells = random_path(rng, geometry, length, true);
            if kind == LineKind::Thermometer || kind == LineKind::SlowThermometer {
                // start from the smaller end, so the solution often keeps it
                if value(solution, cells[0]) > value(solution, *cells.last().unwrap()) {
                    cells.reverse();
                }
            }
            Constraint::Line(Line { kind, cells })
        }
        11 => {
            let length = rng.random_range(2..=4);
            let first: Vec<Cell> = random_path(rng, geometry, length, false);
            let second: Vec<Cell> = random_path(rng, geometry, first.len(), false);
            Constraint::Clone(CloneRule { first, second })
        }
        12 | 13 => {
            let length = rng.random_range(2..=4);
            let path = random_path(rng, geometry, length, true);
            let pill = if path.len() > 2 && rng.random_bool(0.3) {
                2
            } else {
                1
            };
            Constraint::Arrow(Arrow {
                circle: path[..pill].to_vec(),
                shaft: path[pill..].to_vec(),
            })
        }
        14 => {
            let direction = *[
                Direction::UpLeft,
                Direction::UpRight,
                Direction::DownLeft,
                Direction::DownRight,
            ]
            .choose(rng)
            .unwrap();
            let along = rng.random_range(1..=size as u8);
            let clue = match direction {
                Direction::DownRight => (0, along),
                Direction::DownLeft => (along, size as u8 + 1),
                Direction::UpLeft => (size as u8 + 1, along),
                Direction::UpRight => (along, 0),
            };
            let mut rule = LittleKiller {
                clue,
                direction,
                sum: 0,
            };
            rule.sum = rule
                .cells(geometry)
                .iter()
                .map(|&cell| value(solution, cell))
                .sum();
            Constraint::LittleKiller(rule)
        }
        15 => {
            let kind = *[
                OutsideKind::Sandwich,
                OutsideKind::XSum,
                OutsideKind::Skyscraper,
            ]
            .choose(rng)
            .unwrap();
            let side = *[Side::Top, Side::Bottom, Side::Left, Side::Right]
                .choose(rng)
                .unwrap();
            let mut rule = OutsideClue {
                kind,
                side,
                index: rng.random_range(0..size as u8),
                value: 0,
            };
            let digits: Vec<u32> = rule
                .cells(geometry)
                .iter()
                .map(|&cell| value(solution, cell))
                .collect();
            rule.value = (0..=size * size)
                .find(|&clue| OutsideClue::meets(kind, &digits, size, clue))
                .unwrap_or(0);
            Constraint::Outside(rule)
        }
        _ => {
            let kind = *[IndexerKind::Column, IndexerKind::Row, IndexerKind::Box]
                .choose(rng)
                .unwrap();
            let cells: Vec<Cell> = (0..rng.random_range(1..=size))
                .map(|_| any_cell(rng))
                .collect::<std::collections::BTreeSet<Cell>>()
                .into_iter()
                .collect();
            Constraint::Indexer(Indexer { kind, cells })
        }
    }
}

/// Random puzzles of `geometry` (with `regions` if irregular): a random solution, one to
/// three random rules that build, `given_share` of its cells given; SAT and brute force
/// agree on every one. Returns how many had a unique solution and how many none.
fn agree_with_brute_force(
    seed: u64,
    geometry: Geometry,
    regions: Option<Vec<u8>>,
    given_share: f64,
    trials: usize,
) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let base: Vec<Constraint> = regions
        .map(|map| vec![Constraint::Regions(Regions::new(geometry, map).unwrap())])
        .unwrap_or_default();
    let empty = Puzzle::new(geometry, Grid::empty(geometry), base.clone()).unwrap();
    let (mut unique, mut none) = (0, 0);
    let mut done = 0;
    while done < trials {
        let solution = random_grid(&mut rng, &empty);
        let mut constraints = base.clone();
        for _ in 0..rng.random_range(1..=3) {
            let rule = random_rule(&mut rng, &solution);
            constraints.push(rule);
        }
        let mut givens = Grid::empty(geometry);
        for cell in geometry.cells() {
            if rng.random_bool(given_share) {
                givens.set(cell, solution.get(cell));
            }
        }
        let Ok(puzzle) = Puzzle::new(geometry, givens, constraints) else {
            continue;
        };
        done += 1;
        let expected = brute_force(&puzzle);
        let found = sat::solutions(&puzzle, expected.len() + 1).unwrap();
        assert_eq!(found.len(), expected.len(), "{:?}", puzzle.constraints());
        assert!(expected.iter().all(|grid| found.contains(grid)));
        let count = sat::count_solutions(&puzzle, 2).unwrap();
        assert_eq!(count.found(), expected.len().min(2));
        // the true candidates are the digits of the solutions, cell by cell
        let candidates = sat::true_candidates(&puzzle, 1000).unwrap();
        assert!(candidates.complete);
        for cell in geometry.cells() {
            let mut union = crate::model::DigitSet::default();
            for grid in &expected {
                union.insert(grid.get(cell).unwrap());
            }
            assert_eq!(candidates.of(cell), union, "{cell}");
        }
        let status = ["none", "unique", "multiple"][expected.len().min(2)];
        assert_eq!(candidates.status(), status);
        match count {
            Count::Unique(_) => unique += 1,
            Count::None { .. } => none += 1,
            Count::Multiple { .. } => {}
        }
    }
    (unique, none)
}

#[test]
fn four_by_four_rules_match_brute_force() {
    let (unique, none) = agree_with_brute_force(27, Geometry::for_size(4).unwrap(), None, 0.1, 600);
    // the random rules are varied enough to give every kind of answer
    assert!(unique > 10 && none > 10, "{unique} unique, {none} none");
}

#[test]
fn six_by_six_rules_match_brute_force() {
    let (unique, none) = agree_with_brute_force(6, Geometry::for_size(6).unwrap(), None, 0.45, 300);
    assert!(unique > 10 && none > 10, "{unique} unique, {none} none");
}

#[test]
fn irregular_five_by_five_rules_match_brute_force() {
    // five irregular regions of five cells
    let map = vec![
        0, 0, 0, 1, 1, //
        0, 0, 1, 1, 2, //
        3, 3, 1, 2, 2, //
        3, 4, 4, 4, 2, //
        3, 3, 4, 4, 2, //
    ];
    let geometry = Geometry::irregular(5).unwrap();
    let (unique, none) = agree_with_brute_force(5, geometry, Some(map), 0.15, 300);
    assert!(unique > 10 && none > 10, "{unique} unique, {none} none");
}

/// A 16×16 solution from `tests/data/sizes` (cells `1-9`, then `A` = 10 … `G` = 16).
fn sixteen_solution() -> Grid {
    let path = format!(
        "{}/tests/data/sizes/vu_kr_16x16_100_solutions.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let line = text
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap();
    let values: Vec<u8> = line
        .chars()
        .map(|symbol| match symbol {
            '1'..='9' => symbol as u8 - b'0',
            _ => symbol as u8 - b'A' + 10,
        })
        .collect();
    Grid::from_values(Geometry::for_size(16).unwrap(), &values).unwrap()
}

/// A king path of `length` distinct cells from a neighbour of `after`, avoiding `used`,
/// whose digits in `solution` add up to `target`.
fn shaft_with_sum(
    solution: &Grid,
    after: Cell,
    used: &[Cell],
    target: u32,
    length: usize,
) -> Option<Vec<Cell>> {
    fn extend(
        solution: &Grid,
        path: &mut Vec<Cell>,
        used: &[Cell],
        left: u32,
        length: usize,
    ) -> bool {
        if path.len() == length {
            return left == 0;
        }
        let last = *path.last().unwrap();
        let geometry = solution.geometry();
        for down in -1isize..=1 {
            for across in -1isize..=1 {
                let (row, column) = (last.row() as isize + down, last.column() as isize + across);
                if row < 0 || column < 0 {
                    continue;
                }
                let Some(next) = geometry.cell(row as usize, column as usize) else {
                    continue;
                };
                let digit = value(solution, next);
                if path.contains(&next) || used.contains(&next) || digit > left {
                    continue;
                }
                path.push(next);
                if extend(solution, path, used, left - digit, length) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = vec![after];
    extend(solution, &mut path, used, target, length + 1).then(|| path[1..].to_vec())
}

#[test]
fn sixteen_by_sixteen_pills_read_two_digit_digits() {
    // A pill reading 1 then d is 10 + d for d < 10, but 100 + d for d ≥ 10: shafts adding
    // up to 10 + d keep the solution only in the first case.
    let solution = sixteen_solution();
    let geometry = solution.geometry();
    let (mut kept, mut broken) = (0, 0);
    for first in geometry.cells() {
        let Some(second) = geometry.cell(first.row(), first.column() + 1) else {
            continue;
        };
        if value(&solution, first) != 1 {
            continue;
        }
        let target = 10 + value(&solution, second);
        let pill = vec![first, second];
        let Some(shaft) = shaft_with_sum(&solution, second, &pill, target, 3) else {
            continue;
        };
        let mut givens = solution.clone();
        for &cell in pill.iter().chain(&shaft) {
            givens.set(cell, None);
        }
        let arrow = Constraint::Arrow(Arrow {
            circle: pill.clone(),
            shaft,
        });
        let puzzle = Puzzle::new(geometry, givens, vec![arrow]).unwrap();
        let expected = brute_force(&puzzle);
        let found = sat::solutions(&puzzle, expected.len() + 1).unwrap();
        assert_eq!(found.len(), expected.len());
        assert!(expected.iter().all(|grid| found.contains(grid)));
        if value(&solution, second) < 10 {
            assert!(found.contains(&solution));
            kept += 1;
        } else {
            assert!(!found.contains(&solution));
            broken += 1;
        }
    }
    assert!(kept > 0 && broken > 0, "{kept} kept, {broken} broken");
}
