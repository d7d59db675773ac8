//! Rule clues read off a solution grid: thermometers, arrows, even/odd cells, Kropki dots,
//! XV and consecutive bars, each true of the grid they were read from, so the grid solves
//! the rules they make (the digger then removes givens while the solution stays unique).

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use crate::model::variant::{Arrow, Dot, DotFamily, DotKind, Line, LineKind, Negative, Parity};
use crate::model::{Cell, Constraint, Geometry, Grid};
use crate::preset::{MarkOptions, Variant};

/// Tries per mark before the grid is left with fewer marks than asked (a walk can end
/// early: no neighbour with a larger digit, or a shaft that overshoots its circle).
const TRIES_PER_MARK: usize = 60;

/// How many marks a variant draws when the preset's `marks.count` is 0.
fn default_count(variant: &Variant, geometry: Geometry) -> usize {
    let size = usize::from(geometry.size());
    match variant {
        Variant::Thermo => size - 1,
        Variant::Arrow => size - 1,
        Variant::EvenOdd => geometry.cell_count() / 4,
        _ => 0,
    }
}

/// The rule clues of `variant` read off `solution`: true of it by construction. Empty for
/// variants without clue rules.
pub fn read_off(
    variant: &Variant,
    options: &MarkOptions,
    solution: &Grid,
    rng: &mut impl Rng,
) -> Vec<Constraint> {
    let geometry = solution.geometry();
    let count = match options.count {
        0 => default_count(variant, geometry),
        count => count,
    };
    match variant {
        Variant::Thermo => thermometers(solution, count, options, rng),
        Variant::Arrow => arrows(solution, count, options, rng),
        Variant::EvenOdd => parities(solution, count, rng),
        Variant::Kropki => {
            let mut rules = dots(solution, &|first, second| {
                if first.abs_diff(second) == 1 {
                    Some(DotKind::Difference(1))
                } else if first == 2 * second || second == 2 * first {
                    Some(DotKind::Ratio(2))
                } else {
                    None
                }
            });
            rules.push(Constraint::Negative(Negative {
                family: DotFamily::Difference,
                values: vec![1],
            }));
            rules
        }
        Variant::Consecutive => {
            let mut rules = dots(solution, &|first, second| {
                (first.abs_diff(second) == 1).then_some(DotKind::Difference(1))
            });
            rules.push(Constraint::Negative(Negative {
                family: DotFamily::Difference,
                values: vec![1],
            }));
            rules
        }
        Variant::Xv => {
            let mut rules = dots(solution, &|first, second| match first + second {
                5 => Some(DotKind::Sum(5)),
                10 => Some(DotKind::Sum(10)),
                _ => None,
            });
            rules.push(Constraint::Negative(Negative {
                family: DotFamily::Sum,
                values: vec![5, 10],
            }));
            rules
        }
        _ => Vec::new(),
    }
}

/// The cells of `puzzle` no given may sit on, in reading order: every cell a line or an
/// arrow's shaft is drawn through. A thermometer's bulb, a between line's end circles and an
/// arrow's circle may hold a given (the line stops at them); a digit on any other line cell
/// would hide the line under it.
pub fn line_cells(puzzle: &crate::model::Puzzle) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::new();
    for constraint in puzzle.constraints() {
        match constraint {
            Constraint::Line(line) => {
                let ends = match line.kind {
                    LineKind::Thermometer | LineKind::SlowThermometer => 1..line.cells.len(),
                    LineKind::Between => 1..line.cells.len().saturating_sub(1),
                    _ => 0..line.cells.len(),
                };
                cells.extend(line.cells.get(ends).unwrap_or_default());
            }
            Constraint::Arrow(arrow) => cells.extend(&arrow.shaft),
            _ => {}
        }
    }
    cells.sort();
    cells.dedup();
    cells
}

/// The digit of a filled cell as a number (0 for an empty one, which a solution has none of).
fn value(grid: &Grid, cell: Cell) -> u32 {
    grid.get(cell).map_or(0, |digit| u32::from(digit.get()))
}

/// The cells around `cell` by side or corner, in a fixed order.
fn around(geometry: Geometry, cell: Cell) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(8);
    for down in -1isize..=1 {
        for across in -1isize..=1 {
            if (down, across) == (0, 0) {
                continue;
            }
            let row = cell.row().checked_add_signed(down);
            let column = cell.column().checked_add_signed(across);
            if let Some(next) = row
                .zip(column)
                .and_then(|(row, column)| geometry.cell(row, column))
            {
                cells.push(next);
            }
        }
    }
    cells
}

/// A mark on every pair of side neighbours whose digits `mark` names one for, in reading
/// order (the upper or left cell first).
fn dots(solution: &Grid, mark: &dyn Fn(u32, u32) -> Option<DotKind>) -> Vec<Constraint> {
    let geometry = solution.geometry();
    let mut rules = Vec::new();
    for cell in geometry.cells() {
        let right = geometry.cell(cell.row(), cell.column() + 1);
        let below = geometry.cell(cell.row() + 1, cell.column());
        for next in [right, below].into_iter().flatten() {
            if let Some(kind) = mark(value(solution, cell), value(solution, next)) {
                rules.push(Constraint::Dot(Dot {
                    first: cell,
                    second: next,
                    kind,
                }));
            }
        }
    }
    rules
}

/// `count` thermometers on cells no other mark uses: random walks through neighbours (by
/// side or corner) with ever larger digits, between the options' lengths.
fn thermometers<R: Rng>(
    solution: &Grid,
    count: usize,
    options: &MarkOptions,
    rng: &mut R,
) -> Vec<Constraint> {
    let shortest = options.min_length.max(2);
    let walk = |walker: &Walker, rng: &mut R| {
        let length = rng.random_range(shortest..=options.max_length);
        let mut cells = vec![walker.free_cell(rng)];
        while cells.len() < length {
            let last = *cells.last().expect("a bulb");
            let rises = |next: Cell| value(solution, next) > value(solution, last);
            let Some(next) = walker.step(last, &cells, rises, rng) else {
                break;
            };
            cells.push(next);
        }
        (cells.len() >= shortest).then_some(cells)
    };
    let mark = |cells| {
        Constraint::Line(Line {
            kind: LineKind::Thermometer,
            cells,
        })
    };
    place(solution.geometry(), count, rng, walk, mark)
}

/// `count` arrows on cells no other mark uses: a one-cell circle and a shaft walking away from
/// it (by side or corner) whose digits add up to the circle's, between the options'
/// lengths.
fn arrows<R: Rng>(
    solution: &Grid,
    count: usize,
    options: &MarkOptions,
    rng: &mut R,
) -> Vec<Constraint> {
    // the walk's cells: the circle, then the shaft
    let walk = |walker: &Walker, rng: &mut R| {
        let circle = walker.free_cell(rng);
        let total = value(solution, circle);
        let length = rng.random_range(options.min_length..=options.max_length);
        let mut cells = vec![circle];
        let mut sum = 0;
        while cells.len() <= length && sum < total {
            let last = *cells.last().expect("a circle");
            let cells_left = length + 1 - cells.len();
            let fits = |next: Cell| {
                let digit = value(solution, next);
                // the last cell must land on the total; earlier ones leave room for 1s
                if cells_left == 1 {
                    sum + digit == total
                } else {
                    sum + digit < total
                }
            };
            let Some(next) = walker.step(last, &cells, fits, rng) else {
                break;
            };
            sum += value(solution, next);
            cells.push(next);
        }
        (sum == total && cells.len() > options.min_length).then_some(cells)
    };
    let mark = |cells: Vec<Cell>| {
        Constraint::Arrow(Arrow {
            circle: vec![cells[0]],
            shaft: cells[1..].to_vec(),
        })
    };
    place(solution.geometry(), count, rng, walk, mark)
}

/// What a walk may read: the grid's geometry and the cells earlier marks use.
struct Walker<'a> {
    geometry: Geometry,
    used: &'a [bool],
    /// The steps of the marks placed so far, each from one cell to the next.
    steps: &'a [(Cell, Cell)],
}

impl Walker<'_> {
    /// A random cell no mark uses yet (any cell once most are used: the walk from it then
    /// fails and the try is spent).
    fn free_cell(&self, rng: &mut impl Rng) -> Cell {
        let free: Vec<Cell> = self
            .geometry
            .cells()
            .filter(|cell| !self.used[cell.index()])
            .collect();
        match free.choose(rng) {
            Some(&cell) => cell,
            None => self
                .geometry
                .cells()
                .nth(rng.random_range(0..self.geometry.cell_count()))
                .expect("a cell"),
        }
    }

    /// A random cell next to `last` (by side or corner) that no mark uses, off the walk's
    /// `cells` so far, and that `fits`; `None` when there is none.
    fn step(
        &self,
        last: Cell,
        cells: &[Cell],
        fits: impl Fn(Cell) -> bool,
        rng: &mut impl Rng,
    ) -> Option<Cell> {
        let taken = cells.windows(2).map(|pair| (pair[0], pair[1]));
        let next: Vec<Cell> = around(self.geometry, last)
            .into_iter()
            .filter(|&next| !self.used[next.index()] && !cells.contains(&next) && fits(next))
            .filter(|&next| {
                !crosses(
                    (last, next),
                    self.steps.iter().copied().chain(taken.clone()),
                )
            })
            .collect();
        next.choose(rng).copied()
    }
}

/// Whether the step crosses one of `steps`: two corner steps across the same square of four
/// cells, one each way (a line drawn over itself or over another line).
fn crosses(step: (Cell, Cell), mut steps: impl Iterator<Item = (Cell, Cell)>) -> bool {
    let (from, to) = step;
    if from.row() == to.row() || from.column() == to.column() {
        return false;
    }
    let corners = [(from.row(), to.column()), (to.row(), from.column())];
    steps.any(|(first, second)| {
        let ends = [
            (first.row(), first.column()),
            (second.row(), second.column()),
        ];
        ends == corners || ends == [corners[1], corners[0]]
    })
}

/// Up to `count` marks on cells no other mark uses, in at most `count` × [`TRIES_PER_MARK`]
/// tries: each try `walk`s, knowing the cells used so far, to the cells of a mark (`None`
/// spends the try), which `mark` turns into the rule.
fn place<R: Rng>(
    geometry: Geometry,
    count: usize,
    rng: &mut R,
    mut walk: impl FnMut(&Walker, &mut R) -> Option<Vec<Cell>>,
    mark: impl Fn(Vec<Cell>) -> Constraint,
) -> Vec<Constraint> {
    let mut used = vec![false; geometry.cell_count()];
    let mut steps: Vec<(Cell, Cell)> = Vec::new();
    let mut rules = Vec::new();
    for _ in 0..count * TRIES_PER_MARK {
        if rules.len() == count {
            break;
        }
        let walker = Walker {
            geometry,
            used: &used,
            steps: &steps,
        };
        let Some(cells) = walk(&walker, rng) else {
            continue;
        };
        for cell in &cells {
            used[cell.index()] = true;
        }
        steps.extend(cells.windows(2).map(|pair| (pair[0], pair[1])));
        rules.push(mark(cells));
    }
    rules
}

/// `count` even or odd cells, chosen at random, in reading order.
fn parities(solution: &Grid, count: usize, rng: &mut impl Rng) -> Vec<Constraint> {
    let geometry = solution.geometry();
    let mut cells: Vec<Cell> = geometry.cells().collect();
    cells.shuffle(rng);
    cells.truncate(count.min(cells.len()));
    cells.sort();
    cells
        .into_iter()
        .map(|cell| {
            Constraint::Parity(Parity {
                cell,
                even: value(solution, cell).is_multiple_of(2),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backtrack::Solver;
    use crate::generate::stream;
    use crate::model::Puzzle;

    fn solution(index: u64) -> Grid {
        let geometry = Geometry::for_size(9).unwrap();
        let rules = Puzzle::new(geometry, Grid::empty(geometry), Vec::new()).unwrap();
        Solver::new(&rules)
            .solve_random(&mut stream(7, index))
            .unwrap()
    }

    #[test]
    fn marks_read_off_a_grid_hold_on_it() {
        for variant in [
            Variant::Thermo,
            Variant::Arrow,
            Variant::EvenOdd,
            Variant::Kropki,
            Variant::Xv,
            Variant::Consecutive,
        ] {
            for index in 0..5 {
                let grid = solution(index);
                let options = MarkOptions::default();
                let marks = read_off(&variant, &options, &grid, &mut stream(3, index));
                assert!(!marks.is_empty(), "{variant:?}");
                let puzzle = Puzzle::new(grid.geometry(), Grid::empty(grid.geometry()), marks)
                    .unwrap_or_else(|error| panic!("{variant:?}: {error}"));
                assert!(puzzle.is_solution(&grid), "{variant:?} {index}");
            }
        }
    }

    #[test]
    fn counts_and_lengths_follow_the_options() {
        let grid = solution(1);
        let options = MarkOptions {
            count: 6,
            min_length: 3,
            max_length: 4,
        };
        let thermometers = read_off(&Variant::Thermo, &options, &grid, &mut stream(1, 1));
        assert_eq!(thermometers.len(), 6);
        for rule in &thermometers {
            let Constraint::Line(line) = rule else {
                panic!("{rule}")
            };
            assert!((3..=4).contains(&line.cells.len()), "{rule}");
        }
        let arrows = read_off(&Variant::Arrow, &options, &grid, &mut stream(1, 2));
        assert_eq!(arrows.len(), 6);
        let cells: Vec<Cell> = arrows
            .iter()
            .flat_map(|rule| match rule {
                Constraint::Arrow(arrow) => arrow.circle.iter().chain(&arrow.shaft).copied(),
                _ => panic!("{rule}"),
            })
            .collect();
        let distinct: std::collections::HashSet<&Cell> = cells.iter().collect();
        assert_eq!(distinct.len(), cells.len(), "arrows share no cell");
    }

    #[test]
    fn every_dot_the_grid_shows_is_given() {
        let grid = solution(2);
        let marks = read_off(
            &Variant::Xv,
            &MarkOptions::default(),
            &grid,
            &mut stream(1, 1),
        );
        let geometry = grid.geometry();
        let sums = geometry
            .cells()
            .flat_map(|cell| {
                [
                    geometry.cell(cell.row(), cell.column() + 1),
                    geometry.cell(cell.row() + 1, cell.column()),
                ]
                .into_iter()
                .flatten()
                .map(move |next| (cell, next))
            })
            .filter(|&(cell, next)| matches!(value(&grid, cell) + value(&grid, next), 5 | 10))
            .count();
        // one mark per such pair, and the negative constraint
        assert_eq!(marks.len(), sums + 1);
    }

    #[test]
    fn the_same_stream_reads_the_same_marks() {
        let grid = solution(3);
        let options = MarkOptions::default();
        let first = read_off(&Variant::Thermo, &options, &grid, &mut stream(5, 5));
        let again = read_off(&Variant::Thermo, &options, &grid, &mut stream(5, 5));
        assert_eq!(first, again);
    }

    /// Every step of every line and arrow of `puzzle`, from one cell to the next.
    fn steps_of(puzzle: &Puzzle) -> Vec<(Cell, Cell)> {
        let mut steps = Vec::new();
        for constraint in puzzle.constraints() {
            let cells: Vec<Cell> = match constraint {
                Constraint::Line(line) => line.cells.clone(),
                Constraint::Arrow(arrow) => {
                    arrow.circle.iter().chain(&arrow.shaft).copied().collect()
                }
                _ => continue,
            };
            steps.extend(cells.windows(2).map(|pair| (pair[0], pair[1])));
        }
        steps
    }

    #[test]
    fn lines_cross_no_line_and_no_given_sits_on_one() {
        // read off many grids: no step crosses another, of its own line or another
        let options = MarkOptions {
            count: 12,
            min_length: 3,
            max_length: 8,
        };
        for index in 0..40 {
            let grid = solution(index);
            for variant in [Variant::Thermo, Variant::Arrow] {
                let marks = read_off(&variant, &options, &grid, &mut stream(3, index));
                let puzzle =
                    Puzzle::new(grid.geometry(), Grid::empty(grid.geometry()), marks).unwrap();
                let steps = steps_of(&puzzle);
                for (position, &step) in steps.iter().enumerate() {
                    assert!(
                        !crosses(step, steps[position + 1..].iter().copied()),
                        "{variant:?} {index}: {step:?} crossed"
                    );
                }
            }
        }
        // the book's thermometers and arrows (as book-variety makes them): no given on a
        // line's cells but a bulb or circle, and no crossing
        for name in ["thermo", "arrow"] {
            let preset = crate::preset::Preset::builtin(name).unwrap();
            let generator = crate::generate::Generator::new(&preset).unwrap();
            for index in 0..3 {
                let made = generator.puzzle(1, index).unwrap();
                let puzzle = &made.puzzle;
                for cell in line_cells(puzzle) {
                    assert!(
                        puzzle.givens().get(cell).is_none(),
                        "{name} {index}: a given on the line at {cell}"
                    );
                }
                let steps = steps_of(puzzle);
                for (position, &step) in steps.iter().enumerate() {
                    assert!(!crosses(step, steps[position + 1..].iter().copied()));
                }
            }
        }
    }
}
